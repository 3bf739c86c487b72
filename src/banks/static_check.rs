//! The bank check at compile time: static layouts' offsets as constants, a `const fn` analysis
//! and the `const` panic message that names the conflict.

use super::*;

/// The most leaves a static layout may have for the compile-time check.
pub const MAX_STATIC_LEAVES: usize = 16;

#[doc(hidden)]
/// A static integer tuple's leaves, flattened left to right, as constants (for the
/// compile-time bank check). Implemented for every [`Int`](crate::int::Int) — a runtime `i64`
/// leaf fails to compile when the check evaluates it — and for tuples of up to 6 elements.
pub trait StaticLeaves {
    /// The number of leaves.
    const N: usize;
    /// The leaves (first [`N`](Self::N) entries; the rest 0).
    const LEAVES: [i64; MAX_STATIC_LEAVES];
    /// The product of the leaves.
    const SIZE: i64;
    /// The size of the first element (the tuple's mode 0); the value itself for an integer.
    const FIRST_SIZE: i64;
}

impl<T: crate::int::Int> StaticLeaves for T {
    const N: usize = 1;
    const LEAVES: [i64; MAX_STATIC_LEAVES] = {
        let mut a = [0i64; MAX_STATIC_LEAVES];
        a[0] = match T::STATIC {
            Some(v) => v,
            None => panic!(
                "static layout required: the compile-time bank check cannot read a runtime (i64) leaf"
            ),
        };
        a
    };
    const SIZE: i64 = Self::LEAVES[0];
    const FIRST_SIZE: i64 = Self::LEAVES[0];
}

const fn concat_leaves(
    a: [i64; MAX_STATIC_LEAVES],
    na: usize,
    b: [i64; MAX_STATIC_LEAVES],
    nb: usize,
) -> [i64; MAX_STATIC_LEAVES] {
    if na + nb > MAX_STATIC_LEAVES {
        panic!("the compile-time bank check supports layouts of at most 16 leaves");
    }
    let mut out = a;
    let mut i = 0;
    while i < nb {
        out[na + i] = b[i];
        i += 1;
    }
    out
}

macro_rules! static_leaves_tuple {
    ($first:ident $(, $rest:ident)*) => {
        impl<$first: StaticLeaves $(, $rest: StaticLeaves)*> StaticLeaves for ($first, $($rest,)*) {
            const N: usize = $first::N $(+ $rest::N)*;
            const LEAVES: [i64; MAX_STATIC_LEAVES] = {
                let out = $first::LEAVES;
                #[allow(unused_mut)]
                let mut n = $first::N;
                $(
                    let out = concat_leaves(out, n, $rest::LEAVES, $rest::N);
                    n += $rest::N;
                )*
                let _ = n;
                out
            };
            const SIZE: i64 = $first::SIZE $(* $rest::SIZE)*;
            const FIRST_SIZE: i64 = $first::SIZE;
        }
    };
}
static_leaves_tuple!(A);
static_leaves_tuple!(A, B);
static_leaves_tuple!(A, B, C);
static_leaves_tuple!(A, B, C, D);
static_leaves_tuple!(A, B, C, D, E);
static_leaves_tuple!(A, B, C, D, E, F);

/// A static layout as constants: flattened shape and stride, and an optional swizzle and
/// offset applied after it (`Sw(offset + L(i))`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StaticLayoutDesc {
    /// Number of leaves.
    pub n: usize,
    /// Shape leaves.
    pub shape: [i64; MAX_STATIC_LEAVES],
    /// Stride leaves.
    pub stride: [i64; MAX_STATIC_LEAVES],
    /// The size of mode 0 (the thread count of a TV layout).
    pub mode0_size: i64,
    /// `(B, M, S)` of the swizzle, `(0, 0, 0)` for none.
    pub swizzle: (u32, u32, i32),
    /// The offset added before the swizzle.
    pub offset: i64,
}

