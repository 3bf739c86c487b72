//! The device: context, stream, compile cache, buffers, timing.

use std::collections::HashMap;
use std::fmt;
use std::path::Path;
use std::sync::{Arc, Mutex};

use cudarc::driver::sys::{CUdevice_attribute, CUevent_flags, CUresult};
use cudarc::driver::{CudaContext, CudaModule, CudaSlice, CudaStream, DeviceRepr, ValidAsZeroBits};
use cudarc::nvrtc::Ptx;

use crate::compile::{cache_key, normalize_arch, nvrtc_compile, nvrtc_version, ImageFormat};
use crate::error::{driver, driver_detail};
use crate::launch::{check_extent, Kernel};
use crate::{probe, CompileOptions, Error};

/// One CUDA device with its primary context and the stream everything here runs on (the
/// context's default stream), plus the in-memory compile cache.
///
/// ```no_run
/// use cute_layout_cuda::{Gpu, CompileOptions, Args, LaunchConfig};
/// # fn main() -> Result<(), cute_layout_cuda::Error> {
/// let gpu = Gpu::new(0)?;
/// println!("{} sm_{}{} x{} SMs", gpu.name(), gpu.compute_capability().0,
///          gpu.compute_capability().1, gpu.sm_count());
/// let src = r#"extern "C" __global__ void axpy(float a, const float* x, float* y, int n) {
///     int i = blockIdx.x * blockDim.x + threadIdx.x;
///     if (i < n) y[i] += a * x[i];
/// }"#;
/// let module = gpu.compile(src, &CompileOptions::default())?;
/// let axpy = module.function("axpy")?;
/// let n = 1 << 20;
/// let x = gpu.upload(&vec![1.0f32; n])?;
/// let mut y = gpu.alloc_zeros::<f32>(n)?;
/// let mut args = Args::new().f32(2.0).buffer("x", &x, n)?.buffer_mut("y", &mut y, n)?.i32(n as i32);
/// let cfg = LaunchConfig::linear(n as u32, 256);
/// // SAFETY: the kernel's parameters are (float, const float*, float*, int) and it touches
/// // x[0..n) and y[0..n) only.
/// let ms = gpu.time_ms(|| unsafe { axpy.launch(cfg, &mut args) })?;
/// drop(args);
/// assert_eq!(gpu.download(&y)?[0], 2.0);
/// println!("{ms:.3} ms");
/// # Ok(()) }
/// ```
pub struct Gpu {
    ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
    name: String,
    cc: (u32, u32),
    sm_count: u32,
    max_shared_optin: usize,
    cache: Mutex<HashMap<String, Module>>,
}

impl fmt::Debug for Gpu {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Gpu")
            .field("ordinal", &self.ctx.ordinal())
            .field("name", &self.name)
            .field("compute_capability", &self.cc)
            .field("sm_count", &self.sm_count)
            .finish()
    }
}

fn attribute(ctx: &CudaContext, a: CUdevice_attribute) -> Result<i32, Error> {
    ctx.attribute(a).map_err(driver("cuDeviceGetAttribute"))
}

/// `cuInit`, with its "nothing here" answers turned into [`Error::NoDevice`] /
/// [`Error::NoDriver`], then `cuDeviceGetCount`.
fn init_and_count() -> Result<usize, Error> {
    match cudarc::driver::result::init() {
        Ok(()) => {}
        Err(e) if e.0 == CUresult::CUDA_ERROR_NO_DEVICE => return Ok(0),
        Err(e) if e.0 == CUresult::CUDA_ERROR_STUB_LIBRARY => {
            return Err(Error::NoDriver {
                detail: format!(
                    "the libcuda found is the CUDA toolkit's stub, not a driver ({})",
                    driver_detail(&e)
                ),
            })
        }
        Err(e) => return Err(driver("cuInit")(e)),
    }
    let count = cudarc::driver::result::device::get_count().map_err(driver("cuDeviceGetCount"))?;
    Ok(count.max(0) as usize)
}

