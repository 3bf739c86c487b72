//! `cute explain`: every ui-test's expected stderr comes out in decimal, and random numbers
//! survive the trip typenum → explain → decimal.

use crate::common::cute_with_stdin;
use cute_layout_cli::explain::{explain, typenum_unsigned};
use proptest::prelude::*;
use std::path::PathBuf;

fn ui_tests() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../ui-tests");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("ui-tests/")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "stderr"))
        .collect();
    v.sort();
    assert!(v.len() > 50, "found only {} ui-tests", v.len());
    v
}

#[test]
fn every_ui_test_stderr_comes_out_decimal() {
    for path in ui_tests() {
        let text = std::fs::read_to_string(&path).unwrap();
        let (code, out, err) = cute_with_stdin(&["explain"], text.as_bytes());
        assert_eq!(code, 0, "{}: {err}", path.display());
        // No typenum number is left: every `UTerm` is gone, and so is every `UInt`/`PInt`/
        // `NInt` applied to a number (the generic `UInt<U, B>` of a quoted impl stays).
        for bad in ["UTerm", "UInt<UInt", "PInt<UInt", "NInt<UInt"] {
            assert!(
                !out.contains(bad),
                "{}: `{bad}` left in\n{out}",
                path.display()
            );
        }
        // Everything that held no typenum number is untouched, line for line.
        assert_eq!(
            out.lines().count(),
            text.lines().count(),
            "{}",
            path.display()
        );
        for (a, b) in text.lines().zip(out.lines()) {
            if !a.contains("UTerm")
                && !a.contains("Z0")
                && !a.contains("Cons<")
                && !a.contains("Nil")
            {
                assert_eq!(a, b, "{}", path.display());
            }
        }
    }
}

#[test]
fn ui_test_layouts_read_as_written_in_their_source() {
    // ui-tests/compose_shape_divisibility.rs writes `layout!((4,6,8):(2,3,5)).compose(layout!(6:1))`:
    // the explained note names A in CuTe notation and B as a layout or, where the chain ends at
    // the dispatch on B's stride kind (`ComposeKind<B's shape, B's stride, B0>`: integer
    // strides), by its shape and stride; and the flattened mode list, in CuTe notation.
    let text = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../ui-tests/compose_shape_divisibility.stderr"),
    )
    .unwrap();
    let out = explain(&text);
    assert!(
        out.contains(
            "required for `cute_layout::(4,6,8):(2,3,5)` to implement `Compose<cute_layout::6:1>`"
        ) || out.contains("required for `(4,6,8):(2,3,5)` to implement `Compose<6:1>`")
            || out.contains(
                "required for `(4,6,8):(2,3,5)` to implement \
                 `typelevel::compose::ComposeKind<6, 1, B0>`"
            ),
        "{out}"
    );
    // The mode list `Cons<M<4, 2>, Cons<M<6, 3>, Cons<M<8, 5>, Nil>>>`.
    assert!(
        out.contains("(4,6,8):(2,3,5)` to implement `typelevel::compose::ComposeStepSel<"),
        "{out}"
    );
}

#[test]
fn signed_integers_bases_and_lists() {
    let u = |n: u128| typenum_unsigned(n);
    assert_eq!(explain(&format!("NInt<{}>", u(2))), "-2");
    assert_eq!(explain(&format!("PInt<{}>", u(3))), "+3");
    assert_eq!(explain("typenum::int::Z0 and UTerm"), "0 and 0");
    // E<(1, 0)> prints 1@0@1 in CuTe (innermost index first).
    assert_eq!(
        explain(&format!("ScaledBasis<{}, ({}, UTerm)>", u(3), u(1))),
        "3@0@1"
    );
    assert_eq!(
        explain(&format!(
            "cute_layout::Layout<({a}, ({b}, {b})), ({c}, ({d}, {a}))>",
            a = u(4),
            b = u(2),
            c = u(1),
            d = u(8)
        )),
        "(4,(2,2)):(1,(8,4))"
    );
    assert_eq!(
        explain(&format!(
            "Cons<M<{a}, {b}>, cute_layout::tuple::Cons<M<{c}, {a}>, Nil>>",
            a = u(4),
            b = u(2),
            c = u(8)
        )),
        "(4,8):(2,4)"
    );
    // A layout with a runtime leaf keeps its text; its numbers are rewritten.
    assert_eq!(
        explain(&format!("Layout<({}, i64), (i64, {})>", u(4), u(1))),
        "Layout<(4, i64), (i64, 1)>"
    );
    // Other text: untouched, including identifiers that merely contain a head's name.
    let plain = "error: MyUInt<T> and UIntX, NilBox, a::M, Consume<Nil2> — ok ✓";
    assert_eq!(explain(plain), plain);
}

proptest! {
    #[test]
    fn random_numbers_come_out_decimal(n in any::<u64>(), k in 0u32..=64, neg in any::<bool>()) {
        let n = u128::from(n >> (64 - k.min(64)).min(63));
        let ty = typenum_unsigned(n);
        prop_assert_eq!(explain(&format!("`{ty}`")), format!("`{n}`"));
        if n > 0 {
            let (w, sign) = if neg { ("NInt", "-") } else { ("PInt", "+") };
            prop_assert_eq!(
                explain(&format!("note: `typenum::int::{w}<{ty}>` x")),
                format!("note: `{sign}{n}` x")
            );
        }
    }

    #[test]
    fn random_numbers_through_the_binary(ns in prop::collection::vec(any::<u32>(), 1..5)) {
        let text: String = ns
            .iter()
            .map(|&n| format!("= note: required for `{}`\n", typenum_unsigned(u128::from(n))))
            .collect();
        let (code, out, _) = cute_with_stdin(&["explain"], text.as_bytes());
        prop_assert_eq!(code, 0);
        let want: String = ns.iter().map(|n| format!("= note: required for `{n}`\n")).collect();
        prop_assert_eq!(out, want);
    }
}
