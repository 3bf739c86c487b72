//! Code generation: one [`Ir`] becomes CUDA C++ functions.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use super::ir::{Ir, Split, StrideVal, Val};
use super::IndexType;
use crate::swizzle::SwizzleFn;

/// The C++ names of the signed and unsigned index types.
fn types(ty: IndexType) -> (&'static str, &'static str) {
    match ty {
        IndexType::I32 => ("int", "unsigned"),
        IndexType::I64 => ("long long", "unsigned long long"),
    }
}

/// A signed literal of the index type.
fn lit(v: i64, ty: IndexType) -> String {
    if ty == IndexType::I64 && (v > i32::MAX as i64 || v < i32::MIN as i64) {
        format!("{v}LL")
    } else {
        format!("{v}")
    }
}

/// An unsigned literal (the split of a coordinate runs in unsigned arithmetic, as CuTe's
/// unsigned index: divisions by constants become multiplications and shifts).
fn ulit(v: i64, ty: IndexType) -> String {
    match ty {
        IndexType::I32 => format!("{v}u"),
        IndexType::I64 => format!("{v}ull"),
    }
}

fn pow2(v: i64) -> Option<u32> {
    (v > 0 && v & (v - 1) == 0).then(|| v.trailing_zeros())
}

/// The product of the shape leaves before a leaf, as a constant when every factor is one.
enum Prefix {
    Const(i64),
    Expr(String),
}

impl Prefix {
    fn times(self, v: &Val, ty: IndexType) -> Prefix {
        let (_, u) = types(ty);
        match (self, v) {
            // The split's products fit i64 (a layout invariant).
            (Prefix::Const(p), Val::Const(s)) => Prefix::Const(p.wrapping_mul(*s)),
            (Prefix::Const(1), Val::Param(n, _)) => Prefix::Expr(format!("({u}){n}")),
            (Prefix::Const(p), Val::Param(n, _)) => {
                Prefix::Expr(format!("{} * ({u}){n}", ulit(p, ty)))
            }
            (Prefix::Expr(e), Val::Const(s)) => Prefix::Expr(format!("{e} * {}", ulit(*s, ty))),
            (Prefix::Expr(e), Val::Param(n, _)) => Prefix::Expr(format!("{e} * ({u}){n}")),
        }
    }
}

/// The terms `c_k · d_k` of one split of the unsigned coordinate `var`, each with the stride
/// leaf it belongs to.
fn terms(ir: &Ir, split: &Split, var: &str, ty: IndexType) -> Vec<(usize, String)> {
    let (s_ty, u_ty) = types(ty);
    let mut out = Vec::new();
    let mut prefix = Prefix::Const(1);
    let n = split.leaves.len();
    for (pos, &leaf) in split.leaves.iter().enumerate() {
        let shape = &ir.shapes[leaf];
        let runs_on = split.runs_on && pos + 1 == n;
        let stride_zero = match &ir.strides[leaf] {
            StrideVal::Int(d) | StrideVal::Basis { scale: d, .. } => d.as_const() == Some(0),
        };
        // A leaf of extent 1 has coordinate 0 unless it takes the rest; a zero stride adds 0.
        let skip = stride_zero || (shape.as_const() == Some(1) && !runs_on);
        if !skip {
            let quotient = match &prefix {
                Prefix::Const(1) => String::from(var),
                Prefix::Const(p) => match pow2(*p) {
                    Some(k) => format!("({var} >> {k})"),
                    None => format!("({var} / {})", ulit(*p, ty)),
                },
                Prefix::Expr(e) => format!("({var} / ({e}))"),
            };
            let coord = if runs_on {
                quotient
            } else {
                match shape {
                    Val::Const(s) => match pow2(*s) {
                        Some(_) => format!("({quotient} & {})", ulit(s - 1, ty)),
                        None => format!("({quotient} % {})", ulit(*s, ty)),
                    },
                    Val::Param(p, _) => format!("({quotient} % ({u_ty}){p})"),
                }
            };
            let c = format!("({s_ty}){coord}");
            let d = match &ir.strides[leaf] {
                StrideVal::Int(d) | StrideVal::Basis { scale: d, .. } => d,
            };
            let term = match d {
                Val::Const(1) => c,
                Val::Const(d) => match pow2(*d) {
                    Some(k) => format!("({c} << {k})"),
                    None => format!("{c} * {}", lit(*d, ty)),
                },
                Val::Param(p, _) => format!("{c} * {p}"),
            };
            out.push((leaf, term));
        }
        prefix = prefix.times(shape, ty);
    }
    out
}

