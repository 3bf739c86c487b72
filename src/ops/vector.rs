//! Vectorization in the type system (paper §3.4.2): the largest common contiguous
//! sub-vector of two layouts.

use typenum::{B0, B1, U0, U1};

use crate::error::Result;
use crate::int::Int;
use crate::layout::Layout;
use crate::ops::coalesce::{Coalesce, Coalesced};
use crate::ops::compose::{Compose, Composition, LayoutParts};
use crate::ops::inverse::{RightInverse, RightInverseOf};
use crate::ops::modes::{FlatModes, FlattenInto, M};
use crate::ops::select::{IsOne, OneSel};
use crate::tuple::{Cons, Nil};

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
pub type CommonLayout<A, B> = Coalesced<Composition<A, RightInverseOf<B>>>;

/// `max_common_vector(A, B)` (paper §3.4.2): the largest `K` such that `A‡(k) = B‡(k)` for
/// `k < K` — the size of the stride-1 leading mode of `coalesce(A ∘ B‡)`, or 1 when it has
/// none. Static layouts only; an inadmissible `A ∘ B‡` does not compile.
///
/// With nested layouts, name the result with [`MaxCommonVectorOf`]: the method call is
/// resolved before its argument's type is known and can overflow the recursion limit (as
/// `a.compose(b)` can).
///
/// ```
/// use cute_layout::{layout, Layout, ops::{MaxCommonVector, MaxCommonVectorOf}};
/// use cute_layout::typenum::{U2, U32};
/// static_assertions::assert_type_eq_all!(
///     MaxCommonVectorOf<Layout![(4,8):(1,4)], Layout![(4,8):(1,4)]>, U32);
/// static_assertions::assert_type_eq_all!(
///     MaxCommonVectorOf<Layout![(2,4):(1,8)], Layout![(2,4):(1,2)]>, U2);
/// assert_eq!(layout!((4,8):(1,4)).max_common_vector(&layout!((4,8):(8,1))), 1);
/// ```
pub trait MaxCommonVector<B> {
    /// `K`, a static integer.
    type Output: Int;
    /// `K`.
    fn max_common_vector(&self, b: &B) -> i64 {
        let _ = b;
        Self::Output::default().value()
    }
}
/// `max_common_vector(A, B)` as a type.
pub type MaxCommonVectorOf<A, B> = <A as MaxCommonVector<B>>::Output;

impl<A, B> MaxCommonVector<B> for A
where
    B: RightInverse,
    A: Compose<RightInverseOf<B>>,
    Composition<A, RightInverseOf<B>>: Coalesce,
    CommonLayout<A, B>: LayoutParts,
    <CommonLayout<A, B> as LayoutParts>::Shape:
        FlattenInto<<CommonLayout<A, B> as LayoutParts>::Stride, Nil>,
    FlatModes<
        <CommonLayout<A, B> as LayoutParts>::Shape,
        <CommonLayout<A, B> as LayoutParts>::Stride,
    >: LeadingUnitMode,
{
    type Output = <FlatModes<
        <CommonLayout<A, B> as LayoutParts>::Shape,
        <CommonLayout<A, B> as LayoutParts>::Stride,
    > as LeadingUnitMode>::Output;
}

/// `max_common_layout(A, B)` (paper Eq. 25): `[B‡]_K = B‡ ∘ K:1`, the layout of the
/// coordinates of the `K = max_common_vector(A, B)` offsets that both layouts produce at the
/// same coordinates; `1:0` when `K = 1`. Static layouts only.
///
/// ```
/// use cute_layout::{layout, Layout, ops::{MaxCommonLayout, MaxCommonLayoutOf}};
/// static_assertions::assert_type_eq_all!(
///     MaxCommonLayoutOf<Layout![(4,8):(8,1)], Layout![(4,8):(8,1)]>, Layout![(8,4):(4,1)]);
/// let r = layout!((2,4):(1,8)).max_common_layout(&layout!((2,4):(1,2)));
/// assert_eq!(r.to_string(), "2:1");
/// ```
pub trait MaxCommonLayout<B> {
    /// `[B‡]_K`.
    type Output;
    /// `[B‡]_K` (static: never an error).
    fn try_max_common_layout(&self, b: &B) -> Result<Self::Output>;
    /// `[B‡]_K`.
    fn max_common_layout(&self, b: &B) -> Self::Output {
        match self.try_max_common_layout(b) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }
}
/// `max_common_layout(A, B)` as a type.
pub type MaxCommonLayoutOf<A, B> = <A as MaxCommonLayout<B>>::Output;

impl<A, B> MaxCommonLayout<B> for A
where
    A: MaxCommonVector<B>,
    B: RightInverse,
    RightInverseOf<B>: TruncateSel<MaxCommonVectorOf<A, B>, OneSel<MaxCommonVectorOf<A, B>>>,
{
    type Output = <RightInverseOf<B> as TruncateSel<
        MaxCommonVectorOf<A, B>,
        OneSel<MaxCommonVectorOf<A, B>>,
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
    Composition<L, Layout<K, U1>>: Default,
{
    type Output = Composition<L, Layout<K, U1>>;
}
