//! CuTe's `GMMA::make_gmma_desc<Major>(tensor)` (`cute/atom/mma_traits_sm90_gmma.hpp`): the
//! 64-bit shared-memory matrix descriptor a `wgmma` `_SS` operand is read through, built from a
//! shared-memory layout, in the runtime engine.
//!
//! **The contract** (CuTe's comment on `make_gmma_desc`). With `T = 128 / bits` elements per
//! 16-byte unit and the layout type's width `W` = 1, 2, 4, 8 units (INTERLEAVE, 32-, 64-,
//! 128-byte swizzle: `Swizzle<0..3,4,3>` on byte addresses), an operand tile of `MN × K`
//! elements with `K = 2T` (256 bits, one dense `wgmma`'s K) is one of the canonical layouts,
//! strides in elements, `SBO` and `LBO` in 16-byte units:
//!
//! | major | INTERLEAVE | swizzled (W = 2, 4, 8) |
//! |---|---|---|
//! | K  | `((8,m),(T,2)):((1T,SBO),(1,LBO))` | `((8,m),(T,2)):((WT,SBO),(1,T))` |
//! | MN | `((T,1,m),(8,k)):((1,T,SBO),(1T,LBO))` | `((T,W,m),(8,k)):((1,T,LBO),(WT,SBO))` |
//!
//! (`SBO`, `LBO` multiplied by `T` as element strides). The descriptor holds the start address
//! `>> 4` (14 bits), `LBO` and `SBO` (14 bits each), the base offset (3 bits, below) and the
//! layout type (2 bits: INTERLEAVE 0, B128 1, B64 2, B32 3). Where a canonical mode has extent
//! 1 (`m = 1`, `k = 1`) its offset is never used; CuTe writes 0 there, as does
//! [`make_gmma_desc`].
//!
//! **The base offset** (PTX ISA, wgmma "Matrix Descriptor Format"). The hardware swizzles
//! absolute shared-memory address bits; the layout swizzles offsets from its buffer's base,
//! where the swizzle's repeating pattern therefore starts. PTX: the field is 0 when the pattern
//! starts on its boundary (256, 512, 1024 bytes for the 32-, 64-, 128-byte swizzles), otherwise
//! `(pattern start address >> 7) & 7`, the pattern start's 128-byte row in 1024 bytes (swizzled
//! types only). So [`make_gmma_desc`] writes 0 for a pattern-aligned base (CuTe's
//! `make_gmma_desc` always writes 0; for such bases the crate agrees with it) and
//! `(smem_base >> 7) & 7` for any other 128-byte-aligned base; a swizzled base off 128 bytes
//! has no encoding and is refused. Measured on an H200 (`probes/gmma_align/`, checked by
//! `tests/gpu_records_sm90.rs`) for tiles starting at their base (`O = 0`): a base-relative
//! swizzled tile was read correctly with base offset 0 exactly at pattern-aligned bases, with
//! `(base >> 7) & 7` at every 128-byte-aligned base, and at no base off 128 bytes.
//!
//! **Acceptance is by value.** A layout is accepted exactly when it maps every coordinate
//! `(mn, k)` of the tile to the offset a canonical layout gives, whatever its mode structure
//! (CuTe reads the strides off `logical_divide(layout, (W·T or 8, ...))` and so also refuses
//! canonical functions written with split modes, e.g. `((2,4,8),16)` for `(64,16)`); every
//! other input is a [`LayoutError`](crate::LayoutError) naming the violated condition.
//! `tests/gmma_desc_cute.rs` checks every field against CuTe C++ 4.2
//! (`probes/gmma_desc/cute_gmma_desc.cpp`, `tests/data/gmma_desc/cute_descs.txt`) and the
//! refusals against the canonical forms by brute force.
//!
//! ```
//! use cute_layout::atom::{gmma, half_t, make_gmma_desc, gmma_desc::LayoutType};
//! use cute_layout::typelevel::TileToShapeOf;
//! use cute_layout::typenum::{U128, U64};
//! use cute_layout::DynComposedLayout;
//! // CuTe's tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (128,64)): the A tile of the
//! // Hopper GEMM, in a buffer at shared address 0.
//! let tile = TileToShapeOf::<gmma::Layout_K_SW128_Atom<half_t>, (U128, U64)>::default();
//! assert_eq!(tile.to_string(), "Sw<3,3,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))");
//! // Its operand tile (64 rows, K 16..32): local_tile moves the start by 16 elements.
//! let op: DynComposedLayout = "Sw<3,3,3> o 16 o ((8,8),16):((64,512),1)".parse().unwrap();
//! let d = make_gmma_desc::<gmma::Major::K, _>(&op, 16, 0).unwrap();
//! assert_eq!(d.layout_type, LayoutType::B128);
//! assert_eq!((d.stride_byte_offset, d.leading_byte_offset), (64, 1)); // 1024 B per 8 rows
//! assert_eq!(d.start_address, 2); // 32 bytes
//! assert_eq!(d.desc(), 0x4000_0040_0001_0002);
//! ```

