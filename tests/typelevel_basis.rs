//! Basis strides in the type-level engine: CuTe's `ScaledBasis`, identity layouts, evaluation
//! to coordinates, and the algebra on basis-strided layouts (paper §2.3.1, §3.3.2, Tables 4, 7).

use cute_layout::typenum::{U0, U1, U2, U3, U4, U8};
use cute_layout::{layout, make_identity_layout, BasisLayout, Layout, ScaledBasis, E, E0, E1};
use static_assertions::assert_type_eq_all as same;

use crate::common;

#[test]
fn scaled_basis_prints_like_cute() {
    assert_eq!(E0::default().to_string(), "1@0");
    assert_eq!(format!("{:#}", E0::default()), "_1@0");
    assert_eq!(E::<(U1, U0)>::default().to_string(), "1@0@1");
    assert_eq!(E::<()>::default().to_string(), "1");
    assert_eq!(ScaledBasis::<i64, (U2,)>::new(-3).to_string(), "-3@2");
    assert_eq!(format!("{:#}", ScaledBasis::<i64, (U2,)>::new(-3)), "-3@2");
    assert_eq!(core::mem::size_of::<E<(U1, U0)>>(), 0);
}

#[test]
fn macro_basis_leaves() {
    let l = layout!((4,8):(1@0,1@1));
    same!(Layout![(4,8):(1@0,1@1)], Layout<(U4, U8), (E0, E1)>);
    assert_eq!(l.to_string(), "(4,8):(1@0,1@1)");
    same!(Layout![2:1@0@1], Layout<U2, E<(U1, U0)>>);
    same!(Layout![2:-3@1], Layout<U2, ScaledBasis<cute_layout::typenum::NInt<U3>, (U1,)>>);
    assert_eq!(layout!(2:-3@1).to_string(), "2:-3@1");
    assert_eq!(
        format!("{:#}", layout!((_4,_8):(_1@0,_2@1))),
        "(_4,_8):(_1@0,_2@1)"
    );
    let n = 5;
    let m = layout!((4,{n}):({n}@1,1@0)).unwrap();
    assert_eq!(format!("{m:#}"), "(_4,5):(5@1,_1@0)");
    assert_eq!(m.eval(7), (1, 15));
}

#[test]
fn identity_layout_evaluates_to_the_natural_coordinate() {
    let id = make_identity_layout(((U2::default(), U3::default()), U4::default()));
    assert_eq!(id.to_string(), "((2,3),4):((1@0@0,1@1@0),1@1)");
    assert_eq!(core::mem::size_of_val(&id), 0);
    // Every index against idx2crd of the shape, computed by hand (colexicographic).
    for i in 0..24i64 {
        let natural = ((i % 2, (i / 2) % 3), i / 6);
        assert_eq!(id.eval(i), natural, "index {i}");
        assert_eq!(id.call(natural), natural);
        assert_eq!(id.call((i % 6, i / 6)), natural);
        assert_eq!(id.try_eval(i), Ok(natural));
    }
}

#[test]
fn static_and_mixed_agree() {
    let s = layout!(((2,3),4):((1@0@0,3@1@0),-2@1));
    let n = 3;
    let m = layout!(((2,{n}),4):((1@0@0,{n}@1@0),-2@1)).unwrap();
    assert_eq!(s.to_string(), m.to_string());
    assert_eq!(format!("{s:#}"), "((_2,_3),_4):((_1@0@0,_3@1@0),_-2@1)");
    assert_eq!(format!("{m:#}"), "((_2,3),_4):((_1@0@0,3@1@0),_-2@1)");
    for i in 0..24 {
        let (a, b, c) = (i % 2, (i / 2) % 3, i / 6);
        assert_eq!(s.eval(i), ((a, 3 * b), -2 * c));
        assert_eq!(m.eval(i), s.eval(i));
        assert_eq!(m.try_call(((a, b), c)), Ok(s.eval(i)));
    }
}

