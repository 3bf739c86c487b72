//! Type-level divides and products: the covering condition of logical divide (paper §3.5.2),
//! the `_` tiler in the zipped / tiled / flat groupings, and overflow of results assembled from
//! separately computed modes with runtime leaves.

use crate::common;

use common::{covers, image, v};
use cute_layout::algebra::{self, DynTiler};
use cute_layout::ops::*;
use cute_layout::{layout, DynLayout, ErrorKind, Layout};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------------
// Item: logical divide must not lose elements

#[test]
fn issue_example_is_refused_at_run_time() {
    // 16:1 ⊘ (3,2):(1,4) would be ((3,2),2):((1,4),8), of size 12: offsets 3, 7, 11, 15 lost.
    let b = layout!(({v(3)},2):(1,4)).unwrap();
    assert_eq!(covers(&b.to_dyn(), 16), Some(false));
    let a = layout!(16:1);
    let kind = |r: Result<DynLayout, cute_layout::LayoutError>| r.unwrap_err().kind();
    assert_eq!(
        kind(a.try_logical_divide(b).map(DynLayout::from)),
        ErrorKind::NotSurjective
    );
    // The same tiler for a mode of a by-mode tiler, in every grouping.
    let a = layout!((4,16):(16,1));
    let t = (layout!(2:1), b);
    let e = a.try_logical_divide(t).map(DynLayout::from);
    assert_eq!(kind(e), ErrorKind::NotSurjective);
    assert_eq!(
        kind(a.try_zipped_divide(t).map(DynLayout::from)),
        ErrorKind::NotSurjective
    );
    assert_eq!(
        kind(a.try_tiled_divide(t).map(DynLayout::from)),
        ErrorKind::NotSurjective
    );
    assert_eq!(
        kind(a.try_flat_divide(t).map(DynLayout::from)),
        ErrorKind::NotSurjective
    );
    let msg = a
        .try_zipped_divide(t)
        .map(DynLayout::from)
        .unwrap_err()
        .to_string();
    assert!(
        msg.starts_with("tiler does not cover the layout (paper §3.5.2"),
        "{msg}"
    );
}

