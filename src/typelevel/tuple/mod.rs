//! `IntTuple`s: integers and nested tuples of them (paper Definition 2.2, `HTuple(Z)`).
//!
//! A static or mixed `IntTuple` is a Rust value whose type is a nested tuple of [`Int`] leaves:
//! `(U4, (U2, i64))`. Tuples of arity 0 to 12 are supported at every level, to any depth.
//! Facts that are known statically — rank, depth, whether every leaf is static — are associated
//! constants; the size is an associated type ([`Size`]), static when every leaf is.
//!
//! ```
//! use cute_layout::tuple::{IntTuple, Size};
//! use cute_layout::typenum::{U2, U4, U16};
//! type S = (U4, (U2, U2));
//! static_assertions::assert_type_eq_all!(Size<S>, U16);
//! assert_eq!((S::RANK, S::DEPTH), (2, 2));
//! let mixed = (U4::default(), (2i64, U2::default()));
//! assert_eq!(mixed.size().unwrap(), 16i64);
//! ```

use core::fmt;

use typenum::U1;

use crate::error::{ErrorKind, Result};
use crate::int::{Int, IntMul, IntSizeMul, Plain};

#[doc(hidden)]
/// The end of a type-level list (the internal form of a tuple's elements).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Nil;

#[doc(hidden)]
/// A type-level list cell: `Cons<H, T>` is `H` followed by the list `T`.
///
/// Tuples are converted to this form inside trait impls to recurse over their elements;
/// results are converted back, so users only see tuples.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cons<H, T>(pub H, pub T);

#[doc(hidden)]
/// A Rust tuple, convertible to its list of elements.
pub trait ToCons: Plain {
    /// The elements as a [`Cons`] list.
    type Cons: Plain + FromCons<Tuple = Self>;
    /// Convert to the list form.
    fn to_cons(self) -> Self::Cons;
}

/// A [`Cons`] list of up to 12 elements, convertible back to a tuple.
#[diagnostic::on_unimplemented(
    message = "more than 12 elements in one tuple level: tuples have at most 12 elements per level",
    label = "this would produce a tuple level of more than 12 elements",
    note = "layouts are tuples of up to 12 elements per level, to any depth: nest modes (`((a,b),c)`) to stay within 12"
)]
#[doc(hidden)]
pub trait FromCons: Plain {
    /// The tuple with these elements.
    type Tuple: Plain;
    /// Convert to the tuple form.
    #[allow(clippy::wrong_self_convention)]
    fn from_cons(self) -> Self::Tuple;
}

#[doc(hidden)]
/// The tuple with the elements of list `L`.
pub type TupleOf<L> = <L as FromCons>::Tuple;
#[doc(hidden)]
/// The list of elements of tuple `T`.
pub type ConsOf<T> = <T as ToCons>::Cons;

macro_rules! cons_type {
    () => { $crate::tuple::Nil };
    ($H:ty $(, $T:ty)*) => { $crate::tuple::Cons<$H, $crate::tuple::cons_type!($($T),*)> };
}
pub(crate) use cons_type;
/// `cons_expr!(a, b, c)` builds `Cons(a, Cons(b, Cons(c, Nil)))`.
macro_rules! cons_expr {
    () => { $crate::tuple::Nil };
    ($h:expr $(, $t:expr)*) => { $crate::tuple::Cons($h, $crate::tuple::cons_expr!($($t),*)) };
}
pub(crate) use cons_expr;
macro_rules! cons_pat {
    () => { Nil };
    ($h:ident $(, $t:ident)*) => { Cons($h, cons_pat!($($t),*)) };
}

