// Left-distributivity (paper Eq. 22-23) with a basis A: B's stride 3 does not divide A's
// prefix product 4, and the bases 1@0 and 4@1 lie on different paths (no coalescing).
use cute_layout::layout;

fn main() {
    let a = layout!((4,4):(1@0,4@1));
    let _ = a.compose(layout!((2,2):(3,8)));
}
