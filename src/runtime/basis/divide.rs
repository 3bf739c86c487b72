//! The divides of a basis-strided `A`: `A ∘ (B, B*)` with `B* = complement(B, size(A))`.

use super::basis_tiler::Dividing;
use super::compose::{by_mode, try_composition_layout};
use crate::basis::DynBasisLayout;
use crate::error::Result;
use crate::runtime::complement::complement_plain;
use crate::runtime::compose::Unnamed;
use crate::runtime::divide::{check_covers, grouped, Grouping};
use crate::runtime::layout::DynLayout;
use crate::runtime::tiler::AsTiler;
use crate::runtime::{concat, unwrap};

/// `A ∘ (B, complement(B, size(A)))` for one layout tiler (paper §3.5.2), refused when
/// `(B, B*)` misses an element of `A` (as for integer layouts).
fn divide_layout(a: &DynBasisLayout, b: &DynLayout) -> Result<DynBasisLayout> {
    let rest = complement_plain(b, a.size())?;
    check_covers(b, a.size())?;
    try_composition_layout(a, &concat([b.clone(), rest])?)
}

/// `logical_divide(A, T)` (paper §3.5.2): `A ∘ (T, complement(T, size(A)))`, by mode for a
/// tuple tiler. For an identity layout `A` this gives the coordinate of every element of every
/// tile, which kernels use for predication.
///
/// ```
/// use cute_layout::{algebra::basis::logical_divide, basis::make_identity_layout, DynLayout};
/// let id = make_identity_layout(&"(8,6)".parse().unwrap()).unwrap();
/// let t: DynLayout = "4:1".parse().unwrap();
/// assert_eq!(logical_divide(&id, &t).to_string(), "(4,(2,6)):(1@0,(4@0,1@1))");
/// ```
pub fn try_logical_divide<T: AsTiler + ?Sized>(
    a: &DynBasisLayout,
    t: &T,
) -> Result<DynBasisLayout> {
    by_mode(a, &*t.as_tiler()?, &Dividing(&divide_layout), Unnamed::Keep)
}

/// Panicking form of [`try_logical_divide`].
#[track_caller]
pub fn logical_divide<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> DynBasisLayout {
    unwrap(try_logical_divide(a, t))
}

/// `zipped_divide(A, T)`: `((tiles), (rests))` — mode 0 indexes within a tile, mode 1 the tile.
///
/// ```
/// use cute_layout::{algebra::{basis::zipped_divide, DynTiler}, basis::make_identity_layout};
/// let id = make_identity_layout(&"(8,6)".parse().unwrap()).unwrap();
/// let t: DynTiler = "<4:1,3:1>".parse().unwrap();
/// assert_eq!(zipped_divide(&id, &t).to_string(), "((4,3),(2,2)):((1@0,1@1),(4@0,3@1))");
/// ```
pub fn try_zipped_divide<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> Result<DynBasisLayout> {
    grouped(
        a,
        &*t.as_tiler()?,
        &Dividing(&divide_layout),
        Grouping::Zipped,
    )
}

/// Panicking form of [`try_zipped_divide`].
#[track_caller]
pub fn zipped_divide<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> DynBasisLayout {
    unwrap(try_zipped_divide(a, t))
}

/// `tiled_divide(A, T)`: `((tiles), rest0, rest1, …)`.
pub fn try_tiled_divide<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> Result<DynBasisLayout> {
    grouped(
        a,
        &*t.as_tiler()?,
        &Dividing(&divide_layout),
        Grouping::Tiled,
    )
}

/// Panicking form of [`try_tiled_divide`].
#[track_caller]
pub fn tiled_divide<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> DynBasisLayout {
    unwrap(try_tiled_divide(a, t))
}

/// `flat_divide(A, T)`: `(tile0, tile1, …, rest0, rest1, …)`.
pub fn try_flat_divide<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> Result<DynBasisLayout> {
    grouped(
        a,
        &*t.as_tiler()?,
        &Dividing(&divide_layout),
        Grouping::Flat,
    )
}

/// Panicking form of [`try_flat_divide`].
#[track_caller]
pub fn flat_divide<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> DynBasisLayout {
    unwrap(try_flat_divide(a, t))
}
