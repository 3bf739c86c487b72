//! Right and left inverses in the type system (paper §3.4, Tables 5 and 6).
//!
//! Both work on the coalesced flat modes of `L`, each with its index stride (the compact
//! column-major stride of its position), and need a static layout: finding a mode by its
//! stride and sorting modes by stride are decisions on stride values.

use crate::typelevel::{LeftInverse, RightInverse};
use core::marker::PhantomData;

use core::ops::Add;

use typenum::{Add1, B0, B1, U0, U1};

use crate::basis::typelevel::{Absent, CodomainProfile, Filled, PathPush, StrideTuple};
use crate::error::Result;
use crate::int::select::{Dyn, EqSel, IntEq, IntLt, IsOne, IsZero, LtSel, OneSel, ZeroSel};
use crate::int::{Int, IntDiv, IntMul, IntRem, Mod, Plain, Prod, Quot};
use crate::layout::Layout;
use crate::tuple::{Cons, FromCons, Nil, TupleOf};
use crate::typelevel::basis_complement::SelectAlong;
use crate::typelevel::coalesce::CoalesceList;
use crate::typelevel::complement::NonNegative;
use crate::typelevel::compose::LayoutParts;
use crate::typelevel::flat::SortByStride;
use crate::typelevel::flat::{FlatModes, FlattenInto, LayoutOf, ToLayout, M};
use crate::typelevel::verdict::{FirstFails, Holds, SecondFails, Verdict2};

/// A mode's shape `S` with its index stride `R` (the position of its first element among
/// the integral coordinates of `L`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ix<S, R>(PhantomData<(S, R)>);

// ---------------------------------------------------------------------------------------------
// The static precondition

/// The inverses search and sort modes by stride, so every leaf must be static.
#[diagnostic::on_unimplemented(
    message = "right_inverse and left_inverse need a static layout; `{Self}` has runtime (`i64`) entries",
    label = "a runtime shape or stride entry",
    note = "the inverse is found by searching and sorting the modes by their strides at compile time; use `cute_layout::algebra` on `to_dyn()` for runtime layouts"
)]
#[doc(hidden)]
pub trait StaticModes {}
impl StaticModes for Nil {}
impl<H: StaticMode, T: StaticModes> StaticModes for Cons<H, T> {}

/// A flat mode `s:d` with static leaves (see [`StaticModes`]).
#[diagnostic::on_unimplemented(
    message = "right_inverse and left_inverse need a static layout; the mode `{Self}` has a runtime (`i64`) entry",
    label = "a runtime shape or stride entry",
    note = "the inverse is found by searching and sorting the modes by their strides at compile time; use `cute_layout::algebra` on `to_dyn()` for runtime layouts"
)]
#[doc(hidden)]
pub trait StaticMode {}
impl<U, B> StaticMode for M<typenum::UInt<U, B>, typenum::UTerm> {}
impl<U, B, U2, B2> StaticMode for M<typenum::UInt<U, B>, typenum::UInt<U2, B2>> {}
impl<U, B, U2: typenum::Unsigned + typenum::NonZero> StaticMode
    for M<typenum::UInt<U, B>, typenum::NInt<U2>>
{
}

/// The coalesced flat modes of a layout, each with its index stride: `M<Ix<s, r>, d>`.
pub trait IndexModes<R> {
    /// The indexed modes.
    type Output: Plain;
}
impl<R> IndexModes<R> for Nil {
    type Output = Nil;
}
impl<S, D, T, R> IndexModes<R> for Cons<M<S, D>, T>
where
    S: Int,
    R: IntMul<S>,
    T: IndexModes<Prod<R, S>>,
    Ix<S, R>: Plain,
    M<Ix<S, R>, D>: Plain,
{
    type Output = Cons<M<Ix<S, R>, D>, <T as IndexModes<Prod<R, S>>>::Output>;
}

/// The coalesced modes of layout `L`, indexed (see [`IndexModes`]).
pub type IndexedModes<L> = <<FlatModes<<L as LayoutParts>::Shape, <L as LayoutParts>::Stride> as CoalesceList>::Output as IndexModes<U1>>::Output;

