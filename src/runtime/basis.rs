//! The layout algebra on basis-strided layouts ([`DynBasisLayout`]), where the paper and CuTe
//! define it. Functions come in `try_op` / `op` pairs as in the rest of [`crate::runtime`], and
//! the verb traits of [`crate::typelevel`] are implemented for [`DynBasisLayout`].
//!
//! * A layout whose strides are all integers (empty paths) is an ordinary layout: every
//!   operation delegates to the [`DynLayout`] engine, so the two agree by construction.
//! * **Composition** `A ∘ B` with an integer layout or tiler `B` on the right: the base case
//!   (paper Eq. 19–21) only scales `A`'s strides and compares them, so it holds in any
//!   integer-semimodule; coalescing `A` merges `s0:d0, s1:d1` when `d1 = s0·d0` (same path,
//!   same value). `B` with negative strides is refused ([`ErrorKind::BasisStride`]).
//! * **Divides** `A ∘ (B, B*)`, with `B* = complement(B, size(A))` an integer layout.
//! * **A basis-strided `B`** (or tiler element, [`DynTiler::Basis`]) in composition and the
//!   divides, for `A` of either kind (the integer engine's functions take it too): `B` maps `i`
//!   to a coordinate of `A`, and `A ∘ B` evaluates `A` there — the leaves of `B` along `e_p`
//!   compose with mode `p` of `A`; the divides complete each such mode with its integer rest.
//! * **Complement** (paper Eq. 27–29) by codomain component: the modes whose strides lie along
//!   `e_p` are complemented as an integer layout and written along `e_p`; the result has the
//!   structure of the codomain (Eq. 27, `D ≲ L*`).
//! * **Right inverse** (paper Eq. 24) by component: each component's integer right inverse
//!   (index strides of `L`), placed at the component's position of the codomain.
//! * **Left inverse** (paper Eq. 26) by component, as the right inverse: each component's
//!   integer left inverse, reading that entry of a coordinate as an index of `L`.
//! * **Products** `A ⊗ B = (A, A* ∘ B)` with the free complement `A*` ([`try_complement_full`],
//!   each component up to its own cosize, the last one extending), as PyCuTe defines them.
//!
//! ```
//! use cute_layout::algebra::basis::{complement_full, composition, right_inverse};
//! use cute_layout::{DynBasisLayout, DynLayout};
//! let b = |s: &str| s.parse::<DynBasisLayout>().unwrap();
//! let l = |s: &str| s.parse::<DynLayout>().unwrap();
//! // Paper Table 4, "Coordinate" row.
//! assert_eq!(composition(&b("(8,8):(1@0,1@1)"), &l("((4,8),2):((16,1),8)")),
//!            b("((4,8),2):((2@1,1@0),1@1)"));
//! // Paper Table 7, last row.
//! assert_eq!(complement_full(&b("(4,(4,2)):(1@1,(1@0,12@1))")), b("(1,(3,1)):(4@0,(4@1,24@1))"));
//! // Paper Table 5.
//! assert_eq!(right_inverse(&b("(4,8):(1@0,1@1)")), l("(4,8):(1,4)"));
//! ```

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::complement::complement_plain;
use super::compose::{search_layout_with, LeafOp, ModeTree, SearchValue, Unnamed};
use super::divide::{check_covers, grouped, Grouping};
use super::product::zip_product;
use super::tiler::{AsTiler, DynTiler};
use super::{concat, err, flat_modes, from_modes, unwrap, EXACT_SEARCH_LIMIT};
use crate::basis::arithmetic_eq;
use crate::basis::{DynBasisLayout, DynBasisTuple, DynScaledBasis};
use crate::error::{ErrorKind, LayoutError, Result};
use crate::runtime::layout::{checked_mul, DynInt, DynLayout, DynTuple};
use crate::typelevel::distribute::distributes;

type Mode = (i64, DynScaledBasis);

fn zero() -> DynScaledBasis {
    DynScaledBasis::int(0)
}

/// Basis strides in the rules of [`crate::rules`] (the base case of composition, coalesce):
/// scaled as `k·v@p`, equal as semimodule elements (the same path and value, or both zero).
impl crate::rules::Stride for DynScaledBasis {
    fn zero() -> Self {
        zero()
    }
    fn scale(&self, k: i64) -> Result<Self> {
        self.try_scale(k)
    }
    fn same(&self, b: &Self) -> bool {
        self.value.value == b.value.value && (self.value.value == 0 || self.modes == b.modes)
    }
}

/// Coalesce rules of paper §3.2 on basis strides ([`crate::rules::coalesce::coalesce_in_place`]):
/// size-1 modes vanish and `s0:d0 ++ s1:d1 = s0·s1:d0` when `d1 = s0·d0`; with `keep_last`
/// the last mode stays even of size 1.
fn coalesce_modes(modes: &[Mode], keep_last: bool) -> Result<Vec<Mode>> {
    let mut out = modes.to_vec();
    let n = crate::rules::coalesce::coalesce_in_place(&mut out, keep_last)?;
    out.truncate(n);
    Ok(out)
}

/// The shape and stride trees of flat modes: a leaf for one mode, a flat tuple otherwise,
/// `1:0` for none.
fn modes_to_trees(modes: &[Mode], is_static: bool) -> (DynTuple, DynBasisTuple) {
    let shape = |v: i64| {
        DynTuple::Int(DynInt {
            value: v,
            is_static,
        })
    };
    let stride = |b: &DynScaledBasis| {
        DynBasisTuple::Basis(DynScaledBasis {
            value: DynInt {
                value: b.value.value,
                is_static,
            },
            modes: b.modes.clone(),
        })
    };
    match modes {
        [] => (shape(1), stride(&zero())),
        [(s, d)] => (shape(*s), stride(d)),
        _ => (
            DynTuple::Tuple(modes.iter().map(|m| shape(m.0)).collect()),
            DynBasisTuple::Tuple(modes.iter().map(|m| stride(&m.1)).collect()),
        ),
    }
}

fn from_basis_modes(modes: &[Mode], is_static: bool) -> Result<DynBasisLayout> {
    let (s, d) = modes_to_trees(modes, is_static);
    DynBasisLayout::new(s, d)
}

/// Every leaf marked static or dynamic.
fn mark(l: DynBasisLayout, is_static: bool) -> Result<DynBasisLayout> {
    DynBasisLayout::new(
        l.shape().with_static(is_static),
        l.stride().with_static(is_static),
    )
}

fn concat_basis(modes: impl IntoIterator<Item = DynBasisLayout>) -> Result<DynBasisLayout> {
    let (s, d): (Vec<_>, Vec<_>) = modes.into_iter().map(DynBasisLayout::into_parts).unzip();
    DynBasisLayout::new(DynTuple::Tuple(s), DynBasisTuple::Tuple(d))
}

fn delegate(r: Result<DynLayout>) -> Result<DynBasisLayout> {
    r.map(DynBasisLayout::from)
}

// ---------------------------------------------------------------------------------------------
// Coalesce, flatten, filter

