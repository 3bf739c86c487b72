//! The type-level inverses, vectorization and mode utilities agree with the runtime engine
//! (`cute_layout::algebra`) on `to_dyn()` of their inputs.

use cute_layout::algebra;
use cute_layout::ops::{
    CoalesceByModeOf, FilterOf, FilterZerosOf, FlattenOf, GroupModes, GroupModesOf, LeftInverseOf,
    MaxCommonLayoutOf, MaxCommonVectorOf, RightInverseOf,
};
use cute_layout::typenum::*;
use cute_layout::{layout, DynLayout, DynTuple, Layout};
use static_assertions::assert_type_eq_all as same;

/// `format!("{:#}")` of the type-level result equals that of the runtime result, for each
/// layout given.
macro_rules! agree {
    (|$l:ident| $tl:expr, $rt:expr; $($lit:expr),* $(,)?) => {{
        $(
            let $l = $lit;
            let d = $l.to_dyn();
            let want: DynLayout = $rt(&d);
            assert_eq!(format!("{:#}", $tl), format!("{want:#}"), "on {d}");
        )*
    }};
}

// ---------------------------------------------------------------------------------------------
// Inverses

#[test]
fn table5_right_inverse() {
    same!(RightInverseOf<Layout![(4,8):(1,4)]>, Layout![32:1]);
    same!(RightInverseOf<Layout![(4,8):(8,1)]>, Layout![(8,4):(4,1)]);
    same!(
        RightInverseOf<Layout![(3,7,5):(5,15,1)]>,
        Layout![(5,21):(21,1)]
    );
    same!(RightInverseOf<Layout![(4,8):(1,5)]>, Layout![4:1]);
    same!(
        RightInverseOf<Layout![(4,(4,2)):(4,(1,16))]>,
        Layout![(4,4,2):(4,1,16)]
    );
    same!(
        RightInverseOf<Layout![((2,2),(4,2)):((1,8),(2,16))]>,
        Layout![(2,4,2,2):(1,4,2,16)]
    );
    // The paper prints (2,2):(4,8); offsets 0..8 sit at coordinates 2·(x mod 2) + 8·⌊x/2⌋.
    same!(
        RightInverseOf<Layout![((2,2),(2,4)):((0,1),(0,2))]>,
        Layout![(2,4):(2,8)]
    );
    same!(
        RightInverseOf<Layout![((2,2),(2,4)):((0,2),(0,4))]>,
        Layout![1:0]
    );
}

#[test]
fn table6_left_inverse() {
    same!(LeftInverseOf<Layout![(4,8):(1,4)]>, Layout![32:1]);
    same!(LeftInverseOf<Layout![(4,8):(8,1)]>, Layout![(8,4):(4,1)]);
    same!(
        LeftInverseOf<Layout![(3,7,5):(5,15,1)]>,
        Layout![(5,21):(21,1)]
    );
    same!(LeftInverseOf<Layout![(4,8):(1,5)]>, Layout![(5,8):(1,4)]);
    same!(
        LeftInverseOf<Layout![(4,(4,2)):(4,(1,16))]>,
        Layout![(4,4,2):(4,1,16)]
    );
    same!(
        LeftInverseOf<Layout![((2,2),(4,2)):((1,8),(2,16))]>,
        Layout![(2,4,2,2):(1,4,2,16)]
    );
    same!(
        LeftInverseOf<Layout![((2,2),(2,4)):((0,2),(0,4))]>,
        Layout![(2,2,4):(0,2,8)]
    );
    // As in Table 5, the paper's (2,2):(4,8) is wrong here.
    same!(
        LeftInverseOf<Layout![((2,2),(2,4)):((0,1),(0,2))]>,
        Layout![(2,4):(2,8)]
    );
}

