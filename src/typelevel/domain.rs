//! Domains shared by two layouts in the type system (PyCuTe, NVlabs/CuTe `pycute/shape.py`,
//! `pycute/algebra.py`): [`CommonRefinement`] and [`CommonCoarsening`] of shapes (paper
//! Definition 2.7), and the walk of `greatest_common_domain` and `layout_add`
//! ([`GreatestCommonDomain`](crate::typelevel::GreatestCommonDomain),
//! [`LayoutAdd`](crate::typelevel::LayoutAdd)). The rules are written once, in the runtime engine's
//! [`algebra::try_greatest_common_domain`](crate::runtime::try_greatest_common_domain) and
//! friends; here they are traits on static (and, for the refinement, mixed) types.

use typenum::{B0, B1, U0, U1};

use crate::error::{layout_error, ErrorKind, Result};
use crate::int::select::{And, Dyn, EqSel, IntEq, IsOne, OneSel, SelAnd, ZeroSel};
use crate::int::{Gcf, Int, IntAdd, IntDiv, IntGcd, IntMul, IntRem, Mod, Plain, Prod, Quot, Sum};
use crate::layout::Layout;
use crate::tuple::{Cons, FromCons, IntTuple, Nil, Size, ToCons, TupleOf};
use crate::typelevel::coalesce::CoalesceList;
use crate::typelevel::flat::{FlatModes, FlattenInto, LayoutOf, ToLayout, Unzip, M};
use crate::typelevel::{GreatestCommonDomain, LayoutAdd};

// ---------------------------------------------------------------------------------------------
// Shapes: leaf or tuple

/// The kind of an `IntTuple`: an integer leaf.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct LeafK;
/// The kind of an `IntTuple`: a tuple.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct TupleK;
/// Whether an `IntTuple` is a leaf or a tuple.
#[doc(hidden)]
pub trait ShapeKind {
    type K;
}
macro_rules! leaf_kind {
    ([$($g:tt)*] $S:ty) => {
        impl<$($g)*> ShapeKind for $S {
            type K = LeafK;
        }
    };
}
crate::tuple::for_each_leaf!(leaf_kind);
impl<T: ToCons> ShapeKind for T {
    type K = TupleK;
}

// ---------------------------------------------------------------------------------------------
// common_refinement

/// `common_refinement(A, B)` (PyCuTe `shape.py`, after paper Definition 2.7): the least shape
/// that refines both shapes in the compatibility order — two tuples of the same rank refine by
/// mode, two integers must be equal, an integer and a tuple give the tuple when its size is
/// the integer. The structure is decided by the types (static and mixed shapes); a static
/// mismatch is a compile error naming the condition ([`RefinementRanks`],
/// [`RefinementValues`]), a runtime one an
/// [`ErrorKind::NoCommonRefinement`](crate::ErrorKind::NoCommonRefinement) error. The same shape
/// as [`algebra::try_common_refinement`](crate::runtime::try_common_refinement), which
/// [`DynTuple`](crate::DynTuple) calls.
///
/// ```
/// use cute_layout::ops::{CommonRefinement, CommonRefinementOf};
/// use cute_layout::typenum::{U2, U3, U5, U15, U30};
/// // PyCuTe's examples.
/// static_assertions::assert_type_eq_all!(CommonRefinementOf<U30, (U2, U15)>, (U2, U15));
/// static_assertions::assert_type_eq_all!(
///     CommonRefinementOf<(U2, U15), (U2, (U3, U5))>, (U2, (U3, U5)));
/// let r = (U2::new(), 15i64).common_refinement(&(2i64, (U3::new(), U5::new())));
/// assert_eq!(r, (U2::new(), (U3::new(), U5::new())));
/// assert!((U2::new(), 14i64).try_common_refinement(&(2i64, (U3::new(), U5::new()))).is_err());
/// ```
pub trait CommonRefinement<B> {
    /// The common refinement.
    type Output;
    /// The common refinement; an error only for runtime values that differ.
    fn try_common_refinement(&self, b: &B) -> Result<Self::Output>;
    /// The common refinement, panicking with the error's message where the `try_` form errs.
    #[track_caller]
    fn common_refinement(&self, b: &B) -> Self::Output {
        match self.try_common_refinement(b) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }
}
/// The result type of [`CommonRefinement`].
pub type CommonRefinementOf<A, B> = <A as CommonRefinement<B>>::Output;

impl<A: ShapeKind + IntTuple, B: ShapeKind + IntTuple> CommonRefinement<B> for A
where
    A: RefineBy<B, A::K, B::K>,
{
    type Output = <A as RefineBy<B, A::K, B::K>>::Output;
    #[inline(always)]
    fn try_common_refinement(&self, b: &B) -> Result<Self::Output> {
        self.refine_by(b)
    }
}

