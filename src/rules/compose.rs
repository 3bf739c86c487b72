//! Composition's rules (paper §3.3): the base case `A ∘ s:d` (Eq. 19–21) with its two
//! errors, composition with a negative stride, and the sufficient condition of
//! left-distributivity (after Eq. 23).

use super::coalesce::coalesce_in_place;
use super::int::checked_mul;
use super::{ModesText, Stride};
use crate::error::{layout_error, ErrorKind, LayoutError, Result};

/// What one step of the base case does at a mode of `A` (see [`base_case_step`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// `B` ends inside this mode (or this is `A`'s last mode, which extends): the result's
    /// last mode is the remaining size at this mode's stride times the remaining stride.
    Last,
    /// `B` passes this mode: the result takes `n` elements of it (a mode `n : D·scale`, left out
    /// where `n = 1`), and the base case continues with `rest_shape` elements of `B` at stride
    /// `rest_stride` in the units of the next mode.
    Keep {
        /// The extent taken from this mode, `shape_div(S, d')`.
        n: i64,
        /// The factor of this mode's stride, `min(d', S)`.
        scale: i64,
        /// The size of `B` left for the next modes.
        rest_shape: i64,
        /// `B`'s stride in units of the next mode, `shape_div(d', S)`.
        rest_stride: i64,
    },
}

/// One step of the base case `A ∘ s:d` (paper Eq. 19) at a mode of `A` of shape `si` that is
/// not `A`'s last, with `bar = S̄` the product of the shapes of `A`'s modes before it, `rs` the
/// size of `B` left and `rd` its stride in units of this mode ("divide out" `d`, then "keep"
/// `s`):
///
/// * `(rs − 1)·rd < si` (a product beyond i64 is an [`ErrorKind::Overflow`] error): the
///   remaining points fall inside this mode (the "Apparent
///   Violations" paragraph): [`Step::Last`].
/// * `rd | si`: keep `si/rd` elements; they must divide `rs` (shape divisibility, Eq. 21,
///   [`ErrorKind::ShapeDivisibility`]).
/// * `si | rd`: step over the mode.
/// * otherwise: the stride divisibility condition (Eq. 20) fails,
///   [`ErrorKind::StrideDivisibility`].
///
/// The errors' texts are the crate's one text for each condition, in the paper's terms: at a
/// stride failure `B`'s stride is `d = S̄·rd` (nothing was kept yet), compared with the prefix
/// product `S̄·si`.
///
/// ```ignore
/// // (4,6,8):(2,3,5) ∘ 6:3 (paper §3.3.3): 3 and 4 do not divide each other.
/// assert!(base_case_step(1, 4, 6, 3).is_err());
/// ```
pub fn base_case_step(bar: i64, si: i64, rs: i64, rd: i64) -> Result<Step> {
    if rs <= 1 || rd == 0 || checked_mul(rs - 1, rd)? < si {
        return Ok(Step::Last);
    }
    if si % rd == 0 {
        let n = si / rd;
        if rs % n != 0 {
            return Err(layout_error!(
                ErrorKind::ShapeDivisibility,
                "{si}/{rd} = {n} does not divide {rs} (B, at stride {rd} in units of a mode of A of shape {si} after a prefix product {bar}, takes {n} elements of it; {rs}: what is left of B's size there)"
            ));
        }
        return Ok(Step::Keep {
            n,
            scale: rd,
            rest_shape: rs / n,
            rest_stride: 1,
        });
    }
    if rd % si == 0 {
        return Ok(Step::Keep {
            n: 1,
            scale: si,
            rest_shape: rs,
            rest_stride: rd / si,
        });
    }
    // No mode was kept yet (a kept mode leaves the stride 1, which divides everything), so
    // B's stride is S̄·rd; i128, so that the message itself never overflows.
    let (d, prefix) = (
        i128::from(bar) * i128::from(rd),
        i128::from(bar) * i128::from(si),
    );
    Err(layout_error!(
        ErrorKind::StrideDivisibility,
        "{d} does not divide {prefix} and {prefix} does not divide {d} (B's stride against the prefix product of A's shapes through a mode of shape {si})"
    ))
}

