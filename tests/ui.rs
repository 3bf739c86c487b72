//! Compile-fail tests: each case in `ui-tests/` must fail with an error that names the
//! problem in its first line (the expected output is in the `.stderr` file next to it).

#[test]
fn ui() {
    trybuild::TestCases::new().compile_fail("ui-tests/*.rs");
}
