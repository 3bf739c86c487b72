// CuTe C++ oracle for tests/kernel_config.rs: the layouts of FlashAttention-2's forward kernel
// traits (Flash_fwd_kernel_traits, csrc/flash_attn/src/kernel_traits.h, SM80 half_t branch)
// for head dims 64, 96 and 128, and the register fragments its forward kernel makes from the
// swizzled shared-memory tensors (flash_fwd_kernel.h: thr_mma.partition_fragment_A(sQ),
// partition_fragment_B(sK), partition_fragment_B(sVtNoSwizzle)); then the fragments of more
// swizzled tiles (other swizzles, a negative shift, M-major tiles, tiles CuTe cannot decay).
// The traits are restated here (same expressions), not included. One `name: value` line each.
// Regenerate (host only, no GPU) with
//   tests/data/kernel_config/gen.sh > tests/data/kernel_config/cute_kernel_config.txt
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
#include <cute/atom/copy_traits_sm75.hpp>
#include <cute/atom/copy_traits_sm80.hpp>
#include <cstdio>
using namespace cute;

static int D;  // the head dim of the lines being printed
template <class X> void line(char const* name, X const& x) {
  printf("hdim%d.%s: ", D, name); print(x); printf("\n");
}
template <class X> void plain_line(char const* name, X const& x) {
  printf("%s: ", name); print(x); printf("\n");
}
template <class TC> void copy_lines(char const* tag, TC const&) {
  char b[256];
  snprintf(b, sizeof b, "%s.tiler", tag); line(b, typename TC::Tiler_MN{});
  snprintf(b, sizeof b, "%s.TiledLayout_TV", tag); line(b, typename TC::TiledLayout_TV{});
}

static half_t smem[1 << 16];

template <int kHeadDim, int kBlockM, int kBlockN, int kNWarps> void traits() {
  D = kHeadDim;
  using Element = half_t;
  constexpr int kNThreads = kNWarps * 32;
  constexpr int kBlockKSmem = kHeadDim % 64 == 0 ? 64 : 32;
  constexpr int kSwizzle = kBlockKSmem == 32 ? 2 : 3;
  using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, Layout<Shape<Int<kNWarps>, _1, _1>>,
                            Tile<Int<16 * kNWarps>, _16, _16>>;
  using SmemLayoutAtomQ = decltype(composition(
      Swizzle<kSwizzle, 3, 3>{}, Layout<Shape<_8, Int<kBlockKSmem>>, Stride<Int<kBlockKSmem>, _1>>{}));
  using SmemLayoutQ = decltype(tile_to_shape(SmemLayoutAtomQ{}, Shape<Int<kBlockM>, Int<kHeadDim>>{}));
  using SmemLayoutKV = decltype(tile_to_shape(SmemLayoutAtomQ{}, Shape<Int<kBlockN>, Int<kHeadDim>>{}));
  using SmemLayoutVtransposed = decltype(composition(
      SmemLayoutKV{}, make_layout(Shape<Int<kHeadDim>, Int<kBlockN>>{}, GenRowMajor{})));
  using SmemLayoutVtransposedNoSwizzle = decltype(get_nonswizzle_portion(SmemLayoutVtransposed{}));
  using SmemLayoutAtomO = decltype(composition(
      Swizzle<kSwizzle, 3, 3>{}, Layout<Shape<Int<8>, Int<kBlockKSmem>>, Stride<Int<kBlockKSmem>, _1>>{}));
  using SmemLayoutO = decltype(tile_to_shape(SmemLayoutAtomO{}, Shape<Int<kBlockM>, Int<kHeadDim>>{}));
  constexpr int kSmemQSize = size(SmemLayoutQ{}) * sizeof(Element);
  constexpr int kSmemKVSize = size(SmemLayoutKV{}) * 2 * sizeof(Element);
  constexpr int kSmemSize = kSmemQSize + kSmemKVSize;
  constexpr int kGmemElemsPerLoad = sizeof(cute::uint128_t) / sizeof(Element);
  constexpr int kGmemThreadsPerRow = kBlockKSmem / kGmemElemsPerLoad;
  using GmemLayoutAtom = Layout<Shape<Int<kNThreads / kGmemThreadsPerRow>, Int<kGmemThreadsPerRow>>,
                                Stride<Int<kGmemThreadsPerRow>, _1>>;
  using GmemTiledCopyQKV = decltype(make_tiled_copy(
      Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<cute::uint128_t>, Element>{}, GmemLayoutAtom{}, Layout<Shape<_1, _8>>{}));
  using GmemLayoutAtomOaccum = std::conditional_t<kBlockKSmem == 32, Layout<Shape<_16, _8>, Stride<_8, _1>>,
                                                  Layout<Shape<_8, _16>, Stride<_16, _1>>>;
  using GmemTiledCopyOaccum = decltype(make_tiled_copy(
      Copy_Atom<UniversalCopy<cute::uint128_t>, float>{}, GmemLayoutAtomOaccum{}, Layout<Shape<_1, _4>>{}));

  printf("hdim%d.kBlockKSmem: %d\nhdim%d.kSwizzle: %d\nhdim%d.kSmemSize: %d\n", D, kBlockKSmem, D, kSwizzle, D,
         kSmemSize);
  TiledMma tiled_mma;
  line("TiledMma.vmnk", tiled_mma.get_thr_layout_vmnk());
  line("TiledMma.tile", tile_shape(tiled_mma));
  line("SmemLayoutAtomQ", SmemLayoutAtomQ{});
  line("SmemLayoutQ", SmemLayoutQ{});
  line("SmemLayoutKV", SmemLayoutKV{});
  line("SmemLayoutVtransposed", SmemLayoutVtransposed{});
  line("SmemLayoutVtransposedNoSwizzle", SmemLayoutVtransposedNoSwizzle{});
  line("SmemLayoutO", SmemLayoutO{});
  line("GmemLayoutAtom", GmemLayoutAtom{});
  copy_lines("GmemTiledCopyQKV", GmemTiledCopyQKV{});
  line("GmemLayoutAtomOaccum", GmemLayoutAtomOaccum{});
  copy_lines("GmemTiledCopyOaccum", GmemTiledCopyOaccum{});

  // flash_fwd_kernel.h: the shared-memory tensors and the register fragments (a runtime thread
  // index, as in the kernel: the fragment's layout is the same for every thread).
  Tensor sQ = make_tensor(make_smem_ptr(smem), SmemLayoutQ{});
  Tensor sK = make_tensor(sQ.data() + size(sQ), SmemLayoutKV{});
  Tensor sV = make_tensor(sK.data() + size(sK), SmemLayoutKV{});
  Tensor sVtNoSwizzle = make_tensor(sV.data(), SmemLayoutVtransposedNoSwizzle{});
  static volatile int tidx = 0;
  auto thr_mma = tiled_mma.get_thread_slice(int(tidx));
  line("tSrQ", thr_mma.partition_fragment_A(sQ).layout());
  line("tSrK", thr_mma.partition_fragment_B(sK).layout());
  line("tOrVt", thr_mma.partition_fragment_B(sVtNoSwizzle).layout());
  line("acc_s", partition_fragment_C(tiled_mma, Shape<Int<kBlockM>, Int<kBlockN>>{}).layout());
  line("acc_o", partition_fragment_C(tiled_mma, Shape<Int<kBlockM>, Int<kHeadDim>>{}).layout());
}

