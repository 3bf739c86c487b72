//! The checks and the case macros of the generated differential tests
//! `tests/differential_*.rs` (written by `tests/gen`: `cargo run -p cute-layout-gen`).
//!
//! A case is one call `op!(check: operands)`, e.g. `compose!(same_print: (4,2):(1,4), 2:1)`.
//! Operands are layouts in `layout!` notation `shape:stride` (a shape leaf `{v(n)}` is a
//! runtime value), a tuple tiler `[2:1, _, [4:1, _]]` (`_` keeps a whole mode), or, for
//! `complement`, the codomain size as a typenum type `U24` or a runtime value `{v(24)}`. Each
//! call expands to
//! `check({ let a = A; (a.op(..), algebra::try_op(&a.to_dyn(), ..)) })`: the type-level
//! engine's result, computed at compile time for static operands, next to the runtime engine's
//! result on `to_dyn()` of the same operands; the check compares them at test time.
//!
//! The expansions name `layout!`, `algebra`, `typenum`, `Underscore`, `v` and the checks as the
//! generated files import them.
#![allow(unused_macros)]

use cute_layout::{DynLayout, LayoutError};

/// A static result prints exactly as the runtime engine's result, static marks included.
#[track_caller]
pub fn same_print<L: core::fmt::Display>((stat, rt): (L, Result<DynLayout, LayoutError>)) {
    let rt = rt.unwrap_or_else(|e| {
        panic!("runtime engine refused where the type-level engine gave {stat:#}: {e}")
    });
    assert_eq!(
        format!("{stat:#}"),
        format!("{rt:#}"),
        "type-level vs runtime engine"
    );
}

/// A mixed result is the same function as the runtime engine's result: same size, same value
/// at every integral coordinate.
#[track_caller]
pub fn same_function<L: Into<DynLayout> + core::fmt::Display + Copy>(
    (mixed, rt): (L, Result<DynLayout, LayoutError>),
) {
    let rt = rt.unwrap_or_else(|e| {
        panic!("runtime engine refused where the type-level engine gave {mixed:#}: {e}")
    });
    let m: DynLayout = mixed.into();
    assert_eq!(m.size(), rt.size(), "size of {m:#} vs {rt:#}");
    for i in 0..m.size() {
        assert_eq!(m.eval(i), rt.eval(i), "{m:#} vs {rt:#} at {i}");
    }
}

/// A static integer result equals the runtime engine's.
#[track_caller]
pub fn same_int<I: cute_layout::int::Int>((k, rt): (I, Result<i64, LayoutError>)) {
    let rt = rt.unwrap_or_else(|e| {
        panic!("runtime engine refused where the type-level engine gave {k:?}: {e}")
    });
    assert_eq!(k.value(), rt, "type-level vs runtime engine");
}

/// An operand `shape:stride`: `layout!(shape:stride)` where every leaf is static, and
/// `layout!(shape:stride).unwrap()` where some leaf is a runtime value `{..}` (a mixed layout is
/// built fallibly).
macro_rules! operand {
    (@scan [$($l:tt)*]) => { layout!($($l)*) };
    (@scan [$($l:tt)*] {$($x:tt)*} $($rest:tt)*) => { layout!($($l)*).unwrap() };
    (@scan [$($l:tt)*] ($($x:tt)*) $($rest:tt)*) => { operand!(@scan [$($l)*] $($x)* $($rest)*) };
    (@scan [$($l:tt)*] $x:tt $($rest:tt)*) => { operand!(@scan [$($l)*] $($rest)*) };
    ($s:tt : $d:tt) => { operand!(@scan [$s : $d] $s $d) };
}

