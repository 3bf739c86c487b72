//! CuTe's mode vocabulary for static and mixed layouts: [`GetMode`] (`get<I>`), [`Append`],
//! [`Prepend`], [`SelectModes`] (`select<I...>`), [`Take`] (`take<B, E>`), and the coordinate
//! maps [`Idx2Crd`] and [`Crd2Idx`] — each a trait whose associated type is the result, with
//! the same results as the runtime engine ([`algebra::try_append`](crate::runtime::try_append),
//! [`try_prepend`](crate::runtime::try_prepend), [`try_select`](crate::runtime::try_select),
//! [`try_take`](crate::runtime::try_take), [`DynTuple::idx2crd`](crate::DynTuple::idx2crd),
//! [`DynTuple::crd2idx`](crate::DynTuple::crd2idx)).
//!
//! Mode indices are typenum integers (`U0`, `U1`, …); an index out of range is a compile
//! error naming it. An integral layout counts as rank 1, its own mode 0 (CuTe's convention).
//!
//! ```
//! use cute_layout::{layout, typenum::{U0, U1, U2, U3}};
//! let l = layout!((2,3,4,5):(1,2,6,24));
//! assert_eq!(l.get::<U2>().to_string(), "4:6");
//! assert_eq!(l.select::<(U3, U0)>().to_string(), "(5,2):(24,1)");
//! assert_eq!(l.take::<U1, U3>().to_string(), "(3,4):(2,6)");
//! assert_eq!(l.take::<U0, U1>().append(layout!(7:120)).to_string(), "(2,7):(1,120)");
//! assert_eq!(layout!(4:1).prepend(layout!(3:8)).to_string(), "(3,4):(8,1)");
//! assert_eq!(l.idx2crd(33), (1, 1, 1, 1));
//! assert_eq!(l.crd2idx((1, 1, 1, 1)), 33);
//! ```

use typenum::{B1, U1};

use crate::error::{ErrorKind, Result};
use crate::layout::{Coord, Layout};
use crate::tuple::{Congruent, Cons, IntTuple, Nil, PrefixProduct};
use crate::typelevel::flat::ListAppend;
use crate::typelevel::modeops::{ModeRange, SplitAt};
use crate::typelevel::tiler::{ConcatLayouts, ModesOf};

/// `get<I>(L)` (CuTe `layout<I>(L)`): mode `I` of `L` as a layout; an integral layout is its
/// own mode 0. An index not below the rank is a compile error naming the condition. The same
/// result as [`Layout::mode`].
///
/// ```
/// use cute_layout::{layout, Layout, ops::GetMode, typenum::U1};
/// static_assertions::assert_type_eq_all!(
///     <Layout![(4,(2,3)):(1,(4,8))] as GetMode<U1>>::Output, Layout![(2,3):(4,8)]);
/// assert_eq!(layout!((4,(2,3)):(1,(4,8))).get::<U1>().to_string(), "(2,3):(4,8)");
/// ```
#[doc(hidden)]
pub trait GetMode<I> {
    /// Mode `I`.
    type Output;
    /// Mode `I`.
    fn get_mode(&self) -> Self::Output;
}
impl<S, D, I> GetMode<I> for Layout<S, D>
where
    Layout<S, D>: ModesOf,
    <Layout<S, D> as ModesOf>::Output: NthMode<I>,
{
    type Output = <<Layout<S, D> as ModesOf>::Output as NthMode<I>>::Output;
    #[inline(always)]
    fn get_mode(&self) -> Self::Output {
        self.modes_of().nth_mode()
    }
}

/// Element `I` of a list of modes: the condition "mode index below the rank".
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "a mode index is not below the rank of the layout",
    label = "mode index out of range",
    note = "get::<I> and select::<(I0, I1, …)> take typenum indices below rank(L); an integral layout has rank 1"
)]
pub trait NthMode<I> {
    type Output;
    fn nth_mode(self) -> Self::Output;
}
/// `nth(H :: T, 0) = H`.
impl<H, T> NthMode<typenum::U0> for Cons<H, T> {
    type Output = H;
    #[inline(always)]
    fn nth_mode(self) -> H {
        self.0
    }
}
/// `nth(H :: T, I) = nth(T, I − 1)`; `nth([], I)` has no rule: the rank condition.
#[diagnostic::do_not_recommend]
impl<H, T, U: typenum::Unsigned, B: typenum::Bit> NthMode<typenum::UInt<U, B>> for Cons<H, T>
where
    typenum::UInt<U, B>: core::ops::Sub<B1>,
    T: NthMode<typenum::Sub1<typenum::UInt<U, B>>>,
{
    type Output = T::Output;
    #[inline(always)]
    fn nth_mode(self) -> Self::Output {
        self.1.nth_mode()
    }
}

