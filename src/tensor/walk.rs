//! Mode-by-mode iteration for the algorithms: a loop nest over flat modes with one stride per
//! tensor, as a hand-written kernel is, instead of an integral coordinate divided into each
//! layout per element.
//!
//! A [`Plan`] over `K` tensors is a list of loops `(size, [stride; K])`, innermost first. The
//! tensors' flat modes ([`Modes`]) are cut into their *common refinement*: where one tensor's
//! mode of size `s·t` meets another's of size `s`, the first is split into `s:d` and
//! `t:s·d`, which visits the same offsets in the same order. Walking the plan therefore
//! visits, for `i = 0, 1, …, size − 1` in this order, the offsets `L_k(i)` of every tensor at
//! once: the order, and so every result, of the loop over `i` that it replaces. Adjacent
//! loops whose strides continue each other for every tensor are merged (`d' = s·d`), size-1
//! loops dropped. Where no plan exists (a swizzled layout, more than [`CAP`] flat modes,
//! sizes that do not refine: `(2,3)` against `(3,2)`) the algorithms fall back to the
//! per-element loop.
//!
//! Everything here is `const fn`: for static layouts the plan is computed at compile time
//! (`const { … }` over [`TensorLayout::STATIC_MODES`](super::TensorLayout)), so the loop
//! nest has constant extents and strides, as a hand-written one.

use crate::basis::typelevel::{BasisPath, ScaledBasis};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::{Cons, Nil, ToCons};

/// The most flat modes of a layout, and the most loops of a plan (the TMA plan's
/// [`TMA_MAX_MODES`](crate::rules::tma::TMA_MAX_MODES), whose static engine reads its layouts
/// here too).
pub const CAP: usize = crate::rules::tma::TMA_MAX_MODES;

/// The key of an integer stride in [`Modes`] (a basis stride's key is its path's).
pub(crate) const INT_STRIDE: u64 = u64::MAX;

/// The flat modes `(size, stride)` of a layout, leftmost first, and where its top-level modes
/// end (`ends[j]` is one past the last flat mode of top-level mode `j`). A basis stride `v@p`
/// is the value `v` with its path's key ([`BasisPath::KEY`]); an integer stride's key is
/// `u64::MAX`. The tensor algorithms read integer strides only ([`TensorLayout`]'s strides are
/// `IntTuple`s); the static TMA copy reads both.
///
/// [`TensorLayout`]: super::TensorLayout
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct Modes {
    len: usize,
    size: [i64; CAP],
    stride: [i64; CAP],
    key: [u64; CAP],
    rank: usize,
    ends: [usize; CAP],
}

