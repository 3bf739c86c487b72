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
    /// Walk the tree.
    fn visit<V: Visitor>(&self, v: &mut V);
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
            fn visit<V: Visitor>(&self, v: &mut V) {
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
    fn visit<V: Visitor>(&self, v: &mut V, first: bool);
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
    fn visit<V: Visitor>(&self, _: &mut V, _: bool) {}
    #[inline(always)]
    fn idx2crd(&self, _: i64) -> Nil {
        Nil
    }
    #[inline(always)]
    fn size_value(&self) -> i64 {
        1
    }
}

// The size is a saturated product (exact within `i64`, see `IntSizeMul`): it is computed for
// stride tuples too, whose products of odd strides run to hundreds of bits.
impl<H: IntTuple, T: ConsTuple> ConsTuple for Cons<H, T>
where
    H::Size: IntSizeMul<T::Size>,
{
    const LEN: usize = 1 + T::LEN;
    const MAX_DEPTH: usize = if H::DEPTH > T::MAX_DEPTH {
        H::DEPTH
    } else {
        T::MAX_DEPTH
    };
    const IS_STATIC: bool = H::IS_STATIC && T::IS_STATIC;
    const LEAVES: usize = H::LEAVES + T::LEAVES;
    type Size = <H::Size as IntSizeMul<T::Size>>::Output;
    type Natural = Cons<H::Natural, T::Natural>;
    #[inline(always)]
    fn size(&self) -> Result<Self::Size> {
        self.0.size()?.size_mul(self.1.size()?)
    }
    #[inline(always)]
    fn visit<V: Visitor>(&self, v: &mut V, first: bool) {
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
    fn visit<V: Visitor>(&self, v: &mut V) {
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
// Relations between tuples

/// Congruence, `P ~ S` (paper Definition 2.3): the same tree structure.
///
/// This is the bound that every [`Layout`](struct@crate::Layout) puts on its shape and stride.
/// Leaves pair with leaves, tuples with tuples of the same rank, element by element.
#[diagnostic::on_unimplemented(
    message = "shape `{Self}` and stride `{D}` are not congruent",
    label = "shape and stride must have the same nesting",
    note = "a layout's shape and stride must be congruent: the same tree of tuples and integers (paper Definition 2.3)"
)]
pub trait Congruent<D>: IntTuple {
    /// `crd2idx(i, S, D)` for an integral coordinate `i` (paper Eq. 6): split `i` over the
    /// shape colexicographically, the last element of each tuple unreduced, and take the inner
    /// product with the stride. Wrapping arithmetic: exact whenever the offset fits `i64`.
    #[doc(hidden)]
    fn offset_of_index(&self, stride: &D, i: i64) -> i64;
    /// [`offset_of_index`](Congruent::offset_of_index) for an index `0 ≤ i < 2³²`: each
    /// quotient is a 32-bit division (a 32-bit multiply-high by a constant, one `imul`, where
    /// the 64-bit one is a two-operation `mul` and a longer dependency chain); the remainders
    /// `i − q·s` and the inner product stay in `i64`, so the optimiser folds them together
    /// (`r − 3q + 21q = r + 18q`), and the offset is the same.
    #[doc(hidden)]
    fn offset_of_index_u32(&self, stride: &D, i: i64) -> i64;
    /// Walk shape and stride together: `f(shape leaf, stride leaf)`.
    #[doc(hidden)]
    fn zip_leaves<F: FnMut(i64, i64)>(&self, stride: &D, f: &mut F);
    /// `Σ (sᵢ − 1)·|dᵢ|` over the leaves when every leaf is static (saturating), else `None`:
    /// what the compile-time check of a static layout's offsets reads.
    #[doc(hidden)]
    const STATIC_SPAN: Option<u128>;
    /// Whether splitting an index divides by a static size that is not a power of two (a
    /// multiply-high rather than a shift): then [`offset_of_index`] takes the 32-bit path for
    /// indices below 2³² ([`offset_of_index_u32`]).
    ///
    /// [`offset_of_index`]: Congruent::offset_of_index
    /// [`offset_of_index_u32`]: Congruent::offset_of_index_u32
    #[doc(hidden)]
    const NPOW2_DIVISOR: bool;
}

/// `crd2idx(i, S, D)` for an integral coordinate `i ≥ 0` (paper Eq. 6), what
/// [`Layout::eval`](crate::Layout::eval) and integer coordinates compute: for a static shape
/// whose index split divides by a constant that is not a power of two, an index below 2³² (a
/// well-predicted branch) is split with 32-bit arithmetic, as C++ does for an `unsigned` index;
/// any other index (up to `i64::MAX`, the extended last mode included) with 64-bit arithmetic.
/// Both give the same offset.
#[doc(hidden)]
#[inline(always)]
pub fn offset_of_index<S: Congruent<D>, D>(shape: &S, stride: &D, i: i64) -> i64 {
    if S::IS_STATIC && S::NPOW2_DIVISOR && (i as u64) <= u32::MAX as u64 {
        shape.offset_of_index_u32(stride, i)
    } else {
        shape.offset_of_index(stride, i)
    }
}

/// Whether a static size is a power of two (`false` for a dynamic one).
const fn static_pow2(s: Option<i64>) -> bool {
    match s {
        Some(s) => s > 0 && (s as u64).is_power_of_two(),
        None => true,
    }
}

/// `(s − 1)·|d|` of one static mode, saturating.
const fn leaf_span(s: Option<i64>, d: Option<i64>) -> Option<u128> {
    match (s, d) {
        (Some(s), Some(d)) => Some(
            ((s as i128) - 1)
                .unsigned_abs()
                .saturating_mul(d.unsigned_abs() as u128),
        ),
        _ => None,
    }
}

/// The sum of two static spans, saturating; `None` when either is dynamic.
const fn add_span(a: Option<u128>, b: Option<u128>) -> Option<u128> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.saturating_add(b)),
        _ => None,
    }
}

