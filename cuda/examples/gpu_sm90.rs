//! Runs the Hopper GEMM of `cute_layout_cuda::kernels::sm90_gemm` on the GPU: correctness,
//! speed, NVRTC time.
//!
//! ```text
//! gpu_sm90 --emit DIR                  # write the generated sources (no GPU needed)
//! gpu_sm90 --compile-only              # NVRTC for sm_90a, no GPU needed: log and sizes
//! gpu_sm90 [--sizes 4096,8192] [--configs f32:4,f16:3:16,ws:f32:4:8] [--json FILE]   # check and time
//! gpu_sm90 --once N [--configs f32:4]  # one launch at N³ (for ncu)
//! ```
//!
//! A configuration is `[ws:|wsp:]accumulator:stages[:CTA group size along M]`: no prefix is
//! the tutorial kernel (`sm90_gemm`), `ws:` the warp-specialized one (`sm90_gemm_ws`, one CTA
//! per tile), `wsp:` the same on a persistent grid (one CTA per SM).
//!
//! Correctness, per configuration: bit-exact against an integer CPU reference on inputs in
//! {-1, 0, 1} (tutorial: 256×384×1024; 128×128×64: one k-tile, fewer than the stages;
//! 2304×256×64: 18 M tiles, a full CTA group of 16 and a partial one. Warp-specialized:
//! 256×512×1024; 128×256×64; 2304×2560×320: 180 tiles, more than the SMs, so that persistent
//! CTAs take several tiles and the pipeline runs on across them, partial CTA groups; every
//! product and partial sum an integer of magnitude ≤ 1024,
//! exact in f16 and f32), the output poisoned with NaN first so that an unwritten element
//! fails; then on random inputs in [-1, 1] at each timed size against an f64 CPU reference on
//! 4096 sampled elements (relative error must be < 1e-2), every element written. Extents that are not multiples of
//! the tile are refused before launch. Timing: 10 warm-up launches, then 50 launches each
//! between its own pair of CUDA events; the median. Output: one JSON object per line (stdout,
//! and FILE if given); the process fails if any check fails.

use std::time::Instant;

use cute_layout_cuda::kernels::sm90_gemm::{
    encode_tma_2d, tma_copy_tile, Accumulator, Schedule, Sm90Config, Sm90Gemm, SmemA,
};
use cute_layout_cuda::kernels::sm90_gemm_ws::SmemBWs;
use cute_layout_cuda::{Args, CompileOptions, DeviceBuffer, Error, Gpu, Kernel};
use half::f16;
use serde_json::json;

mod common;
use common::{median, Rng};

/// 10 warm-up launches, then 50 launches each between its own pair of events, all recorded
/// before the first is read (as `gpu/bench/baselines.cu` times the baselines: no host gap
/// inside a measured pair); (median, min, max) ms.
fn time(
    gpu: &Gpu,
    mut launch: impl FnMut() -> Result<(), Error>,
) -> Result<(f64, f64, f64), Box<dyn std::error::Error>> {
    for _ in 0..10 {
        launch()?;
    }
    gpu.synchronize()?;
    let flags = Some(cudarc::driver::sys::CUevent_flags::CU_EVENT_DEFAULT);
    let mut ev = Vec::new();
    for _ in 0..50 {
        let (a, b) = (
            gpu.context().new_event(flags)?,
            gpu.context().new_event(flags)?,
        );
        a.record(gpu.stream())?;
        launch()?;
        b.record(gpu.stream())?;
        ev.push((a, b));
    }
    gpu.synchronize()?;
    let mut ms = Vec::new();
    for (a, b) in &ev {
        ms.push(f64::from(a.elapsed_ms(b)?));
    }
    Ok(median(ms))
}

fn parse_configs(s: &str) -> Result<Vec<Sm90Config>, Box<dyn std::error::Error>> {
    s.split(',')
        .map(|c| {
            let (schedule, c) = if let Some(r) = c.strip_prefix("ws:") {
                (Schedule::WarpSpecialized, r)
            } else if let Some(r) = c.strip_prefix("wsp:") {
                (Schedule::Persistent, r)
            } else {
                (Schedule::Tutorial, c)
            };
            let mut parts = c.split(':');
            let acc = parts.next().unwrap_or_default();
            let stages = parts
                .next()
                .ok_or("config is [ws:|wsp:]acc:stages[:group_m]")?;
            let group_m = parts.next().unwrap_or("1").parse()?;
            let acc = match acc {
                "f32" => Accumulator::F32,
                "f16" => Accumulator::F16,
                _ => return Err(format!("accumulator `{acc}`: f32 or f16").into()),
            };
            Ok(Sm90Config {
                stages: stages.parse()?,
                acc,
                group_m,
                schedule,
            })
        })
        .collect()
}

