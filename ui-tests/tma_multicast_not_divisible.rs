// A 12-row box multicast to 8 CTAs: 12 and 8 do not divide one another.
use cute_layout::atom::half_t;
use cute_layout::atom::tma::{StaticTmaCopy, TmaDescriptorParams, SM90_TMA_LOAD_MULTICAST};
use cute_layout::typenum::{U8, U12, U64};
use cute_layout::Layout;

type Tma = StaticTmaCopy<SM90_TMA_LOAD_MULTICAST, half_t, Layout![(512,256):(256,1)], Layout![(12,64):(64,1)], (U12, U64), U8>;
const PARAMS: TmaDescriptorParams = Tma::PARAMS;

fn main() {
    let _ = PARAMS;
}
