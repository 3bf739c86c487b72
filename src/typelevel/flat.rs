//! Flat mode lists: the working form of the type-level algorithms.
//!
//! A layout is flattened into a list `Cons<M<S0, D0>, Cons<M<S1, D1>, ... Nil>>` of its leaf
//! modes `s:d`; algorithms fold over that list, and [`ToLayout`] turns a list back into a
//! layout: no modes give `1:0`, one mode `s:d`, several the flat tuple `(s0,s1,...):(d0,d1,...)`.

use typenum::{B0, B1, U0, U1};

use crate::int::select::{
    AnyDyn, Dyn, HasDyn, IntLt, IsOne, IsZero, LtSel, NotTrue, OneSel, Or, SelOr, Selector, ZeroSel,
};

use crate::error::Result;
use crate::int::{Int, Plain};
use crate::layout::Layout;
use crate::tuple::{Congruent, Cons, FromCons, IntTuple, Nil, ToCons};

/// One flat mode `s : d` with integer leaves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct M<S, D>(pub S, pub D);

/// Flatten shape `Self` with stride `D` into flat modes, followed by the list `Tail`.
pub trait FlattenInto<D, Tail> {
    /// The flat modes of this layout, then `Tail`.
    type Output: Plain;
    /// The values.
    fn flatten_into(&self, stride: &D, tail: Tail) -> Self::Output;
}

macro_rules! flatten_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<D: Int, Tail: Plain, $($g)*> FlattenInto<D, Tail> for $S {
            type Output = Cons<M<$S, D>, Tail>;
            #[inline(always)]
            fn flatten_into(&self, stride: &D, tail: Tail) -> Self::Output {
                Cons(M(*self, *stride), tail)
            }
        }
    };
}
crate::tuple::for_each_leaf!(flatten_leaf);

#[doc(hidden)]
pub trait ConsFlattenInto<D, Tail> {
    type Output: Plain;
    fn flatten_into(&self, stride: &D, tail: Tail) -> Self::Output;
}
impl<Tail: Plain> ConsFlattenInto<Nil, Tail> for Nil {
    type Output = Tail;
    #[inline(always)]
    fn flatten_into(&self, _: &Nil, tail: Tail) -> Tail {
        tail
    }
}
impl<SH, ST, DH, DT, Tail> ConsFlattenInto<Cons<DH, DT>, Tail> for Cons<SH, ST>
where
    ST: ConsFlattenInto<DT, Tail>,
    SH: FlattenInto<DH, ST::Output>,
{
    type Output = SH::Output;
    #[inline(always)]
    fn flatten_into(&self, stride: &Cons<DH, DT>, tail: Tail) -> Self::Output {
        let rest = self.1.flatten_into(&stride.1, tail);
        self.0.flatten_into(&stride.0, rest)
    }
}
impl<S: ToCons, D: ToCons, Tail> FlattenInto<D, Tail> for S
where
    S::Cons: ConsFlattenInto<D::Cons, Tail>,
{
    type Output = <S::Cons as ConsFlattenInto<D::Cons, Tail>>::Output;
    #[inline(always)]
    fn flatten_into(&self, stride: &D, tail: Tail) -> Self::Output {
        self.to_cons().flatten_into(&stride.to_cons(), tail)
    }
}

/// The flat modes of the layout `S : D`.
pub type FlatModes<S, D> = <S as FlattenInto<D, Nil>>::Output;

/// Split a mode list into its shape tuple and its stride tuple. One condition for both: the
/// mode list itself is a tuple level ([`FromCons`], at most 12 elements), checked once rather
/// than on the shape list and on the stride list, sublist by sublist, each of which would
/// report it again.
pub trait Unzip {
    /// The tuple of shapes.
    type Shapes: Plain;
    /// The tuple of strides.
    type Strides: Plain;
    /// The values.
    fn unzip(self) -> (Self::Shapes, Self::Strides);
}
impl<L: FromCons> Unzip for L
where
    L::Tuple: UnzipModes,
{
    type Shapes = <L::Tuple as UnzipModes>::Shapes;
    type Strides = <L::Tuple as UnzipModes>::Strides;
    #[inline(always)]
    fn unzip(self) -> (Self::Shapes, Self::Strides) {
        self.from_cons().unzip_modes()
    }
}
/// A tuple of modes `(M<S0, D0>, …)` as the shape tuple `(S0, …)` and the stride tuple
/// `(D0, …)`.
pub trait UnzipModes {
    /// The tuple of shapes.
    type Shapes: Plain;
    /// The tuple of strides.
    type Strides: Plain;
    /// The values.
    fn unzip_modes(self) -> (Self::Shapes, Self::Strides);
}
impl UnzipModes for () {
    type Shapes = ();
    type Strides = ();
    #[inline(always)]
    fn unzip_modes(self) -> ((), ()) {
        ((), ())
    }
}
macro_rules! unzip_modes_tuple {
    ($(($S:ident $D:ident))*) => {
        impl<$($S: Plain, $D: Plain),*> UnzipModes for ($(M<$S, $D>,)*) {
            type Shapes = ($($S,)*);
            type Strides = ($($D,)*);
            #[inline(always)]
            #[allow(non_snake_case)]
            fn unzip_modes(self) -> (Self::Shapes, Self::Strides) {
                let ($(M($S, $D),)*) = self;
                (($($S,)*), ($($D,)*))
            }
        }
    };
}
crate::tuple::for_each_tuple_pair!(unzip_modes_tuple);

