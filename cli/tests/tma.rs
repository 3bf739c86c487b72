//! `cute tma` against measured and recorded data: the H200 placement records
//! (`tests/data/tma/gpu/records_h200.jsonl`, probe `probes/tma/gpu_tma.cu`) and CuTe C++'s
//! `cuTensorMapEncodeTiled` arguments (`tests/data/tma/cute_params.txt`).

use crate::common::{fails, ok};

fn json(args: &[&str]) -> serde_json::Value {
    let mut j = vec!["--json"];
    j.extend_from_slice(args);
    serde_json::from_str(&ok(&j)).unwrap()
}

/// Every aligned, origin-tile record the GPU ran and the tool accepts: the `--json` keys
/// are the record's, with the record's values.
#[test]
fn json_equals_the_gpu_records() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/tma/gpu/records_h200.jsonl"
    );
    let mut n = 0;
    for l in std::fs::read_to_string(path).unwrap().lines() {
        let r: serde_json::Value = serde_json::from_str(l).unwrap();
        let origin = r["tile"]
            .as_array()
            .is_some_and(|t| t.iter().all(|x| x == 0));
        let aligned = r["smem_base_mod_1024"] == 0 && r["gmem_base_misalign_bytes"] == 0;
        let op = r["op"].as_str().unwrap();
        if r["status"] != "ok" || !origin || !aligned {
            continue;
        }
        let bits = r["elem_bits"].to_string();
        let mc = r["cluster_size"].to_string();
        let op = if op == "load_multicast" { "load" } else { op };
        let args = [
            "tma",
            "--op",
            op,
            "--elem-bits",
            &bits,
            "--gmem",
            r["gmem"].as_str().unwrap(),
            "--smem",
            r["smem_cute"].as_str().unwrap(),
            "--cta-tile",
            r["cta_tile"].as_str().unwrap(),
            "--multicast",
            &mc,
        ];
        let mut j = vec!["--json"];
        j.extend_from_slice(&args);
        let (code, out, err) = crate::common::cute(&j);
        if code != 0 {
            // Only a store past a 16 B-unaligned innermost extent is refused here.
            assert!(
                op == "store" && err.contains("innermost extent must be a multiple of 16 B"),
                "{args:?}: {err}"
            );
            continue;
        }
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        for k in [
            "rank",
            "global_dims",
            "global_strides_bytes",
            "box_dims",
            "element_strides",
            "swizzle",
            "interleave",
            "instructions",
            "smem_to_gmem",
        ] {
            assert_eq!(v[k], r[k], "{} {k}", r["config"]);
        }
        n += 1;
    }
    assert!(n >= 20, "{n} records compared");
}

/// The issue's example, in CuTe's printed form and in the crate's notation (swizzle on
/// 16-bit elements: `Sw<3,3,3>`), prints CuTe's arguments (`f16_K_SW128_store`-like record:
/// box `[64,128]`, 128 B swizzle, one instruction).
#[test]
fn text_lines_of_the_issue_example() {
    let want =
        "rank: 2\nglobal_dims: [4096,4096]\nglobal_strides_bytes: [8192]\nbox_dims: [64,128]\n\
                element_strides: [1,1]\nswizzle: 128B\ninterleave: none\ninstructions: 1";
    for smem in [
        "Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))",
        "Sw<3,3,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))",
    ] {
        let out = ok(&[
            "tma",
            "--op",
            "load",
            "--elem-bits",
            "16",
            "--gmem",
            "(4096,4096):(4096,1)",
            "--smem",
            smem,
            "--cta-tile",
            "(128,64)",
        ]);
        assert_eq!(out, want, "{smem}");
    }
    // Without --cta-tile the tile is the smem layout's mode sizes (CuTe's default).
    let v = json(&[
        "tma",
        "--op",
        "store",
        "--elem-bits",
        "16",
        "--gmem",
        "(4096,4096):(4096,1)",
        "--smem",
        "Sw<3,3,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))",
    ]);
    assert_eq!(v["box_dims"], serde_json::json!([64, 128]));
    assert_eq!(v["smem_to_gmem"].as_array().unwrap().len(), 8192);
    // Swizzled smem element 8 (row 0, 16 B chunk 1) holds gmem element 8 in row 0 and,
    // in row 1 (offset 64..128), chunk 1 ^ 1 = 0: element 64 holds gmem (1, 8) = 4096 + 8.
    assert_eq!(v["smem_to_gmem"][8], 8);
    assert_eq!(v["smem_to_gmem"][64], 4096 + 8);
}

#[test]
fn refusals_name_the_condition() {
    // Sw<3,4,3> on 16-bit element offsets is a 32 B unit: no TMA swizzle mode.
    let e = fails(&[
        "tma",
        "--op",
        "load",
        "--elem-bits",
        "16",
        "--gmem",
        "(4096,4096):(4096,1)",
        "--smem",
        "Sw<3,4,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))",
    ]);
    assert!(e.contains("16 B units"), "{e}");
    // A leading dimension of 75 halfs (150 B).
    let e = fails(&[
        "tma",
        "--op",
        "load",
        "--elem-bits",
        "16",
        "--gmem",
        "(64,75):(75,1)",
        "--smem",
        "(8,64):(64,1)",
    ]);
    assert!(e.contains("multiple of 16 B"), "{e}");
    // M-major smem over K-major gmem.
    let e = fails(&[
        "tma",
        "--op",
        "load",
        "--elem-bits",
        "16",
        "--gmem",
        "(64,64):(64,1)",
        "--smem",
        "(64,8):(1,64)",
    ]);
    assert!(e.contains("majorness"), "{e}");
    let e = fails(&[
        "tma",
        "--op",
        "copy",
        "--elem-bits",
        "16",
        "--gmem",
        "(64,64):(64,1)",
        "--smem",
        "(8,64):(64,1)",
    ]);
    assert!(e.contains("load or store"), "{e}");
}
