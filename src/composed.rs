//! CuTe's `ComposedLayout` (`cute/layout_composed.hpp`): `A ∘ O ∘ B`, a function `A` (a
//! swizzle) after an offset `O` after a layout `B`,
//!
//! ```text
//! (A ∘ O ∘ B)(c) = A(O + B(c))
//! ```
//!
//! used where `A ∘ B` is no layout (a swizzle is no affine function): CuTe's swizzled
//! shared-memory layouts `Sw<3,4,3> o 0 o (8,64):(64,1)`. One generic type serves both
//! engines: [`ComposedLayout<Swizzle<B,M,S>, U0, Layout<..>>`](ComposedLayout) with static
//! parts is zero-sized and checked at compile time; [`DynComposedLayout`] =
//! `ComposedLayout<DynSwizzle, DynInt, DynLayout>` is checked when built and parsed from text.
//!
//! As in CuTe, the domain is `B`'s: shape, size, rank and depth are `B`'s, and the algebra
//! (composition with a layout or tiler on the right, the divides and products, coalesce,
//! flatten, group_modes) applies to `B` and keeps `A` and `O`:
//! `logical_divide(A ∘ O ∘ B, T) = A ∘ O ∘ logical_divide(B, T)`.
//!
//! **cosize.** CuTe's `cosize(ComposedLayout)` is `cosize(B)`, which is not a bound on the
//! composed offsets when the offset is non-zero or the swizzle moves bits upwards
//! (`Sw<1,0,1> o 1 o 2:1` takes the values 1 and 3, `cosize(B) = 2`). Here `cosize` is an
//! upper bound that holds: every offset `A(O + B(c))` of the domain is below it. With
//! `[lo, hi]` the range of `O + B(c)` it is `hi + 1` when the swizzle reads no bit of that
//! range (it is the identity there), else `hi` rounded up past the highest bit the swizzle
//! can write there (for `lo ≥ 0`, only the bits it reads below `hi`'s bit length can be set)
//! — `cosize(B)` for the usual power-of-two tiles, e.g. 512 for `Sw<3,4,3> o 0 o (8,64):(64,1)`.
//!
//! ```
//! use cute_layout::{layout, AnyLayout, DynComposedLayout, ComposedLayout};
//! use cute_layout::swizzle::{Swizzle, SwizzleFn};
//! let l = layout!(Sw<3,4,3> o 0 o (8,64):(64,1));
//! assert_eq!(core::mem::size_of_val(&l), 0);
//! assert_eq!(l.to_string(), "Sw<3,4,3> o 0 o (8,64):(64,1)");
//! assert_eq!(format!("{l:#}"), "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)");
//! // Row 1, column 0: offset 64, bit 7 clear: unchanged; row 2: 128 ^ 16.
//! assert_eq!((l.call((1, 0)), l.call((2, 0)), l.call((2, 17))), (64, 144, 129));
//! assert_eq!(AnyLayout::size(&l), 512);
//! assert_eq!(l.cosize(), 512);
//! let d: DynComposedLayout = "Sw<3,4,3> o 0 o (8,64):(64,1)".parse().unwrap();
//! assert_eq!(d.call((2, 17)), 129);
//! assert_eq!(d, l.to_dyn());
//! ```

use core::fmt;

