//! Logical divide and its zipped / tiled / flat variants (paper §3.5.2) in the type system,
//! and the regrouping they share with the products (`ops/product.rs`).
//!
//! `logical_divide(A, B) = A ∘ (B, B*)` with `B* = complement(B, size(A))`, applied by mode
//! when `B` is a tiler. The variants regroup the result: with a tiler
//! `⟨T0, T1⟩` on `A = (M, N, L)`, `logical_divide` gives `((T0,R0), (T1,R1), L)`,
//! `zipped_divide` `((T0,T1), (R0,R1,L))`, `tiled_divide` `((T0,T1), R0, R1, L)` and
//! `flat_divide` `(T0, T1, R0, R1, L)`; the products likewise. A `_` in the tiler is the
//! identity of its mode: its whole mode is the tile and its rest is trivial, `1:0`:
//! `zipped_divide(A, ⟨_, T1⟩) = ((M, T1), (1, R1, L))` (the runtime engine does the same;
//! `algebra::try_zipped_divide` gives the reason). A nested tuple tiler groups its modes'
//! tiles as one tile and their rests as one rest.
//!
//! A logical divide requires the tiler to cover `A` (paper §3.5.2, [`TilerCovers`]); results
//! with runtime leaves whose size or offsets exceed `i64` are [`ErrorKind::Overflow`] errors.

use crate::typelevel::{Compose, ComposeOf, FlatDivide, LogicalDivide, TiledDivide, ZippedDivide};
use typenum::{B0, B1, U0, U1};

use crate::basis::typelevel::{Absent, CodomainProfile, Filled, MakeLayout, PathPush, StrideTuple};
use crate::error::Result;
use crate::int::select::{AnyDyn, Dyn, HasDyn, IntLt, LtSel};
use crate::int::{Int, IntDiv, IntMul, Plain, Prod, Quot};
use crate::layout::Layout;
use crate::tuple::{Congruent, Cons, IntTuple, Nil, Size};
use crate::typelevel::basis_complement::SelectAlong;
use crate::typelevel::complement::{ComplementPlain, ComplementPlainOf};
use crate::typelevel::compose::LayoutParts;
use crate::typelevel::flat::{
    checked_layout, FilterModes, FlatModes, FlattenInto, ListAppend, SortByStride, M,
};
use crate::typelevel::tiler::{
    ByMode, ConcatLayouts, DivideOp, LayoutOp, ModesOf, TileOp, TilerKind, TilerLayout, TilerSkip,
    TilerTuple,
};

// ---------------------------------------------------------------------------------------------
// Base cases

/// `A ⊘ B` for a layout `B`, by the kind of `B`'s strides ([`DivideKind`]).
impl<A, B> LayoutOp<A, B> for DivideOp
where
    B: LayoutParts,
    B::Stride: StrideTuple,
    DivideOp: DivideKind<A, B, <B::Stride as StrideTuple>::HasBasis>,
{
    type Output = <DivideOp as DivideKind<A, B, <B::Stride as StrideTuple>::HasBasis>>::Output;
    #[inline(always)]
    fn apply(a: &A, b: B) -> Result<Self::Output> {
        <DivideOp as DivideKind<A, B, <B::Stride as StrideTuple>::HasBasis>>::apply_kind(a, b)
    }
}

/// The logical divide by the stride kind `K` of `B` ([`StrideTuple::HasBasis`]).
#[doc(hidden)]
pub trait DivideKind<A, B, K> {
    type Output: LayoutParts;
    fn apply_kind(a: &A, b: B) -> Result<Self::Output>;
}

/// Integer strides: `A ∘ (B, complement(B, size(A)))` (paper §3.5.2).
impl<A, B> DivideKind<A, B, B0> for DivideOp
where
    A: LayoutParts + Compose<DivideTiler<B, A>>,
    B: LayoutParts + ComplementPlain<Size<A::Shape>> + TilerCovers<Size<A::Shape>>,
    B::Shape: Congruent<B::Stride>,
    B::Stride: IntTuple,
    ComplementPlainOf<B, Size<A::Shape>>: LayoutParts,
    (
        B::Shape,
        <ComplementPlainOf<B, Size<A::Shape>> as LayoutParts>::Shape,
    ): Congruent<(
        B::Stride,
        <ComplementPlainOf<B, Size<A::Shape>> as LayoutParts>::Stride,
    )>,
    (
        B::Stride,
        <ComplementPlainOf<B, Size<A::Shape>> as LayoutParts>::Stride,
    ): IntTuple,
    ComposeOf<A, DivideTiler<B, A>>: LayoutParts,
{
    type Output = ComposeOf<A, DivideTiler<B, A>>;
    #[inline(always)]
    fn apply_kind(a: &A, b: B) -> Result<Self::Output> {
        let m = a.size_int()?;
        let (cs, cd) = b.try_complement_plain(m)?.into_parts();
        let (bs, bd) = b.into_parts();
        if !(B::Shape::IS_STATIC
            && B::Stride::IS_STATIC
            && <Size<A::Shape> as Int>::STATIC.is_some())
        {
            // Checked at compile time when B and size(A) are static ([`TilerCovers`]).
            check_covers(&bs, &bd, m.value())?;
        }
        a.try_compose(checked_layout((bs, cs), (bd, cd))?)
    }
}

