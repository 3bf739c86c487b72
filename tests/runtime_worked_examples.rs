//! Worked examples from the reference documents, each citing its source.
//! `paper` = C. Cecka, "CuTe Layout Representation and Algebra".

use crate::common;

use common::dl as l;
use cute_layout::algebra::*;
use cute_layout::{DynLayout, DynTuple, ErrorKind};

fn t(s: &str) -> DynTiler {
    s.parse().unwrap()
}
fn kind(r: Result<DynLayout, cute_layout::LayoutError>) -> ErrorKind {
    r.expect_err("expected an error").kind()
}

// ---- paper §3.2 Coalesce ----

#[test]
fn coalesce_paper_3_2() {
    // paper §3.2: "the coalesced layout of (2,(1,6)):(1,(6,2)) is 12:1"
    assert_eq!(coalesce(&l("(2,(1,6)):(1,(6,2))")).to_string(), "12:1");
    // paper §3.2: by-mode with ⟨*,*⟩ gives (2,6):(1,2)
    let p: DynTuple = "(1,1)".parse().unwrap();
    assert_eq!(
        coalesce_by_mode(&l("(2,(1,6)):(1,(6,2))"), &p),
        l("(2,6):(1,2)")
    );
    // paper §3.2: ((4,3),5):((15,1),3) coalesces to (4,15):(15,1); by-mode unchanged
    assert_eq!(coalesce(&l("((4,3),5):((15,1),3)")), l("(4,15):(15,1)"));
    assert_eq!(
        coalesce_by_mode(&l("((4,3),5):((15,1),3)"), &p),
        l("((4,3),5):((15,1),3)")
    );
    // paper §3.2: (4,(3,5)):(15,(1,3)) coalesces to (4,15):(15,1), also by-mode
    assert_eq!(coalesce(&l("(4,(3,5)):(15,(1,3))")), l("(4,15):(15,1)"));
    assert_eq!(
        coalesce_by_mode(&l("(4,(3,5)):(15,(1,3))"), &p),
        l("(4,15):(15,1)")
    );
}

#[test]
fn coalesce_readme_corrections() {
    // A corrected worked example (a published version is wrong): (2,4):(4,1) is row-major and does not coalesce
    assert_eq!(coalesce(&l("(2,4):(4,1)")), l("(2,4):(4,1)"));
    // CuTe: all size-1 gives 1:0
    assert_eq!(coalesce(&l("(1,(1,1)):(3,(4,5))")), l("1:0"));
}

// ---- paper §3.3 Composition ----

#[test]
fn composition_paper_3_3_1_associativity_counterexample() {
    // paper §3.3.1: (5,3):(1,7) ∘ [4:1 ∘ 2:5] = (5,3):(1,7) ∘ 2:5 = 2:7
    assert_eq!(composition(&l("4:1"), &l("2:5")), l("2:5"));
    assert_eq!(composition(&l("(5,3):(1,7)"), &l("2:5")), l("2:7"));
    // [(5,3):(1,7) ∘ 4:1] ∘ 2:5 = 4:1 ∘ 2:5 = 2:5
    assert_eq!(composition(&l("(5,3):(1,7)"), &l("4:1")), l("4:1"));
}

#[test]
fn composition_paper_3_3_3_rank1() {
    // paper §3.3.3: 7:11 ∘ 3:4 = 3:44 and 7:11 ∘ (3,5):(6,3) = (3,5):(66,33)
    assert_eq!(composition(&l("7:11"), &l("3:4")), l("3:44"));
    assert_eq!(
        composition(&l("7:11"), &l("(3,5):(6,3)")),
        l("(3,5):(66,33)")
    );
}

#[test]
fn composition_paper_3_3_3_divide_and_keep() {
    // paper §3.3.3: (4,6,8,10):(2,3,5,7) ∘ 6:12 = (2,3):(9,5)
    assert_eq!(
        composition(&l("(4,6,8,10):(2,3,5,7)"), &l("6:12")),
        l("(2,3):(9,5)")
    );
    // and the intermediate "keep first" form (4,6,3):(2,3,5) ∘ 6:12
    assert_eq!(
        composition(&l("(4,6,3):(2,3,5)"), &l("6:12")),
        l("(2,3):(9,5)")
    );
}

