//! The compile-time checks of atoms: named conditions on the sizes that a TV layout's image
//! has, computed in the type system.
//!
//! A layout's *image* is what its non-broadcast modes reach: the flat modes of size > 1 and
//! stride ≠ 0 (`FilterModes`). Its *compact part* is found by following the strides from 1:
//! the mode of stride 1, then the mode whose stride is that mode's `size·stride`, and so on
//! (`FindStride`, as the right inverse does). The product of the compact part's sizes equals
//! the image size exactly when the image modes tile `[0, image size)` one-to-one (every image
//! mode has size ≥ 2 and the compact part's strides strictly increase, so equal products mean
//! every image mode is in the compact part, which is a compact column-major layout). So
//!
//! * `L` is a bijection onto `[0, N)` ⟺ `size(L) = image(L) = compact(L) = N`;
//! * `L` covers `[0, N)` exactly once except on stride-0 (broadcast) modes ⟺
//!   `image(L) = compact(L) = N`.
//!
//! No sort and no inverse layout is built: a linear search per step over at most a dozen modes,
//! which keeps `cargo check` of every atom in the crate at a few seconds.

use typenum::U1;

use crate::int::{Int, IntMul, Prod};
use crate::layout::Layout;
use crate::tuple::{Cons, IntTuple, Nil, Size};
use crate::typelevel::flat::{FilterModes, FlatModes, FlattenInto, M};
use crate::typelevel::inverse::{FindStride, NotFound};

/// The product of the shapes of a flat mode list.
#[doc(hidden)]
pub trait ModesSize {
    /// The product.
    type Output: Int;
}
impl ModesSize for Nil {
    type Output = U1;
}
impl<S, D, T: ModesSize> ModesSize for Cons<M<S, D>, T>
where
    S: IntMul<T::Output>,
{
    type Output = Prod<S, T::Output>;
}

/// The product of the sizes of the modes reached by following the strides of the mode list
/// `Self` from stride `Next` (the compact part, see the module documentation).
#[doc(hidden)]
pub trait Chain<Next> {
    /// The product.
    type Output: Int;
}
impl<L: FindStride<Next>, Next> Chain<Next> for L
where
    L::Output: ChainStep<L>,
{
    type Output = <L::Output as ChainStep<L>>::Output;
}
/// One step of [`Chain`]: the mode found, or the end.
#[doc(hidden)]
pub trait ChainStep<L> {
    /// The product from here on.
    type Output: Int;
}
impl<L> ChainStep<L> for NotFound {
    type Output = U1;
}
impl<L, S, D: Int> ChainStep<L> for M<S, D>
where
    S: IntMul<D>,
    L: Chain<Prod<S, D>>,
    S: IntMul<<L as Chain<Prod<S, D>>>::Output>,
{
    type Output = Prod<S, <L as Chain<Prod<S, D>>>::Output>;
}

/// The sizes a thread-value layout's checks read: implemented by the rank-2 static layouts
/// `(thread, value) → offset`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a thread-value layout: expected a static rank-2 layout (thread, value) → offset",
    label = "not a (thread, value) layout",
    note = "an atom's TV layouts have two top-level modes: the threads, then each thread's values"
)]
#[doc(hidden)]
pub trait TvLayout {
    /// `size(L)`.
    type Size;
    /// `size<0>(L)`: the thread extent.
    type ThrSize;
    /// `size<1>(L)`: the values per thread.
    type ValSize;
    /// The product of the sizes of the image modes (size > 1, stride ≠ 0).
    type ImageSize;
    /// The product of the sizes of the compact part (the image modes chained from stride 1).
    type CompactSize;
}
impl<St, Sv, Dt, Dv> TvLayout for Layout<(St, Sv), (Dt, Dv)>
where
    St: IntTuple,
    Sv: IntTuple,
    (St, Sv): IntTuple + FlattenInto<(Dt, Dv), Nil>,
    FlatModes<(St, Sv), (Dt, Dv)>: FilterModes,
    <FlatModes<(St, Sv), (Dt, Dv)> as FilterModes>::Output: ModesSize + Chain<U1>,
{
    type Size = Size<(St, Sv)>;
    type ThrSize = Size<St>;
    type ValSize = Size<Sv>;
    type ImageSize = <<FlatModes<(St, Sv), (Dt, Dv)> as FilterModes>::Output as ModesSize>::Output;
    type CompactSize =
        <<FlatModes<(St, Sv), (Dt, Dv)> as FilterModes>::Output as Chain<U1>>::Output;
}