#[test]
fn runtime_arithmetic_is_checked() {
    use cute_layout::ErrorKind;
    let big = i64::MAX / 2;
    // Every coordinate entry of an in-bounds coordinate fits: (2−1)·big.
    let l = layout!(2:{big}@0).unwrap();
    assert_eq!(l.eval(1), (big,));
    // Beyond the domain the checked form reports the overflow instead of wrapping.
    assert_eq!(l.try_eval(3).unwrap_err().kind(), ErrorKind::Overflow);
    assert_eq!(l.try_eval(-1).unwrap_err().kind(), ErrorKind::BadCoordinate);
    // A layout whose coordinate entries leave i64 is refused when built.
    let e = layout!(3:{big + 1}@0).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
    assert_eq!(
        layout!((2,{0}):(1@0,1@1)).unwrap_err().kind(),
        ErrorKind::NonPositiveShape
    );
}

#[test]
fn scaled_basis_arithmetic() {
    let e1 = E1::default();
    same!(<E1 as cute_layout::ops::ScaleBy<U4>>::Output, ScaledBasis<U4, (U1,)>);
    assert_eq!(
        e1.try_scale(3i64).unwrap(),
        ScaledBasis::<U3, (U1,)>::default()
    );
    assert_ne!(E0::default(), E1::default());
    assert_ne!(E0::default().scale(U2::default()), E0::default());
    assert_eq!(E0::default().try_add(e1).unwrap(), (1, 1));
    assert_eq!(e1.try_add(E0::default()).unwrap(), (1, 1));
    assert_eq!(
        ScaledBasis::<i64, (U0,)>::new(i64::MAX)
            .try_scale(2i64)
            .unwrap_err()
            .kind(),
        cute_layout::ErrorKind::Overflow
    );
}

#[test]
fn identity_evaluation_is_zero_sized_and_typed() {
    let id = layout!((8,16):(1@0,1@1));
    same!(cute_layout::Codomain<(E0, E1)>, (i64, i64));
    assert_eq!(core::mem::size_of_val(&id), 0);
    assert_eq!(core::mem::size_of_val(&id.eval(0)), 16); // two i64, nothing else
    for i in 0..128 {
        assert_eq!(id.eval(i), (i % 8, i / 8));
    }
}

/// `coalesce` keeps the function (paper §3.2 postcondition): checked at every index, and the
/// merge rule `d1 = s0·d0` applies to bases of the same path only.
#[test]
fn coalesce_basis_layouts() {
    let a = layout!((2,(1,6)):(1@0,(6@1,2@0)));
    let c = a.coalesce();
    fn same_type<T>(_: &T, _: &T) {}
    same_type(&c, &Layout::<cute_layout::typenum::U12, E0>::new_basis());
    assert_eq!(c.to_string(), "12:1@0");
    // The dropped size-1 mode's path stays in A's codomain, always 0.
    for i in 0..12 {
        assert_eq!((c.eval(i).0, 0), a.eval(i));
    }
    // Different paths never merge; the size-1 mode goes.
    let b = layout!((4,1,8):(1@0,7@0,4@1));
    let cb = b.coalesce();
    assert_eq!(cb.to_string(), "(4,8):(1@0,4@1)");
    for i in 0..32 {
        assert_eq!(cb.eval(i), b.eval(i));
    }
    // A runtime scale cannot be compared by the types: both modes are kept, the function is the same.
    let n = 2;
    let m = layout!((2,6):(1@0,{n}@0)).unwrap();
    let cm = m.coalesce();
    for i in 0..12 {
        assert_eq!(cm.eval(i), m.eval(i));
    }
}

// ---------------------------------------------------------------------------------------------
// Composition: a basis-strided A with an integer layout B on the right (paper §3.3.2,
// "Reductive Case: Coordinate"): A's strides are only scaled.

/// `(A∘B)(i) == A(B(i))` for every index of B (the postcondition of composition).
macro_rules! assert_composes {
    ($a:expr, $b:expr, $r:expr) => {{
        let (a, b, r) = (&$a, &$b, &$r);
        for i in 0..b.to_dyn().size() {
            assert_eq!(r.eval(i), a.eval(b.eval(i)), "{a} o {b} = {r} at {i}");
        }
    }};
}

