//! Kernels, their arguments with checked extents, and launching.

use std::fmt;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

use cudarc::driver::sys::{CUfunction_attribute, CUresult};
use cudarc::driver::{CudaFunction, CudaSlice, CudaStream, DeviceRepr, LaunchArgs, PushKernelArg};

use crate::error::{driver, driver_detail};
use crate::gpu::DeviceBuffer;
use crate::{probe, Error};

/// Shared memory a block may use without opting in (48 KiB).
pub const DEFAULT_SHARED_MEM_LIMIT: u32 = 48 * 1024;

/// Checks that a buffer of `len` elements covers the `required` elements a kernel addresses
/// through argument `argument`: [`Error::Extents`] otherwise. What [`Args::buffer`] and
/// [`Args::buffer_mut`] call before anything reaches the GPU.
///
/// ```
/// use cute_layout_cuda::{check_extent, Error};
/// assert!(check_extent("A", 4096, 4096).is_ok());
/// let e = check_extent("A", 4096, 4000).unwrap_err();
/// assert_eq!(e, Error::Extents { argument: "A".into(), expected: 4096, found: 4000 });
/// assert_eq!(e.to_string(),
///            "argument `A`: the kernel addresses 4096 element(s) but the buffer has 4000");
/// ```
pub fn check_extent(argument: &str, required: usize, len: usize) -> Result<(), Error> {
    if len < required {
        Err(Error::Extents {
            argument: argument.to_owned(),
            expected: required,
            found: len,
        })
    } else {
        Ok(())
    }
}

/// The number of elements a kernel addresses through one argument: for an argument indexed
/// by a layout, the layout's cosize (one past its largest offset).
///
/// ```
/// use cute_layout_cuda::Extent;
/// let a = Extent::new("A", 128 * 64);
/// assert!(a.check(8192).is_ok());
/// assert!(a.check(8191).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Extent {
    /// The kernel argument's name, as error messages show it.
    pub argument: String,
    /// Elements addressed.
    pub elements: usize,
}

impl Extent {
    /// The extent of `argument`: `elements` elements.
    pub fn new(argument: impl Into<String>, elements: usize) -> Self {
        Extent {
            argument: argument.into(),
            elements,
        }
    }

    /// [`check_extent`] of a buffer of `len` elements.
    pub fn check(&self, len: usize) -> Result<(), Error> {
        check_extent(&self.argument, self.elements, len)
    }
}

/// Grid, block and dynamic shared memory of a launch.
///
/// ```
/// use cute_layout_cuda::LaunchConfig;
/// let cfg = LaunchConfig::new((132, 1, 1), (128, 1, 1)).with_shared_mem(96 * 1024);
/// assert_eq!(cfg.shared_mem_bytes, 98304);
/// assert_eq!(LaunchConfig::linear(1000, 256).grid, (4, 1, 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LaunchConfig {
    /// Blocks in x, y, z.
    pub grid: (u32, u32, u32),
    /// Threads per block in x, y, z.
    pub block: (u32, u32, u32),
    /// Dynamic shared memory per block, in bytes (`extern __shared__`). Above 48 KiB the
    /// kernel's `CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES` is raised before the launch;
    /// above the device's opt-in maximum the launch is refused ([`Error::SharedMemory`]).
    pub shared_mem_bytes: u32,
}

impl LaunchConfig {
    /// `grid` blocks of `block` threads, no dynamic shared memory.
    pub fn new(grid: (u32, u32, u32), block: (u32, u32, u32)) -> Self {
        LaunchConfig {
            grid,
            block,
            shared_mem_bytes: 0,
        }
    }

    /// One-dimensional: enough blocks of `block` threads to cover `threads` threads.
    pub fn linear(threads: u32, block: u32) -> Self {
        Self::new((threads.div_ceil(block.max(1)), 1, 1), (block, 1, 1))
    }

    /// The same, with `bytes` of dynamic shared memory per block.
    pub fn with_shared_mem(self, bytes: u32) -> Self {
        LaunchConfig {
            shared_mem_bytes: bytes,
            ..self
        }
    }
}

/// One kernel parameter, pushed onto cudarc's launch builder for the duration of a launch.
trait Param {
    fn push<'s>(&'s mut self, b: &mut LaunchArgs<'s>);
}

struct Scalar<T>(T);

impl<T: DeviceRepr> Param for Scalar<T> {
    fn push<'s>(&'s mut self, b: &mut LaunchArgs<'s>) {
        b.arg(&self.0);
    }
}

struct In<'a, T>(&'a CudaSlice<T>);

