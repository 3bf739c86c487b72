//! Right and left inverses (paper §3.4, Tables 5 and 6).

use alloc::format;
use alloc::vec::Vec;

use super::coalesce::coalesce_modes;
use super::{err, flat_modes, from_modes, require_nonnegative};
use crate::dynamic::{checked_mul, DynLayout};
use crate::error::{ErrorKind, Result};

/// The coalesced modes of `L` with their compact column-major index strides.
fn indexed_modes(l: &DynLayout) -> Result<Vec<(i64, i64, i64)>> {
    let modes = coalesce_modes(&flat_modes(l), false)?;
    let mut out = Vec::with_capacity(modes.len());
    let mut r = 1i64;
    for (s, d) in modes {
        out.push((s, d, r));
        r = checked_mul(r, s)?;
    }
    Ok(out)
}

/// `right_inverse(L)` (paper §3.4.1, Eq. 24): the largest layout `L‡` with `L(L‡(k)) = k` for
/// every `k < size(L‡)`. Starting from stride 1, it follows the modes of the coalesced `L`
/// whose stride is the product of the previous one's shape and stride; each contributes its
/// shape with its index stride. Stride-0 (and negative-stride) modes do not contribute;
/// `1:0` when no mode has stride 1.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::right_inverse};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// assert_eq!(right_inverse(&l("(3,7,5):(5,15,1)")), l("(5,21):(21,1)"));
/// assert_eq!(right_inverse(&l("(4,8):(1,5)")), l("4:1"));
/// ```
pub fn try_right_inverse(l: &DynLayout) -> Result<DynLayout> {
    let modes = indexed_modes(l)?;
    let mut out = Vec::new();
    let mut next = 1i64;
    while let Some(&(s, d, r)) = modes.iter().find(|m| m.1 == next && m.0 > 1) {
        out.push((s, r));
        next = checked_mul(s, d)?;
    }
    from_modes(&out, l.is_static())
}

plain!(right_inverse = try_right_inverse(l: &DynLayout) -> DynLayout);

/// Largest `max |L(i)|` for which [`try_left_inverse`] searches for a left inverse when the
/// mixed-radix construction does not apply (see there).
pub const LEFT_INVERSE_SEARCH_LIMIT: i64 = 256;

/// `left_inverse(L)` (paper §3.4.3, Eq. 26): a layout `L†` with `L(L†(L(k))) = L(k)` for every
/// `k < size(L)`; for an injective `L`, `L†(L(k)) = k`. Values on offsets outside the image of
/// `L` are arbitrary. `L†` is evaluated on its extended domain (its last mode extends), and at
/// negative offsets with floor and mod (paper Eq. 4) when `L` has negative strides.
///
/// Stride-0 modes do not contribute (every offset is reached with coordinate 0 in them).
///
/// Which left inverse is returned:
///
/// 1. When the remaining modes of the coalesced `L`, sorted by stride `d_0 < d_1 < ...`, have
///    non-negative strides, each dividing the next, and each mode ends before the next begins
///    (`s_k·d_k ≤ d_(k+1)`): the mixed-radix reading of an offset, with digits
///    `(⌊x/d_0⌋ mod d_1/d_0, ...)`, i.e. `(d_0, d_1/d_0, ..., d_n/d_(n-1), s_n) :
///    (0, r_0, ..., r_(n-1), r_n)` with the index strides `r_k` (the leading `d_0:0` only when
///    `d_0 > 1`), coalesced. `left_inverse((4,8):(1,5)) = (5,8):(1,4)` (Table 6).
/// 2. Otherwise, when every offset satisfies `|L(i)| ≤ ` [`LEFT_INVERSE_SEARCH_LIMIT`], an exact
///    search over every layout that can matter: a layout's values on `[-M, M]` depend only on
///    its mode boundaries `P_1 | P_2 | ...` up to `M` (plus one constant on negative offsets),
///    and for given boundaries `R(L(i)) = i` is a linear system in the strides. The boundaries
///    are tried with the fewest modes first, then in increasing order; digits the system leaves
///    free get stride 0, and the last mode is sized to cover `M`, coalesced.
///    `left_inverse((3,(2,2)):(2,(9,24))) = (2,4,5):(1,1,2)`, `left_inverse(4:-1) = 4:-1`.
///    When no boundaries admit integer strides, no layout is a left inverse: an
///    [`ErrorKind::NoLayout`] error.
/// 3. Beyond the search limit, the error of the mixed-radix construction
///    ([`ErrorKind::ModesInterleave`] for overlapping modes, [`ErrorKind::StrideDivisibility`],
///    [`ErrorKind::NegativeStride`]); a left inverse may then exist.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::left_inverse};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// assert_eq!(left_inverse(&l("(4,8):(1,5)")), l("(5,8):(1,4)")); // Table 6
/// assert_eq!(left_inverse(&l("4:-1")), l("4:-1"));
/// assert_eq!(left_inverse(&l("(3,(2,2)):(2,(9,24))")), l("(2,4,5):(1,1,2)"));
/// ```
pub fn try_left_inverse(l: &DynLayout) -> Result<DynLayout> {
    match mixed_radix_left_inverse(l) {
        Ok(r) => Ok(r),
        Err(e) if e.kind() == ErrorKind::Overflow => Err(e),
        Err(e) => search_left_inverse(l).unwrap_or(Err(e)),
    }
}

