//! `tile_to_shape`, `upcast`/`downcast`/`recast_layout` of layouts and `upcast`/`downcast` of
//! swizzles, in both engines: the contracts checked by brute force over every coordinate
//! (random layouts, all small swizzles), worked examples (pycute: `tests/data/gen_reshape.py`),
//! and static, mixed and runtime results printed alike.

use crate::common;

use common::{dl, v};
use cute_layout::algebra::{
    self, col_major_order, row_major_order, try_downcast, try_make_ordered_layout,
    try_tile_to_shape_ordered, try_upcast,
};
use cute_layout::swizzle::{DowncastSwizzleOf, DynSwizzle, Swizzle, SwizzleFn, UpcastSwizzleOf};
use cute_layout::typenum::{N3, P3, U0, U1, U16, U2, U3, U32, U4, U64, U8};
use cute_layout::{layout, DynLayout, DynTuple, ErrorKind, Layout};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------------
// Swizzles

/// Every valid `Sw<B,M,S>` with `B ≤ 3`, `M ≤ 5`, `|S| ≤ 5`.
fn small_swizzles() -> Vec<DynSwizzle> {
    let mut v = Vec::new();
    for b in 0..=3 {
        for m in 0..=5 {
            for s in -5..=5 {
                if let Ok(sw) = DynSwizzle::new(b, m, s) {
                    v.push(sw);
                }
            }
        }
    }
    v
}

#[test]
fn swizzle_upcast_brute_force() {
    let (mut exact, mut granular, mut refused) = (0, 0, 0);
    for sw in small_swizzles() {
        for k in 0..=5u32 {
            let n = 1i64 << k;
            // Element offsets covering every bit the swizzle reads or writes, and one above.
            let range = (sw.size() / n).max(1) * 2;
            match sw.try_upcast(n) {
                Ok(wide) if sw.base() >= k => {
                    exact += 1;
                    for e in 0..range {
                        for j in 0..n {
                            assert_eq!(
                                sw.apply(n * e + j),
                                n * wide.apply(e) + j,
                                "{sw} upcast<{n}> = {wide}, e = {e}, j = {j}"
                            );
                        }
                    }
                }
                Ok(wide) => {
                    // M < log2 N: only the wide element is preserved.
                    granular += 1;
                    for e in 0..range {
                        for j in 0..n {
                            assert_eq!(
                                sw.apply(n * e + j).div_euclid(n),
                                wide.apply(e),
                                "{sw} upcast<{n}> = {wide}, e = {e}, j = {j}"
                            );
                        }
                    }
                }
                Err(err) => {
                    refused += 1;
                    assert_eq!(err.kind(), ErrorKind::InvalidSwizzle, "{err}");
                    // The refusal is justified: the wide element of f(N·e + j) depends on j.
                    let witness = (0..range).any(|e| {
                        let w0 = sw.apply(n * e).div_euclid(n);
                        (1..n).any(|j| sw.apply(n * e + j).div_euclid(n) != w0)
                    });
                    assert!(witness, "{sw} upcast<{n}> refused without a witness");
                }
            }
        }
    }
    assert!(
        exact > 100 && granular > 50 && refused > 10,
        "{exact} {granular} {refused}"
    );
}

#[test]
fn swizzle_downcast_brute_force() {
    for sw in small_swizzles() {
        for k in 0..=4u32 {
            let n = 1i64 << k;
            let narrow = sw.try_downcast(n).unwrap();
            for e in 0..sw.size() * 2 {
                for j in 0..n {
                    assert_eq!(
                        narrow.apply(n * e + j),
                        n * sw.apply(e) + j,
                        "{sw} downcast<{n}>"
                    );
                }
            }
            assert_eq!(narrow.try_upcast(n).unwrap(), sw);
        }
    }
}

#[test]
fn swizzle_cast_errors() {
    let sw = DynSwizzle::new(3, 4, 3).unwrap();
    for n in [0, -2, 3, 6, 12] {
        assert_eq!(
            sw.try_upcast(n).unwrap_err().kind(),
            ErrorKind::InvalidArgument
        );
        assert_eq!(
            sw.try_downcast(n).unwrap_err().kind(),
            ErrorKind::InvalidArgument
        );
    }
    let big = DynSwizzle::new(3, 54, 6).unwrap();
    assert_eq!(
        big.try_downcast(2).unwrap_err().kind(),
        ErrorKind::InvalidSwizzle
    );
}