macro_rules! impl_tuple_cons {
    ($( ($($T:ident $t:ident),*) )*) => {$(
        impl<$($T: Plain),*> ToCons for ($($T,)*) {
            type Cons = cons_type!($($T),*);
            #[inline(always)]
            #[allow(clippy::unused_unit)]
            fn to_cons(self) -> Self::Cons {
                let ($($t,)*) = self;
                cons_pat!($($t),*)
            }
        }
        impl<$($T: Plain),*> FromCons for cons_type!($($T),*) {
            type Tuple = ($($T,)*);
            #[inline(always)]
            #[allow(clippy::unused_unit)]
            fn from_cons(self) -> Self::Tuple {
                let cons_pat!($($t),*) = self;
                ($($t,)*)
            }
        }
    )*};
}

impl_tuple_cons! {
    ()
    (A a)
    (A a, B b)
    (A a, B b, C c)
    (A a, B b, C c, D d)
    (A a, B b, C c, D d, E e)
    (A a, B b, C c, D d, E e, F f)
    (A a, B b, C c, D d, E e, F f, G g)
    (A a, B b, C c, D d, E e, F f, G g, H h)
    (A a, B b, C c, D d, E e, F f, G g, H h, I i)
    (A a, B b, C c, D d, E e, F f, G g, H h, I i, J j)
    (A a, B b, C c, D d, E e, F f, G g, H h, I i, J j, K k)
    (A a, B b, C c, D d, E e, F f, G g, H h, I i, J j, K k, L l)
}

/// Expands `$mac!((T0 D0) (T1 D1) ...)` for each tuple arity from 1 to 12: impls over a pair of
/// tuples of the same arity.
macro_rules! for_each_tuple_pair {
    ($mac:ident) => {
        $mac!((T0 D0));
        $mac!((T0 D0) (T1 D1));
        $mac!((T0 D0) (T1 D1) (T2 D2));
        $mac!((T0 D0) (T1 D1) (T2 D2) (T3 D3));
        $mac!((T0 D0) (T1 D1) (T2 D2) (T3 D3) (T4 D4));
        $mac!((T0 D0) (T1 D1) (T2 D2) (T3 D3) (T4 D4) (T5 D5));
        $mac!((T0 D0) (T1 D1) (T2 D2) (T3 D3) (T4 D4) (T5 D5) (T6 D6));
        $mac!((T0 D0) (T1 D1) (T2 D2) (T3 D3) (T4 D4) (T5 D5) (T6 D6) (T7 D7));
        $mac!((T0 D0) (T1 D1) (T2 D2) (T3 D3) (T4 D4) (T5 D5) (T6 D6) (T7 D7) (T8 D8));
        $mac!((T0 D0) (T1 D1) (T2 D2) (T3 D3) (T4 D4) (T5 D5) (T6 D6) (T7 D7) (T8 D8) (T9 D9));
        $mac!((T0 D0) (T1 D1) (T2 D2) (T3 D3) (T4 D4) (T5 D5) (T6 D6) (T7 D7) (T8 D8) (T9 D9) (T10 D10));
        $mac!((T0 D0) (T1 D1) (T2 D2) (T3 D3) (T4 D4) (T5 D5) (T6 D6) (T7 D7) (T8 D8) (T9 D9) (T10 D10) (T11 D11));
    };
}
pub(crate) use for_each_tuple_pair;

#[doc(hidden)]
/// A walk over the tree of an `IntTuple`, used for printing, conversion and checks without
/// allocation.
pub trait Visitor {
    /// A tuple begins.
    fn open(&mut self) {}
    /// An element of the current tuple follows another one.
    fn separator(&mut self) {}
    /// A tuple ends.
    fn close(&mut self) {}
    /// A leaf: its value and whether it is static.
    fn leaf(&mut self, value: i64, is_static: bool);
}

