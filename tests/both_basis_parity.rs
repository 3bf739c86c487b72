//! Operations on basis-strided layouts that NVIDIA's new reference PyCuTe
//! (github.com/NVlabs/CuTe, `pycute/*.py`, `test/test_*.py`) answers and this crate refused, in
//! both engines. Worked examples come from PyCuTe's tests (named at each case; those tests
//! check postconditions, so the exact values here are worked by hand from PyCuTe's definitions,
//! as the comments show); property tests check the postconditions on random layouts by brute
//! force, with an evaluator of coordinates written here.

use cute_layout::algebra::basis as alg;
use cute_layout::basis::arithmetic_eq;
use cute_layout::ops::LeftInverse;
use cute_layout::{layout, DynBasisLayout, DynBasisTuple, DynLayout, DynTuple, ErrorKind};
use proptest::prelude::*;

fn b(s: &str) -> DynBasisLayout {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}
fn l(s: &str) -> DynLayout {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// The flat `(shape, stride value, path)` leaves of a basis layout.
fn leaves(a: &DynBasisLayout) -> Vec<(i64, i64, Vec<usize>)> {
    a.flat_modes()
        .into_iter()
        .map(|(s, d)| (s, d.value.value, d.modes))
        .collect()
}

/// `i` with the digits of its zero-stride modes set to 0: what a left inverse can recover.
fn live_index(a: &DynBasisLayout, i: i64) -> i64 {
    let (mut rest, mut prefix, mut out) = (i, 1, 0);
    for (s, v, _) in leaves(a) {
        let digit = rest % s;
        rest /= s;
        if v != 0 {
            out += digit * prefix;
        }
        prefix *= s;
    }
    out
}

// ---------------------------------------------------------------------------------------------
// left_inverse

/// PyCuTe test_inverse_left.py, `test_left_inverse_coord`: every case, in its postcondition
/// form (`weakly_congruent(coprofile(L), shape(R))` and `R(L(i)) = i`), plus the values the
/// construction gives (each component read as mixed-radix digits of its strides in increasing
/// order, a gap between strides becoming an extent of stride 0 below the first).
#[test]
fn left_inverse_pycute_coordinate_cases() {
    let cases = [
        "(4,5):(1@0,1@1)",
        "(4,5):(1@1,1@0)",
        "(4,5):(1@1,1@1@4)", // E(1), E(4,1)
        "(4,5):(2@0,2@1)",
        "(3,(2,2)):(34@0,(2@0,2@1))",
        // SM70 MMA 8x8x4 C TV inverse, three variants.
        "((2,2,2),(2,2,2)):((1@0,2@1,4@0),(1@1,2@0,4@1))",
        "((2,2,2),(2,2,2)):((1@0,2@1,6@0),(1@1,2@0,6@1))",
        "((2,2,2),(2,2,2)):((1@0,2@1,6@0),(1@1,2@0,4@1))",
    ];
    for c in cases {
        let a = b(c);
        let r = alg::try_left_inverse(&a).unwrap_or_else(|e| panic!("{c}: {e}"));
        assert!(a.codomain().weakly_congruent(r.shape()), "{c} -> {r}");
        for i in 0..a.size() {
            assert_eq!(
                r.try_eval(&a.eval(i)).unwrap(),
                live_index(&a, i),
                "{c} -> {r} at {i}"
            );
        }
    }
    // Worked: (i, j) ↦ (j, i), so coordinate (c0, c1) is index c1 + 4·c0.
    assert_eq!(alg::left_inverse(&b("(4,5):(1@1,1@0)")), l("(5,4):(4,1)"));
    // Worked: along e0 the strides 2 (index stride 3) and 34 (index stride 1): digits
    // (x mod 2 : 0, ⌊x/2⌋ mod 17 : 3, ⌊x/34⌋ : 1); along e1 stride 2 (index stride 6).
    assert_eq!(
        alg::left_inverse(&b("(3,(2,2)):(34@0,(2@0,2@1))")),
        l("((2,17,3),(2,2)):((0,3,1),(0,6))")
    );
    // Worked: 2@0, 2@1 leave the odd entries unread.
    assert_eq!(
        alg::left_inverse(&b("(4,5):(2@0,2@1)")),
        l("((2,4),(2,5)):((0,1),(0,4))")
    );
}

/// PyCuTe test_inverse_left.py: the SM70 8x8x4 A and SM80 16x8 TV inverses, whose layouts are
/// compositions of the identity of the tile with the TV layout (`tiler_to_layout((8,4))` is
/// the identity `(8,4):(1@0,1@1)`).
#[test]
fn left_inverse_of_tv_layouts_as_coordinates() {
    for (tile, tv) in [
        ("(8,4):(1@0,1@1)", "((4,2),4):((8,4),1)"),
        ("(16,8):(1@0,1@1)", "((4,8),(2,2)):((32,1),(16,8))"),
    ] {
        let a = alg::composition(&b(tile), &l(tv));
        let r = alg::left_inverse(&a);
        for i in 0..a.size() {
            assert_eq!(r.try_eval(&a.eval(i)).unwrap(), i, "{a} -> {r}");
        }
    }
}

#[test]
fn left_inverse_type_level_agrees() {
    use cute_layout::ops::LeftInverseOf;
    use cute_layout::Layout;
    static_assertions::assert_type_eq_all!(
        LeftInverseOf<Layout![(4,5):(1@1,1@0)]>,
        Layout![(5,4):(4,1)]
    );
    static_assertions::assert_type_eq_all!(
        LeftInverseOf<Layout![(4,5):(2@0,2@1)]>,
        Layout![((2,4),(2,5)):((0,1),(0,4))]
    );
    macro_rules! same {
        ($($l:tt)*) => {{
            let s = layout!($($l)*);
            let r = s.left_inverse();
            let d = alg::left_inverse(&cute_layout::BasisLayout::to_dyn(&s));
            assert_eq!(r.to_string(), d.to_string(), "{s}");
        }};
    }
    same!((4,5):(1@0,1@1));
    same!((4,5):(1@1,1@1@4));
    same!((3,(2,2)):(34@0,(2@0,2@1)));
    same!(((2,2,2),(2,2,2)):((1@0,2@1,4@0),(1@1,2@0,4@1)));
    same!(((2,2,2),(2,2,2)):((1@0,2@1,6@0),(1@1,2@0,4@1)));
    same!((4,(2,3)):(0,(1@1,2@1)));
    same!(8:3@2);
}

/// The refusals name the component: overlapping modes along one basis (no `R` can have
/// `R(L(0,1)) = 1` and `R(L(1,0)) = 2` at the same coordinate).
#[test]
fn left_inverse_refusals_name_the_component() {
    let e = alg::try_left_inverse(&b("(2,(2,3)):(1@1,(1@0,1@0))")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NoLayout);
    assert!(e.to_string().contains("along 1@0"), "{e}");
}

/// A random basis layout: up to 4 modes (sizes 1–4), each along `e0`, `e1` or `e_{1,0}`-free
/// paths with stride values 0–6 (hierarchical shape when `nest`).
fn basis_layout() -> impl Strategy<Value = DynBasisLayout> {
    (
        prop::collection::vec((1i64..=4, 0usize..3, 0i64..=6), 1..=4),
        any::<bool>(),
    )
        .prop_map(|(modes, nest)| {
            let paths = [vec![0], vec![1], vec![2, 0]];
            let shapes: Vec<DynTuple> = modes.iter().map(|m| DynTuple::int(m.0)).collect();
            let strides: Vec<DynBasisTuple> = modes
                .iter()
                .map(|&(_, p, v)| DynBasisTuple::basis(v, paths[p].clone()))
                .collect();
            let (shape, stride) = if nest && modes.len() > 1 {
                let (s0, s1) = shapes.split_at(1);
                let (d0, d1) = strides.split_at(1);
                (
                    DynTuple::tuple([s0[0].clone(), DynTuple::tuple(s1.to_vec())]),
                    DynBasisTuple::tuple([d0[0].clone(), DynBasisTuple::tuple(d1.to_vec())]),
                )
            } else {
                (DynTuple::tuple(shapes), DynBasisTuple::tuple(strides))
            };
            DynBasisLayout::new(shape, stride).unwrap()
        })
}

/// An injective layout whose modes along each basis nest (each stride a multiple of the span
/// of the smaller ones): the mixed-radix case, which always has a left inverse.
fn chain_layout() -> impl Strategy<Value = DynBasisLayout> {
    prop::collection::vec((1i64..=4, 0usize..2, 1i64..=3), 1..=5).prop_map(|modes| {
        let mut span = [1i64, 1];
        let mut strides = Vec::new();
        for &(s, p, gap) in &modes {
            let d = span[p] * gap;
            strides.push(DynBasisTuple::basis(d, [p]));
            span[p] = d * s;
        }
        let shape = DynTuple::ints(modes.iter().map(|m| m.0));
        DynBasisLayout::new(shape, DynBasisTuple::tuple(strides)).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(256)))]

    /// Paper Eq. 26 (PyCuTe's postcondition): `R(L(i)) = i` on the digits of the non-zero
    /// modes, `R`'s shape weakly congruent with the codomain. A refusal only where two indices
    /// that differ in those digits reach one coordinate (brute force), or where a component
    /// has no left inverse layout (the integer engine's exact search, `NoLayout`).
    #[test]
    fn left_inverse_eq_26(a in basis_layout()) {
        let image: Vec<DynTuple> = (0..a.size()).map(|i| a.eval(i)).collect();
        let injective = (0..a.size()).all(|i| (0..i).all(|j| {
            live_index(&a, i) == live_index(&a, j) || !arithmetic_eq(&image[i as usize], &image[j as usize])
        }));
        match alg::try_left_inverse(&a) {
            Ok(r) => {
                prop_assert!(injective, "{} has no left inverse, yet {}", a, r);
                prop_assert!(a.codomain().weakly_congruent(r.shape()), "{} -> {}", a, r);
                for i in 0..a.size() {
                    prop_assert_eq!(r.try_eval(&image[i as usize]).unwrap(), live_index(&a, i), "{} -> {} at {}", a, r, i);
                }
            }
            Err(e) => prop_assert!(!injective || e.kind() == ErrorKind::NoLayout, "{}: {}", a, e),
        }
    }

    /// Layouts whose components are nested chains always have one (PyCuTe's precondition).
    #[test]
    fn left_inverse_of_chains(a in chain_layout()) {
        let r = alg::try_left_inverse(&a).unwrap();
        prop_assert_eq!(a.left_inverse(), r.clone());
        for i in 0..a.size() {
            prop_assert_eq!(r.try_eval(&a.eval(i)).unwrap(), i);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// logical_product of a basis-strided A

/// PyCuTe `Layout._logical_product`: `make_layout([A, complement(A) ∘ B])`, the complement free
/// (each codomain component up to its cosize, PyCuTe `complement(A)` with no `extend`). Worked:
/// complement((4,8):(1@0,1@1)) = (1,1):(4@0,8@1) (paper Table 7's row, with Eq. 28's `8e1`),
/// coalesced to `1:8@1` whose mode extends, so `∘ (2,3):(1,2) = (2,3):(8@1,16@1)`.
#[test]
fn logical_product_worked() {
    let a = b("(4,8):(1@0,1@1)");
    assert_eq!(
        alg::logical_product(&a, &l("(2,3):(1,2)")),
        b("((4,8),(2,3)):((1@0,1@1),(8@1,16@1))")
    );
    // Blocked: ((A0, X0), (A1, X1)); raked: ((X0, A0), (X1, A1)).
    assert_eq!(
        alg::blocked_product(&a, &l("(2,3):(1,2)")),
        b("((4,2),(8,3)):((1@0,8@1),(1@1,16@1))")
    );
    assert_eq!(
        alg::raked_product(&a, &l("(2,3):(1,2)")),
        b("((2,4),(3,8)):((8@1,1@0),(16@1,1@1))")
    );
    // The zipped, tiled and flat products regroup the logical product by mode.
    let t: cute_layout::algebra::DynTiler = "<2:1,3:1>".parse().unwrap();
    // Mode 0: 4:1@0 ⊗ 2:1 = (4,2):(1@0,4@0); mode 1: 8:1@1 ⊗ 3:1 = (8,3):(1@1,8@1).
    assert_eq!(
        alg::logical_product(&a, &t),
        b("((4,2),(8,3)):((1@0,4@0),(1@1,8@1))")
    );
    assert_eq!(
        alg::zipped_product(&a, &t),
        b("((4,8),(2,3)):((1@0,1@1),(4@0,8@1))")
    );
    assert_eq!(
        alg::tiled_product(&a, &t),
        b("((4,8),2,3):((1@0,1@1),4@0,8@1)")
    );
    assert_eq!(alg::flat_product(&a, &t), b("(4,8,2,3):(1@0,1@1,4@0,8@1)"));
    // `_` keeps its mode (CuTe: logical_product(A, _) = A).
    let t: cute_layout::algebra::DynTiler = "<_,3:1>".parse().unwrap();
    assert_eq!(alg::logical_product(&a, &t), b("(4,(8,3)):(1@0,(1@1,8@1))"));
    // A non-injective A has no complement, so no product.
    assert_eq!(
        alg::try_logical_product(&b("(2,2):(1@0,1@0)"), &l("2:1"))
            .unwrap_err()
            .kind(),
        ErrorKind::NotInjective
    );
}

/// The type-level engine gives the runtime engine's products (the static basis layouts of the
/// worked examples, and PyCuTe test_logical_product.py's coordinate case).
#[test]
fn logical_product_type_level_agrees() {
    use cute_layout::BasisLayout;
    static_assertions::assert_type_eq_all!(
        cute_layout::ops::LogicalProductOf<
            cute_layout::Layout![(2,3):(1@0,1@1)],
            cute_layout::Layout![2:1],
        >,
        cute_layout::Layout![((2,3),2):((1@0,1@1),3@1)]
    );
    let a = layout!((4,8):(1@0,1@1));
    let d = a.to_dyn();
    let b2 = layout!((2,3):(1,2));
    assert_eq!(
        a.logical_product(b2).to_string(),
        alg::logical_product(&d, &l("(2,3):(1,2)")).to_string()
    );
    let t = (layout!(2:1), layout!(3:1));
    let dt: cute_layout::algebra::DynTiler = "<2:1,3:1>".parse().unwrap();
    assert_eq!(
        a.logical_product(t).to_string(),
        alg::logical_product(&d, &dt).to_string()
    );
    assert_eq!(
        a.zipped_product(t).to_string(),
        alg::zipped_product(&d, &dt).to_string()
    );
    assert_eq!(
        a.tiled_product(t).to_string(),
        alg::tiled_product(&d, &dt).to_string()
    );
    assert_eq!(
        a.flat_product(t).to_string(),
        alg::flat_product(&d, &dt).to_string()
    );
    // A mixed layout: runtime values, checked at run time; the types keep a mode of runtime
    // size 1, so the result is the runtime engine's as a function.
    let m = layout!((4,{8}):(1@0,1@1)).unwrap();
    let r = m.try_logical_product(layout!(2:1)).unwrap().to_dyn();
    assert!(same_function(
        &r,
        &alg::logical_product(&m.to_dyn(), &l("2:1"))
    ));
}

/// Whether the values `v_j` (`j < n`) are those of some layout of size `n` whose strides are
/// single scaled bases (this crate's strides): for some ordered factorization
/// `n = f_1·…·f_k`, `v_j = Σ_t digit_t(j)·w_t` with each `w_t` non-zero in at most one entry
/// (brute force over factorizations).
fn is_layout_function(v: &[DynTuple]) -> bool {
    fn go(v: &[DynTuple], prefix: usize, n: usize) -> bool {
        if prefix == n {
            return true;
        }
        (2..=n / prefix).filter(|f| (n / prefix) % f == 0).any(|f| {
            // Digit at radix f with weight v[prefix]: v[j] = v[j mod prefix] + digit·w.
            let w = &v[prefix];
            let single = w.leaves().filter(|&x| x != 0).count() <= 1;
            let ok = single
                && (0..n.min(prefix * f)).all(|j| {
                    let (lo, d) = (j % prefix, (j / prefix) as i64);
                    let scaled = scale(w, d);
                    arithmetic_eq(
                        &v[j],
                        &cute_layout::basis::arithmetic_add(&v[lo], &scaled).unwrap(),
                    )
                });
            ok && go(v, prefix * f, n)
        })
    }
    fn scale(t: &DynTuple, k: i64) -> DynTuple {
        match t {
            DynTuple::Int(x) => DynTuple::int(x.value * k),
            DynTuple::Tuple(xs) => DynTuple::tuple(xs.iter().map(|x| scale(x, k))),
        }
    }
    v.len() <= 1 || go(v, 1, v.len())
}

fn int_tiler() -> impl Strategy<Value = DynLayout> {
    prop::collection::vec((1i64..=4, 0i64..=6), 1..=2).prop_map(|modes| {
        let shape = DynTuple::ints(modes.iter().map(|m| m.0));
        let stride = DynTuple::ints(modes.iter().map(|m| m.1));
        DynLayout::new(shape, stride).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(256)))]

    /// Paper §3.5.1 (PyCuTe's postconditions): `rank(R) = 2`, `R[0] = A`, `B ≼ R[1]` and
    /// `R[1](j) = A*(B(j))` with `A* = complement(A)` on its extended domain; for injective `A`
    /// and `B`, `R` is injective (the copies of `A` are disjoint, Eq. 28). Refusals: no
    /// complement (`A` not injective, brute force, or its modes interleave), or (rank-1 `B`) no
    /// layout takes `j` to `A*(B(j))` (brute force over factorizations).
    #[test]
    fn logical_product_postconditions(a in basis_layout(), bl in int_tiler()) {
        let image: Vec<DynTuple> = (0..a.size()).map(|i| a.eval(i)).collect();
        let a_injective = (0..image.len()).all(|i| (0..i).all(|j| !arithmetic_eq(&image[i], &image[j])));
        match alg::try_logical_product(&a, &bl) {
            Ok(r) => {
                prop_assert_eq!(r.rank(), 2);
                prop_assert_eq!(r.mode(0).unwrap(), a.clone());
                let (r1, c) = (r.mode(1).unwrap(), alg::complement_full(&a));
                prop_assert!(bl.shape().compatible(r1.shape()), "{} ⊗ {} = {}", a, bl, r);
                for j in 0..bl.size() {
                    let want = c.eval(bl.eval(j));
                    prop_assert!(arithmetic_eq(&r1.eval(j), &want), "{} ⊗ {} = {} at {}", a, bl, r, j);
                }
                let b_injective = (0..bl.size()).all(|i| (0..i).all(|j| bl.eval(i) != bl.eval(j)));
                if a_injective && b_injective {
                    let all: Vec<DynTuple> = (0..r.size()).map(|k| r.eval(k)).collect();
                    for i in 0..all.len() {
                        for j in 0..i {
                            prop_assert!(!arithmetic_eq(&all[i], &all[j]), "{} ⊗ {} = {} not injective", a, bl, r);
                        }
                    }
                }
            }
            Err(e) => match alg::try_complement_full(&a) {
                // No complement: A not injective (NotInjective) or its modes interleave.
                Err(ce) => {
                    prop_assert_eq!(ce.kind(), e.kind());
                    prop_assert!(!a_injective || e.kind() == ErrorKind::ModesInterleave, "{}: {}", a, e);
                }
                Ok(c) if bl.rank() == 1 => {
                    let v: Vec<DynTuple> = (0..bl.size()).map(|j| c.eval(bl.eval(j))).collect();
                    prop_assert!(!is_layout_function(&v), "{} ⊗ {} refused ({}), yet {:?} is a layout", a, bl, e, v);
                }
                Ok(_) => {}
            },
        }
    }
}

// ---------------------------------------------------------------------------------------------
// NVIDIA's PyCuTe answers (tests/data/pycute_nv.txt, made by tests/data/gen_pycute_nv.py)

/// PyCuTe's answer to `op(a, b)` in tests/data/pycute_nv.txt, the operands given as Rust
/// tokens (`stringify!`, whose spaces are dropped), if the data has the case.
fn pycute_answer(op: &str, a: &str, b: &str) -> Option<&'static str> {
    let (a, b): (String, String) = (
        a.chars().filter(|c| !c.is_whitespace()).collect(),
        b.chars().filter(|c| !c.is_whitespace()).collect(),
    );
    include_str!("data/pycute_nv.txt").lines().find_map(|line| {
        let f: Vec<&str> = line.split(';').collect();
        (f.len() == 5 && f[1] == op && f[2] == a && f[3] == b && !f[4].starts_with(['!', '~']))
            .then(|| f[4])
    })
}

/// A layout of either kind from the data file's text.
fn any_layout(s: &str) -> DynBasisLayout {
    if s.contains('@') {
        b(s)
    } else {
        DynBasisLayout::from(l(s))
    }
}

/// `r` and `want` are the same function: the same size, the same top-level mode sizes, and
/// the same value at every integral coordinate.
fn same_function(r: &DynBasisLayout, want: &DynBasisLayout) -> bool {
    let sizes = |x: &DynBasisLayout| x.modes().map(|m| m.size()).collect::<Vec<_>>();
    r.size() == want.size()
        && sizes(r) == sizes(want)
        && (0..r.size()).all(|i| arithmetic_eq(&r.eval(i), &want.eval(i)))
}

/// Every case of PyCuTe's data where `A` has basis strides and the operation is one that
/// the crate once refused (left inverse, the products): the crate's answer is PyCuTe's function.
#[test]
fn pycute_answers_on_basis_strided_layouts() {
    let data = include_str!("data/pycute_nv.txt");
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split(';').collect();
        let (op, args, answer) = (f[1], &f[2..f.len() - 1], f[f.len() - 1]);
        if !args[0].contains('@') || answer.starts_with('!') || answer.starts_with('~') {
            continue;
        }
        let a = b(args[0]);
        let r: DynBasisLayout = match op {
            "left_inverse" => DynBasisLayout::from(alg::left_inverse(&a)),
            "logical_product" => alg::logical_product(&a, &l(args[1])),
            "zipped_product" => alg::zipped_product(&a, &l(args[1])),
            "tiled_product" => alg::tiled_product(&a, &l(args[1])),
            "flat_product" => alg::flat_product(&a, &l(args[1])),
            "blocked_product" => alg::blocked_product(&a, &l(args[1])),
            "raked_product" => alg::raked_product(&a, &l(args[1])),
            _ => continue,
        };
        assert!(
            same_function(&r, &any_layout(answer)),
            "{line}: the crate gives {r}"
        );
        checked += 1;
    }
    assert!(checked >= 14, "{checked} cases");
}

