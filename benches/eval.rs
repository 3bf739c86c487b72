//! Nanoseconds per evaluation `L(i)` at a runtime index.
//!
//! Layouts: `((2,4),(4,8)):((1,8),(2,32))` (powers of two) and `((3,5),7):((1,21),3)` (not),
//! as a static layout, a mixed layout (static structure, `i64` leaves), a runtime-structured
//! `DynLayout`, and hand-written shifts/masks (multiply-high divisions for the second one).
//!
//! * `throughput`: `N` independent evaluations of indices read from an array, each passed
//!   through a register barrier ([`common::opaque`]) so the loop stays scalar and the index is
//!   opaque; the results are summed.
//! * `latency`: a dependent chain `i = L(opaque(i))` of `N` steps. Both layouts are bijections
//!   of `[0, size)` onto itself, so the chain stays in bounds with no extra instruction; the
//!   barrier (no instruction) stops the optimiser from composing unrolled steps (it otherwise
//!   folds several steps of the hand-written bit permutation into one).
//!
//! Criterion reports the time of `N` = 1024 evaluations; `BENCHMARKS.md` divides by `N`.
//! The `#[no_mangle]` functions are what `benches/asm/run.sh` disassembles.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use cute_layout::{layout, DynLayout, Layout};
use std::hint::black_box;

mod common;
use common::{opaque, N};

type Pow2 = Layout![((2, 4), (4, 8)):((1, 8), (2, 32))];
type NonPow2 = Layout![((3, 5), 7):((1, 21), 3)];

/// The static evaluation of the power-of-two layout, for the assembly script.
#[no_mangle]
#[inline(never)]
pub fn cute_static_eval_pow2(i: i64) -> i64 {
    Pow2::new().eval(i)
}
/// The static evaluation of the non-power-of-two layout, for the assembly script.
#[no_mangle]
#[inline(never)]
pub fn cute_static_eval_npow2(i: i64) -> i64 {
    NonPow2::new().eval(i)
}
/// The hand-written power-of-two evaluation: `(i&1)*1 + ((i>>1)&3)*8 + ((i>>3)&3)*2 + (i>>5)*32`.
#[inline(always)]
pub fn hand_pow2(i: i64) -> i64 {
    (i & 1) + (((i >> 1) & 3) << 3) + (((i >> 3) & 3) << 1) + ((i >> 5) << 5)
}
/// The hand-written non-power-of-two evaluation on unsigned indices (divisions by constants
/// become multiply-high): `i%3 + (i/3)%5*21 + (i/15)*3`.
#[inline(always)]
pub fn hand_npow2(i: i64) -> i64 {
    let u = i as u64;
    (u % 3 + (u / 3) % 5 * 21 + (u / 15) * 3) as i64
}
/// The hand-written evaluations, for the assembly script.
#[no_mangle]
#[inline(never)]
pub fn hand_eval_pow2(i: i64) -> i64 {
    hand_pow2(i)
}
/// See [`hand_eval_pow2`].
#[no_mangle]
#[inline(never)]
pub fn hand_eval_npow2(i: i64) -> i64 {
    hand_npow2(i)
}

/// The static identity layout `(8,16):(1@0,1@1)` evaluated to its coordinate, for the assembly
/// script: the same code as [`hand_identity_eval`].
#[no_mangle]
#[inline(never)]
pub fn cute_identity_eval(i: i64) -> (i64, i64) {
    use cute_layout::BasisLayout;
    layout!((8,16):(1@0,1@1)).eval(i)
}
/// The hand-written coordinate of index `i` in shape `(8,16)`: `(i & 7, i >> 3)`.
#[no_mangle]
#[inline(never)]
pub fn hand_identity_eval(i: i64) -> (i64, i64) {
    (i & 7, ((i as u64) >> 3) as i64)
}

/// The timed loops of the static and hand-written cases as functions of their own, for the
/// assembly script: there the evaluation is inlined into the loop, and the script lists and
/// counts the loop, the instructions actually timed.
macro_rules! loops {
    ($($tp:ident $lat:ident $f:expr;)*) => {$(
        /// The throughput loop of one case (see [`throughput`]), for the assembly script.
        #[no_mangle]
        #[inline(never)]
        pub fn $tp(idx: &[i64]) -> i64 {
            throughput($f, idx)
        }
        /// The latency loop of one case (see [`latency`]), for the assembly script.
        #[no_mangle]
        #[inline(never)]
        pub fn $lat(start: i64) -> i64 {
            latency($f, start)
        }
    )*};
}
loops! {
    loop_tp_static_pow2 loop_lat_static_pow2 |i| Pow2::new().eval(i);
    loop_tp_hand_pow2 loop_lat_hand_pow2 hand_pow2;
    loop_tp_static_npow2 loop_lat_static_npow2 |i| NonPow2::new().eval(i);
    loop_tp_hand_npow2 loop_lat_hand_npow2 hand_npow2;
}

