//! One surface for every layout kind: [`AnyLayout`], the queries and evaluations CuTe's
//! `Layout` concept offers (shape, size, cosize, rank, depth, `L(i)`, `L(c)`, `crd2idx`,
//! `idx2crd`), implemented by static and mixed [`Layout`]s and by
//! [`DynLayout`](crate::DynLayout); and [`StridedLayout`], the layouts that also have a stride.
//!
//! A generic kernel bounds on `L: AnyLayout` and runs on every kind; a function-like layout
//! without a stride (a swizzled or composed layout, CuTe's `ComposedLayout`) can implement
//! `AnyLayout` alone.
//!
//! ```
//! use cute_layout::{layout, AnyLayout, DynLayout};
//! /// `dst(i) = src(L(i))` over the domain of `L`, for any layout kind.
//! fn gather<L: AnyLayout>(src: &[u32], l: &L) -> Vec<u32> {
//!     let n: i64 = l.size().into();
//!     (0..n).map(|i| src[l.eval(i) as usize]).collect()
//! }
//! let src: Vec<u32> = (0..16).collect();
//! let stat = layout!((2,2):(4,1));
//! let dynl: DynLayout = "(2,2):(4,1)".parse().unwrap();
//! assert_eq!(gather(&src, &stat), [0, 4, 1, 5]);
//! assert_eq!(gather(&src, &dynl), gather(&src, &stat));
//! ```

use core::fmt::{Debug, Display};

use crate::error::Result;
use crate::layout::{Coord, Layout};
use crate::tuple::{Congruent, IntTuple};
use crate::typelevel::modes::{Crd2Idx, Idx2Crd};

/// A layout-like function from coordinates to offsets (paper Definition 2.17, CuTe's `Layout`
/// concept): a shape, and an evaluation at integral, rank-R and natural coordinates.
///
/// The contracts every implementation keeps (CuTe `layout.hpp`; checked for every kind by
/// `tests/both_surface.rs`):
///
/// * `size(L)` is the product of the shape's leaves, the number of integral coordinates;
/// * `L(i) = L(idx2crd(i))` for `0 ≤ i < size(L)`: `eval(i) == call(idx2crd(i))`;
/// * `crd2idx(idx2crd(i)) = i`: the two are inverse on the integral coordinates;
/// * `cosize(L) = 1 + Σ (sᵢ − 1)·|dᵢ|`, one past the largest offset when the strides are
///   non-negative;
/// * `try_eval`/`try_call`/`try_crd2idx`/`try_idx2crd` are the checked forms: an error for a
///   negative coordinate ([`ErrorKind::BadCoordinate`](crate::ErrorKind::BadCoordinate)) and
///   for arithmetic beyond `i64` ([`ErrorKind::Overflow`](crate::ErrorKind::Overflow)), never a
///   wrapped value.
///
/// The plain forms are for in-bounds coordinates, and cost no more than the inherent methods
/// they forward to: `eval` and `call` are exact whenever the offset fits `i64` (out of bounds,
/// the last mode runs on); on a static layout they compile to shifts, masks and constant
/// multiplications. `idx2crd` and `crd2idx` panic with the error's message where their `try_`
/// form errs.
///
/// The inherent methods of [`Layout`] and [`DynLayout`](crate::DynLayout) keep their own
/// signatures where they differ: `Layout::shape` returns the shape by value,
/// `Layout::try_call` takes any integer tuple (checked at run time), and
/// `DynLayout::try_eval` takes a [`DynTuple`](crate::DynTuple) coordinate. Through a generic
/// bound, or with `AnyLayout::method(&l, ...)`, the trait's forms apply.
///
/// ```
/// use cute_layout::{layout, AnyLayout, DynLayout, Layout, LayoutCoord, SizeOf};
/// /// A generic function: integral coordinates need no bound, rank-2 ones say so.
/// fn describe<L: AnyLayout>(l: &L) -> (i64, i64, usize, usize, i64, i64)
/// where
///     (i64, i64): LayoutCoord<L>,
/// {
///     (l.size().into(), l.cosize(), l.rank(), l.depth(), l.eval(5), l.call((1, 1)))
/// }
/// let l = layout!((4,(2,2)):(1,(8,4)));
/// assert_eq!(describe(&l), (16, 16, 2, 2, 9, 9));
/// let d: DynLayout = "(4,(2,2)):(1,(8,4))".parse().unwrap();
/// assert_eq!(describe(&d), describe(&l));
/// // The size of a static layout is static.
/// assert_eq!(<SizeOf<Layout![(4,(2,2)):(1,(8,4))]>>::VALUE, 16);
/// ```
pub trait AnyLayout {
    /// The shape: a tuple type for [`Layout`], a [`DynTuple`](crate::DynTuple) for
    /// [`DynLayout`](crate::DynLayout).
    type Shape;
    /// What `size` returns: a [`C<N>`](crate::int::C) (zero-sized, prints as its number) when
    /// the size is static, an `i64` otherwise — as [`Layout::size`] returns today.
    type Size: Copy + Debug + Display + PartialEq<i64> + Into<i64>;
    /// A natural coordinate of the shape (what `idx2crd` returns): the shape's tree with `i64`
    /// leaves for [`Layout`], a [`DynTuple`](crate::DynTuple) for
    /// [`DynLayout`](crate::DynLayout).
    type Natural;

