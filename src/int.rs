//! Integers: static (typenum) and dynamic (`i64`) leaves, and the arithmetic that mixes them.
//!
//! A leaf of a shape or stride is an [`Int`]: either a typenum integer — `U4`, `U0`, or
//! `NInt<U4>` for −4 — known at compile time, or an `i64` known at run time. Arithmetic follows
//! CuTe's `Int<N>` / `int` rule:
//!
//! * static `op` static is static, computed by typenum in the type system;
//! * anything with a dynamic operand is dynamic, computed with checked `i64` arithmetic.
//!
//! ```
//! use cute_layout::int::{Int, IntMul, Prod};
//! use cute_layout::typenum::{U4, U6};
//! use static_assertions::assert_type_eq_all as same;
//! same!(Prod<U4, U6>, cute_layout::typenum::U24); // static · static = static
//! same!(Prod<U4, i64>, i64);                      // static · dynamic = dynamic
//! assert_eq!(U4::default().mul(6i64).unwrap(), 24);
//! assert!(i64::MAX.mul(2i64).is_err());           // overflow is an error
//! ```
//!
//! Static results are canonical: non-negative values are typenum unsigned integers (`U0`,
//! `U4`, ...), negative values are `NInt<U>`.

use core::fmt::Debug;
use core::hash::Hash;

use core::ops::{Add, Div, Mul, Rem, Sub};

use typenum::{Bit, Gcd, Integer, Max, Min, NInt, NonZero, PInt, UInt, UTerm, Unsigned, Z0};

use crate::error::{ErrorKind, LayoutError, Result};

pub(crate) mod sealed {
    pub trait Sealed {}
}

/// A leaf integer of a shape or a stride: static (a typenum integer) or dynamic (`i64`).
///
/// Sealed: implemented by `i64`, `UTerm` (`U0`), `UInt<U, B>` (`U1`, `U2`, ...) and
/// `NInt<U>` (negative integers).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a layout integer",
    label = "expected a typenum integer (`U4`, `NInt<U2>`) or an `i64`",
    note = "layout leaves are typenum integers (static) or `i64` (dynamic)"
)]
pub trait Int:
    Copy
    + Default
    + Debug
    + Eq
    + Hash
    + Send
    + Sync
    + 'static
    + sealed::Sealed
    + crate::ops::select::IsOne
    + crate::ops::select::IsZero
{
    /// `Some(v)` when the value is a compile-time constant, `None` for a runtime integer.
    const STATIC: Option<i64>;
    /// The value.
    fn value(self) -> i64;
}

/// A binary digit of a typenum unsigned integer: `B0` or `B1` (an implementation detail of
/// the static leaves).
pub trait Digit: Bit + Plain + crate::ops::select::Selector {}
impl Digit for typenum::B0 {}
impl Digit for typenum::B1 {}

/// The digits of a typenum unsigned integer, most significant first: `UTerm` or
/// `UInt<Digits, Digit>` (an implementation detail of the static leaves).
pub trait Digits: Unsigned + Plain {
    /// Whether `UInt<Self, B>` is 1.
    type IsOneWith<B: Digit>: crate::ops::select::Selector;
}
impl Digits for UTerm {
    type IsOneWith<B: Digit> = B;
}
impl<U: Digits, X: Digit> Digits for UInt<U, X> {
    type IsOneWith<B: Digit> = typenum::B0;
}

/// The plain-data bounds every leaf type has.
pub trait Plain: Copy + Default + Debug + Eq + Hash + Send + Sync + 'static {}
impl<T: Copy + Default + Debug + Eq + Hash + Send + Sync + 'static> Plain for T {}

/// A compile-time integer: a typenum integer in canonical form.
pub trait StaticInt: Int {
    /// The value.
    const VALUE: i64;
    /// The same value as a typenum signed integer (`Z0`, `PInt<U>`, `NInt<U>`), which is what
    /// the type-level arithmetic computes with.
    type Signed: Integer + Canonical;
}

