//! The TMA conditions: each refusal names its condition, and the swizzle refusal is a true
//! impossibility, checked by brute force: for every small `Sw<B,M,S>` on a shared-memory tile,
//! the crate refuses exactly when none of the four hardware swizzle modes (none, 32 B, 64 B,
//! 128 B) places the tile's elements where the layout says (computed from the layouts alone).

use cute_layout::atom::tma::{
    make_tma_copy, make_tma_copy_op, TmaDataType, TmaOpKind, TmaSwizzle, SM90_TMA_LOAD,
    SM90_TMA_LOAD_MULTICAST, SM90_TMA_STORE,
};
use cute_layout::{
    DynComposedLayout, DynInt, DynLayout, DynSwizzle, DynTuple, ErrorKind, SwizzleFn,
};

/// smem offset → gmem offset of the tile at the origin, from the layouts (tile = gmem modes).
fn by_layouts(gmem: &DynLayout, smem: &DynComposedLayout, tile: &[i64]) -> Vec<Option<i64>> {
    let (sw, s) = (smem.layout_a(), smem.layout_b());
    let mut out = vec![None; s.cosize().max(s.size()) as usize];
    for t in 0..s.size() {
        let (mut rem, mut g, mut inside) = (t, 0, true);
        for (i, &b) in tile.iter().enumerate() {
            let c = rem % b;
            rem /= b;
            let m = gmem.mode(i).unwrap();
            inside &= c < m.size();
            g += if c < m.size() { m.eval(c) } else { 0 };
        }
        out[sw.apply(s.eval(t)) as usize] = inside.then_some(g);
    }
    out
}

fn l(s: &str) -> DynLayout {
    s.parse().unwrap()
}

