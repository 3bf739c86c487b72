// A 128 B-swizzled tile at byte 512 of a shared-memory buffer: swizzled tiles need 1024 B.
use cute_layout::atom::half_t;
use cute_layout::atom::tma::{StaticTmaCopy, SM90_TMA_LOAD};
use cute_layout::typenum::{U1, U64, U8};
use cute_layout::Layout;

type Tma = StaticTmaCopy<SM90_TMA_LOAD, half_t, Layout![(64,64):(64,1)], Layout![Sw<3,3,3> o 0 o (8,64):(64,1)], (U8, U64), U1>;
const B_TILE: u64 = Tma::smem_offset(512);

fn main() {
    let _ = B_TILE;
}
