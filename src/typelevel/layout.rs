//! [`Layout<Shape, Stride>`](Layout): a function from coordinates to offsets (paper §2.4).

use core::fmt;

use typenum::U1;

use crate::error::{ErrorKind, Result};
use crate::int::Int;
use crate::tuple::{
    check_shape, Congruent, Cons, ConsOf, Element, Get, IntTuple, Nil, PrefixProduct, StaticShape,
    StaticTuple, SuffixProduct, ToCons,
};
use crate::tuple::{ColumnMajor, RowMajor};

/// A layout `S : D` (paper Definition 2.17): a shape and a congruent stride, mapping each
/// coordinate `c` of the shape to the offset `⟨c, D⟩`.
///
/// The shape and stride are nested tuples of integers, each leaf a typenum integer (static) or
/// an `i64` (dynamic). A fully static layout is zero-sized: all of its information is in its
/// type, and evaluating it compiles to shifts, masks and constant multiplications.
///
/// ```
/// use cute_layout::{layout, Layout};
/// use cute_layout::typenum::{U1, U2, U4, U8};
/// // (4,(2,2)):(1,(8,4)), written out and with the macro.
/// let l: Layout<(U4, (U2, U2)), (U1, (U8, U4))> = Layout::new();
/// assert_eq!(l, layout!((4,(2,2)):(1,(8,4))));
/// assert_eq!(core::mem::size_of_val(&l), 0);
/// assert_eq!(l.size(), U16::default()); // a `C<U16>`: prints as `16`
/// assert_eq!((l.cosize(), l.rank()), (16, 2));
/// assert_eq!(l.eval(5), 9);        // integral coordinate: 5 = (1,(1,0))
/// assert_eq!(l.call((1, 1)), 9);   // rank-R coordinate
/// assert_eq!(l.call((1, (1, 0))), 9); // natural coordinate
/// assert_eq!(l.to_string(), "(4,(2,2)):(1,(8,4))");
/// assert_eq!(format!("{l:#}"), "(_4,(_2,_2)):(_1,(_8,_4))");
/// # use cute_layout::typenum::U16;
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
pub struct Layout<S, D> {
    shape: S,
    stride: D,
}

/// A compact column-major layout of shape `S` (CuTe's default, `LayoutLeft`).
pub type LayoutLeft<S> = Layout<S, ColumnMajor<S>>;
/// A compact row-major layout of shape `S` (CuTe `LayoutRight`).
pub type LayoutRight<S> = Layout<S, RowMajor<S>>;

impl<S, D> Layout<S, D> {
    /// The static layout `S : D`. Positivity of the shape and congruence are checked at
    /// compile time.
    // The bounds are on the function, not the impl, so that a violation reports the bound's
    // own message rather than "method exists but its trait bounds were not satisfied".
    #[inline(always)]
    pub fn new() -> Self
    where
        S: StaticShape + Congruent<D>,
        D: StaticTuple,
    {
        let () = Self::FITS_I64;
        Layout {
            shape: S::default(),
            stride: D::default(),
        }
    }
}

impl<S, D> Layout<S, D> {
    /// A layout from parts of any kind (integer or basis strides) already known to satisfy
    /// the invariants.
    #[inline(always)]
    pub(crate) fn from_raw_parts(shape: S, stride: D) -> Self {
        Layout { shape, stride }
    }
    /// The shape, by reference, for layouts of any stride kind.
    #[inline(always)]
    pub(crate) fn raw_shape(&self) -> &S {
        &self.shape
    }
    /// The stride, by reference, for layouts of any stride kind.
    #[inline(always)]
    pub(crate) fn raw_stride(&self) -> &D {
        &self.stride
    }
}

/// `make_layout(shape, stride)` for static shapes and strides (checked at compile time).
#[inline(always)]
pub fn make_layout<S: StaticShape + Congruent<D>, D: StaticTuple>(
    _shape: S,
    _stride: D,
) -> Layout<S, D> {
    Layout::new()
}

/// `make_layout(shape, stride)` for any leaves: runtime entries are checked (positive shape,
/// size and offsets within `i64`).
pub fn try_make_layout<S: Congruent<D>, D: IntTuple>(shape: S, stride: D) -> Result<Layout<S, D>> {
    Layout::try_new(shape, stride)
}