use super::gmma::{GmmaMajor, MajorMode};
use super::GmmaDescriptor;
use crate::composed::DynComposedLayout;
use crate::error::{layout_error, ErrorKind, Result};
use crate::runtime::layout::DynLayout;
use crate::swizzle::{DynSwizzle, SwizzleFn};

/// CuTe's `SM90::GMMA::LayoutType`, numbered as the descriptor's two top bits hold it.
///
/// ```
/// use cute_layout::atom::gmma_desc::LayoutType;
/// assert_eq!(LayoutType::B128 as u8, 1);
/// assert_eq!(LayoutType::B32.width_units(), 2); // 32 bytes: two 16-byte units per row
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum LayoutType {
    /// No swizzle (CuTe's `INTERLEAVE`, `Swizzle<0,4,3>`).
    INTERLEAVE = 0,
    /// 128-byte swizzle (`Swizzle<3,4,3>` on bytes).
    B128 = 1,
    /// 64-byte swizzle (`Swizzle<2,4,3>`).
    B64 = 2,
    /// 32-byte swizzle (`Swizzle<1,4,3>`).
    B32 = 3,
}

impl LayoutType {
    /// The layout type of `Swizzle<b,4,3>` on bytes (`b` = 0, 1, 2, 3; CuTe's `layout_type`).
    pub const fn from_swizzle_bits(b: u32) -> Option<Self> {
        match b {
            0 => Some(LayoutType::INTERLEAVE),
            1 => Some(LayoutType::B32),
            2 => Some(LayoutType::B64),
            3 => Some(LayoutType::B128),
            _ => None,
        }
    }
    /// The swizzle's `B`: 0, 1, 2, 3.
    pub const fn swizzle_bits(self) -> u32 {
        match self {
            LayoutType::INTERLEAVE => 0,
            LayoutType::B32 => 1,
            LayoutType::B64 => 2,
            LayoutType::B128 => 3,
        }
    }
    /// `W`: the 16-byte units of one swizzled row (1, 2, 4, 8; CuTe's `W` in `make_gmma_desc`).
    pub const fn width_units(self) -> i64 {
        1 << self.swizzle_bits()
    }
}

/// The fields of CuTe's `GmmaDescriptor` (its `bitfield`), each as the hardware reads it: the
/// start address and the two byte offsets in 16-byte units. [`GmmaDescriptorFields::desc`]
/// packs them into the 64-bit operand ([`GmmaDescriptor`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GmmaDescriptorFields {
    /// Bits 0–13: the shared-memory byte address of the tile's first element, `>> 4`.
    pub start_address: u16,
    /// Bits 16–29: the leading dimension byte offset `>> 4` (LBO).
    pub leading_byte_offset: u16,
    /// Bits 32–45: the stride dimension byte offset `>> 4` (SBO).
    pub stride_byte_offset: u16,
    /// Bits 49–51: the base offset: 0 where the swizzle pattern starts on its period (as CuTe
    /// always writes it), else the pattern start's 128-byte row, `(pattern start >> 7) & 7` (PTX).
    pub base_offset: u8,
    /// Bits 62–63: the layout type.
    pub layout_type: LayoutType,
}

impl GmmaDescriptorFields {
    /// The 64-bit descriptor (CuTe's `GmmaDescriptor::desc_`).
    ///
    /// ```
    /// use cute_layout::atom::gmma_desc::{GmmaDescriptorFields, LayoutType};
    /// let f = GmmaDescriptorFields { start_address: 0x204, leading_byte_offset: 1,
    ///     stride_byte_offset: 64, base_offset: 0, layout_type: LayoutType::B128 };
    /// assert_eq!(f.desc(), 0x4000_0040_0001_0204); // CuTe prints this for the same fields
    /// ```
    pub const fn desc(&self) -> GmmaDescriptor {
        (self.start_address as u64 & 0x3fff)
            | ((self.leading_byte_offset as u64 & 0x3fff) << 16)
            | ((self.stride_byte_offset as u64 & 0x3fff) << 32)
            | ((self.base_offset as u64 & 0x7) << 49)
            | ((self.layout_type as u64) << 62)
    }
}

