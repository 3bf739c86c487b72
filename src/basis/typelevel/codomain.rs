//! The codomain of a basis-strided layout: an arithmetic tuple as a nested tuple of `i64`.

use super::*;

/// A coordinate position that no stride reaches yet (a zero of the codomain).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Absent;
/// A coordinate position that a stride reaches: an `i64` entry of the codomain.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Filled;

/// Insert a basis path (a `Cons` list of typenum indices) into a codomain profile.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the basis paths of the strides are not congruent: one path ends where another continues",
    label = "a stride's basis path reaches a coordinate entry that another stride's path subdivides",
    note = "the codomain of a basis layout is the union of its strides' paths, e.g. `1@0` and `1@1@0` are fine, `1@1` and `1@0@1` are not"
)]
pub trait InsertPath<P> {
    type Output;
}
impl InsertPath<Nil> for Absent {
    type Output = Filled;
}
impl InsertPath<Nil> for Filled {
    type Output = Filled;
}
impl<I, R> InsertPath<Cons<I, R>> for Absent
where
    Nil: ListInsert<I, R>,
{
    type Output = <Nil as ListInsert<I, R>>::Output;
}
impl<I, R> InsertPath<Cons<I, R>> for Nil
where
    Nil: ListInsert<I, R>,
{
    type Output = <Nil as ListInsert<I, R>>::Output;
}
impl<I, R, H, T> InsertPath<Cons<I, R>> for Cons<H, T>
where
    Cons<H, T>: ListInsert<I, R>,
{
    type Output = <Cons<H, T> as ListInsert<I, R>>::Output;
}
/// Insert path `R` at element `I` of a profile list.
#[doc(hidden)]
pub trait ListInsert<I, R> {
    type Output;
}
impl<R> ListInsert<U0, R> for Nil
where
    Absent: InsertPath<R>,
{
    type Output = Cons<<Absent as InsertPath<R>>::Output, Nil>;
}
impl<R, U: Unsigned, B> ListInsert<UInt<U, B>, R> for Nil
where
    UInt<U, B>: core::ops::Sub<B1>,
    Nil: ListInsert<Sub1<UInt<U, B>>, R>,
{
    type Output = Cons<Absent, <Nil as ListInsert<Sub1<UInt<U, B>>, R>>::Output>;
}
impl<R, H: InsertPath<R>, T> ListInsert<U0, R> for Cons<H, T> {
    type Output = Cons<H::Output, T>;
}
impl<R, H, T, U: Unsigned, B> ListInsert<UInt<U, B>, R> for Cons<H, T>
where
    UInt<U, B>: core::ops::Sub<B1>,
    T: ListInsert<Sub1<UInt<U, B>>, R>,
{
    type Output = Cons<H, <T as ListInsert<Sub1<UInt<U, B>>, R>>::Output>;
}

/// A profile as a coordinate type: `Absent` and `Filled` entries become `i64`, lists tuples.
#[doc(hidden)]
pub trait Realize {
    type Output: Plain;
}
impl Realize for Absent {
    type Output = i64;
}
impl Realize for Filled {
    type Output = i64;
}
impl Realize for Nil {
    type Output = ();
}
impl<H, T> Realize for Cons<H, T>
where
    Cons<H, T>: RealizeList,
    <Cons<H, T> as RealizeList>::Output: FromCons,
{
    type Output = TupleOf<<Cons<H, T> as RealizeList>::Output>;
}
#[doc(hidden)]
pub trait RealizeList {
    type Output;
}
impl RealizeList for Nil {
    type Output = Nil;
}
impl<H: Realize, T: RealizeList> RealizeList for Cons<H, T> {
    type Output = Cons<H::Output, T::Output>;
}

/// The codomain profile of stride `Self` (`Absent`/`Filled` leaves, `Cons` lists), computed with the stride as the self type: for a stride not known yet (the
/// coherence checks of other impls) every bound is ambiguous at once instead of expanding every
/// possible stride tree.
#[doc(hidden)]
pub trait CodomainProfile {
    type Output;
}
impl<D: StrideProfile<Absent>> CodomainProfile for D {
    type Output = D::Output;
}
/// The profile `Prof` with every basis path of stride `Self` inserted.
#[doc(hidden)]
pub trait StrideProfile<Prof> {
    type Output;
}
impl<Prof> StrideProfile<Prof> for UTerm {
    type Output = Prof;
}
macro_rules! int_stride_profile {
    ([$($g:tt)*] $T:ty) => {
        impl<Prof: InsertPath<Nil>, $($g)*> StrideProfile<Prof> for $T {
            type Output = Prof::Output;
        }
    };
}
int_stride_profile!([] i64);
int_stride_profile!([U: crate::int::Digits, B: crate::int::Digit] UInt<U, B>);
int_stride_profile!([U: crate::int::Digits + typenum::NonZero] typenum::NInt<U>);
impl<Prof, V, P: ToCons> StrideProfile<Prof> for ScaledBasis<V, P>
where
    Prof: InsertPath<P::Cons>,
{
    type Output = <Prof as InsertPath<P::Cons>>::Output;
}
impl<Prof, T: ToCons> StrideProfile<Prof> for T
where
    T::Cons: ConsStrideProfile<Prof>,
{
    type Output = <T::Cons as ConsStrideProfile<Prof>>::Output;
}
#[doc(hidden)]
pub trait ConsStrideProfile<Prof> {
    type Output;
}
impl<Prof> ConsStrideProfile<Prof> for Nil {
    type Output = Prof;
}
impl<Prof, H: StrideProfile<Prof>, T: ConsStrideProfile<H::Output>> ConsStrideProfile<Prof>
    for Cons<H, T>
{
    type Output = T::Output;
}
/// The codomain of a layout with stride `D`: the coordinate type its evaluation returns, a
/// nested tuple of `i64` whose profile is the union of the strides' basis paths (CuTe's
/// `ArithmeticTuple`); `i64` for integer strides.
///
/// ```
/// use cute_layout::{Codomain, E, E0, E1, typenum::{U0, U1}};
/// static_assertions::assert_type_eq_all!(Codomain<(E0, E1)>, (i64, i64));
/// static_assertions::assert_type_eq_all!(Codomain<(E1, E<(U0, U1)>)>, ((i64, i64), i64));
/// static_assertions::assert_type_eq_all!(Codomain<E<()>>, i64);
/// ```
pub type Codomain<D> = <<D as CodomainProfile>::Output as Realize>::Output;

