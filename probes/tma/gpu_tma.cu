// TMA placement probe: for each configuration, CuTe C++'s own
// make_tma_copy builds the TMA copy (SM90_TMA_LOAD / SM90_TMA_STORE) of a gmem tensor and a
// shared-memory layout; this file defines cuTensorMapEncodeTiled itself, records the exact
// arguments CuTe passes and forwards them to the driver's function (dlopen("libcuda.so.1")).
// One CTA then runs CuTe's TMA copy of one tile and the host records, without assuming any
// layout, where every element landed:
//   load:  gmem holds values that identify each element's address (8/16-bit elements: several
//          passes, one base-(2^bits-2) digit each, digit+1 stored, so 0 is never data and
//          all-ones is never data); shared memory is poisoned with 0xFF bytes before the copy
//          and dumped raw after it, with 1 KiB guards on both sides of the tile.
//   store: shared memory holds values that identify each smem element offset (same digits);
//          gmem (the tensor's span plus 1 KiB margins) is poisoned with 0xFF bytes; after the
//          copy every gmem element/byte is checked: changed or not, and to what.
// Each configuration runs in its own child process (fork before any CUDA call in the parent),
// so a fault, a CuTe host assert or a hang (mbarrier wait bounded by %globaltimer, plus a
// wall-clock kill) is recorded for that configuration alone.
//
//   nvcc -std=c++17 -O1 -gencode=arch=compute_90a,code=sm_90a -I<cutlass>/include \
//        -DPART=p -DNPARTS=n probes/tma/gpu_tma.cu -o gpu_tma_p -ldl
//   ./gpu_tma_p list              # the configuration ids this binary holds
//   ./gpu_tma_p run OUTDIR [ID..] # writes OUTDIR/<id>.jsonl (one JSON record per line)
// Environment (copied into every record): PROBE_COMMAND, PROBE_DATE, PROBE_NVCC.
#define CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL 1
#include <cuda.h>
#include <cuda_runtime.h>
#include <dlfcn.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <cute/tensor.hpp>
#include <cute/atom/copy_traits_sm90_tma.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <cute/arch/copy_sm90_desc.hpp>

#ifndef PART
#define PART 0
#endif
#ifndef NPARTS
#define NPARTS 1
#endif

using namespace cute;

// ---------------------------------------------------------------- interposed encode ---------
struct EncodeCall {
  int result;
  int dtype;
  unsigned rank;
  uintptr_t addr;
  uint64_t dims[5];
  uint64_t strides[4];
  uint32_t box[5];
  uint32_t estr[5];
  int interleave, swizzle, l2, oob;
};
static std::vector<EncodeCall> g_encodes;

extern "C" CUresult CUDAAPI cuTensorMapEncodeTiled(
    CUtensorMap* map, CUtensorMapDataType dt, cuuint32_t rank, void* addr, const cuuint64_t* dims,
    const cuuint64_t* strides, const cuuint32_t* box, const cuuint32_t* estr,
    CUtensorMapInterleave il, CUtensorMapSwizzle sw, CUtensorMapL2promotion l2,
    CUtensorMapFloatOOBfill oob) {
  using Fn = CUresult (*)(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*, const cuuint64_t*,
                          const cuuint64_t*, const cuuint32_t*, const cuuint32_t*,
                          CUtensorMapInterleave, CUtensorMapSwizzle, CUtensorMapL2promotion,
                          CUtensorMapFloatOOBfill);
  static Fn real = nullptr;
  if (!real) {
    void* h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (h) real = (Fn)dlsym(h, "cuTensorMapEncodeTiled");
    if (!real) {
      fprintf(stderr, "probe: cannot find the driver's cuTensorMapEncodeTiled\n");
      _exit(3);
    }
  }
  EncodeCall c{};
  c.dtype = dt;
  c.rank = rank;
  c.addr = (uintptr_t)addr;
  for (unsigned i = 0; i < rank && i < 5; ++i) {
    c.dims[i] = dims[i];
    c.box[i] = box[i];
    c.estr[i] = estr[i];
    if (i + 1 < rank) c.strides[i] = strides[i];
  }
  c.interleave = il;
  c.swizzle = sw;
  c.l2 = l2;
  c.oob = oob;
  CUresult r = real(map, dt, rank, addr, dims, strides, box, estr, il, sw, l2, oob);
  c.result = r;
  g_encodes.push_back(c);
  return r;
}

// ---------------------------------------------------------------- printing -------------------
template <class T>
void put_tuple(std::ostream& o, T const& t, bool cute_style) {
  if constexpr (is_tuple<T>::value) {
    o << "(";
    int n = 0;
    for_each(t, [&](auto const& e) {
      if (n++) o << ",";
      put_tuple(o, e, cute_style);
    });
    o << ")";
  } else if constexpr (is_static<T>::value) {
    o << (cute_style ? "_" : "") << T::value;
  } else {
    o << (long long)t;
  }
}
template <class L>
std::string layout_str(L const& l, bool cute_style) {
  std::ostringstream o;
  put_tuple(o, shape(l), cute_style);
  o << ":";
  put_tuple(o, stride(l), cute_style);
  return o.str();
}

static int ilog2(int x) {
  int r = 0;
  while ((1 << r) < x) ++r;
  return r;
}

// The smem layout in the crate's notation (swizzle on element offsets) and CuTe's printed form
// (swizzle on bytes, as CuTe prints GMMA atoms).
template <class T, int B, int M, int S, class Flag, class L>
void smem_strs(ComposedLayout<Swizzle<B, M, S>, Flag, L> const& c, std::string& crate,
               std::string& cute_form) {
  int eb = sizeof_bits<T>::value;
  int shiftdown = ilog2(eb / 8);
  std::ostringstream a, b;
  a << "Sw<" << B << "," << (M - shiftdown) << "," << S << "> o 0 o " << layout_str(c.layout_b(), false);
  b << "Sw<" << B << "," << M << "," << S << "> o smem_ptr[" << eb << "b](unset) o "
    << layout_str(c.layout_b(), true);
  crate = a.str();
  cute_form = b.str();
}
template <class T, class Sh, class St>
void smem_strs(Layout<Sh, St> const& l, std::string& crate, std::string& cute_form) {
  crate = layout_str(l, false);
  cute_form = layout_str(l, true);
}

