//! Type-level composition: negative strides in B (CuTe's unit tests, brute force against the
//! paper's Eq. 4 evaluation with floor and mod), and the size of mixed results.

use crate::common;

use common::{eval_floor_modes, v};
use cute_layout::ops::*;
use cute_layout::{algebra, layout, DynLayout, ErrorKind, Layout};
use proptest::prelude::*;

/// `A(x)` for any integer `x` (paper Eq. 4): digits by floor and mod, the last mode unbounded
/// (the values here are small, so it never overflows).
fn eval_any(shape: &[i64], stride: &[i64], x: i64) -> i64 {
    let modes: Vec<(i64, i64)> = shape.iter().copied().zip(stride.iter().copied()).collect();
    eval_floor_modes(&modes, x).expect("small values")
}

/// Whether some layout of size `s` (any ordered factorization of `s` as its flat shape) takes
/// `i` to `values[i]`.
fn some_layout(values: &[i64]) -> bool {
    fn go(values: &[i64], prefix: usize, s: usize) -> bool {
        if prefix >= s {
            return check(values);
        }
        (2..=s / prefix)
            .filter(|t| (s / prefix) % t == 0)
            .any(|t| go_with(values, prefix, t, s))
    }
    fn go_with(values: &[i64], prefix: usize, t: usize, s: usize) -> bool {
        // The mode t at prefix product `prefix`: its stride is values[prefix]; check later.
        let _ = t;
        FACT.with(|f| f.borrow_mut().push((t, prefix)));
        let ok = go(values, prefix * t, s);
        FACT.with(|f| f.borrow_mut().pop());
        ok
    }
    fn check(values: &[i64]) -> bool {
        FACT.with(|f| {
            let f = f.borrow();
            (0..values.len()).all(|i| {
                let r: i64 = f
                    .iter()
                    .map(|&(t, p)| ((i / p) % t) as i64 * values[p])
                    .sum();
                r == values[i]
            })
        })
    }
    thread_local!(static FACT: std::cell::RefCell<Vec<(usize, usize)>> = const { std::cell::RefCell::new(Vec::new()) });
    values.len() <= 1 || go(values, 1, values.len())
}

/// Item 23: CuTe's own unit tests compose with negative strides.
#[test]
fn cute_negative_stride_examples() {
    static_assertions::assert_type_eq_all!(ComposeOf<Layout![4:1], Layout![4:-1]>, Layout![4:-1]);
    static_assertions::assert_type_eq_all!(ComposeOf<Layout![4:-1], Layout![4:-1]>, Layout![4:1]);
    static_assertions::assert_type_eq_all!(ComposeOf<Layout![4:1], Layout![4:-2]>, Layout![4:-2]);
    assert_eq!(layout!(4:1).compose(layout!(4:-1)).to_string(), "4:-1");
    // A reversal through two modes of A: A(-i) with floor and mod.
    let r: DynLayout = layout!((2,2):(1,10)).compose(layout!(4:-1)).into();
    let want: Vec<i64> = (0..4).map(|i| eval_any(&[2, 2], &[1, 10], -i)).collect();
    assert_eq!((0..4).map(|i| r.eval(i)).collect::<Vec<_>>(), want);
    // (3,2):(1,10) ∘ 6:-1 takes i to 0,-8,-9,-10,-18,-19: no layout.
    let vals: Vec<i64> = (0..6).map(|i| eval_any(&[3, 2], &[1, 10], -i)).collect();
    assert!(!some_layout(&vals));
    let e = layout!((3,2):(1,10))
        .try_compose(layout!(6:-1))
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NegativeStride);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(2000)))]

    /// Item 23: with random signs, every answer satisfies R(c) = A(B(c)) at every coordinate
    /// (A evaluated with floor and mod), and a refusal of a negative stride means no layout does.
    #[test]
    fn negative_strides_brute_force(
        sa in prop::collection::vec(1i64..=4, 3),
        da in prop::collection::vec(-12i64..=12, 3),
        s in 1i64..=12,
        d in -9i64..=9,
    ) {
        let a = layout!((({v(sa[0])},{v(sa[1])}),{v(sa[2])}):(({v(da[0])},{v(da[1])}),{v(da[2])})).unwrap();
        let b = layout!({v(s)}:{v(d)}).unwrap();
        match a.try_compose(b) {
            Ok(r) => {
                let r: DynLayout = r.into();
                prop_assert_eq!(r.size(), s);
                for i in 0..s {
                    prop_assert_eq!(r.eval(i), eval_any(&sa, &da, i * d), "{} at {}", r, i);
                }
            }
            Err(e) if d < 0 && e.kind() == ErrorKind::NegativeStride => {
                let vals: Vec<i64> = (0..s).map(|i| eval_any(&sa, &da, i * d)).collect();
                prop_assert!(!some_layout(&vals), "refused ({}) but {:?} is a layout", e, vals);
            }
            Err(e) => {
                // The paper's admissibility conditions (Eq. 20, 21) are sufficient, not
                // necessary: a negative stride is refused by them only where the positive
                // one is.
                prop_assert!(
                    matches!(e.kind(), ErrorKind::StrideDivisibility | ErrorKind::ShapeDivisibility),
                    "{}", e
                );
                let twin = layout!({v(s)}:{v(d.abs())}).unwrap();
                prop_assert!(a.try_compose(twin).is_err(), "{} refused, its positive twin not", e);
            }
        }
    }
}

/// Item 22: a mode of A that B's stride steps over is statically of size 1 and is dropped from
/// a mixed result (it was kept as a runtime `1:x` mode).
#[test]
fn mixed_results_drop_modes_stepped_over() {
    let a = layout!((2,2,2,2):(1,3,1,3));
    let b = layout!({v(2)}:4).unwrap();
    let r = a.compose(b);
    let leaves = DynLayout::from(r).shape().leaves().count();
    assert_eq!(leaves, 2, "{r}");
    // And it is the same function as the runtime engine's.
    let rt = algebra::composition(&a.to_dyn(), &b.to_dyn());
    let r: DynLayout = r.into();
    assert_eq!(r.size(), rt.size());
    for i in 0..r.size() {
        assert_eq!(r.eval(i), rt.eval(i));
    }
}

/// The mixed branch's runtime check of left-distributivity (paper Eq. 22-23) past its stack
/// buffer: 20 modes of A.
#[test]
fn mixed_distributivity_with_many_modes_is_checked_exactly() {
    use cute_layout::ops::distributes_at_run_time;
    use cute_layout::ErrorKind;
    // 20 modes of A that do not coalesce (the heap path), and B's modes against them.
    let a: Vec<(i64, i64)> = (0..20)
        .map(|k| (2, if k % 2 == 0 { 1 } else { 3 }))
        .collect();
    // One live mode of B: always distributes.
    assert!(distributes_at_run_time(&a, &[(4, 2), (1, 7)]).is_ok());
    // Two overlapping live modes: refused.
    let e = distributes_at_run_time(&a, &[(2, 1), (2, 1)]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotDistributive);
    // The error says which modes (it used to carry no detail).
    assert!(e.to_string().contains("B = (2,2):(1,1)"), "{e}");
    // A that coalesces to one mode at run time: distributes whatever B is.
    let c: Vec<(i64, i64)> = (0..20).map(|k| (2, 1i64 << k)).collect();
    assert!(distributes_at_run_time(&c, &[(2, 1), (2, 1)]).is_ok());
}
