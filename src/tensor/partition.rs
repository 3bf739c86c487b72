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
pub trait InnerPartition<C> {
    /// The tile's layout.
    type Output: TensorLayout;
    /// The tile's layout and offset; an error for a coordinate outside the rest.
    fn try_inner_partition(&self, c: C) -> Result<(Self::Output, i64)>;
}
/// `outer_partition` on a zipped layout `((tile), (rest))`: the tile sliced at `c`, the rest
/// kept, and the offset where it starts.
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

// ---------------------------------------------------------------------------------------------
// Projections: CuTe's `dice(proj, x)` and the four-argument local_tile / local_partition

/// Whether a projection entry keeps its mode: `U1` (any static integer, CuTe's `_1`) keeps it,
/// `_` ([`Underscore`], CuTe's `X`) drops it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a projection entry",
    label = "expected `U1` (keep the mode) or `_` (drop it)",
    note = "a projection is CuTe's `Step<_1, X, _1>`: a tuple of `U1` and `Underscore`, one entry per mode"
)]
pub trait ProjEntry {
    /// [`B1`](typenum::B1) to keep, [`B0`](typenum::B0) to drop.
    type Keep;
}
impl ProjEntry for Underscore {
    type Keep = typenum::B0;
}
impl ProjEntry for typenum::UTerm {
    type Keep = typenum::B1;
}
impl<U: crate::int::Digits, B: crate::int::Digit> ProjEntry for typenum::UInt<U, B> {
    type Keep = typenum::B1;
}

/// CuTe's `dice(proj, x)` on a tuple `Self` (a tiler or a coordinate): the entries of `x`
/// whose projection entry in `P` is `U1`, in order; the projection has `x`'s rank.
#[diagnostic::on_unimplemented(
    message = "the projection `{P}` does not fit `{Self}`",
    label = "a projection has one entry (`U1` or `_`) per mode of the tiler and the coordinate",
    note = "CuTe's local_tile(tensor, tiler, coord, Step<_1, X, _1>) keeps the modes marked _1"
)]
pub trait Dice<P> {
    /// The kept entries.
    type Output: Plain;
    /// The value.
    fn dice(self) -> Self::Output;
}
impl<X: ToCons, P: ToCons> Dice<P> for X
where
    ConsOf<X>: DiceList<ConsOf<P>>,
    <ConsOf<X> as DiceList<ConsOf<P>>>::Output: FromCons,
{
    type Output = TupleOf<<ConsOf<X> as DiceList<ConsOf<P>>>::Output>;
    #[inline(always)]
    fn dice(self) -> Self::Output {
        self.to_cons().dice_list().from_cons()
    }
}
/// The list form of [`Dice`].
#[doc(hidden)]
pub trait DiceList<PL> {
    type Output;
    fn dice_list(self) -> Self::Output;
}
impl DiceList<Nil> for Nil {
    type Output = Nil;
    #[inline(always)]
    fn dice_list(self) -> Nil {
        Nil
    }
}
impl<XH, XT, PH: ProjEntry, PT> DiceList<Cons<PH, PT>> for Cons<XH, XT>
where
    Cons<XH, XT>: DiceStep<PH::Keep, PT>,
{
    type Output = <Cons<XH, XT> as DiceStep<PH::Keep, PT>>::Output;
    #[inline(always)]
    fn dice_list(self) -> Self::Output {
        self.dice_step()
    }
}
/// One step of [`DiceList`], by whether the head is kept.
#[doc(hidden)]
pub trait DiceStep<Keep, PT> {
    type Output;
    fn dice_step(self) -> Self::Output;
}
impl<XH, XT: DiceList<PT>, PT> DiceStep<typenum::B1, PT> for Cons<XH, XT> {
    type Output = Cons<XH, XT::Output>;
    #[inline(always)]
    fn dice_step(self) -> Self::Output {
        Cons(self.0, self.1.dice_list())
    }
}
impl<XH, XT: DiceList<PT>, PT> DiceStep<typenum::B0, PT> for Cons<XH, XT> {
    type Output = XT::Output;
    #[inline(always)]
    fn dice_step(self) -> Self::Output {
        self.1.dice_list()
    }
}

/// The layout the four-argument [`local_tile`] returns: `L` tiled by `dice(P, T)` at
/// `dice(P, C)`.
pub type LocalTileProjOf<L, T, C, P> =
    LocalTileOf<L, <T as Dice<P>>::Output, <C as Dice<P>>::Output>;

/// The thread layout `dice(proj, thr)` of the four-argument [`local_partition`]: the modes of
/// `thr` marked `U1`.
pub type DicedLayout<TS, TD, P> = Layout<<TS as Dice<P>>::Output, <TD as Dice<P>>::Output>;

