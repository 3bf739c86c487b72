//! `nullspace` (PyCuTe, NVlabs/CuTe `pycute/layout.py`, `pycute/algebra.py`).

use super::{flat_modes, from_modes};
use crate::error::Result;
use crate::runtime::layout::DynLayout;

/// `nullspace(A)` (PyCuTe `algebra.py`): the layout of the coordinates that `A` maps to 0
/// through its stride-0 modes. For the flat modes `s_k : d_k` of `A` with integral-coordinate
/// strides `p_k = s_0·…·s_(k−1)` (the prefix products of the shape), the result is the flat
/// layout of the modes `s_k : p_k` with `d_k = 0`, in order (an integer layout for one such
/// mode, `1:0` for none).
///
/// Postconditions: `A(R(i)) = 0` for every `i < size(R)`, and `R` is injective into `A`'s
/// domain. When the non-zero strides are positive (or, generally, when the modes of non-zero
/// stride map only their zero coordinate to 0), `R` enumerates exactly the coordinates `c` of
/// `A` with `A(c) = 0`; modes whose non-zero strides cancel (`(2,2):(1,−1)` at `(1,1)`) are
/// not found, as in PyCuTe. Static iff `A` is.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::nullspace};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// // PyCuTe's example.
/// assert_eq!(nullspace(&l("(2,4,6):(1,2,0)")), l("6:8"));
/// assert_eq!(nullspace(&l("(3,(2,5)):(0,(7,0))")), l("(3,5):(1,6)"));
/// assert_eq!(nullspace(&l("(4,8):(1,4)")), l("1:0"));
/// ```
pub fn try_nullspace(a: &DynLayout) -> Result<DynLayout> {
    let mut prefix = 1i64;
    let mut modes = super::Modes::new();
    for (s, d) in flat_modes(a) {
        if d == 0 {
            modes.push((s, prefix));
        }
        // At most size(A): no overflow.
        prefix *= s;
    }
    from_modes(&modes, a.is_static())
}

plain!(nullspace = try_nullspace(a: &DynLayout) -> DynLayout);

impl crate::typelevel::Nullspace for DynLayout {
    type Output = DynLayout;
    #[inline]
    fn try_nullspace(&self) -> Result<DynLayout> {
        try_nullspace(self)
    }
}