impl Modes {
    /// No modes (the shape `()`).
    pub(crate) const EMPTY: Modes = Modes {
        len: 0,
        size: [1; CAP],
        stride: [0; CAP],
        key: [INT_STRIDE; CAP],
        rank: 0,
        ends: [0; CAP],
    };
    /// One mode `s:d` (a basis stride's scale `d` with its path's `key`), an integer-shaped
    /// layout.
    pub(crate) const fn leaf(s: i64, d: i64, key: u64) -> Modes {
        let mut m = Modes::EMPTY;
        m.len = 1;
        m.size[0] = s;
        m.stride[0] = d;
        m.key[0] = key;
        m.rank = 1;
        m.ends[0] = 1;
        m
    }
    /// The top-level mode `h` (all its flat modes) followed by the modes of `t`.
    pub(crate) const fn cons(h: &Modes, t: &Modes) -> Option<Modes> {
        if h.len + t.len > CAP || t.rank + 1 > CAP {
            return None;
        }
        let mut m = Modes::EMPTY;
        let mut i = 0;
        while i < h.len {
            m.size[i] = h.size[i];
            m.stride[i] = h.stride[i];
            m.key[i] = h.key[i];
            i += 1;
        }
        while i < h.len + t.len {
            m.size[i] = t.size[i - h.len];
            m.stride[i] = t.stride[i - h.len];
            m.key[i] = t.key[i - h.len];
            i += 1;
        }
        m.len = h.len + t.len;
        m.ends[0] = h.len;
        let mut j = 0;
        while j < t.rank {
            m.ends[j + 1] = t.ends[j] + h.len;
            j += 1;
        }
        m.rank = t.rank + 1;
        Some(m)
    }
    /// Append a flat mode to the last top-level mode (a rank-1 list when empty): how a
    /// runtime walk over the leaves builds the list.
    pub(crate) fn push_leaf(&mut self, s: i64, d: i64) -> Option<()> {
        if self.len == CAP {
            return None;
        }
        self.size[self.len] = s;
        self.stride[self.len] = d;
        self.key[self.len] = INT_STRIDE;
        self.len += 1;
        self.rank = self.rank.max(1);
        self.ends[self.rank - 1] = self.len;
        Some(())
    }
    /// Set the stride of flat mode `i` (a runtime walk over the stride's leaves).
    pub(crate) fn set_stride(&mut self, i: usize, d: i64) -> Option<()> {
        *self.stride[..self.len].get_mut(i)? = d;
        Some(())
    }
    /// The number of flat modes.
    pub(crate) const fn len(&self) -> usize {
        self.len
    }
    /// Flat mode `i`: its size, its stride (a basis stride's scale) and its stride's key
    /// (`u64::MAX` for an integer). Read by the static TMA copy.
    #[cfg(feature = "alloc")]
    pub(crate) const fn flat(&self, i: usize) -> (i64, i64, u64) {
        (self.size[i], self.stride[i], self.key[i])
    }
    /// The flat modes `lo..hi` of top-level mode `j`.
    pub(crate) const fn mode_range(&self, j: usize) -> (usize, usize) {
        (if j == 0 { 0 } else { self.ends[j - 1] }, self.ends[j])
    }
    /// Start a new top-level mode (a runtime walk meeting a top-level separator).
    pub(crate) fn next_mode(&mut self) -> Option<()> {
        if self.rank == CAP {
            return None;
        }
        self.rank = self.rank.max(1) + 1;
        self.ends[self.rank - 1] = self.len;
        Some(())
    }
    /// The number of top-level modes.
    pub(crate) const fn rank(&self) -> usize {
        self.rank
    }
    /// The flat modes of the whole layout.
    pub(crate) const fn all(&self) -> Part<'_> {
        Part {
            modes: Some(self),
            lo: 0,
            hi: self.len,
            n: 0,
        }
    }
    /// The flat modes of top-level mode `j` (a rank-1 layout's mode 0 is the layout).
    pub(crate) const fn mode(&self, j: usize) -> Part<'_> {
        let (lo, hi) = self.mode_range(j);
        Part {
            modes: Some(self),
            lo,
            hi,
            n: 0,
        }
    }
}

/// What one tensor contributes to a group of loops: flat modes `lo..hi` of its [`Modes`], or
/// (`modes: None`) nothing, a loop of `n` iterations with stride 0.
#[derive(Clone, Copy)]
pub(crate) struct Part<'a> {
    modes: Option<&'a Modes>,
    lo: usize,
    hi: usize,
    n: i64,
}
impl Part<'_> {
    /// A tensor that a loop of `n` iterations does not index.
    pub(crate) const fn not(n: i64) -> Part<'static> {
        Part {
            modes: None,
            lo: 0,
            hi: 1,
            n,
        }
    }
    /// The product of the sizes (wrapping: compared only with checked sizes).
    pub(crate) const fn size(&self) -> i64 {
        match self.modes {
            None => self.n,
            Some(m) => {
                let mut p = 1i64;
                let mut i = self.lo;
                while i < self.hi {
                    p = p.wrapping_mul(m.size[i]);
                    i += 1;
                }
                p
            }
        }
    }
    const fn at(&self, i: usize) -> (i64, i64) {
        match self.modes {
            None => (self.n, 0),
            Some(m) => (m.size[i], m.stride[i]),
        }
    }
}