impl<E: Engine, L: TensorLayout> Tensor<E, L> {
    /// CuTe's four-argument `local_tile(T, tiler, c, proj)`: `local_tile(T, dice(proj, tiler),
    /// dice(proj, c))` — the modes of the tiler and the coordinate whose projection entry is
    /// `_` are dropped (CuTe's `Step<_1, X, _1>` is `(U1, _, U1)`). One block tiler and block
    /// coordinate serve A, B and C of a GEMM.
    ///
    /// ```
    /// use cute_layout::{layout, tensor::Tensor, ops::Underscore as X};
    /// use cute_layout::typenum::{U1, U2, U4, U8};
    /// let data: Vec<i32> = (0..32).collect();
    /// let a = Tensor::try_new(&data[..], layout!((8,4):(1,8))).unwrap(); // (M,K)
    /// let tiler = (U4::new(), U8::new(), U2::new()); // (BLK_M, BLK_N, BLK_K)
    /// let coord = (1, 0, X); // (m, n, _)
    /// // A's tile: modes M and K of the tiler, (m, _) of the coordinate: (BLK_M, BLK_K, k).
    /// let g = a.local_tile_proj(tiler, coord, (U1::new(), X, U1::new()));
    /// assert_eq!(g.layout().to_string(), "(4,2,2):(1,8,16)");
    /// assert_eq!(g[(0, 0, 1)], 4 + 16);
    /// ```
    pub fn try_local_tile_proj<T, C, P>(
        self,
        tiler: T,
        c: C,
        _proj: P,
    ) -> Result<Tensor<E, LocalTileProjOf<L, T, C, P>>>
    where
        T: Dice<P>,
        C: Dice<P>,
        L: ZippedDivide<T::Output>,
        ZippedDivideOf<L, T::Output>: InnerPartition<C::Output>,
    {
        self.try_local_tile(tiler.dice(), c.dice())
    }

    /// [`try_local_tile_proj`](Tensor::try_local_tile_proj), panicking with its error.
    #[track_caller]
    pub fn local_tile_proj<T, C, P>(
        self,
        tiler: T,
        c: C,
        proj: P,
    ) -> Tensor<E, LocalTileProjOf<L, T, C, P>>
    where
        T: Dice<P>,
        C: Dice<P>,
        L: ZippedDivide<T::Output>,
        ZippedDivideOf<L, T::Output>: InnerPartition<C::Output>,
    {
        match self.try_local_tile_proj(tiler, c, proj) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }

    /// CuTe's four-argument `local_partition(T, thr, i, proj)`: `local_partition(T,
    /// dice(proj, thr), i)` — the thread layout keeps the modes marked `U1`, so thread `i`
    /// takes its coordinate in those modes only (`(16,16):(1,16)` with `(U1, _)` gives thread
    /// `i` the row `i mod 16`, with `(_, U1)` the column `(i / 16) mod 16`).
    ///
    /// ```
    /// use cute_layout::{layout, tensor::Tensor, ops::Underscore as X, typenum::U1};
    /// let data: Vec<i32> = (0..64).collect();
    /// let s_a = Tensor::try_new(&data[..], layout!((8,8):(1,8))).unwrap(); // (BLK_M, BLK_K)
    /// let thr = layout!((4,2):(1,4)); // (THR_M, THR_N)
    /// // Thread 6 = (2, 1) takes the rows 2 and 6 of A, every k.
    /// let p = s_a.local_partition_proj(&thr, 6, (U1::new(), X));
    /// assert_eq!(p.layout().to_string(), "(2,8):(4,8)");
    /// assert_eq!((p[(0, 0)], p[(1, 3)]), (2, 6 + 24));
    /// ```
    pub fn try_local_partition_proj<TS, TD, P>(
        self,
        thr: &Layout<TS, TD>,
        i: i64,
        _proj: P,
    ) -> Result<PartitionOf<L, DicedLayout<TS, TD, P>, E>>
    where
        TS: Dice<P> + Congruent<TD>,
        TD: Dice<P> + IntTuple,
        Layout<TS, TD>: crate::AnyLayout,
        DicedLayout<TS, TD, P>: ThreadCoord + crate::AnyLayout,
        <TS as Dice<P>>::Output: Congruent<<TD as Dice<P>>::Output>,
        <TD as Dice<P>>::Output: IntTuple,
        L: ZippedDivide<<DicedLayout<TS, TD, P> as ThreadCoord>::Tiler>,
        ZippedDivideOf<L, <DicedLayout<TS, TD, P> as ThreadCoord>::Tiler>:
            OuterPartition<<DicedLayout<TS, TD, P> as ThreadCoord>::Coord>,
    {
        // The kept modes of a layout are a layout (a sub-list of its modes): its size and
        // offsets are bounded by the whole one's.
        let diced = Layout::from_parts_unchecked(thr.shape().dice(), thr.stride().dice());
        self.try_local_partition(&diced, i)
    }

