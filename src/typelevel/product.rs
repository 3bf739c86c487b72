//! Logical product and its zipped / tiled / flat / blocked / raked variants (paper §3.5.1),
//! in the type system: `logical_product(A, B) = (A, complement(A, size(A)·cosize(B)) ∘ B)`,
//! by mode for a tuple tiler; the variants regroup the result as the divides do
//! (`ops/divide.rs`), and the blocked and raked products zip the modes of `A` with the grid's
//! (the shorter of the two padded with `1:0` modes, as CuTe C++ does).

use super::divide::{op_trait, regroup_trait, RegroupOut, Zipped};
use crate::typelevel::{
    BlockedProduct, Complement, ComplementFull, ComplementFullOf, ComplementOf, Compose, ComposeOf,
    FlatProduct, LogicalProduct, RakedProduct, TiledProduct, ZippedProduct,
};
use core::ops::{Add, Sub};
use typenum::{Add1, Bit, Max, Maximum, Sub1, UInt, Unsigned, B0, B1, U0, U1};

use crate::basis::typelevel::{MakeLayout, StrideTuple};
use crate::error::{ErrorKind, Result};
use crate::int::{IntMul, Plain, Prod};
use crate::layout::Layout;
use crate::tuple::{Congruent, Cons, IntTuple, Nil, Size};
use crate::typelevel::complement::Cosize;
use crate::typelevel::compose::LayoutParts;
use crate::typelevel::flat::checked_layout;
use crate::typelevel::tiler::{ConcatLayouts, LayoutOp, ModesOf, ProductOp, TileOp};

/// `size(A)·cosize(B)`, the cotarget of the complement in a logical product.
pub type ProductCotarget<A, B> = Prod<Size<<A as LayoutParts>::Shape>, <B as Cosize>::Output>;
/// The repetitions `complement(A, size(A)·cosize(B)) ∘ B` of a logical product.
pub type Repeats<A, B> = <ComplementOf<A, ProductCotarget<A, B>> as RepeatsOf<B>>::Output;

/// `C ∘ B` for the complement `C` of a product, composed only where `C` is a complement: a
/// static zero in its shape marks a complement refused at compile time (its own error names
/// the condition), and the composition is then not attempted, so that it adds no error of
/// its own (a division by that zero) before the complement's.
pub trait RepeatsOf<B> {
    /// `C ∘ B`.
    type Output: LayoutParts;
    /// The value.
    fn repeats_of(&self, b: B) -> Result<Self::Output>;
}
impl<C: LayoutParts, B> RepeatsOf<B> for C
where
    C::Shape: StaticZeroLeaf,
    C: RepeatsSel<B, <C::Shape as StaticZeroLeaf>::Sel>,
{
    type Output = <C as RepeatsSel<B, <C::Shape as StaticZeroLeaf>::Sel>>::Output;
    #[inline(always)]
    fn repeats_of(&self, b: B) -> Result<Self::Output> {
        self.repeats_sel(b)
    }
}
#[doc(hidden)]
pub trait RepeatsSel<B, HasZero> {
    type Output: LayoutParts;
    fn repeats_sel(&self, b: B) -> Result<Self::Output>;
}
impl<C: Compose<B>, B> RepeatsSel<B, B0> for C
where
    ComposeOf<C, B>: LayoutParts,
{
    type Output = ComposeOf<C, B>;
    #[inline(always)]
    fn repeats_sel(&self, b: B) -> Result<Self::Output> {
        self.try_compose(b)
    }
}
/// The stand-in has B's structure, so that the regroupings that follow add no error either.
impl<C, B: LayoutParts> RepeatsSel<B, B1> for C {
    type Output = B;
    fn repeats_sel(&self, _: B) -> Result<B> {
        // Unreachable: the complement's own bound fails to compile first.
        Err(crate::error::LayoutError::new(ErrorKind::NotInjective))
    }
}

