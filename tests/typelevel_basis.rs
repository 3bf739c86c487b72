//! Basis strides in the type-level engine: CuTe's `ScaledBasis`, identity layouts, evaluation
//! to coordinates, and the algebra on basis-strided layouts (paper §2.3.1, §3.3.2, Tables 4, 7).

use cute_layout::typenum::{U0, U1, U2, U3, U4, U8};
use cute_layout::{layout, make_identity_layout, BasisLayout, Layout, ScaledBasis, E, E0, E1};
use static_assertions::assert_type_eq_all as same;

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
    same!(<E1 as cute_layout::ScaleBy<U4>>::Output, ScaledBasis<U4, (U1,)>);
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

#[test]
fn scratch_compose() {
    let a = layout!((8,8):(1@0,1@1));
    let b = layout!(((4,8),2):((16,1),8));
    let r = a.compose(b);
    assert_eq!(r.to_string(), "((4,8),2):((2@1,1@0),1@1)");
}
