//! `complement` of layouts with basis strides in the type system (paper §3.5, Eq. 27–29,
//! Table 7), by codomain component, as the runtime engine computes it
//! ([`algebra::basis::try_complement`](crate::algebra::basis::try_complement)).
//!
//! For each leaf `e_p` of the codomain (the union of the strides' basis paths, see
//! [`Codomain`](crate::Codomain)), the flat modes of `A` whose stride lies along `e_p` form an
//! integer layout `A_p`; its integer complement (the fold of [`Complement`](crate::ops::Complement)
//! on integer layouts) is written back along `e_p`. The result's shape has the codomain's
//! structure with each leaf replaced by that component's complement (Eq. 27: the codomain is
//! weakly congruent with the complement). The cotarget of `complement(A, M)` has the codomain's
//! structure, one positive integer per component; `complement(A)` takes each component up to
//! its own cosize.
//!
//! ```
//! use cute_layout::{layout, Layout};
//! use cute_layout::ops::{ComplementFullOf, ComplementOf};
//! use cute_layout::typenum::{U8, U16};
//! // Paper Table 7, last row.
//! let c = layout!((4,(4,2)):(1@1,(1@0,12@1))).complement_full();
//! assert_eq!(c.to_string(), "(1,(3,1)):(4@0,(4@1,24@1))");
//! static_assertions::assert_type_eq_all!(
//!     ComplementFullOf<Layout![(4,(4,2)):(1@1,(1@0,12@1))]>,
//!     Layout![(1,(3,1)):(4@0,(4@1,24@1))]);
//! // Up to a cotarget with the codomain's structure.
//! static_assertions::assert_type_eq_all!(
//!     ComplementOf<Layout![(4,2):(1@0,4@1)], (U8, U16)>,
//!     Layout![(2,(4,2)):(4@0,(1@1,8@1))]);
//! ```

use core::ops::Add;

use typenum::{Add1, B0, B1, U0, U1};

use crate::error::Result;
use crate::int::{Int, Plain};
use crate::layout::Layout;
use crate::ops::basis::{Absent, BasisPath, ConsPathEq, Filled, InsertPath, PathPush, ScaledBasis};
use crate::ops::coalesce::CoalesceExt;
use crate::ops::complement::{check_cotarget, ComplementFold, CosizeFold};
use crate::ops::compose::LayoutParts;
use crate::ops::modes::{
    FilterModes, FlatModes, FlattenInto, LayoutOf, SortForComplement, ToLayout, M,
};
use crate::tuple::{Cons, FromCons, Nil, ToCons, TupleOf};

/// The cotarget of the full complement: each component up to its own cosize.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Full;

