//! Property tests: coordinate maps (paper Eq. 4-6), agreement of the static, mixed and
//! runtime-structured forms of a layout, notation round trips, and a parser that never panics.

use cute_layout::{layout, DynLayout, DynTuple, ErrorKind, IntTuple};
use proptest::prelude::*;
use proptest::sample::Index;

/// A leaf of a random layout: shape entry, stride entry and their static marks.
type Leaf = (i64, i64, bool, bool);

#[derive(Clone, Debug)]
enum Tree {
    Leaf(Leaf),
    Tuple(Vec<Tree>),
}

/// Random hierarchical trees: depth up to 3, up to 3 elements per tuple, about 8 leaves.
fn tree() -> impl Strategy<Value = Tree> {
    let leaf = (1..=4i64, -20..=20i64, any::<bool>(), any::<bool>()).prop_map(Tree::Leaf);
    leaf.prop_recursive(3, 8, 3, |inner| {
        prop::collection::vec(inner, 0..=3).prop_map(Tree::Tuple)
    })
}

impl Tree {
    fn to_dyn(&self, stride: bool) -> DynTuple {
        match self {
            Tree::Leaf((s, d, ss, ds)) => {
                let (v, fixed) = if stride { (*d, *ds) } else { (*s, *ss) };
                if fixed {
                    DynTuple::fixed(v)
                } else {
                    DynTuple::int(v)
                }
            }
            Tree::Tuple(v) => DynTuple::tuple(v.iter().map(|t| t.to_dyn(stride))),
        }
    }
    fn layout(&self) -> DynLayout {
        DynLayout::new(self.to_dyn(false), self.to_dyn(true)).expect("a valid random layout")
    }
}

/// The in-bounds natural coordinate of `shape` picked by `seeds` (one per leaf, cycled).
fn natural(shape: &DynTuple, seeds: &[u64], k: &mut usize) -> DynTuple {
    match shape {
        DynTuple::Int(s) => {
            *k += 1;
            DynTuple::int((seeds[*k % seeds.len()] % s.value as u64) as i64)
        }
        DynTuple::Tuple(v) => DynTuple::tuple(v.iter().map(|t| natural(t, seeds, k))),
    }
}

/// Whether natural coordinate `c` lies within `shape`, leaf by leaf.
fn in_bounds(c: &DynTuple, shape: &DynTuple) -> bool {
    match (c, shape) {
        (DynTuple::Int(c), DynTuple::Int(s)) => (0..s.value).contains(&c.value),
        (DynTuple::Tuple(cs), DynTuple::Tuple(ss)) => {
            cs.len() == ss.len() && cs.iter().zip(ss).all(|(c, s)| in_bounds(c, s))
        }
        _ => false,
    }
}