#[inline(always)]
fn throughput(f: impl Fn(i64) -> i64, idx: &[i64]) -> i64 {
    let mut acc = 0i64;
    for &i in idx {
        acc = acc.wrapping_add(f(opaque(i)));
    }
    acc
}

#[inline(always)]
fn latency(f: impl Fn(i64) -> i64, start: i64) -> i64 {
    let mut i = start;
    for _ in 0..N {
        i = f(opaque(i));
    }
    i
}

/// The throughput and latency loops of one case.
type Loops = (fn(&[i64]) -> i64, fn(i64) -> i64);

/// Benchmarks one layout under the five representations; the static and hand-written cases
/// time their `#[no_mangle]` loops (`loops`: static, hand).
fn bench_layout<const SIZE: i64>(
    c: &mut Criterion,
    name: &str,
    mixed: impl Fn(i64) -> i64 + Copy,
    mixed_stride: impl Fn(i64) -> i64 + Copy,
    dynl: &DynLayout,
    loops: [Loops; 2],
) {
    // Pseudo-random in-bounds indices.
    let idx: Vec<i64> = (0..N as i64).map(|k| (k * 7919 + 13) % SIZE).collect();
    let dynf = |i| dynl.eval(i);
    for kind in ["throughput", "latency"] {
        let mut g = c.benchmark_group(format!("eval/{name}/{kind}"));
        for case in ["static", "mixed", "mixed_stride", "dyn", "hand"] {
            // Monomorphised per case: no `dyn Fn` call inside the timed loop.
            macro_rules! run {
                ($f:expr) => {
                    if kind == "throughput" {
                        g.bench_function(BenchmarkId::from_parameter(case), |b| {
                            b.iter(|| throughput($f, black_box(&idx)))
                        });
                    } else {
                        g.bench_function(BenchmarkId::from_parameter(case), |b| {
                            b.iter(|| latency($f, black_box(1)))
                        });
                    }
                };
            }
            // The static and hand-written cases time their `#[no_mangle]` loops (the code
            // the assembly script shows): the same loop, out of line.
            let fixed = match case {
                "static" => Some(loops[0]),
                "hand" => Some(loops[1]),
                _ => None,
            };
            if let Some((tp, lat)) = fixed {
                if kind == "throughput" {
                    g.bench_function(BenchmarkId::from_parameter(case), |b| {
                        b.iter(|| tp(black_box(&idx)))
                    });
                } else {
                    g.bench_function(BenchmarkId::from_parameter(case), |b| {
                        b.iter(|| lat(black_box(1)))
                    });
                }
                continue;
            }
            match case {
                "mixed" => run!(mixed),
                "mixed_stride" => run!(mixed_stride),
                _ => run!(dynf),
            }
        }
        g.finish();
    }
}

fn eval(c: &mut Criterion) {
    // Runtime leaves come through `black_box`, so the compiler cannot constant-fold them.
    let v = |x: i64| black_box(x);

    let m = layout!((({v(2)}, {v(4)}), ({v(4)}, {v(8)})):(({v(1)}, {v(8)}), ({v(2)}, {v(32)})))
        .unwrap();
    let ms = layout!(((2, 4), (4, 8)):(({v(1)}, {v(8)}), ({v(2)}, {v(32)}))).unwrap();
    let d: DynLayout = "((2,4),(4,8)):((1,8),(2,32))".parse().unwrap();
    bench_layout::<256>(
        c,
        "pow2",
        move |i| m.eval(i),
        move |i| ms.eval(i),
        &d,
        [
            (loop_tp_static_pow2, loop_lat_static_pow2),
            (loop_tp_hand_pow2, loop_lat_hand_pow2),
        ],
    );

    let m = layout!((({v(3)}, {v(5)}), {v(7)}):(({v(1)}, {v(21)}), {v(3)})).unwrap();
    let ms = layout!(((3, 5), 7):(({v(1)}, {v(21)}), {v(3)})).unwrap();
    let d: DynLayout = "((3,5),7):((1,21),3)".parse().unwrap();
    bench_layout::<105>(
        c,
        "npow2",
        move |i| m.eval(i),
        move |i| ms.eval(i),
        &d,
        [
            (loop_tp_static_npow2, loop_lat_static_npow2),
            (loop_tp_hand_npow2, loop_lat_hand_npow2),
        ],
    );
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = eval
}
criterion_main!(benches);
