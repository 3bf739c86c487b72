// `select::<(I...)>` with an index not below the rank.
use cute_layout::{layout, typenum::{U0, U3}};

fn main() {
    let _ = layout!((2,3,4):(1,2,6)).select::<(U0, U3)>();
}
