//! Generic kernels written once against the layout surface
//! ([`AnyLayout`]: `L(i)` by `eval`, `L(m, n)` by `call`).
//!
//! * `copy`: a 64x64 `f32` tile transpose-copy, `dst(m,n) = src(m,n)` with the source
//!   row-major `(64,64):(64,1)` and the destination column-major `(64,64):(1,64)`; written once
//!   as a generic function of two layouts (`copy`, by rank-2 coordinate, and `copy_linear`, by
//!   integral coordinate `L(i)` as CuTe's `copy` iterates).
//! * `gemm`: `C(m,n) += A(m,k)·B(k,n)` for 64x64x64 `f32`, A and C column-major, B row-major,
//!   written once as a generic function of three layouts.
//!
//! Each runs with static layouts, mixed layouts (runtime shapes and strides), hand-written
//! index arithmetic, and `ndarray` strided views (indexing with `[[m, n]]`; `assign` for the
//! copy and `general_mat_mul` for the GEMM are shown as library references).

use criterion::{criterion_group, criterion_main, Criterion};
use cute_layout::{layout, AnyLayout, Layout, LayoutCoord};
use ndarray::{linalg::general_mat_mul, ArrayView2, ArrayViewMut2, ShapeBuilder};
use std::hint::black_box;

mod common;

const M: usize = 64;

/// `dst(m, n) = src(m, n)` over the `rows x cols` domain, by coordinate.
#[inline(always)]
pub fn copy<LS: AnyLayout, LD: AnyLayout>(
    src: &[f32],
    ls: LS,
    dst: &mut [f32],
    ld: LD,
    rows: i64,
    cols: i64,
) where
    (i64, i64): LayoutCoord<LS> + LayoutCoord<LD>,
{
    for n in 0..cols {
        for m in 0..rows {
            dst[ld.call((m, n)) as usize] = src[ls.call((m, n)) as usize];
        }
    }
}

/// `dst(i) = src(i)` for the integral coordinates `0 <= i < size`.
#[inline(always)]
pub fn copy_linear<LS: AnyLayout, LD: AnyLayout>(
    src: &[f32],
    ls: LS,
    dst: &mut [f32],
    ld: LD,
    size: i64,
) {
    for i in 0..size {
        dst[ld.eval(i) as usize] = src[ls.eval(i) as usize];
    }
}

/// `C(m, n) += Σ_k A(m, k)·B(k, n)`.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub fn gemm<LA: AnyLayout, LB: AnyLayout, LC: AnyLayout>(
    a: &[f32],
    la: LA,
    b: &[f32],
    lb: LB,
    c: &mut [f32],
    lc: LC,
    (mm, nn, kk): (i64, i64, i64),
) where
    (i64, i64): LayoutCoord<LA> + LayoutCoord<LB> + LayoutCoord<LC>,
{
    for n in 0..nn {
        for k in 0..kk {
            let bkn = b[lb.call((k, n)) as usize];
            for m in 0..mm {
                c[lc.call((m, n)) as usize] += a[la.call((m, k)) as usize] * bkn;
            }
        }
    }
}

type RowMajor = Layout![(64, 64):(64, 1)];
type ColMajor = Layout![(64, 64):(1, 64)];

/// The static copy, for the assembly script.
#[no_mangle]
#[inline(never)]
pub fn kernel_copy_static(src: &[f32], dst: &mut [f32]) {
    copy(src, RowMajor::new(), dst, ColMajor::new(), 64, 64)
}
/// The static linear copy, for the assembly script.
#[no_mangle]
#[inline(never)]
pub fn kernel_copy_linear_static(src: &[f32], dst: &mut [f32]) {
    copy_linear(src, RowMajor::new(), dst, ColMajor::new(), 4096)
}
/// The hand-written copy, for the assembly script.
#[no_mangle]
#[inline(never)]
pub fn kernel_copy_hand(src: &[f32], dst: &mut [f32]) {
    for n in 0..M {
        for m in 0..M {
            dst[m + n * M] = src[m * M + n];
        }
    }
}
/// The static GEMM, for the assembly script.
#[no_mangle]
#[inline(never)]
pub fn kernel_gemm_static(a: &[f32], b: &[f32], c: &mut [f32]) {
    gemm(
        a,
        ColMajor::new(),
        b,
        RowMajor::new(),
        c,
        ColMajor::new(),
        (64, 64, 64),
    )
}
/// The hand-written GEMM, for the assembly script.
#[no_mangle]
#[inline(never)]
pub fn kernel_gemm_hand(a: &[f32], b: &[f32], c: &mut [f32]) {
    for n in 0..M {
        for k in 0..M {
            let bkn = b[k * M + n];
            for m in 0..M {
                c[m + n * M] += a[m + k * M] * bkn;
            }
        }
    }
}

