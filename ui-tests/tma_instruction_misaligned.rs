// Smem rows padded to 40 halfs = 80 B: the second row's box would start at byte 80, not 128 B aligned (the GPU faults).
use cute_layout::atom::half_t;
use cute_layout::atom::tma::{StaticTmaCopy, TmaDescriptorParams, SM90_TMA_LOAD};
use cute_layout::typenum::{U1, U8, U32};
use cute_layout::Layout;

type Tma = StaticTmaCopy<SM90_TMA_LOAD, half_t, Layout![(512,256):(256,1)], Layout![(8,32):(40,1)], (U8, U32), U1>;
const PARAMS: TmaDescriptorParams = Tma::PARAMS;

fn main() {
    let _ = PARAMS;
}
