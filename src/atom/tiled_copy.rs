//! TiledCopy (CuTe `cute/atom/copy_atom.hpp`): a copy atom repeated over a thread-value layout
//! of a tile, its layouts computed in the type system, and the per-thread partitions of source
//! and destination tensors.
//!
//! CuTe's construction, with the crate's algebra:
//!
//! * `make_tiled_copy(atom, thr, val)`: `layout_mn = raked_product(thr, val)`,
//!   `TiledLayout_TV = right_inverse(layout_mn) ∘ (size(thr), size(val)):(1, size(thr))` and the
//!   tiler `product_each(shape(layout_mn))`;
//! * `make_tiled_copy_A/B/C(atom, mma)`: the TiledMMA's TV layout and tile;
//! * `tile2thrfrg`: the TV layout divided by the atom's `(threads, values)`, its atom mode
//!   composed with `right_inverse(Ref) ∘ Src` (or `Dst`), zipped to
//!   `((thr, rest_thr), (val, rest_val))` and coalesced: `thrval2mn`, the
//!   `(thread, value) → tile` map by which a tensor is partitioned.

use core::marker::PhantomData;

use typenum::{U0, U1};

use super::check::TvLayout;
use super::tiled_mma::TiledMmaLayouts;
use super::{CopyTraits, ValLayoutDst, ValLayoutRef, ValLayoutSrc};
use crate::error::{layout_error, ErrorKind, Result};
use crate::int::{IntRem, Mod, StaticInt};
use crate::layout::Layout;
use crate::tensor::{Engine, EngineMut, HostEngine, Tensor, TensorLayout};
use crate::tuple::{IntTuple, Size};
use crate::typelevel::{
    CoalesceByMode, CoalesceByModeOf, Compose, ComposeOf, RakedProduct, RakedProductOf,
    RecastLayout, RightInverse, RightInverseOf, SliceAndOffset, SliceOf, Underscore, ZippedDivide,
    ZippedDivideOf,
};

/// A copy atom with its value type (CuTe's `Copy_Atom<Op, T>`): the operation's bit layouts
/// read in elements of `T`.
#[derive(Debug)]
pub struct CopyAtom<Op, T>(PhantomData<(Op, T)>);
impl<Op, T> Clone for CopyAtom<Op, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Op, T> Copy for CopyAtom<Op, T> {}
impl<Op, T> Default for CopyAtom<Op, T> {
    fn default() -> Self {
        CopyAtom(PhantomData)
    }
}
impl<Op: CopyTraits, T> CopyAtom<Op, T> {
    /// `Copy_Atom<Op, T>{}`.
    pub fn new() -> Self {
        CopyAtom(PhantomData)
    }
}

// ---------------------------------------------------------------------------------------------
// Named conditions

/// The tiled TV layout's thread count is a multiple of the atom's (CuTe: "TiledCopy uses too
/// few thrs for selected CopyAtom"). Implemented by `TiledNumThr mod AtomNumThr` when 0.
#[diagnostic::on_unimplemented(
    message = "TiledCopy: the tiled thread count is not a multiple of the copy atom's threads",
    label = "`{Self}` is TiledNumThr mod AtomNumThr, which must be 0",
    note = "a copy atom of 32 threads (ldmatrix) needs whole warps of the thread layout / TiledMMA"
)]
pub trait CopyThreadsDivide {}
impl CopyThreadsDivide for U0 {}

/// The tiled TV layout's values per thread are a multiple of the atom's: each thread's values
/// are whole atom calls (CuTe: "TiledCopy uses too few vals for selected CopyAtom"). For a
/// TiledCopy made for a TiledMMA, this is what makes the copy deliver the elements the MMA
/// partitions to each thread. Implemented by `TiledNumVal mod AtomNumVal` when 0.
#[diagnostic::on_unimplemented(
    message = "TiledCopy: the values per thread are not a multiple of the copy atom's values (the copy does not partition the elements each thread holds)",
    label = "`{Self}` is TiledNumVal mod AtomNumVal, which must be 0",
    note = "e.g. SM75_U32x4_LDSM_N moves 8 16-bit values per thread: the TiledMMA's A or B must hold a multiple of 8 per thread"
)]
pub trait CopyValuesDivide {}
impl CopyValuesDivide for U0 {}

// ---------------------------------------------------------------------------------------------
// Helpers

