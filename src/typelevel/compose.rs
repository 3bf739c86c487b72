//! `composition` in the type system (paper §3.3).
//!
//! `A ∘ B` is computed leaf by leaf of `B` (left-distributivity, Eq. 22), and each leaf
//! `s:d` by the paper's base case (Eq. 19) on `A` flattened and coalesced — keeping `A`'s last
//! mode, which extends past `A`'s domain — then truncated where `(s−1)·d < S̄_r`
//! ("Apparent Violations"), with the stride and shape divisibility conditions (Eq. 20, 21)
//! checked at compile time for static values and at run time for dynamic ones.

use crate::rules::coalesce::coalesce_in_place;
use crate::rules::compose::{base_case_step, compose_negative_leaf, Step};
use crate::typelevel::{Compose, ComposeOf};
use typenum::{B0, B1, U1};

use crate::basis::typelevel::{
    BasisCongruent, BasisPath, DynLeaf, MakeLayout, ScaleBy, Scaled, ScaledBasis, StrideLeaf,
    StrideMul, StrideProd, StrideTuple,
};
use crate::error::{ErrorKind, LayoutError, Result};
use crate::int::select::NotTrue;
use crate::int::select::{AnyDyn, HasDyn};
use crate::int::select::{Dyn, IntLt, IsZero, LtSel, Or, SelOr, Selector, ZeroSel};
use crate::int::{
    Int, IntMin, IntMul, IntRem, IntShapeDiv, IntSub, Minimum, Plain, Prod, ShapeQuot,
};
use crate::layout::Layout;
use crate::tuple::{Congruent, Cons, IntTuple, Nil};
use crate::typelevel::coalesce::{CoalesceExt, CoalesceList};
use crate::typelevel::distribute::{
    distributes_at_run_time, distributes_at_run_time_keyed, with_mode_values, AtMostOne,
    DistributeSel, Distributive, LiveDistribute, ModeValues, PrefixList,
};
use crate::typelevel::flat::{FilterModes, FlatModes, FlattenInto, LayoutOf, ToLayout, M};

// ---------------------------------------------------------------------------------------------
// Named admissibility conditions

with_diagnostic! {
    (
        message = "composition violates the stride divisibility condition (paper Eq. 20)",
        label = "neither of the shape and the stride in `{Self}` divides the other",
        note = "no layout represents every d-th element of A here: `(4,6,8):(2,3,5) ∘ 6:3` is such a case"
    )
    /// The stride divisibility condition of composition, paper Eq. (20): at each mode of `A`
    /// that `B = s:d` reaches, `S̄_r | d` or `d | S̄_r`. Implemented by `(A-mode shape, remaining
    /// stride)` pairs that satisfy it.
    #[doc(hidden)]
    pub trait StrideDivisibility {}
    #[doc(hidden)]
    pub trait StrideDivisibilitySel<Sel> {}
}
/// `(S̄, d)` holds when `d | S̄` or `S̄ | d` (Eq. 20).
#[diagnostic::do_not_recommend]
impl<S: IntRem<D>, D: IntRem<S>> StrideDivisibility for (S, D)
where
    ZeroSel<crate::int::Mod<S, D>>: SelOr<ZeroSel<crate::int::Mod<D, S>>>,
    (S, D):
        StrideDivisibilitySel<Or<ZeroSel<crate::int::Mod<S, D>>, ZeroSel<crate::int::Mod<D, S>>>>,
{
}
impl<T> StrideDivisibilitySel<B1> for T {}

with_diagnostic! {
    (
        message = "composition violates the shape divisibility condition (paper Eq. 21)",
        label = "the extent taken from A does not divide the remaining size of B in `{Self}`",
        note = "no layout represents the first s elements of A here: `(4,6,8):(2,3,5) ∘ 6:1` is such a case"
    )
    /// The shape divisibility condition of composition, paper Eq. (21): `⌈S̄_r / d⌉ | s` at each
    /// mode of `A` that `B = s:d` reaches. Implemented by `(remaining size of B, extent taken from
    /// this mode of A)` pairs that satisfy it.
    #[doc(hidden)]
    pub trait ShapeDivisibility {}
    #[doc(hidden)]
    pub trait ShapeDivisibilitySel<Sel> {}
}
/// `(s, n)` holds when `n | s` (Eq. 21).
#[diagnostic::do_not_recommend]
impl<S: IntRem<N>, N: Int> ShapeDivisibility for (S, N) where
    (S, N): ShapeDivisibilitySel<ZeroSel<crate::int::Mod<S, N>>>
{
}
impl<T> ShapeDivisibilitySel<B1> for T {}

// ---------------------------------------------------------------------------------------------
// The base case, A ∘ s:d, as a fold over A's modes.

/// One step of the base case over A's normalised modes (`Self`), with state: the prefix
/// product `Bar = S̄_r`, the remaining size `Rs` of B, the remaining stride `Rd`, and the
/// truncation limit `Lim = (s−1)·d`.
pub trait ComposeStep<Bar, Rs, Rd, Lim> {
    /// The result modes.
    type Output: Plain;
    /// The values.
    fn compose_step(self, bar: Bar, rs: Rs, rd: Rd, lim: Lim) -> Result<Self::Output>;
}

impl<Si, Di, T, Bar, Rs, Rd, Lim> ComposeStep<Bar, Rs, Rd, Lim> for Cons<M<Si, Di>, T>
where
    T: ComposeStepTail<Si, Di, Bar, Rs, Rd, Lim>,
{
    type Output = T::Output;
    #[inline(always)]
    fn compose_step(self, bar: Bar, rs: Rs, rd: Rd, lim: Lim) -> Result<Self::Output> {
        self.1.compose_step_tail(self.0, bar, rs, rd, lim)
    }
}

