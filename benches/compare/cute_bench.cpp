// CuTe C++ side of benches/compare: the evaluation, runtime-algebra and kernel cases of the
// Rust criterion benches (benches/eval.rs, benches/algebra.rs, benches/kernels.rs), timed the
// same way. The runtime-algebra cases (every leaf a runtime `int`, but for A's strides in
// logical_product1; see there): compose1/2 `(4,8):(1,4) o (2,4):(4,1)`, `o (4,2):(1,8)`;
// complement1/2 `complement(4:2, 24)`, `complement(6:4, 24)`; logical_divide1/2
// `logical_divide(24:1, 4:2)`, `logical_divide((4,8):(1,4), <2:1,4:1>)`; logical_product1/2
// `logical_product((2,2):(4,1), 6:1)`, `logical_product(4:1, (2,3):(1,4))`; coalesce1/2
// `coalesce((2,(1,6)):(1,(6,2)))`, `coalesce((4,2,3):(1,4,16))`.
//
// Build (see run.sh): g++ -std=c++17 -O2 -falign-loops=64 -I<cute include> ... cute_bench.cpp
// Output: one line per case, "name median_ns mad_ns min_ns" (nanoseconds per evaluation or
// operation; min = the fastest sample).
#include <cute/layout.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <vector>

using namespace cute;

// The register-only barrier the Rust side uses (benches/common/mod.rs, `opaque`).
template <class T>
__attribute__((always_inline)) inline T opaque(T x) {
  asm volatile("" : "+r"(x));
  return x;
}
// The value is consumed in a register, never stored: the analogue of criterion's
// `black_box` on the value a timed closure returns (once per call, outside the loop). An
// `escape(&acc)` would make the accumulator addressable, and g++ then stores it on every
// iteration of the loop.
template <class T>
__attribute__((always_inline)) inline void sink(T x) {
  asm volatile("" : : "r"(x));
}
// The value escapes to memory: `std::hint::black_box` on a result that is not a register.
template <class T>
__attribute__((always_inline)) inline void escape(T const& v) {
  asm volatile("" : : "r"(&v) : "memory");
}
// The value comes back from memory, unknown: `std::hint::black_box` on an argument.
template <class T>
__attribute__((always_inline)) inline void clobber(T& v) {
  asm volatile("" : "+m"(v) : : "memory");
}

constexpr int N = 1024;  // evaluations per timed call, as in benches/eval.rs

// Times `f` (which does `per_call` operations per call) as criterion does (benches/common:
// 0.5 s warm-up, 50 samples, 2 s): sample k runs k·d calls (criterion's linear sampling), so
// both sides spread their samples over the same time and a loaded machine preempts them
// alike. Prints the median and the median absolute deviation of the per-call times, and the
// fastest sample, in ns per operation.
template <class F>
void bench(const char* name, int per_call, F&& f) {
  using clk = std::chrono::steady_clock;
  long calls = 0;
  auto w0 = clk::now();
  double warm = 0;
  for (long n = 1; warm < 5e8; n *= 2) {  // warm-up: ~0.5 s
    for (long k = 0; k < n; ++k) f();
    calls += n;
    warm = std::chrono::duration<double, std::nano>(clk::now() - w0).count();
  }
  double per = warm / double(calls);
  long d = std::max(1L, long(2e9 / (per * 1275.0)));  // Σ k·d over k = 1..50 = 1275·d calls
  std::vector<double> s;
  for (int r = 1; r <= 50; ++r) {
    long iters = r * d;
    auto t0 = clk::now();
    for (long k = 0; k < iters; ++k) f();
    double ns = std::chrono::duration<double, std::nano>(clk::now() - t0).count();
    s.push_back(ns / double(iters) / per_call);
  }
  std::sort(s.begin(), s.end());
  double med = s[s.size() / 2];
  std::vector<double> dev;
  for (double x : s) dev.push_back(x > med ? x - med : med - x);
  std::sort(dev.begin(), dev.end());
  std::printf("%s %.4f %.4f %.4f\n", name, med, dev[dev.size() / 2], s[0]);
  std::fflush(stdout);
}