/// `product_each(shape(L))`: the size of each top-level mode of a static layout, as a tuple
/// (an integral shape is one mode). The tiler [`make_tiled_copy`] takes from
/// `raked_product(thr, val)`.
#[diagnostic::on_unimplemented(
    message = "make_tiled_copy: raked_product(thr_layout, val_layout) is not a static layout, so it has no static product_each(shape) tiler",
    label = "`{Self}` is not a static layout"
)]
#[doc(hidden)]
pub trait ProductEach {
    /// The sizes.
    type Output: Copy + Default;
}
macro_rules! product_each_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<D, $($g)*> ProductEach for Layout<$S, D>
        where
            $S: IntTuple,
            Size<$S>: Copy + Default,
        {
            type Output = (Size<$S>,);
        }
    };
}
crate::tuple::for_each_shape_leaf!(product_each_leaf);
macro_rules! product_each_tuple {
    ($(($S:ident $D:ident))+) => {
        impl<$($S: IntTuple, $D,)*> ProductEach for Layout<($($S,)*), ($($D,)*)>
        where
            ($(Size<$S>,)*): Copy + Default,
        {
            type Output = ($(Size<$S>,)*);
        }
    };
}
crate::tuple::for_each_tuple_pair!(product_each_tuple);

/// The tiler of a TiledCopy (CuTe's `Tiler_MN`): a tuple of static integers (the tile `n:1`
/// along that mode) and static layouts (which pick and order the elements of that mode, as
/// FlashAttention-2's `make_tiled_copy_B_warpcontiguousN` does). `Shape` is CuTe's
/// `shape(Tiler_MN)`, whose column-major layout the TV layouts of `get_layoutS_TV` index.
#[diagnostic::on_unimplemented(
    message = "TiledCopy: the tiler is not a tuple of static integers and static layouts",
    label = "`{Self}` is not a TiledCopy tiler",
    note = "e.g. (U32::new(), U16::new()), or (Layout![(8,4,2):(1,32,8)], Layout![16:1]) (CuTe's make_tile)"
)]
#[doc(hidden)]
pub trait CopyTiler: Copy + Default {
    /// `shape(Tiler_MN)`.
    type Shape: IntTuple;
}
/// One entry of a [`CopyTiler`]: its shape.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "TiledCopy: a tiler entry is not a static integer or a static layout",
    label = "`{Self}` is not a tile of a mode",
    note = "a TiledCopy's tiler is a tuple of static integers and static layouts (CuTe's make_tile), e.g. (Layout![(8,4,2):(1,32,8)], Layout![16:1])"
)]
pub trait CopyTilerEntry {
    type Shape;
}
impl<U: crate::int::Digits, B: crate::int::Digit> CopyTilerEntry for typenum::UInt<U, B> {
    type Shape = Self;
}
impl<S, D> CopyTilerEntry for Layout<S, D> {
    type Shape = S;
}
macro_rules! copy_tiler_tuple {
    ($(($T:ident $D:ident))+) => {
        impl<$($T: CopyTilerEntry,)*> CopyTiler for ($($T,)*)
        where
            ($($T,)*): Copy + Default,
            ($($T::Shape,)*): IntTuple,
        {
            type Shape = ($($T::Shape,)*);
        }
    };
}
crate::tuple::for_each_tuple_pair!(copy_tiler_tuple);
/// The column-major layout of `shape(Tiler_MN)`: `m + M·n` (or its nested form) of the tile,
/// the codomain of `get_layoutS_TV` / `get_layoutD_TV` (CuTe's `make_layout(shape(Tiler_MN))`).
pub type TilerRef<Tl> = crate::LayoutLeft<<Tl as CopyTiler>::Shape>;

/// `zip` of a rank-2 layout of rank-2 modes: `((a,b),(c,d)) → ((a,c),(b,d))`.
#[doc(hidden)]
pub trait Zip2 {
    type Output;
}
impl<SA, SB, SC, SD, DA, DB, DC, DD> Zip2 for Layout<((SA, SB), (SC, SD)), ((DA, DB), (DC, DD))> {
    type Output = Layout<((SA, SC), (SB, SD)), ((DA, DC), (DB, DD))>;
}

/// `thrval2mn` of `tile2thrfrg`: the TV layout `Tv` divided by the atom's `(NT, NV)`, its atom
/// mode composed with `Ref2Trg`, zipped and coalesced by mode `(1,(1,1))`.
pub type ThrVal2Mn<Tv, NT, NV, Ref2Trg> = CoalesceByModeOf<
    <ComposeOf<ZippedDivideOf<Tv, (NT, NV)>, (Ref2Trg, Underscore)> as Zip2>::Output,
    (U1, (U1, U1)),
>;

// ---------------------------------------------------------------------------------------------
// TiledCopy

/// A tiling of copy atoms (CuTe's `TiledCopy<Copy_Atom, LayoutCopy_TV, ShapeTiler_MN>`): the
/// atom `Atom` (a [`CopyAtom`]), the `(thread, value) → tile` layout `LayoutTv` and the tile
/// `Tiler`. Zero-sized; its layouts are the associated types of [`TiledCopyLayouts`]. Built
/// with [`make_tiled_copy`] and [`make_tiled_copy_a`] / `_b` / `_c`.
#[derive(Debug)]
pub struct TiledCopy<Atom, LayoutTv, Tiler>(PhantomData<(Atom, LayoutTv, Tiler)>);
impl<A, L, T> Clone for TiledCopy<A, L, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<A, L, T> Copy for TiledCopy<A, L, T> {}
impl<A, L, T> Default for TiledCopy<A, L, T> {
    fn default() -> Self {
        TiledCopy(PhantomData)
    }
}

