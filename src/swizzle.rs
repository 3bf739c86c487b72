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

// CuTe's conditions on `(B, M, S)`, and that both masks fit in an `i64`: the rule, shared with
// the macro crate (`crate::rules::swizzle::check`).
use crate::rules::swizzle::check;

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

// ---------------------------------------------------------------------------------------------
// Changing the element width: upcast / downcast (CuTe `swizzle_layout.hpp`)

/// `log2(n)` for a power of two `n ≥ 1`; an [`ErrorKind::InvalidArgument`] error otherwise.
fn log2_factor(op: &str, sw: &DynSwizzle, n: i64) -> Result<u32> {
    if n < 1 || n & (n - 1) != 0 {
        return Err(layout_error!(
            ErrorKind::InvalidArgument,
            "{op}<{n}> of {sw}: N must be a power of two"
        ));
    }
    Ok(n.trailing_zeros())
}

impl DynSwizzle {
    /// CuTe's `upcast<N>(Swizzle<B,M,S>)`: the swizzle on offsets counted in elements `N`
    /// times wider (`N` a power of two, `k = log2 N`).
    ///
    /// * `M ≥ k`: `Sw<B, M−k, S>`, and exactly `f(N·e + j) = N·f'(e) + j` for every `e` and
    ///   `0 ≤ j < N`: a byte-address `Sw<3,4,3>` is `Sw<3,3,3>` on 16-bit elements.
    /// * `M < k`: CuTe's `Sw<max(B+M−k, 0), 0, S>` — the swizzle moves bits inside a wide
    ///   element. For `S > 0` (bits move down), the wide element is still exact,
    ///   `⌊f(N·e + j) / N⌋ = f'(e)`, but the bytes inside it are permuted. For `S < 0` (bits
    ///   move up) the wide element of `f(N·e + j)` depends on `j` unless `B = 0` or
    ///   `B + M + |S| ≤ k`, so no swizzle on wide elements describes it: an
    ///   [`ErrorKind::InvalidSwizzle`] error (CuTe returns the swizzle that is right for `j = 0`
    ///   only).
    ///
    /// `N` not a power of two is an [`ErrorKind::InvalidArgument`] error (CuTe's
    /// `static_assert`).
    ///
    /// ```
    /// use cute_layout::swizzle::{DynSwizzle, SwizzleFn};
    /// let bytes: DynSwizzle = "Sw<3,4,3>".parse().unwrap();
    /// let halfs = bytes.try_upcast(2).unwrap();
    /// assert_eq!(halfs.to_string(), "Sw<3,3,3>");
    /// assert!((0..1024).all(|e| bytes.apply(2 * e) == 2 * halfs.apply(e)));
    /// assert_eq!(bytes.try_upcast(32).unwrap().to_string(), "Sw<2,0,3>"); // M < log2 N
    /// assert!("Sw<2,1,-3>".parse::<DynSwizzle>().unwrap().try_upcast(4).is_err());
    /// ```
    pub fn try_upcast(&self, n: i64) -> Result<DynSwizzle> {
        let k = log2_factor("upcast", self, n)? as i64;
        let (b, m, s) = (self.bits as i64, self.base as i64, self.shift as i64);
        if s < 0 && m < k && b > 0 && b + m - s > k {
            return Err(layout_error!(
                ErrorKind::InvalidSwizzle,
                "upcast<{n}> of {self}: S < 0 moves bits {m}..{} inside a {n}-unit element into bits {}..{}, so the wide element of a swizzled offset depends on the position inside the element; no swizzle on wide elements represents it",
                (m + b).min(k) - 1,
                m - s,
                (m + b).min(k) - s - 1
            ));
        }
        let new_m = m - k;
        DynSwizzle::new((b + new_m.min(0)).max(0), new_m.max(0), s)
    }

    /// CuTe's `downcast<N>(Swizzle<B,M,S>)` = `Sw<B, M + log2 N, S>`: the swizzle on offsets
    /// counted in elements `N` times narrower, with `f'(N·e + j) = N·f(e) + j` for every `e` and
    /// `0 ≤ j < N`. `N` must be a power of two ([`ErrorKind::InvalidArgument`]); a result
    /// beyond 63 bits is an [`ErrorKind::InvalidSwizzle`] error.
    ///
    /// ```
    /// use cute_layout::swizzle::DynSwizzle;
    /// let halfs: DynSwizzle = "Sw<3,3,3>".parse().unwrap();
    /// assert_eq!(halfs.try_downcast(2).unwrap().to_string(), "Sw<3,4,3>");
    /// ```
    pub fn try_downcast(&self, n: i64) -> Result<DynSwizzle> {
        let k = log2_factor("downcast", self, n)? as i64;
        DynSwizzle::new(self.bits as i64, self.base as i64 + k, self.shift as i64)
    }

