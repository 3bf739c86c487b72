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

// ---------------------------------------------------------------------------------------------
// The codomain: an arithmetic tuple as a nested tuple of i64

/// A coordinate position that no stride reaches yet (a zero of the codomain).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Absent;
/// A coordinate position that a stride reaches: an `i64` entry of the codomain.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Filled;

/// Insert a basis path (a `Cons` list of typenum indices) into a codomain profile.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the basis paths of the strides are not congruent: one path ends where another continues",
    label = "a stride's basis path reaches a coordinate entry that another stride's path subdivides",
    note = "the codomain of a basis layout is the union of its strides' paths, e.g. `1@0` and `1@1@0` are fine, `1@1` and `1@0@1` are not"
)]
pub trait InsertPath<P> {
    type Output;
}
impl InsertPath<Nil> for Absent {
    type Output = Filled;
}
impl InsertPath<Nil> for Filled {
    type Output = Filled;
}
impl<I, R> InsertPath<Cons<I, R>> for Absent
where
    Nil: ListInsert<I, R>,
{
    type Output = <Nil as ListInsert<I, R>>::Output;
}
impl<I, R> InsertPath<Cons<I, R>> for Nil
where
    Nil: ListInsert<I, R>,
{
    type Output = <Nil as ListInsert<I, R>>::Output;
}
impl<I, R, H, T> InsertPath<Cons<I, R>> for Cons<H, T>
where
    Cons<H, T>: ListInsert<I, R>,
{
    type Output = <Cons<H, T> as ListInsert<I, R>>::Output;
}
/// Insert path `R` at element `I` of a profile list.
#[doc(hidden)]
pub trait ListInsert<I, R> {
    type Output;
}
impl<R> ListInsert<U0, R> for Nil
where
    Absent: InsertPath<R>,
{
    type Output = Cons<<Absent as InsertPath<R>>::Output, Nil>;
}
impl<R, U: Unsigned, B> ListInsert<UInt<U, B>, R> for Nil
where
    UInt<U, B>: core::ops::Sub<B1>,
    Nil: ListInsert<Sub1<UInt<U, B>>, R>,
{
    type Output = Cons<Absent, <Nil as ListInsert<Sub1<UInt<U, B>>, R>>::Output>;
}
impl<R, H: InsertPath<R>, T> ListInsert<U0, R> for Cons<H, T> {
    type Output = Cons<H::Output, T>;
}
impl<R, H, T, U: Unsigned, B> ListInsert<UInt<U, B>, R> for Cons<H, T>
where
    UInt<U, B>: core::ops::Sub<B1>,
    T: ListInsert<Sub1<UInt<U, B>>, R>,
{
    type Output = Cons<H, <T as ListInsert<Sub1<UInt<U, B>>, R>>::Output>;
}

/// A profile as a coordinate type: `Absent` and `Filled` entries become `i64`, lists tuples.
#[doc(hidden)]
pub trait Realize {
    type Output: Plain;
}
impl Realize for Absent {
    type Output = i64;
}
impl Realize for Filled {
    type Output = i64;
}
impl Realize for Nil {
    type Output = ();
}
impl<H, T> Realize for Cons<H, T>
where
    Cons<H, T>: RealizeList,
    <Cons<H, T> as RealizeList>::Output: FromCons,
{
    type Output = TupleOf<<Cons<H, T> as RealizeList>::Output>;
}
#[doc(hidden)]
pub trait RealizeList {
    type Output;
}
impl RealizeList for Nil {
    type Output = Nil;
}
impl<H: Realize, T: RealizeList> RealizeList for Cons<H, T> {
    type Output = Cons<H::Output, T::Output>;
}

/// The codomain profile of stride `Self` (`Absent`/`Filled` leaves, `Cons` lists), computed with the stride as the self type: for a stride not known yet (the
/// coherence checks of other impls) every bound is ambiguous at once instead of expanding every
/// possible stride tree.
#[doc(hidden)]
pub trait CodomainProfile {
    type Output;
}
impl<D: StrideProfile<Absent>> CodomainProfile for D {
    type Output = D::Output;
}
/// The profile `Prof` with every basis path of stride `Self` inserted.
#[doc(hidden)]
pub trait StrideProfile<Prof> {
    type Output;
}
impl<Prof> StrideProfile<Prof> for UTerm {
    type Output = Prof;
}
macro_rules! int_stride_profile {
    ([$($g:tt)*] $T:ty) => {
        impl<Prof: InsertPath<Nil>, $($g)*> StrideProfile<Prof> for $T {
            type Output = Prof::Output;
        }
    };
}
int_stride_profile!([] i64);
int_stride_profile!([U: crate::int::Digits, B: crate::int::Digit] UInt<U, B>);
int_stride_profile!([U: crate::int::Digits + typenum::NonZero] typenum::NInt<U>);
impl<Prof, V, P: ToCons> StrideProfile<Prof> for ScaledBasis<V, P>
where
    Prof: InsertPath<P::Cons>,
{
    type Output = <Prof as InsertPath<P::Cons>>::Output;
}
impl<Prof, T: ToCons> StrideProfile<Prof> for T
where
    T::Cons: ConsStrideProfile<Prof>,
{
    type Output = <T::Cons as ConsStrideProfile<Prof>>::Output;
}
#[doc(hidden)]
pub trait ConsStrideProfile<Prof> {
    type Output;
}
impl<Prof> ConsStrideProfile<Prof> for Nil {
    type Output = Prof;
}
impl<Prof, H: StrideProfile<Prof>, T: ConsStrideProfile<H::Output>> ConsStrideProfile<Prof>
    for Cons<H, T>
{
    type Output = T::Output;
}
/// The codomain of a layout with stride `D`: the coordinate type its evaluation returns, a
/// nested tuple of `i64` whose profile is the union of the strides' basis paths (CuTe's
/// `ArithmeticTuple`); `i64` for integer strides.
///
/// ```
/// use cute_layout::{Codomain, E, E0, E1, typenum::{U0, U1}};
/// static_assertions::assert_type_eq_all!(Codomain<(E0, E1)>, (i64, i64));
/// static_assertions::assert_type_eq_all!(Codomain<(E1, E<(U0, U1)>)>, ((i64, i64), i64));
/// static_assertions::assert_type_eq_all!(Codomain<E<()>>, i64);
/// ```
pub type Codomain<D> = <<D as CodomainProfile>::Output as Realize>::Output;

