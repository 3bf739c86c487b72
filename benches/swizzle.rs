//! A static swizzled layout, `Sw<3,4,3> o 0 o (8,64):(64,1)` (CuTe's 128-byte
//! swizzle atom on 16-bit data), evaluated at a runtime coordinate `(i, j)`, against the
//! hand-written `x = i*64 + j; x ^ ((x & 0x380) >> 3)`, side by side in one group.
//!
//! * `throughput`: `N` independent evaluations at coordinates read from an array (each through
//!   the register barrier [`common::opaque`]), summed.
//! * `latency`: a dependent chain `x = L(x / 64, x % 64)` of `N` steps (the layout permutes
//!   `[0, 512)`, so the chain stays in bounds).
//!
//! The `#[no_mangle]` functions are what `benches/asm/run.sh` disassembles.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use cute_layout::Layout;
use std::hint::black_box;

mod common;
use common::{opaque, N};

type Swizzled = Layout![Sw<3,4,3> o 0 o (8,64):(64,1)];

/// The static swizzled layout at `(i, j)`, for the assembly script.
#[no_mangle]
#[inline(never)]
pub fn cute_static_eval_swizzled(i: i64, j: i64) -> i64 {
    Swizzled::new().call((i, j))
}

/// The hand-written evaluation: the layout's `i*64 + j`, then CuTe's `Sw<3,4,3>`.
#[inline(always)]
pub fn hand_swizzled(i: i64, j: i64) -> i64 {
    let x = i * 64 + j;
    x ^ ((x & 0x380) >> 3)
}
/// See [`hand_swizzled`], for the assembly script.
#[no_mangle]
#[inline(never)]
pub fn hand_eval_swizzled(i: i64, j: i64) -> i64 {
    hand_swizzled(i, j)
}

fn bench(c: &mut Criterion) {
    let l = Swizzled::new();
    let stat = move |i: i64, j: i64| l.call((i, j));
    // Every (i, j) agrees before timing.
    for x in 0..512 {
        assert_eq!(stat(x / 64, x % 64), hand_swizzled(x / 64, x % 64));
    }
    let crd: Vec<(i64, i64)> = (0..N as i64)
        .map(|k| (k * 7919 + 13) % 512)
        .map(|x| (x / 64, x % 64))
        .collect();
    macro_rules! cases {
        ($g:ident, $kind:expr) => {
            for (name, f) in [
                ("static", &stat as &dyn Fn(i64, i64) -> i64),
                ("hand", &hand_swizzled),
            ] {
                let _ = f;
                macro_rules! run {
                    ($f:expr) => {
                        if $kind == "throughput" {
                            $g.bench_function(BenchmarkId::from_parameter(name), |b| {
                                b.iter(|| {
                                    let mut acc = 0i64;
                                    for &(i, j) in black_box(&crd) {
                                        acc = acc.wrapping_add($f(opaque(i), opaque(j)));
                                    }
                                    acc
                                })
                            });
                        } else {
                            $g.bench_function(BenchmarkId::from_parameter(name), |b| {
                                b.iter(|| {
                                    let mut x = black_box(1i64);
                                    for _ in 0..N {
                                        let y = opaque(x);
                                        x = $f(y >> 6, y & 63);
                                    }
                                    x
                                })
                            });
                        }
                    };
                }
                if name == "static" {
                    run!(stat)
                } else {
                    run!(hand_swizzled)
                }
            }
        };
    }
    for kind in ["throughput", "latency"] {
        let mut g = c.benchmark_group(format!("eval/swizzled/{kind}"));
        cases!(g, kind);
        g.finish();
    }
}

criterion_group! { name = benches; config = common::config(); targets = bench }
criterion_main!(benches);
