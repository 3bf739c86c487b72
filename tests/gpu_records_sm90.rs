//! The committed Hopper GEMM records (`gpu/results/*/sm90_gemm_*.json`, written by
//! `gpu/bench/make_records_sm90.py` from a `gpu/bench/run_sm90.sh` run): each has the fields of
//! the GPU section, its figures agree with each other, it was bit-exact and wrote every
//! element, its baselines ran on the same GPU, and the TMA box and GMMA descriptor bits it ran
//! with are what the crate derives today from the kernels' shared-memory layouts
//! (`cuda/src/kernels/sm90_gemm.rs`, and for the warp-specialized kernel's records, which
//! also name B's box and the CTA tile, `cuda/src/kernels/sm90_gemm_ws.rs`). CI has no GPU:
//! this checks the data.

use cute_layout::atom::gmma_desc::GmmaSmemLayout;
use cute_layout::atom::tma::{make_tma_copy, TmaDataType, TmaSwizzle, SM90_TMA_LOAD};
use cute_layout::atom::{gmma, half_t, make_gmma_desc};
use cute_layout::ops::TileToShapeOf;
use cute_layout::runtime::{try_zipped_divide, DynTiler};
use cute_layout::typenum::{U128, U256, U64};
use cute_layout::{DynComposedLayout, DynInt, DynLayout, DynTuple, ErrorKind};
use serde_json::Value;

// The kernels' shared-memory tiles: the GMMA 128-byte swizzle atom tiled to 128×64 (A, and B
// of the tutorial kernel) and to 256×64 (B of the warp-specialized kernel).
type Smem = TileToShapeOf<gmma::Layout_K_SW128_Atom<half_t>, (U128, U64)>;
type Smem256 = TileToShapeOf<gmma::Layout_K_SW128_Atom<half_t>, (U256, U64)>;

/// The TMA box the crate derives for one `rows`×64 tile of a K-major f16 matrix in `smem`.
fn tma_box(smem: &DynComposedLayout, rows: i64) -> Vec<u32> {
    let gmem: DynLayout = format!("({rows},64):(64,1)").parse().unwrap();
    let tile: DynTuple = format!("({rows},64)").parse().unwrap();
    let t = make_tma_copy(SM90_TMA_LOAD, TmaDataType::Float16, &gmem, smem, &tile, 1).unwrap();
    assert_eq!(t.params().swizzle, TmaSwizzle::B128);
    t.params().box_dims().to_vec()
}

/// The first `rows`×16 operand tile of `smem`: the tile of `zipped_divide(smem, (rows, 16))`
/// at the buffer's start, with `smem`'s swizzle.
fn first_op_tile(smem: &DynComposedLayout, rows: i64) -> DynComposedLayout {
    let (swizzle, offset, layout) = smem.gmma_parts();
    let tiler: DynTiler = format!("<{rows}:1,16:1>").parse().unwrap();
    let tile = try_zipped_divide(&layout, &tiler).unwrap().mode(0).unwrap();
    DynComposedLayout::try_new(swizzle.unwrap(), DynInt::dynamic(offset), tile).unwrap()
}

