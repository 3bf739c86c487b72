//! The SM90 warpgroup MMA (`wgmma`) atoms and GMMA shared-memory layout atoms (CuTe
//! `mma_traits_sm90_gmma.hpp`).

use core::marker::PhantomData;

use generic_array::GenericArray;
use typenum::{Quot, U1, U128, U16, U2, U32, U4, U64, U8};

use crate::int::private::{UDivRem, UQuot, URem};

use super::{
    bfloat16_t, check::MmaLayoutsValid, float_e4m3_t, float_e5m2_t, half_t, tfloat32_t,
    GmmaDescriptor, MmaTraits,
};
use crate::Layout;

/// The GMMA shared-memory layout atoms and operand majors (CuTe's `GMMA::` namespace).
///
/// CuTe writes the swizzled atoms as `Swizzle<B,4,3> o smem_ptr_flag o layout`, the swizzle
/// acting on **byte** addresses (16-byte units). Here a composed layout is a function of
/// offsets in its own unit, so the `_Bits` atoms swizzle bit offsets (`Sw<B,7,3>`: 16 bytes
/// are 2⁷ bits) and `Layout_K_SW128_Atom<T>` is their [`upcast`](crate::typelevel::Upcast) to
/// elements of `T`, exactly as CuTe's `upcast<sizeof_bits<T>>`: the same function of the
/// element offset as CuTe's pointer swizzle.
///
/// ```
/// use cute_layout::atom::{gmma, half_t};
/// let atom = gmma::Layout_K_SW128_Atom::<half_t>::new();
/// // 8 rows of 64 halfs (128 bytes); the 16-byte chunks of row r are permuted by r (XOR).
/// assert_eq!(atom.to_string(), "Sw<3,3,3> o 0 o (8,64):(64,1)");
/// assert_eq!(atom.call((1, 0)), 64 + 8); // row 1, chunk 0 lies at chunk 1
/// ```
#[allow(non_snake_case)]
pub mod gmma {
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
    pub type Layout_MN_INTER_Atom<T> =
        UpcastOf<Layout_MN_INTER_Atom_Bits, <T as ElementBits>::Bits>;
    /// M|N-major, 32-byte swizzle, in elements of `T`.
    pub type Layout_MN_SW32_Atom<T> = UpcastOf<Layout_MN_SW32_Atom_Bits, <T as ElementBits>::Bits>;
    /// M|N-major, 64-byte swizzle, in elements of `T`.
    pub type Layout_MN_SW64_Atom<T> = UpcastOf<Layout_MN_SW64_Atom_Bits, <T as ElementBits>::Bits>;
    /// M|N-major, 128-byte swizzle, in elements of `T`.
    pub type Layout_MN_SW128_Atom<T> =
        UpcastOf<Layout_MN_SW128_Atom_Bits, <T as ElementBits>::Bits>;
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
    pub type ABLayout<M, K> =
        crate::Layout<(typenum::U128, (M, K)), (typenum::U0, (typenum::U1, M))>;
}

/// The N of a `wgmma.m64nNk16` instruction: a multiple of 8 from 8 to 256.
#[diagnostic::on_unimplemented(
    message = "GMMA: N = `{Self}` is not a wgmma tile width (a multiple of 8 from 8 to 256)",
    label = "not a wgmma N"
)]
#[doc(hidden)]
pub trait GmmaN {}
macro_rules! gmma_n {
    ($($N:ident)*) => {$(impl GmmaN for typenum::$N {})*};
}
gmma_n!(U8 U16 U24 U32 U40 U48 U56 U64 U72 U80 U88 U96 U104 U112 U120 U128 U136 U144 U152 U160
    U168 U176 U184 U192 U200 U208 U216 U224 U232 U240 U248 U256);

