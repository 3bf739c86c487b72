//! Basis strides in the type system (CuTe `ScaledBasis`, `E<..>`, `ArithmeticTuple`; paper
//! §2.3.1, §3.3.2 "Reductive Case: Coordinate").
//!
//! A stride leaf may be a *scaled basis element* `v@I` instead of an integer: the arithmetic
//! tuple with value `v` at the hierarchical mode path `I` and zeros elsewhere. A layout whose
//! strides are bases maps a coordinate to a *coordinate* (an arithmetic tuple) rather than to an
//! offset; the identity layout `S : make_basis_like(S)` maps every coordinate to its natural
//! coordinate, which is what kernels use for predication.
//!
//! ```
//! use cute_layout::{layout, make_identity_layout, BasisLayout, E0, E1};
//! use cute_layout::typenum::{U4, U8};
//! let id = make_identity_layout((U4::default(), U8::default()));
//! assert_eq!(id.to_string(), "(4,8):(1@0,1@1)");
//! assert_eq!(format!("{id:#}"), "(_4,_8):(_1@0,_1@1)");
//! assert_eq!(id.eval(13), (1, 3));     // index 13 is the coordinate (1,3)
//! assert_eq!(id.call((2, 5)), (2, 5));
//! assert_eq!(id, layout!((4,8):(1@0,1@1)));
//! assert_eq!(core::mem::size_of_val(&id), 0);
//! # let _ = (E0::default(), E1::default());
//! ```

use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;

use typenum::{IsEqual, Sub1, UInt, UTerm, Unsigned, B0, B1, U0};

use crate::error::{ErrorKind, Result};
use crate::int::select::{And, EqSel, IntEq, Or, SelAnd, SelOr, Selector};
use crate::int::{Int, IntMul, Plain, Prod};
use crate::layout::Layout;
use crate::tuple::{Cons, ConsOf, FromCons, IntTuple, Nil, StaticShape, ToCons, TupleOf};

// ---------------------------------------------------------------------------------------------
// Mode paths

