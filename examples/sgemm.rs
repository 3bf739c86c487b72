//! CuTe's classic tiled SGEMM (`examples/cute/tutorial/sgemm_1.cu`, the NT case) written with
//! this crate and run on the CPU over a grid of "blocks" and "threads", checked against a naive
//! product.
//!
//! As in CuTe: the problem size and the global strides are runtime values (mixed layouts), the
//! block tile `(BLK_M, BLK_N, BLK_K) = (128, 128, 8)`, the shared-memory layouts and the thread
//! layouts are static. Each block
//!
//! 1. takes its tiles of A, B and C with `local_tile` from one block tiler `(BLK_M, BLK_N,
//!    BLK_K)` and one block coordinate `(m, n, _)` under CuTe's projections `Step<_1, X, _1>`
//!    (A: `(BLK_M, BLK_K, k)`), `Step<X, _1, _1>` (B) and `Step<_1, _1, X>` (C),
//! 2. partitions them for copying over a `(32,8)` thread layout with `local_partition`,
//! 3. partitions shared memory for computing over a `(16,16)` thread layout with the
//!    projections `Step<_1, X>` (A by the thread's row) and `Step<X, _1>` (B by its column),
//! 4. loops over the `k` tiles: all threads copy global → shared, then all threads run `gemm`
//!    on their register fragment (the `__syncthreads()` of the kernel are the phase
//!    boundaries of the loops),
//! 5. writes `C = α·acc + β·C` with `axpby`.
//!
//! `cargo run --release --example sgemm [M N K]`

use cute_layout::ops::Underscore as X;
use cute_layout::tensor::{axpby, copy, fill, gemm, make_tensor, make_tensor_like};
use cute_layout::typenum::{U1, U128, U8};
use cute_layout::{layout, Tensor};

// `_1` is CuTe's spelling in the projections `Step<_1, X, _1>`.
#[allow(clippy::just_underscores_and_digits)]
fn main() {
    let args: Vec<i64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (m, n, k) = match args[..] {
        [m, n, k] => (m, n, k),
        _ => (256, 384, 64),
    };
    assert!(
        m % 128 == 0 && n % 128 == 0 && k % 8 == 0,
        "M, N multiples of 128, K of 8"
    );
    let (alpha, beta) = (1.5f32, -0.5f32);
    let val = |i: i64| ((i * 7919) % 17) as f32 - 8.0;
    let a: Vec<f32> = (0..m * k).map(val).collect(); // (M,K):(1,M)
    let b: Vec<f32> = (0..n * k).map(|i| val(i + 5)).collect(); // (N,K):(1,N)
    let c0: Vec<f32> = (0..m * n).map(|i| val(i + 11)).collect(); // (M,N):(1,M)
    let mut c = c0.clone();

    // Global tensors: runtime shapes and strides.
    let m_a = layout!(({m},{k}):(1,{m})).unwrap();
    let m_b = layout!(({n},{k}):(1,{n})).unwrap();
    let m_c = layout!(({m},{n}):(1,{m})).unwrap();
    // Thread layouts (static): 256 threads.
    let t_a = layout!((32,8):(1,32));
    let t_b = layout!((32,8):(1,32));
    let t_c = layout!((16,16):(1,16));
    // The block tiler (BLK_M, BLK_N, BLK_K) and the projections of sgemm_1.cu.
    let cta_tiler = (U128::new(), U128::new(), U8::new());
    let _1 = U1::new();

    for blk_m in 0..m / 128 {
        for blk_n in 0..n / 128 {
            let cta_coord = (blk_m, blk_n, X); // (m,n,k)
                                               // Block tiles: (BLK_M,BLK_K,k), (BLK_N,BLK_K,k), (BLK_M,BLK_N).
            let g_a = Tensor::try_new(&a[..], m_a).unwrap().local_tile_proj(
                cta_tiler,
                cta_coord,
                (_1, X, _1),
            );
            let g_b = Tensor::try_new(&b[..], m_b).unwrap().local_tile_proj(
                cta_tiler,
                cta_coord,
                (X, _1, _1),
            );
            // Shared memory (static, compact).
            let mut s_a = make_tensor::<f32, _>(layout!((128,8):(1,128)));
            let mut s_b = make_tensor::<f32, _>(layout!((128,8):(1,128)));
            // One register accumulator per thread: (THR_M, THR_N) = (8, 8).
            let mut acc: Vec<_> = (0..256)
                .map(|_| {
                    let mut f = make_tensor::<f32, _>(layout!((8,8):(1,8)));
                    fill(&mut f, 0.0);
                    f
                })
                .collect();
            let k_tiles: i64 = g_a.layout().shape().2;
            for kt in 0..k_tiles {
                // Copy phase: each thread copies its (4,1) of A and of B.
                for tid in 0..256 {
                    let t_ag_a = g_a.local_partition(&t_a, tid); // (4,1,k)
                    let t_bg_b = g_b.local_partition(&t_b, tid);
                    let mut t_as_a = s_a.view_mut().local_partition(&t_a, tid); // (4,1)
                    copy(&t_ag_a.slice((X, X, kt)), &mut t_as_a);
                    let mut t_bs_b = s_b.view_mut().local_partition(&t_b, tid);
                    copy(&t_bg_b.slice((X, X, kt)), &mut t_bs_b);
                }
                // __syncthreads(); compute phase: (8,8) += (8,BLK_K) x (8,BLK_K).
                for (tid, acc) in acc.iter_mut().enumerate() {
                    let tid = tid as i64;
                    let t_cs_a = s_a.view().local_partition_proj(&t_c, tid, (_1, X)); // (THR_M,BLK_K)
                    let t_cs_b = s_b.view().local_partition_proj(&t_c, tid, (X, _1)); // (THR_N,BLK_K)
                    gemm(&t_cs_a, &t_cs_b, acc);
                }
            }
            // Epilogue: C = α·acc + β·C, each thread on its (8,8) of the block tile.
            for (tid, acc) in acc.iter().enumerate() {
                let g_c = Tensor::try_new(&mut c[..], m_c).unwrap().local_tile_proj(
                    cta_tiler,
                    cta_coord,
                    (_1, _1, X),
                );
                let mut t_cg_c = g_c.local_partition_proj(&t_c, tid as i64, (_1, _1)); // (THR_M,THR_N)
                                                                                       // axpby(α, x, β, y) writes y; C goes through a register tensor like tCgC.
                let mut out = make_tensor_like::<f32, _>(t_cg_c.layout());
                copy(&t_cg_c.view(), &mut out);
                axpby(alpha, acc, beta, &mut out);
                copy(&out, &mut t_cg_c);
            }
        }
    }

    // The naive product.
    let mut worst = 0f32;
    for i in 0..m {
        for j in 0..n {
            let dot: f32 = (0..k)
                .map(|l| a[(i + m * l) as usize] * b[(j + n * l) as usize])
                .sum();
            let want = alpha * dot + beta * c0[(i + m * j) as usize];
            worst = worst.max((c[(i + m * j) as usize] - want).abs());
        }
    }
    println!(
        "sgemm {m}x{n}x{k}: {} blocks of 256 threads, max |error| = {worst}",
        (m / 128) * (n / 128)
    );
    assert!(
        worst <= 1e-3,
        "the tiled SGEMM differs from the naive product"
    );
}
