// (2,2):(1,1) is not injective: it has no complement (CuTe C++ refuses too; pycute returns a
// layout with a 0 in its shape).
use cute_layout::layout;
use cute_layout::typenum::U8;

fn main() {
    let _ = layout!((2,2):(1,1)).complement(U8::default());
}
