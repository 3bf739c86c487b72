//! TiledMMA (CuTe `cute/atom/mma_atom.hpp`): an MMA atom repeated over a layout of thread
//! groups, with an optional permutation of M, N and K, and its thread-value layouts computed in
//! the type system.
//!
//! The construction is CuTe's `thrfrg_C` / `thrfrg_A` / `thrfrg_B`, written with the crate's
//! algebra:
//!
//! 1. `logical_divide(tile, (PermM, PermN))` reorders the tile by the permutation;
//! 2. `zipped_divide(·, (AtomM, AtomN))` cuts it into atom tiles, `((AtomM,AtomN),(RestM,RestN))`;
//! 3. composing mode 0 with the atom's `CLayout` gives `((ThrV,FrgV),(RestM,RestN))`;
//! 4. dividing the rest by the thread groups `(ThrM, ThrN)` and regrouping gives
//!    `((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN)))`;
//! 5. `get_layoutC_TV` composes the thread mode with `thridx → (ThrV,ThrM,ThrN,ThrK)`,
//!    `(size(vmnk),1):(1,0) ∘ right_inverse((vmnk, complement(vmnk)))`.
//!
//! A and B go the same way on the (M,K) and (N,K) tiles, their thread mode first widened to
//! `(ThrV,(ThrM,ThrN,ThrK))` by a stride-0 mode (the threads along N share A).

use core::marker::PhantomData;

use typenum::{U0, U1};

use super::check::{self, TvLayout};
use super::MmaTraits;
use crate::error::{layout_error, ErrorKind, Result};
use crate::int::{IntMul, Prod, StaticInt};
use crate::layout::Layout;
use crate::tensor::{
    make_fragment_like, Engine, FragmentDecay, FragmentLayout, FragmentLike, SwapSlice,
    SwapSliceOf, Tensor, TensorLayout, ThreadCoord,
};
use crate::tuple::{IntTuple, Size, StaticShape, StaticTuple};
use crate::typelevel::{
    ComplementFull, ComplementFullOf, Compose, ComposeOf, LogicalDivide, LogicalDivideOf,
    RightInverse, RightInverseOf, SliceAndOffset, SliceOf, TiledProduct, TiledProductOf,
    Underscore, ZippedDivide, ZippedDivideOf,
};

// ---------------------------------------------------------------------------------------------
// Small type-level helpers

/// A permutation entry of a TiledMMA: `_` (the default tile, `size(atom)·size(thread
/// groups)` along that mode), an integer `n` (the tile `n:1`) or a layout.
#[diagnostic::on_unimplemented(
    message = "TiledMMA: `{Self}` is not a permutation entry (expected `_`, a static integer or a static layout)",
    label = "not a permutation entry"
)]
pub trait PermEntry<Dflt> {
    /// The tiler of the mode.
    type Tiler: Copy + Default;
    /// The tile size, `size(tiler)`.
    type Size: StaticInt;
}
impl<Dflt: StaticInt> PermEntry<Dflt> for Underscore {
    type Tiler = Dflt;
    type Size = Dflt;
}
impl<U, B, Dflt> PermEntry<Dflt> for typenum::UInt<U, B>
where
    typenum::UInt<U, B>: StaticInt,
{
    type Tiler = Self;
    type Size = Self;
}
impl<S: StaticShape, D: StaticTuple, Dflt> PermEntry<Dflt> for Layout<S, D>
where
    Size<S>: StaticInt,
    Layout<S, D>: Copy + Default,
{
    type Tiler = Self;
    type Size = Size<S>;
}

/// The thread layout of a TiledMMA, `(ThrV, ThrM, ThrN, ThrK) → thread index`: the sizes of
/// its four modes.
#[doc(hidden)]
pub trait VmnkSizes {
    type V: StaticInt;
    type M: StaticInt;
    type N: StaticInt;
    type K: StaticInt;
    type All: StaticInt;
}
impl<SV, SM, SN, SK, DV, DM, DN, DK> VmnkSizes for Layout<(SV, SM, SN, SK), (DV, DM, DN, DK)>
where
    SV: IntTuple,
    SM: IntTuple,
    SN: IntTuple,
    SK: IntTuple,
    (SV, SM, SN, SK): IntTuple,
    Size<SV>: StaticInt,
    Size<SM>: StaticInt,
    Size<SN>: StaticInt,
    Size<SK>: StaticInt,
    Size<(SV, SM, SN, SK)>: StaticInt,
{
    type V = Size<SV>;
    type M = Size<SM>;
    type N = Size<SN>;
    type K = Size<SK>;
    type All = Size<(SV, SM, SN, SK)>;
}

/// `make_layout(A, B)`: the rank-2 layout `(A, B)`.
#[doc(hidden)]
pub trait PairWith<B> {
    type Output;
}
impl<SA, DA, SB, DB> PairWith<Layout<SB, DB>> for Layout<SA, DA> {
    type Output = Layout<(SA, SB), (DA, DB)>;
}

