// A stride of 2^38 f32 = 2^40 B: global strides must be below 2^40 B.
use cute_layout::atom::tma::{StaticTmaCopy, TmaDescriptorParams, SM90_TMA_LOAD};
use cute_layout::typenum::{U1, U2, U32};
use cute_layout::Layout;

type Tma = StaticTmaCopy<SM90_TMA_LOAD, f32, Layout![(2,64):(274877906944,1)], Layout![(2,32):(32,1)], (U2, U32), U1>;
const PARAMS: TmaDescriptorParams = Tma::PARAMS;

fn main() {
    let _ = PARAMS;
}
