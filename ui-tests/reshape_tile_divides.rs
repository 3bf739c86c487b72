// tile_to_shape of (8,64):(64,1) into (100,64): 8 does not divide 100 (CuTe's static assert).
use cute_layout::layout;
use cute_layout::typenum::{U100, U64};

fn main() {
    let _ = layout!((8,64):(64,1)).tile_to_shape((U100::new(), U64::new()));
}
