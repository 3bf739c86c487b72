// Every coarsening of a shape has its size: 7 and (2,3) have none in common.
use cute_layout::ops::CommonCoarseningOf;
use cute_layout::typenum::{U2, U3, U7};

fn main() {
    let _ = CommonCoarseningOf::<U7, (U2, U3)>::default();
}