/// Basis strides (as the runtime engine's [`algebra::basis`](crate::runtime::basis); NVIDIA's
/// PyCuTe answers these too): the tile is `A ∘ B` (the basis-strided
/// composition), and the rest is `A`'s tree with each mode `A_p` that `B` steps along replaced
/// by the rest of the integer divide `A_p ⊘ B_p`, `B_p` the leaves of `B` along `p` — the
/// conditions of that divide (Eq. 20–21, [`TilerCovers`]) apply; the other modes are kept.
///
/// ```
/// use cute_layout::{layout, Layout, ops::LogicalDivideOf};
/// // PyCuTe test_logical_divide.py: a transposed 4×4 tile with stride 2 along mode 0.
/// static_assertions::assert_type_eq_all!(
///     LogicalDivideOf<Layout![(8,8):(9,1)], Layout![(4,4):(1@1,2@0)]>,
///     Layout![((4,4),(2,2)):((1,18),(9,4))]);
/// ```
impl<A, B> DivideKind<A, B, B1> for DivideOp
where
    A: LayoutParts + Compose<B>,
    ComposeOf<A, B>: LayoutParts,
    B: LayoutParts,
    B::Shape: FlattenInto<B::Stride, Nil>,
    B::Stride: CodomainProfile,
    <B::Stride as CodomainProfile>::Output: RestOf<A, FlatModes<B::Shape, B::Stride>, Nil>,
    (
        <ComposeOf<A, B> as LayoutParts>::Shape,
        <BasisRest<A, B> as LayoutParts>::Shape,
    ): IntTuple
        + MakeLayout<(
            <ComposeOf<A, B> as LayoutParts>::Stride,
            <BasisRest<A, B> as LayoutParts>::Stride,
        )>,
{
    type Output = Layout<
        (
            <ComposeOf<A, B> as LayoutParts>::Shape,
            <BasisRest<A, B> as LayoutParts>::Shape,
        ),
        (
            <ComposeOf<A, B> as LayoutParts>::Stride,
            <BasisRest<A, B> as LayoutParts>::Stride,
        ),
    >;
    #[inline(always)]
    fn apply_kind(a: &A, b: B) -> Result<Self::Output> {
        let (ts, td) = a.try_compose(b)?.into_parts();
        let (bs, bd) = b.into_parts();
        let (rs, rd) = <<B::Stride as CodomainProfile>::Output as RestOf<_, _, Nil>>::rest_of(
            *a,
            bs.flatten_into(&bd, Nil),
        )?
        .into_parts();
        MakeLayout::make_checked((ts, rs), (td, rd))
    }
}

/// The rest of `A ⊘ B` for a basis-strided `B` ([`RestOf`]).
pub type BasisRest<A, B> = <<<B as LayoutParts>::Stride as CodomainProfile>::Output as RestOf<
    A,
    FlatModes<<B as LayoutParts>::Shape, <B as LayoutParts>::Stride>,
    Nil,
>>::Output;

/// The rest of dividing `A` (a mode of the divided layout at path `P`) by the flat modes `BM`
/// of a basis-strided `B`, `Self` being the part of `B`'s codomain profile at `P`: an entry no
/// stride reaches keeps `A`; an entry some strides reach gives the rest of the integer divide
/// of `A` by those modes ([`RestAlong`]); a tuple goes mode by mode ([`RestNode`]).
#[doc(hidden)]
pub trait RestOf<A, BM, P> {
    type Output: LayoutParts;
    fn rest_of(a: A, bm: BM) -> Result<Self::Output>;
}
impl<A: LayoutParts, BM, P> RestOf<A, BM, P> for Absent {
    type Output = A;
    #[inline(always)]
    fn rest_of(a: A, _: BM) -> Result<A> {
        Ok(a)
    }
}
impl<A, BM: SelectAlong<P>, P> RestOf<A, BM, P> for Filled
where
    BM::Output: FilterModes,
    <BM::Output as FilterModes>::Output: RestAlong<A>,
{
    type Output = <<BM::Output as FilterModes>::Output as RestAlong<A>>::Output;
    #[inline(always)]
    fn rest_of(a: A, bm: BM) -> Result<Self::Output> {
        bm.select_along().filter_modes().rest_along(a)
    }
}
impl<A: RestNode<Cons<H, T>, BM, P>, BM, P, H, T> RestOf<A, BM, P> for Cons<H, T> {
    type Output = A::Output;
    #[inline(always)]
    fn rest_of(a: A, bm: BM) -> Result<Self::Output> {
        a.rest_node(bm)
    }
}

