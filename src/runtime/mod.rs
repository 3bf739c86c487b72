//! The layout algebra on runtime-structured layouts ([`DynLayout`]): coalesce, composition,
//! complement, inverses, divides, products and vectorization, after C. Cecka, "CuTe Layout
//! Representation and Algebra" (the paper), §3.
//!
//! Every operation comes in two forms: `try_op`, returning [`Result`], and `op`, which panics
//! with the same message. Errors name the violated condition with its numbers; all integer
//! arithmetic is checked and overflow is an [`ErrorKind::Overflow`] error.
//!
//! **Arguments.** A *tiler* argument (composition, the divides and products, `local_tile`)
//! takes a [`DynLayout`] or a [`DynTiler`] (a layout, `_`, or a tuple of tilers applied by
//! mode, paper §3.3.5; a shape parses as one, `"(4,8)".parse::<DynTiler>()`). A *slice
//! coordinate* (`slice`, `slice_and_offset`) takes a [`DynSliceCoord`], `_`
//! ([`Underscore`](crate::typelevel::Underscore)), an integer, a [`DynTuple`] or a tuple of
//! these.
//!
//! **Static marks.** A leaf of a result is static (printed `_4` by `{:#}`) iff every leaf of
//! every layout or tiler argument was static. Plain integer arguments (a cotarget `M`, mode
//! indices) do not affect the marks. The structural operations that only move leaves around
//! (`flatten`, `group_modes`, `append`, `prepend`, `make_layout`, `select`, `take`,
//! `filter_zeros`) keep each leaf's own mark.
//!
//! ```
//! use cute_layout::algebra::{coalesce, composition, complement, logical_divide};
//! use cute_layout::DynLayout;
//! let l = |s: &str| s.parse::<DynLayout>().unwrap();
//! assert_eq!(coalesce(&l("(2,(1,6)):(1,(6,2))")), l("12:1"));
//! assert_eq!(composition(&l("(4,6,8,10):(2,3,5,7)"), &l("6:12")), l("(2,3):(9,5)"));
//! assert_eq!(complement(&l("4:2"), 24), l("(2,3):(1,8)"));
//! assert_eq!(logical_divide(&l("128:128"), &l("(16,4):(4,1)")), l("((16,4),2):((512,128),8192)"));
//! ```

use alloc::vec::Vec;

use crate::error::{ErrorKind, LayoutError, Result};
use crate::runtime::layout::{DynInt, DynLayout, DynTuple};

/// Defines the panicking form `name` of an operation `try_name` with the given arguments.
macro_rules! plain {
    ($name:ident = $try_name:ident($($arg:ident: $ty:ty),*) -> $ret:ty) => {
        #[doc = concat!("Panicking form of [`", stringify!($try_name), "`].")]
        #[track_caller]
        pub fn $name($($arg: $ty),*) -> $ret {
            $crate::runtime::unwrap($try_name($($arg),*))
        }
    };
}

/// Defines the panicking form `name` of an operation `try_name(a, tiler)`.
macro_rules! plain_tiler {
    ($name:ident = $try_name:ident) => {
        #[doc = concat!("Panicking form of [`", stringify!($try_name), "`].")]
        #[track_caller]
        pub fn $name<T: AsTiler + ?Sized>(a: &DynLayout, t: &T) -> DynLayout {
            $crate::runtime::unwrap($try_name(a, t))
        }
    };
}

pub mod basis;
mod coalesce;
mod coalesce_z;
mod complement;
mod compose;
mod divide;
mod domain;
mod flat;
mod inverse;
pub mod layout;
mod like;
mod modeops;
mod modes;
mod nullspace;
mod ordered;
mod product;
mod reshape;
mod slice;
mod tiler;
mod tiler_to_layout;
mod vector;

pub use coalesce::*;
pub use coalesce_z::*;
pub use complement::*;
pub use compose::*;
pub use divide::*;
pub use domain::*;
pub use inverse::*;
pub use like::*;
pub use modeops::*;
pub use modes::*;
pub use nullspace::*;
pub use ordered::*;
pub use product::*;
pub use reshape::*;
pub use slice::*;
pub use tiler::{AsTiler, DynTiler};
pub use tiler_to_layout::*;
pub use vector::*;

/// The plain form of a `try_` operation: the value, or a panic with the error's message.
#[track_caller]
pub(crate) fn unwrap<T>(r: Result<T>) -> T {
    match r {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    }
}

/// `⌈a / b⌉` for `a >= 0`, `b > 0` (never overflows): [`crate::rules::int::ceil_div`].
pub(crate) fn ceil_div(a: i64, b: i64) -> i64 {
    crate::rules::int::ceil_div(a, b).unwrap_or(a)
}

