//! The atoms' layouts and the type-level checks, against brute force over coordinates.
//!
//! This file names every atom type of the crate, so `cargo check --test atom_layouts` measures
//! the compile time of all their checks.

use cute_layout::atom::check::{
    ALayoutCovers, CLayoutBijective, CopyLayoutsValid, MmaLayoutsValid, TvLayout,
};
use cute_layout::atom::*;
use cute_layout::typenum::*;
use cute_layout::{DynLayout, Layout};
use static_assertions::{assert_impl_all, assert_not_impl_any, assert_type_eq_all};

// ---------------------------------------------------------------------------------------------
// Every atom implements its trait (so its checks pass).

assert_impl_all!(SM80_16x8x8_F32F16F16F32_TN: MmaTraits);
assert_impl_all!(SM80_16x8x8_F16F16F16F16_TN: MmaTraits);
assert_impl_all!(SM80_16x8x16_F16F16F16F16_TN: MmaTraits);
assert_impl_all!(SM80_16x8x16_F32F16F16F32_TN: MmaTraits);
assert_impl_all!(SM80_16x8x16_F32BF16BF16F32_TN: MmaTraits);
assert_impl_all!(SM80_16x8x8_F32TF32TF32F32_TN: MmaTraits);
assert_impl_all!(SM80_8x8x4_F64F64F64F64_TN: MmaTraits);
assert_impl_all!(SM80_16x8x32_S32S8S8S32_TN: MmaTraits);
assert_impl_all!(SM80_16x8x64_S32U4S4S32_TN_SATURATE: MmaTraits);
assert_impl_all!(SM80_16x8x256_S32U1U1S32_TN_XORPOPC: MmaTraits);
assert_impl_all!(SM75_16x8x8_F32F16F16F32_TN: MmaTraits);
assert_impl_all!(SM89_16x8x32_F16E4M3E5M2F16_TN: MmaTraits);
assert_impl_all!(SM70_8x8x4_F32F16F16F32_NT: MmaTraits);
assert_impl_all!(UniversalFMA<f32>: MmaTraits);
assert_impl_all!(UniversalFMA<half_t, half_t, half_t, f32>: MmaTraits);
assert_impl_all!(SM90_64x256x16_F16F16F16_SS<gmma::Major::MN, gmma::Major::MN>: MmaTraits);
assert_impl_all!(SM90_64x8x16_F16F16F16_RS: MmaTraits);
assert_not_impl_any!(SM90_64xNx16_F16F16F16_RS<U64, gmma::Major::MN>: MmaTraits);
assert_type_eq_all!(
    <SM90_64x64x16_F16F16F16_SS as MmaTraits>::CRegisters,
    GenericArray<u32, U16>
);
assert_type_eq_all!(
    <SM90_64x64x16_F16F16F16_SS as MmaTraits>::CLayout,
    <SM90_64x64x16_F32F16F16_SS as MmaTraits>::CLayout
);
macro_rules! gmma_all {
    ($($N:ident)*) => {$(
        assert_impl_all!(SM90_64xNx16_F32F16F16_SS<$N>: MmaTraits);
        assert_impl_all!(SM90_64xNx16_F32F16F16_RS<$N>: MmaTraits);
        assert_impl_all!(SM90_64xNx16_F32BF16BF16_SS<$N, gmma::Major::MN, gmma::Major::MN>: MmaTraits);
        assert_impl_all!(SM90_64xNx16_F32BF16BF16_RS<$N, gmma::Major::K, gmma::Major::MN>: MmaTraits);
    )*};
}
gmma_all!(U8 U16 U24 U32 U64 U96 U128 U192 U256);
assert_impl_all!(SM90_64x128x16_F32F16F16_SS: MmaTraits);
// `_RS` takes A from registers: K-major only (CuTe static_asserts it).
assert_not_impl_any!(SM90_64xNx16_F32F16F16_RS<U64, gmma::Major::MN>: MmaTraits);
// N must be a wgmma width.
assert_not_impl_any!(SM90_64xNx16_F32F16F16_SS<U12>: MmaTraits);
assert_impl_all!(SM75_U32x1_LDSM_N: CopyTraits);
assert_impl_all!(SM75_U32x2_LDSM_N: CopyTraits);
assert_impl_all!(SM75_U32x4_LDSM_N: CopyTraits);
assert_impl_all!(SM75_U16x2_LDSM_T: CopyTraits);
assert_impl_all!(SM75_U16x4_LDSM_T: CopyTraits);
assert_impl_all!(SM75_U16x8_LDSM_T: CopyTraits);
assert_impl_all!(SM90_U32x1_STSM_N: CopyTraits);
assert_impl_all!(SM90_U32x2_STSM_N: CopyTraits);
assert_impl_all!(SM90_U32x4_STSM_N: CopyTraits);
assert_impl_all!(SM90_U16x2_STSM_T: CopyTraits);
assert_impl_all!(SM90_U16x4_STSM_T: CopyTraits);
assert_impl_all!(SM90_U16x8_STSM_T: CopyTraits);
assert_impl_all!(UniversalCopy<U8>: CopyTraits);
assert_impl_all!(UniversalCopy<U128>: CopyTraits);
assert_impl_all!(SM80_CP_ASYNC_CACHEALWAYS<U128>: CopyTraits);
assert_not_impl_any!(SM80_CP_ASYNC_CACHEALWAYS<U16>: CopyTraits);
assert_impl_all!(SM80_CP_ASYNC_CACHEALWAYS_ZFILL<U32>: CopyTraits);
assert_impl_all!(SM80_CP_ASYNC_CACHEGLOBAL<U128>: CopyTraits);
assert_impl_all!(SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<U128>: CopyTraits);
// cp.async.cg copies 16 bytes only.
assert_not_impl_any!(SM80_CP_ASYNC_CACHEGLOBAL<U64>: CopyTraits);
assert_not_impl_any!(SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<U32>: CopyTraits);
assert_impl_all!(AutoVectorizingCopy: CopyTraits);
assert_impl_all!(DefaultCopy: CopyTraits);
assert_not_impl_any!(AutoVectorizingCopyWithAssumedAlignment<U24>: CopyTraits);

