//! `cute` on the cases of issue 25 that CuTe and NVIDIA's new PyCuTe (NVlabs/CuTe) answer:
//! `_` as a product's B, basis-strided tilers, products and left inverses of basis-strided
//! layouts. Expected values are CuTe's definitions worked by hand (the source is named at each
//! case), never the library's own output.

mod common;
use common::ok;

#[test]
fn underscore_as_the_b_of_a_logical_product() {
    // CuTe C++ layout.hpp, logical_product(block, tiler): `if constexpr (is_underscore<Tiler>)
    // return block;` and PyCuTe test_logical_product.py: `logical_product(A, None) == A`.
    assert_eq!(ok(&["logical-product", "(4,8):(1,4)", "_"]), "(4,8):(1,4)");
    assert_eq!(
        ok(&["logical-product", "(4,8):(1,4)", " _ "]),
        "(4,8):(1,4)"
    );
    // By mode (PyCuTe logical_product[1]): mode 0 unchanged, mode 1 is 8:4 ⊗ 2:1 =
    // (8:4, complement(8:4, 16) ∘ 2:1) = (8:4, (4,1):(1,32) ∘ 2:1) = (8,2):(4,1).
    assert_eq!(
        ok(&["logical-product", "(4,8):(1,4)", "<_,2:1>"]),
        "(4,(8,2)):(1,(4,1))"
    );
}
