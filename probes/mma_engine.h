// Generic MMA layout probe: experiments, decoding, derivation of the (m,n,k) structure, checks,
// exact random products, and the data file (format "MMA atoms" in probes/README.md).
//
// The engine knows nothing about the instruction's layout: it only sees, for a batch of
// experiments (A, B, C values per (thread, value)), the D values that came out. The instruction
// is behind `MmaRunner`.
#pragma once
#include "common.h"

// One operand of the MMA: `count` slots, either register values (slot = t * nv + v, with
// `base` = nv) or shared-memory elements (slot = element offset in the operand's buffer).
// A coded operand holds, at slot i, `i / base + 1` in pass 0 and `i % base + 1` in pass 1
// (for registers: thread+1 and value+1).
struct OperandSpec {
  int count;
  int base;
  bool regs;
  Ty ty;
};

struct MmaSpec {
  std::string name;   // CuTe's atom name (file name: name + suffix)
  std::string suffix; // appended to the file name (e.g. "_K_SW128"), may be empty
  std::string instr;  // PTX instruction
  int T;              // threads
  int nvC;            // values per thread of C and D
  OperandSpec A, B;
  Ty tC;
  int M, N, K;        // sizes from the atom's name: compared with the derived ones
  bool first_only = false;  // A/B lines list only their first D value (compact GMMA format)
  std::vector<std::string> hdr;   // extra header lines
  std::vector<std::string> lines; // extra body lines after `values`
  // The lane of each of the T threads, when the atom's threads are not lanes 0 .. T-1 of the
  // launch (SM70: a quad pair): the lines name lanes. Empty: thread t is lane t.
  std::vector<int> thread_ids;
};

static inline double operand_code(int i, int base, int pass) {
  return pass == 0 ? i / base + 1 : i % base + 1;
}

// One experiment with dense values: A (A.count slots), B (B.count slots), C (T * nvC values).
struct MmaExp {
  std::vector<double> A, B, C;
};
// Runs experiments, returns D values (index t * nvC + v) for each.
using MmaRunner = std::function<std::vector<std::vector<double>>(const std::vector<MmaExp>&)>;

// A one-hot experiment: operand `which` (0 = A, 1 = B) is 1 at slot `idx` and 0 elsewhere, the
// other operand is coded (pass 0 or 1), C = 0. Result: the non-zero D values (index, value).
struct OneHot {
  int which, idx, pass;
};
using Lits = std::vector<std::pair<int, double>>;
using OneHotRunner = std::function<std::vector<Lits>(const std::vector<OneHot>&)>;

struct MmaBackend {
  OneHotRunner onehot;
  MmaRunner dense;  // C-coded experiment and random products
};

// One-hot experiments run through a dense runner (small atoms).
static MmaBackend backend_from_dense(const MmaSpec& s, MmaRunner dense, size_t chunk = 4096) {
  OneHotRunner oh = [s, dense, chunk](const std::vector<OneHot>& q) {
    std::vector<Lits> res;
    for (size_t c0 = 0; c0 < q.size(); c0 += chunk) {
      std::vector<MmaExp> ex;
      for (size_t i = c0; i < std::min(q.size(), c0 + chunk); i++) {
        MmaExp e{std::vector<double>(s.A.count, 0), std::vector<double>(s.B.count, 0),
                 std::vector<double>((size_t)s.T * s.nvC, 0)};
        auto& hot = q[i].which == 0 ? e.A : e.B;
        auto& coded = q[i].which == 0 ? e.B : e.A;
        const OperandSpec& co = q[i].which == 0 ? s.B : s.A;
        hot[q[i].idx] = 1;
        for (int j = 0; j < co.count; j++) coded[j] = operand_code(j, co.base, q[i].pass);
        ex.push_back(e);
      }
      auto D = dense(ex);
      for (auto& d : D) {
        Lits l;
        for (size_t j = 0; j < d.size(); j++)
          if (d[j] != 0) l.push_back({(int)j, d[j]});
        res.push_back(l);
      }
    }
    return res;
  };
  return MmaBackend{oh, dense};
}