/// A stride leaf as [`Modes`] holds it: an integer, or a basis element `v@p`.
#[doc(hidden)]
pub trait ConstStride {
    /// The value (a basis's scale `v`), `None` for a runtime one.
    const VALUE: Option<i64>;
    /// The path key of a basis ([`BasisPath::KEY`]), `u64::MAX` for an integer.
    const KEY: u64;
}
impl<T: Int> ConstStride for T {
    const VALUE: Option<i64> = T::STATIC;
    const KEY: u64 = INT_STRIDE;
}
impl<V: Int, P: BasisPath> ConstStride for ScaledBasis<V, P> {
    const VALUE: Option<i64> = V::STATIC;
    const KEY: u64 = P::KEY;
}

/// The static flat modes of a shape `Self` with stride `D` (`None` where a leaf is dynamic or
/// there are more than [`CAP`]): the compile-time input of [`Plan`] and of the static TMA copy.
#[doc(hidden)]
pub trait ConstModes<D> {
    /// The modes.
    const MODES: Option<Modes>;
}
macro_rules! const_modes_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<D: ConstStride, $($g)*> ConstModes<D> for $S {
            const MODES: Option<Modes> = match (<$S as Int>::STATIC, D::VALUE) {
                (Some(s), Some(d)) => Some(Modes::leaf(s, d, D::KEY)),
                _ => None,
            };
        }
    };
}
crate::tuple::for_each_shape_leaf!(const_modes_leaf);
impl<S: ToCons, D: ToCons> ConstModes<D> for S
where
    S::Cons: ConsConstModes<D::Cons>,
{
    const MODES: Option<Modes> = <S::Cons as ConsConstModes<D::Cons>>::MODES;
}
/// [`ConstModes`] of a list of modes, each a top-level mode.
#[doc(hidden)]
pub trait ConsConstModes<D> {
    /// The modes.
    const MODES: Option<Modes>;
}
impl ConsConstModes<Nil> for Nil {
    const MODES: Option<Modes> = Some(Modes::EMPTY);
}
impl<H: ConstModes<DH>, T: ConsConstModes<DT>, DH, DT> ConsConstModes<Cons<DH, DT>> for Cons<H, T> {
    const MODES: Option<Modes> = match (H::MODES, T::MODES) {
        (Some(h), Some(t)) => Modes::cons(&h, &t),
        _ => None,
    };
}

/// The static flat modes of a layout `Layout<S, D>` ([`ConstModes`] of its shape and stride).
#[doc(hidden)]
pub trait ConstLayoutModes {
    /// The modes.
    const MODES: Option<Modes>;
}
impl<S: ConstModes<D>, D> ConstLayoutModes for Layout<S, D> {
    const MODES: Option<Modes> = S::MODES;
}

/// A loop nest over `K` tensors: loops `(size, [stride; K])`, innermost first.
#[derive(Clone, Copy)]
pub(crate) struct Plan<const K: usize> {
    len: usize,
    size: [i64; CAP],
    stride: [[i64; K]; CAP],
}

impl<const K: usize> Plan<K> {
    /// The empty nest (one iteration, at offset 0 for every tensor).
    pub(crate) const fn new() -> Self {
        Plan {
            len: 0,
            size: [1; CAP],
            stride: [[0; K]; CAP],
        }
    }

