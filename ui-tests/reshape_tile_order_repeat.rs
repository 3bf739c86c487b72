// tile_to_shape with the order (0,0): two modes would start at the same stride and overlap.
use cute_layout::layout;
use cute_layout::typenum::{U0, U4};

fn main() {
    let _ = layout!((2,2):(1,2)).tile_to_shape_ordered((U4::new(), U4::new()), (U0::new(), U0::new()));
}
