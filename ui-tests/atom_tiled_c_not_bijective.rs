// A permutation of M that repeats rows ((16,2):(1,0): rows 0..16 twice) makes two (thread,
// value) pairs hold the same accumulator: the C TV layout is not a bijection onto the tile.
use cute_layout::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
use cute_layout::layout;
use cute_layout::ops::Underscore as X;

fn main() {
    let _ = make_tiled_mma(
        SM80_16x8x16_F32F16F16F32_TN,
        layout!((1,1,1):(0,0,0)),
        (layout!((8,2):(1,0)), X, X),
    );
}
