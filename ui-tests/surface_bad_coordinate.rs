// A generic function over `AnyLayout`, called with a coordinate of the wrong rank.
use cute_layout::{layout, AnyLayout};

fn main() {
    let l = layout!((4,8):(1,4));
    let _ = AnyLayout::call(&l, (1, 2, 3));
}
