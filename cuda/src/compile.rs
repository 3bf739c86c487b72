//! NVRTC compilation without a GPU: options, [`nvrtc_compile`], the cache key.

use std::ffi::CString;
use std::path::PathBuf;
use std::time::Instant;

use cudarc::nvrtc::{result as nvrtc_result, sys as nvrtc_sys};

use crate::{log::parse_nvrtc_log, probe, Error};

/// How to compile a CUDA C++ source with NVRTC.
///
/// ```
/// use cute_layout_cuda::CompileOptions;
/// let opts = CompileOptions {
///     arch: Some("sm_90a".into()),                      // default: the device's
///     extra: vec!["--use_fast_math".into(), "-lineinfo".into()],
///     cache_dir: Some(std::env::temp_dir().join("cute-kernels")),
///     ..CompileOptions::default()                        // name: "kernel.cu"
/// };
/// assert_eq!(opts.name, "kernel.cu");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CompileOptions {
    /// Target architecture: `sm_XY` (or `sm_XYa`, `sm_XYf`) compiles to a CUBIN for that GPU,
    /// `compute_XY` to PTX that the driver compiles when loading; a bare `90` means `sm_90`.
    /// `None`: the device's own (`sm_90` on an H100) in [`Gpu::compile`](crate::Gpu::compile),
    /// `nvrtc_compile`'s `default_arch` otherwise. Passed as `--gpu-architecture=...`.
    pub arch: Option<String>,
    /// Further NVRTC options, passed as given: `--use_fast_math`, `-lineinfo`,
    /// `--std=c++17`, `-DTILE=128`, `--include-path=...`, `--ptxas-options=-v`. NVRTC has no
    /// `-O3` (it refuses it; device code is optimised by default). Not
    /// `--gpu-architecture`/`-arch`: set [`arch`](Self::arch).
    pub extra: Vec<String>,
    /// The program's file name: what diagnostics name (`kernel.cu(12): error: ...`).
    pub name: String,
    /// A directory for the on-disk cache of [`Gpu::compile`](crate::Gpu::compile): one file
    /// per distinct (source, options, architecture, NVRTC version), named by its hash
    /// (`<32 hex digits>.cubin` or `.ptx`) and holding the compiled image. Created when
    /// missing. [`nvrtc_compile`] never reads or writes it.
    pub cache_dir: Option<PathBuf>,
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions {
            arch: None,
            extra: Vec::new(),
            name: "kernel.cu".to_owned(),
            cache_dir: None,
        }
    }
}

/// What NVRTC produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImageFormat {
    /// Machine code for one architecture (`sm_XY`): loads without further compilation.
    Cubin,
    /// PTX, NUL-terminated: the driver compiles it when the module loads.
    Ptx,
}

impl ImageFormat {
    /// The file extension of the on-disk cache: `cubin` or `ptx`.
    pub fn extension(self) -> &'static str {
        match self {
            ImageFormat::Cubin => "cubin",
            ImageFormat::Ptx => "ptx",
        }
    }
}

/// The result of [`nvrtc_compile`].
#[derive(Clone, Debug, PartialEq)]
pub struct Compiled {
    /// The CUBIN, or (when NVRTC made none: a `compute_XY` target) the PTX.
    pub image: Vec<u8>,
    /// Which of the two `image` is.
    pub format: ImageFormat,
    /// The architecture compiled for (`sm_90`).
    pub arch: String,
    /// Wall-clock milliseconds of `nvrtcCompileProgram` and the image's retrieval.
    pub compile_ms: f64,
    /// NVRTC's log: warnings (empty for a clean compile).
    pub log: String,
}

