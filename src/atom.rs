//! MMA and copy atoms (CuTe's `MMA_Traits` and `Copy_Traits`, `cute/atom/`): the thread-value
//! (TV) layouts of one hardware instruction, as static types, checked at compile time.
//!
//! An atom is a zero-sized type named as in CuTe (`SM80_16x8x16_F32F16F16F32_TN`,
//! `SM75_U32x4_LDSM_N`, ...) implementing [`MmaTraits`] or [`CopyTraits`], whose associated
//! types carry CuTe's names and layouts:
//!
//! * MMA: `ThrID` (logical thread → thread index), `Shape_MNK`, and `ALayout`, `BLayout`,
//!   `CLayout` mapping (thread, value) to the column-major index of the (M,K), (N,K) and (M,N)
//!   tiles; the element types `ValTypeA/B/C/D`, and the PTX registers each thread passes
//!   (`ARegisters`, ... as `GenericArray<register type, count>`, CuTe's `uint32_t[4]`).
//! * Copy: `ThrID`, and `SrcLayout`, `DstLayout`, `RefLayout` mapping (thread, value) to a
//!   **bit**; [`ValLayoutSrc`] and friends recast them to elements of a type `T` (CuTe's
//!   `Copy_Atom<Op, T>::ValLayoutSrc`, `recast_layout<uint1_t, T>`).
//!
//! Every implementation is checked when it compiles (the traits require `MmaLayoutsValid` /
//! `CopyLayoutsValid`, in `atom::check`):
//! `size(ThrID)` equals each TV layout's thread extent, `CLayout` is a bijection onto the (M,N)
//! tile, `ALayout` and `BLayout` cover their tiles exactly once except along stride-0 (broadcast)
//! modes, and a copy's Src and Dst reach the same number of bits one-to-one. A violation is a
//! compile error whose first line names the condition.
//!
//! ```
//! use cute_layout::atom::{MmaTraits, SM80_16x8x16_F32F16F16F32_TN as Atom};
//! use cute_layout::Layout;
//! type C = <Atom as MmaTraits>::CLayout;
//! // Thread 5, value 2 holds C(m, n) with m + 16·n = 41: row 9, column 2 (PTX: c2 of lane 5
//! // is row groupID + 8 = 9, column 2·(5 % 4) = 2).
//! assert_eq!(C::new().call((5, 2)), 9 + 16 * 2);
//! assert_eq!(C::new().to_string(), "((4,8),(2,2)):((32,1),(16,8))");
//! ```
//!
//! The layouts are CuTe's (`mma_traits_sm80.hpp`, `mma_traits_sm90_gmma.hpp`,
//! `copy_traits_sm75.hpp`, `copy_traits_sm90.hpp`, `copy_traits_sm80.hpp`, `copy_traits.hpp`);
//! `tests/atom_hardware.rs` checks them against maps recorded on the GPU.

#![allow(non_camel_case_types)]

pub mod check;
mod copy;
mod fma;
#[cfg(feature = "alloc")]
pub mod gmma_desc;
#[cfg(feature = "alloc")]
mod retile;
mod sm70;
mod sm75;
mod sm80;
mod sm89;
mod sm90;
#[cfg(feature = "alloc")]
mod table;
mod tiled_copy;
mod tiled_mma;
#[cfg(feature = "alloc")]
pub mod tma;

