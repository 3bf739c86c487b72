//! Every subcommand of `cute`, run as a binary. Expected values are the paper's worked examples
//! (C. Cecka, "CuTe Layout Representation and Algebra", cited by section) and CuTe's
//! documentation, or its postconditions checked by brute force with the independent evaluator
//! of `common` — never the library's own output.

use crate::common::{cute, fails, ok, L};

/// The table cells of `cute show` output, row by row.
fn table_cells(show: &str) -> Vec<Vec<String>> {
    show.lines()
        .filter(|l| l.contains('|'))
        .map(|l| {
            l.split('|')
                .skip(1)
                .map(|c| c.trim().to_string())
                .filter(|c| !c.is_empty())
                .collect()
        })
        .collect()
}

fn field<'a>(show: &'a str, name: &str) -> &'a str {
    show.lines()
        .find_map(|l| l.strip_prefix(&format!("{name}: ")))
        .unwrap_or_else(|| panic!("no {name} in {show}"))
}

#[test]
fn show_layout_2x4_as_cute_docs_print2d() {
    // CuTe docs: layout_2x4 = (2,(2,2)):(4,(2,1)); print2D prints rows `0 2 1 3` and `4 6 5 7`.
    let out = ok(&["show", "(2,(2,2)):(4,(2,1))"]);
    assert_eq!(field(&out, "size"), "8");
    assert_eq!(field(&out, "cosize"), "8");
    assert_eq!(field(&out, "rank"), "2");
    assert_eq!(field(&out, "depth"), "2");
    assert_eq!(
        table_cells(&out),
        vec![vec!["0", "2", "1", "3"], vec!["4", "6", "5", "7"]]
    );
}

#[test]
fn show_rank1_is_a_column_and_rank3_has_no_table() {
    let out = ok(&["show", "4:3"]);
    assert_eq!(field(&out, "cosize"), "10"); // L(3) + 1
    assert_eq!(
        table_cells(&out),
        vec![vec!["0"], vec!["3"], vec!["6"], vec!["9"]]
    );
    let out = ok(&["show", "(2,2,2):(1,2,4)"]);
    assert_eq!(field(&out, "rank"), "3");
    assert!(table_cells(&out).is_empty());
}

#[test]
fn show_json() {
    let out = ok(&["--json", "show", "(2,(2,2)):(4,(2,1))"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["size"], 8);
    assert_eq!(v["rank"], 2);
    assert_eq!(v["depth"], 2);
    assert!(v["table"].as_str().unwrap().contains("| 6 |"));
}

#[test]
fn eval_all_as_cute_docs_print1d() {
    // CuTe docs: print1D(layout_2x4) = 0 4 2 6 1 5 3 7.
    assert_eq!(ok(&["eval", "(2,(2,2)):(4,(2,1))"]), "0 4 2 6 1 5 3 7");
    // print2D: layout_2x4(1, 2) = 5; as an index, 1 + 2·2 = 5 -> L(5) = 5.
    assert_eq!(ok(&["eval", "(2,(2,2)):(4,(2,1))", "(1,2)"]), "5");
    assert_eq!(ok(&["eval", "(2,(2,2)):(4,(2,1))", "(1,(0,1))"]), "5");
    assert_eq!(ok(&["eval", "(2,(2,2)):(4,(2,1))", "3"]), "6");
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["--json", "eval", "(2,(2,2)):(4,(2,1))"])).unwrap();
    assert_eq!(v["values"], serde_json::json!([0, 4, 2, 6, 1, 5, 3, 7]));
}

#[test]
fn eval_swizzle_and_basis() {
    // reference/README: CuTe's Swizzle<3,4,3> maps 0x380 to 0x3F0 and 0x18 to itself.
    assert_eq!(ok(&["eval", "Sw<3,4,3> o 0 o 1024:1", "896"]), "1008");
    assert_eq!(ok(&["eval", "Sw<3,4,3> o 0 o 1024:1", "24"]), "24");
    // The identity layout maps coordinates to themselves (paper §3.3.1): index 13 of (4,8)
    // is the coordinate (1,3).
    assert_eq!(ok(&["eval", "(4,8):(1@0,1@1)", "13"]), "(1,3)");
}