macro_rules! congruent_leaf {
    ([$($g:tt)*] $S:ty) => {
        #[diagnostic::do_not_recommend]
        impl<D: Int, $($g)*> Congruent<D> for $S {
            #[inline(always)]
            fn offset_of_index(&self, stride: &D, i: i64) -> i64 {
                i.wrapping_mul(stride.value())
            }
            #[inline(always)]
            fn offset_of_index_u32(&self, stride: &D, i: i64) -> i64 {
                i.wrapping_mul(stride.value())
            }
            #[inline(always)]
            fn zip_leaves<F: FnMut(i64, i64)>(&self, stride: &D, f: &mut F) {
                f(Int::value(*self), stride.value())
            }
            const STATIC_SPAN: Option<u128> = leaf_span(<$S as Int>::STATIC, D::STATIC);
            const NPOW2_DIVISOR: bool = false;
        }
    };
}
for_each_leaf!(congruent_leaf);

/// The list form of [`Congruent`].
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "shape and stride are not congruent: different ranks or nesting",
    note = "a layout's shape and stride must be congruent: the same tree of tuples and integers (paper Definition 2.3)"
)]
pub trait ConsCongruent<D>: ConsTuple {
    fn offset_of_index(&self, stride: &D, i: i64) -> i64;
    fn offset_of_index_u32(&self, stride: &D, i: i64) -> i64;
    fn zip_leaves<F: FnMut(i64, i64)>(&self, stride: &D, f: &mut F);
    const STATIC_SPAN: Option<u128>;
    const NPOW2_DIVISOR: bool;
}
impl ConsCongruent<Nil> for Nil {
    const STATIC_SPAN: Option<u128> = Some(0);
    const NPOW2_DIVISOR: bool = false;
    #[inline(always)]
    fn offset_of_index(&self, _: &Nil, _: i64) -> i64 {
        0
    }
    #[inline(always)]
    fn offset_of_index_u32(&self, _: &Nil, _: i64) -> i64 {
        0
    }
    #[inline(always)]
    fn zip_leaves<F: FnMut(i64, i64)>(&self, _: &Nil, _: &mut F) {}
}
impl<SH, ST, DH, DT> ConsCongruent<Cons<DH, DT>> for Cons<SH, ST>
where
    SH: Congruent<DH>,
    ST: ConsCongruent<DT>,
    Cons<SH, ST>: ConsTuple,
{
    #[inline(always)]
    fn offset_of_index(&self, stride: &Cons<DH, DT>, i: i64) -> i64 {
        if ST::LEN == 0 {
            self.0.offset_of_index(&stride.0, i)
        } else {
            // Coordinates are non-negative and sizes positive: split the index with unsigned
            // division, which compiles to plain shifts and masks (multiply-high for other
            // constants) without the sign corrections of signed `%` and `/`; one division,
            // the remainder `i − q·s` from the quotient.
            let (u, s) = (i as u64, self.0.size_value() as u64);
            let q = u / s;
            let r = u.wrapping_sub(q.wrapping_mul(s));
            // The remainder is below the head's size: a static head below 2³² splits it with
            // 32-bit arithmetic.
            let head = if SH::IS_STATIC && s <= u32::MAX as u64 {
                self.0.offset_of_index_u32(&stride.0, r as i64)
            } else {
                self.0.offset_of_index(&stride.0, r as i64)
            };
            head.wrapping_add(self.1.offset_of_index(&stride.1, q as i64))
        }
    }
    #[inline(always)]
    fn offset_of_index_u32(&self, stride: &Cons<DH, DT>, i: i64) -> i64 {
        if ST::LEN == 0 {
            self.0.offset_of_index_u32(&stride.0, i)
        } else {
            let s = self.0.size_value();
            let (r, q) = if s > u32::MAX as i64 {
                // The index is below the head's size: all of it is the head's coordinate.
                (i, 0)
            } else {
                let q = ((i as u32) / (s as u32)) as i64;
                (i.wrapping_sub(q.wrapping_mul(s)), q)
            };
            self.0
                .offset_of_index_u32(&stride.0, r)
                .wrapping_add(self.1.offset_of_index_u32(&stride.1, q))
        }
    }
    #[inline(always)]
    fn zip_leaves<F: FnMut(i64, i64)>(&self, stride: &Cons<DH, DT>, f: &mut F) {
        self.0.zip_leaves(&stride.0, f);
        self.1.zip_leaves(&stride.1, f);
    }
    const STATIC_SPAN: Option<u128> = add_span(SH::STATIC_SPAN, ST::STATIC_SPAN);
    const NPOW2_DIVISOR: bool = (ST::LEN != 0 && !static_pow2(<SH::Size as Int>::STATIC))
        || SH::NPOW2_DIVISOR
        || ST::NPOW2_DIVISOR;
}
#[diagnostic::do_not_recommend] // report the tuple, not the list machinery
impl<S: ToCons + IntTuple, D: ToCons> Congruent<D> for S
where
    S::Cons: ConsCongruent<D::Cons>,
{
    #[inline(always)]
    fn offset_of_index(&self, stride: &D, i: i64) -> i64 {
        self.to_cons().offset_of_index(&stride.to_cons(), i)
    }
    #[inline(always)]
    fn offset_of_index_u32(&self, stride: &D, i: i64) -> i64 {
        self.to_cons().offset_of_index_u32(&stride.to_cons(), i)
    }
    #[inline(always)]
    fn zip_leaves<F: FnMut(i64, i64)>(&self, stride: &D, f: &mut F) {
        self.to_cons().zip_leaves(&stride.to_cons(), f)
    }
    const STATIC_SPAN: Option<u128> = <S::Cons as ConsCongruent<D::Cons>>::STATIC_SPAN;
    const NPOW2_DIVISOR: bool = <S::Cons as ConsCongruent<D::Cons>>::NPOW2_DIVISOR;
}