/// [`CommonRefinement`] by the kinds of the two shapes.
#[doc(hidden)]
pub trait RefineBy<B, KA, KB> {
    type Output: IntTuple;
    fn refine_by(&self, b: &B) -> Result<Self::Output>;
}

/// Two static integers that differ, or an integer and a tuple of another size: no shape refines
/// both.
#[diagnostic::on_unimplemented(
    message = "no common refinement: the integers (or an integer and a tuple's size) differ",
    label = "these shapes have no common refinement",
    note = "common_refinement needs equal integers where both shapes have one, and an integer equal to the size of the tuple it meets (paper Definition 2.7)"
)]
#[doc(hidden)]
pub trait RefinementValues {}
impl RefinementValues for B1 {}
impl RefinementValues for Dyn {}

/// Two tuples of different ranks: no shape refines both.
#[diagnostic::on_unimplemented(
    message = "no common refinement: tuples of different ranks",
    label = "these shapes have no common refinement",
    note = "a shape that refines a tuple is a tuple of the same rank (paper Definition 2.7)"
)]
#[doc(hidden)]
pub trait RefinementRanks<B> {
    #[doc(hidden)]
    type Output: Plain;
    #[doc(hidden)]
    fn refine_list(&self, b: &B) -> Result<Self::Output>;
}
impl RefinementRanks<Nil> for Nil {
    type Output = Nil;
    #[inline(always)]
    fn refine_list(&self, _: &Nil) -> Result<Nil> {
        Ok(Nil)
    }
}
impl<H, T, H2, T2> RefinementRanks<Cons<H2, T2>> for Cons<H, T>
where
    H: CommonRefinement<H2>,
    H::Output: Plain,
    T: RefinementRanks<T2>,
{
    type Output = Cons<H::Output, T::Output>;
    #[inline(always)]
    fn refine_list(&self, b: &Cons<H2, T2>) -> Result<Self::Output> {
        Ok(Cons(
            self.0.try_common_refinement(&b.0)?,
            self.1.refine_list(&b.1)?,
        ))
    }
}

fn no_refinement(a: impl core::fmt::Display, b: impl core::fmt::Display) -> crate::LayoutError {
    layout_error!(
        ErrorKind::NoCommonRefinement,
        "common_refinement: {a} and {b} differ"
    )
}

impl<A: Int + IntTuple, B: Int> RefineBy<B, LeafK, LeafK> for A
where
    A: IntEq<B>,
    EqSel<A, B>: RefinementValues,
{
    type Output = A;
    #[inline(always)]
    fn refine_by(&self, b: &B) -> Result<A> {
        if self.value() == b.value() {
            Ok(*self)
        } else {
            Err(no_refinement(self.value(), b.value()))
        }
    }
}
impl<A: Int, B: IntTuple> RefineBy<B, LeafK, TupleK> for A
where
    A: IntEq<Size<B>>,
    EqSel<A, Size<B>>: RefinementValues,
{
    type Output = B;
    #[inline(always)]
    fn refine_by(&self, b: &B) -> Result<B> {
        let n = b.size()?.value();
        if self.value() == n {
            Ok(*b)
        } else {
            Err(no_refinement(self.value(), n))
        }
    }
}
impl<A: IntTuple, B: Int> RefineBy<B, TupleK, LeafK> for A
where
    B: IntEq<Size<A>>,
    EqSel<B, Size<A>>: RefinementValues,
{
    type Output = A;
    #[inline(always)]
    fn refine_by(&self, b: &B) -> Result<A> {
        let n = self.size()?.value();
        if b.value() == n {
            Ok(*self)
        } else {
            Err(no_refinement(n, b.value()))
        }
    }
}
impl<A: ToCons, B: ToCons> RefineBy<B, TupleK, TupleK> for A
where
    A::Cons: RefinementRanks<B::Cons>,
    <A::Cons as RefinementRanks<B::Cons>>::Output: FromCons,
    TupleOf<<A::Cons as RefinementRanks<B::Cons>>::Output>: IntTuple,
{
    type Output = TupleOf<<A::Cons as RefinementRanks<B::Cons>>::Output>;
    #[inline(always)]
    fn refine_by(&self, b: &B) -> Result<Self::Output> {
        Ok(self.to_cons().refine_list(&b.to_cons())?.from_cons())
    }
}

#[cfg(feature = "alloc")]
impl CommonRefinement<crate::DynTuple> for crate::DynTuple {
    type Output = crate::DynTuple;
    #[inline]
    fn try_common_refinement(&self, b: &crate::DynTuple) -> Result<crate::DynTuple> {
        crate::runtime::try_common_refinement(self, b)
    }
}

