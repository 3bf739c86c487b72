// `take::<B, E>` with B > E.
use cute_layout::{layout, typenum::{U1, U2}};

fn main() {
    let _ = layout!((2,3,4):(1,2,6)).take::<U2, U1>();
}
