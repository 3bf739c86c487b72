// A TiledMMA permutes M, N and K: a permutation of four entries is refused by name.
use cute_layout::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
use cute_layout::layout;
use cute_layout::typenum::{U16, U32};

fn main() {
    let _ = make_tiled_mma(
        SM80_16x8x16_F32F16F16F32_TN,
        layout!((2,2)),
        (U32::new(), U32::new(), U16::new(), U16::new()),
    );
}