use crate::any_layout::{AnyLayout, LayoutCoord};
use crate::error::{layout_error, ErrorKind, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::swizzle::{DynSwizzle, Swizzle, SwizzleFn};
use crate::tuple::{Congruent, IntTuple};

// ---------------------------------------------------------------------------------------------
// The parts

#[doc(hidden)]
/// The outer function `A` of a composed layout: applied to `O + B(c)`.
///
/// Implemented by the swizzles, [`Swizzle`] and [`DynSwizzle`].
pub trait ComposedOuter: Clone + fmt::Display {
    /// `A(x)`, exact whenever the result fits `i64`.
    fn apply_outer(&self, x: i64) -> i64;
    /// `A(x)`, checked: an [`ErrorKind::Overflow`] error beyond `i64`.
    fn try_apply_outer(&self, x: i64) -> Result<i64>;
    /// An upper bound on `A` over `[lo, hi]` (`lo ≤ hi`): one more than every `A(x)`,
    /// `lo ≤ x ≤ hi`; `None` when it exceeds `i64`.
    fn bound(&self, lo: i64, hi: i64) -> Option<i64>;
    /// For a static function: how far above `hi` its bound may reach at most (so that a
    /// static composed layout is checked at compile time); `None` for a runtime one.
    #[doc(hidden)]
    const STATIC_REACH: Option<u128>;
    /// The runtime copy of the function.
    #[cfg(feature = "alloc")]
    fn to_dyn_swizzle(&self) -> DynSwizzle;
}

/// The bound of a swizzle over `[lo, hi]`: the identity where no bit it reads can be set,
/// else `hi` rounded up past the highest bit it can write (it changes no higher bit, and
/// `x ↦ x | (2^z − 1)` is monotone). For `lo ≥ 0` only the bits it reads below `hi`'s bit
/// length can be set, so it writes at most up to that length moved by the shift; a negative
/// `x` may have every bit it reads set.
fn swizzle_bound<F: SwizzleFn>(f: &F, lo: i64, hi: i64) -> Option<i64> {
    let read_from = f.base() as i32 + f.shift().max(0);
    if f.bits() == 0 || (lo >= 0 && hi < 1i64 << read_from) {
        return hi.checked_add(1);
    }
    let read_to = read_from + f.bits() as i32; // one past the highest bit it reads
    let reachable = if lo >= 0 {
        read_to.min(64 - hi.leading_zeros() as i32)
    } else {
        read_to
    };
    let z = reachable - f.shift(); // one past the highest bit it writes, ≤ 63
    let low = if z >= 63 { i64::MAX } else { (1i64 << z) - 1 };
    (hi | low).checked_add(1)
}

impl<B: typenum::Unsigned, M: typenum::Unsigned, S: typenum::Integer> ComposedOuter
    for Swizzle<B, M, S>
{
    #[inline(always)]
    fn apply_outer(&self, x: i64) -> i64 {
        self.apply(x)
    }
    #[inline(always)]
    fn try_apply_outer(&self, x: i64) -> Result<i64> {
        // A swizzle changes bits below bit 63 only: never an overflow.
        Ok(self.apply(x))
    }
    fn bound(&self, lo: i64, hi: i64) -> Option<i64> {
        swizzle_bound(self, lo, hi)
    }
    const STATIC_REACH: Option<u128> = {
        let () = Self::VALID;
        let z = M::U32 as i64 - if S::I64 < 0 { S::I64 } else { 0 } + B::U32 as i64;
        Some(1u128 << z)
    };
    #[cfg(feature = "alloc")]
    fn to_dyn_swizzle(&self) -> DynSwizzle {
        self.to_dyn()
    }
}

impl ComposedOuter for DynSwizzle {
    #[inline]
    fn apply_outer(&self, x: i64) -> i64 {
        self.apply(x)
    }
    #[inline]
    fn try_apply_outer(&self, x: i64) -> Result<i64> {
        Ok(self.apply(x))
    }
    fn bound(&self, lo: i64, hi: i64) -> Option<i64> {
        swizzle_bound(self, lo, hi)
    }
    const STATIC_REACH: Option<u128> = None;
    #[cfg(feature = "alloc")]
    fn to_dyn_swizzle(&self) -> DynSwizzle {
        *self
    }
}

#[doc(hidden)]
/// The offset `O` of a composed layout: a typenum integer (static, `U0` in CuTe's swizzled
/// layouts), an `i64`, or (with `alloc`) a [`DynInt`](crate::DynInt), which keeps the static
/// mark of the runtime engine.
pub trait ComposedOffset: Copy + fmt::Debug + PartialEq {
    /// `Some(v)` for a compile-time constant.
    const STATIC: Option<i64>;
    /// The value.
    fn value(&self) -> i64;
    /// Whether the value was known at compile time (printed `_0` by `{:#}`).
    fn is_static(&self) -> bool;
}

impl<T: Int> ComposedOffset for T {
    const STATIC: Option<i64> = T::STATIC;
    #[inline(always)]
    fn value(&self) -> i64 {
        Int::value(*self)
    }
    fn is_static(&self) -> bool {
        T::STATIC.is_some()
    }
}

#[cfg(feature = "alloc")]
impl ComposedOffset for crate::DynInt {
    const STATIC: Option<i64> = None;
    #[inline]
    fn value(&self) -> i64 {
        self.value
    }
    fn is_static(&self) -> bool {
        self.is_static
    }
}

#[doc(hidden)]
/// The inner layout `B` of a composed layout: a [`Layout`] or a
/// [`DynLayout`](crate::DynLayout), with the range of its offsets.
pub trait ComposedInner: AnyLayout + Clone + fmt::Display {
    /// `(min, max)` of `B(c)` over the domain (from the leaves: `Σ (s−1)·d` over the negative,
    /// resp. positive strides).
    fn offset_range(&self) -> (i64, i64);
    /// `Σ (sᵢ − 1)·|dᵢ|` when every leaf is static, else `None`.
    #[doc(hidden)]
    const STATIC_SPAN: Option<u128>;
    /// The runtime copy.
    #[cfg(feature = "alloc")]
    fn to_dyn_layout(&self) -> crate::DynLayout;
}

/// `(min, max)` of the offsets from the flat modes; exact in `i64` since the cosize fits.
fn range_of(modes: impl Iterator<Item = (i64, i64)>) -> (i64, i64) {
    modes.fold((0i64, 0i64), |(lo, hi), (s, d)| {
        let v = (s - 1).wrapping_mul(d);
        if d < 0 {
            (lo.wrapping_add(v), hi)
        } else {
            (lo, hi.wrapping_add(v))
        }
    })
}

impl<S: Congruent<D>, D: IntTuple> ComposedInner for Layout<S, D>
where
    Self: AnyLayout + fmt::Display,
{
    fn offset_range(&self) -> (i64, i64) {
        let (mut lo, mut hi) = (0i64, 0i64);
        self.shape_ref().zip_leaves(self.stride_ref(), &mut |s, d| {
            let (l, h) = range_of(core::iter::once((s, d)));
            lo = lo.wrapping_add(l);
            hi = hi.wrapping_add(h);
        });
        (lo, hi)
    }
    const STATIC_SPAN: Option<u128> = <S as Congruent<D>>::STATIC_SPAN;
    #[cfg(feature = "alloc")]
    fn to_dyn_layout(&self) -> crate::DynLayout {
        self.to_dyn()
    }
}

#[cfg(feature = "alloc")]
impl ComposedInner for crate::DynLayout {
    fn offset_range(&self) -> (i64, i64) {
        range_of(self.shape().leaves().zip(self.stride().leaves()))
    }
    const STATIC_SPAN: Option<u128> = None;
    fn to_dyn_layout(&self) -> crate::DynLayout {
        self.clone()
    }
}

// ---------------------------------------------------------------------------------------------
// The composed layout

/// `A ∘ O ∘ B` (CuTe's `ComposedLayout<LayoutA, Offset, LayoutB>`): `L(c) = A(O + B(c))` over
/// the domain of `B`. See the [module documentation](self).
///
/// Built with [`ComposedLayout::new`] (static parts, checked at compile time),
/// [`ComposedLayout::try_new`] / [`make_composed_layout`] (checked at run time: every offset
/// and the [`cosize`](AnyLayout::cosize) bound within `i64`), the `layout!` macro
/// (`layout!(Sw<3,4,3> o 0 o (8,64):(64,1))`), or by composing a swizzle with a layout
/// (CuTe's `composition(Swizzle, Layout)`, offset 0):
///
/// ```
/// use cute_layout::{layout, Layout, ComposedLayout, typelevel::Compose};
/// use cute_layout::swizzle::Swizzle;
/// use cute_layout::typenum::{U2, U3, P3, U0};
/// let sw = Swizzle::<U2, U3, P3>::new();
/// let c = sw.compose(layout!((4,32):(32,1)));
/// static_assertions::assert_type_eq_all!(
///     cute_layout::ops::ComposeOf<Swizzle<U2, U3, P3>, Layout![(4,32):(32,1)]>,
///     ComposedLayout<Swizzle<U2, U3, P3>, U0, Layout![(4,32):(32,1)]>);
/// assert_eq!(c.to_string(), "Sw<2,3,3> o 0 o (4,32):(32,1)");
/// assert_eq!(c, layout!(Sw<2,3,3> o 0 o (4,32):(32,1)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ComposedLayout<A, O, B> {
    a: A,
    offset: O,
    b: B,
}

