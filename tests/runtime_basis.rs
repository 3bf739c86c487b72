//! Runtime basis strides (`DynBasisLayout`): the paper's worked examples (Tables 4, 5, 7),
//! and the postconditions of composition (Eq. 16–17), the divides, complement (Eq. 27–29) and
//! right inverse (Eq. 24) checked by brute force over coordinates on random layouts.
//! `paper` = C. Cecka, "CuTe Layout Representation and Algebra".

use cute_layout::algebra::{self, basis as alg, DynTiler};
use cute_layout::basis::{
    arithmetic_add, arithmetic_eq, make_basis_like, make_identity_layout, MAX_MODE_INDEX,
};
use cute_layout::{DynBasisLayout, DynBasisTuple, DynLayout, DynScaledBasis, DynTuple, ErrorKind};
use proptest::prelude::*;

fn b(s: &str) -> DynBasisLayout {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}
fn l(s: &str) -> DynLayout {
    s.parse().unwrap()
}
fn t(s: &str) -> DynTuple {
    s.parse().unwrap()
}

// ---- notation, evaluation, invariants ----

#[test]
fn cute_print_order_and_identity_layouts() {
    // CuTe prints E<1,0> as 1@0@1 (indices in reverse), E<0> as 1@0, E<> as the integer 1.
    assert_eq!(DynScaledBasis::new(1, [1, 0]).to_string(), "1@0@1");
    assert_eq!(DynScaledBasis::new(1, [0]).to_string(), "1@0");
    assert_eq!(DynScaledBasis::new(1, []).to_string(), "1");
    // E<1,0> = (0,(1,0,..),..): its arithmetic tuple is (0,(1)) (trailing zeros omitted, as CuTe).
    assert_eq!(
        DynScaledBasis::new(1, [1, 0])
            .to_arithmetic_tuple()
            .unwrap(),
        t("(0,(1))")
    );
    let id = make_identity_layout(&t("((2,3),4)")).unwrap();
    assert_eq!(id.to_string(), "((2,3),4):((1@0@0,1@1@0),1@1)");
    assert_eq!(make_basis_like(&t("8")).to_string(), "1");
    // Static marks as the crate prints them; both forms parse back.
    let id = make_identity_layout(&t("(_4,_8)")).unwrap();
    assert_eq!(format!("{id:#}"), "(_4,_8):(_1@0,_1@1)");
    assert_eq!(b(&format!("{id:#}")), id);
    assert_eq!(b(&id.to_string()), id);
}

#[test]
fn identity_layout_maps_every_coordinate_to_itself() {
    // paper §3.3.1: I_S(c) = c for every c in Z_S; the natural coordinate is idx2crd(i, S).
    for s in ["(4,6)", "((2,3),4)", "(3,(2,(2,2)))", "7", "(1,5)"] {
        let shape = t(s);
        let id = make_identity_layout(&shape).unwrap();
        for i in 0..shape.size().unwrap() {
            let c = shape.idx2crd(i).unwrap();
            assert_eq!(id.try_eval(&c).unwrap(), c, "{s} at {c}");
            assert_eq!(id.eval(i), c, "{s} at {i}");
        }
    }
}

#[test]
fn evaluation_adds_arithmetic_tuples() {
    // (4,(4,2)):(e1,(e0,12e1)) at (3,(2,1)) = 3e1 + 2e0 + 12e1 = (2,15).
    let a = b("(4,(4,2)):(1@1,(1@0,12@1))");
    assert_eq!(a.try_eval(&t("(3,(2,1))")).unwrap(), t("(2,15)"));
    // Zero-valued and integer-0 strides go with any basis.
    let z = b("(4,3,2):(0,1@1,0@0)");
    assert_eq!(z.try_eval(&t("(3,2,1)")).unwrap(), t("(0,2)"));
    // Arithmetic-tuple addition pads the shorter tuple with zeros.
    assert_eq!(
        arithmetic_add(&t("(1)"), &t("(0,(2))")).unwrap(),
        t("(1,(2))")
    );
    assert_eq!(
        arithmetic_add(&t("3"), &t("(1)")).unwrap_err().kind(),
        ErrorKind::CodomainMismatch
    );
}

