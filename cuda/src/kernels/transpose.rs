//! A tiled transpose through a swizzled shared-memory tile: `out(n, m) = in(m, n)` for an
//! M×N row-major `f32` matrix (`ldIn ≥ N`) into an N×M row-major one (`ldOut ≥ M`).
//!
//! Each CTA (256 threads) moves a 64×64 tile: it reads rows of the input (32 consecutive
//! floats per warp: coalesced) into shared memory laid out `Sw<5,0,6> ∘ (64,64):(64,1)`, then
//! reads it by columns and writes rows of the output (coalesced again). Without the swizzle
//! each column read is 32-way bank-conflicted; with it both shared-memory instructions are
//! conflict-free — the bank model checks that before the source is emitted
//! ([`Transpose::source`]), and the thread-value layouts come from `make_tiled_copy`.

use cute_layout::atom::MakeTiledCopyTv;
use cute_layout::banks::analyze_tv;
use cute_layout::emit::{tv_partition, CudaSource, EmitOptions, IndexType, Leaves};
use cute_layout::{layout, AnyLayout, DynLayout, DynTuple, ErrorKind, Layout, LayoutError};

use super::sm80_gemm::SmemPrediction;

/// The tile side.
pub const TILE: i64 = 64;
/// Threads per CTA.
pub const THREADS: i64 = 256;
/// The kernel's name in the source.
pub const KERNEL: &str = "transpose_f32";

/// Loads: 4×64 threads, row-major (a warp reads 32 consecutive floats of one row).
type LoadTv = MakeTiledCopyTv<Layout![(4,64):(64,1)], Layout![(1,1):(1,1)]>;
/// Stores: 64×4 threads, column-major (a warp reads 32 consecutive rows of one column).
type StoreTv = MakeTiledCopyTv<Layout![(64,4):(1,64)], Layout![(1,1):(1,1)]>;
/// The swizzled tile: row m's 5 low bits XOR-ed into the column's.
pub type Smem = Layout![Sw<5,0,6> o 0 o (64,64):(64,1)];

/// The generated kernel and its shared-memory predictions.
#[derive(Clone, Debug)]
pub struct Transpose {
    /// The CUDA C++ source.
    pub source: String,
    /// The bank model's prediction for the two shared-memory instructions.
    pub smem: Vec<SmemPrediction>,
}

fn predict(
    what: &'static str,
    sass: &'static str,
    tv: &DynLayout,
    tile: (i64, i64),
    smem: &cute_layout::DynComposedLayout,
    store: bool,
) -> Result<SmemPrediction, LayoutError> {
    // The warp's TV layout over the whole 64x64 tile (column-major index), values = rests.
    let idx = layout!((64,64):(1,64)).to_dyn();
    let p = tv_partition(&idx, tv, &[tile.0, tile.1])?;
    let part = match p {
        cute_layout::emit::TvPartition::Layout(l) => l,
        cute_layout::emit::TvPartition::Composed(c) => {
            return Err(LayoutError::with_detail(
                ErrorKind::InvalidArgument,
                format!("{what}: the partition of a plain index layout came back composed: {c}"),
            ))
        }
    };
    let rests = part.mode(2)?.size();
    let f = |t: u32, v: u32| {
        part.try_eval(&DynTuple::tuple([
            DynTuple::int(t as i64),
            DynTuple::int(0),
            DynTuple::int(v as i64),
        ]))
    };
    let mut out: Option<SmemPrediction> = None;
    for warp in 0..(THREADS / 32) as u32 {
        let s = analyze_tv(f, rests as u32, warp, smem, 32, 1, store)?;
        let per = (s.wavefronts / s.instructions, s.conflicts / s.instructions);
        if s.wavefronts % s.instructions != 0 || s.conflicts % s.instructions != 0 {
            return Err(LayoutError::with_detail(
                ErrorKind::InvalidArgument,
                format!("{what}: instructions of warp {warp} differ"),
            ));
        }
        let pred = SmemPrediction {
            what,
            sass,
            wavefronts: per.0,
            conflicts: per.1,
        };
        match &out {
            Some(o) if *o != pred => {
                return Err(LayoutError::with_detail(
                    ErrorKind::InvalidArgument,
                    format!("{what}: warps differ"),
                ))
            }
            _ => out = Some(pred),
        }
    }
    out.ok_or_else(|| LayoutError::with_detail(ErrorKind::InvalidArgument, "no warp"))
}