// ---------------------------------------------------------------------------------------------
// The conditions on hand-picked layouts, against what brute force says about them (the
// `brute_force_agrees` test below evaluates each).

type Sizes<L, N> = (
    <L as TvLayout>::Size,
    <L as TvLayout>::ImageSize,
    <L as TvLayout>::CompactSize,
    N,
);
type Cover<L, N> = (<L as TvLayout>::ImageSize, <L as TvLayout>::CompactSize, N);

// Bijections onto [0, 6) / [0, 8), also with interleaved and out-of-order modes.
assert_impl_all!(Sizes<Layout![(2,3):(3,1)], U6>: CLayoutBijective);
assert_impl_all!(Sizes<Layout![(3,2):(2,1)], U6>: CLayoutBijective);
assert_impl_all!(Sizes<Layout![((2,2),2):((4,1),2)], U8>: CLayoutBijective);
// Not bijections: overlap, a gap, a broadcast mode, a negative stride, the wrong tile size.
assert_not_impl_any!(Sizes<Layout![(3,3):(1,2)], U9>: CLayoutBijective);
assert_not_impl_any!(Sizes<Layout![(2,2):(1,4)], U4>: CLayoutBijective);
assert_not_impl_any!(Sizes<Layout![(2,4):(0,1)], U8>: CLayoutBijective);
assert_not_impl_any!(Sizes<Layout![(2,4):(0,1)], U4>: CLayoutBijective);
assert_not_impl_any!(Sizes<Layout![(2,2):(1,-2)], U4>: CLayoutBijective);
assert_not_impl_any!(Sizes<Layout![(2,3):(3,1)], U8>: CLayoutBijective);
// Coverage allows broadcast (stride-0) modes, nothing else.
assert_impl_all!(Cover<Layout![(2,4):(0,1)], U4>: ALayoutCovers);
assert_impl_all!(Cover<Layout![((4,2),(2,3)):((0,1),(6,2))], U12>: ALayoutCovers);
assert_not_impl_any!(Cover<Layout![(2,4):(1,1)], U8>: ALayoutCovers);
assert_not_impl_any!(Cover<Layout![(2,4):(0,2)], U8>: ALayoutCovers);

