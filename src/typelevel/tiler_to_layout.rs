//! `tiler_to_layout` in the type system (PyCuTe, NVlabs/CuTe `pycute/layout.py`; paper
//! §3.3.5): a tiler as the one layout that acts as it under composition.

use core::ops::Add;

use typenum::{Add1, B1, U0, U1};

use crate::basis::typelevel::{BasisPath, MakeLayout, PathPush, ScaledBasis};
use crate::error::Result;
use crate::int::{Int, Plain};
use crate::layout::Layout;
use crate::tuple::{Cons, FromCons, Nil, ToCons, TupleOf};

/// `tiler_to_layout(T)` (PyCuTe `layout.py`, after paper §3.3.5): a layout is itself, an
/// integer `n` is `n:1`, and a by-mode tiler `(T0, T1, ...)` is the layout whose mode `i` is
/// `tiler_to_layout(T_i)` with every stride scaled by the basis element `e_i` (nested tilers nest
/// the paths), so that `(A ∘ R)(c) = A(R(c))` is by-mode composition with `T`. Static and mixed
/// tilers; the same layout as
/// [`algebra::try_tiler_to_layout`](crate::runtime::try_tiler_to_layout), which
/// [`DynTiler`](crate::runtime::DynTiler) and [`DynLayout`](crate::DynLayout) call. A `_`
/// ([`Underscore`](crate::typelevel::Underscore)) keeps a whole mode and has no layout: it does not
/// compile.
///
/// ```
/// use cute_layout::{layout, Layout, E0, E1, ScaledBasis, ops::{TilerToLayout, TilerToLayoutOf}};
/// use cute_layout::typenum::{U0, U1, U2, U3, U4, U5};
/// // PyCuTe's examples.
/// static_assertions::assert_type_eq_all!(TilerToLayoutOf<U3>, Layout![3:1]);
/// static_assertions::assert_type_eq_all!(
///     TilerToLayoutOf<(U4, U5)>, Layout<(U4, U5), (E0, E1)>);
/// let r = (layout!(4:2), layout!(5:3)).tiler_to_layout();
/// assert_eq!(r.to_string(), "(4,5):(2@0,3@1)");
/// static_assertions::assert_type_eq_all!(TilerToLayoutOf<Layout![(7,2):(3,1)]>, Layout![(7,2):(3,1)]);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tiler with a layout of its own",
    label = "expected a layout, an integer, or a tuple of those",
    note = "`_` keeps a whole mode of the layout a tiler is applied to, so it has no layout: tiler_to_layout needs layouts and integers"
)]
pub trait TilerToLayout {
    /// The layout.
    type Output;
    /// The layout; an error only for runtime values (a size or cosize beyond `i64`).
    fn try_tiler_to_layout(&self) -> Result<Self::Output>;
    /// The layout, panicking with the error's message where the `try_` form errs.
    #[track_caller]
    fn tiler_to_layout(&self) -> Self::Output {
        match self.try_tiler_to_layout() {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }
}
/// The result type of [`TilerToLayout`].
pub type TilerToLayoutOf<T> = <T as TilerToLayout>::Output;

impl<T: TilerAt<Nil>> TilerToLayout for T
where
    T::Shape: MakeLayout<T::Stride>,
{
    type Output = Layout<T::Shape, T::Stride>;
    #[inline(always)]
    fn try_tiler_to_layout(&self) -> Result<Self::Output> {
        let (s, d) = self.parts();
        s.make_checked(d)
    }
}

/// The shape and stride of a tiler at basis path `P` (a list, outermost first).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tiler with a layout of its own",
    label = "expected a layout, an integer, or a tuple of those",
    note = "`_` keeps a whole mode of the layout a tiler is applied to, so it has no layout: tiler_to_layout needs layouts and integers"
)]
#[doc(hidden)]
pub trait TilerAt<P> {
    type Shape: Plain;
    type Stride: Plain;
    fn parts(&self) -> (Self::Shape, Self::Stride);
}

/// A stride tree with every leaf scaled by the basis element at path `P`.
#[doc(hidden)]
pub trait StrideAt<P> {
    type Output: Plain;
    fn stride_at(&self) -> Self::Output;
}
macro_rules! stride_at_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<$($g)*> StrideAt<Nil> for $S {
            type Output = $S;
            #[inline(always)]
            fn stride_at(&self) -> $S {
                *self
            }
        }
        impl<H, T, $($g)*> StrideAt<Cons<H, T>> for $S
        where
            Cons<H, T>: FromCons,
            TupleOf<Cons<H, T>>: BasisPath,
        {
            type Output = ScaledBasis<$S, TupleOf<Cons<H, T>>>;
            #[inline(always)]
            fn stride_at(&self) -> Self::Output {
                ScaledBasis::new(*self)
            }
        }
    };
}
crate::tuple::for_each_leaf!(stride_at_leaf);
impl<T: ToCons, P> StrideAt<P> for T
where
    T::Cons: ConsStrideAt<P>,
    <T::Cons as ConsStrideAt<P>>::Output: FromCons,
{
    type Output = TupleOf<<T::Cons as ConsStrideAt<P>>::Output>;
    #[inline(always)]
    fn stride_at(&self) -> Self::Output {
        self.to_cons().stride_at().from_cons()
    }
}
#[doc(hidden)]
pub trait ConsStrideAt<P> {
    type Output: Plain;
    fn stride_at(&self) -> Self::Output;
}
impl<P> ConsStrideAt<P> for Nil {
    type Output = Nil;
    #[inline(always)]
    fn stride_at(&self) -> Nil {
        Nil
    }
}
impl<H: StrideAt<P>, T: ConsStrideAt<P>, P> ConsStrideAt<P> for Cons<H, T> {
    type Output = Cons<H::Output, T::Output>;
    #[inline(always)]
    fn stride_at(&self) -> Self::Output {
        Cons(self.0.stride_at(), self.1.stride_at())
    }
}

