//! `tests/static_pycute_nv.rs`: the type-level engine against NVIDIA's new PyCuTe, on a subset
//! of `tests/data/pycute_nv.txt` (PyCuTe's answers, written by `tests/data/gen_pycute_nv.py`).
//!
//! The subset, chosen deterministically in file order: cases whose operands are integer
//! layouts and tilers without rank-1 tuples (greatest_common_domain's shapes given as their
//! column-major layouts), where PyCuTe answers with an integer layout, the runtime engine
//! gives the same function (the cases where it differs by design are checked, by their
//! postconditions, in `tests/runtime_pycute_nv.rs`), and the type-level engine is specified to
//! accept the operands (the paper's conditions, as the differential families use them), at
//! most [`PER_OP`] per operation, PyCuTe's test suite's cases first. Each case is one call
//! `case!(t; id; <static result> => "<PyCuTe's answer>")`; the test compares them as functions
//! (size and every value) and, for coalesce and coalesce_z, by shape, and counts exact-text
//! agreement.

use std::fmt::Write as _;

use cute_layout::algebra::{self, DynTiler};
use cute_layout::{DynLayout, DynTuple};

use super::{compose_ok, divide_ok, product_ok};

/// Cases per operation at most (compile time: every case is computed by the compiler).
const PER_OP: usize = 16;

const DATA: &str = include_str!("../../data/pycute_nv.txt");

/// The operations with a static counterpart, as `(data name, method call)`.
const OPS: &[(&str, &str)] = &[
    ("coalesce", "coalesce()"),
    ("coalesce_z", "coalesce_z()"),
    ("nullspace", "nullspace()"),
    ("layout_add", "layout_add"),
    ("greatest_common_domain", "greatest_common_domain"),
    ("composition", "compose"),
    ("complement", "complement_full()"),
    ("right_inverse", "right_inverse()"),
    ("left_inverse", "left_inverse()"),
    ("logical_divide", "logical_divide"),
    ("zipped_divide", "zipped_divide"),
    ("tiled_divide", "tiled_divide"),
    ("flat_divide", "flat_divide"),
    ("logical_product", "logical_product"),
    ("zipped_product", "zipped_product"),
    ("tiled_product", "tiled_product"),
    ("flat_product", "flat_product"),
    ("blocked_product", "blocked_product"),
    ("raked_product", "raked_product"),
    ("recast", "recast"),
];

fn layout(s: &str) -> Option<DynLayout> {
    s.parse().ok()
}

/// Whether a tuple in this text has a single element (`(10)`), which `layout!` reads as an
/// integer.
fn has_rank1_tuple(s: &str) -> bool {
    let b = s.as_bytes();
    let mut depth_commas: Vec<bool> = Vec::new();
    for &c in b {
        match c {
            b'(' | b'<' => depth_commas.push(false),
            b',' => {
                if let Some(x) = depth_commas.last_mut() {
                    *x = true;
                }
            }
            b')' | b'>' if depth_commas.pop() == Some(false) => return true,
            _ => {}
        }
    }
    false
}

/// The tiler as the type level takes it: a layout, or a tuple `(t, ..,)` with `_` as
/// `Underscore` and an integer `n` as `n:1`.
fn tiler_expr(t: &DynTiler) -> String {
    match t {
        DynTiler::Layout(l) => format!("layout!({l})"),
        DynTiler::Basis(l) => format!("layout!({l})"),
        DynTiler::Skip => "Underscore".to_string(),
        DynTiler::Tuple(v) => {
            let parts: Vec<String> = v.iter().map(tiler_expr).collect();
            format!("({},)", parts.join(", "))
        }
    }
}

/// Whether the type level accepts `a op t` by the paper's conditions (`ok` on a layout tiler,
/// mode by mode on a tuple).
fn tiler_ok(a: &DynLayout, t: &DynTiler, ok: fn(&DynLayout, &DynLayout) -> bool) -> bool {
    match t {
        DynTiler::Skip => true,
        DynTiler::Layout(b) => ok(a, b),
        // Basis-strided tilers are checked at the type level by `tests/both_basis_parity.rs`
        // (PyCuTe's cases there); this generator leaves them out.
        DynTiler::Basis(_) => false,
        DynTiler::Tuple(v) => {
            v.len() <= a.rank() && v.iter().zip(a.modes()).all(|(t, m)| tiler_ok(&m, t, ok))
        }
    }
}