    /// [`try_local_partition_proj`](Tensor::try_local_partition_proj), panicking with its
    /// error.
    #[track_caller]
    pub fn local_partition_proj<TS, TD, P>(
        self,
        thr: &Layout<TS, TD>,
        i: i64,
        proj: P,
    ) -> PartitionOf<L, DicedLayout<TS, TD, P>, E>
    where
        TS: Dice<P> + Congruent<TD>,
        TD: Dice<P> + IntTuple,
        Layout<TS, TD>: crate::AnyLayout,
        DicedLayout<TS, TD, P>: ThreadCoord + crate::AnyLayout,
        <TS as Dice<P>>::Output: Congruent<<TD as Dice<P>>::Output>,
        <TD as Dice<P>>::Output: IntTuple,
        L: ZippedDivide<<DicedLayout<TS, TD, P> as ThreadCoord>::Tiler>,
        ZippedDivideOf<L, <DicedLayout<TS, TD, P> as ThreadCoord>::Tiler>:
            OuterPartition<<DicedLayout<TS, TD, P> as ThreadCoord>::Coord>,
    {
        match self.try_local_partition_proj(thr, i, proj) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }
}

/// CuTe's `local_tile(tensor, tiler, coord, proj)`: see [`Tensor::try_local_tile_proj`].
pub fn try_local_tile_proj<E: Engine, L, T, C, P>(
    tensor: Tensor<E, L>,
    tiler: T,
    c: C,
    proj: P,
) -> Result<Tensor<E, LocalTileProjOf<L, T, C, P>>>
where
    T: Dice<P>,
    C: Dice<P>,
    L: TensorLayout + ZippedDivide<T::Output>,
    ZippedDivideOf<L, T::Output>: InnerPartition<C::Output>,
{
    tensor.try_local_tile_proj(tiler, c, proj)
}

/// CuTe's `local_tile(tensor, tiler, coord, proj)`: see [`Tensor::local_tile_proj`].
#[track_caller]
pub fn local_tile_proj<E: Engine, L, T, C, P>(
    tensor: Tensor<E, L>,
    tiler: T,
    c: C,
    proj: P,
) -> Tensor<E, LocalTileProjOf<L, T, C, P>>
where
    T: Dice<P>,
    C: Dice<P>,
    L: TensorLayout + ZippedDivide<T::Output>,
    ZippedDivideOf<L, T::Output>: InnerPartition<C::Output>,
{
    tensor.local_tile_proj(tiler, c, proj)
}

// ---------------------------------------------------------------------------------------------
// Fragments of swizzled tensors: CuTe's decay of a sliced swizzled layout

/// A slice coordinate with its roles swapped: each integer becomes `_` and each `_` the
/// integer 0. Slicing at the swapped coordinate keeps what slicing at the coordinate drops
/// (CuTe's `dice(c, layout)`: the modes the coordinate consumes).
#[doc(hidden)]
pub trait SwapSlice {
    /// The swapped coordinate.
    type Output: Plain;
}
impl SwapSlice for i64 {
    type Output = Underscore;
}
impl SwapSlice for Underscore {
    type Output = i64;
}
macro_rules! swap_slice_tuple {
    ($($T:ident)+) => {
        impl<$($T: SwapSlice),+> SwapSlice for ($($T,)+)
        where
            ($($T::Output,)+): Plain,
        {
            type Output = ($($T::Output,)+);
        }
    };
}
swap_slice_tuple!(A);
swap_slice_tuple!(A B);
swap_slice_tuple!(A B C);
swap_slice_tuple!(A B C D);
/// The swapped coordinate of `C`.
pub type SwapSliceOf<C> = <C as SwapSlice>::Output;

