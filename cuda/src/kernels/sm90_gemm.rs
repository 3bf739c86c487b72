//! An FP16 Hopper GEMM with the algorithm of CuTe's tutorial `hopper/wgmma_tma_sm90.cu`
//! (`gemm_tn`), every layout taken from `cute-layout` and checked before the source exists:
//!
//! * 128×128×64 CTA tile, one warpgroup (128 threads), a `STAGES`-deep pipeline of TMA loads
//!   (`cp.async.bulk.tensor.2d`) completing on `mbarrier`s, a second `mbarrier` per stage
//!   releasing it to the producer (the tutorial's `ClusterTransactionBarrier` /
//!   `ClusterBarrier` pair);
//! * shared memory: `ss_smem_selector<K, half_t, 128, 64>` = `gmma::Layout_K_SW128_Atom<half_t>`
//!   tiled to 128×64 with `tile_to_shape`, for A and for B (K-major);
//! * MMA: `ss_op_selector<half_t, half_t, C, (128,128,64)>` =
//!   `SM90_64x128x16_F32F16F16_SS` (or `_F16F16F16_SS`, the tutorial's f16 accumulator: see
//!   [`Accumulator`]), both operands from shared memory through GMMA descriptors, 2 atoms
//!   along M per CTA tile (the tutorial's `make_tiled_mma` of one atom: the TiledMMA's tile
//!   is the atom's 64×128×16);
//! * the main loop issues a k-tile's 8 `wgmma`s, commits them, and waits until only that batch
//!   is in flight (`wgmma.wait_group 1`) before releasing the previous k-tile's stage: the
//!   tutorial waits for all (`warpgroup_wait<0>`) instead;
//! * the epilogue writes each accumulator value to C from registers (the tutorial's `axpby`
//!   with α = 1, β = 0), its position from the TiledMMA's C thread-value layout.
//!
//! Checked when this crate compiles: the selectors' choices, the TiledMMA's C, A and B TV
//! layouts (type equalities with CuTe's `CLayout_64xN<128>` and `ABLayout`). Checked before
//! any source is emitted ([`Sm90Gemm::source`]): the TMA box the crate's `make_tma_copy`
//! derives for the shared-memory tile (one 64×128 box, 128-byte swizzle), and, at every
//! element of the tile, that the GMMA descriptors (start address, stride
//! byte offset, 128-byte swizzle mode) address exactly that layout for every 64×16 operand
//! tile of the main loop ([`gmma_k_sw128_descriptors`]). The problem is checked before a
//! launch ([`Sm90Gemm::check_problem`]).
//!
//! `C = A·Bᵀ` in CuTe's TN convention: `A` is M×K with K contiguous (`ldA ≥ K`), `B` is N×K
//! with K contiguous, `C` is M×N column-major (`ldC ≥ M`); `half` in and out. M and N must be
//! multiples of 128, K of 64 (no predication: other extents are refused).
//!
//! The tensor maps are encoded on the host ([`encode_tma_2d`], the driver's
//! `cuTensorMapEncodeTiled`) with the parameters of the crate's `make_tma_copy` ([`tma_copy`]).

use cute_layout::atom::gmma_desc::{GmmaSmemLayout, LayoutType};
use cute_layout::atom::tma::{
    make_tma_copy, TmaCopy, TmaDataType, TmaDescriptorParams, TmaInterleave, TmaL2Promotion,
    TmaOobFill, TmaSmemLayout, TmaSwizzle, SM90_TMA_LOAD,
};
use cute_layout::atom::*;
use cute_layout::emit::{tv_partition, CudaSource, EmitOptions, IndexType, Leaves};
use cute_layout::ops::TileToShapeOf;
use cute_layout::runtime::{try_zipped_divide, DynTiler};
use cute_layout::static_assertions::assert_type_eq_all;
use cute_layout::typenum::{U128, U16, U64};

use cute_layout::{
    layout, DynComposedLayout, DynInt, DynLayout, DynSwizzle, DynTuple, ErrorKind, Layout,
    LayoutError,
};

use cudarc::driver::sys as cu;
use cudarc::driver::DevicePtr;

use crate::{DeviceBuffer, Error, Gpu, LaunchConfig};

/// The CTA tile `(BLK_M, BLK_N, BLK_K)`.
pub type CtaTile = (U128, U128, U64);
/// The GMMA atom for f32 accumulation: `ss_op_selector` over the CTA tile.
pub type AtomF32 = SsOpSelectorOf<half_t, half_t, f32, CtaTile>;
/// The GMMA atom for f16 accumulation (the tutorial's element type for C).
pub type AtomF16 = SsOpSelectorOf<half_t, half_t, half_t, CtaTile>;
assert_type_eq_all!(AtomF32, SM90_64x128x16_F32F16F16_SS);
assert_type_eq_all!(AtomF16, SM90_64x128x16_F16F16F16_SS);
/// The TiledMMA: one atom (a warpgroup), tile 64×128×16.
pub type Mma = TiledMma<AtomF32, Layout![(1,1,1):(0,0,0)], (U64, U128, U16)>;
/// The same TiledMMA with the f16 accumulator.
pub type MmaF16 = TiledMma<AtomF16, Layout![(1,1,1):(0,0,0)], (U64, U128, U16)>;
// One atom, no permutation: the TiledMMA's TV layouts are the atom's (CuTe's CLayout_64xN<128>
// in the tile's column-major (m + 64·n) index; A and B from shared memory, every thread
// seeing the whole operand tile), with CuTe's trailing (1,1):(0,0) repetition modes, for both
// accumulator types.
assert_type_eq_all!(
    <Mma as TiledMmaLayouts>::LayoutC_TV,
    <MmaF16 as TiledMmaLayouts>::LayoutC_TV,
    Layout![((4,8,4),((2,2,16),(1,1))):((128,1,16),((64,8,512),(0,0)))]
);
assert_type_eq_all!(
    <Mma as TiledMmaLayouts>::LayoutA_TV,
    Layout![(128,((64,16),(1,1))):(0,((1,64),(0,0)))]
);
assert_type_eq_all!(
    <Mma as TiledMmaLayouts>::LayoutB_TV,
    Layout![(128,((128,16),(1,1))):(0,((1,128),(0,0)))]
);
/// The shared-memory layout atom: `ss_smem_selector` for a K-major 128×64 tile of halfs.
pub type SmemAtom = SsSmemSelectorOf<gmma::Major::K, half_t, U128, U64>;
// The selector picks the GMMA 128-byte swizzle atom (8 rows of 64 halfs).
assert_type_eq_all!(SmemAtom, gmma::Layout_K_SW128_Atom<half_t>);
assert_type_eq_all!(SmemAtom, Layout![Sw<3,3,3> o 0 o (8,64):(64,1)]);
/// The shared-memory tile of A (and of B): the atom tiled to 128×64.
pub type SmemA = TileToShapeOf<SmemAtom, (U128, U64)>;
/// The shared-memory tile of B.
pub type SmemB = TileToShapeOf<SmemAtom, (U128, U64)>;