// ---------------------------------------------------------------------------------------------
// common_coarsening

/// Whether the corresponding modes of two tuples all have equal sizes (then the coarsening is
/// taken by mode), as a selector.
#[doc(hidden)]
pub trait ModeSizesEqual<B> {
    type Sel;
}
impl ModeSizesEqual<Nil> for Nil {
    type Sel = B1;
}
impl<H, T> ModeSizesEqual<Nil> for Cons<H, T> {
    type Sel = B0;
}
impl<H, T> ModeSizesEqual<Cons<H, T>> for Nil {
    type Sel = B0;
}
impl<H: IntTuple, T, H2: IntTuple, T2> ModeSizesEqual<Cons<H2, T2>> for Cons<H, T>
where
    Size<H>: IntEq<Size<H2>>,
    T: ModeSizesEqual<T2>,
    EqSel<Size<H>, Size<H2>>: SelAnd<T::Sel>,
{
    type Sel = And<EqSel<Size<H>, Size<H2>>, T::Sel>;
}

/// Shapes of different sizes: no shape coarsens both.
#[diagnostic::on_unimplemented(
    message = "no common coarsening: the shapes' sizes differ",
    label = "every coarsening of a shape has its size",
    note = "common_coarsening needs shapes of the same size (paper Definition 2.7)"
)]
#[doc(hidden)]
pub trait CoarseningSizes {}
impl CoarseningSizes for B1 {}

/// `common_coarsening` decides its structure by comparing sizes, so it needs static shapes.
#[diagnostic::on_unimplemented(
    message = "common_coarsening needs static shapes; `{Self}` has a runtime (`i64`) entry",
    label = "a runtime shape entry",
    note = "whether a mode is kept depends on the sizes of the modes; use `cute_layout::algebra::common_coarsening` on `to_dyn()` for runtime shapes"
)]
#[doc(hidden)]
pub trait CoarseningStatic {}
impl<U: crate::int::Digits, B: crate::int::Digit> CoarseningStatic for typenum::UInt<U, B> {}
impl CoarseningStatic for typenum::UTerm {}
impl<T: ToCons> CoarseningStatic for T where T::Cons: CoarseningStatic {}
impl CoarseningStatic for Nil {}
impl<H: CoarseningStatic, T: CoarseningStatic> CoarseningStatic for Cons<H, T> {}

/// `common_coarsening(A, B)` (PyCuTe `shape.py`, after paper Definition 2.7): the greatest
/// shape that coarsens both shapes — two tuples of the same rank whose modes have equal sizes
/// coarsen by mode, anything else coarsens to the integer `size(A)`. Static shapes only (the
/// structure depends on the sizes: [`CoarseningStatic`]); shapes of different sizes are a
/// compile error ([`CoarseningSizes`]). The same shape as
/// [`algebra::try_common_coarsening`](crate::runtime::try_common_coarsening), which
/// [`DynTuple`](crate::DynTuple) calls.
///
/// ```
/// use cute_layout::ops::CommonCoarseningOf;
/// use cute_layout::typenum::{U2, U3, U4, U5, U15, U30};
/// // PyCuTe's examples.
/// static_assertions::assert_type_eq_all!(
///     CommonCoarseningOf<(U4, (U3, U5)), ((U2, U2), U15)>, (U4, U15));
/// static_assertions::assert_type_eq_all!(
///     CommonCoarseningOf<(U2, (U3, U5)), ((U3, U2), U5)>, U30);
/// ```
pub trait CommonCoarsening<B> {
    /// The common coarsening.
    type Output;
    /// The common coarsening (never an error for static shapes).
    fn try_common_coarsening(&self, b: &B) -> Result<Self::Output>;
    /// The common coarsening, panicking with the error's message where the `try_` form errs.
    #[track_caller]
    fn common_coarsening(&self, b: &B) -> Self::Output {
        match self.try_common_coarsening(b) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }
}
/// The result type of [`CommonCoarsening`].
pub type CommonCoarseningOf<A, B> = <A as CommonCoarsening<B>>::Output;

impl<A: ShapeKind + IntTuple + CoarseningStatic, B: ShapeKind + IntTuple + CoarseningStatic>
    CommonCoarsening<B> for A
where
    Size<A>: IntEq<Size<B>>,
    EqSel<Size<A>, Size<B>>: CoarseningSizes,
    A: CoarsenBy<B, A::K, B::K>,
{
    type Output = <A as CoarsenBy<B, A::K, B::K>>::Output;
    // Static shapes: the value is the type's.
    #[inline(always)]
    fn try_common_coarsening(&self, _: &B) -> Result<Self::Output> {
        Ok(Default::default())
    }
}