/// A hierarchical mode path: a tuple of typenum indices, outermost first (`(U1, U0)` is
/// element 0 of element 1); `()` is the empty path. Paths of depth 0 to 4.
///
/// ```
/// use cute_layout::{ops::BasisPath, typenum::{U0, U1}};
/// let mut out = [0usize; 4];
/// assert_eq!(<(U1, U0)>::indices_into(&mut out), 2);
/// assert_eq!(out[..2], [1, 0]);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a basis mode path",
    label = "expected a tuple of typenum indices (`(U1, U0)`), outermost first",
    note = "a basis path is a tuple of up to 4 typenum unsigned integers; `()` is the empty path"
)]
#[doc(hidden)]
pub trait BasisPath: Plain {
    /// The depth of the path (its number of indices).
    const DEPTH: usize;
    /// An integer identifying the path (see `ConsPath::KEY`).
    #[doc(hidden)]
    const KEY: u64;
    /// The indices, outermost first, into `out`; returns the depth (at most `out.len()` are
    /// written).
    fn indices_into(out: &mut [usize]) -> usize;
    /// `@i` for each index, innermost first (CuTe prints the value, then the path reversed).
    #[doc(hidden)]
    fn fmt_reversed(f: &mut fmt::Formatter<'_>) -> fmt::Result;
}
#[doc(hidden)]
pub trait ConsPath: Plain {
    const DEPTH: usize;
    /// The indices plus one, base 2^15, innermost at the top (injective for indices below
    /// 2^15 - 1 and depth at most 4).
    const KEY: u64;
    fn indices_into(out: &mut [usize], at: usize) -> usize;
    fn fmt_reversed(f: &mut fmt::Formatter<'_>) -> fmt::Result;
}
impl ConsPath for Nil {
    const DEPTH: usize = 0;
    const KEY: u64 = 0;
    #[inline(always)]
    fn indices_into(_: &mut [usize], at: usize) -> usize {
        at
    }
    #[inline(always)]
    fn fmt_reversed(_: &mut fmt::Formatter<'_>) -> fmt::Result {
        Ok(())
    }
}
impl<H: Unsigned + Plain, T: ConsPath> ConsPath for Cons<H, T> {
    const DEPTH: usize = 1 + T::DEPTH;
    const KEY: u64 = (H::U64 + 1) | (T::KEY << 15);
    #[inline(always)]
    fn indices_into(out: &mut [usize], at: usize) -> usize {
        if let Some(slot) = out.get_mut(at) {
            *slot = H::USIZE;
        }
        T::indices_into(out, at + 1)
    }
    fn fmt_reversed(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        T::fmt_reversed(f)?;
        write!(f, "@{}", H::USIZE)
    }
}
macro_rules! basis_path {
    ($($T:ident)*) => {
        impl<$($T: Unsigned + Plain),*> BasisPath for ($($T,)*) {
            const DEPTH: usize = <ConsOf<Self> as ConsPath>::DEPTH;
            const KEY: u64 = <ConsOf<Self> as ConsPath>::KEY;
            #[inline(always)]
            fn indices_into(out: &mut [usize]) -> usize {
                <ConsOf<Self> as ConsPath>::indices_into(out, 0)
            }
            fn fmt_reversed(f: &mut fmt::Formatter<'_>) -> fmt::Result {
                <ConsOf<Self> as ConsPath>::fmt_reversed(f)
            }
        }
    };
}
basis_path!();
basis_path!(A);
basis_path!(A B);
basis_path!(A B C);
basis_path!(A B C D);

/// Whether two paths are equal, as a selector ([`B1`]/[`B0`]).
#[doc(hidden)]
pub trait PathEq<Q> {
    type Sel: Selector;
}
impl<P: ToCons, Q: ToCons> PathEq<Q> for P
where
    P::Cons: ConsPathEq<Q::Cons>,
{
    type Sel = <P::Cons as ConsPathEq<Q::Cons>>::Sel;
}
#[doc(hidden)]
pub trait ConsPathEq<Q> {
    type Sel: Selector;
}
impl ConsPathEq<Nil> for Nil {
    type Sel = B1;
}
impl<H, T> ConsPathEq<Cons<H, T>> for Nil {
    type Sel = B0;
}
impl<H, T> ConsPathEq<Nil> for Cons<H, T> {
    type Sel = B0;
}
impl<H: IsEqual<H2>, T: ConsPathEq<T2>, H2, T2> ConsPathEq<Cons<H2, T2>> for Cons<H, T>
where
    <H as IsEqual<H2>>::Output: SelAnd<T::Sel>,
{
    type Sel = And<<H as IsEqual<H2>>::Output, T::Sel>;
}

// ---------------------------------------------------------------------------------------------
// ScaledBasis

/// CuTe's `ScaledBasis<T, Ns...>`: the arithmetic tuple with value `V` at mode path `P`
/// (a tuple of typenum indices, outermost first) and zeros elsewhere — `E<(U1,)>` is
/// `(0,1,0,…)`, `E<(U1, U0)>` is `(0,(1,0,…),…)`, `E<()>` is the integer 1.
///
/// `V` is a static typenum integer (then the basis is zero-sized) or a runtime `i64`. Printed
/// as CuTe prints it: the value, then `@i` for each index innermost first (`E<(U1, U0)>` prints
/// `1@0@1`); `{:#}` marks a static value `_1@0`. Two bases are equal when their paths and
/// values are.
///
/// ```
/// use cute_layout::{E, E1, ScaledBasis, typenum::{U0, U1, U3}};
/// let e10 = E::<(U1, U0)>::default();
/// assert_eq!(e10.to_string(), "1@0@1");
/// assert_eq!(format!("{:#}", E1::default()), "_1@1");
/// let three: ScaledBasis<U3, (U1,)> = E1::default().scale(U3::default());
/// assert_eq!(three.to_string(), "3@1");
/// assert_eq!(three, ScaledBasis::<i64, (U1,)>::new(3));
/// assert_eq!(E1::default().try_scale(-2i64).unwrap().to_string(), "-2@1");
/// assert_eq!(core::mem::size_of_val(&three), 0);
/// ```
pub struct ScaledBasis<V, P> {
    value: V,
    path: PhantomData<P>,
}

/// The unit basis element at mode path `P` (CuTe `E<Ns...>`): `E<(U1, U0)>` is CuTe's
/// `E<1,0>`, `E<()>` the integer 1.
pub type E<P> = ScaledBasis<typenum::U1, P>;
/// `E<0>` = `(1,0,…)`.
pub type E0 = E<(U0,)>;
/// `E<1>` = `(0,1,0,…)`.
pub type E1 = E<(typenum::U1,)>;
/// `E<2>`.
pub type E2 = E<(typenum::U2,)>;
/// `E<3>`.
pub type E3 = E<(typenum::U3,)>;

impl<V: Int, P: BasisPath> ScaledBasis<V, P> {
    /// The basis element with value `value` at path `P`.
    #[inline(always)]
    pub fn new(value: V) -> Self {
        ScaledBasis {
            value,
            path: PhantomData,
        }
    }
    /// The value (the scale).
    #[inline(always)]
    pub fn value(self) -> V {
        self.value
    }
    /// `k · self`: the value scaled by a static or runtime integer, checked (an
    /// [`ErrorKind::Overflow`] error only for runtime values).
    #[inline(always)]
    pub fn try_scale<K: IntMul<V>>(self, k: K) -> Result<ScaledBasis<Prod<K, V>, P>> {
        Ok(ScaledBasis::new(k.mul(self.value)?))
    }
    /// `k · self` for static values (computed by the types; no run-time work).
    #[inline(always)]
    pub fn scale<K: IntMul<V>>(self, _k: K) -> ScaledBasis<Prod<K, V>, P>
    where
        Prod<K, V>: crate::int::StaticInt,
    {
        ScaledBasis::new(Default::default())
    }
    /// `self + other` as arithmetic tuples (element-wise, padded with 0), checked: the sum is
    /// a coordinate, a nested tuple of `i64` whose shape is the union of the two paths.
    ///
    /// ```
    /// use cute_layout::{E0, E1, E, typenum::{U0, U1}};
    /// assert_eq!(E0::default().try_add(E1::default()).unwrap(), (1, 1));
    /// // 1@0 + 1@0@1 = (1,(1)): the paths' union is the coordinate's profile.
    /// assert_eq!(E0::default().try_add(E::<(U1, U0)>::default()).unwrap(), (1, (1,)));
    /// ```
    pub fn try_add<W: Int, Q: BasisPath>(
        self,
        other: ScaledBasis<W, Q>,
    ) -> Result<Codomain<(Self, ScaledBasis<W, Q>)>>
    where
        (Self, ScaledBasis<W, Q>): CodomainProfile,
        <(Self, ScaledBasis<W, Q>) as CodomainProfile>::Output: Realize,
        Codomain<(Self, ScaledBasis<W, Q>)>: AddLeaf<Self> + AddLeaf<ScaledBasis<W, Q>>,
    {
        Codomain::<(Self, ScaledBasis<W, Q>)>::default()
            .try_add_leaf(self, 1)?
            .try_add_leaf(other, 1)
    }
}

impl<V: Int, P: BasisPath> Default for ScaledBasis<V, P> {
    #[inline(always)]
    fn default() -> Self {
        ScaledBasis::new(V::default())
    }
}
impl<V: Int, P: BasisPath> Clone for ScaledBasis<V, P> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<V: Int, P: BasisPath> Copy for ScaledBasis<V, P> {}
impl<V: Int, P: BasisPath, W: Int, Q: BasisPath> PartialEq<ScaledBasis<W, Q>>
    for ScaledBasis<V, P>
{
    fn eq(&self, other: &ScaledBasis<W, Q>) -> bool {
        let (mut a, mut b) = ([0usize; 4], [0usize; 4]);
        let (n, m) = (P::indices_into(&mut a), Q::indices_into(&mut b));
        n == m && a[..n] == b[..m] && self.value.value() == other.value.value()
    }
}
impl<V: Int, P: BasisPath> Eq for ScaledBasis<V, P> {}
impl<V: Int, P: BasisPath> Hash for ScaledBasis<V, P> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        let mut a = [0usize; 4];
        let n = P::indices_into(&mut a);
        a[..n].hash(h);
        self.value.value().hash(h);
    }
}
impl<V: Int, P: BasisPath> fmt::Display for ScaledBasis<V, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() && V::STATIC.is_some() {
            f.write_str("_")?;
        }
        write!(f, "{}", self.value.value())?;
        P::fmt_reversed(f)
    }
}
impl<V: Int, P: BasisPath> fmt::Debug for ScaledBasis<V, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

