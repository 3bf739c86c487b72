//! Compile CUDA C++ with NVRTC at run time, cache the result, and launch kernels: the runner
//! for the CUDA code `cute-layout` emits.
//!
//! Built on [`cudarc`] with dynamic loading: this crate builds on machines without CUDA, and
//! there every entry point returns an error ([`Error::NoDriver`], [`Error::NoNvrtc`],
//! [`Error::NoDevice`]) instead of panicking. libcuda and libnvrtc are looked up under the
//! names cudarc uses (`libcuda.so.1`, `libnvrtc.so.13`, ... on Linux) on the loader's search
//! path (`LD_LIBRARY_PATH`).
//!
//! - [`Gpu`]: a device, its context and stream; [`Gpu::compile`] (NVRTC, then an in-memory
//!   and an optional on-disk cache), buffers ([`Gpu::upload`], [`Gpu::alloc_zeros`],
//!   [`Gpu::download`]), [`Gpu::synchronize`], [`Gpu::time_ms`] (CUDA events).
//! - [`nvrtc_compile`]: NVRTC alone, no GPU needed, with its wall time.
//! - [`Module`] → [`Kernel`] → [`Kernel::launch`] with [`Args`], whose buffers are checked
//!   against the elements the kernel addresses ([`Error::Extents`]) before the launch.
//! - [`Error::Nvrtc`]: NVRTC's log parsed into [`Diagnostic`]s that carry their source line.
//!
//! ```no_run
//! use cute_layout_cuda::{Args, CompileOptions, Gpu, LaunchConfig};
//! # fn main() -> Result<(), cute_layout_cuda::Error> {
//! let gpu = Gpu::new(0)?;
//! let src = r#"extern "C" __global__ void scale(float* x, float a, int n) {
//!     int i = blockIdx.x * blockDim.x + threadIdx.x;
//!     if (i < n) x[i] *= a;
//! }"#;
//! let scale = gpu.compile(src, &CompileOptions::default())?.function("scale")?;
//! let n = 4096;
//! let mut x = gpu.upload(&vec![1.0f32; n])?;
//! let mut args = Args::new().buffer_mut("x", &mut x, n)?.f32(3.0).i32(n as i32);
//! // SAFETY: (float*, float, int) as declared; the kernel touches x[0..n) only.
//! unsafe { scale.launch(LaunchConfig::linear(n as u32, 256), &mut args)? };
//! drop(args);
//! assert!(gpu.download(&x)?.iter().all(|&v| v == 3.0));
//! # Ok(()) }
//! ```
#![warn(missing_docs)]

mod compile;
mod error;
mod gpu;
pub mod kernels;
mod launch;
mod log;
mod probe;

pub use compile::{
    cache_key, normalize_arch, nvrtc_compile, nvrtc_version, CompileOptions, Compiled, ImageFormat,
};
pub use error::{Diagnostic, Error, Severity};
pub use gpu::{DeviceBuffer, Gpu, Module};
pub use launch::{check_extent, Args, Extent, Kernel, LaunchConfig, DEFAULT_SHARED_MEM_LIMIT};
pub use log::parse_nvrtc_log;

/// cudarc, re-exported for its `DeviceRepr` / `ValidAsZeroBits` traits (implement them for a
/// `#[repr(C)]` parameter struct) and what this crate does not wrap.
pub use cudarc;