/// [`CommonCoarsening`] of two shapes of the same size, by their kinds.
#[doc(hidden)]
pub trait CoarsenBy<B, KA, KB> {
    type Output: Plain;
}
impl<A: IntTuple, B, KB> CoarsenBy<B, LeafK, KB> for A {
    type Output = Size<A>;
}
impl<A: IntTuple, B> CoarsenBy<B, TupleK, LeafK> for A {
    type Output = Size<A>;
}
impl<A: ToCons + IntTuple, B: ToCons> CoarsenBy<B, TupleK, TupleK> for A
where
    A::Cons: ModeSizesEqual<B::Cons>,
    A: CoarsenSel<B, <A::Cons as ModeSizesEqual<B::Cons>>::Sel>,
{
    type Output = <A as CoarsenSel<B, <A::Cons as ModeSizesEqual<B::Cons>>::Sel>>::Output;
}
#[doc(hidden)]
pub trait CoarsenSel<B, Sel> {
    type Output: Plain;
}
impl<A: IntTuple, B> CoarsenSel<B, B0> for A {
    type Output = Size<A>;
}
impl<A: ToCons, B: ToCons> CoarsenSel<B, B1> for A
where
    A::Cons: CoarsenList<B::Cons>,
    <A::Cons as CoarsenList<B::Cons>>::Output: FromCons,
{
    type Output = TupleOf<<A::Cons as CoarsenList<B::Cons>>::Output>;
}
#[doc(hidden)]
pub trait CoarsenList<B> {
    type Output: Plain;
}
impl CoarsenList<Nil> for Nil {
    type Output = Nil;
}
impl<H: ShapeKind, T, H2: ShapeKind, T2> CoarsenList<Cons<H2, T2>> for Cons<H, T>
where
    H: CoarsenBy<H2, H::K, H2::K>,
    T: CoarsenList<T2>,
{
    type Output = Cons<<H as CoarsenBy<H2, H::K, H2::K>>::Output, T::Output>;
}

#[cfg(feature = "alloc")]
impl CommonCoarsening<crate::DynTuple> for crate::DynTuple {
    type Output = crate::DynTuple;
    #[inline]
    fn try_common_coarsening(&self, b: &crate::DynTuple) -> Result<crate::DynTuple> {
        crate::runtime::try_common_coarsening(self, b)
    }
}

// ---------------------------------------------------------------------------------------------
// greatest_common_domain: the walk over two lists of static leaves

/// `greatest_common_domain` and `layout_add` walk the shapes' factors at compile time, so the
/// shapes must be static (and, for `layout_add`, the strides).
#[diagnostic::on_unimplemented(
    message = "greatest_common_domain and layout_add need static layouts; `{Self}` has a runtime (`i64`) entry",
    label = "a runtime shape or stride entry",
    note = "the common factors are found by walking the shapes at compile time; use `cute_layout::algebra` on `to_dyn()` for runtime layouts"
)]
#[doc(hidden)]
pub trait StaticDomain {}
impl<U: crate::int::Digits, B: crate::int::Digit> StaticDomain for typenum::UInt<U, B> {}
impl StaticDomain for typenum::UTerm {}
impl<U: crate::int::Digits + typenum::NonZero> StaticDomain for typenum::NInt<U> {}
impl<T: ToCons> StaticDomain for T where T::Cons: StaticDomain {}
impl StaticDomain for Nil {}
impl<H: StaticDomain, T: StaticDomain> StaticDomain for Cons<H, T> {}

/// The shapes of a flat mode list.
#[doc(hidden)]
pub trait ModeShapes {
    type Output;
}
impl ModeShapes for Nil {
    type Output = Nil;
}
impl<S, D, T: ModeShapes> ModeShapes for Cons<M<S, D>, T> {
    type Output = Cons<S, T::Output>;
}

