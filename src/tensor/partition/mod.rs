//! `local_tile` and `local_partition` (CuTe `tensor_impl.hpp`: `inner_partition` and
//! `outer_partition`).
//!
//! Both start from `zipped_divide(T, tiler) = ((tile), (rest))`:
//!
//! * `inner_partition(T, tiler, c)` keeps the tile and slices the rest at `c`:
//!   `zipped(repeat<R0>(_), c)`, with a tuple `c` padded by `_` to the rest's rank (trailing
//!   rest modes are kept), an integer `c` indexing the rest flat. `local_tile` is this.
//! * `outer_partition(T, tiler, c)` slices the tile at `c` and keeps the rest:
//!   `zipped(c, repeat<R1>(_))`, `c` padded likewise. `local_partition(T, thr, i)` is this
//!   with the tiler `product_each(shape(thr))` and `c = thr.get_flat_coord(i)`: the
//!   coordinate of thread `i` in the thread layout (`(i / dₖ) mod sₖ` for each leaf), one
//!   integer per top-level mode.
//!
//! `repeat<R>(_)` is `_` itself for `R = 1`, as in CuTe (a tile mode of rank 1 stays nested).

use core::marker::PhantomData;
use core::ops::{Add, BitAnd, Div, Mul, Shl, Sub};

use typenum::operator_aliases as op;
use typenum::{
    Bit, Diff, IsEqual, IsNotEqual, NInt, NonZero, PInt, Prod, Quot, Shleft, Sub1, Sum, UInt,
    UTerm, Unsigned, B0, B1, U0, U1, U2, Z0,
};

use crate::error::{layout_error, ErrorKind, Result};
use crate::int::select::Dyn;
use crate::int::{Int, Plain};
use crate::layout::Layout;
use crate::swizzle::Swizzle;
use crate::tuple::{Congruent, Cons, ConsOf, FromCons, IntTuple, Nil, ToCons, TupleOf};
use crate::typelevel::complement::Cosize;
use crate::typelevel::flat::{LayoutOf, ToLayout, M};
use crate::typelevel::{Coalesce, CoalesceOf, Compose, ComposeOf};
use crate::typelevel::{SliceAndOffset, SliceOf, Underscore, ZippedDivide, ZippedDivideOf};

use super::like::Choose;
use super::{Engine, Tensor, TensorLayout};

// ---------------------------------------------------------------------------------------------
// Coordinates built in the type system

/// CuTe's `repeat<rank(S)>(_)` for a shape `S`: `_` for an integer or a rank-1 tuple, a tuple
/// of `_` otherwise.
#[doc(hidden)]
pub trait Underscores {
    /// The coordinate.
    type Output: Plain;
}
macro_rules! underscores_leaf {
    ([$($g:tt)*] $T:ty) => {
        impl<$($g)*> Underscores for $T {
            type Output = Underscore;
        }
    };
}
crate::tuple::for_each_shape_leaf!(underscores_leaf);
impl<A> Underscores for (A,) {
    type Output = Underscore;
}
macro_rules! underscores_tuple {
    ($($T:ident)+) => {
        impl<$($T),+> Underscores for ($($T,)+) {
            type Output = ($(underscores_tuple!(@u $T),)+);
        }
    };
    (@u $T:ident) => { Underscore };
}
underscores_tuple!(A B);
underscores_tuple!(A B C);
underscores_tuple!(A B C D);
underscores_tuple!(A B C D E);
underscores_tuple!(A B C D E F);
underscores_tuple!(A B C D E F G);
underscores_tuple!(A B C D E F G H);
underscores_tuple!(A B C D E F G H I);
underscores_tuple!(A B C D E F G H I J);
underscores_tuple!(A B C D E F G H I J K);
underscores_tuple!(A B C D E F G H I J K L);

