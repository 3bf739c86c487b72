// Paper §3.3.3, "Apparent Violations": (4,2,8):(3,12,97) ∘ 4:3 cannot be truncated enough
// (stride divisibility fails), and (4,2,8):(3,15,97) ∘ 3:3 cannot be coalesced.
use cute_layout::layout;

fn main() {
    let _ = layout!((4,2,8):(3,12,97)).compose(layout!(4:3));
    let _ = layout!((4,2,8):(3,15,97)).compose(layout!(3:3));
}
