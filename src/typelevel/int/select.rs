//! Type-level decisions: three-valued selectors and comparisons of [`Int`]s.
//!
//! A value-dependent choice of an algorithm becomes a selector type computed first —
//! [`B1`] (statically true), [`B0`] (statically false) or [`Dyn`] (decided only at run time) —
//! and an impl chosen by that selector, as typenum does with `Compare` and CuTe C++ with
//! `if constexpr`. A `Dyn` selector makes an algorithm keep what it cannot prove away (a
//! possibly-size-1 mode) and check at run time.

use typenum::{Bit, IsEqual, IsLess, NInt, NonZero, UInt, UTerm, Unsigned, B0, B1};

use crate::int::{Int, Plain, StaticInt};

/// The selector of a decision that depends on runtime values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Dyn;

/// A selector: [`B1`], [`B0`] or [`Dyn`].
pub trait Selector: Plain {
    /// `Some(b)` when statically decided.
    const STATIC: Option<bool>;
}
impl Selector for B1 {
    const STATIC: Option<bool> = Some(true);
}
impl Selector for B0 {
    const STATIC: Option<bool> = Some(false);
}
impl Selector for Dyn {
    const STATIC: Option<bool> = None;
}

/// `a == b` as a selector.
pub trait IntEq<R: Int>: Int {
    /// [`B1`], [`B0`] or [`Dyn`].
    type Output: Selector;
}
/// `a == b` as a selector type.
pub type EqSel<A, B> = <A as IntEq<B>>::Output;

impl<A: StaticInt, B: StaticInt> IntEq<B> for A
where
    A::Signed: IsEqual<B::Signed>,
    <A::Signed as IsEqual<B::Signed>>::Output: Selector,
{
    type Output = <A::Signed as IsEqual<B::Signed>>::Output;
}
impl<A: StaticInt> IntEq<i64> for A {
    type Output = Dyn;
}
impl<B: StaticInt> IntEq<B> for i64 {
    type Output = Dyn;
}
impl IntEq<i64> for i64 {
    type Output = Dyn;
}

/// `a < b` as a selector.
pub trait IntLt<R: Int>: Int {
    /// [`B1`], [`B0`] or [`Dyn`].
    type Output: Selector;
}
/// `a < b` as a selector type.
pub type LtSel<A, B> = <A as IntLt<B>>::Output;

impl<A: StaticInt, B: StaticInt> IntLt<B> for A
where
    A::Signed: IsLess<B::Signed>,
    <A::Signed as IsLess<B::Signed>>::Output: Selector,
{
    type Output = <A::Signed as IsLess<B::Signed>>::Output;
}
impl<A: StaticInt> IntLt<i64> for A {
    type Output = Dyn;
}
impl<B: StaticInt> IntLt<B> for i64 {
    type Output = Dyn;
}
impl IntLt<i64> for i64 {
    type Output = Dyn;
}

/// `a == 1` as a selector (CuTe's `is_constant<1, T>` when [`B1`]).
pub trait IsOne {
    /// [`B1`], [`B0`] or [`Dyn`].
    type Sel: Selector;
}
/// `a == 1` as a selector type.
pub type OneSel<A> = <A as IsOne>::Sel;
impl IsOne for i64 {
    type Sel = Dyn;
}
impl IsOne for UTerm {
    type Sel = B0;
}
impl<U: crate::int::Digits, B: crate::int::Digit> IsOne for UInt<U, B> {
    type Sel = U::IsOneWith<B>;
}
impl<U: Unsigned + NonZero> IsOne for NInt<U> {
    type Sel = B0;
}

/// `a == 0` as a selector.
pub trait IsZero {
    /// [`B1`], [`B0`] or [`Dyn`].
    type Sel: Selector;
}
/// `a == 0` as a selector type.
pub type ZeroSel<A> = <A as IsZero>::Sel;
impl IsZero for i64 {
    type Sel = Dyn;
}
impl IsZero for UTerm {
    type Sel = B1;
}
impl<U: Unsigned, B: Bit> IsZero for UInt<U, B> {
    type Sel = B0;
}
impl<U: Unsigned + NonZero> IsZero for NInt<U> {
    type Sel = B0;
}

/// Logical or of selectors: statically true if either is, statically false if both are.
pub trait SelOr<R> {
    /// The result selector.
    type Output: Selector;
}
impl<R> SelOr<R> for B1 {
    type Output = B1;
}
impl SelOr<B1> for B0 {
    type Output = B1;
}
impl SelOr<B0> for B0 {
    type Output = B0;
}
impl SelOr<Dyn> for B0 {
    type Output = Dyn;
}
impl SelOr<B1> for Dyn {
    type Output = B1;
}
impl SelOr<B0> for Dyn {
    type Output = Dyn;
}
impl SelOr<Dyn> for Dyn {
    type Output = Dyn;
}
/// `a ∨ b` of selectors.
pub type Or<A, B> = <A as SelOr<B>>::Output;

/// Logical and of selectors.
pub trait SelAnd<R> {
    /// The result selector.
    type Output: Selector;
}
impl<R> SelAnd<R> for B0 {
    type Output = B0;
}
impl SelAnd<B0> for B1 {
    type Output = B0;
}
impl SelAnd<B1> for B1 {
    type Output = B1;
}
impl SelAnd<Dyn> for B1 {
    type Output = Dyn;
}
impl SelAnd<B0> for Dyn {
    type Output = B0;
}
impl SelAnd<B1> for Dyn {
    type Output = Dyn;
}
impl SelAnd<Dyn> for Dyn {
    type Output = Dyn;
}
/// `a ∧ b` of selectors.
pub type And<A, B> = <A as SelAnd<B>>::Output;

/// Whether an `IntTuple` has a runtime leaf: [`Dyn`] if so, [`B0`] if every leaf is static.
/// `Or<Sel, AnyDyn<T>>` turns a static "no" into a runtime check when values are dynamic.
pub trait HasDyn {
    /// [`Dyn`] or [`B0`].
    type Sel: Selector;
}
/// [`HasDyn`] as a type.
pub type AnyDyn<T> = <T as HasDyn>::Sel;
impl HasDyn for i64 {
    type Sel = Dyn;
}
impl HasDyn for UTerm {
    type Sel = B0;
}
impl<U: Unsigned, B: Bit> HasDyn for UInt<U, B> {
    type Sel = B0;
}
impl<U: Unsigned + NonZero> HasDyn for NInt<U> {
    type Sel = B0;
}
impl HasDyn for crate::tuple::Nil {
    type Sel = B0;
}
impl<H: HasDyn, T: HasDyn> HasDyn for crate::tuple::Cons<H, T>
where
    H::Sel: SelOr<T::Sel>,
{
    type Sel = Or<H::Sel, T::Sel>;
}
macro_rules! has_dyn_tuple {
    ($(($T:ident $D:ident))*) => {
        impl<$($T,)*> HasDyn for ($($T,)*)
        where
            crate::tuple::cons_type!($($T),*): HasDyn,
        {
            type Sel = <crate::tuple::cons_type!($($T),*) as HasDyn>::Sel;
        }
    };
}
has_dyn_tuple!();
crate::tuple::for_each_tuple_pair!(has_dyn_tuple);

/// A selector that is not statically true: [`B0`] or [`Dyn`].
pub trait NotTrue: Selector {}
impl NotTrue for B0 {}
impl NotTrue for Dyn {}