/// Brute force: (size, image size, whether the image is [0, image size) reached once by the
/// non-broadcast coordinates). Every offset `L(i)` ([`crate::flat_offsets`]) counted in an
/// array over `[min, max]` of the offsets.
fn brute(l: &DynLayout) -> (i64, i64, bool) {
    let offsets = crate::flat_offsets(l);
    let size = offsets.len() as i64;
    let lo = offsets.iter().copied().min().unwrap_or(0);
    let hi = offsets.iter().copied().max().unwrap_or(0);
    let mut hits = vec![0i64; (hi - lo + 1) as usize];
    for &o in &offsets {
        hits[(o - lo) as usize] += 1;
    }
    let image = hits.iter().filter(|&&h| h > 0).count() as i64;
    // compact: the offsets reached are exactly 0..image
    let compact = lo == 0 && hits[..image as usize].iter().all(|&h| h > 0);
    // With broadcast, each element is hit size/image times.
    let uniform = hits.iter().all(|&h| h == 0 || h * image == size);
    (size, image, compact && uniform)
}

#[test]
fn brute_force_agrees_with_the_hand_picked_cases() {
    for (l, n, bijective) in [
        ("(2,3):(3,1)", 6, true),
        ("(3,2):(2,1)", 6, true),
        ("((2,2),2):((4,1),2)", 8, true),
        ("(3,3):(1,2)", 9, false),
        ("(2,2):(1,4)", 4, false),
        ("(2,4):(0,1)", 8, false),
    ] {
        let d: DynLayout = l.parse().unwrap();
        let (size, image, compact) = brute(&d);
        assert_eq!(size == n && image == n && compact, bijective, "{l}");
    }
    for (l, n, covers) in [
        ("(2,4):(0,1)", 4, true),
        ("((4,2),(2,3)):((0,1),(6,2))", 12, true),
        ("(2,4):(1,1)", 8, false),
        ("(2,4):(0,2)", 8, false),
    ] {
        let d: DynLayout = l.parse().unwrap();
        let (_, image, compact) = brute(&d);
        assert_eq!(image == n && compact, covers, "{l}");
    }
}

// The checks are reusable on layouts directly (as a TiledMMA will).
assert_impl_all!((Layout![32], (U16, U8, U16),
    <SM80_16x8x16_F32F16F16F32_TN as MmaTraits>::ALayout,
    <SM80_16x8x16_F32F16F16F32_TN as MmaTraits>::BLayout,
    <SM80_16x8x16_F32F16F16F32_TN as MmaTraits>::CLayout): MmaLayoutsValid);
assert_not_impl_any!((Layout![32], (U16, U8, U8),
    <SM80_16x8x16_F32F16F16F32_TN as MmaTraits>::ALayout,
    <SM80_16x8x16_F32F16F16F32_TN as MmaTraits>::BLayout,
    <SM80_16x8x16_F32F16F16F32_TN as MmaTraits>::CLayout): MmaLayoutsValid);
assert_not_impl_any!((Layout![32], Layout![(32,128):(128,1)], Layout![(32,32):(32,1)],
    Layout![(32,32):(32,1)]): CopyLayoutsValid);

// CuTe's `SM80_16x8x16_F32F16F16F32_TN` inherits the traits of `SM80_16x8x16_F16F16F16F16_TN`
// and overrides only the value types: the same layouts, f16 C/D in two registers of two halfs.
type F16Acc = SM80_16x8x16_F16F16F16F16_TN;
type F32Acc = SM80_16x8x16_F32F16F16F32_TN;
assert_impl_all!((Layout![32], (U16, U8, U16),
    <F16Acc as MmaTraits>::ALayout,
    <F16Acc as MmaTraits>::BLayout,
    <F16Acc as MmaTraits>::CLayout): MmaLayoutsValid);
