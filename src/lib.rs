#![doc = include_str!("../README.md")]
#![no_std]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod macros;
#[doc(hidden)]
pub use macros::__private;

pub mod any_layout;
pub mod atom;
pub mod banks;
pub mod basis;
pub mod composed;
#[cfg(feature = "emit")]
pub mod emit;
pub mod error;
pub mod swizzle;
// Text in and out, together: CuTe notation (`fmt`, `parse`), descriptors, `print_layout`, the
// LaTeX/SVG pictures.
mod text;
pub use text::fmt;
#[cfg(feature = "alloc")]
pub use text::{descriptor, parse, picture, print};
pub mod tensor;

// The two engines, each a folder: `typelevel/` computes through trait resolution (static and
// mixed layouts), `runtime/` on runtime-structured layouts (`DynLayout`). ARCHITECTURE.md maps
// the rest.
#[cfg(feature = "alloc")]
pub mod runtime;
pub mod typelevel;
// The rules both engines, the macros and the test generator call: one function per rule.
#[doc(hidden)]
pub mod rules;

// The paths users import, kept from before the engines had folders of their own.
#[doc(hidden)]
#[cfg(feature = "alloc")]
pub use runtime as algebra;
#[cfg(feature = "alloc")]
pub use runtime::layout as dynamic;
#[doc(hidden)]
pub use typelevel as ops;
pub use typelevel::{int, layout, tuple};

pub use any_layout::{AnyLayout, LayoutCoord, ShapeOf, SizeOf, StrideOf, StridedLayout};
pub use basis::typelevel::{
    make_basis_like, make_identity_layout, try_make_identity_layout, visit_stride, BasisLayout,
    BasisLike, BasisLikeOf, Codomain, ScaledBasis, StrideVisitor, E, E0, E1, E2, E3,
};
#[cfg(feature = "alloc")]
pub use basis::{DynBasisLayout, DynBasisTuple, DynScaledBasis};
#[cfg(feature = "alloc")]
pub use composed::DynComposedLayout;
pub use composed::{make_composed_layout, ComposedLayout};
#[cfg(feature = "alloc")]
pub use dynamic::{DynInt, DynLayout, DynTuple};
pub use error::{ErrorKind, LayoutError};
pub use layout::{
    make_layout, make_layout_left, make_layout_right, try_make_layout, try_make_layout_left,
    try_make_layout_right, Coord, Layout, LayoutLeft, LayoutRight,
};
#[cfg(feature = "std")]
pub use print::print_layout;
pub use static_assertions;
pub use swizzle::{DynSwizzle, Swizzle, SwizzleFn};
pub use tensor::{
    local_partition, local_tile, make_fragment_like, make_tensor, Tensor, TensorLayout,
};
pub use tuple::IntTuple;
pub use typenum;