macro_rules! gmma_family {
    ($(#[$doc:meta])* $SS:ident, $RS:ident, $AB:ty; $($alias_ss:ident $alias_rs:ident $N:ident),* $(,)?) => {
        gmma_family! { $(#[$doc])* $SS, $RS, $AB, acc: f32, [f32; U1];
            $($alias_ss $alias_rs $N),* }
    };
    // `acc: T, [R; P]`: the accumulator type T, held P values to a register of type R (each
    // thread's N/2 values of C are N/2 / P registers).
    ($(#[$doc:meta])* $SS:ident, $RS:ident, $AB:ty, acc: $Acc:ty, [$CReg:ty; $Per:ty];
     $($alias_ss:ident $alias_rs:ident $N:ident),* $(,)?) => {
        $(#[$doc])*
        ///
        /// Both operands come from shared memory through descriptors (`_SS`). Generic over `N`
        /// ([`GmmaN`]) and the operand majors `TnspA`, `TnspB` ([`gmma::Major`]), which do not
        /// change the layouts.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $SS<N, TnspA = gmma::Major::K, TnspB = gmma::Major::K>(PhantomData<(N, TnspA, TnspB)>);
        $(#[$doc])*
        ///
        /// A comes from registers (`_RS`, K-major), B from shared memory.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $RS<N, TnspA = gmma::Major::K, TnspB = gmma::Major::K>(PhantomData<(N, TnspA, TnspB)>);

        impl<N, TnspA: gmma::GmmaMajor, TnspB: gmma::GmmaMajor> MmaTraits for $SS<N, TnspA, TnspB>
        where
            N: GmmaN + typenum::Unsigned + core::ops::Div<U8> + core::ops::Div<U2>,
            Quot<N, U2>: core::ops::Div<$Per>,
            Quot<Quot<N, U2>, $Per>: generic_array::ArrayLength,
            (Layout<U128, U1>, (U64, N, U16), gmma::ABLayout<U64, U16>, gmma::ABLayout<N, U16>, gmma::CLayout_64xN<N>): MmaLayoutsValid,
        {
            type ValTypeD = $Acc;
            type ValTypeA = $AB;
            type ValTypeB = $AB;
            type ValTypeC = $Acc;
            type Shape_MNK = (U64, N, U16);
            type ThrID = Layout<U128, U1>;
            type ALayout = gmma::ABLayout<U64, U16>;
            type BLayout = gmma::ABLayout<N, U16>;
            type CLayout = gmma::CLayout_64xN<N>;
            type ARegisters = GenericArray<GmmaDescriptor, U1>;
            type BRegisters = GenericArray<GmmaDescriptor, U1>;
            type CRegisters = GenericArray<$CReg, Quot<Quot<N, U2>, $Per>>;
            /// D is C, accumulated in place (CuTe: `void`).
            type DRegisters = ();
        }
        impl<N, TnspB: gmma::GmmaMajor> MmaTraits for $RS<N, gmma::Major::K, TnspB>
        where
            N: GmmaN + typenum::Unsigned + core::ops::Div<U8> + core::ops::Div<U2>,
            Quot<N, U2>: core::ops::Div<$Per>,
            Quot<Quot<N, U2>, $Per>: generic_array::ArrayLength,
            (Layout<U128, U1>, (U64, N, U16), gmma::ALayout_64x16, gmma::ABLayout<N, U16>, gmma::CLayout_64xN<N>): MmaLayoutsValid,
        {
            type ValTypeD = $Acc;
            type ValTypeA = $AB;
            type ValTypeB = $AB;
            type ValTypeC = $Acc;
            type Shape_MNK = (U64, N, U16);
            type ThrID = Layout<U128, U1>;
            type ALayout = gmma::ALayout_64x16;
            type BLayout = gmma::ABLayout<N, U16>;
            type CLayout = gmma::CLayout_64xN<N>;
            type ARegisters = GenericArray<u32, U4>;
            type BRegisters = GenericArray<GmmaDescriptor, U1>;
            type CRegisters = GenericArray<$CReg, Quot<Quot<N, U2>, $Per>>;
            /// D is C, accumulated in place (CuTe: `void`).
            type DRegisters = ();
        }
        $(
            #[doc = concat!("CuTe's `", stringify!($alias_ss), "<tnspA, tnspB>`: [`", stringify!($SS), "`] with N = ", stringify!($N), ".")]
            pub type $alias_ss<TnspA = gmma::Major::K, TnspB = gmma::Major::K> = $SS<typenum::$N, TnspA, TnspB>;
            #[doc = concat!("CuTe's `", stringify!($alias_rs), "<tnspA, tnspB>`: [`", stringify!($RS), "`] with N = ", stringify!($N), ".")]
            pub type $alias_rs<TnspA = gmma::Major::K, TnspB = gmma::Major::K> = $RS<typenum::$N, TnspA, TnspB>;
        )*
    };
}

gmma_family! {
    /// `wgmma.mma_async.sync.aligned.m64nNk16.f32.f16.f16`: D (f32, 64×N) += A (f16, 64×16) · B
    /// (f16, 16×N), on a warpgroup of 128 threads.
    SM90_64xNx16_F32F16F16_SS, SM90_64xNx16_F32F16F16_RS, half_t;
    SM90_64x8x16_F32F16F16_SS SM90_64x8x16_F32F16F16_RS U8,
    SM90_64x16x16_F32F16F16_SS SM90_64x16x16_F32F16F16_RS U16,
    SM90_64x32x16_F32F16F16_SS SM90_64x32x16_F32F16F16_RS U32,
    SM90_64x64x16_F32F16F16_SS SM90_64x64x16_F32F16F16_RS U64,
    SM90_64x96x16_F32F16F16_SS SM90_64x96x16_F32F16F16_RS U96,
    SM90_64x128x16_F32F16F16_SS SM90_64x128x16_F32F16F16_RS U128,
    SM90_64x192x16_F32F16F16_SS SM90_64x192x16_F32F16F16_RS U192,
    SM90_64x256x16_F32F16F16_SS SM90_64x256x16_F32F16F16_RS U256,
}
gmma_family! {
    /// `wgmma.mma_async.sync.aligned.m64nNk16.f32.bf16.bf16`: D (f32, 64×N) += A (bf16, 64×16) ·
    /// B (bf16, 16×N), on a warpgroup of 128 threads.
    SM90_64xNx16_F32BF16BF16_SS, SM90_64xNx16_F32BF16BF16_RS, bfloat16_t;
    SM90_64x8x16_F32BF16BF16_SS SM90_64x8x16_F32BF16BF16_RS U8,
    SM90_64x16x16_F32BF16BF16_SS SM90_64x16x16_F32BF16BF16_RS U16,
    SM90_64x32x16_F32BF16BF16_SS SM90_64x32x16_F32BF16BF16_RS U32,
    SM90_64x64x16_F32BF16BF16_SS SM90_64x64x16_F32BF16BF16_RS U64,
    SM90_64x96x16_F32BF16BF16_SS SM90_64x96x16_F32BF16BF16_RS U96,
    SM90_64x128x16_F32BF16BF16_SS SM90_64x128x16_F32BF16BF16_RS U128,
    SM90_64x192x16_F32BF16BF16_SS SM90_64x192x16_F32BF16BF16_RS U192,
    SM90_64x256x16_F32BF16BF16_SS SM90_64x256x16_F32BF16BF16_RS U256,
}
gmma_family! {
    /// `wgmma.mma_async.sync.aligned.m64nNk16.f16.f16.f16`: D (f16, 64×N) += A (f16, 64×16) · B
    /// (f16, 16×N), on a warpgroup of 128 threads; each thread's N/2 accumulator values are N/4
    /// registers of two halfs (the layouts are the f32 accumulator's).
    SM90_64xNx16_F16F16F16_SS, SM90_64xNx16_F16F16F16_RS, half_t, acc: half_t, [u32; U2];
    SM90_64x8x16_F16F16F16_SS SM90_64x8x16_F16F16F16_RS U8,
    SM90_64x16x16_F16F16F16_SS SM90_64x16x16_F16F16F16_RS U16,
    SM90_64x32x16_F16F16F16_SS SM90_64x32x16_F16F16F16_RS U32,
    SM90_64x64x16_F16F16F16_SS SM90_64x64x16_F16F16F16_RS U64,
    SM90_64x96x16_F16F16F16_SS SM90_64x96x16_F16F16F16_RS U96,
    SM90_64x128x16_F16F16F16_SS SM90_64x128x16_F16F16F16_RS U128,
    SM90_64x192x16_F16F16F16_SS SM90_64x192x16_F16F16F16_RS U192,
    SM90_64x256x16_F16F16F16_SS SM90_64x256x16_F16F16F16_RS U256,
}

/// The N of an integer `wgmma` (`.s8`/`.u8` inputs, CuTe's `SM90_64xNx32_S32*` atoms): 8, 16,
/// 24, 32, then the multiples of 16 up to 256 (PTX ISA, `wgmma` shapes).
///
/// ```
/// use cute_layout::atom::{atom_layouts, MmaTraits, SM90_64xNx32_S32S8U8_RS_TN};
/// use cute_layout::typenum::U48;
/// type Op = SM90_64xNx32_S32S8U8_RS_TN<U48>;
/// // K = 256 bits / 8 = 32; a register-source A is four registers of four bytes a thread.
/// assert_eq!(<Op as MmaTraits>::ALayout::new().to_string(),
///            "((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))");
/// assert_eq!(<Op as MmaTraits>::CLayout::new().to_string(),
///            "((4,8,4),(2,2,6)):((128,1,16),(64,8,512))");
/// let l = atom_layouts("SM90_64x208x32_S32S8S8_SS_TN").unwrap();
/// assert_eq!(l.lines()[1], "Shape_MNK: (64,208,32)");
/// ```
///
/// N = 40 is a `wgmma` width for the other types, not for 8-bit integers:
///
/// ```compile_fail
/// use cute_layout::atom::{MmaTraits, SM90_64xNx32_S32S8S8_SS_TN};
/// let _ = <SM90_64xNx32_S32S8S8_SS_TN<cute_layout::typenum::U40> as MmaTraits>::CLayout::new();
/// ```
#[diagnostic::on_unimplemented(
    message = "GMMA: N = `{Self}` is not an integer wgmma tile width (8, 16, 24, 32, 48, 64, 80, ..., 256: a multiple of 16 above 32)",
    label = "not an integer wgmma N"
)]
#[doc(hidden)]
pub trait GmmaNInt {}
macro_rules! gmma_n_int {
    ($($N:ident)*) => {$(impl GmmaNInt for typenum::$N {})*};
}
gmma_n_int!(U8 U16 U24 U32 U48 U64 U80 U96 U112 U128 U144 U160 U176 U192 U208 U224 U240 U256);

// The K-major-only (`_TN`) families of CuTe: tf32 (K = 8) and 8-bit inputs (K = 32), `K = 256 /
// bits` so that one instruction reads 32 bytes of K. The layouts are the 16-bit families' with
// that K: `ABLayout<64, K>`, `ABLayout<N, K>`, `CLayout_64xN<N>`; a register-source A is
// `ALayout_64x8` (tf32) or `ALayout_64x32` (8-bit), four 32-bit registers a thread.
macro_rules! gmma_tn_family {
    ($(#[$doc:meta])* $SS:ident, $RS:ident, A: $A:ty, B: $B:ty, acc: $Acc:ty, [$CReg:ty; $Per:ty],
     K: $K:ty, RS: $AL:ty, N: $NT:ident;
     $($alias_ss:ident $alias_rs:ident $N:ident),* $(,)?) => {
        $(#[$doc])*
        ///
        #[doc = concat!("Both operands come from shared memory through descriptors, K-major (`_SS_TN`). Generic over `N` ([`", stringify!($NT), "`]).")]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $SS<N>(PhantomData<N>);
        $(#[$doc])*
        ///
        /// A comes from registers (`_RS_TN`), B from shared memory, K-major.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $RS<N>(PhantomData<N>);

        impl<N> MmaTraits for $SS<N>
        where
            N: $NT + typenum::Unsigned + core::ops::Div<U8> + core::ops::Div<U2>,
            Quot<N, U2>: core::ops::Div<$Per>,
            Quot<Quot<N, U2>, $Per>: generic_array::ArrayLength,
            (Layout<U128, U1>, (U64, N, $K), gmma::ABLayout<U64, $K>, gmma::ABLayout<N, $K>, gmma::CLayout_64xN<N>): MmaLayoutsValid,
        {
            type ValTypeD = $Acc;
            type ValTypeA = $A;
            type ValTypeB = $B;
            type ValTypeC = $Acc;
            type Shape_MNK = (U64, N, $K);
            type ThrID = Layout<U128, U1>;
            type ALayout = gmma::ABLayout<U64, $K>;
            type BLayout = gmma::ABLayout<N, $K>;
            type CLayout = gmma::CLayout_64xN<N>;
            type ARegisters = GenericArray<GmmaDescriptor, U1>;
            type BRegisters = GenericArray<GmmaDescriptor, U1>;
            type CRegisters = GenericArray<$CReg, Quot<Quot<N, U2>, $Per>>;
            /// D is C, accumulated in place (CuTe: `void`).
            type DRegisters = ();
        }
        impl<N> MmaTraits for $RS<N>
        where
            N: $NT + typenum::Unsigned + core::ops::Div<U8> + core::ops::Div<U2>,
            Quot<N, U2>: core::ops::Div<$Per>,
            Quot<Quot<N, U2>, $Per>: generic_array::ArrayLength,
            (Layout<U128, U1>, (U64, N, $K), $AL, gmma::ABLayout<N, $K>, gmma::CLayout_64xN<N>): MmaLayoutsValid,
        {
            type ValTypeD = $Acc;
            type ValTypeA = $A;
            type ValTypeB = $B;
            type ValTypeC = $Acc;
            type Shape_MNK = (U64, N, $K);
            type ThrID = Layout<U128, U1>;
            type ALayout = $AL;
            type BLayout = gmma::ABLayout<N, $K>;
            type CLayout = gmma::CLayout_64xN<N>;
            type ARegisters = GenericArray<u32, U4>;
            type BRegisters = GenericArray<GmmaDescriptor, U1>;
            type CRegisters = GenericArray<$CReg, Quot<Quot<N, U2>, $Per>>;
            /// D is C, accumulated in place (CuTe: `void`).
            type DRegisters = ();
        }
        $(
            #[doc = concat!("CuTe's `", stringify!($alias_ss), "`: [`", stringify!($SS), "`] with N = ", stringify!($N), ".")]
            pub type $alias_ss = $SS<typenum::$N>;
            #[doc = concat!("CuTe's `", stringify!($alias_rs), "`: [`", stringify!($RS), "`] with N = ", stringify!($N), ".")]
            pub type $alias_rs = $RS<typenum::$N>;
        )*
    };
}

gmma_tn_family! {
    /// `wgmma.mma_async.sync.aligned.m64nNk8.f32.tf32.tf32`: D (f32, 64×N) += A (tf32, 64×8) · B
    /// (tf32, 8×N), on a warpgroup of 128 threads.
    SM90_64xNx8_F32TF32TF32_SS_TN, SM90_64xNx8_F32TF32TF32_RS_TN,
    A: tfloat32_t, B: tfloat32_t, acc: f32, [f32; U1], K: U8, RS: gmma::ALayout_64x8, N: GmmaN;
    SM90_64x8x8_F32TF32TF32_SS_TN SM90_64x8x8_F32TF32TF32_RS_TN U8,
    SM90_64x16x8_F32TF32TF32_SS_TN SM90_64x16x8_F32TF32TF32_RS_TN U16,
    SM90_64x32x8_F32TF32TF32_SS_TN SM90_64x32x8_F32TF32TF32_RS_TN U32,
    SM90_64x64x8_F32TF32TF32_SS_TN SM90_64x64x8_F32TF32TF32_RS_TN U64,
    SM90_64x96x8_F32TF32TF32_SS_TN SM90_64x96x8_F32TF32TF32_RS_TN U96,
    SM90_64x128x8_F32TF32TF32_SS_TN SM90_64x128x8_F32TF32TF32_RS_TN U128,
    SM90_64x192x8_F32TF32TF32_SS_TN SM90_64x192x8_F32TF32TF32_RS_TN U192,
    SM90_64x256x8_F32TF32TF32_SS_TN SM90_64x256x8_F32TF32TF32_RS_TN U256,
}
gmma_tn_family! {
    /// `wgmma.mma_async.sync.aligned.m64nNk32.f32.e4m3.e4m3`: D (f32, 64×N) += A (e4m3, 64×32) ·
    /// B (e4m3, 32×N), on a warpgroup of 128 threads.
    SM90_64xNx32_F32E4M3E4M3_SS_TN, SM90_64xNx32_F32E4M3E4M3_RS_TN,
    A: float_e4m3_t, B: float_e4m3_t, acc: f32, [f32; U1], K: U32, RS: gmma::ALayout_64x32, N: GmmaN;
    SM90_64x8x32_F32E4M3E4M3_SS_TN SM90_64x8x32_F32E4M3E4M3_RS_TN U8,
    SM90_64x16x32_F32E4M3E4M3_SS_TN SM90_64x16x32_F32E4M3E4M3_RS_TN U16,
    SM90_64x32x32_F32E4M3E4M3_SS_TN SM90_64x32x32_F32E4M3E4M3_RS_TN U32,
    SM90_64x64x32_F32E4M3E4M3_SS_TN SM90_64x64x32_F32E4M3E4M3_RS_TN U64,
    SM90_64x96x32_F32E4M3E4M3_SS_TN SM90_64x96x32_F32E4M3E4M3_RS_TN U96,
    SM90_64x128x32_F32E4M3E4M3_SS_TN SM90_64x128x32_F32E4M3E4M3_RS_TN U128,
    SM90_64x192x32_F32E4M3E4M3_SS_TN SM90_64x192x32_F32E4M3E4M3_RS_TN U192,
    SM90_64x256x32_F32E4M3E4M3_SS_TN SM90_64x256x32_F32E4M3E4M3_RS_TN U256,
}
gmma_tn_family! {
    /// `wgmma.mma_async.sync.aligned.m64nNk32.f32.e4m3.e5m2`: D (f32, 64×N) += A (e4m3, 64×32) ·
    /// B (e5m2, 32×N), on a warpgroup of 128 threads.
    SM90_64xNx32_F32E4M3E5M2_SS_TN, SM90_64xNx32_F32E4M3E5M2_RS_TN,
    A: float_e4m3_t, B: float_e5m2_t, acc: f32, [f32; U1], K: U32, RS: gmma::ALayout_64x32, N: GmmaN;
    SM90_64x8x32_F32E4M3E5M2_SS_TN SM90_64x8x32_F32E4M3E5M2_RS_TN U8,
    SM90_64x16x32_F32E4M3E5M2_SS_TN SM90_64x16x32_F32E4M3E5M2_RS_TN U16,
    SM90_64x32x32_F32E4M3E5M2_SS_TN SM90_64x32x32_F32E4M3E5M2_RS_TN U32,
    SM90_64x64x32_F32E4M3E5M2_SS_TN SM90_64x64x32_F32E4M3E5M2_RS_TN U64,
    SM90_64x96x32_F32E4M3E5M2_SS_TN SM90_64x96x32_F32E4M3E5M2_RS_TN U96,
    SM90_64x128x32_F32E4M3E5M2_SS_TN SM90_64x128x32_F32E4M3E5M2_RS_TN U128,
    SM90_64x192x32_F32E4M3E5M2_SS_TN SM90_64x192x32_F32E4M3E5M2_RS_TN U192,
    SM90_64x256x32_F32E4M3E5M2_SS_TN SM90_64x256x32_F32E4M3E5M2_RS_TN U256,
}
gmma_tn_family! {
    /// `wgmma.mma_async.sync.aligned.m64nNk32.f32.e5m2.e4m3`: D (f32, 64×N) += A (e5m2, 64×32) ·
    /// B (e4m3, 32×N), on a warpgroup of 128 threads.
    SM90_64xNx32_F32E5M2E4M3_SS_TN, SM90_64xNx32_F32E5M2E4M3_RS_TN,
    A: float_e5m2_t, B: float_e4m3_t, acc: f32, [f32; U1], K: U32, RS: gmma::ALayout_64x32, N: GmmaN;
    SM90_64x8x32_F32E5M2E4M3_SS_TN SM90_64x8x32_F32E5M2E4M3_RS_TN U8,
    SM90_64x16x32_F32E5M2E4M3_SS_TN SM90_64x16x32_F32E5M2E4M3_RS_TN U16,
    SM90_64x32x32_F32E5M2E4M3_SS_TN SM90_64x32x32_F32E5M2E4M3_RS_TN U32,
    SM90_64x64x32_F32E5M2E4M3_SS_TN SM90_64x64x32_F32E5M2E4M3_RS_TN U64,
    SM90_64x96x32_F32E5M2E4M3_SS_TN SM90_64x96x32_F32E5M2E4M3_RS_TN U96,
    SM90_64x128x32_F32E5M2E4M3_SS_TN SM90_64x128x32_F32E5M2E4M3_RS_TN U128,
    SM90_64x192x32_F32E5M2E4M3_SS_TN SM90_64x192x32_F32E5M2E4M3_RS_TN U192,
    SM90_64x256x32_F32E5M2E4M3_SS_TN SM90_64x256x32_F32E5M2E4M3_RS_TN U256,
}
gmma_tn_family! {
    /// `wgmma.mma_async.sync.aligned.m64nNk32.f32.e5m2.e5m2`: D (f32, 64×N) += A (e5m2, 64×32) ·
    /// B (e5m2, 32×N), on a warpgroup of 128 threads.
    SM90_64xNx32_F32E5M2E5M2_SS_TN, SM90_64xNx32_F32E5M2E5M2_RS_TN,
    A: float_e5m2_t, B: float_e5m2_t, acc: f32, [f32; U1], K: U32, RS: gmma::ALayout_64x32, N: GmmaN;
    SM90_64x8x32_F32E5M2E5M2_SS_TN SM90_64x8x32_F32E5M2E5M2_RS_TN U8,
    SM90_64x16x32_F32E5M2E5M2_SS_TN SM90_64x16x32_F32E5M2E5M2_RS_TN U16,
    SM90_64x32x32_F32E5M2E5M2_SS_TN SM90_64x32x32_F32E5M2E5M2_RS_TN U32,
    SM90_64x64x32_F32E5M2E5M2_SS_TN SM90_64x64x32_F32E5M2E5M2_RS_TN U64,
    SM90_64x96x32_F32E5M2E5M2_SS_TN SM90_64x96x32_F32E5M2E5M2_RS_TN U96,
    SM90_64x128x32_F32E5M2E5M2_SS_TN SM90_64x128x32_F32E5M2E5M2_RS_TN U128,
    SM90_64x192x32_F32E5M2E5M2_SS_TN SM90_64x192x32_F32E5M2E5M2_RS_TN U192,
    SM90_64x256x32_F32E5M2E5M2_SS_TN SM90_64x256x32_F32E5M2E5M2_RS_TN U256,
}
gmma_tn_family! {
    /// `wgmma.mma_async.sync.aligned.m64nNk32.f16.e4m3.e4m3`: D (f16, 64×N) += A (e4m3, 64×32) ·
    /// B (e4m3, 32×N), on a warpgroup of 128 threads; each thread's N/2 accumulator values are N/4
    /// registers of two halfs.
    SM90_64xNx32_F16E4M3E4M3_SS_TN, SM90_64xNx32_F16E4M3E4M3_RS_TN,
    A: float_e4m3_t, B: float_e4m3_t, acc: half_t, [u32; U2], K: U32, RS: gmma::ALayout_64x32, N: GmmaN;
    SM90_64x8x32_F16E4M3E4M3_SS_TN SM90_64x8x32_F16E4M3E4M3_RS_TN U8,
    SM90_64x16x32_F16E4M3E4M3_SS_TN SM90_64x16x32_F16E4M3E4M3_RS_TN U16,
    SM90_64x32x32_F16E4M3E4M3_SS_TN SM90_64x32x32_F16E4M3E4M3_RS_TN U32,
    SM90_64x64x32_F16E4M3E4M3_SS_TN SM90_64x64x32_F16E4M3E4M3_RS_TN U64,
    SM90_64x96x32_F16E4M3E4M3_SS_TN SM90_64x96x32_F16E4M3E4M3_RS_TN U96,
    SM90_64x128x32_F16E4M3E4M3_SS_TN SM90_64x128x32_F16E4M3E4M3_RS_TN U128,
    SM90_64x192x32_F16E4M3E4M3_SS_TN SM90_64x192x32_F16E4M3E4M3_RS_TN U192,
    SM90_64x256x32_F16E4M3E4M3_SS_TN SM90_64x256x32_F16E4M3E4M3_RS_TN U256,
}
gmma_tn_family! {
    /// `wgmma.mma_async.sync.aligned.m64nNk32.f16.e4m3.e5m2`: D (f16, 64×N) += A (e4m3, 64×32) ·
    /// B (e5m2, 32×N), on a warpgroup of 128 threads; each thread's N/2 accumulator values are N/4
    /// registers of two halfs.
    SM90_64xNx32_F16E4M3E5M2_SS_TN, SM90_64xNx32_F16E4M3E5M2_RS_TN,
    A: float_e4m3_t, B: float_e5m2_t, acc: half_t, [u32; U2], K: U32, RS: gmma::ALayout_64x32, N: GmmaN;
    SM90_64x8x32_F16E4M3E5M2_SS_TN SM90_64x8x32_F16E4M3E5M2_RS_TN U8,
    SM90_64x16x32_F16E4M3E5M2_SS_TN SM90_64x16x32_F16E4M3E5M2_RS_TN U16,
    SM90_64x32x32_F16E4M3E5M2_SS_TN SM90_64x32x32_F16E4M3E5M2_RS_TN U32,
    SM90_64x64x32_F16E4M3E5M2_SS_TN SM90_64x64x32_F16E4M3E5M2_RS_TN U64,
    SM90_64x96x32_F16E4M3E5M2_SS_TN SM90_64x96x32_F16E4M3E5M2_RS_TN U96,
    SM90_64x128x32_F16E4M3E5M2_SS_TN SM90_64x128x32_F16E4M3E5M2_RS_TN U128,
    SM90_64x192x32_F16E4M3E5M2_SS_TN SM90_64x192x32_F16E4M3E5M2_RS_TN U192,
    SM90_64x256x32_F16E4M3E5M2_SS_TN SM90_64x256x32_F16E4M3E5M2_RS_TN U256,
}
gmma_tn_family! {
    /// `wgmma.mma_async.sync.aligned.m64nNk32.f16.e5m2.e4m3`: D (f16, 64×N) += A (e5m2, 64×32) ·
    /// B (e4m3, 32×N), on a warpgroup of 128 threads; each thread's N/2 accumulator values are N/4
    /// registers of two halfs.
    SM90_64xNx32_F16E5M2E4M3_SS_TN, SM90_64xNx32_F16E5M2E4M3_RS_TN,
    A: float_e5m2_t, B: float_e4m3_t, acc: half_t, [u32; U2], K: U32, RS: gmma::ALayout_64x32, N: GmmaN;
    SM90_64x8x32_F16E5M2E4M3_SS_TN SM90_64x8x32_F16E5M2E4M3_RS_TN U8,
    SM90_64x16x32_F16E5M2E4M3_SS_TN SM90_64x16x32_F16E5M2E4M3_RS_TN U16,
    SM90_64x32x32_F16E5M2E4M3_SS_TN SM90_64x32x32_F16E5M2E4M3_RS_TN U32,
    SM90_64x64x32_F16E5M2E4M3_SS_TN SM90_64x64x32_F16E5M2E4M3_RS_TN U64,
    SM90_64x96x32_F16E5M2E4M3_SS_TN SM90_64x96x32_F16E5M2E4M3_RS_TN U96,
    SM90_64x128x32_F16E5M2E4M3_SS_TN SM90_64x128x32_F16E5M2E4M3_RS_TN U128,
    SM90_64x192x32_F16E5M2E4M3_SS_TN SM90_64x192x32_F16E5M2E4M3_RS_TN U192,
    SM90_64x256x32_F16E5M2E4M3_SS_TN SM90_64x256x32_F16E5M2E4M3_RS_TN U256,
}
gmma_tn_family! {
    /// `wgmma.mma_async.sync.aligned.m64nNk32.f16.e5m2.e5m2`: D (f16, 64×N) += A (e5m2, 64×32) ·
    /// B (e5m2, 32×N), on a warpgroup of 128 threads; each thread's N/2 accumulator values are N/4
    /// registers of two halfs.
    SM90_64xNx32_F16E5M2E5M2_SS_TN, SM90_64xNx32_F16E5M2E5M2_RS_TN,
    A: float_e5m2_t, B: float_e5m2_t, acc: half_t, [u32; U2], K: U32, RS: gmma::ALayout_64x32, N: GmmaN;
    SM90_64x8x32_F16E5M2E5M2_SS_TN SM90_64x8x32_F16E5M2E5M2_RS_TN U8,
    SM90_64x16x32_F16E5M2E5M2_SS_TN SM90_64x16x32_F16E5M2E5M2_RS_TN U16,
    SM90_64x32x32_F16E5M2E5M2_SS_TN SM90_64x32x32_F16E5M2E5M2_RS_TN U32,
    SM90_64x64x32_F16E5M2E5M2_SS_TN SM90_64x64x32_F16E5M2E5M2_RS_TN U64,
    SM90_64x96x32_F16E5M2E5M2_SS_TN SM90_64x96x32_F16E5M2E5M2_RS_TN U96,
    SM90_64x128x32_F16E5M2E5M2_SS_TN SM90_64x128x32_F16E5M2E5M2_RS_TN U128,
    SM90_64x192x32_F16E5M2E5M2_SS_TN SM90_64x192x32_F16E5M2E5M2_RS_TN U192,
    SM90_64x256x32_F16E5M2E5M2_SS_TN SM90_64x256x32_F16E5M2E5M2_RS_TN U256,
}
/// The four 8-bit integer families (`.s32` accumulator, K = 32), each twice: wrapping and
/// `.satfinite` (CuTe's `_SATURATE` atoms: the same layouts and registers, the sum clamped to
/// the `s32` range instead of wrapping).
macro_rules! gmma_int_family {
    ($ta:literal, $tb:literal, A: $A:ty, B: $B:ty;
     $SS:ident, $RS:ident, $SSS:ident, $RSS:ident;
     $($ss:ident $rs:ident $sss:ident $rss:ident $N:ident),* $(,)?) => {
        gmma_tn_family! {
            #[doc = concat!("`wgmma.mma_async.sync.aligned.m64nNk32.s32.", $ta, ".", $tb,
                "`: D (s32, 64×N) += A (", $ta, ", 64×32) · B (", $tb,
                ", 32×N), on a warpgroup of 128 threads (wrapping, no `.satfinite`).")]
            $SS, $RS,
            A: $A, B: $B, acc: i32, [u32; U1], K: U32, RS: gmma::ALayout_64x32, N: GmmaNInt;
            $($ss $rs $N),*
        }
        gmma_tn_family! {
            #[doc = concat!("`wgmma.mma_async.sync.aligned.m64nNk32.s32.", $ta, ".", $tb,
                ".satfinite`: [`", stringify!($SS), "`] with the sum clamped to the `s32` range",
                " (CuTe's `_SATURATE`).")]
            $SSS, $RSS,
            A: $A, B: $B, acc: i32, [u32; U1], K: U32, RS: gmma::ALayout_64x32, N: GmmaNInt;
            $($sss $rss $N),*
        }
    };
}
gmma_int_family! {
    "s8", "s8", A: i8, B: i8;
    SM90_64xNx32_S32S8S8_SS_TN, SM90_64xNx32_S32S8S8_RS_TN,
    SM90_64xNx32_S32S8S8_SS_TN_SATURATE, SM90_64xNx32_S32S8S8_RS_TN_SATURATE;
    SM90_64x8x32_S32S8S8_SS_TN SM90_64x8x32_S32S8S8_RS_TN SM90_64x8x32_S32S8S8_SS_TN_SATURATE
        SM90_64x8x32_S32S8S8_RS_TN_SATURATE U8,
    SM90_64x16x32_S32S8S8_SS_TN SM90_64x16x32_S32S8S8_RS_TN SM90_64x16x32_S32S8S8_SS_TN_SATURATE
        SM90_64x16x32_S32S8S8_RS_TN_SATURATE U16,
    SM90_64x32x32_S32S8S8_SS_TN SM90_64x32x32_S32S8S8_RS_TN SM90_64x32x32_S32S8S8_SS_TN_SATURATE
        SM90_64x32x32_S32S8S8_RS_TN_SATURATE U32,
    SM90_64x64x32_S32S8S8_SS_TN SM90_64x64x32_S32S8S8_RS_TN SM90_64x64x32_S32S8S8_SS_TN_SATURATE
        SM90_64x64x32_S32S8S8_RS_TN_SATURATE U64,
    SM90_64x96x32_S32S8S8_SS_TN SM90_64x96x32_S32S8S8_RS_TN SM90_64x96x32_S32S8S8_SS_TN_SATURATE
        SM90_64x96x32_S32S8S8_RS_TN_SATURATE U96,
    SM90_64x128x32_S32S8S8_SS_TN SM90_64x128x32_S32S8S8_RS_TN SM90_64x128x32_S32S8S8_SS_TN_SATURATE
        SM90_64x128x32_S32S8S8_RS_TN_SATURATE U128,
    SM90_64x192x32_S32S8S8_SS_TN SM90_64x192x32_S32S8S8_RS_TN SM90_64x192x32_S32S8S8_SS_TN_SATURATE
        SM90_64x192x32_S32S8S8_RS_TN_SATURATE U192,
    SM90_64x256x32_S32S8S8_SS_TN SM90_64x256x32_S32S8S8_RS_TN SM90_64x256x32_S32S8S8_SS_TN_SATURATE
        SM90_64x256x32_S32S8S8_RS_TN_SATURATE U256,
}
gmma_int_family! {
    "s8", "u8", A: i8, B: u8;
    SM90_64xNx32_S32S8U8_SS_TN, SM90_64xNx32_S32S8U8_RS_TN,
    SM90_64xNx32_S32S8U8_SS_TN_SATURATE, SM90_64xNx32_S32S8U8_RS_TN_SATURATE;
    SM90_64x8x32_S32S8U8_SS_TN SM90_64x8x32_S32S8U8_RS_TN SM90_64x8x32_S32S8U8_SS_TN_SATURATE
        SM90_64x8x32_S32S8U8_RS_TN_SATURATE U8,
    SM90_64x16x32_S32S8U8_SS_TN SM90_64x16x32_S32S8U8_RS_TN SM90_64x16x32_S32S8U8_SS_TN_SATURATE
        SM90_64x16x32_S32S8U8_RS_TN_SATURATE U16,
    SM90_64x32x32_S32S8U8_SS_TN SM90_64x32x32_S32S8U8_RS_TN SM90_64x32x32_S32S8U8_SS_TN_SATURATE
        SM90_64x32x32_S32S8U8_RS_TN_SATURATE U32,
    SM90_64x64x32_S32S8U8_SS_TN SM90_64x64x32_S32S8U8_RS_TN SM90_64x64x32_S32S8U8_SS_TN_SATURATE
        SM90_64x64x32_S32S8U8_RS_TN_SATURATE U64,
    SM90_64x96x32_S32S8U8_SS_TN SM90_64x96x32_S32S8U8_RS_TN SM90_64x96x32_S32S8U8_SS_TN_SATURATE
        SM90_64x96x32_S32S8U8_RS_TN_SATURATE U96,
    SM90_64x128x32_S32S8U8_SS_TN SM90_64x128x32_S32S8U8_RS_TN SM90_64x128x32_S32S8U8_SS_TN_SATURATE
        SM90_64x128x32_S32S8U8_RS_TN_SATURATE U128,
    SM90_64x192x32_S32S8U8_SS_TN SM90_64x192x32_S32S8U8_RS_TN SM90_64x192x32_S32S8U8_SS_TN_SATURATE
        SM90_64x192x32_S32S8U8_RS_TN_SATURATE U192,
    SM90_64x256x32_S32S8U8_SS_TN SM90_64x256x32_S32S8U8_RS_TN SM90_64x256x32_S32S8U8_SS_TN_SATURATE
        SM90_64x256x32_S32S8U8_RS_TN_SATURATE U256,
}
gmma_int_family! {
    "u8", "s8", A: u8, B: i8;
    SM90_64xNx32_S32U8S8_SS_TN, SM90_64xNx32_S32U8S8_RS_TN,
    SM90_64xNx32_S32U8S8_SS_TN_SATURATE, SM90_64xNx32_S32U8S8_RS_TN_SATURATE;
    SM90_64x8x32_S32U8S8_SS_TN SM90_64x8x32_S32U8S8_RS_TN SM90_64x8x32_S32U8S8_SS_TN_SATURATE
        SM90_64x8x32_S32U8S8_RS_TN_SATURATE U8,
    SM90_64x16x32_S32U8S8_SS_TN SM90_64x16x32_S32U8S8_RS_TN SM90_64x16x32_S32U8S8_SS_TN_SATURATE
        SM90_64x16x32_S32U8S8_RS_TN_SATURATE U16,
    SM90_64x32x32_S32U8S8_SS_TN SM90_64x32x32_S32U8S8_RS_TN SM90_64x32x32_S32U8S8_SS_TN_SATURATE
        SM90_64x32x32_S32U8S8_RS_TN_SATURATE U32,
    SM90_64x64x32_S32U8S8_SS_TN SM90_64x64x32_S32U8S8_RS_TN SM90_64x64x32_S32U8S8_SS_TN_SATURATE
        SM90_64x64x32_S32U8S8_RS_TN_SATURATE U64,
    SM90_64x96x32_S32U8S8_SS_TN SM90_64x96x32_S32U8S8_RS_TN SM90_64x96x32_S32U8S8_SS_TN_SATURATE
        SM90_64x96x32_S32U8S8_RS_TN_SATURATE U96,
    SM90_64x128x32_S32U8S8_SS_TN SM90_64x128x32_S32U8S8_RS_TN SM90_64x128x32_S32U8S8_SS_TN_SATURATE
        SM90_64x128x32_S32U8S8_RS_TN_SATURATE U128,
    SM90_64x192x32_S32U8S8_SS_TN SM90_64x192x32_S32U8S8_RS_TN SM90_64x192x32_S32U8S8_SS_TN_SATURATE
        SM90_64x192x32_S32U8S8_RS_TN_SATURATE U192,
    SM90_64x256x32_S32U8S8_SS_TN SM90_64x256x32_S32U8S8_RS_TN SM90_64x256x32_S32U8S8_SS_TN_SATURATE
        SM90_64x256x32_S32U8S8_RS_TN_SATURATE U256,
}
gmma_int_family! {
    "u8", "u8", A: u8, B: u8;
    SM90_64xNx32_S32U8U8_SS_TN, SM90_64xNx32_S32U8U8_RS_TN,
    SM90_64xNx32_S32U8U8_SS_TN_SATURATE, SM90_64xNx32_S32U8U8_RS_TN_SATURATE;
    SM90_64x8x32_S32U8U8_SS_TN SM90_64x8x32_S32U8U8_RS_TN SM90_64x8x32_S32U8U8_SS_TN_SATURATE
        SM90_64x8x32_S32U8U8_RS_TN_SATURATE U8,
    SM90_64x16x32_S32U8U8_SS_TN SM90_64x16x32_S32U8U8_RS_TN SM90_64x16x32_S32U8U8_SS_TN_SATURATE
        SM90_64x16x32_S32U8U8_RS_TN_SATURATE U16,
    SM90_64x32x32_S32U8U8_SS_TN SM90_64x32x32_S32U8U8_RS_TN SM90_64x32x32_S32U8U8_SS_TN_SATURATE
        SM90_64x32x32_S32U8U8_RS_TN_SATURATE U32,
    SM90_64x64x32_S32U8U8_SS_TN SM90_64x64x32_S32U8U8_RS_TN SM90_64x64x32_S32U8U8_SS_TN_SATURATE
        SM90_64x64x32_S32U8U8_RS_TN_SATURATE U64,
    SM90_64x96x32_S32U8U8_SS_TN SM90_64x96x32_S32U8U8_RS_TN SM90_64x96x32_S32U8U8_SS_TN_SATURATE
        SM90_64x96x32_S32U8U8_RS_TN_SATURATE U96,
    SM90_64x128x32_S32U8U8_SS_TN SM90_64x128x32_S32U8U8_RS_TN SM90_64x128x32_S32U8U8_SS_TN_SATURATE
        SM90_64x128x32_S32U8U8_RS_TN_SATURATE U128,
    SM90_64x192x32_S32U8U8_SS_TN SM90_64x192x32_S32U8U8_RS_TN SM90_64x192x32_S32U8U8_SS_TN_SATURATE
        SM90_64x192x32_S32U8U8_RS_TN_SATURATE U192,
    SM90_64x256x32_S32U8U8_SS_TN SM90_64x256x32_S32U8U8_RS_TN SM90_64x256x32_S32U8U8_SS_TN_SATURATE
        SM90_64x256x32_S32U8U8_RS_TN_SATURATE U256,
}

// ---------------------------------------------------------------------------------------------
// The GMMA helpers of CUTLASS's SM90 builders: the shared-memory layout atom and the wgmma op
// for a tile and its element types.

/// The type-level choices of the selectors: the first candidate `(width, choice)` of a list
/// `((W0, C0), ((W1, C1), ...))` whose width divides `X` (CuTe's `if constexpr` ladder:
/// `X % W0 == 0 ? C0 : X % W1 == 0 ? C1 : ...`). Not implemented when none does.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "no candidate width divides `{X}` (the selector's named condition says which rule)",
    label = "no candidate fits"
)]
pub trait FirstDividing<X> {
    /// The choice.
    type Output;
}
impl<X, W, C, Rest> FirstDividing<X> for ((W, C), Rest)
where
    X: UDivRem<W>,
    URem<X, W>: typenum::IsEqual<typenum::U0>,
    (typenum::Eq<URem<X, W>, typenum::U0>, C, Rest): ChooseDividing<X>,
{
    type Output = <(typenum::Eq<URem<X, W>, typenum::U0>, C, Rest) as ChooseDividing<X>>::Output;
}
/// One step of [`FirstDividing`]: this candidate (`B1`: its width divides) or the rest.
#[doc(hidden)]
pub trait ChooseDividing<X> {
    /// The choice.
    type Output;
}
impl<X, C, Rest> ChooseDividing<X> for (typenum::B1, C, Rest) {
    type Output = C;
}
impl<X, C, Rest: FirstDividing<X>> ChooseDividing<X> for (typenum::B0, C, Rest) {
    type Output = Rest::Output;
}

