//! `slice(c, L)` and `slice_and_offset(c, L)` (CuTe `layout.hpp`) on [`DynLayout`]: the
//! sub-layout of the modes a coordinate leaves open with `_`, and where it starts. The same
//! rules as the type level ([`SliceCoord`](crate::typelevel::SliceCoord)).

use alloc::vec::Vec;

use crate::error::{layout_error, ErrorKind, Result};
use crate::runtime::layout::{crd2idx, DynLayout, DynTuple};
use crate::typelevel::Underscore;

/// A runtime slice coordinate: `_`, an integer, or a tuple of slice coordinates (CuTe's
/// coordinates with `_` entries).
///
/// ```
/// use cute_layout::algebra::{slice, DynSliceCoord as C};
/// use cute_layout::DynLayout;
/// let l: DynLayout = "(8,5):(1,8)".parse().unwrap();
/// let c = C::Tuple(vec![C::Skip, C::Int(3)]);
/// assert_eq!(slice(&l, &c).to_string(), "(8):(1)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DynSliceCoord {
    /// `_`: the mode is kept.
    Skip,
    /// An integer: the mode is fixed at this coordinate.
    Int(i64),
    /// A tuple of slice coordinates, one per mode.
    Tuple(Vec<DynSliceCoord>),
}

/// Anything usable as a slice coordinate of a [`DynLayout`]: [`DynSliceCoord`], `_`
/// ([`Underscore`]), integers, [`DynTuple`]s (no `_`) and tuples of these.
#[doc(hidden)]
pub trait AsSliceCoord {
    /// This value as a runtime slice coordinate; an error for an integer beyond `i64`.
    fn as_slice_coord(&self) -> Result<DynSliceCoord>;
}
impl AsSliceCoord for DynSliceCoord {
    fn as_slice_coord(&self) -> Result<DynSliceCoord> {
        Ok(self.clone())
    }
}
impl AsSliceCoord for Underscore {
    fn as_slice_coord(&self) -> Result<DynSliceCoord> {
        Ok(DynSliceCoord::Skip)
    }
}
impl AsSliceCoord for DynTuple {
    fn as_slice_coord(&self) -> Result<DynSliceCoord> {
        Ok(match self {
            DynTuple::Int(i) => DynSliceCoord::Int(i.value),
            DynTuple::Tuple(v) => DynSliceCoord::Tuple(
                v.iter()
                    .map(AsSliceCoord::as_slice_coord)
                    .collect::<Result<_>>()?,
            ),
        })
    }
}
impl<T: AsSliceCoord + ?Sized> AsSliceCoord for &T {
    fn as_slice_coord(&self) -> Result<DynSliceCoord> {
        (**self).as_slice_coord()
    }
}
macro_rules! int_slice_coord {
    ($($T:ty),*) => {$(
        impl AsSliceCoord for $T {
            fn as_slice_coord(&self) -> Result<DynSliceCoord> {
                Ok(DynSliceCoord::Int(crate::layout::coord_i64(*self)?))
            }
        }
    )*};
}
int_slice_coord!(i64, i32, u32, u64, usize);
macro_rules! tuple_slice_coord {
    ($(($T:ident $D:ident))*) => {
        impl<$($T: AsSliceCoord),*> AsSliceCoord for ($($T,)*) {
            #[allow(non_snake_case)]
            fn as_slice_coord(&self) -> Result<DynSliceCoord> {
                let ($($T,)*) = self;
                Ok(DynSliceCoord::Tuple(alloc::vec![$($T.as_slice_coord()?),*]))
            }
        }
    };
}
crate::tuple::for_each_tuple_pair!(tuple_slice_coord);

/// The offset of the slice coordinate `c` in `shape:stride` with `_` read as 0, and the kept
/// modes lifted into `shapes`/`strides` (CuTe `lift_slice`).
fn lift(
    c: &DynSliceCoord,
    shape: &DynTuple,
    stride: &DynTuple,
    shapes: &mut Vec<DynTuple>,
    strides: &mut Vec<DynTuple>,
) -> Result<i64> {
    match c {
        DynSliceCoord::Skip => {
            shapes.push(shape.clone());
            strides.push(stride.clone());
            Ok(0)
        }
        DynSliceCoord::Int(v) => {
            let size = shape.size()?;
            if *v < 0 || *v >= size {
                return Err(layout_error!(
                    ErrorKind::BadCoordinate,
                    "slice coordinate {v} is outside its mode {shape} of size {size}"
                ));
            }
            crd2idx(&DynTuple::int(*v), shape, stride)
        }
        DynSliceCoord::Tuple(cs) => {
            let (DynTuple::Tuple(ss), DynTuple::Tuple(ds)) = (shape, stride) else {
                return Err(layout_error!(
                    ErrorKind::BadCoordinate,
                    "slice coordinate of rank {} for the integral mode {shape}",
                    cs.len()
                ));
            };
            if cs.len() != ss.len() {
                return Err(layout_error!(
                    ErrorKind::BadCoordinate,
                    "slice coordinate of rank {} for the mode {shape} of rank {}",
                    cs.len(),
                    ss.len()
                ));
            }
            let mut acc = 0i64;
            for ((c, s), d) in cs.iter().zip(ss).zip(ds) {
                let o = lift(c, s, d, shapes, strides)?;
                acc = crate::runtime::layout::checked_add(acc, o)?;
            }
            Ok(acc)
        }
    }
}

