//! FlashAttention-2's kernel configurations with the crate's static types: the forward
//! `Flash_fwd_kernel_traits<kHeadDim 128, kBlockM 128, kBlockN 64, kNWarps 4>` and the backward
//! `Flash_bwd_kernel_traits<128, kBlockM 64, kBlockN 128, kNWarps 8, AtomLayoutMSdP 2,
//! AtomLayoutNdKV 4, AtomLayoutMdQ 2>` (csrc/flash_attn/src/kernel_traits.h, with the copies the
//! kernels make from them in flash_fwd_kernel.h / flash_bwd_kernel.h): the TiledMMAs, the gmem
//! and smem TiledCopies, the swizzled shared-memory layouts, and one thread's partitions.
//!
//! A compile-time benchmark: `cargo check --bin fa2` is timed against
//! `g++ -std=c++17 -fsyntax-only cpp/fa2.cpp` (the same configuration and checks in CuTe C++)
//! by `../run.sh`. The layouts are the ones `tests/atom_kernels.rs` checks against CuTe.

use cute_layout::atom::*;
use cute_layout::static_assertions::const_assert_eq;
use cute_layout::tensor::Tensor;
use cute_layout::typenum::{Unsigned, U128, U16, U32, U64};
use cute_layout::{layout, Layout};

type Mma = SM80_16x8x16_F32F16F16F32_TN;
type Vec128 = AutoVectorizingCopyWithAssumedAlignment<U128>;
type Ldsm = CopyAtom<SM75_U32x4_LDSM_N, half_t>;
type LdsmT = CopyAtom<SM75_U16x8_LDSM_T, half_t>;

// ---- forward: TiledMMA<MMA_Atom, Layout<Shape<_4,_1,_1>>, Tile<_64,_16,_16>>
type FwdMma = TiledMma<Mma, Layout![(4,1,1):(1,0,0)], (U64, U16, U16)>;
const_assert_eq!(
    <<FwdMma as TiledMmaLayouts>::NumThreads as Unsigned>::U64,
    128
);
const_assert_eq!(<<FwdMma as TiledMmaLayouts>::TileM as Unsigned>::U64, 64);

// ---- backward: SdP (2,4,1) over Tile<32,64,16>, dKV (4,2,1) over Tile<64,32,16>, dQ = SdP
type SdpMma = TiledMma<Mma, Layout![(2,4,1):(1,2,0)], (U32, U64, U16)>;
type DkvMma = TiledMma<Mma, Layout![(4,2,1):(1,4,0)], (U64, U32, U16)>;
const_assert_eq!(
    <<SdpMma as TiledMmaLayouts>::NumThreads as Unsigned>::U64,
    256
);
const_assert_eq!(
    <<DkvMma as TiledMmaLayouts>::NumThreads as Unsigned>::U64,
    256
);
const_assert_eq!(<<SdpMma as TiledMmaLayouts>::TileN as Unsigned>::U64, 64);

/// The tiler of `make_tiled_copy_B_warpcontiguousN<2>` for SdP: `((8,4,2):(1,32,8), 16:1)`.
type WarpContiguousNB = (Layout![(8,4,2):(1,32,8)], Layout![16:1]);
/// The tiler of `make_tiled_copy_C_warpcontiguousN<2>` for SdP: `(32:1, (8,4,2):(1,32,8))`.
type WarpContiguousNC = (Layout![32:1], Layout![(8,4,2):(1,32,8)]);
type SmemCopyKv = TiledCopy<Ldsm, <SdpMma as TiledMmaLayouts>::LayoutB_TV, WarpContiguousNB>;
type SmemCopyPdS =
    TiledCopy<CopyAtom<Vec128, half_t>, <SdpMma as TiledMmaLayouts>::LayoutC_TV, WarpContiguousNC>;
const_assert_eq!(
    <<SmemCopyKv as TiledCopyLayouts>::TiledNumThr as Unsigned>::U64,
    256
);
const_assert_eq!(
    <<SmemCopyPdS as TiledCopyLayouts>::TiledNumThr as Unsigned>::U64,
    256
);

