//! CuTe's `make_layout_like` and `make_fragment_like` (`cute/layout.hpp`) in the type system:
//! compact layouts of a layout's shape whose leaves are laid out in the order of its strides.
//!
//! CuTe's `compact_order(shape, order)` gives each leaf `s` of order `o` the start stride
//! `∏ { sⱼ : oⱼ < o }` (strictly smaller orders; equal orders share a start, so ties overlap)
//! and a static-1 leaf the stride 0. A runtime entry of the order counts as larger than every
//! static one, runtime entries ordered left to right among themselves (`max + 1 + position`).
//!
//! * `make_layout_like(L)`: every leaf ordered by its stride; a leaf with the static stride 0
//!   counts as size 1 and keeps the stride 0.
//! * `make_fragment_like(L)` for a static shape of rank ≥ 2: mode 0 compact column major over
//!   its shape with the static-0-stride leaves counted as 1 (they keep the stride 0); modes
//!   `1..` ordered by their strides (zeros not filtered) and scaled by the size of mode 0's
//!   non-broadcast part — CuTe's `tiled_product(mode0, make_ordered_layout(shape[1:],
//!   stride[1:]))`. Rank ≤ 1: compact column major.

use core::marker::PhantomData;
use core::ops::Add;

use typenum::{Add1, Sum, B0, B1, U0, U1};

use crate::error::Result;
use crate::int::select::{Dyn, HasDyn, IntLt, IsOne, IsZero, LtSel, OneSel, ZeroSel};
use crate::int::{Int, IntMul, Plain, Prod};
use crate::layout::Layout;
use crate::tuple::{Congruent, Cons, FromCons, IntTuple, Nil, ToCons, TupleOf};
use crate::typelevel::flat::{checked_layout, ConsFlattenInto, FlattenInto, M};
use crate::typelevel::ordered::SmallerProduct;

/// Keys by flat position (column major).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct ByPos;
/// Keys by stride (runtime strides after every static one, by position).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct ByStride;
/// Leaves with the static stride 0 count as size 1 and keep the stride 0.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct FilterZeros;
/// Leaves are taken as they are.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct KeepZeros;

/// `If<Sel, A, B>`: `A` for [`B1`], `B` for [`B0`].
#[doc(hidden)]
pub trait Choose<A, B> {
    type Output;
}
impl<A, B> Choose<A, B> for B1 {
    type Output = A;
}
impl<A, B> Choose<A, B> for B0 {
    type Output = B;
}

/// The largest static stride of a flat mode list, from `Acc` (CuTe's fold from `Int<0>`).
#[doc(hidden)]
pub trait MaxStatic<Acc> {
    type Output;
}
impl<Acc> MaxStatic<Acc> for Nil {
    type Output = Acc;
}
impl<S, D: HasDyn, T, Acc> MaxStatic<Acc> for Cons<M<S, D>, T>
where
    D: MaxStep<D::Sel, Acc>,
    T: MaxStatic<<D as MaxStep<D::Sel, Acc>>::Output>,
{
    type Output = <T as MaxStatic<<D as MaxStep<D::Sel, Acc>>::Output>>::Output;
}
/// One step of [`MaxStatic`], by whether the stride is static ([`B0`]) or runtime ([`Dyn`]).
#[doc(hidden)]
pub trait MaxStep<Sel, Acc> {
    type Output;
}
impl<D, Acc> MaxStep<Dyn, Acc> for D {
    type Output = Acc;
}
impl<D: Int, Acc: IntLt<D>> MaxStep<B0, Acc> for D
where
    LtSel<Acc, D>: Choose<D, Acc>,
{
    type Output = <LtSel<Acc, D> as Choose<D, Acc>>::Output;
}

/// The key of a leaf with stride `Self` at flat position `Pos`.
#[doc(hidden)]
pub trait LeafKey<K, Max, Pos> {
    type Key: Int;
}
impl<D, Max, Pos: Int> LeafKey<ByPos, Max, Pos> for D {
    type Key = Pos;
}
impl<D: HasDyn, Max, Pos> LeafKey<ByStride, Max, Pos> for D
where
    D: KeySel<D::Sel, Max, Pos>,
{
    type Key = <D as KeySel<D::Sel, Max, Pos>>::Key;
}
#[doc(hidden)]
pub trait KeySel<Sel, Max, Pos> {
    type Key: Int;
}
impl<D: Int, Max, Pos> KeySel<B0, Max, Pos> for D {
    type Key = D;
}
impl<D, Max: Add<B1>, Pos> KeySel<Dyn, Max, Pos> for D
where
    Add1<Max>: Add<Pos>,
    Sum<Add1<Max>, Pos>: Int,
{
    type Key = Sum<Add1<Max>, Pos>;
}

