// Whether a mode is kept depends on the sizes: a runtime entry must be named.
use cute_layout::ops::CommonCoarsening;
use cute_layout::typenum::{U2, U3};

fn main() {
    let _ = (U2::new(), 3i64).common_coarsening(&(U2::new(), U3::new()));
}