/// A mode list as a layout: `Nil → 1:0`, one mode `s:d`, several `(s0,...):(d0,...)`.
pub trait ToLayout {
    /// The layout type.
    type Output: Plain;
    /// The layout value, unchecked: for mode lists that keep a valid layout's size and cosize
    /// (coalescing).
    fn to_layout(self) -> Self::Output;
    /// The layout value, with runtime leaves checked like [`Layout::try_new`] (size and cosize
    /// within `i64`): for results computed from their inputs (complement, composition).
    /// Static results are checked at compile time instead.
    fn try_to_layout(self) -> Result<Self::Output>;
}
impl ToLayout for Nil {
    type Output = Layout<U1, U0>;
    #[inline(always)]
    fn to_layout(self) -> Self::Output {
        Layout::new()
    }
    #[inline(always)]
    fn try_to_layout(self) -> Result<Self::Output> {
        Ok(Layout::new())
    }
}
/// One basis mode: the layout `s : v@I`.
impl<S: Int + IntTuple, V: Int, P: crate::basis::typelevel::BasisPath> ToLayout
    for Cons<M<S, crate::basis::typelevel::ScaledBasis<V, P>>, Nil>
where
    S: crate::basis::typelevel::BasisCongruent<crate::basis::typelevel::ScaledBasis<V, P>>,
{
    type Output = Layout<S, crate::basis::typelevel::ScaledBasis<V, P>>;
    #[inline(always)]
    fn to_layout(self) -> Self::Output {
        Layout::from_raw_parts(self.0 .0, self.0 .1)
    }
    #[inline(always)]
    fn try_to_layout(self) -> Result<Self::Output> {
        Layout::try_new_basis(self.0 .0, self.0 .1)
    }
}
impl<S: Int + IntTuple + Congruent<D>, D: Int + IntTuple> ToLayout for Cons<M<S, D>, Nil> {
    type Output = Layout<S, D>;
    #[inline(always)]
    fn to_layout(self) -> Self::Output {
        Layout::from_parts_unchecked(self.0 .0, self.0 .1)
    }
    #[inline(always)]
    fn try_to_layout(self) -> Result<Self::Output> {
        checked_layout(self.0 .0, self.0 .1)
    }
}
impl<M0, M1, T> ToLayout for Cons<M0, Cons<M1, T>>
where
    Cons<M0, Cons<M1, T>>: Unzip,
    <Cons<M0, Cons<M1, T>> as Unzip>::Shapes:
        crate::basis::typelevel::MakeLayout<<Cons<M0, Cons<M1, T>> as Unzip>::Strides>,
{
    type Output =
        Layout<<Cons<M0, Cons<M1, T>> as Unzip>::Shapes, <Cons<M0, Cons<M1, T>> as Unzip>::Strides>;
    #[inline(always)]
    fn to_layout(self) -> Self::Output {
        let (s, d) = self.unzip();
        crate::basis::typelevel::MakeLayout::make_unchecked(s, d)
    }
    #[inline(always)]
    fn try_to_layout(self) -> Result<Self::Output> {
        let (s, d) = self.unzip();
        crate::basis::typelevel::MakeLayout::make_checked(s, d)
    }
}

/// The layout of mode list `L`.
pub type LayoutOf<L> = <L as ToLayout>::Output;

// ---------------------------------------------------------------------------------------------
// Filter: drop size-1 and stride-0 modes (they contribute nothing to the image).

