//! Property tests of the layout algebra against the paper's postconditions, by brute force
//! (every coordinate evaluated). `paper` = `shared/reference/cute-paper-layout-algebra.md`.

use std::collections::BTreeSet;

use cute_layout::algebra::*;
use cute_layout::{DynLayout, DynTuple, ErrorKind};
use proptest::prelude::*;

const CASES: u32 = 2000;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: CASES,
        max_global_rejects: 100_000,
        ..ProptestConfig::default()
    }
}

// ---------- generators ----------

/// A shape tree of depth ≤ 3 with leaves 1..=8 (non-powers of two included), size ≤ `max`.
fn shape(max: i64) -> impl Strategy<Value = DynTuple> {
    let leaf = prop_oneof![3 => 1i64..=4, 2 => 5i64..=8].prop_map(DynTuple::int);
    leaf.prop_recursive(3, 8, 3, |inner| {
        prop::collection::vec(inner, 1..=3).prop_map(DynTuple::Tuple)
    })
    .prop_map(move |s| cap(s, max))
}

/// Halve the largest leaves until the size is at most `max`.
fn cap(mut s: DynTuple, max: i64) -> DynTuple {
    fn largest(t: &mut DynTuple) -> Option<&mut i64> {
        match t {
            DynTuple::Int(i) => Some(&mut i.value),
            DynTuple::Tuple(v) => v.iter_mut().filter_map(largest).max_by_key(|x| **x),
        }
    }
    while s.size().unwrap() > max {
        let x = largest(&mut s).unwrap();
        *x = (*x / 2).max(1);
    }
    s
}

fn with_strides(s: &DynTuple, mut it: impl Iterator<Item = i64>) -> DynTuple {
    fn go(s: &DynTuple, it: &mut dyn Iterator<Item = i64>) -> DynTuple {
        match s {
            DynTuple::Int(_) => DynTuple::int(it.next().unwrap()),
            DynTuple::Tuple(v) => DynTuple::Tuple(v.iter().map(|t| go(t, it)).collect()),
        }
    }
    go(s, &mut it)
}

/// A random hierarchical layout: size ≤ `max`, strides in `lo..=hi` (0 often).
fn layout(max: i64, lo: i64, hi: i64) -> impl Strategy<Value = DynLayout> {
    shape(max).prop_flat_map(move |s| {
        let n = s.leaves().count();
        let stride = prop_oneof![1 => Just(0i64), 4 => lo..=hi];
        prop::collection::vec(stride, n)
            .prop_map(move |d| DynLayout::new(s.clone(), with_strides(&s, d.into_iter())).unwrap())
    })
}

// ---------- brute-force helpers ----------

fn values(l: &DynLayout) -> Vec<i64> {
    (0..l.size()).map(|i| l.eval(i)).collect()
}
fn image(l: &DynLayout) -> BTreeSet<i64> {
    values(l).into_iter().collect()
}
fn injective(l: &DynLayout) -> bool {
    image(l).len() as i64 == l.size()
}
fn flat(l: &DynLayout) -> Vec<(i64, i64)> {
    l.shape().leaves().zip(l.stride().leaves()).collect()
}
/// Some pair of modes (size > 1, stride > 0) where one starts inside the other's span.
fn interleaved(l: &DynLayout) -> bool {
    let m: Vec<_> = flat(l)
        .into_iter()
        .filter(|&(s, d)| s > 1 && d > 0)
        .collect();
    m.iter().enumerate().any(|(i, &(si, di))| {
        m.iter()
            .enumerate()
            .any(|(j, &(_, dj))| i != j && di <= dj && dj < si * di)
    })
}

/// All ordered factorizations of `n` into factors > 1 (`[1]` for 1).
fn factorizations(n: i64) -> Vec<Vec<i64>> {
    if n == 1 {
        return vec![vec![]];
    }
    let mut out = vec![];
    for f in 2..=n {
        if n % f == 0 {
            for mut rest in factorizations(n / f) {
                rest.insert(0, f);
                out.push(rest);
            }
        }
    }
    out
}

