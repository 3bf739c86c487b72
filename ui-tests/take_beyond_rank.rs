// `take::<B, E>` with E beyond the rank.
use cute_layout::{layout, typenum::{U1, U4}};

fn main() {
    let _ = layout!((2,3,4):(1,2,6)).take::<U1, U4>();
}