impl<T> Param for In<'_, T> {
    fn push<'s>(&'s mut self, b: &mut LaunchArgs<'s>) {
        b.arg(self.0);
    }
}

struct Out<'a, T>(&'a mut CudaSlice<T>);

impl<T> Param for Out<'_, T> {
    fn push<'s>(&'s mut self, b: &mut LaunchArgs<'s>) {
        b.arg(&mut *self.0);
    }
}

/// A kernel's arguments in order, each buffer checked against the elements the kernel
/// addresses through it when it is added. Reusable across launches.
///
/// ```no_run
/// # fn main() -> Result<(), cute_layout_cuda::Error> {
/// use cute_layout_cuda::{Args, Gpu};
/// let gpu = Gpu::new(0)?;
/// let (m, n, k) = (128, 128, 64);
/// let a = gpu.upload(&vec![0u16; m * k])?;          // half bits
/// let b = gpu.upload(&vec![0u16; n * k])?;
/// let mut c = gpu.alloc_zeros::<f32>(m * n)?;
/// let args = Args::new()
///     .buffer("A", &a, m * k)?
///     .buffer("B", &b, n * k)?
///     .buffer_mut("C", &mut c, m * n)?
///     .i32(m as i32).i32(n as i32).i32(k as i32);
/// assert_eq!(args.len(), 6);
/// # Ok(()) }
/// ```
#[derive(Default)]
pub struct Args<'a> {
    params: Vec<Box<dyn Param + 'a>>,
    names: Vec<String>,
    sizes: Vec<usize>,
}

impl fmt::Debug for Args<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(
                self.names
                    .iter()
                    .zip(&self.sizes)
                    .map(|(n, s)| format!("{n}: {s} B")),
            )
            .finish()
    }
}

impl<'a> Args<'a> {
    /// No arguments.
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of arguments.
    pub fn len(&self) -> usize {
        self.params.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.params.is_empty()
    }

    fn push(mut self, name: String, size: usize, p: Box<dyn Param + 'a>) -> Self {
        self.params.push(p);
        self.names.push(name);
        self.sizes.push(size);
        self
    }

    /// A buffer the kernel reads, addressing `required` elements of it (a pointer parameter,
    /// `const T*`). [`Error::Extents`] if `buf.len() < required`.
    pub fn buffer<T>(
        self,
        argument: &str,
        buf: &'a DeviceBuffer<T>,
        required: usize,
    ) -> Result<Self, Error> {
        check_extent(argument, required, buf.len())?;
        Ok(self.push(argument.to_owned(), 8, Box::new(In(&buf.slice))))
    }

    /// A buffer the kernel writes (and may read), addressing `required` elements of it (a
    /// pointer parameter, `T*`). [`Error::Extents`] if `buf.len() < required`.
    pub fn buffer_mut<T>(
        self,
        argument: &str,
        buf: &'a mut DeviceBuffer<T>,
        required: usize,
    ) -> Result<Self, Error> {
        check_extent(argument, required, buf.len())?;
        Ok(self.push(argument.to_owned(), 8, Box::new(Out(&mut buf.slice))))
    }

    /// [`buffer`](Self::buffer) with the argument and element count of `extent`.
    pub fn buffer_extent<T>(
        self,
        extent: &Extent,
        buf: &'a DeviceBuffer<T>,
    ) -> Result<Self, Error> {
        self.buffer(&extent.argument, buf, extent.elements)
    }

    /// [`buffer_mut`](Self::buffer_mut) with the argument and element count of `extent`.
    pub fn buffer_mut_extent<T>(
        self,
        extent: &Extent,
        buf: &'a mut DeviceBuffer<T>,
    ) -> Result<Self, Error> {
        self.buffer_mut(&extent.argument, buf, extent.elements)
    }

    /// A by-value parameter of any device-representable type (a `#[repr(C)]` struct that
    /// implements cudarc's `DeviceRepr`, say).
    pub fn scalar<T: DeviceRepr + 'a>(self, value: T) -> Self {
        let name = format!("#{} ({})", self.params.len(), std::any::type_name::<T>());
        self.push(name, std::mem::size_of::<T>(), Box::new(Scalar(value)))
    }

    /// An `int` parameter.
    pub fn i32(self, value: i32) -> Self {
        self.scalar(value)
    }

    /// An `unsigned` parameter.
    pub fn u32(self, value: u32) -> Self {
        self.scalar(value)
    }

    /// A `long long` / `int64_t` parameter.
    pub fn i64(self, value: i64) -> Self {
        self.scalar(value)
    }

    /// An `unsigned long long` / `uint64_t` / `size_t` parameter.
    pub fn u64(self, value: u64) -> Self {
        self.scalar(value)
    }

    /// A `float` parameter.
    pub fn f32(self, value: f32) -> Self {
        self.scalar(value)
    }

    /// A `double` parameter.
    pub fn f64(self, value: f64) -> Self {
        self.scalar(value)
    }
}

