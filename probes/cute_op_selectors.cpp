// Host-only probe: the wgmma atoms CuTe C++'s SM90::GMMA::ss_op_selector and rs_op_selector
// pick (cute/arch/mma_sm90.hpp, without CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED), for the tf32,
// fp8 and 8-bit integer families (K-major operands) and the register-source selector of every
// family, on every Tile_N that is a multiple of 8 up to 256 (Tile_M 64, Tile_K 64).
// Output, one line per case:  ss|rs TYPE_A TYPE_B TYPE_C M N K MAJOR_A MAJOR_B | OP
// (OP: CuTe's SM90::GMMA::MMA_64xNxK_... written SM90_64xNxK_..., its name without the
// template arguments).
// Run: sh probes/run_op_selectors.sh   (writes tests/data/atoms_cute/op_selectors.txt)
#include <cstdio>
#include <string>
#include <cutlass/version.h>
#include <cute/tensor.hpp>
#include <cute/arch/mma_sm90.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
using namespace cute;

template <class Op> std::string op_name() {
  std::string f = __PRETTY_FUNCTION__;
  auto i = f.find("MMA_64x");
  auto j = f.find_first_of("<;]", i);
  return "SM90_" + f.substr(i + 4, j - i - 4);
}
template <bool RS, class A, class B, class C, int N, GMMA::Major MA, GMMA::Major MB>
void line(const char* ta, const char* tb, const char* tc, const char* ma, const char* mb) {
  using Tile = Shape<Int<64>, Int<N>, Int<64>>;
  std::string name;
  if constexpr (RS) name = op_name<decltype(SM90::GMMA::rs_op_selector<A, B, C, Tile, MA, MB>())>();
  else name = op_name<decltype(SM90::GMMA::ss_op_selector<A, B, C, Tile, MA, MB>())>();
  printf("%s %s %s %s 64 %d 64 %s %s | %s\n", RS ? "rs" : "ss", ta, tb, tc, N, ma, mb, name.c_str());
}
template <bool RS, class A, class B, class C, GMMA::Major MA, GMMA::Major MB, int... Ns>
void ns(const char* ta, const char* tb, const char* tc, const char* ma, const char* mb,
        std::integer_sequence<int, Ns...>) {
  (line<RS, A, B, C, 8 * (Ns + 1), MA, MB>(ta, tb, tc, ma, mb), ...);
}
using N32 = std::make_integer_sequence<int, 32>;
#define FAM(RS, A, B, C, MA, MB) \
  ns<RS, A, B, C, GMMA::Major::MA, GMMA::Major::MB>(#A, #B, #C, #MA, #MB, N32{});
#define TN(RS)                                            \
  FAM(RS, tfloat32_t, tfloat32_t, float, K, K)            \
  FAM(RS, float_e4m3_t, float_e4m3_t, float, K, K)        \
  FAM(RS, float_e4m3_t, float_e5m2_t, float, K, K)        \
  FAM(RS, float_e5m2_t, float_e4m3_t, float, K, K)        \
  FAM(RS, float_e5m2_t, float_e5m2_t, float, K, K)        \
  FAM(RS, float_e4m3_t, float_e4m3_t, half_t, K, K)       \
  FAM(RS, float_e4m3_t, float_e5m2_t, half_t, K, K)       \
  FAM(RS, float_e5m2_t, float_e4m3_t, half_t, K, K)       \
  FAM(RS, float_e5m2_t, float_e5m2_t, half_t, K, K)       \
  FAM(RS, int8_t, int8_t, int32_t, K, K)                  \
  FAM(RS, int8_t, uint8_t, int32_t, K, K)                 \
  FAM(RS, uint8_t, int8_t, int32_t, K, K)                 \
  FAM(RS, uint8_t, uint8_t, int32_t, K, K)

int main() {
  printf("# CUTLASS %d.%d.%d headers (probes/cute_op_selectors.cpp)\n", CUTLASS_MAJOR,
         CUTLASS_MINOR, CUTLASS_PATCH);
  TN(false)
  TN(true)
  FAM(true, half_t, half_t, half_t, K, K)
  FAM(true, half_t, half_t, half_t, K, MN)
  FAM(true, half_t, half_t, float, K, K)
  FAM(true, half_t, half_t, float, K, MN)
  FAM(true, bfloat16_t, bfloat16_t, float, K, K)
  FAM(true, bfloat16_t, bfloat16_t, float, K, MN)
  return 0;
}
