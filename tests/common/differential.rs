//! The checks and the case macros of the generated differential tests
//! `tests/differential_*.rs` (written by `tests/gen`: `cargo run -p cute-layout-gen`).
//!
//! A case is one call `op!(check: operands)`, e.g. `compose!(same_print: (4,2):(1,4), 2:1)`,
//! run on its own, `run!(c => compose!(...))`, so that every failing case is reported.
//! Operands are layouts in `layout!` notation `shape:stride` (a shape leaf `{v(n)}` is a
//! runtime value), a tuple tiler `[2:1, _, [4:1, _]]` (`_` keeps a whole mode), or, for
//! `complement`, the codomain size as a typenum type `U24` or a runtime value `{v(24)}`. Each
//! call expands to
//! `check({ let a = A; (a.op(..), algebra::try_op(&a.to_dyn(), ..)) })`: the type-level
//! engine's result, computed at compile time for static operands, next to the runtime engine's
//! result on `to_dyn()` of the same operands; the check compares them at test time.
//!
//! Where every operand is static (the checks `same_print`, `same_composed`,
//! `same_basis_print`), the type-level side is the result's *type*: `stat!` writes
//! `typed(&|| a.op(..))`, which type-checks the call (the whole type-level computation and its
//! conditions) and takes the zero-sized result's `Default::default()` without running the
//! method. Running it would monomorphize, per case, the mixed engine's value plumbing, which
//! carries nothing for static operands: that was two thirds of these binaries' build
//! (`differential_product` 131 → 47 s, `-Ztime-passes`, BENCHMARKS.md "Test suite time").
//! The methods' runtime path on static operands is run by the worked examples and property
//! tests (`tests/typelevel_*`, `tests/both_*`, the doctests); mixed cases run it here.
//!
//! A first operand `(Sw<B,M,S> o offset o shape:stride)` is a composed layout (CuTe's
//! swizzled layouts, `tests/differential_composed.rs`): the operation applies to the static (or
//! mixed) `ComposedLayout` and, as the runtime engine, to its `to_dyn()` copy, a
//! `DynComposedLayout`, by the method `try_op`; the checks `same_composed` (printing and
//! values) and `same_composed_function` (values) compare them; `identity!` checks the operand
//! itself against its runtime copy (`same_values`: evaluation, `same_text`: printing).
//!
//! The expansions name `layout!`, `algebra`, `typenum`, `Underscore`, `v` and the checks as the
//! generated files import them.
#![allow(unused_macros)]

use cute_layout::composed::{ComposedInner, ComposedOffset, ComposedOuter};
use cute_layout::swizzle::SwizzleFn;
use cute_layout::{AnyLayout, ComposedLayout, DynComposedLayout, DynLayout, LayoutError};

/// The cases of one generated file, each run on its own: a failing case is recorded (its line
/// in the generated file and its panic message) and the cases after it still run; `finish`
/// fails, listing every failing case, so that the first failure does not hide the rest.
#[derive(Default)]
pub struct Cases {
    count: usize,
    failed: Vec<String>,
}

impl Cases {
    /// Runs one case, recording a failure (the generated files call it as
    /// `run!(c => compose!(same_print: ...))`).
    #[track_caller]
    pub fn run(&mut self, case: &dyn Fn()) {
        let line = std::panic::Location::caller().line();
        self.count += 1;
        if let Err(e) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(case)) {
            let msg = (e.downcast_ref::<String>().map(String::as_str))
                .or_else(|| e.downcast_ref::<&str>().copied())
                .unwrap_or("(a panic without a message)");
            self.failed.push(format!("line {line}: {msg}"));
        }
    }

    /// Fails, listing every failing case, where one failed.
    pub fn finish(self) {
        assert!(
            self.failed.is_empty(),
            "{} of {} cases failed:\n{}",
            self.failed.len(),
            self.count,
            self.failed.join("\n")
        );
    }
}

