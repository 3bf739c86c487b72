//! Regression tests of the hardening pass over the core (integers, layouts, macros, the
//! inherent surface): each failed before its fix.

use crate::common;

use common::{dl, v, values};
use cute_layout::algebra;
use cute_layout::typenum::{U1, U16, U2, U4};
use cute_layout::{layout, DynLayout, ErrorKind, Layout, LayoutError};
use proptest::prelude::*;

// Item 2: `LayoutError` is a `core::error::Error` in every build; `ErrorKind` prints.
#[test]
fn errors_are_core_errors() {
    fn takes_error<E: core::error::Error>(_: &E) {}
    let e = LayoutError::new(ErrorKind::Overflow);
    takes_error(&e);
    let boxed: Box<dyn core::error::Error> = Box::new(e);
    assert_eq!(boxed.to_string(), "arithmetic overflow");
    assert_eq!(
        ErrorKind::StrideDivisibility.to_string(),
        ErrorKind::StrideDivisibility.description()
    );
}

// Item 3: results of layouts with runtime leaves are checked: `((2,2):(1,2)) ∘ (2^32:1, 2^32:1)`
// has size 2^64.
#[test]
fn mixed_results_beyond_i64_are_errors() {
    let a = layout!((2,2):(1,2));
    let big = layout!({v(1 << 32)}:1).unwrap();
    let r = a.try_compose((big, big));
    assert_eq!(
        r.map(|l| l.to_string()).unwrap_err().kind(),
        ErrorKind::Overflow
    );
    // The runtime engine agrees.
    let t: algebra::DynTiler = "<4294967296:1,4294967296:1>".parse().unwrap();
    let rt = algebra::try_composition(&a.to_dyn(), &t);
    assert_eq!(rt.unwrap_err().kind(), ErrorKind::Overflow);
    // Each mode alone is fine: the concatenation is what overflows.
    assert!(a.try_compose((big, layout!(1:0))).is_ok());
    // Compositions whose size or cosize would not fit are refused, never returned.
    let b = layout!(({v(1 << 40)},{v(1 << 40)}):(1,{v(1 << 40)}));
    assert!(b.is_err());
}

// Item 4: a layout whose cosize does not fit i64 is rejected at construction, in both engines
// and in the macro (ui-test `macro_overflow`).
#[test]
fn cosize_beyond_i64_is_rejected() {
    let e = Layout::try_new(U2::default(), v(i64::MAX)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
    assert!(layout!(2:{v(i64::MAX)}).is_err());
    assert!(layout!((2,2):({v(1 << 62)},{v(1 << 62)})).is_err());
    assert_eq!(
        "2:9223372036854775807"
            .parse::<DynLayout>()
            .unwrap_err()
            .kind(),
        ErrorKind::Overflow
    );
    // The largest accepted: cosize exactly i64::MAX.
    let l = Layout::try_new(U2::default(), v(i64::MAX - 1)).unwrap();
    assert_eq!(l.cosize(), i64::MAX);
    assert_eq!(dl("2:9223372036854775806").cosize(), i64::MAX);
}

// Item 6: cosize is the span Σ(s−1)|d| + 1 — the length of the smallest range holding every
// offset — for negative strides too.
#[test]
fn cosize_with_negative_strides() {
    assert_eq!(layout!((4,3):(-2,5)).cosize(), 17);
    assert_eq!(layout!(5:-2).cosize(), 9);
    assert_eq!(layout!((4,{v(3)}):(-2,5)).unwrap().cosize(), 17);
    assert_eq!(dl("(4,3):(-2,5)").cosize(), 17);
    assert_eq!(dl("5:-2").cosize(), 9);
}

fn arb_layout() -> impl Strategy<Value = DynLayout> {
    prop::collection::vec((1i64..6, -20i64..20), 1..5).prop_map(|modes| {
        let (s, d): (Vec<_>, Vec<_>) = modes.into_iter().unzip();
        DynLayout::new(
            cute_layout::DynTuple::ints(s),
            cute_layout::DynTuple::ints(d),
        )
        .unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(2000)))]
    /// cosize = max offset − min offset + 1 (the maximum picks s−1 on positive strides and 0 on
    /// negative ones, the minimum the opposite), and both engines agree.
    #[test]
    fn cosize_is_the_offset_range(l in arb_layout()) {
        let o = values(&l);
        let (lo, hi) = (o.iter().min().unwrap(), o.iter().max().unwrap());
        prop_assert_eq!(l.cosize(), hi - lo + 1);
        let (s, d): (Vec<i64>, Vec<i64>) = l.shape().leaves().zip(l.stride().leaves()).unzip();
        if s.len() == 2 {
            let m = layout!(({v(s[0])},{v(s[1])}):({v(d[0])},{v(d[1])})).unwrap();
            prop_assert_eq!(m.cosize(), hi - lo + 1);
        }
    }
}

