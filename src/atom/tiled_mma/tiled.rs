//! [`TiledMma`], [`make_tiled_mma`] with its atom layout and permutation arguments, and the
//! [`TiledMmaLayouts`] trait of the layouts a TiledMMA computes.

use core::marker::PhantomData;

use typenum::{U0, U1};

use super::thr_mma::ThrMma;
use crate::atom::MmaTraits;
use crate::error::{layout_error, ErrorKind, Result};
use crate::int::StaticInt;
use crate::layout::Layout;
use crate::tensor::ThreadCoord;
use crate::typelevel::Underscore;

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
