// Shared host-side helpers for the cute-layout hardware probes (see probes/README.md).
//
// Build modes:
//   default        : runs the kernels on the GPU.
//   -DPROBE_SIMULATE: never touches a GPU; each probe replaces the instruction by a CPU model
//                    (with a RANDOM layout, so the analysis is exercised without knowing the
//                    real one). Only for checking the probe's own analysis code; the files it
//                    writes say SIMULATED in their header and must never be committed as data.
#pragma once
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <string>
#include <vector>
#include <map>
#include <set>
#include <algorithm>
#include <random>
#include <functional>

#ifndef PROBE_SIMULATE
#include <cuda_runtime.h>
#define CK(x)                                                                              \
  do {                                                                                     \
    cudaError_t err_ = (x);                                                                \
    if (err_ != cudaSuccess) {                                                             \
      fprintf(stderr, "CUDA error %s at %s:%d: %s\n", cudaGetErrorString(err_), __FILE__,  \
              __LINE__, #x);                                                               \
      exit(2);                                                                             \
    }                                                                                      \
  } while (0)
#endif

// ---------------------------------------------------------------------------------------------
// Output: one data file per atom, a header of '#' lines, then the records.
// The common header (command, GPU, driver, nvcc, date) is written by run.sh into a file whose
// path is given to each probe as argv[2]; every data file starts with it.
// ---------------------------------------------------------------------------------------------
struct Out {
  std::string dir;
  std::string header;  // already '#'-prefixed lines
  std::string source;  // probe source file
  FILE* log = stdout;

  void init(int argc, char** argv, const char* src) {
    if (argc < 2) {
      fprintf(stderr, "usage: %s OUTDIR [HEADERFILE]\n", argv[0]);
      exit(2);
    }
    dir = argv[1];
    source = src;
    if (argc >= 3) {
      FILE* f = fopen(argv[2], "r");
      if (!f) {
        fprintf(stderr, "cannot read header file %s\n", argv[2]);
        exit(2);
      }
      char buf[4096];
      while (fgets(buf, sizeof buf, f)) {
        std::string l(buf);
        if (!l.empty() && l.back() == '\n') l.pop_back();
        header += "# " + l + "\n";
      }
      fclose(f);
    }
#ifdef PROBE_SIMULATE
    header += "# SIMULATED: CPU model with a random layout, NOT hardware data; do not commit\n";
#endif
  }

  // Writes `<dir>/<name>.txt`: common header, probe source, the per-atom header lines
  // (`extra`, each line without '#'), then the body.
  void write(const std::string& name, const std::vector<std::string>& extra,
             const std::string& body) const {
    std::string path = dir + "/" + name + ".txt";
    FILE* f = fopen(path.c_str(), "w");
    if (!f) {
      fprintf(stderr, "cannot write %s\n", path.c_str());
      exit(2);
    }
    fprintf(f, "# probe source: %s\n", source.c_str());
    fputs(header.c_str(), f);
    for (auto& l : extra) fprintf(f, "# %s\n", l.c_str());
    fputs(body.c_str(), f);
    fclose(f);
  }
};

static inline std::string fmt(const char* f, ...) __attribute__((format(printf, 1, 2)));
static inline std::string fmt(const char* f, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, f);
  vsnprintf(buf, sizeof buf, f, ap);
  va_end(ap);
  return buf;
}

// ---------------------------------------------------------------------------------------------
// Element types and their bit encodings (exact for the small integers the probes use).
// ---------------------------------------------------------------------------------------------
enum class Ty { F16, BF16, TF32, F32, F64, S8, S32, U8, S4, U4, B1, E4M3, E5M2 };

