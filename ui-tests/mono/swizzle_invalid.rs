// CuTe's Swizzle<B, M, S> requires |S| ≥ B (static_assert in cute/swizzle.hpp): the bits read
// and the bits written may not overlap. Sw<3,4,2> violates it.
use cute_layout::swizzle::{Swizzle, SwizzleFn};
use cute_layout::typenum::{P2, U3, U4};

fn main() {
    let s = Swizzle::<U3, U4, P2>::new();
    println!("{}", s.apply(128));
}