/// The last step of `thrfrg`: `((ThrV,FrgV),Rest)` with `Rest` divided by the thread tile
/// into `((ThrM,ThrN),Rest')` regrouped as `((ThrV,(ThrM,ThrN)),(FrgV,Rest'))`.
#[doc(hidden)]
pub trait RegroupThr<ThrTile> {
    type Output;
}
impl<SV, SF, SR, DV, DF, DR, ThrTile> RegroupThr<ThrTile> for Layout<((SV, SF), SR), ((DV, DF), DR)>
where
    Layout<SR, DR>: ZippedDivide<ThrTile>,
    ZippedDivideOf<Layout<SR, DR>, ThrTile>: RegroupInner<SV, SF, DV, DF>,
{
    type Output = <ZippedDivideOf<Layout<SR, DR>, ThrTile> as RegroupInner<SV, SF, DV, DF>>::Output;
}
#[doc(hidden)]
pub trait RegroupInner<SV, SF, DV, DF> {
    type Output;
}
impl<SV, SF, DV, DF, ST, SR, DT, DR> RegroupInner<SV, SF, DV, DF> for Layout<(ST, SR), (DT, DR)> {
    type Output = Layout<((SV, ST), (SF, SR)), ((DV, DT), (DF, DR))>;
}

/// CuTe's `thrfrg_X` of a static layout `Self`: `(PermTile, AtomTile, AtomTV, ThrTile)` as
/// described in the [module documentation](self).
#[doc(hidden)]
pub trait Thrfrg<PermTile, AtomTile, AtomTv, ThrTile> {
    type Output;
}
impl<L, PermTile, AtomTile, AtomTv, ThrTile> Thrfrg<PermTile, AtomTile, AtomTv, ThrTile> for L
where
    L: LogicalDivide<PermTile>,
    LogicalDivideOf<L, PermTile>: ZippedDivide<AtomTile>,
    ZippedDivideOf<LogicalDivideOf<L, PermTile>, AtomTile>: Compose<(AtomTv, Underscore)>,
    ComposeOf<ZippedDivideOf<LogicalDivideOf<L, PermTile>, AtomTile>, (AtomTv, Underscore)>:
        RegroupThr<ThrTile>,
{
    type Output = <ComposeOf<
        ZippedDivideOf<LogicalDivideOf<L, PermTile>, AtomTile>,
        (AtomTv, Underscore),
    > as RegroupThr<ThrTile>>::Output;
}

/// `thridx → (ThrV,ThrM,ThrN,ThrK)`: `(size(V),1):(1,0) ∘ right_inverse((V, complement(V)))`.
pub type ThrIdxToVmnk<V> = ComposeOf<
    Layout<(<V as VmnkSizes>::All, U1), (U1, U0)>,
    RightInverseOf<<V as PairWith<ComplementFullOf<V>>>::Output>,
>;

// ---------------------------------------------------------------------------------------------
// Named conditions

/// `a == b` for typenum integers, as `B1` / `B0`. The conditions below are implemented for `B1`
/// only: comparing first (rather than matching `(N, N)`) makes a violation in a generic
/// context an unimplemented condition, whose message is the first line of the error.
#[doc(hidden)]
pub type Same<A, B> = <A as typenum::IsEqual<B>>::Output;
/// `a == b == c`.
#[doc(hidden)]
pub type Same3<A, B, C> = typenum::And<Same<A, B>, Same<B, C>>;
/// `a == b == c == d`.
#[doc(hidden)]
pub type Same4<A, B, C, D> = typenum::And<Same3<A, B, C>, Same<C, D>>;

/// A TiledMMA's atom layout (thread groups along M, N, K → thread-group index) is a bijection
/// onto `[0, size)`: no two atom positions share a thread group. Implemented by `B1`, the
/// result of comparing its size, the size of its image and of its compact part (see
/// [`check`]).
#[diagnostic::on_unimplemented(
    message = "TiledMMA: the atom layout is not a bijection onto its thread groups (it overlaps or leaves gaps)",
    label = "its size, the size of its image and of its compact part differ (`{Self}`)",
    note = "make_tiled_mma(atom, atom_layout, _): atom_layout maps each (m, n, k) atom position to its own group of threads, e.g. Layout![(2,2,1):(1,2,0)]"
)]
pub trait AtomLayoutBijective {}
impl AtomLayoutBijective for typenum::B1 {}

/// A TiledMMA's C thread-value layout is a bijection onto its (M,N) tile. Implemented by `B1`,
/// the result of comparing `size(C)`, the sizes of its image and compact part, and
/// `TileM·TileN`.
#[diagnostic::on_unimplemented(
    message = "TiledMMA: the C TV layout is not a bijection onto the (M,N) tile",
    label = "size(C), the sizes of its image and compact part, and TileM·TileN differ (`{Self}`)",
    note = "each accumulator of the tile is held by exactly one (thread, value): check the permutation (it must be a bijection of its mode, a multiple of the atom times the thread groups)"
)]
pub trait TiledCBijective {}
impl TiledCBijective for typenum::B1 {}

