//! Flat mode lists: the working form of the type-level algorithms.
//!
//! A layout is flattened into a list `Cons<M<S0, D0>, Cons<M<S1, D1>, ... Nil>>` of its leaf
//! modes `s:d`; algorithms fold over that list, and [`ToLayout`] turns a list back into a
//! layout: no modes give `1:0`, one mode `s:d`, several the flat tuple `(s0,s1,...):(d0,d1,...)`.

use typenum::{U0, U1};

use crate::error::Result;
use crate::int::{Int, Plain};
use crate::layout::Layout;
use crate::tuple::{Congruent, Cons, FromCons, IntTuple, Nil, ToCons, TupleOf};

/// One flat mode `s : d` with integer leaves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct M<S, D>(pub S, pub D);

/// Flatten shape `Self` with stride `D` into flat modes, followed by the list `Tail`.
pub trait FlattenInto<D, Tail> {
    /// The flat modes of this layout, then `Tail`.
    type Output: Plain;
    /// The values.
    fn flatten_into(&self, stride: &D, tail: Tail) -> Self::Output;
}

macro_rules! flatten_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<D: Int, Tail: Plain, $($g)*> FlattenInto<D, Tail> for $S {
            type Output = Cons<M<$S, D>, Tail>;
            #[inline(always)]
            fn flatten_into(&self, stride: &D, tail: Tail) -> Self::Output {
                Cons(M(*self, *stride), tail)
            }
        }
    };
}
crate::tuple::for_each_leaf!(flatten_leaf);

#[doc(hidden)]
pub trait ConsFlattenInto<D, Tail> {
    type Output: Plain;
    fn flatten_into(&self, stride: &D, tail: Tail) -> Self::Output;
}
impl<Tail: Plain> ConsFlattenInto<Nil, Tail> for Nil {
    type Output = Tail;
    #[inline(always)]
    fn flatten_into(&self, _: &Nil, tail: Tail) -> Tail {
        tail
    }
}
impl<SH, ST, DH, DT, Tail> ConsFlattenInto<Cons<DH, DT>, Tail> for Cons<SH, ST>
where
    ST: ConsFlattenInto<DT, Tail>,
    SH: FlattenInto<DH, ST::Output>,
{
    type Output = SH::Output;
    #[inline(always)]
    fn flatten_into(&self, stride: &Cons<DH, DT>, tail: Tail) -> Self::Output {
        let rest = self.1.flatten_into(&stride.1, tail);
        self.0.flatten_into(&stride.0, rest)
    }
}
impl<S: ToCons, D: ToCons, Tail> FlattenInto<D, Tail> for S
where
    S::Cons: ConsFlattenInto<D::Cons, Tail>,
{
    type Output = <S::Cons as ConsFlattenInto<D::Cons, Tail>>::Output;
    #[inline(always)]
    fn flatten_into(&self, stride: &D, tail: Tail) -> Self::Output {
        self.to_cons().flatten_into(&stride.to_cons(), tail)
    }
}

/// The flat modes of the layout `S : D`.
pub type FlatModes<S, D> = <S as FlattenInto<D, Nil>>::Output;

/// Split a mode list into its shapes and its strides.
pub trait Unzip {
    /// The list of shapes.
    type Shapes: FromCons;
    /// The list of strides.
    type Strides: FromCons;
    /// The values.
    fn unzip(self) -> (Self::Shapes, Self::Strides);
}
impl Unzip for Nil {
    type Shapes = Nil;
    type Strides = Nil;
    #[inline(always)]
    fn unzip(self) -> (Nil, Nil) {
        (Nil, Nil)
    }
}
impl<S: Plain, D: Plain, T: Unzip> Unzip for Cons<M<S, D>, T>
where
    Cons<S, T::Shapes>: FromCons,
    Cons<D, T::Strides>: FromCons,
{
    type Shapes = Cons<S, T::Shapes>;
    type Strides = Cons<D, T::Strides>;
    #[inline(always)]
    fn unzip(self) -> (Self::Shapes, Self::Strides) {
        let (s, d) = self.1.unzip();
        (Cons(self.0 .0, s), Cons(self.0 .1, d))
    }
}

/// A mode list as a layout: `Nil → 1:0`, one mode `s:d`, several `(s0,...):(d0,...)`.
pub trait ToLayout {
    /// The layout type.
    type Output;
    /// The layout value, unchecked: for mode lists that keep a valid layout's size and cosize
    /// (coalescing).
    fn to_layout(self) -> Self::Output;
    /// The layout value, with runtime leaves checked like [`Layout::try_new`] (size and cosize
    /// within `i64`): for results computed from their inputs (complement, composition).
    /// Static results are checked at compile time instead.
    fn try_to_layout(self) -> Result<Self::Output>;
}
impl ToLayout for Nil {
    type Output = Layout<U1, U0>;
    #[inline(always)]
    fn to_layout(self) -> Self::Output {
        Layout::new()
    }
    #[inline(always)]
    fn try_to_layout(self) -> Result<Self::Output> {
        Ok(Layout::new())
    }
}
impl<S: Int + IntTuple + Congruent<D>, D: Int + IntTuple> ToLayout for Cons<M<S, D>, Nil> {
    type Output = Layout<S, D>;
    #[inline(always)]
    fn to_layout(self) -> Self::Output {
        Layout::from_parts_unchecked(self.0 .0, self.0 .1)
    }
    #[inline(always)]
    fn try_to_layout(self) -> Result<Self::Output> {
        crate::ops::tiler::checked_layout(self.0 .0, self.0 .1)
    }
}
impl<M0, M1, T> ToLayout for Cons<M0, Cons<M1, T>>
where
    Cons<M0, Cons<M1, T>>: Unzip,
    TupleOf<<Cons<M0, Cons<M1, T>> as Unzip>::Shapes>:
        Congruent<TupleOf<<Cons<M0, Cons<M1, T>> as Unzip>::Strides>>,
    TupleOf<<Cons<M0, Cons<M1, T>> as Unzip>::Strides>: IntTuple,
{
    type Output = Layout<
        TupleOf<<Cons<M0, Cons<M1, T>> as Unzip>::Shapes>,
        TupleOf<<Cons<M0, Cons<M1, T>> as Unzip>::Strides>,
    >;
    #[inline(always)]
    fn to_layout(self) -> Self::Output {
        let (s, d) = self.unzip();
        Layout::from_parts_unchecked(s.from_cons(), d.from_cons())
    }
    #[inline(always)]
    fn try_to_layout(self) -> Result<Self::Output> {
        let (s, d) = self.unzip();
        crate::ops::tiler::checked_layout(s.from_cons(), d.from_cons())
    }
}

/// The layout of mode list `L`.
pub type LayoutOf<L> = <L as ToLayout>::Output;
