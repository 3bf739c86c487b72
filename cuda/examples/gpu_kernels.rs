//! Runs the kernels of `cute_layout_cuda::kernels` on the GPU: correctness, speed, NVRTC time.
//!
//! ```text
//! gpu_kernels --emit DIR               # write the generated sources (no GPU needed)
//! gpu_kernels [--sizes 4096,8192] [--json FILE]   # check and time both kernels
//! gpu_kernels --once N                 # one GEMM launch at N³ (for ncu)
//! ```
//!
//! GEMM correctness: bit-exact against an integer CPU reference on inputs in {-1, 0, 1}
//! (every product and partial sum an integer of magnitude ≤ K ≤ 2048, exact in f16), then on
//! random inputs in [-1, 1] at each timed size against an f64 CPU reference on 4096 sampled
//! elements (max |error| and relative error reported; relative error must be < 1e-2).
//! Timing: 10 warm-up launches, then 50 launches each between its own pair of CUDA events;
//! the median. Output: one JSON object per line (stdout, and FILE if given).

use std::time::Instant;

use cute_layout_cuda::kernels::{sm80_gemm::Sm80Gemm, transpose::Transpose};
use cute_layout_cuda::{Args, CompileOptions, Error, Gpu, Kernel, LaunchConfig};
use half::f16;
use serde_json::json;

mod common;
use common::{median, Rng};

fn time(
    gpu: &Gpu,
    mut launch: impl FnMut() -> Result<(), Error>,
) -> Result<(f64, f64, f64), Error> {
    for _ in 0..10 {
        launch()?;
    }
    gpu.synchronize()?;
    let mut ms = Vec::new();
    for _ in 0..50 {
        ms.push(gpu.time_ms(&mut launch)?);
    }
    Ok(median(ms))
}

fn gemm_launch(
    k: &Kernel,
    g: &Sm80Gemm,
    a: &cute_layout_cuda::DeviceBuffer<u16>,
    b: &cute_layout_cuda::DeviceBuffer<u16>,
    c: &mut cute_layout_cuda::DeviceBuffer<u16>,
    (m, n, kk): (i64, i64, i64),
) -> Result<(), Error> {
    let (ea, eb, ec) = Sm80Gemm::check_problem(m, n, kk, kk, kk, m)?;
    let cfg = LaunchConfig::new(((m / 128) as u32, (n / 128) as u32, 1), (128, 1, 1))
        .with_shared_mem(g.smem_bytes);
    let mut args = Args::new()
        .buffer("A", a, ea)?
        .buffer("B", b, eb)?
        .buffer_mut("C", c, ec)?
        .i32(m as i32)
        .i32(n as i32)
        .i32(kk as i32)
        .i32(kk as i32)
        .i32(kk as i32)
        .i32(m as i32);
    // SAFETY: the signature is (const half*, const half*, half*, int×6) as emitted; the
    // extents were checked against the elements the kernel addresses (check_problem).
    unsafe { k.launch(cfg, &mut args) }
}

