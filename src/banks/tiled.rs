//! The bank analysis of a [`TiledCopy`](crate::atom::TiledCopy) over a shared-memory layout:
//! every warp's instructions, from the copy's own thread-value layouts.
//!
//! The shared-memory side of the copy (the source of `ldmatrix`, the destination of
//! `stmatrix` and `cp.async`, either side of a plain vector copy) is given by
//! [`SmemSide`]; its TV layout (`get_layoutS_TV` / `get_layoutD_TV`) maps `(thread, value)` to
//! the column-major index of the copy's `(M, N)` tile. The copy repeats over the
//! shared-memory tensor's `(M, N)` tiles (CuTe's `(CPY_M, CPY_N)` modes); each thread moves
//! `AtomNumVal` values per call (`TiledNumVal / AtomNumVal` calls per tile). The address a lane
//! supplies for one call is that of its call's first value: the start of the 16-byte row for
//! `ldmatrix`/`stmatrix`, the vector for `ld/st.shared`. The values of one call must be
//! consecutive in shared memory (an error otherwise: the instruction could not be issued).
//! For a `cp.async` copy pass its instruction ([`CpAsyncCg16`](SmemInstruction::CpAsyncCg16),
//! …): its lanes do not share equal words as `st.shared`'s do (see the [module docs](super)).

use alloc::vec::Vec;

use super::{analyze, element_address, BankReport, SmemInstruction, WARP};
use crate::any_layout::AnyLayout;
use crate::atom::TiledCopyLayouts;
use crate::composed::ComposedInner;
use crate::error::{layout_error, ErrorKind, LayoutError, Result};
use crate::int::StaticInt;
use crate::tuple::IntTuple;

/// Which side of a copy is in shared memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SmemSide {
    /// The source (`ldmatrix`, `ld.shared`).
    Src,
    /// The destination (`stmatrix`, `st.shared`, `cp.async`).
    Dst,
}

/// One instruction of one warp of a tiled copy ([`analyze_tiled_copy`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TiledInstruction {
    /// The warp (threads `32·warp .. 32·warp + 31`).
    pub warp: u32,
    /// The copy tile `(m, n)` of the shared-memory tensor (CuTe's `(CPY_M, CPY_N)` coordinate).
    pub tile: (i64, i64),
    /// The call within the tile: values `call·AtomNumVal ..` of each thread.
    pub call: u32,
    /// The byte address each lane supplies.
    pub addresses: [u32; WARP],
    /// Wavefronts, ideal count, conflicts, degree and worst lanes.
    pub report: BankReport,
}

/// Every warp's shared-memory instructions of the TiledCopy `tiled_copy` over the
/// shared-memory layout `smem` (plain, swizzled, static or runtime) of `element_bits`-bit
/// elements, read as an `(m, n)` tensor (1-D index `i + m·j`): warp by warp, tile by tile
/// (column major), call by call.
///
/// Errors: `m·n` differs from the layout's size, the copy tile does not divide `(m, n)`, the
/// thread count is not a multiple of 32, one call's values are not consecutive in shared
/// memory, an address is misaligned for `instruction` or out of range.
///
/// ```
/// use cute_layout::atom::*;
/// use cute_layout::banks::tiled::{analyze_tiled_copy, SmemSide};
/// use cute_layout::banks::SmemInstruction;
/// use cute_layout::{layout, typenum::{U16, U32}, DynComposedLayout};
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)),
///                          (U32::new(), U32::new(), U16::new()));
/// let ld = make_tiled_copy_a(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::new(), mma);
/// // The SM80 GEMM's 128x64 half A tile, swizzled: every ldmatrix.x4 conflict-free.
/// let sa: DynComposedLayout = "Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)".parse().unwrap();
/// let all = analyze_tiled_copy(&ld, &sa, (128, 64), 16, SmemInstruction::LdmatrixX4,
///                              SmemSide::Src).unwrap();
/// assert_eq!(all.len(), 4 * 16); // 4 warps, 4x4 tiles of 32x16, one call each
/// assert!(all.iter().all(|i| (i.report.wavefronts, i.report.conflicts) == (4, 0)));
/// ```
pub fn analyze_tiled_copy<TC, L>(
    _tiled_copy: &TC,
    smem: &L,
    (m, n): (i64, i64),
    element_bits: u32,
    instruction: SmemInstruction,
    side: SmemSide,
) -> Result<Vec<TiledInstruction>>
where
    TC: TiledCopyLayouts,
    TC::LayoutS_TV: ComposedInner,
    TC::LayoutD_TV: ComposedInner,
    TC::Tiler: IntTuple,
    L: AnyLayout,
{
    let size: i64 = smem.size().into();
    if m.checked_mul(n) != Some(size) {
        return Err(layout_error!(
            ErrorKind::ShapeMismatch,
            "the shared-memory layout has {size} elements, not {m}x{n}"
        ));
    }
    let tv = match side {
        SmemSide::Src => TC::LayoutS_TV::default().to_dyn_layout(),
        SmemSide::Dst => TC::LayoutD_TV::default().to_dyn_layout(),
    };
    let tiler = TC::Tiler::default().to_dyn();
    let mut tl = tiler.leaves();
    let (tm, tn) = (tl.next().unwrap_or(1), tl.next().unwrap_or(1));
    if m % tm != 0 || n % tn != 0 {
        return Err(layout_error!(
            ErrorKind::NotDivisible,
            "the copy tile ({tm},{tn}) does not divide the shared-memory tensor ({m},{n})"
        ));
    }
    let threads = TC::TiledNumThr::VALUE;
    if threads % WARP as i64 != 0 {
        return Err(layout_error!(
            ErrorKind::NotDivisible,
            "the copy has {threads} threads, not whole warps"
        ));
    }
    let (vals, per_call) = (TC::TiledNumVal::VALUE, TC::AtomNumVal::VALUE);
    let calls = vals / per_call;
    // The 1-D shared-memory index of value v of thread t in tile (a, b).
    let index = |t: i64, v: i64, a: i64, b: i64| -> Result<i64> {
        let c = tv.eval(t + threads * v);
        Ok((a * tm + c % tm) + m * (b * tn + c / tm))
    };
    let mut out = Vec::new();
    for w in 0..threads / WARP as i64 {
        for b in 0..n / tn {
            for a in 0..m / tm {
                for call in 0..calls {
                    let mut addresses = [0u32; WARP];
                    for (l, addr) in addresses
                        .iter_mut()
                        .enumerate()
                        .take(instruction.active_lanes())
                    {
                        let t = w * WARP as i64 + l as i64;
                        let first = index(t, call * per_call, a, b)?;
                        *addr = element_address(smem, element_bits, first)?;
                        let base = smem.try_eval(first)?;
                        for j in 1..per_call {
                            let o = smem.try_eval(index(t, call * per_call + j, a, b)?)?;
                            if Some(o) != base.checked_add(j) {
                                return Err(layout_error!(
                                    ErrorKind::NotDivisible,
                                    "thread {t}, tile ({a},{b}): value {} of call {call} lies at offset {o}, not {} (one instruction's values must be consecutive)",
                                    call * per_call + j,
                                    base + j
                                ));
                            }
                        }
                    }
                    let report = analyze(instruction, &addresses)?;
                    out.push(TiledInstruction {
                        warp: w as u32,
                        tile: (a, b),
                        call: u32::try_from(call).map_err(|_| LayoutError::overflow())?,
                        addresses,
                        report,
                    });
                }
            }
        }
    }
    Ok(out)
}