#[test]
fn eval_refuses_huge_layouts_without_an_index() {
    let err = fails(&["eval", "(1048576,2):(1,1048576)"]);
    assert!(err.contains("give an index"), "{err}");
}

#[test]
fn coalesce_paper_example_and_postcondition() {
    // Paper §3.2: (2,(1,6)):(1,(6,2)) coalesces to 12:1.
    assert_eq!(ok(&["coalesce", "(2,(1,6)):(1,(6,2))"]), "12:1");
    // Postcondition: same size and the same value at every index.
    for a in [
        "(2,4):(4,1)",
        "((2,2),(3,4)):((1,2),(4,12))",
        "(4,(2,3)):(0,(1,0))",
    ] {
        let (la, lc) = (L::parse(a), L::parse(&ok(&["coalesce", a])));
        assert_eq!(la.values(), lc.values(), "{a}");
    }
    // reference/README: (2,4):(4,1) does not coalesce.
    assert_eq!(ok(&["coalesce", "(2,4):(4,1)"]), "(2,4):(4,1)");
}

#[test]
fn compose_paper_example_and_postcondition() {
    // Paper §3.3: (4,6,8,10):(2,3,5,7) ∘ 6:12 = (2,3):(9,5).
    assert_eq!(
        ok(&["compose", "(4,6,8,10):(2,3,5,7)", "6:12"]),
        "(2,3):(9,5)"
    );
    for (a, b) in [
        ("(6,2):(8,2)", "(4,3):(3,1)"),
        ("(10,2):(16,4)", "(5,4):(1,5)"),
    ] {
        let r = L::parse(&ok(&["compose", a, b]));
        let (la, lb) = (L::parse(a), L::parse(b));
        assert_eq!(r.size(), lb.size());
        for i in 0..lb.size() {
            assert_eq!(r.at(i), la.at(lb.at(i)), "{a} ∘ {b} at {i}");
        }
    }
    // Paper Table 4, coordinate row: composition with an identity layout.
    assert_eq!(
        ok(&["compose", "(8,8):(1@0,1@1)", "((4,8),2):((16,1),8)"]),
        "((4,8),2):((2@1,1@0),1@1)"
    );
    // Swizzled: composition applies to the inner layout.
    assert_eq!(
        ok(&["compose", "Sw<3,4,3> o 0 o (8,64):(64,1)", "<4,8>"]),
        "Sw<3,4,3> o 0 o (4,8):(64,1)"
    );
    // reference/README: (4,2,8):(3,15,97) ∘ 3:3 violates the divisibility conditions.
    let err = fails(&["compose", "(4,2,8):(3,15,97)", "3:3"]);
    assert!(err.starts_with("error: "), "{err}");
    assert_eq!(ok(&["compose", "(4,2,8):(3,12,97)", "3:3"]), "3:9");
}

#[test]
fn complement_paper_example_and_postcondition() {
    // Paper §3.4: complement(4:2, 24) = (2,3):(1,8).
    assert_eq!(ok(&["complement", "4:2", "24"]), "(2,3):(1,8)");
    // reference/README: complement(4:32, 256) = (32,2):(1,128).
    assert_eq!(ok(&["complement", "4:32", "256"]), "(32,2):(1,128)");
    // Postcondition: (A, A*) is a bijection onto [0, M) when size(A)·size(A*) = M.
    for (a, m) in [("(2,2):(1,6)", 24), ("(4,2):(2,16)", 64)] {
        let c = L::parse(&ok(&["complement", a, &m.to_string()]));
        let la = L::parse(a);
        let mut seen: Vec<i64> = (0..c.size())
            .flat_map(|j| la.values().into_iter().map(move |x| (x, j)))
            .map(|(x, j)| x + c.at(j))
            .collect();
        seen.sort();
        assert_eq!(seen, (0..m).collect::<Vec<_>>(), "complement({a}, {m})");
    }
    // Without M: complement(A, cosize(A)). Paper Table 7, last row (basis strides).
    assert_eq!(
        ok(&["complement", "(4,(4,2)):(1@1,(1@0,12@1))"]),
        "(1,(3,1)):(4@0,(4@1,24@1))"
    );
    // Not injective: an error (reference/README).
    fails(&["complement", "(2,2):(1,1)", "8"]);
}

