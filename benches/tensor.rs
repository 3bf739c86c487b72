//! Tensor indexing with a static layout against hand-written index arithmetic.
//!
//! `cute_tensor_get_static` reads `t[(i, j)]` from a `Tensor<&[f32], (8,16):(16,1)>`;
//! `hand_tensor_get_static` does what it promises by hand, on a struct of the same fields
//! passed the same way: the coordinate check
//! `i < 8 && j < 16`, then an unchecked read at `base + 16·i + j`. The tensor's engine length
//! was checked once at construction, so neither compares with it: `benches/asm/run.sh`
//! prints both and checks that they have the same instructions (same count, no `len` load).
//! The criterion benches time a sum over the whole tile both ways, and the generic `copy`
//! (64x64 `f32` transpose: row-major source, column-major destination) and `gemm`
//! (`C(m,n) += A(m,k)·B(n,k)`, 64x64x64 `f32`, all column major) of `cute_layout::tensor`
//! through static, mixed and `DynLayout` tensors, against hand-written loops in the same order.

use criterion::{criterion_group, Criterion};
use cute_layout::tensor::{copy, gemm};
use cute_layout::{layout, DynLayout, Layout, Tensor};
use std::hint::black_box;

/// The tensor type of the asm comparison.
pub type T816<'a> = Tensor<&'a [f32], Layout![(8,16):(16,1)]>;

#[no_mangle]
pub fn cute_tensor_get_static(t: &T816<'_>, i: usize, j: usize) -> f32 {
    t[(i, j)]
}

/// The hand-written tensor: the data and where offset 0 lies, passed the same way.
pub struct HandTensor<'a> {
    /// The data.
    pub data: &'a [f32],
    /// Where offset 0 lies.
    pub base: usize,
}

#[no_mangle]
pub fn hand_tensor_get_static(t: &HandTensor<'_>, i: usize, j: usize) -> f32 {
    if i < 8 && j < 16 {
        // SAFETY: as the tensor's invariant: `base + 16·i + j` was checked to lie in `data`
        // for every in-bounds coordinate.
        unsafe { *t.data.as_ptr().add(t.base + 16 * i + j) }
    } else {
        panic!("the coordinate lies outside the tensor's shape")
    }
}

#[no_mangle]
pub fn cute_tensor_sum_static(t: &T816<'_>) -> f32 {
    let mut s = 0.0;
    for i in 0..8usize {
        for j in 0..16usize {
            s += t[(i, j)];
        }
    }
    s
}

#[no_mangle]
pub fn hand_tensor_sum_static(data: &[f32]) -> f32 {
    let data = &data[..128];
    let mut s = 0.0;
    for i in 0..8 {
        for j in 0..16 {
            s += data[16 * i + j];
        }
    }
    s
}

const N: usize = 64;

/// The hand-written transpose: the lengths checked once (as a tensor's construction does),
/// then a loop nest over destination columns in the tensor's order, the destination written
/// contiguously.
#[no_mangle]
pub fn hand_tensor_copy(src: &[f32], dst: &mut [f32]) {
    let (src, dst) = (&src[..N * N], &mut dst[..N * N]);
    for (n, col) in dst.chunks_exact_mut(N).enumerate() {
        for (m, x) in col.iter_mut().enumerate() {
            *x = src[N * m + n];
        }
    }
}

#[no_mangle]
pub fn cute_tensor_copy_static(src: &[f32], dst: &mut [f32]) {
    let s = Tensor::try_new(src, layout!((64,64):(64,1))).unwrap();
    let mut d = Tensor::try_new(dst, layout!((64,64):(1,64))).unwrap();
    copy(&s, &mut d);
}

#[no_mangle]
pub fn cute_tensor_copy_mixed(src: &[f32], dst: &mut [f32], n: i64) {
    let s = Tensor::try_new(src, layout!(({n},{n}):({n},1)).unwrap()).unwrap();
    let mut d = Tensor::try_new(dst, layout!(({n},{n}):(1,{n})).unwrap()).unwrap();
    copy(&s, &mut d);
}