/// An `IntTuple` (paper Definition 2.2): an [`Int`] or a tuple of `IntTuple`s.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an IntTuple",
    label = "expected an integer (`U4`, `i64`) or a tuple of IntTuples",
    note = "IntTuples are typenum integers, `i64`, or tuples (up to 12 elements per level) of IntTuples"
)]
pub trait IntTuple: Plain {
    /// `rank(I)`: 1 for an integer, the number of elements for a tuple.
    const RANK: usize;
    /// `depth(I)`: 0 for an integer, `1 + max depth of the elements` for a tuple.
    const DEPTH: usize;
    /// Whether every leaf is static.
    const IS_STATIC: bool;
    /// Whether this is an integer (a leaf) rather than a tuple.
    const IS_INT: bool;
    /// The number of leaves.
    const LEAVES: usize;
    /// `size(I)`, the product of the leaves: static when every leaf is.
    type Size: Int;
    /// The natural-coordinate type of this shape: the same tree with `i64` leaves.
    type Natural: Plain;

    /// `size(I)`, checked: an error if a dynamic product overflows.
    fn size(&self) -> Result<Self::Size>;
    /// Walk the tree: `open`, the elements with a `separator` between them, `close` for each
    /// tuple, `leaf` for each integer. The visitor is a trait object, so that each tuple type has
    /// one walk whatever visits it (printing, `to_dyn`, the checks).
    fn visit(&self, v: &mut dyn Visitor);
    /// `idx2crd(i, S)` (paper Eq. 4): the natural coordinate of integral coordinate `i`,
    /// colexicographic; the last element of each tuple is not reduced (extended domain).
    /// Exact for `i ≥ 0` when the size fits `i64` (which a [`Layout`](struct@crate::Layout) ensures).
    fn idx2crd(&self, i: i64) -> Self::Natural;
    /// The size with wrapping arithmetic: exact whenever the size fits in `i64`.
    #[doc(hidden)]
    fn size_value(&self) -> i64;

    /// The leaves, left to right, into `out`; returns how many there are (at most `out.len()`
    /// are written).
    fn leaves_into(&self, out: &mut [i64]) -> usize {
        struct W<'a>(&'a mut [i64], usize);
        impl Visitor for W<'_> {
            fn leaf(&mut self, v: i64, _: bool) {
                if let Some(slot) = self.0.get_mut(self.1) {
                    *slot = v;
                }
                self.1 += 1;
            }
        }
        let mut w = W(out, 0);
        self.visit(&mut w);
        w.1
    }

    /// The runtime-structured copy of this tuple, keeping static marks.
    #[cfg(feature = "alloc")]
    fn to_dyn(&self) -> crate::runtime::layout::DynTuple {
        use crate::runtime::layout::{DynInt, DynTuple};
        use alloc::vec::Vec;
        struct B(Vec<Vec<DynTuple>>);
        impl Visitor for B {
            fn open(&mut self) {
                self.0.push(Vec::new());
            }
            fn close(&mut self) {
                let t = DynTuple::Tuple(self.0.pop().unwrap_or_default());
                if let Some(top) = self.0.last_mut() {
                    top.push(t);
                }
            }
            fn leaf(&mut self, value: i64, is_static: bool) {
                if let Some(top) = self.0.last_mut() {
                    top.push(DynTuple::Int(DynInt { value, is_static }));
                }
            }
        }
        let mut b = B(alloc::vec![Vec::new()]);
        self.visit(&mut b);
        b.0.pop()
            .and_then(|mut v| v.pop())
            .unwrap_or(DynTuple::Tuple(Vec::new()))
    }

    /// Element `I` (`get<I>(t)`; an integer is its own element 0).
    #[inline(always)]
    fn get<I>(&self) -> Element<Self, I>
    where
        Self: Get<I>,
    {
        Get::<I>::get_element(self)
    }
}

/// `size(I)` as a type.
pub type Size<T> = <T as IntTuple>::Size;

/// Element `I` (a typenum index `U0`, `U1`, ...) of an `IntTuple`: `get<I>`.
///
/// An integer is a rank-1 tuple of itself, as in CuTe: `get<0>(4) = 4`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no element `{I}`",
    label = "index out of range",
    note = "indices are typenum integers `U0`, `U1`, ... below the rank"
)]
#[doc(hidden)]
pub trait Get<I> {
    /// The element type.
    type Output: IntTuple;
    /// The element.
    fn get_element(&self) -> Self::Output;
}
/// The type of element `I` of `T`.
pub type Element<T, I> = <T as Get<I>>::Output;

