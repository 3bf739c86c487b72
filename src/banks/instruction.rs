//! The warp-wide shared-memory instructions and how each splits a warp's access into
//! wavefronts (the rules fitted on the GPU with ncu; module documentation: [`crate::banks`]).

use core::fmt;

use super::*;

/// A warp-wide shared-memory instruction, named as in PTX.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)] // each variant's doc is its PTX name, given by `ptx()`
pub enum SmemInstruction {
    /// `ld.shared.u16`
    LdSharedU16,
    /// `ld.shared.b32`
    LdSharedB32,
    /// `ld.shared.v2.b32`
    LdSharedV2B32,
    /// `ld.shared.v4.b32`
    LdSharedV4B32,
    /// `st.shared.u16`
    StSharedU16,
    /// `st.shared.b32`
    StSharedB32,
    /// `st.shared.v2.b32`
    StSharedV2B32,
    /// `st.shared.v4.b32`
    StSharedV4B32,
    /// `ldmatrix.sync.aligned.m8n8.x1.shared.b16`
    LdmatrixX1,
    /// `ldmatrix.sync.aligned.m8n8.x2.shared.b16`
    LdmatrixX2,
    /// `ldmatrix.sync.aligned.m8n8.x4.shared.b16`
    LdmatrixX4,
    /// `ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16`
    LdmatrixX1Trans,
    /// `ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16`
    LdmatrixX2Trans,
    /// `ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16`
    LdmatrixX4Trans,
    /// `stmatrix.sync.aligned.m8n8.x1.shared.b16`
    StmatrixX1,
    /// `stmatrix.sync.aligned.m8n8.x2.shared.b16`
    StmatrixX2,
    /// `stmatrix.sync.aligned.m8n8.x4.shared.b16`
    StmatrixX4,
    /// `stmatrix.sync.aligned.m8n8.x1.trans.shared.b16`
    StmatrixX1Trans,
    /// `stmatrix.sync.aligned.m8n8.x2.trans.shared.b16`
    StmatrixX2Trans,
    /// `stmatrix.sync.aligned.m8n8.x4.trans.shared.b16`
    StmatrixX4Trans,
    /// `cp.async.ca.shared.global [dst], [src], 4` (its shared-memory write)
    CpAsyncCa4,
    /// `cp.async.ca.shared.global [dst], [src], 8`
    CpAsyncCa8,
    /// `cp.async.ca.shared.global [dst], [src], 16`
    CpAsyncCa16,
    /// `cp.async.cg.shared.global [dst], [src], 16`
    CpAsyncCg16,
}

impl SmemInstruction {
    /// Every instruction kind.
    pub const ALL: [SmemInstruction; 24] = [
        I::LdSharedU16,
        I::LdSharedB32,
        I::LdSharedV2B32,
        I::LdSharedV4B32,
        I::StSharedU16,
        I::StSharedB32,
        I::StSharedV2B32,
        I::StSharedV4B32,
        I::LdmatrixX1,
        I::LdmatrixX2,
        I::LdmatrixX4,
        I::LdmatrixX1Trans,
        I::LdmatrixX2Trans,
        I::LdmatrixX4Trans,
        I::StmatrixX1,
        I::StmatrixX2,
        I::StmatrixX4,
        I::StmatrixX1Trans,
        I::StmatrixX2Trans,
        I::StmatrixX4Trans,
        I::CpAsyncCa4,
        I::CpAsyncCa8,
        I::CpAsyncCa16,
        I::CpAsyncCg16,
    ];

