//! Every atom's layouts against maps recorded on the GPU (`tests/data/atoms/`, written by
//! `probes/run.sh`; the format is in the probes' README and the project notes), and the reader
//! and checker against a hand-made fixture derived from the PTX ISA's fragment figures
//! (`tests/data/atoms_fixture/`, `make_fixture.py`).
//!
//! MMA lines `A t v | t1 v1 tb vb | ...`: with A one-hot at (t,v) = (m,k), D is non-zero exactly
//! on row m, and D(m,n) holds B(k,n): each listed D value (t1,v1) must be `C⁻¹(m,n)` for one n,
//! with (tb,vb) holding B(k,n), and the n must be all of 0..N. `B` lines likewise; `C t v | t1 v1`:
//! C(t,v) and D(t1,v1) are the same element. Copy lines `D t j | ts e` (unit `u` bits): for every
//! bit b, `DstLayout(t, j·u+b) = SrcLayout(ts, e·u+b)`, and the lines reach every bit of
//! DstLayout's image once.
//!
//! GMMA files (`wgmma`, `probes/README.md`): `values` counts only register operands, `smem A|B`
//! lines describe a shared-memory operand's buffer, whose slots are element offsets. The buffer
//! is CuTe's `tile_to_shape(GMMA::Layout_<layout>_Atom<T>, (rows, cols))` (`layout` one of
//! `K_INTER`, `K_SW32|64|128`, `MN_INTER`, `MN_SW32|64|128`; always indexed (row, k), row = M
//! or N, K-major or M|N-major being the atom's business), built here from the crate's atoms;
//! the instruction reads k-block `kb = kblock` (columns `K·kb .. K·kb+K`, K the atom's: 16 for
//! 16-bit, 8 for tf32, 32 for 8-bit inputs), and the descriptor start `desc_start_bytes` must
//! be where the tile puts element (0, K·kb) (CuTe's pointer to the k-block); `T` is the atom's
//! input type, whose width must be the file's `elem_bits`. A file with an M|N-major buffer is checked against the atom type
//! with those operand majors (`SS<N, MN, MN>`, `RS<N, K, MN>`: [`lookup_name`]), K-major files
//! against the table's atoms. With `lines first`, each A/B line lists only the first D value
//! (smallest `t·values_C + v`) of the D row (A) or column (B) its one-hot element (row, k) lights, with the other operand's slot of element (n or m, k):
//! predicted from CLayout, ALayout (register A) and the tiles. Shared-memory lines must be
//! exactly the tile's offsets of the k-block. Probe names `UniversalCopy_32`,
//! `SM80_CP_ASYNC_CACHEALWAYS_128` are the crate's `UniversalCopy<32>`, ...; every atom of the
//! table needs the files of the probes' coverage rule ([`required_stems`]), except the ones
//! [`UNCOVERED`] lists, and every file must be one of those.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use cute_layout::atom::{
    atom_layouts, atom_names, bfloat16_t, float_e4m3_t, float_e5m2_t, gmma, half_t, tfloat32_t,
    AtomLayouts,
};
use cute_layout::ops::ElementBits;
use cute_layout::DynLayout;

/// One parsed line: its number and its tokens.
type Line = (usize, Vec<i64>);

struct Record {
    atom: String,
    atom_line: usize,
    threads: Option<(usize, i64)>,
    /// `values A 8 B 4 C 4` (register operands only: `values A 8 C 64`, `values C 64`).
    values: Option<(usize, BTreeMap<char, i64>)>,
    unit_bits: Option<(usize, i64)>,
    /// `smem A|B key value ...` lines (GMMA shared-memory operands), by operand letter.
    smem: BTreeMap<char, (usize, BTreeMap<String, String>)>,
    /// The line of `lines first`, if any.
    lines_first: Option<usize>,
    /// `thread_ids l0 l1 ...` (SM70): the lanes of the atom's threads; the lines name lanes.
    thread_ids: Option<(usize, Vec<i64>)>,
    /// Keyed by the operand letter (`A`, `B`, `C`, `D`).
    lines: BTreeMap<char, Vec<Line>>,
}

fn parse(label: &str, text: &str) -> Result<Record, String> {
    let mut rec = Record {
        atom: String::new(),
        atom_line: 0,
        threads: None,
        values: None,
        unit_bits: None,
        smem: BTreeMap::new(),
        lines_first: None,
        thread_ids: None,
        lines: BTreeMap::new(),
    };
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |what: &str| format!("{label}:{n}: {what}: `{line}`");
        let toks: Vec<&str> = line.split(' ').collect();
        let int = |s: &str| s.parse::<i64>().map_err(|_| err("expected an integer"));
        match toks[0] {
            "atom" if toks.len() == 2 => {
                rec.atom = toks[1].to_string();
                rec.atom_line = n;
            }
            "threads" if toks.len() == 2 => rec.threads = Some((n, int(toks[1])?)),
            "unit_bits" if toks.len() == 2 => rec.unit_bits = Some((n, int(toks[1])?)),
            "values" if toks.len() % 2 == 1 => {
                let mut vals = BTreeMap::new();
                for kv in toks[1..].chunks(2) {
                    let key = match kv[0] {
                        "A" => 'A',
                        "B" => 'B',
                        "C" => 'C',
                        _ => return Err(err("expected `values` with A, B, C counts")),
                    };
                    if vals.insert(key, int(kv[1])?).is_some() {
                        return Err(err("operand counted twice"));
                    }
                }
                rec.values = Some((n, vals));
            }
            "smem" if toks.len() % 2 == 0 && (toks[1] == "A" || toks[1] == "B") => {
                let key = toks[1].chars().next().unwrap();
                let fields = toks[2..]
                    .chunks(2)
                    .map(|kv| (kv[0].to_string(), kv[1].to_string()))
                    .collect();
                if rec.smem.insert(key, (n, fields)).is_some() {
                    return Err(err("second `smem` line for this operand"));
                }
            }
            "lines" if toks.len() == 2 && toks[1] == "first" => rec.lines_first = Some(n),
            "thread_ids" if toks.len() > 1 => {
                let ids = toks[1..]
                    .iter()
                    .map(|t| int(t))
                    .collect::<Result<Vec<_>, _>>()?;
                rec.thread_ids = Some((n, ids));
            }
            "A" | "B" | "C" | "D" => {
                let mut nums = Vec::new();
                for (k, t) in toks[1..].iter().enumerate() {
                    if *t == "|" {
                        // Bars separate groups: after (t v), then after each group.
                        continue;
                    }
                    let _ = k;
                    nums.push(int(t)?);
                }
                let key = toks[0].chars().next().unwrap();
                rec.lines.entry(key).or_default().push((n, nums));
            }
            _ => return Err(err("unrecognized line")),
        }
    }
    if rec.atom.is_empty() {
        return Err(format!("{label}: no `atom NAME` line"));
    }
    Ok(rec)
}

/// A TV layout with its thread and value counts, read once: `L(t, x)` is evaluated for every
/// recorded number.
struct Tv<'a> {
    l: &'a DynLayout,
    thr: i64,
    val: i64,
}

impl<'a> Tv<'a> {
    fn new(label: &str, l: &'a DynLayout) -> Result<Self, String> {
        let mode_size = |i| -> Result<i64, String> {
            let m = l.shape().get(i).map_err(|e| format!("{label}: {l}: {e}"))?;
            m.size().map_err(|e| format!("{label}: {l}: {e}"))
        };
        Ok(Tv {
            l,
            thr: mode_size(0)?,
            val: mode_size(1)?,
        })
    }

    /// `L(t, x)` for a TV layout with `T` threads: the integral coordinate `t + T·x`.
    fn at(&self, t: i64, x: i64) -> Result<i64, String> {
        if !(0..self.thr).contains(&t) || !(0..self.val).contains(&x) {
            return Err(format!("({t},{x}) is outside the layout {}", self.l));
        }
        Ok(self.l.eval(t + self.thr * x))
    }
}

fn size(l: &DynLayout, mode: usize) -> i64 {
    l.mode(mode).expect("a TV layout has two modes").size()
}

/// Checks a recorded file against the atom's layouts; the error names the file and line.
fn check_record(
    label: &str,
    text: &str,
    lookup: &dyn Fn(&str) -> Option<AtomLayouts>,
) -> Result<(), String> {
    check_record_with(label, text, lookup, &crate_smem_tile)
}

/// The crate's name of an atom the probes name `UniversalCopy_32`,
/// `SM80_CP_ASYNC_CACHEALWAYS_128`, `UniversalFMA_float` (`UniversalCopy<32>`, ...,
/// `UniversalFMA<float>`): a templated family, `_`, its parameter (bits, or the C++ element type
/// of `UniversalFMA`); other names are the same.
fn crate_name(probe_name: &str) -> String {
    // Longest first: `SM80_CP_ASYNC_CACHEALWAYS_ZFILL_32` is not CACHEALWAYS with `ZFILL_32`.
    for (family, digits) in [
        ("SM80_CP_ASYNC_CACHEALWAYS_ZFILL", true),
        ("SM80_CP_ASYNC_CACHEGLOBAL_ZFILL", true),
        ("SM80_CP_ASYNC_CACHEALWAYS", true),
        ("SM80_CP_ASYNC_CACHEGLOBAL", true),
        ("UniversalCopy", true),
        ("AutoVectorizingCopyWithAssumedAlignment", true),
        ("UniversalFMA", false),
    ] {
        if let Some(param) = probe_name
            .strip_prefix(family)
            .and_then(|r| r.strip_prefix('_'))
        {
            let ok = |b: u8| {
                if digits {
                    b.is_ascii_digit()
                } else {
                    b.is_ascii_alphanumeric()
                }
            };
            if !param.is_empty() && param.bytes().all(ok) {
                return format!("{family}<{param}>");
            }
        }
    }
    probe_name.to_string()
}

