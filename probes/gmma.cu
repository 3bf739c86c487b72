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
    return (k0 / aw) * rows * aw * 2 + (k0 % aw) * 2;
  }
  std::string cute_atom() const {
    return fmt("GMMA::Layout_%s_Atom<%s>", name().c_str(), BF16 ? "bfloat16_t" : "half_t");
  }
};

// One probed configuration: A in registers (rs) or shared memory `a`, B in shared memory `b`.
struct Case {
  bool rs;
  Smem a, b;
  int NA() const { return rs ? 128 * 8 : a.elements(); }
  int baseA() const { return rs ? 8 : 64; }
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
  int startA, startB;  // descriptor start, bytes from the buffer start
  uint64_t fieldsA, fieldsB;  // descriptor without the start address
};

#ifndef PROBE_SIMULATE
static constexpr int LMAX = (N > 64 ? N : 64) + 16;  // lit entries kept per one-hot experiment

__device__ __forceinline__ uint16_t enc(float x) {
  if constexpr (BF16)
    return __bfloat16_as_ushort(__float2bfloat16_rn(x));
  else
    return __half_as_ushort(__float2half_rn(x));
}

static uint64_t desc_fields(const Smem& s) {
  return ((s.lbo() & 0x3FFF) << 16) | ((s.sbo() & 0x3FFF) << 32) | ((uint64_t)s.layout_type() << 62);
}

