//! Vectorization (paper §3.4.2): the largest common contiguous sub-vector of two layouts.

use super::compose::try_composition_layout;
use super::flat_modes;
use super::inverse::try_right_inverse;
use crate::error::Result;
use crate::runtime::layout::{DynLayout, DynTuple};

/// `(K, B‡)`: the common vector size and the right inverse of `B`.
fn common(a: &DynLayout, b: &DynLayout) -> Result<(i64, DynLayout)> {
    let inv_b = try_right_inverse(b)?;
    // K is the size of the stride-1 leading mode of coalesce(A ∘ B‡) (paper §3.4.2). When the
    // whole composition is not representable, fall back to B‡'s leading mode alone.
    let composed = match try_composition_layout(a, &inv_b) {
        Ok(c) => c,
        Err(_) => try_composition_layout(a, &inv_b.mode(0)?)?,
    };
    let modes = super::coalesce::coalesce_modes(&flat_modes(&composed), false)?;
    let k = match modes.first() {
        Some(&(s, 1)) => s,
        _ => 1,
    };
    Ok((k, inv_b))
}

/// `max_common_vector(A, B)` (paper §3.4.2): the largest `K` such that the first `K`
/// offsets `0, 1, ..., K-1` are produced by both layouts at the same coordinates,
/// `A‡(k) = B‡(k)` for `k < K` — the size of the stride-1 leading mode of
/// `coalesce(A ∘ B‡)`. At least 1 (offset 0 is at coordinate 0 in both).
///
/// ```
/// # use cute_layout::{DynLayout, algebra::max_common_vector};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// assert_eq!(max_common_vector(&l("(4,8):(1,4)"), &l("(4,8):(1,4)")), 32);
/// assert_eq!(max_common_vector(&l("(4,8):(1,4)"), &l("(4,8):(8,1)")), 1);
/// assert_eq!(max_common_vector(&l("(2,4):(1,8)"), &l("(2,4):(1,2)")), 2);
/// ```
pub fn try_max_common_vector(a: &DynLayout, b: &DynLayout) -> Result<i64> {
    common(a, b).map(|(k, _)| k)
}

plain!(max_common_vector = try_max_common_vector(a: &DynLayout, b: &DynLayout) -> i64);

/// `max_common_layout(A, B)` (paper Eq. 25): the layout `[B‡]_K` of the coordinates of the
/// `K = max_common_vector(A, B)` offsets that both layouts produce at the same coordinates;
/// `1:0` when `K = 1`.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::max_common_layout};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// assert_eq!(max_common_layout(&l("(4,8):(8,1)"), &l("(4,8):(8,1)")), l("(8,4):(4,1)"));
/// ```
pub fn try_max_common_layout(a: &DynLayout, b: &DynLayout) -> Result<DynLayout> {
    let (k, inv_b) = common(a, b)?;
    if k == 1 {
        return DynLayout::new(DynTuple::int(1), DynTuple::int(0))
            .map(|l| super::mark(l, a.is_static() && b.is_static()));
    }
    let r = try_composition_layout(&inv_b, &DynLayout::new(DynTuple::int(k), DynTuple::int(1))?)?;
    Ok(super::mark(r, a.is_static() && b.is_static()))
}

plain!(max_common_layout = try_max_common_layout(a: &DynLayout, b: &DynLayout) -> DynLayout);
