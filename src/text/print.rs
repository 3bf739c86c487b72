//! `print_layout`: a rank-2 layout as a table of offsets, in CuTe's format.
//!
//! Rows are the coordinates of mode 0, columns those of mode 1, and the cell at `(m, n)` is
//! the offset `L(m, n)`. The first line is the layout itself:
//!
//! ```text
//! (4,2):(1,4)
//!       0   1
//!     +---+---+
//!  0  | 0 | 4 |
//!     +---+---+
//!  1  | 1 | 5 |
//!     ...
//! ```
//!
//! Cells are as wide as the widest number: `cosize(L)` (as CuTe sizes them), a column label or
//! an offset.
//!
//! A table has at most [`MAX_TABLE_CELLS`] cells; a larger layout is an
//! [`ErrorKind::TooLarge`] error before anything is allocated.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use crate::basis::DynBasisLayout;
use crate::composed::DynComposedLayout;
use crate::error::{ErrorKind, LayoutError, Result};
use crate::runtime::layout::{DynLayout, DynTuple};

/// The largest table [`DynLayout::to_table`] and `print_layout` produce: 2^20 = 1,048,576 cells
/// (rows × columns). Larger layouts are refused with [`ErrorKind::TooLarge`] instead of
/// allocating every cell.
pub const MAX_TABLE_CELLS: i64 = 1 << 20;

impl DynLayout {
    /// The CuTe `print_layout` table of a rank-2 layout (see the [module docs](self)); an
    /// [`ErrorKind::RankMismatch`] error for any other rank, an [`ErrorKind::TooLarge`] error
    /// for more than [`MAX_TABLE_CELLS`] cells.
    ///
    /// ```
    /// use cute_layout::layout;
    /// let table = layout!((2,2):(2,1)).to_dyn().to_table().unwrap();
    /// assert_eq!(table, "\
    /// (2,2):(2,1)
    ///       0   1
    ///     +---+---+
    ///  0  | 0 | 1 |
    ///     +---+---+
    ///  1  | 2 | 3 |
    ///     +---+---+
    /// ");
    /// ```
    pub fn to_table(&self) -> Result<String> {
        let (rows, cols) = table_extent(self, self.rank(), self.shape(), |i| self.mode(i))?;
        let cells: Vec<Vec<String>> = (0..rows)
            .map(|m| {
                (0..cols)
                    .map(|n| Ok(format!("{}", self.try_eval(&DynTuple::ints([m, n]))?)))
                    .collect()
            })
            .collect::<Result<_>>()?;
        Ok(render_table(
            &format!("{self}"),
            &cells,
            format!("{}", self.cosize().max(0)).len(),
        ))
    }
}

impl DynComposedLayout {
    /// The `print_layout` table of a rank-2 swizzled layout `Sw ∘ O ∘ B`: the cell at
    /// `(m, n)` is the swizzled offset `Sw(O + B(m, n))`; the errors of
    /// [`DynLayout::to_table`].
    ///
    /// ```
    /// use cute_layout::DynComposedLayout;
    /// let l: DynComposedLayout = "Sw<1,0,1> o 0 o (2,2):(2,1)".parse().unwrap();
    /// assert_eq!(l.to_table().unwrap().lines().nth(5), Some(" 1  | 3 | 2 |"));
    /// ```
    pub fn to_table(&self) -> Result<String> {
        let b = self.layout_b();
        let (rows, cols) = table_extent(self, b.rank(), b.shape(), |i| b.mode(i))?;
        let cells: Vec<Vec<String>> = (0..rows)
            .map(|m| {
                (0..cols)
                    .map(|n| Ok(format!("{}", self.try_call(DynTuple::ints([m, n]))?)))
                    .collect()
            })
            .collect::<Result<_>>()?;
        Ok(render_table(
            &format!("{self}"),
            &cells,
            format!("{}", self.cosize().max(0)).len(),
        ))
    }
}