/// `append(L, B)`: `B` added as a new last mode, `(L0, …, Ln, B)` (CuTe `append`); an
/// integral `L` counts as rank 1. Runtime leaves are checked: the result's size and cosize
/// must fit `i64`.
///
/// ```
/// use cute_layout::{layout, Layout, ops::Append};
/// static_assertions::assert_type_eq_all!(
///     <Layout![4:1] as Append<Layout![(2,3):(4,8)]>>::Output, Layout![(4,(2,3)):(1,(4,8))]);
/// assert_eq!(layout!(4:1).append(layout!(2:4)).to_string(), "(4,2):(1,4)");
/// ```
#[doc(hidden)]
pub trait Append<B> {
    /// `(L0, …, Ln, B)`.
    type Output;
    /// `(L0, …, Ln, B)`; an [`ErrorKind::Overflow`] error where a runtime size or cosize
    /// exceeds `i64`.
    fn try_append(&self, b: B) -> Result<Self::Output>;
    /// `(L0, …, Ln, B)`; panics with the error of [`try_append`](Append::try_append).
    #[track_caller]
    fn append(&self, b: B) -> Self::Output {
        match self.try_append(b) {
            Ok(l) => l,
            Err(e) => panic!("{e}"),
        }
    }
}
impl<S, D, B> Append<B> for Layout<S, D>
where
    Layout<S, D>: ModesOf,
    <Layout<S, D> as ModesOf>::Output: ListAppend<Cons<B, Nil>>,
    <<Layout<S, D> as ModesOf>::Output as ListAppend<Cons<B, Nil>>>::Output: ConcatLayouts,
{
    type Output = <<<Layout<S, D> as ModesOf>::Output as ListAppend<Cons<B, Nil>>>::Output as ConcatLayouts>::Output;
    #[inline(always)]
    fn try_append(&self, b: B) -> Result<Self::Output> {
        self.modes_of().append(Cons(b, Nil)).try_concat_layouts()
    }
}

/// `prepend(L, B)`: `B` added as a new first mode, `(B, L0, …, Ln)` (CuTe `prepend`); an
/// integral `L` counts as rank 1. Runtime leaves are checked as for [`Append`].
///
/// ```
/// use cute_layout::{layout, Layout, ops::Prepend};
/// static_assertions::assert_type_eq_all!(
///     <Layout![(4,2):(1,4)] as Prepend<Layout![3:8]>>::Output, Layout![(3,4,2):(8,1,4)]);
/// assert_eq!(layout!((4,2):(1,4)).prepend(layout!(3:8)).to_string(), "(3,4,2):(8,1,4)");
/// ```
#[doc(hidden)]
pub trait Prepend<B> {
    /// `(B, L0, …, Ln)`.
    type Output;
    /// `(B, L0, …, Ln)`; an [`ErrorKind::Overflow`] error where a runtime size or cosize
    /// exceeds `i64`.
    fn try_prepend(&self, b: B) -> Result<Self::Output>;
    /// `(B, L0, …, Ln)`; panics with the error of [`try_prepend`](Prepend::try_prepend).
    #[track_caller]
    fn prepend(&self, b: B) -> Self::Output {
        match self.try_prepend(b) {
            Ok(l) => l,
            Err(e) => panic!("{e}"),
        }
    }
}
impl<S, D, B> Prepend<B> for Layout<S, D>
where
    Layout<S, D>: ModesOf,
    Cons<B, <Layout<S, D> as ModesOf>::Output>: ConcatLayouts,
{
    type Output = <Cons<B, <Layout<S, D> as ModesOf>::Output> as ConcatLayouts>::Output;
    #[inline(always)]
    fn try_prepend(&self, b: B) -> Result<Self::Output> {
        Cons(b, self.modes_of()).try_concat_layouts()
    }
}