impl StaticLayoutDesc {
    /// The size of the layout.
    pub const fn size(&self) -> i64 {
        let mut p = 1;
        let mut k = 0;
        while k < self.n {
            p *= self.shape[k];
            k += 1;
        }
        p
    }
    /// `L(i)` for `0 ≤ i < size` (colexicographic over the flattened leaves, then the offset
    /// and the swizzle).
    pub const fn eval(&self, i: i64) -> i64 {
        let mut rest = i;
        let mut acc = self.offset;
        let mut k = 0;
        while k < self.n {
            acc += (rest % self.shape[k]) * self.stride[k];
            rest /= self.shape[k];
            k += 1;
        }
        // CuTe's swizzle (as `SwizzleFn::apply`): x ^ ((x & yyy) >> S), yyy the B bits at
        // M + max(0, S).
        let (b, m, s) = self.swizzle;
        let yyy = ((1i64 << b) - 1) << (m as i64 + if s > 0 { s as i64 } else { 0 });
        let y = acc & yyy;
        acc ^ if s >= 0 { y >> s } else { y << -s }
    }
}

/// A static layout whose offsets the compile-time check can compute: a [`Layout`](struct@crate::Layout)
/// with static leaves, or a [`ComposedLayout`](crate::ComposedLayout) of a static
/// [`Swizzle`](crate::Swizzle), a static offset and such a layout.
#[doc(hidden)]
pub trait StaticSmemLayout {
    /// The layout as constants.
    const DESC: StaticLayoutDesc;
}

impl<S: StaticLeaves, D: StaticLeaves> StaticSmemLayout for crate::Layout<S, D> {
    const DESC: StaticLayoutDesc = {
        if S::N != D::N {
            panic!("shape and stride have different numbers of leaves");
        }
        StaticLayoutDesc {
            n: S::N,
            shape: S::LEAVES,
            stride: D::LEAVES,
            mode0_size: S::FIRST_SIZE,
            swizzle: (0, 0, 0),
            offset: 0,
        }
    };
}

impl<Bb, M, Sh, O, S, D> StaticSmemLayout
    for crate::ComposedLayout<crate::Swizzle<Bb, M, Sh>, O, crate::Layout<S, D>>
where
    Bb: typenum::Unsigned,
    M: typenum::Unsigned,
    Sh: typenum::Integer,
    O: crate::int::Int,
    S: StaticLeaves,
    D: StaticLeaves,
{
    const DESC: StaticLayoutDesc = {
        let inner = <crate::Layout<S, D> as StaticSmemLayout>::DESC;
        StaticLayoutDesc {
            swizzle: (Bb::U32, M::U32, Sh::I32),
            offset: match O::STATIC {
                Some(v) => v,
                None => panic!(
                    "static layout required: the composed layout's offset is a runtime value"
                ),
            },
            ..inner
        }
    };
}

/// The compile-time analysis of a warp copy ([`analyze_static_tv`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StaticCopyReport {
    /// Wavefronts over all warps and instructions.
    pub wavefronts: u32,
    /// Ideal wavefronts over all of them.
    pub ideal: u32,
    /// Bank conflicts over all of them.
    pub conflicts: u32,
    /// The instruction with the highest conflict degree (the first if several).
    pub worst: BankReport,
    /// Its warp.
    pub worst_warp: u32,
    /// Its index within the warp's instructions.
    pub worst_instruction: u32,
}

