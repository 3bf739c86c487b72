//! NVIDIA CuTe's layout algebra, computed at compile time through trait resolution.
#![no_std]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod error;
pub mod int;
pub mod tuple;
pub mod layout;
pub mod fmt;
#[cfg(feature = "alloc")]
pub mod dynamic;
#[cfg(feature = "alloc")]
pub mod parse;

pub use error::{ErrorKind, LayoutError};
pub use typenum;
pub use layout::{
    make_layout, make_layout_left, make_layout_right, try_make_layout, try_make_layout_left,
    try_make_layout_right, Coord, Layout, LayoutLeft, LayoutRight,
};
pub use tuple::IntTuple;
#[cfg(feature = "alloc")]
pub use dynamic::{DynInt, DynLayout, DynTuple};
