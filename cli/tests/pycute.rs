//! The PyCuTe subcommands of `cute` (`layout-add`, `nullspace`, `coalesce-z`,
//! `greatest-common-domain`, `common-refinement`, `common-coarsening`, `tiler-to-layout`) and the
//! layout builders (`recast`, `make-ordered-layout`, `make-layout-like`), run as a binary.
//! Expected values are PyCuTe's and CuTe's worked examples (NVlabs/CuTe docstrings and
//! `test/test_*.py`, `cute/layout.hpp`), or postconditions checked with the independent evaluator
//! of `common`.

use crate::common::{cute, fails, ok, L};

fn json(args: &[&str]) -> serde_json::Value {
    let mut j = vec!["--json"];
    j.extend_from_slice(args);
    serde_json::from_str(&ok(&j)).unwrap()
}

#[test]
fn layout_add_pycute_examples_and_postcondition() {
    for (a, b, want) in [
        ("12:1", "12:1", "12:2"),
        ("5:0", "5:1", "5:1"),
        ("(4,3):(1,4)", "(4,3):(3,1)", "(4,3):(4,5)"),
        ("(5,3,4):(1,5,15)", "(10,6):(1,10)", "60:2"),
        ("(2,(3,4)):(12,(4,1))", "(6,4):(4,1)", "(2,3,4):(16,12,2)"),
    ] {
        let r = ok(&["layout-add", a, b]);
        assert_eq!(r, want, "layout_add({a}, {b})");
        let (la, lb, lr) = (L::parse(a), L::parse(b), L::parse(&r));
        for i in 0..la.size() {
            assert_eq!(lr.at(i), la.at(i) + lb.at(i), "{a} + {b} at {i}");
        }
    }
    let v = json(&["layout-add", "(4,3):(1,4)", "(4,3):(3,1)"]);
    assert_eq!(v["layout"], "(4,3):(4,5)");
    assert_eq!(v["size"], 12);
    // i%2 + i%3 is no layout; sizes must agree.
    let err = fails(&["layout-add", "(5,3):(3,1)", "(3,5):(5,1)"]);
    assert!(err.contains("no layout is the sum"), "{err}");
    let (code, out, _) = cute(&["--json", "layout-add", "6:1", "8:1"]);
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["kind"], "SizeMismatch");
    fails(&["layout-add", "Sw<3,4,3> o 0 o 64:1", "64:1"]);
}

#[test]
fn nullspace_and_coalesce_z() {
    // PyCuTe: nullspace((2,4,6):(1,2,0)) = 6:8; coalesce_z((2,1,6,1):(1,7,8,0)) = (2,6,1):(1,8,0).
    assert_eq!(ok(&["nullspace", "(2,4,6):(1,2,0)"]), "6:8");
    assert_eq!(ok(&["nullspace", "(4,8):(1,4)"]), "1:0");
    let n = ok(&["nullspace", "(3,(2,5)):(0,(7,0))"]);
    let (a, r) = (L::parse("(3,(2,5)):(0,(7,0))"), L::parse(&n));
    let zeros: Vec<i64> = (0..a.size()).filter(|&i| a.at(i) == 0).collect();
    let mut found = r.values();
    found.sort();
    assert_eq!(found, zeros, "nullspace = {n}");
    assert_eq!(
        ok(&["coalesce-z", "(2,1,6,1):(1,7,8,0)"]),
        "(2,6,1):(1,8,0)"
    );
    let z = ok(&["coalesce-z", "(2,1,6,1):(1,7,8,57)"]);
    let (a, r) = (L::parse("(2,1,6,1):(1,7,8,57)"), L::parse(&z));
    for i in 0..100 {
        assert_eq!(r.at(i), a.at(i), "coalesce_z = {z} at {i}"); // the extended domain too
    }
    assert_eq!(json(&["coalesce-z", "(2,1,6,1):(1,7,8,0)"])["rank"], 3);
    assert_eq!(json(&["nullspace", "(2,4,6):(1,2,0)"])["layout"], "6:8");
}

#[test]
fn greatest_common_domain_of_shapes_and_layouts() {
    assert_eq!(
        ok(&["greatest-common-domain", "(5,3,4)", "(10,6)"]),
        "(5,2):(1,30)"
    );
    assert_eq!(
        ok(&["greatest-common-domain", "(6,35)", "(15,14)"]),
        "(3,7):(1,30)"
    );
    assert_eq!(ok(&["greatest-common-domain", "(5,3)", "(3,5)"]), "(1):(0)");
    // A layout stands for its shape.
    assert_eq!(
        ok(&[
            "greatest-common-domain",
            "(5,3,4):(12,4,1)",
            "(10,6):(1,10)"
        ]),
        "(5,2):(1,30)"
    );
    assert_eq!(
        json(&["greatest-common-domain", "10", "10"])["layout"],
        "(10):(1)"
    );
    fails(&["greatest-common-domain", "(5,0)", "5"]);
}

