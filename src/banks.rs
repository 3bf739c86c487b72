//! Shared-memory bank conflicts: how many wavefronts one warp-wide shared-memory instruction
//! takes, and how many of them ncu counts as bank conflicts — a model fitted to, and checked
//! against, measurements on an H100 and an H200 (`tests/data/banks/`, 2,610 `ld`/`st`/
//! `ldmatrix`/`stmatrix` and 647 `cp.async` configurations, all the model claims reproduced
//! exactly by `tests/banks_hardware.rs`; the probe is `probes/banks/`).
//!
//! # The model (what the measurements show)
//!
//! Shared memory has 32 banks of 4 bytes: the 4-byte word `w = address / 4` lives in bank
//! `w mod 32`. An instruction's lanes are split into **lane groups**; each group is served in
//! as many wavefronts as the largest number of *distinct* words it touches in one bank (lanes
//! touching the same word share it, for loads and stores alike — not for `cp.async`, where
//! every lane's word counts; a 16-bit access touches the word that contains it, a 64/128-bit
//! access 2/4 consecutive words). The wavefronts of the instruction are the sum over its
//! groups; the **ideal** count is the number of groups, and ncu's **bank conflicts** are
//! `wavefronts − ideal`.
//!
//! | instruction | lane groups |
//! |---|---|
//! | `ld/st.shared.u16`, `.b32` | the whole warp (1 group) |
//! | `st.shared.v2.b32` | the two half-warps, lanes 0–15 and 16–31 |
//! | `st.shared.v4.b32` | the four quarter-warps of 8 lanes |
//! | `ld.shared.v2.b32` | half-warps, **but** the whole warp (1 group) when **every lane `l` has the address of lane `l ^ 1`, or every lane has the address of lane `l ^ 2`** (the merge) |
//! | `ld.shared.v4.b32` | quarter-warps, **but** half-warps (2 groups) under the same merge condition |
//! | `cp.async.ca.shared.global.{4,8,16}` (its shared write) | as `st.shared` of that width: the warp, half-warps, quarter-warps; lanes writing the same word do **not** share it (a broadcast destination is 32 wavefronts at 4 bytes) |
//! | `cp.async.cg.shared.global.16` | as `cp.async.ca…16` for lanes with distinct destinations (every real copy: two lanes writing one destination race) — a prediction ncu cannot check: on Hopper it counts none of `.cg`'s shared-memory writes; timing supports it |
//! | `ldmatrix`/`stmatrix` `.x1/.x2/.x4` (`.trans` alike) | one group of 8 lanes per matrix: lanes 0–7, 8–15, 16–23, 24–31; `.x1` ignores lanes 8–31, `.x2` lanes 16–31; each lane supplies one 16-byte row |
//!
//! So the textbook "phases of 8 lanes for 128-bit accesses" holds for stores and for loads
//! without the merge; a merged load is served as if it had half as many lanes (ideal 2 for
//! `v4`, 1 for `v2`), whatever its conflicts. No other sharing merges anything: lane `l` with
//! `l ^ 3`, `l + 8`, `l + 16`, `31 − l`, pairings that differ between quarters, or one pair
//! short of either condition (then the load takes its quarter- or half-warp groups).
//!
//! # The data behind each rule
//!
//! | rule | evidence (`tests/data/banks/`, each configuration one warp, one instruction, ncu) |
//! |---|---|
//! | groups, distinct words, `ldmatrix`/`stmatrix` | rounds 1–2 (`banks.txt`, 683 configurations, H100); re-measured on an H200 (`banks_h200_r12.txt`): all 683 identical |
//! | merge with lane `l ^ 1` | 219 loads with every `l ^ 1` pair on one address (pairs, quads, octets, broadcasts, at conflict-free, fully conflicting and random placements) |
//! | merge with lane `l ^ 2` | found in round 3 (`banks_h200_r3.txt`): the rule with `l ^ 1` alone mispredicted 52 of 1,520 configurations, all loads with `l ^ 2` sharing; 122 such loads in all |
//! | nothing else merges | 708 loads whose lanes share addresses otherwise (every `l ^ m` pairing, `m` = 3..31, subgroups, random matchings within quads/octets/halves/the warp, per-quarter mixtures, near misses of both conditions); 249 stores with either pairing: stores never merge |
//! | blind test | round 5 (`banks_h200_r5.txt`): 103 random configurations, predictions committed before measuring (`probes/banks/round5_predictions.txt`): 103 exact |
//! | `cp.async.ca` | `cpasync_h200*.txt`: wavefronts (`…_mem_shared.sum − …_op_misc.sum`: Hopper's ncu has no LDGSTS wavefront counter) and `…_op_ldgsts` conflicts exact on all 325 configurations whose every lane group reads distinct pieces of one 128-byte line (coalesced, permuted, one line per group; FlashAttention-2's copies; a blind 60) |
//! | `cp.async.cg` | 207 configurations: conflicts 0 and no wavefront beyond `op_misc`, whatever the destination. Timing (`timing_h200.txt`, distinct destinations): those conflict-free under the rule (contiguous, quarter-warps or half-warps on the same banks, FlashAttention-2's copies) run at full speed, the 2-, 4- and 8-way ones 3.0–3.5× slower |
//! | throughput | timing: `ld.shared.v4` and `st.shared.v4` take time in proportion to the model's wavefronts (12 patterns each, within 10%); merged loads (broadcast, `l ^ 1`, `l ^ 2` pairs) run 1.85× faster than conflict-free unmerged ones, `l ^ 3` pairs do not |
//!
//! What the model does not know (recorded, not predicted): a `cp.async` whose lane group reads
//! several 128-byte lines, or one word for several lanes, adds conflicts of its global-memory
//! read (or hides some of the write's): e.g. 4-byte copies to contiguous destinations from one
//! source word per lane, 128 bytes apart, measure 24 conflicts (the model: 0). `cp.async.cg`'s
//! real cost is not proportional to the predicted wavefronts (2-, 4- and 8-way destinations
//! all about 3.3× slower), and lanes sharing a destination do not follow the rule (lanes
//! `l`, `l ^ 1` on one destination 1.75× slower, lanes `l`, `l ^ 2` or `l ^ 3` not slower, all
//! lanes on one 1.2×).
//!
//! ```
//! use cute_layout::banks::{analyze, SmemInstruction};
//! // 32 lanes reading consecutive 16-byte vectors: 4 quarter-warps of 128 bytes, no conflict.
//! let contiguous: [u32; 32] = core::array::from_fn(|l| 16 * l as u32);
//! let r = analyze(SmemInstruction::LdSharedV4B32, &contiguous).unwrap();
//! assert_eq!((r.wavefronts, r.ideal, r.conflicts), (4, 4, 0));
//! // A column of an f32 tile with a 128-byte pitch: all 32 lanes in bank 0.
//! let column: [u32; 32] = core::array::from_fn(|l| 128 * l as u32);
//! let r = analyze(SmemInstruction::LdSharedB32, &column).unwrap();
//! assert_eq!((r.wavefronts, r.conflicts, r.degree), (32, 31, 32));
//! ```

