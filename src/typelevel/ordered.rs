//! CuTe's `make_ordered_layout` and `tile_to_shape` in the type system; the rules and contracts
//! are the runtime engine's (`try_make_ordered_layout`, `try_tile_to_shape_ordered`).

use typenum::{B0, B1};

use crate::composed::ComposedLayout;
use crate::error::{layout_error, ErrorKind, LayoutError, Result};
use crate::int::select::{Dyn, EqSel, HasDyn, IntEq, IntLt, LtSel, ZeroSel};
use crate::int::{Int, IntDiv, IntMul, IntRem, Mod, Prod, Quot};
use crate::layout::Layout;
use crate::tuple::{
    Congruent, Cons, FromCons, IntTuple, Nil, PrefixProduct, Size, ToCons, TupleOf,
};
use crate::typelevel::flat::{checked_layout, ListAppend};
use crate::typelevel::tiler::{ConcatLayouts, ModesOf};
use crate::typelevel::verdict::{Decide2, FirstFails, Holds, SecondFails, Then, Verdict2};
use crate::typelevel::{BlockedProduct, BlockedProductOf, TileToShape};

/// CuTe's `GenColMajor` (`LayoutLeft`) as a mode order: `(0, 1, …, r−1)` for a shape of rank
/// `r`, the default order of [`TileToShape`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GenColMajor;

/// CuTe's `GenRowMajor` (`LayoutRight`) as a mode order: `(r−1, …, 1, 0)` for a shape of rank
/// `r`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GenRowMajor;

/// The top-level modes of an integer tuple as a list; a leaf is its own single mode.
#[doc(hidden)]
pub trait ShapeModes: IntTuple {
    type Modes: crate::int::Plain;
    fn shape_modes(&self) -> Self::Modes;
}
/// A tuple from its list of modes (`Self` the shape whose modes they replace); a leaf shape's
/// from its single mode.
#[doc(hidden)]
pub trait Rebuild<L> {
    type Ints;
    fn rebuild_ints(l: L) -> Self::Ints;
}
/// A layout from its list of modes (`Self` the shape whose modes they are); a leaf shape's is
/// its single mode.
#[doc(hidden)]
pub trait RebuildLayout<L> {
    type Layout;
    fn rebuild_layout(l: L) -> Result<Self::Layout>;
}
macro_rules! shape_modes_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<$($g)*> ShapeModes for $S {
            type Modes = Cons<$S, Nil>;
            #[inline(always)]
            fn shape_modes(&self) -> Self::Modes {
                Cons(*self, Nil)
            }
        }
        impl<X, $($g)*> Rebuild<Cons<X, Nil>> for $S {
            type Ints = X;
            #[inline(always)]
            fn rebuild_ints(l: Cons<X, Nil>) -> X {
                l.0
            }
        }
        impl<X, $($g)*> RebuildLayout<Cons<X, Nil>> for $S {
            type Layout = X;
            #[inline(always)]
            fn rebuild_layout(l: Cons<X, Nil>) -> Result<X> {
                Ok(l.0)
            }
        }
    };
}
crate::tuple::for_each_leaf!(shape_modes_leaf);
impl<T: ToCons + IntTuple> ShapeModes for T {
    type Modes = T::Cons;
    #[inline(always)]
    fn shape_modes(&self) -> T::Cons {
        self.to_cons()
    }
}
impl<T: ToCons, L: FromCons> Rebuild<L> for T {
    type Ints = TupleOf<L>;
    #[inline(always)]
    fn rebuild_ints(l: L) -> TupleOf<L> {
        l.from_cons()
    }
}
impl<T: ToCons, L: ConcatLayouts> RebuildLayout<L> for T {
    type Layout = L::Output;
    #[inline(always)]
    fn rebuild_layout(l: L) -> Result<L::Output> {
        l.try_concat_layouts()
    }
}