/// `coalesce(A)` (paper §3.2, Eq. 13–15) with basis strides: flatten, drop size-1 modes, merge
/// `s0:d0, s1:d1` into `s0·s1:d0` when `d1 = s0·d0` (the same path and value).
///
/// ```
/// use cute_layout::{algebra::basis::coalesce, DynBasisLayout};
/// let b = |s: &str| s.parse::<DynBasisLayout>().unwrap();
/// assert_eq!(coalesce(&b("(2,(1,4)):(1@1,(7@0,2@1))")), b("8:1@1"));
/// assert_eq!(coalesce(&b("(4,8):(1@0,1@1)")), b("(4,8):(1@0,1@1)"));
/// ```
pub fn try_coalesce(a: &DynBasisLayout) -> Result<DynBasisLayout> {
    if a.is_integral() {
        return delegate(super::try_coalesce(&a.to_dyn_layout()?));
    }
    from_basis_modes(&coalesce_modes(&a.flat_modes(), false)?, a.is_static())
}
plain!(coalesce = try_coalesce(a: &DynBasisLayout) -> DynBasisLayout);

/// `flatten(A)`: the flat layout of all leaves.
///
/// ```
/// use cute_layout::{algebra::basis::flatten, DynBasisLayout};
/// let a: DynBasisLayout = "((2,3),4):((1@0@0,1@1@0),1@1)".parse().unwrap();
/// assert_eq!(flatten(&a).to_string(), "(2,3,4):(1@0@0,1@1@0,1@1)");
/// ```
pub fn try_flatten(a: &DynBasisLayout) -> Result<DynBasisLayout> {
    let stride = match a.stride() {
        DynBasisTuple::Basis(_) => a.stride().clone(),
        DynBasisTuple::Tuple(_) => DynBasisTuple::Tuple(
            a.stride()
                .leaves()
                .cloned()
                .map(DynBasisTuple::Basis)
                .collect(),
        ),
    };
    DynBasisLayout::new(a.shape().flatten(), stride)
}
plain!(flatten = try_flatten(a: &DynBasisLayout) -> DynBasisLayout);

/// `filter_zeros(A)`: the shape of every leaf whose stride is zero becomes 1; structure kept.
///
/// ```
/// use cute_layout::{algebra::basis::filter_zeros, DynBasisLayout};
/// let a: DynBasisLayout = "(4,(2,3)):(0,(1@0,0@1))".parse().unwrap();
/// assert_eq!(filter_zeros(&a).to_string(), "(1,(2,1)):(0,(1@0,0@1))");
/// ```
pub fn try_filter_zeros(a: &DynBasisLayout) -> Result<DynBasisLayout> {
    fn go(s: &DynTuple, d: &DynBasisTuple) -> DynTuple {
        match (s, d) {
            (DynTuple::Int(si), DynBasisTuple::Basis(b)) if b.value.value == 0 => {
                DynTuple::Int(DynInt {
                    value: 1,
                    is_static: si.is_static,
                })
            }
            (DynTuple::Tuple(ss), DynBasisTuple::Tuple(ds)) => {
                DynTuple::Tuple(ss.iter().zip(ds).map(|(s, d)| go(s, d)).collect())
            }
            _ => s.clone(),
        }
    }
    DynBasisLayout::new(go(a.shape(), a.stride()), a.stride().clone())
}
plain!(filter_zeros = try_filter_zeros(a: &DynBasisLayout) -> DynBasisLayout);

/// `filter(A) = coalesce(filter_zeros(A))`.
pub fn try_filter(a: &DynBasisLayout) -> Result<DynBasisLayout> {
    try_coalesce(&try_filter_zeros(a)?)
}
plain!(filter = try_filter(a: &DynBasisLayout) -> DynBasisLayout);

// ---------------------------------------------------------------------------------------------
// Composition

/// The base case `A ∘ s:d` (paper Eq. 19–21) on the coalesced modes of `A` (last mode kept):
/// [`crate::rules::compose::base_case`], whose stride is generic: only `A`'s strides are
/// scaled, so basis strides go through unchanged; the conditions are on shapes alone.
fn base_case(a: &[Mode], s: i64, d: i64) -> Result<Vec<Mode>> {
    let mut out = Vec::new();
    crate::rules::compose::base_case(a, s, d, &mut |s, d| out.push((s, d)))?;
    Ok(out)
}

/// A coordinate as its entries in the codomain's leaf order: the values the exact search of
/// composition compares ([`SearchValue`]).
#[derive(Clone, PartialEq)]
struct Crd(Vec<i64>);
impl SearchValue for Crd {
    fn plus(&self, other: &Crd) -> Crd {
        Crd(self
            .0
            .iter()
            .zip(&other.0)
            .map(|(x, y)| x.wrapping_add(*y))
            .collect())
    }
    fn times(&self, k: i64) -> Crd {
        Crd(self.0.iter().map(|x| x.wrapping_mul(k)).collect())
    }
}
impl Crd {
    /// The stride with these entries, at most one of them non-zero: `v@p` (`0` for none).
    fn to_basis(&self, paths: &[Vec<usize>]) -> DynScaledBasis {
        match self.0.iter().zip(paths).find(|(&v, _)| v != 0) {
            Some((&v, p)) => DynScaledBasis::new(v, p.iter().copied()),
            None => zero(),
        }
    }
}

/// The paths of the leaves of a codomain, in order.
fn codomain_paths(t: &DynTuple) -> Vec<Vec<usize>> {
    fn go(t: &DynTuple, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        match t {
            DynTuple::Int(_) => out.push(path.clone()),
            DynTuple::Tuple(v) => {
                for (i, x) in v.iter().enumerate() {
                    path.push(i);
                    go(x, path, out);
                    path.pop();
                }
            }
        }
    }
    let mut out = Vec::new();
    go(t, &mut Vec::new(), &mut out);
    out
}

/// The result tree: `B`'s shape with each leaf replaced by the modes computed for it.
fn build(
    b_shape: &DynTuple,
    parts: &mut dyn Iterator<Item = Vec<Mode>>,
) -> (DynTuple, DynBasisTuple) {
    match b_shape {
        DynTuple::Int(_) => modes_to_trees(&parts.next().unwrap_or_default(), false),
        DynTuple::Tuple(v) => {
            let (s, d): (Vec<_>, Vec<_>) = v.iter().map(|t| build(t, parts)).unzip();
            (DynTuple::Tuple(s), DynBasisTuple::Tuple(d))
        }
    }
}

