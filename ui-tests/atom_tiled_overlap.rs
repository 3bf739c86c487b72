// An atom layout whose N mode has stride 0: the 2x2 atom positions share thread groups (two
// atoms would be computed by the same threads). make_tiled_mma refuses it.
use cute_layout::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
use cute_layout::layout;
use cute_layout::ops::Underscore as X;

fn main() {
    let _ = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,0,0)), (X, X, X));
}
