// `get::<I>` with I not below the rank: the shape has no element I.
use cute_layout::{layout, typenum::U2};

fn main() {
    let _ = layout!((4,8):(1,4)).get::<U2>();
}
