//! CuTe's `ComposedLayout` (`Sw<B,M,S> o offset o layout`) in both engines: evaluation against
//! pycute (`tests/data/gen_composed.py`, data in `tests/data/composed_pycute.txt`) and against
//! the definition `A(O + B(c))` on random layouts, swizzles and offsets (extreme ones included);
//! the cosize bound by brute force; static == runtime (values and printing); printing and
//! parsing; the algebra on the inner layout checked as functions.

use crate::common;

use common::dl;
use cute_layout::ops::Compose;
use cute_layout::swizzle::{DynSwizzle, SwizzleFn};
use cute_layout::{
    layout, AnyLayout, ComposedLayout, DynComposedLayout, DynInt, DynLayout, DynTuple, ErrorKind,
};
use proptest::prelude::*;

const TABLE: &str = include_str!("data/composed_pycute.txt");

/// CuTe's swizzle, written out here: `x ^ ((x & yyy) >> S)` (a left shift for `S < 0`).
fn swizzle_ref(b: i64, m: i64, s: i64, x: i64) -> i64 {
    let yyy = ((1i64 << b) - 1) << (m + s.max(0));
    if s >= 0 {
        x ^ ((x & yyy) >> s)
    } else {
        x ^ ((x & yyy) << -s)
    }
}

/// The documented cosize bound over the range `[lo, hi]` of `O + B(c)`, in `i128`: `hi + 1`
/// where the swizzle reads no bit of the range, else `hi` with every bit below the highest
/// bit the swizzle can write set, plus one. For `lo ≥ 0` it can read only bits below `hi`'s
/// bit length.
fn bound_ref(sw: &DynSwizzle, lo: i128, hi: i128) -> i128 {
    let (b, m, s) = params(sw);
    let read_from = m + s.max(0);
    if b == 0 || (lo >= 0 && hi < 1i128 << read_from) {
        return hi + 1;
    }
    let top = if lo >= 0 {
        (read_from + b).min(128 - hi.leading_zeros() as i64)
    } else {
        read_from + b
    };
    let z = top - s;
    (hi | ((1i128 << z) - 1)) + 1
}

/// `[lo, hi]` of `O + B(c)` over `B`'s domain, in `i128`.
fn range_ref(o: i64, inner: &DynLayout) -> (i128, i128) {
    let xs = (0..inner.size()).map(|i| o as i128 + inner.eval(i) as i128);
    (xs.clone().min().unwrap(), xs.max().unwrap())
}

fn params(sw: &DynSwizzle) -> (i64, i64, i64) {
    (sw.bits() as i64, sw.base() as i64, sw.shift() as i64)
}

/// Every value of a composed layout over its domain, by integral coordinate.
fn values<L: AnyLayout>(l: &L) -> Vec<i64> {
    let n: i64 = l.size().into();
    (0..n).map(|i| l.eval(i)).collect()
}

/// The reference: `swizzle(offset + B(i))` for every `i`, the sum in `i128`; `i128::MAX`
/// where it leaves `i64`.
fn reference(sw: &DynSwizzle, o: i64, inner: &DynLayout) -> Vec<i128> {
    let (b, m, s) = params(sw);
    (0..inner.size())
        .map(|i| {
            let x = o as i128 + inner.eval(i) as i128;
            match i64::try_from(x) {
                Ok(x) => swizzle_ref(b, m, s, x) as i128,
                Err(_) => i128::MAX, // beyond i64: the layout must have been refused
            }
        })
        .collect()
}

#[test]
fn pycute_table() {
    let mut n = 0;
    for line in TABLE.lines().filter(|l| !l.starts_with('#')) {
        let (text, vals) = line.split_once(" | ").unwrap();
        let want: Vec<i64> = vals.split(' ').map(|v| v.parse().unwrap()).collect();
        let c: DynComposedLayout = text.parse().unwrap();
        assert_eq!(c.to_string(), text, "printing");
        assert_eq!(values(&c), want, "{text}: values");
        let natural: Vec<i64> = (0..c.layout_b().size())
            .map(|i| c.call(c.layout_b().shape().idx2crd(i).unwrap()))
            .collect();
        assert_eq!(natural, want, "{text}: at natural coordinates");
        for (i, &w) in want.iter().enumerate() {
            assert_eq!(c.try_eval(i as i64), Ok(w), "{text}: try_eval({i})");
        }
        // The cosize is a bound on every value.
        let max = *want.iter().max().unwrap();
        assert!(c.cosize() > max, "{text}: cosize {} <= {max}", c.cosize());
        n += 1;
    }
    assert_eq!(n, 13);
}

