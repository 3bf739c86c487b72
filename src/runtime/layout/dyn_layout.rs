//! [`DynLayout`], a layout whose structure is known only at run time: its construction with
//! the invariant checks, its accessors and its evaluation.

use alloc::vec::Vec;

use smallvec::SmallVec;

use super::encoding::{is_small, node_shape, EncLeaves, EncToks, LazyTrees, Marks, Node, Tok};
use super::walk::LeafPairs;
use super::{crd2idx, DynInt, DynTuple, MAX_DEPTH};
use crate::error::{ErrorKind, LayoutError, Result};

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

impl DynLayout {
    /// `shape : stride`, checking the invariants listed in the [module docs](super).
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

    /// Whether `shape : stride` satisfies every invariant of the [module docs](super): one
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