/// Case 1 of [`try_left_inverse`].
fn mixed_radix_left_inverse(l: &DynLayout) -> Result<DynLayout> {
    require_nonnegative(l, "left_inverse")?;
    let mut modes: Vec<(i64, i64, i64)> = indexed_modes(l)?
        .into_iter()
        .filter(|m| m.1 != 0 && m.0 > 1)
        .collect();
    modes.sort_by_key(|m| m.1);
    let mut out = Vec::with_capacity(modes.len() + 1);
    if let Some(&(_, d0, _)) = modes.first() {
        if d0 > 1 {
            out.push((d0, 0));
        }
    }
    for (k, &(s, d, r)) in modes.iter().enumerate() {
        match modes.get(k + 1) {
            None => out.push((s, r)),
            Some(&(s1, d1, _)) => {
                let end = checked_mul(s, d)?;
                if end > d1 {
                    return Err(err(
                        ErrorKind::ModesInterleave,
                        format!(
                            "modes {s}:{d} and {s1}:{d1} of {l} overlap ({s}·{d} = {end} > {d1})"
                        ),
                    ));
                }
                if d1 % d != 0 {
                    return Err(err(
                        ErrorKind::StrideDivisibility,
                        format!("stride {d} does not divide the next stride {d1} (in {l}), so offsets cannot be read as mixed-radix digits"),
                    ));
                }
                out.push((d1 / d, r));
            }
        }
    }
    let merged = coalesce_modes(&out, false)?;
    from_modes(&merged, l.is_static())
}

/// Case 2 of [`try_left_inverse`]: `None` beyond the search limit.
fn search_left_inverse(l: &DynLayout) -> Option<Result<DynLayout>> {
    let modes: Vec<(i64, i64, i64)> = indexed_modes(l)
        .ok()?
        .into_iter()
        .filter(|m| m.1 != 0 && m.0 > 1)
        .collect();
    // M = max |L(i)| ≤ Σ (s-1)·|d|.
    let mut m = 0i64;
    for &(s, d, _) in &modes {
        m = m.checked_add((s - 1).checked_mul(d.checked_abs()?)?)?;
        if m > LEFT_INVERSE_SEARCH_LIMIT {
            return None;
        }
    }
    let no_layout = |why: &str| {
        Some(Err(err(
            ErrorKind::NoLayout,
            format!("no layout R has R({l}(i)) = i for every i: {why}"),
        )))
    };
    // The points (x, i) = (L(c), index of c) over the modes that contribute.
    let count = modes.iter().try_fold(1i64, |a, m| a.checked_mul(m.0));
    if count.is_none_or(|c| c > 2 * m + 1) {
        return no_layout("it is not injective on its non-zero-stride modes");
    }
    let mut points: Vec<(i64, i64, u32)> = (0..count?)
        .map(|mut k| {
            let (mut x, mut i, mut nonzero) = (0i64, 0i64, 0u32);
            for &(s, d, r) in &modes {
                let c = k % s;
                k /= s;
                x += c * d;
                i += c * r;
                nonzero += u32::from(c != 0);
            }
            (x, i, nonzero)
        })
        .collect();
    let mut by_offset: Vec<(i64, i64)> = points.iter().map(|p| (p.0, p.1)).collect();
    by_offset.sort_unstable();
    if let Some(w) = by_offset.windows(2).find(|w| w[0].0 == w[1].0) {
        return no_layout(&format!(
            "offset {} is reached at indices {} and {}",
            w[0].0, w[0].1, w[1].1
        ));
    }
    // Equations from the simplest coordinates first: inconsistencies show early.
    points.sort_by_key(|p| p.2);
    let has_negative = points.iter().any(|p| p.0 < 0);
    let mut cuts = Vec::new();
    for len in 0..=(64 - m.leading_zeros() as usize) {
        if let Some(r) = try_cuts(&points, m, has_negative, len, &mut cuts, l.is_static()) {
            return Some(r);
        }
    }
    no_layout(&format!(
        "no layout with mode boundaries up to max |offset| = {m} solves the equations"
    ))
}

