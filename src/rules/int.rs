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

#[cfg(test)]
mod tests {
    use super::*;

    /// Against `i128` arithmetic (exact) on small and extreme operands.
    #[test]
    fn against_exact_arithmetic() {
        let vals = [
            i64::MIN,
            i64::MIN + 1,
            -9,
            -8,
            -7,
            -2,
            -1,
            0,
            1,
            2,
            3,
            7,
            8,
            25,
            i64::MAX,
        ];
        for &a in &vals {
            for &b in &vals {
                let (x, y) = (i128::from(a), i128::from(b));
                // ⌈x/y⌉ exactly in i128: `div_euclid` is ⌊x/y⌋ for y > 0 and ⌈x/y⌉ for y < 0.
                let exact_ceil = (y != 0)
                    .then(|| {
                        if y > 0 {
                            -(-x).div_euclid(y)
                        } else {
                            x.div_euclid(y)
                        }
                    })
                    .and_then(|c| i64::try_from(c).ok());
                assert_eq!(ceil_div(a, b), exact_ceil, "ceil_div({a}, {b})");
                let exact_sd = (y != 0)
                    .then(|| i64::try_from(x / y).ok())
                    .flatten()
                    .map(|q| if q != 0 { q } else { a.signum() * b.signum() });
                assert_eq!(shape_div(a, b), exact_sd, "shape_div({a}, {b})");
                assert_eq!(checked_mul(a, b).ok(), i64::try_from(x * y).ok());
            }
        }
        assert_eq!(gcd(12u64, 18), 6);
        assert_eq!(gcd(0i128, 7), 7);
        assert_eq!(gcd(7i64, 0), 7);
    }

    /// Floor and mod: `x = Σ c_k·p_k` with `0 ≤ c_k < s_k` but the last, checked by
    /// reconstructing `x` from the digits (strides = prefix products give back `x`).
    #[test]
    fn eval_floor_reconstructs_the_index() {
        let modes = [(4, 1), (3, 4), (5, 12)];
        for x in -200..200 {
            assert_eq!(eval_floor(&modes, x), Some(x));
        }
        // A stride-0 first mode drops the digit x mod 4.
        assert_eq!(eval_floor(&[(4, 0), (3, 1)], -1), Some(-1));
        assert_eq!(eval_floor(&[(4, 0), (3, 1)], 5), Some(1));
        assert_eq!(eval_floor(&[], 5), Some(0));
        assert_eq!(eval_floor(&[(2, 1), (2, i64::MAX)], 8), None);
    }
}
