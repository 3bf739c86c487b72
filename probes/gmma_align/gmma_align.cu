// Which shared-memory start addresses a wgmma descriptor reads correctly, per layout type.
//
// One warpgroup runs `wgmma.mma_async.m64n8k16.f32.f16.f16` (A and B from shared memory
// through descriptors). B is fixed (INTERLEAVE, 1024-byte aligned): the control. A is a 64x16
// K-major tile of distinct small integers whose first element lies at `start = aligned + o`,
// `aligned` a multiple of 1024 and `o` every multiple of 16 in 0..1024, written under one of
// three variants, for each layout type (INTERLEAVE, 32-, 64-, 128-byte swizzle):
//
//   rel    : the tile's data swizzled on byte offsets from `start` (the tile's own buffer starts
//            at `start`: a layout whose swizzle acts on offsets from its buffer's base);
//   abs    : the data swizzled on absolute shared-memory byte addresses (start + offset);
//   rel_bo : as rel, with the descriptor's base-offset field set to (start >> 7) & 7.
//
// The canonical K-major layouts (PTX ISA "Shared memory matrix layout", CuTe's make_gmma_desc
// comment), T = 8 halfs per 16 bytes, W = 1, 2, 4, 8 units per swizzled row:
//   INTERLEAVE: ((8,8),(8,2)):((8,64),(1,512)) halfs, SBO = 128 B, LBO = 1024 B;
//   SW(16W)   : ((8,8),16):((8W,64W),1) halfs, SBO = 128W B, LBO field 1 (unused);
//               the swizzle XORs byte-address bits [4, 4+log2 W) with bits [7, 7+log2 W).
// No answer is assumed: each (type, o, variant) is run and its 64x8 result compared with the
// CPU's exact product. Output (stdout): a header, then one line per run:
//   type o variant start desc_hex correct mismatches
// Build: nvcc -std=c++17 -O2 -gencode=arch=compute_90a,code=sm_90a gmma_align.cu -o gmma_align
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); exit(1); } } while (0)

constexpr int M = 64, N = 8, K = 16;
constexpr int A_REGION = 8192 + 1024;   // the SW128 tile spans 8 KiB; room for o < 1024
constexpr int B_OFFSET = 16384;         // B at aligned + 16 KiB

// Unswizzled byte offset of A(m, k) from the tile start, for layout type `w` (1 = INTERLEAVE).
__host__ __device__ int a_offset(int w, int m, int k) {
  if (w == 1) return (m % 8) * 16 + (m / 8) * 128 + (k % 8) * 2 + (k / 8) * 1024;
  return (m % 8) * 16 * w + (m / 8) * 128 * w + 2 * k;
}
// The swizzle of layout type `w` on a byte address or offset.
__host__ __device__ unsigned swz(int w, unsigned a) {
  const unsigned mask = (unsigned)(w - 1);          // log2(w) bits
  return a ^ (((a >> 7) & mask) << 4);
}
__device__ __forceinline__ unsigned smem_u32(const void* p) {
  return (unsigned)__cvta_generic_to_shared(p);
}