/// Drop the modes of a flat list that are statically of size 1 or stride 0; keep the others.
pub trait FilterModes {
    /// The kept modes.
    type Output: Plain;
    /// The values.
    fn filter_modes(self) -> Self::Output;
}
impl FilterModes for Nil {
    type Output = Nil;
    #[inline(always)]
    fn filter_modes(self) -> Nil {
        Nil
    }
}
impl<S, D, T> FilterModes for Cons<M<S, D>, T>
where
    S: IsOne,
    D: IsZero,
    OneSel<S>: SelOr<ZeroSel<D>>,
    T: FilterModes,
    Cons<M<S, D>, T::Output>: FilterSel<Or<OneSel<S>, ZeroSel<D>>>,
{
    type Output = <Cons<M<S, D>, T::Output> as FilterSel<Or<OneSel<S>, ZeroSel<D>>>>::Output;
    #[inline(always)]
    fn filter_modes(self) -> Self::Output {
        Cons(self.0, self.1.filter_modes()).filter_sel()
    }
}
#[doc(hidden)]
pub trait FilterSel<Drop> {
    type Output: Plain;
    fn filter_sel(self) -> Self::Output;
}
impl<H, T: Plain> FilterSel<B1> for Cons<H, T> {
    type Output = T;
    #[inline(always)]
    fn filter_sel(self) -> T {
        self.1
    }
}
impl<H: Plain, T: Plain, X: NotTrue> FilterSel<X> for Cons<H, T> {
    type Output = Cons<H, T>;
    #[inline(always)]
    fn filter_sel(self) -> Self {
        self
    }
}

// ---------------------------------------------------------------------------------------------
// Sort by stride (insertion sort). Static strides are sorted in the type system. Where a stride
// is a runtime value its place in the order is known only at run time: then every mode becomes
// runtime-valued and the list is sorted at run time (`SortForComplement`).

/// Sort a flat mode list by stride.
pub trait SortByStride {
    /// The sorted modes.
    type Output: Plain;
    /// The values.
    fn sort_by_stride(self) -> Self::Output;
}
impl SortByStride for Nil {
    type Output = Nil;
    #[inline(always)]
    fn sort_by_stride(self) -> Nil {
        Nil
    }
}
impl<H, T: SortByStride> SortByStride for Cons<H, T>
where
    T::Output: InsertByStride<H>,
{
    type Output = <T::Output as InsertByStride<H>>::Output;
    #[inline(always)]
    fn sort_by_stride(self) -> Self::Output {
        self.1.sort_by_stride().insert_by_stride(self.0)
    }
}
/// Insert a mode into a list sorted by stride.
pub trait InsertByStride<H> {
    /// The list with the mode inserted.
    type Output: Plain;
    /// The values.
    fn insert_by_stride(self, h: H) -> Self::Output;
}
impl<H: Plain> InsertByStride<H> for Nil {
    type Output = Cons<H, Nil>;
    #[inline(always)]
    fn insert_by_stride(self, h: H) -> Self::Output {
        Cons(h, Nil)
    }
}
impl<S0, D0: IntLt<D1>, S1, D1: Int, T> InsertByStride<M<S0, D0>> for Cons<M<S1, D1>, T>
where
    Cons<M<S1, D1>, T>: InsertSel<M<S0, D0>, LtSel<D1, D0>>,
    D1: IntLt<D0>,
{
    type Output = <Cons<M<S1, D1>, T> as InsertSel<M<S0, D0>, LtSel<D1, D0>>>::Output;
    #[inline(always)]
    fn insert_by_stride(self, h: M<S0, D0>) -> Self::Output {
        self.insert_sel(h)
    }
}
#[doc(hidden)]
pub trait InsertSel<H, HeadFirst> {
    type Output: Plain;
    fn insert_sel(self, h: H) -> Self::Output;
}
/// The head's stride is smaller: the new mode goes further in.
impl<H, Hd: Plain, T: InsertByStride<H>> InsertSel<H, B1> for Cons<Hd, T> {
    type Output = Cons<Hd, T::Output>;
    #[inline(always)]
    fn insert_sel(self, h: H) -> Self::Output {
        Cons(self.0, self.1.insert_by_stride(h))
    }
}
/// The new mode's stride is not larger, or the order is only known at run time: it goes first.
impl<H: Plain, Hd: Plain, T: Plain> InsertSel<H, B0> for Cons<Hd, T> {
    type Output = Cons<H, Cons<Hd, T>>;
    #[inline(always)]
    fn insert_sel(self, h: H) -> Self::Output {
        Cons(h, self)
    }
}
impl<H: Plain, Hd: Plain, T: Plain> InsertSel<H, Dyn> for Cons<Hd, T> {
    type Output = Cons<H, Cons<Hd, T>>;
    #[inline(always)]
    fn insert_sel(self, h: H) -> Self::Output {
        Cons(h, self)
    }
}

/// Whether a flat mode list has a runtime stride: [`Dyn`] if so, [`B0`] if every stride is
/// static (shapes may still be runtime values: their modes keep their static place).
pub trait DynStrides {
    /// [`Dyn`] or [`B0`].
    type Sel: Selector;
}
impl DynStrides for Nil {
    type Sel = B0;
}
impl<S, D: HasDyn, T: DynStrides> DynStrides for Cons<M<S, D>, T>
where
    AnyDyn<D>: SelOr<T::Sel>,
{
    type Sel = Or<AnyDyn<D>, T::Sel>;
}

