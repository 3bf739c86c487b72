//! Static layouts: the conditions the type level can state about a TMA copy.

use super::*;
use crate::int::private::{UDivRem, URem};

/// A swizzle type that is a TMA hardware mode for elements of `Bits` bits (CuTe's
/// `get_tma_swizzle_bits`/`get_tma_swizzle_base` `static_assert`s): on bytes it is
/// `Sw<0,_,_>` (none) or `Sw<1..=3, 4, 3>`, i.e. `Sw<B, 4 − log2(bytes), 3>` on elements.
///
/// Stricter than the runtime engine, which also accepts a swizzle that acts as a hardware
/// mode on the tile's offsets only.
///
/// ```
/// use cute_layout::atom::tma::{TmaHardwareSwizzle, TmaSwizzle};
/// use cute_layout::typenum::{P3, U16, U3};
/// use cute_layout::Swizzle;
/// assert_eq!(<Swizzle<U3, U3, P3> as TmaHardwareSwizzle<U16>>::MODE, TmaSwizzle::B128);
/// ```
#[diagnostic::on_unimplemented(
    message = "TMA: the shared-memory swizzle is not a hardware swizzle mode: on bytes it must be Sw<1,4,3> (32B), Sw<2,4,3> (64B) or Sw<3,4,3> (128B) (on elements Sw<B, 4 - log2(bytes per element), 3>; for 16-bit elements Sw<B,3,3>)",
    label = "not a TMA swizzle mode for this element width"
)]
#[doc(hidden)]
pub trait TmaHardwareSwizzle<Bits> {
    /// The mode.
    const MODE: TmaSwizzle;
}

impl<M, S, Bits> TmaHardwareSwizzle<Bits> for crate::Swizzle<typenum::U0, M, S> {
    /// `B = 0`: no swizzle.
    const MODE: TmaSwizzle = TmaSwizzle::None;
}

macro_rules! tma_hw_swizzle {
    ($($B:ident => $mode:ident),*) => {$(
        tma_hw_swizzle!(@one $B $mode U8 U4);
        tma_hw_swizzle!(@one $B $mode U16 U3);
        tma_hw_swizzle!(@one $B $mode U32 U2);
        tma_hw_swizzle!(@one $B $mode U64 U1);
    )*};
    (@one $B:ident $mode:ident $Bits:ident $M:ident) => {
        /// `Sw<B, 4 − log2(bytes), 3>` on elements is `Sw<B,4,3>` on bytes.
        #[diagnostic::do_not_recommend]
        impl TmaHardwareSwizzle<typenum::$Bits>
            for crate::Swizzle<typenum::$B, typenum::$M, typenum::P3>
        {
            const MODE: TmaSwizzle = TmaSwizzle::$mode;
        }
    };
}
tma_hw_swizzle!(U1 => B32, U2 => B64, U3 => B128);

/// A tile whose size in bits `N` is a whole number of 16 B (`N mod 128 = 0`): every TMA
/// box's inner extent is a multiple of 16 B, so every box, and the tile they make up, is one.
#[diagnostic::on_unimplemented(
    message = "TMA: the tile's size in bytes must be a multiple of 16 B (every TMA box's inner extent is a multiple of 16 B)",
    label = "no TMA box shape fits this tile"
)]
#[doc(hidden)]
pub trait TmaTileOf16Bytes {}
impl TmaTileOf16Bytes for typenum::U0 {}

/// A static shared-memory tile layout TMA can write for elements `T`: the conditions the
/// type level states (its swizzle is a hardware mode, [`TmaHardwareSwizzle`]; its size is
/// whole 16 B units, [`TmaTileOf16Bytes`]); the rest is checked by [`make_tma_copy`].
#[doc(hidden)]
pub trait TmaStaticSmem<T> {
    /// The swizzle mode.
    const MODE: TmaSwizzle;
    /// The layout without its swizzle.
    type Plain;
}

impl<T, B, M, S, O, Sh, D, N> TmaStaticSmem<T>
    for crate::ComposedLayout<crate::Swizzle<B, M, S>, O, crate::Layout<Sh, D>>
where
    T: crate::typelevel::ElementBits,
    crate::Swizzle<B, M, S>: TmaHardwareSwizzle<T::Bits>,
    Sh: crate::tuple::IntTuple<Size = N>,
    N: core::ops::Mul<T::Bits>,
    typenum::Prod<N, T::Bits>: UDivRem<typenum::U128>,
    URem<typenum::Prod<N, T::Bits>, typenum::U128>: TmaTileOf16Bytes,
{
    const MODE: TmaSwizzle = <crate::Swizzle<B, M, S> as TmaHardwareSwizzle<T::Bits>>::MODE;
    type Plain = crate::Layout<Sh, D>;
}

impl<T, Sh, D, N> TmaStaticSmem<T> for crate::Layout<Sh, D>
where
    T: crate::typelevel::ElementBits,
    Sh: crate::tuple::IntTuple<Size = N>,
    N: core::ops::Mul<T::Bits>,
    typenum::Prod<N, T::Bits>: UDivRem<typenum::U128>,
    URem<typenum::Prod<N, T::Bits>, typenum::U128>: TmaTileOf16Bytes,
{
    const MODE: TmaSwizzle = TmaSwizzle::None;
    type Plain = crate::Layout<Sh, D>;
}

/// The TMA swizzle mode of a static shared-memory layout `L` for elements `T`, checked at
/// compile time ([`TmaStaticSmem`]): a swizzle that is no hardware mode, or a tile that is
/// not whole 16 B units, is a compile error naming the condition. `L::to_dyn()` then goes to
/// [`make_tma_copy`] for the conditions that involve the gmem layout.
///
/// ```
/// use cute_layout::atom::tma::{tma_smem_swizzle, TmaSwizzle};
/// use cute_layout::atom::{gmma, half_t};
/// use cute_layout::Layout;
/// type S = gmma::Layout_K_SW128_Atom<half_t>; // Sw<3,3,3> o 0 o (8,64):(64,1)
/// assert_eq!(tma_smem_swizzle::<half_t, S>(), TmaSwizzle::B128);
/// assert_eq!(tma_smem_swizzle::<f32, Layout![(8,32):(32,1)]>(), TmaSwizzle::None);
/// ```
pub const fn tma_smem_swizzle<T, L: TmaStaticSmem<T>>() -> TmaSwizzle {
    L::MODE
}
