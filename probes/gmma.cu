// Probe for the SM90 GMMA atoms: wgmma.mma_async m64nNk16 f32.{f16,bf16}, N in {8..256}, A and
// B from shared memory (SS) or A from registers (RS), both K-major. See probes/README.md
// ("GMMA atoms"). Built with -gencode=arch=compute_90a,code=sm_90a.
//
// usage: gmma OUTDIR [HEADERFILE]
//
// The analysis is the MMA engine (mma_engine.h) with shared-memory operands: a slot of a
// shared-memory operand is an element offset in that operand's buffer (16-bit elements from the
// 1024-byte aligned buffer start); the probe one-hots EVERY offset of the buffer, including the
// ones the instruction does not read (they must light nothing; the lines list only the ones read).
// The experiments are generated on the GPU (one CTA of 128 threads per experiment), and a
// one-hot experiment returns only its non-zero D values.
#include "mma_engine.h"
#ifndef PROBE_SIMULATE
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include "gmma_ops.h"
#endif

enum { INTER = 0, SW128 = 1 };  // value of the descriptor's layout_type field (bits 62-63)

template <int N_, bool RS_, bool BF16_, int LAYOUT_, int KBLK_ = 0>
struct Cfg {
  static constexpr int N = N_;
  // k-block: the descriptors' start address is the buffer start + 32 * KBLK bytes (CuTe's
  // iteration over the 16-wide k-blocks of a 64-wide SW128 buffer); 0 unless said.
  static constexpr int KBLK = KBLK_;
  static constexpr bool RS = RS_, BF16 = BF16_;
  static constexpr int LAYOUT = LAYOUT_;
  static constexpr int NC = N / 2;                           // D floats per thread
  static constexpr int KB = LAYOUT == SW128 ? 64 : 16;       // K extent of the buffers
  static constexpr int SA = RS ? 0 : 64 * KB;                // A buffer elements
  static constexpr int SB = N * KB;                          // B buffer elements
  static constexpr int NA = RS ? 128 * 8 : SA;               // A slots
  static constexpr int BASEA = RS ? 8 : 64;                  // code base of A slots
  static constexpr int BASEB = 64;
  static constexpr int LMAX = (N > 64 ? N : 64) + 16;        // lit entries kept per experiment
  // Descriptor fields (16-byte units). K-major INTERLEAVE: the two 8-element core-matrix columns
  // along K are LBO apart, 8-row groups SBO apart; our buffers put core matrices (8 rows x 16
  // bytes) of one K column contiguously: LBO = R*16 bytes, SBO = 128 bytes. SW128: 8-row groups
  // of 8 x 128 bytes, SBO = 1024 bytes, LBO unused (1).
#ifdef PROBE_SIMULATE
#define HD
#else
#define HD __host__ __device__
#endif
  HD static constexpr uint64_t lbo(int rows) { return LAYOUT == SW128 ? 1 : (uint64_t)rows; }
  HD static constexpr uint64_t sbo() { return LAYOUT == SW128 ? 64 : 8; }
  static std::string layout_name() { return LAYOUT == SW128 ? "K_SW128" : "K_INTER"; }
  static std::string cute_atom() {
    return LAYOUT == SW128 ? "GMMA::Layout_K_SW128_Atom" : "GMMA::Layout_K_INTER_Atom";
  }
};

struct GExp {
  int kind;  // 0: A one-hot (B coded), 1: B one-hot (A coded), 2: dense images
  int idx;   // one-hot slot, or image index
  int pass;
  int pad;
};

#ifndef PROBE_SIMULATE
template <bool BF16>
__device__ __forceinline__ uint16_t enc(float x) {
  if constexpr (BF16)
    return __bfloat16_as_ushort(__float2bfloat16_rn(x));
  else
    return __half_as_ushort(__float2half_rn(x));
}

__device__ __forceinline__ uint64_t make_desc(const void* smem, uint64_t lbo, uint64_t sbo,
                                              uint64_t layout) {
  uint64_t addr = (uint64_t)__cvta_generic_to_shared(smem);
  return ((addr >> 4) & 0x3FFF) | ((lbo & 0x3FFF) << 16) | ((sbo & 0x3FFF) << 32) | (layout << 62);
}

