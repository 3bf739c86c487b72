// Host-only cross-check of the GMMA probe's descriptor fields (probes/gmma.cu, Smem::lbo/sbo/
// layout_type): prints what CuTe's make_gmma_desc computes for the k-block-0 slice (rows x 16) of
// tile_to_shape(GMMA::Layout_<MAJOR>_<SW>_Atom<half_t>, (rows, cols)) for the buffers the probe
// uses. Not part of run.sh (needs the CuTe headers):
//   nvcc -std=c++17 -I<cutlass>/include -o desc_check probes/desc_check.cu && ./desc_check
// (on the host cast_smem_ptr_to_uint prints an ERROR line and gives start address 0: ignore it;
// only layout_type, LBO and SBO are compared).
#include <cute/tensor.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <cstdio>
using namespace cute;
template <GMMA::Major Mj, class Atom, int R, int C>
void show(const char* name) {
  auto L = tile_to_shape(Atom{}, make_shape(Int<R>{}, Int<C>{}));
  alignas(1024) static half_t buf[R * C];
  Tensor t = make_tensor(make_smem_ptr(buf), L);
  Tensor s = local_tile(t, make_shape(Int<R>{}, Int<16>{}), make_coord(0, 0));
  auto d = GMMA::make_gmma_desc<Mj>(s);
  printf("%s rows %d cols %d: desc_layout_type %d desc_lbo %d desc_sbo %d\n", name, R, C,
         (int)d.bitfield.layout_type_, (int)d.bitfield.leading_byte_offset_,
         (int)d.bitfield.stride_byte_offset_);
}
#define K(a, r, c) show<GMMA::Major::K, GMMA::Layout_K_##a##_Atom<half_t>, r, c>("K_" #a);
#define M(a, r, c) show<GMMA::Major::MN, GMMA::Layout_MN_##a##_Atom<half_t>, r, c>("MN_" #a);
#define ROWS(X, a, c) X(a, 16, c) X(a, 32, c) X(a, 64, c) X(a, 96, c) X(a, 128, c) X(a, 192, c) X(a, 256, c)
int main() {
  K(INTER, 8, 16) K(SW32, 8, 16) K(SW64, 8, 32) K(SW128, 8, 64) M(INTER, 8, 16)
  ROWS(K, INTER, 16) ROWS(K, INTER, 32) ROWS(K, SW32, 16) ROWS(K, SW32, 32) ROWS(K, SW64, 32)
  ROWS(K, SW128, 64) ROWS(M, INTER, 16) ROWS(M, INTER, 32) ROWS(M, SW32, 16) ROWS(M, SW32, 32)
  M(SW64, 32, 16) M(SW64, 64, 16) M(SW64, 96, 16) M(SW64, 128, 16) M(SW64, 192, 16)
  M(SW64, 256, 16) M(SW64, 64, 32) M(SW64, 192, 32) M(SW128, 64, 16) M(SW128, 128, 16)
  M(SW128, 192, 16) M(SW128, 256, 16) M(SW128, 64, 32) M(SW128, 192, 32)
}