#[test]
fn swizzle_static_matches_runtime() {
    // The 128-byte-row swizzle on bytes, as 16-bit, 32-bit and 256-bit (M < log2 N) elements.
    static_assertions::assert_type_eq_all!(UpcastSwizzleOf<Swizzle<U3, U4, P3>, U2>, Swizzle<U3, U3, P3>);
    static_assertions::assert_type_eq_all!(UpcastSwizzleOf<Swizzle<U3, U4, P3>, U4>, Swizzle<U3, U2, P3>);
    static_assertions::assert_type_eq_all!(UpcastSwizzleOf<Swizzle<U3, U4, P3>, U32>, Swizzle<U2, U0, P3>);
    static_assertions::assert_type_eq_all!(UpcastSwizzleOf<Swizzle<U3, U4, P3>, U64>, Swizzle<U1, U0, P3>);
    static_assertions::assert_type_eq_all!(UpcastSwizzleOf<Swizzle<U3, U4, P3>, U1>, Swizzle<U3, U4, P3>);
    static_assertions::assert_type_eq_all!(DowncastSwizzleOf<Swizzle<U3, U3, P3>, U2>, Swizzle<U3, U4, P3>);
    // Negative S: sound when M ≥ log2 N, or when the whole swizzle lies inside an element.
    static_assertions::assert_type_eq_all!(UpcastSwizzleOf<Swizzle<U2, U3, N3>, U8>, Swizzle<U2, U0, N3>);
    static_assertions::assert_type_eq_all!(UpcastSwizzleOf<Swizzle<U1, U0, N3>, U16>, Swizzle<U0, U0, N3>);
    let s = Swizzle::<U3, U4, P3>::new();
    for (n, st) in [
        (2, s.upcast::<U2>().to_dyn()),
        (4, s.upcast::<U4>().to_dyn()),
        (8, s.upcast::<U8>().to_dyn()),
        (16, s.upcast::<U16>().to_dyn()),
        (32, s.upcast::<U32>().to_dyn()),
    ] {
        assert_eq!(st, s.to_dyn().try_upcast(n).unwrap());
    }
    assert_eq!(
        s.downcast::<U8>().to_dyn(),
        s.to_dyn().try_downcast(8).unwrap()
    );
    // 8-bit elements of a 16-bit-element swizzle, and 32-bit ones (4 bytes: Sw<B,4,3> → Sw<B,2,3>).
    let bytes = DynSwizzle::new(2, 4, 3).unwrap();
    let words = Swizzle::<U2, U4, P3>::new().upcast::<U4>();
    assert!((0..4096).all(|e| bytes.apply(4 * e) == 4 * words.apply(e)));
}

// ---------------------------------------------------------------------------------------------
// upcast / downcast of layouts

/// A random layout with strides that often divide or are multiples of small powers of two.
fn arb_layout() -> impl Strategy<Value = DynLayout> {
    let leaf = (
        prop::sample::select(vec![1i64, 2, 3, 4, 6, 8, 16]),
        prop::sample::select(vec![
            0i64, 1, -1, 2, -2, 3, 4, -4, 6, 8, 12, 16, -16, 24, 32,
        ]),
    );
    (prop::collection::vec(leaf, 1..=4), any::<bool>()).prop_map(|(leaves, nest)| {
        let s: Vec<String> = leaves.iter().map(|l| l.0.to_string()).collect();
        let d: Vec<String> = leaves.iter().map(|l| l.1.to_string()).collect();
        let text = if nest && leaves.len() >= 3 {
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
        dl(&text)
    })
}

/// The flat coordinates (one per leaf, colexicographic) of index `i`.
fn leaf_coords(shape: &[i64], mut i: i64) -> Vec<i64> {
    shape
        .iter()
        .map(|&s| {
            let c = i % s;
            i /= s;
            c
        })
        .collect()
}

/// Checks `L(c) = N·U(c') + Σ sign(dᵢ)·((|dᵢ|·cᵢ) mod N)` over every coordinate of `L` (the
/// sum over leaves with `0 < |dᵢ| < N`, whose coordinates become `⌊|dᵢ|·cᵢ/N⌋`), and that
/// `c ↦ c'` reaches every coordinate of `U`.
fn check_cast_relation(l: &DynLayout, u: &DynLayout, n: i64) {
    let (ls, ld): (Vec<i64>, Vec<i64>) = l.shape().leaves().zip(l.stride().leaves()).unzip();
    let (us, ud): (Vec<i64>, Vec<i64>) = u.shape().leaves().zip(u.stride().leaves()).unzip();
    assert_eq!(ls.len(), us.len(), "{l} vs {u}: the tree is kept");
    // An odometer over L's leaf coordinates (colexicographic, as `leaf_coords`); U's coordinate
    // c' is marked by its colexicographic index, so "onto" is a count over one flag array.
    let mut hit = vec![false; u.size() as usize];
    let mut hits = 0i64;
    let mut c = vec![0i64; ls.len()];
    let mut c2 = vec![0i64; ls.len()];
    for _ in 0..l.size() {
        let mut rest = 0;
        for k in 0..c.len() {
            let d = ld[k];
            c2[k] = if d != 0 && d.abs() < n {
                rest += d.signum() * ((d.abs() * c[k]) % n);
                d.abs() * c[k] / n
            } else {
                c[k]
            };
            assert!(c2[k] < us[k], "{l} -> {u}: coordinate {c:?} maps outside U");
        }
        let uval: i64 = c2.iter().zip(&ud).map(|(a, b)| a * b).sum();
        let lval: i64 = c.iter().zip(&ld).map(|(a, b)| a * b).sum();
        assert_eq!(lval, n * uval + rest, "{l} -> {u} (N = {n}) at {c:?}");
        let idx = c2
            .iter()
            .zip(&us)
            .rev()
            .fold(0i64, |acc, (x, s)| acc * s + x) as usize;
        if !hit[idx] {
            hit[idx] = true;
            hits += 1;
        }
        for k in 0..c.len() {
            c[k] += 1;
            if c[k] < ls[k] {
                break;
            }
            c[k] = 0;
        }
    }
    assert_eq!(hits, u.size(), "{l} -> {u}: not onto U's coordinates");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(2000)))]

    #[test]
    fn upcast_contract(l in arb_layout(), k in 0u32..4) {
        let n = 1i64 << k;
        let flat: Vec<(i64, i64)> = l.shape().leaves().zip(l.stride().leaves()).collect();
        // The conditions, from the definition: each stride and N divide one another, and the
        // elements per wide element divide the size.
        let ok = flat.iter().all(|&(s, d)| {
            let divides = d == 0 || d % n == 0 || n % d.abs() == 0;
            divides && (d == 0 || d % n == 0 || s % (n / d.abs()) == 0)
        });
        match try_upcast(&l, n) {
            Ok(u) => {
                prop_assert!(ok, "{l} upcast<{n}> accepted");
                check_cast_relation(&l, &u, n);
                // downcast undoes it unless a stride became 1 from ±N or a sub-element stride.
                let undo = flat.iter().all(|&(_, d)| d == 0 || d.abs() == 1 || (d % n == 0 && d.abs() != n));
                if undo && u.stride().leaves().any(|d| d == 1) {
                    prop_assert_eq!(try_downcast(&u, n).unwrap(), l.clone());
                }
            }
            Err(e) => {
                prop_assert!(!ok, "{l} upcast<{n}> refused: {e}");
                prop_assert_eq!(e.kind(), ErrorKind::NotDivisible);
            }
        }
    }

    #[test]
    fn downcast_contract(u in arb_layout(), k in 0u32..4) {
        let n = 1i64 << k;
        match try_downcast(&u, n) {
            Ok(d) => {
                let ud: Vec<i64> = u.stride().leaves().collect();
                // The relation read from the narrow side: D's unit leaves are the sub-element ones.
                let dd: Vec<i64> = d.stride().leaves().collect();
                prop_assert_eq!(ud.iter().map(|x| x.abs() == 1).collect::<Vec<_>>(),
                                dd.iter().map(|x| x.abs() == 1).collect::<Vec<_>>());
                if n > 1 {
                    check_cast_relation(&d, &u, n);
                }
                prop_assert_eq!(try_upcast(&d, n).unwrap(), u);
            }
            Err(e) => {
                prop_assert!(n > 1 && !u.stride().leaves().any(|x| x == 1), "{}", e);
            }
        }
    }
}