/// A TiledMMA's A (or B) thread-value layout covers its tile exactly once, except along
/// stride-0 (broadcast) modes. Implemented by `B1`, the result of comparing the sizes of the
/// image and the compact part and the tile size.
#[diagnostic::on_unimplemented(
    message = "TiledMMA: the A or B TV layout does not cover its (M,K) / (N,K) tile exactly once (broadcast modes excepted)",
    label = "the sizes of its image and compact part and the tile size differ (`{Self}`)",
    note = "check the permutation of M, N and K"
)]
pub trait TiledOperandCovers {}
impl TiledOperandCovers for typenum::B1 {}

/// The image and compact sizes of any static layout (for [`AtomLayoutBijective`]).
#[doc(hidden)]
pub trait ImageSizes {
    type Size;
    type Image;
    type Compact;
}
impl<S, D> ImageSizes for Layout<S, D>
where
    S: IntTuple + crate::typelevel::flat::FlattenInto<D, crate::tuple::Nil>,
    crate::typelevel::flat::FlatModes<S, D>: crate::typelevel::flat::FilterModes,
    <crate::typelevel::flat::FlatModes<S, D> as crate::typelevel::flat::FilterModes>::Output:
        check::ModesSize + check::Chain<U1>,
{
    type Size = Size<S>;
    type Image = <<crate::typelevel::flat::FlatModes<S, D> as crate::typelevel::flat::FilterModes>::Output as check::ModesSize>::Output;
    type Compact = <<crate::typelevel::flat::FlatModes<S, D> as crate::typelevel::flat::FilterModes>::Output as check::Chain<U1>>::Output;
}

// ---------------------------------------------------------------------------------------------
// TiledMMA

/// A tiling of MMA atoms (CuTe's `TiledMMA<MMA_Atom, AtomLayoutMNK, PermutationMNK>`): the atom
/// `Atom`, the layout `AtomLayout` of thread groups along (M, N, K) (a rank-1 or rank-2 layout
/// is taken padded with `1:0` modes, as [`make_tiled_mma`] pads it) and the permutation
/// `Perm`, a triple of `_` / integers / layouts. Zero-sized; its layouts are the associated
/// types of [`TiledMmaLayouts`]. Built with [`make_tiled_mma`].
#[derive(Debug)]
pub struct TiledMma<Atom, AtomLayout, Perm>(PhantomData<(Atom, AtomLayout, Perm)>);
impl<A, L, P> Clone for TiledMma<A, L, P> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<A, L, P> Copy for TiledMma<A, L, P> {}
impl<A, L, P> Default for TiledMma<A, L, P> {
    fn default() -> Self {
        TiledMma(PhantomData)
    }
}

/// `make_tiled_mma(atom, atom_layout, permutation)` (CuTe `make_tiled_mma`): the atom repeated
/// over the layout `atom_layout` of thread groups along (M, N, K), each mode of the tile
/// reordered by the permutation. As in CuTe, an atom layout of rank 1 or 2 is padded to rank 3
/// with `1:0` modes (`append<3>(thr_layout, Layout<_1,_0>{})`) and a permutation of fewer than
/// three entries with `_` (`()` for none). Every layout of the result is a static type,
/// checked when it compiles ([`TiledMmaLayouts`]).
///
/// ```
/// use cute_layout::atom::{make_tiled_mma, TiledMmaLayouts, SM80_16x8x16_F32F16F16F32_TN};
/// use cute_layout::{layout, typenum::{U16, U32}};
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)),
///                          (U32::new(), U32::new(), U16::new()));
/// // CuTe: print(mma.get_layoutC_TV())
/// assert_eq!(mma.layout_c_tv().to_string(), "((4,8,2,2),((2,2),(1,2))):((64,1,16,256),((32,8),(0,512)))");
/// assert_eq!(mma.tile_size(), (32, 32, 16));
/// // The CuTe tutorial's `make_tiled_mma(atom, Layout<Shape<_2,_2>>{}, Tile<_32,_32,_16>{})`:
/// let tut = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2):(1,2)),
///                          (U32::new(), U32::new(), U16::new()));
/// assert_eq!(tut.thr_layout_vmnk().to_string(), "(32,2,2,1):(1,32,64,0)");
/// ```
// The padded layout `L` and permutation `P` are parameters fixed by the bounds rather than
// projections in the return type: the call would normalize such a projection again and report
// a failing `AtomLayoutMnk` / `PermutationMnk` a second time. The layouts' bound is taken
// through `P` ([`TiledMmaOf`]): written `TiledMma<Atom, L, P>: TiledMmaLayouts`, rustc selects
// its impl while `L` and `P` are still inference variables and solves the whole where-clause
// with them (about 3 s for one SM80 TiledMMA); through `P` it waits until they are known and
// evaluates it as one cached predicate (0.3 s).
pub fn make_tiled_mma<Atom, AtomLayout, Perm, L, P>(
    _atom: Atom,
    _atom_layout: AtomLayout,
    _permutation: Perm,
) -> TiledMma<Atom, L, P>
where
    AtomLayout: AtomLayoutMnk<Output = L>,
    Perm: PermutationMnk<Output = P>,
    P: TiledMmaOf<Atom, L>,
{
    TiledMma(PhantomData)
}