template <bool RS, int TA, int TB>
__device__ __forceinline__ void wgmma(float* d, const uint32_t* a, uint64_t da, uint64_t db) {
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

// Dynamic shared memory: [pad to 1024] A buffer (rounded up to 1024 bytes) B buffer.
// imgA: per image NA 16-bit slots; imgB: SB slots; imgC: 128*NC floats.
template <bool RS, int TA, int TB>
__global__ void __launch_bounds__(128) gmma_kernel(GParams P, const GExp* ex, const uint16_t* imgA,
                                                   const uint16_t* imgB, const float* imgC,
                                                   int* cnt, int2* lits, float* dense,
                                                   unsigned* info) {
  extern __shared__ uint8_t dyn[];
  const unsigned base = (unsigned)__cvta_generic_to_shared(dyn);
  uint8_t* p0 = dyn + ((1024 - (base & 1023)) & 1023);
  uint16_t* sA = (uint16_t*)p0;
  uint16_t* sB = (uint16_t*)(p0 + ((P.SA * 2 + 1023) / 1024) * 1024);
  const GExp e = ex[blockIdx.x];
  const int t = threadIdx.x;
  const uint16_t one = enc(1.0f);
  auto code = [&](int i, int b) { return enc((float)(e.pass == 0 ? i / b + 1 : i % b + 1)); };
  auto aval = [&](int i) -> uint16_t {
    if (e.kind == 0) return i == e.idx ? one : 0;
    if (e.kind == 1) return code(i, P.baseA);
    return imgA[(size_t)e.idx * P.NA + i];
  };
  auto bval = [&](int i) -> uint16_t {
    if (e.kind == 1) return i == e.idx ? one : 0;
    if (e.kind == 0) return code(i, P.baseB);
    return imgB[(size_t)e.idx * P.SB + i];
  };
  if constexpr (!RS)
    for (int i = t; i < P.SA; i += 128) sA[i] = aval(i);
  for (int i = t; i < P.SB; i += 128) sB[i] = bval(i);
  uint32_t a[4] = {0, 0, 0, 0};
  if constexpr (RS)
    for (int r = 0; r < 4; r++)
      a[r] = (uint32_t)aval(t * 8 + 2 * r) | ((uint32_t)aval(t * 8 + 2 * r + 1) << 16);
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

using KernelFn = void (*)(GParams, const GExp*, const uint16_t*, const uint16_t*, const float*, int*,
                          int2*, float*, unsigned*);

static KernelFn kernel_for(const Case& c) {
  if (c.rs) return c.tnspB() ? gmma_kernel<true, 0, 1> : gmma_kernel<true, 0, 0>;
  if (c.tnspA() != c.tnspB()) {
    fprintf(stderr, "gmma: SS cases use the same major order for A and B\n");
    exit(2);
  }
  return c.tnspB() ? gmma_kernel<false, 1, 1> : gmma_kernel<false, 0, 0>;
}

static MmaBackend gpu_backend(const Case& c) {
  const Ty ty = BF16 ? Ty::BF16 : Ty::F16;
  GParams P;
  P.SA = c.rs ? 0 : c.a.elements();
  P.SB = c.b.elements();
  P.NA = c.NA();
  P.baseA = c.baseA();
  P.baseB = 64;
  P.startA = c.rs ? 0 : c.a.start_bytes();
  P.startB = c.b.start_bytes();
  P.fieldsA = c.rs ? 0 : desc_fields(c.a);
  P.fieldsB = desc_fields(c.b);
  const size_t smem = 1024 + ((P.SA * 2 + 1023) / 1024) * 1024 + (size_t)P.SB * 2;
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
          r.push_back({l[i * LMAX + j].x, (double)f});
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
  MmaRunner dense = [ty, P, smem, kern](const std::vector<MmaExp>& ex) {
    size_t n = ex.size();
    std::vector<uint16_t> A(n * P.NA), B(n * P.SB);
    std::vector<float> Cv(n * 128 * NC);
    std::vector<GExp> g(n);
    for (size_t i = 0; i < n; i++) {
      for (int j = 0; j < P.NA; j++) A[i * P.NA + j] = (uint16_t)encode(ty, ex[i].A[j]);
      for (int j = 0; j < P.SB; j++) B[i * P.SB + j] = (uint16_t)encode(ty, ex[i].B[j]);
      for (int j = 0; j < 128 * NC; j++) Cv[i * 128 * NC + j] = (float)ex[i].C[j];
      g[i] = GExp{2, (int)i, 0, 0};
    }
    GExp* dex = dalloc<GExp>(n);
    uint16_t* dA = dalloc<uint16_t>(A.size());
    uint16_t* dB = dalloc<uint16_t>(B.size());
    float* dC = dalloc<float>(Cv.size());
    float* dD = dalloc<float>(Cv.size());
    CK(cudaMemcpy(dex, g.data(), n * sizeof(GExp), cudaMemcpyHostToDevice));
    if (!A.empty()) CK(cudaMemcpy(dA, A.data(), A.size() * 2, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dB, B.data(), B.size() * 2, cudaMemcpyHostToDevice));
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
  const Ty ty = BF16 ? Ty::BF16 : Ty::F16;
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
  if (F16ACC)
    s.hdr.push_back("f16 accumulator: D is N/4 registers of two halfs, value v = 2*register + half "
                    "(low half first); the kernel converts C from and D to f32 exactly");
  s.T = 128;
  s.nvC = NC;
  s.A = OperandSpec{c.NA(), c.baseA(), c.rs, ty};
  s.B = OperandSpec{c.b.elements(), 64, false, ty};
  s.tC = F16ACC ? Ty::F16 : Ty::F32;
  s.M = 64;
  s.N = N;
  s.K = 16;
  s.first_only = true;
  auto smem_line = [&](const char* op, const Smem& m) {
    return fmt("smem %s layout %s rows %d cols %d elements %d elem_bits 16 desc_start_bytes %d "
               "desc_lbo %llu desc_sbo %llu desc_layout_type %d desc_base_offset 0 kblock %d",
               op, m.name().c_str(), m.rows, m.cols, m.elements(), m.start_bytes(),
               (unsigned long long)m.lbo(), (unsigned long long)m.sbo(), m.layout_type(), m.kb);
  };
  auto smem_hdr = [&](const char* op, const Smem& m) {
    return fmt("shared-memory buffer %s: 1024-byte aligned, %d rows x %d 16-bit elements; a slot p "
               "is the element offset in the buffer; the descriptor fields (16-byte units) are on "
               "the smem line; the buffer is meant as CuTe's tile_to_shape(%s, (%d,%d)) and the "
               "descriptor start as element (0,%d) of it (the test's assumption, not the probe's)",
               op, m.rows, m.cols, m.cute_atom().c_str(), m.rows, m.cols, 16 * m.kb);
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
    int cols = mn ? 16 : std::max(16, sw == 0 ? 8 : sw / 2);
    while (16 * (kb + 1) > cols) cols *= 2;
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
  if (F16ACC) return v;
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
  for (auto& c : cs) fails += !probe(out, c, 1000 * (uint64_t)N + 10 * BF16 + 100000 * (++i) + 7 * F16ACC);
  printf("gmma %s%s N=%d: %zu case(s), %d failed\n", BF16 ? "bf16" : "f16",
         F16ACC ? " (f16 accumulator)" : "", N, cs.size(), fails);
  return fails ? 1 : 0;
}