    /// `shape(L)`.
    ///
    /// ```
    /// use cute_layout::{layout, AnyLayout};
    /// use cute_layout::typenum::{U2, U4};
    /// let l = layout!((4,2):(1,4));
    /// let s: &(U4, U2) = AnyLayout::shape(&l);
    /// assert_eq!(*s, l.shape());
    /// ```
    fn shape(&self) -> &Self::Shape;

    /// `size(L)`: the product of the shape's leaves, the number of integral coordinates.
    ///
    /// ```
    /// use cute_layout::{layout, AnyLayout};
    /// assert_eq!(AnyLayout::size(&layout!((4,(2,3)):(1,(4,8)))), 24);
    /// ```
    fn size(&self) -> Self::Size;

    /// `cosize(L) = 1 + Σ (sᵢ − 1)·|dᵢ|` over the leaves (CuTe C++'s `cosize`): one past the
    /// largest offset when the strides are non-negative.
    ///
    /// ```
    /// use cute_layout::{layout, AnyLayout};
    /// assert_eq!(AnyLayout::cosize(&layout!((4,3):(1,8))), 20); // offsets 0 … 19
    /// ```
    fn cosize(&self) -> i64;

    /// `rank(L)`: the number of top-level modes (1 for an integral shape).
    ///
    /// ```
    /// use cute_layout::{layout, AnyLayout};
    /// assert_eq!(AnyLayout::rank(&layout!((4,(2,3)):(1,(4,8)))), 2);
    /// ```
    fn rank(&self) -> usize;

    /// `depth(L)`: 0 for an integral shape, one more than the deepest mode otherwise.
    ///
    /// ```
    /// use cute_layout::{layout, AnyLayout};
    /// assert_eq!(AnyLayout::depth(&layout!((4,(2,3)):(1,(4,8)))), 2);
    /// ```
    fn depth(&self) -> usize;

    /// `L(i)` at an integral coordinate `i` (paper Eq. 4 then 6): exact whenever the offset
    /// fits `i64`, in particular for `0 ≤ i < size(L)`; out of bounds, the last mode runs on.
    /// For a negative `i` the result is unspecified (never a panic): see
    /// [`try_eval`](AnyLayout::try_eval).
    ///
    /// ```
    /// use cute_layout::{layout, AnyLayout};
    /// // paper §2.4.1: L(22) = L((0,1),(1,1)) = 26.
    /// assert_eq!(AnyLayout::eval(&layout!(((2,2),(4,2)):((1,8),(2,16))), 22), 26);
    /// ```
    fn eval(&self, i: i64) -> i64;

