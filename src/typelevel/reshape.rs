//! Reshaping layouts in the type system: changing a layout's element width, CuTe's
//! `upcast<N>`, `downcast<N>` and `recast_layout<Old, New>` (`layout.hpp`), leaf by leaf, static
//! where the leaves are (`make_ordered_layout` and `tile_to_shape` are in `ordered.rs`). The
//! rules and contracts are those of the runtime engine ([`algebra::try_upcast`](crate::runtime),
//! `try_downcast`, `try_recast_layout`).

use typenum::{Unsigned, B0, B1};

use crate::composed::{ComposedInner, ComposedLayout, ComposedOffset, ComposedOuter};
use crate::error::{layout_error, ErrorKind, Result};
use crate::int::select::{Dyn, EqSel, IntEq, OneSel, Or, SelOr, Selector, ZeroSel};
use crate::int::{AbsOf, Gcf, Int, IntAbs, IntDiv, IntGcd, IntMul, IntRem, Mod, Prod, Quot};
use crate::layout::Layout;
use crate::swizzle::{
    DowncastSwizzleOf, DynSwizzle, Swizzle, SwizzleDowncast, SwizzleUpcast, UpcastSwizzleOf,
};
use crate::tuple::{Congruent, IntTuple};
use crate::typelevel::flat::checked_layout;
use crate::typelevel::verdict::{Decide2, FirstFailure, Holds, Verdict2};

with_diagnostic! {
    (
        message = "upcast<N>: a stride and N must divide one another",
        label = "in `{Self}` (stride, N), neither divides the other",
        note = "CuTe: static_assert(Stride::value % N == 0 or N % Stride::value == 0, \"Divisibility condition\"); e.g. upcast<2>(4:3)"
    )
    /// `upcast<N>`'s stride condition: for each leaf `(d, N)`, `N | d` or `d | N` (`d = 0`
    /// included). Implemented by the pairs that satisfy it (runtime strides checked at run
    /// time).
    #[doc(hidden)]
    pub trait UpcastStrideDivides {}
    #[doc(hidden)]
    pub trait UpcastStrideDividesSel<Sel> {}
}
/// `(d, N)` holds when `gcd(d, N) = N` (`N | d`) or `gcd(d, N) = |d|` (`d | N`).
#[diagnostic::do_not_recommend]
impl<D: IntGcd<N> + IntAbs, N: Int> UpcastStrideDivides for (D, N)
where
    Gcf<D, N>: IntEq<N> + IntEq<AbsOf<D>>,
    EqSel<Gcf<D, N>, N>: SelOr<EqSel<Gcf<D, N>, AbsOf<D>>>,
    (D, N): UpcastStrideDividesSel<StrideDividesSel<D, N>>,
{
}
impl<T> UpcastStrideDividesSel<B1> for T {}
impl<T> UpcastStrideDividesSel<Dyn> for T {}

with_diagnostic! {
    (
        message = "upcast<N>: the elements per wide element must divide the mode's size",
        label = "in `{Self}` (size, elements per wide element), the second does not divide the first",
        note = "a mode of stride d (d | N) puts N/d of its elements in each wide element; CuTe rounds up with ceil_div, which would address a partly used wide element: e.g. upcast<2>(3:1); coalesce nested contiguous modes first"
    )
    /// `upcast<N>`'s shape condition: for each leaf `(s, q)` with `q = N / gcd(d, N)`, `q | s`.
    #[doc(hidden)]
    pub trait UpcastShapeDivides {}
    #[doc(hidden)]
    pub trait UpcastShapeDividesSel<Sel> {}
}
/// `(s, q)` holds when `q | s`.
#[diagnostic::do_not_recommend]
impl<S: IntRem<Q>, Q: Int> UpcastShapeDivides for (S, Q) where
    (S, Q): UpcastShapeDividesSel<ZeroSel<Mod<S, Q>>>
{
}
impl<T> UpcastShapeDividesSel<B1> for T {}
impl<T> UpcastShapeDividesSel<Dyn> for T {}

// The leaf map's verdict (`typelevel::verdict`): a violated condition is carried up to
// `Upcast`, whose bounds name it.
#[diagnostic::do_not_recommend]
impl UpcastStrideDivides for Holds {}
#[diagnostic::do_not_recommend]
impl UpcastShapeDivides for Holds {}
/// The stride condition of `upcast<N>` at a leaf `(d, N)` as a selector.
type StrideDividesSel<D, N> = Or<EqSel<Gcf<D, N>, N>, EqSel<Gcf<D, N>, AbsOf<D>>>;

