//! Kernel configurations as parameters: FlashAttention-2's forward `Kernel_traits`
//! (`Flash_fwd_kernel_traits`, csrc/flash_attn/src/kernel_traits.h) written once, generic over
//! its head dim, block sizes and warps, instantiated for head dims 64, 96 and 128 and checked
//! against CuTe C++ (`tests/data/kernel_config/cute_kernel_config.txt`, printed by
//! `gen_kernel_config.cpp` through `tests/data/kernel_config/gen.sh`).
//!
//! The design: the configuration is a type with `const` parameters (`FlashFwd<128, 128, 64,
//! 4>`); a trait turns them into static integers (`typenum::U<N>`, CuTe's `Int<N>`); every
//! derived constant and layout is a generic type alias over the configuration — the alias is
//! CuTe's `using X = decltype(...)`, evaluated when a configuration is named, so no bound
//! restates the algebra. `Layout![…]` takes those types as leaves.
//!
//! Also here: the register fragments FA2's forward kernel makes from its swizzled shared
//! memory (`partition_fragment_A(sQ)`, `partition_fragment_B(sK)`), against CuTe.

use std::collections::HashMap;

use cute_layout::atom::*;
use cute_layout::ops::{ComposeOf, TileToShapeOf};
use cute_layout::tensor::Tensor;
use cute_layout::tuple::{IntTuple, Size};
use cute_layout::typenum::{
    Const, Eq, Mod, Prod, Quot, ToUInt, Unsigned, B0, B1, U, U0, U128, U16, U2, U3, U32, U4, U64,
    U8,
};
use cute_layout::{AnyLayout, ComposedLayout, Layout, LayoutLeft, LayoutRight};

