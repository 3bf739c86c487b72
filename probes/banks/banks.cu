// Shared-memory bank-conflict probe. See probes/banks/README.md.
//
//   banks CONFIGS FIRST END MANIFEST      runs configurations FIRST <= id < END (one launch each)
//   banks CONFIGS FIRST END MANIFEST --list   writes the manifest only, no GPU (for testing)
//
// CONFIGS is configs.txt (ld/st/ldmatrix/stmatrix lines) or cpasync_configs.txt (cp.async lines:
// 32 shared destinations then 32 global sources; "tile." lines: several warps issuing
// earlier configurations in one launch).
//
// One kernel per instruction kind. Each launch is one warp (1 block x 32 threads); lane l reads
// its byte offset from global memory, adds the shared buffer's base address and executes EXACTLY
// ONE instance of the instruction under test (inline PTX, asm volatile); loads store what they
// read to global memory. No other shared-memory instruction is in any kernel (run.sh checks the
// SASS). The profiler (ncu, driven by run.sh) measures each launch's shared-memory wavefronts and
// bank conflicts; this program only launches, in configuration order, and writes MANIFEST:
//   launch <k> config <id> kernel <name> base <shared base address>
// (k = 0, 1, ... = ncu's "ID" of the profiled launch).
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define CK(x)                                                                              \
  do {                                                                                     \
    cudaError_t err_ = (x);                                                                \
    if (err_ != cudaSuccess) {                                                             \
      fprintf(stderr, "CUDA error %s at %s:%d: %s\n", cudaGetErrorString(err_), __FILE__,  \
              __LINE__, #x);                                                               \
      exit(2);                                                                             \
    }                                                                                      \
  } while (0)

static const int BUF_BYTES = 48 * 1024;

// The shared buffer: 1024-byte aligned, 48 KB (the static maximum). Only the instruction under
// test touches it. Its shared-window address is written to out[128] (lane 0) so the host can
// check the alignment (banks are address bits 2..6: a base aligned to 128 bytes keeps the
// configuration's offsets' banks).
#define PROLOGUE                                                                           \
  __shared__ __align__(1024) unsigned char smem[BUF_BYTES];                                \
  const int lane = threadIdx.x;                                                            \
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);                          \
  const uint32_t a = base + addrs[lane];                                                   \
  if (lane == 0) out[128] = base;

#define STORE1(NAME, PTX, CONS, T)                                                         \
  extern "C" __global__ void NAME(const uint32_t* __restrict__ addrs,                      \
                                  const uint32_t* __restrict__ vals, uint32_t* out) {      \
    PROLOGUE                                                                               \
    T v0 = (T)vals[lane * 4];                                                              \
    asm volatile(PTX " [%0], %1;\n" ::"r"(a), CONS(v0) : "memory");                        \
  }
#define LOAD2(NAME, PTX)                                                                   \
  extern "C" __global__ void NAME(const uint32_t* __restrict__ addrs,                      \
                                  const uint32_t* __restrict__ vals, uint32_t* out) {      \
    PROLOGUE                                                                               \
    uint32_t r0, r1;                                                                       \
    asm volatile(PTX " {%0,%1}, [%2];\n" : "=r"(r0), "=r"(r1) : "r"(a) : "memory");        \
    out[lane * 4] = r0;                                                                    \
    out[lane * 4 + 1] = r1;                                                                \
  }
#define STORE2(NAME, PTX)                                                                  \
  extern "C" __global__ void NAME(const uint32_t* __restrict__ addrs,                      \
                                  const uint32_t* __restrict__ vals, uint32_t* out) {      \
    PROLOGUE                                                                               \
    uint32_t v0 = vals[lane * 4], v1 = vals[lane * 4 + 1];                                 \
    asm volatile(PTX " [%0], {%1,%2};\n" ::"r"(a), "r"(v0), "r"(v1) : "memory");           \
  }
#define LOAD4(NAME, PTX)                                                                   \
  extern "C" __global__ void NAME(const uint32_t* __restrict__ addrs,                      \
                                  const uint32_t* __restrict__ vals, uint32_t* out) {      \
    PROLOGUE                                                                               \
    uint32_t r0, r1, r2, r3;                                                               \
    asm volatile(PTX " {%0,%1,%2,%3}, [%4];\n"                                             \
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)                                  \
                 : "r"(a)                                                                  \
                 : "memory");                                                              \
    out[lane * 4] = r0;                                                                    \
    out[lane * 4 + 1] = r1;                                                                \
    out[lane * 4 + 2] = r2;                                                                \
    out[lane * 4 + 3] = r3;                                                                \
  }
