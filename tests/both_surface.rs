//! One surface for every layout kind: generic functions over `AnyLayout`
//! and `StridedLayout`, run on static, mixed and `DynLayout` layouts, asserting CuTe's
//! contracts against an independent oracle (colexicographic evaluation over the flat modes,
//! computed here in `i128`); and the static mode vocabulary (`append`, `prepend`, `select`,
//! `take`, `get`, `crd2idx`, `idx2crd`) against the runtime engine on random layouts.

use cute_layout::algebra::{try_append, try_prepend, try_select, try_take};
use cute_layout::typenum::{U0, U1, U2, U3, U4};
use cute_layout::{
    layout, AnyLayout, DynLayout, DynTuple, ErrorKind, IntTuple, Layout, LayoutCoord, LayoutError,
    StridedLayout,
};
use proptest::prelude::*;

// ---------- the oracle: flat modes, colexicographic, exact ----------

/// The flat modes `(s, d)` of a layout written as text, read by the runtime parser (so the
/// oracle does not go through the type-level code under test).
fn modes_of_text(text: &str) -> (DynLayout, Vec<(i64, i64)>) {
    let d: DynLayout = text.parse().unwrap();
    let modes = d.shape().leaves().zip(d.stride().leaves()).collect();
    (d, modes)
}

/// The natural coordinate of `i ≥ 0` over the flat modes (paper Eq. 4, the last mode not
/// reduced) and the exact offset `Σ cₖ·dₖ` (paper Eq. 6), in `i128`.
fn oracle(modes: &[(i64, i64)], i: i64) -> (Vec<i64>, i128) {
    let mut rest = i;
    let mut coords = Vec::new();
    for (k, &(s, _)) in modes.iter().enumerate() {
        if k + 1 == modes.len() {
            coords.push(rest);
        } else {
            coords.push(rest % s);
            rest /= s;
        }
    }
    let off = coords
        .iter()
        .zip(modes)
        .map(|(&c, &(_, d))| c as i128 * d as i128)
        .sum();
    (coords, off)
}

fn kind<T>(r: &Result<T, LayoutError>) -> Option<ErrorKind> {
    r.as_ref().err().map(LayoutError::kind)
}

// ---------- the generic contract checks ----------

/// Every contract of `AnyLayout` on `l`, whose flat modes are `modes` and whose runtime twin
/// (the same layout, parsed from text) is `twin`. `leaves` reads a natural coordinate's leaves.
fn check_any<L: AnyLayout>(
    l: &L,
    modes: &[(i64, i64)],
    twin: &DynLayout,
    leaves: impl Fn(&L::Natural) -> Vec<i64>,
) where
    L::Natural: LayoutCoord<L> + Clone,
    i64: LayoutCoord<L>,
{
    // size = product of the shape; the Size type compares and converts.
    let n: i64 = l.size().into();
    assert_eq!(n, modes.iter().map(|m| m.0).product::<i64>(), "size");
    assert!(l.size() == n);
    // Agreement with DynLayout on the queries.
    assert_eq!(
        (n, l.cosize(), l.rank(), l.depth()),
        (twin.size(), twin.cosize(), twin.rank(), twin.depth())
    );
    // cosize = 1 + Σ (s − 1)·|d|.
    let span: i128 = modes
        .iter()
        .map(|&(s, d)| (s as i128 - 1) * (d as i128).abs())
        .sum();
    assert_eq!(l.cosize() as i128, span + 1, "cosize");

    let mut max_offset = i64::MIN;
    for i in 0..n.min(2048) {
        let (crd, off) = oracle(modes, i);
        let off = i64::try_from(off).expect("in-bounds offsets fit i64");
        max_offset = max_offset.max(off);
        assert_eq!(l.eval(i), off, "eval({i})");
        assert_eq!(l.call(i), off, "call({i})");
        assert_eq!(l.try_eval(i), Ok(off), "try_eval({i})");
        assert_eq!(l.try_call(i), Ok(off), "try_call({i})");
        assert_eq!(twin.eval(i), off, "DynLayout eval({i})");
        // eval(i) = call(idx2crd(i)); crd2idx ∘ idx2crd = id.
        let c = l.idx2crd(i);
        assert_eq!(leaves(&c), crd, "idx2crd({i})");
        assert_eq!(l.try_idx2crd(i).map(|c| leaves(&c)), Ok(crd.clone()));
        assert_eq!(l.call(c.clone()), off, "call(idx2crd({i}))");
        assert_eq!(l.try_call(c.clone()), Ok(off));
        assert_eq!(l.crd2idx(c.clone()), i, "crd2idx(idx2crd({i}))");
        assert_eq!(l.try_crd2idx(c), Ok(i));
        assert_eq!(l.crd2idx(i), i, "crd2idx of an integral coordinate");
    }
    // cosize = max offset + 1 for non-negative strides (checked over the whole domain).
    if n <= 2048 && modes.iter().all(|m| m.1 >= 0) {
        assert_eq!(l.cosize(), max_offset + 1, "cosize vs largest offset");
    }
    // Bad coordinates: errors, never values.
    assert_eq!(kind(&l.try_eval(-1)), Some(ErrorKind::BadCoordinate));
    assert_eq!(kind(&l.try_call(-1)), Some(ErrorKind::BadCoordinate));
    assert_eq!(kind(&l.try_idx2crd(-1)), Some(ErrorKind::BadCoordinate));
    assert_eq!(kind(&l.try_crd2idx(-1)), Some(ErrorKind::BadCoordinate));
    // Out of bounds, the last mode runs on: an exact value or an overflow error, the same
    // verdict as the runtime twin.
    for i in [n, n.saturating_add(7), i64::MAX / 3, i64::MAX - 1, i64::MAX] {
        let (_, exact) = oracle(modes, i);
        let r = l.try_eval(i);
        assert_eq!(
            r,
            AnyLayout::try_eval(twin, i),
            "try_eval({i}) vs DynLayout"
        );
        match r {
            Ok(v) => assert_eq!(v as i128, exact, "try_eval({i})"),
            Err(e) => {
                assert_eq!(e.kind(), ErrorKind::Overflow);
                // Summed left to right: an error where an intermediate sum overflows, so
                // whenever the exact value does not fit.
            }
        }
        if i64::try_from(exact).is_err() {
            assert!(l.try_eval(i).is_err(), "try_eval({i}) must refuse {exact}");
        }
        assert_eq!(l.try_crd2idx(i), Ok(i), "crd2idx({i}) is the identity");
    }
}