/// [`analyze_tv`] in a `const` context, over every warp of the TV layout: thread `t`'s value
/// `v` is element `tv(t + T·v)` of `smem` (`T` = the size of `tv`'s mode 0, a multiple of 32),
/// accessed `vector` values at a time. An error message names what is wrong.
pub const fn analyze_static_tv(
    tv: &StaticLayoutDesc,
    smem: &StaticLayoutDesc,
    element_bits: u32,
    vector: u32,
    store: bool,
) -> core::result::Result<StaticCopyReport, &'static str> {
    let instruction = match SmemInstruction::vector_op(vector as u64 * element_bits as u64, store) {
        Some(i) => i,
        None => return Err("vector × element bits must be 16, 32, 64 or 128"),
    };
    let threads = tv.mode0_size;
    if threads <= 0 || threads % 32 != 0 {
        return Err("the TV layout's thread count (mode 0) must be a multiple of 32");
    }
    let values = tv.size() / threads;
    if values % vector as i64 != 0 {
        return Err("the vector width must divide the values per thread");
    }
    let size = smem.size();
    let mut report = StaticCopyReport {
        wavefronts: 0,
        ideal: 0,
        conflicts: 0,
        worst: analyze_aligned(instruction, &[0; WARP]),
        worst_warp: 0,
        worst_instruction: 0,
    };
    report.worst.degree = 0;
    let mut warp = 0;
    while warp < threads / 32 {
        let mut i = 0;
        while i < values / vector as i64 {
            let mut addresses = [0u32; WARP];
            let mut l = 0;
            while l < WARP {
                let t = warp * 32 + l as i64;
                let mut base = 0;
                let mut j = 0;
                while j < vector as i64 {
                    let e = tv.eval(t + threads * (i * vector as i64 + j));
                    if e < 0 || e >= size {
                        return Err("a TV layout value lies outside the shared-memory layout");
                    }
                    let o = smem.eval(e);
                    if j == 0 {
                        base = o;
                    } else if o != base + j {
                        return Err(
                            "a thread's vector of values is not consecutive in shared memory",
                        );
                    }
                    j += 1;
                }
                let bits = base * element_bits as i64;
                if bits < 0 || bits % 8 != 0 || bits / 8 > u32::MAX as i64 {
                    return Err("an element does not lie at a byte address in 0..2^32");
                }
                addresses[l] = (bits / 8) as u32;
                l += 1;
            }
            if misaligned_lane(instruction, &addresses).is_some() {
                return Err("a lane's address is not aligned to the vector width");
            }
            let r = analyze_aligned(instruction, &addresses);
            report.wavefronts += r.wavefronts;
            report.ideal += r.ideal;
            report.conflicts += r.conflicts;
            if r.degree > report.worst.degree {
                report.worst = r;
                report.worst_warp = warp as u32;
                report.worst_instruction = i as u32;
            }
            i += 1;
        }
        warp += 1;
    }
    Ok(report)
}

/// A message built at compile time (ASCII).
#[derive(Clone, Copy, Debug)]
pub struct ConstMessage {
    buf: [u8; 256],
    len: usize,
}