/// CTA tile M.
pub const BM: i64 = 128;
/// CTA tile N.
pub const BN: i64 = 128;
/// CTA tile K.
pub const BK: i64 = 64;
/// Threads per CTA: one warpgroup.
pub const THREADS: i64 = 128;
/// The atom's M (rows of A per `wgmma`).
pub const ATOM_M: i64 = 64;
/// The atom's K.
pub const ATOM_K: i64 = 16;

/// The accumulator type of the `wgmma`s. The tutorial's `gemm_tn` accumulates in f16
/// (`SM90_64x64x16_F16F16F16_SS`); f32 is the default here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Accumulator {
    /// `wgmma ... .f32.f16.f16`: 64 f32 registers per thread per atom.
    F32,
    /// `wgmma ... .f16.f16.f16`: 32 registers of two halfs per thread per atom.
    F16,
}

/// Which kernel: the tutorial's single warpgroup, or the warp-specialized one of
/// [`super::sm90_gemm_ws`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Schedule {
    /// This module's kernel: 128×128×64 CTA tile, one warpgroup (`gemm_sm90_tn`).
    #[default]
    Tutorial,
    /// [`super::sm90_gemm_ws`]: 128×256×64 CTA tile, a producer warpgroup issuing TMA and two
    /// consumer warpgroups (`setmaxnreg`), one CTA per output tile.
    WarpSpecialized,
    /// The same kernel on a persistent grid: one CTA per SM, each looping over output tiles.
    Persistent,
}

/// The kernel's configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sm90Config {
    /// Shared-memory stages (2 to 7: 32 KiB each).
    pub stages: u32,
    /// The accumulator.
    pub acc: Accumulator,
    /// CTA rasterization: 1 is the tutorial's order (`blockIdx.x` the M tile); `G > 1` gives
    /// consecutive CTAs `G` M tiles of one N tile, then the next N tile (groups of `G` rows of
    /// tiles), so that a wave of CTAs shares A and B tiles in L2.
    pub group_m: u32,
    /// The kernel.
    pub schedule: Schedule,
}

impl Default for Sm90Config {
    /// 4 stages, f32 accumulation, the tutorial's CTA order.
    fn default() -> Self {
        Sm90Config {
            stages: 4,
            acc: Accumulator::F32,
            group_m: 1,
            schedule: Schedule::Tutorial,
        }
    }
}

/// The generated kernel and its facts.
#[derive(Clone, Debug)]
pub struct Sm90Gemm {
    /// The CUDA C++ source (emitted layouts, then the kernel named [`kernel`](Self::kernel)).
    pub source: String,
    /// The kernel's name in the source ([`KERNEL`] or [`super::sm90_gemm_ws::KERNEL_WS`]).
    pub kernel: &'static str,
    /// The CTA tile `(BLK_M, BLK_N, BLK_K)`.
    pub tile: (i64, i64, i64),
    /// Threads per CTA.
    pub threads: u32,
    /// The TMA boxes of A's and B's tiles (innermost first), as the crate derived them.
    pub tma_boxes: [[u32; 2]; 2],
    /// The configuration it was generated for.
    pub config: Sm90Config,
    /// Dynamic shared memory per CTA, bytes (the stages, the barriers and 1 KiB of slack to
    /// align the tiles to the 1024 bytes of the swizzle pattern).
    pub smem_bytes: u32,
    /// The constant bits of the GMMA descriptors of A and B (leading and stride byte offsets,
    /// swizzle mode); the start address is or-ed in per operand tile.
    pub desc_hi: u64,
}

/// The kernel's name in the source.
pub const KERNEL: &str = "gemm_sm90_tn";

/// The GMMA `B128` layout type's swizzle on shared-memory byte addresses: the 16-byte chunk
/// index (bits 4–6) XOR-ed with the 128-byte row index within 1024 bytes (bits 7–9), CuTe's
/// `Swizzle<3,4,3>` on bytes (`GMMA::Layout_K_SW128_Atom` before its upcast to elements).
pub fn gmma_sw128_bytes(addr: i64) -> i64 {
    addr ^ ((addr & 0x380) >> 3)
}

fn bad(kind: ErrorKind, what: String) -> LayoutError {
    LayoutError::with_detail(kind, what)
}

/// The TMA load of one CTA's `rows × 64` K-major tile of a row-major `rows_total × k` matrix
/// of halfs (`ld` elements between rows) into the shared-memory tile [`SmemA`] (= [`SmemB`]):
/// the crate's [`make_tma_copy`] (CuTe's), whose parameters [`encode_tma_2d`] passes to the
/// driver.
pub fn tma_copy(rows_total: i64, k: i64, ld: i64) -> Result<TmaCopy, LayoutError> {
    tma_copy_tile(rows_total, k, ld, &SmemA::default().to_dyn(), BM)
}

