//! Coalesce on flat modes (paper §3.2, Eq. 13–15).

use super::{int::checked_mul, Stride};
use crate::error::Result;

/// Coalesces flat modes in place and returns how many remain (the first ones of `v`): modes
/// of size 1 vanish, and `s0:d0 ++ s1:d1 = s0·s1:d0` when `d1 = s0·d0` (a product that
/// overflows does not merge). With `keep_last`, the last mode stays even of size 1, so that
/// the result also agrees with the input on the *extended* domain (the last mode's stride is
/// what an out-of-bounds coordinate is multiplied by); without it, no mode may remain.
///
/// ```ignore
/// let mut v = [(2, 1), (1, 7), (3, 2), (1, 5)];
/// assert_eq!(coalesce_in_place(&mut v, false).unwrap(), 1); // 6:1
/// assert_eq!(coalesce_in_place(&mut [(2, 1), (1, 5)], true).unwrap(), 2); // (2,1):(1,5)
/// ```
pub fn coalesce_in_place<D: Stride>(v: &mut [(i64, D)], keep_last: bool) -> Result<usize> {
    let n = v.len();
    let mut w = 0usize;
    for k in 0..n {
        let s = v[k].0;
        if s == 1 && !(keep_last && k + 1 == n) {
            continue;
        }
        if let Some(p) = w.checked_sub(1) {
            let (s0, d0) = (v[p].0, &v[p].1);
            if d0.scale(s0).is_ok_and(|x| x.same(&v[k].1)) {
                v[p].0 = checked_mul(s0, s)?;
                continue;
            }
        }
        v.swap(w, k);
        w += 1;
    }
    Ok(w)
}