#[test]
fn composition_paper_3_3_3_violations() {
    // paper §3.3.3: (4,6,8):(2,3,5) ∘ 6:3 violates stride divisibility
    let e = try_composition(&l("(4,6,8):(2,3,5)"), &l("6:3")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::StrideDivisibility);
    assert_eq!(
        e.to_string(),
        "stride divisibility (paper Eq. 20) violated: 3 does not divide 4 and 4 does not divide 3 (B's stride against the prefix product of A's shapes through a mode of shape 4)"
    );
    // paper §3.3.3: (4,6,8):(2,3,5) ∘ 6:1 violates shape divisibility
    let e = try_composition(&l("(4,6,8):(2,3,5)"), &l("6:1")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ShapeDivisibility);
    assert!(e.to_string().contains("= 4 does not divide 6"), "{e}");
}

#[test]
fn composition_paper_3_3_3_apparent_violations() {
    // paper §3.3.3 "Apparent Violations": (4,2,8):(3,12,97) ∘ 3:3 = 3:9
    assert_eq!(composition(&l("(4,2,8):(3,12,97)"), &l("3:3")), l("3:9"));
    // ... while ∘ 4:3 and (4,2,8):(3,15,97) ∘ 3:3 fail
    assert_eq!(
        kind(try_composition(&l("(4,2,8):(3,12,97)"), &l("4:3"))),
        ErrorKind::StrideDivisibility
    );
    assert_eq!(
        kind(try_composition(&l("(4,2,8):(3,15,97)"), &l("3:3"))),
        ErrorKind::StrideDivisibility
    );
}

#[test]
fn composition_readme_extension_and_unsound_references() {
    // A corrected worked example (a published version is wrong): (1,1):(1,1) ∘ 4:1 = 4:1 (extended last mode)
    assert_eq!(composition(&l("(1,1):(1,1)"), &l("4:1")), l("4:1"));
    // README: pycute gives 6:4 for (6,4):(4,1) ∘ 8:1; the paper's Eq. 21 rejects it
    assert_eq!(
        kind(try_composition(&l("(6,4):(4,1)"), &l("8:1"))),
        ErrorKind::ShapeDivisibility
    );
    // README: C++ returns a wrong function for (5,3):(3,1) ∘ 60:2; Eq. 20 rejects it
    assert_eq!(
        kind(try_composition(&l("(5,3):(3,1)"), &l("60:2"))),
        ErrorKind::StrideDivisibility
    );
    // stride-0 B
    assert_eq!(
        composition(&l("(4,6):(1,4)"), &l("(3,2):(0,1)")),
        l("(3,2):(0,1)")
    );
}

#[test]
fn composition_beyond_the_divisibility_conditions() {
    // Eq. 20/21 are sufficient, not necessary (paper §3.3.2 derives them as conditions under
    // which its construction works). Small cases are decided exactly by evaluation:
    // (2,3):(2,1) ∘ 2:3 violates Eq. 20 (S̄_1 = 2, d = 3) but its two values 0, 3 are 2:3.
    assert_eq!(composition(&l("(2,3):(2,1)"), &l("2:3")), l("2:3"));
    // values 0, 3, 3, 6 are (2,2):(3,3)
    assert_eq!(composition(&l("(2,3):(2,1)"), &l("4:3")), l("(2,2):(3,3)"));
    // and the paper's rejected examples stay rejected: no layout has their values
    assert!(try_composition(&l("(4,6,8):(2,3,5)"), &l("6:3")).is_err());
}

#[test]
fn composition_table_4_tv_layouts() {
    // paper §3.3.4, Table 4 (integer rows) with ThrValLayoutC ((4,8),2):((16,1),8)
    let tv = l("((4,8),2):((16,1),8)");
    assert_eq!(
        composition(&l("(8,8):(1,8)"), &tv),
        l("((4,8),2):((16,1),8)")
    ); // ColMajor
    assert_eq!(
        composition(&l("(8,8):(8,1)"), &tv),
        l("((4,8),2):((2,8),1)")
    ); // RowMajor
    assert_eq!(
        composition(&l("(8,8):(1,9)"), &tv),
        l("((4,8),2):((18,1),9)")
    ); // Padded
    assert_eq!(
        composition(&l("((4,2),(2,4)):((2,16),(1,8))"), &tv),
        l("((4,(4,2)),2):((8,(2,16)),1)")
    ); // ColInterleaved
}