// ---------------------------------------------------------------------------------------------
// A basis-strided B: composition and the divides

/// `A` evaluated at the coordinate `c` (an arithmetic tuple), as CuTe's inner product: an
/// integer entry is an index of the (sub)layout it meets (its last mode extending), a tuple
/// entry goes mode by mode (a mode of shape `s` is its own mode 0), entries `A` lacks must be 0.
fn eval_at(a: &DynBasisLayout, c: &DynTuple) -> Option<DynTuple> {
    match c {
        DynTuple::Int(x) => a.try_eval(&DynTuple::int(x.value)).ok(),
        DynTuple::Tuple(cs) => {
            let mut acc = DynTuple::int(0);
            for (i, ci) in cs.iter().enumerate() {
                if ci.leaves().all(|v| v == 0) {
                    continue;
                }
                let m = if a.shape().is_int() {
                    (i == 0).then(|| a.clone())?
                } else {
                    a.mode(i).ok()?
                };
                acc = cute_layout::basis::arithmetic_add(&acc, &eval_at(&m, ci)?).ok()?;
            }
            Some(acc)
        }
    }
}

/// PyCuTe test_composition.py, `test_composition_coords` "RHS Coords" (the cases whose strides
/// this crate writes), with PyCuTe's answers (tests/data/pycute_nv.txt), and the postcondition.
#[test]
fn composition_with_basis_strided_b_pycute_cases() {
    let cases = [
        ("(4,4):(4,1)", "(4,4):(1@0,1@1)", "(4,4):(4,1)"),
        ("(4,4):(4,1)", "(4,4):(1@1,1@0)", "(4,4):(1,4)"),
        ("(4,5):(5,1)", "30:1@0", "30:5"),
        ("(4,5):(5,1)", "12:1@1", "12:1"),
        ("(4,(4,3),1):(3,(12,1),0)", "12:1@1", "(4,3):(12,1)"),
        ("(4,(4,3),1):(3,(12,1),0)", "12:1@0@1", "12:12"),
        ("(4,(2,3)):(6,(3,1))", "(2,4):(1@1@1,1@0)", "(2,4):(1,6)"),
        (
            "(4,6,8):(1,4,24)",
            "(2,2,2):(1@0,1@1,1@2)",
            "(2,2,2):(1,4,24)",
        ),
        (
            "(4,6,8):(1,4,24)",
            "(2,2,2):(1@2,1@0,1@1)",
            "(2,2,2):(24,1,4)",
        ),
        (
            "(4,6,8):(1@0,1@1,1@2)",
            "(2,2,2):(1@0,1@1,1@2)",
            "(2,2,2):(1@0,1@1,1@2)",
        ),
        ("(3,5,7,11):(1@0,1@1,1@2,1@3)", "3:4@2", "3:4@2"),
    ];
    for (a, bb, want) in cases {
        let (a, bb) = (any_layout(a), b(bb));
        let r = alg::composition(&a, &bb);
        assert_eq!(r, any_layout(want), "{a} ∘ {bb}");
        for i in 0..bb.size() {
            assert!(arithmetic_eq(
                &r.eval(i),
                &eval_at(&a, &bb.eval(i)).unwrap()
            ));
        }
        // The integer engine takes a basis-strided B too.
        if let Ok(ai) = a.to_dyn_layout() {
            assert_eq!(
                cute_layout::algebra::composition(&ai, &bb).to_string(),
                want
            );
        }
    }
    // A coordinate entry A does not have: no coordinate of A has it.
    let e = cute_layout::algebra::try_composition(&l("(4,5):(1,4)"), &b("2:1@2")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::RankMismatch);
    // The example: B maps i to the coordinate (i, 0) of A.
    assert_eq!(
        cute_layout::algebra::composition(&l("(4,5):(1,4)"), &b("(2):(1@0)")),
        l("(2):(1)")
    );
}

