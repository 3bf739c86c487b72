//! Composition (paper §3.3): `R = A ∘ B` with `B ≼ R` (Eq. 16) and `R(c) = A(B(c))` (Eq. 17).

use alloc::format;
use alloc::vec::Vec;

use super::coalesce::coalesce_modes;
use super::tiler::{AsTiler, DynTiler};
use super::{concat, err, flat_modes, mark, modes_to_tuples, Modes};
use crate::error::{ErrorKind, LayoutError, Result};
use crate::rules::int::{eval_floor, try_eval_floor};
use crate::runtime::layout::{checked_mul, DynLayout, DynTuple};
use crate::typelevel::distribute::distributes;

/// Largest number of values the engine evaluates to decide a composition that the paper's
/// conditions reject or cannot show distributive (see [`try_composition`]).
pub const EXACT_SEARCH_LIMIT: i64 = 1024;

/// `A` coalesced for composition: flat, minimal, and with its last mode kept even when it has
/// size 1, so that `A` keeps its values on the extended domain (the last mode extends).
fn coalesce_for_composition(a: &DynLayout) -> Result<Modes> {
    let mut modes = flat_modes(a);
    if modes.is_empty() {
        modes.push((1, 0));
    }
    coalesce_modes(&modes, true)
}

/// The base case `A ∘ s:d` (paper Eq. 19-21) on coalesced modes of `A`:
/// [`crate::rules::compose::base_case`]. Returns the flat modes of the result.
fn base_case(a: &[(i64, i64)], s: i64, d: i64) -> Result<Modes> {
    let mut out = Modes::new();
    crate::rules::compose::base_case(a, s, d, &mut |s, d| out.push((s, d)))?;
    Ok(out)
}

/// A value a layout can take in [`search_layout`]: an offset (`i64`) or a coordinate (its
/// entries, for basis strides). Arithmetic wraps: the search compares values, and a layout
/// it finds is checked by the caller.
pub(crate) trait SearchValue: Clone + PartialEq {
    /// `self + other`.
    fn plus(&self, other: &Self) -> Self;
    /// `k · self`.
    fn times(&self, k: i64) -> Self;
}
impl SearchValue for i64 {
    fn plus(&self, other: &i64) -> i64 {
        self.wrapping_add(*other)
    }
    fn times(&self, k: i64) -> i64 {
        k.wrapping_mul(*self)
    }
}

/// Searches for a layout whose flat shape refines `sizes` (in order) and whose values are `f`.
/// Returns the modes of each element of `sizes`.
pub(crate) fn search_layout(f: &[i64], sizes: &[i64]) -> Option<Vec<Vec<(i64, i64)>>> {
    search_layout_with(f, sizes, &|_| true)
}

/// [`search_layout`] for any [`SearchValue`], trying only strides that `stride_ok` accepts
/// (a stride a layout of the caller's kind can hold).
pub(crate) fn search_layout_with<V: SearchValue>(
    f: &[V],
    sizes: &[i64],
    stride_ok: &dyn Fn(&V) -> bool,
) -> Option<Vec<Vec<(i64, V)>>> {
    fn rec<V: SearchValue>(
        g: &[V],
        n: i64,
        sizes: &[i64],
        ok: &dyn Fn(&V) -> bool,
        zero: &V,
        acc: &mut Vec<Vec<(i64, V)>>,
    ) -> bool {
        if n == 1 {
            if let Some(m) = acc.last_mut().filter(|m| m.is_empty()) {
                m.push((1, zero.clone()));
            }
            return match sizes.split_first() {
                None => true,
                Some((&next, rest)) => {
                    acc.push(Vec::new());
                    if rec(g, next, rest, ok, zero, acc) {
                        return true;
                    }
                    acc.pop();
                    false
                }
            };
        }
        // Try the first factor t of this element, largest first.
        let mut t = n;
        while t > 1 {
            if n % t == 0 && ok(&g[1]) && fits(g, t) {
                let e = g[1].clone();
                let next: Vec<V> = g.iter().step_by(t as usize).cloned().collect();
                let m = acc.last_mut().expect("a current element");
                m.push((t, e));
                if rec(&next, n / t, sizes, ok, zero, acc) {
                    return true;
                }
                acc.last_mut().expect("a current element").pop();
            }
            t -= 1;
        }
        false
    }
    // g has a first mode of size t: g(i) = i·g(1) for i < t and g(i + t·j) = g(i) + g(t·j).
    fn fits<V: SearchValue>(g: &[V], t: i64) -> bool {
        let t = t as usize;
        let e = &g[1];
        (0..t).all(|i| g[i] == e.times(i as i64))
            && g.iter()
                .enumerate()
                .all(|(k, v)| *v == g[k % t].plus(&g[k - k % t]))
    }
    let mut acc = Vec::new();
    let (&first, rest) = sizes.split_first()?;
    let zero = f.first()?.times(0);
    acc.push(Vec::new());
    if rec(f, first, rest, stride_ok, &zero, &mut acc) {
        Some(acc)
    } else {
        None
    }
}

