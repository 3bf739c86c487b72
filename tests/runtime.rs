//! Test binary `runtime`: the `runtime_*` files, the runtime engine (`DynLayout`,
//! `cute_layout::algebra`).
//!
//! The files of `tests/` are modules of a few test binaries, not a binary each (each binary
//! costs a link). One file's tests: `cargo test -p cute-layout --test runtime <file>::`, e.g.
//! `cargo test -p cute-layout --test runtime runtime_basis::`. A new file gets its `mod` line
//! here.

#[macro_use]
mod common;

mod runtime_basis;
mod runtime_descriptor;
mod runtime_parse_errors;
mod runtime_properties;
mod runtime_pycute_nv;
mod runtime_worked_examples;