/// The runtime composed layout: a [`DynSwizzle`] after a [`DynInt`](crate::DynInt) offset
/// after a [`DynLayout`](crate::DynLayout); printed and parsed as CuTe prints it.
#[cfg(feature = "alloc")]
pub type DynComposedLayout = ComposedLayout<DynSwizzle, crate::DynInt, crate::DynLayout>;

/// `make_composed_layout(a, o, b)` = CuTe's `composition(a, o, b)`: the composed layout
/// `a ∘ o ∘ b`, checked as [`ComposedLayout::try_new`].
pub fn make_composed_layout<A, O, B>(a: A, offset: O, b: B) -> Result<ComposedLayout<A, O, B>>
where
    A: ComposedOuter,
    O: ComposedOffset,
    B: ComposedInner,
{
    ComposedLayout::try_new(a, offset, b)
}

impl<A: ComposedOuter, O: ComposedOffset, B: ComposedInner> ComposedLayout<A, O, B> {
    /// The compile-time check of the static parts: `|O| + Σ (s−1)·|d| + reach(A)` below
    /// `i64::MAX`, so every offset and the cosize bound fit `i64`. Parts with runtime values
    /// are checked at run time by [`try_new`](ComposedLayout::try_new).
    #[doc(hidden)]
    pub const FITS_I64: () = {
        if let (Some(o), Some(span), Some(reach)) = (O::STATIC, B::STATIC_SPAN, A::STATIC_REACH) {
            let total = (o.unsigned_abs() as u128)
                .saturating_add(span)
                .saturating_add(reach);
            assert!(
                total < i64::MAX as u128,
                "static composed layout: the offset plus the inner layout's offsets (rounded up by the swizzle) exceed i64::MAX"
            );
        }
    };