static inline int ty_bits(Ty t) {
  switch (t) {
    case Ty::F16: return 16;
    case Ty::BF16: return 16;
    case Ty::TF32: return 32;
    case Ty::F32: return 32;
    case Ty::F64: return 64;
    case Ty::S8: return 8;
    case Ty::S32: return 32;
    case Ty::U8: return 8;
    case Ty::S4: return 4;
    case Ty::U4: return 4;
    case Ty::B1: return 1;
    case Ty::E4M3: return 8;
    case Ty::E5M2: return 8;
  }
  return 0;
}
static inline const char* ty_name(Ty t) {
  switch (t) {
    case Ty::F16: return "f16";
    case Ty::BF16: return "bf16";
    case Ty::TF32: return "tf32";
    case Ty::F32: return "f32";
    case Ty::F64: return "f64";
    case Ty::S8: return "s8";
    case Ty::S32: return "s32";
    case Ty::U8: return "u8";
    case Ty::S4: return "s4";
    case Ty::U4: return "u4";
    case Ty::B1: return "b1";
    case Ty::E4M3: return "e4m3";
    case Ty::E5M2: return "e5m2";
  }
  return "?";
}

// IEEE-like binary format with `eb` exponent bits and `mb` mantissa bits.
static inline double decode_ieee(uint64_t bits, int eb, int mb) {
  uint64_t mant = bits & ((1ull << mb) - 1);
  uint64_t ex = (bits >> mb) & ((1ull << eb) - 1);
  int sign = (bits >> (mb + eb)) & 1;
  int bias = (1 << (eb - 1)) - 1;
  double v;
  if (ex == ((1ull << eb) - 1)) return NAN;
  if (ex == 0)
    v = std::ldexp((double)mant, 1 - bias - mb);
  else
    v = std::ldexp((double)(mant | (1ull << mb)), (int)ex - bias - mb);
  return sign ? -v : v;
}
// Encodes x into *out when it is exactly representable as a normal number (or zero); false
// otherwise. (The top exponent is never used: e4m3's values from 256 up are not needed.)
static inline bool try_encode_ieee(double x, int eb, int mb, uint64_t* out) {
  uint64_t sign = 0;
  if (std::signbit(x)) {
    sign = 1;
    x = -x;
  }
  int bias = (1 << (eb - 1)) - 1;
  uint64_t bits;
  if (x == 0) {
    bits = 0;
  } else {
    if (!std::isfinite(x)) return false;
    int e;
    double fr = std::frexp(x, &e);  // x = fr * 2^e, fr in [0.5,1)
    int ex = e - 1 + bias;
    if (ex <= 0 || ex >= (1 << eb) - 1) return false;
    double m = std::ldexp(fr * 2 - 1, mb);
    if (m != std::floor(m)) return false;
    bits = ((uint64_t)ex << mb) | (uint64_t)m;
  }
  *out = bits | (sign << (eb + mb));
  return true;
}
static inline bool try_encode_int(double x, double lo, double hi, int bits, uint64_t* out) {
  if (x != std::floor(x) || x < lo || x > hi) return false;
  *out = (uint64_t)(int64_t)x & (bits == 64 ? ~0ull : ((1ull << bits) - 1));
  return true;
}
// The bits of x in type t, when x is exactly representable.
static inline bool try_encode(Ty t, double x, uint64_t* out) {
  switch (t) {
    case Ty::F16: return try_encode_ieee(x, 5, 10, out);
    case Ty::BF16: return try_encode_ieee(x, 8, 7, out);
    case Ty::TF32:  // tf32 operands are f32 bit patterns whose low 13 mantissa bits are ignored
      if (!try_encode_ieee(x, 8, 10, out)) return false;
      *out <<= 13;
      return true;
    case Ty::F32: return try_encode_ieee(x, 8, 23, out);
    case Ty::F64: return try_encode_ieee(x, 11, 52, out);
    case Ty::S8: return try_encode_int(x, -128, 127, 8, out);
    case Ty::S32: return try_encode_int(x, -2147483648.0, 2147483647.0, 32, out);
    case Ty::U8: return try_encode_int(x, 0, 255, 8, out);
    case Ty::S4: return try_encode_int(x, -8, 7, 4, out);
    case Ty::U4: return try_encode_int(x, 0, 15, 4, out);
    case Ty::B1: return try_encode_int(x, 0, 1, 1, out);
    case Ty::E4M3: return try_encode_ieee(x, 4, 3, out);
    case Ty::E5M2: return try_encode_ieee(x, 5, 2, out);
  }
  return false;
}
static inline bool representable(Ty t, double x) {
  uint64_t b;
  return try_encode(t, x, &b);
}
// Encodes x, which must be exactly representable (aborts otherwise).
static inline uint64_t encode(Ty t, double x) {
  uint64_t b;
  if (!try_encode(t, x, &b)) {
    fprintf(stderr, "encode %s: %g is not exactly representable\n", ty_name(t), x);
    exit(3);
  }
  return b;
}
static inline double decode(Ty t, uint64_t b) {
  switch (t) {
    case Ty::F16: return decode_ieee(b & 0xffff, 5, 10);
    case Ty::BF16: return decode_ieee(b & 0xffff, 8, 7);
    case Ty::TF32:
    case Ty::F32: return decode_ieee(b & 0xffffffffu, 8, 23);
    case Ty::F64: return decode_ieee(b, 11, 52);
    case Ty::S8: return (double)(int8_t)(uint8_t)b;
    case Ty::S32: return (double)(int32_t)(uint32_t)b;
    case Ty::U8: return (double)(uint8_t)b;
    case Ty::S4: return (double)((int)((b & 0xf) ^ 0x8) - 8);
    case Ty::U4: return (double)(b & 0xf);
    case Ty::B1: return (double)(b & 1);
    case Ty::E4M3: return decode_ieee(b & 0xff, 4, 3);
    case Ty::E5M2: return decode_ieee(b & 0xff, 5, 2);
  }
  return 0;
}
// The largest power of two `b` such that every integer 0 .. b-1 is exactly representable in t:
// the digit base in which the MMA probe splits codes too large for the type.
static inline double digit_base(Ty t) {
  switch (t) {
    case Ty::F16: return 2048;
    case Ty::BF16: return 256;
    case Ty::TF32: return 2048;
    case Ty::F32: return 16777216.0;
    case Ty::F64: return 9007199254740992.0;
    case Ty::S8: return 128;
    case Ty::S32: return 2147483648.0;
    case Ty::U8: return 256;
    case Ty::S4: return 8;
    case Ty::U4: return 16;
    case Ty::B1: return 2;
    case Ty::E4M3: return 16;
    case Ty::E5M2: return 8;
  }
  return 2;
}
// Rounds an exact value to what the type holds (used by the simulation only; the probes keep
// every value exactly representable).
static inline double round_to(Ty t, double x) { return decode(t, encode(t, x)); }

