//! Tensors (CuTe's `Tensor`, `cute/tensor_impl.hpp`): an engine — the memory — composed with a
//! layout, `T(c) = data[base + L(c)]`.
//!
//! * **Engines** ([`Engine`]): borrowed slices (`&[T]`, `&mut [T]`), owned register fragments of
//!   static size (`GenericArray<T, N>`, `N` the layout's cosize: [`make_tensor`],
//!   [`make_fragment_like`]), and raw pointers for FFI or device memory ([`RawEngine`], built
//!   with the unsafe [`Tensor::from_raw_parts`]).
//! * **Layouts** ([`TensorLayout`]): every layout of the crate — static and mixed
//!   [`Layout`](struct@crate::Layout)s, [`DynLayout`](crate::DynLayout)s and swizzled
//!   [`ComposedLayout`]s.
//! * **Construction checks once** that every offset `base + L(c)` of the domain lies in the
//!   engine, `[0, len)` (negative strides and a composed layout's cosize bound included): an
//!   error, not a panic. Indexing then checks only that the coordinate lies in the shape — no
//!   per-access length check: on a static layout an access compiles to the index arithmetic
//!   and that comparison (`tests/both_tensor.rs` checks the arithmetic, `asm/` the code).
//! * **Slicing** with `_` ([`Tensor::slice`], CuTe's `tensor(_, 3)`), the layout algebra on
//!   tensors (`compose`, the divides), [`local_tile`] and [`local_partition`], and CPU
//!   reference algorithms ([`copy`], [`fill`], [`axpby`], [`gemm`]).
//!
//! No allocation is needed: slices and fragments work in `no_std`.
//!
//! ```
//! use cute_layout::{layout, tensor::Tensor, typelevel::Underscore as _X};
//! let data: Vec<f32> = (0..40).map(|x| x as f32).collect();
//! let t = Tensor::try_new(&data[..], layout!((8,5):(1,8))).unwrap(); // 8x5 column major
//! assert_eq!(t[(3, 2)], 19.0);
//! assert_eq!(*t.get(19), 19.0); // integral coordinate
//! let col = t.slice((_X, 3)); // CuTe tensor(_, 3): column 3
//! assert_eq!(col.layout().to_string(), "(8):(1)");
//! assert_eq!(col[5], 29.0);
//! // An engine too short for the layout is refused once, at construction:
//! assert!(Tensor::try_new(&data[..39], layout!((8,5):(1,8))).is_err());
//! ```

mod algorithm;
mod engine;
mod identity;
mod like;
mod partition;
pub(crate) mod walk;

#[doc(hidden)]
pub use walk::{ConsConstModes, ConstLayoutModes, ConstModes, ConstStride, Modes};

pub use algorithm::{axpby, copy, fill, gemm, try_axpby, try_copy, try_gemm};
pub use engine::{Engine, EngineMut, HostEngine, RawEngine};
pub use identity::{
    make_coord_tensor, make_identity_tensor, try_make_identity_tensor, CoordTensor, IdentityTensor,
};
pub use like::MakeLayoutLike;
pub use partition::{
    local_partition, local_tile, local_tile_proj, try_local_partition, try_local_tile,
    try_local_tile_proj, Dice, DicedLayout, FragmentDecay, InnerPartition, LocalTileOf,
    OuterPartition, PadCoord, PartitionOf, ProjEntry, SwapSlice, SwapSliceOf, ThreadCoord,
};

use core::ops::{Index, IndexMut};

use generic_array::{ArrayLength, GenericArray};
use typenum::Unsigned;

use crate::any_layout::{AnyLayout, LayoutCoord};
use crate::composed::{ComposedInner, ComposedLayout, ComposedOffset, ComposedOuter};
use crate::error::{layout_error, ErrorKind, LayoutError, Result};
use crate::layout::Layout;
use crate::tuple::{Congruent, Cons, ConsOf, IntTuple, Nil, ToCons};
use crate::typelevel::{self, SliceAndOffset, SliceOf};

// ---------------------------------------------------------------------------------------------
// Layouts and coordinates a tensor takes

/// A layout a [`Tensor`] can be built on: an [`AnyLayout`] that knows a range holding all of
/// its offsets, and the sizes of its top-level modes.
///
/// # Safety
///
/// [`offset_range`](TensorLayout::offset_range) must return `(lo, hi)` with
/// `lo ≤ L(c) ≤ hi` for every coordinate `c` of the domain (every coordinate
/// [`InShape`] accepts), `L(c)` computed by [`LayoutCoord::offset_in`] and
/// [`AnyLayout::eval`]: tensors index their engine without a bounds check on that promise.
/// The modes that `STATIC_MODES` and `modes` return, where they do, must describe the same
/// map: the product of the flat sizes of a top-level mode is its size, and the offset at
/// the integral coordinate `i` is `Σ dₖ·iₖ` for the colexicographic digits `iₖ` of `i` in
/// the flat sizes `sₖ`; the algorithms walk the engine by those strides unchecked.
pub unsafe trait TensorLayout: AnyLayout {
    /// `(lo, hi)`: every offset of the domain lies in `[lo, hi]`; an error where no such
    /// range is known (a composed layout whose inner offsets are negative).
    fn offset_range(&self) -> Result<(i64, i64)>;
    /// The size of top-level mode `i` (`i < rank`), for the rank dispatch of the algorithms.
    fn mode_size(&self, i: usize) -> i64;
    /// The flat modes and top-level structure of a static layout, for the algorithms'
    /// compile-time loop nests (`None`: not static, or not a product of modes).
    #[doc(hidden)]
    const STATIC_MODES: Option<Modes> = None;
    /// The flat modes and top-level structure (`None`: not a product of modes, such as a
    /// swizzled layout, or more than the algorithms' nests hold).
    #[doc(hidden)]
    #[inline(always)]
    fn modes(&self) -> Option<Modes> {
        None
    }
}

