//! Left-distributivity of composition over B's modes (paper Eq. 22, 23).
//!
//! `A ∘ (B0, B1, ...) = (A ∘ B0, A ∘ B1, ...)` holds when A is rank 1, when at most one base
//! sublayout of B matters, or when every base sublayout `s:d` of B (with `s > 1`, `d ≠ 0`)
//! satisfies the stride divisibility condition against every prefix product of A and the
//! sublayouts have mutually segregated images (`s_i·d_i ≤ d_j` or `s_j·d_j ≤ d_i`).

use typenum::{B0, B1};

use crate::basis::typelevel::StrideLeaf;
use crate::error::Result;
#[cfg(not(feature = "alloc"))]
use crate::error::{ErrorKind, LayoutError};
use crate::int::select::{And, Dyn, IntLt, LtSel, Or, SelAnd, SelOr, Selector, ZeroSel};
use crate::int::{Int, IntMul, IntRem, Mod, Prod};
use crate::tuple::{Cons, Nil};
use crate::typelevel::flat::M;

/// The exclusive prefix products `S̄_1, ..., S̄_R` of A's modes, the last mode excluded.
pub trait PrefixList<Acc> {
    /// The list of prefix products.
    type Output;
}
impl<Acc> PrefixList<Acc> for Nil {
    type Output = Nil;
}
impl<S, D, T, Acc> PrefixList<Acc> for Cons<M<S, D>, T>
where
    T: PrefixTail<Prod<Acc, S>>,
    Acc: IntMul<S>,
    S: Int,
{
    type Output = T::Output;
}
#[doc(hidden)]
pub trait PrefixTail<P> {
    type Output;
}
impl<P> PrefixTail<P> for Nil {
    type Output = Nil;
}
impl<P, H, T> PrefixTail<P> for Cons<H, T>
where
    Cons<H, T>: PrefixList<P>,
{
    type Output = Cons<P, <Cons<H, T> as PrefixList<P>>::Output>;
}

/// `q | d` or `d | q` for every `q` of a list, as a selector.
pub trait DividesAll<D> {
    /// The selector.
    type Output: Selector;
}
impl<D> DividesAll<D> for Nil {
    type Output = B1;
}
impl<Q, T, D> DividesAll<D> for Cons<Q, T>
where
    Q: IntRem<D>,
    D: IntRem<Q>,
    ZeroSel<Mod<Q, D>>: SelOr<ZeroSel<Mod<D, Q>>>,
    T: DividesAll<D>,
    Or<ZeroSel<Mod<Q, D>>, ZeroSel<Mod<D, Q>>>: SelAnd<T::Output>,
{
    type Output = And<Or<ZeroSel<Mod<Q, D>>, ZeroSel<Mod<D, Q>>>, T::Output>;
}

/// Whether a mode `s:d` of B is segregated from every mode of a list, as a selector.
pub trait SegregatedFrom<S, D> {
    /// The selector.
    type Output: Selector;
}
impl<S, D> SegregatedFrom<S, D> for Nil {
    type Output = B1;
}
impl<S, D, S2, D2, T> SegregatedFrom<S, D> for Cons<M<S2, D2>, T>
where
    S: IntMul<D>,
    S2: IntMul<D2>,
    // s·d ≤ d2  ⟺  ¬(d2 < s·d)
    D2: IntLt<Prod<S, D>>,
    D: IntLt<Prod<S2, D2>>,
    LtSel<D2, Prod<S, D>>: Not,
    LtSel<D, Prod<S2, D2>>: Not,
    <LtSel<D2, Prod<S, D>> as Not>::Output: SelOr<<LtSel<D, Prod<S2, D2>> as Not>::Output>,
    T: SegregatedFrom<S, D>,
    Or<<LtSel<D2, Prod<S, D>> as Not>::Output, <LtSel<D, Prod<S2, D2>> as Not>::Output>:
        SelAnd<T::Output>,
{
    type Output = And<
        Or<<LtSel<D2, Prod<S, D>> as Not>::Output, <LtSel<D, Prod<S2, D2>> as Not>::Output>,
        T::Output,
    >;
}

/// Negation of a selector.
pub trait Not {
    /// The negated selector.
    type Output: Selector;
}
impl Not for B1 {
    type Output = B0;
}
impl Not for B0 {
    type Output = B1;
}
impl Not for Dyn {
    type Output = Dyn;
}