static const char* swz_name(int s) {
  switch (s) {
    case CU_TENSOR_MAP_SWIZZLE_NONE: return "none";
    case CU_TENSOR_MAP_SWIZZLE_32B: return "32B";
    case CU_TENSOR_MAP_SWIZZLE_64B: return "64B";
    case CU_TENSOR_MAP_SWIZZLE_128B: return "128B";
    default: return "other";
  }
}
static const char* il_name(int s) {
  switch (s) {
    case CU_TENSOR_MAP_INTERLEAVE_NONE: return "none";
    case CU_TENSOR_MAP_INTERLEAVE_16B: return "16B";
    case CU_TENSOR_MAP_INTERLEAVE_32B: return "32B";
    default: return "other";
  }
}
static std::string env_or(const char* k, const char* d) {
  const char* v = getenv(k);
  return v ? std::string(v) : std::string(d);
}
static std::string jstr(std::string const& s) {
  std::string r = "\"";
  for (char ch : s) {
    if (ch == '"' || ch == '\\') {
      r += '\\';
      r += ch;
    } else if ((unsigned char)ch < 0x20) {
      char buf[8];
      snprintf(buf, sizeof buf, "\\u%04x", ch);
      r += buf;
    } else {
      r += ch;
    }
  }
  return r + "\"";
}
template <class V>
std::string jarr(V const& v) {
  std::ostringstream o;
  o << "[";
  for (size_t i = 0; i < v.size(); ++i) o << (i ? "," : "") << v[i];
  o << "]";
  return o.str();
}

// ---------------------------------------------------------------- kernel ---------------------
constexpr int kGuard = 1024;  // bytes of poisoned shared memory before and after the tile
enum { ST_OK = 1, ST_TIMEOUT = 2 };