/// A nested element, `get<I0, I1, ...>`, with the path given as a tuple of typenum indices:
/// `GetPath<(U1, U0)>` is element 0 of element 1.
#[doc(hidden)]
pub trait GetPath<P> {
    /// The element type.
    type Output: IntTuple;
    /// The element.
    fn get_path(&self) -> Self::Output;
}
impl<T: IntTuple> GetPath<()> for T {
    type Output = T;
    #[inline(always)]
    fn get_path(&self) -> T {
        *self
    }
}
macro_rules! impl_get_path {
    ($($I:ident)+ ; $($rest:ident)*) => {
        impl<T, I0, $($rest),*> GetPath<(I0, $($rest,)*)> for T
        where
            T: Get<I0>,
            Element<T, I0>: GetPath<($($rest,)*)>,
        {
            type Output = <Element<T, I0> as GetPath<($($rest,)*)>>::Output;
            #[inline(always)]
            fn get_path(&self) -> Self::Output {
                self.get_element().get_path()
            }
        }
    };
}
impl_get_path!(I0;);
impl_get_path!(I0; I1);
impl_get_path!(I0; I1 I2);
impl_get_path!(I0; I1 I2 I3);

// ---------------------------------------------------------------------------------------------
// Leaves

/// Expands `$mac!([generics] Type)` once for each leaf type: `i64`, `U0`, `UInt`, `NInt`.
macro_rules! for_each_leaf {
    ($mac:ident) => {
        $mac!([] i64);
        $mac!([] typenum::UTerm);
        $mac!([U: crate::int::Digits, B: crate::int::Digit] typenum::UInt<U, B>);
        $mac!([U: crate::int::Digits + typenum::NonZero] typenum::NInt<U>);
    };
}
pub(crate) use for_each_leaf;

/// [`for_each_leaf`] over the leaves a shape may have (no negative integers): `i64`, `U0`,
/// `UInt`.
macro_rules! for_each_shape_leaf {
    ($mac:ident) => {
        $mac!([] i64);
        $mac!([] typenum::UTerm);
        $mac!([U: crate::int::Digits, B: crate::int::Digit] typenum::UInt<U, B>);
    };
}
pub(crate) use for_each_shape_leaf;

/// [`for_each_leaf`] over the leaves a non-zero size may have: `i64`, `UInt`.
macro_rules! for_each_size_leaf {
    ($mac:ident) => {
        $mac!([] i64);
        $mac!([U: crate::int::Digits, B: crate::int::Digit] typenum::UInt<U, B>);
    };
}
pub(crate) use for_each_size_leaf;

macro_rules! leaf_impls {
    ($([$($g:tt)*] $T:ty),*) => {$(
        impl<$($g)*> IntTuple for $T {
            const RANK: usize = 1;
            const DEPTH: usize = 0;
            const IS_STATIC: bool = <$T as Int>::STATIC.is_some();
            const IS_INT: bool = true;
            const LEAVES: usize = 1;
            type Size = $T;
            type Natural = i64;
            #[inline(always)]
            fn size(&self) -> Result<Self> {
                Ok(*self)
            }
            #[inline(always)]
            fn visit(&self, v: &mut dyn Visitor) {
                v.leaf(Int::value(*self), Self::IS_STATIC)
            }
            #[inline(always)]
            fn idx2crd(&self, i: i64) -> i64 {
                i
            }
            #[inline(always)]
            fn size_value(&self) -> i64 {
                Int::value(*self)
            }
        }
        impl<$($g)*> Get<typenum::U0> for $T {
            type Output = $T;
            #[inline(always)]
            fn get_element(&self) -> $T {
                *self
            }
        }
    )*};
}
leaf_impls! {
    [] i64,
    [] typenum::UTerm,
    [U: crate::int::Digits, B: crate::int::Digit] typenum::UInt<U, B>,
    [U: crate::int::Digits + typenum::NonZero] typenum::NInt<U>
}