#[test]
fn worked_examples_static_equals_runtime() {
    // The same cases, as static layouts: same values and printing as the runtime ones.
    macro_rules! check {
        ($($t:tt)*) => {{
            let s = layout!($($t)*);
            let text = stringify!($($t)*).replace(' ', "").replace('o', " o ");
            let d: DynComposedLayout = text.parse().unwrap();
            assert_eq!(s.to_string(), d.to_string());
            assert_eq!(format!("{s:#}"), format!("{:#}", s.to_dyn()));
            assert_eq!(format!("{:#}", d).replace('_', ""), format!("{d}"));
            assert_eq!(values(&s), values(&d), "{text}");
            assert_eq!(s.cosize(), d.cosize(), "{text}");
            assert_eq!(s.to_dyn(), d);
            let row = TABLE.lines().find(|l| l.starts_with(&format!("{text} |"))).unwrap();
            let want: Vec<i64> =
                row.split_once(" | ").unwrap().1.split(' ').map(|v| v.parse().unwrap()).collect();
            assert_eq!(values(&s), want, "{text} against pycute");
        }};
    }
    check!(Sw<3,4,3> o 0 o (8,64):(64,1));
    check!(Sw<2,4,3> o 0 o (8,32):(32,1));
    check!(Sw<1,4,3> o 0 o (8,16):(16,1));
    check!(Sw<3,3,3> o 0 o (8,32):(32,1));
    check!(Sw<3,4,3> o 0 o ((8,2),(64,2)):((64,512),(1,1024)));
    check!(Sw<3,4,3> o 512 o (8,64):(64,1));
    check!(Sw<2,2,-3> o 7 o (4,16):(16,1));
    check!(Sw<3,2,4> o 100 o (6,10):(-10,1));
    check!(Sw<1,5,-5> o 33 o (3,(4,5)):(7,(1,40)));

    let s = layout!(Sw<3,4,3> o 0 o (8,64):(64,1));
    assert_eq!(core::mem::size_of_val(&s), 0);
    assert_eq!(format!("{s:#}"), "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)");
    assert_eq!((s.rank(), s.depth()), (2, 1));
    assert_eq!(AnyLayout::size(&s), 512);
    assert_eq!(s.shape(), &layout!((8,64):(64,1)).shape());
    // The accessors, as CuTe names them.
    assert_eq!(s.layout_b(), &layout!((8,64):(64,1)));
    assert_eq!(s.layout_a().to_string(), "Sw<3,4,3>");
    assert_eq!(s.offset(), cute_layout::typenum::U0::default());
}

#[test]
fn cosize_is_a_bound_where_cutes_is_not() {
    // CuTe's cosize(Sw<1,0,1> o 1 o 2:1) is cosize(2:1) = 2, but the layout takes the value 3.
    let c: DynComposedLayout = "Sw<1,0,1> o 1 o 2:1".parse().unwrap();
    assert_eq!(values(&c), [1, 3]);
    assert_eq!(c.cosize(), 4);
    // A negative shift moves low bits up: Sw<3,4,-3> o 0 o 32:1 reaches 16 ^ 128 = 144.
    let c = layout!(Sw<3,4,-3> o 0 o 32:1);
    assert_eq!(c.eval(16), 144);
    assert!(c.cosize() > 144 && c.layout_b().cosize() == 32);
    // Where no bit the swizzle reads is set, it is the identity: the cosize is exact.
    assert_eq!(layout!(Sw<3,4,3> o 0 o (8,8):(8,1)).cosize(), 64);
    assert_eq!(layout!(Sw<3,4,3> o 0 o (8,64):(64,1)).cosize(), 512);
    // The bound counts only the bits the swizzle can read below the offsets' bit length:
    // offsets below 2^15 set at most bit 14 of the bits 14..29 that Sw<15,14,-34> reads, and
    // it moves that bit to 48, so the bound is 2^49, not 2^63 (CI found this one: the
    // composition below was refused as an overflow).
    let c: DynComposedLayout = "Sw<15,14,-34> o 0 o 7:3072".parse().unwrap();
    assert_eq!(c.eval(6), 18432 | 1 << 48);
    assert_eq!(c.cosize(), 1 << 49);
    let c: DynComposedLayout = "Sw<15,14,-34> o 0 o 1:1024".parse().unwrap();
    let r = c.try_compose(dl("7:3")).unwrap();
    assert_eq!(r.to_string(), "Sw<15,14,-34> o 0 o 7:3072");
    assert_eq!(
        values(&r),
        (0..7).map(|i| c.eval(3 * i)).collect::<Vec<_>>()
    );
    // A negative offset may have every bit the swizzle reads set: the bound is i64's.
    let e = "Sw<15,14,-34> o -1 o 2:1".parse::<DynComposedLayout>();
    assert_eq!(e.unwrap_err().kind(), ErrorKind::Overflow);
}