/// The `StridedLayout` contract: `L(c) = ⟨natural(c), stride⟩` (paper Eq. 6).
fn check_strided<L: StridedLayout>(
    l: &L,
    modes: &[(i64, i64)],
    leaves: impl Fn(&L::Natural) -> Vec<i64>,
    stride_leaves: impl Fn(&L::Stride) -> Vec<i64>,
) {
    let d = stride_leaves(l.stride());
    assert_eq!(d, modes.iter().map(|m| m.1).collect::<Vec<_>>(), "stride");
    let n: i64 = l.size().into();
    for i in 0..n.min(2048) {
        let c = leaves(&l.idx2crd(i));
        let dot: i64 = c.iter().zip(&d).map(|(c, d)| c * d).sum();
        assert_eq!(l.eval(i), dot, "L({i}) = <natural, stride>");
    }
}

fn tuple_leaves<T: IntTuple>(t: &T) -> Vec<i64> {
    t.to_dyn().leaves().collect()
}
fn dyn_leaves(t: &DynTuple) -> Vec<i64> {
    t.leaves().collect()
}

/// Run both generic checks on a static or mixed layout and on its runtime twin.
fn check_all_kinds<S, D>(l: Layout<S, D>, text: &str)
where
    Layout<S, D>: StridedLayout<Shape = S, Stride = D>,
    S: cute_layout::tuple::Congruent<D>,
    D: IntTuple,
    <Layout<S, D> as AnyLayout>::Natural: IntTuple + LayoutCoord<Layout<S, D>>,
    i64: LayoutCoord<Layout<S, D>>,
{
    let (twin, modes) = modes_of_text(text);
    check_any(&l, &modes, &twin, tuple_leaves);
    check_strided(&l, &modes, tuple_leaves, tuple_leaves);
    check_any::<DynLayout>(&twin, &modes, &twin, dyn_leaves);
    check_strided::<DynLayout>(&twin, &modes, dyn_leaves, dyn_leaves);
    // The DynLayout the static layout converts to is its twin.
    assert_eq!(DynLayout::from(l), twin);
}

macro_rules! static_case {
    ($($t:tt)*) => {
        check_all_kinds(layout!($($t)*), &stringify!($($t)*).replace(' ', ""))
    };
}

#[test]
fn static_layouts_keep_the_contracts() {
    static_case!((4,(2,2)):(1,(8,4)));
    static_case!(((2,2),(4,2)):((1,8),(2,16))); // paper §2.4.1
    static_case!((3,5):(5,1));
    static_case!(8:2);
    static_case!((2,3):(0,1));
    static_case!((4,3):(-2,5));
    static_case!((2,(3,(1,4))):(7,(-1,(9,2))));
    static_case!(((3,2),5,(1,7)):((1,3),6,(0,30)));
}