/// `BLK % 8 == 0` for [`ss_smem_selector`]'s tile extents (CuTe's `static_assert(BLK_MN0 % 8 ==
/// 0)`, `static_assert(BLK_K0 % 8 == 0)`): implemented by a remainder of 0.
#[diagnostic::on_unimplemented(
    message = "ss_smem_selector: BLK_MN0 and BLK_K0 must be multiples of 8 (remainder `{Self}`)",
    label = "not a multiple of 8"
)]
#[doc(hidden)]
pub trait SmemBlkMultipleOf8 {}
impl SmemBlkMultipleOf8 for typenum::U0 {}

/// The tile extent the selected atom tiles must be a multiple of the narrowest atom's width
/// (CuTe's `static_assert(BLK_K0 % size<1>(GMMA::Layout_K_INTER_Atom<T>{}) == 0)` and the MN
/// form): 16 bytes of elements. Implemented by a remainder of 0.
#[diagnostic::on_unimplemented(
    message = "ss_smem_selector: the major extent (BLK_K0 for K-major, BLK_MN0 for MN-major) must be a multiple of the INTER atom's width, 16 bytes of elements (remainder `{Self}`)",
    label = "no GMMA layout atom fits"
)]
#[doc(hidden)]
pub trait SmemBlkFitsInterAtom {}
impl SmemBlkFitsInterAtom for typenum::U0 {}

