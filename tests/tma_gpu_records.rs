//! The crate's TMA derivation against what the hardware did (issue 28, "On the GPU").
//!
//! `tests/data/tma/gpu/records_h200.jsonl` was recorded on an H200 by `probes/tma/gpu_tma.cu`
//! (`probes/tma/run_gpu.sh`, see `probes/tma/README.md`): for each configuration, CuTe C++'s
//! `make_tma_copy` built the descriptor (its exact `cuTensorMapEncodeTiled` arguments are in
//! the record), one CTA ran the TMA copy of a tile, and the probe read back, without assuming
//! a layout, which global element landed in every shared-memory element (loads) and which
//! global element every shared-memory element was written to (stores).
//!
//! Checked here, with no GPU:
//! - the descriptor [`make_tma_copy_op`] derives equals CuTe's (rank, dims, byte strides, box,
//!   element strides, swizzle, interleave, L2 promotion, OOB fill, data type) and
//!   [`TmaCopy::instructions`] equals the instructions CuTe's partition issued;
//! - loads: [`TmaCopy::smem_to_gmem`] equals the measured placement, for the origin tile and,
//!   through the sub-tensor that starts at the tile (same strides, extents reduced, offsets
//!   shifted), for the edge and batch tiles; both CTAs of a multicast;
//! - stores: the measured writes equal `smem_to_gmem` of the tensor whose innermost extent is
//!   rounded up to 16 bytes: the hardware writes whole 16-byte chunks of the innermost
//!   dimension, so elements past the extent that share a chunk with an in-bounds element are
//!   overwritten (the padding of a padded leading dimension, and bytes past the tensor's last
//!   element). Where the extent is a multiple of 16 bytes this is `smem_to_gmem` itself;
//! - what faulted on the GPU (`cudaErrorMisalignedAddress`) or made CuTe's host code assert is
//!   refused by the crate ([`make_tma_copy_op`], [`TmaCopy::check_smem_address`],
//!   [`TmaCopy::check_gmem_address`]) or, for the shared-memory layouts CuTe accepts whose rows
//!   are not 128-byte aligned, has a misaligned instruction in [`tma_partition`], while every
//!   run that worked has none; tiles whose base is not 1024-byte aligned with a swizzle ran,
//!   but land elsewhere than the position-independent prediction, and the crate refuses their
//!   address.

use std::fs;

use cute_layout::atom::tma::{
    make_tma_copy_op, parse_smem_layout, tma_partition, TmaCopy, TmaDataType, TmaInterleave,
    TmaL2Promotion, TmaOobFill, TmaOpKind,
};
use cute_layout::{DynLayout, DynTuple, LayoutError};
use serde_json::Value;

fn records() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/tma/gpu/records_h200.jsonl"
    );
    let text = fs::read_to_string(path).expect("the GPU records");
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON record"))
        .collect()
}

/// `(a,b[,c]):(x,y[,z])`, flat, as the records write gmem layouts.
fn flat_layout(s: &str) -> (Vec<i64>, Vec<i64>) {
    let (a, b) = s.split_once(':').unwrap();
    let nums = |t: &str| -> Vec<i64> {
        t.trim_matches(|c| c == '(' || c == ')')
            .split(',')
            .map(|x| x.trim().parse().unwrap())
            .collect()
    };
    (nums(a), nums(b))
}

fn layout_str(shape: &[i64], stride: &[i64]) -> String {
    let j = |v: &[i64]| {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    format!("({}):({})", j(shape), j(stride))
}

fn ints(v: &Value) -> Vec<i64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_i64().unwrap())
        .collect()
}

fn placement(v: &Value) -> Vec<Option<i64>> {
    v.as_array().unwrap().iter().map(|x| x.as_i64()).collect()
}

fn op_of(r: &Value) -> TmaOpKind {
    match r["op"].as_str().unwrap() {
        "load" => TmaOpKind::Load,
        "load_multicast" => TmaOpKind::LoadMulticast,
        "store" => TmaOpKind::Store,
        o => panic!("unknown op {o}"),
    }
}