/// The probes' name of a crate atom (the inverse of [`crate_name`]).
fn probe_name(crate_name: &str) -> String {
    crate_name.replace('<', "_").replace('>', "")
}

/// As [`check_record`], with the shared-memory tiles from `smem`.
fn check_record_with(
    label: &str,
    text: &str,
    lookup: &dyn Fn(&str) -> Option<AtomLayouts>,
    smem: SmemLookup,
) -> Result<(), String> {
    check_parsed(label, &parse(label, text)?, lookup, smem)
}

/// [`check_record_with`] on a parsed record.
fn check_parsed(
    label: &str,
    rec: &Record,
    lookup: &dyn Fn(&str) -> Option<AtomLayouts>,
    smem: SmemLookup,
) -> Result<(), String> {
    let name = lookup_name(rec);
    let Some(layouts) = lookup(&name) else {
        return Err(format!(
            "{label}:{}: the crate has no atom named `{name}`",
            rec.atom_line
        ));
    };
    match &layouts {
        AtomLayouts::Mma {
            thr_id,
            shape_mnk: (m, n, k),
            a,
            b,
            c,
        } if is_broadcast(a) || is_broadcast(b) => {
            check_gmma(label, rec, smem, thr_id, (*m, *n, *k), a, b, c)
        }
        AtomLayouts::Mma {
            thr_id,
            shape_mnk: (m, n, k),
            a,
            b,
            c,
        } => check_mma(label, rec, thr_id, (*m, *n, *k), a, b, c),
        AtomLayouts::Copy {
            thr_id, src, dst, ..
        } => check_copy(label, rec, thr_id, src, dst),
    }
}

fn check_threads(label: &str, rec: &Record, thr_id: &DynLayout) -> Result<i64, String> {
    let (ln, threads) = rec
        .threads
        .ok_or_else(|| format!("{label}: no `threads` line"))?;
    if threads != thr_id.size() {
        return Err(format!(
            "{label}:{ln}: recorded {threads} threads, ThrID {thr_id} has {}",
            thr_id.size()
        ));
    }
    Ok(threads)
}

/// Every (t, v) of `t < threads, v < vals` has exactly one line of `key`; returns them by (t, v).
fn lines_by_tv<'r>(
    label: &str,
    rec: &'r Record,
    key: char,
    threads: i64,
    vals: i64,
) -> Result<BTreeMap<(i64, i64), &'r Line>, String> {
    let mut by = BTreeMap::new();
    for l in rec.lines.get(&key).into_iter().flatten() {
        let (ln, nums) = l;
        if nums.len() < 2 {
            return Err(format!("{label}:{ln}: `{key}` line without (t v)"));
        }
        let tv = (nums[0], nums[1]);
        if !(0..threads).contains(&tv.0) || !(0..vals).contains(&tv.1) {
            return Err(format!(
                "{label}:{ln}: `{key} {} {}` is outside {threads} threads × {vals} values",
                tv.0, tv.1
            ));
        }
        if by.insert(tv, l).is_some() {
            return Err(format!(
                "{label}:{ln}: `{key} {} {}` recorded twice",
                tv.0, tv.1
            ));
        }
    }
    for t in 0..threads {
        for v in 0..vals {
            if !by.contains_key(&(t, v)) {
                return Err(format!("{label}: no `{key} {t} {v}` line"));
            }
        }
    }
    Ok(by)
}

/// Whether a TV layout is a shared-memory operand's: every thread sees the same values (thread
/// mode constant 0, as CuTe's `GMMA::ABLayout`), so no register experiment records it.
fn is_broadcast(l: &DynLayout) -> bool {
    let t = l.mode(0).expect("a TV layout has two modes");
    t.size() > 1 && (0..t.size()).all(|i| t.eval(i) == 0)
}

#[allow(clippy::too_many_arguments)]
fn check_operand(
    label: &str,
    rec: &Record,
    key: char,
    threads: i64,
    vals: i64,
    // (this operand's layout, the other operand's, D's), the tile extents, and which index of
    // the D tile this operand fixes: A fixes m (the row, `x % M`), B fixes n (`x / M`).
    op: &DynLayout,
    other: &DynLayout,
    d: &DynLayout,
    (mm, nn): (i64, i64),
    fixes_row: bool,
) -> Result<(), String> {
    // The operand's own (row, k): A: m + M·k; B: n + N·k.
    let own_rows = if fixes_row { mm } else { nn };
    let other_rows = if fixes_row { nn } else { mm };
    let (op, d, other) = (
        Tv::new(label, op)?,
        Tv::new(label, d)?,
        Tv::new(label, other)?,
    );
    for ((t, v), (ln, nums)) in lines_by_tv(label, rec, key, threads, vals)? {
        let x = op.at(t, v).map_err(|e| format!("{label}:{ln}: {e}"))?;
        let (r, kk) = (x % own_rows, x / own_rows);
        let ents = &nums[2..];
        if ents.len() % 4 != 0 {
            return Err(format!(
                "{label}:{ln}: entries are not groups of `t1 v1 t2 v2`"
            ));
        }
        let mut seen = BTreeSet::new();
        let mut others = BTreeSet::new();
        for g in ents.chunks(4) {
            let y = d.at(g[0], g[1]).map_err(|e| format!("{label}:{ln}: {e}"))?;
            let (dm, dn) = (y % mm, y / mm);
            let (fixed, free) = if fixes_row { (dm, dn) } else { (dn, dm) };
            if fixed != r {
                return Err(format!(
                    "{label}:{ln}: D value ({} {}) is element (m={dm},n={dn}) of CLayout, but {key}({t},{v}) is element {x} of {key}Layout, which reaches only {} {r} of D",
                    g[0],
                    g[1],
                    if fixes_row { "row" } else { "column" }
                ));
            }
            let z = other
                .at(g[2], g[3])
                .map_err(|e| format!("{label}:{ln}: {e}"))?;
            let want = free + other_rows * kk;
            if z != want {
                return Err(format!(
                    "{label}:{ln}: D value ({} {}) holds the other operand's ({} {}), element {z} of its layout; the layouts predict element {want}",
                    g[0], g[1], g[2], g[3]
                ));
            }
            if !seen.insert((g[0], g[1])) {
                return Err(format!(
                    "{label}:{ln}: D value ({} {}) listed twice",
                    g[0], g[1]
                ));
            }
            others.insert(free);
        }
        if others.len() as i64 != other_rows {
            return Err(format!(
                "{label}:{ln}: {} non-zero D values recorded, the layouts predict {other_rows}",
                seen.len()
            ));
        }
    }
    Ok(())
}

fn check_mma(
    label: &str,
    rec: &Record,
    thr_id: &DynLayout,
    (m, n, _k): (i64, i64, i64),
    a: &DynLayout,
    b: &DynLayout,
    c: &DynLayout,
) -> Result<(), String> {
    let threads = check_threads(label, rec, thr_id)?;
    let vals = check_values(label, rec, [a, b, c])?;
    let [Some(va), Some(vb), Some(vc)] = vals else {
        return Err(format!(
            "{label}: a register atom needs `values A .. B .. C ..`"
        ));
    };
    let logical = to_logical_threads(label, rec, thr_id)?;
    let rec = logical.as_ref().unwrap_or(rec);
    check_operand(label, rec, 'A', threads, va, a, b, c, (m, n), true)?;
    check_operand(label, rec, 'B', threads, vb, b, a, c, (m, n), false)?;
    check_c(label, rec, threads, vc, c)
}

/// A record whose lines name lanes (`thread_ids`, SM70's quad pair) rewritten to the atom's
/// logical threads: lane `l` is thread `i` with `ThrID(i) = l`. The recorded lanes must be
/// exactly `ThrID`'s image (`None`: the lines already name threads `0..size(ThrID)`; then
/// `ThrID` must be the identity).
fn to_logical_threads(
    label: &str,
    rec: &Record,
    thr_id: &DynLayout,
) -> Result<Option<Record>, String> {
    let image: Vec<i64> = (0..thr_id.size()).map(|i| thr_id.eval(i)).collect();
    let Some((ln, ids)) = &rec.thread_ids else {
        if image.iter().copied().ne(0..thr_id.size()) {
            return Err(format!(
                "{label}: ThrID {thr_id} is no identity, but the file has no `thread_ids` line naming the lanes"
            ));
        }
        return Ok(None);
    };
    let (mut want, mut got) = (image.clone(), ids.clone());
    want.sort_unstable();
    got.sort_unstable();
    if want != got {
        return Err(format!(
            "{label}:{ln}: the recorded lanes {ids:?} are not ThrID {thr_id}'s lanes {image:?}"
        ));
    }
    let lane_to_thread: BTreeMap<i64, i64> = image
        .iter()
        .enumerate()
        .map(|(i, &l)| (l, i as i64))
        .collect();
    let mut out = Record {
        atom: rec.atom.clone(),
        atom_line: rec.atom_line,
        threads: rec.threads,
        values: rec.values.clone(),
        unit_bits: rec.unit_bits,
        smem: rec.smem.clone(),
        lines_first: rec.lines_first,
        thread_ids: None,
        lines: BTreeMap::new(),
    };
    for (&key, lines) in &rec.lines {
        let mut v = Vec::new();
        for (n, nums) in lines {
            let mut nums = nums.clone();
            // Thread numbers sit at the even positions: `t v | t1 v1 t2 v2 | ...`.
            for i in (0..nums.len()).step_by(2) {
                nums[i] = *lane_to_thread.get(&nums[i]).ok_or_else(|| {
                    format!(
                        "{label}:{n}: lane {} is none of ThrID {thr_id}'s lanes",
                        nums[i]
                    )
                })?;
            }
            v.push((*n, nums));
        }
        out.lines.insert(key, v);
    }
    Ok(Some(out))
}

