//! The SM80 `mma.sync` atoms (CuTe `mma_traits_sm80.hpp`, `cute/arch/mma_sm80.hpp`): every
//! shape and type of CuTe's SM80 family, 16-bit floats, TF32, F64, 8-bit, 4-bit and 1-bit
//! integers (with their `_SATURATE` forms, `.satfinite`: same layouts).
//!
//! The layouts follow the PTX ISA's fragment figures for `mma.m16n8kK` and `mma.m8n8kK`: with
//! lane `t = 4·group + tig` (`group = t / 4`, `tig = t % 4`), an A register `r` of a 16-row
//! atom holds row `group + 8·(r % 2)`, and within a register, element `i` holds column
//! `tig·(32 / element bits) + i`; registers 2 and 3 repeat rows `group` and `group + 8` 128
//! bits of K further on. C holds row `group + 8·(value / 2)`, column `2·tig + value % 2`.
//!
//! ```
//! use cute_layout::atom::{MmaTraits, SM80_16x8x64_S32S4S4S32_TN as Atom};
//! use cute_layout::Layout;
//! type A = <Atom as MmaTraits>::ALayout;
//! // Lane 6 (group 1, tig 2), value 9 = register 1, nibble 1: row 1 + 8 = 9, column 16 + 1.
//! assert_eq!(A::new().call((6, 9)), 9 + 16 * 17);
//! ```

use typenum::{U1, U128, U16, U2, U256, U32, U4, U64, U8};

use super::{bfloat16_t, half_t, int4b_t, tfloat32_t, uint1_t, uint4b_t};
use crate::Layout;

/// (T32,V1) → (M8,N4): CuTe's `SM80_8x4`.
pub(super) type SM80_8x4 = Layout![((4,8),1):((8,1),0)];
/// (T32,V2) → (M8,N8): CuTe's `SM80_8x8_Row`.
pub(super) type SM80_8x8_Row = Layout![((4,8),2):((16,1),8)];
/// (T32,V4) → (M8,N16): CuTe's `SM80_8x16_Row`.
pub(super) type SM80_8x16_Row = Layout![((4,8),4):((32,1),8)];
/// (T32,V4) → (M16,N8): CuTe's `SM80_16x8_Row`.
pub(super) type SM80_16x8_Row = Layout![((4,8),(2,2)):((32,1),(16,8))];

/// Defines an MMA atom: a zero-sized type and its [`MmaTraits`] (`ThrID` defaults to a warp,
/// `Layout<_32>`).
macro_rules! mma_atom {
    ($(#[$doc:meta])* $Name:ident {
        D: $D:ty, A: $A:ty, B: $B:ty, C: $C:ty,
        MNK: ($Mm:ty, $Nn:ty, $Kk:ty),
        $(ThrID: $Thr:ty,)?
        ALayout: $AL:ty, BLayout: $BL:ty, CLayout: $CL:ty,
        Regs: [$RA:ty; $NA:ty], [$RB:ty; $NB:ty], [$RC:ty; $NC:ty], [$RD:ty; $ND:ty] $(,)?
    }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $Name;
        impl $crate::atom::MmaTraits for $Name {
            type ValTypeD = $D;
            type ValTypeA = $A;
            type ValTypeB = $B;
            type ValTypeC = $C;
            type Shape_MNK = ($Mm, $Nn, $Kk);
            type ThrID = mma_atom!(@thr $($Thr)?);
            type ALayout = $AL;
            type BLayout = $BL;
            type CLayout = $CL;
            type ARegisters = generic_array::GenericArray<$RA, $NA>;
            type BRegisters = generic_array::GenericArray<$RB, $NB>;
            type CRegisters = generic_array::GenericArray<$RC, $NC>;
            type DRegisters = generic_array::GenericArray<$RD, $ND>;
        }
    };
    (@thr) => { $crate::Layout![32] };
    (@thr $Thr:ty) => { $Thr };
}
pub(super) use mma_atom;