with_diagnostic! {
    (
        message = "a mode order must hold one static integer per mode of the shape",
        label = "not an order for this shape (`{Self}`)",
        note = "an order is a tuple of typenum integers of rank(shape) (an integer for an integral shape), or GenColMajor / GenRowMajor"
    )
    /// A mode order for the shape `S`: [`GenColMajor`], [`GenRowMajor`], a tuple of static
    /// integers with one entry per mode of `S`, or one static integer when `S` is an integer.
    /// `List` is the order as a list (its length and entries are checked by
    /// [`MakeOrderedLayout`]).
    #[doc(hidden)]
    pub trait ModeOrder<S> {
        /// The entries as a `Cons` list.
        type List;
    }
    /// The order list `Self` has one static entry per mode in the list `M`.
    #[doc(hidden)]
    pub trait OrderFits<M> {}
    #[doc(hidden)]
    pub trait OrderEntrySel<Sel> {}
    #[doc(hidden)]
    pub trait PickIf<Sel> {
        type Output: Int;
        fn pick_if(self) -> Self::Output;
    }
    #[doc(hidden)]
    pub trait SmallerProduct<OL, Oi> {
        type Output: Int;
        fn smaller_product(&self) -> Result<Self::Output>;
    }
    #[doc(hidden)]
    pub trait OrderedStrides<OL, AllM, AllO> {
        type Output;
        fn ordered_strides(&self, all: &AllM) -> Result<Self::Output>;
    }
}
/// The empty order fits the empty mode list.
impl OrderFits<Nil> for Nil {}
/// `fits(H :: T, _ :: B) = static(H) ∧ fits(T, B)`: one static entry per mode.
#[diagnostic::do_not_recommend]
impl<A, B, H: HasDyn, T: OrderFits<B>> OrderFits<Cons<A, B>> for Cons<H, T> where
    H: OrderEntrySel<H::Sel>
{
}
impl<T> OrderEntrySel<B0> for T {}
impl<S: ShapeModes> ModeOrder<S> for GenColMajor
where
    S::Modes: Iota<typenum::U0>,
{
    type List = <S::Modes as Iota<typenum::U0>>::Asc;
}
impl<S: ShapeModes> ModeOrder<S> for GenRowMajor
where
    S::Modes: Iota<typenum::U0>,
{
    type List = <S::Modes as Iota<typenum::U0>>::Desc;
}
macro_rules! mode_order_leaf {
    ([$($g:tt)*] $O:ty) => {
        impl<S: Int, $($g)*> ModeOrder<S> for $O {
            type List = Cons<$O, Nil>;
        }
    };
}
mode_order_leaf!([] typenum::UTerm);
mode_order_leaf!([U: crate::int::Digits, B: crate::int::Digit] typenum::UInt<U, B>);
mode_order_leaf!([U: crate::int::Digits + typenum::NonZero] typenum::NInt<U>);
impl<S, O: ToCons> ModeOrder<S> for O {
    type List = O::Cons;
}

/// The order list `Self` cut or padded (with 0) to the length of the list `M`, its runtime
/// entries replaced by 0, so that the strides are computed whatever the order: a wrong length
/// or a runtime entry is reported once, by [`OrderFits`].
#[doc(hidden)]
pub trait FitTo<M> {
    type Output;
}
/// An entry of a fitted order: `Self` when static (`Sel` is `B0`), 0 when runtime (`Dyn`).
#[doc(hidden)]
pub trait FitEntry<Sel> {
    type Output;
}
impl<H> FitEntry<B0> for H {
    type Output = H;
}
impl<H> FitEntry<Dyn> for H {
    type Output = typenum::U0;
}
impl FitTo<Nil> for Nil {
    type Output = Nil;
}
impl<H, T> FitTo<Nil> for Cons<H, T> {
    type Output = Nil;
}
impl<MH, MT> FitTo<Cons<MH, MT>> for Nil
where
    Nil: FitTo<MT>,
{
    type Output = Cons<typenum::U0, <Nil as FitTo<MT>>::Output>;
}
impl<H: HasDyn, T: FitTo<MT>, MH, MT> FitTo<Cons<MH, MT>> for Cons<H, T>
where
    H: FitEntry<H::Sel>,
{
    type Output = Cons<<H as FitEntry<H::Sel>>::Output, T::Output>;
}

/// `Asc = (Start, Start+1, …)` and `Desc = (…, Start+1, Start)`, one entry per element of the
/// list `Self`.
#[doc(hidden)]
pub trait Iota<Start> {
    type Asc;
    type Desc;
    type End;
}
impl<Start> Iota<Start> for Nil {
    type Asc = Nil;
    type Desc = Nil;
    type End = Start;
}
impl<Start: core::ops::Add<B1>, H, T: Iota<typenum::Add1<Start>>> Iota<Start> for Cons<H, T>
where
    T: Iota<typenum::Add1<Start>>,
    <T as Iota<typenum::Add1<Start>>>::Desc: ListAppend<Cons<Start, Nil>>,
{
    type Asc = Cons<Start, <T as Iota<typenum::Add1<Start>>>::Asc>;
    type Desc = <<T as Iota<typenum::Add1<Start>>>::Desc as ListAppend<Cons<Start, Nil>>>::Output;
    type End = <T as Iota<typenum::Add1<Start>>>::End;
}

