// Probe for the copy atoms: ldmatrix (SM75_*_LDSM_*), stmatrix (SM90_*_STSM_*), cp.async
// (SM80_CP_ASYNC_CACHEALWAYS_<bits>, SM80_CP_ASYNC_CACHEGLOBAL_128 and their _ZFILL forms) and
// plain copies (UniversalCopy_<bits>).
// See probes/README.md ("Copy atoms").
//
// usage: copy OUTDIR [HEADERFILE]
//
// ldmatrix/stmatrix: the probe does not assume which thread's address serves which row. Shared
// memory holds NSLOT 16-byte slots; each thread's row address points at its own slot, the slots
// being a random permutation (two different permutations are run and must give the same map).
// ldmatrix: every 16-bit unit of shared memory holds a code identifying (slot, unit); each
// received unit is decoded back to (thread whose address named that slot, unit in the row).
// stmatrix: every register unit holds a code identifying (thread, unit); shared memory starts
// zeroed; each written unit of a row is decoded back to (supplying thread, register unit).
#include "common.h"

static const int NSLOT = 64;  // 16-byte slots (8 units of 16 bits each)

#ifndef PROBE_SIMULATE
template <int X, bool TRANS>
__device__ void ldsm(uint32_t* r, uint32_t addr) {
  if constexpr (X == 1 && !TRANS)
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];\n" : "=r"(r[0]) : "r"(addr));
  if constexpr (X == 2 && !TRANS)
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];\n"
                 : "=r"(r[0]), "=r"(r[1]) : "r"(addr));
  if constexpr (X == 4 && !TRANS)
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr));
  if constexpr (X == 1 && TRANS)
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];\n"
                 : "=r"(r[0]) : "r"(addr));
  if constexpr (X == 2 && TRANS)
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0,%1}, [%2];\n"
                 : "=r"(r[0]), "=r"(r[1]) : "r"(addr));
  if constexpr (X == 4 && TRANS)
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr));
}

template <int X, bool TRANS>
__device__ void stsm(const uint32_t* r, uint32_t addr) {
  if constexpr (X == 1 && !TRANS)
    asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};\n" ::"r"(addr), "r"(r[0])
                 : "memory");
  if constexpr (X == 2 && !TRANS)
    asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1,%2};\n" ::"r"(addr),
                 "r"(r[0]), "r"(r[1])
                 : "memory");
  if constexpr (X == 4 && !TRANS)
    asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1,%2,%3,%4};\n" ::"r"(addr),
                 "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3])
                 : "memory");
  if constexpr (X == 1 && TRANS)
    asm volatile("stmatrix.sync.aligned.m8n8.x1.trans.shared.b16 [%0], {%1};\n" ::"r"(addr),
                 "r"(r[0])
                 : "memory");
  if constexpr (X == 2 && TRANS)
    asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1,%2};\n" ::"r"(addr),
                 "r"(r[0]), "r"(r[1])
                 : "memory");
  if constexpr (X == 4 && TRANS)
    asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1,%2,%3,%4};\n" ::"r"(addr),
                 "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3])
                 : "memory");
}

// in: NSLOT*8 units to place in shared memory; slot[t]: thread t's slot; out: 32*X registers.
template <int X, bool TRANS>
__global__ void ldsm_kernel(const uint16_t* in, const int* slot, uint32_t* out) {
  __shared__ alignas(128) uint16_t sm[NSLOT * 8];
  int t = threadIdx.x;
  for (int i = t; i < NSLOT * 8; i += 32) sm[i] = in[i];
  __syncthreads();
  uint32_t addr = (uint32_t)__cvta_generic_to_shared(&sm[slot[t] * 8]);
  uint32_t r[X];
  ldsm<X, TRANS>(r, addr);
  for (int i = 0; i < X; i++) out[t * X + i] = r[i];
}

