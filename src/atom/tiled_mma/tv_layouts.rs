//! The computation of a TiledMMA's thread-value layouts and checks: the helper traits of each
//! operand's TV layout and the [`TiledMmaLayouts`] impl.

use core::marker::PhantomData;

use typenum::{U0, U1};

use super::conditions::{
    AtomLayoutBijective, ImageSizes, Same, Same3, Same4, TiledCBijective, TiledOperandCovers,
};
use super::helpers::{PairWith, PermEntry, ThrIdxToVmnk, Thrfrg, VmnkSizes};
use super::tiled::{AtomLayoutMnk, AtomLayoutMnkOf, TiledMma, TiledMmaLayouts};
use crate::atom::check::{self, TvLayout};
use crate::atom::MmaTraits;
use crate::int::{IntMul, Prod, StaticInt};
use crate::layout::Layout;
use crate::tensor::ThreadCoord;
use crate::typelevel::{
    ComplementFull, ComplementFullOf, Compose, ComposeOf, RightInverse, RightInverseOf,
    TiledProduct, TiledProductOf, Underscore,
};

// The TV layouts and checks are computed by helper traits whose arguments are the tile's
// already-computed pieces, not by bounds of the `TiledMmaLayouts` impl itself: the compiler
// re-normalizes an impl's bounds each time it names one of its associated types in a fresh
// context (the borrow checker does so for every use), so naming `TileM` must not redo the A, B
// and C thrfrg constructions. A bound `Args: Helper` without projections is proven once and
// cached; its work happens only where its `Output` is named.

/// A TiledMMA's atom layout is a bijection onto its thread groups ([`AtomLayoutBijective`]).
#[doc(hidden)]
pub trait AtomLayoutChecked {}
impl<L> AtomLayoutChecked for L
where
    L: ImageSizes,
    L::Size: typenum::IsEqual<L::Image>,
    L::Image: typenum::IsEqual<L::Compact>,
    Same<L::Size, L::Image>: core::ops::BitAnd<Same<L::Image, L::Compact>>,
    Same3<L::Size, L::Image, L::Compact>: AtomLayoutBijective,
{
}

/// `thridx → (ThrV,ThrM,ThrN,ThrK)` of a thread layout ([`ThrIdxToVmnk`]).
#[doc(hidden)]
pub trait ThrIdxOf {
    type Output: Copy + Default;
}
impl<V> ThrIdxOf for V
where
    V: VmnkSizes + ComplementFull + PairWith<ComplementFullOf<V>>,
    <V as PairWith<ComplementFullOf<V>>>::Output: RightInverse,
    Layout<(<V as VmnkSizes>::All, U1), (U1, U0)>:
        Compose<RightInverseOf<<V as PairWith<ComplementFullOf<V>>>::Output>>,
    ThrIdxToVmnk<V>: Copy + Default,
{
    type Output = ThrIdxToVmnk<V>;
}

/// The arguments of one operand's TV layout: the `(T0,T1)` tile permuted by `P`, the atom's
/// tile `A` and TV layout `TV`, the thread groups `TT` of the two modes, the widening `W` of
/// the thread mode (`()` for C: none) and the thread layout `V`.
#[doc(hidden)]
#[allow(clippy::type_complexity)]
pub struct OperandArgs<T0, T1, P, A, TV, TT, W, V>(PhantomData<(T0, T1, P, A, TV, TT, W, V)>);

/// A thread mode `(ThrV,(ThrM,ThrK))` widened by `W` (see [`OperandArgs`]).
#[doc(hidden)]
pub trait WidenThr<W> {
    type Output;
}
impl<L, S, D> WidenThr<Layout<S, D>> for L
where
    L: Compose<((Underscore, (Layout<S, D>, Underscore)), Underscore)>,
{
    type Output = ComposeOf<L, ((Underscore, (Layout<S, D>, Underscore)), Underscore)>;
}