/// Defines the atoms of one integer shape: the same layouts and registers for every pair of
/// input types, each with and without `.satfinite` (`_SATURATE`).
macro_rules! int_family {
    ($shape:literal, MNK: ($Mm:ty, $Nn:ty, $Kk:ty),
     ALayout: $AL:ty, BLayout: $BL:ty, CLayout: $CL:ty,
     Regs: [$NA:ty], [$NB:ty], [$NC:ty];
     $($Name:ident $Sat:ident: $A:ty, $B:ty, $ta:literal, $tb:literal;)*) => {$(
        mma_atom! {
            #[doc = concat!("`mma.sync.aligned.", $shape, ".row.col.s32.", $ta, ".", $tb, ".s32`.")]
            $Name {
                D: i32, A: $A, B: $B, C: i32, MNK: ($Mm, $Nn, $Kk),
                ALayout: $AL, BLayout: $BL, CLayout: $CL,
                Regs: [u32; $NA], [u32; $NB], [u32; $NC], [u32; $NC],
            }
        }
        mma_atom! {
            #[doc = concat!("`mma.sync.aligned.", $shape, ".row.col.s32.", $ta, ".", $tb,
                ".s32.satfinite`: [`", stringify!($Name), "`], clamping to the `s32` range.")]
            $Sat {
                D: i32, A: $A, B: $B, C: i32, MNK: ($Mm, $Nn, $Kk),
                ALayout: $AL, BLayout: $BL, CLayout: $CL,
                Regs: [u32; $NA], [u32; $NB], [u32; $NC], [u32; $NC],
            }
        }
    )*};
}

// ---------------------------------------------------------------------------------------------
// 16-bit floats

/// The A layout of the 16x8x16 16-bit atoms.
type A16x8x16 = Layout![((4,8),(2,2,2)):((32,1),(16,8,128))];
/// The B layout of the 16x8x16 16-bit atoms.
type B16x8x16 = Layout![((4,8),(2,2)):((16,1),(8,64))];

mma_atom! {
    /// `mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16`.
    SM80_16x8x8_F16F16F16F16_TN {
        D: half_t, A: half_t, B: half_t, C: half_t, MNK: (U16, U8, U8),
        ALayout: SM80_16x8_Row, BLayout: SM80_8x8_Row, CLayout: SM80_16x8_Row,
        Regs: [u32; U2], [u32; U1], [u32; U2], [u32; U2],
    }
}
mma_atom! {
    /// `mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16`.
    SM80_16x8x16_F16F16F16F16_TN {
        D: half_t, A: half_t, B: half_t, C: half_t, MNK: (U16, U8, U16),
        ALayout: A16x8x16, BLayout: B16x8x16, CLayout: SM80_16x8_Row,
        Regs: [u32; U4], [u32; U2], [u32; U2], [u32; U2],
    }
}
mma_atom! {
    /// `mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32`.
    SM80_16x8x8_F32F16F16F32_TN {
        D: f32, A: half_t, B: half_t, C: f32, MNK: (U16, U8, U8),
        ALayout: SM80_16x8_Row, BLayout: SM80_8x8_Row, CLayout: SM80_16x8_Row,
        Regs: [u32; U2], [u32; U1], [f32; U4], [f32; U4],
    }
}
mma_atom! {
    /// `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32`.
    SM80_16x8x16_F32F16F16F32_TN {
        D: f32, A: half_t, B: half_t, C: f32, MNK: (U16, U8, U16),
        ALayout: A16x8x16, BLayout: B16x8x16, CLayout: SM80_16x8_Row,
        Regs: [u32; U4], [u32; U2], [f32; U4], [f32; U4],
    }
}
mma_atom! {
    /// `mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32`.
    SM80_16x8x8_F32BF16BF16F32_TN {
        D: f32, A: bfloat16_t, B: bfloat16_t, C: f32, MNK: (U16, U8, U8),
        ALayout: SM80_16x8_Row, BLayout: SM80_8x8_Row, CLayout: SM80_16x8_Row,
        Regs: [u32; U2], [u32; U1], [f32; U4], [f32; U4],
    }
}
mma_atom! {
    /// `mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32`.
    SM80_16x8x16_F32BF16BF16F32_TN {
        D: f32, A: bfloat16_t, B: bfloat16_t, C: f32, MNK: (U16, U8, U16),
        ALayout: A16x8x16, BLayout: B16x8x16, CLayout: SM80_16x8_Row,
        Regs: [u32; U4], [u32; U2], [f32; U4], [f32; U4],
    }
}

