//! The divides' condition (paper §3.5.2): the completed tiler `(B, B*)` covers `A`.

use crate::error::{layout_error, ErrorKind, Result};

/// Whether `(B, complement(B, m))` reaches every offset of `Z_m`, `B` by its modes of size > 1
/// and stride > 0 sorted by `(stride, shape)` (`sorted`). The complement fills the hole
/// below each stride `d` with `⌊d/c⌋ : c`, `c` the span of the smaller-stride modes; the offsets
/// below `⌊d/c⌋·c` are all reached, and `⌊d/c⌋·c` itself is not when `c` does not divide `d`
/// (the smaller modes reach below it, the others at least `d`). So `(B, B*)` covers `Z_m`
/// iff no such first gap lies below `m`. On failure, an [`ErrorKind::NotSurjective`] error
/// (the crate's one text for the condition) naming the offset missed and the mode; `b_text`
/// writes `B` for it.
///
/// ```ignore
/// assert!(check_covers(&[(2, 3)], 6, &"2:3").is_err()); // offset 1 is never reached
/// assert!(check_covers(&[(2, 3)], 3, &"2:3").is_ok());
/// ```
pub fn check_covers(sorted: &[(i64, i64)], m: i64, b_text: &dyn core::fmt::Display) -> Result<()> {
    let mut current = 1i64;
    for &(s, d) in sorted {
        if current >= m {
            break; // every later gap is at or beyond m
        }
        if d % current != 0 {
            let gap = d / current * current;
            if gap < m {
                return Err(layout_error!(
                    ErrorKind::NotSurjective,
                    "(B, B*) for B = {b_text} never reaches offset {gap} < |A| = {m}: stride {d} of mode {s}:{d} is not a multiple of {current}, the span of B's smaller-stride modes"
                ));
            }
        }
        current = match s.checked_mul(d) {
            Some(c) => c,
            None => break, // beyond i64, so beyond m
        };
    }
    Ok(())
}

/// `B`'s modes of size > 1 and stride > 0 sorted by `(stride, shape)` (stable), into the
/// front of `out` (at least as long as `b`); returns how many: the walk order of the
/// complement and of [`check_covers`].
pub fn sorted_live(b: &[(i64, i64)], out: &mut [(i64, i64)]) -> usize {
    let mut n = 0;
    for &x in b {
        if x.0 > 1 && x.1 > 0 {
            out[n] = x;
            n += 1;
        }
    }
    // Insertion sort (few modes); stable.
    let m = &mut out[..n];
    for i in 1..m.len() {
        let mut j = i;
        while j > 0 && (m[j - 1].1, m[j - 1].0) > (m[j].1, m[j].0) {
            m.swap(j - 1, j);
            j -= 1;
        }
    }
    n
}