#define STORE4(NAME, PTX)                                                                  \
  extern "C" __global__ void NAME(const uint32_t* __restrict__ addrs,                      \
                                  const uint32_t* __restrict__ vals, uint32_t* out) {      \
    PROLOGUE                                                                               \
    uint32_t v0 = vals[lane * 4], v1 = vals[lane * 4 + 1], v2 = vals[lane * 4 + 2],        \
             v3 = vals[lane * 4 + 3];                                                      \
    asm volatile(PTX " [%0], {%1,%2,%3,%4};\n" ::"r"(a), "r"(v0), "r"(v1), "r"(v2),        \
                 "r"(v3)                                                                   \
                 : "memory");                                                              \
  }
#define H(x) "h"(x)
#define R(x) "r"(x)
#define OH(x) "=h"(x)
#define OR(x) "=r"(x)
#define LOAD1(NAME, PTX, OUTC, T)                                                          \
  extern "C" __global__ void NAME(const uint32_t* __restrict__ addrs,                      \
                                  const uint32_t* __restrict__ vals, uint32_t* out) {      \
    PROLOGUE                                                                               \
    T r0;                                                                                  \
    asm volatile(PTX " %0, [%1];\n" : OUTC(r0) : "r"(a) : "memory");                       \
    out[lane * 4] = (uint32_t)r0;                                                          \
  }

LOAD1(banks_ld_u16, "ld.shared.u16", OH, unsigned short)
LOAD1(banks_ld_b32, "ld.shared.b32", OR, uint32_t)
LOAD2(banks_ld_v2_b32, "ld.shared.v2.b32")
LOAD4(banks_ld_v4_b32, "ld.shared.v4.b32")
STORE1(banks_st_u16, "st.shared.u16", H, unsigned short)
STORE1(banks_st_b32, "st.shared.b32", R, uint32_t)
STORE2(banks_st_v2_b32, "st.shared.v2.b32")
STORE4(banks_st_v4_b32, "st.shared.v4.b32")
// ldmatrix/stmatrix take their register operands in braces even for x1
#define LOAD1M(NAME, PTX)                                                                  \
  extern "C" __global__ void NAME(const uint32_t* __restrict__ addrs,                      \
                                  const uint32_t* __restrict__ vals, uint32_t* out) {      \
    PROLOGUE                                                                               \
    uint32_t r0;                                                                           \
    asm volatile(PTX " {%0}, [%1];\n" : "=r"(r0) : "r"(a) : "memory");                     \
    out[lane * 4] = r0;                                                                    \
  }
LOAD1M(banks_ldsm_x1, "ldmatrix.sync.aligned.m8n8.x1.shared.b16")
LOAD2(banks_ldsm_x2, "ldmatrix.sync.aligned.m8n8.x2.shared.b16")
LOAD4(banks_ldsm_x4, "ldmatrix.sync.aligned.m8n8.x4.shared.b16")
LOAD1M(banks_ldsm_x1_trans, "ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16")
LOAD2(banks_ldsm_x2_trans, "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16")
LOAD4(banks_ldsm_x4_trans, "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16")
#define STORE1M(NAME, PTX)                                                                 \
  extern "C" __global__ void NAME(const uint32_t* __restrict__ addrs,                      \
                                  const uint32_t* __restrict__ vals, uint32_t* out) {      \
    PROLOGUE                                                                               \
    uint32_t v0 = vals[lane * 4];                                                          \
    asm volatile(PTX " [%0], {%1};\n" ::"r"(a), "r"(v0) : "memory");                       \
  }
STORE1M(banks_stsm_x1, "stmatrix.sync.aligned.m8n8.x1.shared.b16")
STORE2(banks_stsm_x2, "stmatrix.sync.aligned.m8n8.x2.shared.b16")
STORE4(banks_stsm_x4, "stmatrix.sync.aligned.m8n8.x4.shared.b16")
STORE1M(banks_stsm_x1_trans, "stmatrix.sync.aligned.m8n8.x1.trans.shared.b16")
STORE2(banks_stsm_x2_trans, "stmatrix.sync.aligned.m8n8.x2.trans.shared.b16")
STORE4(banks_stsm_x4_trans, "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16")