with_diagnostic! {
    (
        message = "a mode order repeats an entry, so modes would overlap",
        label = "the entries of this order list are not distinct",
        note = "make_ordered_layout lays the modes out in increasing order; each mode needs its own entry"
    )
    /// The entries of the order list `Self` are distinct.
    #[doc(hidden)]
    pub trait DistinctOrder {}
    /// `X` does not occur in the list `Self`.
    #[doc(hidden)]
    pub trait NotRepeated<X> {}
    #[doc(hidden)]
    pub trait NotRepeatedSel<Sel> {}
}
/// `distinct([])`.
impl DistinctOrder for Nil {}
/// `distinct(H :: T) = H ∉ T ∧ distinct(T)`.
#[diagnostic::do_not_recommend]
impl<H, T: NotRepeated<H> + DistinctOrder> DistinctOrder for Cons<H, T> {}
/// `X ∉ []`.
impl<X> NotRepeated<X> for Nil {}
/// `X ∉ H :: T = (H ≠ X) ∧ X ∉ T` (a runtime entry is refused by `OrderFits`).
#[diagnostic::do_not_recommend]
impl<X: Int, H: IntEq<X>, T: NotRepeated<X>> NotRepeated<X> for Cons<H, T> where
    (H, X): NotRepeatedSel<EqSel<H, X>>
{
}
impl<T> NotRepeatedSel<B0> for T {}
// A runtime entry is refused by `OrderFits`, not reported as a repetition.
impl<T> NotRepeatedSel<Dyn> for T {}

// `PickIf`: `Self` when the selector is `B1`, 1 when it is `B0`.
impl<X: Int> PickIf<B1> for X {
    type Output = X;
    #[inline(always)]
    fn pick_if(self) -> X {
        self
    }
}
impl<X: Int> PickIf<B0> for X {
    type Output = typenum::U1;
    #[inline(always)]
    fn pick_if(self) -> typenum::U1 {
        typenum::U1::new()
    }
}

// `SmallerProduct`: the product of the sizes of the modes (the list `Self`) whose order (in
// `OL`) is below `Oi`.
impl<Oi> SmallerProduct<Nil, Oi> for Nil {
    type Output = typenum::U1;
    #[inline(always)]
    fn smaller_product(&self) -> Result<typenum::U1> {
        Ok(typenum::U1::new())
    }
}
impl<MH: IntTuple, MT, OH: IntLt<Oi>, OT, Oi: Int> SmallerProduct<Cons<OH, OT>, Oi> for Cons<MH, MT>
where
    MH::Size: PickIf<LtSel<OH, Oi>>,
    MT: SmallerProduct<OT, Oi>,
    <MT as SmallerProduct<OT, Oi>>::Output: IntMul<<MH::Size as PickIf<LtSel<OH, Oi>>>::Output>,
{
    type Output =
        Prod<<MT as SmallerProduct<OT, Oi>>::Output, <MH::Size as PickIf<LtSel<OH, Oi>>>::Output>;
    #[inline(always)]
    fn smaller_product(&self) -> Result<Self::Output> {
        self.1.smaller_product()?.mul(self.0.size()?.pick_if())
    }
}

// `OrderedStrides`: the strides of `make_ordered_layout`, mode by mode (the list `Self`,
// orders `OL`): each mode column-major from the product of the sizes of the modes of smaller
// order (among `AllM`, orders `AllO`).
impl<AllM, AllO> OrderedStrides<Nil, AllM, AllO> for Nil {
    type Output = Nil;
    #[inline(always)]
    fn ordered_strides(&self, _: &AllM) -> Result<Nil> {
        Ok(Nil)
    }
}
impl<MH, MT, OH, OT, AllM, AllO> OrderedStrides<Cons<OH, OT>, AllM, AllO> for Cons<MH, MT>
where
    AllM: SmallerProduct<AllO, OH>,
    MH: PrefixProduct<<AllM as SmallerProduct<AllO, OH>>::Output>,
    MT: OrderedStrides<OT, AllM, AllO>,
{
    type Output =
        Cons<<MH as PrefixProduct<<AllM as SmallerProduct<AllO, OH>>::Output>>::Output, MT::Output>;
    #[inline(always)]
    fn ordered_strides(&self, all: &AllM) -> Result<Self::Output> {
        let start = all.smaller_product()?;
        Ok(Cons(
            self.0.prefix_product_from(start)?.0,
            self.1.ordered_strides(all)?,
        ))
    }
}