/// `A ∘ B` for a basis-strided `A` and an integer layout `B` (paper §3.3): `R ≼`-compatible
/// with `B` (Eq. 16) and `R(c) = A(B(c))` (Eq. 17), a coordinate.
///
/// `A` is coalesced with basis equality (its last mode kept, so it extends), each leaf of `B`
/// goes through the base case (Eq. 19, with the stride and shape divisibility conditions Eq.
/// 20–21 on `A`'s shapes), and the leaves' results replace `B`'s leaves (Eq. 22).
///
/// Exact on small cases, as the integer engine: a leaf that breaks Eq. 20–21, or a `B` whose
/// leaves are not provably distributive (segregated and divisible, after Eq. 23), of at most
/// [`EXACT_SEARCH_LIMIT`] values is decided by evaluating `A(B(i))` and searching for a layout
/// refining `B`'s shape; the paper's error (or `NotDistributive`) only when none exists. A
/// layout that exists only with a stride that is a sum of bases (CuTe's `ArithmeticTuple`
/// stride `(1,1)`, which a stride here cannot be) is an [`ErrorKind::BasisStride`] error. An
/// integral `A` delegates to [`try_composition_layout`](super::try_composition_layout).
///
/// ```
/// use cute_layout::{algebra::basis::composition_layout, DynBasisLayout, DynLayout};
/// let a: DynBasisLayout = "(8,8):(1@0,1@1)".parse().unwrap();
/// let b: DynLayout = "16:2".parse().unwrap();
/// assert_eq!(composition_layout(&a, &b).to_string(), "(4,4):(2@0,1@1)");
/// // Eq. 20 fails (4 and 3 do not divide), but 2 values are always a layout.
/// let a: DynBasisLayout = "(3,1):(1@0,6@0)".parse().unwrap();
/// assert_eq!(composition_layout(&a, &"2:4".parse().unwrap()).to_string(), "2:7@0");
/// ```
pub fn try_composition_layout(a: &DynBasisLayout, b: &DynLayout) -> Result<DynBasisLayout> {
    if a.is_integral() {
        return delegate(super::try_composition_layout(&a.to_dyn_layout()?, b));
    }
    let b_modes = flat_modes(b);
    if let Some((s, d)) = b_modes.iter().find(|&&(s, d)| s > 1 && d < 0) {
        return Err(err(
            ErrorKind::BasisStride,
            format!(
                "{a} ∘ {b}: mode {s}:{d} of B has a negative stride, which would evaluate A below its domain; that extension is defined for integer strides only"
            ),
        ));
    }
    let is_static = a.is_static() && b.is_static();
    let mut flat = a.flat_modes();
    if flat.is_empty() {
        flat.push((1, zero()));
    }
    let ac = coalesce_modes(&flat, true)?;
    let a_text = || {
        let (s, d) = modes_to_trees(&ac, false);
        format!("{s}:{d}")
    };
    // Beyond the paper's conditions, as the integer engine: a leaf (or, when the leaves do not
    // provably distribute, all of B) of at most EXACT_SEARCH_LIMIT values is decided by
    // evaluating A(B(i)) and searching for a layout refining B's shape whose strides are
    // single bases (a sum of bases is no stride of this crate).
    let paths = codomain_paths(&a.codomain());
    let crd =
        |x: i64| -> Result<Crd> { Ok(Crd(a.try_eval(&DynTuple::int(x))?.leaves().collect())) };
    let one_basis = |v: &Crd| v.0.iter().filter(|&&x| x != 0).count() <= 1;
    let to_modes = |found: Vec<(i64, Crd)>| -> Vec<Mode> {
        found
            .into_iter()
            .map(|(t, v)| (t, v.to_basis(&paths)))
            .collect()
    };
    let mut exact = false;
    let mut parts = Vec::with_capacity(b_modes.len());
    for &(s, d) in &b_modes {
        if s == 1 {
            parts.push(alloc::vec![(1, zero())]);
            continue;
        }
        match base_case(&ac, s, d) {
            Ok(m) => parts.push(coalesce_modes(&m, false)?),
            Err(e) if e.kind() == ErrorKind::Overflow || s > EXACT_SEARCH_LIMIT => return Err(e),
            Err(e) => {
                let f = (0..s)
                    .map(|i| crd(checked_mul(i, d)?))
                    .collect::<Result<Vec<_>>>()?;
                match search_layout_with(&f, &[s], &one_basis) {
                    Some(mut found) => {
                        parts.push(coalesce_modes(
                            &to_modes(found.pop().unwrap_or_default()),
                            false,
                        )?);
                        exact = true;
                    }
                    None => return Err(sum_of_bases(&f, &[s]).unwrap_or(e)),
                }
            }
        }
    }
    let (shape, stride) = build(b.shape(), &mut parts.into_iter());
    let candidate = mark(DynBasisLayout::new(shape, stride)?, is_static)?;
    let shapes: Vec<(i64, i64)> = ac.iter().map(|m| (m.0, 0)).collect();
    if !exact && distributes(&shapes, &b_modes) {
        return Ok(candidate);
    }
    let n = b.size();
    let not_distributive =
        || crate::rules::compose::not_distributive(&a_text(), &crate::rules::ModesText(&b_modes));
    if n > EXACT_SEARCH_LIMIT {
        return Err(not_distributive());
    }
    let f = (0..n).map(|i| crd(b.eval(i))).collect::<Result<Vec<_>>>()?;
    let agrees = (0..n).try_fold(true, |ok, i| {
        Ok::<_, LayoutError>(
            ok && arithmetic_eq(
                &candidate.try_eval(&DynTuple::int(i))?,
                &a.try_eval(&DynTuple::int(b.eval(i)))?,
            ),
        )
    })?;
    if agrees {
        return Ok(candidate);
    }
    let sizes: Vec<i64> = b_modes.iter().map(|m| m.0).collect();
    match search_layout_with(&f, &sizes, &one_basis) {
        Some(found) => {
            let mut parts = found.into_iter().map(to_modes);
            let (shape, stride) = build(b.shape(), &mut parts);
            mark(DynBasisLayout::new(shape, stride)?, is_static)
        }
        None => Err(sum_of_bases(&f, &sizes).unwrap_or_else(not_distributive)),
    }
}

/// When the values `f` of `A ∘ B` are those of a layout refining `sizes` only with a stride
/// that is a sum of bases (CuTe's `ArithmeticTuple` stride, `(1,1)`), the error saying so: such
/// a stride is no stride of this crate.
fn sum_of_bases(f: &[Crd], sizes: &[i64]) -> Option<LayoutError> {
    let found = search_layout_with(f, sizes, &|_| true)?;
    let (_, v) = found
        .iter()
        .flatten()
        .find(|(_, v)| v.0.iter().filter(|&&x| x != 0).count() > 1)?;
    Some(err(
        ErrorKind::BasisStride,
        format!(
            "A ∘ B is a layout only with a stride that is a sum of bases, {:?} (a CuTe ArithmeticTuple stride); a stride here is one scaled basis",
            v.0
        ),
    ))
}
plain!(composition_layout = try_composition_layout(a: &DynBasisLayout, b: &DynLayout) -> DynBasisLayout);

