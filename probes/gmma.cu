// Probe for the SM90 GMMA atoms: wgmma.mma_async m64nNk16 f32.{f16,bf16}, N in
// {8,16,32,64,96,128,192,256}, A and B from shared memory (SS) or A from registers (RS), with
// K-major and MN-major shared-memory operands in every layout type (no swizzle, 32-, 64- and
// 128-byte swizzle). See probes/README.md ("GMMA atoms").
// Built with -gencode=arch=compute_90a,code=sm_90a -DGMMA_N=<N> -DGMMA_BF16=<0|1>: one binary
// per (type, N), so that the builds run in parallel. -DGMMA_F16ACC=1 (with GMMA_BF16=0): the f16
// accumulator (m64nNk16.f16.f16.f16, D in N/4 registers of two halfs).
//
// usage: gmma OUTDIR [HEADERFILE]
//
// The analysis is the MMA engine (mma_engine.h) with shared-memory operands: a slot of a
// shared-memory operand is an element offset in that operand's buffer (16-bit elements from the
// 1024-byte aligned buffer start); the probe one-hots EVERY offset of the buffer, including the
// ones the instruction does not read (they must light nothing; the lines list only the ones read).
// The experiments are generated on the GPU (one CTA of 128 threads per experiment), and a
// one-hot experiment returns only its non-zero D values. The buffers' geometry (layout type,
// rows, cols, descriptor fields, k-block) is a run-time parameter of the kernel.
#include "mma_engine.h"
#include <map>
#include <tuple>
#ifndef PROBE_SIMULATE
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include "gmma_ops.h"
#endif

#ifndef GMMA_N
#error "build with -DGMMA_N=<8|16|32|64|96|128|192|256> -DGMMA_BF16=<0|1>"
#endif
#ifndef GMMA_BF16
#define GMMA_BF16 0
#endif
#ifndef GMMA_F16ACC
#define GMMA_F16ACC 0
#endif
static constexpr int N = GMMA_N;
static constexpr bool BF16 = GMMA_BF16 != 0;
static constexpr bool F16ACC = GMMA_F16ACC != 0;
static_assert(!(BF16 && F16ACC), "wgmma has no bf16 inputs with an f16 accumulator");
static constexpr int NC = N / 2;                     // D values per thread

// The K-major-only (`_TN`) families: -DGMMA_TY=<tag> (run.sh passes the GMMA_TYPES tag), one of
// tf32, e4m3e4m3 .. e5m2e5m2 (f32 accumulator), e4m3e4m3_f16acc .. (f16 accumulator), s8s8,
// s8u8, u8s8, u8u8 (s32 accumulator), s8s8_sat .. u8u8_sat (the same with `.satfinite`: CuTe's
// `_SATURATE` atoms; the values here are small, so this probes their layouts; the clamping is
// probes/gmma_saturate.cu's). Any other tag (f16, bf16, f16acc) is a 16-bit family
// above. K = 256 / element bits; only K-major operands (no imm-trans).
#define GMMA_STR2(x) #x
#define GMMA_STR(x) GMMA_STR2(x)
static constexpr bool str_eq(const char* a, const char* b) {
  return *a == *b && (*a == 0 || str_eq(a + 1, b + 1));
}
struct TnFam {
  const char* tag;
  Ty a, b, acc;
  const char* fam;  // CuTe's type part of the name
  bool sat;         // `.satfinite` (CuTe's `_SATURATE` suffix)
};
static constexpr TnFam TN_FAMS[] = {
    {"tf32", Ty::TF32, Ty::TF32, Ty::F32, "F32TF32TF32", false},
    {"e4m3e4m3", Ty::E4M3, Ty::E4M3, Ty::F32, "F32E4M3E4M3", false},
    {"e4m3e5m2", Ty::E4M3, Ty::E5M2, Ty::F32, "F32E4M3E5M2", false},
    {"e5m2e4m3", Ty::E5M2, Ty::E4M3, Ty::F32, "F32E5M2E4M3", false},
    {"e5m2e5m2", Ty::E5M2, Ty::E5M2, Ty::F32, "F32E5M2E5M2", false},
    {"e4m3e4m3_f16acc", Ty::E4M3, Ty::E4M3, Ty::F16, "F16E4M3E4M3", false},
    {"e4m3e5m2_f16acc", Ty::E4M3, Ty::E5M2, Ty::F16, "F16E4M3E5M2", false},
    {"e5m2e4m3_f16acc", Ty::E5M2, Ty::E4M3, Ty::F16, "F16E5M2E4M3", false},
    {"e5m2e5m2_f16acc", Ty::E5M2, Ty::E5M2, Ty::F16, "F16E5M2E5M2", false},
    {"s8s8", Ty::S8, Ty::S8, Ty::S32, "S32S8S8", false},
    {"s8s8_sat", Ty::S8, Ty::S8, Ty::S32, "S32S8S8", true},
    {"s8u8", Ty::S8, Ty::U8, Ty::S32, "S32S8U8", false},
    {"s8u8_sat", Ty::S8, Ty::U8, Ty::S32, "S32S8U8", true},
    {"u8s8", Ty::U8, Ty::S8, Ty::S32, "S32U8S8", false},
    {"u8s8_sat", Ty::U8, Ty::S8, Ty::S32, "S32U8S8", true},
    {"u8u8", Ty::U8, Ty::U8, Ty::S32, "S32U8U8", false},
    {"u8u8_sat", Ty::U8, Ty::U8, Ty::S32, "S32U8U8", true},
};
[[maybe_unused]] static constexpr int tn_index(const char* t) {
  for (int i = 0; i < (int)(sizeof(TN_FAMS) / sizeof(TN_FAMS[0])); i++)
    if (str_eq(TN_FAMS[i].tag, t)) return i;
  return -1;
}
#ifdef GMMA_TY
static constexpr int TNI = tn_index(GMMA_STR(GMMA_TY));
static_assert(TNI >= 0, "GMMA_TY: not a K-major wgmma family of this probe");
#else
static constexpr int TNI = -1;
#endif
static constexpr bool TN = TNI >= 0;
static_assert(!TN || (!BF16 && !F16ACC), "-DGMMA_TY=<K-major family> goes without GMMA_BF16/F16ACC");
static constexpr Ty TYA = TN ? TN_FAMS[TNI].a : BF16 ? Ty::BF16 : Ty::F16;
static constexpr Ty TYB = TN ? TN_FAMS[TNI].b : TYA;
static constexpr Ty TYC = TN ? TN_FAMS[TNI].acc : F16ACC ? Ty::F16 : Ty::F32;
static constexpr int EB = TYA == Ty::TF32 ? 32 : (TYA == Ty::F16 || TYA == Ty::BF16) ? 16 : 8;
static constexpr int KI = 256 / EB;  // the instruction's K
static constexpr int NVA = 128 / EB;  // register-source A values per thread (4 registers)