#[test]
fn invalid_layouts_are_errors_naming_the_condition() {
    let kind = |s: &str| s.parse::<DynBasisLayout>().unwrap_err().kind();
    // An integer added to a non-zero basis (CuTe static_asserts), or a tuple to an integer.
    assert_eq!(kind("(4,8):(3,1@0)"), ErrorKind::CodomainMismatch);
    assert_eq!(kind("(2,2):(1@0,1@0@0)"), ErrorKind::CodomainMismatch);
    assert_eq!(kind("(4,8):(1@0)"), ErrorKind::Incongruent);
    assert_eq!(kind("(0,8):(1@0,1@1)"), ErrorKind::NonPositiveShape);
    assert_eq!(
        kind("(3,3):(4611686018427387904@0,1@1)"),
        ErrorKind::Overflow
    );
    // Mode indices are bounded.
    let big = DynBasisTuple::basis(1, [MAX_MODE_INDEX + 1]);
    assert_eq!(
        DynBasisLayout::new(t("4"), big).unwrap_err().kind(),
        ErrorKind::TooLarge
    );
    // The spans of different bases are separate: each fits.
    assert!("(3,3):(4611686018427387903@0,4611686018427387903@1)"
        .parse::<DynBasisLayout>()
        .is_ok());
    // A negative or ill-formed coordinate.
    let id = b("(4,8):(1@0,1@1)");
    assert_eq!(
        id.try_eval(&t("-1")).unwrap_err().kind(),
        ErrorKind::BadCoordinate
    );
    assert_eq!(
        id.try_eval(&t("(1,2,3)")).unwrap_err().kind(),
        ErrorKind::BadCoordinate
    );
    // Out of bounds, the last mode extends; overflow there is an error, not a wrong answer.
    assert_eq!(id.eval(40), t("(0,10)"));
    assert_eq!(
        id.try_eval(&t("(0,9223372036854775807)"))
            .map(|c| c.to_string()),
        Ok("(0,9223372036854775807)".into())
    );
    let big = b("(2,2):(1@0,2@1)");
    assert_eq!(
        big.try_eval(&t("(0,9223372036854775807)"))
            .unwrap_err()
            .kind(),
        ErrorKind::Overflow
    );
}

#[test]
fn integer_layouts_are_the_empty_path_case() {
    let a = l("(4,(2,3)):(2,(1,8))");
    let ab = DynBasisLayout::from(a.clone());
    assert!(ab.is_integral());
    assert_eq!(ab.to_string(), a.to_string());
    for i in 0..a.size() {
        assert_eq!(ab.eval(i), DynTuple::int(a.eval(i)));
    }
    assert_eq!(ab.to_dyn_layout().unwrap(), a);
    assert_eq!(
        b("4:1@0").to_dyn_layout().unwrap_err().kind(),
        ErrorKind::BasisStride
    );
}

// ---- paper worked examples ----

#[test]
fn table_4_coordinate_row() {
    // paper Table 4: (8,8):(e0,e1) ∘ ((4,8),2):((16,1),8) = ((4,8),2):((2e1,e0),e1).
    let r = alg::composition(&b("(8,8):(1@0,1@1)"), &l("((4,8),2):((16,1),8)"));
    assert_eq!(r, b("((4,8),2):((2@1,1@0),1@1)"));
}

#[test]
fn table_5_right_inverses() {
    // paper Table 5: (4,8):(e0,e1) → (4,8):(1,4); (4,(4,2)):(e1,(e0,6e1)) → (4,4):(4,1).
    assert_eq!(alg::right_inverse(&b("(4,8):(1@0,1@1)")), l("(4,8):(1,4)"));
    assert_eq!(
        alg::right_inverse(&b("(4,(4,2)):(1@1,(1@0,6@1))")),
        l("(4,4):(4,1)")
    );
}

/// Eq. 28 by brute force: no value of `a` on its domain equals a value of `c` at a non-zero
/// integral coordinate of its extended domain (checked up to `reach`).
fn disjoint(a: &DynBasisLayout, c: &DynBasisLayout, reach: i64) -> bool {
    let image: Vec<DynTuple> = (0..a.size()).map(|i| a.eval(i)).collect();
    (1..reach).all(|k| !image.contains(&c.eval(k)))
}

#[test]
fn table_7_complements_and_the_typo() {
    // paper Table 7, last row: (4,(4,2)):(e1,(e0,12e1)) → (1,(3,1)):(4e0,(4e1,24e1)).
    let a = b("(4,(4,2)):(1@1,(1@0,12@1))");
    let c = alg::complement_full(&a);
    assert_eq!(c, b("(1,(3,1)):(4@0,(4@1,24@1))"));
    assert!(disjoint(&a, &c, 64));

    // paper Table 7, the row before: (4,8):(e0,e1) → "(1,1):(4e0,4e1)". That complement breaks
    // Eq. 28: its extended domain reaches (0,4) = L(0,4) at coordinate 1. The conditions give
    // 8e1 (the extent of L along e1), which is what we return: a typo in the paper.
    let a = b("(4,8):(1@0,1@1)");
    let paper = b("(1,1):(4@0,4@1)");
    assert_eq!(paper.eval(1), t("(0,4)"));
    assert_eq!(a.try_eval(&t("(0,4)")).unwrap(), t("(0,4)"));
    assert!(!disjoint(&a, &paper, 64));
    let c = alg::complement_full(&a);
    assert_eq!(c, b("(1,1):(4@0,8@1)"));
    assert!(disjoint(&a, &c, 64));
}

