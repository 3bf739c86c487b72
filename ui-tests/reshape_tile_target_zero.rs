// tile_to_shape into a target with a zero mode: a shape's entries are positive.
use cute_layout::layout;
use cute_layout::typenum::{U0, U4};

fn main() {
    let _ = layout!((2,2):(1,2)).tile_to_shape((U0::new(), U4::new()));
}
