//! The non-recursive tree walks: a stack inline up to eight levels, and the iterators over a
//! [`DynTuple`]'s leaves and over a shape's and a stride's leaf pairs.

use alloc::vec::Vec;

use super::{DynInt, DynTuple, MAX_DEPTH};

/// Levels of nesting a [`Stack`] holds without allocating.
const INLINE_LEVELS: usize = 8;

/// The stack of the non-recursive tree walks: the first [`INLINE_LEVELS`] entries inline, the
/// rest on the heap, so that walking a tree of ordinary depth allocates nothing.
pub(super) struct Stack<T> {
    inline: [T; INLINE_LEVELS],
    len: usize,
    spill: Vec<T>,
}

impl<T: Default> Stack<T> {
    pub(super) fn new() -> Self {
        Stack {
            inline: Default::default(),
            len: 0,
            spill: Vec::new(),
        }
    }
    /// The number of entries.
    #[inline]
    pub(super) fn height(&self) -> usize {
        self.len + self.spill.len()
    }
    #[inline]
    pub(super) fn push(&mut self, t: T) {
        if self.len < INLINE_LEVELS {
            self.inline[self.len] = t;
            self.len += 1;
        } else {
            self.spill.push(t);
        }
    }
    #[inline]
    pub(super) fn pop(&mut self) {
        if self.spill.pop().is_none() && self.len > 0 {
            self.len -= 1;
        }
    }
    #[inline]
    pub(super) fn top(&mut self) -> Option<&mut T> {
        if let Some(t) = self.spill.last_mut() {
            Some(t)
        } else if self.len > 0 {
            Some(&mut self.inline[self.len - 1])
        } else {
            None
        }
    }
}

/// The leaves of a [`DynTuple`], left to right, without recursion and (up to
/// [`INLINE_LEVELS`] levels deep) without allocating.
pub(crate) struct Leaves<'a> {
    root: Option<&'a DynInt>,
    stack: Stack<core::slice::Iter<'a, DynTuple>>,
}

impl<'a> Leaves<'a> {
    pub(crate) fn new(t: &'a DynTuple) -> Self {
        let mut stack = Stack::new();
        let root = match t {
            DynTuple::Int(i) => Some(i),
            DynTuple::Tuple(v) => {
                stack.push(v.iter());
                None
            }
        };
        Leaves { root, stack }
    }
}

impl<'a> Iterator for Leaves<'a> {
    type Item = &'a DynInt;
    #[inline]
    fn next(&mut self) -> Option<&'a DynInt> {
        if let Some(i) = self.root.take() {
            return Some(i);
        }
        loop {
            let next = self.stack.top()?.next();
            match next {
                Some(DynTuple::Int(i)) => return Some(i),
                Some(DynTuple::Tuple(v)) => self.stack.push(v.iter()),
                None => self.stack.pop(),
            }
        }
    }
}

/// The leaves of a shape and a stride walked together: `Some(Ok((s, d)))` per leaf pair, left
/// to right, or one `Some(Err(()))` where the two trees differ in structure or nest more than
/// [`MAX_DEPTH`] levels. No recursion; no allocation up to [`INLINE_LEVELS`] levels.
pub(crate) struct LeafPairs<'a> {
    root: Option<(&'a DynInt, &'a DynInt)>,
    stack: Stack<(
        core::slice::Iter<'a, DynTuple>,
        core::slice::Iter<'a, DynTuple>,
    )>,
    failed: bool,
}

impl<'a> LeafPairs<'a> {
    pub(crate) fn new(s: &'a DynTuple, d: &'a DynTuple) -> Self {
        let mut stack = Stack::new();
        let mut root = None;
        let mut failed = false;
        match (s, d) {
            (DynTuple::Int(a), DynTuple::Int(b)) => root = Some((a, b)),
            (DynTuple::Tuple(a), DynTuple::Tuple(b)) if a.len() == b.len() => {
                stack.push((a.iter(), b.iter()))
            }
            _ => failed = true,
        }
        LeafPairs {
            root,
            stack,
            failed,
        }
    }
}

impl<'a> Iterator for LeafPairs<'a> {
    type Item = core::result::Result<(&'a DynInt, &'a DynInt), ()>;
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            self.failed = false;
            self.stack = Stack::new();
            return Some(Err(()));
        }
        if let Some(p) = self.root.take() {
            return Some(Ok(p));
        }
        loop {
            let (a, b) = self.stack.top()?;
            match (a.next(), b.next()) {
                (Some(DynTuple::Int(x)), Some(DynTuple::Int(y))) => return Some(Ok((x, y))),
                (Some(DynTuple::Tuple(x)), Some(DynTuple::Tuple(y)))
                    if x.len() == y.len() && self.stack.height() < MAX_DEPTH =>
                {
                    self.stack.push((x.iter(), y.iter()))
                }
                (None, None) => self.stack.pop(),
                _ => {
                    self.stack = Stack::new();
                    return Some(Err(()));
                }
            }
        }
    }
}
