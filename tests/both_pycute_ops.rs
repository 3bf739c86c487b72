//! The operations of NVIDIA's reference PyCuTe (NVlabs/CuTe) that CuTe C++ lacks —
//! `layout_add`, `nullspace`, `greatest_common_domain`, `coalesce_z`, `common_refinement`,
//! `common_coarsening`, `tiler_to_layout` — and the runtime `make_layout_like`: PyCuTe's worked
//! examples (its docstrings and `test/test_*.py`), their definitions' postconditions on random
//! layouts (extreme strides included) with brute-force oracles of our own (no refusal without
//! proof that no answer exists), and the type-level engine against the runtime engine.

use crate::common;

use std::collections::BTreeSet;

use common::differential::same_print;
use common::{dl, eval_floor_modes, flat};
use cute_layout::algebra::{
    self, try_coalesce_z, try_common_coarsening, try_common_refinement, try_greatest_common_domain,
    try_layout_add, try_make_layout_like, try_nullspace, try_tiler_to_layout, DynTiler,
};
use cute_layout::basis::{arithmetic_eq, make_identity_layout};
use cute_layout::{layout, DynLayout, DynTuple, ErrorKind, Layout};
use proptest::prelude::*;

fn t(s: &str) -> DynTuple {
    s.parse().unwrap()
}

/// A layout with every leaf static.
fn st(s: &str) -> DynLayout {
    let l = dl(s);
    DynLayout::new(l.shape().with_static(true), l.stride().with_static(true)).unwrap()
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(128)
}

// ---------------------------------------------------------------------------------------------
// Random inputs

/// A random factorization of `n` into leaves (with the occasional size-1 leaf), as a flat list.
fn factor(n: i64, picks: &[u8]) -> Vec<i64> {
    let (mut n, mut out, mut k) = (n, Vec::new(), 0usize);
    while n > 1 {
        let divisors: Vec<i64> = (2..=n).filter(|d| n % d == 0).collect();
        let d = divisors[picks[k % picks.len()] as usize % divisors.len()];
        k += 1;
        out.push(d);
        n /= d;
        if picks[k % picks.len()] % 5 == 0 {
            out.push(1);
        }
        k += 1;
    }
    if out.is_empty() {
        out.push(1);
    }
    out
}

/// A stride: mostly small (zero and negative included), sometimes extreme.
fn arb_stride() -> impl Strategy<Value = i64> {
    prop_oneof![
        8 => -4i64..=12,
        1 => prop::sample::select(vec![1i64 << 40, -(1i64 << 40), (1i64 << 61) / 7, i64::MAX / 64]),
    ]
}

/// Leaves `(shape, stride)` nested into a layout: flat, or `(first, (rest...))`.
fn nest(leaves: &[(i64, i64)], nested: bool) -> Option<DynLayout> {
    let s: Vec<String> = leaves.iter().map(|l| l.0.to_string()).collect();
    let d: Vec<String> = leaves.iter().map(|l| l.1.to_string()).collect();
    let text = if nested && leaves.len() >= 3 {
        format!(
            "({},({})):({},({}))",
            s[0],
            s[1..].join(","),
            d[0],
            d[1..].join(",")
        )
    } else if leaves.len() == 1 {
        format!("{}:{}", s[0], d[0])
    } else {
        format!("({}):({})", s.join(","), d.join(","))
    };
    text.parse().ok() // `None` where the cosize would overflow
}

/// A layout of size `n` with random leaves and strides.
fn arb_layout_of(n: i64) -> impl Strategy<Value = Option<DynLayout>> {
    (
        prop::collection::vec(any::<u8>(), 8),
        prop::collection::vec(arb_stride(), 8),
        any::<bool>(),
    )
        .prop_map(move |(picks, strides, nested)| {
            let leaves: Vec<(i64, i64)> = factor(n, &picks)
                .into_iter()
                .zip(strides.iter().cycle())
                .map(|(s, &d)| (s, d))
                .collect();
            nest(&leaves, nested)
        })
}

/// A random layout of a small size.
fn arb_layout() -> impl Strategy<Value = DynLayout> {
    prop::sample::select(vec![1i64, 2, 4, 6, 8, 12, 16, 24, 30, 36, 60])
        .prop_flat_map(arb_layout_of)
        .prop_filter_map("cosize overflows", |l| l)
}

// ---------------------------------------------------------------------------------------------
// coalesce_z

#[test]
fn coalesce_z_pycute_examples() {
    // PyCuTe's docstring and test/test_coalesce_z.py.
    assert_eq!(
        algebra::coalesce_z(&dl("(2,1,6,1):(1,7,8,0)")),
        dl("(2,6,1):(1,8,0)")
    );
    assert_eq!(
        algebra::coalesce_z(&dl("(2,1,6,1):(1,7,8,57)")),
        dl("(2,6,1):(1,8,57)")
    );
    assert_eq!(
        algebra::coalesce_z(&dl("(2,1,6,1):(1,7,8,48)")),
        dl("(2,6):(1,8)")
    );
    assert_eq!(algebra::coalesce_z(&dl("(1,1):(5,7)")), dl("1:7"));
    assert_eq!(algebra::coalesce_z(&dl("1:1")), dl("1:1"));
    assert_eq!(algebra::coalesce_z(&dl("(2,(4,6))")), dl("48:1"));
    for l in [
        "1:0",
        "1:1",
        "(1,1):(5,7)",
        "(2,4)",
        "(2,4):(4,1)",
        "(2,4,6)",
        "(2,4,6):(24,6,1)",
        "(2,(4,6))",
        "(2,4,6):(1,6,2)",
        "(2,1,6):(1,7,2)",
        "(2,1,6):(4,7,8)",
        "(2,1,6,1):(4,7,8,0)",
        "(2,1,6,1):(4,7,8,57)",
        "(2,1,6,1):(1,7,8,0)",
        "(2,1,6,1):(1,7,8,57)",
        "(2,1,6,1):(1,7,8,48)",
        "(2,1,3):(2,4,4)",
        "((2,2),(2,2)):((1,4),(8,32))",
    ] {
        check_coalesce_z(&dl(l)).unwrap();
    }
    // A last path ending at an empty tuple sends the rest of an index nowhere.
    let a = dl("(4,()):(1,())");
    assert_eq!(algebra::coalesce_z(&a), dl("(4,1):(1,0)"));
    check_coalesce_z(&a).unwrap();
}

/// Whether the path of last modes ends at a leaf (else at an empty tuple, which takes the rest
/// of an index and sends it nowhere).
fn last_ends_at_leaf(s: &DynTuple) -> bool {
    match s {
        DynTuple::Int(_) => true,
        DynTuple::Tuple(v) => v.last().is_some_and(last_ends_at_leaf),
    }
}