    /// `a ∘ offset ∘ b`, checked: an [`ErrorKind::Overflow`] error unless `offset + b(c)`
    /// and the [`cosize`](AnyLayout::cosize) bound fit `i64` for the whole domain of `b`.
    ///
    /// ```
    /// use cute_layout::{ComposedLayout, DynInt, DynLayout, ErrorKind};
    /// use cute_layout::swizzle::DynSwizzle;
    /// let sw = DynSwizzle::new(3, 4, 3).unwrap();
    /// let b: DynLayout = "(8,64):(64,1)".parse().unwrap();
    /// assert!(ComposedLayout::try_new(sw, DynInt::dynamic(1 << 20), b.clone()).is_ok());
    /// let e = ComposedLayout::try_new(sw, DynInt::dynamic(i64::MAX - 8), b).unwrap_err();
    /// assert_eq!(e.kind(), ErrorKind::Overflow);
    /// ```
    pub fn try_new(a: A, offset: O, b: B) -> Result<Self> {
        let () = Self::FITS_I64;
        let l = ComposedLayout { a, offset, b };
        l.check()?;
        Ok(l)
    }

    /// `[lo, hi]`, the range of `O + B(c)`, and the cosize bound; `None` beyond `i64`.
    fn range_and_bound(&self) -> Option<(i64, i64, i64)> {
        let (lo, hi) = self.b.offset_range();
        let o = self.offset.value();
        let (lo, hi) = (lo.checked_add(o)?, hi.checked_add(o)?);
        Some((lo, hi, self.a.bound(lo, hi)?))
    }

    fn check(&self) -> Result<()> {
        match self.range_and_bound() {
            Some(_) => Ok(()),
            None => Err(layout_error!(
                ErrorKind::Overflow,
                "the offsets of {} exceed i64",
                self
            )),
        }
    }

    /// `A`, the outer function (CuTe's `layout_a()`).
    #[inline(always)]
    pub fn layout_a(&self) -> &A {
        &self.a
    }
    /// `O`, the offset (CuTe's `offset()`).
    #[inline(always)]
    pub fn offset(&self) -> O {
        self.offset
    }
    /// `B`, the inner layout, whose domain is the composed layout's (CuTe's `layout_b()`).
    #[inline(always)]
    pub fn layout_b(&self) -> &B {
        &self.b
    }
    /// `A ∘ O ∘ f(B)`: the same `A` and `O` around a new inner layout, checked.
    pub(crate) fn with_inner<B2: ComposedInner>(&self, b: B2) -> Result<ComposedLayout<A, O, B2>> {
        ComposedLayout::try_new(self.a.clone(), self.offset, b)
    }

    /// `L(i) = A(O + B(i))` at an integral coordinate; see [`AnyLayout::eval`].
    #[inline(always)]
    pub fn eval(&self, i: i64) -> i64 {
        AnyLayout::eval(self, i)
    }
    /// `L(c) = A(O + B(c))` at any coordinate of `B`; see [`AnyLayout::call`].
    #[inline(always)]
    pub fn call<C: LayoutCoord<B>>(&self, c: C) -> i64 {
        self.a
            .apply_outer(self.offset.value().wrapping_add(c.offset_in(&self.b)))
    }
    /// `L(c)`, checked; see [`AnyLayout::try_call`].
    pub fn try_call<C: LayoutCoord<B>>(&self, c: C) -> Result<i64> {
        AnyLayout::try_call(self, c)
    }
    /// The upper bound on the offsets, see the [module documentation](self).
    pub fn cosize(&self) -> i64 {
        AnyLayout::cosize(self)
    }

    /// The runtime copy: a [`DynComposedLayout`], static marks kept.
    #[cfg(feature = "alloc")]
    pub fn to_dyn(&self) -> DynComposedLayout {
        ComposedLayout {
            a: self.a.to_dyn_swizzle(),
            offset: crate::DynInt {
                value: self.offset.value(),
                is_static: self.offset.is_static(),
            },
            b: self.b.to_dyn_layout(),
        }
    }
}

