//! The TiledMMAs and TiledCopies of real kernels, written with the crate's static types, against
//! CuTe C++ itself (`tests/data/tiled/cute_kernels.txt`, printed by `gen_kernels.cpp` compiled
//! with g++ against the CuTe headers: `tests/data/tiled/gen.sh gen_kernels`):
//!
//! * FlashAttention-2's `Flash_fwd_kernel_traits<128,128,64,4>` and
//!   `Flash_bwd_kernel_traits<128,64,128,8,2,4,2>`, with the backward kernel's
//!   `make_tiled_copy_B/C_warpcontiguousN` (a TiledCopy whose tiler is made of layouts);
//! * FlashAttention-3's FP8 V transpose (`S2RTiledCopyVt`, `R2STiledCopyV`: rank-4 thread and
//!   value layouts, both variants);
//! * the CuTe tutorial's `sgemm_sm80` TiledMMA (a rank-2 atom layout, padded as CuTe does).
//!
//! Layouts are compared as functions (the same shape, the same offset at every index) and as
//! CuTe prints them, the partitions by their offsets; postconditions (each element copied by the expected number of
//! threads) are checked by brute force.

use std::collections::HashMap;

use cute_layout::atom::*;
use cute_layout::tensor::Tensor;
use cute_layout::typenum::{U1, U128, U16, U32, U64, U8};
use cute_layout::{layout, DynLayout, IntTuple, Layout};

/// CuTe's lines `name: layout` or `name: layout | offsets`, `_` of static integers removed.
fn oracle() -> HashMap<String, (String, Option<Vec<i64>>)> {
    let mut m = HashMap::new();
    for line in include_str!("data/tiled/cute_kernels.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (name, rest) = line.split_once(": ").expect("name: value");
        let (layout, elems) = match rest.split_once(" |") {
            Some((l, e)) => (
                l,
                Some(e.split_whitespace().map(|x| x.parse().unwrap()).collect()),
            ),
            None => (rest, None),
        };
        m.insert(name.to_string(), (layout.replace('_', ""), elems));
    }
    m
}

type Oracle = HashMap<String, (String, Option<Vec<i64>>)>;

fn want<'a>(o: &'a Oracle, name: &str) -> &'a str {
    &o.get(name)
        .unwrap_or_else(|| panic!("no oracle line {name}"))
        .0
}

/// `ours` and CuTe's line `name` are the same function (equal shapes, equal offsets at every
/// index) and print the same.
fn same_function(o: &Oracle, name: &str, ours: &dyn std::fmt::Display) {
    let cute = want(o, name);
    let ours = ours.to_string();
    let (a, b): (DynLayout, DynLayout) = (ours.parse().unwrap(), cute.parse().unwrap());
    assert_eq!(a.shape(), b.shape(), "{name}: {ours} vs CuTe {cute}");
    for i in 0..b.size() {
        assert_eq!(a.eval(i), b.eval(i), "{name} at {i}: {ours} vs CuTe {cute}");
    }
    assert_eq!(ours, cute, "{name}: the same function, printed differently");
}

/// The offsets of a tensor's elements in index order.
fn offsets<E, L>(t: &Tensor<E, L>) -> Vec<i64>
where
    E: cute_layout::tensor::HostEngine<Elem = i64>,
    L: cute_layout::TensorLayout,
    i64: cute_layout::tensor::TensorCoord<L>,
{
    (0..)
        .map_while(|i: i64| t.try_get(i).ok().copied())
        .collect()
}

fn check_mma<M: TiledMmaLayouts>(o: &Oracle, tag: &str, m: M) {
    same_function(o, &format!("{tag}.vmnk"), &m.thr_layout_vmnk());
    let (a, b, c) = m.tile_size();
    assert_eq!(
        format!("({a},{b},{c})"),
        want(o, &format!("{tag}.tile")),
        "{tag}.tile"
    );
    same_function(o, &format!("{tag}.C_TV"), &m.layout_c_tv());
    same_function(o, &format!("{tag}.A_TV"), &m.layout_a_tv());
    same_function(o, &format!("{tag}.B_TV"), &m.layout_b_tv());
}