#[test]
fn checked_evaluation() {
    let s = layout!(Sw<3,4,3> o 0 o (8,64):(64,1));
    assert_eq!(s.try_eval(-1).unwrap_err().kind(), ErrorKind::BadCoordinate);
    // Out of bounds the last mode runs on; beyond i64 it is an error, never a panic.
    let t = layout!(Sw<3,4,3> o 0 o (8,64):(1,16));
    assert_eq!(
        t.try_eval(i64::MAX).unwrap_err().kind(),
        ErrorKind::Overflow
    );
    assert_eq!(
        s.try_eval(i64::MAX),
        Ok(swizzle_ref(3, 4, 3, 7 * 64 + i64::MAX / 8))
    );
    assert_eq!(
        s.try_call((1, i64::MAX)).unwrap_err().kind(),
        ErrorKind::Overflow
    );
    assert_eq!(s.try_call((9, 0)), Ok(swizzle_ref(3, 4, 3, 9 * 64)));
    let o = layout!(Sw<3,4,3> o {i64::MAX - 1000} o (8,64):(64,1)).unwrap();
    assert_eq!(
        o.try_eval(511),
        Ok(swizzle_ref(3, 4, 3, i64::MAX - 1000 + 511))
    );
    assert_eq!(o.try_call((0, 1000)), Ok(swizzle_ref(3, 4, 3, i64::MAX)));
    assert_eq!(
        o.try_call((0, 1001)).unwrap_err().kind(),
        ErrorKind::Overflow
    );
    // Offsets (or the cosize bound, one past them rounded up to the swizzle's block of 128)
    // beyond i64 are refused when the layout is built.
    let e = layout!(Sw<3,4,3> o {i64::MAX - 600} o (8,64):(64,1)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
    let e = "Sw<3,4,3> o -9223372036854775808 o 2:-1".parse::<DynComposedLayout>();
    assert_eq!(e.unwrap_err().kind(), ErrorKind::Overflow);
}

#[test]
fn parse_errors_name_the_byte() {
    let err = |s: &str| s.parse::<DynComposedLayout>().unwrap_err();
    let e = err("Sw<3,4,3> o 0 o (8,64):(64,1,2)");
    assert_eq!(e.kind(), ErrorKind::Incongruent);
    assert!(e.to_string().contains("at byte 23"), "{e}");
    let e = err("Sx<3,4,3> o 0 o 8:1");
    assert_eq!(
        e.to_string(),
        "parse error: expected a swizzle `Sw<B,M,S>` at byte 0, found 'S'"
    );
    let e = err("Sw<3,4> o 0 o 8:1");
    assert_eq!(
        e.to_string(),
        "parse error: expected ',' between the swizzle parameters at byte 6, found '>'"
    );
    let e = err("Sw<3,4,3> 0 o 8:1");
    assert_eq!(
        e.to_string(),
        "parse error: expected 'o' after the swizzle at byte 10, found '0'"
    );
    let e = err("Sw<3,4,3> o (0) o 8:1");
    assert_eq!(
        e.to_string(),
        "parse error: expected an integer at byte 12, found '('"
    );
    let e = err("Sw<3,4,3> o 0 o 8:1 x");
    assert_eq!(
        e.to_string(),
        "parse error: expected end of input at byte 20, found 'x'"
    );
    let e = err("  Sw<3,4,2> o 0 o 8:1");
    assert_eq!(e.kind(), ErrorKind::InvalidSwizzle);
    assert!(
        e.to_string().contains("|S| must be at least B") && e.to_string().contains("byte 2"),
        "{e}"
    );
}

// ---------------------------------------------------------------------------------------------
// Random layouts

/// A valid swizzle `(B, M, S)`, extremes included (B + M + |S| up to 63, S = 0 with B = 0).
fn swizzle() -> impl Strategy<Value = DynSwizzle> {
    prop_oneof![
        (0i64..=3, 0i64..=5, -6i64..=6),
        (0i64..=20, 0i64..=40, -40i64..=40),
    ]
    .prop_filter_map("valid", |(b, m, s)| DynSwizzle::new(b, m, s).ok())
}

/// A flat or nested runtime layout of size at most 4096, strides of either sign.
fn inner() -> impl Strategy<Value = DynLayout> {
    let mode = (
        1i64..=8,
        prop_oneof![-70i64..=70, Just(0), (0u32..40).prop_map(|k| 1i64 << k)],
    );
    (prop::collection::vec(mode, 1..=4), any::<bool>()).prop_filter_map("fits", |(m, nest)| {
        let s: Vec<String> = m.iter().map(|x| x.0.to_string()).collect();
        let d: Vec<String> = m.iter().map(|x| x.1.to_string()).collect();
        let text = if nest && s.len() >= 2 {
            format!(
                "({},({})):({},({}))",
                s[0],
                s[1..].join(","),
                d[0],
                d[1..].join(",")
            )
        } else {
            format!("({}):({})", s.join(","), d.join(","))
        };
        text.parse::<DynLayout>().ok()
    })
}

fn offset() -> impl Strategy<Value = i64> {
    prop_oneof![
        -3000i64..3000,
        Just(i64::MAX),
        Just(i64::MIN),
        (i64::MAX - 5000)..=i64::MAX,
        i64::MIN..=(i64::MIN + 5000),
        any::<i64>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(400)))]

    /// `(A ∘ O ∘ B)(i) = A(O + B(i))` over the whole domain, the cosize above every value; a
    /// layout whose offsets leave `i64` is refused when built (and only then).
    #[test]
    fn evaluation_is_the_definition(sw in swizzle(), o in offset(), b in inner(), st in any::<bool>()) {
        let want = reference(&sw, o, &b);
        let fits = want.iter().all(|&v| v != i128::MAX);
        let o_int = DynInt { value: o, is_static: st };
        match ComposedLayout::try_new(sw, o_int, b.clone()) {
            Ok(c) => {
                prop_assert!(fits);
                let got: Vec<i128> = values(&c).into_iter().map(i128::from).collect();
                prop_assert_eq!(&got, &want);
                let cosize = c.cosize() as i128;
                prop_assert!(want.iter().all(|&v| v < cosize), "cosize {} of {}", cosize, c);
                let (lo, hi) = range_ref(o, &b);
                prop_assert_eq!(cosize, bound_ref(&sw, lo, hi), "the documented bound of {}", c);
                for i in 0..b.size() {
                    prop_assert_eq!(c.try_eval(i).map(i128::from), Ok(want[i as usize]));
                }
                // Printing and parsing round trip, both forms.
                let back: DynComposedLayout = c.to_string().parse().unwrap();
                prop_assert_eq!(&back, &c);
                let alt: DynComposedLayout = format!("{c:#}").parse().unwrap();
                prop_assert_eq!(format!("{alt:#}"), format!("{c:#}"));
            }
            Err(e) => {
                prop_assert_eq!(e.kind(), ErrorKind::Overflow);
                // Refused only when an offset or the documented bound leaves i64.
                let (lo, hi) = range_ref(o, &b);
                prop_assert!(!fits || bound_ref(&sw, lo, hi) > i64::MAX as i128);
            }
        }
    }
}