/// How a layout's thread partition is laid out as a register fragment — CuTe's
/// `make_fragment_like` of the partitioned tensor's layout, once slicing at a runtime thread
/// coordinate has done to it what CuTe does (`swizzle_layout.hpp`, `slice_and_offset`):
///
/// * a [`Layout`]: the partition `P` itself;
/// * a swizzled [`ComposedLayout`](crate::ComposedLayout) `Sw<B,M,S> ∘ O ∘ L`: the partition
///   `P` of `L` composed with the swizzle *decayed* at the thread's offset. The swizzle XORs
///   the `B` bits `Z` (from bit `M + max(0, −S)`) with the `B` bits `Y` (from bit
///   `M + max(0, S)`); as the partition `P` no longer moves the bits the thread consumed
///   (the diced modes `Q`), CuTe rewrites `Sw ∘ (O + Q(t)) ∘ P` as a layout: the layout
///   `(2^M, 2,…,2, 2^(|S|−B), 2,…,2, ∞) : (1, lo…, 2^(M+B), hi…, 2^(M+B+|S|))` (coalesced)
///   composed with `P`, one mode of shape 2 per swizzle bit. A `Z` bit `i` moves by
///   `±Z·2^i` and a `Y` bit by `(Y ± Z)·2^i`, the sign given by the partner bit (`Y` bit `i`
///   for a `Z` bit, `Z` bit `i` for a `Y` bit) of the offset `O ⊕ Q(t)`: a runtime stride where
///   `Q` moves the partner bit (or `O` is a runtime value), a static one where it does not.
///   Composing splits each mode of `P` at the swizzle bits, so the fragment's modes are as
///   CuTe's (`(4,2):(16,8192)` under `Sw<3,3,3>` becomes `((2,2),2):((16,32),8192)`), and
///   [`make_fragment_like`](super::make_fragment_like) orders the runtime strides after every
///   static one, as CuTe's `compact_order` does.
/// * If `P` reaches a `Y` bit and its partner `Z` bit, no layout exists (CuTe keeps the
///   swizzle): the fragment follows `P`.
///
/// `Q` and `P` are the diced and sliced parts of the partition of `L` (static layouts whose
/// leaves reaching a swizzle bit have power-of-two shape and stride, as CuTe requires).
#[diagnostic::on_unimplemented(
    message = "no register fragment of a thread partition of `{Self}`",
    label = "a fragment is laid out from a static Layout or a static swizzled ComposedLayout",
    note = "for a swizzled layout the partition's modes that reach a swizzle bit must have power-of-two shapes and strides, and a static offset must be non-negative"
)]
pub trait FragmentDecay<Q, P> {
    /// The layout the fragment is laid out by.
    type Output;
    /// That layout, from the partition `p`.
    fn fragment_decay(&self, p: P) -> Result<Self::Output>;
}
/// A layout: the partition as it is.
impl<S, D, Q, P> FragmentDecay<Q, P> for Layout<S, D> {
    type Output = P;
    #[inline]
    fn fragment_decay(&self, p: P) -> Result<P> {
        Ok(p)
    }
}
/// `Sw ∘ O ∘ L`: the partition composed with the decayed swizzle, or the partition where the
/// swizzle cannot decay.
impl<Sw, O, L, Q, P> FragmentDecay<Q, P> for crate::ComposedLayout<Sw, O, L>
where
    Sw: SwizzleGeom,
    O: OffsetBits,
    OnlyZy<Sw>: Compose<Q> + Compose<P>,
    ComposeOf<OnlyZy<Sw>, P>: Cosize,
    ComposeOf<OnlyZy<Sw>, Q>: Cosize,
    <ComposeOf<OnlyZy<Sw>, P> as Cosize>::Output: Sub<B1>,
    <ComposeOf<OnlyZy<Sw>, Q> as Cosize>::Output: Sub<B1>,
    Sw: Collides<Reach<Sw, P>>,
    P: DecayStep<CollidesSel<Sw, Reach<Sw, P>>, Sw, O::Bits, Reach<Sw, Q>>,
{
    type Output =
        <P as DecayStep<CollidesSel<Sw, Reach<Sw, P>>, Sw, O::Bits, Reach<Sw, Q>>>::Output;
    #[inline]
    fn fragment_decay(&self, p: P) -> Result<Self::Output> {
        p.decay_step()
    }
}

