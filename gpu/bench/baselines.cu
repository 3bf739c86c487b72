// Baselines for the FP16 tensor-core GEMM benchmark: the CuTe tutorial's
// sgemm_sm80 `gemm_tn` (F16 in, F16 accumulate) and cuBLAS (F16 and F32
// accumulate), timed identically. The tutorial is NOT in this repo: it is
// included at build time from $CUTLASS_DIR (see stage_cutlass.sh).
//
//   baselines 4096 8192      # square sizes M=N=K, multiples of 128
//
// Layout ("TN", as the tutorial's gemm_tn): A is MxK with K contiguous (ldA=K),
// B is NxK with K contiguous (ldB=K), C is MxN column-major (ldC=M);
// C(m,n) = sum_k A(m,k) * B(n,k).
// Output: one JSON object per line on stdout; diagnostics on stderr.

// Pull in the tutorial's headers first, so that `#define main` below only
// renames the tutorial's own main, not any `main` token in these headers.
#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <iostream>
#include <thrust/host_vector.h>
#include <thrust/device_vector.h>
#include <cute/tensor.hpp>
#include "cutlass/util/print_error.hpp"
#include "cutlass/util/GPU_Clock.hpp"
#include "cutlass/util/helper_cuda.hpp"

// The tutorial whose gemm_tn is timed: sgemm_sm80 by default; the Hopper build passes
// -DCUTE_TUTORIAL='"examples/cute/tutorial/hopper/wgmma_tma_sm90.cu"'
// -DCUTE_TUTORIAL_NAME='"cute_tutorial_sm90"' (and builds for sm_90a).
#ifndef CUTE_TUTORIAL
#define CUTE_TUTORIAL "examples/cute/tutorial/sgemm_sm80.cu"
#endif
#ifndef CUTE_TUTORIAL_NAME
#define CUTE_TUTORIAL_NAME "cute_tutorial"
#endif
#define main cute_tutorial_main
#include CUTE_TUTORIAL
#undef main

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>
#include <cuda_fp16.h>
#include <cublas_v2.h>