/// The size a leaf `s : d` counts with: 1 where filtering and `d` is the static 0.
#[doc(hidden)]
pub trait EffLeaf<F, D> {
    type Output: Int + IntTuple;
    fn eff(&self) -> Self::Output;
}
impl<S: Int + IntTuple, D> EffLeaf<KeepZeros, D> for S {
    type Output = S;
    #[inline(always)]
    fn eff(&self) -> S {
        *self
    }
}
impl<S, D: IsZero> EffLeaf<FilterZeros, D> for S
where
    S: EffSel<ZeroSel<D>>,
{
    type Output = <S as EffSel<ZeroSel<D>>>::Output;
    #[inline(always)]
    fn eff(&self) -> Self::Output {
        self.eff_sel()
    }
}
#[doc(hidden)]
pub trait EffSel<Sel> {
    type Output: Int + IntTuple;
    fn eff_sel(&self) -> Self::Output;
}
impl<S> EffSel<B1> for S {
    type Output = U1;
    #[inline(always)]
    fn eff_sel(&self) -> U1 {
        U1::new()
    }
}
impl<S: Int + IntTuple> EffSel<B0> for S {
    type Output = S;
    #[inline(always)]
    fn eff_sel(&self) -> S {
        *self
    }
}
impl<S: Int + IntTuple> EffSel<Dyn> for S {
    type Output = S;
    #[inline(always)]
    fn eff_sel(&self) -> S {
        *self
    }
}

/// The effective sizes and keys of a flat mode list, from position `Pos`.
#[doc(hidden)]
pub trait FlatKeys<F, K, Max, Pos> {
    type Sizes: Plain;
    type Keys;
    fn sizes(&self) -> Self::Sizes;
}
impl<F, K, Max, Pos> FlatKeys<F, K, Max, Pos> for Nil {
    type Sizes = Nil;
    type Keys = Nil;
    #[inline(always)]
    fn sizes(&self) -> Nil {
        Nil
    }
}
impl<S: EffLeaf<F, D>, D: LeafKey<K, Max, Pos>, T, F, K, Max, Pos: Add<B1>> FlatKeys<F, K, Max, Pos>
    for Cons<M<S, D>, T>
where
    T: FlatKeys<F, K, Max, Add1<Pos>>,
{
    type Sizes = Cons<S::Output, T::Sizes>;
    type Keys = Cons<D::Key, T::Keys>;
    #[inline(always)]
    fn sizes(&self) -> Self::Sizes {
        Cons(self.0 .0.eff(), self.1.sizes())
    }
}

/// What every leaf needs: the flags, the largest static stride, the flat sizes (a value) and
/// keys, and the base the strides are scaled by.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct Ctx<F, K, Max, Sizes, Keys, Base> {
    sizes: Sizes,
    base: Base,
    _m: PhantomData<(F, K, Max, Keys)>,
}

/// The strides of a shape `Self` with strides `D` (leaves from flat position `Pos`).
#[doc(hidden)]
pub trait LikeStrides<D, C, Pos> {
    type Output: Plain;
    type Next;
    fn like_strides(&self, c: &C) -> Result<Self::Output>;
}
/// The stride of one leaf: 0 for an effective static size 1, else `base · start`.
#[doc(hidden)]
pub trait LeafStride<Sel, X> {
    type Output: Int + IntTuple;
    fn leaf_stride(x: X) -> Self::Output;
}
impl<X> LeafStride<B1, X> for () {
    type Output = U0;
    #[inline(always)]
    fn leaf_stride(_: X) -> U0 {
        U0::new()
    }
}
impl<X: Int + IntTuple> LeafStride<B0, X> for () {
    type Output = X;
    #[inline(always)]
    fn leaf_stride(x: X) -> X {
        x
    }
}
impl<X: Int + IntTuple> LeafStride<Dyn, X> for () {
    type Output = X;
    #[inline(always)]
    fn leaf_stride(x: X) -> X {
        x
    }
}

