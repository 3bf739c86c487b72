//! Test binary `typelevel`: the `typelevel_*` files, the type-level engine (static and mixed
//! `Layout`s).
//!
//! The files of `tests/` are modules of a few test binaries, not a binary each (each binary
//! costs a link). One file's tests: `cargo test -p cute-layout --test typelevel <file>::`, e.g.
//! `cargo test -p cute-layout --test typelevel typelevel_basis::`. A new file gets its `mod` line
//! here.

#![recursion_limit = "256"]

#[macro_use]
mod common;

mod typelevel_basis;
mod typelevel_complement;
mod typelevel_compose;
mod typelevel_divide;
mod typelevel_inverse;
mod typelevel_magnitudes;
mod typelevel_product_ranks;
mod typelevel_worked_examples;
