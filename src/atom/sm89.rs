//! The SM89 (Ada) FP8 `mma.sync` atoms (CuTe `mma_traits_sm89.hpp`, `cute/arch/mma_sm89.hpp`):
//! `m16n8k32` with `e4m3` / `e5m2` inputs and an f32 or f16 accumulator.
//!
//! An 8-bit element's fragment does not depend on its encoding: the layouts are those of the
//! SM80 `m16n8k32` 8-bit integer atoms (a register holds 4 elements of K).
//!
//! ```
//! use cute_layout::atom::{MmaTraits, SM89_16x8x32_F32E4M3E4M3F32_TN as Atom};
//! use cute_layout::Layout;
//! type A = <Atom as MmaTraits>::ALayout;
//! // Lane 5 (group 1, tig 1), value 6 = register 1, byte 2: row 1 + 8, column 4 + 2.
//! assert_eq!(A::new().call((5, 6)), 9 + 16 * 6);
//! ```

use typenum::{U16, U2, U32, U4, U8};

use super::sm80::{mma_atom, A16x8x32_8b, B16x8x32_8b, SM80_16x8_Row};
use super::{float_e4m3_t, float_e5m2_t, half_t};

/// Defines the FP8 atoms of one input-type pair (f32 and f16 accumulators).
macro_rules! fp8_pair {
    ($($F32:ident $F16:ident: $A:ty, $B:ty, $ta:literal, $tb:literal;)*) => {$(
        mma_atom! {
            #[doc = concat!("`mma.sync.aligned.m16n8k32.row.col.f32.", $ta, ".", $tb, ".f32`.")]
            $F32 {
                D: f32, A: $A, B: $B, C: f32, MNK: (U16, U8, U32),
                ALayout: A16x8x32_8b, BLayout: B16x8x32_8b, CLayout: SM80_16x8_Row,
                Regs: [u32; U4], [u32; U2], [f32; U4], [f32; U4],
            }
        }
        mma_atom! {
            #[doc = concat!("`mma.sync.aligned.m16n8k32.row.col.f16.", $ta, ".", $tb, ".f16`: ",
                "C and D are two registers of two halfs.")]
            $F16 {
                D: half_t, A: $A, B: $B, C: half_t, MNK: (U16, U8, U32),
                ALayout: A16x8x32_8b, BLayout: B16x8x32_8b, CLayout: SM80_16x8_Row,
                Regs: [u32; U4], [u32; U2], [u32; U2], [u32; U2],
            }
        }
    )*};
}
fp8_pair! {
    SM89_16x8x32_F32E4M3E4M3F32_TN SM89_16x8x32_F16E4M3E4M3F16_TN: float_e4m3_t, float_e4m3_t, "e4m3", "e4m3";
    SM89_16x8x32_F32E4M3E5M2F32_TN SM89_16x8x32_F16E4M3E5M2F16_TN: float_e4m3_t, float_e5m2_t, "e4m3", "e5m2";
    SM89_16x8x32_F32E5M2E4M3F32_TN SM89_16x8x32_F16E5M2E4M3F16_TN: float_e5m2_t, float_e4m3_t, "e5m2", "e4m3";
    SM89_16x8x32_F32E5M2E5M2F32_TN SM89_16x8x32_F16E5M2E5M2F16_TN: float_e5m2_t, float_e5m2_t, "e5m2", "e5m2";
}