/// Add `v` at a path (a `Cons` list of typenum indices) of a coordinate.
#[doc(hidden)]
pub trait AddAt<P>: Sized {
    fn add_at(self, v: i64) -> Self;
    fn try_add_at(self, v: i64) -> Result<Self>;
}
impl AddAt<Nil> for i64 {
    #[inline(always)]
    fn add_at(self, v: i64) -> i64 {
        self.wrapping_add(v)
    }
    #[inline(always)]
    fn try_add_at(self, v: i64) -> Result<i64> {
        self.checked_add(v)
            .ok_or_else(|| crate::error::layout_error!(ErrorKind::Overflow, "{self} + {v}"))
    }
}
impl<T: ToCons, I, R> AddAt<Cons<I, R>> for T
where
    T::Cons: ConsAddAt<I, R>,
{
    #[inline(always)]
    fn add_at(self, v: i64) -> Self {
        self.to_cons().cons_add_at(v).from_cons()
    }
    #[inline(always)]
    fn try_add_at(self, v: i64) -> Result<Self> {
        Ok(self.to_cons().try_cons_add_at(v)?.from_cons())
    }
}
#[doc(hidden)]
pub trait ConsAddAt<I, R>: Sized {
    fn cons_add_at(self, v: i64) -> Self;
    fn try_cons_add_at(self, v: i64) -> Result<Self>;
}
impl<H: AddAt<R>, T, R> ConsAddAt<U0, R> for Cons<H, T> {
    #[inline(always)]
    fn cons_add_at(self, v: i64) -> Self {
        Cons(self.0.add_at(v), self.1)
    }
    #[inline(always)]
    fn try_cons_add_at(self, v: i64) -> Result<Self> {
        Ok(Cons(self.0.try_add_at(v)?, self.1))
    }
}
impl<H, T, R, U: Unsigned, B> ConsAddAt<UInt<U, B>, R> for Cons<H, T>
where
    UInt<U, B>: core::ops::Sub<B1>,
    T: ConsAddAt<Sub1<UInt<U, B>>, R>,
{
    #[inline(always)]
    fn cons_add_at(self, v: i64) -> Self {
        Cons(self.0, self.1.cons_add_at(v))
    }
    #[inline(always)]
    fn try_cons_add_at(self, v: i64) -> Result<Self> {
        Ok(Cons(self.0, self.1.try_cons_add_at(v)?))
    }
}

/// Add `k · leaf` to a coordinate (`Self`): a basis adds `k·v` at its path, an integer adds
/// `k·d` to an integral coordinate, a static 0 adds nothing.
#[doc(hidden)]
pub trait AddLeaf<L>: Sized {
    fn add_leaf(self, l: L, k: i64) -> Self;
    fn try_add_leaf(self, l: L, k: i64) -> Result<Self>;
}
use crate::rules::int::checked_mul;
impl<C> AddLeaf<UTerm> for C {
    #[inline(always)]
    fn add_leaf(self, _: UTerm, _: i64) -> Self {
        self
    }
    #[inline(always)]
    fn try_add_leaf(self, _: UTerm, _: i64) -> Result<Self> {
        Ok(self)
    }
}
macro_rules! add_int_leaf {
    ([$($g:tt)*] $T:ty) => {
        impl<C: AddAt<Nil>, $($g)*> AddLeaf<$T> for C {
            #[inline(always)]
            fn add_leaf(self, l: $T, k: i64) -> Self {
                self.add_at(k.wrapping_mul(l.value()))
            }
            #[inline(always)]
            fn try_add_leaf(self, l: $T, k: i64) -> Result<Self> {
                self.try_add_at(checked_mul(k, l.value())?)
            }
        }
    };
}
add_int_leaf!([] i64);
add_int_leaf!([U: crate::int::Digits, B: crate::int::Digit] UInt<U, B>);
add_int_leaf!([U: crate::int::Digits + typenum::NonZero] typenum::NInt<U>);
impl<C: AddAt<P::Cons>, V: Int, P: ToCons> AddLeaf<ScaledBasis<V, P>> for C {
    #[inline(always)]
    fn add_leaf(self, l: ScaledBasis<V, P>, k: i64) -> Self {
        self.add_at(k.wrapping_mul(l.value.value()))
    }
    #[inline(always)]
    fn try_add_leaf(self, l: ScaledBasis<V, P>, k: i64) -> Result<Self> {
        self.try_add_at(checked_mul(k, l.value.value())?)
    }
}

