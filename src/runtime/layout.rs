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

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::sync::atomic::{AtomicPtr, Ordering};

use smallvec::SmallVec;

use crate::error::{ErrorKind, LayoutError, Result};

/// The deepest nesting of a [`DynTuple`] accepted by [`DynLayout::new`], the text parsers of
/// tuples, layouts and tilers: 64 levels (a plain integer has depth 0, `(4)` depth 1). Deeper
/// input is an [`ErrorKind::TooLarge`] (constructors) or [`ErrorKind::Parse`] (parsers) error.
pub const MAX_DEPTH: usize = 64;

/// A leaf of a [`DynTuple`]: a value, and whether it was a compile-time constant where it came
/// from (printed with a leading `_` by the alternate `{:#}` form, as CuTe C++ prints `_4`).
///
/// Equality and hashing ignore `is_static`: `_4` and `4` are the same integer.
#[derive(Clone, Copy, Debug)]
pub struct DynInt {
    /// The integer.
    pub value: i64,
    /// Whether the value was known at compile time.
    pub is_static: bool,
}

impl PartialEq for DynInt {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}
impl Eq for DynInt {}
impl core::hash::Hash for DynInt {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.value.hash(state)
    }
}

impl DynInt {
    /// A runtime (dynamic) integer.
    pub const fn dynamic(value: i64) -> Self {
        DynInt {
            value,
            is_static: false,
        }
    }
    /// A compile-time (static) integer.
    pub const fn fixed(value: i64) -> Self {
        DynInt {
            value,
            is_static: true,
        }
    }
}

/// A runtime-structured `IntTuple` (paper Definition 2.2, an `HTuple` of integers):
/// either an integer or a tuple of `DynTuple`s.
///
/// ```
/// use cute_layout::DynTuple;
/// let t = DynTuple::tuple([DynTuple::int(4), DynTuple::tuple([DynTuple::int(2), DynTuple::int(2)])]);
/// assert_eq!((t.rank(), t.depth(), t.size().unwrap()), (2, 2, 16));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DynTuple {
    /// An integer leaf.
    Int(DynInt),
    /// A tuple of sub-tuples (possibly empty).
    Tuple(Vec<DynTuple>),
}

/// Dropping without recursion: a tree nested far deeper than [`MAX_DEPTH`] (built by hand)
/// would otherwise overflow the stack when dropped.
impl Drop for DynTuple {
    fn drop(&mut self) {
        if let DynTuple::Tuple(v) = self {
            if v.iter().all(DynTuple::is_int) || v.iter().all(|t| nested_at_most(t, DROP_RECURSION))
            {
                // The plain drop recurses at most `DROP_RECURSION` levels (each sub-tree's own
                // drop makes the same bounded check): no heap stack, no reallocation.
                return;
            }
            let mut stack = core::mem::take(v);
            while let Some(mut t) = stack.pop() {
                if let DynTuple::Tuple(inner) = &mut t {
                    stack.append(inner);
                }
                // `t` is now a leaf or an empty tuple: dropping it does not recurse.
            }
        }
    }
}

/// The nesting below which [`DynTuple`]'s drop lets the plain (recursive) drop run.
const DROP_RECURSION: usize = 16;

/// Whether `t` is nested at most `budget` levels deep (recursion bounded by `budget`).
#[inline]
fn nested_at_most(t: &DynTuple, budget: usize) -> bool {
    match t {
        DynTuple::Int(_) => true,
        DynTuple::Tuple(v) => budget > 0 && v.iter().all(|c| nested_at_most(c, budget - 1)),
    }
}

impl From<i64> for DynTuple {
    fn from(v: i64) -> Self {
        DynTuple::int(v)
    }
}

impl DynTuple {
    /// A dynamic integer leaf.
    pub fn int(v: i64) -> Self {
        DynTuple::Int(DynInt::dynamic(v))
    }
    /// A static integer leaf.
    pub fn fixed(v: i64) -> Self {
        DynTuple::Int(DynInt::fixed(v))
    }
    /// A tuple of the given elements.
    pub fn tuple(items: impl IntoIterator<Item = DynTuple>) -> Self {
        DynTuple::Tuple(items.into_iter().collect())
    }
    /// A flat tuple of dynamic integers.
    pub fn ints(items: impl IntoIterator<Item = i64>) -> Self {
        DynTuple::Tuple(items.into_iter().map(DynTuple::int).collect())
    }