// cp.async: lane l copies SIZE bytes from src + srcs[l] (global) to the shared buffer at
// dsts[l], then waits for it (cp.async.wait_all is no shared-memory instruction). `src` is a
// fresh 1 MB window of a large global buffer (chosen by the host per launch).
#define CPASYNC(NAME, PTX, SIZE)                                                           \
  extern "C" __global__ void NAME(const uint32_t* __restrict__ dsts,                       \
                                  const uint32_t* __restrict__ srcs,                       \
                                  const unsigned char* src, uint32_t* out) {               \
    __shared__ __align__(1024) unsigned char smem[BUF_BYTES];                              \
    const int lane = threadIdx.x;                                                          \
    const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);                        \
    const uint32_t a = base + dsts[lane];                                                  \
    const unsigned char* g = src + srcs[lane];                                             \
    if (lane == 0) out[128] = base;                                                        \
    asm volatile(PTX " [%0], [%1], " #SIZE ";\n" ::"r"(a), "l"(g) : "memory");             \
    asm volatile("cp.async.wait_all;\n" ::: "memory");                                     \
  }
CPASYNC(banks_cp_ca4, "cp.async.ca.shared.global", 4)
CPASYNC(banks_cp_ca8, "cp.async.ca.shared.global", 8)
CPASYNC(banks_cp_ca16, "cp.async.ca.shared.global", 16)
CPASYNC(banks_cp_cg16, "cp.async.cg.shared.global", 16)

// A tile copy: 32 * warps threads; warp w issues the cp.asyncs of configurations
// ids[w * iters + i], i = 0 .. iters-1, in order (one LDGSTS in the SASS, in a loop), then waits.
#define CPTILE(NAME, PTX, SIZE)                                                            \
  extern "C" __global__ void NAME(const uint32_t* __restrict__ dsts,                       \
                                  const uint32_t* __restrict__ srcs,                       \
                                  const int* __restrict__ ids, int iters,                  \
                                  const unsigned char* src, uint32_t* out) {               \
    __shared__ __align__(1024) unsigned char smem[BUF_BYTES];                              \
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;                            \
    const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);                        \
    if (threadIdx.x == 0) out[128] = base;                                                 \
    _Pragma("unroll 1") for (int i = 0; i < iters; i++) {                                  \
      const int c = ids[warp * iters + i];                                                 \
      const uint32_t a = base + dsts[c * 32 + lane];                                       \
      const unsigned char* g = src + srcs[c * 32 + lane];                                  \
      asm volatile(PTX " [%0], [%1], " #SIZE ";\n" ::"r"(a), "l"(g) : "memory");           \
    }                                                                                      \
    asm volatile("cp.async.wait_all;\n" ::: "memory");                                     \
  }
CPTILE(banks_tile_ca16, "cp.async.ca.shared.global", 16)
CPTILE(banks_tile_cg16, "cp.async.cg.shared.global", 16)

typedef void (*KernelFn)(const uint32_t*, const uint32_t*, uint32_t*);
typedef void (*CpFn)(const uint32_t*, const uint32_t*, const unsigned char*, uint32_t*);
typedef void (*TileFn)(const uint32_t*, const uint32_t*, const int*, int, const unsigned char*,
                       uint32_t*);