/// Sort a flat mode list by stride for the complement: in the type system when every stride is
/// static, at run time (all modes runtime-valued) when a stride is a runtime value.
pub trait SortForComplement {
    /// The sorted modes.
    type Output: Plain;
    /// The values.
    fn sort_for_complement(self) -> Self::Output;
}
impl<L: DynStrides + SortSel<<L as DynStrides>::Sel>> SortForComplement for L {
    type Output = <L as SortSel<<L as DynStrides>::Sel>>::Output;
    #[inline(always)]
    fn sort_for_complement(self) -> Self::Output {
        self.sort_sel()
    }
}
#[doc(hidden)]
pub trait SortSel<Sel> {
    type Output: Plain;
    fn sort_sel(self) -> Self::Output;
}
impl<L: SortByStride> SortSel<B0> for L {
    type Output = L::Output;
    #[inline(always)]
    fn sort_sel(self) -> Self::Output {
        self.sort_by_stride()
    }
}
impl<L: RuntimeModes> SortSel<Dyn> for L {
    type Output = L::Output;
    #[inline(always)]
    fn sort_sel(self) -> Self::Output {
        self.runtime_modes().runtime_sort()
    }
}

/// A flat mode list with every shape and stride as a runtime `i64`.
pub trait RuntimeModes {
    /// The list of `M<i64, i64>`.
    type Output: RuntimeSort;
    /// The values.
    fn runtime_modes(self) -> Self::Output;
}
impl RuntimeModes for Nil {
    type Output = Nil;
    #[inline(always)]
    fn runtime_modes(self) -> Nil {
        Nil
    }
}
impl<S: Int, D: Int, T: RuntimeModes> RuntimeModes for Cons<M<S, D>, T> {
    type Output = Cons<M<i64, i64>, T::Output>;
    #[inline(always)]
    fn runtime_modes(self) -> Self::Output {
        Cons(
            M(self.0 .0.value(), self.0 .1.value()),
            self.1.runtime_modes(),
        )
    }
}

/// Insertion sort of a list of runtime modes by `(stride, shape)`, as the runtime engine
/// sorts; the list type does not change.
pub trait RuntimeSort: Plain + Sized {
    /// The sorted list.
    fn runtime_sort(self) -> Self;
    /// Insert `h` into this sorted list.
    fn runtime_insert(self, h: M<i64, i64>) -> Cons<M<i64, i64>, Self>;
}
impl RuntimeSort for Nil {
    #[inline(always)]
    fn runtime_sort(self) -> Nil {
        Nil
    }
    #[inline(always)]
    fn runtime_insert(self, h: M<i64, i64>) -> Cons<M<i64, i64>, Nil> {
        Cons(h, Nil)
    }
}
impl<T: RuntimeSort> RuntimeSort for Cons<M<i64, i64>, T> {
    #[inline(always)]
    fn runtime_sort(self) -> Self {
        self.1.runtime_sort().runtime_insert(self.0)
    }
    #[inline(always)]
    fn runtime_insert(self, h: M<i64, i64>) -> Cons<M<i64, i64>, Self> {
        if (h.1, h.0) <= (self.0 .1, self.0 .0) {
            Cons(h, self)
        } else {
            Cons(self.0, self.1.runtime_insert(h))
        }
    }
}

/// `shape : stride` assembled from the parts of valid layouts: checked (size and offsets in
/// `i64`) when a leaf is a runtime value; free when all are static.
#[inline(always)]
pub(crate) fn checked_layout<S: Congruent<D>, D: IntTuple>(
    shape: S,
    stride: D,
) -> Result<Layout<S, D>> {
    if S::IS_STATIC && D::IS_STATIC {
        Ok(Layout::from_parts_unchecked(shape, stride))
    } else {
        Layout::try_new(shape, stride)
    }
}

/// Concatenate two lists.
pub trait ListAppend<R> {
    /// `Self ++ R`.
    type Output: Plain;
    /// The values.
    fn append(self, r: R) -> Self::Output;
}
impl<R: Plain> ListAppend<R> for Nil {
    type Output = R;
    #[inline(always)]
    fn append(self, r: R) -> R {
        r
    }
}
impl<H: Plain, T: ListAppend<R>, R> ListAppend<R> for Cons<H, T> {
    type Output = Cons<H, T::Output>;
    #[inline(always)]
    fn append(self, r: R) -> Self::Output {
        Cons(self.0, self.1.append(r))
    }
}
