use cute_layout::ops::CoalesceOf;
use cute_layout::typenum::*;
use cute_layout::Layout;
use static_assertions::assert_type_eq_all as same;

#[test]
fn coalesce_static() {
    type A = Layout<(U2, (U1, U6)), (U1, (U6, U2))>;
    same!(CoalesceOf<A>, Layout<U12, U1>);
    type B = Layout<((U4, U3), U5), ((U15, U1), U3)>;
    same!(CoalesceOf<B>, Layout<(U4, U15), (U15, U1)>);
    type C = Layout<(U1, U1), (U3, U5)>;
    same!(CoalesceOf<C>, Layout<U1, U0>);
    type Dn = Layout<(U2, U4), (U4, U1)>;
    same!(CoalesceOf<Dn>, Layout<(U2, U4), (U4, U1)>);
    let m = Layout::try_new(
        (U2::default(), (1i64, 6i64)),
        (U1::default(), (6i64, U2::default())),
    )
    .unwrap();
    let c = m.coalesce();
    for i in 0..12 {
        assert_eq!(c.eval(i), m.eval(i));
    }
    println!("{c:#}");
}

use cute_layout::ops::ComposeOf;

#[test]
fn compose_static() {
    // Paper §3.3.3
    type A = Layout<(U4, U6, U8, U10), (U2, U3, U5, U7)>;
    same!(ComposeOf<A, Layout<U6, U12>>, Layout<(U2, U3), (U9, U5)>);
    type A2 = Layout<(U4, U2, U8), (U3, U12, U97)>;
    same!(ComposeOf<A2, Layout<U3, U3>>, Layout<U3, U9>);
    same!(ComposeOf<Layout<U7, U11>, Layout<(U3, U5), (U6, U3)>>, Layout<(U3, U5), (U66, U33)>);
    same!(ComposeOf<Layout<(U1, U1), (U1, U1)>, Layout<U4, U1>>, Layout<U4, U1>);
    // Table 4 rows
    type TV = Layout<((U4, U8), U2), ((U16, U1), U8)>;
    same!(ComposeOf<Layout<(U8, U8), (U1, U8)>, TV>, TV);
    same!(ComposeOf<Layout<(U8, U8), (U8, U1)>, TV>, Layout<((U4, U8), U2), ((U2, U8), U1)>);
    same!(ComposeOf<Layout<(U8, U8), (U1, U9)>, TV>, Layout<((U4, U8), U2), ((U18, U1), U9)>);
    same!(
        ComposeOf<Layout<((U4, U2), (U2, U4)), ((U2, U16), (U1, U8))>, TV>,
        Layout<((U4, (U4, U2)), U2), ((U8, (U2, U16)), U1)>
    );
    let a = Layout::<(U4, U6, U8), (U2, U3, U5)>::new();
    let m = Layout::try_new(6i64, 3i64).unwrap();
    let e = a.try_compose(m).unwrap_err();
    println!("{e}");
    let m = Layout::try_new(6i64, 1i64).unwrap();
    println!("{}", a.try_compose(m).unwrap_err());
    let m = Layout::try_new(6i64, 12i64).unwrap();
    let r = Layout::<(U4, U6, U8, U10), (U2, U3, U5, U7)>::new().compose(m);
    println!("{r:#}");
    for i in 0..6 {
        assert_eq!(
            r.eval(i),
            Layout::<(U4, U6, U8, U10), (U2, U3, U5, U7)>::new().eval(12 * i)
        );
    }
}

use cute_layout::ops::ComplementOf;

#[test]
fn complement_static() {
    same!(ComplementOf<Layout<U4, U2>, U24>, Layout<(U2, U3), (U1, U8)>);
    let c = Layout::<(U4, U8), (U1, U8)>::new().complement_full();
    assert_eq!(c.to_string(), "(2,1):(4,64)");
    assert_eq!(
        Layout::<(U4, U8), (U1, U4)>::new()
            .complement_full()
            .to_string(),
        "1:32"
    );
    assert_eq!(
        Layout::<(U4, U8), (U8, U1)>::new()
            .complement_full()
            .to_string(),
        "1:32"
    );
    assert_eq!(
        Layout::<(U4, U8), (U1, U5)>::new()
            .complement_full()
            .to_string(),
        "1:40"
    );
    assert_eq!(
        Layout::<((U2, U2), (U2, U4)), ((U0, U1), (U0, U2))>::new()
            .complement_full()
            .to_string(),
        "1:8"
    );
    assert_eq!(
        Layout::<((U2, U2), (U2, U4)), ((U0, U2), (U0, U4))>::new()
            .complement_full()
            .to_string(),
        "(2,1):(1,16)"
    );
    let m = Layout::try_new(4i64, 2i64).unwrap();
    assert_eq!(m.complement(24i64).to_string(), "(2,3):(1,8)");
}

#[test]
fn mixed_composition_distributivity_is_checked_at_run_time() {
    use cute_layout::layout;
    use cute_layout::ErrorKind;
    let v = std::hint::black_box;
    // B's modes 2:1 and 2:1 overlap: not distributive over A's two modes (paper Eq. 23).
    let b = layout!(({v(2)},{v(2)}):(1,1)).unwrap();
    let e = layout!((4,4):(1,8)).try_compose(b).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotDistributive);
    // Segregated modes 2:1 and 2:2 distribute: (2,2):(1,2) of (4,4):(1,8) is (2,2):(1,2).
    let b = layout!(({v(2)},{v(2)}):(1,2)).unwrap();
    let r = layout!((4,4):(1,8)).compose(b);
    assert_eq!((0..4).map(|i| r.eval(i)).collect::<Vec<_>>(), [0, 1, 2, 3]);
}
