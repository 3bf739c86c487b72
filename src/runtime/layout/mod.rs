//! Runtime-structured integer tuples and layouts: [`DynTuple`] and [`DynLayout`].
//!
//! A `DynLayout` is a layout whose tree shape is only known at run time — what a layout parsed
//! from text becomes, and what the runtime algebra engine computes on. Every constructor checks
//! the layout invariants, so a `DynLayout` value always satisfies them:
//!
//! * shape and stride are congruent (paper Definition 2.3);
//! * every shape entry is positive (Definition 2.5);
//! * the size, and the sum of `|(s-1)·d|` over all modes, fit in `i64`, so evaluating any
//!   in-bounds coordinate cannot overflow;
//! * shape and stride are nested at most [`MAX_DEPTH`] levels deep, so the recursive
//!   algorithms on them cannot exhaust the stack.
//!
//! A size-1 mode's stride never contributes to an offset, so it may be any `i64`, negative
//! ones and `i64::MIN` included (`1:-9223372036854775808` is a layout).
//!
//! **Deep trees.** A bare [`DynTuple`] can be built nested arbitrarily deep. Its `size`,
//! `depth`, `leaves`, `congruent`, `Display` and `Drop` work at any depth (without recursion;
//! `Drop` recurses at most 16 levels);
//! the other methods, and the derived `Clone`, `PartialEq`, `Hash` and `Debug`, recurse once
//! per level, so check `depth() <= MAX_DEPTH` before using them on untrusted trees.
//! [`DynLayout::new`] and the parsers refuse anything deeper than [`MAX_DEPTH`].

mod coord;
mod dyn_layout;
mod encoding;
mod tuple;
mod walk;

pub use coord::{checked_add, checked_mul, crd2idx};
pub use dyn_layout::DynLayout;
pub(crate) use dyn_layout::{last_path_ends_at_leaf, leaves_within_i64};
pub(crate) use encoding::{node_shape, Node, Tok};
pub use tuple::{DynInt, DynTuple};

/// The deepest nesting of a [`DynTuple`] accepted by [`DynLayout::new`], the text parsers of
/// tuples, layouts and tilers: 64 levels (a plain integer has depth 0, `(4)` depth 1). Deeper
/// input is an [`ErrorKind::TooLarge`](crate::error::ErrorKind::TooLarge) (constructors) or
/// [`ErrorKind::Parse`](crate::error::ErrorKind::Parse) (parsers) error.
pub const MAX_DEPTH: usize = 64;

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::DynLayout;
    use crate::runtime::{try_composition, try_zipped_divide, DynTiler};
    use alloc::format;
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};

    static_assertions::assert_impl_all!(DynLayout: Send, Sync, Clone, Eq, Hash);

    fn l(s: &str) -> DynLayout {
        s.parse().unwrap()
    }
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
                    a.try_eval(&crate::DynTuple::int(i)).unwrap(),
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
        use crate::runtime::{try_coalesce, try_complement, try_composition_layout};
        let list = |v: &[i64]| {
            let s: alloc::vec::Vec<_> = v.iter().map(|x| format!("{x}")).collect();
            s.join(",")
        };
        let layout = |modes: &[(i64, i64)]| {
            let (s, d): (alloc::vec::Vec<i64>, alloc::vec::Vec<i64>) =
                modes.iter().copied().unzip();
            l(&format!("({}):({})", list(&s), list(&d)))
        };
        // A = 2^18:1, B = (2,...,2):(2^17,...,2,1): the result's 17th leaf does not fit.
        let down: alloc::vec::Vec<(i64, i64)> = (0..18).rev().map(|k| (2, 1i64 << k)).collect();
        let (a, b) = (l("262144:1"), layout(&down));
        let r = try_composition_layout(&a, &b).unwrap();
        assert_eq!(r.leaf_pairs().len(), 18);
        for i in 0..b.size() {
            assert_eq!(r.eval(i), a.eval(b.eval(i)), "R({i})");
        }
        // Coalesce: strides 3^k never merge (3^k·2 ≠ 3^(k+1)): all 18 modes stay.
        let odd: alloc::vec::Vec<(i64, i64)> = (0..18).map(|k| (2, 3i64.pow(k))).collect();
        assert_eq!(try_coalesce(&layout(&odd)).unwrap().leaf_pairs(), &odd[..]);
        // complement((2,...,2):(1,4,...,4^16), 4^17): each hole 2:2·4^k (the size-1 hole
        // below stride 1 vanishes), the last one reaching 4^17.
        let spaced: alloc::vec::Vec<(i64, i64)> = (0..17).map(|k| (2, 4i64.pow(k))).collect();
        let holes: alloc::vec::Vec<(i64, i64)> = (0..17).map(|k| (2, 2 * 4i64.pow(k))).collect();
        let c = try_complement(&layout(&spaced), 4i64.pow(17)).unwrap();
        assert_eq!(c.leaf_pairs(), &holes[..]);
    }

    /// Threads reading the trees of one encoded layout at once all see the same trees.
    #[test]
    fn trees_are_built_once_across_threads() {
        let r = try_composition(&l("(4,8):(1,4)"), &l("(2,4):(4,1)")).unwrap();
        let ptrs: alloc::vec::Vec<usize> = std::thread::scope(|s| {
            let hs: alloc::vec::Vec<_> = (0..4)
                .map(|_| s.spawn(|| r.shape() as *const _ as usize))
                .collect();
            hs.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert!(ptrs.iter().all(|&p| p == r.shape() as *const _ as usize));
        assert_eq!(r.shape(), l("(2,4):(4,1)").shape());
    }
}