/// Whether some layout whose flat shape refines `sizes` (leaf by leaf, in order) has the
/// values `f` (strides are forced: the value at each unit coordinate).
fn representable(f: &[i64], sizes: &[i64]) -> bool {
    let per_leaf: Vec<Vec<Vec<i64>>> = sizes.iter().map(|&n| factorizations(n)).collect();
    let mut idx = vec![0usize; sizes.len()];
    loop {
        let shape: Vec<i64> = per_leaf
            .iter()
            .zip(&idx)
            .flat_map(|(v, &k)| v[k].clone())
            .collect();
        let mut prefix = 1i64;
        let strides: Vec<i64> = shape
            .iter()
            .map(|&s| {
                let d = f[prefix as usize];
                prefix *= s;
                d
            })
            .collect();
        let ok = (0..f.len()).all(|i| {
            let (mut rest, mut v) = (i as i64, 0i64);
            for (s, d) in shape.iter().zip(&strides) {
                v += (rest % s) * d;
                rest /= s;
            }
            v == f[i]
        });
        if ok {
            return true;
        }
        // next combination
        let mut k = 0;
        loop {
            if k == idx.len() {
                return false;
            }
            idx[k] += 1;
            if idx[k] < per_leaf[k].len() {
                break;
            }
            idx[k] = 0;
            k += 1;
        }
    }
}

/// The values `A(B(i))`, if they can all be evaluated.
fn composed_values(a: &DynLayout, b: &DynLayout) -> Option<Vec<i64>> {
    (0..b.size())
        .map(|i| a.try_eval(&DynTuple::int(b.eval(i))).ok())
        .collect()
}

/// Whether no layout of a shape refining B's gives `A(B(i))` (brute force; sizes beyond the
/// engine's exact-search limit are decided by the paper's conditions alone).
fn no_layout_composes(a: &DynLayout, b: &DynLayout) -> bool {
    match composed_values(a, b) {
        None => true,
        Some(f) => {
            let sizes: Vec<i64> = b.shape().leaves().collect();
            b.size() > EXACT_SEARCH_LIMIT || !representable(&f, &sizes)
        }
    }
}

fn tl(l: &DynLayout) -> DynTiler {
    DynTiler::from(l.clone())
}

// ---------- coalesce, filter (paper §3.2, Eq. 13-15) ----------

proptest! {
    #![proptest_config(config())]

    #[test]
    fn coalesce_eq_13_15(a in layout(256, -20, 40)) {
        let c = coalesce(&a);
        prop_assert_eq!(c.size(), a.size()); // Eq. 13
        prop_assert!(c.depth() <= 1); // Eq. 14
        prop_assert_eq!(values(&c), values(&a)); // Eq. 15
        // minimal rank: no size-1 modes (unless 1:0) and no mergeable neighbours
        let m = flat(&c);
        if c.size() == 1 {
            prop_assert_eq!(m, vec![(1, 0)]);
        } else {
            prop_assert!(m.iter().all(|&(s, _)| s > 1));
            prop_assert!(m.windows(2).all(|w| w[1].1 != w[0].0 * w[0].1));
        }
        prop_assert_eq!(c.rank() == 1, c.shape().is_int());
    }

    #[test]
    fn coalesce_by_mode_eq_12(a in layout(256, -20, 40)) {
        let profile = DynTuple::Tuple(vec![DynTuple::int(1); a.rank()]);
        let c = coalesce_by_mode(&a, &profile);
        prop_assert_eq!(values(&c), values(&a));
        prop_assert_eq!(c.rank(), a.rank());
        for (cm, am) in c.modes().zip(a.modes()) {
            prop_assert!(cm.depth() <= 1);
            prop_assert_eq!(values(&cm), values(&am));
        }
    }

    #[test]
    fn filter_keeps_image(a in layout(256, -20, 40)) {
        let fz = filter_zeros(&a);
        prop_assert!(fz.shape().congruent(a.shape()));
        prop_assert_eq!(image(&fz), image(&a));
        let f = filter(&a);
        prop_assert_eq!(image(&f), image(&a));
        prop_assert!(f.size() == 1 || flat(&f).iter().all(|&(_, d)| d != 0));
        prop_assert_eq!(values(&f), values(&coalesce(&fz)));
    }
}

// ---------- composition (paper §3.3, Eq. 16-17) ----------