/// The layouts of a [`TiledCopy`], computed in the type system (CuTe's members of the same
/// names). Implemented for every `TiledCopy` whose atom divides its threads and values; a
/// violation is a compile error naming the condition.
pub trait TiledCopyLayouts: Copy + Default {
    /// The copy operation.
    type Op: CopyTraits;
    /// The value type.
    type ValType;
    /// The tiler (CuTe's `Tiler_MN`): `(M, N, ...)` as static integers, or static layouts
    /// ([`CopyTiler`]).
    type Tiler: Copy + Default;
    /// `shape(Tiler_MN)`: the tile's shape (the tiler itself for integers).
    type TilerShape: IntTuple;
    /// `(thread, value) → m + M·n` of the tile (CuTe's `TiledLayout_TV`).
    type TiledLayout_TV: Copy + Default + core::fmt::Display;
    /// The threads, `size<0>(TiledLayout_TV)`.
    type TiledNumThr: StaticInt;
    /// The values per thread, `size<1>(TiledLayout_TV)`.
    type TiledNumVal: StaticInt;
    /// The atom's threads, `size<0>(ValLayoutRef)`.
    type AtomNumThr: StaticInt;
    /// The atom's values per thread, `size<1>(ValLayoutRef)`.
    type AtomNumVal: StaticInt;
    /// `(source thread, source value) → tile`: CuTe's `thrval2mn` of `tidfrg_S`.
    type ThrVal2MnS: Copy + Default;
    /// `(destination thread, destination value) → tile`: `thrval2mn` of `tidfrg_D`.
    type ThrVal2MnD: Copy + Default;
    /// `get_layoutS_TV()`: `(thread, value) → m + M·n` of the source tile (the column-major
    /// index of `shape(Tiler_MN)`).
    type LayoutS_TV: Copy + Default + core::fmt::Display;
    /// `get_layoutD_TV()`.
    type LayoutD_TV: Copy + Default + core::fmt::Display;

    /// `TiledLayout_TV`.
    fn tiled_layout_tv(&self) -> Self::TiledLayout_TV {
        Default::default()
    }
    /// `get_layoutS_TV()`.
    fn layout_s_tv(&self) -> Self::LayoutS_TV {
        Default::default()
    }
    /// `get_layoutD_TV()`.
    fn layout_d_tv(&self) -> Self::LayoutD_TV {
        Default::default()
    }
    /// `Tiler_MN`.
    fn tiler(&self) -> Self::Tiler {
        Default::default()
    }
    /// The number of threads.
    fn num_threads(&self) -> i64 {
        Self::TiledNumThr::VALUE
    }
    /// `get_slice(i)`: thread `i`'s view, which partitions tensors. An index outside
    /// `[0, TiledNumThr)` is an error.
    fn try_get_slice(&self, thr_idx: i64) -> Result<ThrCopy<Self>> {
        if !(0..Self::TiledNumThr::VALUE).contains(&thr_idx) {
            return Err(layout_error!(
                ErrorKind::BadCoordinate,
                "thread index {thr_idx} is outside the TiledCopy's {} threads",
                Self::TiledNumThr::VALUE
            ));
        }
        Ok(ThrCopy {
            thr: thr_idx,
            _m: PhantomData,
        })
    }
    /// [`try_get_slice`](Self::try_get_slice), panicking on an index outside the threads.
    #[track_caller]
    fn get_slice(&self, thr_idx: i64) -> ThrCopy<Self> {
        match self.try_get_slice(thr_idx) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }
}

// The source and destination layouts are computed by a helper trait whose arguments are the
// copy's already-computed pieces, not by bounds of the `TiledCopyLayouts` impl itself: the
// compiler re-normalizes an impl's bounds each time it names one of its associated types in a
// fresh context (the borrow checker does so for every use), so naming `TiledNumThr` must not
// redo both `tidfrg` constructions. A bound `Args: Helper` without projections is proven once
// and cached; its work happens only where its output is named.

