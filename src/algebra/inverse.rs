//! Right and left inverses (paper §3.4, Tables 5 and 6).

use alloc::format;
use alloc::vec::Vec;

use super::coalesce::coalesce_modes;
use super::{err, flat_modes, from_modes, require_nonnegative};
use crate::dynamic::{checked_mul, DynLayout};
use crate::error::{ErrorKind, Result};

/// The coalesced modes of `L` with their compact column-major index strides.
fn indexed_modes(l: &DynLayout) -> Result<Vec<(i64, i64, i64)>> {
    let modes = coalesce_modes(&flat_modes(l), false)?;
    let mut out = Vec::with_capacity(modes.len());
    let mut r = 1i64;
    for (s, d) in modes {
        out.push((s, d, r));
        r = checked_mul(r, s)?;
    }
    Ok(out)
}

/// `right_inverse(L)` (paper §3.4.1, Eq. 24): the largest layout `L‡` with `L(L‡(k)) = k` for
/// every `k < size(L‡)`. Starting from stride 1, it follows the modes of the coalesced `L`
/// whose stride is the product of the previous one's shape and stride; each contributes its
/// shape with its index stride. Stride-0 (and negative-stride) modes do not contribute;
/// `1:0` when no mode has stride 1.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::right_inverse};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// assert_eq!(right_inverse(&l("(3,7,5):(5,15,1)")), l("(5,21):(21,1)"));
/// assert_eq!(right_inverse(&l("(4,8):(1,5)")), l("4:1"));
/// ```
pub fn try_right_inverse(l: &DynLayout) -> Result<DynLayout> {
    let modes = indexed_modes(l)?;
    let mut out = Vec::new();
    let mut next = 1i64;
    while let Some(&(s, d, r)) = modes.iter().find(|m| m.1 == next && m.0 > 1) {
        out.push((s, r));
        next = checked_mul(s, d)?;
    }
    from_modes(&out, l.is_static())
}

plain!(right_inverse = try_right_inverse(l: &DynLayout) -> DynLayout);

/// `left_inverse(L)` (paper §3.4.3, Eq. 26): a layout `L†` with `L(L†(L(k))) = L(k)` for every
/// `k < size(L)`; for an injective `L`, `L†(L(k)) = k`. Values on offsets outside the image of
/// `L` are arbitrary.
///
/// Stride-0 modes do not contribute (every offset is reached with coordinate 0 in them). The
/// remaining modes of the coalesced `L`, sorted by stride `d_0 < d_1 < ...`, read an offset
/// as the mixed-radix number with digits `(⌊x/d_0⌋ mod d_1/d_0, ...)`: the result is
/// `(d_0, d_1/d_0, ..., d_n/d_(n-1), s_n) : (0, r_0, ..., r_(n-1), r_n)` with the index
/// strides `r_k` (the leading `d_0:0` only when `d_0 > 1`). This needs each stride to divide
/// the next and each mode to end before the next begins (`s_k·d_k ≤ d_(k+1)`).
///
/// ```
/// # use cute_layout::{DynLayout, algebra::left_inverse};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// assert_eq!(left_inverse(&l("(4,8):(1,5)")), l("(5,8):(1,4)")); // Table 6
/// ```
pub fn try_left_inverse(l: &DynLayout) -> Result<DynLayout> {
    require_nonnegative(l, "left_inverse")?;
    let mut modes: Vec<(i64, i64, i64)> = indexed_modes(l)?
        .into_iter()
        .filter(|m| m.1 != 0 && m.0 > 1)
        .collect();
    modes.sort_by_key(|m| m.1);
    let mut out = Vec::with_capacity(modes.len() + 1);
    if let Some(&(_, d0, _)) = modes.first() {
        if d0 > 1 {
            out.push((d0, 0));
        }
    }
    for (k, &(s, d, r)) in modes.iter().enumerate() {
        match modes.get(k + 1) {
            None => out.push((s, r)),
            Some(&(s1, d1, _)) => {
                let end = checked_mul(s, d)?;
                if end > d1 {
                    return Err(err(
                        ErrorKind::NotInjective,
                        format!(
                            "modes {s}:{d} and {s1}:{d1} of {l} overlap ({s}·{d} = {end} > {d1})"
                        ),
                    ));
                }
                if d1 % d != 0 {
                    return Err(err(
                        ErrorKind::StrideDivisibility,
                        format!("stride {d} does not divide the next stride {d1} (in {l}), so offsets cannot be read as mixed-radix digits"),
                    ));
                }
                out.push((d1 / d, r));
            }
        }
    }
    let merged = coalesce_modes(&out, false)?;
    from_modes(&merged, l.is_static())
}

plain!(left_inverse = try_left_inverse(l: &DynLayout) -> DynLayout);