template <class C>
__device__ __forceinline__ void wgmma(float* d, const uint32_t* a, uint64_t da, uint64_t db) {
#define GMMA_CASE(n)                                               \
  if constexpr (C::N == n) {                                       \
    if constexpr (C::RS && C::BF16) wgmma_rs_bf16_n##n(d, a, db);  \
    if constexpr (C::RS && !C::BF16) wgmma_rs_f16_n##n(d, a, db);  \
    if constexpr (!C::RS && C::BF16) wgmma_ss_bf16_n##n(d, da, db); \
    if constexpr (!C::RS && !C::BF16) wgmma_ss_f16_n##n(d, da, db); \
  }
  GMMA_CASE(8)
  GMMA_CASE(16)
  GMMA_CASE(32)
  GMMA_CASE(64)
  GMMA_CASE(128)
  GMMA_CASE(256)
#undef GMMA_CASE
}

// imgA: per image NA 16-bit slots; imgB: SB slots; imgC: 128*NC floats.
template <class C>
__global__ void __launch_bounds__(128) gmma_kernel(const GExp* ex, const uint16_t* imgA,
                                                   const uint16_t* imgB, const float* imgC,
                                                   int* cnt, int2* lits, float* dense,
                                                   unsigned* info) {
  __shared__ alignas(1024) uint16_t sA[C::SA > 0 ? C::SA : 8];
  __shared__ alignas(1024) uint16_t sB[C::SB];
  const GExp e = ex[blockIdx.x];
  const int t = threadIdx.x;
  const uint16_t one = enc<C::BF16>(1.0f);
  auto code = [&](int i, int base) { return enc<C::BF16>((float)(e.pass == 0 ? i / base + 1 : i % base + 1)); };
  auto aval = [&](int i) -> uint16_t {
    if (e.kind == 0) return i == e.idx ? one : 0;
    if (e.kind == 1) return code(i, C::BASEA);
    return imgA[(size_t)e.idx * C::NA + i];
  };
  auto bval = [&](int i) -> uint16_t {
    if (e.kind == 1) return i == e.idx ? one : 0;
    if (e.kind == 0) return code(i, C::BASEB);
    return imgB[(size_t)e.idx * C::SB + i];
  };
  if constexpr (!C::RS)
    for (int i = t; i < C::SA; i += 128) sA[i] = aval(i);
  for (int i = t; i < C::SB; i += 128) sB[i] = bval(i);
  uint32_t a[4] = {0, 0, 0, 0};
  if constexpr (C::RS)
    for (int r = 0; r < 4; r++)
      a[r] = (uint32_t)aval(t * 8 + 2 * r) | ((uint32_t)aval(t * 8 + 2 * r + 1) << 16);
  float d[C::NC];
#pragma unroll
  for (int v = 0; v < C::NC; v++) d[v] = e.kind == 2 ? imgC[(size_t)e.idx * 128 * C::NC + t * C::NC + v] : 0.0f;
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
  __syncthreads();
  uint64_t da = make_desc(sA + 16 * C::KBLK, C::lbo(64), C::sbo(), C::LAYOUT);
  uint64_t db = make_desc(sB + 16 * C::KBLK, C::lbo(C::N), C::sbo(), C::LAYOUT);
  if (info && blockIdx.x == 0 && t == 0) {
    info[0] = (unsigned)__cvta_generic_to_shared(sA);
    info[1] = (unsigned)__cvta_generic_to_shared(sB);
  }
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
  wgmma<C>(d, a, da, db);
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
  if (e.kind == 2) {
#pragma unroll
    for (int v = 0; v < C::NC; v++) dense[(size_t)e.idx * 128 * C::NC + t * C::NC + v] = d[v];
  } else {
#pragma unroll
    for (int v = 0; v < C::NC; v++)
      if (d[v] != 0.0f) {
        int j = atomicAdd(&cnt[blockIdx.x], 1);
        if (j < C::LMAX) lits[(size_t)blockIdx.x * C::LMAX + j] = make_int2(t * C::NC + v, __float_as_int(d[v]));
      }
  }
}

template <class T>
static T* dalloc(size_t n) {
  T* p;
  CK(cudaMalloc(&p, (n ? n : 1) * sizeof(T)));
  return p;
}