// The A and B fragments of a TiledMMA on swizzled shared-memory tiles sA (M,K) and sB (N,K).
template <class MMA, class SA, class SB> void fragments(char const* tag, MMA mma, SA sa, SB sb) {
  static volatile int tidx = 0;
  auto thr = mma.get_thread_slice(int(tidx));
  char b[256];
  snprintf(b, sizeof b, "%s.sA", tag); plain_line(b, sa);
  snprintf(b, sizeof b, "%s.A", tag); plain_line(b, thr.partition_fragment_A(make_tensor(make_smem_ptr(smem), sa)).layout());
  snprintf(b, sizeof b, "%s.sB", tag); plain_line(b, sb);
  snprintf(b, sizeof b, "%s.B", tag); plain_line(b, thr.partition_fragment_B(make_tensor(make_smem_ptr(smem), sb)).layout());
}

template <int B, int M, int S, class Atom, class ShapeA, class ShapeB, class MMA>
void swizzled(char const* tag, MMA mma, Atom atom, ShapeA a, ShapeB b) {
  auto sw = composition(Swizzle<B, M, S>{}, atom);
  fragments(tag, mma, tile_to_shape(sw, a), tile_to_shape(sw, b));
}

int main() {
  // The SM80 configurations of flash_fwd_launch_template.h (non-causal, no dropout).
  traits<64, 128, 128, 4>();
  traits<96, 128, 64, 4>();
  traits<128, 128, 64, 4>();

  auto mma4 = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_4, _1, _1>>{}, Tile<_64, _16, _16>{});
  auto mma22 = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2, _2, _1>>{}, Tile<_32, _32, _16>{});
  using RowAtom64 = Layout<Shape<_8, _64>, Stride<_64, _1>>;
  // The thread's rows miss the highest Y bit: static strides next to runtime ones.
  swizzled<3, 4, 3>("sw343", mma4, RowAtom64{}, Shape<_64, _64>{}, Shape<_16, _64>{});
  // A negative shift: the read bits Y below the written bits Z.
  swizzled<2, 3, -3>("sw23m3", mma22, Layout<Shape<_8, _32>, Stride<_32, _1>>{}, Shape<_64, _64>{}, Shape<_64, _64>{});
  // M-major tiles: A's partition reaches a Y bit and its Z partner (no decay), B's does not.
  swizzled<3, 3, 3>("mn333", mma22, Layout<Shape<_64, _8>, Stride<_1, _64>>{}, Shape<_64, _32>{}, Shape<_64, _32>{});
  swizzled<1, 2, 2>("sw122", mma4, Layout<Shape<_8, _16>, Stride<_16, _1>>{}, Shape<_64, _32>{}, Shape<_16, _32>{});
  // Both partitions reach a Y bit and its partner: no decay.
  swizzled<2, 4, 4>("sw244", mma4, Layout<Shape<_16, _64>, Stride<_64, _1>>{}, Shape<_64, _64>{}, Shape<_16, _64>{});
}