namespace mma_detail {

struct Lit {
  int d;    // D index (t * nvC + v)
  int src;  // decoded slot of the coded operand, -1 if undecodable
  bool operator<(const Lit& o) const { return d < o.d || (d == o.d && src < o.src); }
  bool operator==(const Lit& o) const { return d == o.d && src == o.src; }
};

// Partitions the elements `uni` (those of [0,U) that must be covered) by the non-empty sets.
// cls[e] = class of element e (-1 if in no set), setcls[i] = class of set i (-1 if empty). Fails
// when two sets overlap without being equal, or an element of `uni` is in no set, or a set holds
// an element outside `uni`.
static int partition(const std::vector<std::vector<int>>& sets, int U, const std::vector<bool>& uni,
                     std::vector<int>& cls, std::vector<int>& setcls, Verdict& V, const char* what) {
  std::map<std::vector<int>, int> id;
  cls.assign(U, -1);
  setcls.assign(sets.size(), -1);
  for (size_t i = 0; i < sets.size(); i++) {
    if (sets[i].empty()) continue;
    auto it = id.find(sets[i]);
    int c;
    if (it == id.end()) {
      c = (int)id.size();
      id[sets[i]] = c;
      for (int e : sets[i]) {
        if (e < 0 || e >= U || !uni[e]) {
          V.fail(fmt("%s: element %d is not one that is read", what, e));
          continue;
        }
        if (cls[e] != -1) V.fail(fmt("%s: classes overlap at element %d", what, e));
        cls[e] = c;
      }
    } else {
      c = it->second;
    }
    setcls[i] = c;
  }
  for (int e = 0; e < U; e++)
    if (uni[e] && cls[e] == -1) V.fail(fmt("%s: element %d in no class", what, e));
  return (int)id.size();
}

// Builds table[x][y] = the index i with (X[i], Y[i]) == (x, y), over the i with use[i]; checks
// it is a bijection onto [0,nx) x [0,ny).
static std::vector<std::vector<int>> bijection(const std::vector<int>& X, const std::vector<int>& Y,
                                               const std::vector<bool>& use, int nx, int ny,
                                               Verdict& V, const char* what) {
  std::vector<std::vector<int>> tab(nx > 0 ? nx : 0, std::vector<int>(ny > 0 ? ny : 0, -1));
  long n = 0;
  for (size_t i = 0; i < X.size(); i++) n += use[i];
  if (n != (long)nx * ny)
    V.fail(fmt("%s: %ld values but %d x %d = %d coordinates", what, n, nx, ny, nx * ny));
  for (size_t i = 0; i < X.size(); i++) {
    if (!use[i]) continue;
    if (X[i] < 0 || Y[i] < 0 || X[i] >= nx || Y[i] >= ny) {
      V.fail(fmt("%s: value %zu has no coordinate", what, i));
      continue;
    }
    if (tab[X[i]][Y[i]] != -1)
      V.fail(fmt("%s: values %d and %zu share coordinate (%d,%d)", what, tab[X[i]][Y[i]], i, X[i], Y[i]));
    tab[X[i]][Y[i]] = (int)i;
  }
  return tab;
}

static bool is_code(double x, int lo, int hi) { return x == std::floor(x) && x >= lo && x <= hi; }

}  // namespace mma_detail