__global__ void __launch_bounds__(128, 1)
probe(const __half* A, const __half* B, float* D, int w, int o, int variant, unsigned long long* desc_out) {
  extern __shared__ __align__(1024) unsigned char smem_raw[];
  const unsigned raw = smem_u32(smem_raw);
  const unsigned aligned = (raw + 1023u) & ~1023u;
  unsigned char* base = smem_raw + (aligned - raw);
  const int t = threadIdx.x;
  for (int i = t; i < B_OFFSET + 512; i += 128) base[i] = 0;
  __syncthreads();
  const unsigned start = aligned + (unsigned)o;
  for (int i = t; i < M * K; i += 128) {
    const int m = i / K, k = i % K;
    const unsigned u = (unsigned)a_offset(w, m, k);
    unsigned addr;
    if (variant == 1) addr = swz(w, start + u);       // abs
    else addr = start + swz(w, u);                    // rel, rel_bo
    *(__half*)(base + (addr - aligned)) = A[m * K + k];
  }
  for (int i = t; i < N * K; i += 128) {
    const int n = i / K, k = i % K;                   // INTERLEAVE: rows at 16 B, k-chunks at 128 B
    *(__half*)(base + B_OFFSET + (n % 8) * 16 + (k % 8) * 2 + (k / 8) * 128) = B[n * K + k];
  }
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
  __syncthreads();
  const unsigned long long type = w == 1 ? 0ull : w == 2 ? 3ull : w == 4 ? 2ull : 1ull;
  const unsigned long long lbo = w == 1 ? 64ull : 1ull;
  const unsigned long long sbo = w == 1 ? 8ull : 8ull * w;
  const unsigned long long bo = (variant == 2 && w > 1) ? ((start >> 7) & 7) : 0;
  const unsigned long long da = ((start & 0x3FFFF) >> 4) | (lbo << 16) | (sbo << 32) | (bo << 49) | (type << 62);
  const unsigned bstart = aligned + B_OFFSET;
  const unsigned long long db = ((bstart & 0x3FFFF) >> 4) | (8ull << 16) | (8ull << 32);
  if (t == 0) *desc_out = da;
  float d[4] = {0.f, 0.f, 0.f, 0.f};
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %6, 0;\n"
               "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%0, %1, %2, %3}, %4, %5, p, 1, 1, 0, 0;\n}\n"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]) : "l"(da), "l"(db), "r"(0));
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
  // The accumulator's positions: CuTe's CLayout_64x8 (the aligned INTERLEAVE runs are the
  // control that it, B and the descriptors' offsets are right).
  const int lane = t % 32, warp = t / 32;
  for (int v = 0; v < 4; ++v) {
    const int m = lane / 4 + 16 * warp + 8 * (v / 2), n = 2 * (lane % 4) + (v % 2);
    D[m * N + n] = d[v];
  }
}

int main() {
  cudaDeviceProp p;
  CHECK(cudaGetDeviceProperties(&p, 0));
  __half hA[M * K], hB[N * K];
  float ref[M * N];
  unsigned s = 12345;
  auto rnd = [&]() { s = s * 1103515245u + 12345u; return (int)((s >> 16) % 7) - 3; };
  int ai[M * K], bi[N * K];
  for (int i = 0; i < M * K; ++i) { ai[i] = rnd(); hA[i] = __int2half_rn(ai[i]); }
  for (int i = 0; i < N * K; ++i) { bi[i] = rnd(); hB[i] = __int2half_rn(bi[i]); }
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n) {
      int acc = 0;
      for (int k = 0; k < K; ++k) acc += ai[m * K + k] * bi[n * K + k];
      ref[m * N + n] = (float)acc;
    }
  __half *dA, *dB; float* dD; unsigned long long* dDesc;
  CHECK(cudaMalloc(&dA, sizeof hA)); CHECK(cudaMalloc(&dB, sizeof hB));
  CHECK(cudaMalloc(&dD, sizeof ref)); CHECK(cudaMalloc(&dDesc, 8));
  CHECK(cudaMemcpy(dA, hA, sizeof hA, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dB, hB, sizeof hB, cudaMemcpyHostToDevice));
  const int smem = 1024 + B_OFFSET + 512;
  static_assert(A_REGION <= B_OFFSET, "A and B overlap");
  CHECK(cudaFuncSetAttribute(probe, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  printf("# gpu: %s (sm_%d%d); wgmma m64n8k16 f32.f16.f16, A K-major 64x16 at start = aligned + o\n",
         p.name, p.major, p.minor);
  printf("# type o variant start desc_hex correct mismatches\n");
  const char* tname[9] = {"", "INTERLEAVE", "B32", "", "B64", "", "", "", "B128"};
  const char* vname[3] = {"rel", "abs", "rel_bo"};
  for (int w : {1, 2, 4, 8})
    for (int o = 0; o < 1024; o += 16)
      for (int variant = 0; variant < 3; ++variant) {
        float got[M * N];
        unsigned long long desc;
        CHECK(cudaMemset(dD, 0xff, sizeof ref));        // NaN: an unwritten value fails
        probe<<<1, 128, smem>>>(dA, dB, dD, w, o, variant, dDesc);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaMemcpy(got, dD, sizeof got, cudaMemcpyDeviceToHost));
        CHECK(cudaMemcpy(&desc, dDesc, 8, cudaMemcpyDeviceToHost));
        int bad = 0;
        for (int i = 0; i < M * N; ++i) bad += !(got[i] == ref[i]);
        printf("%s %d %s %llu 0x%016llx %d %d\n", tname[w], o, vname[variant],
               (desc & 0x3FFF) << 4, desc, bad == 0, bad);
      }
  return 0;
}
