//! The small type-level helpers of the TiledMMA construction: permutation entries, the thread
//! layout's sizes, and the `thrfrg` chain that cuts a tile into (thread, value) modes.

use typenum::{U0, U1};

use crate::int::StaticInt;
use crate::layout::Layout;
use crate::tuple::{IntTuple, Size, StaticShape, StaticTuple};
use crate::typelevel::{
    ComplementFullOf, Compose, ComposeOf, LogicalDivide, LogicalDivideOf, RightInverseOf,
    Underscore, ZippedDivide, ZippedDivideOf,
};

/// A permutation entry of a TiledMMA: `_` (the default tile, `size(atom)·size(thread
/// groups)` along that mode), an integer `n` (the tile `n:1`) or a layout.
#[diagnostic::on_unimplemented(
    message = "TiledMMA: `{Self}` is not a permutation entry (expected `_`, a static integer or a static layout)",
    label = "not a permutation entry"
)]
pub trait PermEntry<Dflt> {
    /// The tiler of the mode.
    type Tiler: Copy + Default;
    /// The tile size, `size(tiler)`.
    type Size: StaticInt;
}
impl<Dflt: StaticInt> PermEntry<Dflt> for Underscore {
    type Tiler = Dflt;
    type Size = Dflt;
}
impl<U, B, Dflt> PermEntry<Dflt> for typenum::UInt<U, B>
where
    typenum::UInt<U, B>: StaticInt,
{
    type Tiler = Self;
    type Size = Self;
}
impl<S: StaticShape, D: StaticTuple, Dflt> PermEntry<Dflt> for Layout<S, D>
where
    Size<S>: StaticInt,
    Layout<S, D>: Copy + Default,
{
    type Tiler = Self;
    type Size = Size<S>;
}

/// The thread layout of a TiledMMA, `(ThrV, ThrM, ThrN, ThrK) → thread index`: the sizes of
/// its four modes.
#[doc(hidden)]
pub trait VmnkSizes {
    type V: StaticInt;
    type M: StaticInt;
    type N: StaticInt;
    type K: StaticInt;
    type All: StaticInt;
}
impl<SV, SM, SN, SK, DV, DM, DN, DK> VmnkSizes for Layout<(SV, SM, SN, SK), (DV, DM, DN, DK)>
where
    SV: IntTuple,
    SM: IntTuple,
    SN: IntTuple,
    SK: IntTuple,
    (SV, SM, SN, SK): IntTuple,
    Size<SV>: StaticInt,
    Size<SM>: StaticInt,
    Size<SN>: StaticInt,
    Size<SK>: StaticInt,
    Size<(SV, SM, SN, SK)>: StaticInt,
{
    type V = Size<SV>;
    type M = Size<SM>;
    type N = Size<SN>;
    type K = Size<SK>;
    type All = Size<(SV, SM, SN, SK)>;
}

/// `make_layout(A, B)`: the rank-2 layout `(A, B)`.
#[doc(hidden)]
pub trait PairWith<B> {
    type Output;
}
impl<SA, DA, SB, DB> PairWith<Layout<SB, DB>> for Layout<SA, DA> {
    type Output = Layout<(SA, SB), (DA, DB)>;
}

/// The last step of `thrfrg`: `((ThrV,FrgV),Rest)` with `Rest` divided by the thread tile
/// into `((ThrM,ThrN),Rest')` regrouped as `((ThrV,(ThrM,ThrN)),(FrgV,Rest'))`.
#[doc(hidden)]
pub trait RegroupThr<ThrTile> {
    type Output;
}
impl<SV, SF, SR, DV, DF, DR, ThrTile> RegroupThr<ThrTile> for Layout<((SV, SF), SR), ((DV, DF), DR)>
where
    Layout<SR, DR>: ZippedDivide<ThrTile>,
    ZippedDivideOf<Layout<SR, DR>, ThrTile>: RegroupInner<SV, SF, DV, DF>,
{
    type Output = <ZippedDivideOf<Layout<SR, DR>, ThrTile> as RegroupInner<SV, SF, DV, DF>>::Output;
}
#[doc(hidden)]
pub trait RegroupInner<SV, SF, DV, DF> {
    type Output;
}
impl<SV, SF, DV, DF, ST, SR, DT, DR> RegroupInner<SV, SF, DV, DF> for Layout<(ST, SR), (DT, DR)> {
    type Output = Layout<((SV, ST), (SF, SR)), ((DV, DT), (DF, DR))>;
}

/// CuTe's `thrfrg_X` of a static layout `Self`: `(PermTile, AtomTile, AtomTV, ThrTile)` as
/// described in the [module documentation](self).
#[doc(hidden)]
pub trait Thrfrg<PermTile, AtomTile, AtomTv, ThrTile> {
    type Output;
}
impl<L, PermTile, AtomTile, AtomTv, ThrTile> Thrfrg<PermTile, AtomTile, AtomTv, ThrTile> for L
where
    L: LogicalDivide<PermTile>,
    LogicalDivideOf<L, PermTile>: ZippedDivide<AtomTile>,
    ZippedDivideOf<LogicalDivideOf<L, PermTile>, AtomTile>: Compose<(AtomTv, Underscore)>,
    ComposeOf<ZippedDivideOf<LogicalDivideOf<L, PermTile>, AtomTile>, (AtomTv, Underscore)>:
        RegroupThr<ThrTile>,
{
    type Output = <ComposeOf<
        ZippedDivideOf<LogicalDivideOf<L, PermTile>, AtomTile>,
        (AtomTv, Underscore),
    > as RegroupThr<ThrTile>>::Output;
}

/// `thridx → (ThrV,ThrM,ThrN,ThrK)`: `(size(V),1):(1,0) ∘ right_inverse((V, complement(V)))`.
pub type ThrIdxToVmnk<V> = ComposeOf<
    Layout<(<V as VmnkSizes>::All, U1), (U1, U0)>,
    RightInverseOf<<V as PairWith<ComplementFullOf<V>>>::Output>,
>;