/// Every case of PyCuTe's data whose B (or tiler) has basis strides: composition and the
/// divides give PyCuTe's function.
#[test]
fn pycute_answers_with_basis_strided_tilers() {
    let data = include_str!("data/pycute_nv.txt");
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split(';').collect();
        let (op, args, answer) = (f[1], &f[2..f.len() - 1], f[f.len() - 1]);
        if args.len() < 2 || !args[1].contains('@') || answer.starts_with(['!', '~']) {
            continue;
        }
        let t: cute_layout::algebra::DynTiler = args[1].parse().unwrap();
        let a = any_layout(args[0]);
        let r = match op {
            "composition" => alg::try_composition(&a, &t),
            "logical_divide" => alg::try_logical_divide(&a, &t),
            "zipped_divide" => alg::try_zipped_divide(&a, &t),
            "tiled_divide" => alg::try_tiled_divide(&a, &t),
            "flat_divide" => alg::try_flat_divide(&a, &t),
            _ => continue,
        };
        let r = r.unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(
            same_function(&r, &any_layout(answer)),
            "{line}: the crate gives {r}"
        );
        checked += 1;
    }
    assert!(checked >= 40, "{checked} cases");
}

/// A random integer layout `A` of rank 1–3 whose modes are leaves or pairs (sizes 1–4, strides
/// 0–9), as a basis layout with integer strides or with each leaf along its own coordinate.
fn nested_layout() -> impl Strategy<Value = DynBasisLayout> {
    (
        prop::collection::vec(prop::collection::vec((1i64..=4, 0i64..=9), 1..=2), 1..=3),
        any::<bool>(),
    )
        .prop_map(|(modes, coords)| {
            let (mut ss, mut ds) = (Vec::new(), Vec::new());
            for (i, m) in modes.iter().enumerate() {
                let leaf = |j: usize, &(s, d): &(i64, i64)| {
                    let stride = if coords {
                        DynBasisTuple::basis(d, if m.len() == 1 { vec![i] } else { vec![i, j] })
                    } else {
                        DynBasisTuple::int(d)
                    };
                    (DynTuple::int(s), stride)
                };
                if m.len() == 1 {
                    let (s, d) = leaf(0, &m[0]);
                    ss.push(s);
                    ds.push(d);
                } else {
                    let (s, d): (Vec<_>, Vec<_>) =
                        m.iter().enumerate().map(|(j, x)| leaf(j, x)).unzip();
                    ss.push(DynTuple::tuple(s));
                    ds.push(DynBasisTuple::tuple(d));
                }
            }
            DynBasisLayout::new(DynTuple::tuple(ss), DynBasisTuple::tuple(ds)).unwrap()
        })
}