#[test]
fn composition_tilers_3_3_5() {
    // paper §3.3.5: (4,8) ≡ <4,8> ≡ <4:1,8:1> extract a 4x8 sublayout of an 8x16 layout
    let a = l("(8,16):(20,1)");
    let r = composition(&a, &t("<4:1,8:1>"));
    assert_eq!(r, l("(4,8):(20,1)"));
    assert_eq!(composition(&a, &t("(4,8)")), r);
    assert_eq!(composition(&a, &t("<4,8>")), r);
    // `_` leaves a mode untouched; modes beyond the tiler are dropped (CuTe C++ and PyCuTe)
    assert_eq!(composition(&a, &t("<_,8:2>")), l("(8,8):(20,2)"));
    assert_eq!(
        composition(&l("(8,16,3):(20,1,500)"), &t("<4:1>")),
        l("(4):(20)")
    );
    assert_eq!(
        composition(&l("(8,16,3):(20,1,500)"), &t("<4:1,_>")),
        l("(4,16):(20,1)")
    );
    assert_eq!(
        t("<4:1, _, (2,2):(1,4)>").to_string(),
        "<4:1,_,(2,2):(1,4)>"
    );
    assert_eq!(
        kind(try_composition(&a, &t("<1,2,3>"))),
        ErrorKind::RankMismatch
    );
}

// ---- paper §3.4 Inverses ----

#[test]
fn right_inverse_table_5() {
    // paper §3.4.1, Table 5 (integer rows)
    assert_eq!(right_inverse(&l("(4,8):(1,4)")), l("32:1"));
    assert_eq!(right_inverse(&l("(4,8):(8,1)")), l("(8,4):(4,1)"));
    assert_eq!(right_inverse(&l("(3,7,5):(5,15,1)")), l("(5,21):(21,1)"));
    assert_eq!(right_inverse(&l("(4,8):(1,5)")), l("4:1"));
    assert_eq!(
        right_inverse(&l("(4,(4,2)):(4,(1,16))")),
        l("(4,4,2):(4,1,16)")
    );
    assert_eq!(
        right_inverse(&l("((2,2),(4,2)):((1,8),(2,16))")),
        l("(2,4,2,2):(1,4,2,16)")
    );
    assert_eq!(right_inverse(&l("((2,2),(2,4)):((0,2),(0,4))")), l("1:0"));
    // Table 5 prints (2,2):(4,8) for ((2,2),(2,4)):((0,1),(0,2)), but L((2,2):(4,8)(1)) =
    // L(4) = 0 ≠ 1. The layout that satisfies Eq. 24 is (2,4):(2,8) (also CuTe C++'s answer).
    let a = l("((2,2),(2,4)):((0,1),(0,2))");
    let r = right_inverse(&a);
    assert_eq!(r, l("(2,4):(2,8)"));
    assert!((0..r.size()).all(|k| a.eval(r.eval(k)) == k));
}

#[test]
fn left_inverse_table_6() {
    // paper §3.4.3, Table 6 (integer rows)
    assert_eq!(left_inverse(&l("(4,8):(1,4)")), l("32:1"));
    assert_eq!(left_inverse(&l("(4,8):(8,1)")), l("(8,4):(4,1)"));
    assert_eq!(left_inverse(&l("(3,7,5):(5,15,1)")), l("(5,21):(21,1)"));
    // README: pycute gives 4:1 here; the paper and C++ give (5,8):(1,4)
    assert_eq!(left_inverse(&l("(4,8):(1,5)")), l("(5,8):(1,4)"));
    assert_eq!(
        left_inverse(&l("(4,(4,2)):(4,(1,16))")),
        l("(4,4,2):(4,1,16)")
    );
    assert_eq!(
        left_inverse(&l("((2,2),(4,2)):((1,8),(2,16))")),
        l("(2,4,2,2):(1,4,2,16)")
    );
    assert_eq!(
        left_inverse(&l("((2,2),(2,4)):((0,2),(0,4))")),
        l("(2,2,4):(0,2,8)")
    );
    // Table 6 prints (2,2):(4,8) for ((2,2),(2,4)):((0,1),(0,2)); that maps offset 1 to
    // coordinate 4 where L is 0. Eq. 26 holds for (2,4):(2,8).
    let a = l("((2,2),(2,4)):((0,1),(0,2))");
    let r = left_inverse(&a);
    assert_eq!(r, l("(2,4):(2,8)"));
    assert!((0..a.size()).all(|k| a.eval(r.eval(a.eval(k))) == a.eval(k)));
}

