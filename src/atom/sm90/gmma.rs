//! The GMMA shared-memory layout atoms and operand majors (CuTe's `GMMA::` namespace).
//!
//! CuTe writes the swizzled atoms as `Swizzle<B,4,3> o smem_ptr_flag o layout`, the swizzle
//! acting on **byte** addresses (16-byte units). Here a composed layout is a function of
//! offsets in its own unit, so the `_Bits` atoms swizzle bit offsets (`Sw<B,7,3>`: 16 bytes
//! are 2⁷ bits) and `Layout_K_SW128_Atom<T>` is their [`upcast`](crate::typelevel::Upcast) to
//! elements of `T`, exactly as CuTe's `upcast<sizeof_bits<T>>`: the same function of the
//! element offset as CuTe's pointer swizzle.
//!
//! ```
//! use cute_layout::atom::{gmma, half_t};
//! let atom = gmma::Layout_K_SW128_Atom::<half_t>::new();
//! // 8 rows of 64 halfs (128 bytes); the 16-byte chunks of row r are permuted by r (XOR).
//! assert_eq!(atom.to_string(), "Sw<3,3,3> o 0 o (8,64):(64,1)");
//! assert_eq!(atom.call((1, 0)), 64 + 8); // row 1, chunk 0 lies at chunk 1
//! ```

use crate::typelevel::{ElementBits, UpcastOf};
use crate::Layout;

/// CuTe's `GMMA::Major`: the major (contiguous) mode of an operand in shared memory.
pub mod Major {
    /// K-major: consecutive K elements are contiguous (CuTe's `GMMA::Major::K`).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct K;
    /// M- or N-major (CuTe's `GMMA::Major::MN`).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct MN;
}

/// CuTe's `GMMA::Major` as a value (the `MajorMode` of `make_gmma_desc<MajorMode>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MajorMode {
    /// K-major (CuTe's `Major::K`).
    K,
    /// M- or N-major (CuTe's `Major::MN`).
    MN,
}

/// An operand major ([`Major::K`] or [`Major::MN`]), with its value.
///
/// ```
/// use cute_layout::atom::gmma::{GmmaMajor, Major, MajorMode};
/// assert_eq!(<Major::MN as GmmaMajor>::MODE, MajorMode::MN);
/// ```
#[doc(hidden)]
pub trait GmmaMajor {
    /// The major as a value.
    const MODE: MajorMode;
}
impl GmmaMajor for Major::K {
    const MODE: MajorMode = MajorMode::K;
}
impl GmmaMajor for Major::MN {
    const MODE: MajorMode = MajorMode::MN;
}

/// A GMMA family that reads either operand major (16-bit inputs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AnyMajor;
/// A GMMA family that reads K-major operands only (tf32, fp8, 8-bit integers: CuTe's `_TN`
/// atoms).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KMajorOnly;

/// M|N-major, no swizzle (interleaved), in bits.
pub type Layout_MN_INTER_Atom_Bits = Layout![Sw<0,7,3> o 0 o (128,8):(1,128)];
/// M|N-major, 32-byte swizzle, in bits.
pub type Layout_MN_SW32_Atom_Bits = Layout![Sw<1,7,3> o 0 o (256,8):(1,256)];
/// M|N-major, 64-byte swizzle, in bits.
pub type Layout_MN_SW64_Atom_Bits = Layout![Sw<2,7,3> o 0 o (512,8):(1,512)];
/// M|N-major, 128-byte swizzle, in bits.
pub type Layout_MN_SW128_Atom_Bits = Layout![Sw<3,7,3> o 0 o (1024,8):(1,1024)];
/// K-major, no swizzle (interleaved), in bits.
pub type Layout_K_INTER_Atom_Bits = Layout![Sw<0,7,3> o 0 o (8,128):(128,1)];
/// K-major, 32-byte swizzle, in bits.
pub type Layout_K_SW32_Atom_Bits = Layout![Sw<1,7,3> o 0 o (8,256):(256,1)];
/// K-major, 64-byte swizzle, in bits.
pub type Layout_K_SW64_Atom_Bits = Layout![Sw<2,7,3> o 0 o (8,512):(512,1)];
/// K-major, 128-byte swizzle, in bits.
pub type Layout_K_SW128_Atom_Bits = Layout![Sw<3,7,3> o 0 o (8,1024):(1024,1)];

