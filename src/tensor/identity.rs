//! Coordinate tensors (CuTe's `make_identity_tensor`, an `ArithmeticTupleIterator` engine over
//! `make_identity_layout(shape)`): `T(c) = origin + L(c)` where `L` has basis strides, so an
//! element *is* its natural coordinate in the original shape. Tiled and partitioned exactly
//! as a data tensor over the same shape, the coordinate tensor tells each tile or thread which
//! elements its data tensor addresses; `coord < shape` then predicates a tiling that does not
//! divide the shape (CuTe's `elem_less`).

use crate::basis::typelevel::{BasisCongruent, BasisCoord, BasisLayout, BasisLike, BasisLikeOf};
use crate::error::{layout_error, ErrorKind, Result};
use crate::layout::Layout;
use crate::tuple::{Nil, StaticShape};
use crate::typelevel::{ZippedDivide, ZippedDivideOf};

use super::partition::ThreadCoord;
use super::InShape;

/// A tensor of coordinates: `T(c) = origin + L(c)`, `L` a layout with basis strides and `C`
/// the coordinate type (its [`Codomain`](crate::Codomain)). No memory: for a static layout it is zero-sized
/// apart from the origin, and an access is the index arithmetic into `C`. Built by
/// [`make_coord_tensor`]. Tiled and partitioned as a data tensor over the same shape,
/// it gives the coordinates of the elements each tile or thread addresses; `coord < shape`
/// predicates a tiling that does not divide the shape (CuTe's `elem_less`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CoordTensor<L, C> {
    layout: L,
    origin: C,
}

/// The coordinate tensor of `zipped_divide(L, T)` with coordinate type `C`.
pub type ZippedCoordTensor<L, T, C> = CoordTensor<ZippedDivideOf<L, T>, C>;

/// The type of `make_coord_tensor(make_identity_layout(s))` for a shape of type `S`.
pub type IdentityTensor<S> =
    CoordTensor<Layout<S, BasisLikeOf<S>>, <Layout<S, BasisLikeOf<S>> as BasisLayout>::Coord>;

/// The coordinate tensor `origin + L(c)` of a basis layout `L` with origin 0: with
/// `L = make_identity_layout(shape)` (or [`try_make_identity_layout`](crate::try_make_identity_layout)
/// for runtime entries) this is CuTe's `make_identity_tensor(shape)`, the tensor mapping
/// every coordinate of `shape` to its natural coordinate.
///
/// ```
/// use cute_layout::{make_identity_layout, try_make_identity_layout, tensor::make_coord_tensor};
/// use cute_layout::typenum::{U2, U3, U4};
/// let id = make_coord_tensor(make_identity_layout(((U2::new(), U3::new()), U4::new())));
/// assert_eq!(id.get(23), ((1, 2), 3)); // index 23 is the natural coordinate ((1,2),3)
/// assert_eq!(id.get((5, 3)), ((1, 2), 3)); // rank-R coordinate
/// assert_eq!(core::mem::size_of_val(&id), 3 * 8); // the origin only: no memory
/// let rt = make_coord_tensor(try_make_identity_layout((U4::new(), 5i64)).unwrap());
/// assert_eq!(rt.get(19), (3, 4));
/// ```
#[inline(always)]
pub fn make_coord_tensor<L: BasisLayout>(layout: L) -> CoordTensor<L, L::Coord> {
    CoordTensor {
        layout,
        origin: Default::default(),
    }
}

/// CuTe's `make_identity_tensor(shape)` for a static shape: the coordinate tensor mapping
/// every coordinate of `shape` to its natural coordinate, i.e.
/// `make_coord_tensor(make_identity_layout(shape))` in one call. Tile and partition it as the
/// data tensor over the same shape and compare its coordinates with the shape to predicate
/// the elements past the edge ([`try_make_identity_tensor`] takes runtime extents).
///
/// ```
/// use cute_layout::tensor::make_identity_tensor;
/// use cute_layout::typenum::{U2, U3, U4};
/// let id = make_identity_tensor(((U2::new(), U3::new()), U4::new()));
/// assert_eq!(id.get(23), ((1, 2), 3));
/// assert_eq!(id.layout().to_string(), "((2,3),4):((1@0@0,1@1@0),1@1)");
/// assert_eq!(core::mem::size_of_val(&id), 3 * 8); // the origin only
/// ```
#[inline(always)]
pub fn make_identity_tensor<S>(shape: S) -> IdentityTensor<S>
where
    S: StaticShape + BasisLike<Nil> + BasisCongruent<BasisLikeOf<S>>,
    Layout<S, BasisLikeOf<S>>: BasisLayout,
{
    make_coord_tensor(crate::make_identity_layout(shape))
}

