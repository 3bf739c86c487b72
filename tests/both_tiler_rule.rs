//! CuTe's tiler rule for composition, in both engines: a by-mode tiler shorter than `rank(A)`
//! selects, so the modes of `A` it does not name are dropped (CuTe C++ `composition(Layout,
//! Tiler)`: "Drop any modes of lhs that aren't hit by rhs"; PyCuTe's `_composition` zips `A`'s
//! modes with the tiler's). The divides and products rewrite `A`, so they keep those modes.
//!
//! Expected values are PyCuTe's (NVlabs/CuTe, `test/test_composition.py`
//! `test_a_tiler_and_its_layout_compose_alike`, `test_logical_divide.py`,
//! `test_logical_product.py`), written in this crate's notation (`(2,):(1,)` is `(2):(1)`).

use crate::common;

use common::eval_floor;
use cute_layout::algebra::{self, DynTiler};
use cute_layout::ops::*;
use cute_layout::typenum::{U2, U3, U5};
use cute_layout::{layout, DynLayout, Layout};
use proptest::prelude::*;

/// The runtime engine's `A ∘ T`, printed.
fn rt_compose(a: &str, t: &str) -> String {
    let a: DynLayout = a.parse().unwrap();
    let t: DynTiler = t.parse().unwrap();
    algebra::try_composition(&a, &t).unwrap().to_string()
}

#[test]
fn pycute_tilers_select_the_modes_they_name() {
    // (A, tiler, PyCuTe's composition(A, tiler)).
    for (a, t, want) in [
        ("(4,5):(1,4)", "<2>", "(2):(1)"),
        ("(4,5):(1,4)", "<2,5>", "(2,5):(1,4)"),
        ("(4,5):(1,4)", "<2:2>", "(2):(2)"),
        ("(4,5):(1,4)", "<2:2,5:1>", "(2,5):(2,4)"),
        ("((4,2),5):((5,40),1)", "<2>", "(2):(5)"),
        ("((4,2),5):((5,40),1)", "<<2,2>,5>", "((2,2),5):((5,40),1)"),
        ("(6,4):(4,1)", "<3>", "(3):(4)"),
        ("(6,4):(4,1)", "<3,2>", "(3,2):(4,1)"),
        // `_` names its mode and keeps it; the mode after it is dropped.
        ("(4,5,3):(1,4,20)", "<2,_>", "(2,5):(1,4)"),
        // test_composition_mode: a mode kept by `_`, or dropped by leaving it off.
        (
            "((6,2),5):((8,2),1)",
            "<(4,3):(3,1),_>",
            "(((2,2),3),5):(((24,2),8),1)",
        ),
        (
            "((6,2),5):((8,2),1)",
            "<(4,3):(3,1)>",
            "(((2,2),3)):(((24,2),8))",
        ),
        (
            "((2,2),(3,4),5):((1,2),(4,12),48)",
            "<<2,2>>",
            "((2,2)):((1,2))",
        ),
        (
            "((2,2),(3,4),5):((1,2),(4,12),48)",
            "<<2,_>,3:4>",
            "((2,2),3):((1,2),16)",
        ),
        // Paper §3.3.5 (every mode named: nothing to drop).
        ("(8,16):(20,1)", "<4:1,8:2>", "(4,8):(20,2)"),
    ] {
        assert_eq!(rt_compose(a, t), want, "{a} o {t}");
    }
}

#[test]
fn an_empty_tiler_selects_nothing() {
    // PyCuTe: composition(A, ()) == Layout((), ()).
    let a: DynLayout = "(4,5):(1,4)".parse().unwrap();
    let r = algebra::try_composition(&a, &DynTiler::Tuple(vec![])).unwrap();
    assert_eq!((r.rank(), r.size()), (0, 1), "{r}");
}