#[test]
fn inverses_paper_tables_and_postconditions() {
    // Paper Table 5: right_inverse((4,8):(1,5)) = 4:1. Postcondition L(R(k)) = k.
    assert_eq!(ok(&["right-inverse", "(4,8):(1,5)"]), "4:1");
    for l in [
        "(4,8):(8,1)",
        "(3,7,5):(5,15,1)",
        "((2,2),(4,2)):((1,8),(2,16))",
    ] {
        let (ll, r) = (L::parse(l), L::parse(&ok(&["right-inverse", l])));
        for k in 0..r.size() {
            assert_eq!(ll.at(r.at(k)), k, "right_inverse({l}) at {k}");
        }
    }
    // Paper Table 6: left_inverse((4,8):(1,5)) = (5,8):(1,4). Postcondition R(L(i)) = i.
    assert_eq!(ok(&["left-inverse", "(4,8):(1,5)"]), "(5,8):(1,4)");
    for l in ["(4,8):(8,1)", "(2,3):(3,1)", "(4,8):(1,5)"] {
        let (ll, r) = (L::parse(l), L::parse(&ok(&["left-inverse", l])));
        for i in 0..ll.size() {
            assert_eq!(r.at(ll.at(i)), i, "left_inverse({l}) at {i}");
        }
    }
    // Paper Table 5 (basis strides): right_inverse((4,8):(1@0,1@1)) = (4,8):(1,4).
    assert_eq!(ok(&["right-inverse", "(4,8):(1@0,1@1)"]), "(4,8):(1,4)");
    let err = fails(&["right-inverse", "Sw<3,4,3> o 0 o (8,64):(64,1)"]);
    assert!(err.contains("swizzled"), "{err}");
}

/// The divides: mode 0 of every variant is A ∘ T and all four agree at every index (spec T4,
/// paper §3.5.2); the groupings as in the spec.
#[test]
fn divides() {
    let (a, t) = ("(8,16):(20,1)", "<4:1,8:2>");
    let la = L::parse(a);
    let logical = L::parse(&ok(&["logical-divide", a, t]));
    let zipped = L::parse(&ok(&["zipped-divide", a, t]));
    let tiled = L::parse(&ok(&["tiled-divide", a, t]));
    let flat = L::parse(&ok(&["flat-divide", a, t]));
    assert_eq!(zipped.shape.rank(), 2);
    assert_eq!(tiled.shape.rank(), 3);
    assert_eq!(flat.shape.rank(), 4);
    assert_eq!(logical.shape.rank(), 2);
    // (A0 ∘ 4:1)(m) = 20m, (A1 ∘ 8:2)(n) = 2n: the tile of zipped_divide.
    let z0 = zipped.mode(0);
    for m in 0..4 {
        for n in 0..8 {
            assert_eq!(z0.at(m + 4 * n), 20 * m + 2 * n);
        }
    }
    // Every element of A exactly once in every variant (T's complement makes the divide a
    // bijection onto A's offsets).
    let mut want = la.values();
    want.sort();
    for d in [&logical, &zipped, &tiled, &flat] {
        let mut got = d.values();
        got.sort();
        assert_eq!(got, want);
    }
    // Paper §3.5.2: (B, B*) may reach past |A|; A is evaluated on its extended domain.
    assert_eq!(ok(&["logical-divide", "6:1", "4:1"]), "(4,2):(1,4)");
    // Not surjective: offsets 3, 7, 11, 15 never visited.
    fails(&["logical-divide", "16:1", "(3,2):(1,4)"]);
}

const FIG10: &str = "0 1 2 3 24 25 26 27 48 49 50 51 72 73 74 75 96 97 98 99
4 5 6 7 28 29 30 31 52 53 54 55 76 77 78 79 100 101 102 103
8 9 10 11 32 33 34 35 56 57 58 59 80 81 82 83 104 105 106 107
12 13 14 15 36 37 38 39 60 61 62 63 84 85 86 87 108 109 110 111
16 17 18 19 40 41 42 43 64 65 66 67 88 89 90 91 112 113 114 115
20 21 22 23 44 45 46 47 68 69 70 71 92 93 94 95 116 117 118 119";

