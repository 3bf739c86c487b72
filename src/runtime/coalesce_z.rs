//! `coalesce_z` (PyCuTe, NVlabs/CuTe `pycute/algebra.py` and `pycute/stride.py`).

use super::{coalesce::coalesce_modes, flat_modes, from_modes};
use crate::error::Result;
use crate::runtime::layout::{last_path_ends_at_leaf, DynLayout};

/// `coalesce_z(A)` (PyCuTe `algebra.py`): [`coalesce`](super::try_coalesce) exact on the
/// *extended* domain (paper §2.4: a layout evaluated at any integer, the last mode taking the
/// whole rest). The same merges as `coalesce` (size-1 modes vanish; `s0:d0, s1:d1` become
/// `s0·s1 : d0` when `d1 = s0·d0`), except that the last mode is kept even when its size is 1:
/// its stride is what an index past the domain is multiplied by.
///
/// Postconditions: `size(R) = size(A)`, depth at most 1, and `R(i) = A(i)` for every integer
/// `i ≥ 0` (not only `i < size(A)`). A layout whose path of last modes ends at an empty tuple
/// (`(4,())`) sends the rest of an index nowhere; it coalesces as if that tuple were a last mode
/// `1:0`. Static iff `A` is.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::{coalesce, coalesce_z}};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// // PyCuTe's example: coalesce drops the trailing 1:0, coalesce_z keeps it.
/// let a = l("(2,1,6,1):(1,7,8,0)");
/// assert_eq!(coalesce_z(&a), l("(2,6,1):(1,8,0)"));
/// assert_eq!(coalesce(&a), l("(2,6):(1,8)"));
/// assert_eq!((a.eval(12), coalesce_z(&a).eval(12), coalesce(&a).eval(12)), (0, 0, 48));
/// ```
pub fn try_coalesce_z(a: &DynLayout) -> Result<DynLayout> {
    let mut flat = flat_modes(a);
    if !last_path_ends_at_leaf(a.shape()) {
        flat.push((1, 0));
    }
    from_modes(&coalesce_modes(&flat, true)?, a.is_static())
}

plain!(coalesce_z = try_coalesce_z(a: &DynLayout) -> DynLayout);

impl crate::typelevel::CoalesceZ for DynLayout {
    type Output = DynLayout;
    #[inline]
    fn try_coalesce_z(&self) -> Result<DynLayout> {
        try_coalesce_z(self)
    }
}
