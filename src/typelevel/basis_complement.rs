//! `complement` of layouts with basis strides in the type system (paper §3.5, Eq. 27–29,
//! Table 7), by codomain component, as the runtime engine computes it
//! ([`algebra::basis::try_complement`](crate::runtime::basis::try_complement)).
//!
//! For each leaf `e_p` of the codomain (the union of the strides' basis paths, see
//! [`Codomain`](crate::Codomain)), the flat modes of `A` whose stride lies along `e_p` form an
//! integer layout `A_p`; its integer complement (the fold of [`Complement`](crate::typelevel::Complement)
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

use crate::basis::typelevel::{
    Absent, BasisPath, CodomainProfile, ConsPathEq, Filled, PathPush, ScaledBasis,
};
use crate::error::Result;
use crate::int::{Int, Plain};
use crate::layout::Layout;
use crate::tuple::{Cons, FromCons, Nil, ToCons, TupleOf};
use crate::typelevel::coalesce::CoalesceExt;
use crate::typelevel::complement::{check_cotarget, ComplementFold, CosizeFold};
use crate::typelevel::compose::LayoutParts;
use crate::typelevel::flat::{
    FilterModes, FlatModes, FlattenInto, LayoutOf, SortForComplement, ToLayout, M,
};

/// The cotarget of the full complement: each component up to its own cosize.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Full;

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

/// The cotarget of one component, the modes along it being `L`: an integer cotarget as given,
/// [`Full`] the cosize of `L` (`1 + Σ (s−1)·|d|`, as the runtime engine's `cosize`).
#[diagnostic::on_unimplemented(
    message = "complement: the cotarget `{Self}` does not have the structure of the basis layout's codomain",
    label = "an integer is needed here: this codomain entry is one component",
    note = "with basis strides the complement is taken by codomain component (paper Eq. 27): the cotarget is a tuple nested like the strides' basis paths, e.g. `(U8, U16)` for strides along `@0` and `@1`"
)]
#[doc(hidden)]
pub trait LeafCotarget<L> {
    type Mx: Int;
    fn leaf_cotarget(self, l: L) -> Result<Self::Mx>;
}
impl<L, Mx: Int> LeafCotarget<L> for Mx {
    type Mx = Mx;
    #[inline(always)]
    fn leaf_cotarget(self, _: L) -> Result<Mx> {
        Ok(self)
    }
}
impl<L: CosizeFold<U1>> LeafCotarget<L> for Full {
    type Mx = L::Output;
    #[inline(always)]
    fn leaf_cotarget(self, l: L) -> Result<L::Output> {
        l.cosize_fold(U1::default())
    }
}