impl ConstMessage {
    const fn new() -> Self {
        ConstMessage {
            buf: [0; 256],
            len: 0,
        }
    }
    const fn push_str(mut self, s: &str) -> Self {
        let b = s.as_bytes();
        let mut i = 0;
        while i < b.len() && self.len < self.buf.len() {
            self.buf[self.len] = b[i];
            self.len += 1;
            i += 1;
        }
        self
    }
    const fn push_u32(mut self, v: u32) -> Self {
        let mut digits = [0u8; 10];
        let (mut n, mut v) = (0, v);
        loop {
            digits[n] = b'0' + (v % 10) as u8;
            n += 1;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        while n > 0 && self.len < self.buf.len() {
            n -= 1;
            self.buf[self.len] = digits[n];
            self.len += 1;
        }
        self
    }
    /// The text.
    pub const fn as_str(&self) -> &str {
        let (head, _) = self.buf.split_at(self.len);
        // SAFETY: only ASCII bytes (from `&str`s cut at byte boundaries of ASCII text, and
        // digits) are written; the messages pushed are ASCII.
        unsafe { core::str::from_utf8_unchecked(head) }
    }
}

/// "bank conflict: ld.shared.v4.b32 is 8-way conflicted (warp 0, instruction 0: 32
/// wavefronts, ideal 4; lanes 0,1,…)".
pub const fn conflict_message(r: &StaticCopyReport) -> ConstMessage {
    let w = &r.worst;
    let mut m = ConstMessage::new()
        .push_str("bank conflict: ")
        .push_str(w.instruction.ptx())
        .push_str(" is ")
        .push_u32(w.degree)
        .push_str("-way conflicted (warp ")
        .push_u32(r.worst_warp)
        .push_str(", instruction ")
        .push_u32(r.worst_instruction)
        .push_str(": ")
        .push_u32(w.wavefronts)
        .push_str(" wavefronts, ideal ")
        .push_u32(w.ideal)
        .push_str("; bank ")
        .push_u32(w.worst_bank)
        .push_str(", lanes ");
    let mut l = 0;
    let mut first = true;
    while l < 32 {
        if w.worst_lanes >> l & 1 == 1 {
            if !first {
                m = m.push_str(",");
            }
            m = m.push_u32(l);
            first = false;
        }
        l += 1;
    }
    m.push_str(")")
}

/// The compile-time bank check of a static copy: the warps of thread/value layout `Tv` access
/// shared-memory layout `Smem` (a static [`Layout`](struct@crate::Layout) or swizzled
/// [`ComposedLayout`](crate::ComposedLayout)) of `ELEMENT_BITS`-bit elements, `VECTOR`
/// values per instruction, loading (`STORE = false`) or storing.
///
/// `StaticTvCopy::<…>::ASSERT_CONFLICT_FREE` fails to compile when an instruction conflicts,
/// with an error whose first line names the instruction, the conflict degree and the lanes:
/// `evaluation panicked: bank conflict: ld.shared.v4.b32 is 8-way conflicted (warp 0, …)`.
///
/// ```
/// use cute_layout::banks::StaticTvCopy;
/// use cute_layout::typenum::{U0, U2, U3, P3};
/// use cute_layout::{ComposedLayout, Layout, Swizzle};
/// // Thread t reads row t of a 32x32 f32 tile, 4 floats at a time.
/// type Tv = Layout![(32,32):(1,32)];
/// type Plain = Layout![(32,32):(32,1)];
/// type Swizzled = ComposedLayout<Swizzle<U3, U2, P3>, U0, Plain>;
/// // Conflict-free through Sw<3,2,3>: this compiles.
/// const _: () = StaticTvCopy::<Tv, Swizzled, 32, 4, false>::ASSERT_CONFLICT_FREE;
/// // Without the swizzle each quarter-warp is 8-way conflicted (the report, at compile time):
/// const R: cute_layout::banks::StaticCopyReport = StaticTvCopy::<Tv, Plain, 32, 4, false>::REPORT;
/// assert_eq!((R.wavefronts, R.ideal, R.worst.degree), (256, 32, 8));
/// ```
pub struct StaticTvCopy<Tv, Smem, const ELEMENT_BITS: u32, const VECTOR: u32, const STORE: bool>(
    core::marker::PhantomData<(Tv, Smem)>,
);

impl<Tv, Smem, const ELEMENT_BITS: u32, const VECTOR: u32, const STORE: bool>
    StaticTvCopy<Tv, Smem, ELEMENT_BITS, VECTOR, STORE>
where
    Tv: StaticSmemLayout,
    Smem: StaticSmemLayout,
{
    /// The analysis (a compile error naming the problem if the copy is not valid).
    pub const REPORT: StaticCopyReport =
        match analyze_static_tv(&Tv::DESC, &Smem::DESC, ELEMENT_BITS, VECTOR, STORE) {
            Ok(r) => r,
            Err(e) => panic!("{}", e),
        };
    /// `()`, or a compile error naming the conflicting instruction, degree and lanes.
    pub const ASSERT_CONFLICT_FREE: () = {
        if Self::REPORT.conflicts != 0 {
            panic!("{}", conflict_message(&Self::REPORT).as_str());
        }
    };
}