/// A kernel of a [`Module`](crate::Module), ready to launch. Cheap to clone.
#[derive(Clone)]
pub struct Kernel {
    func: CudaFunction,
    name: String,
    stream: Arc<CudaStream>,
    max_shared_optin: usize,
    static_shared: usize,
    max_threads: u32,
    /// Parameter sizes in bytes (`cuFuncGetParamInfo`); `None` where the driver cannot say.
    param_sizes: Option<Vec<usize>>,
    /// The largest `MAX_DYNAMIC_SHARED_SIZE_BYTES` set so far.
    dynamic_shared_set: Arc<AtomicU32>,
}

impl fmt::Debug for Kernel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Kernel")
            .field("name", &self.name)
            .field("static_shared_bytes", &self.static_shared)
            .field("max_threads_per_block", &self.max_threads)
            .field("param_sizes", &self.param_sizes)
            .finish()
    }
}

/// The sizes of `func`'s parameters, from `cuFuncGetParamInfo` (CUDA 12.4+); `None` if the
/// driver lacks it or answers unexpectedly.
fn param_sizes(func: &CudaFunction) -> Option<Vec<usize>> {
    let query = || {
        let mut sizes = Vec::new();
        for i in 0..4096 {
            let (mut offset, mut size) = (0usize, 0usize);
            // SAFETY: a loaded function and two valid out-pointers.
            let r = unsafe {
                cudarc::driver::sys::cuFuncGetParamInfo(
                    func.cu_function(),
                    i,
                    &mut offset,
                    &mut size,
                )
            };
            match r {
                CUresult::CUDA_SUCCESS => sizes.push(size),
                CUresult::CUDA_ERROR_INVALID_VALUE => return Ok(Some(sizes)),
                _ => return Ok(None),
            }
        }
        Ok(None)
    };
    probe::guard(query, |_| Error::NoDriver {
        detail: String::new(),
    })
    .ok()
    .flatten()
}

impl Kernel {
    pub(crate) fn new(
        func: CudaFunction,
        name: &str,
        stream: Arc<CudaStream>,
        max_shared_optin: usize,
    ) -> Result<Kernel, Error> {
        let attr = |a| func.get_attribute(a).map_err(driver("cuFuncGetAttribute"));
        let static_shared = attr(CUfunction_attribute::CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES)?;
        let max_threads = attr(CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)?;
        let param_sizes = param_sizes(&func);
        Ok(Kernel {
            func,
            name: name.to_owned(),
            stream,
            max_shared_optin,
            static_shared: static_shared.max(0) as usize,
            max_threads: max_threads.max(0) as u32,
            param_sizes,
            dynamic_shared_set: Arc::new(AtomicU32::new(0)),
        })
    }

    /// The kernel's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its static shared memory (`__shared__` arrays), in bytes.
    pub fn static_shared_bytes(&self) -> usize {
        self.static_shared
    }

    /// The most threads a block of it may have (register use and `__launch_bounds__`
    /// included).
    pub fn max_threads_per_block(&self) -> u32 {
        self.max_threads
    }

    /// Its parameters' sizes in bytes, as the driver reports them (`None` on drivers
    /// older than CUDA 12.4).
    pub fn param_sizes(&self) -> Option<&[usize]> {
        self.param_sizes.as_deref()
    }

    /// The registers each thread uses.
    pub fn num_regs(&self) -> Result<i32, Error> {
        self.func.num_regs().map_err(driver("cuFuncGetAttribute"))
    }

    /// The cudarc function, for what this crate does not wrap.
    pub fn cuda_function(&self) -> &CudaFunction {
        &self.func
    }

    fn launch_error(&self, detail: String) -> Error {
        Error::Launch {
            kernel: self.name.clone(),
            detail,
        }
    }