/// Maps a typenum signed integer back to the canonical leaf: `Z0 → U0`, `PInt<U> → U`,
/// `NInt<U> → NInt<U>`.
pub trait Canonical {
    /// The canonical leaf type.
    type Leaf: StaticInt;
}
/// The canonical leaf of a typenum signed integer.
pub type Canon<T> = <T as Canonical>::Leaf;

impl Canonical for Z0 {
    type Leaf = UTerm;
}
impl<U: Unsigned + NonZero + StaticInt> Canonical for PInt<U> {
    type Leaf = U;
}
impl<U: Unsigned + NonZero + Plain> Canonical for NInt<U> {
    type Leaf = NInt<U>;
}

impl sealed::Sealed for i64 {}
impl Int for i64 {
    const STATIC: Option<i64> = None;
    #[inline(always)]
    fn value(self) -> i64 {
        self
    }
}

impl sealed::Sealed for UTerm {}
impl Int for UTerm {
    const STATIC: Option<i64> = Some(0);
    #[inline(always)]
    fn value(self) -> i64 {
        0
    }
}
impl StaticInt for UTerm {
    const VALUE: i64 = 0;
    type Signed = Z0;
}

impl<U: Unsigned, B: Bit> sealed::Sealed for UInt<U, B> {}
impl<U: Digits, B: Digit> Int for UInt<U, B> {
    const STATIC: Option<i64> = Some(<Self as Unsigned>::I64);
    #[inline(always)]
    fn value(self) -> i64 {
        <Self as Unsigned>::I64
    }
}
impl<U: Digits, B: Digit> StaticInt for UInt<U, B> {
    const VALUE: i64 = <Self as Unsigned>::I64;
    type Signed = PInt<Self>;
}

impl<U: Unsigned + NonZero> sealed::Sealed for NInt<U> {}
impl<U: Unsigned + NonZero + Plain> Int for NInt<U> {
    const STATIC: Option<i64> = Some(-U::I64);
    #[inline(always)]
    fn value(self) -> i64 {
        -U::I64
    }
}
impl<U: Unsigned + NonZero + Plain> StaticInt for NInt<U> {
    const VALUE: i64 = -U::I64;
    type Signed = NInt<U>;
}

/// Whether `T` is statically known to be `v` (CuTe's `is_constant<v, T>`).
pub const fn is_static_value<T: Int>(v: i64) -> bool {
    matches!(T::STATIC, Some(x) if x == v)
}

fn overflow(op: &str, a: i64, b: i64) -> LayoutError {
    crate::error::layout_error!(ErrorKind::Overflow, "{a} {op} {b}")
}

fn div_by_zero(a: i64) -> LayoutError {
    crate::error::layout_error!(ErrorKind::InvalidArgument, "{a} divided by 0")
}