/// The arguments of one side (source or destination) of a TiledCopy: its TV layout `Tv`, the
/// atom's threads `NT` and values `NV`, `right_inverse(Ref)` `RI` and the atom's layout `X` of
/// that side, and the tiler's column-major layout `TR`.
#[doc(hidden)]
pub struct CopySideArgs<Tv, NT, NV, RI, X, TR>(PhantomData<(Tv, NT, NV, RI, X, TR)>);
/// `thrval2mn` of one side of a TiledCopy.
#[doc(hidden)]
pub trait CopySide {
    type ThrVal2Mn: Copy + Default;
}
#[allow(clippy::type_complexity)]
impl<Tv, NT, NV, RI, X, TR> CopySide for CopySideArgs<Tv, NT, NV, RI, X, TR>
where
    RI: Compose<X>,
    Tv: ZippedDivide<(NT, NV)>,
    ZippedDivideOf<Tv, (NT, NV)>: Compose<(ComposeOf<RI, X>, Underscore)>,
    ComposeOf<ZippedDivideOf<Tv, (NT, NV)>, (ComposeOf<RI, X>, Underscore)>: Zip2,
    <ComposeOf<ZippedDivideOf<Tv, (NT, NV)>, (ComposeOf<RI, X>, Underscore)> as Zip2>::Output:
        CoalesceByMode<(U1, (U1, U1))>,
    ThrVal2Mn<Tv, NT, NV, ComposeOf<RI, X>>: Copy + Default,
{
    type ThrVal2Mn = ThrVal2Mn<Tv, NT, NV, ComposeOf<RI, X>>;
}
/// The `(thread, value) → tile` layout of one side of a TiledCopy: the tiler's column-major
/// layout composed with `thrval2mn`. A trait of its own, so that normalizing `ThrVal2Mn` (as
/// the partitions do) does not compose it.
#[doc(hidden)]
pub trait CopySideTv: CopySide {
    type LayoutTv: Copy + Default + core::fmt::Display;
}
impl<Tv, NT, NV, RI, X, TR> CopySideTv for CopySideArgs<Tv, NT, NV, RI, X, TR>
where
    Self: CopySide,
    TR: Compose<<Self as CopySide>::ThrVal2Mn>,
    ComposeOf<TR, <Self as CopySide>::ThrVal2Mn>: Copy + Default + core::fmt::Display,
{
    type LayoutTv = ComposeOf<TR, <Self as CopySide>::ThrVal2Mn>;
}

type AtomThr<Op, T> = <ValLayoutRef<Op, T> as TvLayout>::ThrSize;
type AtomVal<Op, T> = <ValLayoutRef<Op, T> as TvLayout>::ValSize;
/// The source and destination sides of a TiledCopy.
type SrcSide<Op, T, Tv, Tl> = CopySideArgs<
    Tv,
    AtomThr<Op, T>,
    AtomVal<Op, T>,
    RightInverseOf<ValLayoutRef<Op, T>>,
    ValLayoutSrc<Op, T>,
    TilerRef<Tl>,
>;
type DstSide<Op, T, Tv, Tl> = CopySideArgs<
    Tv,
    AtomThr<Op, T>,
    AtomVal<Op, T>,
    RightInverseOf<ValLayoutRef<Op, T>>,
    ValLayoutDst<Op, T>,
    TilerRef<Tl>,
>;

#[allow(clippy::type_complexity)]
impl<Op, T, Tv, Tl> TiledCopyLayouts for TiledCopy<CopyAtom<Op, T>, Tv, Tl>
where
    Tl: CopyTiler,
    Tl::Shape: crate::tuple::PrefixProduct<U1>,
    Op::SrcLayout: RecastLayout<super::uint1_t, T>,
    Op::DstLayout: RecastLayout<super::uint1_t, T>,
    Op::RefLayout: RecastLayout<super::uint1_t, T>,
    Op: CopyTraits,
    Tv: TvLayout + Copy + Default + core::fmt::Display,
    Tv::ThrSize: StaticInt,
    Tv::ValSize: StaticInt,
    ValLayoutRef<Op, T>: TvLayout + RightInverse,
    AtomThr<Op, T>: StaticInt,
    AtomVal<Op, T>: StaticInt,
    Tv::ThrSize: IntRem<AtomThr<Op, T>>,
    Mod<Tv::ThrSize, AtomThr<Op, T>>: CopyThreadsDivide,
    Tv::ValSize: IntRem<AtomVal<Op, T>>,
    Mod<Tv::ValSize, AtomVal<Op, T>>: CopyValuesDivide,
    SrcSide<Op, T, Tv, Tl>: CopySideTv,
    DstSide<Op, T, Tv, Tl>: CopySideTv,
{
    type Op = Op;
    type ValType = T;
    type Tiler = Tl;
    type TilerShape = Tl::Shape;
    type TiledLayout_TV = Tv;
    type TiledNumThr = Tv::ThrSize;
    type TiledNumVal = Tv::ValSize;
    type AtomNumThr = AtomThr<Op, T>;
    type AtomNumVal = AtomVal<Op, T>;
    type ThrVal2MnS = <SrcSide<Op, T, Tv, Tl> as CopySide>::ThrVal2Mn;
    type ThrVal2MnD = <DstSide<Op, T, Tv, Tl> as CopySide>::ThrVal2Mn;
    type LayoutS_TV = <SrcSide<Op, T, Tv, Tl> as CopySideTv>::LayoutTv;
    type LayoutD_TV = <DstSide<Op, T, Tv, Tl> as CopySideTv>::LayoutTv;
}

