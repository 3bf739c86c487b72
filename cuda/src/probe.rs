//! Finding libcuda and libnvrtc before cudarc does.
//!
//! cudarc's dynamic loader panics when a library cannot be opened. Before the first call into
//! cudarc, this module tries the same file names cudarc tries, in the same order
//! ([`cudarc::get_lib_name_candidates`] of `cuda`/`nvcuda` and of `nvrtc`), with the same
//! loader (`libloading`), and turns a miss into [`Error::NoDriver`] / [`Error::NoNvrtc`].
//! The first cudarc calls are also run under [`guard`], which turns a panic (a missing symbol,
//! say) into an error.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::OnceLock;

use crate::Error;

/// libloading's message with its source's (`dlopen failed: libcuda.so.1: cannot open ...`).
fn loader_message(e: &libloading::Error) -> String {
    match std::error::Error::source(e) {
        Some(source) => format!("{e}: {source}"),
        None => e.to_string(),
    }
}

/// Tries each candidate file name of each library name; `Ok(name)` for the first that loads,
/// else a description of what was tried and the loader's first message.
fn probe(lib_names: &[&str]) -> Result<String, String> {
    let mut tried: Vec<String> = Vec::new();
    let mut first_error = None;
    for name in lib_names {
        for candidate in cudarc::get_lib_name_candidates(name) {
            if tried.contains(&candidate) {
                continue;
            }
            // SAFETY: loading a CUDA library runs its initialisers, as cudarc's own loading
            // of the same file (which follows) would.
            match unsafe { libloading::Library::new(&candidate) } {
                Ok(_lib) => return Ok(candidate),
                Err(e) => {
                    first_error.get_or_insert_with(|| loader_message(&e));
                    tried.push(candidate);
                }
            }
        }
    }
    Err(format!(
        "none of {} file names loads ({}); the loader said: {}. Put the library's directory \
         on LD_LIBRARY_PATH (or PATH on Windows)",
        tried.len(),
        tried.join(", "),
        first_error.unwrap_or_default()
    ))
}

/// The file name libcuda loads under, or [`Error::NoDriver`]. Probed once per process.
pub(crate) fn driver() -> Result<&'static str, Error> {
    static FOUND: OnceLock<Result<String, String>> = OnceLock::new();
    match FOUND.get_or_init(|| probe(&["cuda", "nvcuda"])) {
        Ok(name) => Ok(name),
        Err(detail) => Err(Error::NoDriver {
            detail: detail.clone(),
        }),
    }
}

/// The file name libnvrtc loads under, or [`Error::NoNvrtc`]. Probed once per process.
pub(crate) fn nvrtc() -> Result<&'static str, Error> {
    static FOUND: OnceLock<Result<String, String>> = OnceLock::new();
    match FOUND.get_or_init(|| probe(&["nvrtc"])) {
        Ok(name) => Ok(name),
        Err(detail) => Err(Error::NoNvrtc {
            detail: detail.clone(),
        }),
    }
}

/// Runs `f`, turning a panic inside cudarc (a library or symbol its loader could not find)
/// into the error `on_panic` makes of the panic's message. The panic's message is still
/// printed by the panic hook: replacing the process-wide hook for the duration would also
/// silence other threads' panics.
pub(crate) fn guard<T>(
    f: impl FnOnce() -> Result<T, Error>,
    on_panic: impl FnOnce(String) -> Error,
) -> Result<T, Error> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(payload) => {
            let message = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "cudarc panicked".to_owned());
            Err(on_panic(message))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_library_is_described() {
        let e = probe(&["cute_layout_no_such_library"]).unwrap_err();
        assert!(e.contains("libcute_layout_no_such_library.so") || e.contains(".dll"));
        assert!(e.contains("LD_LIBRARY_PATH"), "{e}");
    }

    #[test]
    fn guard_catches_panics() {
        let r: Result<(), Error> = guard(
            || panic!("Missing symbol cuFoo"),
            |m| Error::NoDriver { detail: m },
        );
        assert_eq!(
            r,
            Err(Error::NoDriver {
                detail: "Missing symbol cuFoo".into()
            })
        );
        assert_eq!(guard(|| Ok(3), |m| Error::NoNvrtc { detail: m }), Ok(3));
    }
}
