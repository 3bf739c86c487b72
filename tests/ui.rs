//! Compile-fail tests: each case in `ui-tests/` must fail with an error that names the
//! problem in its first line (the expected output is in the `.stderr` file next to it).

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui-tests/*.rs");
    // With a passing case trybuild builds instead of only checking, so the compile-time
    // checks that run at monomorphization (static values beyond i64) are exercised too.
    t.pass("ui-tests/pass/*.rs");
}