fn check_composition(a: &DynLayout, b: &DynLayout) -> Result<bool, TestCaseError> {
    let f = composed_values(a, b);
    match try_composition(a, b) {
        Ok(r) => {
            prop_assert!(
                b.shape().compatible(r.shape()),
                "Eq. 16: {} not compatible with {}",
                b,
                r
            ); // Eq. 16
            let f = f.expect("values of A(B(i)) fit");
            prop_assert_eq!(values(&r), f, "Eq. 17 for {} ∘ {} = {}", a, b, r); // Eq. 17
            Ok(true)
        }
        Err(e) => {
            prop_assert!(e.kind() != ErrorKind::Overflow || f.is_none());
            prop_assert!(b.size() <= EXACT_SEARCH_LIMIT);
            prop_assert!(
                no_layout_composes(a, b),
                "{} ∘ {} refused ({}) but a layout exists",
                a,
                b,
                e
            );
            Ok(false)
        }
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn composition_eq_16_17(a in layout(128, -10, 40), b in layout(64, 0, 24)) {
        check_composition(&a, &b)?;
    }

    /// Compositions inside A's domain, where the paper's conditions decide most cases.
    #[test]
    fn composition_in_domain(a in layout(256, 0, 64), b in layout(32, 0, 12)) {
        prop_assume!(b.cosize() <= a.size());
        check_composition(&a, &b)?;
    }

    /// By-mode composition with tilers (paper §3.3.5, Eq. 12).
    #[test]
    fn composition_tiler(a0 in layout(16, 0, 20), a1 in layout(16, 0, 20), b0 in layout(8, 0, 6), b1 in layout(8, 0, 6)) {
        let a = make_layout(&[a0.clone(), a1.clone()]);
        let t = DynTiler::Tuple(vec![tl(&b0), tl(&b1)]);
        match (try_composition(&a, &t), try_composition(&a0, &b0), try_composition(&a1, &b1)) {
            (Ok(r), Ok(r0), Ok(r1)) => {
                prop_assert_eq!(r.rank(), 2);
                prop_assert_eq!(values(&r.mode(0).unwrap()), values(&r0));
                prop_assert_eq!(values(&r.mode(1).unwrap()), values(&r1));
                check_composition(&a0, &b0)?;
                check_composition(&a1, &b1)?;
            }
            (Err(_), r0, r1) => prop_assert!(r0.is_err() || r1.is_err()),
            (Ok(_), _, _) => prop_assert!(false, "by-mode succeeded where a mode fails"),
        }
        // `_` keeps a mode and modes beyond the tiler are kept
        let skip = DynTiler::Tuple(vec![DynTiler::Skip, tl(&b1)]);
        if let Ok(r) = try_composition(&a, &skip) {
            prop_assert_eq!(r.mode(0).unwrap(), a0.clone());
        }
        if let Ok(r) = try_composition(&a, &DynTiler::Tuple(vec![tl(&b0)])) {
            prop_assert_eq!(r.mode(1).unwrap(), a1.clone());
        }
    }

    /// T1 associativity where Eq. 18 holds: image(C) ⊆ Z(B), image(B) ⊆ Z(A).
    #[test]
    fn composition_associative_t1(a in layout(64, 0, 30), b in layout(32, 0, 8), c in layout(16, 0, 6)) {
        prop_assume!(image(&c).iter().all(|&x| x < b.size()));
        prop_assume!(image(&b).iter().all(|&x| x < a.size()));
        if let (Ok(ab), Ok(bc)) = (try_composition(&a, &b), try_composition(&b, &c)) {
            if let (Ok(l), Ok(r)) = (try_composition(&ab, &c), try_composition(&a, &bc)) {
                prop_assert_eq!(values(&l), values(&r));
            }
        }
    }
}

// ---------- complement (paper §3.5, Eq. 27-29) ----------

proptest! {
    #![proptest_config(config())]

    #[test]
    fn complement_eq_27_29(a in layout(64, 0, 40), m in 1i64..=300) {
        match try_complement(&a, m) {
            Ok(r) => {
                let img = image(&a);
                let n = r.size();
                // Eq. 29 (ordered) and Eq. 28 (disjoint), on the extended domain too
                for x in 1..n + 4 {
                    prop_assert!(r.eval(x - 1) < r.eval(x), "Eq. 29 at {} for {}", x, r);
                    prop_assert!(!img.contains(&r.eval(x)), "Eq. 28: R({}) in image of {}", x, a);
                }
                // coverage: the repetitions of R reach M (its first offset past its domain)
                prop_assert!(r.eval(n) >= m, "coverage: {} at {} is below {}", r, n, m);
                // with divisible nesting, (A, R) tiles [0, |image A|·size R) exactly once
                let mut modes: Vec<_> = flat(&a).into_iter().filter(|&(s, d)| s > 1 && d > 0).collect();
                modes.sort_by_key(|m| m.1);
                let mut cur = 1;
                let divisible = modes.iter().all(|&(s, d)| { let ok = d % cur == 0; cur = s * d; ok });
                if divisible {
                    let sums: Vec<i64> = img.iter().flat_map(|&x| values(&r).into_iter().map(move |y| x + y)).collect();
                    let set: BTreeSet<i64> = sums.iter().copied().collect();
                    prop_assert_eq!(set.len(), sums.len());
                    prop_assert_eq!(set, (0..sums.len() as i64).collect::<BTreeSet<_>>());
                    prop_assert!(sums.len() as i64 >= m);
                }
            }
            Err(e) => {
                prop_assert_eq!(e.kind(), ErrorKind::NotInjective);
                prop_assert!(interleaved(&a), "{} refused but its modes nest", a);
            }
        }
        // non-injective layouts (without stride-0 modes) are always refused
        if flat(&a).iter().all(|&(s, d)| s == 1 || d > 0) && !injective(&a) {
            prop_assert!(try_complement(&a, m).is_err());
        }
    }

    #[test]
    fn complement_full_is_cosize(a in layout(64, 0, 40)) {
        prop_assert_eq!(try_complement_full(&a).ok(), try_complement(&a, a.cosize()).ok());
    }
}

// ---------- inverses (paper §3.4, Eq. 24, 26) ----------

proptest! {
    #![proptest_config(config())]

    #[test]
    fn right_inverse_eq_24(a in layout(256, 0, 40)) {
        let r = right_inverse(&a);
        prop_assert!(injective(&r));
        for k in 0..r.size() {
            prop_assert_eq!(a.eval(r.eval(k)), k, "Eq. 24 at {} for {} and {}", k, a, r);
        }
        if injective(&a) {
            // largest: [0, size(R)) is the longest prefix of naturals in the image
            let img = image(&a);
            let m = (0..).take_while(|x| img.contains(x)).count() as i64;
            prop_assert_eq!(r.size(), m);
        }
    }

    #[test]
    fn left_inverse_eq_26(a in layout(256, 0, 40)) {
        match try_left_inverse(&a) {
            Ok(r) => {
                for k in 0..a.size() {
                    let x = a.eval(k);
                    prop_assert_eq!(a.eval(r.eval(x)), x, "Eq. 26 at {} for {} and {}", k, a, r);
                    if injective(&a) {
                        prop_assert_eq!(r.eval(x), k);
                    }
                }
            }
            Err(e) => {
                // documented contract: modes must nest and strides divide
                let mut m: Vec<_> = flat(&coalesce(&a)).into_iter().filter(|&(s, d)| s > 1 && d > 0).collect();
                m.sort_by_key(|x| x.1);
                let divides = m.windows(2).all(|w| w[1].1 % w[0].1 == 0);
                prop_assert!(interleaved(&a) || !divides, "{} refused: {}", a, e);
            }
        }
    }
}

// ---------- divides (paper §3.5.2; T2, T4) ----------

proptest! {
    #![proptest_config(config())]

    #[test]
    fn logical_divide_t2(a in layout(128, 0, 40), b in layout(16, 0, 12)) {
        match try_logical_divide(&a, &b) {
            Ok(r) => {
                prop_assert_eq!(r.rank(), 2);
                let tile = r.mode(0).unwrap();
                prop_assert!(b.shape().compatible(tile.shape()));
                for i in 0..b.size() {
                    prop_assert_eq!(tile.eval(i), a.eval(b.eval(i)), "T2 at {}", i); // T2
                }
                // every coordinate: R(c) = A((B, B*)(c)), B* the complement w.r.t. size(A)
                let bstar = make_layout(&[b.clone(), r.mode(1).map(|_| complement(&b, a.size())).unwrap()]);
                let vs = values(&r);
                for (i, v) in vs.iter().enumerate() {
                    prop_assert_eq!(*v, a.try_eval(&DynTuple::int(bstar.eval(i as i64))).unwrap());
                }
                // T4: zipped/tiled/flat put A ∘ B first
                prop_assert_eq!(zipped_divide(&a, &b), r.clone());
                prop_assert_eq!(tiled_divide(&a, &b).mode(0).unwrap(), tile.clone());
                let fl = flat_divide(&a, &b);
                prop_assert_eq!(fl.rank(), tile.rank() + r.mode(1).unwrap().rank());
            }
            Err(e) => {
                match try_complement(&b, a.size()) {
                    Err(_) => prop_assert!(interleaved(&b)),
                    Ok(bs) => {
                        let bb = make_layout(&[b.clone(), bs]);
                        prop_assert!(no_layout_composes(&a, &bb), "refused: {}", e);
                    }
                }
            }
        }
    }

    #[test]
    fn divide_by_mode_t4(a0 in layout(32, 0, 30), a1 in layout(32, 0, 30), b0 in layout(8, 0, 6), b1 in layout(8, 0, 6)) {
        let a = make_layout(&[a0.clone(), a1.clone()]);
        let t = DynTiler::Tuple(vec![tl(&b0), tl(&b1)]);
        if let Ok(z) = try_zipped_divide(&a, &t) {
            prop_assert_eq!(z.rank(), 2);
            let tile = z.mode(0).unwrap();
            // T4: the tile mode is A ∘ <B0, B1>, evaluated at natural coordinates (i, j)
            for i in 0..b0.size() {
                for j in 0..b1.size() {
                    let c = DynTuple::tuple([DynTuple::int(i), DynTuple::int(j)]);
                    prop_assert_eq!(tile.try_eval(&c).unwrap(), a0.eval(b0.eval(i)) + a1.eval(b1.eval(j)));
                }
            }
            let ld = logical_divide(&a, &t);
            prop_assert_eq!(ld.rank(), 2);
            prop_assert_eq!(ld.mode(0).unwrap().mode(0).unwrap(), tile.mode(0).unwrap());
            let td = tiled_divide(&a, &t);
            prop_assert_eq!(td.mode(0).unwrap(), tile.clone());
            prop_assert_eq!(td.rank(), 3);
            let fd = flat_divide(&a, &t);
            prop_assert_eq!(fd.rank(), 4);
            prop_assert_eq!(fd.mode(0).unwrap(), tile.mode(0).unwrap());
            prop_assert_eq!(image(&z), image(&ld));
        } else {
            prop_assert!(try_logical_divide(&a0, &b0).is_err() || try_logical_divide(&a1, &b1).is_err());
        }
    }
}

// ---------- products (paper §3.5.1; T3, T5) ----------

proptest! {
    #![proptest_config(config())]

    #[test]
    fn logical_product_t3(a in layout(16, 0, 20), b in layout(16, 0, 10)) {
        match try_logical_product(&a, &b) {
            Ok(r) => {
                prop_assert_eq!(r.mode(0).unwrap(), a.clone()); // T3
                let grid = r.mode(1).unwrap();
                prop_assert!(b.shape().compatible(grid.shape()));
                let astar = complement(&a, a.size() * b.cosize());
                for i in 0..b.size() {
                    prop_assert_eq!(grid.eval(i), astar.try_eval(&DynTuple::int(b.eval(i))).unwrap());
                }
                if injective(&a) && injective(&b) {
                    prop_assert!(injective(&r), "{} ⊗ {} = {} is not injective", a, b, r);
                }
                // zipped/tiled/flat groupings of a layout tiler
                prop_assert_eq!(zipped_product(&a, &b), r.clone());
                prop_assert_eq!(tiled_product(&a, &b).mode(0).unwrap(), a.clone());
                prop_assert_eq!(flat_product(&a, &b).size(), r.size());
            }
            Err(e) => match try_complement(&a, a.size() * b.cosize()) {
                Err(_) => prop_assert!(interleaved(&a)),
                Ok(astar) => {
                    prop_assert!(no_layout_composes(&astar, &b), "refused: {}", e);
                }
            },
        }
    }

    #[test]
    fn blocked_raked_t5(a in layout(16, 0, 20), b in layout(16, 0, 10)) {
        if let Ok(bl) = try_blocked_product(&a, &b) {
            let r = a.rank().max(b.rank());
            prop_assert_eq!(bl.rank(), r); // T5
            prop_assert_eq!(bl.size(), a.size() * b.size());
            let ra = raked_product(&a, &b);
            prop_assert_eq!(ra.rank(), r); // T5
            for (i, am) in a.modes().enumerate() {
                prop_assert_eq!(bl.mode(i).unwrap().mode(0).unwrap(), am.clone()); // blocks of A
                prop_assert_eq!(ra.mode(i).unwrap().mode(1).unwrap(), am);
            }
            // same function as the logical product up to a permutation of coordinates
            let mut x = values(&bl);
            let mut y = values(&ra);
            x.sort();
            y.sort();
            prop_assert_eq!(x, y);
        }
    }
}

// ---------- vectorization (paper §3.4.2, Eq. 25) ----------

proptest! {
    #![proptest_config(config())]

    #[test]
    fn max_common_vector_eq_25(s in shape(128), perm_a in any::<u64>(), perm_b in any::<u64>()) {
        // two layouts over the same shape: compact strides in random mode orders
        let leaves: Vec<i64> = s.leaves().collect();
        let strides = |seed: u64| {
            let mut order: Vec<usize> = (0..leaves.len()).collect();
            let mut x = seed;
            for i in (1..order.len()).rev() {
                order.swap(i, (x % (i as u64 + 1)) as usize);
                x /= i as u64 + 1;
            }
            let mut d = vec![0; leaves.len()];
            let mut acc = 1;
            for &k in &order { d[k] = acc; acc *= leaves[k]; }
            d
        };
        let a = DynLayout::new(s.clone(), with_strides(&s, strides(perm_a).into_iter())).unwrap();
        let b = DynLayout::new(s.clone(), with_strides(&s, strides(perm_b).into_iter())).unwrap();
        let k = max_common_vector(&a, &b);
        let l = max_common_layout(&a, &b);
        prop_assert!(k >= 1);
        prop_assert_eq!(l.size(), k);
        for x in 0..k {
            let c = l.eval(x);
            prop_assert_eq!(a.eval(c), x);
            prop_assert_eq!(b.eval(c), x);
        }
        // largest: the next offset is not at a common coordinate (both are bijections)
        let pos = |m: &DynLayout, x: i64| (0..m.size()).find(|&i| m.eval(i) == x);
        if k < a.size() {
            prop_assert_ne!(pos(&a, k), pos(&b, k));
        }
    }
}

proptest! {
    #![proptest_config(config())]

    /// Two arbitrary layouts of one shape (stride 0, gaps, overlaps): the common vector is
    /// where both produce offsets 0..K at the same coordinates.
    #[test]
    fn max_common_vector_general(a in layout(128, 0, 40), seed in prop::collection::vec(0i64..=40, 8)) {
        let b = DynLayout::new(a.shape().clone(), with_strides(a.shape(), seed.into_iter().cycle())).unwrap();
        if let Ok(k) = try_max_common_vector(&a, &b) {
            let l = max_common_layout(&a, &b);
            prop_assert!(k >= 1);
            prop_assert_eq!(l.size(), k);
            for x in 0..k {
                let c = l.eval(x);
                prop_assert!(c < a.size());
                prop_assert_eq!(a.eval(c), x);
                prop_assert_eq!(b.eval(c), x);
            }
        } else {
            prop_assert!(try_composition(&a, &right_inverse(&b)).is_err());
        }
    }

    /// `try_` forms never panic, whatever the numbers: errors (overflow included) instead.
    #[test]
    fn no_panics_on_large_values(
        s in prop::collection::vec(1i64..=1 << 20, 1..=4),
        d in prop::collection::vec(-(1i64 << 40)..=1 << 40, 4),
        s2 in prop::collection::vec(1i64..=1 << 20, 1..=3),
        d2 in prop::collection::vec(0i64..=1 << 40, 3),
        m in 1i64..=i64::MAX,
    ) {
        let mk = |s: &[i64], d: &[i64]| DynLayout::new(DynTuple::ints(s.iter().copied()), DynTuple::ints(d.iter().copied().take(s.len())));
        let (Ok(a), Ok(b)) = (mk(&s, &d), mk(&s2, &d2)) else { return Ok(()) };
        let _ = try_coalesce(&a);
        let _ = try_composition(&a, &b);
        let _ = try_composition(&b, &a);
        let _ = try_complement(&b, m);
        let _ = try_complement_full(&a);
        let _ = try_right_inverse(&a);
        let _ = try_left_inverse(&b);
        let _ = try_logical_divide(&b, &a);
        let _ = try_logical_product(&b, &b);
        let _ = try_blocked_product(&b, &b);
        let _ = try_raked_product(&a, &b);
        let _ = try_max_common_vector(&b, &b);
        let _ = try_zipped_divide(&a, &DynTiler::Tuple(vec![DynTiler::from(b.clone())]));
    }
}