/// [`B1`] when a leaf of the integer tuple is a static zero, [`B0`] otherwise (a runtime
/// leaf is checked where it is made).
#[doc(hidden)]
pub trait StaticZeroLeaf {
    type Sel;
}
impl StaticZeroLeaf for i64 {
    type Sel = B0;
}
impl StaticZeroLeaf for typenum::UTerm {
    type Sel = B1;
}
impl<U, B> StaticZeroLeaf for typenum::UInt<U, B> {
    type Sel = B0;
}
impl StaticZeroLeaf for Nil {
    type Sel = B0;
}
impl<H: StaticZeroLeaf, T: StaticZeroLeaf> StaticZeroLeaf for Cons<H, T>
where
    H::Sel: crate::int::select::SelOr<T::Sel>,
{
    type Sel = crate::int::select::Or<H::Sel, T::Sel>;
}
macro_rules! static_zero_tuple {
    ($(($T:ident $D:ident))+) => {
        impl<$($T,)*> StaticZeroLeaf for ($($T,)*)
        where
            crate::tuple::cons_type!($($T),*): StaticZeroLeaf,
        {
            type Sel = <crate::tuple::cons_type!($($T),*) as StaticZeroLeaf>::Sel;
        }
    };
}
crate::tuple::for_each_tuple_pair!(static_zero_tuple);

/// `A ⊗ B` for a layout `B`, by the stride kind of `A` ([`ProductKind`]).
impl<A, B> LayoutOp<A, B> for ProductOp
where
    A: LayoutParts,
    A::Stride: StrideTuple,
    ProductOp: ProductKind<A, B, <A::Stride as StrideTuple>::HasBasis>,
{
    type Output = <ProductOp as ProductKind<A, B, <A::Stride as StrideTuple>::HasBasis>>::Output;
    #[inline(always)]
    fn apply(a: &A, b: B) -> Result<Self::Output> {
        <ProductOp as ProductKind<A, B, <A::Stride as StrideTuple>::HasBasis>>::apply_kind(a, b)
    }
}

/// The logical product by the stride kind `K` of `A` ([`StrideTuple::HasBasis`]).
#[doc(hidden)]
pub trait ProductKind<A, B, K> {
    type Output: LayoutParts;
    fn apply_kind(a: &A, b: B) -> Result<Self::Output>;
}

/// Integer strides: `(A, complement(A, size(A)·cosize(B)) ∘ B)` (paper §3.5.1).
impl<A, B> ProductKind<A, B, B0> for ProductOp
where
    A: LayoutParts + Complement<ProductCotarget<A, B>>,
    B: LayoutParts + Cosize,
    Size<A::Shape>: IntMul<<B as Cosize>::Output>,
    ComplementOf<A, ProductCotarget<A, B>>: RepeatsOf<B>,
    (A::Shape, <Repeats<A, B> as LayoutParts>::Shape):
        Congruent<(A::Stride, <Repeats<A, B> as LayoutParts>::Stride)>,
    (A::Stride, <Repeats<A, B> as LayoutParts>::Stride): IntTuple,
{
    type Output = Layout<
        (A::Shape, <Repeats<A, B> as LayoutParts>::Shape),
        (A::Stride, <Repeats<A, B> as LayoutParts>::Stride),
    >;
    #[inline(always)]
    fn apply_kind(a: &A, b: B) -> Result<Self::Output> {
        let x = repeats(a, b)?;
        let (xs, xd) = x.into_parts();
        let (s, d) = a.into_parts();
        checked_layout((s, xs), (d, xd))
    }
}

/// The repetitions `complement(A) ∘ B` of the product of a basis-strided `A`.
pub type FreeRepeats<A, B> = <ComplementFullOf<A> as RepeatsOf<B>>::Output;