// The static evaluations, for the instruction count (objdump in run.sh): an `unsigned`
// index, as `Layout::eval` splits an index below 2^32 (and C++'s `int`, for reference).
extern "C" __attribute__((noinline)) unsigned cute_static_eval_pow2(unsigned i) {
  auto L = make_layout(make_shape(make_shape(_2{}, _4{}), make_shape(_4{}, _8{})),
                       make_stride(make_stride(_1{}, _8{}), make_stride(_2{}, _32{})));
  return L(i);
}
extern "C" __attribute__((noinline)) unsigned cute_static_eval_npow2(unsigned i) {
  auto L = make_layout(make_shape(make_shape(_3{}, _5{}), _7{}),
                       make_stride(make_stride(_1{}, Int<21>{}), _3{}));
  return L(i);
}
extern "C" __attribute__((noinline)) int cute_static_eval_npow2_int(int i) {
  auto L = make_layout(make_shape(make_shape(_3{}, _5{}), _7{}),
                       make_stride(make_stride(_1{}, Int<21>{}), _3{}));
  return L(i);
}

// The throughput and latency loops of the static non-power-of-two case as functions of their
// own, for benches/asm/run.sh (the loops eval_cases times, out of line).
using NonPow2 = decltype(make_layout(make_shape(make_shape(_3{}, _5{}), _7{}),
                                     make_stride(make_stride(_1{}, Int<21>{}), _3{})));
extern "C" __attribute__((noinline)) unsigned cxx_loop_tp_static_npow2(unsigned const* p) {
  unsigned acc = 0;
  for (int k = 0; k < 1024; ++k) acc += NonPow2{}(opaque(p[k]));
  return acc;
}
extern "C" __attribute__((noinline)) unsigned cxx_loop_lat_static_npow2(unsigned i) {
  for (int k = 0; k < 1024; ++k) i = NonPow2{}(opaque(i));
  return i;
}

// `N` evaluations at indices of type `I` read from an array (throughput), and a dependent
// chain of `N` (latency): the loops of benches/eval.rs (`throughput`, `latency`), the index
// through the register barrier, the result consumed once in a register.
template <class I, class L>
void eval_cases(const char* prefix, const char* kind, L const& l, int size) {
  std::vector<I> idx(N);
  for (int k = 0; k < N; ++k) idx[k] = I((long(k) * 7919 + 13) % size);
  char name[128];
  std::snprintf(name, sizeof name, "eval/%s/throughput/%s", prefix, kind);
  bench(name, N, [&] {
    I const* p = idx.data();
    clobber(p);
    I acc = 0;
    for (int k = 0; k < N; ++k) acc += l(opaque(p[k]));
    sink(acc);
  });
  std::snprintf(name, sizeof name, "eval/%s/latency/%s", prefix, kind);
  bench(name, N, [&] {
    I i = opaque(I(1));
    for (int k = 0; k < N; ++k) i = l(opaque(i));
    sink(i);
  });
}

// ---- 3. the generic kernels of benches/kernels.rs: a 64x64 f32 transpose-copy (by
// coordinate and by integral coordinate) and a 64x64x64 GEMM, with static layouts, runtime
// `int` layouts and hand-written indexing. (The Rust kernels index slices, with bounds checks.)
constexpr int M = 64;
template <class LS, class LD>
__attribute__((always_inline)) inline void copy(float const* src, LS ls, float* dst, LD ld,
                                                int rows, int cols) {
  for (int n = 0; n < cols; ++n)
    for (int m = 0; m < rows; ++m) dst[ld(m, n)] = src[ls(m, n)];
}
template <class LS, class LD>
__attribute__((always_inline)) inline void copy_linear(float const* src, LS ls, float* dst, LD ld,
                                                       unsigned size) {
  for (unsigned i = 0; i < size; ++i) dst[ld(i)] = src[ls(i)];
}
template <class LA, class LB, class LC>
__attribute__((always_inline)) inline void gemm(float const* a, LA la, float const* b, LB lb,
                                                float* c, LC lc, int mm, int nn, int kk) {
  for (int n = 0; n < nn; ++n)
    for (int k = 0; k < kk; ++k) {
      float bkn = b[lb(k, n)];
      for (int m = 0; m < mm; ++m) c[lc(m, n)] += a[la(m, k)] * bkn;
    }
}
using RowMajor = decltype(make_layout(make_shape(_64{}, _64{}), make_stride(_64{}, _1{})));
using ColMajor = decltype(make_layout(make_shape(_64{}, _64{}), make_stride(_1{}, _64{})));
extern "C" __attribute__((noinline)) void kernel_copy_static(float const* src, float* dst) {
  copy(src, RowMajor{}, dst, ColMajor{}, 64, 64);
}
extern "C" __attribute__((noinline)) void kernel_copy_linear_static(float const* src,
                                                                    float* dst) {
  copy_linear(src, RowMajor{}, dst, ColMajor{}, 4096);
}
extern "C" __attribute__((noinline)) void kernel_copy_hand(float const* src, float* dst) {
  for (int n = 0; n < M; ++n)
    for (int m = 0; m < M; ++m) dst[m + n * M] = src[m * M + n];
}
extern "C" __attribute__((noinline)) void kernel_gemm_static(float const* a, float const* b,
                                                             float* c) {
  gemm(a, ColMajor{}, b, RowMajor{}, c, ColMajor{}, 64, 64, 64);
}
extern "C" __attribute__((noinline)) void kernel_gemm_hand(float const* a, float const* b,
                                                           float* c) {
  for (int n = 0; n < M; ++n)
    for (int k = 0; k < M; ++k) {
      float bkn = b[k * M + n];
      for (int m = 0; m < M; ++m) c[m + n * M] += a[m + k * M] * bkn;
    }
}
std::vector<float> data(unsigned seed) {
  std::vector<float> v(M * M);
  for (unsigned i = 0; i < unsigned(M * M); ++i)
    v[i] = float(((i * 2654435761u) ^ seed) % 1000) / 1000.0f;
  return v;
}