/// CuTe's `append<rank(S)>(c, _)` for a tuple coordinate `c` (an integer stays itself): `c`
/// padded with `_` to the rank of `S`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has more modes than the mode `{S}` it indexes",
    label = "a partition coordinate has at most the rank of the mode it slices",
    note = "local_tile's coordinate indexes the rest mode of zipped_divide(T, tiler); local_partition's the tile mode"
)]
#[doc(hidden)]
pub trait PadCoord<S> {
    /// The padded coordinate.
    type Output: Plain;
    /// The value.
    fn pad(self) -> Self::Output;
}
macro_rules! pad_int {
    ($($T:ty),*) => {$(
        impl<S> PadCoord<S> for $T {
            type Output = $T;
            #[inline(always)]
            fn pad(self) -> $T {
                self
            }
        }
    )*};
}
pad_int!(i64, i32, u32, u64, usize);
impl<C: ToCons, S: ToCons> PadCoord<S> for C
where
    ConsOf<S>: PadList<ConsOf<C>>,
{
    type Output = TupleOf<<ConsOf<S> as PadList<ConsOf<C>>>::Output>;
    #[inline(always)]
    fn pad(self) -> Self::Output {
        <ConsOf<S> as PadList<ConsOf<C>>>::pad_list(self.to_cons()).from_cons()
    }
}
/// The list form of [`PadCoord`], recursing on the shape's list `Self` (known) with the
/// coordinate's list `CL`.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the partition coordinate has more modes than the mode it indexes",
    label = "a partition coordinate has at most the rank of the mode it slices",
    note = "local_tile's coordinate indexes the rest mode of zipped_divide(T, tiler); local_partition's the tile mode"
)]
pub trait PadList<CL> {
    type Output: FromCons;
    fn pad_list(c: CL) -> Self::Output;
}
impl PadList<Nil> for Nil {
    type Output = Nil;
    #[inline(always)]
    fn pad_list(_: Nil) -> Nil {
        Nil
    }
}
/// The coordinate ended: `_` for each remaining mode.
impl<SH, ST: PadList<Nil>> PadList<Nil> for Cons<SH, ST>
where
    Cons<Underscore, ST::Output>: FromCons,
{
    type Output = Cons<Underscore, ST::Output>;
    #[inline(always)]
    fn pad_list(_: Nil) -> Self::Output {
        Cons(Underscore, ST::pad_list(Nil))
    }
}
#[diagnostic::do_not_recommend]
impl<SH, ST: PadList<CT>, CH: Plain, CT> PadList<Cons<CH, CT>> for Cons<SH, ST>
where
    Cons<CH, ST::Output>: FromCons,
{
    type Output = Cons<CH, ST::Output>;
    #[inline(always)]
    fn pad_list(c: Cons<CH, CT>) -> Self::Output {
        Cons(c.0, ST::pad_list(c.1))
    }
}

/// `inner_partition` on a zipped layout `((tile), (rest))`: the tile, the rest sliced at `c`,
/// and the offset where it starts.
#[doc(hidden)]
pub trait InnerPartition<C> {
    /// The tile's layout.
    type Output: TensorLayout;
    /// The tile's layout and offset; an error for a coordinate outside the rest.
    fn try_inner_partition(&self, c: C) -> Result<(Self::Output, i64)>;
}
/// `outer_partition` on a zipped layout `((tile), (rest))`: the tile sliced at `c`, the rest
/// kept, and the offset where it starts.
#[doc(hidden)]
pub trait OuterPartition<C> {
    /// The partition's layout.
    type Output: TensorLayout;
    /// The partition's layout and offset; an error for a coordinate outside the tile.
    fn try_outer_partition(&self, c: C) -> Result<(Self::Output, i64)>;
}

impl<S0, S1, D0, D1, C> InnerPartition<C> for Layout<(S0, S1), (D0, D1)>
where
    (S0, S1): Congruent<(D0, D1)>,
    (D0, D1): IntTuple,
    S0: Underscores,
    C: PadCoord<S1>,
    Self: SliceAndOffset<(S0::Output, C::Output)>,
    SliceOf<Self, (S0::Output, C::Output)>: TensorLayout,
{
    type Output = SliceOf<Self, (S0::Output, C::Output)>;
    #[inline]
    fn try_inner_partition(&self, c: C) -> Result<(Self::Output, i64)> {
        self.try_slice_and_offset((S0::Output::default(), c.pad()))
    }
}
impl<S0, S1, D0, D1, C> OuterPartition<C> for Layout<(S0, S1), (D0, D1)>
where
    (S0, S1): Congruent<(D0, D1)>,
    (D0, D1): IntTuple,
    S1: Underscores,
    C: PadCoord<S0>,
    Self: SliceAndOffset<(C::Output, S1::Output)>,
    SliceOf<Self, (C::Output, S1::Output)>: TensorLayout,
{
    type Output = SliceOf<Self, (C::Output, S1::Output)>;
    #[inline]
    fn try_outer_partition(&self, c: C) -> Result<(Self::Output, i64)> {
        self.try_slice_and_offset((c.pad(), S1::Output::default()))
    }
}

