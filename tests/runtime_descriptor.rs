//! The layout descriptor grammar (`layout-descriptor-grammar-and-swizzle.txt`): its examples,
//! whitespace exactly as `ws ::= { " " | "\t" }` allows, count normalisation, every error with
//! its byte offset, and the round trip `parse(print(t)) == t` on random trees.

use cute_layout::basis::MAX_MODE_INDEX;
use cute_layout::descriptor::{parse_descriptor, print_descriptor};
use cute_layout::{DynBasisLayout, DynBasisTuple, DynInt, DynScaledBasis, ErrorKind};
use proptest::prelude::*;

fn p(s: &str) -> DynBasisTuple {
    parse_descriptor(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}
fn canon(s: &str) -> String {
    print_descriptor(&p(s))
}
/// The error message of a descriptor that must not parse (always an `ErrorKind::Parse`).
fn error(s: &str) -> String {
    let e = parse_descriptor(s).expect_err(s);
    assert_eq!(e.kind(), ErrorKind::Parse, "{s:?}: {e}");
    e.to_string()
}

#[test]
fn grammar_examples() {
    assert_eq!(
        p("(1@0, 1@1)"),
        DynBasisTuple::tuple([DynBasisTuple::basis(1, [0]), DynBasisTuple::basis(1, [1])])
    );
    assert_eq!(canon("(16@0, 1@1)"), "(16@0,1@1)");
    assert_eq!(
        p("((1@0, 8@1), 1@2)"),
        DynBasisTuple::tuple([
            DynBasisTuple::tuple([DynBasisTuple::basis(1, [0]), DynBasisTuple::basis(8, [1])]),
            DynBasisTuple::basis(1, [2]),
        ])
    );
    // (1@0@1): the last @N is the outermost mode, as CuTe prints E<1,0> = (0,(1)).
    let d = p("(1@0@1)");
    let leaf = d.leaves().next().unwrap();
    assert_eq!(leaf.modes, [1, 0]);
    assert_eq!(leaf.to_arithmetic_tuple().unwrap().to_string(), "(0,(1))");
    assert_eq!(d.to_string(), "(1@0@1)");
    // () is the empty group.
    assert_eq!(p("()"), DynBasisTuple::tuple([]));
    assert_eq!(p("( \t )"), DynBasisTuple::tuple([]));
    // (1/2@0, 4@1): 1/2 is no integer, so no layout: refused where the count starts.
    assert_eq!(
        error("(1/2@0, 4@1)"),
        "parse error: count 1/2 at byte 1 is not an integer"
    );
    // A bare count is CuTe's E<> (an integer), as CuTe prints it.
    assert_eq!(
        p("(0, 1@1)").leaves().next().unwrap(),
        &DynScaledBasis::int(0)
    );
}

#[test]
fn counts_normalise() {
    assert_eq!(canon("(4/2@0)"), "(2@0)");
    assert_eq!(canon("(-6/3@0)"), "(-2@0)");
    assert_eq!(canon("(6/-3@0)"), "(-2@0)");
    assert_eq!(canon("(-6/-3@0)"), "(2@0)");
    assert_eq!(canon("(0/5@1)"), "(0@1)");
    assert_eq!(
        canon("(9223372036854775807/1@0)"),
        "(9223372036854775807@0)"
    );
    assert_eq!(
        canon("(-9223372036854775808@0)"),
        "(-9223372036854775808@0)"
    );
    assert_eq!(
        canon("(-9223372036854775808/2@0)"),
        "(-4611686018427387904@0)"
    );
    // Leading zeros in mode indices and counts are digits like any other.
    assert_eq!(canon("(007@003)"), "(7@3)");
}

#[test]
fn whitespace_exactly_where_the_grammar_allows() {
    // ws after '(', around ',' and '@', before ')': spaces and tabs.
    assert_eq!(canon("(\t1 @ 0 ,\t8\t@\t1 @ 2 )"), "(1@0,8@1@2)");
    assert_eq!(canon("( ( 1@0 ) , 2@1 )"), "((1@0),2@1)");
    // Not before the first '(' or after the last ')'.
    assert_eq!(
        error(" (1@0)"),
        "parse error: expected '(' at byte 0, found ' '"
    );
    assert_eq!(
        error("(1@0) "),
        "parse error: expected end of input at byte 5, found ' '"
    );
    // Not inside a count: around '/', after '-'.
    assert_eq!(
        error("(1 /2@0)"),
        "parse error: expected ',' or ')' at byte 3, found '/'"
    );
    assert_eq!(
        error("(1/ 2@0)"),
        "parse error: expected an integer or '(' at byte 3, found ' '"
    );
    assert_eq!(
        error("(- 1@0)"),
        "parse error: expected an integer or '(' at byte 1, found '-'"
    );
    // Only spaces and tabs: a newline or another space character is an error.
    assert_eq!(
        error("(1@0,\n1@1)"),
        "parse error: expected an integer or '(' at byte 5, found '\\n'"
    );
    assert_eq!(
        error("(1@0,\u{a0}1@1)"),
        "parse error: expected an integer or '(' at byte 5, found '\\u{a0}'"
    );
    // Two counts in a row.
    assert_eq!(
        error("(1 2@0)"),
        "parse error: expected ',' or ')' at byte 3, found '2'"
    );
}

#[test]
fn every_error_with_its_byte_offset() {
    // Zero denominator: named with both offsets.
    assert_eq!(
        error("(1@0, 3/0@1)"),
        "parse error: count 3/0 at byte 6 has a zero denominator (at byte 8)"
    );
    // Non-integral count.
    assert_eq!(
        error("(7/2@0)"),
        "parse error: count 7/2 at byte 1 is not an integer"
    );
    // Overflow: an integer beyond i64, and a division whose quotient is beyond i64.
    assert_eq!(
        error("(9223372036854775808@0)"),
        "parse error: integer 9223372036854775808 at byte 1 does not fit in i64"
    );
    assert_eq!(
        error("(1@0,-9223372036854775808/-1@0)"),
        "parse error: count -9223372036854775808/-1 at byte 5 does not fit in i64"
    );
    // Mode index beyond MAX_MODE_INDEX (also beyond usize).
    assert_eq!(
        error("(1@64)"),
        format!("parse error: mode index 64 at byte 3 exceeds MAX_MODE_INDEX = {MAX_MODE_INDEX}")
    );
    assert!(error("(1@99999999999999999999999)").contains("at byte 3 exceeds MAX_MODE_INDEX"));
    // Missing pieces.
    assert_eq!(
        error("(1@)"),
        "parse error: expected a mode index (digits) at byte 3, found ')'"
    );
    assert_eq!(
        error("(1@-1)"),
        "parse error: expected a mode index (digits) at byte 3, found '-'"
    );
    assert_eq!(
        error("(1@0"),
        "parse error: expected ',' or ')' at byte 4, found end of input"
    );
    assert_eq!(
        error("(1@0,)"),
        "parse error: expected an integer or '(' at byte 5, found ')'"
    );
    assert_eq!(
        error("(@0)"),
        "parse error: expected an integer or '(' at byte 1, found '@'"
    );
    assert_eq!(
        error(""),
        "parse error: expected '(' at byte 0, found end of input"
    );
    // The top level is a group; a static mark is not part of the grammar.
    assert_eq!(
        error("1@0"),
        "parse error: expected '(' at byte 0, found '1'"
    );
    assert_eq!(
        error("(_1@0)"),
        "parse error: expected an integer or '(' at byte 1, found '_'"
    );
    assert_eq!(
        error("(1@0))"),
        "parse error: expected end of input at byte 5, found ')'"
    );
    // Nesting and path length are bounded (MAX_DEPTH = 64).
    let deep = format!("{}1@0{}", "(".repeat(65), ")".repeat(65));
    assert_eq!(
        error(&deep),
        "parse error: nesting deeper than MAX_DEPTH = 64 at byte 64"
    );
    assert_eq!(
        p(&format!("{}1@0{}", "(".repeat(64), ")".repeat(64))).depth(),
        64
    );
    let long = format!("(1{})", "@0".repeat(65));
    assert_eq!(
        error(&long),
        "parse error: a basis path longer than MAX_DEPTH = 64 at byte 131"
    );
}

#[test]
fn full_layouts() {
    let l: DynBasisLayout = "(4,8):(1@0,1@1)".parse().unwrap();
    assert_eq!(l.to_string(), "(4,8):(1@0,1@1)");
    assert_eq!(l.eval(9).to_string(), "(1,2)");
    let l: DynBasisLayout = "((2,3),4) : ((1@0@0, 1@1@0), 1@1)".parse().unwrap();
    assert_eq!(l.to_string(), "((2,3),4):((1@0@0,1@1@0),1@1)");
    // A leaf stride, static marks as printed by {:#}, integer strides.
    assert_eq!(
        "8:2@1".parse::<DynBasisLayout>().unwrap().to_string(),
        "8:2@1"
    );
    let s: DynBasisLayout = "(_4,_8):(_1@0,_0)".parse().unwrap();
    assert_eq!(format!("{s:#}"), "(_4,_8):(_1@0,_0)");
    // Errors carry offsets into the whole text.
    let e = "(4,8):(1@0,1@x)".parse::<DynBasisLayout>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "parse error: expected a mode index (digits) at byte 13, found 'x'"
    );
    let e = "(4,8)".parse::<DynBasisLayout>().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Parse);
    assert!(e.to_string().contains("expected ':'"), "{e}");
    let e = "(4,8):(1@0)".parse::<DynBasisLayout>().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Incongruent);
}