/// PyCuTe's postconditions, with our own oracle on the extended domain.
fn check_coalesce_z(a: &DynLayout) -> Result<(), TestCaseError> {
    let r = try_coalesce_z(a).map_err(|e| TestCaseError::fail(format!("{a}: {e}")))?;
    prop_assert_eq!(r.size(), a.size());
    prop_assert!(r.depth() <= 1, "{} -> {}", a, r);
    // Exact on the extended domain: every index, far past the domain too. `DynLayout::eval`
    // wraps out of bounds; the oracle is checked, so compare where it fits.
    let n = a.size();
    let far = [
        n + 1,
        2 * n + 3,
        7 * n,
        1 << 20,
        (1 << 40) + 5,
        i64::MAX / 3,
    ];
    let mut modes = flat(a);
    if !last_ends_at_leaf(a.shape()) {
        modes.push((1, 0));
    }
    for x in (0..n + 10).chain(far) {
        if let Some(want) = eval_floor_modes(&modes, x) {
            prop_assert_eq!(r.eval(x), want, "{} -> {} at {}", a, r, x);
            prop_assert_eq!(a.eval(x), want, "{} at {}", a, x);
        }
    }
    // Minimal: only the last mode may have size 1, and no two adjacent modes merge.
    let m = flat(&r);
    for (k, w) in m.windows(2).enumerate() {
        prop_assert!(w[0].0 != 1, "{} -> {}: size-1 mode {}", a, r, k);
        prop_assert!(
            w[0].0.checked_mul(w[0].1) != Some(w[1].1),
            "{} -> {} merges",
            a,
            r
        );
    }
    // Idempotent, and coalesce forgets only the trailing extension.
    prop_assert_eq!(&try_coalesce_z(&r).unwrap(), &r);
    prop_assert_eq!(algebra::coalesce(&r), algebra::coalesce(a));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn coalesce_z_postconditions(a in arb_layout()) {
        check_coalesce_z(&a)?;
    }
}

// ---------------------------------------------------------------------------------------------
// nullspace

#[test]
fn nullspace_pycute_examples() {
    assert_eq!(algebra::nullspace(&dl("(2,4,6):(1,2,0)")), dl("6:8"));
    assert_eq!(algebra::nullspace(&dl("(4,5):(1,4)")), dl("1:0"));
    // test/test_nullspace.py (integer strides): the postcondition on each.
    for l in [
        "1:0",
        "1:1",
        "1:2",
        "1:4",
        "4:0",
        "4:1",
        "4:2",
        "4:4",
        "(1,1):(0,0)",
        "(3,7):(0,0)",
        "(2,4):(0,2)",
        "(8,4):(1,8)",
        "(8,4):(4,1)",
        "(2,4,6):(1,2,0)",
        "(2,4,6):(0,1,0)",
        "(4,2):(1,16)",
        "(4,5,6):(1,1,0)",
        "(7,5,9):(2,0,1)",
        "(7,5,9):(2,0,0)",
        "(7,5,9):(0,0,0)",
    ] {
        check_nullspace(&dl(l)).unwrap();
    }
    assert_eq!(
        algebra::nullspace(&dl("(7,5,9):(0,0,0)")),
        dl("(7,5,9):(1,7,35)")
    );
    assert_eq!(algebra::nullspace(&dl("(1,1):(0,0)")), dl("(1,1):(1,1)"));
}