#[test]
fn composition_with_a_swizzle_on_the_left() {
    use cute_layout::swizzle::Swizzle;
    use cute_layout::typenum::{P3, U3, U4};
    let sw = Swizzle::<U3, U4, P3>::new();
    let c = sw.compose(layout!((8,64):(64,1)));
    assert_eq!(c, layout!(Sw<3,4,3> o 0 o (8,64):(64,1)));
    let d = DynSwizzle::new(3, 4, 3)
        .unwrap()
        .compose(dl("(8,64):(64,1)"));
    assert_eq!(format!("{d:#}"), "Sw<3,4,3> o _0 o (8,64):(64,1)");
    assert_eq!(values(&d), values(&c));
}

// ---------------------------------------------------------------------------------------------
// The algebra: each operation on the inner layout, A and O kept

/// `R(i) == A(O + X(i))` for every `i`: `R` is `A ∘ O ∘ X` as a function.
fn assert_is_composed_with(r: &DynComposedLayout, c: &DynComposedLayout, x: &DynLayout) {
    assert_eq!(r.layout_a(), c.layout_a());
    assert_eq!(r.offset(), c.offset());
    let (b, m, s) = params(c.layout_a());
    let want: Vec<i64> = (0..x.size())
        .map(|i| swizzle_ref(b, m, s, c.offset().value + x.eval(i)))
        .collect();
    assert_eq!(values(r), want, "{r}");
}