int main() {
  // Runtime values the compiler cannot see.
  auto v = [](int x) { return opaque(x); };

  // ---- 1. evaluation
  {
    auto s = make_layout(make_shape(make_shape(_2{}, _4{}), make_shape(_4{}, _8{})),
                         make_stride(make_stride(_1{}, _8{}), make_stride(_2{}, _32{})));
    auto m = make_layout(make_shape(make_shape(v(2), v(4)), make_shape(v(4), v(8))),
                         make_stride(make_stride(v(1), v(8)), make_stride(v(2), v(32))));
    auto ms = make_layout(make_shape(make_shape(_2{}, _4{}), make_shape(_4{}, _8{})),
                          make_stride(make_stride(v(1), v(8)), make_stride(v(2), v(32))));
    eval_cases<unsigned>("pow2", "static", s, 256);
    eval_cases<unsigned>("pow2", "mixed", m, 256);
    eval_cases<unsigned>("pow2", "mixed_stride", ms, 256);
  }
  {
    auto s = make_layout(make_shape(make_shape(_3{}, _5{}), _7{}),
                         make_stride(make_stride(_1{}, Int<21>{}), _3{}));
    auto m = make_layout(make_shape(make_shape(v(3), v(5)), v(7)),
                         make_stride(make_stride(v(1), v(21)), v(3)));
    auto ms = make_layout(make_shape(make_shape(_3{}, _5{}), _7{}),
                          make_stride(make_stride(v(1), v(21)), v(3)));
    eval_cases<unsigned>("npow2", "static", s, 105);
    eval_cases<unsigned>("npow2", "mixed", m, 105);
    eval_cases<unsigned>("npow2", "mixed_stride", ms, 105);
    // For reference: a 64-bit unsigned index (Rust's domain) and a signed `int` one.
    eval_cases<uint64_t>("npow2", "static_u64", s, 105);
    eval_cases<int>("npow2", "static_int", s, 105);
  }

  // ---- 2. runtime algebra, every leaf an `int` (but for A's strides in logical_product1)
  {
    auto a = make_layout(make_shape(v(4), v(8)), make_stride(v(1), v(4)));
    auto b1 = make_layout(make_shape(v(2), v(4)), make_stride(v(4), v(1)));
    auto b2 = make_layout(make_shape(v(4), v(2)), make_stride(v(1), v(8)));
    auto c1 = make_layout(v(4), v(2));
    auto c2 = make_layout(v(6), v(4));
    auto d1 = make_layout(v(24), v(1));
    auto t1 = make_layout(v(4), v(2));
    auto t2 = make_tile(make_layout(v(2), v(1)), make_layout(v(4), v(1)));
    int m24 = v(24);
    // The one exception to "every leaf an `int`": CuTe's complement (inside logical_product)
    // refuses runtime strides in rank > 1 ("Dynamic-stride complement only for rank-1
    // layouts", a static_assert), so A's strides are static here (its shape is runtime), and
    // in the Rust mixed case too.
    auto p1 = make_layout(make_shape(v(2), v(2)), make_stride(_4{}, _1{}));
    auto q1 = make_layout(v(6), v(1));
    auto p2 = make_layout(v(4), v(1));
    auto q2 = make_layout(make_shape(v(2), v(3)), make_stride(v(1), v(4)));
    auto e1 = make_layout(make_shape(v(2), make_shape(v(1), v(6))),
                          make_stride(v(1), make_stride(v(6), v(2))));
    auto e2 = make_layout(make_shape(v(4), v(2), v(3)), make_stride(v(1), v(4), v(16)));
    // Print the results once (they go to stderr so the timing lines stay parseable).
    auto show = [](const char* what, auto const& r) {
      std::fprintf(stderr, "C++ %s = ", what);
      // cute::print writes to stdout; flush around it and redirect by hand.
      std::fflush(stdout);
      print(r);
      std::printf("\n");
      std::fflush(stdout);
    };
    (void)show;
    bench("algebra/mixed/compose1", 1, [&] {
      clobber(a); clobber(b1);
      auto r = composition(a, b1);
      escape(r);
    });
    bench("algebra/mixed/compose2", 1, [&] {
      clobber(a); clobber(b2);
      auto r = composition(a, b2);
      escape(r);
    });
    bench("algebra/mixed/complement1", 1, [&] {
      clobber(c1); clobber(m24);
      auto r = complement(c1, m24);
      escape(r);
    });
    bench("algebra/mixed/complement2", 1, [&] {
      clobber(c2); clobber(m24);
      auto r = complement(c2, m24);
      escape(r);
    });
    bench("algebra/mixed/logical_divide1", 1, [&] {
      clobber(d1); clobber(t1);
      auto r = logical_divide(d1, t1);
      escape(r);
    });
    bench("algebra/mixed/logical_divide2", 1, [&] {
      clobber(a); clobber(t2);
      auto r = logical_divide(a, t2);
      escape(r);
    });
    bench("algebra/mixed/logical_product1", 1, [&] {
      clobber(p1); clobber(q1);
      auto r = logical_product(p1, q1);
      escape(r);
    });
    bench("algebra/mixed/logical_product2", 1, [&] {
      clobber(p2); clobber(q2);
      auto r = logical_product(p2, q2);
      escape(r);
    });
    bench("algebra/mixed/coalesce1", 1, [&] {
      clobber(e1);
      auto r = coalesce(e1);
      escape(r);
    });
    bench("algebra/mixed/coalesce2", 1, [&] {
      clobber(e2);
      auto r = coalesce(e2);
      escape(r);
    });
  }

  // ---- 3. kernels
  {
    auto src = data(1);
    std::vector<float> dst(M * M);
    auto rm = make_layout(make_shape(v(64), v(64)), make_stride(v(64), v(1)));
    auto cm = make_layout(make_shape(v(64), v(64)), make_stride(v(1), v(64)));
    float const* sp = src.data();
    float* dp = dst.data();
    bench("kernel/copy64/static", 1, [&] { clobber(sp); clobber(dp); kernel_copy_static(sp, dp); });
    bench("kernel/copy64/static_linear", 1,
          [&] { clobber(sp); clobber(dp); kernel_copy_linear_static(sp, dp); });
    bench("kernel/copy64/mixed", 1, [&] {
      clobber(sp); clobber(dp);
      copy(sp, rm, dp, cm, 64, 64);
      escape(*dp);
    });
    bench("kernel/copy64/hand", 1, [&] { clobber(sp); clobber(dp); kernel_copy_hand(sp, dp); });
    auto a = data(2), b = data(3);
    std::vector<float> c(M * M);
    float const* ap = a.data();
    float const* bp = b.data();
    float* cp = c.data();
    bench("kernel/gemm64/static", 1,
          [&] { clobber(ap); clobber(bp); clobber(cp); kernel_gemm_static(ap, bp, cp); });
    bench("kernel/gemm64/mixed", 1, [&] {
      clobber(ap); clobber(bp); clobber(cp);
      gemm(ap, cm, bp, rm, cp, cm, 64, 64, 64);
      escape(*cp);
    });
    bench("kernel/gemm64/hand", 1,
          [&] { clobber(ap); clobber(bp); clobber(cp); kernel_gemm_hand(ap, bp, cp); });
  }
  return 0;
}