macro_rules! like_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<D, F, K, Max, Sizes, Keys, Base, Pos, $($g)*>
            LikeStrides<D, Ctx<F, K, Max, Sizes, Keys, Base>, Pos> for $S
        where
            D: LeafKey<K, Max, Pos>,
            $S: EffLeaf<F, D>,
            <$S as EffLeaf<F, D>>::Output: IsOne,
            Sizes: SmallerProduct<Keys, D::Key>,
            Base: Int + IntMul<<Sizes as SmallerProduct<Keys, D::Key>>::Output>,
            (): LeafStride<
                OneSel<<$S as EffLeaf<F, D>>::Output>,
                Prod<Base, <Sizes as SmallerProduct<Keys, D::Key>>::Output>,
            >,
            Pos: Add<B1>,
        {
            type Output = <() as LeafStride<
                OneSel<<$S as EffLeaf<F, D>>::Output>,
                Prod<Base, <Sizes as SmallerProduct<Keys, D::Key>>::Output>,
            >>::Output;
            type Next = Add1<Pos>;
            #[inline(always)]
            fn like_strides(&self, c: &Ctx<F, K, Max, Sizes, Keys, Base>) -> Result<Self::Output> {
                let start = c.sizes.smaller_product()?;
                Ok(<() as LeafStride<_, _>>::leaf_stride(c.base.mul(start)?))
            }
        }
    };
}
crate::tuple::for_each_shape_leaf!(like_leaf);

impl<C, Pos> LikeStrides<Nil, C, Pos> for Nil {
    type Output = Nil;
    type Next = Pos;
    #[inline(always)]
    fn like_strides(&self, _: &C) -> Result<Nil> {
        Ok(Nil)
    }
}
impl<SH, ST, DH, DT, C, Pos> LikeStrides<Cons<DH, DT>, C, Pos> for Cons<SH, ST>
where
    SH: LikeStrides<DH, C, Pos>,
    ST: LikeStrides<DT, C, SH::Next>,
{
    type Output = Cons<SH::Output, ST::Output>;
    type Next = ST::Next;
    #[inline(always)]
    fn like_strides(&self, c: &C) -> Result<Self::Output> {
        Ok(Cons(self.0.like_strides(c)?, self.1.like_strides(c)?))
    }
}
/// Tuples through their lists.
#[doc(hidden)]
pub trait TupleLikeStrides<D, C, Pos> {
    type Output: IntTuple;
    type Next;
    fn tuple_like_strides(&self, c: &C) -> Result<Self::Output>;
}
impl<S: ToCons, D: ToCons, C, Pos> TupleLikeStrides<D, C, Pos> for S
where
    S::Cons: LikeStrides<D::Cons, C, Pos>,
    <S::Cons as LikeStrides<D::Cons, C, Pos>>::Output: FromCons,
    TupleOf<<S::Cons as LikeStrides<D::Cons, C, Pos>>::Output>: IntTuple,
{
    type Output = TupleOf<<S::Cons as LikeStrides<D::Cons, C, Pos>>::Output>;
    type Next = <S::Cons as LikeStrides<D::Cons, C, Pos>>::Next;
    #[inline(always)]
    fn tuple_like_strides(&self, c: &C) -> Result<Self::Output> {
        Ok(self.to_cons().like_strides(c)?.from_cons())
    }
}
macro_rules! like_tuple {
    ($(($T:ident $D:ident))+) => {
        impl<C, Pos, $($T,)* $($D,)*> LikeStrides<($($D,)*), C, Pos> for ($($T,)*)
        where
            ($($T,)*): TupleLikeStrides<($($D,)*), C, Pos>,
        {
            type Output = <($($T,)*) as TupleLikeStrides<($($D,)*), C, Pos>>::Output;
            type Next = <($($T,)*) as TupleLikeStrides<($($D,)*), C, Pos>>::Next;
            #[inline(always)]
            fn like_strides(&self, c: &C) -> Result<Self::Output> {
                self.tuple_like_strides(c)
            }
        }
    };
}
crate::tuple::for_each_tuple_pair!(like_tuple);

