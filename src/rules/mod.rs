//! The rules of the algebra, each written once: the one place that states a condition of the
//! paper (or a contract of CuTe) and its error text, called by every engine that checks it.
//!
//! * [`int`]: the integer helpers (`⌈a/b⌉`, CuTe's `shape_div`, `gcd`, checked products,
//!   evaluation of flat modes at any integer with floor and mod, paper Eq. 4).
//! * [`coalesce`]: coalescing flat modes (paper §3.2, Eq. 13–15), optionally keeping the last
//!   mode (so that the result agrees on the extended domain).
//! * [`compose`]: the composition base case (paper Eq. 19–21) with its two errors, composition
//!   with a negative stride (one algorithm), and the sufficient condition of
//!   left-distributivity (after Eq. 23).
//! * [`divide`]: "the completed tiler `(B, B*)` covers `A`" (paper §3.5.2).
//! * [`swizzle`]: CuTe's conditions on a swizzle's `(B, M, S)`.
//! * [`tma`]: the TMA plan (box, global dimensions and strides) and its conditions, a
//!   `const fn` so the static engine evaluates it at compile time.
//!
//! Who calls them: the runtime engine ([`crate::runtime`], its flat fast path included), the
//! runtime checks of the type level's mixed branch ([`crate::typelevel`]), the runtime algebra
//! of basis strides (the base case and coalesce are generic over the [`Stride`] they scale),
//! the macro crate and the test generator `tests/gen`. The module is `no_std` and allocates
//! nothing; an error is a [`LayoutError`](crate::error::LayoutError) whose text is built here,
//! so a violation reads the same whichever engine finds it.
//!
//! **Sharing with the macro crate.** `cute-layout-macros` cannot depend on `cute-layout` (the
//! dependency runs the other way), so it compiles [`swizzle`] itself, as a module of its own:
//! `#[path = "../../src/rules/swizzle.rs"] mod rules_swizzle;`. That file therefore uses
//! nothing but `core` (its errors are `&'static str`, wrapped by each side). The test
//! generator depends on `cute-layout` and calls this module through its hidden public path
//! `cute_layout::rules`.

pub mod coalesce;
pub mod compose;
pub mod divide;
pub mod int;
pub mod swizzle;
pub mod tma;

use crate::error::Result;

/// A stride the rules scale and compare: an integer, or (in the runtime algebra of basis
/// strides) a basis element `v@p`. The base case of composition and coalesce only scale
/// strides and compare them, so they hold in any integer-semimodule (paper §3.1).
pub trait Stride: Clone {
    /// The zero stride.
    fn zero() -> Self;
    /// `k · self`, checked (an [`ErrorKind::Overflow`](crate::error::ErrorKind::Overflow)
    /// error).
    fn scale(&self, k: i64) -> Result<Self>;
    /// Equality as elements of the semimodule (zero equals zero whatever its path).
    fn same(&self, other: &Self) -> bool;
}

impl Stride for i64 {
    fn zero() -> i64 {
        0
    }
    fn scale(&self, k: i64) -> Result<i64> {
        int::checked_mul(*self, k)
    }
    fn same(&self, other: &i64) -> bool {
        self == other
    }
}

/// Flat `(shape, stride)` modes written as a layout, `(4,6):(1,5)` (`s:d` for one mode,
/// `1:0` for none): the form in which the rules' messages name a layout.
pub struct ModesText<'a>(pub &'a [(i64, i64)]);

impl core::fmt::Display for ModesText<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.0 {
            [] => write!(f, "1:0"),
            [(s, d)] => write!(f, "{s}:{d}"),
            m => {
                for (k, (s, _)) in m.iter().enumerate() {
                    write!(f, "{}{s}", if k == 0 { "(" } else { "," })?;
                }
                for (k, (_, d)) in m.iter().enumerate() {
                    write!(f, "{}{d}", if k == 0 { "):(" } else { "," })?;
                }
                write!(f, ")")
            }
        }
    }
}
