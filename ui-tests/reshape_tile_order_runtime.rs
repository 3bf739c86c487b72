// tile_to_shape of a static or mixed layout takes a static order: an i64 entry is refused.
use cute_layout::layout;
use cute_layout::typenum::{U1, U4};

fn main() {
    let _ = layout!((2,2):(1,2)).tile_to_shape_ordered((U4::new(), U4::new()), (0i64, U1::new()));
}