/// Basis strides: `(A, complement(A) ∘ B)`, the free complement (each codomain component up to
/// its own cosize, the last one extending), as the runtime engine
/// ([`algebra::basis::try_logical_product`](crate::runtime::basis::try_logical_product)) and
/// NVIDIA's PyCuTe define it: the integer cotarget `size(A)·cosize(B)` has no meaning in a
/// coordinate codomain.
///
/// ```
/// use cute_layout::{layout, Layout, ops::LogicalProductOf};
/// static_assertions::assert_type_eq_all!(
///     LogicalProductOf<Layout![(4,8):(1@0,1@1)], Layout![(2,3):(1,2)]>,
///     Layout![((4,8),(2,3)):((1@0,1@1),(8@1,16@1))]);
/// assert_eq!(layout!((2,3):(1@0,1@1)).logical_product(layout!(2:1)).to_string(),
///            "((2,3),2):((1@0,1@1),3@1)"); // PyCuTe test_logical_product.py's case
/// ```
impl<A, B> ProductKind<A, B, B1> for ProductOp
where
    A: LayoutParts + ComplementFull,
    ComplementFullOf<A>: RepeatsOf<B>,
    (A::Shape, <FreeRepeats<A, B> as LayoutParts>::Shape):
        IntTuple + MakeLayout<(A::Stride, <FreeRepeats<A, B> as LayoutParts>::Stride)>,
{
    type Output = Layout<
        (A::Shape, <FreeRepeats<A, B> as LayoutParts>::Shape),
        (A::Stride, <FreeRepeats<A, B> as LayoutParts>::Stride),
    >;
    #[inline(always)]
    fn apply_kind(a: &A, b: B) -> Result<Self::Output> {
        let (xs, xd) = a.try_complement_full()?.repeats_of(b)?.into_parts();
        let (s, d) = a.into_parts();
        MakeLayout::make_checked((s, xs), (d, xd))
    }
}

/// `complement(A, size(A)·cosize(B)) ∘ B`.
#[inline(always)]
fn repeats<A, B>(a: &A, b: B) -> Result<Repeats<A, B>>
where
    A: LayoutParts + Complement<ProductCotarget<A, B>>,
    B: LayoutParts + Cosize,
    Size<A::Shape>: IntMul<<B as Cosize>::Output>,
    ComplementOf<A, ProductCotarget<A, B>>: RepeatsOf<B>,
{
    let m = a.size_int()?.mul(b.cosize_int()?)?;
    a.try_complement(m)?.repeats_of(b)
}

op_trait!(
    LogicalProduct,
    try_logical_product,
    logical_product,
    ProductOp
);

regroup_trait!(
    ZippedProduct,
    try_zipped_product,
    zipped_product,
    ProductOp,
    |z| Zipped,
    z.zipped_form()
);
regroup_trait!(
    TiledProduct,
    try_tiled_product,
    tiled_product,
    ProductOp,
    |z| Tiled,
    z.tiled_form()
);
regroup_trait!(
    FlatProduct,
    try_flat_product,
    flat_product,
    ProductOp,
    |z| Flat,
    z.flat_form()
);

// ---------------------------------------------------------------------------------------------
// Blocked and raked products

