//! An FP16 tensor-core GEMM with the algorithm of CuTe's tutorial `sgemm_sm80.cu` (`gemm_tn`),
//! every index computed by functions `cute-layout` emits from layouts it has checked:
//!
//! * 128×128×64 CTA tile, 128 threads, a 3-stage `cp.async` pipeline (the tutorial's loop);
//! * shared memory: the `Sw<3,3,3> ∘ (8,(8,8)):(8,(1,64))` atom tiled to 128×64 with
//!   `tile_to_shape`, for A and B (K-major);
//! * global → shared: `SM80_CP_ASYNC_CACHEALWAYS<uint128_t>`, threads `(16,8):(8,1)`, values
//!   `(1,8)`;
//! * shared → registers: `SM75_U32x4_LDSM_N` retiled to the MMA (`make_tiled_copy_A/B`);
//! * MMA: `SM80_16x8x16_F16F16F16F16_TN` tiled 2×2×1 with the 32×32×16 tile.
//!
//! Checked when this crate compiles (static layouts): the TiledMMA's bijections and coverage
//! (by its traits), that `ldmatrix` delivers exactly the MMA's A and B registers (type
//! equality of the TV layouts), and that the `cp.async` writes into the swizzled tiles are
//! conflict-free (the bank model's `StaticTvCopy::ASSERT_CONFLICT_FREE`). Checked before any
//! source reaches NVRTC ([`Sm80Gemm::source`]): every `ldmatrix` conflict-free, every copied
//! vector contiguous and aligned. The problem's extents are checked at launch
//! ([`Sm80Gemm::check_problem`]).
//!
//! `C = A·Bᵀ` in CuTe's TN convention: `A` is M×K with K contiguous (`ldA ≥ K`), `B` is N×K with
//! K contiguous, `C` is M×N column-major (`ldC ≥ M`); `half` in and out, `half` accumulation
//! (the tutorial's atom). M, N must be multiples of 128 and K of 64 (no predication: other
//! extents are refused).

use cute_layout::atom::*;
use cute_layout::banks::tiled::{analyze_tiled_copy, SmemSide};
use cute_layout::banks::{SmemInstruction, StaticTvCopy};
use cute_layout::emit::{tv_partition, CudaSource, EmitOptions, IndexType, Leaves};
use cute_layout::ops::{ComposeOf, TileToShapeOf};
use cute_layout::static_assertions::assert_type_eq_all;
use cute_layout::typenum::{U128, U16, U32, U64};
use cute_layout::{layout, ErrorKind, Layout, LayoutError};

/// The TiledMMA: `SM80_16x8x16_F16F16F16F16_TN`, 2×2×1 atoms, 32×32×16 tile.
pub type Mma = TiledMma<SM80_16x8x16_F16F16F16F16_TN, Layout![(2,2,1):(1,2,0)], (U32, U32, U16)>;
/// The swizzled shared-memory atom (8 rows of 64 halfs, 16-byte chunks XOR-ed by row).
pub type SmemAtom = Layout![Sw<3,3,3> o 0 o (8,(8,8)):(8,(1,64))];
/// The shared-memory tile of A (and of B): the atom tiled to 128×64.
pub type SmemA = TileToShapeOf<SmemAtom, (U128, U64)>;
/// The shared-memory tile of B.
pub type SmemB = TileToShapeOf<SmemAtom, (U128, U64)>;
type GThr = Layout![(16,8):(8,1)];
type GVal = Layout![(1,8):(1,1)];
/// Global → shared: 128-bit `cp.async`, 16×8 threads (K-major) of 8 halfs.
pub type G2S = TiledCopy<
    CopyAtom<SM80_CP_ASYNC_CACHEALWAYS<U128>, half_t>,
    MakeTiledCopyTv<GThr, GVal>,
    MakeTiledCopyTiler<GThr, GVal>,
>;
/// Shared → registers for A: `ldmatrix.x4` retiled to the MMA's A.
pub type S2RA = TiledCopy<
    CopyAtom<SM75_U32x4_LDSM_N, half_t>,
    <Mma as TiledMmaLayouts>::LayoutA_TV,
    (U32, U16),