/// [`tma_copy`] for a CTA tile of `tile_rows × 64` in the shared-memory layout `smem`.
pub fn tma_copy_tile<L: TmaSmemLayout + ?Sized>(
    rows_total: i64,
    k: i64,
    ld: i64,
    smem: &L,
    tile_rows: i64,
) -> Result<TmaCopy, LayoutError> {
    let gmem: DynLayout = format!("({rows_total},{k}):({ld},1)").parse()?;
    let tile: DynTuple = format!("({tile_rows},{BK})").parse()?;
    make_tma_copy(SM90_TMA_LOAD, TmaDataType::Float16, &gmem, smem, &tile, 1)
}

/// The TMA box `make_tma_copy` derives for a `tile_rows × 64` tile in `smem`, refused unless it
/// is the one 64 × `tile_rows`, `SWIZZLE_128B` box per operand and stage the kernels issue.
pub(crate) fn one_sw128_box<L: TmaSmemLayout + ?Sized>(
    smem: &L,
    tile_rows: i64,
) -> Result<TmaDescriptorParams, LayoutError> {
    let tma = *tma_copy_tile(tile_rows, BK, BK, smem, tile_rows)?.params();
    if tma.box_dims() != [BK as u32, tile_rows as u32] || tma.swizzle != TmaSwizzle::B128 {
        return Err(bad(
            ErrorKind::InvalidArgument,
            format!("the TMA box of a {tile_rows}-row tile is {:?} {}, the kernel issues one 64×{tile_rows} SWIZZLE_128B box per operand", tma.box_dims(), tma.swizzle),
        ));
    }
    Ok(tma)
}

/// The GMMA descriptors of a K-major, 128-byte swizzled operand tile of 16-bit elements
/// (`smem`: `(row, k) →` element offset, `rows × cols`, the swizzle on element offsets), read
/// by `wgmma`s of `atom_m × 16` (`atom_m` rows, 16 K): returns the descriptor's constant bits
/// (leading byte offset 1, stride byte offset, layout type 1 = 128-byte swizzle) and the layout
/// `(rows/atom_m, cols/16) →` start address in 16-byte units of each operand tile.
///
/// Each operand tile `(i, j)` is the tile of `zipped_divide(L, (atom_m, 16))` at its offset,
/// and its descriptor is the crate's [`make_gmma_desc`] (CuTe's `make_gmma_desc<Major::K>`,
/// which accepts exactly the canonical GMMA layouts); refused (`InvalidArgument`) when a tile
/// is not 128-byte swizzled (the kernel emits that layout type), when the tiles' constant bits
/// differ, or when the start addresses are not one stride per mode from 0 (a tile of several
/// swizzle atoms along K is refused although GMMA could address it: the kernel's tiles are one
/// atom wide).
///
/// ```
/// use cute_layout_cuda::kernels::sm90_gemm::{gmma_k_sw128_descriptors, SmemA};
/// let (hi, starts) = gmma_k_sw128_descriptors(&SmemA::default().to_dyn(), 128, 64, 64).unwrap();
/// assert_eq!(hi, (1 << 62) | (64 << 32) | (1 << 16)); // SW128, SBO 1024 B, LBO 1
/// assert_eq!(starts.to_string(), "(2,4):(512,2)");    // 8 KiB per 64 rows, 32 B per 16 K
/// ```
pub fn gmma_k_sw128_descriptors<L: GmmaSmemLayout + ?Sized>(
    smem: &L,
    rows: i64,
    cols: i64,
    atom_m: i64,
) -> Result<(u64, DynLayout), LayoutError> {
    if rows % atom_m != 0 || cols % 16 != 0 || atom_m % 8 != 0 {
        return Err(bad(
            ErrorKind::NotDivisible,
            format!("a {rows}×{cols} tile is no whole number of {atom_m}×16 operand tiles"),
        ));
    }
    let (tm, tk) = (rows / atom_m, cols / 16);
    let (swizzle, offset, layout) = smem.gmma_parts();
    if layout.rank() != 2 || layout.size() != rows * cols {
        return Err(bad(
            ErrorKind::ShapeMismatch,
            format!("the shared-memory tile {layout} is not a {rows}×{cols} tile"),
        ));
    }
    let tiler: DynTiler = format!("<{atom_m}:1,16:1>").parse()?;
    let z = try_zipped_divide(&layout, &tiler)?;
    let (tile, rests) = (z.mode(0)?, z.mode(1)?);
    let sw = swizzle.unwrap_or(DynSwizzle::new(0, 4, 3)?);
    let mut start = vec![0i64; (tm * tk) as usize];
    let mut hi = None;
    for j in 0..tk {
        for i in 0..tm {
            let at = offset + rests.eval(i + tm * j);
            let op = DynComposedLayout::try_new(sw, DynInt::dynamic(at), tile.clone())?;
            let d = make_gmma_desc::<gmma::Major::K, _>(&op, 16, 0)?;
            if d.layout_type != LayoutType::B128 {
                return Err(bad(
                    ErrorKind::InvalidArgument,
                    format!("operand tile ({i},{j}) is a {:?} GMMA layout; the kernel's wgmmas read 128-byte swizzled tiles", d.layout_type),
                ));
            }
            let h = d.desc() & !0x3fff;
            if *hi.get_or_insert(h) != h {
                return Err(bad(
                    ErrorKind::InvalidArgument,
                    format!("operand tile ({i},{j}): descriptor bits {h:#x} differ from the first tile's"),
                ));
            }
            start[(i + tm * j) as usize] = i64::from(d.start_address);
        }
    }
    // The start addresses as one stride per mode (none along a mode of one tile).
    let dm = if tm > 1 { start[1] - start[0] } else { 0 };
    let dk = if tk > 1 {
        start[tm as usize] - start[0]
    } else {
        0
    };
    let starts: DynLayout = format!("(_{tm},_{tk}):(_{dm},_{dk})").parse()?;
    for (n, &s) in start.iter().enumerate() {
        if s != starts.eval(n as i64) {
            return Err(bad(
                ErrorKind::InvalidArgument,
                format!(
                    "operand tile {n} (column-major) starts at {s} × 16 B, not at {} of {starts}",
                    starts.eval(n as i64)
                ),
            ));
        }
    }
    Ok((hi.unwrap_or(0), starts))
}