type OpThrfrg<T0, T1, P, A, TV, TT> = <Layout<(T0, T1), (U1, T0)> as Thrfrg<P, A, TV, TT>>::Output;
type OpWide<T0, T1, P, A, TV, TT, W> = <OpThrfrg<T0, T1, P, A, TV, TT> as WidenThr<W>>::Output;
type OpTvC<T0, T1, P, A, TV, TT, V> =
    ComposeOf<OpThrfrg<T0, T1, P, A, TV, TT>, (<V as ThrIdxOf>::Output, Underscore)>;
type OpTv<T0, T1, P, A, TV, TT, W, V> =
    ComposeOf<OpWide<T0, T1, P, A, TV, TT, W>, (<V as ThrIdxOf>::Output, Underscore)>;

// Each TV layout is computed by one trait (`MmaTvC` / `MmaTvOperand`: only the thrfrg chain
// in its bounds) and checked by another (`MmaTvCChecked` / `MmaTvOperandChecked`, a subtrait
// whose bounds name the computed layout): normalizing `LayoutC_TV` confirms only the chain's
// impl, not the image and compact sizes of the checks, which are proven once, as a bound
// without projections of the `TiledMmaLayouts` impl, and cached.

/// C's TV layout (`W = ()`): the thrfrg chain composed with the thread index.
#[doc(hidden)]
pub trait MmaTvC {
    type Output: Copy + Default + core::fmt::Display;
}
#[allow(clippy::type_complexity)]
impl<T0, T1, P, A, TV, TT, V> MmaTvC for OperandArgs<T0, T1, P, A, TV, TT, (), V>
where
    V: ThrIdxOf,
    Layout<(T0, T1), (U1, T0)>: Thrfrg<P, A, TV, TT>,
    OpThrfrg<T0, T1, P, A, TV, TT>: Compose<(<V as ThrIdxOf>::Output, Underscore)>,
    OpTvC<T0, T1, P, A, TV, TT, V>: Copy + Default + core::fmt::Display,
{
    type Output = OpTvC<T0, T1, P, A, TV, TT, V>;
}
/// C's TV layout checked a bijection onto the `T0 × T1` tile ([`TiledCBijective`]).
#[doc(hidden)]
pub trait MmaTvCChecked: MmaTvC {}
#[allow(clippy::type_complexity)]
impl<T0, T1, P, A, TV, TT, V> MmaTvCChecked for OperandArgs<T0, T1, P, A, TV, TT, (), V>
where
    Self: MmaTvC,
    T1: StaticInt,
    T0: StaticInt + IntMul<T1>,
    <Self as MmaTvC>::Output: TvLayout,
    TvSize<<Self as MmaTvC>::Output>: typenum::IsEqual<TvImage<<Self as MmaTvC>::Output>>,
    TvImage<<Self as MmaTvC>::Output>: typenum::IsEqual<TvCompact<<Self as MmaTvC>::Output>>,
    TvCompact<<Self as MmaTvC>::Output>: typenum::IsEqual<Prod<T0, T1>>,
    Same<TvSize<<Self as MmaTvC>::Output>, TvImage<<Self as MmaTvC>::Output>>: core::ops::BitAnd<
        Same<TvImage<<Self as MmaTvC>::Output>, TvCompact<<Self as MmaTvC>::Output>>,
    >,
    Same3<
        TvSize<<Self as MmaTvC>::Output>,
        TvImage<<Self as MmaTvC>::Output>,
        TvCompact<<Self as MmaTvC>::Output>,
    >: core::ops::BitAnd<Same<TvCompact<<Self as MmaTvC>::Output>, Prod<T0, T1>>>,
    Same4<
        TvSize<<Self as MmaTvC>::Output>,
        TvImage<<Self as MmaTvC>::Output>,
        TvCompact<<Self as MmaTvC>::Output>,
        Prod<T0, T1>,
    >: TiledCBijective,
{
}

/// A's or B's TV layout (`W` the stride-0 widening): the thrfrg chain, widened, composed with
/// the thread index.
#[doc(hidden)]
pub trait MmaTvOperand {
    type Output: Copy + Default + core::fmt::Display;
}
#[allow(clippy::type_complexity)]
impl<T0, T1, P, A, TV, TT, S, D, V> MmaTvOperand
    for OperandArgs<T0, T1, P, A, TV, TT, Layout<S, D>, V>