with_diagnostic! {
    (
        message = "downcast<N> needs a stride-1 leaf (CuTe: \"Downcast requires adjacent elements\")",
        label = "no stride of this layout is 1",
        note = "downcast<N> multiplies the size of the unit-stride modes by N and the other strides by N"
    )
    /// `downcast<N>`'s condition: some stride leaf is 1 (or `N = 1`). Implemented by the
    /// selector pair `(any stride is 1, N is 1)` where it holds.
    #[doc(hidden)]
    pub trait DowncastAdjacent {}
}
impl<X> DowncastAdjacent for (B1, X) {}
impl<X> DowncastAdjacent for (Dyn, X) {}
impl DowncastAdjacent for (B0, B1) {}

/// Whether a stride tuple has a leaf equal to 1: [`B1`], [`B0`] or [`Dyn`].
#[doc(hidden)]
pub trait AnyUnit {
    type Sel: Selector;
}
macro_rules! any_unit_leaf {
    ([$($g:tt)*] $T:ty) => {
        impl<$($g)*> AnyUnit for $T {
            type Sel = OneSel<$T>;
        }
    };
}
crate::tuple::for_each_leaf!(any_unit_leaf);
impl AnyUnit for crate::tuple::Nil {
    type Sel = B0;
}
impl<H: AnyUnit, T: AnyUnit> AnyUnit for crate::tuple::Cons<H, T>
where
    H::Sel: SelOr<T::Sel>,
{
    type Sel = Or<H::Sel, T::Sel>;
}
macro_rules! any_unit_tuple {
    ($(($T:ident $D:ident))*) => {
        impl<$($T,)*> AnyUnit for ($($T,)*)
        where
            crate::tuple::cons_type!($($T),*): AnyUnit,
        {
            type Sel = <crate::tuple::cons_type!($($T),*) as AnyUnit>::Sel;
        }
    };
}
crate::tuple::for_each_tuple_pair!(any_unit_tuple);

/// `upcast<N>` of `Self : D`, leaf by leaf: with `g = gcd(d, N)` and `q = N/g`, `s/q : d/g`.
#[doc(hidden)]
pub trait UpcastWith<D, N> {
    type Shape: crate::int::Plain;
    type Stride: crate::int::Plain;
    /// The first violated condition ([`Verdict2`]: stride, then shape).
    type Verdict;
    fn upcast_with(&self, d: &D, n: N) -> Result<(Self::Shape, Self::Stride)>;
}
macro_rules! upcast_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<D, N, $($g)*> UpcastWith<D, N> for $S
        where
            D: Int + IntGcd<N> + IntAbs + IntDiv<Gcf<D, N>>,
            N: Int + IntDiv<Gcf<D, N>>,
            Gcf<D, N>: IntEq<N> + IntEq<AbsOf<D>>,
            EqSel<Gcf<D, N>, N>: SelOr<EqSel<Gcf<D, N>, AbsOf<D>>>,
            $S: IntRem<Quot<N, Gcf<D, N>>> + IntDiv<Quot<N, Gcf<D, N>>>,
            StrideDividesSel<D, N>: Decide2<
                (D, N),
                ZeroSel<Mod<$S, Quot<N, Gcf<D, N>>>>,
                ($S, Quot<N, Gcf<D, N>>),
            >,
        {
            type Shape = Quot<$S, Quot<N, Gcf<D, N>>>;
            type Stride = Quot<D, Gcf<D, N>>;
            type Verdict = <StrideDividesSel<D, N> as Decide2<
                (D, N),
                ZeroSel<Mod<$S, Quot<N, Gcf<D, N>>>>,
                ($S, Quot<N, Gcf<D, N>>),
            >>::Output;
            #[inline(always)]
            fn upcast_with(&self, d: &D, n: N) -> Result<(Self::Shape, Self::Stride)> {
                let g = d.gcd(n)?;
                let gv = g.value();
                if gv != n.value() && gv as u64 != d.value().unsigned_abs() {
                    return Err(layout_error!(
                        ErrorKind::NotDivisible,
                        "upcast<{}>: stride {} and {} do not divide each other",
                        n.value(), d.value(), n.value()
                    ));
                }
                let q = n.div(g)?;
                if self.rem(q)?.value() != 0 {
                    return Err(layout_error!(
                        ErrorKind::NotDivisible,
                        "upcast<{}>: a mode of stride {} holds {} elements per wide element, which does not divide its size {}",
                        n.value(), d.value(), q.value(), self.value()
                    ));
                }
                Ok((self.div(q)?, d.div(g)?))
            }
        }
    };
}
crate::tuple::for_each_size_leaf!(upcast_leaf);