#[test]
fn type_level_drops_the_same_modes() {
    // Static.
    let r = layout!((4,5):(1,4)).compose((U2::default(),));
    assert_eq!(r.to_string(), "(2):(1)");
    let r = layout!((4,5,3):(1,4,20)).compose((layout!(2:1), Underscore));
    assert_eq!(r.to_string(), "(2,5):(1,4)");
    let r = layout!(((6,2),5):((8,2),1)).compose((layout!((4,3):(3,1)),));
    assert_eq!(r.to_string(), "(((2,2),3)):(((24,2),8))");
    let r = layout!(((2,2),(3,4),5):((1,2),(4,12),48))
        .compose(((U2::default(), Underscore), layout!(3:4)));
    assert_eq!(r.to_string(), "((2,2),3):((1,2),16)");
    static_assertions::assert_type_eq_all!(
        ComposeOf<Layout![(6,4):(4,1)], (U3,)>,
        Layout![(3):(4)]
    );
    static_assertions::assert_type_eq_all!(
        ComposeOf<Layout![(4,5,3):(1,4,20)], (U2, U5)>,
        Layout![(2,5):(1,4)]
    );
    // Mixed: the same through the type-level impls with runtime checks.
    let a = layout!(({common::v(4)},5,3):(1,4,20)).unwrap();
    let r = a.compose((layout!(2:1),));
    assert_eq!(r.to_string(), "(2):(1)");
    assert_eq!(
        DynLayout::from(a.compose((layout!(2:2), Underscore))),
        "(2,5):(2,4)".parse::<DynLayout>().unwrap()
    );
}

#[test]
fn divides_and_products_keep_the_modes_they_do_not_name() {
    // PyCuTe: logical_divide / logical_product of (4,5,3):(1,4,20) by (2,) and (2, None).
    let a: DynLayout = "(4,5,3):(1,4,20)".parse().unwrap();
    for t in ["<2>", "<2,_>"] {
        let t: DynTiler = t.parse().unwrap();
        assert_eq!(
            algebra::logical_divide(&a, &t).to_string(),
            "((2,2),5,3):((1,2),4,20)"
        );
        assert_eq!(
            algebra::logical_product(&a, &t).to_string(),
            "((4,2),5,3):((1,4),4,20)"
        );
    }
    let s = layout!((4,5,3):(1,4,20));
    assert_eq!(
        s.logical_divide((U2::default(),)).to_string(),
        "((2,2),5,3):((1,2),4,20)"
    );
    assert_eq!(
        s.logical_product((U2::default(), Underscore)).to_string(),
        "((4,2),5,3):((1,4),4,20)"
    );
    // PyCuTe: zipped_divide((6,4):(4,1), (2:1,)) = ((2,),(3,4)):((4,),(8,1)); the mode the
    // tiler does not name is a rest.
    let a = layout!((6,4):(4,1));
    assert_eq!(
        a.zipped_divide((layout!(2:1),)).to_string(),
        "((2),(3,4)):((4),(8,1))"
    );
    assert_eq!(
        algebra::zipped_divide(&a.to_dyn(), &"<2:1>".parse::<DynTiler>().unwrap()).to_string(),
        "((2),(3,4)):((4),(8,1))"
    );
    assert_eq!(
        a.logical_divide((layout!(2:1),)).to_string(),
        "((2,3),4):((4,8),1)"
    );
}

/// A random layout `(s0,s1,s2):(d0,d1,d2)` and a tiler for its first `n` modes: each element
/// `_` (`None`) or a layout `t:e`.
fn layout_and_tiler() -> impl Strategy<Value = (DynLayout, Vec<Elem>)> {
    (
        prop::collection::vec((1i64..=6, 0i64..=12), 1..=3),
        prop::collection::vec(prop::option::weighted(0.75, (1i64..=6, 0i64..=6)), 0..=3),
    )
        .prop_map(|(modes, mut t)| {
            t.truncate(modes.len());
            let s: Vec<String> = modes.iter().map(|m| m.0.to_string()).collect();
            let d: Vec<String> = modes.iter().map(|m| m.1.to_string()).collect();
            let a = format!("({}):({})", s.join(","), d.join(","))
                .parse()
                .unwrap();
            (a, t)
        })
}

/// A tiler element: `_` (`None`) or a layout `t:e`.
type Elem = Option<(i64, i64)>;

fn dyn_tiler(t: &[Elem]) -> DynTiler {
    DynTiler::Tuple(
        t.iter()
            .map(|x| match x {
                None => DynTiler::Skip,
                Some((s, d)) => DynTiler::Layout(format!("{s}:{d}").parse().unwrap()),
            })
            .collect(),
    )
}