/// A layout tiler: its shape, its strides at the path.
impl<S: Plain, D: StrideAt<P>, P> TilerAt<P> for Layout<S, D> {
    type Shape = S;
    type Stride = D::Output;
    #[inline(always)]
    fn parts(&self) -> (S, D::Output) {
        (*self.raw_shape(), self.raw_stride().stride_at())
    }
}

/// The unit stride of an integer tiler `n:1`, static when `n` is.
#[doc(hidden)]
pub trait UnitStride {
    type One: Int;
    fn one() -> Self::One;
}
impl UnitStride for i64 {
    type One = i64;
    #[inline(always)]
    fn one() -> i64 {
        1
    }
}
impl UnitStride for typenum::UTerm {
    type One = U1;
    #[inline(always)]
    fn one() -> U1 {
        U1::new()
    }
}
impl<U: crate::int::Digits, B: crate::int::Digit> UnitStride for typenum::UInt<U, B> {
    type One = U1;
    #[inline(always)]
    fn one() -> U1 {
        U1::new()
    }
}
macro_rules! tiler_at_int {
    ([$($g:tt)*] $S:ty) => {
        /// An integer tiler `n` is the layout `n:1`.
        impl<P, $($g)*> TilerAt<P> for $S
        where
            <$S as UnitStride>::One: StrideAt<P>,
        {
            type Shape = $S;
            type Stride = <<$S as UnitStride>::One as StrideAt<P>>::Output;
            #[inline(always)]
            fn parts(&self) -> (Self::Shape, Self::Stride) {
                (*self, <$S as UnitStride>::one().stride_at())
            }
        }
    };
}
crate::tuple::for_each_shape_leaf!(tiler_at_int);

/// A by-mode tiler: element `i` at path `P ++ [i]`.
impl<T: ToCons, P> TilerAt<P> for T
where
    T::Cons: ConsTilerAt<P, U0>,
    <T::Cons as ConsTilerAt<P, U0>>::Shapes: FromCons,
    <T::Cons as ConsTilerAt<P, U0>>::Strides: FromCons,
{
    type Shape = TupleOf<<T::Cons as ConsTilerAt<P, U0>>::Shapes>;
    type Stride = TupleOf<<T::Cons as ConsTilerAt<P, U0>>::Strides>;
    #[inline(always)]
    fn parts(&self) -> (Self::Shape, Self::Stride) {
        let (s, d) = self.to_cons().parts();
        (s.from_cons(), d.from_cons())
    }
}
#[diagnostic::on_unimplemented(
    message = "a tiler element is not a tiler with a layout of its own",
    label = "expected a layout, an integer, or a tuple of those",
    note = "`_` keeps a whole mode of the layout a tiler is applied to, so it has no layout: tiler_to_layout needs layouts and integers"
)]
#[doc(hidden)]
pub trait ConsTilerAt<P, I> {
    type Shapes: Plain;
    type Strides: Plain;
    fn parts(&self) -> (Self::Shapes, Self::Strides);
}
impl<P, I> ConsTilerAt<P, I> for Nil {
    type Shapes = Nil;
    type Strides = Nil;
    #[inline(always)]
    fn parts(&self) -> (Nil, Nil) {
        (Nil, Nil)
    }
}
impl<H, T, P: PathPush<I>, I: Add<B1>> ConsTilerAt<P, I> for Cons<H, T>
where
    H: TilerAt<<P as PathPush<I>>::Output>,
    T: ConsTilerAt<P, Add1<I>>,
{
    type Shapes = Cons<H::Shape, T::Shapes>;
    type Strides = Cons<H::Stride, T::Strides>;
    #[inline(always)]
    fn parts(&self) -> (Self::Shapes, Self::Strides) {
        let (s, d) = self.0.parts();
        let (ss, dd) = self.1.parts();
        (Cons(s, ss), Cons(d, dd))
    }
}

/// A tiler element that has a layout of its own (at basis path `P`); `_` ([`Underscore`](crate::typelevel::Underscore))
/// keeps a whole mode of the layout the tiler is applied to and has none, so no tiler holding
/// it becomes a layout.
#[diagnostic::on_unimplemented(
    message = "`_` in a tiler has no layout of its own: tiler_to_layout needs layouts and integers",
    label = "`_` keeps a whole mode of the layout the tiler is applied to",
    note = "a by-mode tiler with `_` applies to a layout only by mode (composition, the divides); give the mode a layout, e.g. its size"
)]
#[doc(hidden)]
pub trait TilerHasLayout<P> {}
/// `_` in a tiler: see [`TilerHasLayout`].
impl<P> TilerAt<P> for crate::typelevel::Underscore
where
    crate::typelevel::Underscore: TilerHasLayout<P>,
{
    type Shape = U1;
    type Stride = U0;
    fn parts(&self) -> (U1, U0) {
        (U1::new(), U0::new())
    }
}

/// The runtime engine's.
#[cfg(feature = "alloc")]
impl TilerToLayout for crate::runtime::DynTiler {
    type Output = crate::DynBasisLayout;
    #[inline]
    fn try_tiler_to_layout(&self) -> Result<crate::DynBasisLayout> {
        crate::runtime::try_tiler_to_layout(self)
    }
}
/// The runtime engine's: the layout itself.
#[cfg(feature = "alloc")]
impl TilerToLayout for crate::DynLayout {
    type Output = crate::DynBasisLayout;
    #[inline]
    fn try_tiler_to_layout(&self) -> Result<crate::DynBasisLayout> {
        crate::runtime::try_tiler_to_layout(self)
    }
}