#[test]
fn composition_table_4_coordinate_row() {
    // Paper Table 4, last row: (8,8):(e0,e1) o ((4,8),2):((16,1),8) = ((4,8),2):((2e1,e0),e1).
    let a = layout!((8,8):(1@0,1@1));
    let b = layout!(((4,8),2):((16,1),8));
    let r = a.compose(b);
    assert_eq!(r.to_string(), "((4,8),2):((2@1,1@0),1@1)");
    same!(
        cute_layout::ops::ComposeOf<Layout![(8,8):(1@0,1@1)], Layout![((4,8),2):((16,1),8)]>,
        Layout<((U4, U8), U2), ((ScaledBasis<U2, (U1,)>, E0), E1)>
    );
    assert_eq!(core::mem::size_of_val(&r), 0);
    assert_composes!(a, b, r);
}

#[test]
fn composition_postcondition_by_brute_force() {
    let id = make_identity_layout((U4::default(), cute_layout::typenum::U6::default()));
    let b = layout!((2,3):(1,4));
    let r = id.compose(b);
    assert_eq!(r.to_string(), "(2,3):(1@0,1@1)");
    assert_composes!(id, b, r);
    // Nested paths: B steps over the first mode and ends in the last one.
    let id = make_identity_layout(((U2::default(), U3::default()), U4::default()));
    let b = layout!(6:2);
    let r = id.compose(b);
    assert_eq!(r.to_string(), "(3,2):(1@1@0,1@1)");
    assert_composes!(id, b, r);
    // Coalescing A merges contiguous bases of one path only: (2,4):(1@0,2@0) is 8:1@0 ...
    let a = layout!((2,4):(1@0,2@0));
    let r = a.compose(layout!(4:2));
    assert_eq!(r.to_string(), "4:2@0");
    assert_composes!(a, layout!(4:2), r);
    // ... while (2,4):(1@0,2@1) is not one mode: the stride 2 steps over mode 0.
    let a = layout!((2,4):(1@0,2@1));
    let r = a.compose(layout!(4:2));
    assert_eq!(r.to_string(), "4:2@1");
    assert_composes!(a, layout!(4:2), r);
    // Scaled bases, a truncated mode, a stride-0 mode of B and a by-mode tiler.
    let a = layout!((4,(3,5)):(3@1,(1@0,-2@0)));
    assert_eq!(
        a.compose(layout!((2,3):(2,4))).to_string(),
        "(2,3):(6@1,1@0)"
    );
    assert_composes!(a, layout!((2,3):(2,4)), a.compose(layout!((2,3):(2,4))));
    assert_composes!(a, layout!((2,5):(2,12)), a.compose(layout!((2,5):(2,12))));
    assert_composes!(a, layout!(3:1), a.compose(layout!(3:1)));
    assert_eq!(a.compose(layout!((2,3):(0,4))).to_string(), "(2,3):(0,1@0)");
    let t = layout!((8,8):(1@0,1@1)).compose((layout!(4:2), layout!(2:4)));
    assert_eq!(t.to_string(), "(4,2):(2@0,4@1)");
    // A single-mode A extends to negative coordinates along its basis: A(−i) = −i·v@I.
    let a = layout!(8:3@1);
    assert_eq!(a.compose(layout!(4:-1)).to_string(), "4:-3@1");
}

#[test]
fn composition_static_and_mixed_agree() {
    let n = 8;
    let s = layout!((8,8):(1@0,1@1));
    let m = layout!((8,{n}):(1@0,1@1)).unwrap();
    let b = layout!(((4,8),2):((16,1),8));
    let n4 = 4;
    let bm = layout!((({n4},8),2):((16,1),8)).unwrap();
    let want = s.compose(b).to_string();
    assert_eq!(m.compose(b).to_string(), want);
    assert_eq!(m.compose(bm).to_string(), want);
    assert_eq!(s.compose(bm).to_string(), want);
    assert_composes!(s, b, m.compose(b));
    assert_composes!(s, b, m.compose(bm));
    assert_composes!(s, b, s.compose(bm));
    // A runtime basis value is scaled at run time.
    let k = 3;
    let a = layout!((4,8):(1@0,{k}@1)).unwrap();
    let r = a.compose(layout!((2,4):(2,8)));
    assert_eq!(format!("{r:#}"), "(_2,_4):(_2@0,6@1)");
    assert_composes!(a, layout!((2,4):(2,8)), r);
}