// ---------------------------------------------------------------------------------------------
// Stride leaves: integers and bases

/// A stride leaf: an integer ([`Int`]) or a scaled basis element ([`ScaledBasis`]). What the
/// algebra needs of a stride is here: scaling by an integer ([`ScaleBy`]), equality
/// ([`StrideEq`]), the runtime form, and a walk ([`StrideVisitor`]).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a stride leaf",
    label = "expected an integer (`U4`, `i64`) or a scaled basis element (`ScaledBasis<V, P>`)",
    note = "stride leaves are integers or scaled basis elements `v@i` (CuTe's integer-semimodule strides)"
)]
#[doc(hidden)]
pub trait StrideLeaf: Plain {
    /// The same leaf with a runtime (`i64`) value: `i64` for integers, `ScaledBasis<i64, P>`
    /// for bases.
    type Dyn: DynLeaf;
    /// Whether the value is static.
    const IS_STATIC: bool;
    /// The value (the scale of a basis).
    fn scale_value(self) -> i64;
    /// `k · self` in runtime form, checked.
    fn try_scale_dyn(self, k: i64) -> Result<Self::Dyn>;
    /// `self · k` in runtime form, checked (the operands in this order in an overflow message).
    #[doc(hidden)]
    fn try_mul_dyn(self, k: i64) -> Result<Self::Dyn>;
    /// 0 for an integer, a non-zero key identifying the path for a basis: two leaves may
    /// merge in a coalesce only when their keys are equal.
    #[doc(hidden)]
    const PATH_KEY: u64;
    /// Walk the leaf.
    fn visit_leaf<W: StrideVisitor>(&self, w: &mut W);
}
impl<T: Int> StrideLeaf for T {
    type Dyn = i64;
    const IS_STATIC: bool = T::STATIC.is_some();
    #[inline(always)]
    fn scale_value(self) -> i64 {
        self.value()
    }
    #[inline(always)]
    fn try_scale_dyn(self, k: i64) -> Result<i64> {
        k.mul(self.value())
    }
    #[inline(always)]
    fn try_mul_dyn(self, k: i64) -> Result<i64> {
        self.value().mul(k)
    }
    const PATH_KEY: u64 = 0;
    #[inline(always)]
    fn visit_leaf<W: StrideVisitor>(&self, w: &mut W) {
        w.leaf(self.value(), <Self as StrideLeaf>::IS_STATIC, None)
    }
}
impl<V: Int, P: BasisPath> StrideLeaf for ScaledBasis<V, P> {
    type Dyn = ScaledBasis<i64, P>;
    const IS_STATIC: bool = V::STATIC.is_some();
    #[inline(always)]
    fn scale_value(self) -> i64 {
        self.value.value()
    }
    #[inline(always)]
    fn try_scale_dyn(self, k: i64) -> Result<ScaledBasis<i64, P>> {
        Ok(ScaledBasis::new(k.mul(self.value.value())?))
    }
    #[inline(always)]
    fn try_mul_dyn(self, k: i64) -> Result<ScaledBasis<i64, P>> {
        Ok(ScaledBasis::new(self.value.value().mul(k)?))
    }
    const PATH_KEY: u64 = 1 + P::KEY;
    #[inline(always)]
    fn visit_leaf<W: StrideVisitor>(&self, w: &mut W) {
        let mut path = [0usize; 4];
        let n = P::indices_into(&mut path);
        w.leaf(
            self.value.value(),
            <Self as StrideLeaf>::IS_STATIC,
            Some(&path[..n]),
        )
    }
}

