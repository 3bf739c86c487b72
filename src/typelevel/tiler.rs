//! Tilers (paper §3.3.5, Definition 3.1): by-mode application of an operation.
//!
//! A tiler is a layout, an integer `n` (the layout `n:1`), [`Underscore`] (leave the mode
//! as it is), or a tuple of tilers applied mode by mode: `A ⋆ ⟨T0, T1⟩ = (A0 ⋆ T0, A1 ⋆ T1)`
//! (paper Eq. 12). Modes of `A` beyond the tiler's length ([`UnnamedModes`]) are dropped by
//! composition, as in CuTe C++ and PyCuTe (`(4,5):(1,4) ∘ ⟨2⟩ = (2):(1)`), and kept unchanged
//! by the divides and products, which rewrite `A` rather than select from it
//! (`A ⊘ ⟨T0⟩ = (A0 ⊘ T0, A1, ...)`); a tiler longer than `A` does not compile.

use crate::typelevel::Compose;
use typenum::U1;

use crate::basis::typelevel::MakeLayout;
use crate::error::Result;
use crate::int::Plain;
use crate::layout::Layout;
use crate::tuple::{Cons, IntTuple, Nil};
use crate::typelevel::compose::LayoutParts;

/// CuTe's `_`: in a tiler, leaves its mode unchanged. In the zipped, tiled and flat divides
/// and products it is the identity of its mode: the pair it contributes is `(A_i, 1:0)`, the
/// whole mode in the tiles and a trivial rest (both engines; the reason is at
/// [`try_zipped_divide`](crate::runtime::try_zipped_divide)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Underscore;

/// What a tiler element is, for regrouping its mode's result into tile and rest:
/// [`TilerSkip`] (`_`: the whole mode is the tile, `1:0` the rest), [`TilerLayout`] (a layout
/// or an integer: the result's two modes are the tile and the rest) or [`TilerTuple`] (a
/// nested tuple: the tiles and the rests of its modes, each grouped).
pub trait TilerKind {
    /// The kind.
    type Kind;
}
/// The [`TilerKind`] of `_`.
#[derive(Clone, Copy, Debug, Default)]
pub struct TilerSkip;
/// The [`TilerKind`] of a layout or an integer.
#[derive(Clone, Copy, Debug, Default)]
pub struct TilerLayout;
/// The [`TilerKind`] of a tuple of tilers, given as a list `C`.
#[derive(Clone, Copy, Debug, Default)]
pub struct TilerTuple<C>(core::marker::PhantomData<C>);
impl TilerKind for Underscore {
    type Kind = TilerSkip;
}
impl<S, D> TilerKind for Layout<S, D> {
    type Kind = TilerLayout;
}
impl TilerKind for i64 {
    type Kind = TilerLayout;
}
impl<U, B> TilerKind for typenum::UInt<U, B> {
    type Kind = TilerLayout;
}
macro_rules! tiler_kind_tuple {
    ($(($T:ident $D:ident))+) => {
        impl<$($T,)*> TilerKind for ($($T,)*) {
            type Kind = TilerTuple<crate::tuple::cons_type!($($T),*)>;
        }
    };
}
crate::tuple::for_each_tuple_pair!(tiler_kind_tuple);

/// Marker for composition applied by a tiler.
#[derive(Clone, Copy, Debug, Default)]
pub struct ComposeOp;
/// Marker for logical divide applied by a tiler.
#[derive(Clone, Copy, Debug, Default)]
pub struct DivideOp;
/// Marker for logical product applied by a tiler.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProductOp;

/// An operation with a layout on the right: `A ⋆ B` for [`ComposeOp`], [`DivideOp`],
/// [`ProductOp`].
pub trait LayoutOp<A, B> {
    /// The result layout.
    type Output: LayoutParts;
    /// The value.
    fn apply(a: &A, b: B) -> Result<Self::Output>;
}
impl<A: Compose<B>, B> LayoutOp<A, B> for ComposeOp
where
    A::Output: LayoutParts,
{
    type Output = A::Output;
    #[inline(always)]
    fn apply(a: &A, b: B) -> Result<Self::Output> {
        a.try_compose(b)
    }
}

/// `A ⋆ T` for a tiler `T` (see the [module docs](self)).
pub trait TileOp<Op, T> {
    /// The result layout.
    type Output: LayoutParts;
    /// The value.
    fn tile_op(&self, t: T) -> Result<Self::Output>;
}
impl<A, Op, T: Tile<A, Op>> TileOp<Op, T> for A {
    type Output = T::Output;
    #[inline(always)]
    fn tile_op(&self, t: T) -> Result<Self::Output> {
        let a = self;
        static_or_value!((a: &A, t: T) -> T::Output { t.tile(a) })
    }
}

/// A tiler (`Self`) applied to a layout `A` with operation `Op`. Implemented on the tiler so
/// that an unknown tiler type leaves the trait solver nothing to expand.
pub trait Tile<A, Op> {
    /// The result layout.
    type Output: LayoutParts;
    /// The value.
    fn tile(self, a: &A) -> Result<Self::Output>;
}

