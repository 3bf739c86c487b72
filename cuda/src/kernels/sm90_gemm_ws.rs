//! The warp-specialized Hopper GEMM: the same problem as [`super::sm90_gemm`] (`C = A·Bᵀ`, TN,
//! f16 in and out), a larger CTA tile and the work split by role, every layout taken from
//! `cute-layout` and checked before the source exists:
//!
//! * 128×256×64 CTA tile, three warpgroups (384 threads): warpgroup 0 is the producer (one
//!   thread issues the TMA loads of a `STAGES`-deep `mbarrier` pipeline, the warpgroup gives
//!   its registers back with `setmaxnreg.dec 40`), warpgroups 1 and 2 are the consumers
//!   (`setmaxnreg.inc 232`), each computing 64 rows × 256 columns of the tile (CUTLASS's
//!   "cooperative" split);
//! * shared memory: `ss_smem_selector<K, half_t, 128, 64>` = `gmma::Layout_K_SW128_Atom<half_t>`
//!   tiled to 128×64 for A and to 256×64 for B, each loaded by one TMA box;
//! * MMA: `ss_op_selector<half_t, half_t, C, (128,256,64)>` = `SM90_64x256x16_F32F16F16_SS`
//!   (or `_F16F16F16_SS`), a TiledMMA of 2 atoms along M (one per consumer warpgroup, 256
//!   threads), both operands from shared memory through GMMA descriptors;
//! * each consumer issues a k-tile's 4 `wgmma`s, commits them, waits until only that batch is
//!   in flight (`wgmma.wait_group 1`) and then releases the previous k-tile's stage to the
//!   producer (one arrival per consumer warp on the stage's `empty` barrier);
//! * the epilogue writes each accumulator value to C from registers, its position from the
//!   TiledMMA's C thread-value layout;
//! * [`Schedule::Persistent`]: the grid is one CTA per SM and each CTA loops over output tiles
//!   (tile `blockIdx.x`, then every `gridDim.x`-th), the producer running ahead into the next
//!   tile's k-tiles while the consumers write the previous one; [`Schedule::WarpSpecialized`]
//!   launches one CTA per tile through the same code.
//!
//! Checked when this crate compiles: the selector's choices, the TiledMMA's C, A and B TV
//! layouts (type equalities below). Checked before the source is emitted ([`source`]): the TMA
//! boxes the crate's `make_tma_copy` derives for both tiles (one 64×128 and one 64×256 box,
//! 128-byte swizzle), the GMMA descriptors of every 64×16 tile of A and 256×16 tile of B
//! against the swizzled layout at every element
//! ([`gmma_k_sw128_descriptors`], which calls the
//! crate's `make_gmma_desc`), and the C layout's split into a thread and a value part.

use cute_layout::atom::*;
use cute_layout::emit::{tv_partition, CudaSource, EmitOptions, IndexType, Leaves};
use cute_layout::ops::TileToShapeOf;
use cute_layout::static_assertions::assert_type_eq_all;
use cute_layout::typenum::{U128, U16, U256, U64};
use cute_layout::{layout, ErrorKind, Layout, LayoutError};

use super::sm90_gemm::{
    check_c_separable, check_group_m, gmma_k_sw128_descriptors, one_sw128_box, wgmma_function,
    Schedule, Sm90Config, Sm90Gemm, SmemAtom, BK, SM90_DEVICE_FNS,
};