/// A flat list of `(shape, stride)` modes: inline up to eight modes, so that the algorithms'
/// intermediate lists do not allocate for layouts of ordinary rank.
pub(crate) type Modes = smallvec::SmallVec<[(i64, i64); 8]>;

/// The flat `(shape, stride)` leaves of a layout, left to right.
pub(crate) fn flat_modes(l: &DynLayout) -> Modes {
    Modes::from_slice(l.leaf_pairs())
}

/// A layout from flat modes: an integer leaf for one mode, a flat tuple otherwise, `1:0` for
/// none.
pub(crate) fn from_modes(modes: &[(i64, i64)], is_static: bool) -> Result<DynLayout> {
    let mut f = flat::Flat::default();
    f.push_modes(modes);
    if let Some(l) = f.to_layout(is_static) {
        return Ok(l); // valid: no tree built
    }
    let (s, d) = modes_to_tuples(modes, is_static);
    DynLayout::new(s, d)
}

/// The shape and stride tuples of flat modes: an integer leaf for one mode, a flat tuple
/// otherwise, `1:0` for none.
pub(crate) fn modes_to_tuples(modes: &[(i64, i64)], is_static: bool) -> (DynTuple, DynTuple) {
    let leaf = |v: i64| {
        DynTuple::Int(DynInt {
            value: v,
            is_static,
        })
    };
    match modes {
        [] => (leaf(1), leaf(0)),
        [(s, d)] => (leaf(*s), leaf(*d)),
        _ => (
            DynTuple::Tuple(modes.iter().map(|m| leaf(m.0)).collect()),
            DynTuple::Tuple(modes.iter().map(|m| leaf(m.1)).collect()),
        ),
    }
}

/// The layout with every leaf marked static or dynamic.
pub(crate) fn mark(mut l: DynLayout, is_static: bool) -> DynLayout {
    // In place: marks do not change values, so the invariants still hold.
    l.set_static(is_static);
    l
}

/// The concatenation `(L0, L1, ...)` of layouts as one layout of rank `n` (no marks changed).
pub(crate) fn concat(modes: impl IntoIterator<Item = DynLayout>) -> Result<DynLayout> {
    let (s, d): (Vec<_>, Vec<_>) = modes.into_iter().map(DynLayout::into_parts).unzip();
    DynLayout::new(DynTuple::Tuple(s), DynTuple::Tuple(d))
}

/// An error of kind `kind` with a formatted detail.
pub(crate) fn err(kind: ErrorKind, detail: alloc::string::String) -> LayoutError {
    LayoutError::with_detail(kind, detail)
}

/// Rejects negative strides for operations defined only on non-negative ones. A size-1 mode's
/// stride never contributes to an offset, so it may be negative.
pub(crate) fn require_nonnegative(l: &DynLayout, what: &str) -> Result<()> {
    match flat_modes(l).into_iter().find(|&(s, d)| s > 1 && d < 0) {
        Some((_, d)) => Err(err(
            ErrorKind::NegativeStride,
            alloc::format!("{what} needs non-negative strides; {l} has stride {d}"),
        )),
        None => Ok(()),
    }
}

// ---------------------------------------------------------------------------------------------
// The runtime half of the op table: the verb traits of [`crate::typelevel`] on `DynLayout`, and on a
// static or mixed `Layout` whose argument is runtime-structured (the result is a `DynLayout`).

/// An argument that the runtime engine reads as a layout: a [`DynLayout`], or a static or mixed
/// [`Layout`](crate::Layout) (converted).
#[doc(hidden)]
pub trait AsDynLayout {
    /// This argument as a runtime-structured layout.
    fn as_dyn_layout(&self) -> alloc::borrow::Cow<'_, DynLayout>;
}
impl AsDynLayout for DynLayout {
    fn as_dyn_layout(&self) -> alloc::borrow::Cow<'_, DynLayout> {
        alloc::borrow::Cow::Borrowed(self)
    }
}
impl<S: crate::tuple::Congruent<D>, D: crate::tuple::IntTuple> AsDynLayout for crate::Layout<S, D> {
    fn as_dyn_layout(&self) -> alloc::borrow::Cow<'_, DynLayout> {
        alloc::borrow::Cow::Owned(self.to_dyn())
    }
}
impl<T: AsDynLayout + ?Sized> AsDynLayout for &T {
    fn as_dyn_layout(&self) -> alloc::borrow::Cow<'_, DynLayout> {
        (**self).as_dyn_layout()
    }
}