/// [`ComposeStep`] dispatched on the tail of A's modes (`Self`) after the mode `Si:Di`.
#[doc(hidden)]
pub trait ComposeStepTail<Si, Di, Bar, Rs, Rd, Lim> {
    type Output: Plain;
    fn compose_step_tail(
        self,
        m: M<Si, Di>,
        bar: Bar,
        rs: Rs,
        rd: Rd,
        lim: Lim,
    ) -> Result<Self::Output>;
}

/// The last mode of A extends: it takes everything that is left.
impl<Si, Di: ScaleBy<Rd>, Bar, Rs: Int, Rd: Int, Lim> ComposeStepTail<Si, Di, Bar, Rs, Rd, Lim>
    for Nil
{
    type Output = Cons<M<Rs, Scaled<Di, Rd>>, Nil>;
    #[inline(always)]
    fn compose_step_tail(
        self,
        m: M<Si, Di>,
        _: Bar,
        rs: Rs,
        rd: Rd,
        _: Lim,
    ) -> Result<Self::Output> {
        Ok(Cons(M(rs, m.1.scale_by(rd)?), Nil))
    }
}

/// A mode with more after it: truncate (Lim < Bar·Si), or divide and keep.
impl<Si: Int, Di, H2, T, Bar, Rs, Rd, Lim> ComposeStepTail<Si, Di, Bar, Rs, Rd, Lim> for Cons<H2, T>
where
    Bar: IntMul<Si>,
    Lim: IntLt<Prod<Bar, Si>>,
    Cons<M<Si, Di>, Cons<H2, T>>: ComposeStepSel<Bar, Rs, Rd, Lim, LtSel<Lim, Prod<Bar, Si>>>,
{
    type Output = <Cons<M<Si, Di>, Cons<H2, T>> as ComposeStepSel<
        Bar,
        Rs,
        Rd,
        Lim,
        LtSel<Lim, Prod<Bar, Si>>,
    >>::Output;
    #[inline(always)]
    fn compose_step_tail(
        self,
        m: M<Si, Di>,
        bar: Bar,
        rs: Rs,
        rd: Rd,
        lim: Lim,
    ) -> Result<Self::Output> {
        Cons(m, self).compose_step_sel(bar, rs, rd, lim)
    }
}

#[doc(hidden)]
pub trait ComposeStepSel<Bar, Rs, Rd, Lim, Truncate> {
    type Output: Plain;
    fn compose_step_sel(self, bar: Bar, rs: Rs, rd: Rd, lim: Lim) -> Result<Self::Output>;
}

/// Truncated: B does not reach past this mode, which therefore acts as the last one.
impl<Si, Di: ScaleBy<Rd>, H2, T, Bar, Rs: Int, Rd: Int, Lim> ComposeStepSel<Bar, Rs, Rd, Lim, B1>
    for Cons<M<Si, Di>, Cons<H2, T>>
{
    type Output = Cons<M<Rs, Scaled<Di, Rd>>, Nil>;
    #[inline(always)]
    fn compose_step_sel(self, _: Bar, rs: Rs, rd: Rd, _: Lim) -> Result<Self::Output> {
        Ok(Cons(M(rs, self.0 .1.scale_by(rd)?), Nil))
    }
}

/// The extent taken from mode `Si` at remaining stride `Rd`: `shape_div(Si, Rd)`.
type NewShape<Si, Rd> = ShapeQuot<Si, Rd>;

/// Statically not truncated: all values are static; the conditions are checked at compile time.
impl<Si, Di, H2, T, Bar, Rs, Rd, Lim> ComposeStepSel<Bar, Rs, Rd, Lim, B0>
    for Cons<M<Si, Di>, Cons<H2, T>>
where
    Si: Int + IntShapeDiv<Rd>,
    Rd: Int + IntShapeDiv<Si> + IntMin<Si>,
    (Si, Rd): StrideDivisibility,
    Rs: IntShapeDiv<NewShape<Si, Rd>>,
    (Rs, NewShape<Si, Rd>): ShapeDivisibility,
    Di: StrideMul<Minimum<Rd, Si>>,
    Bar: IntMul<Si>,
    Cons<H2, T>:
        ComposeStep<Prod<Bar, Si>, ShapeQuot<Rs, NewShape<Si, Rd>>, ShapeQuot<Rd, Si>, Lim>,
{
    type Output = Cons<
        M<NewShape<Si, Rd>, StrideProd<Di, Minimum<Rd, Si>>>,
        <Cons<H2, T> as ComposeStep<
            Prod<Bar, Si>,
            ShapeQuot<Rs, NewShape<Si, Rd>>,
            ShapeQuot<Rd, Si>,
            Lim,
        >>::Output,
    >;
    #[inline(always)]
    fn compose_step_sel(self, bar: Bar, rs: Rs, rd: Rd, lim: Lim) -> Result<Self::Output> {
        let M(si, di) = self.0;
        let new_shape = si.shape_div(rd)?;
        let head = M(new_shape, di.stride_mul(rd.min(si)?)?);
        let tail = self.1.compose_step(
            bar.mul(si)?,
            rs.shape_div(new_shape)?,
            rd.shape_div(si)?,
            lim,
        )?;
        Ok(Cons(head, tail))
    }
}

/// Decided at run time. When the remaining stride is statically a multiple of this mode's
/// shape (`Si | Rd`), B steps over the whole mode: its part of the result is statically of size
/// 1 (were B to end inside this mode, `(s−1)·d < S̄·Si ≤ d` would give `s = 1`), so the mode is
/// dropped and the static state carried on. Otherwise see `ComposeStepDyn`.
impl<Si, Di, H2, T, Bar, Rs, Rd, Lim> ComposeStepSel<Bar, Rs, Rd, Lim, Dyn>
    for Cons<M<Si, Di>, Cons<H2, T>>