#[test]
fn composition_runtime_conditions() {
    use cute_layout::ErrorKind;
    let n = 4;
    let a = layout!(({n},6):(1@0,1@1)).unwrap();
    // Eq. (20): 3 neither divides nor is divided by 4 (a compile error for static shapes).
    let e = a.try_compose(layout!(3:3)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::StrideDivisibility);
    // A negative stride of B on a multi-mode basis A is refused, never evaluated wrongly.
    let e = layout!((4,8):(1@0,1@1))
        .try_compose(layout!(4:-1))
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NegativeStride);
    // Distributivity decided at run time: runtime bases of one path merge (16:1@0 is linear,
    // so B's stride 3 need not divide A's prefix product 4) ...
    let (one, four) = (1, 4);
    let b = layout!((2,2):(3,8));
    let a = layout!((4,4):({one}@0,{four}@0)).unwrap();
    let r = a.try_compose(b).unwrap();
    assert_eq!(r.to_string(), "(2,2):(3@0,8@0)");
    assert_composes!(a, b, r);
    // ... bases of different paths do not: for A = (4,4):(1@0,4@1), the by-mode result
    // (A o 2:3, A o 2:8) = (2,2):(3@0,8@1) is not A o B (A(3 + 8) = 3@0 + 2@1), which a merge
    // of the two modes by their values alone would let through.
    let a = layout!((4,4):({one}@0,{four}@1)).unwrap();
    assert_eq!(
        a.try_compose(b).unwrap_err().kind(),
        ErrorKind::NotDistributive
    );
}

// ---------------------------------------------------------------------------------------------
// The divides of a basis layout: composition with (tiler, complement(tiler, size(A))) — the
// coordinate of every element of every tile (what kernels predicate on).

#[test]
fn divided_identity_gives_every_element_its_coordinate() {
    use cute_layout::typenum::U6;
    let id = make_identity_layout((U8::default(), U6::default()));
    let tiler = (layout!(4:1), layout!(3:1));
    let z = id.zipped_divide(tiler);
    assert_eq!(z.to_string(), "((4,3),(2,2)):((1@0,1@1),(4@0,3@1))");
    assert_eq!(core::mem::size_of_val(&z), 0);
    let t = id.tiled_divide(tiler);
    assert_eq!(t.to_string(), "((4,3),2,2):((1@0,1@1),4@0,3@1)");
    let f = id.flat_divide(tiler);
    assert_eq!(f.to_string(), "(4,3,2,2):(1@0,1@1,4@0,3@1)");
    let l = id.logical_divide(tiler);
    assert_eq!(l.to_string(), "((4,2),(3,2)):((1@0,4@0),(1@1,3@1))");
    let mut seen = [[false; 6]; 8];
    for (r0, r1) in (0..2).flat_map(|a| (0..2).map(move |b| (a, b))) {
        for (t0, t1) in (0..4).flat_map(|a| (0..3).map(move |b| (a, b))) {
            // Element (t0,t1) of tile (r0,r1) is at row 4·r0 + t0, column 3·r1 + t1.
            let want = (4 * r0 + t0, 3 * r1 + t1);
            assert_eq!(z.call(((t0, t1), (r0, r1))), want);
            assert_eq!(t.call(((t0, t1), r0, r1)), want);
            assert_eq!(f.call((t0, t1, r0, r1)), want);
            assert_eq!(l.call(((t0, r0), (t1, r1))), want);
            assert_eq!(id.call(want), want);
            seen[want.0 as usize][want.1 as usize] = true;
        }
    }
    assert!(
        seen.iter().flatten().all(|&s| s),
        "every element lies in some tile"
    );
}

#[test]
fn divide_by_a_layout_is_composition_with_the_completed_tiler() {
    let id = make_identity_layout((U8::default(), U4::default()));
    // complement(4:2, 32) = (2,8):(1,8): the divide is A o (4,(2,8)):(2,(1,8)).
    let l = id.logical_divide(layout!(4:2));
    let completed = layout!((4,(2,4)):(2,(1,8)));
    assert_composes!(id, completed, l);
    assert_eq!(l.to_string(), "(4,(2,4)):(2@0,(1@0,1@1))");
    let z = id.zipped_divide(layout!(4:2));
    assert_eq!(z.to_string(), l.to_string());
}