macro_rules! int_binop {
    (
        $(#[$doc:meta])*
        $Trait:ident, $method:ident, $Alias:ident, $Typenum:ident, |$a:ident, $b:ident| $dynamic:expr
    ) => {
        $(#[$doc])*
        pub trait $Trait<R: Int>: Int {
            /// The result: static when both operands are static, `i64` otherwise.
            type Output: Int;
            /// The value of the result; an error on overflow (dynamic operands only).
            fn $method(self, rhs: R) -> Result<Self::Output>;
        }

        #[doc = concat!("The result type of [`", stringify!($Trait), "`].")]
        pub type $Alias<A, B> = <A as $Trait<B>>::Output;

        impl<A: StaticInt, B: StaticInt> $Trait<B> for A
        where
            A::Signed: $Typenum<B::Signed>,
            <A::Signed as $Typenum<B::Signed>>::Output: Canonical,
        {
            type Output = Canon<<A::Signed as $Typenum<B::Signed>>::Output>;
            #[inline(always)]
            fn $method(self, _: B) -> Result<Self::Output> {
                Ok(Default::default())
            }
        }
        impl<A: StaticInt> $Trait<i64> for A {
            type Output = i64;
            #[inline(always)]
            fn $method(self, rhs: i64) -> Result<i64> {
                let ($a, $b) = (A::VALUE, rhs);
                $dynamic
            }
        }
        impl<B: StaticInt> $Trait<B> for i64 {
            type Output = i64;
            #[inline(always)]
            fn $method(self, _: B) -> Result<i64> {
                let ($a, $b) = (self, B::VALUE);
                $dynamic
            }
        }
        impl $Trait<i64> for i64 {
            type Output = i64;
            #[inline(always)]
            fn $method(self, rhs: i64) -> Result<i64> {
                let ($a, $b) = (self, rhs);
                $dynamic
            }
        }
    };
}

int_binop!(
    /// `a + b`.
    IntAdd, add, Sum, Add, |a, b| a.checked_add(b).ok_or_else(|| overflow("+", a, b))
);
int_binop!(
    /// `a − b`.
    IntSub, sub, Diff, Sub, |a, b| a.checked_sub(b).ok_or_else(|| overflow("-", a, b))
);
int_binop!(
    /// `a · b`.
    IntMul, mul, Prod, Mul, |a, b| a.checked_mul(b).ok_or_else(|| overflow("*", a, b))
);
int_binop!(
    /// `a / b`, truncating toward zero (a static division by zero does not compile).
    IntDiv, div, Quot, Div, |a, b| if b == 0 { Err(div_by_zero(a)) } else { a.checked_div(b).ok_or_else(|| overflow("/", a, b)) }
);
int_binop!(
    /// `a mod b` (remainder of truncating division).
    IntRem, rem, Mod, Rem, |a, b| if b == 0 { Err(div_by_zero(a)) } else { a.checked_rem(b).ok_or_else(|| overflow("%", a, b)) }
);
int_binop!(
    /// `min(a, b)`.
    IntMin, min, Minimum, Min, |a, b| Ok(Ord::min(a, b))
);
int_binop!(
    /// `max(a, b)`.
    IntMax, max, Maximum, Max, |a, b| Ok(Ord::max(a, b))
);
int_binop!(
    /// `gcd(a, b)`, non-negative; `gcd(0, 0) = 0`.
    IntGcd, gcd, Gcf, Gcd, |a, b| gcd_i64(a, b)
);

fn gcd_i64(a: i64, b: i64) -> Result<i64> {
    let (mut x, mut y) = (a.unsigned_abs(), b.unsigned_abs());
    while y != 0 {
        (x, y) = (y, x % y);
    }
    i64::try_from(x).map_err(|_| overflow("gcd", a, b))
}

/// `⌈a / b⌉` for `a ≥ 0`, `b > 0`: `(a + b − 1) / b`.
///
/// ```
/// use cute_layout::int::{IntCeilDiv, CeilQuot};
/// use cute_layout::typenum::{U3, U8, U24};
/// static_assertions::assert_type_eq_all!(CeilQuot<U24, U8>, U3);
/// assert_eq!(25i64.ceil_div(U8::default()).unwrap(), 4);
/// ```
pub trait IntCeilDiv<R: Int>: Int {
    /// The result type.
    type Output: Int;
    /// The value of the result.
    fn ceil_div(self, rhs: R) -> Result<Self::Output>;
}
/// The result type of [`IntCeilDiv`].
pub type CeilQuot<A, B> = <A as IntCeilDiv<B>>::Output;

impl<A, R> IntCeilDiv<R> for A
where
    R: Int,
    A: IntAdd<R>,
    Sum<A, R>: IntSub<typenum::U1>,
    Diff<Sum<A, R>, typenum::U1>: IntDiv<R>,
{
    type Output = Quot<Diff<Sum<A, R>, typenum::U1>, R>;
    #[inline(always)]
    fn ceil_div(self, rhs: R) -> Result<Self::Output> {
        self.add(rhs)?.sub(typenum::U1::new())?.div(rhs)
    }
}

/// CuTe's `shape_div(a, b)`: `a / b` when that is non-zero, else `sign(a)·sign(b)` (so that
/// `shape_div(2, 8) = 1`). Used where one of `a | b`, `b | a` holds.
///
/// ```
/// use cute_layout::int::{IntShapeDiv, ShapeQuot};
/// use cute_layout::typenum::{U1, U2, U4, U8};
/// static_assertions::assert_type_eq_all!(ShapeQuot<U8, U2>, U4);
/// static_assertions::assert_type_eq_all!(ShapeQuot<U2, U8>, U1);
/// assert_eq!(2i64.shape_div(8i64).unwrap(), 1);
/// ```
pub trait IntShapeDiv<R: Int>: Int {
    /// The result type.
    type Output: Int;
    /// The value of the result.
    fn shape_div(self, rhs: R) -> Result<Self::Output>;
}
/// The result type of [`IntShapeDiv`].
pub type ShapeQuot<A, B> = <A as IntShapeDiv<B>>::Output;

impl<A: StaticInt, B: StaticInt> IntShapeDiv<B> for A
where
    A: IntDiv<B>,
    Quot<A, B>: StaticInt,
    <Quot<A, B> as StaticInt>::Signed: private::ShapeDivSelect<A::Signed, B::Signed>,
{
    type Output = Canon<<<Quot<A, B> as StaticInt>::Signed as private::ShapeDivSelect<A::Signed, B::Signed>>::Output>;
    #[inline(always)]
    fn shape_div(self, _: B) -> Result<Self::Output> {
        Ok(Default::default())
    }
}
impl<A: StaticInt> IntShapeDiv<i64> for A {
    type Output = i64;
    #[inline(always)]
    fn shape_div(self, rhs: i64) -> Result<i64> {
        shape_div_i64(A::VALUE, rhs)
    }
}
impl<B: StaticInt> IntShapeDiv<B> for i64 {
    type Output = i64;
    #[inline(always)]
    fn shape_div(self, _: B) -> Result<i64> {
        shape_div_i64(self, B::VALUE)
    }
}
impl IntShapeDiv<i64> for i64 {
    type Output = i64;
    #[inline(always)]
    fn shape_div(self, rhs: i64) -> Result<i64> {
        shape_div_i64(self, rhs)
    }
}

/// CuTe's `shape_div` on runtime integers, checked.
pub fn shape_div_i64(a: i64, b: i64) -> Result<i64> {
    if b == 0 {
        return Err(div_by_zero(a));
    }
    let q = a.checked_div(b).ok_or_else(|| overflow("/", a, b))?;
    Ok(if q != 0 { q } else { a.signum() * b.signum() })
}

#[doc(hidden)]
pub mod private {
    use typenum::{Integer, NInt, NonZero, PInt, Unsigned, Z0};

    /// Selects `shape_div`'s result from the quotient: a non-zero quotient is kept, a zero one
    /// becomes `sign(a)·sign(b)`.
    pub trait ShapeDivSelect<A, B> {
        type Output: Integer + super::Canonical;
    }
    impl<U: Unsigned + NonZero, A, B> ShapeDivSelect<A, B> for PInt<U>
    where
        PInt<U>: super::Canonical,
    {
        type Output = PInt<U>;
    }
    impl<U: Unsigned + NonZero + super::Plain, A, B> ShapeDivSelect<A, B> for NInt<U> {
        type Output = NInt<U>;
    }
    impl<A: Signum, B: Signum> ShapeDivSelect<A, B> for Z0
    where
        A::Output: core::ops::Mul<B::Output>,
        <A::Output as core::ops::Mul<B::Output>>::Output: Integer + super::Canonical,
    {
        type Output = <A::Output as core::ops::Mul<B::Output>>::Output;
    }

    /// The sign of a typenum integer: `Z0`, `P1` or `N1`.
    pub trait Signum {
        type Output;
    }
    impl Signum for Z0 {
        type Output = Z0;
    }
    impl<U: Unsigned + NonZero> Signum for PInt<U> {
        type Output = typenum::P1;
    }
    impl<U: Unsigned + NonZero> Signum for NInt<U> {
        type Output = typenum::N1;
    }
}