    /// `L(i)`, checked: a [`BadCoordinate`](crate::ErrorKind::BadCoordinate) error for
    /// `i < 0`, an [`Overflow`](crate::ErrorKind::Overflow) error for an offset beyond `i64`.
    ///
    /// ```
    /// use cute_layout::{layout, AnyLayout, ErrorKind};
    /// let l = layout!((4,8):(1,5));
    /// assert_eq!(l.try_eval(9), Ok(11));
    /// assert_eq!(l.try_eval(-1).unwrap_err().kind(), ErrorKind::BadCoordinate);
    /// // Beyond the size, the last mode runs on: (i64::MAX / 4)·5 exceeds i64.
    /// assert_eq!(l.try_eval(i64::MAX).unwrap_err().kind(), ErrorKind::Overflow);
    /// ```
    fn try_eval(&self, i: i64) -> Result<i64>;

    /// `L(c)` at any coordinate the layout admits (paper Definition 2.12): integral, rank-R
    /// or natural. For [`Layout`] these are the [`Coord`]s of its shape, checked for weak
    /// congruence at compile time; for [`DynLayout`](crate::DynLayout), integers and
    /// [`DynTuple`](crate::DynTuple)s. Exact whenever the offset fits `i64`; a `DynTuple`
    /// coordinate that [`try_call`](AnyLayout::try_call) refuses panics with its error.
    ///
    /// ```
    /// use cute_layout::{layout, AnyLayout, DynLayout, DynTuple};
    /// let l = layout!((4,(2,2)):(1,(8,4)));
    /// assert_eq!(AnyLayout::call(&l, (1, (1, 0))), 9);
    /// let d = DynLayout::from(l);
    /// let c: DynTuple = "(1,(1,0))".parse().unwrap();
    /// assert_eq!(d.call(&c), 9);
    /// assert_eq!(d.call(5), 9);
    /// ```
    #[inline(always)]
    #[track_caller]
    fn call<C: LayoutCoord<Self>>(&self, c: C) -> i64 {
        c.offset_in(self)
    }

    /// `L(c)`, checked: a [`BadCoordinate`](crate::ErrorKind::BadCoordinate) error for a
    /// negative entry or (for [`DynLayout`](crate::DynLayout)) a coordinate not weakly
    /// congruent with the shape, an [`Overflow`](crate::ErrorKind::Overflow) error beyond
    /// `i64` — the same verdicts as the runtime engine's
    /// [`crd2idx`](crate::runtime::layout::crd2idx).
    ///
    /// ```
    /// use cute_layout::{layout, AnyLayout, ErrorKind};
    /// let l = layout!((4,8):(1,4));
    /// assert_eq!(AnyLayout::try_call(&l, (3, 2)), Ok(11));
    /// assert_eq!(AnyLayout::try_call(&l, (3, -2)).unwrap_err().kind(), ErrorKind::BadCoordinate);
    /// ```
    #[inline]
    fn try_call<C: LayoutCoord<Self>>(&self, c: C) -> Result<i64> {
        c.try_offset_in(self)
    }

    /// `idx2crd(i, shape(L))` (paper Eq. 4), checked: the natural coordinate of the integral
    /// coordinate `i`, colexicographic, the last mode not reduced; a
    /// [`BadCoordinate`](crate::ErrorKind::BadCoordinate) error for `i < 0`.
    ///
    /// ```
    /// use cute_layout::{layout, AnyLayout};
    /// assert_eq!(layout!((4,(2,2)):(1,(8,4))).try_idx2crd(13), Ok((1, (1, 1))));
    /// ```
    fn try_idx2crd(&self, i: i64) -> Result<Self::Natural>;

    /// `idx2crd(i, shape(L))`; panics with the error of
    /// [`try_idx2crd`](AnyLayout::try_idx2crd) for `i < 0`.
    ///
    /// ```
    /// use cute_layout::{layout, AnyLayout};
    /// assert_eq!(AnyLayout::idx2crd(&layout!((4,(2,2)):(1,(8,4))), 13), (1, (1, 1)));
    /// ```
    #[inline]
    #[track_caller]
    fn idx2crd(&self, i: i64) -> Self::Natural {
        match self.try_idx2crd(i) {
            Ok(c) => c,
            Err(e) => panic!("{e}"),
        }
    }

