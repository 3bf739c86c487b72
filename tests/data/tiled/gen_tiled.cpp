// CuTe C++ oracle for tests/atom_tiled.rs: prints the layouts of a few TiledMMAs and
// TiledCopies, one `name: layout` line each. Regenerate (host only, no GPU) with
//   tests/data/tiled/gen.sh > tests/data/tiled/cute_tiled.txt
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
#include <cute/atom/copy_traits_sm75.hpp>
#include <cute/atom/copy_traits_sm80.hpp>
#include <cstdio>
using namespace cute;

template <class X> void line(char const* name, X const& x) {
  printf("%s: ", name); print(x); printf("\n");
}

// Buffers holding their own index: a tensor on them maps each coordinate to its offset.
static int buf_a[1 << 16], buf_b[1 << 16];
template <class L> auto idx_tensor(L const& l) { return make_tensor(make_gmem_ptr(buf_a), l); }
template <class L> auto idx_tensor_b(L const& l) { return make_tensor(make_gmem_ptr(buf_b), l); }
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

template <class MMA, class LC, class LA, class LB> void part_lines(char const* tag, MMA const& mma, LC lc, LA la, LB lb, int thr) {
  char b[256];
  auto s = mma.get_slice(thr);
  snprintf(b, sizeof b, "%s.partition_C(%d)", tag, thr); elems(b, s.partition_C(idx_tensor(lc)));
  snprintf(b, sizeof b, "%s.partition_A(%d)", tag, thr); elems(b, s.partition_A(idx_tensor(la)));
  snprintf(b, sizeof b, "%s.partition_B(%d)", tag, thr); elems(b, s.partition_B(idx_tensor(lb)));
  if (thr == 0) {
    snprintf(b, sizeof b, "%s.partition_fragment_C", tag); line(b, s.partition_fragment_C(idx_tensor(lc)).layout());
    snprintf(b, sizeof b, "%s.partition_fragment_A", tag); line(b, s.partition_fragment_A(idx_tensor(la)).layout());
    snprintf(b, sizeof b, "%s.partition_fragment_B", tag); line(b, s.partition_fragment_B(idx_tensor(lb)).layout());
  }
}

template <class TC> void copy_lines(char const* tag, TC const& tc) {
  char b[256];
  snprintf(b, sizeof b, "%s.tiler", tag); line(b, typename TC::Tiler_MN{});
  snprintf(b, sizeof b, "%s.TiledLayout_TV", tag); line(b, typename TC::TiledLayout_TV{});
  snprintf(b, sizeof b, "%s.S_TV", tag); line(b, tc.get_layoutS_TV());
  snprintf(b, sizeof b, "%s.D_TV", tag); line(b, tc.get_layoutD_TV());
}

template <class TC, class LS, class LD> void copy_part_lines(char const* tag, TC const& tc, LS ls, LD ld, int thr) {
  char b[256];
  auto s = tc.get_slice(thr);
  snprintf(b, sizeof b, "%s.partition_S(%d)", tag, thr); elems(b, s.partition_S(idx_tensor(ls)));
  snprintf(b, sizeof b, "%s.partition_D(%d)", tag, thr); elems(b, s.partition_D(idx_tensor_b(ld)));
}

int main() {
  for (int i = 0; i < (1 << 16); ++i) buf_a[i] = buf_b[i] = i;
  // 1. The SM80 configuration.
  auto mma1 = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_16>{});
  mma_lines("mma1", mma1);
  auto lc = Layout<Shape<_128,_128>>{};                          // (M,N) column major
  auto la = make_layout(Shape<_128,_32>{}, LayoutRight{});       // (M,K) K-major
  auto lb = make_layout(Shape<_128,_32>{}, LayoutRight{});       // (N,K) K-major
  for (int t : {0, 5, 127}) part_lines("mma1", mma1, lc, la, lb, t);
  auto la3 = make_layout(Shape<_128,_32,_3>{}, make_stride(_32{}, _1{}, Int<4096>{}));
  { auto s = mma1.get_slice(37);
    elems("mma1.partition_A3(37)", s.partition_A(idx_tensor(la3))); }
  // 2. Row-major atom layout, no permutation.
  auto mma2 = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN{}, Layout<Shape<_2,_2,_1>, Stride<_2,_1,_0>>{});
  mma_lines("mma2", mma2);
  for (int t : {0, 33, 100}) part_lines("mma2", mma2, Layout<Shape<_64,_32>>{}, Layout<Shape<_64,_16>>{}, Layout<Shape<_32,_16>>{}, t);
  // 3. A layout permutation of M.
  auto mma3 = make_tiled_mma(SM80_8x8x4_F64F64F64F64_TN{}, Layout<Shape<_2,_2,_1>>{},
                             Tile<Layout<Shape<_8,_2,_2>, Stride<_1,_16,_8>>, _16, _8>{});
  mma_lines("mma3", mma3);
  // 4. One atom, TF32.
  auto mma4 = make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN{});
  mma_lines("mma4", mma4);
  // 5. 4 warps along M, the 8x8x4 atom, K permuted to 8.
  auto mma5 = make_tiled_mma(SM80_8x8x4_F64F64F64F64_TN{}, Layout<Shape<_4,_1,_1>>{}, Tile<_32,_16,_8>{});
  mma_lines("mma5", mma5);

  // TiledCopies: 128-bit cp.async of a K-major 128x32 half tile, 128 threads.
  auto cp1 = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{},
                             Layout<Shape<_32,_4>, Stride<_4,_1>>{}, Layout<Shape<_1,_8>>{});
  copy_lines("cp1", cp1);
  auto sw = composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_32>, Stride<_32,_1>>{});
  auto sA = tile_to_shape(sw, Shape<_128,_32>{});
  line("sA", sA);
  for (int t : {0, 5, 127}) copy_part_lines("cp1", cp1, la, sA, t);
  // A plain copy, column-major threads, 2x2 values.
  auto cp2 = make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, half_t>{},
                             Layout<Shape<_8,_4>>{}, Layout<Shape<_2,_1>>{});
  copy_lines("cp2", cp2);
  for (int t : {0, 9, 31}) copy_part_lines("cp2", cp2, Layout<Shape<_32,_8>>{}, Layout<Shape<_32,_8>>{}, t);
  // ldmatrix for the A and B operands of mma1.
  auto ldA = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mma1);
  copy_lines("ldA", ldA);
  auto ldB = make_tiled_copy_B(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mma1);
  copy_lines("ldB", ldB);
  auto stC = make_tiled_copy_C(Copy_Atom<UniversalCopy<float>, float>{}, mma1);
  copy_lines("stC", stC);
  for (int t : {0, 5, 127}) {
    char b[256];
    auto s = ldA.get_slice(t);
    snprintf(b, sizeof b, "ldA.partition_S(%d)", t);
    elems(b, s.partition_S(idx_tensor(sA)));
    // retile_D of the MMA's A fragment: the fragment's own offsets, in the copy's order.
    auto frag = mma1.get_slice(t).partition_fragment_A(idx_tensor(sA));
    auto fl = make_tensor(make_gmem_ptr(buf_b), frag.layout());
    snprintf(b, sizeof b, "ldA.retile_D(%d)", t);
    elems(b, s.retile_D(fl));
  }
}