#[cfg(feature = "alloc")]
mod runtime {
    use super::{InnerPartition, OuterPartition};
    use crate::error::{layout_error, ErrorKind, Result};
    use crate::runtime::layout::{DynLayout, DynTuple};
    use crate::runtime::{try_slice_and_offset, AsSliceCoord, DynSliceCoord};
    use alloc::vec;

    /// `repeat<rank(s)>(_)`.
    fn underscores(s: &DynTuple) -> DynSliceCoord {
        match s {
            DynTuple::Tuple(v) if v.len() > 1 => {
                DynSliceCoord::Tuple(vec![DynSliceCoord::Skip; v.len()])
            }
            _ => DynSliceCoord::Skip,
        }
    }
    /// `append<rank(s)>(c, _)` for a tuple `c`.
    fn pad(c: DynSliceCoord, s: &DynTuple) -> Result<DynSliceCoord> {
        match c {
            DynSliceCoord::Tuple(mut v) => {
                let r = s.rank();
                if v.len() > r {
                    return Err(layout_error!(
                        ErrorKind::BadCoordinate,
                        "a partition coordinate of rank {} for the mode {s} of rank {r}",
                        v.len()
                    ));
                }
                v.resize(r, DynSliceCoord::Skip);
                Ok(DynSliceCoord::Tuple(v))
            }
            c => Ok(c),
        }
    }
    /// The two modes of a zipped layout.
    fn modes(l: &DynLayout) -> Result<(&DynTuple, &DynTuple)> {
        match l.shape() {
            DynTuple::Tuple(v) if v.len() == 2 => Ok((&v[0], &v[1])),
            s => Err(layout_error!(
                ErrorKind::RankMismatch,
                "a zipped layout has two modes, (tile, rest); {s} does not"
            )),
        }
    }
    impl<C: AsSliceCoord> InnerPartition<C> for DynLayout {
        type Output = DynLayout;
        fn try_inner_partition(&self, c: C) -> Result<(DynLayout, i64)> {
            let (tile, rest) = modes(self)?;
            let c = pad(c.as_slice_coord()?, rest)?;
            try_slice_and_offset(self, &DynSliceCoord::Tuple(vec![underscores(tile), c]))
        }
    }
    impl<C: AsSliceCoord> OuterPartition<C> for DynLayout {
        type Output = DynLayout;
        fn try_outer_partition(&self, c: C) -> Result<(DynLayout, i64)> {
            let (tile, rest) = modes(self)?;
            let c = pad(c.as_slice_coord()?, tile)?;
            try_slice_and_offset(self, &DynSliceCoord::Tuple(vec![c, underscores(rest)]))
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The thread layout: product_each(shape) and get_flat_coord

/// A thread layout of [`local_partition`]: its tiler `product_each(shape)` and the flat
/// coordinate of a thread index (CuTe's `Layout::get_flat_coord`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a thread layout for local_partition",
    label = "expected a static or mixed `Layout`",
    note = "local_partition takes a Layout of threads (CuTe: `Layout<LShape, LStride>`)"
)]
#[doc(hidden)]
pub trait ThreadCoord {
    /// `product_each(shape)`: the size of each top-level mode, as a tuple.
    type Tiler: Plain;
    /// One integer per top-level mode (an integer for an integral shape).
    type Coord: Plain;
    /// The tiler.
    fn tiler(&self) -> Self::Tiler;
    /// `get_flat_coord(i)`: each leaf `s:d` contributes `(i / d) mod s` (0 for `d = 0`),
    /// combined column major within its top-level mode.
    fn flat_coord(&self, i: i64) -> Self::Coord;
}

/// The coordinate of a thread index in one mode, and the mode's size.
#[doc(hidden)]
pub trait ModeThreadCoord<D> {
    fn mode_coord(&self, d: &D, i: i64) -> (i64, i64);
}
macro_rules! mode_coord_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<D: Int, $($g)*> ModeThreadCoord<D> for $S {
            #[inline(always)]
            fn mode_coord(&self, d: &D, i: i64) -> (i64, i64) {
                let (s, d) = (Int::value(*self), d.value());
                let c = if d == 0 { 0 } else { i.wrapping_div(d).wrapping_rem(s) };
                (c, s)
            }
        }
    };
}
crate::tuple::for_each_shape_leaf!(mode_coord_leaf);
impl<S: ToCons, D: ToCons> ModeThreadCoord<D> for S
where
    ConsOf<S>: ModeThreadCoord<ConsOf<D>>,
{
    #[inline(always)]
    fn mode_coord(&self, d: &D, i: i64) -> (i64, i64) {
        self.to_cons().mode_coord(&d.to_cons(), i)
    }
}
impl ModeThreadCoord<Nil> for Nil {
    #[inline(always)]
    fn mode_coord(&self, _: &Nil, _: i64) -> (i64, i64) {
        (0, 1)
    }
}
impl<SH: ModeThreadCoord<DH>, ST: ModeThreadCoord<DT>, DH, DT> ModeThreadCoord<Cons<DH, DT>>
    for Cons<SH, ST>
{
    #[inline(always)]
    fn mode_coord(&self, d: &Cons<DH, DT>, i: i64) -> (i64, i64) {
        let (c0, s0) = self.0.mode_coord(&d.0, i);
        let (c1, s1) = self.1.mode_coord(&d.1, i);
        (c0.wrapping_add(s0.wrapping_mul(c1)), s0.wrapping_mul(s1))
    }
}

