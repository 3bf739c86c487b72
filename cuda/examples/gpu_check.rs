//! Exercises the whole crate on a real GPU and exits non-zero on the first failure:
//! compile (both caches), buffers, launches with checked extents and arguments, dynamic
//! shared memory above 48 KiB, PTX loading, errors, event timing.
//!
//! ```sh
//! cargo run -p cute-layout-cuda --example gpu_check
//! ```
//!
//! Without a GPU it prints why and exits 0 (nothing to check).

use cute_layout_cuda::{Args, CompileOptions, Error, Gpu, ImageFormat, LaunchConfig};

const AXPY: &str = r#"extern "C" __global__ void axpy(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] += a * x[i];
}
"#;

/// Reverses each block's chunk through dynamic shared memory of `chunk` floats.
const REVERSE: &str = r#"extern "C" __global__ void reverse(const float* in, float* out, int chunk) {
    extern __shared__ float s[];
    const float* src = in + (size_t)blockIdx.x * chunk;
    float* dst = out + (size_t)blockIdx.x * chunk;
    for (int i = threadIdx.x; i < chunk; i += blockDim.x) s[i] = src[i];
    __syncthreads();
    for (int i = threadIdx.x; i < chunk; i += blockDim.x) dst[i] = s[chunk - 1 - i];
}
"#;

const COPY: &str = r#"extern "C" __global__ void copy4(const float4* in, float4* out, long long n) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
         i += (long long)gridDim.x * blockDim.x)
        out[i] = in[i];
}
"#;

fn check(ok: bool, what: &str) -> Result<(), Error> {
    if ok {
        println!("ok   {what}");
        Ok(())
    } else {
        Err(Error::Launch {
            kernel: "gpu_check".into(),
            detail: format!("check failed: {what}"),
        })
    }
}