/// `TiledMma<Atom, L, Self>: TiledMmaLayouts`, with the permutation triple as the bound's
/// subject: the bound of [`make_tiled_mma`], solved once its arguments are known.
#[doc(hidden)]
pub trait TiledMmaOf<Atom, L> {}
impl<Atom, L, P> TiledMmaOf<Atom, L> for P where TiledMma<Atom, L, P>: TiledMmaLayouts {}

/// CuTe's `append<3>(thr_layout, Layout<_1,_0>{})` in `make_tiled_mma`: an atom layout of rank
/// at most 3, padded to rank 3 with `1:0` modes.
#[diagnostic::on_unimplemented(
    message = "make_tiled_mma: the atom layout is not a static layout of rank 1, 2 or 3 (thread groups along M, N, K)",
    label = "`{Self}` is not a layout of at most three modes",
    note = "e.g. Layout![(2,2)] (padded to (2,2,1):(1,2,0)) or Layout![(4,1,1)]"
)]
#[doc(hidden)]
pub trait AtomLayoutMnk {
    /// The rank-3 layout.
    type Output: Copy + Default;
}
/// The rank-3 atom layout [`make_tiled_mma`] makes of `L`.
pub type AtomLayoutMnkOf<L> = <L as AtomLayoutMnk>::Output;
macro_rules! atom_layout_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<D: Copy + Default, $($g)*> AtomLayoutMnk for Layout<$S, D>
        where
            $S: Copy + Default,
        {
            type Output = Layout<($S, U1, U1), (D, U0, U0)>;
        }
    };
}
crate::tuple::for_each_shape_leaf!(atom_layout_leaf);
impl<S0: Copy + Default, D0: Copy + Default> AtomLayoutMnk for Layout<(S0,), (D0,)> {
    type Output = Layout<(S0, U1, U1), (D0, U0, U0)>;
}
impl<S0, S1, D0, D1> AtomLayoutMnk for Layout<(S0, S1), (D0, D1)>
where
    (S0, S1, U1): Copy + Default,
    (D0, D1, U0): Copy + Default,
{
    type Output = Layout<(S0, S1, U1), (D0, D1, U0)>;
}
impl<S0, S1, S2, D0, D1, D2> AtomLayoutMnk for Layout<(S0, S1, S2), (D0, D1, D2)>
where
    Self: Copy + Default,
{
    type Output = Self;
}

/// CuTe's `append<3>(permutations, _)` in `make_tiled_mma`: a permutation of at most three
/// entries, padded with `_`.
#[diagnostic::on_unimplemented(
    message = "make_tiled_mma: the permutation is not a tuple of at most three entries (M, N, K)",
    label = "`{Self}` is not `()`, `(PM,)`, `(PM, PN)` or `(PM, PN, PK)` of `_`, static integers or static layouts"
)]
#[doc(hidden)]
pub trait PermutationMnk {
    /// The triple.
    type Output;
}
/// The permutation triple [`make_tiled_mma`] makes of `P`.
pub type PermutationMnkOf<P> = <P as PermutationMnk>::Output;
impl PermutationMnk for () {
    type Output = (Underscore, Underscore, Underscore);
}
impl<P0> PermutationMnk for (P0,) {
    type Output = (P0, Underscore, Underscore);
}
impl<P0, P1> PermutationMnk for (P0, P1) {
    type Output = (P0, P1, Underscore);
}
impl<P0, P1, P2> PermutationMnk for (P0, P1, P2) {
    type Output = (P0, P1, P2);
}

/// The layouts of a [`TiledMma`], computed in the type system (CuTe's member functions of the
/// same names). Implemented for every `TiledMma` whose atom, atom layout and permutation are
/// valid; a violation is a compile error naming the condition.
pub trait TiledMmaLayouts: Copy + Default {
    /// The MMA atom.
    type Atom: MmaTraits;
    /// `(ThrV, ThrM, ThrN, ThrK) → thread index`: CuTe's `thr_layout_vmnk_`,
    /// `tiled_product(ThrID, AtomLayoutMNK)`.
    type ThrLayoutVMNK: ThreadCoord<Coord = (i64, i64, i64, i64)>
        + Copy
        + Default
        + core::fmt::Display;
    /// The tiler of M (the permutation entry, or `size(AtomM)·ThrM` for `_`).
    type PermM: Copy + Default;
    /// The tiler of N.
    type PermN: Copy + Default;
    /// The tiler of K.
    type PermK: Copy + Default;
    /// `tile_size<0>`: the M extent of the tile.
    type TileM: StaticInt;
    /// `tile_size<1>`.
    type TileN: StaticInt;
    /// `tile_size<2>`.
    type TileK: StaticInt;
    /// The number of threads, `size(ThrLayoutVMNK)`.
    type NumThreads: StaticInt;
    /// `thridx → (ThrV, ThrM, ThrN, ThrK)` index of [`ThrLayoutVMNK`](Self::ThrLayoutVMNK).
    type ThrIdx: Copy + Default;
    /// The atom's (M, N) tile and the thread groups' (M, N) tiler.
    #[doc(hidden)]
    type AtomTileC: Copy + Default;
    #[doc(hidden)]
    type AtomTileA: Copy + Default;
    #[doc(hidden)]
    type AtomTileB: Copy + Default;
    #[doc(hidden)]
    type ThrTileC: Copy + Default;
    #[doc(hidden)]
    type ThrTileA: Copy + Default;
    #[doc(hidden)]
    type ThrTileB: Copy + Default;
    /// `(thread index, value) → m + TileM·n`: CuTe's `get_layoutC_TV()`.
    type LayoutC_TV: Copy + Default + core::fmt::Display;
    /// `(thread index, value) → m + TileM·k`: CuTe's `get_layoutA_TV()`.
    type LayoutA_TV: Copy + Default + core::fmt::Display;
    /// `(thread index, value) → n + TileN·k`: CuTe's `get_layoutB_TV()`.
    type LayoutB_TV: Copy + Default + core::fmt::Display;

