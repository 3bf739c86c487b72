//! `coalesce_z` in the type system (PyCuTe, NVlabs/CuTe `pycute/algebra.py`): `coalesce`
//! exact on the extended domain, the last mode kept.

use typenum::{B0, B1, U0, U1};

use crate::basis::typelevel::StrideTuple;
use crate::error::Result;
use crate::int::Plain;
use crate::layout::Layout;
use crate::tuple::{Cons, IntTuple, Nil, ToCons};
use crate::typelevel::coalesce::CoalesceExt;
use crate::typelevel::flat::{FlattenInto, LayoutOf, ToLayout, M};
use crate::typelevel::CoalesceZ;

/// Whether the path of last modes of a shape ends at a leaf ([`B1`]) — which then takes the
/// rest of an index past the domain — or at an empty tuple ([`B0`]), which sends it nowhere.
#[doc(hidden)]
pub trait LastPathLeaf {
    type Sel: ExtTail;
}
macro_rules! last_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<$($g)*> LastPathLeaf for $S {
            type Sel = B1;
        }
    };
}
crate::tuple::for_each_leaf!(last_leaf);
impl<T: ToCons> LastPathLeaf for T
where
    T::Cons: ConsLastPathLeaf,
{
    type Sel = <T::Cons as ConsLastPathLeaf>::Sel;
}
#[doc(hidden)]
pub trait ConsLastPathLeaf {
    type Sel: ExtTail;
}
impl ConsLastPathLeaf for Nil {
    type Sel = B0;
}
impl<H: LastPathLeaf> ConsLastPathLeaf for Cons<H, Nil> {
    type Sel = H::Sel;
}
impl<H, H2, T> ConsLastPathLeaf for Cons<H, Cons<H2, T>>
where
    Cons<H2, T>: ConsLastPathLeaf,
{
    type Sel = <Cons<H2, T> as ConsLastPathLeaf>::Sel;
}

/// The modes that follow the flat modes of a layout on its extended domain: none when the
/// last path ends at a leaf, a `1:0` mode when it ends at an empty tuple.
#[doc(hidden)]
pub trait ExtTail {
    type Tail: Plain;
    fn tail() -> Self::Tail;
}
impl ExtTail for B1 {
    type Tail = Nil;
    #[inline(always)]
    fn tail() -> Nil {
        Nil
    }
}
impl ExtTail for B0 {
    type Tail = Cons<M<U1, U0>, Nil>;
    #[inline(always)]
    fn tail() -> Self::Tail {
        Cons(M(U1::new(), U0::new()), Nil)
    }
}

/// The flat modes of `S : D` on the extended domain.
type ExtModes<S, D> = <S as FlattenInto<D, <<S as LastPathLeaf>::Sel as ExtTail>::Tail>>::Output;

impl<S, D> CoalesceZ for Layout<S, D>
where
    S: IntTuple + LastPathLeaf + FlattenInto<D, <<S as LastPathLeaf>::Sel as ExtTail>::Tail>,
    D: StrideTuple,
    ExtModes<S, D>: CoalesceExt,
    <ExtModes<S, D> as CoalesceExt>::Output: ToLayout,
{
    type Output = LayoutOf<<ExtModes<S, D> as CoalesceExt>::Output>;
    #[inline(always)]
    fn try_coalesce_z(&self) -> Result<Self::Output> {
        let tail = <<S as LastPathLeaf>::Sel as ExtTail>::tail();
        Ok(self
            .raw_shape()
            .flatten_into(self.raw_stride(), tail)
            .coalesce_ext()?
            .to_layout())
    }
}
