// The tensor starts 4 halfs = 8 B past a 16 B aligned base: TMA's global address must be 16 B aligned.
use cute_layout::atom::half_t;
use cute_layout::atom::tma::{StaticTmaCopy, SM90_TMA_LOAD};
use cute_layout::typenum::{U1, U64, U8};
use cute_layout::Layout;

type Tma = StaticTmaCopy<SM90_TMA_LOAD, half_t, Layout![(64,64):(64,1)], Layout![(8,64):(64,1)], (U8, U64), U1>;
const START: u64 = Tma::gmem_offset(4);

fn main() {
    let _ = START;
}
