// Sw<3,4,3> on 16-bit element offsets swizzles 32-byte units: no TMA swizzle mode
// (the 128B mode on halfs is Sw<3,3,3>).
use cute_layout::atom::half_t;
use cute_layout::atom::tma::tma_smem_swizzle;
use cute_layout::Layout;

fn main() {
    let _ = tma_smem_swizzle::<half_t, Layout![Sw<3,4,3> o 0 o (8,64):(64,1)]>();
}