    /// `crd2idx(c, shape(L))` (paper Eq. 5), checked: the integral coordinate of the
    /// coordinate `c` under the compact column-major strides of the shape. Errors as
    /// [`try_call`](AnyLayout::try_call).
    ///
    /// ```
    /// use cute_layout::{layout, AnyLayout};
    /// assert_eq!(layout!((4,(2,2)):(1,(8,4))).try_crd2idx((1, (1, 1))), Ok(13));
    /// ```
    #[inline]
    fn try_crd2idx<C: LayoutCoord<Self>>(&self, c: C) -> Result<i64> {
        c.try_index_in(self)
    }

    /// `crd2idx(c, shape(L))`; panics with the error of
    /// [`try_crd2idx`](AnyLayout::try_crd2idx).
    ///
    /// ```
    /// use cute_layout::{layout, AnyLayout};
    /// assert_eq!(AnyLayout::crd2idx(&layout!((4,(2,2)):(1,(8,4))), (1, 1)), 5);
    /// ```
    #[inline]
    #[track_caller]
    fn crd2idx<C: LayoutCoord<Self>>(&self, c: C) -> i64 {
        match self.try_crd2idx(c) {
            Ok(i) => i,
            Err(e) => panic!("{e}"),
        }
    }
}

/// A layout with a stride: `shape : stride`, `L(c) = ⟨natural(c), stride⟩` (paper
/// Definition 2.17). Function-like layouts without one (swizzled, composed) implement
/// [`AnyLayout`] only.
///
/// ```
/// use cute_layout::{layout, DynLayout, StridedLayout, StrideOf};
/// use cute_layout::typenum::{U1, U4};
/// fn stride_leaves<L: StridedLayout>(l: &L) -> &L::Stride { l.stride() }
/// let l = layout!((4,8):(1,4));
/// let d: &StrideOf<cute_layout::Layout![(4,8):(1,4)]> = stride_leaves(&l);
/// assert_eq!(*d, (U1::default(), U4::default()));
/// assert_eq!(stride_leaves(&DynLayout::from(l)).to_string(), "(1,4)");
/// ```
pub trait StridedLayout: AnyLayout {
    /// The stride, congruent with the shape.
    type Stride;
    /// `stride(L)`.
    fn stride(&self) -> &Self::Stride;
}

/// The shape type of a layout type (CuTe's `decltype(shape(L))`).
///
/// ```
/// use cute_layout::{Layout, ShapeOf, typenum::{U2, U4}};
/// static_assertions::assert_type_eq_all!(ShapeOf<Layout![(4,2):(1,4)]>, (U4, U2));
/// ```
pub type ShapeOf<L> = <L as AnyLayout>::Shape;
/// The stride type of a strided layout type (CuTe's `decltype(stride(L))`).
///
/// ```
/// use cute_layout::{Layout, StrideOf, typenum::{U1, U4}};
/// static_assertions::assert_type_eq_all!(StrideOf<Layout![(4,2):(1,4)]>, (U1, U4));
/// ```
pub type StrideOf<L> = <L as StridedLayout>::Stride;
/// The type `size(L)` returns: a static [`C<N>`](crate::int::C) or `i64`.
///
/// ```
/// use cute_layout::{int::C, Layout, SizeOf, typenum::U8};
/// static_assertions::assert_type_eq_all!(SizeOf<Layout![(4,2):(1,4)]>, C<U8>);
/// static_assertions::assert_type_eq_all!(SizeOf<cute_layout::DynLayout>, i64);
/// ```
pub type SizeOf<L> = <L as AnyLayout>::Size;

