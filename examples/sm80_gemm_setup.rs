//! The SM80 GEMM configuration of CuTe's `sgemm_sm80`-style half-precision kernel, built and
//! checked at compile time: `cargo run --example sm80_gemm_setup` prints its layouts.
//!
//! * MMA: `SM80_16x8x16_F32F16F16F32_TN` tiled 2x2x1 (4 warps, 128 threads) with the (32,32,16)
//!   permutation;
//! * CTA tile 128x128x32; shared-memory tiles of A and B (K-major) built with `tile_to_shape`
//!   from the 128-byte swizzled atom `Sw<3,3,3> ∘ (8,32):(32,1)` (halfs);
//! * global → shared: 128-bit `cp.async` (`SM80_CP_ASYNC_CACHEALWAYS<U128>`), 32x4 threads of
//!   8 halfs;
//! * shared → registers: `SM75_U32x4_LDSM_N` via `make_tiled_copy_a` / `make_tiled_copy_b`.
//!
//! Every layout below is a type; the `assert_type_eq_all!` and `const_assert!` lines are
//! checked by `cargo check` (the C++ counterpart is `benches/compile_time/sm80_setup/`).

use cute_layout::atom::*;
use cute_layout::banks::StaticTvCopy;
use cute_layout::ops::{ComposeOf, TileToShapeOf, Underscore};
use cute_layout::static_assertions::{assert_type_eq_all, const_assert_eq};
use cute_layout::tensor::Tensor;
use cute_layout::typenum::{Unsigned, U128, U16, U32};
use cute_layout::{layout, Layout};

type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2,2,1):(1,2,0)], (U32, U32, U16)>;
/// The CTA tile.
type BlkM = U128;
type BlkN = U128;
type BlkK = U32;
/// The swizzled shared-memory atom (8 rows of 32 halfs = 64 bytes, XOR of 16-byte chunks) and
/// the A / B tiles built from it.
type SmemAtom = Layout![Sw<3,3,3> o 0 o (8,32):(32,1)];
type SmemA = TileToShapeOf<SmemAtom, (BlkM, BlkK)>;
type SmemB = TileToShapeOf<SmemAtom, (BlkN, BlkK)>;
/// Global → shared: 128 threads, 32x4 (row major), 8 halfs each, one 128-bit cp.async.
type GThr = Layout![(32,4):(4,1)];
type GVal = Layout![(1,8):(1,1)];
type G2S = TiledCopy<
    CopyAtom<SM80_CP_ASYNC_CACHEALWAYS<U128>, half_t>,
    MakeTiledCopyTv<GThr, GVal>,
    MakeTiledCopyTiler<GThr, GVal>,
>;
/// Shared → registers with ldmatrix, for the MMA's A and B.
type S2RA = TiledCopy<
    CopyAtom<SM75_U32x4_LDSM_N, half_t>,
    <Mma as TiledMmaLayouts>::LayoutA_TV,
    (U32, U16),
>;
type S2RB = TiledCopy<
    CopyAtom<SM75_U32x4_LDSM_N, half_t>,
    <Mma as TiledMmaLayouts>::LayoutB_TV,
    (U32, U16),
>;

