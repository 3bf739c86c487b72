//! Parser diagnostics: each error says what was expected and at which byte offset
//! (layout-descriptor-grammar-and-swizzle.txt, "precise diagnostics, no silent defaults").

use cute_layout::{DynLayout, DynTuple, ErrorKind};

fn layout_error(s: &str) -> (ErrorKind, String) {
    let e = s.parse::<DynLayout>().unwrap_err();
    (e.kind(), e.to_string())
}

#[test]
fn syntax_errors_name_the_expected_token_and_offset() {
    let cases = [
        ("(4,2", "expected ')' or ',' at byte 4, found end of input"),
        (
            "(4,2):(1,4",
            "expected ')' or ',' at byte 10, found end of input",
        ),
        ("(4,,2)", "expected an integer or '(' at byte 3, found ','"),
        (
            "(4,2):",
            "expected an integer or '(' at byte 6, found end of input",
        ),
        ("(4;2)", "expected ')' or ',' at byte 2, found ';'"),
        (
            "(4,2):(1,4) x",
            "expected end of input at byte 12, found 'x'",
        ),
        (
            "(4,2) (1,4)",
            "expected ':' between shape and stride, or end of input at byte 6, found '('",
        ),
        ("(4,x)", "expected an integer or '(' at byte 3, found 'x'"),
        (
            "",
            "expected an integer or '(' at byte 0, found end of input",
        ),
        ("4:-", "expected an integer at byte 2, found '-'"),
        (
            "99999999999999999999",
            "integer 99999999999999999999 at byte 0 does not fit in i64",
        ),
    ];
    for (text, msg) in cases {
        assert_eq!(
            layout_error(text),
            (ErrorKind::Parse, format!("parse error: {msg}")),
            "{text:?}"
        );
    }
}

#[test]
fn invalid_layouts_name_the_violated_condition_and_offset() {
    assert_eq!(
        layout_error("(4,2):(1,(4,8))"),
        (
            ErrorKind::Incongruent,
            "shape and stride are not congruent: stride (1,(4,8)) at byte 6 does not have the \
             structure of shape (4,2)"
                .to_string()
        )
    );
    assert_eq!(
        layout_error(" (4,0):(1,4)"),
        (
            ErrorKind::NonPositiveShape,
            "shape entries must be positive: 0 in shape (4,0) (layout at byte 1)".to_string()
        )
    );
    let (kind, msg) = layout_error("(3037000500,3037000500)");
    assert_eq!(kind, ErrorKind::Overflow);
    assert!(msg.contains("at byte 0"), "{msg}");
}

#[test]
fn tuples_reject_a_stride() {
    let e = "(4,2):(1,4)".parse::<DynTuple>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "parse error: expected end of input at byte 5, found ':'"
    );
}

#[test]
fn accepted_forms() {
    // Whitespace between tokens, CuTe's `_` marks, a shape alone (compact column-major).
    let l: DynLayout = " ( _4 , (2,_2) ) : ( 1 , (8 ,4) ) ".parse().unwrap();
    assert_eq!(format!("{l:#}"), "(_4,(2,_2)):(1,(8,4))");
    assert_eq!(
        "(4,(2,3))".parse::<DynLayout>().unwrap().to_string(),
        "(4,(2,3)):(1,(4,8))"
    );
}
