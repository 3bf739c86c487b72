//! The TMA descriptor parameters the crate derives equal CuTe C++'s on every configuration of
//! `tests/data/tma/cute_params.txt`: the arguments CuTe 4.2's `make_tma_copy` passed to
//! `cuTensorMapEncodeTiled`, recorded by `probes/tma/cute_tma_params.cu`
//! (`sh probes/tma/run_host.sh` regenerates the file; the command is in its header).

use cute_layout::atom::tma::{make_tma_copy_op, parse_smem_layout, TmaDataType, TmaOpKind};
use cute_layout::{DynLayout, DynTuple};

const DATA: &str = include_str!("data/tma/cute_params.txt");

struct Record<'a> {
    config: &'a str,
    gmem: &'a str,
    smem: &'a str,
    cta_tile: &'a str,
    encode: &'a str,
}

fn records() -> Vec<Record<'static>> {
    let lines: Vec<&str> = DATA.lines().filter(|l| !l.starts_with('#')).collect();
    let field = |l: &'static str, key: &str| -> &'static str {
        l.strip_prefix(key)
            .unwrap_or_else(|| panic!("expected '{key}' in {l}"))
            .trim()
    };
    lines
        .chunks(5)
        .map(|c| Record {
            config: field(c[0], "config:"),
            gmem: field(c[1], "gmem:"),
            smem: field(c[2], "smem:"),
            cta_tile: field(c[3], "cta_tile:"),
            encode: field(c[4], "encode:"),
        })
        .collect()
}

fn kv<'a>(s: &'a str, key: &str) -> &'a str {
    s.split_whitespace()
        .find_map(|t| t.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
        .unwrap_or_else(|| panic!("no {key}= in {s}"))
}

fn list(s: &str) -> Vec<u64> {
    let inner = s.trim_start_matches('[').trim_end_matches(']');
    if inner.is_empty() {
        return vec![];
    }
    inner.split(',').map(|x| x.parse().unwrap()).collect()
}

#[test]
fn params_equal_cute_make_tma_copy() {
    let recs = records();
    assert!(recs.len() >= 30, "{} records", recs.len());
    for r in &recs {
        let id = kv(r.config, "id");
        let op = match kv(r.config, "op") {
            "load" => TmaOpKind::Load,
            "load_multicast" => TmaOpKind::LoadMulticast,
            "store" => TmaOpKind::Store,
            o => panic!("op {o}"),
        };
        let bits: u32 = kv(r.config, "elem_bits").parse().unwrap();
        let cluster: i64 = kv(r.config, "cluster").parse().unwrap();
        let dtype = match kv(r.encode, "dtype") {
            "0" => TmaDataType::Uint8,
            "6" => TmaDataType::Float16,
            "7" => TmaDataType::Float32,
            d => panic!("dtype {d}"),
        };
        assert_eq!(dtype.bits(), bits, "{id}");
        let gmem: DynLayout = r.gmem.parse().unwrap();
        let smem = parse_smem_layout(r.smem, bits).unwrap();
        let tile: DynTuple = r.cta_tile.parse().unwrap();
        let t = make_tma_copy_op(op, dtype, &gmem, &smem, &tile, cluster)
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let p = t.params();
        let ctx = format!("{id}: gmem {} smem {} tile {}", r.gmem, r.smem, r.cta_tile);
        assert_eq!(p.data_type, dtype, "{ctx}");
        assert_eq!(p.rank.to_string(), kv(r.encode, "rank"), "{ctx}");
        assert_eq!(p.global_dims(), list(kv(r.encode, "global_dims")), "{ctx}");
        assert_eq!(
            p.global_strides_bytes(),
            list(kv(r.encode, "global_strides_bytes")),
            "{ctx}"
        );
        let b: Vec<u64> = p.box_dims().iter().map(|&x| x.into()).collect();
        assert_eq!(b, list(kv(r.encode, "box_dims")), "{ctx}");
        let e: Vec<u64> = p.element_strides().iter().map(|&x| x.into()).collect();
        assert_eq!(e, list(kv(r.encode, "element_strides")), "{ctx}");
        assert_eq!(
            (p.interleave as u32).to_string(),
            kv(r.encode, "interleave"),
            "{ctx}"
        );
        assert_eq!(
            (p.swizzle as u32).to_string(),
            kv(r.encode, "swizzle"),
            "{ctx}"
        );
        assert_eq!(
            (p.l2_promotion as u32).to_string(),
            kv(r.encode, "l2_promotion"),
            "{ctx}"
        );
        assert_eq!(
            (p.oob_fill as u32).to_string(),
            kv(r.encode, "oob_fill"),
            "{ctx}"
        );
        assert_eq!(
            t.instructions().to_string(),
            kv(r.encode, "instructions"),
            "{ctx}"
        );
    }
}

/// Every swizzle mode, both majors and the three element widths appear in the data.
#[test]
fn data_covers_the_battery() {
    let recs = records();
    for sw in ["0", "1", "2", "3"] {
        for bits in ["8", "16", "32"] {
            assert!(
                recs.iter()
                    .any(|r| kv(r.encode, "swizzle") == sw && kv(r.config, "elem_bits") == bits),
                "swizzle {sw}, {bits} bits"
            );
        }
    }
    for op in ["load", "load_multicast", "store"] {
        assert!(recs.iter().any(|r| kv(r.config, "op") == op), "{op}");
    }
}