>;
/// Shared → registers for B.
pub type S2RB = TiledCopy<
    CopyAtom<SM75_U32x4_LDSM_N, half_t>,
    <Mma as TiledMmaLayouts>::LayoutB_TV,
    (U32, U16),
>;

// ldmatrix delivers the MMA's registers: its destination TV layouts are the MMA's A and B
// (up to a trailing size-1 mode, as in CuTe).
assert_type_eq_all!(
    <Mma as TiledMmaLayouts>::LayoutA_TV,
    Layout![((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))]
);
assert_type_eq_all!(
    <S2RA as TiledCopyLayouts>::LayoutD_TV,
    Layout![((4,8,2,2),((2,2,2),1)):((64,1,16,0),((32,8,256),0))]
);
assert_type_eq_all!(
    <S2RB as TiledCopyLayouts>::LayoutD_TV,
    Layout![((4,8,2,2),((2,2,2),1)):((64,1,0,8),((32,256,16),0))]
);
assert_type_eq_all!(
    <Mma as TiledMmaLayouts>::LayoutB_TV,
    Layout![((4,8,2,2),((2,2),(2,1))):((64,1,0,8),((32,256),(16,0)))]
);
// The cp.async writes of each 16×64 copy tile into the swizzled 128×64 tiles: conflict-free
// (one 128-bit store per thread; the copy tile's column-major index placed in the tile's).
type G2SDst = ComposeOf<Layout![(16,64):(1,128)], <G2S as TiledCopyLayouts>::LayoutD_TV>;
const _: () = StaticTvCopy::<G2SDst, SmemA, 16, 8, true>::ASSERT_CONFLICT_FREE;
const _: () = StaticTvCopy::<G2SDst, SmemB, 16, 8, true>::ASSERT_CONFLICT_FREE;

/// CTA tile extents and pipeline depth.
pub const BM: i64 = 128;
/// CTA tile N.
pub const BN: i64 = 128;
/// CTA tile K.
pub const BK: i64 = 64;
/// Shared-memory stages.
pub const STAGES: i64 = 3;
/// Threads per CTA.
pub const THREADS: i64 = 128;

/// One shared-memory instruction of the kernel and the bank model's prediction for one warp
/// executing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmemPrediction {
    /// What it is (`ldmatrix.x4 A`, `cp.async 128-bit write B`, …).
    pub what: &'static str,
    /// The SASS opcode prefix it compiles to (`LDSM`, `LDGSTS`).
    pub sass: &'static str,
    /// Wavefronts per warp-level execution (the same for every warp and tile, else an error).
    pub wavefronts: u32,
    /// Bank conflicts per warp-level execution.
    pub conflicts: u32,
}

/// The generated kernel and its facts.
#[derive(Clone, Debug)]
pub struct Sm80Gemm {
    /// The CUDA C++ source (emitted layouts, then the kernel `gemm_sm80_tn`).
    pub source: String,
    /// Dynamic shared memory per CTA, bytes.
    pub smem_bytes: u32,
    /// The bank model's prediction per shared-memory instruction.
    pub smem: Vec<SmemPrediction>,
}

/// The kernel's name in the source.
pub const KERNEL: &str = "gemm_sm80_tn";

fn uniform(
    what: &'static str,
    sass: &'static str,
    all: Vec<cute_layout::banks::tiled::TiledInstruction>,
) -> Result<SmemPrediction, LayoutError> {
    let first = all.first().ok_or_else(|| {
        LayoutError::with_detail(
            ErrorKind::InvalidArgument,
            format!("{what}: no instruction"),
        )
    })?;
    let (w, c) = (first.report.wavefronts, first.report.conflicts);
    if let Some(i) = all
        .iter()
        .find(|i| (i.report.wavefronts, i.report.conflicts) != (w, c))
    {
        return Err(LayoutError::with_detail(
            ErrorKind::InvalidArgument,
            format!(
                "{what}: warp {} tile {:?} takes {} wavefronts ({} conflicts), others {w} ({c})",
                i.warp, i.tile, i.report.wavefronts, i.report.conflicts
            ),
        ));
    }
    Ok(SmemPrediction {
        what,
        sass,
        wavefronts: w,
        conflicts: c,
    })
}

