//! `complement` in the type system (paper §3.5).

use crate::typelevel::{Complement, ComplementFull};
use typenum::{B0, B1, U1};

use crate::basis::typelevel::StrideTuple;
use crate::typelevel::basis_complement::{BasisComplement, Full};

use crate::error::{ErrorKind, Result};
use crate::int::select::{AnyDyn, Dyn, HasDyn, IntLt, LtSel};
use crate::int::{
    AbsOf, CeilQuot, Int, IntAbs, IntAdd, IntCeilDiv, IntDiv, IntMul, IntSub, Plain, Prod, Quot,
    Sum,
};
use crate::layout::Layout;
use crate::tuple::{Congruent, Cons, IntTuple, Nil};
use crate::typelevel::coalesce::CoalesceExt;
use crate::typelevel::coalesce::CoalesceList;
use crate::typelevel::flat::{
    FilterModes, FlatModes, FlattenInto, LayoutOf, SortForComplement, ToLayout, M,
};

// ---------------------------------------------------------------------------------------------
// The fold: each mode's stride must reach past the span covered so far; the gap below it is
// filled with `stride / span` copies (floor: a remainder that no copy fits stays a hole).

with_diagnostic! {
    (
        message = "complement: the modes interleave, so the image cannot be completed by a layout",
        label = "in stride order, each stride must be at least the span of the smaller-stride modes: `{Self}` (stride, span) is not",
        note = "CuTe's complement fills the gaps below each stride; a mode starting inside the span of the smaller ones (overlapping or interleaving them) leaves no gap to fill (paper §3.5)"
    )
    /// The complement's condition: in stride order, each mode's stride is at least the extent
    /// `current` spanned by the modes before it (CuTe: `stride / current ≠ 0`). Injective layouts
    /// whose modes interleave (`(8,2):(2,5)`) fail it too. Implemented by `(stride, current)` pairs
    /// that satisfy it.
    #[doc(hidden)]
    pub trait Injective {}
    #[doc(hidden)]
    pub trait InjectiveSel<Sel> {}
}
/// `(d, span)` holds when `d ≥ span`; a runtime value is checked at run time.
#[diagnostic::do_not_recommend]
impl<D: IntLt<C>, C: Int> Injective for (D, C) where (D, C): InjectiveSel<LtSel<D, C>> {}
impl<T> InjectiveSel<B0> for T {}
impl<T> InjectiveSel<Dyn> for T {}

/// A stride that is not statically negative: the condition of the operations that read the
/// image of a layout in `ℕ` (complement, left inverse). A runtime (`i64`) stride is checked
/// at run time.
#[diagnostic::on_unimplemented(
    message = "this operation needs non-negative strides (complement, left_inverse), found `{Self}`",
    label = "negative stride"
)]
#[doc(hidden)]
pub trait NonNegative {}
impl NonNegative for i64 {}
impl NonNegative for typenum::UTerm {}
impl<U: typenum::Unsigned, B: typenum::Bit> NonNegative for typenum::UInt<U, B> {}

/// The complement fold over sorted modes with the covered extent `Cur`, ending with the
/// mode `⌈M / Cur⌉ : Cur`.
pub trait ComplementFold<Cur, Mx> {
    /// The complement's modes.
    type Output: Plain;
    /// The values.
    fn complement_fold(self, cur: Cur, m: Mx) -> Result<Self::Output>;
}
impl<Cur: Int, Mx: IntCeilDiv<Cur>> ComplementFold<Cur, Mx> for Nil {
    type Output = Cons<M<CeilQuot<Mx, Cur>, Cur>, Nil>;
    #[inline(always)]
    fn complement_fold(self, cur: Cur, m: Mx) -> Result<Self::Output> {
        Ok(Cons(M(m.ceil_div(cur)?, cur), Nil))
    }
}
impl<S, D, T, Cur, Mx> ComplementFold<Cur, Mx> for Cons<M<S, D>, T>
where
    (S, D): HasDyn,
    Cons<M<S, D>, T>: ComplementStep<Cur, Mx, AnyDyn<(S, D)>>,
{
    type Output = <Cons<M<S, D>, T> as ComplementStep<Cur, Mx, AnyDyn<(S, D)>>>::Output;
    #[inline(always)]
    fn complement_fold(self, cur: Cur, m: Mx) -> Result<Self::Output> {
        self.complement_step(cur, m)
    }
}