/// The rest of `A ⊘ B_p` for the live integer modes `Self` of `B` along one path: `A` itself
/// when there are none, else mode 1 of the integer divide.
#[doc(hidden)]
pub trait RestAlong<A> {
    type Output: LayoutParts;
    fn rest_along(self, a: A) -> Result<Self::Output>;
}
impl<A: LayoutParts> RestAlong<A> for Nil {
    type Output = A;
    #[inline(always)]
    fn rest_along(self, a: A) -> Result<A> {
        Ok(a)
    }
}
impl<A, H, T> RestAlong<A> for Cons<H, T>
where
    Cons<H, T>: crate::typelevel::flat::ToLayout,
    DivideOp: LayoutOp<A, <Cons<H, T> as crate::typelevel::flat::ToLayout>::Output>,
    <DivideOp as LayoutOp<A, <Cons<H, T> as crate::typelevel::flat::ToLayout>::Output>>::Output:
        crate::typelevel::GetMode<U1>,
    <<DivideOp as LayoutOp<A, <Cons<H, T> as crate::typelevel::flat::ToLayout>::Output>>::Output as crate::typelevel::GetMode<U1>>::Output:
        LayoutParts,
{
    type Output = <<DivideOp as LayoutOp<A, <Cons<H, T> as crate::typelevel::flat::ToLayout>::Output>>::Output as crate::typelevel::GetMode<U1>>::Output;
    #[inline(always)]
    fn rest_along(self, a: A) -> Result<Self::Output> {
        use crate::typelevel::flat::ToLayout;
        Ok(crate::typelevel::GetMode::<U1>::get_mode(&DivideOp::apply(
            &a,
            self.try_to_layout()?,
        )?))
    }
}

/// [`RestOf`] at a tuple `Prof` of the codomain profile, by the kind of `A` (`Self`): a layout
/// of integral shape is its own mode 0 (the result is that mode's, unwrapped); a tuple layout
/// goes mode by mode, its modes beyond the profile kept.
#[doc(hidden)]
pub trait RestNode<Prof, BM, P> {
    type Output: LayoutParts;
    fn rest_node(self, bm: BM) -> Result<Self::Output>;
}
macro_rules! rest_node_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<D, H, BM, P: PathPush<U0>, $($g)*> RestNode<Cons<H, Nil>, BM, P> for Layout<$S, D>
        where
            H: RestOf<Layout<$S, D>, BM, P::Output>,
        {
            type Output = H::Output;
            #[inline(always)]
            fn rest_node(self, bm: BM) -> Result<Self::Output> {
                H::rest_of(self, bm)
            }
        }
    };
}
crate::tuple::for_each_shape_leaf!(rest_node_leaf);
macro_rules! rest_node_tuple {
    ($(($S:ident $D:ident))+) => {
        impl<$($S,)* $($D,)* Prof, BM, P> RestNode<Prof, BM, P> for Layout<($($S,)*), ($($D,)*)>
        where
            Layout<($($S,)*), ($($D,)*)>: ModesOf,
            Prof: RestList<<Layout<($($S,)*), ($($D,)*)> as ModesOf>::Output, BM, P, U0>,
            <Prof as RestList<<Layout<($($S,)*), ($($D,)*)> as ModesOf>::Output, BM, P, U0>>::Output: ConcatLayouts,
        {
            type Output = <<Prof as RestList<<Layout<($($S,)*), ($($D,)*)> as ModesOf>::Output, BM, P, U0>>::Output as ConcatLayouts>::Output;
            #[inline(always)]
            fn rest_node(self, bm: BM) -> Result<Self::Output> {
                Prof::rest_list(self.modes_of(), bm)?.try_concat_layouts()
            }
        }
    };
}
crate::tuple::for_each_tuple_pair!(rest_node_tuple);

