//! One error text per condition, whichever engine reports it: the same violation fed to a mixed
//! `Layout` (the type level's runtime checks) and to its `to_dyn()` (the runtime engine) gives
//! the same `ErrorKind` and the same message, since both call the one rule in
//! `cute_layout::rules`. Before the rules were shared the texts differed (e.g. Eq. 20:
//! "3 does not divide 4 and 4 does not divide 3" at the type level against "... (mode 1 of
//! (4,6,8):(2,3,5))" at run time; a negative stride: `NegativeStride` against
//! `StrideDivisibility`).
//!
//! A's modes are chosen so that neither engine can coalesce them (the type level coalesces
//! only what its types know, the runtime engine everything), so both walk the same modes.

use crate::common;

use common::v;
use cute_layout::{algebra, layout, DynLayout, ErrorKind, LayoutError};

/// Both engines' errors for the same inputs: kinds and texts equal, and the kind the one
/// expected.
#[track_caller]
fn same_error(
    mixed: Result<DynLayout, LayoutError>,
    dynamic: Result<DynLayout, LayoutError>,
    kind: ErrorKind,
) {
    let (m, d) = match (mixed, dynamic) {
        (Err(m), Err(d)) => (m, d),
        (m, d) => panic!("expected two errors, got {m:?} (type level) and {d:?} (runtime)"),
    };
    assert_eq!(m.kind(), kind, "{m}");
    assert_eq!(d.kind(), kind, "{d}");
    assert_eq!(m.to_string(), d.to_string());
}

/// Composition's stride divisibility condition (paper Eq. 20, §3.3.3's example).
#[test]
fn stride_divisibility() {
    let a = layout!((4,6,8):(2,3,5));
    let b = layout!({v(6)}:{v(3)}).unwrap();
    let dynamic = algebra::try_composition(&a.to_dyn(), &b.to_dyn());
    same_error(
        a.try_compose(b).map(DynLayout::from),
        dynamic,
        ErrorKind::StrideDivisibility,
    );
}

/// Composition's shape divisibility condition (paper Eq. 21, §3.3.3's example).
#[test]
fn shape_divisibility() {
    let a = layout!((4,6,8):(2,3,5));
    let b = layout!({v(6)}:{v(1)}).unwrap();
    let dynamic = algebra::try_composition(&a.to_dyn(), &b.to_dyn());
    same_error(
        a.try_compose(b).map(DynLayout::from),
        dynamic,
        ErrorKind::ShapeDivisibility,
    );
}

/// A negative stride that no layout composes: `(3,2):(1,10) ∘ 6:-1` takes `i` to
/// 0,-8,-9,-10,-18,-19 (A at negative coordinates with floor and mod, paper Eq. 4).
#[test]
fn negative_stride_no_layout() {
    let a = layout!(({v(3)},2):(1,10)).unwrap();
    let b = layout!({v(6)}:{v(-1)}).unwrap();
    let dynamic = algebra::try_composition(&a.to_dyn(), &b.to_dyn());
    same_error(
        a.try_compose(b).map(DynLayout::from),
        dynamic,
        ErrorKind::NegativeStride,
    );
}

/// Left-distributivity (paper Eq. 22-23): the leaves of `(3,2):(1,2)` overlap in `(4,8):(1,5)`,
/// and A(B(i)) = 0,1,2,2,3,5 is no layout of a shape refining (3,2).
#[test]
fn not_distributive() {
    let a = layout!((4,8):(1,5));
    let b = layout!(({v(3)},2):(1,2)).unwrap();
    let dynamic = algebra::try_composition(&a.to_dyn(), &b.to_dyn());
    same_error(
        a.try_compose(b).map(DynLayout::from),
        dynamic,
        ErrorKind::NotDistributive,
    );
}

/// The divides' covering condition (paper §3.5.2): `((2,2):(1,3), complement)` never reaches
/// offset 2 of `Z_12` (the smaller mode spans 2, which does not divide the stride 3).
#[test]
fn tiler_covers() {
    let a = layout!(({v(12)}):(1)).unwrap();
    let b = layout!(({v(2)},2):(1,3)).unwrap();
    let dynamic = algebra::try_logical_divide(&a.to_dyn(), &b.to_dyn());
    same_error(
        a.try_logical_divide(b).map(DynLayout::from),
        dynamic,
        ErrorKind::NotSurjective,
    );
}
