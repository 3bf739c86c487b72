// The covering condition of paper §3.5.2 applies to each mode of a by-mode tiler: mode 1 of
// (8,16):(1,8) divided by (3,2):(1,4) would lose offsets 3, 7, 11 and 15 of that mode.
use cute_layout::layout;

fn main() {
    let _ = layout!((8,16):(1,8)).zipped_divide((layout!(4:1), layout!((3,2):(1,4))));
}