use core::fmt;

use crate::any_layout::AnyLayout;
use crate::error::{layout_error, ErrorKind, LayoutError, Result};
use crate::swizzle::{DynSwizzle, SwizzleFn};

/// Number of shared-memory banks.
pub const BANKS: u32 = 32;
/// Width of one bank in bytes.
pub const BANK_BYTES: u32 = 4;
/// Lanes of a warp.
pub const WARP: usize = 32;

// The instructions and their access rules: `instruction.rs`; the compile-time check of static
// layouts: `static_check.rs`.
mod instruction;
#[cfg(feature = "alloc")]
pub mod tiled;
pub use instruction::SmemInstruction;
use SmemInstruction as I;

/// The bank analysis of one instruction of one warp ([`analyze`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BankReport {
    /// The instruction analysed.
    pub instruction: SmemInstruction,
    /// Wavefronts, as ncu's `l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{ld,st}.sum`.
    pub wavefronts: u32,
    /// The wavefronts without any bank conflict: the number of lane groups.
    pub ideal: u32,
    /// Bank conflicts, as ncu's `l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{ld,st}.sum`
    /// (`wavefronts − ideal`).
    pub conflicts: u32,
    /// The n of the worst "n-way" conflict: most distinct words one bank serves within one
    /// lane group (1 when conflict-free).
    pub degree: u32,
    /// The bank of that worst conflict.
    pub worst_bank: u32,
    /// The lanes touching that bank in that group, as a bit mask (bit `l` = lane `l`).
    pub worst_lanes: u32,
    /// Whether the load was served with lane pairs merged: `ld.shared.v2/v4` whose every lane
    /// has the address of lane `l ^ 1`, or every lane the address of lane `l ^ 2` (see the
    /// [module docs](self)).
    pub pairs_merged: bool,
}

