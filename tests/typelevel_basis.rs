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