/// The TV layout [`make_tiled_copy`] builds from `thr` and `val`:
/// `right_inverse(raked_product(thr, val)) ∘ (size(thr), size(val)):(1, size(thr))`.
pub type MakeTiledCopyTv<Thr, Val> = ComposeOf<
    RightInverseOf<RakedProductOf<Thr, Val>>,
    Layout<(LayoutSize<Thr>, LayoutSize<Val>), (U1, LayoutSize<Thr>)>,
>;
/// The tiler [`make_tiled_copy`] builds: `product_each(shape(raked_product(thr, val)))`.
pub type MakeTiledCopyTiler<Thr, Val> = <RakedProductOf<Thr, Val> as ProductEach>::Output;

/// `size(L)` of a static layout as a typenum integer.
#[doc(hidden)]
pub trait StaticSize {
    type Output;
}
impl<S: IntTuple, D> StaticSize for Layout<S, D> {
    type Output = Size<S>;
}
/// `size(L)` of a static layout.
type LayoutSize<L> = <L as StaticSize>::Output;

/// `make_tiled_copy(atom, thr_layout, val_layout)` (CuTe `make_tiled_copy`): `thr_layout`
/// maps the (m,n,...) coordinates of a block of threads to thread indices, `val_layout` those
/// of each thread's values to value indices; their raked product is the tile. The layouts may
/// have any rank (the shorter is padded with `1:0` modes, as `raked_product` does): the tiler
/// has one mode per mode of the product, e.g. FlashAttention-3's rank-4 LDSM.T copy of V.
///
/// ```
/// use cute_layout::atom::{make_tiled_copy, CopyAtom, TiledCopyLayouts, UniversalCopy};
/// use cute_layout::{layout, typenum::U32};
/// // 8x4 threads (column major), each copying a 2x1 column of 16-bit values with one 32-bit move.
/// let cp = make_tiled_copy(CopyAtom::<UniversalCopy<U32>, u16>::new(),
///                          layout!((8,4):(1,8)), layout!((2,1):(1,2)));
/// assert_eq!(cp.tiled_layout_tv().to_string(), "(32,2):(2,1)"); // CuTe: (_32,_2):(_2,_1)
///
/// // FlashAttention-3's FP8 V transpose (S2RTiledCopyVt): rank-4 thread and value layouts.
/// use cute_layout::atom::SM75_U16x8_LDSM_T;
/// use cute_layout::typenum::{U1, U4, U64, U8};
/// let vt = make_tiled_copy(CopyAtom::<SM75_U16x8_LDSM_T, u8>::new(),
///                          layout!((32,4,1,1):(4,1,0,0)), layout!((2,2,1,4):(1,2,16,4)));
/// let _: (U64, U8, U1, U4) = vt.tiler(); // CuTe: (_64,_8,_1,_4)
/// assert_eq!(vt.layout_s_tv().to_string(), "((32,4),(16,1)):((64,16),(1,0))"); // CuTe's
/// ```
pub fn make_tiled_copy<Op, T, Thr, Val>(
    _atom: CopyAtom<Op, T>,
    _thr_layout: Thr,
    _val_layout: Val,
) -> TiledCopy<CopyAtom<Op, T>, MakeTiledCopyTv<Thr, Val>, MakeTiledCopyTiler<Thr, Val>>
where
    Thr: StaticSize + RakedProduct<Val>,
    Val: StaticSize,
    RakedProductOf<Thr, Val>: RightInverse + ProductEach,
    RightInverseOf<RakedProductOf<Thr, Val>>:
        Compose<Layout<(LayoutSize<Thr>, LayoutSize<Val>), (U1, LayoutSize<Thr>)>>,
    MakeTiledCopyTiler<Thr, Val>: TiledCopyOf<CopyAtom<Op, T>, MakeTiledCopyTv<Thr, Val>>,
{
    TiledCopy(PhantomData)
}

