// upcast<2> of 4:3: the stride 3 and 2 divide neither way (CuTe's static_assert).
use cute_layout::layout;
use cute_layout::typenum::U2;

fn main() {
    let _ = layout!(4:3).upcast::<U2>();
}