fn check_nullspace(a: &DynLayout) -> Result<(), TestCaseError> {
    let r = try_nullspace(a).unwrap();
    let idx: Vec<i64> = (0..r.size()).map(|i| r.eval(i)).collect();
    let distinct: BTreeSet<i64> = idx.iter().copied().collect();
    prop_assert_eq!(
        distinct.len() as i64,
        r.size(),
        "{} -> {} not injective",
        a,
        r
    );
    for &c in &idx {
        prop_assert!(
            (0..a.size()).contains(&c),
            "{} -> {}: {} outside the domain",
            a,
            r,
            c
        );
        prop_assert_eq!(a.eval(c), 0, "{} -> {}: A({}) != 0", a, r, c);
    }
    // With non-negative strides (or stride 0 wherever they are negative), the non-zero-stride
    // modes map only 0 to 0: the nullspace is every coordinate that A maps to 0.
    if flat(a).iter().all(|&(s, d)| d >= 0 || s == 1) && a.size() <= 1 << 12 {
        let zeros: BTreeSet<i64> = (0..a.size()).filter(|&i| a.eval(i) == 0).collect();
        prop_assert_eq!(zeros, distinct, "{} -> {}", a, r);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn nullspace_postconditions(a in arb_layout()) {
        check_nullspace(&a)?;
    }
}

// ---------------------------------------------------------------------------------------------
// common_refinement, common_coarsening

#[test]
fn refinement_coarsening_pycute_examples() {
    let r = |a: &str, b: &str| try_common_refinement(&t(a), &t(b));
    let c = |a: &str, b: &str| try_common_coarsening(&t(a), &t(b));
    assert_eq!(r("30", "(2,15)").unwrap(), t("(2,15)"));
    assert_eq!(r("(2,15)", "(2,(3,5))").unwrap(), t("(2,(3,5))"));
    assert_eq!(r("10", "(10)").unwrap(), t("(10)"));
    assert_eq!(r("((2,3),20)", "(6,(4,5))").unwrap(), t("((2,3),(4,5))"));
    assert_eq!(
        r("(6,5)", "(2,15)").unwrap_err().kind(),
        ErrorKind::NoCommonRefinement
    );
    assert_eq!(
        r("(2,(3,5))", "((3,2),5)").unwrap_err().kind(),
        ErrorKind::NoCommonRefinement
    );
    assert_eq!(c("(2,15)", "(2,(3,5))").unwrap(), t("(2,15)"));
    assert_eq!(c("(4,(3,5))", "((2,2),15)").unwrap(), t("(4,15)"));
    assert_eq!(c("30", "(2,15)").unwrap(), t("30"));
    assert_eq!(c("(2,(3,5))", "((3,2),5)").unwrap(), t("30"));
    assert_eq!(c("(6,5)", "(2,15)").unwrap(), t("30"));
    assert_eq!(c("(2,3)", "(2,3,1)").unwrap(), t("6"));
    assert_eq!(c("3", "4").unwrap_err().kind(), ErrorKind::SizeMismatch);
    assert_eq!(c("7", "(2,3)").unwrap_err().kind(), ErrorKind::SizeMismatch);
}

/// Every shape of size `n` with at most `rank` modes per tuple and depth at most `depth`.
fn shapes(n: i64, rank: usize, depth: usize) -> Vec<DynTuple> {
    let mut out = vec![DynTuple::int(n)];
    if depth == 0 {
        return out;
    }
    // Ordered factorizations of n into 1..=rank factors (factor 1 allowed), each factor a shape.
    fn splits(n: i64, k: usize) -> Vec<Vec<i64>> {
        if k == 1 {
            return vec![vec![n]];
        }
        let mut v = Vec::new();
        for d in (1..=n).filter(|d| n % d == 0) {
            for mut rest in splits(n / d, k - 1) {
                rest.insert(0, d);
                v.push(rest);
            }
        }
        v
    }
    for k in 1..=rank {
        for parts in splits(n, k) {
            let mut acc: Vec<Vec<DynTuple>> = vec![vec![]];
            for &p in &parts {
                let subs = shapes(p, rank, depth - 1);
                acc = acc
                    .into_iter()
                    .flat_map(|pre| {
                        subs.iter().map(move |s| {
                            let mut v = pre.clone();
                            v.push(s.clone());
                            v
                        })
                    })
                    .collect();
            }
            out.extend(acc.into_iter().map(DynTuple::tuple));
        }
    }
    out
}

#[test]
fn refinement_coarsening_brute_force() {
    // Every pair of shapes of sizes 1, 4 and 6 (and 4 against 6), against every shape of the
    // universe: the refinement is the least common refinement and refused only where there is
    // none; the coarsening is the greatest common coarsening.
    let universe: Vec<DynTuple> = [1i64, 4, 6].iter().flat_map(|&n| shapes(n, 2, 2)).collect();
    let le = |a: &DynTuple, b: &DynTuple| a.compatible(b); // a ≼ b
    let (mut refined, mut refused) = (0, 0);
    for a in &universe {
        for b in &universe {
            let ups: Vec<&DynTuple> = universe.iter().filter(|c| le(a, c) && le(b, c)).collect();
            let downs: Vec<&DynTuple> = universe.iter().filter(|c| le(c, a) && le(c, b)).collect();
            match try_common_refinement(a, b) {
                Ok(c) => {
                    refined += 1;
                    assert!(le(a, &c) && le(b, &c), "{a} {b} -> {c}");
                    for d in &ups {
                        assert!(le(&c, d), "{a} {b} -> {c} is not below {d}");
                    }
                }
                Err(e) => {
                    refused += 1;
                    assert_eq!(e.kind(), ErrorKind::NoCommonRefinement);
                    assert!(
                        ups.is_empty(),
                        "{a} {b} refused but {} refines both",
                        ups[0]
                    );
                }
            }
            match try_common_coarsening(a, b) {
                Ok(c) => {
                    assert!(le(&c, a) && le(&c, b), "{a} {b} -> {c}");
                    for d in &downs {
                        assert!(le(d, &c), "{a} {b} -> {c} is not above {d}");
                    }
                }
                Err(e) => {
                    assert_eq!(e.kind(), ErrorKind::SizeMismatch);
                    assert!(downs.is_empty() && a.size().unwrap() != b.size().unwrap());
                }
            }
            // Symmetric.
            assert_eq!(
                try_common_refinement(a, b).ok(),
                try_common_refinement(b, a).ok()
            );
            assert_eq!(
                try_common_coarsening(a, b).ok(),
                try_common_coarsening(b, a).ok()
            );
        }
    }
    assert!(
        refined > 100 && refused > 100,
        "{refined} refined, {refused} refused"
    );
}

// ---------------------------------------------------------------------------------------------
// greatest_common_domain

#[test]
fn greatest_common_domain_pycute_examples() {
    // test/test_greatest_common_domain.py, test_known_expected_results.
    for (a, b, want) in [
        ("1", "1", "(1):(0)"),
        ("10", "10", "(10):(1)"),
        ("(16,3)", "(16,3)", "(16,3):(1,16)"),
        ("(5,2)", "10", "(5,2):(1,5)"),
        ("(5,3,4)", "(10,6)", "(5,2):(1,30)"),
        ("(5,3,3,4)", "(10,6,3)", "(5):(1)"),
        ("(1,5,3,3,4)", "(10,6,3)", "(5):(1)"),
        ("(5,3,3,4)", "(10,6,1,3)", "(5):(1)"),
        ("(2,21)", "(3,14)", "(7):(6)"),
        ("(6,35)", "(15,14)", "(3,7):(1,30)"),
        ("(16,64)", "(4,16,16)", "(4,4,4,16):(1,4,16,64)"),
        ("(5,3)", "(3,5)", "(1):(0)"),
        ("(5,5,3)", "(5,3,5)", "(5):(1)"),
        ("(7,2,3,2,2,3)", "(504)", "(7,2,3,2,2,3):(1,7,14,42,84,168)"),
        ("(7,2,3,2,2,3,2)", "(7,3,2,2,3,2,2)", "(7,2,2):(1,42,504)"),
        ("(7,2,2,2,2,3,5)", "(7,3,2,2,2,2,5)", "(7,5):(1,336)"),
        ("(2,(3,4))", "(6,4)", "(2,3,4):(1,2,6)"),
        ("(7,11)", "(11,7)", "(1):(0)"),
        ("12", "18", "(6):(1)"),
    ] {
        let g = try_greatest_common_domain(&t(a), &t(b)).unwrap();
        assert_eq!(g, dl(want), "greatest_common_domain({a}, {b})");
        check_gcd(&t(a), &t(b)).unwrap();
    }
}

/// A random shape of size `n`: flat, or its first leaf alone and the rest nested.
fn arb_shape_of(n: i64) -> impl Strategy<Value = DynTuple> {
    (prop::collection::vec(any::<u8>(), 8), any::<bool>()).prop_map(move |(picks, nested)| {
        let f = factor(n, &picks);
        let leaves = |v: &[i64]| DynTuple::tuple(v.iter().map(|&x| DynTuple::int(x)));
        if nested && f.len() >= 3 {
            DynTuple::tuple([DynTuple::int(f[0]), leaves(&f[1..])])
        } else if f.len() == 1 {
            DynTuple::int(f[0])
        } else {
            leaves(&f)
        }
    })
}

/// PyCuTe's postconditions of `greatest_common_domain`, composition checked through the
/// identity layouts of the shapes (CuTe's reading of a shape as a tiler).
fn check_gcd(a: &DynTuple, b: &DynTuple) -> Result<(), TestCaseError> {
    let g = try_greatest_common_domain(a, b).unwrap();
    prop_assert_eq!(
        &g,
        &try_greatest_common_domain(b, a).unwrap(),
        "not symmetric"
    );
    prop_assert_eq!(g.depth(), 1);
    let gcd = |mut x: i64, mut y: i64| {
        while y != 0 {
            (x, y) = (y, x % y);
        }
        x
    };
    let (na, nb) = (a.size().unwrap(), b.size().unwrap());
    prop_assert_eq!(
        gcd(na, nb) % g.size(),
        0,
        "size {} of {} does not divide",
        g.size(),
        g
    );
    let mut rests = Vec::new();
    for s in [a, b] {
        // composition(identity(S), G) is admissible and is identity(S) ∘ G as a function.
        let id = make_identity_layout(s).unwrap();
        let c = algebra::basis::try_composition(&id, &g)
            .map_err(|e| TestCaseError::fail(format!("identity({s}) o {g}: {e}")))?;
        for i in 0..g.size() {
            let (x, y) = (c.eval(i), id.eval(g.eval(i)));
            prop_assert!(
                arithmetic_eq(&x, &y),
                "identity({}) o {} at {}: {} vs {}",
                s,
                g,
                i,
                x,
                y
            );
        }
        // What is left once G is divided out.
        let d = algebra::basis::try_logical_divide(&id, &g)
            .map_err(|e| TestCaseError::fail(format!("identity({s}) / {g}: {e}")))?;
        rests.push(d.mode(1).unwrap().shape().clone());
    }
    let left = try_greatest_common_domain(&rests[0], &rests[1]).unwrap();
    prop_assert_eq!(
        left.size(),
        1,
        "{} and {} still share {}",
        rests[0],
        rests[1],
        left
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn greatest_common_domain_postconditions(
        (a, b) in prop::sample::select(vec![4i64, 6, 12, 24, 30, 36, 60, 64, 72, 210])
            .prop_flat_map(|n| (arb_shape_of(n), prop::sample::select(vec![1i64, 2, 3, 5])
                .prop_flat_map(move |k| arb_shape_of(n * k)))))
    {
        check_gcd(&a, &b)?;
    }
}

// ---------------------------------------------------------------------------------------------
// layout_add

#[test]
fn layout_add_pycute_examples() {
    // PyCuTe's docstring and test/test_layout_add.py (integer strides).
    for (a, b, want) in [
        ("12:1", "12:1", "12:2"),
        ("5:0", "5:1", "5:1"),
        ("5:0", "5:0", "5:0"),
        ("(4,3):(1,4)", "(4,3):(3,1)", "(4,3):(4,5)"),
        ("(4,3):(1,4)", "(4,3):(1,4)", "12:2"),
        ("(4,3):(3,1)", "(4,3):(3,1)", "(4,3):(6,2)"),
        ("(6):(5)", "(6):(3)", "6:8"),
        ("(5,3,4):(1,5,15)", "(10,6):(1,10)", "60:2"),
        ("(6):(1)", "(3,2):(1,3)", "6:2"),
        ("(6):(1)", "(3,2):(2,1)", "(3,2):(3,4)"),
        ("12:2", "(4,3):(3,1)", "(4,3):(5,9)"),
        ("(2,(3,4)):(12,(4,1))", "(6,4):(4,1)", "(2,3,4):(16,12,2)"),
        ("(4,3):(1,0)", "(4,3):(3,1)", "(4,3):(4,1)"),
        ("1:5", "1:7", "1:0"),
    ] {
        assert_eq!(
            algebra::layout_add(&dl(a), &dl(b)),
            dl(want),
            "layout_add({a}, {b})"
        );
        check_layout_add(&dl(a), &dl(b)).unwrap();
    }
    // The identity, commutativity and associativity over PyCuTe's INT_LAYOUTS (size 12).
    let ints = [
        "12:0",
        "12:1",
        "12:2",
        "(4,3):(1,4)",
        "(4,3):(3,1)",
        "(4,3):(1,0)",
        "(2,6):(1,2)",
        "((2,2),3):((2,1),4)",
    ]
    .map(dl);
    for a in &ints {
        assert_eq!(algebra::layout_add(a, &dl("12:0")), algebra::coalesce(a));
        for b in &ints {
            check_layout_add(a, b).unwrap();
            for c in &ints {
                let (l, r) = (
                    algebra::layout_add(&algebra::layout_add(a, b), c),
                    algebra::layout_add(a, &algebra::layout_add(b, c)),
                );
                for i in 0..12 {
                    assert_eq!(l.eval(i), a.eval(i) + b.eval(i) + c.eval(i));
                    assert_eq!(r.eval(i), l.eval(i));
                }
            }
        }
    }
    let e = |a: &str, b: &str| try_layout_add(&dl(a), &dl(b)).unwrap_err().kind();
    assert_eq!(e("6:1", "8:1"), ErrorKind::SizeMismatch);
    assert_eq!(e("(4,3):(3,1)", "(6,5):(5,1)"), ErrorKind::SizeMismatch);
    assert_eq!(e("(5,3):(3,1)", "(3,5):(5,1)"), ErrorKind::NoCommonDomain);
    assert_eq!(
        e("(7,11):(11,1)", "(11,7):(7,1)"),
        ErrorKind::NoCommonDomain
    );
}

/// Our oracle: whether some layout `R` of size `n` has `R(i) = f[i]` for every `i < n`. A layout
/// agrees on its domain with its coalesced form, whose first mode `s0:d0` has `d0 = f[1]` and
/// `s0` the first `k` with `f[k] ≠ k·d0` (a smaller `s0` would merge with the next mode); then
/// `s0 | n` and `f(i) = f(i mod s0) + g(i / s0)` with `g(j) = f(j·s0)` a layout of size `n/s0`.
fn is_layout_function(f: &[i128]) -> bool {
    let n = f.len();
    if n <= 1 {
        return true;
    }
    let d0 = f[1];
    let s0 = (2..n).find(|&k| f[k] != k as i128 * d0).unwrap_or(n);
    if n % s0 != 0 {
        return false;
    }
    if (0..n).any(|i| f[i] != f[i % s0] + f[(i / s0) * s0]) {
        return false;
    }
    let g: Vec<i128> = (0..n / s0).map(|j| f[j * s0]).collect();
    s0 == n || is_layout_function(&g)
}

fn check_layout_add(a: &DynLayout, b: &DynLayout) -> Result<(), TestCaseError> {
    let n = a.size();
    let sum: Vec<i128> = (0..n)
        .map(|i| i128::from(a.eval(i)) + i128::from(b.eval(i)))
        .collect();
    match try_layout_add(a, b) {
        Ok(r) => {
            prop_assert_eq!(r.size(), n);
            for i in 0..n {
                prop_assert_eq!(
                    i128::from(r.eval(i)),
                    sum[i as usize],
                    "{} + {} = {} at {}",
                    a,
                    b,
                    r,
                    i
                );
            }
            prop_assert_eq!(&try_layout_add(b, a).unwrap(), &r, "not symmetric");
            prop_assert_eq!(&algebra::coalesce(&r), &r, "not coalesced");
        }
        Err(e) => match e.kind() {
            ErrorKind::SizeMismatch => prop_assert_ne!(a.size(), b.size()),
            ErrorKind::NoCommonDomain => {
                prop_assert_eq!(a.size(), b.size());
                prop_assert!(
                    !is_layout_function(&sum),
                    "{} + {} refused, but a layout exists",
                    a,
                    b
                );
            }
            ErrorKind::Overflow => prop_assert!(
                sum.iter().any(|&v| v.unsigned_abs() >= 1 << 60),
                "{} + {}: {}",
                a,
                b,
                e
            ),
            _ => prop_assert!(false, "{} + {}: {}", a, b, e),
        },
    }
    Ok(())
}

#[test]
fn layout_add_oracle_recognizes_layouts() {
    // The oracle itself: every layout is a layout function; i%2 + i%3 is not.
    for l in [
        "(2,3):(1,0)",
        "((2,2),3):((2,1),4)",
        "(3,4,5):(7,-2,0)",
        "1:9",
        "(1,6):(4,-3)",
    ] {
        let l = dl(l);
        let f: Vec<i128> = (0..l.size()).map(|i| i128::from(l.eval(i))).collect();
        assert!(is_layout_function(&f), "{l}");
    }
    assert!(!is_layout_function(&[0, 2, 2, 1, 1, 3]));
    assert!(!is_layout_function(&[0, 1, 2, 4]));
}

#[test]
fn layout_add_refusals_are_exact_small() {
    // Every pair of flat layouts of size 12 with leaves > 1 and strides in -2..=3: the sum is
    // refused exactly where no layout equals it.
    let shapes: Vec<Vec<i64>> = vec![
        vec![12],
        vec![2, 6],
        vec![6, 2],
        vec![3, 4],
        vec![4, 3],
        vec![2, 2, 3],
        vec![2, 3, 2],
        vec![3, 2, 2],
    ];
    let mut layouts = Vec::new();
    for s in &shapes {
        let mut strides = vec![vec![]];
        for _ in s {
            strides = strides
                .into_iter()
                .flat_map(|p: Vec<i64>| {
                    (-2..=3).map(move |d| {
                        let mut q = p.clone();
                        q.push(d);
                        q
                    })
                })
                .collect();
        }
        for d in strides {
            let leaves: Vec<(i64, i64)> = s.iter().copied().zip(d).collect();
            layouts.push(nest(&leaves, false).unwrap());
        }
    }
    let (mut ok, mut refused) = (0, 0);
    // Every 7th layout against every 5th: about 60 000 pairs.
    for a in layouts.iter().step_by(7) {
        for b in layouts.iter().step_by(5) {
            check_layout_add(a, b).unwrap();
            match try_layout_add(a, b) {
                Ok(_) => ok += 1,
                Err(_) => refused += 1,
            }
        }
    }
    assert!(ok > 1000 && refused > 1000, "{ok} sums, {refused} refusals");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn layout_add_postconditions(
        (a, b) in prop::sample::select(vec![1i64, 4, 6, 8, 12, 16, 24, 30, 36, 60])
            .prop_flat_map(|n| (arb_layout_of(n), arb_layout_of(n)))
            .prop_filter_map("cosize overflows", |(a, b)| Some((a?, b?))))
    {
        check_layout_add(&a, &b)?;
    }

    #[test]
    fn layout_add_sizes_must_match(a in arb_layout(), b in arb_layout()) {
        check_layout_add(&a, &b)?;
    }
}

// ---------------------------------------------------------------------------------------------
// tiler_to_layout

#[test]
fn tiler_to_layout_pycute_examples() {
    let tl = |s: &str| try_tiler_to_layout(&s.parse::<DynTiler>().unwrap());
    assert_eq!(tl("3").unwrap().to_string(), "3:1");
    assert_eq!(tl("(7,2):(3,1)").unwrap().to_string(), "(7,2):(3,1)");
    assert_eq!(tl("(4,5)").unwrap().to_string(), "(4,5):(1@0,1@1)");
    assert_eq!(tl("(2,3,5)").unwrap().to_string(), "(2,3,5):(1@0,1@1,1@2)");
    assert_eq!(tl("<4:2,5:3>").unwrap().to_string(), "(4,5):(2@0,3@1)");
    assert_eq!(
        tl("<(2,2):(1,4),<3:1,5:2>>").unwrap().to_string(),
        "((2,2),(3,5)):((1@0,4@0),(1@0@1,2@1@1))"
    );
    assert_eq!(tl("<_,3>").unwrap_err().kind(), ErrorKind::InvalidArgument);
}

/// A random by-mode tiler of rank `rank`: each mode a layout.
fn arb_tiler(rank: usize) -> impl Strategy<Value = Vec<DynLayout>> {
    prop::collection::vec(
        (
            prop::sample::select(vec![1i64, 2, 3, 4]),
            prop::sample::select(vec![1i64, 2, 3]),
            -2i64..=4,
            0i64..=8,
        )
            .prop_map(|(s0, s1, d0, d1)| dl(&format!("({s0},{s1}):({d0},{d1})"))),
        rank,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// PyCuTe's postconditions: the shape is the tiler's, and the layout acts as the tiler under
    /// composition — `(A ∘ T)(c) = A(R(c))`, `R(c)` read as a coordinate of `A`.
    #[test]
    fn tiler_to_layout_acts_as_the_tiler(
        a in (2usize..=3).prop_flat_map(|r| prop::collection::vec(
            (prop::sample::select(vec![4i64, 6, 8, 12, 24]), 0i64..=40), r)),
        tiler in arb_tiler(3),
    ) {
        let leaves: Vec<(i64, i64)> = a.clone();
        let a = nest(&leaves, false).unwrap();
        let tiler = DynTiler::Tuple(tiler[..a.rank()].iter().cloned().map(DynTiler::Layout).collect());
        let r = try_tiler_to_layout(&tiler).unwrap();
        let DynTiler::Tuple(modes) = &tiler else { unreachable!() };
        let shape = DynTuple::tuple(modes.iter().map(|m| match m {
            DynTiler::Layout(l) => l.shape().clone(),
            _ => unreachable!(),
        }));
        prop_assert_eq!(r.shape(), &shape);
        // R(c) is the tuple of the modes' values (c split by the tiler's modes).
        let b = algebra::try_composition(&a, &tiler);
        for i in 0..r.size() {
            let rc = r.eval(i);
            let ci = shape.idx2crd(i).unwrap();
            for (k, m) in modes.iter().enumerate() {
                let DynTiler::Layout(m) = m else { unreachable!() };
                prop_assert_eq!(
                    rc.elements()[k].as_int().unwrap(),
                    m.try_eval(&ci.elements()[k]).unwrap(),
                    "{} at {}", r, i
                );
            }
            if let Ok(b) = &b {
                if a.try_eval(&rc).is_ok() {
                    prop_assert_eq!(b.eval(i), a.try_eval(&rc).unwrap(), "{} o {} at {}", a, tiler, i);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// make_layout_like

#[test]
fn make_layout_like_examples() {
    // Static layouts: CuTe's rules for static strides.
    // CuTe's (cute/layout.hpp) and PyCuTe's examples where the two agree (PyCuTe gives ties and
    // non-zero-stride size-1 leaves distinct strides; CuTe shares starts and gives 0).
    for (l, want) in [
        ("(2,2,2,2):(0,2,4,1)", "(2,2,2,2):(0,2,4,1)"),
        ("(2,3,4,5):(0,42,1,0)", "(2,3,4,5):(0,4,1,0)"),
        ("8:1", "8:1"),
        ("(4,8):(1,4)", "(4,8):(1,4)"),
        ("(3,4):(4,1)", "(3,4):(4,1)"),
        ("(4,8):(100,1)", "(4,8):(8,1)"),
        ("(2,3,4):(1,100,20)", "(2,3,4):(1,8,2)"),
        ("(3,4,5):(1,100,10)", "(3,4,5):(1,15,3)"),
        ("1:0", "1:0"),
        ("8:0", "8:0"),
        ("(3,7):(0,0)", "(3,7):(0,0)"),
        ("(8,4):(0,2)", "(8,4):(0,1)"),
        ("(8,4,6):(1,0,2)", "(8,4,6):(1,0,8)"),
        (
            "((2,2),(2,2)):((1,4),(8,32))",
            "((2,2),(2,2)):((1,2),(4,8))",
        ),
        ("(2,(3,4)):(50,(1,8))", "(2,(3,4)):(12,(1,3))"),
        // CuTe: a static size-1 leaf gets the stride 0; ties share a start.
        ("(1,4):(7,2)", "(1,4):(0,1)"),
        ("(4,2):(1,1)", "(4,2):(1,1)"),
    ] {
        assert_eq!(
            algebra::make_layout_like(&st(l)),
            st(want),
            "make_layout_like({l})"
        );
    }
    // Runtime strides come after every static one, in left-to-right order; a runtime 0 is no
    // static 0 (CuTe's `make_layout_like` on a mixed layout).
    let mixed =
        |shape: &str, stride: DynTuple| DynLayout::new(t(shape).with_static(true), stride).unwrap();
    let d = DynTuple::int; // runtime
    let s = DynTuple::fixed; // static
    let l = mixed("(2,3,4,5)", DynTuple::tuple([s(0), d(42), s(1), d(0)]));
    assert_eq!(
        algebra::make_layout_like(&l).to_string(),
        "(2,3,4,5):(0,4,1,12)"
    );
    let l = mixed("(2,3,4)", DynTuple::tuple([d(1), s(100), d(0)]));
    assert_eq!(algebra::make_layout_like(&l).to_string(), "(2,3,4):(3,1,6)");
    // All runtime: column major.
    assert_eq!(
        algebra::make_layout_like(&dl("(2,3,4):(12,0,1)")),
        dl("(2,3,4):(1,2,6)")
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// The contract: the shape is kept; static-0 strides and static size-1 leaves get 0; the
    /// other leaves are compact in increasing order of their strides (ties sharing a start).
    #[test]
    fn make_layout_like_contract(l in arb_layout()) {
        let l = DynLayout::new(l.shape().with_static(true), l.stride().with_static(true)).unwrap();
        let r = try_make_layout_like(&l).unwrap();
        prop_assert_eq!(r.shape(), l.shape());
        prop_assert_eq!(&algebra::make_layout_like(&r), &r, "not idempotent");
        let (src, dst) = (flat(&l), flat(&r));
        let live: Vec<usize> = (0..src.len()).filter(|&k| src[k].1 != 0 && src[k].0 != 1).collect();
        for (k, d) in dst.iter().enumerate() {
            if !live.contains(&k) {
                prop_assert_eq!(d.1, 0, "{} -> {}", l, r);
            }
        }
        let mut keys: Vec<i64> = live.iter().map(|&k| src[k].1).collect();
        keys.sort();
        keys.dedup();
        let mut start = 1i64;
        for key in keys {
            let group: Vec<usize> = live.iter().copied().filter(|&k| src[k].1 == key).collect();
            for &k in &group {
                prop_assert_eq!(dst[k].1, start, "{} -> {}", l, r);
            }
            start *= group.iter().map(|&k| src[k].0).product::<i64>();
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The type-level engine against the runtime engine

/// A static layout's type-level result next to the runtime engine's on `to_dyn()`, printed
/// alike (marks included); the static result is also the one named by its type.
macro_rules! both_static {
    ($op:ident, $try_op:ident, $($l:tt)*) => {{
        let a = layout!($($l)*);
        same_print((a.$op(), algebra::$try_op(&a.to_dyn())));
    }};
}

#[test]
fn coalesce_z_static_matches_runtime() {
    both_static!(coalesce_z, try_coalesce_z, (2, 1, 6, 1):(1, 7, 8, 0));
    both_static!(coalesce_z, try_coalesce_z, (2, 1, 6, 1):(1, 7, 8, 48));
    both_static!(coalesce_z, try_coalesce_z, (1, 1):(5, 7));
    both_static!(coalesce_z, try_coalesce_z, 1:0);
    both_static!(coalesce_z, try_coalesce_z, (2, (4, 6)):(1, (2, 8)));
    both_static!(coalesce_z, try_coalesce_z, (2, 1, 3):(2, 4, 4));
    both_static!(coalesce_z, try_coalesce_z, ((2, 2), (2, 2)):((1, 4), (8, 32)));
    both_static!(coalesce_z, try_coalesce_z, (3, (4, 1)):(-1, (0, 9)));
    static_assertions::assert_type_eq_all!(
        cute_layout::ops::CoalesceZOf<Layout![(2, 1, 6, 1):(1, 7, 8, 0)]>,
        Layout![(2, 6, 1):(1, 8, 0)]
    );
    // The last path ending at an empty tuple: a 1:0 extension.
    let a: Layout<(cute_layout::typenum::U4, ()), (cute_layout::typenum::U1, ())> = Layout::new();
    same_print((a.coalesce_z(), algebra::try_coalesce_z(&a.to_dyn())));
    assert_eq!(a.coalesce_z().to_string(), "(4,1):(1,0)");
}

#[test]
fn nullspace_static_matches_runtime() {
    both_static!(nullspace, try_nullspace, (2, 4, 6):(1, 2, 0));
    both_static!(nullspace, try_nullspace, (7, 5, 9):(0, 0, 0));
    both_static!(nullspace, try_nullspace, (7, 5, 9):(2, 0, 1));
    both_static!(nullspace, try_nullspace, (4, 8):(1, 4));
    both_static!(nullspace, try_nullspace, (3, (2, 5)):(0, (7, 0)));
    both_static!(nullspace, try_nullspace, (1, 1):(0, 0));
    both_static!(nullspace, try_nullspace, ((2, 2), 3):((0, -1), 0));
    static_assertions::assert_type_eq_all!(
        cute_layout::ops::NullspaceOf<Layout![(2, 4, 6):(1, 2, 0)]>,
        Layout![6:8]
    );
}

/// Evaluates both at every index of the domain and (`ext`) past it.
fn same_values(m: &DynLayout, r: &DynLayout, ext: bool) -> Result<(), TestCaseError> {
    prop_assert_eq!(m.size(), r.size());
    let n = if ext { m.size() + 16 } else { m.size() };
    for i in 0..n {
        prop_assert_eq!(m.eval(i), r.eval(i), "{:#} vs {:#} at {}", m, r, i);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// Mixed layouts (runtime leaves in a static structure, static leaves mixed in) against the
    /// runtime engine: the same function (on the extended domain for coalesce_z).
    #[test]
    fn coalesce_z_and_nullspace_mixed_match_runtime(
        s in prop::collection::vec(prop::sample::select(vec![1i64, 2, 3, 4]), 4),
        d in prop::collection::vec(-3i64..=8, 4),
    ) {
        let a = layout!(({s[0]}, ({s[1]}, 2), {s[2]}, 1, {s[3]}):({d[0]}, ({d[1]}, 0), {d[2]}, 5, {d[3]}))
            .unwrap();
        let r = a.to_dyn();
        same_values(&a.coalesce_z().into(), &algebra::coalesce_z(&r), true)?;
        same_values(&a.nullspace().into(), &algebra::nullspace(&r), false)?;
    }
}

/// `greatest_common_domain` of two static shapes (column-major layouts of them) in both
/// engines.
macro_rules! gcd_both {
    ($a:tt, $b:tt) => {{
        let (a, b) = (layout!($a:$a), layout!($b:$b));
        same_print((
            a.greatest_common_domain(&b),
            algebra::try_greatest_common_domain(a.to_dyn().shape(), b.to_dyn().shape()),
        ));
    }};
}

#[test]
fn greatest_common_domain_static_matches_runtime() {
    // PyCuTe's table (test_greatest_common_domain.py); the strides play no part, the shapes
    // serve as their own strides here.
    gcd_both!(1, 1);
    gcd_both!(10, 10);
    gcd_both!((16, 3), (16, 3));
    gcd_both!((5, 2), 10);
    gcd_both!((5, 3, 4), (10, 6));
    gcd_both!((5, 3, 3, 4), (10, 6, 3));
    gcd_both!((1, 5, 3, 3, 4), (10, 6, 3));
    gcd_both!((5, 3, 3, 4), (10, 6, 1, 3));
    gcd_both!((2, 21), (3, 14));
    gcd_both!((6, 35), (15, 14));
    gcd_both!((16, 64), (4, 16, 16));
    gcd_both!((5, 3), (3, 5));
    gcd_both!((5, 5, 3), (5, 3, 5));
    gcd_both!((7, 2, 3, 2, 2, 3), (504));
    gcd_both!((7, 2, 3, 2, 2, 3, 2), (7, 3, 2, 2, 3, 2, 2));
    gcd_both!((7, 2, 2, 2, 2, 3, 5), (7, 3, 2, 2, 2, 2, 5));
    gcd_both!((2, (3, 4)), (6, 4));
    gcd_both!((12, (9, 4)), (6, 18, 2, 2));
    static_assertions::assert_type_eq_all!(
        cute_layout::ops::GreatestCommonDomainOf<Layout![(6, 35):(1, 6)], Layout![(15, 14):(1, 15)]>,
        Layout![(3, 7):(1, 30)]
    );
    // A runtime-structured argument goes to the runtime engine.
    let g = layout!((5, 3, 4):(1, 5, 15)).greatest_common_domain(&dl("(10,6):(1,10)"));
    assert_eq!(g, dl("(5,2):(1,30)"));
}

macro_rules! add_both {
    ([$($a:tt)*], [$($b:tt)*]) => {{
        let (a, b) = (layout!($($a)*), layout!($($b)*));
        same_print((a.layout_add(&b), algebra::try_layout_add(&a.to_dyn(), &b.to_dyn())));
        same_print((b.layout_add(&a), algebra::try_layout_add(&b.to_dyn(), &a.to_dyn())));
    }};
}

#[test]
fn layout_add_static_matches_runtime() {
    add_both!([12:1], [12:1]);
    add_both!([5:0], [5:1]);
    add_both!([(4, 3):(1, 4)], [(4, 3):(3, 1)]);
    add_both!([(4, 3):(1, 4)], [(4, 3):(1, 4)]);
    add_both!([(5, 3, 4):(1, 5, 15)], [(10, 6):(1, 10)]);
    add_both!([(6):(1)], [(3, 2):(2, 1)]);
    add_both!([12:2], [(4, 3):(3, 1)]);
    add_both!([(2, (3, 4)):(12, (4, 1))], [(6, 4):(4, 1)]);
    add_both!([(4, 3):(1, 0)], [(4, 3):(3, 1)]);
    add_both!([1:5], [1:7]);
    add_both!([(2, 1, 6):(-3, 9, 4)], [(4, 3):(0, -2)]);
    add_both!([((2, 2), 3):((2, 1), 4)], [(2, 6):(1, 2)]);
    static_assertions::assert_type_eq_all!(
        cute_layout::ops::LayoutAddOf<Layout![(4, 3):(1, 4)], Layout![(4, 3):(3, 1)]>,
        Layout![(4, 3):(4, 5)]
    );
    // A runtime-structured argument goes to the runtime engine, refusals included.
    let e = layout!((5, 3):(3, 1))
        .try_layout_add(&dl("(3,5):(5,1)"))
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NoCommonDomain);
    assert_eq!(
        dl("12:1").layout_add(&layout!((4, 3):(3, 1))),
        dl("(4,3):(4,5)")
    );
}

#[test]
fn refinement_coarsening_static_and_mixed_match_runtime() {
    use cute_layout::ops::{
        CommonCoarsening, CommonCoarseningOf, CommonRefinement, CommonRefinementOf,
    };
    use cute_layout::typenum::{U15, U2, U20, U3, U30, U4, U5, U6};
    use cute_layout::IntTuple;
    static_assertions::assert_type_eq_all!(CommonRefinementOf<U30, (U2, U15)>, (U2, U15));
    static_assertions::assert_type_eq_all!(
        CommonRefinementOf<((U2, U3), U20), (U6, (U4, U5))>,
        ((U2, U3), (U4, U5))
    );
    static_assertions::assert_type_eq_all!(CommonCoarseningOf<(U2, U15), (U2, (U3, U5))>, (U2, U15));
    static_assertions::assert_type_eq_all!(CommonCoarseningOf<(U6, U5), (U2, U15)>, U30);
    static_assertions::assert_type_eq_all!(CommonCoarseningOf<(U2, U3), (U2, U3, cute_layout::typenum::U1)>, U6);
    let dynr = |a: &DynTuple, b: &DynTuple| try_common_refinement(a, b);
    // Static: printed alike, marks included.
    let (a, b) = (
        ((U2::new(), U3::new()), U20::new()),
        (U6::new(), (U4::new(), U5::new())),
    );
    let r = a.common_refinement(&b);
    assert_eq!(
        format!("{:#}", r.to_dyn()),
        format!("{:#}", dynr(&a.to_dyn(), &b.to_dyn()).unwrap())
    );
    let c = (U4::new(), (U3::new(), U5::new()))
        .common_coarsening(&((U2::new(), U2::new()), U15::new()));
    assert_eq!(
        format!("{:#}", c.to_dyn()),
        format!(
            "{:#}",
            try_common_coarsening(&t("(_4,(_3,_5))"), &t("((_2,_2),_15)")).unwrap()
        )
    );
    // Mixed: the structure from the types, the values checked at run time.
    for (x, y, z) in [
        (2i64, 15i64, 3i64),
        (2, 14, 3),
        (3, 15, 3),
        (2, 15, 5),
        (30, 1, 1),
    ] {
        let a = (U2::new(), x * y);
        let b = (x, (z, U5::new()));
        let (m, r) = (a.try_common_refinement(&b), dynr(&a.to_dyn(), &b.to_dyn()));
        match (m, r) {
            (Ok(m), Ok(r)) => assert_eq!(m.to_dyn(), r),
            (Err(m), Err(r)) => assert_eq!(
                (m.kind(), r.kind()),
                (r.kind(), ErrorKind::NoCommonRefinement)
            ),
            (m, r) => panic!("{a:?} {b:?}: {m:?} vs {r:?}"),
        }
    }
}

#[test]
fn tiler_to_layout_static_and_mixed_match_runtime() {
    use cute_layout::ops::TilerToLayout;
    use cute_layout::typenum::{U3, U4, U5};
    let check = |stat: String, rt: &str| {
        let t: DynTiler = rt.parse().unwrap();
        assert_eq!(
            stat,
            format!("{:#}", try_tiler_to_layout(&t).unwrap()),
            "{rt}"
        );
    };
    check(format!("{:#}", U3::new().tiler_to_layout()), "_3");
    check(
        format!("{:#}", (U4::new(), U5::new()).tiler_to_layout()),
        "(_4,_5)",
    );
    check(
        format!("{:#}", (layout!(4:2), layout!(5:3)).tiler_to_layout()),
        "<_4:_2,_5:_3>",
    );
    check(
        format!(
            "{:#}",
            (layout!((2, 2):(1, 4)), (layout!(3:1), layout!(5:2))).tiler_to_layout()
        ),
        "<(_2,_2):(_1,_4),<_3:_1,_5:_2>>",
    );
    check(
        format!("{:#}", layout!((7, 2):(3, 1)).tiler_to_layout()),
        "(_7,_2):(_3,_1)",
    );
    // Mixed: runtime leaves keep their marks.
    let m = (layout!({4}:2).unwrap(), 5i64).tiler_to_layout();
    check(format!("{m:#}"), "<4:_2,5:1>");
    assert_eq!(m.to_string(), "(4,5):(2@0,1@1)");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// Mixed shapes: the structure from the types, the values (extreme ones included) checked
    /// at run time as the runtime engine checks them.
    #[test]
    fn common_refinement_mixed_matches_runtime(
        x in 1i64..=6, y in 1i64..=20, z in 1i64..=6, w in 1i64..=8, big in 0u32..=3,
    ) {
        use cute_layout::ops::CommonRefinement;
        use cute_layout::typenum::{U2, U5};
        use cute_layout::IntTuple;
        let y = y << (20 * big).min(61);
        let checks = [
            ((U2::new(), x.saturating_mul(y)).to_dyn(), (x, (z, U5::new())).to_dyn(),
             (U2::new(), x.saturating_mul(y)).try_common_refinement(&(x, (z, U5::new())))
                 .map(|r| r.to_dyn())),
            (x.to_dyn(), (w, (z, y)).to_dyn(),
             x.try_common_refinement(&(w, (z, y))).map(|r| r.to_dyn())),
            ((w, (U2::new(), y)).to_dyn(), (w, z).to_dyn(),
             (w, (U2::new(), y)).try_common_refinement(&(w, z)).map(|r| r.to_dyn())),
        ];
        for (a, b, m) in checks {
            match (m, try_common_refinement(&a, &b)) {
                (Ok(m), Ok(r)) => prop_assert_eq!(m, r),
                (Err(m), Err(r)) => prop_assert_eq!(m.kind(), r.kind()),
                (m, r) => prop_assert!(false, "{} {}: {:?} vs {:?}", a, b, m, r),
            }
        }
    }
}

/// `make_layout_like` of a static layout in both engines, printed alike (marks included).
macro_rules! like_both {
    ($($l:tt)*) => {{
        use cute_layout::tensor::MakeLayoutLike;
        let a = layout!($($l)*);
        same_print((a.make_layout_like().unwrap(), algebra::try_make_layout_like(&a.to_dyn())));
    }};
}

#[test]
fn make_layout_like_static_and_mixed_match_runtime() {
    like_both!((2, 2, 2, 2):(0, 2, 4, 1));
    like_both!((2, 3, 4, 5):(0, 42, 1, 0));
    like_both!((4, 8):(100, 1));
    like_both!((1, 4):(7, 2));
    like_both!((4, 2):(1, 1));
    like_both!(((2, 2), (2, 2)):((1, 4), (8, 32)));
    like_both!((2, (3, 4)):(50, (1, 8)));
    like_both!((8, 4, 6):(1, 0, -2));
    // Through the trait on a DynLayout.
    use cute_layout::tensor::MakeLayoutLike;
    assert_eq!(
        dl("(4,8):(100,1)").make_layout_like().unwrap(),
        dl("(4,8):(1,4)")
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// Mixed layouts: runtime strides order after the static ones, in both engines alike.
    #[test]
    fn make_layout_like_mixed_matches_runtime(
        s in prop::collection::vec(prop::sample::select(vec![1i64, 2, 3, 4]), 3),
        d in prop::collection::vec(-3i64..=8, 3),
    ) {
        use cute_layout::tensor::MakeLayoutLike;
        let a = layout!(({s[0]}, (2, {s[1]}), 1, {s[2]}):({d[0]}, (0, {d[1]}), 5, 3)).unwrap();
        let m: DynLayout = a.make_layout_like().unwrap().into();
        let r = algebra::try_make_layout_like(&a.to_dyn()).unwrap();
        prop_assert_eq!(m.shape(), r.shape());
        same_values(&m, &r, false)?;
    }
}
