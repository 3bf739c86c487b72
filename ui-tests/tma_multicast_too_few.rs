// A box of 2 f64 multicast to 4 CTAs: fewer elements than CTAs.
use cute_layout::atom::tma::{StaticTmaCopy, TmaDescriptorParams, SM90_TMA_LOAD_MULTICAST};
use cute_layout::typenum::{U1, U2, U4};
use cute_layout::Layout;

type Tma = StaticTmaCopy<SM90_TMA_LOAD_MULTICAST, f64, Layout![(64,64):(64,1)], Layout![(1,2):(2,1)], (U1, U2), U4>;
const PARAMS: TmaDescriptorParams = Tma::PARAMS;

fn main() {
    let _ = PARAMS;
}