    /// Everything checked before a launch: dimensions, threads per block, shared memory,
    /// the number and sizes of the arguments.
    fn check(&self, cfg: &LaunchConfig, args: &Args<'_>) -> Result<(), Error> {
        let (g, b) = (cfg.grid, cfg.block);
        if [g.0, g.1, g.2, b.0, b.1, b.2].contains(&0) {
            return Err(self.launch_error(format!("zero dimension in grid {g:?} / block {b:?}")));
        }
        let threads = u64::from(b.0) * u64::from(b.1) * u64::from(b.2);
        if threads > u64::from(self.max_threads) {
            return Err(self.launch_error(format!(
                "{threads} threads per block ({b:?}) exceed its maximum of {}",
                self.max_threads
            )));
        }
        let requested = cfg.shared_mem_bytes as usize;
        if requested + self.static_shared > self.max_shared_optin {
            return Err(Error::SharedMemory {
                kernel: self.name.clone(),
                requested,
                static_bytes: self.static_shared,
                max: self.max_shared_optin,
            });
        }
        if let Some(sizes) = &self.param_sizes {
            if sizes.len() != args.len() {
                return Err(self.launch_error(format!(
                    "it takes {} parameter(s) but {} argument(s) were given ({})",
                    sizes.len(),
                    args.len(),
                    args.names.join(", ")
                )));
            }
            for (i, ((&want, &have), name)) in
                sizes.iter().zip(&args.sizes).zip(&args.names).enumerate()
            {
                if want != have {
                    return Err(self.launch_error(format!(
                        "parameter {i} is {want} bytes but argument `{name}` is {have}"
                    )));
                }
            }
        }
        Ok(())
    }

    /// Launches the kernel on the GPU's stream with `args`, asynchronously. Before anything
    /// reaches the GPU: each buffer's extent was checked when it was added to `args`
    /// ([`Error::Extents`]); here the launch dimensions and threads per block, the shared
    /// memory against the device's opt-in maximum ([`Error::SharedMemory`]), and the number
    /// and sizes of the arguments against the kernel's parameters (where the driver reports
    /// them) are checked ([`Error::Launch`]). Dynamic shared memory above 48 KiB raises the
    /// kernel's `CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES` first. Errors of the
    /// kernel's execution surface at the next synchronizing call
    /// ([`Gpu::synchronize`](crate::Gpu::synchronize), [`Gpu::download`](crate::Gpu::download)).
    ///
    /// # Safety
    ///
    /// The arguments must match the kernel's parameters in order and type (their count and
    /// sizes are checked when the driver reports them, their types cannot be), and the kernel
    /// must only access the elements of each buffer that its `required` count covers: the
    /// checks make a launch as safe as the kernel's indexing, no safer.
    pub unsafe fn launch(&self, cfg: LaunchConfig, args: &mut Args<'_>) -> Result<(), Error> {
        self.check(&cfg, args)?;
        let ctx = self.stream.context();
        if cfg.shared_mem_bytes > DEFAULT_SHARED_MEM_LIMIT
            && cfg.shared_mem_bytes > self.dynamic_shared_set.load(Ordering::Relaxed)
        {
            ctx.bind_to_thread().map_err(driver("cuCtxSetCurrent"))?;
            self.func
                .set_attribute(
                    CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                    cfg.shared_mem_bytes as i32,
                )
                .map_err(driver("cuFuncSetAttribute"))?;
            self.dynamic_shared_set
                .fetch_max(cfg.shared_mem_bytes, Ordering::Relaxed);
        }
        let mut builder = self.stream.launch_builder(&self.func);
        for p in args.params.iter_mut() {
            p.push(&mut builder);
        }
        let config = cudarc::driver::LaunchConfig {
            grid_dim: cfg.grid,
            block_dim: cfg.block,
            shared_mem_bytes: cfg.shared_mem_bytes,
        };
        // SAFETY: the caller's contract (see above).
        unsafe { builder.launch(config) }
            .map(drop)
            .map_err(|e| self.launch_error(format!("cuLaunchKernel failed: {}", driver_detail(&e))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extents() {
        assert_eq!(check_extent("C", 0, 0), Ok(()));
        assert_eq!(check_extent("C", 10, 11), Ok(()));
        let e = check_extent("C", 11, 10).unwrap_err();
        assert_eq!(
            e,
            Error::Extents {
                argument: "C".into(),
                expected: 11,
                found: 10
            }
        );
        assert!(e.to_string().contains("`C`"), "{e}");
        assert_eq!(Extent::new("B", 5).check(4), check_extent("B", 5, 4));
    }

    #[test]
    fn args_record_names_and_sizes() {
        let args = Args::new().i32(1).f64(2.0).u64(3).scalar([0u8; 12]);
        assert_eq!(args.len(), 4);
        assert_eq!(args.sizes, [4, 8, 8, 12]);
        assert!(args.names[0].starts_with("#0"));
    }

    #[test]
    fn launch_configs() {
        assert_eq!(LaunchConfig::linear(1024, 256).grid, (4, 1, 1));
        assert_eq!(LaunchConfig::linear(1025, 256).grid, (5, 1, 1));
        assert_eq!(LaunchConfig::linear(0, 256).grid, (0, 1, 1));
    }
}