/// The integer complement of a flat list of integer modes up to the cotarget `Mx`: the fold of
/// the integer complement, trailing mode kept. One impl, so that a violated condition of the
/// fold is the error reported.
#[doc(hidden)]
pub trait ComponentComplement<Mx> {
    type Output: LayoutParts;
    fn component_complement(self, m: Mx) -> Result<Self::Output>;
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
// The walk over the codomain, paired with the cotarget. Each step has one impl per node of the
// codomain profile (the self type), so that a violated condition deep in a component's fold is
// the error reported, not the step.

/// The complement of the modes `Modes` (the flat modes of `A`) over the part `Self` of the
/// codomain profile at path `Prefix`, with `Cot` the matching part of the cotarget: an integer
/// at a codomain leaf, a tuple of the same rank at a tuple ([`Full`] anywhere for the full
/// complement).
#[doc(hidden)]
pub trait Walk<Cot, Modes, Prefix> {
    /// The complement's shape over this part.
    type Shape: Plain;
    /// The complement's stride over this part.
    type Stride: Plain;
    fn walk(cot: Cot, modes: Modes) -> Result<(Self::Shape, Self::Stride)>;
}
macro_rules! walk_leaf {
    ($Node:ty) => {
        /// One component: the modes along `Prefix`, complemented as an integer layout and
        /// written back along `Prefix`.
        impl<Cot, Modes: SelectAlong<Prefix>, Prefix> Walk<Cot, Modes, Prefix> for $Node
        where
            Cot: LeafCotarget<Modes::Output>,
            Modes::Output: ComponentComplement<Cot::Mx>,
            Prefix: Onto<
                <<Modes::Output as ComponentComplement<Cot::Mx>>::Output as LayoutParts>::Stride,
            >,
        {
            type Shape =
                <<Modes::Output as ComponentComplement<Cot::Mx>>::Output as LayoutParts>::Shape;
            type Stride = <Prefix as Onto<
                <<Modes::Output as ComponentComplement<Cot::Mx>>::Output as LayoutParts>::Stride,
            >>::Output;
            #[inline(always)]
            fn walk(cot: Cot, modes: Modes) -> Result<(Self::Shape, Self::Stride)> {
                let along = modes.select_along();
                let m = cot.leaf_cotarget(along)?;
                let (s, d) = along.component_complement(m)?.into_parts();
                Ok((s, Prefix::onto(d)))
            }
        }
    };
}
walk_leaf!(Absent);
walk_leaf!(Filled);

/// A tuple of the codomain: element by element.
impl<H, R, Cot: CotargetList, Modes, Prefix> Walk<Cot, Modes, Prefix> for Cons<H, R>
where
    Cons<H, R>: WalkList<Cot::List, Modes, Prefix, U0>,
{
    type Shape = TupleOf<<Cons<H, R> as WalkList<Cot::List, Modes, Prefix, U0>>::Shapes>;
    type Stride = TupleOf<<Cons<H, R> as WalkList<Cot::List, Modes, Prefix, U0>>::Strides>;
    #[inline(always)]
    fn walk(cot: Cot, modes: Modes) -> Result<(Self::Shape, Self::Stride)> {
        let (s, d) = <Cons<H, R> as WalkList<Cot::List, Modes, Prefix, U0>>::walk_list(
            cot.cotarget_list(),
            modes,
        )?;
        Ok((s.from_cons(), d.from_cons()))
    }
}

/// The cotarget at a tuple of the codomain, as a list: a tuple's elements; for [`Full`],
/// [`FullList`].
#[diagnostic::on_unimplemented(
    message = "complement: the cotarget `{Self}` does not have the structure of the basis layout's codomain",
    label = "a tuple is needed here: this codomain entry has several components",
    note = "with basis strides the complement is taken by codomain component (paper Eq. 27): the cotarget is a tuple nested like the strides' basis paths, e.g. `(U8, U16)` for strides along `@0` and `@1` (an integer only when every stride is an integer)"
)]
#[doc(hidden)]
pub trait CotargetList {
    type List;
    fn cotarget_list(self) -> Self::List;
}
/// A tuple (one impl per arity, so that an integer where the codomain has a tuple reports this
/// trait's message).
macro_rules! cotarget_list_tuple {
    ($($T:ident)+) => {
        impl<$($T),+> CotargetList for ($($T,)+)
        where
            ($($T,)+): ToCons,
        {
            type List = <($($T,)+) as ToCons>::Cons;
            #[inline(always)]
            fn cotarget_list(self) -> Self::List {
                self.to_cons()
            }
        }
    };
}
cotarget_list_tuple!(A);
cotarget_list_tuple!(A B);
cotarget_list_tuple!(A B C);
cotarget_list_tuple!(A B C D);
cotarget_list_tuple!(A B C D E);
cotarget_list_tuple!(A B C D E F);
cotarget_list_tuple!(A B C D E F G);
cotarget_list_tuple!(A B C D E F G H);
cotarget_list_tuple!(A B C D E F G H I);
cotarget_list_tuple!(A B C D E F G H I J);
cotarget_list_tuple!(A B C D E F G H I J K);
cotarget_list_tuple!(A B C D E F G H I J K L);
impl CotargetList for Full {
    type List = FullList;
    #[inline(always)]
    fn cotarget_list(self) -> FullList {
        FullList
    }
}
/// [`Full`] at every element of a tuple.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FullList;

