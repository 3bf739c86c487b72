//! `slice(c, L)` and `slice_and_offset(c, L)` (CuTe `layout.hpp`) in the type system: the
//! sub-layout of the modes a coordinate leaves open with `_` ([`Underscore`]), and the offset
//! `L(c)` with every `_` read as 0.
//!
//! The rules, one per kind of coordinate (CuTe's `slice` and `lift_slice`):
//!
//! * `slice(_, S:D) = S:D` (the whole layout is kept);
//! * `slice(i, S:D) = ():()` for an integer `i` (the mode is fixed, nothing is kept);
//! * `slice((c0, …, cn), (S0, …, Sn):(D0, …, Dn))` concatenates the elements' lifted slices:
//!   a `_` element keeps its mode as one element `(Sk)`, an integer drops it, a tuple element
//!   contributes the elements of its own slice (one level flattened): so
//!   `slice((_, (3, _)), (M, (N, K)):(1, (M, MN))) = (M, K):(1, MN)`.
//!
//! The offset is the layout at the coordinate with `_` replaced by 0. An integer entry must
//! lie in its mode, `0 ≤ c < size(mode)`: otherwise an
//! [`ErrorKind::BadCoordinate`](crate::ErrorKind::BadCoordinate) error (the result would be
//! a sub-layout of elements outside `L`). A coordinate that is not weakly congruent with the
//! shape (a tuple level of another rank, a tuple where the shape has an integer) is a compile
//! error naming [`SliceCoord`].

use crate::error::{ErrorKind, Result};
use crate::int::Plain;
use crate::layout::{CheckedIndex, Coord, Layout};
use crate::tuple::{Congruent, Cons, ConsOf, FromCons, IntTuple, Nil, ToCons, TupleOf};
use crate::typelevel::flat::ListAppend;
use crate::typelevel::tiler::Underscore;
use crate::typelevel::{Slice, SliceOf};

/// A slice coordinate of a layout with shape `S` and stride `D` (CuTe's `slice(crd, layout)`):
/// `_`, an integer, or a tuple of slice coordinates with the shape's rank at every level
/// where it is a tuple. The rules (CuTe's `slice` and `lift_slice`): `_` keeps the whole
/// (sub)layout, an integer keeps nothing, a tuple concatenates its elements' contributions — a
/// `_` element its mode as one element, an integer nothing, a tuple the elements of its own
/// slice (one level flattened).
///
/// ```
/// use cute_layout::{layout, Layout, ops::{SliceOf, Underscore as _X}};
/// let l = layout!((4,(2,3)):(1,(4,8)));
/// static_assertions::assert_type_eq_all!(
///     SliceOf<Layout![(4,(2,3)):(1,(4,8))], (_X, (i64, _X))>, Layout![(4,3):(1,8)]);
/// assert_eq!(l.slice((_X, (1, _X))).to_string(), "(4,3):(1,8)");
/// assert_eq!(l.slice_and_offset((2, (1, _X))).1, 6);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a slice coordinate of a layout with shape `{S}`",
    label = "expected `_`, an integer, or a tuple with the shape's rank at every tuple level",
    note = "a slice coordinate is weakly congruent with the shape, with `_` (Underscore) where a mode is kept (CuTe `slice`)"
)]
pub trait SliceCoord<S, D> {
    /// The shape of the kept modes.
    type Shape: IntTuple + Congruent<Self::Stride>;
    /// The stride of the kept modes.
    type Stride: IntTuple;
    /// The kept modes (no check: see [`try_slice_offset`](SliceCoord::try_slice_offset)).
    fn slice_parts(&self, shape: &S, stride: &D) -> (Self::Shape, Self::Stride);
    /// The offset at the coordinate with every `_` read as 0, checked: a
    /// [`BadCoordinate`](crate::ErrorKind::BadCoordinate) error for an integer entry outside
    /// its mode, an [`Overflow`](crate::ErrorKind::Overflow) error beyond `i64`.
    fn try_slice_offset(&self, shape: &S, stride: &D) -> Result<i64>;
}

/// `_` keeps the whole (sub)layout.
impl<S: IntTuple + Congruent<D>, D: IntTuple> SliceCoord<S, D> for Underscore {
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn slice_parts(&self, shape: &S, stride: &D) -> (S, D) {
        (*shape, *stride)
    }
    #[inline(always)]
    fn try_slice_offset(&self, _: &S, _: &D) -> Result<i64> {
        Ok(0)
    }
}