impl Sm80Gemm {
    /// Emits the kernel: every layout as CUDA index functions, then the kernel body. Refuses
    /// (a [`LayoutError`], before any NVRTC) a configuration whose `ldmatrix` reads conflict.
    pub fn source() -> Result<Sm80Gemm, LayoutError> {
        let mma = Mma::default();
        let g2s = G2S::default();
        let s2ra = S2RA::default();
        let s2rb = S2RB::default();
        let sa = SmemA::default();
        let sb = SmemB::default();

        // The bank model, per instruction (runtime analysis over every warp and tile).
        let sa_d = sa.to_dyn();
        let sb_d = sb.to_dyn();
        let mut smem = vec![
            uniform(
                "ldmatrix.x4 A (shared -> registers)",
                "LDSM",
                analyze_tiled_copy(
                    &s2ra,
                    &sa_d,
                    (BM, BK),
                    16,
                    SmemInstruction::LdmatrixX4,
                    SmemSide::Src,
                )?,
            )?,
            uniform(
                "ldmatrix.x4 B (shared -> registers)",
                "LDSM",
                analyze_tiled_copy(
                    &s2rb,
                    &sb_d,
                    (BN, BK),
                    16,
                    SmemInstruction::LdmatrixX4,
                    SmemSide::Src,
                )?,
            )?,
        ];
        for (what, l, mn) in [
            (
                "cp.async 128-bit write A (global -> shared)",
                &sa_d,
                (BM, BK),
            ),
            (
                "cp.async 128-bit write B (global -> shared)",
                &sb_d,
                (BN, BK),
            ),
        ] {
            smem.push(uniform(
                what,
                "LDGSTS",
                analyze_tiled_copy(
                    &g2s,
                    l,
                    mn,
                    16,
                    SmemInstruction::StSharedV4B32,
                    SmemSide::Dst,
                )?,
            )?);
        }
        for p in &smem {
            if p.conflicts != 0 {
                return Err(LayoutError::with_detail(
                    ErrorKind::InvalidArgument,
                    format!("{}: {} bank conflicts per instruction", p.what, p.conflicts),
                ));
            }
        }

        let mut src = CudaSource::with_options(EmitOptions {
            index: Some(IndexType::I32),
            leaves: Leaves::AsWritten,
        });
        let g2s_tv = g2s.tiled_layout_tv().to_dyn();
        let a_s_tv = s2ra.layout_s_tv().to_dyn();
        let b_s_tv = s2rb.layout_s_tv().to_dyn();
        let c_tv = mma.layout_c_tv().to_dyn();
        // Column-major indices of the CTA tiles (m + BM·k): where a partition's value lies.
        let idx_mk = layout!((128,64):(1,128));
        let idx_nk = layout!((128,64):(1,128));
        let idx_mn = layout!((128,128):(1,128));
        let (m, n, k, lda, ldb, ldc) = (BM, BN, BK, BK, BK, BM);
        src.layout("sA", &sa)?
            .layout("sB", &sb)?
            .layout("gA", &layout!(({m},{k}):({lda},1))?)?
            .layout("gB", &layout!(({n},{k}):({ldb},1))?)?
            .layout("gC", &layout!(({m},{n}):(1,{ldc}))?)?
            .tiled_mma("mma", &mma)?;
        src.layout("cpA_smem", &tv_partition(&sa, &g2s_tv, &[16, 64])?)?
            .layout("cpA_idx", &tv_partition(&idx_mk, &g2s_tv, &[16, 64])?)?
            .layout("cpB_smem", &tv_partition(&sb, &g2s_tv, &[16, 64])?)?
            .layout("cpB_idx", &tv_partition(&idx_nk, &g2s_tv, &[16, 64])?)?
            .layout("ldA_smem", &tv_partition(&sa, &a_s_tv, &[32, 16])?)?
            .layout("ldB_smem", &tv_partition(&sb, &b_s_tv, &[32, 16])?)?
            .layout("c_idx", &tv_partition(&idx_mn, &c_tv, &[32, 32])?)?;
        src.code(KERNEL_BODY);
        let smem_bytes = (STAGES * (BM * BK + BN * BK) * 2) as u32;
        Ok(Sm80Gemm {
            source: src.to_string(),
            smem_bytes,
            smem,
        })
    }

