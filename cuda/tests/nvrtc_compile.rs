//! NVRTC for real: compiles a good kernel to a CUBIN and a bad one to diagnostics.
//!
//! Runs where libnvrtc loads and prints why it skips where it does not (CI has no NVRTC).
//! With `CUTE_NVRTC_TEST=1` a missing NVRTC fails the test instead. Locally, with the
//! pip-installed NVRTC (`pip install nvidia-cuda-nvrtc`, CUDA 13):
//!
//! ```sh
//! CUTE_NVRTC_TEST=1 LD_LIBRARY_PATH=/work/cudapip/nvidia/cu13/lib \
//!     cargo test -p cute-layout-cuda --test nvrtc_compile -- --nocapture
//! ```

use cute_layout_cuda::{
    nvrtc_compile, nvrtc_version, CompileOptions, Error, ImageFormat, Severity,
};

/// `Some(version)` when NVRTC loads; `None` (after saying why) when the test should skip.
fn nvrtc() -> Option<(i32, i32)> {
    match nvrtc_version() {
        Ok(v) => Some(v),
        Err(e) if std::env::var("CUTE_NVRTC_TEST").as_deref() == Ok("1") => {
            panic!("CUTE_NVRTC_TEST=1 but NVRTC is unusable: {e}")
        }
        Err(e) => {
            println!("skipped: {e} (set LD_LIBRARY_PATH to a directory holding libnvrtc)");
            None
        }
    }
}

const GOOD: &str = r#"extern "C" __global__ void axpy(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int unused;
    if (i < n) y[i] += a * x[i];
}
"#;

#[test]
fn a_good_kernel_compiles_to_a_cubin() {
    let Some((major, minor)) = nvrtc() else {
        return;
    };
    let opts = CompileOptions {
        extra: vec!["--use_fast_math".into(), "-lineinfo".into()],
        ..Default::default()
    };
    let c = nvrtc_compile(GOOD, &opts, "sm_90").unwrap();
    println!(
        "NVRTC {major}.{minor}: {} bytes of {:?} for {} in {:.1} ms",
        c.image.len(),
        c.format,
        c.arch,
        c.compile_ms
    );
    assert_eq!(c.format, ImageFormat::Cubin);
    assert!(c.image.starts_with(b"\x7fELF"), "a CUBIN is an ELF file");
    assert!(c.compile_ms > 0.0);
    // The unused variable: a warning in the log, not an error.
    assert!(c.log.contains("warning #177-D"), "{}", c.log);

    // A compute_XY target gives PTX (NUL-terminated, for cuModuleLoadData).
    let ptx = nvrtc_compile(
        GOOD,
        &CompileOptions {
            arch: Some("compute_90".into()),
            ..opts
        },
        "sm_90",
    )
    .unwrap();
    assert_eq!(ptx.format, ImageFormat::Ptx);
    assert_eq!(ptx.image.last(), Some(&0));
    let text = String::from_utf8_lossy(&ptx.image);
    assert!(
        text.contains(".entry axpy") && text.contains(".target sm_90"),
        "{text}"
    );
}

#[test]
fn a_bad_kernel_reports_its_lines() {
    if nvrtc().is_none() {
        return;
    }
    let bad = GOOD.replace("a * x[i]", "a * xs[i]");
    let opts = CompileOptions {
        name: "axpy.cu".into(),
        ..Default::default()
    };
    let e = nvrtc_compile(&bad, &opts, "sm_90").unwrap_err();
    println!("{e}");
    let Error::Nvrtc { log, diagnostics } = &e else {
        panic!("expected Error::Nvrtc, got {e:?}")
    };
    assert!(log.contains("axpy.cu(4): error"), "{log}");
    let errors: Vec<_> = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    assert_eq!(errors.len(), 1, "{diagnostics:?}");
    let d = errors[0];
    assert_eq!((d.file.as_str(), d.line), ("axpy.cu", 4));
    assert_eq!(d.message, "identifier \"xs\" is undefined");
    assert_eq!(
        d.source_line.as_deref(),
        Some("    if (i < n) y[i] += a * xs[i];")
    );
    assert_eq!(d.column, Some(28));
    let text = e.to_string();
    assert!(
        text.contains("axpy.cu:4: error: identifier \"xs\" is undefined\n     4 |     if (i < n) y[i] += a * xs[i];\n"),
        "{text}"
    );
    // The warning on line 3 is a diagnostic too.
    assert!(diagnostics
        .iter()
        .any(|d| d.severity == Severity::Warning && d.line == 3));
}

#[test]
fn bad_options_are_nvrtc_errors() {
    if nvrtc().is_none() {
        return;
    }
    let e = nvrtc_compile(GOOD, &CompileOptions::default(), "sm_5").unwrap_err();
    assert!(matches!(e, Error::InvalidInput { what: "arch", .. }), "{e}");
    let e = nvrtc_compile(GOOD, &CompileOptions::default(), "sm_12").unwrap_err();
    println!("{e}");
    assert!(
        matches!(&e, Error::Nvrtc { diagnostics, .. } if diagnostics.is_empty()),
        "{e}"
    );
    assert!(e.to_string().contains("--gpu-architecture"), "{e}");
    let opts = CompileOptions {
        extra: vec!["--no-such-option".into()],
        ..Default::default()
    };
    let e = nvrtc_compile(GOOD, &opts, "sm_90").unwrap_err();
    assert!(e.to_string().contains("--no-such-option"), "{e}");
    // NVRTC has no -O3.
    let opts = CompileOptions {
        extra: vec!["-O3".into()],
        ..Default::default()
    };
    let e = nvrtc_compile(GOOD, &opts, "sm_90").unwrap_err();
    assert!(e.to_string().contains("unrecognized option -O3"), "{e}");
}
