// Probe for the SM80 mma.sync atoms: records which (thread, register element) holds which matrix
// element, without assuming the layout. See probes/README.md ("MMA atoms") and mma_engine.h.
//
// usage: mma OUTDIR [HEADERFILE]      (one data file per atom in OUTDIR; PASS/FAIL on stdout)
#include "mma_engine.h"

// Each atom: its PTX instruction, register counts (per thread) and types. `RA`/`RB`/`RC` are
// the C++ types bound to the asm operands (their size is the register width).
#define MMA_ATOM_HEADER(NAME, INSTR, RA_, RB_, RC_, NA_, NB_, NC_, TA_, TB_, TC_, M_, N_, K_) \
  static constexpr const char* name = #NAME;                                                    \
  static constexpr const char* instr = INSTR;                                                   \
  using RA = RA_;                                                                               \
  using RB = RB_;                                                                               \
  using RC = RC_;                                                                               \
  static constexpr int nA = NA_, nB = NB_, nC = NC_, M = M_, N = N_, K = K_;                    \
  static constexpr Ty tA = TA_, tB = TB_, tC = TC_;

struct SM80_16x8x8_F32F16F16F32_TN {
  MMA_ATOM_HEADER(SM80_16x8x8_F32F16F16F32_TN, "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32",
                  uint32_t, uint32_t, float, 2, 1, 4, Ty::F16, Ty::F16, Ty::F32, 16, 8, 8)
  __device__ static void mma(RC* d, const RA* a, const RB* b, const RC* c) {
    asm volatile(
        "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, "
        "{%7,%8,%9,%10};\n"
        : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(b[0]), "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
  }
};

struct SM80_16x8x8_F16F16F16F16_TN {
  MMA_ATOM_HEADER(SM80_16x8x8_F16F16F16F16_TN, "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16",
                  uint32_t, uint32_t, uint32_t, 2, 1, 2, Ty::F16, Ty::F16, Ty::F16, 16, 8, 8)
  __device__ static void mma(RC* d, const RA* a, const RB* b, const RC* c) {
    asm volatile(
        "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3}, {%4}, {%5,%6};\n"
        : "=r"(d[0]), "=r"(d[1])
        : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]));
  }
};

struct SM80_16x8x16_F32F16F16F32_TN {
  MMA_ATOM_HEADER(SM80_16x8x16_F32F16F16F32_TN, "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
                  uint32_t, uint32_t, float, 4, 2, 4, Ty::F16, Ty::F16, Ty::F32, 16, 8, 16)
  __device__ static void mma(RC* d, const RA* a, const RB* b, const RC* c) {
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%10,%11,%12,%13};\n"
        : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "f"(c[0]),
          "f"(c[1]), "f"(c[2]), "f"(c[3]));
  }
};

struct SM80_16x8x16_F16F16F16F16_TN {
  MMA_ATOM_HEADER(SM80_16x8x16_F16F16F16F16_TN, "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16",
                  uint32_t, uint32_t, uint32_t, 4, 2, 2, Ty::F16, Ty::F16, Ty::F16, 16, 8, 16)
  __device__ static void mma(RC* d, const RA* a, const RB* b, const RC* c) {
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, "
        "{%8,%9};\n"
        : "=r"(d[0]), "=r"(d[1])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]));
  }
};

struct SM80_16x8x16_F32BF16BF16F32_TN {
  MMA_ATOM_HEADER(SM80_16x8x16_F32BF16BF16F32_TN,
                  "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", uint32_t, uint32_t, float,
                  4, 2, 4, Ty::BF16, Ty::BF16, Ty::F32, 16, 8, 16)
  __device__ static void mma(RC* d, const RA* a, const RB* b, const RC* c) {
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%10,%11,%12,%13};\n"
        : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "f"(c[0]),
          "f"(c[1]), "f"(c[2]), "f"(c[3]));
  }
};