impl BankReport {
    /// Whether the instruction runs in its ideal number of wavefronts.
    pub fn is_conflict_free(&self) -> bool {
        self.conflicts == 0
    }
    /// The lanes of [`worst_lanes`](Self::worst_lanes), in increasing order.
    pub fn worst_lane_list(&self) -> impl Iterator<Item = u32> + '_ {
        (0..32u32).filter(move |l| self.worst_lanes >> l & 1 == 1)
    }
}

impl fmt::Display for BankReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "wavefronts={} conflicts={}",
            self.wavefronts, self.conflicts
        )
    }
}

/// The wavefronts, ideal count and bank conflicts of one instruction of one warp, from the 32
/// lanes' shared-memory byte addresses (lane order; for `ldmatrix`/`stmatrix` the row address
/// each lane supplies, the lanes the `.x1`/`.x2` forms ignore are ignored).
///
/// An [`ErrorKind::MisalignedAddress`] error when a used lane's address is not a multiple of
/// [`bytes_per_lane`](SmemInstruction::bytes_per_lane); an [`ErrorKind::InvalidArgument`]
/// error unless exactly 32 addresses are given.
pub fn analyze(instruction: SmemInstruction, addresses: &[u32]) -> Result<BankReport> {
    if addresses.len() != WARP {
        return Err(layout_error!(
            ErrorKind::InvalidArgument,
            "{} addresses given: a warp has 32 lanes (give one address per lane, lane order)",
            addresses.len()
        ));
    }
    let width = instruction.bytes_per_lane();
    let active = instruction.active_lanes();
    for (lane, &a) in addresses.iter().enumerate().take(active) {
        if a % width != 0 {
            return Err(layout_error!(
                ErrorKind::MisalignedAddress,
                "lane {lane}: address {a} is not a multiple of {width} bytes ({})",
                instruction.ptx()
            ));
        }
    }
    let mut a = [0u32; WARP];
    a.copy_from_slice(addresses);
    Ok(analyze_aligned(instruction, &a))
}

/// The first lane whose address is not a multiple of the access width, among the lanes the
/// instruction uses.
pub const fn misaligned_lane(
    instruction: SmemInstruction,
    addresses: &[u32; WARP],
) -> Option<usize> {
    let width = instruction.bytes_per_lane();
    let mut l = 0;
    while l < instruction.active_lanes() {
        if addresses[l] % width != 0 {
            return Some(l);
        }
        l += 1;
    }
    None
}

/// Whether every lane `l` has the address of lane `l ^ mask`.
const fn lanes_share_with(addresses: &[u32; WARP], mask: usize) -> bool {
    let mut l = 0;
    while l < WARP {
        if addresses[l] != addresses[l ^ mask] {
            return false;
        }
        l += 1;
    }
    true
}

/// The model's lane groups: how many consecutive lanes form one group, and whether the merge
/// rule applied (a 64/128-bit load whose every lane shares its address with lane `l ^ 1`, or
/// whose every lane shares it with lane `l ^ 2`, is served in half as many groups). See the
/// [module docs](self).
const fn lane_groups(instruction: SmemInstruction, addresses: &[u32; WARP]) -> (usize, bool) {
    let pairs_merged = matches!(instruction, I::LdSharedV2B32 | I::LdSharedV4B32)
        && (lanes_share_with(addresses, 1) || lanes_share_with(addresses, 2));
    let group_lanes: usize = match instruction {
        I::LdSharedU16 | I::StSharedU16 | I::LdSharedB32 | I::StSharedB32 | I::CpAsyncCa4 => 32,
        I::LdSharedV2B32 if pairs_merged => 32,
        I::LdSharedV4B32 if pairs_merged => 16,
        I::LdSharedV2B32 | I::StSharedV2B32 | I::CpAsyncCa8 => 16,
        _ => 8,
    };
    (group_lanes, pairs_merged)
}

