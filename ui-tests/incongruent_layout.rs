// Shape (4,(2,2)) and stride (1,8) differ in nesting: the `Congruent` bound of `Layout::new`
// (paper Definition 2.3) must reject them and say so.
use cute_layout::typenum::{U1, U2, U4, U8};
use cute_layout::Layout;

fn main() {
    let _ = Layout::<(U4, (U2, U2)), (U1, U8)>::new();
}
