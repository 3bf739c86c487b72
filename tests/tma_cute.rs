//! The TMA descriptor parameters the crate derives equal CuTe C++'s on every configuration of
//! `tests/data/tma/cute_params.txt`: the arguments CuTe 4.2's `make_tma_copy` passed to
//! `cuTensorMapEncodeTiled`, recorded by `probes/tma/cute_tma_params.cu`
//! (`sh probes/tma/run_host.sh` regenerates the file; the command is in its header).

use cute_layout::atom::half_t;
use cute_layout::atom::tma::{
    make_tma_copy_op, parse_smem_layout, tma_partition, StaticTmaCopy, TmaDataType,
    TmaDescriptorParams, TmaInstruction, TmaOpKind, SM90_TMA_LOAD, SM90_TMA_LOAD_MULTICAST,
    SM90_TMA_STORE,
};
use cute_layout::typenum::*;
use cute_layout::{DynLayout, DynTuple, Layout};

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
        let (op, dtype, gmem, smem, tile, cluster) = runtime_inputs(r);
        let t = make_tma_copy_op(op, dtype, &gmem, &smem, &tile, cluster)
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let ctx = format!("{id}: gmem {} smem {} tile {}", r.gmem, r.smem, r.cta_tile);
        assert_eq!(t.params().data_type, dtype, "{ctx}");
        assert_params(&ctx, t.params(), t.instructions(), r.encode);
    }
}

/// The descriptor `p` and the instruction count equal CuTe's `encode` line.
fn assert_params(ctx: &str, p: &TmaDescriptorParams, instructions: i64, encode: &str) {
    assert_eq!(
        p.data_type as u32,
        kv(encode, "dtype").parse::<u32>().unwrap(),
        "{ctx}"
    );
    assert_eq!(p.rank.to_string(), kv(encode, "rank"), "{ctx}");
    assert_eq!(p.global_dims(), list(kv(encode, "global_dims")), "{ctx}");
    assert_eq!(
        p.global_strides_bytes(),
        list(kv(encode, "global_strides_bytes")),
        "{ctx}"
    );
    let b: Vec<u64> = p.box_dims().iter().map(|&x| x.into()).collect();
    assert_eq!(b, list(kv(encode, "box_dims")), "{ctx}");
    let e: Vec<u64> = p.element_strides().iter().map(|&x| x.into()).collect();
    assert_eq!(e, list(kv(encode, "element_strides")), "{ctx}");
    assert_eq!(
        (p.interleave as u32).to_string(),
        kv(encode, "interleave"),
        "{ctx}"
    );
    assert_eq!(
        (p.swizzle as u32).to_string(),
        kv(encode, "swizzle"),
        "{ctx}"
    );
    assert_eq!(
        (p.l2_promotion as u32).to_string(),
        kv(encode, "l2_promotion"),
        "{ctx}"
    );
    assert_eq!(
        (p.oob_fill as u32).to_string(),
        kv(encode, "oob_fill"),
        "{ctx}"
    );
    assert_eq!(
        instructions.to_string(),
        kv(encode, "instructions"),
        "{ctx}"
    );
}

