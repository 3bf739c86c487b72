//! The layout-level bank analysis (`cute_layout::banks::{analyze_tv, analyze_copy,
//! widest_conflict_free_vector, find_swizzle}`): expected values derived by hand from the bank
//! rules, and addresses checked against those the probe generator derived by hand for the
//! CuTe SM80 GEMM (`tests/data/banks/banks.txt`).

use cute_layout::banks::{
    analyze, analyze_copy, analyze_tv, element_address, find_swizzle, widest_conflict_free_vector,
    SmemInstruction,
};
use cute_layout::{DynComposedLayout, DynLayout, ErrorKind};

fn f32_tile(pitch: i64) -> DynLayout {
    // 32x32 f32 tile, row r column c at r*pitch + c; 1-D index r + 32c.
    format!("(32,32):({pitch},1)").parse().unwrap()
}

/// Thread t reads row t; value v is column v.
fn row_per_thread(t: u32, v: u32) -> cute_layout::error::Result<i64> {
    Ok(t as i64 + 32 * v as i64)
}

#[test]
fn banks_tv_rows_of_an_f32_tile() {
    // Pitch 32 words: every thread's row starts in bank 0.
    // v4: 8 lanes per quarter-warp on banks 0..3, 8 distinct words each: 8 x 4 = 32 per
    // instruction, 8 instructions.
    let s = analyze_tv(row_per_thread, 32, 0, &f32_tile(32), 32, 4, false).unwrap();
    assert_eq!(s.instruction, SmemInstruction::LdSharedV4B32);
    assert_eq!((s.instructions, s.wavefronts, s.ideal), (8, 256, 32));
    assert_eq!((s.conflicts, s.worst.degree), (224, 8));
    // b32: 32-way.
    let s = analyze_tv(row_per_thread, 32, 0, &f32_tile(32), 32, 1, true).unwrap();
    assert_eq!(
        (s.wavefronts, s.conflicts, s.worst.degree),
        (32 * 32, 31 * 32, 32)
    );
    assert_eq!(s.worst.worst_lanes, u32::MAX);
    assert_eq!(
        widest_conflict_free_vector(row_per_thread, 32, 0, &f32_tile(32), 32, false).unwrap(),
        None
    );
    // Pitch 33 words: b32 conflict-free; v2/v4 misaligned (132 bytes per row) hence skipped.
    let (v, s) = widest_conflict_free_vector(row_per_thread, 32, 0, &f32_tile(33), 32, false)
        .unwrap()
        .unwrap();
    assert_eq!((v, s.wavefronts, s.conflicts), (1, 32, 0));
    let e = analyze_tv(row_per_thread, 32, 0, &f32_tile(33), 32, 4, false).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::MisalignedAddress);
    // Pitch 36 words (144 bytes): 8 rows of a quarter-warp land in 8 distinct 16-byte slots.
    let (v, s) = widest_conflict_free_vector(row_per_thread, 32, 0, &f32_tile(36), 32, false)
        .unwrap()
        .unwrap();
    assert_eq!(
        (v, s.instructions, s.wavefronts, s.conflicts),
        (4, 8, 32, 0)
    );
}

#[test]
fn banks_tv_errors() {
    // Thread t reads column t: its values are 32 elements apart, not a vector.
    let col = |t: u32, v: u32| Ok(v as i64 + 32 * t as i64);
    let e = analyze_tv(col, 32, 0, &f32_tile(32), 32, 2, false).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotDivisible);
    let e = analyze_tv(row_per_thread, 30, 0, &f32_tile(32), 32, 4, false).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotDivisible);
    let e = analyze_tv(row_per_thread, 32, 0, &f32_tile(32), 32, 3, false).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    // Out of the layout's domain.
    let e = analyze_tv(row_per_thread, 32, 40, &f32_tile(32), 32, 1, false).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::BadCoordinate, "{e}");
}

/// The A tile of the CuTe SM80 GEMM: `tile_to_shape(Sw<3,3,3> o (8,64):(64,1), (128,64))`,
/// half_t, row r column c at 1-D index r + 128 c; the LDSM_N x4 partition of warp `w`
/// (rows 16w..16w+15 of m-repetition 0): lane l supplies row 16w + l%16, column
/// 8(l/16) + 16k for k-block k.
fn sm80_a(swizzled: bool) -> DynComposedLayout {
    let sw = if swizzled { "Sw<3,3,3>" } else { "Sw<0,4,3>" };
    format!("{sw} o 0 o ((8,16),64):((64,512),1)")
        .parse()
        .unwrap()
}

fn sm80_lane(w: u32, k: u32, l: u32) -> i64 {
    let (r, c) = (16 * w + l % 16, 8 * (l / 16) + 16 * k);
    r as i64 + 128 * c as i64
}

