//! Coalesce (paper §3.2): `coalesce` and its by-mode form with a profile.

use alloc::format;
use alloc::vec::Vec;

use super::{concat, err, flat_modes, from_modes, Modes};
use crate::error::{ErrorKind, Result};
use crate::runtime::layout::{DynLayout, DynTuple};

/// Merges flat modes left to right by the rules of paper §3.2: size-1 modes vanish and
/// `s0:d0 ++ s1:d1 = s0·s1:d0` when `d1 = s0·d0`. With `keep_last`, the last mode is kept even
/// when its size is 1, so that the result also agrees with the input on the *extended* domain
/// (the last mode's stride is what an out-of-bounds coordinate is multiplied by).
pub(crate) fn coalesce_modes(modes: &[(i64, i64)], keep_last: bool) -> Result<Modes> {
    let mut out = Modes::from_slice(modes);
    let n = crate::rules::coalesce::coalesce_in_place(&mut out, keep_last)?;
    out.truncate(n);
    Ok(out)
}

/// `coalesce(A)` (paper §3.2): the layout of minimal rank with the same size and the same
/// values on `[0, size(A))` (Eq. 13-15): flatten, drop size-1 modes, merge `s0:d0, s1:d1` into
/// `s0·s1:d0` when `d1 = s0·d0`. A rank-1 result is an integer leaf; a layout of size 1 gives
/// `1:0`.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::coalesce};
/// let a: DynLayout = "((4,3),5):((15,1),3)".parse().unwrap();
/// assert_eq!(coalesce(&a).to_string(), "(4,15):(15,1)");
/// ```
pub fn try_coalesce(a: &DynLayout) -> Result<DynLayout> {
    if let Some(r) = super::flat::coalesce(a) {
        #[cfg(debug_assertions)]
        super::flat::debug_check(&r, coalesce_reference(a));
        return Ok(r);
    }
    coalesce_reference(a)
}

/// [`try_coalesce`] on the reference path (see `try_composition_layout`).
fn coalesce_reference(a: &DynLayout) -> Result<DynLayout> {
    let modes = coalesce_modes(&flat_modes(a), false)?;
    from_modes(&modes, a.is_static())
}

plain!(coalesce = try_coalesce(a: &DynLayout) -> DynLayout);

/// By-mode coalesce with a profile (paper Eq. 12): where `profile` is a tuple, coalesce each
/// mode of `A` with the matching element of the profile (modes of `A` beyond the profile stay
/// unchanged); where it is an integer, coalesce the whole (sub)layout. The paper writes the
/// profile `⟨*,*⟩`: `coalesce((2,(1,6)):(1,(6,2)), (1,1)) = (2,6):(1,2)`.
///
/// ```
/// # use cute_layout::{DynLayout, DynTuple, algebra::coalesce_by_mode};
/// let a: DynLayout = "(2,(1,6)):(1,(6,2))".parse().unwrap();
/// let profile: DynTuple = "(1,1)".parse().unwrap();
/// assert_eq!(coalesce_by_mode(&a, &profile).to_string(), "(2,6):(1,2)");
/// ```
pub fn try_coalesce_by_mode(a: &DynLayout, profile: &DynTuple) -> Result<DynLayout> {
    match profile {
        DynTuple::Int(_) => try_coalesce(a),
        DynTuple::Tuple(ps) => {
            if ps.len() > a.rank() {
                return Err(err(
                    ErrorKind::RankMismatch,
                    format!(
                        "profile {profile} has rank {} but {a} has rank {}",
                        ps.len(),
                        a.rank()
                    ),
                ));
            }
            if a.shape().is_int() {
                // A rank-1 integer layout with a rank-1 profile.
                return match ps.first() {
                    Some(p) => try_coalesce_by_mode(a, p),
                    None => Ok(a.clone()),
                };
            }
            let modes = a
                .modes()
                .enumerate()
                .map(|(i, m)| match ps.get(i) {
                    Some(p) => try_coalesce_by_mode(&m, p),
                    None => Ok(m),
                })
                .collect::<Result<Vec<_>>>()?;
            concat(modes)
        }
    }
}

plain!(coalesce_by_mode = try_coalesce_by_mode(a: &DynLayout, profile: &DynTuple) -> DynLayout);