#[test]
fn upcast_worked_examples() {
    // CuTe's comments: "For stride-1 mode, divide size by N. Divide all other strides by N."
    assert_eq!(algebra::upcast(&dl("(8,64):(64,1)"), 8), dl("(8,8):(8,1)"));
    assert_eq!(algebra::upcast(&dl("(4,8):(0,2)"), 2), dl("(4,8):(0,1)"));
    assert_eq!(algebra::upcast(&dl("(4,8):(2,8)"), 4), dl("(2,8):(1,2)"));
    assert_eq!(algebra::upcast(&dl("8:-1"), 2), dl("4:-1"));
    assert_eq!(
        algebra::downcast(&dl("(8,8):(8,1)"), 2),
        dl("(8,16):(16,1)")
    );
    assert_eq!(algebra::downcast(&dl("(4,8):(0,1)"), 4), dl("(4,32):(0,1)"));
    // Refused: CuTe's static_assert, and the rounding CuTe's ceil_div would do.
    for (l, n) in [
        ("4:3", 2),
        ("(2,2):(1,3)", 2),
        ("3:1", 2),
        ("(2,2):(1,2)", 4),
    ] {
        let e = try_upcast(&dl(l), n).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::NotDivisible, "{l}: {e}");
    }
    assert!(try_upcast(&dl("4:1"), 0).is_err());
    assert_eq!(
        try_downcast(&dl("(4,8):(2,8)"), 2).unwrap_err().kind(),
        ErrorKind::InvalidArgument
    );
    assert_eq!(algebra::downcast(&dl("(4,8):(2,8)"), 1), dl("(4,8):(2,8)"));
    // Overflow is an error, not a wrapped stride.
    assert_eq!(
        try_downcast(&dl("(1,2):(1,4611686018427387904)"), 4)
            .unwrap_err()
            .kind(),
        ErrorKind::Overflow
    );
}

