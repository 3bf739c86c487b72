// A row pitch of 62 f32 = 248 B: every global stride must be a multiple of 16 B.
use cute_layout::atom::tma::{StaticTmaCopy, TmaDescriptorParams, SM90_TMA_LOAD};
use cute_layout::typenum::{U1, U8, U32};
use cute_layout::Layout;

type Tma = StaticTmaCopy<SM90_TMA_LOAD, f32, Layout![(64,62):(62,1)], Layout![(8,32):(32,1)], (U8, U32), U1>;
const PARAMS: TmaDescriptorParams = Tma::PARAMS;

fn main() {
    let _ = PARAMS;
}
