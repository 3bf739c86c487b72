// The codomain of a basis layout is the union of its strides' paths: `1@1` (entry 1 is an
// integer) and `1@0@1` (entry 1 is a tuple) do not fit together.
use cute_layout::{layout, BasisLayout};

fn main() {
    let l = layout!((4,8):(1@1,1@0@1));
    let _ = l.eval(3);
}