fn dtype(bits: u32) -> TmaDataType {
    TmaDataType::for_bits(bits).unwrap()
}

/// The crate's copy of the record's tensor (`shape`, `stride`), smem layout and tile.
fn copy_for(r: &Value, shape: &[i64], stride: &[i64]) -> Result<TmaCopy, LayoutError> {
    let bits = r["elem_bits"].as_u64().unwrap() as u32;
    let gmem: DynLayout = layout_str(shape, stride).parse().unwrap();
    let smem = parse_smem_layout(r["smem"].as_str().unwrap(), bits).unwrap();
    let tile: DynTuple = r["cta_tile"].as_str().unwrap().parse().unwrap();
    let cluster = r["cluster_size"].as_i64().unwrap();
    make_tma_copy_op(op_of(r), dtype(bits), &gmem, &smem, &tile, cluster)
}

fn name(r: &Value) -> String {
    format!("{} (id {}) tile {}", r["config"], r["id"], r["tile"])
}

/// CUtensorMapDataType (cuda.h) of the three element types the probe used.
fn cu_data_type(t: TmaDataType) -> i64 {
    match t {
        TmaDataType::Uint8 => 0,
        TmaDataType::Float16 => 6,
        TmaDataType::Float32 => 7,
        other => panic!("no record uses {other:?}"),
    }
}

fn check_params(r: &Value, t: &TmaCopy) {
    let p = t.params();
    let n = name(r);
    assert_eq!(i64::from(p.rank), r["rank"].as_i64().unwrap(), "{n}: rank");
    let dims: Vec<i64> = p.global_dims().iter().map(|&x| x as i64).collect();
    assert_eq!(dims, ints(&r["global_dims"]), "{n}: global_dims");
    let strides: Vec<i64> = p.global_strides_bytes().iter().map(|&x| x as i64).collect();
    assert_eq!(
        strides,
        ints(&r["global_strides_bytes"]),
        "{n}: global_strides_bytes"
    );
    let boxd: Vec<i64> = p.box_dims().iter().map(|&x| i64::from(x)).collect();
    assert_eq!(boxd, ints(&r["box_dims"]), "{n}: box_dims");
    let es: Vec<i64> = p.element_strides().iter().map(|&x| i64::from(x)).collect();
    assert_eq!(es, ints(&r["element_strides"]), "{n}: element_strides");
    assert_eq!(
        p.swizzle.to_string(),
        r["swizzle"].as_str().unwrap(),
        "{n}: swizzle"
    );
    assert_eq!(r["interleave"], "none", "{n}");
    assert_eq!(p.interleave, TmaInterleave::None, "{n}: interleave");
    assert_eq!(
        r["l2_promotion"], 2,
        "{n}: CU_TENSOR_MAP_L2_PROMOTION_L2_128B"
    );
    assert_eq!(p.l2_promotion, TmaL2Promotion::L2_128B, "{n}: l2_promotion");
    assert_eq!(r["oob_fill"], "none", "{n}");
    assert_eq!(p.oob_fill, TmaOobFill::None, "{n}: oob_fill");
    assert_eq!(
        cu_data_type(p.data_type),
        r["data_type"].as_i64().unwrap(),
        "{n}: data type"
    );
    assert_eq!(
        t.instructions(),
        r["instructions"].as_i64().unwrap(),
        "{n}: instructions"
    );
}