/// The widths in elements of `T` of the four GMMA layout atoms along their major mode (128, 64,
/// 32 and 16 bytes): `1024 / bits`, `512 / bits`, `256 / bits`, `128 / bits`.
type AtomWidth<T, BytesTimes8> = UQuot<BytesTimes8, <T as crate::typelevel::ElementBits>::Bits>;

/// CUTLASS's `ss_smem_selector<Major, ElementType, BLK_MN, BLK_K>` (`cutlass/gemm/collective/
/// builders/sm90_common.inl`): the widest GMMA shared-memory layout atom for a tile of
/// `BLK_MN × BLK_K` elements of `T`, implemented on the operand's [`gmma::Major`].
///
/// With `BLK_MN0 = size<0>(BLK_MN)` and `BLK_K0 = size<0>(BLK_K)` (a hierarchical extent counts by
/// its first mode), both multiples of 8: K-major picks the first of `Layout_K_SW128_Atom`,
/// `_SW64`, `_SW32`, `_INTER` whose K width (128, 64, 32, 16 bytes of elements) divides
/// `BLK_K0`; MN-major the first of `Layout_MN_SW128_Atom`, ... whose MN width divides `BLK_MN0`.
/// A tile no atom fits is a compile error naming the condition, as CuTe's `static_assert`s.
pub trait SsSmemSelector<T, BlkMn, BlkK> {
    /// The selected layout atom (one of the `gmma::Layout_*_Atom<T>`).
    type Output;
}
/// [`SsSmemSelector`]'s choice: `SsSmemSelectorOf<gmma::Major::K, half_t, U128, U64>` is
/// `gmma::Layout_K_SW128_Atom<half_t>`.
pub type SsSmemSelectorOf<Major, T, BlkMn, BlkK> =
    <Major as SsSmemSelector<T, BlkMn, BlkK>>::Output;

