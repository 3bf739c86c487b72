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

#[cfg(feature = "alloc")]
pub mod algebra;
pub mod any_layout;
pub mod atom;
pub mod banks;
#[cfg(feature = "alloc")]
pub mod basis;
pub mod composed;
#[cfg(feature = "alloc")]
pub mod descriptor;
#[cfg(feature = "alloc")]
pub mod dynamic;
#[cfg(feature = "emit")]
pub mod emit;
pub mod error;
pub mod fmt;
pub mod int;
pub mod layout;
pub mod ops;
#[cfg(feature = "alloc")]
pub mod parse;
#[cfg(feature = "alloc")]
pub mod picture;
#[cfg(feature = "alloc")]
pub mod print;
pub mod swizzle;
pub mod tensor;
pub mod tuple;

pub use any_layout::{AnyLayout, LayoutCoord, ShapeOf, SizeOf, StrideOf, StridedLayout};
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
pub use ops::basis::{
    make_basis_like, make_identity_layout, try_make_identity_layout, visit_stride, BasisLayout,
    BasisLike, BasisLikeOf, Codomain, ScaledBasis, StrideVisitor, E, E0, E1, E2, E3,
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