#[test]
fn divides_static_and_mixed_agree() {
    use cute_layout::typenum::U6;
    let s = make_identity_layout((U8::default(), U6::default()));
    let m = cute_layout::try_make_identity_layout((U8::default(), 6i64)).unwrap();
    let tiler = (layout!(4:1), layout!(3:1));
    let (zs, zm) = (s.zipped_divide(tiler), m.zipped_divide(tiler));
    assert_eq!(zs.to_string(), zm.to_string());
    for i in 0..48 {
        assert_eq!(zs.eval(i), zm.eval(i));
    }
    let n = 3;
    let tm = (layout!(4:1), layout!({n}:1).unwrap());
    // A runtime tiler leaves the rest's runtime size-1 mode in place (as for integer layouts):
    // the same function.
    let zt = s.zipped_divide(tm);
    for i in 0..48 {
        assert_eq!(zt.eval(i), zs.eval(i));
    }
    // The tiler must cover A (paper §3.5.2), checked at run time for runtime values.
    let bad = layout!((2,2):(1,{n})).unwrap();
    assert_eq!(
        s.try_logical_divide(bad).unwrap_err().kind(),
        cute_layout::ErrorKind::NotSurjective
    );
}

// ---------------------------------------------------------------------------------------------
// Complement of a basis layout (paper §3.5, Eq. 27–29, Table 7): by codomain component, the
// result weakly congruent with the codomain; the same as the runtime engine.

mod basis_complement {
    use super::*;
    use cute_layout::algebra::basis as alg;
    use cute_layout::ops::{ComplementFullOf, ComplementOf};
    use cute_layout::typenum::U16;
    use cute_layout::{DynBasisLayout, DynTuple, ErrorKind};
    use proptest::prelude::*;
    use std::fmt::{Debug, Display};

    /// The static or mixed layout in the runtime form: printed (static leaves marked) and
    /// parsed.
    fn dynb<L: Display>(l: &L) -> DynBasisLayout {
        format!("{l:#}").parse().unwrap()
    }

    /// A coordinate of the type-level engine (nested tuples of `i64`) in CuTe notation.
    fn text<C: Debug>(c: &C) -> String {
        format!("{c:?}").replace(' ', "").replace(",)", ")")
    }

    /// `c(k)` for `k` in `0..reach`, by the type-level evaluation, checked against the runtime
    /// evaluation of the same layout.
    fn values<C: BasisLayout + Display>(c: &C, reach: i64) -> Vec<DynTuple>
    where
        C::Coord: Debug,
    {
        let cd = dynb(c);
        (0..reach)
            .map(|k| {
                let x = cd.eval(k);
                assert_eq!(text(&c.eval(k)), x.to_string(), "{c} at {k}");
                x
            })
            .collect()
    }

    /// Eq. 27–29 for the complement `c` of `a` (over `c`'s extended domain), by brute force.
    fn postconditions<A: Display, C: BasisLayout + Display>(a: &A, c: &C)
    where
        C::Coord: Debug,
    {
        let (ad, cd) = (dynb(a), dynb(c));
        // Eq. 27: the codomain of A is weakly congruent with the complement's shape.
        assert!(ad.codomain().weakly_congruent(cd.shape()), "{a} -> {c}");
        let reach = 2 * cd.size() + 8;
        let cv = values(c, reach);
        // Eq. 28: no value of A on its domain is a value of c at a non-zero coordinate.
        let image: Vec<DynTuple> = (0..ad.size()).map(|i| ad.eval(i)).collect();
        for (k, x) in cv.iter().enumerate().skip(1) {
            assert!(
                !image.contains(x),
                "{a} -> {c}: c({k}) = {x} is in A's image"
            );
        }
        // Eq. 29: ordered, colexicographically (the last component most significant).
        for k in 1..cv.len() {
            let (x, y): (Vec<i64>, Vec<i64>) =
                (cv[k - 1].leaves().collect(), cv[k].leaves().collect());
            assert!(x.iter().rev().lt(y.iter().rev()), "{a} -> {c} at {k}");
        }
    }