/// A stride leaf with a runtime value (`i64`, `ScaledBasis<i64, P>`): built from its value.
#[doc(hidden)]
pub trait DynLeaf: StrideLeaf {
    fn with_value(v: i64) -> Self;
}
impl DynLeaf for i64 {
    #[inline(always)]
    fn with_value(v: i64) -> i64 {
        v
    }
}
impl<P: BasisPath> DynLeaf for ScaledBasis<i64, P> {
    #[inline(always)]
    fn with_value(v: i64) -> Self {
        ScaledBasis::new(v)
    }
}

impl<V: crate::int::select::HasDyn, P> crate::int::select::HasDyn for ScaledBasis<V, P> {
    type Sel = V::Sel;
}

#[doc(hidden)]
/// `k · self` for an integer `K`: integers multiply (`Prod<K, D>`), a basis scales its value
/// (`k · v@I = (k·v)@I`).
///
/// ```
/// use cute_layout::{ops::ScaleBy, E1, ScaledBasis, typenum::{U3, U4, U12}};
/// static_assertions::assert_type_eq_all!(<U4 as ScaleBy<U3>>::Output, U12);
/// static_assertions::assert_type_eq_all!(<E1 as ScaleBy<U3>>::Output, ScaledBasis<U3, (cute_layout::typenum::U1,)>);
/// assert_eq!(E1::default().scale_by(5i64).unwrap().to_string(), "5@1");
/// ```
pub trait ScaleBy<K>: StrideLeaf {
    /// The scaled leaf.
    type Output: StrideLeaf;
    /// The value, checked (an error only for runtime values).
    fn scale_by(self, k: K) -> Result<Self::Output>;
}
impl<T: Int, K: IntMul<T>> ScaleBy<K> for T {
    type Output = Prod<K, T>;
    #[inline(always)]
    fn scale_by(self, k: K) -> Result<Self::Output> {
        k.mul(self)
    }
}
impl<V: Int, P: BasisPath, K: IntMul<V>> ScaleBy<K> for ScaledBasis<V, P> {
    type Output = ScaledBasis<Prod<K, V>, P>;
    #[inline(always)]
    fn scale_by(self, k: K) -> Result<Self::Output> {
        Ok(ScaledBasis::new(k.mul(self.value)?))
    }
}