/// The base case `A ∘ s:d` (paper Eq. 19–21) on the coalesced modes `a` of `A` (last mode kept,
/// so that it extends; not empty), for `d ≥ 0`: calls `out(shape, stride)` for each mode of
/// the result, in order (not coalesced). `d = 0` gives `s:0`. The steps are
/// [`base_case_step`]'s, so the conditions and their errors are those of Eq. 20 and 21; an
/// overflowing stride is an [`ErrorKind::Overflow`] error. Only `A`'s strides are scaled, so
/// the rule holds for any [`Stride`] (basis strides included).
///
/// ```ignore
/// // (4,2,8):(3,12,97) ∘ 3:3 = 3:9 (the paper's example).
/// let mut r = vec![];
/// base_case(&[(4, 3), (2, 12), (8, 97)], 3, 3, &mut |s, d| r.push((s, d))).unwrap();
/// assert_eq!(r, [(3, 9)]);
/// ```
pub fn base_case<D: Stride>(
    a: &[(i64, D)],
    s: i64,
    d: i64,
    out: &mut dyn FnMut(i64, D),
) -> Result<()> {
    if d == 0 {
        out(s, D::zero());
        return Ok(());
    }
    let (mut rs, mut rd, mut bar) = (s, d, 1i64);
    let last = a
        .len()
        .checked_sub(1)
        .ok_or(LayoutError::new(ErrorKind::InvalidArgument))?;
    for (r, (si, di)) in a.iter().enumerate() {
        let step = if r == last {
            Step::Last
        } else {
            base_case_step(bar, *si, rs, rd)?
        };
        match step {
            Step::Last => {
                out(rs, di.scale(rd)?);
                return Ok(());
            }
            Step::Keep {
                n,
                scale,
                rest_shape,
                rest_stride,
            } => {
                if n > 1 {
                    out(n, di.scale(scale)?);
                }
                rs = rest_shape;
                rd = rest_stride;
            }
        }
        bar = checked_mul(bar, *si)?;
    }
    Ok(())
}

/// Whether the paper's sufficient condition for left-distributivity (§3.3.2, after Eq. 23)
/// holds for A's coalesced modes `a` (last mode kept) and B's flat modes `b`: every base
/// sublayout `s_i:d_i` of B with `s_i > 1`, `d_i ≠ 0` satisfies the stride divisibility
/// condition (20) against every prefix product of A, and their images are mutually segregated
/// (`s_i·d_i ≤ d_j` or `s_j·d_j ≤ d_i`). A rank-1 A is linear and always distributes; so does a
/// B with at most one such sublayout. A product that overflows counts as not holding.
///
/// ```ignore
/// assert!(distributes(&[(4, 1), (8, 4)], &[(2, 2), (4, 4)]));
/// assert!(!distributes(&[(4, 1), (8, 4)], &[(2, 3), (4, 4)]));
/// ```
pub fn distributes(a: &[(i64, i64)], b: &[(i64, i64)]) -> bool {
    let live = |m: &&(i64, i64)| m.0 > 1 && m.1 != 0;
    if b.iter().filter(live).count() <= 1 || a.len() <= 1 {
        return true;
    }
    let mut q = 1i64;
    for &(s, _) in &a[..a.len() - 1] {
        match q.checked_mul(s) {
            Some(p) => q = p,
            None => return false,
        }
        if !b
            .iter()
            .filter(live)
            .all(|&(_, d)| q % d == 0 || d % q == 0)
        {
            return false;
        }
    }
    b.iter()
        .enumerate()
        .filter(|(_, m)| live(m))
        .all(|(i, &(si, di))| {
            b[i + 1..].iter().filter(live).all(|&(sj, dj)| {
                si.checked_mul(di).is_some_and(|x| x <= dj)
                    || sj.checked_mul(dj).is_some_and(|x| x <= di)
            })
        })
}

/// The one error text of a composition that [`distributes`] cannot show distributive (and
/// that the engine could not decide otherwise), A by its coalesced modes, B by its flat ones.
pub fn not_distributive(a: &[(i64, i64)], b: &[(i64, i64)]) -> LayoutError {
    let (a, b) = (ModesText(a), ModesText(b));
    layout_error!(
        ErrorKind::NotDistributive,
        "the leaves of B = {b} (flat) are not mutually segregated or do not divide the prefix products of A = {a} (coalesced) (paper Eq. 22-23)"
    )
}