/// The first-mode size of a tile extent (`size<0>(BLK)`: the extent itself for an integer).
type Blk0<B> = crate::tuple::Size<crate::tuple::Element<B, typenum::U0>>;

macro_rules! smem_selector {
    ($Major:ident, $major_blk:ident, $($Atom:ident $AtomBits:ident $w:ident),*) => {
        impl<T, BlkMn, BlkK> SsSmemSelector<T, BlkMn, BlkK> for gmma::Major::$Major
        where
            T: crate::typelevel::ElementBits,
            BlkMn: crate::tuple::Get<typenum::U0>,
            BlkK: crate::tuple::Get<typenum::U0>,
            Blk0<BlkMn>: UDivRem<U8>,
            Blk0<BlkK>: UDivRem<U8>,
            URem<Blk0<BlkMn>, U8>: SmemBlkMultipleOf8,
            URem<Blk0<BlkK>, U8>: SmemBlkMultipleOf8,
            $(typenum::$w: UDivRem<T::Bits>,)*
            Blk0<$major_blk>: UDivRem<AtomWidth<T, U128>>,
            URem<Blk0<$major_blk>, AtomWidth<T, U128>>: SmemBlkFitsInterAtom,
            $(gmma::$AtomBits: crate::typelevel::Upcast<T::Bits>,)*
            ($((AtomWidth<T, typenum::$w>, gmma::$Atom<T>),)* ()): SmemPick<Blk0<$major_blk>>,
        {
            type Output = <($((AtomWidth<T, typenum::$w>, gmma::$Atom<T>),)* ()) as SmemPick<Blk0<$major_blk>>>::Output;
        }
    };
}
/// [`FirstDividing`] over a flat candidate tuple of four (the four atoms, widest first).
#[doc(hidden)]
pub trait SmemPick<X> {
    /// The choice.
    type Output;
}
impl<X, C0, C1, C2, C3> SmemPick<X> for (C0, C1, C2, C3, ())
where
    (C0, (C1, (C2, (C3, ())))): FirstDividing<X>,
{
    type Output = <(C0, (C1, (C2, (C3, ())))) as FirstDividing<X>>::Output;
}
smem_selector!(K, BlkK,
    Layout_K_SW128_Atom Layout_K_SW128_Atom_Bits U1024,
    Layout_K_SW64_Atom Layout_K_SW64_Atom_Bits U512,
    Layout_K_SW32_Atom Layout_K_SW32_Atom_Bits U256,
    Layout_K_INTER_Atom Layout_K_INTER_Atom_Bits U128);