/// `size(ThrID)` of a thread-id layout.
pub type ThrSizeOf<L> = <L as ThrIdLayout>::Size;

/// A thread-id layout (CuTe's `ThrID`): a static layout whose size is the number of threads.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a thread-id layout (expected a static `Layout`)",
    label = "ThrID must be a layout"
)]
#[doc(hidden)]
pub trait ThrIdLayout {
    /// `size(ThrID)`.
    type Size;
}
impl<S: IntTuple, D> ThrIdLayout for Layout<S, D> {
    type Size = Size<S>;
}

// ---------------------------------------------------------------------------------------------
// The named conditions. Each is implemented by a tuple of type-level sizes exactly when they
// are equal (canonical typenum integers are equal iff their types are), so a violated one is
// a compile error whose first line is its message.

/// `size(ThrID)` equals the thread extent `size<0>` of every TV layout of the atom.
/// Implemented by `(size(ThrID), size<0>(TV layout))` pairs of equal sizes.
#[diagnostic::on_unimplemented(
    message = "atom: size(ThrID) differs from the thread extent size<0> of a TV layout",
    label = "`{Self}` (size(ThrID), size<0>(layout)) are not equal",
    note = "every TV layout of an atom maps (thread, value) for exactly the threads that ThrID numbers"
)]
#[doc(hidden)]
pub trait ThrIdMatchesTv {}
impl<N> ThrIdMatchesTv for (N, N) {}

/// An MMA atom's `CLayout` is a bijection from (thread, value) onto the column-major (M,N) tile.
/// Implemented by `(size(C), image(C), compact(C), M·N)` when all four are equal.
#[diagnostic::on_unimplemented(
    message = "MMA atom: CLayout is not a bijection onto the (M,N) tile",
    label = "`{Self}` (size(C), size of its image, size of its compact part, M·N) must all be equal",
    note = "each accumulator element is held by exactly one (thread, value): a wrong or repeated stride, or a stride-0 mode, breaks that"
)]
#[doc(hidden)]
pub trait CLayoutBijective {}
impl<N> CLayoutBijective for (N, N, N, N) {}

/// An MMA atom's `ALayout` covers the column-major (M,K) tile exactly once, except along
/// stride-0 (broadcast) modes. Implemented by `(image(A), compact(A), M·K)` when equal.
#[diagnostic::on_unimplemented(
    message = "MMA atom: ALayout does not cover the (M,K) tile exactly once (stride-0 broadcast modes excepted)",
    label = "`{Self}` (size of A's image, size of its compact part, M·K) must all be equal",
    note = "every element of A must be held, and held by one (thread, value) unless a stride-0 mode broadcasts it"
)]
#[doc(hidden)]
pub trait ALayoutCovers {}
impl<N> ALayoutCovers for (N, N, N) {}

/// An MMA atom's `BLayout` covers the column-major (N,K) tile exactly once, except along
/// stride-0 (broadcast) modes. Implemented by `(image(B), compact(B), N·K)` when equal.
#[diagnostic::on_unimplemented(
    message = "MMA atom: BLayout does not cover the (N,K) tile exactly once (stride-0 broadcast modes excepted)",
    label = "`{Self}` (size of B's image, size of its compact part, N·K) must all be equal",
    note = "every element of B must be held, and held by one (thread, value) unless a stride-0 mode broadcasts it"
)]
#[doc(hidden)]
pub trait BLayoutCovers {}
impl<N> BLayoutCovers for (N, N, N) {}

/// A copy atom's `SrcLayout` (or `DstLayout`) reaches its bits one-to-one, except along
/// stride-0 (broadcast) modes. Implemented by `(image, compact part)` when equal.
#[diagnostic::on_unimplemented(
    message = "copy atom: a Src/Dst layout is not one-to-one onto its bits (stride-0 broadcast modes excepted)",
    label = "`{Self}` (size of the image, size of its compact part) are not equal",
    note = "a copy moves each bit of its source to one bit of its destination"
)]
#[doc(hidden)]
pub trait CopyLayoutOneToOne {}
impl<N> CopyLayoutOneToOne for (N, N) {}

/// A copy atom's `SrcLayout` and `DstLayout` move the same number of bits. Implemented by
/// `(image(Src), image(Dst))` when equal.
#[diagnostic::on_unimplemented(
    message = "copy atom: SrcLayout and DstLayout sizes in bits differ",
    label = "`{Self}` (bits of SrcLayout's image, bits of DstLayout's image) are not equal",
    note = "a copy atom moves the bits it reads: stride-0 (broadcast) modes aside, Src and Dst reach the same number of bits"
)]
#[doc(hidden)]
pub trait CopyBitsAgree {}
impl<N> CopyBitsAgree for (N, N) {}

