//! Coordinates to offsets: `crd2idx` over a shape and a stride, and the checked arithmetic it
//! (and the rest of the runtime engine) computes with.

use super::DynTuple;
use crate::error::{ErrorKind, LayoutError, Result};

/// `crd2idx(c, S, D)` (paper Eq. 6): the inner product of coordinate `c` with stride `D`,
/// where `c` is integral (then split over `S` by `idx2crd`), rank-R or natural — any
/// coordinate weakly congruent with `S`. Checked.
pub fn crd2idx(c: &DynTuple, shape: &DynTuple, stride: &DynTuple) -> Result<i64> {
    match (c, shape, stride) {
        (DynTuple::Int(ci), _, _) => {
            if ci.value < 0 {
                return Err(LayoutError::with_detail(
                    ErrorKind::BadCoordinate,
                    alloc::format!("coordinate {} is negative", ci.value),
                ));
            }
            int_offset(shape, stride, ci.value, true)
        }
        (DynTuple::Tuple(cs), DynTuple::Tuple(ss), DynTuple::Tuple(ds)) if cs.len() == ss.len() => {
            cs.iter()
                .zip(ss)
                .zip(ds)
                .try_fold(0i64, |acc, ((c, s), d)| checked_add(acc, crd2idx(c, s, d)?))
        }
        _ => Err(LayoutError::with_detail(
            ErrorKind::BadCoordinate,
            alloc::format!("coordinate {c} is not weakly congruent with shape {shape}"),
        )),
    }
}

/// `inner_product(idx2crd(i, S), D)` (paper Eq. 4 then 6) without building the natural
/// coordinate: the same splits of `i` (the last mode of each tuple not reduced when `last`)
/// and the same checked products and sums, in the same order.
fn int_offset(shape: &DynTuple, stride: &DynTuple, i: i64, last: bool) -> Result<i64> {
    match (shape, stride) {
        (DynTuple::Int(s), DynTuple::Int(d)) => {
            checked_mul(if last { i } else { i % s.value }, d.value)
        }
        (DynTuple::Tuple(ss), DynTuple::Tuple(ds)) => {
            let n = ss.len();
            let mut rest = i;
            let mut acc = 0i64;
            for (k, (s, d)) in ss.iter().zip(ds).enumerate() {
                let sz = s.size().unwrap_or(i64::MAX);
                let is_last = last && k + 1 == n;
                let c = if is_last { rest } else { rest % sz };
                rest /= sz;
                acc = checked_add(acc, int_offset(s, d, c, is_last)?)?;
            }
            Ok(acc)
        }
        _ => Err(LayoutError::new(ErrorKind::Incongruent)),
    }
}

pub(crate) fn rank_error(i: usize, t: &DynTuple) -> LayoutError {
    LayoutError::with_detail(
        ErrorKind::RankMismatch,
        alloc::format!("index {i} is out of range for {t} of rank {}", t.rank()),
    )
}

/// `a + b`, or an [`ErrorKind::Overflow`] error.
pub fn checked_add(a: i64, b: i64) -> Result<i64> {
    a.checked_add(b)
        .ok_or_else(|| LayoutError::with_detail(ErrorKind::Overflow, alloc::format!("{a} + {b}")))
}
/// `a · b`, or an [`ErrorKind::Overflow`] error.
pub fn checked_mul(a: i64, b: i64) -> Result<i64> {
    crate::rules::int::checked_mul(a, b)
}