/// The `values` line: an operand is counted iff its layout is a register layout (not a
/// shared-memory broadcast), with as many values per thread as the layout; returns the counts
/// of A, B, C.
fn check_values(
    label: &str,
    rec: &Record,
    ls: [&DynLayout; 3],
) -> Result<[Option<i64>; 3], String> {
    let (ln, vals) = rec
        .values
        .as_ref()
        .ok_or_else(|| format!("{label}: no `values` line"))?;
    let mut out = [None; 3];
    for (i, (name, l)) in ['A', 'B', 'C'].into_iter().zip(ls).enumerate() {
        // C is always in registers; A and B are where their layouts say.
        match (vals.get(&name), name != 'C' && is_broadcast(l)) {
            (Some(&v), false) if v == size(l, 1) => out[i] = Some(v),
            (Some(&v), false) => {
                return Err(format!(
                    "{label}:{ln}: recorded {v} {name} values per thread, {name}Layout {l} has {}",
                    size(l, 1)
                ));
            }
            (None, true) => {}
            (Some(_), true) => {
                return Err(format!(
                    "{label}:{ln}: {name} recorded as a register operand, but {name}Layout {l} is a shared-memory layout (every thread sees the whole tile)"
                ));
            }
            (None, false) => {
                return Err(format!(
                    "{label}:{ln}: {name} is not recorded as a register operand, but {name}Layout {l} is a register layout"
                ));
            }
        }
    }
    Ok(out)
}

/// `C t v | t1 v1`: C(t,v) and D(t1,v1) are the same element of CLayout.
fn check_c(label: &str, rec: &Record, threads: i64, vc: i64, c: &DynLayout) -> Result<(), String> {
    let tv = Tv::new(label, c)?;
    for ((t, v), (ln, nums)) in lines_by_tv(label, rec, 'C', threads, vc)? {
        if nums.len() != 4 {
            return Err(format!("{label}:{ln}: expected `C t v | t1 v1`"));
        }
        let (x, y) = (
            tv.at(t, v)?,
            tv.at(nums[2], nums[3])
                .map_err(|e| format!("{label}:{ln}: {e}"))?,
        );
        if x != y {
            return Err(format!(
                "{label}:{ln}: C({t},{v}) is element {x} but came out in D({},{}), element {y}",
                nums[2], nums[3]
            ));
        }
    }
    Ok(())
}

/// A shared-memory tile of the crate: `(row, k) ↦` element offset, for `row < rows, k < cols`.
type SmemTile = Box<dyn Fn(i64, i64) -> i64>;
/// The crate's shared-memory tile for (atom, layout kind as the file names it, rows, cols,
/// element bits).
type SmemLookup<'a> = &'a dyn Fn(&str, &str, i64, i64, i64) -> Result<SmemTile, String>;

/// CuTe's `tile_to_shape(GMMA::Layout_<kind>_Atom<T>, (rows, cols))` from the crate's atoms,
/// `T` the atom's A/B type: `(row, k) ↦` element offset, `row` the M (A) or N (B) index. For
/// the K-major kinds (`K_INTER`, `K_SW32|64|128`) consecutive k are contiguous, for the MN-major
/// ones (`MN_INTER`, `MN_SW32|64|128`, atoms of shape (MN, K)) consecutive rows; the tile is
/// indexed the same way either way.
fn crate_smem_tile(
    atom: &str,
    kind: &str,
    rows: i64,
    cols: i64,
    elem_bits: i64,
) -> Result<SmemTile, String> {
    macro_rules! tile {
        ($A:ident, $T:ty) => {{
            let bits = <<$T as ElementBits>::Bits as typenum::Unsigned>::I64;
            if bits != elem_bits {
                return Err(format!(
                    "{elem_bits}-bit elements recorded, the atom's type has {bits} bits"
                ));
            }
            let t = gmma::$A::<$T>::new()
                .try_tile_to_shape((rows, cols))
                .map_err(|e| format!("tile_to_shape({}, ({rows},{cols})): {e}", stringify!($A)))?;
            Box::new(move |r: i64, k: i64| t.call((r, k))) as SmemTile
        }};
    }
    // The atom's A type (B has the same width): by the types in its name.
    let types = atom
        .split_once("x16_")
        .or_else(|| atom.split_once("x32_"))
        .or_else(|| atom.split_once("x8_"))
        .map_or("", |p| p.1);
    let ty = [
        ("F32BF16", "BF16"),
        ("F32TF32", "TF32"),
        ("F32E4M3", "E4M3"),
        ("F16E4M3", "E4M3"),
        ("F32E5M2", "E5M2"),
        ("F16E5M2", "E5M2"),
        ("S32S8", "S8"),
        ("S32U8", "U8"),
    ]
    .into_iter()
    .find(|(prefix, _)| types.starts_with(prefix))
    .map_or("", |(_, t)| t);
    macro_rules! kinds {
        ($($kind:literal => $A:ident),* $(,)?) => {
            match kind {
                $($kind if ty == "BF16" => tile!($A, bfloat16_t),
                $kind if ty == "TF32" => tile!($A, tfloat32_t),
                $kind if ty == "E4M3" => tile!($A, float_e4m3_t),
                $kind if ty == "E5M2" => tile!($A, float_e5m2_t),
                $kind if ty == "S8" => tile!($A, i8),
                $kind if ty == "U8" => tile!($A, u8),
                $kind => tile!($A, half_t),)*
                _ => {
                    return Err(format!(
                        "no shared-memory layout atom `{kind}` for `{atom}` in this test"
                    ))
                }
            }
        };
    }
    Ok(kinds! {
        "K_INTER" => Layout_K_INTER_Atom,
        "K_SW32" => Layout_K_SW32_Atom,
        "K_SW64" => Layout_K_SW64_Atom,
        "K_SW128" => Layout_K_SW128_Atom,
        "MN_INTER" => Layout_MN_INTER_Atom,
        "MN_SW32" => Layout_MN_SW32_Atom,
        "MN_SW64" => Layout_MN_SW64_Atom,
        "MN_SW128" => Layout_MN_SW128_Atom,
    })
}

/// A shared-memory operand as the crate's layouts predict it: the k-block the descriptor
/// starts at, element (row, k), `k < K`, of that k-block at offset `of[(row, k)]`, and back.
struct SmemOperand {
    kb: i64,
    of: BTreeMap<(i64, i64), i64>,
    at: BTreeMap<i64, (i64, i64)>,
}

/// Reads `smem X ...` and builds the operand from the crate's tile: the buffer is the tile
/// (`rows` × `cols`, indexed (row, k) whatever its major), the instruction reads k-block
/// `kb = kblock` of it, the tile's columns `kb·K .. (kb+1)·K`, and the descriptor's start
/// address `desc_start_bytes` must be where the tile puts element (0, kb·K) (CuTe's pointer
/// to the k-block).
fn smem_operand(
    label: &str,
    rec: &Record,
    key: char,
    rows_want: i64,
    kk: i64,
    smem: SmemLookup,
) -> Result<SmemOperand, String> {
    let (ln, f) = rec.smem.get(&key).ok_or_else(|| {
        format!("{label}: no `smem {key}` line, but {key}Layout is a shared-memory layout")
    })?;
    let get = |k: &str| {
        f.get(k)
            .map(String::as_str)
            .ok_or_else(|| format!("{label}:{ln}: no `{k}` field"))
    };
    let num = |k: &str| {
        get(k)?
            .parse::<i64>()
            .map_err(|_| format!("{label}:{ln}: `{k}` is not an integer"))
    };
    let (kind, rows, cols, bits, start, kb) = (
        get("layout")?,
        num("rows")?,
        num("cols")?,
        num("elem_bits")?,
        num("desc_start_bytes")?,
        num("kblock")?,
    );
    if rows != rows_want {
        return Err(format!(
            "{label}:{ln}: {rows} rows recorded, the atom's {key} has {rows_want}"
        ));
    }
    if num("elements")? != rows * cols {
        return Err(format!("{label}:{ln}: `elements` is not rows·cols"));
    }
    if bits <= 0 || bits % 8 != 0 {
        return Err(format!(
            "{label}:{ln}: elem_bits {bits} is not a whole number of bytes"
        ));
    }
    if kb < 0 || (kb + 1) * kk > cols {
        return Err(format!(
            "{label}:{ln}: k-block {kb} lies outside the {cols} columns"
        ));
    }
    let tile = smem(&rec.atom, kind, rows, cols, bits).map_err(|e| format!("{label}:{ln}: {e}"))?;
    if tile(0, kb * kk) * bits / 8 != start {
        return Err(format!(
            "{label}:{ln}: the descriptor starts at byte {start}, the {kind} tile puts element (0,{}) at byte {}",
            kb * kk,
            tile(0, kb * kk) * bits / 8
        ));
    }
    let mut op = SmemOperand {
        kb,
        of: BTreeMap::new(),
        at: BTreeMap::new(),
    };
    for r in 0..rows {
        for k in 0..kk {
            let p = tile(r, kb * kk + k);
            if let Some((r2, k2)) = op.at.insert(p, (r, k)) {
                return Err(format!(
                    "{label}:{ln}: the {kind} tile puts ({r2},{k2}) and ({r},{k}) of k-block {kb} at the same offset {p}"
                ));
            }
            op.of.insert((r, k), p);
        }
    }
    Ok(op)
}

