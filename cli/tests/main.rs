//! The `cute` tool's tests, one binary (each binary costs a link): the files of `tests/` are its
//! modules. One file's tests: `cargo test -p cute-layout-cli --test tool <file>::`, e.g.
//! `cargo test -p cute-layout-cli --test tool pictures::`. A new file gets its `mod` line here
//! (the root package's `every_test_file_is_in_a_binary`, `tests/compile_fail.rs`, fails for
//! one that has none).

mod common;

mod basis;
mod browser;
mod cli;
mod explain;
mod fuzz;
mod pictures;
mod pycute;
mod tma;
