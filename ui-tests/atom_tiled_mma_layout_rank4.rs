// make_tiled_mma pads an atom layout of rank 1 or 2 to (M, N, K); a rank-4 one has no meaning.
use cute_layout::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
use cute_layout::layout;

fn main() {
    let _ = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1,2)), ());
}
