//! Composition (paper §3.3): `R = A ∘ B` with `B ≼ R` (Eq. 16) and `R(c) = A(B(c))` (Eq. 17).

use alloc::format;
use alloc::vec::Vec;

use super::coalesce::coalesce_modes;
use super::tiler::{AsTiler, DynTiler};
use super::{concat, err, flat_modes, mark, modes_to_tuples, Modes};
use crate::error::{ErrorKind, LayoutError, Result};
use crate::runtime::layout::{checked_mul, DynInt, DynLayout, DynTuple};
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

/// The base case `A ∘ s:d` (paper Eq. 19-21) on coalesced modes of `A`: "divide out" `d`,
/// then "keep" `s`, truncating `A` where the remaining points fall inside one mode
/// (the "Apparent Violations" paragraph). Returns the flat modes of the result.
fn base_case(
    a: &[(i64, i64)],
    s: i64,
    d: i64,
    a_text: &dyn Fn() -> alloc::string::String,
) -> Result<Modes> {
    if d == 0 {
        return Ok(smallvec::smallvec![(s, 0)]);
    }
    let mut out = Modes::new();
    let mut rest_shape = s;
    let mut rest_stride = d;
    // Prefix product S̄_r of A's shape, for messages in the paper's terms.
    let mut prefix = 1i64;
    let last = a.len() - 1;
    for (r, &(sr, dr)) in a.iter().enumerate() {
        // All remaining points i·rest_stride, i < rest_shape, lie inside this mode (or this is
        // the extended last mode): keep them and stop.
        let span = checked_mul(rest_shape - 1, rest_stride)?;
        if r == last || span < sr {
            out.push((rest_shape, checked_mul(dr, rest_stride)?));
            return Ok(out);
        }
        let next_prefix = checked_mul(prefix, sr)?;
        if sr % rest_stride == 0 {
            let n = sr / rest_stride;
            if rest_shape % n != 0 {
                return Err(err(
                    ErrorKind::ShapeDivisibility,
                    format!(
                        "⌈{next_prefix}/{d}⌉ = {} does not divide {s} (mode {} of {})",
                        super::ceil_div(next_prefix, d),
                        r + 1,
                        a_text()
                    ),
                ));
            }
            if n > 1 {
                out.push((n, checked_mul(dr, rest_stride)?));
            }
            rest_shape /= n;
            rest_stride = 1;
        } else if rest_stride % sr == 0 {
            rest_stride /= sr;
        } else {
            return Err(err(
                ErrorKind::StrideDivisibility,
                format!(
                    "{d} does not divide {next_prefix} and {next_prefix} does not divide {d} (mode {} of {})",
                    r + 1,
                    a_text()
                ),
            ));
        }
        prefix = next_prefix;
    }
    // Unreachable: the last mode always returns above.
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

/// Evaluates `A` at a non-negative integral coordinate (extended last mode), checked.
fn eval_checked(a: &DynLayout, i: i64) -> Result<i64> {
    a.try_eval(&DynTuple::int(i))
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
/// extends below zero too. With `N` the product of the shapes of coalesced `A` but its last,
/// `A(x + k·N) = A(x) + k·D_last` for every integer `k`; each negative stride `d` is replaced by
/// `d mod N ≥ 0`, the composition with that `B'` is computed as above, and the linear
/// correction `−c·(d − d mod N)/N·D_last` is added to the strides of that leaf's modes. The
/// result is a layout exactly when `A ∘ B'` is one, so this refuses only what the non-negative
/// case refuses: `4:-1 ∘ 4:-1 = 4:1`, `4:1 ∘ 4:-2 = 4:-2`,
/// `(4,3):(1,4) ∘ 4:-1 = 4:-1` (`A(-1) = A(3, -1) = -1`).
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
    if b_modes.iter().any(|&(s, d)| s > 1 && d < 0) {
        return compose_negative(a, b, &b_modes);
    }
    let is_static = a.is_static() && b.is_static();
    let mut parts = Parts::new();
    compose_parts(
        a,
        &b_modes,
        &|| alloc::string::ToString::to_string(b),
        &mut parts,
    )?;
    let (shape, stride) = build(b.shape(), &mut parts.into_iter(), is_static);
    DynLayout::new(shape, stride)
}

/// Per leaf of `B`, the flat modes that replace it in `A ∘ B`.
type Parts = smallvec::SmallVec<[Modes; 4]>;

/// The per-leaf results of `A ∘ B` for `B` given by its flat modes (non-negative strides, or
/// size 1), into `parts` (empty on entry; an out-parameter, not to move it on return): the
/// flat modes that replace each leaf of `B`. Not validated as a layout: the
/// caller builds the result tree and validates it once (an intermediate of
/// [`compose_negative`] may exceed i64 where the final result does not).
fn compose_parts(
    a: &DynLayout,
    b_modes: &[(i64, i64)],
    b_text: &dyn Fn() -> alloc::string::String,
    parts: &mut Parts,
) -> Result<()> {
    let ac = coalesce_for_composition(a)?;
    let a_text = || {
        let (s, d) = modes_to_tuples(&ac, false);
        format!("{s}:{d}")
    };
    let mut exact = false; // some leaf was decided by evaluation
    for &(s, d) in b_modes {
        if s == 1 {
            // A size-1 leaf of B takes only coordinate 0: its stride never contributes (it may
            // be anything, even `i64::MIN`), and its result is `1:0`.
            parts.push(smallvec::smallvec![(1, 0)]);
            continue;
        }
        match base_case(&ac, s, d, &a_text) {
            // Each leaf's result is coalesced, as CuTe C++ does: `(4,8):(1,4) ∘ 8:1 = 8:1`.
            Ok(m) => parts.push(super::coalesce::coalesce_modes(&m, false)?),
            Err(e) if e.kind() == ErrorKind::Overflow || s > EXACT_SEARCH_LIMIT => return Err(e),
            Err(e) => {
                let f = (0..s)
                    .map(|i| eval_checked(a, i * d))
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
    if !exact && distributes(&ac, b_modes) {
        return Ok(());
    }
    // Not provably distributive: decide by evaluation where that is small enough.
    let not_distributive = || {
        err(
            ErrorKind::NotDistributive,
            format!(
                "the leaves of {} are not mutually segregated or do not divide the prefix products of {}, and no layout refining the shape of B gives A(B(i))",
                b_text(),
                a_text()
            ),
        )
    };
    let n = b_modes
        .iter()
        .try_fold(1i64, |acc, &(s, _)| acc.checked_mul(s))
        .filter(|&n| n <= EXACT_SEARCH_LIMIT)
        .ok_or_else(not_distributive)?;
    // Flat modes evaluated at index i (colexicographic), checked; `None` on overflow.
    fn eval_modes<'m>(modes: impl Iterator<Item = &'m (i64, i64)>, mut i: i64) -> Option<i64> {
        let mut acc = 0i64;
        for &(s, d) in modes {
            acc = acc.checked_add((i % s).checked_mul(d)?)?;
            i /= s;
        }
        Some(acc)
    }
    let f = (0..n)
        .map(|i| {
            let x = eval_modes(b_modes.iter(), i).ok_or_else(LayoutError::overflow)?;
            eval_checked(a, x)
        })
        .collect::<Result<Vec<_>>>()?;
    if (0..n).all(|i| eval_modes(parts.iter().flatten(), i) == Some(f[i as usize])) {
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

/// `A ∘ B` for a `B` with negative strides (see [`try_composition_layout`]): shift each
/// negative stride `d` by a multiple of `N` to `d mod N`, compose, and correct each leaf's
/// strides linearly.
fn compose_negative(a: &DynLayout, b: &DynLayout, b_modes: &[(i64, i64)]) -> Result<DynLayout> {
    let ac = coalesce_for_composition(a)?;
    let (init, last) = ac.split_at(ac.len() - 1);
    let n = init
        .iter()
        .try_fold(1i64, |acc, &(s, _)| checked_mul(acc, s))?;
    let d_last = last[0].1;
    // Per flat leaf of B: the mode of B' (its stride shifted), and the multiple `k` of N it
    // was shifted by.
    let mut shifted = Modes::with_capacity(b_modes.len());
    let mut ks: smallvec::SmallVec<[i128; 8]> = smallvec::SmallVec::with_capacity(b_modes.len());
    for &(s, d) in b_modes {
        if s > 1 && d < 0 {
            let r = d.rem_euclid(n);
            shifted.push((s, r));
            ks.push((i128::from(r) - i128::from(d)) / i128::from(n));
        } else {
            shifted.push((s, d));
            ks.push(0);
        }
    }
    // B' as text, for messages only.
    let shifted_text = || {
        fn restride(t: &DynTuple, it: &mut dyn Iterator<Item = i64>) -> DynTuple {
            match t {
                DynTuple::Int(i) => DynTuple::Int(DynInt {
                    value: it.next().unwrap_or(i.value),
                    is_static: i.is_static,
                }),
                DynTuple::Tuple(v) => DynTuple::Tuple(v.iter().map(|x| restride(x, it)).collect()),
            }
        }
        let d = restride(b.stride(), &mut shifted.iter().map(|x| x.1));
        format!("{}:{d}", b.shape())
    };
    // The parts of A ∘ B', not validated: only the corrected result must be a layout (the
    // intermediate `(4,1):(2,4) ∘ 2^62:2 = (2,2^61):(4,4)` exceeds i64, while
    // `(4,1):(2,4) ∘ 2^62:-2 = (2,2^61):(0,-4)` fits).
    let mut parts = Parts::new();
    compose_parts(a, &shifted, &shifted_text, &mut parts).map_err(|e| {
        err(
            e.kind(),
            format!(
                "{} (B = {b} has negative strides; composed as B' = {}, shifted by multiples of N = {n}, since A(x + k·{n}) = A(x) + k·{d_last}: A ∘ B is a layout iff A ∘ B' is)",
                e.detail(),
                shifted_text()
            ),
        )
    })?;
    // Each leaf's modes: c = Σ c_j·p_j over them; subtract c·k·D_last from A(B'(c)).
    let mut corrected = Parts::with_capacity(parts.len());
    for (modes, &k) in parts.iter().zip(&ks) {
        if k == 0 {
            corrected.push(modes.clone());
            continue;
        }
        let overflow = || {
            err(
                ErrorKind::Overflow,
                format!("a stride of A ∘ B for B's stride shifted by {k}·N exceeds i64"),
            )
        };
        let mut p = 1i128;
        let mut out = Modes::with_capacity(modes.len());
        for &(s, e) in modes {
            if s > 1 {
                let e = p
                    .checked_mul(k)
                    .and_then(|x| x.checked_mul(i128::from(d_last)))
                    .and_then(|fix| i128::from(e).checked_sub(fix))
                    .and_then(|e| i64::try_from(e).ok())
                    .ok_or_else(overflow)?;
                out.push((s, e));
                p = p.checked_mul(i128::from(s)).ok_or_else(overflow)?;
            }
        }
        corrected.push(coalesce_modes(&out, false)?);
    }
    let is_static = a.is_static() && b.is_static();
    let (shape, stride) = build(b.shape(), &mut corrected.into_iter(), is_static);
    DynLayout::new(shape, stride)
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
