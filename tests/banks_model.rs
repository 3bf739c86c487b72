//! The bank-conflict model (`cute_layout::banks::analyze`) on hand-made lane addresses and
//! against its definition, written independently, on random ones.

use cute_layout::banks::{analyze, SmemInstruction, SmemInstruction as I};
use cute_layout::ErrorKind;

fn lanes(f: impl Fn(u32) -> u32) -> [u32; 32] {
    core::array::from_fn(|l| f(l as u32))
}

#[test]
fn banks_ptx_names_round_trip() {
    for i in SmemInstruction::ALL {
        assert_eq!(SmemInstruction::from_ptx(i.ptx()).unwrap(), i);
    }
    let e = SmemInstruction::from_ptx("ld.shared.v3.b32").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Parse);
}

#[test]
fn banks_misaligned_and_wrong_count_are_errors() {
    let e = analyze(I::LdSharedV4B32, &lanes(|l| 16 * l + 8)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::MisalignedAddress);
    let e = analyze(I::LdSharedU16, &lanes(|l| 2 * l + 1)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::MisalignedAddress);
    let e = analyze(I::LdSharedB32, &[0u32; 31]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    // Lanes an x1 ignores may hold anything.
    let r = analyze(I::LdmatrixX1, &lanes(|l| if l < 8 { 16 * l } else { 3 })).unwrap();
    assert_eq!((r.wavefronts, r.conflicts), (1, 0));
}

/// Brute force: the model's definition, written independently (per group, the number of
/// distinct words of each bank, from scratch with bank sets), on random addresses.
#[test]
fn banks_random_against_definition() {
    let mut x: u64 = 0x9e3779b97f4a7c15;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for _ in 0..2000 {
        let i = SmemInstruction::ALL[(next() % 24) as usize];
        let w = i.bytes_per_lane();
        let spread = [1u64, 4, 64, 4096][(next() % 4) as usize];
        let mut a: [u32; 32] = core::array::from_fn(|_| (next() % spread) as u32 * w);
        if next() % 3 == 0 {
            // lane l copies lane l ^ m's address (m = 1, 2, 3): the merge rule's inputs
            let m = 1 + (next() % 3) as usize;
            a = core::array::from_fn(|l| a[l.min(l ^ m)]);
        }
        let r = analyze(i, &a).unwrap();
        let (mut wf, mut groups, mut worst) = (0u32, 0u32, 0u32);
        let merged = matches!(i, I::LdSharedV2B32 | I::LdSharedV4B32)
            && ((0..32).all(|l| a[l] == a[l ^ 1]) || (0..32).all(|l| a[l] == a[l ^ 2]));
        let per = match (w, i.is_matrix(), i.is_store(), merged) {
            (2 | 4, ..) => 32,
            (8, _, _, true) => 32,
            (8, ..) => 16,
            (16, false, false, true) => 16,
            _ => 8,
        };
        let g = i.active_lanes() / per;
        assert_eq!(r.pairs_merged, merged);
        for k in 0..g {
            // The group's 4-byte words, sorted.
            let mut words = [0u32; 128];
            let mut n = 0;
            for &addr in &a[k * per..(k + 1) * per] {
                for b in 0..w.max(4) / 4 {
                    words[n] = addr / 4 + b;
                    n += 1;
                }
            }
            let words = &mut words[..n];
            words.sort_unstable();
            // A bank serves each distinct word once (cp.async: every lane's word counts,
            // equal or not); the group takes as many wavefronts as its busiest bank.
            let mut per_bank = [0u32; 32];
            for (j, &word) in words.iter().enumerate() {
                if i.is_cp_async() || j == 0 || words[j - 1] != word {
                    per_bank[(word % 32) as usize] += 1;
                }
            }
            let best = per_bank.into_iter().max().unwrap_or(0);
            wf += best;
            groups += 1;
            worst = worst.max(best);
        }
        assert_eq!((r.wavefronts, r.ideal, r.degree), (wf, groups, worst));
        assert!(r.worst_lanes != 0);
    }
}

#[test]
fn banks_worst_lanes_of_a_column() {
    // f32 column, pitch 33 words: conflict-free; pitch 32: 32-way on bank 0, every lane.
    let r = analyze(I::LdSharedB32, &lanes(|l| 132 * l)).unwrap();
    assert_eq!((r.wavefronts, r.degree), (1, 1));
    let r = analyze(I::LdSharedB32, &lanes(|l| 128 * l)).unwrap();
    assert_eq!((r.degree, r.worst_bank, r.worst_lanes), (32, 0, u32::MAX));
    // Lanes 0 and 16 on bank 0, distinct words: 2-way; the worst lanes are those two.
    let r = analyze(
        I::LdSharedB32,
        &lanes(|l| if l == 16 { 128 } else { 4 * (l % 16) }),
    )
    .unwrap();
    assert_eq!((r.wavefronts, r.degree, r.worst_lanes), (2, 2, 1 | 1 << 16));
}