// ---------------------------------------------------------------------------------------------
// TF32 and F64

mma_atom! {
    /// `mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32`.
    SM80_16x8x4_F32TF32TF32F32_TN {
        D: f32, A: tfloat32_t, B: tfloat32_t, C: f32, MNK: (U16, U8, U4),
        ALayout: Layout![((4,8),2):((16,1),8)],
        BLayout: SM80_8x4,
        CLayout: SM80_16x8_Row,
        Regs: [u32; U2], [u32; U1], [f32; U4], [f32; U4],
    }
}
mma_atom! {
    /// `mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32`.
    SM80_16x8x8_F32TF32TF32F32_TN {
        D: f32, A: tfloat32_t, B: tfloat32_t, C: f32, MNK: (U16, U8, U8),
        ALayout: Layout![((4,8),(2,2)):((16,1),(8,64))],
        BLayout: Layout![((4,8),2):((8,1),32)],
        CLayout: SM80_16x8_Row,
        Regs: [u32; U4], [u32; U2], [f32; U4], [f32; U4],
    }
}
mma_atom! {
    /// `mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64`.
    SM80_8x8x4_F64F64F64F64_TN {
        D: f64, A: f64, B: f64, C: f64, MNK: (U8, U8, U4),
        ALayout: SM80_8x4, BLayout: SM80_8x4, CLayout: SM80_8x8_Row,
        Regs: [f64; U1], [f64; U1], [f64; U2], [f64; U2],
    }
}

// ---------------------------------------------------------------------------------------------
// 8-bit integers: one register holds 4 elements of K

int_family! {
    "m8n8k16", MNK: (U8, U8, U16),
    ALayout: SM80_8x16_Row, BLayout: SM80_8x16_Row, CLayout: SM80_8x8_Row,
    Regs: [U1], [U1], [U2];
    SM80_8x8x16_S32S8S8S32_TN SM80_8x8x16_S32S8S8S32_TN_SATURATE: i8, i8, "s8", "s8";
    SM80_8x8x16_S32S8U8S32_TN SM80_8x8x16_S32S8U8S32_TN_SATURATE: i8, u8, "s8", "u8";
    SM80_8x8x16_S32U8S8S32_TN SM80_8x8x16_S32U8S8S32_TN_SATURATE: u8, i8, "u8", "s8";
    SM80_8x8x16_S32U8U8S32_TN SM80_8x8x16_S32U8U8S32_TN_SATURATE: u8, u8, "u8", "u8";
}
int_family! {
    "m16n8k16", MNK: (U16, U8, U16),
    ALayout: Layout![((4,8),(4,2)):((64,1),(16,8))],
    BLayout: SM80_8x16_Row, CLayout: SM80_16x8_Row,
    Regs: [U2], [U1], [U4];
    SM80_16x8x16_S32S8S8S32_TN SM80_16x8x16_S32S8S8S32_TN_SATURATE: i8, i8, "s8", "s8";
    SM80_16x8x16_S32S8U8S32_TN SM80_16x8x16_S32S8U8S32_TN_SATURATE: i8, u8, "s8", "u8";
    SM80_16x8x16_S32U8S8S32_TN SM80_16x8x16_S32U8S8S32_TN_SATURATE: u8, i8, "u8", "s8";
    SM80_16x8x16_S32U8U8S32_TN SM80_16x8x16_S32U8U8S32_TN_SATURATE: u8, u8, "u8", "u8";
}
/// The A layout of the 16x8x32 8-bit atoms (also SM89's FP8 atoms).
pub(super) type A16x8x32_8b = Layout![((4,8),(4,2,2)):((64,1),(16,8,256))];
/// The B layout of the 16x8x32 8-bit atoms.
pub(super) type B16x8x32_8b = Layout![((4,8),(4,2)):((32,1),(8,128))];
int_family! {
    "m16n8k32", MNK: (U16, U8, U32),
    ALayout: A16x8x32_8b, BLayout: B16x8x32_8b, CLayout: SM80_16x8_Row,
    Regs: [U4], [U2], [U4];
    SM80_16x8x32_S32S8S8S32_TN SM80_16x8x32_S32S8S8S32_TN_SATURATE: i8, i8, "s8", "s8";
    SM80_16x8x32_S32S8U8S32_TN SM80_16x8x32_S32S8U8S32_TN_SATURATE: i8, u8, "s8", "u8";
    SM80_16x8x32_S32U8S8S32_TN SM80_16x8x32_S32U8S8S32_TN_SATURATE: u8, i8, "u8", "s8";
    SM80_16x8x32_S32U8U8S32_TN SM80_16x8x32_S32U8U8S32_TN_SATURATE: u8, u8, "u8", "u8";
}

