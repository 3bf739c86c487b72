// (6,5) and (2,15): no shape refines both (mode 0 is 6 in one, 2 in the other).
use cute_layout::ops::CommonRefinementOf;
use cute_layout::typenum::{U15, U2, U5, U6};

fn main() {
    let _ = CommonRefinementOf::<(U6, U5), (U2, U15)>::default();
}