smem_selector!(MN, BlkMn,
    Layout_MN_SW128_Atom Layout_MN_SW128_Atom_Bits U1024,
    Layout_MN_SW64_Atom Layout_MN_SW64_Atom_Bits U512,
    Layout_MN_SW32_Atom Layout_MN_SW32_Atom_Bits U256,
    Layout_MN_INTER_Atom Layout_MN_INTER_Atom_Bits U128);

/// CUTLASS's `ss_smem_selector<Major, ElementType, BLK_MN, BLK_K>()` as a value (see
/// [`SsSmemSelector`]).
///
/// ```
/// use cute_layout::atom::{gmma, half_t, ss_smem_selector};
/// use cute_layout::typenum::{U128, U32, U64, U8};
/// // K-major, BLK_K = 32 halfs = 64 bytes: the 64-byte swizzle atom.
/// let a = ss_smem_selector::<gmma::Major::K, half_t, U128, U32>();
/// assert_eq!(a, gmma::Layout_K_SW64_Atom::<half_t>::new());
/// assert_eq!(a.to_string(), "Sw<2,3,3> o 0 o (8,32):(32,1)");
/// // MN-major, BLK_MN = 8 halfs: only the 16-byte (interleaved) atom fits.
/// let b = ss_smem_selector::<gmma::Major::MN, half_t, U8, U64>();
/// assert_eq!(b, gmma::Layout_MN_INTER_Atom::<half_t>::new());
/// ```
///
/// A tile no atom fits does not compile:
///
/// ```compile_fail
/// use cute_layout::atom::{float_e4m3_t, gmma, ss_smem_selector};
/// use cute_layout::typenum::{U64, U8};
/// // K-major e4m3: the narrowest atom is 16 elements wide, BLK_K = 8.
/// let _ = ss_smem_selector::<gmma::Major::K, float_e4m3_t, U64, U8>();
/// ```
pub fn ss_smem_selector<Major, T, BlkMn, BlkK>() -> SsSmemSelectorOf<Major, T, BlkMn, BlkK>
where
    Major: SsSmemSelector<T, BlkMn, BlkK>,
    SsSmemSelectorOf<Major, T, BlkMn, BlkK>: Default,
{
    Default::default()
}

/// `Tile_M % 64 == 0` for [`ss_op_selector`] (CuTe: `static_assert(size<0>(TileShape_MNK{}) % 64
/// == 0, "Tile_M must be a multiple of 64.")`): implemented by a remainder of 0.
#[diagnostic::on_unimplemented(
    message = "ss_op_selector: Tile_M must be a multiple of 64 (remainder `{Self}`)",
    label = "Tile_M % 64 != 0"
)]
#[doc(hidden)]
pub trait GmmaTileMMultipleOf64 {}
impl GmmaTileMMultipleOf64 for typenum::U0 {}

/// `Tile_K` a multiple of the op's K (16 for 16-bit inputs, 8 for tf32, 32 for 8-bit inputs;
/// CuTe: `static_assert(size<2>(TileShape_MNK{}) % 16 == 0, "Tile_K must be a multiple of
/// 16.")` and its 8 and 32 forms): a remainder of 0.
#[diagnostic::on_unimplemented(
    message = "GMMA op selector: Tile_K must be a multiple of the wgmma K: 16 for 16-bit, 8 for tf32, 32 for 8-bit inputs (remainder `{Self}`)",
    label = "Tile_K % K != 0"
)]
#[doc(hidden)]
pub trait GmmaTileKMultiple {}
impl GmmaTileKMultiple for typenum::U0 {}

/// `Tile_N` a multiple of 8 (CuTe: `static_assert(Tile_N % 8 == 0, "Tile_N must be a multiple
/// of 8.")`): a remainder of 0.
#[diagnostic::on_unimplemented(
    message = "GMMA op selector: Tile_N must be a multiple of 8 (remainder `{Self}`)",
    label = "Tile_N % 8 != 0"
)]
#[doc(hidden)]
pub trait GmmaTileNMultipleOf8 {}
impl GmmaTileNMultipleOf8 for typenum::U0 {}

/// Which operand majors a GMMA family reads (the `Majors` of [`GmmaSsFamily`]): any
/// ([`gmma::AnyMajor`], 16-bit inputs) or K-major only ([`gmma::KMajorOnly`]: tf32, fp8 and
/// 8-bit integer inputs, CuTe's `_TN` atoms).
///
/// `MajorA` of the selectors must implement `GmmaMajorAAllowed<Majors>` (CuTe:
/// `static_assert(MajorA == GMMA::Major::K, "MajorA must be GMMA::Major::K for this config.")`).
#[diagnostic::on_unimplemented(
    message = "GMMA op selector: MajorA must be GMMA::Major::K for this config (tf32, fp8 and 8-bit integer wgmma read K-major operands only; MajorA = `{Self}`)",
    label = "MajorA is not K"
)]
#[doc(hidden)]
pub trait GmmaMajorAAllowed<Majors> {}
impl<R> GmmaMajorAAllowed<R> for gmma::Major::K {}
impl GmmaMajorAAllowed<gmma::AnyMajor> for gmma::Major::MN {}

/// `MajorB` allowed by a family's `Majors` (CuTe: `static_assert(MajorB == GMMA::Major::K,
/// "MajorB must be GMMA::Major::K for this config.")`; see [`GmmaMajorAAllowed`]).
#[diagnostic::on_unimplemented(
    message = "GMMA op selector: MajorB must be GMMA::Major::K for this config (tf32, fp8 and 8-bit integer wgmma read K-major operands only; MajorB = `{Self}`)",
    label = "MajorB is not K"
)]
#[doc(hidden)]
pub trait GmmaMajorBAllowed<Majors> {}
impl<R> GmmaMajorBAllowed<R> for gmma::Major::K {}
impl GmmaMajorBAllowed<gmma::AnyMajor> for gmma::Major::MN {}

/// [`rs_op_selector`]'s A from registers is K-major (CuTe: `static_assert(MajorA ==
/// GMMA::Major::K, "Register source A operand GMMAs must have K-major A layout.")`).
#[diagnostic::on_unimplemented(
    message = "rs_op_selector: register source A operand GMMAs must have K-major A layout (MajorA = `{Self}`)",
    label = "A from registers is K-major"
)]
#[doc(hidden)]
pub trait GmmaRsMajorA {}
impl GmmaRsMajorA for gmma::Major::K {}