/// `slice_and_offset(c, A)`: the sub-layout of the modes `c` leaves open with `_`, and the
/// offset `A(c)` with `_` read as 0. A
/// [`BadCoordinate`](crate::ErrorKind::BadCoordinate) error for an integer entry outside its
/// mode and for a coordinate not weakly congruent with the shape.
///
/// ```
/// use cute_layout::{algebra::try_slice_and_offset, ops::Underscore as _X, DynLayout};
/// let a: DynLayout = "(4,(2,3)):(1,(4,8))".parse().unwrap();
/// let (l, off) = try_slice_and_offset(&a, &(2, (1, _X))).unwrap();
/// assert_eq!((l.to_string(), off), ("(3):(8)".to_string(), 6));
/// assert!(try_slice_and_offset(&a, &(2, 1, 0)).is_err()); // rank 3 for a rank-2 shape
/// ```
pub fn try_slice_and_offset<C: AsSliceCoord + ?Sized>(
    a: &DynLayout,
    c: &C,
) -> Result<(DynLayout, i64)> {
    let c = c.as_slice_coord()?;
    if c == DynSliceCoord::Skip {
        return Ok((a.clone(), 0));
    }
    let (mut shapes, mut strides) = (Vec::new(), Vec::new());
    let offset = lift(&c, a.shape(), a.stride(), &mut shapes, &mut strides)?;
    // A sub-layout of a valid layout: its size and offsets are within the original's.
    let l = DynLayout::new(DynTuple::Tuple(shapes), DynTuple::Tuple(strides))?;
    Ok((l, offset))
}

/// Panicking form of [`try_slice_and_offset`].
#[track_caller]
pub fn slice_and_offset<C: AsSliceCoord + ?Sized>(a: &DynLayout, c: &C) -> (DynLayout, i64) {
    super::unwrap(try_slice_and_offset(a, c))
}

/// `slice(c, A)`: the sub-layout of the modes `c` leaves open with `_`; errors as
/// [`try_slice_and_offset`].
pub fn try_slice<C: AsSliceCoord + ?Sized>(a: &DynLayout, c: &C) -> Result<DynLayout> {
    Ok(try_slice_and_offset(a, c)?.0)
}

/// Panicking form of [`try_slice`].
#[track_caller]
pub fn slice<C: AsSliceCoord + ?Sized>(a: &DynLayout, c: &C) -> DynLayout {
    super::unwrap(try_slice(a, c))
}

impl<C: AsSliceCoord> crate::typelevel::Slice<C> for DynLayout {
    type Output = DynLayout;
    fn try_slice(&self, crd: C) -> Result<DynLayout> {
        try_slice(self, &crd)
    }
}
impl<C: AsSliceCoord> crate::typelevel::SliceAndOffset<C> for DynLayout {
    fn try_slice_and_offset(&self, crd: C) -> Result<(DynLayout, i64)> {
        try_slice_and_offset(self, &crd)
    }
}

impl DynLayout {
    /// See [`SliceAndOffset`](crate::typelevel::SliceAndOffset); an error for an integer entry
    /// outside its mode or a coordinate not weakly congruent with the shape.
    pub fn try_slice_and_offset<C: AsSliceCoord>(&self, crd: C) -> Result<(DynLayout, i64)> {
        try_slice_and_offset(self, &crd)
    }
    /// See [`SliceAndOffset`](crate::typelevel::SliceAndOffset); panics where
    /// [`try_slice_and_offset`](Self::try_slice_and_offset) errs.
    #[track_caller]
    pub fn slice_and_offset<C: AsSliceCoord>(&self, crd: C) -> (DynLayout, i64) {
        slice_and_offset(self, &crd)
    }
}