/// One step of [`ComplementFold`], dispatched on whether the mode has runtime values.
#[doc(hidden)]
pub trait ComplementStep<Cur, Mx, HasRuntime> {
    type Output: Plain;
    fn complement_step(self, cur: Cur, m: Mx) -> Result<Self::Output>;
}

/// A static mode: the injectivity condition is checked at compile time (where `Cur` is static).
impl<S, D, T, Cur, Mx> ComplementStep<Cur, Mx, B0> for Cons<M<S, D>, T>
where
    S: Int,
    D: NonNegative + IntDiv<Cur> + IntMul<S> + IntLt<Cur>,
    Cur: Int,
    (D, Cur): Injective,
    T: ComplementFold<Prod<D, S>, Mx>,
{
    type Output = Cons<M<Quot<D, Cur>, Cur>, <T as ComplementFold<Prod<D, S>, Mx>>::Output>;
    #[inline(always)]
    fn complement_step(self, cur: Cur, m: Mx) -> Result<Self::Output> {
        let M(s, d) = self.0;
        check_injective(s.value(), d.value(), cur.value())?;
        let head = M(d.div(cur)?, cur);
        let tail = self.1.complement_fold(d.mul(s)?, m)?;
        Ok(Cons(head, tail))
    }
}

/// A mode with a runtime shape or stride: it may turn out to have size 1 or stride 0, and then
/// covers nothing (a size-1 gap, the span unchanged); everything after it is dynamic.
impl<S: Int, D: Int, T, Cur: Int, Mx> ComplementStep<Cur, Mx, Dyn> for Cons<M<S, D>, T>
where
    T: ComplementFold<i64, Mx>,
{
    type Output = Cons<M<i64, i64>, <T as ComplementFold<i64, Mx>>::Output>;
    #[inline(always)]
    fn complement_step(self, cur: Cur, m: Mx) -> Result<Self::Output> {
        let M(s, d) = self.0;
        let (s, d, cur) = (s.value(), d.value(), cur.value());
        if d < 0 {
            return Err(negative_stride(d));
        }
        if s == 1 || d == 0 {
            return Ok(Cons(M(1, cur), self.1.complement_fold(cur, m)?));
        }
        check_injective(s, d, cur)?;
        Ok(Cons(M(d / cur, cur), self.1.complement_fold(d.mul(s)?, m)?))
    }
}

fn negative_stride(d: i64) -> crate::error::LayoutError {
    crate::error::layout_error!(
        ErrorKind::NegativeStride,
        "stride {d} in the complement of a layout"
    )
}

fn check_injective(s: i64, d: i64, cur: i64) -> Result<()> {
    if d < 0 {
        return Err(negative_stride(d));
    }
    if d < cur {
        return Err(crate::error::layout_error!(
            ErrorKind::ModesInterleave,
            "in stride order, mode {s}:{d} starts inside [0, {cur}), the span of the smaller-stride modes"
        ));
    }
    Ok(())
}

/// The complement's modes before coalescing.
type ComplementModes<S, D, Mx> =
    <<<FlatModes<S, D> as FilterModes>::Output as SortForComplement>::Output as ComplementFold<
        U1,
        Mx,
    >>::Output;