/// `make_layout(shape)`: the compact column-major layout of a static shape (`LayoutLeft`).
///
/// ```
/// use cute_layout::{make_layout_left, typenum::{U2, U4}};
/// assert_eq!(make_layout_left((U2::default(), U4::default())).to_string(), "(2,4):(1,2)");
/// ```
pub fn make_layout_left<S>(_shape: S) -> LayoutLeft<S>
where
    S: StaticShape + PrefixProduct<U1> + Congruent<ColumnMajor<S>>,
    ColumnMajor<S>: StaticTuple,
{
    Layout::new()
}

/// The compact row-major layout of a static shape (`LayoutRight`).
///
/// ```
/// use cute_layout::{make_layout_right, typenum::{U2, U4}};
/// assert_eq!(make_layout_right((U2::default(), U4::default())).to_string(), "(2,4):(4,1)");
/// ```
pub fn make_layout_right<S>(_shape: S) -> LayoutRight<S>
where
    S: StaticShape + SuffixProduct<U1> + Congruent<RowMajor<S>>,
    RowMajor<S>: StaticTuple,
{
    Layout::new()
}

/// The compact column-major layout of any shape, checked.
pub fn try_make_layout_left<S>(shape: S) -> Result<LayoutLeft<S>>
where
    S: PrefixProduct<U1> + Congruent<ColumnMajor<S>>,
{
    check_shape(&shape)?;
    let stride = crate::tuple::prefix_product(&shape)?;
    Layout::try_new(shape, stride)
}

/// The compact row-major layout of any shape, checked.
pub fn try_make_layout_right<S>(shape: S) -> Result<LayoutRight<S>>
where
    S: SuffixProduct<U1> + Congruent<RowMajor<S>>,
{
    check_shape(&shape)?;
    let stride = crate::tuple::suffix_product(&shape)?;
    Layout::try_new(shape, stride)
}

impl<S: Congruent<D>, D: IntTuple> Layout<S, D> {
    /// `S : D` with runtime checks of the runtime entries: every shape entry positive, and the
    /// size and the cosize (so every offset of an in-bounds coordinate) within `i64` — so
    /// evaluation never overflows.
    ///
    /// ```
    /// use cute_layout::{ErrorKind, Layout};
    /// use cute_layout::typenum::U2;
    /// // cosize = 1·(2^63 − 1) + 1 does not fit i64.
    /// let e = Layout::try_new(U2::default(), i64::MAX).unwrap_err();
    /// assert_eq!(e.kind(), ErrorKind::Overflow);
    /// ```
    #[inline]
    pub fn try_new(shape: S, stride: D) -> Result<Self> {
        // One walk over the leaves: every shape entry positive, and the size and the cosize
        // within i64 (positive factors and non-negative terms: a partial product or sum
        // overflows only when the whole does). Only when it fails does the slow path below
        // find the error to report, condition by condition.
        let mut positive = true;
        let mut size = Some(1i64);
        let mut cosize = Some(1i64);
        shape.zip_leaves(&stride, &mut |s, d| {
            if s <= 0 {
                positive = false;
                return;
            }
            size = size.and_then(|a| a.checked_mul(s));
            cosize = cosize.and_then(|c| (s - 1).checked_mul(d)?.checked_abs()?.checked_add(c));
        });
        if positive && size.is_some() && cosize.is_some() {
            return Ok(Layout { shape, stride });
        }
        Self::try_new_slow(shape, stride, cosize.is_some())
    }

    /// [`Layout::try_new`] for parts that fail a check: each condition in turn, reporting the
    /// first that fails (a non-positive shape entry, the size, then the cosize, which the walk
    /// of `try_new` found to fit or not: its sum of `(s − 1)·|d|` is over the positive entries,
    /// which is every entry once the shape has passed).
    #[cold]
    #[inline(never)]
    fn try_new_slow(shape: S, stride: D, cosize_fits: bool) -> Result<Self> {
        check_shape(&shape)?;
        if !cosize_fits {
            return Err(crate::error::layout_error!(
                ErrorKind::Overflow,
                "the cosize of {}:{} exceeds i64",
                crate::tuple::Display(&shape),
                crate::tuple::Display(&stride)
            ));
        }
        Ok(Layout { shape, stride })
    }