where
    V: ThrIdxOf,
    Layout<(T0, T1), (U1, T0)>: Thrfrg<P, A, TV, TT>,
    OpThrfrg<T0, T1, P, A, TV, TT>: WidenThr<Layout<S, D>>,
    OpWide<T0, T1, P, A, TV, TT, Layout<S, D>>: Compose<(<V as ThrIdxOf>::Output, Underscore)>,
    OpTv<T0, T1, P, A, TV, TT, Layout<S, D>, V>: Copy + Default + core::fmt::Display,
{
    type Output = OpTv<T0, T1, P, A, TV, TT, Layout<S, D>, V>;
}
/// A's or B's TV layout checked to cover the `T0 × T1` tile once ([`TiledOperandCovers`]).
#[doc(hidden)]
pub trait MmaTvOperandChecked: MmaTvOperand {}
#[allow(clippy::type_complexity)]
impl<T0, T1, P, A, TV, TT, S, D, V> MmaTvOperandChecked
    for OperandArgs<T0, T1, P, A, TV, TT, Layout<S, D>, V>
where
    Self: MmaTvOperand,
    T1: StaticInt,
    T0: StaticInt + IntMul<T1>,
    <Self as MmaTvOperand>::Output: TvLayout,
    TvImage<<Self as MmaTvOperand>::Output>:
        typenum::IsEqual<TvCompact<<Self as MmaTvOperand>::Output>>,
    TvCompact<<Self as MmaTvOperand>::Output>: typenum::IsEqual<Prod<T0, T1>>,
    Same<TvImage<<Self as MmaTvOperand>::Output>, TvCompact<<Self as MmaTvOperand>::Output>>:
        core::ops::BitAnd<Same<TvCompact<<Self as MmaTvOperand>::Output>, Prod<T0, T1>>>,
    Same3<
        TvImage<<Self as MmaTvOperand>::Output>,
        TvCompact<<Self as MmaTvOperand>::Output>,
        Prod<T0, T1>,
    >: TiledOperandCovers,
{
}

type TvSize<L> = <L as TvLayout>::Size;
type TvImage<L> = <L as TvLayout>::ImageSize;
type TvCompact<L> = <L as TvLayout>::CompactSize;

/// The thread layout `(ThrV,ThrM,ThrN,ThrK)` of a TiledMMA.
type Vmnk<Atom, AL> = TiledProductOf<<Atom as MmaTraits>::ThrID, AtomLayoutMnkOf<AL>>;
type VM<Atom, AL> = <Vmnk<Atom, AL> as VmnkSizes>::M;
type VN<Atom, AL> = <Vmnk<Atom, AL> as VmnkSizes>::N;
type VK<Atom, AL> = <Vmnk<Atom, AL> as VmnkSizes>::K;
type SM<Atom> = <<Atom as MmaTraits>::Shape_MNK as check::ShapeMnk>::M;
type SN<Atom> = <<Atom as MmaTraits>::Shape_MNK as check::ShapeMnk>::N;
type SK<Atom> = <<Atom as MmaTraits>::Shape_MNK as check::ShapeMnk>::K;
/// The permutation entry `P` of a mode with atom extent `S` and `V` thread groups.
type PermOf<P, S, V> = <P as PermEntry<Prod<S, V>>>::Tiler;
type PSize<P, S, V> = <P as PermEntry<Prod<S, V>>>::Size;
/// The arguments of C's, A's and B's TV layouts.
type CArgs<Atom, AL, PM, PN> = OperandArgs<
    PSize<PM, SM<Atom>, VM<Atom, AL>>,
    PSize<PN, SN<Atom>, VN<Atom, AL>>,
    (
        PermOf<PM, SM<Atom>, VM<Atom, AL>>,
        PermOf<PN, SN<Atom>, VN<Atom, AL>>,
    ),
    (SM<Atom>, SN<Atom>),
    <Atom as MmaTraits>::CLayout,
    (VM<Atom, AL>, VN<Atom, AL>),
    (),
    Vmnk<Atom, AL>,