/// The codomain profile of stride `Self` (`Absent`/`Filled` leaves, `Cons` lists; the same as
/// `InsertStrides`), computed with the stride as the self type: for a stride not known yet (the
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
impl<Prof> StrideProfile<Prof> for typenum::UTerm {
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
int_stride_profile!([U: crate::int::Digits, B: crate::int::Digit] typenum::UInt<U, B>);
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
type Profile<D> = <D as CodomainProfile>::Output;

// ---------------------------------------------------------------------------------------------
// The modes along one path

/// A stride leaf seen from the codomain leaf at path `Prefix` (a `Cons` list): whether it lies
/// along that path ([`B1`]/[`B0`]; an integer lies along the empty path) and its value there.
#[doc(hidden)]
pub trait LeafAlong<Prefix> {
    type Sel;
    type Value: Int;
    fn along_value(self) -> Self::Value;
}
macro_rules! int_leaf_along {
    ([$($g:tt)*] $T:ty) => {
        impl<Prefix, $($g)*> LeafAlong<Prefix> for $T
        where
            Nil: ConsPathEq<Prefix>,
        {
            type Sel = <Nil as ConsPathEq<Prefix>>::Sel;
            type Value = $T;
            #[inline(always)]
            fn along_value(self) -> $T {
                self
            }
        }
    };
}
crate::tuple::for_each_leaf!(int_leaf_along);
impl<V: Int, P: BasisPath + ToCons, Prefix> LeafAlong<Prefix> for ScaledBasis<V, P>
where
    P::Cons: ConsPathEq<Prefix>,
{
    type Sel = <P::Cons as ConsPathEq<Prefix>>::Sel;
    type Value = V;
    #[inline(always)]
    fn along_value(self) -> V {
        self.value()
    }
}

/// The flat modes along path `Prefix`, as integer modes (`s : v` for `s : v@Prefix`).
#[doc(hidden)]
pub trait SelectAlong<Prefix> {
    type Output: Plain;
    fn select_along(self) -> Self::Output;
}
impl<Prefix> SelectAlong<Prefix> for Nil {
    type Output = Nil;
    #[inline(always)]
    fn select_along(self) -> Nil {
        Nil
    }
}
impl<S: Plain, D: LeafAlong<Prefix>, T: SelectAlong<Prefix>, Prefix> SelectAlong<Prefix>
    for Cons<M<S, D>, T>
where
    Cons<M<S, D::Value>, T::Output>: KeepIf<D::Sel>,
{
    type Output = <Cons<M<S, D::Value>, T::Output> as KeepIf<D::Sel>>::Output;
    #[inline(always)]
    fn select_along(self) -> Self::Output {
        let M(s, d) = self.0;
        Cons(M(s, d.along_value()), self.1.select_along()).keep_if()
    }
}
#[doc(hidden)]
pub trait KeepIf<Sel> {
    type Output: Plain;
    fn keep_if(self) -> Self::Output;
}
impl<H: Plain, T: Plain> KeepIf<B1> for Cons<H, T> {
    type Output = Self;
    #[inline(always)]
    fn keep_if(self) -> Self {
        self
    }
}
impl<H, T: Plain> KeepIf<B0> for Cons<H, T> {
    type Output = T;
    #[inline(always)]
    fn keep_if(self) -> T {
        self.1
    }
}

// ---------------------------------------------------------------------------------------------
// One component: the integer complement of the modes along it

/// The integer complement of a flat list of integer modes up to the cotarget `Cot` (an integer,
/// or [`Full`] for the list's own cosize): the fold of the integer complement, trailing mode
/// kept.
#[doc(hidden)]
pub trait ComponentComplement<Cot> {
    type Output: LayoutParts;
    fn component_complement(self, cot: Cot) -> Result<Self::Output>;
}
impl<L, Mx: Int> ComponentComplement<Mx> for L
where
    L: FilterModes,
    L::Output: SortForComplement,
    <L::Output as SortForComplement>::Output: ComplementFold<U1, Mx>,
    <<L::Output as SortForComplement>::Output as ComplementFold<U1, Mx>>::Output: CoalesceExt,
    <<<L::Output as SortForComplement>::Output as ComplementFold<U1, Mx>>::Output as CoalesceExt>::Output:
        ToLayout,
    LayoutOf<
        <<<L::Output as SortForComplement>::Output as ComplementFold<U1, Mx>>::Output as CoalesceExt>::Output,
    >: LayoutParts,
{
    type Output = LayoutOf<
        <<<L::Output as SortForComplement>::Output as ComplementFold<U1, Mx>>::Output as CoalesceExt>::Output,
    >;
    #[inline(always)]
    fn component_complement(self, m: Mx) -> Result<Self::Output> {
        check_cotarget(m.value())?;
        self.filter_modes()
            .sort_for_complement()
            .complement_fold(U1::default(), m)?
            .coalesce_ext()?
            .try_to_layout()
    }
}
impl<L: Copy + CosizeFold<U1> + ComponentComplement<<L as CosizeFold<U1>>::Output>>
    ComponentComplement<Full> for L
{
    type Output = <L as ComponentComplement<<L as CosizeFold<U1>>::Output>>::Output;
    #[inline(always)]
    fn component_complement(self, _: Full) -> Result<Self::Output> {
        let m = self.cosize_fold(U1::default())?;
        <L as ComponentComplement<<L as CosizeFold<U1>>::Output>>::component_complement(self, m)
    }
}

// ---------------------------------------------------------------------------------------------
// Integer strides written along a path

/// The stride tree `D` (integers) written along the path `Self` (a `Cons` list): each leaf
/// `v` becomes `v@Self`; along the empty path the integers stay.
#[doc(hidden)]
pub trait Onto<D> {
    type Output: Plain;
    fn onto(d: D) -> Self::Output;
}
impl<D: Plain> Onto<D> for Nil {
    type Output = D;
    #[inline(always)]
    fn onto(d: D) -> D {
        d
    }
}
impl<H, T, D: ToBasis<TupleOf<Cons<H, T>>>> Onto<D> for Cons<H, T>
where
    Cons<H, T>: FromCons,
{
    type Output = D::Output;
    #[inline(always)]
    fn onto(d: D) -> D::Output {
        d.to_basis()
    }
}
/// Every integer leaf `v` of `Self` as `v@P`.
#[doc(hidden)]
pub trait ToBasis<P> {
    type Output: Plain;
    fn to_basis(self) -> Self::Output;
}
macro_rules! to_basis_leaf {
    ([$($g:tt)*] $T:ty) => {
        impl<P: BasisPath, $($g)*> ToBasis<P> for $T {
            type Output = ScaledBasis<$T, P>;
            #[inline(always)]
            fn to_basis(self) -> Self::Output {
                ScaledBasis::new(self)
            }
        }
    };
}
crate::tuple::for_each_leaf!(to_basis_leaf);
impl<P, T: ToCons> ToBasis<P> for T
where
    T::Cons: ConsToBasis<P>,
{
    type Output = TupleOf<<T::Cons as ConsToBasis<P>>::Output>;
    #[inline(always)]
    fn to_basis(self) -> Self::Output {
        self.to_cons().cons_to_basis().from_cons()
    }
}
#[doc(hidden)]
pub trait ConsToBasis<P> {
    type Output: FromCons;
    fn cons_to_basis(self) -> Self::Output;
}
impl<P> ConsToBasis<P> for Nil {
    type Output = Nil;
    #[inline(always)]
    fn cons_to_basis(self) -> Nil {
        Nil
    }
}
impl<P, H: ToBasis<P>, T: ConsToBasis<P>> ConsToBasis<P> for Cons<H, T>
where
    Cons<H::Output, T::Output>: FromCons,
{
    type Output = Cons<H::Output, T::Output>;
    #[inline(always)]
    fn cons_to_basis(self) -> Self::Output {
        Cons(self.0.to_basis(), self.1.cons_to_basis())
    }
}

// ---------------------------------------------------------------------------------------------
// The walk over the codomain, paired with the cotarget

/// A leaf of a codomain profile.
#[doc(hidden)]
pub trait ProfileLeaf {}
impl ProfileLeaf for Absent {}
impl ProfileLeaf for Filled {}

/// The complement of the modes `Modes` (the flat modes of `A`) over the part `Node` of the
/// codomain at path `Prefix`, with `Self` the matching part of the cotarget: an integer at a
/// codomain leaf, a tuple of the same rank at a tuple ([`Full`] anywhere for the full
/// complement).
#[diagnostic::on_unimplemented(
    message = "complement: the cotarget `{Self}` does not have the structure of the basis layout's codomain",
    label = "the cotarget of a basis layout's complement needs one integer per codomain component",
    note = "with basis strides the complement is taken by codomain component (paper Eq. 27): the cotarget is a tuple nested like the strides' basis paths, e.g. `(U8, U16)` for strides along `@0` and `@1` (an integer only when every stride is an integer)"
)]
pub trait CotargetFits<Node, Modes, Prefix> {
    /// The complement's shape over `Node`.
    type Shape: Plain;
    /// The complement's stride over `Node`.
    type Stride: Plain;
    /// The values.
    fn complement_node(self, modes: Modes) -> Result<(Self::Shape, Self::Stride)>;
}
/// The component at a codomain leaf, up to an integer cotarget.
impl<N: ProfileLeaf, Modes: SelectAlong<Prefix>, Prefix, Mx: Int> CotargetFits<N, Modes, Prefix>
    for Mx