fn has_skip(t: &DynTiler) -> bool {
    match t {
        DynTiler::Skip => true,
        DynTiler::Layout(_) | DynTiler::Basis(_) => false,
        DynTiler::Tuple(v) => v.iter().any(has_skip),
    }
}

fn small_product_ok(a: &DynLayout, b: &DynLayout) -> bool {
    a.size() * b.size() <= 1024 && product_ok(a, b)
}

fn small_divide_ok(a: &DynLayout, b: &DynLayout) -> bool {
    a.size() <= 1024 && divide_ok(a, b)
}

fn small_compose_ok(a: &DynLayout, b: &DynLayout) -> bool {
    a.size() <= 4096 && b.size() <= 1024 && compose_ok(a, b)
}

/// The runtime engine's answer.
fn runtime(op: &str, a: &DynLayout, arg: Option<&str>) -> Option<DynLayout> {
    let t = || arg.and_then(|s| s.parse::<DynTiler>().ok());
    match op {
        "coalesce" => algebra::try_coalesce(a).ok(),
        "coalesce_z" => algebra::try_coalesce_z(a).ok(),
        "nullspace" => algebra::try_nullspace(a).ok(),
        "layout_add" => algebra::try_layout_add(a, &layout(arg?)?).ok(),
        "greatest_common_domain" => {
            algebra::try_greatest_common_domain(a.shape(), layout(arg?)?.shape()).ok()
        }
        "composition" => algebra::try_composition(a, &t()?).ok(),
        "complement" => algebra::try_complement_full(a).ok(),
        "right_inverse" => algebra::try_right_inverse(a).ok(),
        "left_inverse" => algebra::try_left_inverse(a).ok(),
        "logical_divide" => algebra::try_logical_divide(a, &t()?).ok(),
        "zipped_divide" => algebra::try_zipped_divide(a, &t()?).ok(),
        "tiled_divide" => algebra::try_tiled_divide(a, &t()?).ok(),
        "flat_divide" => algebra::try_flat_divide(a, &t()?).ok(),
        "logical_product" => algebra::try_logical_product(a, &t()?).ok(),
        "zipped_product" => algebra::try_zipped_product(a, &t()?).ok(),
        "tiled_product" => algebra::try_tiled_product(a, &t()?).ok(),
        "flat_product" => algebra::try_flat_product(a, &t()?).ok(),
        "blocked_product" => algebra::try_blocked_product(a, &t()?).ok(),
        "raked_product" => algebra::try_raked_product(a, &t()?).ok(),
        "recast" => match arg?.split_once('/') {
            None => algebra::try_upcast(a, arg?.parse().ok()?).ok(),
            Some(("1", n)) => algebra::try_downcast(a, n.parse().ok()?).ok(),
            Some(_) => None,
        },
        _ => None,
    }
}

fn same_function(x: &DynLayout, y: &DynLayout) -> bool {
    x.size() == y.size() && (0..x.size()).all(|i| x.eval(i) == y.eval(i))
}

