//! Worked examples from the reference documents, checked for static (`layout!`), mixed
//! (`{runtime}` leaves) and runtime-structured (`DynLayout`) forms.
#![allow(clippy::type_complexity)] // spelled-out layout types are the point of these tests

use cute_layout::tuple::{IntTuple, Size};
use cute_layout::typenum::{NInt, U0, U1, U1024, U16, U2, U3, U4, U6, U8};
use cute_layout::{layout, DynLayout, DynTuple, ErrorKind, Layout, LayoutLeft};
use static_assertions::assert_type_eq_all;

/// CuTe's `print1D` (cute-layout-docs.txt): `L(i)` for `i` in `0..size(L)`.
fn print1d(size: i64, l: impl Fn(i64) -> i64) -> String {
    (0..size)
        .map(|i| l(i).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// CuTe's `print2D` (cute-layout-docs.txt): one line per row `m`, `L(m, n)` across.
fn print2d(rows: i64, cols: i64, l: impl Fn(i64, i64) -> i64) -> String {
    (0..rows)
        .map(|m| {
            (0..cols)
                .map(|n| l(m, n).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn dyn_print2d(l: &DynLayout) -> String {
    let (rows, cols) = (l.mode(0).unwrap().size(), l.mode(1).unwrap().size());
    print2d(rows, cols, |m, n| {
        l.try_eval(&DynTuple::ints([m, n])).unwrap()
    })
}

// cute-layout-docs.txt, "print1D(layout_2x4)": (2,(2,2)):(4,(2,1)) is `0 4 2 6 1 5 3 7`.
#[test]
fn docs_print1d() {
    let expected = "0 4 2 6 1 5 3 7";
    let s = layout!((2,(2,2)):(4,(2,1)));
    assert_eq!(print1d(8, |i| s.eval(i)), expected);
    let (two, four) = (2, 4);
    let m = layout!((2,({two},2)):({four},(2,1))).unwrap();
    assert_eq!(print1d(8, |i| m.eval(i)), expected);
    let d: DynLayout = "(2,(2,2)):(4,(2,1))".parse().unwrap();
    assert_eq!(print1d(d.size(), |i| d.eval(i)), expected);

    // layout_8s, layout_8d, layout_2sx4s and layout_2sx4d all print 0 1 2 ... 7.
    let n = 8;
    assert_eq!(print1d(8, |i| layout!(8).eval(i)), "0 1 2 3 4 5 6 7");
    assert_eq!(
        print1d(8, |i| layout!({ n }).unwrap().eval(i)),
        "0 1 2 3 4 5 6 7"
    );
    assert_eq!(print1d(8, |i| layout!((2, 4)).eval(i)), "0 1 2 3 4 5 6 7");
    assert_eq!(
        print1d(8, |i| layout!((2, { n / 2 })).unwrap().eval(i)),
        "0 1 2 3 4 5 6 7"
    );
}

// cute-layout-docs.txt, print2D of layout_2sx4s, layout_2sx4d and layout_2x4.
#[test]
fn docs_print2d_2x4() {
    let s = layout!((2, 4));
    assert_eq!(print2d(2, 4, |m, n| s.call((m, n))), "0 2 4 6\n1 3 5 7");
    let four = 4;
    let d = layout!((2, { four })).unwrap();
    assert_eq!(print2d(2, 4, |m, n| d.call((m, n))), "0 2 4 6\n1 3 5 7");
    let x = layout!((2,(2,2)):(4,(2,1)));
    assert_eq!(print2d(2, 4, |m, n| x.call((m, n))), "0 2 1 3\n4 6 5 7");
}

// cute-layout-docs.txt: the 4x2 column-major, row-major and ((2,2),2):((4,1),2) matrices.
#[test]
fn docs_print2d_4x2() {
    let cases = [
        ("(4,2):(1,4)", "0 4\n1 5\n2 6\n3 7"),
        ("(4,2):(2,1)", "0 1\n2 3\n4 5\n6 7"),
        ("((2,2),2):((4,1),2)", "0 2\n4 6\n1 3\n5 7"),
    ];
    let col = layout!((4,2):(1,4));
    let row = layout!((4,2):(2,1));
    let multi = layout!(((2,2),2):((4,1),2));
    let statics = [
        print2d(4, 2, |m, n| col.call((m, n))),
        print2d(4, 2, |m, n| row.call((m, n))),
        print2d(4, 2, |m, n| multi.call((m, n))),
    ];
    let one = 1;
    let mixed = layout!(((2,{2}),2):((4,{one}),2)).unwrap();
    assert_eq!(print2d(4, 2, |m, n| mixed.call((m, n))), cases[2].1);
    for ((text, expected), from_static) in cases.iter().zip(statics) {
        assert_eq!(&from_static, expected, "{text}");
        assert_eq!(&dyn_print2d(&text.parse().unwrap()), expected, "{text}");
    }
}

// Paper §2.4.1: L = ((2,2),(4,2)):((1,8),(2,16)), L(22) = L(2,5) = L((0,1),(1,1)) = 26.
#[test]
fn paper_evaluation_example() {
    let s = layout!(((2,2),(4,2)):((1,8),(2,16)));
    assert_eq!(
        (s.eval(22), s.call((2, 5)), s.call(((0, 1), (1, 1)))),
        (26, 26, 26)
    );
    let (eight, four) = (8, 4);
    let m = layout!(((2,2),({four},2)):((1,{eight}),(2,16))).unwrap();
    assert_eq!(
        (m.eval(22), m.call((2, 5)), m.call(((0, 1), (1, 1)))),
        (26, 26, 26)
    );
    let d: DynLayout = "((2,2),(4,2)):((1,8),(2,16))".parse().unwrap();
    assert_eq!(d.eval(22), 26);
    for c in ["22", "(2,5)", "((0,1),(1,1))"] {
        assert_eq!(d.try_eval(&c.parse().unwrap()).unwrap(), 26, "{c}");
    }
    // The 2-D and natural coordinates of 22 are idx2crd's.
    assert_eq!(d.shape().idx2crd(22).unwrap().to_string(), "((0,1),(1,1))");
    assert_eq!(s.shape().idx2crd(22), ((0, 1), (1, 1)));
}

// Paper Figure 2: the coordinate lists of S = 4, (2,3) and ((2,3),2), colexicographic.
#[test]
fn paper_figure2_idx2crd() {
    let four = (0..4).map(|i| U4::default().idx2crd(i)).collect::<Vec<_>>();
    assert_eq!(four, [0, 1, 2, 3]);

    let z23 = ["(0,0)", "(1,0)", "(0,1)", "(1,1)", "(0,2)", "(1,2)"];
    let shape23: DynTuple = "(2,3)".parse().unwrap();
    for (i, crd) in z23.iter().enumerate() {
        let i = i as i64;
        assert_eq!(&shape23.idx2crd(i).unwrap().to_string(), crd);
        let (a, b) = (U2::default(), U3::default()).idx2crd(i);
        assert_eq!(&format!("({a},{b})"), crd);
        assert_eq!(shape23.crd2idx(&crd.parse().unwrap()).unwrap(), i);
    }

    let z62 = ["(0,0)", "(1,0)", "(2,0)", "(3,0)", "(4,0)", "(5,0)"]
        .into_iter()
        .chain(["(0,1)", "(1,1)", "(2,1)", "(3,1)", "(4,1)", "(5,1)"]);
    let z2_3_2 = [
        "((0,0),0)",
        "((1,0),0)",
        "((0,1),0)",
        "((1,1),0)",
        "((0,2),0)",
        "((1,2),0)",
        "((0,0),1)",
        "((1,0),1)",
        "((0,1),1)",
        "((1,1),1)",
        "((0,2),1)",
        "((1,2),1)",
    ];
    let (s62, s232): (DynTuple, DynTuple) =
        ("(6,2)".parse().unwrap(), "((2,3),2)".parse().unwrap());
    let static232 = ((U2::default(), U3::default()), U2::default());
    for (i, (c62, c232)) in z62.zip(z2_3_2).enumerate() {
        let i = i as i64;
        assert_eq!(s62.idx2crd(i).unwrap().to_string(), c62);
        assert_eq!(s232.idx2crd(i).unwrap().to_string(), c232);
        let ((a, b), c) = static232.idx2crd(i);
        assert_eq!(format!("(({a},{b}),{c})"), c232);
        let (a, b) = (U6::default(), U2::default()).idx2crd(i);
        assert_eq!(format!("({a},{b})"), c62);
        // The three coordinates of each row name the same element of ((2,3),2).
        for c in [i.to_string(), c62.to_string(), c232.to_string()] {
            assert_eq!(s232.crd2idx(&c.parse().unwrap()).unwrap(), i, "{c}");
        }
    }
}

// Paper Figure 1: the 2x2x2 tensor (2,2,2):(2,1,4), folded into the 4x2 matrix
// ((2,2),2):((2,4),1) (coalesced: (4,2):(2,1)) and the 2x4 matrix (2,(2,2)):(2,(1,4)), which
// has no flat representation.
#[test]
fn paper_figure1_folding() {
    let t = layout!((2,2,2):(2,1,4));
    let m4x2 = layout!(((2,2),2):((2,4),1));
    let flat = layout!((4,2):(2,1));
    let m2x4 = layout!((2,(2,2)):(2,(1,4)));
    for m in 0..4 {
        for n in 0..2 {
            // Mode 2 folded into mode 0: row m is (m mod 2, m div 2) of modes 0 and 2.
            assert_eq!(m4x2.call((m, n)), t.call((m % 2, n, m / 2)), "({m},{n})");
            assert_eq!(flat.call((m, n)), m4x2.call((m, n)), "({m},{n})");
        }
    }
    for m in 0..2 {
        for n in 0..4 {
            // Mode 2 folded into mode 1: column n is (n mod 2, n div 2) of modes 1 and 2.
            assert_eq!(m2x4.call((m, n)), t.call((m, n % 2, n / 2)), "({m},{n})");
        }
    }
    // All three are views of the same 8 offsets.
    let mut image: Vec<i64> = (0..8).map(|i| m2x4.eval(i)).collect();
    image.sort();
    assert_eq!(image, (0..8).collect::<Vec<_>>());
}

// CuTe's print_layout format (cute/layout.hpp): a header of column indices, then one ruled
// row per coordinate of mode 0.
#[test]
fn print_layout_table() {
    let expected = "\
(4,2):(1,4)
      0   1
    +---+---+
 0  | 0 | 4 |
    +---+---+
 1  | 1 | 5 |
    +---+---+
 2  | 2 | 6 |
    +---+---+
 3  | 3 | 7 |
    +---+---+
";
    assert_eq!(layout!((4,2):(1,4)).to_dyn().to_table().unwrap(), expected);
    let four = 4;
    assert_eq!(
        layout!((4,2):(1,{four}))
            .unwrap()
            .to_dyn()
            .to_table()
            .unwrap(),
        expected
    );
    // Hierarchical modes are indexed by their 1-D coordinate; cells widen to cosize = 16.
    let wide = "\
((2,2),2):((8,1),4)
       0    1
    +----+----+
 0  |  0 |  4 |
    +----+----+
 1  |  8 | 12 |
    +----+----+
 2  |  1 |  5 |
    +----+----+
 3  |  9 | 13 |
    +----+----+
";
    let d: DynLayout = "((2,2),2):((8,1),4)".parse().unwrap();
    assert_eq!(d.to_table().unwrap(), wide);
    // Negative offsets widen the cells too.
    assert!(layout!((2,2):(-10,1))
        .to_dyn()
        .to_table()
        .unwrap()
        .contains(" 1  | -10 |  -9 |"));
    for rank_other in ["8:1", "(2,2,2):(1,2,4)", "():()"] {
        let err = rank_other
            .parse::<DynLayout>()
            .unwrap()
            .to_table()
            .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::RankMismatch, "{rank_other}");
        assert!(err.to_string().contains("rank-2"), "{err}");
    }
}

#[test]
fn macro_types() {
    assert_type_eq_all!(Layout![(4,(2,2)):(1,(8,4))], Layout<(U4, (U2, U2)), (U1, (U8, U4))>);
    // No stride: compact column-major, computed by the macro.
    assert_type_eq_all!(Layout![(4,(2,2))], Layout<(U4, (U2, U2)), (U1, (U4, U8))>);
    assert_type_eq_all!(Layout![(4, (2, 2))], LayoutLeft<(U4, (U2, U2))>);
    assert_type_eq_all!(Layout![4:-1], Layout<U4, NInt<U1>>);
    assert_type_eq_all!(Layout![(8,2):(0,1)], Layout<(U8, U2), (U0, U1)>);
    assert_type_eq_all!(Layout![1024:1], Layout<U1024, U1>);
    assert_type_eq_all!(Layout![(4):(1)], Layout<(U4,), (U1,)>);
    assert_type_eq_all!(Layout![(4,{}):(1,4)], Layout<(U4, i64), (U1, U4)>);
    assert_type_eq_all!(Size<(U4, (U2, U2))>, U16);
    // CuTe's static marks are accepted: `(_4,_2):(_1,_-4)` is what `{:#}` prints.
    assert_type_eq_all!(Layout![(_4,_2):(_1,_-4)], Layout<(U4, U2), (U1, NInt<U4>)>);

    let l: Layout![(4,(2,2)):(1,(8,4))] = layout!((4,(2,2)):(1,(8,4)));
    assert_eq!(core::mem::size_of_val(&l), 0);
    assert_eq!(core::mem::size_of::<Layout![(4096,4096):(4096,1)]>(), 0);
    assert_eq!(l.to_string(), "(4,(2,2)):(1,(8,4))");
    assert_eq!(layout!(4:-1).to_string(), "4:-1");
    assert_eq!(layout!((4, 8)).to_string(), "(4,8):(1,4)");
    assert_eq!(layout!((3,5,7):(0,0,0)).eval(104), 0);
    assert_eq!(format!("{:#}", layout!((4,2):(0,-3))), "(_4,_2):(_0,_-3)");
}

#[test]
fn macro_runtime_leaves() {
    let n = 6;
    // A runtime shape entry and no stride: the strides after it are runtime too.
    let l = layout!(({ n }, 4, 2)).unwrap();
    assert_eq!(format!("{l:#}"), "(6,_4,_2):(_1,6,24)");
    let l: Layout<(U4, i64), (U1, U4)> = layout!((4,{n}):(1,4)).unwrap();
    assert_eq!(l.eval(9), 9);
    // Runtime values are checked: zero or negative shape entries, offsets beyond i64.
    assert_eq!(
        layout!((4,{n - 6}):(1,4)).unwrap_err().kind(),
        ErrorKind::NonPositiveShape
    );
    assert_eq!(
        layout!(({ -n }, 4)).unwrap_err().kind(),
        ErrorKind::NonPositiveShape
    );
    assert_eq!(
        layout!((4,{i64::MAX}):(1,4)).unwrap_err().kind(),
        ErrorKind::Overflow
    );
    assert_eq!(
        layout!((4,2):(1,{i64::MAX})).unwrap_err().kind(),
        ErrorKind::Overflow
    );
    // Each runtime expression is evaluated once.
    let mut calls = 0;
    let mut next = || {
        calls += 1;
        2
    };
    let l = layout!(({ next() }, { next() })).unwrap();
    assert_eq!((calls, l.to_string()), (2, "(2,2):(1,2)".to_string()));
}

// ---- Evaluation of one static and one mixed layout, and of their `to_dyn()`. ----

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