const FIG11: &str = "0 24 48 72 96 1 25 49 73 97 2 26 50 74 98 3 27 51 75 99
12 36 60 84 108 13 37 61 85 109 14 38 62 86 110 15 39 63 87 111
4 28 52 76 100 5 29 53 77 101 6 30 54 78 102 7 31 55 79 103
16 40 64 88 112 17 41 65 89 113 18 42 66 90 114 19 43 67 91 115
8 32 56 80 104 9 33 57 81 105 10 34 58 82 106 11 35 59 83 107
20 44 68 92 116 21 45 69 93 117 22 46 70 94 118 23 47 71 95 119";

fn figure(f: &str) -> Vec<Vec<String>> {
    f.lines()
        .map(|l| l.split(' ').map(String::from).collect())
        .collect()
}

#[test]
fn products_paper_section_3_5_1() {
    // A ⊗ B = (A, A* ∘ B): (3,4):(4,1) ⊗ (2,5):(1,2) = ((3,4),(2,5)):((4,1),(12,24)).
    assert_eq!(
        ok(&["logical-product", "(3,4):(4,1)", "(2,5):(1,2)"]),
        "((3,4),(2,5)):((4,1),(12,24))"
    );
    assert_eq!(
        ok(&["logical-product", "(4,8):(20,2)", "(3,2):(2,1)"]),
        "((4,8),(3,2)):((20,2),(80,1))"
    );
    // reference/README: logical_product(128:1, 4:32) = (128,4):(1,4096).
    assert_eq!(
        ok(&["logical-product", "128:1", "4:32"]),
        "(128,4):(1,4096)"
    );
    // Figures 10 and 11: the 6×20 tables of the blocked and raked products.
    let blocked = ok(&["blocked-product", "(3,4):(4,1)", "(2,5):(1,2)"]);
    assert_eq!(blocked, "((3,2),(4,5)):((4,12),(1,24))");
    assert_eq!(table_cells(&ok(&["show", &blocked])), figure(FIG10));
    let raked = ok(&["raked-product", "(3,4):(4,1)", "(2,5):(1,2)"]);
    assert_eq!(raked, "((2,3),(5,4)):((12,4),(24,1))");
    assert_eq!(table_cells(&ok(&["show", &raked])), figure(FIG11));
    // zipped, tiled, flat: the same function as the by-mode logical product, regrouped (spec).
    let (a, b) = ("(3,4):(4,1)", "<2:1,5:1>");
    let want = {
        let mut v = L::parse(&ok(&["logical-product", a, b])).values();
        v.sort();
        v
    };
    for (op, rank) in [
        ("zipped-product", 2),
        ("tiled-product", 3),
        ("flat-product", 4),
    ] {
        let r = L::parse(&ok(&[op, a, b]));
        assert_eq!(r.shape.rank(), rank, "{op}");
        let mut v = r.values();
        v.sort();
        assert_eq!(v, want, "{op}");
        // Mode 0 (flat: modes 0 and 1) reproduces the tile A.
        let tile: Vec<i64> = if rank == 4 {
            (0..12).map(|i| r.at(i)).collect()
        } else {
            r.mode(0).values()
        };
        assert_eq!(tile, L::parse(a).values(), "{op}");
    }
}

#[test]
fn filters() {
    // filter: the image of L without stride-0 modes, coalesced: its values are the distinct
    // values of L, each once.
    for l in ["(4,(2,3)):(0,(1,2))", "((2,2),3):((0,3),1)"] {
        let f = L::parse(&ok(&["filter", l]));
        let mut img = L::parse(l).values();
        img.sort();
        img.dedup();
        let mut got = f.values();
        got.sort();
        assert_eq!(got, img, "filter({l})");
    }
    assert_eq!(ok(&["filter", "(4,(2,3)):(0,(1,2))"]), "6:1");
    // filter_zeros: shape 1 where the stride is 0, structure kept.
    assert_eq!(
        ok(&["filter-zeros", "(4,(2,3)):(0,(1,0))"]),
        "(1,(2,1)):(0,(1,0))"
    );
}