#[test]
fn casts_static_mixed_runtime_agree() {
    type A = Layout![(8, 64):(64, 1)];
    let a: A = layout!((8, 64):(64, 1));
    let mixed = Layout::try_new((U8::default(), v(64)), (v(64), U1::default())).unwrap();
    let rt = dl("(8,64):(64,1)");
    for (st, mx, dy) in [
        (
            format!("{:#}", a.upcast::<U8>()),
            format!("{:#}", mixed.upcast::<U8>()),
            format!("{:#}", rt.upcast::<U8>()),
        ),
        (
            format!("{:#}", a.downcast::<U2>()),
            format!("{:#}", mixed.downcast::<U2>()),
            format!("{:#}", rt.downcast::<U2>()),
        ),
        (
            format!("{:#}", a.recast_layout::<u16, u128>()),
            format!("{:#}", mixed.recast_layout::<u16, u128>()),
            format!("{:#}", rt.recast_layout::<u16, u128>()),
        ),
        (
            format!("{:#}", a.recast_layout::<u32, u16>()),
            format!("{:#}", mixed.recast_layout::<u32, u16>()),
            format!("{:#}", rt.recast_layout::<u32, u16>()),
        ),
    ] {
        // The runtime layout was parsed: all its leaves are dynamic. Compare the values with
        // `{}`, and the static marks of the static and mixed results with the rule.
        assert_eq!(st.replace('_', ""), dy);
        assert_eq!(mx.replace('_', ""), dy);
        assert!(
            !st.contains(|c: char| c.is_ascii_digit()) || st.matches('_').count() == 4,
            "{st}"
        );
    }
    assert_eq!(format!("{:#}", mixed.upcast::<U8>()), "(8,8):(8,_1)"); // s=_8 with a runtime stride: runtime
    static_assertions::assert_type_eq_all!(cute_layout::ops::UpcastOf<A, U8>, Layout![(8, 8):(8, 1)]);
    static_assertions::assert_type_eq_all!(cute_layout::ops::RecastLayoutOf<A, u32, u8>, Layout![(8, 256):(256, 1)]);
    // Runtime violations in a mixed layout are errors, not wrong answers.
    let bad = Layout::try_new((U4::default(), v(3)), (U1::default(), v(3))).unwrap();
    assert_eq!(
        bad.try_upcast::<U2>().unwrap_err().kind(),
        ErrorKind::NotDivisible
    );
    let bad = Layout::try_new(v(3), U1::default()).unwrap();
    assert_eq!(
        bad.try_upcast::<U2>().unwrap_err().kind(),
        ErrorKind::NotDivisible
    );
    let no_unit = Layout::try_new(U4::default(), v(2)).unwrap();
    assert_eq!(
        no_unit.try_downcast::<U2>().unwrap_err().kind(),
        ErrorKind::InvalidArgument
    );
}

// ---------------------------------------------------------------------------------------------
// tile_to_shape

/// `tile_to_shape` checked against its definition: mode `i` of the result is `(blockᵢ,
/// gridᵢ)`, its offset at `(b, k)` is `block(b) + C(ordered(k))` with `C = complement(block,
/// size(block)·cosize(ordered))` (the logical product), evaluated coordinate by coordinate;
/// for a compact block this is a bijection onto `[0, size(target))`.
fn check_tile(block: &DynLayout, target: &[i64], order: &DynTuple) {
    let t = DynTuple::ints(target.iter().copied());
    let r = try_tile_to_shape_ordered(block, &t, order).unwrap();
    let rank = target.len();
    let mut bmodes: Vec<DynLayout> = block.modes().collect();
    while bmodes.len() < rank {
        bmodes.push(dl("1:0"));
    }
    let grid_shape: Vec<i64> = bmodes
        .iter()
        .zip(target)
        .map(|(b, t)| t / b.size())
        .collect();
    let ordered =
        try_make_ordered_layout(&DynTuple::ints(grid_shape.iter().copied()), order).unwrap();
    let padded = DynLayout::new(
        DynTuple::tuple(bmodes.iter().map(|m| m.shape().clone())),
        DynTuple::tuple(bmodes.iter().map(|m| m.stride().clone())),
    )
    .unwrap();
    let c = algebra::complement(&padded, padded.size() * ordered.cosize());
    // Result modes have target's sizes.
    for (i, &ts) in target.iter().enumerate() {
        assert_eq!(r.mode(i).unwrap().size(), ts, "{r}");
    }
    let compact =
        common::image(block).len() as i64 == block.size() && block.cosize() == block.size();
    let mut seen = std::collections::BTreeSet::new();
    for idx in 0..r.size() {
        // Natural coordinate per target mode, then (b, k) inside the mode.
        let coords = leaf_coords(target, idx);
        let (mut bc, mut kc) = (Vec::new(), Vec::new());
        for (i, &x) in coords.iter().enumerate() {
            let bs = bmodes[i].size();
            bc.push(x % bs);
            kc.push(x / bs);
        }
        let boff: i64 = bc.iter().enumerate().map(|(i, &b)| bmodes[i].eval(b)).sum();
        let koff = ordered
            .try_eval(&DynTuple::ints(kc.iter().copied()))
            .unwrap();
        let expect = boff + c.eval(koff);
        let got = r.try_eval(&DynTuple::ints(coords.iter().copied())).unwrap();
        assert_eq!(got, expect, "{block} to {t:?}: at {coords:?}");
        if compact {
            assert_eq!(c.eval(koff), block.size() * koff);
            seen.insert(got);
        }
    }
    if compact {
        assert_eq!(seen.len() as i64, r.size());
        assert_eq!(*seen.iter().next_back().unwrap(), r.size() - 1);
    }
}