/// The GMMA op families of element types `(A, B, C)`, implemented on `A`: CuTe's
/// `ss_op_selector` / `rs_op_selector` branches (`cute/arch/mma_sm90.hpp`), each with its K,
/// the majors it reads, the N it tries and its `_SS` and `_RS` atoms.
///
/// | A · B → C | K | majors | atoms |
/// |---|---|---|---|
/// | f16 · f16 → f16, f32; bf16 · bf16 → f32 | 16 | any | `SM90_64xNx16_*_SS` / `_RS` |
/// | tf32 · tf32 → f32 | 8 | K only | `SM90_64xNx8_F32TF32TF32_SS_TN` / `_RS_TN` |
/// | e4m3/e5m2 · e4m3/e5m2 → f32, f16 | 32 | K only | `SM90_64xNx32_{F32,F16}E*_SS_TN` / `_RS_TN` |
/// | s8/u8 · s8/u8 → s32 | 32 | K only | `SM90_64xNx32_S32*_SS_TN` / `_RS_TN` |
#[diagnostic::on_unimplemented(
    message = "GMMA op selector: no GMMA atom for A = `{Self}`, B = `{B}`, C = `{C}`",
    label = "no such GMMA family",
    note = "the wgmma families: f16·f16 → f16 or f32, bf16·bf16 → f32, tf32·tf32 → f32, e4m3/e5m2 · e4m3/e5m2 → f32 or f16 (half_t), s8/u8 · s8/u8 → i32"
)]
#[doc(hidden)]
pub trait GmmaSsFamily<B, C> {
    /// The K of one instruction.
    type K;
    /// The operand majors the family reads: [`gmma::AnyMajor`] or [`gmma::KMajorOnly`].
    type Majors;
    /// The family's `_SS` atom of width `N` with operand majors `MA`, `MB`.
    type Op<N, MA, MB>;
    /// The family's `_RS` atom (A from registers).
    type RsOp<N, MA, MB>;
}
macro_rules! ss_family16 {
    ($A:ty, $C:ty, $SS:ident, $RS:ident) => {
        impl GmmaSsFamily<$A, $C> for $A {
            type K = U16;
            type Majors = gmma::AnyMajor;
            type Op<N, MA, MB> = $SS<N, MA, MB>;
            type RsOp<N, MA, MB> = $RS<N, MA, MB>;
        }
    };
}
ss_family16!(
    half_t,
    half_t,
    SM90_64xNx16_F16F16F16_SS,
    SM90_64xNx16_F16F16F16_RS
);
ss_family16!(
    half_t,
    f32,
    SM90_64xNx16_F32F16F16_SS,
    SM90_64xNx16_F32F16F16_RS
);
ss_family16!(
    bfloat16_t,
    f32,
    SM90_64xNx16_F32BF16BF16_SS,
    SM90_64xNx16_F32BF16BF16_RS
);
macro_rules! ss_family_tn {
    ($A:ty, $B:ty, $C:ty, $K:ty, $SS:ident, $RS:ident) => {
        impl GmmaSsFamily<$B, $C> for $A {
            type K = $K;
            type Majors = gmma::KMajorOnly;
            type Op<N, MA, MB> = $SS<N>;
            type RsOp<N, MA, MB> = $RS<N>;
        }
    };
}
ss_family_tn!(
    tfloat32_t,
    tfloat32_t,
    f32,
    U8,
    SM90_64xNx8_F32TF32TF32_SS_TN,
    SM90_64xNx8_F32TF32TF32_RS_TN
);
ss_family_tn!(
    float_e4m3_t,
    float_e4m3_t,
    f32,
    U32,
    SM90_64xNx32_F32E4M3E4M3_SS_TN,
    SM90_64xNx32_F32E4M3E4M3_RS_TN
);
ss_family_tn!(
    float_e4m3_t,
    float_e5m2_t,
    f32,
    U32,
    SM90_64xNx32_F32E4M3E5M2_SS_TN,
    SM90_64xNx32_F32E4M3E5M2_RS_TN
);
ss_family_tn!(
    float_e5m2_t,
    float_e4m3_t,
    f32,
    U32,
    SM90_64xNx32_F32E5M2E4M3_SS_TN,
    SM90_64xNx32_F32E5M2E4M3_RS_TN
);
ss_family_tn!(
    float_e5m2_t,
    float_e5m2_t,
    f32,
    U32,
    SM90_64xNx32_F32E5M2E5M2_SS_TN,
    SM90_64xNx32_F32E5M2E5M2_RS_TN
);
ss_family_tn!(
    float_e4m3_t,
    float_e4m3_t,
    half_t,
    U32,
    SM90_64xNx32_F16E4M3E4M3_SS_TN,
    SM90_64xNx32_F16E4M3E4M3_RS_TN
);
ss_family_tn!(
    float_e4m3_t,
    float_e5m2_t,
    half_t,
    U32,
    SM90_64xNx32_F16E4M3E5M2_SS_TN,
    SM90_64xNx32_F16E4M3E5M2_RS_TN
);
ss_family_tn!(
    float_e5m2_t,
    float_e4m3_t,
    half_t,
    U32,
    SM90_64xNx32_F16E5M2E4M3_SS_TN,
    SM90_64xNx32_F16E5M2E4M3_RS_TN
);
ss_family_tn!(
    float_e5m2_t,
    float_e5m2_t,
    half_t,
    U32,
    SM90_64xNx32_F16E5M2E5M2_SS_TN,
    SM90_64xNx32_F16E5M2E5M2_RS_TN
);
ss_family_tn!(
    i8,
    i8,
    i32,
    U32,
    SM90_64xNx32_S32S8S8_SS_TN,
    SM90_64xNx32_S32S8S8_RS_TN
);
ss_family_tn!(
    i8,
    u8,
    i32,
    U32,
    SM90_64xNx32_S32S8U8_SS_TN,
    SM90_64xNx32_S32S8U8_RS_TN
);
ss_family_tn!(
    u8,
    i8,
    i32,
    U32,
    SM90_64xNx32_S32U8S8_SS_TN,
    SM90_64xNx32_S32U8S8_RS_TN
);
ss_family_tn!(
    u8,
    u8,
    i32,
    U32,
    SM90_64xNx32_S32U8U8_SS_TN,
    SM90_64xNx32_S32U8U8_RS_TN
);

/// The N CuTe's selectors try, widest first, for every family (without
/// `CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED`; the integer families too, although 48, 80, ...
/// are integer wgmma widths): 256, 192, 128, 96, 64, 32, 16, 8.
type OpNs = (
    (typenum::U256, typenum::U256),
    (
        (typenum::U192, typenum::U192),
        (
            (U128, U128),
            (
                (typenum::U96, typenum::U96),
                (
                    (U64, U64),
                    ((typenum::U32, typenum::U32), ((U16, U16), ((U8, U8), ()))),
                ),
            ),
        ),
    ),
);

/// CuTe's `SM90::GMMA::ss_op_selector<ElementA, ElementB, ElementC, TileShape_MNK, MajorA,
/// MajorB>` (`cute/arch/mma_sm90.hpp`): the `_SS` wgmma atom for a CTA tile `(Tile_M, Tile_N,
/// Tile_K)` and element types, implemented on `ElementA`.
///
/// `Tile_M` (`size<0>`) must be a multiple of 64 and `Tile_K` (`size<2>`) of the instruction's
/// K; the atom's N is the first of 256, 192, 128, 96, 64, 32, 16, 8 that divides `Tile_N` (`size<1>`, a multiple of 8);
/// the tf32, fp8 and integer families need both majors K. Each violated condition is a
/// compile error naming it.
pub trait SsOpSelector<B, C, TileShapeMnk, MajorA, MajorB> {
    /// The selected atom.
    type Output;
}
/// [`SsOpSelector`]'s choice: `SsOpSelectorOf<half_t, half_t, f32, (U128, U96, U64)>` is
/// `SM90_64x96x16_F32F16F16_SS` (K-major operands by default).
pub type SsOpSelectorOf<A, B, C, TileShapeMnk, MajorA = gmma::Major::K, MajorB = gmma::Major::K> =
    <A as SsOpSelector<B, C, TileShapeMnk, MajorA, MajorB>>::Output;

type TileMode<T, I> = crate::tuple::Size<crate::tuple::Element<T, I>>;
/// The N an op selector picks for `Tile`.
type SelectedN<Tile> = <OpNs as FirstDividing<TileMode<Tile, typenum::U1>>>::Output;

impl<A, B, C, Tile, MajorA, MajorB> SsOpSelector<B, C, Tile, MajorA, MajorB> for A
where
    A: GmmaSsFamily<B, C>,
    MajorA: GmmaMajorAAllowed<<A as GmmaSsFamily<B, C>>::Majors>,
    MajorB: GmmaMajorBAllowed<<A as GmmaSsFamily<B, C>>::Majors>,
    Tile: crate::tuple::Get<typenum::U0> + crate::tuple::Get<typenum::U1> + crate::tuple::Get<U2>,
    TileMode<Tile, typenum::U0>: UDivRem<U64>,
    URem<TileMode<Tile, typenum::U0>, U64>: GmmaTileMMultipleOf64,
    TileMode<Tile, U2>: UDivRem<<A as GmmaSsFamily<B, C>>::K>,
    URem<TileMode<Tile, U2>, <A as GmmaSsFamily<B, C>>::K>: GmmaTileKMultiple,
    TileMode<Tile, typenum::U1>: UDivRem<U8>,
    URem<TileMode<Tile, typenum::U1>, U8>: GmmaTileNMultipleOf8,
    OpNs: FirstDividing<TileMode<Tile, typenum::U1>>,
{
    type Output = <A as GmmaSsFamily<B, C>>::Op<SelectedN<Tile>, MajorA, MajorB>;
}

