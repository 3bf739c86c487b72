//! The worked examples of the runtime-engine issue, checked in the type system: each result is
//! a type, pinned with `assert_type_eq_all!` (a failure is a compile error of this test file).
//! Sources are cited per check; the same examples are checked on `DynLayout` in
//! `tests/runtime_worked_examples.rs`, and Tables 5 and 6 in `tests/typelevel_inverse.rs`.
//! The last section holds the first checks of the type-level engine (paper §3.3.3, Table 4).

use cute_layout::ops::{
    BlockedProduct, BlockedProductOf, CoalesceOf, ComplementFull, ComplementOf, ComposeOf,
    FlatDivide, LogicalDivideOf, LogicalProductOf, RakedProduct, TiledDivide, Underscore,
    ZippedDivideOf,
};
use cute_layout::typenum::*;
use cute_layout::{layout, Layout};
use static_assertions::assert_type_eq_all as same;

#[test]
fn coalesce_paper_3_2() {
    // paper §3.2: (2,(1,6)):(1,(6,2)) coalesces to 12:1
    same!(CoalesceOf<Layout![(2,(1,6)):(1,(6,2))]>, Layout![12:1]);
    // paper §3.2: ((4,3),5):((15,1),3) and (4,(3,5)):(15,(1,3)) both coalesce to (4,15):(15,1)
    same!(
        CoalesceOf<Layout![((4,3),5):((15,1),3)]>,
        Layout![(4,15):(15,1)]
    );
    same!(
        CoalesceOf<Layout![(4,(3,5)):(15,(1,3))]>,
        Layout![(4,15):(15,1)]
    );
    // A corrected worked example (a published version is wrong): (2,4):(4,1) does not coalesce
    same!(CoalesceOf<Layout![(2,4):(4,1)]>, Layout![(2,4):(4,1)]);
}

#[test]
fn composition_paper_3_3() {
    // paper §3.3.1: the associativity counterexample's parts
    same!(ComposeOf<Layout![(5,3):(1,7)], Layout![2:5]>, Layout![2:7]);
    same!(ComposeOf<Layout![4:1], Layout![2:5]>, Layout![2:5]);
    // paper §3.3.3: rank-1 left-hand layouts
    same!(ComposeOf<Layout![7:11], Layout![3:4]>, Layout![3:44]);
    same!(ComposeOf<Layout![7:11], Layout![(3,5):(6,3)]>, Layout![(3,5):(66,33)]);
    // paper §3.3.3: divide out, then keep
    same!(ComposeOf<Layout![(4,6,8,10):(2,3,5,7)], Layout![6:12]>, Layout![(2,3):(9,5)]);
    // paper §3.3.3 "Apparent Violations": accepted after coalescing and truncating A
    same!(ComposeOf<Layout![(4,2,8):(3,12,97)], Layout![3:3]>, Layout![3:9]);
    // A corrected worked example (a published version is wrong): B past A's domain runs on A's extended last mode
    same!(ComposeOf<Layout![(1,1):(1,1)], Layout![4:1]>, Layout![4:1]);
    // paper §3.5.2: 24:1 ∘ 8:3 = 8:3
    same!(ComposeOf<Layout![24:1], Layout![8:3]>, Layout![8:3]);
    // (the rejected examples of §3.3.3 are compile-fail tests: ui-tests/compose_*.rs)
}

#[test]
fn composition_table_4() {
    // paper Table 4, integer rows: data layouts composed with the TV layout ((4,8),2):((16,1),8)
    type Tv = Layout![((4,8),2):((16,1),8)];
    same!(ComposeOf<Layout![(8,8):(1,8)], Tv>, Layout![((4,8),2):((16,1),8)]);
    same!(ComposeOf<Layout![(8,8):(8,1)], Tv>, Layout![((4,8),2):((2,8),1)]);
    same!(ComposeOf<Layout![(8,8):(1,9)], Tv>, Layout![((4,8),2):((18,1),9)]);
    same!(
        ComposeOf<Layout![((4,2),(2,4)):((2,16),(1,8))], Tv>,
        Layout![((4,(4,2)),2):((8,(2,16)),1)]
    );
}

