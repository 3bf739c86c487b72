//! The named conditions of a TiledMMA (atom layout and C layout bijective, operands covered),
//! each a compile error whose first line names it.

use typenum::U1;

use crate::atom::check;
use crate::layout::Layout;
use crate::tuple::{IntTuple, Size};

/// `a == b` for typenum integers, as `B1` / `B0`. The conditions below are implemented for `B1`
/// only: comparing first (rather than matching `(N, N)`) makes a violation in a generic
/// context an unimplemented condition, whose message is the first line of the error.
#[doc(hidden)]
pub type Same<A, B> = <A as typenum::IsEqual<B>>::Output;
/// `a == b == c`.
#[doc(hidden)]
pub type Same3<A, B, C> = typenum::And<Same<A, B>, Same<B, C>>;
/// `a == b == c == d`.
#[doc(hidden)]
pub type Same4<A, B, C, D> = typenum::And<Same3<A, B, C>, Same<C, D>>;

/// A TiledMMA's atom layout (thread groups along M, N, K → thread-group index) is a bijection
/// onto `[0, size)`: no two atom positions share a thread group. Implemented by `B1`, the
/// result of comparing its size, the size of its image and of its compact part (see
/// [`check`]).
#[diagnostic::on_unimplemented(
    message = "TiledMMA: the atom layout is not a bijection onto its thread groups (it overlaps or leaves gaps)",
    label = "its size, the size of its image and of its compact part differ (`{Self}`)",
    note = "make_tiled_mma(atom, atom_layout, _): atom_layout maps each (m, n, k) atom position to its own group of threads, e.g. Layout![(2,2,1):(1,2,0)]"
)]
pub trait AtomLayoutBijective {}
impl AtomLayoutBijective for typenum::B1 {}

/// A TiledMMA's C thread-value layout is a bijection onto its (M,N) tile. Implemented by `B1`,
/// the result of comparing `size(C)`, the sizes of its image and compact part, and
/// `TileM·TileN`.
#[diagnostic::on_unimplemented(
    message = "TiledMMA: the C TV layout is not a bijection onto the (M,N) tile",
    label = "size(C), the sizes of its image and compact part, and TileM·TileN differ (`{Self}`)",
    note = "each accumulator of the tile is held by exactly one (thread, value): check the permutation (it must be a bijection of its mode, a multiple of the atom times the thread groups)"
)]
pub trait TiledCBijective {}
impl TiledCBijective for typenum::B1 {}

/// A TiledMMA's A (or B) thread-value layout covers its tile exactly once, except along
/// stride-0 (broadcast) modes. Implemented by `B1`, the result of comparing the sizes of the
/// image and the compact part and the tile size.
#[diagnostic::on_unimplemented(
    message = "TiledMMA: the A or B TV layout does not cover its (M,K) / (N,K) tile exactly once (broadcast modes excepted)",
    label = "the sizes of its image and compact part and the tile size differ (`{Self}`)",
    note = "check the permutation of M, N and K"
)]
pub trait TiledOperandCovers {}
impl TiledOperandCovers for typenum::B1 {}

/// The image and compact sizes of any static layout (for [`AtomLayoutBijective`]).
#[doc(hidden)]
pub trait ImageSizes {
    type Size;
    type Image;
    type Compact;
}
impl<S, D> ImageSizes for Layout<S, D>
where
    S: IntTuple + crate::typelevel::flat::FlattenInto<D, crate::tuple::Nil>,
    crate::typelevel::flat::FlatModes<S, D>: crate::typelevel::flat::FilterModes,
    <crate::typelevel::flat::FlatModes<S, D> as crate::typelevel::flat::FilterModes>::Output:
        check::ModesSize + check::Chain<U1>,
{
    type Size = Size<S>;
    type Image = <<crate::typelevel::flat::FlatModes<S, D> as crate::typelevel::flat::FilterModes>::Output as check::ModesSize>::Output;
    type Compact = <<crate::typelevel::flat::FlatModes<S, D> as crate::typelevel::flat::FilterModes>::Output as check::Chain<U1>>::Output;
}
