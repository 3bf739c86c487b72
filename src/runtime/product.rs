//! Logical product and its mode groupings (paper §3.5.1; `layout-algebra-spec.md`).

use alloc::vec::Vec;

use super::complement::try_complement;
use super::compose::{by_mode, try_composition_layout, ModeTree, Unnamed};
use super::divide::{grouped_dyn, Grouping};
use super::tiler::{AsTiler, DynTiler};
use super::{concat, err};
use crate::error::{ErrorKind, Result};
use crate::runtime::layout::{checked_mul, DynLayout, DynTuple};

/// `A ⊗ B = (A, complement(A, size(A)·cosize(B)) ∘ B)` for one layout `B`.
fn product_layout(a: &DynLayout, b: &DynLayout) -> Result<DynLayout> {
    let m = checked_mul(a.size(), b.cosize())?;
    let rest = try_composition_layout(&try_complement(a, m)?, b)?;
    concat([a.clone(), rest])
}

/// `logical_product(A, T)` (paper §3.5.1): `A ⊗ B = (A, A* ∘ B)` with
/// `A* = complement(A, size(A)·cosize(B))`: mode 0 is `A` (the "tile"), mode 1 is compatible
/// with `B` and places a shifted copy of `A` at each element of `B`. A tuple tiler multiplies
/// mode by mode.
///
/// Size-1 modes of the result get stride 0 (as in every operation of this engine), so the
/// result agrees with `(A, A* ∘ B)` on its domain, not necessarily beyond it.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::logical_product};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// assert_eq!(logical_product(&l("(3,4):(4,1)"), &l("(2,5):(1,2)")), l("((3,4),(2,5)):((4,1),(12,24))"));
/// ```
pub fn try_logical_product<T: AsTiler + ?Sized>(a: &DynLayout, t: &T) -> Result<DynLayout> {
    by_mode(
        a,
        t,
        Some(super::flat::product_op),
        &product_layout,
        Unnamed::Keep,
    )
}

plain_tiler!(logical_product = try_logical_product);

/// `zipped_product(A, T)`: `((M, N, ...), (T_M, T_N, ...))`; for a layout `B` this is the
/// logical product itself.
///
/// **`_` in a tuple tiler** (zipped, tiled and flat products): the identity of its mode (one
/// copy), as for the divides ([`try_zipped_divide`](super::try_zipped_divide) gives the
/// reason): the mode of `A` is kept whole in the first group and its grid mode is `1:0`,
/// `zipped_product((4,8):(1,4), <_,2:1>) = ((4,8),(1,2)):((1,4),(0,1))`. Modes of `A` beyond
/// the tiler go to the grid group, as in CuTe. Size-1 modes of the result get stride 0.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::{zipped_product, DynTiler}};
/// let a: DynLayout = "(3,4):(4,1)".parse().unwrap();
/// let t: DynTiler = "<2:1,5:1>".parse().unwrap();
/// assert_eq!(zipped_product(&a, &t).to_string(), "((3,4),(2,5)):((4,1),(1,4))");
/// ```
pub fn try_zipped_product<T: AsTiler + ?Sized>(a: &DynLayout, t: &T) -> Result<DynLayout> {
    grouped_dyn(
        a,
        &*t.as_tiler()?,
        super::flat::product_op,
        &product_layout,
        Grouping::Zipped,
    )
}

plain_tiler!(zipped_product = try_zipped_product);

/// `tiled_product(A, T)`: `((M, N, ...), T_M, T_N, ...)`.
///
/// **`_` in a tuple tiler** (zipped, tiled and flat products): the identity of its mode (one
/// copy), as for the divides ([`try_zipped_divide`](super::try_zipped_divide) gives the
/// reason): the mode of `A` is kept whole in the first group and its grid mode is `1:0`,
/// `zipped_product((4,8):(1,4), <_,2:1>) = ((4,8),(1,2)):((1,4),(0,1))`. Modes of `A` beyond
/// the tiler go to the grid group, as in CuTe. Size-1 modes of the result get stride 0.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::{tiled_product, DynTiler}};
/// let a: DynLayout = "(3,4):(4,1)".parse().unwrap();
/// let t: DynTiler = "<2:1,5:1>".parse().unwrap();
/// assert_eq!(tiled_product(&a, &t).to_string(), "((3,4),2,5):((4,1),1,4)");
/// ```
pub fn try_tiled_product<T: AsTiler + ?Sized>(a: &DynLayout, t: &T) -> Result<DynLayout> {
    grouped_dyn(
        a,
        &*t.as_tiler()?,
        super::flat::product_op,
        &product_layout,
        Grouping::Tiled,
    )
}

plain_tiler!(tiled_product = try_tiled_product);