where
    Si: Int,
    Rd: IntRem<Si>,
    Cons<M<Si, Di>, Cons<H2, T>>:
        ComposeStepDyn<Bar, Rs, Rd, Lim, ZeroSel<crate::int::Mod<Rd, Si>>>,
{
    type Output = <Cons<M<Si, Di>, Cons<H2, T>> as ComposeStepDyn<
        Bar,
        Rs,
        Rd,
        Lim,
        ZeroSel<crate::int::Mod<Rd, Si>>,
    >>::Output;
    #[inline(always)]
    fn compose_step_sel(self, bar: Bar, rs: Rs, rd: Rd, lim: Lim) -> Result<Self::Output> {
        self.compose_step_dyn(bar, rs, rd, lim)
    }
}

/// A step of the base case decided at run time, dispatched on whether B statically steps over
/// the whole mode ([`B1`]).
#[doc(hidden)]
pub trait ComposeStepDyn<Bar, Rs, Rd, Lim, Skip> {
    type Output: Plain;
    fn compose_step_dyn(self, bar: Bar, rs: Rs, rd: Rd, lim: Lim) -> Result<Self::Output>;
}

impl<Si, Di, H2, T, Bar, Rs, Rd, Lim> ComposeStepDyn<Bar, Rs, Rd, Lim, B1>
    for Cons<M<Si, Di>, Cons<H2, T>>
where
    Si: Int,
    Bar: IntMul<Si>,
    Rd: crate::int::IntDiv<Si>,
    Cons<H2, T>: ComposeStep<Prod<Bar, Si>, Rs, crate::int::Quot<Rd, Si>, Lim>,
{
    type Output =
        <Cons<H2, T> as ComposeStep<Prod<Bar, Si>, Rs, crate::int::Quot<Rd, Si>, Lim>>::Output;
    #[inline(always)]
    fn compose_step_dyn(self, bar: Bar, rs: Rs, rd: Rd, lim: Lim) -> Result<Self::Output> {
        let si = self.0 .0;
        self.1.compose_step(bar.mul(si)?, rs, rd.div(si)?, lim)
    }
}

/// Otherwise every value of this step and after it is dynamic, and the conditions are checked at
/// run time (only where B reaches, as in the static case).
impl<Si, Di, H2, T, Bar, Rs, Rd, Lim, X: NotTrue> ComposeStepDyn<Bar, Rs, Rd, Lim, X>
    for Cons<M<Si, Di>, Cons<H2, T>>
where
    Si: Int,
    Di: StrideLeaf,
    Bar: Int,
    Rs: Int,
    Rd: Int,
    Lim: Int,
    Cons<H2, T>: ComposeStep<i64, i64, i64, i64> + ModeValues,
    <Cons<H2, T> as ComposeStep<i64, i64, i64, i64>>::Output: FillModes,
{
    type Output = Cons<M<i64, Di::Dyn>, <Cons<H2, T> as ComposeStep<i64, i64, i64, i64>>::Output>;
    #[inline(always)]
    fn compose_step_dyn(self, bar: Bar, rs: Rs, rd: Rd, lim: Lim) -> Result<Self::Output> {
        if rd.value() < 0 && (Di::PATH_KEY != 0 || <Cons<H2, T> as ModeValues>::HAS_BASIS) {
            return Err(crate::error::layout_error!(
                ErrorKind::NegativeStride,
                "a negative stride {} of B on a layout A with basis strides and several modes (negative strides compose with integer strides, or with a single basis mode)",
                rd.value()
            ));
        }
        if rd.value() < 0 {
            // A negative stride of B (runtime, or static and routed here as a runtime value):
            // the state is still the initial one (a runtime stride makes the first step
            // dynamic), and the whole result is computed from A's modes at once.
            if bar.value() != 1
                || rs
                    .value()
                    .checked_sub(1)
                    .and_then(|x| x.checked_mul(rd.value()))
                    != Some(lim.value())
            {
                return Err(LayoutError::new(ErrorKind::NegativeStride));
            }
            let first = (self.0 .0.value(), self.0 .1.scale_value());
            let (rs, rd) = (rs.value(), rd.value());
            return with_mode_values(&self.1, |rest| {
                // A's runtime values, coalesced (the types could not), keeping the last mode.
                let mut a = [(0i64, 0i64); 64];
                if rest.len() >= a.len() {
                    return Err(LayoutError::new(ErrorKind::InvalidArgument));
                }
                a[0] = first;
                a[1..=rest.len()].copy_from_slice(rest);
                let n = coalesce_in_place(&mut a[..=rest.len()], true)?;
                let mut out = [(0i64, 0i64); 64];
                let len = compose_negative_leaf(&a[..n], rs, rd, &mut out)?;
                let mut it = out[..len].iter().copied();
                Ok(<Self::Output as FillModes>::fill_modes(&mut it))
            });
        }
        // The base case's step (paper Eq. 19-21), its conditions and their errors: the rule.
        let M(si, di) = self.0;
        let (si, bar, rs, rd, lim) = (si.value(), bar.value(), rs.value(), rd.value(), lim.value());
        let next_bar = bar.mul(si)?;
        match base_case_step(bar, si, rs, rd)? {
            Step::Last => {
                // B ends inside this mode: take the rest of B here.
                let stride = di.try_scale_dyn(rd)?;
                let tail = self.1.compose_step(next_bar, 1, rd, lim)?;
                Ok(Cons(M(rs, stride), tail))
            }
            Step::Keep {
                n,
                scale,
                rest_shape,
                rest_stride,
            } => {
                let head = M(n, di.try_mul_dyn(scale)?);
                let tail = self
                    .1
                    .compose_step(next_bar, rest_shape, rest_stride, lim)?;
                Ok(Cons(head, tail))
            }
        }
    }
}