/// The result tree: `B`'s shape with each leaf replaced by the modes computed for it.
fn build<M: AsRef<[(i64, i64)]>>(
    b_shape: &DynTuple,
    parts: &mut impl Iterator<Item = M>,
    is_static: bool,
) -> (DynTuple, DynTuple) {
    match b_shape {
        DynTuple::Int(_) => match parts.next() {
            Some(modes) => modes_to_tuples(modes.as_ref(), is_static),
            None => modes_to_tuples(&[], is_static),
        },
        DynTuple::Tuple(v) => {
            let mut s = Vec::with_capacity(v.len());
            let mut d = Vec::with_capacity(v.len());
            for t in v {
                let (ts, td) = build(t, parts, is_static);
                s.push(ts);
                d.push(td);
            }
            (DynTuple::Tuple(s), DynTuple::Tuple(d))
        }
    }
}

/// `A ∘ B` for two layouts (paper §3.3): a layout `R` compatible with `B` (Eq. 16) with
/// `R(c) = A(B(c))` for every coordinate `c` of `B` (Eq. 17).
///
/// * `A` is coalesced first, keeping its last mode, which extends: `(1,1):(1,1) ∘ 4:1 = 4:1`.
/// * Each leaf `s:d` of `B` is composed by the base case (Eq. 19): `d = 0` gives `s:0`;
///   otherwise `A` is truncated to the modes the points `i·d` reach, and the stride (Eq. 20)
///   and shape (Eq. 21) divisibility conditions are required of those modes:
///   `(4,2,8):(3,12,97) ∘ 3:3 = 3:9`, while `(4,6,8):(2,3,5) ∘ 6:3` is an error.
/// * The leaves' results replace the leaves of `B` (left-distributivity, Eq. 22), so `R` has
///   `B`'s structure.
/// * Beyond the paper: when the conditions fail but at most [`EXACT_SEARCH_LIMIT`] values
///   are involved, the engine evaluates them and searches for a layout of a shape refining
///   `B`'s, so that it refuses only compositions that no layout represents. Likewise, when
///   `B`'s leaves are not provably distributive (segregated and divisible) the result is
///   checked by evaluation, and refused (`NotDistributive`) when it cannot be checked.
///
/// **Negative strides in `B`** (CuTe's own tests compose with reversals, `4:1 ∘ 4:-1 = 4:-1`):
/// `A` is evaluated at negative coordinates with floor and mod (paper Eq. 4), so its last mode
/// extends below zero too. A leaf `s:d` with `d < 0` is composed by
/// [`rules::compose::compose_negative_leaf`](crate::rules::compose::compose_negative_leaf)
/// (the type level's mixed branch calls the same function); where it refuses, at most
/// [`EXACT_SEARCH_LIMIT`] values are decided by evaluation, as for the base case:
/// `4:-1 ∘ 4:-1 = 4:1`, `4:1 ∘ 4:-2 = 4:-2`, `(4,3):(1,4) ∘ 4:-1 = 4:-1` (`A(-1) = A(3, -1) = -1`).
///
/// ```
/// # use cute_layout::{DynLayout, algebra::composition};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// // Table 4, RowMajor row:
/// assert_eq!(composition(&l("(8,8):(8,1)"), &l("((4,8),2):((16,1),8)")), l("((4,8),2):((2,8),1)"));
/// ```
pub fn try_composition_layout(a: &DynLayout, b: &DynLayout) -> Result<DynLayout> {
    if let Some(r) = super::flat::composition(a, b) {
        #[cfg(debug_assertions)]
        super::flat::debug_check(&r, composition_reference(a, b));
        return Ok(r);
    }
    composition_reference(a, b)
}