// ---------------------------------------------------------------------------------------------
// Right inverse: follow the strides from 1.

/// No mode has the stride searched for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NotFound;

/// The first indexed mode whose stride is `Next`, or [`NotFound`].
pub trait FindStride<Next> {
    /// The mode `M<Ix<s, r>, d>` or [`NotFound`].
    type Output;
}
impl<Next> FindStride<Next> for Nil {
    type Output = NotFound;
}
impl<X, D: IntEq<Next>, T, Next: Int> FindStride<Next> for Cons<M<X, D>, T>
where
    Cons<M<X, D>, T>: FindStrideSel<Next, EqSel<D, Next>>,
{
    type Output = <Cons<M<X, D>, T> as FindStrideSel<Next, EqSel<D, Next>>>::Output;
}
#[doc(hidden)]
pub trait FindStrideSel<Next, Found> {
    type Output;
}
impl<H, T, Next> FindStrideSel<Next, B1> for Cons<H, T> {
    type Output = H;
}
impl<H, T: FindStride<Next>, Next> FindStrideSel<Next, B0> for Cons<H, T> {
    type Output = T::Output;
}
/// Runtime strides are rejected by `StaticModes`; this only keeps that the first error.
impl<H, T, Next> FindStrideSel<Next, Dyn> for Cons<H, T> {
    type Output = NotFound;
}

/// The right inverse's modes `s:r`, following the modes of `Self` from stride `Next`: the
/// mode of stride `Next` contributes, and the search goes on at stride `s·d`.
pub trait RightInverseChain<Next> {
    /// The result modes.
    type Output: Plain;
}
impl<L: FindStride<Next>, Next> RightInverseChain<Next> for L
where
    L::Output: ChainStep<L>,
{
    type Output = <L::Output as ChainStep<L>>::Output;
}
#[doc(hidden)]
pub trait ChainStep<L> {
    type Output: Plain;
}
impl<L> ChainStep<L> for NotFound {
    type Output = Nil;
}
impl<L, S: IntMul<D>, R: Plain, D: Int> ChainStep<L> for M<Ix<S, R>, D>
where
    L: RightInverseChain<Prod<S, D>>,
{
    type Output = Cons<M<S, R>, <L as RightInverseChain<Prod<S, D>>>::Output>;
}

impl<L> RightInverse for L
where
    L: LayoutParts,
    L::Shape: FlattenInto<L::Stride, Nil>,
    FlatModes<L::Shape, L::Stride>: StaticModes + CoalesceList,
    <FlatModes<L::Shape, L::Stride> as CoalesceList>::Output: IndexModes<U1>,
    IndexedModes<L>: RightInverseChain<U1>,
    <IndexedModes<L> as RightInverseChain<U1>>::Output: ToLayout,
    LayoutOf<<IndexedModes<L> as RightInverseChain<U1>>::Output>: Default,
{
    type Output = LayoutOf<<IndexedModes<L> as RightInverseChain<U1>>::Output>;
    #[inline(always)]
    fn try_right_inverse(&self) -> Result<Self::Output> {
        Ok(Default::default())
    }
}

// ---------------------------------------------------------------------------------------------
// Left inverse: read an offset as mixed-radix digits of the strides in increasing order.

/// Drop the indexed modes of stride 0 (they do not contribute to the image).
pub trait DropZeroStrides {
    /// The kept modes.
    type Output: Plain;
}
impl DropZeroStrides for Nil {
    type Output = Nil;
}
impl<X, D: IsZero, T: DropZeroStrides> DropZeroStrides for Cons<M<X, D>, T>
where
    Cons<M<X, D>, T::Output>: DropSel<ZeroSel<D>>,
{
    type Output = <Cons<M<X, D>, T::Output> as DropSel<ZeroSel<D>>>::Output;
}
#[doc(hidden)]
pub trait DropSel<Drop> {
    type Output: Plain;
}
impl<H, T: Plain> DropSel<B1> for Cons<H, T> {
    type Output = T;
}
impl<H: Plain, T: Plain> DropSel<B0> for Cons<H, T> {
    type Output = Cons<H, T>;
}