/// A shared-memory operand tile [`make_gmma_desc`] takes: a [`DynLayout`] (no swizzle) or a
/// [`DynComposedLayout`] `Sw<B,M,S> o O o L`, the swizzle acting on element offsets from the
/// buffer's start (the crate's notation; CuTe's `Swizzle<B,4,3>` on bytes is
/// `Sw<B, log2(128/bits), 3>` on elements) and `O` the tile's first element in the buffer
/// (what CuTe's `local_tile` moves the pointer by).
#[doc(hidden)]
pub trait GmmaSmemLayout {
    /// `(swizzle on element offsets, O, L)`.
    fn gmma_parts(&self) -> (Option<DynSwizzle>, i64, DynLayout);
}
impl GmmaSmemLayout for DynLayout {
    fn gmma_parts(&self) -> (Option<DynSwizzle>, i64, DynLayout) {
        (None, 0, self.clone())
    }
}
impl GmmaSmemLayout for DynComposedLayout {
    fn gmma_parts(&self) -> (Option<DynSwizzle>, i64, DynLayout) {
        (
            Some(*self.layout_a()),
            self.offset().value,
            self.layout_b().clone(),
        )
    }
}

/// CuTe's `make_gmma_desc<Major>(tensor)` for an operand tile `smem` (`(MN, K)` → element
/// offset) of `elem_bits`-bit elements in a shared-memory buffer starting at byte address
/// `smem_base`: the descriptor's fields (see the [module](self) for the canonical layouts).
///
/// Refused, each a [`LayoutError`](crate::LayoutError) naming the condition:
/// * `elem_bits` not 8, 16, 32 or 64 ([`ErrorKind::InvalidArgument`]);
/// * a swizzle that is not `Swizzle<0..3,4,3>` on bytes ([`ErrorKind::InvalidSwizzle`]);
/// * a layout of rank ≠ 2 ([`ErrorKind::RankMismatch`]); a K extent other than 256 bits (CuTe's
///   sparse variants are not here), an MN extent not a multiple of 8 (K-major) or of `W·T`
///   (MN-major) ([`ErrorKind::NotDivisible`]);
/// * a layout that is no canonical layout of its major and type: an element off the
///   canonical offset, a byte offset not in 16-byte units, negative, or past the 14-bit field
///   ([`ErrorKind::InvalidArgument`], naming the element and the canonical form);
/// * a start address not 16-byte aligned or past the 14-bit field, a negative `O`, or a buffer
///   base not on 16 bytes, or, swizzled, not on 128 bytes (the base offset, which tells the
///   hardware where the layout's swizzle pattern starts, counts 128-byte rows; see the
///   [module](self)) ([`ErrorKind::MisalignedAddress`]).
///
/// The base offset is 0 for a base on the swizzle's period (256, 512, 1024 bytes) and
/// `(smem_base >> 7) & 7` otherwise (PTX's rule; CuTe always writes 0).
///
/// ```
/// use cute_layout::atom::{gmma, make_gmma_desc};
/// use cute_layout::{DynComposedLayout, ErrorKind};
/// // MN-major, 128-byte swizzle, halfs: two 64-row atoms along MN (LBO), 8 K rows of 128 B,
/// // then the next 8 K at 4096 elements (SBO = 512 units).
/// let s: DynComposedLayout = "Sw<3,3,3> o 0 o ((64,2),(8,2)):((1,512),(64,4096))".parse().unwrap();
/// let d = make_gmma_desc::<gmma::Major::MN, _>(&s, 16, 1024).unwrap();
/// assert_eq!((d.start_address, d.leading_byte_offset, d.stride_byte_offset), (64, 64, 512));
/// // The same rows with K contiguous is no MN-major layout.
/// let k: DynComposedLayout = "Sw<3,3,3> o 0 o (128,16):(64,1)".parse().unwrap();
/// let e = make_gmma_desc::<gmma::Major::MN, _>(&k, 16, 0).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::InvalidArgument);
/// // A base 384 bytes past a 1024-byte boundary: the pattern starts at row 3; off 128 bytes,
/// // no base offset says where.
/// assert_eq!(make_gmma_desc::<gmma::Major::MN, _>(&s, 16, 1408).unwrap().base_offset, 3);
/// let e = make_gmma_desc::<gmma::Major::MN, _>(&s, 16, 1040).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::MisalignedAddress);
/// ```
pub fn make_gmma_desc<Major: GmmaMajor, L: GmmaSmemLayout + ?Sized>(
    smem: &L,
    elem_bits: u32,
    smem_base: u32,
) -> Result<GmmaDescriptorFields> {
    make_gmma_desc_mode(Major::MODE, smem, elem_bits, smem_base)
}

