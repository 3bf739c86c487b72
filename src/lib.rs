//! NVIDIA CuTe's layout algebra, computed at compile time through trait resolution.
#![no_std]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod error;
pub mod fmt;
#[cfg(feature = "alloc")]
pub mod dynamic;
#[cfg(feature = "alloc")]
pub mod parse;

pub use error::{ErrorKind, LayoutError};
#[cfg(feature = "alloc")]
pub use dynamic::{DynInt, DynLayout, DynTuple};

#[cfg(feature = "alloc")]
pub mod algebra;