    /// `tile_shape(mma)`: `(TileM, TileN, TileK)`.
    fn tile_size(&self) -> (i64, i64, i64) {
        (Self::TileM::VALUE, Self::TileN::VALUE, Self::TileK::VALUE)
    }
    /// `size(mma)`: the number of threads.
    fn num_threads(&self) -> i64 {
        Self::NumThreads::VALUE
    }
    /// `get_layoutC_TV()`.
    fn layout_c_tv(&self) -> Self::LayoutC_TV {
        Default::default()
    }
    /// `get_layoutA_TV()`.
    fn layout_a_tv(&self) -> Self::LayoutA_TV {
        Default::default()
    }
    /// `get_layoutB_TV()`.
    fn layout_b_tv(&self) -> Self::LayoutB_TV {
        Default::default()
    }
    /// `get_thr_layout_vmnk()`.
    fn thr_layout_vmnk(&self) -> Self::ThrLayoutVMNK {
        Default::default()
    }
    /// `get_slice(i)` / `get_thread_slice(i)`: thread `i`'s view, which partitions tensors.
    /// An index outside `[0, size(mma))` is an error.
    fn try_get_slice(&self, thr_idx: i64) -> Result<ThrMma<Self>> {
        if !(0..Self::NumThreads::VALUE).contains(&thr_idx) {
            return Err(layout_error!(
                ErrorKind::BadCoordinate,
                "thread index {thr_idx} is outside the TiledMMA's {} threads",
                Self::NumThreads::VALUE
            ));
        }
        let c = Self::ThrLayoutVMNK::default().flat_coord(thr_idx);
        Ok(ThrMma {
            coord: VmnkCoord::into_array(c),
            _m: PhantomData,
        })
    }
    /// [`try_get_slice`](Self::try_get_slice), panicking on an index outside the threads.
    #[track_caller]
    fn get_slice(&self, thr_idx: i64) -> ThrMma<Self> {
        match self.try_get_slice(thr_idx) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }
    /// CuTe's `thr_slice`: the same as [`get_slice`](Self::get_slice).
    #[track_caller]
    fn thr_slice(&self, thr_idx: i64) -> ThrMma<Self> {
        self.get_slice(thr_idx)
    }
}

/// A thread's coordinate `(v, m, n, k)` in the thread layout.
#[doc(hidden)]
pub trait VmnkCoord {
    fn into_array(self) -> [i64; 4];
}
impl VmnkCoord for (i64, i64, i64, i64) {
    fn into_array(self) -> [i64; 4] {
        [self.0, self.1, self.2, self.3]
    }
}

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

// ---------------------------------------------------------------------------------------------
// Partitioning tensors: ThrMma

/// The coordinate that selects one thread's elements from the divided tensor
/// `((ThrV,FrgV),((ThrM,RestM),(ThrN,RestN)[,L]))`: `((v,_),((m,_),(n,_)[,_]))`, for tensors of
/// rank 2 or 3 (CuTe's `thr_tensor(thr_vmn, (_, repeat<rank>(_)))`).
#[diagnostic::on_unimplemented(
    message = "TiledMMA partition: a tensor of shape `{Self}` is not of rank 2 or 3",
    label = "partition_A/B/C take (M,N[,L]) / (M,K[,L]) / (N,K[,L]) tensors"
)]
pub trait MmaThrCoord {
    /// The coordinate.
    type Coord;
    /// The coordinate of thread `(v, a, b)` (`a`, `b`: its groups along the tensor's modes).
    fn coord(v: i64, a: i64, b: i64) -> Self::Coord;
}
impl<S0, S1> MmaThrCoord for (S0, S1) {
    type Coord = ((i64, Underscore), ((i64, Underscore), (i64, Underscore)));
    fn coord(v: i64, a: i64, b: i64) -> Self::Coord {
        ((v, Underscore), ((a, Underscore), (b, Underscore)))
    }
}
impl<S0, S1, S2> MmaThrCoord for (S0, S1, S2) {
    type Coord = (
        (i64, Underscore),
        ((i64, Underscore), (i64, Underscore), Underscore),
    );
    fn coord(v: i64, a: i64, b: i64) -> Self::Coord {
        (
            (v, Underscore),
            ((a, Underscore), (b, Underscore), Underscore),
        )
    }
}

