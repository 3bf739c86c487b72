//! The SM90 warpgroup MMA (`wgmma`) atoms and GMMA shared-memory layout atoms (CuTe
//! `mma_traits_sm90_gmma.hpp`).

use core::marker::PhantomData;

use generic_array::GenericArray;
use typenum::{Quot, U1, U128, U16, U2, U4, U64, U8};

use super::{bfloat16_t, check::MmaLayoutsValid, half_t, GmmaDescriptor, MmaTraits};
use crate::Layout;

/// The GMMA shared-memory layout atoms and operand majors (CuTe's `GMMA::` namespace).
///
/// CuTe writes the swizzled atoms as `Swizzle<B,4,3> o smem_ptr_flag o layout`, the swizzle
/// acting on **byte** addresses (16-byte units). Here a composed layout is a function of
/// offsets in its own unit, so the `_Bits` atoms swizzle bit offsets (`Sw<B,7,3>`: 16 bytes
/// are 2⁷ bits) and `Layout_K_SW128_Atom<T>` is their [`upcast`](crate::ops::Upcast) to
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
    use crate::ops::{ElementBits, UpcastOf};
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

    /// An operand major ([`Major::K`] or [`Major::MN`]).
    pub trait GmmaMajor {}
    impl GmmaMajor for Major::K {}
    impl GmmaMajor for Major::MN {}

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
pub trait GmmaN {}
macro_rules! gmma_n {
    ($($N:ident)*) => {$(impl GmmaN for typenum::$N {})*};
}
gmma_n!(U8 U16 U24 U32 U40 U48 U56 U64 U72 U80 U88 U96 U104 U112 U120 U128 U136 U144 U152 U160
    U168 U176 U184 U192 U200 U208 U216 U224 U232 U240 U248 U256);

macro_rules! gmma_family {
    ($(#[$doc:meta])* $SS:ident, $RS:ident, $AB:ty; $($alias_ss:ident $alias_rs:ident $N:ident),* $(,)?) => {
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
            Quot<N, U2>: generic_array::ArrayLength,
            (Layout<U128, U1>, (U64, N, U16), gmma::ABLayout<U64, U16>, gmma::ABLayout<N, U16>, gmma::CLayout_64xN<N>): MmaLayoutsValid,
        {
            type ValTypeD = f32;
            type ValTypeA = $AB;
            type ValTypeB = $AB;
            type ValTypeC = f32;
            type Shape_MNK = (U64, N, U16);
            type ThrID = Layout<U128, U1>;
            type ALayout = gmma::ABLayout<U64, U16>;
            type BLayout = gmma::ABLayout<N, U16>;
            type CLayout = gmma::CLayout_64xN<N>;
            type ARegisters = GenericArray<GmmaDescriptor, U1>;
            type BRegisters = GenericArray<GmmaDescriptor, U1>;
            type CRegisters = GenericArray<f32, Quot<N, U2>>;
            /// D is C, accumulated in place (CuTe: `void`).
            type DRegisters = ();
        }
        impl<N, TnspB: gmma::GmmaMajor> MmaTraits for $RS<N, gmma::Major::K, TnspB>
        where
            N: GmmaN + typenum::Unsigned + core::ops::Div<U8> + core::ops::Div<U2>,
            Quot<N, U2>: generic_array::ArrayLength,
            (Layout<U128, U1>, (U64, N, U16), gmma::ALayout_64x16, gmma::ABLayout<N, U16>, gmma::CLayout_64xN<N>): MmaLayoutsValid,
        {
            type ValTypeD = f32;
            type ValTypeA = $AB;
            type ValTypeB = $AB;
            type ValTypeC = f32;
            type Shape_MNK = (U64, N, U16);
            type ThrID = Layout<U128, U1>;
            type ALayout = gmma::ALayout_64x16;
            type BLayout = gmma::ABLayout<N, U16>;
            type CLayout = gmma::CLayout_64xN<N>;
            type ARegisters = GenericArray<u32, U4>;
            type BRegisters = GenericArray<GmmaDescriptor, U1>;
            type CRegisters = GenericArray<f32, Quot<N, U2>>;
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