/// `A ∘ s:d` for one leaf of B, `A` given by its normalised modes (`Self`): the coalesced
/// result modes, as a layout NOT checked (size and cosize within i64): an intermediate, whose
/// leaves [`Compose`] checks once, in the whole result (a leaf's size or cosize beyond i64 is
/// the whole's).
pub trait ComposeLeaf<S, D> {
    /// The result as a layout (a leaf or a flat tuple).
    type Output;
    /// The value.
    fn compose_leaf(self, s: S, d: D) -> Result<Self::Output>;
}
impl<A, S, D> ComposeLeaf<S, D> for A
where
    D: IsNegative,
    A: ComposeLeafSign<S, D, NegSel<D>>,
{
    type Output = <A as ComposeLeafSign<S, D, NegSel<D>>>::Output;
    #[inline(always)]
    fn compose_leaf(self, s: S, d: D) -> Result<Self::Output> {
        self.compose_leaf_sign(s, d)
    }
}

/// `d < 0` as a selector: [`B1`] for a static negative stride, [`B0`] for a static
/// non-negative one, [`Dyn`] for a runtime one.
pub trait IsNegative {
    /// The selector.
    type Sel: Selector;
}
/// [`IsNegative`] as a type.
pub type NegSel<D> = <D as IsNegative>::Sel;
impl IsNegative for i64 {
    type Sel = Dyn;
}
impl IsNegative for typenum::UTerm {
    type Sel = B0;
}
impl<U: typenum::Unsigned, B: typenum::Bit> IsNegative for typenum::UInt<U, B> {
    type Sel = B0;
}
impl<U: typenum::Unsigned + typenum::NonZero> IsNegative for typenum::NInt<U> {
    type Sel = B1;
}

/// [`ComposeLeaf`] dispatched on the sign of the stride.
#[doc(hidden)]
pub trait ComposeLeafSign<S, D, Neg> {
    type Output;
    fn compose_leaf_sign(self, s: S, d: D) -> Result<Self::Output>;
}
/// A non-negative or runtime stride: the base case (a runtime negative stride is handled when
/// the first step, decided at run time, sees it).
impl<A, S, D, X: NotTrue> ComposeLeafSign<S, D, X> for A
where
    S: Int + IntSub<U1>,
    D: IsZero + Int,
    crate::int::Diff<S, U1>: IntMul<D>,
    A: ComposeLeafSel<S, D, ZeroSel<D>>,
{
    type Output = <A as ComposeLeafSel<S, D, ZeroSel<D>>>::Output;
    #[inline(always)]
    fn compose_leaf_sign(self, s: S, d: D) -> Result<Self::Output> {
        self.compose_leaf_sel(s, d)
    }
}
/// A static negative stride on an A of one mode: `A(i·d) = i·d·D` (the last mode of A extends
/// to negative coordinates, paper Eq. 4), static.
impl<Si, Di, S, D> ComposeLeafSign<S, D, B1> for Cons<M<Si, Di>, Nil>
where
    S: Int,
    D: Int,
    Di: ScaleBy<D>,
    Cons<M<S, Scaled<Di, D>>, Nil>: CoalesceList,
    <Cons<M<S, Scaled<Di, D>>, Nil> as CoalesceList>::Output: ToLayout,
{
    type Output = LayoutOf<<Cons<M<S, Scaled<Di, D>>, Nil> as CoalesceList>::Output>;
    #[inline(always)]
    fn compose_leaf_sign(self, s: S, d: D) -> Result<Self::Output> {
        Ok(Cons(M(s, self.0 .1.scale_by(d)?), Nil)
            .coalesce_list()?
            .to_layout())
    }
}
/// A static negative stride on an A of several modes: whether the result is a layout depends on
/// the carries of negative coordinates through A's modes; computed with the stride as a runtime
/// value (the result's values are runtime values, its refusal a runtime error).
impl<H, H2, T, S, D> ComposeLeafSign<S, D, B1> for Cons<H, Cons<H2, T>>
where
    D: Int,
    Cons<H, Cons<H2, T>>: ComposeLeafSign<S, i64, Dyn>,
{
    type Output = <Cons<H, Cons<H2, T>> as ComposeLeafSign<S, i64, Dyn>>::Output;
    #[inline(always)]
    fn compose_leaf_sign(self, s: S, d: D) -> Result<Self::Output> {
        self.compose_leaf_sign(s, d.value())
    }
}

#[doc(hidden)]
pub trait ComposeLeafSel<S, D, DIsZero> {
    type Output;
    fn compose_leaf_sel(self, s: S, d: D) -> Result<Self::Output>;
}
/// d = 0: every element of B is A(0) = 0.
impl<A, S: Int, D: Int> ComposeLeafSel<S, D, B1> for A
where
    Cons<M<S, D>, Nil>: CoalesceList,
    <Cons<M<S, D>, Nil> as CoalesceList>::Output: ToLayout,
{
    type Output = LayoutOf<<Cons<M<S, D>, Nil> as CoalesceList>::Output>;
    #[inline(always)]
    fn compose_leaf_sel(self, s: S, d: D) -> Result<Self::Output> {
        Ok(Cons(M(s, d), Nil).coalesce_list()?.to_layout())
    }
}
impl<A, S, D, X: NotTrue> ComposeLeafSel<S, D, X> for A
where
    S: Int + IntSub<U1>,
    D: Int,
    crate::int::Diff<S, U1>: IntMul<D>,
    A: ComposeStep<U1, S, D, Prod<crate::int::Diff<S, U1>, D>>,
    <A as ComposeStep<U1, S, D, Prod<crate::int::Diff<S, U1>, D>>>::Output: CoalesceList,
    <<A as ComposeStep<U1, S, D, Prod<crate::int::Diff<S, U1>, D>>>::Output as CoalesceList>::Output: ToLayout,
{
    type Output =
        LayoutOf<<<A as ComposeStep<U1, S, D, Prod<crate::int::Diff<S, U1>, D>>>::Output as CoalesceList>::Output>;
    #[inline(always)]
    fn compose_leaf_sel(self, s: S, d: D) -> Result<Self::Output> {
        let lim = s.sub(U1::default())?.mul(d)?;
        Ok(self
            .compose_step(U1::default(), s, d, lim)?
            .coalesce_list()?
            .to_layout())
    }
}

