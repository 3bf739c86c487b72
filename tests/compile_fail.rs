//! Compile-fail tests: each case in `ui-tests/` (and `ui-tests/mono/`, the conditions checked
//! at monomorphization) must fail with an error that names the problem in its first line (the
//! expected output is in the `.stderr` file next to it). And checks that every file of
//! `tests/` belongs to a test binary and that `src/` holds no unit test.

#[test]
fn ui() {
    // CI compiles the tests with clippy-driver as the workspace's compiler
    // (`RUSTC_WORKSPACE_WRAPPER`, `.ci/run`); trybuild's builds inherit the environment, and
    // their expected output is rustc's, without clippy's lints.
    // SAFETY (for this and the two `set_var`s below): the other tests of this binary (`runtime`)
    // read the environment only through `std::env` (`PROPTEST_CASES`, proptest's `PROPTEST_*`,
    // `PYCUTE_NV_REPORT`), which holds the lock `set_var` takes, and none calls C code that
    // reads it; trybuild reads it on this thread, after these calls. A test that does (or that
    // spawns a process, which would inherit these variables) belongs in another binary.
    unsafe { std::env::remove_var("RUSTC_WORKSPACE_WRAPPER") };
    // trybuild builds its project's dependencies (this crate and its dependencies; Cargo.toml
    // keeps the dev-dependencies out through `cfg(not(trybuild))`) first with its rustflags,
    // then the cases with the same flags plus `--diagnostic-width=140` (trybuild 1.0.122,
    // `cargo.rs`): a change of rustflags, so Cargo built every dependency twice.
    // `CARGO_ENCODED_RUSTFLAGS` (which trybuild leaves set, and which Cargo prefers over the
    // `build.rustflags` trybuild passes) gives both builds trybuild's flags of the second: the
    // dependencies are built once, the expected outputs are unchanged. Without debug info
    // (`CARGO_PROFILE_DEV_DEBUG`): the cases are only built.
    //
    // Without a passing case trybuild runs one `cargo check` for all cases, which compiles them
    // in parallel; with one it builds, one Cargo call per case (trybuild 1.0.122, `run.rs`).
    // A check stops before monomorphization, where some conditions are found (static values
    // beyond i64, a swizzle's `const` check: `ui-tests/mono/`, and the last note of the static
    // TMA cases). `--emit=link` beside the `--emit=dep-info,metadata` of `cargo check` makes
    // each rustc of that one call build: the dependencies once, with their code, and every
    // case through monomorphization, as `cargo build` reports it (a case that compiled would
    // fail to link: `no_case_compiles` below).
    let flags = [
        "--cfg",
        "trybuild",
        "--verbose",
        "-A",
        "dead_code",
        "--diagnostic-width=140",
        "--emit=link",
    ];
    unsafe { std::env::set_var("CARGO_ENCODED_RUSTFLAGS", flags.join("\x1f")) };
    unsafe { std::env::set_var("CARGO_PROFILE_DEV_DEBUG", "0") };
    let t = trybuild::TestCases::new();
    for dir in CASE_DIRS {
        t.compile_fail(format!("{dir}/*.rs"));
    }
}

/// The folders of ui cases, relative to the package: the conditions found at type checking,
/// and those found at monomorphization.
const CASE_DIRS: [&str; 2] = ["ui-tests", "ui-tests/mono"];

/// A case that compiles gets as far as linking, which fails: its dependencies are named by their
/// metadata only (`cargo check`'s `--extern`, see `ui`). So its output is a link error, and
/// `TRYBUILD=overwrite` would record it as the expected one: no expected output may be that.
#[test]
fn no_case_compiles() {
    let mut compiled = Vec::new();
    for dir in CASE_DIRS {
        let dir = format!("{}/{dir}", env!("CARGO_MANIFEST_DIR"));
        for e in std::fs::read_dir(&dir).unwrap() {
            let path = e.unwrap().path();
            if path.extension().is_some_and(|x| x == "stderr") {
                let text = std::fs::read_to_string(&path).unwrap();
                if text.contains("required to be available in rlib format") {
                    compiled.push(path.display().to_string());
                }
            }
        }
    }
    assert!(
        compiled.is_empty(),
        "these cases compile (their expected output is the link error that follows): {}",
        compiled.join(", ")
    );
}

/// The workspace packages that `cargo test` tests and whose test files follow one rule (this
/// package and the `cute` tool), as paths relative to this package: each has
/// `autotests = false` and a library without unit tests (`[lib] test = false`).
const PACKAGES: [&str; 2] = ["", "cli/"];

/// Every file of a package's `tests/` runs: it is the root of a test binary (a `[[test]]` of its
/// Cargo.toml, which sets `autotests = false`) or a `mod` of one. A new file that is neither
/// would never be compiled.
#[test]
fn every_test_file_is_in_a_binary() {
    let mut missing = Vec::new();
    for package in PACKAGES {
        let dir = format!("{}/{package}", env!("CARGO_MANIFEST_DIR"));
        let manifest = std::fs::read_to_string(format!("{dir}Cargo.toml")).unwrap();
        let roots: Vec<&str> = manifest
            .lines()
            .filter_map(|l| l.strip_prefix("path = \"tests/")?.strip_suffix(".rs\""))
            .collect();
        let mut covered: Vec<String> = roots.iter().map(|r| r.to_string()).collect();
        for r in &roots {
            let text = std::fs::read_to_string(format!("{dir}tests/{r}.rs")).unwrap();
            covered.extend(text.lines().filter_map(|l| {
                let m = l.trim().strip_prefix("mod ")?.strip_suffix(';')?;
                Some(m.to_string())
            }));
        }
        for e in std::fs::read_dir(format!("{dir}tests")).unwrap() {
            let name = e.unwrap().file_name().into_string().unwrap();
            if let Some(stem) = name.strip_suffix(".rs") {
                if !covered.iter().any(|c| c == stem) {
                    missing.push(format!("{package}tests/{name}"));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{} belong to no test binary: add `mod <file>;` to a binary's root (for this package \
         tests/both.rs, tests/typelevel.rs, tests/runtime.rs, tests/atom.rs, \
         tests/differential.rs; for the tool cli/tests/main.rs) or a `[[test]]` to the \
         package's Cargo.toml",
        missing.join(", ")
    );
}

/// The libraries have no unit tests: each package's Cargo.toml sets `[lib] test = false` (for
/// this package their binary was a second build of the whole library), so a `#[test]` in a
/// package's `src/` would never run. Its place is a file of the package's `tests/`.
#[test]
fn src_has_no_unit_tests() {
    fn scan(dir: &std::path::Path, found: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                scan(&path, found);
            } else if path.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for (i, line) in text.lines().enumerate() {
                    let code = line.trim_start();
                    if !code.starts_with("//")
                        && (code.starts_with("#[test]")
                            || code.contains("cfg(test")
                            || code.contains("cfg(all(test"))
                    {
                        found.push(format!("{}:{}", path.display(), i + 1));
                    }
                }
            }
        }
    }
    let mut found = Vec::new();
    for package in PACKAGES {
        let src = format!("{}/{package}src", env!("CARGO_MANIFEST_DIR"));
        scan(std::path::Path::new(&src), &mut found);
    }
    assert!(
        found.is_empty(),
        "unit tests in a package's src/ never run (`[lib] test = false`): move them to its tests/: {}",
        found.join(", ")
    );
}