/// Collects the leaves of a shape (with its top-level modes), then of the congruent stride.
struct CollectModes {
    modes: Modes,
    depth: usize,
    stride: bool,
    at: usize,
    ok: bool,
}
impl crate::tuple::Visitor for CollectModes {
    fn open(&mut self) {
        self.depth += 1;
    }
    fn close(&mut self) {
        self.depth -= 1;
    }
    fn separator(&mut self) {
        if self.depth == 1 && !self.stride {
            self.ok &= self.modes.next_mode().is_some();
        }
    }
    fn leaf(&mut self, value: i64, _: bool) {
        if self.stride {
            self.ok &= self.modes.set_stride(self.at, value).is_some();
            self.at += 1;
        } else {
            self.ok &= self.modes.push_leaf(value, 0).is_some();
        }
    }
}

/// The sizes of the top-level modes of an `IntTuple`, through its visitor.
struct ModeSize {
    depth: usize,
    mode: usize,
    want: usize,
    size: i64,
}
impl crate::tuple::Visitor for ModeSize {
    fn open(&mut self) {
        self.depth += 1;
    }
    fn close(&mut self) {
        self.depth -= 1;
    }
    fn separator(&mut self) {
        if self.depth == 1 {
            self.mode += 1;
        }
    }
    fn leaf(&mut self, value: i64, _: bool) {
        if self.mode == self.want {
            self.size = self.size.wrapping_mul(value);
        }
    }
}
fn tuple_mode_size<S: IntTuple>(s: &S, i: usize) -> i64 {
    if S::IS_INT {
        return s.size_value();
    }
    let mut v = ModeSize {
        depth: 0,
        mode: 0,
        want: i,
        size: 1,
    };
    s.visit(&mut v);
    v.size
}

// SAFETY: the range is `(Σ (s−1)·d over d < 0, Σ (s−1)·d over d > 0)`, exact (the cosize
// fits i64, checked at construction), and `L(c) = Σ cₖ·dₖ` with `0 ≤ cₖ < sₖ`.
unsafe impl<S: Congruent<D> + ConstModes<D>, D: IntTuple> TensorLayout for Layout<S, D>
where
    Self: AnyLayout + core::fmt::Display,
{
    #[inline(always)]
    fn offset_range(&self) -> Result<(i64, i64)> {
        Ok(ComposedInner::offset_range(self))
    }
    fn mode_size(&self, i: usize) -> i64 {
        tuple_mode_size(self.shape_ref(), i)
    }
    const STATIC_MODES: Option<Modes> = <S as ConstModes<D>>::MODES;
    #[inline(always)]
    fn modes(&self) -> Option<Modes> {
        if let Some(m) = Self::STATIC_MODES {
            return Some(m);
        }
        // The shape and stride are congruent: their leaves pair up in order.
        let mut v = CollectModes {
            modes: Modes::EMPTY,
            depth: 0,
            stride: false,
            at: 0,
            ok: true,
        };
        self.shape_ref().visit(&mut v);
        v.stride = true;
        self.stride_ref().visit(&mut v);
        (v.ok && v.at == v.modes.len()).then_some(v.modes)
    }
}

// SAFETY: as for `Layout`, from the leaves.
#[cfg(feature = "alloc")]
unsafe impl TensorLayout for crate::DynLayout {
    fn offset_range(&self) -> Result<(i64, i64)> {
        Ok(ComposedInner::offset_range(self))
    }
    fn mode_size(&self, i: usize) -> i64 {
        match self.shape() {
            crate::DynTuple::Int(n) => n.value,
            s => s.get(i).and_then(|m| m.size()).unwrap_or(0),
        }
    }
    fn modes(&self) -> Option<Modes> {
        let mut m = Modes::EMPTY;
        for (j, (s, d)) in self
            .shape()
            .elements()
            .iter()
            .zip(self.stride().elements())
            .enumerate()
        {
            if j > 0 {
                m.next_mode()?;
            }
            for (x, y) in s.leaves().zip(d.leaves()) {
                m.push_leaf(x, y)?;
            }
        }
        Some(m)
    }
}

// SAFETY: `O + B(c)` lies in `[lo + O, hi + O]`; with `lo + O ≥ 0` the swizzle keeps it
// non-negative (it only exchanges bits below bit 63) and below the cosize bound (see
// `composed.rs`: every offset of the domain is below `cosize`).
unsafe impl<A: ComposedOuter, O: ComposedOffset, B: ComposedInner> TensorLayout
    for ComposedLayout<A, O, B>