/// The order list of `O` for the shape `S`, fitted to its rank.
type OrderList<O, S> = <<O as ModeOrder<S>>::List as FitTo<<S as ShapeModes>::Modes>>::Output;
/// The stride list of `make_ordered_layout(S, O)`.
type OrderedStrideList<S, O> = <<S as ShapeModes>::Modes as OrderedStrides<
    OrderList<O, S>,
    <S as ShapeModes>::Modes,
    OrderList<O, S>,
>>::Output;

/// CuTe's `make_ordered_layout(shape, order)` on a static or mixed shape (`Self`) with a static
/// order `O`: the compact layout of the shape whose modes are laid out in increasing order —
/// mode `i` column-major from the product of the sizes of the modes of smaller order.
/// [`GenColMajor`] is `(0, 1, …)`, [`GenRowMajor`] `(r−1, …, 0)`; an order is a tuple of typenum
/// integers (any distinct values, CuTe's `Step<…>`), one per mode, or one integer for an
/// integral shape. An order of the wrong rank or with runtime entries, and a repeated entry,
/// are compile errors naming the condition. The same layout as the runtime
/// [`algebra::try_make_ordered_layout`](crate::runtime::try_make_ordered_layout); the result's
/// leaves are static where the shape's are.
///
/// ```
/// use cute_layout::{Layout, ops::{MakeOrderedLayout, MakeOrderedLayoutOf, GenRowMajor}};
/// use cute_layout::typenum::{U0, U1, U2, U3};
/// // CuTe's example: make_ordered_layout(Shape<_2,_2,_2,_2>{}, Step<_0,_2,_3,_1>{}).
/// type Sh = (U2, U2, U2, U2);
/// static_assertions::assert_type_eq_all!(
///     MakeOrderedLayoutOf<Sh, (U0, U2, U3, U1)>, Layout![(2,2,2,2):(1,4,8,2)]);
/// let l = (U2::new(), (U3::new(), 4i64)).make_ordered_layout(GenRowMajor);
/// assert_eq!(l.to_string(), "(2,(3,4)):(12,(1,3))");
/// ```
pub trait MakeOrderedLayout<O> {
    /// The layout.
    type Output;
    /// The layout; an error only where a runtime size or stride exceeds `i64`.
    fn try_make_ordered_layout(&self, order: O) -> Result<Self::Output>;
    /// The layout, panicking with the error's message where the `try_` form errs.
    #[track_caller]
    fn make_ordered_layout(&self, order: O) -> Self::Output {
        match self.try_make_ordered_layout(order) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }
}
/// The result type of [`MakeOrderedLayout`].
pub type MakeOrderedLayoutOf<S, O> = <S as MakeOrderedLayout<O>>::Output;

impl<S, O> MakeOrderedLayout<O> for S
where
    S: ShapeModes,
    O: ModeOrder<S>,
    O::List: OrderFits<S::Modes> + DistinctOrder + FitTo<S::Modes>,
    S::Modes: OrderedStrides<OrderList<O, S>, S::Modes, OrderList<O, S>>,
    S: Rebuild<OrderedStrideList<S, O>>,
    S: Congruent<<S as Rebuild<OrderedStrideList<S, O>>>::Ints>,
    <S as Rebuild<OrderedStrideList<S, O>>>::Ints: IntTuple,
{
    type Output = Layout<S, <S as Rebuild<OrderedStrideList<S, O>>>::Ints>;
    #[inline(always)]
    fn try_make_ordered_layout(&self, _: O) -> Result<Self::Output> {
        let modes = self.shape_modes();
        let strides = modes.ordered_strides(&modes)?;
        checked_layout(*self, S::rebuild_ints(strides))
    }
}

