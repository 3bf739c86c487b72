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

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use cute_layout::atom::{atom_layouts, atom_names, AtomLayouts};
use cute_layout::DynLayout;

/// One parsed line: its number and its tokens.
type Line = (usize, Vec<i64>);

struct Record {
    atom: String,
    atom_line: usize,
    threads: Option<(usize, i64)>,
    values: Option<(usize, [i64; 3])>,
    unit_bits: Option<(usize, i64)>,
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
            "values" if toks.len() == 7 && toks[1] == "A" && toks[3] == "B" && toks[5] == "C" => {
                rec.values = Some((n, [int(toks[2])?, int(toks[4])?, int(toks[6])?]))
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

/// `L(t, x)` for a TV layout with `T` threads: the integral coordinate `t + T·x`.
fn at(l: &DynLayout, t: i64, x: i64) -> Result<i64, String> {
    let thr = l.mode(0).map_err(|e| e.to_string())?.size();
    let val = l.mode(1).map_err(|e| e.to_string())?.size();
    if !(0..thr).contains(&t) || !(0..val).contains(&x) {
        return Err(format!("({t},{x}) is outside the layout {l}"));
    }
    Ok(l.eval(t + thr * x))
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
    let rec = parse(label, text)?;
    let Some(layouts) = lookup(&rec.atom) else {
        return Err(format!(
            "{label}:{}: the crate has no atom named `{}`",
            rec.atom_line, rec.atom
        ));
    };
    match &layouts {
        AtomLayouts::Mma {
            thr_id,
            shape_mnk: (m, n, k),
            a,
            b,
            c,
        } => check_mma(label, &rec, thr_id, (*m, *n, *k), a, b, c),
        AtomLayouts::Copy {
            thr_id, src, dst, ..
        } => check_copy(label, &rec, thr_id, src, dst),
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

/// Whether a layout broadcasts (some element is held by several (t, v)), as the shared-memory
/// operands of `wgmma _SS` do: no register experiment records those.
fn is_broadcast(l: &DynLayout) -> bool {
    let all: BTreeSet<i64> = (0..l.size()).map(|i| l.eval(i)).collect();
    (all.len() as i64) < l.size()
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
    if is_broadcast(op) && !rec.lines.contains_key(&key) {
        return Ok(()); // a shared-memory operand: no register map to compare
    }
    // The operand's own (row, k): A: m + M·k; B: n + N·k.
    let own_rows = if fixes_row { mm } else { nn };
    let other_rows = if fixes_row { nn } else { mm };
    for ((t, v), (ln, nums)) in lines_by_tv(label, rec, key, threads, vals)? {
        let x = at(op, t, v).map_err(|e| format!("{label}:{ln}: {e}"))?;
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
            let y = at(d, g[0], g[1]).map_err(|e| format!("{label}:{ln}: {e}"))?;
            let (dm, dn) = (y % mm, y / mm);
            let (fixed, free) = if fixes_row { (dm, dn) } else { (dn, dm) };
            if fixed != r {
                return Err(format!(
                    "{label}:{ln}: D value ({} {}) is element (m={dm},n={dn}) of CLayout, but {key}({t},{v}) is element {x} of {key}Layout, which reaches only {} {r} of D",
                    g[0], g[1], if fixes_row { "row" } else { "column" }
                ));
            }
            let z = at(other, g[2], g[3]).map_err(|e| format!("{label}:{ln}: {e}"))?;
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
    let (ln, vals) = rec
        .values
        .ok_or_else(|| format!("{label}: no `values` line"))?;
    for (name, l, v) in [("A", a, vals[0]), ("B", b, vals[1]), ("C", c, vals[2])] {
        if size(l, 1) != v && !(is_broadcast(l) && v == 0) {
            return Err(format!(
                "{label}:{ln}: recorded {v} {name} values per thread, {name}Layout {l} has {}",
                size(l, 1)
            ));
        }
    }
    check_operand(label, rec, 'A', threads, vals[0], a, b, c, (m, n), true)?;
    check_operand(label, rec, 'B', threads, vals[1], b, a, c, (m, n), false)?;
    for ((t, v), (ln, nums)) in lines_by_tv(label, rec, 'C', threads, vals[2])? {
        if nums.len() != 4 {
            return Err(format!("{label}:{ln}: expected `C t v | t1 v1`"));
        }
        let (x, y) = (
            at(c, t, v)?,
            at(c, nums[2], nums[3]).map_err(|e| format!("{label}:{ln}: {e}"))?,
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
    for (ln, nums) in rec.lines.get(&'D').into_iter().flatten() {
        let [t, j, ts, e] = nums[..] else {
            return Err(format!("{label}:{ln}: expected `D t j | ts e`"));
        };
        for bit in 0..unit {
            let x = at(dst, t, j * unit + bit).map_err(|er| format!("{label}:{ln}: {er}"))?;
            let y = at(src, ts, e * unit + bit).map_err(|er| format!("{label}:{ln}: {er}"))?;
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

fn check_dir(dir: &Path) -> Vec<String> {
    let mut errors = Vec::new();
    for p in files(dir) {
        let text = std::fs::read_to_string(&p).unwrap();
        let label = p.display().to_string();
        if let Err(e) = check_record(&label, &text, &atom_layouts) {
            errors.push(e);
        }
        let stem = p.file_stem().unwrap().to_string_lossy().to_string();
        if let Ok(rec) = parse(&label, &text) {
            if rec.atom != stem {
                errors.push(format!("{label}: the file names atom `{}`", rec.atom));
            }
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

/// The recorded hardware data, when present: every file matches, names a known atom, and
/// every atom of the crate has a file.
#[test]
fn recorded_hardware_data_matches_the_layouts() {
    let dir = data_dir("atoms");
    if !dir.is_dir() {
        eprintln!("{} does not exist yet: nothing to check", dir.display());
        return;
    }
    let mut errors = check_dir(&dir);
    for name in atom_names() {
        if !dir.join(format!("{name}.txt")).is_file() {
            errors.push(format!("no recorded data for atom `{name}` ({name}.txt)"));
        }
    }
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
        let e = check_record(&label, &lines.join("\n"), &atom_layouts).unwrap_err();
        assert!(e.starts_with(&format!("{label}:{lineno}:")), "{e}");
    }
}

#[test]
fn a_missing_or_repeated_line_is_an_error() {
    for name in [MMA, LDSM] {
        let (label, text) = fixture(name);
        let lines: Vec<&str> = text.lines().collect();
        let dropped = [&lines[..20], &lines[21..]].concat().join("\n");
        assert!(check_record(&label, &dropped, &atom_layouts).is_err());
        let doubled = [&lines[..], &lines[20..21]].concat().join("\n");
        assert!(check_record(&label, &doubled, &atom_layouts).is_err());
    }
}

#[test]
fn an_unknown_atom_is_an_error() {
    let (label, text) = fixture(MMA);
    let renamed = text.replace(MMA, "SM80_16x8x16_F32F16F16F32_NT");
    let e = check_record(&label, &renamed, &atom_layouts).unwrap_err();
    assert!(
        e.contains("the crate has no atom named `SM80_16x8x16_F32F16F16F32_NT`"),
        "{e}"
    );
}