/// M|N-major, interleaved, in elements of `T` (`upcast<sizeof_bits<T>>` of the bits atom).
pub type Layout_MN_INTER_Atom<T> = UpcastOf<Layout_MN_INTER_Atom_Bits, <T as ElementBits>::Bits>;
/// M|N-major, 32-byte swizzle, in elements of `T`.
pub type Layout_MN_SW32_Atom<T> = UpcastOf<Layout_MN_SW32_Atom_Bits, <T as ElementBits>::Bits>;
/// M|N-major, 64-byte swizzle, in elements of `T`.
pub type Layout_MN_SW64_Atom<T> = UpcastOf<Layout_MN_SW64_Atom_Bits, <T as ElementBits>::Bits>;
/// M|N-major, 128-byte swizzle, in elements of `T`.
pub type Layout_MN_SW128_Atom<T> = UpcastOf<Layout_MN_SW128_Atom_Bits, <T as ElementBits>::Bits>;
/// K-major, interleaved, in elements of `T`.
pub type Layout_K_INTER_Atom<T> = UpcastOf<Layout_K_INTER_Atom_Bits, <T as ElementBits>::Bits>;
/// K-major, 32-byte swizzle, in elements of `T`.
pub type Layout_K_SW32_Atom<T> = UpcastOf<Layout_K_SW32_Atom_Bits, <T as ElementBits>::Bits>;
/// K-major, 64-byte swizzle, in elements of `T`.
pub type Layout_K_SW64_Atom<T> = UpcastOf<Layout_K_SW64_Atom_Bits, <T as ElementBits>::Bits>;
/// K-major, 128-byte swizzle, in elements of `T`.
pub type Layout_K_SW128_Atom<T> = UpcastOf<Layout_K_SW128_Atom_Bits, <T as ElementBits>::Bits>;

/// The accumulator layout of a 64xN GMMA (CuTe's `GMMA::CLayout_64xN<N>`).
pub type CLayout_64xN<N> = crate::Layout<
    (
        (typenum::U4, typenum::U8, typenum::U4),
        (typenum::U2, typenum::U2, typenum::Quot<N, typenum::U8>),
    ),
    (
        (typenum::U128, typenum::U1, typenum::U16),
        (typenum::U64, typenum::U8, typenum::U512),
    ),
>;
/// The register-source A layout for 16-bit types (CuTe's `GMMA::ALayout_64x16`).
pub type ALayout_64x16 = Layout![((4,8,4),(2,2,2)):((128,1,16),(64,8,512))];
/// The register-source A layout for 32-bit types (tf32; CuTe's `GMMA::ALayout_64x8`):
/// thread `t` of warp `w` holds rows `t/4 + 8·i + 16·w` (i < 2) and K columns `t%4 + 4·j`.
///
/// ```
/// use cute_layout::atom::{gmma, MmaTraits, SM90_64x64x8_F32TF32TF32_RS_TN};
/// let a = gmma::ALayout_64x8::new();
/// assert_eq!(a.call((0, 1)), 8);      // thread 0, value 1: row 8, k 0
/// assert_eq!(a.call((1, 2)), 64 * 5); // thread 1, value 2: row 0, k 5
/// assert_eq!(<SM90_64x64x8_F32TF32TF32_RS_TN as MmaTraits>::ALayout::new(), a);
/// ```
pub type ALayout_64x8 = Layout![((4,8,4),(2,2)):((64,1,16),(8,256))];
/// The register-source A layout for 8-bit types (e4m3, e5m2, s8, u8; CuTe's
/// `GMMA::ALayout_64x32`).
pub type ALayout_64x32 = Layout![((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))];
/// The shared-memory source layout of an `M×K` operand: every thread of the warpgroup
/// sees the whole tile (CuTe's `GMMA::ABLayout<M, K>`, thread stride 0).
pub type ABLayout<M, K> = crate::Layout<(typenum::U128, (M, K)), (typenum::U0, (typenum::U1, M))>;