/// The static expression of a case, or `None` where the type level is not specified to take it.
fn static_expr(op: &str, call: &str, a: &DynLayout, arg: Option<&str>) -> Option<String> {
    let ea = format!("layout!({a})");
    let t = || arg.and_then(|s| s.parse::<DynTiler>().ok());
    let nonneg = a.stride().leaves().all(|d| d >= 0);
    Some(match op {
        "coalesce" | "coalesce_z" | "nullspace" | "right_inverse" | "left_inverse" => {
            format!("{ea}.{call}")
        }
        "complement" if nonneg => format!("{ea}.{call}"),
        "composition" => {
            let t = t()?;
            if !tiler_ok(a, &t, small_compose_ok) {
                return None;
            }
            format!("{ea}.{call}({})", tiler_expr(&t))
        }
        _ if op.ends_with("_divide") => {
            let t = t()?;
            if !tiler_ok(a, &t, small_divide_ok) || has_skip(&t) {
                return None;
            }
            format!("{ea}.{call}({})", tiler_expr(&t))
        }
        "blocked_product" | "raked_product" => {
            let t = t()?;
            let DynTiler::Layout(b) = &t else {
                return None;
            };
            if a.rank() != b.rank() || !small_product_ok(a, b) {
                return None;
            }
            format!("{ea}.{call}({})", tiler_expr(&t))
        }
        _ if op.ends_with("_product") => {
            let t = t()?;
            if !tiler_ok(a, &t, small_product_ok) || has_skip(&t) {
                return None;
            }
            format!("{ea}.{call}({})", tiler_expr(&t))
        }
        "layout_add" | "greatest_common_domain" => {
            let b = layout(arg?)?;
            if a.size() > 1024 || b.size() > 1024 {
                return None;
            }
            format!("{ea}.{call}(&layout!({b}))")
        }
        "recast" => match arg?.split_once('/') {
            None => format!("{ea}.upcast::<U{}>()", arg?),
            Some(("1", n)) => format!("{ea}.downcast::<U{n}>()"),
            Some(_) => return None,
        },
        _ => return None,
    })
}

/// Writes `tests/static_pycute_nv.rs` into `dir`, or with `check` compares it with what is there.
pub fn finish(dir: &str, check: bool) -> Result<(), String> {
    let (name, text) = file();
    let path = format!("{dir}/{name}");
    if !check {
        return std::fs::write(&path, text).map_err(|e| format!("cannot write {path}: {e}"));
    }
    let old = std::fs::read_to_string(&path)
        .map_err(|e| format!("tests/{name}: cannot read it ({e})"))?;
    if old != text {
        return Err(format!(
            "tests/{name} differs from what the generator writes; regenerate it with `cargo run -p cute-layout-gen`"
        ));
    }
    Ok(())
}

/// The file's name under `tests/` and its text.
fn file() -> (String, String) {
    let mut per_op: Vec<(&str, Vec<String>)> =
        OPS.iter().map(|&(op, _)| (op, Vec::new())).collect();
    // PyCuTe's test suite's cases first, then the random ones, each in file order.
    for pass in ["suite", "random"] {
        for line in DATA.lines().filter(|l| !l.starts_with('#')) {
            let f: Vec<&str> = line.split(';').collect();
            let (source, op, answer) = (f[0], f[1], f[f.len() - 1]);
            if source.trim_end_matches('*') != pass || has_rank1_tuple(line) || line.contains('@') {
                continue;
            }
            let Some(&(_, call)) = OPS.iter().find(|(o, _)| *o == op) else {
                continue;
            };
            // greatest_common_domain takes shapes: the column-major layouts of them stand in
            // (its result depends on the shapes only).
            let shaped = |s: &str| {
                let t = s.parse::<DynTuple>().ok()?;
                Some(DynLayout::column_major(t).ok()?.to_string())
            };
            let (a, arg) = match op {
                "greatest_common_domain" => (shaped(f[2]), shaped(f[3])),
                _ => (
                    Some(f[2].to_string()),
                    (f.len() > 4).then(|| f[3].to_string()),
                ),
            };
            let (Some(a), Some(want)) = (a.as_deref().and_then(layout), layout(answer)) else {
                continue;
            };
            let arg = arg.as_deref();
            let Some(got) = runtime(op, &a, arg) else {
                continue;
            };
            if !same_function(&got, &want) {
                continue;
            }
            let Some(expr) = static_expr(op, call, &a, arg) else {
                continue;
            };
            let cases = &mut per_op.iter_mut().find(|(o, _)| *o == op).unwrap().1;
            if cases.len() < PER_OP {
                let id = f[1..f.len() - 1].join(";");
                cases.push(format!("case!(t; {id:?}; {expr} => {answer:?});"));
            }
        }
    }
    let total: usize = per_op.iter().map(|(_, c)| c.len()).sum();
    let mut out = HEADER
        .replace("{total}", &total.to_string())
        .replace("{PER_OP}", &PER_OP.to_string());
    for (op, cases) in &per_op {
        if cases.is_empty() {
            continue;
        }
        writeln!(
            out,
            "\n#[test]\nfn {op}() {{\n    let mut t = Tally::new({op:?});"
        )
        .unwrap();
        for c in cases {
            writeln!(out, "    {c}").unwrap();
        }
        writeln!(out, "    t.report();\n}}").unwrap();
    }
    ("static_pycute_nv.rs".to_string(), out)
}

