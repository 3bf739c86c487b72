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

use crate::dynamic::{DynLayout, DynTuple};
use crate::error::{ErrorKind, LayoutError, Result};

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
        if self.rank() != 2 || !matches!(self.shape(), DynTuple::Tuple(_)) {
            return Err(LayoutError::with_detail(
                ErrorKind::RankMismatch,
                format!(
                    "print_layout needs a rank-2 layout, {self} has rank {}",
                    self.rank()
                ),
            ));
        }
        let (rows, cols) = (self.mode(0)?.size(), self.mode(1)?.size());
        match rows.checked_mul(cols) {
            Some(n) if n <= MAX_TABLE_CELLS => {}
            _ => {
                return Err(LayoutError::with_detail(
                    ErrorKind::TooLarge,
                    format!(
                        "the table of {self} has {rows} × {cols} cells; print_layout prints at most MAX_TABLE_CELLS = {MAX_TABLE_CELLS}"
                    ),
                ))
            }
        }
        let cells: Vec<Vec<i64>> = (0..rows)
            .map(|m| {
                (0..cols)
                    .map(|n| self.try_eval(&DynTuple::ints([m, n])))
                    .collect()
            })
            .collect::<Result<_>>()?;
        let digits = |v: i64| format!("{v}").len();
        let width = cells
            .iter()
            .flatten()
            .map(|&v| digits(v))
            .chain([digits(cols - 1), digits(self.cosize().max(0))])
            .max()
            .unwrap_or(1);
        let label = digits(rows - 1).max(2);
        let indent = " ".repeat(label + 2);
        let rule = format!(
            "{indent}{}+\n",
            format!("+{}", "-".repeat(width + 2)).repeat(cols as usize)
        );

        let mut out = format!("{self}\n{indent}");
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
        Ok(out)
    }
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