// Runs all experiments and writes `<out.dir>/<name><suffix>.txt`. Returns true on PASS.
static bool probe_mma(const MmaSpec& s, const MmaBackend& be, const Out& out, uint64_t seed = 1) {
  using namespace mma_detail;
  const int T = s.T, NA = s.A.count, NB = s.B.count, NC = T * s.nvC;
  const std::string fname = s.name + s.suffix;
  Verdict V;

  // --- one-hot experiments ---------------------------------------------------------------
  std::vector<OneHot> q;
  for (int a = 0; a < NA; a++)
    for (int p = 0; p < 2; p++) q.push_back({0, a, p});
  for (int b = 0; b < NB; b++)
    for (int p = 0; p < 2; p++) q.push_back({1, b, p});
  auto L = be.onehot(q);

  auto decode_pair = [&](const Lits& l0, const Lits& l1, const OperandSpec& co, const char* what,
                         int which) {
    std::vector<Lit> lits;
    std::map<int, double> m1(l1.begin(), l1.end());
    int hi = (co.count + co.base - 1) / co.base;
    if (l0.size() != l1.size()) V.fail(fmt("%s %d: passes lit different D values", what, which));
    for (auto& [d, v0] : l0) {
      if (d < 0 || d >= NC) {
        V.fail(fmt("%s %d: D index %d out of range", what, which, d));
        continue;
      }
      auto it = m1.find(d);
      if (it == m1.end()) {
        V.fail(fmt("%s %d: D %d non-zero in one pass only", what, which, d));
        continue;
      }
      int src = -1;
      if (is_code(v0, 1, hi) && is_code(it->second, 1, co.base))
        src = ((int)v0 - 1) * co.base + ((int)it->second - 1);
      if (src < 0 || src >= co.count) {
        V.fail(fmt("%s %d: D %d holds %g / %g, not a code", what, which, d, v0, it->second));
        src = -1;
      }
      lits.push_back({d, src});
    }
    std::sort(lits.begin(), lits.end());
    return lits;
  };
  std::vector<std::vector<Lit>> litA(NA), litB(NB);
  for (int a = 0; a < NA; a++) litA[a] = decode_pair(L[2 * a], L[2 * a + 1], s.B, "A one-hot", a);
  for (int b = 0; b < NB; b++)
    litB[b] = decode_pair(L[2 * NA + 2 * b], L[2 * NA + 2 * b + 1], s.A, "B one-hot", b);
  std::vector<bool> readA(NA), readB(NB), allD(NC, true);
  int nreadA = 0, nreadB = 0;
  for (int a = 0; a < NA; a++) nreadA += readA[a] = !litA[a].empty();
  for (int b = 0; b < NB; b++) nreadB += readB[b] = !litB[b].empty();
  if (s.A.regs && nreadA != NA) V.fail(fmt("%d A register values lit nothing", NA - nreadA));
  if (s.B.regs && nreadB != NB) V.fail(fmt("%d B register values lit nothing", NB - nreadB));

  // --- C coded -------------------------------------------------------------------------------
  auto zeros = [](int n) { return std::vector<double>(n, 0.0); };
  // C value c holds c+1; when that exceeds the integers C's type holds exactly (an f16
  // accumulator with 128 threads x 128 values), two passes hold c/1024+1 and c%1024+1.
  std::vector<int> dOfC(NC, -1);
  {
    const bool two = NC + 1 > digit_base(s.tC);
    const int cb = two ? 1024 : NC + 1;
    std::vector<MmaExp> ce;
    for (int p = 0; p < (two ? 2 : 1); p++) {
      MmaExp e{zeros(NA), zeros(NB), zeros(NC)};
      for (int c = 0; c < NC; c++) e.C[c] = two ? operand_code(c, cb, p) : c + 1;
      ce.push_back(e);
    }
    auto Dc = be.dense(ce);
    for (int d = 0; d < NC; d++) {
      int c = -1;
      if (!two && is_code(Dc[0][d], 1, NC)) c = (int)Dc[0][d] - 1;
      if (two && is_code(Dc[0][d], 1, NC / cb + 1) && is_code(Dc[1][d], 1, cb))
        c = ((int)Dc[0][d] - 1) * cb + (int)Dc[1][d] - 1;
      if (c < 0 || c >= NC) {
        V.fail(two ? fmt("C coded: D %d holds %g / %g, not a code", d, Dc[0][d], Dc[1][d])
                   : fmt("C coded: D %d holds %g, not a code", d, Dc[0][d]));
        continue;
      }
      if (dOfC[c] != -1) V.fail(fmt("C coded: C %d came out twice", c));
      dOfC[c] = d;
    }
    for (int c = 0; c < NC; c++)
      if (dOfC[c] == -1) V.fail(fmt("C coded: C %d came out nowhere", c));
  }

  // --- derive the structure ---------------------------------------------------------------
  auto dsets = [](const std::vector<std::vector<Lit>>& L) {
    std::vector<std::vector<int>> r;
    for (auto& l : L) {
      std::vector<int> v;
      for (auto& x : l) v.push_back(x.d);
      r.push_back(v);
    }
    return r;
  };
  auto ssets = [](const std::vector<std::vector<Lit>>& L) {
    std::vector<std::vector<int>> r;
    for (auto& l : L) {
      std::set<int> v;
      for (auto& x : l) v.insert(x.src);
      r.push_back(std::vector<int>(v.begin(), v.end()));
    }
    return r;
  };
  std::vector<int> dRow, aM, dCol, bN, bK, aK, aK2, bK2;
  int M = partition(dsets(litA), NC, allD, dRow, aM, V, "rows (D lit by an A one-hot)");
  int K = partition(ssets(litA), NB, readB, bK, aK, V, "k classes (B values met by an A one-hot)");
  int N = partition(dsets(litB), NC, allD, dCol, bN, V, "columns (D lit by a B one-hot)");
  int K2 = partition(ssets(litB), NA, readA, aK2, bK2, V, "k classes (A values met by a B one-hot)");
  if (M != s.M || N != s.N || K != s.K || K2 != s.K)
    V.fail(fmt("derived M=%d N=%d K=%d (K from B one-hots %d), the name says %dx%dx%d", M, N, K, K2,
               s.M, s.N, s.K));
  auto dAt = bijection(dRow, dCol, allD, M, N, V, "D -> (m,n)");
  auto aAt = bijection(aM, aK, readA, M, K, V, "A -> (m,k)");
  auto bAt = bijection(bK, bN, readB, K, N, V, "B -> (k,n)");

  // Predict every line from the derived labelling.
  bool structure_ok = V.ok();
  if (structure_ok) {
    for (int a = 0; a < NA; a++) {
      if (!readA[a]) continue;
      std::vector<Lit> p;
      for (int n = 0; n < N; n++) p.push_back({dAt[aM[a]][n], bAt[aK[a]][n]});
      std::sort(p.begin(), p.end());
      if (!(p == litA[a])) V.fail(fmt("A one-hot %d: not as predicted by the derived labelling", a));
    }
    for (int b = 0; b < NB; b++) {
      if (!readB[b]) continue;
      std::vector<Lit> p;
      for (int m = 0; m < M; m++) p.push_back({dAt[m][bN[b]], aAt[m][bK[b]]});
      std::sort(p.begin(), p.end());
      if (!(p == litB[b])) V.fail(fmt("B one-hot %d: not as predicted by the derived labelling", b));
    }
    structure_ok = V.ok();
  }

  // --- exact random products --------------------------------------------------------------
  const int trials = 3;
  int exact = 0;
  if (structure_ok) {
    std::mt19937_64 rng(seed);
    // Small integers every type holds exactly (unsigned and 1-bit types: from 0).
    auto rnd = [&](Ty t) {
      int lo = -4, hi = 4;
      if (t == Ty::S8) lo = -8, hi = 8;
      if (t == Ty::U8 || t == Ty::U4) lo = 0, hi = 7;
      if (t == Ty::B1) lo = 0, hi = 1;
      return (double)(lo + (int)(rng() % (hi - lo + 1)));
    };
    std::vector<MmaExp> rex;
    std::vector<std::vector<double>> want;
    for (int tr = 0; tr < trials; tr++) {
      std::vector<std::vector<double>> Am(M, std::vector<double>(K)), Bm(K, std::vector<double>(N)),
          Cm(M, std::vector<double>(N));
      for (auto& r : Am) for (auto& x : r) x = rnd(s.A.ty);
      for (auto& r : Bm) for (auto& x : r) x = rnd(s.B.ty);
      for (auto& r : Cm) for (auto& x : r) x = rnd(s.tC);
      MmaExp e{zeros(NA), zeros(NB), zeros(NC)};
      // slots that are not read get garbage: it must not matter
      for (int a = 0; a < NA; a++) e.A[a] = readA[a] ? Am[aM[a]][aK[a]] : 3;
      for (int b = 0; b < NB; b++) e.B[b] = readB[b] ? Bm[bK[b]][bN[b]] : 3;
      for (int c = 0; c < NC; c++) e.C[c] = Cm[dRow[dOfC[c]]][dCol[dOfC[c]]];
      std::vector<double> w(NC);
      for (int d = 0; d < NC; d++) {
        double acc = Cm[dRow[d]][dCol[d]];
        for (int k = 0; k < K; k++) acc += Am[dRow[d]][k] * Bm[k][dCol[d]];
        w[d] = acc;
      }
      rex.push_back(e);
      want.push_back(w);
    }
    auto got = be.dense(rex);
    for (int tr = 0; tr < trials; tr++) {
      bool same = true;
      for (int d = 0; d < NC; d++)
        if (got[tr][d] != want[tr][d]) {
          if (same) V.fail(fmt("random product %d: D %d is %g, the CPU product says %g", tr, d, got[tr][d], want[tr][d]));
          same = false;
        }
      exact += same;
    }
  }

  // --- write ----------------------------------------------------------------------------------
  std::string body;
  body += "atom " + s.name + "\n";
  body += fmt("threads %d\n", T);
  if (s.A.regs && s.B.regs)
    body += fmt("values A %d B %d C %d\n", s.A.base, s.B.base, s.nvC);
  else
    body += fmt("values %sC %d\n", s.A.regs ? fmt("A %d ", s.A.base).c_str() : "", s.nvC);
  for (auto& l : s.lines) body += l + "\n";
  if (s.first_only) body += "lines first\n";
  auto tv = [&](int i, int nv) {
    int t = i < 0 ? -1 : i / nv;
    if (t >= 0 && !s.thread_ids.empty()) t = s.thread_ids[t];
    return fmt("%d %d", t, i < 0 ? -1 : i % nv);
  };
  auto slot = [&](int i, const OperandSpec& o) { return o.regs ? tv(i, o.base) : fmt("%d", i); };
  for (int a = 0; a < NA; a++) {
    if (!readA[a] && !s.A.regs) continue;
    body += "A " + slot(a, s.A);
    for (size_t j = 0; j < litA[a].size() && (!s.first_only || j < 1); j++)
      body += " | " + tv(litA[a][j].d, s.nvC) + " " + slot(litA[a][j].src, s.B);
    body += "\n";
  }
  for (int b = 0; b < NB; b++) {
    if (!readB[b] && !s.B.regs) continue;
    body += "B " + slot(b, s.B);
    for (size_t j = 0; j < litB[b].size() && (!s.first_only || j < 1); j++)
      body += " | " + tv(litB[b][j].d, s.nvC) + " " + slot(litB[b][j].src, s.A);
    body += "\n";
  }
  for (int c = 0; c < NC; c++) body += "C " + tv(c, s.nvC) + " | " + tv(dOfC[c], s.nvC) + "\n";

  bool pass = V.ok() && exact == trials;
  std::vector<std::string> hdr;
  hdr.push_back("instruction: " + s.instr);
  hdr.push_back(fmt("types: A %s B %s C/D %s", ty_name(s.A.ty), ty_name(s.B.ty), ty_name(s.tC)));
  for (auto& h : s.hdr) hdr.push_back(h);
  if (!s.A.regs) hdr.push_back(fmt("A shared-memory elements read: %d of %d (lines only for those)", nreadA, NA));
  if (!s.B.regs) hdr.push_back(fmt("B shared-memory elements read: %d of %d (lines only for those)", nreadB, NB));
  hdr.push_back(fmt("result: %s (derived M=%d N=%d K=%d; D->(m,n), A->(m,k), B->(k,n) bijections; "
                    "every A/B one-hot predicted by the derived labelling; C->D bijection; "
                    "%d/%d exact random products)",
                    pass ? "PASS" : "FAIL", M, N, K, exact, trials));
  for (auto& f : V.fails) hdr.push_back("failure: " + f);
  out.write(fname, hdr, body);
  fprintf(out.log, "%s %s: M=%d N=%d K=%d, %d/%d exact random products\n", pass ? "PASS" : "FAIL",
          fname.c_str(), M, N, K, exact, trials);
  for (auto& f : V.fails) fprintf(out.log, "    %s\n", f.c_str());
  fflush(out.log);
  return pass;
}

