//! `coalesce` in the type system (paper §3.2).

use crate::typelevel::Coalesce;
use typenum::{B0, B1};

use crate::basis::typelevel::{ScaleBy, Scaled, StrideEq, StrideEqSel, StrideLeaf, StrideTuple};
use crate::error::Result;
use crate::int::select::{IsOne, NotTrue, OneSel};
use crate::int::{Int, IntMul, Plain, Prod};
use crate::layout::Layout;
use crate::tuple::{Cons, IntTuple, Nil};
use crate::typelevel::flat::{FlatModes, FlattenInto, LayoutOf, ToLayout, M};

/// Coalesce a flat mode list (right fold): each mode is pushed in front of the coalesced rest.
pub trait CoalesceList {
    /// The coalesced modes.
    type Output: Plain;
    /// The values.
    fn coalesce_list(self) -> Result<Self::Output>;
}
impl CoalesceList for Nil {
    type Output = Nil;
    #[inline(always)]
    fn coalesce_list(self) -> Result<Nil> {
        Ok(Nil)
    }
}
impl<H, T: CoalesceList> CoalesceList for Cons<H, T>
where
    T::Output: PushFront<H>,
{
    type Output = <T::Output as PushFront<H>>::Output;
    #[inline(always)]
    fn coalesce_list(self) -> Result<Self::Output> {
        self.1.coalesce_list()?.push_front(self.0)
    }
}

/// Put mode `H = s0:d0` in front of a coalesced list whose first mode is `s1:d1`:
///
/// * `s0 = 1`: drop `H`;
/// * `s1 = 1`: replace `s1:d1` by `H`;
/// * `d1 = s0·d0`: merge into `s0·s1 : d0`;
/// * otherwise keep both.
///
/// A condition that depends on runtime values counts as not holding (both modes are kept).
pub trait PushFront<H> {
    /// The list after the push.
    type Output: Plain;
    /// The values.
    fn push_front(self, h: H) -> Result<Self::Output>;
}
impl<S0: IsOne, D0: StrideLeaf> PushFront<M<S0, D0>> for Nil
where
    Nil: PushFrontEmpty<M<S0, D0>, OneSel<S0>>,
{
    type Output = <Nil as PushFrontEmpty<M<S0, D0>, OneSel<S0>>>::Output;
    #[inline(always)]
    fn push_front(self, h: M<S0, D0>) -> Result<Self::Output> {
        Ok(self.push_front_empty(h))
    }
}
#[doc(hidden)]
pub trait PushFrontEmpty<H, Sel> {
    type Output: Plain;
    fn push_front_empty(self, h: H) -> Self::Output;
}
impl<H> PushFrontEmpty<H, B1> for Nil {
    type Output = Nil;
    #[inline(always)]
    fn push_front_empty(self, _: H) -> Nil {
        Nil
    }
}
impl<H: Plain, X: NotTrue> PushFrontEmpty<H, X> for Nil {
    type Output = Cons<H, Nil>;
    #[inline(always)]
    fn push_front_empty(self, h: H) -> Cons<H, Nil> {
        Cons(h, Nil)
    }
}

impl<S0, D0, S1: Int, D1, R> PushFront<M<S0, D0>> for Cons<M<S1, D1>, R>
where
    S0: IsOne + IntMul<S1>,
    S1: IsOne,
    D0: ScaleBy<S0>,
    D1: StrideEq<Scaled<D0, S0>>,
    Cons<M<S1, D1>, R>:
        PushFrontSel<M<S0, D0>, OneSel<S0>, OneSel<S1>, StrideEqSel<D1, Scaled<D0, S0>>>,
{
    type Output = <Cons<M<S1, D1>, R> as PushFrontSel<
        M<S0, D0>,
        OneSel<S0>,
        OneSel<S1>,
        StrideEqSel<D1, Scaled<D0, S0>>,
    >>::Output;
    #[inline(always)]
    fn push_front(self, h: M<S0, D0>) -> Result<Self::Output> {
        self.push_front_sel(h)
    }
}

#[doc(hidden)]
pub trait PushFrontSel<H, DropH, ReplaceHead, Merge> {
    type Output: Plain;
    fn push_front_sel(self, h: H) -> Result<Self::Output>;
}
/// s0 = 1: drop the new mode.
impl<H, L: Plain, A, B> PushFrontSel<H, B1, A, B> for L {
    type Output = L;
    #[inline(always)]
    fn push_front_sel(self, _: H) -> Result<L> {
        Ok(self)
    }
}
/// s1 = 1: the new mode replaces the head.
impl<H: Plain, Hd, R: Plain, X: NotTrue, B> PushFrontSel<H, X, B1, B> for Cons<Hd, R> {
    type Output = Cons<H, R>;
    #[inline(always)]
    fn push_front_sel(self, h: H) -> Result<Cons<H, R>> {
        Ok(Cons(h, self.1))
    }
}
/// d1 = s0·d0: merge.
impl<S0, D0, S1: Int, D1, R: Plain, X: NotTrue, Y: NotTrue> PushFrontSel<M<S0, D0>, X, Y, B1>
    for Cons<M<S1, D1>, R>