#[test]
fn divide_of_an_identity_layout_worked() {
    // The coordinates of a 4x3 tiling of an 8x6 matrix: tile (1,1)'s element (2,1) is at (6,4).
    let id = make_identity_layout(&t("(8,6)")).unwrap();
    let z = alg::zipped_divide(&id, &"<4:1,3:1>".parse::<DynTiler>().unwrap());
    assert_eq!(z.try_eval(&t("((2,1),(1,1))")).unwrap(), t("(6,4)"));
}

// ---- unsupported operations and bad arguments ----

#[test]
fn undefined_operations_are_errors_naming_the_reason() {
    use cute_layout::ops::{Complement, LogicalProduct};
    let a = b("(4,8):(1@0,1@1)");
    // (left_inverse and the products of basis strides are defined:
    // tests/both_basis_parity.rs.)
    // An integer cotarget has no meaning for a coordinate codomain.
    assert_eq!(
        a.try_complement(32i64).unwrap_err().kind(),
        ErrorKind::RankMismatch
    );
    assert_eq!(a.try_complement(t("(8,16)")).unwrap(), b("(2,2):(4@0,8@1)"));
    // B with a negative stride would evaluate A below its domain.
    assert_eq!(
        alg::try_composition(&a, &l("4:-1")).unwrap_err().kind(),
        ErrorKind::BasisStride
    );
    // The paper's conditions on A's shapes still apply.
    assert_eq!(
        alg::try_composition(&b("(4,6,8):(1@0,1@1,1@2)"), &l("6:3"))
            .unwrap_err()
            .kind(),
        ErrorKind::StrideDivisibility
    );
    assert_eq!(
        alg::try_composition(&b("(4,6,8):(1@0,1@1,1@2)"), &l("6:1"))
            .unwrap_err()
            .kind(),
        ErrorKind::ShapeDivisibility
    );
    // Integer layouts delegate to the DynLayout engine, products included.
    let i = DynBasisLayout::from(l("4:1"));
    assert_eq!(
        i.try_logical_product(l("2:1")).unwrap(),
        DynBasisLayout::from(algebra::logical_product(&l("4:1"), &l("2:1")))
    );
}

#[test]
fn verb_traits_apply() {
    use cute_layout::ops::{Coalesce, ComplementFull, Compose, RightInverse, ZippedDivide};
    let a = b("(2,(1,4)):(1@1,(7@0,2@1))");
    assert_eq!(a.coalesce(), b("8:1@1"));
    assert_eq!(a.compose(l("4:2")), b("4:2@1"));
    // The codomain is (e0, e1) (the size-1 mode 1:7@0 names e0), so both components appear.
    assert_eq!(a.complement_full(), b("(1,1):(1@0,8@1)"));
    assert_eq!(a.right_inverse(), l("(1,8):(0,1)"));
    assert_eq!(a.zipped_divide(l("2:1")).size(), 8);
}

// ---- random layouts ----

/// A random basis layout: flat shape of 1–3 modes (sizes 1–6) with strides v·e_p, p one of a
/// consistent path set, v in -3..=3.
fn basis_layout() -> impl Strategy<Value = DynBasisLayout> {
    let paths: Vec<Vec<usize>> = vec![vec![0], vec![1], vec![2], vec![]];
    (
        prop::collection::vec((1i64..=6, 0usize..3, -3i64..=3), 1..=3),
        any::<bool>(),
    )
        .prop_map(move |(modes, nested)| {
            let shape = DynTuple::ints(modes.iter().map(|m| m.0));
            let stride = DynBasisTuple::tuple(modes.iter().map(|&(_, p, v)| {
                let path = if nested && p == 2 {
                    vec![1, 1]
                } else {
                    paths[p].clone()
                };
                let path = if nested && p == 1 { vec![1, 0] } else { path };
                DynBasisTuple::basis(v, path)
            }));
            DynBasisLayout::new(shape, stride).unwrap()
        })
}