/// Which lanes meet in which bank in which wavefront: the picture behind a [`BankReport`]
/// (see [`bank_map`]).
#[cfg(feature = "alloc")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankMap {
    /// The instruction.
    pub instruction: SmemInstruction,
    /// The lane groups in lane order (see the [module docs](self)).
    pub groups: alloc::vec::Vec<BankGroupMap>,
}

/// One lane group of a [`BankMap`].
#[cfg(feature = "alloc")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankGroupMap {
    /// The group's first lane.
    pub first_lane: u32,
    /// The number of lanes in the group.
    pub lanes: u32,
    /// One row per wavefront of the group: `rows[w][b]` is the bit mask of the lanes whose
    /// access puts a word in bank `b` in wavefront `w` (the `w`-th distinct word the group
    /// touches in that bank; for `cp.async` the `w`-th lane's word, equal words apart). The
    /// group takes `rows.len()` wavefronts.
    pub rows: alloc::vec::Vec<[u32; BANKS as usize]>,
}

/// The bank map of one instruction of one warp: for each lane group and each of its
/// wavefronts, which lanes' words sit in which bank — the model of [`analyze`] drawn out
/// (`picture::bank_map_svg` draws it). The rows summed over the groups are the report's
/// `wavefronts`. The same errors as [`analyze`].
///
/// ```
/// use cute_layout::banks::{bank_map, SmemInstruction};
/// // A column of an f32 tile with a 64-byte pitch: lanes l and l + 2 share a bank.
/// let column: [u32; 32] = core::array::from_fn(|l| 64 * l as u32);
/// let map = bank_map(SmemInstruction::LdSharedB32, &column).unwrap();
/// let rows = &map.groups[0].rows;
/// assert_eq!(rows.len(), 16); // 16-way: bank 0 holds the words of lanes 0, 2, 4, …, 30
/// assert_eq!(rows[1][0], 1 << 2); // the second wavefront serves lane 2 in bank 0
/// ```
#[cfg(feature = "alloc")]
pub fn bank_map(instruction: SmemInstruction, addresses: &[u32]) -> Result<BankMap> {
    use alloc::vec::Vec;
    analyze(instruction, addresses)?; // the same checks
    let mut a = [0u32; WARP];
    a.copy_from_slice(addresses);
    let (group_lanes, _) = lane_groups(instruction, &a);
    let words_per_lane = instruction.bytes_per_lane().div_ceil(BANK_BYTES);
    let mut groups = Vec::new();
    for start in (0..instruction.active_lanes()).step_by(group_lanes) {
        // Per bank, the distinct words in the order the group's lanes first touch them.
        let mut words: [Vec<u32>; BANKS as usize] = core::array::from_fn(|_| Vec::new());
        let mut rows: Vec<[u32; BANKS as usize]> = Vec::new();
        for (lane, &address) in a.iter().enumerate().skip(start).take(group_lanes) {
            for j in 0..words_per_lane {
                // An aligned access's words are consecutive from `address / 4` (a 16-bit access
                // touches the word that contains it).
                let word = address / BANK_BYTES + j;
                let bank = (word % BANKS) as usize;
                let shared = match instruction.shares_equal_words() {
                    true => words[bank].iter().position(|&w| w == word),
                    false => None, // cp.async: every lane's word takes its own access
                };
                let row = match shared {
                    Some(r) => r,
                    None => {
                        words[bank].push(word);
                        words[bank].len() - 1
                    }
                };
                if rows.len() <= row {
                    rows.push([0; BANKS as usize]);
                }
                rows[row][bank] |= 1 << lane;
            }
        }
        groups.push(BankGroupMap {
            first_lane: start as u32,
            lanes: group_lanes as u32,
            rows,
        });
    }
    Ok(BankMap {
        instruction,
        groups,
    })
}

