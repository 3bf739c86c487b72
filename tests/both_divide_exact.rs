//! The logical divide's covering condition (paper §3.5.2: `(B, B*)`, `B* = complement(B,
//! |A|)`, must be surjective onto `Z_|A|`) is exact in both engines: a divide is refused for it
//! exactly when some offset of `[0, |A|)` is not in the image of `(B, B*)`, found by brute
//! force (`common::covers`), including tilers whose image reaches past `|A|`.
//!
//! Why the check is exact: with `B`'s modes sorted by stride (size-1 and stride-0 modes left
//! out), the complement fills the gap below each stride `d` with `⌊d/c⌋ : c`, `c` the extent
//! `s·d` of the previous mode (1 for the first). While every `c` divides its `d`, the levels
//! so far reach all of `[0, c)`. At the first `d` that `c` does not divide, `P = ⌊d/c⌋·c` is
//! never reached: the levels below reach at most `P − 1`, and every other term is at least
//! `d > P`. So `(B, B*)` covers `Z_|A|` iff `P ≥ |A|` (or no such `d`; the last complement
//! mode `⌈|A|/c⌉ : c` then reaches `[0, |A|)`).
//!
//! The type level is checked through its named condition [`TilerCovers`] on static layouts
//! (an autoref probe tells, at compile time, whether the bound holds), the runtime engine on
//! `DynLayout`s, and the mixed path (runtime leaves) through the type-level impls.

use crate::common;

use common::{covers, image};
use cute_layout::ops::*;
use cute_layout::{algebra, layout, DynLayout, ErrorKind, Layout};
use proptest::prelude::*;

/// What an engine did with `m:1 ⊘ B` (or another `A` of size `m`).
fn check(what: &str, b: &DynLayout, m: i64, r: Result<DynLayout, cute_layout::LayoutError>) {
    let Some(expect) = covers(b, m) else {
        // No complement: refused, but not for the covering condition.
        if let Err(e) = &r {
            assert_ne!(e.kind(), ErrorKind::NotSurjective, "{what}: {b}, {m}: {e}");
        }
        return;
    };
    match r {
        Ok(r) => {
            assert!(
                expect,
                "{what}: {b} with |A| = {m} accepted ({r}), but (B, B*) misses an offset"
            );
            assert!(r.size() >= m, "{what}: {b}, {m}: {r}");
        }
        Err(e) => assert_eq!(
            e.kind() == ErrorKind::NotSurjective,
            !expect,
            "{what}: {b} with |A| = {m}: {e}"
        ),
    }
}

#[test]
fn runtime_refuses_exactly_the_tilers_that_do_not_cover() {
    // Every B = (s0,s1):(d0,d1) and (2,s1,s2):(1,d1,d2) with small sizes and strides, every
    // |A| up to 40: images reaching past |A| included (d1·s1 up to 45).
    let mut refused = 0;
    let mut accepted = 0;
    for s0 in 1..=4 {
        for s1 in 1..=5 {
            for d0 in 0..=9 {
                for d1 in 0..=9 {
                    let b: DynLayout = format!("({s0},{s1}):({d0},{d1})").parse().unwrap();
                    for m in 1..=40 {
                        let a: DynLayout = format!("{m}:1").parse().unwrap();
                        let r = algebra::try_logical_divide(&a, &b);
                        match &r {
                            Err(e) if e.kind() == ErrorKind::NotSurjective => refused += 1,
                            Ok(_) => accepted += 1,
                            _ => {}
                        }
                        check("runtime", &b, m, r);
                    }
                }
            }
        }
    }
    for s1 in 2..=3 {
        for s2 in 2..=3 {
            for d1 in 2..=7 {
                for d2 in 4..=20 {
                    let b: DynLayout = format!("(2,{s1},{s2}):(1,{d1},{d2})").parse().unwrap();
                    for m in [4, 6, 8, 9, 12, 16, 20, 24, 30, 40] {
                        // A of size m, in two shapes.
                        for a in [format!("{m}:1"), format!("(2,{}):(1,2)", m / 2)] {
                            let a: DynLayout = a.parse().unwrap();
                            if a.size() != m {
                                continue;
                            }
                            check("runtime", &b, m, algebra::try_logical_divide(&a, &b));
                        }
                    }
                }
            }
        }
    }
    // Both answers occur often.
    assert!(refused > 1000 && accepted > 1000, "{refused} {accepted}");
}

