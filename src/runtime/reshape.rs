//! Element-width changes: `upcast`, `downcast` and `recast_layout` (CuTe `layout.hpp`), on
//! [`DynLayout`].

use alloc::vec::Vec;

use super::err;
use crate::error::{ErrorKind, Result};
use crate::rules::int::gcd;
use crate::runtime::layout::{checked_mul, DynInt, DynLayout, DynTuple};

/// Rebuilds a layout leaf by leaf: `f(shape leaf, stride leaf)` gives the new pair (marks
/// included); the tree is kept.
fn map_leaves(
    l: &DynLayout,
    f: &dyn Fn(DynInt, DynInt) -> Result<(DynInt, DynInt)>,
) -> Result<DynLayout> {
    fn go(
        s: &DynTuple,
        d: &DynTuple,
        f: &dyn Fn(DynInt, DynInt) -> Result<(DynInt, DynInt)>,
    ) -> Result<(DynTuple, DynTuple)> {
        match (s, d) {
            (DynTuple::Int(s), DynTuple::Int(d)) => {
                let (s, d) = f(*s, *d)?;
                Ok((DynTuple::Int(s), DynTuple::Int(d)))
            }
            (DynTuple::Tuple(ss), DynTuple::Tuple(ds)) => {
                let (s, d): (Vec<_>, Vec<_>) = ss
                    .iter()
                    .zip(ds)
                    .map(|(s, d)| go(s, d, f))
                    .collect::<Result<Vec<_>>>()?
                    .into_iter()
                    .unzip();
                Ok((DynTuple::Tuple(s), DynTuple::Tuple(d)))
            }
            // DynLayout's invariant: shape and stride are congruent.
            _ => unreachable!("a DynLayout's shape and stride are congruent"),
        }
    }
    let (s, d) = go(l.shape(), l.stride(), f)?;
    DynLayout::new(s, d)
}

fn check_factor(op: &str, n: i64) -> Result<()> {
    if n < 1 {
        return Err(err(
            ErrorKind::InvalidArgument,
            alloc::format!("{op}<{n}>: the factor must be at least 1"),
        ));
    }
    Ok(())
}

/// CuTe's `upcast<N>(L)`: `L`, whose offsets count elements of some width, as a layout over
/// elements `N` times wider. Leaf by leaf, with `g = gcd(|d|, N)`:
///
/// * `d = 0`: kept (`g = N`);
/// * `N | d`: `s : d/N` (the stride in wide elements);
/// * `d | N` (`|d| < N`): `s/(N/|d|) : sign(d)` — each wide element holds `N/|d|` of the
///   mode's elements (for `d = 1`: "divide the size by `N`");
///
/// that is `s/(N/g) : d/g`. CuTe's static conditions are kept: a stride that neither divides
/// nor is a multiple of `N` is an [`ErrorKind::NotDivisible`] error (CuTe's `static_assert`,
/// e.g. `upcast<2>(4:3)`). Where CuTe rounds the size up (`ceil_div`), this requires `N/g | s`
/// and errs otherwise ([`ErrorKind::NotDivisible`]): `upcast<2>(3:1)` would give a wide layout
/// that addresses a half-used element. A nested contiguous mode whose leaves are each smaller
/// than `N/g` (`(2,2):(1,2)` with `N = 4`) is refused the same way: coalesce it first.
/// Dynamic strides follow the same rule by value (CuTe assumes a dynamic stride is a multiple
/// of `N` and divides it; where that holds the results agree).
///
/// **Contract.** For every coordinate `c` of `L`: `L(c) = N·U(c') + Σᵢ sign(dᵢ)·((|dᵢ|·cᵢ) mod
/// N)`, where the sum runs over the leaves with `0 < |dᵢ| < N`, whose coordinates become
/// `c'ᵢ = ⌊|dᵢ|·cᵢ / N⌋` (all other coordinates are unchanged), and `c ↦ c'` is onto the
/// coordinates of `U`. With one unit-stride leaf (`d = 1`) this reads `L(c) = N·U(c') + j`,
/// `0 ≤ j < N`: element `c` lies at position `j` of wide element `U(c')`.
///
/// Marks: a result shape leaf is static iff its shape and stride were, a stride leaf iff its
/// stride was (as the type-level engine computes).
///
/// ```
/// # use cute_layout::{DynLayout, algebra::upcast};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// // 16-bit elements of an (8,64):(64,1) tile, read as 128-bit vectors (8 elements each):
/// assert_eq!(upcast(&l("(8,64):(64,1)"), 8), l("(8,8):(8,1)"));
/// assert_eq!(upcast(&l("((4,2),8):((0,16),2)"), 4), l("((4,2),4):((0,4),1)"));
/// assert!(cute_layout::algebra::try_upcast(&l("4:3"), 2).is_err()); // 3 and 2
/// ```
pub fn try_upcast(l: &DynLayout, n: i64) -> Result<DynLayout> {
    check_factor("upcast", n)?;
    map_leaves(l, &|s, d| {
        // g = gcd(|d|, n) ≤ n, computed on magnitudes (|i64::MIN| fits u64).
        let g = gcd(d.value.unsigned_abs(), n as u64) as i64;
        if g != n && g as u64 != d.value.unsigned_abs() {
            return Err(err(
                ErrorKind::NotDivisible,
                alloc::format!(
                    "upcast<{n}> of {l}: stride {} and {n} do not divide each other",
                    d.value
                ),
            ));
        }
        let q = n / g;
        if s.value % q != 0 {
            return Err(err(
                ErrorKind::NotDivisible,
                alloc::format!(
                    "upcast<{n}> of {l}: a mode of stride {} holds {q} elements per wide element, and {q} does not divide its size {} (the last wide element would be partly outside the layout)",
                    d.value, s.value
                ),
            ));
        }
        Ok((
            DynInt {
                value: s.value / q,
                is_static: s.is_static && d.is_static,
            },
            DynInt {
                value: d.value / g,
                is_static: d.is_static,
            },
        ))
    })
}