/// The CTA tile `(BLK_M, BLK_N, BLK_K)`.
pub type CtaTileWs = (U128, U256, U64);
/// The GMMA atom for f32 accumulation: `ss_op_selector` over the CTA tile.
pub type AtomWsF32 = SsOpSelectorOf<half_t, half_t, f32, CtaTileWs>;
/// The GMMA atom for f16 accumulation.
pub type AtomWsF16 = SsOpSelectorOf<half_t, half_t, half_t, CtaTileWs>;
assert_type_eq_all!(AtomWsF32, SM90_64x256x16_F32F16F16_SS);
assert_type_eq_all!(AtomWsF16, SM90_64x256x16_F16F16F16_SS);
/// The TiledMMA: two atoms along M (the two consumer warpgroups), tile 128×256×16.
pub type MmaWs = TiledMma<AtomWsF32, Layout![(2,1,1):(1,0,0)], (U128, U256, U16)>;
/// The same TiledMMA with the f16 accumulator.
pub type MmaWsF16 = TiledMma<AtomWsF16, Layout![(2,1,1):(1,0,0)], (U128, U256, U16)>;
// CuTe's CLayout_64xN<256> for each warpgroup, the second warpgroup's threads 64 rows further
// (thread modes (4,8,4):(·,1,16) and 2:64 merged into (4,8,8):(256,1,16)), in the tile's
// column-major (m + 128·n) index; A's rows split between the warpgroups, B seen whole by every
// thread.
assert_type_eq_all!(
    <MmaWs as TiledMmaLayouts>::LayoutC_TV,
    <MmaWsF16 as TiledMmaLayouts>::LayoutC_TV,
    Layout![((4,8,8),((2,2,32),(1,1))):((256,1,16),((128,8,1024),(0,0)))]
);
assert_type_eq_all!(
    <MmaWs as TiledMmaLayouts>::LayoutA_TV,
    Layout![((128,2),((64,16),(1,1))):((0,64),((1,128),(0,0)))]
);
assert_type_eq_all!(
    <MmaWs as TiledMmaLayouts>::LayoutB_TV,
    Layout![(256,((256,16),(1,1))):(0,((1,256),(0,0)))]
);
/// The shared-memory tile of A: the swizzle atom tiled to 128×64 (the tutorial kernel's).
pub type SmemAWs = TileToShapeOf<SmemAtom, (U128, U64)>;
/// The shared-memory tile of B: the swizzle atom tiled to 256×64.
pub type SmemBWs = TileToShapeOf<SmemAtom, (U256, U64)>;

/// CTA tile M.
pub const BM_WS: i64 = 128;
/// CTA tile N.
pub const BN_WS: i64 = 256;
/// Threads per CTA: a producer warpgroup and two consumer warpgroups.
pub const THREADS_WS: i64 = 384;
/// Registers per thread the producer warpgroup keeps (`setmaxnreg.dec`).
pub const PRODUCER_REGS: u32 = 40;
/// Registers per thread the consumer warpgroups take (`setmaxnreg.inc`).
pub const CONSUMER_REGS: u32 = 232;
/// The kernel's name in the source.
pub const KERNEL_WS: &str = "gemm_sm90_ws_tn";

fn bad(kind: ErrorKind, what: String) -> LayoutError {
    LayoutError::with_detail(kind, what)
}

/// `setmaxnreg`'s rules on the register split (PTX ISA: counts in 24..=256, multiples of 8)
/// and the register file: the launch gives every thread `65536 / 384` rounded down to 8
/// (168); the producer's 128 threads give back, the consumers' 256 take, and the total must
/// stay within 64 Ki registers.
fn check_register_split(producer: u32, consumer: u32) -> Result<(), LayoutError> {
    let at_launch = (65536 / THREADS_WS as u32) / 8 * 8;
    for r in [producer, consumer] {
        if !(24..=256).contains(&r) || r % 8 != 0 {
            return Err(bad(
                ErrorKind::InvalidArgument,
                format!("setmaxnreg {r}: 24 to 256, a multiple of 8"),
            ));
        }
    }
    let total = 128 * producer + 256 * consumer;
    if producer > at_launch || consumer < at_launch || total > 65536 {
        return Err(bad(
            ErrorKind::InvalidArgument,
            format!("registers {producer} (producer) / {consumer} (consumers): {total} of 65536, from {at_launch} at launch"),
        ));
    }
    Ok(())
}