where
    B: TensorLayout,
{
    fn offset_range(&self) -> Result<(i64, i64)> {
        let (lo, _) = ComposedInner::offset_range(self.layout_b());
        let o = self.offset().value();
        if lo.checked_add(o).is_none_or(|x| x < 0) {
            return Err(layout_error!(
                ErrorKind::NegativeStride,
                "the composed layout {self} applies its swizzle to negative offsets"
            ));
        }
        Ok((0, AnyLayout::cosize(self) - 1))
    }
    fn mode_size(&self, i: usize) -> i64 {
        self.layout_b().mode_size(i)
    }
}

/// A coordinate that can be checked to lie in a shape `S`: what tensor indexing checks before
/// its unchecked access. Integers (`i64`, `i32`, `u32`, `u64`, `usize`: `0 ≤ c < size(S)`),
/// tuples of them weakly congruent with `S` (each entry within its mode), and, for
/// [`DynTuple`](crate::DynTuple) shapes, `DynTuple`s.
///
/// # Safety
///
/// `in_shape(s)` may return `true` only when the coordinate is a coordinate of the shape `s`
/// (paper Definition 2.12): every entry `cₖ` within `0 ≤ cₖ < size(sₖ)`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a coordinate of a tensor with shape `{S}`",
    label = "expected an integer or a coordinate weakly congruent with the shape",
    note = "tensor coordinates are integral, rank-R or natural coordinates of the layout's shape (paper Definition 2.12)"
)]
#[doc(hidden)]
pub unsafe trait InShape<S> {
    /// Whether every entry lies within its mode.
    fn in_shape(&self, shape: &S) -> bool;
}

macro_rules! int_in_shape {
    ($($T:ty),*) => {$(
        // SAFETY: `c as i64 as u64 < size` holds exactly for `0 ≤ c < size` (a negative or
        // too large value wraps to at least 2^63 > size).
        unsafe impl<S: IntTuple> InShape<S> for $T {
            #[inline(always)]
            fn in_shape(&self, shape: &S) -> bool {
                (*self as i64 as u64) < (shape.size_value() as u64)
            }
        }
        // SAFETY: as above.
        #[cfg(feature = "alloc")]
        unsafe impl InShape<crate::DynTuple> for $T {
            #[inline]
            fn in_shape(&self, shape: &crate::DynTuple) -> bool {
                shape.size().is_ok_and(|n| (*self as i64 as u64) < (n as u64))
            }
        }
    )*};
}
int_in_shape!(i64, i32, u32, u64, usize);

// SAFETY: element by element.
unsafe impl<C: ToCons, S: ToCons> InShape<S> for C
where
    ConsOf<C>: ConsInShape<ConsOf<S>>,
{
    #[inline(always)]
    fn in_shape(&self, shape: &S) -> bool {
        self.to_cons().cons_in_shape(&shape.to_cons())
    }
}
/// The list form of [`InShape`].
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the coordinate is not weakly congruent with the tensor's shape: a tuple level has a different rank",
    label = "expected a tuple with the shape's rank at this level"
)]
pub unsafe trait ConsInShape<SL> {
    fn cons_in_shape(&self, shape: &SL) -> bool;
}
// SAFETY: the empty coordinate of the empty shape.
unsafe impl ConsInShape<Nil> for Nil {
    #[inline(always)]
    fn cons_in_shape(&self, _: &Nil) -> bool {
        true
    }
}
// SAFETY: both elements checked.
#[diagnostic::do_not_recommend]
unsafe impl<CH: InShape<SH>, CT: ConsInShape<ST>, SH, ST> ConsInShape<Cons<SH, ST>>
    for Cons<CH, CT>
{
    #[inline(always)]
    fn cons_in_shape(&self, shape: &Cons<SH, ST>) -> bool {
        // `&` rather than `&&`: no branch per entry.
        self.0.in_shape(&shape.0) & self.1.cons_in_shape(&shape.1)
    }
}

#[cfg(feature = "alloc")]
mod dyn_in_shape {
    use super::InShape;
    use crate::runtime::layout::DynTuple;
    use crate::tuple::{IntTuple, ToCons};

    /// Whether `c` is a coordinate of `s`: weakly congruent, each entry in its mode.
    fn dyn_in_shape(c: &DynTuple, s: &DynTuple) -> bool {
        match (c, s) {
            (DynTuple::Int(i), _) => s.size().is_ok_and(|n| (i.value as u64) < (n as u64)),
            (DynTuple::Tuple(cs), DynTuple::Tuple(ss)) => {
                cs.len() == ss.len() && cs.iter().zip(ss).all(|(c, s)| dyn_in_shape(c, s))
            }
            (DynTuple::Tuple(_), DynTuple::Int(_)) => false,
        }
    }
    // SAFETY: checked entry by entry.
    unsafe impl InShape<DynTuple> for DynTuple {
        fn in_shape(&self, shape: &DynTuple) -> bool {
            dyn_in_shape(self, shape)
        }
    }
    // SAFETY: checked entry by entry.
    unsafe impl InShape<DynTuple> for &DynTuple {
        fn in_shape(&self, shape: &DynTuple) -> bool {
            dyn_in_shape(self, shape)
        }
    }
    // SAFETY: checked entry by entry, on the runtime copy.
    unsafe impl<C: ToCons + IntTuple> InShape<DynTuple> for C {
        fn in_shape(&self, shape: &DynTuple) -> bool {
            dyn_in_shape(&self.to_dyn(), shape)
        }
    }
}