/// `make_tiled_copy_impl(atom, layout_tv, tiler)` (CuTe's): the TiledCopy of a given
/// `(thread, value) → tile` layout and tiler. The tiler is a tuple of static integers and
/// static layouts ([`CopyTiler`]); a layout entry picks and orders the elements of its mode
/// of the tensors the copy partitions. The atom must divide the TV layout's threads and values
/// ([`TiledCopyLayouts`]).
///
/// ```
/// use cute_layout::atom::*;
/// use cute_layout::{layout, typenum::{U16, U32, U64}};
/// // FlashAttention-2's backward make_tiled_copy_B_warpcontiguousN<2>(SmemCopyAtom, TiledMmaSdP):
/// // the B layout of the MMA, the N rows of the tile reordered by (8,4,2):(1,32,8).
/// let sdp = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,4,1):(1,2,0)),
///                          (U32::new(), U64::new(), U16::new()));
/// let kv = make_tiled_copy_impl(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::new(), sdp.layout_b_tv(),
///                               (layout!((8,4,2):(1,32,8)), layout!(16:1)));
/// // CuTe: kv.get_layoutS_TV()
/// assert_eq!(kv.layout_s_tv().to_string(), "((8,2,2,2,4),(8,1)):((1,512,32,0,8),(64,0))");
/// ```
pub fn make_tiled_copy_impl<Op, T, Tv, Tl>(
    _atom: CopyAtom<Op, T>,
    _layout_tv: Tv,
    _tiler: Tl,
) -> TiledCopy<CopyAtom<Op, T>, Tv, Tl>
where
    Tl: TiledCopyOf<CopyAtom<Op, T>, Tv>,
{
    TiledCopy(PhantomData)
}

/// `TiledCopy<Atom, Tv, Self>: TiledCopyLayouts`, with the tiler as the bound's subject: the
/// bound of [`make_tiled_copy`] and [`make_tiled_copy_impl`]. Written with the `TiledCopy`
/// itself as the subject, rustc would select its impl while the layouts are still inference
/// variables and solve the whole where-clause with them (seconds for one TiledCopy); through
/// the tiler it waits until they are known and evaluates one cached predicate
/// ([`TiledMmaOf`](super::tiled_mma::TiledMmaOf) says the same of `make_tiled_mma`).
#[doc(hidden)]
pub trait TiledCopyOf<Atom, Tv> {}
impl<Atom, Tv, Tl> TiledCopyOf<Atom, Tv> for Tl where TiledCopy<Atom, Tv, Tl>: TiledCopyLayouts {}

/// The operand ([`OperandA`], [`OperandB`] or [`OperandC`]) a TiledCopy is made for by
/// [`make_tiled_copy_a`] / `_b` / `_c`.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct OperandA;
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct OperandB;
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct OperandC;

/// The condition that the TiledCopy of an operand of the TiledMMA `Self` with the copy atom
/// `Atom` (the MMA's TV layout of that operand and its tile) is one. A bound without
/// projections, which the bounds of [`make_tiled_copy_a`] / `_b` / `_c` name instead of
/// `TiledCopy<Atom, Mma::LayoutA_TV, ..>: TiledCopyLayouts`: such a bound, proven once and
/// cached, is not re-normalized (the whole TV layout computed again) wherever the borrow
/// checker proves the callee's bounds. The functions return that TiledCopy type itself rather
/// than a projection of this trait, which the call would normalize again and, where the
/// condition fails, report a second time.
#[doc(hidden)]
pub trait TiledCopyFor<Atom, Operand> {}
macro_rules! tiled_copy_for_mma {
    ($(#[$doc:meta])* $f:ident, $Operand:ident, $Tv:ident, $M0:ident, $M1:ident) => {
        impl<Op, T, Mma> TiledCopyFor<CopyAtom<Op, T>, $Operand> for Mma
        where
            Mma: TiledMmaLayouts,
            TiledCopy<CopyAtom<Op, T>, Mma::$Tv, (Mma::$M0, Mma::$M1)>: TiledCopyLayouts,
        {
        }
        $(#[$doc])*
        pub fn $f<Op, T, Mma>(
            _atom: CopyAtom<Op, T>,
            _mma: Mma,
        ) -> TiledCopy<CopyAtom<Op, T>, Mma::$Tv, (Mma::$M0, Mma::$M1)>
        where
            Mma: TiledMmaLayouts + TiledCopyFor<CopyAtom<Op, T>, $Operand>,
        {
            TiledCopy(PhantomData)
        }
    };
}
tiled_copy_for_mma! {
    /// `make_tiled_copy_A(atom, mma)`: the TiledMMA's A layout and (M,K) tile, so that thread
    /// `i` of the copy moves the elements that thread `i` of the MMA holds. A copy atom whose
    /// values or threads do not divide the MMA's is a compile error naming the condition.
    ///
    /// ```
    /// use cute_layout::atom::*;
    /// use cute_layout::{layout, typenum::{U16, U32}};
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)),
    ///                          (U32::new(), U32::new(), U16::new()));
    /// let ld = make_tiled_copy_a(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::new(), mma);
    /// // CuTe: ldA.get_layoutS_TV(): each thread supplies one 8-half row address
    /// assert_eq!(ld.layout_s_tv().to_string(), "((16,2,2,2),(8,1)):((1,256,16,0),(32,0))");
    /// ```
    make_tiled_copy_a, OperandA, LayoutA_TV, TileM, TileK
}
tiled_copy_for_mma! {
    /// `make_tiled_copy_B(atom, mma)`: the TiledMMA's B layout and (N,K) tile.
    make_tiled_copy_b, OperandB, LayoutB_TV, TileN, TileK
}
tiled_copy_for_mma! {
    /// `make_tiled_copy_C(atom, mma)`: the TiledMMA's C layout and (M,N) tile.
    make_tiled_copy_c, OperandC, LayoutC_TV, TileM, TileN
}