/// Whether the live modes of B (`Self`, stride-0 and size-1 modes removed) divide the prefix
/// products `Qs` of A and are mutually segregated, as a selector.
pub trait LiveDistribute<Qs> {
    /// The selector.
    type Output: Selector;
}
impl<Qs> LiveDistribute<Qs> for Nil {
    type Output = B1;
}
impl<S, D, T, Qs> LiveDistribute<Qs> for Cons<M<S, D>, T>
where
    Qs: DividesAll<D>,
    T: SegregatedFrom<S, D> + LiveDistribute<Qs>,
    Qs::Output: SelAnd<<T as SegregatedFrom<S, D>>::Output>,
    And<Qs::Output, <T as SegregatedFrom<S, D>>::Output>: SelAnd<<T as LiveDistribute<Qs>>::Output>,
{
    type Output = And<
        And<Qs::Output, <T as SegregatedFrom<S, D>>::Output>,
        <T as LiveDistribute<Qs>>::Output,
    >;
}

/// At most one element, as a selector.
pub trait AtMostOne {
    /// [`B1`] for lists of length 0 or 1.
    type Output: Selector;
}
impl AtMostOne for Nil {
    type Output = B1;
}
impl<H> AtMostOne for Cons<H, Nil> {
    type Output = B1;
}
impl<H, H2, T> AtMostOne for Cons<H, Cons<H2, T>> {
    type Output = B0;
}

/// The distributivity selector for normalised A modes `AM` and live B modes `LB`.
pub type DistributeSel<AM, LB> = Or<
    Or<<LB as AtMostOne>::Output, <AM as AtMostOne>::Output>,
    <LB as LiveDistribute<<AM as PrefixList<typenum::U1>>::Output>>::Output,
>;

/// Composition distributes over B's modes (paper Eq. 23): checked at compile time for static
/// layouts.
#[diagnostic::on_unimplemented(
    message = "composition does not distribute over B's modes (paper Eq. 22-23)",
    label = "B's modes are not mutually segregated, or do not divide A's prefix products",
    note = "A ∘ (B0, B1) = (A ∘ B0, A ∘ B1) needs segregated images `s_i·d_i ≤ d_j` and the stride divisibility condition for each mode of B; compose mode by mode or use the runtime engine (DynLayout), which decides such cases by evaluation"
)]
#[doc(hidden)]
pub trait Distributive {}
impl Distributive for B1 {}
impl Distributive for Dyn {}

/// The runtime form of the condition: modes of A (`a`, normalised) and of B (`b`, flat).
/// Hidden: public (`typelevel::distributes_at_run_time`) for its test with more modes than
/// the stack buffer holds (`tests/typelevel_compose.rs`).
pub fn distributes_at_run_time(a_modes: &[(i64, i64)], b: &[(i64, i64)]) -> Result<()> {
    // Coalesce A's runtime values (the types could not), keeping its last mode.
    with_buf(a_modes.len(), (0i64, 0i64), |buf| {
        buf.copy_from_slice(a_modes);
        let n = crate::rules::coalesce::coalesce_in_place(buf, true)?;
        check_distributes(&buf[..n], b)
    })
}

/// [`distributes`] of A's coalesced modes and B's, or the error naming them.
fn check_distributes(coalesced: &[(i64, i64)], b: &[(i64, i64)]) -> Result<()> {
    if distributes(coalesced, b) {
        Ok(())
    } else {
        Err(crate::rules::compose::not_distributive(
            &crate::rules::ModesText(coalesced),
            &crate::rules::ModesText(b),
        ))
    }
}

/// [`distributes_at_run_time`] for an A whose strides may be basis elements: `key(i)` is the
/// path key of A's mode `i` (0 for an integer stride), and two modes of A merge only when their
/// keys are equal (equal paths, paper §3.3.2 "Reductive Case: Coordinate").
pub(crate) fn distributes_at_run_time_keyed(
    a_modes: &[(i64, i64)],
    key: impl Fn(usize) -> u64,
    b: &[(i64, i64)],
) -> Result<()> {
    // Coalesce A's runtime values (the types could not), keeping its last mode; two modes
    // merge only when their keys are equal too.
    with_buf(a_modes.len(), (0i64, Keyed(0, 0)), |buf| {
        for (i, (slot, &(s, d))) in buf.iter_mut().zip(a_modes).enumerate() {
            *slot = (s, Keyed(d, key(i)));
        }
        let n = crate::rules::coalesce::coalesce_in_place(buf, true)?;
        with_buf(n, (0i64, 0i64), |coalesced| {
            for (v, (s, k)) in coalesced.iter_mut().zip(buf.iter()) {
                *v = (*s, k.0);
            }
            check_distributes(coalesced, b)
        })
    })
}