with_diagnostic! {
    (
        message = "tile_to_shape needs rank(block) <= rank(target shape)",
        label = "the block has more modes than the target shape",
        note = "CuTe: CUTE_STATIC_ASSERT_V(rank(block) <= rank(trg_shape), \"Rank of layout must be <= rank of target shape.\"); the block is padded with 1:0 modes up to rank(target)"
    )
    /// The block's modes (the list `Self`) padded with `1:0` modes to the length of the target's
    /// modes `TM`: the condition `rank(block) ≤ rank(target)`.
    #[doc(hidden)]
    pub trait BlockRankFits<TM> {
        /// The padded list.
        type Output: crate::int::Plain;
        /// The value.
        fn pad(self) -> Self::Output;
    }
}
/// `pad([], []) = []`.
impl BlockRankFits<Nil> for Nil {
    type Output = Nil;
    #[inline(always)]
    fn pad(self) -> Nil {
        Nil
    }
}
/// `pad([], _ :: T) = 1:0 :: pad([], T)`.
#[diagnostic::do_not_recommend]
impl<TH, TT> BlockRankFits<Cons<TH, TT>> for Nil
where
    Nil: BlockRankFits<TT>,
{
    type Output = Cons<Layout<typenum::U1, typenum::U0>, <Nil as BlockRankFits<TT>>::Output>;
    #[inline(always)]
    fn pad(self) -> Self::Output {
        Cons(
            Layout::from_parts_unchecked(typenum::U1::new(), typenum::U0::new()),
            Nil.pad(),
        )
    }
}
/// `pad(B :: BT, _ :: T) = B :: pad(BT, T)`; a block mode with no target mode left has no
/// rule: the rank condition.
#[diagnostic::do_not_recommend]
impl<BH: crate::int::Plain, BT: BlockRankFits<TT>, TH, TT> BlockRankFits<Cons<TH, TT>>
    for Cons<BH, BT>
{
    type Output = Cons<BH, BT::Output>;
    #[inline(always)]
    fn pad(self) -> Self::Output {
        Cons(self.0, self.1.pad())
    }
}

with_diagnostic! {
    (
        message = "tile_to_shape: a block mode size does not divide the target shape's mode size",
        label = "in `{Self}` (target mode size, block mode size), the second does not divide the first",
        note = "CuTe: CUTE_STATIC_ASSERT_V(evenly_divides(target_shape, block_shape), \"tile_to_shape: block shape does not divide the target shape.\")"
    )
    /// `tile_to_shape`'s divisibility condition: for each mode `i`, `size(blockᵢ) |
    /// size(targetᵢ)` (runtime sizes checked at run time, [`ErrorKind::NotDivisible`]).
    #[doc(hidden)]
    pub trait TileDivides {}
    #[doc(hidden)]
    pub trait TileDividesSel<Sel> {}
}
/// `(t, b)` holds when `b | t`.
#[diagnostic::do_not_recommend]
impl<T: IntRem<B>, B: Int> TileDivides for (T, B) where (T, B): TileDividesSel<ZeroSel<Mod<T, B>>> {}
impl<T> TileDividesSel<B1> for T {}
impl<T> TileDividesSel<Dyn> for T {}

with_diagnostic! {
    (
        message = "tile_to_shape: the target shape's modes must have positive sizes",
        label = "`{Self}` is not a positive size",
        note = "the target shape is a shape: its entries are positive"
    )
    /// A target mode size that is positive (a runtime size is checked at run time).
    #[doc(hidden)]
    pub trait PositiveTarget {}
}
impl PositiveTarget for i64 {}
impl<U: crate::int::Digits, B: crate::int::Digit> PositiveTarget for typenum::UInt<U, B> {}

