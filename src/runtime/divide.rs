//! Logical divide and its mode groupings (paper §3.5.2; `layout-algebra-spec.md`).

use alloc::vec::Vec;

use super::complement::complement_plain;
use super::compose::{
    by_mode, check_tiler_rank, try_composition_layout, LeafOp, ModeTree, Unnamed,
};
use super::tiler::{AsTiler, DynTiler};
use super::{concat, flat_modes, Modes};
use crate::error::Result;
use crate::runtime::layout::{DynLayout, DynTuple};

/// `A ⊘ B = A ∘ (B, B*)` with `B* = complement(B, size(A))` for one layout `B`.
fn divide_layout(a: &DynLayout, b: &DynLayout) -> Result<DynLayout> {
    let rest = complement_plain(b, a.size())?;
    check_covers(b, a.size())?;
    try_composition_layout(a, &concat([b.clone(), rest])?)
}

/// Paper §3.5.2: the completed tiler `(B, B*)` must be surjective onto `Z_|A|`, or the divide
/// loses elements of `A`. With B's modes (size > 1, stride > 0) sorted by stride, the
/// complement fills the hole below each stride `d` with `⌊d/c⌋ : c`, `c` the span of the
/// smaller-stride modes; the offsets below `⌊d/c⌋·c` are all reached, and `⌊d/c⌋·c` itself is
/// not when `c` does not divide `d` (the smaller modes reach below `⌊d/c⌋·c`, the others at
/// least `d`). So `(B, B*)` covers `Z_|A|` iff no such first gap lies below `|A|`.
pub(crate) fn check_covers(b: &DynLayout, m: i64) -> Result<()> {
    let modes = flat_modes(b);
    let mut sorted = Modes::from_elem((0, 0), modes.len());
    let n = crate::rules::divide::sorted_live(&modes, &mut sorted);
    crate::rules::divide::check_covers(&sorted[..n], m, b)
}

/// `logical_divide(A, T)` (paper §3.5.2): `A ⊘ B = A ∘ (B, complement(B, size(A)))`, a
/// rank-2 layout whose mode 0 (the "tile") is `A ∘ B` and whose mode 1 (the "rest")
/// iterates over the tiles. A tuple tiler divides mode by mode (`_` keeps a mode; modes
/// beyond the tiler are kept).
///
/// The completed tiler `(B, B*)` must reach every offset of `Z_|A|` (paper §3.5.2), or
/// elements of `A` would be lost: `16:1 ⊘ (3,2):(1,4)` is an [`ErrorKind::NotSurjective`](crate::error::ErrorKind::NotSurjective) error
/// (offsets 3, 7, 11, 15 are never visited). `(B, B*)` may reach beyond `|A|` (its last mode is
/// rounded up, as in CuTe): `6:1 ⊘ 4:1 = (4,2):(1,4)` evaluates `A` on its extended domain.
/// The zipped, tiled and flat divides go through this one and share its errors.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::{logical_divide, DynTiler}};
/// let a: DynLayout = "(8,16):(20,1)".parse().unwrap();
/// let t: DynTiler = "<4:1,8:2>".parse().unwrap();
/// assert_eq!(logical_divide(&a, &t).to_string(), "((4,2),(8,2)):((20,80),(2,1))");
/// ```
pub fn try_logical_divide<T: AsTiler + ?Sized>(a: &DynLayout, t: &T) -> Result<DynLayout> {
    by_mode(
        a,
        t,
        Some(super::flat::divide_op),
        &super::basis::Dividing(&divide_layout),
        Unnamed::Keep,
    )
}

plain_tiler!(logical_divide = try_logical_divide);

