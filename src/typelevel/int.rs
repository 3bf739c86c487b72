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

pub(crate) mod select;

use core::fmt::Debug;
use core::hash::Hash;

use core::ops::{Add, Mul, Sub};

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
    + crate::int::select::IsOne
    + crate::int::select::IsZero
{
    /// `Some(v)` when the value is a compile-time constant, `None` for a runtime integer.
    const STATIC: Option<i64>;
    /// How a query such as [`Layout::size`](crate::Layout::size) returns this integer so that
    /// it prints as its number: [`C<Self>`](C) for a static integer, `i64` itself otherwise.
    type Num: Copy + Default + Debug + core::fmt::Display + PartialEq<i64> + Into<i64>;
    /// The value.
    fn value(self) -> i64;
    /// The value as [`Self::Num`](Int::Num).
    fn num(self) -> Self::Num;
}

/// A static integer as a value that prints as its number (CuTe's `C<N>` / `Int<N>`): `{}`
/// and `{:?}` print `16`, `{:#}` and `{:#?}` print CuTe's `_16`. Zero-sized; compares with
/// `i64`, with its typenum integer and with other `C`s.
///
/// ```
/// use cute_layout::{layout, int::C, typenum::U16};
/// let n = layout!((4,(2,2)):(1,(8,4))).size(); // C<U16>
/// assert_eq!(core::mem::size_of_val(&n), 0);
/// assert_eq!(format!("{n} {n:?} {n:#}"), "16 16 _16");
/// assert_eq!(n, 16);
/// assert_eq!(n, U16::default());
/// assert_eq!(n.value(), 16);
/// let m: i64 = n.into();
/// assert_eq!(m, 16);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct C<N>(N);

impl<N: StaticInt> C<N> {
    /// The value.
    pub const VALUE: i64 = N::VALUE;
    /// The value.
    #[inline(always)]
    pub fn value(self) -> i64 {
        N::VALUE
    }
    /// The typenum integer.
    #[inline(always)]
    pub fn get(self) -> N {
        self.0
    }
}
impl<N: StaticInt> core::fmt::Display for C<N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if f.alternate() {
            f.write_str("_")?;
        }
        write!(f, "{}", N::VALUE)
    }
}
impl<N: StaticInt> Debug for C<N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(self, f)
    }
}
impl<N: StaticInt> PartialEq<i64> for C<N> {
    #[inline(always)]
    fn eq(&self, other: &i64) -> bool {
        N::VALUE == *other
    }
}
impl<N: StaticInt> PartialEq<C<N>> for i64 {
    #[inline(always)]
    fn eq(&self, _: &C<N>) -> bool {
        *self == N::VALUE
    }
}
impl<N: StaticInt, M: StaticInt> PartialEq<M> for C<N> {
    #[inline(always)]
    fn eq(&self, _: &M) -> bool {
        N::VALUE == M::VALUE
    }
}
impl<N: StaticInt> From<C<N>> for i64 {
    #[inline(always)]
    fn from(_: C<N>) -> i64 {
        N::VALUE
    }
}

#[doc(hidden)]
/// A binary digit of a typenum unsigned integer: `B0` or `B1` (an implementation detail of
/// the static leaves).
pub trait Digit: Bit + Plain + crate::int::select::Selector {}
impl Digit for typenum::B0 {}
impl Digit for typenum::B1 {}

#[doc(hidden)]
/// The digits of a typenum unsigned integer, most significant first: `UTerm` or
/// `UInt<Digits, Digit>` (an implementation detail of the static leaves).
pub trait Digits: Unsigned + Plain {
    /// Whether `UInt<Self, B>` is 1.
    type IsOneWith<B: Digit>: crate::int::select::Selector;
    /// Whether the value is at most `2^63` (the magnitude of `i64::MIN`). Computed digit by
    /// digit, so it is exact where typenum's own `U64` would wrap (values of 2^64 and more).
    #[doc(hidden)]
    const AT_MOST_2_63: bool;
}
impl Digits for UTerm {
    type IsOneWith<B: Digit> = B;
    const AT_MOST_2_63: bool = true;
}
impl<U: Digits, X: Digit> Digits for UInt<U, X> {
    type IsOneWith<B: Digit> = typenum::B0;
    // 2·u + x ≤ 2^63  ⟺  u < 2^62, or u = 2^62 and x = 0.
    const AT_MOST_2_63: bool =
        U::AT_MOST_2_63 && (U::U64 < 1 << 62 || (U::U64 == 1 << 62 && X::U8 == 0));
}