// ---------------------------------------------------------------------------------------------
// Basis layouts: shape and stride, evaluation

/// Congruence of a shape with a stride whose leaves are integers or bases (paper Definition
/// 2.3 with strides from an integer-semimodule): the bound of a basis layout.
#[diagnostic::on_unimplemented(
    message = "shape `{Self}` and stride `{D}` are not congruent",
    label = "shape and stride must have the same nesting",
    note = "a layout's shape and stride must be congruent: the same tree of tuples and leaves (paper Definition 2.3); stride leaves are integers or basis elements"
)]
pub trait BasisCongruent<D>: IntTuple {
    /// `Σ (sᵢ − 1)·|vᵢ|` over the leaves when every leaf is static (saturating), else `None`:
    /// a bound on every entry of every coordinate the layout produces.
    #[doc(hidden)]
    const STATIC_SPAN: Option<u128>;
    /// Walk shape and stride together: `f(shape leaf, stride leaf value)`.
    #[doc(hidden)]
    fn zip_values<F: FnMut(i64, i64)>(&self, stride: &D, f: &mut F);
}
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
const fn add_span(a: Option<u128>, b: Option<u128>) -> Option<u128> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.saturating_add(b)),
        _ => None,
    }
}
/// The static value of a stride leaf, `None` for a runtime one.
#[doc(hidden)]
pub trait StaticLeafValue {
    const VALUE: Option<i64>;
}
impl<T: Int> StaticLeafValue for T {
    const VALUE: Option<i64> = T::STATIC;
}
impl<V: Int, P> StaticLeafValue for ScaledBasis<V, P> {
    const VALUE: Option<i64> = V::STATIC;
}
macro_rules! basis_congruent_leaf {
    ([$($g:tt)*] $S:ty) => {
        #[diagnostic::do_not_recommend]
        impl<D: StrideLeaf + StaticLeafValue, $($g)*> BasisCongruent<D> for $S {
            const STATIC_SPAN: Option<u128> = leaf_span(<$S as Int>::STATIC, D::VALUE);
            #[inline(always)]
            fn zip_values<F: FnMut(i64, i64)>(&self, stride: &D, f: &mut F) {
                f(Int::value(*self), stride.scale_value())
            }
        }
    };
}
crate::tuple::for_each_leaf!(basis_congruent_leaf);
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "shape and stride are not congruent: different ranks or nesting",
    note = "a layout's shape and stride must be congruent: the same tree of tuples and leaves (paper Definition 2.3)"
)]
pub trait ConsBasisCongruent<D> {
    const STATIC_SPAN: Option<u128>;
    fn zip_values<F: FnMut(i64, i64)>(&self, stride: &D, f: &mut F);
}
impl ConsBasisCongruent<Nil> for Nil {
    const STATIC_SPAN: Option<u128> = Some(0);
    #[inline(always)]
    fn zip_values<F: FnMut(i64, i64)>(&self, _: &Nil, _: &mut F) {}
}
impl<SH: BasisCongruent<DH>, ST: ConsBasisCongruent<DT>, DH, DT> ConsBasisCongruent<Cons<DH, DT>>
    for Cons<SH, ST>
{
    const STATIC_SPAN: Option<u128> = add_span(SH::STATIC_SPAN, ST::STATIC_SPAN);
    #[inline(always)]
    fn zip_values<F: FnMut(i64, i64)>(&self, stride: &Cons<DH, DT>, f: &mut F) {
        self.0.zip_values(&stride.0, f);
        self.1.zip_values(&stride.1, f);
    }
}
#[diagnostic::do_not_recommend]
impl<S: ToCons + IntTuple, D: ToCons> BasisCongruent<D> for S
where
    S::Cons: ConsBasisCongruent<D::Cons>,
{
    const STATIC_SPAN: Option<u128> = <S::Cons as ConsBasisCongruent<D::Cons>>::STATIC_SPAN;
    #[inline(always)]
    fn zip_values<F: FnMut(i64, i64)>(&self, stride: &D, f: &mut F) {
        self.to_cons().zip_values(&stride.to_cons(), f)
    }
}

