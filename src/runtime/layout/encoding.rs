//! The flat encoding a [`DynLayout`](super::DynLayout) stores: its leaf and node lists, the
//! static marks, the trees built on first use, and the walks over encoded nodes.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::sync::atomic::{AtomicPtr, Ordering};

use smallvec::SmallVec;

use super::DynTuple;

/// The leaves a [`DynLayout`](super::DynLayout) holds without allocating.
pub(crate) const INLINE_LEAVES: usize = 4;
/// The tree nodes (tuples and leaves) a [`DynLayout`](super::DynLayout) holds without allocating.
pub(crate) const INLINE_NODES: usize = 8;
/// A [`DynLayout`](super::DynLayout)'s list of leaves.
pub(crate) type EncLeaves = SmallVec<[(i64, i64); INLINE_LEAVES]>;
/// A [`DynLayout`](super::DynLayout)'s list of nodes.
pub(crate) type EncToks = SmallVec<[Tok; INLINE_NODES]>;

/// A node of a layout's depth-first encoding: a tuple of `n` children (which follow), or a leaf
/// (the next entry of the leaf list).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Tok {
    /// A tuple with this many children, which follow.
    Open(u32),
    /// A leaf.
    Leaf,
}

/// The static marks of a layout's leaves.
#[derive(Clone)]
pub(super) enum Marks {
    /// Every shape leaf marked `shape`, every stride leaf `stride`.
    Uniform { shape: bool, stride: bool },
    /// Per leaf, `(shape, stride)`.
    Each(Vec<(bool, bool)>),
}

impl Marks {
    pub(super) fn get(&self, k: usize) -> (bool, bool) {
        match self {
            Marks::Uniform { shape, stride } => (*shape, *stride),
            Marks::Each(v) => v.get(k).copied().unwrap_or((false, false)),
        }
    }
}

/// A `(shape, stride)` pair built once, on first use, shareable between threads: an atomic
/// pointer to a box, set once (a race builds twice and keeps the first).
pub(super) struct LazyTrees(AtomicPtr<(DynTuple, DynTuple)>);

impl LazyTrees {
    pub(super) fn empty() -> Self {
        LazyTrees(AtomicPtr::new(core::ptr::null_mut()))
    }
    pub(super) fn new(t: (DynTuple, DynTuple)) -> Self {
        LazyTrees(AtomicPtr::new(Box::into_raw(Box::new(t))))
    }
    pub(super) fn get_or_init(
        &self,
        f: impl FnOnce() -> (DynTuple, DynTuple),
    ) -> &(DynTuple, DynTuple) {
        let p = self.0.load(Ordering::Acquire);
        if !p.is_null() {
            // SAFETY: a non-null pointer was set from `Box::into_raw` and is freed only by
            // `take` (through `&mut self`) or drop, so it lives as long as `&self`.
            return unsafe { &*p };
        }
        let new = Box::into_raw(Box::new(f()));
        match self.0.compare_exchange(
            core::ptr::null_mut(),
            new,
            Ordering::AcqRel,
            Ordering::Acquire,
        ) {
            // SAFETY: as above; `new` is now owned by `self`.
            Ok(_) => unsafe { &*new },
            Err(old) => {
                // SAFETY: `new` came from `Box::into_raw` above and was not published.
                drop(unsafe { Box::from_raw(new) });
                // SAFETY: as above for the pointer another thread set.
                unsafe { &*old }
            }
        }
    }
    pub(super) fn get_mut(&mut self) -> Option<&mut (DynTuple, DynTuple)> {
        let p = *self.0.get_mut();
        // SAFETY: a non-null pointer is an owned box (see `get_or_init`); `&mut self` is
        // exclusive.
        (!p.is_null()).then(|| unsafe { &mut *p })
    }
    pub(super) fn take(&mut self) -> Option<(DynTuple, DynTuple)> {
        let p = core::mem::replace(self.0.get_mut(), core::ptr::null_mut());
        // SAFETY: a non-null pointer is an owned box, now unpublished.
        (!p.is_null()).then(|| *unsafe { Box::from_raw(p) })
    }
}

impl Drop for LazyTrees {
    fn drop(&mut self) {
        drop(self.take());
    }
}

/// One node of a layout's encoding: its tokens and its leaves.
#[derive(Clone, Copy)]
pub(crate) struct Node<'a> {
    /// The tokens, depth first (the first is the node's own).
    pub(crate) toks: &'a [Tok],
    /// The leaves `(s, d)`, in order.
    pub(crate) leaves: &'a [(i64, i64)],
}

impl<'a> Node<'a> {
    /// Whether the node is a leaf.
    pub(crate) fn is_leaf(&self) -> bool {
        matches!(self.toks.first(), Some(Tok::Leaf))
    }
    /// The children of a tuple node, in order; a leaf is its own only child (CuTe's
    /// convention, as [`DynTuple::elements`]).
    pub(crate) fn children(self) -> impl Iterator<Item = Node<'a>> {
        let (n, mut toks) = match self.toks.split_first() {
            Some((Tok::Open(n), rest)) => (*n as usize, rest),
            _ => (1, self.toks),
        };
        let mut leaves = self.leaves;
        (0..n).map(move |_| {
            let (t, l) = extent(toks);
            let child = Node {
                toks: &toks[..t],
                leaves: &leaves[..l],
            };
            toks = &toks[t..];
            leaves = &leaves[l..];
            child
        })
    }
    /// The number of children (1 for a leaf).
    pub(crate) fn rank(&self) -> usize {
        match self.toks.first() {
            Some(Tok::Open(n)) => *n as usize,
            _ => 1,
        }
    }
}

/// The tokens and leaves of the node that `toks` starts with (a well-formed encoding).
fn extent(toks: &[Tok]) -> (usize, usize) {
    let (mut pending, mut t, mut l) = (1usize, 0usize, 0usize);
    while pending > 0 {
        match toks.get(t) {
            Some(Tok::Open(n)) => pending += *n as usize,
            Some(Tok::Leaf) => l += 1,
            None => break,
        }
        pending -= 1;
        t += 1;
    }
    (t, l)
}

/// Whether the size of leaves is at most `u32::MAX` (`DynLayout::small`). The size fits i64
/// (an invariant): the product cannot overflow.
#[inline]
pub(super) fn is_small(leaves: &[(i64, i64)]) -> bool {
    leaves
        .iter()
        .try_fold(1u64, |p, &(s, _)| {
            let p = p * s as u64;
            (p <= u32::MAX as u64).then_some(p)
        })
        .is_some()
}

/// The leaves and the depth of the single node that `toks` encodes; `None` unless `toks` is
/// exactly one node.
pub(crate) fn node_shape(toks: &[Tok]) -> Option<(usize, usize)> {
    // Each open tuple's remaining children, innermost last.
    let mut open: SmallVec<[u32; 16]> = SmallVec::new();
    let (mut leaves, mut depth) = (0usize, 0usize);
    for (i, t) in toks.iter().enumerate() {
        if i > 0 {
            // The node `t` fills a child slot of the innermost open tuple.
            loop {
                match open.last_mut() {
                    Some(0) => {
                        open.pop();
                    }
                    Some(r) => {
                        *r -= 1;
                        break;
                    }
                    None => return None, // a second node after the first
                }
            }
        }
        match *t {
            Tok::Open(n) => {
                open.push(n);
                depth = depth.max(open.len());
            }
            Tok::Leaf => leaves += 1,
        }
    }
    if toks.is_empty() || open.iter().any(|&r| r != 0) {
        return None;
    }
    Some((leaves, depth))
}