/// Applies `op` by mode along a tiler (paper §3.3.5): a layout applies to the whole, a tuple by
/// mode (the modes beyond it dropped or kept, per `unnamed`), `_` keeps the (sub)layout — the
/// integer engine's walk. Result leaves are static iff `A` and the tiler were.
fn by_mode(
    a: &DynBasisLayout,
    t: &DynTiler,
    op: &dyn LeafOp<DynBasisLayout>,
    unnamed: Unnamed,
) -> Result<DynBasisLayout> {
    mark(
        crate::runtime::compose::by_mode_with(a, t, op, unnamed)?,
        a.is_static() && t.is_static(),
    )
}

impl ModeTree for DynBasisLayout {
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
        concat_basis(modes)
    }
    fn mode_at(&self, i: usize) -> Result<Self> {
        self.mode(i)
    }
    fn marked(self, is_static: bool) -> Result<Self> {
        mark(self, is_static)
    }
    fn tree_is_static(&self) -> bool {
        self.is_static()
    }
}

/// `A ∘ T` for an integer layout or tiler `T` (paper §3.3.5): a layout composes with the whole
/// of `A` ([`try_composition_layout`]), a tuple tiler mode by mode (Eq. 12).
///
/// ```
/// use cute_layout::{algebra::{basis::composition, DynTiler}, basis::make_identity_layout};
/// let id = make_identity_layout(&"(8,16)".parse().unwrap()).unwrap();
/// let t: DynTiler = "<4:1,8:2>".parse().unwrap();
/// assert_eq!(composition(&id, &t).to_string(), "(4,8):(1@0,2@1)");
/// ```
pub fn try_composition<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> Result<DynBasisLayout> {
    by_mode(
        a,
        &*t.as_tiler()?,
        &Composing(&try_composition_layout),
        Unnamed::Drop,
    )
}

/// Panicking form of [`try_composition`].
#[track_caller]
pub fn composition<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> DynBasisLayout {
    unwrap(try_composition(a, t))
}

// ---------------------------------------------------------------------------------------------
// A basis-strided B: composition and the divides with a coordinate-valued tiler

/// Composition at a tiler's layouts, an integer `B` or a basis-strided one
/// ([`compose_with_basis`]), for `A` of either kind.
pub(crate) struct Composing<'f, L>(pub &'f dyn Fn(&L, &DynLayout) -> Result<L>);
impl<L: ModeTree + From<DynLayout>> LeafOp<L> for Composing<'_, L> {
    fn layout(&self, a: &L, b: &DynLayout) -> Result<L> {
        (self.0)(a, b)
    }
    fn basis(&self, a: &L, b: &DynBasisLayout) -> Result<L> {
        compose_with_basis(a, b, self.0)
    }
}

/// The logical divide at a tiler's layouts, an integer `B` or a basis-strided one
/// ([`divide_by_basis`]), for `A` of either kind.
pub(crate) struct Dividing<'f, L>(pub &'f dyn Fn(&L, &DynLayout) -> Result<L>);
impl<L: ModeTree + From<DynLayout>> LeafOp<L> for Dividing<'_, L> {
    fn layout(&self, a: &L, b: &DynLayout) -> Result<L> {
        (self.0)(a, b)
    }
    fn basis(&self, a: &L, b: &DynBasisLayout) -> Result<L> {
        divide_by_basis(a, b, self.0)
    }
}