/// [`make_gmma_desc`] with the major as a value.
///
/// ```
/// use cute_layout::atom::{gmma::MajorMode, gmma_desc::make_gmma_desc_mode};
/// use cute_layout::DynLayout;
/// // K-major, no swizzle, 8-bit: 8 rows of 16 B, the two K halves 256 B apart (LBO = 16).
/// let l: DynLayout = "(8,(16,2)):(16,(1,256))".parse().unwrap();
/// let d = make_gmma_desc_mode(MajorMode::K, &l, 8, 0).unwrap();
/// assert_eq!((d.leading_byte_offset, d.stride_byte_offset), (16, 0)); // m = 1: SBO unused, 0
/// ```
pub fn make_gmma_desc_mode<L: GmmaSmemLayout + ?Sized>(
    major: MajorMode,
    smem: &L,
    elem_bits: u32,
    smem_base: u32,
) -> Result<GmmaDescriptorFields> {
    let (swizzle, offset, layout) = smem.gmma_parts();
    if !matches!(elem_bits, 8 | 16 | 32 | 64) {
        return Err(layout_error!(
            ErrorKind::InvalidArgument,
            "GMMA descriptor: element width {elem_bits} bits; 8, 16, 32 or 64 bits are supported"
        ));
    }
    let t = 128 / i64::from(elem_bits);
    let log_t = t.trailing_zeros();
    let lt = layout_type(swizzle, log_t, elem_bits)?;
    let w = lt.width_units();
    if layout.rank() != 2 {
        return Err(layout_error!(
            ErrorKind::RankMismatch,
            "GMMA descriptor: the operand tile {layout} must have rank 2, (MN, K)"
        ));
    }
    let mn = layout.mode(0)?.size();
    let k = layout.mode(1)?.size();
    if k != 2 * t {
        return Err(layout_error!(
            ErrorKind::NotDivisible,
            "GMMA descriptor: the operand tile {layout} has K extent {k}; one dense wgmma reads 256 bits of K = {} elements of {elem_bits} bits",
            2 * t
        ));
    }
    let mn_unit = match major {
        MajorMode::K => 8,
        MajorMode::MN => w * t,
    };
    if mn % mn_unit != 0 {
        return Err(layout_error!(
            ErrorKind::NotDivisible,
            "GMMA descriptor: the {major:?}-major {lt:?} operand tile {layout} has MN extent {mn}, not a multiple of {mn_unit}"
        ));
    }
    let a = |x: i64, y: i64| layout.eval(x + mn * y);
    // The offsets in 16-byte units of the canonical form's free modes (0 where the mode has
    // extent 1, as CuTe writes), read at their first step; `check` verifies every element.
    let units = |what: &str, at: (i64, i64), used: bool| -> Result<i64> {
        if !used {
            return Ok(0);
        }
        let d = a(at.0, at.1);
        if d % t != 0 || d < 0 || d / t >= 1 << 14 {
            return Err(layout_error!(
                ErrorKind::InvalidArgument,
                "not a canonical GMMA {major:?}-major {lt:?} layout: {layout} puts element ({},{}) at offset {d}, so the {what} is not a non-negative number of 16-byte units below 2^14",
                at.0,
                at.1
            ));
        }
        Ok(d / t)
    };
    let (lbo, sbo, form) = match major {
        MajorMode::K => {
            let sbo = units("stride byte offset", (8, 0), mn > 8)?;
            let lbo = if w == 1 {
                units("leading byte offset", (0, t), true)?
            } else {
                1
            };
            (
                lbo,
                sbo,
                "((8,m),(T,2)):((W·T,SBO·T),(1,LBO·T)), LBO = 1 when swizzled",
            )
        }
        MajorMode::MN if w == 1 => {
            let sbo = units("stride byte offset", (t, 0), mn > t)?;
            let lbo = units("leading byte offset", (0, 8), k > 8)?;
            (lbo, sbo, "((T,1,m),(8,k)):((1,T,SBO·T),(T,LBO·T))")
        }
        MajorMode::MN => {
            let lbo = units("leading byte offset", (w * t, 0), mn > w * t)?;
            let sbo = units("stride byte offset", (0, 8), k > 8)?;
            (lbo, sbo, "((T,W,m),(8,k)):((1,T,LBO·T),(W·T,SBO·T))")
        }
    };
    let canonical = |x: i64, y: i64| -> i64 {
        let unit = match major {
            MajorMode::K => (x % 8) * w + (x / 8) * sbo + (y / t) * lbo,
            MajorMode::MN if w == 1 => (x / t) * sbo + (y % 8) + (y / 8) * lbo,
            MajorMode::MN => ((x / t) % w) + (x / (w * t)) * lbo + (y % 8) * w + (y / 8) * sbo,
        };
        let within = match major {
            MajorMode::K => y % t,
            MajorMode::MN => x % t,
        };
        unit * t + within
    };
    for y in 0..k {
        for x in 0..mn {
            let (got, want) = (a(x, y), canonical(x, y));
            if got != want {
                return Err(layout_error!(
                    ErrorKind::InvalidArgument,
                    "not a canonical GMMA {major:?}-major {lt:?} layout: {layout} puts element ({x},{y}) at offset {got}; the canonical {form} with T = {t}, W = {w}, LBO = {lbo}, SBO = {sbo} puts it at {want}"
                ));
            }
        }
    }
    // The base offset (PTX ISA, "Matrix Descriptor Format"): 0 where the swizzle's repeating
    // pattern starts on its period, else `(pattern start >> 7) & 7`; the pattern starts at the
    // buffer's base (the layout swizzles offsets from it). The field counts 128-byte rows, so a
    // swizzled base off 128 bytes has no descriptor; without swizzle the base needs 16 bytes.
    let (align, period): (u32, u32) = if w == 1 {
        (16, 16)
    } else {
        (128, 128 << lt.swizzle_bits())
    };
    if smem_base % align != 0 {
        return Err(layout_error!(
            ErrorKind::MisalignedAddress,
            "GMMA descriptor: the {lt:?} buffer's base address {smem_base} is not a multiple of {align} bytes (the descriptor's base offset counts the swizzle's 128-byte rows)"
        ));
    }
    let base_offset = if smem_base % period == 0 {
        0
    } else {
        ((smem_base >> 7) & 7) as u8
    };
    let start_bits = offset.checked_mul(i64::from(elem_bits)).filter(|b| *b >= 0);
    let start = start_bits
        .filter(|b| b % 128 == 0)
        .map(|b| i64::from(smem_base) + b / 8)
        .filter(|s| *s >> 4 < 1 << 14)
        .ok_or_else(|| {
            layout_error!(
                ErrorKind::MisalignedAddress,
                "GMMA descriptor: the tile starts {offset} elements past the base {smem_base}: the start address must be a non-negative multiple of 16 bytes below 2^18"
            )
        })?;
    Ok(GmmaDescriptorFields {
        start_address: (start >> 4) as u16,
        leading_byte_offset: lbo as u16,
        stride_byte_offset: sbo as u16,
        base_offset,
        layout_type: lt,
    })
}

/// The layout type of a swizzle on elements of `2^(7 − log_t)` bits: `Sw<B, log_t, 3>`
/// (= `Sw<B,4,3>` on bytes) for `B` = 1, 2, 3; none or `B = 0` is INTERLEAVE.
fn layout_type(swizzle: Option<DynSwizzle>, log_t: u32, elem_bits: u32) -> Result<LayoutType> {
    let Some(sw) = swizzle.filter(|sw| sw.bits() != 0) else {
        return Ok(LayoutType::INTERLEAVE);
    };
    match (sw.bits(), sw.base() == log_t, sw.shift()) {
        (b @ 1..=3, true, 3) => Ok(LayoutType::from_swizzle_bits(b).unwrap_or(LayoutType::INTERLEAVE)),
        _ => Err(layout_error!(
            ErrorKind::InvalidSwizzle,
            "GMMA descriptor: the swizzle {sw} on {elem_bits}-bit elements is not one of the layout types: Sw<1,{log_t},3> (32 B), Sw<2,{log_t},3> (64 B), Sw<3,{log_t},3> (128 B), i.e. Swizzle<1..3,4,3> on bytes"
        )),
    }
}