/// CuTe's lines `name: value`, `_` of static integers removed.
fn oracle() -> HashMap<String, String> {
    include_str!("data/kernel_config/cute_kernel_config.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (name, value) = l.split_once(": ").expect("name: value");
            (name.to_string(), value.replace('_', ""))
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Two small helpers a kernel author writes once

/// `If<C, A, B>`: CuTe's `std::conditional_t<C, A, B>` for a typenum condition.
trait Select<A, B> {
    type Output;
}
impl<A, B> Select<A, B> for B1 {
    type Output = A;
}
impl<A, B> Select<A, B> for B0 {
    type Output = B;
}
type If<C, A, Bv> = <C as Select<A, Bv>>::Output;

/// CuTe's `get_nonswizzle_portion`: the layout `L` of `Sw ∘ O ∘ L`.
trait NonSwizzle {
    type Output;
}
impl<A, O, L> NonSwizzle for ComposedLayout<A, O, L> {
    type Output = L;
}

// ---------------------------------------------------------------------------------------------
// FlashAttention-2's forward kernel traits, generic over the configuration

/// `Flash_fwd_kernel_traits<kHeadDim, kBlockM, kBlockN, kNWarps>` (half_t, SM80).
struct FlashFwd<
    const HEAD_DIM: usize,
    const BLOCK_M: usize,
    const BLOCK_N: usize,
    const N_WARPS: usize,
>;

/// The configuration's parameters as static integers (CuTe's `Int<kHeadDim>`).
trait FlashFwdParams {
    type HeadDim;
    type BlockM;
    type BlockN;
    type NWarps;
}
impl<const D: usize, const M: usize, const N: usize, const W: usize> FlashFwdParams
    for FlashFwd<D, M, N, W>
where
    Const<D>: ToUInt,
    Const<M>: ToUInt,
    Const<N>: ToUInt,
    Const<W>: ToUInt,
{
    type HeadDim = U<D>;
    type BlockM = U<M>;
    type BlockN = U<N>;
    type NWarps = U<W>;
}
/// `static_assert(kHeadDim % 32 == 0)` and kNThreads % kGmemThreadsPerRow == 0: plain
/// `const` arithmetic on the parameters, checked when a configuration is used.
impl<const D: usize, const M: usize, const N: usize, const W: usize> FlashFwd<D, M, N, W> {
    const CHECK: () = {
        assert!(D % 32 == 0, "kHeadDim must be a multiple of 32");
        let threads_per_row = if D % 64 == 0 { 64 } else { 32 } / 8;
        assert!((W * 32) % threads_per_row == 0);
    };
}

mod fa2 {
    //! The members of `Flash_fwd_kernel_traits`, as aliases over a configuration `C`.
    use super::*;

    pub type HeadDim<C> = <C as FlashFwdParams>::HeadDim;
    pub type BlockM<C> = <C as FlashFwdParams>::BlockM;
    pub type BlockN<C> = <C as FlashFwdParams>::BlockN;
    pub type NWarps<C> = <C as FlashFwdParams>::NWarps;
    /// `kNThreads = kNWarps * 32`.
    pub type NThreads<C> = Prod<NWarps<C>, U32>;
    /// `kBlockKSmem = kHeadDim % 64 == 0 ? 64 : 32`.
    pub type BlockKSmem<C> = If<Eq<Mod<HeadDim<C>, U64>, U0>, U64, U32>;
    /// `kSwizzle = kBlockKSmem == 32 ? 2 : 3`.
    pub type Swizzle<C> = If<Eq<BlockKSmem<C>, U32>, U2, U3>;

    /// `TiledMMA<MMA_Atom_Arch, Layout<Shape<Int<kNWarps>,_1,_1>>, Tile<Int<16 * kNWarps>, _16, _16>>`.
    pub type TiledMma<C> = cute_layout::atom::TiledMma<
        SM80_16x8x16_F32F16F16F32_TN,
        Layout![(NWarps<C>, 1, 1):(1, 0, 0)],
        (Prod<U16, NWarps<C>>, U16, U16),
    >;
    /// `composition(Swizzle<kSwizzle, 3, 3>{}, Layout<Shape<_8, Int<kBlockKSmem>>, Stride<Int<kBlockKSmem>, _1>>{})`.
    pub type SmemLayoutAtomQ<C> =
        Layout![Sw<Swizzle<C>, 3, 3> o 0 o (8, BlockKSmem<C>):(BlockKSmem<C>, 1)];
    pub type SmemLayoutQ<C> = TileToShapeOf<SmemLayoutAtomQ<C>, (BlockM<C>, HeadDim<C>)>;
    pub type SmemLayoutKV<C> = TileToShapeOf<SmemLayoutAtomQ<C>, (BlockN<C>, HeadDim<C>)>;
    /// `composition(SmemLayoutKV{}, make_layout(Shape<Int<kHeadDim>, Int<kBlockN>>{}, GenRowMajor{}))`.
    pub type SmemLayoutVtransposed<C> =
        ComposeOf<SmemLayoutKV<C>, LayoutRight<(HeadDim<C>, BlockN<C>)>>;
    pub type SmemLayoutVtransposedNoSwizzle<C> = <SmemLayoutVtransposed<C> as NonSwizzle>::Output;
    pub type SmemLayoutAtomO<C> = SmemLayoutAtomQ<C>;
    pub type SmemLayoutO<C> = TileToShapeOf<SmemLayoutAtomO<C>, (BlockM<C>, HeadDim<C>)>;
    /// `kSmemSize = size(SmemLayoutQ) * 2 + size(SmemLayoutKV) * 2 * 2` (bytes of half_t).
    pub type SmemSize<C> = cute_layout::typenum::Sum<
        Prod<Size<<SmemLayoutQ<C> as AnyLayout>::Shape>, U2>,
        Prod<Size<<SmemLayoutKV<C> as AnyLayout>::Shape>, U4>,
    >;
    /// `kGmemThreadsPerRow = kBlockKSmem / kGmemElemsPerLoad` (8 halfs per 128-bit load).
    pub type GmemThreadsPerRow<C> = Quot<BlockKSmem<C>, U8>;
    pub type GmemLayoutAtom<C> = Layout![
        (Quot<NThreads<C>, GmemThreadsPerRow<C>>, GmemThreadsPerRow<C>):(GmemThreadsPerRow<C>, 1)
    ];
    /// `make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHE…<uint128_t>, Element>{}, GmemLayoutAtom{},
    /// Layout<Shape<_1, _8>>{})`.
    pub type GmemTiledCopyQKV<C> = TiledCopy<
        CopyAtom<SM80_CP_ASYNC_CACHEALWAYS<U128>, half_t>,
        MakeTiledCopyTv<GmemLayoutAtom<C>, Layout![(1, 8)]>,
        MakeTiledCopyTiler<GmemLayoutAtom<C>, Layout![(1, 8)]>,
    >;
    pub type GmemLayoutAtomOaccum<C> =
        If<Eq<BlockKSmem<C>, U32>, Layout![(16,8):(8,1)], Layout![(8,16):(16,1)]>;
    pub type GmemTiledCopyOaccum<C> = TiledCopy<
        CopyAtom<UniversalCopy<U128>, f32>,
        MakeTiledCopyTv<GmemLayoutAtomOaccum<C>, Layout![(1, 4)]>,
        MakeTiledCopyTiler<GmemLayoutAtomOaccum<C>, Layout![(1, 4)]>,
    >;
}

/// The three configurations of `flash_fwd_launch_template.h` (SM80, non-causal).
type Hdim64 = FlashFwd<64, 128, 128, 4>;
type Hdim96 = FlashFwd<96, 128, 64, 4>;
type Hdim128 = FlashFwd<128, 128, 64, 4>;

/// The layouts of configuration `C`, `(name, CuTe's notation)`. (A function generic over `C`
/// would need a bound per alias: it takes the configuration as a macro argument, as a kernel
/// does as a concrete type.)
macro_rules! traits_layouts {
    ($C:ty) => {{
        type C = $C;
        let () = C::CHECK;
        let mma = fa2::TiledMma::<C>::default();
        let (m, n, k) = mma.tile_size();
        let qkv = fa2::GmemTiledCopyQKV::<C>::default();
        let oaccum = fa2::GmemTiledCopyOaccum::<C>::default();
        vec![
            ("kBlockKSmem", fa2::BlockKSmem::<C>::USIZE.to_string()),
            ("kSwizzle", fa2::Swizzle::<C>::USIZE.to_string()),
            ("kSmemSize", fa2::SmemSize::<C>::USIZE.to_string()),
            ("TiledMma.vmnk", mma.thr_layout_vmnk().to_string()),
            ("TiledMma.tile", format!("({m},{n},{k})")),
            (
                "SmemLayoutAtomQ",
                fa2::SmemLayoutAtomQ::<C>::default().to_string(),
            ),
            ("SmemLayoutQ", fa2::SmemLayoutQ::<C>::default().to_string()),
            (
                "SmemLayoutKV",
                fa2::SmemLayoutKV::<C>::default().to_string(),
            ),
            (
                "SmemLayoutVtransposed",
                fa2::SmemLayoutVtransposed::<C>::default().to_string(),
            ),
            (
                "SmemLayoutVtransposedNoSwizzle",
                fa2::SmemLayoutVtransposedNoSwizzle::<C>::default().to_string(),
            ),
            ("SmemLayoutO", fa2::SmemLayoutO::<C>::default().to_string()),
            (
                "GmemLayoutAtom",
                fa2::GmemLayoutAtom::<C>::default().to_string(),
            ),
            ("GmemTiledCopyQKV.tiler", qkv.tiler().to_dyn().to_string()),
            (
                "GmemTiledCopyQKV.TiledLayout_TV",
                qkv.tiled_layout_tv().to_string(),
            ),
            (
                "GmemLayoutAtomOaccum",
                fa2::GmemLayoutAtomOaccum::<C>::default().to_string(),
            ),
            (
                "GmemTiledCopyOaccum.tiler",
                oaccum.tiler().to_dyn().to_string(),
            ),
            (
                "GmemTiledCopyOaccum.TiledLayout_TV",
                oaccum.tiled_layout_tv().to_string(),
            ),
        ]
    }};
}

/// Every layout against CuTe's line `<tag>.<name>`.
fn check(tag: &str, got: Vec<(&str, String)>) {
    let o = oracle();
    for (name, value) in got {
        let key = format!("{tag}.{name}");
        let want = o
            .get(&key)
            .unwrap_or_else(|| panic!("no oracle line {key}"));
        assert_eq!(&value, want, "{key}");
    }
}

#[test]
fn fa2_fwd_traits_hdim64() {
    check("hdim64", traits_layouts!(Hdim64));
}
#[test]
fn fa2_fwd_traits_hdim96() {
    check("hdim96", traits_layouts!(Hdim96));
}
#[test]
fn fa2_fwd_traits_hdim128() {
    check("hdim128", traits_layouts!(Hdim128));
}

/// The register fragments of FA2's forward kernel (`flash_fwd_kernel.h`): `tSrQ =
/// partition_fragment_A(sQ)`, `tSrK = partition_fragment_B(sK)` on the swizzled shared-memory
/// tiles, `tOrVt = partition_fragment_B(sVtNoSwizzle)` on the plain transposed V, and the
/// accumulators `partition_fragment_C(tiled_mma, Shape<kBlockM, kBlockN / kHeadDim>)`.
macro_rules! fragments {
    ($C:ty) => {{
        type C = $C;
        let smem = vec![half_t(0); 1 << 15];
        let acc = vec![0f32; 1 << 15];
        let thr = fa2::TiledMma::<C>::default().get_slice(0);
        let s_q = Tensor::try_new(&smem[..], fa2::SmemLayoutQ::<C>::default()).unwrap();
        let s_k = Tensor::try_new(&smem[..], fa2::SmemLayoutKV::<C>::default()).unwrap();
        let s_vt = Tensor::try_new(
            &smem[..],
            fa2::SmemLayoutVtransposedNoSwizzle::<C>::default(),
        )
        .unwrap();
        let acc_s = Tensor::try_new(
            &acc[..],
            LayoutLeft::<(fa2::BlockM<C>, fa2::BlockN<C>)>::default(),
        )
        .unwrap();
        let acc_o = Tensor::try_new(
            &acc[..],
            LayoutLeft::<(fa2::BlockM<C>, fa2::HeadDim<C>)>::default(),
        )
        .unwrap();
        vec![
            ("tSrQ", thr.partition_fragment_a(&s_q).layout().to_string()),
            ("tSrK", thr.partition_fragment_b(&s_k).layout().to_string()),
            (
                "tOrVt",
                thr.partition_fragment_b(&s_vt).layout().to_string(),
            ),
            (
                "acc_s",
                thr.partition_fragment_c(&acc_s).layout().to_string(),
            ),
            (
                "acc_o",
                thr.partition_fragment_c(&acc_o).layout().to_string(),
            ),
        ]
    }};
}

#[test]
fn fa2_fwd_fragments_hdim64() {
    check("hdim64", fragments!(Hdim64));
}
/// Head dims 96 and 128: the K mode of the Q and K fragments crosses the swizzle's bits, so
/// CuTe splits it there and orders the strides the thread's offset makes runtime values last.
#[test]
fn fa2_fwd_fragments_hdim96() {
    check("hdim96", fragments!(Hdim96));
}
#[test]
fn fa2_fwd_fragments_hdim128() {
    check("hdim128", fragments!(Hdim128));
}

// ---------------------------------------------------------------------------------------------
// More swizzled fragments: the decay's other cases

type Mma4 = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(4,1,1):(1,0,0)], (U64, U16, U16)>;
type Mma22 = TiledMma<SM80_16x8x16_F32F16F16F32_TN, Layout![(2,2,1):(1,2,0)], (U32, U32, U16)>;

/// The A and B fragments of TiledMMA `$M` on the swizzled tiles `$A` and `$B`.
macro_rules! swizzled_fragments {
    ($M:ty, $A:ty, $B:ty) => {{
        let smem = vec![half_t(0); 1 << 13];
        let thr = <$M>::default().get_slice(0);
        let (s_a, s_b) = (<$A>::default(), <$B>::default());
        let f_a = thr.partition_fragment_a(&Tensor::try_new(&smem[..], s_a).unwrap());
        let f_b = thr.partition_fragment_b(&Tensor::try_new(&smem[..], s_b).unwrap());
        vec![
            ("sA", s_a.to_string()),
            ("A", f_a.layout().to_string()),
            ("sB", s_b.to_string()),
            ("B", f_b.layout().to_string()),
        ]
    }};
}

/// `Sw<3,4,3>`: the thread's rows set two of the three `Y` bits, so the third `Z` bit's
/// stride is static (+64) and sorts among the static ones.
#[test]
fn swizzled_fragments_static_partner_bits() {
    type Atom = Layout![Sw<3,4,3> o 0 o (8,64):(64,1)];
    let got =
        swizzled_fragments!(Mma4, TileToShapeOf<Atom, (U64, U64)>, TileToShapeOf<Atom, (U16, U64)>);
    check("sw343", got);
    type Atom122 = Layout![Sw<1,2,2> o 0 o (8,16):(16,1)];
    let got = swizzled_fragments!(
        Mma4,
        TileToShapeOf<Atom122, (U64, U32)>,
        TileToShapeOf<Atom122, (U16, U32)>
    );
    check("sw122", got);
}

/// A negative shift: the read bits below the written ones.
#[test]
fn swizzled_fragments_negative_shift() {
    type Atom = Layout![Sw<2,3,-3> o 0 o (8,32):(32,1)];
    let got = swizzled_fragments!(
        Mma22,
        TileToShapeOf<Atom, (U64, U64)>,
        TileToShapeOf<Atom, (U64, U64)>
    );
    check("sw23m3", got);
}

/// Partitions that reach a `Y` bit and its partner: CuTe keeps the swizzle and the fragment
/// follows the partition's static strides (A of the M-major tile, both of `Sw<2,4,4>`).
#[test]
fn swizzled_fragments_without_decay() {
    type MnAtom = Layout![Sw<3,3,3> o 0 o (64,8):(1,64)];
    let got = swizzled_fragments!(
        Mma22,
        TileToShapeOf<MnAtom, (U64, U32)>,
        TileToShapeOf<MnAtom, (U64, U32)>
    );
    check("mn333", got);
    type Atom = Layout![Sw<2,4,4> o 0 o (16,64):(64,1)];
    let got =
        swizzled_fragments!(Mma4, TileToShapeOf<Atom, (U64, U64)>, TileToShapeOf<Atom, (U16, U64)>);
    check("sw244", got);
}

// ---------------------------------------------------------------------------------------------
// Type leaves in the layout macros

/// A leaf of `Layout![…]` / `layout!(…)` may be a type naming a static integer: a typenum type
/// or generic parameter, `U<N>` of a const generic, an alias, a qualified path, in the shape,
/// the stride and a swizzle's parameters. Each is the same type as the literal.
#[test]
fn type_leaves_are_the_literal_types() {
    use cute_layout::static_assertions::assert_type_eq_all;
    #[allow(clippy::upper_case_acronyms)]
    type BM = U128;
    assert_type_eq_all!(Layout![(BM, 8):(8, 1)], Layout![(128,8):(8,1)]);
    assert_type_eq_all!(Layout![(U<64>, U<{ 4 * 8 }>)], Layout![(64, 32)]);
    assert_type_eq_all!(
        Layout![(cute_layout::typenum::U4, (BM, 2))],
        Layout![(4, (128, 2))]
    );
    assert_type_eq_all!(
        Layout![(<Hdim96 as FlashFwdParams>::HeadDim, fa2::BlockKSmem<Hdim96>)],
        Layout![(96, 32)]
    );
    assert_type_eq_all!(Layout![(BM, {}):(1, BM)], Layout![(128,{}):(1,128)]);
    assert_type_eq_all!(
        Layout![Sw<fa2::Swizzle<Hdim96>, 3, 3> o 0 o
            (8, fa2::BlockKSmem<Hdim96>):(fa2::BlockKSmem<Hdim96>, 1)],
        Layout![Sw<2,3,3> o 0 o (8,32):(32,1)]
    );
    assert_type_eq_all!(Layout![(4, 8):(BM@0, 1@1)], Layout![(4,8):(128@0,1@1)]);
    // Values: static with type leaves, checked at run time with runtime ones.
    let l = cute_layout::layout!((BM, 8):(8, 1));
    assert_eq!(l.to_string(), "(128,8):(8,1)");
    let n = 3;
    let m = cute_layout::layout!((BM, {n}):(1, BM)).unwrap();
    assert_eq!(format!("{m:#}"), "(_128,3):(_1,_128)");
}

/// Without a stride, a shape with type leaves is compact column major, computed in the type
/// system: the same layout as the literal's (a static 1 included).
#[test]
fn type_leaves_compact_stride() {
    use cute_layout::static_assertions::assert_type_eq_all;
    type W = U4;
    assert_type_eq_all!(Layout![(W, 1, 1)], Layout![(4, 1, 1)]);
    assert_type_eq_all!(Layout![((W, 2), 1, W)], Layout![((4, 2), 1, 4)]);
}

/// A layout from a function's const generic parameters, as CuTe's `Int<kBlockM>`.
#[test]
fn const_generic_leaves() {
    fn tile<const BM: usize, const BK: usize>() -> String
    where
        Const<BM>: ToUInt,
        Const<BK>: ToUInt,
        Layout![(U<BM>, U<BK>):(U<BK>, 1)]: Default + core::fmt::Display,
    {
        <Layout![(U<BM>, U<BK>):(U<BK>, 1)]>::default().to_string()
    }
    assert_eq!(tile::<128, 64>(), "(128,64):(64,1)");
    assert_eq!(tile::<96, 32>(), "(96,32):(32,1)");
}
