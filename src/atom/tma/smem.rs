//! Shared-memory layouts a TMA copy can write: the swizzle modes and their conditions.

use super::*;

/// A shared-memory layout TMA may write: a [`DynLayout`] (no swizzle) or a
/// [`DynComposedLayout`] `Sw<B,M,S> o 0 o L` whose swizzle acts on element offsets (the
/// crate's notation; CuTe's printed form puts the swizzle on bytes, see
/// [`parse_smem_layout`]).
#[doc(hidden)]
pub trait TmaSmemLayout {
    /// The swizzle on element offsets (`None` for none) and the layout.
    fn tma_parts(&self) -> Result<(Option<DynSwizzle>, DynLayout)>;
}

impl TmaSmemLayout for DynLayout {
    /// No swizzle.
    fn tma_parts(&self) -> Result<(Option<DynSwizzle>, DynLayout)> {
        Ok((None, self.clone()))
    }
}

impl TmaSmemLayout for DynComposedLayout {
    /// `Sw o 0 o L`: a non-zero offset is refused (TMA writes from the tile's base).
    fn tma_parts(&self) -> Result<(Option<DynSwizzle>, DynLayout)> {
        if self.offset().value != 0 {
            return Err(layout_error!(
                ErrorKind::InvalidArgument,
                "TMA shared-memory layout {self}: the offset between swizzle and layout must be 0"
            ));
        }
        Ok((Some(*self.layout_a()), self.layout_b().clone()))
    }
}

/// Parses a shared-memory layout in the crate's notation (`Sw<3,3,3> o 0 o L` with the
/// swizzle on element offsets, or a plain layout) or in CuTe's printed form
/// `Sw<3,4,3> o smem_ptr[16b](unset) o L`, whose swizzle acts on **bytes** and is converted to
/// elements of `elem_bits` bits (`M − log2(bytes per element)`).
///
/// ```
/// use cute_layout::atom::tma::parse_smem_layout;
/// let c = parse_smem_layout("Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_8),(_64,_1)):((_64,_512),(_1,_0))", 16).unwrap();
/// assert_eq!(c.to_string(), "Sw<3,3,3> o 0 o ((8,8),(64,1)):((64,512),(1,0))");
/// ```
pub fn parse_smem_layout(s: &str, elem_bits: u32) -> Result<DynComposedLayout> {
    let s = s.trim();
    if let Some(p) = s.find("smem_ptr[") {
        let close = s[p..].find(')').map(|q| p + q + 1).ok_or_else(|| {
            layout_error!(ErrorKind::Parse, "expected 'smem_ptr[Nb](unset)' in {s}")
        })?;
        let ptr = &s[p..close];
        let bits: u32 = ptr
            .strip_prefix("smem_ptr[")
            .and_then(|r| r.split("b]").next())
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| layout_error!(ErrorKind::Parse, "cannot read the width of {ptr}"))?;
        if bits != elem_bits {
            return Err(layout_error!(
                ErrorKind::InvalidArgument,
                "{ptr} is a {bits}-bit pointer but the elements have {elem_bits} bits"
            ));
        }
        let text = format!("{}0{}", &s[..p], &s[close..]);
        let c: DynComposedLayout = text.parse()?;
        let sw = c.layout_a();
        let shift = elem_log2_bytes(elem_bits)?;
        let m = i64::from(sw.base()) - shift;
        if m < 0 {
            return Err(layout_error!(
                ErrorKind::InvalidSwizzle,
                "{sw} on bytes has a base below one {elem_bits}-bit element"
            ));
        }
        let esw = DynSwizzle::new(i64::from(sw.bits()), m, i64::from(sw.shift()))?;
        DynComposedLayout::try_new(esw, c.offset(), c.layout_b().clone())
    } else if s.starts_with("Sw<") {
        s.parse()
    } else {
        let l: DynLayout = s.parse()?;
        DynComposedLayout::try_new(DynSwizzle::new(0, 0, 0)?, crate::DynInt::dynamic(0), l)
    }
}

pub(super) fn elem_log2_bytes(elem_bits: u32) -> Result<i64> {
    if elem_bits < 8 || !elem_bits.is_power_of_two() || elem_bits > 64 {
        return Err(layout_error!(
            ErrorKind::InvalidArgument,
            "TMA element width {elem_bits} bits: 8, 16, 32 or 64 bits are supported"
        ));
    }
    Ok(i64::from((elem_bits / 8).trailing_zeros()))
}

/// The TMA mode of an element swizzle: `Sw<B, M, S>` on elements of `elem_bits` bits is
/// `Sw<B, M + log2(bytes), S>` on bytes, which must be `Sw<0..3, 4, 3>` (CuTe's
/// `get_tma_swizzle_bits`/`get_tma_swizzle_base`; `B = 0` is no swizzle at any `M`, `S`).
///
/// ```
/// use cute_layout::atom::tma::{tma_swizzle_mode, TmaSwizzle};
/// use cute_layout::{DynSwizzle, ErrorKind};
/// let sw = |b, m, s| DynSwizzle::new(b, m, s).unwrap();
/// assert_eq!(tma_swizzle_mode(Some(sw(3, 3, 3)), 16).unwrap(), TmaSwizzle::B128);
/// assert_eq!(tma_swizzle_mode(Some(sw(2, 2, 3)), 32).unwrap(), TmaSwizzle::B64);
/// // 32 B units on 16-bit elements: not a hardware mode.
/// assert_eq!(tma_swizzle_mode(Some(sw(3, 4, 3)), 16).unwrap_err().kind(), ErrorKind::InvalidSwizzle);
/// ```
pub fn tma_swizzle_mode(swizzle: Option<DynSwizzle>, elem_bits: u32) -> Result<TmaSwizzle> {
    let shift = elem_log2_bytes(elem_bits)?;
    let Some(sw) = swizzle.filter(|sw| sw.bits() != 0) else {
        return Ok(TmaSwizzle::None);
    };
    let m = i64::from(sw.base()) + shift;
    match (sw.bits(), m, sw.shift()) {
        (1, 4, 3) => Ok(TmaSwizzle::B32),
        (2, 4, 3) => Ok(TmaSwizzle::B64),
        (3, 4, 3) => Ok(TmaSwizzle::B128),
        (b, m, s) => Err(layout_error!(
            ErrorKind::InvalidSwizzle,
            "TMA: the shared-memory swizzle {sw} on {elem_bits}-bit elements is Sw<{b},{m},{s}> on bytes; \
             the hardware swizzles 16 B units only: Sw<1,4,3> (32B), Sw<2,4,3> (64B), Sw<3,4,3> (128B)"
        )),
    }
}