#[doc(hidden)]
/// A coordinate of the tensor layout `L`: checked against its shape ([`InShape`]), then
/// evaluated ([`LayoutCoord`]).
pub trait TensorCoord<L: AnyLayout>: InShape<L::Shape> + LayoutCoord<L> {}
impl<L: AnyLayout, C: InShape<L::Shape> + LayoutCoord<L>> TensorCoord<L> for C {}

// ---------------------------------------------------------------------------------------------
// The tensor

/// `engine ∘ layout` (CuTe's `Tensor`): `T(c) = data[base + L(c)]` for every coordinate `c`
/// of the layout. See the [module documentation](self).
///
/// Invariant (checked by every constructor): `0 ≤ base + L(c) < len(engine)` for every
/// coordinate `c` of the layout's domain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tensor<E, L> {
    engine: E,
    base: usize,
    layout: L,
}

#[cold]
fn coordinate_error() -> LayoutError {
    layout_error!(
        ErrorKind::BadCoordinate,
        "the coordinate lies outside the tensor's shape"
    )
}

/// The panic of `get`/`get_mut`/indexing, out of line so that an access's hot path is the
/// coordinate check and the index arithmetic.
#[cold]
#[inline(never)]
#[track_caller]
fn coordinate_panic() -> ! {
    panic!("{}", coordinate_error())
}

/// `base + [lo, hi] ⊆ [0, len)`, or the error naming the layout's offsets.
fn check_range(base: i64, (lo, hi): (i64, i64), len: usize) -> Result<()> {
    let (Some(lo), Some(hi)) = (base.checked_add(lo), base.checked_add(hi)) else {
        return Err(LayoutError::overflow());
    };
    if lo < 0 || hi >= len as i64 || len == 0 {
        return Err(layout_error!(
            ErrorKind::InvalidArgument,
            "the layout's offsets {lo} ..= {hi} do not lie in the engine's {len} elements"
        ));
    }
    Ok(())
}

impl<E: Engine, L: TensorLayout> Tensor<E, L> {
    /// `make_tensor(engine, layout)`: the tensor `data[L(c)]`, after checking that every
    /// offset of the layout lies in the engine (an
    /// [`InvalidArgument`](crate::ErrorKind::InvalidArgument) error otherwise; negative
    /// offsets need [`try_with_offset`](Tensor::try_with_offset)).
    ///
    /// ```
    /// use cute_layout::{layout, tensor::Tensor, ErrorKind};
    /// let data = [0u8; 12];
    /// assert!(Tensor::try_new(&data[..], layout!((4,3):(1,4))).is_ok());
    /// let e = Tensor::try_new(&data[..], layout!((4,3):(1,5))).unwrap_err(); // offset 13
    /// assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    /// ```
    pub fn try_new(engine: E, layout: L) -> Result<Self> {
        Self::try_with_offset(engine, 0, layout)
    }

    /// `make_tensor(engine + base, layout)`: the tensor `data[base + L(c)]`, checked as
    /// [`try_new`](Tensor::try_new) — the way to use negative strides.
    ///
    /// ```
    /// use cute_layout::{layout, tensor::Tensor};
    /// let data = [10, 11, 12, 13];
    /// let rev = Tensor::try_with_offset(&data[..], 3, layout!(4:-1)).unwrap();
    /// assert_eq!((rev[0], rev[3]), (13, 10));
    /// assert!(Tensor::try_new(&data[..], layout!(4:-1)).is_err()); // offsets −3 ..= 0
    /// ```
    pub fn try_with_offset(engine: E, base: usize, layout: L) -> Result<Self> {
        let b = i64::try_from(base).map_err(|_| LayoutError::overflow())?;
        check_range(b, layout.offset_range()?, engine.len())?;
        Ok(Tensor {
            engine,
            base,
            layout,
        })
    }

    /// The same engine under another layout, starting `offset` further, checked as
    /// [`try_with_offset`](Tensor::try_with_offset): the partition-then-offset step of every
    /// view (`local_tile`, `local_partition`, the atoms' `partition_*` and `retile`). A start
    /// or an offset before the engine's first element is an
    /// [`InvalidArgument`](crate::ErrorKind::InvalidArgument) error, as one past its end;
    /// [`Overflow`](crate::ErrorKind::Overflow) only where `base + offset` leaves `i64`.
    /// Hidden: public for the tests of its range checks (`tests/both_tensor.rs`), which the
    /// views cannot reach with every offset.
    #[doc(hidden)]
    pub fn relayout<L2: TensorLayout>(self, layout: L2, offset: i64) -> Result<Tensor<E, L2>> {
        let base = (self.base as i64)
            .checked_add(offset)
            .ok_or_else(LayoutError::overflow)?;
        check_range(base, layout.offset_range()?, self.engine.len())?;
        // `check_range` bounds `base + lo`; a layout whose offsets all lie above 0 does not
        // bound `base` itself.
        let base = usize::try_from(base).map_err(|_| {
            layout_error!(
                ErrorKind::InvalidArgument,
                "the tensor would start at offset {base}, before the engine"
            )
        })?;
        Ok(Tensor {
            engine: self.engine,
            base,
            layout,
        })
    }
}