// ---------------------------------------------------------------------------------------------
// 4-bit integers: one register holds 8 elements of K

/// The 4-bit fragment of 8 rows or columns: one register of 8 elements of K (CuTe writes the
/// value mode as the 1-tuple `(8)`).
type S4x8 = Layout![((4,8),(8)):((64,1),(8))];
int_family! {
    "m8n8k32", MNK: (U8, U8, U32),
    ALayout: S4x8,
    BLayout: S4x8,
    CLayout: SM80_8x8_Row,
    Regs: [U1], [U1], [U2];
    SM80_8x8x32_S32S4S4S32_TN SM80_8x8x32_S32S4S4S32_TN_SATURATE: int4b_t, int4b_t, "s4", "s4";
    SM80_8x8x32_S32S4U4S32_TN SM80_8x8x32_S32S4U4S32_TN_SATURATE: int4b_t, uint4b_t, "s4", "u4";
    SM80_8x8x32_S32U4S4S32_TN SM80_8x8x32_S32U4S4S32_TN_SATURATE: uint4b_t, int4b_t, "u4", "s4";
    SM80_8x8x32_S32U4U4S32_TN SM80_8x8x32_S32U4U4S32_TN_SATURATE: uint4b_t, uint4b_t, "u4", "u4";
}
int_family! {
    "m16n8k32", MNK: (U16, U8, U32),
    ALayout: Layout![((4,8),(8,2)):((128,1),(16,8))],
    BLayout: S4x8,
    CLayout: SM80_16x8_Row,
    Regs: [U2], [U1], [U4];
    SM80_16x8x32_S32S4S4S32_TN SM80_16x8x32_S32S4S4S32_TN_SATURATE: int4b_t, int4b_t, "s4", "s4";
    SM80_16x8x32_S32S4U4S32_TN SM80_16x8x32_S32S4U4S32_TN_SATURATE: int4b_t, uint4b_t, "s4", "u4";
    SM80_16x8x32_S32U4S4S32_TN SM80_16x8x32_S32U4S4S32_TN_SATURATE: uint4b_t, int4b_t, "u4", "s4";
    SM80_16x8x32_S32U4U4S32_TN SM80_16x8x32_S32U4U4S32_TN_SATURATE: uint4b_t, uint4b_t, "u4", "u4";
}
int_family! {
    "m16n8k64", MNK: (U16, U8, U64),
    ALayout: Layout![((4,8),(8,2,2)):((128,1),(16,8,512))],
    BLayout: Layout![((4,8),(8,2)):((64,1),(8,256))],
    CLayout: SM80_16x8_Row,
    Regs: [U4], [U2], [U4];
    SM80_16x8x64_S32S4S4S32_TN SM80_16x8x64_S32S4S4S32_TN_SATURATE: int4b_t, int4b_t, "s4", "s4";
    SM80_16x8x64_S32S4U4S32_TN SM80_16x8x64_S32S4U4S32_TN_SATURATE: int4b_t, uint4b_t, "s4", "u4";
    SM80_16x8x64_S32U4S4S32_TN SM80_16x8x64_S32U4S4S32_TN_SATURATE: uint4b_t, int4b_t, "u4", "s4";
    SM80_16x8x64_S32U4U4S32_TN SM80_16x8x64_S32U4U4S32_TN_SATURATE: uint4b_t, uint4b_t, "u4", "u4";
}