/// A random basis-strided `B` of 1–3 leaves (sizes 1–4, values 0–4) along paths `[i]` or
/// `[i, j]` with `i, j < 3` (some of which the `A` it meets lacks).
fn basis_tiler() -> impl Strategy<Value = DynBasisLayout> {
    prop::collection::vec(
        (1i64..=4, 0i64..=4, 0usize..3, prop::option::of(0usize..2)),
        1..=3,
    )
    .prop_filter_map("paths in one semimodule", |leaves| {
        let shape = DynTuple::ints(leaves.iter().map(|l| l.0));
        let stride = DynBasisTuple::tuple(
            leaves
                .iter()
                .map(|&(_, v, i, j)| DynBasisTuple::basis(v, std::iter::once(i).chain(j))),
        );
        DynBasisLayout::new(shape, stride).ok()
    })
}

/// Whether `A` has a mode at path `p` (a mode of shape `s` being its own mode 0).
fn has_path(a: &DynBasisLayout, p: &[usize]) -> bool {
    p.iter()
        .try_fold(a.clone(), |m, &i| {
            if m.shape().is_int() {
                (i == 0).then_some(m)
            } else {
                m.mode(i).ok()
            }
        })
        .is_some()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(256)))]

    /// Paper Eq. 16–17 with a coordinate-valued B (PyCuTe's postconditions): `B ≼ R` and
    /// `R(i) = A(B(i))`, A evaluated at the coordinate `B(i)`. Refusals: a path A lacks
    /// (`RankMismatch`), or — where each path carries one leaf of B — the values `A(B(j))` along
    /// some path are no layout's (brute force over factorizations).
    #[test]
    fn composition_with_basis_b_eq_16_17(a in nested_layout(), bb in basis_tiler()) {
        let leaves = leaves(&bb);
        match alg::try_composition(&a, &bb) {
            Ok(r) => {
                prop_assert!(bb.shape().compatible(r.shape()), "{} ∘ {} = {}", a, bb, r);
                for i in 0..bb.size() {
                    let want = eval_at(&a, &bb.eval(i)).unwrap();
                    prop_assert!(arithmetic_eq(&r.eval(i), &want), "{} ∘ {} = {} at {}", a, bb, r, i);
                }
                // The integer engine gives the same for an integer A.
                if let Ok(ai) = a.to_dyn_layout() {
                    let ri = cute_layout::algebra::try_composition(&ai, &bb).unwrap();
                    prop_assert_eq!(ri.to_string(), r.to_string());
                }
            }
            Err(e) if e.kind() == ErrorKind::RankMismatch => prop_assert!(
                leaves.iter().any(|(s, v, p)| *s > 1 && *v != 0 && !has_path(&a, p)),
                "{} ∘ {}: {}", a, bb, e
            ),
            Err(e) => {
                let live: Vec<_> = leaves.iter().filter(|(s, v, _)| *s > 1 && *v != 0).collect();
                let one_per_path = live.iter().all(|x| live.iter().filter(|y| y.2 == x.2).count() == 1);
                if one_per_path {
                    let no_layout = live.iter().any(|(s, v, p)| {
                        let vals: Vec<DynTuple> = (0..*s)
                            .map(|j| {
                                let c = cute_layout::DynScaledBasis::new(v * j, p.iter().copied())
                                    .to_arithmetic_tuple()
                                    .unwrap();
                                eval_at(&a, &c).unwrap()
                            })
                            .collect();
                        !is_layout_function(&vals)
                    });
                    prop_assert!(no_layout, "{} ∘ {} refused: {}", a, bb, e);
                }
            }
        }
    }

    /// Paper §3.5.2 with a coordinate-valued tiler: the tile is `A ∘ B`, and every element of
    /// `A` is reached by the divided layout (`(B, B*)` onto A's domain, mode by mode).
    #[test]
    fn divide_by_basis_b(a in nested_layout(), bb in basis_tiler()) {
        if let Ok(r) = alg::try_logical_divide(&a, &bb) {
            let c = alg::composition(&a, &bb);
            prop_assert!(same_function(&r.mode(0).unwrap(), &c), "{} ⊘ {} = {}", a, bb, r);
            let image: Vec<DynTuple> = (0..r.size()).map(|i| r.eval(i)).collect();
            for i in 0..a.size() {
                let x = a.eval(i);
                prop_assert!(image.iter().any(|y| arithmetic_eq(y, &x)), "{} ⊘ {} = {} misses {}", a, bb, r, x);
            }
            // The regroupings are the same function.
            for g in [alg::zipped_divide(&a, &bb), alg::tiled_divide(&a, &bb), alg::flat_divide(&a, &bb)] {
                prop_assert_eq!(g.size(), r.size());
                for i in 0..r.size() {
                    prop_assert!(arithmetic_eq(&g.eval(i), &image[i as usize]));
                }
            }
        }
    }
}