/// The walk over the remaining leaves `A`, `B` with the prefix products `PA`, `PB`: its
/// output is the list of common modes `M<g, l>`.
#[doc(hidden)]
pub struct Walk<A, B, PA, PB>(core::marker::PhantomData<(A, B, PA, PB)>);
#[doc(hidden)]
pub trait GcdWalk {
    type Output;
}
impl<B, PA, PB> GcdWalk for Walk<Nil, B, PA, PB> {
    type Output = Nil;
}
impl<X0, Xt, PA, PB> GcdWalk for Walk<Cons<X0, Xt>, Nil, PA, PB> {
    type Output = Nil;
}
impl<X0: IsOne, Xt, Y0: IsOne, Bt, PA, PB> GcdWalk for Walk<Cons<X0, Xt>, Cons<Y0, Bt>, PA, PB>
where
    Self: GcdSkip<OneSel<X0>, OneSel<Y0>>,
{
    type Output = <Self as GcdSkip<OneSel<X0>, OneSel<Y0>>>::Output;
}
/// Leaves of size 1 are skipped.
#[diagnostic::on_unimplemented(
    message = "greatest_common_domain and layout_add need static layouts; a shape entry is a runtime (`i64`) value",
    label = "a runtime shape entry",
    note = "the common factors are found by walking the shapes at compile time; use `cute_layout::algebra` on `to_dyn()` for runtime layouts"
)]
#[doc(hidden)]
pub trait GcdSkip<SA, SB> {
    type Output;
}
impl<X0, Xt, B, PA, PB, SB> GcdSkip<B1, SB> for Walk<Cons<X0, Xt>, B, PA, PB>
where
    Walk<Xt, B, PA, PB>: GcdWalk,
{
    type Output = <Walk<Xt, B, PA, PB> as GcdWalk>::Output;
}
impl<A, Y0, Bt, PA, PB> GcdSkip<B0, B1> for Walk<A, Cons<Y0, Bt>, PA, PB>
where
    Walk<A, Bt, PA, PB>: GcdWalk,
{
    type Output = <Walk<A, Bt, PA, PB> as GcdWalk>::Output;
}
/// `l = lcm(pA, pB)`.
type Lcm<PA, PB> = Prod<Quot<PA, Gcf<PA, PB>>, PB>;
type RA<PA, PB> = Quot<Lcm<PA, PB>, PA>;
type RB<PA, PB> = Quot<Lcm<PA, PB>, PB>;
impl<X0: Int, Xt, Y0: Int, Bt, PA: Int, PB: Int> GcdSkip<B0, B0>
    for Walk<Cons<X0, Xt>, Cons<Y0, Bt>, PA, PB>
where
    PA: IntGcd<PB> + IntDiv<Gcf<PA, PB>>,
    Quot<PA, Gcf<PA, PB>>: IntMul<PB>,
    Lcm<PA, PB>: IntDiv<PA> + IntDiv<PB>,
    X0: IntRem<RA<PA, PB>>,
    Y0: IntRem<RB<PA, PB>>,
    ZeroSel<Mod<X0, RA<PA, PB>>>: SelAnd<ZeroSel<Mod<Y0, RB<PA, PB>>>>,
    Self: GcdTry<And<ZeroSel<Mod<X0, RA<PA, PB>>>, ZeroSel<Mod<Y0, RB<PA, PB>>>>>,
{
    type Output =
        <Self as GcdTry<And<ZeroSel<Mod<X0, RA<PA, PB>>>, ZeroSel<Mod<Y0, RB<PA, PB>>>>>>::Output;
}
/// At the aligned offset `l`, both leaves split (`B1`): their common factor `g`.
#[diagnostic::on_unimplemented(
    message = "greatest_common_domain and layout_add need static layouts; a shape entry is a runtime (`i64`) value",
    label = "a runtime shape entry",
    note = "the common factors are found by walking the shapes at compile time; use `cute_layout::algebra` on `to_dyn()` for runtime layouts"
)]
#[doc(hidden)]
pub trait GcdTry<Sel> {
    type Output;
}
type GA<X0, PA, PB> = Quot<X0, RA<PA, PB>>;
type GB<Y0, PA, PB> = Quot<Y0, RB<PA, PB>>;
type G<X0, Y0, PA, PB> = Gcf<GA<X0, PA, PB>, GB<Y0, PA, PB>>;
impl<X0: Int, Xt, Y0: Int, Bt, PA: Int, PB: Int> GcdTry<B1>
    for Walk<Cons<X0, Xt>, Cons<Y0, Bt>, PA, PB>