/// `downcast<N>` of `Self : D`, leaf by leaf: `s·N : d` for `d = ±1`, `s : d·N` otherwise.
#[doc(hidden)]
pub trait DowncastWith<D, N> {
    type Shape: crate::int::Plain;
    type Stride: crate::int::Plain;
    /// Downcast has no leaf condition: [`Holds`].
    type Verdict;
    fn downcast_with(&self, d: &D, n: N) -> Result<(Self::Shape, Self::Stride)>;
}
#[doc(hidden)]
pub trait DowncastLeaf<D, N, Unit> {
    type Shape: crate::int::Plain;
    type Stride: crate::int::Plain;
    fn downcast_leaf(&self, d: &D, n: N) -> Result<(Self::Shape, Self::Stride)>;
}
impl<S: Int + IntMul<N>, D: Int, N: Int> DowncastLeaf<D, N, B1> for S {
    type Shape = Prod<S, N>;
    type Stride = D;
    #[inline(always)]
    fn downcast_leaf(&self, d: &D, n: N) -> Result<(Self::Shape, D)> {
        Ok((self.mul(n)?, *d))
    }
}
impl<S: Int, D: Int + IntMul<N>, N: Int> DowncastLeaf<D, N, B0> for S {
    type Shape = S;
    type Stride = Prod<D, N>;
    #[inline(always)]
    fn downcast_leaf(&self, d: &D, n: N) -> Result<(S, Self::Stride)> {
        Ok((*self, d.mul(n)?))
    }
}
impl<S: Int, D: Int, N: Int> DowncastLeaf<D, N, Dyn> for S {
    type Shape = i64;
    type Stride = i64;
    #[inline(always)]
    fn downcast_leaf(&self, d: &D, n: N) -> Result<(i64, i64)> {
        let (s, d, n) = (self.value(), d.value(), n.value());
        if d == 1 || d == -1 {
            Ok((s.mul(n)?, d))
        } else {
            Ok((s, d.mul(n)?))
        }
    }
}
macro_rules! downcast_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<D: Int + IntAbs, N: Int, $($g)*> DowncastWith<D, N> for $S
        where
            $S: DowncastLeaf<D, N, OneSel<AbsOf<D>>>,
        {
            type Shape = <$S as DowncastLeaf<D, N, OneSel<AbsOf<D>>>>::Shape;
            type Stride = <$S as DowncastLeaf<D, N, OneSel<AbsOf<D>>>>::Stride;
            type Verdict = Holds;
            #[inline(always)]
            fn downcast_with(&self, d: &D, n: N) -> Result<(Self::Shape, Self::Stride)> {
                self.downcast_leaf(d, n)
            }
        }
    };
}
crate::tuple::for_each_size_leaf!(downcast_leaf);

macro_rules! cast_tuple {
    ($Trait:ident $m:ident; $(($T:ident $D:ident))+) => {
        #[allow(non_snake_case)]
        impl<N: Int, $($T: $Trait<$D, N>, $D,)*> $Trait<($($D,)*), N> for ($($T,)*)
        where
            ($(<$T as $Trait<$D, N>>::Shape,)*): IntTuple,
            ($(<$T as $Trait<$D, N>>::Stride,)*): IntTuple,
            ($(<$T as $Trait<$D, N>>::Verdict,)*): FirstFailure,
        {
            type Shape = ($(<$T as $Trait<$D, N>>::Shape,)*);
            type Stride = ($(<$T as $Trait<$D, N>>::Stride,)*);
            type Verdict = <($(<$T as $Trait<$D, N>>::Verdict,)*) as FirstFailure>::Output;
            #[inline(always)]
            fn $m(&self, d: &($($D,)*), n: N) -> Result<(Self::Shape, Self::Stride)> {
                let ($($T,)*) = self;
                let ($($D,)*) = d;
                $(let $T = $T.$m($D, n)?;)*
                Ok((($($T.0,)*), ($($T.1,)*)))
            }
        }
    };
}
macro_rules! upcast_tuple {
    ($($p:tt)+) => { cast_tuple!(UpcastWith upcast_with; $($p)+); };
}
macro_rules! downcast_tuple {
    ($($p:tt)+) => { cast_tuple!(DowncastWith downcast_with; $($p)+); };
}
crate::tuple::for_each_tuple_pair!(upcast_tuple);
crate::tuple::for_each_tuple_pair!(downcast_tuple);