struct Kind {
  const char* ptx;
  const char* name;
  KernelFn fn;
  int width;  // bytes per lane address (ldmatrix/stmatrix: one 16-byte row; cp.async: the size)
  CpFn cp = nullptr;      // cp.async: lanes give a shared destination and a global source
  TileFn tile = nullptr;  // "tile." lines: warps issue earlier configurations
};
static const Kind KINDS[] = {
    {"ld.shared.u16", "banks_ld_u16", banks_ld_u16, 2},
    {"ld.shared.b32", "banks_ld_b32", banks_ld_b32, 4},
    {"ld.shared.v2.b32", "banks_ld_v2_b32", banks_ld_v2_b32, 8},
    {"ld.shared.v4.b32", "banks_ld_v4_b32", banks_ld_v4_b32, 16},
    {"st.shared.u16", "banks_st_u16", banks_st_u16, 2},
    {"st.shared.b32", "banks_st_b32", banks_st_b32, 4},
    {"st.shared.v2.b32", "banks_st_v2_b32", banks_st_v2_b32, 8},
    {"st.shared.v4.b32", "banks_st_v4_b32", banks_st_v4_b32, 16},
    {"ldmatrix.sync.aligned.m8n8.x1.shared.b16", "banks_ldsm_x1", banks_ldsm_x1, 16},
    {"ldmatrix.sync.aligned.m8n8.x2.shared.b16", "banks_ldsm_x2", banks_ldsm_x2, 16},
    {"ldmatrix.sync.aligned.m8n8.x4.shared.b16", "banks_ldsm_x4", banks_ldsm_x4, 16},
    {"ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16", "banks_ldsm_x1_trans",
     banks_ldsm_x1_trans, 16},
    {"ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16", "banks_ldsm_x2_trans",
     banks_ldsm_x2_trans, 16},
    {"ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16", "banks_ldsm_x4_trans",
     banks_ldsm_x4_trans, 16},
    {"stmatrix.sync.aligned.m8n8.x1.shared.b16", "banks_stsm_x1", banks_stsm_x1, 16},
    {"stmatrix.sync.aligned.m8n8.x2.shared.b16", "banks_stsm_x2", banks_stsm_x2, 16},
    {"stmatrix.sync.aligned.m8n8.x4.shared.b16", "banks_stsm_x4", banks_stsm_x4, 16},
    {"stmatrix.sync.aligned.m8n8.x1.trans.shared.b16", "banks_stsm_x1_trans",
     banks_stsm_x1_trans, 16},
    {"stmatrix.sync.aligned.m8n8.x2.trans.shared.b16", "banks_stsm_x2_trans",
     banks_stsm_x2_trans, 16},
    {"stmatrix.sync.aligned.m8n8.x4.trans.shared.b16", "banks_stsm_x4_trans",
     banks_stsm_x4_trans, 16},
    {"cp.async.ca.shared.global.4", "banks_cp_ca4", nullptr, 4, banks_cp_ca4},
    {"cp.async.ca.shared.global.8", "banks_cp_ca8", nullptr, 8, banks_cp_ca8},
    {"cp.async.ca.shared.global.16", "banks_cp_ca16", nullptr, 16, banks_cp_ca16},
    {"cp.async.cg.shared.global.16", "banks_cp_cg16", nullptr, 16, banks_cp_cg16},
    {"tile.cp.async.ca.shared.global.16", "banks_tile_ca16", nullptr, 16, nullptr,
     banks_tile_ca16},
    {"tile.cp.async.cg.shared.global.16", "banks_tile_cg16", nullptr, 16, nullptr,
     banks_tile_cg16},
};
static const size_t SRC_WINDOW = 1 << 20;  // each cp.async launch reads its own 1 MB window
static const size_t SRC_WINDOWS = 1024;    // of a 1 GB buffer (fresh lines for ~1000 launches)

struct Config {
  long id;
  const Kind* kind;
  uint32_t addr[32];  // ld/st/matrix: the addresses; cp.async: the shared destinations
  uint32_t src[32];   // cp.async: the global sources (byte offsets in the launch's window)
  int warps = 0, iters = 0;  // tile lines
  std::vector<int> ids;      // tile lines: configuration ids, warp-major
};

static void bad(const char* path, int lineno, const char* what, int lane = -1) {
  if (lane >= 0)
    fprintf(stderr, "%s:%d: %s (lane %d)\n", path, lineno, what, lane);
  else
    fprintf(stderr, "%s:%d: %s\n", path, lineno, what);
  exit(2);
}

static std::vector<Config> read_configs(const char* path) {
  std::ifstream f(path);
  if (!f) {
    fprintf(stderr, "cannot read %s\n", path);
    exit(2);
  }
  std::vector<Config> cs;
  std::string line;
  int lineno = 0;
  while (std::getline(f, line)) {
    lineno++;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream is(line);
    Config c;
    std::string ptx, label;
    if (!(is >> c.id >> ptx >> label)) bad(path, lineno, "bad line");
    c.kind = nullptr;
    for (const Kind& k : KINDS)
      if (ptx == k.ptx) c.kind = &k;
    if (!c.kind) bad(path, lineno, "unknown instruction");
    if (c.kind->tile) {
      if (!(is >> c.warps >> c.iters) || c.warps < 1 || c.warps > 32 || c.iters < 1)
        bad(path, lineno, "bad tile shape");
      for (int i = 0; i < c.warps * c.iters; i++) {
        int id;
        if (!(is >> id) || id < 0 || id >= (int)cs.size() || !cs[id].kind->cp ||
            cs[id].kind->width != c.kind->width)
          bad(path, lineno, "bad tile configuration id");
        c.ids.push_back(id);
      }
    } else {
      const int n = c.kind->cp ? 64 : 32;
      for (int l = 0; l < n; l++) {
        long v;
        const long limit = l < 32 ? BUF_BYTES : (long)SRC_WINDOW;
        if (!(is >> v) || v < 0 || v + c.kind->width > limit || v % c.kind->width)
          bad(path, lineno, "bad address", l);
        (l < 32 ? c.addr[l] : c.src[l - 32]) = (uint32_t)v;
      }
      if (!c.kind->cp) memset(c.src, 0, sizeof c.src);
    }
    std::string extra;
    if (is >> extra) bad(path, lineno, "too many fields");
    if (c.id != (long)cs.size()) bad(path, lineno, "ids must be 0, 1, 2, ... in order");
    cs.push_back(c);
  }
  return cs;
}