impl<A, O, B> ComposedLayout<A, O, B>
where
    A: ComposedOuter + Default,
    O: ComposedOffset + Default,
    B: ComposedInner + Default,
{
    /// The static composed layout `A ∘ O ∘ B` (every part static): its size, offsets and
    /// cosize are checked at compile time.
    ///
    /// ```
    /// use cute_layout::{ComposedLayout, Layout};
    /// use cute_layout::swizzle::Swizzle;
    /// use cute_layout::typenum::{U3, U4, P3, U0};
    /// let l = ComposedLayout::<Swizzle<U3, U4, P3>, U0, Layout![(8,64):(64,1)]>::new();
    /// assert_eq!(l.call((2, 8)), 136 ^ 16);
    /// ```
    #[allow(clippy::let_unit_value)]
    pub fn new() -> Self {
        let () = Self::STATIC_FITS;
        ComposedLayout {
            a: A::default(),
            offset: O::default(),
            b: B::default(),
        }
    }

    /// `new` is for static parts only, checked at compile time.
    #[doc(hidden)]
    pub const STATIC_FITS: () = {
        assert!(
            O::STATIC.is_some() && B::STATIC_SPAN.is_some() && A::STATIC_REACH.is_some(),
            "ComposedLayout::new takes static parts only: use try_new for runtime parts"
        );
        Self::FITS_I64
    };
}

impl<A, O, B> Default for ComposedLayout<A, O, B>
where
    A: ComposedOuter + Default,
    O: ComposedOffset + Default,
    B: ComposedInner + Default,
{
    fn default() -> Self {
        Self::new()
    }
}

impl<A: ComposedOuter, O: ComposedOffset, B: ComposedInner> AnyLayout for ComposedLayout<A, O, B> {
    type Shape = B::Shape;
    type Size = B::Size;
    type Natural = B::Natural;
    #[inline(always)]
    fn shape(&self) -> &B::Shape {
        self.b.shape()
    }
    #[inline(always)]
    fn size(&self) -> B::Size {
        self.b.size()
    }
    /// An upper bound on the offsets (not CuTe's `cosize(B)`): see the
    /// [module documentation](self).
    fn cosize(&self) -> i64 {
        // Checked when the layout was built.
        self.range_and_bound().map_or(i64::MAX, |(_, _, c)| c)
    }
    #[inline(always)]
    fn rank(&self) -> usize {
        self.b.rank()
    }
    #[inline(always)]
    fn depth(&self) -> usize {
        self.b.depth()
    }
    #[inline(always)]
    fn eval(&self, i: i64) -> i64 {
        self.a
            .apply_outer(self.offset.value().wrapping_add(self.b.eval(i)))
    }
    #[inline]
    fn try_eval(&self, i: i64) -> Result<i64> {
        let x = self.b.try_eval(i)?;
        self.apply_checked(x)
    }
    #[inline]
    fn try_idx2crd(&self, i: i64) -> Result<B::Natural> {
        self.b.try_idx2crd(i)
    }
}

impl<A: ComposedOuter, O: ComposedOffset, B> ComposedLayout<A, O, B> {
    /// `A(O + x)`, checked.
    fn apply_checked(&self, x: i64) -> Result<i64> {
        let o = self.offset.value();
        match o.checked_add(x) {
            Some(y) => self.a.try_apply_outer(y),
            None => Err(layout_error!(
                ErrorKind::Overflow,
                "offset {o} + {x} exceeds i64"
            )),
        }
    }
}

/// A coordinate of `B` is a coordinate of `A ∘ O ∘ B`.
impl<C, A, O, B> LayoutCoord<ComposedLayout<A, O, B>> for C
where
    C: LayoutCoord<B>,
    A: ComposedOuter,
    O: ComposedOffset,
{
    #[inline(always)]
    fn offset_in(self, l: &ComposedLayout<A, O, B>) -> i64 {
        l.a.apply_outer(l.offset.value().wrapping_add(self.offset_in(&l.b)))
    }
    #[inline]
    fn try_offset_in(self, l: &ComposedLayout<A, O, B>) -> Result<i64> {
        let x = self.try_offset_in(&l.b)?;
        l.apply_checked(x)
    }
    #[inline]
    fn try_index_in(self, l: &ComposedLayout<A, O, B>) -> Result<i64> {
        self.try_index_in(&l.b)
    }
}

// ---------------------------------------------------------------------------------------------
// Display and parsing

/// CuTe's print: `Sw<3,4,3> o 0 o (8,64):(64,1)`; `{:#}` marks static leaves (and a static
/// offset) with `_`: `Sw<3,4,3> o _0 o (_8,_64):(_64,_1)`.
impl<A: fmt::Display, O: ComposedOffset, B: fmt::Display> fmt::Display for ComposedLayout<A, O, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.a, f)?;
        f.write_str(" o ")?;
        if f.alternate() && self.offset.is_static() {
            f.write_str("_")?;
        }
        write!(f, "{}", self.offset.value())?;
        f.write_str(" o ")?;
        fmt::Display::fmt(&self.b, f)
    }
}