/// The value of a static unsigned integer as `i64`; a compile error (constant evaluation
/// fails with this message) when it exceeds `i64::MAX`.
const fn static_i64<U: Digits>() -> i64 {
    assert!(
        U::AT_MOST_2_63 && U::U64 <= i64::MAX as u64,
        "static integer exceeds i64::MAX: a static layout's sizes and offsets must fit i64"
    );
    U::U64 as i64
}

/// The value of a static negative integer `−U` as `i64`; a compile error below `i64::MIN`.
const fn static_neg_i64<U: Digits>() -> i64 {
    assert!(
        U::AT_MOST_2_63,
        "static integer below i64::MIN: a static layout's sizes and offsets must fit i64"
    );
    (U::U64 as i64).wrapping_neg()
}

#[doc(hidden)]
/// The plain-data bounds every leaf type has.
pub trait Plain: Copy + Default + Debug + Eq + Hash + Send + Sync + 'static {}
impl<T: Copy + Default + Debug + Eq + Hash + Send + Sync + 'static> Plain for T {}

/// A compile-time integer: a typenum integer in canonical form.
#[doc(hidden)]
pub trait StaticInt: Int {
    /// The value.
    const VALUE: i64;
    /// The same value as a typenum signed integer (`Z0`, `PInt<U>`, `NInt<U>`), which is what
    /// the type-level arithmetic computes with.
    type Signed: Integer + Canonical;
}

#[doc(hidden)]
/// Maps a typenum signed integer back to the canonical leaf: `Z0 → U0`, `PInt<U> → U`,
/// `NInt<U> → NInt<U>`.
pub trait Canonical {
    /// The canonical leaf type.
    type Leaf: StaticInt;
}
#[doc(hidden)]
/// The canonical leaf of a typenum signed integer.
pub type Canon<T> = <T as Canonical>::Leaf;

impl Canonical for Z0 {
    type Leaf = UTerm;
}
impl<U: Unsigned + NonZero + StaticInt> Canonical for PInt<U> {
    type Leaf = U;
}
impl<U: Digits + NonZero> Canonical for NInt<U> {
    type Leaf = NInt<U>;
}

impl sealed::Sealed for i64 {}
impl Int for i64 {
    const STATIC: Option<i64> = None;
    type Num = i64;
    #[inline(always)]
    fn value(self) -> i64 {
        self
    }
    #[inline(always)]
    fn num(self) -> i64 {
        self
    }
}

impl sealed::Sealed for UTerm {}
impl Int for UTerm {
    const STATIC: Option<i64> = Some(0);
    type Num = C<Self>;
    #[inline(always)]
    fn value(self) -> i64 {
        0
    }
    #[inline(always)]
    fn num(self) -> C<Self> {
        C(self)
    }
}
impl StaticInt for UTerm {
    const VALUE: i64 = 0;
    type Signed = Z0;
}

impl<U: Unsigned, B: Bit> sealed::Sealed for UInt<U, B> {}
impl<U: Digits, B: Digit> Int for UInt<U, B> {
    const STATIC: Option<i64> = Some(<Self as StaticInt>::VALUE);
    type Num = C<Self>;
    #[inline(always)]
    fn value(self) -> i64 {
        <Self as StaticInt>::VALUE
    }
    #[inline(always)]
    fn num(self) -> C<Self> {
        C(self)
    }
}
impl<U: Digits, B: Digit> StaticInt for UInt<U, B> {
    const VALUE: i64 = static_i64::<Self>();
    type Signed = PInt<Self>;
}

impl<U: Unsigned + NonZero> sealed::Sealed for NInt<U> {}
impl<U: Digits + NonZero> Int for NInt<U> {
    const STATIC: Option<i64> = Some(<Self as StaticInt>::VALUE);
    type Num = C<Self>;
    #[inline(always)]
    fn value(self) -> i64 {
        <Self as StaticInt>::VALUE
    }
    #[inline(always)]
    fn num(self) -> C<Self> {
        C(self)
    }
}
impl<U: Digits + NonZero> StaticInt for NInt<U> {
    const VALUE: i64 = static_neg_i64::<U>();
    type Signed = NInt<U>;
}