#[test]
fn composition_on_the_right_is_composition_of_functions() {
    let c = layout!(Sw<3,4,3> o 0 o (8,64):(64,1));
    let d = c.to_dyn();
    // (C ∘ B)(i) = C(B(i)) for every i of B, B a layout: static and runtime agree.
    let r = c.compose(layout!((4,8):(2,16)));
    let rd = d.compose(dl("(4,8):(2,16)"));
    assert_eq!(r.to_dyn(), rd);
    let b = dl("(4,8):(2,16)");
    let want: Vec<i64> = (0..b.size()).map(|i| c.eval(b.eval(i))).collect();
    assert_eq!(values(&r), want);
    assert_eq!(r.to_string(), "Sw<3,4,3> o 0 o (4,8):(128,2)");
    // A tiler: by mode.
    let r = c.compose((layout!(4:2), layout!(8:8)));
    let rd = d.compose(
        &"<4:2,8:8>"
            .parse::<cute_layout::algebra::DynTiler>()
            .unwrap(),
    );
    assert_eq!(r.to_dyn(), rd);
    for i in 0..4 {
        for j in 0..8 {
            assert_eq!(r.call((i, j)), c.call((2 * i, 8 * j)));
        }
    }
    // Inadmissible compositions: the inner operation's error.
    let e = "Sw<1,2,3> o 0 o (4,6,8):(2,3,5)"
        .parse::<DynComposedLayout>()
        .unwrap()
        .try_compose(dl("6:3"));
    assert_eq!(e.unwrap_err().kind(), ErrorKind::StrideDivisibility);
}