#[test]
fn size_is_static_for_static_layouts() {
    use cute_layout::{int::C, SizeOf};
    static_assertions::assert_type_eq_all!(SizeOf<Layout![(4,(2,2)):(1,(8,4))]>, C<U16>);
    static_assertions::assert_type_eq_all!(SizeOf<Layout![(4,{}):(1,4)]>, i64);
    static_assertions::assert_type_eq_all!(SizeOf<DynLayout>, i64);
    use cute_layout::typenum::U16;
}

// ---------- random layouts ----------

/// A shape entry: small values most of the time, large ones sometimes.
fn shape_entry() -> impl Strategy<Value = i64> {
    prop_oneof![6 => 1i64..=6, 1 => 1i64..=1 << 20, 1 => Just(3_037_000_499)]
}
/// A stride: small values of either sign most of the time, extreme ones sometimes.
fn stride_entry() -> impl Strategy<Value = i64> {
    prop_oneof![
        6 => -9i64..=9,
        1 => (0u32..62).prop_map(|k| 1i64 << k),
        1 => (0u32..62).prop_map(|k| -(1i64 << k)),
        1 => Just(i64::MAX),
    ]
}
/// A coordinate entry: in range, negative, or huge.
fn coord_entry() -> impl Strategy<Value = i64> {
    prop_oneof![
        8 => 0i64..=8,
        1 => -3i64..=-1,
        1 => any::<i64>(),
        1 => Just(i64::MAX),
        2 => (0u32..63).prop_map(|k| 1i64 << k),
        1 => Just(i64::MAX / 2 + 1),
    ]
}

