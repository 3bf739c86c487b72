// Paper §3.3.3: (4,6,8):(2,3,5) ∘ 6:3 violates the stride divisibility condition (Eq. 20):
// no layout represents every third element of A. A compile error naming the condition.
use cute_layout::layout;

fn main() {
    let _ = layout!((4,6,8):(2,3,5)).compose(layout!(6:3));
}
