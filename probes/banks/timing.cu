// Timing probe of the shared-memory bank rules. See probes/banks/README.md.
//
//   timing [OUT.txt]
//   timing OUT.txt --patterns      the patterns only (no GPU)
//
// ncu's counters on Hopper see no wavefront and no bank conflict of cp.async.cg's shared-memory
// writes (cpasync.txt); do its conflicting destinations cost time anyway? And does the merge of
// 128-bit loads whose lanes share addresses (banks.txt: two wavefronts instead of four) show in
// throughput? Each measurement launches 4 blocks per SM of 4 warps; every warp issues ITERS
// 16-byte accesses per lane, lane l at shared byte pattern[l] + 4096 j for the j-th of 8
// consecutive accesses, + 4096 on every other group of 8 (same banks; distinct addresses, so
// ptxas keeps and cannot hoist any access; all warps use the same addresses). cp.async reads a
// coalesced 512-byte piece of a per-block 16 KB source window and waits for its copies after
// every 8. Only the pattern changes between rows of one mode, so a slower row is the pattern's
// cost. Modes: cp.async.cg (L2 -> shared), cp.async.ca (L1 -> shared), st.shared.v4.b32 and
// ld.shared.v4.b32 (whose wavefronts ncu counts). Best of 5 runs after a warm-up run.
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x)                                                                              \
  do {                                                                                     \
    cudaError_t err_ = (x);                                                                \
    if (err_ != cudaSuccess) {                                                             \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err_), __FILE__,      \
              __LINE__);                                                                   \
      exit(2);                                                                             \
    }                                                                                      \
  } while (0)

static const int ITERS = 4096;
static const int WARPS = 4;
static const int WINDOW = 16 * 1024;

template <int MODE>
__global__ void __launch_bounds__(128) timing(const uint32_t* __restrict__ pattern,
                                              const unsigned char* src, uint32_t* sink) {
  __shared__ __align__(1024) unsigned char smem[10 * 4096];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  const uint32_t a0 = (uint32_t)__cvta_generic_to_shared(smem) + pattern[lane];
  const unsigned char* g = src + (size_t)blockIdx.x * WINDOW + lane * 16;
  uint32_t v = lane, acc = 0;
#pragma unroll 1
  for (int i = 0; i < ITERS; i += 8) {
    const uint32_t a = a0 + (i & 8) * 512;  // + 4096 every other group
#pragma unroll
    for (int j = 0; j < 8; j++) {
      const unsigned char* gi = g + ((i + j + warp * 16) % (WINDOW / 512)) * 512;
      if (MODE == 0)
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(a + 4096 * j),
                     "l"(gi)
                     : "memory");
      else if (MODE == 1)
        asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" ::"r"(a + 4096 * j),
                     "l"(gi)
                     : "memory");
      else if (MODE == 2)
        asm volatile("st.shared.v4.b32 [%0], {%1,%2,%3,%4};\n" ::"r"(a + 4096 * j), "r"(v),
                     "r"(v + 1), "r"(v + 2), "r"(v + 3)
                     : "memory");
      else {
        uint32_t r0, r1, r2, r3;
        asm volatile("ld.shared.v4.b32 {%0,%1,%2,%3}, [%4];\n"
                     : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
                     : "r"(a + 4096 * j)
                     : "memory");
        acc += r0 ^ r1 ^ r2 ^ r3;
      }
      v += 7;
    }
    if (MODE < 2) asm volatile("cp.async.wait_all;\n" ::: "memory");
  }
  __syncthreads();
  if (threadIdx.x == 0) sink[blockIdx.x] = smem[v & 1023] + acc;
}

struct Pattern {
  const char* name;
  uint32_t a[32];
};