macro_rules! thread_coord_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<D: Int + IntTuple, $($g)*> ThreadCoord for Layout<$S, D>
        where
            $S: Congruent<D>,
        {
            type Tiler = ($S,);
            type Coord = i64;
            #[inline(always)]
            fn tiler(&self) -> ($S,) {
                (self.shape(),)
            }
            #[inline(always)]
            fn flat_coord(&self, i: i64) -> i64 {
                self.shape().mode_coord(&self.stride(), i).0
            }
        }
    };
}
crate::tuple::for_each_shape_leaf!(thread_coord_leaf);
macro_rules! thread_coord_tuple {
    ($(($S:ident $D:ident))+) => {
        #[allow(non_snake_case)]
        impl<$($S: IntTuple + ModeThreadCoord<$D>, $D: IntTuple,)*> ThreadCoord for Layout<($($S,)*), ($($D,)*)>
        where
            ($($S,)*): Congruent<($($D,)*)>,
            ($($D,)*): IntTuple,
        {
            type Tiler = ($(crate::tuple::Size<$S>,)*);
            type Coord = ($(thread_coord_tuple!(@i64 $S),)*);
            #[inline(always)]
            fn tiler(&self) -> Self::Tiler {
                let ($($S,)*) = self.shape();
                // Sizes of a valid layout's modes fit i64.
                ($($S.size().unwrap_or_default(),)*)
            }
            #[inline(always)]
            fn flat_coord(&self, i: i64) -> Self::Coord {
                let ($($S,)*) = self.shape();
                let ($($D,)*) = self.stride();
                ($($S.mode_coord(&$D, i).0,)*)
            }
        }
    };
    (@i64 $S:ident) => { i64 };
}
crate::tuple::for_each_tuple_pair!(thread_coord_tuple);

// ---------------------------------------------------------------------------------------------
// The tensor operations

impl<E: Engine, L: TensorLayout> Tensor<E, L> {
    /// `local_tile(T, tiler, c)` (CuTe `inner_partition`): the tile of `zipped_divide(T,
    /// tiler)` at the rest coordinate `c` — an integer (flat) or a tuple (padded with `_`, so
    /// trailing modes of `T` beyond the tiler stay in the result). Errors: a coordinate
    /// outside the rest, a tile reaching past the engine.
    ///
    /// ```
    /// use cute_layout::{layout, tensor::Tensor, typenum::{U2, U4}};
    /// let data: Vec<i32> = (0..32).collect();
    /// let t = Tensor::try_new(&data[..], layout!((8,4):(1,8))).unwrap();
    /// let blk = t.local_tile((U4::new(), U2::new()), (1, 1)); // rows 4..8, columns 2..4
    /// assert_eq!(blk.layout().to_string(), "(4,2):(1,8)");
    /// assert_eq!((blk[(0, 0)], blk[(3, 1)]), (4 + 16, 7 + 24));
    /// ```
    pub fn try_local_tile<T, C>(self, tiler: T, c: C) -> Result<Tensor<E, LocalTileOf<L, T, C>>>
    where
        L: ZippedDivide<T>,
        ZippedDivideOf<L, T>: InnerPartition<C>,
    {
        let zipped = self.layout.try_zipped_divide(tiler)?;
        let (layout, offset) = zipped.try_inner_partition(c)?;
        self.relayout(layout, offset)
    }