fn overflow(op: &str, a: i64, b: i64) -> LayoutError {
    crate::error::layout_error!(ErrorKind::Overflow, "{a} {op} {b}")
}

fn div_by_zero(a: i64) -> LayoutError {
    crate::error::layout_error!(ErrorKind::InvalidArgument, "{a} divided by 0")
}

/// The three impls of a binary integer operation with a runtime operand: the result is an
/// `i64` computed by `$dynamic` (checked).
macro_rules! runtime_binop {
    ($Trait:ident, $method:ident, |$a:ident, $b:ident| $dynamic:expr) => {
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

macro_rules! int_binop {
    (
        $(#[$doc:meta])*
        $Trait:ident, $method:ident, $Alias:ident, $($Typenum:ident)::+, |$a:ident, $b:ident| $dynamic:expr
    ) => {
        $(#[$doc])*
        #[doc(hidden)]
        pub trait $Trait<R: Int>: Int {
            /// The result: static when both operands are static, `i64` otherwise.
            type Output: Int;
            /// The value of the result; an error on overflow (dynamic operands only).
            fn $method(self, rhs: R) -> Result<Self::Output>;
        }

        #[doc = concat!("The result type of [`", stringify!($Trait), "`].")]
        #[doc(hidden)]
        pub type $Alias<A, B> = <A as $Trait<B>>::Output;

        impl<A: StaticInt, B: StaticInt> $Trait<B> for A
        where
            A::Signed: $($Typenum)::+<B::Signed>,
            <A::Signed as $($Typenum)::+<B::Signed>>::Output: Canonical,
        {
            type Output = Canon<<A::Signed as $($Typenum)::+<B::Signed>>::Output>;
            #[inline(always)]
            fn $method(self, _: B) -> Result<Self::Output> {
                Ok(Default::default())
            }
        }
        runtime_binop!($Trait, $method, |$a, $b| $dynamic);
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
    IntDiv, div, Quot, private::TruncDiv, |a, b| if b == 0 { Err(div_by_zero(a)) } else { a.checked_div(b).ok_or_else(|| overflow("/", a, b)) }
);
int_binop!(
    /// `a mod b` (remainder of truncating division).
    IntRem, rem, Mod, private::TruncRem, |a, b| if b == 0 { Err(div_by_zero(a)) } else { a.checked_rem(b).ok_or_else(|| overflow("%", a, b)) }
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

#[doc(hidden)]
/// `a · b` for the size of a tuple (the product of its leaves): exact while `|a|·|b|` may fit
/// in 65 bits, otherwise `±2^64` (the true product is at least `2^64` then). Both are beyond
/// `i64`, which every static size must fit ([`Layout::new`](crate::Layout::new) rejects it), so
/// nothing observable changes; but the product of a stride tuple — a tuple's `Size` is
/// computed for strides too — no longer multiplies numbers of hundreds of bits: typenum's
/// multiplication costs about `bits(a)·bits(b)` nested obligations, and twelve odd strides of
/// 25 bits took seconds per layout and overflowed the default `recursion_limit`. Runtime
/// operands: the checked product, as [`IntMul`].
pub trait IntSizeMul<R: Int>: Int {
    /// The result: static when both operands are static, `i64` otherwise.
    type Output: Int;
    /// The value of the result; an error on overflow (dynamic operands only).
    fn size_mul(self, rhs: R) -> Result<Self::Output>;
}
#[doc(hidden)]
/// The result type of [`IntSizeMul`].
pub type SizeProd<A, B> = <A as IntSizeMul<B>>::Output;
impl<A: StaticInt, B: StaticInt> IntSizeMul<B> for A
where
    A::Signed: private::SatMul<B::Signed>,
    <A::Signed as private::SatMul<B::Signed>>::Output: Canonical,
{
    type Output = Canon<<A::Signed as private::SatMul<B::Signed>>::Output>;
    #[inline(always)]
    fn size_mul(self, _: B) -> Result<Self::Output> {
        Ok(Default::default())
    }
}
runtime_binop!(IntSizeMul, size_mul, |a, b| a
    .checked_mul(b)
    .ok_or_else(|| overflow("*", a, b)));

#[doc(hidden)]
/// `|a|` (a static `|i64::MIN|` does not compile; a runtime one is an overflow error).
///
/// ```
/// use cute_layout::int::{IntAbs, AbsOf};
/// use cute_layout::typenum::{N4, U4};
/// static_assertions::assert_type_eq_all!(AbsOf<cute_layout::typenum::NInt<U4>>, U4);
/// assert_eq!((-4i64).abs_int().unwrap(), 4);
/// assert!(i64::MIN.abs_int().is_err());
/// # let _ = N4::default();
/// ```
pub trait IntAbs: Int {
    /// The result: static when the operand is.
    type Output: Int;
    /// The value; an error on overflow (runtime `i64::MIN`).
    fn abs_int(self) -> Result<Self::Output>;
}
#[doc(hidden)]
/// The result type of [`IntAbs`].
pub type AbsOf<A> = <A as IntAbs>::Output;
impl<A: StaticInt> IntAbs for A
where
    A::Signed: typenum::Abs,
    <A::Signed as typenum::Abs>::Output: Canonical,
{
    type Output = Canon<<A::Signed as typenum::Abs>::Output>;
    #[inline(always)]
    fn abs_int(self) -> Result<Self::Output> {
        Ok(Default::default())
    }
}
impl IntAbs for i64 {
    type Output = i64;
    #[inline(always)]
    fn abs_int(self) -> Result<i64> {
        self.checked_abs().ok_or_else(|| overflow("abs", self, 0))
    }
}

fn gcd_i64(a: i64, b: i64) -> Result<i64> {
    let g = crate::rules::int::gcd(a.unsigned_abs(), b.unsigned_abs());
    i64::try_from(g).map_err(|_| overflow("gcd", a, b))
}

#[doc(hidden)]
/// `⌈a / b⌉` for `a ≥ 0`, `b > 0`. Runtime values are computed as `a / b + (a mod b ≠ 0)`, so
/// no intermediate exceeds `a` (`(a + b − 1) / b` would overflow near `i64::MAX`).
///
/// ```
/// use cute_layout::int::{IntCeilDiv, CeilQuot};
/// use cute_layout::typenum::{U3, U4, U8, U24};
/// static_assertions::assert_type_eq_all!(CeilQuot<U24, U8>, U3);
/// assert_eq!(25i64.ceil_div(U8::default()).unwrap(), 4);
/// assert_eq!(i64::MAX.ceil_div(U4::default()).unwrap(), 1 << 61);
/// ```
pub trait IntCeilDiv<R: Int>: Int {
    /// The result type.
    type Output: Int;
    /// The value of the result.
    fn ceil_div(self, rhs: R) -> Result<Self::Output>;
}
#[doc(hidden)]
/// The result type of [`IntCeilDiv`].
pub type CeilQuot<A, B> = <A as IntCeilDiv<B>>::Output;

/// Static operands: typenum's integers are unbounded, so `(a + b − 1) / b` is exact.
impl<A: StaticInt, B: StaticInt> IntCeilDiv<B> for A
where
    A: IntAdd<B>,
    Sum<A, B>: IntSub<typenum::U1>,
    Diff<Sum<A, B>, typenum::U1>: IntDiv<B>,
{
    type Output = Quot<Diff<Sum<A, B>, typenum::U1>, B>;
    #[inline(always)]
    fn ceil_div(self, _: B) -> Result<Self::Output> {
        Ok(Default::default())
    }
}
runtime_binop!(IntCeilDiv, ceil_div, |a, b| ceil_div_i64(a, b));

/// `⌈a / b⌉` on runtime integers, checked, with no intermediate beyond `a`: rounds toward
/// positive infinity for every sign (`b = 0` is an error).
pub fn ceil_div_i64(a: i64, b: i64) -> Result<i64> {
    if b == 0 {
        return Err(div_by_zero(a));
    }
    crate::rules::int::ceil_div(a, b).ok_or_else(|| overflow("/", a, b))
}

#[doc(hidden)]
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
#[doc(hidden)]
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
runtime_binop!(IntShapeDiv, shape_div, |a, b| shape_div_i64(a, b));

/// CuTe's `shape_div` on runtime integers, checked.
pub fn shape_div_i64(a: i64, b: i64) -> Result<i64> {
    if b == 0 {
        return Err(div_by_zero(a));
    }
    crate::rules::int::shape_div(a, b).ok_or_else(|| overflow("/", a, b))
}

#[doc(hidden)]
pub mod private {
    use core::ops::Sub;
    use typenum::{
        Bit, Cmp, Compare, Equal, Greater, Integer, Less, NInt, NonZero, PInt, UInt, UTerm,
        Unsigned, B0, B1, Z0,
    };

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
    impl<U: super::Digits + NonZero, A, B> ShapeDivSelect<A, B> for NInt<U> {
        type Output = NInt<U>;
    }
    impl<A: Signum, B: Signum> ShapeDivSelect<A, B> for Z0
    where
        A::Output: core::ops::Mul<B::Output>,
        <A::Output as core::ops::Mul<B::Output>>::Output: Integer + super::Canonical,
    {
        type Output = <A::Output as core::ops::Mul<B::Output>>::Output;
    }

    /// `a / b` truncating toward zero on typenum signed integers (no impl for `b = 0`).
    ///
    /// typenum's own `Div` is a long division that nests about three trait obligations per
    /// bit of the numerator, so a quotient of 2^40 exceeded the default `recursion_limit`
    /// inside a layout operation. This one ([`UDivRem`]) nests one obligation per bit and
    /// is linear in the number of bits.
    pub trait TruncDiv<B> {
        type Output;
    }
    /// `a mod b` (sign of `a`) on typenum signed integers (no impl for `b = 0`).
    pub trait TruncRem<B> {
        type Output;
    }
    impl<B: Magnitude> TruncDiv<B> for Z0 {
        type Output = Z0;
    }
    impl<B: Magnitude> TruncRem<B> for Z0 {
        type Output = Z0;
    }
    macro_rules! trunc_divrem {
        ($($A:ident / $B:ident => $Q:ident, $R:ident;)*) => {$(
            impl<U: Unsigned + NonZero + UDivRem<V>, V: Unsigned + NonZero> TruncDiv<$B<V>> for $A<U>
            where
                <<U as UDivRem<V>>::Out as Quotient>::Q: $Q,
            {
                type Output = <<<U as UDivRem<V>>::Out as Quotient>::Q as $Q>::Output;
            }
            impl<U: Unsigned + NonZero + UDivRem<V>, V: Unsigned + NonZero> TruncRem<$B<V>> for $A<U>
            where
                <<U as UDivRem<V>>::Out as Quotient>::R: $R,
            {
                type Output = <<<U as UDivRem<V>>::Out as Quotient>::R as $R>::Output;
            }
        )*};
    }
    trunc_divrem! {
        PInt / PInt => Positive, Positive;
        PInt / NInt => Negative, Positive;
        NInt / PInt => Negative, Negative;
        NInt / NInt => Positive, Negative;
    }

    /// A non-zero typenum signed integer (a divisor).
    pub trait Magnitude {}
    impl<U: Unsigned + NonZero> Magnitude for PInt<U> {}
    impl<U: Unsigned + NonZero> Magnitude for NInt<U> {}

    /// An unsigned magnitude as a non-negative typenum signed integer (`UTerm → Z0`).
    pub trait Positive {
        type Output;
    }
    impl Positive for UTerm {
        type Output = Z0;
    }
    impl<U: Unsigned, B: Bit> Positive for UInt<U, B> {
        type Output = PInt<UInt<U, B>>;
    }
    /// An unsigned magnitude as a non-positive typenum signed integer (`UTerm → Z0`).
    pub trait Negative {
        type Output;
    }
    impl Negative for UTerm {
        type Output = Z0;
    }
    impl<U: Unsigned, B: Bit> Negative for UInt<U, B> {
        type Output = NInt<UInt<U, B>>;
    }

    /// Unsigned long division `Self / D` (`D > 0`), most significant bit first, one nested
    /// obligation per bit of `Self`; the result is a [`DivState`] holding the quotient and the
    /// remainder, both canonical (no leading zeros). Each step mentions the previous step's
    /// result once, as one type, so the work stays linear in the number of bits (typenum's own
    /// division is exponential on some inputs: 65535 / 3 did not finish in 100 s).
    pub trait UDivRem<D> {
        type Out: Quotient;
    }
    /// `A / B` on unsigned typenum integers (`B > 0`) by [`UDivRem`] (typenum's own `Div` nests
    /// about three obligations per bit and has no shortcut for powers of two).
    pub type UQuot<A, B> = <<A as UDivRem<B>>::Out as Quotient>::Q;
    /// `A mod B` on unsigned typenum integers (`B > 0`) by [`UDivRem`].
    pub type URem<A, B> = <<A as UDivRem<B>>::Out as Quotient>::R;
    /// The state of a long division: quotient and remainder so far.
    pub struct DivState<Q, R>(Q, R);
    /// The quotient and the remainder of a [`DivState`].
    pub trait Quotient {
        type Q: Unsigned;
        type R: Unsigned;
    }
    impl<Q: Unsigned, R: Unsigned> Quotient for DivState<Q, R> {
        type Q = Q;
        type R = R;
    }
    /// A divisor that is a power of two, `2^k`, divides by dropping `k` bits (`k + 1`
    /// obligations, [`ShiftDiv`]); any other goes through the long division ([`LongDiv`]), whose
    /// steps each compare and subtract at the divisor's width.
    impl<N, D: IsPow2> UDivRem<D> for N
    where
        N: UDivRemSel<D, D::Output>,
    {
        type Out = <N as UDivRemSel<D, D::Output>>::Out;
    }
    /// [`UDivRem`] by whether the divisor is a power of two (`B1`) or not (`B0`).
    pub trait UDivRemSel<D, P> {
        type Out: Quotient;
    }
    impl<N: ShiftDiv<D>, D> UDivRemSel<D, B1> for N {
        type Out = <N as ShiftDiv<D>>::Out;
    }
    impl<N: LongDiv<D>, D> UDivRemSel<D, B0> for N {
        type Out = <N as LongDiv<D>>::Out;
    }

    /// Whether a non-zero unsigned integer is a power of two: `B1` or `B0`.
    pub trait IsPow2 {
        type Output;
    }
    impl IsPow2 for UInt<UTerm, B1> {
        type Output = B1;
    }
    impl<U: Unsigned, X: Bit> IsPow2 for UInt<UInt<U, X>, B1> {
        type Output = B0;
    }
    impl<U: IsPow2> IsPow2 for UInt<U, B0> {
        type Output = U::Output;
    }

    /// `Self / 2^k` and `Self mod 2^k` for the divisor `D = 2^k`: the quotient is `Self` without
    /// its `k` low bits, the remainder those bits.
    pub trait ShiftDiv<D> {
        type Out: Quotient;
    }
    impl<N: Unsigned> ShiftDiv<UInt<UTerm, B1>> for N {
        type Out = DivState<N, UTerm>;
    }
    impl<D> ShiftDiv<UInt<D, B0>> for UTerm {
        type Out = DivState<UTerm, UTerm>;
    }
    impl<N: ShiftDiv<D>, X, D> ShiftDiv<UInt<D, B0>> for UInt<N, X>
    where
        <N::Out as Quotient>::R: Push<X>,
    {
        type Out = DivState<<N::Out as Quotient>::Q, <<N::Out as Quotient>::R as Push<X>>::Output>;
    }

    /// The long division of [`UDivRem`], most significant bit first.
    pub trait LongDiv<D> {
        type Out: Quotient;
    }
    impl<D> LongDiv<D> for UTerm {
        type Out = DivState<UTerm, UTerm>;
    }
    impl<U: LongDiv<D>, B, D> LongDiv<D> for UInt<U, B>
    where
        U::Out: DivStep<B, D>,
    {
        type Out = <U::Out as DivStep<B, D>>::Out;
    }

    /// One step of the long division: the next bit `B` of the numerator enters the remainder
    /// `R < D`, giving `2R + B < 2D`, which is reduced once.
    pub trait DivStep<B, D> {
        type Out: Quotient;
    }
    impl<Q, R: Push<B>, B, D> DivStep<B, D> for DivState<Q, R>
    where
        <R as Push<B>>::Output: Cmp<D>,
        DivState<Q, <R as Push<B>>::Output>: DivReduce<D, Compare<<R as Push<B>>::Output, D>>,
    {
        type Out = <DivState<Q, <R as Push<B>>::Output> as DivReduce<
            D,
            Compare<<R as Push<B>>::Output, D>,
        >>::Out;
    }

    /// `(Q, R)` with `R < 2D` becomes `(2Q + [R ≥ D], R mod D)`.
    pub trait DivReduce<D, Ord> {
        type Out: Quotient;
    }
    impl<Q: Push<B0>, R: Unsigned, D> DivReduce<D, Less> for DivState<Q, R> {
        type Out = DivState<<Q as Push<B0>>::Output, R>;
    }
    impl<Q: Push<B1>, R, D> DivReduce<D, Equal> for DivState<Q, R> {
        type Out = DivState<<Q as Push<B1>>::Output, UTerm>;
    }
    impl<Q: Push<B1>, R: Sub<D>, D> DivReduce<D, Greater> for DivState<Q, R>
    where
        <R as Sub<D>>::Output: Unsigned,
    {
        type Out = DivState<<Q as Push<B1>>::Output, <R as Sub<D>>::Output>;
    }

    /// `2·Self + B`, canonical (`UTerm` stays `UTerm` for `B = B0`).
    pub trait Push<B> {
        type Output: Unsigned;
    }
    impl Push<B0> for UTerm {
        type Output = UTerm;
    }
    impl Push<B1> for UTerm {
        type Output = UInt<UTerm, B1>;
    }
    impl<U: Unsigned, X: Bit, B: Bit> Push<B> for UInt<U, X> {
        type Output = UInt<UInt<U, X>, B>;
    }

    /// `2^64`, the saturated magnitude of [`SatMul`].
    pub type U2Pow64 = UInt<typenum::U9223372036854775808, B0>;

    /// `a · b` on typenum signed integers, saturated: exact when the bit lengths of the
    /// magnitudes sum to at most 65 (the product is below `2^65`), else `±2^64` (the product
    /// is at least `2^64`). Deciding costs the two bit lengths, not a multiplication.
    pub trait SatMul<B> {
        type Output;
    }
    impl<B> SatMul<B> for Z0 {
        type Output = Z0;
    }
    impl<U: Unsigned + NonZero> SatMul<Z0> for PInt<U> {
        type Output = Z0;
    }
    impl<U: Unsigned + NonZero> SatMul<Z0> for NInt<U> {
        type Output = Z0;
    }
    /// Whether `bits(U) + bits(V) ≤ 65`: `B1` or `B0`.
    pub type ShortProduct<U, V> =
        typenum::LeEq<typenum::Sum<typenum::Length<U>, typenum::Length<V>>, typenum::U65>;
    macro_rules! sat_mul {
        ($($A:ident * $B:ident => $S:ident;)*) => {$(
            impl<U: Unsigned + NonZero, V: Unsigned + NonZero> SatMul<$B<V>> for $A<U>
            where
                U: typenum::Len,
                V: typenum::Len,
                typenum::Length<U>: core::ops::Add<typenum::Length<V>>,
                typenum::Sum<typenum::Length<U>, typenum::Length<V>>: typenum::IsLessOrEqual<typenum::U65>,
                $A<U>: SatMulSel<$B<V>, ShortProduct<U, V>>,
            {
                type Output = <$A<U> as SatMulSel<$B<V>, ShortProduct<U, V>>>::Output;
            }
            impl<U: Unsigned + NonZero, V: Unsigned + NonZero> SatMulSel<$B<V>, B0> for $A<U> {
                type Output = $S<U2Pow64>;
            }
        )*};
    }
    sat_mul! {
        PInt * PInt => PInt;
        PInt * NInt => NInt;
        NInt * PInt => NInt;
        NInt * NInt => PInt;
    }
    /// [`SatMul`] by the selector `ShortProduct`: `B1` multiplies exactly, `B0` saturates.
    pub trait SatMulSel<B, Short> {
        type Output;
    }
    impl<A: core::ops::Mul<B>, B> SatMulSel<B, B1> for A {
        type Output = <A as core::ops::Mul<B>>::Output;
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