/// Every stride of a flat mode list is non-negative ([`NonNegative`]).
pub trait NonNegativeStrides {}
impl NonNegativeStrides for Nil {}
impl<S, D: NonNegative, T: NonNegativeStrides> NonNegativeStrides for Cons<M<S, D>, T> {}

with_diagnostic! {
    (
        message = "left_inverse of a non-injective layout: two of its modes overlap",
        label = "in stride order a mode s:d must end before the next stride d': `{Self}` (s·d, d') is not",
        note = "a left inverse reads an offset as mixed-radix digits, one per mode; overlapping modes give no such reading"
    )
    /// In stride order, each mode must end before the next begins: `s·d ≤ d'`. Implemented by
    /// `(s·d, d')` pairs that satisfy it.
    #[doc(hidden)]
    pub trait LeftInverseInjective {}
    #[doc(hidden)]
    pub trait LeftInverseInjectiveSel<Sel> {}
}
/// `(s·d, d')` holds when `s·d ≤ d'`.
#[diagnostic::do_not_recommend]
impl<E: Int, D1: IntLt<E>> LeftInverseInjective for (E, D1) where
    (E, D1): LeftInverseInjectiveSel<LtSel<D1, E>>
{
}
impl<T> LeftInverseInjectiveSel<B0> for T {}

with_diagnostic! {
    (
        message = "left_inverse: a stride does not divide the next larger stride",
        label = "in stride order each stride must divide the next: `{Self}` (d, d') does not",
        note = "offsets are read as mixed-radix digits `⌊x/d⌋ mod d'/d`, which needs d | d'"
    )
    /// In stride order, each stride must divide the next one: implemented by `(d, d')` pairs with
    /// `d | d'`.
    #[doc(hidden)]
    pub trait LeftInverseDivisibility {}
    #[doc(hidden)]
    pub trait LeftInverseDivisibilitySel<Sel> {}
}
/// `(d, d')` holds when `d | d'`.
#[diagnostic::do_not_recommend]
impl<D: Int, D1: IntRem<D>> LeftInverseDivisibility for (D, D1) where
    (D, D1): LeftInverseDivisibilitySel<ZeroSel<Mod<D1, D>>>
{
}
impl<T> LeftInverseDivisibilitySel<B1> for T {}

// The fold's verdict (`typelevel::verdict`): a violated condition is carried up to
// `LeftInverse`, whose bounds name it.
#[diagnostic::do_not_recommend]
impl LeftInverseInjective for Holds {}
#[diagnostic::do_not_recommend]
impl LeftInverseDivisibility for Holds {}
/// Both conditions of a verdict hold.
#[doc(hidden)]
pub trait LeftInverseHolds {}
impl<V: Verdict2> LeftInverseHolds for V
where
    V::First: LeftInverseInjective,
    V::Second: LeftInverseDivisibility,
{
}