/// `select<I0, I1, …>(L)`: the layout of the chosen modes, in the given order, written as a
/// tuple of typenum indices, `select::<(U2, U0)>()` (CuTe `select<2, 0>(L)`). Indices may
/// repeat; an index not below the rank is a compile error. Runtime leaves are checked (a
/// repeated mode can take the size beyond `i64`).
///
/// ```
/// use cute_layout::{layout, Layout, ops::SelectModes, typenum::{U0, U2}};
/// static_assertions::assert_type_eq_all!(
///     <Layout![(2,3,4):(1,2,6)] as SelectModes<(U2, U0)>>::Output, Layout![(4,2):(6,1)]);
/// assert_eq!(layout!((2,3,4):(1,2,6)).select::<(U2, U0)>().to_string(), "(4,2):(6,1)");
/// ```
#[doc(hidden)]
pub trait SelectModes<Is> {
    /// The selected modes as one layout.
    type Output;
    /// The selected modes; an [`ErrorKind::Overflow`] error where a runtime size or cosize
    /// exceeds `i64`.
    fn try_select(&self) -> Result<Self::Output>;
    /// The selected modes; panics with the error of [`try_select`](SelectModes::try_select).
    #[track_caller]
    fn select(&self) -> Self::Output {
        match self.try_select() {
            Ok(l) => l,
            Err(e) => panic!("{e}"),
        }
    }
}
macro_rules! select_tuple {
    ($(($I:ident $x:ident))*) => {
        impl<L, $($I,)*> SelectModes<($($I,)*)> for L
        where
            $(L: GetMode<$I>,)*
            crate::tuple::cons_type!($(<L as GetMode<$I>>::Output),*): ConcatLayouts,
        {
            type Output = <crate::tuple::cons_type!($(<L as GetMode<$I>>::Output),*) as ConcatLayouts>::Output;
            #[inline(always)]
            fn try_select(&self) -> Result<Self::Output> {
                crate::tuple::cons_expr!($(GetMode::<$I>::get_mode(self)),*).try_concat_layouts()
            }
        }
    };
}
select_tuple!();
crate::tuple::for_each_tuple_pair!(select_tuple);

/// Modes `[B, E)` of a list of modes: split at `B`, then take `E − B` ([`ModeRange`] and
/// [`SplitAt`] name the conditions, as for `group_modes`).
type Taken<L, Bg, E> =
    <<<L as ModesOf>::Output as SplitAt<Bg>>::Back as SplitAt<<(Bg, E) as ModeRange>::Len>>::Front;

/// `take<B, E>(L)`: the layout of modes `[B, E)` (typenum indices), `(L_B, …, L_(E−1))`
/// (CuTe `take<B, E>`); an integral layout counts as rank 1. `B ≤ E ≤ rank(L)` is checked at
/// compile time.
///
/// ```
/// use cute_layout::{layout, Layout, ops::Take, typenum::{U1, U3}};
/// static_assertions::assert_type_eq_all!(
///     <Layout![(2,3,4,5):(1,2,6,24)] as Take<U1, U3>>::Output, Layout![(3,4):(2,6)]);
/// assert_eq!(layout!((2,3,4,5):(1,2,6,24)).take::<U1, U3>().to_string(), "(3,4):(2,6)");
/// ```
#[doc(hidden)]
pub trait Take<Bg, E> {
    /// Modes `[B, E)`.
    type Output;
    /// Modes `[B, E)`.
    fn take(&self) -> Self::Output;
}
impl<L, Bg, E> Take<Bg, E> for L
where
    L: ModesOf,
    (Bg, E): ModeRange,
    L::Output: SplitAt<Bg>,
    <L::Output as SplitAt<Bg>>::Back: SplitAt<<(Bg, E) as ModeRange>::Len>,
    Taken<L, Bg, E>: ConcatLayouts,
{
    type Output = <Taken<L, Bg, E> as ConcatLayouts>::Output;
    #[inline(always)]
    fn take(&self) -> Self::Output {
        // Modes of one valid layout, each taken once: size and cosize only shrink.
        let (_, rest) = SplitAt::<Bg>::split_at(self.modes_of());
        let (taken, _) = SplitAt::<<(Bg, E) as ModeRange>::Len>::split_at(rest);
        taken.concat_layouts()
    }
}

