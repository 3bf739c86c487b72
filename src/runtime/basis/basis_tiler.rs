//! A basis-strided `B`: composition and the divides with a coordinate-valued tiler, for `A` of
//! either kind.

use alloc::format;
use alloc::vec::Vec;

use crate::basis::{DynBasisLayout, DynScaledBasis};
use crate::error::{ErrorKind, LayoutError, Result};
use crate::runtime::compose::{LeafOp, ModeTree};
use crate::runtime::err;
use crate::runtime::layout::{DynLayout, DynTuple};

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