#[test]
fn composition_tilers_3_3_5() {
    // paper §3.3.5 / Figure 7: a 4x8 sublayout of an 8x16 layout, by mode
    let a = layout!((8,16):(20,1));
    let r = a.compose((layout!(4:1), layout!(8:1)));
    let _: Layout![(4,8):(20,1)] = r;
    // an integer tile n is n:1, and `_` keeps a mode
    let _: Layout![(4,8):(20,1)] = a.compose((U4::default(), U8::default()));
    let _: Layout![(8,8):(20,2)] = a.compose((Underscore, layout!(8:2)));
    // modes beyond the tiler's length are dropped (CuTe C++ and PyCuTe: a tiler selects)
    let _: Layout![(4):(20)] = a.compose((layout!(4:1),));
}

#[test]
fn complement_table_7() {
    // paper Table 7 (integer rows): complement with respect to cosize(L)
    let _: Layout![1:32] = layout!((4,8):(1,4)).complement_full();
    let _: Layout![1:32] = layout!((4,8):(8,1)).complement_full();
    let _: Layout![1:32] = layout!((4,(4,2)):(4,(1,16))).complement_full();
    let _: Layout![1:40] = layout!((4,8):(1,5)).complement_full();
    let _: Layout![(2,1):(4,64)] = layout!((4,8):(1,8)).complement_full();
    let _: Layout![1:8] = layout!(((2,2),(2,4)):((0,1),(0,2))).complement_full();
    let _: Layout![(2,1):(1,16)] = layout!(((2,2),(2,4)):((0,2),(0,4))).complement_full();
    // layout-algebra-spec.md: complement(4:2, 24) = (2,3):(1,8)
    same!(ComplementOf<Layout![4:2], U24>, Layout![(2,3):(1,8)]);
    // A corrected worked example (a published version is wrong): complement(4:32, 256) = (32,2):(1,128)
    same!(ComplementOf<Layout![4:32], U256>, Layout![(32,2):(1,128)]);
    // paper §3.5.1: the complements used by its two product examples
    let _: Layout![1:12] = layout!((3,4):(4,1)).complement_full();
    let _: Layout![(2,1):(1,80)] = layout!((4,8):(20,2)).complement_full();
    let _ = ComplementFull::complement_full(&layout!(4:1));
}

#[test]
fn products_3_5_1() {
    // paper §3.5.1
    same!(
        LogicalProductOf<Layout![(3,4):(4,1)], Layout![(2,5):(1,2)]>,
        Layout![((3,4),(2,5)):((4,1),(12,24))]
    );
    same!(
        LogicalProductOf<Layout![(4,8):(20,2)], Layout![(3,2):(2,1)]>,
        Layout![((4,8),(3,2)):((20,2),(80,1))]
    );
    // A corrected worked example (a published version is wrong): logical_product(128:1, 4:32) = (128,4):(1,4096)
    same!(LogicalProductOf<Layout![128:1], Layout![4:32]>, Layout![(128,4):(1,4096)]);
    // paper §3.5.1, Figures 10 and 11
    same!(
        BlockedProductOf<Layout![(3,4):(4,1)], Layout![(2,5):(1,2)]>,
        Layout![((3,2),(4,5)):((4,12),(1,24))]
    );
    let r = RakedProduct::raked_product(&layout!((3,4):(4,1)), layout!((2,5):(1,2)));
    let _: Layout![((2,3),(5,4)):((12,4),(24,1))] = r;
    // Figure 11, row 1: 12 36 60 84 108 13 ...
    assert_eq!(
        (0..6).map(|c| r.call((1, c))).collect::<Vec<_>>(),
        [12, 36, 60, 84, 108, 13]
    );
    let b = BlockedProduct::blocked_product(&layout!((3,4):(4,1)), layout!((2,5):(1,2)));
    assert_eq!(b.call((5, 19)), 119); // Figure 10, last cell
}