impl<A: LayoutParts, Op> Tile<A, Op> for Underscore {
    type Output = A;
    #[inline(always)]
    fn tile(self, a: &A) -> Result<A> {
        Ok(*a)
    }
}
impl<A, BS: IntTuple, BD: Plain, Op> Tile<A, Op> for Layout<BS, BD>
where
    Op: LayoutOp<A, Layout<BS, BD>>,
{
    type Output = Op::Output;
    #[inline(always)]
    fn tile(self, a: &A) -> Result<Self::Output> {
        Op::apply(a, self)
    }
}
macro_rules! tile_int {
    ([$($g:tt)*] $N:ty) => {
        impl<A, Op, $($g)*> Tile<A, Op> for $N
        where
            Op: LayoutOp<A, Layout<$N, U1>>,
        {
            type Output = Op::Output;
            #[inline(always)]
            fn tile(self, a: &A) -> Result<Self::Output> {
                Op::apply(a, Layout::try_new(self, U1::default())?)
            }
        }
    };
}
crate::tuple::for_each_size_leaf!(tile_int);

/// The top-level modes of a layout as a list of layouts.
pub trait ModesOf {
    /// `Cons<Layout<S0, D0>, Cons<...>>`; an integral shape is its own single mode.
    type Output: Plain;
    /// The values.
    fn modes_of(&self) -> Self::Output;
}
macro_rules! modes_of_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<D: crate::basis::typelevel::StrideLeaf, $($g)*> ModesOf for Layout<$S, D> {
            type Output = Cons<Layout<$S, D>, Nil>;
            #[inline(always)]
            fn modes_of(&self) -> Self::Output {
                Cons(*self, Nil)
            }
        }
    };
}
crate::tuple::for_each_shape_leaf!(modes_of_leaf);

macro_rules! modes_of_tuple {
    ($(($S:ident $D:ident))+) => {
        #[allow(non_snake_case)]
        impl<$($S: IntTuple, $D: Plain,)*> ModesOf for Layout<($($S,)*), ($($D,)*)>
        where
            ($($S,)*): IntTuple,
        {
            type Output = crate::tuple::cons_type!($(Layout<$S, $D>),*);
            #[inline(always)]
            fn modes_of(&self) -> Self::Output {
                let ($($S,)*) = *self.raw_shape();
                let ($($D,)*) = *self.raw_stride();
                crate::tuple::cons_expr!($(Layout::from_raw_parts($S, $D)),*)
            }
        }
    };
}
crate::tuple::for_each_tuple_pair!(modes_of_tuple);
/// The empty layout (a group with no modes, for an empty tiler): no modes.
impl ModesOf for Layout<(), ()> {
    type Output = Nil;
    #[inline(always)]
    fn modes_of(&self) -> Nil {
        Nil
    }
}

/// Apply `Op` mode by mode: list of `A`'s modes (`Self`) with a list of tilers.
#[diagnostic::on_unimplemented(
    message = "the by-mode tiler has more modes than the layout",
    label = "tiler longer than the layout",
    note = "a tiler ⟨T0, T1, ...⟩ applies to the first modes of A; A must have at least as many modes"
)]
pub trait ByMode<Op, T> {
    /// The result modes.
    type Output: Plain;
    /// The values.
    fn by_mode(self, t: T) -> Result<Self::Output>;
}
/// The tiler is exhausted: the modes left are dropped or kept, per [`UnnamedModes`].
impl<Op: UnnamedModes<M>, M: Plain> ByMode<Op, Nil> for M {
    type Output = Op::Output;
    #[inline(always)]
    fn by_mode(self, _: Nil) -> Result<Op::Output> {
        Ok(Op::unnamed(self))
    }
}

/// What an operation (`Self`) does with the modes `M` of `A` that a by-mode tiler does not
/// name (those beyond its length).
pub trait UnnamedModes<M> {
    /// The modes that remain.
    type Output: Plain;
    /// The values.
    fn unnamed(m: M) -> Self::Output;
}
/// Composition selects: the result has one mode per tiler element (CuTe C++
/// `composition(Layout, Tiler)`: "Drop any modes of lhs that aren't hit by rhs"; PyCuTe).
impl<M> UnnamedModes<M> for ComposeOp {
    type Output = Nil;
    #[inline(always)]
    fn unnamed(_: M) -> Nil {
        Nil
    }
}
/// Logical divide rewrites `A`: the modes the tiler does not name stay (CuTe's
/// `transform_layout`).
impl<M: Plain> UnnamedModes<M> for DivideOp {
    type Output = M;
    #[inline(always)]
    fn unnamed(m: M) -> M {
        m
    }
}
/// Logical product rewrites `A`: the modes the tiler does not name stay.
impl<M: Plain> UnnamedModes<M> for ProductOp {
    type Output = M;
    #[inline(always)]
    fn unnamed(m: M) -> M {
        m
    }
}
impl<Op, A0, AT, T0, TT> ByMode<Op, Cons<T0, TT>> for Cons<A0, AT>
where
    A0: TileOp<Op, T0>,
    AT: ByMode<Op, TT>,
{
    type Output = Cons<A0::Output, AT::Output>;
    #[inline(always)]
    fn by_mode(self, t: Cons<T0, TT>) -> Result<Self::Output> {
        Ok(Cons(self.0.tile_op(t.0)?, self.1.by_mode(t.1)?))
    }
}