/// Weak congruence, `P ≲ S` (paper Definition 2.4): `P` is congruent with a coarsening of `S`
/// — wherever `P` has an integer, `S` may have any sub-tree.
pub trait WeaklyCongruent<S> {}
impl<S: IntTuple> WeaklyCongruent<S> for i64 {}
impl<S: IntTuple> WeaklyCongruent<S> for typenum::UTerm {}
impl<S: IntTuple, U: typenum::Unsigned, B: typenum::Bit> WeaklyCongruent<S>
    for typenum::UInt<U, B>
{
}
impl<P: ToCons, S: ToCons> WeaklyCongruent<S> for P where P::Cons: ConsWeaklyCongruent<S::Cons> {}
#[doc(hidden)]
pub trait ConsWeaklyCongruent<S> {}
impl ConsWeaklyCongruent<Nil> for Nil {}
impl<PH: WeaklyCongruent<SH>, PT: ConsWeaklyCongruent<ST>, SH, ST> ConsWeaklyCongruent<Cons<SH, ST>>
    for Cons<PH, PT>
{
}

/// Whether `p ≲ s` (weak congruence, Definition 2.4), on values.
pub fn weakly_congruent<P: IntTuple + WeaklyCongruent<S>, S: IntTuple>(_: &P, _: &S) -> bool {
    true
}