assert_type_eq_all!(
    <F16Acc as MmaTraits>::Shape_MNK,
    <F32Acc as MmaTraits>::Shape_MNK
);
assert_type_eq_all!(<F16Acc as MmaTraits>::ThrID, <F32Acc as MmaTraits>::ThrID);
assert_type_eq_all!(
    <F16Acc as MmaTraits>::ALayout,
    <F32Acc as MmaTraits>::ALayout
);
assert_type_eq_all!(
    <F16Acc as MmaTraits>::BLayout,
    <F32Acc as MmaTraits>::BLayout
);
assert_type_eq_all!(
    <F16Acc as MmaTraits>::CLayout,
    <F32Acc as MmaTraits>::CLayout
);
assert_type_eq_all!(
    <F16Acc as MmaTraits>::ValTypeD,
    <F16Acc as MmaTraits>::ValTypeA,
    <F16Acc as MmaTraits>::ValTypeB,
    <F16Acc as MmaTraits>::ValTypeC,
    half_t
);
assert_type_eq_all!(<F16Acc as MmaTraits>::ARegisters, GenericArray<u32, U4>);
assert_type_eq_all!(<F16Acc as MmaTraits>::BRegisters, GenericArray<u32, U2>);
assert_type_eq_all!(
    <F16Acc as MmaTraits>::CRegisters,
    <F16Acc as MmaTraits>::DRegisters,
    GenericArray<u32, U2>
);

// ---------------------------------------------------------------------------------------------
// Every atom of the table, by brute force: the conditions the type level checks hold.

#[test]
fn every_atom_satisfies_its_conditions_by_brute_force() {
    // Many atoms share a layout (a GMMA family's element types): each distinct layout is
    // walked once.
    let mut seen = std::collections::HashMap::new();
    let mut walked = |l: &DynLayout| *seen.entry(l.to_string()).or_insert_with(|| brute(l));
    for name in atom_names() {
        match atom_layouts(name).unwrap() {
            AtomLayouts::Mma {
                thr_id,
                shape_mnk: (m, n, k),
                a,
                b,
                c,
            } => {
                for l in [&a, &b, &c] {
                    assert_eq!(l.mode(0).unwrap().size(), thr_id.size(), "{name}: {l}");
                }
                assert_eq!(walked(&c), (m * n, m * n, true), "{name}: C {c}");
                let (_, ia, ca) = walked(&a);
                assert!(ia == m * k && ca, "{name}: A {a}");
                let (_, ib, cb) = walked(&b);
                assert!(ib == n * k && cb, "{name}: B {b}");
            }
            AtomLayouts::Copy {
                thr_id,
                src,
                dst,
                ref_layout,
            } => {
                for l in [&src, &dst, &ref_layout] {
                    assert_eq!(l.mode(0).unwrap().size(), thr_id.size(), "{name}: {l}");
                }
                let (_, is, cs) = walked(&src);
                let (_, id, cd) = walked(&dst);
                assert!(cs && cd && is == id, "{name}: {src} / {dst}");
            }
        }
    }
}

#[test]
fn names_are_unique_and_cute_spelled() {
    let names = atom_names();
    let set: std::collections::BTreeSet<_> = names.iter().collect();
    assert_eq!(set.len(), names.len());
    // SM80 f16/bf16/tf32/f64/s8 (8), GMMA f32 accumulator (32), ldmatrix/stmatrix (12),
    // UniversalCopy (5), cp.async.ca (3); then the other mma.sync atoms (73: SM80 55,
    // SM75 2, SM89 8, SM70 8), UniversalFMA (2), GMMA f16 accumulator (16), cp.async.cg and
    // the ZFILL forms (5), AutoVectorizingCopyWithAssumedAlignment (5); the K-major-only GMMA
    // families (102: 13 families, SS and RS, N 8/64/256, and 24/128/200|208 for four of them);
    // the integer families' `_SATURATE` forms (24: 4 families, SS and RS, N 8/64/256).
    assert_eq!(
        names.len(),
        8 + 32 + 12 + 5 + 3 + 73 + 2 + 16 + 5 + 5 + 13 * 2 * 3 + 4 * 2 * 3 + 4 * 2 * 3
    );
    let l = atom_layouts("SM80_16x8x16_F32F16F16F32_TN")
        .unwrap()
        .lines();
    assert_eq!(
        l,
        [
            "ThrID: 32:1",
            "Shape_MNK: (16,8,16)",
            "ALayout: ((4,8),(2,2,2)):((32,1),(16,8,128))",
            "BLayout: ((4,8),(2,2)):((16,1),(8,64))",
            "CLayout: ((4,8),(2,2)):((32,1),(16,8))",
        ]
    );
    // The f16-accumulator atom prints the same layouts (CuTe: the f32 one inherits them).
    assert_eq!(
        atom_layouts("SM80_16x8x16_F16F16F16F16_TN")
            .unwrap()
            .lines(),
        l
    );
}