// ---------------------------------------------------------------------------------------------
// Partitioning: ThrCopy

/// The coordinate selecting one thread's elements from `((thr, val), (RestM, RestN, ...))`:
/// `((t, _), (_, _, ...))`, one `_` per mode of the tensor (CuTe's
/// `thr_tensor(thr_idx, _, repeat<rank>(_))`), for tensors of rank 1 to 12.
#[diagnostic::on_unimplemented(
    message = "TiledCopy partition: a tensor of shape `{Self}` is not a tuple of rank 1 to 12",
    label = "partition_S/D take (M,N,...) tensors, at least as many modes as the tiler"
)]
pub trait CopyThrCoord {
    /// The coordinate.
    type Coord;
    /// The coordinate of thread `t`.
    fn coord(t: i64) -> Self::Coord;
}
macro_rules! copy_thr_coord {
    ($(($S:ident $D:ident))+) => {
        impl<$($S,)*> CopyThrCoord for ($($S,)*) {
            type Coord = ((i64, Underscore), ($(copy_thr_coord!(@u $S),)*));
            fn coord(t: i64) -> Self::Coord {
                ((t, Underscore), ($(copy_thr_coord!(@v $S),)*))
            }
        }
    };
    (@u $S:ident) => { Underscore };
    (@v $S:ident) => { Underscore };
}
crate::tuple::for_each_tuple_pair!(copy_thr_coord);

/// One thread's partition of a layout by a TiledCopy: `zipped_divide` by the tiler, the tile
/// mode composed with `thrval2mn`, sliced at the thread: `(CPY, CPY_M, CPY_N, ...)`.
#[doc(hidden)]
pub trait CopyPartition<Tiler, ThrVal2Mn, C> {
    type Output: TensorLayout;
    fn try_copy_partition(&self, c: C) -> Result<(Self::Output, i64)>;
}
impl<L, Tiler: Default, TV2: Default, C> CopyPartition<Tiler, TV2, C> for L
where
    L: ZippedDivide<Tiler>,
    ZippedDivideOf<L, Tiler>: Compose<(TV2, Underscore)>,
    ComposeOf<ZippedDivideOf<L, Tiler>, (TV2, Underscore)>: SliceAndOffset<C>,
    SliceOf<ComposeOf<ZippedDivideOf<L, Tiler>, (TV2, Underscore)>, C>: TensorLayout,
{
    type Output = SliceOf<ComposeOf<ZippedDivideOf<L, Tiler>, (TV2, Underscore)>, C>;
    fn try_copy_partition(&self, c: C) -> Result<(Self::Output, i64)> {
        let z = ZippedDivide::try_zipped_divide(self, Tiler::default())?;
        let t = Compose::try_compose(&z, (TV2::default(), Underscore))?;
        SliceAndOffset::try_slice_and_offset(&t, c)
    }
}

/// The coordinate type of a thread's copy partition of a layout `L`.
pub type CopyCoordOf<L> = <<L as crate::AnyLayout>::Shape as CopyThrCoord>::Coord;
/// The source side of a TiledCopy, for [`ThrCopyPartition`].
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct SideS;
/// The destination side of a TiledCopy, for [`ThrCopyPartition`].
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct SideD;
/// One thread's partition of a layout `L` by the TiledCopy `Self` on one side ([`SideS`],
/// [`SideD`]): [`CopyPartition`] with the copy's tiler and `thrval2mn`. The bound the
/// partition methods name: without projections, it is proven once and cached rather than
/// re-normalized (the copy's `thrval2mn` computed again) wherever the borrow checker proves
/// the callee's bounds.
#[doc(hidden)]
pub trait ThrCopyPartition<L, Side> {
    type Output: TensorLayout;
    fn try_thr_copy_partition(thr: i64, l: &L) -> Result<(Self::Output, i64)>;
}
macro_rules! thr_copy_partition {
    ($Side:ident, $TV2:ident) => {
        impl<TC, L> ThrCopyPartition<L, $Side> for TC
        where
            TC: TiledCopyLayouts,
            L: TensorLayout,
            L::Shape: CopyThrCoord,
            L: CopyPartition<TC::Tiler, TC::$TV2, CopyCoordOf<L>>,
        {
            type Output = <L as CopyPartition<TC::Tiler, TC::$TV2, CopyCoordOf<L>>>::Output;
            fn try_thr_copy_partition(thr: i64, l: &L) -> Result<(Self::Output, i64)> {
                l.try_copy_partition(<L::Shape as CopyThrCoord>::coord(thr))
            }
        }
    };
}
thr_copy_partition!(SideS, ThrVal2MnS);
thr_copy_partition!(SideD, ThrVal2MnD);
/// The layout of [`ThrCopy::partition_s`] of a tensor with layout `L`.
pub type PartitionSOf<TC, L> = <TC as ThrCopyPartition<L, SideS>>::Output;
/// The layout of [`ThrCopy::partition_d`] of a tensor with layout `L`.
pub type PartitionDOf<TC, L> = <TC as ThrCopyPartition<L, SideD>>::Output;