// ---------------------------------------------------------------------------------------------
// Tuples, through their element lists

/// The list form of [`IntTuple`]: what a tuple's elements must satisfy.
#[doc(hidden)]
pub trait ConsTuple: Plain {
    const LEN: usize;
    const MAX_DEPTH: usize;
    const IS_STATIC: bool;
    const LEAVES: usize;
    type Size: Int;
    type Natural: Plain;
    fn size(&self) -> Result<Self::Size>;
    fn visit(&self, v: &mut dyn Visitor, first: bool);
    fn idx2crd(&self, i: i64) -> Self::Natural;
    fn size_value(&self) -> i64;
}

impl ConsTuple for Nil {
    const LEN: usize = 0;
    const MAX_DEPTH: usize = 0;
    const IS_STATIC: bool = true;
    const LEAVES: usize = 0;
    type Size = U1;
    type Natural = Nil;
    #[inline(always)]
    fn size(&self) -> Result<U1> {
        Ok(U1::default())
    }
    #[inline(always)]
    fn visit(&self, _: &mut dyn Visitor, _: bool) {}
    #[inline(always)]
    fn idx2crd(&self, _: i64) -> Nil {
        Nil
    }
    #[inline(always)]
    fn size_value(&self) -> i64 {
        1
    }
}

/// The size of a tuple whose first element has size `S` and whose other elements are `Self`:
/// `S` itself when nothing follows (no product with the empty tail's 1, which would cost a
/// multiplication at every tuple's end), else `S · size(Self)`, saturated ([`IntSizeMul`]).
#[doc(hidden)]
pub trait SizeAfter<S> {
    type Output: Int;
    fn size_after(&self, s: S) -> Result<Self::Output>;
}
impl<S: Int> SizeAfter<S> for Nil {
    type Output = S;
    #[inline(always)]
    fn size_after(&self, s: S) -> Result<S> {
        Ok(s)
    }
}
impl<S, H, T> SizeAfter<S> for Cons<H, T>
where
    Cons<H, T>: ConsTuple,
    S: IntSizeMul<<Cons<H, T> as ConsTuple>::Size>,
{
    type Output = <S as IntSizeMul<<Cons<H, T> as ConsTuple>::Size>>::Output;
    #[inline(always)]
    fn size_after(&self, s: S) -> Result<Self::Output> {
        s.size_mul(self.size()?)
    }
}

// The size is a saturated product (exact within `i64`, see `IntSizeMul`): it is computed for
// stride tuples too, whose products of odd strides run to hundreds of bits.
impl<H: IntTuple, T: ConsTuple + SizeAfter<H::Size>> ConsTuple for Cons<H, T> {
    const LEN: usize = 1 + T::LEN;
    const MAX_DEPTH: usize = if H::DEPTH > T::MAX_DEPTH {
        H::DEPTH
    } else {
        T::MAX_DEPTH
    };
    const IS_STATIC: bool = H::IS_STATIC && T::IS_STATIC;
    const LEAVES: usize = H::LEAVES + T::LEAVES;
    type Size = <T as SizeAfter<H::Size>>::Output;
    type Natural = Cons<H::Natural, T::Natural>;
    #[inline(always)]
    fn size(&self) -> Result<Self::Size> {
        self.1.size_after(self.0.size()?)
    }
    #[inline(always)]
    fn visit(&self, v: &mut dyn Visitor, first: bool) {
        if !first {
            v.separator();
        }
        self.0.visit(v);
        self.1.visit(v, false);
    }
    #[inline(always)]
    fn idx2crd(&self, i: i64) -> Self::Natural {
        if T::LEN == 0 {
            // The last element takes the unreduced remainder (extended domain).
            Cons(self.0.idx2crd(i), self.1.idx2crd(0))
        } else {
            let (u, s) = (i as u64, self.0.size_value() as u64);
            Cons(
                self.0.idx2crd((u % s) as i64),
                self.1.idx2crd((u / s) as i64),
            )
        }
    }
    #[inline(always)]
    fn size_value(&self) -> i64 {
        self.0.size_value().wrapping_mul(self.1.size_value())
    }
}