__device__ __forceinline__ uint64_t globaltimer() {
  uint64_t t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

template <class T, bool IsLoad, int NCta, class Tma, class GShape, class Tiler, class SLayout, class Coord>
__global__ void __launch_bounds__(128, 1)
    probe_kernel(CUTE_GRID_CONSTANT Tma const tma, GShape gshape, Tiler tiler, SLayout slayout,
                 Coord coord, int shift, int region_bytes, uint8_t const* init, uint8_t* dump,
                 int* info) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  extern __shared__ __align__(1024) uint8_t smem_raw[];
  __shared__ alignas(8) uint64_t mbar;
  int r = 0;
  if constexpr (NCta > 1) r = int(block_rank_in_cluster());
  dump += r * region_bytes;
  info += r * 16;
  uint32_t a = cast_smem_ptr_to_uint(smem_raw);
  uint8_t* region = smem_raw + ((1024u - (a & 1023u)) & 1023u);
  for (int i = threadIdx.x; i < region_bytes; i += blockDim.x) region[i] = init[i];
  T* tile = reinterpret_cast<T*>(region + kGuard + shift);
  Tensor sA = make_tensor(make_smem_ptr(tile), slayout);
  Tensor mA = tma.get_tma_tensor(gshape);
  Tensor gA = local_tile(mA, tiler, coord);
  auto parts = tma_partition(tma, r, Layout<Int<NCta>>{}, group_modes<0, decltype(rank(sA))::value>(sA),
                             group_modes<0, decltype(rank(gA))::value>(gA));
  auto tAgA = get<0>(parts);
  auto tAsA = get<1>(parts);
  if (threadIdx.x == 0) {
    // tma_partition's view: ((TMA, TMA_Iter), Rest...); one instruction per (TMA_Iter, Rest...)
    info[1] = int(size(tAsA) / size<0, 0>(tAsA));
    info[2] = int(size<0, 0>(tAsA));
    info[3] = int(cast_smem_ptr_to_uint(tile) & 1023u);
  }
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  if constexpr (IsLoad) {
    if (threadIdx.x == 0) {
      initialize_barrier(mbar, 1);
      asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    if constexpr (NCta > 1) cluster_sync();
    if (threadIdx.x == 0) {
      // every CTA receives the whole tile: its own slice and the peers' multicast slices
      set_barrier_transaction_bytes(mbar, uint32_t(size(sA) * sizeof(T)));
      if constexpr (NCta > 1) copy(tma.with(mbar, uint16_t((1u << NCta) - 1)), tAgA, tAsA);
      else copy(tma.with(mbar), tAgA, tAsA);
    }
    uint32_t mb = cast_smem_ptr_to_uint(&mbar);
    uint64_t t0 = globaltimer();
    uint32_t done = 0;
    while (!done) {
      asm volatile(
          "{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
          : "=r"(done)
          : "r"(mb), "r"(0u)
          : "memory");
      if (!done && globaltimer() - t0 > 2000000000ull) {
        if (threadIdx.x == 0) info[0] = ST_TIMEOUT;
        return;
      }
    }
    __syncthreads();
    if constexpr (NCta > 1) cluster_sync();
  } else {
    __syncthreads();
    if (threadIdx.x == 0) {
      copy(tma, tAsA, tAgA);
      tma_store_arrive();
      asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
    }
    __syncthreads();
  }
  for (int i = threadIdx.x; i < region_bytes; i += blockDim.x) dump[i] = region[i];
  if (threadIdx.x == 0) info[0] = ST_OK;
#endif
}

// ---------------------------------------------------------------- host -----------------------
#define CK(x)                                                                               \
  do {                                                                                      \
    cudaError_t e_ = (x);                                                                   \
    if (e_ != cudaSuccess) {                                                                \
      throw std::string(#x) + ": " + cudaGetErrorName(e_) + " (" + cudaGetErrorString(e_) + ")"; \
    }                                                                                       \
  } while (0)

struct Opts {
  int shift = 0;        // bytes the tile's smem base lies past a 1024-byte boundary
  int gmem_misalign = 0;  // bytes the gmem base lies past the 16-byte aligned allocation point
};

static std::string common_fields() {
  static std::string s;
  if (s.empty()) {
    cudaDeviceProp p{};
    cudaGetDeviceProperties(&p, 0);
    int drv = 0, rt = 0;
    cudaDriverGetVersion(&drv);
    cudaRuntimeGetVersion(&rt);
    std::ostringstream o;
    o << "\"gpu\":" << jstr(p.name) << ",\"cc\":\"" << p.major << "." << p.minor << "\""
      << ",\"driver\":" << jstr(env_or("PROBE_DRIVER", "")) << ",\"cuda_driver_api\":" << drv
      << ",\"cuda_runtime\":" << rt << ",\"nvcc\":" << jstr(env_or("PROBE_NVCC", "unknown"))
      << ",\"date\":" << jstr(env_or("PROBE_DATE", "unknown"))
      << ",\"command\":" << jstr(env_or("PROBE_COMMAND", "unknown"))
      << ",\"probe\":\"probes/tma/gpu_tma.cu\"";
    s = o.str();
  }
  return s;
}

// Digit d of value v in base 2^bits-2, stored as d+1 (never 0, never all-ones).
static uint64_t digit(uint64_t v, int pass, int bits) {
  uint64_t base = (bits >= 32) ? 0xFFFFFFFEull : ((1ull << bits) - 2);
  for (int i = 0; i < pass; ++i) v /= base;
  return v % base + 1;
}
static int passes_for(uint64_t n, int bits) {
  uint64_t base = (bits >= 32) ? 0xFFFFFFFEull : ((1ull << bits) - 2);
  int p = 1;
  uint64_t cap = base;
  while (cap < n + 1) {
    cap *= base;
    ++p;
  }
  return p;
}
template <class T>
static void put_elem(uint8_t* p, uint64_t v) {
  T t;
  memcpy(&t, &v, sizeof(T));  // little endian: low bytes
  memcpy(p, &t, sizeof(T));
}
template <class T>
static uint64_t get_elem(uint8_t const* p) {
  uint64_t v = 0;
  memcpy(&v, p, sizeof(T));
  return v;
}

template <class T, class GLayout, class SLayout, class Tiler, class CopyOp>
static void run_case(FILE* out, int id, const char* name, CopyOp op, GLayout glayout, SLayout slayout,
                     Tiler tiler, std::vector<std::vector<int>> tiles, Opts opt) {
  constexpr bool Mcast = is_same_v<CopyOp, SM90_TMA_LOAD_MULTICAST>;
  constexpr bool IsLoad = is_same_v<CopyOp, SM90_TMA_LOAD> || Mcast;
  constexpr int NCta = Mcast ? 2 : 1;
  constexpr int bits = sizeof_bits<T>::value;
  constexpr int esz = sizeof(T);
  const uint64_t base = (bits >= 32) ? 0xFFFFFFFEull : ((1ull << bits) - 2);
  const uint64_t ones = (1ull << bits) - 1;

  std::string smem_crate, smem_cute;
  smem_strs<T>(slayout, smem_crate, smem_cute);
  std::string gmem_str = layout_str(glayout, false);
  std::string tiler_str;
  {
    std::ostringstream o;
    put_tuple(o, tiler, false);
    tiler_str = o.str();
  }
  const long long span = cosize(glayout);  // elements of the tensor's span
  const long long margin = 1024 / esz;     // identified (load) / poisoned (store) elements each side
  const long long alloc_elems = span + 2 * margin;
  const long long tile_elems = cosize(layout(slayout));
  const long long tile_bytes = tile_elems * esz;
  const int region_bytes = int(kGuard + opt.shift + tile_bytes + kGuard);

  // the tensor's elements (offsets), to tell them from padding and from bytes beyond the extent
  std::set<long long> valid;
  for (int i = 0; i < size(glayout); ++i) valid.insert((long long)glayout(i));

  std::ostringstream head;
  head << "{\"id\":" << id << ",\"config\":" << jstr(name) << ",\"op\":\""
       << (Mcast ? "load_multicast" : IsLoad ? "load" : "store") << "\",\"elem_bits\":" << bits
       << ",\"gmem\":" << jstr(gmem_str) << ",\"smem\":" << jstr(smem_crate)
       << ",\"smem_cute\":" << jstr(smem_cute) << ",\"cta_tile\":" << jstr(tiler_str)
       << ",\"cluster_size\":" << NCta << ",\"smem_base_mod_1024\":" << opt.shift
       << ",\"gmem_base_misalign_bytes\":" << opt.gmem_misalign;
  // for the parent, in case CuTe's host code aborts below
  if (const char* hf = getenv("PROBE_HEAD_FILE")) {
    if (FILE* f = fopen(hf, "w")) {
      fputs((head.str() + "," + common_fields()).c_str(), f);
      fclose(f);
    }
  }

  // gmem: [128 B][margin][tensor span][margin][128 B], the tensor at a 16-byte aligned point
  // plus gmem_misalign bytes
  const size_t alloc_bytes = alloc_elems * esz;
  const size_t dev_bytes = alloc_bytes + 256 + opt.gmem_misalign;
  uint8_t* dalloc = nullptr;
  CK(cudaMalloc(&dalloc, dev_bytes));
  uint8_t* delem0 = dalloc + 128 + opt.gmem_misalign;  // allocation element 0
  uint8_t* dtensor = delem0 + margin * esz;

  Tensor gtensor = make_tensor(make_gmem_ptr(reinterpret_cast<T*>(dtensor)), glayout);

  g_encodes.clear();
  auto tma = make_tma_copy(op, gtensor, slayout, tiler, Int<NCta>{});
  std::ostringstream enc;
  enc << ",\"encode_calls\":" << g_encodes.size();
  if (!g_encodes.empty()) {
    EncodeCall const& c = g_encodes.back();
    enc << ",\"encode_result\":" << c.result << ",\"data_type\":" << c.dtype << ",\"rank\":" << c.rank;
    std::vector<unsigned long long> dims, strides;
    std::vector<unsigned> box, es;
    for (unsigned i = 0; i < c.rank; ++i) {
      dims.push_back(c.dims[i]);
      box.push_back(c.box[i]);
      es.push_back(c.estr[i]);
      if (i + 1 < c.rank) strides.push_back(c.strides[i]);
    }
    enc << ",\"global_dims\":" << jarr(dims) << ",\"global_strides_bytes\":" << jarr(strides)
        << ",\"box_dims\":" << jarr(box) << ",\"element_strides\":" << jarr(es) << ",\"swizzle\":\""
        << swz_name(c.swizzle) << "\",\"interleave\":\"" << il_name(c.interleave)
        << "\",\"l2_promotion\":" << c.l2 << ",\"oob_fill\":"
        << (c.oob == CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE ? "\"none\"" : "\"nan_request_zero_fma\"")
        << ",\"global_address_minus_tensor\":" << (long long)(c.addr - (uintptr_t)dtensor);
  }

  constexpr int R = decltype(rank(glayout))::value;
  using Coord = conditional_t<R == 2, decltype(make_coord(0, 0)), decltype(make_coord(0, 0, 0))>;
  auto kern = &probe_kernel<T, IsLoad, NCta, decltype(tma), decltype(shape(glayout)), Tiler, SLayout, Coord>;
  int smem_bytes = region_bytes + 1024;
  CK(cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes));
  if (NCta > 1) CK(cudaFuncSetAttribute(kern, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));

  uint8_t *dinit, *ddump;
  int* dinfo;
  CK(cudaMalloc(&dinit, region_bytes));
  CK(cudaMalloc(&ddump, NCta * region_bytes));
  CK(cudaMalloc(&dinfo, NCta * 16 * sizeof(int)));
  std::vector<uint8_t> hinit(region_bytes), hdump(NCta * region_bytes), hg(dev_bytes);

  const int P = IsLoad ? passes_for(alloc_elems, bits) : passes_for(tile_elems, bits);

  for (auto const& tc : tiles) {
    std::ostringstream rec;
    rec << head.str() << ",\"tile\":" << jarr(tc) << enc.str();
    int info[2][16] = {{0}};
    long long guard_changed[2] = {0, 0}, stray = 0;
    // per pass: per CTA the tile's smem values (load), or the allocation's values (store)
    std::vector<std::vector<std::vector<uint64_t>>> seen(NCta);
    std::string fault;
    try {
      for (int p = 0; p < P; ++p) {
        if (IsLoad) {
          memset(hg.data(), 0xFF, dev_bytes);
          for (long long a = 0; a < alloc_elems; ++a)
            put_elem<T>(&hg[128 + opt.gmem_misalign + a * esz], digit(a, p, bits));
          memset(hinit.data(), 0xFF, region_bytes);
        } else {
          memset(hg.data(), 0xFF, dev_bytes);
          memset(hinit.data(), 0xFF, region_bytes);
          for (long long s = 0; s < tile_elems; ++s)
            put_elem<T>(&hinit[kGuard + opt.shift + s * esz], digit(s, p, bits));
        }
        CK(cudaMemcpy(dalloc, hg.data(), dev_bytes, cudaMemcpyHostToDevice));
        CK(cudaMemcpy(dinit, hinit.data(), region_bytes, cudaMemcpyHostToDevice));
        CK(cudaMemset(dinfo, 0, NCta * 16 * sizeof(int)));
        CK(cudaMemset(ddump, 0, NCta * region_bytes));
        Coord coord;
        if constexpr (R == 2) coord = make_coord(tc[0], tc[1]);
        else coord = make_coord(tc[0], tc[1], tc[2]);
        cudaLaunchConfig_t cfg{};
        cudaLaunchAttribute attr[1];
        cfg.gridDim = dim3(NCta);
        cfg.blockDim = dim3(128);
        cfg.dynamicSmemBytes = smem_bytes;
        attr[0].id = cudaLaunchAttributeClusterDimension;
        attr[0].val.clusterDim.x = NCta;
        attr[0].val.clusterDim.y = 1;
        attr[0].val.clusterDim.z = 1;
        cfg.attrs = attr;
        cfg.numAttrs = 1;
        CK(cudaLaunchKernelEx(&cfg, kern, tma, shape(glayout), tiler, slayout, coord, opt.shift, region_bytes,
                              (uint8_t const*)dinit, ddump, dinfo));
        CK(cudaGetLastError());
        CK(cudaDeviceSynchronize());
        CK(cudaMemcpy(info, dinfo, NCta * 16 * sizeof(int), cudaMemcpyDeviceToHost));
        for (int r = 0; r < NCta; ++r)
          if (info[r][0] != ST_OK)
            throw std::string(info[r][0] == ST_TIMEOUT ? "timeout: mbarrier wait exceeded 2 s" : "kernel did not finish");
        CK(cudaMemcpy(hdump.data(), ddump, NCta * region_bytes, cudaMemcpyDeviceToHost));
        if (IsLoad) {
          for (int r = 0; r < NCta; ++r) {
            uint8_t const* d = hdump.data() + r * region_bytes;
            std::vector<uint64_t> v;
            for (long long s = 0; s < tile_elems; ++s) v.push_back(get_elem<T>(&d[kGuard + opt.shift + s * esz]));
            long long outside = 0;
            for (int i = 0; i < region_bytes; ++i) {
              bool in_tile = i >= kGuard + opt.shift && i < kGuard + opt.shift + tile_bytes;
              if (!in_tile && d[i] != 0xFF) ++outside;
            }
            guard_changed[r] = std::max(guard_changed[r], outside);
            seen[r].push_back(v);
          }
        } else {
          CK(cudaMemcpy(hg.data(), dalloc, dev_bytes, cudaMemcpyDeviceToHost));
          uint8_t const* e0 = hg.data() + 128 + opt.gmem_misalign;
          long long st = 0;
          for (size_t i = 0; i < dev_bytes; ++i) {
            long long rel = (long long)(hg.data() + i - e0);
            if ((rel < 0 || rel >= (long long)alloc_bytes) && hg[i] != 0xFF) ++st;
          }
          std::vector<uint64_t> v;
          for (long long a = 0; a < alloc_elems; ++a) v.push_back(get_elem<T>(e0 + a * esz));
          stray = std::max(stray, st);
          seen[0].push_back(v);
        }
      }
    } catch (std::string const& e) {
      fault = e;
    }
    rec << ",\"instructions\":" << info[0][1] << ",\"elements_per_instruction\":" << info[0][2]
        << ",\"smem_tile_addr_mod_1024\":" << info[0][3];
    if (!fault.empty()) {
      rec << ",\"status\":\"fault\",\"error\":" << jstr(fault) << "," << common_fields() << "}\n";
      fputs(rec.str().c_str(), out);
      fflush(out);
      if (fault.find("timeout") == std::string::npos) return;  // a sticky error ends the context
      continue;
    }
    rec << ",\"status\":\"ok\",\"passes\":" << P;
    if (IsLoad) {
      for (int r = 0; r < NCta; ++r) {
        std::vector<std::string> s2g(tile_elems);
        std::vector<long long> unwritten, inconsistent;
        long long oob = 0;
        for (long long s = 0; s < tile_elems; ++s) {
          bool any_sentinel = false, all_zero = true, any_zero = false;
          uint64_t a = 0, mul = 1;
          for (int p = 0; p < P; ++p) {
            uint64_t v = seen[r][p][s];
            if (v == ones) any_sentinel = true;
            if (v != 0) all_zero = false;
            else any_zero = true;
            if (v != 0 && v != ones) a += (v - 1) * mul;
            mul *= base;
          }
          s2g[s] = "null";
          if (any_sentinel) unwritten.push_back(s);
          else if (all_zero) ++oob;
          else if (any_zero) inconsistent.push_back(s);
          else {
            long long g = (long long)a - margin;
            s2g[s] = std::to_string(g);
            if (!valid.count(g)) inconsistent.push_back(s);
          }
        }
        std::string sfx = r ? "_cta1" : "";
        if (r) rec << ",\"instructions_cta1\":" << info[1][1];
        rec << ",\"smem_to_gmem" << sfx << "\":[";
        for (long long s = 0; s < tile_elems; ++s) rec << (s ? "," : "") << s2g[s];
        rec << "],\"oob_elements" << sfx << "\":" << oob << ",\"oob_fill_value" << sfx
            << "\":" << (oob ? "0" : "null") << ",\"smem_unwritten" << sfx << "\":" << jarr(unwritten)
            << ",\"smem_not_a_tensor_element" << sfx << "\":" << jarr(inconsistent)
            << ",\"smem_bytes_changed_outside_tile" << sfx << "\":" << guard_changed[r];
      }
    } else {
      std::vector<std::string> s2g(tile_elems, "null");
      std::vector<long long> dup, outside;
      std::vector<std::string> pairs;
      std::vector<char> hit(tile_elems, 0);
      long long written = 0;
      for (long long a = 0; a < alloc_elems; ++a) {
        bool changed = false, bad = false;
        uint64_t s = 0, mul = 1;
        for (int p = 0; p < P; ++p) {
          uint64_t v = seen[0][p][a];
          if (v != ones) changed = true;
          if (v == 0 || v == ones) bad = true;
          else s += (v - 1) * mul;
          mul *= base;
        }
        if (!changed) continue;
        ++written;
        long long g = a - margin;
        if (!valid.count(g)) outside.push_back(g);
        if (bad || (long long)s >= tile_elems) {
          pairs.push_back("[" + std::to_string(g) + ",null]");
          continue;
        }
        pairs.push_back("[" + std::to_string(g) + "," + std::to_string(s) + "]");
        if (hit[s]) dup.push_back((long long)s);
        hit[s] = 1;
        s2g[s] = std::to_string(g);
      }
      rec << ",\"smem_to_gmem\":[";
      for (long long s = 0; s < tile_elems; ++s) rec << (s ? "," : "") << s2g[s];
      rec << "],\"gmem_written\":{\"elements_changed\":" << written
          << ",\"changed_outside_tensor_elements\":" << jarr(outside)
          << ",\"bytes_changed_outside_checked_span\":" << stray << ",\"checked_from_offset\":" << -margin
          << ",\"checked_to_offset\":" << span + margin << ",\"smem_offsets_written_twice\":" << jarr(dup)
          << ",\"pairs\":[";
      for (size_t i = 0; i < pairs.size(); ++i) rec << (i ? "," : "") << pairs[i];
      rec << "]}";
    }
    rec << "," << common_fields() << "}\n";
    fputs(rec.str().c_str(), out);
    fflush(out);
  }
  cudaFree(dalloc);
  cudaFree(dinit);
  cudaFree(ddump);
  cudaFree(dinfo);
}

// ---------------------------------------------------------------- configurations -------------
// Ragged, padded gmem for a (BM, BK) tile: M = 1.5 BM + 3, K = 1.5 BK + 5, leading dimension
// rounded up to 16 bytes plus 16 bytes of padding; tiles (0,0) and (1,1) (the edge tile).
template <class T>
static long long pad_ld(long long n) {
  long long q = 16 / sizeof(T);
  return (n + q - 1) / q * q + q;
}

enum Sw { INTER, SW32, SW64, SW128 };

template <class T, bool KMajor, int SwM>
auto gmma_atom() {
  using namespace SM90::GMMA;
  if constexpr (KMajor) {
    if constexpr (SwM == INTER) return Layout_K_INTER_Atom<T>{};
    else if constexpr (SwM == SW32) return Layout_K_SW32_Atom<T>{};
    else if constexpr (SwM == SW64) return Layout_K_SW64_Atom<T>{};
    else return Layout_K_SW128_Atom<T>{};
  } else {
    if constexpr (SwM == INTER) return Layout_MN_INTER_Atom<T>{};
    else if constexpr (SwM == SW32) return Layout_MN_SW32_Atom<T>{};
    else if constexpr (SwM == SW64) return Layout_MN_SW64_Atom<T>{};
    else return Layout_MN_SW128_Atom<T>{};
  }
}

static const char* tname(int bits) { return bits == 8 ? "u8" : bits == 16 ? "f16" : "f32"; }
static const char* swn(int s) { return s == INTER ? "INTER" : s == SW32 ? "SW32" : s == SW64 ? "SW64" : "SW128"; }

// The grid: element width x major x swizzle x op, atoms tiled 2x in each mode.
template <class T, bool KMajor, int SwM, bool Load>
void grid_case(FILE* out, int id, Opts opt = {}, const char* suffix = "") {
  auto atom = gmma_atom<T, KMajor, SwM>();
  auto a_shape = shape(atom);  // (M-extent, K-extent) of the atom
  constexpr int AM = decltype(size<0>(a_shape))::value;
  constexpr int AK = decltype(size<1>(a_shape))::value;
  using BM = Int<2 * AM>;
  using BK = Int<2 * AK>;
  auto slayout = tile_to_shape(atom, make_shape(BM{}, BK{}));
  long long M = BM::value * 3 / 2 + 3, K = BK::value * 3 / 2 + 5;
  char name[128];
  snprintf(name, sizeof name, "%s_%s_%s_%s%s", Load ? "load" : "store", tname(sizeof_bits<T>::value),
           KMajor ? "K" : "MN", swn(SwM), suffix);
  std::vector<std::vector<int>> tiles = {{0, 0}, {1, 1}};
  if (opt.shift || opt.gmem_misalign) tiles = {{0, 0}};
  auto tiler = make_shape(BM{}, BK{});
  if constexpr (KMajor) {
    auto g = make_layout(make_shape(int(M), int(K)), make_stride(int(pad_ld<T>(K)), Int<1>{}));
    if constexpr (Load) run_case<T>(out, id, name, SM90_TMA_LOAD{}, g, slayout, tiler, tiles, opt);
    else run_case<T>(out, id, name, SM90_TMA_STORE{}, g, slayout, tiler, tiles, opt);
  } else {
    auto g = make_layout(make_shape(int(M), int(K)), make_stride(Int<1>{}, int(pad_ld<T>(M))));
    if constexpr (Load) run_case<T>(out, id, name, SM90_TMA_LOAD{}, g, slayout, tiler, tiles, opt);
    else run_case<T>(out, id, name, SM90_TMA_STORE{}, g, slayout, tiler, tiles, opt);
  }
}

// Rank-3 (batched) gmem: (M,K,L):(ld,1,ld*M+pad) with the CUTLASS-style rank-2 CTA tiler.
template <class T, bool KMajor, int SwM, bool Load>
void batch_case(FILE* out, int id) {
  auto atom = gmma_atom<T, KMajor, SwM>();
  constexpr int AM = decltype(size<0>(shape(atom)))::value;
  constexpr int AK = decltype(size<1>(shape(atom)))::value;
  using BM = Int<2 * AM>;
  using BK = Int<2 * AK>;
  auto slayout = tile_to_shape(atom, make_shape(BM{}, BK{}));
  int M = BM::value * 3 / 2 + 3, K = BK::value * 3 / 2 + 5, L = 3;
  char name[128];
  snprintf(name, sizeof name, "%s_%s_%s_%s_batch", Load ? "load" : "store", tname(sizeof_bits<T>::value),
           KMajor ? "K" : "MN", swn(SwM));
  std::vector<std::vector<int>> tiles = {{0, 0, 1}, {1, 1, 2}};
  auto tiler = make_shape(BM{}, BK{});
  if constexpr (KMajor) {
    int ld = int(pad_ld<T>(K));
    auto g = make_layout(make_shape(M, K, L), make_stride(ld, Int<1>{}, ld * M + int(32 / sizeof(T))));
    if constexpr (Load) run_case<T>(out, id, name, SM90_TMA_LOAD{}, g, slayout, tiler, tiles, {});
    else run_case<T>(out, id, name, SM90_TMA_STORE{}, g, slayout, tiler, tiles, {});
  } else {
    int ld = int(pad_ld<T>(M));
    auto g = make_layout(make_shape(M, K, L), make_stride(Int<1>{}, ld, ld * K + int(32 / sizeof(T))));
    if constexpr (Load) run_case<T>(out, id, name, SM90_TMA_LOAD{}, g, slayout, tiler, tiles, {});
    else run_case<T>(out, id, name, SM90_TMA_STORE{}, g, slayout, tiler, tiles, {});
  }
}

// Multicast over a cluster of 2 CTAs (SM90_TMA_LOAD_MULTICAST, cluster_size 2): each CTA issues
// its slice of the tile with mask 0b11; both CTAs' shared memory is dumped.
template <class T, bool KMajor, int SwM>
void mcast_case(FILE* out, int id) {
  auto atom = gmma_atom<T, KMajor, SwM>();
  constexpr int AM = decltype(size<0>(shape(atom)))::value;
  constexpr int AK = decltype(size<1>(shape(atom)))::value;
  using BM = Int<2 * AM>;
  using BK = Int<2 * AK>;
  auto slayout = tile_to_shape(atom, make_shape(BM{}, BK{}));
  int M = BM::value * 3 / 2 + 3, K = BK::value * 3 / 2 + 5;
  char name[128];
  snprintf(name, sizeof name, "load_multicast2_%s_%s_%s", tname(sizeof_bits<T>::value), KMajor ? "K" : "MN",
           swn(SwM));
  std::vector<std::vector<int>> tiles = {{0, 0}, {1, 1}};
  auto tiler = make_shape(BM{}, BK{});
  if constexpr (KMajor) {
    auto g = make_layout(make_shape(M, K), make_stride(int(pad_ld<T>(K)), Int<1>{}));
    run_case<T>(out, id, name, SM90_TMA_LOAD_MULTICAST{}, g, slayout, tiler, tiles, {});
  } else {
    auto g = make_layout(make_shape(M, K), make_stride(Int<1>{}, int(pad_ld<T>(M))));
    run_case<T>(out, id, name, SM90_TMA_LOAD_MULTICAST{}, g, slayout, tiler, tiles, {});
  }
}

// The tutorial-sized tile: 16-bit K-major SW128 (128,64) from an exact (256,128) gmem.
template <bool Load>
void gemm_tile_case(FILE* out, int id) {
  using T = half_t;
  auto slayout = tile_to_shape(SM90::GMMA::Layout_K_SW128_Atom<T>{}, make_shape(_128{}, _64{}));
  auto g = make_layout(make_shape(256, 128), make_stride(128, Int<1>{}));
  std::vector<std::vector<int>> tiles = {{0, 0}, {1, 1}};
  const char* name = Load ? "load_f16_K_SW128_gemm128x64" : "store_f16_K_SW128_gemm128x64";
  if constexpr (Load) run_case<T>(out, id, name, SM90_TMA_LOAD{}, g, slayout, make_shape(_128{}, _64{}), tiles, {});
  else run_case<T>(out, id, name, SM90_TMA_STORE{}, g, slayout, make_shape(_128{}, _64{}), tiles, {});
}

// A plain (unswizzled, non-GMMA) smem layout: row-major (8,32) with a 16-byte padded row
// (stride 40 elements, 16-bit): CuTe's host code decides the box from the contiguous run.
template <bool Load>
void padded_smem_case(FILE* out, int id) {
  using T = half_t;
  auto slayout = make_layout(make_shape(_8{}, _32{}), make_stride(_40{}, _1{}));
  auto g = make_layout(make_shape(19, 45), make_stride(64, Int<1>{}));
  std::vector<std::vector<int>> tiles = {{0, 0}, {2, 1}};
  const char* name = Load ? "load_f16_K_rowpad_smem" : "store_f16_K_rowpad_smem";
  if constexpr (Load) run_case<T>(out, id, name, SM90_TMA_LOAD{}, g, slayout, make_shape(_8{}, _32{}), tiles, {});
  else run_case<T>(out, id, name, SM90_TMA_STORE{}, g, slayout, make_shape(_8{}, _32{}), tiles, {});
}

// The same with a 128-byte row pitch, (8,32):(64,1): every row starts 128-byte aligned.
template <bool Load>
void pitch128_smem_case(FILE* out, int id) {
  using T = half_t;
  auto slayout = make_layout(make_shape(_8{}, _32{}), make_stride(_64{}, _1{}));
  auto g = make_layout(make_shape(19, 45), make_stride(64, Int<1>{}));
  std::vector<std::vector<int>> tiles = {{0, 0}, {2, 1}};
  const char* name = Load ? "load_f16_K_pitch128_smem" : "store_f16_K_pitch128_smem";
  if constexpr (Load) run_case<T>(out, id, name, SM90_TMA_LOAD{}, g, slayout, make_shape(_8{}, _32{}), tiles, {});
  else run_case<T>(out, id, name, SM90_TMA_STORE{}, g, slayout, make_shape(_8{}, _32{}), tiles, {});
}

// The inner extent ends on a 16-byte boundary (16-bit K-major, K = 72, ld = 80): the padding
// 72..79 is a whole 16-byte chunk past the extent.
template <bool Load>
void k72_case(FILE* out, int id) {
  using T = half_t;
  auto slayout = tile_to_shape(SM90::GMMA::Layout_K_SW128_Atom<T>{}, make_shape(_16{}, _128{}));
  auto g = make_layout(make_shape(27, 72), make_stride(80, Int<1>{}));
  std::vector<std::vector<int>> tiles = {{0, 0}, {1, 0}};
  const char* name = Load ? "load_f16_K_SW128_K72_ld80" : "store_f16_K_SW128_K72_ld80";
  if constexpr (Load) run_case<T>(out, id, name, SM90_TMA_LOAD{}, g, slayout, make_shape(_16{}, _128{}), tiles, {});
  else run_case<T>(out, id, name, SM90_TMA_STORE{}, g, slayout, make_shape(_16{}, _128{}), tiles, {});
}

// Leading dimension not a multiple of 16 bytes (16-bit K-major, ld = K = 75): CuTe's host asserts.
void bad_ld_case(FILE* out, int id) {
  using T = half_t;
  auto slayout = tile_to_shape(SM90::GMMA::Layout_K_SW64_Atom<T>{}, make_shape(_16{}, _64{}));
  auto g = make_layout(make_shape(27, 75), make_stride(75, Int<1>{}));
  run_case<T>(out, id, "load_f16_K_SW64_ld75_not16B", SM90_TMA_LOAD{}, g, slayout, make_shape(_16{}, _64{}),
              {{0, 0}}, {});
}

#define GRID(T, KM, SW, base)                        \
  C(base + 0, grid_case<T, KM, SW, true>(out, id))   \
  C(base + 1, grid_case<T, KM, SW, false>(out, id))

template <int P>
int dispatch(FILE* out, int id, bool list) {
  int found = 0;
#define C(n, ...)                                     \
  if constexpr ((n) % NPARTS == P) {                  \
    if (list) printf("%d\n", n);                      \
    else if (id == (n)) { __VA_ARGS__; found = 1; }   \
  }
  // 0..47: the grid (element width x major x swizzle x load/store)
  GRID(uint8_t, true, INTER, 0) GRID(uint8_t, true, SW32, 2) GRID(uint8_t, true, SW64, 4) GRID(uint8_t, true, SW128, 6)
  GRID(uint8_t, false, INTER, 8) GRID(uint8_t, false, SW32, 10) GRID(uint8_t, false, SW64, 12) GRID(uint8_t, false, SW128, 14)
  GRID(half_t, true, INTER, 16) GRID(half_t, true, SW32, 18) GRID(half_t, true, SW64, 20) GRID(half_t, true, SW128, 22)
  GRID(half_t, false, INTER, 24) GRID(half_t, false, SW32, 26) GRID(half_t, false, SW64, 28) GRID(half_t, false, SW128, 30)
  GRID(float, true, INTER, 32) GRID(float, true, SW32, 34) GRID(float, true, SW64, 36) GRID(float, true, SW128, 38)
  GRID(float, false, INTER, 40) GRID(float, false, SW32, 42) GRID(float, false, SW64, 44) GRID(float, false, SW128, 46)
  // 48..53: rank-3 (batch)
  C(48, (batch_case<half_t, true, SW128, true>(out, id)))
  C(49, (batch_case<half_t, true, SW128, false>(out, id)))
  C(50, (batch_case<half_t, false, SW64, true>(out, id)))
  C(51, (batch_case<half_t, false, SW64, false>(out, id)))
  C(52, (batch_case<uint8_t, true, SW32, true>(out, id)))
  C(53, (batch_case<float, false, SW128, false>(out, id)))
  // 54..57: GEMM-sized tile, plain padded smem rows
  C(54, gemm_tile_case<true>(out, id))
  C(55, gemm_tile_case<false>(out, id))
  C(56, padded_smem_case<true>(out, id))
  C(57, padded_smem_case<false>(out, id))
  // 58..69: smem bases CuTe's host code cannot see (not 1024-aligned), gmem misaligned, bad ld
  C(58, (grid_case<half_t, true, SW128, true>(out, id, Opts{512, 0}, "_smem512")))
  C(59, (grid_case<half_t, true, SW128, true>(out, id, Opts{128, 0}, "_smem128")))
  C(60, (grid_case<half_t, true, SW128, false>(out, id, Opts{512, 0}, "_smem512")))
  C(61, (grid_case<half_t, true, SW64, true>(out, id, Opts{256, 0}, "_smem256")))
  C(62, (grid_case<half_t, true, SW32, true>(out, id, Opts{128, 0}, "_smem128")))
  C(63, (grid_case<half_t, true, INTER, true>(out, id, Opts{16, 0}, "_smem16")))
  C(64, (grid_case<half_t, true, INTER, false>(out, id, Opts{16, 0}, "_smem16")))
  C(65, (grid_case<half_t, true, INTER, true>(out, id, Opts{64, 0}, "_smem64")))
  C(66, (grid_case<half_t, false, SW128, true>(out, id, Opts{640, 0}, "_smem640")))
  C(67, (grid_case<half_t, true, SW128, true>(out, id, Opts{0, 8}, "_gmem8")))
  C(68, (grid_case<half_t, true, INTER, false>(out, id, Opts{0, 8}, "_gmem8")))
  C(69, bad_ld_case(out, id))
  // 70..71: multicast
  C(70, (mcast_case<half_t, true, SW128>(out, id)))
  C(71, (mcast_case<half_t, false, SW64>(out, id)))
  // 72..75: a 128-byte smem row pitch; an inner extent ending on a 16-byte boundary
  C(72, pitch128_smem_case<true>(out, id))
  C(73, pitch128_smem_case<false>(out, id))
  C(74, k72_case<true>(out, id))
  C(75, k72_case<false>(out, id))
#undef C
  return found;
}

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s list | run OUTDIR [ID...]\n", argv[0]);
    return 2;
  }
  std::string cmd = argv[1];
  if (cmd == "list") {
    dispatch<PART>(nullptr, -1, true);
    return 0;
  }
  if (cmd == "one") {  // child: one configuration, record to OUTFILE
    int id = atoi(argv[2]);
    FILE* out = fopen(argv[3], "w");
    try {
      if (!dispatch<PART>(out, id, false)) return 4;
    } catch (std::string const& e) {
      // a setup error before any tile ran: the head written for the parent, if any
      std::string head;
      if (const char* hf = getenv("PROBE_HEAD_FILE"))
        if (FILE* h = fopen(hf, "r")) {
          char buf[4096];
          size_t n = fread(buf, 1, sizeof buf - 1, h);
          buf[n] = 0;
          head = buf;
          fclose(h);
        }
      if (head.empty()) head = "{\"id\":" + std::to_string(id) + "," + common_fields();
      fprintf(out, "%s,\"status\":\"fault\",\"error\":%s}\n", head.c_str(), jstr(e).c_str());
    }
    fclose(out);
    return 0;
  }
  if (cmd != "run" || argc < 3) return 2;
  std::string outdir = argv[2];
  std::vector<int> ids;
  if (argc > 3) {
    for (int i = 3; i < argc; ++i) ids.push_back(atoi(argv[i]));
  } else {
    // collect our ids via a pipe-free re-dispatch into a temp file
    char tmpl[] = "/tmp/tmaidsXXXXXX";
    int fd = mkstemp(tmpl);
    fflush(stdout);
    int saved = dup(1);
    dup2(fd, 1);
    dispatch<PART>(nullptr, -1, true);
    fflush(stdout);
    dup2(saved, 1);
    FILE* f = fopen(tmpl, "r");
    int x;
    while (fscanf(f, "%d", &x) == 1) ids.push_back(x);
    fclose(f);
    unlink(tmpl);
  }
  int bad = 0;
  for (int id : ids) {
    std::string of = outdir + "/" + std::to_string(id) + ".jsonl";
    std::string ef = outdir + "/" + std::to_string(id) + ".stderr";
    std::string hf = outdir + "/" + std::to_string(id) + ".head";
    pid_t pid = fork();
    if (pid == 0) {
      setenv("PROBE_HEAD_FILE", hf.c_str(), 1);
      freopen(ef.c_str(), "w", stderr);
      execl("/proc/self/exe", argv[0], "one", std::to_string(id).c_str(), of.c_str(), (char*)nullptr);
      _exit(5);
    }
    int st = 0;
    int waited = 0;
    while (waitpid(pid, &st, WNOHANG) == 0) {
      usleep(50000);
      if (++waited > 20 * 60) {  // 60 s
        kill(pid, SIGKILL);
        waitpid(pid, &st, 0);
        break;
      }
    }
    bool ok = WIFEXITED(st) && WEXITSTATUS(st) == 0;
    if (!ok) {
      ++bad;
      // the child did not finish: a CuTe host assert (SIGABRT), a crash or the time limit
      std::string err;
      if (FILE* e = fopen(ef.c_str(), "r")) {
        char buf[4096];
        size_t n = fread(buf, 1, sizeof buf - 1, e);
        buf[n] = 0;
        err = buf;
        fclose(e);
      }
      std::string head = "{\"id\":" + std::to_string(id);
      if (FILE* h = fopen(hf.c_str(), "r")) {
        char buf[4096];
        size_t n = fread(buf, 1, sizeof buf - 1, h);
        buf[n] = 0;
        if (n) head = buf;
        fclose(h);
      }
      std::ostringstream o;
      o << head << ",\"status\":\"host_abort\",\"exit\":"
        << (WIFEXITED(st) ? WEXITSTATUS(st) : -1) << ",\"signal\":" << (WIFSIGNALED(st) ? WTERMSIG(st) : 0)
        << ",\"stderr\":" << jstr(err) << "}\n";
      FILE* f = fopen(of.c_str(), "a");
      fputs(o.str().c_str(), f);
      fclose(f);
    }
    printf("config %d: %s\n", id, ok ? "done" : "child failed");
    fflush(stdout);
  }
  return 0;
}