// in: 32*X registers; slot[t]: thread t's slot; out: NSLOT*8 units of shared memory afterwards.
template <int X, bool TRANS>
__global__ void stsm_kernel(const uint32_t* in, const int* slot, uint16_t* out) {
  __shared__ alignas(128) uint16_t sm[NSLOT * 8];
  int t = threadIdx.x;
  for (int i = t; i < NSLOT * 8; i += 32) sm[i] = 0;
  __syncthreads();
  uint32_t r[X];
  for (int i = 0; i < X; i++) r[i] = in[t * X + i];
  uint32_t addr = (uint32_t)__cvta_generic_to_shared(&sm[slot[t] * 8]);
  stsm<X, TRANS>(r, addr);
  __syncthreads();
  for (int i = t; i < NSLOT * 8; i += 32) out[i] = sm[i];
}

// cp.async of BYTES bytes by thread 0, global -> shared (MODE 0: .ca, 1: .cg, 2: .ca with a
// source size, 3: .cg with a source size, `src_size` bytes read and the rest zero-filled);
// shared memory starts as `fill`; out: the 16 shared bytes afterwards.
template <int BYTES, int MODE>
__global__ void cp_async_kernel(const uint8_t* in, uint8_t* out, int src_size, uint8_t fill) {
  __shared__ alignas(128) uint8_t sm[16];
  int t = threadIdx.x;
  if (t < 16) sm[t] = fill;
  __syncthreads();
  if (t == 0) {
    uint32_t dst = (uint32_t)__cvta_generic_to_shared(sm);
    if constexpr (MODE == 0)
      asm volatile("cp.async.ca.shared.global [%0], [%1], %2;\n" ::"r"(dst), "l"(in), "n"(BYTES)
                   : "memory");
    if constexpr (MODE == 1 && BYTES == 16)  // .cg copies 16 bytes only
      asm volatile("cp.async.cg.shared.global [%0], [%1], %2;\n" ::"r"(dst), "l"(in), "n"(BYTES)
                   : "memory");
    if constexpr (MODE == 2)
      asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;\n" ::"r"(dst), "l"(in),
                   "n"(BYTES), "r"(src_size)
                   : "memory");
    if constexpr (MODE == 3 && BYTES == 16)
      asm volatile("cp.async.cg.shared.global [%0], [%1], %2, %3;\n" ::"r"(dst), "l"(in),
                   "n"(BYTES), "r"(src_size)
                   : "memory");
    asm volatile("cp.async.commit_group;\n" ::: "memory");
    asm volatile("cp.async.wait_group 0;\n" ::: "memory");
  }
  __syncthreads();
  if (t < 16) out[t] = sm[t];
}

// Plain copy of one value of type V by thread 0 (CuTe's UniversalCopy: *dst = *src).
template <class V>
__global__ void universal_kernel(const V* in, V* out) {
  if (threadIdx.x == 0) *out = *in;
}
#endif

// ---------------------------------------------------------------------------------------------
// Runners: GPU, or a CPU model (PROBE_SIMULATE) with a random unit permutation, to exercise the
// decoding and checks.
// ---------------------------------------------------------------------------------------------
#ifdef PROBE_SIMULATE
// Model: thread t's register unit j receives row (j/2 .. via a random fixed map) — the model
// uses a random bijection between the 64X register units and the rows of threads 0..8X-1.
static std::vector<int> sim_map(int X, bool trans, uint64_t seed) {
  std::mt19937_64 rng(seed + X * 10 + trans);
  std::vector<int> p(64 * X);
  for (int i = 0; i < 64 * X; i++) p[i] = i;
  std::shuffle(p.begin(), p.end(), rng);
  return p;  // register unit (t*2X + j) <- row unit p[..]: row thread = p/8, unit = p%8
}
#endif

