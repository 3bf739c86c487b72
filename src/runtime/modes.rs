//! CuTe's mode vocabulary on [`DynLayout`]: `append`, `prepend`, `make_layout`, `select`, `take`
//! (the type level's are in `typelevel/modes.rs`).

use alloc::format;
use alloc::vec::Vec;

use super::{concat, err};
use crate::error::{ErrorKind, Result};
use crate::runtime::layout::DynLayout;

pub(super) fn modes_vec(a: &DynLayout) -> Vec<DynLayout> {
    a.modes().collect()
}

pub(super) fn range_check(a: &DynLayout, begin: usize, end: usize) -> Result<()> {
    if begin > end || end > a.rank() {
        return Err(err(
            ErrorKind::RankMismatch,
            format!(
                "mode range [{begin}, {end}) is not within the {} modes of {a}",
                a.rank()
            ),
        ));
    }
    Ok(())
}

/// `append(A, B)`: `B` added as a new last mode, `(A0, ..., An, B)`; an integer layout `A`
/// counts as rank 1.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::append};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// assert_eq!(append(&l("4:1"), &l("2:4")).to_string(), "(4,2):(1,4)");
/// ```
pub fn try_append(a: &DynLayout, b: &DynLayout) -> Result<DynLayout> {
    let mut modes = modes_vec(a);
    modes.push(b.clone());
    concat(modes)
}

plain!(append = try_append(a: &DynLayout, b: &DynLayout) -> DynLayout);

/// `prepend(A, B)`: `B` added as a new first mode, `(B, A0, ..., An)`.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::prepend};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// assert_eq!(prepend(&l("(4,2):(1,4)"), &l("3:8")).to_string(), "(3,4,2):(8,1,4)");
/// ```
pub fn try_prepend(a: &DynLayout, b: &DynLayout) -> Result<DynLayout> {
    let mut modes = alloc::vec![b.clone()];
    modes.extend(a.modes());
    concat(modes)
}

plain!(prepend = try_prepend(a: &DynLayout, b: &DynLayout) -> DynLayout);

/// `make_layout(L0, L1, ...)`: the concatenation (paper §3.1) of layouts as the modes of one
/// layout, `L(c0, c1, ...) = L0(c0) + L1(c1) + ...` (Eq. 11).
///
/// ```
/// # use cute_layout::{DynLayout, algebra::make_layout};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// assert_eq!(make_layout(&[l("4:1"), l("(2,3):(4,8)")]).to_string(), "(4,(2,3)):(1,(4,8))");
/// ```
pub fn try_make_layout(modes: &[DynLayout]) -> Result<DynLayout> {
    concat(modes.iter().cloned())
}

plain!(make_layout = try_make_layout(modes: &[DynLayout]) -> DynLayout);

/// `select(A, [i, j, ...])`: the layout of the chosen modes, in the given order (indices may
/// repeat).
///
/// ```
/// # use cute_layout::{DynLayout, algebra::select};
/// let a: DynLayout = "(2,3,4):(1,2,6)".parse().unwrap();
/// assert_eq!(select(&a, &[2, 0]).to_string(), "(4,2):(6,1)");
/// ```
pub fn try_select(a: &DynLayout, indices: &[usize]) -> Result<DynLayout> {
    let modes = indices
        .iter()
        .map(|&i| a.mode(i))
        .collect::<Result<Vec<_>>>()?;
    concat(modes)
}

plain!(select = try_select(a: &DynLayout, indices: &[usize]) -> DynLayout);

/// `take(A, b, e)`: the layout of modes `[b, e)`.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::take};
/// let a: DynLayout = "(2,3,4):(1,2,6)".parse().unwrap();
/// assert_eq!(take(&a, 1, 3).to_string(), "(3,4):(2,6)");
/// ```
pub fn try_take(a: &DynLayout, begin: usize, end: usize) -> Result<DynLayout> {
    range_check(a, begin, end)?;
    concat(modes_vec(a).drain(begin..end))
}

plain!(take = try_take(a: &DynLayout, begin: usize, end: usize) -> DynLayout);