#[test]
fn max_common_vector_postcondition() {
    for (a, b) in [
        ("(4,8):(1,4)", "(4,8):(1,4)"),
        ("(4,8):(1,4)", "(4,8):(8,1)"),
        ("(2,4):(1,8)", "(2,4):(1,2)"),
        ("(8,4):(1,8)", "(8,4):(1,16)"),
    ] {
        let k: i64 = ok(&["max-common-vector", a, b]).parse().unwrap();
        // Brute force: the largest K with offsets 0..K produced at the same index by both.
        let (la, lb) = (L::parse(a), L::parse(b));
        let pos = |l: &L, off: i64| (0..l.size()).find(|&i| l.at(i) == off);
        let mut want = 0;
        while want < la.size() && pos(&la, want).is_some() && pos(&la, want) == pos(&lb, want) {
            want += 1;
        }
        assert_eq!(k, want.max(1), "max_common_vector({a}, {b})");
    }
    fails(&["max-common-vector", "Sw<3,4,3> o 0 o 64:1", "64:1"]);
}

#[test]
fn json_on_every_layout_subcommand() {
    let cases: &[&[&str]] = &[
        &["coalesce", "(2,(1,6)):(1,(6,2))"],
        &["compose", "(4,6,8,10):(2,3,5,7)", "6:12"],
        &["complement", "4:2", "24"],
        &["right-inverse", "(4,8):(1,5)"],
        &["left-inverse", "(4,8):(1,5)"],
        &["logical-divide", "(8,16):(20,1)", "<4:1,8:2>"],
        &["zipped-divide", "(8,16):(20,1)", "<4:1,8:2>"],
        &["tiled-divide", "(8,16):(20,1)", "<4:1,8:2>"],
        &["flat-divide", "(8,16):(20,1)", "<4:1,8:2>"],
        &["logical-product", "(3,4):(4,1)", "(2,5):(1,2)"],
        &["zipped-product", "(3,4):(4,1)", "(2,5):(1,2)"],
        &["tiled-product", "(3,4):(4,1)", "(2,5):(1,2)"],
        &["flat-product", "(3,4):(4,1)", "(2,5):(1,2)"],
        &["blocked-product", "(3,4):(4,1)", "(2,5):(1,2)"],
        &["raked-product", "(3,4):(4,1)", "(2,5):(1,2)"],
        &["filter", "(4,(2,3)):(0,(1,2))"],
        &["filter-zeros", "(4,(2,3)):(0,(1,0))"],
    ];
    for args in cases {
        let plain = ok(args);
        let mut j = vec!["--json"];
        j.extend_from_slice(args);
        let v: serde_json::Value = serde_json::from_str(&ok(&j)).unwrap();
        assert_eq!(v["layout"], plain.as_str(), "{args:?}");
        let l = L::parse(&plain);
        assert_eq!(v["size"], l.size(), "{args:?}");
        assert_eq!(v["rank"], l.shape.rank(), "{args:?}");
        assert_eq!(v["depth"], l.shape.depth(), "{args:?}");
        assert_eq!(v["cosize"], l.cosize(), "{args:?}");
    }
    let v: serde_json::Value = serde_json::from_str(&ok(&[
        "--json",
        "max-common-vector",
        "(2,4):(1,8)",
        "(2,4):(1,2)",
    ]))
    .unwrap();
    assert_eq!(v["value"], 2);
    // Errors with --json: a JSON error on stdout, the message on stderr, status 2.
    let (code, out, err) = cute(&["--json", "coalesce", "(4,"]);
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["kind"], "Parse");
    assert!(err.contains("expected"), "{err}");
}

#[test]
fn errors_name_the_argument_and_exit_2() {
    let err = fails(&["compose", "(4,2):(1,4)", "(4,"]);
    assert!(err.contains("T `(4,`"), "{err}");
    assert!(err.contains("at byte 3"), "{err}");
    let err = fails(&["show", "(4,2):(1,4,8)"]);
    assert!(err.contains("structure"), "{err}");
    // clap's usage errors share the status.
    fails(&["show"]);
    fails(&["no-such-command"]);
}