/// Emits the warp-specialized kernel for `config` ([`Schedule::WarpSpecialized`] or
/// [`Schedule::Persistent`]); called by [`Sm90Gemm::source`]. Refuses (a [`LayoutError`],
/// before any NVRTC) a shared-memory layout that the TMA boxes or the GMMA descriptors would
/// not address exactly, a stage count outside 2..=4 (48 KiB a stage), a `group_m` outside
/// 1..=64 and the tutorial schedule.
pub fn source(config: Sm90Config) -> Result<Sm90Gemm, LayoutError> {
    if config.schedule == Schedule::Tutorial {
        return Err(bad(
            ErrorKind::InvalidArgument,
            "the tutorial schedule is sm90_gemm's kernel".into(),
        ));
    }
    check_group_m(config.group_m)?;
    if !(2..=4).contains(&config.stages) {
        return Err(bad(
            ErrorKind::InvalidArgument,
            format!(
                "{} stages: 2 to 4 of 48 KiB fit the 227 KiB of shared memory",
                config.stages
            ),
        ));
    }
    check_register_split(PRODUCER_REGS, CONSUMER_REGS)?;
    let sa = SmemAWs::default();
    let sb = SmemBWs::default();
    let tma_a = one_sw128_box(&sa.to_dyn(), BM_WS)?;
    let tma_b = one_sw128_box(&sb.to_dyn(), BN_WS)?;
    // A's operand tiles: 64 rows (one consumer warpgroup) by 16; B's: all 256 rows by 16.
    let (hi_a, starts_a) = gmma_k_sw128_descriptors(&sa.to_dyn(), BM_WS, BK, 64)?;
    let (hi_b, starts_b) = gmma_k_sw128_descriptors(&sb.to_dyn(), BN_WS, BK, BN_WS)?;
    if hi_a != hi_b {
        return Err(bad(
            ErrorKind::InvalidArgument,
            "A and B tiles differ: the kernel shares one descriptor".into(),
        ));
    }
    let mut src = CudaSource::with_options(EmitOptions {
        index: Some(IndexType::I32),
        leaves: Leaves::AsWritten,
    });
    let mma = MmaWs::default();
    let c_tv = mma.layout_c_tv().to_dyn();
    // 256 threads (both consumers), 128 values each, within the tile's 128 rows.
    check_c_separable(&c_tv, 256, 128, BM_WS)?;
    let idx_mn = layout!((128,256):(1,128));
    src.layout("sA", &sa)?
        .layout("sB", &sb)?
        .layout("descA_start", &starts_a)?
        .layout("descB_start", &starts_b)?
        .tiled_mma("mma", &mma)?;
    src.layout("c_idx", &tv_partition(&idx_mn, &c_tv, &[128, 256])?)?;
    src.code(&format!(
        "#define STAGES {}\n#define GROUP_M {}\n#define DESC_HI {hi_a}ull\n#define BOX_BYTES_A {}\n#define BOX_BYTES_B {}\n#define PRODUCER_REGS {PRODUCER_REGS}\n#define CONSUMER_REGS {CONSUMER_REGS}\n#define C_VALS {}\n",
        config.stages,
        config.group_m,
        tma_a.box_bytes(),
        tma_b.box_bytes(),
        c_tv.size() / 256
    ));
    src.code(&wgmma_function(config.acc, BN_WS));
    src.code(SM90_DEVICE_FNS);
    src.code(KERNEL_BODY_WS);
    let stage_bytes = (BM_WS * BK + BN_WS * BK) * 2;
    let smem_bytes = (i64::from(config.stages) * (stage_bytes + 16) + 1024) as u32;
    Ok(Sm90Gemm {
        source: src.to_string(),
        kernel: KERNEL_WS,
        tile: (BM_WS, BN_WS, BK),
        threads: THREADS_WS as u32,
        tma_boxes: [
            [tma_a.box_dims()[0], tma_a.box_dims()[1]],
            [tma_b.box_dims()[0], tma_b.box_dims()[1]],
        ],
        config,
        smem_bytes,
        desc_hi: hi_a,
    })
}

/// The kernel: a producer warpgroup and two consumer warpgroups, every layout from above.
const KERNEL_BODY_WS: &str = r#"
// ---- the warp-specialized kernel (layouts from the functions above) ----
#define BM 128
#define BN 256
#define BK 64
#define MMA_K (BK / 16)                 // atoms along K per k-tile
#define A_BYTES (BM * BK * 2)
#define B_BYTES (BN * BK * 2)

// The origin of output tile `tile` (CTA order: groups of GROUP_M M tiles through every N tile,
// gm in the last group; column-major tiles when GROUP_M is 1): a bijection of the tiles.
__device__ __forceinline__ void tile_origin(int tile, int tiles_m, int tiles_n, int& m0, int& n0) {
#if GROUP_M > 1
  const int first_m = (tile / (GROUP_M * tiles_n)) * GROUP_M;
  const int gm = min(tiles_m - first_m, GROUP_M);
  const int r = tile - first_m * tiles_n;
  m0 = (first_m + r % gm) * BM; n0 = (r / gm) * BN;
#else
  m0 = (tile % tiles_m) * BM; n0 = (tile / tiles_m) * BN;
#endif
}

