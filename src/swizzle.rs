//! CuTe's swizzle functor (`cute/swizzle.hpp`): `Swizzle<B, M, S>` with static parameters and
//! [`DynSwizzle`] with runtime ones, one function behind the [`SwizzleFn`] surface.
//!
//! With `yyy = (2^B − 1) << (M + max(0, S))` and `zzz = (2^B − 1) << (M − min(0, S))`,
//!
//! ```text
//! f(x) = x ^ ((x & yyy) >> S)      (a left shift by −S when S < 0)
//! ```
//!
//! `B` bits above `M + max(0,S)` are xor-ed into the `B` bits above `M − min(0,S)`: in
//! shared memory, the row bits of an address permute its bank-group bits. CuTe requires
//! `B ≥ 0`, `M ≥ 0` and `|S| ≥ B` (so the two bit fields do not overlap); `f` is then an
//! involution and a bijection on every range `[0, 2^k)` with `k ≥ B + M + |S|`. Here both masks
//! must also fit in the 63 value bits of an `i64`.
//!
//! (The swizzle formula of the layout-descriptor reference text is not CuTe's; this is CuTe's.)
//!
//! ```
//! use cute_layout::swizzle::{DynSwizzle, Swizzle, SwizzleFn};
//! use cute_layout::typenum::{U3, U4, P3};
//! let s = Swizzle::<U3, U4, P3>::new(); // CuTe's Swizzle<3,4,3>, printed Sw<3,4,3>
//! assert_eq!(s.to_string(), "Sw<3,4,3>");
//! assert_eq!(s.apply(128), 144); // bit 7 (row 1 of 128-byte rows) flips bit 4
//! assert_eq!(s.apply(s.apply(1000)), 1000); // an involution
//! let d: DynSwizzle = "Sw<3,4,3>".parse().unwrap();
//! assert_eq!(d.apply(128), 144);
//! assert!(DynSwizzle::new(3, 4, 2).is_err()); // |S| < B
//! ```

use core::fmt;
use core::marker::PhantomData;

use typenum::{Integer, Unsigned};

use crate::error::{layout_error, ErrorKind, LayoutError, Result};

/// The surface every swizzle shares: its parameters and its function.
pub trait SwizzleFn {
    /// `B`, the number of bits permuted.
    fn bits(&self) -> u32;
    /// `M`, the number of least-significant bits kept constant.
    fn base(&self) -> u32;
    /// `S`, the shift between the two bit fields (negative: the field moves up).
    fn shift(&self) -> i32;
    /// `yyy`, the mask of the bits that are read: `(2^B − 1) << (M + max(0, S))`.
    fn yyy_mask(&self) -> i64 {
        ((1i64 << self.bits()) - 1) << (self.base() as i32 + self.shift().max(0))
    }
    /// `zzz`, the mask of the bits that are changed: `(2^B − 1) << (M − min(0, S))`.
    fn zzz_mask(&self) -> i64 {
        ((1i64 << self.bits()) - 1) << (self.base() as i32 - self.shift().min(0))
    }
    /// `f(x) = x ^ ((x & yyy) >> S)`, a left shift by `−S` for negative `S`.
    fn apply(&self, x: i64) -> i64 {
        let y = x & self.yyy_mask();
        let s = self.shift();
        x ^ if s >= 0 { y >> s } else { y << -s }
    }
    /// `2^(B + M + |S|)`: the smallest power of two whose range `[0, size)` `f` permutes
    /// (CuTe's `size(Swizzle)`).
    fn size(&self) -> i64 {
        1i64 << (self.bits() + self.base() + self.shift().unsigned_abs())
    }
}

/// Checks CuTe's conditions on `(B, M, S)`, and that both masks fit in an `i64`.
const fn check(b: i64, m: i64, s: i64) -> core::result::Result<(), &'static str> {
    if b < 0 {
        return Err("B (the number of bits) must be non-negative");
    }
    if m < 0 {
        return Err("M (the number of kept low bits) must be non-negative");
    }
    if s.unsigned_abs() < b as u64 {
        return Err("|S| must be at least B (the read and written bit fields may not overlap)");
    }
    // The highest bit touched: B + M + |S| − 1 ≤ 62 (summed without overflow).
    if b as u128 + m as u128 + s.unsigned_abs() as u128 > 63 {
        return Err("B + M + |S| must not exceed 63 (the masks must fit in an i64)");
    }
    Ok(())
}

/// A swizzle with static parameters (typenum `B`, `M` unsigned, `S` signed): zero-sized, its
/// masks constants. Invalid parameters do not compile ("|S| must be at least B ..."), as
/// CuTe's `static_assert`s; the conditions are those of [`DynSwizzle::new`], written once.
///
/// ```
/// use cute_layout::swizzle::{Swizzle, SwizzleFn};
/// use cute_layout::typenum::{U2, U0, N3};
/// let s = Swizzle::<U2, U0, N3>::new(); // S < 0: bits 0..2 go into bits 3..5
/// assert_eq!((s.yyy_mask(), s.zzz_mask()), (0b11, 0b11000));
/// assert_eq!(s.apply(0b01), 0b01001);
/// ```
pub struct Swizzle<B, M, S>(PhantomData<(B, M, S)>);