impl Gpu {
    /// Opens device `ordinal`: finds libcuda (else [`Error::NoDriver`]), initialises the
    /// driver, checks the device exists (else [`Error::NoDevice`]), retains its primary
    /// context and uses its default stream. Never panics for a missing driver or device.
    ///
    /// ```
    /// use cute_layout_cuda::{Error, Gpu};
    /// match Gpu::new(0) {
    ///     Ok(gpu) => println!("{}", gpu.name()),
    ///     Err(e @ (Error::NoDriver { .. } | Error::NoDevice { .. })) => println!("no GPU: {e}"),
    ///     Err(e) => panic!("{e}"),
    /// }
    /// ```
    pub fn new(ordinal: usize) -> Result<Gpu, Error> {
        let lib = probe::driver()?;
        probe::guard(
            || Self::open(ordinal),
            |m| Error::NoDriver {
                detail: format!("{lib} loaded but cudarc could not use it: {m}"),
            },
        )
    }

    fn open(ordinal: usize) -> Result<Gpu, Error> {
        let count = init_and_count()?;
        if ordinal >= count {
            return Err(Error::NoDevice { ordinal, count });
        }
        let ctx = CudaContext::new(ordinal).map_err(driver("cuDevicePrimaryCtxRetain"))?;
        let stream = ctx.default_stream();
        let name = ctx.name().map_err(driver("cuDeviceGetName"))?;
        let (major, minor) = ctx
            .compute_capability()
            .map_err(driver("cuDeviceGetAttribute"))?;
        let sm_count = attribute(
            &ctx,
            CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
        )?;
        let max_shared_optin = attribute(
            &ctx,
            CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
        )?;
        Ok(Gpu {
            ctx,
            stream,
            name,
            cc: (major as u32, minor as u32),
            sm_count: sm_count as u32,
            max_shared_optin: max_shared_optin as usize,
            cache: Mutex::new(HashMap::new()),
        })
    }

    /// How many CUDA devices the driver reports: 0 when it reports none,
    /// [`Error::NoDriver`] when there is no driver.
    pub fn device_count() -> Result<usize, Error> {
        let lib = probe::driver()?;
        probe::guard(init_and_count, |m| Error::NoDriver {
            detail: format!("{lib} loaded but cudarc could not use it: {m}"),
        })
    }

    /// The device's ordinal.
    pub fn ordinal(&self) -> usize {
        self.ctx.ordinal()
    }

    /// The device's name (`NVIDIA H100 80GB HBM3`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The compute capability `(major, minor)`: `(9, 0)` on H100 and H200.
    pub fn compute_capability(&self) -> (u32, u32) {
        self.cc
    }

    /// The device's architecture as NVRTC names it: `sm_90` for compute capability 9.0. The
    /// default of [`CompileOptions::arch`].
    pub fn arch(&self) -> String {
        format!("sm_{}{}", self.cc.0, self.cc.1)
    }

    /// The number of streaming multiprocessors (132 on an H100 SXM).
    pub fn sm_count(&self) -> u32 {
        self.sm_count
    }

    /// The most shared memory one block may use, static plus dynamic, after opting in
    /// (232448 bytes = 227 KiB on H100); launches asking for more are refused.
    pub fn max_shared_mem_per_block(&self) -> usize {
        self.max_shared_optin
    }

    /// The cudarc context, for what this crate does not wrap.
    pub fn context(&self) -> &Arc<CudaContext> {
        &self.ctx
    }

    /// The cudarc stream all of this crate's work goes to (the context's default stream).
    pub fn stream(&self) -> &Arc<CudaStream> {
        &self.stream
    }

