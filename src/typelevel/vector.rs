//! Vectorization in the type system (paper §3.4.2): the largest common contiguous
//! sub-vector of two layouts.

use crate::typelevel::{
    Coalesce, CoalesceOf, Compose, ComposeOf, MaxCommonLayout, MaxCommonVector, MaxCommonVectorOf,
    RightInverse, RightInverseOf,
};
use typenum::{B0, B1, U0, U1};

use crate::error::Result;
use crate::int::Int;
use crate::layout::Layout;

use crate::typelevel::compose::LayoutParts;

use crate::int::select::{IsOne, OneSel};
use crate::tuple::{Cons, Nil};
use crate::typelevel::flat::{FlatModes, FlattenInto, M};

/// The size of the leading mode of a flat mode list when its stride is 1, else 1.
pub trait LeadingUnitMode {
    /// That size.
    type Output: Int;
}
impl<S, D: IsOne, T> LeadingUnitMode for Cons<M<S, D>, T>
where
    S: LeadingSel<OneSel<D>>,
{
    type Output = <S as LeadingSel<OneSel<D>>>::Output;
}
#[doc(hidden)]
pub trait LeadingSel<DIsOne> {
    type Output: Int;
}
impl<S: Int> LeadingSel<B1> for S {
    type Output = S;
}
impl<S> LeadingSel<B0> for S {
    type Output = U1;
}

/// `coalesce(A ∘ B‡)`, whose leading stride-1 mode is the common vector.
pub type CommonLayout<A, B> = CoalesceOf<ComposeOf<A, RightInverseOf<B>>>;

impl<S, D, B> MaxCommonVector<B> for Layout<S, D>
where
    B: RightInverse,
    Layout<S, D>: Compose<RightInverseOf<B>>,
    ComposeOf<Layout<S, D>, RightInverseOf<B>>: Coalesce,
    CommonLayout<Layout<S, D>, B>: LayoutParts,
    <CommonLayout<Layout<S, D>, B> as LayoutParts>::Shape:
        FlattenInto<<CommonLayout<Layout<S, D>, B> as LayoutParts>::Stride, Nil>,
    FlatModes<
        <CommonLayout<Layout<S, D>, B> as LayoutParts>::Shape,
        <CommonLayout<Layout<S, D>, B> as LayoutParts>::Stride,
    >: LeadingUnitMode,
{
    type Output = <FlatModes<
        <CommonLayout<Layout<S, D>, B> as LayoutParts>::Shape,
        <CommonLayout<Layout<S, D>, B> as LayoutParts>::Stride,
    > as LeadingUnitMode>::Output;
    #[inline(always)]
    fn try_max_common_vector(&self, _: &B) -> Result<i64> {
        Ok(<Self::Output as Default>::default().value())
    }
}

impl<S, D, B> MaxCommonLayout<B> for Layout<S, D>
where
    Layout<S, D>: MaxCommonVector<B>,
    B: RightInverse,
    RightInverseOf<B>:
        TruncateSel<MaxCommonVectorOf<Layout<S, D>, B>, OneSel<MaxCommonVectorOf<Layout<S, D>, B>>>,
{
    type Output = <RightInverseOf<B> as TruncateSel<
        MaxCommonVectorOf<Layout<S, D>, B>,
        OneSel<MaxCommonVectorOf<Layout<S, D>, B>>,
    >>::Output;
    #[inline(always)]
    fn try_max_common_layout(&self, _: &B) -> Result<Self::Output> {
        Ok(Default::default())
    }
}
/// `[L]_K = L ∘ K:1`, or `1:0` when `K = 1`.
#[doc(hidden)]
pub trait TruncateSel<K, KIsOne> {
    type Output: Default;
}
impl<L, K> TruncateSel<K, B1> for L {
    type Output = Layout<U1, U0>;
}
impl<L, K> TruncateSel<K, B0> for L
where
    L: Compose<Layout<K, U1>>,
    ComposeOf<L, Layout<K, U1>>: Default,
{
    type Output = ComposeOf<L, Layout<K, U1>>;
}
