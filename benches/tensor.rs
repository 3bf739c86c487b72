//! Issue 11: tensor indexing with a static layout against hand-written index arithmetic.
//!
//! `cute_tensor_get_static` reads `t[(i, j)]` from a `Tensor<&[f32], (8,16):(16,1)>`;
//! `hand_tensor_get_static` does what it promises by hand, on a struct of the same fields
//! passed the same way: the coordinate check
//! `i < 8 && j < 16`, then an unchecked read at `base + 16·i + j`. The tensor's engine length
//! was checked once at construction, so neither compares with it: `benches/asm/run.sh`
//! prints both and checks that they have the same instructions (same count, no `len` load).
//! The criterion bench times a sum over the whole tile both ways.

use criterion::{criterion_group, criterion_main, Criterion};
use cute_layout::{layout, Layout, Tensor};
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

criterion_group!(benches, bench);
criterion_main!(benches);