    /// Append a loop outside the ones already there: dropped for size 1, merged into the
    /// previous loop when every stride continues it (`d = s'·d'`). `false`: no room.
    const fn push(&mut self, size: i64, stride: [i64; K]) -> bool {
        if size == 1 {
            return true;
        }
        if self.len > 0 {
            let p = self.len - 1;
            let mut merge = true;
            let mut k = 0;
            while k < K {
                match self.size[p].checked_mul(self.stride[p][k]) {
                    Some(x) if x == stride[k] => {}
                    _ => merge = false,
                }
                k += 1;
            }
            if merge {
                return match self.size[p].checked_mul(size) {
                    Some(x) => {
                        self.size[p] = x;
                        true
                    }
                    None => false,
                };
            }
        }
        if self.len == CAP {
            return false;
        }
        self.size[self.len] = size;
        self.stride[self.len] = stride;
        self.len += 1;
        true
    }

    /// Append, outside the loops already there, the common refinement of `K` parts of the
    /// same size; `false` where the sizes do not refine or the nest is full.
    pub(crate) const fn refine(&mut self, parts: [Part<'_>; K]) -> bool {
        let mut at = [0usize; K];
        let mut rem = [1i64; K];
        let mut cur = [0i64; K];
        let mut k = 0;
        while k < K {
            at[k] = parts[k].lo;
            k += 1;
        }
        loop {
            let mut done = 0;
            let mut step = i64::MAX;
            k = 0;
            while k < K {
                while rem[k] == 1 && at[k] < parts[k].hi {
                    (rem[k], cur[k]) = parts[k].at(at[k]);
                    at[k] += 1;
                }
                if rem[k] < 1 {
                    return false;
                }
                if rem[k] == 1 {
                    done += 1;
                }
                if rem[k] < step {
                    step = rem[k];
                }
                k += 1;
            }
            if done == K {
                return true;
            }
            if done != 0 {
                return false; // the sizes differ
            }
            k = 0;
            while k < K {
                if rem[k] % step != 0 {
                    return false;
                }
                k += 1;
            }
            if !self.push(step, cur) {
                return false;
            }
            k = 0;
            while k < K {
                rem[k] /= step;
                if rem[k] > 1 {
                    match cur[k].checked_mul(step) {
                        Some(x) => cur[k] = x,
                        None => return false,
                    }
                }
                k += 1;
            }
        }
    }

    /// The nest of loops over the given groups, innermost first, each the common refinement
    /// of its `K` parts (which must have equal sizes); `None` where one does not refine.
    pub(crate) const fn of(groups: &[[Part<'_>; K]]) -> Option<Self> {
        let mut p = Plan::new();
        let mut g = 0;
        while g < groups.len() {
            if !p.refine(groups[g]) {
                return None;
            }
            g += 1;
        }
        Some(p)
    }

    /// Call `f` with the `K` offsets of every point of the nest, innermost loop fastest.
    /// Offsets are computed with wrapping arithmetic: every offset visited is one of the
    /// layouts' own (`L_k(i)`), so the results are exact where the plan was built from them.
    ///
    /// Where every innermost stride is 0 or 1 (contiguous and broadcast accesses, as in a
    /// GEMM's inner loop) the nest is run with those strides as constants, so that the
    /// compiler can vectorise a runtime nest as it does a static one (for a static nest the
    /// choice is folded away).
    #[inline(always)]
    pub(crate) fn run(&self, f: impl FnMut([i64; K])) {
        let d0 = if self.len > 0 { self.stride[0] } else { [0; K] };
        let mut mask = 0u8;
        let mut unit = K <= 3;
        for (k, &d) in d0.iter().enumerate() {
            match d {
                0 => {}
                1 if k < 8 => mask |= 1 << k,
                _ => unit = false,
            }
        }
        if !unit {
            return self.nest::<0, false>(f);
        }
        match mask {
            0 => self.nest::<0, true>(f),
            1 => self.nest::<1, true>(f),
            2 => self.nest::<2, true>(f),
            3 => self.nest::<3, true>(f),
            4 => self.nest::<4, true>(f),
            5 => self.nest::<5, true>(f),
            6 => self.nest::<6, true>(f),
            _ => self.nest::<7, true>(f),
        }
    }

    /// [`run`](Plan::run), the innermost strides being the bits of `M` where `UNIT`.
    #[inline(always)]
    fn nest<const M: u8, const UNIT: bool>(&self, mut f: impl FnMut([i64; K])) {
        let n = self.len;
        let mode = |m: usize| {
            if m < n {
                (self.size[m], self.stride[m])
            } else {
                (1, [0; K])
            }
        };
        let ((s0, mut d0), (s1, d1)) = (mode(0), mode(1));
        if UNIT {
            for (k, d) in d0.iter_mut().enumerate() {
                *d = i64::from((M >> k) & 1);
            }
        }
        let at = |o: [i64; K], d: [i64; K], i: i64| {
            let mut r = o;
            for k in 0..K {
                r[k] = o[k].wrapping_add(d[k].wrapping_mul(i));
            }
            r
        };
        let mut ctr = [0i64; CAP];
        let mut off = [0i64; K];
        loop {
            for j in 0..s1 {
                let o1 = at(off, d1, j);
                for i in 0..s0 {
                    f(at(o1, d0, i));
                }
            }
            // The odometer over loops 2.. (none for a nest of at most two loops).
            let mut m = 2;
            loop {
                if m >= n {
                    return;
                }
                ctr[m] += 1;
                off = at(off, self.stride[m], 1);
                if ctr[m] < self.size[m] {
                    break;
                }
                off = at(off, self.stride[m], self.size[m].wrapping_neg());
                ctr[m] = 0;
                m += 1;
            }
        }
    }
}

/// The nest of `gemm(A, B, C)` (loops over `[A, B, C]`), from the modes of the three layouts,
/// following the rank dispatch of `try_gemm`: the loops V, M, N, K innermost first, each over
/// the tensors it indexes. `None` for other ranks, sizes that disagree (`try_gemm` reports
/// them) or modes that do not refine.
pub(crate) const fn gemm_plan(a: &Modes, b: &Modes, c: &Modes) -> Option<Plan<3>> {
    let (x, y, z) = (a.rank(), b.rank(), c.rank());
    // Each group's parts must have one size: checked here, so that a plan is never built
    // from disagreeing tensors even where the caller's checks would catch them.
    const fn same(g: &[Part<'_>; 3]) -> bool {
        let n = g[0].size();
        g[1].size() == n && g[2].size() == n
    }
    macro_rules! nest {
        ($($g:expr),*) => {{
            let groups = [$($g),*];
            let mut i = 0;
            while i < groups.len() {
                if !same(&groups[i]) {
                    return None;
                }
                i += 1;
            }
            Plan::of(&groups)
        }};
    }
    match (x, y, z) {
        (1, 1, 1) => nest!([a.all(), b.all(), c.all()]),
        (1, 1, 2) => nest!(
            [a.all(), Part::not(a.all().size()), c.mode(0)],
            [Part::not(b.all().size()), b.all(), c.mode(1)]
        ),
        (2, 2, 2) => nest!(
            [a.mode(0), Part::not(a.mode(0).size()), c.mode(0)],
            [Part::not(b.mode(0).size()), b.mode(0), c.mode(1)],
            [a.mode(1), b.mode(1), Part::not(a.mode(1).size())]
        ),
        (2, 2, 3) => nest!(
            [a.mode(0), b.mode(0), c.mode(0)],
            [a.mode(1), Part::not(a.mode(1).size()), c.mode(1)],
            [Part::not(b.mode(1).size()), b.mode(1), c.mode(2)]
        ),
        (3, 3, 3) => nest!(
            [a.mode(0), b.mode(0), c.mode(0)],
            [a.mode(1), Part::not(a.mode(1).size()), c.mode(1)],
            [Part::not(b.mode(1).size()), b.mode(1), c.mode(2)],
            [a.mode(2), b.mode(2), Part::not(a.mode(2).size())]
        ),
        _ => None,
    }
}