#[test]
fn right_inverse_agrees() {
    agree!(|l| l.right_inverse(), algebra::right_inverse;
        layout!((4,8):(1,4)),
        layout!((4,8):(8,1)),
        layout!((3,7,5):(5,15,1)),
        layout!((4,8):(1,5)),
        layout!((4,(4,2)):(4,(1,16))),
        layout!(((2,2),(4,2)):((1,8),(2,16))),
        layout!(((2,2),(2,4)):((0,1),(0,2))),
        layout!(((2,2),(2,4)):((0,2),(0,4))),
        layout!(8:1),
        layout!(8:2),
        layout!(1:0),
        layout!((2,1,3):(1,7,2)),
        layout!((2,2):(1,1)),
        layout!((4,8):(-1,4)),
        layout!((2,(3,4)):(12,(1,3))),
        layout!((4,4):(1,8)),
        layout!((3,5):(2,6)),
        layout!(((2,4),(3,5)):((60,1),(4,12))),
        layout!((2,2,2):(4,2,1)),
        layout!((4,2):(0,1)),
        layout!((7,3):(1,7)),
        layout!((4,3):(3,1)),
        layout!((1024,512):(512,1)),
    );
}

#[test]
fn left_inverse_agrees() {
    agree!(|l| l.left_inverse(), algebra::left_inverse;
        layout!((4,8):(1,4)),
        layout!((4,8):(8,1)),
        layout!((3,7,5):(5,15,1)),
        layout!((4,8):(1,5)),
        layout!((4,(4,2)):(4,(1,16))),
        layout!(((2,2),(4,2)):((1,8),(2,16))),
        layout!(((2,2),(2,4)):((0,1),(0,2))),
        layout!(((2,2),(2,4)):((0,2),(0,4))),
        layout!(8:1),
        layout!(8:2),
        layout!(8:3),
        layout!(1:0),
        layout!((2,1,3):(1,7,2)),
        layout!((2,3):(3,1)),
        layout!((2,(3,4)):(12,(1,3))),
        layout!((4,4):(1,8)),
        layout!((3,5):(2,6)),
        layout!((6,2):(2,1)),
        layout!(((2,4),(3,5)):((60,1),(4,12))),
        layout!((2,2,2):(4,2,1)),
        layout!((4,2):(0,1)),
        layout!((1024,512):(512,1)),
    );
}

/// `L(L‡(k)) = k` and `L†(L(k)) = k` (injective `L`) on a few layouts, value by value.
#[test]
fn inverse_properties() {
    let l = layout!((3,7,5):(5,15,1));
    let r = l.right_inverse();
    for k in 0..r.to_dyn().size() {
        assert_eq!(l.eval(r.eval(k)), k);
    }
    let l = layout!((4,8):(1,5));
    let li = l.left_inverse();
    for k in 0..32 {
        assert_eq!(li.eval(l.eval(k)), k);
    }
}

// ---------------------------------------------------------------------------------------------
// Vectorization

#[test]
fn max_common_vector_types() {
    same!(MaxCommonVectorOf<Layout![(4,8):(1,4)], Layout![(4,8):(1,4)]>, U32);
    same!(MaxCommonVectorOf<Layout![(4,8):(1,4)], Layout![(4,8):(8,1)]>, U1);
    same!(MaxCommonVectorOf<Layout![(2,4):(1,8)], Layout![(2,4):(1,2)]>, U2);
    same!(MaxCommonLayoutOf<Layout![(2,4):(1,8)], Layout![(2,4):(1,2)]>, Layout![2:1]);
    same!(MaxCommonLayoutOf<Layout![(4,8):(1,4)], Layout![(4,8):(8,1)]>, Layout![1:0]);
}