#[test]
fn divides_and_products_apply_to_the_inner_layout() {
    let c = layout!(Sw<3,4,3> o 8 o (16,64):(64,1));
    let d = c.to_dyn();
    let b = c.layout_b().to_dyn();
    let t = (layout!(8:1), layout!(16:1));
    let td = "<_8:_1,_16:_1>"
        .parse::<cute_layout::algebra::DynTiler>()
        .unwrap();
    macro_rules! same {
        ($m:ident) => {{
            let r = c.$m(t);
            let rd = d.$m(&td);
            assert_eq!(r.to_dyn(), rd, stringify!($m));
            assert_eq!(format!("{r:#}"), format!("{rd:#}"));
            assert_is_composed_with(&rd, &d, &b.$m(&td));
            rd
        }};
    }
    // logical_divide(C, T)(i) = C((T, T*)(i)) by mode: the tile (i0, j0) of tile (i1, j1) is
    // C(8·i1 + i0, 16·j1 + j0).
    let r = same!(logical_divide);
    for (i0, i1, j0, j1) in [(3, 1, 5, 2), (7, 0, 15, 3), (0, 1, 0, 0)] {
        let crd: cute_layout::DynTuple = format!("(({i0},{i1}),({j0},{j1}))").parse().unwrap();
        assert_eq!(r.call(&crd), c.call((8 * i1 + i0, 16 * j1 + j0)));
    }
    let r = same!(zipped_divide);
    assert_eq!(
        r.to_string(),
        "Sw<3,4,3> o 8 o ((8,16),(2,4)):((64,1),(512,16))"
    );
    same!(tiled_divide);
    same!(flat_divide);
    // Products: the first mode is C itself (a shifted copy per repetition).
    let p = layout!((2,3):(1,2));
    let pd = p.to_dyn();
    macro_rules! product {
        ($m:ident) => {{
            let r = c.$m(p);
            let rd = d.$m(&pd);
            assert_eq!(r.to_dyn(), rd, stringify!($m));
            assert_is_composed_with(&rd, &d, &b.$m(&pd));
            rd
        }};
    }
    let r = product!(logical_product);
    for i in 0..AnyLayout::size(&c).value() {
        assert_eq!(r.call((i, 0)), c.eval(i));
    }
    product!(blocked_product);
    product!(raked_product);
    let r = c.zipped_product((layout!(2:1), layout!(3:1)));
    assert_eq!(
        r.to_dyn(),
        d.zipped_product(
            &"<2:1,3:1>"
                .parse::<cute_layout::algebra::DynTiler>()
                .unwrap()
        )
    );
    let r = c.tiled_product((layout!(2:1), layout!(3:1)));
    assert_eq!(
        r.to_dyn(),
        d.tiled_product(
            &"<2:1,3:1>"
                .parse::<cute_layout::algebra::DynTiler>()
                .unwrap()
        )
    );
    let r = c.flat_product((layout!(2:1), layout!(3:1)));
    assert_eq!(
        r.to_dyn(),
        d.flat_product(
            &"<2:1,3:1>"
                .parse::<cute_layout::algebra::DynTiler>()
                .unwrap()
        )
    );
    // Errors (and results) are the inner operation's.
    for x in ["(2,3,4):(1,2,6)", "(2,2):(1,16)", "4:0"] {
        let x = dl(x);
        assert_eq!(
            d.try_blocked_product(&x).map(|r| r.layout_b().clone()),
            b.try_blocked_product(&x)
        );
        assert_eq!(
            d.try_logical_divide(&x).map(|r| r.layout_b().clone()),
            b.try_logical_divide(&x)
        );
    }
    // Paper §3.5.2: 16:1 divided by (3,2):(1,4) is not surjective; so is the composed one.
    let e = layout!(Sw<1,0,1> o 0 o 16:1)
        .to_dyn()
        .try_logical_divide(dl("(3,2):(1,4)"));
    assert_eq!(e.unwrap_err().kind(), ErrorKind::NotSurjective);
    // coalesce and flatten keep every value.
    let n = layout!(Sw<2,4,3> o 0 o ((4,2),(8,4)):((1,4),(8,64)));
    assert_eq!(values(&n.coalesce()), values(&n));
    assert_eq!(n.coalesce().to_string(), "Sw<2,4,3> o 0 o 256:1");
    assert_eq!(values(&n.flatten()), values(&n));
    assert_eq!(n.to_dyn().coalesce(), n.coalesce().to_dyn());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(200)))]

    /// Runtime: `(C ∘ B)(i) = C(B(i))` on random composed layouts and random right operands,
    /// wherever the inner composition is admissible; its error otherwise.
    #[test]
    fn composition_is_composition_of_functions(sw in swizzle(), o in -3000i64..3000, a in inner(),
                                               s in 1i64..=16, d in 0i64..=8) {
        let Ok(c) = ComposedLayout::try_new(sw, DynInt::dynamic(o), a.clone()) else { return Ok(()) };
        let b = DynLayout::new(DynTuple::int(s), DynTuple::int(d)).unwrap();
        match (c.try_compose(b.clone()), a.try_compose(b.clone())) {
            (Ok(r), Ok(_)) => {
                for i in 0..b.size() {
                    prop_assert_eq!(r.eval(i), c.eval(b.eval(i)));
                }
            }
            (Err(e), Err(f)) => prop_assert_eq!(e, f),
            // The composed offsets (or their bound) may leave i64 where the inner ones do not.
            (Err(e), Ok(ab)) => {
                prop_assert_eq!(e.kind(), ErrorKind::Overflow);
                let (lo, hi) = range_ref(o, &ab);
                let fits = lo >= i64::MIN as i128 && hi <= i64::MAX as i128;
                prop_assert!(!fits || bound_ref(&sw, lo, hi) > i64::MAX as i128, "{}", e);
            }
            (r, f) => prop_assert!(false, "{:?} vs {:?}", r, f),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Element-width casts of composed layouts (CuTe layout_composed.hpp: each part cast).

/// The defining property of `upcast<N>` on a swizzled row-major tile of `rows × n·cols` narrow
/// elements: the narrow element `j` of wide element `(r, c)` lands `j` past `N ×` the wide
/// element's offset, i.e. `bytes(r, n·c + j) == n·wide(r, c) + j` for every `0 ≤ j < n`
/// (exact when the swizzle's lowest bit `M ≥ log2 n`, which the strategy ensures).
fn check_upcast_relation(bytes: &DynComposedLayout, wide: &DynComposedLayout, n: i64) {
    let rows = bytes.layout_b().shape().get(0).unwrap().as_int().unwrap();
    let cols = wide.layout_b().shape().get(1).unwrap().as_int().unwrap();
    for r in 0..rows {
        for c in 0..cols {
            for j in 0..n {
                let narrow = bytes.try_call(dt(&format!("({r},{})", n * c + j))).unwrap();
                let w = wide.try_call(dt(&format!("({r},{c})"))).unwrap();
                assert_eq!(narrow, n * w + j, "{bytes} vs {wide} at ({r},{c}) + {j}");
            }
        }
    }
}

fn dt(s: &str) -> DynTuple {
    s.parse().unwrap()
}

#[test]
fn upcast_of_a_byte_swizzle_is_the_element_swizzle() {
    use cute_layout::typenum::{U2, U4};
    // The case: a byte-address Sw<3,4,3> on 16-bit elements is Sw<3,3,3>.
    let bytes = layout!(Sw<3,4,3> o 0 o (8,128):(128,1));
    let halfs = bytes.upcast::<U2>();
    assert_eq!(halfs.to_string(), "Sw<3,3,3> o 0 o (8,64):(64,1)");
    check_upcast_relation(&bytes.to_dyn(), &halfs.to_dyn(), 2);
    // 32-bit elements, and back down; recast_layout is the pair.
    let words = bytes.upcast::<U4>();
    assert_eq!(words.to_string(), "Sw<3,2,3> o 0 o (8,32):(32,1)");
    check_upcast_relation(&bytes.to_dyn(), &words.to_dyn(), 4);
    assert_eq!(words.downcast::<U4>(), bytes);
    assert_eq!(bytes.recast_layout::<u8, u16>(), halfs);
    assert_eq!(halfs.recast_layout::<u16, u8>(), bytes);
    // The runtime engine gives the same layouts.
    let d: DynComposedLayout = "Sw<3,4,3> o 0 o (8,128):(128,1)".parse().unwrap();
    assert_eq!(d.upcast::<U2>(), halfs.to_dyn());
    assert_eq!(d.upcast::<U4>().downcast::<U4>(), d);
    // An offset inside a wide element has no wide offset (CuTe safe_div).
    let odd: DynComposedLayout = "Sw<3,4,3> o 3 o (8,128):(128,1)".parse().unwrap();
    assert_eq!(
        odd.try_upcast::<U2>().unwrap_err().kind(),
        ErrorKind::NotDivisible
    );
    let even: DynComposedLayout = "Sw<3,4,3> o 256 o (8,128):(128,1)".parse().unwrap();
    assert_eq!(
        even.upcast::<U2>().to_string(),
        "Sw<3,3,3> o 128 o (8,64):(64,1)"
    );
    // The swizzle's own refusal passes through: S < 0 with M < log2 N has no wide swizzle.
    let neg: DynComposedLayout = "Sw<2,1,-3> o 0 o (4,64):(64,1)".parse().unwrap();
    assert_eq!(
        neg.try_upcast::<U4>().unwrap_err().kind(),
        ErrorKind::InvalidSwizzle
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(200)))]

    /// upcast<N> of random swizzled row-major tiles satisfies the defining relation, and
    /// downcast<N> takes it back to the same layout (where only the column mode has stride 1).
    #[test]
    fn upcast_relation_on_random_tiles(
        k in 0u32..=3, b in 0i64..=3, extra_m in 0i64..=2, s_mag in 0i64..=3, neg in any::<bool>(),
        rows in 1i64..=8, cols in 1i64..=16, o_wide in 0i64..=64,
    ) {
        let n = 1i64 << k;
        let m = k as i64 + extra_m;
        let s_abs = b.max(1) + s_mag;
        let s = if neg { -s_abs } else { s_abs };
        let width = n * cols;
        let bytes: DynComposedLayout = format!("Sw<{b},{m},{s}> o {} o ({rows},{width}):({width},1)", n * o_wide)
            .parse().unwrap();
        let wide = match n {
            1 => bytes.upcast::<cute_layout::typenum::U1>(),
            2 => bytes.upcast::<cute_layout::typenum::U2>(),
            4 => bytes.upcast::<cute_layout::typenum::U4>(),
            _ => bytes.upcast::<cute_layout::typenum::U8>(),
        };
        check_upcast_relation(&bytes, &wide, n);
        let back = match n {
            1 => wide.downcast::<cute_layout::typenum::U1>(),
            2 => wide.downcast::<cute_layout::typenum::U2>(),
            4 => wide.downcast::<cute_layout::typenum::U4>(),
            _ => wide.downcast::<cute_layout::typenum::U8>(),
        };
        // downcast multiplies the size of every unit-stride mode: with one wide column the row
        // stride is 1 too, and the round trip is not the identity (CuTe's rule, documented).
        if cols > 1 {
            prop_assert_eq!(back, bytes);
        }
    }
}