/// A list of layouts concatenated into one layout: `(L0, L1, ...)` (CuTe `make_layout`).
pub trait ConcatLayouts {
    /// The layout.
    type Output: LayoutParts;
    /// The value, unchecked: for a regrouping of the modes of one valid layout.
    fn concat_layouts(self) -> Self::Output;
    /// The value, checked: for layouts computed separately, whose concatenation may have a
    /// size or offsets beyond `i64` (runtime leaves only; free when all leaves are static).
    fn try_concat_layouts(self) -> Result<Self::Output>;
}
#[doc(hidden)]
pub trait ConsUnzipParts {
    type Shapes: crate::tuple::FromCons;
    type Strides: crate::tuple::FromCons;
    fn unzip_parts(self) -> (Self::Shapes, Self::Strides);
}
impl ConsUnzipParts for Nil {
    type Shapes = Nil;
    type Strides = Nil;
    #[inline(always)]
    fn unzip_parts(self) -> (Nil, Nil) {
        (Nil, Nil)
    }
}
impl<H: LayoutParts, T: ConsUnzipParts> ConsUnzipParts for Cons<H, T>
where
    Cons<H::Shape, T::Shapes>: crate::tuple::FromCons,
    Cons<H::Stride, T::Strides>: crate::tuple::FromCons,
{
    type Shapes = Cons<H::Shape, T::Shapes>;
    type Strides = Cons<H::Stride, T::Strides>;
    #[inline(always)]
    fn unzip_parts(self) -> (Self::Shapes, Self::Strides) {
        let (s, d) = self.0.into_parts();
        let (ss, dd) = self.1.unzip_parts();
        (Cons(s, ss), Cons(d, dd))
    }
}
impl<L: ConsUnzipParts> ConcatLayouts for L
where
    crate::tuple::TupleOf<L::Shapes>: IntTuple + MakeLayout<crate::tuple::TupleOf<L::Strides>>,
{
    type Output = Layout<crate::tuple::TupleOf<L::Shapes>, crate::tuple::TupleOf<L::Strides>>;
    #[inline(always)]
    fn concat_layouts(self) -> Self::Output {
        use crate::tuple::FromCons;
        let (s, d) = self.unzip_parts();
        Layout::from_raw_parts(s.from_cons(), d.from_cons())
    }
    #[inline(always)]
    fn try_concat_layouts(self) -> Result<Self::Output> {
        use crate::tuple::FromCons;
        let (s, d) = self.unzip_parts();
        MakeLayout::make_checked(s.from_cons(), d.from_cons())
    }
}

macro_rules! tile_tuple {
    ($(($T:ident $t:ident))+) => {
        #[allow(non_snake_case)]
        impl<S: IntTuple, D: Plain, Op, $($T,)*> Tile<Layout<S, D>, Op> for ($($T,)*)
        where
            Layout<S, D>: ModesOf,
            <Layout<S, D> as ModesOf>::Output: ByMode<Op, crate::tuple::cons_type!($($T),*)>,
            <<Layout<S, D> as ModesOf>::Output as ByMode<Op, crate::tuple::cons_type!($($T),*)>>::Output: ConcatLayouts,
        {
            type Output = <<<Layout<S, D> as ModesOf>::Output as ByMode<Op, crate::tuple::cons_type!($($T),*)>>::Output as ConcatLayouts>::Output;
            #[inline(always)]
            fn tile(self, a: &Layout<S, D>) -> Result<Self::Output> {
                let ($($t,)*) = self;
                a.modes_of().by_mode(crate::tuple::cons_expr!($($t),*))?.try_concat_layouts()
            }
        }
    };
}
crate::tuple::for_each_tuple_pair!(tile_tuple);

/// By-mode composition with a tuple tiler: `A ∘ ⟨T0, T1, ...⟩ = (A0 ∘ T0, A1 ∘ T1, ...)`, the
/// modes of `A` beyond the tiler dropped ([`UnnamedModes`]).
macro_rules! compose_tuple {
    ($(($T:ident $t:ident))+) => {
        #[diagnostic::do_not_recommend]
        impl<S: IntTuple, D: Plain, $($T,)*> Compose<($($T,)*)> for Layout<S, D>
        where
            Layout<S, D>: TileOp<ComposeOp, ($($T,)*)>,
        {
            type Output = <Layout<S, D> as TileOp<ComposeOp, ($($T,)*)>>::Output;
            #[inline(always)]
            fn try_compose(&self, t: ($($T,)*)) -> Result<Self::Output> {
                self.tile_op(t)
            }
        }
    };
}
crate::tuple::for_each_tuple_pair!(compose_tuple);
