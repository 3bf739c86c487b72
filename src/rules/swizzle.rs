//! CuTe's conditions on a swizzle `Swizzle<B, M, S>` (`cute/swizzle.hpp`), in the words of the
//! library. Shared, as this file, by the crate and the macro crate (which compiles it with
//! `#[path]`; see the module doc of `rules`): it uses nothing but `core`.

/// Checks CuTe's conditions on `(B, M, S)` — `B ≥ 0`, `M ≥ 0`, `|S| ≥ B` — and that both
/// masks fit in an `i64` (`B + M + |S| ≤ 63`); the error names the violated condition.
///
/// ```ignore
/// assert!(check(3, 4, 3).is_ok());
/// assert_eq!(check(3, 4, 2), Err("|S| must be at least B (the read and written bit fields may not overlap)"));
/// ```
pub const fn check(b: i64, m: i64, s: i64) -> core::result::Result<(), &'static str> {
    if b < 0 {
        return Err("B (the number of bits) must be non-negative");
    }
    if m < 0 {
        return Err("M (the number of kept low bits) must be non-negative");
    }
    if s.unsigned_abs() < b as u64 {
        return Err("|S| must be at least B (the read and written bit fields may not overlap)");
    }
    // The highest bit touched: B + M + |S| − 1 ≤ 62 (summed without overflow).
    if b as u128 + m as u128 + s.unsigned_abs() as u128 > 63 {
        return Err("B + M + |S| must not exceed 63 (the masks must fit in an i64)");
    }
    Ok(())
}
