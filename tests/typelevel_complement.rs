//! The type-level complement on layouts with runtime leaves against the runtime engine
//! (`cute_layout::algebra::complement`): random shapes and strides as runtime leaves, results
//! compared as functions and, coalesced, in printed form; refusals compared by kind.

use crate::common;

use common::v;
use cute_layout::{algebra, layout, DynLayout, ErrorKind, LayoutError};
use proptest::prelude::*;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: crate::common::cases(2000),
        ..ProptestConfig::default()
    }
}

/// The runtime engine named interleaving modes `NotInjective` before it had the kind
/// `ModesInterleave`; both name the same refusal here.
fn same_kind(k: ErrorKind) -> ErrorKind {
    match k {
        ErrorKind::NotInjective => ErrorKind::ModesInterleave,
        k => k,
    }
}

/// The type-level result (`mixed`) and the runtime engine's (`rt`) agree: both refuse with the
/// same kind, or both answer with the same function, and coalesced they print the same.
fn agree<L: Into<DynLayout> + core::fmt::Display>(
    what: &str,
    mixed: Result<L, LayoutError>,
    rt: Result<DynLayout, LayoutError>,
) -> Result<(), TestCaseError> {
    match (mixed, rt) {
        (Ok(m), Ok(r)) => {
            let text = m.to_string();
            let m: DynLayout = m.into();
            prop_assert_eq!(m.size(), r.size(), "{}: size of {} vs {}", what, text, r);
            for i in 0..m.size() {
                prop_assert_eq!(m.eval(i), r.eval(i), "{}: {} vs {} at {}", what, text, r, i);
            }
            prop_assert_eq!(
                algebra::coalesce(&m).to_string(),
                algebra::coalesce(&r).to_string(),
                "{}: printed form",
                what
            );
        }
        (Err(e), Err(f)) => prop_assert_eq!(
            same_kind(e.kind()),
            same_kind(f.kind()),
            "{}: {} vs {}",
            what,
            e,
            f
        ),
        (Ok(m), Err(f)) => prop_assert!(false, "{}: type level gave {}, runtime: {}", what, m, f),
        (Err(e), Ok(r)) => prop_assert!(false, "{}: type level: {}, runtime gave {}", what, e, r),
    }
    Ok(())
}