    /// Checks a problem against the kernel: M, N multiples of 128, K of 64, leading dimensions
    /// at least the contiguous extents and multiples of 8 halfs (16-byte `cp.async`), every
    /// offset within `int`. Returns the elements of A, B and C the kernel addresses.
    pub fn check_problem(
        m: i64,
        n: i64,
        k: i64,
        lda: i64,
        ldb: i64,
        ldc: i64,
    ) -> Result<(usize, usize, usize), LayoutError> {
        let bad = |what: String| Err(LayoutError::with_detail(ErrorKind::NotDivisible, what));
        if m <= 0 || n <= 0 || k <= 0 {
            return bad(format!("extents must be positive: M={m}, N={n}, K={k}"));
        }
        if m % BM != 0 || n % BN != 0 || k % BK != 0 {
            return bad(format!(
                "M={m}, N={n}, K={k}: M and N must be multiples of {BM}, K of {BK} (this kernel does not predicate)"
            ));
        }
        if lda < k || ldb < k || ldc < m || lda % 8 != 0 || ldb % 8 != 0 {
            return bad(format!(
                "leading dimensions ldA={lda}, ldB={ldb} (≥ K={k}, multiples of 8), ldC={ldc} (≥ M={m})"
            ));
        }
        let ea = (m - 1) * lda + k;
        let eb = (n - 1) * ldb + k;
        let ec = (n - 1) * ldc + m;
        if [ea, eb, ec].iter().any(|&e| e > i32::MAX as i64) {
            return Err(LayoutError::with_detail(
                ErrorKind::TooLarge,
                format!(
                    "offsets up to {} do not fit the kernel's int index",
                    ea.max(eb).max(ec)
                ),
            ));
        }
        Ok((ea as usize, eb as usize, ec as usize))
    }
}

/// The kernel: the tutorial's main loop, every index from an emitted function.
const KERNEL_BODY: &str = r#"
// ---- the kernel (CuTe tutorial sgemm_sm80 gemm_tn, indices from the functions above) ----
#define BM 128
#define BN 128
#define BK 64
#define STAGES 3
#define KB (BK / 16)        // k-blocks of the 32x32x16 tiled MMA per CTA k-tile
#define TM (BM / 32)        // tiled-MMA tiles per CTA tile, M
#define TN (BN / 32)        // and N
#define CPY (BM * BK / (16 * 64))  // cp.async copy tiles (16x64) per CTA tile

__device__ __forceinline__ unsigned smem_addr(const void* p) {
  return (unsigned)__cvta_generic_to_shared(p);
}
__device__ __forceinline__ void cp_async16(void* dst, const void* src) {
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" :: "r"(smem_addr(dst)), "l"(src));
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::); }
template <int N> __device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" :: "n"(N));
}
__device__ __forceinline__ void ldmatrix_x4(unsigned* r, const void* p) {
  asm volatile("ldmatrix.sync.aligned.x4.m8n8.shared.b16 {%0,%1,%2,%3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(smem_addr(p)));
}
// SM80_16x8x16_F16F16F16F16_TN: D = A*B + C, halfs packed two per register.
__device__ __forceinline__ void mma_16816(unsigned* d, const unsigned* a, const unsigned* b) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%0,%1};\n"
               : "+r"(d[0]), "+r"(d[1])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