/// The first element of a cotarget list and the rest.
#[diagnostic::on_unimplemented(
    message = "complement: the cotarget does not have the structure of the basis layout's codomain: a tuple has fewer entries than the codomain's",
    label = "the cotarget of a basis layout's complement needs one integer per codomain component",
    note = "with basis strides the complement is taken by codomain component (paper Eq. 27): the cotarget is a tuple nested like the strides' basis paths, e.g. `(U8, U16)` for strides along `@0` and `@1`"
)]
#[doc(hidden)]
pub trait CotargetSplit {
    type Head;
    type Tail;
    fn split(self) -> (Self::Head, Self::Tail);
}
impl<H, T> CotargetSplit for Cons<H, T> {
    type Head = H;
    type Tail = T;
    #[inline(always)]
    fn split(self) -> (H, T) {
        (self.0, self.1)
    }
}
impl CotargetSplit for FullList {
    type Head = Full;
    type Tail = FullList;
    #[inline(always)]
    fn split(self) -> (Full, FullList) {
        (Full, FullList)
    }
}
/// The end of a cotarget list.
#[diagnostic::on_unimplemented(
    message = "complement: the cotarget does not have the structure of the basis layout's codomain: a tuple has more entries than the codomain's",
    label = "the cotarget of a basis layout's complement needs one integer per codomain component",
    note = "with basis strides the complement is taken by codomain component (paper Eq. 27): the cotarget is a tuple nested like the strides' basis paths, e.g. `(U8, U16)` for strides along `@0` and `@1`"
)]
#[doc(hidden)]
pub trait CotargetEnd {}
impl CotargetEnd for Nil {}
impl CotargetEnd for FullList {}

/// [`Walk`] over the elements `Self` of a codomain tuple, from index `I`, with the cotarget
/// list `CL`.
#[doc(hidden)]
pub trait WalkList<CL, Modes, Prefix, I> {
    type Shapes: FromCons;
    type Strides: FromCons;
    fn walk_list(cl: CL, modes: Modes) -> Result<(Self::Shapes, Self::Strides)>;
}
impl<CL: CotargetEnd, Modes, Prefix, I> WalkList<CL, Modes, Prefix, I> for Nil {
    type Shapes = Nil;
    type Strides = Nil;
    #[inline(always)]
    fn walk_list(_: CL, _: Modes) -> Result<(Nil, Nil)> {
        Ok((Nil, Nil))
    }
}
impl<NH, NT, CL: CotargetSplit, Modes: Copy, Prefix: PathPush<I>, I: Add<B1>>
    WalkList<CL, Modes, Prefix, I> for Cons<NH, NT>
where
    NH: Walk<CL::Head, Modes, Prefix::Output>,
    NT: WalkList<CL::Tail, Modes, Prefix, Add1<I>>,
    Cons<NH::Shape, NT::Shapes>: FromCons,
    Cons<NH::Stride, NT::Strides>: FromCons,
{
    type Shapes = Cons<NH::Shape, NT::Shapes>;
    type Strides = Cons<NH::Stride, NT::Strides>;
    #[inline(always)]
    fn walk_list(cl: CL, modes: Modes) -> Result<(Self::Shapes, Self::Strides)> {
        let (h, t) = cl.split();
        let (s, d) = <NH as Walk<CL::Head, Modes, Prefix::Output>>::walk(h, modes)?;
        let (ss, ds) = <NT as WalkList<CL::Tail, Modes, Prefix, Add1<I>>>::walk_list(t, modes)?;
        Ok((Cons(s, ss), Cons(d, ds)))
    }
}

// ---------------------------------------------------------------------------------------------
// The layout

/// `complement(A, Cot)` for a layout with basis strides: the walk over its codomain with the
/// cotarget (`Full`: each component up to its cosize). What [`Complement`](crate::typelevel::Complement)
/// and [`ComplementFull`](crate::typelevel::ComplementFull) dispatch to for basis strides.
#[doc(hidden)]
pub trait BasisComplement<Cot> {
    type Output;
    fn try_basis_complement(&self, cot: Cot) -> Result<Self::Output>;
}
impl<S, D, Cot> BasisComplement<Cot> for Layout<S, D>
where
    S: FlattenInto<D, Nil>,
    D: CodomainProfile,
    Profile<D>: Walk<Cot, FlatModes<S, D>, Nil>,
{
    type Output = Layout<
        <Profile<D> as Walk<Cot, FlatModes<S, D>, Nil>>::Shape,
        <Profile<D> as Walk<Cot, FlatModes<S, D>, Nil>>::Stride,
    >;
    #[inline(always)]
    fn try_basis_complement(&self, cot: Cot) -> Result<Self::Output> {
        let modes = self.raw_shape().flatten_into(self.raw_stride(), Nil);
        let (s, d) = <Profile<D> as Walk<Cot, FlatModes<S, D>, Nil>>::walk(cot, modes)?;
        // Each component is a checked integer layout along one path: every coordinate entry
        // fits i64.
        Ok(Layout::from_raw_parts(s, d))
    }
}