/// CuTe's `upcast<N>(L)` (`N` a typenum unsigned integer, `N ≥ 1`): `L` as a layout over
/// elements `N` times wider. Leaf by leaf, with `g = gcd(d, N)`: `s/(N/g) : d/g` — stride-0
/// leaves kept, strides that are multiples of `N` divided, a stride `d | N` becomes
/// `sign(d)` with `N/|d|` elements per wide element. A stride that neither divides nor is a
/// multiple of `N`, and (unlike CuTe, which rounds up) a size not divisible by the elements
/// per wide element, are compile errors naming the condition for static leaves and
/// [`ErrorKind::NotDivisible`] errors for runtime ones. Result leaves are static where the
/// leaf's shape and stride are (stride: where the stride is). The contract (which coordinates
/// address which wide elements) is documented on
/// [`algebra::try_upcast`](crate::runtime::try_upcast).
///
/// ```
/// use cute_layout::{layout, Layout, ops::{Upcast, UpcastOf}};
/// use cute_layout::typenum::U8;
/// // 16-bit elements of the usual smem atom, as 128-bit vectors of 8:
/// static_assertions::assert_type_eq_all!(UpcastOf<Layout![(8,64):(64,1)], U8>, Layout![(8,8):(8,1)]);
/// assert_eq!(layout!((8,64):(64,1)).upcast::<U8>().to_string(), "(8,8):(8,1)");
/// ```
pub trait Upcast<N> {
    /// The result.
    type Output;
    /// The result; an error only for runtime values that violate a condition.
    fn try_upcast(&self) -> Result<Self::Output>;
}
/// The result type of [`Upcast`].
pub type UpcastOf<L, N> = <L as Upcast<N>>::Output;

/// CuTe's `downcast<N>(L)`: `L` as a layout over elements `N` times narrower. Leaf by leaf:
/// a unit stride (`±1`) multiplies the size by `N`, any other stride is multiplied by `N`.
/// Some stride must be 1 when `N > 1` (CuTe: "Downcast requires adjacent elements"): a
/// compile error for static strides, [`ErrorKind::InvalidArgument`] for runtime ones. A runtime
/// stride 1 counts as a unit stride (CuTe checks the static `_1` only). See
/// [`algebra::try_downcast`](crate::runtime::try_downcast) for the contract.
///
/// ```
/// use cute_layout::{layout, Layout, ops::{Downcast, DowncastOf}};
/// use cute_layout::typenum::U2;
/// static_assertions::assert_type_eq_all!(DowncastOf<Layout![(8,8):(8,1)], U2>, Layout![(8,16):(16,1)]);
/// assert_eq!(layout!((8,8):(8,1)).downcast::<U2>().to_string(), "(8,16):(16,1)");
/// ```
pub trait Downcast<N> {
    /// The result.
    type Output;
    /// The result; an error only for runtime values that violate a condition.
    fn try_downcast(&self) -> Result<Self::Output>;
}
/// The result type of [`Downcast`].
pub type DowncastOf<L, N> = <L as Downcast<N>>::Output;

impl<S, D, N> Upcast<N> for Layout<S, D>
where
    S: Congruent<D> + UpcastWith<D, N>,
    D: IntTuple,
    N: Unsigned + Int,
    S::Shape: Congruent<S::Stride>,
    S::Stride: IntTuple,
    S::Verdict: Verdict2,
    <S::Verdict as Verdict2>::First: UpcastStrideDivides,
    <S::Verdict as Verdict2>::Second: UpcastShapeDivides,
{
    type Output = Layout<S::Shape, S::Stride>;
    #[inline(always)]
    fn try_upcast(&self) -> Result<Self::Output> {
        let (s, d) = self.shape().upcast_with(&self.stride(), N::default())?;
        checked_layout(s, d)
    }
}