/// [`try_composition_layout`] on the reference path: what decides every case that the flat
/// fast path declines (and, in debug builds, checks each result of the fast path).
fn composition_reference(a: &DynLayout, b: &DynLayout) -> Result<DynLayout> {
    let b_modes = flat_modes(b);
    let is_static = a.is_static() && b.is_static();
    let mut parts = Parts::new();
    compose_parts(a, &b_modes, &mut parts)?;
    let (shape, stride) = build(b.shape(), &mut parts.into_iter(), is_static);
    DynLayout::new(shape, stride)
}

/// Per leaf of `B`, the flat modes that replace it in `A ∘ B`.
type Parts = smallvec::SmallVec<[Modes; 4]>;

/// The per-leaf results of `A ∘ B` for `B` given by its flat modes, into `parts` (empty on
/// entry; an out-parameter, not to move it on return): the flat modes that replace each leaf
/// of `B`. A leaf with a negative stride is composed by
/// [`crate::rules::compose::compose_negative_leaf`], the others by the base case; a refusal of
/// either is decided by evaluation where it is small enough. Not validated as a layout: the caller builds the result tree and
/// validates it once.
fn compose_parts(a: &DynLayout, b_modes: &[(i64, i64)], parts: &mut Parts) -> Result<()> {
    let ac = coalesce_for_composition(a)?;
    let mut exact = false; // some leaf was decided by evaluation
    let mut has_negative = false;
    for &(s, d) in b_modes {
        if s == 1 {
            // A size-1 leaf of B takes only coordinate 0: its stride never contributes (it may
            // be anything, even `i64::MIN`), and its result is `1:0`.
            parts.push(smallvec::smallvec![(1, 0)]);
            continue;
        }
        let leaf = if d < 0 {
            has_negative = true;
            let mut out = Modes::from_elem((0, 0), ac.len().max(2));
            crate::rules::compose::compose_negative_leaf(&ac, s, d, &mut out).map(|n| {
                out.truncate(n);
                out
            })
        } else {
            base_case(&ac, s, d)
        };
        match leaf {
            // Each leaf's result is coalesced, as CuTe C++ does: `(4,8):(1,4) ∘ 8:1 = 8:1`.
            Ok(m) => parts.push(super::coalesce::coalesce_modes(&m, false)?),
            Err(e) if e.kind() == ErrorKind::Overflow || s > EXACT_SEARCH_LIMIT => return Err(e),
            Err(e) => {
                let f = (0..s)
                    .map(|i| try_eval_floor(&ac, checked_mul(i, d)?))
                    .collect::<Result<Vec<_>>>()?;
                match search_layout(&f, &[s]) {
                    Some(mut found) => {
                        parts.push(found.pop().unwrap_or_default().into());
                        exact = true;
                    }
                    None => return Err(e),
                }
            }
        }
    }
    if !exact
        && distributes(
            &ac,
            &shifted_for_distributivity(&ac, b_modes, has_negative)?,
        )
    {
        return Ok(());
    }
    // Not provably distributive: decide by evaluation where that is small enough.
    let not_distributive = || {
        crate::rules::compose::not_distributive(
            &crate::rules::ModesText(&ac),
            &crate::rules::ModesText(b_modes),
        )
    };
    let n = b_modes
        .iter()
        .try_fold(1i64, |acc, &(s, _)| acc.checked_mul(s))
        .filter(|&n| n <= EXACT_SEARCH_LIMIT)
        .ok_or_else(not_distributive)?;
    let f = (0..n)
        .map(|i| try_eval_floor(&ac, try_eval_floor(b_modes, i)?))
        .collect::<Result<Vec<_>>>()?;
    let flat_parts: Modes = parts.iter().flatten().copied().collect();
    if (0..n).all(|i| eval_floor(&flat_parts, i) == Some(f[i as usize])) {
        return Ok(());
    }
    let sizes: Vec<i64> = b_modes.iter().map(|m| m.0).collect();
    match search_layout(&f, &sizes) {
        Some(found) => {
            parts.clear();
            parts.extend(found.into_iter().map(Modes::from));
            Ok(())
        }
        None => Err(not_distributive()),
    }
}

plain!(composition_layout = try_composition_layout(a: &DynLayout, b: &DynLayout) -> DynLayout);

