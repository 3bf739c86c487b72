// CuTe C++ oracle for tests/atom_kernels.rs: the TiledMMAs and TiledCopies of real kernels —
// FlashAttention-2's Flash_fwd_kernel_traits<128,128,64,4> and
// Flash_bwd_kernel_traits<128,64,128,8,2,4,2> (csrc/flash_attn/src/kernel_traits.h, with
// make_tiled_copy_B/C_warpcontiguousN of flash_bwd_kernel.h), FlashAttention-3's FP8 V
// transpose copies (hopper/mainloop_fwd_sm90_tma_gmma_ws.hpp, both LDSM/STSM variants), the
// CuTe tutorial's sgemm_sm80 TiledMMA (a rank-2 atom layout) — and blocked/raked products of
// unequal ranks. One `name: value` line each. Regenerate (host only, no GPU) with
//   tests/data/tiled/gen.sh gen_kernels > tests/data/tiled/cute_kernels.txt
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
#include <cute/atom/copy_traits_sm75.hpp>
#include <cute/atom/copy_traits_sm80.hpp>
#include <cute/atom/copy_traits_sm90.hpp>
#include <cutlass/float8.h>
#include <cstdio>
using namespace cute;

template <class X> void line(char const* name, X const& x) {
  printf("%s: ", name); print(x); printf("\n");
}

static int buf_a[1 << 18];
template <class L> auto idx_tensor(L const& l) { return make_tensor(make_gmem_ptr(buf_a), l); }
// `name: layout | offsets of elements 0..size` (the whole function, swizzle included).
template <class T> void elems(char const* name, T const& t) {
  printf("%s: ", name); print(t.layout()); printf(" |");
  for (int i = 0; i < size(t); ++i) printf(" %d", t(i));
  printf("\n");
}

template <class MMA> void mma_lines(char const* tag, MMA const& mma) {
  char b[256];
  snprintf(b, sizeof b, "%s.vmnk", tag); line(b, mma.get_thr_layout_vmnk());
  snprintf(b, sizeof b, "%s.tile", tag); line(b, tile_shape(mma));
  snprintf(b, sizeof b, "%s.C_TV", tag); line(b, mma.get_layoutC_TV());
  snprintf(b, sizeof b, "%s.A_TV", tag); line(b, mma.get_layoutA_TV());
  snprintf(b, sizeof b, "%s.B_TV", tag); line(b, mma.get_layoutB_TV());
}

template <class TC> void copy_lines(char const* tag, TC const& tc) {
  char b[256];
  snprintf(b, sizeof b, "%s.tiler", tag); line(b, typename TC::Tiler_MN{});
  snprintf(b, sizeof b, "%s.TiledLayout_TV", tag); line(b, typename TC::TiledLayout_TV{});
  snprintf(b, sizeof b, "%s.S_TV", tag); line(b, tc.get_layoutS_TV());
  snprintf(b, sizeof b, "%s.D_TV", tag); line(b, tc.get_layoutD_TV());
}

// FlashAttention-2's bwd helpers (flash_bwd_kernel.h), restated: a Tile of layouts as tiler.
template <int MMA_N, class Atom, class MMA> auto warpcontiguousN_B(Atom const& a, MMA const& mma) {
  constexpr int TileShape_N = decltype(mma.template tile_size_mnk<1>())::value;
  constexpr int TileShape_K = decltype(mma.template tile_size_mnk<2>())::value;
  constexpr int AtomShape_N = 8, kNWarpsN = TileShape_N / AtomShape_N / 2, MMAStride_N = MMA_N * AtomShape_N * 2;
  auto t = make_tile(Layout<Shape<Int<AtomShape_N>, Int<kNWarpsN>, _2>, Stride<_1, Int<MMAStride_N>, _8>>{},
                     make_layout(Int<TileShape_K>{}));
  return make_tiled_copy_impl(a, mma.get_layoutB_TV(), t);
}
template <int MMA_N, class Atom, class MMA> auto warpcontiguousN_C(Atom const& a, MMA const& mma) {
  constexpr int TileShape_M = decltype(mma.template tile_size_mnk<0>())::value;
  constexpr int TileShape_N = decltype(mma.template tile_size_mnk<1>())::value;
  constexpr int AtomShape_N = 8, kNWarpsN = TileShape_N / AtomShape_N / 2, MMAStride_N = MMA_N * AtomShape_N * 2;
  auto t = make_tile(make_layout(Int<TileShape_M>{}),
                     Layout<Shape<Int<AtomShape_N>, Int<kNWarpsN>, _2>, Stride<_1, Int<MMAStride_N>, _8>>{});
  return make_tiled_copy_impl(a, mma.get_layoutC_TV(), t);
}