#[test]
fn swizzle_refusals_are_impossibilities() {
    let (mut accepted, mut refused, mut accepted_nonhw) = (0, 0, 0);
    for bits in [8u32, 16, 32] {
        let eb = i64::from(bits / 8);
        let w = 128 / eb; // one 128 B row
        let hw_m = 4 - eb.trailing_zeros() as i64;
        for rows in [2i64, 8] {
            let layout = DynLayout::new(DynTuple::ints([rows, w]), DynTuple::ints([w, 1])).unwrap();
            let gmem =
                DynLayout::new(DynTuple::ints([16, 2 * w]), DynTuple::ints([2 * w, 1])).unwrap();
            let tile = DynTuple::ints([rows, w]);
            let dt = TmaDataType::for_bits(bits).unwrap();
            let smem_with = |sw: DynSwizzle| {
                DynComposedLayout::try_new(sw, DynInt::dynamic(0), layout.clone()).unwrap()
            };
            // What each hardware mode (through the crate's construction) places.
            let hw: Vec<Vec<Option<i64>>> = (0..4)
                .filter_map(|b| {
                    let s = smem_with(DynSwizzle::new(b, hw_m, 3).unwrap());
                    make_tma_copy(SM90_TMA_LOAD, dt, &gmem, &s, &tile, 1)
                        .ok()
                        .map(|t| t.smem_to_gmem().unwrap())
                })
                .collect();
            for b in 0..=3i64 {
                for m in 0..=5i64 {
                    for s in b.max(1)..=5i64 {
                        let sw = DynSwizzle::new(b, m, s).unwrap();
                        let smem = smem_with(sw);
                        let want = by_layouts(&gmem, &smem, &[rows, w]);
                        let possible = hw.contains(&want);
                        match make_tma_copy(SM90_TMA_LOAD, dt, &gmem, &smem, &tile, 1) {
                            Ok(t) => {
                                assert_eq!(t.smem_to_gmem().unwrap(), want, "{sw} {bits}-bit");
                                accepted += 1;
                                if b > 0 && (m != hw_m || s != 3) {
                                    accepted_nonhw += 1;
                                }
                            }
                            Err(_) => {
                                // Refused for its swizzle, or for what the swizzle forces
                                // (boxes narrower than a 128 B row start off the 128 B grid).
                                assert!(!possible, "{sw} on {bits}-bit {layout}: refused, but a hardware mode places it");
                                refused += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    // Both outcomes occur, and a non-hardware swizzle that acts as a hardware one (or as
    // none) on the tile's offsets is accepted.
    assert!(
        accepted > 20 && refused > 20 && accepted_nonhw > 0,
        "{accepted} {refused} {accepted_nonhw}"
    );
}

#[test]
fn each_condition_is_named() {
    let dt16 = TmaDataType::Float16;
    let t = |s: &str| s.parse::<DynTuple>().unwrap();
    // Global stride not a multiple of 16 B: a leading dimension of 75 halfs.
    let e = make_tma_copy(
        SM90_TMA_LOAD,
        dt16,
        &l("(64,75):(75,1)"),
        &l("(8,64):(64,1)"),
        &t("(8,64)"),
        1,
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotDivisible);
    assert!(e.to_string().contains("multiple of 16 B"), "{e}");
    // Global stride ≥ 2^40 B.
    let big = 1i64 << 40;
    let g = DynLayout::new(DynTuple::ints([2, 64]), DynTuple::ints([big / 2, 1])).unwrap();
    let e = make_tma_copy(
        SM90_TMA_LOAD,
        dt16,
        &g,
        &l("(1,64):(64,1)"),
        &t("(1,64)"),
        1,
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooLarge);
    assert!(e.to_string().contains("2^40"), "{e}");
    // Global dim beyond 2^32 (8-bit, contiguous).
    let g = DynLayout::new(DynTuple::ints([(1 << 33) + 16]), DynTuple::ints([1])).unwrap();
    let e = make_tma_copy(
        SM90_TMA_LOAD,
        TmaDataType::Uint8,
        &g,
        &l("64:1"),
        &t("64"),
        1,
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooLarge);
    // Box inner extent 8 B: 2 floats per row of a K-major tile. No TMA box can place it: the
    // box's dimension 0 is K (the unit stride), dense in smem, so it has exactly 2 elements.
    let e = make_tma_copy(
        SM90_TMA_LOAD,
        TmaDataType::Float32,
        &l("(64,64):(64,1)"),
        &l("(8,2):(2,1)"),
        &t("(8,2)"),
        1,
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotDivisible);
    assert!(e.to_string().contains("16 B"), "{e}");
    // Majorness.
    let e = make_tma_copy(
        SM90_TMA_LOAD,
        dt16,
        &l("(64,64):(64,1)"),
        &l("(64,8):(1,64)"),
        &t("(64,8)"),
        1,
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    // Padded smem rows (80 B pitch): the 2nd instruction starts at byte 80 (the GPU faults).
    let e = make_tma_copy(
        SM90_TMA_LOAD,
        dt16,
        &l("(19,45):(64,1)"),
        &l("(8,32):(40,1)"),
        &t("(8,32)"),
        1,
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::MisalignedAddress);
    // A 128 B pitch works.
    assert!(make_tma_copy(
        SM90_TMA_LOAD,
        dt16,
        &l("(19,45):(64,1)"),
        &l("(8,32):(64,1)"),
        &t("(8,32)"),
        1
    )
    .is_ok());
    // Multicast: a box of 3 rows cannot be split over 2 CTAs; 3 CTAs is no power of two;
    // a plain load takes no multicast.
    let smem3 = l("(3,64):(64,1)");
    let e = make_tma_copy(
        SM90_TMA_LOAD_MULTICAST,
        dt16,
        &l("(64,128):(128,1)"),
        &smem3,
        &t("(3,64)"),
        2,
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotDivisible);
    for (op, mc) in [
        (TmaOpKind::LoadMulticast, 3),
        (TmaOpKind::Load, 2),
        (TmaOpKind::Store, 0),
    ] {
        let e = make_tma_copy_op(
            op,
            dt16,
            &l("(64,64):(64,1)"),
            &l("(8,64):(64,1)"),
            &t("(8,64)"),
            mc,
        )
        .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{op:?} x{mc}");
    }
    // Stores: an innermost extent of 45 halfs (90 B) is refused, 48 (96 B) accepted.
    let e = make_tma_copy(
        SM90_TMA_STORE,
        dt16,
        &l("(19,45):(64,1)"),
        &l("(8,32):(64,1)"),
        &t("(8,32)"),
        1,
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotDivisible);
    assert!(make_tma_copy(
        SM90_TMA_STORE,
        dt16,
        &l("(19,48):(64,1)"),
        &l("(8,32):(64,1)"),
        &t("(8,32)"),
        1
    )
    .is_ok());
    // Tile and smem sizes differ.
    let e = make_tma_copy(
        SM90_TMA_LOAD,
        dt16,
        &l("(64,64):(64,1)"),
        &l("(8,64):(64,1)"),
        &t("(16,64)"),
        1,
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::SizeMismatch);
    // Addresses.
    let ok = make_tma_copy(
        SM90_TMA_LOAD,
        dt16,
        &l("(64,64):(64,1)"),
        &l("(8,64):(64,1)"),
        &t("(8,64)"),
        1,
    )
    .unwrap();
    assert_eq!(ok.params().swizzle, TmaSwizzle::None);
    assert!(ok.check_smem_address(128).is_ok() && ok.check_smem_address(64).is_err());
    assert!(ok.check_gmem_address(16).is_ok() && ok.check_gmem_address(8).is_err());
}