/// The constants of a static swizzle `Sw<B,M,S>` that its decay uses. It XORs the `B` bits `Y`
/// (from bit `M + max(0, S)`) onto the `B` bits `Z` (from bit `M + max(0, −S)`): the lower
/// field starts at bit `M`, the upper at `M + |S|`, and bit `i` of one field is the partner of
/// bit `i` of the other.
#[doc(hidden)]
pub trait SwizzleGeom {
    /// `B`: the number of bits in each field.
    type Bits: Unsigned;
    /// `2^M`: the lower field's first bit.
    type Lo: Unsigned + NonZero + Default;
    /// `2^B`.
    type Bits2: Unsigned + NonZero + Default;
    /// `2^(|S|−B)`: the gap between the fields, in units of `2^(M+B)`.
    type Gap: Unsigned + NonZero + Default;
    /// `2^(M+B)`.
    type GapStride: Unsigned + NonZero + Default;
    /// `2^(M+|S|)`: the upper field's first bit.
    type Hi: Unsigned + NonZero + Default;
    /// `2^(M+B+|S|)`: the first bit above both fields.
    type Rest: Unsigned + NonZero + Default;
    /// `2^|S|`.
    type Shift: Unsigned + NonZero;
    /// The upper field's bits.
    type HiMask: Unsigned;
    /// The lower field's bits.
    type LoMask: Unsigned;
    /// Whether the lower field is `Z` ([`ZBit`], `S > 0`) or `Y` ([`YBit`], `S < 0`); the
    /// upper field is the other.
    type LoKind;
    /// The upper field's kind.
    type HiKind;
}
/// A bit of the written field `Z`.
#[doc(hidden)]
pub struct ZBit;
/// A bit of the read field `Y`.
#[doc(hidden)]
pub struct YBit;
/// The magnitude of a swizzle's shift and which field lies below.
#[doc(hidden)]
pub trait ShiftSign {
    type Abs: Unsigned;
    type LoKind;
    type HiKind;
}
impl<U: Unsigned + NonZero> ShiftSign for PInt<U> {
    type Abs = U;
    type LoKind = ZBit;
    type HiKind = YBit;
}
impl<U: Unsigned + NonZero> ShiftSign for NInt<U> {
    type Abs = U;
    type LoKind = YBit;
    type HiKind = ZBit;
}
impl ShiftSign for Z0 {
    type Abs = U0;
    type LoKind = ZBit;
    type HiKind = YBit;
}
type Pow2<P> = Shleft<U1, P>;
impl<Bb: Unsigned, Mm, Ss: ShiftSign> SwizzleGeom for Swizzle<Bb, Mm, Ss>
where
    U1: Shl<Mm> + Shl<Bb> + Shl<Ss::Abs> + Shl<Diff<Ss::Abs, Bb>>,
    Ss::Abs: Sub<Bb>,
    Pow2<Mm>: Mul<Pow2<Bb>> + Mul<Pow2<Ss::Abs>> + Unsigned + NonZero + Default,
    Pow2<Bb>: Sub<B1> + Unsigned + NonZero + Default,
    Pow2<Ss::Abs>: Unsigned + NonZero,
    Pow2<Diff<Ss::Abs, Bb>>: Unsigned + NonZero + Default,
    Prod<Pow2<Mm>, Pow2<Bb>>: Unsigned + NonZero + Default,
    Prod<Pow2<Mm>, Pow2<Ss::Abs>>: Mul<Pow2<Bb>> + Unsigned + NonZero + Default,
    Prod<Prod<Pow2<Mm>, Pow2<Ss::Abs>>, Pow2<Bb>>: Unsigned + NonZero + Default,
    Sub1<Pow2<Bb>>: Mul<Prod<Pow2<Mm>, Pow2<Ss::Abs>>> + Mul<Pow2<Mm>>,
    Prod<Sub1<Pow2<Bb>>, Prod<Pow2<Mm>, Pow2<Ss::Abs>>>: Unsigned,
    Prod<Sub1<Pow2<Bb>>, Pow2<Mm>>: Unsigned,
{
    type Bits = Bb;
    type Lo = Pow2<Mm>;
    type Bits2 = Pow2<Bb>;
    type Gap = Pow2<Diff<Ss::Abs, Bb>>;
    type GapStride = Prod<Pow2<Mm>, Pow2<Bb>>;
    type Hi = Prod<Pow2<Mm>, Pow2<Ss::Abs>>;
    type Rest = Prod<Prod<Pow2<Mm>, Pow2<Ss::Abs>>, Pow2<Bb>>;
    type Shift = Pow2<Ss::Abs>;
    type HiMask = Prod<Sub1<Pow2<Bb>>, Prod<Pow2<Mm>, Pow2<Ss::Abs>>>;
    type LoMask = Prod<Sub1<Pow2<Bb>>, Pow2<Mm>>;
    type LoKind = Ss::LoKind;
    type HiKind = Ss::HiKind;
}

/// CuTe's `swizzle_only_zy`: the swizzle's `Y` and `Z` bits of an offset as a layout,
/// `(2^M, 2^B, 2^(|S|−B), 2^B, 2) : (0, 2^M, 0, 2^(M+|S|), 0)` (its last mode extends, as
/// CuTe's does, over any larger offset).
#[doc(hidden)]
pub type OnlyZy<Sw> = Layout<
    (
        <Sw as SwizzleGeom>::Lo,
        <Sw as SwizzleGeom>::Bits2,
        <Sw as SwizzleGeom>::Gap,
        <Sw as SwizzleGeom>::Bits2,
        U2,
    ),
    (U0, <Sw as SwizzleGeom>::Lo, U0, <Sw as SwizzleGeom>::Hi, U0),