#[test]
fn max_common_vector_3_4_2() {
    // paper §3.4.2: (4,8):(1,4) and (4,8):(8,1) index 32 contiguous elements each
    assert_eq!(right_inverse(&l("(4,8):(1,4)")).size(), 32);
    assert_eq!(right_inverse(&l("(4,8):(8,1)")).size(), 32);
    // Figure 8a-like: two layouts agreeing on offsets {0,1} at coordinates {0,1}
    assert_eq!(max_common_vector(&l("(2,4):(1,8)"), &l("(2,4):(1,2)")), 2);
    assert_eq!(
        max_common_layout(&l("(2,4):(1,8)"), &l("(2,4):(1,2)")),
        l("2:1")
    );
    // Figure 8b-like: offsets 0..3 at coordinates {0,2,8,10}
    let a = l("((2,2),(2,2)):((4,1),(8,2))");
    let b = l("((2,2),(2,2)):((16,1),(32,2))");
    assert_eq!(max_common_vector(&a, &b), 4);
    assert_eq!(max_common_layout(&a, &b), l("(2,2):(2,8)"));
}

// ---- paper §3.5 Complement ----

#[test]
fn complement_table_7() {
    // paper §3.5, Table 7 (integer rows), complement with respect to cosize(L)
    assert_eq!(complement_full(&l("(4,8):(1,4)")), l("1:32"));
    assert_eq!(complement_full(&l("(4,8):(8,1)")), l("1:32"));
    assert_eq!(complement_full(&l("(4,(4,2)):(4,(1,16))")), l("1:32"));
    assert_eq!(complement_full(&l("(4,8):(1,5)")), l("1:40"));
    assert_eq!(complement_full(&l("(4,8):(1,8)")), l("(2,1):(4,64)"));
    assert_eq!(complement_full(&l("((2,2),(2,4)):((0,1),(0,2))")), l("1:8"));
    assert_eq!(
        complement_full(&l("((2,2),(2,4)):((0,2),(0,4))")),
        l("(2,1):(1,16)")
    );
}

#[test]
fn complement_spec_and_readme() {
    // layout-algebra-spec.md "Complement" example: complement(4:2, 24) = (2,3):(1,8)
    assert_eq!(complement(&l("4:2"), 24), l("(2,3):(1,8)"));
    // A corrected worked example (a published version is wrong): complement(4:32, 256) = (32,2):(1,128)
    assert_eq!(complement(&l("4:32"), 256), l("(32,2):(1,128)"));
    // README: the complement of a non-injective layout is an error (C++), not pycute's 0 shape
    assert_eq!(
        kind(try_complement(&l("(2,2):(1,1)"), 8)),
        ErrorKind::NotInjective
    );
    assert_eq!(
        kind(try_complement(&l("4:-1"), 8)),
        ErrorKind::NegativeStride
    );
}

// ---- paper §3.5.1 Logical product ----

#[test]
fn logical_product_3_5_1() {
    // paper §3.5.1: (3,4):(4,1) ⊗ (2,5):(1,2) = ((3,4),(2,5)):((4,1),(12,24)), complement 1:12
    assert_eq!(complement_full(&l("(3,4):(4,1)")), l("1:12"));
    assert_eq!(
        logical_product(&l("(3,4):(4,1)"), &l("(2,5):(1,2)")),
        l("((3,4),(2,5)):((4,1),(12,24))")
    );
    // paper §3.5.1: (4,8):(20,2) ⊗ (3,2):(2,1) = ((4,8),(3,2)):((20,2),(80,1)), complement (2,1):(1,80)
    assert_eq!(complement_full(&l("(4,8):(20,2)")), l("(2,1):(1,80)"));
    assert_eq!(
        logical_product(&l("(4,8):(20,2)"), &l("(3,2):(2,1)")),
        l("((4,8),(3,2)):((20,2),(80,1))")
    );
    // A corrected worked example (a published version is wrong): logical_product(128:1, 4:32) = (128,4):(1,4096)
    assert_eq!(
        logical_product(&l("128:1"), &l("4:32")),
        l("(128,4):(1,4096)")
    );
}