    /// A layout from parts already known to satisfy the invariants (results of the algebra on
    /// valid layouts).
    #[inline(always)]
    pub(crate) fn from_parts_unchecked(shape: S, stride: D) -> Self {
        Layout { shape, stride }
    }

    /// The compile-time check of a static layout: its size and cosize fit `i64` (so every
    /// evaluation is exact). Referenced by the constructors and queries, so a static layout
    /// beyond `i64` — written or computed by the algebra — is a compile error naming the
    /// overflow. Layouts with runtime leaves are checked at run time instead.
    #[doc(hidden)]
    pub const FITS_I64: () = {
        if let Some(size) = <S::Size as crate::int::Int>::STATIC {
            // Evaluating a static leaf's value already fails beyond i64; sizes are positive.
            assert!(size > 0, "static layout: the size must be positive");
        }
        if let Some(span) = <S as Congruent<D>>::STATIC_SPAN {
            assert!(
                span < i64::MAX as u128,
                "static layout: the cosize exceeds i64::MAX (offsets beyond i64)"
            );
        }
    };

    /// The rank: the number of top-level modes.
    pub const RANK: usize = S::RANK;
    /// The depth of the shape.
    pub const DEPTH: usize = S::DEPTH;
    /// Whether every leaf of shape and stride is static (then the layout is zero-sized).
    pub const IS_STATIC: bool = S::IS_STATIC && D::IS_STATIC;

    /// The shape.
    #[inline(always)]
    pub fn shape(&self) -> S {
        self.shape
    }
    /// The stride.
    #[inline(always)]
    pub fn stride(&self) -> D {
        self.stride
    }
    /// `rank(L)`.
    #[inline(always)]
    pub fn rank(&self) -> usize {
        S::RANK
    }
    /// `depth(L)`.
    #[inline(always)]
    pub fn depth(&self) -> usize {
        S::DEPTH
    }
    /// `size(L)`: the number of integral coordinates; static when the shape is.
    ///
    /// A static size is a [`C<N>`](crate::int::C), which prints as its number; a runtime one
    /// is an `i64`.
    ///
    /// ```
    /// use cute_layout::layout;
    /// let s = layout!((4,8):(1,4)).size();
    /// assert_eq!(format!("{s} {s:?}"), "32 32");
    /// let n = 8;
    /// assert_eq!(layout!((4,{n}):(1,4)).unwrap().size(), 32i64);
    /// ```
    #[inline(always)]
    pub fn size(&self) -> <S::Size as crate::int::Int>::Num {
        let () = Self::FITS_I64;
        // The size fits i64: checked by every constructor.
        crate::int::Int::num(self.shape.size().unwrap_or_default())
    }
    /// `cosize(L) = Σᵢ (sᵢ − 1)·|dᵢ| + 1` over the leaves: the length of the smallest range
    /// holding every offset, one past the largest offset when the strides are non-negative
    /// (CuTe C++'s `cosize`, which takes `|d|` to protect against negative strides). Every
    /// layout's cosize fits `i64`: checked at construction.
    ///
    /// ```
    /// use cute_layout::layout;
    /// assert_eq!(layout!((4,(2,2)):(1,(8,4))).cosize(), 16);
    /// assert_eq!(layout!((4,3):(-2,5)).cosize(), 17); // offsets −6 … 10
    /// assert_eq!(layout!(5:-2).cosize(), 9);          // offsets −8 … 0
    /// assert_eq!(layout!((2,3):(0,1)).cosize(), 3);
    /// ```
    #[inline(always)]
    pub fn cosize(&self) -> i64 {
        let () = Self::FITS_I64;
        // Exact: construction checked that the sum fits.
        let mut span = 1i64;
        self.shape.zip_leaves(&self.stride, &mut |s, d| {
            span = span.wrapping_add((s - 1).wrapping_mul(d).wrapping_abs());
        });
        span
    }

    /// `L(i)` for an integral coordinate `i ≥ 0` (paper Eq. 4 and 6). Exact for every such `i`
    /// whose offset fits in `i64` — in particular every in-bounds `i` — including coordinates
    /// past `size(L)`, which run on in the extended last mode. Division-free for static
    /// layouts (shifts and masks, multiply-high for other constants) and branch-free when the
    /// shape's sizes are powers of two; otherwise one well-predicted range check sends an index
    /// below 2³² to 32-bit divisions (as C++ evaluates an `unsigned` index) and any other to
    /// 64-bit ones. A negative `i` is not a coordinate: its result is unspecified (never a
    /// panic); [`Layout::try_call`] reports it as an error.
    #[inline(always)]
    pub fn eval(&self, i: i64) -> i64 {
        let () = Self::FITS_I64;
        crate::tuple::offset_of_index(&self.shape, &self.stride, i)
    }