    /// `complement(A)` of a static layout: Eq. 27–29, zero-sized, and the runtime engine's
    /// result printed the same (static marks included).
    macro_rules! full {
        ($a:expr) => {{
            let a = $a;
            let c = a.complement_full();
            postconditions(&a, &c);
            assert_eq!(core::mem::size_of_val(&c), 0);
            assert_eq!(
                format!("{c:#}"),
                format!("{:#}", alg::complement_full(&dynb(&a))),
                "{a}"
            );
            c
        }};
    }

    #[test]
    fn table_7_basis_rows() {
        // Last row: (4,(4,2)):(e1,(e0,12e1)) → (1,(3,1)):(4e0,(4e1,24e1)).
        let c = full!(layout!((4,(4,2)):(1@1,(1@0,12@1))));
        assert_eq!(c.to_string(), "(1,(3,1)):(4@0,(4@1,24@1))");
        same!(
            ComplementFullOf<Layout![(4,(4,2)):(1@1,(1@0,12@1))]>,
            Layout![(1,(3,1)):(4@0,(4@1,24@1))]
        );
        // The row before: the paper prints (1,1):(4e0,4e1), whose extended domain reaches
        // (0,4) = A(0,4) at coordinate 1 (Eq. 28 fails, see tests/runtime_basis.rs); the
        // conditions give 8e1, the extent of A along e1.
        let a = layout!((4,8):(1@0,1@1));
        let paper = layout!((1,1):(4@0,4@1));
        assert_eq!(paper.eval(1), (0, 4));
        assert_eq!(a.call((0, 4)), (0, 4));
        let c = full!(a);
        assert_eq!(c.to_string(), "(1,1):(4@0,8@1)");
        same!(
            ComplementFullOf<Layout![(4,8):(1@0,1@1)]>,
            Layout![(1,1):(4@0,8@1)]
        );
    }

    #[test]
    fn static_complements_satisfy_eq_27_29_and_match_the_runtime() {
        // A size-1 mode names a component (e0 here).
        assert_eq!(
            full!(layout!((2,(1,4)):(1@1,(7@0,2@1)))).to_string(),
            "(1,1):(1@0,8@1)"
        );
        // Nested paths: the codomain (e0, e1, (e0@2)) gives a nested result.
        assert_eq!(
            full!(layout!((2,3):(1@1,2@0@2))).to_string(),
            "(1,1,((2,1))):(1@0,2@1,((1@0@2,6@0@2)))"
        );
        // Only a nested path: the codomain (0, (0)).
        full!(layout!(6:1@0@1));
        // An integer 0 stride and a stride-0 basis: no image, a component still.
        full!(layout!((2,3):(0,2@1)));
        full!(layout!((4,4):(2@1,0@0)));
        // A component no stride reaches (e1) is complemented from nothing: 1:1. By hand: along
        // e0, 3:16 (cosize 33) leaves the gap 16:1 and extends at 48; along e2, (2,4):(1,2) is
        // compact up to its cosize 8.
        assert_eq!(
            full!(layout!((2,4,3):(1@2,2@2,16@0))).to_string(),
            "((16,1),1,1):((1@0,48@0),1@1,8@2)"
        );
        // Gaps, permuted orders, three components, identity layouts.
        full!(layout!((3,(2,5)):(2@0,(1@1,12@0))));
        full!(layout!((2,2,2):(4@1,1@0,1@1)));
        full!(layout!((3,5):(5@1,1@1)));
        full!(layout!((8,2):(3@0,1@1)));
        full!(layout!((2,3,4):(3@2,1@0,2@1)));
        full!(layout!((4,2):(1@0,8@0)));
        full!(make_identity_layout((
            (U2::default(), U3::default()),
            U4::default()
        )));
        // Bases with the empty path are integers: the codomain is one integer, the complement
        // an integer layout, as the runtime engine's (which delegates to the integer engine).
        // By hand: 4:1 leaves no gap, 2:8 the gap 2:4, extension at 16 past the cosize 12.
        type EmptyPaths = (E<()>, ScaledBasis<U8, ()>);
        let a: Layout<(U4, U2), EmptyPaths> = Layout::new_basis();
        assert_eq!(full!(a).to_string(), "(2,1):(4,16)");
    }