/// `acc + S:D(i)` for an integral coordinate `i ≥ 0` of shape `Self` (paper Eq. 4 and 6 with
/// the inner product in the codomain `C`).
#[doc(hidden)]
pub trait EvalInto<D, C>: Sized {
    fn eval_into(&self, stride: &D, i: i64, acc: C) -> C;
    fn try_eval_into(&self, stride: &D, i: i64, acc: C) -> Result<C>;
}
macro_rules! eval_into_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<D: StrideLeaf, C: AddLeaf<D>, $($g)*> EvalInto<D, C> for $S {
            #[inline(always)]
            fn eval_into(&self, stride: &D, i: i64, acc: C) -> C {
                acc.add_leaf(*stride, i)
            }
            #[inline(always)]
            fn try_eval_into(&self, stride: &D, i: i64, acc: C) -> Result<C> {
                acc.try_add_leaf(*stride, i)
            }
        }
    };
}
crate::tuple::for_each_leaf!(eval_into_leaf);
#[doc(hidden)]
pub trait ConsEvalInto<D, C> {
    const LEN: usize;
    fn eval_into(&self, stride: &D, i: i64, acc: C) -> C;
    fn try_eval_into(&self, stride: &D, i: i64, acc: C) -> Result<C>;
}
impl<C> ConsEvalInto<Nil, C> for Nil {
    const LEN: usize = 0;
    #[inline(always)]
    fn eval_into(&self, _: &Nil, _: i64, acc: C) -> C {
        acc
    }
    #[inline(always)]
    fn try_eval_into(&self, _: &Nil, _: i64, acc: C) -> Result<C> {
        Ok(acc)
    }
}
impl<SH: EvalInto<DH, C> + IntTuple, ST: ConsEvalInto<DT, C>, DH, DT, C>
    ConsEvalInto<Cons<DH, DT>, C> for Cons<SH, ST>
{
    const LEN: usize = 1 + ST::LEN;
    #[inline(always)]
    fn eval_into(&self, stride: &Cons<DH, DT>, i: i64, acc: C) -> C {
        if ST::LEN == 0 {
            self.0.eval_into(&stride.0, i, acc)
        } else {
            // Non-negative coordinates, positive sizes: unsigned split (shifts and masks).
            let (u, s) = (i as u64, self.0.size_value() as u64);
            let acc = self.0.eval_into(&stride.0, (u % s) as i64, acc);
            self.1.eval_into(&stride.1, (u / s) as i64, acc)
        }
    }
    #[inline(always)]
    fn try_eval_into(&self, stride: &Cons<DH, DT>, i: i64, acc: C) -> Result<C> {
        if ST::LEN == 0 {
            self.0.try_eval_into(&stride.0, i, acc)
        } else {
            let s = self.0.size_value();
            let acc = self.0.try_eval_into(&stride.0, i % s, acc)?;
            self.1.try_eval_into(&stride.1, i / s, acc)
        }
    }
}
impl<S: ToCons, D: ToCons, C> EvalInto<D, C> for S
where
    S::Cons: ConsEvalInto<D::Cons, C>,
{
    #[inline(always)]
    fn eval_into(&self, stride: &D, i: i64, acc: C) -> C {
        self.to_cons().eval_into(&stride.to_cons(), i, acc)
    }
    #[inline(always)]
    fn try_eval_into(&self, stride: &D, i: i64, acc: C) -> Result<C> {
        self.to_cons().try_eval_into(&stride.to_cons(), i, acc)
    }
}

/// A coordinate of a basis layout with shape `S` and stride `D`: an integral coordinate
/// (`i64`) or a tuple of coordinates with the shape's rank, element by element (weakly
/// congruent with the shape, paper Definition 2.12).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a coordinate of a layout with shape `{S}`",
    label = "expected an integer or a tuple with the shape's rank",
    note = "coordinates must be weakly congruent with the shape (paper Definition 2.12)"
)]
pub trait BasisCoord<S, D, C> {
    /// `acc + L(c)`, wrapping.
    fn eval_coord(self, shape: &S, stride: &D, acc: C) -> C;
    /// `acc + L(c)`, checked (negative entries are an [`ErrorKind::BadCoordinate`] error).
    fn try_eval_coord(self, shape: &S, stride: &D, acc: C) -> Result<C>;
}
impl<S: EvalInto<D, C>, D, C> BasisCoord<S, D, C> for i64 {
    #[inline(always)]
    fn eval_coord(self, shape: &S, stride: &D, acc: C) -> C {
        shape.eval_into(stride, self, acc)
    }
    #[inline(always)]
    fn try_eval_coord(self, shape: &S, stride: &D, acc: C) -> Result<C> {
        if self < 0 {
            return Err(crate::error::layout_error!(
                ErrorKind::BadCoordinate,
                "coordinate {self} is negative"
            ));
        }
        shape.try_eval_into(stride, self, acc)
    }
}
impl<Cd: ToCons, S: ToCons, D: ToCons, C> BasisCoord<S, D, C> for Cd
where
    Cd::Cons: ConsBasisCoord<S::Cons, D::Cons, C>,
{
    #[inline(always)]
    fn eval_coord(self, shape: &S, stride: &D, acc: C) -> C {
        self.to_cons()
            .eval_coord(&shape.to_cons(), &stride.to_cons(), acc)
    }
    #[inline(always)]
    fn try_eval_coord(self, shape: &S, stride: &D, acc: C) -> Result<C> {
        self.to_cons()
            .try_eval_coord(&shape.to_cons(), &stride.to_cons(), acc)
    }
}
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the coordinate is not weakly congruent with the shape: a tuple level has a different rank",
    label = "expected an integer or a tuple with the shape's rank, at every level",
    note = "coordinates must be weakly congruent with the shape (paper Definition 2.12): integral, rank-R or natural"
)]
pub trait ConsBasisCoord<S, D, C> {
    fn eval_coord(self, shape: &S, stride: &D, acc: C) -> C;
    fn try_eval_coord(self, shape: &S, stride: &D, acc: C) -> Result<C>;
}
impl<C> ConsBasisCoord<Nil, Nil, C> for Nil {
    #[inline(always)]
    fn eval_coord(self, _: &Nil, _: &Nil, acc: C) -> C {
        acc
    }
    #[inline(always)]
    fn try_eval_coord(self, _: &Nil, _: &Nil, acc: C) -> Result<C> {
        Ok(acc)
    }
}
impl<CH: BasisCoord<SH, DH, C>, CT: ConsBasisCoord<ST, DT, C>, SH, ST, DH, DT, C>
    ConsBasisCoord<Cons<SH, ST>, Cons<DH, DT>, C> for Cons<CH, CT>
{
    #[inline(always)]
    fn eval_coord(self, shape: &Cons<SH, ST>, stride: &Cons<DH, DT>, acc: C) -> C {
        let acc = self.0.eval_coord(&shape.0, &stride.0, acc);
        self.1.eval_coord(&shape.1, &stride.1, acc)
    }
    #[inline(always)]
    fn try_eval_coord(self, shape: &Cons<SH, ST>, stride: &Cons<DH, DT>, acc: C) -> Result<C> {
        let acc = self.0.try_eval_coord(&shape.0, &stride.0, acc)?;
        self.1.try_eval_coord(&shape.1, &stride.1, acc)
    }
}