    /// `L(c)` for a coordinate of any form the shape admits: integral (`5`), rank-R
    /// (`(1, 1)`) or natural (`(1, (1, 0))`) — any coordinate weakly congruent with the shape.
    #[inline(always)]
    pub fn call<C: Coord<S, D>>(&self, c: C) -> i64 {
        let () = Self::FITS_I64;
        c.offset(&self.shape, &self.stride)
    }

    /// `L(c)` as a slice index, for layouts with static non-negative strides and coordinates of
    /// unsigned integers (`usize`, `u32`, `u64`): then no offset is negative, and every
    /// in-bounds offset is below [`cosize`](Layout::cosize) — `data[l.index((i, j))]` with no
    /// cast. Out-of-bounds coordinates give an unspecified (but safe) index.
    ///
    /// ```
    /// use cute_layout::layout;
    /// let l = layout!((4,8):(8,1));
    /// let data: Vec<u32> = (0..32).collect();
    /// let (i, j): (usize, usize) = (3, 5);
    /// assert_eq!(data[l.index((i, j))], 29);
    /// assert_eq!(l.call((3u32, 5i32)), 29); // `call` takes any integer type, returns i64
    /// ```
    #[inline(always)]
    pub fn index<C: Coord<S, D> + UnsignedCoord>(&self, c: C) -> usize
    where
        D: NonNegativeStrides,
    {
        self.call(c) as usize
    }

    /// `layout<I>(L)`: mode `I` as a layout.
    #[inline(always)]
    pub fn mode<I>(&self) -> Layout<Element<S, I>, Element<D, I>>
    where
        S: Get<I>,
        D: Get<I>,
        Element<S, I>: Congruent<Element<D, I>>,
    {
        Layout {
            shape: self.shape.get_element(),
            stride: self.stride.get_element(),
        }
    }

    /// The shape, by reference (what [`AnyLayout::shape`](crate::AnyLayout::shape) returns).
    #[inline(always)]
    pub(crate) fn shape_ref(&self) -> &S {
        &self.shape
    }
    /// The stride, by reference.
    #[inline(always)]
    pub(crate) fn stride_ref(&self) -> &D {
        &self.stride
    }

    /// The runtime-structured copy of this layout, keeping static marks.
    #[cfg(feature = "alloc")]
    pub fn to_dyn(&self) -> crate::runtime::layout::DynLayout {
        let () = Self::FITS_I64;
        crate::runtime::layout::DynLayout::new(self.shape.to_dyn(), self.stride.to_dyn())
            .expect("a Layout satisfies the DynLayout invariants")
    }

    /// `L(c)` with every check: coordinates must be non-negative and weakly congruent, and the
    /// arithmetic is checked.
    #[cfg(feature = "alloc")]
    pub fn try_call<C: IntTuple>(&self, c: C) -> Result<i64> {
        self.to_dyn().try_eval(&c.to_dyn())
    }
}

#[cfg(feature = "alloc")]
impl<S: Congruent<D>, D: IntTuple> From<Layout<S, D>> for crate::runtime::layout::DynLayout {
    fn from(l: Layout<S, D>) -> Self {
        l.to_dyn()
    }
}

/// CuTe notation, `shape:stride`; `{:#}` marks static leaves `_4`. Strides may be integers or
/// basis elements (`(4,8):(1@0,1@1)`).
impl<S: crate::basis::typelevel::LayoutFmt<D>, D> fmt::Display for Layout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.shape.fmt_layout(&self.stride, f)
    }
}