impl Transpose {
    /// Emits the kernel; refuses (before NVRTC) a shared-memory access with bank conflicts.
    pub fn source() -> Result<Transpose, LayoutError> {
        let load = LoadTv::default().to_dyn();
        let store = StoreTv::default().to_dyn();
        let smem = Smem::default();
        let smem_d = smem.to_dyn();
        let smem_pred = vec![
            predict(
                "st.shared.b32 (tile rows)",
                "STS",
                &load,
                (4, 64),
                &smem_d,
                true,
            )?,
            predict(
                "ld.shared.b32 (tile columns)",
                "LDS",
                &store,
                (64, 4),
                &smem_d,
                false,
            )?,
        ];
        for p in &smem_pred {
            if p.conflicts != 0 {
                return Err(LayoutError::with_detail(
                    ErrorKind::InvalidArgument,
                    format!("{}: {} bank conflicts per instruction", p.what, p.conflicts),
                ));
            }
        }
        let idx = layout!((64,64):(1,64));
        let (m, n, ldi, ldo) = (TILE, TILE, TILE, TILE);
        let mut src = CudaSource::with_options(EmitOptions {
            index: Some(IndexType::I32),
            leaves: Leaves::AsWritten,
        });
        src.layout("gIn", &layout!(({m},{n}):({ldi},1))?)?
            .layout("gOut", &layout!(({n},{m}):({ldo},1))?)?
            .layout("ld_smem", &tv_partition(&smem, &load, &[4, 64])?)?
            .layout("ld_idx", &tv_partition(&idx, &load, &[4, 64])?)?
            .layout("st_smem", &tv_partition(&smem, &store, &[64, 4])?)?
            .layout("st_idx", &tv_partition(&idx, &store, &[64, 4])?)?
            .constant("rests", i64::from(AnyLayout::size(&smem)) / THREADS)?
            .code(BODY);
        Ok(Transpose {
            source: src.to_string(),
            smem: smem_pred,
        })
    }

    /// Checks a problem: M, N multiples of 64, leading dimensions at least the rows' lengths,
    /// offsets within `int`. Returns the elements of the input and the output addressed.
    pub fn check_problem(
        m: i64,
        n: i64,
        ld_in: i64,
        ld_out: i64,
    ) -> Result<(usize, usize), LayoutError> {
        if m <= 0 || n <= 0 || m % TILE != 0 || n % TILE != 0 || ld_in < n || ld_out < m {
            return Err(LayoutError::with_detail(
                ErrorKind::NotDivisible,
                format!("M={m}, N={n} must be positive multiples of {TILE}; ldIn={ld_in} ≥ N, ldOut={ld_out} ≥ M"),
            ));
        }
        let (ei, eo) = ((m - 1) * ld_in + n, (n - 1) * ld_out + m);
        if ei.max(eo) > i32::MAX as i64 {
            return Err(LayoutError::with_detail(
                ErrorKind::TooLarge,
                "offsets beyond int",
            ));
        }
        Ok((ei as usize, eo as usize))
    }
}

const BODY: &str = r#"
extern "C" __global__ void __launch_bounds__(256)
transpose_f32(const float* __restrict__ in, float* __restrict__ out, int M, int N, int ldIn, int ldOut)
{
  __shared__ float tile[64 * 64];
  const int t = threadIdx.x;
  const int m0 = blockIdx.y * 64, n0 = blockIdx.x * 64;
  #pragma unroll
  for (int r = 0; r < rests(); ++r) {
    const int i = ld_idx_crd(t, 0, r);                 // m + 64*n in the tile
    tile[ld_smem_crd(t, 0, r)] = in[gIn_crd(m0 + i % 64, n0 + i / 64, M, N, ldIn)];
  }
  __syncthreads();
  #pragma unroll
  for (int r = 0; r < rests(); ++r) {
    const int i = st_idx_crd(t, 0, r);
    out[gOut_crd(n0 + i / 64, m0 + i % 64, N, M, ldOut)] = tile[st_smem_crd(t, 0, r)];
  }
}
"#;
