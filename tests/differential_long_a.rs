//! Test binary `differential_long_a`: the `long!` part (three cases in four) of the generated
//! differential families basis, coalesce, complement, compose and product
//! (`tests/differential_*.rs`).
//! `cargo test` leaves it out (`test = false` in Cargo.toml) and runs the `sized!` part (test
//! binary `differential`); CI runs this one too (`.ci/run`), as does
//! `cargo test -p cute-layout --test differential_long_a --test differential_long_b`.

#[macro_use]
mod common;

/// The part of a generated file this binary leaves to `differential`.
macro_rules! sized {
    ($($tests:tt)*) => {};
}
/// The part it runs: the `long!` cases.
macro_rules! long {
    ($($tests:tt)*) => { $($tests)* };
}

mod differential_basis;
mod differential_coalesce;
mod differential_complement;
mod differential_compose;
mod differential_product;