/// The number of blocks per mode, `Pᵢ = size(targetᵢ) / size(blockᵢ)`, over the padded block
/// modes (the list `Self`) and the target modes `TM`.
#[doc(hidden)]
pub trait GridShape<TM> {
    type Output: crate::int::Plain;
    /// The first violated condition ([`Verdict2`]: positive target, then divisibility).
    type Verdict;
    fn grid_shape(&self, t: &TM) -> Result<Self::Output>;
}
impl GridShape<Nil> for Nil {
    type Output = Nil;
    type Verdict = Holds;
    #[inline(always)]
    fn grid_shape(&self, _: &Nil) -> Result<Nil> {
        Ok(Nil)
    }
}
impl<BS, BD, BT, TH, TT> GridShape<Cons<TH, TT>> for Cons<Layout<BS, BD>, BT>
where
    BS: Congruent<BD>,
    BD: IntTuple,
    TH: IntTuple,
    Size<TH>: IntRem<Size<BS>> + IntDiv<Size<BS>>,
    typenum::U0: IntLt<Size<TH>>,
    LtSel<typenum::U0, Size<TH>>:
        Decide2<Size<TH>, ZeroSel<Mod<Size<TH>, Size<BS>>>, (Size<TH>, Size<BS>)>,
    ModeVerdict<TH, BS>: Then<BT::Verdict> + GridValue<Quot<Size<TH>, Size<BS>>>,
    BT: GridShape<TT>,
{
    type Output =
        Cons<<ModeVerdict<TH, BS> as GridValue<Quot<Size<TH>, Size<BS>>>>::Output, BT::Output>;
    type Verdict = <ModeVerdict<TH, BS> as Then<BT::Verdict>>::Output;
    #[inline(always)]
    fn grid_shape(&self, t: &Cons<TH, TT>) -> Result<Self::Output> {
        let (ts, bs) = (t.0.size()?, self.0.shape().size()?);
        if ts.rem(bs)?.value() != 0 {
            return Err(layout_error!(
                ErrorKind::NotDivisible,
                "tile_to_shape: block shape does not divide the target shape: a block mode of size {} does not divide the target mode {}, of size {}",
                bs.value(),
                crate::tuple::Display(&t.0),
                ts.value()
            ));
        }
        let p = <ModeVerdict<TH, BS> as GridValue<_>>::value(ts.div(bs)?)?;
        Ok(Cons(p, self.1.grid_shape(&t.1)?))
    }
}

/// The verdict of one mode of the grid (`typelevel::verdict`): first `0 < size(target mode)`
/// ([`PositiveTarget`]), then the block size divides it ([`TileDivides`]); a violated condition
/// is carried up to `TileToShapeOrdered`, whose bounds name it.
type ModeVerdict<TH, BS> = <LtSel<typenum::U0, Size<TH>> as Decide2<
    Size<TH>,
    ZeroSel<Mod<Size<TH>, Size<BS>>>,
    (Size<TH>, Size<BS>),
>>::Output;
#[diagnostic::do_not_recommend]
impl TileDivides for Holds {}
#[diagnostic::do_not_recommend]
impl PositiveTarget for Holds {}
/// A mode's number of blocks `Q` where its verdict holds, the placeholder 1 otherwise (so that
/// the grid stays a valid shape and the violation is the one error).
#[doc(hidden)]
pub trait GridValue<Q> {
    type Output: Int;
    fn value(q: Q) -> Result<Self::Output>;
}
impl<Q: Int> GridValue<Q> for Holds {
    type Output = Q;
    #[inline(always)]
    fn value(q: Q) -> Result<Q> {
        Ok(q)
    }
}
impl<P, Q> GridValue<Q> for FirstFails<P> {
    type Output = typenum::U1;
    fn value(_: Q) -> Result<typenum::U1> {
        Err(LayoutError::new(ErrorKind::InvalidArgument))
    }
}
impl<P, Q> GridValue<Q> for SecondFails<P> {
    type Output = typenum::U1;
    fn value(_: Q) -> Result<typenum::U1> {
        Err(LayoutError::new(ErrorKind::NotDivisible))
    }
}

/// The padded block's modes.
type PaddedModes<L, T> =
    <<L as ModesOf>::Output as BlockRankFits<<T as ShapeModes>::Modes>>::Output;
/// The grid shape `P` (an integer for an integral target).
type GridShapeOf<L, T> =
    <T as Rebuild<<PaddedModes<L, T> as GridShape<<T as ShapeModes>::Modes>>::Output>>::Ints;
/// The padded block (its single mode for an integral target).
type PaddedOf<L, T> = <T as RebuildLayout<PaddedModes<L, T>>>::Layout;
/// The grid `make_ordered_layout(P, O)`.
type GridOf<L, T, O> = MakeOrderedLayoutOf<GridShapeOf<L, T>, O>;