#[test]
fn max_common_agrees() {
    macro_rules! pairs {
        ($(([$($a:tt)*], [$($b:tt)*])),* $(,)?) => {$({
            type A = Layout![$($a)*];
            type B = Layout![$($b)*];
            let (da, db) = (A::new().to_dyn(), B::new().to_dyn());
            let k = <MaxCommonVectorOf<A, B> as Default>::default();
            assert_eq!(cute_layout::int::Int::value(k), algebra::max_common_vector(&da, &db), "{da} {db}");
            assert_eq!(
                format!("{:#}", MaxCommonLayoutOf::<A, B>::default()),
                format!("{:#}", algebra::max_common_layout(&da, &db)),
                "{da} {db}"
            );
        })*};
    }
    pairs!(
        ([(4,8):(1,4)], [(4,8):(1,4)]),
        ([(4,8):(1,4)], [(4,8):(8,1)]),
        ([(4,8):(8,1)], [(4,8):(1,4)]),
        ([(4,8):(8,1)], [(4,8):(8,1)]),
        ([(2,4):(1,8)], [(2,4):(1,2)]),
        ([(2,4):(1,2)], [(2,4):(1,8)]),
        ([32:1], [(4,8):(1,4)]),
        ([(4,8):(1,4)], [32:1]),
        ([(2,2,2):(1,4,2)], [8:1]),
        ([8:1], [(2,2,2):(1,4,2)]),
        ([(8,4):(1,8)], [(8,4):(1,16)]),
        ([(4,(2,2)):(2,(1,8))], [(4,(2,2)):(2,(1,8))]),
        ([(16,2):(2,1)], [32:1]),
        ([(3,7,5):(5,15,1)], [(3,7,5):(5,15,1)]),
        ([(3,7,5):(1,3,21)], [(3,7,5):(5,15,1)]),
        ([(4,8):(1,5)], [(4,8):(1,5)]),
        ([(4,8):(1,5)], [(4,8):(1,4)]),
        ([(2,8):(1,2)], [(2,8):(8,1)]),
        ([(4,4):(1,4)], [(4,4):(4,1)]),
        ([((2,2),(4,2)):((1,8),(2,16))], [(4,8):(1,4)]),
    );
    // The method form, for flat layouts.
    assert_eq!(
        layout!((2,4):(1,8)).max_common_vector(&layout!((2,4):(1,2))),
        2
    );
    assert_eq!(
        layout!((2,4):(1,8))
            .max_common_layout(&layout!((2,4):(1,2)))
            .to_string(),
        "2:1"
    );
}

// ---------------------------------------------------------------------------------------------
// Mode utilities

#[test]
fn mode_utility_types() {
    same!(
        FilterZerosOf<Layout![(4,(2,3)):(0,(1,0))]>,
        Layout![(1,(2,1)):(0,(1,0))]
    );
    same!(FilterOf<Layout![(4,(2,3)):(0,(1,2))]>, Layout![6:1]);
    same!(
        FlattenOf<Layout![((2,2),(4,2)):((1,8),(2,16))]>,
        Layout![(2,2,4,2):(1,8,2,16)]
    );
    same!(FlattenOf<Layout![4:2]>, Layout![4:2]);
    same!(GroupModesOf<Layout![(2,3,4,5):(1,2,6,24)], U1, U3>, Layout![(2,(3,4),5):(1,(2,6),24)]);
    same!(CoalesceByModeOf<Layout![(2,(1,6)):(1,(6,2))], (U1, U1)>, Layout![(2,6):(1,2)]);
    same!(CoalesceByModeOf<Layout![(2,(1,6)):(1,(6,2))], U1>, Layout![12:1]);
}

#[test]
fn filter_agrees() {
    macro_rules! each {
        ($($l:expr),* $(,)?) => {
            agree!(|l| l.filter_zeros(), algebra::filter_zeros; $($l),*);
            agree!(|l| l.filter(), algebra::filter; $($l),*);
            agree!(|l| l.flatten(), algebra::flatten; $($l),*);
        };
    }
    each!(
        layout!(4:0),
        layout!(4:1),
        layout!((4,(2,3)):(0,(1,0))),
        layout!((4,(2,3)):(0,(1,2))),
        layout!((2,(1,6)):(1,(6,2))),
        layout!(((2,2),(4,2)):((1,8),(2,16))),
        layout!(((2,2),(2,4)):((0,1),(0,2))),
        layout!((4,8):(8,1)),
        layout!((3,7,5):(5,15,1)),
        layout!((3,7,5):(0,0,0)),
        layout!((1,1):(0,0)),
        layout!((4,(4,2)):(4,(1,16))),
        layout!(((4,2),(2,(3,3))):((0,4),(8,(0,16)))),
        layout!((8,4):(-1,0)),
        layout!((2,3,4,5):(1,2,6,24)),
        layout!((4,(1,2)):(2,(0,1))),
        layout!((((2,2),2),2):(((0,1),2),4)),
        layout!((5,(2,2)):(4,(1,2))),
        layout!((6,6):(6,1)),
        layout!(((2,3),(2,3)):((1,0),(2,0))),
    );
}

