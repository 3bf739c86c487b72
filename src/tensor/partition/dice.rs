//! Projections: CuTe's `dice(proj, x)` and the four-argument `local_tile` / `local_partition`.

use super::*;

/// Whether a projection entry keeps its mode: `U1` (any static integer, CuTe's `_1`) keeps it,
/// `_` ([`Underscore`], CuTe's `X`) drops it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a projection entry",
    label = "expected `U1` (keep the mode) or `_` (drop it)",
    note = "a projection is CuTe's `Step<_1, X, _1>`: a tuple of `U1` and `Underscore`, one entry per mode"
)]
#[doc(hidden)]
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
#[doc(hidden)]
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