/// A coordinate of the layout `L`: what [`AnyLayout::call`], `try_call` and `crd2idx` take.
///
/// For a [`Layout<S, D>`](Layout), every [`Coord<S, D>`](Coord): integers (`i64`, `i32`,
/// `u32`, `u64`, `usize`) and tuples weakly congruent with the shape. For a
/// [`DynLayout`](crate::DynLayout), the same integers and [`DynTuple`](crate::DynTuple)s
/// (by value or by reference), whose structure is checked at run time.
///
/// ```
/// use cute_layout::{layout, AnyLayout};
/// let l = layout!((4,8):(8,1));
/// assert_eq!(AnyLayout::call(&l, (3usize, 5u32)), 29);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a coordinate of the layout `{L}`",
    label = "expected an integer or a coordinate weakly congruent with the shape",
    note = "coordinates must be weakly congruent with the shape (paper Definition 2.12); a `DynLayout` takes integers and `DynTuple`s"
)]
pub trait LayoutCoord<L: ?Sized> {
    /// `L(c)`, exact whenever it fits `i64`.
    fn offset_in(self, l: &L) -> i64;
    /// `L(c)`, checked.
    fn try_offset_in(self, l: &L) -> Result<i64>;
    /// `crd2idx(c, shape(L))`, checked.
    fn try_index_in(self, l: &L) -> Result<i64>;
}

impl<S: Congruent<D>, D: IntTuple> AnyLayout for Layout<S, D>
where
    Self: Idx2Crd<Output = S::Natural>,
    i64: Coord<S, D>,
{
    type Shape = S;
    type Size = <S::Size as crate::int::Int>::Num;
    type Natural = S::Natural;
    #[inline(always)]
    fn shape(&self) -> &S {
        self.shape_ref()
    }
    #[inline(always)]
    fn size(&self) -> Self::Size {
        Layout::size(self)
    }
    #[inline(always)]
    fn cosize(&self) -> i64 {
        Layout::cosize(self)
    }
    #[inline(always)]
    fn rank(&self) -> usize {
        Layout::rank(self)
    }
    #[inline(always)]
    fn depth(&self) -> usize {
        Layout::depth(self)
    }
    #[inline(always)]
    fn eval(&self, i: i64) -> i64 {
        Layout::eval(self, i)
    }
    #[inline]
    fn try_eval(&self, i: i64) -> Result<i64> {
        let () = Self::FITS_I64;
        i.try_offset(self.shape_ref(), self.stride_ref())
    }
    #[inline]
    fn try_idx2crd(&self, i: i64) -> Result<S::Natural> {
        Idx2Crd::try_idx2crd(self, i)
    }
}

impl<S: Congruent<D>, D: IntTuple> StridedLayout for Layout<S, D>
where
    Self: AnyLayout,
{
    type Stride = D;
    #[inline(always)]
    fn stride(&self) -> &D {
        self.stride_ref()
    }
}

impl<C, S: Congruent<D>, D: IntTuple> LayoutCoord<Layout<S, D>> for C
where
    C: Coord<S, D>,
    Layout<S, D>: Crd2Idx<C, Output = i64>,
{
    #[inline(always)]
    fn offset_in(self, l: &Layout<S, D>) -> i64 {
        l.call(self)
    }
    #[inline]
    fn try_offset_in(self, l: &Layout<S, D>) -> Result<i64> {
        let () = Layout::<S, D>::FITS_I64;
        self.try_offset(l.shape_ref(), l.stride_ref())
    }
    #[inline]
    fn try_index_in(self, l: &Layout<S, D>) -> Result<i64> {
        Crd2Idx::try_crd2idx(l, self)
    }
}

#[cfg(feature = "alloc")]
mod dynamic {
    use super::{AnyLayout, LayoutCoord, StridedLayout};
    use crate::error::Result;
    use crate::layout::coord_i64;
    use crate::runtime::layout::{DynLayout, DynTuple};
    use crate::tuple::IntTuple;