/// The leaves of a basis-strided `B` grouped by basis path: for each path `p` (in order of
/// first appearance) the integer layout `B_p = (s…):(v…)` of its leaves `s:v@p`, in `B`'s
/// order, and for each leaf of `B` its group (`None` for a leaf of size 1 or stride 0, which
/// contributes nothing).
type Groups = (ByPath<DynLayout>, Vec<Option<usize>>);
/// Values keyed by a basis path (the mode indices of `A`, outermost first).
type ByPath<T> = Vec<(Vec<usize>, T)>;
fn group_by_path(b: &DynBasisLayout) -> Result<Groups> {
    let mut paths: ByPath<Vec<(i64, i64)>> = Vec::new();
    let mut of_leaf = Vec::new();
    for (s, d) in b.flat_modes() {
        if s == 1 || d.value.value == 0 {
            of_leaf.push(None);
            continue;
        }
        let k = match paths.iter().position(|(p, _)| *p == d.modes) {
            Some(k) => k,
            None => {
                paths.push((d.modes.clone(), Vec::new()));
                paths.len() - 1
            }
        };
        paths[k].1.push((s, d.value.value));
        of_leaf.push(Some(k));
    }
    let groups = paths
        .into_iter()
        .map(|(p, m)| {
            let l = DynLayout::new(
                DynTuple::ints(m.iter().map(|x| x.0)),
                DynTuple::ints(m.iter().map(|x| x.1)),
            )?;
            Ok((p, l))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok((groups, of_leaf))
}

/// Mode `p` of `A` (CuTe `get<p...>(A)`), a mode of shape `s` being its own mode 0: the part of
/// `A` that entry `p` of a coordinate indexes. A path `A` lacks is an
/// [`ErrorKind::RankMismatch`] error: no coordinate of `A` has that entry.
fn mode_at_path<L: ModeTree>(a: &L, p: &[usize], b: &DynBasisLayout) -> Result<L> {
    p.iter()
        .try_fold(a.clone(), |m, &i| m.mode_at(i))
        .map_err(|_| {
            err(
                ErrorKind::RankMismatch,
                format!(
                    "B = {b} steps along {}, but {a} has no mode at that path: no coordinate of A has that entry",
                    DynScaledBasis::unit(p.iter().copied())
                ),
            )
        })
}

/// `B`'s tree with the leaves replaced by `modes` in order (a leaf `B` by the one mode).
fn scatter<L: ModeTree>(shape: &DynTuple, modes: &mut dyn Iterator<Item = L>) -> Result<L> {
    match shape {
        DynTuple::Int(_) => modes
            .next()
            .ok_or_else(|| LayoutError::new(ErrorKind::RankMismatch)),
        DynTuple::Tuple(v) => L::concat_modes(
            v.iter()
                .map(|t| scatter(t, modes))
                .collect::<Result<Vec<_>>>()?,
        ),
    }
}

/// `op(A_p, B_p)` for each path `p` of `B`, and `B`'s tree with each leaf replaced by its part
/// of mode `tile` of that result (the whole result for `tile = None`).
fn per_path<L: ModeTree + From<DynLayout>>(
    a: &L,
    b: &DynBasisLayout,
    op: &dyn Fn(&L, &DynLayout) -> Result<L>,
    tile: Option<usize>,
) -> Result<(L, ByPath<L>)> {
    let (groups, of_leaf) = group_by_path(b)?;
    let mut results = Vec::with_capacity(groups.len());
    let mut parts: Vec<alloc::vec::IntoIter<L>> = Vec::with_capacity(groups.len());
    for (p, bp) in &groups {
        let r = op(&mode_at_path(a, p, b)?, bp)?;
        let t = match tile {
            Some(k) => r.mode_at(k)?,
            None => r.clone(),
        };
        parts.push(t.mode_list().into_iter());
        results.push((p.clone(), r));
    }
    let sizes: Vec<i64> = b.shape().leaves().collect();
    let mut leaves = of_leaf.iter().zip(sizes).map(|(g, s)| match g {
        Some(k) => parts[*k]
            .next()
            .ok_or_else(|| LayoutError::new(ErrorKind::RankMismatch)),
        None => Ok(L::from(DynLayout::new(DynTuple::int(s), DynTuple::int(0))?)),
    });
    let mut ok = leaves.by_ref().collect::<Result<Vec<_>>>()?.into_iter();
    Ok((scatter(b.shape(), &mut ok)?, results))
}

/// `A ∘ B` for a basis-strided `B` (CuTe and NVIDIA's PyCuTe compose with any layout): `B`
/// maps each of its indices to a coordinate of `A`, and `R(i) = A(B(i))` evaluates `A` at that
/// coordinate — `A(c) = Σ_p A_p(c_p)`, entry `c_p` read as an index of mode `p` of `A` (its
/// last mode extending, as in any composition). So the leaves of `B` along one path `p`,
/// `B_p`, compose with `A_p` alone (Eq. 16–23 with their conditions, and the exact search of
/// small cases at run time), and the results take `B`'s leaves' places; leaves along different
/// paths are independent (the coordinates add). A leaf of size 1 or stride 0 gives `s:0`. A
/// path `A` lacks (`2:1@2` on a rank-2 `A`) is an [`ErrorKind::RankMismatch`] error.
///
/// ```
/// use cute_layout::{algebra::composition, DynBasisLayout, DynLayout};
/// let a: DynLayout = "(4,5):(1,4)".parse().unwrap();
/// let b: DynBasisLayout = "(2):(1@0)".parse().unwrap();
/// assert_eq!(composition(&a, &b).to_string(), "(2):(1)"); // A_0 ∘ 2:1
/// // PyCuTe test_composition.py: 30:E(0) on (4,5):(5,1) steps through mode 0 beyond its size.
/// let a: DynLayout = "(4,5):(5,1)".parse().unwrap();
/// assert_eq!(composition(&a, &"30:1@0".parse::<DynBasisLayout>().unwrap()).to_string(), "30:5");
/// // (i, j) ↦ A(j, i): the transpose.
/// let b: DynBasisLayout = "(5,4):(1@1,1@0)".parse().unwrap();
/// assert_eq!(composition(&a, &b).to_string(), "(5,4):(1,5)");
/// ```
pub(crate) fn compose_with_basis<L: ModeTree + From<DynLayout>>(
    a: &L,
    b: &DynBasisLayout,
    compose: &dyn Fn(&L, &DynLayout) -> Result<L>,
) -> Result<L> {
    if b.is_integral() {
        return compose(a, &b.to_dyn_layout()?);
    }
    let (r, _) = per_path(a, b, compose, None)?;
    r.marked(a.tree_is_static() && b.is_static())
}

/// `A ⊘ B = A ∘ (B, B*)` for a basis-strided `B`: the tile is `A ∘ B` ([`compose_with_basis`]),
/// and the rest completes each mode `A_p` that `B` steps along with `A_p ∘ complement(B_p,
/// size(A_p))` (paper §3.5.2 per mode), the other modes of `A` kept whole — `A`'s tree with each
/// `A_p` replaced by the rest of the integer divide `A_p ⊘ B_p`, whose conditions (Eq. 20–21,
/// `(B_p, B_p*)` onto `Z_|A_p|`) apply. NVIDIA's PyCuTe completes `B` with `complement(B,
/// extend=shape(A))`, extents taken leaf by leaf from `shape(A)`; the two agree on all of its
/// basis-tiler cases (README "Where this library differs").
///
/// ```
/// use cute_layout::{algebra::logical_divide, DynBasisLayout, DynLayout};
/// let a: DynLayout = "(8,8):(9,1)".parse().unwrap();
/// // PyCuTe test_logical_divide.py: a 4×4 tile, transposed, with stride 2 along mode 0.
/// let b: DynBasisLayout = "(4,4):(1@1,2@0)".parse().unwrap();
/// assert_eq!(logical_divide(&a, &b).to_string(), "((4,4),(2,2)):((1,18),(9,4))");
/// ```
pub(crate) fn divide_by_basis<L: ModeTree + From<DynLayout>>(
    a: &L,
    b: &DynBasisLayout,
    divide: &dyn Fn(&L, &DynLayout) -> Result<L>,
) -> Result<L> {
    if b.is_integral() {
        return divide(a, &b.to_dyn_layout()?);
    }
    let (tile, results) = per_path(a, b, divide, Some(0))?;
    let rests = results
        .into_iter()
        .map(|(p, r)| Ok((p, r.mode_at(1)?)))
        .collect::<Result<Vec<_>>>()?;
    /// `A`'s tree at `path`, each mode named in `rests` replaced by its rest.
    fn rest_tree<L: ModeTree>(
        a: &L,
        path: &mut Vec<usize>,
        rests: &[(Vec<usize>, L)],
    ) -> Result<L> {
        if let Some((_, r)) = rests.iter().find(|(p, _)| p == path) {
            return Ok(r.clone());
        }
        if !rests
            .iter()
            .any(|(p, _)| p.len() > path.len() && p.starts_with(path))
        {
            return Ok(a.clone());
        }
        if a.is_int_shape() {
            // A mode of shape s is its own mode 0.
            path.push(0);
            let r = rest_tree(a, path, rests);
            path.pop();
            return r;
        }
        let modes = a
            .mode_list()
            .iter()
            .enumerate()
            .map(|(i, m)| {
                path.push(i);
                let r = rest_tree(m, path, rests);
                path.pop();
                r
            })
            .collect::<Result<Vec<_>>>()?;
        L::concat_modes(modes)
    }
    let rest = rest_tree(a, &mut Vec::new(), &rests)?;
    L::concat_modes(alloc::vec![tile, rest])?.marked(a.tree_is_static() && b.is_static())
}

// ---------------------------------------------------------------------------------------------
// Divides

/// `A ∘ (B, complement(B, size(A)))` for one layout tiler (paper §3.5.2), refused when
/// `(B, B*)` misses an element of `A` (as for integer layouts).
fn divide_layout(a: &DynBasisLayout, b: &DynLayout) -> Result<DynBasisLayout> {
    let rest = complement_plain(b, a.size())?;
    check_covers(b, a.size())?;
    try_composition_layout(a, &concat([b.clone(), rest])?)
}

/// `logical_divide(A, T)` (paper §3.5.2): `A ∘ (T, complement(T, size(A)))`, by mode for a
/// tuple tiler. For an identity layout `A` this gives the coordinate of every element of every
/// tile, which kernels use for predication.
///
/// ```
/// use cute_layout::{algebra::basis::logical_divide, basis::make_identity_layout, DynLayout};
/// let id = make_identity_layout(&"(8,6)".parse().unwrap()).unwrap();
/// let t: DynLayout = "4:1".parse().unwrap();
/// assert_eq!(logical_divide(&id, &t).to_string(), "(4,(2,6)):(1@0,(4@0,1@1))");
/// ```
pub fn try_logical_divide<T: AsTiler + ?Sized>(
    a: &DynBasisLayout,
    t: &T,
) -> Result<DynBasisLayout> {
    by_mode(a, &*t.as_tiler()?, &Dividing(&divide_layout), Unnamed::Keep)
}

/// Panicking form of [`try_logical_divide`].
#[track_caller]
pub fn logical_divide<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> DynBasisLayout {
    unwrap(try_logical_divide(a, t))
}

/// `zipped_divide(A, T)`: `((tiles), (rests))` — mode 0 indexes within a tile, mode 1 the tile.
///
/// ```
/// use cute_layout::{algebra::{basis::zipped_divide, DynTiler}, basis::make_identity_layout};
/// let id = make_identity_layout(&"(8,6)".parse().unwrap()).unwrap();
/// let t: DynTiler = "<4:1,3:1>".parse().unwrap();
/// assert_eq!(zipped_divide(&id, &t).to_string(), "((4,3),(2,2)):((1@0,1@1),(4@0,3@1))");
/// ```
pub fn try_zipped_divide<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> Result<DynBasisLayout> {
    grouped(
        a,
        &*t.as_tiler()?,
        &Dividing(&divide_layout),
        Grouping::Zipped,
    )
}

/// Panicking form of [`try_zipped_divide`].
#[track_caller]
pub fn zipped_divide<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> DynBasisLayout {
    unwrap(try_zipped_divide(a, t))
}

/// `tiled_divide(A, T)`: `((tiles), rest0, rest1, …)`.
pub fn try_tiled_divide<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> Result<DynBasisLayout> {
    grouped(
        a,
        &*t.as_tiler()?,
        &Dividing(&divide_layout),
        Grouping::Tiled,
    )
}

/// Panicking form of [`try_tiled_divide`].
#[track_caller]
pub fn tiled_divide<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> DynBasisLayout {
    unwrap(try_tiled_divide(a, t))
}

/// `flat_divide(A, T)`: `(tile0, tile1, …, rest0, rest1, …)`.
pub fn try_flat_divide<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> Result<DynBasisLayout> {
    grouped(
        a,
        &*t.as_tiler()?,
        &Dividing(&divide_layout),
        Grouping::Flat,
    )
}

/// Panicking form of [`try_flat_divide`].
#[track_caller]
pub fn flat_divide<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> DynBasisLayout {
    unwrap(try_flat_divide(a, t))
}

// ---------------------------------------------------------------------------------------------
// Products

/// `A ⊗ B = (A, complement(A) ∘ B)` for one layout `B`: the complement of each codomain
/// component up to its own cosize ([`try_complement_full`]), whose last mode extends, composed
/// with `B`. An integral `A` delegates to the integer product.
fn product_layout(a: &DynBasisLayout, b: &DynLayout) -> Result<DynBasisLayout> {
    if a.is_integral() {
        return delegate(super::try_logical_product(&a.to_dyn_layout()?, b));
    }
    let rest = try_composition_layout(&try_complement_full(a)?, b)?;
    concat_basis([a.clone(), rest])
}

/// `logical_product(A, T)` for a basis-strided `A` (paper §3.5.1; NVIDIA's PyCuTe
/// `Layout._logical_product`): `A ⊗ B = (A, A* ∘ B)`, by mode for a tuple tiler (`_` keeps a
/// mode). The paper completes `A` up to the integer `size(A)·cosize(B)`, which has no meaning
/// in a coordinate codomain; here, as in PyCuTe, `A*` is the free complement
/// [`try_complement_full`] — each codomain component complemented up to its own cosize, the
/// trailing mode of the last component extending — so mode 1 places shifted copies of `A`
/// along the last component, disjoint from `A` (Eq. 28): `R(i, j) = A(i) + A*(B(j))`. Mode 0
/// is `A` and mode 1 is compatible with `B`. A non-injective `A` has no complement
/// ([`ErrorKind::NotInjective`]); `B` is an integer layout.
///
/// ```
/// use cute_layout::{algebra::basis::logical_product, DynBasisLayout, DynLayout};
/// let a: DynBasisLayout = "(4,8):(1@0,1@1)".parse().unwrap();
/// let b: DynLayout = "(2,3):(1,2)".parse().unwrap();
/// // complement(A) = (1,1):(4@0,8@1): copies of the 4×8 tile stacked along e1.
/// assert_eq!(logical_product(&a, &b).to_string(), "((4,8),(2,3)):((1@0,1@1),(8@1,16@1))");
/// ```
pub fn try_logical_product<T: AsTiler + ?Sized>(
    a: &DynBasisLayout,
    t: &T,
) -> Result<DynBasisLayout> {
    by_mode(a, &*t.as_tiler()?, &product_layout, Unnamed::Keep)
}

/// Panicking form of [`try_logical_product`].
#[track_caller]
pub fn logical_product<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> DynBasisLayout {
    unwrap(try_logical_product(a, t))
}

/// `zipped_product(A, T)`: the logical product regrouped `((A modes), (grid modes))`, as for
/// integer layouts ([`algebra::try_zipped_product`](super::try_zipped_product)).
pub fn try_zipped_product<T: AsTiler + ?Sized>(
    a: &DynBasisLayout,
    t: &T,
) -> Result<DynBasisLayout> {
    grouped(a, &*t.as_tiler()?, &product_layout, Grouping::Zipped)
}

/// Panicking form of [`try_zipped_product`].
#[track_caller]
pub fn zipped_product<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> DynBasisLayout {
    unwrap(try_zipped_product(a, t))
}

/// `tiled_product(A, T)`: `((A modes), grid0, grid1, …)`.
pub fn try_tiled_product<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> Result<DynBasisLayout> {
    grouped(a, &*t.as_tiler()?, &product_layout, Grouping::Tiled)
}

/// Panicking form of [`try_tiled_product`].
#[track_caller]
pub fn tiled_product<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> DynBasisLayout {
    unwrap(try_tiled_product(a, t))
}

/// `flat_product(A, T)`: `(A modes…, grid modes…)`.
pub fn try_flat_product<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> Result<DynBasisLayout> {
    grouped(a, &*t.as_tiler()?, &product_layout, Grouping::Flat)
}

/// Panicking form of [`try_flat_product`].
#[track_caller]
pub fn flat_product<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> DynBasisLayout {
    unwrap(try_flat_product(a, t))
}

/// The `1:0` mode that pads a layout in the blocked and raked products.
fn unit() -> Result<DynBasisLayout> {
    DynBasisLayout::new(DynTuple::int(1), DynBasisTuple::int(0))
}

/// `blocked_product(A, B)` (paper §3.5.1): the logical product with like modes zipped,
/// `((A0, X0), (A1, X1), …)`, the shorter operand padded with `1:0` modes (as for integer
/// layouts, [`algebra::try_blocked_product`](super::try_blocked_product)).
///
/// ```
/// use cute_layout::{algebra::basis::blocked_product, DynBasisLayout, DynLayout};
/// let a: DynBasisLayout = "(4,8):(1@0,1@1)".parse().unwrap();
/// let b: DynLayout = "(2,3):(1,2)".parse().unwrap();
/// assert_eq!(blocked_product(&a, &b).to_string(), "((4,2),(8,3)):((1@0,8@1),(1@1,16@1))");
/// ```
pub fn try_blocked_product<T: AsTiler + ?Sized>(
    a: &DynBasisLayout,
    t: &T,
) -> Result<DynBasisLayout> {
    zip_product(a, &*t.as_tiler()?, false, &product_layout, &unit()?)
}

/// Panicking form of [`try_blocked_product`].
#[track_caller]
pub fn blocked_product<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> DynBasisLayout {
    unwrap(try_blocked_product(a, t))
}

/// `raked_product(A, B)`: like [`try_blocked_product`] with the pairs reversed,
/// `((X0, A0), (X1, A1), …)`.
pub fn try_raked_product<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> Result<DynBasisLayout> {
    zip_product(a, &*t.as_tiler()?, true, &product_layout, &unit()?)
}

/// Panicking form of [`try_raked_product`].
#[track_caller]
pub fn raked_product<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> DynBasisLayout {
    unwrap(try_raked_product(a, t))
}

// ---------------------------------------------------------------------------------------------
// Complement and right inverse, by codomain component

/// Calls `f(path, L_p)` for each integer leaf of the codomain, where `L_p` is the integer layout
/// of `A`'s flat modes with their values along `e_p` (strides along other paths become 0 when
/// `keep_all`, and are left out otherwise), and assembles the results (integer layouts) in the
/// codomain's structure: a shape tree and a stride tree of integers, and the paths.
fn by_component(
    a: &DynBasisLayout,
    keep_all: bool,
    f: &mut dyn FnMut(&[usize], &DynLayout) -> Result<DynLayout>,
) -> Result<(DynTuple, DynTuple, DynBasisTuple)> {
    fn go(
        node: &DynTuple,
        path: &mut Vec<usize>,
        modes: &[Mode],
        keep_all: bool,
        f: &mut dyn FnMut(&[usize], &DynLayout) -> Result<DynLayout>,
    ) -> Result<(DynTuple, DynTuple, DynBasisTuple)> {
        match node {
            DynTuple::Int(_) => {
                let along: Vec<(i64, i64)> = modes
                    .iter()
                    .filter(|(_, d)| keep_all || d.modes == *path)
                    .map(|(s, d)| (*s, if d.modes == *path { d.value.value } else { 0 }))
                    .collect();
                let lp = from_modes(&along, false)?;
                let r = f(path, &lp)?;
                let (s, d) = r.into_parts();
                let db = DynBasisTuple::from(&d).map_leaves(&mut |b| DynScaledBasis {
                    value: b.value,
                    modes: path.clone(),
                });
                Ok((s, d, db))
            }
            DynTuple::Tuple(v) => {
                let mut ss = Vec::with_capacity(v.len());
                let mut ds = Vec::with_capacity(v.len());
                let mut bs = Vec::with_capacity(v.len());
                for (i, t) in v.iter().enumerate() {
                    path.push(i);
                    let (s, d, b) = go(t, path, modes, keep_all, f)?;
                    path.pop();
                    ss.push(s);
                    ds.push(d);
                    bs.push(b);
                }
                Ok((
                    DynTuple::Tuple(ss),
                    DynTuple::Tuple(ds),
                    DynBasisTuple::Tuple(bs),
                ))
            }
        }
    }
    go(&a.codomain(), &mut Vec::new(), &a.flat_modes(), keep_all, f)
}

fn path_text(p: &[usize]) -> String {
    if p.is_empty() {
        String::from("the integers")
    } else {
        format!("{}", DynScaledBasis::unit(p.iter().copied()))
    }
}

fn complement_with(
    a: &DynBasisLayout,
    cotarget: &dyn Fn(&[usize], &DynLayout) -> Result<i64>,
) -> Result<DynBasisLayout> {
    let (shape, _, stride) = by_component(a, false, &mut |p, lp| {
        let m = cotarget(p, lp)?;
        super::try_complement(lp, m).map_err(|e| {
            err(
                e.kind(),
                format!("{} (the modes of {a} along {})", e.detail(), path_text(p)),
            )
        })
    })?;
    mark(DynBasisLayout::new(shape, stride)?, a.is_static())
}

/// `complement(A, M)` with basis strides (paper §3.5, Eq. 27–29): for each component `e_p` of
/// the codomain, the modes of `A` along `e_p` are complemented as an integer layout up to the
/// cotarget's leaf at `p`, and the result is written along `e_p`. The result has the codomain's
/// structure (Eq. 27); its images are disjoint from `A`'s (Eq. 28, on its extended domain) and
/// ordered (Eq. 29). `cotarget` has the structure of [`DynBasisLayout::codomain`] (an integer
/// for an integer layout); otherwise it is an [`ErrorKind::RankMismatch`] error.
///
/// ```
/// use cute_layout::{algebra::basis::complement, DynBasisLayout};
/// let a: DynBasisLayout = "(4,2):(1@0,4@1)".parse().unwrap();
/// assert_eq!(complement(&a, &"(8,16)".parse().unwrap()).to_string(), "(2,(4,2)):(4@0,(1@1,8@1))");
/// ```
pub fn try_complement(a: &DynBasisLayout, cotarget: &DynTuple) -> Result<DynBasisLayout> {
    let codomain = a.codomain();
    if !codomain.congruent(cotarget) {
        return Err(err(
            ErrorKind::RankMismatch,
            format!(
                "the cotarget {cotarget} of the complement of {a} must have the structure of its codomain {codomain}"
            ),
        ));
    }
    if a.is_integral() {
        let m = cotarget.as_int().unwrap_or(1);
        return delegate(super::try_complement(&a.to_dyn_layout()?, m));
    }
    complement_with(a, &|p, _| {
        cotarget
            .get_path(p)
            .ok()
            .and_then(DynTuple::as_int)
            .ok_or_else(|| LayoutError::new(ErrorKind::RankMismatch))
    })
}
plain!(complement = try_complement(a: &DynBasisLayout, cotarget: &DynTuple) -> DynBasisLayout);

/// `complement(A)` (paper Table 7): each component complemented up to its own cosize.
///
/// ```
/// use cute_layout::{algebra::basis::complement_full, DynBasisLayout};
/// let b = |s: &str| s.parse::<DynBasisLayout>().unwrap();
/// // Paper Table 7 prints (1,1):(4e0,4e1) here; Eq. 28 requires 8e1 (see tests/runtime_basis.rs).
/// assert_eq!(complement_full(&b("(4,8):(1@0,1@1)")), b("(1,1):(4@0,8@1)"));
/// ```
pub fn try_complement_full(a: &DynBasisLayout) -> Result<DynBasisLayout> {
    if a.is_integral() {
        return delegate(super::try_complement_full(&a.to_dyn_layout()?));
    }
    // The cosize of a component with a negative stride is refused by the complement itself.
    complement_with(a, &|_, lp| Ok(lp.cosize()))
}
plain!(complement_full = try_complement_full(a: &DynBasisLayout) -> DynBasisLayout);

/// `right_inverse(L)` with basis strides (paper §3.4.1, Eq. 24, Table 5): a layout `L‡` from
/// the codomain's coordinates to integral coordinates of `L` with `L‡(L(L‡(k))) = L‡(k)`. For
/// each component `e_p`, the integer right inverse of `L` with its strides along `e_p` (the
/// others 0) maps the `p`-th coordinate to an index; `L‡` has these at the codomain's
/// positions, so its domain has the codomain's structure (`D ≲ L‡`).
///
/// ```
/// use cute_layout::{algebra::basis::right_inverse, DynBasisLayout, DynLayout};
/// let b = |s: &str| s.parse::<DynBasisLayout>().unwrap();
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// assert_eq!(right_inverse(&b("(4,(4,2)):(1@1,(1@0,6@1))")), l("(4,4):(4,1)")); // Table 5
/// ```
pub fn try_right_inverse(a: &DynBasisLayout) -> Result<DynLayout> {
    if a.is_integral() {
        return super::try_right_inverse(&a.to_dyn_layout()?);
    }
    let (shape, stride, _) = by_component(a, true, &mut |_, lp| super::try_right_inverse(lp))?;
    let is_static = a.is_static();
    DynLayout::new(shape.with_static(is_static), stride.with_static(is_static))
}
plain!(right_inverse = try_right_inverse(a: &DynBasisLayout) -> DynLayout);

/// `left_inverse(L)` with basis strides (paper §3.4.3, Eq. 26, Table 6): a layout `L†` from
/// the codomain's coordinates to integral coordinates of `L` with `L†(L(i)) = i` for every
/// `i < size(L)` (the digits of stride-0 modes read as 0, so `L(L†(L(i))) = L(i)` always), as
/// NVIDIA's PyCuTe defines it for coordinate codomains.
///
/// By component, as [`try_right_inverse`]: for each leaf `e_p` of the codomain, the integer
/// left inverse ([`algebra::try_left_inverse`](super::try_left_inverse)) of `L` with its strides
/// along `e_p` and the others 0 reads the `p`-th entry of a coordinate as the index of the
/// modes along `e_p` — mixed-radix digits when those strides divide and nest, an exact search
/// on small cases otherwise. `L†` has these at the codomain's positions, so its shape has the
/// codomain's structure and `L†(c) = Σ_p L†_p(c_p)`: the modes along different components are
/// independent. A component whose modes overlap (`(2,2):(1@0,1@0)`) has no left inverse: the
/// integer engine's error, naming the component.
///
/// ```
/// use cute_layout::{algebra::basis::left_inverse, DynBasisLayout, DynLayout};
/// let b = |s: &str| s.parse::<DynBasisLayout>().unwrap();
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// // (i, j) ↦ (j, i): the inverse reads coordinate (c0, c1) as index 4·c0 + c1.
/// assert_eq!(left_inverse(&b("(4,5):(1@1,1@0)")), l("(5,4):(4,1)"));
/// // PyCuTe test_inverse_left.py: along e0, strides 2 and 34 leave gaps (shape 2 and 17, the
/// // first of stride 0); along e1 the gap below stride 2.
/// assert_eq!(left_inverse(&b("(3,(2,2)):(34@0,(2@0,2@1))")),
///            l("((2,17,3),(2,2)):((0,3,1),(0,6))"));
/// ```
pub fn try_left_inverse(a: &DynBasisLayout) -> Result<DynLayout> {
    if a.is_integral() {
        return super::try_left_inverse(&a.to_dyn_layout()?);
    }
    let (shape, stride, _) = by_component(a, true, &mut |p, lp| {
        super::try_left_inverse(lp).map_err(|e| {
            err(
                e.kind(),
                format!("{} (the modes of {a} along {})", e.detail(), path_text(p)),
            )
        })
    })?;
    let is_static = a.is_static();
    DynLayout::new(shape.with_static(is_static), stride.with_static(is_static))
}
plain!(left_inverse = try_left_inverse(a: &DynBasisLayout) -> DynLayout);

// ---------------------------------------------------------------------------------------------
// The verb traits of `crate::typelevel` on `DynBasisLayout`.

macro_rules! basis_ops {
    (nullary $($Trait:ident::$m:ident => $f:ident -> $Out:ty;)*) => {$(
        impl crate::typelevel::$Trait for DynBasisLayout {
            type Output = $Out;
            #[inline]
            fn $m(&self) -> Result<$Out> {
                $f(self)
            }
        }
    )*};
    (tiler $($Trait:ident::$m:ident => $f:ident;)*) => {$(
        impl<T: AsTiler> crate::typelevel::$Trait<T> for DynBasisLayout {
            type Output = DynBasisLayout;
            #[inline]
            fn $m(&self, t: T) -> Result<DynBasisLayout> {
                $f(self, &t)
            }
        }
    )*};
}

basis_ops! { nullary
    Coalesce::try_coalesce => try_coalesce -> DynBasisLayout;
    Flatten::try_flatten => try_flatten -> DynBasisLayout;
    FilterZeros::try_filter_zeros => try_filter_zeros -> DynBasisLayout;
    Filter::try_filter => try_filter -> DynBasisLayout;
    ComplementFull::try_complement_full => try_complement_full -> DynBasisLayout;
    RightInverse::try_right_inverse => try_right_inverse -> DynLayout;
    LeftInverse::try_left_inverse => try_left_inverse -> DynLayout;
}
basis_ops! { tiler
    Compose::try_compose => try_composition;
    LogicalDivide::try_logical_divide => try_logical_divide;
    ZippedDivide::try_zipped_divide => try_zipped_divide;
    TiledDivide::try_tiled_divide => try_tiled_divide;
    FlatDivide::try_flat_divide => try_flat_divide;
}
basis_ops! { tiler
    LogicalProduct::try_logical_product => try_logical_product;
    ZippedProduct::try_zipped_product => try_zipped_product;
    TiledProduct::try_tiled_product => try_tiled_product;
    FlatProduct::try_flat_product => try_flat_product;
    BlockedProduct::try_blocked_product => try_blocked_product;
    RakedProduct::try_raked_product => try_raked_product;
}

/// `complement(A, M)` with an integer cotarget: an integer layout only (see [`try_complement`]).
impl<M: crate::int::Int> crate::typelevel::Complement<M> for DynBasisLayout {
    type Output = DynBasisLayout;
    fn try_complement(&self, m: M) -> Result<DynBasisLayout> {
        try_complement(self, &DynTuple::int(m.value()))
    }
}
/// `complement(A, M)` with a cotarget of the codomain's structure (see [`try_complement`]).
impl crate::typelevel::Complement<DynTuple> for DynBasisLayout {
    type Output = DynBasisLayout;
    fn try_complement(&self, m: DynTuple) -> Result<DynBasisLayout> {
        try_complement(self, &m)
    }
}
