// upcast<4> of Sw<2,1,-3>: S < 0 moves bit 1 (inside a 4-unit element) into the element index.
use cute_layout::swizzle::Swizzle;
use cute_layout::typenum::{N3, U1, U2, U4};

fn main() {
    let _ = Swizzle::<U2, U1, N3>::new().upcast::<U4>();
}