pub use copy::{
    AutoVectorizingCopy, AutoVectorizingCopyWithAssumedAlignment, CopyBits, CpAsyncBits,
    CpAsyncCgBits, DefaultCopy, SM75_U16x2_LDSM_T, SM75_U16x4_LDSM_T, SM75_U16x8_LDSM_T,
    SM75_U32x1_LDSM_N, SM75_U32x2_LDSM_N, SM75_U32x4_LDSM_N, SM90_U16x2_STSM_T, SM90_U16x4_STSM_T,
    SM90_U16x8_STSM_T, SM90_U32x1_STSM_N, SM90_U32x2_STSM_N, SM90_U32x4_STSM_N, UniversalCopy,
    SM80_CP_ASYNC_CACHEALWAYS, SM80_CP_ASYNC_CACHEALWAYS_ZFILL, SM80_CP_ASYNC_CACHEGLOBAL,
    SM80_CP_ASYNC_CACHEGLOBAL_ZFILL,
};
pub use fma::UniversalFMA;
#[cfg(feature = "alloc")]
pub use gmma_desc::{make_gmma_desc, GmmaDescriptorFields};
#[cfg(feature = "alloc")]
pub use retile::try_retile_layout;
pub use sm70::*;
pub use sm75::*;
pub use sm80::*;
pub use sm89::*;
pub use sm90::gmma;
pub use sm90::*;
#[cfg(feature = "alloc")]
pub use table::{atom_layouts, atom_names, AtomLayouts};
pub use tiled_copy::{
    copy, make_tiled_copy, make_tiled_copy_a, make_tiled_copy_b, make_tiled_copy_c,
    make_tiled_copy_impl, try_copy, CopyAtom, CopyCoordOf, CopyTiler, MakeTiledCopyTiler,
    MakeTiledCopyTv, PartitionDOf, PartitionSOf, ProductEach, ThrCopy, TiledCopy, TiledCopyLayouts,
    TilerRef,
};
pub use tiled_mma::{
    make_tiled_mma, AtomLayoutMnk, AtomLayoutMnkOf, FragmentOf, FragmentSource, MmaCoordOf,
    PartitionAOf, PartitionBOf, PartitionCOf, PermutationMnk, PermutationMnkOf, ShapeLayoutOf,
    ThrMma, TiledMma, TiledMmaLayouts,
};
#[cfg(feature = "alloc")]
pub use tma::{
    make_tma_atom, make_tma_copy, tma_partition, TmaCopy, TmaDescriptorParams, SM90_TMA_LOAD,
    SM90_TMA_LOAD_MULTICAST, SM90_TMA_STORE,
};

/// The register arrays of [`MmaTraits`] and [`CopyTraits`] (re-exported from `generic-array`).
pub use generic_array::GenericArray;

use crate::typelevel::{ElementBits, RecastLayoutOf};

// ---------------------------------------------------------------------------------------------
// Element types

/// CuTe's `half_t`: an IEEE binary16 value, as its bits (only its width matters here).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct half_t(pub u16);
/// CuTe's `bfloat16_t`: a bfloat16 value, as its bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct bfloat16_t(pub u16);
/// CuTe's `tfloat32_t`: a TensorFloat-32 value, stored in 32 bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct tfloat32_t(pub u32);
/// CuTe's `uint1_t` (`cutlass::uint1b_t`): one bit, the unit of copy atoms' layouts and the
/// element of the `b1` MMA atoms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct uint1_t(pub bool);
/// CuTe's `int4b_t`: a signed 4-bit integer (its low 4 bits; only its width matters here).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct int4b_t(pub u8);
/// CuTe's `uint4b_t`: an unsigned 4-bit integer (its low 4 bits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct uint4b_t(pub u8);
/// CuTe's `float_e4m3_t`: an FP8 value with 4 exponent and 3 mantissa bits, as its bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct float_e4m3_t(pub u8);
/// CuTe's `float_e5m2_t`: an FP8 value with 5 exponent and 2 mantissa bits, as its bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct float_e5m2_t(pub u8);

impl ElementBits for half_t {
    type Bits = typenum::U16;
}
impl ElementBits for bfloat16_t {
    type Bits = typenum::U16;
}
impl ElementBits for tfloat32_t {
    type Bits = typenum::U32;
}
impl ElementBits for uint1_t {
    type Bits = typenum::U1;
}
impl ElementBits for int4b_t {
    type Bits = typenum::U4;
}
impl ElementBits for uint4b_t {
    type Bits = typenum::U4;
}
impl ElementBits for float_e4m3_t {
    type Bits = typenum::U8;
}
impl ElementBits for float_e5m2_t {
    type Bits = typenum::U8;
}

