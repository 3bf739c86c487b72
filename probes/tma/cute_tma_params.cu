// Host-only probe: the arguments CuTe C++'s make_tma_copy passes to cuTensorMapEncodeTiled, for a
// battery of TMA configurations. No GPU and no libcuda: this file defines cuTensorMapEncodeTiled
// itself (the driver's signature from cuda.h) and records its arguments instead of encoding.
// CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL makes CuTe call the symbol directly.
//
// Every gmem layout is static (cute::Int shapes and strides), so CuTe's coalesce_256 merges box
// modes by value, as the crate's runtime engine does.
//
// Output (stdout), one record of four lines per configuration:
//   config: id=<name> op=<load|load_multicast|store> elem_bits=<n> cluster=<n>
//   gmem: <cute print of the gmem layout>     (elements)
//   smem: <cute print of the smem layout>     (CuTe's form: swizzle in bytes)
//   cta_tile: <cute print of the cta tiler>
//   encode: dtype=.. rank=.. global_dims=[..] global_strides_bytes=[..] box_dims=[..]
//           element_strides=[..] interleave=.. swizzle=.. l2_promotion=.. oob_fill=.. instructions=..
// (the encode fields on one line; global_strides_bytes has rank-1 entries, as the driver takes).
#define CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL 1
#include <cuda.h>
#include <cstdio>
#include <cstdint>

static struct {
  int called;
  int dtype, rank, interleave, swizzle, l2, oob;
  unsigned long long dims[5], strides[5];
  unsigned box[5], estr[5];
} g_rec;

extern "C" CUresult cuTensorMapEncodeTiled(CUtensorMap* , CUtensorMapDataType dtype, cuuint32_t rank,
                                           void* , const cuuint64_t* globalDim,
                                           const cuuint64_t* globalStrides, const cuuint32_t* boxDim,
                                           const cuuint32_t* elementStrides, CUtensorMapInterleave interleave,
                                           CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2,
                                           CUtensorMapFloatOOBfill oob) {
  g_rec.called++;
  g_rec.dtype = dtype; g_rec.rank = rank; g_rec.interleave = interleave; g_rec.swizzle = swizzle;
  g_rec.l2 = l2; g_rec.oob = oob;
  for (unsigned i = 0; i < rank; ++i) {
    g_rec.dims[i] = globalDim[i];
    if (i + 1 < rank) g_rec.strides[i] = globalStrides[i];
    g_rec.box[i] = boxDim[i];
    g_rec.estr[i] = elementStrides[i];
  }
  return CUDA_SUCCESS;
}

#include <cute/tensor.hpp>
#include <cute/atom/copy_traits_sm90_tma.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>

using namespace cute;

static void list(const char* name, unsigned long long const* v, int n) {
  printf(" %s=[", name);
  for (int i = 0; i < n; ++i) printf(i ? ",%llu" : "%llu", v[i]);
  printf("]");
}

template <class T, class Op, class GLayout, class SLayout, class Tiler, class Cluster>
void record(const char* id, const char* opname, Op op, GLayout glayout, SLayout slayout, Tiler tiler,
            Cluster cluster) {
  T* ptr = reinterpret_cast<T*>(uintptr_t(1) << 20);  // 16 B aligned; never dereferenced
  auto g = make_tensor(make_gmem_ptr(ptr), glayout);
  g_rec.called = 0;
  auto tma = make_tma_copy(op, g, slayout, tiler, cluster);
  int per_instr = int(decltype(tma)::NumValSrc);  // TiledCopy derives from its Copy_Atom
  printf("config: id=%s op=%s elem_bits=%d cluster=%d\n", id, opname, int(sizeof_bits<T>::value),
         int(size(cluster)));
  printf("gmem: "); print(glayout); printf("\n");
  printf("smem: "); print(slayout); printf("\n");
  printf("cta_tile: "); print(tiler); printf("\n");
  if (g_rec.called != 1) { printf("error: cuTensorMapEncodeTiled called %d times\n", g_rec.called); return; }
  unsigned long long v[5];
  printf("encode: dtype=%d rank=%d", g_rec.dtype, g_rec.rank);
  list("global_dims", g_rec.dims, g_rec.rank);
  list("global_strides_bytes", g_rec.strides, g_rec.rank - 1);
  for (int i = 0; i < g_rec.rank; ++i) v[i] = g_rec.box[i];
  list("box_dims", v, g_rec.rank);
  for (int i = 0; i < g_rec.rank; ++i) v[i] = g_rec.estr[i];
  list("element_strides", v, g_rec.rank);
  printf(" interleave=%d swizzle=%d l2_promotion=%d oob_fill=%d instructions=%d\n", g_rec.interleave,
         g_rec.swizzle, g_rec.l2, g_rec.oob, int(size(slayout)) / per_instr);
}

#define G2(M, K, SM, SK) make_layout(make_shape(Int<M>{}, Int<K>{}), make_stride(Int<SM>{}, Int<SK>{}))
#define G3(M, K, L, SM, SK, SL) \
  make_layout(make_shape(Int<M>{}, Int<K>{}, Int<L>{}), make_stride(Int<SM>{}, Int<SK>{}, Int<SL>{}))
#define T2(A, B) make_shape(Int<A>{}, Int<B>{})

