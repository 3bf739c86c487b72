// `Layout::new` is for static layouts; a runtime (`i64`) stride needs `Layout::try_new`.
use cute_layout::typenum::{U1, U4};
use cute_layout::Layout;

fn main() {
    let _ = Layout::<(U4, U4), (U1, i64)>::new();
}