#[test]
fn blocked_and_raked_products_3_5_1() {
    // paper §3.5.1 and Figure 10: blocked_product((3,4):(4,1), (2,5):(1,2))
    let b = blocked_product(&l("(3,4):(4,1)"), &l("(2,5):(1,2)"));
    assert_eq!(b, l("((3,2),(4,5)):((4,12),(1,24))"));
    // Figure 10, row 1: 4 5 6 7 28 29 ...; row 5 ends with 119
    let at = |r: i64, c: i64| b.try_eval(&DynTuple::ints([r, c])).unwrap();
    assert_eq!(
        (0..6).map(|c| at(1, c)).collect::<Vec<_>>(),
        [4, 5, 6, 7, 28, 29]
    );
    assert_eq!(at(5, 19), 119);
    // paper §3.5.1 and Figure 11: raked_product
    let r = raked_product(&l("(3,4):(4,1)"), &l("(2,5):(1,2)"));
    assert_eq!(r, l("((2,3),(5,4)):((12,4),(24,1))"));
    let at = |row: i64, c: i64| r.try_eval(&DynTuple::ints([row, c])).unwrap();
    // Figure 11, row 1: 12 36 60 84 108 13 ...
    assert_eq!(
        (0..6).map(|c| at(1, c)).collect::<Vec<_>>(),
        [12, 36, 60, 84, 108, 13]
    );
    assert_eq!(at(5, 19), 119);
}

// ---- paper §3.5.2 Logical divide ----

#[test]
fn logical_divide_3_5_2() {
    // paper §3.5.2: 24:1 ∘ 8:3 = 8:3, and 24 ⊘ 8:3 = (8,3):(3,1) (complement 3:1 under 24)
    assert_eq!(composition(&l("24:1"), &l("8:3")), l("8:3"));
    assert_eq!(logical_divide(&l("24:1"), &l("8:3")), l("(8,3):(3,1)"));
    // paper §3.5.2: (6,2,2) ∘ 8:3 has shape (2,2,2); the divide ((2,2,2),3)
    // (the paper gives shapes only; strides chosen so that A does not coalesce)
    assert_eq!(
        composition(&l("(6,2,2):(2,13,100)"), &l("8:3")),
        l("(2,2,2):(6,13,100)")
    );
    assert_eq!(
        logical_divide(&l("(6,2,2):(2,13,100)"), &l("8:3")),
        l("((2,2,2),3):((6,13,100),2)")
    );
    // paper §3.5.2: (8,16):(20,1) ⊘ <4:1, 8:2> = ((4,2),(8,2)):((20,80),(2,1))
    let a = l("(8,16):(20,1)");
    let tl = t("<4:1, 8:2>");
    assert_eq!(logical_divide(&a, &tl), l("((4,2),(8,2)):((20,80),(2,1))"));
    // ... and the zipped form ((4,8),(2,2)):((20,2),(80,1))
    assert_eq!(zipped_divide(&a, &tl), l("((4,8),(2,2)):((20,2),(80,1))"));
    // layout-algebra-spec.md "Division Variants" groupings
    assert_eq!(tiled_divide(&a, &tl), l("((4,8),2,2):((20,2),80,1)"));
    assert_eq!(flat_divide(&a, &tl), l("(4,8,2,2):(20,2,80,1)"));
}