int main(int argc, char** argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: %s CONFIGS FIRST END MANIFEST [--list]\n", argv[0]);
    return 2;
  }
  std::vector<Config> cs = read_configs(argv[1]);
  long first = atol(argv[2]), end = atol(argv[3]);
  if (end > (long)cs.size()) end = (long)cs.size();
  if (first < 0 || first > end) {
    fprintf(stderr, "bad range %ld..%ld (%zu configurations)\n", first, end, cs.size());
    return 2;
  }
  bool list_only = argc > 5 && strcmp(argv[5], "--list") == 0;
  FILE* man = fopen(argv[4], "w");
  if (!man) {
    fprintf(stderr, "cannot write %s\n", argv[4]);
    return 2;
  }
  if (list_only) {
    for (long i = first; i < end; i++)
      fprintf(man, "launch %ld config %ld kernel %s base 0\n", i - first, cs[i].id,
              cs[i].kind->name);
    fclose(man);
    return 0;
  }

  size_t n = cs.size();
  std::vector<uint32_t> h_addr(n * 32), h_src(n * 32), h_vals(32 * 4);
  std::vector<int> h_ids;
  std::vector<size_t> ids_at(n, 0);
  for (size_t i = 0; i < n; i++) {
    memcpy(&h_addr[i * 32], cs[i].addr, sizeof cs[i].addr);
    memcpy(&h_src[i * 32], cs[i].src, sizeof cs[i].src);
    ids_at[i] = h_ids.size();
    h_ids.insert(h_ids.end(), cs[i].ids.begin(), cs[i].ids.end());
  }
  h_ids.push_back(0);
  for (int i = 0; i < 32 * 4; i++) h_vals[i] = 0x9e3779b9u * (uint32_t)(i + 1);
  bool any_cp = false;
  for (long i = first; i < end; i++) any_cp |= cs[i].kind->cp || cs[i].kind->tile;
  uint32_t *d_addr, *d_src, *d_vals, *d_out;
  int* d_ids;
  unsigned char* d_global = nullptr;
  CK(cudaMalloc(&d_addr, h_addr.size() * 4));
  CK(cudaMalloc(&d_src, h_src.size() * 4));
  CK(cudaMalloc(&d_ids, h_ids.size() * sizeof(int)));
  CK(cudaMalloc(&d_vals, h_vals.size() * 4));
  CK(cudaMalloc(&d_out, 129 * 4));
  if (any_cp) {
    CK(cudaMalloc(&d_global, SRC_WINDOW * SRC_WINDOWS));
    CK(cudaMemset(d_global, 0x5a, SRC_WINDOW * SRC_WINDOWS));
    CK(cudaDeviceSynchronize());
  }
  CK(cudaMemcpy(d_addr, h_addr.data(), h_addr.size() * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(d_src, h_src.data(), h_src.size() * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(d_ids, h_ids.data(), h_ids.size() * sizeof(int), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(d_vals, h_vals.data(), h_vals.size() * 4, cudaMemcpyHostToDevice));
  int bad_base = 0;
  size_t window = 0;
  for (long i = first; i < end; i++) {
    const Config& c = cs[i];
    const unsigned char* g = d_global ? d_global + (window++ % SRC_WINDOWS) * SRC_WINDOW : nullptr;
    if (c.kind->tile)
      c.kind->tile<<<1, 32 * c.warps>>>(d_addr, d_src, d_ids + ids_at[i], c.iters, g, d_out);
    else if (c.kind->cp)
      c.kind->cp<<<1, 32>>>(d_addr + (size_t)i * 32, d_src + (size_t)i * 32, g, d_out);
    else
      c.kind->fn<<<1, 32>>>(d_addr + (size_t)i * 32, d_vals, d_out);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    uint32_t base = 0;
    CK(cudaMemcpy(&base, d_out + 128, 4, cudaMemcpyDeviceToHost));
    if (base % 1024) bad_base++;
    fprintf(man, "launch %ld config %ld kernel %s base %u\n", i - first, c.id, c.kind->name,
            base);
  }
  fclose(man);
  printf("banks: %ld launches (configurations %ld..%ld)\n", end - first, first, end - 1);
  if (bad_base) {
    fprintf(stderr, "banks: shared buffer base not 1024-byte aligned in %d launches\n", bad_base);
    return 3;
  }
  return 0;
}