/// The tiles and rests of a by-mode divide or product: for a layout tiler, the two modes of
/// `op(A, B)`; for a tuple tiler, one (tile, rest) pair per tiler element, with the untiled
/// modes of `A` appended to the rests. A `_` gives the pair `(A_i, 1:0)`: its whole mode is
/// the tile and its rest is trivial (see [`try_zipped_divide`] for the rule).
pub(crate) fn split<L: ModeTree + From<DynLayout>>(
    a: &L,
    t: &DynTiler,
    op: &dyn LeafOp<L>,
) -> Result<(Vec<L>, Vec<L>)> {
    match t {
        DynTiler::Layout(b) => {
            let r = op.layout(a, b)?;
            Ok((alloc::vec![r.mode_at(0)?], alloc::vec![r.mode_at(1)?]))
        }
        DynTiler::Basis(b) => {
            let r = op.basis(a, b)?;
            Ok((alloc::vec![r.mode_at(0)?], alloc::vec![r.mode_at(1)?]))
        }
        DynTiler::Skip => {
            let trivial = DynLayout::new(DynTuple::int(1), DynTuple::int(0))?;
            Ok((alloc::vec![a.clone()], alloc::vec![L::from(trivial)]))
        }
        DynTiler::Tuple(ts) => {
            check_tiler_rank(a, ts.len(), t)?;
            let mut tiles = Vec::new();
            let mut rests = Vec::new();
            for (i, m) in a.mode_list().into_iter().enumerate() {
                match ts.get(i) {
                    Some(sub @ DynTiler::Tuple(_)) => {
                        // A nested tuple tiler: this mode's tiles and rests, grouped.
                        let (st, sr) = split(&m, sub, op)?;
                        tiles.push(L::concat_modes(st)?);
                        rests.push(L::concat_modes(sr)?);
                    }
                    Some(ti) => {
                        let (st, sr) = split(&m, ti, op)?;
                        tiles.extend(st);
                        rests.extend(sr);
                    }
                    None => rests.push(m),
                }
            }
            Ok((tiles, rests))
        }
    }
}

/// Grouping of tiles and rests: `zipped` = `(tiles, rests)`, `tiled` = `(tiles, rests...)`,
/// `flat` = `(tiles..., rests...)`.
#[derive(Clone, Copy)]
pub(crate) enum Grouping {
    Zipped,
    Tiled,
    Flat,
}

/// [`grouped`] for a `DynLayout`: `fast` (the flat-encoding form of `op`, module `flat`) is
/// tried first; it declines everything but the plain case, and `op` then decides.
pub(crate) fn grouped_dyn(
    a: &DynLayout,
    t: &DynTiler,
    fast: super::flat::Op,
    op: &dyn LeafOp<DynLayout>,
    g: Grouping,
) -> Result<DynLayout> {
    if let Some(r) = super::flat::grouped(a, t, fast, g, a.is_static() && t.is_static()) {
        #[cfg(debug_assertions)]
        super::flat::debug_check(&r, grouped(a, t, op, g));
        return Ok(r);
    }
    grouped(a, t, op, g)
}

pub(crate) fn grouped<L: ModeTree + From<DynLayout>>(
    a: &L,
    t: &DynTiler,
    op: &dyn LeafOp<L>,
    g: Grouping,
) -> Result<L> {
    let (tiles, rests) = split(a, t, op)?;
    // For a layout tiler (or a whole `_`) the tile and rest are single modes whose own modes
    // are the groups.
    let (tiles, rests) = if matches!(t, DynTiler::Layout(_) | DynTiler::Basis(_) | DynTiler::Skip) {
        (tiles, rests)
    } else {
        (
            alloc::vec![L::concat_modes(tiles)?],
            alloc::vec![L::concat_modes(rests)?],
        )
    };
    let first = |v: Vec<L>| {
        v.into_iter()
            .next()
            .ok_or_else(|| crate::LayoutError::new(crate::ErrorKind::RankMismatch))
    };
    let (tile, rest) = (first(tiles)?, first(rests)?);
    let r = match g {
        Grouping::Zipped => L::concat_modes(alloc::vec![tile, rest])?,
        Grouping::Tiled => {
            let mut v = alloc::vec![tile];
            v.extend(rest.mode_list());
            L::concat_modes(v)?
        }
        Grouping::Flat => {
            let mut v = tile.mode_list();
            v.extend(rest.mode_list());
            L::concat_modes(v)?
        }
    };
    r.marked(a.tree_is_static() && t.is_static())
}