/// The epilogue's condition on the TiledMMA's C layout (`(thr, val) →` m + `rows`·n in its
/// tile of `rows` rows): every value's position is the thread's plus the value's, `c(t, v) =
/// c(t, 0) + c(0, v)`, and their rows add without leaving the tile's `rows` rows (so that the
/// M repetitions of the CTA tile, `rows` apart, and the column-major index of C decompose the
/// same way). `threads × vals` is the layout's domain.
pub(crate) fn check_c_separable(
    c_tv: &DynLayout,
    threads: i64,
    vals: i64,
    rows: i64,
) -> Result<(), LayoutError> {
    for t in 0..threads {
        for v in 0..vals {
            let (ct, cv, c) = (
                c_tv.eval(t),
                c_tv.eval(threads * v),
                c_tv.eval(t + threads * v),
            );
            if c != ct + cv || ct % rows + cv % rows >= rows {
                return Err(bad(
                    ErrorKind::InvalidArgument,
                    format!("C layout: thread {t} value {v} at {c}, not thread part {ct} + value part {cv} without a row carry"),
                ));
            }
        }
    }
    Ok(())
}

/// A `CUtensorMap` as a kernel parameter (128 bytes, passed by value as a
/// `__grid_constant__` parameter).
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
pub struct TensorMap(pub cu::CUtensorMap);

// SAFETY: a plain 128-byte, 64-byte aligned value, as the kernel's `TmaDesc` parameter.
unsafe impl cudarc::driver::DeviceRepr for TensorMap {}

/// Encodes the tensor map of `params` (from [`tma_copy`]) over `buf` (the driver's
/// `cuTensorMapEncodeTiled`). `buf` must hold the `required` elements the map addresses
/// ([`Error::Extents`] otherwise); the map is valid while `buf` lives.
pub fn encode_tma_2d(
    gpu: &Gpu,
    buf: &DeviceBuffer<u16>,
    argument: &str,
    required: usize,
    params: &TmaDescriptorParams,
) -> Result<TensorMap, Error> {
    crate::check_extent(argument, required, buf.len())?;
    let (ptr, _sync) = buf.as_cuda_slice().device_ptr(gpu.stream());
    let invalid = |what: String| Error::InvalidInput {
        what: "tensor map",
        detail: what,
    };
    if params.data_type != TmaDataType::Float16
        || params.interleave != TmaInterleave::None
        || params.oob_fill != TmaOobFill::None
    {
        return Err(invalid(format!(
            "{argument}: not a plain f16 map: {params:?}"
        )));
    }
    let swizzle = match params.swizzle {
        TmaSwizzle::None => cu::CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_NONE,
        TmaSwizzle::B32 => cu::CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_32B,
        TmaSwizzle::B64 => cu::CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_64B,
        TmaSwizzle::B128 => cu::CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_128B,
    };
    let l2 = match params.l2_promotion {
        TmaL2Promotion::None => cu::CUtensorMapL2promotion::CU_TENSOR_MAP_L2_PROMOTION_NONE,
        TmaL2Promotion::L2_128B => cu::CUtensorMapL2promotion::CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
    };
    let mut map = TensorMap(cu::CUtensorMap { opaque: [0; 16] });
    // SAFETY: the arrays of `params` hold at least `rank` dims, box extents and element
    // strides and `rank − 1` strides; `ptr` is a device allocation of at least the extent
    // checked above.
    let r = unsafe {
        cu::cuTensorMapEncodeTiled(
            &mut map.0,
            cu::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
            params.rank,
            ptr as *mut std::ffi::c_void,
            params.global_dims.as_ptr(),
            params.global_strides_bytes.as_ptr(),
            params.box_dims.as_ptr(),
            params.element_strides.as_ptr(),
            cu::CUtensorMapInterleave::CU_TENSOR_MAP_INTERLEAVE_NONE,
            swizzle,
            l2,
            cu::CUtensorMapFloatOOBfill::CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
        )
    };
    if r != cu::CUresult::CUDA_SUCCESS {
        return Err(Error::Driver {
            call: "cuTensorMapEncodeTiled",
            detail: format!("{r:?} ({argument}: {params:?})"),
        });
    }
    Ok(map)
}

/// The inline-PTX `wgmma` of one 64×`n`×16 atom (`wgmma_64x<n>x16`), K-major A and B from
/// descriptors, D += A·B; `acc_t`, `ACC_REGS` (accumulator registers per thread) and
/// `fence_acc`.
pub(crate) fn wgmma_function(acc: Accumulator, n: i64) -> String {
    let (regs, ty, cons, cty) = match acc {
        Accumulator::F32 => (n / 2, "f32", "+f", "float"),
        Accumulator::F16 => (n / 4, "f16", "+r", "unsigned"),
    };
    let list: Vec<String> = (0..regs).map(|i| format!("%{i}")).collect();
    let outs: Vec<String> = (0..regs).map(|i| format!("\"{cons}\"(d[{i}])")).collect();
    format!(
        r#"// SM90_64x{n}x16_{up}F16F16_SS (K-major A and B): D += A*B, {regs} accumulator registers.
__device__ __forceinline__ void wgmma_64x{n}x16({cty}* d, unsigned long long da, unsigned long long db) {{
  asm volatile("{{\n.reg .pred p;\nsetp.ne.b32 p, %{sc}, 0;\n"
               "wgmma.mma_async.sync.aligned.m64n{n}k16.{ty}.f16.f16 {{{list}}}, %{a}, %{b}, p, 1, 1, 0, 0;\n}}\n"
               : {outs}
               : "l"(da), "l"(db), "r"(1));
}}
// Keeps the compiler from moving accumulator accesses across the asynchronous wgmma.
__device__ __forceinline__ void fence_acc({cty}* d) {{
  #pragma unroll
  for (int i = 0; i < {regs}; ++i) asm volatile("" : "{cons}"(d[i]) :: "memory");
}}
typedef {cty} acc_t;
#define ACC_REGS {regs}
#define ACC_F32 {f32}
"#,
        up = ty.to_uppercase(),
        list = list.join(", "),
        outs = outs.join(", "),
        a = regs,
        b = regs + 1,
        sc = regs + 2,
        f32 = u8::from(acc == Accumulator::F32),
    )
}