impl<T, L: TensorLayout> Tensor<RawEngine<T>, L> {
    /// A tensor on raw memory (FFI, device memory): `ptr[base + L(c)]`, the offsets checked
    /// against `len` as [`try_with_offset`](Tensor::try_with_offset) does. A raw tensor is
    /// sliced, tiled and partitioned like any other, and hands out its
    /// [`data_ptr`](Tensor::data_ptr); it is not indexed on the host (no [`HostEngine`]).
    ///
    /// # Safety
    ///
    /// `ptr` must point to an allocation of at least `len` elements of `T` that outlives the
    /// tensor and every tensor derived from it, and whoever dereferences the pointers they
    /// hand out must do so where that memory is accessible (e.g. in a kernel for device
    /// memory), without data races. Computing those pointers is always sound (wrapping
    /// arithmetic).
    ///
    /// ```
    /// use cute_layout::{layout, tensor::Tensor, typelevel::Underscore as _X};
    /// let mut data = [0f32; 32];
    /// let t = unsafe { Tensor::from_raw_parts(data.as_mut_ptr(), 32, 0, layout!((4,8):(1,4))) }
    ///     .unwrap();
    /// let col = t.slice((_X, 5));
    /// assert_eq!(col.data_ptr(), data[20..].as_mut_ptr());
    /// ```
    pub unsafe fn from_raw_parts(ptr: *mut T, len: usize, base: usize, layout: L) -> Result<Self> {
        Self::try_with_offset(RawEngine::new(ptr, len), base, layout)
    }
}

/// `make_tensor<T>(layout)`: an owned register fragment, `GenericArray<T, cosize(L)>`
/// filled with `T::default()`, for a static layout (its cosize is the array's length; a
/// layout with negative strides starts at `−min offset`).
///
/// ```
/// use cute_layout::{layout, tensor::make_tensor};
/// let mut f = make_tensor::<f32, _>(layout!((2,3):(3,1))); // row major 2x3
/// f[(1, 2)] = 5.0;
/// assert_eq!(f.engine().as_slice(), &[0.0, 0.0, 0.0, 0.0, 0.0, 5.0]);
/// assert_eq!(core::mem::size_of_val(&f), 6 * 4 + core::mem::size_of::<usize>());
/// ```
pub fn make_tensor<T: Default, L: FragmentLayout>(layout: L) -> Tensor<GenericArray<T, L::Len>, L> {
    let range = layout
        .offset_range()
        .expect("a static layout's offsets are known");
    // The offsets `lo ..= hi` land in `[0, cosize)` from `−lo`; checked (constant for a static
    // layout) so that an implementation of `FragmentLayout` with a short `Len` cannot make an
    // invalid tensor.
    let base = range.0.min(0).unsigned_abs() as usize;
    if let Err(e) = check_range(base as i64, range, L::Len::USIZE) {
        panic!("{e}");
    }
    Tensor {
        engine: GenericArray::default(),
        base,
        layout,
    }
}

/// A layout whose register fragment has a static length: a static [`Layout`] (its cosize,
/// `1 + Σ (sᵢ − 1)·|dᵢ|`, is a typenum integer).
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no static cosize: register fragments need a static layout",
    label = "a fragment's length is the layout's cosize, known at compile time",
    note = "use a slice engine (`Tensor::try_new(&mut buf[..], layout)`) for runtime layouts"
)]
#[doc(hidden)]
pub trait FragmentLayout: TensorLayout {
    /// The fragment's length, `cosize(L)`.
    type Len: ArrayLength;
}
#[diagnostic::do_not_recommend]
impl<S: Congruent<D>, D: IntTuple> FragmentLayout for Layout<S, D>
where
    Self: TensorLayout + typelevel::complement::Cosize,
    <Self as typelevel::complement::Cosize>::Output: ArrayLength,
{
    type Len = <Self as typelevel::complement::Cosize>::Output;
}

/// What [`make_fragment_like`] reads the layout of: a [`Layout`] with a static shape or a
/// [`Tensor`] on one.
#[doc(hidden)]
pub trait FragmentLike {
    /// The fragment's layout (see [`make_fragment_like`]).
    type Layout: FragmentLayout;
    /// That layout.
    fn fragment_layout(&self) -> Self::Layout;
}
impl<S, D> FragmentLike for Layout<S, D>
where
    S: crate::tuple::StaticShape + Congruent<D> + like::FragmentShape<D>,
    D: IntTuple,
    S: Congruent<<S as like::FragmentShape<D>>::Strides>,
    Layout<S, <S as like::FragmentShape<D>>::Strides>: FragmentLayout,
{
    type Layout = Layout<S, <S as like::FragmentShape<D>>::Strides>;
    fn fragment_layout(&self) -> Self::Layout {
        let s = self.shape();
        // Static shape and static keys: the strides are typenum constants, computed without
        // a runtime multiplication that could fail.
        match s.fragment_shape_strides(&self.stride()) {
            Ok(d) => Layout::from_parts_unchecked(s, d),
            Err(e) => panic!("{e}"),
        }
    }
}
impl<E, L: FragmentLike> FragmentLike for Tensor<E, L> {
    type Layout = L::Layout;
    fn fragment_layout(&self) -> Self::Layout {
        self.layout.fragment_layout()
    }
}