/// The crate's placement for the record's tile: the origin tile of the sub-tensor that starts
/// at the tile, its offsets shifted by the tile's origin; `round_inner` rounds the innermost
/// extent up to 16 bytes first.
fn predicted(r: &Value, round_inner: bool) -> Vec<Option<i64>> {
    let (mut shape, stride) = flat_layout(r["gmem"].as_str().unwrap());
    let bits = r["elem_bits"].as_i64().unwrap();
    let tile = ints(&r["tile"]);
    let cta: Vec<i64> = r["cta_tile"]
        .as_str()
        .unwrap()
        .trim_matches(|c| c == '(' || c == ')')
        .split(',')
        .map(|x| x.parse().unwrap())
        .collect();
    if round_inner {
        let inner = stride.iter().position(|&d| d == 1).unwrap();
        let q = 128 / bits; // elements per 16 bytes
        shape[inner] = (shape[inner] + q - 1) / q * q;
    }
    let mut base = 0;
    for i in 0..tile.len() {
        // modes past the CTA tile (the batch) advance one by one
        let step = cta.get(i).copied().unwrap_or(1) * tile[i];
        base += step * stride[i];
        shape[i] -= step;
        assert!(
            shape[i] > 0,
            "{}: the tile lies outside the tensor",
            name(r)
        );
    }
    let t = copy_for(r, &shape, &stride)
        .unwrap_or_else(|e| panic!("{}: the sub-tensor's copy: {e}", name(r)));
    t.smem_to_gmem()
        .unwrap_or_else(|e| panic!("{}: smem_to_gmem: {e}", name(r)))
        .into_iter()
        .map(|g| g.map(|g| g + base))
        .collect()
}

#[test]
fn gpu_records_ok_match_the_crate() {
    let recs = records();
    let mut checked = (0, 0, 0);
    for r in recs.iter().filter(|r| r["status"] == "ok") {
        let n = name(r);
        let (shape, stride) = flat_layout(r["gmem"].as_str().unwrap());
        let t = copy_for(r, &shape, &stride).unwrap_or_else(|e| panic!("{n}: refused: {e}"));
        check_params(r, &t);
        let shift = r["smem_base_mod_1024"].as_u64().unwrap();
        if shift != 0 {
            // Ran on the GPU, but the hardware swizzles absolute address bits: the placement
            // relative to the tile's base is not the position-independent one, and the crate
            // refuses the address.
            assert!(
                t.check_smem_address(shift).is_err(),
                "{n}: a base {shift} B past 1024 accepted"
            );
            assert_ne!(
                predicted(r, false),
                placement(&r["smem_to_gmem"]),
                "{n}: refusal not needed"
            );
            checked.2 += 1;
            continue;
        }
        assert!(t.check_smem_address(0).is_ok(), "{n}");
        let store = op_of(r) == TmaOpKind::Store;
        let want = predicted(r, store);
        assert_eq!(want, placement(&r["smem_to_gmem"]), "{n}: smem_to_gmem");
        if op_of(r) == TmaOpKind::LoadMulticast {
            assert_eq!(
                want,
                placement(&r["smem_to_gmem_cta1"]),
                "{n}: CTA 1's smem_to_gmem"
            );
        }
        if store {
            // The written set is exactly the image of the tile's positions (no element twice,
            // nothing else changed, not even a byte beyond the checked span).
            let w = &r["gmem_written"];
            let mut written: Vec<i64> = w["pairs"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p[0].as_i64().unwrap())
                .collect();
            let mut image: Vec<i64> = want.iter().flatten().copied().collect();
            written.sort_unstable();
            image.sort_unstable();
            assert_eq!(written, image, "{n}: the gmem elements written");
            assert_eq!(w["bytes_changed_outside_checked_span"], 0, "{n}");
            assert_eq!(
                w["smem_offsets_written_twice"].as_array().unwrap().len(),
                0,
                "{n}"
            );
            checked.1 += 1;
        } else {
            assert_eq!(
                r["smem_unwritten"].as_array().unwrap().len() as i64,
                want.iter().filter(|g| g.is_none()).count() as i64
                    - r["oob_elements"].as_i64().unwrap(),
                "{n}: offsets no instruction writes"
            );
            assert_eq!(r["smem_bytes_changed_outside_tile"], 0, "{n}");
            checked.0 += 1;
        }
    }
    assert_eq!(
        checked,
        (64, 60, 6),
        "records checked (loads, stores, misaligned bases)"
    );
}

