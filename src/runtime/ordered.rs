//! Ordered compact layouts: `make_ordered_layout` and `tile_to_shape` (CuTe `layout.hpp`), on
//! [`DynLayout`].

use alloc::vec::Vec;

use super::{concat, err, try_blocked_product};
use crate::error::{ErrorKind, Result};
use crate::runtime::layout::{checked_mul, DynInt, DynLayout, DynTuple};

/// CuTe's `make_ordered_layout(shape, order)`: the compact layout of `shape` whose modes are
/// laid out in increasing `order` (one integer per mode of `shape`, all distinct): mode `i`
/// is column-major with starting stride the product of the sizes of the modes of smaller
/// order. `order = (0, 1, ...)` is column-major, `(r−1, ..., 0)` row-major. An order of the
/// wrong rank, a non-integer entry, or a repeated entry (which would make modes overlap) is an
/// error.
///
/// ```
/// # use cute_layout::{DynLayout, DynTuple, algebra::make_ordered_layout};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// let t = |s: &str| s.parse::<DynTuple>().unwrap();
/// assert_eq!(make_ordered_layout(&t("(2,2,2,2)"), &t("(0,2,3,1)")), l("(2,2,2,2):(1,4,8,2)"));
/// assert_eq!(make_ordered_layout(&t("(2,(3,4))"), &t("(1,0)")), l("(2,(3,4)):(12,(1,3))"));
/// ```
pub fn try_make_ordered_layout(shape: &DynTuple, order: &DynTuple) -> Result<DynLayout> {
    let modes: Vec<&DynTuple> = match shape {
        DynTuple::Int(_) => alloc::vec![shape],
        DynTuple::Tuple(v) => v.iter().collect(),
    };
    let ord: Vec<i64> = match order {
        DynTuple::Int(o) if shape.is_int() => alloc::vec![o.value],
        DynTuple::Tuple(v) if v.len() == modes.len() && v.iter().all(DynTuple::is_int) => {
            v.iter().filter_map(DynTuple::as_int).collect()
        }
        _ => {
            return Err(err(
                ErrorKind::RankMismatch,
                alloc::format!(
                "make_ordered_layout: the order {order} must hold one integer per mode of {shape}"
            ),
            ))
        }
    };
    for (i, o) in ord.iter().enumerate() {
        if ord[..i].contains(o) {
            return Err(err(
                ErrorKind::InvalidArgument,
                alloc::format!(
                    "make_ordered_layout: order {order} repeats {o}, so modes would overlap"
                ),
            ));
        }
    }
    let mut strides = Vec::with_capacity(modes.len());
    for (m, o) in modes.iter().zip(&ord) {
        let mut start = 1i64;
        for (m2, o2) in modes.iter().zip(&ord) {
            if o2 < o {
                start = checked_mul(start, m2.size()?)?;
            }
        }
        // Column-major within the mode, from `start`.
        let col = m.prefix_product()?;
        strides.push(scale(&col, start)?);
    }
    let stride = if shape.is_int() {
        strides.pop().expect("one mode")
    } else {
        DynTuple::Tuple(strides)
    };
    let is_static = shape.is_static() && order.is_static();
    DynLayout::new(shape.with_static(is_static), stride.with_static(is_static))
}

plain!(make_ordered_layout = try_make_ordered_layout(shape: &DynTuple, order: &DynTuple) -> DynLayout);

fn scale(t: &DynTuple, k: i64) -> Result<DynTuple> {
    Ok(match t {
        DynTuple::Int(v) => DynTuple::Int(DynInt {
            value: checked_mul(v.value, k)?,
            is_static: v.is_static,
        }),
        DynTuple::Tuple(v) => {
            DynTuple::Tuple(v.iter().map(|x| scale(x, k)).collect::<Result<_>>()?)
        }
    })
}

/// The column-major order `(0, 1, ..., r−1)` (CuTe `GenColMajor`, `LayoutLeft`) for a shape of
/// rank `r`, as [`try_tile_to_shape_ordered`] takes it.
pub fn col_major_order(rank: usize) -> DynTuple {
    DynTuple::Tuple((0..rank as i64).map(DynTuple::fixed).collect())
}

/// The row-major order `(r−1, ..., 0)` (CuTe `GenRowMajor`, `LayoutRight`).
pub fn row_major_order(rank: usize) -> DynTuple {
    DynTuple::Tuple((0..rank as i64).rev().map(DynTuple::fixed).collect())
}