/// The lines of a shared-memory operand: exactly one per offset the layouts say the instruction
/// reads (`X p | ...`), by offset.
fn lines_by_slot<'r>(
    label: &str,
    rec: &'r Record,
    key: char,
    op: &SmemOperand,
) -> Result<BTreeMap<i64, &'r Line>, String> {
    let mut by = BTreeMap::new();
    for l in rec.lines.get(&key).into_iter().flatten() {
        let (ln, nums) = l;
        let Some(&p) = nums.first() else {
            return Err(format!("{label}:{ln}: `{key}` line without an offset"));
        };
        if !op.at.contains_key(&p) {
            return Err(format!(
                "{label}:{ln}: offset {p} of {key} was read, but the layout puts no element of k-block {} there",
                op.kb
            ));
        }
        if by.insert(p, l).is_some() {
            return Err(format!("{label}:{ln}: `{key} {p}` recorded twice"));
        }
    }
    if let Some((p, (r, k))) = op.at.iter().find(|(p, _)| !by.contains_key(p)) {
        return Err(format!(
            "{label}: no `{key} {p}` line, but the layout puts element ({r},{k}) of k-block {} there",
            op.kb
        ));
    }
    Ok(by)
}

/// An operand of a GMMA atom: registers (its TV layout, and element → the first (t, v) holding
/// it) or shared memory.
enum Operand<'a> {
    Reg(&'a DynLayout, BTreeMap<i64, (i64, i64)>),
    Smem(SmemOperand),
}

impl<'a> Operand<'a> {
    fn reg(l: &'a DynLayout) -> Self {
        let thr = size(l, 0);
        let mut inv = BTreeMap::new();
        for i in 0..l.size() {
            inv.entry(l.eval(i)).or_insert((i % thr, i / thr));
        }
        Operand::Reg(l, inv)
    }

    /// The slot tokens of element (row, k) (`t v` or `p`).
    fn slot(&self, rows: i64, r: i64, k: i64) -> Vec<i64> {
        match self {
            Operand::Reg(_, inv) => inv
                .get(&(r + rows * k))
                .map_or(vec![-1, -1], |&(t, v)| vec![t, v]),
            Operand::Smem(s) => vec![s.of[&(r, k)]],
        }
    }
}

/// The GMMA format (`lines first`, shared-memory slots): every A/B line's one-hot element
/// (row, k) from the layouts, the first D value (smallest `t·values_C + v`) of its D row (A) or
/// column (B) from CLayout, and the other operand's slot of the element that D value holds.
#[allow(clippy::too_many_arguments)]
fn check_gmma(
    label: &str,
    rec: &Record,
    smem: SmemLookup,
    thr_id: &DynLayout,
    (mm, nn, kk): (i64, i64, i64),
    a: &DynLayout,
    b: &DynLayout,
    c: &DynLayout,
) -> Result<(), String> {
    let threads = check_threads(label, rec, thr_id)?;
    let [va, vb, vc] = check_values(label, rec, [a, b, c])?;
    let vc = vc.ok_or_else(|| format!("{label}: no `values C` count"))?;
    if rec.lines_first.is_none() {
        return Err(format!(
            "{label}: a shared-memory operand's lines need the `lines first` format"
        ));
    }
    // Each thread of a shared-memory layout sees the whole tile, in CuTe's (row, k) order:
    // L(t, x) = L₀(t) + L₁(x) with L₀ = 0 and L₁ the identity on rows·K.
    for (name, l, v, rows) in [('A', a, va, mm), ('B', b, vb, nn)] {
        if v.is_none() {
            let (l0, l1) = (l.mode(0).unwrap(), l.mode(1).unwrap());
            if l1.size() != rows * kk
                || (0..l0.size()).any(|t| l0.eval(t) != 0)
                || (0..l1.size()).any(|x| l1.eval(x) != x)
            {
                return Err(format!(
                    "{label}: {name}Layout {l} is not the whole {rows}x{kk} tile in every thread"
                ));
            }
        }
    }
    // D row / column → its first D value.
    let mut first_row: BTreeMap<i64, (i64, i64)> = BTreeMap::new();
    let mut first_col: BTreeMap<i64, (i64, i64)> = BTreeMap::new();
    let mut image = BTreeSet::new();
    let c_tv = Tv::new(label, c)?;
    for t in 0..threads {
        for v in 0..vc {
            let y = c_tv.at(t, v)?;
            if !image.insert(y) {
                let ln = rec.values.as_ref().map_or(0, |v| v.0);
                return Err(format!(
                    "{label}:{ln}: CLayout {c} repeats element {y}: not a map of the recorded {threads}x{vc} C values onto D"
                ));
            }
            first_row.entry(y % mm).or_insert((t, v));
            first_col.entry(y / mm).or_insert((t, v));
        }
    }
    if image.len() as i64 != mm * nn || image.last().is_some_and(|&y| y >= mm * nn) {
        let ln = rec.values.as_ref().map_or(0, |v| v.0);
        return Err(format!(
            "{label}:{ln}: CLayout {c} does not map the recorded {threads}x{vc} C values onto the {mm}x{nn} tile"
        ));
    }
    let op_a = match va {
        Some(_) => Operand::reg(a),
        None => Operand::Smem(smem_operand(label, rec, 'A', mm, kk, smem)?),
    };
    let op_b = match vb {
        Some(_) => Operand::reg(b),
        None => Operand::Smem(smem_operand(label, rec, 'B', nn, kk, smem)?),
    };
    for (key, this, other, this_rows, other_rows) in
        [('A', &op_a, &op_b, mm, nn), ('B', &op_b, &op_a, nn, mm)]
    {
        // (slot tokens, line, element (row, k)) of every line.
        let mut entries = Vec::new();
        match this {
            Operand::Reg(l, _) => {
                let tv = Tv::new(label, l)?;
                for ((t, v), line) in lines_by_tv(label, rec, key, threads, tv.val)? {
                    let x = tv.at(t, v)?;
                    entries.push((2, line, (x % this_rows, x / this_rows)));
                }
            }
            Operand::Smem(s) => {
                for (p, line) in lines_by_slot(label, rec, key, s)? {
                    entries.push((1, line, s.at[&p]));
                }
            }
        }
        for (skip, (ln, nums), (r, k)) in entries {
            let (t1, v1) = if key == 'A' {
                first_row[&r]
            } else {
                first_col[&r]
            };
            let y = c_tv.at(t1, v1)?;
            let o = if key == 'A' { y / mm } else { y % mm };
            let mut want = vec![t1, v1];
            want.extend(other.slot(other_rows, o, k));
            if nums[skip..] != want[..] {
                let fmt = |v: &[i64]| v.iter().map(i64::to_string).collect::<Vec<_>>().join(" ");
                return Err(format!(
                    "{label}:{ln}: {key} element ({r},{k}) lights D {} {r} first at D value ({t1} {v1}) (element ({},{}) of CLayout), holding the other operand's element ({o},{k}): the layouts predict `{}`, recorded `{}`",
                    if key == 'A' { "row" } else { "column" },
                    y % mm,
                    y / mm,
                    fmt(&want),
                    fmt(&nums[skip..])
                ));
            }
        }
    }
    check_c(label, rec, threads, vc, c)
}

fn check_copy(
    label: &str,
    rec: &Record,
    thr_id: &DynLayout,
    src: &DynLayout,
    dst: &DynLayout,
) -> Result<(), String> {
    check_threads(label, rec, thr_id)?;
    let (_, unit) = rec
        .unit_bits
        .ok_or_else(|| format!("{label}: no `unit_bits` line"))?;
    let mut reached = BTreeSet::new();
    let (dst_tv, src_tv) = (Tv::new(label, dst)?, Tv::new(label, src)?);
    for (ln, nums) in rec.lines.get(&'D').into_iter().flatten() {
        let [t, j, ts, e] = nums[..] else {
            return Err(format!("{label}:{ln}: expected `D t j | ts e`"));
        };
        for bit in 0..unit {
            let x = dst_tv
                .at(t, j * unit + bit)
                .map_err(|er| format!("{label}:{ln}: {er}"))?;
            let y = src_tv
                .at(ts, e * unit + bit)
                .map_err(|er| format!("{label}:{ln}: {er}"))?;
            if x != y {
                return Err(format!(
                    "{label}:{ln}: bit {bit} of destination unit ({t},{j}) is bit {x} of DstLayout, but the source unit ({ts},{e}) gives bit {y} of SrcLayout"
                ));
            }
            if !reached.insert(x) {
                return Err(format!(
                    "{label}:{ln}: bit {x} of the destination is written twice"
                ));
            }
        }
    }
    let image: BTreeSet<i64> = (0..dst.size()).map(|i| dst.eval(i)).collect();
    if reached != image {
        let missing = image.difference(&reached).next();
        return Err(format!(
            "{label}: the recorded lines reach {} bits of the destination, DstLayout {dst} reaches {} (first missing: {missing:?})",
            reached.len(),
            image.len()
        ));
    }
    Ok(())
}

fn data_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    v.sort();
    v
}

/// The file name (without `.txt`) the probes give a record: the atom's name, and for a GMMA
/// atom `_<layout>` of B's shared-memory layout (`layout` of the `smem B` line) and
/// `_kb<kblock>` when its `kblock` is not 0.
fn file_stem_of(rec: &Record) -> String {
    let mut stem = rec.atom.clone();
    if let Some((_, f)) = rec.smem.get(&'B') {
        let field = |k: &str| f.get(k).map_or("?", String::as_str);
        stem += &format!("_{}", field("layout"));
        if field("kblock") != "0" {
            stem += &format!("_kb{}", field("kblock"));
        }
    }
    stem
}

