//! `cute` on cases that CuTe and NVIDIA's new PyCuTe (NVlabs/CuTe) answer:
//! `_` as a product's B, basis-strided tilers, products and left inverses of basis-strided
//! layouts. Expected values are CuTe's definitions worked by hand (the source is named at each
//! case), never the library's own output.

use crate::common::ok;

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

#[test]
fn basis_strided_tilers_compose_and_divide() {
    // The example: B maps i to the coordinate (i, 0) of A, so A ∘ B = A_0 ∘ 2:1.
    assert_eq!(ok(&["compose", "(4,5):(1,4)", "(2):(1@0)"]), "(2):(1)");
    // PyCuTe test_composition.py: 30:E(0) steps through mode 0 of (4,5):(5,1) beyond its size
    // (A's coordinate (29,0) is 145 = 29·5).
    assert_eq!(ok(&["compose", "(4,5):(5,1)", "30:1@0"]), "30:5");
    // By mode: mode 1 of A is 5:1, which a stride 1@0 steps along as its own mode 0.
    assert_eq!(
        ok(&["compose", "(4,5):(5,1)", "<2:1,3:1@0>"]),
        "(2,3):(5,1)"
    );
    // PyCuTe's answers (tests/data/pycute_nv.txt) for the divides.
    assert_eq!(
        ok(&["zipped-divide", "(8,8):(9,1)", "(5,7):(3@1,2@0)"]),
        "((5,7),(2,3)):((3,18),(9,1))"
    );
    assert_eq!(
        ok(&[
            "logical-divide",
            "((9,32),7):((1,9),288)",
            "<(3,(2,4)):(3@0,(1@1,8@1))>"
        ]),
        "(((3,(2,4)),(3,4)),7):(((3,(9,72)),(1,18)),288)"
    );
    // No coordinate of a rank-2 A has an entry 2: refused, naming it.
    let e = crate::common::fails(&["compose", "(4,5):(1,4)", "2:1@2"]);
    assert!(e.contains("rank mismatch"), "{e}");
}

#[test]
fn products_and_left_inverses_of_basis_strided_layouts() {
    // PyCuTe's answer (tests/data/pycute_nv.txt, test_logical_product.py).
    assert_eq!(
        ok(&["logical-product", "(2,3):(1@0,1@1)", "2:1"]),
        "((2,3),2):((1@0,1@1),3@1)"
    );
    // PyCuTe test_inverse_left.py: (i, j) ↦ (j, i) is read back as index 4·c0 + c1.
    assert_eq!(ok(&["left-inverse", "(4,5):(1@1,1@0)"]), "(5,4):(4,1)");
}
