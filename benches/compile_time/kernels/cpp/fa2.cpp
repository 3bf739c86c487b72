// The configuration of ../src/fa2.rs in CuTe C++, with the same compile-time checks
// (static_assert) and the same printed layouts: FlashAttention-2's forward
// Flash_fwd_kernel_traits<128, 128, 64, 4> and backward Flash_bwd_kernel_traits<128, 64, 128, 8,
// 2, 4, 2> (TiledMMAs, gmem/smem TiledCopies, swizzled smem layouts, one thread's partitions).
// The reference of ../run.sh (`g++ -std=c++17 -fsyntax-only`). Host-only: no kernel.
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
#include <cute/atom/copy_traits_sm75.hpp>
#include <cute/atom/copy_traits_sm80.hpp>
using namespace cute;

using Atom = MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>;
using Vec128 = AutoVectorizingCopyWithAssumedAlignment<128>;
using Ldsm = Copy_Atom<SM75_U32x4_LDSM_N, half_t>;
using LdsmT = Copy_Atom<SM75_U16x8_LDSM_T, half_t>;

using FwdMma = TiledMMA<Atom, Layout<Shape<_4,_1,_1>>, Tile<_64,_16,_16>>;
static_assert(size(FwdMma{}) == 128);
static_assert(tile_size<0>(FwdMma{}) == 64);

using SdpMma = TiledMMA<Atom, Layout<Shape<_2,_4,_1>>, Tile<_32,_64,_16>>;
using DkvMma = TiledMMA<Atom, Layout<Shape<_4,_2,_1>>, Tile<_64,_32,_16>>;
static_assert(size(SdpMma{}) == 256);
static_assert(size(DkvMma{}) == 256);
static_assert(tile_size<1>(SdpMma{}) == 64);

// make_tiled_copy_B_warpcontiguousN<2> / make_tiled_copy_C_warpcontiguousN<2> for SdP
using WarpContiguousNB = decltype(make_tile(Layout<Shape<_8,_4,_2>, Stride<_1,_32,_8>>{}, Layout<_16,_1>{}));
using WarpContiguousNC = decltype(make_tile(Layout<_32,_1>{}, Layout<Shape<_8,_4,_2>, Stride<_1,_32,_8>>{}));
using SmemCopyKv = decltype(make_tiled_copy_impl(Ldsm{}, SdpMma{}.get_layoutB_TV(), WarpContiguousNB{}));
using SmemCopyPdS = decltype(make_tiled_copy_impl(Copy_Atom<Vec128, half_t>{}, SdpMma{}.get_layoutC_TV(), WarpContiguousNC{}));
static_assert(size<0>(typename SmemCopyKv::TiledLayout_TV{}) == 256);
static_assert(size<0>(typename SmemCopyPdS::TiledLayout_TV{}) == 256);

int main() {
  FwdMma fwd;
  print(fwd.get_layoutC_TV()); print(fwd.get_layoutA_TV()); print(fwd.get_layoutB_TV());
  auto g_qkv = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>{},
                               Layout<Shape<_16,_8>, Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{});
  print(typename decltype(g_qkv)::TiledLayout_TV{});
  auto g_o = make_tiled_copy(Copy_Atom<Vec128, half_t>{}, Layout<Shape<_16,_8>, Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{});
  print(typename decltype(g_o)::TiledLayout_TV{});
  auto g_oacc = make_tiled_copy(Copy_Atom<Vec128, float>{}, Layout<Shape<_8,_16>, Stride<_16,_1>>{}, Layout<Shape<_1,_4>>{});
  print(typename decltype(g_oacc)::TiledLayout_TV{});
  auto smem_q = make_tiled_copy_A(Ldsm{}, fwd);
  print(smem_q.get_layoutS_TV());
  print(make_tiled_copy_B(Ldsm{}, fwd).get_layoutS_TV());
  print(make_tiled_copy_B(LdsmT{}, fwd).get_layoutS_TV());
  print(make_tiled_copy_C(Copy_Atom<Vec128, half_t>{}, fwd).get_layoutD_TV());
  auto atom = composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>, Stride<_64,_1>>{});
  auto sq = tile_to_shape(atom, Shape<_128,_128>{});
  auto skv = tile_to_shape(atom, Shape<_64,_128>{});
  print(sq); print(skv);
  half_t* p = nullptr; float* q = nullptr;
  auto gq = make_tensor(make_gmem_ptr(p), make_layout(Shape<_128,_128>{}, make_stride(Int<1024>{}, _1{})));
  auto sqt = make_tensor(make_smem_ptr(p), sq);
  auto t = g_qkv.get_slice(5);
  print(t.partition_S(gq)); print(t.partition_D(sqt));
  print(smem_q.get_slice(5).partition_S(sqt));
  auto go = make_tensor(make_gmem_ptr(q), make_layout(Shape<_128,_128>{}, LayoutRight{}));
  print(fwd.get_slice(5).partition_fragment_C(go));

  SdpMma sdp; DkvMma dkv; SdpMma dq;
  print(sdp.get_layoutC_TV()); print(sdp.get_layoutA_TV()); print(sdp.get_layoutB_TV());
  print(dkv.get_layoutC_TV()); print(dkv.get_layoutA_TV()); print(dkv.get_layoutB_TV());
  SmemCopyKv kv; SmemCopyPdS pds;
  print(kv.get_layoutS_TV()); print(pds.get_layoutD_TV());
  print(make_tiled_copy_A(LdsmT{}, dkv).get_layoutS_TV());
  print(make_tiled_copy_B(LdsmT{}, dkv).get_layoutS_TV());
  print(make_tiled_copy_A(Ldsm{}, dq).get_layoutS_TV());
  print(make_tiled_copy_B(LdsmT{}, dq).get_layoutS_TV());
  print(make_tiled_copy_C(Copy_Atom<Vec128, half_t>{}, dq).get_layoutD_TV());
  auto g_qkv_b = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>{},
                                 Layout<Shape<_32,_8>, Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{});
  print(typename decltype(g_qkv_b)::TiledLayout_TV{});
  auto dqacc = make_tiled_copy(Copy_Atom<Vec128, float>{}, Layout<Shape<_16,_16>, Stride<_16,_1>>{}, Layout<Shape<_1,_4>>{});
  print(typename decltype(dqacc)::TiledLayout_TV{});
  auto atomic = make_tiled_copy(Copy_Atom<Vec128, float>{}, Layout<Shape<_8,_32>, Stride<_32,_1>>{}, Layout<Shape<_1,_1>>{});
  print(typename decltype(atomic)::TiledLayout_TV{});
  auto sqdo = tile_to_shape(atom, Shape<_64,_128>{});
  auto sk = tile_to_shape(atom, Shape<_128,_128>{});
  auto sp = tile_to_shape(atom, Shape<_64,_128>{});
  print(sqdo); print(sk); print(sp);
  auto skt = make_tensor(make_smem_ptr(p), sk);
  auto spt = make_tensor(make_smem_ptr(p), sp);
  print(kv.get_slice(37).partition_S(skt));
  print(pds.get_slice(37).partition_D(spt));
  auto gs = make_tensor(make_gmem_ptr(q), make_layout(Shape<_64,_128>{}, LayoutRight{}));
  print(sdp.get_slice(37).partition_fragment_C(gs));
}