/// B's flat modes for the distributivity condition: with negative strides, each shifted to
/// `d mod N` (`N` the product of the shapes of coalesced `A` but its last). Since
/// `A(x + k·N) = A(x) + k·D_last` (paper Eq. 4: every mode but the last has a period dividing
/// `N`, and the last extends), `A ∘ B` is `A ∘ B'` corrected leaf by leaf by a linear term, so it
/// distributes over B's leaves where `A ∘ B'` does.
fn shifted_for_distributivity(ac: &[(i64, i64)], b: &[(i64, i64)], any: bool) -> Result<Modes> {
    if !any {
        return Ok(Modes::from_slice(b));
    }
    let n = ac[..ac.len() - 1]
        .iter()
        .try_fold(1i64, |acc, &(s, _)| checked_mul(acc, s))?;
    Ok(b.iter()
        .map(|&(s, d)| (s, if d < 0 { d.rem_euclid(n) } else { d }))
        .collect())
}

/// `A ∘ T` for a layout or a tiler (paper §3.3.5): a layout tiler composes with the whole of
/// `A`; a tuple tiler `<T0, T1, ...>` composes mode by mode (Eq. 12) and `_` keeps its mode.
///
/// **Modes of `A` that the tiler does not name are dropped**, as in CuTe C++ ("Drop any modes
/// of lhs that aren't hit by rhs") and PyCuTe: the result has one mode per tiler element,
/// `(A0 ∘ T0, A1 ∘ T1, ...)`, so its size is the product of the tiler's sizes (with `|A_i|`
/// for a `_`) — `(4,5):(1,4) ∘ <2> = (2):(1)`. A tiler longer than `rank(A)` is a
/// [`ErrorKind::RankMismatch`] error. (The divides and products keep the modes their tiler
/// does not name: they rewrite `A` rather than select from it.)
///
/// ```
/// # use cute_layout::{DynLayout, algebra::{composition, DynTiler}};
/// let a: DynLayout = "(8,16):(20,1)".parse().unwrap();
/// let t: DynTiler = "<4:1,8:2>".parse().unwrap();
/// assert_eq!(composition(&a, &t).to_string(), "(4,8):(20,2)");
/// let a: DynLayout = "(4,5,3):(1,4,20)".parse().unwrap();
/// let t: DynTiler = "<2,_>".parse().unwrap();
/// assert_eq!(composition(&a, &t).to_string(), "(2,5):(1,4)"); // mode 2 is not named: dropped
/// ```
pub fn try_composition<T: AsTiler + ?Sized>(a: &DynLayout, b: &T) -> Result<DynLayout> {
    by_mode(
        a,
        b,
        Some(super::flat::compose_op),
        &super::basis::Composing(&try_composition_layout),
        Unnamed::Drop,
    )
}

plain_tiler!(composition = try_composition);

/// What a by-mode tiler does with the modes of `A` beyond its length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unnamed {
    /// Composition selects: the result has one mode per tiler element (CuTe's
    /// `composition(Layout, Tiler)`: "Drop any modes of lhs that aren't hit by rhs").
    Drop,
    /// The divides and products rewrite `A`: its other modes stay as they are (CuTe's
    /// `logical_divide` / `logical_product` through `transform_layout`).
    Keep,
}

/// What a by-mode walk applies at a tiler's layouts: [`layout`](LeafOp::layout) at an integer
/// layout, [`basis`](LeafOp::basis) at a basis-strided one ([`DynTiler::Basis`]). A plain
/// function is the operation on integer layouts, refusing a basis-strided `B`
/// ([`ErrorKind::BasisStride`]); composition and the divides take either
/// (`algebra::basis::Composing`, `algebra::basis::Dividing`).
pub(crate) trait LeafOp<L> {
    /// `op(A, B)` for an integer layout `B`.
    fn layout(&self, a: &L, b: &DynLayout) -> Result<L>;
    /// `op(A, B)` for a basis-strided `B`.
    fn basis(&self, a: &L, b: &crate::DynBasisLayout) -> Result<L> {
        let _ = a;
        Err(err(
            ErrorKind::BasisStride,
            format!("B = {b} has basis strides: defined here for composition and the divides, not for the products"),
        ))
    }
}
impl<L, F: Fn(&L, &DynLayout) -> Result<L>> LeafOp<L> for F {
    fn layout(&self, a: &L, b: &DynLayout) -> Result<L> {
        self(a, b)
    }
}