/// `flat_product(A, T)`: `(M, N, ..., T_M, T_N, ...)`.
///
/// **`_` in a tuple tiler** (zipped, tiled and flat products): the identity of its mode (one
/// copy), as for the divides ([`try_zipped_divide`](super::try_zipped_divide) gives the
/// reason): the mode of `A` is kept whole in the first group and its grid mode is `1:0`,
/// `zipped_product((4,8):(1,4), <_,2:1>) = ((4,8),(1,2)):((1,4),(0,1))`. Modes of `A` beyond
/// the tiler go to the grid group, as in CuTe. Size-1 modes of the result get stride 0.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::{flat_product, DynTiler}};
/// let a: DynLayout = "(3,4):(4,1)".parse().unwrap();
/// let t: DynTiler = "<2:1,5:1>".parse().unwrap();
/// assert_eq!(flat_product(&a, &t).to_string(), "(3,4,2,5):(4,1,1,4)");
/// ```
pub fn try_flat_product<T: AsTiler + ?Sized>(a: &DynLayout, t: &T) -> Result<DynLayout> {
    grouped_dyn(
        a,
        &*t.as_tiler()?,
        super::flat::product_op,
        &product_layout,
        Grouping::Flat,
    )
}

plain_tiler!(flat_product = try_flat_product);

/// A tiler as one layout: a layout is itself, a tuple is the concatenation of its elements.
fn tiler_layout(t: &DynTiler) -> Result<DynLayout> {
    match t {
        DynTiler::Layout(l) => Ok(l.clone()),
        DynTiler::Tuple(v) => concat(v.iter().map(tiler_layout).collect::<Result<Vec<_>>>()?),
        DynTiler::Basis(b) => Err(err(
            ErrorKind::BasisStride,
            alloc::format!(
                "B = {b} has basis strides: the products are defined here for an integer B"
            ),
        )),
        DynTiler::Skip => Err(err(
            ErrorKind::InvalidArgument,
            "'_' has no layout; blocked and raked products need a layout or a tuple of layouts"
                .into(),
        )),
    }
}

/// `A` padded with `unit` (its kind's `1:0`) modes to rank `r`.
fn pad<L: ModeTree>(a: &L, r: usize, unit: &L) -> Result<L> {
    if a.tree_rank() >= r {
        return Ok(a.clone());
    }
    let mut modes = a.mode_list();
    modes.resize(r, unit.clone());
    L::concat_modes(modes)
}

/// The `1:0` mode that pads a layout.
fn unit_layout() -> Result<DynLayout> {
    DynLayout::new(DynTuple::int(1), DynTuple::int(0))
}

/// The blocked (`raked = false`) or raked product of any [`ModeTree`] `A` (integer or basis
/// strides), `product` being its logical product with one layout and `unit` its `1:0`: both
/// operands padded to the same rank, the modes of `A` zipped with the grid's.
pub(crate) fn zip_product<L: ModeTree>(
    a: &L,
    t: &DynTiler,
    raked: bool,
    product: &dyn Fn(&L, &DynLayout) -> Result<L>,
    unit: &L,
) -> Result<L> {
    let b = tiler_layout(t)?;
    let r = a.tree_rank().max(b.rank());
    let (a, b) = (pad(a, r, unit)?, pad(&b, r, &unit_layout()?)?);
    let p = product(&a, &b)?;
    let (tile, grid) = (p.mode_at(0)?, p.mode_at(1)?);
    // The grid has B's structure with each leaf possibly refined: group it by B's modes.
    let grid_modes: Vec<L> = if b.shape().is_int() {
        alloc::vec![grid]
    } else {
        grid.mode_list()
    };
    let res = L::concat_modes(
        tile.mode_list()
            .into_iter()
            .zip(grid_modes)
            .map(|(x, y)| {
                if raked {
                    L::concat_modes(alloc::vec![y, x])
                } else {
                    L::concat_modes(alloc::vec![x, y])
                }
            })
            .collect::<Result<Vec<_>>>()?,
    )?;
    res.marked(a.tree_is_static() && t.is_static())
}

/// `blocked_product(A, B)` (paper §3.5.1): the logical product with like modes zipped,
/// `((M, T_M), (N, T_N), ...)`, so that `A` appears as contiguous blocks arranged by `B`.
/// The result has rank `max(rank A, rank B)` (the shorter is padded with `1:0` modes, as CuTe
/// C++ does). A tuple tiler is taken as the concatenation of its layouts.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::blocked_product};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// assert_eq!(blocked_product(&l("(3,4):(4,1)"), &l("(2,5):(1,2)")), l("((3,2),(4,5)):((4,12),(1,24))"));
/// ```
pub fn try_blocked_product<T: AsTiler + ?Sized>(a: &DynLayout, t: &T) -> Result<DynLayout> {
    zip_product(a, &*t.as_tiler()?, false, &product_layout, &unit_layout()?)
}

plain_tiler!(blocked_product = try_blocked_product);

/// `raked_product(A, B)` (paper §3.5.1): like [`blocked_product`] with the modes zipped in
/// reverse, `((T_M, M), (T_N, N), ...)`, so that `A`'s elements are raked across `B`.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::raked_product};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// assert_eq!(raked_product(&l("(3,4):(4,1)"), &l("(2,5):(1,2)")), l("((2,3),(5,4)):((12,4),(24,1))"));
/// ```
pub fn try_raked_product<T: AsTiler + ?Sized>(a: &DynLayout, t: &T) -> Result<DynLayout> {
    zip_product(a, &*t.as_tiler()?, true, &product_layout, &unit_layout()?)
}

plain_tiler!(raked_product = try_raked_product);