// ---------------------------------------------------------------------------------------------
// Distributing over B's tree

/// A layout type, seen as its shape and stride types.
pub trait LayoutParts: Plain {
    /// The shape.
    type Shape: IntTuple;
    /// The stride (integers, or integers and basis elements).
    type Stride: Plain;
    /// The values.
    fn into_parts(self) -> (Self::Shape, Self::Stride);
    /// `size(L)`, checked.
    fn size_int(&self) -> Result<crate::tuple::Size<Self::Shape>> {
        self.into_parts().0.size()
    }
}
impl<S: IntTuple, D: Plain> LayoutParts for Layout<S, D> {
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn into_parts(self) -> (S, D) {
        (*self.raw_shape(), *self.raw_stride())
    }
}

/// `A ∘ (S : D)` for a sub-tree `S : D` of B (B's leaves paired with their strides), `A` given
/// by its normalised modes: the result's shape and stride trees (B's tree with each leaf
/// replaced by its composition).
pub trait ComposeWith<A, D> {
    /// The result's shape tree.
    type Shape: IntTuple;
    /// The result's stride tree.
    type Stride: Plain;
    /// The values.
    fn compose_with(&self, stride: &D, a: A) -> Result<(Self::Shape, Self::Stride)>;
}
macro_rules! compose_with_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<A, D: Copy, $($g)*> ComposeWith<A, D> for $S
        where
            A: ComposeLeaf<$S, D>,
            <A as ComposeLeaf<$S, D>>::Output: LayoutParts,
        {
            type Shape = <<A as ComposeLeaf<$S, D>>::Output as LayoutParts>::Shape;
            type Stride = <<A as ComposeLeaf<$S, D>>::Output as LayoutParts>::Stride;
            #[inline(always)]
            fn compose_with(&self, stride: &D, a: A) -> Result<(Self::Shape, Self::Stride)> {
                Ok(a.compose_leaf(*self, *stride)?.into_parts())
            }
        }
    };
}
crate::tuple::for_each_shape_leaf!(compose_with_leaf);

macro_rules! compose_with_tuple {
    ($(($TT:ident $DD:ident))+) => {
        #[allow(non_snake_case)]
        impl<A: Copy, $($TT: ComposeWith<A, $DD>,)* $($DD,)*> ComposeWith<A, ($($DD,)*)> for ($($TT,)*)
        where
            ($(<$TT as ComposeWith<A, $DD>>::Shape,)*): IntTuple,
            ($(<$TT as ComposeWith<A, $DD>>::Stride,)*): Plain,
        {
            type Shape = ($(<$TT as ComposeWith<A, $DD>>::Shape,)*);
            type Stride = ($(<$TT as ComposeWith<A, $DD>>::Stride,)*);
            #[inline(always)]
            fn compose_with(&self, stride: &($($DD,)*), a: A) -> Result<(Self::Shape, Self::Stride)> {
                let ($($TT,)*) = self;
                let ($($DD,)*) = stride;
                $(let $TT = $TT.compose_with($DD, a)?;)*
                Ok((($($TT.0,)*), ($($TT.1,)*)))
            }
        }
    };
}
crate::tuple::for_each_tuple_pair!(compose_with_tuple);

/// B's modes that matter for distributivity: flat, without size-1 and stride-0 modes.
pub type LiveModes<BS, BD> = <FlatModes<BS, BD> as FilterModes>::Output;

/// A's modes normalised for composition: flattened, coalesced, last mode kept.
pub type Normalized<S, D> = <FlatModes<S, D> as CoalesceExt>::Output;

/// `A ∘ B` for a layout `B`, by the kind of `B`'s strides: integer strides (paper §3.3) or
/// basis strides (`B`'s value a coordinate of `A`, whose leaves along `e_p` compose with mode
/// `p` of `A`).
impl<S, D, BS, BD> Compose<Layout<BS, BD>> for Layout<S, D>
where
    BD: StrideTuple,
    Layout<S, D>: ComposeKind<BS, BD, <BD as StrideTuple>::HasBasis>,
    KindDistributes<S, D, BS, BD>: Distributive,
{
    type Output = <Layout<S, D> as ComposeKind<BS, BD, <BD as StrideTuple>::HasBasis>>::Output;
    #[inline(always)]
    fn try_compose(&self, b: Layout<BS, BD>) -> Result<Self::Output> {
        self.compose_kind(b)
    }
}

/// Whether `Layout<S, D> ∘ Layout<BS, BD>` distributes over `B`'s leaves (Eq. 23): a bound of
/// `Compose` itself, so that its error's only "required for" note is `Compose`'s.
type KindDistributes<S, D, BS, BD> =
    <Layout<S, D> as ComposeKind<BS, BD, <BD as StrideTuple>::HasBasis>>::Distributes;

/// [`Compose`] by the stride kind `K` of `B` ([`StrideTuple::HasBasis`]).
#[doc(hidden)]
pub trait ComposeKind<BS, BD, K> {
    type Output;
    /// Left-distributivity (Eq. 23) as a selector: [`B1`] holds, [`Dyn`] decided at run time.
    type Distributes;
    fn compose_kind(&self, b: Layout<BS, BD>) -> Result<Self::Output>;
}