fn name(c: &Sm90Config) -> String {
    let acc = match c.acc {
        Accumulator::F32 => "f32acc",
        Accumulator::F16 => "f16acc",
    };
    let group = if c.group_m > 1 {
        format!("_g{}", c.group_m)
    } else {
        String::new()
    };
    let sched = match c.schedule {
        Schedule::Tutorial => "",
        Schedule::WarpSpecialized => "ws_",
        Schedule::Persistent => "wsp_",
    };
    format!("sm90_gemm_{sched}{acc}_s{}{group}", c.stages)
}

/// The launch arguments of `C = A·Bᵀ` (TN, `ldA = ldB = K`, `ldC = M`), everything checked
/// first: the extents, then the tensor maps encoded over A and B.
fn args<'a>(
    gpu: &Gpu,
    g: &Sm90Gemm,
    a: &DeviceBuffer<u16>,
    b: &DeviceBuffer<u16>,
    c: &'a mut DeviceBuffer<u16>,
    (m, n, kk): (i64, i64, i64),
) -> Result<Args<'a>, Error> {
    let (ea, eb, ec) = g.check(m, n, kk, kk, kk, m)?;
    let (bm, bn) = (g.tile.0, g.tile.1);
    let sa = SmemA::default().to_dyn();
    let ta = encode_tma_2d(gpu, a, "A", ea, tma_copy_tile(m, kk, kk, &sa, bm)?.params())?;
    let tb = if bn == 256 {
        let sb = SmemBWs::default().to_dyn();
        encode_tma_2d(gpu, b, "B", eb, tma_copy_tile(n, kk, kk, &sb, bn)?.params())?
    } else {
        encode_tma_2d(gpu, b, "B", eb, tma_copy_tile(n, kk, kk, &sa, bn)?.params())?
    };
    Ok(Args::new()
        .scalar(ta)
        .scalar(tb)
        .buffer_mut("C", c, ec)?
        .i32(m as i32)
        .i32(n as i32)
        .i32(kk as i32)
        .i32(m as i32))
}

/// One launch with `args` (from [`args`] for the same problem).
fn launch_with(
    gpu: &Gpu,
    k: &Kernel,
    g: &Sm90Gemm,
    args: &mut Args<'_>,
    (m, n): (i64, i64),
) -> Result<(), Error> {
    // SAFETY: the signature is (TmaDesc, TmaDesc, half*, int×4) as emitted; `args` encoded
    // the tensor maps over A and B after checking their extents and checked C's.
    unsafe { k.launch(g.launch_config(m, n, gpu.sm_count()), args) }
}

/// One launch of the problem, everything checked first.
fn launch(
    gpu: &Gpu,
    k: &Kernel,
    g: &Sm90Gemm,
    a: &DeviceBuffer<u16>,
    b: &DeviceBuffer<u16>,
    c: &mut DeviceBuffer<u16>,
    mnk: (i64, i64, i64),
) -> Result<(), Error> {
    let mut args = args(gpu, g, a, b, c, mnk)?;
    launch_with(gpu, k, g, &mut args, (mnk.0, mnk.1))
}

fn opts() -> CompileOptions {
    CompileOptions {
        arch: Some("sm_90a".into()),
        extra: vec!["-lineinfo".into()],
        ..CompileOptions::default()
    }
}