static std::vector<uint32_t> run_ldsm(int X, bool trans, const std::vector<uint16_t>& in,
                                      const std::vector<int>& slot) {
#ifdef PROBE_SIMULATE
  auto p = sim_map(X, trans, 1);
  std::vector<uint32_t> out(32 * X, 0);
  for (int u = 0; u < 64 * X; u++) {
    int rt = p[u] / 8, e = p[u] % 8;
    uint16_t v = in[slot[rt] * 8 + e];
    out[u / 2] |= (uint32_t)v << (16 * (u % 2));
  }
  if (getenv("PROBE_SIM_BREAK")) out[0] = in[slot[31] * 8];  // thread 31's row (ignored for x1)
  return out;
#else
  uint16_t* din;
  int* dslot;
  uint32_t* dout;
  CK(cudaMalloc(&din, in.size() * 2));
  CK(cudaMalloc(&dslot, 32 * sizeof(int)));
  CK(cudaMalloc(&dout, 32 * X * 4));
  CK(cudaMemcpy(din, in.data(), in.size() * 2, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dslot, slot.data(), 32 * sizeof(int), cudaMemcpyHostToDevice));
  if (X == 1 && !trans) ldsm_kernel<1, false><<<1, 32>>>(din, dslot, dout);
  if (X == 2 && !trans) ldsm_kernel<2, false><<<1, 32>>>(din, dslot, dout);
  if (X == 4 && !trans) ldsm_kernel<4, false><<<1, 32>>>(din, dslot, dout);
  if (X == 1 && trans) ldsm_kernel<1, true><<<1, 32>>>(din, dslot, dout);
  if (X == 2 && trans) ldsm_kernel<2, true><<<1, 32>>>(din, dslot, dout);
  if (X == 4 && trans) ldsm_kernel<4, true><<<1, 32>>>(din, dslot, dout);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<uint32_t> out(32 * X);
  CK(cudaMemcpy(out.data(), dout, out.size() * 4, cudaMemcpyDeviceToHost));
  CK(cudaFree(din));
  CK(cudaFree(dslot));
  CK(cudaFree(dout));
  return out;
#endif
}

static std::vector<uint16_t> run_stsm(int X, bool trans, const std::vector<uint32_t>& in,
                                      const std::vector<int>& slot) {
#ifdef PROBE_SIMULATE
  auto p = sim_map(X, trans, 2);
  std::vector<uint16_t> out(NSLOT * 8, 0);
  for (int u = 0; u < 64 * X; u++) {
    int rt = p[u] / 8, e = p[u] % 8;
    out[slot[rt] * 8 + e] = (uint16_t)(in[u / 2] >> (16 * (u % 2)));
  }
  if (getenv("PROBE_SIM_BREAK")) out[slot[31] * 8] = 1;  // a write into thread 31's row
  return out;
#else
  uint32_t* din;
  int* dslot;
  uint16_t* dout;
  CK(cudaMalloc(&din, in.size() * 4));
  CK(cudaMalloc(&dslot, 32 * sizeof(int)));
  CK(cudaMalloc(&dout, NSLOT * 8 * 2));
  CK(cudaMemcpy(din, in.data(), in.size() * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dslot, slot.data(), 32 * sizeof(int), cudaMemcpyHostToDevice));
  if (X == 1 && !trans) stsm_kernel<1, false><<<1, 32>>>(din, dslot, dout);
  if (X == 2 && !trans) stsm_kernel<2, false><<<1, 32>>>(din, dslot, dout);
  if (X == 4 && !trans) stsm_kernel<4, false><<<1, 32>>>(din, dslot, dout);
  if (X == 1 && trans) stsm_kernel<1, true><<<1, 32>>>(din, dslot, dout);
  if (X == 2 && trans) stsm_kernel<2, true><<<1, 32>>>(din, dslot, dout);
  if (X == 4 && trans) stsm_kernel<4, true><<<1, 32>>>(din, dslot, dout);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<uint16_t> out(NSLOT * 8);
  CK(cudaMemcpy(out.data(), dout, out.size() * 2, cudaMemcpyDeviceToHost));
  CK(cudaFree(din));
  CK(cudaFree(dslot));
  CK(cudaFree(dout));
  return out;
#endif
}