/// [`analyze`] for addresses known to be aligned ([`misaligned_lane`] is `None`), in a
/// `const` context: the model itself. Misaligned addresses give an unspecified report (never
/// a panic).
pub const fn analyze_aligned(instruction: SmemInstruction, addresses: &[u32; WARP]) -> BankReport {
    let (group_lanes, pairs_merged) = lane_groups(instruction, addresses);
    let words_per_lane = instruction.bytes_per_lane().div_ceil(BANK_BYTES);
    let mut report = BankReport {
        instruction,
        wavefronts: 0,
        ideal: 0,
        conflicts: 0,
        degree: 0,
        worst_bank: 0,
        worst_lanes: 0,
        pairs_merged,
    };
    let mut start = 0;
    while start < instruction.active_lanes() {
        // Distinct access units of the group (units of max(width, 4) bytes: aligned, so two
        // distinct units share no word; for `cp.async` every lane's unit, equal or not); each
        // unit adds one word to each of its banks.
        let unit = if words_per_lane == 1 {
            BANK_BYTES
        } else {
            instruction.bytes_per_lane()
        };
        let mut units = [0u32; WARP];
        let mut n = 0usize;
        let mut per_bank = [0u32; BANKS as usize];
        let mut l = start;
        while l < start + group_lanes {
            let u = addresses[l] / unit;
            let mut seen = false;
            let mut q = 0;
            // cp.async: no sharing, every lane's unit counts
            while q < n && instruction.shares_equal_words() {
                if units[q] == u {
                    seen = true;
                    break;
                }
                q += 1;
            }
            if !seen {
                units[n] = u;
                n += 1;
                let mut j = 0;
                while j < words_per_lane {
                    per_bank[((u * words_per_lane + j) % BANKS) as usize] += 1;
                    j += 1;
                }
            }
            l += 1;
        }
        let (mut bank, mut depth) = (0u32, 0u32);
        let mut b = 0;
        while b < BANKS as usize {
            if per_bank[b] > depth {
                bank = b as u32;
                depth = per_bank[b];
            }
            b += 1;
        }
        report.wavefronts += depth;
        report.ideal += 1;
        if depth > report.degree {
            report.degree = depth;
            report.worst_bank = bank;
            report.worst_lanes = 0;
            let mut l = start;
            while l < start + group_lanes {
                let first = addresses[l] / BANK_BYTES;
                let mut j = 0;
                while j < words_per_lane {
                    if (first + j) % BANKS == bank {
                        report.worst_lanes |= 1 << l;
                    }
                    j += 1;
                }
                l += 1;
            }
        }
        start += group_lanes;
    }
    report.conflicts = report.wavefronts - report.ideal;
    report
}

/// The byte address of element `index` of a shared-memory layout of `element_bits`-bit
/// elements: `smem(index) * element_bits / 8`, checked (in bounds, non-negative, whole bytes,
/// below 2³²).
pub fn element_address<L: AnyLayout>(smem: &L, element_bits: u32, index: i64) -> Result<u32> {
    if element_bits == 0 {
        return Err(layout_error!(
            ErrorKind::InvalidArgument,
            "element size must be positive"
        ));
    }
    let size: i64 = smem.size().into();
    if !(0..size).contains(&index) {
        return Err(layout_error!(
            ErrorKind::BadCoordinate,
            "element index {index} is outside the shared-memory layout's domain 0..{size}"
        ));
    }
    let offset = smem.try_eval(index)?;
    let bits = offset
        .checked_mul(element_bits as i64)
        .ok_or_else(LayoutError::overflow)?;
    if bits < 0 || bits % 8 != 0 {
        return Err(layout_error!(
            ErrorKind::MisalignedAddress,
            "element {index} lies at offset {offset}, bit {bits}: not a non-negative whole byte"
        ));
    }
    u32::try_from(bits / 8).map_err(|_| {
        layout_error!(
            ErrorKind::TooLarge,
            "element {index} lies at byte {} (shared memory addresses are below 2^32)",
            bits / 8
        )
    })
}

/// One instruction of one warp over a shared-memory layout: `lane_element(l)` is the index
/// (the layout's 1-D coordinate) of the first element lane `l` accesses (ignored lanes of
/// `.x1`/`.x2` are not asked).
pub fn analyze_lanes<L: AnyLayout>(
    instruction: SmemInstruction,
    smem: &L,
    element_bits: u32,
    mut lane_element: impl FnMut(u32) -> Result<i64>,
) -> Result<BankReport> {
    let mut addresses = [0u32; WARP];
    for (l, a) in addresses
        .iter_mut()
        .enumerate()
        .take(instruction.active_lanes())
    {
        *a = element_address(smem, element_bits, lane_element(l as u32)?)?;
    }
    analyze(instruction, &addresses)
}

