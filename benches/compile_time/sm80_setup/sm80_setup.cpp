// The configuration of examples/sm80_gemm_setup.rs in CuTe C++, with the same compile-time
// checks (static_assert): the reference of benches/compile_time/sm80_setup/run.sh
// (`g++ -std=c++17 -fsyntax-only`). Host-only: no kernel, only the layouts.
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
#include <cute/atom/copy_traits_sm75.hpp>
#include <cute/atom/copy_traits_sm80.hpp>
using namespace cute;

using Mma = decltype(make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{},
                                    Tile<_32,_32,_16>{}));
using BlkM = _128; using BlkN = _128; using BlkK = _32;
using SmemAtom = decltype(composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_32>, Stride<_32,_1>>{}));
using SmemA = decltype(tile_to_shape(SmemAtom{}, Shape<BlkM, BlkK>{}));
using SmemB = decltype(tile_to_shape(SmemAtom{}, Shape<BlkN, BlkK>{}));
using G2S = decltype(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{},
                                     Layout<Shape<_32,_4>, Stride<_4,_1>>{}, Layout<Shape<_1,_8>>{}));
using S2RA = decltype(make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, Mma{}));
using S2RB = decltype(make_tiled_copy_B(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, Mma{}));

static_assert(std::is_same_v<decltype(Mma{}.get_layoutC_TV()),
              Layout<Shape<Shape<_4,_8,_2,_2>, Shape<Shape<_2,_2>, Shape<_1,_2>>>,
                     Stride<Stride<_64,_1,_16,_256>, Stride<Stride<_32,_8>, Stride<_0,_512>>>>>);
static_assert(size(Mma{}) == 128);
static_assert(BlkM{} % tile_size<0>(Mma{}) == 0);
static_assert(BlkN{} % tile_size<1>(Mma{}) == 0);
static_assert(BlkK{} % tile_size<2>(Mma{}) == 0);
static_assert(size<0>(typename G2S::TiledLayout_TV{}) == 128);
static_assert(size<0>(typename S2RA::TiledLayout_TV{}) == 128);
static_assert(size<0>(typename S2RB::TiledLayout_TV{}) == 128);
static_assert(std::is_same_v<decltype(S2RA::get_layoutD_TV()),
              Layout<Shape<Shape<_4,_8,_2,_2>, Shape<Shape<_2,_2,_2>, _1>>,
                     Stride<Stride<_64,_1,_16,_0>, Stride<Stride<_32,_8,_256>, _0>>>>);
static_assert(std::is_same_v<SmemA,
              ComposedLayout<Swizzle<3,3,3>, _0,
                  Layout<Shape<Shape<_8,_16>, Shape<_32,_1>>, Stride<Stride<_32,_256>, Stride<_1,_0>>>>>);

// The layouts the example prints, and thread 5's partitions.
int main() {
  Mma mma;
  print(mma.get_layoutA_TV()); print(mma.get_layoutB_TV());
  print(SmemB{});
  print(typename G2S::TiledLayout_TV{});
  print(S2RA::get_layoutS_TV()); print(S2RB::get_layoutS_TV());
  half_t* p = nullptr; float* q = nullptr;
  auto gA = make_tensor(make_gmem_ptr(p), make_layout(Shape<BlkM, BlkK>{}, LayoutRight{}));
  auto sA = make_tensor(make_smem_ptr(p), SmemA{});
  auto gC = make_tensor(make_gmem_ptr(q), Layout<Shape<BlkM, BlkN>>{});
  print(G2S{}.get_slice(5).partition_S(gA)); print(G2S{}.get_slice(5).partition_D(sA));
  print(S2RA{}.get_slice(5).partition_S(sA));
  print(mma.get_slice(5).partition_C(gC)); print(mma.get_slice(5).partition_fragment_C(gC));
}