#[test]
fn tile_to_shape_definition_examples() {
    let atom = dl("(8,64):(64,1)");
    check_tile(&atom, &[128, 64], &col_major_order(2));
    check_tile(&atom, &[64, 256], &col_major_order(2));
    check_tile(&atom, &[64, 256], &row_major_order(2));
    check_tile(
        &dl("(8,(8,8)):(8,(1,64))"),
        &[128, 64, 3],
        &col_major_order(3),
    );
    check_tile(&dl("(2,2):(2,1)"), &[4, 6], &row_major_order(2));
    check_tile(&dl("4:1"), &[8, 3], &col_major_order(2));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(300)))]
    #[test]
    fn tile_to_shape_definition(
        shape in prop::collection::vec(1i64..4, 1..=3),
        mult in prop::collection::vec(1i64..4, 3),
        extra in 0usize..2,
        perm in 0usize..6,
        col_major_block in any::<bool>(),
    ) {
        let block = if col_major_block {
            DynLayout::column_major(DynTuple::ints(shape.iter().copied())).unwrap()
        } else {
            DynLayout::row_major(DynTuple::ints(shape.iter().copied())).unwrap()
        };
        let rank = shape.len() + extra;
        let target: Vec<i64> = (0..rank).map(|i| shape.get(i).copied().unwrap_or(1) * mult[i % 3]).collect();
        let perms = [[0, 1, 2, 3], [1, 0, 2, 3], [2, 1, 0, 3], [0, 2, 1, 3], [3, 2, 1, 0], [1, 2, 3, 0]];
        // The values below `rank` of a permutation of 0..4: a permutation of 0..rank.
        let order = DynTuple::ints(perms[perm].iter().filter(|&&o| o < rank).map(|&o| o as i64));
        check_tile(&block, &target, &order);
    }
}

#[test]
fn tile_to_shape_pycute() {
    // tests/data/gen_reshape.py: CuTe's algorithm run on pycute's logical_product.
    for line in include_str!("data/reshape_pycute.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let f: Vec<&str> = line.split(';').collect();
        let (block, target, order, expect) = (
            dl(f[0]),
            f[1].parse::<DynTuple>().unwrap(),
            f[2].parse::<DynTuple>().unwrap(),
            dl(f[3]),
        );
        let got = try_tile_to_shape_ordered(&block, &target, &order).unwrap();
        // Same offsets at every coordinate, same mode sizes (the pycute result may keep a
        // size-1 mode's stride that this engine sets to 0).
        assert_eq!(got.size(), expect.size(), "{line}");
        assert_eq!(
            common::values(&got),
            common::values(&expect),
            "{line}: got {got}"
        );
        assert_eq!(got.shape(), expect.shape(), "{line}: got {got}");
    }
}