/// The ordered strides of `Self : D` (`Self` a shape or a list of modes with `D` its strides,
/// flattened to `Flat`), scaled by `Base`.
#[doc(hidden)]
pub trait Ordered<D, Flat, F, K, Base> {
    type Output: Plain;
    fn ordered(&self, flat: &Flat, base: Base) -> Result<Self::Output>;
}
impl<S, D, Flat, F, K, Base> Ordered<D, Flat, F, K, Base> for S
where
    Flat: MaxStatic<U0> + FlatKeys<F, K, <Flat as MaxStatic<U0>>::Output, U0>,
    S: LikeStrides<
        D,
        Ctx<
            F,
            K,
            <Flat as MaxStatic<U0>>::Output,
            <Flat as FlatKeys<F, K, <Flat as MaxStatic<U0>>::Output, U0>>::Sizes,
            <Flat as FlatKeys<F, K, <Flat as MaxStatic<U0>>::Output, U0>>::Keys,
            Base,
        >,
        U0,
    >,
{
    type Output = <S as LikeStrides<
        D,
        Ctx<
            F,
            K,
            <Flat as MaxStatic<U0>>::Output,
            <Flat as FlatKeys<F, K, <Flat as MaxStatic<U0>>::Output, U0>>::Sizes,
            <Flat as FlatKeys<F, K, <Flat as MaxStatic<U0>>::Output, U0>>::Keys,
            Base,
        >,
        U0,
    >>::Output;
    #[inline(always)]
    fn ordered(&self, flat: &Flat, base: Base) -> Result<Self::Output> {
        let c = Ctx {
            sizes: flat.sizes(),
            base,
            _m: PhantomData,
        };
        self.like_strides(&c)
    }
}

// ---------------------------------------------------------------------------------------------
// The two operations

/// CuTe's `make_layout_like(L)`: the compact layout of `L`'s shape whose leaves are laid out in
/// the order of `L`'s strides; a leaf with the static stride 0 keeps the stride 0 (and takes
/// no room). Equal strides share a start (CuTe's ties: such leaves overlap). A runtime stride
/// counts as larger than every static one, runtime strides ordered left to right.
///
/// ```
/// use cute_layout::{layout, tensor::MakeLayoutLike};
/// // CuTe's examples (cute/layout.hpp).
/// let l = layout!((2,2,2,2):(0,2,4,1)).make_layout_like().unwrap();
/// assert_eq!(l.to_string(), "(2,2,2,2):(0,2,4,1)");
/// let l = layout!(({2},{3},{4},{5}):(0,{42},1,0)).unwrap().make_layout_like().unwrap();
/// assert_eq!(l.to_string(), "(2,3,4,5):(0,4,1,0)");
/// ```
pub trait MakeLayoutLike {
    /// The layout.
    type Output;
    /// The layout; an error only where a runtime size overflows.
    fn make_layout_like(&self) -> Result<Self::Output>;
}
impl<S, D> MakeLayoutLike for Layout<S, D>
where
    S: Congruent<D> + FlattenInto<D, Nil>,
    D: IntTuple,
    S: Ordered<D, <S as FlattenInto<D, Nil>>::Output, FilterZeros, ByStride, U1>,
    S: Congruent<
        <S as Ordered<D, <S as FlattenInto<D, Nil>>::Output, FilterZeros, ByStride, U1>>::Output,
    >,
    <S as Ordered<D, <S as FlattenInto<D, Nil>>::Output, FilterZeros, ByStride, U1>>::Output:
        IntTuple,
{
    type Output = Layout<
        S,
        <S as Ordered<D, <S as FlattenInto<D, Nil>>::Output, FilterZeros, ByStride, U1>>::Output,
    >;
    #[inline(always)]
    fn make_layout_like(&self) -> Result<Self::Output> {
        let (s, d) = (self.shape(), self.stride());
        let flat = s.flatten_into(&d, Nil);
        checked_layout(s, s.ordered(&flat, U1::new())?)
    }
}

/// The strides of `make_fragment_like` for a shape whose modes are the list `Self`, strides
/// the list `D`: rank 1 column major, rank ≥ 2 mode 0 column major (zeros kept) and the rest
/// ordered by stride.
#[doc(hidden)]
pub trait FragmentStrides<D> {
    type Output: Plain;
    fn fragment_strides(&self, d: &D) -> Result<Self::Output>;
}
impl<S0, D0> FragmentStrides<Cons<D0, Nil>> for Cons<S0, Nil>
where
    S0: FlattenInto<D0, Nil>,
    S0: Ordered<D0, <S0 as FlattenInto<D0, Nil>>::Output, KeepZeros, ByPos, U1>,
{
    type Output = Cons<
        <S0 as Ordered<D0, <S0 as FlattenInto<D0, Nil>>::Output, KeepZeros, ByPos, U1>>::Output,
        Nil,
    >;
    #[inline(always)]
    fn fragment_strides(&self, d: &Cons<D0, Nil>) -> Result<Self::Output> {
        let flat = self.0.flatten_into(&d.0, Nil);
        Ok(Cons(self.0.ordered(&flat, U1::new())?, Nil))
    }
}
/// The size of mode 0 with its static-0-stride leaves counted as 1.
type Mode0Base<S0, D0> = <<<S0 as FlattenInto<D0, Nil>>::Output as FlatKeys<
    FilterZeros,
    ByPos,
    U0,
    U0,
