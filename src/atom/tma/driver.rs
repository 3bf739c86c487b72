//! The driver's enums and the descriptor parameters (`cuTensorMapEncodeTiled`'s arguments).

use super::*;

/// `CUtensorMapDataType` (cuda.h numbering), as CuTe's `to_CUtensorMapDataType<T>` picks it.
///
/// ```
/// use cute_layout::atom::tma::TmaDataType;
/// assert_eq!(TmaDataType::Float16 as u32, 6);
/// assert_eq!(TmaDataType::Float16.bits(), 16);
/// assert_eq!(TmaDataType::for_bits(8), Some(TmaDataType::Uint8));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum TmaDataType {
    /// `int8_t`, `uint8_t`, `float_e4m3_t`, `float_e5m2_t`.
    Uint8 = 0,
    /// `uint16_t`.
    Uint16 = 1,
    /// `uint32_t`.
    Uint32 = 2,
    /// `int32_t`.
    Int32 = 3,
    /// `uint64_t`.
    Uint64 = 4,
    /// `int64_t`.
    Int64 = 5,
    /// `half_t`.
    Float16 = 6,
    /// `float`.
    Float32 = 7,
    /// `double`.
    Float64 = 8,
    /// `bfloat16_t`.
    Bfloat16 = 9,
    /// `tfloat32_t`.
    Tfloat32 = 11,
}

impl TmaDataType {
    /// The element width in bits.
    pub const fn bits(self) -> u32 {
        match self {
            TmaDataType::Uint8 => 8,
            TmaDataType::Uint16 | TmaDataType::Float16 | TmaDataType::Bfloat16 => 16,
            TmaDataType::Uint32 | TmaDataType::Int32 | TmaDataType::Float32 => 32,
            TmaDataType::Tfloat32 => 32,
            TmaDataType::Uint64 | TmaDataType::Int64 | TmaDataType::Float64 => 64,
        }
    }
    /// The type CuTe picks for the usual element of a width: `uint8_t`, `half_t`, `float`,
    /// `double` (`None` for other widths).
    pub const fn for_bits(bits: u32) -> Option<Self> {
        match bits {
            8 => Some(TmaDataType::Uint8),
            16 => Some(TmaDataType::Float16),
            32 => Some(TmaDataType::Float32),
            64 => Some(TmaDataType::Float64),
            _ => None,
        }
    }
}

/// `CUtensorMapSwizzle`: the shared-memory swizzle of a box. CuTe maps the smem layout's
/// swizzle `Sw<B,4,3>` on byte addresses (16 B units) to `B = 0, 1, 2, 3` → none, 32 B, 64 B,
/// 128 B (`get_tma_swizzle_bits`).
///
/// ```
/// use cute_layout::atom::tma::TmaSwizzle;
/// assert_eq!(TmaSwizzle::B64.span_bytes(), 64);
/// assert_eq!(TmaSwizzle::B128.to_string(), "128B");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum TmaSwizzle {
    /// `CU_TENSOR_MAP_SWIZZLE_NONE`.
    None = 0,
    /// `CU_TENSOR_MAP_SWIZZLE_32B` (`Sw<1,4,3>` on bytes).
    B32 = 1,
    /// `CU_TENSOR_MAP_SWIZZLE_64B` (`Sw<2,4,3>` on bytes).
    B64 = 2,
    /// `CU_TENSOR_MAP_SWIZZLE_128B` (`Sw<3,4,3>` on bytes).
    B128 = 3,
}

impl TmaSwizzle {
    /// The bytes of one swizzled row: 16 for none (the 16 B granule), 32, 64, 128.
    pub const fn span_bytes(self) -> u64 {
        16 << (self as u32)
    }
    /// The swizzle on byte addresses, `Sw<B,4,3>`.
    pub fn byte_swizzle(self) -> DynSwizzle {
        // B ≤ 3, M = 4, S = 3 always satisfy the swizzle conditions.
        DynSwizzle::new(self as i64, 4, 3).unwrap_or_else(|_| unreachable!())
    }
}

impl core::fmt::Display for TmaSwizzle {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            TmaSwizzle::None => "none",
            TmaSwizzle::B32 => "32B",
            TmaSwizzle::B64 => "64B",
            TmaSwizzle::B128 => "128B",
        })
    }
}

/// `CUtensorMapInterleave`; CuTe always passes `NONE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum TmaInterleave {
    /// `CU_TENSOR_MAP_INTERLEAVE_NONE`.
    None = 0,
}