/// An injective basis layout with non-negative strides: each mode lies along e0 or e1, the
/// modes along one basis with strides that grow past the previous modes' span.
fn injective_layout() -> impl Strategy<Value = DynBasisLayout> {
    prop::collection::vec((1i64..=4, 0usize..2, 1i64..=3), 1..=4).prop_map(|modes| {
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

fn int_layout() -> impl Strategy<Value = DynLayout> {
    prop::collection::vec((1i64..=6, 0i64..=12), 1..=2).prop_map(|modes| {
        let shape = DynTuple::ints(modes.iter().map(|m| m.0));
        let stride = DynTuple::ints(modes.iter().map(|m| m.1));
        DynLayout::new(shape, stride).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(512)))]

    /// Eq. 16–17: B ≼ R and R(c) = A(B(c)) for every c in Z(B), when the composition exists.
    #[test]
    fn composition_eq_16_17(a in basis_layout(), bl in int_layout()) {
        if let Ok(r) = alg::try_composition(&a, &bl) {
            prop_assert!(bl.shape().compatible(r.shape()), "{} ∘ {} = {}", a, bl, r);
            for i in 0..bl.size() {
                let expect = a.try_eval(&DynTuple::int(bl.eval(i))).unwrap();
                let got = r.eval(i);
                prop_assert!(arithmetic_eq(&got, &expect), "{} ∘ {} = {} at {}: {} != {}", a, bl, r, i, got, expect);
            }
        }
    }

    /// An identity layout composed with B gives the natural coordinate of each B(c), and
    /// exists whenever the integer composition with the compact layout does.
    #[test]
    fn identity_composition_gives_natural_coordinates(
        shape in prop::collection::vec(1i64..=6, 1..=3), bl in int_layout()
    ) {
        let s = DynTuple::ints(shape);
        let id = make_identity_layout(&s).unwrap();
        let compact = DynLayout::column_major(s.clone()).unwrap();
        match alg::try_composition(&id, &bl) {
            Ok(r) => {
                for i in 0..bl.size() {
                    let (got, expect) = (r.eval(i), s.idx2crd(bl.eval(i)).unwrap());
                    prop_assert!(arithmetic_eq(&got, &expect), "{} != {}", got, expect);
                }
                prop_assert!(algebra::try_composition(&compact, &bl).is_ok());
            }
            Err(e) => prop_assert!(
                matches!(e.kind(), ErrorKind::StrideDivisibility | ErrorKind::ShapeDivisibility
                    | ErrorKind::NotDistributive | ErrorKind::BasisStride), "{}", e),
        }
    }

    /// The divides of an identity layout give the coordinate of every element of every tile:
    /// the coordinates of the integer divide's offsets in the compact layout.
    #[test]
    fn divides_give_tile_coordinates(
        q in (1i64..=3, 1i64..=3), t0 in (1i64..=4, 1i64..=2), t1 in (1i64..=4, 1i64..=2)
    ) {
        // Tiles that divide the shape, so every element is in bounds (beyond the bounds, the
        // identity's modes extend by mode while the compact layout's offsets run on: no oracle).
        let s = DynTuple::ints([t0.0 * t0.1 * q.0, t1.0 * t1.1 * q.1]);
        let id = make_identity_layout(&s).unwrap();
        let compact = DynLayout::column_major(s.clone()).unwrap();
        let tiler: DynTiler = format!("<{}:{},{}:{}>", t0.0, t0.1, t1.0, t1.1).parse().unwrap();
        type Basis = fn(&DynBasisLayout, &DynTiler) -> Result<DynBasisLayout, cute_layout::LayoutError>;
        type Int = fn(&DynLayout, &DynTiler) -> Result<DynLayout, cute_layout::LayoutError>;
        let ops: [(Basis, Int); 4] = [
            (alg::try_logical_divide, algebra::try_logical_divide),
            (alg::try_zipped_divide, algebra::try_zipped_divide),
            (alg::try_tiled_divide, algebra::try_tiled_divide),
            (alg::try_flat_divide, algebra::try_flat_divide),
        ];
        for (fb, fi) in ops {
            if let Ok(r) = fb(&id, &tiler) {
                let d = fi(&compact, &tiler).unwrap();
                prop_assert_eq!(r.shape(), d.shape());
                for i in 0..d.size() {
                    // Element i of the divided layout: its offset in the compact layout is an
                    // index of S, whose natural coordinate the identity divide must give.
                    let (got, expect) = (r.eval(i), s.idx2crd(d.eval(i)).unwrap());
                    prop_assert!(arithmetic_eq(&got, &expect), "{}: {} != {}", r, got, expect);
                    // Also by mode coordinates, as a kernel indexes (tile, rest).
                    let c = d.shape().idx2crd(i).unwrap();
                    let (got, expect) = (r.try_eval(&c).unwrap(), s.idx2crd(d.try_eval(&c).unwrap()).unwrap());
                    prop_assert!(arithmetic_eq(&got, &expect), "{}: {} != {}", r, got, expect);
                }
            }
        }
    }

    /// Eq. 27–29 for the full complement and for a complement up to a random cotarget.
    #[test]
    fn complement_eq_27_29(a in injective_layout(), m in (1i64..=40, 1i64..=40)) {
        let cot = a.codomain();
        let cotarget = match cot.rank() {
            1 => DynTuple::ints([m.0]),
            _ => DynTuple::ints([m.0, m.1]),
        };
        let results = [
            alg::try_complement_full(&a),
            alg::try_complement(&a, &cotarget),
        ];
        for c in results {
            let c = c.unwrap();
            // Eq. 27: the codomain's profile is weakly congruent with the complement's shape.
            prop_assert!(a.codomain().weakly_congruent(c.shape()), "{} -> {}", a, c);
            // Eq. 28 on the extended domain.
            let reach = 2 * c.size() + 8;
            prop_assert!(disjoint(&a, &c, reach), "{} -> {}", a, c);
            // Eq. 29: ordered, colexicographically (the last component most significant).
            for k in 1..reach {
                let (x, y) = (c.eval(k - 1), c.eval(k));
                let (x, y): (Vec<i64>, Vec<i64>) = (x.leaves().collect(), y.leaves().collect());
                prop_assert!(x.iter().rev().lt(y.iter().rev()), "{} -> {} at {}", a, c, k);
            }
        }
        // Together with A, the complement up to the cotarget reaches every coordinate below it.
        let c = alg::try_complement(&a, &cotarget).unwrap();
        let both = cute_layout::DynBasisLayout::new(
            DynTuple::tuple([a.shape().clone(), c.shape().clone()]),
            DynBasisTuple::tuple([a.stride().clone(), c.stride().clone()]),
        ).unwrap();
        let image: std::collections::HashSet<DynTuple> = (0..both.size()).map(|i| both.eval(i)).collect();
        let all = DynLayout::column_major(cotarget.clone()).unwrap();
        for i in 0..all.size() {
            let x = cotarget.idx2crd(i).unwrap();
            prop_assert!(image.contains(&x), "{} with {} misses {}", a, c, x);
        }
    }

    /// Eq. 24: L(L‡(k)) = k for every k of the right inverse's (coordinate) domain.
    #[test]
    fn right_inverse_eq_24(a in injective_layout()) {
        let r = alg::right_inverse(&a);
        prop_assert!(a.codomain().weakly_congruent(r.shape()), "{} -> {}", a, r);
        for k in 0..r.size() {
            let c = r.shape().idx2crd(k).unwrap();
            let i = r.try_eval(&c).unwrap();
            // The codomain coordinate x named by c: each component's sub-coordinate as an index.
            let x = collapse(&c, r.shape(), &a.codomain());
            prop_assert_eq!(a.eval(i), x, "{} -> {} at {}", a, r, k);
            // Eq. 24 as written: L‡(L(L‡(k))) = L‡(k).
            prop_assert_eq!(r.try_eval(&a.eval(i)).unwrap(), i);
        }
    }

    /// Composition of integer layouts through the basis engine agrees with the DynLayout engine.
    #[test]
    fn integral_composition_delegates(a in int_layout(), bl in int_layout()) {
        let ab = DynBasisLayout::from(a.clone());
        prop_assert_eq!(
            alg::try_composition(&ab, &bl).map(|r| r.to_string()),
            algebra::try_composition(&a, &bl).map(|r| r.to_string())
        );
    }
}

/// The codomain coordinate of a natural coordinate `c` of a shape weakly congruent with the
/// codomain: at each codomain leaf, the sub-coordinate's column-major index in the sub-shape.
fn collapse(c: &DynTuple, shape: &DynTuple, codomain: &DynTuple) -> DynTuple {
    match codomain {
        DynTuple::Int(_) => DynTuple::int(shape.crd2idx(c).unwrap()),
        DynTuple::Tuple(v) => DynTuple::tuple(
            v.iter()
                .enumerate()
                .map(|(k, d)| collapse(c.get(k).unwrap(), shape.get(k).unwrap(), d)),
        ),
    }
}
