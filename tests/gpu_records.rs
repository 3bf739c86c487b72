//! The committed GPU records (`gpu/results/*/sm80_gemm_*.json`, written by
//! `gpu/bench/make_records.py` from a `gpu/bench/run_all.sh` run): each has the fields of the
//! GPU section, its figures agree with each other, every shared-memory instruction's measured
//! wavefronts and conflicts (ncu, per SASS instruction) equal the prediction recorded with it,
//! and that prediction is what the crate's bank model says today for the kernel's layouts.
//! CI has no GPU: this checks the data, as `tests/atom_hardware.rs` does for the atoms.

use cute_layout::atom::*;
use cute_layout::banks::tiled::{analyze_tiled_copy, SmemSide};
use cute_layout::banks::SmemInstruction;
use cute_layout::ops::TileToShapeOf;
use cute_layout::typenum::{U128, U16, U32, U64};
use cute_layout::Layout;
use serde_json::Value;

// The kernel's configuration (cuda/src/kernels/sm80_gemm.rs).
type Mma = TiledMma<SM80_16x8x16_F16F16F16F16_TN, Layout![(2,2,1):(1,2,0)], (U32, U32, U16)>;
type SmemAtom = Layout![Sw<3,3,3> o 0 o (8,(8,8)):(8,(1,64))];
type Smem = TileToShapeOf<SmemAtom, (U128, U64)>;
type GThr = Layout![(16,8):(8,1)];
type GVal = Layout![(1,8):(1,1)];
type G2S = TiledCopy<
    CopyAtom<SM80_CP_ASYNC_CACHEALWAYS<U128>, half_t>,
    MakeTiledCopyTv<GThr, GVal>,
    MakeTiledCopyTiler<GThr, GVal>,
>;
type S2RA = TiledCopy<
    CopyAtom<SM75_U32x4_LDSM_N, half_t>,
    <Mma as TiledMmaLayouts>::LayoutA_TV,
    (U32, U16),
>;
type S2RB = TiledCopy<
    CopyAtom<SM75_U32x4_LDSM_N, half_t>,
    <Mma as TiledMmaLayouts>::LayoutB_TV,
    (U32, U16),
>;

/// The model's (wavefronts, conflicts) per warp-level execution, the same for every warp and
/// tile of the kernel's copies, by SASS opcode.
fn model() -> Vec<(&'static str, (u32, u32))> {
    let s = Smem::default().to_dyn();
    let one = |v: Vec<cute_layout::banks::tiled::TiledInstruction>| {
        let first = (v[0].report.wavefronts, v[0].report.conflicts);
        assert!(v
            .iter()
            .all(|i| (i.report.wavefronts, i.report.conflicts) == first));
        first
    };
    let lda = one(analyze_tiled_copy(
        &S2RA::default(),
        &s,
        (128, 64),
        16,
        SmemInstruction::LdmatrixX4,
        SmemSide::Src,
    )
    .unwrap());
    let ldb = one(analyze_tiled_copy(
        &S2RB::default(),
        &s,
        (128, 64),
        16,
        SmemInstruction::LdmatrixX4,
        SmemSide::Src,
    )
    .unwrap());
    assert_eq!(
        lda, ldb,
        "A and B ldmatrix predictions differ: the records cannot tell them apart"
    );
    let cp = one(analyze_tiled_copy(
        &G2S::default(),
        &s,
        (128, 64),
        16,
        SmemInstruction::StSharedV4B32,
        SmemSide::Dst,
    )
    .unwrap());
    vec![("LDSM", lda), ("LDGSTS", cp)]
}

fn records() -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for dir in std::fs::read_dir("gpu/results").unwrap() {
        let dir = dir.unwrap().path();
        for f in std::fs::read_dir(&dir).unwrap() {
            let p = f.unwrap().path();
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            if name.starts_with("sm80_gemm_") && name.ends_with(".json") {
                let v: Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
                out.push((p.display().to_string(), v));
            }
        }
    }
    out
}

#[test]
fn sm80_gemm_records_are_complete_and_consistent() {
    let recs = records();
    assert!(recs.len() >= 2, "the 4096³ and 8192³ records are committed");
    let model = model();
    for (path, r) in recs {
        let num = |k: &str| {
            r[k].as_f64()
                .unwrap_or_else(|| panic!("{path}: `{k}` is not a number"))
        };
        let text = |k: &str| {
            r[k].as_str()
                .unwrap_or_else(|| panic!("{path}: `{k}` is not text"))
        };
        assert!(text("kernel").contains("sm80"), "{path}");
        assert!(
            text("gpu").starts_with("NVIDIA "),
            "{path}: the GPU as nvidia-smi names it"
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
        let b = &r["baselines"];
        assert!(b["cute_tutorial"].as_f64().unwrap() > 0.0 && b["cublas"].as_f64().unwrap() > 0.0);
        assert_eq!(r["bit_exact"], Value::Bool(true), "{path}");
        assert!(num("max_abs_err") >= 0.0 && num("rel_err") < 1e-2, "{path}");
        assert!(
            num("nvrtc_ms") > 0.0 && num("baseline_compile_ms") > 0.0,
            "{path}"
        );
        let smem = r["smem"].as_array().unwrap();
        for op in ["LDSM", "LDGSTS"] {
            assert!(
                smem.iter()
                    .any(|s| s["instruction"].as_str().unwrap().starts_with(op)),
                "{path}: no {op} instruction recorded"
            );
        }
        for s in smem {
            let ins = s["instruction"].as_str().unwrap();
            let get = |k: &str| {
                s[k].as_u64()
                    .unwrap_or_else(|| panic!("{path}: {ins}: `{k}`"))
            };
            assert_eq!(
                get("wavefronts_measured"),
                get("wavefronts_predicted"),
                "{path}: {ins}"
            );
            assert_eq!(
                get("conflicts_measured"),
                get("conflicts_predicted"),
                "{path}: {ins}"
            );
            let (_, (w, c)) = model
                .iter()
                .find(|(op, _)| ins.starts_with(op))
                .unwrap_or_else(|| {
                    panic!("{path}: {ins}: an instruction the model does not cover")
                });
            let e = get("executions");
            assert_eq!(
                get("wavefronts_predicted"),
                u64::from(*w) * e,
                "{path}: {ins}"
            );
            assert_eq!(
                get("conflicts_predicted"),
                u64::from(*c) * e,
                "{path}: {ins}"
            );
        }
    }
}