#[test]
fn covering_tilers_are_accepted_and_keep_every_element() {
    // Gap-free tiler; a gap that starts exactly at |A| (4:1 ⊘ (2,2):(1,5): offsets 4 is the
    // first one skipped); a gap beyond |A|; a stride-0 and a size-1 mode.
    fn check<L: Into<DynLayout> + Copy>(a: DynLayout, r: L) {
        let r: DynLayout = r.into();
        assert!(
            image(&r).is_superset(&image(&a)),
            "{r} loses elements of {a}"
        );
    }
    check(
        layout!(16:1).to_dyn(),
        layout!(16:1).logical_divide(layout!((2,2):(1,4))),
    );
    check(
        layout!(4:1).to_dyn(),
        layout!(4:1).logical_divide(layout!((2,2):(1,5))),
    );
    check(
        layout!(6:1).to_dyn(),
        layout!(6:1).logical_divide(layout!((2,2):(1,7))),
    );
    check(
        layout!(8:2).to_dyn(),
        layout!(8:2).logical_divide(layout!((2,3,1):(1,0,5))),
    );
    let b = layout!(({v(2)},2):(1,5)).unwrap();
    check(layout!(4:1).to_dyn(), layout!(4:1).logical_divide(b));
    assert_eq!(
        layout!(5:1)
            .try_logical_divide(b)
            .map(DynLayout::from)
            .unwrap_err()
            .kind(),
        ErrorKind::NotSurjective
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(2000)))]

    /// Against brute force: a divide with runtime leaves is refused with `NotSurjective`
    /// exactly when `(B, B*)` misses an offset of `[0, |A|)`, and an accepted divide reaches
    /// every offset `A` reaches.
    #[test]
    fn divide_refuses_exactly_the_tilers_that_do_not_cover(
        a0 in 1i64..=12, a1 in 1i64..=6, ad in 1i64..=3,
        s0 in 1i64..=5, s1 in 1i64..=5, d0 in 0i64..=6, extra in 0i64..=12, zero in any::<bool>(),
    ) {
        let d1 = if zero { 0 } else { d0.max(1) * s0 + extra };
        let a = Layout::try_new((a0, a1), (ad, ad * a0)).unwrap();
        let b = Layout::try_new((s0, s1), (d0, d1)).unwrap();
        let (ad_, bd) = (a.to_dyn(), b.to_dyn());
        let Some(expect) = covers(&bd, ad_.size()) else {
            return Ok(());
        };
        match a.try_logical_divide(b) {
            Ok(r) => {
                prop_assert!(expect, "{a} / {b} = {r} accepted, but (B, B*) misses offsets");
                prop_assert!(image(&r.to_dyn()).is_superset(&image(&ad_)));
            }
            Err(e) => {
                // Refused for the covering condition exactly when it fails; any other refusal
                // (composition's conditions) is not about covering.
                prop_assert_eq!(e.kind() == ErrorKind::NotSurjective, !expect, "{}", e);
            }
        }
        // The same as a by-mode tiler on mode 0, in the zipped grouping.
        match a.try_zipped_divide((b,)) {
            Ok(_) => prop_assert!(covers(&bd, a0) != Some(false)),
            Err(e) => {
                if covers(&bd, a0) == Some(false) {
                    prop_assert_eq!(e.kind(), ErrorKind::NotSurjective);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// `_` in zipped / tiled / flat: the identity of its mode, the pair (whole mode, 1:0)

#[test]
fn underscore_takes_the_whole_mode_as_tile() {
    let skip = || DynTiler::Tuple(vec![DynTiler::Skip]);
    let a = layout!(((2,2),2):((1,2),4));
    let z = a.zipped_divide((Underscore,));
    assert_eq!(z.to_string(), "(((2,2)),(1,2)):(((1,2)),(0,4))");
    assert_eq!(
        DynLayout::from(z),
        algebra::zipped_divide(&a.to_dyn(), &skip())
    );
    let a = layout!((4,8):(1,4));
    let z = a.zipped_product((Underscore,));
    assert_eq!(z.to_string(), "((4),(1,8)):((1),(0,4))");
    assert_eq!(
        DynLayout::from(z),
        algebra::zipped_product(&a.to_dyn(), &skip())
    );
    let t = a.tiled_product((Underscore,));
    assert_eq!(t.to_string(), "((4),1,8):((1),0,4)");
    assert_eq!(
        DynLayout::from(t),
        algebra::tiled_product(&a.to_dyn(), &skip())
    );
    let a = layout!((5,4):(16,11));
    let f = a.flat_divide((Underscore,));
    assert_eq!(f.to_string(), "(5,1,4):(16,0,11)");
    assert_eq!(
        DynLayout::from(f),
        algebra::flat_divide(&a.to_dyn(), &skip())
    );
    // `_` next to a layout, and inside a nested tuple tiler.
    let f = a.flat_divide((Underscore, layout!(2:1)));
    assert_eq!(f.to_string(), "(5,2,1,2):(16,11,0,22)");
    let a = layout!(((4,6),8):((1,4),24));
    let t = ((layout!(2:1), Underscore), layout!(4:2));
    let td = DynTiler::Tuple(vec![
        DynTiler::Tuple(vec![DynTiler::from(layout!(2:1).to_dyn()), DynTiler::Skip]),
        DynTiler::from(layout!(4:2).to_dyn()),
    ]);
    let z = a.zipped_divide(t);
    // Tiles: ((2, 6), 4) — mode 0's sub-tiles grouped, then mode 1's tile; rests: ((2, 1), 2).
    assert_eq!(
        z.to_string(),
        "(((2,6),4),((2,1),2)):(((1,4),48),((2,0),24))"
    );
    assert_eq!(DynLayout::from(z), algebra::zipped_divide(&a.to_dyn(), &td));
    assert_eq!(
        DynLayout::from(a.tiled_divide(t)),
        algebra::tiled_divide(&a.to_dyn(), &td)
    );
    assert_eq!(
        DynLayout::from(a.flat_divide(t)),
        algebra::flat_divide(&a.to_dyn(), &td)
    );
    // Every mode skipped: trivial rests.
    let a = layout!(8:1);
    let z = a.zipped_divide((Underscore,));
    assert_eq!(z.to_string(), "((8),(1)):((1),(0))");
    assert_eq!(
        DynLayout::from(z),
        algebra::zipped_divide(&a.to_dyn(), &skip())
    );
}

// ---------------------------------------------------------------------------------------------
// Results assembled from separately computed modes are checked for i64 overflow

#[test]
fn divide_results_beyond_i64_are_overflow_errors() {
    // A = (X, 2):(1, X) with X = 2^62 − 1 is valid (size 2^63 − 2); dividing mode 0 by 2:1
    // rounds it up to (2, 2^61), also valid, but the whole result has size 2^63.
    let x = (1i64 << 62) - 1;
    let a = layout!(({v(x)},2):(1,{v(x)})).unwrap();
    let t = (layout!({v(2)}:1).unwrap(),);
    let kind = |r: Result<DynLayout, cute_layout::LayoutError>| r.unwrap_err().kind();
    assert_eq!(
        kind(a.try_logical_divide(t).map(Into::into)),
        ErrorKind::Overflow
    );
    assert_eq!(
        kind(a.try_zipped_divide(t).map(Into::into)),
        ErrorKind::Overflow
    );
    assert_eq!(
        kind(a.try_tiled_divide(t).map(Into::into)),
        ErrorKind::Overflow
    );
    assert_eq!(
        kind(a.try_flat_divide(t).map(Into::into)),
        ErrorKind::Overflow
    );
}

#[test]
fn product_results_beyond_i64_are_overflow_errors() {
    // A = 2^61:1 and B = 8:0: the cotarget size(A)·cosize(B) = 2^61 fits, but the result
    // (2^61, 8):(1, 0) has size 2^64.
    let a = layout!({v(1 << 61)}:1).unwrap();
    let b = layout!({v(8)}:0).unwrap();
    let kind = |r: Result<DynLayout, cute_layout::LayoutError>| r.unwrap_err().kind();
    assert_eq!(
        kind(a.try_logical_product(b).map(Into::into)),
        ErrorKind::Overflow
    );
    assert_eq!(
        kind(a.try_zipped_product(b).map(Into::into)),
        ErrorKind::Overflow
    );
    assert_eq!(
        kind(a.try_tiled_product(b).map(Into::into)),
        ErrorKind::Overflow
    );
    assert_eq!(
        kind(a.try_flat_product(b).map(Into::into)),
        ErrorKind::Overflow
    );
    assert_eq!(
        kind(a.try_blocked_product(b).map(Into::into)),
        ErrorKind::Overflow
    );
    assert_eq!(
        kind(a.try_raked_product(b).map(Into::into)),
        ErrorKind::Overflow
    );
    // By mode: each mode's product is valid, their concatenation is not.
    let a = layout!(({v(1 << 31)},{v(1 << 31)}):(1,{v(1 << 31)})).unwrap();
    let t = (layout!({v(4)}:0).unwrap(), layout!({v(4)}:0).unwrap());
    assert_eq!(
        kind(a.try_zipped_product(t).map(Into::into)),
        ErrorKind::Overflow
    );
    assert_eq!(
        kind(a.try_logical_product(t).map(Into::into)),
        ErrorKind::Overflow
    );
}
