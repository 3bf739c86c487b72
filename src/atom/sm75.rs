//! The SM75 (Turing) `mma.sync` atoms (CuTe `mma_traits_sm75.hpp`, `cute/arch/mma_sm75.hpp`).
//!
//! The same fragments as the SM80 atoms of the same shape (the PTX ISA gives `m16n8k8` f16 and
//! `m8n8k16` s8 one fragment layout on every architecture that has them):
//!
//! ```
//! use cute_layout::atom::{MmaTraits, SM75_8x8x16_S32S8S8S32_TN, SM80_8x8x16_S32S8S8S32_TN};
//! use cute_layout::Layout;
//! type A75 = <SM75_8x8x16_S32S8S8S32_TN as MmaTraits>::ALayout;
//! type A80 = <SM80_8x8x16_S32S8S8S32_TN as MmaTraits>::ALayout;
//! assert_eq!(A75::new().to_string(), "((4,8),4):((32,1),8)");
//! assert_eq!(A75::new().to_string(), A80::new().to_string());
//! ```

use typenum::{U1, U16, U2, U4, U8};

use super::half_t;
use super::sm80::{mma_atom, SM80_16x8_Row, SM80_8x16_Row, SM80_8x8_Row};

mma_atom! {
    /// `mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32` (sm_75 and later).
    SM75_16x8x8_F32F16F16F32_TN {
        D: f32, A: half_t, B: half_t, C: f32, MNK: (U16, U8, U8),
        ALayout: SM80_16x8_Row, BLayout: SM80_8x8_Row, CLayout: SM80_16x8_Row,
        Regs: [u32; U2], [u32; U1], [f32; U4], [f32; U4],
    }
}
mma_atom! {
    /// `mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32` (sm_75 and later).
    SM75_8x8x16_S32S8S8S32_TN {
        D: i32, A: i8, B: i8, C: i32, MNK: (U8, U8, U16),
        ALayout: SM80_8x16_Row, BLayout: SM80_8x16_Row, CLayout: SM80_8x8_Row,
        Regs: [u32; U1], [u32; U1], [u32; U2], [u32; U2],
    }
}