/// [`RestOf`] over the elements `Self` of a codomain tuple from index `I`, paired with the modes
/// `Modes` of `A`; the modes beyond the tuple are kept.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the tiler's basis strides step along a mode that the layout lacks",
    label = "no coordinate of A has this entry",
    note = "a stride v@p of B picks mode p of A; A must have a mode at each such path"
)]
pub trait RestList<Modes, BM, P, I> {
    type Output: Plain;
    fn rest_list(modes: Modes, bm: BM) -> Result<Self::Output>;
}
impl<Modes: Plain, BM, P, I> RestList<Modes, BM, P, I> for Nil {
    type Output = Modes;
    #[inline(always)]
    fn rest_list(modes: Modes, _: BM) -> Result<Modes> {
        Ok(modes)
    }
}
impl<NH, NT, AH, AT, BM: Copy, P: PathPush<I>, I: core::ops::Add<B1>>
    RestList<Cons<AH, AT>, BM, P, I> for Cons<NH, NT>
where
    NH: RestOf<AH, BM, P::Output>,
    NT: RestList<AT, BM, P, typenum::Add1<I>>,
    Cons<NH::Output, NT::Output>: Plain,
{
    type Output = Cons<NH::Output, NT::Output>;
    #[inline(always)]
    fn rest_list(modes: Cons<AH, AT>, bm: BM) -> Result<Self::Output> {
        Ok(Cons(NH::rest_of(modes.0, bm)?, NT::rest_list(modes.1, bm)?))
    }
}

// ---------------------------------------------------------------------------------------------
// The divide's condition: the completed tiler covers A (paper §3.5.2)
//
// In stride order (size-1 and stride-0 modes dropped), the complement fills the gap below each
// mode `s:d` of B with `⌊d / span⌋ : span`, `span` being the extent of the modes of smaller
// stride (1 for the first). `(B, B*)` is then injective, and its image is `[0, P)` plus offsets
// beyond `P`, where `P = ⌊d / span⌋ · span` for the first mode whose stride `span` does not
// divide (P is never reached: the modes below reach `[0, P)` only, the modes above start past
// it), or unbounded when there is none (the final mode `⌈|A| / span⌉ : span` reaches past
// `|A|`). So `(B, B*)` is surjective onto `Z_|A|` exactly when every mode of B has
// `span | d` or `⌊d / span⌋ · span ≥ |A|` (the values of `P` grow with the stride, so checking
// every mode is checking the first).