/// A negative stride `d` of `B` shifted into `[0, N)` (see [`compose_negative_leaf`]): `N` the
/// product of the shapes of `A`'s coalesced modes but the last, `D` the last one's stride.
/// Returns `(d mod N, k)` with `d = d mod N − k·N`: since `A(x + k·N) = A(x) + k·D` for every
/// integer `k` (paper Eq. 4, floor and mod: every mode but the last has period dividing `N`,
/// and the last extends), `A(i·d) = A(i·(d mod N)) − i·k·D`.
pub fn negative_shift(n: i64, d: i64) -> (i64, i128) {
    let r = d.rem_euclid(n);
    (r, (i128::from(r) - i128::from(d)) / i128::from(n))
}

/// The correction of [`negative_shift`] on the modes of `A ∘ s:(d mod N)` (in place): the
/// coordinate `c = Σ c_j·p_j` (`p_j` the prefix products of the shapes) loses `c·k·D`, so each
/// mode's stride `e_j` becomes `e_j − p_j·k·D`. Modes of size 1 carry no coordinate and are
/// left as they are. An overflowing stride is an [`ErrorKind::Overflow`] error.
pub fn negative_correct(modes: &mut [(i64, i64)], k: i128, d_last: i64) -> Result<()> {
    if k == 0 {
        return Ok(());
    }
    let overflow = || {
        layout_error!(
            ErrorKind::Overflow,
            "a stride of A ∘ B for B's stride shifted by {k}·N exceeds i64"
        )
    };
    let mut p = 1i128;
    for m in modes.iter_mut().filter(|m| m.0 > 1) {
        m.1 = p
            .checked_mul(k)
            .and_then(|x| x.checked_mul(i128::from(d_last)))
            .and_then(|fix| i128::from(m.1).checked_sub(fix))
            .and_then(|e| i64::try_from(e).ok())
            .ok_or_else(overflow)?;
        p = p.checked_mul(i128::from(m.0)).ok_or_else(overflow)?;
    }
    Ok(())
}

/// `A ∘ s:d` for one leaf with `d < 0` (CuTe's own tests compose with reversals,
/// `4:1 ∘ 4:-1 = 4:-1`), `A` by its coalesced modes (last kept; not empty): `d` is shifted to
/// `d mod N` ([`negative_shift`]), the base case composes with that, the result is coalesced
/// and corrected linearly ([`negative_correct`]). The result is a layout exactly when
/// `A ∘ s:(d mod N)` is one, so a refusal is the base case's refusal of that (its condition
/// and text). Writes the result's modes to the front of `out` (at least as long as `a`) and
/// returns how many.
///
/// ```ignore
/// // (4,3):(1,4) coalesces to 12:1: N = 1, and 12:1 ∘ 4:-1 = 4:-1.
/// let mut out = [(0, 0); 1];
/// let n = compose_negative_leaf(&[(12, 1)], 4, -1, &mut out).unwrap();
/// assert_eq!(&out[..n], &[(4, -1)]);
/// ```
pub fn compose_negative_leaf(
    a: &[(i64, i64)],
    s: i64,
    d: i64,
    out: &mut [(i64, i64)],
) -> Result<usize> {
    let (init, last) = a.split_at(a.len().saturating_sub(1));
    let d_last = last.first().map_or(0, |m| m.1);
    let n = init
        .iter()
        .try_fold(1i64, |acc, &(s, _)| checked_mul(acc, s))?;
    let (r, k) = negative_shift(n, d);
    let mut len = 0usize;
    let mut full = false;
    base_case(a, s, r, &mut |s, d| match out.get_mut(len) {
        Some(slot) => {
            *slot = (s, d);
            len += 1;
        }
        None => full = true,
    })?;
    if full {
        return Err(LayoutError::new(ErrorKind::InvalidArgument));
    }
    let len = coalesce_in_place(&mut out[..len], false)?;
    negative_correct(&mut out[..len], k, d_last)?;
    coalesce_in_place(&mut out[..len], false)
}