/// The type-level engine composes with a basis-strided `B` as the runtime engine does (PyCuTe
/// test_composition.py's "RHS Coords" cases, static), and with tilers holding one.
#[test]
fn composition_with_basis_strided_b_type_level() {
    use cute_layout::ops::ComposeOf;
    use cute_layout::{BasisLayout, Layout};
    static_assertions::assert_type_eq_all!(
        ComposeOf<Layout![(4,4):(4,1)], Layout![(4,4):(1@1,1@0)]>,
        Layout![(4,4):(1,4)]
    );
    static_assertions::assert_type_eq_all!(
        ComposeOf<Layout![(4,5):(5,1)], Layout![30:1@0]>,
        Layout![30:5]
    );
    let mut pycute = 0;
    macro_rules! same {
        ([$($a:tt)*], [$($b:tt)*]) => {{
            let (a, bb) = (layout!($($a)*), layout!($($b)*));
            let r = a.compose(bb);
            let want = alg::composition(&any_layout(&a.to_string()), &bb.to_dyn());
            assert_eq!(r.to_string(), want.to_string(), "{a} ∘ {bb}");
            if let Some(p) = pycute_answer("composition", stringify!($($a)*), stringify!($($b)*)) {
                assert!(same_function(&any_layout(&r.to_string()), &any_layout(p)), "{a} ∘ {bb}: PyCuTe {p}");
                pycute += 1;
            }
        }};
    }
    same!([(4,5):(5,1)], [12:1@1]);
    same!([(4,(4,3),1):(3,(12,1),0)], [12:1@1]);
    same!([(4,(4,3),1):(3,(12,1),0)], [12:1@0@1]);
    same!([(4,(2,3)):(6,(3,1))], [(2,4):(1@1@1,1@0)]);
    same!([(4,6,8):(1,4,24)], [(2,2,2):(1@2,1@0,1@1)]);
    same!([(4,6,8):(1@0,1@1,1@2)], [(2,2,2):(1@0,1@1,1@2)]);
    same!([(3,5,7,11):(1@0,1@1,1@2,1@3)], [3:4@2]);
    same!([(4,4):(4,1)], [(4,4):(1@0,1@1)]);
    same!([(4,4):(4,1)], [(4,4):(1@1,1@0)]);
    same!([(12,(4,8)):(59,(13,1))], [(3,8):(4@0,1@1)]);
    same!([(12,(4,8)):(59,(13,1))], [(3,8):(1@0,1@1)]);
    same!([(8,8):(1@0,1@1)], [((2,2),4):((1@0,4@0),2@1)]);
    // Leaves along one path must distribute over that mode (Eq. 23), as for integer B: here
    // (2,2):(1,4) along mode 0 of (8,8):(9,1) does.
    same!([(8,8):(9,1)], [((2,2),4):((1@0,4@0),2@1)]);
    // A by-mode tiler holding a basis-strided layout: mode 0 of A is (9,32):(1,9).
    let a = layout!(((9,32),7):((1,9),288));
    let r = a.compose((layout!((3,(2,4)):(3@0,(1@1,8@1))),));
    assert_eq!(r.to_string(), "((3,(2,4))):((3,(9,72)))");
    assert_eq!(pycute, 11, "cases found in PyCuTe's data");
    // Mixed (runtime) values: checked at run time, the same function.
    let n = 12i64;
    let m = layout!((4,(4,3),1):(3,(12,1),0));
    let bb = layout!({ n }:1@0@1).unwrap();
    let r = m.try_compose(bb).unwrap();
    assert_eq!(r.to_string(), "12:12");
    // A mixed B whose leaves along mode 0 = (2,2):(1,10) give no layout: (1,1) ↦ A_0(4) = 20,
    // but A_0(1) + A_0(3) = 12. A runtime error naming the condition, as the runtime engine's.
    let bb = layout!((2,{ 2 }):(1@0,{ 3 }@0)).unwrap();
    let a = layout!(((2,2),5):((1,10),100));
    let e = a.try_compose(bb).unwrap_err();
    let d = alg::try_composition(&any_layout(&a.to_string()), &bb.to_dyn()).unwrap_err();
    assert_eq!(e.kind(), d.kind());
}