#[test]
fn group_modes_agrees() {
    macro_rules! group {
        ($l:expr; $($b:ty, $e:ty);* $(;)?) => {{
            let l = $l;
            let d = l.to_dyn();
            $(
                let tl = GroupModes::<$b, $e>::group_modes(&l);
                let rt = algebra::group_modes(&d, <$b>::USIZE, <$e>::USIZE);
                assert_eq!(format!("{tl:#}"), format!("{rt:#}"), "{d} [{}, {})", <$b>::USIZE, <$e>::USIZE);
            )*
        }};
    }
    group!(layout!((2,3,4,5):(1,2,6,24)); U0, U0; U0, U2; U1, U3; U0, U4; U2, U4; U4, U4; U3, U4);
    group!(layout!((2,(3,4)):(1,(2,6))); U0, U1; U0, U2; U1, U2; U2, U2);
    group!(layout!(4:1); U0, U1; U0, U0; U1, U1);
    group!(layout!(((2,2),3,(4,1)):((1,2),4,(12,0))); U0, U2; U1, U3; U0, U3);
}

#[test]
fn coalesce_by_mode_agrees() {
    macro_rules! by_mode {
        ($l:expr; $($p:expr => $ps:literal),* $(,)?) => {{
            let l = $l;
            let d = l.to_dyn();
            $(
                let rt = algebra::coalesce_by_mode(&d, &$ps.parse::<DynTuple>().unwrap());
                assert_eq!(format!("{:#}", l.coalesce_by_mode($p)), format!("{rt:#}"), "{d} by {}", $ps);
            )*
        }};
    }
    let (u1, n) = (U1::new(), 7i64);
    by_mode!(layout!((2,(1,6)):(1,(6,2)));
        u1 => "1", (u1,) => "(1)", (u1, u1) => "(1,1)", () => "()", (u1, (u1,)) => "(1,(1))", n => "7");
    by_mode!(layout!(((2,2),(4,2)):((1,2),(4,16)));
        u1 => "1", (u1,) => "(1)", (u1, u1) => "(1,1)", ((u1, u1), u1) => "((1,1),1)");
    by_mode!(layout!(4:1); u1 => "1", (u1,) => "(1)", () => "()", ((u1,),) => "((1))");
    by_mode!(layout!(((2,3),(1,4),5):((1,2),(9,6),24));
        (u1, u1, u1) => "(1,1,1)", (u1, (u1, u1)) => "(1,(1,1))", ((), u1) => "((),1)");
}

// ---------------------------------------------------------------------------------------------
// Mixed layouts: the same function as the runtime engine's result, coordinate by coordinate.

fn same_function<L: core::fmt::Display>(
    tl: &L,
    eval: impl Fn(i64) -> i64,
    size: i64,
    rt: &DynLayout,
) {
    assert_eq!(size, rt.size(), "size of {tl} vs {rt}");
    for i in 0..size {
        assert_eq!(eval(i), rt.eval(i), "at {i}: {tl} vs {rt}");
    }
}

#[test]
fn mixed_mode_utilities() {
    let (four, zero) = (4i64, 0i64);
    let l = layout!(((2,{four}),(3,2)):((1,{zero}),(2,{four}))).unwrap();
    let d = l.to_dyn();

    let r = l.filter_zeros();
    same_function(
        &r,
        |i| r.eval(i),
        r.size_value(),
        &algebra::filter_zeros(&d),
    );
    assert_eq!(format!("{r}"), algebra::filter_zeros(&d).to_string());

    let r = l.filter();
    same_function(&r, |i| r.eval(i), r.size_value(), &algebra::filter(&d));

    let r = l.flatten();
    same_function(&r, |i| r.eval(i), r.size_value(), &algebra::flatten(&d));
    assert_eq!(format!("{r:#}"), format!("{:#}", algebra::flatten(&d)));

    let r = GroupModes::<U0, U2>::group_modes(&l);
    same_function(
        &r,
        |i| r.eval(i),
        r.size_value(),
        &algebra::group_modes(&d, 0, 2),
    );
    assert_eq!(
        format!("{r:#}"),
        format!("{:#}", algebra::group_modes(&d, 0, 2))
    );

    let r = l.coalesce_by_mode((U1::new(), U1::new()));
    let rt = algebra::coalesce_by_mode(&d, &"(1,1)".parse().unwrap());
    same_function(&r, |i| r.eval(i), r.size_value(), &rt);
}

/// The size of a layout as an `i64`.
trait SizeValue {
    fn size_value(&self) -> i64;
}
impl<S: cute_layout::tuple::Congruent<D>, D: cute_layout::tuple::IntTuple> SizeValue
    for Layout<S, D>
{
    fn size_value(&self) -> i64 {
        self.to_dyn().size()
    }
}
