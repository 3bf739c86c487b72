//! One generic function per operation, bounded only on the operation's verb trait, run over a
//! static, a mixed and a runtime-structured (`DynLayout`) layout: each kind goes through the
//! same trait surface. The static and mixed results come from the type-level engine,
//! the `DynLayout` results from the runtime engine; all must agree, and with the paper's or
//! CuTe's worked example where one is given.

use core::fmt::Display;

use cute_layout::ops::*;
use cute_layout::typenum::{U1, U3};
use cute_layout::{layout, DynLayout};

fn dl(s: &str) -> DynLayout {
    s.parse().unwrap()
}

/// The same function: equal sizes and equal offsets at every index. A mixed result may keep
/// modes that the static one merges (a runtime stride or a runtime size-1 mode cannot be
/// proven away at compile time, as in CuTe C++), so mixed results are compared as functions.
fn same_function(a: &str, b: &str) -> bool {
    let (a, b) = (dl(a), dl(b));
    a.size() == b.size() && (0..a.size()).all(|i| a.eval(i) == b.eval(i))
}

/// The kinds of a layout (static first, `DynLayout` last), through one generic function `f`:
/// the static and `DynLayout` results print the same (and `expected` where given), the mixed
/// ones are the same function.
macro_rules! same_over_kinds {
    ($f:ident, $expected:expr, [$($kind:expr),+ $(,)?]) => {{
        let results: Vec<String> = vec![$($f($kind).to_string()),+];
        let (first, last) = (&results[0], &results[results.len() - 1]);
        assert_eq!(first, last, "{}: the static and runtime engines disagree", stringify!($f));
        for r in &results {
            assert!(same_function(r, first), "{}: {r} is not {first}", stringify!($f));
        }
        let expected: Option<&str> = $expected;
        if let Some(e) = expected {
            assert_eq!(first, e, "{}", stringify!($f));
        }
    }};
}

// One generic function per operation: the verb trait is the only bound.
fn coalesce<L: Coalesce<Output: Display>>(l: L) -> CoalesceOf<L> {
    l.coalesce()
}
fn filter_zeros<L: FilterZeros<Output: Display>>(l: L) -> FilterZerosOf<L> {
    l.filter_zeros()
}
fn filter<L: Filter<Output: Display>>(l: L) -> FilterOf<L> {
    l.filter()
}
fn flatten<L: Flatten<Output: Display>>(l: L) -> FlattenOf<L> {
    l.flatten()
}
fn complement_full<L: ComplementFull<Output: Display>>(l: L) -> ComplementFullOf<L> {
    l.complement_full()
}
fn right_inverse<L: RightInverse<Output: Display>>(l: L) -> RightInverseOf<L> {
    l.right_inverse()
}
fn left_inverse<L: LeftInverse<Output: Display>>(l: L) -> LeftInverseOf<L> {
    l.left_inverse()
}
fn group_modes_1_3<L: GroupModes<U1, U3, Output: Display>>(l: L) -> GroupModesOf<L, U1, U3> {
    l.group_modes()
}
fn compose<L: Compose<B>, B>(l: L, b: B) -> ComposeOf<L, B> {
    l.compose(b)
}
fn complement<L: Complement<M>, M>(l: L, m: M) -> ComplementOf<L, M> {
    l.complement(m)
}
fn coalesce_by_mode<L: CoalesceByMode<P>, P>(l: L, p: P) -> CoalesceByModeOf<L, P> {
    l.coalesce_by_mode(p)
}
fn logical_divide<L: LogicalDivide<T>, T>(l: L, t: T) -> LogicalDivideOf<L, T> {
    l.logical_divide(t)
}
fn zipped_divide<L: ZippedDivide<T>, T>(l: L, t: T) -> ZippedDivideOf<L, T> {
    l.zipped_divide(t)
}
fn tiled_divide<L: TiledDivide<T>, T>(l: L, t: T) -> TiledDivideOf<L, T> {
    l.tiled_divide(t)
}
fn flat_divide<L: FlatDivide<T>, T>(l: L, t: T) -> FlatDivideOf<L, T> {
    l.flat_divide(t)
}
fn logical_product<L: LogicalProduct<T>, T>(l: L, t: T) -> LogicalProductOf<L, T> {
    l.logical_product(t)
}
fn zipped_product<L: ZippedProduct<T>, T>(l: L, t: T) -> ZippedProductOf<L, T> {
    l.zipped_product(t)
}
fn tiled_product<L: TiledProduct<T>, T>(l: L, t: T) -> TiledProductOf<L, T> {
    l.tiled_product(t)
}
fn flat_product<L: FlatProduct<T>, T>(l: L, t: T) -> FlatProductOf<L, T> {
    l.flat_product(t)
}
fn blocked_product<L: BlockedProduct<B>, B>(l: L, b: B) -> BlockedProductOf<L, B> {
    l.blocked_product(b)
}
fn raked_product<L: RakedProduct<B>, B>(l: L, b: B) -> RakedProductOf<L, B> {
    l.raked_product(b)
}
fn max_common_vector<L: MaxCommonVector<B>, B>(l: L, b: &B) -> i64 {
    l.max_common_vector(b)
}
fn max_common_layout<L: MaxCommonLayout<B>, B>(l: L, b: &B) -> MaxCommonLayoutOf<L, B> {
    l.max_common_layout(b)
}

