// CuTe's ss_op_selector: tf32, fp8 and 8-bit integer wgmma read both operands K-major
// ("MajorB must be GMMA::Major::K for this config.").
use cute_layout::atom::{gmma, ss_op_selector, tfloat32_t};
use cute_layout::typenum::{U128, U64};

fn main() {
    let _ = ss_op_selector::<tfloat32_t, tfloat32_t, f32, (U128, U128, U64), gmma::Major::K, gmma::Major::MN>();
}