/// The TV layouts of a TiledCopy, and its tiler's shape (`shape(Tiler_MN)`, CuTe's tiler for
/// an integer tiler; `tiler_shape` states it for a tiler of layouts).
fn check_copy<TC: TiledCopyLayouts>(o: &Oracle, tag: &str, tc: TC, tiler_shape: Option<&str>) {
    let shape = TC::TilerShape::default().to_dyn().to_string();
    assert_eq!(
        shape,
        tiler_shape.unwrap_or_else(|| want(o, &format!("{tag}.tiler"))),
        "{tag}.tiler"
    );
    same_function(o, &format!("{tag}.TiledLayout_TV"), &tc.tiled_layout_tv());
    same_function(o, &format!("{tag}.S_TV"), &tc.layout_s_tv());
    same_function(o, &format!("{tag}.D_TV"), &tc.layout_d_tv());
}

/// CuTe's `AutoVectorizingCopyWithAssumedAlignment<128>` (FlashAttention-2's smem/gmem stores):
/// one thread, and layouts `(1,1):(0,0)` in bits, so one value per atom call whatever the
/// element type. A user-defined atom, as the crate allows.
#[derive(Clone, Copy, Debug, Default)]
struct AutoVectorizing128;
impl CopyTraits for AutoVectorizing128 {
    type ThrID = Layout![1:0];
    type SrcLayout = Layout![(1,1):(0,0)];
    type DstLayout = Layout![(1,1):(0,0)];
    type RefLayout = Layout![(1,1):(0,0)];
    type SRegisters = GenericArray<u128, U1>;
    type DRegisters = GenericArray<u128, U1>;
}

const HALF: SM80_16x8x16_F32F16F16F32_TN = SM80_16x8x16_F32F16F16F32_TN;

#[test]
fn flash_attention_2_forward_traits_match_cute() {
    let o = oracle();
    // TiledMMA<MMA_Atom_Arch, Layout<Shape<Int<kNWarps>,_1,_1>>, Tile<Int<16*kNWarps>,_16,_16>>
    let mma = make_tiled_mma(
        HALF,
        layout!((4,1,1):(1,0,0)),
        (U64::new(), U16::new(), U16::new()),
    );
    check_mma(&o, "fa2fwd.mma", mma);
    // GmemTiledCopyQKV: cp.async of 128 bits, 16x8 threads (8 per row), 1x8 values.
    let g_qkv = make_tiled_copy(
        CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<U128>, half_t>::new(),
        layout!((16,8):(8,1)),
        layout!((1, 8)),
    );
    check_copy(&o, "fa2fwd.gmem_qkv", g_qkv, None);
    let g_oacc = make_tiled_copy(
        CopyAtom::<AutoVectorizing128, f32>::new(),
        layout!((8,16):(16,1)),
        layout!((1, 4)),
    );
    check_copy(&o, "fa2fwd.gmem_oaccum", g_oacc, None);
    let ldsm_n = CopyAtom::<SM75_U32x4_LDSM_N, half_t>::new();
    let ldsm_t = CopyAtom::<SM75_U16x8_LDSM_T, half_t>::new();
    check_copy(&o, "fa2fwd.smem_q", make_tiled_copy_a(ldsm_n, mma), None);
    check_copy(&o, "fa2fwd.smem_k", make_tiled_copy_b(ldsm_n, mma), None);
    check_copy(&o, "fa2fwd.smem_vt", make_tiled_copy_b(ldsm_t, mma), None);
    let st = CopyAtom::<AutoVectorizing128, half_t>::new();
    check_copy(&o, "fa2fwd.smem_o", make_tiled_copy_c(st, mma), None);
    let data: Vec<i64> = (0..128 * 1024).collect();
    for t in [0, 77] {
        let gq = Tensor::try_new(&data[..], layout!((128,128):(1024,1))).unwrap();
        let p = g_qkv.get_slice(t).partition_s(gq);
        let (_, e) = &o[&format!("fa2fwd.gmem_qkv.partition_S({t})")];
        assert_eq!(
            &offsets(&p),
            e.as_ref().unwrap(),
            "gmem_qkv.partition_S({t})"
        );
    }
}