extern "C" __global__ void __launch_bounds__(128)
gemm_sm80_tn(const unsigned short* __restrict__ A, const unsigned short* __restrict__ B,
             unsigned short* __restrict__ C, int M, int N, int K, int ldA, int ldB, int ldC)
{
  extern __shared__ __align__(1024) unsigned short smem[];
  unsigned short* sAs = smem;                          // STAGES tiles of sA
  unsigned short* sBs = smem + STAGES * sA_size();     // then STAGES tiles of sB
  const int t = threadIdx.x;
  const int m0 = blockIdx.x * BM, n0 = blockIdx.y * BN;
  const unsigned short* gA0 = A + gA_crd(m0, 0, M, K, ldA);
  const unsigned short* gB0 = B + gB_crd(n0, 0, N, K, ldB);

  // One CTA k-tile global -> shared (the tutorial's copy(copy_a, tAgA(_,_,_,k), tAsA(_,_,_,p))).
  auto load_tile = [&](int kt, int p) {
    #pragma unroll
    for (int r = 0; r < CPY; ++r) {
      const int ia = cpA_idx_crd(t, 0, r);             // m + BM*k of the vector's first value
      cp_async16(sAs + p * sA_size() + cpA_smem_crd(t, 0, r),
                 gA0 + gA_crd(ia % BM, kt * BK + ia / BM, M, K, ldA));
      const int ib = cpB_idx_crd(t, 0, r);
      cp_async16(sBs + p * sB_size() + cpB_smem_crd(t, 0, r),
                 gB0 + gB_crd(ib % BN, kt * BK + ib / BN, N, K, ldB));
    }
  };

  unsigned ra[2][TM][4], rb[2][TN][4];  // ldmatrix.x4 results: A per M tile, B per N tile
  unsigned rc[TM][TN][4];               // accumulators: 8 halfs per 32x32 tile
  #pragma unroll
  for (int i = 0; i < TM; ++i)
    #pragma unroll
    for (int j = 0; j < TN; ++j)
      #pragma unroll
      for (int v = 0; v < 4; ++v) rc[i][j][v] = 0u;

  // k-block kb of stage p into register buffer buf (copy(s2r_atom, tXsA_p(_,_,kb), tXrA(_,_,kb))).
  auto load_frag = [&](int kb, int p, int buf) {
    #pragma unroll
    for (int i = 0; i < TM; ++i) ldmatrix_x4(ra[buf][i], sAs + p * sA_size() + ldA_smem_crd(t, 0, i + TM * kb));
    #pragma unroll
    for (int j = 0; j < TN; ++j) ldmatrix_x4(rb[buf][j], sBs + p * sB_size() + ldB_smem_crd(t, 0, j + TN * kb));
  };
  // gemm(mma, tCrA(_,_,kb), tCrB(_,_,kb), tCrC): per 32x32 tile, the two N repetitions of
  // the 2x2 atoms (B and C values 4r..4r+3 are repetition r).
  auto gemm = [&](int buf) {
    #pragma unroll
    for (int i = 0; i < TM; ++i)
      #pragma unroll
      for (int j = 0; j < TN; ++j)
        #pragma unroll
        for (int r = 0; r < 2; ++r) mma_16816(&rc[i][j][2 * r], ra[buf][i], &rb[buf][j][2 * r]);
  };

  int k_tile_count = K / BK;
  int k_tile_next = 0;
  #pragma unroll
  for (int p = 0; p < STAGES - 1; ++p) {
    load_tile(k_tile_next, p);
    cp_async_commit();
    --k_tile_count;
    if (k_tile_count > 0) ++k_tile_next;
  }
  int pipe_read = 0, pipe_write = STAGES - 1, stage = 0;
  cp_async_wait<STAGES - 2>();
  __syncthreads();
  load_frag(0, stage, 0);

  #pragma unroll 1
  while (k_tile_count > -(STAGES - 1)) {
    #pragma unroll
    for (int kb = 0; kb < KB; ++kb) {
      if (kb == KB - 1) {
        stage = pipe_read;
        cp_async_wait<STAGES - 2>();
        __syncthreads();
      }
      load_frag((kb + 1) % KB, stage, (kb + 1) & 1);
      if (kb == 0) {
        load_tile(k_tile_next, pipe_write);
        cp_async_commit();
        --k_tile_count;
        if (k_tile_count > 0) ++k_tile_next;
        pipe_write = pipe_read;
        pipe_read = (pipe_read == STAGES - 1) ? 0 : pipe_read + 1;
      }
      gemm(kb & 1);
    }
  }

  // Epilogue: each accumulator half to its element of C (axpby with alpha = 1, beta = 0).
  #pragma unroll
  for (int i = 0; i < TM; ++i)
    #pragma unroll
    for (int j = 0; j < TN; ++j)
      #pragma unroll
      for (int v = 0; v < 8; ++v) {
        const int ic = c_idx_crd(t, v, i + TM * j);      // m + BM*n
        const unsigned w = rc[i][j][v / 2];
        C[gC_crd(m0 + ic % BM, n0 + ic / BM, M, N, ldC)] =
            (unsigned short)((v & 1) ? (w >> 16) : (w & 0xffffu));
      }
}
"#;