// CPU model of an MMA with a RANDOM (but fixed by `seed`) layout: used by -DPROBE_SIMULATE to
// test the engine. Shared-memory operands get random unread slots (count - M*K of them).
// `break_it` != 0 breaks the model to check that the probe notices:
// 1: the last D value is off by one everywhere; 2: only products (several non-zero A and B
// values) are off. `xor_popc`: D = C + sum_k (A xor B) (1-bit values), as `.b1 .xor.popc`.
static inline MmaRunner simulated_mma(const MmaSpec& s, uint64_t seed, int break_it,
                                      bool xor_popc = false) {
  const int NA = s.A.count, NB = s.B.count, NC = s.T * s.nvC;
  std::mt19937_64 rng(seed);
  auto perm = [&](int n) {
    std::vector<int> p(n);
    for (int i = 0; i < n; i++) p[i] = i;
    std::shuffle(p.begin(), p.end(), rng);
    return p;
  };
  // slot -> element index (or >= size: unread)
  auto pa = perm(NA), pb = perm(NB), pc = perm(NC), pcd = perm(NC);
  return [=](const std::vector<MmaExp>& ex) {
    std::vector<std::vector<double>> res;
    for (auto& e : ex) {
      // A slot a sits at (m,k) = (pa[a] % M, pa[a] / M) if pa[a] < M*K, B slot b at
      // (k,n) = (pb[b] % K, pb[b] / K) if pb[b] < K*N, D value d at (m,n) = (pc[d] % M, pc[d] / M);
      // C value c adds into D value pcd[c].
      std::vector<double> Am(s.M * s.K), Bm(s.K * s.N);
      for (int a = 0; a < NA; a++)
        if (pa[a] < s.M * s.K) Am[pa[a]] = round_to(s.A.ty, e.A[a]);
      for (int b = 0; b < NB; b++)
        if (pb[b] < s.K * s.N) Bm[pb[b]] = round_to(s.B.ty, e.B[b]);
      std::vector<double> Cd(NC);
      for (int c = 0; c < NC; c++) Cd[pcd[c]] = round_to(s.tC, e.C[c]);
      std::vector<double> D(NC);
      for (int d = 0; d < NC; d++) {
        int m = pc[d] % s.M, n = pc[d] / s.M;
        double acc = Cd[d];
        for (int k = 0; k < s.K; k++) {
          double x = Am[m + k * s.M], y = Bm[k + n * s.K];
          acc += xor_popc ? x + y - 2 * x * y : x * y;
        }
        D[d] = round_to(s.tC, acc);
      }
      int nzA = 0, nzB = 0;
      for (double x : e.A) nzA += x != 0;
      for (double x : e.B) nzB += x != 0;
      if (break_it == 1 || (break_it == 2 && nzA > 1 && nzB > 1)) D[NC - 1] = round_to(s.tC, D[NC - 1] + 1);
      res.push_back(D);
    }
    return res;
  };
}