    /// Compiles `source` with NVRTC for [`opts.arch`](CompileOptions::arch) (default: this
    /// device's, [`arch`](Self::arch)) and loads it, through two caches:
    ///
    /// - in memory: a `Gpu` keeps every module it compiled, keyed by [`cache_key`] of the
    ///   source, the options, the architecture and the NVRTC version; compiling the same
    ///   again returns that module, with [`from_cache`](Module::from_cache) set and
    ///   [`compile_ms`](Module::compile_ms) 0;
    /// - on disk, when [`opts.cache_dir`](CompileOptions::cache_dir) is set: a miss in memory
    ///   looks for `<cache_dir>/<key>.cubin` (or `.ptx`) and loads it without NVRTC
    ///   (`from_cache`, no log); a miss there compiles and writes the file (atomically, by
    ///   renaming). An unreadable or unloadable cache file is compiled again and replaced.
    ///
    /// Errors: [`Error::Nvrtc`] with the diagnostics and their source lines,
    /// [`Error::NoNvrtc`], [`Error::Cache`] when the file cannot be written, [`Error::Driver`]
    /// when the driver refuses the image.
    ///
    /// ```no_run
    /// # fn main() -> Result<(), cute_layout_cuda::Error> {
    /// use cute_layout_cuda::{CompileOptions, Gpu};
    /// let gpu = Gpu::new(0)?;
    /// let src = r#"extern "C" __global__ void k(int* p) { p[threadIdx.x] = 1; }"#;
    /// let first = gpu.compile(src, &CompileOptions::default())?;
    /// let again = gpu.compile(src, &CompileOptions::default())?;
    /// assert!(!first.from_cache && again.from_cache && again.compile_ms == 0.0);
    /// # Ok(()) }
    /// ```
    pub fn compile(&self, source: &str, opts: &CompileOptions) -> Result<Module, Error> {
        let arch = match &opts.arch {
            Some(a) => normalize_arch(a)?,
            None => self.arch(),
        };
        let key = cache_key(source, opts, &arch, nvrtc_version().ok())?;
        if let Some(m) = self
            .cache
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&key)
        {
            return Ok(Module {
                compile_ms: 0.0,
                from_cache: true,
                ..m.clone()
            });
        }
        let mut module = None;
        if let Some(dir) = &opts.cache_dir {
            if let Some((image, format)) = read_cached(dir, &key) {
                if let Ok(inner) = self.load(image) {
                    module =
                        Some(self.module(inner, &key, &arch, format, 0.0, true, String::new()));
                }
            }
        }
        let module = match module {
            Some(m) => m,
            None => {
                let c = nvrtc_compile(source, opts, &arch)?;
                if let Some(dir) = &opts.cache_dir {
                    write_cached(dir, &key, &c.image, c.format)?;
                }
                let inner = self.load(c.image)?;
                self.module(inner, &key, &arch, c.format, c.compile_ms, false, c.log)
            }
        };
        self.cache
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(key, module.clone());
        Ok(module)
    }

    /// Drops every module of the in-memory cache (the on-disk cache stays). Kernels and
    /// modules already handed out stay valid.
    pub fn clear_cache(&self) {
        self.cache.lock().unwrap_or_else(|p| p.into_inner()).clear();
    }

    fn load(&self, image: Vec<u8>) -> Result<Arc<CudaModule>, Error> {
        self.ctx
            .load_module(Ptx::from_binary(image))
            .map_err(driver("cuModuleLoadData"))
    }

    #[allow(clippy::too_many_arguments)]
    fn module(
        &self,
        inner: Arc<CudaModule>,
        key: &str,
        arch: &str,
        format: ImageFormat,
        compile_ms: f64,
        from_cache: bool,
        log: String,
    ) -> Module {
        Module {
            inner,
            stream: self.stream.clone(),
            max_shared_optin: self.max_shared_optin,
            compile_ms,
            from_cache,
            log,
            format,
            arch: arch.to_owned(),
            key: key.to_owned(),
        }
    }

    /// A zero-filled device buffer of `len` elements.
    pub fn alloc_zeros<T: DeviceRepr + ValidAsZeroBits>(
        &self,
        len: usize,
    ) -> Result<DeviceBuffer<T>, Error> {
        let slice = self
            .stream
            .alloc_zeros(len)
            .map_err(driver("cuMemAllocAsync"))?;
        Ok(DeviceBuffer { slice })
    }

    /// A device buffer holding a copy of `data` (`u16` for half-precision bits, `f32`, `i32`,
    /// ...).
    pub fn upload<T: DeviceRepr>(&self, data: &[T]) -> Result<DeviceBuffer<T>, Error> {
        let slice = self
            .stream
            .clone_htod(data)
            .map_err(driver("cuMemcpyHtoDAsync"))?;
        Ok(DeviceBuffer { slice })
    }

    /// Copies `data` into the start of `buf`; [`Error::Extents`] (argument `"upload"`) when
    /// `buf` is shorter than `data`.
    pub fn upload_into<T: DeviceRepr>(
        &self,
        data: &[T],
        buf: &mut DeviceBuffer<T>,
    ) -> Result<(), Error> {
        check_extent("upload", data.len(), buf.len())?;
        self.stream
            .memcpy_htod(data, &mut buf.slice)
            .map_err(driver("cuMemcpyHtoDAsync"))
    }

    /// Sets every element of `buf` to zero bits.
    pub fn zero<T: DeviceRepr + ValidAsZeroBits>(
        &self,
        buf: &mut DeviceBuffer<T>,
    ) -> Result<(), Error> {
        self.stream
            .memset_zeros(&mut buf.slice)
            .map_err(driver("cuMemsetD8Async"))
    }

    /// Copies `buf` to the host, after all work queued before it (synchronous).
    pub fn download<T: DeviceRepr>(&self, buf: &DeviceBuffer<T>) -> Result<Vec<T>, Error> {
        self.stream
            .clone_dtoh(&buf.slice)
            .map_err(driver("cuMemcpyDtoHAsync"))
    }

    /// Waits for all work queued on the stream; reports an error of an earlier asynchronous
    /// launch (`CUDA_ERROR_ILLEGAL_ADDRESS`, ...).
    pub fn synchronize(&self) -> Result<(), Error> {
        self.stream
            .synchronize()
            .map_err(driver("cuStreamSynchronize"))
    }

    /// The GPU time, in milliseconds, of the work `f` queues on the stream: CUDA events are
    /// recorded before and after `f` runs and the call waits for the second. For a benchmark,
    /// launch a warm-up first and queue several launches in `f`.
    ///
    /// ```no_run
    /// # fn main() -> Result<(), cute_layout_cuda::Error> {
    /// # use cute_layout_cuda::*;
    /// # let gpu = Gpu::new(0)?;
    /// # let kernel = gpu.compile("extern \"C\" __global__ void k() {}", &CompileOptions::default())?.function("k")?;
    /// # let cfg = LaunchConfig::new((1, 1, 1), (32, 1, 1));
    /// let mut args = Args::new();
    /// let ms = gpu.time_ms(|| {
    ///     for _ in 0..10 {
    ///         // SAFETY: `k` takes no parameters and touches no memory.
    ///         unsafe { kernel.launch(cfg, &mut args)? };
    ///     }
    ///     Ok(())
    /// })? / 10.0;
    /// # Ok(()) }
    /// ```
    pub fn time_ms(&self, f: impl FnOnce() -> Result<(), Error>) -> Result<f64, Error> {
        let flags = Some(CUevent_flags::CU_EVENT_DEFAULT);
        let start = self.ctx.new_event(flags).map_err(driver("cuEventCreate"))?;
        let end = self.ctx.new_event(flags).map_err(driver("cuEventCreate"))?;
        start
            .record(&self.stream)
            .map_err(driver("cuEventRecord"))?;
        f()?;
        end.record(&self.stream).map_err(driver("cuEventRecord"))?;
        let ms = start
            .elapsed_ms(&end)
            .map_err(driver("cuEventElapsedTime"))?;
        Ok(f64::from(ms))
    }
}