/// The tiler of FlashAttention-2's `make_tiled_copy_B_warpcontiguousN<2>` for TiledMmaSdP
/// (flash_bwd_kernel.h): `((8, kNWarpsN, 2):(1, MMA_N·16, 8), TileK:1)`.
type WarpContiguousN = (Layout![(8,4,2):(1,32,8)], Layout![16:1]);
/// The LDSM copy of K and V that the backward kernel makes with it.
type SmemCopyKv<M> = TiledCopy<
    CopyAtom<SM75_U32x4_LDSM_N, half_t>,
    <M as TiledMmaLayouts>::LayoutB_TV,
    WarpContiguousN,
>;

/// `make_tiled_copy_B_warpcontiguousN<2>(SmemCopyAtom, mma)`, with the crate.
fn warpcontiguous_n_b<M: TiledMmaLayouts>(mma: M) -> SmemCopyKv<M>
where
    SmemCopyKv<M>: TiledCopyLayouts,
{
    make_tiled_copy_impl(
        CopyAtom::new(),
        mma.layout_b_tv(),
        (layout!((8,4,2):(1,32,8)), layout!(16:1)),
    )
}

#[test]
fn flash_attention_2_backward_traits_match_cute() {
    let o = oracle();
    // AtomLayoutMSdP = 2, AtomLayoutNdKV = 4, AtomLayoutMdQ = 2 of 8 warps
    let sdp = make_tiled_mma(
        HALF,
        layout!((2, 4, 1)),
        (U32::new(), U64::new(), U16::new()),
    );
    let dkv = make_tiled_mma(
        HALF,
        layout!((4, 2, 1)),
        (U64::new(), U32::new(), U16::new()),
    );
    let dq = sdp;
    check_mma(&o, "fa2bwd.sdp", sdp);
    check_mma(&o, "fa2bwd.dkv", dkv);
    // MMA_N_SdP = kBlockN / tile_size<1>(SdP) = 2: kNWarpsN = 64/8/2 = 4, MMAStride_N = 32.
    let kv = warpcontiguous_n_b(sdp);
    check_copy(&o, "fa2bwd.smem_kv", kv, Some("((8,4,2),16)"));
    let pds = make_tiled_copy_impl(
        CopyAtom::<AutoVectorizing128, half_t>::new(),
        sdp.layout_c_tv(),
        (layout!(32:1), layout!((8,4,2):(1,32,8))),
    );
    check_copy(&o, "fa2bwd.smem_pds", pds, Some("(32,(8,4,2))"));
    let ldsm_n = CopyAtom::<SM75_U32x4_LDSM_N, half_t>::new();
    let ldsm_t = CopyAtom::<SM75_U16x8_LDSM_T, half_t>::new();
    check_copy(&o, "fa2bwd.smem_pdst", make_tiled_copy_a(ldsm_t, dkv), None);
    check_copy(&o, "fa2bwd.smem_qdot", make_tiled_copy_b(ldsm_t, dkv), None);
    check_copy(&o, "fa2bwd.smem_ds", make_tiled_copy_a(ldsm_n, dq), None);
    check_copy(&o, "fa2bwd.smem_kt", make_tiled_copy_b(ldsm_t, dq), None);
    let st = CopyAtom::<AutoVectorizing128, half_t>::new();
    check_copy(&o, "fa2bwd.smem_dq", make_tiled_copy_c(st, dq), None);
    let acc = CopyAtom::<AutoVectorizing128, f32>::new();
    let dqacc = make_tiled_copy(acc, layout!((16,16):(16,1)), layout!((1, 4)));
    check_copy(&o, "fa2bwd.gmem_dqaccum", dqacc, None);
    let atomic = make_tiled_copy(acc, layout!((8,32):(32,1)), layout!((1, 1)));
    check_copy(&o, "fa2bwd.gmem_dqaccum_atomic", atomic, None);

    // Partitions of sK (plain and Swizzle<3,3,3>) and sP by the layout-tiled copies.
    let sk_plain = layout!((8,64):(64,1)).tile_to_shape((U128::new(), U128::new()));
    let sk = layout!(Sw<3,3,3> o 0 o (8,64):(64,1)).tile_to_shape((U128::new(), U128::new()));
    let sp_plain = layout!((64,64):(64,1)).tile_to_shape((U64::new(), U128::new()));
    same_function(&o, "fa2bwd.sK_plain", &sk_plain);
    same_function(&o, "fa2bwd.sP_plain", &sp_plain);
    assert_eq!(sk.to_string(), want(&o, "fa2bwd.sK"));
    let data: Vec<i64> = (0..1 << 15).collect();
    for t in [0, 37, 255] {
        let k = kv.get_slice(t);
        let p = k.partition_s(Tensor::try_new(&data[..], sk_plain).unwrap());
        let name = format!("fa2bwd.smem_kv.partition_S_plain({t})");
        same_function(&o, &name, p.layout());
        assert_eq!(&offsets(&p), o[&name].1.as_ref().unwrap(), "{name}");
        let p = k.partition_s(Tensor::try_new(&data[..], sk).unwrap());
        let name = format!("fa2bwd.smem_kv.partition_S({t})");
        assert_eq!(&offsets(&p), o[&name].1.as_ref().unwrap(), "{name}");
        let p = pds
            .get_slice(t)
            .partition_d(Tensor::try_new(&data[..], sp_plain).unwrap());
        let name = format!("fa2bwd.smem_pds.partition_D_plain({t})");
        same_function(&o, &name, p.layout());
        assert_eq!(&offsets(&p), o[&name].1.as_ref().unwrap(), "{name}");
    }
    // smem_thr_copy_B.retile_D(tBrB), tBrB = partition_fragment_C(sdp, (kBlockM, kBlockN)).
    let frag = layout!(((2,2),2,4):((1,2),4,8));
    same_function(&o, "fa2bwd.acc_s", &frag);
    let (r, off) = try_retile_layout(&pds, &frag.to_dyn()).unwrap();
    assert_eq!(off, 0);
    same_function(&o, "fa2bwd.smem_pds.retile_D(acc_s)", &r);

    // Postcondition: every element of sK is read by the AtomLayoutMSdP = 2 thread groups that
    // share B, and sP is written once.
    let mut seen = vec![0u8; 128 * 128];
    let mut seen_p = vec![0u8; 64 * 128];
    for t in 0..256 {
        let p = kv
            .get_slice(t)
            .partition_s(Tensor::try_new(&data[..], sk_plain).unwrap());
        offsets(&p).into_iter().for_each(|x| seen[x as usize] += 1);
        let p = pds
            .get_slice(t)
            .partition_d(Tensor::try_new(&data[..], sp_plain).unwrap());
        offsets(&p)
            .into_iter()
            .for_each(|x| seen_p[x as usize] += 1);
    }
    assert!(seen.iter().all(|&c| c == 2));
    assert!(seen_p.iter().all(|&c| c == 1));
}