/// The left inverse's modes from the sorted indexed modes: each mode `s:d` with index stride
/// `r` contributes `d'/d : r` where `d'` is the next stride, the last one `s : r`.
pub trait LeftInverseFold {
    /// The result modes.
    type Output: Plain;
    /// The first violated condition ([`Verdict2`]: overlap, then divisibility).
    type Verdict;
}
impl LeftInverseFold for Nil {
    type Output = Nil;
    type Verdict = Holds;
}
impl<S: Plain, R: Plain, D> LeftInverseFold for Cons<M<Ix<S, R>, D>, Nil> {
    type Output = Cons<M<S, R>, Nil>;
    type Verdict = Holds;
}
impl<S, R, D, X1, D1, T> LeftInverseFold for Cons<M<Ix<S, R>, D>, Cons<M<X1, D1>, T>>
where
    S: IntMul<D>,
    D: Int,
    D1: IntLt<Prod<S, D>> + IntRem<D>,
    Cons<M<Ix<S, R>, D>, Cons<M<X1, D1>, T>>:
        LeftInverseStep<LtSel<D1, Prod<S, D>>, ZeroSel<Mod<D1, D>>>,
{
    type Output = <Cons<M<Ix<S, R>, D>, Cons<M<X1, D1>, T>> as LeftInverseStep<
        LtSel<D1, Prod<S, D>>,
        ZeroSel<Mod<D1, D>>,
    >>::Output;
    type Verdict = <Cons<M<Ix<S, R>, D>, Cons<M<X1, D1>, T>> as LeftInverseStep<
        LtSel<D1, Prod<S, D>>,
        ZeroSel<Mod<D1, D>>,
    >>::Verdict;
}
/// A step of [`LeftInverseFold`] by whether the mode overlaps the next (`d' < s·d`) and whether
/// its stride divides the next.
#[doc(hidden)]
pub trait LeftInverseStep<Overlaps, Divides> {
    type Output: Plain;
    type Verdict;
}
/// The mode contributes `d'/d : r`.
impl<S, R: Plain, D, X1, D1, T> LeftInverseStep<B0, B1> for Cons<M<Ix<S, R>, D>, Cons<M<X1, D1>, T>>
where
    D: Int,
    D1: IntDiv<D>,
    Cons<M<X1, D1>, T>: LeftInverseFold,
{
    type Output = Cons<M<Quot<D1, D>, R>, <Cons<M<X1, D1>, T> as LeftInverseFold>::Output>;
    type Verdict = <Cons<M<X1, D1>, T> as LeftInverseFold>::Verdict;
}
/// The modes overlap: the verdict names `(s·d, d')`.
impl<S: IntMul<D>, R, D: Int, X1, D1, T, Dv> LeftInverseStep<B1, Dv>
    for Cons<M<Ix<S, R>, D>, Cons<M<X1, D1>, T>>
{
    type Output = Nil;
    type Verdict = FirstFails<(Prod<S, D>, D1)>;
}
/// The stride does not divide the next: the verdict names `(d, d')`.
impl<S, R, D, X1, D1, T> LeftInverseStep<B0, B0> for Cons<M<Ix<S, R>, D>, Cons<M<X1, D1>, T>> {
    type Output = Nil;
    type Verdict = SecondFails<(D, D1)>;
}

/// The leading mode `d₀ : 0` of the left inverse (offsets below the smallest stride `d₀`),
/// only when `d₀ > 1`.
pub trait LeftInverseLead {
    /// The result modes, the leading one added.
    type Output: Plain;
    /// The fold's verdict.
    type Verdict;
}
impl LeftInverseLead for Nil {
    type Output = Nil;
    type Verdict = Holds;
}
impl<X, D: IsOne, T> LeftInverseLead for Cons<M<X, D>, T>
where
    Cons<M<X, D>, T>: LeftInverseFold + LeadSel<OneSel<D>>,
{
    type Output = <Cons<M<X, D>, T> as LeadSel<OneSel<D>>>::Output;
    type Verdict = <Cons<M<X, D>, T> as LeftInverseFold>::Verdict;
}
#[doc(hidden)]
pub trait LeadSel<DIsOne> {
    type Output: Plain;
}
impl<X, D, T> LeadSel<B1> for Cons<M<X, D>, T>
where
    Cons<M<X, D>, T>: LeftInverseFold,
{
    type Output = <Cons<M<X, D>, T> as LeftInverseFold>::Output;
}
impl<X, D: Plain, T> LeadSel<B0> for Cons<M<X, D>, T>
where
    Cons<M<X, D>, T>: LeftInverseFold,
{
    type Output = Cons<M<D, U0>, <Cons<M<X, D>, T> as LeftInverseFold>::Output>;
}