// The byte copies: kind 0: cp.async.ca, 1: plain ld/st, 2: cp.async.cg, 3: cp.async.ca with a
// source size, 4: cp.async.cg with a source size (`src_size` bytes read, the rest zero-filled;
// destination first `fill`). in: 16 bytes; returns the 16 destination bytes (cp.async) or the
// `bytes` destination bytes (plain).
static bool is_cp_async(int kind) { return kind != 1; }
static std::vector<uint8_t> run_byte_copy(int kind, int bytes, const std::vector<uint8_t>& in,
                                          int src_size = -1, uint8_t fill = 0) {
  if (src_size < 0) src_size = bytes;
#ifdef PROBE_SIMULATE
  std::vector<uint8_t> out(is_cp_async(kind) ? 16 : bytes, fill);
  for (int i = 0; i < bytes; i++) out[i] = i < src_size ? in[i] : 0;
  if (getenv("PROBE_SIM_BREAK") && kind >= 3 && src_size == 0) out[0] = fill;
  return out;
#else
  uint8_t *din, *dout;
  CK(cudaMalloc(&din, 16));
  CK(cudaMalloc(&dout, 16));
  CK(cudaMemcpy(din, in.data(), 16, cudaMemcpyHostToDevice));
  CK(cudaMemset(dout, 0, 16));
#define CP_ASYNC(MODE)                                                                 \
  do {                                                                                 \
    if (bytes == 4) cp_async_kernel<4, MODE><<<1, 32>>>(din, dout, src_size, fill);   \
    if (bytes == 8) cp_async_kernel<8, MODE><<<1, 32>>>(din, dout, src_size, fill);   \
    if (bytes == 16) cp_async_kernel<16, MODE><<<1, 32>>>(din, dout, src_size, fill); \
  } while (0)
  if (kind == 0) {
    CP_ASYNC(0);
  } else if (kind == 2) {
    CP_ASYNC(1);
  } else if (kind == 3) {
    CP_ASYNC(2);
  } else if (kind == 4) {
    CP_ASYNC(3);
  } else {
    if (bytes == 1) universal_kernel<uint8_t><<<1, 32>>>(din, dout);
    if (bytes == 2) universal_kernel<uint16_t><<<1, 32>>>((uint16_t*)din, (uint16_t*)dout);
    if (bytes == 4) universal_kernel<uint32_t><<<1, 32>>>((uint32_t*)din, (uint32_t*)dout);
    if (bytes == 8) universal_kernel<uint64_t><<<1, 32>>>((uint64_t*)din, (uint64_t*)dout);
    if (bytes == 16) universal_kernel<uint4><<<1, 32>>>((uint4*)din, (uint4*)dout);
  }
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<uint8_t> out(is_cp_async(kind) ? 16 : bytes);
  CK(cudaMemcpy(out.data(), dout, out.size(), cudaMemcpyDeviceToHost));
  CK(cudaFree(din));
  CK(cudaFree(dout));
  return out;
#endif
}

// ---------------------------------------------------------------------------------------------
// Decoding and checks
// ---------------------------------------------------------------------------------------------
static std::vector<int> random_slots(uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<int> s(NSLOT);
  for (int i = 0; i < NSLOT; i++) s[i] = i;
  std::shuffle(s.begin(), s.end(), rng);
  s.resize(32);
  return s;
}

static std::string thread_set(const std::set<int>& s) {
  // compact "0-7,9" form
  std::string r;
  std::vector<int> v(s.begin(), s.end());
  for (size_t i = 0; i < v.size();) {
    size_t j = i;
    while (j + 1 < v.size() && v[j + 1] == v[j] + 1) j++;
    if (!r.empty()) r += ",";
    r += j == i ? fmt("%d", v[i]) : fmt("%d-%d", v[i], v[j]);
    i = j + 1;
  }
  return r.empty() ? "none" : r;
}

struct UnitMap {
  // line (dst thread, dst unit) -> (src thread, src unit); -1 where nothing decodable
  std::map<std::pair<int, int>, std::pair<int, int>> m;
};

static const int TRIALS = 2;