// Item 7: no false overflow near i64::MAX (ceiling division used to compute a + b − 1).
#[test]
fn no_false_overflow_near_i64_max() {
    let tl = layout!(4:1).try_complement(v(i64::MAX)).unwrap();
    let rt = algebra::complement(&dl("4:1"), i64::MAX);
    assert_eq!(rt.to_string(), "2305843009213693952:4");
    assert_eq!(DynLayout::from(tl).to_string(), rt.to_string());
    // ⌈(2^63 − 1) / 4⌉ = 2^61 as an integer operation, for every mix of static and runtime.
    use cute_layout::int::IntCeilDiv;
    assert_eq!(i64::MAX.ceil_div(U4::default()).unwrap(), 1 << 61);
    assert_eq!(i64::MAX.ceil_div(v(4)).unwrap(), 1 << 61);
    assert_eq!(cute_layout::int::ceil_div_i64(-7, 2).unwrap(), -3);
    assert_eq!(cute_layout::int::ceil_div_i64(7, -2).unwrap(), -3);
    assert_eq!(cute_layout::int::ceil_div_i64(-7, -2).unwrap(), 4);
    assert!(cute_layout::int::ceil_div_i64(1, 0).is_err());
    assert!(cute_layout::int::ceil_div_i64(i64::MIN, -1).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(2000)))]
    /// `ceil_div_i64` is the exact ceiling, checked against 128-bit arithmetic, on extreme values.
    #[test]
    fn ceil_div_is_exact(a in prop_oneof![any::<i64>(), Just(i64::MAX), Just(i64::MIN), -5i64..5],
                         b in prop_oneof![any::<i64>(), Just(i64::MAX), Just(i64::MIN), -5i64..5]) {
        let got = cute_layout::int::ceil_div_i64(a, b);
        if b == 0 {
            prop_assert!(got.is_err());
        } else {
            let (a, b) = (a as i128, b as i128);
            let q = a.div_euclid(b) + i128::from(a.rem_euclid(b) != 0 && b > 0);
            // For negative b: ceil(a/b) = -floor(a/-b).
            let exact = if b > 0 { q } else { -((a).div_euclid(-b)) };
            match i64::try_from(exact) {
                Ok(e) => prop_assert_eq!(got.unwrap(), e),
                Err(_) => prop_assert!(got.is_err()),
            }
        }
    }
}

// Item 15: `i64::MIN` is accepted by the macro as by the parser; the runtime leaf of the type
// macro is `{}` (ui-test `type_macro_runtime_expr`).
#[test]
fn i64_min_stride_in_macro_and_parser() {
    let l = layout!(1:-9223372036854775808);
    assert_eq!(l.eval(0), 0);
    assert_eq!(l.stride().value_of(), i64::MIN);
    let d = dl("1:-9223372036854775808");
    assert_eq!(d.to_string(), l.to_string());
}

trait ValueOf {
    fn value_of(self) -> i64;
}
impl<I: cute_layout::int::Int> ValueOf for I {
    fn value_of(self) -> i64 {
        self.value()
    }
}

// Item 18: static sizes print as their number.
#[test]
fn static_sizes_print() {
    let l = layout!((4,(2,2)):(1,(8,4)));
    let n = l.size();
    assert_eq!(format!("{n}"), "16");
    assert_eq!(format!("{n:?}"), "16");
    assert_eq!(format!("{n:#}"), "_16");
    assert_eq!(n, 16);
    assert_eq!(n, U16::default());
    assert_eq!(core::mem::size_of_val(&n), 0);
    let m = layout!((4,{v(4)}):(1,4)).unwrap();
    assert_eq!(format!("{} {:?}", m.size(), m.size()), "16 16");
    assert_eq!(format!("{:?}", layout!(1:0).size()), "1");
    let _: cute_layout::int::C<U1> = layout!(1:0).size();
}

