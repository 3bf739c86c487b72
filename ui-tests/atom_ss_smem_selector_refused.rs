// CUTLASS's ss_smem_selector refuses a K-major tile narrower than the narrowest GMMA layout
// atom: e4m3 elements are 8 bits, so the INTER atom is 16 elements wide along K, and BLK_K = 8.
use cute_layout::atom::{float_e4m3_t, gmma, ss_smem_selector};
use cute_layout::typenum::{U64, U8};

fn main() {
    let _ = ss_smem_selector::<gmma::Major::K, float_e4m3_t, U64, U8>();
}