/// `self · k` for an integer `K`: the same value as [`ScaleBy`] with the operands in the
/// other order (integers give `Prod<Self, K>`, so an overflow message names them in that order).
#[doc(hidden)]
pub trait StrideMul<K>: StrideLeaf {
    type Output: StrideLeaf;
    fn stride_mul(self, k: K) -> Result<Self::Output>;
}
impl<T: IntMul<K>, K: Int> StrideMul<K> for T {
    type Output = Prod<T, K>;
    #[inline(always)]
    fn stride_mul(self, k: K) -> Result<Self::Output> {
        self.mul(k)
    }
}
impl<V: IntMul<K>, P: BasisPath, K: Int> StrideMul<K> for ScaledBasis<V, P> {
    type Output = ScaledBasis<Prod<V, K>, P>;
    #[inline(always)]
    fn stride_mul(self, k: K) -> Result<Self::Output> {
        Ok(ScaledBasis::new(self.value.mul(k)?))
    }
}
/// The type of `d · k` ([`StrideMul`]).
#[doc(hidden)]
pub type StrideProd<D, K> = <D as StrideMul<K>>::Output;

/// The type of `k · d` ([`ScaleBy`]).
pub type Scaled<D, K> = <D as ScaleBy<K>>::Output;
/// The selector of [`StrideEq`].
pub type StrideEqSel<A, B> = <A as StrideEq<B>>::Sel;

#[doc(hidden)]
/// `self == r` for stride leaves, as a selector: integers compare values, bases
/// compare paths and values; an integer never equals a basis.
pub trait StrideEq<R> {
    /// [`B1`], [`B0`] or `Dyn` (decided at run time).
    type Sel: Selector;
}
impl<A: IntEq<B>, B: Int> StrideEq<B> for A {
    type Sel = EqSel<A, B>;
}
impl<A: Int, V, P> StrideEq<ScaledBasis<V, P>> for A {
    type Sel = B0;
}
impl<V, P, B: Int> StrideEq<B> for ScaledBasis<V, P> {
    type Sel = B0;
}
impl<V: IntEq<W>, P: PathEq<Q>, W: Int, Q> StrideEq<ScaledBasis<W, Q>> for ScaledBasis<V, P>
where
    P::Sel: SelAnd<EqSel<V, W>>,
{
    type Sel = And<P::Sel, EqSel<V, W>>;
}

/// A walk over a stride tree whose leaves are integers or bases (what prints a basis layout,
/// and what converts it to a runtime form).
#[doc(hidden)]
pub trait StrideVisitor {
    /// A tuple begins.
    fn open(&mut self) {}
    /// An element of the current tuple follows another one.
    fn separator(&mut self) {}
    /// A tuple ends.
    fn close(&mut self) {}
    /// A leaf: its value (the scale of a basis), whether the value is static, and the basis
    /// path (outermost first; `None` for an integer leaf).
    fn leaf(&mut self, value: i64, is_static: bool, path: Option<&[usize]>);
}