    /// [`try_local_tile`](Tensor::try_local_tile), panicking with its error.
    #[track_caller]
    pub fn local_tile<T, C>(self, tiler: T, c: C) -> Tensor<E, LocalTileOf<L, T, C>>
    where
        L: ZippedDivide<T>,
        ZippedDivideOf<L, T>: InnerPartition<C>,
    {
        match self.try_local_tile(tiler, c) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }

    /// `local_partition(T, thr, i)` (CuTe `outer_partition` with the tiler
    /// `product_each(shape(thr))` at `thr.get_flat_coord(i)`): the elements of `T` that
    /// thread `i` of the thread layout `thr` owns, one per tile. As in CuTe, each leaf takes
    /// `(i / d) mod s`, so an index beyond `size(thr)` wraps — what CuTe's projections rely
    /// on: `(16,1):(1,0)` gives thread `i` of a `(16,16)` layout its row `i mod 16`, and
    /// `(16,1):(16,0)` its column. Errors: a negative `i`, a partition reaching past the
    /// engine.
    ///
    /// ```
    /// use cute_layout::{layout, tensor::Tensor};
    /// let data: Vec<i32> = (0..64).collect();
    /// let t = Tensor::try_new(&data[..], layout!((8,8):(1,8))).unwrap();
    /// let thr = layout!((2,4):(4,1)); // 8 threads, row major
    /// let p = t.local_partition(&thr, 6); // thread 6 = (1, 2)
    /// assert_eq!(p.layout().to_string(), "(4,2):(2,32)");
    /// assert_eq!(p[(0, 0)], 1 + 2 * 8);
    /// ```
    pub fn try_local_partition<TS, TD>(
        self,
        thr: &Layout<TS, TD>,
        i: i64,
    ) -> Result<PartitionOf<L, Layout<TS, TD>, E>>
    where
        Layout<TS, TD>: ThreadCoord + crate::AnyLayout,
        L: ZippedDivide<<Layout<TS, TD> as ThreadCoord>::Tiler>,
        ZippedDivideOf<L, <Layout<TS, TD> as ThreadCoord>::Tiler>:
            OuterPartition<<Layout<TS, TD> as ThreadCoord>::Coord>,
    {
        if i < 0 {
            return Err(layout_error!(
                ErrorKind::BadCoordinate,
                "thread index {i} is negative"
            ));
        }
        let zipped = self.layout.try_zipped_divide(thr.tiler())?;
        let (layout, offset) = zipped.try_outer_partition(thr.flat_coord(i))?;
        self.relayout(layout, offset)
    }

    /// [`try_local_partition`](Tensor::try_local_partition), panicking with its error.
    #[track_caller]
    pub fn local_partition<TS, TD>(
        self,
        thr: &Layout<TS, TD>,
        i: i64,
    ) -> PartitionOf<L, Layout<TS, TD>, E>
    where
        Layout<TS, TD>: ThreadCoord + crate::AnyLayout,
        L: ZippedDivide<<Layout<TS, TD> as ThreadCoord>::Tiler>,
        ZippedDivideOf<L, <Layout<TS, TD> as ThreadCoord>::Tiler>:
            OuterPartition<<Layout<TS, TD> as ThreadCoord>::Coord>,
    {
        match self.try_local_partition(thr, i) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }
}

/// The layout [`local_tile`] returns: `L` divided by the tiler `T`, its rest sliced at `C`.
pub type LocalTileOf<L, T, C> = <ZippedDivideOf<L, T> as InnerPartition<C>>::Output;

/// The tensor [`local_partition`] returns: engine `E`, the partition of the layout `L` by the
/// thread layout `Thr`.
pub type PartitionOf<L, Thr, E> = Tensor<
    E,
    <ZippedDivideOf<L, <Thr as ThreadCoord>::Tiler> as OuterPartition<
        <Thr as ThreadCoord>::Coord,
    >>::Output,