    /// Panicking form of [`try_upcast`](Self::try_upcast).
    #[track_caller]
    pub fn upcast(&self, n: i64) -> DynSwizzle {
        match self.try_upcast(n) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }

    /// Panicking form of [`try_downcast`](Self::try_downcast).
    #[track_caller]
    pub fn downcast(&self, n: i64) -> DynSwizzle {
        match self.try_downcast(n) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }
}

/// The type-level computations of [`SwizzleUpcast`] and [`SwizzleDowncast`].
#[doc(hidden)]
pub mod cast {
    use typenum::{Logarithm2, NInt, PowerOfTwo, Unsigned, U0, U1};

    use crate::int::select::{IntLt, LtSel, Or, SelOr};
    use crate::int::{
        AbsOf, Diff, Int, IntAbs, IntAdd, IntMax, IntMin, IntSub, Maximum, Minimum, Sum,
    };

    #[diagnostic::on_unimplemented(
        message = "upcast/downcast of a swizzle: N must be a power of two",
        label = "`{Self}` is not a power of two",
        note = "CuTe: static_assert(has_single_bit(N), \"N must be a power of two\")"
    )]
    /// The element-width factor of a swizzle cast: a power of two.
    pub trait PowerOfTwoFactor: Unsigned + Logarithm2 {}
    impl<N: Unsigned + PowerOfTwo + Logarithm2> PowerOfTwoFactor for N {}

    #[diagnostic::on_unimplemented(
        message = "upcast of a swizzle with S < 0 and M < log2(N) has no swizzle on wide elements",
        label = "the swizzle moves bits inside a wide element up into the element index",
        note = "the wide element of f(N·e + j) depends on j; CuTe's Sw<max(B+M−log2 N,0),0,S> is right for j = 0 only"
    )]
    /// `upcast<N>` of a swizzle is sound: `S ≥ 0`, `M ≥ log2 N`, `B = 0` or `B + M + |S| ≤
    /// log2 N`. Implemented by the selector `B1`.
    pub trait UpcastSwizzleSound {}
    impl UpcastSwizzleSound for typenum::B1 {}

    /// The parameters of `upcast<N>` of `Sw<B, M, S>` (`Self = (B, M, S)` as layout integers,
    /// `k = log2 N`): `M' = max(M − k, 0)`, `B' = max(B + min(M − k, 0), 0)`, and the
    /// soundness selector `(−1 < S) | (k < M + 1) | (B < 1) | (B + M + |S| < k + 1)`.
    pub trait UpcastParams<K> {
        /// `B'`.
        type NewB: Unsigned;
        /// `M'`.
        type NewM: Unsigned;
        /// `B1` when sound.
        type Sound;
    }
    impl<B, M, S, K> UpcastParams<K> for (B, M, S)
    where
        B: Int + IntLt<U1>,
        M: Int + IntSub<K> + IntAdd<U1>,
        S: Int + IntAbs,
        K: Int + IntAdd<U1> + IntLt<Sum<M, U1>>,
        NInt<U1>: IntLt<S>,
        Diff<M, K>: IntMax<U0> + IntMin<U0>,
        Maximum<Diff<M, K>, U0>: Unsigned,
        B: IntAdd<Minimum<Diff<M, K>, U0>> + IntAdd<M>,
        Sum<B, Minimum<Diff<M, K>, U0>>: IntMax<U0>,
        Maximum<Sum<B, Minimum<Diff<M, K>, U0>>, U0>: Unsigned,
        Sum<B, M>: IntAdd<AbsOf<S>>,
        Sum<Sum<B, M>, AbsOf<S>>: IntLt<Sum<K, U1>>,
        LtSel<NInt<U1>, S>: SelOr<LtSel<K, Sum<M, U1>>>,
        Or<LtSel<NInt<U1>, S>, LtSel<K, Sum<M, U1>>>: SelOr<LtSel<B, U1>>,
        Or<Or<LtSel<NInt<U1>, S>, LtSel<K, Sum<M, U1>>>, LtSel<B, U1>>:
            SelOr<LtSel<Sum<Sum<B, M>, AbsOf<S>>, Sum<K, U1>>>,
    {
        type NewB = Maximum<Sum<B, Minimum<Diff<M, K>, U0>>, U0>;
        type NewM = Maximum<Diff<M, K>, U0>;
        type Sound = Or<
            Or<Or<LtSel<NInt<U1>, S>, LtSel<K, Sum<M, U1>>>, LtSel<B, U1>>,
            LtSel<Sum<Sum<B, M>, AbsOf<S>>, Sum<K, U1>>,
        >;
    }
}