/// Thread `i`'s slice of a [`TiledCopy`] (CuTe's `ThrCopy`). Made by
/// [`TiledCopyLayouts::get_slice`].
pub struct ThrCopy<TC> {
    thr: i64,
    _m: PhantomData<TC>,
}
impl<TC> Clone for ThrCopy<TC> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<TC> Copy for ThrCopy<TC> {}
impl<TC> core::fmt::Debug for ThrCopy<TC> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "ThrCopy({})", self.thr)
    }
}

macro_rules! copy_partition_methods {
    ($(#[$doc:meta])* $try_m:ident / $m:ident, $Of:ident, $Side:ident) => {
        $(#[$doc])*
        pub fn $try_m<E: Engine, L>(&self, t: Tensor<E, L>) -> Result<Tensor<E, $Of<TC, L>>>
        where
            L: TensorLayout,
            TC: ThrCopyPartition<L, $Side>,
        {
            let (p, off) = TC::try_thr_copy_partition(self.thr, t.layout())?;
            t.relayout(p, off)
        }
        /// The same, panicking with the error.
        #[track_caller]
        pub fn $m<E: Engine, L>(&self, t: Tensor<E, L>) -> Tensor<E, $Of<TC, L>>
        where
            L: TensorLayout,
            TC: ThrCopyPartition<L, $Side>,
        {
            match self.$try_m(t) {
                Ok(v) => v,
                Err(e) => panic!("{e}"),
            }
        }
    };
}

impl<TC: TiledCopyLayouts> ThrCopy<TC> {
    /// The thread index.
    pub fn thr_idx(&self) -> i64 {
        self.thr
    }
    copy_partition_methods! {
        /// `partition_S(tensor)`: the elements of an (M,N,...) source tensor that this thread
        /// reads, `(CPY, CPY_M, CPY_N, ...)` with `CPY` the thread's values of one tile.
        /// Errors: a tiler that does not divide the tensor, a partition past the engine.
        try_partition_s / partition_s, PartitionSOf, SideS
    }
    copy_partition_methods! {
        /// `partition_D(tensor)`: the elements of a destination tensor that this thread writes.
        try_partition_d / partition_d, PartitionDOf, SideD
    }
}

/// `copy(tiled_copy, src, dst)` on the host: the reference semantics of one thread's copy of
/// its partitions, `dst(i) = src(i)` for every element, in calls of the atom's
/// `AtomNumVal` values each. An error when the sizes differ or mode 0 (the values of one tile)
/// is not a whole number of atom calls.
pub fn try_copy<TC, T, E1, L1, E2, L2>(
    _tiled_copy: &TC,
    src: &Tensor<E1, L1>,
    dst: &mut Tensor<E2, L2>,
) -> Result<()>
where
    TC: TiledCopyLayouts,
    T: Clone,
    E1: HostEngine<Elem = T>,
    L1: TensorLayout,
    E2: HostEngine<Elem = T> + EngineMut,
    L2: TensorLayout,
{
    let v = TC::AtomNumVal::VALUE;
    for (what, n) in [
        ("source", src.layout().mode_size(0)),
        ("destination", dst.layout().mode_size(0)),
    ] {
        if n % v != 0 {
            return Err(layout_error!(
                ErrorKind::ShapeMismatch,
                "copy: the {what} partition's mode 0 has {n} values, not a multiple of the atom's {v}"
            ));
        }
    }
    crate::tensor::try_copy(src, dst)
}

/// [`try_copy`], panicking with its error.
#[track_caller]
pub fn copy<TC, T, E1, L1, E2, L2>(tiled_copy: &TC, src: &Tensor<E1, L1>, dst: &mut Tensor<E2, L2>)
where
    TC: TiledCopyLayouts,
    T: Clone,
    E1: HostEngine<Elem = T>,
    L1: TensorLayout,
    E2: HostEngine<Elem = T> + EngineMut,
    L2: TensorLayout,
{
    if let Err(e) = try_copy(tiled_copy, src, dst) {
        panic!("{e}")
    }
}
