//! Right and left inverses (paper §3.4, Tables 5 and 6).

use alloc::format;
use alloc::vec::Vec;

use super::coalesce::coalesce_modes;
use super::{err, flat_modes, from_modes, require_nonnegative};
use crate::error::{ErrorKind, LayoutError, Result};
use crate::runtime::layout::{checked_mul, DynLayout};

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
    let rows: Vec<(Vec<i128>, i128)> = points
        .iter()
        .map(|p| (digits(p.0), i128::from(p.1)))
        .collect();
    let sol = match solve_integer(&rows, n) {
        Ok(sol) => sol?,
        Err(e) => return Some(Err(e)),
    };
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
    if points
        .iter()
        .all(|p| crate::rules::int::eval_floor(&modes, p.0) == Some(p.1))
    {
        Some(from_modes(&modes, is_static))
    } else {
        None
    }
}

/// An integer solution of the linear system `rows` (coefficients, right-hand side) in `n`
/// unknowns, exact: the column Hermite form `H = A·U` (`U` unimodular, built from extended-gcd
/// column operations) is lower echelon, so `H·y = b` is solved by forward substitution, where
/// each pivot determines one `y_k` and must divide exactly; the unknowns past the rank are 0 and
/// `x = U·y`. `Ok(None)` exactly when no integer solution exists (also when one exists but does
/// not fit `i64`); `Err(Overflow)` when an intermediate overflows `i128`.
fn solve_integer(rows: &[(Vec<i128>, i128)], n: usize) -> Result<Option<Vec<i64>>> {
    fn ovf() -> LayoutError {
        err(
            ErrorKind::Overflow,
            "left_inverse: an intermediate of the integer stride system overflows i128".into(),
        )
    }
    /// `(g, p, q)` with `p·a + q·b = g = gcd(a, b) ≥ 0`.
    fn ext_gcd(a: i128, b: i128) -> Option<(i128, i128, i128)> {
        let (mut r0, mut r1, mut p0, mut p1, mut q0, mut q1) = (a, b, 1i128, 0i128, 0i128, 1i128);
        while r1 != 0 {
            let t = r0.checked_div_euclid(r1)?;
            (r0, r1) = (r1, r0.checked_sub(t.checked_mul(r1)?)?);
            (p0, p1) = (p1, p0.checked_sub(t.checked_mul(p1)?)?);
            (q0, q1) = (q1, q0.checked_sub(t.checked_mul(q1)?)?);
        }
        if r0 < 0 {
            Some((r0.checked_neg()?, p0.checked_neg()?, q0.checked_neg()?))
        } else {
            Some((r0, p0, q0))
        }
    }
    /// `x·u + y·v`, elementwise.
    fn combine(u: &[i128], x: i128, v: &[i128], y: i128) -> Option<Vec<i128>> {
        u.iter()
            .zip(v)
            .map(|(&a, &b)| a.checked_mul(x)?.checked_add(b.checked_mul(y)?))
            .collect()
    }
    let r = rows.len();
    // Column j: (column j of A, then column j of U).
    let mut cols: Vec<Vec<i128>> = (0..n)
        .map(|j| {
            rows.iter()
                .map(|row| row.0[j])
                .chain((0..n).map(|k| i128::from(k == j)))
                .collect()
        })
        .collect();
    let mut pivot_rows: Vec<usize> = Vec::new();
    for i in 0..r {
        let k = pivot_rows.len();
        if k == n {
            break;
        }
        for j in k + 1..n {
            let (a, b) = (cols[k][i], cols[j][i]);
            if b == 0 {
                continue;
            }
            let (g, p, q) = ext_gcd(a, b).ok_or_else(ovf)?;
            // [[p, -b/g], [q, a/g]] has determinant 1.
            let pivot = combine(&cols[k], p, &cols[j], q).ok_or_else(ovf)?;
            let zeroed = combine(&cols[k], -(b / g), &cols[j], a / g).ok_or_else(ovf)?;
            (cols[k], cols[j]) = (pivot, zeroed);
        }
        let d = cols[k][i];
        if d != 0 {
            // Keep the earlier columns small on this row (Hermite reduction).
            for c in 0..k {
                let t = cols[c][i].div_euclid(d);
                if t != 0 {
                    cols[c] = combine(&cols[c], 1, &cols[k], -t).ok_or_else(ovf)?;
                }
            }
            pivot_rows.push(i);
        }
    }
    let mut y = alloc::vec![0i128; n];
    let mut next = 0;
    for (i, row) in rows.iter().enumerate() {
        let mut rhs = row.1;
        for (k, yk) in y.iter().enumerate().take(next) {
            rhs = rhs
                .checked_sub(cols[k][i].checked_mul(*yk).ok_or_else(ovf)?)
                .ok_or_else(ovf)?;
        }
        if pivot_rows.get(next) == Some(&i) {
            let d = cols[next][i];
            if rhs % d != 0 {
                return Ok(None);
            }
            y[next] = rhs / d;
            next += 1;
        } else if rhs != 0 {
            return Ok(None);
        }
    }
    let mut x = Vec::with_capacity(n);
    for j in 0..n {
        let mut v = 0i128;
        for (k, yk) in y.iter().enumerate() {
            v = v
                .checked_add(cols[k][r + j].checked_mul(*yk).ok_or_else(ovf)?)
                .ok_or_else(ovf)?;
        }
        match i64::try_from(v) {
            Ok(v) => x.push(v),
            Err(_) => return Ok(None),
        }
    }
    Ok(Some(x))
}

plain!(left_inverse = try_left_inverse(l: &DynLayout) -> DynLayout);
