//! The integer helpers of the algebra: `⌈a/b⌉`, CuTe's `shape_div`, `gcd`, checked products,
//! and the evaluation of flat modes at any integer (paper Eq. 4, floor and mod).

use crate::error::{ErrorKind, LayoutError, Result};

/// `⌈a / b⌉`, rounding toward positive infinity for every sign, with no intermediate beyond
/// `a` (`(a + b − 1) / b` would overflow near `i64::MAX`); `None` for `b = 0` or
/// `i64::MIN / −1`.
///
/// ```ignore
/// assert_eq!(ceil_div(25, 8), Some(4));
/// assert_eq!(ceil_div(-7, 2), Some(-3));
/// ```
pub const fn ceil_div(a: i64, b: i64) -> Option<i64> {
    if b == 0 || (a == i64::MIN && b == -1) {
        return None;
    }
    let (q, r) = (a / b, a % b);
    // Truncation rounded toward zero; step up when the exact quotient is positive.
    Some(if r != 0 && ((r > 0) == (b > 0)) {
        q + 1
    } else {
        q
    })
}

/// CuTe's `shape_div(a, b)`: `a / b` when that is non-zero, else `sign(a)·sign(b)` (so that
/// `shape_div(2, 8) = 1`); `None` for `b = 0` or `i64::MIN / −1`.
pub const fn shape_div(a: i64, b: i64) -> Option<i64> {
    if b == 0 || (a == i64::MIN && b == -1) {
        return None;
    }
    let q = a / b;
    Some(if q != 0 { q } else { a.signum() * b.signum() })
}

/// `gcd(a, b)` of non-negative values, for any unsigned or non-negative signed integer type.
pub fn gcd<T>(mut a: T, mut b: T) -> T
where
    T: Copy + PartialEq + Default + core::ops::Rem<Output = T>,
{
    while b != T::default() {
        (a, b) = (b, a % b);
    }
    a
}

/// `a · b`, or an [`ErrorKind::Overflow`] error naming the product.
pub fn checked_mul(a: i64, b: i64) -> Result<i64> {
    a.checked_mul(b)
        .ok_or_else(|| crate::error::layout_error!(ErrorKind::Overflow, "{a} * {b}"))
}

/// The flat modes `(shape, stride)` evaluated at the integer `x` (any sign) with floor and
/// mod (paper Eq. 4, `idx2crd` extended to all integers): each mode but the last takes
/// `x mod s` and passes `⌊x / s⌋` on; the last mode takes the rest, so it extends below zero
/// and beyond its size. No modes evaluate to 0. `None` on overflow.
pub fn eval_floor(modes: &[(i64, i64)], x: i64) -> Option<i64> {
    let Some((&(_, d_last), init)) = modes.split_last() else {
        return Some(0);
    };
    let (mut q, mut acc) = (x, 0i64);
    for &(s, d) in init {
        acc = acc.checked_add(q.checked_rem_euclid(s)?.checked_mul(d)?)?;
        q = q.checked_div_euclid(s)?;
    }
    acc.checked_add(q.checked_mul(d_last)?)
}

/// [`eval_floor`] with an [`ErrorKind::Overflow`] error.
pub fn try_eval_floor(modes: &[(i64, i64)], x: i64) -> Result<i64> {
    eval_floor(modes, x).ok_or_else(LayoutError::overflow)
}