#[test]
fn flash_attention_3_v_transpose_matches_cute() {
    let o = oracle();
    // float_e4m3_t is 8 bits wide: u8 has its layouts.
    let ldsm_t = CopyAtom::<SM75_U16x8_LDSM_T, u8>::new();
    let stsm = CopyAtom::<SM90_U32x4_STSM_N, u8>::new();
    let val_s2r = layout!((2,2,1,4):(1,2,16,4));
    let val_r2s = layout!((1,4,2,2):(0,1,4,8));
    // kHeadDimV % 64 == 0
    let s2r = make_tiled_copy(ldsm_t, layout!((32,4,1,1):(4,1,0,0)), val_s2r);
    let r2s = make_tiled_copy(stsm, layout!((8,4,4,1):(4,1,32,0)), val_r2s);
    check_copy(&o, "fa3.s2r_vt", s2r, None);
    check_copy(&o, "fa3.r2s_v", r2s, None);
    // kHeadDimV % 64 != 0
    let s2r_32 = make_tiled_copy(ldsm_t, layout!((16,4,1,2):(4,1,0,64)), val_s2r);
    let r2s_32 = make_tiled_copy(stsm, layout!((8,4,2,2):(4,1,32,64)), val_r2s);
    check_copy(&o, "fa3.s2r_vt_32", s2r_32, None);
    check_copy(&o, "fa3.r2s_v_32", r2s_32, None);
    // partition_S(flat_divide(sVt, (64,8))), partition_D(flat_divide(sV, (8,16))): rank 5.
    let dvt = layout!((128, 128, 2)).flat_divide((U64::new(), U8::new()));
    let dv = layout!((128,128,2):(128,1,16384)).flat_divide((U8::new(), U16::new()));
    same_function(&o, "fa3.flat_divide_vt", &dvt);
    same_function(&o, "fa3.flat_divide_v", &dv);
    let data: Vec<i64> = (0..1 << 15).collect();
    for t in [0, 45, 127] {
        let p = s2r
            .get_slice(t)
            .partition_s(Tensor::try_new(&data[..], dvt).unwrap());
        let name = format!("fa3.s2r_vt.partition_S({t})");
        same_function(&o, &name, p.layout());
        assert_eq!(&offsets(&p), o[&name].1.as_ref().unwrap(), "{name}");
        let p = r2s
            .get_slice(t)
            .partition_d(Tensor::try_new(&data[..], dv).unwrap());
        let name = format!("fa3.r2s_v.partition_D({t})");
        same_function(&o, &name, p.layout());
        assert_eq!(&offsets(&p), o[&name].1.as_ref().unwrap(), "{name}");
    }
    // Postcondition: the 128 threads read every element of sVt once and write every element
    // of sV once.
    let (mut seen_s, mut seen_d) = (vec![0u8; 1 << 15], vec![0u8; 1 << 15]);
    for t in 0..128 {
        let p = s2r
            .get_slice(t)
            .partition_s(Tensor::try_new(&data[..], dvt).unwrap());
        offsets(&p)
            .into_iter()
            .for_each(|x| seen_s[x as usize] += 1);
        let p = r2s
            .get_slice(t)
            .partition_d(Tensor::try_new(&data[..], dv).unwrap());
        offsets(&p)
            .into_iter()
            .for_each(|x| seen_d[x as usize] += 1);
    }
    assert!(seen_s.iter().all(|&c| c == 1));
    assert!(seen_d.iter().all(|&c| c == 1));
}