macro_rules! runtime_ops {
    (nullary $($Trait:ident => $f:ident;)*) => {$(
        impl crate::typelevel::$Trait for DynLayout {
            type Output = DynLayout;
            #[inline]
            fn $f(&self) -> Result<DynLayout> {
                $f(self)
            }
        }
    )*};
    (tiler $($Trait:ident::$m:ident => $f:ident;)*) => {$(
        impl<T: AsTiler> crate::typelevel::$Trait<T> for DynLayout {
            type Output = DynLayout;
            #[inline]
            fn $m(&self, t: T) -> Result<DynLayout> {
                $f(self, &t)
            }
        }
        runtime_ops!(@mixed $Trait $m $f [DynLayout] [&DynLayout] [DynTiler] [&DynTiler]);
    )*};
    (@mixed $Trait:ident $m:ident $f:ident $([$T:ty])*) => {$(
        /// A runtime-structured argument: the result is a [`DynLayout`].
        #[diagnostic::do_not_recommend]
        impl<S: crate::tuple::Congruent<D>, D: crate::tuple::IntTuple> crate::typelevel::$Trait<$T> for crate::Layout<S, D> {
            type Output = DynLayout;
            #[inline]
            fn $m(&self, t: $T) -> Result<DynLayout> {
                $f(&self.to_dyn(), &t)
            }
        }
    )*};
}

runtime_ops! { nullary
    Coalesce => try_coalesce;
    FilterZeros => try_filter_zeros;
    Filter => try_filter;
    Flatten => try_flatten;
    ComplementFull => try_complement_full;
    RightInverse => try_right_inverse;
    LeftInverse => try_left_inverse;
}
runtime_ops! { tiler
    Compose::try_compose => try_composition;
    LogicalDivide::try_logical_divide => try_logical_divide;
    ZippedDivide::try_zipped_divide => try_zipped_divide;
    TiledDivide::try_tiled_divide => try_tiled_divide;
    FlatDivide::try_flat_divide => try_flat_divide;
    LogicalProduct::try_logical_product => try_logical_product;
    ZippedProduct::try_zipped_product => try_zipped_product;
    TiledProduct::try_tiled_product => try_tiled_product;
    FlatProduct::try_flat_product => try_flat_product;
    BlockedProduct::try_blocked_product => try_blocked_product;
    RakedProduct::try_raked_product => try_raked_product;
}

impl<Bg: typenum::Unsigned, E: typenum::Unsigned> crate::typelevel::GroupModes<Bg, E>
    for DynLayout
{
    type Output = DynLayout;
    #[inline]
    fn try_group_modes(&self) -> Result<DynLayout> {
        try_group_modes(self, Bg::USIZE, E::USIZE)
    }
}
impl<P: crate::tuple::IntTuple> crate::typelevel::CoalesceByMode<P> for DynLayout {
    type Output = DynLayout;
    #[inline]
    fn try_coalesce_by_mode(&self, profile: P) -> Result<DynLayout> {
        try_coalesce_by_mode(self, &profile.to_dyn())
    }
}
impl<M: crate::int::Int> crate::typelevel::Complement<M> for DynLayout {
    type Output = DynLayout;
    #[inline]
    fn try_complement(&self, m: M) -> Result<DynLayout> {
        try_complement(self, m.value())
    }
}
impl<B: AsDynLayout> crate::typelevel::MaxCommonVector<B> for DynLayout {
    type Output = i64;
    #[inline]
    fn try_max_common_vector(&self, b: &B) -> Result<i64> {
        try_max_common_vector(self, &b.as_dyn_layout())
    }
}
impl<B: AsDynLayout> crate::typelevel::MaxCommonLayout<B> for DynLayout {
    type Output = DynLayout;
    #[inline]
    fn try_max_common_layout(&self, b: &B) -> Result<DynLayout> {
        try_max_common_layout(self, &b.as_dyn_layout())
    }
}
/// A runtime-structured argument: the runtime engine decides.
#[diagnostic::do_not_recommend]
impl<S: crate::tuple::Congruent<D>, D: crate::tuple::IntTuple>
    crate::typelevel::MaxCommonVector<DynLayout> for crate::Layout<S, D>
{
    type Output = i64;
    #[inline]
    fn try_max_common_vector(&self, b: &DynLayout) -> Result<i64> {
        try_max_common_vector(&self.to_dyn(), b)
    }
}
/// A runtime-structured argument: the result is a [`DynLayout`].
#[diagnostic::do_not_recommend]
impl<S: crate::tuple::Congruent<D>, D: crate::tuple::IntTuple>
    crate::typelevel::MaxCommonLayout<DynLayout> for crate::Layout<S, D>
{
    type Output = DynLayout;
    #[inline]
    fn try_max_common_layout(&self, b: &DynLayout) -> Result<DynLayout> {
        try_max_common_layout(&self.to_dyn(), b)
    }
}
