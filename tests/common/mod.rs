//! Helpers shared by the test files: independent oracles, and (in `differential`) the checks
//! and case macros of the generated differential tests `tests/differential_*.rs`.
//!
//! The test files are named by the engine they check: `typelevel_*` (static and mixed
//! `Layout`s), `runtime_*` (`DynLayout` and `cute_layout::algebra`), `both_*` (each check on
//! both), `differential_*` (the type level against the runtime engine on random layouts,
//! written by `tests/gen`); `ui` holds the compile-fail tests.
#![allow(dead_code)]

#[macro_use]
pub mod differential;

use std::collections::BTreeSet;

use cute_layout::{algebra, DynLayout};

/// The number of cases a property test runs: `default`, sized for CI (2 cores, all of
/// `cargo test` in minutes), or `PROPTEST_CASES` where set (`PROPTEST_CASES=100000 cargo test`
/// runs them long).
pub fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A runtime value the optimiser cannot see through: makes a leaf dynamic.
pub fn v(x: i64) -> i64 {
    std::hint::black_box(x)
}

/// A layout parsed from CuTe notation; panics (at the caller) on a malformed one.
#[track_caller]
pub fn dl(s: &str) -> DynLayout {
    s.parse().unwrap()
}

/// The flat modes `(shape, stride)` of a layout, leaf by leaf.
pub fn flat(l: &DynLayout) -> Vec<(i64, i64)> {
    l.shape().leaves().zip(l.stride().leaves()).collect()
}

/// `L(i)` for every `i` of the domain `[0, size)`, in order.
pub fn values(l: &DynLayout) -> Vec<i64> {
    (0..l.size()).map(|i| l.eval(i)).collect()
}

/// The set of offsets a layout reaches on its domain.
pub fn image(l: &DynLayout) -> BTreeSet<i64> {
    values(l).into_iter().collect()
}

/// Paper §3.5.2 by brute force: `(B, complement(B, m))` reaches every offset of `[0, m)`.
/// `None` where the complement does not exist.
pub fn covers(b: &DynLayout, m: i64) -> Option<bool> {
    let c = algebra::try_complement(b, m).ok()?;
    let (bi, ci) = (image(b), image(&c));
    let reached: BTreeSet<i64> = bi
        .iter()
        .flat_map(|x| ci.iter().map(move |y| x + y))
        .collect();
    Some((0..m).all(|k| reached.contains(&k)))
}

/// `L(x)` for any integer `x` with floor and mod (paper Eq. 4): the last mode extends both
/// ways. `None` on overflow. The tests' own oracle, independent of the engines.
pub fn eval_floor(a: &DynLayout, x: i64) -> Option<i64> {
    eval_floor_modes(&flat(a), x)
}

/// [`eval_floor`] of the flat layout with these modes `(shape, stride)`.
pub fn eval_floor_modes(modes: &[(i64, i64)], x: i64) -> Option<i64> {
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
