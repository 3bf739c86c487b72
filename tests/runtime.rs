//! Test binary `runtime`: the `runtime_*` files, the runtime engine (`DynLayout`,
//! `cute_layout::algebra`); and `compile_fail.rs`, the compile-fail (ui) cases.
//!
//! The ui cases are here, not a binary of their own, so that their run overlaps this
//! binary's: trybuild first builds this crate in a project of its own (about 25 s on one
//! core) while the runtime tests take the other. `compile_fail::ui` sorts before
//! `runtime_*`, so libtest starts it first. `cargo test -p cute-layout --test runtime
//! compile_fail::` runs the ui cases alone.
//!
//! The files of `tests/` are modules of a few test binaries, not a binary each (each binary
//! costs a link). One file's tests: `cargo test -p cute-layout --test runtime <file>::`, e.g.
//! `cargo test -p cute-layout --test runtime runtime_basis::`. A new file gets its `mod` line
//! here.

#[macro_use]
mod common;

mod compile_fail;
mod runtime_basis;
mod runtime_descriptor;
mod runtime_dyn_layout;
mod runtime_parse_errors;
mod runtime_pictures;
mod runtime_properties;
mod runtime_pycute_nv;
mod runtime_worked_examples;