/// The postconditions of by-mode composition with a tiler of `n ≤ rank(A)` elements: the
/// result has `n` modes, of sizes `|T_k|` (`|A_k|` for `_`), and its mode `k` is `A_k ∘ T_k`
/// as a function, `R_k(i) = A_k(T_k(i))` (with `A_k` on its extended domain); it is refused
/// exactly when one of the named modes' compositions is.
fn check_selects(a: &DynLayout, t: &[Elem], r: Result<DynLayout, String>) {
    let per_mode: Vec<Result<(), String>> = t
        .iter()
        .enumerate()
        .map(|(k, x)| match x {
            None => Ok(()),
            Some((s, d)) => {
                let b: DynLayout = format!("{s}:{d}").parse().unwrap();
                algebra::try_composition_layout(&a.mode(k).unwrap(), &b)
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            }
        })
        .collect();
    let r = match r {
        Err(e) => {
            assert!(
                per_mode.iter().any(|m| m.is_err()),
                "{a} o {t:?} refused ({e}) though every named mode composes"
            );
            return;
        }
        Ok(r) => r,
    };
    assert!(per_mode.iter().all(|m| m.is_ok()), "{a} o {t:?} = {r}");
    assert_eq!(
        r.rank(),
        t.len(),
        "{a} o {t:?} = {r}: one mode per tiler element"
    );
    let mut size = 1;
    for (k, x) in t.iter().enumerate() {
        let ak = a.mode(k).unwrap();
        let rk = r.mode(k).unwrap();
        let n = x.map_or(ak.size(), |(s, _)| s);
        assert_eq!(rk.size(), n, "{a} o {t:?} = {r}: size of mode {k}");
        for i in 0..n {
            let want = match x {
                None => ak.eval(i),
                Some((_, d)) => eval_floor(&ak, i * d).unwrap(),
            };
            assert_eq!(rk.eval(i), want, "{a} o {t:?} = {r}: mode {k} at {i}");
        }
        size *= n;
    }
    assert_eq!(r.size(), size, "{a} o {t:?} = {r}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(256)))]

    /// The runtime engine (`DynLayout` and `DynTiler`).
    #[test]
    fn runtime_composition_selects_the_named_modes((a, t) in layout_and_tiler()) {
        if a.rank() == 1 && t.len() == 1 {
            // A rank-1 layout tiled by a one-element tuple stays rank 1: checked below as a
            // layout of one mode.
            let r = algebra::try_composition(&a, &dyn_tiler(&t)).map_err(|e| e.to_string());
            let r = r.map(|r| algebra::make_layout(&[r]));
            check_selects(&algebra::make_layout(std::slice::from_ref(&a)), &t, r);
        } else {
            let r = algebra::try_composition(&a, &dyn_tiler(&t)).map_err(|e| e.to_string());
            check_selects(&a, &t, r);
        }
    }

    /// The type-level engine on mixed layouts (runtime leaves): rank-3 `A`, tilers of one and
    /// two elements, `_` in either place; the same result as the runtime engine.
    #[test]
    fn type_level_composition_selects_the_named_modes(
        m in prop::collection::vec((1i64..=6, 0i64..=12), 3),
        t0 in (1i64..=6, 0i64..=6), t1 in (1i64..=6, 0i64..=6),
    ) {
        let a = Layout::try_new((m[0].0, m[1].0, m[2].0), (m[0].1, m[1].1, m[2].1)).unwrap();
        let l = |(s, d): (i64, i64)| Layout::try_new(s, d).unwrap();
        let ad = a.to_dyn();
        let rt = |t: &[Elem]| algebra::try_composition(&ad, &dyn_tiler(t));
        let cases: [(Vec<Elem>, Result<DynLayout, cute_layout::LayoutError>); 4] = [
            (vec![Some(t0)], a.try_compose((l(t0),)).map(DynLayout::from)),
            (vec![Some(t0), Some(t1)], a.try_compose((l(t0), l(t1))).map(DynLayout::from)),
            (vec![None, Some(t1)], a.try_compose((Underscore, l(t1))).map(DynLayout::from)),
            (vec![Some(t0), None], a.try_compose((l(t0), Underscore)).map(DynLayout::from)),
        ];
        for (t, r) in cases {
            let want = rt(&t);
            prop_assert_eq!(r.is_ok(), want.is_ok(), "{} o {:?}: {:?} vs {:?}", ad, t, r, want);
            if let (Ok(r), Ok(w)) = (&r, &want) {
                // The same function (a size-1 mode's stride may differ: mixed results keep
                // it, as the differential tests' `same_function` allows).
                prop_assert_eq!(r.size(), w.size());
                for i in 0..r.size() {
                    prop_assert_eq!(r.eval(i), w.eval(i), "{} vs {} at {}", r, w, i);
                }
            }
            check_selects(&ad, &t, r.map_err(|e| e.to_string()));
        }
    }
}