/// CuTe's `SM90::GMMA::ss_op_selector<ElementA, ElementB, ElementC, TileShape_MNK, MajorA,
/// MajorB>()` as a value (see [`SsOpSelector`]).
///
/// ```
/// use cute_layout::atom::{gmma, half_t, ss_op_selector, SM90_64x96x16_F32F16F16_SS};
/// use cute_layout::typenum::{U128, U16, U64, U96, U160};
/// let op = ss_op_selector::<half_t, half_t, f32, (U128, U96, U64), gmma::Major::K, gmma::Major::K>();
/// assert_eq!(op, SM90_64x96x16_F32F16F16_SS::default());
/// // 160 = 5·32: the widest N that divides it is 32.
/// let op = ss_op_selector::<half_t, half_t, half_t, (U64, U160, U16), gmma::Major::MN, gmma::Major::K>();
/// let _: cute_layout::atom::SM90_64x32x16_F16F16F16_SS<gmma::Major::MN> = op;
/// // 8-bit integers, K-major: the same N list (not 160, an integer wgmma width too).
/// let op = ss_op_selector::<i8, u8, i32, (U64, U160, U64), gmma::Major::K, gmma::Major::K>();
/// let _: cute_layout::atom::SM90_64x32x32_S32S8U8_SS_TN = op;
/// ```
///
/// A tile that breaks a condition does not compile:
///
/// ```compile_fail
/// use cute_layout::atom::{gmma, half_t, ss_op_selector};
/// use cute_layout::typenum::{U32, U64};
/// // Tile_M = 32 is no multiple of 64.
/// let _ = ss_op_selector::<half_t, half_t, f32, (U32, U64, U64), gmma::Major::K, gmma::Major::K>();
/// ```
///
/// nor does an MN-major operand of a K-major-only family:
///
/// ```compile_fail
/// use cute_layout::atom::{gmma, tfloat32_t, ss_op_selector};
/// use cute_layout::typenum::{U64, U128};
/// let _ = ss_op_selector::<tfloat32_t, tfloat32_t, f32, (U128, U128, U64), gmma::Major::K, gmma::Major::MN>();
/// ```
pub fn ss_op_selector<A, B, C, TileShapeMnk, MajorA, MajorB>(
) -> SsOpSelectorOf<A, B, C, TileShapeMnk, MajorA, MajorB>
where
    A: SsOpSelector<B, C, TileShapeMnk, MajorA, MajorB>,
    SsOpSelectorOf<A, B, C, TileShapeMnk, MajorA, MajorB>: Default,
{
    Default::default()
}

/// CuTe's `SM90::GMMA::rs_op_selector<ElementA, ElementB, ElementC, TileShape_MNK, MajorA,
/// MajorB>`: the `_RS` wgmma atom (A from registers), with [`SsOpSelector`]'s conditions and
/// `MajorA` K-major ([`GmmaRsMajorA`]).
pub trait RsOpSelector<B, C, TileShapeMnk, MajorA, MajorB> {
    /// The selected atom.
    type Output;
}
/// [`RsOpSelector`]'s choice.
pub type RsOpSelectorOf<A, B, C, TileShapeMnk, MajorA = gmma::Major::K, MajorB = gmma::Major::K> =
    <A as RsOpSelector<B, C, TileShapeMnk, MajorA, MajorB>>::Output;

impl<A, B, C, Tile, MajorA, MajorB> RsOpSelector<B, C, Tile, MajorA, MajorB> for A
where
    A: GmmaSsFamily<B, C> + SsOpSelector<B, C, Tile, MajorA, MajorB>,
    MajorA: GmmaRsMajorA,
    OpNs: FirstDividing<TileMode<Tile, typenum::U1>>,
    Tile: crate::tuple::Get<typenum::U1>,
{
    type Output = <A as GmmaSsFamily<B, C>>::RsOp<SelectedN<Tile>, MajorA, MajorB>;
}

/// CuTe's `SM90::GMMA::rs_op_selector<...>()` as a value (see [`RsOpSelector`]).
///
/// ```
/// use cute_layout::atom::{gmma, half_t, float_e4m3_t, rs_op_selector};
/// use cute_layout::typenum::{U128, U192, U64};
/// let op = rs_op_selector::<half_t, half_t, f32, (U128, U192, U64), gmma::Major::K, gmma::Major::MN>();
/// let _: cute_layout::atom::SM90_64x192x16_F32F16F16_RS<gmma::Major::K, gmma::Major::MN> = op;
/// let op = rs_op_selector::<float_e4m3_t, float_e4m3_t, half_t, (U64, U128, U64), gmma::Major::K, gmma::Major::K>();
/// let _: cute_layout::atom::SM90_64x128x32_F16E4M3E4M3_RS_TN = op;
/// ```
///
/// A register-source A is K-major:
///
/// ```compile_fail
/// use cute_layout::atom::{gmma, half_t, rs_op_selector};
/// use cute_layout::typenum::{U128, U64};
/// let _ = rs_op_selector::<half_t, half_t, f32, (U128, U128, U64), gmma::Major::MN, gmma::Major::K>();
/// ```
pub fn rs_op_selector<A, B, C, TileShapeMnk, MajorA, MajorB>(
) -> RsOpSelectorOf<A, B, C, TileShapeMnk, MajorA, MajorB>
where
    A: RsOpSelector<B, C, TileShapeMnk, MajorA, MajorB>,
    RsOpSelectorOf<A, B, C, TileShapeMnk, MajorA, MajorB>: Default,
{
    Default::default()
}

// ---------------------------------------------------------------------------------------------
// The parts of a swizzled layout (CuTe `swizzle_layout.hpp`)

/// CuTe's `get_nonswizzle_portion` and `get_swizzle_portion`: the parts of a (possibly)
/// swizzled layout `Sw ∘ O ∘ L`. For a composed layout `get_nonswizzle_portion` is `L` (CuTe's
/// `layout_b()`: the offset `O` is dropped, as in CuTe; the TMA and GMMA code it serves build
/// their layouts with `O = 0`) and `get_swizzle_portion` is `Sw`; a plain layout is its own
/// non-swizzle portion and has the identity swizzle `Sw<0,4,3>`.
///
/// With `O = 0`, `L(c)` and the layout agree up to the swizzle: `Sw(L(c)) = (Sw ∘ 0 ∘ L)(c)`.
///
/// ```
/// use cute_layout::atom::{gmma, half_t, SwizzlePortions};
/// let atom = gmma::Layout_K_SW128_Atom::<half_t>::new();
/// assert_eq!(atom.get_nonswizzle_portion().to_string(), "(8,64):(64,1)");
/// assert_eq!(atom.get_swizzle_portion().to_string(), "Sw<3,3,3>");
/// let plain = cute_layout::layout!((4,8):(8,1));
/// assert_eq!(plain.get_nonswizzle_portion(), plain);
/// assert_eq!(plain.get_swizzle_portion().to_string(), "Sw<0,4,3>");
/// ```
#[doc(hidden)]
pub trait SwizzlePortions {
    /// The non-swizzled layout.
    type NonSwizzle;
    /// The swizzle function.
    type SwizzlePart;
    /// CuTe's `get_nonswizzle_portion(layout)`.
    fn get_nonswizzle_portion(&self) -> Self::NonSwizzle;
    /// CuTe's `get_swizzle_portion(layout)`.
    fn get_swizzle_portion(&self) -> Self::SwizzlePart;
}
/// A composed layout `Sw ∘ O ∘ L`: `L` and `Sw`.
impl<Sw: crate::swizzle::SwizzleFn + Clone, O, L: Clone> SwizzlePortions
    for crate::ComposedLayout<Sw, O, L>
where
    Self: ComposedParts<Sw, L>,
{
    type NonSwizzle = L;
    type SwizzlePart = Sw;
    fn get_nonswizzle_portion(&self) -> L {
        self.inner_part().clone()
    }
    fn get_swizzle_portion(&self) -> Sw {
        self.outer_part().clone()
    }
}
/// The parts of a composed layout, as references (its `layout_a()` and `layout_b()`).
#[doc(hidden)]
pub trait ComposedParts<A, B> {
    /// `layout_a()`.
    fn outer_part(&self) -> &A;
    /// `layout_b()`.
    fn inner_part(&self) -> &B;
}
impl<A, O, B> ComposedParts<A, B> for crate::ComposedLayout<A, O, B>
where
    A: crate::composed::ComposedOuter,
    O: crate::composed::ComposedOffset,
    B: crate::composed::ComposedInner,
{
    fn outer_part(&self) -> &A {
        self.layout_a()
    }
    fn inner_part(&self) -> &B {
        self.layout_b()
    }
}
/// A plain layout: itself, and the identity swizzle `Sw<0,4,3>`.
impl<S: Copy, D: Copy> SwizzlePortions for Layout<S, D> {
    type NonSwizzle = Self;
    type SwizzlePart = crate::swizzle::Swizzle<typenum::U0, U4, typenum::P3>;
    fn get_nonswizzle_portion(&self) -> Self {
        *self
    }
    fn get_swizzle_portion(&self) -> Self::SwizzlePart {
        Default::default()
    }
}
/// A runtime layout: itself, and the identity swizzle `Sw<0,4,3>`.
#[cfg(feature = "alloc")]
impl SwizzlePortions for crate::DynLayout {
    type NonSwizzle = Self;
    type SwizzlePart = crate::swizzle::DynSwizzle;
    fn get_nonswizzle_portion(&self) -> Self {
        self.clone()
    }
    fn get_swizzle_portion(&self) -> crate::swizzle::DynSwizzle {
        crate::swizzle::Swizzle::<typenum::U0, U4, typenum::P3>::default().to_dyn()
    }
}
/// CuTe's `get_nonswizzle_portion(layout)` (see [`SwizzlePortions`]).
pub fn get_nonswizzle_portion<L: SwizzlePortions>(layout: &L) -> L::NonSwizzle {
    layout.get_nonswizzle_portion()
}
/// CuTe's `get_swizzle_portion(layout)` (see [`SwizzlePortions`]).
pub fn get_swizzle_portion<L: SwizzlePortions>(layout: &L) -> L::SwizzlePart {
    layout.get_swizzle_portion()
}