with_diagnostic! {
    (
        message = "logical divide: the tiler does not cover the layout (paper §3.5.2: (B, B*) must be surjective onto Z_|A|)",
        label = "a mode of the tiler skips offsets below size(A) that no tile or rest reaches",
        note = "in stride order, each stride of the tiler must be a multiple of the span of the smaller-stride modes, or the offsets it skips must lie at or beyond size(A)"
    )
    /// The logical divide's condition (paper §3.5.2): the tiler `B` completed by its complement,
    /// `(B, complement(B, |A|))`, must be surjective onto `Z_|A|` — every element of `A` lands in
    /// the result. Implemented by the layouts `B` that satisfy it for the size `Mx = |A|`, checked
    /// at compile time when `B` and `|A|` are static (and at run time, as
    /// [`ErrorKind::NotSurjective`], otherwise).
    ///
    /// The condition: in stride order, each mode `s:d` of `B` either starts at a multiple of the
    /// extent `span` of the modes of smaller stride (`span | d`), or the offsets it skips,
    /// `[⌊d/span⌋·span, d)`, lie at or beyond `|A|`. `16:1 ⊘ (3,2):(1,4)` fails it (offsets 3, 7,
    /// 11 and 15 would be lost); `16:1 ⊘ (2,2):(1,4)` and `4:1 ⊘ (2,2):(1,5)` satisfy it.
    ///
    /// It is exact, not merely sufficient: the first offset a mode skips, `⌊d/span⌋·span`, is
    /// reached by no element of `(B, B*)` (the modes below reach less, every other term is at
    /// least `d`), and with no skipped offset below `|A|` the modes up to there reach all of
    /// `[0, |A|)`. `tests/both_divide_exact.rs` checks it against brute force in both engines.
    #[doc(hidden)]
    pub trait TilerCovers<Mx> {}
    /// The condition of [`TilerCovers`] for one mode of the tiler: `(P < d, P < |A|)` with
    /// `P = ⌊d / span⌋ · span` must not both hold.
    #[doc(hidden)]
    pub trait TilerCoversLayout {}
}
#[diagnostic::do_not_recommend]
impl<S, D, Mx> TilerCovers<Mx> for Layout<S, D>
where
    (S, D, Mx): HasDyn,
    Layout<S, D>: CoversDispatch<Mx, AnyDyn<(S, D, Mx)>>,
{
}
/// [`TilerCovers`] dispatched on whether anything is only known at run time.
#[doc(hidden)]
pub trait CoversDispatch<Mx, HasRuntime> {}
impl<S, D, Mx> CoversDispatch<Mx, Dyn> for Layout<S, D> {}
#[diagnostic::do_not_recommend]
impl<S, D, Mx> CoversDispatch<Mx, B0> for Layout<S, D>
where
    S: FlattenInto<D, Nil>,
    FlatModes<S, D>: FilterModes,
    <FlatModes<S, D> as FilterModes>::Output: SortByStride,
    <<FlatModes<S, D> as FilterModes>::Output as SortByStride>::Output: CoverFold<U1, Mx>,
{
}
/// The covering condition over the modes sorted by stride, with the extent `Cur` of the modes
/// before.
#[doc(hidden)]
pub trait CoverFold<Cur, Mx> {}
/// No mode left: covered.
impl<Cur, Mx> CoverFold<Cur, Mx> for Nil {}
/// The next mode `s:d`, dispatched on whether it starts inside the span (`d < Cur`).
#[diagnostic::do_not_recommend]
impl<S, D: IntLt<Cur>, T, Cur: Int, Mx> CoverFold<Cur, Mx> for Cons<M<S, D>, T> where
    Cons<M<S, D>, T>: CoverStep<Cur, Mx, LtSel<D, Cur>>
{
}
#[doc(hidden)]
pub trait CoverStep<Cur, Mx, Interleaved> {}
/// The mode starts inside the span of the modes before it: the complement refuses B, naming
/// that condition; nothing to add here.
impl<S, D, T, Cur, Mx> CoverStep<Cur, Mx, B1> for Cons<M<S, D>, T> {}
/// `P = ⌊d / Cur⌋·Cur`: not both `P < d` and `P < |A|`, then the rest with span `s·d`.
#[diagnostic::do_not_recommend]
impl<S, D, T, Cur, Mx> CoverStep<Cur, Mx, B0> for Cons<M<S, D>, T>
where
    S: Int,
    D: IntDiv<Cur> + IntMul<S>,
    Cur: Int,
    Mx: Int,
    Quot<D, Cur>: IntMul<Cur>,
    Prod<Quot<D, Cur>, Cur>: IntLt<D> + IntLt<Mx>,
    (
        LtSel<Prod<Quot<D, Cur>, Cur>, D>,
        LtSel<Prod<Quot<D, Cur>, Cur>, Mx>,
    ): TilerCoversLayout,
    T: CoverFold<Prod<D, S>, Mx>,
{
}
impl<X> TilerCoversLayout for (B0, X) {}
impl TilerCoversLayout for (B1, B0) {}

/// The run-time form of [`TilerCovers`], for a tiler `bs : bd` and `|A| = m`. Needs no
/// allocation up to 32 leaves: for each mode, the span of the modes of smaller stride is the largest `s·d`
/// among them (the modes do not interleave, or the complement has already refused B).
fn check_covers<S: Congruent<D>, D: IntTuple>(bs: &S, bd: &D, m: i64) -> Result<()> {
    // B's leaves and their sorted live modes, in one buffer sized by B's type-level length.
    let n = S::LEAVES;
    crate::typelevel::distribute::with_buf(2 * n, (0i64, 0i64), |buf| {
        let (leaves, sorted) = buf.split_at_mut(n);
        let mut i = 0usize;
        bs.zip_leaves(bd, &mut |s, d| {
            if let Some(slot) = leaves.get_mut(i) {
                *slot = (s, d);
            }
            i += 1;
        });
        let k = crate::rules::divide::sorted_live(leaves, sorted);
        crate::rules::divide::check_covers(
            &sorted[..k],
            m,
            &format_args!(
                "{}:{}",
                crate::tuple::Display(bs),
                crate::tuple::Display(bd)
            ),
        )
    })
}

/// `(B, complement(B, size(A)))`: the layout that `A` is composed with in a logical divide.
pub type DivideTiler<B, A> = Layout<
    (
        <B as LayoutParts>::Shape,
        <ComplementPlainOf<B, Size<<A as LayoutParts>::Shape>> as LayoutParts>::Shape,
    ),
    (
        <B as LayoutParts>::Stride,
        <ComplementPlainOf<B, Size<<A as LayoutParts>::Shape>> as LayoutParts>::Stride,
    ),
>;

// ---------------------------------------------------------------------------------------------
// The public operations

macro_rules! op_trait {
    ($Trait:ident, $try_m:ident, $m:ident, $Op:ty) => {
        /// By mode for a tuple tiler (paper Eq. 12).
        impl<S, D, T> $Trait<T> for Layout<S, D>
        where
            Layout<S, D>: TileOp<$Op, T>,
        {
            type Output = <Layout<S, D> as TileOp<$Op, T>>::Output;
            #[inline(always)]
            fn $try_m(&self, t: T) -> Result<Self::Output> {
                self.tile_op(t)
            }
        }
    };
}