/// The generated file's first lines (as rustfmt writes them); `{total}` and `{PER_OP}` are
/// filled in.
const HEADER: &str = r#"//! Generated by `cargo run -p cute-layout-gen` (`tests/gen/src/pycute_nv.rs`): do not edit.
//! {total} cases: the type-level engine against NVIDIA's new PyCuTe (NVlabs/CuTe 02e137e), whose
//! answers are in `tests/data/pycute_nv.txt` (`tests/data/gen_pycute_nv.py`). The subset, at
//! most {PER_OP} per operation, PyCuTe's own test suite's cases first, then the random ones, in
//! file order: integer operands without rank-1 tuples, where the runtime engine gives PyCuTe's
//! function (`tests/runtime_pycute_nv.rs` checks the rest, the differences by design by their
//! postconditions) and the type level is specified to accept the operands. Each result is
//! compared with PyCuTe's answer as a function (size, every value) and, for coalesce and
//! coalesce_z (whose result is defined exactly), by shape; exact-text agreement is counted.
//! greatest_common_domain's operands, shapes in PyCuTe, are their column-major layouts here.

#![allow(clippy::all, unused_imports)]

use crate::common::differential::typed;
use cute_layout::ops::*;
use cute_layout::typenum::*;
use cute_layout::{layout, AnyLayout, DynLayout};

/// `case!(t; id; static result => PyCuTe's answer)`. The static result is its type: the call
/// is type-checked in a closure that is not called, and the zero-sized result is the type's
/// `Default::default()` (running the method would build, per case, the mixed engine's value
/// code, which carries nothing for static operands; a result with a runtime leaf would default
/// it to 0 and fail).
macro_rules! case {
    ($t:ident; $id:literal; $got:expr => $want:literal) => {
        $t.check($id, typed(&|| $got), $want)
    };
}

/// Agreement counts of one operation, and its failing cases (each case runs on its own, so that
/// the first failure does not hide the rest).
struct Tally {
    op: &'static str,
    cases: usize,
    text: usize,
    failed: Vec<String>,
}

impl Tally {
    fn new(op: &'static str) -> Self {
        Tally {
            op,
            cases: 0,
            text: 0,
            failed: Vec::new(),
        }
    }

    /// The static result `got` is PyCuTe's answer `want` as a function (and by shape for
    /// coalesce and coalesce_z); counts exact-text agreement; records a failure.
    fn check<L: AnyLayout + core::fmt::Display>(&mut self, id: &str, got: L, want: &str) {
        let op = self.op;
        let same_text = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let w: DynLayout = want.parse().unwrap();
            let n: i64 = got.size().into();
            assert_eq!(n, w.size(), "{id}: size of {got} vs PyCuTe's {want}");
            for i in 0..n {
                assert_eq!(
                    got.eval(i),
                    w.eval(i),
                    "{id}: {got} vs PyCuTe's {want} at {i}"
                );
            }
            let text = got.to_string();
            if op.starts_with("coalesce") {
                assert_eq!(
                    text.split(':').next(),
                    want.split(':').next(),
                    "{id}: shape"
                );
            }
            text == want
        }));
        match same_text {
            Ok(same) => {
                self.cases += 1;
                self.text += usize::from(same);
            }
            Err(e) => self.failed.push(match e.downcast::<String>() {
                Ok(msg) => *msg,
                Err(_) => format!("{id}: failed"),
            }),
        }
    }

    /// Prints the counts; fails listing every failing case.
    fn report(&self) {
        assert!(
            self.failed.is_empty(),
            "{}: {} cases failed:\n{}",
            self.op,
            self.failed.len(),
            self.failed.join("\n")
        );
        println!(
            "{}: {} cases, same function {}, same text {}",
            self.op, self.cases, self.cases, self.text
        );
    }
}
"#;