impl DynBasisLayout {
    /// The `print_layout` table of a rank-2 basis-strided layout: the cell at `(m, n)` is the
    /// coordinate `L(m, n)`; the errors of [`DynLayout::to_table`].
    ///
    /// ```
    /// use cute_layout::DynBasisLayout;
    /// let l: DynBasisLayout = "(2,2):(1@1,1@0)".parse().unwrap();
    /// assert_eq!(l.to_table().unwrap().lines().nth(3), Some(" 0  | (0,0) | (1,0) |"));
    /// ```
    pub fn to_table(&self) -> Result<String> {
        let (rows, cols) = table_extent(self, self.rank(), self.shape(), |i| {
            self.mode(i).map(|m| m.size())
        })?;
        let cells: Vec<Vec<String>> = (0..rows)
            .map(|m| {
                (0..cols)
                    .map(|n| Ok(format!("{}", self.try_eval(&DynTuple::ints([m, n]))?)))
                    .collect()
            })
            .collect::<Result<_>>()?;
        Ok(render_table(&format!("{self}"), &cells, 1))
    }
}

/// A mode's size, for [`table_extent`].
trait ModeSize {
    fn mode_size(&self) -> i64;
}
impl ModeSize for DynLayout {
    fn mode_size(&self) -> i64 {
        self.size()
    }
}
impl ModeSize for i64 {
    fn mode_size(&self) -> i64 {
        *self
    }
}

/// `(rows, cols)` of the table of a layout (printed as `what`) of the given rank and shape:
/// an error for any rank but 2 or for more than [`MAX_TABLE_CELLS`] cells.
fn table_extent<M: ModeSize>(
    what: &dyn core::fmt::Display,
    rank: usize,
    shape: &DynTuple,
    mode: impl Fn(usize) -> Result<M>,
) -> Result<(i64, i64)> {
    if rank != 2 || !matches!(shape, DynTuple::Tuple(_)) {
        return Err(LayoutError::with_detail(
            ErrorKind::RankMismatch,
            format!("print_layout needs a rank-2 layout, {what} has rank {rank}"),
        ));
    }
    let (rows, cols) = (mode(0)?.mode_size(), mode(1)?.mode_size());
    match rows.checked_mul(cols) {
        Some(n) if n <= MAX_TABLE_CELLS => Ok((rows, cols)),
        _ => Err(LayoutError::with_detail(
            ErrorKind::TooLarge,
            format!(
                "the table of {what} has {rows} × {cols} cells; print_layout prints at most MAX_TABLE_CELLS = {MAX_TABLE_CELLS}"
            ),
        )),
    }
}

/// The table itself: the header line, column labels, and the cells, each as wide as the
/// widest cell, column label or `min_width`.
fn render_table(header: &str, cells: &[Vec<String>], min_width: usize) -> String {
    let rows = cells.len();
    let cols = cells.first().map_or(0, Vec::len);
    let width = cells
        .iter()
        .flatten()
        .map(|v| v.chars().count())
        .chain([format!("{}", cols.saturating_sub(1)).len(), min_width])
        .max()
        .unwrap_or(1);
    let label = format!("{}", rows.saturating_sub(1)).len().max(2);
    let indent = " ".repeat(label + 2);
    let rule = format!(
        "{indent}{}+\n",
        format!("+{}", "-".repeat(width + 2)).repeat(cols)
    );

    let mut out = format!("{header}\n{indent}");
    for n in 0..cols {
        let _ = write!(out, "  {n:>width$} ");
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    for (m, row) in cells.iter().enumerate() {
        out.push_str(&rule);
        let _ = write!(out, "{m:>label$}  ");
        for v in row {
            let _ = write!(out, "| {v:>width$} ");
        }
        out.push_str("|\n");
    }
    out.push_str(&rule);
    out
}

/// CuTe's `print_layout`: print the table of a rank-2 layout (static, mixed or
/// [`DynLayout`]) to standard output; an error for any other rank or for more than
/// [`MAX_TABLE_CELLS`] cells.
///
/// ```
/// use cute_layout::{layout, print_layout, DynLayout};
/// print_layout(&layout!((4,2):(1,4))).unwrap();
/// print_layout(&"((2,2),2):((4,1),2)".parse::<DynLayout>().unwrap()).unwrap();
/// assert!(print_layout(&layout!(8:1)).is_err()); // rank 1
/// ```
#[cfg(feature = "std")]
pub fn print_layout<L: Clone + Into<DynLayout>>(layout: &L) -> Result<()> {
    let table = layout.clone().into().to_table()?;
    std::print!("{table}");
    Ok(())
}
