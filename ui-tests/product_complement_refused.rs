// logical_product(A, B) needs complement(A, size(A)·cosize(B)), which does not exist for
// (3,10):(11,24): in stride order, 24 lies inside the span 33 of the mode 3:11.
use cute_layout::layout;

fn main() {
    let _ = layout!((3,10):(11,24)).logical_product(layout!(5:1));
}
