//! Coalesce (paper §3.2) and the mode-manipulating helpers: `filter_zeros`, `filter`,
//! `flatten`, `group_modes`, `append`, `prepend`, `make_layout`, `select`, `take`.

use alloc::format;
use alloc::vec::Vec;

use super::{concat, err, flat_modes, from_modes, Modes};
use crate::error::{ErrorKind, Result};
use crate::runtime::layout::{checked_mul, DynLayout, DynTuple};

/// Merges flat modes left to right by the rules of paper §3.2: size-1 modes vanish and
/// `s0:d0 ++ s1:d1 = s0·s1:d0` when `d1 = s0·d0`. With `keep_last`, the last mode is kept even
/// when its size is 1, so that the result also agrees with the input on the *extended* domain
/// (the last mode's stride is what an out-of-bounds coordinate is multiplied by).
pub(crate) fn coalesce_modes(modes: &[(i64, i64)], keep_last: bool) -> Result<Modes> {
    let mut out = Modes::new();
    let n = modes.len();
    for (k, &(s, d)) in modes.iter().enumerate() {
        if s == 1 && !(keep_last && k + 1 == n) {
            continue;
        }
        match out.last_mut() {
            Some(last) if last.0.checked_mul(last.1) == Some(d) => {
                last.0 = checked_mul(last.0, s)?;
            }
            _ => out.push((s, d)),
        }
    }
    Ok(out)
}

/// `coalesce(A)` (paper §3.2): the layout of minimal rank with the same size and the same
/// values on `[0, size(A))` (Eq. 13-15): flatten, drop size-1 modes, merge `s0:d0, s1:d1` into
/// `s0·s1:d0` when `d1 = s0·d0`. A rank-1 result is an integer leaf; a layout of size 1 gives
/// `1:0`.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::coalesce};
/// let a: DynLayout = "((4,3),5):((15,1),3)".parse().unwrap();
/// assert_eq!(coalesce(&a).to_string(), "(4,15):(15,1)");
/// ```
pub fn try_coalesce(a: &DynLayout) -> Result<DynLayout> {
    let modes = coalesce_modes(&flat_modes(a), false)?;
    from_modes(&modes, a.is_static())
}

plain!(coalesce = try_coalesce(a: &DynLayout) -> DynLayout);

/// By-mode coalesce with a profile (paper Eq. 12): where `profile` is a tuple, coalesce each
/// mode of `A` with the matching element of the profile (modes of `A` beyond the profile stay
/// unchanged); where it is an integer, coalesce the whole (sub)layout. The paper writes the
/// profile `⟨*,*⟩`: `coalesce((2,(1,6)):(1,(6,2)), (1,1)) = (2,6):(1,2)`.
///
/// ```
/// # use cute_layout::{DynLayout, DynTuple, algebra::coalesce_by_mode};
/// let a: DynLayout = "(2,(1,6)):(1,(6,2))".parse().unwrap();
/// let profile: DynTuple = "(1,1)".parse().unwrap();
/// assert_eq!(coalesce_by_mode(&a, &profile).to_string(), "(2,6):(1,2)");
/// ```
pub fn try_coalesce_by_mode(a: &DynLayout, profile: &DynTuple) -> Result<DynLayout> {
    match profile {
        DynTuple::Int(_) => try_coalesce(a),
        DynTuple::Tuple(ps) => {
            if ps.len() > a.rank() {
                return Err(err(
                    ErrorKind::RankMismatch,
                    format!(
                        "profile {profile} has rank {} but {a} has rank {}",
                        ps.len(),
                        a.rank()
                    ),
                ));
            }
            if a.shape().is_int() {
                // A rank-1 integer layout with a rank-1 profile.
                return match ps.first() {
                    Some(p) => try_coalesce_by_mode(a, p),
                    None => Ok(a.clone()),
                };
            }
            let modes = a
                .modes()
                .enumerate()
                .map(|(i, m)| match ps.get(i) {
                    Some(p) => try_coalesce_by_mode(&m, p),
                    None => Ok(m),
                })
                .collect::<Result<Vec<_>>>()?;
            concat(modes)
        }
    }
}

plain!(coalesce_by_mode = try_coalesce_by_mode(a: &DynLayout, profile: &DynTuple) -> DynLayout);

/// `filter_zeros(A)`: the same layout with the shape of every stride-0 leaf replaced by 1, so
/// that the layout no longer revisits offsets through those modes. Structure is kept.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::filter_zeros};
/// let a: DynLayout = "(4,(2,3)):(0,(1,0))".parse().unwrap();
/// assert_eq!(filter_zeros(&a).to_string(), "(1,(2,1)):(0,(1,0))");
/// ```
pub fn try_filter_zeros(a: &DynLayout) -> Result<DynLayout> {
    fn go(s: &DynTuple, d: &DynTuple) -> DynTuple {
        match (s, d) {
            (DynTuple::Int(si), DynTuple::Int(di)) if di.value == 0 => {
                DynTuple::Int(crate::runtime::layout::DynInt {
                    value: 1,
                    is_static: si.is_static,
                })
            }
            (DynTuple::Tuple(ss), DynTuple::Tuple(ds)) => {
                DynTuple::Tuple(ss.iter().zip(ds).map(|(s, d)| go(s, d)).collect())
            }
            _ => s.clone(),
        }
    }
    DynLayout::new(go(a.shape(), a.stride()), a.stride().clone())
}

plain!(filter_zeros = try_filter_zeros(a: &DynLayout) -> DynLayout);

