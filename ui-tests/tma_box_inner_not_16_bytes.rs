// A box whose inner extent is 2 f32 = 8 B: TMA boxes are whole 16 B along the innermost dimension.
use cute_layout::atom::tma::{StaticTmaCopy, TmaDescriptorParams, SM90_TMA_LOAD};
use cute_layout::typenum::{U1, U2, U8};
use cute_layout::Layout;

type Tma = StaticTmaCopy<SM90_TMA_LOAD, f32, Layout![(64,64):(64,1)], Layout![(8,2):(2,1)], (U8, U2), U1>;
const PARAMS: TmaDescriptorParams = Tma::PARAMS;

fn main() {
    let _ = PARAMS;
}