>;
type AArgs<Atom, AL, PM, PK> = OperandArgs<
    PSize<PM, SM<Atom>, VM<Atom, AL>>,
    PSize<PK, SK<Atom>, VK<Atom, AL>>,
    (
        PermOf<PM, SM<Atom>, VM<Atom, AL>>,
        PermOf<PK, SK<Atom>, VK<Atom, AL>>,
    ),
    (SM<Atom>, SK<Atom>),
    <Atom as MmaTraits>::ALayout,
    (VM<Atom, AL>, VK<Atom, AL>),
    Layout<(VM<Atom, AL>, VN<Atom, AL>), (U1, U0)>,
    Vmnk<Atom, AL>,
>;
type BArgs<Atom, AL, PN, PK> = OperandArgs<
    PSize<PN, SN<Atom>, VN<Atom, AL>>,
    PSize<PK, SK<Atom>, VK<Atom, AL>>,
    (
        PermOf<PN, SN<Atom>, VN<Atom, AL>>,
        PermOf<PK, SK<Atom>, VK<Atom, AL>>,
    ),
    (SN<Atom>, SK<Atom>),
    <Atom as MmaTraits>::BLayout,
    (VN<Atom, AL>, VK<Atom, AL>),
    Layout<(VM<Atom, AL>, VN<Atom, AL>), (U0, U1)>,
    Vmnk<Atom, AL>,
>;

#[allow(clippy::type_complexity)]
impl<Atom, AL, PM, PN, PK> TiledMmaLayouts for TiledMma<Atom, AL, (PM, PN, PK)>
where
    AL: AtomLayoutMnk + Copy + Default,
    Atom: MmaTraits,
    Atom::Shape_MNK: check::ShapeMnk,
    AtomLayoutMnkOf<AL>: AtomLayoutChecked,
    Atom::ThrID: TiledProduct<AtomLayoutMnkOf<AL>>,
    Vmnk<Atom, AL>: VmnkSizes
        + ThrIdxOf
        + ThreadCoord<Coord = (i64, i64, i64, i64)>
        + Copy
        + Default
        + core::fmt::Display,
    // Permutations (CuTe: `_` is size(atom)·size(thread groups) of that mode)
    SM<Atom>: IntMul<VM<Atom, AL>>,
    SN<Atom>: IntMul<VN<Atom, AL>>,
    SK<Atom>: IntMul<VK<Atom, AL>>,
    PM: PermEntry<Prod<SM<Atom>, VM<Atom, AL>>> + Copy + Default,
    PN: PermEntry<Prod<SN<Atom>, VN<Atom, AL>>> + Copy + Default,
    PK: PermEntry<Prod<SK<Atom>, VK<Atom, AL>>> + Copy + Default,
    CArgs<Atom, AL, PM, PN>: MmaTvCChecked,
    AArgs<Atom, AL, PM, PK>: MmaTvOperandChecked,
    BArgs<Atom, AL, PN, PK>: MmaTvOperandChecked,
{
    type Atom = Atom;
    type ThrLayoutVMNK = Vmnk<Atom, AL>;
    type PermM = PM::Tiler;
    type PermN = PN::Tiler;
    type PermK = PK::Tiler;
    type TileM = PM::Size;
    type TileN = PN::Size;
    type TileK = PK::Size;
    type NumThreads = <Vmnk<Atom, AL> as VmnkSizes>::All;
    type ThrIdx = <Vmnk<Atom, AL> as ThrIdxOf>::Output;
    type AtomTileC = (SM<Atom>, SN<Atom>);
    type AtomTileA = (SM<Atom>, SK<Atom>);
    type AtomTileB = (SN<Atom>, SK<Atom>);
    type ThrTileC = (VM<Atom, AL>, VN<Atom, AL>);
    type ThrTileA = (VM<Atom, AL>, VK<Atom, AL>);
    type ThrTileB = (VN<Atom, AL>, VK<Atom, AL>);
    type LayoutC_TV = <CArgs<Atom, AL, PM, PN> as MmaTvC>::Output;
    type LayoutA_TV = <AArgs<Atom, AL, PM, PK> as MmaTvOperand>::Output;
    type LayoutB_TV = <BArgs<Atom, AL, PN, PK> as MmaTvOperand>::Output;
}