/// CuTe's `tile_to_shape(block, target)` with the default column-major order: see
/// [`try_tile_to_shape_ordered`].
///
/// ```
/// # use cute_layout::{DynLayout, DynTuple, algebra::tile_to_shape};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// let t = |s: &str| s.parse::<DynTuple>().unwrap();
/// // The usual 128-byte-row shared-memory atom, repeated down the rows:
/// assert_eq!(tile_to_shape(&l("(8,64):(64,1)"), &t("(128,64)")),
///            l("((8,16),(64,1)):((64,512),(1,0))"));
/// ```
pub fn try_tile_to_shape(block: &DynLayout, target: &DynTuple) -> Result<DynLayout> {
    let r = if target.is_int() { 1 } else { target.rank() };
    try_tile_to_shape_ordered(block, target, &col_major_order(r))
}

plain!(tile_to_shape = try_tile_to_shape(block: &DynLayout, target: &DynTuple) -> DynLayout);

/// CuTe's `tile_to_shape(block, target, order)`: `block` repeated to fill `target`,
/// `blocked_product(block padded with 1:0 modes to rank(target), make_ordered_layout(P,
/// order))`, with `P` the number of blocks along each mode, `Pᵢ = size(targetᵢ) /
/// size(blockᵢ)`. The blocks are placed in `order` (see [`try_make_ordered_layout`]): column
/// major repeats the block along mode 0 first.
///
/// The result has `target`'s mode sizes (`compatible` with it in CuTe's words), and for every
/// coordinate `(b, k)` of mode `i` (`b` inside the block, `k` the block index), the offset is
/// `block(b) + cosize(block)·ordered(k)`, as the blocked product defines. Errors:
/// `rank(block) > rank(target)` ([`ErrorKind::RankMismatch`]), a block mode size that does not
/// divide the target's ([`ErrorKind::NotDivisible`]; CuTe asserts this for static shapes and
/// rounds up for dynamic ones), and the order's errors.
///
/// ```
/// # use cute_layout::{DynLayout, DynTuple, algebra::{tile_to_shape_ordered, row_major_order}};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// let t = |s: &str| s.parse::<DynTuple>().unwrap();
/// assert_eq!(tile_to_shape_ordered(&l("(2,2):(1,2)"), &t("(4,6)"), &row_major_order(2)),
///            l("((2,2),(2,3)):((1,12),(2,4))"));
/// ```
pub fn try_tile_to_shape_ordered(
    block: &DynLayout,
    target: &DynTuple,
    order: &DynTuple,
) -> Result<DynLayout> {
    let tmodes: Vec<&DynTuple> = match target {
        DynTuple::Int(_) => alloc::vec![target],
        DynTuple::Tuple(v) => v.iter().collect(),
    };
    let r = tmodes.len();
    let block_rank = if block.shape().is_int() {
        1
    } else {
        block.rank()
    };
    if block_rank > r {
        return Err(err(
            ErrorKind::RankMismatch,
            alloc::format!(
                "tile_to_shape: rank of the block {block} ({block_rank}) exceeds the rank of the target shape {target} ({r})"
            ),
        ));
    }
    let unit = DynLayout::new(DynTuple::fixed(1), DynTuple::fixed(0))?;
    let mut bmodes: Vec<DynLayout> = if block.shape().is_int() {
        alloc::vec![block.clone()]
    } else {
        block.modes().collect()
    };
    bmodes.resize(r, unit);
    let mut product = Vec::with_capacity(r);
    for (i, (b, t)) in bmodes.iter().zip(&tmodes).enumerate() {
        let (bs, ts) = (b.size(), t.size()?);
        if ts % bs != 0 {
            return Err(err(
                ErrorKind::NotDivisible,
                alloc::format!(
                    "tile_to_shape: block shape does not divide the target shape: mode {i} of the block {block} has size {bs}, which does not divide {ts}, the size of mode {i} of {target}"
                ),
            ));
        }
        let is_static = b.shape().is_static() && t.is_static();
        product.push(DynTuple::Int(DynInt {
            value: ts / bs,
            is_static,
        }));
    }
    let (padded, product) = if target.is_int() {
        (
            bmodes.pop().expect("one mode"),
            product.pop().expect("one mode"),
        )
    } else {
        (concat(bmodes)?, DynTuple::Tuple(product))
    };
    let order = match (order, target.is_int()) {
        // A rank-1 order for an integer target.
        (DynTuple::Tuple(v), true) if v.len() == 1 => v[0].clone(),
        _ => order.clone(),
    };
    let grid = try_make_ordered_layout(&product, &order)?;
    try_blocked_product(&padded, &grid)
}

plain!(tile_to_shape_ordered = try_tile_to_shape_ordered(block: &DynLayout, target: &DynTuple, order: &DynTuple) -> DynLayout);