#[test]
fn logical_divide_tv_walkthrough() {
    // tv-partition-walkthrough.txt, "logical_divide Results for Each Permutation"
    // (16,4):(4,1) on 128:128: F stride 512, R stride 128, rest 2 with stride 8192
    assert_eq!(
        logical_divide(&l("128:128"), &l("(16,4):(4,1)")),
        l("((16,4),2):((512,128),8192)")
    );
    // (16,4):(1,16): F stride 128, R stride 2048, rest 2:8192
    assert_eq!(
        logical_divide(&l("128:128"), &l("(16,4):(1,16)")),
        l("((16,4),2):((128,2048),8192)")
    );
    // (16,8):(8,1): F stride 1024, R stride 128, "rest=1, no rest dimension"
    assert_eq!(
        logical_divide(&l("128:128"), &l("(16,8):(8,1)")),
        l("((16,8),1):((1024,128),0)")
    );
    // walkthrough: thread 0's rows are [0,1,2,3,64,65,66,67]
    let d = logical_divide(&l("128:1"), &l("(16,4):(4,1)"));
    let rows: Vec<i64> = (0..2)
        .flat_map(|rest| (0..4).map(move |r| (r, rest)))
        .map(|(r, rest)| {
            d.try_eval(&DynTuple::tuple([
                DynTuple::ints([0, r]),
                DynTuple::int(rest),
            ]))
            .unwrap()
        })
        .collect();
    assert_eq!(rows, [0, 1, 2, 3, 64, 65, 66, 67]);
}

#[test]
fn static_marks() {
    // A result leaf is static iff every input leaf was.
    assert_eq!(
        format!("{:#}", composition(&l("(_4,_8):(_1,_5)"), &l("_8:_2"))),
        "(_2,_4):(_2,_5)"
    );
    assert_eq!(
        format!("{:#}", composition(&l("(_4,_8):(_1,_5)"), &l("8:_2"))),
        "(2,4):(2,5)"
    );
    assert_eq!(format!("{:#}", coalesce(&l("(_2,_4):(_1,_2)"))), "_8:_1");
}

#[test]
fn errors_name_conditions() {
    // Beyond the left inverse's exact search, the mixed-radix construction's condition.
    let e = try_left_inverse(&l("(3,2):(200,300)")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ModesInterleave);
    assert!(e.to_string().contains("3:200 and 2:300"), "{e}");
    assert_eq!(
        try_group_modes(&l("(2,3):(1,2)"), 1, 3).unwrap_err().kind(),
        ErrorKind::RankMismatch
    );
    assert_eq!(
        "<4:1,".parse::<DynTiler>().unwrap_err().kind(),
        ErrorKind::Parse
    );
    let e = std::panic::catch_unwind(|| composition(&l("(4,6,8):(2,3,5)"), &l("6:3"))).unwrap_err();
    let msg = e.downcast_ref::<String>().unwrap();
    assert!(msg.starts_with("stride divisibility (paper Eq. 20) violated: 3 does not divide 4"));
}

#[test]
fn mode_helpers() {
    let a = l("(2,3,4,5):(1,2,6,24)");
    assert_eq!(group_modes(&a, 1, 3), l("(2,(3,4),5):(1,(2,6),24)"));
    assert_eq!(select(&a, &[3, 0]), l("(5,2):(24,1)"));
    assert_eq!(take(&a, 1, 3), l("(3,4):(2,6)"));
    assert_eq!(append(&l("4:1"), &l("2:4")), l("(4,2):(1,4)"));
    assert_eq!(prepend(&l("(4,2):(1,4)"), &l("3:8")), l("(3,4,2):(8,1,4)"));
    assert_eq!(
        make_layout(&[l("4:1"), l("(2,3):(4,8)")]),
        l("(4,(2,3)):(1,(4,8))")
    );
    assert_eq!(
        flatten(&l("((2,2),(4,2)):((1,8),(2,16))")),
        l("(2,2,4,2):(1,8,2,16)")
    );
    assert_eq!(
        filter_zeros(&l("(4,(2,3)):(0,(1,0))")),
        l("(1,(2,1)):(0,(1,0))")
    );
    assert_eq!(filter(&l("(4,(2,3)):(0,(1,2))")), l("6:1"));
}

// ---- hardening ----

/// `L(x)` with floor and mod; the values here are small, so it never overflows.
fn eval_floor(a: &DynLayout, x: i64) -> i64 {
    common::eval_floor(a, x).expect("small values")
}