/// A tuple tiler `[t, ..]` as the type level takes it: `(t, ..,)`, `_` as `Underscore`.
macro_rules! tiler {
    (@ [$($o:tt)*]) => { ($($o)*) };
    (@ [$($o:tt)*] _ $(, $($r:tt)*)?) => { tiler!(@ [$($o)* Underscore,] $($($r)*)?) };
    (@ [$($o:tt)*] [$($n:tt)*] $(, $($r:tt)*)?) => {
        tiler!(@ [$($o)* tiler!([$($n)*]),] $($($r)*)?)
    };
    (@ [$($o:tt)*] $s:tt : $d:tt $(, $($r:tt)*)?) => {
        tiler!(@ [$($o)* operand!($s : $d),] $($($r)*)?)
    };
    ([$($t:tt)*]) => { tiler!(@ [] $($t)*) };
}

/// The same tuple tiler as the runtime engine takes it: `algebra::DynTiler::Tuple(..)`.
macro_rules! dyn_tiler {
    (@ [$($o:tt)*]) => { algebra::DynTiler::Tuple(vec![$($o)*]) };
    (@ [$($o:tt)*] _ $(, $($r:tt)*)?) => {
        dyn_tiler!(@ [$($o)* algebra::DynTiler::Skip,] $($($r)*)?)
    };
    (@ [$($o:tt)*] [$($n:tt)*] $(, $($r:tt)*)?) => {
        dyn_tiler!(@ [$($o)* dyn_tiler!([$($n)*]),] $($($r)*)?)
    };
    (@ [$($o:tt)*] $s:tt : $d:tt $(, $($r:tt)*)?) => {
        dyn_tiler!(@ [$($o)* algebra::DynTiler::from(operand!($s : $d).to_dyn()),] $($($r)*)?)
    };
    ([$($t:tt)*]) => { dyn_tiler!(@ [] $($t)*) };
}

/// `a.op()` against `algebra::try_op(&a)`.
macro_rules! unary_case {
    ($check:ident, $op:ident, $try:ident; $as:tt : $ad:tt) => {
        $check({
            let a = operand!($as : $ad);
            (a.$op(), algebra::$try(&a.to_dyn()))
        })
    };
}

/// `a.op(b)` (or `a.op(&b)`) against `algebra::try_op(&a, &b)`.
macro_rules! binary_case {
    ($check:ident, $op:ident, $try:ident; $as:tt : $ad:tt, $bs:tt : $bd:tt) => {
        $check({
            let (a, b) = (operand!($as : $ad), operand!($bs : $bd));
            (a.$op(b), algebra::$try(&a.to_dyn(), &b.to_dyn()))
        })
    };
    ($check:ident, &$op:ident, $try:ident; $as:tt : $ad:tt, $bs:tt : $bd:tt) => {
        $check({
            let (a, b) = (operand!($as : $ad), operand!($bs : $bd));
            (a.$op(&b), algebra::$try(&a.to_dyn(), &b.to_dyn()))
        })
    };
}

/// `a.op(tiler)` against `algebra::try_op(&a, &DynTiler)`, for a tuple tiler.
macro_rules! tuple_tiler_case {
    ($check:ident, $op:ident, $try:ident; $as:tt : $ad:tt, [$($t:tt)*]) => {
        $check({
            let a = operand!($as : $ad);
            (a.$op(tiler!([$($t)*])), algebra::$try(&a.to_dyn(), &dyn_tiler!([$($t)*])))
        })
    };
}

/// A divide by a tuple tiler, or by a layout `b`: `a.op(b)` against
/// `algebra::try_op(&a, &DynTiler::from(b))`.
macro_rules! divide_case {
    ($check:ident, $op:ident, $try:ident; $as:tt : $ad:tt, [$($t:tt)*]) => {
        tuple_tiler_case!($check, $op, $try; $as : $ad, [$($t)*])
    };
    ($check:ident, $op:ident, $try:ident; $as:tt : $ad:tt, $bs:tt : $bd:tt) => {
        $check({
            let a = operand!($as : $ad);
            (
                a.$op(operand!($bs : $bd)),
                algebra::$try(
                    &a.to_dyn(),
                    &algebra::DynTiler::from(operand!($bs : $bd).to_dyn()),
                ),
            )
        })
    };
}