impl<S, D, N> Downcast<N> for Layout<S, D>
where
    S: Congruent<D> + DowncastWith<D, N>,
    D: IntTuple + AnyUnit,
    N: Unsigned + Int + crate::int::select::IsOne,
    (D::Sel, OneSel<N>): DowncastAdjacent,
    S::Shape: Congruent<S::Stride>,
    S::Stride: IntTuple,
{
    type Output = Layout<S::Shape, S::Stride>;
    #[inline(always)]
    fn try_downcast(&self) -> Result<Self::Output> {
        let n = N::default();
        struct Unit(bool);
        impl crate::tuple::Visitor for Unit {
            fn leaf(&mut self, v: i64, _: bool) {
                self.0 |= v == 1;
            }
        }
        let mut unit = Unit(false);
        self.stride().visit(&mut unit);
        if n.value() > 1 && !unit.0 {
            return Err(layout_error!(
                ErrorKind::InvalidArgument,
                "downcast<{}>: no stride is 1 (CuTe: \"Downcast requires adjacent elements\")",
                n.value()
            ));
        }
        let (s, d) = self.shape().downcast_with(&self.stride(), n)?;
        checked_layout(s, d)
    }
}

/// The width of an element type in bits, as a typenum integer (CuTe's `sizeof_bits`), for
/// [`RecastLayout`]. Implemented for the primitive integers and floats; implement it for
/// your own element types (e.g. a 16-bit float: `type Bits = U16`).
#[doc(hidden)]
pub trait ElementBits {
    /// The width in bits.
    type Bits: Unsigned + Int;
}
macro_rules! element_bits {
    ($($T:ty => $B:ident),*) => {$(
        impl ElementBits for $T {
            type Bits = typenum::$B;
        }
    )*};
}
element_bits!(u8 => U8, i8 => U8, u16 => U16, i16 => U16, u32 => U32, i32 => U32, f32 => U32,
    u64 => U64, i64 => U64, f64 => U64, u128 => U128, i128 => U128);

/// `num / den = New::Bits / Old::Bits` in lowest terms.
type Num<Old, New> =
    Quot<<New as ElementBits>::Bits, Gcf<<New as ElementBits>::Bits, <Old as ElementBits>::Bits>>;
type Den<Old, New> =
    Quot<<Old as ElementBits>::Bits, Gcf<<New as ElementBits>::Bits, <Old as ElementBits>::Bits>>;

/// CuTe's `recast_layout<Old, New>(L)`: with `New::Bits / Old::Bits = num / den` in lowest
/// terms, `downcast<den>(upcast<num>(L))` (`downcast<1>` is the identity, so this is
/// `upcast<num>(L)` when `den = 1`, as CuTe).
///
/// ```
/// use cute_layout::{layout, Layout, ops::{RecastLayout, RecastLayoutOf}};
/// static_assertions::assert_type_eq_all!(
///     RecastLayoutOf<Layout![(8,64):(64,1)], u16, u128>, Layout![(8,8):(8,1)]);
/// assert_eq!(layout!((8,8):(8,1)).recast_layout::<f32, u16>().to_string(), "(8,16):(16,1)");
/// ```
pub trait RecastLayout<Old, New> {
    /// The result.
    type Output;
    /// The result; an error only for runtime values that violate a condition.
    fn try_recast_layout(&self) -> Result<Self::Output>;
}
/// The result type of [`RecastLayout`].
pub type RecastLayoutOf<L, Old, New> = <L as RecastLayout<Old, New>>::Output;

impl<L, Old: ElementBits, New: ElementBits> RecastLayout<Old, New> for L
where
    New::Bits: IntGcd<Old::Bits>,
    New::Bits: IntDiv<Gcf<New::Bits, Old::Bits>>,
    Old::Bits: IntDiv<Gcf<New::Bits, Old::Bits>>,
    L: Upcast<Num<Old, New>>,
    UpcastOf<L, Num<Old, New>>: Downcast<Den<Old, New>>,
{
    type Output = DowncastOf<UpcastOf<L, Num<Old, New>>, Den<Old, New>>;
    #[inline(always)]
    fn try_recast_layout(&self) -> Result<Self::Output> {
        self.try_upcast()?.try_downcast()
    }
}

