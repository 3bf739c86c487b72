// blocked_product(A, B) needs complement(A, size(A)·cosize(B)), which does not exist for
// (3,10):(11,24); the error names that condition (not the ranks, which agree).
use cute_layout::layout;

fn main() {
    let _ = layout!((3,10):(11,24)).blocked_product(layout!((2,2):(1,2)));
}