/// A product by a tuple tiler, or of two layouts.
macro_rules! product_case {
    ($check:ident, $op:ident, $try:ident; $as:tt : $ad:tt, [$($t:tt)*]) => {
        tuple_tiler_case!($check, $op, $try; $as : $ad, [$($t)*])
    };
    ($check:ident, $op:ident, $try:ident; $($t:tt)*) => {
        binary_case!($check, $op, $try; $($t)*)
    };
}

/// `a.complement(m)` against `algebra::try_complement(&a, m)`; `m` a typenum type `U24`
/// (the runtime engine gets its value) or a runtime value `{v(24)}`.
macro_rules! complement {
    ($check:ident: $as:tt : $ad:tt, {v($m:literal)}) => {
        $check({
            let a = operand!($as : $ad);
            (a.complement(v($m)), algebra::try_complement(&a.to_dyn(), $m))
        })
    };
    ($check:ident: $as:tt : $ad:tt, $m:ident) => {
        $check({
            let a = operand!($as : $ad);
            (
                a.complement(typenum::$m::default()),
                algebra::try_complement(&a.to_dyn(), <typenum::$m as typenum::Unsigned>::I64),
            )
        })
    };
}

// One macro per operation, named as the type-level method, with the runtime engine's function.
macro_rules! coalesce { ($c:ident: $($t:tt)*) => { unary_case!($c, coalesce, try_coalesce; $($t)*) }; }
macro_rules! right_inverse { ($c:ident: $($t:tt)*) => { unary_case!($c, right_inverse, try_right_inverse; $($t)*) }; }
macro_rules! left_inverse { ($c:ident: $($t:tt)*) => { unary_case!($c, left_inverse, try_left_inverse; $($t)*) }; }
macro_rules! filter_zeros { ($c:ident: $($t:tt)*) => { unary_case!($c, filter_zeros, try_filter_zeros; $($t)*) }; }
macro_rules! filter { ($c:ident: $($t:tt)*) => { unary_case!($c, filter, try_filter; $($t)*) }; }
macro_rules! flatten { ($c:ident: $($t:tt)*) => { unary_case!($c, flatten, try_flatten; $($t)*) }; }
macro_rules! compose { ($c:ident: $($t:tt)*) => { binary_case!($c, compose, try_composition; $($t)*) }; }
macro_rules! max_common_vector { ($c:ident: $($t:tt)*) => { binary_case!($c, &max_common_vector, try_max_common_vector; $($t)*) }; }
macro_rules! max_common_layout { ($c:ident: $($t:tt)*) => { binary_case!($c, &max_common_layout, try_max_common_layout; $($t)*) }; }
macro_rules! logical_divide { ($c:ident: $($t:tt)*) => { divide_case!($c, logical_divide, try_logical_divide; $($t)*) }; }
macro_rules! zipped_divide { ($c:ident: $($t:tt)*) => { divide_case!($c, zipped_divide, try_zipped_divide; $($t)*) }; }
macro_rules! tiled_divide { ($c:ident: $($t:tt)*) => { divide_case!($c, tiled_divide, try_tiled_divide; $($t)*) }; }
macro_rules! flat_divide { ($c:ident: $($t:tt)*) => { divide_case!($c, flat_divide, try_flat_divide; $($t)*) }; }
macro_rules! logical_product { ($c:ident: $($t:tt)*) => { product_case!($c, logical_product, try_logical_product; $($t)*) }; }
macro_rules! zipped_product { ($c:ident: $($t:tt)*) => { product_case!($c, zipped_product, try_zipped_product; $($t)*) }; }
macro_rules! tiled_product { ($c:ident: $($t:tt)*) => { product_case!($c, tiled_product, try_tiled_product; $($t)*) }; }
macro_rules! flat_product { ($c:ident: $($t:tt)*) => { product_case!($c, flat_product, try_flat_product; $($t)*) }; }
macro_rules! blocked_product { ($c:ident: $($t:tt)*) => { product_case!($c, blocked_product, try_blocked_product; $($t)*) }; }
macro_rules! raked_product { ($c:ident: $($t:tt)*) => { product_case!($c, raked_product, try_raked_product; $($t)*) }; }
