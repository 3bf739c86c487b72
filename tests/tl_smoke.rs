use cute_layout::ops::{Coalesce, Coalesced};
use cute_layout::typenum::*;
use cute_layout::Layout;
use static_assertions::assert_type_eq_all as same;

#[test]
fn coalesce_static() {
    type A = Layout<(U2, (U1, U6)), (U1, (U6, U2))>;
    same!(Coalesced<A>, Layout<U12, U1>);
    type B = Layout<((U4, U3), U5), ((U15, U1), U3)>;
    same!(Coalesced<B>, Layout<(U4, U15), (U15, U1)>);
    type C = Layout<(U1, U1), (U3, U5)>;
    same!(Coalesced<C>, Layout<U1, U0>);
    type Dn = Layout<(U2, U4), (U4, U1)>;
    same!(Coalesced<Dn>, Layout<(U2, U4), (U4, U1)>);
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
