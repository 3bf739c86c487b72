// logical_product(A, B) of a basis-strided A is (A, complement(A) ∘ B) with the free complement
// (by codomain component, as NVIDIA's PyCuTe defines it). Here A's modes overlap along e0, so
// no complement exists and neither does the product: the error names the complement's
// condition (the runtime engine refuses it with ErrorKind::NotInjective).
use cute_layout::layout;

fn main() {
    let _ = layout!((4,2):(1@0,2@0)).logical_product(layout!(2:1));
}