fn read_cached(dir: &Path, key: &str) -> Option<(Vec<u8>, ImageFormat)> {
    [ImageFormat::Cubin, ImageFormat::Ptx]
        .into_iter()
        .find_map(|format| {
            let path = dir.join(format!("{key}.{}", format.extension()));
            let image = std::fs::read(path).ok()?;
            (!image.is_empty()).then_some((image, format))
        })
}

fn write_cached(dir: &Path, key: &str, image: &[u8], format: ImageFormat) -> Result<(), Error> {
    let cache_error = |path: &Path| {
        let path = path.to_path_buf();
        move |e: std::io::Error| Error::Cache {
            path,
            detail: e.to_string(),
        }
    };
    std::fs::create_dir_all(dir).map_err(cache_error(dir))?;
    let path = dir.join(format!("{key}.{}", format.extension()));
    let tmp = dir.join(format!(
        "{key}.{}.tmp{}",
        format.extension(),
        std::process::id()
    ));
    std::fs::write(&tmp, image).map_err(cache_error(&tmp))?;
    std::fs::rename(&tmp, &path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        cache_error(&path)(e)
    })
}

/// A compiled, loaded CUDA module: where [`Kernel`]s come from. Cheap to clone.
#[derive(Clone)]
pub struct Module {
    inner: Arc<CudaModule>,
    stream: Arc<CudaStream>,
    max_shared_optin: usize,
    /// Wall-clock milliseconds NVRTC took to compile it; 0 when it came from a cache.
    pub compile_ms: f64,
    /// Whether it came from the in-memory or the on-disk cache rather than from NVRTC.
    pub from_cache: bool,
    /// NVRTC's log: its warnings (empty for a clean compile or a module from the disk cache).
    pub log: String,
    /// Whether a CUBIN or PTX was loaded.
    pub format: ImageFormat,
    /// The architecture compiled for (`sm_90`).
    pub arch: String,
    /// The cache key ([`cache_key`]): the name of its file in the on-disk cache.
    pub key: String,
}

