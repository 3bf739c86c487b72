//! Test binary `both`: the `both_*` files, each check on both engines (static and mixed
//! `Layout`s, and `DynLayout`).
//!
//! The files of `tests/` are modules of a few test binaries, not a binary each (each binary
//! costs a link). One file's tests: `cargo test -p cute-layout --test both <file>::`, e.g.
//! `cargo test -p cute-layout --test both both_basis_parity::`. A new file gets its `mod` line
//! here.

#[macro_use]
mod common;

mod both_basis_parity;
mod both_composed;
mod both_divide_exact;
mod both_error_texts;
mod both_generic_ops;
mod both_hardening;
mod both_properties;
mod both_pycute_ops;
mod both_reshape;
mod both_rules;
mod both_surface;
mod both_swizzle;
mod both_tensor;
mod both_tiler_rule;
mod both_underscore_rule;
mod both_worked_examples;