/// The complement's modes, sorted and folded, before coalescing (shared by [`Complement`] and
/// [`ComplementPlain`], which differ only in how they coalesce).
pub trait ComplementRaw<Mx> {
    /// The modes.
    type Modes;
    /// The value.
    fn complement_raw(&self, m: Mx) -> Result<Self::Modes>;
}
impl<S, D, Mx: Int> ComplementRaw<Mx> for Layout<S, D>
where
    S: Congruent<D> + FlattenInto<D, Nil>,
    D: IntTuple,
    FlatModes<S, D>: FilterModes,
    <FlatModes<S, D> as FilterModes>::Output: SortForComplement,
    <<FlatModes<S, D> as FilterModes>::Output as SortForComplement>::Output: ComplementFold<U1, Mx>,
{
    type Modes = ComplementModes<S, D, Mx>;
    #[inline(always)]
    fn complement_raw(&self, m: Mx) -> Result<Self::Modes> {
        check_cotarget(m.value())?;
        let modes = self
            .shape()
            .flatten_into(&self.stride(), Nil)
            .filter_modes()
            .sort_for_complement();
        modes.complement_fold(U1::default(), m)
    }
}

/// Dispatched on the stride kind: integer strides (below), or basis strides by codomain
/// component, as [`algebra::basis::try_complement`](crate::runtime::basis::try_complement).
impl<S, D: StrideTuple, Mx> Complement<Mx> for Layout<S, D>
where
    Layout<S, D>: ComplementKind<Mx, D::HasBasis>,
{
    type Output = <Layout<S, D> as ComplementKind<Mx, D::HasBasis>>::Output;
    #[inline(always)]
    fn try_complement(&self, m: Mx) -> Result<Self::Output> {
        self.complement_kind(m)
    }
}

/// [`Complement`] by stride kind `K` ([`StrideTuple::HasBasis`]).
#[doc(hidden)]
pub trait ComplementKind<Mx, K> {
    type Output;
    fn complement_kind(&self, m: Mx) -> Result<Self::Output>;
}

/// Integer strides: the trailing size-1 mode kept (paper Table 7).
impl<S, D, Mx: Int> ComplementKind<Mx, B0> for Layout<S, D>
where
    Layout<S, D>: ComplementRaw<Mx>,
    <Layout<S, D> as ComplementRaw<Mx>>::Modes: CoalesceExt,
    <<Layout<S, D> as ComplementRaw<Mx>>::Modes as CoalesceExt>::Output: ToLayout,
{
    type Output = LayoutOf<<<Layout<S, D> as ComplementRaw<Mx>>::Modes as CoalesceExt>::Output>;
    #[inline(always)]
    fn complement_kind(&self, m: Mx) -> Result<Self::Output> {
        let a = self;
        static_or_value!((a: &Self, m: Mx) -> Self::Output {
            a.complement_raw(m)?.coalesce_ext()?.try_to_layout()
        })
    }
}

/// Basis strides: by codomain component, the cotarget with the codomain's structure.
impl<S, D, Mx> ComplementKind<Mx, B1> for Layout<S, D>
where
    Layout<S, D>: BasisComplement<Mx>,
{
    type Output = <Layout<S, D> as BasisComplement<Mx>>::Output;
    #[inline(always)]
    fn complement_kind(&self, m: Mx) -> Result<Self::Output> {
        self.try_basis_complement(m)
    }
}

/// The complement as CuTe C++ uses it inside logical divide: fully coalesced, without the
/// trailing size-1 mode that carries the extension stride (`complement(8:3, 24) = 3:1`, so that
/// `24:1 ⊘ 8:3 = (8,3):(3,1)` as in paper §3.5.2).
pub trait ComplementPlain<Mx> {
    /// The complement.
    type Output;
    /// The value.
    fn try_complement_plain(&self, m: Mx) -> Result<Self::Output>;
}
/// [`ComplementPlain`] as a type.
pub type ComplementPlainOf<A, Mx> = <A as ComplementPlain<Mx>>::Output;

impl<S, D, Mx: Int> ComplementPlain<Mx> for Layout<S, D>
where
    Layout<S, D>: ComplementRaw<Mx>,
    <Layout<S, D> as ComplementRaw<Mx>>::Modes: CoalesceList,
    <<Layout<S, D> as ComplementRaw<Mx>>::Modes as CoalesceList>::Output: ToLayout,
{
    type Output = LayoutOf<<<Layout<S, D> as ComplementRaw<Mx>>::Modes as CoalesceList>::Output>;
    #[inline(always)]
    fn try_complement_plain(&self, m: Mx) -> Result<Self::Output> {
        let a = self;
        static_or_value!((a: &Self, m: Mx) -> Self::Output {
            a.complement_raw(m)?.coalesce_list()?.try_to_layout()
        })
    }
}

