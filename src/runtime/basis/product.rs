//! The products of a basis-strided `A`: `A ⊗ B = (A, A* ∘ B)` with the free complement `A*`.

use super::complement::try_complement_full;
use super::compose::{by_mode, try_composition_layout};
use super::{concat_basis, delegate};
use crate::basis::{DynBasisLayout, DynBasisTuple};
use crate::error::Result;
use crate::runtime::compose::Unnamed;
use crate::runtime::divide::{grouped, Grouping};
use crate::runtime::layout::{DynLayout, DynTuple};
use crate::runtime::product::zip_product;
use crate::runtime::tiler::AsTiler;
use crate::runtime::unwrap;

/// `A ⊗ B = (A, complement(A) ∘ B)` for one layout `B`: the complement of each codomain
/// component up to its own cosize ([`try_complement_full`]), whose last mode extends, composed
/// with `B`. An integral `A` delegates to the integer product.
fn product_layout(a: &DynBasisLayout, b: &DynLayout) -> Result<DynBasisLayout> {
    if a.is_integral() {
        return delegate(crate::runtime::try_logical_product(&a.to_dyn_layout()?, b));
    }
    let rest = try_composition_layout(&try_complement_full(a)?, b)?;
    concat_basis([a.clone(), rest])
}

/// `logical_product(A, T)` for a basis-strided `A` (paper §3.5.1; NVIDIA's PyCuTe
/// `Layout._logical_product`): `A ⊗ B = (A, A* ∘ B)`, by mode for a tuple tiler (`_` keeps a
/// mode). The paper completes `A` up to the integer `size(A)·cosize(B)`, which has no meaning
/// in a coordinate codomain; here, as in PyCuTe, `A*` is the free complement
/// [`try_complement_full`] — each codomain component complemented up to its own cosize, the
/// trailing mode of the last component extending — so mode 1 places shifted copies of `A`
/// along the last component, disjoint from `A` (Eq. 28): `R(i, j) = A(i) + A*(B(j))`. Mode 0
/// is `A` and mode 1 is compatible with `B`. A non-injective `A` has no complement
/// ([`ErrorKind::NotInjective`](crate::error::ErrorKind::NotInjective)); `B` is an integer
/// layout.
///
/// ```
/// use cute_layout::{algebra::basis::logical_product, DynBasisLayout, DynLayout};
/// let a: DynBasisLayout = "(4,8):(1@0,1@1)".parse().unwrap();
/// let b: DynLayout = "(2,3):(1,2)".parse().unwrap();
/// // complement(A) = (1,1):(4@0,8@1): copies of the 4×8 tile stacked along e1.
/// assert_eq!(logical_product(&a, &b).to_string(), "((4,8),(2,3)):((1@0,1@1),(8@1,16@1))");
/// ```
pub fn try_logical_product<T: AsTiler + ?Sized>(
    a: &DynBasisLayout,
    t: &T,
) -> Result<DynBasisLayout> {
    by_mode(a, &*t.as_tiler()?, &product_layout, Unnamed::Keep)
}

/// Panicking form of [`try_logical_product`].
#[track_caller]
pub fn logical_product<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> DynBasisLayout {
    unwrap(try_logical_product(a, t))
}

/// `zipped_product(A, T)`: the logical product regrouped `((A modes), (grid modes))`, as for
/// integer layouts ([`algebra::try_zipped_product`](crate::runtime::try_zipped_product)).
pub fn try_zipped_product<T: AsTiler + ?Sized>(
    a: &DynBasisLayout,
    t: &T,
) -> Result<DynBasisLayout> {
    grouped(a, &*t.as_tiler()?, &product_layout, Grouping::Zipped)
}

/// Panicking form of [`try_zipped_product`].
#[track_caller]
pub fn zipped_product<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> DynBasisLayout {
    unwrap(try_zipped_product(a, t))
}

/// `tiled_product(A, T)`: `((A modes), grid0, grid1, …)`.
pub fn try_tiled_product<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> Result<DynBasisLayout> {
    grouped(a, &*t.as_tiler()?, &product_layout, Grouping::Tiled)
}

/// Panicking form of [`try_tiled_product`].
#[track_caller]
pub fn tiled_product<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> DynBasisLayout {
    unwrap(try_tiled_product(a, t))
}

/// `flat_product(A, T)`: `(A modes…, grid modes…)`.
pub fn try_flat_product<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> Result<DynBasisLayout> {
    grouped(a, &*t.as_tiler()?, &product_layout, Grouping::Flat)
}

/// Panicking form of [`try_flat_product`].
#[track_caller]
pub fn flat_product<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> DynBasisLayout {
    unwrap(try_flat_product(a, t))
}

/// The `1:0` mode that pads a layout in the blocked and raked products.
fn unit() -> Result<DynBasisLayout> {
    DynBasisLayout::new(DynTuple::int(1), DynBasisTuple::int(0))
}

/// `blocked_product(A, B)` (paper §3.5.1): the logical product with like modes zipped,
/// `((A0, X0), (A1, X1), …)`, the shorter operand padded with `1:0` modes (as for integer
/// layouts, [`algebra::try_blocked_product`](crate::runtime::try_blocked_product)).
///
/// ```
/// use cute_layout::{algebra::basis::blocked_product, DynBasisLayout, DynLayout};
/// let a: DynBasisLayout = "(4,8):(1@0,1@1)".parse().unwrap();
/// let b: DynLayout = "(2,3):(1,2)".parse().unwrap();
/// assert_eq!(blocked_product(&a, &b).to_string(), "((4,2),(8,3)):((1@0,8@1),(1@1,16@1))");
/// ```
pub fn try_blocked_product<T: AsTiler + ?Sized>(
    a: &DynBasisLayout,
    t: &T,
) -> Result<DynBasisLayout> {
    zip_product(a, &*t.as_tiler()?, false, &product_layout, &unit()?)
}

/// Panicking form of [`try_blocked_product`].
#[track_caller]
pub fn blocked_product<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> DynBasisLayout {
    unwrap(try_blocked_product(a, t))
}

/// `raked_product(A, B)`: like [`try_blocked_product`] with the pairs reversed,
/// `((X0, A0), (X1, A1), …)`.
pub fn try_raked_product<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> Result<DynBasisLayout> {
    zip_product(a, &*t.as_tiler()?, true, &product_layout, &unit()?)
}

/// Panicking form of [`try_raked_product`].
#[track_caller]
pub fn raked_product<T: AsTiler + ?Sized>(a: &DynBasisLayout, t: &T) -> DynBasisLayout {
    unwrap(try_raked_product(a, t))
}