/// `make_fragment_like<T>(x)` (CuTe `make_fragment_like`): a register fragment with the shape
/// of the layout or tensor `x`, laid out as CuTe does — for rank ≥ 2, mode 0 compact column
/// major (leaves with the static stride 0 keep it: a broadcast stays a broadcast) and modes
/// `1..` compact in the order of `x`'s strides (a runtime stride counts as larger than the
/// static ones; equal strides share a start, as in CuTe); rank ≤ 1 compact column major.
/// A static-1 leaf gets the stride 0, as in CuTe. Where CuTe's `tiled_product` nests a
/// single remaining mode (`(4,2)` becomes `(4,(2))`) this keeps the source's shape: the same
/// offsets.
///
/// ```
/// use cute_layout::{layout, tensor::{make_fragment_like, Tensor}};
/// let data = [1.0f32; 64];
/// let t = Tensor::try_new(&data[..], layout!((2,3,4):(12,1,3))).unwrap();
/// let f = make_fragment_like::<f32, _>(&t);
/// // mode 0 first; then mode 1 (stride 1) before mode 2 (stride 3), as in t.
/// assert_eq!(f.layout().to_string(), "(2,3,4):(1,2,6)");
/// assert_eq!(f.engine().len(), 24);
/// // Broadcast leaves of mode 0 stay broadcast: a (4,8) fragment of an (8) vector per row.
/// let g = make_fragment_like::<f32, _>(&layout!(((4,8),2):((0,1),8)));
/// assert_eq!(g.layout().to_string(), "((4,8),2):((0,1),8)");
/// ```
pub fn make_fragment_like<T: Default, X: FragmentLike>(
    x: &X,
) -> Tensor<GenericArray<T, <X::Layout as FragmentLayout>::Len>, X::Layout> {
    make_tensor(x.fragment_layout())
}

impl<E, L> Tensor<E, L> {
    /// The layout.
    #[inline(always)]
    pub fn layout(&self) -> &L {
        &self.layout
    }
    /// The engine.
    #[inline(always)]
    pub fn engine(&self) -> &E {
        &self.engine
    }
    /// Where the layout's offset 0 lies in the engine (`data[base + L(c)]`).
    #[inline(always)]
    pub fn base(&self) -> usize {
        self.base
    }
    /// The engine, the base and the layout.
    #[inline(always)]
    pub fn into_parts(self) -> (E, usize, L) {
        (self.engine, self.base, self.layout)
    }
}

impl<E: Engine, L: TensorLayout> Tensor<E, L> {
    /// `shape(T)`, the layout's.
    #[inline(always)]
    pub fn shape(&self) -> &L::Shape {
        self.layout.shape()
    }
    /// `size(T)`, the layout's: static for a static shape.
    #[inline(always)]
    pub fn size(&self) -> L::Size {
        self.layout.size()
    }
    /// `rank(T)`.
    #[inline(always)]
    pub fn rank(&self) -> usize {
        self.layout.rank()
    }
    /// A pointer to the layout's offset 0, `data + base` (CuTe's `data()`); computed with
    /// wrapping arithmetic, so always sound to call.
    #[inline(always)]
    pub fn data_ptr(&self) -> *const E::Elem {
        self.engine.as_ptr().wrapping_add(self.base)
    }

    /// The tensor as a borrowed view (same layout, the engine's [`View`](Engine::View)).
    #[inline(always)]
    pub fn view(&self) -> Tensor<E::View<'_>, L>
    where
        L: Clone,
    {
        Tensor {
            engine: self.engine.view(),
            base: self.base,
            layout: self.layout.clone(),
        }
    }

    /// The engine index of the coordinate `c`, `None` outside the shape.
    #[inline(always)]
    fn position<C: TensorCoord<L>>(&self, c: C) -> Option<usize> {
        if c.in_shape(self.layout.shape()) {
            // In the domain: `0 ≤ base + L(c) < len` (the invariant).
            Some((self.base as i64).wrapping_add(c.offset_in(&self.layout)) as usize)
        } else {
            None
        }
    }

    /// `T(c)`, checked: a [`BadCoordinate`](crate::ErrorKind::BadCoordinate) error for a
    /// coordinate outside the shape. `c` is integral, rank-R or natural.
    ///
    /// ```
    /// use cute_layout::{layout, tensor::Tensor, ErrorKind};
    /// let data: Vec<i32> = (0..16).collect();
    /// let t = Tensor::try_new(&data[..], layout!((4,(2,2)):(1,(8,4)))).unwrap();
    /// assert_eq!(t.try_get((1, (1, 0))), Ok(&9));
    /// assert_eq!(t.try_get((1, 2)), Ok(&5)); // rank-R: (2) in (2,2) is (0,1)
    /// assert_eq!(t.try_get((4, 0)).unwrap_err().kind(), ErrorKind::BadCoordinate);
    /// assert_eq!(t.try_get(16).unwrap_err().kind(), ErrorKind::BadCoordinate);
    /// ```
    #[inline(always)]
    pub fn try_get<C: TensorCoord<L>>(&self, c: C) -> Result<&E::Elem>
    where
        E: HostEngine,
    {
        match self.position(c) {
            // SAFETY: `position` is in `[0, len)` (the invariant, for a coordinate in the
            // shape), and a host engine's pointer is valid for reads of `len` elements.
            Some(i) => Ok(unsafe { &*self.engine.as_ptr().add(i) }),
            None => Err(coordinate_error()),
        }
    }

