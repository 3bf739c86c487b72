// B's modes 2:1 and 2:1 overlap, so A ∘ B does not distribute over them (paper Eq. 23).
use cute_layout::layout;

fn main() {
    let _ = layout!((4,4):(1,8)).compose(layout!((2,2):(1,1)));
}