plain!(upcast = try_upcast(l: &DynLayout, n: i64) -> DynLayout);

/// CuTe's `downcast<N>(L)`: `L`, whose offsets count elements of some width, as a layout over
/// elements `N` times narrower. Leaf by leaf: a unit stride (`d = ±1`) multiplies the size by
/// `N`, `s·N : d`; any other stride is multiplied, `s : d·N`. As CuTe's `downcast(Layout)`
/// requires ("Downcast requires adjacent elements"), some leaf must have stride 1 when
/// `N > 1` ([`ErrorKind::InvalidArgument`] otherwise); overflow is an error. A runtime stride
/// of 1 is a unit stride here (CuTe decides on the static `_1` only; its dynamic branch
/// multiplies).
///
/// **Contract.** For every coordinate `c` of `D = downcast<N>(U)`: `D(c) = N·U(c') +
/// Σᵢ dᵢ·(cᵢ mod N)` over the unit-stride leaves, whose coordinates become `c'ᵢ = ⌊cᵢ/N⌋`.
/// `upcast<N>(downcast<N>(U)) = U`; `downcast<N>(upcast<N>(L)) = L` unless `L` has a leaf of
/// size > 1 whose stride is `±N` or strictly between `−N` and `N` other than `0, ±1`.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::downcast};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// assert_eq!(downcast(&l("(8,8):(8,1)"), 8), l("(8,64):(64,1)"));
/// assert!(cute_layout::algebra::try_downcast(&l("4:2"), 2).is_err()); // no unit stride
/// ```
pub fn try_downcast(l: &DynLayout, n: i64) -> Result<DynLayout> {
    check_factor("downcast", n)?;
    if n > 1 && !l.stride().leaves().any(|d| d == 1) {
        return Err(err(
            ErrorKind::InvalidArgument,
            alloc::format!(
                "downcast<{n}> of {l}: no stride is 1 (CuTe: \"Downcast requires adjacent elements\")"
            ),
        ));
    }
    map_leaves(l, &|s, d| {
        let (sv, dv) = if d.value == 1 || d.value == -1 {
            (checked_mul(s.value, n)?, d.value)
        } else {
            (s.value, checked_mul(d.value, n)?)
        };
        Ok((
            DynInt {
                value: sv,
                is_static: s.is_static && d.is_static,
            },
            DynInt {
                value: dv,
                is_static: d.is_static,
            },
        ))
    })
}

plain!(downcast = try_downcast(l: &DynLayout, n: i64) -> DynLayout);

/// CuTe's `recast_layout<Old, New>(L)`, with the element widths in bits: for the ratio
/// `new_bits / old_bits = num / den` in lowest terms, `downcast<den>(upcast<num>(L))` (only
/// `upcast<num>` when `den = 1`, `L` itself when both are 1). Widths must be positive.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::recast_layout};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// assert_eq!(recast_layout(&l("(8,64):(64,1)"), 16, 128), l("(8,8):(8,1)")); // half → uint128
/// assert_eq!(recast_layout(&l("(8,8):(8,1)"), 32, 16), l("(8,16):(16,1)")); // float → half
/// assert_eq!(recast_layout(&l("(4,6):(6,1)"), 32, 48), l("(4,4):(4,1)")); // 2/3: up 3, down 2
/// ```
pub fn try_recast_layout(l: &DynLayout, old_bits: i64, new_bits: i64) -> Result<DynLayout> {
    if old_bits < 1 || new_bits < 1 {
        return Err(err(
            ErrorKind::InvalidArgument,
            alloc::format!("recast_layout: element widths must be positive, got {old_bits} and {new_bits} bits"),
        ));
    }
    let g = gcd(old_bits, new_bits);
    let (num, den) = (new_bits / g, old_bits / g);
    let up = try_upcast(l, num)?;
    if den == 1 {
        Ok(up)
    } else {
        try_downcast(&up, den)
    }
}

plain!(recast_layout = try_recast_layout(l: &DynLayout, old_bits: i64, new_bits: i64) -> DynLayout);
