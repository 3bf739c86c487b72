//! Composition `A ∘ B` of a basis-strided `A` with an integer layout or a tiler `B`.

use alloc::format;
use alloc::vec::Vec;

use super::basis_tiler::Composing;
use super::{coalesce_modes, concat_basis, delegate, mark, modes_to_trees, zero, Mode};
use crate::basis::arithmetic_eq;
use crate::basis::{DynBasisLayout, DynBasisTuple, DynScaledBasis};
use crate::error::{ErrorKind, LayoutError, Result};
use crate::runtime::compose::{search_layout_with, LeafOp, ModeTree, SearchValue, Unnamed};
use crate::runtime::layout::{checked_mul, DynLayout, DynTuple};
use crate::runtime::tiler::{AsTiler, DynTiler};
use crate::runtime::{err, flat_modes, unwrap, EXACT_SEARCH_LIMIT};
use crate::typelevel::distribute::distributes;

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
        match self.0.iter().zip(paths).find(|&(&v, _)| v != 0) {
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
/// integral `A` delegates to [`try_composition_layout`](crate::runtime::try_composition_layout).
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
        return delegate(crate::runtime::try_composition_layout(
            &a.to_dyn_layout()?,
            b,
        ));
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
pub(super) fn by_mode(
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