/// The offset of an integer entry `c` of a mode `S:D`, after checking `0 ≤ c < size(S)`.
#[inline]
fn int_offset<S: CheckedIndex<D>, D>(c: i64, shape: &S, stride: &D) -> Result<i64> {
    let size = shape.size_value();
    if c < 0 || c >= size {
        return Err(crate::error::layout_error!(
            ErrorKind::BadCoordinate,
            "slice coordinate {c} is outside its mode of size {size}"
        ));
    }
    Coord::<S, D>::try_offset(c, shape, stride)
}

/// An integer fixes its (sub)layout: nothing is kept.
macro_rules! slice_int {
    ($($T:ty),*) => {$(
        impl<S: CheckedIndex<D>, D> SliceCoord<S, D> for $T {
            type Shape = ();
            type Stride = ();
            #[inline(always)]
            fn slice_parts(&self, _: &S, _: &D) -> ((), ()) {
                ((), ())
            }
            #[inline]
            fn try_slice_offset(&self, shape: &S, stride: &D) -> Result<i64> {
                int_offset(crate::layout::coord_i64(*self)?, shape, stride)
            }
        }
        impl<S: CheckedIndex<D>, D> LiftSlice<S, D> for $T {
            type Shapes = Nil;
            type Strides = Nil;
            #[inline(always)]
            fn lift(&self, _: &S, _: &D) -> (Nil, Nil) {
                (Nil, Nil)
            }
            #[inline]
            fn lift_offset(&self, shape: &S, stride: &D) -> Result<i64> {
                int_offset(crate::layout::coord_i64(*self)?, shape, stride)
            }
        }
    )*};
}
slice_int!(i64, i32, u32, u64, usize);

/// A tuple coordinate: its elements' lifted slices, concatenated.
#[diagnostic::do_not_recommend]
impl<C: ToCons, S: ToCons + Congruent<D>, D: ToCons + IntTuple> SliceCoord<S, D> for C
where
    ConsOf<C>: ConsSlice<ConsOf<S>, ConsOf<D>>,
    TupleOf<<ConsOf<C> as ConsSlice<ConsOf<S>, ConsOf<D>>>::Shapes>:
        IntTuple + Congruent<TupleOf<<ConsOf<C> as ConsSlice<ConsOf<S>, ConsOf<D>>>::Strides>>,
    TupleOf<<ConsOf<C> as ConsSlice<ConsOf<S>, ConsOf<D>>>::Strides>: IntTuple,
{
    type Shape = TupleOf<<ConsOf<C> as ConsSlice<ConsOf<S>, ConsOf<D>>>::Shapes>;
    type Stride = TupleOf<<ConsOf<C> as ConsSlice<ConsOf<S>, ConsOf<D>>>::Strides>;
    #[inline(always)]
    fn slice_parts(&self, shape: &S, stride: &D) -> (Self::Shape, Self::Stride) {
        let (s, d) = self
            .to_cons()
            .slice_list(&shape.to_cons(), &stride.to_cons());
        (s.from_cons(), d.from_cons())
    }
    #[inline]
    fn try_slice_offset(&self, shape: &S, stride: &D) -> Result<i64> {
        self.to_cons()
            .slice_offset(0, &shape.to_cons(), &stride.to_cons())
    }
}

/// One element of a tuple slice coordinate, lifted (CuTe `lift_slice`): the list of modes it
/// contributes to its parent's slice.
#[doc(hidden)]
pub trait LiftSlice<S, D> {
    /// The shapes contributed, a list.
    type Shapes: Plain;
    /// The strides contributed, a list.
    type Strides: Plain;
    /// The values.
    fn lift(&self, shape: &S, stride: &D) -> (Self::Shapes, Self::Strides);
    /// The offset, checked.
    fn lift_offset(&self, shape: &S, stride: &D) -> Result<i64>;
}
/// `_` contributes its mode as one element.
impl<S: Plain, D: Plain> LiftSlice<S, D> for Underscore {
    type Shapes = Cons<S, Nil>;
    type Strides = Cons<D, Nil>;
    #[inline(always)]
    fn lift(&self, shape: &S, stride: &D) -> (Self::Shapes, Self::Strides) {
        (Cons(*shape, Nil), Cons(*stride, Nil))
    }
    #[inline(always)]
    fn lift_offset(&self, _: &S, _: &D) -> Result<i64> {
        Ok(0)
    }
}
/// A tuple contributes the elements of its own slice.
impl<C: ToCons + SliceCoord<S, D>, S, D> LiftSlice<S, D> for C
where
    C::Shape: ToCons,
    C::Stride: ToCons,
{
    type Shapes = ConsOf<C::Shape>;
    type Strides = ConsOf<C::Stride>;
    #[inline(always)]
    fn lift(&self, shape: &S, stride: &D) -> (Self::Shapes, Self::Strides) {
        let (s, d) = self.slice_parts(shape, stride);
        (s.to_cons(), d.to_cons())
    }
    #[inline]
    fn lift_offset(&self, shape: &S, stride: &D) -> Result<i64> {
        self.try_slice_offset(shape, stride)
    }
}