impl<T: ToCons> IntTuple for T
where
    T::Cons: ConsTuple,
    <T::Cons as ConsTuple>::Natural: FromCons,
{
    const RANK: usize = <T::Cons as ConsTuple>::LEN;
    const DEPTH: usize = 1 + <T::Cons as ConsTuple>::MAX_DEPTH;
    const IS_STATIC: bool = <T::Cons as ConsTuple>::IS_STATIC;
    const IS_INT: bool = false;
    const LEAVES: usize = <T::Cons as ConsTuple>::LEAVES;
    type Size = <T::Cons as ConsTuple>::Size;
    type Natural = TupleOf<<T::Cons as ConsTuple>::Natural>;
    #[inline(always)]
    fn size(&self) -> Result<Self::Size> {
        self.to_cons().size()
    }
    #[inline(always)]
    fn visit(&self, v: &mut dyn Visitor) {
        v.open();
        self.to_cons().visit(v, true);
        v.close();
    }
    #[inline(always)]
    fn idx2crd(&self, i: i64) -> Self::Natural {
        self.to_cons().idx2crd(i).from_cons()
    }
    #[inline(always)]
    fn size_value(&self) -> i64 {
        self.to_cons().size_value()
    }
}

/// Element access on lists: element `I` of a [`Cons`] list.
#[doc(hidden)]
pub trait ConsGet<I> {
    type Output: IntTuple;
    fn cons_get(&self) -> Self::Output;
}
impl<H: IntTuple, T> ConsGet<typenum::U0> for Cons<H, T> {
    type Output = H;
    #[inline(always)]
    fn cons_get(&self) -> H {
        self.0
    }
}
impl<H, T, U: typenum::Unsigned, B: typenum::Bit> ConsGet<typenum::UInt<U, B>> for Cons<H, T>
where
    typenum::UInt<U, B>: core::ops::Sub<typenum::B1>,
    T: ConsGet<typenum::Sub1<typenum::UInt<U, B>>>,
{
    type Output = <T as ConsGet<typenum::Sub1<typenum::UInt<U, B>>>>::Output;
    #[inline(always)]
    fn cons_get(&self) -> Self::Output {
        self.1.cons_get()
    }
}
impl<T: ToCons, I> Get<I> for T
where
    T::Cons: ConsGet<I>,
{
    type Output = <T::Cons as ConsGet<I>>::Output;
    #[inline(always)]
    fn get_element(&self) -> Self::Output {
        self.to_cons().cons_get()
    }
}

// ---------------------------------------------------------------------------------------------
// Shape checks

/// A shape whose leaves are all static and positive: checked at compile time.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a static shape with positive entries",
    label = "every shape entry must be a static positive integer (`U1`, `U2`, ...)",
    note = "shapes are HTuples of positive integers (paper Definition 2.5); use `Layout::try_new` for runtime entries"
)]
pub trait StaticShape: IntTuple {}
impl<U: crate::int::Digits, B: crate::int::Digit> StaticShape for typenum::UInt<U, B> {}
#[diagnostic::do_not_recommend] // report the tuple, not the list machinery
impl<T: ToCons + IntTuple> StaticShape for T where T::Cons: ConsStaticShape {}
#[doc(hidden)]
pub trait ConsStaticShape {}
impl ConsStaticShape for Nil {}
impl<H: StaticShape, T: ConsStaticShape> ConsStaticShape for Cons<H, T> {}