/// Integer strides: leaf by leaf of `B` (Eq. 22), each by the base case on `A`'s normalised
/// modes, when `B`'s leaves distribute (Eq. 23).
impl<S, D, BS, BD> ComposeKind<BS, BD, B0> for Layout<S, D>
where
    S: BasisCongruent<D> + FlattenInto<D, Nil>,
    D: StrideTuple,
    BS: Congruent<BD>,
    BD: IntTuple,
    FlatModes<S, D>: CoalesceExt,
    Normalized<S, D>: Copy + AtMostOne + PrefixList<U1> + ModeValues,
    BS: FlattenInto<BD, Nil>,
    FlatModes<BS, BD>: FilterModes + ModeValues,
    LiveModes<BS, BD>: AtMostOne + LiveDistribute<<Normalized<S, D> as PrefixList<U1>>::Output>,
    <LiveModes<BS, BD> as AtMostOne>::Output: SelOr<<Normalized<S, D> as AtMostOne>::Output>,
    Or<<LiveModes<BS, BD> as AtMostOne>::Output, <Normalized<S, D> as AtMostOne>::Output>: SelOr<
        <LiveModes<BS, BD> as LiveDistribute<<Normalized<S, D> as PrefixList<U1>>::Output>>::Output,
    >,
    (S, D, BS, BD): HasDyn,
    DistributeSel<Normalized<S, D>, LiveModes<BS, BD>>: SelOr<AnyDyn<(S, D, BS, BD)>>,
    BS: ComposeWith<Normalized<S, D>, BD>,
    <BS as ComposeWith<Normalized<S, D>, BD>>::Shape:
        MakeLayout<<BS as ComposeWith<Normalized<S, D>, BD>>::Stride>,
{
    type Output = Layout<
        <BS as ComposeWith<Normalized<S, D>, BD>>::Shape,
        <BS as ComposeWith<Normalized<S, D>, BD>>::Stride,
    >;
    type Distributes =
        Or<DistributeSel<Normalized<S, D>, LiveModes<BS, BD>>, AnyDyn<(S, D, BS, BD)>>;
    #[inline(always)]
    fn compose_kind(&self, b: Layout<BS, BD>) -> Result<Self::Output> {
        let a0 = self;
        static_or_value!((a0: &Self, b: Layout<BS, BD>) -> Self::Output {
            let a = a0
                .raw_shape()
                .flatten_into(a0.raw_stride(), Nil)
                .coalesce_ext()?;
            let distributes = <Or<
                DistributeSel<Normalized<S, D>, LiveModes<BS, BD>>,
                AnyDyn<(S, D, BS, BD)>,
            > as Selector>::STATIC;
            if distributes == Some(false) {
                // Not reached: `Compose` names the condition at compile time.
                return Err(LayoutError::new(ErrorKind::NotDistributive));
            }
            if distributes.is_none() {
                let bm = b.shape().flatten_into(&b.stride(), Nil);
                if <Normalized<S, D> as ModeValues>::HAS_BASIS {
                    // Merge A's runtime modes only along equal paths.
                    let mut keys = [0u64; 64];
                    a.mode_keys(&mut keys, 0);
                    // Modes beyond the buffer get distinct keys and never merge: a conservative
                    // refusal at worst, never a wrong result.
                    let key = |i: usize| keys.get(i).copied().unwrap_or(u64::MAX - i as u64);
                    with_mode_values(&a, |am| {
                        with_mode_values(&bm, |bm| distributes_at_run_time_keyed(am, key, bm))
                    })?;
                } else {
                    with_mode_values(&a, |am| {
                        with_mode_values(&bm, |bm| distributes_at_run_time(am, bm))
                    })?;
                }
            }
            let (s, d) = b.shape().compose_with(&b.stride(), a)?;
            MakeLayout::make_try_new(s, d)
        })
    }
}

// ---------------------------------------------------------------------------------------------
// A basis-strided B

/// Basis strides in `B` (CuTe and NVIDIA's PyCuTe compose with any layout; the rule of the
/// runtime engine's [`algebra::basis`](crate::runtime::basis)): `B` maps each index to a
/// coordinate of `A` and `R(i) = A(B(i))`, `A(c) = Σ_p A_p(c_p)`. A leaf `s : v@p` of `B`
/// composes with mode `p` of `A` ([`ModeAtPath`]) as the integer leaf `s:v`; an integer leaf
/// (a stride 0) with the whole of `A`. The leaves along one path must distribute over `A_p`
/// (Eq. 23): for each leaf's path `p`, `A_p ∘ B|_p` — `B` with the strides along other paths
/// set to 0 ([`MaskTo`]) — is computed too, so that its conditions (Eq. 20, 21, 23) hold, at
/// compile time for static values and at run time otherwise.
///
/// ```
/// use cute_layout::{layout, Layout, ops::ComposeOf};
/// // The transpose of (4,5):(5,1), and PyCuTe test_composition.py's 12:1@0@1 case.
/// static_assertions::assert_type_eq_all!(
///     ComposeOf<Layout![(4,5):(5,1)], Layout![(5,4):(1@1,1@0)]>, Layout![(5,4):(1,5)]);
/// assert_eq!(layout!((4,(4,3),1):(3,(12,1),0)).compose(layout!(12:1@0@1)).to_string(), "12:12");
/// assert_eq!(layout!((4,5):(1,4)).compose(layout!((2):(1@0))).to_string(), "(2):(1)");
/// ```
impl<S, D, BS, BD> ComposeKind<BS, BD, B1> for Layout<S, D>
where
    Layout<S, D>: Copy,
    BS: IntTuple + ComposeBasisWith<Layout<S, D>, BD>,
    BD: Copy + CheckPaths<Layout<S, D>, BS, BD>,
    <BS as ComposeBasisWith<Layout<S, D>, BD>>::Shape:
        MakeLayout<<BS as ComposeBasisWith<Layout<S, D>, BD>>::Stride>,
{
    type Output = Layout<
        <BS as ComposeBasisWith<Layout<S, D>, BD>>::Shape,
        <BS as ComposeBasisWith<Layout<S, D>, BD>>::Stride,
    >;
    // Each leaf's composition is a `Compose` of its own, which checks its conditions.
    type Distributes = B1;
    #[inline(always)]
    fn compose_kind(&self, b: Layout<BS, BD>) -> Result<Self::Output> {
        let a0 = self;
        static_or_value!((a0: &Self, b: Layout<BS, BD>) -> Self::Output {
            let (bs, bd) = (*b.raw_shape(), *b.raw_stride());
            bd.check_paths(a0, bs, bd)?;
            let (s, d) = bs.compose_basis_with(&bd, *a0)?;
            MakeLayout::make_try_new(s, d)
        })
    }
}