impl Sm90Gemm {
    /// Emits the kernel for `config`: the layouts as CUDA index functions, then the kernel
    /// body. Refuses (a [`LayoutError`], before any NVRTC) a shared-memory layout that the TMA
    /// box or the GMMA descriptors would not address exactly, and a stage count outside 2..=7.
    pub fn source(config: Sm90Config) -> Result<Sm90Gemm, LayoutError> {
        if config.schedule != Schedule::Tutorial {
            return super::sm90_gemm_ws::source(config);
        }
        check_group_m(config.group_m)?;
        if !(2..=7).contains(&config.stages) {
            return Err(bad(
                ErrorKind::InvalidArgument,
                format!(
                    "{} stages: 2 to 7 fit the 227 KiB of shared memory",
                    config.stages
                ),
            ));
        }
        let sa = SmemA::default();
        let sb = SmemB::default();
        // The TMA box of a CTA tile (the same for any problem the kernel takes): one box of
        // 64 K × 128 rows, 128-byte swizzled, per operand and stage.
        let tma = one_sw128_box(&sa.to_dyn(), BM)?;
        let (hi_a, starts_a) = gmma_k_sw128_descriptors(&sa.to_dyn(), BM, BK, ATOM_M)?;
        // B's operand tiles are the whole 128 rows (N of the atom) by 16.
        let (hi_b, starts_b) = gmma_k_sw128_descriptors(&sb.to_dyn(), BN, BK, BN)?;
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
        let mma = Mma::default();
        let c_tv = mma.layout_c_tv().to_dyn();
        check_c_separable(&c_tv, THREADS, 64, ATOM_M)?;
        // Column-major index of the CTA's C tile (m + BM·n): where an accumulator value lies.
        let idx_mn = layout!((128,128):(1,128));
        src.layout("sA", &sa)?
            .layout("sB", &sb)?
            .layout("descA_start", &starts_a)?
            .layout("descB_start", &starts_b)?
            .tiled_mma("mma", &mma)?;
        src.layout("c_idx", &tv_partition(&idx_mn, &c_tv, &[64, 128])?)?;
        src.code(&format!(
            "#define STAGES {}\n#define GROUP_M {}\n#define DESC_HI {hi_a}ull\n#define BOX_BYTES {}\n",
            config.stages,
            config.group_m,
            tma.box_bytes()
        ));
        src.code(&wgmma_function(config.acc, BN));
        src.code(SM90_DEVICE_FNS);
        src.code(KERNEL_BODY);
        let stage_bytes = (BM * BK + BN * BK) * 2;
        let smem_bytes = (i64::from(config.stages) * (stage_bytes + 16) + 1024) as u32;
        let b = [BK as u32, BM as u32];
        Ok(Sm90Gemm {
            source: src.to_string(),
            kernel: KERNEL,
            tile: (BM, BN, BK),
            threads: THREADS as u32,
            tma_boxes: [b, b],
            config,
            smem_bytes,
            desc_hi: hi_a,
        })
    }

    /// Checks a problem against the kernel: M, N multiples of 128, K of 64, leading dimensions
    /// at least the contiguous extents, `ldA`, `ldB` multiples of 8 halfs (the TMA's 16-byte
    /// strides), every offset of C within `int`. Returns the elements of A, B and C the kernel
    /// addresses.
    pub fn check_problem(
        m: i64,
        n: i64,
        k: i64,
        lda: i64,
        ldb: i64,
        ldc: i64,
    ) -> Result<(usize, usize, usize), LayoutError> {
        check_problem_tile((BM, BN, BK), m, n, k, lda, ldb, ldc)
    }

    /// [`check_problem`](Self::check_problem) for this kernel's CTA tile
    /// ([`tile`](Self::tile)): M, N, K multiples of its extents.
    pub fn check(
        &self,
        m: i64,
        n: i64,
        k: i64,
        lda: i64,
        ldb: i64,
        ldc: i64,
    ) -> Result<(usize, usize, usize), LayoutError> {
        check_problem_tile(self.tile, m, n, k, lda, ldb, ldc)
    }

    /// The launch configuration of an `m × n` problem (checked with [`check`](Self::check)):
    /// one CTA of [`threads`](Self::threads) per output tile, or, for
    /// [`Schedule::Persistent`], one per SM (`sm_count`) up to the number of tiles;
    /// [`smem_bytes`](Self::smem_bytes) of dynamic shared memory.
    pub fn launch_config(&self, m: i64, n: i64, sm_count: u32) -> LaunchConfig {
        let tiles = ((m / self.tile.0) * (n / self.tile.1)) as u32;
        let grid = match self.config.schedule {
            Schedule::Tutorial => ((m / BM) as u32, (n / BN) as u32, 1),
            Schedule::WarpSpecialized => (tiles, 1, 1),
            Schedule::Persistent => (tiles.min(sm_count.max(1)), 1, 1),
        };
        LaunchConfig::new(grid, (self.threads, 1, 1)).with_shared_mem(self.smem_bytes)
    }
}