/// The shape of an MMA atom, `(M, N, K)` as static integers.
#[diagnostic::on_unimplemented(
    message = "MMA atom: Shape_MNK `{Self}` is not a static triple (M, N, K)",
    label = "expected (M, N, K) typenum integers"
)]
#[doc(hidden)]
pub trait ShapeMnk {
    /// `M`.
    type M;
    /// `N`.
    type N;
    /// `K`.
    type K;
    /// `M·N`, the size of the C tile.
    type MN;
    /// `M·K`, the size of the A tile.
    type MK;
    /// `N·K`, the size of the B tile.
    type NK;
}
impl<Mm, Nn, Kk> ShapeMnk for (Mm, Nn, Kk)
where
    Mm: crate::int::StaticInt + IntMul<Nn> + IntMul<Kk>,
    Nn: crate::int::StaticInt + IntMul<Kk>,
    Kk: crate::int::StaticInt,
{
    type M = Mm;
    type N = Nn;
    type K = Kk;
    type MN = Prod<Mm, Nn>;
    type MK = Prod<Mm, Kk>;
    type NK = Prod<Nn, Kk>;
}

/// Every check of an MMA atom, on `(ThrID, Shape_MNK, ALayout, BLayout, CLayout)`: the thread
/// extents match `size(ThrID)`, `C` is a bijection onto the (M,N) tile, `A` and `B` cover their
/// tiles exactly once except on broadcast modes. [`MmaTraits`](super::MmaTraits) requires it
/// of every implementation; a TiledMMA can require it of its atom.
#[doc(hidden)]
pub trait MmaLayoutsValid {}
impl<Thr, Shp, A, B, C> MmaLayoutsValid for (Thr, Shp, A, B, C)
where
    Thr: ThrIdLayout,
    Shp: ShapeMnk,
    A: TvLayout,
    B: TvLayout,
    C: TvLayout,
    (Thr::Size, A::ThrSize): ThrIdMatchesTv,
    (Thr::Size, B::ThrSize): ThrIdMatchesTv,
    (Thr::Size, C::ThrSize): ThrIdMatchesTv,
    (C::Size, C::ImageSize, C::CompactSize, Shp::MN): CLayoutBijective,
    (A::ImageSize, A::CompactSize, Shp::MK): ALayoutCovers,
    (B::ImageSize, B::CompactSize, Shp::NK): BLayoutCovers,
{
}

/// Every check of a copy atom, on `(ThrID, SrcLayout, DstLayout, RefLayout)`: the thread
/// extents match `size(ThrID)`, Src and Dst are one-to-one onto their bits except on
/// broadcast modes, and they move the same number of bits.
/// [`CopyTraits`](super::CopyTraits) requires it of every implementation.
#[doc(hidden)]
pub trait CopyLayoutsValid {}
impl<Thr, Src, Dst, Ref> CopyLayoutsValid for (Thr, Src, Dst, Ref)
where
    Thr: ThrIdLayout,
    Src: TvLayout,
    Dst: TvLayout,
    Ref: TvLayout,
    (Thr::Size, Src::ThrSize): ThrIdMatchesTv,
    (Thr::Size, Dst::ThrSize): ThrIdMatchesTv,
    (Thr::Size, Ref::ThrSize): ThrIdMatchesTv,
    (Src::ImageSize, Src::CompactSize): CopyLayoutOneToOne,
    (Dst::ImageSize, Dst::CompactSize): CopyLayoutOneToOne,
    (Src::ImageSize, Dst::ImageSize): CopyBitsAgree,
{
}

/// The supertrait of [`MmaTraits`](super::MmaTraits) that runs its checks: implemented for
/// every implementation whose layouts are [`MmaLayoutsValid`], so a broken atom does not
/// compile at its `impl`.
#[doc(hidden)]
pub trait MmaChecked {}
impl<T: super::MmaTraits> MmaChecked for T where
    (T::ThrID, T::Shape_MNK, T::ALayout, T::BLayout, T::CLayout): MmaLayoutsValid
{
}

/// The supertrait of [`CopyTraits`](super::CopyTraits) that runs its checks (see
/// [`MmaChecked`]).
#[doc(hidden)]
pub trait CopyChecked {}
impl<T: super::CopyTraits> CopyChecked for T where
    (T::ThrID, T::SrcLayout, T::DstLayout, T::RefLayout): CopyLayoutsValid
{
}