int main(int argc, char** argv) {
  FILE* out = argc > 1 ? fopen(argv[1], "w") : stdout;
  if (!out) return 2;
  std::vector<Pattern> ps;
  auto add = [&](const char* name, auto f) {
    Pattern p;
    p.name = name;
    for (int l = 0; l < 32; l++) p.a[l] = f(l);
    ps.push_back(p);
  };
  // lane l's shared byte offset (below 4096). rank_of(cls): lanes of one class share one
  // 16-byte slot, slots numbered 0, 1, ... in order of the classes' first lanes.
  auto rank_of = [](auto cls) {
    return [cls](int l) {
      int first = 0;
      while (cls(first) != cls(l)) first++;
      int r = 0;
      for (int k = 0; k < first; k++) {
        int f = 0;
        while (cls(f) != cls(k)) f++;
        r += f == k;  // k is the first lane of its class
      }
      return 16 * r;
    };
  };
  add("contiguous", [](int l) { return 16 * l; });
  add("stride2_2way", [](int l) { return 32 * (l % 16) + 16 * (l / 16); });
  add("stride4_4way", [](int l) { return 64 * (l % 8) + 16 * (l / 8); });
  add("stride128_8way", [](int l) { return 128 * (l % 8) + 16 * (l / 8); });
  add("quarters_same_banks",
      [](int l) { return 16 * (l % 8) + 1024 * ((l / 8) % 2) + 128 * (l / 16); });
  add("halves_same_banks", [](int l) { return 16 * (l % 16) + 1024 * (l / 16); });
  add("broadcast", [](int l) { return 0 * l; });
  add("pairs_l_xor_1", rank_of([](int l) { return l & ~1; }));
  add("pairs_l_xor_2", rank_of([](int l) { return l & ~2; }));
  add("pairs_l_xor_3", rank_of([](int l) { return l < (l ^ 3) ? l : (l ^ 3); }));
  // FlashAttention-2's Q copy, warp 0's first instruction (offsets mod 4096 keep the banks)
  auto sw = [](int o) { return o ^ ((o >> 3) & (7 << 3)); };
  add("fa2_tpr8", [&](int l) { return (2 * sw((l / 8 % 8) * 64 + 8 * (l % 8))) % 4096; });
  add("fa2_tpr16", [&](int l) {
    int m = l / 16, k = 8 * (l % 16);
    return (2 * sw((m % 8) * 64 + (k % 64)) + 1024 * (k / 64)) % 4096;
  });

  if (argc > 2) {  // timing OUT.txt --patterns: the patterns only, no GPU
    for (const Pattern& p : ps) {
      fprintf(out, "%s", p.name);
      for (int l = 0; l < 32; l++) fprintf(out, " %u", p.a[l]);
      fprintf(out, "\n");
    }
    return 0;
  }
  int dev, sms;
  CK(cudaGetDevice(&dev));
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, dev));
  const int blocks = 4 * sms;
  unsigned char* src;
  uint32_t *pat, *sink;
  CK(cudaMalloc(&src, (size_t)blocks * WINDOW));
  CK(cudaMemset(src, 1, (size_t)blocks * WINDOW));
  CK(cudaMalloc(&pat, 32 * 4));
  CK(cudaMalloc(&sink, blocks * 4));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  fprintf(out, "# timing: %s, %d SMs, %d blocks x %d warps x %d iterations x 32 lanes x 16 B\n",
          prop.name, sms, blocks, WARPS, ITERS);
  fprintf(out, "# <mode> <pattern> <best ms of 5> <GB/s moved through shared memory> <a0> ... <a31>\n");
  const char* modes[4] = {"cp.async.cg.shared.global.16", "cp.async.ca.shared.global.16",
                          "st.shared.v4.b32", "ld.shared.v4.b32"};
  for (int mode = 0; mode < 4; mode++) {
    for (const Pattern& p : ps) {
      CK(cudaMemcpy(pat, p.a, 32 * 4, cudaMemcpyHostToDevice));
      float best = 1e30f;
      for (int r = 0; r < 6; r++) {
        CK(cudaEventRecord(e0));
        if (mode == 0) timing<0><<<blocks, 32 * WARPS>>>(pat, src, sink);
        if (mode == 1) timing<1><<<blocks, 32 * WARPS>>>(pat, src, sink);
        if (mode == 2) timing<2><<<blocks, 32 * WARPS>>>(pat, src, sink);
        if (mode == 3) timing<3><<<blocks, 32 * WARPS>>>(pat, src, sink);
        CK(cudaGetLastError());
        CK(cudaEventRecord(e1));
        CK(cudaEventSynchronize(e1));
        float ms;
        CK(cudaEventElapsedTime(&ms, e0, e1));
        if (r > 0 && ms < best) best = ms;  // run 0 warms up
      }
      double bytes = (double)blocks * WARPS * ITERS * 32 * 16;
      fprintf(out, "%s %s %.4f %.1f", modes[mode], p.name, best, bytes / best / 1e6);
      for (int l = 0; l < 32; l++) fprintf(out, " %u", p.a[l]);
      fprintf(out, "\n");
    }
  }
  if (out != stdout) fclose(out);
  return 0;
}