fn data(seed: u32) -> Vec<f32> {
    (0..(M * M) as u32)
        .map(|i| ((i.wrapping_mul(2654435761) ^ seed) % 1000) as f32 / 1000.0)
        .collect()
}

fn kernels(c: &mut Criterion) {
    let v = |x: i64| black_box(x);
    let src = data(1);
    let mut dst = vec![0f32; M * M];
    let rm = layout!(({v(64)}, {v(64)}):({v(64)}, {v(1)})).unwrap();
    let cm = layout!(({v(64)}, {v(64)}):({v(1)}, {v(64)})).unwrap();

    // All variants agree.
    let mut reference = vec![0f32; M * M];
    kernel_copy_hand(&src, &mut reference);
    kernel_copy_static(&src, &mut dst);
    assert_eq!(dst, reference);
    kernel_copy_linear_static(&src, &mut dst);
    assert_eq!(dst, reference);

    let mut g = c.benchmark_group("kernel/copy64");
    g.bench_function("static", |b| {
        b.iter(|| kernel_copy_static(black_box(&src), black_box(&mut dst)))
    });
    g.bench_function("static_linear", |b| {
        b.iter(|| kernel_copy_linear_static(black_box(&src), black_box(&mut dst)))
    });
    g.bench_function("mixed", |b| {
        b.iter(|| copy(black_box(&src), rm, black_box(&mut dst), cm, 64, 64))
    });
    g.bench_function("hand", |b| {
        b.iter(|| kernel_copy_hand(black_box(&src), black_box(&mut dst)))
    });
    g.bench_function("ndarray_index", |b| {
        b.iter(|| {
            let s = ArrayView2::from_shape((M, M), black_box(&src)).unwrap();
            let mut d = ArrayViewMut2::from_shape((M, M).f(), black_box(&mut dst)).unwrap();
            for n in 0..M {
                for m in 0..M {
                    d[[m, n]] = s[[m, n]];
                }
            }
        })
    });
    g.bench_function("ndarray_assign", |b| {
        b.iter(|| {
            let s = ArrayView2::from_shape((M, M), black_box(&src)).unwrap();
            let mut d = ArrayViewMut2::from_shape((M, M).f(), black_box(&mut dst)).unwrap();
            d.assign(&s);
        })
    });
    g.finish();

    let (a, bm) = (data(2), data(3));
    let mut cc = vec![0f32; M * M];
    let mut reference = vec![0f32; M * M];
    kernel_gemm_hand(&a, &bm, &mut reference);
    kernel_gemm_static(&a, &bm, &mut cc);
    assert_eq!(cc, reference);

    let mut g = c.benchmark_group("kernel/gemm64");
    g.bench_function("static", |b| {
        b.iter(|| kernel_gemm_static(black_box(&a), black_box(&bm), black_box(&mut cc)))
    });
    g.bench_function("mixed", |b| {
        b.iter(|| {
            gemm(
                black_box(&a),
                cm,
                black_box(&bm),
                rm,
                black_box(&mut cc),
                cm,
                (64, 64, 64),
            )
        })
    });
    g.bench_function("hand", |b| {
        b.iter(|| kernel_gemm_hand(black_box(&a), black_box(&bm), black_box(&mut cc)))
    });
    g.bench_function("ndarray_index", |b| {
        b.iter(|| {
            let av = ArrayView2::from_shape((M, M).f(), black_box(&a)).unwrap();
            let bv = ArrayView2::from_shape((M, M), black_box(&bm)).unwrap();
            let mut cv = ArrayViewMut2::from_shape((M, M).f(), black_box(&mut cc)).unwrap();
            for n in 0..M {
                for k in 0..M {
                    let bkn = bv[[k, n]];
                    for m in 0..M {
                        cv[[m, n]] += av[[m, k]] * bkn;
                    }
                }
            }
        })
    });
    g.bench_function("ndarray_general_mat_mul", |b| {
        b.iter(|| {
            let av = ArrayView2::from_shape((M, M).f(), black_box(&a)).unwrap();
            let bv = ArrayView2::from_shape((M, M), black_box(&bm)).unwrap();
            let mut cv = ArrayViewMut2::from_shape((M, M).f(), black_box(&mut cc)).unwrap();
            general_mat_mul(1.0, &av, &bv, 1.0, &mut cv);
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = kernels
}
criterion_main!(benches);