where
    Modes::Output: ComponentComplement<Mx>,
    Prefix: Onto<<<Modes::Output as ComponentComplement<Mx>>::Output as LayoutParts>::Stride>,
{
    type Shape = <<Modes::Output as ComponentComplement<Mx>>::Output as LayoutParts>::Shape;
    type Stride = <Prefix as Onto<
        <<Modes::Output as ComponentComplement<Mx>>::Output as LayoutParts>::Stride,
    >>::Output;
    #[inline(always)]
    fn complement_node(self, modes: Modes) -> Result<(Self::Shape, Self::Stride)> {
        let (s, d) = modes
            .select_along()
            .component_complement(self)?
            .into_parts();
        Ok((s, Prefix::onto(d)))
    }
}
/// The component at a codomain leaf, up to its own cosize.
impl<N: ProfileLeaf, Modes: SelectAlong<Prefix>, Prefix> CotargetFits<N, Modes, Prefix> for Full
where
    Modes::Output: ComponentComplement<Full>,
    Prefix: Onto<<<Modes::Output as ComponentComplement<Full>>::Output as LayoutParts>::Stride>,
{
    type Shape = <<Modes::Output as ComponentComplement<Full>>::Output as LayoutParts>::Shape;
    type Stride = <Prefix as Onto<
        <<Modes::Output as ComponentComplement<Full>>::Output as LayoutParts>::Stride,
    >>::Output;
    #[inline(always)]
    fn complement_node(self, modes: Modes) -> Result<(Self::Shape, Self::Stride)> {
        let (s, d) = modes
            .select_along()
            .component_complement(Full)?
            .into_parts();
        Ok((s, Prefix::onto(d)))
    }
}
/// A tuple of the codomain: element by element, with a tuple cotarget of the same rank.
impl<H, R, Modes, Prefix, C: ToCons> CotargetFits<Cons<H, R>, Modes, Prefix> for C
where
    C::Cons: CotargetList<Cons<H, R>, Modes, Prefix, U0>,
{
    type Shape = TupleOf<<C::Cons as CotargetList<Cons<H, R>, Modes, Prefix, U0>>::Shapes>;
    type Stride = TupleOf<<C::Cons as CotargetList<Cons<H, R>, Modes, Prefix, U0>>::Strides>;
    #[inline(always)]
    fn complement_node(self, modes: Modes) -> Result<(Self::Shape, Self::Stride)> {
        let (s, d) = <C::Cons as CotargetList<Cons<H, R>, Modes, Prefix, U0>>::complement_list(
            self.to_cons(),
            modes,
        )?;
        Ok((s.from_cons(), d.from_cons()))
    }
}
/// A tuple of the codomain, every component up to its own cosize.
impl<H, R, Modes, Prefix> CotargetFits<Cons<H, R>, Modes, Prefix> for Full
where
    Full: CotargetList<Cons<H, R>, Modes, Prefix, U0>,
{
    type Shape = TupleOf<<Full as CotargetList<Cons<H, R>, Modes, Prefix, U0>>::Shapes>;
    type Stride = TupleOf<<Full as CotargetList<Cons<H, R>, Modes, Prefix, U0>>::Strides>;
    #[inline(always)]
    fn complement_node(self, modes: Modes) -> Result<(Self::Shape, Self::Stride)> {
        let (s, d) =
            <Full as CotargetList<Cons<H, R>, Modes, Prefix, U0>>::complement_list(self, modes)?;
        Ok((s.from_cons(), d.from_cons()))
    }
}