/// A coordinate of a layout with shape `S` and stride `D`: an integral coordinate (`i64`) or a
/// tuple of coordinates of the same rank as the shape, element by element (so rank-R and
/// natural coordinates, and any mix, are coordinates).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a coordinate of a layout with shape `{S}`",
    label = "expected an integer or a tuple with the shape's rank",
    note = "coordinates must be weakly congruent with the shape (paper Definition 2.12)"
)]
pub trait Coord<S, D> {
    /// The offset `L(c)`, with wrapping arithmetic (exact whenever it fits in `i64`).
    fn offset(self, shape: &S, stride: &D) -> i64;
    /// The offset `L(c)`, checked exactly as the runtime engine checks it
    /// ([`crd2idx`](crate::runtime::layout::crd2idx)): an [`ErrorKind::BadCoordinate`] error for a
    /// negative entry (or an unsigned one beyond `i64`), an [`ErrorKind::Overflow`] error where
    /// a product or a partial sum overflows, summed left to right.
    fn try_offset(self, shape: &S, stride: &D) -> Result<i64>;
}
impl<S: CheckedIndex<D>, D> Coord<S, D> for i64 {
    #[inline(always)]
    fn offset(self, shape: &S, stride: &D) -> i64 {
        crate::tuple::offset_of_index(shape, stride, self)
    }
    #[inline]
    fn try_offset(self, shape: &S, stride: &D) -> Result<i64> {
        if self < 0 {
            return Err(crate::error::layout_error!(
                ErrorKind::BadCoordinate,
                "coordinate {self} is negative"
            ));
        }
        shape.try_offset_of_index(stride, self)
    }
}
/// The integer types kernels index with: converted to `i64` (`usize` and `u64` values beyond
/// `i64::MAX` are beyond every layout's size, and wrap like other out-of-range coordinates;
/// the checked form refuses them).
macro_rules! coord_int {
    ($($T:ty),*) => {$(
        impl<S: CheckedIndex<D>, D> Coord<S, D> for $T {
            #[inline(always)]
            fn offset(self, shape: &S, stride: &D) -> i64 {
                crate::tuple::offset_of_index(shape, stride, self as i64)
            }
            #[inline]
            fn try_offset(self, shape: &S, stride: &D) -> Result<i64> {
                coord_i64(self)?.try_offset(shape, stride)
            }
        }
    )*};
}
coord_int!(i32, u32, u64, usize);

/// An integer coordinate as an `i64`, or an [`ErrorKind::BadCoordinate`] error beyond `i64`.
pub(crate) fn coord_i64<T: TryInto<i64> + Copy + fmt::Display>(c: T) -> Result<i64> {
    c.try_into().map_err(|_| {
        crate::error::layout_error!(ErrorKind::BadCoordinate, "coordinate {c} exceeds i64")
    })
}

/// `crd2idx(i, S, D)` for an integral coordinate `i ≥ 0` with checked arithmetic, as the
/// runtime engine computes it: `i` split into its natural coordinate (paper Eq. 4), then the
/// inner product with the stride summed left to right (Eq. 6).
#[doc(hidden)]
pub trait CheckedIndex<D>: Congruent<D> {
    /// `Σ natural(i)ₖ·dₖ`, checked; `i` is non-negative.
    fn try_offset_of_index(&self, stride: &D, i: i64) -> Result<i64>;
}
macro_rules! checked_index_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<D: Int, $($g)*> CheckedIndex<D> for $S {
            #[inline]
            fn try_offset_of_index(&self, stride: &D, i: i64) -> Result<i64> {
                let d = stride.value();
                i.checked_mul(d).ok_or_else(|| {
                    crate::error::layout_error!(ErrorKind::Overflow, "{i} * {d}")
                })
            }
        }
    };
}
crate::tuple::for_each_leaf!(checked_index_leaf);
impl<S: ToCons + Congruent<D>, D> CheckedIndex<D> for S
where
    S::Natural: Coord<S, D>,
{
    #[inline]
    fn try_offset_of_index(&self, stride: &D, i: i64) -> Result<i64> {
        self.idx2crd(i).try_offset(self, stride)
    }
}

/// A coordinate whose every entry is an unsigned integer (`usize`, `u32`, `u64`), so its
/// offset under non-negative strides is never negative: what [`Layout::index`] takes.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an unsigned coordinate",
    label = "`index` takes coordinates of `usize`, `u32` or `u64` entries",
    note = "with signed entries use `call`, which returns an `i64` offset"
)]
#[doc(hidden)]
pub trait UnsignedCoord {}
impl UnsignedCoord for u32 {}
impl UnsignedCoord for u64 {}
impl UnsignedCoord for usize {}
impl<C: ToCons> UnsignedCoord for C where ConsOf<C>: ConsUnsignedCoord {}
#[doc(hidden)]
pub trait ConsUnsignedCoord {}
impl ConsUnsignedCoord for Nil {}
impl<H: UnsignedCoord, T: ConsUnsignedCoord> ConsUnsignedCoord for Cons<H, T> {}