where
    PA: IntGcd<PB> + IntDiv<Gcf<PA, PB>>,
    Quot<PA, Gcf<PA, PB>>: IntMul<PB>,
    Lcm<PA, PB>: IntDiv<PA> + IntDiv<PB>,
    X0: IntDiv<RA<PA, PB>>,
    Y0: IntDiv<RB<PA, PB>>,
    GA<X0, PA, PB>: IntGcd<GB<Y0, PA, PB>>,
    Self: GcdFound<OneSel<G<X0, Y0, PA, PB>>>,
{
    type Output = <Self as GcdFound<OneSel<G<X0, Y0, PA, PB>>>>::Output;
}
impl<A, B, PA, PB> GcdTry<B0> for Walk<A, B, PA, PB>
where
    Self: GcdAdvance,
{
    type Output = <Self as GcdAdvance>::Output;
}
#[diagnostic::on_unimplemented(
    message = "greatest_common_domain and layout_add need static layouts; a shape entry is a runtime (`i64`) value",
    label = "a runtime shape entry",
    note = "the common factors are found by walking the shapes at compile time; use `cute_layout::algebra` on `to_dyn()` for runtime layouts"
)]
#[doc(hidden)]
pub trait GcdFound<GIsOne> {
    type Output;
}
impl<A, B, PA, PB> GcdFound<B1> for Walk<A, B, PA, PB>
where
    Self: GcdAdvance,
{
    type Output = <Self as GcdAdvance>::Output;
}
type Next<X, R, Gg> = Quot<X, Prod<R, Gg>>;
impl<X0: Int, Xt, Y0: Int, Bt, PA: Int, PB: Int> GcdFound<B0>
    for Walk<Cons<X0, Xt>, Cons<Y0, Bt>, PA, PB>
where
    PA: IntGcd<PB> + IntDiv<Gcf<PA, PB>>,
    Quot<PA, Gcf<PA, PB>>: IntMul<PB>,
    Lcm<PA, PB>: IntDiv<PA> + IntDiv<PB> + IntMul<G<X0, Y0, PA, PB>>,
    X0: IntDiv<RA<PA, PB>>,
    Y0: IntDiv<RB<PA, PB>>,
    GA<X0, PA, PB>: IntGcd<GB<Y0, PA, PB>>,
    RA<PA, PB>: IntMul<G<X0, Y0, PA, PB>>,
    RB<PA, PB>: IntMul<G<X0, Y0, PA, PB>>,
    X0: IntDiv<Prod<RA<PA, PB>, G<X0, Y0, PA, PB>>>,
    Y0: IntDiv<Prod<RB<PA, PB>, G<X0, Y0, PA, PB>>>,
    Walk<
        Cons<Next<X0, RA<PA, PB>, G<X0, Y0, PA, PB>>, Xt>,
        Cons<Next<Y0, RB<PA, PB>, G<X0, Y0, PA, PB>>, Bt>,
        Prod<Lcm<PA, PB>, G<X0, Y0, PA, PB>>,
        Prod<Lcm<PA, PB>, G<X0, Y0, PA, PB>>,
    >: GcdWalk,
{
    type Output = Cons<
        M<G<X0, Y0, PA, PB>, Lcm<PA, PB>>,
        <Walk<
            Cons<Next<X0, RA<PA, PB>, G<X0, Y0, PA, PB>>, Xt>,
            Cons<Next<Y0, RB<PA, PB>, G<X0, Y0, PA, PB>>, Bt>,
            Prod<Lcm<PA, PB>, G<X0, Y0, PA, PB>>,
            Prod<Lcm<PA, PB>, G<X0, Y0, PA, PB>>,
        > as GcdWalk>::Output,
    >;
}
/// No common factor here: the leaf that ends first moves on (both when neither end divides
/// the other).
#[doc(hidden)]
pub trait GcdAdvance {
    type Output;
}
impl<X0: Int, Xt, Y0: Int, Bt, PA: Int, PB: Int> GcdAdvance
    for Walk<Cons<X0, Xt>, Cons<Y0, Bt>, PA, PB>
where
    PA: IntMul<X0>,
    PB: IntMul<Y0>,
    Prod<PB, Y0>: IntRem<Prod<PA, X0>>,
    Prod<PA, X0>: IntRem<Prod<PB, Y0>>,
    Self:
        GcdMove<ZeroSel<Mod<Prod<PB, Y0>, Prod<PA, X0>>>, ZeroSel<Mod<Prod<PA, X0>, Prod<PB, Y0>>>>,
{
    type Output = <Self as GcdMove<
        ZeroSel<Mod<Prod<PB, Y0>, Prod<PA, X0>>>,
        ZeroSel<Mod<Prod<PA, X0>, Prod<PB, Y0>>>,
    >>::Output;
}
#[diagnostic::on_unimplemented(
    message = "greatest_common_domain and layout_add need static layouts; a shape entry is a runtime (`i64`) value",
    label = "a runtime shape entry",
    note = "the common factors are found by walking the shapes at compile time; use `cute_layout::algebra` on `to_dyn()` for runtime layouts"
)]
#[doc(hidden)]
pub trait GcdMove<QA, QB> {
    type Output;
}
impl<X0: Int, Xt, Y0: Int, Bt, PA: Int, PB: Int> GcdMove<B1, B1>
    for Walk<Cons<X0, Xt>, Cons<Y0, Bt>, PA, PB>