/// `n` shapes in 1..=8 and `n` strides: half the time compact in a random order with random
/// gaps (so that most complements exist), otherwise random in 0..=40.
fn modes(n: usize) -> impl Strategy<Value = (Vec<i64>, Vec<i64>)> {
    let shapes = prop::collection::vec(1i64..=8, n);
    shapes.prop_flat_map(move |s| {
        let compact = (
            Just(s.clone()),
            Just((0..n).collect::<Vec<usize>>()).prop_shuffle(),
            prop::collection::vec(1i64..=3, n),
        )
            .prop_map(|(s, order, gaps)| {
                let mut d = vec![0; s.len()];
                let mut cur = 1;
                for (k, &i) in order.iter().enumerate() {
                    cur *= gaps[k];
                    d[i] = cur;
                    cur *= s[i];
                }
                (s, d)
            });
        let random = (Just(s), prop::collection::vec(0i64..=40, n));
        prop_oneof![compact, random]
    })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn complement_rank2_runtime((s, d) in modes(2), m in 1i64..=2048) {
        let a = layout!(({v(s[0])},{v(s[1])}):({v(d[0])},{v(d[1])})).unwrap();
        agree("complement", a.try_complement(v(m)), algebra::try_complement(&a.to_dyn(), m))?;
    }

    #[test]
    fn complement_nested_runtime((s, d) in modes(3), m in 1i64..=2048) {
        let a = layout!((({v(s[0])},{v(s[1])}),{v(s[2])}):(({v(d[0])},{v(d[1])}),{v(d[2])}))
            .unwrap();
        agree("complement", a.try_complement(v(m)), algebra::try_complement(&a.to_dyn(), m))?;
    }

    #[test]
    fn complement_static_shapes_runtime_strides((_, d) in modes(3), m in 1i64..=2048) {
        // Shapes 4, 2, 3 with runtime strides (the shapes of `modes` are ignored, so the
        // compact strides are recomputed for these shapes half the time).
        let a = layout!((4,2,3):({v(d[0])},{v(d[1])},{v(d[2])})).unwrap();
        agree("complement", a.try_complement(v(m)), algebra::try_complement(&a.to_dyn(), m))?;
    }

    #[test]
    fn complement_mixed_static_and_runtime((s, d) in modes(2), m in 1i64..=2048) {
        let a = layout!((4,({v(s[0])},{v(s[1])})):(1,({v(d[0])},{v(d[1])}))).unwrap();
        agree("complement", a.try_complement(v(m)), algebra::try_complement(&a.to_dyn(), m))?;
        let b = layout!(({v(s[0])},2,{v(s[1])}):({v(d[0])},32,{v(d[1])})).unwrap();
        agree("complement", b.try_complement(v(m)), algebra::try_complement(&b.to_dyn(), m))?;
    }

    #[test]
    fn complement_runtime_shapes_static_strides(s in prop::collection::vec(1i64..=8, 3), m in 1i64..=2048) {
        let a = layout!(({v(s[0])},{v(s[1])},{v(s[2])}):(16,1,4)).unwrap();
        agree("complement", a.try_complement(v(m)), algebra::try_complement(&a.to_dyn(), m))?;
    }

    #[test]
    fn complement_full_runtime((s, d) in modes(3)) {
        let a = layout!(({v(s[0])},{v(s[1])},{v(s[2])}):({v(d[0])},{v(d[1])},{v(d[2])})).unwrap();
        agree("complement_full", a.try_complement_full(), algebra::try_complement_full(&a.to_dyn()))?;
    }

    /// Row-major runtime layouts, the most common ones: products go through the complement.
    #[test]
    fn row_major_products(m in 1i64..=12, n in 1i64..=12, p in 1i64..=4, q in 1i64..=4) {
        let a = layout!(({v(m)},{v(n)}):({v(n)},1)).unwrap();
        let t = layout!(({v(p)},{v(q)}):(1,{v(p)})).unwrap();
        let (ad, td) = (a.to_dyn(), t.to_dyn());
        agree("complement", a.try_complement(v(m * n * p)), algebra::try_complement(&ad, m * n * p))?;
        agree("logical_product", a.try_logical_product(t), algebra::try_logical_product(&ad, &td))?;
        agree("blocked_product", a.try_blocked_product(t), algebra::try_blocked_product(&ad, &td))?;
        agree("raked_product", a.try_raked_product(t), algebra::try_raked_product(&ad, &td))?;
    }
}

/// A row-major runtime layout has a complement (taken in stride order).
#[test]
fn row_major_runtime_complement() {
    let (m, n) = (v(4), v(8));
    let a = layout!(({m},{n}):({n},1)).unwrap();
    let c = a.complement(v(64));
    let c: DynLayout = c.into();
    // The complement of the 32 offsets 0..32 within 64: the offsets 0 and 32.
    assert_eq!(c.size(), 2);
    assert_eq!((c.eval(0), c.eval(1)), (0, 32));
    assert!(a.try_logical_product(layout!(2:1)).is_ok());
}

/// `(8,2):(2,5)` is injective, its modes interleave; the refusal says so.
#[test]
fn interleaving_modes_are_not_called_non_injective() {
    let a = layout!((8,{v(2)}):(2,{v(5)})).unwrap();
    // Injective: its 16 offsets are distinct.
    let offsets: std::collections::BTreeSet<i64> = (0..16).map(|i| a.to_dyn().eval(i)).collect();
    assert_eq!(offsets.len(), 16);
    let e = a.try_complement(v(32)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ModesInterleave);
    assert!(!e.to_string().contains("injective"), "{e}");
    assert!(e.to_string().starts_with("modes interleave"), "{e}");
}