    /// `T(c)`; panics with the error of [`try_get`](Tensor::try_get).
    #[inline(always)]
    #[track_caller]
    pub fn get<C: TensorCoord<L>>(&self, c: C) -> &E::Elem
    where
        E: HostEngine,
    {
        match self.position(c) {
            // SAFETY: as in `try_get`.
            Some(i) => unsafe { &*self.engine.as_ptr().add(i) },
            None => coordinate_panic(),
        }
    }

    /// `T(c)` for writing, checked as [`try_get`](Tensor::try_get).
    #[inline(always)]
    pub fn try_get_mut<C: TensorCoord<L>>(&mut self, c: C) -> Result<&mut E::Elem>
    where
        E: HostEngine + EngineMut,
    {
        match self.position(c) {
            // SAFETY: as in `try_get`, and a mutable host engine's pointer is valid for
            // writes; `&mut self` makes the access unique.
            Some(i) => Ok(unsafe { &mut *self.engine.as_mut_ptr().add(i) }),
            None => Err(coordinate_error()),
        }
    }

    /// `T(c)` for writing; panics with the error of [`try_get_mut`](Tensor::try_get_mut).
    #[inline(always)]
    #[track_caller]
    pub fn get_mut<C: TensorCoord<L>>(&mut self, c: C) -> &mut E::Elem
    where
        E: HostEngine + EngineMut,
    {
        match self.position(c) {
            // SAFETY: as in `try_get_mut`.
            Some(i) => unsafe { &mut *self.engine.as_mut_ptr().add(i) },
            None => coordinate_panic(),
        }
    }

    /// CuTe's `tensor(c)` with `_` entries: the sub-tensor of the modes `c` leaves open, a
    /// view starting at `L(c)` with `_` read as 0 (see [`SliceCoord`](crate::typelevel::SliceCoord)).
    /// An error for an integer entry outside its mode.
    ///
    /// ```
    /// use cute_layout::{layout, tensor::Tensor, typelevel::Underscore as _X};
    /// let data: Vec<i32> = (0..24).collect();
    /// let t = Tensor::try_new(&data[..], layout!((4,(2,3)):(1,(4,8)))).unwrap();
    /// let s = t.try_slice((2, (_X, 1))).unwrap(); // offset 2 + 8
    /// assert_eq!(s.layout().to_string(), "(2):(4)");
    /// assert_eq!((s[0], s[1]), (10, 14));
    /// assert!(t.try_slice((_X, (2, _X))).is_err()); // 2 is outside a mode of size 2
    /// ```
    pub fn try_slice<C>(&self, c: C) -> Result<Tensor<E::View<'_>, SliceOf<L, C>>>
    where
        L: SliceAndOffset<C>,
    {
        let (layout, offset) = self.layout.try_slice_and_offset(c)?;
        Ok(Tensor {
            engine: self.engine.view(),
            // An offset of the domain (the `_` entries at 0): in `[0, len)`, and the
            // sub-layout's offsets from there are offsets of the domain too.
            base: (self.base as i64).wrapping_add(offset) as usize,
            layout,
        })
    }

    /// [`try_slice`](Tensor::try_slice), panicking with its error.
    #[track_caller]
    pub fn slice<C>(&self, c: C) -> Tensor<E::View<'_>, SliceOf<L, C>>
    where
        L: SliceAndOffset<C>,
    {
        match self.try_slice(c) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }

    /// [`try_slice`](Tensor::try_slice) consuming the tensor: the same engine (to slice a
    /// `&mut [T]` tensor for writing, or to keep an owned engine).
    pub fn try_into_slice<C>(self, c: C) -> Result<Tensor<E, SliceOf<L, C>>>
    where
        L: SliceAndOffset<C>,
    {
        let (layout, offset) = self.layout.try_slice_and_offset(c)?;
        Ok(Tensor {
            engine: self.engine,
            base: (self.base as i64).wrapping_add(offset) as usize,
            layout,
        })
    }
}

impl<E: EngineMut, L: TensorLayout> Tensor<E, L> {
    /// The tensor as a mutable view (same layout, the engine's `ViewMut`).
    #[inline(always)]
    pub fn view_mut(&mut self) -> Tensor<E::ViewMut<'_>, L>
    where
        L: Clone,
    {
        Tensor {
            engine: self.engine.view_mut(),
            base: self.base,
            layout: self.layout.clone(),
        }
    }

    /// A mutable pointer to the layout's offset 0 (wrapping arithmetic).
    #[inline(always)]
    pub fn data_mut_ptr(&mut self) -> *mut E::Elem {
        self.engine.as_mut_ptr().wrapping_add(self.base)
    }