fn sum(terms: impl IntoIterator<Item = String>) -> String {
    let v: Vec<String> = terms.into_iter().collect();
    if v.is_empty() {
        String::from("0")
    } else {
        v.join(" + ")
    }
}

fn param_list(ir: &Ir, ty: IndexType, shape_only: bool) -> Vec<String> {
    let (s_ty, _) = types(ty);
    ir.params
        .iter()
        .filter(|p| !shape_only || p.is_shape)
        .map(|p| format!("{s_ty} {}", p.name))
        .collect()
}

/// `(void)p;` for the parameters a body does not read, so that every function of a layout
/// takes the same parameters without warnings.
fn unused(ir: &Ir, body: &str, shape_only: bool) -> String {
    let mut s = String::new();
    for p in ir.params.iter().filter(|p| !shape_only || p.is_shape) {
        if !mentions(body, &p.name) {
            let _ = writeln!(s, "  (void){};", p.name);
        }
    }
    s
}

/// Whether `body` uses the identifier `name` (not as part of a longer identifier).
fn mentions(body: &str, name: &str) -> bool {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    body.match_indices(name).any(|(i, _)| {
        let before = body[..i].chars().next_back();
        let after = body[i + name.len()..].chars().next();
        !before.is_some_and(ident) && !after.is_some_and(ident)
    })
}

/// The body that turns the terms of the coordinates into the function's value.
fn value_body(ir: &Ir, name: &str, all_terms: Vec<(usize, String)>, ty: IndexType) -> String {
    let (s_ty, _) = types(ty);
    match ir.components {
        Some(n) => {
            let mut comps: Vec<Vec<String>> = (0..n).map(|_| Vec::new()).collect();
            for (leaf, t) in all_terms {
                if let StrideVal::Basis { component, .. } = &ir.strides[leaf] {
                    comps[*component].push(t);
                }
            }
            let parts: Vec<String> = comps.into_iter().map(sum).collect();
            format!("  return {name}_coord{{{{{}}}}};\n", parts.join(", "))
        }
        None => {
            let mut inner = sum(all_terms.into_iter().map(|(_, t)| t));
            if let Some(o) = &ir.offset {
                match o {
                    Val::Const(0) => {}
                    Val::Const(v) => inner = format!("{} + {inner}", lit(*v, ty)),
                    Val::Param(p, _) => inner = format!("{p} + {inner}"),
                }
            }
            let based = |e: String| match &ir.base {
                None | Some(Val::Const(0)) => e,
                Some(Val::Const(v)) => format!("{} + {e}", lit(*v, ty)),
                Some(Val::Param(p, _)) => format!("{p} + {e}"),
            };
            match &ir.swizzle {
                None => format!("  return {};\n", based(inner)),
                Some(sw) => {
                    let yyy = sw.yyy_mask();
                    let shift = sw.shift();
                    let moved = if shift >= 0 {
                        format!("(x & {}) >> {shift}", lit(yyy, ty))
                    } else {
                        format!("(x & {}) << {}", lit(yyy, ty), -shift)
                    };
                    let s = if sw.bits() == 0 {
                        format!("  return {};\n", based(String::from("x")))
                    } else {
                        format!("  return {};\n", based(format!("(x ^ ({moved}))")))
                    };
                    format!("  const {s_ty} x = {inner};\n{s}")
                }
            }
        }
    }
}