// The compile-time checks of the configuration.
// The TiledMMA: 128 threads, a 32x32x16 tile, C's TV layout (a bijection, checked by the trait).
assert_type_eq_all!(
    <Mma as TiledMmaLayouts>::LayoutC_TV,
    Layout![((4,8,2,2),((2,2),(1,2))):((64,1,16,256),((32,8),(0,512)))]
);
const_assert_eq!(<<Mma as TiledMmaLayouts>::NumThreads as Unsigned>::U64, 128);
// The tile divides the CTA tile.
const_assert_eq!(
    BlkM::U64 % <<Mma as TiledMmaLayouts>::TileM as Unsigned>::U64,
    0
);
const_assert_eq!(
    BlkN::U64 % <<Mma as TiledMmaLayouts>::TileN as Unsigned>::U64,
    0
);
const_assert_eq!(
    BlkK::U64 % <<Mma as TiledMmaLayouts>::TileK as Unsigned>::U64,
    0
);
// The copies use the same 128 threads; the cp.async tile (32x32) divides the A and B tiles.
const_assert_eq!(
    <<G2S as TiledCopyLayouts>::TiledNumThr as Unsigned>::U64,
    128
);
const_assert_eq!(
    <<S2RA as TiledCopyLayouts>::TiledNumThr as Unsigned>::U64,
    128
);
const_assert_eq!(
    <<S2RB as TiledCopyLayouts>::TiledNumThr as Unsigned>::U64,
    128
);
// ldmatrix delivers exactly the MMA's A and B registers: its destination TV layout is the
// MMA's (up to a trailing size-1 mode, as in CuTe).
assert_type_eq_all!(
    <S2RA as TiledCopyLayouts>::LayoutD_TV,
    Layout![((4,8,2,2),((2,2,2),1)):((64,1,16,0),((32,8,256),0))]
);
// The swizzled shared-memory tile of A.
assert_type_eq_all!(
    SmemA,
    Layout![Sw<3,3,3> o 0 o ((8,16),(32,1)):((32,256),(1,0))]
);
// The cp.async writes of A's first 32x32 copy tile into the swizzled shared tile: no bank
// conflict (one 128-bit store per thread, modelled as `st.shared.v4.b32`; a compile error
// naming the instruction, degree and lanes otherwise). The copy's D_TV indexes the 32x32
// tile column major; `(32,32):(1,128)` places it in the 128x32 tile of A.
type G2SDstInA = ComposeOf<Layout![(32,32):(1,128)], <G2S as TiledCopyLayouts>::LayoutD_TV>;
const _: () = StaticTvCopy::<G2SDstInA, SmemA, 16, 8, true>::ASSERT_CONFLICT_FREE;
const _: () = StaticTvCopy::<G2SDstInA, SmemB, 16, 8, true>::ASSERT_CONFLICT_FREE;

fn main() {
    let mma = Mma::default();
    println!(
        "TiledMMA tile (M,N,K): {:?}, {} threads",
        mma.tile_size(),
        mma.num_threads()
    );
    println!("ThrLayoutVMNK: {}", mma.thr_layout_vmnk());
    println!("LayoutC_TV:    {}", mma.layout_c_tv());
    println!("LayoutA_TV:    {}", mma.layout_a_tv());
    println!("LayoutB_TV:    {}", mma.layout_b_tv());
    println!("SmemLayoutA:   {}", SmemA::default());
    println!("SmemLayoutB:   {}", SmemB::default());
    let g2s = G2S::default();
    println!("G2S TV:        {}", g2s.tiled_layout_tv());
    let s2ra = S2RA::default();
    println!("S2R A src TV:  {}", s2ra.layout_s_tv());
    println!("S2R A dst TV:  {}", s2ra.layout_d_tv());
    println!("S2R B src TV:  {}", S2RB::default().layout_s_tv());

    // Thread 5's view of one CTA tile (host buffers standing in for global/shared memory).
    let (m, n, k) = (BlkM::I64, BlkN::I64, BlkK::I64);
    let g_a = vec![half_t(0); (m * k) as usize];
    let s_a = vec![half_t(0); (m * k) as usize];
    let c = vec![0f32; (m * n) as usize];
    let t = 5;
    let tg = g2s
        .get_slice(t)
        .partition_s(Tensor::try_new(&g_a[..], layout!((128,32):(32,1))).unwrap());
    let ts = g2s
        .get_slice(t)
        .partition_d(Tensor::try_new(&s_a[..], SmemA::default()).unwrap());
    println!(
        "thread {t}: cp.async src {} -> dst {}",
        tg.layout(),
        ts.layout()
    );
    let tsa = s2ra
        .get_slice(t)
        .partition_s(Tensor::try_new(&s_a[..], SmemA::default()).unwrap());
    println!("thread {t}: ldmatrix A src {}", tsa.layout());
    let tc = mma
        .get_slice(t)
        .partition_c(Tensor::try_new(&c[..], layout!((128,128):(1,128))).unwrap());
    let acc = mma
        .get_slice(t)
        .partition_fragment_c(&Tensor::try_new(&c[..], layout!((128,128):(1,128))).unwrap());
    println!(
        "thread {t}: C partition {}, accumulators {} ({} f32)",
        tc.layout(),
        acc.layout(),
        acc.engine().len()
    );
    let _ = Underscore;
}