/// One thread's partition of a layout by a TiledMMA: `logical_divide` by the permutation,
/// `zipped_divide` by the atom, the atom's TV layout composed on mode 0, the rest divided by
/// the thread groups, sliced at the thread's coordinate `C`. The result is
/// `(FrgV, RestM, RestN[, L])` and the offset where it starts.
#[doc(hidden)]
pub trait MmaPartition<PermTile, AtomTile, AtomTv, ThrTile, C> {
    type Output: TensorLayout;
    fn try_mma_partition(&self, c: C) -> Result<(Self::Output, i64)>;
}
#[allow(clippy::type_complexity)]
impl<L, PermTile, AtomTile, AtomTv, ThrTile, C> MmaPartition<PermTile, AtomTile, AtomTv, ThrTile, C>
    for L
where
    PermTile: Default,
    AtomTile: Default,
    AtomTv: Default,
    ThrTile: Default,
    L: LogicalDivide<PermTile>,
    LogicalDivideOf<L, PermTile>: ZippedDivide<AtomTile>,
    ZippedDivideOf<LogicalDivideOf<L, PermTile>, AtomTile>: Compose<(AtomTv, Underscore)>,
    ComposeOf<ZippedDivideOf<LogicalDivideOf<L, PermTile>, AtomTile>, (AtomTv, Underscore)>:
        LogicalDivide<(Underscore, ThrTile)>,
    LogicalDivideOf<
        ComposeOf<ZippedDivideOf<LogicalDivideOf<L, PermTile>, AtomTile>, (AtomTv, Underscore)>,
        (Underscore, ThrTile),
    >: SliceAndOffset<C>,
    SliceOf<
        LogicalDivideOf<
            ComposeOf<ZippedDivideOf<LogicalDivideOf<L, PermTile>, AtomTile>, (AtomTv, Underscore)>,
            (Underscore, ThrTile),
        >,
        C,
    >: TensorLayout,
{
    type Output = SliceOf<
        LogicalDivideOf<
            ComposeOf<ZippedDivideOf<LogicalDivideOf<L, PermTile>, AtomTile>, (AtomTv, Underscore)>,
            (Underscore, ThrTile),
        >,
        C,
    >;
    fn try_mma_partition(&self, c: C) -> Result<(Self::Output, i64)> {
        let a = LogicalDivide::try_logical_divide(self, PermTile::default())?;
        let b = ZippedDivide::try_zipped_divide(&a, AtomTile::default())?;
        let t = Compose::try_compose(&b, (AtomTv::default(), Underscore))?;
        let d = LogicalDivide::try_logical_divide(&t, (Underscore, ThrTile::default()))?;
        SliceAndOffset::try_slice_and_offset(&d, c)
    }
}

/// The coordinate type of a thread's partition of a layout `L`.
pub type MmaCoordOf<L> = <<L as crate::AnyLayout>::Shape as MmaThrCoord>::Coord;
/// The layout of [`ThrMma::partition_c`] of a tensor with layout `L`.
pub type PartitionCOf<T, L> = <T as ThrMmaPartition<L, super::tiled_copy::OperandC>>::Output;
/// The layout of [`ThrMma::partition_a`] of a tensor with layout `L`.
pub type PartitionAOf<T, L> = <T as ThrMmaPartition<L, super::tiled_copy::OperandA>>::Output;
/// The layout of [`ThrMma::partition_b`] of a tensor with layout `L`.
pub type PartitionBOf<T, L> = <T as ThrMmaPartition<L, super::tiled_copy::OperandB>>::Output;

/// The compact column-major layout of a tensor layout's shape (CuTe's `make_layout(shape(x))`,
/// what `partition_shape_X` partitions).
pub type ShapeLayoutOf<L> = crate::LayoutLeft<<L as crate::AnyLayout>::Shape>;
#[doc(hidden)]
/// The layout `partition_fragment_X` partitions: a [`Layout`] itself, the inner layout `L` of
/// a [`ComposedLayout`](crate::ComposedLayout) `Sw ∘ O ∘ L` (a swizzled tile), whose
/// partition the swizzle then decays on (`FragmentDecay`), as
/// CuTe's slicing of a swizzled layout at a thread coordinate does.
pub trait FragmentSource {
    /// The layout.
    type Inner: Clone + crate::AnyLayout;
    /// The layout, by value.
    fn fragment_source(&self) -> Self::Inner;
}
impl<S, D> FragmentSource for Layout<S, D>
where
    Layout<S, D>: Clone + crate::AnyLayout,
{
    type Inner = Layout<S, D>;
    fn fragment_source(&self) -> Self::Inner {
        self.clone()
    }
}
impl<A, O, B> FragmentSource for crate::ComposedLayout<A, O, B>
where
    A: crate::composed::ComposedOuter,
    O: crate::composed::ComposedOffset,
    B: crate::composed::ComposedInner,
{
    type Inner = B;
    fn fragment_source(&self) -> B {
        self.layout_b().clone()
    }
}