/// CuTe's `tile_to_shape(block, target, order)` with a static order (see [`TileToShape`] for
/// the default, column-major, and the contract): the blocks repeated in `order`
/// ([`GenColMajor`], [`GenRowMajor`], or a tuple of distinct typenum integers, one per mode of
/// the target, as for [`MakeOrderedLayout`]).
///
/// ```
/// use cute_layout::{layout, Layout, ops::{GenRowMajor, TileToShapeOrdered, TileToShapeOrderedOf}};
/// use cute_layout::typenum::{U0, U1, U4, U6};
/// type Tile = TileToShapeOrderedOf<Layout![(2,2):(1,2)], (U4, U6), GenRowMajor>;
/// static_assertions::assert_type_eq_all!(Tile, Layout![((2,2),(2,3)):((1,12),(2,4))]);
/// let t = layout!((2,2):(1,2)).tile_to_shape_ordered((U4::new(), U6::new()), (U1::new(), U0::new()));
/// assert_eq!(t.to_string(), "((2,2),(2,3)):((1,12),(2,4))");
/// ```
pub trait TileToShapeOrdered<T, O> {
    /// The result.
    type Output;
    /// The result; an error only for runtime values that violate a condition.
    fn try_tile_to_shape_ordered(&self, target: T, order: O) -> Result<Self::Output>;
}
/// The result type of [`TileToShapeOrdered`].
pub type TileToShapeOrderedOf<L, T, O> = <L as TileToShapeOrdered<T, O>>::Output;

impl<S, D, T, O> TileToShapeOrdered<T, O> for Layout<S, D>
where
    Layout<S, D>: ModesOf,
    T: ShapeModes,
    <Layout<S, D> as ModesOf>::Output: BlockRankFits<T::Modes>,
    PaddedModes<Self, T>: GridShape<T::Modes>,
    <PaddedModes<Self, T> as GridShape<T::Modes>>::Verdict: Verdict2,
    <<PaddedModes<Self, T> as GridShape<T::Modes>>::Verdict as Verdict2>::First: PositiveTarget,
    <<PaddedModes<Self, T> as GridShape<T::Modes>>::Verdict as Verdict2>::Second: TileDivides,
    T: Rebuild<<PaddedModes<Self, T> as GridShape<T::Modes>>::Output>,
    T: RebuildLayout<PaddedModes<Self, T>>,
    GridShapeOf<Self, T>: MakeOrderedLayout<O>,
    PaddedOf<Self, T>: BlockedProduct<GridOf<Self, T, O>>,
{
    type Output = BlockedProductOf<PaddedOf<Self, T>, GridOf<Self, T, O>>;
    #[inline(always)]
    fn try_tile_to_shape_ordered(&self, target: T, order: O) -> Result<Self::Output> {
        let padded = self.modes_of().pad();
        let p = padded.grid_shape(&target.shape_modes())?;
        let grid = T::rebuild_ints(p).try_make_ordered_layout(order)?;
        T::rebuild_layout(padded)?.try_blocked_product(grid)
    }
}

impl<S, D, T> TileToShape<T> for Layout<S, D>
where
    Layout<S, D>: TileToShapeOrdered<T, GenColMajor>,
{
    type Output = TileToShapeOrderedOf<Self, T, GenColMajor>;
    #[inline(always)]
    fn try_tile_to_shape(&self, target: T) -> Result<Self::Output> {
        self.try_tile_to_shape_ordered(target, GenColMajor)
    }
}

/// The inherent `tile_to_shape_ordered` methods (and `try_` form), on both layout kinds. The
/// result is a parameter `R` fixed by the bound, as for the op table's nullary methods: a
/// projection in the return type, normalized again at the call, would report a failing
/// condition a second time.
macro_rules! tile_ordered_methods {
    ($Ty:ty [$($P:ident),*]) => {
        impl<$($P),*> $Ty {
            /// See [`TileToShapeOrdered`](crate::typelevel::TileToShapeOrdered); an error only for runtime values that violate a condition.
            #[inline(always)]
            pub fn try_tile_to_shape_ordered<T, O>(&self, target: T, order: O) -> Result<TileToShapeOrderedOf<Self, T, O>>
            where
                Self: TileToShapeOrdered<T, O>,
            {
                <Self as TileToShapeOrdered<T, O>>::try_tile_to_shape_ordered(self, target, order)
            }
            /// See [`TileToShapeOrdered`](crate::typelevel::TileToShapeOrdered); panics with the error's message where `try_tile_to_shape_ordered` errs (only for runtime values).
            #[inline(always)]
            #[track_caller]
            pub fn tile_to_shape_ordered<T, O>(&self, target: T, order: O) -> TileToShapeOrderedOf<Self, T, O>
            where
                Self: TileToShapeOrdered<T, O>,
            {
                match <Self as TileToShapeOrdered<T, O>>::try_tile_to_shape_ordered(self, target, order) {
                    Ok(v) => v,
                    Err(e) => panic!("{e}"),
                }
            }
        }
    };
}
tile_ordered_methods!(Layout < S, D > [S, D]);
#[cfg(feature = "alloc")]
tile_ordered_methods!(crate::DynLayout []);
tile_ordered_methods!(ComposedLayout < A, Off, B > [A, Off, B]);

