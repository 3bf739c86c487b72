// composition(A ∘ O ∘ B, T) = A ∘ O ∘ composition(B, T): with B = (4,6,8):(2,3,5) and T = 6:3
// the inner composition violates the stride divisibility condition (paper Eq. 20), and the
// composed layout's composition reports that condition.
use cute_layout::layout;

fn main() {
    let _ = layout!(Sw<3,4,3> o 0 o (4,6,8):(2,3,5)).compose(layout!(6:3));
}