/// `run!(c => case)`: `c.run(&|| case)`, one case of a generated file run on its own.
macro_rules! run {
    ($c:ident => $($case:tt)*) => {
        $c.run(&|| $($case)*)
    };
}

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

/// The value of a static result type, from the closure that computes it (type-checked, not
/// called). A static layout is zero-sized, so its default is the result; a result with a
/// runtime leaf would default that leaf to 0 and fail the check, never pass it.
pub fn typed<R: Default>(_: &impl Fn() -> R) -> R {
    R::default()
}

/// `L(i)` at every integral coordinate `i` of the domain.
fn all_values<L: AnyLayout>(l: &L) -> Vec<i64> {
    (0..l.size().into()).map(|i| l.eval(i)).collect()
}

/// The runtime engine's composed result, or a panic naming the type-level result it refused.
#[track_caller]
fn composed_ok<L: core::fmt::Display>(
    stat: &L,
    rt: Result<DynComposedLayout, LayoutError>,
) -> DynComposedLayout {
    rt.unwrap_or_else(|e| {
        panic!("runtime engine refused where the type-level engine gave {stat:#}: {e}")
    })
}

/// A static composed result prints exactly as the runtime engine's result (`{}` and `{:#}`,
/// static marks included) and takes the same value at every integral coordinate.
#[track_caller]
pub fn same_composed<L: AnyLayout + core::fmt::Display>(
    (stat, rt): (L, Result<DynComposedLayout, LayoutError>),
) {
    let rt = composed_ok(&stat, rt);
    assert_eq!(
        format!("{stat}"),
        format!("{rt}"),
        "type-level vs runtime engine"
    );
    assert_eq!(
        format!("{stat:#}"),
        format!("{rt:#}"),
        "type-level vs runtime engine"
    );
    assert_eq!(
        all_values(&stat),
        all_values(&rt),
        "values of {stat:#} vs {rt:#}"
    );
}

/// A mixed composed result is the same function as the runtime engine's result: same size,
/// same value at every integral coordinate.
#[track_caller]
pub fn same_composed_function<L: AnyLayout + core::fmt::Display>(
    (mixed, rt): (L, Result<DynComposedLayout, LayoutError>),
) {
    let rt = composed_ok(&mixed, rt);
    let n: i64 = mixed.size().into();
    assert_eq!(n, AnyLayout::size(&rt), "size of {mixed:#} vs {rt:#}");
    assert_eq!(
        all_values(&mixed),
        all_values(&rt),
        "values of {mixed:#} vs {rt:#}"
    );
}

/// CuTe's swizzle written out: `x ^ ((x & yyy) >> S)` (a left shift for `S < 0`), `yyy` the
/// `B` bits from bit `M + max(S, 0)`.
fn swizzle_ref(b: u32, m: u32, s: i32, x: i64) -> i64 {
    let yyy = ((1i64 << b) - 1) << (m as i32 + s.max(0));
    if s >= 0 {
        x ^ ((x & yyy) >> s)
    } else {
        x ^ ((x & yyy) << -s)
    }
}

/// Evaluation: a static or mixed composed layout and its runtime copy take, at every integral
/// coordinate `i`, the value `A(O + B(i))` with the static parts' swizzle written out
/// (`eval` and `try_eval` on both).
#[track_caller]
pub fn same_values<A, O, B>(
    (stat, rt): (
        ComposedLayout<A, O, B>,
        Result<DynComposedLayout, LayoutError>,
    ),
) where
    A: ComposedOuter + SwizzleFn,
    O: ComposedOffset,
    B: ComposedInner,
{
    let rt = composed_ok(&stat, rt);
    let n: i64 = AnyLayout::size(&stat).into();
    assert_eq!(n, AnyLayout::size(&rt), "size of {stat:#} vs {rt:#}");
    let sw = stat.layout_a();
    let (b, m, s) = (sw.bits(), sw.base(), sw.shift());
    for i in 0..n {
        let want = swizzle_ref(b, m, s, stat.offset().value() + stat.layout_b().eval(i));
        assert_eq!(stat.eval(i), want, "{stat:#} at {i}");
        assert_eq!(stat.try_eval(i), Ok(want), "{stat:#} at {i}: try_eval");
        assert_eq!(rt.eval(i), want, "{rt:#} (runtime) at {i}");
        assert_eq!(
            rt.try_eval(i),
            Ok(want),
            "{rt:#} (runtime) at {i}: try_eval"
        );
    }
}