impl fmt::Debug for Module {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Module")
            .field("key", &self.key)
            .field("arch", &self.arch)
            .field("format", &self.format)
            .field("compile_ms", &self.compile_ms)
            .field("from_cache", &self.from_cache)
            .field("log", &self.log)
            .finish()
    }
}

impl Module {
    /// The kernel `name`: an `extern "C" __global__` function of the source (a C++ name
    /// would be mangled). [`Error::Driver`] from `cuModuleGetFunction` when there is none.
    pub fn function(&self, name: &str) -> Result<Kernel, Error> {
        if name.contains('\0') {
            return Err(Error::InvalidInput {
                what: "kernel name",
                detail: format!("`{}` contains a NUL byte", name.escape_debug()),
            });
        }
        let func = self.inner.load_function(name).map_err(|e| Error::Driver {
            call: "cuModuleGetFunction",
            detail: if e.0 == CUresult::CUDA_ERROR_NOT_FOUND {
                format!("no kernel `{name}` in the module (is it declared extern \"C\"?)")
            } else {
                driver_detail(&e)
            },
        })?;
        Kernel::new(func, name, self.stream.clone(), self.max_shared_optin)
    }
}

/// A device buffer of `len()` elements of `T`, allocated by a [`Gpu`]. Dropping it frees the
/// memory (after the work queued on it).
pub struct DeviceBuffer<T> {
    pub(crate) slice: CudaSlice<T>,
}

impl<T> DeviceBuffer<T> {
    /// The number of elements.
    pub fn len(&self) -> usize {
        self.slice.len()
    }

    /// Whether it has no elements.
    pub fn is_empty(&self) -> bool {
        self.slice.len() == 0
    }

    /// The cudarc slice, for what this crate does not wrap.
    pub fn as_cuda_slice(&self) -> &CudaSlice<T> {
        &self.slice
    }

    /// The cudarc slice, mutably.
    pub fn as_cuda_slice_mut(&mut self) -> &mut CudaSlice<T> {
        &mut self.slice
    }
}

impl<T> fmt::Debug for DeviceBuffer<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "DeviceBuffer<{}>[{}]",
            std::any::type_name::<T>(),
            self.slice.len()
        )
    }
}