template <class C>
static MmaBackend gpu_backend() {
  const Ty ty = C::BF16 ? Ty::BF16 : Ty::F16;
  OneHotRunner oh = [](const std::vector<OneHot>& q) {
    std::vector<Lits> res;
    const size_t chunk = 8192;
    GExp* dex = dalloc<GExp>(chunk);
    int* dcnt = dalloc<int>(chunk);
    int2* dl = dalloc<int2>(chunk * C::LMAX);
    std::vector<int> cnt(chunk);
    std::vector<int2> l(chunk * C::LMAX);
    for (size_t c0 = 0; c0 < q.size(); c0 += chunk) {
      size_t n = std::min(chunk, q.size() - c0);
      std::vector<GExp> ex(n);
      for (size_t i = 0; i < n; i++) ex[i] = GExp{q[c0 + i].which, q[c0 + i].idx, q[c0 + i].pass, 0};
      CK(cudaMemcpy(dex, ex.data(), n * sizeof(GExp), cudaMemcpyHostToDevice));
      CK(cudaMemset(dcnt, 0, n * sizeof(int)));
      gmma_kernel<C><<<(unsigned)n, 128>>>(dex, nullptr, nullptr, nullptr, dcnt, dl, nullptr, nullptr);
      CK(cudaGetLastError());
      CK(cudaDeviceSynchronize());
      CK(cudaMemcpy(cnt.data(), dcnt, n * sizeof(int), cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(l.data(), dl, n * C::LMAX * sizeof(int2), cudaMemcpyDeviceToHost));
      for (size_t i = 0; i < n; i++) {
        Lits r;
        for (int j = 0; j < std::min(cnt[i], C::LMAX); j++) {
          float f;
          memcpy(&f, &l[i * C::LMAX + j].y, 4);
          r.push_back({l[i * C::LMAX + j].x, (double)f});
        }
        if (cnt[i] > C::LMAX) r.push_back({-1, (double)cnt[i]});  // the engine reports it
        std::sort(r.begin(), r.end());
        res.push_back(r);
      }
    }
    CK(cudaFree(dex));
    CK(cudaFree(dcnt));
    CK(cudaFree(dl));
    return res;
  };
  MmaRunner dense = [ty](const std::vector<MmaExp>& ex) {
    size_t n = ex.size();
    std::vector<uint16_t> A(n * C::NA), B(n * C::SB);
    std::vector<float> Cv(n * 128 * C::NC);
    std::vector<GExp> g(n);
    for (size_t i = 0; i < n; i++) {
      for (int j = 0; j < C::NA; j++) A[i * C::NA + j] = (uint16_t)encode(ty, ex[i].A[j]);
      for (int j = 0; j < C::SB; j++) B[i * C::SB + j] = (uint16_t)encode(ty, ex[i].B[j]);
      for (int j = 0; j < 128 * C::NC; j++) Cv[i * 128 * C::NC + j] = (float)ex[i].C[j];
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
    gmma_kernel<C><<<(unsigned)n, 128>>>(dex, dA, dB, dC, nullptr, nullptr, dD, dinfo);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    unsigned info[2];
    CK(cudaMemcpy(info, dinfo, sizeof info, cudaMemcpyDeviceToHost));
    CK(cudaFree(dinfo));
    // The probe's premise: both buffers 1024-byte aligned (descriptor base_offset 0). If not,
    // poison the result so that the engine reports FAIL.
    if ((!C::RS && (info[0] & 1023)) || (info[1] & 1023)) {
      fprintf(stderr, "gmma: shared buffers not 1024-byte aligned: A 0x%x B 0x%x\n", info[0], info[1]);
    }
    bool misaligned = (!C::RS && (info[0] & 1023)) || (info[1] & 1023);
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
      res.push_back(std::vector<double>(D.begin() + i * 128 * C::NC, D.begin() + (i + 1) * 128 * C::NC));
    return res;
  };
  return MmaBackend{oh, dense};
}
#endif

template <class C>
static bool probe(const Out& out, uint64_t seed) {
  const Ty ty = C::BF16 ? Ty::BF16 : Ty::F16;
  const char* tn = C::BF16 ? "bf16" : "f16";
  MmaSpec s;
  s.name = fmt("SM90_64x%dx16_F32%s_%s", C::N, C::BF16 ? "BF16BF16" : "F16F16", C::RS ? "RS" : "SS");
  s.suffix = "_" + C::layout_name() + (C::KBLK ? fmt("_kb%d", C::KBLK) : std::string());
  s.instr = fmt("wgmma.mma_async.sync.aligned.m64n%dk16.f32.%s.%s %s, desc-b, p(=1), 1, 1%s", C::N,
                tn, tn, C::RS ? "d, {a0,a1,a2,a3}" : "d, desc-a", C::RS ? ", 0 (K-major B)" : ", 0, 0 (K-major A and B)");
  s.T = 128;
  s.nvC = C::NC;
  s.A = OperandSpec{C::NA, C::BASEA, C::RS, ty};
  s.B = OperandSpec{C::SB, C::BASEB, false, ty};
  s.tC = Ty::F32;
  s.M = 64;
  s.N = C::N;
  s.K = 16;
  s.first_only = true;
  auto smem_line = [&](const char* op, int rows) {
    return fmt("smem %s layout %s rows %d cols %d elements %d elem_bits 16 desc_start_bytes %d "
               "desc_lbo %llu desc_sbo %llu desc_layout_type %d desc_base_offset 0",
               op, C::layout_name().c_str(), rows, C::KB, rows * C::KB, 32 * C::KBLK,
               (unsigned long long)C::lbo(rows), (unsigned long long)C::sbo(), C::LAYOUT);
  };
  if (!C::RS) s.lines.push_back(smem_line("A", 64));
  s.lines.push_back(smem_line("B", C::N));
  s.hdr.push_back(fmt("shared-memory buffers: 1024-byte aligned, %d rows x %d 16-bit elements each; "
                      "a slot p is the element offset in the buffer; the descriptor fields (in "
                      "16-byte units) are on the smem lines; the buffers are meant as CuTe's "
                      "tile_to_shape(%s<%s>, (rows,%d)) (the test's assumption, not the probe's)",
                      C::RS ? C::N : 64, C::KB, C::cute_atom().c_str(), C::BF16 ? "bfloat16_t" : "half_t", C::KB));
  s.hdr.push_back("lines first: each A/B line lists only the smallest D value (t*values_C+v) its "
                  "one-hot lit and the other operand's slot whose code it held; the probe checked "
                  "the whole row/column (every one-hot predicted by the derived labelling)");
#ifdef PROBE_SIMULATE
  int brk = getenv("PROBE_SIM_BREAK") ? atoi(getenv("PROBE_SIM_BREAK")) : 0;
  MmaBackend be = backend_from_dense(s, simulated_mma(s, seed * 7919, brk), 64);
  if (getenv("PROBE_SIM_FAST")) be.onehot = simulated_onehot(s, seed * 7919);
  return probe_mma(s, be, out, seed);
#else
  return probe_mma(s, gpu_backend<C>(), out, seed);
#endif
}

template <bool BF16, int N>
static int probe_n(const Out& out) {
  int fails = 0;
  fails += !probe<Cfg<N, false, BF16, INTER>>(out, 100 + N);
  fails += !probe<Cfg<N, false, BF16, SW128>>(out, 200 + N);
  fails += !probe<Cfg<N, true, BF16, SW128>>(out, 300 + N);
  return fails;
}

int main(int argc, char** argv) {
  Out out;
  out.init(argc, argv, "probes/gmma.cu");
  int fails = 0;
  int maxn = getenv("GMMA_MAX_N") ? atoi(getenv("GMMA_MAX_N")) : 256;
#define ALL_N(BF)                                      \
  fails += probe_n<BF, 8>(out);                        \
  if (maxn >= 16) fails += probe_n<BF, 16>(out);       \
  if (maxn >= 32) fails += probe_n<BF, 32>(out);       \
  if (maxn >= 64) fails += probe_n<BF, 64>(out);       \
  if (maxn >= 128) fails += probe_n<BF, 128>(out);     \
  if (maxn >= 256) fails += probe_n<BF, 256>(out);
#if !defined(GMMA_ONLY_BF16)
  ALL_N(false)
  // k-blocks 1..3 of the SW128 buffers (start address inside the swizzle atom), f16, N = 64
  if (maxn >= 64) {
    fails += !probe<Cfg<64, false, false, SW128, 1>>(out, 401);
    fails += !probe<Cfg<64, false, false, SW128, 2>>(out, 402);
    fails += !probe<Cfg<64, false, false, SW128, 3>>(out, 403);
  }
#endif
#if !defined(GMMA_ONLY_F16)
  ALL_N(true)
#endif
  printf("gmma: %d atom(s) failed\n", fails);
  return fails ? 1 : 0;
}