pub(super) use op_trait;

op_trait!(LogicalDivide, try_logical_divide, logical_divide, DivideOp);

// ---------------------------------------------------------------------------------------------
// Regrouping: zipped, tiled, flat

/// Split the first `K` result modes into tiles and rests, by the tiler element `K0` that
/// produced each (see [`TilerKind`]): a layout's result is a `(tile, rest)` pair; a `_` mode is
/// the pair `(mode, 1:0)`; a nested tuple's result gives the tiles of its modes as one tile and
/// their rests as one rest. The modes after the first `K` join the rests.
pub trait TileUnzip<K> {
    /// The tiles, as a list of layouts.
    type Tiles: Plain;
    /// The rests, as a list of layouts.
    type Rests: Plain;
    /// The values.
    fn tile_unzip(self) -> (Self::Tiles, Self::Rests);
}
impl<M: Plain> TileUnzip<Nil> for M {
    type Tiles = Nil;
    type Rests = M;
    #[inline(always)]
    fn tile_unzip(self) -> (Nil, M) {
        (Nil, self)
    }
}
impl<M0, MT, K0: TilerKind, KT> TileUnzip<Cons<K0, KT>> for Cons<M0, MT>
where
    Cons<M0, MT>: TileUnzipHead<K0::Kind, KT>,
{
    type Tiles = <Cons<M0, MT> as TileUnzipHead<K0::Kind, KT>>::Tiles;
    type Rests = <Cons<M0, MT> as TileUnzipHead<K0::Kind, KT>>::Rests;
    #[inline(always)]
    fn tile_unzip(self) -> (Self::Tiles, Self::Rests) {
        self.tile_unzip_head()
    }
}
/// [`TileUnzip`] dispatched on the [`TilerKind`] of the head tiler element.
#[doc(hidden)]
pub trait TileUnzipHead<Kind, KT> {
    type Tiles: Plain;
    type Rests: Plain;
    fn tile_unzip_head(self) -> (Self::Tiles, Self::Rests);
}
/// `_`: the identity of the mode — the whole mode is the tile, the rest is trivial (`1:0`).
impl<M0: Plain, MT: TileUnzip<KT>, KT> TileUnzipHead<TilerSkip, KT> for Cons<M0, MT> {
    type Tiles = Cons<M0, MT::Tiles>;
    type Rests = Cons<Layout<U1, U0>, MT::Rests>;
    #[inline(always)]
    fn tile_unzip_head(self) -> (Self::Tiles, Self::Rests) {
        let (tiles, rests) = self.1.tile_unzip();
        (Cons(self.0, tiles), Cons(Layout::default(), rests))
    }
}
/// A layout: the result's two modes.
impl<TS, RS, TD, RD, MT, KT> TileUnzipHead<TilerLayout, KT> for Cons<Layout<(TS, RS), (TD, RD)>, MT>
where
    TS: IntTuple,
    TD: Plain,
    RS: IntTuple,
    RD: Plain,
    (TS, RS): IntTuple,
    MT: TileUnzip<KT>,
{
    type Tiles = Cons<Layout<TS, TD>, MT::Tiles>;
    type Rests = Cons<Layout<RS, RD>, MT::Rests>;
    #[inline(always)]
    fn tile_unzip_head(self) -> (Self::Tiles, Self::Rests) {
        let ((ts, rs), (td, rd)) = self.0.into_parts();
        let (tiles, rests) = self.1.tile_unzip();
        (
            Cons(Layout::from_raw_parts(ts, td), tiles),
            Cons(Layout::from_raw_parts(rs, rd), rests),
        )
    }
}
/// A nested tuple `C`: the mode's result is the by-mode result on the mode's modes.
impl<M0, MT, KT, C> TileUnzipHead<TilerTuple<C>, KT> for Cons<M0, MT>
where
    M0: ModesOf,
    M0::Output: TileUnzip<C>,
    <M0::Output as TileUnzip<C>>::Tiles: ConcatLayouts,
    <M0::Output as TileUnzip<C>>::Rests: ConcatLayouts,
    MT: TileUnzip<KT>,
{
    type Tiles = Cons<TilesOf<M0::Output, C>, MT::Tiles>;
    type Rests = Cons<RestsOf<M0::Output, C>, MT::Rests>;
    #[inline(always)]
    fn tile_unzip_head(self) -> (Self::Tiles, Self::Rests) {
        let (st, sr) = self.0.modes_of().tile_unzip();
        let (tiles, rests) = self.1.tile_unzip();
        (
            Cons(st.concat_layouts(), tiles),
            Cons(sr.concat_layouts(), rests),
        )
    }
}

