//! The runtime-structured integer tuple [`DynTuple`] and its leaf [`DynInt`]: construction,
//! the congruence relations, prefix products and `idx2crd`/`crd2idx` on shapes.

use alloc::vec::Vec;

use super::coord::{checked_mul, crd2idx, rank_error};
use super::walk::{Leaves, Stack};
use crate::error::{ErrorKind, LayoutError, Result};

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

/// Dropping without recursion: a tree nested far deeper than [`MAX_DEPTH`](super::MAX_DEPTH)
/// (built by hand) would otherwise overflow the stack when dropped.
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
    /// level: for trees of at most [`MAX_DEPTH`](super::MAX_DEPTH) levels.
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
