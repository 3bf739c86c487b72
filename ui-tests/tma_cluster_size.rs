// A plain load with a cluster size of 2: only a multicast load takes one above 1.
use cute_layout::atom::half_t;
use cute_layout::atom::tma::{StaticTmaCopy, TmaDescriptorParams, SM90_TMA_LOAD};
use cute_layout::typenum::{U2, U8, U64};
use cute_layout::Layout;

type Tma = StaticTmaCopy<SM90_TMA_LOAD, half_t, Layout![(512,256):(256,1)], Layout![(8,64):(64,1)], (U8, U64), U2>;
const PARAMS: TmaDescriptorParams = Tma::PARAMS;

fn main() {
    let _ = PARAMS;
}