/// Totals over the instructions of a warp's copy ([`analyze_copy`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CopySummary {
    /// The instruction kind.
    pub instruction: SmemInstruction,
    /// How many instructions the warp executes.
    pub instructions: u32,
    /// Wavefronts over all of them.
    pub wavefronts: u32,
    /// Ideal wavefronts over all of them.
    pub ideal: u32,
    /// Bank conflicts over all of them.
    pub conflicts: u32,
    /// The instruction with the highest conflict degree (the first if several).
    pub worst: BankReport,
    /// Its index.
    pub worst_index: u32,
}

impl CopySummary {
    /// Whether no instruction has a bank conflict.
    pub fn is_conflict_free(&self) -> bool {
        self.conflicts == 0
    }
}

/// A warp's copy of `instructions` instructions over a shared-memory layout: `element(i, l)`
/// is the index of the first element lane `l` accesses in instruction `i`.
pub fn analyze_copy<L: AnyLayout>(
    instruction: SmemInstruction,
    smem: &L,
    element_bits: u32,
    instructions: u32,
    mut element: impl FnMut(u32, u32) -> Result<i64>,
) -> Result<CopySummary> {
    if instructions == 0 {
        return Err(layout_error!(
            ErrorKind::InvalidArgument,
            "a copy has at least one instruction"
        ));
    }
    let mut sum: Option<CopySummary> = None;
    for i in 0..instructions {
        let r = analyze_lanes(instruction, smem, element_bits, |l| element(i, l))?;
        let s = sum.get_or_insert(CopySummary {
            instruction,
            instructions,
            wavefronts: 0,
            ideal: 0,
            conflicts: 0,
            worst: r,
            worst_index: i,
        });
        s.wavefronts += r.wavefronts;
        s.ideal += r.ideal;
        s.conflicts += r.conflicts;
        if r.degree > s.worst.degree {
            s.worst = r;
            s.worst_index = i;
        }
    }
    // `instructions > 0`, so the summary exists.
    sum.ok_or_else(LayoutError::overflow)
}

/// Thread/value access of one warp: `tv(t, v)` is the 1-D shared-memory-layout index of value
/// `v` of thread `t` (CuTe's TV layout evaluated at `(t, v)`), for threads
/// `32·warp .. 32·warp + 31` and values `0..values`. The warp accesses its values `vector`
/// at a time (`vector · element_bits` ∈ {16, 32, 64, 128}); each instruction's `vector`
/// values of a thread must be consecutive in shared memory.
pub fn analyze_tv<L: AnyLayout>(
    tv: impl Fn(u32, u32) -> Result<i64>,
    values: u32,
    warp: u32,
    smem: &L,
    element_bits: u32,
    vector: u32,
    store: bool,
) -> Result<CopySummary> {
    let bits = vector
        .checked_mul(element_bits)
        .ok_or_else(LayoutError::overflow)?;
    let instruction = SmemInstruction::vector(bits, store)?;
    if values == 0 || values % vector != 0 {
        return Err(layout_error!(
            ErrorKind::NotDivisible,
            "vector width {vector} does not divide the {values} values per thread"
        ));
    }
    let thread0 = warp.checked_mul(32).ok_or_else(LayoutError::overflow)?;
    analyze_copy(instruction, smem, element_bits, values / vector, |i, l| {
        let t = thread0 + l;
        let first = tv(t, i * vector)?;
        element_address(smem, element_bits, first)?;
        let base = smem.try_eval(first)?;
        for j in 1..vector {
            let e = tv(t, i * vector + j)?;
            element_address(smem, element_bits, e)?;
            let o = smem.try_eval(e)?;
            if o != base + j as i64 {
                return Err(layout_error!(
                    ErrorKind::NotDivisible,
                    "thread {t}: values {}..{} are not consecutive in shared memory (value {} at offset {o}, expected {})",
                    i * vector,
                    i * vector + vector - 1,
                    i * vector + j,
                    base + j as i64
                ));
            }
        }
        Ok(first)
    })
}