/// The zipped form `(Tiles, Rests)` of `A ⋆ T` for an operation `Op` ([`DivideOp`] or
/// [`ProductOp`]): for a layout `T` the operation's own rank-2 result; for a tuple tiler the
/// by-mode result regrouped.
pub trait Zipped<Op, T> {
    /// The rank-2 layout `(Tiles, Rests)`.
    type Output: LayoutParts;
    /// The value.
    fn zipped(&self, t: T) -> Result<Self::Output>;
}
/// A layout tiler (integer or basis strides): the logical divide's two modes.
impl<S: IntTuple, D: Plain, BS: IntTuple, BD: Plain, Op> Zipped<Op, Layout<BS, BD>> for Layout<S, D>
where
    Op: LayoutOp<Layout<S, D>, Layout<BS, BD>>,
{
    type Output = Op::Output;
    #[inline(always)]
    fn zipped(&self, t: Layout<BS, BD>) -> Result<Self::Output> {
        Op::apply(self, t)
    }
}
/// A whole `_`: the identity of `A`, so the pair `(A, 1:0)` (as for a `_` in a tuple tiler).
impl<S: IntTuple, D: Plain, Op> Zipped<Op, crate::typelevel::Underscore> for Layout<S, D>
where
    (S, U1): IntTuple,
{
    type Output = Layout<(S, U1), (D, U0)>;
    #[inline(always)]
    fn zipped(&self, _: crate::typelevel::Underscore) -> Result<Self::Output> {
        let (s, d) = self.into_parts();
        Ok(Layout::from_raw_parts(
            (s, U1::default()),
            (d, U0::default()),
        ))
    }
}
/// The by-mode result `Self`, split after the tiler `K`'s length and regrouped as
/// `(concat(tiles), concat(rests))`.
pub trait ZipUnzipped<K> {
    /// The rank-2 layout.
    type Output: LayoutParts;
    /// The value; checked, as the modes were computed separately.
    fn zip_unzipped(self) -> Result<Self::Output>;
}
type TilesOf<M, K> = <<M as TileUnzip<K>>::Tiles as ConcatLayouts>::Output;
type RestsOf<M, K> = <<M as TileUnzip<K>>::Rests as ConcatLayouts>::Output;
impl<M: TileUnzip<K>, K> ZipUnzipped<K> for M
where
    M::Tiles: ConcatLayouts,
    M::Rests: ConcatLayouts,
    (
        <TilesOf<M, K> as LayoutParts>::Shape,
        <RestsOf<M, K> as LayoutParts>::Shape,
    ): IntTuple
        + MakeLayout<(
            <TilesOf<M, K> as LayoutParts>::Stride,
            <RestsOf<M, K> as LayoutParts>::Stride,
        )>,
{
    type Output = Layout<
        (
            <TilesOf<M, K> as LayoutParts>::Shape,
            <RestsOf<M, K> as LayoutParts>::Shape,
        ),
        (
            <TilesOf<M, K> as LayoutParts>::Stride,
            <RestsOf<M, K> as LayoutParts>::Stride,
        ),
    >;
    #[inline(always)]
    fn zip_unzipped(self) -> Result<Self::Output> {
        let (tiles, rests) = self.tile_unzip();
        let (ts, td) = tiles.concat_layouts().into_parts();
        let (rs, rd) = rests.concat_layouts().into_parts();
        MakeLayout::make_checked((ts, rs), (td, rd))
    }
}

macro_rules! zipped_tuple {
    ($(($T:ident $t:ident))+) => {
        #[allow(non_snake_case)]
        impl<S: IntTuple, D: Plain, Op, $($T,)*> Zipped<Op, ($($T,)*)> for Layout<S, D>
        where
            Layout<S, D>: ModesOf,
            <Layout<S, D> as ModesOf>::Output: ByMode<Op, crate::tuple::cons_type!($($T),*)>,
            <<Layout<S, D> as ModesOf>::Output as ByMode<Op, crate::tuple::cons_type!($($T),*)>>::Output:
                ZipUnzipped<crate::tuple::cons_type!($($T),*)>,
        {
            type Output = <<<Layout<S, D> as ModesOf>::Output as ByMode<Op, crate::tuple::cons_type!($($T),*)>>::Output as ZipUnzipped<crate::tuple::cons_type!($($T),*)>>::Output;
            #[inline(always)]
            fn zipped(&self, t: ($($T,)*)) -> Result<Self::Output> {
                let ($($t,)*) = t;
                self.modes_of().by_mode(crate::tuple::cons_expr!($($t),*))?.zip_unzipped()
            }
        }
    };
}
crate::tuple::for_each_tuple_pair!(zipped_tuple);