/// Accepted divides keep every element of `A` and reach every offset of `[0, |A|)`; found
/// against brute force with `B` whose image reaches past `|A|`.
#[test]
fn accepted_divides_reach_every_offset() {
    for (a, b) in [
        // The first offset (2,2):(1,5) skips is 4: |A| = 4 is covered, 6 is not.
        ("4:1", "(2,2):(1,5)"),
        ("6:1", "(2,2):(1,7)"),
        // Images past |A|: (2,3):(1,4) reaches 9 for |A| = 6; (3,2):(1,10) skips 3..10.
        ("6:1", "(2,3):(1,4)"),
        ("3:1", "(3,2):(1,10)"),
        ("8:1", "(3,2):(1,10)"),
        // Modes out of stride order; an A with a stride other than 1; a rank-2 A.
        ("12:1", "(2,3):(6,1)"),
        ("10:2", "(2,2):(1,7)"),
        ("(2,2):(1,4)", "(2,2):(1,5)"),
        ("(3,4):(4,1)", "(3,2):(1,3)"),
    ] {
        let (a, b): (DynLayout, DynLayout) = (a.parse().unwrap(), b.parse().unwrap());
        let m = a.size();
        let r = algebra::try_logical_divide(&a, &b);
        check("runtime", &b, m, r.clone());
        if let Ok(r) = r {
            assert!(image(&r).is_superset(&image(&a)), "{a} / {b} = {r}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The type level: the named condition `TilerCovers<|A|>` on static tilers.

/// Autoref probe: `(&Probe::<B, M>::new()).holds()` is `true` exactly when
/// `B: TilerCovers<M>` (decided at compile time, in a non-generic context).
struct Probe<B, M>(core::marker::PhantomData<(B, M)>);
impl<B, M> Probe<B, M> {
    fn new() -> Self {
        Probe(core::marker::PhantomData)
    }
}
trait Holds {
    fn holds(&self) -> bool {
        true
    }
}
impl<B: TilerCovers<M>, M> Holds for Probe<B, M> {}
trait Fails {
    fn holds(&self) -> bool {
        false
    }
}
impl<B, M> Fails for &Probe<B, M> {}

/// One static tiler `B` against several `|A|`: the type level's condition against brute
/// force (where the complement exists; an interleaved `B` is refused by the complement, which
/// names its own condition), and the runtime engine's refusal against the same.
macro_rules! static_case {
    ($n:ident; $bs:tt : $bd:tt; [$($m:ident)*]) => {{
        type B = cute_layout::Layout![$bs : $bd];
        let b = layout!($bs : $bd).to_dyn();
        $(
            let m = <cute_layout::typenum::$m as cute_layout::typenum::Unsigned>::I64;
            let holds = (&Probe::<B, cute_layout::typenum::$m>::new()).holds();
            if let Some(expect) = covers(&b, m) {
                assert_eq!(holds, expect, "TilerCovers<{m}> for {b}");
                $n[usize::from(holds)] += 1;
            }
        )*
    }};
}

/// `static_case!` for each stride `d1` of a second mode, `B = (s0,s1):(d0,d1)`.
macro_rules! static_row {
    ($n:ident; $s0:tt $s1:tt $d0:tt [$($d1:tt)*]; $ms:tt) => {
        $( static_case!($n; ($s0,$s1):($d0,$d1); $ms); )*
    };
}

#[test]
fn type_level_condition_is_exact() {
    // Cases where the condition fails and holds.
    let mut n = [0; 2];
    // |A| on both sides of each gap: a gap starting at P is fatal exactly when P < |A|.
    static_row!(n; 2 2 1 [0 1 2 3 4 5 6 7 8 9 11]; [U3 U4 U5 U6 U8 U12 U16]);
    static_row!(n; 3 2 1 [2 3 4 5 7 8 10 13]; [U3 U4 U6 U7 U9 U12 U24]);
    static_row!(n; 2 3 2 [1 3 4 5 6 7 9]; [U2 U4 U5 U6 U8 U12 U18]);
    static_row!(n; 4 2 1 [3 4 5 6 9 10 17]; [U4 U5 U8 U9 U16 U32]);
    static_row!(n; 2 2 3 [1 2 6 7 8 12 13]; [U3 U6 U7 U12 U13 U24]);
    static_row!(n; 3 3 2 [1 6 7 8 9 13 20]; [U6 U7 U12 U18 U19 U36]);
    // Three modes, unsorted and nested.
    static_case!(n; (2,2,2):(1,5,11); [U4 U5 U8 U10 U11 U16 U22 U44]);
    static_case!(n; (2,2,2):(11,1,4); [U4 U8 U9 U16 U22 U32]);
    static_case!(n; (2,(3,2)):(1,(2,13)); [U6 U12 U13 U24 U26]);
    static_case!(n; ((2,3),2):((1,2),12); [U6 U12 U13 U24]);
    static_case!(n; (3,1,2):(1,100,7); [U3 U6 U7 U8 U14]);
    static_case!(n; (2,4,2):(1,0,6); [U2 U4 U5 U6 U8 U12]);
    assert!(n[0] > 80 && n[1] > 120, "{n:?} cases");
}

/// The type level refuses with a compile error, and the runtime engine with
/// `NotSurjective`, the same tiler: one pair pinned (the compile error is in `ui-tests`).
#[test]
fn both_engines_refuse_the_paper_example() {
    let holds =
        (&Probe::<cute_layout::Layout![(3,2):(1,4)], cute_layout::typenum::U16>::new()).holds();
    assert!(!holds);
    let b = layout!((3,2):(1,4)).to_dyn();
    let e = algebra::try_logical_divide(&layout!(16:1).to_dyn(), &b).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotSurjective);
}

fn layout_of(modes: &[(i64, i64)]) -> DynLayout {
    let s: Vec<String> = modes.iter().map(|m| m.0.to_string()).collect();
    let d: Vec<String> = modes.iter().map(|m| m.1.to_string()).collect();
    format!("({}):({})", s.join(","), d.join(","))
        .parse()
        .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(256)))]

    /// Random tilers of rank 1 to 3 (strides up to 40, so images often reach past |A|), in
    /// the runtime engine and in the type level's mixed path (runtime leaves, the check at
    /// run time), for a divide, a by-mode divide and a zipped divide.
    #[test]
    fn random_tilers_refused_exactly_when_they_do_not_cover(
        modes in prop::collection::vec((1i64..=6, 0i64..=40), 1..=3),
        m in 1i64..=96,
    ) {
        let b = layout_of(&modes);
        let a: DynLayout = format!("{m}:1").parse().unwrap();
        check("runtime", &b, m, algebra::try_logical_divide(&a, &b));
        let ta = Layout::try_new(m, 1i64).unwrap();
        let r = match modes.len() {
            1 => ta.try_logical_divide(Layout::try_new(modes[0].0, modes[0].1).unwrap()).map(DynLayout::from),
            2 => ta.try_logical_divide(Layout::try_new((modes[0].0, modes[1].0), (modes[0].1, modes[1].1)).unwrap()).map(DynLayout::from),
            _ => ta.try_logical_divide(Layout::try_new((modes[0].0, modes[1].0, modes[2].0), (modes[0].1, modes[1].1, modes[2].1)).unwrap()).map(DynLayout::from),
        };
        check("mixed", &b, m, r);
        // The same tiler on mode 1 of a rank-2 A, by mode and zipped.
        let a2 = layout!((3,{common::v(m)}):(1,3)).unwrap();
        let t = (3i64, Layout::try_new(modes[0].0, modes[0].1).unwrap());
        let b0 = layout_of(&modes[..1]);
        check("mixed by mode", &b0, m, a2.try_logical_divide(t).map(DynLayout::from));
        check("mixed zipped", &b0, m, a2.try_zipped_divide(t).map(DynLayout::from));
    }
}