#[test]
fn divides_3_5_2() {
    // paper §3.5.2: 24 ⊘ 8:3 = (8,3):(3,1)
    same!(LogicalDivideOf<Layout![24:1], Layout![8:3]>, Layout![(8,3):(3,1)]);
    // paper §3.5.2 (shapes only in the paper; strides chosen so that A does not coalesce)
    same!(
        LogicalDivideOf<Layout![(6,2,2):(2,13,100)], Layout![8:3]>,
        Layout![((2,2,2),3):((6,13,100),2)]
    );
    // paper §3.5.2: (8,16):(20,1) by <4:1, 8:2>, in all four groupings
    type A = Layout![(8,16):(20,1)];
    type T = (Layout![4:1], Layout![8:2]);
    same!(LogicalDivideOf<A, T>, Layout![((4,2),(8,2)):((20,80),(2,1))]);
    same!(ZippedDivideOf<A, T>, Layout![((4,8),(2,2)):((20,2),(80,1))]);
    let a = layout!((8,16):(20,1));
    let _: Layout![((4,8),2,2):((20,2),80,1)] =
        TiledDivide::tiled_divide(&a, (layout!(4:1), layout!(8:2)));
    let _: Layout![(4,8,2,2):(20,2,80,1)] =
        FlatDivide::flat_divide(&a, (layout!(4:1), layout!(8:2)));
}

#[test]
fn tv_walkthrough() {
    // tv-partition-walkthrough.txt, "logical_divide Results for Each Permutation"
    same!(
        LogicalDivideOf<Layout![128:128], Layout![(16,4):(4,1)]>,
        Layout![((16,4),2):((512,128),8192)]
    );
    same!(
        LogicalDivideOf<Layout![128:128], Layout![(16,4):(1,16)]>,
        Layout![((16,4),2):((128,2048),8192)]
    );
    same!(
        LogicalDivideOf<Layout![128:128], Layout![(16,8):(8,1)]>,
        Layout![((16,8),1):((1024,128),0)]
    );
    // thread 0's rows are 0,1,2,3,64,65,66,67
    let d = layout!(128:1).logical_divide(layout!((16,4):(4,1)));
    let rows: Vec<i64> = (0..2)
        .flat_map(|rest| (0..4).map(move |r| d.call(((0, r), rest))))
        .collect();
    assert_eq!(rows, [0, 1, 2, 3, 64, 65, 66, 67]);
    let _ = U128::default();
}

// ---- First checks of the type-level engine: coalesce, composition (paper §3.3.3, Table 4),
// complement, on static and mixed layouts. ----

#[test]
fn coalesce_static() {
    type A = Layout<(U2, (U1, U6)), (U1, (U6, U2))>;
    same!(CoalesceOf<A>, Layout<U12, U1>);
    type B = Layout<((U4, U3), U5), ((U15, U1), U3)>;
    same!(CoalesceOf<B>, Layout<(U4, U15), (U15, U1)>);
    type C = Layout<(U1, U1), (U3, U5)>;
    same!(CoalesceOf<C>, Layout<U1, U0>);
    type Dn = Layout<(U2, U4), (U4, U1)>;
    same!(CoalesceOf<Dn>, Layout<(U2, U4), (U4, U1)>);
    let m = Layout::try_new(
        (U2::default(), (1i64, 6i64)),
        (U1::default(), (6i64, U2::default())),
    )
    .unwrap();
    let c = m.coalesce();
    for i in 0..12 {
        assert_eq!(c.eval(i), m.eval(i));
    }
    println!("{c:#}");
}