/// Zip two lists of layouts of the same length (the pair `Self`) mode by mode into 2-mode
/// layouts: `(Ai, Xi)` (blocked) and `(Xi, Ai)` (raked).
pub trait ZipModes {
    /// Pairs `(Ai, Xi)`.
    type Blocked: Plain;
    /// Pairs `(Xi, Ai)`.
    type Raked: Plain;
    /// The values.
    fn zip_modes(self) -> (Self::Blocked, Self::Raked);
}
/// [`ZipModes`] dispatched on the second list (`Self`), given the first list's head and tail.
#[doc(hidden)]
pub trait ZipWithHead<A0, AT> {
    type Blocked: Plain;
    type Raked: Plain;
    fn zip_with_head(self, a0: A0, at: AT) -> (Self::Blocked, Self::Raked);
}
impl ZipModes for (Nil, Nil) {
    type Blocked = Nil;
    type Raked = Nil;
    #[inline(always)]
    fn zip_modes(self) -> (Nil, Nil) {
        (Nil, Nil)
    }
}
impl<A0, AT, X: ZipWithHead<A0, AT>> ZipModes for (Cons<A0, AT>, X) {
    type Blocked = X::Blocked;
    type Raked = X::Raked;
    #[inline(always)]
    fn zip_modes(self) -> (Self::Blocked, Self::Raked) {
        self.1.zip_with_head(self.0 .0, self.0 .1)
    }
}
impl<AS, AD, XS, XD, AT, XT> ZipWithHead<Layout<AS, AD>, AT> for Cons<Layout<XS, XD>, XT>
where
    AS: Congruent<AD>,
    AD: IntTuple,
    XS: Congruent<XD>,
    XD: IntTuple,
    (AS, XS): Congruent<(AD, XD)>,
    (XS, AS): Congruent<(XD, AD)>,
    (AD, XD): IntTuple,
    (XD, AD): IntTuple,
    (AT, XT): ZipModes,
{
    type Blocked = Cons<Layout<(AS, XS), (AD, XD)>, <(AT, XT) as ZipModes>::Blocked>;
    type Raked = Cons<Layout<(XS, AS), (XD, AD)>, <(AT, XT) as ZipModes>::Raked>;
    #[inline(always)]
    fn zip_with_head(self, a: Layout<AS, AD>, at: AT) -> (Self::Blocked, Self::Raked) {
        let x = self.0;
        let (b, k) = (at, self.1).zip_modes();
        (
            Cons(
                Layout::from_parts_unchecked((a.shape(), x.shape()), (a.stride(), x.stride())),
                b,
            ),
            Cons(
                Layout::from_parts_unchecked((x.shape(), a.shape()), (x.stride(), a.stride())),
                k,
            ),
        )
    }
}

/// The length of a list of modes, as a typenum integer.
#[doc(hidden)]
pub trait ModesLen {
    type Output: Unsigned;
}
impl ModesLen for Nil {
    type Output = U0;
}
impl<H, T: ModesLen> ModesLen for Cons<H, T>
where
    T::Output: Add<B1>,
    Add1<T::Output>: Unsigned,
{
    type Output = Add1<T::Output>;
}

/// CuTe's `append<R>(layout, 1:0)` on a list of modes: the list padded with `1:0` modes to
/// length `R` (at least its own length).
#[doc(hidden)]
pub trait PadModes<R> {
    type Output: Plain;
    fn pad_modes(self) -> Self::Output;
}
impl PadModes<U0> for Nil {
    type Output = Nil;
    #[inline(always)]
    fn pad_modes(self) -> Nil {
        Nil
    }
}
impl<U: Unsigned, Bt: Bit> PadModes<UInt<U, Bt>> for Nil
where
    UInt<U, Bt>: Sub<B1>,
    Nil: PadModes<Sub1<UInt<U, Bt>>>,
{
    type Output = Cons<Layout<U1, U0>, <Nil as PadModes<Sub1<UInt<U, Bt>>>>::Output>;
    #[inline(always)]
    fn pad_modes(self) -> Self::Output {
        Cons(Layout::default(), Nil.pad_modes())
    }
}
impl<H: Plain, T, R: Sub<B1>> PadModes<R> for Cons<H, T>
where
    T: PadModes<Sub1<R>>,
{
    type Output = Cons<H, T::Output>;
    #[inline(always)]
    fn pad_modes(self) -> Self::Output {
        Cons(self.0, self.1.pad_modes())
    }
}