    #[test]
    fn complement_up_to_a_cotarget() {
        // The runtime engine's documented example.
        let a = layout!((4,2):(1@0,4@1));
        let c = a.complement((U8::default(), U16::default()));
        assert_eq!(c.to_string(), "(2,(4,2)):(4@0,(1@1,8@1))");
        same!(
            ComplementOf<Layout![(4,2):(1@0,4@1)], (U8, U16)>,
            Layout![(2,(4,2)):(4@0,(1@1,8@1))]
        );
        postconditions(&a, &c);
        // Together with A, it reaches every coordinate below the cotarget.
        let cases = [
            (dynb(&a), dynb(&c), DynTuple::ints([8, 16])),
            {
                let a = layout!((4,(4,2)):(1@1,(1@0,12@1)));
                let c = a.complement((U8::default(), cute_layout::typenum::U32::default()));
                postconditions(&a, &c);
                (dynb(&a), dynb(&c), DynTuple::ints([8, 32]))
            },
            {
                let a = layout!((2,3):(1@1,2@0@2));
                let cot = (U2::default(), U4::default(), (U8::default(),));
                let c = a.complement(cot);
                postconditions(&a, &c);
                let rt = alg::complement(&dynb(&a), &"(2,4,(8))".parse().unwrap());
                assert_eq!(format!("{c:#}"), format!("{rt:#}"));
                (dynb(&a), dynb(&c), "(2,4,(8))".parse().unwrap())
            },
        ];
        for (a, c, cot) in cases {
            assert_eq!(alg::complement(&a, &cot), c, "{a} up to {cot}");
            let both = DynBasisLayout::new(
                DynTuple::tuple([a.shape().clone(), c.shape().clone()]),
                cute_layout::DynBasisTuple::tuple([a.stride().clone(), c.stride().clone()]),
            )
            .unwrap();
            let image: std::collections::HashSet<DynTuple> =
                (0..both.size()).map(|i| both.eval(i)).collect();
            let all = cute_layout::DynLayout::column_major(cot.clone()).unwrap();
            for i in 0..all.size() {
                let x = cot.idx2crd(i).unwrap();
                assert!(image.contains(&x), "{a} with {c} misses {x}");
            }
        }
    }

    /// A runtime cotarget entry that is not positive is an error, as at run time.
    #[test]
    fn runtime_cotarget_is_checked() {
        let a = layout!((4,2):(1@0,4@1));
        let e = a.try_complement((U8::default(), 0i64)).unwrap_err();
        let r = alg::try_complement(&dynb(&a), &"(8,0)".parse().unwrap()).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        assert_eq!(e.kind(), r.kind());
    }

    /// The runtime engine names a non-injective layout `NotInjective` where the type level
    /// (for integer strides too) names the violated fold condition `ModesInterleave`.
    fn same_kind(k: ErrorKind) -> ErrorKind {
        match k {
            ErrorKind::NotInjective => ErrorKind::ModesInterleave,
            k => k,
        }
    }

    /// An interleaving component with runtime values is refused at run time, with the kind the
    /// runtime engine gives; so is a non-injective one.
    #[test]
    fn runtime_interleaving_is_an_error() {
        let n = common::v(5);
        // (8,2):(2,5) along e1 is injective, its modes interleave (as ui-tests/complement_interleave.rs).
        let a = layout!((4,(8,2)):(1@0,(2@1,{n}@1))).unwrap();
        let e = a.try_complement_full().unwrap_err();
        let r = alg::try_complement_full(&dynb(&a)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::ModesInterleave);
        assert_eq!(e.kind(), r.kind());
        let n = common::v(1);
        let a = layout!((4,2):(1@1,{n}@1)).unwrap();
        let e = a.try_complement_full().unwrap_err();
        let r = alg::try_complement_full(&dynb(&a)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::ModesInterleave);
        assert_eq!(r.kind(), ErrorKind::NotInjective);
    }