#[no_mangle]
pub fn cute_tensor_copy_dyn(src: &[f32], dst: &mut [f32], ls: &DynLayout, ld: &DynLayout) {
    let s = Tensor::try_new(src, ls.clone()).unwrap();
    let mut d = Tensor::try_new(dst, ld.clone()).unwrap();
    copy(&s, &mut d);
}

/// The hand-written product in the tensor's loop order (k, n outer, m inner): per `(k, n)`
/// one column of `C` gains a column of `A` times one element of `B`, over slices (no index
/// checks in the inner loop, `B(n,k)` loaded once).
#[no_mangle]
pub fn hand_tensor_gemm(a: &[f32], b: &[f32], c: &mut [f32]) {
    let (a, b, c) = (&a[..N * N], &b[..N * N], &mut c[..N * N]);
    for (acol, bcol) in a.chunks_exact(N).zip(b.chunks_exact(N)) {
        for (ccol, &bv) in c.chunks_exact_mut(N).zip(bcol) {
            for (x, &av) in ccol.iter_mut().zip(acol) {
                *x += av * bv;
            }
        }
    }
}

#[no_mangle]
pub fn cute_tensor_gemm_static(a: &[f32], b: &[f32], c: &mut [f32]) {
    let l = layout!((64,64):(1,64));
    let (at, bt) = (
        Tensor::try_new(a, l).unwrap(),
        Tensor::try_new(b, l).unwrap(),
    );
    gemm(&at, &bt, &mut Tensor::try_new(c, l).unwrap());
}

#[no_mangle]
pub fn cute_tensor_gemm_mixed(a: &[f32], b: &[f32], c: &mut [f32], n: i64) {
    let l = layout!(({n},{n}):(1,{n})).unwrap();
    let (at, bt) = (
        Tensor::try_new(a, l).unwrap(),
        Tensor::try_new(b, l).unwrap(),
    );
    gemm(&at, &bt, &mut Tensor::try_new(c, l).unwrap());
}

#[no_mangle]
pub fn cute_tensor_gemm_dyn(a: &[f32], b: &[f32], c: &mut [f32], l: &DynLayout) {
    let at = Tensor::try_new(a, l.clone()).unwrap();
    let bt = Tensor::try_new(b, l.clone()).unwrap();
    gemm(&at, &bt, &mut Tensor::try_new(c, l.clone()).unwrap());
}

fn kernels(c: &mut Criterion) {
    let src: Vec<f32> = (0..N * N).map(|x| x as f32).collect();
    let mut dst = vec![0f32; N * N];
    let ls: DynLayout = "(64,64):(64,1)".parse().unwrap();
    let ld: DynLayout = "(64,64):(1,64)".parse().unwrap();
    let mut g = c.benchmark_group("tensor_copy_64x64");
    g.bench_function("hand", |b| {
        b.iter(|| hand_tensor_copy(black_box(&src), black_box(&mut dst)))
    });
    g.bench_function("tensor_static", |b| {
        b.iter(|| cute_tensor_copy_static(black_box(&src), black_box(&mut dst)))
    });
    g.bench_function("tensor_mixed", |b| {
        b.iter(|| cute_tensor_copy_mixed(black_box(&src), black_box(&mut dst), black_box(64)))
    });
    g.bench_function("tensor_dyn", |b| {
        b.iter(|| cute_tensor_copy_dyn(black_box(&src), black_box(&mut dst), &ls, &ld))
    });
    g.finish();
    let a: Vec<f32> = (0..N * N).map(|x| (x % 7) as f32).collect();
    let bm: Vec<f32> = (0..N * N).map(|x| (x % 5) as f32).collect();
    let mut cm = vec![0f32; N * N];
    let l: DynLayout = "(64,64):(1,64)".parse().unwrap();
    let mut g = c.benchmark_group("tensor_gemm_64x64x64");
    g.bench_function("hand", |b| {
        b.iter(|| hand_tensor_gemm(black_box(&a), black_box(&bm), black_box(&mut cm)))
    });
    g.bench_function("tensor_static", |b| {
        b.iter(|| cute_tensor_gemm_static(black_box(&a), black_box(&bm), black_box(&mut cm)))
    });
    g.bench_function("tensor_mixed", |b| {
        b.iter(|| {
            cute_tensor_gemm_mixed(
                black_box(&a),
                black_box(&bm),
                black_box(&mut cm),
                black_box(64),
            )
        })
    });
    g.bench_function("tensor_dyn", |b| {
        b.iter(|| cute_tensor_gemm_dyn(black_box(&a), black_box(&bm), black_box(&mut cm), &l))
    });
    g.finish();
}