    /// Whether this is an integer leaf.
    pub fn is_int(&self) -> bool {
        matches!(self, DynTuple::Int(_))
    }
    /// The leaf value, if this is a leaf.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            DynTuple::Int(i) => Some(i.value),
            DynTuple::Tuple(_) => None,
        }
    }
    /// Whether every leaf is static.
    pub fn is_static(&self) -> bool {
        match self {
            DynTuple::Int(i) => i.is_static,
            DynTuple::Tuple(v) => v.iter().all(DynTuple::is_static),
        }
    }
    /// The same tuple with every leaf marked static (`true`) or dynamic (`false`).
    pub fn with_static(&self, is_static: bool) -> DynTuple {
        match self {
            DynTuple::Int(i) => DynTuple::Int(DynInt {
                value: i.value,
                is_static,
            }),
            DynTuple::Tuple(v) => {
                DynTuple::Tuple(v.iter().map(|t| t.with_static(is_static)).collect())
            }
        }
    }

    /// Marks every leaf static (`true`) or dynamic (`false`) in place. Recurses once per
    /// level: for trees of at most [`MAX_DEPTH`] levels.
    pub(crate) fn set_static(&mut self, is_static: bool) {
        match self {
            DynTuple::Int(i) => i.is_static = is_static,
            DynTuple::Tuple(v) => v.iter_mut().for_each(|t| t.set_static(is_static)),
        }
    }

    /// `rank(I)`: 1 for an integer, the number of elements for a tuple.
    pub fn rank(&self) -> usize {
        match self {
            DynTuple::Int(_) => 1,
            DynTuple::Tuple(v) => v.len(),
        }
    }
    /// `depth(I)`: 0 for an integer, `1 + max depth of the elements` for a tuple.
    /// Computed without recursion, so it is safe on trees of any depth.
    pub fn depth(&self) -> usize {
        let mut stack: Stack<core::slice::Iter<'_, DynTuple>> = Stack::new();
        if let DynTuple::Tuple(v) = self {
            stack.push(v.iter());
        }
        let mut max = stack.height();
        while let Some(top) = stack.top() {
            match top.next() {
                Some(DynTuple::Tuple(v)) => {
                    stack.push(v.iter());
                    max = max.max(stack.height());
                }
                Some(DynTuple::Int(_)) => {}
                None => stack.pop(),
            }
        }
        max
    }
    /// `size(I)`: the product of all leaves (1 for an empty tuple), checked.
    pub fn size(&self) -> Result<i64> {
        self.leaves().try_fold(1i64, checked_mul)
    }
    /// Element `i`: `get<i>(I)`. An integer is its own element 0 (CuTe's convention).
    pub fn get(&self, i: usize) -> Result<&DynTuple> {
        match self {
            DynTuple::Int(_) if i == 0 => Ok(self),
            DynTuple::Tuple(v) if i < v.len() => Ok(&v[i]),
            _ => Err(rank_error(i, self)),
        }
    }
    /// Nested element: `get<i0, i1, ...>(I)`.
    pub fn get_path(&self, path: &[usize]) -> Result<&DynTuple> {
        path.iter().try_fold(self, |t, &i| t.get(i))
    }
    /// The elements of a tuple; an integer is a rank-1 sequence of itself.
    pub fn elements(&self) -> &[DynTuple] {
        match self {
            DynTuple::Int(_) => core::slice::from_ref(self),
            DynTuple::Tuple(v) => v,
        }
    }
    /// The leaves, left to right.
    pub fn leaves(&self) -> impl Iterator<Item = i64> + '_ {
        self.leaf_ints().map(|i| i.value)
    }
    /// The leaves with their static marks, left to right.
    pub fn leaf_ints(&self) -> impl Iterator<Item = DynInt> + '_ {
        Leaves::new(self).copied()
    }
    /// `flatten(I)`: the tuple of all leaves (an integer stays an integer).
    pub fn flatten(&self) -> DynTuple {
        match self {
            DynTuple::Int(_) => self.clone(),
            DynTuple::Tuple(_) => DynTuple::Tuple(self.leaf_ints().map(DynTuple::Int).collect()),
        }
    }

    /// Congruence, `P ~ S` (paper Definition 2.3): the same tree structure. Computed without
    /// recursion, so it is safe on trees of any depth.
    pub fn congruent(&self, other: &DynTuple) -> bool {
        type Pair<'a> = (
            core::slice::Iter<'a, DynTuple>,
            core::slice::Iter<'a, DynTuple>,
        );
        let mut stack: Stack<Pair<'_>> = Stack::new();
        match (self, other) {
            (DynTuple::Int(_), DynTuple::Int(_)) => return true,
            (DynTuple::Tuple(a), DynTuple::Tuple(b)) if a.len() == b.len() => {
                stack.push((a.iter(), b.iter()))
            }
            _ => return false,
        }
        while let Some((a, b)) = stack.top() {
            match (a.next(), b.next()) {
                (Some(DynTuple::Int(_)), Some(DynTuple::Int(_))) => {}
                (Some(DynTuple::Tuple(x)), Some(DynTuple::Tuple(y))) if x.len() == y.len() => {
                    stack.push((x.iter(), y.iter()))
                }
                (None, None) => stack.pop(),
                _ => return false,
            }
        }
        true
    }
    /// Weak congruence, `P ≲ S` (paper Definition 2.4): `self` is congruent to a coarsening
    /// of `other` — wherever `self` has an integer, `other` may have any sub-tree.
    pub fn weakly_congruent(&self, other: &DynTuple) -> bool {
        match (self, other) {
            (DynTuple::Int(_), _) => true,
            (DynTuple::Tuple(a), DynTuple::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.weakly_congruent(y))
            }
            (DynTuple::Tuple(_), DynTuple::Int(_)) => false,
        }
    }
    /// Compatibility, `P ≼ S` (paper Definition 2.7): sizes agree and, wherever `self` is a
    /// tuple, `other` is a tuple of the same rank whose elements are compatible.
    pub fn compatible(&self, other: &DynTuple) -> bool {
        match (self, other) {
            (DynTuple::Int(a), _) => other.size().map(|s| s == a.value).unwrap_or(false),
            (DynTuple::Tuple(a), DynTuple::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.compatible(y))
            }
            (DynTuple::Tuple(_), DynTuple::Int(_)) => false,
        }
    }

    /// Exclusive prefix product (CuTe `prefix_product`): the compact column-major strides of
    /// this shape, congruent with it. `prefix_product((4,(2,3))) = (1,(4,8))`.
    pub fn prefix_product(&self) -> Result<DynTuple> {
        self.scan_product(&mut 1, false)
    }
    /// Compact row-major strides of this shape (CuTe `LayoutRight`): the last leaf is
    /// fastest. `(4,(2,3))` gives `(6,(3,1))`.
    pub fn suffix_product(&self) -> Result<DynTuple> {
        self.scan_product(&mut 1, true)
    }
    /// The exclusive running product of the leaves, in leaf order (`prefix_product`) or in
    /// reverse leaf order (`suffix_product`), each leaf keeping its static mark.
    fn scan_product(&self, acc: &mut i64, reverse: bool) -> Result<DynTuple> {
        match self {
            DynTuple::Int(i) => {
                let r = DynTuple::Int(DynInt {
                    value: *acc,
                    is_static: i.is_static,
                });
                *acc = checked_mul(*acc, i.value)?;
                Ok(r)
            }
            DynTuple::Tuple(v) => {
                let mut out = Vec::with_capacity(v.len());
                if reverse {
                    for t in v.iter().rev() {
                        out.push(t.scan_product(acc, true)?);
                    }
                    out.reverse();
                } else {
                    for t in v {
                        out.push(t.scan_product(acc, false)?);
                    }
                }
                Ok(DynTuple::Tuple(out))
            }
        }
    }

    /// `idx2crd(i, S)` (paper Eq. 4): the natural coordinate of integral coordinate `i`,
    /// colexicographic (leftmost fastest). The last mode of each tuple is not reduced, so an
    /// out-of-bounds `i` lands in the extended last mode.
    pub fn idx2crd(&self, i: i64) -> Result<DynTuple> {
        if i < 0 {
            return Err(LayoutError::with_detail(
                ErrorKind::BadCoordinate,
                alloc::format!("integral coordinate {i} is negative"),
            ));
        }
        Ok(self.idx2crd_unchecked(i, true))
    }
    fn idx2crd_unchecked(&self, i: i64, last: bool) -> DynTuple {
        match self {
            DynTuple::Int(s) => DynTuple::int(if last { i } else { i % s.value }),
            DynTuple::Tuple(v) => {
                let mut rest = i;
                let n = v.len();
                DynTuple::Tuple(
                    v.iter()
                        .enumerate()
                        .map(|(k, t)| {
                            let sz = t.size().unwrap_or(i64::MAX);
                            let is_last = last && k + 1 == n;
                            let c = if is_last { rest } else { rest % sz };
                            rest /= sz;
                            t.idx2crd_unchecked(c, is_last)
                        })
                        .collect(),
                )
            }
        }
    }

    /// `crd2idx(c, S)` with compact column-major strides (paper Eq. 5): the integral
    /// coordinate of a coordinate `c` weakly congruent with this shape.
    pub fn crd2idx(&self, c: &DynTuple) -> Result<i64> {
        let stride = self.prefix_product()?;
        crd2idx(c, self, &stride)
    }
}

