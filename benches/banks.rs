//! The runtime analysis of one warp-wide shared-memory instruction (`banks::analyze`)
//! should take well under a microsecond. Cases: the CuTe SM80 GEMM `ldmatrix.x4` partition of
//! a `Sw<3,3,3>` tile (recorded configuration 385), a conflict-free `ld.shared.v4.b32`, a
//! 32-way `ld.shared.b32` column, and random `ld.shared.v2.b32` addresses.

use criterion::{criterion_group, criterion_main, Criterion};
use cute_layout::banks::{analyze, SmemInstruction};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let sm80: [u32; 32] = core::array::from_fn(|l| {
        let (r, col) = (l as u32 % 16, 8 * (l as u32 / 16));
        let x = r * 64 + col; // (16,64):(64,1) half_t, then Sw<3,3,3>
        2 * (x ^ ((x & 0b111 << 6) >> 3))
    });
    let v4: [u32; 32] = core::array::from_fn(|l| 16 * l as u32);
    let column: [u32; 32] = core::array::from_fn(|l| 128 * l as u32);
    let mut x: u32 = 12345;
    let random: [u32; 32] = core::array::from_fn(|_| {
        x = x.wrapping_mul(1664525).wrapping_add(1013904223);
        (x >> 8) % 4096 * 8
    });
    let mut g = c.benchmark_group("banks_analyze");
    for (name, instr, a) in [
        ("ldmatrix_x4_sm80_sw333", SmemInstruction::LdmatrixX4, sm80),
        ("ld_v4_contiguous", SmemInstruction::LdSharedV4B32, v4),
        ("ld_b32_column_32way", SmemInstruction::LdSharedB32, column),
        ("ld_v2_random", SmemInstruction::LdSharedV2B32, random),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| analyze(black_box(instr), black_box(&a)).unwrap())
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