/// The inherent `upcast`/`downcast`/`recast_layout` methods (and `try_` forms), on both
/// layout kinds, so that no trait import is needed.
macro_rules! cast_methods {
    ($Ty:ty [$($P:ident),*]) => {
        impl<$($P),*> $Ty {
            /// See [`Upcast`](crate::typelevel::Upcast); an error only for runtime values that violate a condition.
            #[inline(always)]
            pub fn try_upcast<N>(&self) -> Result<UpcastOf<Self, N>>
            where
                Self: Upcast<N>,
            {
                <Self as Upcast<N>>::try_upcast(self)
            }
            /// See [`Upcast`](crate::typelevel::Upcast); panics with the error's message where `try_upcast` errs (only for runtime values).
            #[inline(always)]
            #[track_caller]
            pub fn upcast<N>(&self) -> UpcastOf<Self, N>
            where
                Self: Upcast<N>,
            {
                match <Self as Upcast<N>>::try_upcast(self) {
                    Ok(v) => v,
                    Err(e) => panic!("{e}"),
                }
            }
            /// See [`Downcast`](crate::typelevel::Downcast); an error only for runtime values that violate a condition.
            #[inline(always)]
            pub fn try_downcast<N>(&self) -> Result<DowncastOf<Self, N>>
            where
                Self: Downcast<N>,
            {
                <Self as Downcast<N>>::try_downcast(self)
            }
            /// See [`Downcast`](crate::typelevel::Downcast); panics with the error's message where `try_downcast` errs (only for runtime values).
            #[inline(always)]
            #[track_caller]
            pub fn downcast<N>(&self) -> DowncastOf<Self, N>
            where
                Self: Downcast<N>,
            {
                match <Self as Downcast<N>>::try_downcast(self) {
                    Ok(v) => v,
                    Err(e) => panic!("{e}"),
                }
            }
            /// See [`RecastLayout`](crate::typelevel::RecastLayout); an error only for runtime values that violate a condition.
            #[inline(always)]
            pub fn try_recast_layout<Old, New>(&self) -> Result<RecastLayoutOf<Self, Old, New>>
            where
                Self: RecastLayout<Old, New>,
            {
                <Self as RecastLayout<Old, New>>::try_recast_layout(self)
            }
            /// See [`RecastLayout`](crate::typelevel::RecastLayout); panics with the error's message where `try_recast_layout` errs (only for runtime values).
            #[inline(always)]
            #[track_caller]
            pub fn recast_layout<Old, New>(&self) -> RecastLayoutOf<Self, Old, New>
            where
                Self: RecastLayout<Old, New>,
            {
                match <Self as RecastLayout<Old, New>>::try_recast_layout(self) {
                    Ok(v) => v,
                    Err(e) => panic!("{e}"),
                }
            }
        }
    };
}
cast_methods!(Layout < S, D > [S, D]);
#[cfg(feature = "alloc")]
cast_methods!(crate::DynLayout []);

#[cfg(feature = "alloc")]
impl<N: Unsigned> Upcast<N> for crate::DynLayout {
    type Output = crate::DynLayout;
    #[inline]
    fn try_upcast(&self) -> Result<crate::DynLayout> {
        crate::runtime::try_upcast(self, N::I64)
    }
}
#[cfg(feature = "alloc")]
impl<N: Unsigned> Downcast<N> for crate::DynLayout {
    type Output = crate::DynLayout;
    #[inline]
    fn try_downcast(&self) -> Result<crate::DynLayout> {
        crate::runtime::try_downcast(self, N::I64)
    }
}

// ---------------------------------------------------------------------------------------------
// Element-width casts (CuTe layout_composed.hpp): each part cast on its own,
// `upcast<N>(A ∘ O ∘ B) = upcast<N>(A) ∘ upcast<N>(O) ∘ upcast<N>(B)`, the same for downcast;
// `recast_layout` follows from the two (its blanket impl in `ops`).

with_diagnostic! {
    (
        message = "upcast<N> of a composed layout: N must divide the offset",
        label = "in `{Self}` (offset, N), N does not divide the offset",
        note = "CuTe: upcast<N>(offset) = safe_div(offset, N); an offset inside a wide element has no wide-element offset"
    )
    /// `upcast<N>`'s offset condition for a composed layout: `N | O`. Implemented by the pairs
    /// that satisfy it (runtime offsets are checked at run time).
    #[doc(hidden)]
    pub trait UpcastOffsetDivides {}
    #[doc(hidden)]
    pub trait UpcastOffsetDividesSel<Sel> {}
}
/// `(O, N)` holds when `N | O`.
#[diagnostic::do_not_recommend]
impl<O: IntRem<N>, N: Int> UpcastOffsetDivides for (O, N) where
    (O, N): UpcastOffsetDividesSel<ZeroSel<Mod<O, N>>>
{
}
impl<T> UpcastOffsetDividesSel<typenum::B1> for T {}
impl<T> UpcastOffsetDividesSel<crate::int::select::Dyn> for T {}
/// A runtime offset is checked at run time.
#[cfg(feature = "alloc")]
#[diagnostic::do_not_recommend]
impl<N> UpcastOffsetDivides for (crate::DynInt, N) {}