/// The file stems that cover a crate atom: its name as the probes write it, and for a GMMA atom
/// the buffers of the probes' coverage rule (`probes/README.md`, `gmma.cu`'s `cases()`), each
/// `_<layout of smem B>[_kb<kblock>]`:
/// - `_SS`: `K_INTER`, `K_SW128`; f16 every N and bf16 N ≤ 64 also `K_SW32`, `K_SW64` and the
///   MN-major `MN_INTER|SW32|SW64|SW128` whose MN width (8, 16, 32, 64) divides N;
/// - `_RS`: `K_SW128`; for N in {8, 16, 32, 64, 192} also the MN-major B buffers N allows;
/// - k-blocks, N = 64: `_SS_K_SW128_kb{1,2,3}`, `_SS_{K_INTER,K_SW32,K_SW64}_kb1`,
///   `_SS_MN_*_kb1`, `_RS_K_SW128_kb2`, `_RS_MN_SW128_kb1`; N = 192 (f16):
///   `_SS_{K_SW128,MN_SW32,MN_SW128}_kb1`;
/// - the K-major-only families (`_SS_TN`, `_RS_TN`): `K_INTER`, `K_SW128` (SS), `K_SW128` (RS).
fn required_stems(name: &str) -> Vec<String> {
    let base = probe_name(name);
    let Some(AtomLayouts::Mma {
        a,
        b,
        shape_mnk: (_, n, _),
        ..
    }) = atom_layouts(name)
    else {
        return vec![base];
    };
    if !is_broadcast(&b) {
        return vec![base];
    }
    let (ss, bf16) = (is_broadcast(&a), name.contains("BF16"));
    // The K-major-only families (`_SS_TN`, `_RS_TN`): the three set-ups of the first run.
    if name.ends_with("_TN") || name.ends_with("_TN_SATURATE") {
        let kinds: &[&str] = if ss {
            &["K_INTER", "K_SW128"]
        } else {
            &["K_SW128"]
        };
        return kinds.iter().map(|k| format!("{base}_{k}")).collect();
    }
    // The f16 accumulator (`F16F16F16`): the first run's three set-ups only.
    if name.contains("_F16F16F16_") {
        let kinds: &[&str] = if ss {
            &["K_INTER", "K_SW128"]
        } else {
            &["K_SW128"]
        };
        return kinds.iter().map(|k| format!("{base}_{k}")).collect();
    }
    let mn: Vec<&str> = [
        ("MN_INTER", 8),
        ("MN_SW32", 16),
        ("MN_SW64", 32),
        ("MN_SW128", 64),
    ]
    .into_iter()
    .filter(|(_, w)| n % w == 0)
    .map(|(k, _)| k)
    .collect();
    let mut kinds: Vec<String> = Vec::new();
    if ss {
        kinds.extend(["K_INTER", "K_SW128"].map(String::from));
        if !bf16 || n <= 64 {
            kinds.extend(["K_SW32", "K_SW64"].map(String::from));
            kinds.extend(mn.iter().map(|k| k.to_string()));
        }
        if n == 64 {
            kinds.extend(["K_SW128_kb1", "K_SW128_kb2", "K_SW128_kb3"].map(String::from));
            kinds.extend(["K_INTER", "K_SW32", "K_SW64"].map(|k| format!("{k}_kb1")));
            kinds.extend(mn.iter().map(|k| format!("{k}_kb1")));
        }
        if n == 192 && !bf16 {
            kinds.extend(["K_SW128_kb1", "MN_SW32_kb1", "MN_SW128_kb1"].map(String::from));
        }
    } else {
        kinds.push("K_SW128".into());
        if [8, 16, 32, 64, 192].contains(&n) {
            kinds.extend(mn.iter().map(|k| k.to_string()));
        }
        if n == 64 {
            kinds.extend(["K_SW128_kb2", "MN_SW128_kb1"].map(String::from));
        }
    }
    kinds.into_iter().map(|k| format!("{base}_{k}")).collect()
}

/// The crate's atoms the probes did not measure, with the reason; every other atom of
/// [`atom_names`] must have its files ([`required_stems`]; the K-major-only GMMA atoms of an N
/// not probed: [`unmeasured_gmma`]). Not measured, and no atoms of the
/// table: SS with A and B in different layouts, k-blocks other than
/// 0 for N other than 64 and 192 (`probes/README.md`).
const UNCOVERED: &[(&str, &str)] = &[
    AUTO_VECTORIZING,
    (
        "AutoVectorizingCopyWithAssumedAlignment<16>",
        AUTO_VECTORIZING.1,
    ),
    (
        "AutoVectorizingCopyWithAssumedAlignment<32>",
        AUTO_VECTORIZING.1,
    ),
    (
        "AutoVectorizingCopyWithAssumedAlignment<64>",
        AUTO_VECTORIZING.1,
    ),
    (
        "AutoVectorizingCopyWithAssumedAlignment<128>",
        AUTO_VECTORIZING.1,
    ),
];
/// The K-major-only GMMA atoms (`SM90_64xNxK_..._SS_TN` / `_RS_TN`: tf32, e4m3/e5m2, s8/u8
/// inputs, and the integers' `_SATURATE` forms) of an N the probe did not run: it ran N = 8 and
/// 64 for every family, and N = 256 for the first family of each kind (`F32TF32TF32`,
/// `F32E4M3E4M3`, `F16E4M3E4M3`, `S32S8S8` and its `_SATURATE` form). The others (N = 24, 128, 200, 208 of the table) are checked against CuTe C++
/// only (`tests/atom_cute.rs`); their layouts differ from the measured ones only in N.
fn unmeasured_gmma(name: &str) -> Option<&'static str> {
    let family = name.strip_suffix("_SATURATE").unwrap_or(name);
    let tn =
        name.starts_with("SM90_64x") && (family.ends_with("_SS_TN") || family.ends_with("_RS_TN"));
    let n: i64 = name
        .strip_prefix("SM90_64x")?
        .split_once('x')?
        .0
        .parse()
        .ok()?;
    let lead = [
        "_F32TF32TF32_",
        "_F32E4M3E4M3_",
        "_F16E4M3E4M3_",
        "_S32S8S8_",
    ]
    .iter()
    .any(|f| name.contains(f));
    let measured = n == 8 || n == 64 || (n == 256 && lead);
    (tn && !measured)
        .then_some("this N of a K-major-only wgmma family was not probed: checked against CuTe C++")
}
const AUTO_VECTORIZING: (&str, &str) = (
    "AutoVectorizingCopyWithAssumedAlignment<8>",
    "its traits name one bit, (1,1):(0,0), a policy of CuTe's copy algorithm rather than an \
     instruction's map: checked against CuTe C++ (tests/atom_cute.rs)",
);

/// The name a record's atom is looked up by: the crate's name ([`crate_name`]), and for a
/// GMMA record with an M|N-major shared-memory operand (layout `MN_*`) CuTe's operand majors
/// appended, `<MajorA, MajorB>` (`SM90_64x64x16_F32F16F16_SS<MN, MN>`, `..._RS<K, MN>`): the
/// atom's `TnspA`, `TnspB` parameters. K-major records name the table's atoms (the defaults).
fn lookup_name(rec: &Record) -> String {
    let major = |key| {
        rec.smem.get(&key).map_or("K", |(_, f)| {
            if f.get("layout").is_some_and(|l| l.starts_with("MN_")) {
                "MN"
            } else {
                "K"
            }
        })
    };
    let name = crate_name(&rec.atom);
    match (major('A'), major('B')) {
        ("K", "K") => name,
        (ma, mb) => format!("{name}<{ma}, {mb}>"),
    }
}

/// [`atom_layouts`], and the GMMA atoms with M|N-major operands by [`lookup_name`]: the
/// layouts of the crate's type `SM90_64xNx16_<types>_SS<N, MajorA, MajorB>` (`_RS<N, K,
/// MajorB>`; A in registers is K-major), not the table's K-major entry.
fn layouts_of(name: &str) -> Option<AtomLayouts> {
    use cute_layout::atom::gmma::Major::{K, MN};
    use cute_layout::atom::{
        SM90_64xNx16_F32BF16BF16_RS, SM90_64xNx16_F32BF16BF16_SS, SM90_64xNx16_F32F16F16_RS,
        SM90_64xNx16_F32F16F16_SS,
    };
    let Some((base, rest)) = name.split_once('<').filter(|_| name.starts_with("SM90_")) else {
        return atom_layouts(name);
    };
    let (ma, mb) = rest.strip_suffix('>')?.split_once(", ")?;
    let n: usize = base
        .strip_prefix("SM90_64x")?
        .split_once('x')?
        .0
        .parse()
        .ok()?;
    let family = base.split_once("x16_")?.1;
    macro_rules! pick {
        ($Fam:ident, $N:ty, ss) => {
            match (ma, mb) {
                ("K", "K") => Some(AtomLayouts::of_mma::<$Fam<$N, K, K>>()),
                ("K", "MN") => Some(AtomLayouts::of_mma::<$Fam<$N, K, MN>>()),
                ("MN", "K") => Some(AtomLayouts::of_mma::<$Fam<$N, MN, K>>()),
                ("MN", "MN") => Some(AtomLayouts::of_mma::<$Fam<$N, MN, MN>>()),
                _ => None,
            }
        };
        ($Fam:ident, $N:ty, rs) => {
            match (ma, mb) {
                ("K", "K") => Some(AtomLayouts::of_mma::<$Fam<$N, K, K>>()),
                ("K", "MN") => Some(AtomLayouts::of_mma::<$Fam<$N, K, MN>>()),
                _ => None,
            }
        };
    }
    macro_rules! by_n {
        ($Fam:ident, $kind:ident) => {
            match n {
                8 => pick!($Fam, typenum::U8, $kind),
                16 => pick!($Fam, typenum::U16, $kind),
                32 => pick!($Fam, typenum::U32, $kind),
                64 => pick!($Fam, typenum::U64, $kind),
                96 => pick!($Fam, typenum::U96, $kind),
                128 => pick!($Fam, typenum::U128, $kind),
                192 => pick!($Fam, typenum::U192, $kind),
                256 => pick!($Fam, typenum::U256, $kind),
                _ => None,
            }
        };
    }
    match family {
        "F32F16F16_SS" => by_n!(SM90_64xNx16_F32F16F16_SS, ss),
        "F32F16F16_RS" => by_n!(SM90_64xNx16_F32F16F16_RS, rs),
        "F32BF16BF16_SS" => by_n!(SM90_64xNx16_F32BF16BF16_SS, ss),
        "F32BF16BF16_RS" => by_n!(SM90_64xNx16_F32BF16BF16_RS, rs),
        _ => None,
    }
}