fn recorded(label: &str) -> (Vec<u32>, u32, u32) {
    let data = include_str!("data/banks/banks.txt");
    let line = data
        .lines()
        .find(|l| {
            !l.starts_with('#')
                && l.split(' ').nth(2).unwrap().split('=').any(|n| n == label)
                && l.split(' ').nth(1) == Some("ldmatrix.sync.aligned.m8n8.x4.shared.b16")
        })
        .unwrap_or_else(|| panic!("{label} not recorded"));
    let t: Vec<&str> = line.split(' ').collect();
    let a = t[3..35].iter().map(|x| x.parse().unwrap()).collect();
    (a, t[35].parse().unwrap(), t[36].parse().unwrap())
}

#[test]
fn banks_sm80_gemm_ldmatrix_matches_recorded_addresses_and_counts() {
    for (swizzled, name) in [(true, "sw333"), (false, "noswizzle")] {
        let smem = sm80_a(swizzled);
        for (w, k) in [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 3)] {
            let label = format!("cute_sm80_gemm_A_{name}_warp{w}_mrep0_kblock{k}");
            if !swizzled && w != 0 {
                continue; // only warp 0 recorded unswizzled
            }
            let (addr, wf, cf) = recorded(&label);
            let ours: Vec<u32> = (0..32)
                .map(|l| element_address(&smem, 16, sm80_lane(w, k, l)).unwrap())
                .collect();
            assert_eq!(ours, addr, "{label}: addresses");
            let s = analyze_copy(SmemInstruction::LdmatrixX4, &smem, 16, 1, |_, l| {
                Ok(sm80_lane(w, k, l))
            })
            .unwrap();
            assert_eq!((s.wavefronts, s.conflicts), (wf, cf), "{label}");
        }
    }
}

#[test]
fn banks_find_swizzle_for_the_sm80_ldmatrix() {
    let plain: DynLayout = "((8,16),64):((64,512),1)".parse().unwrap();
    let copy = |i: u32, l: u32| Ok(sm80_lane(i % 4, i / 4, l));
    let before = analyze_copy(SmemInstruction::LdmatrixX4, &plain, 16, 16, copy).unwrap();
    assert_eq!(before.conflicts, 16 * 28);
    let sw = find_swizzle(SmemInstruction::LdmatrixX4, &plain, 16, 16, copy)
        .unwrap()
        .expect("a conflict-free swizzle exists (Sw<3,3,3>)");
    // Check the answer through the composed layout, an independent evaluation path.
    let composed: DynComposedLayout = format!("{sw} o 0 o ((8,16),64):((64,512),1)")
        .parse()
        .unwrap();
    let after = analyze_copy(SmemInstruction::LdmatrixX4, &composed, 16, 16, copy).unwrap();
    assert_eq!((after.wavefronts, after.conflicts), (64, 0), "{sw}");
    // 8 rows of 16 bytes need all 8 16-byte slots of a 128-byte line: B = 3, M = 3 (8 halves).
    assert_eq!(cute_layout::swizzle::SwizzleFn::bits(&sw), 3);
    assert_eq!(cute_layout::swizzle::SwizzleFn::base(&sw), 3);
    assert!(composed.cosize() >= 128 * 64);
}

#[test]
fn banks_find_swizzle_none_when_no_swizzle_can_help() {
    // 32 lanes on 32 distinct words of bank 0: a swizzle of at most 3 bits moves them onto
    // at most 8 banks, so some bank keeps 4 of them.
    let plain: DynLayout = "32:1024".parse().unwrap();
    let r = find_swizzle(SmemInstruction::LdSharedB32, &plain, 32, 1, |_, l| {
        Ok(l as i64)
    })
    .unwrap();
    assert_eq!(r, None);
    // Sanity of the premise: 32-way without a swizzle.
    let a: Vec<u32> = (0..32).map(|l| 4096 * l).collect();
    assert_eq!(
        analyze(SmemInstruction::LdSharedB32, &a).unwrap().degree,
        32
    );
}

/// The compile-time evaluation of static layouts (flattened leaves, swizzle re-implemented in
/// `const`) agrees with the library's layout evaluation at every index.
#[test]
fn banks_static_desc_evaluates_like_the_layouts() {
    use cute_layout::banks::StaticSmemLayout;
    use cute_layout::typenum::{N3, P3, U0, U2, U3};
    use cute_layout::{layout, ComposedLayout, Layout, Swizzle};
    type A = Layout![((8,16),64):((64,512),1)];
    type Sa = ComposedLayout<Swizzle<U3, U3, P3>, U0, A>;
    type Sb = ComposedLayout<Swizzle<U2, U0, N3>, U0, Layout![(4,(2,8)):(16,(1,2))]>;
    let a: A = Default::default();
    let sa = layout!(Sw<3,3,3> o 0 o ((8,16),64):((64,512),1));
    let sb = layout!(Sw<2,0,-3> o 0 o (4,(2,8)):(16,(1,2)));
    let _: (Sa, Sb) = (sa, sb);
    for i in 0..a.size().into() {
        assert_eq!(A::DESC.eval(i), a.eval(i), "{i}");
        assert_eq!(Sa::DESC.eval(i), sa.eval(i), "{i}");
    }
    for i in 0..64 {
        assert_eq!(Sb::DESC.eval(i), sb.eval(i), "{i}");
    }
    assert_eq!(A::DESC.mode0_size, 128);
}