>;
/// The swizzle bits a static layout `L` can set: the largest offset of `OnlyZy ∘ L` (its
/// power-of-two modes set disjoint bits), CuTe's `(P ∘ L)(size − 1)` and, for the diced modes,
/// the runtime bits of `to_mixed_bits`.
#[doc(hidden)]
pub type Reach<Sw, L> = Sub1<<ComposeOf<OnlyZy<Sw>, L> as Cosize>::Output>;

/// Whether the swizzle bits `Active` hold a bit of the upper field and its partner in the
/// lower (CuTe's `swizzle_active_bits & ~swizzle(swizzle_active_bits)` is non-zero): [`B1`]
/// or [`B0`].
#[doc(hidden)]
pub trait Collides<Active> {
    type Sel;
}
impl<Sw: SwizzleGeom, Active> Collides<Active> for Sw
where
    Active: BitAnd<Sw::HiMask> + BitAnd<Sw::LoMask>,
    op::And<Active, Sw::HiMask>: Div<Sw::Shift>,
    Quot<op::And<Active, Sw::HiMask>, Sw::Shift>: BitAnd<op::And<Active, Sw::LoMask>>,
    op::And<Quot<op::And<Active, Sw::HiMask>, Sw::Shift>, op::And<Active, Sw::LoMask>>:
        IsNotEqual<U0>,
{
    type Sel = op::NotEq<
        op::And<Quot<op::And<Active, Sw::HiMask>, Sw::Shift>, op::And<Active, Sw::LoMask>>,
        U0,
    >;
}
#[doc(hidden)]
pub type CollidesSel<Sw, Active> = <Sw as Collides<Active>>::Sel;

/// The bits of a composed layout's offset: [`Known`] for a static non-negative offset,
/// [`Unknown`] for a runtime one (every bit may be set).
#[doc(hidden)]
pub trait OffsetBits {
    type Bits;
}
/// A static offset's bits.
#[doc(hidden)]
pub struct Known<O>(PhantomData<O>);
/// A runtime offset.
#[doc(hidden)]
pub struct Unknown;
impl OffsetBits for i64 {
    type Bits = Unknown;
}
impl OffsetBits for UTerm {
    type Bits = Known<UTerm>;
}
impl<U: Unsigned, B: Bit> OffsetBits for UInt<U, B> {
    type Bits = Known<UInt<U, B>>;
}

/// One step of [`FragmentDecay`] on a partition `Self`, by whether its swizzle bits collide:
/// [`B1`] keeps the partition, [`B0`] composes it with the decayed swizzle `DecayedSwizzle`.
#[doc(hidden)]
pub trait DecayStep<Collide, Sw, Off, DynMask> {
    type Output;
    fn decay_step(self) -> Result<Self::Output>;
}
impl<P, Sw, Off, DynMask> DecayStep<B1, Sw, Off, DynMask> for P {
    type Output = P;
    #[inline]
    fn decay_step(self) -> Result<P> {
        Ok(self)
    }
}
impl<P, Sw, Off, DynMask> DecayStep<B0, Sw, Off, DynMask> for P
where
    Sw: SwizzleGeom,
    DecayCtx<Off, DynMask>:
        BitModes<Sw::HiKind, Sw::Hi, Sw::Lo, Sw::Bits, Cons<M<U2, Sw::Rest>, Nil>>,
    DecayCtx<Off, DynMask>: BitModes<
        Sw::LoKind,
        Sw::Lo,
        Sw::Hi,
        Sw::Bits,
        Cons<M<Sw::Gap, Sw::GapStride>, HiModes<Sw, Off, DynMask>>,
    >,
    DecayedSwizzle<Sw, Off, DynMask>: ToLayout,
    LayoutOf<DecayedSwizzle<Sw, Off, DynMask>>: Coalesce,
    CoalesceOf<LayoutOf<DecayedSwizzle<Sw, Off, DynMask>>>: Compose<P>,
{
    type Output = ComposeOf<CoalesceOf<LayoutOf<DecayedSwizzle<Sw, Off, DynMask>>>, P>;
    #[inline]
    fn decay_step(self) -> Result<Self::Output> {
        type Ctx<Off, DynMask> = DecayCtx<Off, DynMask>;
        let hi = <Ctx<Off, DynMask> as BitModes<Sw::HiKind, Sw::Hi, Sw::Lo, Sw::Bits, _>>::modes(
            Cons(M(U2::new(), Sw::Rest::default()), Nil),
        );
        let lo = <Ctx<Off, DynMask> as BitModes<Sw::LoKind, Sw::Lo, Sw::Hi, Sw::Bits, _>>::modes(
            Cons(M(Sw::Gap::default(), Sw::GapStride::default()), hi),
        );
        Cons(M(Sw::Lo::default(), U1::new()), lo)
            .try_to_layout()?
            .try_coalesce()?
            .try_compose(self)
    }
}
/// The modes of the upper field's bits and the rest.
#[doc(hidden)]
pub type HiModes<Sw, Off, DynMask> = <DecayCtx<Off, DynMask> as BitModes<
    <Sw as SwizzleGeom>::HiKind,
    <Sw as SwizzleGeom>::Hi,
    <Sw as SwizzleGeom>::Lo,
    <Sw as SwizzleGeom>::Bits,
    Cons<M<U2, <Sw as SwizzleGeom>::Rest>, Nil>,