impl<A: fmt::Display, O: ComposedOffset, B: fmt::Display> fmt::Debug for ComposedLayout<A, O, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(feature = "alloc")]
impl core::str::FromStr for DynComposedLayout {
    type Err = crate::LayoutError;
    /// `Sw<B,M,S> o offset o layout`, either form of `Display` (`_` marks static leaves),
    /// whitespace allowed between tokens. Errors name what was expected and the byte offset;
    /// invalid swizzle parameters are [`ErrorKind::InvalidSwizzle`], an invalid layout the
    /// layout parser's error.
    ///
    /// ```
    /// use cute_layout::{DynComposedLayout, ErrorKind};
    /// let l: DynComposedLayout = "Sw<2,3,-3> o _4 o (_4,_8):(_8,_1)".parse().unwrap();
    /// assert_eq!(format!("{l:#}"), "Sw<2,3,-3> o _4 o (_4,_8):(_8,_1)");
    /// let e = "Sw<3,4,3> o 0 (8,64):(64,1)".parse::<DynComposedLayout>().unwrap_err();
    /// assert_eq!(e.to_string(), "parse error: expected 'o' after the offset at byte 14, found '('");
    /// let e = "Sw<3,4,2> o 0 o 8:1".parse::<DynComposedLayout>().unwrap_err();
    /// assert_eq!(e.kind(), ErrorKind::InvalidSwizzle);
    /// ```
    fn from_str(s: &str) -> Result<Self> {
        let mut p = crate::parse::Parser::new(s);
        let a = parse_swizzle(&mut p)?;
        p.expect('o', "'o' after the swizzle")?;
        let o = p.int()?;
        p.expect('o', "'o' after the offset")?;
        let b = p.layout()?;
        p.finish()?;
        ComposedLayout::try_new(a, o, b)
    }
}

#[cfg(feature = "alloc")]
impl<Bb, M, S, O, Sh, D> From<ComposedLayout<Swizzle<Bb, M, S>, O, Layout<Sh, D>>>
    for DynComposedLayout
where
    Swizzle<Bb, M, S>: ComposedOuter,
    O: Int,
    Layout<Sh, D>: ComposedInner,
{
    /// The runtime copy of a static or mixed composed layout.
    fn from(l: ComposedLayout<Swizzle<Bb, M, S>, O, Layout<Sh, D>>) -> Self {
        l.to_dyn()
    }
}

/// `Sw<B,M,S>` at the parser's position; invalid parameters name the condition and the byte
/// offset of the swizzle.
#[cfg(feature = "alloc")]
fn parse_swizzle(p: &mut crate::parse::Parser<'_>) -> Result<DynSwizzle> {
    let at = p.pos();
    if !p.eat_str("Sw") {
        return Err(p.error("a swizzle `Sw<B,M,S>`"));
    }
    p.expect('<', "'<' after `Sw`")?;
    let b = p.int()?.value;
    p.expect(',', "',' between the swizzle parameters")?;
    let m = p.int()?.value;
    p.expect(',', "',' between the swizzle parameters")?;
    let s = p.int()?.value;
    p.expect('>', "'>' closing the swizzle")?;
    DynSwizzle::new(b, m, s).map_err(|e| {
        crate::LayoutError::with_detail(
            e.kind(),
            alloc::format!("{} (swizzle at byte {at})", e.detail()),
        )
    })
}

// ---------------------------------------------------------------------------------------------
// The algebra (cute/layout_composed.hpp): each operation applies to the inner layout `B` and
// keeps `A` and `O`, in both engines (through `B`'s own impl). Errors and compile errors are
// the inner operation's.

use crate::typelevel::{self, OpArg};