#[test]
fn atom_prints_the_layouts_the_ptx_isa_describes() {
    let out = ok(&["atom", "SM80_16x8x16_F32F16F16F32_TN"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(lines[0], "ThrID: 32:1");
    assert_eq!(lines[1], "Shape_MNK: (16,8,16)");
    let a = L::parse(field(&out, "ALayout"));
    let b = L::parse(field(&out, "BLayout"));
    let c = L::parse(field(&out, "CLayout"));
    // PTX ISA, mma.m16n8k16 with .f16 A/B and .f32 C/D: groupID = lane / 4,
    // threadID_in_group = lane % 4. C/D element i of lane: row groupID (+8 for i >= 2),
    // col 2·tig + (i & 1). A element i (8 halves): row groupID (+8 for i%4 >= 2),
    // col 2·tig + (i & 1) (+8 for i >= 4). B element i (4 halves): row (k) 2·tig + (i & 1)
    // (+8 for i >= 2), col (n) groupID. CuTe's TV index is t + 32·v, the value m + M·k etc.
    for lane in 0..32 {
        let (g, tig) = (lane / 4, lane % 4);
        for i in 0..4 {
            let (m, n) = (g + 8 * (i / 2), 2 * tig + (i & 1));
            assert_eq!(c.at(lane + 32 * i), m + 16 * n, "C lane {lane} value {i}");
            let (k, n) = (2 * tig + (i & 1) + 8 * (i / 2), g);
            assert_eq!(b.at(lane + 32 * i), n + 8 * k, "B lane {lane} value {i}");
        }
        for i in 0..8 {
            let (m, k) = (g + 8 * ((i % 4) / 2), 2 * tig + (i & 1) + 8 * (i / 4));
            assert_eq!(a.at(lane + 32 * i), m + 16 * k, "A lane {lane} value {i}");
        }
    }
}

#[test]
fn atom_copy_list_json_picture_and_errors() {
    let out = ok(&["atom", "SM75_U32x4_LDSM_N"]);
    let names: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_once(": "))
        .map(|p| p.0)
        .collect();
    assert_eq!(names, ["ThrID", "SrcLayout", "DstLayout"]);
    // ldmatrix: thread t supplies the address of 128-bit row t; destination bit 32·t + b of
    // matrix 0 is row t/4, bits 32·(t%4) + b of that row.
    let src = L::parse(field(&out, "SrcLayout"));
    let dst = L::parse(field(&out, "DstLayout"));
    for t in 0..32 {
        for b in 0..32 {
            assert_eq!(dst.at(t + 32 * b), src.at(t / 4 + 32 * (32 * (t % 4) + b)));
        }
    }
    let list = ok(&["atom"]);
    assert!(list.lines().any(|l| l == "SM80_16x8x16_F32F16F16F32_TN"));
    assert!(list.lines().any(|l| l == "UniversalCopy<128>"));
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["--json", "atom", "SM80_8x8x4_F64F64F64F64_TN"])).unwrap();
    assert_eq!(v["Shape_MNK"], "(8,8,4)");
    let svg = ok(&["atom", "SM80_16x8x8_F32F16F16F32_TN", "--svg", "c"]);
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"), "{svg}");
    assert!(svg.contains("T0") && svg.contains("V3"));
    assert!(fails(&["atom", "SM80_NOT_AN_ATOM"]).contains("no atom named"));
    assert!(fails(&["atom", "SM75_U32x4_LDSM_N", "--svg", "a"]).contains("copy atom"));
    assert!(fails(&["atom", "SM80_16x8x8_F32F16F16F32_TN", "--svg", "d"]).contains("operand"));
}

/// `cute banks`: expected counts from the H100 measurements (`tests/data/banks/banks.txt`),
/// not from the library.
fn banks_recorded(id: &str) -> (String, String, String) {
    let data = include_str!("../../tests/data/banks/banks.txt");
    let line = data
        .lines()
        .find(|l| !l.starts_with('#') && l.split(' ').next() == Some(id))
        .expect("recorded id");
    let t: Vec<&str> = line.split(' ').collect();
    (
        t[1].to_string(),
        t[3..35].join(","),
        format!("wavefronts={} conflicts={}", t[35], t[36]),
    )
}

