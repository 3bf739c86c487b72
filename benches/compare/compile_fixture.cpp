// C++ equivalent of benches/compile_time/fixture/src/lib.rs: the same 23 static layout-algebra
// operations and the same GEMM tiling, with CuTe's static integers, so that every result is
// computed by the compiler. Timed with `g++ -std=c++17 -fsyntax-only` by
// benches/compile_time/run.sh.
#include <cute/layout.hpp>
#include <tuple>

using namespace cute;

template <int... V>
using S = Shape<Int<V>...>;

#define L(shape, stride) make_layout(shape, stride)

auto small_ops() {
  auto a = L(make_shape(_4{}, _8{}), make_stride(_1{}, _4{}));
  auto tv = L(make_shape(make_shape(_4{}, _8{}), _2{}),
              make_stride(make_stride(Int<16>{}, _1{}), _8{}));
  auto r0 = composition(a, L(make_shape(_2{}, _4{}), make_stride(_4{}, _1{})));
  auto r1 = composition(a, L(make_shape(_4{}, _2{}), make_stride(_1{}, _8{})));
  auto r2 = composition(L(make_shape(_4{}, _6{}, _8{}, Int<10>{}), make_stride(_2{}, _3{}, _5{}, _7{})),
                        L(_6{}, Int<12>{}));
  auto r3 = composition(L(make_shape(_4{}, _2{}, _8{}), make_stride(_3{}, Int<12>{}, Int<97>{})),
                        L(_3{}, _3{}));
  auto r4 = composition(L(_7{}, Int<11>{}), L(make_shape(_3{}, _5{}), make_stride(_6{}, _3{})));
  auto r5 = composition(L(make_shape(_8{}, _8{}), make_stride(_8{}, _1{})), tv);
  auto r6 = composition(L(make_shape(_8{}, _8{}), make_stride(_1{}, _9{})), tv);
  auto r7 = composition(L(make_shape(_8{}, _8{}), make_stride(_1{}, _8{})), tv);
  auto r8 = complement(L(_4{}, _2{}), Int<24>{});
  auto r9 = complement(L(_6{}, _4{}), Int<24>{});
  auto r10 = complement(L(make_shape(_2{}, _2{}), make_stride(_1{}, _6{})), Int<24>{});
  auto r11 = complement(L(make_shape(_4{}, _6{}), make_stride(_1{}, _4{})), Int<24>{});
  auto r12 = coalesce(L(make_shape(_2{}, make_shape(_1{}, _6{})), make_stride(_1{}, make_stride(_6{}, _2{}))));
  auto r13 = coalesce(L(make_shape(make_shape(_4{}, _3{}), _5{}),
                        make_stride(make_stride(Int<15>{}, _1{}), _3{})));
  auto r14 = coalesce(L(make_shape(_2{}, _4{}), make_stride(_1{}, _2{})));
  auto r15 = logical_divide(L(Int<24>{}, _1{}), L(_4{}, _2{}));
  auto r16 = logical_divide(L(Int<24>{}, _1{}), L(_8{}, _3{}));
  auto r17 = logical_divide(a, make_tile(L(_2{}, _1{}), L(_4{}, _1{})));
  auto r18 = logical_divide(L(Int<128>{}, Int<128>{}), L(make_shape(Int<16>{}, _4{}), make_stride(_4{}, _1{})));
  auto r19 = coalesce(L(make_shape(make_shape(_2{}, _2{}), _3{}), make_stride(make_stride(_1{}, _2{}), _4{})));
  auto r20 = logical_product(L(_4{}, _1{}), L(_3{}, _1{}));
  auto r21 = blocked_product(L(make_shape(_2{}, _5{}), make_stride(_5{}, _1{})),
                             L(make_shape(_3{}, _4{}), make_stride(_1{}, _3{})));
  auto r22 = zipped_divide(a, make_tile(L(_2{}, _1{}), L(_4{}, _1{})));
  auto r23 = composition(L(make_shape(make_shape(_4{}, _2{}), make_shape(_2{}, _4{})),
                           make_stride(make_stride(_2{}, _16{}), make_stride(_1{}, _8{}))), tv);
  auto r24 = logical_product(L(make_shape(_3{}, _4{}), make_stride(_4{}, _1{})),
                             L(make_shape(_2{}, _5{}), make_stride(_1{}, _2{})));
  return std::make_tuple(r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15,
                         r16, r17, r18, r19, r20, r21, r22, r23, r24);
}

auto gemm_tiling() {
  auto ma = L(make_shape(Int<128>{}, Int<64>{}), make_stride(_1{}, Int<128>{}));
  auto mb = L(make_shape(Int<128>{}, Int<64>{}), make_stride(_1{}, Int<128>{}));
  auto mc = L(make_shape(Int<128>{}, Int<128>{}), make_stride(_1{}, Int<128>{}));
  auto ga = zipped_divide(ma, make_tile(L(Int<32>{}, _1{}), L(_8{}, _1{})));
  auto gb = zipped_divide(mb, make_tile(L(Int<32>{}, _1{}), L(_8{}, _1{})));
  auto gc = zipped_divide(mc, make_tile(L(Int<32>{}, _1{}), L(Int<32>{}, _1{})));
  auto tile_c = L(make_shape(Int<32>{}, Int<32>{}), make_stride(_1{}, Int<32>{}));
  auto thr = zipped_divide(tile_c, make_tile(L(_2{}, _1{}), L(_2{}, _1{})));
  auto thr_c = logical_divide(tile_c, make_tile(L(Int<16>{}, _2{}), L(Int<16>{}, _2{})));
  auto blk = blocked_product(L(make_shape(_2{}, _2{}), make_stride(_1{}, _2{})),
                             L(make_shape(Int<16>{}, Int<16>{}), make_stride(_1{}, Int<16>{})));
  return std::make_tuple(ga, gb, gc, thr, thr_c, blk);
}

// Every result is static: the whole tuple is an empty type.
static_assert(std::is_empty_v<decltype(small_ops())>);
static_assert(std::is_empty_v<decltype(gemm_tiling())>);
