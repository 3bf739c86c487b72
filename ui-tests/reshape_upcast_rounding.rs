// upcast<2> of 3:1 would round the size up (CuTe's ceil_div): refused.
use cute_layout::layout;
use cute_layout::typenum::U2;

fn main() {
    let _ = layout!(3:1).upcast::<U2>();
}
