//! Composition's rules (paper §3.3): the base case `A ∘ s:d` (Eq. 19–21) with its two
//! errors, composition with a negative stride, and the sufficient condition of
//! left-distributivity (after Eq. 23).

use super::int::{checked_mul, try_eval_floor};
use super::Stride;
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
/// that the engine could not decide otherwise), `a` writing A coalesced (as [`ModesText`](super::ModesText) for
/// integer strides), `b` writing B's flat modes.
pub fn not_distributive(a: &dyn core::fmt::Display, b: &dyn core::fmt::Display) -> LayoutError {
    layout_error!(
        ErrorKind::NotDistributive,
        "the leaves of B = {b} (flat) are not mutually segregated or do not divide the prefix products of A = {a} (coalesced) (paper Eq. 22-23)"
    )
}

/// The most modes of `A` (coalesced) that [`compose_negative_leaf`] takes: its buffers are on
/// the stack.
pub const MAX_MODES: usize = 64;

/// `A ∘ s:d` for one leaf with `d < 0`, `A` by its coalesced modes `a` (last mode kept; it
/// extends to all integers), by Eq. (4) with floor and mod: `R(i) = A(i·d)` (CuTe's own tests
/// compose with reversals, `4:1 ∘ 4:-1 = 4:-1`). Exact: refused only where no layout takes
/// `i` to `A(i·d)` for `i < s`. Writes the result's modes to the front of `out` (at least as
/// long as `a`) and returns how many.
///
/// With `e = −d`, the modes of A that `e` steps over are skipped, the next one `S_k` (with
/// `e | S_k`, Eq. 20) gives the digit radix `N_0 = S_k/e` at stride `w_0 = e·D_k`, the later
/// ones `N_j = S_j`, `w_j = D_j`, and the last one the unbounded digit at stride `W`. The digits
/// of `−i` are those of `i` reflected, so `R(i) = −P(i) + E_{j*(i)}`, with `P` the digit layout,
/// `j*` the lowest non-zero digit of `i` and `E_j = N_j·w_j + Σ_{j<k<m}(N_k−1)·w_k − W`. `R` is a
/// layout exactly when that correction is linear in the digits of `i < s`: every `E_j` of a
/// digit that varies is zero, except `E_0` where digit 0 takes only the values 0 and 1.
///
/// ```ignore
/// let mut out = [(0, 0); 2];
/// // (2,2):(1,10) ∘ 4:-1 takes i to 0, -9, -10, -19.
/// let n = compose_negative_leaf(&[(2, 1), (2, 10)], 4, -1, &mut out).unwrap();
/// assert_eq!(&out[..n], &[(2, -9), (2, -10)]);
/// ```
pub fn compose_negative_leaf(
    a: &[(i64, i64)],
    s: i64,
    d: i64,
    out: &mut [(i64, i64)],
) -> Result<usize> {
    let no_layout = |why: &str| {
        Err(layout_error!(
            ErrorKind::NegativeStride,
            "no layout takes i to A(i·{d}) for i < {s}: {why}"
        ))
    };
    let n = a.len();
    if n == 0 || n > MAX_MODES {
        return Err(LayoutError::new(ErrorKind::InvalidArgument));
    }
    /// The result's modes into the front of `out`.
    fn emit(out: &mut [(i64, i64)], modes: &[(i64, i64)]) -> Result<usize> {
        out.get_mut(..modes.len())
            .ok_or(LayoutError::new(ErrorKind::InvalidArgument))?
            .copy_from_slice(modes);
        Ok(modes.len())
    }
    let mode = |k: usize| a[k];
    if s <= 1 {
        return emit(out, &[(1, 0)]);
    }
    if s == 2 {
        // Any two values are a layout: 2 : A(d) (A at a negative coordinate, floor and mod).
        return emit(out, &[(2, try_eval_floor(a, d)?)]);
    }
    let mut e = d.checked_neg().ok_or_else(LayoutError::overflow)?;
    let mut k = 0;
    // Skip the modes that e steps over.
    while k + 1 < n && e % mode(k).0 == 0 {
        e /= mode(k).0;
        k += 1;
    }
    // Digits: radices and strides of the bounded ones, then the stride of the unbounded one.
    let mut digits = [(0i64, 0i64); MAX_MODES];
    let mut m = 0;
    let w_last;
    if k + 1 == n {
        w_last = e.checked_mul(mode(k).1).ok_or_else(LayoutError::overflow)?;
    } else {
        let (sk, dk) = mode(k);
        if sk % e != 0 {
            return Err(crate::error::layout_error!(
                ErrorKind::StrideDivisibility,
                "{e} does not divide {sk} and {sk} does not divide {e}"
            ));
        }
        digits[0] = (sk / e, e.checked_mul(dk).ok_or_else(LayoutError::overflow)?);
        m = 1;
        for j in k + 1..n - 1 {
            if m == digits.len() {
                return Err(LayoutError::new(ErrorKind::InvalidArgument));
            }
            digits[m] = mode(j);
            m += 1;
        }
        w_last = mode(n - 1).1;
    }
    // The digits that vary for i < s, the prefix product of the last of them.
    let mut prefix = 1i64;
    let mut top = 0; // index of the highest varying digit (m: the unbounded one)
    while top < m && prefix.checked_mul(digits[top].0).is_some_and(|p| p < s) {
        prefix *= digits[top].0;
        top += 1;
    }
    if s % prefix != 0 {
        return Err(crate::error::layout_error!(
            ErrorKind::ShapeDivisibility,
            "{prefix} does not divide the size {s}"
        ));
    }
    // F_j = Σ_{j≤k<m}(N_k−1)·w_k − W, E_j = N_j·w_j + F_{j+1}.
    let mut f_next = w_last.checked_neg().ok_or_else(LayoutError::overflow)?;
    let mut res = [(0i64, 0i64); MAX_MODES + 1];
    for j in (0..m).rev() {
        let (nj, wj) = digits[j];
        let e_j = nj
            .checked_mul(wj)
            .and_then(|x| x.checked_add(f_next))
            .ok_or_else(LayoutError::overflow)?;
        f_next = (nj - 1)
            .checked_mul(wj)
            .and_then(|x| x.checked_add(f_next))
            .ok_or_else(LayoutError::overflow)?;
        if j <= top {
            let neg_w = wj.checked_neg().ok_or_else(LayoutError::overflow)?;
            let size = if j == top { s / prefix } else { nj };
            let stride = if j == 0 && e_j != 0 {
                if size > 2 {
                    return no_layout(
                        "a carry through a mode of A is not linear in the coordinate",
                    );
                }
                e_j.checked_add(neg_w).ok_or_else(LayoutError::overflow)?
            } else if e_j != 0 {
                return no_layout("a carry through a mode of A is not linear in the coordinate");
            } else {
                neg_w
            };
            res[j] = (size, stride);
        }
    }
    if top == m {
        res[m] = (
            s / prefix,
            w_last.checked_neg().ok_or_else(LayoutError::overflow)?,
        );
    }
    emit(out, &res[..=top])
}