/// An integer stride with the path key of its basis element (0 for an integer): the strides
/// that [`distributes_at_run_time_keyed`] coalesces, equal when value and key are.
#[derive(Clone, Copy)]
struct Keyed(i64, u64);
impl crate::rules::Stride for Keyed {
    fn zero() -> Self {
        Keyed(0, 0)
    }
    fn scale(&self, k: i64) -> Result<Self> {
        Ok(Keyed(crate::rules::int::checked_mul(self.0, k)?, self.1))
    }
    fn same(&self, other: &Self) -> bool {
        self.0 == other.0 && self.1 == other.1
    }
}

/// The paper's sufficient condition for left-distributivity (after Eq. 23):
/// [`crate::rules::compose::distributes`].
pub(crate) use crate::rules::compose::distributes;

/// Runs `f` on `n` zeroed `T`s: on the stack in the smallest of 4, 16 or 64 entries that holds
/// them, beyond that on the heap (without `alloc`, in 256 entries; more is an error). With a
/// length known at compile time (a type-level count such as
/// [`IntTuple::LEAVES`](crate::tuple::IntTuple::LEAVES)) the choice folds away and only the
/// small buffer is zeroed: 64-entry buffers zeroed per call were a fifth of a mixed divide.
#[inline(always)]
pub(crate) fn with_buf<T: Copy, R>(
    n: usize,
    zero: T,
    f: impl FnOnce(&mut [T]) -> Result<R>,
) -> Result<R> {
    if n <= 4 {
        f(&mut [zero; 4][..n])
    } else if n <= 16 {
        f(&mut [zero; 16][..n])
    } else if n <= 64 {
        f(&mut [zero; 64][..n])
    } else {
        #[cfg(feature = "alloc")]
        {
            f(&mut alloc::vec![zero; n])
        }
        #[cfg(not(feature = "alloc"))]
        {
            if n > 256 {
                return Err(LayoutError::new(ErrorKind::InvalidArgument));
            }
            f(&mut [zero; 256][..n])
        }
    }
}

/// Run `f` on the `(shape, stride)` values of a flat mode list, in a buffer sized by the list's
/// type-level length ([`with_buf`]).
#[inline(always)]
pub(crate) fn with_mode_values<L: ModeValues, R>(
    l: &L,
    f: impl FnOnce(&[(i64, i64)]) -> Result<R>,
) -> Result<R> {
    with_buf(L::COUNT, (0i64, 0i64), |buf| {
        let n = l.mode_values(buf, 0);
        f(&buf[..n])
    })
}

/// Copy a flat mode list's values into a buffer; returns the count. A basis stride `v@I`
/// gives its value `v`; [`mode_keys`](ModeValues::mode_keys) tells the paths apart.
pub trait ModeValues {
    /// Whether some stride is a basis element.
    const HAS_BASIS: bool;
    /// The number of modes.
    const COUNT: usize;
    /// Write `(s, d)` pairs from index `at`.
    fn mode_values(&self, out: &mut [(i64, i64)], at: usize) -> usize;
    /// Write each stride's path key from index `at` (0 for an integer; two modes may merge
    /// only when their keys are equal); returns the count.
    fn mode_keys(&self, out: &mut [u64], at: usize) -> usize;
}
impl ModeValues for Nil {
    const HAS_BASIS: bool = false;
    const COUNT: usize = 0;
    fn mode_values(&self, _: &mut [(i64, i64)], at: usize) -> usize {
        at
    }
    fn mode_keys(&self, _: &mut [u64], at: usize) -> usize {
        at
    }
}
impl<S: Int, D: StrideLeaf, T: ModeValues> ModeValues for Cons<M<S, D>, T> {
    const HAS_BASIS: bool = D::PATH_KEY != 0 || T::HAS_BASIS;
    const COUNT: usize = 1 + T::COUNT;
    fn mode_values(&self, out: &mut [(i64, i64)], at: usize) -> usize {
        if let Some(slot) = out.get_mut(at) {
            *slot = (self.0 .0.value(), self.0 .1.scale_value());
        }
        self.1.mode_values(out, at + 1)
    }
    fn mode_keys(&self, out: &mut [u64], at: usize) -> usize {
        if let Some(slot) = out.get_mut(at) {
            *slot = D::PATH_KEY;
        }
        self.1.mode_keys(out, at + 1)
    }
}