// Fast CPU model of the one-hot experiments for the same random layout as simulated_mma(s, seed)
// (same permutations): computes the lit lists directly, like the GPU backend of the GMMA probe
// (which returns only non-zero D values). Used to time the analysis at large N.
static inline OneHotRunner simulated_onehot(const MmaSpec& s, uint64_t seed) {
  const int NA = s.A.count, NB = s.B.count, NC = s.T * s.nvC;
  std::mt19937_64 rng(seed);
  auto perm = [&](int n) {
    std::vector<int> p(n);
    for (int i = 0; i < n; i++) p[i] = i;
    std::shuffle(p.begin(), p.end(), rng);
    return p;
  };
  auto pa = perm(NA), pb = perm(NB), pc = perm(NC);
  std::vector<int> aAt(s.M * s.K, -1), bAt(s.K * s.N, -1), dAt(NC, -1);
  for (int a = 0; a < NA; a++) if (pa[a] < s.M * s.K) aAt[pa[a]] = a;
  for (int b = 0; b < NB; b++) if (pb[b] < s.K * s.N) bAt[pb[b]] = b;
  for (int d = 0; d < NC; d++) dAt[pc[d]] = d;
  return [=](const std::vector<OneHot>& q) {
    std::vector<Lits> res;
    for (auto& h : q) {
      Lits l;
      if (h.which == 0 && pa[h.idx] < s.M * s.K) {
        int m = pa[h.idx] % s.M, k = pa[h.idx] / s.M;
        for (int n = 0; n < s.N; n++) l.push_back({dAt[m + n * s.M], operand_code(bAt[k + n * s.K], s.B.base, h.pass)});
      }
      if (h.which == 1 && pb[h.idx] < s.K * s.N) {
        int k = pb[h.idx] % s.K, n = pb[h.idx] / s.K;
        for (int m = 0; m < s.M; m++) l.push_back({dAt[m + n * s.M], operand_code(aAt[m + k * s.M], s.A.base, h.pass)});
      }
      std::sort(l.begin(), l.end());
      res.push_back(l);
    }
    return res;
  };
}