/// The static engine, [`StaticTmaCopy`], on every configuration of the data, its layouts
/// written as types (CuTe's printed smem swizzle, on bytes, converted to elements): the
/// descriptor is computed at compile time and equals CuTe's.
#[test]
fn static_params_equal_cute_make_tma_copy() {
    macro_rules! rec {
        ($id:literal, $op:ty, $t:ty, $g:ty, $s:ty, $tile:ty, $c:ty) => {{
            type C = StaticTmaCopy<$op, $t, $g, $s, $tile, $c>;
            // Associated constants: compile-time values (a violated condition stops the
            // build). Read in this body rather than through a `const` item of their own, whose
            // type check and borrow check proved `StaticTmaCopy`'s bounds twice more (the 34
            // configurations: 14.1 / 16.5 s -> 12.6 / 13.3 s built alone, alternating; HISTORY §26).
            let p: TmaDescriptorParams = C::PARAMS;
            let ins: Instr = C::instruction;
            ($id, p, C::INSTRUCTIONS, ins)
        }};
    }
    let got = [
        rec!(
            "u8_K_INTER",
            SM90_TMA_LOAD,
            u8,
            Layout![(200,448):(512,1)],
            Layout![Sw<0,4,3> o 0 o ((8,8),(16,8)):((16,128),(1,1024))],
            (U64, U128,),
            U1
        ),
        rec!(
            "u8_K_SW32",
            SM90_TMA_LOAD,
            u8,
            Layout![(200,448):(512,1)],
            Layout![Sw<1,4,3> o 0 o ((8,8),(32,4)):((32,256),(1,2048))],
            (U64, U128,),
            U1
        ),
        rec!(
            "u8_K_SW64",
            SM90_TMA_LOAD,
            u8,
            Layout![(200,448):(512,1)],
            Layout![Sw<2,4,3> o 0 o ((8,8),(64,2)):((64,512),(1,4096))],
            (U64, U128,),
            U1
        ),
        rec!(
            "u8_K_SW128",
            SM90_TMA_LOAD,
            u8,
            Layout![(200,448):(512,1)],
            Layout![Sw<3,4,3> o 0 o ((8,8),(128,1)):((128,1024),(1,0))],
            (U64, U128,),
            U1
        ),
        rec!(
            "u8_MN_INTER",
            SM90_TMA_LOAD,
            u8,
            Layout![(448,100):(1,512)],
            Layout![Sw<0,4,3> o 0 o ((16,16),(8,4)):((1,128),(16,2048))],
            (U256, U32,),
            U1
        ),
        rec!(
            "u8_MN_SW32",
            SM90_TMA_LOAD,
            u8,
            Layout![(448,100):(1,512)],
            Layout![Sw<1,4,3> o 0 o ((32,8),(8,4)):((1,256),(32,2048))],
            (U256, U32,),
            U1
        ),
        rec!(
            "u8_MN_SW64",
            SM90_TMA_LOAD,
            u8,
            Layout![(448,100):(1,512)],
            Layout![Sw<2,4,3> o 0 o ((64,4),(8,4)):((1,512),(64,2048))],
            (U256, U32,),
            U1
        ),
        rec!(
            "u8_MN_SW128",
            SM90_TMA_LOAD,
            u8,
            Layout![(448,100):(1,512)],
            Layout![Sw<3,4,3> o 0 o ((128,2),(8,4)):((1,1024),(128,2048))],
            (U256, U32,),
            U1
        ),
        rec!(
            "f16_K_INTER",
            SM90_TMA_LOAD,
            half_t,
            Layout![(200,224):(256,1)],
            Layout![Sw<0,3,3> o 0 o ((8,8),(8,8)):((8,64),(1,512))],
            (U64, U64,),
            U1
        ),
        rec!(
            "f16_K_SW32",
            SM90_TMA_LOAD,
            half_t,
            Layout![(200,224):(256,1)],
            Layout![Sw<1,3,3> o 0 o ((8,8),(16,4)):((16,128),(1,1024))],
            (U64, U64,),
            U1
        ),
        rec!(
            "f16_K_SW64",
            SM90_TMA_LOAD,
            half_t,
            Layout![(200,224):(256,1)],
            Layout![Sw<2,3,3> o 0 o ((8,8),(32,2)):((32,256),(1,2048))],
            (U64, U64,),
            U1
        ),
        rec!(
            "f16_K_SW128",
            SM90_TMA_LOAD,
            half_t,
            Layout![(200,224):(256,1)],
            Layout![Sw<3,3,3> o 0 o ((8,8),(64,1)):((64,512),(1,0))],
            (U64, U64,),
            U1
        ),
        rec!(
            "f16_MN_INTER",
            SM90_TMA_LOAD,
            half_t,
            Layout![(224,100):(1,256)],
            Layout![Sw<0,3,3> o 0 o ((8,16),(8,4)):((1,64),(8,1024))],
            (U128, U32,),
            U1
        ),
        rec!(
            "f16_MN_SW32",
            SM90_TMA_LOAD,
            half_t,
            Layout![(224,100):(1,256)],
            Layout![Sw<1,3,3> o 0 o ((16,8),(8,4)):((1,128),(16,1024))],
            (U128, U32,),
            U1
        ),
        rec!(
            "f16_MN_SW64",
            SM90_TMA_LOAD,
            half_t,
            Layout![(224,100):(1,256)],
            Layout![Sw<2,3,3> o 0 o ((32,4),(8,4)):((1,256),(32,1024))],
            (U128, U32,),
            U1
        ),
        rec!(
            "f16_MN_SW128",
            SM90_TMA_LOAD,
            half_t,
            Layout![(224,100):(1,256)],
            Layout![Sw<3,3,3> o 0 o ((64,2),(8,4)):((1,512),(64,1024))],
            (U128, U32,),
            U1
        ),
        rec!(
            "f32_K_INTER",
            SM90_TMA_LOAD,
            f32,
            Layout![(200,112):(128,1)],
            Layout![Sw<0,2,3> o 0 o ((8,8),(4,8)):((4,32),(1,256))],
            (U64, U32,),
            U1
        ),
        rec!(
            "f32_K_SW32",
            SM90_TMA_LOAD,
            f32,
            Layout![(200,112):(128,1)],
            Layout![Sw<1,2,3> o 0 o ((8,8),(8,4)):((8,64),(1,512))],
            (U64, U32,),
            U1
        ),
        rec!(
            "f32_K_SW64",
            SM90_TMA_LOAD,
            f32,
            Layout![(200,112):(128,1)],
            Layout![Sw<2,2,3> o 0 o ((8,8),(16,2)):((16,128),(1,1024))],
            (U64, U32,),
            U1
        ),
        rec!(
            "f32_K_SW128",
            SM90_TMA_LOAD,
            f32,
            Layout![(200,112):(128,1)],
            Layout![Sw<3,2,3> o 0 o ((8,8),(32,1)):((32,256),(1,0))],
            (U64, U32,),
            U1
        ),
        rec!(
            "f32_MN_INTER",
            SM90_TMA_LOAD,
            f32,
            Layout![(112,100):(1,128)],
            Layout![Sw<0,2,3> o 0 o ((4,16),(8,4)):((1,32),(4,512))],
            (U64, U32,),
            U1
        ),
        rec!(
            "f32_MN_SW32",
            SM90_TMA_LOAD,
            f32,
            Layout![(112,100):(1,128)],
            Layout![Sw<1,2,3> o 0 o ((8,8),(8,4)):((1,64),(8,512))],
            (U64, U32,),
            U1
        ),
        rec!(
            "f32_MN_SW64",
            SM90_TMA_LOAD,
            f32,
            Layout![(112,100):(1,128)],
            Layout![Sw<2,2,3> o 0 o ((16,4),(8,4)):((1,128),(16,512))],
            (U64, U32,),
            U1
        ),
        rec!(
            "f32_MN_SW128",
            SM90_TMA_LOAD,
            f32,
            Layout![(112,100):(1,128)],
            Layout![Sw<3,2,3> o 0 o ((32,2),(8,4)):((1,256),(32,512))],
            (U64, U32,),
            U1
        ),
        rec!(
            "f16_K_SW128_batch",
            SM90_TMA_LOAD,
            half_t,
            Layout![(256,192,3):(192,1,49152)],
            Layout![Sw<3,3,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))],
            (U128, U64, U1,),
            U1
        ),
        rec!(
            "f16_MN_SW64_batch_pad",
            SM90_TMA_LOAD,
            half_t,
            Layout![(96,64,5):(1,104,7488)],
            Layout![Sw<2,3,3> o 0 o ((32,2),(8,2)):((1,256),(32,512))],
            (U64, U16, U1,),
            U1
        ),
        rec!(
            "f16_K_SW128_store",
            SM90_TMA_STORE,
            half_t,
            Layout![(200,96):(104,1)],
            Layout![Sw<3,3,3> o 0 o ((8,8),(64,1)):((64,512),(1,0))],
            (U64, U64,),
            U1
        ),
        rec!(
            "f32_MN_SW32_store",
            SM90_TMA_STORE,
            f32,
            Layout![(72,40):(1,80)],
            Layout![Sw<1,2,3> o 0 o ((8,2),(8,1)):((1,64),(8,0))],
            (U16, U8,),
            U1
        ),
        rec!(
            "f16_K_SW128_mc2",
            SM90_TMA_LOAD_MULTICAST,
            half_t,
            Layout![(512,256):(256,1)],
            Layout![Sw<3,3,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))],
            (U128, U64,),
            U2
        ),
        rec!(
            "f16_MN_SW128_mc4",
            SM90_TMA_LOAD_MULTICAST,
            half_t,
            Layout![(512,256):(1,512)],
            Layout![Sw<3,3,3> o 0 o ((64,2),(8,8)):((1,512),(64,1024))],
            (U128, U64,),
            U4
        ),
        rec!(
            "u8_K_SW64_mc2",
            SM90_TMA_LOAD_MULTICAST,
            u8,
            Layout![(256,256):(256,1)],
            Layout![Sw<2,4,3> o 0 o ((8,8),(64,1)):((64,512),(1,0))],
            (U64, U64,),
            U2
        ),
        rec!(
            "f32_rowmajor",
            SM90_TMA_LOAD,
            f32,
            Layout![(1024,256):(256,1)],
            Layout![(64,32):(32,1)],
            (U64, U32,),
            U1
        ),
        rec!(
            "f32_3d_doc",
            SM90_TMA_LOAD,
            f32,
            Layout![(1024,32,512):(64,1,65536)],
            Layout![(16,8,2):(16,1,8)],
            (U16, U8, U2,),
            U1
        ),
        rec!(
            "f32_merge_modes",
            SM90_TMA_LOAD,
            f32,
            Layout![(32,256):(1,32)],
            Layout![(32,4):(1,32)],
            (U32, U4,),
            U1
        ),
        rec!(
            "f16_nested_gmem",
            SM90_TMA_LOAD,
            half_t,
            Layout![((8,16),64):((64,512),1)],
            Layout![Sw<3,3,3> o 0 o ((8,8),(64,1)):((64,512),(1,0))],
            (U64, U64,),
            U1
        ),
    ];
    let recs = records();
    assert_eq!(got.len(), recs.len(), "one static configuration per record");
    for (id, p, instructions, ins) in &got {
        let r = recs
            .iter()
            .find(|r| kv(r.config, "id") == *id)
            .unwrap_or_else(|| panic!("{id} is not in the data"));
        let ctx = format!(
            "static {id}: gmem {} smem {} tile {}",
            r.gmem, r.smem, r.cta_tile
        );
        assert_params(&ctx, p, *instructions, r.encode);
        // Each CTA's instructions (smem start, box coordinates) equal the runtime engine's
        // tma_partition, whose placements the GPU records check.
        let (op, dtype, gmem, smem, tile, cluster) = runtime_inputs(r);
        let t = make_tma_copy_op(op, dtype, &gmem, &smem, &tile, cluster).unwrap();
        for cta in 0..cluster as u32 {
            let want = tma_partition(&t, cta).unwrap();
            let have: Vec<TmaInstruction> = (0..*instructions)
                .map(|j| ins(cta, j, &[]).unwrap())
                .collect();
            assert_eq!(have, want, "{ctx}: CTA {cta}");
            assert_eq!(ins(cta, *instructions, &[]), None, "{ctx}");
        }
        assert_eq!(ins(cluster as u32, 0, &[]), None, "{ctx}");
    }
}

type Instr = fn(u32, i64, &[i64]) -> Option<TmaInstruction>;

/// A record's arguments for the runtime `make_tma_copy`.
fn runtime_inputs(
    r: &Record,
) -> (
    TmaOpKind,
    TmaDataType,
    DynLayout,
    cute_layout::DynComposedLayout,
    DynTuple,
    i64,
) {
    let op = match kv(r.config, "op") {
        "load" => TmaOpKind::Load,
        "load_multicast" => TmaOpKind::LoadMulticast,
        "store" => TmaOpKind::Store,
        o => panic!("op {o}"),
    };
    let bits: u32 = kv(r.config, "elem_bits").parse().unwrap();
    let dtype = match kv(r.encode, "dtype") {
        "0" => TmaDataType::Uint8,
        "6" => TmaDataType::Float16,
        "7" => TmaDataType::Float32,
        d => panic!("dtype {d}"),
    };
    assert_eq!(dtype.bits(), bits);
    (
        op,
        dtype,
        r.gmem.parse().unwrap(),
        parse_smem_layout(r.smem, bits).unwrap(),
        r.cta_tile.parse().unwrap(),
        kv(r.config, "cluster").parse().unwrap(),
    )
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