template <class A, class B> void products(char const* tag, A a, B b) {
  char n[256];
  snprintf(n, sizeof n, "%s.blocked", tag); line(n, blocked_product(a, b));
  snprintf(n, sizeof n, "%s.raked", tag); line(n, raked_product(a, b));
}

int main() {
  for (int i = 0; i < (1 << 18); ++i) buf_a[i] = i;
  using Vec128 = AutoVectorizingCopyWithAssumedAlignment<128>;

  // ---- FA2 forward: Flash_fwd_kernel_traits<kHeadDim 128, kBlockM 128, kBlockN 64, kNWarps 4>
  using FwdMma = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, Layout<Shape<_4,_1,_1>>, Tile<_64,_16,_16>>;
  FwdMma fwd;
  mma_lines("fa2fwd.mma", fwd);
  using GmemLayoutAtom = Layout<Shape<_16,_8>, Stride<_8,_1>>;   // kGmemThreadsPerRow = 64/8
  auto g_qkv = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>{}, GmemLayoutAtom{}, Layout<Shape<_1,_8>>{});
  copy_lines("fa2fwd.gmem_qkv", g_qkv);
  auto g_oacc = make_tiled_copy(Copy_Atom<Vec128, float>{}, Layout<Shape<_8,_16>, Stride<_16,_1>>{}, Layout<Shape<_1,_4>>{});
  copy_lines("fa2fwd.gmem_oaccum", g_oacc);
  copy_lines("fa2fwd.smem_q", make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, fwd));
  copy_lines("fa2fwd.smem_k", make_tiled_copy_B(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, fwd));
  copy_lines("fa2fwd.smem_vt", make_tiled_copy_B(Copy_Atom<SM75_U16x8_LDSM_T, half_t>{}, fwd));
  copy_lines("fa2fwd.smem_o", make_tiled_copy_C(Copy_Atom<Vec128, half_t>{}, fwd));
  {
    auto gq = make_layout(Shape<_128,_128>{}, make_stride(Int<1024>{}, _1{}));  // row stride of a (seqlen, h·d) tensor
    for (int t : {0, 77}) {
      char b[128];
      snprintf(b, sizeof b, "fa2fwd.gmem_qkv.partition_S(%d)", t); elems(b, g_qkv.get_slice(t).partition_S(idx_tensor(gq)));
    }
  }

  // ---- FA2 backward: Flash_bwd_kernel_traits<128, 64, 128, 8, AtomLayoutMSdP 2, NdKV 4, MdQ 2>
  using SdP = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, Layout<Shape<_2,_4,_1>>, Tile<_32,_64,_16>>;
  using DKV = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, Layout<Shape<_4,_2,_1>>, Tile<_64,_32,_16>>;
  using DQ  = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, Layout<Shape<_2,_4,_1>>, Tile<_32,_64,_16>>;
  SdP sdp; DKV dkv; DQ dq;
  mma_lines("fa2bwd.sdp", sdp);
  mma_lines("fa2bwd.dkv", dkv);
  // MMA_N_SdP = kBlockN / tile_size<1>(SdP) = 128 / 64 = 2
  auto kv = warpcontiguousN_B<2>(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, sdp);
  copy_lines("fa2bwd.smem_kv", kv);
  auto pds = warpcontiguousN_C<2>(Copy_Atom<Vec128, half_t>{}, sdp);
  copy_lines("fa2bwd.smem_pds", pds);
  copy_lines("fa2bwd.smem_pdst", make_tiled_copy_A(Copy_Atom<SM75_U16x8_LDSM_T, half_t>{}, dkv));
  copy_lines("fa2bwd.smem_qdot", make_tiled_copy_B(Copy_Atom<SM75_U16x8_LDSM_T, half_t>{}, dkv));
  copy_lines("fa2bwd.smem_ds", make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, dq));
  copy_lines("fa2bwd.smem_kt", make_tiled_copy_B(Copy_Atom<SM75_U16x8_LDSM_T, half_t>{}, dq));
  copy_lines("fa2bwd.smem_dq", make_tiled_copy_C(Copy_Atom<Vec128, half_t>{}, dq));
  copy_lines("fa2bwd.gmem_dqaccum", make_tiled_copy(Copy_Atom<Vec128, float>{}, Layout<Shape<_16,_16>, Stride<_16,_1>>{}, Layout<Shape<_1,_4>>{}));
  copy_lines("fa2bwd.gmem_dqaccum_atomic", make_tiled_copy(Copy_Atom<Vec128, float>{}, Layout<Shape<_8,_32>, Stride<_32,_1>>{}, Layout<Shape<_1,_1>>{}));
  {
    // sK: SmemLayoutKV's inner layout, (kBlockN, kHeadDim) = (128,128) from (8,64) K-major atoms,
    // plain and swizzled (Swizzle<3,3,3>, kBlockKSmem = 64).
    auto atom = Layout<Shape<_8,_64>, Stride<_64,_1>>{};
    auto sk_plain = tile_to_shape(atom, Shape<_128,_128>{});
    auto sk = tile_to_shape(composition(Swizzle<3,3,3>{}, atom), Shape<_128,_128>{});
    line("fa2bwd.sK_plain", sk_plain);
    line("fa2bwd.sK", sk);
    // sP: SmemLayoutPdS, (kBlockM, kBlockN) = (64,128) from (64,64) atoms, Swizzle<3,3,3>
    auto patom = Layout<Shape<_64,_64>, Stride<_64,_1>>{};
    auto sp_plain = tile_to_shape(patom, Shape<_64,_128>{});
    line("fa2bwd.sP_plain", sp_plain);
    for (int t : {0, 37, 255}) {
      char b[128];
      snprintf(b, sizeof b, "fa2bwd.smem_kv.partition_S_plain(%d)", t); elems(b, kv.get_slice(t).partition_S(idx_tensor(sk_plain)));
      snprintf(b, sizeof b, "fa2bwd.smem_kv.partition_S(%d)", t); elems(b, kv.get_slice(t).partition_S(idx_tensor(sk)));
      snprintf(b, sizeof b, "fa2bwd.smem_pds.partition_D_plain(%d)", t); elems(b, pds.get_slice(t).partition_D(idx_tensor(sp_plain)));
    }
    // smem_thr_copy_B.retile_D(tBrB), tBrB = partition_fragment_C(sdp, (kBlockM, kBlockN))
    auto frag = partition_fragment_C(sdp, Shape<_64,_128>{});
    line("fa2bwd.acc_s", frag.layout());
    line("fa2bwd.smem_pds.retile_D(acc_s)", pds.get_slice(0).retile_D(frag).layout());
  }

  // ---- FA3 FP8 V transpose: LDSM.T then STSM (mainloop_fwd_sm90_tma_gmma_ws.hpp)
  using E4M3 = cutlass::float_e4m3_t;
  // kHeadDimV % 64 == 0
  auto s2r = make_tiled_copy(Copy_Atom<SM75_U16x8_LDSM_T, E4M3>{},
                             Layout<Shape<_32,_4,_1,_1>, Stride<_4,_1,_0,_0>>{},
                             Layout<Shape<_2,_2,_1,_4>, Stride<_1,_2,_16,_4>>{});
  copy_lines("fa3.s2r_vt", s2r);
  auto r2s = make_tiled_copy(Copy_Atom<SM90_U32x4_STSM_N, E4M3>{},
                             Layout<Shape<_8,_4,_4,_1>, Stride<_4,_1,_32,_0>>{},
                             Layout<Shape<_1,_4,_2,_2>, Stride<_0,_1,_4,_8>>{});
  copy_lines("fa3.r2s_v", r2s);
  // kHeadDimV % 64 != 0 (kBlockN % 64 == 0)
  auto s2r2 = make_tiled_copy(Copy_Atom<SM75_U16x8_LDSM_T, E4M3>{},
                              Layout<Shape<_16,_4,_1,_2>, Stride<_4,_1,_0,_64>>{},
                              Layout<Shape<_2,_2,_1,_4>, Stride<_1,_2,_16,_4>>{});
  copy_lines("fa3.s2r_vt_32", s2r2);
  auto r2s2 = make_tiled_copy(Copy_Atom<SM90_U32x4_STSM_N, E4M3>{},
                              Layout<Shape<_8,_4,_2,_2>, Stride<_4,_1,_32,_64>>{},
                              Layout<Shape<_1,_4,_2,_2>, Stride<_0,_1,_4,_8>>{});
  copy_lines("fa3.r2s_v_32", r2s2);
  {
    // sVt (kHeadDimV, kBlockN, kStages) = (128,128,2) MN-major, sV the same K-major (no swizzle here)
    auto svt = make_layout(Shape<_128,_128,_2>{});
    auto sv = make_layout(Shape<_128,_128,_2>{}, make_stride(_128{}, _1{}, Int<16384>{}));
    auto dvt = flat_divide(svt, Shape<_64,_8>{});
    auto dv = flat_divide(sv, Shape<_8,_16>{});
    line("fa3.flat_divide_vt", dvt);
    line("fa3.flat_divide_v", dv);
    for (int t : {0, 45, 127}) {
      char b[128];
      snprintf(b, sizeof b, "fa3.s2r_vt.partition_S(%d)", t); elems(b, s2r.get_slice(t).partition_S(idx_tensor(dvt)));
      snprintf(b, sizeof b, "fa3.r2s_v.partition_D(%d)", t); elems(b, r2s.get_slice(t).partition_D(idx_tensor(dv)));
    }
  }

  // ---- CuTe tutorial sgemm_sm80.cu gemm_tn: a rank-2 atom layout, and its copies
  auto tut = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,_32,_16>{});
  mma_lines("tutorial.mma", tut);
  copy_lines("tutorial.s2r_a", make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, tut));
  copy_lines("tutorial.s2r_b", make_tiled_copy_B(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, tut));
  copy_lines("tutorial.copy_a", make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{},
                                                Layout<Shape<_16,_8>, Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{}));
  // A rank-2 atom layout with a rank-2 permutation, a rank-1 atom layout with none.
  mma_lines("rank2perm.mma", make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN{}, Layout<Shape<_2,_2>, Stride<_2,_1>>{}, Tile<_32,_32>{}));
  mma_lines("rank1.mma", make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN{}, Layout<Shape<_4>>{}));

  // ---- blocked/raked products of unequal ranks (both pad the shorter with 1:0 modes)
  products("p1", Layout<Shape<_2,_2>, Stride<_1,_2>>{}, Layout<Shape<_2,_2,_2>, Stride<_1,_2,_4>>{});
  products("p2", Layout<Shape<_2,_2,_2>, Stride<_1,_2,_4>>{}, Layout<Shape<_3,_2>, Stride<_2,_1>>{});
  products("p3", Layout<_4, _1>{}, Layout<Shape<_2,_3>, Stride<_3,_1>>{});
  products("p4", Layout<Shape<_3,_4>, Stride<_4,_1>>{}, Layout<_5, _1>{});
  products("p5", Layout<Shape<Shape<_2,_2>,_3>, Stride<Stride<_1,_6>,_2>>{}, Layout<Shape<_2,Shape<_2,_2>,_3>, Stride<_1,Stride<_6,_2>,_12>>{});
  products("p6", Layout<Shape<_32,_4,_1,_1>, Stride<_4,_1,_0,_0>>{}, Layout<Shape<_2,_2>, Stride<_1,_2>>{});
  products("p7", Layout<Shape<_8,_4>, Stride<_1,_8>>{}, Layout<Shape<_2,_2,_1,_4>, Stride<_1,_2,_16,_4>>{});
}