fn check_dir(dir: &Path) -> Vec<String> {
    check_dir_shard(dir, 0, 1)
}

/// [`check_dir`] on the files whose position in `files(dir)` is `shard` modulo `of`.
fn check_dir_shard(dir: &Path, shard: usize, of: usize) -> Vec<String> {
    let mut errors = Vec::new();
    for p in files(dir).into_iter().skip(shard).step_by(of) {
        let text = std::fs::read_to_string(&p).unwrap();
        let label = p.display().to_string();
        // `PROBE_SIMULATE=1 probes/run.sh` output (a CPU model with a random layout).
        if let Some(n) = text.lines().position(|l| l.starts_with("# SIMULATED")) {
            errors.push(format!(
                "{label}:{}: simulated probe output, not hardware data",
                n + 1
            ));
        }
        let rec = match parse(&label, &text) {
            Ok(rec) => rec,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        if let Err(e) = check_parsed(&label, &rec, &layouts_of, &crate_smem_tile) {
            errors.push(e);
        }
        let stem = p.file_stem().unwrap().to_string_lossy().to_string();
        if file_stem_of(&rec) != stem {
            errors.push(format!(
                "{label}:{}: the file records atom `{}` ({}.txt)",
                rec.atom_line,
                rec.atom,
                file_stem_of(&rec)
            ));
        }
    }
    errors
}

/// Every atom of the table has its data files in `dir`, except the [`UNCOVERED`] ones, which
/// have none (so that the list stays true), and every file in `dir` is one of them (so that
/// [`required_stems`] stays the probes' coverage rule).
fn check_coverage(dir: &Path) -> Vec<String> {
    let mut errors = Vec::new();
    let mut required = BTreeSet::new();
    for name in atom_names() {
        let uncovered = UNCOVERED.iter().any(|(u, _)| u == name) || unmeasured_gmma(name).is_some();
        for stem in required_stems(name) {
            required.insert(stem.clone());
            match (dir.join(format!("{stem}.txt")).is_file(), uncovered) {
                (false, false) => errors.push(format!(
                    "no recorded data for atom `{name}` ({stem}.txt in {})",
                    dir.display()
                )),
                (true, true) => errors.push(format!(
                    "`{name}` is listed as not measured, but {stem}.txt exists: take it off UNCOVERED"
                )),
                _ => {}
            }
        }
    }
    for p in files(dir) {
        let stem = p.file_stem().unwrap().to_string_lossy().to_string();
        if !required.contains(&stem) {
            errors.push(format!(
                "{}: no atom of the table requires this file (required_stems)",
                p.display()
            ));
        }
    }
    for (u, why) in UNCOVERED {
        if !atom_names().contains(u) {
            errors.push(format!(
                "UNCOVERED names `{u}` ({why}), which is no atom of the table"
            ));
        }
    }
    errors
}

#[test]
fn fixture_matches_the_layouts() {
    let dir = data_dir("atoms_fixture");
    assert_eq!(files(&dir).len(), 2);
    let errors = check_dir(&dir);
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// The recorded files (48 MB) are checked in [`SHARDS`] tests, which the harness runs in
/// parallel: each one checks every `SHARDS`-th file.
const SHARDS: usize = 4;

/// The recorded hardware data, shard `shard`: every file matches, names a known atom, is no
/// simulated output ([`recorded_hardware_data_covers_the_atoms`]: and every atom of the crate
/// has its files, except the [`UNCOVERED`] ones).
fn recorded_shard(shard: usize) {
    let errors = check_dir_shard(&data_dir("atoms"), shard, SHARDS);
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn recorded_hardware_data_matches_the_layouts_0() {
    recorded_shard(0);
}

#[test]
fn recorded_hardware_data_matches_the_layouts_1() {
    recorded_shard(1);
}

#[test]
fn recorded_hardware_data_matches_the_layouts_2() {
    recorded_shard(2);
}

#[test]
fn recorded_hardware_data_matches_the_layouts_3() {
    recorded_shard(3);
}

#[test]
fn recorded_hardware_data_covers_the_atoms() {
    let errors = check_coverage(&data_dir("atoms"));
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

fn fixture(name: &str) -> (String, String) {
    let p = data_dir("atoms_fixture").join(format!("{name}.txt"));
    (p.display().to_string(), std::fs::read_to_string(p).unwrap())
}

/// The atom's table entry with one layout replaced.
fn with_layout(name: &str, which: &str, l: &str) -> AtomLayouts {
    let l: DynLayout = l.parse().unwrap();
    let mut x = atom_layouts(name).unwrap();
    match (&mut x, which) {
        (AtomLayouts::Mma { a, .. }, "A") => *a = l,
        (AtomLayouts::Mma { b, .. }, "B") => *b = l,
        (AtomLayouts::Mma { c, .. }, "C") => *c = l,
        (AtomLayouts::Mma { thr_id, .. }, "ThrID") => *thr_id = l,
        (AtomLayouts::Copy { src, .. }, "Src") => *src = l,
        (AtomLayouts::Copy { dst, .. }, "Dst") => *dst = l,
        _ => unreachable!(),
    }
    x
}

const MMA: &str = "SM80_16x8x16_F32F16F16F32_TN";
const LDSM: &str = "SM75_U32x4_LDSM_N";

#[test]
fn wrong_layouts_are_rejected() {
    let (label, text) = fixture(MMA);
    // CLayout with its two value strides swapped (a bijection still, but the wrong one).
    for (which, wrong) in [
        ("C", "((4,8),(2,2)):((32,1),(8,16))"),
        ("A", "((4,8),(2,2,2)):((32,1),(16,128,8))"),
        ("B", "((4,8),(2,2)):((16,1),(64,8))"),
        ("A", "((8,4),(2,2,2)):((1,32),(16,8,128))"),
    ] {
        let l = with_layout(MMA, which, wrong);
        let e = check_record(&label, &text, &|_| Some(l.clone())).unwrap_err();
        assert!(e.starts_with(&format!("{label}:")), "{e}");
    }
    let (label, text) = fixture(LDSM);
    for (which, wrong) in [
        (
            "Dst",
            "(32,(32,4)):(32,(1,1024))".replace("(32,(1,1024))", "(32,(1,2048))"),
        ),
        (
            "Dst",
            "((4,8),(16,2,4)):((256,16),(1,128,1024))".to_string(),
        ),
        ("Src", "(32,128):(128,1)".replace("(128,1)", "(1,32)")),
    ] {
        let l = with_layout(LDSM, which, &wrong);
        assert!(
            check_record(&label, &text, &|_| Some(l.clone())).is_err(),
            "{which} {wrong}"
        );
    }
}

/// The new families' recorded files reject layouts that differ from the crate's in one place
/// (two strides swapped, a mode reordered, the other major of SM70): the data pins each layout.
#[test]
fn wrong_layouts_of_the_other_families_are_rejected() {
    for (name, which, wrong) in [
        // 4-bit: the two A registers' rows swapped with the nibbles' columns.
        (
            "SM80_16x8x64_S32S4S4S32_TN",
            "A",
            "((4,8),(8,2,2)):((128,1),(16,512,8))",
        ),
        (
            "SM80_16x8x64_S32U4S4S32_TN_SATURATE",
            "B",
            "((4,8),(8,2)):((64,1),(256,8))",
        ),
        // 1-bit: the lanes' roles swapped.
        (
            "SM80_16x8x256_S32U1U1S32_TN_XORPOPC",
            "A",
            "((4,8),(32,2,2)):((1,512),(16,8,2048))",
        ),
        (
            "SM80_8x8x128_S32U1U1S32_TN_ANDPOPC",
            "B",
            "((4,8),32):((256,1),16)",
        ),
        // FP8: the 8-bit A of the s8 atoms is right, the 16-bit one is not.
        (
            "SM89_16x8x32_F16E5M2E4M3F16_TN",
            "A",
            "((4,8),(2,2,2)):((32,1),(16,8,128))",
        ),
        // SM70: the other major, and C of the other accumulator.
        ("SM70_8x8x4_F32F16F16F32_TN", "A", "((4,2),4):((8,4),1)"),
        ("SM70_8x8x4_F16F16F16F16_NT", "B", "(8,4):(1,8)"),
        ("SM70_8x8x4_F32F16F16F32_NN", "C", "(8,8):(1,8)"),
        ("SM75_8x8x16_S32S8S8S32_TN", "C", "((4,8),2):((16,1),32)"),
    ] {
        let (label, text) = recorded(name);
        assert!(
            check_record(&label, &text, &|_| Some(atom_layouts(name).unwrap())).is_ok(),
            "{name}: the crate's layouts"
        );
        let l = with_layout(name, which, wrong);
        let e = check_record(&label, &text, &|_| Some(l.clone())).unwrap_err();
        assert!(e.starts_with(label.as_str()), "{name} {which} {wrong}: {e}");
    }
}

/// SM70's files name lanes: the lanes must be `ThrID`'s image, and a file without the lanes
/// is refused for a quad-pair atom.
#[test]
fn quad_pair_lanes_must_be_thrid() {
    let name = "SM70_8x8x4_F16F16F16F16_TT";
    let (label, text) = recorded(name);
    let ok = atom_layouts(name).unwrap();
    check_record(&label, &text, &|_| Some(ok.clone())).unwrap();
    // ThrID of lanes 0-7 instead of the quad pair.
    let l = with_layout(name, "ThrID", "8:1");
    let e = check_record(&label, &text, &|_| Some(l.clone())).unwrap_err();
    assert!(e.contains("are not ThrID 8:1's lanes"), "{e}");
    // The lanes of quad pair 1, with ThrID still quad pair 0.
    let moved = text.replace(
        "thread_ids 0 1 2 3 16 17 18 19",
        "thread_ids 4 5 6 7 20 21 22 23",
    );
    assert_ne!(moved, text);
    let e = check_record(&label, &moved, &|_| Some(ok.clone())).unwrap_err();
    assert!(e.contains("are not ThrID"), "{e}");
    // ThrID with the lanes in another order: the same lanes, other threads: the lines disagree.
    let swapped = with_layout(name, "ThrID", "(2,4):(16,1)");
    assert!(check_record(&label, &text, &|_| Some(swapped.clone())).is_err());
    // No lanes.
    let stripped: String = text
        .lines()
        .filter(|l| !l.starts_with("thread_ids"))
        .map(|l| format!("{l}\n"))
        .collect();
    let e = check_record(&label, &stripped, &|_| Some(ok.clone())).unwrap_err();
    assert!(e.contains("no `thread_ids` line"), "{e}");
}

#[test]
fn a_changed_line_is_reported_by_number() {
    for (name, lineno, from, to) in [
        (MMA, 5, "| 0 1 4 0 |", "| 0 1 4 1 |"),
        (MMA, 520 - 4 - 3, "C 31 0 | 31 0", "C 31 0 | 31 1"),
        (LDSM, 5, "D 0 0 | 0 0", "D 0 0 | 0 1"),
    ] {
        let (label, text) = fixture(name);
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        let i = lines.iter().position(|l| l.contains(from)).unwrap();
        assert_eq!(i + 1, lineno, "{name}: `{from}` is on line {}", i + 1);
        lines[i] = lines[i].replace(from, to);
        let e = check_record(&label, &lines.join("\n"), &layouts_of).unwrap_err();
        assert!(e.starts_with(&format!("{label}:{lineno}:")), "{e}");
    }
}

#[test]
fn a_missing_or_repeated_line_is_an_error() {
    for name in [MMA, LDSM] {
        let (label, text) = fixture(name);
        let lines: Vec<&str> = text.lines().collect();
        let dropped = [&lines[..20], &lines[21..]].concat().join("\n");
        assert!(check_record(&label, &dropped, &layouts_of).is_err());
        let doubled = [&lines[..], &lines[20..21]].concat().join("\n");
        assert!(check_record(&label, &doubled, &layouts_of).is_err());
    }
}

#[test]
fn an_unknown_atom_is_an_error() {
    let (label, text) = fixture(MMA);
    let renamed = text.replace(MMA, "SM80_16x8x16_F32F16F16F32_NT");
    let e = check_record(&label, &renamed, &layouts_of).unwrap_err();
    assert!(
        e.contains("the crate has no atom named `SM80_16x8x16_F32F16F16F32_NT`"),
        "{e}"
    );
}

/// A recorded data file (`tests/data/atoms/NAME.txt`): (label, text).
fn recorded(stem: &str) -> (String, String) {
    let p = data_dir("atoms").join(format!("{stem}.txt"));
    (p.display().to_string(), std::fs::read_to_string(p).unwrap())
}

/// `e` is reported at a line of `label` (`label:N: ...`); returns N.
fn line_of(label: &str, e: &str) -> usize {
    let rest = e
        .strip_prefix(&format!("{label}:"))
        .unwrap_or_else(|| panic!("not reported at a line of {label}: {e}"));
    let n = rest.split(':').next().unwrap();
    n.parse()
        .unwrap_or_else(|_| panic!("not reported at a line of {label}: {e}"))
}

const GMMA_SS: &str = "SM90_64x8x16_F32F16F16_SS";
const GMMA_RS: &str = "SM90_64x8x16_F32F16F16_RS";

#[test]
fn wrong_gmma_layouts_are_rejected() {
    // CLayout_64xN<8> = ((4,8,4),(2,2,1)):((128,1,16),(64,8,512)), perturbed (mostly into
    // other bijections onto 64x8); ALayout_64x16 = ((4,8,4),(2,2,2)):((128,1,16),(64,8,512)) likewise.
    for (stem, atom, which, wrong) in [
        (
            "_SS_K_SW128",
            GMMA_SS,
            "C",
            "((4,8,4),(2,2,1)):((16,1,128),(64,8,512))",
        ),
        (
            "_SS_K_INTER",
            GMMA_SS,
            "C",
            "((4,8,4),(2,2,1)):((128,1,16),(8,64,512))",
        ),
        (
            "_SS_K_INTER",
            GMMA_SS,
            "C",
            "((4,8,4),(2,2,1)):((128,2,16),(64,8,1))", // not injective
        ),
        (
            "_SS_K_INTER",
            GMMA_SS,
            "C",
            "((4,8,4),(2,2,1)):((256,1,16),(64,8,512))", // injective, not onto 64x8
        ),
        (
            "_RS_K_SW128",
            GMMA_RS,
            "C",
            "((4,8,4),(2,2,1)):((128,1,16),(8,64,512))",
        ),
        (
            "_RS_K_SW128",
            GMMA_RS,
            "A",
            "((4,8,4),(2,2,2)):((128,1,16),(64,512,8))",
        ),
        (
            "_RS_K_SW128",
            GMMA_RS,
            "A",
            "((4,8,4),(2,2,2)):((128,1,16),(512,8,64))",
        ),
    ] {
        let (label, text) = recorded(&format!("{}{}", &atom[..atom.len() - 3], stem));
        let l = with_layout(atom, which, wrong);
        let e = check_record(&label, &text, &|_| Some(l.clone())).unwrap_err();
        line_of(&label, &e);
    }
}

/// The K-major-only families' recorded data refuses perturbed register-source A layouts
/// (`ALayout_64x8` for tf32, `ALayout_64x32` for 8-bit types, with two value modes swapped) and
/// the 16-bit family's `ALayout_64x16` in their place, and a tile of the wrong element width.
#[test]
fn wrong_tn_gmma_layouts_are_rejected() {
    for (stem, atom, wrong) in [
        (
            "SM90_64x64x8_F32TF32TF32_RS_TN_K_SW128",
            "SM90_64x64x8_F32TF32TF32_RS_TN",
            "((4,8,4),(2,2)):((64,1,16),(256,8))",
        ),
        (
            "SM90_64x8x32_S32U8S8_RS_TN_K_SW128",
            "SM90_64x8x32_S32U8S8_RS_TN",
            "((4,8,4),(4,2,2)):((256,1,16),(64,1024,8))",
        ),
        (
            "SM90_64x64x32_F16E5M2E4M3_RS_TN_K_SW128",
            "SM90_64x64x32_F16E5M2E4M3_RS_TN",
            "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))", // a 64x16 tile: the wrong K
        ),
    ] {
        let (label, text) = recorded(stem);
        let l = with_layout(atom, "A", wrong);
        let e = check_record(&label, &text, &|_| Some(l.clone())).unwrap_err();
        line_of(&label, &e);
        // The unperturbed atom passes.
        check_record(&label, &text, &|n| atom_layouts(n)).unwrap();
    }
    // An 8-bit record read with a 16-bit tile: the width check names it.
    let (label, text) = recorded("SM90_64x8x32_F32E4M3E4M3_SS_TN_K_SW128");
    let text = text.replace("_F32E4M3E4M3_", "_F32F16F16_");
    let e4m3 = atom_layouts("SM90_64x8x32_F32E4M3E4M3_SS_TN").unwrap();
    let e = check_record(&label, &text, &|_| Some(e4m3.clone())).unwrap_err();
    assert!(
        e.contains("8-bit elements recorded, the atom's type has 16 bits"),
        "{e}"
    );
}

/// A smem lookup that builds every tile from `kind` instead of the file's layout.
fn tile_of_kind(
    kind: &'static str,
) -> impl Fn(&str, &str, i64, i64, i64) -> Result<SmemTile, String> {
    move |atom, _, rows, cols, bits| crate_smem_tile(atom, kind, rows, cols, bits)
}

#[test]
fn a_wrong_smem_layout_atom_is_rejected() {
    for (stem, kind) in [
        ("SM90_64x8x16_F32F16F16_SS_K_SW128", "K_INTER"),
        ("SM90_64x64x16_F32F16F16_SS_K_SW128", "K_SW64"),
        ("SM90_64x64x16_F32F16F16_SS_K_SW128_kb2", "K_INTER"),
        ("SM90_64x32x16_F32BF16BF16_RS_K_SW128", "K_INTER"),
        ("SM90_64x16x16_F32F16F16_SS_K_INTER", "K_SW128"),
        ("SM90_64x64x16_F32F16F16_SS_K_SW32_kb1", "K_SW64"),
        ("SM90_64x64x16_F32F16F16_SS_K_SW64", "K_SW32"),
        // M|N-major data against the K-major atom of the same swizzle, and the other way.
        ("SM90_64x64x16_F32F16F16_SS_MN_INTER", "K_INTER"),
        ("SM90_64x32x16_F32F16F16_SS_MN_SW32", "K_SW32"),
        ("SM90_64x64x16_F32BF16BF16_SS_MN_SW64_kb1", "K_SW64"),
        ("SM90_64x192x16_F32F16F16_RS_MN_SW128", "K_SW128"),
        ("SM90_64x64x16_F32F16F16_SS_K_SW128", "MN_SW128"),
        ("SM90_64x128x16_F32F16F16_SS_MN_SW128", "MN_SW64"),
        ("SM90_64x64x16_F32F16F16_SS_MN_SW32_kb1", "MN_INTER"),
    ] {
        let (label, text) = recorded(stem);
        // The right atom passes, the wrong one is reported at a line.
        check_record(&label, &text, &layouts_of).unwrap();
        let e = check_record_with(&label, &text, &layouts_of, &tile_of_kind(kind)).unwrap_err();
        line_of(&label, &e);
    }
}

/// The `_kb` files are k-blocks 1..3 of the SW128 buffer: each fails as any other k-block,
/// whether the `kblock` field alone is changed (the instruction would read other columns) or
/// it and `desc_start_bytes` (the descriptor would start elsewhere).
#[test]
fn the_descriptor_start_selects_the_k_block() {
    for kb in 1..4 {
        let (label, text) = recorded(&format!("SM90_64x64x16_F32F16F16_SS_K_SW128_kb{kb}"));
        check_record(&label, &text, &layouts_of).unwrap();
        for other in (0..4).filter(|&o| o != kb) {
            let kblock = |t: &str| t.replace(&format!(" kblock {kb}"), &format!(" kblock {other}"));
            let start = |t: &str| {
                t.replace(
                    &format!("desc_start_bytes {} ", 32 * kb),
                    &format!("desc_start_bytes {} ", 32 * other),
                )
            };
            for moved in [kblock(&text), start(&kblock(&text))] {
                assert_ne!(moved, text);
                let e = check_record(&label, &moved, &layouts_of).unwrap_err();
                line_of(&label, &e);
            }
        }
    }
}

/// Outside a K-major swizzle atom, k-block 1 starts 32·rows bytes in (`_K_INTER`, `_K_SW32`,
/// `_MN_*`): the `kblock` field selects the columns, and the start must match the tile.
#[test]
fn the_kblock_field_selects_the_columns() {
    for stem in [
        "SM90_64x64x16_F32F16F16_SS_K_INTER_kb1",
        "SM90_64x64x16_F32F16F16_SS_K_SW32_kb1",
        "SM90_64x64x16_F32BF16BF16_SS_MN_SW128_kb1",
        "SM90_64x64x16_F32F16F16_RS_MN_SW128_kb1",
        "SM90_64x192x16_F32F16F16_SS_MN_SW32_kb1",
    ] {
        let (label, text) = recorded(stem);
        check_record(&label, &text, &layouts_of).unwrap();
        let kb0 = text.replace(" kblock 1", " kblock 0");
        assert_ne!(kb0, text);
        let e = check_record(&label, &kb0, &layouts_of).unwrap_err();
        line_of(&label, &e);
        // Right k-block, wrong start: the tile puts element (0, 16) elsewhere.
        let moved: Vec<String> = text
            .lines()
            .map(|l| match l.split_once(" desc_start_bytes ") {
                Some((head, rest)) if l.starts_with("smem B") => {
                    let (v, tail) = rest.split_once(' ').unwrap();
                    let v: i64 = v.parse().unwrap();
                    format!("{head} desc_start_bytes {} {tail}", v + 32)
                }
                _ => l.to_string(),
            })
            .collect();
        let e = check_record(&label, &moved.join("\n"), &layouts_of).unwrap_err();
        assert!(e.contains("the descriptor starts at byte"), "{e}");
    }
}

/// An M|N-major file names the atom with M|N-major operands (`<MN, MN>`, `<K, MN>`); the
/// table's atoms are the K-major ones and do not accept it.
#[test]
fn mn_major_data_is_not_a_k_major_atom() {
    for (stem, name) in [
        (
            "SM90_64x64x16_F32F16F16_SS_MN_SW64",
            "SM90_64x64x16_F32F16F16_SS<MN, MN>",
        ),
        (
            "SM90_64x32x16_F32BF16BF16_RS_MN_INTER",
            "SM90_64x32x16_F32BF16BF16_RS<K, MN>",
        ),
    ] {
        let (label, text) = recorded(stem);
        check_record(&label, &text, &layouts_of).unwrap();
        let e = check_record(&label, &text, &atom_layouts).unwrap_err();
        assert!(e.contains(&format!("no atom named `{name}`")), "{e}");
        // The RS atoms have no M|N-major A (A comes from registers).
        let a_mn = name.replace("<K, MN>", "<MN, MN>");
        assert_eq!(layouts_of(&a_mn).is_some(), name.contains("_SS"), "{a_mn}");
    }
}

#[test]
fn a_changed_gmma_line_is_reported_by_number() {
    for (stem, from, to) in [
        (
            "SM90_64x8x16_F32F16F16_SS_K_INTER",
            "A 17 | 8 0 1",
            "A 17 | 8 0 2",
        ),
        (
            "SM90_64x8x16_F32F16F16_SS_K_INTER",
            "A 17 | 8 0 1",
            "A 17 | 8 1 1",
        ),
        (
            "SM90_64x8x16_F32F16F16_SS_K_INTER",
            "B 1 | 0 0 1",
            "B 1 | 0 0 9",
        ),
        (
            "SM90_64x8x16_F32F16F16_RS_K_SW128",
            "B 1 | 0 0 0 1",
            "B 1 | 0 0 1 1",
        ),
        (
            "SM90_64x8x16_F32F16F16_RS_K_SW128",
            "A 0 4 | 0 0 8",
            "A 0 4 | 0 0 9",
        ),
        (
            "SM90_64x8x16_F32F16F16_RS_K_SW128",
            "C 0 0 | 0 0",
            "C 0 0 | 0 1",
        ),
        (
            "SM90_64x8x16_F32F16F16_RS_K_SW128",
            "smem B layout K_SW128 rows 8 ",
            "smem B layout K_SW128 rows 16 ",
        ),
        (
            "SM90_64x8x16_F32F16F16_SS_K_INTER",
            "values C 4",
            "values C 8",
        ),
        (
            "SM90_64x8x16_F32F16F16_SS_K_INTER",
            "values C 4",
            "values A 8 C 4",
        ),
    ] {
        let (label, text) = recorded(stem);
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        let i = lines
            .iter()
            .position(|l| l.starts_with(from))
            .unwrap_or_else(|| panic!("{stem}: no line `{from}`"));
        lines[i] = lines[i].replacen(from, to, 1);
        let e = check_record(&label, &lines.join("\n"), &layouts_of).unwrap_err();
        assert_eq!(line_of(&label, &e), i + 1, "{e}");
    }
}

#[test]
fn a_missing_or_repeated_gmma_line_is_an_error() {
    for (stem, key) in [
        ("SM90_64x8x16_F32F16F16_SS_K_SW128", "A 9 "),
        ("SM90_64x8x16_F32F16F16_SS_K_SW128", "B 3 "),
        ("SM90_64x8x16_F32F16F16_RS_K_SW128", "A 5 3 "),
        ("SM90_64x8x16_F32F16F16_RS_K_SW128", "C 7 1 "),
    ] {
        let (label, text) = recorded(stem);
        let lines: Vec<&str> = text.lines().collect();
        let i = lines.iter().position(|l| l.starts_with(key)).unwrap();
        let dropped = [&lines[..i], &lines[i + 1..]].concat().join("\n");
        let e = check_record(&label, &dropped, &layouts_of).unwrap_err();
        assert!(e.contains(&format!("no `{}", key.trim_end())), "{e}");
        let doubled = [&lines[..], &lines[i..i + 1]].concat().join("\n");
        let e = check_record(&label, &doubled, &layouts_of).unwrap_err();
        assert_eq!(line_of(&label, &e), lines.len() + 1, "{e}");
    }
}

#[test]
fn probe_and_crate_names() {
    assert_eq!(crate_name("UniversalCopy_32"), "UniversalCopy<32>");
    assert_eq!(
        crate_name("SM80_CP_ASYNC_CACHEALWAYS_ZFILL_64"),
        "SM80_CP_ASYNC_CACHEALWAYS_ZFILL<64>"
    );
    assert_eq!(
        crate_name("SM80_CP_ASYNC_CACHEGLOBAL_128"),
        "SM80_CP_ASYNC_CACHEGLOBAL<128>"
    );
    assert_eq!(crate_name("UniversalFMA_float"), "UniversalFMA<float>");
    assert_eq!(crate_name("UniversalCopy_float"), "UniversalCopy_float");
    assert_eq!(
        crate_name("SM80_8x8x4_F64F64F64F64_TN"),
        "SM80_8x8x4_F64F64F64F64_TN"
    );
    assert_eq!(
        crate_name("SM80_CP_ASYNC_CACHEALWAYS_128"),
        "SM80_CP_ASYNC_CACHEALWAYS<128>"
    );
    assert_eq!(crate_name("UniversalCopy_x"), "UniversalCopy_x");
    assert_eq!(crate_name(MMA), MMA);
    for name in atom_names() {
        assert_eq!(crate_name(&probe_name(name)), *name);
    }
}
