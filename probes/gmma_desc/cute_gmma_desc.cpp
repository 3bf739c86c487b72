// Host-only probe: the GMMA shared-memory descriptors CuTe C++'s GMMA::make_gmma_desc<Major>
// builds, for a sweep of element widths (8, 16, 32, 64 bits), operand majors (K, MN), layout
// atoms (GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>), shared-memory tiles
// (tile_to_shape of the atom, both atom orders), operand tiles and their positions in the tile.
// No GPU: compiled by the host compiler. CuTe reads the start address with
// cast_smem_ptr_to_uint, which on the host has no shared window; this file supplies the
// intrinsic it calls on the device, __cvta_generic_to_shared, as "bytes past the start of
// g_smem" (a 1024-byte aligned buffer standing for shared memory at address 0), so the start
// address field is CuTe's own computation too.
//
// Output (stdout), one line per (configuration, operand tile):
//   bits=<b> major=<K|MN> atom=<INTER|SW32|SW64|SW128> smem=<cute print of the tile's layout>
//   order=<MK|KM> op=<(MNop,Kop)> at=<(i,j)> layout=<cute print of the operand tile's layout>
//   offset=<the operand tile's first element, in elements past the buffer>
//   desc=0x<64 bits> start=<start_address_> lbo=<leading_byte_offset_> sbo=<stride_byte_offset_>
//   base=<base_offset_> lt=<layout_type_>
// (all on one line). The swizzle of every tile is the atom's, Swizzle<B,4,3> on byte addresses
// (B = 0, 1, 2, 3 for INTER, SW32, SW64, SW128).
#include <cstddef>
#include <cstdint>
#include <cstdio>

alignas(1024) static unsigned char g_smem[1 << 18];
static inline size_t __cvta_generic_to_shared(const void* p) {
  return (size_t)((const unsigned char*)p - g_smem);
}
#define CUTE_CVTA_GENERIC_TO_SHARED_ACTIVATED 1
#include <cute/tensor.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>

using namespace cute;
using GMMA::Major;

template <class T, Major Mj, int A> struct AtomOf;
#define ATOM(A, NAME)                                                                        \
  template <class T> struct AtomOf<T, Major::K, A> { using type = GMMA::Layout_K_##NAME##_Atom<T>; };  \
  template <class T> struct AtomOf<T, Major::MN, A> { using type = GMMA::Layout_MN_##NAME##_Atom<T>; };
ATOM(0, INTER)
ATOM(1, SW32)
ATOM(2, SW64)
ATOM(3, SW128)
static const char* atom_names[] = {"INTER", "SW32", "SW64", "SW128"};

constexpr int gcd_(int a, int b) { return b == 0 ? a : gcd_(b, a % b); }
constexpr int lcm_(int a, int b) { return a / gcd_(a, b) * b; }

// One smem tile: the atom tiled to (MNmul·MN0, Kmul·K0) (MN0, K0: the smallest tile that holds
// whole atoms and whole operand tiles) in atom order Order (0: CuTe's default, M first; 1:
// Step<_2,_1>, K first); operand tiles of Kop = 256/bits K and MNop = the narrowest canonical
// extent (OpSel 0) or the whole tile (OpSel 1), at the first, the last and (1,1).
template <class T, Major Mj, int A, int MNmul, int Kmul, int Order, int OpSel>
void run() {
  using Atom = typename AtomOf<T, Mj, A>::type;
  constexpr int bits = sizeof_bits<T>::value;
  constexpr int Kop = 256 / bits;
  constexpr int aMN = decltype(size<0>(Atom{}))::value;
  constexpr int aK = decltype(size<1>(Atom{}))::value;
  constexpr int MN0 = lcm_(aMN, 8);
  constexpr int K0 = lcm_(aK, Kop);
  constexpr int MNt = MN0 * MNmul, Kt = K0 * Kmul;
  constexpr int MNop = OpSel == 0 ? MN0 : MNt;
  static_assert(MNt * Kt * bits / 8 <= int(sizeof(g_smem)), "buffer");
  auto shape = make_shape(Int<MNt>{}, Int<Kt>{});
  auto L = [&] {
    if constexpr (Order == 0) return tile_to_shape(Atom{}, shape);
    else return tile_to_shape(Atom{}, shape, Step<_2, _1>{});
  }();
  T* buf = reinterpret_cast<T*>(g_smem);
  Tensor t = make_tensor(make_smem_ptr(buf), L);
  constexpr int nm = MNt / MNop, nk = Kt / Kop;
  int at[3][2] = {{0, 0}, {nm - 1, nk - 1}, {1, 1}};
  for (int p = 0; p < 3; ++p) {
    int i = at[p][0], j = at[p][1];
    if (i >= nm || j >= nk) continue;
    if (p == 2 && (nm - 1 == 1 && nk - 1 == 1)) continue;  // (1,1) is the last
    if (p == 1 && i == 0 && j == 0) continue;                 // the last is the first
    Tensor s = local_tile(t, make_shape(Int<MNop>{}, Int<Kop>{}), make_coord(i, j));
    GmmaDescriptor d = GMMA::make_gmma_desc<Mj>(s);
    long offset = (long)(raw_pointer_cast(s.data()) - buf);
    printf("bits=%d major=%s atom=%s smem=", bits, Mj == Major::K ? "K" : "MN", atom_names[A]);
    print(L.layout_b());
    printf(" order=%s op=(%d,%d) at=(%d,%d) layout=", Order == 0 ? "MK" : "KM", MNop, Kop, i, j);
    print(s.layout());
    printf(" offset=%ld desc=0x%016llx start=%u lbo=%u sbo=%u base=%u lt=%u\n", offset,
           (unsigned long long)d.desc_, (unsigned)d.bitfield.start_address_,
           (unsigned)d.bitfield.leading_byte_offset_, (unsigned)d.bitfield.stride_byte_offset_,
           (unsigned)d.bitfield.base_offset_, (unsigned)d.bitfield.layout_type_);
  }
}

template <class T, Major Mj, int A>
void tiles() {
  run<T, Mj, A, 1, 1, 0, 0>();
  run<T, Mj, A, 8, 2, 0, 0>();
  run<T, Mj, A, 8, 2, 0, 1>();
  run<T, Mj, A, 8, 2, 1, 0>();
  run<T, Mj, A, 2, 4, 0, 0>();
  run<T, Mj, A, 2, 4, 1, 0>();
  run<T, Mj, A, 2, 4, 1, 1>();
}
template <class T, Major Mj>
void atoms() {
  tiles<T, Mj, 0>();
  tiles<T, Mj, 1>();
  tiles<T, Mj, 2>();
  tiles<T, Mj, 3>();
}
template <class T>
void majors() {
  atoms<T, Major::K>();
  atoms<T, Major::MN>();
}

int main() {
  majors<uint8_t>();
  majors<half_t>();
  majors<tfloat32_t>();
  majors<double>();
  return 0;
}