/// [`CotargetFits`] over the elements `Nodes` of a codomain tuple, from index `I`.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "complement: the cotarget does not have the structure of the basis layout's codomain: a tuple has a different rank",
    label = "the cotarget of a basis layout's complement needs one integer per codomain component",
    note = "with basis strides the complement is taken by codomain component (paper Eq. 27): the cotarget is a tuple nested like the strides' basis paths, e.g. `(U8, U16)` for strides along `@0` and `@1`"
)]
pub trait CotargetList<Nodes, Modes, Prefix, I> {
    type Shapes: FromCons;
    type Strides: FromCons;
    fn complement_list(self, modes: Modes) -> Result<(Self::Shapes, Self::Strides)>;
}
impl<Modes, Prefix, I> CotargetList<Nil, Modes, Prefix, I> for Nil {
    type Shapes = Nil;
    type Strides = Nil;
    #[inline(always)]
    fn complement_list(self, _: Modes) -> Result<(Nil, Nil)> {
        Ok((Nil, Nil))
    }
}
impl<Modes, Prefix, I> CotargetList<Nil, Modes, Prefix, I> for Full {
    type Shapes = Nil;
    type Strides = Nil;
    #[inline(always)]
    fn complement_list(self, _: Modes) -> Result<(Nil, Nil)> {
        Ok((Nil, Nil))
    }
}
impl<CH, CT, NH, NT, Modes: Copy, Prefix: PathPush<I>, I: Add<B1>>
    CotargetList<Cons<NH, NT>, Modes, Prefix, I> for Cons<CH, CT>