/// `zipped_divide(A, T)`: the by-mode divide with tiles and rests gathered,
/// `((T_M, T_N), (R_M, R_N, L, ...))`. Mode 0 is exactly `A ∘ T` (paper §3.5.2).
///
/// **`_` in the tiler** (here and in the tiled and flat divides and the zipped, tiled and flat
/// products): the tiler element is the identity of its mode `A_i`, so the pair it contributes
/// is `(A_i, 1:0)` — the whole mode in the tiles, a trivial rest in the rests. This is the
/// only reading that keeps both postconditions NVIDIA states for `zipped_divide`: mode 0 is
/// `A ∘ T` (paper §3.5.2; PyCuTe `R(i,0) == A(tiler(i))`, and `A ∘ ⟨_, ..⟩` keeps `A_i`), and
/// the rests have one mode per tiler element (PyCuTe `weakly_congruent(R[1],
/// coprofile(tiler))`; C++'s `zip2_by` and the old pycute also give one rest per element).
/// PyCuTe itself refuses `_` here (its tilers are integers and layouts only); CuTe C++ splits
/// a rank-2 mode under `_` as if it were a (tile, rest) pair, the old pycute makes the tile
/// `1:0` and the whole mode a rest — both contradict mode 0 = `A ∘ T`.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::{zipped_divide, DynTiler}};
/// let a: DynLayout = "(8,16):(20,1)".parse().unwrap();
/// let t: DynTiler = "<4:1,8:2>".parse().unwrap();
/// assert_eq!(zipped_divide(&a, &t).to_string(), "((4,8),(2,2)):((20,2),(80,1))");
/// let t: DynTiler = "<_,8:2>".parse().unwrap();
/// assert_eq!(zipped_divide(&a, &t).to_string(), "((8,8),(1,2)):((20,2),(0,1))");
/// ```
pub fn try_zipped_divide<T: AsTiler + ?Sized>(a: &DynLayout, t: &T) -> Result<DynLayout> {
    grouped_dyn(
        a,
        &*t.as_tiler()?,
        super::flat::divide_op,
        &super::basis::Dividing(&divide_layout),
        Grouping::Zipped,
    )
}

plain_tiler!(zipped_divide = try_zipped_divide);

/// `tiled_divide(A, T)`: `((T_M, T_N), R_M, R_N, L, ...)`.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::{tiled_divide, DynTiler}};
/// let a: DynLayout = "(8,16):(20,1)".parse().unwrap();
/// let t: DynTiler = "<4:1,8:2>".parse().unwrap();
/// assert_eq!(tiled_divide(&a, &t).to_string(), "((4,8),2,2):((20,2),80,1)");
/// ```
pub fn try_tiled_divide<T: AsTiler + ?Sized>(a: &DynLayout, t: &T) -> Result<DynLayout> {
    grouped_dyn(
        a,
        &*t.as_tiler()?,
        super::flat::divide_op,
        &super::basis::Dividing(&divide_layout),
        Grouping::Tiled,
    )
}

plain_tiler!(tiled_divide = try_tiled_divide);

/// `flat_divide(A, T)`: `(T_M, T_N, R_M, R_N, L, ...)`.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::{flat_divide, DynTiler}};
/// let a: DynLayout = "(8,16):(20,1)".parse().unwrap();
/// let t: DynTiler = "<4:1,8:2>".parse().unwrap();
/// assert_eq!(flat_divide(&a, &t).to_string(), "(4,8,2,2):(20,2,80,1)");
/// ```
pub fn try_flat_divide<T: AsTiler + ?Sized>(a: &DynLayout, t: &T) -> Result<DynLayout> {
    grouped_dyn(
        a,
        &*t.as_tiler()?,
        super::flat::divide_op,
        &super::basis::Dividing(&divide_layout),
        Grouping::Flat,
    )
}

plain_tiler!(flat_divide = try_flat_divide);