// Item 19: coordinates of the integer types kernels use.
#[test]
fn coordinates_of_kernel_integer_types() {
    let l = layout!((4,(2,2)):(1,(8,4)));
    let data: Vec<usize> = (0..16).collect();
    for i in 0..4usize {
        for j in 0..2usize {
            for k in 0..2usize {
                let want = (i + 8 * j + 4 * k) as i64;
                assert_eq!(l.call((i, (j, k))), want);
                assert_eq!(l.call((i as u32, (j as i32, k as i64))), want);
                assert_eq!(l.call(i + 4 * j + 8 * k), want);
                assert_eq!(data[l.index((i, (j, k)))], want as usize);
                assert_eq!(
                    data[l.index(i as u32 + 4 * j as u32 + 8 * k as u32)],
                    want as usize
                );
            }
        }
    }
}

// Item 17: every algebra method is inherent (no trait imports in this file's scope).
#[test]
fn algebra_methods_need_no_imports() {
    let l = layout!((4,8):(8,1));
    assert_eq!(l.right_inverse().to_string(), "(8,4):(4,1)");
    assert_eq!(
        layout!((4,8):(1,5)).left_inverse().to_string(),
        "(5,8):(1,4)"
    );
    assert_eq!(
        layout!((4,2,8):(1,0,4)).filter_zeros().to_string(),
        "(4,1,8):(1,0,4)"
    );
    assert_eq!(layout!((4,2,8):(1,0,4)).filter().to_string(), "32:1");
    assert_eq!(
        layout!((4,(2,2)):(1,(8,4))).flatten().to_string(),
        "(4,2,2):(1,8,4)"
    );
    assert_eq!(
        layout!((2,3,4,5):(1,2,6,24))
            .group_modes::<U1, cute_layout::typenum::U3>()
            .to_string(),
        "(2,(3,4),5):(1,(2,6),24)"
    );
    assert_eq!(
        layout!((2,(1,6)):(1,(6,2)))
            .coalesce_by_mode((U1::default(), U1::default()))
            .to_string(),
        "(2,6):(1,2)"
    );
    assert_eq!(
        layout!((4,8):(1,4)).max_common_vector(&layout!((4,8):(1,4))),
        32
    );
    assert_eq!(
        layout!((2,4):(1,8))
            .max_common_layout(&layout!((2,4):(1,2)))
            .to_string(),
        "2:1"
    );
    assert_eq!(
        layout!((4,8):(8,1)).complement_full().to_string(),
        layout!(1:32).to_string()
    );
}

// Fuzz-style: the type-level engine on layouts with runtime leaves of extreme values never
// panics and never returns an invalid layout; where it answers, the runtime engine gives the
// same function.
fn extreme_shape() -> impl Strategy<Value = i64> {
    prop_oneof![
        12 => 1i64..5,
        1 => Just(1 << 31),
        1 => Just(1 << 32),
        1 => Just(1 << 62),
        1 => Just(i64::MAX),
        1 => Just(0),
        1 => Just(-1),
    ]
}
fn extreme_stride() -> impl Strategy<Value = i64> {
    prop_oneof![
        10 => -3i64..5,
        1 => Just(1 << 32),
        1 => Just(1 << 62),
        1 => Just(i64::MAX),
        1 => Just(i64::MIN),
        1 => Just(-(1 << 40)),
    ]
}

