//! `cute` with random arguments: every run ends with status 0 or 2 and never panics (status
//! 101, "panicked" on stderr) or dies of a signal.

use crate::common::cute;
use proptest::prelude::*;

const COMMANDS: &[&str] = &[
    "show",
    "eval",
    "coalesce",
    "compose",
    "complement",
    "right-inverse",
    "left-inverse",
    "logical-divide",
    "zipped-divide",
    "tiled-divide",
    "flat-divide",
    "logical-product",
    "zipped-product",
    "tiled-product",
    "flat-product",
    "blocked-product",
    "raked-product",
    "filter",
    "filter-zeros",
    "max-common-vector",
    "svg",
    "latex",
];

/// A random leaf: small, zero, negative or extreme.
fn leaf() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (1i64..9).prop_map(|v| v.to_string()),
        1 => Just("0".to_string()),
        1 => (-9i64..0).prop_map(|v| v.to_string()),
        1 => prop_oneof![Just(i64::MAX), Just(i64::MIN), Just(1 << 40), Just(1 << 62)]
            .prop_map(|v| v.to_string()),
    ]
}

/// A random (not necessarily valid) tuple in CuTe notation.
fn tuple() -> impl Strategy<Value = String> {
    leaf().prop_recursive(3, 12, 4, |inner| {
        prop::collection::vec(inner, 1..4).prop_map(|v| format!("({})", v.join(",")))
    })
}

/// A random layout-ish argument: shape:stride, swizzled, basis-strided, tiler, or noise.
fn layout_arg() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (tuple(), tuple()).prop_map(|(s, d)| format!("{s}:{d}")),
        1 => tuple(),
        1 => (0i64..4, 0i64..5, -4i64..5, tuple(), tuple())
            .prop_map(|(b, m, s, sh, st)| format!("Sw<{b},{m},{s}> o 0 o {sh}:{st}")),
        1 => (tuple(), 0usize..3).prop_map(|(s, p)| format!("{s}:1@{p}")),
        1 => prop::collection::vec(tuple(), 1..3).prop_map(|v| format!("<{}>", v.join(","))),
        1 => "\\PC{0,12}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_layouts_never_panic(
        cmd in prop::sample::select(COMMANDS),
        a in layout_arg(),
        b in prop::option::of(layout_arg()),
        json in any::<bool>(),
    ) {
        let mut args = vec![];
        if json {
            args.push("--json");
        }
        args.push(cmd);
        args.push(&a);
        if let Some(b) = &b {
            args.push(b);
        }
        let (code, _out, err) = cute(&args);
        prop_assert!(code == 0 || code == 2, "cute {:?}: status {} {}", args, code, err);
        prop_assert!(!err.contains("panicked"), "cute {:?}: {}", args, err);
    }

    #[test]
    fn random_strings_never_panic(args in prop::collection::vec("\\PC{0,16}", 0..4)) {
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, _out, err) = cute(&refs);
        prop_assert!(code == 0 || code == 2, "cute {:?}: status {} {}", refs, code, err);
        prop_assert!(!err.contains("panicked"), "{}", err);
    }
}