/// Printing: a static or mixed composed layout prints as its runtime copy (`{}` and `{:#}`),
/// and both texts parse (`DynComposedLayout::from_str`) back to a layout printing the same.
#[track_caller]
pub fn same_text<L: core::fmt::Display>((stat, rt): (L, Result<DynComposedLayout, LayoutError>)) {
    let rt = composed_ok(&stat, rt);
    for alt in [false, true] {
        let (s, r) = if alt {
            (format!("{stat:#}"), format!("{rt:#}"))
        } else {
            (format!("{stat}"), format!("{rt}"))
        };
        assert_eq!(s, r, "type-level vs runtime engine");
        let back: DynComposedLayout = s
            .parse()
            .unwrap_or_else(|e| panic!("{s:?} does not parse: {e}"));
        let again = if alt {
            format!("{back:#}")
        } else {
            format!("{back}")
        };
        assert_eq!(again, s, "printed, parsed, printed");
    }
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

/// A composed operand `Sw<B,M,S> o offset o shape:stride`, as `operand!` (unwrapped where some
/// leaf or the offset is a runtime value `{..}`).
macro_rules! composed_operand {
    ($($t:tt)*) => { operand!(@scan [$($t)*] $($t)*) };
}

/// The operand itself against its runtime copy: `(a, Ok(a.to_dyn()))`.
macro_rules! identity {
    ($check:ident: (Sw $($a:tt)*)) => {
        $check({
            let a = composed_operand!(Sw $($a)*);
            let d = a.to_dyn();
            (a, Ok(d))
        })
    };
}

/// `upcast<N>` / `downcast<N>` of a composed operand: `a.op::<N>()` against
/// `a.to_dyn().try_op::<N>()`.
macro_rules! cast_case {
    ($check:ident, $op:ident, $try:ident; (Sw $($a:tt)*), $n:ident) => {
        $check({
            let a = composed_operand!(Sw $($a)*);
            (
                stat!($check, a.$op::<cute_layout::typenum::$n>()),
                a.to_dyn().$try::<cute_layout::typenum::$n>(),
            )
        })
    };
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

/// The static side of a case: for the checks of static operands (`same_print`,
/// `same_composed`, `same_basis_print`) the result's type, its value `Default::default()`
/// (the method is type-checked, not run: `typed`); for the mixed checks the method's value.
macro_rules! stat {
    (same_print, $e:expr) => {
        typed(&|| $e)
    };
    (same_composed, $e:expr) => {
        typed(&|| $e)
    };
    (same_basis_print, $e:expr) => {
        typed(&|| $e)
    };
    ($other:ident, $e:expr) => {
        $e
    };
}

/// `a.op()` against `algebra::try_op(&a)`.
macro_rules! unary_case {
    ($check:ident, $op:ident, $try:ident; (Sw $($a:tt)*)) => {
        $check({
            let a = composed_operand!(Sw $($a)*);
            (stat!($check, a.$op()), a.to_dyn().$try())
        })
    };
    ($check:ident, $op:ident, $try:ident; $as:tt : $ad:tt) => {
        $check({
            let a = operand!($as : $ad);
            (stat!($check, a.$op()), algebra::$try(&a.to_dyn()))
        })
    };
}

/// `a.op(b)` (or `a.op(&b)`) against `algebra::try_op(&a, &b)`.
macro_rules! binary_case {
    ($check:ident, $op:ident, $try:ident; (Sw $($a:tt)*), $bs:tt : $bd:tt) => {
        $check({
            let (a, b) = (composed_operand!(Sw $($a)*), operand!($bs : $bd));
            (stat!($check, a.$op(b)), a.to_dyn().$try(b.to_dyn()))
        })
    };
    ($check:ident, $op:ident, $try:ident; $as:tt : $ad:tt, $bs:tt : $bd:tt) => {
        $check({
            let (a, b) = (operand!($as : $ad), operand!($bs : $bd));
            (stat!($check, a.$op(b)), algebra::$try(&a.to_dyn(), &b.to_dyn()))
        })
    };
    ($check:ident, &$op:ident, $try:ident; $as:tt : $ad:tt, $bs:tt : $bd:tt) => {
        $check({
            let (a, b) = (operand!($as : $ad), operand!($bs : $bd));
            (stat!($check, a.$op(&b)), algebra::$try(&a.to_dyn(), &b.to_dyn()))
        })
    };
}

/// `a.op(tiler)` against `algebra::try_op(&a, &DynTiler)`, for a tuple tiler.
macro_rules! tuple_tiler_case {
    ($check:ident, $op:ident, $try:ident; (Sw $($a:tt)*), [$($t:tt)*]) => {
        $check({
            let a = composed_operand!(Sw $($a)*);
            (stat!($check, a.$op(tiler!([$($t)*]))), a.to_dyn().$try(&dyn_tiler!([$($t)*])))
        })
    };
    ($check:ident, $op:ident, $try:ident; $as:tt : $ad:tt, [$($t:tt)*]) => {
        $check({
            let a = operand!($as : $ad);
            (stat!($check, a.$op(tiler!([$($t)*]))), algebra::$try(&a.to_dyn(), &dyn_tiler!([$($t)*])))
        })
    };
}

/// A divide by a tuple tiler, or by a layout `b`: `a.op(b)` against
/// `algebra::try_op(&a, &DynTiler::from(b))`.
macro_rules! divide_case {
    ($check:ident, $op:ident, $try:ident; (Sw $($a:tt)*), $($t:tt)*) => {
        product_case!($check, $op, $try; (Sw $($a)*), $($t)*)
    };
    ($check:ident, $op:ident, $try:ident; $as:tt : $ad:tt, [$($t:tt)*]) => {
        tuple_tiler_case!($check, $op, $try; $as : $ad, [$($t)*])
    };
    ($check:ident, $op:ident, $try:ident; $as:tt : $ad:tt, $bs:tt : $bd:tt) => {
        $check({
            let a = operand!($as : $ad);
            (
                stat!($check, a.$op(operand!($bs : $bd))),
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
    ($check:ident, $op:ident, $try:ident; (Sw $($a:tt)*), [$($t:tt)*]) => {
        tuple_tiler_case!($check, $op, $try; (Sw $($a)*), [$($t)*])
    };
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
            (stat!($check, a.complement(v($m))), algebra::try_complement(&a.to_dyn(), $m))
        })
    };
    ($check:ident: $as:tt : $ad:tt, $m:ident) => {
        $check({
            let a = operand!($as : $ad);
            (
                stat!($check, a.complement(typenum::$m::default())),
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
macro_rules! compose {
    ($c:ident: (Sw $($a:tt)*), $($t:tt)*) => { binary_case!($c, compose, try_compose; (Sw $($a)*), $($t)*) };
    ($c:ident: $($t:tt)*) => { binary_case!($c, compose, try_composition; $($t)*) };
}
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
macro_rules! upcast { ($c:ident: $($t:tt)*) => { cast_case!($c, upcast, try_upcast; $($t)*) }; }
macro_rules! downcast { ($c:ident: $($t:tt)*) => { cast_case!($c, downcast, try_downcast; $($t)*) }; }

// ---------------------------------------------------------------------------------------------
// Basis-strided operands (`tests/differential_basis.rs`): a first operand whose strides are
// scaled bases `v@i` (`(4,8):(1@0,2@1)`), evaluated to coordinates. The type-level engine works
// on the static (or mixed) `Layout` through `BasisLayout` and the verb traits; the runtime engine
// on its `BasisLayout::to_dyn()` copy, a `DynBasisLayout`, through `algebra::basis`.
// Coordinates are compared as arithmetic tuples: equal up to trailing zeros
// (`basis::arithmetic_eq`), the static tuple converted by `IntTuple::to_dyn`.

use cute_layout::basis::arithmetic_eq;
use cute_layout::{BasisLayout, DynBasisLayout, DynTuple, IntTuple};
use std::collections::BTreeMap;

/// The non-zero entries of an arithmetic tuple by path (outermost first): equal maps are
/// equal arithmetic tuples (up to zero padding).
fn entries(t: &DynTuple) -> BTreeMap<Vec<usize>, i64> {
    fn go(t: &DynTuple, path: &mut Vec<usize>, out: &mut BTreeMap<Vec<usize>, i64>) {
        match t {
            DynTuple::Int(i) if i.value != 0 => {
                out.insert(path.clone(), i.value);
            }
            DynTuple::Int(_) => {}
            DynTuple::Tuple(v) => {
                for (k, x) in v.iter().enumerate() {
                    path.push(k);
                    go(x, path, out);
                    path.pop();
                }
            }
        }
    }
    let mut out = BTreeMap::new();
    go(t, &mut Vec::new(), &mut out);
    out
}

/// `L(i)` written out from the flat modes: the colexicographic digits of `i` (the last mode
/// takes the rest) times each mode's scale, summed per path.
fn coordinate_ref(l: &DynBasisLayout, i: i64) -> BTreeMap<Vec<usize>, i64> {
    let modes = l.flat_modes();
    let (mut q, mut out) = (i, BTreeMap::new());
    for (k, (s, b)) in modes.iter().enumerate() {
        let digit = if k + 1 == modes.len() { q } else { q % s };
        q /= s;
        *out.entry(b.modes.clone()).or_insert(0) += digit * b.value.value;
    }
    out.retain(|_, v| *v != 0);
    out
}

/// The operand text as the runtime parser reads it: no spaces, runtime values `{v(n)}` as `n`.
fn runtime_text(text: &str) -> String {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    t.replace("{v(", "").replace(")}", "")
}

/// The runtime engine's basis result, or a panic naming the type-level result it refused.
#[track_caller]
fn basis_ok<L: core::fmt::Display>(
    stat: &L,
    rt: Result<DynBasisLayout, LayoutError>,
) -> DynBasisLayout {
    rt.unwrap_or_else(|e| {
        panic!("runtime engine refused where the type-level engine gave {stat:#}: {e}")
    })
}

/// The static (or mixed) layout and the runtime one take equal coordinates at every integral
/// coordinate of the domain (`eval`).
#[track_caller]
fn same_coordinates<L>(stat: &L, rt: &DynBasisLayout)
where
    L: BasisLayout + core::fmt::Display,
    L::Coord: IntTuple,
{
    let n = BasisLayout::to_dyn(stat).size();
    assert_eq!(n, rt.size(), "size of {stat:#} vs {rt:#}");
    for i in 0..n {
        let (s, r) = (BasisLayout::eval(stat, i).to_dyn(), rt.eval(i));
        assert!(
            arithmetic_eq(&s, &r),
            "{stat:#} vs {rt:#} at {i}: {s} vs {r}"
        );
    }
}

/// A static basis result prints exactly as the runtime engine's result (`{}` and `{:#}`,
/// static marks included) and takes the same coordinates.
#[track_caller]
pub fn same_basis_print<L>((stat, rt): (L, Result<DynBasisLayout, LayoutError>))
where
    L: BasisLayout + core::fmt::Display,
    L::Coord: IntTuple,
{
    let rt = basis_ok(&stat, rt);
    assert_eq!(
        format!("{stat}"),
        format!("{rt}"),
        "type-level vs runtime engine"
    );
    assert_eq!(
        format!("{stat:#}"),
        format!("{rt:#}"),
        "type-level vs runtime engine"
    );
    same_coordinates(&stat, &rt);
}

/// A mixed basis result is the same function as the runtime engine's result: same size, equal
/// coordinates at every integral coordinate.
#[track_caller]
pub fn same_basis_function<L>((mixed, rt): (L, Result<DynBasisLayout, LayoutError>))
where
    L: BasisLayout + core::fmt::Display,
    L::Coord: IntTuple,
{
    let rt = basis_ok(&mixed, rt);
    same_coordinates(&mixed, &rt);
}

/// Evaluation: at every integral coordinate `i`, the static (or mixed) operand's `eval` and
/// `try_eval`, its runtime copy's `eval` and `try_eval`, and the coordinate written out from
/// the operand's text (parsed by the runtime engine) agree.
#[track_caller]
pub fn same_basis_values<L>((stat, rt, text): (L, Result<DynBasisLayout, LayoutError>, &str))
where
    L: BasisLayout + core::fmt::Display,
    L::Coord: IntTuple,
{
    let rt = basis_ok(&stat, rt);
    let parsed: DynBasisLayout = runtime_text(text).parse().unwrap();
    assert_eq!(parsed.size(), rt.size(), "size of {parsed} vs {rt:#}");
    for i in 0..rt.size() {
        let want = coordinate_ref(&parsed, i);
        let s = BasisLayout::eval(&stat, i).to_dyn();
        let ts = BasisLayout::try_eval(&stat, i).map(|c| c.to_dyn());
        let r = rt.eval(i);
        let tr = rt.try_eval(&DynTuple::int(i));
        assert_eq!(entries(&s), want, "{stat:#} at {i}: {s}");
        assert!(
            ts.as_ref().is_ok_and(|t| arithmetic_eq(t, &s)),
            "{stat:#} at {i}: try_eval {ts:?}"
        );
        assert_eq!(entries(&r), want, "{rt:#} (runtime) at {i}: {r}");
        assert!(
            tr.as_ref().is_ok_and(|t| arithmetic_eq(t, &r)),
            "{rt:#} at {i}: try_eval {tr:?}"
        );
        assert!(arithmetic_eq(&s, &r), "{stat:#} at {i}: {s} vs {r}");
    }
}

/// Printing: the static (or mixed) operand prints as its runtime copy (`{}` and `{:#}`) and,
/// in the plain form, as the operand's text parsed by the runtime engine; both texts parse back
/// to a layout printing the same.
#[track_caller]
pub fn same_basis_text<L: core::fmt::Display>(
    (stat, rt, text): (L, Result<DynBasisLayout, LayoutError>, &str),
) {
    let rt = basis_ok(&stat, rt);
    let parsed: DynBasisLayout = runtime_text(text).parse().unwrap();
    assert_eq!(
        format!("{stat}"),
        format!("{parsed}"),
        "type level vs the parsed operand"
    );
    for alt in [false, true] {
        let (s, r) = if alt {
            (format!("{stat:#}"), format!("{rt:#}"))
        } else {
            (format!("{stat}"), format!("{rt}"))
        };
        assert_eq!(s, r, "type-level vs runtime engine");
        let back: DynBasisLayout = s
            .parse()
            .unwrap_or_else(|e| panic!("{s:?} does not parse: {e}"));
        let again = if alt {
            format!("{back:#}")
        } else {
            format!("{back}")
        };
        assert_eq!(again, s, "printed, parsed, printed");
    }
}

/// A basis operand `shape:stride` (a stride leaf `1@0@1` is several tokens), as `operand!`
/// (unwrapped where some leaf is a runtime value `{..}`).
macro_rules! basis_operand {
    ($($t:tt)*) => { operand!(@scan [$($t)*] $($t)*) };
}

/// Splits a basis case's operands at the first top-level comma: calls
/// `m!(pre.. [first operand's tokens] rest..)`.
macro_rules! basis_split {
    ($m:ident!($($pre:tt)*) [$($a:tt)*] , $($rest:tt)*) => { $m!($($pre)* [$($a)*] $($rest)*) };
    ($m:ident!($($pre:tt)*) [$($a:tt)*] $t:tt $($rest:tt)*) => {
        basis_split!($m!($($pre)*) [$($a)* $t] $($rest)*)
    };
}

/// The basis operand itself against its runtime copy, with its text:
/// `(a, Ok(a.to_dyn()), "shape:stride")`.
macro_rules! basis_identity {
    ($check:ident: $($a:tt)*) => {
        $check({
            let a = basis_operand!($($a)*);
            let d = cute_layout::BasisLayout::to_dyn(&a);
            (a, Ok(d), stringify!($($a)*))
        })
    };
}

/// `a.coalesce()` against `algebra::basis::try_coalesce(&a.to_dyn())`.
macro_rules! basis_coalesce {
    ($check:ident: $($a:tt)*) => {
        $check({
            let a = basis_operand!($($a)*);
            (stat!($check, a.coalesce()), algebra::basis::try_coalesce(&cute_layout::BasisLayout::to_dyn(&a)))
        })
    };
}

/// `a.compose(b)` (B an integer layout) against `algebra::basis::try_composition`.
macro_rules! basis_compose {
    (@go $check:ident [$($a:tt)*] $bs:tt : $bd:tt) => {
        $check({
            let (a, b) = (basis_operand!($($a)*), operand!($bs : $bd));
            (
                stat!($check, a.compose(b)),
                algebra::basis::try_composition(&cute_layout::BasisLayout::to_dyn(&a), &b.to_dyn()),
            )
        })
    };
    ($check:ident: $($t:tt)*) => { basis_split!(basis_compose!(@go $check) [] $($t)*) };
}

/// A divide of a basis layout by a tuple tiler or an integer layout: `a.op(tiler)` against
/// `algebra::basis::try_op(&a.to_dyn(), &DynTiler)`.
macro_rules! basis_divide_case {
    (@go $check:ident, $op:ident, $try:ident; [$($a:tt)*] [$($t:tt)*]) => {
        $check({
            let a = basis_operand!($($a)*);
            (
                stat!($check, a.$op(tiler!([$($t)*]))),
                algebra::basis::$try(&cute_layout::BasisLayout::to_dyn(&a), &dyn_tiler!([$($t)*])),
            )
        })
    };
    (@go $check:ident, $op:ident, $try:ident; [$($a:tt)*] $bs:tt : $bd:tt) => {
        $check({
            let (a, b) = (basis_operand!($($a)*), operand!($bs : $bd));
            (
                stat!($check, a.$op(b)),
                algebra::basis::$try(
                    &cute_layout::BasisLayout::to_dyn(&a),
                    &algebra::DynTiler::from(b.to_dyn()),
                ),
            )
        })
    };
    ($check:ident, $op:ident, $try:ident; $($t:tt)*) => {
        basis_split!(basis_divide_case!(@go $check, $op, $try;) [] $($t)*)
    };
}
macro_rules! basis_logical_divide { ($c:ident: $($t:tt)*) => { basis_divide_case!($c, logical_divide, try_logical_divide; $($t)*) }; }
macro_rules! basis_zipped_divide { ($c:ident: $($t:tt)*) => { basis_divide_case!($c, zipped_divide, try_zipped_divide; $($t)*) }; }
macro_rules! basis_tiled_divide { ($c:ident: $($t:tt)*) => { basis_divide_case!($c, tiled_divide, try_tiled_divide; $($t)*) }; }
macro_rules! basis_flat_divide { ($c:ident: $($t:tt)*) => { basis_divide_case!($c, flat_divide, try_flat_divide; $($t)*) }; }