/// Whether `p ≼ s` (compatibility, paper Definition 2.7): sizes agree and, wherever `p` is a
/// tuple, `s` is a tuple of the same rank with compatible elements. Runtime sizes are compared
/// at run time.
#[cfg(feature = "alloc")]
pub fn compatible<P: IntTuple, S: IntTuple>(p: &P, s: &S) -> bool {
    p.to_dyn().compatible(&s.to_dyn())
}

/// Whether `p ~ s` (congruence, Definition 2.3), on values (decided by the types).
pub fn congruent<P: IntTuple + Congruent<S>, S: IntTuple>(_: &P, _: &S) -> bool {
    true
}

// ---------------------------------------------------------------------------------------------
// Prefix products: compact strides

/// Exclusive prefix product from `Acc`: the compact column-major strides of a shape
/// (`prefix_product((4,(2,3))) = (1,(4,8))`), computed by typenum for static shapes.
pub trait PrefixProduct<Acc: Int>: IntTuple {
    /// The strides, congruent with the shape.
    type Output: IntTuple;
    /// `Acc · size(Self)`: the product after this sub-tree.
    type Next: Int;
    /// The values: strides and next accumulator.
    fn prefix_product_from(&self, acc: Acc) -> Result<(Self::Output, Self::Next)>;
}

/// The compact column-major stride type of shape `S` (CuTe `LayoutLeft`).
pub type ColumnMajor<S> = <S as PrefixProduct<U1>>::Output;

macro_rules! prefix_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<Acc: Int + IntTuple + IntMul<$S>, $($g)*> PrefixProduct<Acc> for $S {
            type Output = Acc;
            type Next = <Acc as IntMul<$S>>::Output;
            #[inline(always)]
            fn prefix_product_from(&self, acc: Acc) -> Result<(Acc, Self::Next)> {
                Ok((acc, acc.mul(*self)?))
            }
        }
        impl<Acc: Int + IntTuple + IntMul<$S>, $($g)*> SuffixProduct<Acc> for $S {
            type Output = Acc;
            type Next = <Acc as IntMul<$S>>::Output;
            #[inline(always)]
            fn suffix_product_from(&self, acc: Acc) -> Result<(Acc, Self::Next)> {
                Ok((acc, acc.mul(*self)?))
            }
        }
    };
}
for_each_leaf!(prefix_leaf);
#[doc(hidden)]
pub trait ConsPrefixProduct<Acc: Int> {
    type Output: Plain;
    type Next: Int;
    fn prefix_product_from(&self, acc: Acc) -> Result<(Self::Output, Self::Next)>;
}
impl<Acc: Int> ConsPrefixProduct<Acc> for Nil {
    type Output = Nil;
    type Next = Acc;
    #[inline(always)]
    fn prefix_product_from(&self, acc: Acc) -> Result<(Nil, Acc)> {
        Ok((Nil, acc))
    }
}
impl<Acc: Int, H: PrefixProduct<Acc>, T: ConsPrefixProduct<H::Next>> ConsPrefixProduct<Acc>
    for Cons<H, T>
{
    type Output = Cons<H::Output, T::Output>;
    type Next = T::Next;
    #[inline(always)]
    fn prefix_product_from(&self, acc: Acc) -> Result<(Self::Output, Self::Next)> {
        let (h, next) = self.0.prefix_product_from(acc)?;
        let (t, last) = self.1.prefix_product_from(next)?;
        Ok((Cons(h, t), last))
    }
}
impl<S: ToCons + IntTuple, Acc: Int> PrefixProduct<Acc> for S
where
    S::Cons: ConsPrefixProduct<Acc>,
    <S::Cons as ConsPrefixProduct<Acc>>::Output: FromCons,
    TupleOf<<S::Cons as ConsPrefixProduct<Acc>>::Output>: IntTuple,
{
    type Output = TupleOf<<S::Cons as ConsPrefixProduct<Acc>>::Output>;
    type Next = <S::Cons as ConsPrefixProduct<Acc>>::Next;
    #[inline(always)]
    fn prefix_product_from(&self, acc: Acc) -> Result<(Self::Output, Self::Next)> {
        let (o, n) = self.to_cons().prefix_product_from(acc)?;
        Ok((o.from_cons(), n))
    }
}

