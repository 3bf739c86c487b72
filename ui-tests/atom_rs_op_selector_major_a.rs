// CuTe's rs_op_selector: A comes from registers, K-major ("Register source A operand GMMAs
// must have K-major A layout.").
use cute_layout::atom::{gmma, half_t, rs_op_selector};
use cute_layout::typenum::{U128, U64};

fn main() {
    let _ = rs_op_selector::<half_t, half_t, f32, (U128, U128, U64), gmma::Major::MN, gmma::Major::K>();
}
