//! Test binary `differential_long_b`: the `long!` part (three cases in four) of the generated
//! differential families composed, divide, inverse, modeops and vector (`tests/differential_*.rs`).
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

mod differential_composed;
mod differential_divide;
mod differential_inverse;
mod differential_modeops;
mod differential_vector;