// Values <-> registers. A thread's values are numbered v = reg * epr + elem, elem 0 in the low
// bits of the register (PTX operand order).
// regs: per thread `nregs` registers of `regbits` bits (stored in uint64_t).
static inline std::vector<uint64_t> pack_values(const std::vector<double>& vals, int threads,
                                                int nregs, int regbits, Ty t) {
  int eb = ty_bits(t), epr = regbits / eb;
  std::vector<uint64_t> regs((size_t)threads * nregs, 0);
  for (int th = 0; th < threads; th++)
    for (int r = 0; r < nregs; r++)
      for (int e = 0; e < epr; e++) {
        uint64_t bits = encode(t, vals[(size_t)th * nregs * epr + r * epr + e]);
        uint64_t mask = eb == 64 ? ~0ull : ((1ull << eb) - 1);
        regs[(size_t)th * nregs + r] |= (bits & mask) << (e * eb);
      }
  return regs;
}
static inline std::vector<double> unpack_values(const std::vector<uint64_t>& regs, int threads,
                                                int nregs, int regbits, Ty t) {
  int eb = ty_bits(t), epr = regbits / eb;
  std::vector<double> vals((size_t)threads * nregs * epr);
  for (int th = 0; th < threads; th++)
    for (int r = 0; r < nregs; r++)
      for (int e = 0; e < epr; e++) {
        uint64_t mask = eb == 64 ? ~0ull : ((1ull << eb) - 1);
        vals[(size_t)th * nregs * epr + r * epr + e] =
            decode(t, (regs[(size_t)th * nregs + r] >> (e * eb)) & mask);
      }
  return vals;
}

// Result bookkeeping: a list of failures per atom.
struct Verdict {
  std::vector<std::string> fails;
  void fail(const std::string& s) {
    if (fails.size() < 20) fails.push_back(s);
    else if (fails.size() == 20) fails.push_back("(further failures omitted)");
  }
  bool ok() const { return fails.empty(); }
};