#[test]
fn nullary_operations_over_every_kind() {
    let n = 6i64; // a runtime value
    same_over_kinds!(
        coalesce,
        Some("12:1"),
        [
            layout!((2,(1,6)):(1,(6,2))),
            layout!((2,(1,{n})):(1,(6,2))).unwrap(),
            dl("(2,(1,6)):(1,(6,2))"),
        ]
    );
    same_over_kinds!(
        filter_zeros,
        Some("(4,1,8):(1,0,4)"),
        [
            layout!((4,2,8):(1,0,4)),
            layout!((4,2,{8}):(1,0,4)).unwrap(),
            dl("(4,2,8):(1,0,4)"),
        ]
    );
    same_over_kinds!(
        filter,
        Some("32:1"),
        [
            layout!((4,2,8):(1,0,4)),
            layout!((4,2,8):(1,0,{4})).unwrap(),
            dl("(4,2,8):(1,0,4)"),
        ]
    );
    same_over_kinds!(
        flatten,
        Some("(4,2,2):(1,8,4)"),
        [
            layout!((4,(2,2)):(1,(8,4))),
            layout!((4,({2},2)):(1,(8,4))).unwrap(),
            dl("(4,(2,2)):(1,(8,4))"),
        ]
    );
    // Table 7.
    same_over_kinds!(
        complement_full,
        Some("(2,1):(4,64)"),
        [layout!((4,8):(1,8)), dl("(4,8):(1,8)"),]
    );
    // Tables 5 and 6.
    same_over_kinds!(
        right_inverse,
        Some("(8,4):(4,1)"),
        [layout!((4,8):(8,1)), dl("(4,8):(8,1)"),]
    );
    same_over_kinds!(
        left_inverse,
        Some("(5,8):(1,4)"),
        [layout!((4,8):(1,5)), dl("(4,8):(1,5)"),]
    );
    same_over_kinds!(
        group_modes_1_3,
        Some("(2,(3,4),5):(1,(2,6),24)"),
        [
            layout!((2,3,4,5):(1,2,6,24)),
            layout!((2,3,{4},5):(1,2,6,24)).unwrap(),
            dl("(2,3,4,5):(1,2,6,24)"),
        ]
    );
}