/// `idx2crd(i, shape(L))` (paper Eq. 4): the natural coordinate of the integral coordinate
/// `i`, colexicographic, the last mode not reduced (so an out-of-bounds `i` lands in the
/// extended last mode). The coordinate is the shape's tree with `i64` leaves.
///
/// ```
/// use cute_layout::{layout, Layout, ops::Idx2Crd, ErrorKind};
/// static_assertions::assert_type_eq_all!(
///     <Layout![(4,(2,2)):(1,(8,4))] as Idx2Crd>::Output, (i64, (i64, i64)));
/// let l = layout!((4,(2,2)):(1,(8,4)));
/// assert_eq!(l.idx2crd(13), (1, (1, 1)));
/// assert_eq!(l.idx2crd(21), (1, (1, 2))); // out of bounds: the last mode runs on
/// assert_eq!(l.try_idx2crd(-1).unwrap_err().kind(), ErrorKind::BadCoordinate);
/// ```
#[doc(hidden)]
pub trait Idx2Crd {
    /// The natural coordinate type.
    type Output;
    /// The natural coordinate of `i`; an [`ErrorKind::BadCoordinate`] error for `i < 0`.
    fn try_idx2crd(&self, i: i64) -> Result<Self::Output>;
    /// The natural coordinate of `i`; panics with the error of
    /// [`try_idx2crd`](Idx2Crd::try_idx2crd).
    #[track_caller]
    fn idx2crd(&self, i: i64) -> Self::Output {
        match self.try_idx2crd(i) {
            Ok(c) => c,
            Err(e) => panic!("{e}"),
        }
    }
}
impl<S: Congruent<D>, D: IntTuple> Idx2Crd for Layout<S, D> {
    type Output = S::Natural;
    #[inline]
    fn try_idx2crd(&self, i: i64) -> Result<S::Natural> {
        if i < 0 {
            return Err(crate::error::layout_error!(
                ErrorKind::BadCoordinate,
                "integral coordinate {i} is negative"
            ));
        }
        // Exact for i ≥ 0: the size of a layout's shape fits i64.
        Ok(self.shape_ref().idx2crd(i))
    }
}

/// `crd2idx(c, shape(L))` (paper Eq. 5): the integral coordinate of the coordinate `c`
/// (integral, rank-R or natural: any [`Coord`] of the shape) under the compact column-major
/// strides of the shape. Checked as the runtime engine checks it: a negative entry is an
/// [`ErrorKind::BadCoordinate`] error, a sum beyond `i64` an [`ErrorKind::Overflow`] error.
///
/// ```
/// use cute_layout::{layout, ops::Crd2Idx, ErrorKind};
/// let l = layout!((4,(2,2)):(1,(8,4)));
/// assert_eq!(l.crd2idx((1, (1, 1))), 13);
/// assert_eq!(l.crd2idx((1, 3)), 13); // rank-R: 3 = (1,1) in the (2,2) mode
/// assert_eq!(l.try_crd2idx((0, -1)).unwrap_err().kind(), ErrorKind::BadCoordinate);
/// ```
#[doc(hidden)]
pub trait Crd2Idx<C> {
    /// The integral coordinate's type (`i64`).
    type Output;
    /// The integral coordinate of `c`, checked.
    fn try_crd2idx(&self, c: C) -> Result<Self::Output>;
    /// The integral coordinate of `c`; panics with the error of
    /// [`try_crd2idx`](Crd2Idx::try_crd2idx).
    #[track_caller]
    fn crd2idx(&self, c: C) -> Self::Output {
        match self.try_crd2idx(c) {
            Ok(i) => i,
            Err(e) => panic!("{e}"),
        }
    }
}
impl<S, D: IntTuple, C> Crd2Idx<C> for Layout<S, D>
where
    S: Congruent<D> + PrefixProduct<U1>,
    C: Coord<S, crate::tuple::ColumnMajor<S>>,
{
    type Output = i64;
    #[inline]
    fn try_crd2idx(&self, c: C) -> Result<i64> {
        let shape = self.shape_ref();
        c.try_offset(shape, &crate::tuple::prefix_product(shape)?)
    }
}