#[test]
fn common_refinement_and_coarsening() {
    assert_eq!(
        ok(&["common-refinement", "((2,3),20)", "(6,(4,5))"]),
        "((2,3),(4,5))"
    );
    assert_eq!(ok(&["common-refinement", "30", "(2,15)"]), "(2,15)");
    let err = fails(&["common-refinement", "(2,(3,5))", "((3,2),5)"]);
    assert!(err.contains("no common refinement"), "{err}");
    assert_eq!(
        ok(&["common-coarsening", "(4,(3,5))", "((2,2),15)"]),
        "(4,15)"
    );
    assert_eq!(ok(&["common-coarsening", "(2,(3,5))", "((3,2),5)"]), "30");
    let v = json(&["common-coarsening", "(4,(3,5))", "((2,2),15)"]);
    assert_eq!(v["shape"], "(4,15)");
    assert_eq!(v["size"], 60);
    assert_eq!(v["rank"], 2);
    let (code, out, _) = cute(&["--json", "common-coarsening", "7", "(2,3)"]);
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["kind"], "SizeMismatch");
}

#[test]
fn tiler_to_layout_pycute_examples() {
    assert_eq!(ok(&["tiler-to-layout", "3"]), "3:1");
    assert_eq!(ok(&["tiler-to-layout", "(7,2):(3,1)"]), "(7,2):(3,1)");
    assert_eq!(ok(&["tiler-to-layout", "(4,5)"]), "(4,5):(1@0,1@1)");
    assert_eq!(ok(&["tiler-to-layout", "<4:2,5:3>"]), "(4,5):(2@0,3@1)");
    let v = json(&["tiler-to-layout", "<4:2,5:3>"]);
    assert_eq!(v["kind"], "basis");
    assert_eq!(v["size"], 20);
    assert_eq!(json(&["tiler-to-layout", "(7,2):(3,1)"])["kind"], "layout");
    let err = fails(&["tiler-to-layout", "<_,3>"]);
    assert!(err.contains("no layout of its own"), "{err}");
}

#[test]
fn recast_make_ordered_layout_make_layout_like() {
    // PyCuTe's recast examples: recast(24:1, 8) = 3:1, recast(24:1, 1/2) = 48:1,
    // recast((4,4):(4,1), 4) = (4,1):(1,1).
    assert_eq!(ok(&["recast", "24:1", "8"]), "3:1");
    assert_eq!(ok(&["recast", "24:1", "1/2"]), "48:1");
    assert_eq!(ok(&["recast", "(4,4):(4,1)", "4"]), "(4,1):(1,1)");
    // CuTe's recast_layout<half, uint128>: (8,64):(64,1) -> (8,8):(8,1).
    assert_eq!(ok(&["recast", "(8,64):(64,1)", "8"]), "(8,8):(8,1)");
    fails(&["recast", "24:1", "0"]);
    fails(&["recast", "24:1", "x/2"]);
    // CuTe's make_ordered_layout(Shape<_2,_2,_2,_2>, Step<_0,_2,_3,_1>) = (2,2,2,2):(1,4,8,2).
    assert_eq!(
        ok(&["make-ordered-layout", "(2,2,2,2)", "(0,2,3,1)"]),
        "(2,2,2,2):(1,4,8,2)"
    );
    assert_eq!(
        json(&["make-ordered-layout", "(4,8)", "(1,0)"])["layout"],
        "(4,8):(8,1)"
    );
    fails(&["make-ordered-layout", "(4,8)", "(0,0)"]);
    // CuTe's make_layout_like examples (static strides: `_`).
    assert_eq!(
        ok(&["make-layout-like", "(_2,_3,_4,_5):(_0,_42,_1,_0)"]),
        "(2,3,4,5):(0,4,1,0)"
    );
    assert_eq!(
        ok(&["make-layout-like", "(_4,_8):(_100,_1)"]),
        "(4,8):(8,1)"
    );
    // Runtime strides after the static ones, left to right.
    assert_eq!(ok(&["make-layout-like", "(4,8):(100,1)"]), "(4,8):(1,4)");
    let l = ok(&["make-layout-like", "((_2,_2),(_2,_2)):((_1,_4),(_8,_32))"]);
    assert_eq!(L::parse(&l).values(), (0..16).collect::<Vec<_>>());
}