/// The list form of a tuple slice coordinate against the shape's and stride's element lists.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the slice coordinate is not weakly congruent with the shape: a tuple level has a different rank",
    label = "expected a tuple with the shape's rank at this level",
    note = "a slice coordinate is weakly congruent with the shape, with `_` (Underscore) where a mode is kept (CuTe `slice`)"
)]
pub trait ConsSlice<SL, DL> {
    /// The kept shapes, a list.
    type Shapes: FromCons;
    /// The kept strides, a list.
    type Strides: FromCons;
    /// The values.
    fn slice_list(&self, shape: &SL, stride: &DL) -> (Self::Shapes, Self::Strides);
    /// `acc` plus the offset, checked.
    fn slice_offset(&self, acc: i64, shape: &SL, stride: &DL) -> Result<i64>;
}
impl ConsSlice<Nil, Nil> for Nil {
    type Shapes = Nil;
    type Strides = Nil;
    #[inline(always)]
    fn slice_list(&self, _: &Nil, _: &Nil) -> (Nil, Nil) {
        (Nil, Nil)
    }
    #[inline(always)]
    fn slice_offset(&self, acc: i64, _: &Nil, _: &Nil) -> Result<i64> {
        Ok(acc)
    }
}
#[diagnostic::do_not_recommend]
impl<CH, CT, SH, ST, DH, DT> ConsSlice<Cons<SH, ST>, Cons<DH, DT>> for Cons<CH, CT>
where
    CH: LiftSlice<SH, DH>,
    CT: ConsSlice<ST, DT>,
    CH::Shapes: ListAppend<CT::Shapes>,
    CH::Strides: ListAppend<CT::Strides>,
    <CH::Shapes as ListAppend<CT::Shapes>>::Output: FromCons,
    <CH::Strides as ListAppend<CT::Strides>>::Output: FromCons,
{
    type Shapes = <CH::Shapes as ListAppend<CT::Shapes>>::Output;
    type Strides = <CH::Strides as ListAppend<CT::Strides>>::Output;
    #[inline(always)]
    fn slice_list(
        &self,
        shape: &Cons<SH, ST>,
        stride: &Cons<DH, DT>,
    ) -> (Self::Shapes, Self::Strides) {
        let (hs, hd) = self.0.lift(&shape.0, &stride.0);
        let (ts, td) = self.1.slice_list(&shape.1, &stride.1);
        (hs.append(ts), hd.append(td))
    }
    #[inline]
    fn slice_offset(&self, acc: i64, shape: &Cons<SH, ST>, stride: &Cons<DH, DT>) -> Result<i64> {
        let head = self.0.lift_offset(&shape.0, &stride.0)?;
        let acc = acc
            .checked_add(head)
            .ok_or_else(|| crate::error::layout_error!(ErrorKind::Overflow, "{acc} + {head}"))?;
        self.1.slice_offset(acc, &shape.1, &stride.1)
    }
}

/// `slice_and_offset(c, L)` (CuTe): [`slice(c, L)`](Slice) and the offset `L(c)` with every
/// `_` read as 0 — where the sub-layout starts in `L`'s codomain (what a tensor's slice adds to
/// its data pointer).
///
/// ```
/// use cute_layout::{layout, ops::{SliceAndOffset, Underscore as _X}};
/// // CuTe `tensor(_, 3)` on an 8x5 column-major matrix: column 3 starts at 24.
/// let (col, off) = layout!((8,5):(1,8)).slice_and_offset((_X, 3));
/// assert_eq!((col.to_string(), off), ("(8):(1)".to_string(), 24));
/// ```
pub trait SliceAndOffset<C>: Slice<C> {
    /// The sliced layout and the offset; an error for an integer entry outside its mode.
    fn try_slice_and_offset(&self, crd: C) -> Result<(Self::Output, i64)>;
    /// The sliced layout and the offset, panicking with the error's message where
    /// [`try_slice_and_offset`](SliceAndOffset::try_slice_and_offset) errs.
    #[track_caller]
    fn slice_and_offset(&self, crd: C) -> (Self::Output, i64) {
        match self.try_slice_and_offset(crd) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }
}

