//! Mode utilities in the type system: `filter_zeros`, `filter`, `flatten`, `group_modes` and
//! by-mode `coalesce` with a profile.

use crate::typelevel::{
    Coalesce, CoalesceByMode, CoalesceOf, Filter, FilterZeros, FilterZerosOf, Flatten, GroupModes,
};
use typenum::{B1, U0, U1};

use crate::error::Result;
use crate::int::{Int, Plain, StaticInt};
use crate::layout::Layout;

use crate::int::select::{Dyn, ZeroSel};
use crate::tuple::{Congruent, Cons, IntTuple, Nil, ToCons};
use crate::typelevel::flat::ListAppend;
use crate::typelevel::flat::{FlatModes, FlattenInto, Unzip};
use crate::typelevel::tiler::{ConcatLayouts, ModesOf};

// ---------------------------------------------------------------------------------------------
// filter_zeros, filter

/// The shape of `Self : D` with every stride-0 leaf's shape replaced by 1.
pub trait FilterZerosWith<D> {
    /// The new shape, congruent with `D`.
    type Output: IntTuple;
    /// The value.
    fn filter_zeros_with(&self, stride: &D) -> Self::Output;
}
#[doc(hidden)]
pub trait FilterZeroLeaf<D, DIsZero> {
    type Output: IntTuple;
    fn filter_zero_leaf(&self, stride: &D) -> Self::Output;
}
/// d = 0: a static shape becomes the static 1, a runtime one the runtime 1.
impl<S: StaticInt, D> FilterZeroLeaf<D, B1> for S {
    type Output = U1;
    #[inline(always)]
    fn filter_zero_leaf(&self, _: &D) -> U1 {
        U1::default()
    }
}
impl<D> FilterZeroLeaf<D, B1> for i64 {
    type Output = i64;
    #[inline(always)]
    fn filter_zero_leaf(&self, _: &D) -> i64 {
        1
    }
}
/// d ≠ 0: kept.
impl<S: IntTuple, D> FilterZeroLeaf<D, typenum::B0> for S {
    type Output = S;
    #[inline(always)]
    fn filter_zero_leaf(&self, _: &D) -> S {
        *self
    }
}
/// d decided at run time.
impl<S: Int, D: Int> FilterZeroLeaf<D, Dyn> for S {
    type Output = i64;
    #[inline(always)]
    fn filter_zero_leaf(&self, stride: &D) -> i64 {
        if stride.value() == 0 {
            1
        } else {
            self.value()
        }
    }
}
macro_rules! filter_zeros_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<D: Int, $($g)*> FilterZerosWith<D> for $S
        where
            $S: FilterZeroLeaf<D, ZeroSel<D>>,
        {
            type Output = <$S as FilterZeroLeaf<D, ZeroSel<D>>>::Output;
            #[inline(always)]
            fn filter_zeros_with(&self, stride: &D) -> Self::Output {
                self.filter_zero_leaf(stride)
            }
        }
    };
}
crate::tuple::for_each_size_leaf!(filter_zeros_leaf);
macro_rules! filter_zeros_tuple {
    ($(($T:ident $D:ident))+) => {
        #[allow(non_snake_case)]
        impl<$($T: FilterZerosWith<$D>, $D,)*> FilterZerosWith<($($D,)*)> for ($($T,)*)
        where
            ($(<$T as FilterZerosWith<$D>>::Output,)*): IntTuple,
        {
            type Output = ($(<$T as FilterZerosWith<$D>>::Output,)*);
            #[inline(always)]
            fn filter_zeros_with(&self, stride: &($($D,)*)) -> Self::Output {
                let ($($T,)*) = self;
                let ($($D,)*) = stride;
                ($($T.filter_zeros_with($D),)*)
            }
        }
    };
}
crate::tuple::for_each_tuple_pair!(filter_zeros_tuple);

impl<S: Congruent<D> + FilterZerosWith<D>, D: IntTuple> FilterZeros for Layout<S, D>
where
    S::Output: Congruent<D>,
{
    type Output = Layout<S::Output, D>;
    #[inline(always)]
    fn try_filter_zeros(&self) -> Result<Self::Output> {
        Ok(Layout::from_parts_unchecked(
            self.shape().filter_zeros_with(&self.stride()),
            self.stride(),
        ))
    }
}

impl<S, D> Filter for Layout<S, D>
where
    Layout<S, D>: FilterZeros,
    FilterZerosOf<Layout<S, D>>: Coalesce,
{
    type Output = CoalesceOf<FilterZerosOf<Layout<S, D>>>;
    #[inline(always)]
    fn try_filter(&self) -> Result<Self::Output> {
        self.filter_zeros().try_coalesce()
    }
}

// ---------------------------------------------------------------------------------------------
// flatten