static bool probe_ldsm(const Out& out, int X, bool trans) {
  std::string name = trans ? fmt("SM75_U16x%d_LDSM_T", 2 * X) : fmt("SM75_U32x%d_LDSM_N", X);
  std::string instr = fmt("ldmatrix.sync.aligned.m8n8.x%d%s.shared.b16", X, trans ? ".trans" : "");
  Verdict V;
  UnitMap first;
  std::set<int> used;
  for (int tr = 0; tr < TRIALS; tr++) {
    auto slot = random_slots(100 + tr);
    std::vector<int> owner(NSLOT, -1);
    for (int t = 0; t < 32; t++) owner[slot[t]] = t;
    std::vector<uint16_t> in(NSLOT * 8);
    for (int s = 0; s < NSLOT; s++)
      for (int e = 0; e < 8; e++) in[s * 8 + e] = (uint16_t)(s * 8 + e + 1);
    auto regs = run_ldsm(X, trans, in, slot);
    UnitMap um;
    std::map<std::pair<int, int>, int> seen;
    for (int t = 0; t < 32; t++)
      for (int j = 0; j < 2 * X; j++) {
        int code = (regs[t * X + j / 2] >> (16 * (j % 2))) & 0xffff;
        std::pair<int, int> src{-1, -1};
        if (code < 1 || code > NSLOT * 8) {
          V.fail(fmt("trial %d: thread %d unit %d holds %d, not a code", tr, t, j, code));
        } else {
          int s = (code - 1) / 8, e = (code - 1) % 8;
          if (owner[s] < 0)
            V.fail(fmt("trial %d: thread %d unit %d came from slot %d, which no thread named", tr, t, j, s));
          else {
            src = {owner[s], e};
            used.insert(owner[s]);
            if (seen[src]++) V.fail(fmt("trial %d: row unit (%d,%d) received twice", tr, src.first, e));
          }
        }
        um.m[{t, j}] = src;
      }
    if (tr == 0)
      first = um;
    else if (um.m != first.m)
      V.fail(fmt("trial %d (another slot permutation) gave a different map", tr));
  }
  // Rows used: expected to be received whole; the others must never appear.
  for (int t : used)
    for (int e = 0; e < 8; e++) {
      bool found = false;
      for (auto& kv : first.m) found |= kv.second == std::make_pair(t, e);
      if (!found) V.fail(fmt("row of thread %d: unit %d never received", t, e));
    }
  std::set<int> ignored;
  for (int t = 0; t < 32; t++)
    if (!used.count(t)) ignored.insert(t);
  if ((int)used.size() * 8 != 64 * X)
    V.fail(fmt("%zu rows used, expected %d (units received %d)", used.size(), 8 * X, 64 * X));

  std::string body = "atom " + name + "\nthreads 32\nunit_bits 16\n";
  for (auto& kv : first.m)
    body += fmt("D %d %d | %d %d\n", kv.first.first, kv.first.second, kv.second.first, kv.second.second);
  bool pass = V.ok();
  std::vector<std::string> hdr{
      "instruction: " + instr,
      fmt("method: %d 16-byte slots of shared memory, unit (slot s, unit e) holds code 8s+e+1; "
          "thread t's row address = its slot, a random permutation (%d permutations, same map)",
          NSLOT, TRIALS),
      "row addresses used from threads: " + thread_set(used) +
          "; ignored (none of their units appeared): " + thread_set(ignored),
      fmt("result: %s (every destination unit decoded, every used row received whole and once)",
          pass ? "PASS" : "FAIL")};
  for (auto& f : V.fails) hdr.push_back("failure: " + f);
  out.write(name, hdr, body);
  fprintf(out.log, "%s %s: addresses used from threads %s, ignored %s\n", pass ? "PASS" : "FAIL",
          name.c_str(), thread_set(used).c_str(), thread_set(ignored).c_str());
  for (auto& f : V.fails) fprintf(out.log, "    %s\n", f.c_str());
  return pass;
}