    /// `n` modes along e0 or e1 with runtime shapes and strides: injective with growing
    /// strides half the time, otherwise random strides in 0..=12.
    fn modes(n: usize) -> impl Strategy<Value = Vec<(i64, usize, i64)>> {
        let injective = prop::collection::vec((1i64..=4, 0usize..2, 1i64..=3), n).prop_map(|m| {
            let mut span = [1i64, 1];
            m.into_iter()
                .map(|(s, p, gap)| {
                    let d = span[p] * gap;
                    span[p] = d * s;
                    (s, p, d)
                })
                .collect()
        });
        let random = prop::collection::vec((1i64..=4, 0usize..2, 0i64..=12), n);
        prop_oneof![injective, random]
    }

    /// The type-level result `t` (a mixed layout) and the runtime one agree: both refuse with
    /// the same kind, or both give the same values over the extended domain.
    fn agree<C: BasisLayout + Display>(
        t: Result<C, cute_layout::LayoutError>,
        r: Result<DynBasisLayout, cute_layout::LayoutError>,
    ) -> Result<(), TestCaseError>
    where
        C::Coord: Debug,
    {
        match (t, r) {
            (Ok(t), Ok(r)) => {
                let reach = 2 * r.size() + 8;
                let tv = values(&t, reach);
                for (k, x) in tv.iter().enumerate() {
                    prop_assert_eq!(x, &r.eval(k as i64), "{} vs {} at {}", t, r, k);
                }
            }
            (Err(e), Err(f)) => {
                prop_assert_eq!(same_kind(e.kind()), same_kind(f.kind()), "{} vs {}", e, f)
            }
            (t, r) => prop_assert!(
                false,
                "type level {:?}, runtime {:?}",
                t.map(|t| t.to_string()),
                r
            ),
        }
        Ok(())
    }

    fn stride(m: (i64, usize, i64)) -> String {
        format!("{}@{}", m.2, m.1)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(crate::common::cases(512)))]

        /// Mixed layouts (runtime shapes and basis values, static paths) against the runtime
        /// engine, full and up to a cotarget; Eq. 27–29 where the complement exists.
        #[test]
        fn mixed_complements_agree_with_the_runtime(m in modes(3), cot in (1i64..=40, 1i64..=40)) {
            use common::v;
            let (p0, p1, p2) = (m[0].1, m[1].1, m[2].1);
            // The paths are static: one layout type per path pattern. The codomain is (e0, e1)
            // except when every mode lies along e0.
            macro_rules! case {
                ($i0:tt $i1:tt $i2:tt, $cot:expr, $cotd:expr) => {{
                    let a = layout!((({v(m[0].0)},{v(m[1].0)}),{v(m[2].0)}):(({v(m[0].2)}@$i0,{v(m[1].2)}@$i1),{v(m[2].2)}@$i2)).unwrap();
                    let ad = dynb(&a);
                    prop_assert_eq!(
                        ad.to_string(),
                        format!("(({},{}),{}):(({},{}),{})", m[0].0, m[1].0, m[2].0, stride(m[0]), stride(m[1]), stride(m[2]))
                    );
                    let full = a.try_complement_full();
                    if let Ok(c) = &full {
                        postconditions(&a, c);
                    }
                    agree(full, alg::try_complement_full(&ad))?;
                    let c = a.try_complement($cot);
                    if let Ok(c) = &c {
                        postconditions(&a, c);
                    }
                    agree(c, alg::try_complement(&ad, &$cotd))?;
                }};
            }
            let two = (v(cot.0), v(cot.1));
            let twod = DynTuple::ints([cot.0, cot.1]);
            match (p0, p1, p2) {
                (0, 0, 0) => case!(0 0 0, (v(cot.0),), DynTuple::ints([cot.0])),
                (0, 0, 1) => case!(0 0 1, two, twod),
                (0, 1, 0) => case!(0 1 0, two, twod),
                (0, 1, 1) => case!(0 1 1, two, twod),
                (1, 0, 0) => case!(1 0 0, two, twod),
                (1, 0, 1) => case!(1 0 1, two, twod),
                (1, 1, 0) => case!(1 1 0, two, twod),
                _ => case!(1 1 1, two, twod),
            }
        }
    }
}
