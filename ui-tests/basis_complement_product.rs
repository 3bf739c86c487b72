// logical_product(A, B) completes A up to size(A)·cosize(B), an integer cotarget; with basis
// strides the complement needs one cotarget entry per codomain component, so the product is
// not defined (the runtime engine refuses it with ErrorKind::BasisStride). The error names the
// cotarget's structure.
use cute_layout::layout;

fn main() {
    let _ = layout!((4,8):(1@0,1@1)).logical_product(layout!(2:1));
}