/// The type-level divides with a basis-strided tiler give the runtime engine's layouts (the
/// PyCuTe cases of tests/data/pycute_nv.txt, static), by mode too.
#[test]
fn divides_by_basis_strided_b_type_level() {
    use cute_layout::BasisLayout;
    let mut pycute = 0;
    macro_rules! same {
        ($op:ident, [$($a:tt)*], [$($b:tt)*]) => {{
            let (a, bb) = (layout!($($a)*), layout!($($b)*));
            let r = a.$op(bb);
            let want = alg::$op(&any_layout(&a.to_string()), &bb.to_dyn());
            assert_eq!(r.to_string(), want.to_string(), "{}({a}, {bb})", stringify!($op));
            if let Some(p) = pycute_answer(stringify!($op), stringify!($($a)*), stringify!($($b)*)) {
                assert!(same_function(&any_layout(&r.to_string()), &any_layout(p)), "{}({a}, {bb}): PyCuTe {p}", stringify!($op));
                pycute += 1;
            }
        }};
    }
    same!(logical_divide, [(8,8):(9,1)], [4:1@0]);
    same!(zipped_divide, [(8,8):(9,1)], [4:1@1]);
    same!(tiled_divide, [(8,8):(9,1)], [4:2@0]);
    same!(flat_divide, [(8,8):(9,1)], [4:2@1]);
    same!(zipped_divide, [(8,8):(9,1)], [(4,4):(1@1,2@0)]);
    same!(zipped_divide, [(8,8):(9,1)], [(5,7):(3@1,2@0)]);
    same!(logical_divide, [(12,8):(1,12)], [(3,2):(4@0,1@1)]);
    same!(zipped_divide, [(32,64):(1,32)], [((2,2,2),(2,2,2)):((1@0,2@1,4@0),(1@1,2@0,4@1))]);
    same!(logical_divide, [(8,8):(1@0,1@1)], [(2,4):(1@1,2@0)]);
    same!(flat_divide, [(32,64):(64,1)], [((2,2,2),(2,2,2)):((1@0,2@1,4@0),(1@1,2@0,4@1))]);
    same!(tiled_divide, [(8,8):(9,1)], [(5,7):(3@1,2@0)]);
    same!(logical_divide, [(12,8):(1,12)], [(3,2):(1@0,1@1)]);
    assert_eq!(pycute, 10, "cases found in PyCuTe's data");
    // By mode: PyCuTe test_logical_divide.py's <(3,(2,4)):(3@0,(1@1,8@1))> on mode 0.
    let a = layout!(((9,32),7):((1,9),288));
    let r = a.logical_divide((layout!((3,(2,4)):(3@0,(1@1,8@1))),));
    assert_eq!(
        r.to_string(),
        "(((3,(2,4)),(3,4)),7):(((3,(9,72)),(1,18)),288)"
    );
    // Mixed values: checked at run time, the same function (the types keep a mode of runtime
    // size 1).
    let bb = layout!((4,{ 4 }):(1@1,2@0)).unwrap();
    let r = layout!((8,8):(9,1)).try_zipped_divide(bb).unwrap();
    assert!(same_function(
        &DynBasisLayout::from(r.to_dyn()),
        &b("((4,4),(2,2)):((1,18),(9,4))")
    ));
}