/// Add `v` at a path (a `Cons` list of typenum indices) of a coordinate.
#[doc(hidden)]
pub trait AddAt<P>: Sized {
    fn add_at(self, v: i64) -> Self;
    fn try_add_at(self, v: i64) -> Result<Self>;
}
impl AddAt<Nil> for i64 {
    #[inline(always)]
    fn add_at(self, v: i64) -> i64 {
        self.wrapping_add(v)
    }
    #[inline(always)]
    fn try_add_at(self, v: i64) -> Result<i64> {
        self.checked_add(v)
            .ok_or_else(|| crate::error::layout_error!(ErrorKind::Overflow, "{self} + {v}"))
    }
}
impl<T: ToCons, I, R> AddAt<Cons<I, R>> for T
where
    T::Cons: ConsAddAt<I, R>,
{
    #[inline(always)]
    fn add_at(self, v: i64) -> Self {
        self.to_cons().cons_add_at(v).from_cons()
    }
    #[inline(always)]
    fn try_add_at(self, v: i64) -> Result<Self> {
        Ok(self.to_cons().try_cons_add_at(v)?.from_cons())
    }
}
#[doc(hidden)]
pub trait ConsAddAt<I, R>: Sized {
    fn cons_add_at(self, v: i64) -> Self;
    fn try_cons_add_at(self, v: i64) -> Result<Self>;
}
impl<H: AddAt<R>, T, R> ConsAddAt<U0, R> for Cons<H, T> {
    #[inline(always)]
    fn cons_add_at(self, v: i64) -> Self {
        Cons(self.0.add_at(v), self.1)
    }
    #[inline(always)]
    fn try_cons_add_at(self, v: i64) -> Result<Self> {
        Ok(Cons(self.0.try_add_at(v)?, self.1))
    }
}
impl<H, T, R, U: Unsigned, B> ConsAddAt<UInt<U, B>, R> for Cons<H, T>
where
    UInt<U, B>: core::ops::Sub<B1>,
    T: ConsAddAt<Sub1<UInt<U, B>>, R>,
{
    #[inline(always)]
    fn cons_add_at(self, v: i64) -> Self {
        Cons(self.0, self.1.cons_add_at(v))
    }
    #[inline(always)]
    fn try_cons_add_at(self, v: i64) -> Result<Self> {
        Ok(Cons(self.0, self.1.try_cons_add_at(v)?))
    }
}

/// Add `k · leaf` to a coordinate (`Self`): a basis adds `k·v` at its path, an integer adds
/// `k·d` to an integral coordinate, a static 0 adds nothing.
#[doc(hidden)]
pub trait AddLeaf<L>: Sized {
    fn add_leaf(self, l: L, k: i64) -> Self;
    fn try_add_leaf(self, l: L, k: i64) -> Result<Self>;
}
use crate::rules::int::checked_mul;
impl<C> AddLeaf<UTerm> for C {
    #[inline(always)]
    fn add_leaf(self, _: UTerm, _: i64) -> Self {
        self
    }
    #[inline(always)]
    fn try_add_leaf(self, _: UTerm, _: i64) -> Result<Self> {
        Ok(self)
    }
}
macro_rules! add_int_leaf {
    ([$($g:tt)*] $T:ty) => {
        impl<C: AddAt<Nil>, $($g)*> AddLeaf<$T> for C {
            #[inline(always)]
            fn add_leaf(self, l: $T, k: i64) -> Self {
                self.add_at(k.wrapping_mul(l.value()))
            }
            #[inline(always)]
            fn try_add_leaf(self, l: $T, k: i64) -> Result<Self> {
                self.try_add_at(checked_mul(k, l.value())?)
            }
        }
    };
}
add_int_leaf!([] i64);
add_int_leaf!([U: crate::int::Digits, B: crate::int::Digit] UInt<U, B>);
add_int_leaf!([U: crate::int::Digits + typenum::NonZero] typenum::NInt<U>);
impl<C: AddAt<P::Cons>, V: Int, P: ToCons> AddLeaf<ScaledBasis<V, P>> for C {
    #[inline(always)]
    fn add_leaf(self, l: ScaledBasis<V, P>, k: i64) -> Self {
        self.add_at(k.wrapping_mul(l.value.value()))
    }
    #[inline(always)]
    fn try_add_leaf(self, l: ScaledBasis<V, P>, k: i64) -> Result<Self> {
        self.try_add_at(checked_mul(k, l.value.value())?)
    }
}