    impl AnyLayout for DynLayout {
        type Shape = DynTuple;
        type Size = i64;
        type Natural = DynTuple;
        #[inline]
        fn shape(&self) -> &DynTuple {
            DynLayout::shape(self)
        }
        #[inline]
        fn size(&self) -> i64 {
            DynLayout::size(self)
        }
        #[inline]
        fn cosize(&self) -> i64 {
            DynLayout::cosize(self)
        }
        #[inline]
        fn rank(&self) -> usize {
            DynLayout::rank(self)
        }
        #[inline]
        fn depth(&self) -> usize {
            DynLayout::depth(self)
        }
        #[inline]
        fn eval(&self, i: i64) -> i64 {
            DynLayout::eval(self, i)
        }
        #[inline]
        fn try_eval(&self, i: i64) -> Result<i64> {
            DynLayout::try_eval(self, &DynTuple::int(i))
        }
        #[inline]
        fn try_idx2crd(&self, i: i64) -> Result<DynTuple> {
            DynLayout::shape(self).idx2crd(i)
        }
    }

    impl StridedLayout for DynLayout {
        type Stride = DynTuple;
        #[inline]
        fn stride(&self) -> &DynTuple {
            DynLayout::stride(self)
        }
    }

    /// A `DynTuple` coordinate, its structure checked at run time.
    impl LayoutCoord<DynLayout> for &DynTuple {
        #[track_caller]
        fn offset_in(self, l: &DynLayout) -> i64 {
            match l.try_eval(self) {
                Ok(v) => v,
                Err(e) => panic!("{e}"),
            }
        }
        fn try_offset_in(self, l: &DynLayout) -> Result<i64> {
            l.try_eval(self)
        }
        fn try_index_in(self, l: &DynLayout) -> Result<i64> {
            l.shape().crd2idx(self)
        }
    }
    /// A `DynTuple` coordinate by value.
    impl LayoutCoord<DynLayout> for DynTuple {
        #[track_caller]
        fn offset_in(self, l: &DynLayout) -> i64 {
            (&self).offset_in(l)
        }
        fn try_offset_in(self, l: &DynLayout) -> Result<i64> {
            (&self).try_offset_in(l)
        }
        fn try_index_in(self, l: &DynLayout) -> Result<i64> {
            (&self).try_index_in(l)
        }
    }
    /// An integer tuple coordinate (`i64`, `(i64, i64)`, …): an integer is evaluated with
    /// [`DynLayout::eval`] (as [`Layout::call`](crate::Layout::call) evaluates it), a tuple
    /// converted to a `DynTuple` and checked.
    impl<C: IntTuple> LayoutCoord<DynLayout> for C {
        #[track_caller]
        fn offset_in(self, l: &DynLayout) -> i64 {
            match int_value(&self) {
                Some(i) => l.eval(i),
                None => (&self.to_dyn()).offset_in(l),
            }
        }
        fn try_offset_in(self, l: &DynLayout) -> Result<i64> {
            l.try_eval(&self.to_dyn())
        }
        fn try_index_in(self, l: &DynLayout) -> Result<i64> {
            l.shape().crd2idx(&self.to_dyn())
        }
    }
    /// The value of an integer leaf, `None` for a tuple (without allocating).
    fn int_value<C: IntTuple>(c: &C) -> Option<i64> {
        let mut v = [0i64];
        (C::IS_INT && c.leaves_into(&mut v) == 1).then_some(v[0])
    }
    /// The other integer types kernels index with: `call` is `eval` (the value converted with
    /// `as`, as for [`Layout`](crate::Layout)); the checked forms refuse values beyond `i64`.
    macro_rules! dyn_coord_int {
        ($($T:ty),*) => {$(
            impl LayoutCoord<DynLayout> for $T {
                #[inline]
                fn offset_in(self, l: &DynLayout) -> i64 {
                    l.eval(self as i64)
                }
                fn try_offset_in(self, l: &DynLayout) -> Result<i64> {
                    l.try_eval(&DynTuple::int(coord_i64(self)?))
                }
                fn try_index_in(self, l: &DynLayout) -> Result<i64> {
                    l.shape().crd2idx(&DynTuple::int(coord_i64(self)?))
                }
            }
        )*};
    }
    dyn_coord_int!(i32, u32, u64, usize);
}