/// Strides that are static and non-negative, so a layout's offsets at unsigned coordinates
/// are never negative: what [`Layout::index`] needs to return a `usize`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tuple of static non-negative strides",
    label = "`index` returns a `usize` offset only where no offset can be negative",
    note = "for runtime or negative strides use `call`, which returns an `i64` offset"
)]
#[doc(hidden)]
pub trait NonNegativeStrides {}
impl NonNegativeStrides for typenum::UTerm {}
impl<U: crate::int::Digits, B: crate::int::Digit> NonNegativeStrides for typenum::UInt<U, B> {}
impl<D: ToCons> NonNegativeStrides for D where ConsOf<D>: ConsNonNegative {}
#[doc(hidden)]
pub trait ConsNonNegative {}
impl ConsNonNegative for Nil {}
impl<H: NonNegativeStrides, T: ConsNonNegative> ConsNonNegative for Cons<H, T> {}
impl<C: ToCons, S: ToCons, D: ToCons> Coord<S, D> for C
where
    ConsOf<C>: ConsCoord<ConsOf<S>, ConsOf<D>>,
{
    #[inline(always)]
    fn offset(self, shape: &S, stride: &D) -> i64 {
        self.to_cons().offset(&shape.to_cons(), &stride.to_cons())
    }
    #[inline]
    fn try_offset(self, shape: &S, stride: &D) -> Result<i64> {
        self.to_cons()
            .try_offset_from(0, &shape.to_cons(), &stride.to_cons())
    }
}
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the coordinate is not weakly congruent with the shape: a tuple level has a different rank",
    label = "expected an integer or a tuple with the shape's rank, at every level",
    note = "coordinates must be weakly congruent with the shape (paper Definition 2.12): integral, rank-R or natural"
)]
pub trait ConsCoord<S, D> {
    fn offset(self, shape: &S, stride: &D) -> i64;
    /// `acc + Σ cₖ(sₖ:dₖ)`, checked, summed left to right.
    fn try_offset_from(self, acc: i64, shape: &S, stride: &D) -> Result<i64>;
}
impl ConsCoord<Nil, Nil> for Nil {
    #[inline(always)]
    fn offset(self, _: &Nil, _: &Nil) -> i64 {
        0
    }
    #[inline(always)]
    fn try_offset_from(self, acc: i64, _: &Nil, _: &Nil) -> Result<i64> {
        Ok(acc)
    }
}
#[diagnostic::do_not_recommend]
impl<CH: Coord<SH, DH>, CT: ConsCoord<ST, DT>, SH, ST, DH, DT> ConsCoord<Cons<SH, ST>, Cons<DH, DT>>
    for Cons<CH, CT>
{
    #[inline(always)]
    fn offset(self, shape: &Cons<SH, ST>, stride: &Cons<DH, DT>) -> i64 {
        self.0
            .offset(&shape.0, &stride.0)
            .wrapping_add(self.1.offset(&shape.1, &stride.1))
    }
    #[inline]
    fn try_offset_from(self, acc: i64, shape: &Cons<SH, ST>, stride: &Cons<DH, DT>) -> Result<i64> {
        let head = self.0.try_offset(&shape.0, &stride.0)?;
        let acc = acc
            .checked_add(head)
            .ok_or_else(|| crate::error::layout_error!(ErrorKind::Overflow, "{acc} + {head}"))?;
        self.1.try_offset_from(acc, &shape.1, &stride.1)
    }
}

