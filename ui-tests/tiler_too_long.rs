// A by-mode tiler with more modes than the layout: <4:1, 2:1, 2:1> on the rank-2 (8,4):(1,8).
use cute_layout::layout;

fn main() {
    let _ = layout!((8,4):(1,8)).logical_divide((layout!(4:1), layout!(2:1), layout!(2:1)));
}