/// `group_m` within 1..=64.
pub(crate) fn check_group_m(group_m: u32) -> Result<(), LayoutError> {
    if !(1..=64).contains(&group_m) {
        return Err(bad(
            ErrorKind::InvalidArgument,
            format!("group_m = {group_m}: 1 to 64 tiles"),
        ));
    }
    Ok(())
}

/// [`Sm90Gemm::check_problem`] for a CTA tile `(bm, bn, bk)`.
fn check_problem_tile(
    (bm, bn, bk): (i64, i64, i64),
    m: i64,
    n: i64,
    k: i64,
    lda: i64,
    ldb: i64,
    ldc: i64,
) -> Result<(usize, usize, usize), LayoutError> {
    let refuse = |what: String| Err(bad(ErrorKind::NotDivisible, what));
    if m <= 0 || n <= 0 || k <= 0 {
        return refuse(format!("extents must be positive: M={m}, N={n}, K={k}"));
    }
    if m % bm != 0 || n % bn != 0 || k % bk != 0 {
        return refuse(format!(
                "M={m}, N={n}, K={k}: M must be a multiple of {bm}, N of {bn}, K of {bk} (this kernel does not predicate)"
            ));
    }
    if lda < k || ldb < k || ldc < m || lda % 8 != 0 || ldb % 8 != 0 {
        return refuse(format!(
                "leading dimensions ldA={lda}, ldB={ldb} (≥ K={k}, multiples of 8), ldC={ldc} (≥ M={m})"
            ));
    }
    let ea = (m - 1) * lda + k;
    let eb = (n - 1) * ldb + k;
    let ec = (n - 1) * ldc + m;
    if ec > i32::MAX as i64 || m.max(n).max(k) > i32::MAX as i64 {
        return Err(bad(
            ErrorKind::TooLarge,
            format!("offsets of C up to {ec} do not fit the kernel's int index"),
        ));
    }
    Ok((ea as usize, eb as usize, ec as usize))
}

/// The device functions both Hopper kernels use (`sm90_gemm`, `sm90_gemm_ws`), emitted before
/// each kernel body: the tensor map type, `mbarrier` init / expect-tx / arrive / wait, the 2D TMA
/// load, the `wgmma` fence / commit / wait, and the GMMA descriptor of an operand tile (its
/// constant bits `DESC_HI` come from `make_gmma_desc`).
pub(super) const SM90_DEVICE_FNS: &str = r#"
struct __align__(64) TmaDesc { unsigned long long v[16]; };   // a CUtensorMap

