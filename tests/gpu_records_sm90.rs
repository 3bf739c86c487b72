//! The committed Hopper GEMM records (`gpu/results/*/sm90_gemm_*.json`, written by
//! `gpu/bench/make_records_sm90.py` from a `gpu/bench/run_sm90.sh` run): each has the fields of
//! the GPU section, its figures agree with each other, it was bit-exact and wrote every
//! element, its baselines ran on the same GPU, and the TMA box and GMMA descriptor bits it ran
//! with are what the crate derives today from the kernel's shared-memory layout
//! (`cuda/src/kernels/sm90_gemm.rs`). CI has no GPU: this checks the data.

use cute_layout::atom::tma::{make_tma_copy, TmaDataType, TmaSwizzle, SM90_TMA_LOAD};
use cute_layout::atom::{gmma, half_t, SwizzlePortions};
use cute_layout::ops::TileToShapeOf;
use cute_layout::typenum::{U128, U64};
use cute_layout::{DynLayout, DynTuple};
use serde_json::Value;

// The kernel's shared-memory tile (A and B): the GMMA 128-byte swizzle atom tiled to 128×64.
type Smem = TileToShapeOf<gmma::Layout_K_SW128_Atom<half_t>, (U128, U64)>;

/// The TMA box the crate derives for one 128×64 tile of a K-major f16 matrix.
fn tma_box() -> Vec<u32> {
    let gmem: DynLayout = "(128,64):(64,1)".parse().unwrap();
    let tile: DynTuple = "(128,64)".parse().unwrap();
    let t = make_tma_copy(
        SM90_TMA_LOAD,
        TmaDataType::Float16,
        &gmem,
        &Smem::default().to_dyn(),
        &tile,
        1,
    )
    .unwrap();
    assert_eq!(t.params().swizzle, TmaSwizzle::B128);
    t.params().box_dims().to_vec()
}

/// The GMMA descriptor's constant bits for the tile: layout type 1 (128-byte swizzle) at bit
/// 62, the stride byte offset (bytes between 8-row groups of the non-swizzled layout, in 16-byte
/// units) at bit 32, the leading byte offset 1 (unused by swizzled K-major operands) at bit 16.
fn desc_hi() -> u64 {
    let l = Smem::default().get_nonswizzle_portion();
    let sbo_bytes = 2 * (l.call((8, 0)) - l.call((0, 0)));
    (1u64 << 62) | (((sbo_bytes / 16) as u64) << 32) | (1u64 << 16)
}

fn records() -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for dir in std::fs::read_dir("gpu/results").unwrap() {
        let dir = dir.unwrap().path();
        for f in std::fs::read_dir(&dir).unwrap() {
            let p = f.unwrap().path();
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            if name.starts_with("sm90_gemm_") && name.ends_with(".json") {
                let v: Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
                out.push((p.display().to_string(), v));
            }
        }
    }
    out
}

#[test]
fn sm90_gemm_records_are_complete_and_consistent() {
    let recs = records();
    assert!(
        recs.iter().any(|(_, r)| r["m"] == 4096),
        "a 4096³ record is committed"
    );
    assert!(
        recs.iter().any(|(_, r)| r.get("ncu").is_some()),
        "a record carries ncu's shared-memory counters"
    );
    let (want_box, want_hi) = (tma_box(), desc_hi());
    assert_eq!(want_box, [64, 128]);
    for (path, r) in recs {
        let num = |k: &str| {
            r[k].as_f64()
                .unwrap_or_else(|| panic!("{path}: `{k}` is not a number"))
        };
        let text = |k: &str| {
            r[k].as_str()
                .unwrap_or_else(|| panic!("{path}: `{k}` is not text"))
        };
        assert!(text("kernel").contains("sm90"), "{path}");
        assert!(
            text("gpu").starts_with("NVIDIA "),
            "{path}: the GPU as the driver names it"
        );
        assert_eq!(
            r["baselines_gpu"], r["gpu"],
            "{path}: baselines on the same GPU"
        );
        assert!(
            !text("command").is_empty() && !text("commit").is_empty(),
            "{path}"
        );
        let (m, n, k) = (num("m"), num("n"), num("k"));
        let tflops = 2.0 * m * n * k / (num("median_ms") * 1e-3) / 1e12;
        assert!(
            (tflops - num("tflops")).abs() < 1e-6 * tflops,
            "{path}: tflops vs median_ms"
        );
        assert!(num("min_ms") <= num("median_ms") && num("median_ms") <= num("max_ms"));
        let b = &r["baselines"];
        for impl_ in ["cute_tutorial_sm90", "cublas", "cublas_f32acc"] {
            assert!(b[impl_].as_f64().unwrap() > 0.0, "{path}: {impl_}");
        }
        assert_eq!(r["bit_exact"], Value::Bool(true), "{path}");
        assert!(
            !r["bit_exact_problems"].as_array().unwrap().is_empty(),
            "{path}"
        );
        assert_eq!(r["unwritten"], 0, "{path}: every element written");
        let tol = if text("accumulator") == "F32" {
            1e-3
        } else {
            1e-2
        };
        assert!(
            num("max_abs_err") >= 0.0 && num("rel_err") < tol,
            "{path}: rel_err"
        );
        assert!(
            num("nvrtc_ms") > 0.0 && num("baseline_compile_ms") > 0.0,
            "{path}"
        );
        let boxd: Vec<u32> = r["tma_box"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as u32)
            .collect();
        assert_eq!(boxd, want_box, "{path}: the TMA box the crate derives");
        assert_eq!(
            r["desc_hi"].as_u64(),
            Some(want_hi),
            "{path}: the GMMA descriptor bits"
        );
        // The crate's prediction for the swizzled path: no bank conflicts. The kernel has no
        // ld/st.shared at all (TMA writes the tiles, wgmma reads them through descriptors), so
        // ncu's LSU counters must show no shared load or store and no conflict.
        if let Some(ncu) = r.get("ncu") {
            let metric = |k: &str| {
                ncu["metrics"][k]["value"]
                    .as_str()
                    .unwrap_or_else(|| panic!("{path}: ncu metric {k}"))
                    .replace(',', "")
            };
            for k in [
                "l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum",
                "smsp__inst_executed_op_shared_ld.sum",
                "smsp__inst_executed_op_shared_st.sum",
            ] {
                assert_eq!(metric(k), "0", "{path}: {k}");
            }
        }
    }
}