/// `(Tiles, Rests)` spliced: `tiled` keeps the tiles as one mode, `flat` splits both.
pub trait Splice {
    /// `(Tiles, R0, R1, ...)`.
    type Tiled: LayoutParts;
    /// `(T0, T1, ..., R0, R1, ...)`.
    type Flat: LayoutParts;
    /// The tiled value.
    fn tiled(self) -> Self::Tiled;
    /// The flat value.
    fn flat(self) -> Self::Flat;
}
impl<TS, RS, TD, RD> Splice for Layout<(TS, RS), (TD, RD)>
where
    TS: IntTuple,
    TD: Plain,
    RS: IntTuple,
    RD: Plain,
    (TS, RS): IntTuple,
    Layout<TS, TD>: ModesOf,
    Layout<RS, RD>: ModesOf,
    Cons<Layout<TS, TD>, <Layout<RS, RD> as ModesOf>::Output>: ConcatLayouts,
    <Layout<TS, TD> as ModesOf>::Output: ListAppend<<Layout<RS, RD> as ModesOf>::Output>,
    <<Layout<TS, TD> as ModesOf>::Output as ListAppend<<Layout<RS, RD> as ModesOf>::Output>>::Output:
        ConcatLayouts,
{
    type Tiled =
        <Cons<Layout<TS, TD>, <Layout<RS, RD> as ModesOf>::Output> as ConcatLayouts>::Output;
    type Flat = <<<Layout<TS, TD> as ModesOf>::Output as ListAppend<
        <Layout<RS, RD> as ModesOf>::Output,
    >>::Output as ConcatLayouts>::Output;
    #[inline(always)]
    fn tiled(self) -> Self::Tiled {
        let ((ts, rs), (td, rd)) = self.into_parts();
        let rests = Layout::from_raw_parts(rs, rd).modes_of();
        Cons(Layout::from_raw_parts(ts, td), rests).concat_layouts()
    }
    #[inline(always)]
    fn flat(self) -> Self::Flat {
        let ((ts, rs), (td, rd)) = self.into_parts();
        let tiles = Layout::from_raw_parts(ts, td).modes_of();
        let rests = Layout::from_raw_parts(rs, rd).modes_of();
        tiles.append(rests).concat_layouts()
    }
}

macro_rules! regroup_trait {
    ($Trait:ident, $try_m:ident, $m:ident, $Op:ty, |$z:ident| $Out:ident, $e:expr) => {
        /// The zipped result, regrouped.
        impl<S, D, T> $Trait<T> for Layout<S, D>
        where
            Layout<S, D>: Zipped<$Op, T>,
            <Layout<S, D> as Zipped<$Op, T>>::Output: RegroupOut,
        {
            type Output = <<Layout<S, D> as Zipped<$Op, T>>::Output as RegroupOut>::$Out;
            #[inline(always)]
            fn $try_m(&self, t: T) -> Result<Self::Output> {
                let $z = self.zipped(t)?;
                Ok($e)
            }
        }
    };
}

/// The three groupings of a zipped result.
pub trait RegroupOut {
    /// Zipped: itself.
    type Zipped;
    /// Tiled.
    type Tiled;
    /// Flat.
    type Flat;
    /// The zipped value.
    fn zipped_form(self) -> Self::Zipped;
    /// The tiled value.
    fn tiled_form(self) -> Self::Tiled;
    /// The flat value.
    fn flat_form(self) -> Self::Flat;
}
impl<L: Splice> RegroupOut for L {
    type Zipped = L;
    type Tiled = L::Tiled;
    type Flat = L::Flat;
    #[inline(always)]
    fn zipped_form(self) -> L {
        self
    }
    #[inline(always)]
    fn tiled_form(self) -> L::Tiled {
        self.tiled()
    }
    #[inline(always)]
    fn flat_form(self) -> L::Flat {
        self.flat()
    }
}

pub(super) use regroup_trait;

regroup_trait!(
    ZippedDivide,
    try_zipped_divide,
    zipped_divide,
    DivideOp,
    |z| Zipped,
    z.zipped_form()
);
regroup_trait!(
    TiledDivide,
    try_tiled_divide,
    tiled_divide,
    DivideOp,
    |z| Tiled,
    z.tiled_form()
);
regroup_trait!(
    FlatDivide,
    try_flat_divide,
    flat_divide,
    DivideOp,
    |z| Flat,
    z.flat_form()
);