fn main() {
    // forward
    let fwd = FwdMma::default();
    println!("fwd.mma C_TV {}", fwd.layout_c_tv());
    println!("fwd.mma A_TV {}", fwd.layout_a_tv());
    println!("fwd.mma B_TV {}", fwd.layout_b_tv());
    let g_qkv = make_tiled_copy(
        CopyAtom::<SM80_CP_ASYNC_CACHEGLOBAL<U128>, half_t>::new(),
        layout!((16,8):(8,1)),
        layout!((1, 8)),
    );
    println!("fwd.gmem_qkv {}", g_qkv.tiled_layout_tv());
    let g_o = make_tiled_copy(
        CopyAtom::<Vec128, half_t>::new(),
        layout!((16,8):(8,1)),
        layout!((1, 8)),
    );
    println!("fwd.gmem_o {}", g_o.tiled_layout_tv());
    let g_oacc = make_tiled_copy(
        CopyAtom::<Vec128, f32>::new(),
        layout!((8,16):(16,1)),
        layout!((1, 4)),
    );
    println!("fwd.gmem_oaccum {}", g_oacc.tiled_layout_tv());
    let smem_q = make_tiled_copy_a(Ldsm::new(), fwd);
    println!("fwd.smem_q {}", smem_q.layout_s_tv());
    println!(
        "fwd.smem_k {}",
        make_tiled_copy_b(Ldsm::new(), fwd).layout_s_tv()
    );
    println!(
        "fwd.smem_vt {}",
        make_tiled_copy_b(LdsmT::new(), fwd).layout_s_tv()
    );
    let st = CopyAtom::<Vec128, half_t>::new();
    println!("fwd.smem_o {}", make_tiled_copy_c(st, fwd).layout_d_tv());
    // SmemLayoutQ / KV / O: tile_to_shape of Swizzle<3,3,3> ∘ (8,64):(64,1)
    let atom = layout!(Sw<3,3,3> o 0 o (8,64):(64,1));
    let sq = atom.tile_to_shape((U128::new(), U128::new()));
    let skv = atom.tile_to_shape((U64::new(), U128::new()));
    println!("fwd.sQ {sq}");
    println!("fwd.sKV {skv}");
    // thread 5's partitions: Q from gmem to smem, Q from smem to registers, the accumulators
    let data = vec![half_t(0); 128 * 1024];
    let acc = vec![0f32; 128 * 128];
    let gq = Tensor::try_new(&data[..], layout!((128,128):(1024,1))).unwrap();
    let sqt = Tensor::try_new(&data[..], sq).unwrap();
    let t = g_qkv.get_slice(5);
    println!("fwd.tQgQ {}", t.partition_s(gq).layout());
    println!("fwd.tQsQ {}", t.partition_d(sqt).layout());
    println!("fwd.tSsQ {}", smem_q.get_slice(5).partition_s(sqt).layout());
    let go = Tensor::try_new(&acc[..], layout!((128,128):(128,1))).unwrap();
    println!(
        "fwd.acc_o {}",
        fwd.get_slice(5).partition_fragment_c(&go).layout()
    );

    // backward
    let (sdp, dkv, dq) = (SdpMma::default(), DkvMma::default(), SdpMma::default());
    println!("bwd.sdp C_TV {}", sdp.layout_c_tv());
    println!("bwd.sdp A_TV {}", sdp.layout_a_tv());
    println!("bwd.sdp B_TV {}", sdp.layout_b_tv());
    println!("bwd.dkv C_TV {}", dkv.layout_c_tv());
    println!("bwd.dkv A_TV {}", dkv.layout_a_tv());
    println!("bwd.dkv B_TV {}", dkv.layout_b_tv());
    let kv = SmemCopyKv::default();
    let pds = SmemCopyPdS::default();
    println!("bwd.smem_kv {}", kv.layout_s_tv());
    println!("bwd.smem_pds {}", pds.layout_d_tv());
    println!(
        "bwd.smem_pdst {}",
        make_tiled_copy_a(LdsmT::new(), dkv).layout_s_tv()
    );
    println!(
        "bwd.smem_qdot {}",
        make_tiled_copy_b(LdsmT::new(), dkv).layout_s_tv()
    );
    println!(
        "bwd.smem_ds {}",
        make_tiled_copy_a(Ldsm::new(), dq).layout_s_tv()
    );
    println!(
        "bwd.smem_kt {}",
        make_tiled_copy_b(LdsmT::new(), dq).layout_s_tv()
    );
    println!("bwd.smem_dq {}", make_tiled_copy_c(st, dq).layout_d_tv());
    let g_qkv_b = make_tiled_copy(
        CopyAtom::<SM80_CP_ASYNC_CACHEGLOBAL<U128>, half_t>::new(),
        layout!((32,8):(8,1)),
        layout!((1, 8)),
    );
    println!("bwd.gmem_qkv {}", g_qkv_b.tiled_layout_tv());
    let acc_atom = CopyAtom::<Vec128, f32>::new();
    let dqacc = make_tiled_copy(acc_atom, layout!((16,16):(16,1)), layout!((1, 4)));
    println!("bwd.gmem_dqaccum {}", dqacc.tiled_layout_tv());
    let atomic = make_tiled_copy(acc_atom, layout!((8,32):(32,1)), layout!((1, 1)));
    println!("bwd.gmem_dqaccum_atomic {}", atomic.tiled_layout_tv());
    // SmemLayoutQdO (64,128), SmemLayoutKV (128,128), SmemLayoutPdS (64,128)
    let sqdo = atom.tile_to_shape((U64::new(), U128::new()));
    let sk = atom.tile_to_shape((U128::new(), U128::new()));
    let sp = layout!(Sw<3,3,3> o 0 o (8,64):(64,1)).tile_to_shape((U64::new(), U128::new()));
    println!("bwd.sQdO {sqdo}");
    println!("bwd.sK {sk}");
    println!("bwd.sPdS {sp}");
    let skt = Tensor::try_new(&data[..], sk).unwrap();
    let spt = Tensor::try_new(&data[..], sp).unwrap();
    println!("bwd.tdPsK {}", kv.get_slice(37).partition_s(skt).layout());
    println!("bwd.tPsP {}", pds.get_slice(37).partition_d(spt).layout());
    let gs = Tensor::try_new(&acc[..], layout!((64,128):(128,1))).unwrap();
    println!(
        "bwd.acc_s {}",
        sdp.get_slice(37).partition_fragment_c(&gs).layout()
    );
}