macro_rules! on_inner_arg {
    ($($(#[$doc:meta])* $Trait:ident::$try_m:ident / $m:ident via $Marker:ident;)*) => {$(
        $(#[$doc])*
        impl<A, O, B, T> typelevel::$Trait<T> for ComposedLayout<A, O, B>
        where
            A: ComposedOuter,
            O: ComposedOffset,
            B: ComposedInner + typelevel::$Trait<T>,
            <B as typelevel::$Trait<T>>::Output: ComposedInner,
        {
            type Output = ComposedLayout<A, O, <B as typelevel::$Trait<T>>::Output>;
            #[inline]
            fn $try_m(&self, t: T) -> Result<Self::Output> {
                self.with_inner(self.b.$try_m(t)?)
            }
        }
        impl<A, O, B> ComposedLayout<A, O, B> {
            #[doc = concat!("See [`", stringify!($Trait), "`](crate::typelevel::", stringify!($Trait), "): `A ∘ O ∘ ", stringify!($m), "(B, t)`; the inner operation's errors.")]
            #[inline(always)]
            pub fn $try_m<X: OpArg<Self, typelevel::$Marker>>(&self, t: X) -> Result<X::Output> {
                t.try_apply(self)
            }
            #[doc = concat!("See [`", stringify!($Trait), "`](crate::typelevel::", stringify!($Trait), "); panics with the error's message where `", stringify!($try_m), "` errs.")]
            #[inline(always)]
            #[track_caller]
            pub fn $m<X: OpArg<Self, typelevel::$Marker>>(&self, t: X) -> X::Output {
                crate::composed::unwrap(t.try_apply(self))
            }
        }
    )*};
}

on_inner_arg! {
    /// `composition(A ∘ O ∘ B, T) = A ∘ O ∘ composition(B, T)` for a layout or tiler `T`.
    Compose::try_compose / compose via ComposeArg;
    /// `logical_divide(A ∘ O ∘ B, T) = A ∘ O ∘ logical_divide(B, T)`.
    LogicalDivide::try_logical_divide / logical_divide via LogicalDivideArg;
    /// `zipped_divide(A ∘ O ∘ B, T) = A ∘ O ∘ zipped_divide(B, T)`.
    ZippedDivide::try_zipped_divide / zipped_divide via ZippedDivideArg;
    /// `tiled_divide(A ∘ O ∘ B, T) = A ∘ O ∘ tiled_divide(B, T)`.
    TiledDivide::try_tiled_divide / tiled_divide via TiledDivideArg;
    /// `flat_divide(A ∘ O ∘ B, T) = A ∘ O ∘ flat_divide(B, T)`.
    FlatDivide::try_flat_divide / flat_divide via FlatDivideArg;
    /// `logical_product(A ∘ O ∘ B, T) = A ∘ O ∘ logical_product(B, T)`.
    LogicalProduct::try_logical_product / logical_product via LogicalProductArg;
    /// `zipped_product(A ∘ O ∘ B, T) = A ∘ O ∘ zipped_product(B, T)`.
    ZippedProduct::try_zipped_product / zipped_product via ZippedProductArg;
    /// `tiled_product(A ∘ O ∘ B, T) = A ∘ O ∘ tiled_product(B, T)`.
    TiledProduct::try_tiled_product / tiled_product via TiledProductArg;
    /// `flat_product(A ∘ O ∘ B, T) = A ∘ O ∘ flat_product(B, T)`.
    FlatProduct::try_flat_product / flat_product via FlatProductArg;
    /// `blocked_product(A ∘ O ∘ B, T) = A ∘ O ∘ blocked_product(B, T)`.
    BlockedProduct::try_blocked_product / blocked_product via BlockedProductArg;
    /// `raked_product(A ∘ O ∘ B, T) = A ∘ O ∘ raked_product(B, T)`.
    RakedProduct::try_raked_product / raked_product via RakedProductArg;
    /// `coalesce(A ∘ O ∘ B, P) = A ∘ O ∘ coalesce(B, P)` (by-mode, with a profile).
    CoalesceByMode::try_coalesce_by_mode / coalesce_by_mode via CoalesceByModeArg;
    /// `tile_to_shape(A ∘ O ∘ B, T) = A ∘ O ∘ tile_to_shape(B, T)` (CuTe
    /// `layout_composed.hpp`): a swizzled shared-memory tile built from a swizzled atom.
    ///
    /// ```
    /// use cute_layout::{layout, AnyLayout, SwizzleFn};
    /// use cute_layout::typenum::{U128, U64};
    /// let atom = layout!(Sw<3,4,3> o 0 o (8,64):(64,1));
    /// let tile = atom.tile_to_shape((U128::default(), U64::default()));
    /// assert_eq!(tile.to_string(), "Sw<3,4,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))");
    /// // The swizzle acts on the tile's offsets: row 10 is row 2 of the second atom (+512).
    /// assert_eq!(tile.layout_b().call((8 + 2, 17)), 512 + atom.layout_b().call((2, 17)));
    /// assert_eq!(tile.call((8 + 2, 17)), atom.layout_a().apply(512 + 145));
    /// ```
    TileToShape::try_tile_to_shape / tile_to_shape via TileToShapeArg;
}

/// `tile_to_shape(A ∘ O ∘ B, T, order) = A ∘ O ∘ tile_to_shape(B, T, order)` (CuTe
/// `layout_composed.hpp`).
impl<A, O, B, T, Ord> typelevel::TileToShapeOrdered<T, Ord> for ComposedLayout<A, O, B>
where
    A: ComposedOuter,
    O: ComposedOffset,
    B: ComposedInner + typelevel::TileToShapeOrdered<T, Ord>,
    <B as typelevel::TileToShapeOrdered<T, Ord>>::Output: ComposedInner,
{
    type Output = ComposedLayout<A, O, <B as typelevel::TileToShapeOrdered<T, Ord>>::Output>;
    #[inline]
    fn try_tile_to_shape_ordered(&self, target: T, order: Ord) -> Result<Self::Output> {
        self.with_inner(self.b.try_tile_to_shape_ordered(target, order)?)
    }
}

macro_rules! on_inner_nullary {
    ($($(#[$doc:meta])* $Trait:ident::$try_m:ident / $m:ident;)*) => {$(
        $(#[$doc])*
        impl<A, O, B> typelevel::$Trait for ComposedLayout<A, O, B>
        where
            A: ComposedOuter,
            O: ComposedOffset,
            B: ComposedInner + typelevel::$Trait,
            <B as typelevel::$Trait>::Output: ComposedInner,
        {
            type Output = ComposedLayout<A, O, <B as typelevel::$Trait>::Output>;
            #[inline]
            fn $try_m(&self) -> Result<Self::Output> {
                self.with_inner(self.b.$try_m()?)
            }
        }
        impl<A, O, B> ComposedLayout<A, O, B> {
            #[doc = concat!("See [`", stringify!($Trait), "`](crate::typelevel::", stringify!($Trait), "): `A ∘ O ∘ ", stringify!($m), "(B)`.")]
            #[inline(always)]
            pub fn $try_m(&self) -> Result<<Self as typelevel::$Trait>::Output>
            where
                Self: typelevel::$Trait,
            {
                <Self as typelevel::$Trait>::$try_m(self)
            }
            #[doc = concat!("See [`", stringify!($Trait), "`](crate::typelevel::", stringify!($Trait), "); panics with the error's message where `", stringify!($try_m), "` errs.")]
            #[inline(always)]
            #[track_caller]
            pub fn $m(&self) -> <Self as typelevel::$Trait>::Output
            where
                Self: typelevel::$Trait,
            {
                <Self as typelevel::$Trait>::$m(self)
            }
        }
    )*};
}

on_inner_nullary! {
    /// `coalesce(A ∘ O ∘ B) = A ∘ O ∘ coalesce(B)`: same values at every integral coordinate.
    Coalesce::try_coalesce / coalesce;
    /// `flatten(A ∘ O ∘ B) = A ∘ O ∘ flatten(B)`.
    Flatten::try_flatten / flatten;
}

/// `group_modes(A ∘ O ∘ B) = A ∘ O ∘ group_modes(B)` (CuTe's `group<Begin, End>`).
impl<A, O, B, Bg, E> typelevel::GroupModes<Bg, E> for ComposedLayout<A, O, B>
where
    A: ComposedOuter,
    O: ComposedOffset,
    B: ComposedInner + typelevel::GroupModes<Bg, E>,
    <B as typelevel::GroupModes<Bg, E>>::Output: ComposedInner,
{
    type Output = ComposedLayout<A, O, <B as typelevel::GroupModes<Bg, E>>::Output>;
    #[inline]
    fn try_group_modes(&self) -> Result<Self::Output> {
        self.with_inner(self.b.try_group_modes()?)
    }
}

/// `complement(A ∘ O ∘ B, M) = complement(B, M)`: a plain layout (CuTe).
impl<A, O, B: typelevel::Complement<M>, M> typelevel::Complement<M> for ComposedLayout<A, O, B> {
    type Output = <B as typelevel::Complement<M>>::Output;
    #[inline]
    fn try_complement(&self, m: M) -> Result<Self::Output> {
        self.b.try_complement(m)
    }
}

/// `complement(A ∘ O ∘ B) = complement(B, cosize(B))`: a plain layout (CuTe's definition,
/// which reads `cosize(B)`).
impl<A, O, B: typelevel::ComplementFull> typelevel::ComplementFull for ComposedLayout<A, O, B> {
    type Output = <B as typelevel::ComplementFull>::Output;
    #[inline]
    fn try_complement_full(&self) -> Result<Self::Output> {
        self.b.try_complement_full()
    }
}

#[track_caller]
fn unwrap<T>(r: Result<T>) -> T {
    match r {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    }
}

/// `composition(Swizzle, L)` (CuTe): the composed layout `Sw ∘ 0 ∘ L`, offset a static 0.
impl<Bb, M, S, L> typelevel::Compose<L> for Swizzle<Bb, M, S>
where
    Swizzle<Bb, M, S>: ComposedOuter,
    L: ComposedInner,
{
    type Output = ComposedLayout<Self, typenum::U0, L>;
    #[inline]
    fn try_compose(&self, l: L) -> Result<Self::Output> {
        ComposedLayout::try_new(*self, typenum::U0::default(), l)
    }
}

/// `composition(Swizzle, L)` for a runtime swizzle: offset a (static) 0.
#[cfg(feature = "alloc")]
impl<L: ComposedInner> typelevel::Compose<L> for DynSwizzle {
    type Output = ComposedLayout<Self, crate::DynInt, L>;
    #[inline]
    fn try_compose(&self, l: L) -> Result<Self::Output> {
        ComposedLayout::try_new(*self, crate::DynInt::fixed(0), l)
    }
}
