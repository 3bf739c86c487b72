//! `nullspace` in the type system (PyCuTe, NVlabs/CuTe `pycute/layout.py`).

use typenum::{B0, B1, U1};

use crate::error::Result;
use crate::int::select::{Dyn, IsZero, ZeroSel};
use crate::int::{Int, IntMul, Plain, Prod};
use crate::layout::Layout;
use crate::tuple::{Cons, IntTuple, Nil};
use crate::typelevel::flat::{FlattenInto, LayoutOf, ToLayout, M};
use crate::typelevel::Nullspace;

/// The nullspace modes of a flat mode list whose first mode starts at index stride `P`.
#[doc(hidden)]
pub trait NullModes<P> {
    type Output: Plain;
    fn null_modes(&self, p: P) -> Result<Self::Output>;
}
impl<P> NullModes<P> for Nil {
    type Output = Nil;
    #[inline(always)]
    fn null_modes(&self, _: P) -> Result<Nil> {
        Ok(Nil)
    }
}
impl<S: Int, D: IsZero + Int, T, P: IntMul<S>> NullModes<P> for Cons<M<S, D>, T>
where
    T: NullModes<Prod<P, S>>,
    M<S, D>: NullStep<ZeroSel<D>, P, <T as NullModes<Prod<P, S>>>::Output>,
{
    type Output =
        <M<S, D> as NullStep<ZeroSel<D>, P, <T as NullModes<Prod<P, S>>>::Output>>::Output;
    #[inline(always)]
    fn null_modes(&self, p: P) -> Result<Self::Output> {
        let rest = self.1.null_modes(p.mul(self.0 .0)?)?;
        Ok(self.0.null_step(p, rest))
    }
}

/// One mode `s:d` at index stride `P` in front of the rest: `s:P` for the static stride 0,
/// nothing for a static non-zero stride, and for a runtime stride the mode `(d = 0 ? s : 1):P`
/// (a size-1 mode maps only its zero coordinate).
#[doc(hidden)]
pub trait NullStep<Sel, P, Rest> {
    type Output: Plain;
    fn null_step(&self, p: P, rest: Rest) -> Self::Output;
}
impl<S: Int, D, P: Int, Rest: Plain> NullStep<B1, P, Rest> for M<S, D> {
    type Output = Cons<M<S, P>, Rest>;
    #[inline(always)]
    fn null_step(&self, p: P, rest: Rest) -> Self::Output {
        Cons(M(self.0, p), rest)
    }
}
impl<S, D, P, Rest: Plain> NullStep<B0, P, Rest> for M<S, D> {
    type Output = Rest;
    #[inline(always)]
    fn null_step(&self, _: P, rest: Rest) -> Rest {
        rest
    }
}
impl<S: Int, D: Int, P: Int, Rest: Plain> NullStep<Dyn, P, Rest> for M<S, D> {
    type Output = Cons<M<i64, P>, Rest>;
    #[inline(always)]
    fn null_step(&self, p: P, rest: Rest) -> Self::Output {
        let s = if self.1.value() == 0 {
            self.0.value()
        } else {
            1
        };
        Cons(M(s, p), rest)
    }
}

impl<S, D> Nullspace for Layout<S, D>
where
    S: IntTuple + FlattenInto<D, Nil>,
    <S as FlattenInto<D, Nil>>::Output: NullModes<U1>,
    <<S as FlattenInto<D, Nil>>::Output as NullModes<U1>>::Output: ToLayout,
{
    type Output = LayoutOf<<<S as FlattenInto<D, Nil>>::Output as NullModes<U1>>::Output>;
    #[inline(always)]
    fn try_nullspace(&self) -> Result<Self::Output> {
        let modes = self.raw_shape().flatten_into(self.raw_stride(), Nil);
        Ok(modes.null_modes(U1::new())?.to_layout())
    }
}