macro_rules! flatten_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<D: Int + IntTuple, $($g)*> Flatten for Layout<$S, D> {
            type Output = Self;
            #[inline(always)]
            fn try_flatten(&self) -> Result<Self> {
                Ok(*self)
            }
        }
    };
}
crate::tuple::for_each_shape_leaf!(flatten_leaf);
impl<S, D: IntTuple> Flatten for Layout<S, D>
where
    S: ToCons + Congruent<D> + FlattenInto<D, Nil>,
    FlatModes<S, D>: Unzip,
    <FlatModes<S, D> as Unzip>::Shapes: Congruent<<FlatModes<S, D> as Unzip>::Strides>,
    <FlatModes<S, D> as Unzip>::Strides: IntTuple,
{
    type Output = Layout<<FlatModes<S, D> as Unzip>::Shapes, <FlatModes<S, D> as Unzip>::Strides>;
    #[inline(always)]
    fn try_flatten(&self) -> Result<Self::Output> {
        let a = self;
        static_or_value!((a: &Self) -> Self::Output {
            let (s, d) = a.shape().flatten_into(&a.stride(), Nil).unzip();
            Ok(Layout::from_parts_unchecked(s, d))
        })
    }
}

// ---------------------------------------------------------------------------------------------
// group_modes

/// Split a list after its first `N` elements (a typenum index).
#[diagnostic::on_unimplemented(
    message = "the mode range ends beyond the rank of the layout: cannot split off `{N}` more modes",
    label = "mode range out of bounds",
    note = "group_modes::<B, E> and take::<B, E> need B ≤ E ≤ rank(L); an integral layout has rank 1"
)]
pub trait SplitAt<N> {
    /// The first `N` elements.
    type Front: Plain;
    /// The rest.
    type Back: Plain;
    /// The values.
    fn split_at(self) -> (Self::Front, Self::Back);
}
impl<L: Plain> SplitAt<U0> for L {
    type Front = Nil;
    type Back = L;
    #[inline(always)]
    fn split_at(self) -> (Nil, L) {
        (Nil, self)
    }
}
// Its only condition is the rest's split (`UInt − 1` always exists): a list too short reports
// this trait on the whole list, not a chain through its tails.
#[diagnostic::do_not_recommend]
impl<H: Plain, T, U: typenum::Unsigned, B: typenum::Bit> SplitAt<typenum::UInt<U, B>> for Cons<H, T>
where
    typenum::UInt<U, B>: core::ops::Sub<B1>,
    T: SplitAt<typenum::Sub1<typenum::UInt<U, B>>>,
{
    type Front = Cons<H, <T as SplitAt<typenum::Sub1<typenum::UInt<U, B>>>>::Front>;
    type Back = <T as SplitAt<typenum::Sub1<typenum::UInt<U, B>>>>::Back;
    #[inline(always)]
    fn split_at(self) -> (Self::Front, Self::Back) {
        let (f, b) = self.1.split_at();
        (Cons(self.0, f), b)
    }
}

with_diagnostic! {
    (
        message = "the mode range `{Self}` (begin, end) is reversed",
        label = "begin must not exceed end",
        note = "group_modes::<B, E> and take::<B, E> need B ≤ E ≤ rank(L)"
    )
    /// The mode range `[B, E)` of `group_modes` and `take` must not be reversed. Implemented by `(B, E)`
    /// with `B ≤ E`.
    #[doc(hidden)]
    pub trait ModeRange {
        /// `E − B`.
        type Len;
    }
    #[doc(hidden)]
    pub trait ModeRangeSel<Sel> {
        type Len;
    }
}
/// `(B, E)` holds when `B ≤ E`; the range has `E − B` modes.
#[diagnostic::do_not_recommend]
impl<Bg, E: typenum::IsGreaterOrEqual<Bg>> ModeRange for (Bg, E)
where
    (Bg, E): ModeRangeSel<typenum::GrEq<E, Bg>>,
{
    type Len = <(Bg, E) as ModeRangeSel<typenum::GrEq<E, Bg>>>::Len;
}
impl<Bg, E: core::ops::Sub<Bg>> ModeRangeSel<B1> for (Bg, E) {
    type Len = typenum::Diff<E, Bg>;
}

/// The modes of `L` split into `[0, B)`, `[B, E)` and `[E, rank)`.
type Front<L, Bg> = <<L as ModesOf>::Output as SplitAt<Bg>>::Front;
type Rest<L, Bg> = <<L as ModesOf>::Output as SplitAt<Bg>>::Back;
type Group<L, Bg, E> = <Rest<L, Bg> as SplitAt<<(Bg, E) as ModeRange>::Len>>::Front;
type Tail<L, Bg, E> = <Rest<L, Bg> as SplitAt<<(Bg, E) as ModeRange>::Len>>::Back;
type Regrouped<L, Bg, E> = <Front<L, Bg> as ListAppend<
    Cons<<Group<L, Bg, E> as ConcatLayouts>::Output, Tail<L, Bg, E>>,
>>::Output;