/// The left inverse of a list of indexed integer modes (`Self`, each `M<Ix<s, r>, d>`): the
/// modes of stride 0 dropped, the rest sorted by stride, read as mixed-radix digits
/// ([`LeftInverseLead`], [`LeftInverseFold`]) and coalesced. One rule for integer layouts and
/// for each component of a basis-strided one.
#[doc(hidden)]
pub trait LeftInverseOfModes {
    type Output: LayoutParts + Default;
    /// The fold's verdict ([`Verdict2`]: overlap, then divisibility).
    type Verdict;
}
impl<X> LeftInverseOfModes for X
where
    X: DropZeroStrides,
    X::Output: SortByStride,
    <X::Output as SortByStride>::Output: LeftInverseLead,
    <<X::Output as SortByStride>::Output as LeftInverseLead>::Output: CoalesceList,
    <<<X::Output as SortByStride>::Output as LeftInverseLead>::Output as CoalesceList>::Output:
        ToLayout,
    LayoutOf<
        <<<X::Output as SortByStride>::Output as LeftInverseLead>::Output as CoalesceList>::Output,
    >: LayoutParts + Default,
{
    type Output = LayoutOf<
        <<<X::Output as SortByStride>::Output as LeftInverseLead>::Output as CoalesceList>::Output,
    >;
    type Verdict = <<X::Output as SortByStride>::Output as LeftInverseLead>::Verdict;
}

impl<L> LeftInverse for L
where
    L: LayoutParts,
    L::Stride: StrideTuple,
    L: LeftInverseKind<<L::Stride as StrideTuple>::HasBasis>,
    <L as LeftInverseKind<<L::Stride as StrideTuple>::HasBasis>>::Verdict: Verdict2,
    <<L as LeftInverseKind<<L::Stride as StrideTuple>::HasBasis>>::Verdict as Verdict2>::First:
        LeftInverseInjective,
    <<L as LeftInverseKind<<L::Stride as StrideTuple>::HasBasis>>::Verdict as Verdict2>::Second:
        LeftInverseDivisibility,
{
    type Output = <L as LeftInverseKind<<L::Stride as StrideTuple>::HasBasis>>::Output;
    #[inline(always)]
    fn try_left_inverse(&self) -> Result<Self::Output> {
        Ok(Default::default())
    }
}

/// [`LeftInverse`] by stride kind `K` ([`StrideTuple::HasBasis`]): integer strides, or basis
/// strides by codomain component.
#[doc(hidden)]
pub trait LeftInverseKind<K> {
    type Output: Default;
    type Verdict;
}
impl<L> LeftInverseKind<B0> for L
where
    L: LayoutParts,
    L::Shape: FlattenInto<L::Stride, Nil>,
    FlatModes<L::Shape, L::Stride>: StaticModes + NonNegativeStrides + CoalesceList,
    <FlatModes<L::Shape, L::Stride> as CoalesceList>::Output: IndexModes<U1>,
    IndexedModes<L>: LeftInverseOfModes,
{
    type Output = <IndexedModes<L> as LeftInverseOfModes>::Output;
    type Verdict = <IndexedModes<L> as LeftInverseOfModes>::Verdict;
}

// ---------------------------------------------------------------------------------------------
// Left inverse with basis strides, by codomain component

