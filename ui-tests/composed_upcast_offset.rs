// upcast<2> of a composed layout whose static offset 3 is not a multiple of 2: no wide
// offset exists (CuTe's safe_div), a compile error naming the condition.
use cute_layout::layout;
use cute_layout::typenum::U2;

fn main() {
    let bytes = layout!(Sw<3,4,3> o 3 o (8,128):(128,1));
    let _ = bytes.upcast::<U2>();
}