proptest! {
    // Paper §2.2: idx2crd and crd2idx are inverse on in-bounds coordinates.
    #[test]
    fn idx2crd_crd2idx_inverse(t in tree(), picks in prop::collection::vec(any::<Index>(), 1..16),
                               seeds in prop::collection::vec(any::<u64>(), 1..8)) {
        let shape = t.to_dyn(false);
        let size = shape.size().unwrap();
        for p in &picks {
            let i = p.index(size as usize) as i64;
            let c = shape.idx2crd(i).unwrap();
            prop_assert!(c.congruent(&shape) && in_bounds(&c, &shape), "idx2crd({i}) = {c} for {shape}");
            prop_assert_eq!(shape.crd2idx(&c).unwrap(), i);
        }
        let c = natural(&shape, &seeds, &mut 0);
        let i = shape.crd2idx(&c).unwrap();
        prop_assert!((0..size).contains(&i));
        prop_assert_eq!(shape.idx2crd(i).unwrap(), c);
    }

    // `{}` and `{:#}` print a layout in a form that parses back to it, static marks included.
    #[test]
    fn display_from_str_round_trip(t in tree()) {
        let l = t.layout();
        let plain: DynLayout = l.to_string().parse().unwrap();
        prop_assert_eq!(&plain, &l);
        let marked: DynLayout = format!("{l:#}").parse().unwrap();
        prop_assert_eq!(&marked, &l);
        prop_assert_eq!(format!("{marked:#}"), format!("{l:#}"));
        let shape: DynTuple = l.shape().to_string().parse().unwrap();
        prop_assert_eq!(&shape, l.shape());
    }

    // A mixed layout (runtime leaves through `{}`) agrees with the DynLayout parsed from the
    // same numbers: on every coordinate, in print, and in the error for invalid values.
    #[test]
    fn mixed_agrees_with_parsed(a in -1..=4i64, b in 1..=4i64, c in 0..=4i64,
                                d in -9..=9i64, e in -9..=9i64, f in -9..=9i64) {
        let text = format!("({a},({b},{c})):({d},({e},{f}))");
        let parsed = text.parse::<DynLayout>();
        let m = layout!(({a},({b},{c})):({d},({e},{f})));
        let half = layout!(({a},(2,{c})):(3,({e},-1)));
        let half_text = format!("({a},(2,{c})):(3,({e},-1))").parse::<DynLayout>();
        match (m, parsed) {
            (Ok(m), Ok(p)) => {
                prop_assert_eq!(m.to_string(), p.to_string());
                for i in 0..p.size() {
                    prop_assert_eq!(m.eval(i), p.eval(i), "{} at {}", text, i);
                    let crd = p.shape().idx2crd(i).unwrap();
                    let DynTuple::Tuple(v) = &crd else { unreachable!() };
                    let (x, inner) = (v[0].as_int().unwrap(), v[1].elements());
                    let (y, z) = (inner[0].as_int().unwrap(), inner[1].as_int().unwrap());
                    prop_assert_eq!(m.call((x, (y, z))), p.try_eval(&crd).unwrap());
                    prop_assert_eq!(m.call((x, y + b * z)), p.eval(i));
                }
            }
            (m, p) => prop_assert_eq!(m.map_err(|e| e.kind()).err(), p.map_err(|e| e.kind()).err()),
        }
        match (half, half_text) {
            (Ok(h), Ok(p)) => {
                prop_assert_eq!(format!("{h:#}"), format!("({a},(_2,{c})):(_3,({e},_-1))"));
                for i in 0..p.size() {
                    prop_assert_eq!(h.eval(i), p.eval(i));
                }
            }
            (h, p) => prop_assert_eq!(h.map_err(|e| e.kind()).err(), p.map_err(|e| e.kind()).err()),
        }
    }

    // Random text never panics the parser: it parses, or the error says where (a byte offset).
    #[test]
    fn parser_never_panics_on_random_text(s in "[()_,:0-9 -]{0,40}|\\PC{0,20}") {
        check_parse(&s)?;
    }

    // Valid layouts with one or two random edits: parsed, or rejected with a byte offset.
    #[test]
    fn parser_never_panics_on_mutations(t in tree(), edits in prop::collection::vec(
            (any::<Index>(), 0..3u8, prop::sample::select(vec!['(', ')', ',', ':', '_', '-', '0', '9', ' ', 'x', 'é'])), 1..3)) {
        let mut s: Vec<char> = format!("{:#}", t.layout()).chars().collect();
        for (at, op, ch) in edits {
            let k = at.index(s.len() + 1);
            match op {
                0 => s.insert(k, ch),
                1 if k < s.len() => { s.remove(k); }
                _ if k < s.len() => s[k] = ch,
                _ => s.push(ch),
            }
        }
        check_parse(&s.into_iter().collect::<String>())?;
    }
}

fn check_parse(s: &str) -> Result<(), TestCaseError> {
    for err in [s.parse::<DynLayout>().err(), s.parse::<DynTuple>().err()]
        .into_iter()
        .flatten()
    {
        prop_assert!(err.to_string().contains("byte "), "{:?}: {}", s, err);
    }
    Ok(())
}

/// `agree!([static] [mixed])`: the static layout, the same layout with some leaves given at
/// run time, and the DynLayout parsed from the static text agree on every coordinate and print
/// the same.
macro_rules! agree {
    ([$($s:tt)*] [$($m:tt)*]) => {{
        let text: String = stringify!($($s)*).split_whitespace().collect();
        let s = layout!($($s)*);
        let m = layout!($($m)*).unwrap();
        let d: DynLayout = text.parse().unwrap();
        assert_eq!(s.to_string(), d.to_string(), "{text}");
        assert_eq!(m.to_string(), d.to_string(), "{text}");
        assert_eq!(format!("{s:#}"), format!("{:#}", DynLayout::new(d.shape().with_static(true), d.stride().with_static(true)).unwrap()));
        assert_eq!(format!("{m:#}"), format!("{:#}", m.to_dyn()));
        assert_eq!((s.to_dyn(), m.to_dyn()), (d.clone(), d.clone()));
        assert_eq!(s.cosize(), d.cosize());
        for i in 0..d.size() {
            assert_eq!((s.eval(i), m.eval(i)), (d.eval(i), d.eval(i)), "{text} at {i}");
            let crd = d.shape().idx2crd(i).unwrap();
            let natural = d.try_eval(&crd).unwrap();
            assert_eq!(s.call(s.shape().idx2crd(i)), natural, "{text} at {crd}");
            assert_eq!(m.call(m.shape().idx2crd(i)), natural, "{text} at {crd}");
        }
    }};
}

