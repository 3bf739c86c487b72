//! `DynLayout`'s representation seen from outside: algebra results (held as flat encodings)
//! read as trees, print and parse back, keep their marks, hash and compare as the parsed
//! layout; layouts beyond the fast path's fixed lists keep every leaf; the trees are built
//! once across threads.

use crate::common::{dl as l, flat};
use cute_layout::algebra::{try_composition, try_zipped_divide, DynTiler};
use cute_layout::DynLayout;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

static_assertions::assert_impl_all!(DynLayout: Send, Sync, Clone, Eq, Hash);

fn hash(x: &DynLayout) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

/// An algebra result holds no trees; built on demand, they print and parse back to an
/// equal layout (marks included) with the same hash, rank, depth and size.
#[test]
fn encoded_results_read_as_trees() {
    let (a, b) = (l("(4,8):(8,1)"), l("(2,4):(4,1)"));
    let r = try_composition(&a, &b).unwrap();
    for i in 0..b.size() {
        assert_eq!(r.eval(i), a.eval(b.eval(i)));
    }
    let t: DynTiler = "<2:1,4:1>".parse().unwrap();
    let z = try_zipped_divide(&l("(4,8):(1,4)"), &t).unwrap();
    assert_eq!(format!("{z}"), "((2,4),(2,2)):((1,4),(2,16))");
    for x in [r, z] {
        let parsed = l(&format!("{x:#}"));
        assert_eq!(format!("{x:#}"), format!("{parsed:#}"));
        assert_eq!(x, parsed);
        assert_eq!(hash(&x), hash(&parsed));
        assert_eq!(
            (x.rank(), x.depth(), x.size(), x.cosize()),
            (
                parsed.rank(),
                parsed.depth(),
                parsed.size(),
                parsed.cosize()
            )
        );
        assert_eq!(x.into_parts(), parsed.into_parts());
    }
}

/// Per-leaf static marks survive a clone (which drops the trees and rebuilds them from the
/// encoding), as do the `(1, 0)` entry of an empty last tuple and the rank of a leaf.
#[test]
fn marks_and_empty_tuples_round_trip() {
    for text in [
        "(_4,(2,_3)):(1,(_4,8))",
        "(4,()):(1,())",
        "()",
        "_5:2",
        "((),(3,())):((),(2,()))",
    ] {
        let a = l(text);
        let b = a.clone();
        assert_eq!(format!("{b:#}"), format!("{a:#}"), "{text}");
        assert_eq!(
            b.is_static(),
            a.shape().is_static() && a.stride().is_static(),
            "{text}"
        );
        assert_eq!(
            (b.rank(), b.depth()),
            (a.shape().rank(), a.shape().depth()),
            "{text}"
        );
        for i in 0..a.size() {
            assert_eq!(
                b.eval(i),
                a.try_eval(&cute_layout::DynTuple::int(i)).unwrap(),
                "{text} at {i}"
            );
        }
    }
}

/// Layouts longer than the fast path's fixed lists (16 leaves, 32 nodes) fill them
/// part way and decline: the results, from the reference path, keep every leaf and the
/// paper's postconditions (composition, Eq. 17, by evaluation; coalesce, Eq. 13-15; the
/// complement's modes, Eq. 27-29, derived by hand).
#[test]
fn layouts_beyond_the_fast_lists_are_whole() {
    use cute_layout::algebra::{try_coalesce, try_complement, try_composition_layout};
    let list = |v: &[i64]| {
        let s: Vec<_> = v.iter().map(|x| format!("{x}")).collect();
        s.join(",")
    };
    let layout = |modes: &[(i64, i64)]| {
        let (s, d): (Vec<i64>, Vec<i64>) = modes.iter().copied().unzip();
        l(&format!("({}):({})", list(&s), list(&d)))
    };
    // A = 2^18:1, B = (2,...,2):(2^17,...,2,1): the result's 17th leaf does not fit.
    let down: Vec<(i64, i64)> = (0..18).rev().map(|k| (2, 1i64 << k)).collect();
    let (a, b) = (l("262144:1"), layout(&down));
    let r = try_composition_layout(&a, &b).unwrap();
    assert_eq!(flat(&r).len(), 18);
    for i in 0..b.size() {
        assert_eq!(r.eval(i), a.eval(b.eval(i)), "R({i})");
    }
    // Coalesce: strides 3^k never merge (3^k·2 ≠ 3^(k+1)): all 18 modes stay.
    let odd: Vec<(i64, i64)> = (0..18).map(|k| (2, 3i64.pow(k))).collect();
    assert_eq!(flat(&try_coalesce(&layout(&odd)).unwrap()), odd);
    // complement((2,...,2):(1,4,...,4^16), 4^17): each hole 2:2·4^k (the size-1 hole
    // below stride 1 vanishes), the last one reaching 4^17.
    let spaced: Vec<(i64, i64)> = (0..17).map(|k| (2, 4i64.pow(k))).collect();
    let holes: Vec<(i64, i64)> = (0..17).map(|k| (2, 2 * 4i64.pow(k))).collect();
    let c = try_complement(&layout(&spaced), 4i64.pow(17)).unwrap();
    assert_eq!(flat(&c), holes);
}

/// Threads reading the trees of one encoded layout at once all see the same trees.
#[test]
fn trees_are_built_once_across_threads() {
    let r = try_composition(&l("(4,8):(1,4)"), &l("(2,4):(4,1)")).unwrap();
    let ptrs: Vec<usize> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..4)
            .map(|_| s.spawn(|| r.shape() as *const _ as usize))
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(ptrs.iter().all(|&p| p == r.shape() as *const _ as usize));
    assert_eq!(r.shape(), l("(2,4):(4,1)").shape());
}