/// The parts of a composed layout that change with the element width, in units `N` times
/// wider: the outer swizzle and the offset (the inner layout casts through [`Upcast`]).
/// Separate from [`CastDown`]: `downcast<N>` asks nothing of `upcast<N>`'s conditions.
#[doc(hidden)]
pub trait CastUp<N> {
    /// In units `N` times wider.
    type Up;
    fn try_up(&self) -> Result<Self::Up>;
}

/// The parts of a composed layout that change with the element width, in units `N` times
/// narrower (the inner layout casts through [`Downcast`]).
#[doc(hidden)]
pub trait CastDown<N> {
    /// In units `N` times narrower.
    type Down;
    fn try_down(&self) -> Result<Self::Down>;
}

impl<Bb, M, S, N> CastUp<N> for Swizzle<Bb, M, S>
where
    Bb: typenum::Unsigned,
    M: typenum::Unsigned,
    S: typenum::Integer,
    Swizzle<Bb, M, S>: SwizzleUpcast<N>,
    UpcastSwizzleOf<Self, N>: Default,
{
    type Up = UpcastSwizzleOf<Self, N>;
    #[inline(always)]
    fn try_up(&self) -> Result<Self::Up> {
        Ok(Default::default())
    }
}

impl<Bb, M, S, N> CastDown<N> for Swizzle<Bb, M, S>
where
    Bb: typenum::Unsigned,
    M: typenum::Unsigned,
    S: typenum::Integer,
    Swizzle<Bb, M, S>: SwizzleDowncast<N>,
    DowncastSwizzleOf<Self, N>: Default,
{
    type Down = DowncastSwizzleOf<Self, N>;
    #[inline(always)]
    fn try_down(&self) -> Result<Self::Down> {
        Ok(Default::default())
    }
}

impl<N: typenum::Unsigned> CastUp<N> for DynSwizzle {
    type Up = DynSwizzle;
    fn try_up(&self) -> Result<DynSwizzle> {
        self.try_upcast(N::I64)
    }
}

impl<N: typenum::Unsigned> CastDown<N> for DynSwizzle {
    type Down = DynSwizzle;
    fn try_down(&self) -> Result<DynSwizzle> {
        self.try_downcast(N::I64)
    }
}

/// The offset, as a [`CastUp`] / [`CastDown`]: `safe_div(O, N)` up, `O·N` down.
#[doc(hidden)]
pub struct OffsetPart<O>(O);

impl<O, N> CastUp<N> for OffsetPart<O>
where
    O: Int + IntDiv<N> + IntRem<N>,
    N: Int + typenum::Unsigned,
{
    // The condition `(O, N): UpcastOffsetDivides` is a bound of `Upcast` on the composed layout,
    // which names it; a runtime offset is checked here.
    type Up = Quot<O, N>;
    #[inline(always)]
    fn try_up(&self) -> Result<Self::Up> {
        if self.0.rem(N::default())?.value() != 0 {
            return Err(offset_not_divisible(self.0.value(), N::I64));
        }
        self.0.div(N::default())
    }
}

impl<O, N> CastDown<N> for OffsetPart<O>
where
    O: Int + IntMul<N>,
    N: Int + typenum::Unsigned,
{
    type Down = Prod<O, N>;
    #[inline(always)]
    fn try_down(&self) -> Result<Self::Down> {
        self.0.mul(N::default())
    }
}

#[cfg(feature = "alloc")]
impl<N: typenum::Unsigned> CastUp<N> for OffsetPart<crate::DynInt> {
    type Up = crate::DynInt;
    fn try_up(&self) -> Result<crate::DynInt> {
        let (o, n) = (self.0.value, N::I64);
        if n == 0 || o % n != 0 {
            return Err(offset_not_divisible(o, n));
        }
        Ok(crate::DynInt {
            value: o / n,
            is_static: self.0.is_static,
        })
    }
}