/// The compile-time analysis agrees with the runtime one (`analyze_tv` on `DynLayout`s, the
/// runtime evaluation path) on the hand-checked cases above.
#[test]
fn banks_static_report_agrees_with_runtime() {
    use cute_layout::banks::StaticTvCopy;
    use cute_layout::typenum::{P3, U0, U2, U3};
    use cute_layout::{ComposedLayout, Layout, Swizzle};
    type Tv = Layout![(32,32):(1,32)];
    type Pitch32 = Layout![(32,32):(32,1)];
    type Pitch36 = Layout![(32,32):(36,1)];
    type Sw = ComposedLayout<Swizzle<U3, U2, P3>, U0, Pitch32>;
    let r = StaticTvCopy::<Tv, Pitch32, 32, 4, false>::REPORT;
    let d = analyze_tv(row_per_thread, 32, 0, &f32_tile(32), 32, 4, false).unwrap();
    assert_eq!(
        (r.wavefronts, r.ideal, r.conflicts),
        (d.wavefronts, d.ideal, d.conflicts)
    );
    assert_eq!(r.worst, d.worst);
    let r = StaticTvCopy::<Tv, Pitch36, 32, 4, true>::REPORT;
    assert_eq!((r.wavefronts, r.conflicts), (32, 0));
    let r = StaticTvCopy::<Tv, Sw, 32, 4, false>::REPORT;
    assert_eq!((r.wavefronts, r.conflicts), (32, 0));
    let r = StaticTvCopy::<Tv, Pitch32, 32, 1, true>::REPORT;
    assert_eq!((r.wavefronts, r.conflicts, r.worst.degree), (1024, 992, 32));
}

/// The high-level analysis of a TiledCopy: the SM80 GEMM's ldmatrix copy
/// (`make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, mma)`) over its A tile derives,
/// from the copy's own TV layouts, the addresses and counts recorded on the H100 for every
/// `cute_sm80_gemm_A_*` configuration, lane by lane.
#[test]
fn banks_tiled_copy_sm80_ldmatrix_matches_recorded() {
    use cute_layout::atom::*;
    use cute_layout::banks::tiled::{analyze_tiled_copy, SmemSide};
    use cute_layout::layout;
    use cute_layout::typenum::{U16, U32};
    let mma = make_tiled_mma(
        SM80_16x8x16_F32F16F16F32_TN,
        layout!((2,2,1):(1,2,0)),
        (U32::new(), U32::new(), U16::new()),
    );
    let ld = make_tiled_copy_a(CopyAtom::<SM75_U32x4_LDSM_N, half_t>::new(), mma);
    let data = include_str!("data/banks/banks.txt");
    let mut checked = 0;
    for (swizzled, name) in [(true, "sw333"), (false, "noswizzle")] {
        let smem = sm80_a(swizzled);
        let all = analyze_tiled_copy(
            &ld,
            &smem,
            (128, 64),
            16,
            SmemInstruction::LdmatrixX4,
            SmemSide::Src,
        )
        .unwrap();
        // 4 warps x (4 m-tiles x 4 k-blocks) x 1 call.
        assert_eq!(all.len(), 64);
        for line in data.lines().filter(|l| !l.starts_with('#')) {
            let t: Vec<&str> = line.split(' ').collect();
            for label in t[2].split('=') {
                let Some(rest) = label.strip_prefix(&format!("cute_sm80_gemm_A_{name}_warp"))
                else {
                    continue;
                };
                let p: Vec<u32> = rest
                    .split(|c: char| !c.is_ascii_digit())
                    .filter(|x| !x.is_empty())
                    .map(|x| x.parse().unwrap())
                    .collect();
                let (w, r, k) = (p[0], p[1] as i64, p[2] as i64);
                let i = all
                    .iter()
                    .find(|i| i.warp == w && i.tile == (r, k))
                    .unwrap();
                let addr: Vec<u32> = t[3..35].iter().map(|x| x.parse().unwrap()).collect();
                assert_eq!(i.addresses.to_vec(), addr, "{label}: addresses");
                let (wf, cf): (u32, u32) = (t[35].parse().unwrap(), t[36].parse().unwrap());
                assert_eq!(
                    (i.report.wavefronts, i.report.conflicts),
                    (wf, cf),
                    "{label}"
                );
                checked += 1;
            }
        }
        for i in &all {
            if swizzled {
                assert_eq!((i.report.wavefronts, i.report.conflicts), (4, 0));
            } else {
                // Every 8-lane group: 8 rows of a 128-byte pitch, one bank group: 8-way.
                assert_eq!((i.report.wavefronts, i.report.conflicts), (32, 28));
                assert_eq!(i.report.degree, 8);
            }
        }
    }
    assert_eq!(
        checked,
        25 + 8,
        "every recorded label (with aliases) is checked"
    );
    // A tile the copy does not divide, and a size mismatch, are errors.
    let plain: DynLayout = "(120,64):(64,1)".parse().unwrap();
    let e = analyze_tiled_copy(
        &ld,
        &plain,
        (120, 64),
        16,
        SmemInstruction::LdmatrixX4,
        SmemSide::Src,
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotDivisible);
    let e = analyze_tiled_copy(
        &ld,
        &plain,
        (128, 64),
        16,
        SmemInstruction::LdmatrixX4,
        SmemSide::Src,
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ShapeMismatch);
}