/// `crd2idx(c, S, D)` (paper Eq. 6): the inner product of coordinate `c` with stride `D`,
/// where `c` is integral (then split over `S` by `idx2crd`), rank-R or natural — any
/// coordinate weakly congruent with `S`. Checked.
pub fn crd2idx(c: &DynTuple, shape: &DynTuple, stride: &DynTuple) -> Result<i64> {
    match (c, shape, stride) {
        (DynTuple::Int(ci), _, _) => {
            if ci.value < 0 {
                return Err(LayoutError::with_detail(
                    ErrorKind::BadCoordinate,
                    alloc::format!("coordinate {} is negative", ci.value),
                ));
            }
            int_offset(shape, stride, ci.value, true)
        }
        (DynTuple::Tuple(cs), DynTuple::Tuple(ss), DynTuple::Tuple(ds)) if cs.len() == ss.len() => {
            cs.iter()
                .zip(ss)
                .zip(ds)
                .try_fold(0i64, |acc, ((c, s), d)| checked_add(acc, crd2idx(c, s, d)?))
        }
        _ => Err(LayoutError::with_detail(
            ErrorKind::BadCoordinate,
            alloc::format!("coordinate {c} is not weakly congruent with shape {shape}"),
        )),
    }
}

/// `inner_product(idx2crd(i, S), D)` (paper Eq. 4 then 6) without building the natural
/// coordinate: the same splits of `i` (the last mode of each tuple not reduced when `last`)
/// and the same checked products and sums, in the same order.
fn int_offset(shape: &DynTuple, stride: &DynTuple, i: i64, last: bool) -> Result<i64> {
    match (shape, stride) {
        (DynTuple::Int(s), DynTuple::Int(d)) => {
            checked_mul(if last { i } else { i % s.value }, d.value)
        }
        (DynTuple::Tuple(ss), DynTuple::Tuple(ds)) => {
            let n = ss.len();
            let mut rest = i;
            let mut acc = 0i64;
            for (k, (s, d)) in ss.iter().zip(ds).enumerate() {
                let sz = s.size().unwrap_or(i64::MAX);
                let is_last = last && k + 1 == n;
                let c = if is_last { rest } else { rest % sz };
                rest /= sz;
                acc = checked_add(acc, int_offset(s, d, c, is_last)?)?;
            }
            Ok(acc)
        }
        _ => Err(LayoutError::new(ErrorKind::Incongruent)),
    }
}