// A shared-memory operand buffer: `rows` (M for A, N for B) x `cols` (K extent of the buffer)
// 16-bit elements, meant as CuTe's tile_to_shape(GMMA::Layout_<MAJOR>_<SW>_Atom<T>, (rows, cols))
// (the test's assumption; the probe one-hots every offset and assumes nothing about which
// offset is which element). The descriptor starts at k-block `kb` (columns 16kb..16kb+15).
struct Smem {
  bool mn;   // MN-major (imm-trans = 1) or K-major (imm-trans = 0)
  int sw;    // 0: no swizzle (INTERLEAVE), else the swizzle width in bytes: 32, 64, 128
  int rows, cols, kb;
  int elements() const { return rows * cols; }
  // descriptor layout_type (bits 62-63): 0 INTERLEAVE, 1 128B, 2 64B, 3 32B
  int layout_type() const { return sw == 0 ? 0 : sw == 128 ? 1 : sw == 64 ? 2 : 3; }
  std::string name() const { return std::string(mn ? "MN_" : "K_") + (sw ? fmt("SW%d", sw) : "INTER"); }
  // Descriptor fields in 16-byte units, as CuTe's make_gmma_desc computes them for the tile
  // (cute/atom/mma_traits_sm90_gmma.hpp; PTX ISA "matrix descriptor"):
  //  K-major INTERLEAVE ((8,m),2):((1,SBO),LBO) in 16-byte units: core matrices (8 rows x 16 B)
  //    of one K column contiguous: SBO = 128 B (next 8 rows), LBO = rows*16 B (next 8 K).
  //  K-major SW<w> ((8,m),2):((w/16,SBO),1): 8-row groups of 8*w bytes: SBO = 8w B, LBO = 1
  //    (unused).
  //  MN-major INTERLEAVE ((1,n),(8,k)):((X,SBO),(1,LBO)): core matrices (8 MN x 8 K, 128 B)
  //    along MN first: SBO = 128 B (next 8 MN), LBO = rows*16 B (next 8 K).
  //  MN-major SW<w> ((w/16,n),(8,k)):((1,LBO),(w/16,SBO)): swizzle atoms (w bytes of MN x 8 K,
  //    8w bytes) along MN first: LBO = 8w B (next atom along MN; 0 when rows is one atom, as
  //    CuTe computes it), SBO = rows*16 B (next 8 K).
  // probes/desc_check.cu prints CuTe's make_gmma_desc fields for these tiles (they agree).
  uint64_t lbo() const {
    if (!mn) return sw == 0 ? (uint64_t)rows : 1;
    if (sw == 0) return (uint64_t)rows;
    return rows == sw / 2 ? 0 : (uint64_t)(sw / 2);  // one atom along MN: CuTe's size-1 mode gives 0
  }
  uint64_t sbo() const {
    if (rows == 8 && (!mn || sw == 0)) return 0;  // one 8-row group: CuTe's size-1 mode gives 0
    if (!mn) return sw == 0 ? 8 : (uint64_t)(sw / 2);
    return sw == 0 ? 8 : (uint64_t)rows;
  }
  // Byte offset of element (0, 16kb) in the tile (row 0 of an atom is never swizzled).
  int start_bytes() const {
    if (mn || sw == 0) return 32 * rows * kb;  // two 8-K groups of rows*16 bytes per k-block
    int aw = sw / 2, k0 = 16 * kb;             // K-major swizzled: atoms of 8 x aw elements
    if constexpr (TN) {  // in bytes: a k-block is 32 bytes of K
      int kb0 = 32 * kb;
      return (kb0 / sw) * rows * sw + kb0 % sw;
    }
    return (k0 / aw) * rows * aw * 2 + (k0 % aw) * 2;
  }
  std::string cute_atom() const {
    const char* t = TYA == Ty::TF32 ? "tfloat32_t" : TYA == Ty::E4M3 ? "float_e4m3_t"
                    : TYA == Ty::E5M2 ? "float_e5m2_t" : TYA == Ty::S8 ? "int8_t"
                    : TYA == Ty::U8 ? "uint8_t" : BF16 ? "bfloat16_t" : "half_t";
    return fmt("GMMA::Layout_%s_Atom<%s>", name().c_str(), t);
  }
};