/// The register fragment [`ThrMma::partition_fragment_c`] returns for a tensor with layout `L`:
/// element type `V`, the compact layout of the partition's shape.
pub type FragmentOf<V, P> = Tensor<
    generic_array::GenericArray<V, <<P as FragmentLike>::Layout as FragmentLayout>::Len>,
    <P as FragmentLike>::Layout,
>;

/// Thread `i`'s slice of a [`TiledMma`] (CuTe's `ThrMMA`): partitions tensors of the (M,N),
/// (M,K) and (N,K) tiles into the elements the thread holds. Made by
/// [`TiledMmaLayouts::get_slice`].
pub struct ThrMma<T> {
    coord: [i64; 4],
    _m: PhantomData<T>,
}
impl<T> Clone for ThrMma<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for ThrMma<T> {}
impl<T> core::fmt::Debug for ThrMma<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "ThrMma(vmnk = {:?})", self.coord)
    }
}

/// One thread's partition of a layout `L` by the TiledMMA `Self` for one operand
/// ([`OperandA`](super::tiled_copy::OperandA), `B`, `C`): [`MmaPartition`] with the MMA's
/// permutation, atom tile, atom TV layout and thread tile of that operand, at the thread's
/// coordinate, and the register fragment of [`ThrMma::partition_fragment_c`]. The bounds the
/// partition methods name: without projections, they are proven once and cached rather than
/// re-normalized wherever the borrow checker proves the callee's bounds.
#[doc(hidden)]
pub trait ThrMmaPartition<L, Operand> {
    type Output: TensorLayout;
    fn try_thr_mma_partition(vmnk: [i64; 4], l: &L) -> Result<(Self::Output, i64)>;
}
/// The register fragment of one operand of a TiledMMA `Self` for a tensor with layout `L`
/// (see [`ThrMmaPartition`]).
#[doc(hidden)]
pub trait ThrMmaFragment<L, Operand> {
    type Output;
    fn thr_mma_fragment(l: &L) -> Self::Output;
}