/// A random hierarchical shape (depth ≤ 3) with its leaves.
fn dyn_layout() -> impl Strategy<Value = DynLayout> {
    let leaf = shape_entry().prop_map(DynTuple::int);
    let shape = leaf.prop_recursive(3, 8, 3, |inner| {
        prop::collection::vec(inner, 1..=3).prop_map(DynTuple::Tuple)
    });
    shape.prop_flat_map(|s| {
        let n = s.leaves().count();
        prop::collection::vec(stride_entry(), n).prop_map(move |d| {
            fn go(s: &DynTuple, it: &mut dyn Iterator<Item = i64>) -> DynTuple {
                match s {
                    DynTuple::Int(_) => DynTuple::int(it.next().unwrap()),
                    DynTuple::Tuple(v) => DynTuple::Tuple(v.iter().map(|t| go(t, it)).collect()),
                }
            }
            let small = |v: &[i64], m: i64| v.iter().map(|x| x.rem_euclid(m)).collect::<Vec<_>>();
            // Beyond i64 (size or cosize): fall back to small entries of the same tree.
            DynLayout::new(s.clone(), go(&s, &mut d.clone().into_iter())).unwrap_or_else(|_| {
                let shape: Vec<i64> = small(&s.leaves().collect::<Vec<_>>(), 6);
                let shape = go(&s, &mut shape.into_iter().map(|x| x + 1));
                let stride = go(&s, &mut small(&d, 9).into_iter().map(|x| x - 4));
                DynLayout::new(shape, stride).unwrap()
            })
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(256)))]

    /// Mixed layouts (runtime leaves, fixed structure) keep the contracts, and agree with
    /// their runtime twin.
    #[test]
    fn mixed_layouts_keep_the_contracts(
        s in prop::collection::vec(shape_entry(), 4),
        d in prop::collection::vec(stride_entry(), 4),
    ) {
        let text = format!("(({},{}),{},{}):(({},{}),{},{})", s[0], s[1], s[2], s[3], d[0], d[1], d[2], d[3]);
        let l = layout!((({s[0]},{s[1]}),{s[2]},{s[3]}):(({d[0]},{d[1]}),{d[2]},{d[3]}));
        let twin = text.parse::<DynLayout>();
        prop_assert_eq!(kind(&l), kind(&twin), "construction verdicts of {}", text);
        if let Ok(l) = l {
            check_all_kinds(l, &text);
        }
        // Half static, half runtime.
        let text = format!("(4,({},3)):({},(1,{}))", s[0], d[0], d[1]);
        if let Ok(l) = layout!((4,({s[0]},3)):({d[0]},(1,{d[1]}))) {
            check_all_kinds(l, &text);
        }
    }

    /// Random `DynLayout`s of any structure keep the contracts.
    #[test]
    fn dyn_layouts_keep_the_contracts(d in dyn_layout()) {
        let modes: Vec<(i64, i64)> = d.shape().leaves().zip(d.stride().leaves()).collect();
        check_any(&d, &modes, &d, dyn_leaves);
        check_strided(&d, &modes, dyn_leaves, dyn_leaves);
    }

    /// The static mode vocabulary gives the runtime engine's results (values, static marks
    /// and errors) on random mixed layouts.
    #[test]
    fn mode_vocabulary_matches_the_runtime_engine(
        s in prop::collection::vec(shape_entry(), 5),
        d in prop::collection::vec(stride_entry(), 5),
    ) {
        let Ok(l) = layout!(({s[0]},({s[1]},3),{s[2]}):({d[0]},({d[1]},2),{d[2]})) else {
            return Ok(());
        };
        let Ok(b) = layout!(({s[3]},{s[4]}):({d[3]},{d[4]})) else { return Ok(()) };
        let (ld, bd) = (DynLayout::from(l), DynLayout::from(b));
        let show = |r: Result<DynLayout, LayoutError>| r.map(|x| format!("{x:#}")).map_err(|e| e.kind());
        let mine = |r: Result<String, LayoutError>| r.map_err(|e| e.kind());

        prop_assert_eq!(mine(l.try_append(b).map(|x| format!("{x:#}"))), show(try_append(&ld, &bd)));
        prop_assert_eq!(mine(l.try_prepend(b).map(|x| format!("{x:#}"))), show(try_prepend(&ld, &bd)));
        // An integral layout is its own single mode.
        let m = layout!({s[3]}:{d[3]}).unwrap();
        prop_assert_eq!(mine(m.try_append(l).map(|x| format!("{x:#}"))), show(try_append(&DynLayout::from(m), &ld)));
        prop_assert_eq!(mine(m.try_prepend(b).map(|x| format!("{x:#}"))), show(try_prepend(&DynLayout::from(m), &bd)));
        prop_assert_eq!(
            mine(l.try_select::<(U2, U0, U2)>().map(|x| format!("{x:#}"))),
            show(try_select(&ld, &[2, 0, 2]))
        );
        prop_assert_eq!(mine(l.try_select::<(U1,)>().map(|x| format!("{x:#}"))), show(try_select(&ld, &[1])));
        prop_assert_eq!(mine(l.try_select::<()>().map(|x| format!("{x:#}"))), show(try_select(&ld, &[])));
        prop_assert_eq!(Ok(format!("{:#}", l.take::<U1, U3>())), show(try_take(&ld, 1, 3)));
        prop_assert_eq!(Ok(format!("{:#}", l.take::<U0, U3>())), show(try_take(&ld, 0, 3)));
        prop_assert_eq!(Ok(format!("{:#}", l.take::<U2, U2>())), show(try_take(&ld, 2, 2)));
        prop_assert_eq!(Ok(format!("{:#}", l.get::<U1>())), show(ld.mode(1)));
        prop_assert_eq!(Ok(format!("{:#}", m.get::<U0>())), show(DynLayout::from(m).mode(0)));
        prop_assert_eq!(Ok(format!("{:#}", m.take::<U0, U1>())), show(try_take(&DynLayout::from(m), 0, 1)));
    }

    /// `idx2crd`, `crd2idx` and `try_call` give the runtime engine's results (values and
    /// error kinds) on random coordinates, in-bounds or not, negative or huge.
    #[test]
    fn coordinate_maps_match_the_runtime_engine(
        s in prop::collection::vec(shape_entry(), 3),
        d in prop::collection::vec(stride_entry(), 3),
        c in prop::collection::vec(coord_entry(), 4),
        i in coord_entry(),
    ) {
        let Ok(l) = layout!(({s[0]},(3,{s[1]}),{s[2]}):({d[0]},({d[1]},5),{d[2]})) else {
            return Ok(());
        };
        let ld = DynLayout::from(l);
        let shape = ld.shape();
        let k = |r: Result<i64, LayoutError>| r.map_err(|e| e.kind());
        // idx2crd
        prop_assert_eq!(
            l.try_idx2crd(i).map(|c| c.to_dyn()).map_err(|e| e.kind()),
            shape.idx2crd(i).map_err(|e| e.kind())
        );
        // crd2idx at integral, rank-R and natural coordinates.
        let natural = (c[0], (c[1], c[2]), c[3]);
        let rank_r = (c[0], c[1], c[3]);
        prop_assert_eq!(k(l.try_crd2idx(i)), k(shape.crd2idx(&DynTuple::int(i))));
        prop_assert_eq!(k(l.try_crd2idx(natural)), k(shape.crd2idx(&natural.to_dyn())));
        prop_assert_eq!(k(l.try_crd2idx(rank_r)), k(shape.crd2idx(&rank_r.to_dyn())));
        // try_call (AnyLayout) against DynLayout::try_eval, and the DynLayout surface.
        prop_assert_eq!(k(AnyLayout::try_call(&l, natural)), k(ld.try_eval(&natural.to_dyn())));
        prop_assert_eq!(k(AnyLayout::try_call(&l, rank_r)), k(ld.try_eval(&rank_r.to_dyn())));
        prop_assert_eq!(k(AnyLayout::try_call(&l, i)), k(ld.try_eval(&DynTuple::int(i))));
        prop_assert_eq!(k(AnyLayout::try_call(&ld, natural)), k(ld.try_eval(&natural.to_dyn())));
        prop_assert_eq!(k(AnyLayout::try_crd2idx(&ld, rank_r)), k(shape.crd2idx(&rank_r.to_dyn())));
        // Unsigned coordinates beyond i64 are refused, not wrapped.
        prop_assert_eq!(kind(&AnyLayout::try_call(&l, u64::MAX)), Some(ErrorKind::BadCoordinate));
        prop_assert_eq!(kind(&AnyLayout::try_call(&ld, u64::MAX)), Some(ErrorKind::BadCoordinate));
    }
}

// ---------- CuTe's worked examples ----------

#[test]
fn cute_worked_examples() {
    // CuTe's layout tutorial (01_layout): get<I>, select, take on (2,3,4,5).
    let a = layout!((2,3,4,5):(1,2,6,24));
    static_assertions::assert_type_eq_all!(
        <Layout![(2,3,4,5):(1,2,6,24)] as cute_layout::ops::GetMode<U3>>::Output,
        Layout![5:24]
    );
    assert_eq!(a.get::<U0>().to_string(), "2:1");
    assert_eq!(a.take::<U1, U4>().to_string(), "(3,4,5):(2,6,24)");
    assert_eq!(a.select::<(U1, U3)>().to_string(), "(3,5):(2,24)");
    // make_layout(a, b) = append(a, b) for integral layouts; append of a rank-2 layout keeps
    // the new mode whole.
    assert_eq!(
        layout!(2:1).append(layout!((3,4):(2,6))).to_string(),
        "(2,(3,4)):(1,(2,6))"
    );
    assert_eq!(
        layout!((3,4):(2,6)).prepend(layout!(2:1)).to_string(),
        "(2,3,4):(1,2,6)"
    );
    // paper §2.4.1: ((2,2),(4,2)):((1,8),(2,16)) at 22 = (2,5) = ((0,1),(1,1)) is 26.
    let p = layout!(((2,2),(4,2)):((1,8),(2,16)));
    assert_eq!(p.idx2crd(22), ((0, 1), (1, 1)));
    assert_eq!(p.call(p.idx2crd(22)), 26);
    assert_eq!(p.crd2idx((2, 5)), 22);
    assert_eq!(p.crd2idx(((0, 1), (1, 1))), 22);
}

/// Checked sums at tuple coordinates: an overflow of a partial sum is an error (summed left to
/// right, as the runtime engine sums), never a wrapped value.
#[test]
fn checked_sums_at_tuple_coordinates() {
    let big = i64::MAX / 2 + 1; // 2^62
    let l = layout!((4,8):(1,1));
    let d = DynLayout::from(l);
    let k = |r: Result<i64, LayoutError>| r.map_err(|e| e.kind());
    assert_eq!(
        k(AnyLayout::try_call(&l, (big, big))),
        Err(ErrorKind::Overflow)
    );
    assert_eq!(
        k(AnyLayout::try_call(&d, (big, big))),
        Err(ErrorKind::Overflow)
    );
    assert_eq!(k(l.try_crd2idx((big, big / 4))), Err(ErrorKind::Overflow)); // 2^62 + 4·2^60
                                                                            // (MAX + 1) − 1 fits, but the partial sum MAX + 1 does not: refused by both engines.
    let m = layout!((2,2,2):(1,1,-1));
    let c = (i64::MAX, 1, 1);
    assert_eq!(k(AnyLayout::try_call(&m, c)), Err(ErrorKind::Overflow));
    assert_eq!(
        k(DynLayout::from(m).try_eval(&c.to_dyn())),
        Err(ErrorKind::Overflow)
    );
    assert_eq!(
        k(AnyLayout::try_call(&m, (i64::MAX - 1, 1, 1))),
        Ok(i64::MAX - 1)
    );
}