// The code base of a shared-memory operand of `count` slots: 64 (16- and 32-bit types); 8-bit
// types hold fewer distinct values (codes index a table of the type's non-zero finite values,
// at most 253 of them), so base = ceil(sqrt(count)) keeps both code digits small.
static int base_of(int count) {
  if (EB != 8) return 64;
  int b = 1;
  while (b * b < count) b++;
  return b;
}

// One probed configuration: A in registers (rs) or shared memory `a`, B in shared memory `b`.
struct Case {
  bool rs;
  Smem a, b;
  int NA() const { return rs ? 128 * NVA : a.elements(); }
  int baseA() const { return rs ? NVA : base_of(a.elements()); }
  bool tnspA() const { return !rs && a.mn; }
  bool tnspB() const { return b.mn; }
};

struct GExp {
  int kind;  // 0: A one-hot (B coded), 1: B one-hot (A coded), 2: dense images
  int idx;   // one-hot slot, or image index
  int pass;
  int pad;
};

// Kernel parameters that do not change the instruction.
struct GParams {
  int SA, SB, NA, baseA, baseB;
  const uint32_t *codesA, *codesB;  // code c -> the operand type's bits (c = 0: the value 1)
  int startA, startB;  // descriptor start, bytes from the buffer start
  uint64_t fieldsA, fieldsB;  // descriptor without the start address
};

#ifndef PROBE_SIMULATE
static constexpr int LMAX = (N > 64 ? N : 64) + 16;  // lit entries kept per one-hot experiment

__device__ __forceinline__ uint16_t enc(float x) {
  if constexpr (TN) return 0;  // unused: the TN families take codes from the tables
  if constexpr (BF16)
    return __bfloat16_as_ushort(__float2bfloat16_rn(x));
  else
    return __half_as_ushort(__float2half_rn(x));
}

static uint64_t desc_fields(const Smem& s) {
  return ((s.lbo() & 0x3FFF) << 16) | ((s.sbo() & 0x3FFF) << 32) | ((uint64_t)s.layout_type() << 62);
}