impl<S, D> Layout<S, D> {
    /// See [`SliceAndOffset`]; an error for an integer entry outside its mode.
    #[inline(always)]
    pub fn try_slice_and_offset<C>(&self, crd: C) -> Result<(SliceOf<Self, C>, i64)>
    where
        Self: SliceAndOffset<C>,
    {
        SliceAndOffset::try_slice_and_offset(self, crd)
    }
    /// See [`SliceAndOffset`]; panics where [`try_slice_and_offset`](Self::try_slice_and_offset)
    /// errs.
    #[inline(always)]
    #[track_caller]
    pub fn slice_and_offset<C>(&self, crd: C) -> (SliceOf<Self, C>, i64)
    where
        Self: SliceAndOffset<C>,
    {
        SliceAndOffset::slice_and_offset(self, crd)
    }
}

impl<S: Congruent<D>, D: IntTuple, C: SliceCoord<S, D>> Slice<C> for Layout<S, D> {
    type Output = Layout<C::Shape, C::Stride>;
    #[inline]
    fn try_slice(&self, crd: C) -> Result<Self::Output> {
        Ok(self.try_slice_and_offset(crd)?.0)
    }
}

impl<S: Congruent<D>, D: IntTuple, C: SliceCoord<S, D>> SliceAndOffset<C> for Layout<S, D> {
    #[inline]
    fn try_slice_and_offset(&self, crd: C) -> Result<(Self::Output, i64)> {
        let offset = crd.try_slice_offset(self.shape_ref(), self.stride_ref())?;
        let (s, d) = crd.slice_parts(self.shape_ref(), self.stride_ref());
        // A sub-layout of a valid layout: its size and offsets are within the original's.
        Ok((Layout::from_parts_unchecked(s, d), offset))
    }
}

/// `slice(c, A ∘ O ∘ B) = A ∘ (O + off) ∘ slice(c, B)` with `off` the offset of `c` in `B`
/// (CuTe `layout_composed.hpp`): the swizzle is not linear, so the offset moves inside it and
/// the composed layout's own offset is 0. The new offset is a runtime `i64`.
///
/// ```
/// use cute_layout::{layout, AnyLayout, ops::{Slice, SliceAndOffset, Underscore as _X}};
/// let l = layout!(Sw<3,4,3> o 0 o (8,64):(64,1));
/// let (row, off) = l.slice_and_offset((2, _X));
/// assert_eq!((row.to_string(), off), ("Sw<3,4,3> o 128 o (64):(1)".to_string(), 0));
/// assert!((0..64).all(|c| row.call(c) == l.call((2, c))));
/// ```
impl<A, O, B, C> Slice<C> for crate::composed::ComposedLayout<A, O, B>
where
    A: crate::composed::ComposedOuter,
    O: crate::composed::ComposedOffset,
    B: crate::composed::ComposedInner + SliceAndOffset<C>,
    SliceOf<B, C>: crate::composed::ComposedInner,
{
    type Output = crate::composed::ComposedLayout<A, i64, SliceOf<B, C>>;
    #[inline]
    fn try_slice(&self, crd: C) -> Result<Self::Output> {
        Ok(self.try_slice_and_offset(crd)?.0)
    }
}

impl<A, O, B, C> SliceAndOffset<C> for crate::composed::ComposedLayout<A, O, B>
where
    A: crate::composed::ComposedOuter,
    O: crate::composed::ComposedOffset,
    B: crate::composed::ComposedInner + SliceAndOffset<C>,
    SliceOf<B, C>: crate::composed::ComposedInner,
{
    fn try_slice_and_offset(&self, crd: C) -> Result<(Self::Output, i64)> {
        let (b, off) = self.layout_b().try_slice_and_offset(crd)?;
        let o = self.offset().value();
        let o = o.checked_add(off).ok_or_else(|| {
            crate::error::layout_error!(ErrorKind::Overflow, "offset {o} + {off} exceeds i64")
        })?;
        let l = crate::composed::ComposedLayout::try_new(self.layout_a().clone(), o, b)?;
        Ok((l, 0))
    }
}