// ---- round trip ----

fn value() -> impl Strategy<Value = i64> {
    prop_oneof![
        Just(i64::MIN),
        Just(i64::MAX),
        Just(0),
        Just(-1),
        Just(1),
        any::<i64>(),
        -20i64..=20,
    ]
}

fn leaf(is_static: bool) -> impl Strategy<Value = DynBasisTuple> {
    (
        value(),
        prop::collection::vec(
            prop_oneof![Just(0usize), Just(MAX_MODE_INDEX), 0..=MAX_MODE_INDEX],
            0..=3,
        ),
        if is_static {
            any::<bool>().boxed()
        } else {
            Just(false).boxed()
        },
    )
        .prop_map(|(v, modes, st)| {
            DynBasisTuple::Basis(DynScaledBasis {
                value: DynInt {
                    value: v,
                    is_static: st,
                },
                modes,
            })
        })
}

fn tree(is_static: bool) -> impl Strategy<Value = DynBasisTuple> {
    let inner = leaf(is_static).prop_recursive(4, 32, 4, |t| {
        prop::collection::vec(t, 0..=4).prop_map(DynBasisTuple::Tuple)
    });
    prop::collection::vec(inner, 0..=4).prop_map(DynBasisTuple::Tuple)
}

/// The canonical text with spaces and tabs inserted where `ws` is allowed.
fn spaced(canonical: &str, ws: &[&str]) -> String {
    let mut out = String::new();
    let mut k = 0;
    let mut pad = |out: &mut String| {
        out.push_str(ws[k % ws.len()]);
        k += 1;
    };
    for c in canonical.chars() {
        match c {
            '(' => {
                out.push(c);
                pad(&mut out);
            }
            ',' | '@' => {
                pad(&mut out);
                out.push(c);
                pad(&mut out);
            }
            ')' => {
                pad(&mut out);
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(512)))]

    /// parse(print(t)) == t, and print is canonical: printing the parse of any accepted spelling
    /// gives the same string, and parsing it again gives the same tree.
    #[test]
    fn round_trip(t in tree(false), ws in prop::collection::vec(prop_oneof![Just(""), Just(" "), Just("\t"), Just(" \t ")], 1..4)) {
        let s = print_descriptor(&t);
        prop_assert!(!s.contains(' '));
        prop_assert_eq!(&parse_descriptor(&s).unwrap(), &t);
        let loose = spaced(&s, &ws);
        let again = parse_descriptor(&loose).unwrap();
        prop_assert_eq!(&again, &t, "{}", loose);
        prop_assert_eq!(print_descriptor(&again), s);
    }

    /// The `{:#}` form (static marks) round-trips through `FromStr`, marks included.
    #[test]
    fn round_trip_static_marks(t in tree(true)) {
        let s = format!("{t:#}");
        let back: DynBasisTuple = s.parse().unwrap();
        prop_assert_eq!(&back, &t);
        prop_assert_eq!(format!("{back:#}"), s);
    }

    /// Arbitrary text never panics: it parses to a tree whose print parses back to it, or is
    /// a parse error naming a byte offset within the text.
    #[test]
    fn arbitrary_text(s in "[()@,/ \\t0-9_-]{0,24}") {
        match parse_descriptor(&s) {
            Ok(t) => prop_assert_eq!(parse_descriptor(&print_descriptor(&t)).unwrap(), t),
            Err(e) => {
                prop_assert_eq!(e.kind(), ErrorKind::Parse);
                let msg = e.to_string();
                let at = msg.find("at byte ").map(|i| &msg[i + 8..]).unwrap();
                let n: usize = at.split(|c: char| !c.is_ascii_digit()).next().unwrap().parse().unwrap();
                prop_assert!(n <= s.len(), "{}", msg);
            }
        }
    }
}