/// CuTe's `make_identity_tensor(shape)` for any shape (static or runtime extents): an error
/// for a runtime extent that is not positive (as
/// [`try_make_identity_layout`](crate::try_make_identity_layout)).
///
/// ```
/// use cute_layout::tensor::try_make_identity_tensor;
/// use cute_layout::typenum::U4;
/// let id = try_make_identity_tensor((U4::new(), 5i64)).unwrap();
/// assert_eq!(id.get((3, 4)), (3, 4));
/// assert_eq!(id.get(19), (3, 4));
/// assert!(try_make_identity_tensor((U4::new(), 0i64)).is_err());
/// ```
#[inline]
pub fn try_make_identity_tensor<S>(shape: S) -> Result<IdentityTensor<S>>
where
    S: BasisLike<Nil> + BasisCongruent<BasisLikeOf<S>>,
    Layout<S, BasisLikeOf<S>>: BasisLayout,
{
    Ok(make_coord_tensor(crate::try_make_identity_layout(shape)?))
}

#[cold]
fn coordinate_error() -> crate::LayoutError {
    layout_error!(
        ErrorKind::BadCoordinate,
        "the coordinate lies outside the tensor's shape"
    )
}

impl<S: Copy, D: Copy, C: Copy> CoordTensor<Layout<S, D>, C> {
    /// The layout (basis strides).
    #[inline(always)]
    pub fn layout(&self) -> &Layout<S, D> {
        &self.layout
    }

    /// The coordinate of the tensor's element 0 (CuTe's iterator).
    #[inline(always)]
    pub fn origin(&self) -> C {
        self.origin
    }

    /// The shape.
    #[inline(always)]
    pub fn shape(&self) -> S {
        *self.layout.raw_shape()
    }

    /// `T(c) = origin + L(c)`, checked: a [`BadCoordinate`](crate::ErrorKind::BadCoordinate)
    /// error for a coordinate outside the shape. `c` is integral, rank-R or natural.
    #[inline(always)]
    pub fn try_get<X>(&self, c: X) -> Result<C>
    where
        X: InShape<S> + BasisCoord<S, D, C>,
    {
        if c.in_shape(self.layout.raw_shape()) {
            Ok(c.eval_coord(
                self.layout.raw_shape(),
                self.layout.raw_stride(),
                self.origin,
            ))
        } else {
            Err(coordinate_error())
        }
    }

    /// `T(c)`; panics with the error of [`try_get`](CoordTensor::try_get).
    #[inline(always)]
    #[track_caller]
    pub fn get<X>(&self, c: X) -> C
    where
        X: InShape<S> + BasisCoord<S, D, C>,
    {
        match self.try_get(c) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }

    /// `zipped_divide(T, tiler)`: `((tile), (rest))`, the same origin.
    pub fn try_zipped_divide<T>(self, tiler: T) -> Result<ZippedCoordTensor<Layout<S, D>, T, C>>
    where
        Layout<S, D>: ZippedDivide<T>,
    {
        Ok(CoordTensor {
            layout: self.layout.try_zipped_divide(tiler)?,
            origin: self.origin,
        })
    }

    /// `local_tile(T, tiler, c)` (CuTe `inner_partition`): the tile of `zipped_divide(T,
    /// tiler)` at the rest coordinate `c` — the coordinates of the elements that
    /// [`Tensor::local_tile`](super::Tensor::local_tile) with the same tiler and `c` addresses.
    /// `c` is an integer or a coordinate of the whole rest mode (no `_` padding here); an
    /// error for a coordinate outside it. A tiler that does not divide the shape is allowed
    /// (the tiles past the edge hold coordinates outside the shape: predicate them).
    ///
    /// ```
    /// use cute_layout::{make_identity_layout, tensor::make_coord_tensor};
    /// use cute_layout::typenum::{U4, U5, U6};
    /// let id = make_coord_tensor(make_identity_layout((U5::new(), U6::new())));
    /// let tile = id.local_tile((U4::new(), U4::new()), (1, 1)); // the tile past both edges
    /// assert_eq!(tile.get((0, 0)), (4, 4));
    /// assert_eq!(tile.get((3, 1)), (7, 5)); // row 7 does not exist: predicate it
    /// ```
    pub fn try_local_tile<T, X, S0, S1, D0, D1>(
        self,
        tiler: T,
        c: X,
    ) -> Result<CoordTensor<Layout<S0, D0>, C>>
    where
        Layout<S, D>: ZippedDivide<T, Output = Layout<(S0, S1), (D0, D1)>>,
        X: InShape<S1> + BasisCoord<S1, D1, C>,
        S0: Copy,
        D0: Copy,
    {
        let z = self.layout.try_zipped_divide(tiler)?;
        let (s, d) = (z.raw_shape(), z.raw_stride());
        if !c.in_shape(&s.1) {
            return Err(coordinate_error());
        }
        let origin = c.try_eval_coord(&s.1, &d.1, self.origin)?;
        Ok(CoordTensor {
            layout: Layout::from_raw_parts(s.0, d.0),
            origin,
        })
    }