/// `filter(A) = coalesce(filter_zeros(A))`: a layout of minimal rank with the same image as
/// `A`, each offset generated by one coordinate fewer times (stride-0 modes removed).
///
/// ```
/// # use cute_layout::{DynLayout, algebra::filter};
/// let a: DynLayout = "(4,(2,3)):(0,(1,2))".parse().unwrap();
/// assert_eq!(filter(&a).to_string(), "6:1");
/// ```
pub fn try_filter(a: &DynLayout) -> Result<DynLayout> {
    try_coalesce(&try_filter_zeros(a)?)
}

plain!(filter = try_filter(a: &DynLayout) -> DynLayout);

/// `flatten(A)`: the flat layout of all leaves (an integer layout stays an integer layout).
///
/// ```
/// # use cute_layout::{DynLayout, algebra::flatten};
/// let a: DynLayout = "((2,2),(4,2)):((1,8),(2,16))".parse().unwrap();
/// assert_eq!(flatten(&a).to_string(), "(2,2,4,2):(1,8,2,16)");
/// ```
pub fn try_flatten(a: &DynLayout) -> Result<DynLayout> {
    DynLayout::new(a.shape().flatten(), a.stride().flatten())
}

plain!(flatten = try_flatten(a: &DynLayout) -> DynLayout);

fn modes_vec(a: &DynLayout) -> Vec<DynLayout> {
    a.modes().collect()
}

fn range_check(a: &DynLayout, begin: usize, end: usize) -> Result<()> {
    if begin > end || end > a.rank() {
        return Err(err(
            ErrorKind::RankMismatch,
            format!(
                "mode range [{begin}, {end}) is not within the {} modes of {a}",
                a.rank()
            ),
        ));
    }
    Ok(())
}

/// `group_modes(A, b, e)`: modes `[b, e)` of `A` gathered into one mode,
/// `(A0, ..., (Ab, ..., Ae-1), Ae, ...)`.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::group_modes};
/// let a: DynLayout = "(2,3,4,5):(1,2,6,24)".parse().unwrap();
/// assert_eq!(group_modes(&a, 1, 3).to_string(), "(2,(3,4),5):(1,(2,6),24)");
/// ```
pub fn try_group_modes(a: &DynLayout, begin: usize, end: usize) -> Result<DynLayout> {
    range_check(a, begin, end)?;
    let mut modes = modes_vec(a);
    let tail = modes.split_off(end);
    let group = modes.split_off(begin);
    modes.push(concat(group)?);
    modes.extend(tail);
    concat(modes)
}

plain!(group_modes = try_group_modes(a: &DynLayout, begin: usize, end: usize) -> DynLayout);

/// `append(A, B)`: `B` added as a new last mode, `(A0, ..., An, B)`; an integer layout `A`
/// counts as rank 1.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::append};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// assert_eq!(append(&l("4:1"), &l("2:4")).to_string(), "(4,2):(1,4)");
/// ```
pub fn try_append(a: &DynLayout, b: &DynLayout) -> Result<DynLayout> {
    let mut modes = modes_vec(a);
    modes.push(b.clone());
    concat(modes)
}

plain!(append = try_append(a: &DynLayout, b: &DynLayout) -> DynLayout);

/// `prepend(A, B)`: `B` added as a new first mode, `(B, A0, ..., An)`.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::prepend};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// assert_eq!(prepend(&l("(4,2):(1,4)"), &l("3:8")).to_string(), "(3,4,2):(8,1,4)");
/// ```
pub fn try_prepend(a: &DynLayout, b: &DynLayout) -> Result<DynLayout> {
    let mut modes = alloc::vec![b.clone()];
    modes.extend(a.modes());
    concat(modes)
}

plain!(prepend = try_prepend(a: &DynLayout, b: &DynLayout) -> DynLayout);

/// `make_layout(L0, L1, ...)`: the concatenation (paper §3.1) of layouts as the modes of one
/// layout, `L(c0, c1, ...) = L0(c0) + L1(c1) + ...` (Eq. 11).
///
/// ```
/// # use cute_layout::{DynLayout, algebra::make_layout};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// assert_eq!(make_layout(&[l("4:1"), l("(2,3):(4,8)")]).to_string(), "(4,(2,3)):(1,(4,8))");
/// ```
pub fn try_make_layout(modes: &[DynLayout]) -> Result<DynLayout> {
    concat(modes.iter().cloned())
}

plain!(make_layout = try_make_layout(modes: &[DynLayout]) -> DynLayout);

/// `select(A, [i, j, ...])`: the layout of the chosen modes, in the given order (indices may
/// repeat).
///
/// ```
/// # use cute_layout::{DynLayout, algebra::select};
/// let a: DynLayout = "(2,3,4):(1,2,6)".parse().unwrap();
/// assert_eq!(select(&a, &[2, 0]).to_string(), "(4,2):(6,1)");
/// ```
pub fn try_select(a: &DynLayout, indices: &[usize]) -> Result<DynLayout> {
    let modes = indices
        .iter()
        .map(|&i| a.mode(i))
        .collect::<Result<Vec<_>>>()?;
    concat(modes)
}

plain!(select = try_select(a: &DynLayout, indices: &[usize]) -> DynLayout);

/// `take(A, b, e)`: the layout of modes `[b, e)`.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::take};
/// let a: DynLayout = "(2,3,4):(1,2,6)".parse().unwrap();
/// assert_eq!(take(&a, 1, 3).to_string(), "(3,4):(2,6)");
/// ```
pub fn try_take(a: &DynLayout, begin: usize, end: usize) -> Result<DynLayout> {
    range_check(a, begin, end)?;
    concat(modes_vec(a).drain(begin..end))
}

plain!(take = try_take(a: &DynLayout, begin: usize, end: usize) -> DynLayout);
