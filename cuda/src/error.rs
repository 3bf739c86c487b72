//! The error type and NVRTC's diagnostics.

use std::fmt;
use std::path::PathBuf;

/// How serious an NVRTC diagnostic is, as the compiler's log names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// `catastrophic error`, `fatal error` or `internal error`: compilation stopped there.
    Fatal,
    /// `error`.
    Error,
    /// `warning` (suppressible with `-diag-suppress <code>`).
    Warning,
    /// `remark`.
    Remark,
    /// `note`: context for the diagnostic before it (e.g. the candidates of an overload).
    Note,
}

impl Severity {
    /// Reads the severity word(s) of an NVRTC log line: `error`, `catastrophic error`, ...
    ///
    /// ```
    /// use cute_layout_cuda::Severity;
    /// assert_eq!(Severity::from_log("catastrophic error"), Some(Severity::Fatal));
    /// assert_eq!(Severity::from_log("warning"), Some(Severity::Warning));
    /// assert_eq!(Severity::from_log("nvrtc"), None);
    /// ```
    pub fn from_log(word: &str) -> Option<Severity> {
        Some(match word {
            "error" => Severity::Error,
            "warning" => Severity::Warning,
            "remark" => Severity::Remark,
            "note" => Severity::Note,
            "catastrophic error" | "fatal error" | "internal error" => Severity::Fatal,
            _ => return None,
        })
    }

    /// The word shown in messages: `error`, `warning`, `remark`, `note`, `fatal error`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Fatal => "fatal error",
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Remark => "remark",
            Severity::Note => "note",
        }
    }

    /// `true` for [`Fatal`](Severity::Fatal) and [`Error`](Severity::Error).
    pub fn is_error(self) -> bool {
        matches!(self, Severity::Fatal | Severity::Error)
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One diagnostic of NVRTC's log (`kernel.cu(12): error: identifier "x" is undefined`),
/// with the text of that line of the compiled source.
///
/// Built by [`parse_nvrtc_log`](crate::parse_nvrtc_log). Its `Display` is
///
/// ```text
/// kernel.cu:12: error: identifier "x" is undefined
///     12 |     out[i] = x + 1.0f;
///        |              ^
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file the log names (the program's name, `kernel.cu` by default, or a header).
    pub file: String,
    /// 1-based line number.
    pub line: u32,
    /// 1-based column, from the caret NVRTC prints under its echo of the line; `None` when
    /// the log has no caret or its echo does not match the source.
    pub column: Option<u32>,
    /// How serious it is.
    pub severity: Severity,
    /// The diagnostic number of warnings and notes (`177-D` in `warning #177-D: ...`).
    pub code: Option<String>,
    /// The message after the severity.
    pub message: String,
    /// Indented lines the log adds to the message (`argument types are: ...`,
    /// `detected during instantiation of ...`), trimmed.
    pub notes: Vec<String>,
    /// That line of the compiled source, when `file` is the compiled program and the line
    /// exists (without its line terminator).
    pub source_line: Option<String>,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.severity)?;
        if let Some(code) = &self.code {
            write!(f, " #{code}")?;
        }
        write!(f, ": {}", self.message)?;
        for note in &self.notes {
            write!(f, "\n        {note}")?;
        }
        if let Some(src) = &self.source_line {
            write!(f, "\n{:>6} | {}", self.line, src)?;
            if let Some(col) = self.column {
                // Pad with the source's own tabs so that the caret lines up.
                let pad: String = src
                    .chars()
                    .take(col.saturating_sub(1) as usize)
                    .map(|c| if c == '\t' { '\t' } else { ' ' })
                    .collect();
                write!(f, "\n{:>6} | {pad}^", "")?;
            }
        }
        Ok(())
    }
}