/// A result is a valid layout: it converts to a `DynLayout` whose checks pass, and agrees with
/// the runtime engine's result on the first coordinates.
fn check_result<L: Into<DynLayout> + Copy + core::fmt::Display>(
    tl: Result<L, LayoutError>,
    rt: Result<DynLayout, LayoutError>,
) -> Result<(), TestCaseError> {
    if let Ok(l) = tl {
        let d: DynLayout = l.into();
        let (s, st) = d.clone().into_parts();
        prop_assert!(DynLayout::new(s, st).is_ok(), "invalid result {d}");
        let rt = rt.map_err(|e| TestCaseError::fail(format!("runtime engine refused {d}: {e}")))?;
        prop_assert_eq!(d.size(), rt.size());
        for i in 0..d.size().min(64) {
            prop_assert_eq!(d.eval(i), rt.eval(i), "{} vs {} at {}", d, rt, i);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(2000)))]
    #[test]
    fn mixed_algebra_on_extreme_values(
        (s0, s1, d0, d1) in (extreme_shape(), extreme_shape(), extreme_stride(), extreme_stride()),
        (t, u) in (extreme_shape(), extreme_stride()),
        m in prop_oneof![1i64..100, Just(i64::MAX), Just(1 << 62)],
    ) {
        let Ok(a) = layout!(({v(s0)},{v(s1)}):({v(d0)},{v(d1)})) else {
            // Refused: the runtime engine refuses the same layout.
            let text = format!("({s0},{s1}):({d0},{d1})");
            prop_assert!(text.parse::<DynLayout>().is_err(), "{}", text);
            return Ok(());
        };
        let ad = a.to_dyn();
        let Ok(b) = layout!({v(t)}:{v(u)}) else { return Ok(()); };
        let bd = b.to_dyn();
        check_result(a.try_compose(b), algebra::try_composition(&ad, &bd))?;
        check_result(a.try_compose((b, b)), algebra::try_composition(&ad, &format!("<{bd},{bd}>").parse::<algebra::DynTiler>().unwrap()))?;
        check_result(a.try_complement(v(m)), algebra::try_complement(&ad, m))?;
        check_result(a.try_logical_divide(b), algebra::try_logical_divide(&ad, &bd))?;
        check_result(a.try_zipped_divide(b), algebra::try_zipped_divide(&ad, &bd))?;
        check_result(a.try_logical_product(b), algebra::try_logical_product(&ad, &bd))?;
        check_result(a.try_blocked_product(layout!(({v(t)},1):({v(u)},0)).unwrap()),
            algebra::try_blocked_product(&ad, &format!("({t},1):({u},0)").parse::<DynLayout>().unwrap()))?;
        check_result(a.try_coalesce(), Ok(algebra::coalesce(&ad)))?;
    }
}

// Both engines agree on `(4,1):(2,4) ∘ 2^62:-2`. By Eq. 4 (floor and mod, last mode extended),
// `A(x) = 2·(x mod 4) + 4·⌊x/4⌋`, so `A(B(i)) = A(−2i) = −4·⌊i/2⌋`: the layout
// `(2,2^61):(0,−4)`, whose cosize `1 + (2^61 − 1)·4 = 2^63 − 3` fits i64. The runtime engine
// refused it: it composed with the shifted `B' = 2^62:2` first, and that intermediate
// `(2,2^61):(4,4)` has a cosize beyond i64.
#[test]
fn negative_stride_composition_needs_no_overflowing_intermediate() {
    let a_of = |x: i128| 2 * x.rem_euclid(4) + 4 * x.div_euclid(4);
    let ad: DynLayout = "(4,1):(2,4)".parse().unwrap();
    let bd: DynLayout = "4611686018427387904:-2".parse().unwrap();
    let r = algebra::try_composition(&ad, &bd).expect("A ∘ B is a layout");
    assert_eq!(r.size(), bd.size());
    assert_eq!(i128::from(r.cosize()), (1i128 << 63) - 3);
    let n = 1i64 << 62;
    let samples = (0..64)
        .chain(n - 64..n)
        .chain((1..64).map(|k| (n / 64) * k + k));
    for i in samples {
        assert_eq!(
            i128::from(r.eval(i)),
            a_of(-2 * i128::from(i)),
            "R({i}) for R = {r}"
        );
    }
    let m = layout!(({v(4)},{v(1)}):({v(2)},{v(4)}))
        .unwrap()
        .try_compose(layout!({v(n)}:{v(-2)}).unwrap())
        .expect("the mixed engine composes it");
    assert_eq!(DynLayout::from(m), r);
    // Through the divide too: it composes with the same B.
    let d = algebra::try_logical_divide(&ad, &bd);
    let md = layout!(({v(4)},{v(1)}):({v(2)},{v(4)}))
        .unwrap()
        .try_logical_divide(layout!({v(n)}:{v(-2)}).unwrap());
    assert_eq!(md.is_ok(), d.is_ok(), "{d:?}");
}
