//! The 8-bit integer `wgmma` at the ends of the `s32` range, recorded on the GPU
//! (`tests/data/gmma_saturate/*.txt`, written by `bash probes/run_saturate.sh OUTDIR` from
//! `probes/gmma_saturate.cu`): what the crate's docs say of the plain atoms
//! (`SM90_64xNx32_S32S8S8_SS_TN`, …: the sum wraps) and of CuTe's `_SATURATE` ones
//! (`.satfinite`: the sum is clamped to the `s32` range), against what the hardware did.
//!
//! Each record line is `<tag> <SS|RS> a <a> b <b> c <c> | <value>x<count> ...`: every A and B
//! element held `a` and `b`, every accumulator `c`, and one `m64n8k32` instruction (K = 32)
//! ran; the values are the distinct D values over the warpgroup's 128 × 4 registers.

use std::collections::BTreeSet;

use cute_layout::atom::atom_layouts;

struct Line {
    tag: String,
    rs: bool,
    a: i64,
    b: i64,
    c: i64,
    values: Vec<(i64, usize)>,
}

fn parse(file: &str, text: &str) -> Vec<Line> {
    let mut out = Vec::new();
    for (no, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let at = || format!("{file}:{}: `{line}`", no + 1);
        let (head, tail) = line
            .split_once('|')
            .unwrap_or_else(|| panic!("{}: no `|`", at()));
        let w: Vec<&str> = head.split_whitespace().collect();
        assert!(
            w.len() == 8 && w[2] == "a" && w[4] == "b" && w[6] == "c",
            "{}: expected `<tag> <SS|RS> a <a> b <b> c <c>`",
            at()
        );
        let int = |s: &str| {
            s.parse::<i64>()
                .unwrap_or_else(|_| panic!("{}: `{s}`", at()))
        };
        let values = tail
            .split_whitespace()
            .map(|v| {
                let (x, n) = v
                    .split_once('x')
                    .unwrap_or_else(|| panic!("{}: `{v}`", at()));
                (int(x), n.parse().unwrap_or_else(|_| panic!("{}", at())))
            })
            .collect();
        out.push(Line {
            tag: w[0].to_string(),
            rs: w[1] == "RS",
            a: int(w[3]),
            b: int(w[5]),
            c: int(w[7]),
            values,
        });
    }
    out
}

fn records() -> Vec<(String, Vec<Line>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/gmma_saturate");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no record in {}", dir.display());
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&p).unwrap();
            assert!(
                text.lines().any(|l| l.starts_with("# gpu: NVIDIA H")),
                "{name}: the record names no Hopper GPU"
            );
            let lines = parse(&name, &text);
            (name, lines)
        })
        .collect()
}

/// Every line: the 512 registers agree, and hold the wrapped sum (plain) or the clamped sum
/// (`_sat`) of `c + 32·a·b`, computed here in `i64`.
#[test]
fn plain_wraps_and_satfinite_clamps() {
    for (file, lines) in records() {
        for l in &lines {
            let exact = l.c + 32 * l.a * l.b;
            let want = if l.tag.ends_with("_sat") {
                exact.clamp(i32::MIN as i64, i32::MAX as i64)
            } else {
                exact as i32 as i64
            };
            assert_eq!(
                l.values,
                vec![(want, 512)],
                "{file}: {} {} a {} b {} c {}: exact sum {exact}",
                l.tag,
                if l.rs { "RS" } else { "SS" },
                l.a,
                l.b,
                l.c
            );
        }
    }
}

/// The records reach both ends where they can: for each of the 8 families and both operand
/// sources, a case past `i32::MAX`, and for each family with a signed operand one past
/// `i32::MIN` — so the test above would catch a clamp or wrap that went the other way.
#[test]
fn records_cover_every_family_past_both_ends() {
    for (file, lines) in records() {
        for fam in ["s8s8", "s8u8", "u8s8", "u8u8"] {
            for tag in [fam.to_string(), format!("{fam}_sat")] {
                for rs in [false, true] {
                    let sums: BTreeSet<i64> = lines
                        .iter()
                        .filter(|l| l.tag == tag && l.rs == rs)
                        .map(|l| l.c + 32 * l.a * l.b)
                        .collect();
                    assert!(
                        sums.iter().any(|&s| s > i32::MAX as i64),
                        "{file}: {tag} {rs}: no case past i32::MAX"
                    );
                    if fam.contains('s') {
                        assert!(
                            sums.iter().any(|&s| s < i32::MIN as i64),
                            "{file}: {tag} {rs}: no case past i32::MIN"
                        );
                    }
                    assert!(
                        sums.iter()
                            .any(|&s| (i32::MIN as i64..=i32::MAX as i64).contains(&s)),
                        "{file}: {tag} {rs}: no in-range control case"
                    );
                }
            }
        }
    }
}

/// The `_SATURATE` atoms are the plain ones with another instruction: CuTe's traits give them
/// the same layouts, and so does the crate (the layouts themselves are checked against CuTe in
/// `atom_cute` and against the GPU in `atom_hardware`).
#[test]
fn saturate_atoms_have_the_plain_layouts() {
    let mut n = 0;
    for fam in ["S32S8S8", "S32S8U8", "S32U8S8", "S32U8U8"] {
        for kind in ["SS", "RS"] {
            for nn in [8, 64, 256] {
                let plain = format!("SM90_64x{nn}x32_{fam}_{kind}_TN");
                let sat = format!("{plain}_SATURATE");
                let (p, s) = (atom_layouts(&plain), atom_layouts(&sat));
                assert!(s.is_some(), "no atom {sat}");
                assert_eq!(
                    p.unwrap().lines(),
                    s.unwrap().lines(),
                    "{sat} against {plain}"
                );
                n += 1;
            }
        }
    }
    assert_eq!(n, 24);
}
