//! `cute svg` / `cute latex`: every generated SVG (and every committed example under
//! `docs/pictures/`) is well-formed XML, and its cells hold the layout's offsets (checked with
//! the independent evaluator of `common`) or, for a TV layout, `T<t> V<v>` where the TV layout
//! sends (t, v).

use crate::common::{fails, ok, L};
use std::path::PathBuf;

/// The cells of an SVG picture: (title of the cell group, fill), row-major.
fn cells(svg: &str) -> Vec<(String, String)> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    root.children()
        .filter(|n| n.has_tag_name("g"))
        .map(|g| {
            let title = g
                .children()
                .find(|n| n.has_tag_name("title"))
                .and_then(|t| t.text())
                .unwrap_or("")
                .to_string();
            let fill = g
                .children()
                .find(|n| n.has_tag_name("rect"))
                .and_then(|r| r.attribute("fill"))
                .unwrap()
                .to_string();
            (title, fill)
        })
        .collect()
}

#[test]
fn layout_svg_cells_are_the_offsets() {
    for (l, rows, cols) in [
        ("(4,8):(8,1)", 4, 8),
        ("(2,(2,2)):(4,(2,1))", 2, 4),
        ("6:2", 6, 1),
    ] {
        let svg = ok(&["svg", l]);
        let c = cells(&svg);
        let ll = L::parse(l);
        assert_eq!(c.len(), rows * cols, "{l}");
        for m in 0..rows {
            for n in 0..cols {
                // Cell (m, n) is L(m, n) = L(m + n·rows).
                let want = ll.at((m + n * rows) as i64);
                assert_eq!(c[m * cols + n].0, want.to_string(), "{l} at ({m},{n})");
            }
        }
        // Offsets equal modulo 8 share a fill and others differ, as CuTe colors them.
        let mut by_residue = std::collections::HashMap::new();
        for (label, fill) in &c {
            let v: i64 = label.parse().unwrap();
            assert_eq!(by_residue.entry(v % 8).or_insert(fill.clone()), fill, "{l}");
        }
        let mut fills: Vec<&String> = by_residue.values().collect();
        fills.sort();
        fills.dedup();
        assert_eq!(fills.len(), by_residue.len(), "{l}");
    }
}

#[test]
fn swizzled_svg_cells_are_the_swizzled_offsets() {
    // Sw<3,0,3>: the row bits (3..6) are XORed into the column bits (0..3) — CuTe's
    // f(x) = x ^ ((x & (7 << 3)) >> 3) (reference/README).
    let svg = ok(&["svg", "Sw<3,0,3> o 0 o (8,8):(8,1)"]);
    let c = cells(&svg);
    for m in 0..8i64 {
        for n in 0..8i64 {
            let x = 8 * m + n;
            let want = x ^ ((x & (7 << 3)) >> 3);
            assert_eq!(c[(m * 8 + n) as usize].0, want.to_string());
        }
    }
    assert!(svg.contains("<title>Sw&lt;3,0,3&gt; o 0 o (8,8):(8,1)</title>"));
}

#[test]
fn tv_svg_labels_each_cell_with_its_thread_and_value() {
    // CuTe's SM80 16x8 accumulator layout ((4,8),(2,2)):((32,1),(16,8)) over the 16×8 tile:
    // (t, v) goes to index TV(t, v) = m + 16·n.
    let tv = "((4,8),(2,2)):((32,1),(16,8))";
    let svg = ok(&["svg", "--tv", "16,8", tv]);
    let c = cells(&svg);
    assert_eq!(c.len(), 128);
    let l = L::parse(tv);
    for t in 0..32 {
        for v in 0..4 {
            let idx = l.at(t + 32 * v);
            let (m, n) = (idx % 16, idx / 16);
            assert_eq!(c[(m * 8 + n) as usize].0, format!("T{t} V{v}"));
        }
    }
    // Colored by thread: T0 and T8 (8 apart) share a fill, T0 and T1 do not.
    let fill = |label: &str| c.iter().find(|x| x.0 == label).unwrap().1.clone();
    assert_eq!(fill("T0 V0"), fill("T8 V0"));
    assert_ne!(fill("T0 V0"), fill("T1 V0"));
    // An index outside the tile is an error naming it.
    let err = fails(&["svg", "--tv", "4,4", "(4,4):(1,5)"]);
    assert!(err.contains("outside the tile"), "{err}");
}

#[test]
fn latex_is_cute_print_latex() {
    let tex = ok(&["latex", "(2,2):(2,1)"]);
    assert!(tex.contains("\\documentclass[convert]{standalone}"));
    assert!(tex.contains("\\begin{tikzpicture}"));
    // CuTe's gray map: offset k gets {black!00, black!40, black!20, black!60}[k % 8].
    for (m, n, off, gray) in [
        (0, 0, 0, "00"),
        (0, 1, 1, "40"),
        (1, 0, 2, "20"),
        (1, 1, 3, "60"),
    ] {
        let node = format!("\\node[fill=black!{gray}] at ({m},{n}) {{{off}}};");
        assert!(tex.contains(&node), "{node} in\n{tex}");
    }
    assert!(tex.trim_end().ends_with("\\end{document}"));
    let tv = ok(&["latex", "--tv", "2x2", "(2,2):(1,2)"]);
    assert!(tv.contains("\\shortstack{T1 \\\\ V1}"), "{tv}");
    fails(&["latex", "(2,2,2):(1,2,4)"]);
}

#[test]
fn committed_examples_are_well_formed() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/pictures");
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "svg") {
            let svg = std::fs::read_to_string(&p).unwrap();
            assert!(!cells(&svg).is_empty(), "{}", p.display());
            n += 1;
        }
    }
    assert!(n >= 3);
}

#[test]
fn bank_map_svg_cells_are_the_lanes_of_each_bank_and_wavefront() {
    // f32 column, 64-byte pitch: lane l's word 16·l sits in bank 0 (l even) or 16 (l odd);
    // bank 0 serves lanes 0, 2, 4, … one per wavefront (16 wavefronts).
    let a: Vec<String> = (0..32).map(|l| (64 * l).to_string()).collect();
    let svg = ok(&[
        "banks",
        "--ptx",
        "ld.shared.b32",
        "--addresses",
        &a.join(","),
        "--svg",
    ]);
    let c = cells(&svg);
    assert_eq!(c.len(), 16 * 32);
    for w in 0..16 {
        for b in 0..32 {
            let expected = match b {
                0 => (2 * w).to_string(),
                16 => (2 * w + 1).to_string(),
                _ => String::new(),
            };
            assert_eq!(c[w * 32 + b].0, expected, "wavefront {w}, bank {b}");
        }
    }
    // 32 consecutive 16-byte vectors: 4 quarter-warps of one wavefront each; quarter q's lane
    // 8q + b/4 covers bank b.
    let a: Vec<String> = (0..32).map(|l| (16 * l).to_string()).collect();
    let svg = ok(&[
        "banks",
        "--ptx",
        "ld.shared.v4.b32",
        "--addresses",
        &a.join(","),
        "--svg",
    ]);
    let c = cells(&svg);
    assert_eq!(c.len(), 4 * 32);
    for q in 0..4 {
        for b in 0..32 {
            assert_eq!(c[q * 32 + b].0, (8 * q + b / 4).to_string());
        }
    }
}
