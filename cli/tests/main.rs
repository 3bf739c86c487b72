//! The `cute` tool's tests, one binary (each binary costs a link): the files of `tests/` are its
//! modules. One file's tests: `cargo test -p cute-layout-cli --test tool <file>::`, e.g.
//! `cargo test -p cute-layout-cli --test tool pictures::`. A new file gets its `mod` line here
//! (`every_test_file_is_a_module` fails for one that has none).

mod common;

mod basis;
mod browser;
mod cli;
mod explain;
mod fuzz;
mod pictures;
mod pycute;
mod tma;

/// Every file of `tests/` is a module of this binary (Cargo.toml sets `autotests = false`): a
/// file without its `mod` line would never be compiled.
#[test]
fn every_test_file_is_a_module() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
    let root = std::fs::read_to_string(format!("{dir}/main.rs")).unwrap();
    let mut missing = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let name = e.unwrap().file_name().into_string().unwrap();
        if let Some(stem) = name.strip_suffix(".rs") {
            if stem != "main" && !root.lines().any(|l| l == format!("mod {stem};")) {
                missing.push(format!("cli/tests/{name}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{} belong to no test binary: add `mod <file>;` to cli/tests/main.rs",
        missing.join(", ")
    );
}