impl<L, Bg, E> GroupModes<Bg, E> for L
where
    L: ModesOf,
    (Bg, E): ModeRange,
    L::Output: SplitAt<Bg>,
    Rest<L, Bg>: SplitAt<<(Bg, E) as ModeRange>::Len>,
    Group<L, Bg, E>: ConcatLayouts,
    Front<L, Bg>: ListAppend<Cons<<Group<L, Bg, E> as ConcatLayouts>::Output, Tail<L, Bg, E>>>,
    Regrouped<L, Bg, E>: ConcatLayouts,
{
    type Output = <Regrouped<L, Bg, E> as ConcatLayouts>::Output;
    #[inline(always)]
    fn try_group_modes(&self) -> Result<Self::Output> {
        let (front, rest) = SplitAt::<Bg>::split_at(self.modes_of());
        let (group, tail) = SplitAt::<<(Bg, E) as ModeRange>::Len>::split_at(rest);
        Ok(front
            .append(Cons(group.concat_layouts(), tail))
            .concat_layouts())
    }
}

// ---------------------------------------------------------------------------------------------
// coalesce by mode

macro_rules! coalesce_by_mode_leaf {
    ([$($g:tt)*] $P:ty) => {
        impl<S, D, $($g)*> CoalesceByMode<$P> for Layout<S, D>
        where
            Layout<S, D>: Coalesce,
        {
            type Output = CoalesceOf<Layout<S, D>>;
            #[inline(always)]
            fn try_coalesce_by_mode(&self, _: $P) -> Result<Self::Output> {
                self.try_coalesce()
            }
        }
    };
}
crate::tuple::for_each_shape_leaf!(coalesce_by_mode_leaf);

impl<S, D, P: ToCons> CoalesceByMode<P> for Layout<S, D>
where
    Layout<S, D>: ProfileModes<P::Cons>,
{
    type Output = <Layout<S, D> as ProfileModes<P::Cons>>::Output;
    #[inline(always)]
    fn try_coalesce_by_mode(&self, profile: P) -> Result<Self::Output> {
        self.profile_modes(profile.to_cons())
    }
}

/// By-mode coalesce with a tuple profile, given as its list of elements.
pub trait ProfileModes<P> {
    /// The coalesced layout.
    type Output;
    /// The value.
    fn profile_modes(&self, profile: P) -> Result<Self::Output>;
}
// An integer layout is its own single mode: an empty profile keeps it, a one-element profile
// applies to it.
macro_rules! profile_modes_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<D: Int + IntTuple, $($g)*> ProfileModes<Nil> for Layout<$S, D> {
            type Output = Self;
            #[inline(always)]
            fn profile_modes(&self, _: Nil) -> Result<Self> {
                Ok(*self)
            }
        }
        impl<D: Int + IntTuple, P0, $($g)*> ProfileModes<Cons<P0, Nil>> for Layout<$S, D>
        where
            Layout<$S, D>: CoalesceByMode<P0>,
        {
            type Output = <Layout<$S, D> as CoalesceByMode<P0>>::Output;
            #[inline(always)]
            fn profile_modes(&self, p: Cons<P0, Nil>) -> Result<Self::Output> {
                <Self as CoalesceByMode<P0>>::try_coalesce_by_mode(self, p.0)
            }
        }
    };
}
crate::tuple::for_each_shape_leaf!(profile_modes_leaf);

impl<S: ToCons + Congruent<D>, D: IntTuple, P> ProfileModes<P> for Layout<S, D>
where
    Layout<S, D>: ModesOf,
    <Layout<S, D> as ModesOf>::Output: ModesByProfile<P>,
    <<Layout<S, D> as ModesOf>::Output as ModesByProfile<P>>::Output: ConcatLayouts,
{
    type Output =
        <<<Layout<S, D> as ModesOf>::Output as ModesByProfile<P>>::Output as ConcatLayouts>::Output;
    #[inline(always)]
    fn profile_modes(&self, profile: P) -> Result<Self::Output> {
        Ok(self.modes_of().modes_by_profile(profile)?.concat_layouts())
    }
}

/// Coalesce each mode of a list of modes (`Self`) by the matching element of the profile
/// list `P`; the modes beyond `P` are kept.
#[diagnostic::on_unimplemented(
    message = "the coalesce profile has more modes than the layout",
    label = "profile longer than the layout",
    note = "a profile ⟨P0, P1, ...⟩ applies to the first modes of the layout; the layout must have at least as many"
)]
pub trait ModesByProfile<P> {
    /// The coalesced modes.
    type Output: Plain;
    /// The values.
    fn modes_by_profile(self, profile: P) -> Result<Self::Output>;
}
impl<Ms: Plain> ModesByProfile<Nil> for Ms {
    type Output = Ms;
    #[inline(always)]
    fn modes_by_profile(self, _: Nil) -> Result<Ms> {
        Ok(self)
    }
}
impl<M0, MT, P0, PT> ModesByProfile<Cons<P0, PT>> for Cons<M0, MT>
where
    M0: CoalesceByMode<P0>,
    M0::Output: Plain,
    MT: ModesByProfile<PT>,
{
    type Output = Cons<M0::Output, MT::Output>;
    #[inline(always)]
    fn modes_by_profile(self, profile: Cons<P0, PT>) -> Result<Self::Output> {
        Ok(Cons(
            self.0.try_coalesce_by_mode(profile.0)?,
            self.1.modes_by_profile(profile.1)?,
        ))
    }
}