/// Tries every chain of `len` more mode boundaries extending `cuts` (each a multiple of the
/// previous, all `≤ m`); solves for the strides at each complete chain.
fn try_cuts(
    points: &[(i64, i64, u32)],
    m: i64,
    has_negative: bool,
    len: usize,
    cuts: &mut Vec<i64>,
    is_static: bool,
) -> Option<Result<DynLayout>> {
    if len == 0 {
        return solve_cuts(points, m, has_negative, cuts, is_static);
    }
    let last = cuts.last().copied().unwrap_or(1);
    let mut next = last * 2;
    while next <= m {
        cuts.push(next);
        let r = try_cuts(points, m, has_negative, len - 1, cuts, is_static);
        cuts.pop();
        if r.is_some() {
            return r;
        }
        next += last;
    }
    None
}

/// The layout with mode boundaries `cuts` whose strides solve `R(x) = i` at every point, if
/// they are integers.
fn solve_cuts(
    points: &[(i64, i64, u32)],
    m: i64,
    has_negative: bool,
    cuts: &[i64],
    is_static: bool,
) -> Option<Result<DynLayout>> {
    let n = cuts.len() + 1 + usize::from(has_negative);
    let digits = |x: i64| -> Vec<i128> {
        let mut row = Vec::with_capacity(n);
        let mut lo = 1i64;
        for &p in cuts {
            row.push(i128::from(x.div_euclid(lo).rem_euclid(p / lo)));
            lo = p;
        }
        row.push(i128::from(x.div_euclid(lo)));
        if has_negative {
            row.push(i128::from(x < 0));
        }
        row
    };
    let sol = solve_integer(points.iter().map(|p| (digits(p.0), i128::from(p.1))), n)?;
    // Modes: the digits, the last one sized to cover M; on negative offsets the constant K
    // (the last unknown) comes from one more boundary beyond M (see the docs).
    let mut lo = 1i64;
    let mut modes = Vec::with_capacity(n + 1);
    for (j, &p) in cuts.iter().enumerate() {
        modes.push((p / lo, sol[j]));
        lo = p;
    }
    let last_size = m / lo + 1;
    modes.push((last_size, sol[cuts.len()]));
    if has_negative && sol[n - 1] != 0 {
        let t = last_size
            .checked_mul(sol[cuts.len()])?
            .checked_sub(sol[n - 1])?;
        modes.push((1, t));
    }
    let modes = coalesce_modes(&modes, true).ok()?;
    // Check every equation on the layout itself (floor and mod at negative offsets).
    let eval = |x: i64| -> Option<i64> {
        let mut acc = 0i64;
        let mut rest = x;
        for (k, &(s, d)) in modes.iter().enumerate() {
            let c = if k + 1 == modes.len() {
                rest
            } else {
                rest.rem_euclid(s)
            };
            rest = rest.div_euclid(s);
            acc = acc.checked_add(c.checked_mul(d)?)?;
        }
        Some(acc)
    };
    if points.iter().all(|p| eval(p.0) == Some(p.1)) {
        Some(from_modes(&modes, is_static))
    } else {
        None
    }
}

/// An integer solution of the linear system `rows` (coefficients, right-hand side) in `n`
/// unknowns, with the unknowns the system leaves free set to 0; `None` when the system has no
/// solution, that particular one is not integral, or an intermediate overflows `i128`.
fn solve_integer(rows: impl Iterator<Item = (Vec<i128>, i128)>, n: usize) -> Option<Vec<i64>> {
    fn gcd(a: i128, b: i128) -> i128 {
        let (mut a, mut b) = (a.abs(), b.abs());
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    }
    // Echelon rows: (pivot column, coefficients, right-hand side).
    let mut pivots: Vec<(usize, Vec<i128>, i128)> = Vec::new();
    for (mut a, mut b) in rows {
        for (c, pa, pb) in &pivots {
            let f = a[*c];
            if f != 0 {
                let g = pa[*c];
                for (x, y) in a.iter_mut().zip(pa) {
                    *x = x.checked_mul(g)?.checked_sub(y.checked_mul(f)?)?;
                }
                b = b.checked_mul(g)?.checked_sub(pb.checked_mul(f)?)?;
                let d = a.iter().fold(b, |d, &x| gcd(d, x));
                if d > 1 {
                    a.iter_mut().for_each(|x| *x /= d);
                    b /= d;
                }
            }
        }
        match a.iter().position(|&x| x != 0) {
            Some(c) => pivots.push((c, a, b)),
            None if b != 0 => return None,
            None => {}
        }
    }
    let mut x = alloc::vec![0i128; n];
    for (c, a, b) in pivots.iter().rev() {
        let mut rhs = *b;
        for (k, &coef) in a.iter().enumerate() {
            if k != *c {
                rhs = rhs.checked_sub(coef.checked_mul(x[k])?)?;
            }
        }
        if rhs % a[*c] != 0 {
            return None;
        }
        x[*c] = rhs / a[*c];
    }
    x.into_iter().map(|v| i64::try_from(v).ok()).collect()
}

plain!(left_inverse = try_left_inverse(l: &DynLayout) -> DynLayout);