static bool probe_stsm(const Out& out, int X, bool trans) {
  std::string name = trans ? fmt("SM90_U16x%d_STSM_T", 2 * X) : fmt("SM90_U32x%d_STSM_N", X);
  std::string instr = fmt("stmatrix.sync.aligned.m8n8.x%d%s.shared.b16", X, trans ? ".trans" : "");
  Verdict V;
  UnitMap first;
  std::set<int> used;
  for (int tr = 0; tr < TRIALS; tr++) {
    auto slot = random_slots(200 + tr);
    std::vector<int> owner(NSLOT, -1);
    for (int t = 0; t < 32; t++) owner[slot[t]] = t;
    std::vector<uint32_t> in(32 * X);
    for (int t = 0; t < 32; t++)
      for (int i = 0; i < X; i++)
        in[t * X + i] = (uint32_t)(t * 8 + 2 * i + 1) | ((uint32_t)(t * 8 + 2 * i + 2) << 16);
    auto sm = run_stsm(X, trans, in, slot);
    UnitMap um;
    std::map<std::pair<int, int>, int> seen;
    std::set<int> used_here;
    for (int s = 0; s < NSLOT; s++) {
      int t = owner[s];
      int written = 0;
      for (int e = 0; e < 8; e++) written += sm[s * 8 + e] != 0;
      if (written == 0) continue;
      if (t < 0) {
        V.fail(fmt("trial %d: slot %d, which no thread named, was written", tr, s));
        continue;
      }
      if (written != 8) V.fail(fmt("trial %d: row of thread %d only partly written", tr, t));
      used_here.insert(t);
      for (int e = 0; e < 8; e++) {
        int code = sm[s * 8 + e];
        std::pair<int, int> src{-1, -1};
        if (code < 1 || code > 32 * 8 || (code - 1) % 8 >= 2 * X)
          V.fail(fmt("trial %d: row of thread %d unit %d holds %d, not a code", tr, t, e, code));
        else {
          src = {(code - 1) / 8, (code - 1) % 8};
          if (seen[src]++) V.fail(fmt("trial %d: register unit (%d,%d) stored twice", tr, src.first, src.second));
        }
        um.m[{t, e}] = src;
      }
    }
    if ((int)seen.size() != 64 * X)
      V.fail(fmt("trial %d: %zu register units stored, expected %d", tr, seen.size(), 64 * X));
    if (tr == 0) {
      first = um;
      used = used_here;
    } else if (um.m != first.m)
      V.fail(fmt("trial %d (another slot permutation) gave a different map", tr));
  }
  std::set<int> ignored;
  for (int t = 0; t < 32; t++)
    if (!used.count(t)) ignored.insert(t);
  std::string body = "atom " + name + "\nthreads 32\nunit_bits 16\n";
  for (auto& kv : first.m)
    body += fmt("D %d %d | %d %d\n", kv.first.first, kv.first.second, kv.second.first, kv.second.second);
  bool pass = V.ok();
  std::vector<std::string> hdr{
      "instruction: " + instr,
      fmt("method: shared memory zeroed, %d 16-byte slots; register unit j of thread t holds code "
          "8t+j+1; thread t's row address = its slot, a random permutation (%d permutations, same "
          "map); lines only for the rows written",
          NSLOT, TRIALS),
      "row addresses used from threads: " + thread_set(used) +
          "; ignored (their rows stayed zero): " + thread_set(ignored),
      fmt("result: %s (every written unit decoded, every register unit stored once, rows written "
          "whole, no other shared memory written)",
          pass ? "PASS" : "FAIL")};
  for (auto& f : V.fails) hdr.push_back("failure: " + f);
  out.write(name, hdr, body);
  fprintf(out.log, "%s %s: addresses used from threads %s, ignored %s\n", pass ? "PASS" : "FAIL",
          name.c_str(), thread_set(used).c_str(), thread_set(ignored).c_str());
  for (auto& f : V.fails) fprintf(out.log, "    %s\n", f.c_str());
  return pass;
}

