// Paper §3.3.3: (4,6,8):(2,3,5) ∘ 6:1 violates the shape divisibility condition (Eq. 21):
// no layout represents the first 6 elements of A.
use cute_layout::layout;

fn main() {
    let _ = layout!((4,6,8):(2,3,5)).compose(layout!(6:1));
}
