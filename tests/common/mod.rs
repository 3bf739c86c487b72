//! Helpers shared by the test files: independent oracles, and (in `differential`) the checks
//! and case macros of the generated differential tests `tests/differential_*.rs`.
//!
//! The test files are named by the engine they check: `typelevel_*` (static and mixed
//! `Layout`s), `runtime_*` (`DynLayout` and `cute_layout::algebra`), `both_*` (each check on
//! both), `differential_*` (the type level against the runtime engine on random layouts,
//! written by `tests/gen`); `ui` holds the compile-fail tests.
#![allow(dead_code)]

#[macro_use]
mod differential;
pub use differential::*;

use cute_layout::DynLayout;

/// `L(x)` for any integer `x` with floor and mod (paper Eq. 4): the last mode extends both
/// ways. `None` on overflow. The tests' own oracle, independent of the engines.
pub fn eval_floor(a: &DynLayout, x: i64) -> Option<i64> {
    let modes: Vec<(i64, i64)> = a.shape().leaves().zip(a.stride().leaves()).collect();
    let (mut rest, mut acc) = (x, 0i64);
    for (k, &(s, d)) in modes.iter().enumerate() {
        let c = if k + 1 == modes.len() {
            rest
        } else {
            rest.rem_euclid(s)
        };
        rest = rest.div_euclid(s);
        acc = acc.checked_add(c.checked_mul(d)?)?;
    }
    Some(acc)
}