fn emit(dir: &str) -> Result<(), Box<dyn std::error::Error>> {
    std::fs::create_dir_all(dir)?;
    std::fs::write(format!("{dir}/sm80_gemm.cu"), Sm80Gemm::source()?.source)?;
    std::fs::write(format!("{dir}/transpose.cu"), Transpose::source()?.source)?;
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let argv: Vec<String> = std::env::args().collect();
    let opt = |name: &str| {
        argv.iter()
            .position(|a| a == name)
            .and_then(|i| argv.get(i + 1).cloned())
    };
    if let Some(dir) = opt("--emit") {
        return emit(&dir);
    }
    let gpu = Gpu::new(0)?;
    let gpu_name = gpu.name().to_string();
    let copts = CompileOptions {
        extra: vec!["-lineinfo".into()],
        ..CompileOptions::default()
    };
    let gen_t0 = Instant::now();
    let g = Sm80Gemm::source()?;
    let gen_ms = gen_t0.elapsed().as_secs_f64() * 1e3;
    let module = gpu.compile(&g.source, &copts)?;
    let gemm = module.function("gemm_sm80_tn")?;

    if let Some(n) = opt("--once") {
        let n: i64 = n.parse()?;
        let mut rng = Rng(7);
        let h: Vec<u16> = (0..n * n)
            .map(|_| f16::from_f64(rng.unit()).to_bits())
            .collect();
        let a = gpu.upload(&h)?;
        let b = gpu.upload(&h)?;
        let mut c = gpu.alloc_zeros::<u16>((n * n) as usize)?;
        gemm_launch(&gemm, &g, &a, &b, &mut c, (n, n, n))?;
        gpu.synchronize()?;
        return Ok(());
    }

    let mut out: Vec<serde_json::Value> = Vec::new();
    let mut emit_line = |v: serde_json::Value| {
        println!("{v}");
        out.push(v);
    };

    // NVRTC time, cold (a fresh compile of the same source, median of 3).
    let mut compile = Vec::new();
    for i in 0..3 {
        let c = cute_layout_cuda::nvrtc_compile(
            &g.source,
            &CompileOptions {
                extra: vec!["-lineinfo".into(), format!("-DCUTE_RUN={i}")],
                ..CompileOptions::default()
            },
            &gpu.arch(),
        )?;
        compile.push(c.compile_ms);
    }
    let (nvrtc_ms, _, _) = median(compile.clone());
    emit_line(
        json!({"kind": "nvrtc", "kernel": "sm80_gemm", "nvrtc_ms": nvrtc_ms, "runs": compile,
                     "generate_ms": gen_ms, "source_bytes": g.source.len(), "gpu": gpu_name}),
    );

    // Bit-exact: inputs in {-1,0,1}, integer reference.
    let (m, n, k) = (256i64, 384i64, 1024i64);
    let mut rng = Rng(11);
    let ai: Vec<i32> = (0..m * k).map(|_| (rng.next() % 3) as i32 - 1).collect();
    let bi: Vec<i32> = (0..n * k).map(|_| (rng.next() % 3) as i32 - 1).collect();
    let to_h = |v: &[i32]| -> Vec<u16> {
        v.iter()
            .map(|&x| f16::from_f32(x as f32).to_bits())
            .collect()
    };
    let (a, b) = (gpu.upload(&to_h(&ai))?, gpu.upload(&to_h(&bi))?);
    let mut c = gpu.upload(&vec![0x7e00u16; (m * n) as usize])?; // NaN: unwritten shows
    gemm_launch(&gemm, &g, &a, &b, &mut c, (m, n, k))?;
    let got = gpu.download(&c)?;
    let mut exact = true;
    let mut first_bad = None;
    for j in 0..n {
        for i in 0..m {
            let want: i32 = (0..k)
                .map(|p| ai[(i * k + p) as usize] * bi[(j * k + p) as usize])
                .sum();
            let v = f16::from_bits(got[(i + j * m) as usize]).to_f32();
            if v != want as f32 {
                exact = false;
                first_bad.get_or_insert((i, j, v, want));
            }
        }
    }
    emit_line(
        json!({"kind": "bit_exact", "kernel": "sm80_gemm", "m": m, "n": n, "k": k,
                     "bit_exact": exact, "first_mismatch": format!("{first_bad:?}"), "gpu": gpu_name}),
    );

    // Refusals before launch.
    let refused = gemm_launch(&gemm, &g, &a, &b, &mut c, (m + 1, n, k)).unwrap_err();
    let short = gpu.alloc_zeros::<u16>(10)?;
    let too_short = gemm_launch(&gemm, &g, &short, &b, &mut c, (m, n, k)).unwrap_err();
    emit_line(
        json!({"kind": "refusals", "extent": refused.to_string(), "buffer": too_short.to_string()}),
    );

    let sizes: Vec<i64> = opt("--sizes")
        .unwrap_or_else(|| "4096,8192".into())
        .split(',')
        .map(|s| s.parse().unwrap())
        .collect();
    for &s in &sizes {
        let mut rng = Rng(1000 + s as u64);
        let ah: Vec<u16> = (0..s * s)
            .map(|_| f16::from_f64(rng.unit()).to_bits())
            .collect();
        let bh: Vec<u16> = (0..s * s)
            .map(|_| f16::from_f64(rng.unit()).to_bits())
            .collect();
        let (a, b) = (gpu.upload(&ah)?, gpu.upload(&bh)?);
        let mut c = gpu.upload(&vec![0x7e00u16; (s * s) as usize])?;
        gemm_launch(&gemm, &g, &a, &b, &mut c, (s, s, s))?;
        let got = gpu.download(&c)?;
        let unwritten = got.iter().filter(|&&x| f16::from_bits(x).is_nan()).count();
        let (mut max_err, mut num, mut den) = (0f64, 0f64, 0f64);
        for _ in 0..4096 {
            let i = (rng.next() % s as u64) as i64;
            let j = (rng.next() % s as u64) as i64;
            let want: f64 = (0..s)
                .map(|p| {
                    f16::from_bits(ah[(i * s + p) as usize]).to_f64()
                        * f16::from_bits(bh[(j * s + p) as usize]).to_f64()
                })
                .sum();
            let v = f16::from_bits(got[(i + j * s) as usize]).to_f64();
            max_err = max_err.max((v - want).abs());
            num += (v - want) * (v - want);
            den += want * want;
        }
        let rel = (num / den).sqrt();
        let (med, lo, hi) = time(&gpu, || gemm_launch(&gemm, &g, &a, &b, &mut c, (s, s, s)))?;
        let tflops = 2.0 * (s * s * s) as f64 / (med * 1e-3) / 1e12;
        emit_line(
            json!({"kind": "gemm", "kernel": "sm80_gemm (cute-layout emitted, NVRTC)", "m": s, "n": s, "k": s,
                         "median_ms": med, "min_ms": lo, "max_ms": hi, "tflops": tflops,
                         "max_abs_err": max_err, "rel_err": rel, "unwritten": unwritten,
                         "gpu": gpu_name}),
        );
    }

    // The transpose through swizzled shared memory.
    let t = Transpose::source()?;
    let tm = gpu.compile(&t.source, &copts)?;
    let tk = tm.function("transpose_f32")?;
    let (m, n) = (8192i64, 8192i64);
    let mut rng = Rng(5);
    let h: Vec<f32> = (0..m * n).map(|_| rng.unit() as f32).collect();
    let input = gpu.upload(&h)?;
    let mut output = gpu.upload(&vec![f32::NAN; (m * n) as usize])?;
    let run_t = |output: &mut cute_layout_cuda::DeviceBuffer<f32>| -> Result<(), Error> {
        let (ei, eo) = Transpose::check_problem(m, n, n, m)?;
        let mut args = Args::new()
            .buffer("in", &input, ei)?
            .buffer_mut("out", output, eo)?
            .i32(m as i32)
            .i32(n as i32)
            .i32(n as i32)
            .i32(m as i32);
        let cfg = LaunchConfig::new(((n / 64) as u32, (m / 64) as u32, 1), (256, 1, 1));
        // SAFETY: (const float*, float*, int×4) as emitted; extents checked.
        unsafe { tk.launch(cfg, &mut args) }
    };
    run_t(&mut output)?;
    let got = gpu.download(&output)?;
    let mut ok = true;
    for i in 0..m {
        for j in 0..n {
            if got[(j * m + i) as usize].to_bits() != h[(i * n + j) as usize].to_bits() {
                ok = false;
            }
        }
    }
    let (med, lo, hi) = time(&gpu, || run_t(&mut output))?;
    let gbs = 2.0 * 4.0 * (m * n) as f64 / (med * 1e-3) / 1e9;
    emit_line(
        json!({"kind": "transpose", "m": m, "n": n, "exact": ok, "median_ms": med, "min_ms": lo,
                     "max_ms": hi, "gbytes_per_s": gbs, "nvrtc_ms": tm.compile_ms, "gpu": gpu_name}),
    );

    // The bank model's predictions, for the ncu comparison.
    for p in g.smem.iter() {
        emit_line(
            json!({"kind": "smem_prediction", "kernel": "sm80_gemm", "what": p.what, "sass": p.sass,
                         "wavefronts": p.wavefronts, "conflicts": p.conflicts}),
        );
    }
    for p in t.smem.iter() {
        emit_line(
            json!({"kind": "smem_prediction", "kernel": "transpose", "what": p.what, "sass": p.sass,
                         "wavefronts": p.wavefronts, "conflicts": p.conflicts}),
        );
    }
    if let Some(path) = opt("--json") {
        let text: String = out.iter().map(|v| format!("{v}\n")).collect();
        std::fs::write(path, text)?;
    }
    if !exact || !ok {
        return Err("a kernel computed a wrong result".into());
    }
    Ok(())
}