// ---------------------------------------------------------------------------------------------
// Basis layouts: construction, printing, evaluation

impl<S, D> Layout<S, D> {
    /// The static basis layout `S : D` (strides integers or [`ScaledBasis`] elements):
    /// positivity of the shape and congruence are checked at compile time, as
    /// [`Layout::new`] checks them for integer strides.
    ///
    /// ```
    /// use cute_layout::{Layout, E0, E1, typenum::{U4, U8}};
    /// let l: Layout<(U4, U8), (E0, E1)> = Layout::new_basis();
    /// assert_eq!(l.to_string(), "(4,8):(1@0,1@1)");
    /// ```
    #[inline(always)]
    pub fn new_basis() -> Self
    where
        S: StaticShape + BasisCongruent<D>,
        D: StrideTuple + Default,
    {
        let () = <Self as BasisChecks>::FITS_I64;
        Layout::from_raw_parts(S::default(), D::default())
    }
    /// The basis layout `S : D` with runtime entries checked: every shape entry positive, the
    /// size and every coordinate entry within `i64`.
    ///
    /// ```
    /// use cute_layout::{Layout, E0, E1, ErrorKind, typenum::U4};
    /// let l = Layout::try_new_basis((U4::default(), 8i64), (E0::default(), E1::default())).unwrap();
    /// assert_eq!(l.to_string(), "(4,8):(1@0,1@1)");
    /// let e = Layout::try_new_basis((U4::default(), 0i64), (E0::default(), E1::default()));
    /// assert_eq!(e.unwrap_err().kind(), ErrorKind::NonPositiveShape);
    /// ```
    pub fn try_new_basis(shape: S, stride: D) -> Result<Self>
    where
        S: BasisCongruent<D>,
        D: StrideTuple,
    {
        crate::tuple::check_shape(&shape)?;
        let mut span = Some(0i64);
        shape.zip_values(&stride, &mut |s, d| {
            span = span.and_then(|acc| (s - 1).checked_mul(d)?.checked_abs()?.checked_add(acc));
        });
        if span.is_none() {
            return Err(crate::error::layout_error!(
                ErrorKind::Overflow,
                "a coordinate entry of {}:{} exceeds i64",
                crate::tuple::Display(&shape),
                StrideDisplay(&stride)
            ));
        }
        Ok(Layout::from_raw_parts(shape, stride))
    }
}

/// The compile-time check of a static basis layout: its size and every coordinate entry fit
/// `i64`.
#[doc(hidden)]
pub trait BasisChecks {
    const FITS_I64: ();
}
impl<S: BasisCongruent<D>, D> BasisChecks for Layout<S, D> {
    const FITS_I64: () = {
        if let Some(size) = <S::Size as Int>::STATIC {
            assert!(size > 0, "static layout: the size must be positive");
        }
        if let Some(span) = <S as BasisCongruent<D>>::STATIC_SPAN {
            assert!(
                span < i64::MAX as u128,
                "static basis layout: a coordinate entry exceeds i64::MAX"
            );
        }
    };
}

