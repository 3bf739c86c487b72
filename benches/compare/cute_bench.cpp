// CuTe C++ side of benches/compare: the evaluation and runtime-algebra cases of the Rust
// criterion benches (benches/eval.rs, benches/algebra.rs), timed the same way.
//
// Build (see run.sh): g++ -std=c++17 -O2 -I<cute include> ... cute_bench.cpp
// Output: one line per case, "name median_ns mad_ns" (nanoseconds per evaluation/operation).
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
// The value escapes to memory: the analogue of `std::hint::black_box` on a result.
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

// Times `f` (which does `per_call` operations per call): 50 samples of ~2 ms each, after a
// warm-up; prints the median and the median absolute deviation, in ns per operation.
template <class F>
void bench(const char* name, int per_call, F&& f) {
  using clk = std::chrono::steady_clock;
  long iters = 1;
  for (;;) {  // calibrate to ~2 ms per sample
    auto t0 = clk::now();
    for (long k = 0; k < iters; ++k) f();
    double ns = std::chrono::duration<double, std::nano>(clk::now() - t0).count();
    if (ns > 2e6) break;
    iters *= 2;
  }
  std::vector<double> s;
  for (int r = 0; r < 50; ++r) {
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
  std::printf("%s %.4f %.4f\n", name, med, dev[dev.size() / 2]);
  std::fflush(stdout);
}

// The static evaluations, for the instruction count (objdump in run.sh).
extern "C" __attribute__((noinline)) int cute_static_eval_pow2(int i) {
  auto L = make_layout(make_shape(make_shape(_2{}, _4{}), make_shape(_4{}, _8{})),
                       make_stride(make_stride(_1{}, _8{}), make_stride(_2{}, _32{})));
  return L(i);
}
extern "C" __attribute__((noinline)) int cute_static_eval_npow2(int i) {
  auto L = make_layout(make_shape(make_shape(_3{}, _5{}), _7{}),
                       make_stride(make_stride(_1{}, Int<21>{}), _3{}));
  return L(i);
}

template <class L>
void eval_cases(const char* prefix, const char* kind, L const& l, int size) {
  std::vector<int> idx(N);
  for (int k = 0; k < N; ++k) idx[k] = int((long(k) * 7919 + 13) % size);
  char name[128];
  std::snprintf(name, sizeof name, "eval/%s/throughput/%s", prefix, kind);
  bench(name, N, [&] {
    int const* p = idx.data();
    clobber(p);
    int acc = 0;
    for (int k = 0; k < N; ++k) acc += l(opaque(p[k]));
    escape(acc);
  });
  std::snprintf(name, sizeof name, "eval/%s/latency/%s", prefix, kind);
  bench(name, N, [&] {
    int i = opaque(1);
    for (int k = 0; k < N; ++k) i = l(opaque(i));
    escape(i);
  });
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
    eval_cases("pow2", "static", s, 256);
    eval_cases("pow2", "mixed", m, 256);
    eval_cases("pow2", "mixed_stride", ms, 256);
  }
  {
    auto s = make_layout(make_shape(make_shape(_3{}, _5{}), _7{}),
                         make_stride(make_stride(_1{}, Int<21>{}), _3{}));
    auto m = make_layout(make_shape(make_shape(v(3), v(5)), v(7)),
                         make_stride(make_stride(v(1), v(21)), v(3)));
    auto ms = make_layout(make_shape(make_shape(_3{}, _5{}), _7{}),
                          make_stride(make_stride(v(1), v(21)), v(3)));
    eval_cases("npow2", "static", s, 105);
    eval_cases("npow2", "mixed", m, 105);
    eval_cases("npow2", "mixed_stride", ms, 105);
  }

  // ---- 2. runtime algebra, every leaf an `int`
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
  }
  return 0;
}