pub(crate) fn rank_error(i: usize, t: &DynTuple) -> LayoutError {
    LayoutError::with_detail(
        ErrorKind::RankMismatch,
        alloc::format!("index {i} is out of range for {t} of rank {}", t.rank()),
    )
}

/// `a + b`, or an [`ErrorKind::Overflow`] error.
pub fn checked_add(a: i64, b: i64) -> Result<i64> {
    a.checked_add(b)
        .ok_or_else(|| LayoutError::with_detail(ErrorKind::Overflow, alloc::format!("{a} + {b}")))
}
/// `a · b`, or an [`ErrorKind::Overflow`] error.
pub fn checked_mul(a: i64, b: i64) -> Result<i64> {
    crate::rules::int::checked_mul(a, b)
}

/// Levels of nesting a [`Stack`] holds without allocating.
const INLINE_LEVELS: usize = 8;

/// The stack of the non-recursive tree walks: the first [`INLINE_LEVELS`] entries inline, the
/// rest on the heap, so that walking a tree of ordinary depth allocates nothing.
struct Stack<T> {
    inline: [T; INLINE_LEVELS],
    len: usize,
    spill: Vec<T>,
}

impl<T: Default> Stack<T> {
    fn new() -> Self {
        Stack {
            inline: Default::default(),
            len: 0,
            spill: Vec::new(),
        }
    }
    /// The number of entries.
    #[inline]
    fn height(&self) -> usize {
        self.len + self.spill.len()
    }
    #[inline]
    fn push(&mut self, t: T) {
        if self.len < INLINE_LEVELS {
            self.inline[self.len] = t;
            self.len += 1;
        } else {
            self.spill.push(t);
        }
    }
    #[inline]
    fn pop(&mut self) {
        if self.spill.pop().is_none() && self.len > 0 {
            self.len -= 1;
        }
    }
    #[inline]
    fn top(&mut self) -> Option<&mut T> {
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

/// A layout whose structure is known only at run time: a congruent pair of [`DynTuple`]s,
/// `shape : stride` (paper Definition 2.17).
///
/// **Representation.** A `DynLayout` stores its leaves `(s, d)` in order and its tree structure
/// as one token per node, depth first, inline (no heap) for up to 4 leaves and 8 nodes (tuples
/// and leaves: `((2,2),(4,2))` has 7); the static marks are two flags when they are uniform over
/// shape and over stride (every algebra result). The runtime algebra and evaluation work on these flat
/// leaves: an algebra result on that path allocates nothing. The trees that
/// [`shape`](DynLayout::shape) and [`stride`](DynLayout::stride) hand out are built from them on
/// first use and kept (a layout built from trees keeps those).
///
/// ```
/// use cute_layout::DynLayout;
/// let l: DynLayout = "((2,2),(4,2)):((1,8),(2,16))".parse().unwrap();
/// assert_eq!(l.eval(22), 26); // paper §2.4.1: L(22) = L(2,5) = L((0,1),(1,1)) = 26
/// ```
pub struct DynLayout {
    /// The leaves `(s, d)` in order, for evaluation and the algebra without walking trees;
    /// when `pad`, one more entry `(1, 0)` at the end. The last entry is the one that takes the
    /// whole rest of an index in [`DynLayout::eval`]: the leaf ending the path of last modes,
    /// or `(1, 0)` when that path ends at an empty tuple.
    flat: EncLeaves,
    /// The nodes of shape (and stride: congruent), depth first.
    toks: EncToks,
    /// The static marks of the leaves.
    marks: Marks,
    /// Whether `flat` ends with the `(1, 0)` entry of an empty last tuple.
    pad: bool,
    /// `size(L) ≤ u32::MAX`: every leaf's shape, and the rest of an index below 2³², fits
    /// 32 bits, so [`DynLayout::eval`] splits such indices with 32-bit divisions.
    small: bool,
    /// `(shape, stride)` as trees, built on first use (a function of the fields above).
    trees: LazyTrees,
}

/// The leaves a [`DynLayout`] holds without allocating.
pub(crate) const INLINE_LEAVES: usize = 4;
/// The tree nodes (tuples and leaves) a [`DynLayout`] holds without allocating.
pub(crate) const INLINE_NODES: usize = 8;
/// A [`DynLayout`]'s list of leaves.
pub(crate) type EncLeaves = SmallVec<[(i64, i64); INLINE_LEAVES]>;
/// A [`DynLayout`]'s list of nodes.
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
enum Marks {
    /// Every shape leaf marked `shape`, every stride leaf `stride`.
    Uniform { shape: bool, stride: bool },
    /// Per leaf, `(shape, stride)`.
    Each(Vec<(bool, bool)>),
}

impl Marks {
    fn get(&self, k: usize) -> (bool, bool) {
        match self {
            Marks::Uniform { shape, stride } => (*shape, *stride),
            Marks::Each(v) => v.get(k).copied().unwrap_or((false, false)),
        }
    }
}

/// A `(shape, stride)` pair built once, on first use, shareable between threads: an atomic
/// pointer to a box, set once (a race builds twice and keeps the first).
struct LazyTrees(AtomicPtr<(DynTuple, DynTuple)>);

impl LazyTrees {
    fn empty() -> Self {
        LazyTrees(AtomicPtr::new(core::ptr::null_mut()))
    }
    fn new(t: (DynTuple, DynTuple)) -> Self {
        LazyTrees(AtomicPtr::new(Box::into_raw(Box::new(t))))
    }
    fn get_or_init(&self, f: impl FnOnce() -> (DynTuple, DynTuple)) -> &(DynTuple, DynTuple) {
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
    fn get_mut(&mut self) -> Option<&mut (DynTuple, DynTuple)> {
        let p = *self.0.get_mut();
        // SAFETY: a non-null pointer is an owned box (see `get_or_init`); `&mut self` is
        // exclusive.
        (!p.is_null()).then(|| unsafe { &mut *p })
    }
    fn take(&mut self) -> Option<(DynTuple, DynTuple)> {
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

impl Clone for DynLayout {
    /// The encoding; the trees are rebuilt on first use.
    fn clone(&self) -> Self {
        DynLayout {
            flat: self.flat.clone(),
            toks: self.toks.clone(),
            marks: self.marks.clone(),
            pad: self.pad,
            small: self.small,
            trees: LazyTrees::empty(),
        }
    }
}

impl PartialEq for DynLayout {
    fn eq(&self, other: &Self) -> bool {
        // The encoding is the trees' (marks aside): equal encodings, equal trees.
        self.toks == other.toks && self.flat == other.flat
    }
}
impl Eq for DynLayout {}
impl core::hash::Hash for DynLayout {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.toks.hash(state);
        self.flat.hash(state);
    }
}
impl core::fmt::Debug for DynLayout {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("DynLayout")
            .field("shape", self.shape())
            .field("stride", self.stride())
            .finish()
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
fn is_small(leaves: &[(i64, i64)]) -> bool {
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

impl DynLayout {
    /// `shape : stride`, checking the invariants listed in the [module docs](self).
    pub fn new(shape: DynTuple, stride: DynTuple) -> Result<Self> {
        if Self::satisfies_invariants(&shape, &stride) {
            return Ok(Self::assemble(shape, stride));
        }
        Self::new_slow(shape, stride)
    }

    /// The layout of trees known to satisfy the invariants, with its encoding; the trees are
    /// kept.
    fn assemble(shape: DynTuple, stride: DynTuple) -> Self {
        // Recursion is bounded by `MAX_DEPTH`, an invariant.
        fn push(
            s: &DynTuple,
            d: &DynTuple,
            l: &mut DynLayout,
            marks: &mut SmallVec<[(bool, bool); 8]>,
        ) {
            match (s, d) {
                (DynTuple::Int(s), DynTuple::Int(d)) => {
                    l.toks.push(Tok::Leaf);
                    l.flat.push((s.value, d.value));
                    marks.push((s.is_static, d.is_static));
                }
                (DynTuple::Tuple(ss), DynTuple::Tuple(ds)) => {
                    l.toks.push(Tok::Open(ss.len() as u32));
                    for (s, d) in ss.iter().zip(ds) {
                        push(s, d, l, marks);
                    }
                }
                _ => {} // unreachable: congruence is an invariant
            }
        }
        let mut l = DynLayout {
            flat: SmallVec::new(),
            toks: SmallVec::new(),
            marks: Marks::Uniform {
                shape: false,
                stride: false,
            },
            pad: false,
            small: false,
            trees: LazyTrees::empty(),
        };
        let mut marks = SmallVec::new();
        push(&shape, &stride, &mut l, &mut marks);
        l.marks = match marks.first() {
            Some(&(shape, stride)) if marks.iter().all(|&m| m == (shape, stride)) => {
                Marks::Uniform { shape, stride }
            }
            Some(_) => Marks::Each(marks.into_vec()),
            None => Marks::Uniform {
                shape: true,
                stride: true,
            },
        };
        l.finish();
        l.trees = LazyTrees::new((shape, stride));
        l
    }

    /// Sets `pad` and `small` from `toks` and `flat` (the leaves, without the `(1, 0)` entry).
    fn finish(&mut self) {
        // The path of last modes ends at an empty tuple when the last token opens one.
        self.pad = matches!(self.toks.last(), Some(Tok::Open(0)));
        if self.pad {
            self.flat.push((1, 0));
        }
        self.small = is_small(&self.flat);
    }

    /// The layout of an encoding known to satisfy the invariants (one node, leaves valid,
    /// depth at most [`MAX_DEPTH`]), every leaf marked `is_static`: no tree is built, the
    /// lists are taken as they are.
    #[inline(always)]
    pub(crate) fn from_encoding(toks: EncToks, leaves: EncLeaves, is_static: bool) -> Self {
        debug_assert!(
            node_shape(&toks).is_some_and(|(n, depth)| n == leaves.len() && depth <= MAX_DEPTH)
        );
        // `finish`, written out so that the layout is built in place.
        let pad = matches!(toks.last(), Some(Tok::Open(0)));
        let mut flat = leaves;
        if pad {
            flat.push((1, 0));
        }
        let l = DynLayout {
            small: is_small(&flat),
            flat,
            toks,
            marks: Marks::Uniform {
                shape: is_static,
                stride: is_static,
            },
            pad,
            trees: LazyTrees::empty(),
        };
        debug_assert!(Self::satisfies_invariants(l.shape(), l.stride()));
        l
    }

    /// The trees of the encoding (recursion bounded by `MAX_DEPTH`, an invariant).
    fn build_trees(&self) -> (DynTuple, DynTuple) {
        fn go(
            toks: &mut core::slice::Iter<'_, Tok>,
            k: &mut usize,
            l: &DynLayout,
        ) -> (DynTuple, DynTuple) {
            match toks.next() {
                Some(&Tok::Open(n)) => {
                    let mut ss = Vec::with_capacity(n as usize);
                    let mut ds = Vec::with_capacity(n as usize);
                    for _ in 0..n {
                        let (s, d) = go(toks, k, l);
                        ss.push(s);
                        ds.push(d);
                    }
                    (DynTuple::Tuple(ss), DynTuple::Tuple(ds))
                }
                _ => {
                    let (s, d) = l.flat.get(*k).copied().unwrap_or((1, 0));
                    let (ms, md) = l.marks.get(*k);
                    *k += 1;
                    (
                        DynTuple::Int(DynInt {
                            value: s,
                            is_static: ms,
                        }),
                        DynTuple::Int(DynInt {
                            value: d,
                            is_static: md,
                        }),
                    )
                }
            }
        }
        go(&mut self.toks.iter(), &mut 0, self)
    }

    /// The trees, built on first use.
    fn trees(&self) -> &(DynTuple, DynTuple) {
        self.trees.get_or_init(|| self.build_trees())
    }

    /// Whether `shape : stride` satisfies every invariant of the [module docs](self): one
    /// walk over both trees, no allocation for trees up to eight levels deep. When it does
    /// not, [`DynLayout::new_slow`] finds the error to report.
    fn satisfies_invariants(shape: &DynTuple, stride: &DynTuple) -> bool {
        let mut congruent = true;
        let within =
            leaves_within_i64(LeafPairs::new(shape, stride).map_while(|pair| match pair {
                Ok((s, d)) => Some((s.value, d.value)),
                Err(_) => {
                    congruent = false;
                    None
                }
            }));
        within && congruent
    }

    /// [`DynLayout::new`] for input that fails an invariant: each condition checked in turn,
    /// reporting the first that fails.
    #[cold]
    fn new_slow(shape: DynTuple, stride: DynTuple) -> Result<Self> {
        for (what, t) in [("shape", &shape), ("stride", &stride)] {
            let depth = t.depth();
            if depth > MAX_DEPTH {
                // The tree itself is not printed: it is what is too deep.
                return Err(LayoutError::with_detail(
                    ErrorKind::TooLarge,
                    alloc::format!(
                        "{what} is nested {depth} levels deep; at most MAX_DEPTH = {MAX_DEPTH} are allowed"
                    ),
                ));
            }
        }
        if !shape.congruent(&stride) {
            return Err(LayoutError::with_detail(
                ErrorKind::Incongruent,
                alloc::format!("shape {shape} and stride {stride}"),
            ));
        }
        if let Some(bad) = shape.leaves().find(|&s| s <= 0) {
            return Err(LayoutError::with_detail(
                ErrorKind::NonPositiveShape,
                alloc::format!("{bad} in shape {shape}"),
            ));
        }
        shape.size().map_err(|_| {
            LayoutError::with_detail(
                ErrorKind::Overflow,
                alloc::format!("size of shape {shape} exceeds i64"),
            )
        })?;
        // The cosize, 1 + Σ (s − 1)·|d|, must fit: then so does every in-bounds offset.
        let mut cosize = Some(1i64);
        for (s, d) in shape.leaves().zip(stride.leaves()) {
            cosize = cosize.and_then(|c| c.checked_add((s - 1).checked_mul(d)?.checked_abs()?));
        }
        if cosize.is_none() {
            return Err(LayoutError::with_detail(
                ErrorKind::Overflow,
                alloc::format!("the cosize of {shape}:{stride} exceeds i64"),
            ));
        }
        Ok(Self::assemble(shape, stride))
    }

    /// Marks every leaf static or dynamic in place (values, hence the invariants, unchanged).
    pub(crate) fn set_static(&mut self, is_static: bool) {
        self.marks = Marks::Uniform {
            shape: is_static,
            stride: is_static,
        };
        if let Some((s, d)) = self.trees.get_mut() {
            s.set_static(is_static);
            d.set_static(is_static);
        }
    }

    /// The compact column-major layout of `shape` (CuTe's default, `LayoutLeft`).
    pub fn column_major(shape: DynTuple) -> Result<Self> {
        let stride = shape.prefix_product()?;
        DynLayout::new(shape, stride)
    }
    /// The compact row-major layout of `shape` (CuTe `LayoutRight`).
    pub fn row_major(shape: DynTuple) -> Result<Self> {
        let stride = shape.suffix_product()?;
        DynLayout::new(shape, stride)
    }

    /// The shape (built from the flat encoding on first use).
    pub fn shape(&self) -> &DynTuple {
        &self.trees().0
    }
    /// The stride (built from the flat encoding on first use).
    pub fn stride(&self) -> &DynTuple {
        &self.trees().1
    }
    /// Shape and stride, by value.
    pub fn into_parts(mut self) -> (DynTuple, DynTuple) {
        match self.trees.take() {
            Some(t) => t,
            None => self.build_trees(),
        }
    }
    /// `size(L)`: the number of integral coordinates.
    pub fn size(&self) -> i64 {
        // Checked at construction (the `(1, 0)` entry does not change the product).
        self.flat.iter().map(|&(s, _)| s).product()
    }
    /// `cosize(L) = Σᵢ (sᵢ − 1)·|dᵢ| + 1` over the leaves: the length of the smallest range
    /// holding every offset, one past the largest offset when the strides are non-negative
    /// (CuTe C++'s `cosize`, which takes `|d|` to protect against negative strides). It fits
    /// `i64`: checked at construction.
    ///
    /// ```
    /// use cute_layout::DynLayout;
    /// let l = |s: &str| s.parse::<DynLayout>().unwrap();
    /// assert_eq!(l("(4,(2,2)):(1,(8,4))").cosize(), 16);
    /// assert_eq!(l("(4,3):(-2,5)").cosize(), 17); // offsets −6 … 10
    /// assert_eq!(l("5:-2").cosize(), 9);
    /// ```
    pub fn cosize(&self) -> i64 {
        // Checked at construction (the `(1, 0)` entry adds 0).
        self.flat
            .iter()
            .fold(1, |c, &(s, d)| c + ((s - 1) * d).abs())
    }
    /// `rank(L)`: the number of top-level modes.
    pub fn rank(&self) -> usize {
        self.node().rank()
    }
    /// `depth(L)`.
    pub fn depth(&self) -> usize {
        node_shape(&self.toks).map_or(0, |(_, depth)| depth)
    }
    /// Mode `i` as a layout: `layout<i>(L)`.
    pub fn mode(&self, i: usize) -> Result<DynLayout> {
        Ok(Self::assemble(
            self.shape().get(i)?.clone(),
            self.stride().get(i)?.clone(),
        ))
    }
    /// The top-level modes as layouts.
    pub fn modes(&self) -> impl Iterator<Item = DynLayout> + '_ {
        self.shape()
            .elements()
            .iter()
            .zip(self.stride().elements())
            .map(|(s, d)| Self::assemble(s.clone(), d.clone()))
    }
    /// Whether every leaf of shape and stride is static.
    #[inline]
    pub fn is_static(&self) -> bool {
        if self.leaf_pairs().is_empty() {
            return true;
        }
        match &self.marks {
            Marks::Uniform { shape, stride } => *shape && *stride,
            Marks::Each(v) => v.iter().all(|&(s, d)| s && d),
        }
    }

    /// The leaves `(s, d)` of shape and stride, in order, without walking the trees.
    #[inline]
    pub(crate) fn leaf_pairs(&self) -> &[(i64, i64)] {
        match self.flat.split_last() {
            // The `(1, 0)` entry stands for an empty tuple, not a leaf.
            Some((_, head)) if self.pad => head,
            _ => &self.flat,
        }
    }
    /// The layout's encoding as one node.
    #[inline]
    pub(crate) fn node(&self) -> Node<'_> {
        Node {
            toks: &self.toks,
            leaves: self.leaf_pairs(),
        }
    }

    /// `L(i)` for an integral coordinate `i` (paper Eq. 4 then Eq. 6). In-bounds coordinates
    /// never overflow; out-of-bounds ones evaluate the extended last mode with wrapping
    /// arithmetic — use [`DynLayout::try_eval`] to have them checked.
    pub fn eval(&self, i: i64) -> i64 {
        // Splitting `i` mode by mode down the tree, each mode's part reduced by its size
        // except on the path of last modes, is splitting it over the leaves left to right:
        // the truncating `/` and `%` compose (`(i % (a·b)) / a = (i / a) % b` and
        // `(i / a) / b = i / (a·b)`, for negative `i` too). So one pass over the flat leaves
        // (built at construction), each taking `rest % s` and leaving `rest / s`, and the
        // entry ending the path of last modes taking all of `rest`: no tree walk, no sub-tree
        // sizes, no allocation. `flat` is never empty.
        let (head, last) = match self.flat.split_last() {
            Some((&(_, d), head)) => (head, d),
            None => return 0,
        };
        if self.small && (i as u64) <= u32::MAX as u64 {
            // `0 ≤ i < 2³²` and every shape below 2³²: 32-bit divisions, as CuTe's unsigned
            // index; in-bounds offsets fit i64 (an invariant), so only the extended last mode
            // can wrap.
            let (mut rest, mut acc) = (i as u32, 0i64);
            for &(s, d) in head {
                let q = rest / s as u32;
                let c = rest - q * s as u32;
                rest = q;
                acc = acc.wrapping_add((c as i64).wrapping_mul(d));
            }
            acc.wrapping_add((rest as i64).wrapping_mul(last))
        } else {
            let (mut rest, mut acc) = (i, 0i64);
            for &(s, d) in head {
                let c = rest % s;
                rest /= s;
                acc = acc.wrapping_add(c.wrapping_mul(d));
            }
            acc.wrapping_add(rest.wrapping_mul(last))
        }
    }
    /// `L(c)` for any coordinate weakly congruent with the shape — integral, rank-R or
    /// natural — with checked arithmetic and a check that coordinates are non-negative.
    pub fn try_eval(&self, c: &DynTuple) -> Result<i64> {
        crd2idx(c, self.shape(), self.stride())
    }
}

/// Whether the path of last modes of `shape` ends at a leaf (then that leaf, the last one, takes
/// the whole rest of an integral coordinate, CuTe's `idx2crd`), rather than at an empty tuple
/// (then the rest goes nowhere: an entry `(1, 0)` stands for it). The one statement of the rule
/// that [`DynLayout::eval`] and the CUDA emission (`emit`) follow.
pub(crate) fn last_path_ends_at_leaf(shape: &DynTuple) -> bool {
    let mut t = shape;
    loop {
        match t {
            DynTuple::Int(_) => return true,
            DynTuple::Tuple(v) => match v.last() {
                Some(last) => t = last,
                None => return false,
            },
        }
    }
}

/// Whether `(shape, stride)` leaves satisfy `DynLayout`'s value invariants: every shape entry
/// positive, size and cosize within i64 (checked arithmetic, no error named: the ordered checks
/// of `DynLayout::new` name it).
pub(crate) fn leaves_within_i64(leaves: impl IntoIterator<Item = (i64, i64)>) -> bool {
    let mut size = 1i64;
    let mut cosize = 1i64;
    for (s, d) in leaves {
        if s <= 0 {
            return false;
        }
        match (
            size.checked_mul(s),
            (s - 1)
                .checked_mul(d)
                .and_then(i64::checked_abs)
                .and_then(|t| cosize.checked_add(t)),
        ) {
            (Some(a), Some(b)) => (size, cosize) = (a, b),
            _ => return false,
        }
    }
    true
}

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