/// Loads fill out-of-bounds elements with zero; stores write past the innermost extent up to
/// the next 16-byte boundary, and only there: the rounding in `predicted` is needed (without
/// it the records differ) and sufficient (checked above).
#[test]
fn gpu_records_edges() {
    let recs = records();
    let mut stores_past = 0;
    for r in recs
        .iter()
        .filter(|r| r["status"] == "ok" && r["smem_base_mod_1024"] == 0)
    {
        let n = name(r);
        if op_of(r) == TmaOpKind::Store {
            let exact = predicted(r, false);
            let got = placement(&r["smem_to_gmem"]);
            // every in-bounds element goes where the exact map says
            for (e, g) in exact.iter().zip(&got) {
                if e.is_some() {
                    assert_eq!(e, g, "{n}");
                }
            }
            if exact != got {
                stores_past += 1;
                let outside = r["gmem_written"]["changed_outside_tensor_elements"]
                    .as_array()
                    .unwrap();
                assert!(!outside.is_empty(), "{n}");
            }
        } else if r["oob_elements"].as_i64().unwrap() > 0 {
            assert_eq!(r["oob_fill_value"], 0, "{n}: OOB fill");
        }
    }
    assert_eq!(
        stores_past, 27,
        "edge stores that wrote past the innermost extent"
    );
}

/// The byte offsets (from a 1024-byte boundary) where the crate's instructions start writing
/// or reading shared memory, every CTA.
fn instruction_starts(r: &Value, t: &TmaCopy) -> Vec<u64> {
    let esz = r["elem_bits"].as_u64().unwrap() / 8;
    let shift = r["smem_base_mod_1024"].as_u64().unwrap();
    (0..t.num_multicast())
        .flat_map(|cta| tma_partition(t, cta).unwrap())
        .map(|i| shift + i.smem_offset as u64 * esz)
        .collect()
}

/// What faulted on the GPU or made CuTe's host code assert. Every run that worked started
/// each TMA instruction at a 128-byte aligned shared-memory address (the crate's
/// `tma_partition`); every fault either is refused by the crate (its address checks, or
/// `make_tma_copy`) or has an instruction whose start is not 128-byte aligned: CuTe accepts
/// `(8,32):(40,1)` (80-byte rows, one instruction per row) and the GPU faults with
/// `cudaErrorMisalignedAddress`.
#[test]
fn gpu_faults() {
    let recs = records();
    for r in recs.iter().filter(|r| r["status"] == "ok") {
        let (shape, stride) = flat_layout(r["gmem"].as_str().unwrap());
        let t = copy_for(r, &shape, &stride).unwrap();
        let starts = instruction_starts(r, &t);
        assert!(
            starts.iter().all(|&b| b % 128 == 0),
            "{}: {starts:?}",
            name(r)
        );
    }
    let (mut refused, mut misaligned) = (0, 0);
    for r in recs.iter().filter(|r| r["status"] != "ok") {
        let n = name(r);
        let (shape, stride) = flat_layout(r["gmem"].as_str().unwrap());
        let shift = r["smem_base_mod_1024"].as_u64().unwrap();
        let misalign = r["gmem_base_misalign_bytes"].as_u64().unwrap();
        match copy_for(r, &shape, &stride) {
            Err(_) => refused += 1,
            Ok(t)
                if t.check_smem_address(shift).is_err()
                    || t.check_gmem_address(misalign).is_err() =>
            {
                refused += 1
            }
            Ok(t) => {
                let starts = instruction_starts(r, &t);
                assert!(
                    starts.iter().any(|&b| b % 128 != 0),
                    "{n}: {} on the GPU ({}), accepted by the crate with aligned instructions {starts:?}",
                    r["status"],
                    r["error"].as_str().or(r["stderr"].as_str()).unwrap_or("").lines().next().unwrap_or("")
                );
                misaligned += 1;
            }
        }
    }
    assert_eq!(refused + misaligned, 8, "fault and host_abort records");
    assert!(refused >= 6, "the address and stride refusals");
}

#[test]
fn gpu_records_name_the_gpu() {
    for r in records() {
        assert_eq!(r["gpu"], "NVIDIA H200", "{}", name(&r));
        assert!(r["command"]
            .as_str()
            .unwrap()
            .starts_with("probes/tma/run_gpu.sh"));
    }
}