impl<B: Unsigned, M: Unsigned, S: Integer> Swizzle<B, M, S> {
    /// CuTe's conditions on the parameters, checked when the swizzle is built.
    pub const VALID: () = {
        if let Err(why) = check(B::I64, M::I64, S::I64) {
            panic!("{}", why);
        }
    };
    /// `Swizzle<B, M, S>`; does not compile for invalid parameters.
    #[allow(clippy::let_unit_value)]
    pub const fn new() -> Self {
        let () = Self::VALID;
        Swizzle(PhantomData)
    }
    /// The runtime copy.
    pub fn to_dyn(&self) -> DynSwizzle {
        DynSwizzle {
            bits: B::U32,
            base: M::U32,
            shift: S::I32,
        }
    }
}

impl<B: Unsigned, M: Unsigned, S: Integer> Default for Swizzle<B, M, S> {
    fn default() -> Self {
        Self::new()
    }
}
impl<B, M, S> Clone for Swizzle<B, M, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<B, M, S> Copy for Swizzle<B, M, S> {}
impl<B, M, S> PartialEq for Swizzle<B, M, S> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<B, M, S> Eq for Swizzle<B, M, S> {}

impl<B: Unsigned, M: Unsigned, S: Integer> SwizzleFn for Swizzle<B, M, S> {
    fn bits(&self) -> u32 {
        B::U32
    }
    fn base(&self) -> u32 {
        M::U32
    }
    fn shift(&self) -> i32 {
        S::I32
    }
}

impl<B: Unsigned, M: Unsigned, S: Integer> fmt::Display for Swizzle<B, M, S> {
    /// CuTe's print: `Sw<B,M,S>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{},{},{}>", B::U32, M::U32, S::I32)
    }
}
impl<B: Unsigned, M: Unsigned, S: Integer> fmt::Debug for Swizzle<B, M, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A swizzle with runtime parameters, checked when built; printed and parsed as CuTe prints
/// it, `Sw<3,4,3>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DynSwizzle {
    bits: u32,
    base: u32,
    shift: i32,
}

impl DynSwizzle {
    /// `Swizzle<b, m, s>`; an [`ErrorKind::InvalidSwizzle`] error naming the violated
    /// condition unless `b ≥ 0`, `m ≥ 0`, `|s| ≥ b` and `b + m + |s| ≤ 63`.
    pub fn new(b: i64, m: i64, s: i64) -> Result<Self> {
        match check(b, m, s) {
            // Each parameter is then at most 63 in magnitude.
            Ok(()) => Ok(DynSwizzle {
                bits: b as u32,
                base: m as u32,
                shift: s as i32,
            }),
            Err(why) => Err(layout_error!(
                ErrorKind::InvalidSwizzle,
                "Sw<{b},{m},{s}>: {why}"
            )),
        }
    }
}

impl SwizzleFn for DynSwizzle {
    fn bits(&self) -> u32 {
        self.bits
    }
    fn base(&self) -> u32 {
        self.base
    }
    fn shift(&self) -> i32 {
        self.shift
    }
}

impl fmt::Display for DynSwizzle {
    /// CuTe's print: `Sw<B,M,S>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{},{},{}>", self.bits, self.base, self.shift)
    }
}

impl core::str::FromStr for DynSwizzle {
    type Err = LayoutError;
    /// `Sw<B,M,S>` (whitespace allowed between tokens); a parse error names what was
    /// expected and the byte offset, invalid parameters are [`ErrorKind::InvalidSwizzle`].
    fn from_str(src: &str) -> Result<Self> {
        let mut pos = 0usize;
        let bytes = src.as_bytes();
        let skip = |pos: &mut usize| {
            while *pos < bytes.len() && bytes[*pos].is_ascii_whitespace() {
                *pos += 1;
            }
        };
        let expect = |pos: &mut usize, lit: &str| -> Result<()> {
            skip(pos);
            if src[*pos..].starts_with(lit) {
                *pos += lit.len();
                Ok(())
            } else {
                let next = src[*pos..].chars().next();
                let mut buf = [0u8; 4];
                let found = match next {
                    Some(c) => &*c.encode_utf8(&mut buf),
                    None => "the end",
                };
                Err(layout_error!(
                    ErrorKind::Parse,
                    "expected `{lit}` at byte {}, found {found} (a swizzle is written Sw<B,M,S>)",
                    *pos
                ))
            }
        };
        let int = |pos: &mut usize| -> Result<i64> {
            skip(pos);
            let start = *pos;
            if *pos < bytes.len() && bytes[*pos] == b'-' {
                *pos += 1;
            }
            while *pos < bytes.len() && bytes[*pos].is_ascii_digit() {
                *pos += 1;
            }
            src[start..*pos].parse::<i64>().map_err(|_| {
                layout_error!(
                    ErrorKind::Parse,
                    "expected an integer at byte {start} (a swizzle is written Sw<B,M,S>)"
                )
            })
        };
        expect(&mut pos, "Sw")?;
        expect(&mut pos, "<")?;
        let b = int(&mut pos)?;
        expect(&mut pos, ",")?;
        let m = int(&mut pos)?;
        expect(&mut pos, ",")?;
        let s = int(&mut pos)?;
        expect(&mut pos, ">")?;
        skip(&mut pos);
        if pos != src.len() {
            return Err(layout_error!(
                ErrorKind::Parse,
                "unexpected text at byte {pos} after the swizzle"
            ));
        }
        DynSwizzle::new(b, m, s)
    }
}