/// Mode `P` of a layout (a `Cons` list of typenum indices, CuTe `get<P...>`): the part of `A`
/// that entry `P` of a coordinate indexes; a layout of integral shape is its own mode 0. A path
/// beyond `A`'s modes names the rank condition of [`GetMode`](crate::typelevel::GetMode).
pub trait ModeAtPath<P> {
    /// The mode.
    type Output: Copy;
    /// The value.
    fn mode_at_path(&self) -> Self::Output;
}
impl<L: Copy> ModeAtPath<Nil> for L {
    type Output = L;
    #[inline(always)]
    fn mode_at_path(&self) -> L {
        *self
    }
}
impl<L: crate::typelevel::GetMode<I>, I, R> ModeAtPath<Cons<I, R>> for L
where
    L::Output: ModeAtPath<R>,
{
    type Output = <L::Output as ModeAtPath<R>>::Output;
    #[inline(always)]
    fn mode_at_path(&self) -> Self::Output {
        self.get_mode().mode_at_path()
    }
}

/// What a stride leaf of `B` composes with in `A`: for `v@p`, mode `p` of `A` and the integer
/// `v`; for an integer, `A` itself and the integer.
#[doc(hidden)]
pub trait LeafTarget<A>: Copy {
    type Sub: Copy;
    type Value: Int;
    fn target(self, a: &A) -> (Self::Sub, Self::Value);
}
impl<A: ModeAtPath<P::Cons>, V: Int, P: BasisPath + crate::tuple::ToCons> LeafTarget<A>
    for ScaledBasis<V, P>
{
    type Sub = A::Output;
    type Value = V;
    #[inline(always)]
    fn target(self, a: &A) -> (A::Output, V) {
        (a.mode_at_path(), self.value())
    }
}
macro_rules! leaf_target_int {
    ([$($g:tt)*] $T:ty) => {
        impl<A: Copy, $($g)*> LeafTarget<A> for $T {
            type Sub = A;
            type Value = $T;
            #[inline(always)]
            fn target(self, a: &A) -> (A, $T) {
                (*a, self)
            }
        }
    };
}
crate::tuple::for_each_leaf!(leaf_target_int);

/// `A ∘ (S : D)` for a sub-tree `S : D` of a basis-strided `B`: `B`'s tree with each leaf
/// replaced by its composition with the part of `A` its stride names ([`LeafTarget`]).
pub trait ComposeBasisWith<A, D> {
    /// The result's shape tree.
    type Shape: IntTuple;
    /// The result's stride tree.
    type Stride: Plain;
    /// The values.
    fn compose_basis_with(&self, stride: &D, a: A) -> Result<(Self::Shape, Self::Stride)>;
}
macro_rules! compose_basis_leaf {
    ([$($g:tt)*] $S:ty) => {
        impl<A, D: LeafTarget<A>, $($g)*> ComposeBasisWith<A, D> for $S
        where
            D::Sub: Compose<Layout<$S, D::Value>>,
            ComposeOf<D::Sub, Layout<$S, D::Value>>: LayoutParts,
        {
            type Shape = <ComposeOf<D::Sub, Layout<$S, D::Value>> as LayoutParts>::Shape;
            type Stride = <ComposeOf<D::Sub, Layout<$S, D::Value>> as LayoutParts>::Stride;
            #[inline(always)]
            fn compose_basis_with(&self, stride: &D, a: A) -> Result<(Self::Shape, Self::Stride)> {
                let (sub, v) = stride.target(&a);
                Ok(sub.try_compose(Layout::from_raw_parts(*self, v))?.into_parts())
            }
        }
    };
}
crate::tuple::for_each_shape_leaf!(compose_basis_leaf);
macro_rules! compose_basis_tuple {
    ($(($TT:ident $DD:ident))+) => {
        #[allow(non_snake_case)]
        impl<A: Copy, $($TT: ComposeBasisWith<A, $DD>,)* $($DD,)*> ComposeBasisWith<A, ($($DD,)*)> for ($($TT,)*)
        where
            ($(<$TT as ComposeBasisWith<A, $DD>>::Shape,)*): IntTuple,
            ($(<$TT as ComposeBasisWith<A, $DD>>::Stride,)*): Plain,
        {
            type Shape = ($(<$TT as ComposeBasisWith<A, $DD>>::Shape,)*);
            type Stride = ($(<$TT as ComposeBasisWith<A, $DD>>::Stride,)*);
            #[inline(always)]
            fn compose_basis_with(&self, stride: &($($DD,)*), a: A) -> Result<(Self::Shape, Self::Stride)> {
                let ($($TT,)*) = self;
                let ($($DD,)*) = stride;
                $(let $TT = $TT.compose_basis_with($DD, a)?;)*
                Ok((($($TT.0,)*), ($($TT.1,)*)))
            }
        }
    };
}
crate::tuple::for_each_tuple_pair!(compose_basis_tuple);