where
    CH: CotargetFits<NH, Modes, Prefix::Output>,
    CT: CotargetList<NT, Modes, Prefix, Add1<I>>,
    Cons<CH::Shape, CT::Shapes>: FromCons,
    Cons<CH::Stride, CT::Strides>: FromCons,
{
    type Shapes = Cons<CH::Shape, CT::Shapes>;
    type Strides = Cons<CH::Stride, CT::Strides>;
    #[inline(always)]
    fn complement_list(self, modes: Modes) -> Result<(Self::Shapes, Self::Strides)> {
        let (s, d) =
            <CH as CotargetFits<NH, Modes, Prefix::Output>>::complement_node(self.0, modes)?;
        let (ss, ds) =
            <CT as CotargetList<NT, Modes, Prefix, Add1<I>>>::complement_list(self.1, modes)?;
        Ok((Cons(s, ss), Cons(d, ds)))
    }
}
impl<NH, NT, Modes: Copy, Prefix: PathPush<I>, I: Add<B1>>
    CotargetList<Cons<NH, NT>, Modes, Prefix, I> for Full
where
    Full: CotargetFits<NH, Modes, Prefix::Output>,
    Full: CotargetList<NT, Modes, Prefix, Add1<I>>,
    Cons<
        <Full as CotargetFits<NH, Modes, Prefix::Output>>::Shape,
        <Full as CotargetList<NT, Modes, Prefix, Add1<I>>>::Shapes,
    >: FromCons,
    Cons<
        <Full as CotargetFits<NH, Modes, Prefix::Output>>::Stride,
        <Full as CotargetList<NT, Modes, Prefix, Add1<I>>>::Strides,
    >: FromCons,
{
    type Shapes = Cons<
        <Full as CotargetFits<NH, Modes, Prefix::Output>>::Shape,
        <Full as CotargetList<NT, Modes, Prefix, Add1<I>>>::Shapes,
    >;
    type Strides = Cons<
        <Full as CotargetFits<NH, Modes, Prefix::Output>>::Stride,
        <Full as CotargetList<NT, Modes, Prefix, Add1<I>>>::Strides,
    >;
    #[inline(always)]
    fn complement_list(self, modes: Modes) -> Result<(Self::Shapes, Self::Strides)> {
        let (s, d) =
            <Full as CotargetFits<NH, Modes, Prefix::Output>>::complement_node(Full, modes)?;
        let (ss, ds) =
            <Full as CotargetList<NT, Modes, Prefix, Add1<I>>>::complement_list(Full, modes)?;
        Ok((Cons(s, ss), Cons(d, ds)))
    }
}

// ---------------------------------------------------------------------------------------------
// The layout

/// `complement(A, Cot)` for a layout with basis strides: the walk over its codomain with the
/// cotarget (`Full`: each component up to its cosize). What [`Complement`](crate::ops::Complement)
/// and [`ComplementFull`](crate::ops::ComplementFull) dispatch to for basis strides.
#[doc(hidden)]
pub trait BasisComplement<Cot> {
    type Output;
    fn try_basis_complement(&self, cot: Cot) -> Result<Self::Output>;
}
impl<S, D, Cot> BasisComplement<Cot> for Layout<S, D>
where
    S: FlattenInto<D, Nil>,
    D: CodomainProfile,
    Cot: CotargetFits<Profile<D>, FlatModes<S, D>, Nil>,
{
    type Output = Layout<
        <Cot as CotargetFits<Profile<D>, FlatModes<S, D>, Nil>>::Shape,
        <Cot as CotargetFits<Profile<D>, FlatModes<S, D>, Nil>>::Stride,
    >;
    #[inline(always)]
    fn try_basis_complement(&self, cot: Cot) -> Result<Self::Output> {
        let modes = self.raw_shape().flatten_into(self.raw_stride(), Nil);
        let (s, d) =
            <Cot as CotargetFits<Profile<D>, FlatModes<S, D>, Nil>>::complement_node(cot, modes)?;
        // Each component is a checked integer layout along one path: every coordinate entry
        // fits i64.
        Ok(Layout::from_raw_parts(s, d))
    }
}