/// A tuple whose leaves are all static (any sign): checked at compile time.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has runtime (`i64`) entries",
    label = "expected only static integers",
    note = "use `Layout::try_new` for layouts with runtime entries"
)]
#[doc(hidden)]
pub trait StaticTuple: IntTuple {}
impl StaticTuple for typenum::UTerm {}
impl<U: crate::int::Digits, B: crate::int::Digit> StaticTuple for typenum::UInt<U, B> {}
impl<U: crate::int::Digits + typenum::NonZero> StaticTuple for typenum::NInt<U> {}
#[diagnostic::do_not_recommend] // report the tuple, not the list machinery
impl<T: ToCons + IntTuple> StaticTuple for T where T::Cons: ConsStaticTuple {}
#[doc(hidden)]
pub trait ConsStaticTuple {}
impl ConsStaticTuple for Nil {}
impl<H: StaticTuple, T: ConsStaticTuple> ConsStaticTuple for Cons<H, T> {}

/// Check a runtime shape: every leaf positive and the size in `i64`.
pub(crate) fn check_shape<S: IntTuple>(s: &S) -> Result<()> {
    struct P(Option<i64>);
    impl Visitor for P {
        fn leaf(&mut self, v: i64, _: bool) {
            if v <= 0 && self.0.is_none() {
                self.0 = Some(v);
            }
        }
    }
    let mut p = P(None);
    s.visit(&mut p);
    if let Some(bad) = p.0 {
        return Err(crate::error::layout_error!(
            ErrorKind::NonPositiveShape,
            "{bad} in shape {}",
            Display(s)
        ));
    }
    s.size().map(|_| ())
}

/// CuTe notation for any `IntTuple`: `Display(&t)` prints `(4,(2,2))`; `{:#}` marks static
/// leaves `_4`.
#[derive(Clone, Copy, Debug)]
pub struct Display<'a, T>(pub &'a T);

impl<T: IntTuple> fmt::Display for Display<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut w = TupleWriter::new(f);
        self.0.visit(&mut w);
        w.result
    }
}

/// The writer behind the CuTe-notation printers (integer tuples here, stride trees with basis
/// leaves in `ops::basis`): brackets, commas and integers, static ones `_`-marked under `{:#}`;
/// it stops writing at the first error, which it keeps in `result`.
pub(crate) struct TupleWriter<'a, 'b> {
    f: &'a mut fmt::Formatter<'b>,
    alt: bool,
    pub(crate) result: fmt::Result,
}

impl<'a, 'b> TupleWriter<'a, 'b> {
    pub(crate) fn new(f: &'a mut fmt::Formatter<'b>) -> Self {
        let alt = f.alternate();
        TupleWriter {
            f,
            alt,
            result: Ok(()),
        }
    }
    /// Writes `args` unless an earlier write failed.
    pub(crate) fn write(&mut self, args: fmt::Arguments<'_>) {
        if self.result.is_ok() {
            self.result = self.f.write_fmt(args);
        }
    }
    /// An integer, `_`-marked when static under `{:#}`.
    pub(crate) fn int(&mut self, v: i64, is_static: bool) {
        if self.alt && is_static {
            self.write(format_args!("_{v}"));
        } else {
            self.write(format_args!("{v}"));
        }
    }
}

impl Visitor for TupleWriter<'_, '_> {
    fn open(&mut self) {
        self.write(format_args!("("));
    }
    fn separator(&mut self) {
        self.write(format_args!(","));
    }
    fn close(&mut self) {
        self.write(format_args!(")"));
    }
    fn leaf(&mut self, v: i64, is_static: bool) {
        self.int(v, is_static);
    }
}

// Relations between tuples (congruence, weak congruence, compatibility): `relations.rs`; prefix
// products (compact strides): `prefix.rs`.
mod prefix;
mod relations;
pub use prefix::*;
pub use relations::*;