#define CK(x)                                                                   \
  do {                                                                          \
    cudaError_t e_ = (x);                                                       \
    if (e_ != cudaSuccess) {                                                    \
      fprintf(stderr, "CUDA error %s at %s:%d: %s\n", cudaGetErrorString(e_),   \
              __FILE__, __LINE__, #x);                                          \
      exit(1);                                                                  \
    }                                                                           \
  } while (0)
#define CKB(x)                                                                  \
  do {                                                                          \
    cublasStatus_t s_ = (x);                                                    \
    if (s_ != CUBLAS_STATUS_SUCCESS) {                                          \
      fprintf(stderr, "cuBLAS error %d at %s:%d: %s\n", int(s_), __FILE__,      \
              __LINE__, #x);                                                    \
      exit(1);                                                                  \
    }                                                                           \
  } while (0)

static const int kWarmup = 10, kTimed = 50;

// Deterministic uniform [-1,1) fill on the device (splitmix64 of seed+index).
__global__ void fill_uniform(__half* p, size_t n, uint64_t seed) {
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (i >= n) return;
  uint64_t z = seed + 0x9E3779B97F4A7C15ull * (i + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  float u = float(z >> 40) * (1.0f / 16777216.0f);  // [0,1)
  p[i] = __float2half(2.0f * u - 1.0f);
}

static void fill(__half* p, size_t n, uint64_t seed) {
  fill_uniform<<<unsigned((n + 255) / 256), 256>>>(p, n, seed);
  CK(cudaGetLastError());
}

struct Stats { double median_ms, min_ms, max_ms; };

// kWarmup launches, then kTimed launches each bracketed by its own event pair.
static Stats time_launches(const std::function<void()>& launch) {
  for (int i = 0; i < kWarmup; ++i) launch();
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<cudaEvent_t> ev(2 * kTimed);
  for (auto& e : ev) CK(cudaEventCreate(&e));
  for (int i = 0; i < kTimed; ++i) {
    CK(cudaEventRecord(ev[2 * i]));
    launch();
    CK(cudaEventRecord(ev[2 * i + 1]));
  }
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<double> ms(kTimed);
  for (int i = 0; i < kTimed; ++i) {
    float t;
    CK(cudaEventElapsedTime(&t, ev[2 * i], ev[2 * i + 1]));
    ms[i] = t;
  }
  for (auto& e : ev) CK(cudaEventDestroy(e));
  std::sort(ms.begin(), ms.end());
  double med = kTimed % 2 ? ms[kTimed / 2] : 0.5 * (ms[kTimed / 2 - 1] + ms[kTimed / 2]);
  return {med, ms.front(), ms.back()};
}

static void report(const char* impl, int m, int n, int k, Stats s, const char* gpu) {
  double tflops = 2.0 * m * n * k / (s.median_ms * 1e-3) / 1e12;
  printf("{\"impl\":\"%s\",\"m\":%d,\"n\":%d,\"k\":%d,\"median_ms\":%.6f,"
         "\"min_ms\":%.6f,\"max_ms\":%.6f,\"tflops\":%.3f,\"gpu\":\"%s\"}\n",
         impl, m, n, k, s.median_ms, s.min_ms, s.max_ms, tflops, gpu);
  fflush(stdout);
}

// ||X - Y||_F / ||Y||_F over two device buffers of n halves.
static double rel_fro(const __half* dX, const __half* dY, size_t n) {
  std::vector<__half> x(n), y(n);
  CK(cudaMemcpy(x.data(), dX, n * sizeof(__half), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(y.data(), dY, n * sizeof(__half), cudaMemcpyDeviceToHost));
  double num = 0, den = 0;
  for (size_t i = 0; i < n; ++i) {
    double a = __half2float(x[i]), b = __half2float(y[i]);
    num += (a - b) * (a - b);
    den += b * b;
  }
  return std::sqrt(num) / std::sqrt(den);  // NaN/Inf propagate and fail the check
}

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s SIZE... (square M=N=K, multiple of 128)\n", argv[0]);
    return 1;
  }
  cudaDeviceProp props;
  CK(cudaGetDeviceProperties(&props, 0));
  if (props.major < 8) {
    fprintf(stderr, "need SM80 or newer, got SM%d%d\n", props.major, props.minor);
    return 1;
  }
  const char* gpu = props.name;
  cublasHandle_t handle;
  CKB(cublasCreate(&handle));
  bool all_ok = true;

  for (int a = 1; a < argc; ++a) {
    char* end = nullptr;
    long sz = strtol(argv[a], &end, 10);
    if (*end || sz <= 0 || sz % 128 || sz > 32768) {
      fprintf(stderr, "bad size '%s' (need a positive multiple of 128, <= 32768)\n", argv[a]);
      return 1;
    }
    const int M = int(sz), N = int(sz), K = int(sz);
    const int ldA = K, ldB = K, ldC = M;

    __half *A, *B, *C_cute, *C_blas, *C_blas32;
    CK(cudaMalloc(&A, size_t(M) * K * sizeof(__half)));
    CK(cudaMalloc(&B, size_t(N) * K * sizeof(__half)));
    CK(cudaMalloc(&C_cute, size_t(M) * N * sizeof(__half)));
    CK(cudaMalloc(&C_blas, size_t(M) * N * sizeof(__half)));
    CK(cudaMalloc(&C_blas32, size_t(M) * N * sizeof(__half)));
    fill(A, size_t(M) * K, 0x1000 + 2 * uint64_t(sz));  // fresh data per size
    fill(B, size_t(N) * K, 0x1001 + 2 * uint64_t(sz));
    // Poison the outputs (0xFFFF = NaN) so a kernel that writes nothing fails the check.
    CK(cudaMemset(C_cute, 0xFF, size_t(M) * N * sizeof(__half)));
    CK(cudaMemset(C_blas, 0xFF, size_t(M) * N * sizeof(__half)));
    CK(cudaMemset(C_blas32, 0xFF, size_t(M) * N * sizeof(__half)));
    CK(cudaDeviceSynchronize());

    const cute::half_t alpha_t(1.0f), beta_t(0.0f);       // as the tutorial
    const __half alpha_h = __float2half(1.0f), beta_h = __float2half(0.0f);
    const float alpha_f = 1.0f, beta_f = 0.0f;
    auto cute_tn = [&](__half* C) {
      gemm_tn(M, N, K, alpha_t,
              reinterpret_cast<const cute::half_t*>(A), ldA,
              reinterpret_cast<const cute::half_t*>(B), ldB, beta_t,
              reinterpret_cast<cute::half_t*>(C), ldC);
    };
    auto blas16 = [&](__half* C) {
      CKB(cublasGemmEx(handle, CUBLAS_OP_T, CUBLAS_OP_N, M, N, K, &alpha_h,
                       A, CUDA_R_16F, ldA, B, CUDA_R_16F, ldB, &beta_h,
                       C, CUDA_R_16F, ldC, CUBLAS_COMPUTE_16F, CUBLAS_GEMM_DEFAULT));
    };
    auto blas32 = [&](__half* C) {
      CKB(cublasGemmEx(handle, CUBLAS_OP_T, CUBLAS_OP_N, M, N, K, &alpha_f,
                       A, CUDA_R_16F, ldA, B, CUDA_R_16F, ldB, &beta_f,
                       C, CUDA_R_16F, ldC, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    };

    // Correctness sanity check (one launch each, into separate buffers).
    cute_tn(C_cute);
    CK(cudaGetLastError());
    blas16(C_blas);
    blas32(C_blas32);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    const size_t mn = size_t(M) * N;
    double err = rel_fro(C_cute, C_blas, mn);
    double err_cute32 = rel_fro(C_cute, C_blas32, mn);
    double err_blas32 = rel_fro(C_blas, C_blas32, mn);
    bool ok = err < 1e-2;  // false for NaN too
    all_ok = all_ok && ok;
    printf("{\"check\":\"cute_tutorial_vs_cublas\",\"m\":%d,\"n\":%d,\"k\":%d,"
           "\"rel_fro_err\":%.3e,\"threshold\":1e-2,\"pass\":%s,"
           "\"cute_tutorial_vs_cublas_f32acc\":%.3e,\"cublas_vs_cublas_f32acc\":%.3e}\n",
           M, N, K, err, ok ? "true" : "false", err_cute32, err_blas32);
    fflush(stdout);

    report(CUTE_TUTORIAL_NAME, M, N, K, time_launches([&] { cute_tn(C_cute); }), gpu);
    report("cublas", M, N, K, time_launches([&] { blas16(C_blas); }), gpu);
    report("cublas_f32acc", M, N, K, time_launches([&] { blas32(C_blas32); }), gpu);

    CK(cudaFree(A)); CK(cudaFree(B));
    CK(cudaFree(C_cute)); CK(cudaFree(C_blas)); CK(cudaFree(C_blas32));
  }
  CKB(cublasDestroy(handle));
  if (!all_ok) {
    fprintf(stderr, "cross-check FAILED (see the \"check\" lines)\n");
    return 2;
  }
  return 0;
}