__device__ __forceinline__ unsigned smem_u32(const void* p) {
  return (unsigned)__cvta_generic_to_shared(p);
}
__device__ __forceinline__ void mbar_init(unsigned bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" :: "r"(bar), "r"(count) : "memory");
}
__device__ __forceinline__ void mbar_expect_tx(unsigned bar, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" :: "r"(bar), "r"(bytes) : "memory");
}
__device__ __forceinline__ void mbar_arrive(unsigned bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" :: "r"(bar) : "memory");
}
__device__ __forceinline__ void mbar_wait(unsigned bar, unsigned parity) {
  unsigned done = 0;
  do {
    asm volatile("{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\nselp.u32 %0, 1, 0, p;\n}\n"
                 : "=r"(done) : "r"(bar), "r"(parity) : "memory");
  } while (!done);
}
// SM90_TMA_LOAD 2D: box at (c0 innermost, c1) of the tensor map into shared memory, completing
// `bytes` of transactions on the barrier.
__device__ __forceinline__ void tma_load_2d(unsigned dst, const TmaDesc* map, unsigned bar, int c0, int c1) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];\n"
               :: "r"(dst), "l"((unsigned long long)map), "r"(bar), "r"(c0), "r"(c1) : "memory");
}
__device__ __forceinline__ void wgmma_fence() { asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory"); }
__device__ __forceinline__ void wgmma_commit() { asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory"); }
template <int N> __device__ __forceinline__ void wgmma_wait() {
  asm volatile("wgmma.wait_group.sync.aligned %0;\n" :: "n"(N) : "memory");
}
// The GMMA descriptor of the operand tile starting at byte address `addr` (1024-byte aligned
// swizzle pattern): start address in 16-byte units, then the derived constant bits.
__device__ __forceinline__ unsigned long long gmma_desc(unsigned addr) {
  return DESC_HI | (unsigned long long)((addr & 0x3FFFF) >> 4);
}
"#;

/// The kernel: the tutorial's producer/consumer pipeline, every layout from the functions above.
const KERNEL_BODY: &str = r#"
// ---- the kernel (CuTe tutorial wgmma_tma_sm90 gemm_tn, layouts from the functions above) ----
#define BM 128
#define BN 128
#define BK 64
#define MMA_M (BM / 64)                 // atoms along M per CTA tile
#define MMA_K (BK / 16)                 // atoms along K per k-tile
#define A_BYTES (BM * BK * 2)
#define B_BYTES (BN * BK * 2)


extern "C" __global__ void __launch_bounds__(128, 1)
gemm_sm90_tn(const __grid_constant__ TmaDesc tma_a, const __grid_constant__ TmaDesc tma_b,
             unsigned short* __restrict__ C, int M, int N, int K, int ldC)
{
  extern __shared__ __align__(1024) unsigned char smem_raw[];
  // The swizzle pattern repeats every 1024 bytes: align the tiles to it.
  const unsigned base = (smem_u32(smem_raw) + 1023u) & ~1023u;
  const unsigned sA0 = base;                              // STAGES tiles of sA
  const unsigned sB0 = base + STAGES * A_BYTES;           // then STAGES tiles of sB
  const unsigned full0 = sB0 + STAGES * B_BYTES;          // TMA -> MMA barriers
  const unsigned empty0 = full0 + 8 * STAGES;             // MMA -> TMA barriers
  const int t = threadIdx.x;
#if GROUP_M > 1
  // Grouped rasterization: CTA b takes M tile first_m + r % gm of N tile r / gm, where groups
  // of GROUP_M M tiles (gm in the last) run through every N tile: a bijection of the grid.
  const int tiles_m = M / BM, tiles_n = N / BN;
  const int bid = blockIdx.x + gridDim.x * blockIdx.y;
  const int first_m = (bid / (GROUP_M * tiles_n)) * GROUP_M;
  const int gm = min(tiles_m - first_m, GROUP_M);
  const int r = bid - first_m * tiles_n;
  const int m0 = (first_m + r % gm) * BM, n0 = (r / gm) * BN;
#else
  const int m0 = blockIdx.x * BM, n0 = blockIdx.y * BN;
#endif
  const int k_tiles = K / BK;

  if (t == 0) {
    asm volatile("prefetch.tensormap [%0];\n" :: "l"((unsigned long long)&tma_a) : "memory");
    asm volatile("prefetch.tensormap [%0];\n" :: "l"((unsigned long long)&tma_b) : "memory");
    #pragma unroll
    for (int s = 0; s < STAGES; ++s) {
      mbar_init(full0 + 8 * s, 1);
      mbar_init(empty0 + 8 * s, 128);
    }
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
  }
  __syncthreads();

  // Prologue: every stage's first load.
  if (t == 0) {
    for (int s = 0; s < STAGES && s < k_tiles; ++s) {
      mbar_expect_tx(full0 + 8 * s, 2 * BOX_BYTES);
      tma_load_2d(sA0 + s * A_BYTES, &tma_a, full0 + 8 * s, s * BK, m0);
      tma_load_2d(sB0 + s * B_BYTES, &tma_b, full0 + 8 * s, s * BK, n0);
    }
  }
  __syncwarp();

  acc_t acc[MMA_M][ACC_REGS];
  #pragma unroll
  for (int i = 0; i < MMA_M; ++i)
    #pragma unroll
    for (int r = 0; r < ACC_REGS; ++r) acc[i][r] = 0;

  #pragma unroll 1
  for (int kt = 0; kt < k_tiles; ++kt) {
    const int s = kt % STAGES;
    mbar_wait(full0 + 8 * s, (kt / STAGES) & 1);
    // gemm(mma, tCrA(_,_,_,s), tCrB(_,_,_,s), tCrC): per k-block, both M atoms.
    #pragma unroll
    for (int i = 0; i < MMA_M; ++i) fence_acc(acc[i]);
    wgmma_fence();
    #pragma unroll
    for (int kb = 0; kb < MMA_K; ++kb) {
      #pragma unroll
      for (int i = 0; i < MMA_M; ++i) {
        const unsigned long long da = gmma_desc(sA0 + s * A_BYTES + 16 * descA_start_crd(i, kb));
        const unsigned long long db = gmma_desc(sB0 + s * B_BYTES + 16 * descB_start_crd(0, kb));
        wgmma_64x128x16(acc[i], da, db);
      }
    }
    wgmma_commit();
    #pragma unroll
    for (int i = 0; i < MMA_M; ++i) fence_acc(acc[i]);
    // The previous k-tile's wgmmas are complete: release its stage, refill it.
    wgmma_wait<1>();
    if (kt > 0) {
      const int ps = (kt - 1) % STAGES;
      mbar_arrive(empty0 + 8 * ps);
      const int next = kt - 1 + STAGES;
      if (t == 0 && next < k_tiles) {
        mbar_wait(empty0 + 8 * ps, ((kt - 1) / STAGES) & 1);
        mbar_expect_tx(full0 + 8 * ps, 2 * BOX_BYTES);
        tma_load_2d(sA0 + ps * A_BYTES, &tma_a, full0 + 8 * ps, next * BK, m0);
        tma_load_2d(sB0 + ps * B_BYTES, &tma_b, full0 + 8 * ps, next * BK, n0);
      }
      __syncwarp();
    }
  }
  wgmma_wait<0>();
  #pragma unroll
  for (int i = 0; i < MMA_M; ++i) fence_acc(acc[i]);

  // Epilogue: each accumulator value to its element of C (axpby with alpha = 1, beta = 0). The
  // C layout splits into a thread part and a value part whose rows add without carry (checked
  // when the source was emitted): one pointer per thread, constant offsets per value.
  const int it = c_idx_crd(t, 0, 0);                     // m + BM*n in the CTA tile
  unsigned short* Ct = C + (m0 + it % BM) + (long long)(n0 + it / BM) * ldC;
  #pragma unroll
  for (int i = 0; i < MMA_M; ++i)
    #pragma unroll
    for (int v = 0; v < 64; ++v) {
      const int iv = c_idx_crd(0, v, i);                 // a constant after unrolling
      unsigned short h;
#if ACC_F32
      // Values 2j, 2j+1 converted as a pair (f16x2: the odd one high). A single-value cvt
      // here makes ptxas serialize the main loop's wgmmas (C7514); the pair does not.
      unsigned p;
      asm("cvt.rn.f16x2.f32 %0, %1, %2;\n" : "=r"(p) : "f"(acc[i][v | 1]), "f"(acc[i][v & ~1]));
#else
      const unsigned p = acc[i][v / 2];                  // two halfs, value 2j low
#endif
      h = (unsigned short)((v & 1) ? (p >> 16) : (p & 0xffffu));
      Ct[iv % BM + (iv / BM) * ldC] = h;
    }
}
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use cute_layout::typenum::U256;

    /// The descriptor check on a static smem tile type `$T` of `$rows × $cols` halfs.
    macro_rules! desc {
        ($T:ty, $rows:expr, $cols:expr, $atom_m:expr) => {{
            gmma_k_sw128_descriptors(&<$T>::default().to_dyn(), $rows, $cols, $atom_m)
        }};
    }

    #[test]
    fn descriptors_accept_the_sw128_atom_tiled_to_any_tile() {
        let hi = (1u64 << 62) | (64 << 32) | (1 << 16);
        type A = gmma::Layout_K_SW128_Atom<half_t>;
        let (h, s) = desc!(TileToShapeOf<A, (U64, U64)>, 64, 64, 64).unwrap();
        assert_eq!((h, s.to_string()), (hi, "(1,4):(0,2)".to_string()));
        let (h, s) = desc!(TileToShapeOf<A, (U256, U64)>, 256, 64, 64).unwrap();
        assert_eq!((h, s.to_string()), (hi, "(4,4):(512,2)".to_string()));
        // Two atoms along K: the second four 16-wide tiles start 128 rows · 128 B further, not
        // 32 B on: the start addresses are no single stride along K, which this derivation
        // refuses (the kernel's tiles have one atom along K).
        let e = desc!(TileToShapeOf<A, (U128, U128)>, 128, 128, 64).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    }

    #[test]
    fn descriptors_refuse_every_other_layout() {
        // The narrower swizzles, no swizzle, the MN-major atom, a plain row-major tile.
        type Sw64 = TileToShapeOf<gmma::Layout_K_SW64_Atom<half_t>, (U128, U64)>;
        type Sw32 = TileToShapeOf<gmma::Layout_K_SW32_Atom<half_t>, (U128, U64)>;
        type Inter = TileToShapeOf<gmma::Layout_K_INTER_Atom<half_t>, (U128, U64)>;
        type Mn = TileToShapeOf<gmma::Layout_MN_SW128_Atom<half_t>, (U128, U64)>;
        for e in [
            desc!(Sw64, 128, 64, 64),
            desc!(Sw32, 128, 64, 64),
            desc!(Inter, 128, 64, 64),
            desc!(Mn, 128, 64, 64),
            desc!(Layout![(128,64):(64,1)], 128, 64, 64),
        ] {
            let e = e.unwrap_err();
            assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{e}");
        }
        // Tiles that are no whole number of operand tiles.
        type A = TileToShapeOf<gmma::Layout_K_SW128_Atom<half_t>, (U128, U64)>;
        assert_eq!(
            desc!(A, 128, 64, 96).unwrap_err().kind(),
            ErrorKind::NotDivisible
        );
        assert_eq!(
            desc!(A, 128, 40, 64).unwrap_err().kind(),
            ErrorKind::NotDivisible
        );
    }

    #[test]
    fn the_c_layout_split_refuses_a_row_carry() {
        let ok: DynLayout = "(_128,_64):(_64,_1)".parse().unwrap();
        assert!(check_c_separable(&ok, 128, 64, 64).is_ok());
        // 32·t + v: thread rows 0 or 32 plus value rows up to 63 leave the 64 rows.
        let carry: DynLayout = "(_128,_64):(_32,_1)".parse().unwrap();
        assert!(check_c_separable(&carry, 128, 64, 64).is_err());
        let mma = Mma::default();
        assert!(check_c_separable(&mma.layout_c_tv().to_dyn(), 128, 64, 64).is_ok());
    }

    #[test]
    fn problems_are_refused_exactly_when_the_kernel_cannot_take_them() {
        // Brute force over small extents: accepted iff M, N are multiples of 128 and K of 64;
        // the elements addressed are then the largest offset + 1 of each operand's layout.
        for m in (0..=384).step_by(32) {
            for n in (0..=256).step_by(64) {
                for k in (0..=192).step_by(16) {
                    let r = Sm90Gemm::check_problem(m, n, k, k, k, m);
                    let fits =
                        m > 0 && n > 0 && k > 0 && m % 128 == 0 && n % 128 == 0 && k % 64 == 0;
                    assert_eq!(r.is_ok(), fits, "{m}x{n}x{k}");
                    if let Ok((ea, eb, ec)) = r {
                        let last = |rows: i64, cols: i64, ld: i64| {
                            ((rows - 1) * ld + (cols - 1) + 1) as usize
                        };
                        assert_eq!((ea, eb, ec), (last(m, k, k), last(n, k, k), last(n, m, m)));
                    }
                }
            }
        }
        // Leading dimensions: short, or not 16-byte multiples for TMA.
        assert!(Sm90Gemm::check_problem(128, 128, 64, 63, 64, 128).is_err());
        assert!(Sm90Gemm::check_problem(128, 128, 64, 68, 64, 128).is_err());
        assert!(Sm90Gemm::check_problem(128, 128, 64, 72, 64, 128).is_ok());
        assert!(Sm90Gemm::check_problem(128, 128, 64, 64, 64, 127).is_err());
    }

    #[test]
    fn every_configuration_emits_and_stage_counts_are_bounded() {
        for stages in 2..=7 {
            for acc in [Accumulator::F32, Accumulator::F16] {
                let g = Sm90Gemm::source(Sm90Config {
                    stages,
                    acc,
                    group_m: 1,
                    schedule: Schedule::Tutorial,
                })
                .unwrap();
                assert!(g.source.contains("extern \"C\" __global__"));
                assert!(g.source.contains(&format!("#define STAGES {stages}")));
                assert!(
                    g.smem_bytes <= 227 * 1024,
                    "{stages} stages: {}",
                    g.smem_bytes
                );
            }
        }
        for (stages, group_m) in [(0, 1), (1, 1), (8, 1), (4, 0), (4, 65)] {
            let c = Sm90Config {
                stages,
                acc: Accumulator::F32,
                group_m,
                schedule: Schedule::Tutorial,
            };
            assert!(Sm90Gemm::source(c).is_err(), "{c:?}");
        }
        let g = Sm90Gemm::source(Sm90Config {
            group_m: 16,
            ..Sm90Config::default()
        })
        .unwrap();
        assert!(g.source.contains("#define GROUP_M 16"));
        let wg = Sm90Gemm::source(Sm90Config::default()).unwrap().source;
        assert!(wg.contains("wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16"));
        // The TMA box the crate derives: 64 K × 128 rows, 16 KiB.
        assert!(wg.contains("#define BOX_BYTES 16384"));
    }
}