/// CuTe's mode vocabulary and coordinate maps as inherent methods: no trait imports needed.
/// Each forwards to the trait of the same name in [`ops`](crate::typelevel), whose
/// associated type is the result.
impl<S, D> Layout<S, D> {
    /// `get<I>(L)` (CuTe `layout<I>(L)`): mode `I` (a typenum index) as a layout; an integral
    /// layout is its own mode 0, and an index not below the rank is a compile error naming the
    /// condition.
    ///
    /// ```
    /// use cute_layout::{layout, typenum::U1};
    /// assert_eq!(layout!((4,(2,3)):(1,(4,8))).get::<U1>().to_string(), "(2,3):(4,8)");
    /// ```
    #[inline(always)]
    pub fn get<I>(&self) -> <Self as crate::typelevel::GetMode<I>>::Output
    where
        Self: crate::typelevel::GetMode<I>,
    {
        crate::typelevel::GetMode::<I>::get_mode(self)
    }
    /// `append(L, b)` (CuTe `append`): `b` as a new last mode, `(L0, …, Ln, b)`; an integral `L`
    /// counts as rank 1. An error only where a runtime size or cosize exceeds `i64`.
    ///
    /// ```
    /// use cute_layout::layout;
    /// assert_eq!(layout!((4,2):(1,4)).try_append(layout!(3:8)).unwrap().to_string(), "(4,2,3):(1,4,8)");
    /// ```
    #[inline(always)]
    pub fn try_append<B>(&self, b: B) -> Result<<Self as crate::typelevel::Append<B>>::Output>
    where
        Self: crate::typelevel::Append<B>,
    {
        crate::typelevel::Append::try_append(self, b)
    }
    /// `append(L, b)`: `b` as a new last mode, `(L0, …, Ln, b)`. Panics with the error of
    /// [`try_append`](Layout::try_append).
    ///
    /// ```
    /// use cute_layout::layout;
    /// assert_eq!(layout!(4:1).append(layout!(2:4)).to_string(), "(4,2):(1,4)");
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn append<B>(&self, b: B) -> <Self as crate::typelevel::Append<B>>::Output
    where
        Self: crate::typelevel::Append<B>,
    {
        crate::typelevel::Append::append(self, b)
    }
    /// `prepend(L, b)` (CuTe `prepend`): `b` as a new first mode, `(b, L0, …, Ln)`; an integral
    /// `L` counts as rank 1. An error only where a runtime size or cosize exceeds `i64`.
    ///
    /// ```
    /// use cute_layout::layout;
    /// assert_eq!(layout!((4,2):(1,4)).try_prepend(layout!(3:8)).unwrap().to_string(), "(3,4,2):(8,1,4)");
    /// ```
    #[inline(always)]
    pub fn try_prepend<B>(&self, b: B) -> Result<<Self as crate::typelevel::Prepend<B>>::Output>
    where
        Self: crate::typelevel::Prepend<B>,
    {
        crate::typelevel::Prepend::try_prepend(self, b)
    }
    /// `prepend(L, b)`: `b` as a new first mode, `(b, L0, …, Ln)`. Panics with the error of
    /// [`try_prepend`](Layout::try_prepend).
    ///
    /// ```
    /// use cute_layout::layout;
    /// assert_eq!(layout!(4:1).prepend(layout!(3:8)).to_string(), "(3,4):(8,1)");
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn prepend<B>(&self, b: B) -> <Self as crate::typelevel::Prepend<B>>::Output
    where
        Self: crate::typelevel::Prepend<B>,
    {
        crate::typelevel::Prepend::prepend(self, b)
    }
    /// `select<I0, I1, …>(L)` (CuTe `select`): the chosen modes in the given order, the
    /// indices as a tuple of typenum integers; indices may repeat, and one not below the rank is
    /// a compile error. An error only where a runtime size or cosize exceeds `i64` (a repeated
    /// mode).
    ///
    /// ```
    /// use cute_layout::{layout, typenum::{U0, U2}};
    /// let l = layout!((2,3,4):(1,2,6)).try_select::<(U2, U0)>().unwrap();
    /// assert_eq!(l.to_string(), "(4,2):(6,1)");
    /// ```
    #[inline(always)]
    pub fn try_select<Is>(&self) -> Result<<Self as crate::typelevel::SelectModes<Is>>::Output>
    where
        Self: crate::typelevel::SelectModes<Is>,
    {
        crate::typelevel::SelectModes::<Is>::try_select(self)
    }
    /// `select<I0, I1, …>(L)`: the chosen modes in the given order, the indices as a tuple of
    /// typenum integers. Panics with the error of [`try_select`](Layout::try_select).
    ///
    /// ```
    /// use cute_layout::{layout, typenum::{U0, U2}};
    /// assert_eq!(layout!((2,3,4):(1,2,6)).select::<(U2, U0, U0)>().to_string(), "(4,2,2):(6,1,1)");
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn select<Is>(&self) -> <Self as crate::typelevel::SelectModes<Is>>::Output
    where
        Self: crate::typelevel::SelectModes<Is>,
    {
        crate::typelevel::SelectModes::<Is>::select(self)
    }
    /// `take<B, E>(L)` (CuTe `take`): modes `[B, E)` (typenum indices), `(L_B, …, L_(E−1))`; an
    /// integral layout counts as rank 1, and `B ≤ E ≤ rank(L)` is checked at compile time.
    ///
    /// ```
    /// use cute_layout::{layout, typenum::{U1, U3}};
    /// assert_eq!(layout!((2,3,4,5):(1,2,6,24)).take::<U1, U3>().to_string(), "(3,4):(2,6)");
    /// ```
    #[inline(always)]
    pub fn take<Bg, E>(&self) -> <Self as crate::typelevel::Take<Bg, E>>::Output
    where
        Self: crate::typelevel::Take<Bg, E>,
    {
        crate::typelevel::Take::<Bg, E>::take(self)
    }
    /// `idx2crd(i, shape(L))` (paper Eq. 4): the natural coordinate of `i`, colexicographic, the
    /// last mode not reduced (an out-of-bounds `i` lands in the extended last mode). An
    /// [`ErrorKind::BadCoordinate`] error for `i < 0`.
    ///
    /// ```
    /// use cute_layout::layout;
    /// assert_eq!(layout!((4,(2,2)):(1,(8,4))).try_idx2crd(13), Ok((1, (1, 1))));
    /// ```
    #[inline(always)]
    pub fn try_idx2crd(&self, i: i64) -> Result<<Self as crate::typelevel::Idx2Crd>::Output>
    where
        Self: crate::typelevel::Idx2Crd,
    {
        crate::typelevel::Idx2Crd::try_idx2crd(self, i)
    }
    /// `idx2crd(i, shape(L))` (paper Eq. 4), the last mode not reduced. Panics
    /// with the error of [`try_idx2crd`](Layout::try_idx2crd).
    ///
    /// ```
    /// use cute_layout::layout;
    /// assert_eq!(layout!((4,(2,2)):(1,(8,4))).idx2crd(13), (1, (1, 1)));
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn idx2crd(&self, i: i64) -> <Self as crate::typelevel::Idx2Crd>::Output
    where
        Self: crate::typelevel::Idx2Crd,
    {
        crate::typelevel::Idx2Crd::idx2crd(self, i)
    }
    /// `crd2idx(c, shape(L))` (paper Eq. 5): the integral coordinate of `c` (integral, rank-R or
    /// natural: any [`Coord`] of the shape) under the compact column-major strides of the shape.
    /// A negative entry is an [`ErrorKind::BadCoordinate`] error, a sum beyond `i64` an
    /// [`ErrorKind::Overflow`] error.
    ///
    /// ```
    /// use cute_layout::{layout, ErrorKind};
    /// let l = layout!((4,(2,2)):(1,(8,4)));
    /// assert_eq!(l.try_crd2idx((1, (1, 1))), Ok(13));
    /// assert_eq!(l.try_crd2idx(-3).unwrap_err().kind(), ErrorKind::BadCoordinate);
    /// ```
    #[inline(always)]
    pub fn try_crd2idx<C>(&self, c: C) -> Result<<Self as crate::typelevel::Crd2Idx<C>>::Output>
    where
        Self: crate::typelevel::Crd2Idx<C>,
    {
        crate::typelevel::Crd2Idx::try_crd2idx(self, c)
    }
    /// `crd2idx(c, shape(L))` (paper Eq. 5), checked as [`try_crd2idx`](Layout::try_crd2idx).
    /// Panics
    /// with the error of [`try_crd2idx`](Layout::try_crd2idx).
    ///
    /// ```
    /// use cute_layout::layout;
    /// assert_eq!(layout!((4,(2,2)):(1,(8,4))).crd2idx((1, 3)), 13);
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn crd2idx<C>(&self, c: C) -> <Self as crate::typelevel::Crd2Idx<C>>::Output
    where
        Self: crate::typelevel::Crd2Idx<C>,
    {
        crate::typelevel::Crd2Idx::crd2idx(self, c)
    }
}