>>::Sizes as crate::tuple::ConsTuple>::Size;
impl<S0, S1, ST, D0, D1, DT> FragmentStrides<Cons<D0, Cons<D1, DT>>> for Cons<S0, Cons<S1, ST>>
where
    S0: FlattenInto<D0, Nil>,
    S0: Ordered<D0, <S0 as FlattenInto<D0, Nil>>::Output, FilterZeros, ByPos, U1>,
    <S0 as FlattenInto<D0, Nil>>::Output: FlatKeys<FilterZeros, ByPos, U0, U0>,
    <<S0 as FlattenInto<D0, Nil>>::Output as FlatKeys<FilterZeros, ByPos, U0, U0>>::Sizes:
        crate::tuple::ConsTuple,
    Cons<S1, ST>: ConsFlattenInto<Cons<D1, DT>, Nil>,
    Cons<S1, ST>: Ordered<
        Cons<D1, DT>,
        <Cons<S1, ST> as ConsFlattenInto<Cons<D1, DT>, Nil>>::Output,
        KeepZeros,
        ByStride,
        Mode0Base<S0, D0>,
    >,
{
    type Output = Cons<
        <S0 as Ordered<D0, <S0 as FlattenInto<D0, Nil>>::Output, FilterZeros, ByPos, U1>>::Output,
        <Cons<S1, ST> as Ordered<
            Cons<D1, DT>,
            <Cons<S1, ST> as ConsFlattenInto<Cons<D1, DT>, Nil>>::Output,
            KeepZeros,
            ByStride,
            Mode0Base<S0, D0>,
        >>::Output,
    >;
    #[inline(always)]
    fn fragment_strides(&self, d: &Cons<D0, Cons<D1, DT>>) -> Result<Self::Output> {
        use crate::tuple::ConsTuple;
        let flat0 = self.0.flatten_into(&d.0, Nil);
        let s0 = self.0.ordered(&flat0, U1::new())?;
        let base = FlatKeys::<FilterZeros, ByPos, U0, U0>::sizes(&flat0).size()?;
        let flat1 = self.1.flatten_into(&d.1, Nil);
        Ok(Cons(s0, self.1.ordered(&flat1, base)?))
    }
}

/// The strides of `make_fragment_like` for the shape `Self` with strides `D`.
#[doc(hidden)]
pub trait FragmentShape<D> {
    type Strides: IntTuple;
    fn fragment_shape_strides(&self, d: &D) -> Result<Self::Strides>;
}
macro_rules! fragment_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<D, $($g)*> FragmentShape<D> for $S
        where
            $S: FlattenInto<D, Nil>,
            $S: Ordered<D, <$S as FlattenInto<D, Nil>>::Output, KeepZeros, ByPos, U1>,
            <$S as Ordered<D, <$S as FlattenInto<D, Nil>>::Output, KeepZeros, ByPos, U1>>::Output:
                IntTuple,
        {
            type Strides =
                <$S as Ordered<D, <$S as FlattenInto<D, Nil>>::Output, KeepZeros, ByPos, U1>>::Output;
            #[inline(always)]
            fn fragment_shape_strides(&self, d: &D) -> Result<Self::Strides> {
                let flat = self.flatten_into(d, Nil);
                self.ordered(&flat, U1::new())
            }
        }
    };
}
crate::tuple::for_each_shape_leaf!(fragment_leaf);
impl<S: ToCons, D: ToCons> FragmentShape<D> for S
where
    S::Cons: FragmentStrides<D::Cons>,
    <S::Cons as FragmentStrides<D::Cons>>::Output: FromCons,
    TupleOf<<S::Cons as FragmentStrides<D::Cons>>::Output>: IntTuple,
{
    type Strides = TupleOf<<S::Cons as FragmentStrides<D::Cons>>::Output>;
    #[inline(always)]
    fn fragment_shape_strides(&self, d: &D) -> Result<Self::Strides> {
        Ok(self.to_cons().fragment_strides(&d.to_cons())?.from_cons())
    }
}