// One thread copies `bits` bits; unit 8 bits; source byte e holds code e+1 (other source bytes
// follow with further codes, so an over-long copy shows).
// The _ZFILL forms also: with source size 0 (CuTe's predicate false) every destination byte of
// the copy is zero and the bytes past it keep their value.
static bool probe_bytes(const Out& out, int kind, int bits) {
  int bytes = bits / 8;
  const char* fam[] = {"SM80_CP_ASYNC_CACHEALWAYS", "UniversalCopy", "SM80_CP_ASYNC_CACHEGLOBAL",
                       "SM80_CP_ASYNC_CACHEALWAYS_ZFILL", "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL"};
  std::string name = fmt("%s_%d", fam[kind], bits);
  std::string instr = kind == 1 ? fmt("plain C++ *dst = *src of a %d-bit type (global -> global)", bits)
                      : kind == 0 ? fmt("cp.async.ca.shared.global [dst], [src], %d", bytes)
                      : kind == 2 ? fmt("cp.async.cg.shared.global [dst], [src], %d", bytes)
                      : fmt("cp.async.%s.shared.global [dst], [src], %d, src_size (src_size %d here)",
                            kind == 3 ? "ca" : "cg", bytes, bytes);
  Verdict V;
  std::string zfill;
  if (kind >= 3) {
    std::vector<uint8_t> in(16);
    for (int i = 0; i < 16; i++) in[i] = (uint8_t)(i + 1);
    auto z = run_byte_copy(kind, bytes, in, 0, 0xAA);
    for (int j = 0; j < 16; j++) {
      int want = j < bytes ? 0 : 0xAA;
      if (z[j] != want) V.fail(fmt("src_size 0: destination byte %d holds %d, not %d", j, z[j], want));
    }
    zfill = "zero fill: with src_size 0 (shared memory first 0xAA) the copy's bytes are 0, the "
            "bytes past it 0xAA";
  }
  std::vector<uint8_t> in(16);
  for (int i = 0; i < 16; i++) in[i] = (uint8_t)(i + 1);
  auto got = run_byte_copy(kind, bytes, in);
  std::string body = "atom " + name + "\nthreads 1\nunit_bits 8\n";
  for (int j = 0; j < bytes; j++) {
    int code = got[j];
    if (code < 1 || code > bytes) V.fail(fmt("destination byte %d holds %d", j, code));
    body += fmt("D 0 %d | 0 %d\n", j, code >= 1 ? code - 1 : -1);
  }
  for (size_t j = bytes; j < got.size(); j++)
    if (got[j] != 0) V.fail(fmt("destination byte %zu beyond the copy was written", j));
  bool pass = V.ok();
  std::vector<std::string> hdr{"instruction: " + instr,
                               "method: source byte e holds e+1, destination zeroed; thread 0 copies"};
  if (!zfill.empty()) hdr.push_back(zfill);
  hdr.push_back(fmt("result: %s", pass ? "PASS" : "FAIL"));
  for (auto& f : V.fails) hdr.push_back("failure: " + f);
  out.write(name, hdr, body);
  fprintf(out.log, "%s %s\n", pass ? "PASS" : "FAIL", name.c_str());
  for (auto& f : V.fails) fprintf(out.log, "    %s\n", f.c_str());
  return pass;
}

int main(int argc, char** argv) {
  Out out;
  out.init(argc, argv, "probes/copy.cu");
  int fails = 0;
  for (bool trans : {false, true})
    for (int X : {1, 2, 4}) fails += !probe_ldsm(out, X, trans);
  for (bool trans : {false, true})
    for (int X : {1, 2, 4}) fails += !probe_stsm(out, X, trans);
  for (int bits : {32, 64, 128}) fails += !probe_bytes(out, 0, bits);
  for (int bits : {8, 16, 32, 64, 128}) fails += !probe_bytes(out, 1, bits);
  fails += !probe_bytes(out, 2, 128);  // .cg: 16 bytes only
  for (int bits : {32, 64, 128}) fails += !probe_bytes(out, 3, bits);
  fails += !probe_bytes(out, 4, 128);
  printf("copy: %d atom(s) failed\n", fails);
  return fails ? 1 : 0;
}
