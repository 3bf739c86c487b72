// (2,3) and (2,3,1): a refinement of a tuple keeps its rank, so none refines both.
use cute_layout::ops::CommonRefinementOf;
use cute_layout::typenum::{U1, U2, U3};

fn main() {
    let _ = CommonRefinementOf::<(U2, U3), (U2, U3, U1)>::default();
}
