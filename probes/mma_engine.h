// Generic MMA layout probe: experiments, decoding, derivation of the (m,n,k) structure, checks,
// exact random products, and the data file (format "MMA atoms" in probes/README.md).
//
// The engine knows nothing about the instruction's layout: it only sees, for a batch of
// experiments (A, B, C values per (thread, value)), the D values that came out. The instruction
// is behind `MmaRunner`.
#pragma once
#include "common.h"

struct MmaSpec {
  std::string name;   // CuTe's atom name
  std::string instr;  // PTX instruction
  int T;              // threads
  int nvA, nvB, nvC;  // values per thread (C and D have the same count)
  Ty tA, tB, tC;
  int M, N, K;        // sizes from the atom's name: compared with the derived ones
};

// One experiment: values per (thread, value), index t * nv + v.
struct MmaExp {
  std::vector<double> A, B, C;
};
// Runs experiments, returns D values (index t * nvC + v) for each.
using MmaRunner = std::function<std::vector<std::vector<double>>(const std::vector<MmaExp>&)>;

namespace mma_detail {

struct Lit {
  int d;    // D index (t * nvC + v)
  int src;  // decoded index of the other operand's value, -1 if undecodable
  bool operator<(const Lit& o) const { return d < o.d || (d == o.d && src < o.src); }
  bool operator==(const Lit& o) const { return d == o.d && src == o.src; }
};

// Partitions the universe [0,U) by the given sets. cls[e] = class of element e (-1 if in no set),
// setcls[i] = class of set i. Fails when two sets overlap without being equal.
static int partition(const std::vector<std::vector<int>>& sets, int U, std::vector<int>& cls,
                     std::vector<int>& setcls, Verdict& V, const char* what) {
  std::map<std::vector<int>, int> id;
  cls.assign(U, -1);
  setcls.assign(sets.size(), -1);
  for (size_t i = 0; i < sets.size(); i++) {
    if (sets[i].empty()) {
      V.fail(fmt("%s: experiment %zu lit nothing", what, i));
      continue;
    }
    auto it = id.find(sets[i]);
    int c;
    if (it == id.end()) {
      c = (int)id.size();
      id[sets[i]] = c;
      for (int e : sets[i]) {
        if (e < 0 || e >= U) {
          V.fail(fmt("%s: element %d out of range", what, e));
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
    if (cls[e] == -1) V.fail(fmt("%s: element %d in no class", what, e));
  return (int)id.size();
}

// Builds table[x][y] = the index i with (X[i], Y[i]) == (x, y); checks it is a bijection from
// [0,n) onto [0,nx) x [0,ny).
static std::vector<std::vector<int>> bijection(const std::vector<int>& X, const std::vector<int>& Y,
                                               int nx, int ny, Verdict& V, const char* what) {
  std::vector<std::vector<int>> tab(nx > 0 ? nx : 0, std::vector<int>(ny > 0 ? ny : 0, -1));
  if ((long)X.size() != (long)nx * ny)
    V.fail(fmt("%s: %zu values but %d x %d = %d coordinates", what, X.size(), nx, ny, nx * ny));
  for (size_t i = 0; i < X.size(); i++) {
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

// Runs all experiments and writes `<out.dir>/<name>.txt`. Returns true on PASS.
static bool probe_mma(const MmaSpec& s, const MmaRunner& run, const Out& out, uint64_t seed = 1) {
  using namespace mma_detail;
  const int T = s.T, NA = T * s.nvA, NB = T * s.nvB, NC = T * s.nvC;
  Verdict V;
  auto zeros = [](int n) { return std::vector<double>(n, 0.0); };

  // --- experiments -------------------------------------------------------------------------
  // 0 .. 2NA-1: A one-hot a (pass p: B codes thread+1 / value+1)
  // 2NA .. 2NA+2NB-1: B one-hot b (pass p: A codes thread+1 / value+1)
  // then: C coded (code c+1), A = B = 0
  std::vector<MmaExp> ex;
  for (int a = 0; a < NA; a++)
    for (int p = 0; p < 2; p++) {
      MmaExp e{zeros(NA), zeros(NB), zeros(NC)};
      e.A[a] = 1;
      for (int b = 0; b < NB; b++) e.B[b] = p == 0 ? b / s.nvB + 1 : b % s.nvB + 1;
      ex.push_back(e);
    }
  for (int b = 0; b < NB; b++)
    for (int p = 0; p < 2; p++) {
      MmaExp e{zeros(NA), zeros(NB), zeros(NC)};
      e.B[b] = 1;
      for (int a = 0; a < NA; a++) e.A[a] = p == 0 ? a / s.nvA + 1 : a % s.nvA + 1;
      ex.push_back(e);
    }
  {
    MmaExp e{zeros(NA), zeros(NB), zeros(NC)};
    for (int c = 0; c < NC; c++) e.C[c] = c + 1;
    ex.push_back(e);
  }
  auto D = run(ex);

  // --- decode ---------------------------------------------------------------------------------
  auto decode_pair = [&](const std::vector<double>& d0, const std::vector<double>& d1, int nv,
                         const char* what, int which) {
    std::vector<Lit> lits;
    for (int d = 0; d < NC; d++) {
      bool z0 = d0[d] == 0, z1 = d1[d] == 0;
      if (z0 != z1) V.fail(fmt("%s %d: D %d non-zero in one pass only", what, which, d));
      if (z0 && z1) continue;
      int src = -1;
      if (is_code(d0[d], 1, T) && is_code(d1[d], 1, nv))
        src = ((int)d0[d] - 1) * nv + ((int)d1[d] - 1);
      else
        V.fail(fmt("%s %d: D %d holds %g / %g, not a code", what, which, d, d0[d], d1[d]));
      lits.push_back({d, src});
    }
    std::sort(lits.begin(), lits.end());
    return lits;
  };
  std::vector<std::vector<Lit>> litA(NA), litB(NB);
  for (int a = 0; a < NA; a++) litA[a] = decode_pair(D[2 * a], D[2 * a + 1], s.nvB, "A one-hot", a);
  for (int b = 0; b < NB; b++)
    litB[b] = decode_pair(D[2 * NA + 2 * b], D[2 * NA + 2 * b + 1], s.nvA, "B one-hot", b);
  const auto& Dc = D[2 * NA + 2 * NB];
  std::vector<int> cOfD(NC, -1), dOfC(NC, -1);
  for (int d = 0; d < NC; d++) {
    if (!is_code(Dc[d], 1, NC)) {
      V.fail(fmt("C coded: D %d holds %g, not a code", d, Dc[d]));
      continue;
    }
    int c = (int)Dc[d] - 1;
    if (dOfC[c] != -1) V.fail(fmt("C coded: C %d came out twice", c));
    dOfC[c] = d;
    cOfD[d] = c;
  }
  for (int c = 0; c < NC; c++)
    if (dOfC[c] == -1) V.fail(fmt("C coded: C %d came out nowhere", c));

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
  int M = partition(dsets(litA), NC, dRow, aM, V, "rows (D lit by an A one-hot)");
  int K = partition(ssets(litA), NB, bK, aK, V, "k classes (B values met by an A one-hot)");
  int N = partition(dsets(litB), NC, dCol, bN, V, "columns (D lit by a B one-hot)");
  int K2 = partition(ssets(litB), NA, aK2, bK2, V, "k classes (A values met by a B one-hot)");
  if (M != s.M || N != s.N || K != s.K || K2 != s.K)
    V.fail(fmt("derived M=%d N=%d K=%d (K from B one-hots %d), the name says %dx%dx%d", M, N, K, K2,
               s.M, s.N, s.K));
  auto dAt = bijection(dRow, dCol, M, N, V, "D -> (m,n)");
  auto aAt = bijection(aM, aK, M, K, V, "A -> (m,k)");
  auto bAt = bijection(bK, bN, K, N, V, "B -> (k,n)");

  // Predict every line from the derived labelling.
  bool structure_ok = V.ok();
  if (structure_ok) {
    for (int a = 0; a < NA; a++) {
      std::vector<Lit> p;
      for (int n = 0; n < N; n++) p.push_back({dAt[aM[a]][n], bAt[aK[a]][n]});
      std::sort(p.begin(), p.end());
      if (!(p == litA[a])) V.fail(fmt("A one-hot %d: not as predicted by the derived labelling", a));
    }
    for (int b = 0; b < NB; b++) {
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
    auto rnd = [&](Ty t) {
      int lim = t == Ty::S8 ? 8 : 4;
      return (double)((int)(rng() % (2 * lim + 1)) - lim);
    };
    std::vector<MmaExp> rex;
    std::vector<std::vector<double>> want;
    for (int tr = 0; tr < trials; tr++) {
      std::vector<std::vector<double>> Am(M, std::vector<double>(K)), Bm(K, std::vector<double>(N)),
          Cm(M, std::vector<double>(N));
      for (auto& r : Am) for (auto& x : r) x = rnd(s.tA);
      for (auto& r : Bm) for (auto& x : r) x = rnd(s.tB);
      for (auto& r : Cm) for (auto& x : r) x = rnd(s.tC);
      MmaExp e{zeros(NA), zeros(NB), zeros(NC)};
      for (int a = 0; a < NA; a++) e.A[a] = Am[aM[a]][aK[a]];
      for (int b = 0; b < NB; b++) e.B[b] = Bm[bK[b]][bN[b]];
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
    auto got = run(rex);
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
  body += fmt("values A %d B %d C %d\n", s.nvA, s.nvB, s.nvC);
  auto tv = [](int i, int nv) { return fmt("%d %d", i < 0 ? -1 : i / nv, i < 0 ? -1 : i % nv); };
  for (int a = 0; a < NA; a++) {
    body += "A " + tv(a, s.nvA);
    for (auto& l : litA[a]) body += " | " + tv(l.d, s.nvC) + " " + tv(l.src, s.nvB);
    body += "\n";
  }
  for (int b = 0; b < NB; b++) {
    body += "B " + tv(b, s.nvB);
    for (auto& l : litB[b]) body += " | " + tv(l.d, s.nvC) + " " + tv(l.src, s.nvA);
    body += "\n";
  }
  for (int c = 0; c < NC; c++) body += "C " + tv(c, s.nvC) + " | " + tv(dOfC[c], s.nvC) + "\n";

  bool pass = V.ok() && exact == trials;
  std::vector<std::string> hdr;
  hdr.push_back("instruction: " + s.instr);
  hdr.push_back(fmt("types: A %s B %s C/D %s", ty_name(s.tA), ty_name(s.tB), ty_name(s.tC)));
  hdr.push_back(fmt("result: %s (derived M=%d N=%d K=%d; D->(m,n), A->(m,k), B->(k,n) bijections; "
                    "every A/B line predicted by the derived labelling; C->D bijection; "
                    "%d/%d exact random products)",
                    pass ? "PASS" : "FAIL", M, N, K, exact, trials));
  for (auto& f : V.fails) hdr.push_back("failure: " + f);
  out.write(s.name, hdr, body);
  fprintf(out.log, "%s %s: M=%d N=%d K=%d, %d/%d exact random products\n", pass ? "PASS" : "FAIL",
          s.name.c_str(), M, N, K, exact, trials);
  for (auto& f : V.fails) fprintf(out.log, "    %s\n", f.c_str());
  fflush(out.log);
  return pass;
}

// CPU model of an MMA with a RANDOM (but fixed by `seed`) layout: used by -DPROBE_SIMULATE to
// test the engine. `break_it` != 0 breaks the model to check that the probe notices:
// 1: D value 0 is off by one everywhere; 2: only products of several non-zero A values are off.
static MmaRunner simulated_mma(const MmaSpec& s, uint64_t seed, int break_it) {
  const int NA = s.T * s.nvA, NB = s.T * s.nvB, NC = s.T * s.nvC;
  std::mt19937_64 rng(seed);
  auto perm = [&](int n) {
    std::vector<int> p(n);
    for (int i = 0; i < n; i++) p[i] = i;
    std::shuffle(p.begin(), p.end(), rng);
    return p;
  };
  auto pa = perm(NA), pb = perm(NB), pc = perm(NC), pcd = perm(NC);
  return [=](const std::vector<MmaExp>& ex) {
    std::vector<std::vector<double>> res;
    for (auto& e : ex) {
      // A value a sits at (m,k) = (pa[a] % M, pa[a] / M), B value b at (k,n) = (pb[b] % K, pb[b] / K),
      // D value d at (m,n) = (pc[d] % M, pc[d] / M); C value c adds into D value pcd[c].
      std::vector<double> Am(s.M * s.K), Bm(s.K * s.N), Cm(s.M * s.N, 0);
      for (int a = 0; a < NA; a++) Am[pa[a]] = round_to(s.tA, e.A[a]);
      for (int b = 0; b < NB; b++) Bm[pb[b]] = round_to(s.tB, e.B[b]);
      std::vector<double> Cd(NC);
      for (int c = 0; c < NC; c++) Cd[pcd[c]] = round_to(s.tC, e.C[c]);
      std::vector<double> D(NC);
      for (int d = 0; d < NC; d++) {
        int m = pc[d] % s.M, n = pc[d] / s.M;
        double acc = Cd[d];
        for (int k = 0; k < s.K; k++) acc += Am[m + k * s.M] * Bm[k + n * s.K];
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
