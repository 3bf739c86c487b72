// A zero shape entry: shapes are tuples of positive integers (paper Definition 2.5), so the
// `StaticShape` bound of `Layout::new` must reject it.
use cute_layout::typenum::{U0, U1, U4};
use cute_layout::Layout;

fn main() {
    let _ = Layout::<(U4, U0), (U1, U4)>::new();
}