macro_rules! partition_methods {
    ($(#[$doc:meta])* $try_m:ident / $m:ident / $frag:ident, $Operand:ident, $Of:ident, $Perm0:ident,
     $Perm1:ident, $AtomTile:ident, $Tv:ident, $ThrTile:ident, $a:literal, $b:literal, $Val:ident,
     $FragPart:ident) => {
        /// The partition of the layout `L`'s [`FragmentSource`] at the thread coordinate `C` by
        /// the operand's tiles of the TiledMMA `T` ([`MmaPartition`]).
        type $FragPart<T, L, C> = <<L as FragmentSource>::Inner as MmaPartition<
            (<T as TiledMmaLayouts>::$Perm0, <T as TiledMmaLayouts>::$Perm1),
            <T as TiledMmaLayouts>::$AtomTile,
            <<T as TiledMmaLayouts>::Atom as MmaTraits>::$Tv,
            <T as TiledMmaLayouts>::$ThrTile,
            C,
        >>::Output;
        impl<T, L> ThrMmaPartition<L, super::tiled_copy::$Operand> for T
        where
            T: TiledMmaLayouts,
            L: TensorLayout,
            L::Shape: MmaThrCoord,
            L: MmaPartition<
                (T::$Perm0, T::$Perm1),
                T::$AtomTile,
                <T::Atom as MmaTraits>::$Tv,
                T::$ThrTile,
                MmaCoordOf<L>,
            >,
        {
            type Output = <L as MmaPartition<
                (T::$Perm0, T::$Perm1),
                T::$AtomTile,
                <T::Atom as MmaTraits>::$Tv,
                T::$ThrTile,
                MmaCoordOf<L>,
            >>::Output;
            fn try_thr_mma_partition(vmnk: [i64; 4], l: &L) -> Result<(Self::Output, i64)> {
                l.try_mma_partition(<L::Shape as MmaThrCoord>::coord(vmnk[0], vmnk[$a], vmnk[$b]))
            }
        }
        #[allow(clippy::type_complexity)]
        impl<T, L> ThrMmaFragment<L, super::tiled_copy::$Operand> for T
        where
            T: TiledMmaLayouts,
            L: TensorLayout + FragmentSource,
            <<L as FragmentSource>::Inner as crate::AnyLayout>::Shape: MmaThrCoord,
            MmaCoordOf<<L as FragmentSource>::Inner>: SwapSlice,
            <L as FragmentSource>::Inner: MmaPartition<
                (T::$Perm0, T::$Perm1),
                T::$AtomTile,
                <T::Atom as MmaTraits>::$Tv,
                T::$ThrTile,
                MmaCoordOf<<L as FragmentSource>::Inner>,
            >,
            <L as FragmentSource>::Inner: MmaPartition<
                (T::$Perm0, T::$Perm1),
                T::$AtomTile,
                <T::Atom as MmaTraits>::$Tv,
                T::$ThrTile,
                SwapSliceOf<MmaCoordOf<<L as FragmentSource>::Inner>>,
            >,
            L: FragmentDecay<
                $FragPart<T, L, SwapSliceOf<MmaCoordOf<<L as FragmentSource>::Inner>>>,
                $FragPart<T, L, MmaCoordOf<<L as FragmentSource>::Inner>>,
            >,
            <L as FragmentDecay<
                $FragPart<T, L, SwapSliceOf<MmaCoordOf<<L as FragmentSource>::Inner>>>,
                $FragPart<T, L, MmaCoordOf<<L as FragmentSource>::Inner>>,
            >>::Output: FragmentLike,
            <T::Atom as MmaTraits>::$Val: Default,
        {
            type Output = FragmentOf<
                <T::Atom as MmaTraits>::$Val,
                <L as FragmentDecay<
                    $FragPart<T, L, SwapSliceOf<MmaCoordOf<<L as FragmentSource>::Inner>>>,
                    $FragPart<T, L, MmaCoordOf<<L as FragmentSource>::Inner>>,
                >>::Output,
            >;
            #[track_caller]
            fn thr_mma_fragment(l: &L) -> Self::Output {
                let c =
                    <<<L as FragmentSource>::Inner as crate::AnyLayout>::Shape as MmaThrCoord>::coord(
                        0, 0, 0,
                    );
                // The same partition and decay as of the tensor's own, which the caller can make.
                let p = match l.fragment_source().try_mma_partition(c) {
                    Ok((p, _)) => l.fragment_decay(p),
                    Err(e) => Err(e),
                };
                match p {
                    Ok(d) => make_fragment_like::<<T::Atom as MmaTraits>::$Val, _>(&d),
                    Err(e) => panic!("{e}"),
                }
            }
        }
        impl<T: TiledMmaLayouts> ThrMma<T> {
            $(#[$doc])*
            pub fn $try_m<E: Engine, L>(&self, t: Tensor<E, L>) -> Result<Tensor<E, $Of<T, L>>>
            where
                L: TensorLayout,
                T: ThrMmaPartition<L, super::tiled_copy::$Operand>,
            {
                let (p, off) = T::try_thr_mma_partition(self.coord, t.layout())?;
                t.relayout(p, off)
            }
            /// The same, panicking with the error.
            #[track_caller]
            pub fn $m<E: Engine, L>(&self, t: Tensor<E, L>) -> Tensor<E, $Of<T, L>>
            where
                L: TensorLayout,
                T: ThrMmaPartition<L, super::tiled_copy::$Operand>,
            {
                match self.$try_m(t) {
                    Ok(v) => v,
                    Err(e) => panic!("{e}"),
                }
            }
            /// A register fragment of the partition's shape, of the atom's element type, laid out
            /// as CuTe's `partition_fragment_X`: `make_fragment_like` of the thread's partition of
            /// the tensor's layout, so that mode 0 is compact and modes 1.. follow the order of
            /// the tensor's strides. For a swizzled tensor it is the partition of its inner layout
            /// composed with the swizzle decayed at the thread's offset, as CuTe's slicing at a
            /// runtime thread index makes it ([`FragmentDecay`](crate::tensor::FragmentDecay)):
            /// modes split at the swizzle bits, the strides the thread's bits make runtime values
            /// ordered last. Any thread gives the same layout; thread 0's partition is used.
            #[track_caller]
            pub fn $frag<E, L>(
                &self,
                t: &Tensor<E, L>,
            ) -> <T as ThrMmaFragment<L, super::tiled_copy::$Operand>>::Output
            where
                L: TensorLayout,
                T: ThrMmaFragment<L, super::tiled_copy::$Operand>,
            {
                T::thr_mma_fragment(t.layout())
            }
        }
    };
}

impl<T: TiledMmaLayouts> ThrMma<T> {
    /// The thread's coordinate `(v, m, n, k)` in [`TiledMmaLayouts::ThrLayoutVMNK`].
    pub fn thr_vmnk(&self) -> [i64; 4] {
        self.coord
    }
}
partition_methods! {
    /// `partition_C(tensor)`: the thread's elements of an (M,N\[,L\]) tensor, shaped
    /// `(FrgV, RestM, RestN[, L])` (CuTe's `(MMA, MMA_M, MMA_N)`). Errors: a tensor whose
    /// shape the tile does not divide, a partition reaching past the engine.
    try_partition_c / partition_c / partition_fragment_c, OperandC, PartitionCOf, PermM, PermN,
    AtomTileC, CLayout, ThrTileC, 1, 2, ValTypeC, FragPartitionCOf
}
partition_methods! {
    /// `partition_A(tensor)`: the thread's elements of an (M,K\[,L\]) tensor, shaped
    /// `(FrgV, RestM, RestK[, L])`.
    try_partition_a / partition_a / partition_fragment_a, OperandA, PartitionAOf, PermM, PermK,
    AtomTileA, ALayout, ThrTileA, 1, 3, ValTypeA, FragPartitionAOf
}
partition_methods! {
    /// `partition_B(tensor)`: the thread's elements of an (N,K\[,L\]) tensor, shaped
    /// `(FrgV, RestN, RestK[, L])`.
    try_partition_b / partition_b / partition_fragment_b, OperandB, PartitionBOf, PermN, PermK,
    AtomTileB, BLayout, ThrTileB, 2, 3, ValTypeB, FragPartitionBOf
}