/// Mode `p` of `A` (a mode of shape `s` being its own mode 0), if `A` has one.
fn mode_at(a: &DynBasisLayout, p: &[usize]) -> Option<DynBasisLayout> {
    p.iter().try_fold(a.clone(), |m, &i| {
        if m.shape().is_int() {
            (i == 0).then_some(m)
        } else {
            m.mode(i).ok()
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(128)))]

    /// Refusals of the divides by a basis-strided B are impossibilities: the tile `A ∘ B` has no
    /// layout (checked above), B steps along a mode A lacks, or for some path `p` the leaves of
    /// B along it, `B_p`, do not divide `A_p` — the integer divide's refusal, exact by
    /// `tests/both_divide_exact.rs` — so no `(B, B*)` completes that mode.
    #[test]
    fn divide_by_basis_b_refusals(a in nested_layout(), bb in basis_tiler()) {
        if let Err(e) = alg::try_logical_divide(&a, &bb) {
            let live: Vec<_> = leaves(&bb).into_iter().filter(|(s, v, _)| *s > 1 && *v != 0).collect();
            let explained = alg::try_composition(&a, &bb).is_err()
                || live.iter().any(|(_, _, p)| mode_at(&a, p).is_none())
                || live.iter().any(|(_, _, p)| {
                    let (s, v): (Vec<i64>, Vec<i64>) =
                        live.iter().filter(|x| x.2 == *p).map(|x| (x.0, x.1)).unzip();
                    let bp = DynLayout::new(DynTuple::ints(s), DynTuple::ints(v)).unwrap();
                    alg::try_logical_divide(&mode_at(&a, p).unwrap(), &bp).is_err()
                });
            prop_assert!(explained, "{} ⊘ {} refused: {}", a, bb, e);
        }
    }

    /// Both engines on the same random values: a mixed `A` (runtime shape and strides) with a
    /// mixed basis-strided `B` (runtime sizes and stride values, static paths) goes through the
    /// type-level impls with runtime checks. Where it answers, the answer is `A ∘ B` (Eq. 17 at
    /// every index, `A` evaluated at the coordinate `B(i)`) and the runtime engine's function;
    /// the logical divide's tile is that composition and its image covers `A`'s. The type level
    /// keeps to the paper's conditions, so it refuses whatever the runtime engine refuses.
    #[test]
    fn mixed_basis_tilers_both_engines(
        sa in prop::collection::vec(1i64..=4, 3),
        da in prop::collection::vec(0i64..=9, 3),
        sb in prop::collection::vec(1i64..=4, 2),
        vb in prop::collection::vec(0i64..=4, 2),
        paths in 0usize..4,
    ) {
        use cute_layout::BasisLayout;
        let a = layout!((({ sa[0] }, { sa[1] }), { sa[2] }):(({ da[0] }, { da[1] }), { da[2] })).unwrap();
        let ad = DynBasisLayout::from(a.to_dyn());
        macro_rules! check {
            ($($b:tt)*) => {{
                let bb = layout!($($b)*).unwrap();
                let bd = bb.to_dyn();
                let runtime = alg::try_composition(&ad, &bd);
                if let Ok(r) = a.try_compose(bb) {
                    let r = any_layout(&r.to_string());
                    for i in 0..bd.size() {
                        let want = eval_at(&ad, &bd.eval(i)).unwrap();
                        prop_assert!(arithmetic_eq(&r.eval(i), &want), "{} ∘ {} = {} at {}", a, bd, r, i);
                    }
                    prop_assert!(same_function(&r, runtime.as_ref().unwrap()), "{} ∘ {}", a, bd);
                }
                if runtime.is_err() {
                    prop_assert!(a.try_compose(bb).is_err(), "{} ∘ {}: the runtime engine refuses", a, bd);
                }
                let runtime = alg::try_logical_divide(&ad, &bd);
                if let Ok(r) = a.try_logical_divide(bb) {
                    let r = any_layout(&r.to_string());
                    prop_assert!(same_function(&r, runtime.as_ref().unwrap()), "{} ⊘ {} = {}", a, bd, r);
                    prop_assert!(same_function(&r.mode(0).unwrap(), &alg::composition(&ad, &bd)));
                    let image: Vec<DynTuple> = (0..r.size()).map(|i| r.eval(i)).collect();
                    for i in 0..ad.size() {
                        prop_assert!(image.iter().any(|y| arithmetic_eq(y, &ad.eval(i))), "{} ⊘ {} = {} misses {}", a, bd, r, i);
                    }
                }
                if runtime.is_err() {
                    prop_assert!(a.try_logical_divide(bb).is_err(), "{} ⊘ {}: the runtime engine refuses", a, bd);
                }
            }};
        }
        match paths {
            0 => check!(({ sb[0] }, { sb[1] }):({ vb[0] }@0, { vb[1] }@1)),
            1 => check!(({ sb[0] }, { sb[1] }):({ vb[0] }@1, { vb[1] }@0)),
            2 => check!(({ sb[0] }, { sb[1] }):({ vb[0] }@0@0, { vb[1] }@1@0)),
            _ => check!(({ sb[0] }, { sb[1] }):({ vb[0] }@1, { vb[1] }@1)),
        }
    }
}