struct SM80_16x8x8_F32TF32TF32F32_TN {
  MMA_ATOM_HEADER(SM80_16x8x8_F32TF32TF32F32_TN,
                  "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", uint32_t, uint32_t, float,
                  4, 2, 4, Ty::TF32, Ty::TF32, Ty::F32, 16, 8, 8)
  __device__ static void mma(RC* d, const RA* a, const RB* b, const RC* c) {
    asm volatile(
        "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%10,%11,%12,%13};\n"
        : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "f"(c[0]),
          "f"(c[1]), "f"(c[2]), "f"(c[3]));
  }
};

struct SM80_8x8x4_F64F64F64F64_TN {
  MMA_ATOM_HEADER(SM80_8x8x4_F64F64F64F64_TN, "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64",
                  double, double, double, 1, 1, 2, Ty::F64, Ty::F64, Ty::F64, 8, 8, 4)
  __device__ static void mma(RC* d, const RA* a, const RB* b, const RC* c) {
    asm volatile(
        "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%4,%5};\n"
        : "=d"(d[0]), "=d"(d[1])
        : "d"(a[0]), "d"(b[0]), "d"(c[0]), "d"(c[1]));
  }
};

struct SM80_16x8x32_S32S8S8S32_TN {
  MMA_ATOM_HEADER(SM80_16x8x32_S32S8S8S32_TN, "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32",
                  uint32_t, uint32_t, uint32_t, 4, 2, 4, Ty::S8, Ty::S8, Ty::S32, 16, 8, 32)
  __device__ static void mma(RC* d, const RA* a, const RB* b, const RC* c) {
    asm volatile(
        "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%10,%11,%12,%13};\n"
        : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]),
          "r"(c[1]), "r"(c[2]), "r"(c[3]));
  }
};

// One block of 32 threads per experiment; registers of thread t of experiment e at
// [(e * 32 + t) * n + i].
template <class At>
__global__ void mma_kernel(const typename At::RA* A, const typename At::RB* B,
                           const typename At::RC* C, typename At::RC* D) {
  size_t base = (size_t)blockIdx.x * 32 + threadIdx.x;
  typename At::RA a[At::nA];
  typename At::RB b[At::nB];
  typename At::RC c[At::nC], d[At::nC];
#pragma unroll
  for (int i = 0; i < At::nA; i++) a[i] = A[base * At::nA + i];
#pragma unroll
  for (int i = 0; i < At::nB; i++) b[i] = B[base * At::nB + i];
#pragma unroll
  for (int i = 0; i < At::nC; i++) c[i] = C[base * At::nC + i];
  At::mma(d, a, b, c);
#pragma unroll
  for (int i = 0; i < At::nC; i++) D[base * At::nC + i] = d[i];
}

template <class At>
static MmaSpec spec() {
  auto nv = [](int nregs, size_t regbytes, Ty t) { return nregs * (int)(regbytes * 8) / ty_bits(t); };
  int nvA = nv(At::nA, sizeof(typename At::RA), At::tA);
  int nvB = nv(At::nB, sizeof(typename At::RB), At::tB);
  MmaSpec s;
  s.name = At::name;
  s.instr = At::instr;
  s.T = 32;
  s.nvC = nv(At::nC, sizeof(typename At::RC), At::tC);
  s.A = OperandSpec{32 * nvA, nvA, true, At::tA};
  s.B = OperandSpec{32 * nvB, nvB, true, At::tB};
  s.tC = At::tC;
  s.M = At::M;
  s.N = At::N;
  s.K = At::K;
  return s;
}

#ifndef PROBE_SIMULATE
// Packs the experiments' values into registers, runs the kernel, unpacks D.
template <class R>
static std::vector<R> to_regs(const std::vector<uint64_t>& bits) {
  std::vector<R> r(bits.size());
  for (size_t i = 0; i < bits.size(); i++) memcpy(&r[i], &bits[i], sizeof(R));  // little-endian
  return r;
}
template <class R>
static std::vector<uint64_t> from_regs(const std::vector<R>& r) {
  std::vector<uint64_t> bits(r.size(), 0);
  for (size_t i = 0; i < r.size(); i++) memcpy(&bits[i], &r[i], sizeof(R));
  return bits;
}
template <class R>
static R* upload(const std::vector<R>& v) {
  R* p;
  CK(cudaMalloc(&p, v.size() * sizeof(R)));
  CK(cudaMemcpy(p, v.data(), v.size() * sizeof(R), cudaMemcpyHostToDevice));
  return p;
}