/// The modes of `A` and the grid (the pair `Self`), the shorter list padded with `1:0` modes
/// to the longer one's length (CuTe's `append<R>` of both operands, `R = max(rank(A),
/// rank(B))`; a `1:0` mode of `B` gives a `1:0` grid mode), then zipped ([`ZipModes`]).
#[doc(hidden)]
pub trait PadZip {
    type Blocked: Plain;
    type Raked: Plain;
    fn pad_zip(self) -> (Self::Blocked, Self::Raked);
}
/// The common length of the padded lists.
type PadLen<MA, MG> = Maximum<<MA as ModesLen>::Output, <MG as ModesLen>::Output>;
/// The padded pair.
type Padded<MA, MG> = (
    <MA as PadModes<PadLen<MA, MG>>>::Output,
    <MG as PadModes<PadLen<MA, MG>>>::Output,
);
impl<MA: ModesLen, MG: ModesLen> PadZip for (MA, MG)
where
    <MA as ModesLen>::Output: Max<<MG as ModesLen>::Output>,
    MA: PadModes<PadLen<MA, MG>>,
    MG: PadModes<PadLen<MA, MG>>,
    Padded<MA, MG>: ZipModes,
{
    type Blocked = <Padded<MA, MG> as ZipModes>::Blocked;
    type Raked = <Padded<MA, MG> as ZipModes>::Raked;
    #[inline(always)]
    fn pad_zip(self) -> (Self::Blocked, Self::Raked) {
        (self.0.pad_modes(), self.1.pad_modes()).zip_modes()
    }
}

/// The repetitions `X` of a product grouped by the modes of `B` (whose shape is `Self`): a
/// leaf `B` gives `X` as one mode, even when `X` has several; a tuple `B` gives `X`'s modes.
pub trait GroupLike<X> {
    /// The list of modes.
    type Output: Plain;
    /// The value.
    fn group_like(x: X) -> Self::Output;
}
macro_rules! group_like_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<X: Plain, $($g)*> GroupLike<X> for $S {
            type Output = Cons<X, Nil>;
            #[inline(always)]
            fn group_like(x: X) -> Self::Output {
                Cons(x, Nil)
            }
        }
    };
}
crate::tuple::for_each_size_leaf!(group_like_leaf);
macro_rules! group_like_tuple {
    ($(($T:ident $D:ident))+) => {
        impl<X: ModesOf, $($T,)*> GroupLike<X> for ($($T,)*) {
            type Output = X::Output;
            #[inline(always)]
            fn group_like(x: X) -> Self::Output {
                x.modes_of()
            }
        }
    };
}
crate::tuple::for_each_tuple_pair!(group_like_tuple);

/// The grid modes of a blocked or raked product.
type GridModes<A, B> = <<B as LayoutParts>::Shape as GroupLike<Repeats<A, B>>>::Output;

macro_rules! block_rake {
    ($Trait:ident, $try_m:ident, $m:ident, $Sel:ident) => {
        /// The logical product's modes zipped with the grid's, the shorter padded with `1:0`.
        impl<S, D, B> $Trait<B> for Layout<S, D>
        where
            Layout<S, D>: LayoutParts + ModesOf + Complement<ProductCotarget<Layout<S, D>, B>>,
            B: LayoutParts + Cosize,
            Size<<Layout<S, D> as LayoutParts>::Shape>: IntMul<<B as Cosize>::Output>,
            ComplementOf<Layout<S, D>, ProductCotarget<Layout<S, D>, B>>: RepeatsOf<B>,
            B::Shape: GroupLike<Repeats<Layout<S, D>, B>>,
            (<Layout<S, D> as ModesOf>::Output, GridModes<Layout<S, D>, B>): PadZip,
            <(<Layout<S, D> as ModesOf>::Output, GridModes<Layout<S, D>, B>) as PadZip>::$Sel: ConcatLayouts,
        {
            type Output = <<(<Layout<S, D> as ModesOf>::Output, GridModes<Layout<S, D>, B>) as PadZip>::$Sel as ConcatLayouts>::Output;
            #[inline(always)]
            fn $try_m(&self, b: B) -> Result<Self::Output> {
                let x = repeats(self, b)?;
                let (blocked, raked) = (self.modes_of(), <B::Shape as GroupLike<_>>::group_like(x)).pad_zip();
                let _ = (&blocked, &raked);
                block_rake!(@pick $Sel, blocked, raked).try_concat_layouts()
            }
        }
    };
    (@pick Blocked, $b:ident, $r:ident) => { $b };
    (@pick Raked, $b:ident, $r:ident) => { $r };
}

block_rake!(
    BlockedProduct,
    try_blocked_product,
    blocked_product,
    Blocked
);
block_rake!(RakedProduct, try_raked_product, raked_product, Raked);