/// `left_inverse(L)` for basis strides (as the runtime engine's
/// [`algebra::basis::try_left_inverse`](crate::runtime::basis::try_left_inverse)): for each
/// leaf `e_p` of the codomain, the indexed modes of `L` along `e_p` are left-inverted as
/// integer modes ([`LeftInverseOfModes`]), their index strides being positions in all of `L`;
/// the result has the codomain's structure with each leaf replaced by that component's left
/// inverse, so `L†(c) = Σ_p L†_p(c_p)`.
///
/// ```
/// use cute_layout::{layout, Layout, ops::LeftInverseOf};
/// // (i, j) ↦ (j, i): coordinate (c0, c1) is index 4·c0 + c1.
/// static_assertions::assert_type_eq_all!(
///     LeftInverseOf<Layout![(4,5):(1@1,1@0)]>, Layout![(5,4):(4,1)]);
/// assert_eq!(layout!((3,(2,2)):(34@0,(2@0,2@1))).left_inverse().to_string(),
///            "((2,17,3),(2,2)):((0,3,1),(0,6))");
/// ```
impl<L> LeftInverseKind<B1> for L
where
    L: LayoutParts,
    L::Shape: FlattenInto<L::Stride, Nil>,
    FlatModes<L::Shape, L::Stride>: CoalesceList,
    <FlatModes<L::Shape, L::Stride> as CoalesceList>::Output: IndexModes<U1>,
    L::Stride: CodomainProfile,
    <L::Stride as CodomainProfile>::Output:
        LeftInverseWalk<IndexedModes<L>, FlatModes<L::Shape, L::Stride>, Nil>,
{
    type Output = Layout<
        <<L::Stride as CodomainProfile>::Output as LeftInverseWalk<
            IndexedModes<L>,
            FlatModes<L::Shape, L::Stride>,
            Nil,
        >>::Shape,
        <<L::Stride as CodomainProfile>::Output as LeftInverseWalk<
            IndexedModes<L>,
            FlatModes<L::Shape, L::Stride>,
            Nil,
        >>::Stride,
    >;
    // Each component's fold checks its verdict ([`LeftInverseWalk`]).
    type Verdict = Holds;
}

/// The left inverse over the part `Self` of a codomain profile at path `Prefix` (a `Cons`
/// list), `Modes` being the indexed modes of `L` and `Flat` its flat modes (for the static
/// check): at a leaf, the integer left inverse of the modes along `Prefix`; at a tuple, one per
/// element.
#[doc(hidden)]
pub trait LeftInverseWalk<Modes, Flat, Prefix> {
    type Shape: Plain;
    type Stride: Plain;
}
macro_rules! left_inverse_walk_leaf {
    ($Node:ty) => {
        impl<Modes: SelectAlong<Prefix>, Flat: SelectAlong<Prefix>, Prefix>
            LeftInverseWalk<Modes, Flat, Prefix> for $Node
        where
            Flat::Output: StaticModes + NonNegativeStrides,
            Modes::Output: LeftInverseOfModes,
            <Modes::Output as LeftInverseOfModes>::Verdict: LeftInverseHolds,
        {
            type Shape = <<Modes::Output as LeftInverseOfModes>::Output as LayoutParts>::Shape;
            type Stride = <<Modes::Output as LeftInverseOfModes>::Output as LayoutParts>::Stride;
        }
    };
}
left_inverse_walk_leaf!(Absent);
left_inverse_walk_leaf!(Filled);
impl<H, R, Modes, Flat, Prefix> LeftInverseWalk<Modes, Flat, Prefix> for Cons<H, R>
where
    Cons<H, R>: LeftInverseWalkList<Modes, Flat, Prefix, U0>,
{
    type Shape = TupleOf<<Cons<H, R> as LeftInverseWalkList<Modes, Flat, Prefix, U0>>::Shapes>;
    type Stride = TupleOf<<Cons<H, R> as LeftInverseWalkList<Modes, Flat, Prefix, U0>>::Strides>;
}
/// [`LeftInverseWalk`] over the elements `Self` of a codomain tuple, from index `I`.
#[doc(hidden)]
pub trait LeftInverseWalkList<Modes, Flat, Prefix, I> {
    type Shapes: FromCons;
    type Strides: FromCons;
}
impl<Modes, Flat, Prefix, I> LeftInverseWalkList<Modes, Flat, Prefix, I> for Nil {
    type Shapes = Nil;
    type Strides = Nil;
}
impl<NH, NT, Modes, Flat, Prefix: PathPush<I>, I: Add<B1>>
    LeftInverseWalkList<Modes, Flat, Prefix, I> for Cons<NH, NT>
where
    NH: LeftInverseWalk<Modes, Flat, Prefix::Output>,
    NT: LeftInverseWalkList<Modes, Flat, Prefix, Add1<I>>,
    Cons<NH::Shape, NT::Shapes>: FromCons,
    Cons<NH::Stride, NT::Strides>: FromCons,
{
    type Shapes = Cons<NH::Shape, NT::Shapes>;
    type Strides = Cons<NH::Stride, NT::Strides>;
}