/// Checks an architecture name and returns its canonical form: `sm_90`, `sm_90a`,
/// `compute_90`; a bare number `90` means `sm_90`.
///
/// ```
/// use cute_layout_cuda::normalize_arch;
/// assert_eq!(normalize_arch("90").unwrap(), "sm_90");
/// assert_eq!(normalize_arch("sm_90a").unwrap(), "sm_90a");
/// assert_eq!(normalize_arch("compute_100f").unwrap(), "compute_100f");
/// assert!(normalize_arch("sm90").is_err());
/// ```
pub fn normalize_arch(arch: &str) -> Result<String, Error> {
    let arch = arch.trim();
    let (prefix, rest) = if let Some(r) = arch.strip_prefix("sm_") {
        ("sm_", r)
    } else if let Some(r) = arch.strip_prefix("compute_") {
        ("compute_", r)
    } else {
        ("sm_", arch)
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let suffix = &rest[digits..];
    if digits >= 2 && (suffix.is_empty() || suffix == "a" || suffix == "f") {
        Ok(format!("{prefix}{rest}"))
    } else {
        Err(Error::InvalidInput {
            what: "arch",
            detail: format!("`{arch}` is not sm_XY, sm_XYa, sm_XYf or compute_XY"),
        })
    }
}

/// The NVRTC options for `opts` and the (normalized) architecture, in the order passed.
pub(crate) fn nvrtc_options(opts: &CompileOptions, arch: &str) -> Result<Vec<String>, Error> {
    for o in &opts.extra {
        let t = o.trim_start();
        if t.starts_with("--gpu-architecture") || t.starts_with("-arch") {
            return Err(Error::InvalidInput {
                what: "option",
                detail: format!("`{o}`: set CompileOptions::arch instead"),
            });
        }
    }
    let mut options = vec![format!("--gpu-architecture={arch}")];
    options.extend(opts.extra.iter().cloned());
    Ok(options)
}

fn c_string(what: &'static str, s: &str) -> Result<CString, Error> {
    CString::new(s).map_err(|_| Error::InvalidInput {
        what,
        detail: format!("contains a NUL byte at {}", s.find('\0').unwrap_or(0)),
    })
}

fn nvrtc_failure(call: &str, e: nvrtc_result::NvrtcError) -> Error {
    Error::Nvrtc {
        log: format!("{call} failed: {:?}", e.0),
        diagnostics: Vec::new(),
    }
}

/// The NVRTC library's version `(major, minor)`, or [`Error::NoNvrtc`].
///
/// ```
/// // Ok((13, 0)) with CUDA 13.0's NVRTC; Err(NoNvrtc) where there is none.
/// match cute_layout_cuda::nvrtc_version() {
///     Ok((major, minor)) => println!("NVRTC {major}.{minor}"),
///     Err(e) => println!("{e}"),
/// }
/// ```
pub fn nvrtc_version() -> Result<(i32, i32), Error> {
    let lib = probe::nvrtc()?;
    probe::guard(
        || {
            let (mut major, mut minor) = (0, 0);
            // SAFETY: two valid out-pointers.
            unsafe { nvrtc_sys::nvrtcVersion(&mut major, &mut minor) }
                .result()
                .map_err(|e| nvrtc_failure("nvrtcVersion", e))?;
            Ok((major, minor))
        },
        |m| Error::NoNvrtc {
            detail: format!("{lib} loaded but cudarc could not use it: {m}"),
        },
    )
}

/// Destroys the program on every path out of [`nvrtc_compile`].
struct Program(nvrtc_sys::nvrtcProgram);

impl Drop for Program {
    fn drop(&mut self) {
        // SAFETY: created by nvrtcCreateProgram and destroyed only here.
        let _ = unsafe { nvrtc_result::destroy_program(self.0) };
    }
}

/// Reads an NVRTC output of the size `size` reports through `get`.
///
/// # Safety
/// `prog` must be a live, compiled program and `size`/`get` a matching NVRTC pair.
unsafe fn output(
    prog: nvrtc_sys::nvrtcProgram,
    size: unsafe fn(nvrtc_sys::nvrtcProgram, *mut usize) -> nvrtc_sys::nvrtcResult,
    get: unsafe fn(nvrtc_sys::nvrtcProgram, *mut core::ffi::c_char) -> nvrtc_sys::nvrtcResult,
) -> Result<Vec<u8>, nvrtc_result::NvrtcError> {
    let mut n = 0usize;
    // SAFETY: the caller guarantees `prog` is live and compiled and `size`/`get` match.
    unsafe { size(prog, &mut n) }.result()?;
    let mut buf = vec![0u8; n];
    if n > 0 {
        // SAFETY: as above; `buf` holds the `n` bytes `size` reported.
        unsafe { get(prog, buf.as_mut_ptr().cast()) }.result()?;
    }
    Ok(buf)
}

/// Compiles `source` with NVRTC for `opts.arch`, or `default_arch` when that is `None`, and
/// returns the CUBIN (the PTX if NVRTC made no CUBIN, as for a `compute_XY` target), the
/// milliseconds NVRTC took, and its log. Needs only libnvrtc, no GPU or driver; uses no cache.
///
/// A program NVRTC rejects is [`Error::Nvrtc`], its log parsed into diagnostics that carry
/// their line of `source`.
///
/// ```
/// use cute_layout_cuda::{nvrtc_compile, CompileOptions, Error, ImageFormat};
/// let src = r#"extern "C" __global__ void fill(float* out, float v) { out[threadIdx.x] = v; }"#;
/// match nvrtc_compile(src, &CompileOptions::default(), "sm_90") {
///     Ok(c) => {
///         assert_eq!(c.format, ImageFormat::Cubin);
///         println!("{} bytes in {:.1} ms", c.image.len(), c.compile_ms);
///     }
///     Err(Error::NoNvrtc { detail }) => println!("no NVRTC here: {detail}"),
///     Err(e) => panic!("{e}"),
/// }
/// ```
pub fn nvrtc_compile(
    source: &str,
    opts: &CompileOptions,
    default_arch: &str,
) -> Result<Compiled, Error> {
    let arch = normalize_arch(opts.arch.as_deref().unwrap_or(default_arch))?;
    let options = nvrtc_options(opts, &arch)?;
    let c_source = c_string("source", source)?;
    let c_name = c_string("program name", &opts.name)?;
    for o in &options {
        c_string("option", o)?;
    }
    let lib = probe::nvrtc()?;
    probe::guard(
        || {
            let prog = nvrtc_result::create_program(&c_source, Some(&c_name))
                .map(Program)
                .map_err(|e| nvrtc_failure("nvrtcCreateProgram", e))?;
            let start = Instant::now();
            // SAFETY: `prog` is live; the options have no NUL (checked above).
            let compiled = unsafe { nvrtc_result::compile_program(prog.0, &options) };
            // SAFETY: `prog` is live.
            let log = unsafe {
                output(
                    prog.0,
                    nvrtc_sys::nvrtcGetProgramLogSize,
                    nvrtc_sys::nvrtcGetProgramLog,
                )
            }
            .map(|bytes| {
                let text = String::from_utf8_lossy(&bytes);
                text.trim_end_matches('\0').to_owned()
            })
            .unwrap_or_default();
            match compiled {
                Ok(()) => {}
                Err(e)
                    if e.0 == nvrtc_sys::nvrtcResult::NVRTC_ERROR_COMPILATION
                        || e.0 == nvrtc_sys::nvrtcResult::NVRTC_ERROR_INVALID_OPTION =>
                {
                    let diagnostics = parse_nvrtc_log(&log, source, &opts.name);
                    return Err(Error::Nvrtc { log, diagnostics });
                }
                Err(e) => {
                    let mut log = log;
                    if !log.is_empty() && !log.ends_with('\n') {
                        log.push('\n');
                    }
                    log.push_str(&format!("nvrtcCompileProgram failed: {:?}", e.0));
                    let diagnostics = parse_nvrtc_log(&log, source, &opts.name);
                    return Err(Error::Nvrtc { log, diagnostics });
                }
            }
            // SAFETY: `prog` is live and compiled.
            let cubin = unsafe {
                output(
                    prog.0,
                    nvrtc_sys::nvrtcGetCUBINSize,
                    nvrtc_sys::nvrtcGetCUBIN,
                )
            };
            let (image, format) = match cubin {
                Ok(bytes) if !bytes.is_empty() => (bytes, ImageFormat::Cubin),
                _ => {
                    // SAFETY: as above.
                    let ptx = unsafe {
                        output(prog.0, nvrtc_sys::nvrtcGetPTXSize, nvrtc_sys::nvrtcGetPTX)
                    }
                    .map_err(|e| nvrtc_failure("nvrtcGetPTX", e))?;
                    (ptx, ImageFormat::Ptx)
                }
            };
            let compile_ms = start.elapsed().as_secs_f64() * 1e3;
            Ok(Compiled {
                image,
                format,
                arch: arch.clone(),
                compile_ms,
                log,
            })
        },
        |m| Error::NoNvrtc {
            detail: format!("{lib} loaded but cudarc could not use it: {m}"),
        },
    )
}

/// The cache key of a compilation: 32 hex digits of a 128-bit FNV-1a hash of the source,
/// the program name, the NVRTC options (architecture included) and the NVRTC version. Stable
/// across runs, builds and machines: it names the files of the on-disk cache.
///
/// ```
/// use cute_layout_cuda::{cache_key, CompileOptions};
/// let opts = CompileOptions::default();
/// let a = cache_key("__global__ void k() {}", &opts, "sm_90", Some((13, 0))).unwrap();
/// assert_eq!(a.len(), 32);
/// assert_ne!(a, cache_key("__global__ void k() {}", &opts, "sm_80", Some((13, 0))).unwrap());
/// ```
pub fn cache_key(
    source: &str,
    opts: &CompileOptions,
    arch: &str,
    nvrtc_version: Option<(i32, i32)>,
) -> Result<String, Error> {
    let arch = normalize_arch(arch)?;
    let options = nvrtc_options(opts, &arch)?;
    let mut h = Fnv128::new();
    h.field(b"cute-layout-cuda cache v1");
    h.field(format!("{nvrtc_version:?}").as_bytes());
    h.field(opts.name.as_bytes());
    for o in &options {
        h.field(o.as_bytes());
    }
    h.field(source.as_bytes());
    Ok(format!("{:032x}", h.0))
}

/// 128-bit FNV-1a; each field is length-prefixed so that fields cannot run into each other.
struct Fnv128(u128);

impl Fnv128 {
    const OFFSET: u128 = 0x6c62272e07bb014262b821756295c58d;
    const PRIME: u128 = 0x0000000001000000000000000000013B;

    fn new() -> Self {
        Fnv128(Self::OFFSET)
    }

    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u128::from(b);
            self.0 = self.0.wrapping_mul(Self::PRIME);
        }
    }

    fn field(&mut self, bytes: &[u8]) {
        self.bytes(&(bytes.len() as u64).to_le_bytes());
        self.bytes(bytes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv128_reference_values() {
        // FNV-1a 128 of "" and "a" (reference values of the FNV specification).
        let mut h = Fnv128::new();
        assert_eq!(h.0, 0x6c62272e07bb014262b821756295c58d);
        h.bytes(b"a");
        assert_eq!(h.0, 0xd228cb696f1a8caf78912b704e4a8964);
    }

    #[test]
    fn options_and_key() {
        let mut opts = CompileOptions {
            extra: vec!["-O3".into()],
            ..Default::default()
        };
        assert_eq!(
            nvrtc_options(&opts, "sm_90").unwrap(),
            ["--gpu-architecture=sm_90", "-O3"]
        );
        let k1 = cache_key("x", &opts, "sm_90", None).unwrap();
        assert_eq!(k1, cache_key("x", &opts, "90", None).unwrap());
        assert_ne!(k1, cache_key("x", &opts, "sm_90", Some((13, 0))).unwrap());
        assert_ne!(k1, cache_key("y", &opts, "sm_90", None).unwrap());
        // The cache directory is not part of the key.
        opts.cache_dir = Some("/tmp/elsewhere".into());
        assert_eq!(k1, cache_key("x", &opts, "sm_90", None).unwrap());
        opts.extra.push("-arch=sm_80".into());
        assert!(matches!(
            nvrtc_options(&opts, "sm_90"),
            Err(Error::InvalidInput { what: "option", .. })
        ));
    }

    #[test]
    fn nul_bytes_are_refused_before_nvrtc() {
        let e = nvrtc_compile("a\0b", &CompileOptions::default(), "sm_90").unwrap_err();
        assert!(
            matches!(e, Error::InvalidInput { what: "source", .. }),
            "{e}"
        );
        assert!(e.to_string().contains("NUL byte at 1"), "{e}");
    }
}
