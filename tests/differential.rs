//! Test binary `differential`: the generated differential tests (`tests/differential_*.rs` and
//! `tests/static_pycute_nv.rs`, written by `tests/gen`: `cargo run -p cute-layout-gen`).
//!
//! Each family of `tests/differential_*.rs` is drawn at random (fixed seeds); `cargo test`
//! runs one case in four of each (the `sized!` part; `sized` in the generator says which), so
//! that the suite builds in minutes on 2 cores. The rest (the `long!` part) is in the test binaries
//! `differential_long_a` and `differential_long_b`, which `cargo test` leaves out (`test =
//! false` in Cargo.toml) and CI runs (`.ci/run`):
//! `cargo test -p cute-layout --test differential_long_a --test differential_long_b`.

#[macro_use]
mod common;

/// The part of a generated file this binary runs: the `sized!` cases.
macro_rules! sized {
    ($($tests:tt)*) => { $($tests)* };
}
/// The part it leaves to `differential_long_*`.
macro_rules! long {
    ($($tests:tt)*) => {};
}

mod differential_basis;
mod differential_coalesce;
mod differential_complement;
mod differential_compose;
mod differential_composed;
mod differential_divide;
mod differential_inverse;
mod differential_modeops;
mod differential_product;
mod differential_vector;
mod static_pycute_nv;