#[test]
fn operations_with_an_argument_over_every_kind() {
    // Paper §3.3.3: (4,6,8,10):(2,3,5,7) ∘ 6:12 = (2,3):(9,5); the argument in every kind too.
    let a = || layout!((4,6,8,10):(2,3,5,7));
    let ad = || dl("(4,6,8,10):(2,3,5,7)");
    let e = "(2,3):(9,5)";
    assert_eq!(compose(a(), layout!(6:12)).to_string(), e);
    let mixed = compose(a(), layout!({6}:12).unwrap()).to_string();
    assert!(same_function(&mixed, e), "{mixed}");
    assert_eq!(compose(a(), dl("6:12")).to_string(), e);
    assert_eq!(compose(ad(), layout!(6:12)).to_string(), e);
    assert_eq!(compose(ad(), &dl("6:12")).to_string(), e);

    // complement(4:2, 24) = (2,3):(1,8) (paper §3.2).
    assert_eq!(
        complement(layout!(4:2), cute_layout::typenum::U24::default()).to_string(),
        "(2,3):(1,8)"
    );
    assert_eq!(complement(layout!(4:2), 24i64).to_string(), "(2,3):(1,8)");
    assert_eq!(complement(dl("4:2"), 24i64).to_string(), "(2,3):(1,8)");

    // The paper's ⟨*,*⟩: coalesce((2,(1,6)):(1,(6,2)), (1,1)) = (2,6):(1,2).
    type P = (U1, U1);
    let p: P = Default::default();
    let a = layout!((2,(1,6)):(1,(6,2)));
    assert_eq!(coalesce_by_mode::<_, P>(a, p).to_string(), "(2,6):(1,2)");
    let a = dl("(2,(1,6)):(1,(6,2))");
    assert_eq!(coalesce_by_mode::<_, P>(a, p).to_string(), "(2,6):(1,2)");

    // TV walkthrough: 128:128 ⊘ (16,4):(4,1).
    let e = "((16,4),2):((512,128),8192)";
    assert_eq!(
        logical_divide(layout!(128:128), layout!((16,4):(4,1))).to_string(),
        e
    );
    assert_eq!(
        logical_divide(layout!({128}:128).unwrap(), layout!((16,4):(4,1))).to_string(),
        e
    );
    assert_eq!(
        logical_divide(dl("128:128"), layout!((16,4):(4,1))).to_string(),
        e
    );
    assert_eq!(
        logical_divide(layout!(128:128), dl("(16,4):(4,1)")).to_string(),
        e
    );

    // CuTe's by-mode example: (9,(4,8)):(59,(13,1)) ⊘ <3:3, (2,4):(1,8)>, and its regroupings
    // (layout-algebra spec: zipped ((T0,T1),(R0,R1)), tiled ((T0,T1),R0,R1), flat (T0,T1,R0,R1)).
    let t = || (layout!(3:3), layout!((2,4):(1,8)));
    let a = || layout!((9,(4,8)):(59,(13,1)));
    let ad = || dl("(9,(4,8)):(59,(13,1))");
    for (static_, runtime) in [
        (
            logical_divide(a(), t()).to_string(),
            logical_divide(ad(), t()).to_string(),
        ),
        (
            zipped_divide(a(), t()).to_string(),
            zipped_divide(ad(), t()).to_string(),
        ),
        (
            tiled_divide(a(), t()).to_string(),
            tiled_divide(ad(), t()).to_string(),
        ),
        (
            flat_divide(a(), t()).to_string(),
            flat_divide(ad(), t()).to_string(),
        ),
    ] {
        assert_eq!(static_, runtime);
    }
    assert_eq!(
        logical_divide(a(), t()).to_string(),
        "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))"
    );
    assert_eq!(
        zipped_divide(a(), t()).to_string(),
        "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))"
    );
    assert_eq!(
        tiled_divide(a(), t()).to_string(),
        "((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))"
    );
    assert_eq!(
        flat_divide(a(), t()).to_string(),
        "(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))"
    );

    // Paper §3.5.1 (Figure 10): (3,4):(4,1) ⊗ (2,5):(1,2), and the blocked and raked products.
    let a = || layout!((3,4):(4,1));
    let ad = || dl("(3,4):(4,1)");
    let b = || layout!((2,5):(1,2));
    assert_eq!(
        logical_product(a(), b()).to_string(),
        "((3,4),(2,5)):((4,1),(12,24))"
    );
    assert_eq!(
        blocked_product(a(), b()).to_string(),
        "((3,2),(4,5)):((4,12),(1,24))"
    );
    assert_eq!(
        raked_product(a(), b()).to_string(),
        "((2,3),(5,4)):((12,4),(24,1))"
    );
    for (static_, runtime) in [
        (
            logical_product(a(), b()).to_string(),
            logical_product(ad(), b()).to_string(),
        ),
        (
            zipped_product(a(), b()).to_string(),
            zipped_product(ad(), b()).to_string(),
        ),
        (
            tiled_product(a(), b()).to_string(),
            tiled_product(ad(), b()).to_string(),
        ),
        (
            flat_product(a(), b()).to_string(),
            flat_product(ad(), b()).to_string(),
        ),
        (
            blocked_product(a(), b()).to_string(),
            blocked_product(ad(), b()).to_string(),
        ),
        (
            raked_product(a(), b()).to_string(),
            raked_product(ad(), dl("(2,5):(1,2)")).to_string(),
        ),
    ] {
        assert_eq!(static_, runtime);
    }
    let mixed = blocked_product(layout!(({3},4):(4,1)).unwrap(), b()).to_string();
    assert!(
        same_function(&mixed, &blocked_product(a(), b()).to_string()),
        "{mixed}"
    );

    // Paper Eq. 25.
    assert_eq!(
        max_common_vector(layout!((4,8):(1,4)), &layout!((4,8):(1,4))),
        32
    );
    assert_eq!(
        max_common_vector(dl("(4,8):(1,4)"), &layout!((4,8):(1,4))),
        32
    );
    assert_eq!(
        max_common_vector(layout!((4,8):(1,4)), &dl("(4,8):(1,4)")),
        32
    );
    assert_eq!(
        max_common_layout(layout!((2,4):(1,8)), &layout!((2,4):(1,2))).to_string(),
        "2:1"
    );
    assert_eq!(
        max_common_layout(dl("(2,4):(1,8)"), &dl("(2,4):(1,2)")).to_string(),
        "2:1"
    );
}

/// A refused runtime argument is an error through the same surface, never a panic.
#[test]
fn refusals_go_through_the_same_surface() {
    let e = dl("(4,6,8,10):(2,3,5,7)")
        .try_compose(dl("7:1"))
        .unwrap_err();
    assert_eq!(e.kind(), cute_layout::ErrorKind::ShapeDivisibility, "{e}");
    let e = layout!((4,6,8,10):(2,3,5,7))
        .try_compose(dl("7:1"))
        .unwrap_err();
    assert_eq!(e.kind(), cute_layout::ErrorKind::ShapeDivisibility, "{e}");
    let e = dl("4:1").try_logical_divide(-3i64).unwrap_err();
    assert!(e.to_string().contains("-3"), "{e}");
}