    /// The PTX spelling, e.g. `"ld.shared.v4.b32"`; for `cp.async` the instruction and its
    /// copy size, `"cp.async.cg.shared.global.16"`.
    pub const fn ptx(self) -> &'static str {
        match self {
            I::LdSharedU16 => "ld.shared.u16",
            I::LdSharedB32 => "ld.shared.b32",
            I::LdSharedV2B32 => "ld.shared.v2.b32",
            I::LdSharedV4B32 => "ld.shared.v4.b32",
            I::StSharedU16 => "st.shared.u16",
            I::StSharedB32 => "st.shared.b32",
            I::StSharedV2B32 => "st.shared.v2.b32",
            I::StSharedV4B32 => "st.shared.v4.b32",
            I::LdmatrixX1 => "ldmatrix.sync.aligned.m8n8.x1.shared.b16",
            I::LdmatrixX2 => "ldmatrix.sync.aligned.m8n8.x2.shared.b16",
            I::LdmatrixX4 => "ldmatrix.sync.aligned.m8n8.x4.shared.b16",
            I::LdmatrixX1Trans => "ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16",
            I::LdmatrixX2Trans => "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16",
            I::LdmatrixX4Trans => "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16",
            I::StmatrixX1 => "stmatrix.sync.aligned.m8n8.x1.shared.b16",
            I::StmatrixX2 => "stmatrix.sync.aligned.m8n8.x2.shared.b16",
            I::StmatrixX4 => "stmatrix.sync.aligned.m8n8.x4.shared.b16",
            I::StmatrixX1Trans => "stmatrix.sync.aligned.m8n8.x1.trans.shared.b16",
            I::StmatrixX2Trans => "stmatrix.sync.aligned.m8n8.x2.trans.shared.b16",
            I::StmatrixX4Trans => "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16",
            I::CpAsyncCa4 => "cp.async.ca.shared.global.4",
            I::CpAsyncCa8 => "cp.async.ca.shared.global.8",
            I::CpAsyncCa16 => "cp.async.ca.shared.global.16",
            I::CpAsyncCg16 => "cp.async.cg.shared.global.16",
        }
    }

    /// The instruction with this PTX spelling (exactly as [`ptx`](Self::ptx) writes it);
    /// an [`ErrorKind::Parse`] error otherwise.
    pub fn from_ptx(s: &str) -> Result<Self> {
        let t = s.trim();
        I::ALL
            .iter()
            .copied()
            .find(|i| i.ptx() == t)
            .ok_or_else(|| {
                layout_error!(
                    ErrorKind::Parse,
                    "unknown shared-memory instruction {t:?}: expected ld/st.shared.{{u16,b32,v2.b32,v4.b32}}, {{ldmatrix,stmatrix}}.sync.aligned.m8n8.{{x1,x2,x4}}[.trans].shared.b16, cp.async.ca.shared.global.{{4,8,16}} or cp.async.cg.shared.global.16"
                )
            })
    }

    /// Whether the instruction writes shared memory (`st.shared`, `stmatrix`, `cp.async`).
    pub const fn is_store(self) -> bool {
        self.is_cp_async()
            || matches!(
                self,
                I::StSharedU16
                    | I::StSharedB32
                    | I::StSharedV2B32
                    | I::StSharedV4B32
                    | I::StmatrixX1
                    | I::StmatrixX2
                    | I::StmatrixX4
                    | I::StmatrixX1Trans
                    | I::StmatrixX2Trans
                    | I::StmatrixX4Trans
            )
    }

    /// Whether it is a `cp.async` (whose shared-memory write is analysed).
    pub const fn is_cp_async(self) -> bool {
        matches!(
            self,
            I::CpAsyncCa4 | I::CpAsyncCa8 | I::CpAsyncCa16 | I::CpAsyncCg16
        )
    }

    /// Whether lanes of one lane group that access the same word share it (one bank access
    /// for all of them): every instruction except `cp.async`, whose lanes each write their own
    /// (see the [module docs](crate::banks)).
    pub const fn shares_equal_words(self) -> bool {
        !self.is_cp_async()
    }

    /// Whether it is an `ldmatrix` or `stmatrix` (lanes supply 16-byte row addresses).
    pub const fn is_matrix(self) -> bool {
        self.matrices() != 0
    }

    /// The number of 8x8 matrices of `ldmatrix`/`stmatrix` (1, 2 or 4); 0 for `ld`/`st`.
    pub const fn matrices(self) -> u32 {
        match self {
            I::LdmatrixX1 | I::LdmatrixX1Trans | I::StmatrixX1 | I::StmatrixX1Trans => 1,
            I::LdmatrixX2 | I::LdmatrixX2Trans | I::StmatrixX2 | I::StmatrixX2Trans => 2,
            I::LdmatrixX4 | I::LdmatrixX4Trans | I::StmatrixX4 | I::StmatrixX4Trans => 4,
            _ => 0,
        }
    }

    /// Bytes one lane's address covers: 2, 4, 8, 16 for `ld`/`st`, 16 (a matrix row) for
    /// `ldmatrix`/`stmatrix`, the copy size for `cp.async`. Addresses must be multiples of it.
    pub const fn bytes_per_lane(self) -> u32 {
        match self {
            I::LdSharedU16 | I::StSharedU16 => 2,
            I::LdSharedB32 | I::StSharedB32 | I::CpAsyncCa4 => 4,
            I::LdSharedV2B32 | I::StSharedV2B32 | I::CpAsyncCa8 => 8,
            _ => 16,
        }
    }

    /// The lanes whose addresses the instruction uses: 32, except `.x1` (lanes 0–7) and `.x2`
    /// (lanes 0–15).
    pub const fn active_lanes(self) -> usize {
        match self.matrices() {
            1 => 8,
            2 => 16,
            _ => WARP,
        }
    }

    /// The `ld`/`st` instruction moving `bits` per lane (16, 32, 64, 128).
    pub fn vector(bits: u32, store: bool) -> Result<Self> {
        Self::vector_op(bits as u64, store).ok_or_else(|| {
            layout_error!(
                ErrorKind::InvalidArgument,
                "no shared-memory vector instruction moves {bits} bits per lane (16, 32, 64 or 128)"
            )
        })
    }

    /// [`vector`](Self::vector) in `const` contexts (the compile-time check): `None` where no
    /// instruction moves `bits` per lane.
    pub(crate) const fn vector_op(bits: u64, store: bool) -> Option<Self> {
        Some(match (bits, store) {
            (16, false) => I::LdSharedU16,
            (32, false) => I::LdSharedB32,
            (64, false) => I::LdSharedV2B32,
            (128, false) => I::LdSharedV4B32,
            (16, true) => I::StSharedU16,
            (32, true) => I::StSharedB32,
            (64, true) => I::StSharedV2B32,
            (128, true) => I::StSharedV4B32,
            _ => return None,
        })
    }
}

impl fmt::Display for SmemInstruction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.ptx())
    }
}

impl core::str::FromStr for SmemInstruction {
    type Err = LayoutError;
    fn from_str(s: &str) -> Result<Self> {
        SmemInstruction::from_ptx(s)
    }
}