/// How a layout prints, chosen by its stride kind: integer strides as before (with their
/// compile-time check), basis strides with `@` paths. What `Display` for
/// [`Layout`] goes through.
#[doc(hidden)]
pub trait LayoutFmt<D> {
    fn fmt_layout(&self, stride: &D, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}
impl<S, D: StrideTuple> LayoutFmt<D> for S
where
    S: LayoutFmtKind<D, D::HasBasis>,
{
    #[inline]
    fn fmt_layout(&self, stride: &D, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_kind(stride, f)
    }
}
#[doc(hidden)]
pub trait LayoutFmtKind<D, K> {
    fn fmt_kind(&self, stride: &D, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}
impl<S: crate::tuple::Congruent<D>, D: IntTuple> LayoutFmtKind<D, B0> for S {
    fn fmt_kind(&self, stride: &D, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let () = Layout::<S, D>::FITS_I64;
        fmt::Display::fmt(&crate::tuple::Display(self), f)?;
        f.write_str(":")?;
        fmt::Display::fmt(&crate::tuple::Display(stride), f)
    }
}
impl<S: BasisCongruent<D>, D: StrideTuple> LayoutFmtKind<D, B1> for S {
    fn fmt_kind(&self, stride: &D, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let () = <Layout<S, D> as BasisChecks>::FITS_I64;
        fmt::Display::fmt(&crate::tuple::Display(self), f)?;
        f.write_str(":")?;
        fmt::Display::fmt(&StrideDisplay(stride), f)
    }
}

/// Evaluation of a basis layout: the coordinate (CuTe `ArithmeticTuple`) a coordinate maps
/// to, as a [`Codomain`] value — a nested tuple of `i64`, no allocation. Also implemented for
/// integer layouts through their own inherent methods; import this trait for layouts with basis
/// strides (inherent methods of integer layouts take precedence).
///
/// ```
/// use cute_layout::{layout, BasisLayout};
/// let l = layout!(((2,3),4):((1@0@0,1@1@0),1@1)); // make_identity_layout(((2,3),4))
/// assert_eq!(l.eval(7), ((1, 0), 1));
/// assert_eq!(l.call(((1, 2), 3)), ((1, 2), 3));
/// assert_eq!(l.call((5, 3)), ((1, 2), 3)); // rank-R coordinate
/// let t = layout!((4,8):(2@1,1@0));
/// assert_eq!(t.eval(9), (2, 2));         // (1,2) ↦ 2@1 + 2@0
/// assert_eq!(t.try_call((-1, 0)).unwrap_err().kind(), cute_layout::ErrorKind::BadCoordinate);
/// ```
pub trait BasisLayout {
    /// The shape.
    type Shape;
    /// The stride.
    type Stride;
    /// The coordinate type, [`Codomain<Stride>`](Codomain).
    type Coord: Plain;
    /// `L(i)` for an integral coordinate `i ≥ 0`: exact whenever the entries fit `i64` (every
    /// in-bounds `i` of a valid layout); a negative `i` gives an unspecified result (never a
    /// panic), [`try_eval`](BasisLayout::try_eval) reports it.
    fn eval(&self, i: i64) -> Self::Coord;
    /// `L(i)`, checked.
    fn try_eval(&self, i: i64) -> Result<Self::Coord>;
    /// `L(c)` for a coordinate weakly congruent with the shape (integral, rank-R, natural).
    fn call<C: BasisCoord<Self::Shape, Self::Stride, Self::Coord>>(&self, c: C) -> Self::Coord;
    /// `L(c)`, checked: negative entries and overflow are errors.
    fn try_call<C: BasisCoord<Self::Shape, Self::Stride, Self::Coord>>(
        &self,
        c: C,
    ) -> Result<Self::Coord>;
    /// The runtime-structured copy, a [`DynBasisLayout`](crate::DynBasisLayout), keeping the
    /// static marks: it prints the same and evaluates to the same coordinates (as a
    /// [`DynTuple`](crate::DynTuple)).
    ///
    /// ```
    /// use cute_layout::{layout, BasisLayout, DynBasisLayout};
    /// let l = layout!((4,(2,3)):(1@1,(1@0@0,4@1)));
    /// let d: DynBasisLayout = l.to_dyn();
    /// assert_eq!((d.to_string(), format!("{d:#}")), (l.to_string(), format!("{l:#}")));
    /// assert_eq!(d.eval(13).to_string(), "((1),5)"); // (1,(1,1)) ↦ 1@1 + 1@0@0 + 4@1
    /// assert_eq!(l.eval(13), ((1,), 5));
    /// ```
    #[cfg(feature = "alloc")]
    fn to_dyn(&self) -> crate::DynBasisLayout;
}
impl<S, D> BasisLayout for Layout<S, D>
where
    S: BasisCongruent<D> + EvalInto<D, Codomain<D>>,
    D: StrideTuple,
    D: CodomainProfile,
    <D as CodomainProfile>::Output: Realize,
{
    type Shape = S;
    type Stride = D;
    type Coord = Codomain<D>;
    #[inline(always)]
    fn eval(&self, i: i64) -> Codomain<D> {
        let () = <Self as BasisChecks>::FITS_I64;
        self.raw_shape()
            .eval_into(self.raw_stride(), i, Default::default())
    }
    #[inline]
    fn try_eval(&self, i: i64) -> Result<Codomain<D>> {
        i.try_eval_coord(self.raw_shape(), self.raw_stride(), Default::default())
    }
    #[inline(always)]
    fn call<C: BasisCoord<S, D, Codomain<D>>>(&self, c: C) -> Codomain<D> {
        let () = <Self as BasisChecks>::FITS_I64;
        c.eval_coord(self.raw_shape(), self.raw_stride(), Default::default())
    }
    #[inline]
    fn try_call<C: BasisCoord<S, D, Codomain<D>>>(&self, c: C) -> Result<Codomain<D>> {
        c.try_eval_coord(self.raw_shape(), self.raw_stride(), Default::default())
    }
    #[cfg(feature = "alloc")]
    fn to_dyn(&self) -> crate::DynBasisLayout {
        use crate::basis::{DynBasisTuple, DynScaledBasis};
        use alloc::vec::Vec;
        /// Builds the stride tree from the walk: a stack of open tuples.
        struct Build(Vec<Vec<DynBasisTuple>>);
        impl StrideVisitor for Build {
            fn open(&mut self) {
                self.0.push(Vec::new());
            }
            fn close(&mut self) {
                let t = DynBasisTuple::Tuple(self.0.pop().unwrap_or_default());
                if let Some(top) = self.0.last_mut() {
                    top.push(t);
                }
            }
            fn leaf(&mut self, value: i64, is_static: bool, path: Option<&[usize]>) {
                let value = crate::DynInt { value, is_static };
                let modes = path.map(<[usize]>::to_vec).unwrap_or_default();
                if let Some(top) = self.0.last_mut() {
                    top.push(DynBasisTuple::Basis(DynScaledBasis { value, modes }));
                }
            }
        }
        let () = <Self as BasisChecks>::FITS_I64;
        let mut b = Build(alloc::vec![Vec::new()]);
        self.raw_stride().visit_stride(&mut b);
        let stride = b.0.pop().and_then(|mut v| v.pop());
        let stride = stride.unwrap_or(DynBasisTuple::Tuple(Vec::new()));
        crate::DynBasisLayout::new(self.raw_shape().to_dyn(), stride)
            .expect("a static basis layout satisfies the DynBasisLayout invariants")
    }
}

/// Walk a layout's stride tree (integers and bases) in order, leaf by leaf: how a static basis
/// layout is converted to a runtime form. The shape walks with [`IntTuple::visit`].
///
/// ```
/// use cute_layout::{layout, StrideVisitor, visit_stride};
/// struct Paths(Vec<(i64, Vec<usize>)>);
/// impl StrideVisitor for Paths {
///     fn leaf(&mut self, v: i64, _: bool, path: Option<&[usize]>) {
///         self.0.push((v, path.unwrap_or(&[]).to_vec()));
///     }
/// }
/// let mut p = Paths(Vec::new());
/// visit_stride(&layout!((4,8):(1@0@1,3@0)), &mut p);
/// assert_eq!(p.0, [(1, vec![1, 0]), (3, vec![0])]);
/// ```
pub fn visit_stride<S, D: StrideTuple, W: StrideVisitor>(l: &Layout<S, D>, w: &mut W) {
    l.raw_stride().visit_stride(w)
}

// ---------------------------------------------------------------------------------------------
// make_basis_like, make_identity_layout

/// `make_basis_like(shape)`: the basis `E<path>` at every leaf of the shape, the path being the
/// leaf's position in the shape (`((2,3),4)` gives `((1@0@0,1@1@0),1@1)`; an integer shape gives
/// `E<()>`, the integer 1).
pub trait BasisLike<Prefix> {
    /// The stride tree.
    type Output: StrideTuple + Default;
}
macro_rules! basis_like_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<Prefix: FromCons, $($g)*> BasisLike<Prefix> for $S
        where
            TupleOf<Prefix>: BasisPath,
        {
            type Output = ScaledBasis<typenum::U1, TupleOf<Prefix>>;
        }
    };
}
crate::tuple::for_each_shape_leaf!(basis_like_leaf);
impl<S: ToCons, Prefix> BasisLike<Prefix> for S
where
    S::Cons: ConsBasisLike<Prefix, U0>,
    <S::Cons as ConsBasisLike<Prefix, U0>>::Output: FromCons,
    TupleOf<<S::Cons as ConsBasisLike<Prefix, U0>>::Output>: StrideTuple + Default,
{
    type Output = TupleOf<<S::Cons as ConsBasisLike<Prefix, U0>>::Output>;
}
#[doc(hidden)]
pub trait ConsBasisLike<Prefix, I> {
    type Output;
}
impl<Prefix, I> ConsBasisLike<Prefix, I> for Nil {
    type Output = Nil;
}
impl<H, T, Prefix: PathPush<I>, I> ConsBasisLike<Prefix, I> for Cons<H, T>
where
    H: BasisLike<Prefix::Output>,
    I: core::ops::Add<B1>,
    T: ConsBasisLike<Prefix, typenum::Add1<I>>,
{
    type Output = Cons<H::Output, <T as ConsBasisLike<Prefix, typenum::Add1<I>>>::Output>;
}
/// Append index `I` to a path list.
#[doc(hidden)]
pub trait PathPush<I> {
    type Output;
}
impl<I> PathPush<I> for Nil {
    type Output = Cons<I, Nil>;
}
impl<I, H, T: PathPush<I>> PathPush<I> for Cons<H, T> {
    type Output = Cons<H, T::Output>;
}
/// The stride type of `make_basis_like(S)`.
pub type BasisLikeOf<S> = <S as BasisLike<Nil>>::Output;

