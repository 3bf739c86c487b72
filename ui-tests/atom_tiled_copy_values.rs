// ldmatrix .x4 moves 8 halfs per thread, but the 16x8x8 atom's A holds 4 per thread: the copy
// cannot deliver the MMA's A registers, and make_tiled_copy_a refuses it.
use cute_layout::atom::{
    half_t, make_tiled_copy_a, make_tiled_mma, CopyAtom, SM75_U32x4_LDSM_N,
    SM80_16x8x8_F16F16F16F16_TN,
};
use cute_layout::layout;
use cute_layout::ops::Underscore as X;

fn main() {
    let mma = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, layout!((1,1,1):(0,0,0)), (X, X, X));
    let _ = make_tiled_copy_a(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::new(), mma);
}