/// Applies `op` by mode along a tiler: layouts apply to the whole, tuples by mode (the modes
/// beyond the tuple dropped or kept, per `unnamed`), `_` keeps the (sub)layout. Static marks:
/// every leaf of the result is static iff `A` and the tiler were.
///
/// `fast`, when given, is tried first: the flat-encoding form of `op` (module `flat`), which
/// declines (`None`) everything but the plain case; `op` then decides, errors included.
pub(crate) fn by_mode<T: AsTiler + ?Sized>(
    a: &DynLayout,
    t: &T,
    fast: Option<super::flat::Op>,
    op: &dyn LeafOp<DynLayout>,
    unnamed: Unnamed,
) -> Result<DynLayout> {
    if let Some(b) = t.as_layout() {
        let reference = || Ok(mark(op.layout(a, b)?, a.is_static() && b.is_static()));
        if let Some(r) = fast.and_then(|f| super::flat::apply(a, b, f)) {
            #[cfg(debug_assertions)]
            super::flat::debug_check(&r, reference());
            return Ok(r);
        }
        // A layout tiler applies to the whole: no `DynTiler` copy of it.
        return reference();
    }
    let t = t.as_tiler()?;
    let reference = || {
        let r = by_mode_with(a, &t, op, unnamed)?;
        Ok(mark(r, a.is_static() && t.is_static()))
    };
    if let Some(f) = fast {
        if let Some(r) = super::flat::by_mode(a, &t, f, unnamed, a.is_static() && t.is_static()) {
            #[cfg(debug_assertions)]
            super::flat::debug_check(&r, reference());
            return Ok(r);
        }
    }
    reference()
}

/// A runtime layout kind that a tiler can walk mode by mode: integer ([`DynLayout`]) and basis
/// ([`DynBasisLayout`](crate::DynBasisLayout)) layouts.
pub(crate) trait ModeTree: Clone + core::fmt::Display + Sized {
    /// The rank.
    fn tree_rank(&self) -> usize;
    /// Whether the shape is an integer (a rank-1 layout that is not a tuple).
    fn is_int_shape(&self) -> bool;
    /// The top-level modes.
    fn mode_list(&self) -> Vec<Self>;
    /// The layout whose modes are `modes`.
    fn concat_modes(modes: Vec<Self>) -> Result<Self>;
    /// Mode `i`.
    fn mode_at(&self, i: usize) -> Result<Self>;
    /// The same layout with every leaf marked static iff `is_static`.
    fn marked(self, is_static: bool) -> Result<Self>;
    /// Whether every leaf is static.
    fn tree_is_static(&self) -> bool;
}

impl ModeTree for DynLayout {
    fn tree_rank(&self) -> usize {
        self.rank()
    }
    fn is_int_shape(&self) -> bool {
        self.shape().is_int()
    }
    fn mode_list(&self) -> Vec<Self> {
        self.modes().collect()
    }
    fn concat_modes(modes: Vec<Self>) -> Result<Self> {
        concat(modes)
    }
    fn mode_at(&self, i: usize) -> Result<Self> {
        self.mode(i)
    }
    fn marked(self, is_static: bool) -> Result<Self> {
        Ok(mark(self, is_static))
    }
    fn tree_is_static(&self) -> bool {
        self.is_static()
    }
}

/// [`by_mode`] without the static marks, for any [`ModeTree`] `A`; `op` applies at the
/// tiler's layouts, `unnamed` says what becomes of the modes beyond a tuple.
pub(crate) fn by_mode_with<L: ModeTree>(
    a: &L,
    t: &DynTiler,
    op: &dyn LeafOp<L>,
    unnamed: Unnamed,
) -> Result<L> {
    match t {
        DynTiler::Layout(b) => op.layout(a, b),
        DynTiler::Basis(b) => op.basis(a, b),
        DynTiler::Skip => Ok(a.clone()),
        DynTiler::Tuple(ts) => {
            check_tiler_rank(a, ts.len(), t)?;
            let modes = a
                .mode_list()
                .into_iter()
                .enumerate()
                .filter_map(|(i, m)| match ts.get(i) {
                    Some(ti) => Some(by_mode_with(&m, ti, op, unnamed)),
                    None => (unnamed == Unnamed::Keep).then_some(Ok(m)),
                })
                .collect::<Result<Vec<_>>>()?;
            if a.is_int_shape() && ts.len() == 1 {
                // A rank-1 integer layout tiled by a one-element tuple stays rank 1.
                return modes
                    .into_iter()
                    .next()
                    .ok_or_else(|| LayoutError::new(ErrorKind::RankMismatch));
            }
            L::concat_modes(modes)
        }
    }
}

pub(crate) fn check_tiler_rank<L: ModeTree>(a: &L, n: usize, t: &DynTiler) -> Result<()> {
    if n > a.tree_rank() {
        return Err(err(
            ErrorKind::RankMismatch,
            format!("tiler {t} has {n} modes but {a} has rank {}", a.tree_rank()),
        ));
    }
    Ok(())
}