/// The GMMA descriptor the crate's `make_gmma_desc` gives the first `rows`×16 operand tile of
/// `smem` (in a buffer at shared address 0), without its start address: the constant bits the
/// kernels or into every descriptor.
fn desc_hi(smem: &DynComposedLayout, rows: i64) -> u64 {
    let op = first_op_tile(smem, rows);
    let d = make_gmma_desc::<gmma::Major::K, _>(&op, 16, 0).unwrap();
    assert_eq!(d.start_address, 0);
    d.desc() & !0x3fff
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
    let (s128, s256) = (Smem::default().to_dyn(), Smem256::default().to_dyn());
    let (want_box, want_hi) = (tma_box(&s128, 128), desc_hi(&s128, 64));
    let (want_box_b, want_hi_b) = (tma_box(&s256, 256), desc_hi(&s256, 256));
    assert_eq!(want_box, [64, 128]);
    assert_eq!(want_box_b, [64, 256]);
    // The tutorial kernel's B operand tiles are 128 rows: the same constant bits.
    assert_eq!(desc_hi(&s128, 128), want_hi);
    // The warp-specialized kernels, one CTA per tile and persistent, are recorded at 4096³;
    // the README's claim that one reaches 0.9× cuBLAS's F16 figure of its own run.
    for sched in ["WarpSpecialized", "Persistent"] {
        assert!(
            recs.iter()
                .any(|(_, r)| r["schedule"] == sched && r["m"] == 4096),
            "a 4096³ {sched} record is committed"
        );
    }
    assert!(recs.iter().any(|(_, r)| r["schedule"] != "Tutorial"
        && r["schedule"].is_string()
        && r["m"] == 4096
        && r["tflops"].as_f64().unwrap() >= 0.9 * r["baselines"]["cublas"].as_f64().unwrap()));
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
        // The warp-specialized kernel: 128×256×64 tiles of 384 threads, B loaded as one 64×256
        // box and read through 256-row descriptors with the same constant bits.
        if r.get("schedule").is_some_and(|s| s != "Tutorial") {
            assert!(text("kernel").contains("sm90_gemm_ws"), "{path}");
            assert_eq!(r["cta_tile"], serde_json::json!([128, 256, 64]), "{path}");
            assert_eq!(r["threads"], 384, "{path}");
            let boxb: Vec<u32> = r["tma_box_b"]
                .as_array()
                .unwrap_or_else(|| panic!("{path}: tma_box_b"))
                .iter()
                .map(|v| v.as_u64().unwrap() as u32)
                .collect();
            assert_eq!(boxb, want_box_b, "{path}: B's TMA box the crate derives");
            assert_eq!(r["desc_hi"].as_u64(), Some(want_hi_b), "{path}: B's bits");
        }
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

/// The probe `probes/gmma_align/gmma_align.cu` ran a `wgmma` (m64n8k16) whose A tile (64×16
/// halfs, K-major, each layout type) starts at every multiple of 16 bytes past a 1024-byte
/// boundary, its data swizzled on byte offsets from that start (`rel`: the tile is its own
/// buffer, base = start), on absolute addresses (`abs`), or as `rel` with the descriptor's
/// base-offset field set to `(start >> 7) & 7` (`rel_bo`), and recorded which gave the exact
/// product. The crate's `make_gmma_desc` must accept a base-relative buffer exactly at the bases
/// where some base-relative run (`rel` or `rel_bo`) was read correctly, and then give,
/// base-offset bits included, the descriptor of one of those correct runs; it must refuse
/// (`MisalignedAddress`) every base where both descriptors were misread. `abs` was read
/// correctly everywhere (the hardware swizzles absolute address bits).
#[test]
fn make_gmma_desc_refuses_exactly_the_misaligned_bases_the_gpu_misreads() {
    let text = std::fs::read_to_string("probes/gmma_align/gmma_align_h200.txt").unwrap();
    assert!(
        text.starts_with("# gpu: NVIDIA H200"),
        "the probe names its GPU"
    );
    type T<A> = TileToShapeOf<A, (U64, U64)>;
    let tile = |ty: &str| -> DynComposedLayout {
        let l = match ty {
            "INTERLEAVE" => T::<gmma::Layout_K_INTER_Atom<half_t>>::default().to_dyn(),
            "B32" => T::<gmma::Layout_K_SW32_Atom<half_t>>::default().to_dyn(),
            "B64" => T::<gmma::Layout_K_SW64_Atom<half_t>>::default().to_dyn(),
            "B128" => T::<gmma::Layout_K_SW128_Atom<half_t>>::default().to_dyn(),
            _ => panic!("layout type {ty}"),
        };
        first_op_tile(&l, 64)
    };
    // (type, start) -> the base-relative runs there: (variant, descriptor, read correctly).
    type Runs = Vec<(String, u64, bool)>;
    let mut at: std::collections::BTreeMap<(String, u32), Runs> = Default::default();
    let mut runs = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let (ty, variant, start) = (f[0], f[2], f[3].parse::<u32>().unwrap());
        let desc = u64::from_str_radix(f[4].trim_start_matches("0x"), 16).unwrap();
        let correct = f[5] == "1";
        runs += 1;
        match variant {
            "abs" => assert!(correct, "{line}: absolute-address swizzle misread"),
            "rel" | "rel_bo" => at.entry((ty.to_string(), start)).or_default().push((
                variant.to_string(),
                desc,
                correct,
            )),
            _ => panic!("{line}: variant"),
        }
    }
    let (mut accepted, mut refused, mut with_base_offset) = (0, 0, 0);
    for ((ty, start), rs) in &at {
        assert_eq!(rs.len(), 2, "{ty} {start}: one rel and one rel_bo run");
        let r = make_gmma_desc::<gmma::Major::K, _>(&tile(ty), 16, *start);
        let read = rs.iter().any(|(_, _, c)| *c);
        assert_eq!(
            r.is_ok(),
            read,
            "{ty} {start}: make_gmma_desc {r:?}, runs {rs:x?}"
        );
        match r {
            Ok(d) => {
                let ran = rs.iter().find(|(_, desc, c)| *c && *desc == d.desc());
                assert!(
                    ran.is_some(),
                    "{ty} {start}: descriptor {:#018x} ({d:?}) is none the GPU read correctly: {rs:x?}",
                    d.desc()
                );
                accepted += 1;
                with_base_offset += usize::from(d.base_offset != 0);
            }
            Err(e) => {
                assert_eq!(e.kind(), ErrorKind::MisalignedAddress, "{ty} {start}");
                refused += 1;
            }
        }
    }
    // 4 layout types × 64 offsets × 3 variants. A base-relative tile was read at every 16 B
    // unswizzled and every 128 B swizzled (8 of 64 starts; 1, 2, 4 of them pattern-aligned for
    // the 128-, 64-, 32-byte swizzles, read with base offset 0, the other 7 + 6 + 4 only with
    // the base offset set).
    assert_eq!(
        (runs, at.len(), accepted, refused, with_base_offset),
        (768, 256, 64 + 3 * 8, 3 * 56, 17)
    );
}