/// CuTe's `upcast<N>(Swizzle<B,M,S>)` in the type system: [`DynSwizzle::try_upcast`]'s rule,
/// the result type computed. `N` not a power of two, and the unsound case (`S < 0`,
/// `M < log2 N`, `B > 0`, `B + M + |S| > log2 N`), do not compile.
///
/// ```
/// use cute_layout::swizzle::{Swizzle, SwizzleUpcast, UpcastSwizzleOf};
/// use cute_layout::typenum::{U2, U3, U4, P3};
/// static_assertions::assert_type_eq_all!(
///     UpcastSwizzleOf<Swizzle<U3, U4, P3>, U2>, Swizzle<U3, U3, P3>);
/// assert_eq!(Swizzle::<U3, U4, P3>::new().upcast::<U2>().to_string(), "Sw<3,3,3>");
/// ```
#[doc(hidden)]
pub trait SwizzleUpcast<N> {
    /// The swizzle on wide elements.
    type Output: SwizzleFn;
}
/// The result type of [`SwizzleUpcast`].
pub type UpcastSwizzleOf<Sw, N> = <Sw as SwizzleUpcast<N>>::Output;

impl<B, M, S, N> SwizzleUpcast<N> for Swizzle<B, M, S>
where
    B: Unsigned,
    M: Unsigned,
    S: Integer + crate::int::Canonical,
    N: cast::PowerOfTwoFactor,
    (B, M, crate::int::Canon<S>): cast::UpcastParams<typenum::Log2<N>>,
    <(B, M, crate::int::Canon<S>) as cast::UpcastParams<typenum::Log2<N>>>::Sound:
        cast::UpcastSwizzleSound,
{
    type Output = Swizzle<
        <(B, M, crate::int::Canon<S>) as cast::UpcastParams<typenum::Log2<N>>>::NewB,
        <(B, M, crate::int::Canon<S>) as cast::UpcastParams<typenum::Log2<N>>>::NewM,
        S,
    >;
}

/// CuTe's `downcast<N>(Swizzle<B,M,S>) = Swizzle<B, M + log2 N, S>` in the type system (see
/// [`DynSwizzle::try_downcast`]).
///
/// ```
/// use cute_layout::swizzle::{Swizzle, SwizzleDowncast, DowncastSwizzleOf};
/// use cute_layout::typenum::{U2, U3, U4, P3};
/// static_assertions::assert_type_eq_all!(
///     DowncastSwizzleOf<Swizzle<U3, U3, P3>, U2>, Swizzle<U3, U4, P3>);
/// ```
#[doc(hidden)]
pub trait SwizzleDowncast<N> {
    /// The swizzle on narrow elements.
    type Output: SwizzleFn;
}
/// The result type of [`SwizzleDowncast`].
pub type DowncastSwizzleOf<Sw, N> = <Sw as SwizzleDowncast<N>>::Output;

impl<B, M, S, N> SwizzleDowncast<N> for Swizzle<B, M, S>
where
    B: Unsigned,
    M: Unsigned + core::ops::Add<<N as typenum::Logarithm2>::Output>,
    S: Integer,
    N: cast::PowerOfTwoFactor,
    <M as core::ops::Add<<N as typenum::Logarithm2>::Output>>::Output: Unsigned,
{
    type Output = Swizzle<B, typenum::Sum<M, <N as typenum::Logarithm2>::Output>, S>;
}

impl<B: Unsigned, M: Unsigned, S: Integer> Swizzle<B, M, S> {
    /// `upcast<N>` (see [`SwizzleUpcast`]); does not compile where no swizzle exists.
    pub fn upcast<N>(&self) -> UpcastSwizzleOf<Self, N>
    where
        Self: SwizzleUpcast<N>,
        UpcastSwizzleOf<Self, N>: Default,
    {
        Default::default()
    }
    /// `downcast<N>` (see [`SwizzleDowncast`]); a result beyond 63 bits does not compile.
    pub fn downcast<N>(&self) -> DowncastSwizzleOf<Self, N>
    where
        Self: SwizzleDowncast<N>,
        DowncastSwizzleOf<Self, N>: Default,
    {
        Default::default()
    }
}