// ---------------------------------------------------------------------------------------------
// Recasting copy layouts from bits to elements, and the GMMA shared-memory atoms.

#[test]
fn val_layouts_are_the_bit_layouts_in_elements() {
    macro_rules! check {
        ($Op:ty) => {{
            let name = stringify!($Op);
            for (bits, elems) in [
                (
                    <<$Op as CopyTraits>::SrcLayout>::default().to_string(),
                    ValLayoutSrc::<$Op, half_t>::default().to_string(),
                ),
                (
                    <<$Op as CopyTraits>::DstLayout>::default().to_string(),
                    ValLayoutDst::<$Op, half_t>::default().to_string(),
                ),
            ] {
                let bits: DynLayout = bits.parse().unwrap();
                let elems: DynLayout = elems.parse().unwrap();
                let t = bits.mode(0).unwrap().size();
                assert_eq!(elems.mode(0).unwrap().size(), t, "{name}");
                assert_eq!(
                    elems.mode(1).unwrap().size() * 16,
                    bits.mode(1).unwrap().size(),
                    "{name}"
                );
                // Element v of thread t is bits 16v..16v+16 of that thread, at offset / 16.
                for i in 0..elems.size() {
                    let (tt, v) = (i % t, i / t);
                    assert_eq!(
                        elems.eval(i) * 16,
                        bits.eval(tt + t * 16 * v),
                        "{name} ({tt},{v})"
                    );
                }
            }
        }};
    }
    check!(SM75_U32x4_LDSM_N);
    check!(SM75_U16x8_LDSM_T);
    check!(SM90_U32x2_STSM_N);
    check!(SM90_U16x2_STSM_T);
    check!(SM80_CP_ASYNC_CACHEALWAYS<U128>);
}

/// CuTe's swizzle `Sw<B,4,3>` applied to byte addresses (what its smem pointer does).
fn cute_byte_swizzle(b: u32, addr: i64) -> i64 {
    let mask = ((1i64 << b) - 1) << 4;
    addr ^ ((addr >> 3) & mask)
}

#[test]
fn gmma_smem_atoms_swizzle_byte_addresses_as_cute() {
    macro_rules! atom {
        ($A:ident, $T:ty, $bytes:expr, $b:expr, $k_major:expr) => {{
            let a = gmma::$A::<$T>::new();
            let d: cute_layout::DynComposedLayout = a.to_dyn();
            let inner = a.layout_b().to_dyn();
            let (rows, cols) = (inner.mode(0).unwrap().size(), inner.mode(1).unwrap().size());
            // The atom spans one swizzle pattern: 8 rows (K-major) or 8 columns of 16·2^B bytes.
            let row_bytes = 16 << $b;
            if $k_major {
                assert_eq!((rows, cols * $bytes), (8, row_bytes));
            } else {
                assert_eq!((rows * $bytes, cols), (row_bytes, 8));
            }
            let mut seen = std::collections::BTreeSet::new();
            for i in 0..inner.size() {
                let plain = inner.eval(i) * $bytes;
                assert_eq!(
                    d.eval(i) * $bytes,
                    cute_byte_swizzle($b, plain),
                    "{} {i}",
                    stringify!($A)
                );
                assert!(seen.insert(d.eval(i)));
            }
            assert_eq!(seen.len() as i64, inner.size());
        }};
    }
    atom!(Layout_K_INTER_Atom, half_t, 2, 0, true);
    atom!(Layout_K_SW32_Atom, half_t, 2, 1, true);
    atom!(Layout_K_SW64_Atom, bfloat16_t, 2, 2, true);
    atom!(Layout_K_SW128_Atom, half_t, 2, 3, true);
    atom!(Layout_K_SW128_Atom, f32, 4, 3, true);
    atom!(Layout_K_SW128_Atom, u8, 1, 3, true);
    atom!(Layout_MN_INTER_Atom, half_t, 2, 0, false);
    atom!(Layout_MN_SW32_Atom, f32, 4, 1, false);
    atom!(Layout_MN_SW64_Atom, half_t, 2, 2, false);
    atom!(Layout_MN_SW128_Atom, half_t, 2, 3, false);
    atom!(Layout_MN_SW128_Atom, f64, 8, 3, false);
}