/// A stride: a stride leaf ([`StrideLeaf`]) or a tuple of strides (up to 12 per level).
/// `HasBasis` is [`B1`] when some leaf is a basis.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a stride of integers and basis elements",
    label = "expected integers, scaled basis elements, or tuples of them",
    note = "strides are integers (`U4`, `i64`), scaled basis elements (`E0`, `ScaledBasis<V, P>`), or tuples of strides"
)]
#[doc(hidden)]
pub trait StrideTuple: Plain {
    /// [`B1`] when some leaf is a [`ScaledBasis`], else [`B0`].
    type HasBasis: Selector;
    /// Whether every leaf is static.
    const IS_STATIC: bool;
    /// Walk the tree.
    fn visit_stride<W: StrideVisitor>(&self, w: &mut W);
}
macro_rules! stride_tuple_leaf {
    ([$($g:tt)*] $T:ty) => {
        impl<$($g)*> StrideTuple for $T {
            type HasBasis = B0;
            const IS_STATIC: bool = <$T as Int>::STATIC.is_some();
            #[inline(always)]
            fn visit_stride<W: StrideVisitor>(&self, w: &mut W) {
                self.visit_leaf(w)
            }
        }
    };
}
crate::tuple::for_each_leaf!(stride_tuple_leaf);
impl<V: Int, P: BasisPath> StrideTuple for ScaledBasis<V, P> {
    type HasBasis = B1;
    const IS_STATIC: bool = V::STATIC.is_some();
    #[inline(always)]
    fn visit_stride<W: StrideVisitor>(&self, w: &mut W) {
        self.visit_leaf(w)
    }
}
#[doc(hidden)]
pub trait ConsStrideTuple: Plain {
    type HasBasis: Selector;
    const IS_STATIC: bool;
    fn visit_stride<W: StrideVisitor>(&self, w: &mut W, first: bool);
}
impl ConsStrideTuple for Nil {
    type HasBasis = B0;
    const IS_STATIC: bool = true;
    #[inline(always)]
    fn visit_stride<W: StrideVisitor>(&self, _: &mut W, _: bool) {}
}
impl<H: StrideTuple, T: ConsStrideTuple> ConsStrideTuple for Cons<H, T>
where
    H::HasBasis: SelOr<T::HasBasis>,
{
    type HasBasis = Or<H::HasBasis, T::HasBasis>;
    const IS_STATIC: bool = H::IS_STATIC && T::IS_STATIC;
    #[inline(always)]
    fn visit_stride<W: StrideVisitor>(&self, w: &mut W, first: bool) {
        if !first {
            w.separator();
        }
        self.0.visit_stride(w);
        self.1.visit_stride(w, false);
    }
}
impl<T: ToCons> StrideTuple for T
where
    T::Cons: ConsStrideTuple,
{
    type HasBasis = <T::Cons as ConsStrideTuple>::HasBasis;
    const IS_STATIC: bool = <T::Cons as ConsStrideTuple>::IS_STATIC;
    #[inline(always)]
    fn visit_stride<W: StrideVisitor>(&self, w: &mut W) {
        w.open();
        self.to_cons().visit_stride(w, true);
        w.close();
    }
}

/// CuTe notation for a stride tree with basis leaves: `(1@0,1@1)`; `{:#}` marks static values.
#[derive(Clone, Copy, Debug)]
pub struct StrideDisplay<'a, T>(pub &'a T);
impl<T: StrideTuple> fmt::Display for StrideDisplay<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::tuple::{TupleWriter, Visitor};
        /// The integer-tuple writer, with `@i` after the value of a basis leaf (innermost first,
        /// as CuTe prints).
        struct W<'a, 'b>(TupleWriter<'a, 'b>);
        impl StrideVisitor for W<'_, '_> {
            fn open(&mut self) {
                self.0.open();
            }
            fn separator(&mut self) {
                self.0.separator();
            }
            fn close(&mut self) {
                self.0.close();
            }
            fn leaf(&mut self, v: i64, is_static: bool, path: Option<&[usize]>) {
                self.0.int(v, is_static);
                for i in path.unwrap_or(&[]).iter().rev() {
                    self.0.write(format_args!("@{i}"));
                }
            }
        }
        let mut w = W(TupleWriter::new(f));
        self.0.visit_stride(&mut w);
        w.0.result
    }
}

// The codomain of a basis-strided layout (an arithmetic tuple as a nested tuple of `i64`):
// `codomain.rs`; basis layouts (shape and stride, evaluation, construction, printing, the flat
// modes the algebra folds over): `layout.rs`.
mod codomain;
mod layout;
pub use codomain::*;
pub use layout::*;
