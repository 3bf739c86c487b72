//! The SM90 `wgmma` MMA atoms (CuTe `mma_traits_sm90_gmma.hpp`): the 16-bit families, which
//! read either operand major, and the K-major-only (`_TN`) tf32, fp8 and 8-bit integer families.

use core::marker::PhantomData;

use generic_array::GenericArray;
use typenum::{Quot, U1, U128, U16, U2, U32, U4, U64, U8};

use super::gmma;
use crate::atom::{
    bfloat16_t, check::MmaLayoutsValid, float_e4m3_t, float_e5m2_t, half_t, tfloat32_t,
    GmmaDescriptor, MmaTraits,
};
use crate::Layout;

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