#[test]
fn static_mixed_and_parsed_agree() {
    let (one, two, four, minus) = (1, 2, 4, -3);
    agree!([(4,(2,2)):(1,(8,4))] [(4,({two},2)):(1,({2 * four},4))]);
    agree!([((2,2),(4,2)):((1,8),(2,16))] [((2,{two}),(4,2)):((1,8),({two},16))]);
    agree!([(2,(2,2)):(4,(2,1))] [({two},(2,2)):(4,(2,{one}))]);
    agree!([(3,5):(-3,0)] [(3,{5}):({minus},0)]);
    agree!([((2,3),(2,(1,4))):((0,24),(6,(7,-1)))] [((2,3),({two},(1,{four}))):((0,24),(6,(7,{-one})))]);
    agree!([8:2] [{8}:2]);
}

// Deep nesting is an error, not a stack overflow.
#[test]
fn parser_deep_nesting_is_an_error() {
    let s = "(".repeat(100_000) + "1" + &")".repeat(100_000);
    let err = s.parse::<DynTuple>().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Parse);
    assert!(err.to_string().contains("nesting deeper than"), "{err}");
}

/// Static evaluation splits an index below 2³² with 32-bit arithmetic and any other index with
/// 64-bit arithmetic: both give the offset of the colexicographic split (paper Eq. 4
/// and 6), written out by hand here, on both sides of 2³² and far past the size (the extended
/// last mode); a head mode of static size beyond 2³² takes the whole of a small index.
fn check_static_eval(i: i64) -> Result<(), TestCaseError> {
    let u = i as u64;
    let l = layout!(((3, 5), 7):((1, 21), 3));
    let want = u % 3 + (u / 3 % 5) * 21 + (u / 15) * 3;
    prop_assert_eq!(l.eval(i), want as i64, "((3,5),7):((1,21),3) at {}", i);
    prop_assert_eq!(l.call(i), want as i64);
    prop_assert_eq!(l.call(u), want as i64);
    // Runtime strides: the split is still by the static shape.
    let (a, b, c) = (std::hint::black_box(1i64), std::hint::black_box(21), 3);
    let ms = layout!(((3, 5), 7):(({a}, {b}), {c})).unwrap();
    prop_assert_eq!(ms.eval(i), want as i64);
    let l = layout!((7, (3, 6)):(1000, (1, 7)));
    let want = (u % 7) * 1000 + (u / 7 % 3) + (u / 21) * 7;
    prop_assert_eq!(l.eval(i), want as i64, "(7,(3,6)):(1000,(1,7)) at {}", i);
    let l = layout!(((6, 10), 9, 5):((9, 54), 1, 540));
    let want = (u % 6) * 9 + (u / 6 % 10) * 54 + (u / 60 % 9) + (u / 540) * 540;
    prop_assert_eq!(
        l.eval(i),
        want as i64,
        "((6,10),9,5):((9,54),1,540) at {}",
        i
    );
    let l = layout!((4294967311, 3):(3, 5));
    let s = 4_294_967_311u64;
    let want = (u % s) * 3 + (u / s) * 5;
    prop_assert_eq!(l.eval(i), want as i64, "(4294967311,3):(3,5) at {}", i);
    Ok(())
}

proptest! {
    #[test]
    fn static_eval_matches_the_colex_split(i in 0..(1i64 << 40)) {
        check_static_eval(i)?;
    }
}

#[test]
fn static_eval_at_the_32_bit_boundary() {
    let t = 1i64 << 32;
    for i in (0..64)
        .chain(t - 64..t + 64)
        .chain([i64::MAX / 64, (1 << 62) + 7])
    {
        check_static_eval(i).unwrap();
    }
}