/// FlashAttention-2's Q copy (`Flash_fwd_kernel_traits`, d = 128, kBlockM = 128, 128 threads,
/// `csrc/flash_attn/src/kernel_traits.h`) from the crate's own layouts: CuTe's
/// `tile_to_shape(composition(Swizzle<3,3,3>, (8,64):(64,1)), (128,128))` (the composed layout's
/// swizzle over the tiled inner layout) and `make_tiled_copy` of `SM80_CP_ASYNC_CACHEGLOBAL`
/// with 8 threads per row (FA2's choice) or 16 (the alternative its comment calls 6-10% slower
/// "because of bank conflicts"). The addresses equal those the probe derived by hand and
/// measured on the H200 (`cpasync_h200.txt`); the model finds every instruction of both copies
/// conflict-free, as the H200 counted them (`.ca`; `.cg` is not counted, and timed alike).
#[test]
fn banks_flash_attention_2_q_copy_is_conflict_free() {
    use cute_layout::atom::*;
    use cute_layout::banks::tiled::{analyze_tiled_copy, SmemSide};
    use cute_layout::layout;
    let inner = layout!((8,64):(64,1))
        .try_tile_to_shape((128, 128))
        .unwrap();
    let smem: DynComposedLayout = format!("Sw<3,3,3> o 0 o {inner}").parse().unwrap();
    let atom = || CopyAtom::<SM80_CP_ASYNC_CACHEGLOBAL<cute_layout::typenum::U128>, half_t>::new();
    let tpr8 = make_tiled_copy(atom(), layout!((16,8):(8,1)), layout!((1,8):(1,1)));
    let tpr16 = make_tiled_copy(atom(), layout!((8,16):(16,1)), layout!((1,8):(1,1)));
    let data = include_str!("data/banks/cpasync_h200.txt");
    let mut checked = 0;
    for (tpr, all) in [
        (
            8,
            analyze_tiled_copy(
                &tpr8,
                &smem,
                (128, 128),
                16,
                SmemInstruction::CpAsyncCg16,
                SmemSide::Dst,
            ),
        ),
        (
            16,
            analyze_tiled_copy(
                &tpr16,
                &smem,
                (128, 128),
                16,
                SmemInstruction::CpAsyncCg16,
                SmemSide::Dst,
            ),
        ),
    ] {
        let all = all.unwrap();
        assert_eq!(all.len(), 4 * 16); // 4 warps x 16 tiles x 1 call
        for (k, ins) in all.iter().enumerate() {
            assert_eq!((ins.report.wavefronts, ins.report.conflicts), (4, 0));
            let label = format!("fa2_q_d128_tpr{tpr}_pitch256_warp{}_it{}", k / 16, k % 16);
            for line in data.lines().filter(|l| !l.starts_with('#')) {
                let t: Vec<&str> = line.split(' ').collect();
                if !t[2].split('=').any(|l| l == label) {
                    continue;
                }
                let dst: Vec<u32> = t[3..35].iter().map(|a| a.parse().unwrap()).collect();
                assert_eq!(dst, ins.addresses, "{label} {}", t[1]);
                let col = |name: &str| -> u32 {
                    t.iter()
                        .find_map(|kv| kv.strip_prefix(name))
                        .unwrap()
                        .parse()
                        .unwrap()
                };
                let measured = (
                    col("wavefronts_all=") - col("wavefronts_misc="),
                    col("conflicts="),
                );
                let expect = if t[1].contains(".ca.") {
                    (4, 0)
                } else {
                    (0, 0)
                };
                assert_eq!(measured, expect, "{label} {}", t[1]);
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 2 * 64 * 2); // both copies, every instruction, .ca and .cg
}