extern "C" __global__ void __launch_bounds__(384, 1)
gemm_sm90_ws_tn(const __grid_constant__ TmaDesc tma_a, const __grid_constant__ TmaDesc tma_b,
                unsigned short* __restrict__ C, int M, int N, int K, int ldC)
{
  extern __shared__ __align__(1024) unsigned char smem_raw[];
  const unsigned base = (smem_u32(smem_raw) + 1023u) & ~1023u;
  const unsigned sA0 = base;                              // STAGES tiles of sA
  const unsigned sB0 = base + STAGES * A_BYTES;           // then STAGES tiles of sB
  const unsigned full0 = sB0 + STAGES * B_BYTES;          // TMA -> MMA barriers
  const unsigned empty0 = full0 + 8 * STAGES;             // MMA -> TMA barriers
  const int wg = threadIdx.x / 128;                       // 0: producer, 1, 2: consumers
  const int t = threadIdx.x % 128;
  const int tiles_m = M / BM, tiles_n = N / BN, tiles = tiles_m * tiles_n;
  const int k_tiles = K / BK;

  if (threadIdx.x == 0) {
    asm volatile("prefetch.tensormap [%0];\n" :: "l"((unsigned long long)&tma_a) : "memory");
    asm volatile("prefetch.tensormap [%0];\n" :: "l"((unsigned long long)&tma_b) : "memory");
    #pragma unroll
    for (int s = 0; s < STAGES; ++s) {
      mbar_init(full0 + 8 * s, 1);
      mbar_init(empty0 + 8 * s, 8);                       // one arrival per consumer warp
    }
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
  }
  __syncthreads();

  if (wg == 0) {
    // Producer: one thread keeps the pipeline full across this CTA's tiles.
    asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" :: "n"(PRODUCER_REGS));
    if (t == 0) {
      int it = 0;
      for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
        int m0, n0;
        tile_origin(tile, tiles_m, tiles_n, m0, n0);
        for (int kt = 0; kt < k_tiles; ++kt, ++it) {
          const int s = it % STAGES;
          // Use u = it / STAGES of stage s needs use u - 1 released.
          if (it >= STAGES) mbar_wait(empty0 + 8 * s, ((it / STAGES) & 1) ^ 1);
          mbar_expect_tx(full0 + 8 * s, BOX_BYTES_A + BOX_BYTES_B);
          tma_load_2d(sA0 + s * A_BYTES, &tma_a, full0 + 8 * s, kt * BK, m0);
          tma_load_2d(sB0 + s * B_BYTES, &tma_b, full0 + 8 * s, kt * BK, n0);
        }
      }
    }
  } else {
    asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" :: "n"(CONSUMER_REGS));
    const int c = wg - 1;                                 // rows 64c .. 64c + 63 of the tile
    const int lane = threadIdx.x % 32;
    // The C layout splits into a thread part and a value part (checked when emitted).
    const int it_c = c_idx_crd(128 * c + t, 0, 0);        // m + BM*n in the CTA tile
    int it = 0;
    for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
      int m0, n0;
      tile_origin(tile, tiles_m, tiles_n, m0, n0);
      acc_t acc[ACC_REGS];
      #pragma unroll
      for (int r = 0; r < ACC_REGS; ++r) acc[r] = 0;
      #pragma unroll 1
      for (int kt = 0; kt < k_tiles; ++kt, ++it) {
        const int s = it % STAGES;
        mbar_wait(full0 + 8 * s, (it / STAGES) & 1);
        fence_acc(acc);
        wgmma_fence();
        #pragma unroll
        for (int kb = 0; kb < MMA_K; ++kb) {
          const unsigned long long da = gmma_desc(sA0 + s * A_BYTES + 16 * descA_start_crd(c, kb));
          const unsigned long long db = gmma_desc(sB0 + s * B_BYTES + 16 * descB_start_crd(0, kb));
          wgmma_64x256x16(acc, da, db);
        }
        wgmma_commit();
        fence_acc(acc);
        // The previous k-tile's wgmmas are complete: release its stage.
        wgmma_wait<1>();
        if (kt > 0 && lane == 0) mbar_arrive(empty0 + 8 * ((it - 1) % STAGES));
        __syncwarp();
      }
      wgmma_wait<0>();
      fence_acc(acc);
      if (lane == 0) mbar_arrive(empty0 + 8 * ((it - 1) % STAGES));
      __syncwarp();

      // Epilogue: each accumulator value to its element of C (alpha = 1, beta = 0).
      unsigned short* Ct = C + (m0 + it_c % BM) + (long long)(n0 + it_c / BM) * ldC;
      #pragma unroll
      for (int v = 0; v < C_VALS; ++v) {
        const int iv = c_idx_crd(0, v, 0);                // a constant after unrolling
#if ACC_F32
        unsigned p;
        asm("cvt.rn.f16x2.f32 %0, %1, %2;\n" : "=r"(p) : "f"(acc[v | 1]), "f"(acc[v & ~1]));
#else
        const unsigned p = acc[v / 2];
#endif
        const unsigned short h = (unsigned short)((v & 1) ? (p >> 16) : (p & 0xffffu));
        Ct[iv % BM + (iv / BM) * ldC] = h;
      }
    }
  }
}
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::sm90_gemm::Accumulator;

    #[test]
    fn both_schedules_emit_and_stage_counts_are_bounded() {
        for schedule in [Schedule::WarpSpecialized, Schedule::Persistent] {
            for stages in 2..=4 {
                for acc in [Accumulator::F32, Accumulator::F16] {
                    let c = Sm90Config {
                        stages,
                        acc,
                        group_m: 8,
                        schedule,
                    };
                    let g = Sm90Gemm::source(c).unwrap();
                    assert_eq!(g.kernel, KERNEL_WS);
                    assert!(g.source.contains("gemm_sm90_ws_tn"));
                    assert!(g.smem_bytes <= 227 * 1024, "{c:?}: {}", g.smem_bytes);
                    // The crate's TMA boxes: 64 K × 128 rows of A, 64 K × 256 rows of B.
                    assert_eq!(g.tma_boxes, [[64, 128], [64, 256]]);
                    assert!(g.source.contains("#define BOX_BYTES_B 32768"));
                }
            }
            for (stages, group_m) in [(1, 1), (5, 1), (4, 0), (4, 65)] {
                let c = Sm90Config {
                    stages,
                    acc: Accumulator::F32,
                    group_m,
                    schedule,
                };
                assert!(Sm90Gemm::source(c).is_err(), "{c:?}");
            }
        }
        let g = Sm90Gemm::source(Sm90Config {
            schedule: Schedule::WarpSpecialized,
            ..Sm90Config::default()
        })
        .unwrap();
        assert!(g
            .source
            .contains("wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16"));
        // B's 256×16 operand tiles start 32 bytes apart along K; A's 64-row tiles 8 KiB apart.
        assert!(g.source.contains("// descB_start: (_1,_4):(_0,_2)"));
        assert!(g.source.contains("// descA_start: (_2,_4):(_512,_2)"));
        assert!(source(Sm90Config::default()).is_err());
    }

    #[test]
    fn register_split_is_refused_exactly_past_the_register_file() {
        // CUTLASS's split (40/232) and the largest producer share beside it (48/232) fill the
        // 64 Ki registers exactly; one step more on either side overflows them.
        assert!(check_register_split(PRODUCER_REGS, CONSUMER_REGS).is_ok());
        assert!(check_register_split(48, 232).is_ok());
        assert!(check_register_split(56, 232).is_err());
        assert!(check_register_split(40, 240).is_err());
        // setmaxnreg's operand: a multiple of 8 in 24..=256; the producer may not grow, the
        // consumers may not shrink below the 168 of the launch.
        for (p, c) in [(36, 232), (16, 232), (40, 264), (176, 176), (40, 160)] {
            assert!(check_register_split(p, c).is_err(), "{p}/{c}");
        }
    }

    #[test]
    fn problems_take_the_128x256_tile() {
        let g = Sm90Gemm::source(Sm90Config {
            schedule: Schedule::Persistent,
            ..Sm90Config::default()
        })
        .unwrap();
        assert!(g.check(128, 256, 64, 64, 64, 128).is_ok());
        assert!(g.check(256, 128, 64, 64, 64, 256).is_err());
        assert!(g.check(128, 384, 64, 64, 64, 128).is_err());
        // Persistent: no more CTAs than SMs or tiles.
        assert_eq!(g.launch_config(4096, 4096, 132).grid, (132, 1, 1));
        assert_eq!(g.launch_config(256, 512, 132).grid, (4, 1, 1));
    }
}
