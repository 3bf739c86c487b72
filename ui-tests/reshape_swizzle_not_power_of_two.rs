// upcast<3> of a swizzle: N must be a power of two.
use cute_layout::swizzle::Swizzle;
use cute_layout::typenum::{P3, U3, U4};

fn main() {
    let _ = Swizzle::<U3, U4, P3>::new().upcast::<U3>();
}
