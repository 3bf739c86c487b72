//! The crate's TMA descriptors and placements against what the GPU did: every record of
//! `tests/data/tma/gpu/records_*.jsonl` (written by `probes/tma/run_gpu.sh` on the GPU named in
//! the file, with CuTe C++'s `make_tma_copy` building the descriptor; see the log next to it).
//!
//! * `status: ok` — the crate derives the same parameters and predicts where every element of
//!   the recorded tile landed (`smem_to_gmem`, also `smem_to_gmem_cta1` for multicast);
//! * `status: fault` (the GPU raised an error) or `host_abort` (CuTe asserted) — the crate
//!   refuses the configuration, at build time or through its address checks.

use cute_layout::atom::tma::{make_tma_copy_op, parse_smem_layout, TmaDataType, TmaOpKind};
use cute_layout::{DynLayout, DynTuple};
use serde_json::Value;

fn records() -> Vec<Value> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tma/gpu");
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "jsonl") {
            for l in std::fs::read_to_string(&p).unwrap().lines() {
                if !l.trim().is_empty() {
                    out.push(serde_json::from_str(l).unwrap());
                }
            }
        }
    }
    out
}

fn u64s(v: &Value) -> Vec<u64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

fn smem_map(v: &Value) -> Vec<Option<i64>> {
    v.as_array().unwrap().iter().map(Value::as_i64).collect()
}

#[test]
fn gpu_records_agree_with_the_crate() {
    let recs = records();
    assert!(recs.len() >= 100, "{} records", recs.len());
    let (mut ok, mut refused) = (0, 0);
    for r in &recs {
        let id = r["config"].as_str().unwrap();
        let bits = r["elem_bits"].as_u64().unwrap() as u32;
        let op = match r["op"].as_str().unwrap() {
            "load" => TmaOpKind::Load,
            "load_multicast" => TmaOpKind::LoadMulticast,
            _ => TmaOpKind::Store,
        };
        let gmem: DynLayout = r["gmem"].as_str().unwrap().parse().unwrap();
        let smem = parse_smem_layout(r["smem"].as_str().unwrap(), bits).unwrap();
        // The CuTe form of the same layout parses to the same layout.
        if let Some(c) = r["smem_cute"].as_str() {
            assert_eq!(
                parse_smem_layout(c, bits).unwrap().to_string(),
                smem.to_string(),
                "{id}"
            );
        }
        let tile: DynTuple = r["cta_tile"].as_str().unwrap().parse().unwrap();
        let mc = r["cluster_size"].as_i64().unwrap_or(1);
        let built = make_tma_copy_op(
            op,
            TmaDataType::for_bits(bits).unwrap(),
            &gmem,
            &smem,
            &tile,
            mc,
        );
        let status = r["status"].as_str().unwrap();
        let smem_base = r["smem_base_mod_1024"].as_u64().unwrap_or(0);
        let gmem_mis = r["gmem_base_misalign_bytes"].as_u64().unwrap_or(0);
        if status != "ok" {
            let refused_here = match &built {
                Err(_) => true,
                Ok(t) => {
                    t.check_smem_address(smem_base).is_err()
                        || t.check_gmem_address(gmem_mis).is_err()
                }
            };
            assert!(
                refused_here,
                "{id}: the GPU/CuTe said {status} but the crate accepts it"
            );
            refused += 1;
            continue;
        }
        let tc: Vec<i64> = r["tile"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_i64().unwrap())
            .collect();
        let want = smem_map(&r["smem_to_gmem"]);
        let outside: Vec<i64> = r["gmem_written"]["changed_outside_tensor_elements"]
            .as_array()
            .map(|v| v.iter().map(|x| x.as_i64().unwrap()).collect())
            .unwrap_or_default();
        let t = match built {
            Ok(t) => t,
            // A store whose innermost extent does not end on 16 B: the crate refuses it. The
            // record shows why: the in-bounds elements land as a load's would, and every other
            // element the GPU wrote is outside the tensor.
            Err(e)
                if op == TmaOpKind::Store && e.kind() == cute_layout::ErrorKind::NotDivisible =>
            {
                let l = make_tma_copy_op(
                    TmaOpKind::Load,
                    TmaDataType::for_bits(bits).unwrap(),
                    &gmem,
                    &smem,
                    &tile,
                    mc,
                )
                .unwrap_or_else(|e| panic!("{id}: {e}"));
                let exact = l.smem_to_gmem_at(&tc).unwrap();
                // (Off the swizzle's 1024 B grid the placement is not the layout's; below.)
                let aligned = l.check_smem_address(smem_base).is_ok();
                for (i, (a, b)) in exact.iter().zip(&want).enumerate() {
                    match (a, b) {
                        (Some(_), _) if aligned => assert_eq!(a, b, "{id}: smem element {i}"),
                        (Some(_), _) => {}
                        (None, Some(g)) => {
                            assert!(outside.contains(g), "{id}: smem element {i} -> {g}")
                        }
                        (None, None) => {}
                    }
                }
                refused += 1;
                continue;
            }
            Err(e) => panic!("{id}: the GPU ran it but the crate refuses: {e}"),
        };
        assert!(
            outside.is_empty(),
            "{id}: the GPU wrote outside the tensor: {outside:?}"
        );
        assert!(t.check_gmem_address(gmem_mis).is_ok(), "{id}");
        if t.check_smem_address(smem_base).is_err() {
            // A swizzled tile off the 1024 B grid runs, but the hardware swizzles absolute
            // address bits: the placement is not the layout's, which the crate refuses.
            assert_ne!(
                t.smem_to_gmem_at(&tc).unwrap(),
                want,
                "{id}: base {smem_base}"
            );
            refused += 1;
            continue;
        }
        let p = t.params();
        assert_eq!(u64::from(p.rank), r["rank"].as_u64().unwrap(), "{id}");
        assert_eq!(p.global_dims(), u64s(&r["global_dims"]), "{id}");
        assert_eq!(
            p.global_strides_bytes(),
            u64s(&r["global_strides_bytes"]),
            "{id}"
        );
        let b: Vec<u64> = p.box_dims().iter().map(|&x| x.into()).collect();
        assert_eq!(b, u64s(&r["box_dims"]), "{id}");
        let e: Vec<u64> = p.element_strides().iter().map(|&x| x.into()).collect();
        assert_eq!(e, u64s(&r["element_strides"]), "{id}");
        assert_eq!(
            p.swizzle.to_string(),
            r["swizzle"].as_str().unwrap(),
            "{id}"
        );
        assert_eq!(r["interleave"], "none", "{id}");
        assert_eq!(
            t.instructions(),
            r["instructions"].as_i64().unwrap(),
            "{id}"
        );
        let got = t.smem_to_gmem_at(&tc).unwrap();
        assert_eq!(got.len(), want.len(), "{id}");
        for (i, (a, b)) in got.iter().zip(&want).enumerate() {
            assert_eq!(
                a, b,
                "{id}: tile {tc:?} smem element {i}: crate {a:?}, GPU {b:?}"
            );
        }
        if let Some(w1) = r.get("smem_to_gmem_cta1").filter(|v| v.is_array()) {
            assert_eq!(got, smem_map(w1), "{id}: CTA 1 of the multicast");
        }
        ok += 1;
    }
    assert!(ok >= 60 && refused >= 8, "{ok} ok, {refused} refused");
}