    /// [`try_local_tile`](CoordTensor::try_local_tile), panicking with its error.
    #[track_caller]
    pub fn local_tile<T, X, S0, S1, D0, D1>(self, tiler: T, c: X) -> CoordTensor<Layout<S0, D0>, C>
    where
        Layout<S, D>: ZippedDivide<T, Output = Layout<(S0, S1), (D0, D1)>>,
        X: InShape<S1> + BasisCoord<S1, D1, C>,
        S0: Copy,
        D0: Copy,
    {
        match self.try_local_tile(tiler, c) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }

    /// `local_partition(T, thr, i)` (CuTe `outer_partition` with the tiler
    /// `product_each(shape(thr))`): the coordinates of the elements that thread `i` of the
    /// thread layout `thr` addresses in
    /// [`Tensor::local_partition`](super::Tensor::local_partition). An error for a negative
    /// `i`.
    ///
    /// ```
    /// use cute_layout::{layout, make_identity_layout, tensor::make_coord_tensor};
    /// use cute_layout::typenum::{U6, U8};
    /// let id = make_coord_tensor(make_identity_layout((U8::new(), U6::new())));
    /// let part = id.local_partition(&layout!((4,2):(1,4)), 5); // thread (1,1)
    /// assert_eq!(part.get((0, 0)), (1, 1));
    /// assert_eq!(part.get((1, 2)), (5, 5));
    /// ```
    pub fn try_local_partition<TS, TD, S0, S1, D0, D1>(
        self,
        thr: &Layout<TS, TD>,
        i: i64,
    ) -> Result<CoordTensor<Layout<S1, D1>, C>>
    where
        Layout<TS, TD>: ThreadCoord,
        Layout<S, D>: ZippedDivide<
            <Layout<TS, TD> as ThreadCoord>::Tiler,
            Output = Layout<(S0, S1), (D0, D1)>,
        >,
        <Layout<TS, TD> as ThreadCoord>::Coord: BasisCoord<S0, D0, C>,
        S1: Copy,
        D1: Copy,
    {
        if i < 0 {
            return Err(layout_error!(
                ErrorKind::BadCoordinate,
                "thread index {i} is negative"
            ));
        }
        let z = self.layout.try_zipped_divide(thr.tiler())?;
        let (s, d) = (z.raw_shape(), z.raw_stride());
        // `flat_coord` reduces every entry modulo its thread mode, whose size is the tile
        // mode's: the coordinate lies in the tile.
        let origin = thr.flat_coord(i).try_eval_coord(&s.0, &d.0, self.origin)?;
        Ok(CoordTensor {
            layout: Layout::from_raw_parts(s.1, d.1),
            origin,
        })
    }

    /// [`try_local_partition`](CoordTensor::try_local_partition), panicking with its error.
    #[track_caller]
    pub fn local_partition<TS, TD, S0, S1, D0, D1>(
        self,
        thr: &Layout<TS, TD>,
        i: i64,
    ) -> CoordTensor<Layout<S1, D1>, C>
    where
        Layout<TS, TD>: ThreadCoord,
        Layout<S, D>: ZippedDivide<
            <Layout<TS, TD> as ThreadCoord>::Tiler,
            Output = Layout<(S0, S1), (D0, D1)>,
        >,
        <Layout<TS, TD> as ThreadCoord>::Coord: BasisCoord<S0, D0, C>,
        S1: Copy,
        D1: Copy,
    {
        match self.try_local_partition(thr, i) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }
}
