//! Text in and out: CuTe's notation (`fmt`, `parse`), descriptors, `print_layout` and the
//! LaTeX/SVG pictures. Each is public at the crate root (`cute_layout::parse`, ...).

#[cfg(feature = "alloc")]
pub mod descriptor;
pub mod fmt;
#[cfg(feature = "alloc")]
pub mod parse;
#[cfg(feature = "alloc")]
pub mod picture;
#[cfg(feature = "alloc")]
pub mod print;
