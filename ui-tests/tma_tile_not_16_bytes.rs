// A tile of 3x4 halfs is 24 bytes: no TMA box (inner extent a multiple of 16 B) makes it up.
use cute_layout::atom::half_t;
use cute_layout::atom::tma::tma_smem_swizzle;
use cute_layout::Layout;

fn main() {
    let _ = tma_smem_swizzle::<half_t, Layout![(3,4):(4,1)]>();
}