/// `CUtensorMapL2promotion`; CuTe passes `L2_128B`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum TmaL2Promotion {
    /// `CU_TENSOR_MAP_L2_PROMOTION_NONE`.
    None = 0,
    /// `CU_TENSOR_MAP_L2_PROMOTION_L2_128B`.
    L2_128B = 2,
}

/// `CUtensorMapFloatOOBfill`; CuTe passes `NONE` (out-of-bounds elements of a load are
/// zero-filled).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum TmaOobFill {
    /// `CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE`: zeros.
    None = 0,
}

/// The arguments of `cuTensorMapEncodeTiled` (after the map and the global address), in the
/// order and units the driver takes them: dimension 0 is the innermost (unit-stride) one,
/// `global_strides_bytes[i]` is the byte stride of dimension `i + 1`. Entries past `rank` are
/// unused (dims and box 1, strides 0), as in CuTe's `cute::array<.., 5>`.
///
/// ```
/// use cute_layout::atom::tma::{make_tma_copy, TmaDataType, SM90_TMA_LOAD};
/// use cute_layout::{DynLayout, DynTuple};
/// let gmem: DynLayout = "(1024,256):(256,1)".parse().unwrap(); // CuTe's "Simple 2D" example
/// let smem: DynLayout = "(64,32):(32,1)".parse().unwrap();
/// let tile: DynTuple = "(64,32)".parse().unwrap();
/// let p = *make_tma_copy(SM90_TMA_LOAD, TmaDataType::Float32, &gmem, &smem, &tile, 1)
///     .unwrap()
///     .params();
/// assert_eq!((p.rank, p.global_dims(), p.global_strides_bytes()), (2, &[256, 1024][..], &[1024][..]));
/// assert_eq!((p.box_dims(), p.element_strides()), (&[32, 64][..], &[1, 1][..]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TmaDescriptorParams {
    /// `tensorDataType`.
    pub data_type: TmaDataType,
    /// `tensorRank`, 1 to 5.
    pub rank: u32,
    /// `globalDim`: the extent of each dimension, in elements.
    pub global_dims: [u64; 5],
    /// `globalStrides`: the byte stride of dimensions 1 to `rank − 1`.
    pub global_strides_bytes: [u64; 4],
    /// `boxDim`: the box extent of each dimension, in elements.
    pub box_dims: [u32; 5],
    /// `elementStrides`: always 1 in CuTe.
    pub element_strides: [u32; 5],
    /// `interleave`.
    pub interleave: TmaInterleave,
    /// `swizzle`.
    pub swizzle: TmaSwizzle,
    /// `l2Promotion`.
    pub l2_promotion: TmaL2Promotion,
    /// `oobFill`.
    pub oob_fill: TmaOobFill,
}

impl TmaDescriptorParams {
    /// The descriptor of a plan (`rules::tma`): its dimensions, strides and boxes, with
    /// CuTe's fixed choices (element strides 1, no interleave, L2 promotion 128 B, OOB fill
    /// none). Both engines build their descriptor with it.
    pub(crate) const fn from_plan(
        data_type: TmaDataType,
        swizzle: TmaSwizzle,
        plan: &crate::rules::tma::TmaPlan,
    ) -> Self {
        let mut box_dims = [1u32; 5];
        let mut i = 0;
        while i < 5 {
            box_dims[i] = plan.boxes[i] as u32;
            i += 1;
        }
        TmaDescriptorParams {
            data_type,
            rank: plan.rank as u32,
            global_dims: plan.dims,
            global_strides_bytes: plan.strides_bytes,
            box_dims,
            element_strides: [1; 5],
            interleave: TmaInterleave::None,
            swizzle,
            l2_promotion: TmaL2Promotion::L2_128B,
            oob_fill: TmaOobFill::None,
        }
    }

    /// `globalDim[..rank]`.
    pub fn global_dims(&self) -> &[u64] {
        &self.global_dims[..self.rank as usize]
    }
    /// `globalStrides[..rank − 1]`.
    pub fn global_strides_bytes(&self) -> &[u64] {
        &self.global_strides_bytes[..self.rank as usize - 1]
    }
    /// `boxDim[..rank]`.
    pub fn box_dims(&self) -> &[u32] {
        &self.box_dims[..self.rank as usize]
    }
    /// `elementStrides[..rank]`.
    pub fn element_strides(&self) -> &[u32] {
        &self.element_strides[..self.rank as usize]
    }
    /// Bytes of one box (the transaction count of one instruction).
    pub fn box_bytes(&self) -> u64 {
        let n: u64 = self.box_dims().iter().map(|&b| u64::from(b)).product();
        n * u64::from(self.data_type.bits()) / 8
    }
}