>>::Output;
/// CuTe's decayed swizzle as flat modes: `(2^M, 2,…,2, 2^(|S|−B), 2,…,2, 2) : (1, lo…,
/// 2^(M+B), hi…, 2^(M+B+|S|))`, its last mode extending over larger offsets.
#[doc(hidden)]
pub type DecayedSwizzle<Sw, Off, DynMask> = Cons<
    M<<Sw as SwizzleGeom>::Lo, U1>,
    <DecayCtx<Off, DynMask> as BitModes<
        <Sw as SwizzleGeom>::LoKind,
        <Sw as SwizzleGeom>::Lo,
        <Sw as SwizzleGeom>::Hi,
        <Sw as SwizzleGeom>::Bits,
        Cons<
            M<<Sw as SwizzleGeom>::Gap, <Sw as SwizzleGeom>::GapStride>,
            HiModes<Sw, Off, DynMask>,
        >,
    >>::Output,
>;

/// The offset's bits and the bits the diced modes move (`DynMask`).
#[doc(hidden)]
pub struct DecayCtx<Off, DynMask>(PhantomData<(Off, DynMask)>);

/// The modes of `R` swizzle bits of field `Kind`, the first at `Own` with its partner at
/// `Partner` (each next bit doubles both), then `Tail`: shape 2, stride by [`BitStride`].
#[doc(hidden)]
pub trait BitModes<Kind, Own, Partner, R, Tail> {
    type Output;
    fn modes(tail: Tail) -> Self::Output;
}
impl<Ctx, Kind, Own, Partner, Tail> BitModes<Kind, Own, Partner, UTerm, Tail> for Ctx {
    type Output = Tail;
    #[inline]
    fn modes(tail: Tail) -> Tail {
        tail
    }
}
impl<Ctx, Kind, Own, Partner, Ur: Unsigned, Br: Bit, Tail>
    BitModes<Kind, Own, Partner, UInt<Ur, Br>, Tail> for Ctx
where
    Own: Add<Own>,
    Partner: Add<Partner>,
    UInt<Ur, Br>: Sub<B1>,
    Ctx: BitStride<Kind, Own, Partner>,
    Ctx: BitModes<Kind, Sum<Own, Own>, Sum<Partner, Partner>, Sub1<UInt<Ur, Br>>, Tail>,
{
    type Output =
        Cons<
            M<U2, <Ctx as BitStride<Kind, Own, Partner>>::Stride>,
            <Ctx as BitModes<
                Kind,
                Sum<Own, Own>,
                Sum<Partner, Partner>,
                Sub1<UInt<Ur, Br>>,
                Tail,
            >>::Output,
        >;
    #[inline]
    fn modes(tail: Tail) -> Self::Output {
        Cons(
            M(U2::new(), <Ctx as BitStride<Kind, Own, Partner>>::stride()),
            <Ctx as BitModes<
                Kind,
                Sum<Own, Own>,
                Sum<Partner, Partner>,
                Sub1<UInt<Ur, Br>>,
                Tail,
            >>::modes(tail),
        )
    }
}