// ---------------------------------------------------------------------------------------------
// 1-bit: one register holds 32 elements of K; D = C + Σ_k popc(a_k AND|XOR b_k)

/// Defines the `.and.popc` and `.xor.popc` atoms of one 1-bit shape.
macro_rules! b1_family {
    ($shape:literal, $And:ident, $Xor:ident, MNK: ($Mm:ty, $Nn:ty, $Kk:ty),
     ALayout: $AL:ty, BLayout: $BL:ty, CLayout: $CL:ty,
     Regs: [$NA:ty], [$NB:ty], [$NC:ty]) => {
        mma_atom! {
            #[doc = concat!("`mma.sync.aligned.", $shape, ".row.col.s32.b1.b1.s32.and.popc`: ",
                "D = C + Σ_k popc(A(m,k) AND B(k,n)).")]
            $And {
                D: i32, A: uint1_t, B: uint1_t, C: i32, MNK: ($Mm, $Nn, $Kk),
                ALayout: $AL, BLayout: $BL, CLayout: $CL,
                Regs: [u32; $NA], [u32; $NB], [u32; $NC], [u32; $NC],
            }
        }
        mma_atom! {
            #[doc = concat!("`mma.sync.aligned.", $shape, ".row.col.s32.b1.b1.s32.xor.popc`: ",
                "D = C + Σ_k popc(A(m,k) XOR B(k,n)).")]
            $Xor {
                D: i32, A: uint1_t, B: uint1_t, C: i32, MNK: ($Mm, $Nn, $Kk),
                ALayout: $AL, BLayout: $BL, CLayout: $CL,
                Regs: [u32; $NA], [u32; $NB], [u32; $NC], [u32; $NC],
            }
        }
    };
}
b1_family! {
    "m8n8k128", SM80_8x8x128_S32U1U1S32_TN_ANDPOPC, SM80_8x8x128_S32U1U1S32_TN_XORPOPC,
    MNK: (U8, U8, U128),
    ALayout: Layout![((4,8),32):((256,1),8)],
    BLayout: Layout![((4,8),32):((256,1),8)],
    CLayout: SM80_8x8_Row,
    Regs: [U1], [U1], [U2]
}
b1_family! {
    "m16n8k128", SM80_16x8x128_S32U1U1S32_TN_ANDPOPC, SM80_16x8x128_S32U1U1S32_TN_XORPOPC,
    MNK: (U16, U8, U128),
    ALayout: Layout![((4,8),(32,2)):((512,1),(16,8))],
    BLayout: Layout![((4,8),32):((256,1),8)],
    CLayout: SM80_16x8_Row,
    Regs: [U2], [U1], [U4]
}
b1_family! {
    "m16n8k256", SM80_16x8x256_S32U1U1S32_TN_ANDPOPC, SM80_16x8x256_S32U1U1S32_TN_XORPOPC,
    MNK: (U16, U8, U256),
    ALayout: Layout![((4,8),(32,2,2)):((512,1),(16,8,2048))],
    BLayout: Layout![((4,8),(32,2)):((256,1),(8,1024))],
    CLayout: SM80_16x8_Row,
    Regs: [U4], [U2], [U4]
}
