//! Complement (paper §3.5, Eq. 27-29).

use alloc::format;
use alloc::vec::Vec;

use super::coalesce::coalesce_modes;
use super::{ceil_div, err, flat_modes, from_modes, require_nonnegative, Modes};
use crate::error::{ErrorKind, LayoutError, Result};
use crate::runtime::layout::{checked_mul, DynLayout};

/// The flat modes of `complement(A, M)`, before coalescing.
fn complement_modes(a: &DynLayout, m: i64) -> Result<Modes> {
    require_nonnegative(a, "complement")?;
    if m < 1 {
        return Err(err(
            ErrorKind::InvalidArgument,
            format!("complement cotarget {m} must be positive"),
        ));
    }
    let mut modes = flat_modes(a);
    modes.retain(|&mut (s, d)| s > 1 && d > 0);
    modes.sort_by_key(|&(s, d)| (d, s));
    let mut out = Modes::with_capacity(modes.len() + 1);
    let mut current = 1i64;
    for &(s, d) in &modes {
        if d < current {
            return Err(interleave_error(a, &modes, s, d, current));
        }
        out.push((d / current, current));
        current = checked_mul(d, s)?;
    }
    out.push((ceil_div(m, current).max(1), current));
    Ok(out)
}

/// Layouts of at most this many offsets (modes of stride 0 and size 1 left out) are checked
/// for injectivity by evaluation when their modes interleave, to tell `NotInjective` from
/// `ModesInterleave`.
const INJECTIVITY_CHECK_LIMIT: i64 = 1 << 16;

/// The error for a mode `s:d` that starts inside the span `[0, current)` of the smaller-stride
/// modes: [`ErrorKind::NotInjective`] when two coordinates are shown to reach one offset
/// (by evaluation up to [`INJECTIVITY_CHECK_LIMIT`] offsets, or, beyond, when some stride is a
/// multiple `k·d_i` of another with `k < s_i`), [`ErrorKind::ModesInterleave`] otherwise.
fn interleave_error(
    a: &DynLayout,
    modes: &[(i64, i64)],
    s: i64,
    d: i64,
    current: i64,
) -> LayoutError {
    let size = modes
        .iter()
        .try_fold(1i64, |acc, &(s, _)| acc.checked_mul(s));
    if let Some(n) = size.filter(|&n| n <= INJECTIVITY_CHECK_LIMIT) {
        // Every offset, by mixed radix over the modes (each offset fits: the span is checked
        // at construction).
        let mut offsets: Vec<i64> = (0..n)
            .map(|mut i| {
                modes.iter().fold(0i64, |acc, &(s, d)| {
                    let c = i % s;
                    i /= s;
                    acc + c * d
                })
            })
            .collect();
        offsets.sort_unstable();
        if let Some(w) = offsets.windows(2).find(|w| w[0] == w[1]) {
            return err(
                ErrorKind::NotInjective,
                format!("{a} reaches offset {} from two coordinates", w[0]),
            );
        }
    } else {
        for (i, &(si, di)) in modes.iter().enumerate() {
            for (j, &(sj, dj)) in modes.iter().enumerate() {
                if i != j && dj % di == 0 && dj / di < si {
                    return err(
                        ErrorKind::NotInjective,
                        format!("modes {si}:{di} and {sj}:{dj} of {a} both reach offset {dj}"),
                    );
                }
            }
        }
    }
    err(
        ErrorKind::ModesInterleave,
        format!(
            "mode {s}:{d} of {a} starts inside the span [0, {current}) of its smaller-stride modes, so no layout completes the image"
        ),
    )
}

/// `complement(A, M)` (paper §3.5): the layout `A*` whose image is disjoint from `A`'s even
/// on its extended domain (Eq. 28), ordered (Eq. 29), and which, concatenated with `A`,
/// reaches at least `M` (`cosize((A, A*)) ≥ M`).
///
/// The sorted-stride algorithm: drop stride-0 and size-1 modes, sort by stride, and walk with
/// `current = 1`; each mode `s:d` contributes `⌊d/current⌋ : current` ("fill the hole below
/// `d`") and sets `current = s·d`; a final mode `⌈M/current⌉ : current` extends the result. The
/// result is coalesced, keeping a trailing size-1 mode that carries the extension stride
/// (Table 7: `complement((4,8):(1,8)) = (2,1):(4,64)`).
///
/// Errors: a negative stride on a mode of size > 1 ([`ErrorKind::NegativeStride`]: the
/// sorted-stride algorithm, like CuTe C++'s, is defined for non-negative strides); a mode whose
/// stride lies inside the span of the smaller-stride modes (`d < current`): then no layout
/// completes the image. That is [`ErrorKind::NotInjective`] when the layout is shown not to be
/// injective (evaluated up to 2^16 offsets; beyond, when one stride is a small multiple of
/// another), else [`ErrorKind::ModesInterleave`]: `complement((8,2):(2,5), 32)` is injective,
/// but `2:5` starts inside the span `[0, 16)` of `8:2`.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::complement};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// assert_eq!(complement(&l("4:2"), 24), l("(2,3):(1,8)"));
/// assert_eq!(complement(&l("4:32"), 256), l("(32,2):(1,128)"));
/// ```
pub fn try_complement(a: &DynLayout, m: i64) -> Result<DynLayout> {
    if let Some(r) = super::flat::complement(a, m) {
        #[cfg(debug_assertions)]
        super::flat::debug_check(&r, complement_reference(a, m));
        return Ok(r);
    }
    complement_reference(a, m)
}

/// [`try_complement`] on the reference path (see `try_composition_layout`).
fn complement_reference(a: &DynLayout, m: i64) -> Result<DynLayout> {
    let modes = coalesce_modes(&complement_modes(a, m)?, true)?;
    from_modes(&modes, a.is_static())
}

plain!(complement = try_complement(a: &DynLayout, m: i64) -> DynLayout);

/// `complement(A)`: the complement with respect to `cosize(A)` (CuTe's one-argument form;
/// paper Table 7).
///
/// ```
/// # use cute_layout::{DynLayout, algebra::complement_full};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// assert_eq!(complement_full(&l("(4,8):(1,8)")), l("(2,1):(4,64)"));
/// ```
pub fn try_complement_full(a: &DynLayout) -> Result<DynLayout> {
    require_nonnegative(a, "complement")?;
    try_complement(a, a.cosize())
}

plain!(complement_full = try_complement_full(a: &DynLayout) -> DynLayout);

/// The complement as used inside divides (CuTe C++): coalesced without the trailing size-1
/// extension mode, so that `24:1 ⊘ 8:3 = (8,3):(3,1)` as in paper §3.5.2.
pub(crate) fn complement_plain(a: &DynLayout, m: i64) -> Result<DynLayout> {
    let modes = coalesce_modes(&complement_modes(a, m)?, false)?;
    from_modes(&modes, a.is_static())
}