#[test]
fn tile_to_shape_of_a_swizzled_atom_keeps_the_swizzle() {
    use cute_layout::ops::GenRowMajor;
    use cute_layout::typenum::{U128, U256, U64};
    // CuTe's smem tiles: a swizzled 8x64 atom of 16-bit elements tiled to 128x64 / 64x256.
    let atom = layout!(Sw<3,4,3> o 0 o (8,64):(64,1));
    let datom: DynComposedLayout = "Sw<3,4,3> o 0 o (8,64):(64,1)".parse().unwrap();
    let t1 = atom.tile_to_shape((U128::default(), U64::default()));
    let t2 = atom.tile_to_shape_ordered((U64::default(), U256::default()), GenRowMajor);
    let d1 = datom.tile_to_shape(dt("(128,64)"));
    let d2 = datom.tile_to_shape_ordered(dt("(64,256)"), GenRowMajor);
    // (parsed text carries no static marks, so `{}` and `==`, which ignore them)
    assert_eq!((t1.to_string(), t1.to_dyn()), (d1.to_string(), d1.clone()));
    assert_eq!((t2.to_string(), t2.to_dyn()), (d2.to_string(), d2.clone()));
    // Each is the swizzle after the tiled inner layout (the definition of the composed
    // operation), and the tile is a bijection onto [0, 128·64) like its inner layout.
    for (t, inner) in [
        (&d1, datom.layout_b().tile_to_shape(dt("(128,64)"))),
        (
            &d2,
            datom
                .layout_b()
                .tile_to_shape_ordered(dt("(64,256)"), GenRowMajor),
        ),
    ] {
        assert_eq!(t.layout_b(), &inner);
        let n: i64 = AnyLayout::size(t);
        let mut seen = vec![false; n as usize];
        for i in 0..n {
            let v = t.eval(i);
            assert_eq!(v, swizzle_ref(3, 4, 3, inner.eval(i)));
            assert!(
                !std::mem::replace(&mut seen[v as usize], true),
                "{t}: {v} twice"
            );
        }
    }
    // The inner operation's refusal passes through.
    assert_eq!(
        datom.try_tile_to_shape(dt("(12,64)")).unwrap_err().kind(),
        ErrorKind::NotDivisible
    );
}