>;

/// `local_tile(tensor, tiler, coord)`: see [`Tensor::try_local_tile`].
pub fn try_local_tile<E: Engine, L, T, C>(
    tensor: Tensor<E, L>,
    tiler: T,
    c: C,
) -> Result<Tensor<E, LocalTileOf<L, T, C>>>
where
    L: TensorLayout + ZippedDivide<T>,
    ZippedDivideOf<L, T>: InnerPartition<C>,
{
    tensor.try_local_tile(tiler, c)
}

/// `local_tile(tensor, tiler, coord)`: see [`Tensor::local_tile`].
#[track_caller]
pub fn local_tile<E: Engine, L, T, C>(
    tensor: Tensor<E, L>,
    tiler: T,
    c: C,
) -> Tensor<E, LocalTileOf<L, T, C>>
where
    L: TensorLayout + ZippedDivide<T>,
    ZippedDivideOf<L, T>: InnerPartition<C>,
{
    tensor.local_tile(tiler, c)
}

/// `local_partition(tensor, thr_layout, thr_idx)`: see [`Tensor::try_local_partition`].
pub fn try_local_partition<E: Engine, L, TS, TD>(
    tensor: Tensor<E, L>,
    thr: &Layout<TS, TD>,
    i: i64,
) -> Result<PartitionOf<L, Layout<TS, TD>, E>>
where
    Layout<TS, TD>: ThreadCoord + crate::AnyLayout,
    L: TensorLayout + ZippedDivide<<Layout<TS, TD> as ThreadCoord>::Tiler>,
    ZippedDivideOf<L, <Layout<TS, TD> as ThreadCoord>::Tiler>:
        OuterPartition<<Layout<TS, TD> as ThreadCoord>::Coord>,
{
    tensor.try_local_partition(thr, i)
}

/// `local_partition(tensor, thr_layout, thr_idx)`: see [`Tensor::local_partition`].
#[track_caller]
pub fn local_partition<E: Engine, L, TS, TD>(
    tensor: Tensor<E, L>,
    thr: &Layout<TS, TD>,
    i: i64,
) -> PartitionOf<L, Layout<TS, TD>, E>
where
    Layout<TS, TD>: ThreadCoord + crate::AnyLayout,
    L: TensorLayout + ZippedDivide<<Layout<TS, TD> as ThreadCoord>::Tiler>,
    ZippedDivideOf<L, <Layout<TS, TD> as ThreadCoord>::Tiler>:
        OuterPartition<<Layout<TS, TD> as ThreadCoord>::Coord>,
{
    tensor.local_partition(thr, i)
}

/// The partitions of a composed layout `A ∘ O ∘ B` apply to `B`; the offset moves inside the
/// swizzle (as [`Slice`](crate::typelevel::Slice) on composed layouts): `A ∘ (O + off) ∘ part(B)`.
macro_rules! composed_partition {
    ($Trait:ident $m:ident) => {
        impl<A, O, B, C> $Trait<C> for crate::composed::ComposedLayout<A, O, B>
        where
            A: crate::composed::ComposedOuter,
            O: crate::composed::ComposedOffset,
            B: crate::composed::ComposedInner + $Trait<C>,
            B::Output: crate::composed::ComposedInner,
        {
            type Output = crate::composed::ComposedLayout<A, i64, B::Output>;
            fn $m(&self, c: C) -> Result<(Self::Output, i64)> {
                let (b, off) = self.layout_b().$m(c)?;
                let o = self.offset().value();
                let o = o.checked_add(off).ok_or_else(|| {
                    layout_error!(ErrorKind::Overflow, "offset {o} + {off} exceeds i64")
                })?;
                let l = crate::composed::ComposedLayout::try_new(self.layout_a().clone(), o, b)?;
                Ok((l, 0))
            }
        }
    };
}
composed_partition!(InnerPartition try_inner_partition);
composed_partition!(OuterPartition try_outer_partition);

// Projections (CuTe's `dice` and the four-argument `local_tile`): `dice.rs`; the decay of a
// sliced swizzled layout into a fragment: `decay.rs`.
mod decay;
mod dice;
pub use decay::*;
pub use dice::*;