fn run() -> Result<(), Error> {
    let gpu = match Gpu::new(0) {
        Ok(gpu) => gpu,
        Err(e @ (Error::NoDriver { .. } | Error::NoDevice { .. })) => {
            println!("no GPU, nothing to check: {e}");
            return Ok(());
        }
        Err(e) => return Err(e),
    };
    let (major, minor) = gpu.compute_capability();
    println!(
        "{}: sm_{major}{minor}, {} SMs, {} bytes shared/block opt-in, NVRTC {:?}, {} device(s)",
        gpu.name(),
        gpu.sm_count(),
        gpu.max_shared_mem_per_block(),
        cute_layout_cuda::nvrtc_version()?,
        Gpu::device_count()?,
    );

    // Compile, then the in-memory cache.
    let opts = CompileOptions::default();
    let m = gpu.compile(AXPY, &opts)?;
    println!(
        "     axpy: {:?} {} in {:.1} ms, log {:?}",
        m.format, m.arch, m.compile_ms, m.log
    );
    check(
        !m.from_cache && m.compile_ms > 0.0 && m.format == ImageFormat::Cubin,
        "first compile",
    )?;
    let again = gpu.compile(AXPY, &opts)?;
    check(
        again.from_cache && again.compile_ms == 0.0,
        "in-memory cache hit",
    )?;

    // The on-disk cache.
    let dir = std::env::temp_dir().join(format!("cute-cuda-check-{}", std::process::id()));
    let disk = CompileOptions {
        cache_dir: Some(dir.clone()),
        ..CompileOptions::default()
    };
    gpu.clear_cache();
    let written = gpu.compile(AXPY, &disk)?;
    let file = dir.join(format!("{}.cubin", written.key));
    check(!written.from_cache && file.exists(), "disk cache written")?;
    gpu.clear_cache();
    let read = gpu.compile(AXPY, &disk)?;
    check(read.from_cache && read.compile_ms == 0.0, "disk cache hit")?;
    let _ = std::fs::remove_dir_all(&dir);

    // A launch, checked.
    let axpy = read.function("axpy")?;
    println!("     {axpy:?}");
    let n = 1 << 20;
    let x: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let xd = gpu.upload(&x)?;
    let mut y = gpu.upload(&vec![1.0f32; n])?;
    let cfg = LaunchConfig::linear(n as u32, 256);
    {
        let mut args = Args::new()
            .f32(2.0)
            .buffer("x", &xd, n)?
            .buffer_mut("y", &mut y, n)?
            .i32(n as i32);
        // SAFETY: (float, const float*, float*, int); x and y have n elements.
        unsafe { axpy.launch(cfg, &mut args)? };
    }
    let got = gpu.download(&y)?;
    check(
        got.iter()
            .enumerate()
            .all(|(i, &v)| v == 1.0 + 2.0 * i as f32),
        "axpy result",
    )?;

    // Refusals before the launch.
    let short = gpu.alloc_zeros::<f32>(n - 1)?;
    let e = Args::new().f32(2.0).buffer("x", &short, n).unwrap_err();
    println!("     {e}");
    check(
        matches!(e, Error::Extents { expected, found, .. } if expected == n && found == n - 1),
        "short buffer refused",
    )?;
    let mut few = Args::new().f32(2.0).buffer("x", &xd, n)?;
    // SAFETY: refused before launching (too few arguments).
    let e = unsafe { axpy.launch(cfg, &mut few) }.unwrap_err();
    println!("     {e}");
    check(matches!(e, Error::Launch { .. }), "argument count refused")?;
    let mut wrong = Args::new()
        .f64(2.0)
        .buffer("x", &xd, n)?
        .buffer("y", &xd, n)?
        .i32(1);
    // SAFETY: refused before launching (parameter 0 is 4 bytes, not 8).
    let e = unsafe { axpy.launch(cfg, &mut wrong) }.unwrap_err();
    println!("     {e}");
    check(matches!(e, Error::Launch { .. }), "argument size refused")?;
    let big_block = LaunchConfig::new((1, 1, 1), (2048, 1, 1));
    let mut ok_args = Args::new()
        .f32(2.0)
        .buffer("x", &xd, n)?
        .buffer("y", &xd, n)?
        .i32(0);
    // SAFETY: refused before launching (2048 threads).
    let e = unsafe { axpy.launch(big_block, &mut ok_args) }.unwrap_err();
    println!("     {e}");
    check(matches!(e, Error::Launch { .. }), "block too large refused")?;
    let e = read.function("no_such_kernel").unwrap_err();
    println!("     {e}");
    check(
        e.to_string().contains("extern \"C\""),
        "missing kernel named",
    )?;
    let e = gpu
        .compile(&AXPY.replace("a * x[i]", "a * xx[i]"), &opts)
        .unwrap_err();
    println!("     {}", e.to_string().replace('\n', "\n     "));
    check(
        matches!(&e, Error::Nvrtc { diagnostics, .. } if diagnostics[0].line == 3
            && diagnostics[0].source_line.as_deref() == Some("    if (i < n) y[i] += a * xx[i];")),
        "NVRTC error with its source line",
    )?;

    // Dynamic shared memory above 48 KiB: the attribute is raised; above the maximum: refused.
    let reverse = gpu.compile(REVERSE, &opts)?.function("reverse")?;
    let chunk = 25 * 1024; // 100 KiB of floats
    let blocks = 264;
    let total = chunk * blocks;
    let input: Vec<f32> = (0..total).map(|i| i as f32).collect();
    let ind = gpu.upload(&input)?;
    let mut out = gpu.alloc_zeros::<f32>(total)?;
    let smem =
        LaunchConfig::new((blocks as u32, 1, 1), (256, 1, 1)).with_shared_mem((chunk * 4) as u32);
    {
        let mut args = Args::new()
            .buffer("in", &ind, total)?
            .buffer_mut("out", &mut out, total)?
            .i32(chunk as i32);
        // SAFETY: (const float*, float*, int); both buffers hold blocks * chunk floats.
        unsafe { reverse.launch(smem, &mut args)? };
        let too_much = smem.with_shared_mem(gpu.max_shared_mem_per_block() as u32 + 1);
        // SAFETY: refused before launching.
        let e = unsafe { reverse.launch(too_much, &mut args) }.unwrap_err();
        println!("     {e}");
        check(
            matches!(e, Error::SharedMemory { .. }),
            "shared memory above the maximum refused",
        )?;
    }
    let got = gpu.download(&out)?;
    let expected = |i: usize| (i / chunk * chunk + chunk - 1 - i % chunk) as f32;
    check(
        got.iter().enumerate().all(|(i, &v)| v == expected(i)),
        "100 KiB dynamic shared memory",
    )?;

    // PTX (compute_XY), compiled by the driver at load; and sm_90a where the device is 9.0.
    let ptx = gpu.compile(
        AXPY,
        &CompileOptions {
            arch: Some(format!("compute_{major}{minor}")),
            ..CompileOptions::default()
        },
    )?;
    check(ptx.format == ImageFormat::Ptx, "PTX image")?;
    let axpy_ptx = ptx.function("axpy")?;
    {
        let mut args = Args::new()
            .f32(-2.0)
            .buffer("x", &xd, n)?
            .buffer_mut("y", &mut y, n)?
            .i32(n as i32);
        // SAFETY: as above.
        unsafe { axpy_ptx.launch(cfg, &mut args)? };
    }
    check(
        gpu.download(&y)?.iter().all(|&v| v == 1.0),
        "PTX kernel result",
    )?;
    if (major, minor) == (9, 0) {
        let a = gpu.compile(
            AXPY,
            &CompileOptions {
                arch: Some("sm_90a".into()),
                ..CompileOptions::default()
            },
        )?;
        check(
            a.format == ImageFormat::Cubin && a.arch == "sm_90a",
            "sm_90a CUBIN",
        )?;
        a.function("axpy")?;
    }

    // Timing: a 256 MiB copy.
    let copy = gpu.compile(COPY, &opts)?.function("copy4")?;
    let floats = 64 << 20;
    let src = gpu.alloc_zeros::<f32>(floats)?;
    let mut dst = gpu.alloc_zeros::<f32>(floats)?;
    let n4 = (floats / 4) as i64;
    let mut args = Args::new()
        .buffer("in", &src, floats)?
        .buffer_mut("out", &mut dst, floats)?
        .i64(n4);
    let grid = LaunchConfig::new((gpu.sm_count() * 8, 1, 1), (256, 1, 1));
    // SAFETY: (const float4*, float4*, long long); n4 float4 = `floats` floats each.
    unsafe { copy.launch(grid, &mut args)? };
    let reps = 20;
    let ms = gpu.time_ms(|| {
        for _ in 0..reps {
            // SAFETY: as above.
            unsafe { copy.launch(grid, &mut args)? };
        }
        Ok(())
    })? / f64::from(reps);
    gpu.synchronize()?;
    let gbs = 2.0 * (floats * 4) as f64 / (ms * 1e-3) / 1e9;
    println!("     copy 256 MiB: {ms:.3} ms, {gbs:.0} GB/s");
    check(ms > 0.0, "event timing")?;
    println!("all checks passed");
    Ok(())
}

fn main() {
    if let Err(e) = run() {
        eprintln!("FAILED: {e}");
        std::process::exit(1);
    }
}