/// The CUDA C++ functions of one layout (see the module documentation for the contract).
pub(crate) fn functions(ir: &Ir, name: &str, ty: IndexType) -> String {
    let (s_ty, u_ty) = types(ty);
    let ret = match ir.components {
        Some(_) => format!("{name}_coord"),
        None => String::from(s_ty),
    };
    let mut out = String::new();
    let _ = writeln!(out, "// {name}: {}", ir.notation);
    match ir.bound {
        Some(b) if ir.params.is_empty() => {
            let _ = writeln!(
                out,
                "//   size {}, |value| <= {b}, index type {s_ty}",
                ir.size
            );
        }
        _ => {
            let _ = writeln!(out, "//   index type {s_ty}");
        }
    }
    if !ir.params.is_empty() {
        let list: Vec<String> = ir
            .params
            .iter()
            .map(|p| format!("{} = {} (emitted with {})", p.name, p.what, p.value))
            .collect();
        let _ = writeln!(out, "//   runtime parameters: {}", list.join("; "));
    }
    if let Some(n) = ir.components {
        let _ = writeln!(
            out,
            "struct {name}_coord {{ {s_ty} v[{n}]; }};  // the codomain's components, left to right"
        );
    }

    // <name>_size
    let size_params = param_list(ir, ty, true);
    let size_body = {
        let factors: Vec<String> = ir
            .shapes
            .iter()
            .filter(|v| v.as_const() != Some(1))
            .map(|v| match v {
                Val::Const(c) => lit(*c, ty),
                Val::Param(p, _) => String::from(p.as_str()),
            })
            .collect();
        let product = if ir.shapes.iter().all(|v| v.as_const().is_some()) {
            lit(ir.size, ty)
        } else if factors.is_empty() {
            String::from("1")
        } else {
            factors.join(" * ")
        };
        format!("  return {product};\n")
    };
    let _ = write!(
        out,
        "CUTE_HD constexpr {s_ty} {name}_size({}) {{\n{}{size_body}}}\n",
        size_params.join(", "),
        unused(ir, &size_body, true)
    );

    let params = param_list(ir, ty, false);
    // <name>(i): the integral coordinate.
    let body = {
        let t = terms(ir, &ir.whole, "u", ty);
        let mut b = String::new();
        if t.iter().any(|(_, s)| mentions(s, "u")) {
            let _ = writeln!(b, "  const {u_ty} u = ({u_ty})i;");
        }
        b.push_str(&value_body(ir, name, t, ty));
        b
    };
    let mut args = alloc::vec![format!("{s_ty} i")];
    args.extend(params.iter().cloned());
    let void_i = if mentions(&body, "u") {
        ""
    } else {
        "  (void)i;\n"
    };
    let _ = write!(
        out,
        "CUTE_HD constexpr {ret} {name}({}) {{\n{void_i}{}{body}}}\n",
        args.join(", "),
        unused(ir, &body, false)
    );

    // <name>_crd(c0, ..., c{R-1}): one integral coordinate per top-level mode.
    let mut body = String::new();
    let mut all = Vec::new();
    let mut args = Vec::new();
    let mut voids = String::new();
    for (k, split) in ir.modes.iter().enumerate() {
        let var = format!("u{k}");
        let t = terms(ir, split, &var, ty);
        if t.iter().any(|(_, s)| mentions(s, &var)) {
            let _ = writeln!(body, "  const {u_ty} {var} = ({u_ty})c{k};");
        } else {
            let _ = writeln!(voids, "  (void)c{k};");
        }
        args.push(format!("{s_ty} c{k}"));
        all.extend(t);
    }
    body.push_str(&value_body(ir, name, all, ty));
    args.extend(params);
    let _ = write!(
        out,
        "CUTE_HD constexpr {ret} {name}_crd({}) {{\n{voids}{}{body}}}\n",
        args.join(", "),
        unused(ir, &body, false)
    );
    out
}