where
    PA: IntMul<X0>,
    PB: IntMul<Y0>,
    Walk<Xt, Bt, Prod<PA, X0>, Prod<PB, Y0>>: GcdWalk,
{
    type Output = <Walk<Xt, Bt, Prod<PA, X0>, Prod<PB, Y0>> as GcdWalk>::Output;
}
impl<X0: Int, Xt, Y0: Int, Bt, PA: Int, PB: Int> GcdMove<B0, B0>
    for Walk<Cons<X0, Xt>, Cons<Y0, Bt>, PA, PB>
where
    PA: IntMul<X0>,
    PB: IntMul<Y0>,
    Walk<Xt, Bt, Prod<PA, X0>, Prod<PB, Y0>>: GcdWalk,
{
    type Output = <Walk<Xt, Bt, Prod<PA, X0>, Prod<PB, Y0>> as GcdWalk>::Output;
}
impl<X0: Int, Xt, Y0: Int, Bt, PA: Int, PB: Int> GcdMove<B1, B0>
    for Walk<Cons<X0, Xt>, Cons<Y0, Bt>, PA, PB>
where
    PA: IntMul<X0>,
    PB: IntMul<Y0>,
    Walk<Xt, Cons<Y0, Bt>, Prod<PA, X0>, PB>: GcdWalk,
{
    type Output = <Walk<Xt, Cons<Y0, Bt>, Prod<PA, X0>, PB> as GcdWalk>::Output;
}
impl<X0: Int, Xt, Y0: Int, Bt, PA: Int, PB: Int> GcdMove<B0, B1>
    for Walk<Cons<X0, Xt>, Cons<Y0, Bt>, PA, PB>
where
    PA: IntMul<X0>,
    PB: IntMul<Y0>,
    Walk<Cons<X0, Xt>, Bt, PA, Prod<PB, Y0>>: GcdWalk,
{
    type Output = <Walk<Cons<X0, Xt>, Bt, PA, Prod<PB, Y0>> as GcdWalk>::Output;
}

/// The common modes as a layout: always a tuple, `(1):(0)` for none.
#[doc(hidden)]
pub trait DomainLayout {
    type Output: Default;
}
impl DomainLayout for Nil {
    type Output = Layout<(U1,), (U0,)>;
}
impl<H, T> DomainLayout for Cons<H, T>
where
    Cons<H, T>: Unzip,
    Layout<<Cons<H, T> as Unzip>::Shapes, <Cons<H, T> as Unzip>::Strides>: Default,
{
    type Output = Layout<<Cons<H, T> as Unzip>::Shapes, <Cons<H, T> as Unzip>::Strides>;
}

/// The leaves of the shape `S` (strides `D`), as a list.
type ShapeLeaves<S, D> = <FlatModes<S, D> as ModeShapes>::Output;
/// The common modes of two shapes' leaf lists.
type CommonModes<LA, LB> = <Walk<LA, LB, U1, U1> as GcdWalk>::Output;

/// Static shapes: the greatest common domain computed by the types. The strides play no part.
impl<S, D, S2, D2> GreatestCommonDomain<Layout<S2, D2>> for Layout<S, D>
where
    S: StaticDomain + FlattenInto<D, Nil>,
    S2: StaticDomain + FlattenInto<D2, Nil>,
    FlatModes<S, D>: ModeShapes,
    FlatModes<S2, D2>: ModeShapes,
    Walk<ShapeLeaves<S, D>, ShapeLeaves<S2, D2>, U1, U1>: GcdWalk,
    CommonModes<ShapeLeaves<S, D>, ShapeLeaves<S2, D2>>: DomainLayout,
{
    type Output = <CommonModes<ShapeLeaves<S, D>, ShapeLeaves<S2, D2>> as DomainLayout>::Output;
    #[inline(always)]
    fn try_greatest_common_domain(&self, _: &Layout<S2, D2>) -> Result<Self::Output> {
        Ok(Default::default())
    }
}

// ---------------------------------------------------------------------------------------------
// layout_add

/// `L(I)` for a static index `I` of a flat mode list (the last mode takes the rest).
#[doc(hidden)]
pub trait EvalAt<I> {
    type Output: Int;
}
impl<I> EvalAt<I> for Nil {
    type Output = U0;
}
impl<S, D: Int, I: IntMul<D>> EvalAt<I> for Cons<M<S, D>, Nil> {
    type Output = Prod<I, D>;
}
impl<S: Int, D: Int, H2, T, I> EvalAt<I> for Cons<M<S, D>, Cons<H2, T>>
where
    I: IntRem<S> + IntDiv<S>,
    Mod<I, S>: IntMul<D>,
    Cons<H2, T>: EvalAt<Quot<I, S>>,
    Prod<Mod<I, S>, D>: IntAdd<<Cons<H2, T> as EvalAt<Quot<I, S>>>::Output>,
{
    type Output = Sum<Prod<Mod<I, S>, D>, <Cons<H2, T> as EvalAt<Quot<I, S>>>::Output>;
}