#[test]
fn banks_prints_the_measured_counts() {
    // Every instruction kind's configurations 0..512 step 7 (73 of them).
    for id in (0..512).step_by(7) {
        let (ptx, addresses, expected) = banks_recorded(&id.to_string());
        let out = ok(&["banks", "--ptx", &ptx, "--addresses", &addresses]);
        assert_eq!(out, expected, "configuration {id}");
    }
    // The example: 32 consecutive 16-byte vectors, 4 quarter-warps, no conflict.
    let a: Vec<String> = (0..32).map(|l| (16 * l).to_string()).collect();
    let out = ok(&[
        "banks",
        "--ptx",
        "ld.shared.v4.b32",
        "--addresses",
        &a.join(","),
    ]);
    assert_eq!(out, "wavefronts=4 conflicts=0");
}

#[test]
fn banks_json_and_layout_form() {
    // f32 column with a 128-byte pitch: 32-way on bank 0, every lane.
    let a: Vec<String> = (0..32).map(|l| (128 * l).to_string()).collect();
    let out = ok(&[
        "--json",
        "banks",
        "--ptx",
        "ld.shared.b32",
        "--addresses",
        &a.join(","),
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["wavefronts"], 32);
    assert_eq!(v["conflicts"], 31);
    assert_eq!(v["ideal"], 1);
    assert_eq!(v["degree"], 32);
    assert_eq!(v["worst_bank"], 0);
    assert_eq!(v["worst_lanes"].as_array().unwrap().len(), 32);
    // The same column as element indices of a (32,32):(32,1) f32 tile (lane l: row l), and
    // padded to a pitch of 33: conflict-free.
    let rows: Vec<String> = (0..32).map(|l| l.to_string()).collect();
    let rows = rows.join(",");
    let args = |l: &'static str| {
        [
            "banks",
            "--ptx",
            "ld.shared.b32",
            "--addresses",
            "",
            "--layout",
            l,
            "--bits",
            "32",
        ]
    };
    let mut a1 = args("(32,32):(32,1)");
    a1[4] = &rows;
    assert_eq!(ok(&a1), "wavefronts=32 conflicts=31");
    let mut a2 = args("(32,32):(33,1)");
    a2[4] = &rows;
    assert_eq!(ok(&a2), "wavefronts=1 conflicts=0");
    // Swizzled: Sw<3,2,3> on the unpadded tile, v4 reads of row l: conflict-free.
    let v4: Vec<String> = (0..32).map(|l| l.to_string()).collect();
    let v4 = v4.join(",");
    let out = ok(&[
        "banks",
        "--ptx",
        "ld.shared.v4.b32",
        "--addresses",
        &v4,
        "--layout",
        "Sw<3,2,3> o 0 o (32,32):(32,1)",
        "--bits",
        "32",
    ]);
    assert_eq!(out, "wavefronts=4 conflicts=0");
}

#[test]
fn banks_bad_input_is_an_error() {
    let a: Vec<String> = (0..32).map(|l| (16 * l + 4).to_string()).collect();
    let err = fails(&[
        "banks",
        "--ptx",
        "ld.shared.v4.b32",
        "--addresses",
        &a.join(","),
    ]);
    assert!(err.contains("not aligned"), "{err}");
    let err = fails(&["banks", "--ptx", "ld.shared.v3.b32", "--addresses", "0"]);
    assert!(err.contains("unknown shared-memory instruction"), "{err}");
    let err = fails(&["banks", "--ptx", "ld.shared.b32", "--addresses", "0,4,8"]);
    assert!(err.contains("3 values given"), "{err}");
    let a: Vec<String> = (0..32).map(|l| (-4 * l).to_string()).collect();
    let err = fails(&[
        "banks",
        "--ptx",
        "ld.shared.b32",
        "--addresses",
        &a.join(","),
    ]);
    assert!(err.contains("lane 1"), "{err}");
}