/// `make_basis_like(shape)`: see [`BasisLike`].
///
/// ```
/// use cute_layout::{make_basis_like, typenum::{U2, U3, U4}};
/// use cute_layout::ops::StrideDisplay;
/// let b = make_basis_like(((U2::default(), U3::default()), U4::default()));
/// assert_eq!(StrideDisplay(&b).to_string(), "((1@0@0,1@1@0),1@1)");
/// ```
#[inline(always)]
pub fn make_basis_like<S: BasisLike<Nil>>(_shape: S) -> BasisLikeOf<S> {
    Default::default()
}

/// `make_identity_layout(shape) = shape : make_basis_like(shape)` for a static shape: the
/// layout taking every coordinate to its natural coordinate.
///
/// ```
/// use cute_layout::{make_identity_layout, BasisLayout, typenum::{U2, U3, U4}};
/// let id = make_identity_layout(((U2::default(), U3::default()), U4::default()));
/// assert_eq!(id.to_string(), "((2,3),4):((1@0@0,1@1@0),1@1)");
/// assert_eq!(id.eval(23), ((1, 2), 3));
/// ```
#[inline(always)]
pub fn make_identity_layout<S>(_shape: S) -> Layout<S, BasisLikeOf<S>>
where
    S: StaticShape + BasisLike<Nil> + BasisCongruent<BasisLikeOf<S>>,
{
    Layout::new_basis()
}

