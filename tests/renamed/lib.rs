//! `cute-layout` is a dependency here under the name `renamed`, so no `::cute_layout` path
//! resolves: the macros must expand through `$crate` (cf. generic-array's `tests/import_name.rs`).

#[test]
fn macros_work_under_a_renamed_crate() {
    let l: renamed::Layout![(4,(2,2)):(1,(8,4))] = renamed::layout!((4,(2,2)):(1,(8,4)));
    assert_eq!(l.eval(5), 9);
    let n = 4;
    let m = renamed::layout!((4, { n })).unwrap();
    assert_eq!(m.to_string(), "(4,4):(1,4)");
    assert_eq!(core::mem::size_of_val(&l), 0);
}