/// The widest vector (in elements) with which the warp reads (`store = false`) or writes its
/// values without bank conflicts, and the summary at that width; `None` when no width is
/// conflict-free. Widths whose values are not consecutive in shared memory, not aligned, or
/// that do not divide the value count are skipped.
pub fn widest_conflict_free_vector<L: AnyLayout>(
    tv: impl Fn(u32, u32) -> Result<i64>,
    values: u32,
    warp: u32,
    smem: &L,
    element_bits: u32,
    store: bool,
) -> Result<Option<(u32, CopySummary)>> {
    for bits in [128u32, 64, 32, 16] {
        if element_bits == 0 || bits % element_bits != 0 {
            continue;
        }
        let vector = bits / element_bits;
        match analyze_tv(&tv, values, warp, smem, element_bits, vector, store) {
            Ok(s) if s.is_conflict_free() => return Ok(Some((vector, s))),
            Ok(_) => {}
            Err(e)
                if matches!(
                    e.kind(),
                    ErrorKind::NotDivisible | ErrorKind::MisalignedAddress
                ) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(None)
}

/// A layout `Sw(L(i))`: a swizzle applied to a shared-memory layout's offsets (CuTe's
/// `composition(Swizzle, L)`), without building a composed layout.
struct Swizzled<'a, L> {
    sw: DynSwizzle,
    inner: &'a L,
}

impl<L: AnyLayout> Swizzled<'_, L> {
    fn address(&self, element_bits: u32, index: i64) -> Result<u32> {
        element_address(self.inner, element_bits, index)?;
        let o = self.sw.apply(self.inner.try_eval(index)?);
        let bits = o
            .checked_mul(element_bits as i64)
            .ok_or_else(LayoutError::overflow)?;
        if bits < 0 || bits % 8 != 0 {
            return Err(layout_error!(
                ErrorKind::MisalignedAddress,
                "element {index} lies at offset {o}: not a non-negative whole byte"
            ));
        }
        u32::try_from(bits / 8).map_err(|_| LayoutError::new(ErrorKind::TooLarge))
    }
}

/// The first swizzle `Sw<B,M,S>` (B = 0, the identity, then B = 1, 2, 3; for each B,
/// M = 0..=7 and S = max(B,1)..=8; the swizzle applied to `smem`'s offsets, as CuTe's
/// `composition(Swizzle<B,M,S>{}, smem)`) under which the copy — `element(i, l)`, the
/// index of the first element lane `l` accesses in instruction `i` of `instructions` — has
/// no bank conflict; `None` if none of them does.
///
/// Only swizzles that keep each lane's access unit whole are tried: `2^M` elements span at
/// least [`bytes_per_lane`](SmemInstruction::bytes_per_lane) bytes, so the elements a lane
/// accesses stay consecutive (the swizzle changes offset bits ≥ M only).
pub fn find_swizzle<L: AnyLayout>(
    instruction: SmemInstruction,
    smem: &L,
    element_bits: u32,
    instructions: u32,
    element: impl Fn(u32, u32) -> Result<i64>,
) -> Result<Option<DynSwizzle>> {
    let mut candidates = [(0i64, 0i64, 0i64); 1 + 3 * 8 * 8];
    let mut n = 1;
    for b in 1..=3i64 {
        for m in 0..=7i64 {
            for s in b.max(1)..=8 {
                if n < candidates.len() {
                    candidates[n] = (b, m, s);
                    n += 1;
                }
            }
        }
    }
    let unit_bits = instruction.bytes_per_lane() as u64 * 8;
    'next: for &(b, m, s) in &candidates[..n] {
        if b > 0 && (element_bits as u64) << m < unit_bits {
            continue;
        }
        let sw = DynSwizzle::new(b, m, s)?;
        let l = Swizzled { sw, inner: smem };
        for i in 0..instructions {
            let mut addresses = [0u32; WARP];
            for (lane, a) in addresses
                .iter_mut()
                .enumerate()
                .take(instruction.active_lanes())
            {
                *a = l.address(element_bits, element(i, lane as u32)?)?;
            }
            // Swizzles tried keep each access unit whole, so alignment errors are the input's.
            if !analyze(instruction, &addresses)?.is_conflict_free() {
                continue 'next;
            }
        }
        return Ok(Some(sw));
    }
    Ok(None)
}
mod static_check;
pub use static_check::*;
