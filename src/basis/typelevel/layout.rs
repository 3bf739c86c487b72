//! Basis layouts in the type system: shape and stride, evaluation, construction and printing,
//! `make_basis_like` / `make_identity_layout`, and the flat modes the algebra folds over.

use super::*;

/// Congruence of a shape with a stride whose leaves are integers or bases (paper Definition
/// 2.3 with strides from an integer-semimodule): the bound of a basis layout.
#[diagnostic::on_unimplemented(
    message = "shape `{Self}` and stride `{D}` are not congruent",
    label = "shape and stride must have the same nesting",
    note = "a layout's shape and stride must be congruent: the same tree of tuples and leaves (paper Definition 2.3); stride leaves are integers or basis elements"
)]
#[doc(hidden)]
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
#[doc(hidden)]
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
#[doc(hidden)]
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