#[test]
fn cute_tutorial_sgemm_sm80_matches_cute() {
    let o = oracle();
    // make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,_32,_16>{})
    let mma = make_tiled_mma(
        SM80_16x8x16_F16F16F16F16_TN,
        layout!((2, 2)),
        (U32::new(), U32::new(), U16::new()),
    );
    check_mma(&o, "tutorial.mma", mma);
    let ldsm_n = CopyAtom::<SM75_U32x4_LDSM_N, half_t>::new();
    check_copy(&o, "tutorial.s2r_a", make_tiled_copy_a(ldsm_n, mma), None);
    check_copy(&o, "tutorial.s2r_b", make_tiled_copy_b(ldsm_n, mma), None);
    let copy_a = make_tiled_copy(
        CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<U128>, half_t>::new(),
        layout!((16,8):(8,1)),
        layout!((1, 8)),
    );
    check_copy(&o, "tutorial.copy_a", copy_a, None);
    // A rank-2 atom layout with a rank-2 permutation, a rank-1 atom layout with none.
    let m2 = make_tiled_mma(
        SM80_16x8x8_F16F16F16F16_TN,
        layout!((2,2):(2,1)),
        (U32::new(), U32::new()),
    );
    check_mma(&o, "rank2perm.mma", m2);
    let m1 = make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN, layout!(4:1), ());
    check_mma(&o, "rank1.mma", m1);
    // The padded atom layout is the rank-3 one CuTe pads to; the TiledMma type named with the
    // rank-2 layout pads it too.
    type Padded = Layout![(2,2,1):(1,2,0)];
    let _: TiledMma<_, Padded, (U32, U32, U16)> = mma;
    type Tut = TiledMma<SM80_16x8x16_F16F16F16F16_TN, Layout![(2,2):(1,2)], (U32, U32, U16)>;
    check_mma(&o, "tutorial.mma", Tut::default());
    assert_eq!(mma.num_threads(), 128);
    assert_eq!(m1.num_threads(), 128);
}