/// The stride tree with the strides along path `P` (a `Cons` list) kept as integers (`v@P`
/// becomes `v`) and all others 0: `B` restricted to one coordinate entry.
pub trait MaskTo<P> {
    /// The masked tree.
    type Output: Plain;
    /// The value.
    fn mask_to(&self) -> Self::Output;
}
impl<V: Int, Q: BasisPath + crate::tuple::ToCons, P> MaskTo<P> for ScaledBasis<V, Q>
where
    Q::Cons: crate::basis::typelevel::ConsPathEq<P>,
    V: KeepOrZero<<Q::Cons as crate::basis::typelevel::ConsPathEq<P>>::Sel>,
{
    type Output =
        <V as KeepOrZero<<Q::Cons as crate::basis::typelevel::ConsPathEq<P>>::Sel>>::Output;
    #[inline(always)]
    fn mask_to(&self) -> Self::Output {
        self.value().keep_or_zero()
    }
}
macro_rules! mask_int_leaf {
    ([$($g:tt)*] $T:ty) => {
        impl<P, $($g)*> MaskTo<P> for $T {
            type Output = typenum::U0;
            #[inline(always)]
            fn mask_to(&self) -> typenum::U0 {
                typenum::U0::default()
            }
        }
    };
}
crate::tuple::for_each_leaf!(mask_int_leaf);
macro_rules! mask_tuple {
    ($(($TT:ident $DD:ident))+) => {
        #[allow(non_snake_case)]
        impl<P, $($DD: MaskTo<P>,)*> MaskTo<P> for ($($DD,)*) {
            type Output = ($(<$DD as MaskTo<P>>::Output,)*);
            #[inline(always)]
            fn mask_to(&self) -> Self::Output {
                let ($($DD,)*) = self;
                ($($DD.mask_to(),)*)
            }
        }
    };
}
crate::tuple::for_each_tuple_pair!(mask_tuple);
/// An integer kept ([`B1`]) or replaced by a static 0 ([`B0`]).
#[doc(hidden)]
pub trait KeepOrZero<Sel> {
    type Output: Int;
    fn keep_or_zero(self) -> Self::Output;
}
impl<V: Int> KeepOrZero<B1> for V {
    type Output = V;
    #[inline(always)]
    fn keep_or_zero(self) -> V {
        self
    }
}
impl<V: Int> KeepOrZero<B0> for V {
    type Output = typenum::U0;
    #[inline(always)]
    fn keep_or_zero(self) -> typenum::U0 {
        typenum::U0::default()
    }
}

/// For each basis leaf `v@p` of a stride tree (`Self`, a sub-tree of `B = BS : BD`): `A_p ∘
/// (BS : BD|_p)` exists — the distributivity of `B`'s leaves along `p` over `A_p` (Eq. 23),
/// and their conditions (Eq. 20, 21), at compile time for static values.
pub trait CheckPaths<A, BS, BD> {
    /// Checks the runtime values (a static layout's conditions are its trait bounds).
    fn check_paths(&self, a: &A, bs: BS, bd: BD) -> Result<()>;
}
impl<A, BS, BD, V: Int, P: BasisPath + crate::tuple::ToCons> CheckPaths<A, BS, BD>
    for ScaledBasis<V, P>
where
    A: ModeAtPath<P::Cons>,
    BD: MaskTo<P::Cons>,
    A::Output: Compose<Layout<BS, <BD as MaskTo<P::Cons>>::Output>>,
{
    #[inline(always)]
    fn check_paths(&self, a: &A, bs: BS, bd: BD) -> Result<()> {
        a.mode_at_path()
            .try_compose(Layout::from_raw_parts(bs, bd.mask_to()))
            .map(|_| ())
    }
}
macro_rules! check_int_leaf {
    ([$($g:tt)*] $T:ty) => {
        impl<A, BS, BD, $($g)*> CheckPaths<A, BS, BD> for $T {
            #[inline(always)]
            fn check_paths(&self, _: &A, _: BS, _: BD) -> Result<()> {
                Ok(())
            }
        }
    };
}
crate::tuple::for_each_leaf!(check_int_leaf);
macro_rules! check_tuple {
    ($(($TT:ident $DD:ident))+) => {
        #[allow(non_snake_case)]
        impl<A, BS: Copy, BD: Copy, $($DD: CheckPaths<A, BS, BD>,)*> CheckPaths<A, BS, BD> for ($($DD,)*) {
            #[inline(always)]
            fn check_paths(&self, a: &A, bs: BS, bd: BD) -> Result<()> {
                let ($($DD,)*) = self;
                $($DD.check_paths(a, bs, bd)?;)*
                Ok(())
            }
        }
    };
}
crate::tuple::for_each_tuple_pair!(check_tuple);

/// Fill a list of runtime modes from `(shape, stride)` pairs, padding with `1:0`.
pub trait FillModes: Sized {
    /// The list.
    fn fill_modes(it: &mut dyn Iterator<Item = (i64, i64)>) -> Self;
}
impl FillModes for Nil {
    #[inline(always)]
    fn fill_modes(_: &mut dyn Iterator<Item = (i64, i64)>) -> Nil {
        Nil
    }
}
impl<D: DynLeaf, T: FillModes> FillModes for Cons<M<i64, D>, T> {
    #[inline(always)]
    fn fill_modes(it: &mut dyn Iterator<Item = (i64, i64)>) -> Self {
        let (s, d) = it.next().unwrap_or((1, 0));
        let h = M(s, D::with_value(d));
        Cons(h, T::fill_modes(it))
    }
}
