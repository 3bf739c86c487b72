//! [`Layout<Shape, Stride>`](Layout): a function from coordinates to offsets (paper §2.4).

use core::fmt;

use typenum::U1;

use crate::error::{ErrorKind, Result};
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
/// assert_eq!((l.size(), l.cosize(), l.rank()), (U16::default(), 16, 2));
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
        Layout {
            shape: S::default(),
            stride: D::default(),
        }
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
    /// size and all offsets of in-bounds coordinates within `i64` (so evaluation never
    /// overflows).
    pub fn try_new(shape: S, stride: D) -> Result<Self> {
        check_shape(&shape)?;
        let mut span = Some(0i64);
        shape.zip_leaves(&stride, &mut |s, d| {
            span = span.and_then(|acc| (s - 1).checked_mul(d)?.checked_abs()?.checked_add(acc));
        });
        if span.is_none() {
            return Err(crate::error::layout_error!(
                ErrorKind::Overflow,
                "offsets of {}:{} exceed i64",
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
    #[inline(always)]
    pub fn size(&self) -> S::Size {
        // The size fits i64: checked by every constructor.
        self.shape.size().unwrap_or_default()
    }
    /// `cosize(L) = L(size(L) − 1) + 1` (CuTe's definition).
    #[inline(always)]
    pub fn cosize(&self) -> i64 {
        self.eval(self.shape.size_value() - 1) + 1
    }

    /// `L(i)` for an integral coordinate `i ≥ 0` (paper Eq. 4 and 6). Exact for every such `i`
    /// whose offset fits in `i64` — in particular every in-bounds `i` — including coordinates
    /// past `size(L)`, which run on in the extended last mode. Branch-free and division-free
    /// for static layouts. A negative `i` is not a coordinate: its result is unspecified (never
    /// a panic); [`Layout::try_call`] reports it as an error.
    #[inline(always)]
    pub fn eval(&self, i: i64) -> i64 {
        self.shape.offset_of_index(&self.stride, i)
    }

    /// `L(c)` for a coordinate of any form the shape admits: integral (`5`), rank-R
    /// (`(1, 1)`) or natural (`(1, (1, 0))`) — any coordinate weakly congruent with the shape.
    #[inline(always)]
    pub fn call<C: Coord<S, D>>(&self, c: C) -> i64 {
        c.offset(&self.shape, &self.stride)
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

    /// The runtime-structured copy of this layout, keeping static marks.
    #[cfg(feature = "alloc")]
    pub fn to_dyn(&self) -> crate::dynamic::DynLayout {
        crate::dynamic::DynLayout::new(self.shape.to_dyn(), self.stride.to_dyn())
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
impl<S: Congruent<D>, D: IntTuple> From<Layout<S, D>> for crate::dynamic::DynLayout {
    fn from(l: Layout<S, D>) -> Self {
        l.to_dyn()
    }
}

impl<S: Congruent<D>, D: IntTuple> fmt::Display for Layout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&crate::tuple::Display(&self.shape), f)?;
        f.write_str(":")?;
        fmt::Display::fmt(&crate::tuple::Display(&self.stride), f)
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
}
impl<S: Congruent<D>, D> Coord<S, D> for i64 {
    #[inline(always)]
    fn offset(self, shape: &S, stride: &D) -> i64 {
        shape.offset_of_index(stride, self)
    }
}
impl<C: ToCons, S: ToCons, D: ToCons> Coord<S, D> for C
where
    ConsOf<C>: ConsCoord<ConsOf<S>, ConsOf<D>>,
{
    #[inline(always)]
    fn offset(self, shape: &S, stride: &D) -> i64 {
        self.to_cons().offset(&shape.to_cons(), &stride.to_cons())
    }
}
#[doc(hidden)]
pub trait ConsCoord<S, D> {
    fn offset(self, shape: &S, stride: &D) -> i64;
}
impl ConsCoord<Nil, Nil> for Nil {
    #[inline(always)]
    fn offset(self, _: &Nil, _: &Nil) -> i64 {
        0
    }
}
impl<CH: Coord<SH, DH>, CT: ConsCoord<ST, DT>, SH, ST, DH, DT> ConsCoord<Cons<SH, ST>, Cons<DH, DT>>
    for Cons<CH, CT>
{
    #[inline(always)]
    fn offset(self, shape: &Cons<SH, ST>, stride: &Cons<DH, DT>) -> i64 {
        self.0
            .offset(&shape.0, &stride.0)
            .wrapping_add(self.1.offset(&shape.1, &stride.1))
    }
}