#[test]
fn logical_divide_refuses_uncovered_tiler() {
    // ((3,2),2):((1,4),8) of size 12 would never visit 3, 7, 11, 15.
    let (a, b) = (l("16:1"), l("(3,2):(1,4)"));
    let e = try_logical_divide(&a, &b).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotSurjective);
    assert!(e.to_string().contains("offset 3 < |A| = 16"), "{e}");
    assert_eq!(kind(try_zipped_divide(&a, &b)), ErrorKind::NotSurjective);
    assert_eq!(kind(try_tiled_divide(&a, &b)), ErrorKind::NotSurjective);
    assert_eq!(kind(try_flat_divide(&a, &b)), ErrorKind::NotSurjective);
    let by_mode = DynTiler::Tuple(vec![DynTiler::from(b.clone()), DynTiler::Skip]);
    assert_eq!(
        kind(try_zipped_divide(&l("(16,2):(1,16)"), &by_mode)),
        ErrorKind::NotSurjective
    );
    // The same tiler covers Z_3: no element of A is lost.
    let r = logical_divide(&l("3:1"), &b);
    let mut seen: Vec<i64> = (0..r.size())
        .map(|i| r.eval(i))
        .filter(|&x| x < 3)
        .collect();
    seen.sort();
    seen.dedup();
    assert_eq!(seen, vec![0, 1, 2]);
    // paper §3.5.2's own example is unaffected.
    assert_eq!(logical_divide(&l("24:1"), &l("8:3")), l("(8,3):(3,1)"));
}

#[test]
fn complement_of_interleaving_injective_layout() {
    // (8,2):(2,5) is injective (16 distinct offsets) but 5 < 8·2.
    let a = l("(8,2):(2,5)");
    let mut img: Vec<i64> = (0..a.size()).map(|i| a.eval(i)).collect();
    img.sort();
    img.dedup();
    assert_eq!(img.len(), 16);
    let e = try_complement(&a, 32).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ModesInterleave);
    assert!(!e.to_string().contains("not injective"), "{e}");
    assert_eq!(
        kind(try_complement(&l("(2,2):(1,1)"), 8)),
        ErrorKind::NotInjective
    );
}

#[test]
fn left_inverse_exists_beyond_mixed_radix() {
    // Strides 2, 9, 24 do not divide one another, yet R(A(i)) = i has
    // layout solutions, e.g. (2,4,3,2):(3,1,0,6).
    for s in [
        "(3,(2,2)):(2,(9,24))",
        "(3,2):(2,3)",
        "(2,3):(3,1)",
        "4:-1",
        "(2,3):(-3,1)",
        // CI found this one: the stride system has a free unknown, and only some of its values
        // give integer strides (the solver now decides integrality exactly).
        "(3,3):(8,-12)",
    ] {
        let a = l(s);
        let r = try_left_inverse(&a).unwrap_or_else(|e| panic!("{s}: {e}"));
        for i in 0..a.size() {
            assert_eq!(
                eval_floor(&r, a.eval(i)),
                i,
                "R = {r} at A({i}) for A = {s}"
            );
        }
    }
    assert_eq!(left_inverse(&l("4:-1")), l("4:-1"));
    // The same with stride-0 and size-1 modes (Eq. 26: A(R(A(i))) = A(i)).
    let a = l("((3,3),(3,1,1)):((0,8),(-12,0,0))");
    let r = try_left_inverse(&a).unwrap_or_else(|e| panic!("{a}: {e}"));
    for i in 0..a.size() {
        assert_eq!(
            a.eval(eval_floor(&r, a.eval(i))),
            a.eval(i),
            "R = {r} at A({i})"
        );
    }
    // Non-injective: no left inverse exists.
    assert_eq!(
        kind(try_left_inverse(&l("(2,2):(1,1)"))),
        ErrorKind::NoLayout
    );
}

