// A store to rows of 60 halfs = 120 B: the hardware writes whole 16 B chunks, so an edge tile would overwrite 8 B past each row.
use cute_layout::atom::half_t;
use cute_layout::atom::tma::{StaticTmaCopy, TmaDescriptorParams, SM90_TMA_STORE};
use cute_layout::typenum::{U1, U8, U32};
use cute_layout::Layout;

type Tma = StaticTmaCopy<SM90_TMA_STORE, half_t, Layout![(64,60):(64,1)], Layout![(8,32):(32,1)], (U8, U32), U1>;
const PARAMS: TmaDescriptorParams = Tma::PARAMS;

fn main() {
    let _ = PARAMS;
}