/// Bit-exact check on {-1,0,1} inputs: (exact, first mismatch, unwritten elements).
fn bit_exact(
    gpu: &Gpu,
    k: &Kernel,
    g: &Sm90Gemm,
    (m, n, kk): (i64, i64, i64),
    seed: u64,
) -> Result<(bool, String, usize), Box<dyn std::error::Error>> {
    let mut rng = Rng(seed);
    let ai: Vec<i32> = (0..m * kk).map(|_| (rng.next() % 3) as i32 - 1).collect();
    let bi: Vec<i32> = (0..n * kk).map(|_| (rng.next() % 3) as i32 - 1).collect();
    let to_h = |v: &[i32]| -> Vec<u16> {
        v.iter()
            .map(|&x| f16::from_f32(x as f32).to_bits())
            .collect()
    };
    let (a, b) = (gpu.upload(&to_h(&ai))?, gpu.upload(&to_h(&bi))?);
    let mut c = gpu.upload(&vec![0x7e00u16; (m * n) as usize])?; // NaN: unwritten shows
    launch(gpu, k, g, &a, &b, &mut c, (m, n, kk))?;
    let got = gpu.download(&c)?;
    let mut exact = true;
    let mut first_bad = None;
    let mut unwritten = 0;
    for j in 0..n {
        for i in 0..m {
            let want: i32 = (0..kk)
                .map(|p| ai[(i * kk + p) as usize] * bi[(j * kk + p) as usize])
                .sum();
            let v = f16::from_bits(got[(i + j * m) as usize]);
            unwritten += usize::from(v.is_nan());
            if v.to_f32() != want as f32 {
                exact = false;
                first_bad.get_or_insert((i, j, v.to_f32(), want));
            }
        }
    }
    Ok((exact, format!("{first_bad:?}"), unwritten))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let argv: Vec<String> = std::env::args().collect();
    let opt = |name: &str| {
        argv.iter()
            .position(|a| a == name)
            .and_then(|i| argv.get(i + 1).cloned())
    };
    let configs = parse_configs(&opt("--configs").unwrap_or_else(|| "f32:4,f16:4".into()))?;
    if let Some(dir) = opt("--emit") {
        std::fs::create_dir_all(&dir)?;
        for c in &configs {
            std::fs::write(
                format!("{dir}/{}.cu", name(c)),
                Sm90Gemm::source(*c)?.source,
            )?;
        }
        return Ok(());
    }
    if argv.iter().any(|a| a == "--compile-only") {
        for c in &configs {
            let g = Sm90Gemm::source(*c)?;
            let mut o = opts();
            o.extra.push("--ptxas-options=-v".into());
            let r = cute_layout_cuda::nvrtc_compile(&g.source, &o, "sm_90a")?;
            println!(
                "{}: {:?} {} bytes in {:.1} ms, smem {} B\n{}",
                name(c),
                r.format,
                r.image.len(),
                r.compile_ms,
                g.smem_bytes,
                r.log
            );
        }
        return Ok(());
    }
    let gpu = Gpu::new(0)?;
    let gpu_name = gpu.name().to_string();
    let mut out: Vec<serde_json::Value> = Vec::new();
    let mut emit_line = |v: serde_json::Value| {
        println!("{v}");
        out.push(v);
    };
    let mut all_ok = true;

    if let Some(n) = opt("--once") {
        let n: i64 = n.parse()?;
        let g = Sm90Gemm::source(configs[0])?;
        let k = gpu.compile(&g.source, &opts())?.function(g.kernel)?;
        let mut rng = Rng(7);
        let h: Vec<u16> = (0..n * n)
            .map(|_| f16::from_f64(rng.unit()).to_bits())
            .collect();
        let a = gpu.upload(&h)?;
        let b = gpu.upload(&h)?;
        let mut c = gpu.alloc_zeros::<u16>((n * n) as usize)?;
        launch(&gpu, &k, &g, &a, &b, &mut c, (n, n, n))?;
        gpu.synchronize()?;
        return Ok(());
    }

    let sizes: Vec<i64> = opt("--sizes")
        .unwrap_or_else(|| "4096,8192".into())
        .split(',')
        .map(|s| s.parse())
        .collect::<Result<_, _>>()?;
    // Random inputs per size, shared by every configuration.
    let mut inputs = Vec::new();
    for &s in &sizes {
        let mut rng = Rng(1000 + s as u64);
        let ah: Vec<u16> = (0..s * s)
            .map(|_| f16::from_f64(rng.unit()).to_bits())
            .collect();
        let bh: Vec<u16> = (0..s * s)
            .map(|_| f16::from_f64(rng.unit()).to_bits())
            .collect();
        let (a, b) = (gpu.upload(&ah)?, gpu.upload(&bh)?);
        inputs.push((s, ah, bh, a, b));
    }

    for cfg in &configs {
        let kname = name(cfg);
        let gen_t0 = Instant::now();
        let g = Sm90Gemm::source(*cfg)?;
        let gen_ms = gen_t0.elapsed().as_secs_f64() * 1e3;
        let module = gpu.compile(&g.source, &opts())?;
        let k = module.function(g.kernel)?;
        // NVRTC time, cold (fresh compiles of the same source, median of 3).
        let mut compile = Vec::new();
        for i in 0..3 {
            let mut o = opts();
            o.extra.push(format!("-DCUTE_RUN={i}"));
            compile.push(cute_layout_cuda::nvrtc_compile(&g.source, &o, "sm_90a")?.compile_ms);
        }
        let (nvrtc_ms, _, _) = median(compile.clone());
        emit_line(
            json!({"kind": "nvrtc", "kernel": kname, "nvrtc_ms": nvrtc_ms, "runs": compile,
            "generate_ms": gen_ms, "source_bytes": g.source.len(), "registers": k.num_regs()?,
            "smem_bytes": g.smem_bytes, "desc_hi": g.desc_hi, "threads": g.threads,
            "cta_tile": [g.tile.0, g.tile.1, g.tile.2], "schedule": format!("{:?}", cfg.schedule),
            "tma_box": g.tma_boxes[0], "tma_box_b": g.tma_boxes[1], "gpu": gpu_name}),
        );

        let problems: [(i64, i64, i64); 3] = if cfg.schedule == Schedule::Tutorial {
            [(256, 384, 1024), (128, 128, 64), (2304, 256, 64)]
        } else {
            [(256, 512, 1024), (128, 256, 64), (2304, 2560, 320)]
        };
        for (i, (m, n, kk)) in problems.into_iter().enumerate() {
            let (exact, first, unwritten) = bit_exact(&gpu, &k, &g, (m, n, kk), 11 + i as u64)?;
            all_ok &= exact && unwritten == 0;
            emit_line(
                json!({"kind": "bit_exact", "kernel": kname, "m": m, "n": n, "k": kk,
                "bit_exact": exact, "first_mismatch": first, "unwritten": unwritten, "gpu": gpu_name}),
            );
        }

        // Refusals before launch.
        let short = gpu.alloc_zeros::<u16>(10)?;
        let (bm, bn) = (g.tile.0, g.tile.1);
        let mut c = gpu.alloc_zeros::<u16>((bm * bn) as usize)?;
        let refused = launch(&gpu, &k, &g, &short, &short, &mut c, (bm + 1, bn, 64)).unwrap_err();
        let refused_k = launch(&gpu, &k, &g, &short, &short, &mut c, (bm, bn, 96)).unwrap_err();
        let too_short = launch(&gpu, &k, &g, &short, &short, &mut c, (bm, bn, 64)).unwrap_err();
        emit_line(
            json!({"kind": "refusals", "kernel": kname, "extent": refused.to_string(),
            "extent_k": refused_k.to_string(), "buffer": too_short.to_string()}),
        );

        for (s, ah, bh, a, b) in &inputs {
            let s = *s;
            let mut c = gpu.upload(&vec![0x7e00u16; (s * s) as usize])?;
            launch(&gpu, &k, &g, a, b, &mut c, (s, s, s))?;
            let got = gpu.download(&c)?;
            let unwritten = got.iter().filter(|&&x| f16::from_bits(x).is_nan()).count();
            let mut rng = Rng(77 + s as u64);
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
            all_ok &= unwritten == 0 && rel < 1e-2;
            let mut targs = args(&gpu, &g, a, b, &mut c, (s, s, s))?;
            let (med, lo, hi) = time(&gpu, || launch_with(&gpu, &k, &g, &mut targs, (s, s)))?;
            let tflops = 2.0 * (s * s * s) as f64 / (med * 1e-3) / 1e12;
            emit_line(
                json!({"kind": "gemm", "kernel": kname, "stages": cfg.stages,
                "accumulator": format!("{:?}", cfg.acc), "group_m": cfg.group_m,
                "schedule": format!("{:?}", cfg.schedule), "m": s, "n": s, "k": s,
                "median_ms": med, "min_ms": lo, "max_ms": hi, "tflops": tflops,
                "max_abs_err": max_err, "rel_err": rel, "unwritten": unwritten, "gpu": gpu_name}),
            );
        }
    }
    if let Some(path) = opt("--json") {
        let text: String = out.iter().map(|v| format!("{v}\n")).collect();
        std::fs::write(path, text)?;
    }
    if !all_ok {
        return Err("a kernel computed a wrong result or left an element unwritten".into());
    }
    Ok(())
}