pub(crate) fn check_cotarget(m: i64) -> Result<()> {
    if m <= 0 {
        return Err(crate::error::layout_error!(
            ErrorKind::InvalidArgument,
            "complement cotarget {m} is not positive"
        ));
    }
    Ok(())
}

/// `cosize(L) = 1 + Σ (sᵢ−1)·|dᵢ|` as a type (CuTe's `cosize`; [`Layout::cosize`] is its value).
#[doc(hidden)]
pub trait Cosize {
    /// The cosize type.
    type Output: Int;
    /// The value.
    fn cosize_int(&self) -> Result<Self::Output>;
}
impl<S, D> Cosize for Layout<S, D>
where
    S: Congruent<D> + FlattenInto<D, Nil>,
    D: IntTuple,
    FlatModes<S, D>: CosizeFold<U1>,
{
    type Output = <FlatModes<S, D> as CosizeFold<U1>>::Output;
    #[inline(always)]
    fn cosize_int(&self) -> Result<Self::Output> {
        self.shape()
            .flatten_into(&self.stride(), Nil)
            .cosize_fold(U1::default())
    }
}
#[doc(hidden)]
pub trait CosizeFold<Acc> {
    type Output: Int;
    fn cosize_fold(self, acc: Acc) -> Result<Self::Output>;
}
impl<Acc: Int> CosizeFold<Acc> for Nil {
    type Output = Acc;
    #[inline(always)]
    fn cosize_fold(self, acc: Acc) -> Result<Acc> {
        Ok(acc)
    }
}
impl<S, D, T, Acc> CosizeFold<Acc> for Cons<M<S, D>, T>
where
    S: IntSub<U1>,
    D: IntAbs,
    crate::int::Diff<S, U1>: IntMul<AbsOf<D>>,
    Acc: IntAdd<Prod<crate::int::Diff<S, U1>, AbsOf<D>>>,
    T: CosizeFold<Sum<Acc, Prod<crate::int::Diff<S, U1>, AbsOf<D>>>>,
{
    type Output = <T as CosizeFold<Sum<Acc, Prod<crate::int::Diff<S, U1>, AbsOf<D>>>>>::Output;
    #[inline(always)]
    fn cosize_fold(self, acc: Acc) -> Result<Self::Output> {
        let M(s, d) = self.0;
        self.1
            .cosize_fold(acc.add(s.sub(U1::default())?.mul(d.abs_int()?)?)?)
    }
}

/// Dispatched on the stride kind: `complement(A, cosize(A))` for integer strides, each
/// codomain component up to its own cosize for basis strides.
impl<S, D: StrideTuple> ComplementFull for Layout<S, D>
where
    Layout<S, D>: ComplementFullKind<D::HasBasis>,
{
    type Output = <Layout<S, D> as ComplementFullKind<D::HasBasis>>::Output;
    #[inline(always)]
    fn try_complement_full(&self) -> Result<Self::Output> {
        self.complement_full_kind()
    }
}

/// [`ComplementFull`] by stride kind `K` ([`StrideTuple::HasBasis`]).
#[doc(hidden)]
pub trait ComplementFullKind<K> {
    type Output;
    fn complement_full_kind(&self) -> Result<Self::Output>;
}
impl<L: Cosize + Complement<<L as Cosize>::Output>> ComplementFullKind<B0> for L {
    type Output = <L as Complement<<L as Cosize>::Output>>::Output;
    #[inline(always)]
    fn complement_full_kind(&self) -> Result<Self::Output> {
        self.try_complement(self.cosize_int()?)
    }
}
impl<L: BasisComplement<Full>> ComplementFullKind<B1> for L {
    type Output = <L as BasisComplement<Full>>::Output;
    #[inline(always)]
    fn complement_full_kind(&self) -> Result<Self::Output> {
        self.try_basis_complement(Full)
    }
}