/// The size of a list of modes `M<g, l>`.
#[doc(hidden)]
pub trait ModesSize {
    type Output: Int;
}
impl ModesSize for Nil {
    type Output = U1;
}
impl<Gg, L, T: ModesSize> ModesSize for Cons<M<Gg, L>, T>
where
    Gg: IntMul<T::Output>,
{
    type Output = Prod<Gg, T::Output>;
}

/// The modes `g : A(l) + B(l)` of the sum, for the common modes `g : l`.
#[doc(hidden)]
pub trait SumStrides<CA, CB> {
    type Output;
}
impl<CA, CB> SumStrides<CA, CB> for Nil {
    type Output = Nil;
}
impl<Gg, L, T, CA, CB> SumStrides<CA, CB> for Cons<M<Gg, L>, T>
where
    CA: EvalAt<L>,
    CB: EvalAt<L>,
    <CA as EvalAt<L>>::Output: IntAdd<<CB as EvalAt<L>>::Output>,
    T: SumStrides<CA, CB>,
{
    type Output = Cons<
        M<Gg, Sum<<CA as EvalAt<L>>::Output, <CB as EvalAt<L>>::Output>>,
        <T as SumStrides<CA, CB>>::Output,
    >;
}

/// `layout_add` of layouts whose sizes differ.
#[diagnostic::on_unimplemented(
    message = "layout_add needs layouts of the same size",
    label = "the sizes differ",
    note = "the sum of two layouts is defined on their common domain [0, size)"
)]
#[doc(hidden)]
pub trait LayoutAddSizes {}
impl LayoutAddSizes for B1 {}

/// `layout_add` of layouts that are not both linear on a common domain of their size.
#[diagnostic::on_unimplemented(
    message = "layout_add: no layout is the sum of these layouts",
    label = "their greatest common domain is smaller than their size",
    note = "the coalesced layouts must be linear on a common factorization of their domain (PyCuTe's greatest_common_domain of their shapes has their size)"
)]
#[doc(hidden)]
pub trait LayoutAddCommonDomain {}
impl LayoutAddCommonDomain for B1 {}

/// The coalesced flat modes of `S : D`.
type Co<S, D> = <FlatModes<S, D> as CoalesceList>::Output;
/// The common modes of the coalesced layouts.
type AddModes<S, D, S2, D2> =
    CommonModes<<Co<S, D> as ModeShapes>::Output, <Co<S2, D2> as ModeShapes>::Output>;
/// The modes of the sum, before coalescing.
type SumModes<S, D, S2, D2> = <AddModes<S, D, S2, D2> as SumStrides<Co<S, D>, Co<S2, D2>>>::Output;

/// Static layouts: the sum computed by the types.
impl<S, D, S2, D2> LayoutAdd<Layout<S2, D2>> for Layout<S, D>
where
    S: StaticDomain + IntTuple + FlattenInto<D, Nil>,
    D: StaticDomain,
    S2: StaticDomain + IntTuple + FlattenInto<D2, Nil>,
    D2: StaticDomain,
    Size<S>: IntEq<Size<S2>>,
    EqSel<Size<S>, Size<S2>>: LayoutAddSizes,
    FlatModes<S, D>: CoalesceList,
    FlatModes<S2, D2>: CoalesceList,
    Co<S, D>: ModeShapes,
    Co<S2, D2>: ModeShapes,
    Walk<<Co<S, D> as ModeShapes>::Output, <Co<S2, D2> as ModeShapes>::Output, U1, U1>: GcdWalk,
    AddModes<S, D, S2, D2>: ModesSize + SumStrides<Co<S, D>, Co<S2, D2>>,
    <AddModes<S, D, S2, D2> as ModesSize>::Output: IntEq<Size<S>>,
    EqSel<<AddModes<S, D, S2, D2> as ModesSize>::Output, Size<S>>: LayoutAddCommonDomain,
    SumModes<S, D, S2, D2>: CoalesceList,
    <SumModes<S, D, S2, D2> as CoalesceList>::Output: ToLayout,
    LayoutOf<<SumModes<S, D, S2, D2> as CoalesceList>::Output>: Default,
{
    type Output = LayoutOf<<SumModes<S, D, S2, D2> as CoalesceList>::Output>;
    #[inline(always)]
    fn try_layout_add(&self, _: &Layout<S2, D2>) -> Result<Self::Output> {
        Ok(Default::default())
    }
}