/// Everything this crate can fail with. Nothing in it panics for a missing GPU, driver or
/// NVRTC: those are [`NoDevice`](Error::NoDevice), [`NoDriver`](Error::NoDriver) and
/// [`NoNvrtc`](Error::NoNvrtc).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The CUDA driver library (`libcuda.so.1`, `nvcuda.dll`) could not be loaded, or is the
    /// toolkit's stub. `detail` lists the names tried and the loader's message.
    NoDriver {
        /// What was tried and what the loader said.
        detail: String,
    },
    /// The NVRTC library (`libnvrtc.so.13`, ...) could not be loaded or lacks a function.
    NoNvrtc {
        /// What was tried and what the loader said.
        detail: String,
    },
    /// The driver loaded but there is no device `ordinal` (`count` devices are visible).
    NoDevice {
        /// The ordinal asked for.
        ordinal: usize,
        /// How many devices the driver reports.
        count: usize,
    },
    /// A CUDA driver call failed.
    Driver {
        /// The driver function (`cuModuleLoadData`, ...).
        call: &'static str,
        /// The driver's error name and description, and any context.
        detail: String,
    },
    /// NVRTC refused the program or its options.
    Nvrtc {
        /// NVRTC's whole log, unparsed lines included (`nvrtc: error: invalid value for
        /// --gpu-architecture`, `ptxas error : ...`, the closing summary).
        log: String,
        /// The log's positioned diagnostics, each with its source line.
        diagnostics: Vec<Diagnostic>,
    },
    /// An input this crate cannot pass on: a NUL byte in a source, option or kernel name, an
    /// architecture that is not `sm_XY`/`compute_XY`, a zero launch dimension.
    InvalidInput {
        /// What was refused (`source`, `option`, `arch`, `kernel name`, ...).
        what: &'static str,
        /// Why.
        detail: String,
    },
    /// The on-disk compile cache could not be written.
    Cache {
        /// The file or directory.
        path: PathBuf,
        /// The I/O error.
        detail: String,
    },
    /// A layout computation failed (from `cute-layout`, e.g. while computing an extent).
    Layout(cute_layout::LayoutError),
    /// A device buffer is shorter than the kernel reads or writes through it; reported before
    /// the launch.
    Extents {
        /// The kernel argument (`"A"`, `"C"`, ...).
        argument: String,
        /// Elements the kernel's layout addresses (its cosize).
        expected: usize,
        /// Elements the buffer has.
        found: usize,
    },
    /// A launch asks for more shared memory per block than the device allows.
    SharedMemory {
        /// The kernel.
        kernel: String,
        /// Dynamic shared memory asked for, in bytes.
        requested: usize,
        /// The kernel's static shared memory, in bytes.
        static_bytes: usize,
        /// The device's opt-in maximum per block, in bytes (227 KiB on H100).
        max: usize,
    },
    /// A launch that cannot be made as configured (argument count or sizes, block size), or
    /// that the driver refused.
    Launch {
        /// The kernel.
        kernel: String,
        /// What is wrong.
        detail: String,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NoDriver { detail } => {
                write!(f, "CUDA driver (libcuda) not available: {detail}")
            }
            Error::NoNvrtc { detail } => write!(f, "NVRTC (libnvrtc) not available: {detail}"),
            Error::NoDevice { ordinal, count } => {
                write!(
                    f,
                    "no CUDA device {ordinal}: the driver reports {count} device(s)"
                )
            }
            Error::Driver { call, detail } => write!(f, "{call} failed: {detail}"),
            Error::Nvrtc { log, diagnostics } => {
                let errors = diagnostics.iter().filter(|d| d.severity.is_error()).count();
                write!(f, "NVRTC compilation failed")?;
                if errors > 0 {
                    write!(f, " ({errors} error(s))")?;
                }
                write!(f, ":")?;
                for d in diagnostics {
                    write!(f, "\n{d}")?;
                }
                for line in crate::log::unparsed_lines(log) {
                    write!(f, "\n{line}")?;
                }
                Ok(())
            }
            Error::InvalidInput { what, detail } => write!(f, "invalid {what}: {detail}"),
            Error::Cache { path, detail } => {
                write!(f, "compile cache {}: {detail}", path.display())
            }
            Error::Layout(e) => write!(f, "layout error: {e}"),
            Error::Extents {
                argument,
                expected,
                found,
            } => write!(
                f,
                "argument `{argument}`: the kernel addresses {expected} element(s) but the \
                 buffer has {found}"
            ),
            Error::SharedMemory {
                kernel,
                requested,
                static_bytes,
                max,
            } => write!(
                f,
                "kernel `{kernel}`: {requested} bytes of dynamic shared memory (+ {static_bytes} \
                 static) exceed the device's {max} bytes per block"
            ),
            Error::Launch { kernel, detail } => write!(f, "kernel `{kernel}`: {detail}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Layout(e) => Some(e),
            _ => None,
        }
    }
}

impl From<cute_layout::LayoutError> for Error {
    fn from(e: cute_layout::LayoutError) -> Self {
        Error::Layout(e)
    }
}

/// A driver error as `CUDA_ERROR_NAME: description`.
pub(crate) fn driver_detail(e: &cudarc::driver::DriverError) -> String {
    match e.error_string() {
        Ok(s) => format!("{:?}: {}", e.0, s.to_string_lossy()),
        Err(_) => format!("{:?}", e.0),
    }
}

/// Maps a cudarc driver error to [`Error::Driver`].
pub(crate) fn driver(call: &'static str) -> impl Fn(cudarc::driver::DriverError) -> Error {
    move |e| Error::Driver {
        call,
        detail: driver_detail(&e),
    }
}
