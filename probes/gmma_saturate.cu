// Probe: what the 8-bit integer wgmma does when the s32 sum leaves the s32 range, with and
// without `.satfinite` (CuTe's `_SATURATE` atoms and the plain ones). The layout probe
// (gmma.cu, -DGMMA_TY=s8s8_sat ...) uses small values and so never reaches the range's ends.
//
// For each family (s8s8, s8u8, u8s8, u8u8, each plain and `_sat`), each operand source (SS: A
// and B from shared memory; RS: A from registers) and each case (a, b, c): every byte of A's and
// B's shared-memory region (and of A's registers) holds a, resp. b, and every accumulator
// register holds c; one m64n8k32 instruction runs on one warpgroup. Uniform operands make D
// independent of the fragment layouts, so nothing here assumes them: the probe prints the
// distinct D values the 128 threads hold (all 128 x 4 registers) and how often each occurs.
//
// build: nvcc -std=c++17 -O2 -gencode=arch=compute_90a,code=sm_90a -o gmma_saturate probes/gmma_saturate.cu
// run:   ./gmma_saturate > tests/data/gmma_saturate/<gpu>.txt   (probes/run_saturate.sh)
//
// Output: header lines `# ...`, then one line per (family, source, case):
//   <tag> <SS|RS> a <a> b <b> c <c> | <value>x<count> [<value>x<count> ...]
#include <cstdint>
#include <cstdio>
#include <map>
#include <vector>
#include "gmma_ops.h"

constexpr int NC = 4;        // m64n8: N/2 s32 registers per thread
constexpr int BYTES = 8192;  // each operand region, filled entirely (the instruction reads 2 KB / 256 B)

struct Params {
  uint32_t a4, b4;  // the byte a (resp. b) replicated into 32 bits
  int32_t c;
};

// K-major, no swizzle (layout type 0): LBO and SBO in 16-byte units. The regions are filled
// uniformly, so any start inside them reads a and b only; the fields are the canonical ones of
// a 64x32 (A) and 8x32 (B) byte tile: core matrices of 8 rows x 16 B, the two K halves `rows x
// 16 B` apart (LBO), 8-row groups 128 B apart (SBO).
__device__ __forceinline__ uint64_t desc(const uint8_t* p, int rows) {
  uint64_t addr = (uint64_t)__cvta_generic_to_shared(p);
  return ((addr >> 4) & 0x3FFF) | ((uint64_t)(rows * 16 / 16) << 16) | ((uint64_t)(128 / 16) << 32);
}

template <bool RS, void (*SS_FN)(uint32_t*, uint64_t, uint64_t), void (*RS_FN)(uint32_t*, const uint32_t*, uint64_t)>
__global__ void __launch_bounds__(128) kernel(Params p, int32_t* out) {
  __shared__ __align__(1024) uint32_t sA[BYTES / 4];
  __shared__ __align__(1024) uint32_t sB[BYTES / 4];
  const int t = threadIdx.x;
  for (int i = t; i < BYTES / 4; i += 128) {
    sA[i] = p.a4;
    sB[i] = p.b4;
  }
  uint32_t a[4] = {p.a4, p.a4, p.a4, p.a4};
  uint32_t d[NC];
  for (int v = 0; v < NC; v++) d[v] = (uint32_t)p.c;
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
  __syncthreads();
  for (int v = 0; v < NC; v++) asm volatile("" : "+r"(d[v])::"memory");
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
  if constexpr (RS)
    RS_FN(d, a, desc((const uint8_t*)sB, 8));
  else
    SS_FN(d, desc((const uint8_t*)sA, 64), desc((const uint8_t*)sB, 8));
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
  for (int v = 0; v < NC; v++) {
    asm volatile("" : "+r"(d[v])::"memory");
    out[t * NC + v] = (int32_t)d[v];
  }
}

struct Case {
  int a, b;
  int32_t c;
};

template <bool RS, void (*SS_FN)(uint32_t*, uint64_t, uint64_t), void (*RS_FN)(uint32_t*, const uint32_t*, uint64_t)>
static bool run(const char* tag, const Case& k, int32_t* dout) {
  Params p;
  p.a4 = 0x01010101u * (uint8_t)k.a;
  p.b4 = 0x01010101u * (uint8_t)k.b;
  p.c = k.c;
  cudaMemset(dout, 0x5a, 128 * NC * sizeof(int32_t));
  kernel<RS, SS_FN, RS_FN><<<1, 128>>>(p, dout);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("%s %s a %d b %d c %d | error %s\n", tag, RS ? "RS" : "SS", k.a, k.b, k.c, cudaGetErrorString(e));
    return false;
  }
  int32_t h[128 * NC];
  cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
  std::map<int32_t, int> seen;
  for (int i = 0; i < 128 * NC; i++) seen[h[i]]++;
  printf("%s %s a %d b %d c %d |", tag, RS ? "RS" : "SS", k.a, k.b, k.c);
  for (auto& [v, n] : seen) printf(" %dx%d", v, n);
  printf("\n");
  return true;
}

#define FAMILY(TAG, A_SIGNED, B_SIGNED)                                                           \
  for (const Case& k : cases(A_SIGNED, B_SIGNED)) {                                               \
    ok &= run<false, wgmma_ss_##TAG##_n8, wgmma_rs_##TAG##_n8>(#TAG, k, dout);                    \
    ok &= run<true, wgmma_ss_##TAG##_n8, wgmma_rs_##TAG##_n8>(#TAG, k, dout);                     \
  }

// Cases: a sum that stays in range (the control), sums past the top (c near INT32_MAX with the
// largest positive product) and, where a signed operand allows a negative product, past the
// bottom; each once with c at the very end of the range.
static std::vector<Case> cases(bool sa, bool sb) {
  const int32_t MX = 2147483647, MN = -2147483647 - 1;
  int amax = sa ? 127 : 255, bmax = sb ? 127 : 255;
  std::vector<Case> v = {{3, 5, -7}, {amax, bmax, MX - 1000}, {amax, bmax, MX}, {1, 1, MX - 31}};
  if (sa) v.push_back({-128, bmax, MN + 1000}), v.push_back({-128, bmax, MN});
  if (sb) v.push_back({amax, -128, MN + 1000});
  if (sa && sb) v.push_back({-128, -128, MX - 1000});
  return v;
}

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  int drv = 0;
  cudaDriverGetVersion(&drv);
  printf("# probes/gmma_saturate.cu: wgmma.mma_async m64n8k32.s32.{s8,u8}.{s8,u8}[.satfinite], one warpgroup\n");
  printf("# gpu: %s (sm_%d%d), driver API %d\n", prop.name, prop.major, prop.minor, drv);
  printf("# every A/B byte = a, every accumulator register = c; K = 32: exact sum c + 32*a*b\n");
  int32_t* dout;
  cudaMalloc(&dout, 128 * NC * sizeof(int32_t));
  bool ok = true;
  FAMILY(s8s8, true, true)
  FAMILY(s8s8_sat, true, true)
  FAMILY(s8u8, true, false)
  FAMILY(s8u8_sat, true, false)
  FAMILY(u8s8, false, true)
  FAMILY(u8s8_sat, false, true)
  FAMILY(u8u8, false, false)
  FAMILY(u8u8_sat, false, false)
  cudaFree(dout);
  return ok ? 0 : 1;
}