    /// [`try_slice`](Tensor::try_slice) for writing: a mutable view.
    pub fn try_slice_mut<C>(&mut self, c: C) -> Result<Tensor<E::ViewMut<'_>, SliceOf<L, C>>>
    where
        L: SliceAndOffset<C>,
    {
        let (layout, offset) = self.layout.try_slice_and_offset(c)?;
        Ok(Tensor {
            engine: self.engine.view_mut(),
            base: (self.base as i64).wrapping_add(offset) as usize,
            layout,
        })
    }

    /// [`try_slice_mut`](Tensor::try_slice_mut), panicking with its error.
    #[track_caller]
    pub fn slice_mut<C>(&mut self, c: C) -> Tensor<E::ViewMut<'_>, SliceOf<L, C>>
    where
        L: SliceAndOffset<C>,
    {
        match self.try_slice_mut(c) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }
}

/// The layout algebra on tensors: the operation on the layout, the same engine and base; the
/// result's offsets are checked against the engine (a divide by a tile that does not divide
/// the shape reaches past the data: an error, where CuTe relies on predication).
macro_rules! tensor_layout_ops {
    ($($(#[$doc:meta])* $Trait:ident $Alias:ident $try_m:ident / $m:ident;)*) => {$(
        impl<E: Engine, L: TensorLayout> Tensor<E, L> {
            $(#[$doc])*
            pub fn $try_m<T>(self, t: T) -> Result<Tensor<E, typelevel::$Alias<L, T>>>
            where
                L: typelevel::$Trait<T>,
                typelevel::$Alias<L, T>: TensorLayout,
            {
                let layout = self.layout.$try_m(t)?;
                self.relayout(layout, 0)
            }
            #[doc = concat!("[`", stringify!($try_m), "`](Tensor::", stringify!($try_m), "), panicking with its error.")]
            #[track_caller]
            pub fn $m<T>(self, t: T) -> Tensor<E, typelevel::$Alias<L, T>>
            where
                L: typelevel::$Trait<T>,
                typelevel::$Alias<L, T>: TensorLayout,
            {
                match self.$try_m(t) {
                    Ok(v) => v,
                    Err(e) => panic!("{e}"),
                }
            }
        }
    )*};
}
tensor_layout_ops! {
    /// `composition(T, B)`: the tensor `data[base + L(B(c))]`.
    Compose ComposeOf try_compose / compose;
    /// `logical_divide(T, tiler)`.
    LogicalDivide LogicalDivideOf try_logical_divide / logical_divide;
    /// `zipped_divide(T, tiler)`: `((tile), (rest))`.
    ///
    /// ```
    /// use cute_layout::{layout, tensor::Tensor};
    /// use cute_layout::typenum::{U2, U4};
    /// let data: Vec<i32> = (0..32).collect();
    /// let t = Tensor::try_new(&data[..], layout!((8,4):(1,8))).unwrap();
    /// let z = t.zipped_divide((U4::new(), U2::new()));
    /// assert_eq!(z.layout().to_string(), "((4,2),(2,2)):((1,8),(4,16))");
    /// assert_eq!(z[((1, 1), (1, 0))], 1 + 8 + 4);
    /// ```
    ZippedDivide ZippedDivideOf try_zipped_divide / zipped_divide;
    /// `tiled_divide(T, tiler)`: `((tile), rest0, rest1, ...)`.
    TiledDivide TiledDivideOf try_tiled_divide / tiled_divide;
    /// `flat_divide(T, tiler)`: `(tile0, tile1, ..., rest0, rest1, ...)`.
    FlatDivide FlatDivideOf try_flat_divide / flat_divide;
}

impl<E: HostEngine, L: TensorLayout, C: TensorCoord<L>> Index<C> for Tensor<E, L> {
    type Output = E::Elem;
    /// `T(c)`; panics for a coordinate outside the shape.
    #[inline(always)]
    #[track_caller]
    fn index(&self, c: C) -> &E::Elem {
        self.get(c)
    }
}

impl<E: HostEngine + EngineMut, L: TensorLayout, C: TensorCoord<L>> IndexMut<C> for Tensor<E, L> {
    /// `T(c)` for writing; panics for a coordinate outside the shape.
    #[inline(always)]
    #[track_caller]
    fn index_mut(&mut self, c: C) -> &mut E::Elem {
        self.get_mut(c)
    }
}

/// `make_tensor_like<T>(layout)` (CuTe `make_tensor_like`): a register fragment laid out by
/// [`make_layout_like`](MakeLayoutLike) — the layout's shape, every leaf in the order of its
/// stride, static-0 strides kept. For a layout with a static shape (its strides may be
/// runtime values: they order after the static ones, left to right).
///
/// ```
/// use cute_layout::{layout, tensor::make_tensor_like};
/// let t = make_tensor_like::<f32, _>(&layout!((4,2):({16},1)).unwrap());
/// assert_eq!(t.layout().to_string(), "(4,2):(2,1)");
/// ```
pub fn make_tensor_like<T: Default, L: MakeLayoutLike>(
    layout: &L,
) -> Tensor<GenericArray<T, <L::Output as FragmentLayout>::Len>, L::Output>
where
    L::Output: FragmentLayout,
{
    match layout.make_layout_like() {
        Ok(l) => make_tensor(l),
        Err(e) => panic!("{e}"),
    }
}