/// A target shape for the runtime engine: a static or mixed integer tuple, or a
/// [`DynTuple`](crate::DynTuple) (owned or borrowed).
#[cfg(feature = "alloc")]
#[doc(hidden)]
pub trait AsDynShape {
    fn as_dyn_shape(&self) -> alloc::borrow::Cow<'_, crate::DynTuple>;
}
#[cfg(feature = "alloc")]
impl<T: IntTuple> AsDynShape for T {
    fn as_dyn_shape(&self) -> alloc::borrow::Cow<'_, crate::DynTuple> {
        alloc::borrow::Cow::Owned(self.to_dyn())
    }
}
#[cfg(feature = "alloc")]
impl AsDynShape for crate::DynTuple {
    fn as_dyn_shape(&self) -> alloc::borrow::Cow<'_, crate::DynTuple> {
        alloc::borrow::Cow::Borrowed(self)
    }
}
#[cfg(feature = "alloc")]
impl AsDynShape for &crate::DynTuple {
    fn as_dyn_shape(&self) -> alloc::borrow::Cow<'_, crate::DynTuple> {
        alloc::borrow::Cow::Borrowed(*self)
    }
}

/// A mode order for the runtime engine, given the rank of the shape: [`GenColMajor`],
/// [`GenRowMajor`], a static integer tuple, or a [`DynTuple`](crate::DynTuple).
#[cfg(feature = "alloc")]
#[doc(hidden)]
pub trait AsDynOrder {
    fn as_dyn_order(&self, rank: usize) -> crate::DynTuple;
}
#[cfg(feature = "alloc")]
impl AsDynOrder for GenColMajor {
    fn as_dyn_order(&self, rank: usize) -> crate::DynTuple {
        crate::runtime::col_major_order(rank)
    }
}
#[cfg(feature = "alloc")]
impl AsDynOrder for GenRowMajor {
    fn as_dyn_order(&self, rank: usize) -> crate::DynTuple {
        crate::runtime::row_major_order(rank)
    }
}
#[cfg(feature = "alloc")]
impl<T: AsDynShape> AsDynOrder for T {
    fn as_dyn_order(&self, _: usize) -> crate::DynTuple {
        self.as_dyn_shape().into_owned()
    }
}

#[cfg(feature = "alloc")]
fn dyn_rank(t: &crate::DynTuple) -> usize {
    if t.is_int() {
        1
    } else {
        t.rank()
    }
}

#[cfg(feature = "alloc")]
impl<T: AsDynShape, O: AsDynOrder> TileToShapeOrdered<T, O> for crate::DynLayout {
    type Output = crate::DynLayout;
    #[inline]
    fn try_tile_to_shape_ordered(&self, target: T, order: O) -> Result<crate::DynLayout> {
        let t = target.as_dyn_shape();
        crate::runtime::try_tile_to_shape_ordered(self, &t, &order.as_dyn_order(dyn_rank(&t)))
    }
}
#[cfg(feature = "alloc")]
impl<T: AsDynShape> TileToShape<T> for crate::DynLayout {
    type Output = crate::DynLayout;
    #[inline]
    fn try_tile_to_shape(&self, target: T) -> Result<crate::DynLayout> {
        crate::runtime::try_tile_to_shape(self, &target.as_dyn_shape())
    }
}
/// A runtime-structured target: the result is a [`DynLayout`](crate::DynLayout).
#[cfg(feature = "alloc")]
#[diagnostic::do_not_recommend]
impl<S: Congruent<D>, D: IntTuple> TileToShape<crate::DynTuple> for Layout<S, D> {
    type Output = crate::DynLayout;
    #[inline]
    fn try_tile_to_shape(&self, target: crate::DynTuple) -> Result<crate::DynLayout> {
        crate::runtime::try_tile_to_shape(&self.to_dyn(), &target)
    }
}
#[cfg(feature = "alloc")]
impl<O: AsDynOrder> MakeOrderedLayout<O> for crate::DynTuple {
    type Output = crate::DynLayout;
    #[inline]
    fn try_make_ordered_layout(&self, order: O) -> Result<crate::DynLayout> {
        crate::runtime::try_make_ordered_layout(self, &order.as_dyn_order(dyn_rank(self)))
    }
}