#[test]
fn negative_strides_in_composition() {
    // CuTe C++ unit tests: reversals compose.
    assert_eq!(composition(&l("4:1"), &l("4:-1")), l("4:-1"));
    assert_eq!(composition(&l("4:-1"), &l("4:-1")), l("4:1"));
    assert_eq!(composition(&l("4:1"), &l("4:-2")), l("4:-2"));
    // Eq. 17 with floor/mod evaluation of A at negative coordinates.
    for (a, b) in [
        ("(4,3):(1,4)", "4:-1"),
        ("(4,3):(1,5)", "(2,2):(-1,-4)"),
        ("(2,4):(3,1)", "(2,2):(-2,3)"),
    ] {
        let (a, b) = (l(a), l(b));
        let r = composition(&a, &b);
        assert!(b.shape().compatible(r.shape()));
        for i in 0..b.size() {
            assert_eq!(
                r.eval(i),
                eval_floor(&a, b.eval(i)),
                "{a} ∘ {b} = {r} at {i}"
            );
        }
    }
    // No layout: A(0), A(-1), A(-2) = 0, -2, -3 is not linear (the type level's kind and
    // text too: one rule, `cute_layout::rules::compose::compose_negative_leaf`).
    assert_eq!(
        kind(try_composition(&l("(4,3):(1,5)"), &l("3:-1"))),
        ErrorKind::NegativeStride
    );
}

#[test]
fn size_one_modes_take_any_stride() {
    // A size-1 mode's stride never contributes.
    let a = l("(4,1):(1,-1)");
    assert_eq!(complement(&a, 8), complement(&l("4:1"), 8));
    assert_eq!(left_inverse(&a), left_inverse(&l("4:1")));
    let m = l("1:-9223372036854775808");
    assert_eq!(m.stride().as_int(), Some(i64::MIN));
    assert_eq!(m.eval(0), 0);
    assert_eq!(coalesce(&m), l("1:0"));
}

#[test]
fn huge_tables_are_refused() {
    // 2 × 2^40 cells would be allocated before printing.
    let a = DynLayout::new(DynTuple::ints([2, 1 << 40]), DynTuple::ints([1, 2])).unwrap();
    assert_eq!(a.to_table().unwrap_err().kind(), ErrorKind::TooLarge);
    assert_eq!(
        cute_layout::print_layout(&a).unwrap_err().kind(),
        ErrorKind::TooLarge
    );
    let ok = DynLayout::new(DynTuple::ints([1024, 1024]), DynTuple::ints([1, 1024])).unwrap();
    assert_eq!(ok.size(), cute_layout::print::MAX_TABLE_CELLS);
    assert!(ok.to_table().is_ok());
    let over = DynLayout::new(DynTuple::ints([1025, 1024]), DynTuple::ints([1, 1025])).unwrap();
    assert_eq!(over.to_table().unwrap_err().kind(), ErrorKind::TooLarge);
}

#[test]
fn deep_tuples_are_refused_not_overflowing() {
    // 100,000 levels; building, measuring, printing and dropping must not
    // recurse, and DynLayout::new refuses past MAX_DEPTH.
    use cute_layout::dynamic::MAX_DEPTH;
    let deep = |n: usize| {
        let mut t = DynTuple::int(1);
        for _ in 0..n {
            t = DynTuple::tuple([t]);
        }
        t
    };
    // Run on a small stack so that any recursion per level shows.
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let t = deep(100_000);
            assert_eq!(t.depth(), 100_000);
            assert_eq!(t.size().unwrap(), 1);
            assert!(t.congruent(&deep(100_000)));
            assert_eq!(t.to_string().len(), 200_001);
            let e = DynLayout::new(t, deep(100_000)).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::TooLarge);
            assert!(DynLayout::new(deep(MAX_DEPTH), deep(MAX_DEPTH)).is_ok());
            assert_eq!(
                DynLayout::new(deep(MAX_DEPTH + 1), deep(MAX_DEPTH + 1))
                    .unwrap_err()
                    .kind(),
                ErrorKind::TooLarge
            );
            // The parser has the same limit.
            let text = |n: usize| format!("{}1{}", "(".repeat(n), ")".repeat(n));
            assert!(text(MAX_DEPTH).parse::<DynLayout>().is_ok());
            assert_eq!(
                text(MAX_DEPTH + 1).parse::<DynLayout>().unwrap_err().kind(),
                ErrorKind::Parse
            );
        })
        .unwrap()
        .join()
        .unwrap();
}
