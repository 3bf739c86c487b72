#![allow(clippy::type_complexity)] // spelled-out layout types are the point of these tests

use cute_layout::typenum::{U1, U16, U2, U4, U8};
use cute_layout::{IntTuple, Layout};

#[test]
fn static_and_mixed_eval() {
    let l: Layout<(U4, (U2, U2)), (U1, (U8, U4))> = Layout::new();
    assert_eq!(core::mem::size_of_val(&l), 0);
    assert_eq!(l.size(), U16::default());
    assert_eq!(l.eval(5), 9);
    assert_eq!(l.call((1, 1)), 9);
    assert_eq!(l.call((1, (1, 0))), 9);
    assert_eq!(l.to_string(), "(4,(2,2)):(1,(8,4))");
    assert_eq!(format!("{l:#}"), "(_4,(_2,_2)):(_1,(_8,_4))");
    let m = Layout::try_new(
        (U4::default(), (2i64, U2::default())),
        (U1::default(), (8i64, U4::default())),
    )
    .unwrap();
    assert_eq!(m.size(), 16);
    assert_eq!(format!("{m:#}"), "(_4,(2,_2)):(_1,(8,_4))");
    for i in 0..16 {
        assert_eq!(m.eval(i), l.eval(i));
        assert_eq!(m.to_dyn().eval(i), l.eval(i));
    }
    assert_eq!(<(U4, (U2, U2)) as IntTuple>::DEPTH, 2);
    assert!(Layout::try_new((0i64, U2::default()), (U1::default(), U4::default())).is_err());
}