#define GMMA_CAT4(a, b, c, d) a##b##c##d
#define GMMA_XFN(ss, ty, n) GMMA_CAT4(ss, ty, _n, n)
template <bool RS, int TA, int TB>
__device__ __forceinline__ void wgmma(float* d, const uint32_t* a, uint64_t da, uint64_t db) {
  if constexpr (TN) {
#ifdef GMMA_TY
    using DT = std::conditional_t<TYC == Ty::F32, float, uint32_t>;  // the wrapper's D type
    // f16 accumulator: packed halfs; s32: the integers (exact: every C and D value here is a
    // small integer); f32: as is. Packing after a wgmma.fence, as the PTX ISA requires.
    if constexpr (TYC == Ty::F32) {
      if constexpr (RS) GMMA_XFN(wgmma_rs_, GMMA_TY, GMMA_N)((DT*)d, a, db);
      else GMMA_XFN(wgmma_ss_, GMMA_TY, GMMA_N)((DT*)d, da, db);
    } else {
      constexpr int R = TYC == Ty::F16 ? NC / 2 : NC;
      uint32_t h[R];
      for (int i = 0; i < R; i++) {
        if constexpr (TYC == Ty::F16)
          h[i] = (uint32_t)__half_as_ushort(__float2half_rn(d[2 * i])) |
                 ((uint32_t)__half_as_ushort(__float2half_rn(d[2 * i + 1])) << 16);
        else
          h[i] = (uint32_t)(int32_t)d[i];
        asm volatile("" : "+r"(h[i])::"memory");
      }
      asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
      if constexpr (RS) GMMA_XFN(wgmma_rs_, GMMA_TY, GMMA_N)((DT*)h, a, db);
      else GMMA_XFN(wgmma_ss_, GMMA_TY, GMMA_N)((DT*)h, da, db);
      asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
      asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
      for (int i = 0; i < R; i++) {
        asm volatile("" : "+r"(h[i])::"memory");
        if constexpr (TYC == Ty::F16) {
          d[2 * i] = __half2float(__ushort_as_half((unsigned short)(h[i] & 0xffff)));
          d[2 * i + 1] = __half2float(__ushort_as_half((unsigned short)(h[i] >> 16)));
        } else {
          d[i] = (float)(int32_t)h[i];
        }
      }
    }
#endif
    return;
  } else {
// The f16 accumulator: C packed into halfs before the instruction (after a wgmma.fence, as the
// PTX ISA requires between other writes of accumulator registers and wgmma), D unpacked after
// the wait (the kernel's own commit / wait then have nothing left to wait for).
#define GMMA_CASE(n)                                                                   \
  if constexpr (N == n) {                                                              \
    if constexpr (F16ACC) {                                                            \
      uint32_t h[NC / 2];                                                              \
      for (int i = 0; i < NC / 2; i++) {                                               \
        h[i] = (uint32_t)__half_as_ushort(__float2half_rn(d[2 * i])) |                 \
               ((uint32_t)__half_as_ushort(__float2half_rn(d[2 * i + 1])) << 16);     \
        asm volatile("" : "+r"(h[i])::"memory");                                       \
      }                                                                                \
      asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");                        \
      if constexpr (RS) wgmma_rs_f16_f16acc_n##n<TB>(h, a, db);                        \
      if constexpr (!RS) wgmma_ss_f16_f16acc_n##n<TA, TB>(h, da, db);                  \
      asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");                 \
      asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");                 \
      for (int i = 0; i < NC / 2; i++) {                                               \
        asm volatile("" : "+r"(h[i])::"memory");                                       \
        d[2 * i] = __half2float(__ushort_as_half((unsigned short)(h[i] & 0xffff)));    \
        d[2 * i + 1] = __half2float(__ushort_as_half((unsigned short)(h[i] >> 16)));   \
      }                                                                                \
    } else {                                                                           \
      if constexpr (RS && BF16) wgmma_rs_bf16_n##n<TB>(d, a, db);                      \
      if constexpr (RS && !BF16) wgmma_rs_f16_n##n<TB>(d, a, db);                      \
      if constexpr (!RS && BF16) wgmma_ss_bf16_n##n<TA, TB>(d, da, db);                \
      if constexpr (!RS && !BF16) wgmma_ss_f16_n##n<TA, TB>(d, da, db);                \
    }                                                                                  \
  }
  GMMA_CASE(8)
  GMMA_CASE(16)
  GMMA_CASE(32)
  GMMA_CASE(64)
  GMMA_CASE(96)
  GMMA_CASE(128)
  GMMA_CASE(192)
  GMMA_CASE(256)
#undef GMMA_CASE
  }
}

// Dynamic shared memory: [pad to 1024] A buffer (rounded up to 1024 bytes) B buffer.
// imgA: per image NA slots (EB-bit values, one per uint32_t); imgB: SB slots; imgC: 128*NC
// floats. A coded operand's slot i holds table[i / base + 1] (pass 0) or table[i % base + 1]
// (pass 1), table[c] the operand type's bits of code c (the value c itself for 16- and 32-bit
// types); a one-hot slot holds table[0], the value 1.
template <class E>
__device__ __forceinline__ void put(uint8_t* buf, int i, uint32_t v) { ((E*)buf)[i] = (E)v; }
__device__ __forceinline__ void put_slot(uint8_t* buf, int i, uint32_t v) {
  if constexpr (EB == 8) put<uint8_t>(buf, i, v);
  else if constexpr (EB == 16) put<uint16_t>(buf, i, v);
  else put<uint32_t>(buf, i, v);
}
template <bool RS, int TA, int TB>
__global__ void __launch_bounds__(128) gmma_kernel(GParams P, const GExp* ex, const uint32_t* imgA,
                                                   const uint32_t* imgB, const float* imgC,
                                                   int* cnt, int2* lits, float* dense,
                                                   unsigned* info) {
  extern __shared__ uint8_t dyn[];
  const unsigned base = (unsigned)__cvta_generic_to_shared(dyn);
  uint8_t* p0 = dyn + ((1024 - (base & 1023)) & 1023);
  uint8_t* sA = p0;
  uint8_t* sB = p0 + ((P.SA * EB / 8 + 1023) / 1024) * 1024;
  const GExp e = ex[blockIdx.x];
  const int t = threadIdx.x;
  auto code = [&](const uint32_t* tab, int i, int b) { return tab[e.pass == 0 ? i / b + 1 : i % b + 1]; };
  auto aval = [&](int i) -> uint32_t {
    if (e.kind == 0) return i == e.idx ? P.codesA[0] : 0;
    if (e.kind == 1) return code(P.codesA, i, P.baseA);
    return imgA[(size_t)e.idx * P.NA + i];
  };
  auto bval = [&](int i) -> uint32_t {
    if (e.kind == 1) return i == e.idx ? P.codesB[0] : 0;
    if (e.kind == 0) return code(P.codesB, i, P.baseB);
    return imgB[(size_t)e.idx * P.SB + i];
  };
  if constexpr (!RS)
    for (int i = t; i < P.SA; i += 128) put_slot(sA, i, aval(i));
  for (int i = t; i < P.SB; i += 128) put_slot(sB, i, bval(i));
  uint32_t a[4] = {0, 0, 0, 0};
  constexpr int PER = 32 / EB;  // values per register, the first in the low bits
  if constexpr (RS)
    for (int r = 0; r < 4; r++)
      for (int j = 0; j < PER; j++)
        a[r] |= (aval(t * NVA + PER * r + j) & (EB == 32 ? ~0u : (1u << EB) - 1)) << (EB * j);
  float d[NC];
#pragma unroll
  for (int v = 0; v < NC; v++) d[v] = e.kind == 2 ? imgC[(size_t)e.idx * 128 * NC + t * NC + v] : 0.0f;
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
  __syncthreads();
  const uint64_t addrA = (uint64_t)__cvta_generic_to_shared(sA) + P.startA;
  const uint64_t addrB = (uint64_t)__cvta_generic_to_shared(sB) + P.startB;
  const uint64_t da = ((addrA >> 4) & 0x3FFF) | P.fieldsA;
  const uint64_t db = ((addrB >> 4) & 0x3FFF) | P.fieldsB;
  if (info && blockIdx.x == 0 && t == 0) {
    info[0] = (unsigned)__cvta_generic_to_shared(sA);
    info[1] = (unsigned)__cvta_generic_to_shared(sB);
  }
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
  wgmma<RS, TA, TB>(d, a, da, db);
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
  if (e.kind == 2) {
#pragma unroll
    for (int v = 0; v < NC; v++) dense[(size_t)e.idx * 128 * NC + t * NC + v] = d[v];
  } else {
#pragma unroll
    for (int v = 0; v < NC; v++)
      if (d[v] != 0.0f) {
        int j = atomicAdd(&cnt[blockIdx.x], 1);
        if (j < LMAX) lits[(size_t)blockIdx.x * LMAX + j] = make_int2(t * NC + v, __float_as_int(d[v]));
      }
  }
}

template <class T>
static T* dalloc(size_t n) {
  T* p;
  CK(cudaMalloc(&p, (n ? n : 1) * sizeof(T)));
  return p;
}

using KernelFn = void (*)(GParams, const GExp*, const uint32_t*, const uint32_t*, const float*, int*,
                          int2*, float*, unsigned*);

static KernelFn kernel_for(const Case& c) {
  if (c.rs) return c.tnspB() ? gmma_kernel<true, 0, 1> : gmma_kernel<true, 0, 0>;
  if (c.tnspA() != c.tnspB()) {
    fprintf(stderr, "gmma: SS cases use the same major order for A and B\n");
    exit(2);
  }
  return c.tnspB() ? gmma_kernel<false, 1, 1> : gmma_kernel<false, 0, 0>;
}

// The code table of type t (see the kernel): entry 0 the bits of 1; entry c >= 1 the bits of
// c for 16- and 32-bit types (every integer below digit_base(t), at most 4096), and of the c-th
// non-zero finite value (by bit pattern) for 8-bit types. `code_of` maps a value back to c.
struct CodeTable {
  std::vector<uint32_t> bits;
  std::map<double, int> code_of;
};
static CodeTable code_table(Ty t) {
  CodeTable tab;
  tab.bits.push_back((uint32_t)encode(t, 1.0));
  if (ty_bits(t) == 8) {
    for (uint32_t b = 1; b < 256; b++) {
      double v = decode(t, b);
      if (v == 0 || !std::isfinite(v)) continue;
      tab.code_of[v] = (int)tab.bits.size();
      tab.bits.push_back(b);
    }
  } else {
    for (int c = 1; c < std::min(4096.0, digit_base(t)); c++) {
      tab.code_of[(double)c] = c;
      tab.bits.push_back((uint32_t)encode(t, (double)c));
    }
  }
  return tab;
}

static MmaBackend gpu_backend(const Case& c) {
  GParams P;
  P.SA = c.rs ? 0 : c.a.elements();
  P.SB = c.b.elements();
  P.NA = c.NA();
  P.baseA = c.baseA();
  P.baseB = base_of(c.b.elements());
  static const CodeTable tabA = code_table(TYA), tabB = code_table(TYB);
  for (auto [count, b, tab, op] : {std::make_tuple(P.NA, P.baseA, &tabA, "A"), std::make_tuple(P.SB, P.baseB, &tabB, "B")})
    if ((count + b - 1) / b >= (int)tab->bits.size() || b >= (int)tab->bits.size()) {
      fprintf(stderr, "gmma: operand %s: %d slots in base %d need more codes than the type has (%zu)\n",
              op, count, b, tab->bits.size() - 1);
      exit(2);
    }
  {
    uint32_t* d = dalloc<uint32_t>(tabA.bits.size());
    CK(cudaMemcpy(d, tabA.bits.data(), tabA.bits.size() * 4, cudaMemcpyHostToDevice));
    P.codesA = d;
    d = dalloc<uint32_t>(tabB.bits.size());
    CK(cudaMemcpy(d, tabB.bits.data(), tabB.bits.size() * 4, cudaMemcpyHostToDevice));
    P.codesB = d;
  }
  P.startA = c.rs ? 0 : c.a.start_bytes();
  P.startB = c.b.start_bytes();
  P.fieldsA = c.rs ? 0 : desc_fields(c.a);
  P.fieldsB = desc_fields(c.b);
  const size_t smem = 1024 + ((P.SA * EB / 8 + 1023) / 1024) * 1024 + (size_t)P.SB * EB / 8;
  KernelFn kern = kernel_for(c);
  CK(cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
  OneHotRunner oh = [P, smem, kern](const std::vector<OneHot>& q) {
    std::vector<Lits> res;
    const size_t chunk = 8192;
    GExp* dex = dalloc<GExp>(chunk);
    int* dcnt = dalloc<int>(chunk);
    int2* dl = dalloc<int2>(chunk * LMAX);
    std::vector<int> cnt(chunk);
    std::vector<int2> l(chunk * LMAX);
    for (size_t c0 = 0; c0 < q.size(); c0 += chunk) {
      size_t n = std::min(chunk, q.size() - c0);
      std::vector<GExp> ex(n);
      for (size_t i = 0; i < n; i++) ex[i] = GExp{q[c0 + i].which, q[c0 + i].idx, q[c0 + i].pass, 0};
      CK(cudaMemcpy(dex, ex.data(), n * sizeof(GExp), cudaMemcpyHostToDevice));
      CK(cudaMemset(dcnt, 0, n * sizeof(int)));
      kern<<<(unsigned)n, 128, smem>>>(P, dex, nullptr, nullptr, nullptr, dcnt, dl, nullptr, nullptr);
      CK(cudaGetLastError());
      CK(cudaDeviceSynchronize());
      CK(cudaMemcpy(cnt.data(), dcnt, n * sizeof(int), cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(l.data(), dl, n * LMAX * sizeof(int2), cudaMemcpyDeviceToHost));
      for (size_t i = 0; i < n; i++) {
        Lits r;
        for (int j = 0; j < std::min(cnt[i], LMAX); j++) {
          float f;
          memcpy(&f, &l[i * LMAX + j].y, 4);
          // The value back to its code (the coded operand's table): -0.5, no code, if none.
          const CodeTable& tab = q[c0 + i].which == 0 ? tabB : tabA;
          auto it = tab.code_of.find((double)f);
          r.push_back({l[i * LMAX + j].x, it == tab.code_of.end() ? -0.5 : (double)it->second});
        }
        if (cnt[i] > LMAX) r.push_back({-1, (double)cnt[i]});  // the engine reports it
        std::sort(r.begin(), r.end());
        res.push_back(r);
      }
    }
    CK(cudaFree(dex));
    CK(cudaFree(dcnt));
    CK(cudaFree(dl));
    return res;
  };
  MmaRunner dense = [P, smem, kern](const std::vector<MmaExp>& ex) {
    size_t n = ex.size();
    std::vector<uint32_t> A(n * P.NA), B(n * P.SB);
    std::vector<float> Cv(n * 128 * NC);
    std::vector<GExp> g(n);
    for (size_t i = 0; i < n; i++) {
      for (int j = 0; j < P.NA; j++) A[i * P.NA + j] = (uint32_t)encode(TYA, ex[i].A[j]);
      for (int j = 0; j < P.SB; j++) B[i * P.SB + j] = (uint32_t)encode(TYB, ex[i].B[j]);
      for (int j = 0; j < 128 * NC; j++) Cv[i * 128 * NC + j] = (float)ex[i].C[j];
      g[i] = GExp{2, (int)i, 0, 0};
    }
    GExp* dex = dalloc<GExp>(n);
    uint32_t* dA = dalloc<uint32_t>(A.size());
    uint32_t* dB = dalloc<uint32_t>(B.size());
    float* dC = dalloc<float>(Cv.size());
    float* dD = dalloc<float>(Cv.size());
    CK(cudaMemcpy(dex, g.data(), n * sizeof(GExp), cudaMemcpyHostToDevice));
    if (!A.empty()) CK(cudaMemcpy(dA, A.data(), A.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dB, B.data(), B.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dC, Cv.data(), Cv.size() * 4, cudaMemcpyHostToDevice));
    unsigned* dinfo = dalloc<unsigned>(2);
    kern<<<(unsigned)n, 128, smem>>>(P, dex, dA, dB, dC, nullptr, nullptr, dD, dinfo);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    unsigned info[2];
    CK(cudaMemcpy(info, dinfo, sizeof info, cudaMemcpyDeviceToHost));
    CK(cudaFree(dinfo));
    // The probe's premise: both buffers 1024-byte aligned (descriptor base_offset 0). If not,
    // poison the result so that the engine reports FAIL.
    bool misaligned = (P.SA > 0 && (info[0] & 1023)) || (info[1] & 1023);
    if (misaligned)
      fprintf(stderr, "gmma: shared buffers not 1024-byte aligned: A 0x%x B 0x%x\n", info[0], info[1]);
    std::vector<float> D(Cv.size());
    CK(cudaMemcpy(D.data(), dD, D.size() * 4, cudaMemcpyDeviceToHost));
    if (misaligned)
      for (auto& x : D) x = NAN;
    CK(cudaFree(dex));
    CK(cudaFree(dA));
    CK(cudaFree(dB));
    CK(cudaFree(dC));
    CK(cudaFree(dD));
    std::vector<std::vector<double>> res;
    for (size_t i = 0; i < n; i++)
      res.push_back(std::vector<double>(D.begin() + i * 128 * NC, D.begin() + (i + 1) * 128 * NC));
    return res;
  };
  return MmaBackend{oh, dense};
}
#endif

// File name: <atom>_<layout of B>[_kb<kb>] (SS cases use the same layout and k-block for A).
static std::string file_suffix(const Case& c) {
  return "_" + c.b.name() + (c.b.kb ? fmt("_kb%d", c.b.kb) : std::string());
}

static bool probe(const Out& out, const Case& c, uint64_t seed) {
  const char* tn = BF16 ? "bf16" : "f16";
  const char* acc = F16ACC ? "f16" : "f32";
  MmaSpec s;
  s.name = fmt("SM90_64x%dx16_%s_%s", N, F16ACC ? "F16F16F16" : BF16 ? "F32BF16BF16" : "F32F16F16",
               c.rs ? "RS" : "SS");
  s.suffix = file_suffix(c);
  s.instr = c.rs ? fmt("wgmma.mma_async.sync.aligned.m64n%dk16.%s.%s.%s d, {a0,a1,a2,a3}, desc-b, p(=1), 1, 1, %d (imm-trans-b: %s B)",
                       N, acc, tn, tn, (int)c.tnspB(), c.tnspB() ? "MN-major" : "K-major")
                 : fmt("wgmma.mma_async.sync.aligned.m64n%dk16.%s.%s.%s d, desc-a, desc-b, p(=1), 1, 1, %d, %d (imm-trans-a, imm-trans-b: %s A and B)",
                       N, acc, tn, tn, (int)c.tnspA(), (int)c.tnspB(), c.tnspB() ? "MN-major" : "K-major");
  if constexpr (TN) {
    const TnFam& f = TN_FAMS[TNI];
    const char *ta = ty_name(f.a), *tb = ty_name(f.b), *tc = ty_name(f.acc);
    s.name = fmt("SM90_64x%dx%d_%s_%s_TN%s", N, KI, f.fam, c.rs ? "RS" : "SS", f.sat ? "_SATURATE" : "");
    const char* sc = f.acc == Ty::S32 ? "" : ", 1, 1";
    const char* sat = f.sat ? ".satfinite" : "";
    s.instr = c.rs ? fmt("wgmma.mma_async.sync.aligned.m64n%dk%d.%s.%s.%s%s d, {a0,a1,a2,a3}, desc-b, p(=1)%s (K-major B)",
                         N, KI, tc, ta, tb, sat, sc)
                   : fmt("wgmma.mma_async.sync.aligned.m64n%dk%d.%s.%s.%s%s d, desc-a, desc-b, p(=1)%s (K-major A and B)",
                         N, KI, tc, ta, tb, sat, sc);
    if (EB == 8)
      s.hdr.push_back("8-bit inputs: a code c >= 1 is the c-th non-zero finite value of the coded "
                      "operand's type by bit pattern (1 in the one-hot slot); D's values are mapped "
                      "back to codes; the code base of a shared-memory operand is ceil(sqrt(slots))");
  }
  if (TYC == Ty::F16)
    s.hdr.push_back("f16 accumulator: D is N/4 registers of two halfs, value v = 2*register + half "
                    "(low half first); the kernel converts C from and D to f32 exactly");
  if (TYC == Ty::S32)
    s.hdr.push_back("s32 accumulator: D is N/2 registers; the kernel converts C from and D to f32 "
                    "exactly (small integers)");
  s.T = 128;
  s.nvC = NC;
  s.A = OperandSpec{c.NA(), c.baseA(), c.rs, TYA};
  s.B = OperandSpec{c.b.elements(), base_of(c.b.elements()), false, TYB};
  s.tC = TYC;
  s.M = 64;
  s.N = N;
  s.K = KI;
  s.first_only = true;
  auto smem_line = [&](const char* op, const Smem& m) {
    return fmt("smem %s layout %s rows %d cols %d elements %d elem_bits %d desc_start_bytes %d "
               "desc_lbo %llu desc_sbo %llu desc_layout_type %d desc_base_offset 0 kblock %d",
               op, m.name().c_str(), m.rows, m.cols, m.elements(), EB, m.start_bytes(),
               (unsigned long long)m.lbo(), (unsigned long long)m.sbo(), m.layout_type(), m.kb);
  };
  auto smem_hdr = [&](const char* op, const Smem& m) {
    return fmt("shared-memory buffer %s: 1024-byte aligned, %d rows x %d %d-bit elements; a slot p "
               "is the element offset in the buffer; the descriptor fields (16-byte units) are on "
               "the smem line; the buffer is meant as CuTe's tile_to_shape(%s, (%d,%d)) and the "
               "descriptor start as element (0,%d) of it (the test's assumption, not the probe's)",
               op, m.rows, m.cols, EB, m.cute_atom().c_str(), m.rows, m.cols, KI * m.kb);
  };
  if (!c.rs) s.lines.push_back(smem_line("A", c.a));
  s.lines.push_back(smem_line("B", c.b));
  if (!c.rs) s.hdr.push_back(smem_hdr("A", c.a));
  s.hdr.push_back(smem_hdr("B", c.b));
  s.hdr.push_back("lines first: each A/B line lists only the smallest D value (t*values_C+v) its "
                  "one-hot lit and the other operand's slot whose code it held; the probe checked "
                  "the whole row/column (every one-hot predicted by the derived labelling)");
#ifdef PROBE_SIMULATE
  int brk = getenv("PROBE_SIM_BREAK") ? atoi(getenv("PROBE_SIM_BREAK")) : 0;
  MmaBackend be = backend_from_dense(s, simulated_mma(s, seed * 7919, brk), 64);
  if (getenv("PROBE_SIM_FAST")) be.onehot = simulated_onehot(s, seed * 7919);
  return probe_mma(s, be, out, seed);
#else
  return probe_mma(s, gpu_backend(c), out, seed);
#endif
}

// The cases of this binary's (type, N); the rule is in probes/README.md ("Coverage").
static std::vector<Case> cases() {
  std::vector<Case> v;
  // MN width of the layout atom (elements): rows must be a multiple of it.
  auto mn_width = [](int sw) { return sw == 0 ? 8 : sw / 2; };
  auto buf = [&](bool mn, int sw, int rows, int kb) {
    // K extent: the instruction's K, at least one K-major atom's width (16 bytes unswizzled)
    int cols = mn ? KI : std::max(KI, (sw == 0 ? 16 : sw) * 8 / EB);
    while (KI * (kb + 1) > cols) cols *= 2;
    return Smem{mn, sw, rows, cols, kb};
  };
  auto ss = [&](bool mn, int sw, int kb = 0) {
    if (mn && N % mn_width(sw)) return;
    v.push_back(Case{false, buf(mn, sw, 64, kb), buf(mn, sw, N, kb)});
  };
  auto rs = [&](bool mn, int sw, int kb = 0) {
    if (mn && N % mn_width(sw)) return;
    v.push_back(Case{true, Smem{}, buf(mn, sw, N, kb)});
  };
  const int sws[4] = {0, 32, 64, 128};
  // 1. every (type, N): the three set-ups of the first run; the f16 accumulator: only these
  ss(false, 0);
  ss(false, 128);
  rs(false, 128);
  if (F16ACC || TN) return v;  // the K-major-only families: these three
  // 2. the other layouts: SS with both operands in the layout; f16: every N the layout allows;
  //    bf16: N in {8, 16, 32, 64}
  const bool few = N == 8 || N == 16 || N == 32 || N == 64 || N == 192;
  if (!BF16 || (few && N != 192)) {
    ss(false, 32);
    ss(false, 64);
    for (int sw : sws) ss(true, sw);
  }
  // 3. RS with B MN-major: N in {8, 16, 32, 64, 192} (where the layout allows N)
  if (few)
    for (int sw : sws) rs(true, sw);
  // 4. k-blocks other than 0: N = 64 (both types), a few for N = 192 (f16)
  if (N == 192 && !BF16) {
    ss(false, 128, 1);
    ss(true, 32, 1);
    ss(true, 128, 1);
  }
  if (N == 64) {
    for (int kb = 1; kb < 4; kb++) ss(false, 128, kb);
    ss(false, 0, 1);
    ss(false, 32, 1);
    ss(false, 64, 1);
    for (int sw : sws) ss(true, sw, 1);
    rs(false, 128, 2);
    rs(true, 128, 1);
  }
  return v;
}

int main(int argc, char** argv) {
  Out out;
  out.init(argc, argv, "probes/gmma.cu");
  int fails = 0, i = 0;
  auto cs = cases();
  for (auto& c : cs) fails += !probe(out, c, 1000 * (uint64_t)N + 10 * BF16 + 100000 * (++i) + 7 * F16ACC + 13 * (TNI + 1));
  printf("gmma %s%s N=%d: %zu case(s), %d failed\n", TN ? TN_FAMS[TNI].tag : BF16 ? "bf16" : "f16",
         F16ACC ? " (f16 accumulator)" : "", N, cs.size(), fails);
  return fails ? 1 : 0;
}
