//! The SM80 `mma.sync` atoms (CuTe `mma_traits_sm80.hpp`).

use generic_array::GenericArray;
use typenum::{U1, U16, U2, U32, U4, U8};

use super::{bfloat16_t, half_t, tfloat32_t, MmaTraits};
use crate::Layout;

/// (T32,V1) → (M8,N4): CuTe's `SM80_8x4`.
type SM80_8x4 = Layout![((4,8),1):((8,1),0)];
/// (T32,V2) → (M8,N8): CuTe's `SM80_8x8_Row`.
type SM80_8x8_Row = Layout![((4,8),2):((16,1),8)];
/// (T32,V4) → (M16,N8): CuTe's `SM80_16x8_Row`.
type SM80_16x8_Row = Layout![((4,8),(2,2)):((32,1),(16,8))];

macro_rules! mma_atom {
    ($(#[$doc:meta])* $Name:ident {
        D: $D:ty, A: $A:ty, B: $B:ty, C: $C:ty,
        MNK: ($Mm:ty, $Nn:ty, $Kk:ty),
        ALayout: $AL:ty, BLayout: $BL:ty, CLayout: $CL:ty,
        Regs: [$RA:ty; $NA:ty], [$RB:ty; $NB:ty], [$RC:ty; $NC:ty], [$RD:ty; $ND:ty] $(,)?
    }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $Name;
        impl MmaTraits for $Name {
            type ValTypeD = $D;
            type ValTypeA = $A;
            type ValTypeB = $B;
            type ValTypeC = $C;
            type Shape_MNK = ($Mm, $Nn, $Kk);
            type ThrID = Layout![32];
            type ALayout = $AL;
            type BLayout = $BL;
            type CLayout = $CL;
            type ARegisters = GenericArray<$RA, $NA>;
            type BRegisters = GenericArray<$RB, $NB>;
            type CRegisters = GenericArray<$RC, $NC>;
            type DRegisters = GenericArray<$RD, $ND>;
        }
    };
}

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
    /// `mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32`.
    SM80_16x8x16_F32BF16BF16F32_TN {
        D: f32, A: bfloat16_t, B: bfloat16_t, C: f32, MNK: (U16, U8, U16),
        ALayout: A16x8x16, BLayout: B16x8x16, CLayout: SM80_16x8_Row,
        Regs: [u32; U4], [u32; U2], [f32; U4], [f32; U4],
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
mma_atom! {
    /// `mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32`.
    SM80_16x8x32_S32S8S8S32_TN {
        D: i32, A: i8, B: i8, C: i32, MNK: (U16, U8, U32),
        ALayout: Layout![((4,8),(4,2,2)):((64,1),(16,8,256))],
        BLayout: Layout![((4,8),(4,2)):((32,1),(8,128))],
        CLayout: SM80_16x8_Row,
        Regs: [u32; U4], [u32; U2], [u32; U4], [u32; U4],
    }
}