#[test]
fn compose_static() {
    // Paper §3.3.3
    type A = Layout<(U4, U6, U8, U10), (U2, U3, U5, U7)>;
    same!(ComposeOf<A, Layout<U6, U12>>, Layout<(U2, U3), (U9, U5)>);
    type A2 = Layout<(U4, U2, U8), (U3, U12, U97)>;
    same!(ComposeOf<A2, Layout<U3, U3>>, Layout<U3, U9>);
    same!(ComposeOf<Layout<U7, U11>, Layout<(U3, U5), (U6, U3)>>, Layout<(U3, U5), (U66, U33)>);
    same!(ComposeOf<Layout<(U1, U1), (U1, U1)>, Layout<U4, U1>>, Layout<U4, U1>);
    // Table 4 rows
    type TV = Layout<((U4, U8), U2), ((U16, U1), U8)>;
    same!(ComposeOf<Layout<(U8, U8), (U1, U8)>, TV>, TV);
    same!(ComposeOf<Layout<(U8, U8), (U8, U1)>, TV>, Layout<((U4, U8), U2), ((U2, U8), U1)>);
    same!(ComposeOf<Layout<(U8, U8), (U1, U9)>, TV>, Layout<((U4, U8), U2), ((U18, U1), U9)>);
    same!(
        ComposeOf<Layout<((U4, U2), (U2, U4)), ((U2, U16), (U1, U8))>, TV>,
        Layout<((U4, (U4, U2)), U2), ((U8, (U2, U16)), U1)>
    );
    let a = Layout::<(U4, U6, U8), (U2, U3, U5)>::new();
    let m = Layout::try_new(6i64, 3i64).unwrap();
    let e = a.try_compose(m).unwrap_err();
    println!("{e}");
    let m = Layout::try_new(6i64, 1i64).unwrap();
    println!("{}", a.try_compose(m).unwrap_err());
    let m = Layout::try_new(6i64, 12i64).unwrap();
    let r = Layout::<(U4, U6, U8, U10), (U2, U3, U5, U7)>::new().compose(m);
    println!("{r:#}");
    for i in 0..6 {
        assert_eq!(
            r.eval(i),
            Layout::<(U4, U6, U8, U10), (U2, U3, U5, U7)>::new().eval(12 * i)
        );
    }
}

#[test]
fn complement_static() {
    same!(ComplementOf<Layout<U4, U2>, U24>, Layout<(U2, U3), (U1, U8)>);
    let c = Layout::<(U4, U8), (U1, U8)>::new().complement_full();
    assert_eq!(c.to_string(), "(2,1):(4,64)");
    assert_eq!(
        Layout::<(U4, U8), (U1, U4)>::new()
            .complement_full()
            .to_string(),
        "1:32"
    );
    assert_eq!(
        Layout::<(U4, U8), (U8, U1)>::new()
            .complement_full()
            .to_string(),
        "1:32"
    );
    assert_eq!(
        Layout::<(U4, U8), (U1, U5)>::new()
            .complement_full()
            .to_string(),
        "1:40"
    );
    assert_eq!(
        Layout::<((U2, U2), (U2, U4)), ((U0, U1), (U0, U2))>::new()
            .complement_full()
            .to_string(),
        "1:8"
    );
    assert_eq!(
        Layout::<((U2, U2), (U2, U4)), ((U0, U2), (U0, U4))>::new()
            .complement_full()
            .to_string(),
        "(2,1):(1,16)"
    );
    let m = Layout::try_new(4i64, 2i64).unwrap();
    assert_eq!(m.complement(24i64).to_string(), "(2,3):(1,8)");
}

#[test]
fn mixed_composition_distributivity_is_checked_at_run_time() {
    use cute_layout::layout;
    use cute_layout::ErrorKind;
    let v = std::hint::black_box;
    // B's modes 2:1 and 2:1 overlap: not distributive over A's two modes (paper Eq. 23).
    let b = layout!(({v(2)},{v(2)}):(1,1)).unwrap();
    let e = layout!((4,4):(1,8)).try_compose(b).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotDistributive);
    // Segregated modes 2:1 and 2:2 distribute: (2,2):(1,2) of (4,4):(1,8) is (2,2):(1,2).
    let b = layout!(({v(2)},{v(2)}):(1,2)).unwrap();
    let r = layout!((4,4):(1,8)).compose(b);
    assert_eq!((0..4).map(|i| r.eval(i)).collect::<Vec<_>>(), [0, 1, 2, 3]);
}