fn bench(c: &mut Criterion) {
    let data: Vec<f32> = (0..128).map(|x| x as f32).collect();
    let t = Tensor::try_new(&data[..], layout!((8,16):(16,1))).unwrap();
    let mut g = c.benchmark_group("tensor_sum_8x16");
    g.bench_function("tensor_static", |b| {
        b.iter(|| cute_tensor_sum_static(black_box(&t)))
    });
    g.bench_function("hand", |b| {
        b.iter(|| hand_tensor_sum_static(black_box(&data)))
    });
    g.finish();
}

criterion_group!(benches, bench, kernels);

/// The kernels `iters` times on the criterion inputs, for instruction counts:
/// `TENSOR_KERNEL=<copy|gemm>_<hand|static|mixed|dyn>` runs only this (under
/// `valgrind --tool=callgrind --toggle-collect=tensor_kernel_region`, see BENCHMARKS.md).
#[no_mangle]
#[inline(never)]
pub fn tensor_kernel_region(kind: &str, iters: usize) -> f32 {
    let src: Vec<f32> = (0..N * N).map(|x| x as f32).collect();
    let mut dst = vec![0f32; N * N];
    let ls: DynLayout = "(64,64):(64,1)".parse().unwrap();
    let ld: DynLayout = "(64,64):(1,64)".parse().unwrap();
    let a: Vec<f32> = (0..N * N).map(|x| (x % 7) as f32).collect();
    let bm: Vec<f32> = (0..N * N).map(|x| (x % 5) as f32).collect();
    let mut cm = vec![0f32; N * N];
    let l: DynLayout = "(64,64):(1,64)".parse().unwrap();
    for _ in 0..iters {
        match kind {
            "copy_hand" => hand_tensor_copy(black_box(&src), black_box(&mut dst)),
            "copy_static" => cute_tensor_copy_static(black_box(&src), black_box(&mut dst)),
            "copy_mixed" => {
                cute_tensor_copy_mixed(black_box(&src), black_box(&mut dst), black_box(64))
            }
            "copy_dyn" => cute_tensor_copy_dyn(black_box(&src), black_box(&mut dst), &ls, &ld),
            "gemm_hand" => hand_tensor_gemm(black_box(&a), black_box(&bm), black_box(&mut cm)),
            "gemm_static" => {
                cute_tensor_gemm_static(black_box(&a), black_box(&bm), black_box(&mut cm))
            }
            "gemm_mixed" => cute_tensor_gemm_mixed(
                black_box(&a),
                black_box(&bm),
                black_box(&mut cm),
                black_box(64),
            ),
            "gemm_dyn" => {
                cute_tensor_gemm_dyn(black_box(&a), black_box(&bm), black_box(&mut cm), &l)
            }
            k => panic!("unknown kernel {k}"),
        }
    }
    dst[1] + cm[1]
}

fn main() {
    if let Ok(kind) = std::env::var("TENSOR_KERNEL") {
        let iters = std::env::var("TENSOR_ITERS").map_or(100, |n| n.parse().unwrap());
        println!("{kind} x{iters}: {}", tensor_kernel_region(&kind, iters));
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