/// Compact row-major strides (CuTe `LayoutRight`): the last leaf is fastest.
/// `(4,(2,3))` gives `(6,(3,1))`.
pub trait SuffixProduct<Acc: Int>: IntTuple {
    /// The strides, congruent with the shape.
    type Output: IntTuple;
    /// `Acc · size(Self)`.
    type Next: Int;
    /// The values.
    fn suffix_product_from(&self, acc: Acc) -> Result<(Self::Output, Self::Next)>;
}
/// The compact row-major stride type of shape `S` (CuTe `LayoutRight`).
pub type RowMajor<S> = <S as SuffixProduct<U1>>::Output;

#[doc(hidden)]
pub trait ConsSuffixProduct<Acc: Int> {
    type Output: Plain;
    type Next: Int;
    fn suffix_product_from(&self, acc: Acc) -> Result<(Self::Output, Self::Next)>;
}
impl<Acc: Int> ConsSuffixProduct<Acc> for Nil {
    type Output = Nil;
    type Next = Acc;
    #[inline(always)]
    fn suffix_product_from(&self, acc: Acc) -> Result<(Nil, Acc)> {
        Ok((Nil, acc))
    }
}
/// Right to left: the tail is strided first, the head gets the product of the tail's size.
impl<Acc: Int, H: SuffixProduct<T::Next>, T: ConsSuffixProduct<Acc>> ConsSuffixProduct<Acc>
    for Cons<H, T>
{
    type Output = Cons<H::Output, T::Output>;
    type Next = H::Next;
    #[inline(always)]
    fn suffix_product_from(&self, acc: Acc) -> Result<(Self::Output, Self::Next)> {
        let (t, next) = self.1.suffix_product_from(acc)?;
        let (h, last) = self.0.suffix_product_from(next)?;
        Ok((Cons(h, t), last))
    }
}
impl<S: ToCons + IntTuple, Acc: Int> SuffixProduct<Acc> for S
where
    S::Cons: ConsSuffixProduct<Acc>,
    <S::Cons as ConsSuffixProduct<Acc>>::Output: FromCons,
    TupleOf<<S::Cons as ConsSuffixProduct<Acc>>::Output>: IntTuple,
{
    type Output = TupleOf<<S::Cons as ConsSuffixProduct<Acc>>::Output>;
    type Next = <S::Cons as ConsSuffixProduct<Acc>>::Next;
    #[inline(always)]
    fn suffix_product_from(&self, acc: Acc) -> Result<(Self::Output, Self::Next)> {
        let (o, n) = self.to_cons().suffix_product_from(acc)?;
        Ok((o.from_cons(), n))
    }
}

/// `prefix_product(s)`: compact column-major strides of shape `s`.
pub fn prefix_product<S: PrefixProduct<U1>>(s: &S) -> Result<ColumnMajor<S>> {
    Ok(s.prefix_product_from(U1::default())?.0)
}
/// Compact row-major strides of shape `s`.
pub fn suffix_product<S: SuffixProduct<U1>>(s: &S) -> Result<RowMajor<S>> {
    Ok(s.suffix_product_from(U1::default())?.0)
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
