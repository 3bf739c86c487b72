//! The SM70 (Volta) `mma.sync.m8n8k4` atoms (CuTe `mma_traits_sm70.hpp`,
//! `cute/arch/mma_sm70.hpp`): one 8x8x4 product per **quad pair**, four independent products
//! per warp.
//!
//! Quad pair 0 is lanes 0-3 and 16-19: `ThrID = (4,2):(1,16)` maps the atom's 8 logical
//! threads to those lanes (a TiledMMA places the other quad pairs at lane offsets 4, 8, 12).
//! The `_TN`, `_NT`, `_NN`, `_TT` suffixes are CuTe's (A, B) majors: `T` = `.row` for A and
//! `.col` for B (K contiguous in a thread: `(8,4):(1,8)`, thread `i` holds row / column `i`),
//! `N` the other (`((4,2),4):((8,4),1)`: thread `(t0, t1)` holds k = `t0` of rows `4·t1 ..
//! 4·t1 + 3`). A f16 accumulator gives thread `i` row `i` of C; an f32 accumulator is spread
//! over the quad pair.
//!
//! ```
//! use cute_layout::atom::{MmaTraits, SM70_8x8x4_F32F16F16F32_TN as Atom};
//! use cute_layout::Layout;
//! type Thr = <Atom as MmaTraits>::ThrID;
//! assert_eq!(Thr::new().call(5), 17); // logical thread 5 is lane 17
//! type C = <Atom as MmaTraits>::CLayout;
//! assert_eq!(C::new().to_string(), "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))");
//! ```
//!
//! `mma.sync.m8n8k4` with f16 inputs is optimized for sm_70; the PTX ISA notes that it may run
//! substantially slower on later architectures (it runs, and was recorded, on an sm_90 GPU).

use typenum::{U2, U4, U8};

use super::half_t;
use super::sm80::mma_atom;
use crate::Layout;

/// Logical thread → lane of quad pair 0: CuTe's `SM70_QuadPair`.
type SM70_QuadPair = Layout![(4,2):(1,16)];
/// (T8,V4) → (M8,K4), K contiguous per thread: CuTe's `SM70_8x4_Row`.
type SM70_8x4_Row = Layout![(8,4):(1,8)];
/// (T8,V4) → (M8,K4), M contiguous per thread: CuTe's `SM70_8x4_Col`.
type SM70_8x4_Col = Layout![((4,2),4):((8,4),1)];
/// (T8,V8) → (M8,N8), 16-bit C: CuTe's `SM70_8x8_16b`.
type SM70_8x8_16b = Layout![(8,8):(1,8)];
/// (T8,V8) → (M8,N8), 32-bit C: CuTe's `SM70_8x8_32b`.
type SM70_8x8_32b = Layout![((2,2,2),(2,2,2)):((1,16,4),(8,2,32))];

/// Defines the four majors of one accumulator type.
macro_rules! sm70_family {
    ($acc:literal, $D:ty, $CL:ty, [$RC:ty; $NC:ty];
     $($Name:ident: $la:literal $lb:literal, $AL:ty, $BL:ty;)*) => {$(
        mma_atom! {
            #[doc = concat!("`mma.sync.aligned.m8n8k4.", $la, ".", $lb, ".", $acc, ".f16.f16.",
                $acc, "` on a quad pair.")]
            $Name {
                D: $D, A: half_t, B: half_t, C: $D, MNK: (U8, U8, U4),
                ThrID: SM70_QuadPair,
                ALayout: $AL, BLayout: $BL, CLayout: $CL,
                Regs: [u32; U2], [u32; U2], [$RC; $NC], [$RC; $NC],
            }
        }
    )*};
}
sm70_family! {
    "f16", half_t, SM70_8x8_16b, [u32; U4];
    SM70_8x8x4_F16F16F16F16_TN: "row" "col", SM70_8x4_Row, SM70_8x4_Row;
    SM70_8x8x4_F16F16F16F16_NT: "col" "row", SM70_8x4_Col, SM70_8x4_Col;
    SM70_8x8x4_F16F16F16F16_NN: "col" "col", SM70_8x4_Col, SM70_8x4_Row;
    SM70_8x8x4_F16F16F16F16_TT: "row" "row", SM70_8x4_Row, SM70_8x4_Col;
}
sm70_family! {
    "f32", f32, SM70_8x8_32b, [f32; U8];
    SM70_8x8x4_F32F16F16F32_TN: "row" "col", SM70_8x4_Row, SM70_8x4_Row;
    SM70_8x8x4_F32F16F16F32_NT: "col" "row", SM70_8x4_Col, SM70_8x4_Col;
    SM70_8x8x4_F32F16F16F32_NN: "col" "col", SM70_8x4_Col, SM70_8x4_Row;
    SM70_8x8x4_F32F16F16F32_TT: "row" "row", SM70_8x4_Row, SM70_8x4_Col;
}