#[cfg(feature = "alloc")]
impl<N: typenum::Unsigned> CastDown<N> for OffsetPart<crate::DynInt> {
    type Down = crate::DynInt;
    fn try_down(&self) -> Result<crate::DynInt> {
        let value = self.0.value.checked_mul(N::I64).ok_or_else(|| {
            layout_error!(
                ErrorKind::Overflow,
                "downcast<{}>: offset {} · {} overflows",
                N::I64,
                self.0.value,
                N::I64
            )
        })?;
        Ok(crate::DynInt {
            value,
            is_static: self.0.is_static,
        })
    }
}

fn offset_not_divisible(o: i64, n: i64) -> crate::error::LayoutError {
    layout_error!(
        ErrorKind::NotDivisible,
        "upcast<{n}>: the offset {o} of a composed layout is not a multiple of {n} (CuTe: safe_div)"
    )
}

/// `upcast<N>(A ∘ O ∘ B) = upcast<N>(A) ∘ O/N ∘ upcast<N>(B)` (CuTe `layout_composed.hpp`):
/// the swizzled layout in units `N` times wider. A byte-address `Sw<3,4,3>` on 16-bit
/// elements is `Sw<3,3,3>`:
///
/// ```
/// use cute_layout::{layout, AnyLayout};
/// use cute_layout::typenum::U2;
/// let bytes = layout!(Sw<3,4,3> o 0 o (8,128):(128,1)); // 8 rows of 128 bytes
/// let halfs = bytes.upcast::<U2>();                    // the same rows as 64 halfs
/// assert_eq!(halfs.to_string(), "Sw<3,3,3> o 0 o (8,64):(64,1)");
/// assert!((0..8).all(|r| (0..64).all(|c| bytes.call((r, 2 * c)) == 2 * halfs.call((r, c)))));
/// ```
impl<A, O, B, N> Upcast<N> for ComposedLayout<A, O, B>
where
    A: CastUp<N> + ComposedOuter,
    O: ComposedOffset,
    B: ComposedInner,
    OffsetPart<O>: CastUp<N>,
    (O, N): UpcastOffsetDivides,
    B: Upcast<N>,
    A::Up: ComposedOuter,
    <OffsetPart<O> as CastUp<N>>::Up: ComposedOffset,
    <B as Upcast<N>>::Output: ComposedInner,
{
    type Output = ComposedLayout<A::Up, <OffsetPart<O> as CastUp<N>>::Up, <B as Upcast<N>>::Output>;
    #[inline]
    fn try_upcast(&self) -> Result<Self::Output> {
        ComposedLayout::try_new(
            self.layout_a().try_up()?,
            OffsetPart(self.offset()).try_up()?,
            self.layout_b().try_upcast()?,
        )
    }
}

/// `downcast<N>(A ∘ O ∘ B) = downcast<N>(A) ∘ O·N ∘ downcast<N>(B)` (CuTe
/// `layout_composed.hpp`): the swizzled layout in units `N` times narrower.
///
/// ```
/// use cute_layout::layout;
/// use cute_layout::typenum::U2;
/// let halfs = layout!(Sw<3,3,3> o 0 o (8,64):(64,1));
/// assert_eq!(halfs.downcast::<U2>().to_string(), "Sw<3,4,3> o 0 o (8,128):(128,1)");
/// ```
impl<A, O, B, N> Downcast<N> for ComposedLayout<A, O, B>
where
    A: CastDown<N> + ComposedOuter,
    O: ComposedOffset,
    B: ComposedInner,
    OffsetPart<O>: CastDown<N>,
    B: Downcast<N>,
    A::Down: ComposedOuter,
    <OffsetPart<O> as CastDown<N>>::Down: ComposedOffset,
    <B as Downcast<N>>::Output: ComposedInner,
{
    type Output =
        ComposedLayout<A::Down, <OffsetPart<O> as CastDown<N>>::Down, <B as Downcast<N>>::Output>;
    #[inline]
    fn try_downcast(&self) -> Result<Self::Output> {
        ComposedLayout::try_new(
            self.layout_a().try_down()?,
            OffsetPart(self.offset()).try_down()?,
            self.layout_b().try_downcast()?,
        )
    }
}

cast_methods!(ComposedLayout < A, O, B > [A, O, B]);
