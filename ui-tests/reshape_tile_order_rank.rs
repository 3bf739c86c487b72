// tile_to_shape with an order of rank 3 for a rank-2 target.
use cute_layout::layout;
use cute_layout::typenum::{U0, U1, U2, U4};

fn main() {
    let _ = layout!((2,2):(1,2))
        .tile_to_shape_ordered((U4::new(), U4::new()), (U0::new(), U1::new(), U2::new()));
}