#[test]
fn tile_to_shape_errors() {
    let t = |s: &str| s.parse::<DynTuple>().unwrap();
    let e = algebra::try_tile_to_shape(&dl("(8,64):(64,1)"), &t("(100,64)")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotDivisible, "{e}");
    let e = algebra::try_tile_to_shape(&dl("(2,2,2):(1,2,4)"), &t("(4,4)")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::RankMismatch, "{e}");
    let e = try_tile_to_shape_ordered(&dl("(2,2):(1,2)"), &t("(4,4)"), &t("(0,0)")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{e}");
    let e = try_tile_to_shape_ordered(&dl("(2,2):(1,2)"), &t("(4,4)"), &t("(0,1,2)")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::RankMismatch, "{e}");
    // Nested target modes count by their size.
    assert_eq!(
        algebra::tile_to_shape(&dl("(8,64):(64,1)"), &t("((4,32),64)")),
        algebra::tile_to_shape(&dl("(8,64):(64,1)"), &t("(128,64)"))
    );
}

// ---------------------------------------------------------------------------------------------
// tile_to_shape and make_ordered_layout in the type system

/// The runtime engine's `tile_to_shape` of the same block, target and order.
fn rt_tile(block: &DynLayout, target: &DynTuple, order: &DynTuple) -> DynLayout {
    try_tile_to_shape_ordered(block, target, order).unwrap()
}

/// The pycute result of the worked example `block;target;order` in
/// `tests/data/reshape_pycute.txt`, checked against `got`: same shape, same offsets at every
/// coordinate (pycute may keep a size-1 mode's stride where the engines put 0).
fn check_pycute(block: &str, target: &str, order: &str, got: &DynLayout) {
    let key = format!("{block};{target};{order};");
    let line = include_str!("data/reshape_pycute.txt")
        .lines()
        .find(|l| l.starts_with(&key))
        .unwrap_or_else(|| panic!("{key} is not in reshape_pycute.txt"));
    let expect = dl(&line[key.len()..]);
    assert_eq!(got.shape(), expect.shape(), "{line}: got {got}");
    assert_eq!(
        common::values(got),
        common::values(&expect),
        "{line}: got {got}"
    );
}

#[test]
fn tile_to_shape_static_matches_runtime() {
    use cute_layout::ops::{GenColMajor, GenRowMajor, TileToShapeOf};
    use cute_layout::typenum::{U12, U128, U256, U6};
    let atom = layout!((8, 64):(64, 1));
    let col = col_major_order(2);
    let row = row_major_order(2);
    let t = |s: &str| s.parse::<DynTuple>().unwrap().with_static(true);

    // (8,64):(64,1) to (128,64), column major (the default), in the three spellings.
    let a = atom.tile_to_shape((U128::new(), U64::new()));
    let b = atom.tile_to_shape_ordered((U128::new(), U64::new()), GenColMajor);
    let c = atom.tile_to_shape_ordered((U128::new(), U64::new()), (U0::new(), U1::new()));
    let r = rt_tile(&atom.to_dyn(), &t("(128,64)"), &col);
    assert_eq!(format!("{a:#}"), format!("{r:#}"));
    assert_eq!(format!("{b:#}"), format!("{r:#}"));
    assert_eq!(format!("{c:#}"), format!("{r:#}"));
    assert_eq!(a.to_string(), "((8,16),(64,1)):((64,512),(1,0))");
    check_pycute("(8,64):(64,1)", "(128,64)", "(0,1)", &a.to_dyn());
    static_assertions::assert_type_eq_all!(
        TileToShapeOf<Layout![(8, 64):(64, 1)], (U128, U64)>,
        Layout![((8, 16), (64, 1)):((64, 512), (1, 0))]
    );
    assert_eq!(core::mem::size_of_val(&a), 0);

    // To (64,256): column and row major.
    let a = atom.tile_to_shape((U64::new(), U256::new()));
    let r = rt_tile(&atom.to_dyn(), &t("(64,256)"), &col);
    assert_eq!(format!("{a:#}"), format!("{r:#}"));
    check_pycute("(8,64):(64,1)", "(64,256)", "(0,1)", &a.to_dyn());
    let a = atom.tile_to_shape_ordered((U64::new(), U256::new()), GenRowMajor);
    let b = atom.tile_to_shape_ordered((U64::new(), U256::new()), (U1::new(), U0::new()));
    let r = rt_tile(&atom.to_dyn(), &t("(64,256)"), &row);
    assert_eq!(format!("{a:#}"), format!("{r:#}"));
    assert_eq!(format!("{b:#}"), format!("{r:#}"));
    check_pycute("(8,64):(64,1)", "(64,256)", "(1,0)", &a.to_dyn());

    // A rank-1 block into a rank-2 target: padded with 1:0.
    let a = layout!(4:1).tile_to_shape((U8::new(), U3::new()));
    let r = rt_tile(&layout!(4:1).to_dyn(), &t("(8,3)"), &col);
    assert_eq!(format!("{a:#}"), format!("{r:#}"));
    check_pycute("4:1", "(8,3)", "(0,1)", &a.to_dyn());
    let a = layout!(4:1).tile_to_shape_ordered((U8::new(), U3::new()), GenRowMajor);
    let r = rt_tile(&layout!(4:1).to_dyn(), &t("(8,3)"), &row);
    assert_eq!(format!("{a:#}"), format!("{r:#}"));

    // Three modes, a general permutation order, a nested block.
    let a = layout!((4, 2):(2, 1)).tile_to_shape_ordered(
        (U8::new(), U8::new(), U2::new()),
        (U2::new(), U0::new(), U1::new()),
    );
    let r = rt_tile(
        &layout!((4, 2):(2, 1)).to_dyn(),
        &t("(8,8,2)"),
        &t("(2,0,1)").with_static(true),
    );
    assert_eq!(format!("{a:#}"), format!("{r:#}"));
    check_pycute("(4,2):(2,1)", "(8,8,2)", "(2,0,1)", &a.to_dyn());
    let blk = layout!((8, (8, 8)):(8, (1, 64)));
    let a = blk.tile_to_shape((U128::new(), U64::new(), U3::new()));
    let r = rt_tile(&blk.to_dyn(), &t("(128,64,3)"), &col_major_order(3));
    assert_eq!(format!("{a:#}"), format!("{r:#}"));
    check_pycute("(8,(8,8)):(8,(1,64))", "(128,64,3)", "(0,1,2)", &a.to_dyn());

    // An integral target, a rank-1 tuple target, a nested target mode.
    let a = layout!(4:1).tile_to_shape(U12::new());
    let r = algebra::tile_to_shape(&layout!(4:1).to_dyn(), &t("12"));
    assert_eq!(format!("{a:#}"), format!("{r:#}"));
    let a = layout!(4:1).tile_to_shape((U12::new(),));
    let r = algebra::tile_to_shape(&layout!(4:1).to_dyn(), &t("(12)"));
    assert_eq!(format!("{a:#}"), format!("{r:#}"));
    let a = atom.tile_to_shape(((U4::new(), U32::new()), U64::new()));
    let r = rt_tile(&atom.to_dyn(), &t("((4,32),64)"), &col);
    assert_eq!(format!("{a:#}"), format!("{r:#}"));
    let a = layout!((2, 2):(1, 2)).tile_to_shape_ordered((U4::new(), U6::new()), GenRowMajor);
    check_pycute("(2,2):(1,2)", "(4,6)", "(1,0)", &a.to_dyn());

    // The DynLayout side of the same traits calls the runtime engine.
    let d = dl("(8,64):(64,1)");
    assert_eq!(
        d.tile_to_shape((U128::new(), U64::new())),
        algebra::tile_to_shape(&d, &t("(128,64)"))
    );
    assert_eq!(
        d.tile_to_shape_ordered(&t("(64,256)"), GenRowMajor),
        rt_tile(&d, &t("(64,256)"), &row)
    );
    assert_eq!(
        d.tile_to_shape_ordered(t("(64,256)"), (U1::new(), U0::new())),
        rt_tile(&d, &t("(64,256)"), &row)
    );
    // A static layout with a runtime-structured target: a DynLayout.
    let r: DynLayout = atom.tile_to_shape(t("(128,64)"));
    assert_eq!(r, algebra::tile_to_shape(&atom.to_dyn(), &t("(128,64)")));
}

/// `got` (a mixed result) and `rt` (the runtime engine's) are the same function with the same
/// modes: the same rank, mode sizes, and offset at every index. (The mixed product's complement
/// keeps the modes it cannot prove to be of size 1, so the trees may differ by size-1 modes.)
fn same_layout(got: &DynLayout, rt: &DynLayout) -> Result<(), String> {
    let sizes = |l: &DynLayout| l.modes().map(|m| m.size()).collect::<Vec<_>>();
    if sizes(got) != sizes(rt) || common::values(got) != common::values(rt) {
        return Err(format!("type level {got}, runtime {rt}"));
    }
    Ok(())
}

/// The errors of `tile_to_shape` itself (rank, divisibility, a non-positive target) have the
/// same kind in both engines. Errors of the blocked product it ends with may be named
/// differently by the two engines' products (a non-compact block whose complement does not
/// compose with the grid: `NotDistributive` in the type level's mixed product,
/// `ShapeDivisibility` in the runtime's); those only need to be errors in both.
fn same_error(got: ErrorKind, rt: ErrorKind) -> bool {
    let own = [
        ErrorKind::NotDivisible,
        ErrorKind::RankMismatch,
        ErrorKind::NonPositiveShape,
    ];
    got == rt || !(own.contains(&got) || own.contains(&rt))
}

/// Generic code over both layout kinds.
fn tile_generic<L: cute_layout::ops::TileToShape<(U16, U8)>>(l: &L) -> L::Output {
    l.tile_to_shape((U16::new(), U8::new()))
}

#[test]
fn tile_to_shape_generic_and_mixed() {
    let s = tile_generic(&layout!((4, 2):(2, 1)));
    let d = tile_generic(&dl("(4,2):(2,1)"));
    assert_eq!(s.to_string(), d.to_string());
    // Mixed: runtime leaves stay runtime, static quotients of static sizes stay static.
    let m = Layout::try_new((U4::default(), v(2)), (v(2), U1::default())).unwrap();
    let r = m.tile_to_shape((U16::new(), v(8)));
    same_layout(&r.to_dyn(), &d).unwrap();
    assert_eq!(
        m.try_tile_to_shape((U16::new(), v(7))).unwrap_err().kind(),
        ErrorKind::NotDivisible
    );
    assert_eq!(
        m.try_tile_to_shape((v(6), U8::new())).unwrap_err().kind(),
        ErrorKind::NotDivisible
    );
    assert_eq!(
        m.try_tile_to_shape((v(0), U8::new())).unwrap_err().kind(),
        ErrorKind::NonPositiveShape
    );
    // make_ordered_layout in the type system against the runtime engine.
    use cute_layout::ops::{GenRowMajor, MakeOrderedLayout};
    use cute_layout::IntTuple;
    let t = |s: &str| s.parse::<DynTuple>().unwrap();
    let sh = (U2::new(), (U3::new(), U4::new()), U2::new());
    for (got, order) in [
        (
            sh.make_ordered_layout((U1::new(), U0::new(), U2::new()))
                .to_dyn(),
            "(1,0,2)",
        ),
        (sh.make_ordered_layout(GenRowMajor).to_dyn(), "(2,1,0)"),
        (
            sh.make_ordered_layout((N3::new(), U3::new(), U0::new()))
                .to_dyn(),
            "(-3,3,0)",
        ),
    ] {
        let r = try_make_ordered_layout(&sh.to_dyn(), &t(order).with_static(true)).unwrap();
        assert_eq!(format!("{got:#}"), format!("{r:#}"), "order {order}");
    }
    assert_eq!(
        t("(2,(3,4),2)").make_ordered_layout(GenRowMajor),
        try_make_ordered_layout(&t("(2,(3,4),2)"), &row_major_order(3)).unwrap()
    );
}

/// A compact rank-2 block (sizes 1..4, column- or row-major), the
/// multiples of its sizes that make the target, and the order (row-major or not).
///
/// The blocks are compact: on blocks whose complement does not compose
/// with the grid (`(2,1):(8,0)` into `(2,3,2)`, `(1,2):(0,2)` into `(3,2,2)`), the type level's
/// mixed `blocked_product` itself refuses what the runtime engine's accepts or names the
/// error differently, whatever `tile_to_shape` does.
fn arb_tile_case() -> impl Strategy<Value = (Vec<i64>, Vec<i64>, Vec<i64>, bool)> {
    (
        prop::collection::vec(1i64..5, 2),
        any::<bool>(),
        prop::collection::vec(1i64..5, 3),
        any::<bool>(),
    )
        .prop_map(|(bs, row_block, mult, row)| {
            let bd = if row_block {
                vec![bs[1], 1]
            } else {
                vec![1, bs[0]]
            };
            (bs, bd, mult, row)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(200)))]
    /// Mixed layouts (runtime `i64` leaves) against the runtime engine: the same values, or the
    /// same error kind (a target that the block does not divide).
    #[test]
    fn tile_to_shape_mixed_matches_runtime(
        (bs, bd, mult, row) in arb_tile_case(),
        bump in prop::collection::vec(0i64..2, 3),
    ) {
        use cute_layout::ops::GenRowMajor;
        let t = |x: &[i64]| DynTuple::ints(x.iter().copied());
        // Target sizes: multiples of the block's, off by one where `bump` says so.
        let tg: Vec<i64> = (0..3)
            .map(|i| bs.get(i).copied().unwrap_or(1) * mult[i] + if mult[i] > 1 { bump[i] } else { 0 })
            .collect();
        let order = if row { row_major_order(2) } else { col_major_order(2) };
        let order3 = if row { row_major_order(3) } else { col_major_order(3) };

        // Rank-2 block into a rank-2 target.
        let blk = Layout::try_new((v(bs[0]), v(bs[1])), (v(bd[0]), v(bd[1]))).unwrap();
        let rt = try_tile_to_shape_ordered(&blk.to_dyn(), &t(&tg[..2]), &order);
        let got = if row {
            blk.try_tile_to_shape_ordered((v(tg[0]), v(tg[1])), GenRowMajor).map(|l| l.to_dyn())
        } else {
            blk.try_tile_to_shape((v(tg[0]), v(tg[1]))).map(|l| l.to_dyn())
        };
        match (&got, &rt) {
            (Ok(g), Ok(r)) => prop_assert_eq!(same_layout(g, r), Ok(())),
            (Err(g), Err(r)) => prop_assert!(same_error(g.kind(), r.kind()), "{g} vs {r}"),
            _ => prop_assert!(false, "{blk} to {tg:?}: type level {got:?}, runtime {rt:?}"),
        }

        // Rank-2 block into a rank-3 target.
        let rt = try_tile_to_shape_ordered(&blk.to_dyn(), &t(&tg), &order3);
        let got = if row {
            blk.try_tile_to_shape_ordered((v(tg[0]), v(tg[1]), v(tg[2])), GenRowMajor).map(|l| l.to_dyn())
        } else {
            blk.try_tile_to_shape((v(tg[0]), v(tg[1]), v(tg[2]))).map(|l| l.to_dyn())
        };
        match (&got, &rt) {
            (Ok(g), Ok(r)) => prop_assert_eq!(same_layout(g, r), Ok(())),
            (Err(g), Err(r)) => prop_assert!(same_error(g.kind(), r.kind()), "{g} vs {r}"),
            _ => prop_assert!(false, "{blk} to {tg:?}: type level {got:?}, runtime {rt:?}"),
        }

        // A rank-1 block, half static, into a target with a static mode.
        let blk = Layout::try_new(v(bs[0]), U1::default()).unwrap();
        let rt = try_tile_to_shape_ordered(&blk.to_dyn(), &t(&[tg[0], 4]), &order);
        let got = if row {
            blk.try_tile_to_shape_ordered((v(tg[0]), U4::new()), (U1::new(), U0::new())).map(|l| l.to_dyn())
        } else {
            blk.try_tile_to_shape((v(tg[0]), U4::new())).map(|l| l.to_dyn())
        };
        match (&got, &rt) {
            (Ok(g), Ok(r)) => prop_assert_eq!(same_layout(g, r), Ok(())),
            (Err(g), Err(r)) => prop_assert!(same_error(g.kind(), r.kind()), "{g} vs {r}"),
            _ => prop_assert!(false, "{blk} to {tg:?}: type level {got:?}, runtime {rt:?}"),
        }
    }
}