// The GMMA atoms of one element type, every swizzle mode, K- and MN-major, tiled to a CTA tile,
// over a gmem whose extents the tile does not divide and whose leading dimension is padded.
template <class T, int W>  // W: elements in 128 B
void gmma_battery(const char* tname) {
  char id[96];
#define GMMA_K(ATOM, SW)                                                                          \
  snprintf(id, sizeof id, "%s_K_%s", tname, SW);                                                  \
  record<T>(id, "load", SM90_TMA_LOAD{}, G2(200, 3 * W + W / 2, 4 * W, 1),                        \
            tile_to_shape(GMMA::ATOM<T>{}, T2(64, W)), T2(64, W), Int<1>{});
#define GMMA_MN(ATOM, SW)                                                                         \
  snprintf(id, sizeof id, "%s_MN_%s", tname, SW);                                                 \
  record<T>(id, "load", SM90_TMA_LOAD{}, G2(3 * W + W / 2, 100, 1, 4 * W),                        \
            tile_to_shape(GMMA::ATOM<T>{}, T2(2 * W, 32)), T2(2 * W, 32), Int<1>{});
  GMMA_K(Layout_K_INTER_Atom, "INTER") GMMA_K(Layout_K_SW32_Atom, "SW32")
  GMMA_K(Layout_K_SW64_Atom, "SW64") GMMA_K(Layout_K_SW128_Atom, "SW128")
  GMMA_MN(Layout_MN_INTER_Atom, "INTER") GMMA_MN(Layout_MN_SW32_Atom, "SW32")
  GMMA_MN(Layout_MN_SW64_Atom, "SW64") GMMA_MN(Layout_MN_SW128_Atom, "SW128")
#undef GMMA_K
#undef GMMA_MN
}

int main() {
  gmma_battery<uint8_t, 128>("u8");
  gmma_battery<half_t, 64>("f16");
  gmma_battery<float, 32>("f32");

  // A batch mode: (M,K,L) K-major, the tile (BM,BK,1).
  record<half_t>("f16_K_SW128_batch", "load", SM90_TMA_LOAD{}, G3(256, 192, 3, 192, 1, 256 * 192),
                 tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, T2(128, 64)),
                 make_shape(Int<128>{}, Int<64>{}, Int<1>{}), Int<1>{});
  // Padded batch stride, MN-major.
  record<half_t>("f16_MN_SW64_batch_pad", "load", SM90_TMA_LOAD{}, G3(96, 64, 5, 1, 104, 104 * 72),
                 tile_to_shape(GMMA::Layout_MN_SW64_Atom<half_t>{}, T2(64, 16)),
                 make_shape(Int<64>{}, Int<16>{}, Int<1>{}), Int<1>{});
  // Stores.
  record<half_t>("f16_K_SW128_store", "store", SM90_TMA_STORE{}, G2(200, 96, 104, 1),
                 tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, T2(64, 64)), T2(64, 64), Int<1>{});
  record<float>("f32_MN_SW32_store", "store", SM90_TMA_STORE{}, G2(72, 40, 1, 80),
                tile_to_shape(GMMA::Layout_MN_SW32_Atom<float>{}, T2(16, 8)), T2(16, 8), Int<1>{});
  // Multicast over 2 and 4 CTAs.
  record<half_t>("f16_K_SW128_mc2", "load_multicast", SM90_TMA_LOAD_MULTICAST{}, G2(512, 256, 256, 1),
                 tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, T2(128, 64)), T2(128, 64), Int<2>{});
  record<half_t>("f16_MN_SW128_mc4", "load_multicast", SM90_TMA_LOAD_MULTICAST{}, G2(512, 256, 1, 512),
                 tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, T2(128, 64)), T2(128, 64), Int<4>{});
  record<uint8_t>("u8_K_SW64_mc2", "load_multicast", SM90_TMA_LOAD_MULTICAST{}, G2(256, 256, 256, 1),
                  tile_to_shape(GMMA::Layout_K_SW64_Atom<uint8_t>{}, T2(64, 64)), T2(64, 64), Int<2>{});
  // Plain (unswizzled) smem layouts: row-major, and CuTe's own 3D example.
  record<float>("f32_rowmajor", "load", SM90_TMA_LOAD{}, G2(1024, 256, 256, 1),
                make_layout(T2(64, 32), make_stride(Int<32>{}, Int<1>{})), T2(64, 32), Int<1>{});
  record<float>("f32_3d_doc", "load", SM90_TMA_LOAD{}, G3(1024, 32, 512, 64, 1, 65536),
                make_layout(make_shape(Int<16>{}, Int<8>{}, Int<2>{}), make_stride(Int<16>{}, Int<1>{}, Int<8>{})),
                make_shape(Int<16>{}, Int<8>{}, Int<2>{}), Int<1>{});
  // Contiguous across gmem modes: coalesce_256 merges M and K into one box mode.
  record<float>("f32_merge_modes", "load", SM90_TMA_LOAD{}, G2(32, 256, 1, 32),
                make_layout(T2(32, 4)), T2(32, 4), Int<1>{});
  // (A smem vector longer than 256 along one gmem mode, e.g. u8 (4,512):(512,1), makes CuTe
  // assert smem_box_shape[0] <= 256; tests/tma_conditions.rs checks the crate refuses it.)
  // Smem K-major, tile smaller than the gmem in every mode, a 4-mode (nested) gmem.
  record<half_t>("f16_nested_gmem", "load", SM90_TMA_LOAD{}, 
                 make_layout(make_shape(make_shape(Int<8>{}, Int<16>{}), Int<64>{}),
                             make_stride(make_stride(Int<64>{}, Int<512>{}), Int<1>{})),
                 tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, T2(64, 64)),
                 make_shape(Int<64>{}, Int<64>{}), Int<1>{});
  return 0;
}