/// `make_identity_layout(shape)` for any shape (runtime entries checked).
///
/// ```
/// use cute_layout::{try_make_identity_layout, BasisLayout, typenum::U4};
/// let id = try_make_identity_layout((U4::default(), 5i64)).unwrap();
/// assert_eq!(id.to_string(), "(4,5):(1@0,1@1)");
/// assert_eq!(id.eval(19), (3, 4));
/// ```
pub fn try_make_identity_layout<S>(shape: S) -> Result<Layout<S, BasisLikeOf<S>>>
where
    S: BasisLike<Nil> + BasisCongruent<BasisLikeOf<S>>,
{
    Layout::try_new_basis(shape, Default::default())
}

// ---------------------------------------------------------------------------------------------
// Flat modes with basis strides (what the algebra folds over)

macro_rules! flatten_basis_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<V: Int, P: BasisPath, Tail: Plain, $($g)*> crate::typelevel::flat::FlattenInto<ScaledBasis<V, P>, Tail> for $S {
            type Output = Cons<crate::typelevel::flat::M<$S, ScaledBasis<V, P>>, Tail>;
            #[inline(always)]
            fn flatten_into(&self, stride: &ScaledBasis<V, P>, tail: Tail) -> Self::Output {
                Cons(crate::typelevel::flat::M(*self, *stride), tail)
            }
        }
    };
}
crate::tuple::for_each_leaf!(flatten_basis_leaf);

/// A layout from a shape and a stride of either kind, checked as its kind's constructor checks
/// it (`Layout::try_new` for integer strides, `Layout::try_new_basis` for basis strides).
#[doc(hidden)]
pub trait MakeLayout<D>: Sized {
    fn make_unchecked(self, stride: D) -> Layout<Self, D>;
    fn make_checked(self, stride: D) -> Result<Layout<Self, D>>;
    /// `Layout::try_new` for integer strides, `Layout::try_new_basis` for basis strides.
    fn make_try_new(self, stride: D) -> Result<Layout<Self, D>>;
}
impl<S, D: StrideTuple> MakeLayout<D> for S
where
    S: MakeLayoutKind<D, D::HasBasis>,
{
    #[inline(always)]
    fn make_unchecked(self, stride: D) -> Layout<S, D> {
        Layout::from_raw_parts(self, stride)
    }
    #[inline(always)]
    fn make_checked(self, stride: D) -> Result<Layout<S, D>> {
        self.make_kind(stride)
    }
    #[inline(always)]
    fn make_try_new(self, stride: D) -> Result<Layout<S, D>> {
        self.make_try_new_kind(stride)
    }
}
#[doc(hidden)]
pub trait MakeLayoutKind<D, K>: Sized {
    fn make_kind(self, stride: D) -> Result<Layout<Self, D>>;
    fn make_try_new_kind(self, stride: D) -> Result<Layout<Self, D>>;
}
impl<S: crate::tuple::Congruent<D>, D: IntTuple> MakeLayoutKind<D, B0> for S {
    #[inline(always)]
    fn make_kind(self, stride: D) -> Result<Layout<S, D>> {
        crate::typelevel::flat::checked_layout(self, stride)
    }
    #[inline(always)]
    fn make_try_new_kind(self, stride: D) -> Result<Layout<S, D>> {
        Layout::try_new(self, stride)
    }
}
impl<S: BasisCongruent<D>, D: StrideTuple> MakeLayoutKind<D, B1> for S {
    #[inline(always)]
    fn make_try_new_kind(self, stride: D) -> Result<Layout<S, D>> {
        Layout::try_new_basis(self, stride)
    }
    #[inline(always)]
    fn make_kind(self, stride: D) -> Result<Layout<S, D>> {
        if S::IS_STATIC && D::IS_STATIC {
            let () = <Layout<S, D> as BasisChecks>::FITS_I64;
            Ok(Layout::from_raw_parts(self, stride))
        } else {
            Layout::try_new_basis(self, stride)
        }
    }
}