/// A 64-bit shared-memory matrix descriptor (CuTe's `GMMA::DescriptorIterator` register type,
/// `uint64_t`): the operand a `wgmma` `_SS` atom takes for A and B.
pub type GmmaDescriptor = u64;

// ---------------------------------------------------------------------------------------------
// The traits

/// An MMA atom (CuTe's `MMA_Traits<Op>` with the register facts of `Op`): the thread-value
/// layouts of one `mma` instruction, checked at compile time.
///
/// Implemented by zero-sized types named as CuTe's operations. A user-defined atom implements
/// it the same way, and gets the same checks (`check::MmaLayoutsValid`).
pub trait MmaTraits: check::MmaChecked {
    /// The element type of D.
    type ValTypeD;
    /// The element type of A.
    type ValTypeA;
    /// The element type of B.
    type ValTypeB;
    /// The element type of C.
    type ValTypeC;
    /// `(M, N, K)` as typenum integers.
    type Shape_MNK;
    /// Logical thread id → thread index (CuTe's `ThrID`, `Layout<_32>` for a warp).
    type ThrID;
    /// (thread, value) → column-major index `m + M·k` of the (M,K) tile of A.
    type ALayout;
    /// (thread, value) → column-major index `n + N·k` of the (N,K) tile of B.
    type BLayout;
    /// (thread, value) → column-major index `m + M·n` of the (M,N) tile of C (and D).
    type CLayout;
    /// The registers a thread passes for A: `GenericArray<register type, count>` (CuTe's
    /// `ARegisters`, e.g. `uint32_t[4]`).
    type ARegisters;
    /// The registers a thread passes for B.
    type BRegisters;
    /// The registers a thread passes for C.
    type CRegisters;
    /// The registers a thread receives for D.
    type DRegisters;
}

/// A copy atom (CuTe's `Copy_Traits<Op>` with the register facts of `Op`): the thread-value
/// layouts of one copy instruction **in bits**, checked at compile time.
pub trait CopyTraits: check::CopyChecked {
    /// Logical thread id → thread index.
    type ThrID;
    /// (source thread, source bit) → bit.
    type SrcLayout;
    /// (destination thread, destination bit) → bit.
    type DstLayout;
    /// The reference (thread, bit) → bit layout that TiledCopy partitions by (CuTe's
    /// `RefLayout`: `DstLayout` for loads into registers, `SrcLayout` otherwise).
    type RefLayout;
    /// The source registers of one thread (CuTe's `SRegisters`, e.g. `uint128_t[1]`).
    type SRegisters;
    /// The destination registers of one thread (CuTe's `DRegisters`).
    type DRegisters;
}

/// A copy atom's `SrcLayout` in elements of `T` (CuTe's `Copy_Atom<Op, T>::ValLayoutSrc`,
/// `recast_layout<uint1_t, T>(SrcLayout)`: `upcast<sizeof_bits<T>>`).
///
/// ```
/// use cute_layout::atom::{half_t, ValLayoutSrc, ValLayoutDst, SM75_U32x4_LDSM_N};
/// use cute_layout::Layout;
/// // Each thread supplies a 128-bit row: 8 halfs.
/// assert_eq!(ValLayoutSrc::<SM75_U32x4_LDSM_N, half_t>::new().to_string(), "(32,8):(8,1)");
/// assert_eq!(ValLayoutDst::<SM75_U32x4_LDSM_N, half_t>::new().to_string(), "(32,(2,4)):(2,(1,64))");
/// ```
pub type ValLayoutSrc<Op, T> = RecastLayoutOf<<Op as CopyTraits>::SrcLayout, uint1_t, T>;
/// A copy atom's `DstLayout` in elements of `T` (CuTe's `ValLayoutDst`).
pub type ValLayoutDst<Op, T> = RecastLayoutOf<<Op as CopyTraits>::DstLayout, uint1_t, T>;
/// A copy atom's `RefLayout` in elements of `T` (CuTe's `ValLayoutRef`).
pub type ValLayoutRef<Op, T> = RecastLayoutOf<<Op as CopyTraits>::RefLayout, uint1_t, T>;