/// The stride of the swizzle bit `Own` of field `Kind` (partner bit `Partner`) in the decayed
/// swizzle (CuTe's `make_swizzle_strides`): `i64` where the partner bit of the offset is a
/// runtime value.
#[doc(hidden)]
pub trait BitStride<Kind, Own, Partner> {
    type Stride;
    fn stride() -> Self::Stride;
}
/// The partner bit of the offset: [`Dyn`] where the diced modes move it (or the offset is a
/// runtime value), else whether it is clear: [`B1`] (clear) or [`B0`] (set).
#[doc(hidden)]
pub trait PartnerClear<DynMask, Partner> {
    type Sel;
}
impl<DynMask, Partner> PartnerClear<DynMask, Partner> for Unknown {
    type Sel = Dyn;
}
impl<O, DynMask, Partner> PartnerClear<DynMask, Partner> for Known<O>
where
    DynMask: BitAnd<Partner>,
    op::And<DynMask, Partner>: IsEqual<U0>,
    O: BitAnd<Partner>,
    op::And<O, Partner>: IsEqual<U0>,
    op::Eq<op::And<DynMask, Partner>, U0>: Choose<op::Eq<op::And<O, Partner>, U0>, Dyn>,
{
    type Sel = <op::Eq<op::And<DynMask, Partner>, U0> as Choose<
        op::Eq<op::And<O, Partner>, U0>,
        Dyn,
    >>::Output;
}
/// A `Z` bit: `+Own` (partner `Y` bit clear), `−Own` (set), runtime (unknown).
impl<Off, DynMask, Own, Partner> BitStride<ZBit, Own, Partner> for DecayCtx<Off, DynMask>
where
    Own: Unsigned + NonZero,
    Off: PartnerClear<DynMask, Partner>,
    <Off as PartnerClear<DynMask, Partner>>::Sel: PickStride<Own, NInt<Own>>,
{
    type Stride =
        <<Off as PartnerClear<DynMask, Partner>>::Sel as PickStride<Own, NInt<Own>>>::Output;
    #[inline]
    fn stride() -> Self::Stride {
        <<Off as PartnerClear<DynMask, Partner>>::Sel as PickStride<_, _>>::pick(Own::I64)
    }
}
/// A `Y` bit: `Own + Partner` (partner `Z` bit clear), `Own − Partner` (set), runtime
/// (unknown).
impl<Off, DynMask, Own, Partner> BitStride<YBit, Own, Partner> for DecayCtx<Off, DynMask>
where
    Own: Unsigned + Add<Partner> + SignedDiff<Partner>,
    Partner: Unsigned,
    Off: PartnerClear<DynMask, Partner>,
    <Off as PartnerClear<DynMask, Partner>>::Sel:
        PickStride<Sum<Own, Partner>, <Own as SignedDiff<Partner>>::Output>,
{
    type Stride = <<Off as PartnerClear<DynMask, Partner>>::Sel as PickStride<
        Sum<Own, Partner>,
        <Own as SignedDiff<Partner>>::Output,
    >>::Output;
    #[inline]
    fn stride() -> Self::Stride {
        <<Off as PartnerClear<DynMask, Partner>>::Sel as PickStride<_, _>>::pick(
            Own::I64 + Partner::I64,
        )
    }
}
/// `A − B` of two distinct unsigned integers as a layout leaf: `UInt` if positive, `NInt` if
/// negative.
#[doc(hidden)]
pub trait SignedDiff<Bv> {
    type Output;
}
impl<A, Bv> SignedDiff<Bv> for A
where
    A: typenum::Cmp<Bv> + typenum::IsGreater<Bv>,
    op::Gr<A, Bv>: DiffBy<A, Bv>,
{
    type Output = <op::Gr<A, Bv> as DiffBy<A, Bv>>::Output;
}
/// [`SignedDiff`] by whether `A > B`.
#[doc(hidden)]
pub trait DiffBy<A, Bv> {
    type Output;
}
impl<A: Sub<Bv>, Bv> DiffBy<A, Bv> for B1 {
    type Output = Diff<A, Bv>;
}
impl<A, Bv: Sub<A>> DiffBy<A, Bv> for B0
where
    Diff<Bv, A>: Unsigned + NonZero,
{
    type Output = NInt<Diff<Bv, A>>;
}
/// The stride by the partner bit: `Clear` for [`B1`], `Set` for [`B0`], `i64` for [`Dyn`]
/// (given the magnitude: only the stride's kind matters to the fragment).
#[doc(hidden)]
pub trait PickStride<Clear, Set> {
    type Output;
    fn pick(magnitude: i64) -> Self::Output;
}
impl<Clear: Default, Set> PickStride<Clear, Set> for B1 {
    type Output = Clear;
    #[inline]
    fn pick(_: i64) -> Clear {
        Clear::default()
    }
}
impl<Clear, Set: Default> PickStride<Clear, Set> for B0 {
    type Output = Set;
    #[inline]
    fn pick(_: i64) -> Set {
        Set::default()
    }
}
impl<Clear, Set> PickStride<Clear, Set> for Dyn {
    type Output = i64;
    #[inline]
    fn pick(magnitude: i64) -> i64 {
        magnitude
    }
}
