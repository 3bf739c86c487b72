// blocked_product needs rank(A) == rank(B) (paper §3.5.1): a rank-2 tile and a rank-3 grid.
use cute_layout::layout;

fn main() {
    let _ = layout!((2,2):(1,2)).blocked_product(layout!((2,2,2):(1,2,4)));
}