template <class At>
static MmaRunner gpu_runner() {
  return [](const std::vector<MmaExp>& ex) {
    using RA = typename At::RA;
    using RB = typename At::RB;
    using RC = typename At::RC;
    const int T = 32, ba = sizeof(RA) * 8, bb = sizeof(RB) * 8, bc = sizeof(RC) * 8;
    std::vector<RA> A;
    std::vector<RB> B;
    std::vector<RC> C;
    for (auto& e : ex) {
      auto a = to_regs<RA>(pack_values(e.A, T, At::nA, ba, At::tA));
      auto b = to_regs<RB>(pack_values(e.B, T, At::nB, bb, At::tB));
      auto c = to_regs<RC>(pack_values(e.C, T, At::nC, bc, At::tC));
      A.insert(A.end(), a.begin(), a.end());
      B.insert(B.end(), b.begin(), b.end());
      C.insert(C.end(), c.begin(), c.end());
    }
    RA* dA = upload(A);
    RB* dB = upload(B);
    RC* dC = upload(C);
    RC* dD;
    CK(cudaMalloc(&dD, C.size() * sizeof(RC)));
    CK(cudaMemset(dD, 0xff, C.size() * sizeof(RC)));
    mma_kernel<At><<<(unsigned)ex.size(), T>>>(dA, dB, dC, dD);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    std::vector<RC> Dh(C.size());
    CK(cudaMemcpy(Dh.data(), dD, Dh.size() * sizeof(RC), cudaMemcpyDeviceToHost));
    CK(cudaFree(dA));
    CK(cudaFree(dB));
    CK(cudaFree(dC));
    CK(cudaFree(dD));
    std::vector<std::vector<double>> res;
    size_t per = (size_t)T * At::nC;
    for (size_t e = 0; e < ex.size(); e++) {
      std::vector<RC> part(Dh.begin() + e * per, Dh.begin() + (e + 1) * per);
      res.push_back(unpack_values(from_regs(part), T, At::nC, bc, At::tC));
    }
    return res;
  };
}
#endif

template <class At>
static bool probe(const Out& out, uint64_t seed) {
  MmaSpec s = spec<At>();
#ifdef PROBE_SIMULATE
  int brk = getenv("PROBE_SIM_BREAK") ? atoi(getenv("PROBE_SIM_BREAK")) : 0;
  return probe_mma(s, backend_from_dense(s, simulated_mma(s, seed * 7919, brk)), out, seed);
#else
  return probe_mma(s, backend_from_dense(s, gpu_runner<At>()), out, seed);
#endif
}

int main(int argc, char** argv) {
  Out out;
  out.init(argc, argv, "probes/mma.cu");
  int fails = 0;
  fails += !probe<SM80_16x8x8_F32F16F16F32_TN>(out, 1);
  fails += !probe<SM80_16x8x8_F16F16F16F16_TN>(out, 2);
  fails += !probe<SM80_16x8x16_F32F16F16F32_TN>(out, 3);
  fails += !probe<SM80_16x8x16_F32BF16BF16F32_TN>(out, 4);
  fails += !probe<SM80_16x8x8_F32TF32TF32F32_TN>(out, 5);
  fails += !probe<SM80_8x8x4_F64F64F64F64_TN>(out, 6);
  fails += !probe<SM80_16x8x32_S32S8S8S32_TN>(out, 7);
  fails += !probe<SM80_16x8x16_F16F16F16F16_TN>(out, 8);
  printf("mma: %d atom(s) failed\n", fails);
  return fails ? 1 : 0;
}