where
    S0: IntMul<S1>,
    D0: StrideLeaf,
{
    type Output = Cons<M<Prod<S0, S1>, D0>, R>;
    #[inline(always)]
    fn push_front_sel(self, h: M<S0, D0>) -> Result<Self::Output> {
        Ok(Cons(M(h.0.mul(self.0 .0)?, h.1), self.1))
    }
}
/// Otherwise keep both.
impl<H: Plain, L: Plain, X: NotTrue, Y: NotTrue, Z: NotTrue> PushFrontSel<H, X, Y, Z> for L {
    type Output = Cons<H, L>;
    #[inline(always)]
    fn push_front_sel(self, h: H) -> Result<Cons<H, L>> {
        Ok(Cons(h, self))
    }
}

impl<S, D> Coalesce for Layout<S, D>
where
    S: IntTuple + FlattenInto<D, Nil>,
    D: StrideTuple,
    FlatModes<S, D>: CoalesceList,
    <FlatModes<S, D> as CoalesceList>::Output: ToLayout,
{
    type Output = LayoutOf<<FlatModes<S, D> as CoalesceList>::Output>;
    #[inline(always)]
    fn try_coalesce(&self) -> Result<Self::Output> {
        let a = self;
        static_or_value!((a: &Self) -> Self::Output {
            Ok(a.raw_shape()
                .flatten_into(a.raw_stride(), Nil)
                .coalesce_list()?
                .to_layout())
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Normalising A: coalesce, keeping the last (extension) mode.

/// Coalesce a flat mode list, except that the last mode is never dropped or replaced: past
/// `A`'s domain, `A` continues along its last mode, and composition may evaluate there
/// (`(1,1):(1,1) ∘ 4:1 = 4:1`).
pub trait CoalesceExt {
    /// The coalesced modes, last mode kept.
    type Output: Plain;
    /// The values.
    fn coalesce_ext(self) -> Result<Self::Output>;
}
/// Dispatch on the tail (an unknown tail is then ambiguous at once, which keeps the trait
/// solver from expanding unknown lists when it probes candidates).
impl<H, T: CoalesceExtTail<H>> CoalesceExt for Cons<H, T> {
    type Output = T::Output;
    #[inline(always)]
    fn coalesce_ext(self) -> Result<Self::Output> {
        self.1.coalesce_ext_tail(self.0)
    }
}
#[doc(hidden)]
pub trait CoalesceExtTail<H> {
    type Output: Plain;
    fn coalesce_ext_tail(self, h: H) -> Result<Self::Output>;
}
impl<H: Plain> CoalesceExtTail<H> for Nil {
    type Output = Cons<H, Nil>;
    #[inline(always)]
    fn coalesce_ext_tail(self, h: H) -> Result<Self::Output> {
        Ok(Cons(h, Nil))
    }
}
impl<H, H2, T> CoalesceExtTail<H> for Cons<H2, T>
where
    Cons<H2, T>: CoalesceExt,
    <Cons<H2, T> as CoalesceExt>::Output: PushFrontExt<H>,
{
    type Output = <<Cons<H2, T> as CoalesceExt>::Output as PushFrontExt<H>>::Output;
    #[inline(always)]
    fn coalesce_ext_tail(self, h: H) -> Result<Self::Output> {
        self.coalesce_ext()?.push_front_ext(h)
    }
}

/// [`PushFront`](crate::typelevel::coalesce::PushFront) that protects the last mode.
pub trait PushFrontExt<H> {
    /// The list after the push.
    type Output: Plain;
    /// The values.
    fn push_front_ext(self, h: H) -> Result<Self::Output>;
}
impl<S0, D0, S1, D1> PushFrontExt<M<S0, D0>> for Cons<M<S1, D1>, Nil>
where
    S0: IsOne,
    D0: ScaleBy<S0>,
    D1: StrideEq<Scaled<D0, S0>>,
    Cons<M<S1, D1>, Nil>: PushFrontSel<M<S0, D0>, OneSel<S0>, B0, StrideEqSel<D1, Scaled<D0, S0>>>,
{
    type Output = <Cons<M<S1, D1>, Nil> as PushFrontSel<
        M<S0, D0>,
        OneSel<S0>,
        B0,
        StrideEqSel<D1, Scaled<D0, S0>>,
    >>::Output;
    #[inline(always)]
    fn push_front_ext(self, h: M<S0, D0>) -> Result<Self::Output> {
        self.push_front_sel(h)
    }
}
impl<S0, D0, S1, D1, H2, T> PushFrontExt<M<S0, D0>> for Cons<M<S1, D1>, Cons<H2, T>>
where
    S0: IsOne,
    D0: ScaleBy<S0>,
    S1: IsOne,
    D1: StrideEq<Scaled<D0, S0>>,
    Cons<M<S1, D1>, Cons<H2, T>>:
        PushFrontSel<M<S0, D0>, OneSel<S0>, OneSel<S1>, StrideEqSel<D1, Scaled<D0, S0>>>,
{
    type Output = <Cons<M<S1, D1>, Cons<H2, T>> as PushFrontSel<
        M<S0, D0>,
        OneSel<S0>,
        OneSel<S1>,
        StrideEqSel<D1, Scaled<D0, S0>>,
    >>::Output;
    #[inline(always)]
    fn push_front_ext(self, h: M<S0, D0>) -> Result<Self::Output> {
        self.push_front_sel(h)
    }
}
