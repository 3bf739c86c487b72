//! Complement, right inverse and left inverse of a basis-strided layout, by codomain component.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{delegate, mark, Mode};
use crate::basis::{DynBasisLayout, DynBasisTuple, DynScaledBasis};
use crate::error::{ErrorKind, LayoutError, Result};
use crate::runtime::layout::{DynLayout, DynTuple};
use crate::runtime::{err, from_modes};

/// Calls `f(path, L_p)` for each integer leaf of the codomain, where `L_p` is the integer layout
/// of `A`'s flat modes with their values along `e_p` (strides along other paths become 0 when
/// `keep_all`, and are left out otherwise), and assembles the results (integer layouts) in the
/// codomain's structure: a shape tree and a stride tree of integers, and the paths.
fn by_component(
    a: &DynBasisLayout,
    keep_all: bool,
    f: &mut dyn FnMut(&[usize], &DynLayout) -> Result<DynLayout>,
) -> Result<(DynTuple, DynTuple, DynBasisTuple)> {
    fn go(
        node: &DynTuple,
        path: &mut Vec<usize>,
        modes: &[Mode],
        keep_all: bool,
        f: &mut dyn FnMut(&[usize], &DynLayout) -> Result<DynLayout>,
    ) -> Result<(DynTuple, DynTuple, DynBasisTuple)> {
        match node {
            DynTuple::Int(_) => {
                let along: Vec<(i64, i64)> = modes
                    .iter()
                    .filter(|(_, d)| keep_all || d.modes == *path)
                    .map(|(s, d)| (*s, if d.modes == *path { d.value.value } else { 0 }))
                    .collect();
                let lp = from_modes(&along, false)?;
                let r = f(path, &lp)?;
                let (s, d) = r.into_parts();
                let db = DynBasisTuple::from(&d).map_leaves(&mut |b| DynScaledBasis {
                    value: b.value,
                    modes: path.clone(),
                });
                Ok((s, d, db))
            }
            DynTuple::Tuple(v) => {
                let mut ss = Vec::with_capacity(v.len());
                let mut ds = Vec::with_capacity(v.len());
                let mut bs = Vec::with_capacity(v.len());
                for (i, t) in v.iter().enumerate() {
                    path.push(i);
                    let (s, d, b) = go(t, path, modes, keep_all, f)?;
                    path.pop();
                    ss.push(s);
                    ds.push(d);
                    bs.push(b);
                }
                Ok((
                    DynTuple::Tuple(ss),
                    DynTuple::Tuple(ds),
                    DynBasisTuple::Tuple(bs),
                ))
            }
        }
    }
    go(&a.codomain(), &mut Vec::new(), &a.flat_modes(), keep_all, f)
}

fn path_text(p: &[usize]) -> String {
    if p.is_empty() {
        String::from("the integers")
    } else {
        format!("{}", DynScaledBasis::unit(p.iter().copied()))
    }
}

fn complement_with(
    a: &DynBasisLayout,
    cotarget: &dyn Fn(&[usize], &DynLayout) -> Result<i64>,
) -> Result<DynBasisLayout> {
    let (shape, _, stride) = by_component(a, false, &mut |p, lp| {
        let m = cotarget(p, lp)?;
        crate::runtime::try_complement(lp, m).map_err(|e| {
            err(
                e.kind(),
                format!("{} (the modes of {a} along {})", e.detail(), path_text(p)),
            )
        })
    })?;
    mark(DynBasisLayout::new(shape, stride)?, a.is_static())
}

/// `complement(A, M)` with basis strides (paper §3.5, Eq. 27–29): for each component `e_p` of
/// the codomain, the modes of `A` along `e_p` are complemented as an integer layout up to the
/// cotarget's leaf at `p`, and the result is written along `e_p`. The result has the codomain's
/// structure (Eq. 27); its images are disjoint from `A`'s (Eq. 28, on its extended domain) and
/// ordered (Eq. 29). `cotarget` has the structure of [`DynBasisLayout::codomain`] (an integer
/// for an integer layout); otherwise it is an [`ErrorKind::RankMismatch`] error.
///
/// ```
/// use cute_layout::{algebra::basis::complement, DynBasisLayout};
/// let a: DynBasisLayout = "(4,2):(1@0,4@1)".parse().unwrap();
/// assert_eq!(complement(&a, &"(8,16)".parse().unwrap()).to_string(), "(2,(4,2)):(4@0,(1@1,8@1))");
/// ```
pub fn try_complement(a: &DynBasisLayout, cotarget: &DynTuple) -> Result<DynBasisLayout> {
    let codomain = a.codomain();
    if !codomain.congruent(cotarget) {
        return Err(err(
            ErrorKind::RankMismatch,
            format!(
                "the cotarget {cotarget} of the complement of {a} must have the structure of its codomain {codomain}"
            ),
        ));
    }
    if a.is_integral() {
        let m = cotarget.as_int().unwrap_or(1);
        return delegate(crate::runtime::try_complement(&a.to_dyn_layout()?, m));
    }
    complement_with(a, &|p, _| {
        cotarget
            .get_path(p)
            .ok()
            .and_then(DynTuple::as_int)
            .ok_or_else(|| LayoutError::new(ErrorKind::RankMismatch))
    })
}
plain!(complement = try_complement(a: &DynBasisLayout, cotarget: &DynTuple) -> DynBasisLayout);

/// `complement(A)` (paper Table 7): each component complemented up to its own cosize.
///
/// ```
/// use cute_layout::{algebra::basis::complement_full, DynBasisLayout};
/// let b = |s: &str| s.parse::<DynBasisLayout>().unwrap();
/// // Paper Table 7 prints (1,1):(4e0,4e1) here; Eq. 28 requires 8e1 (see tests/runtime_basis.rs).
/// assert_eq!(complement_full(&b("(4,8):(1@0,1@1)")), b("(1,1):(4@0,8@1)"));
/// ```
pub fn try_complement_full(a: &DynBasisLayout) -> Result<DynBasisLayout> {
    if a.is_integral() {
        return delegate(crate::runtime::try_complement_full(&a.to_dyn_layout()?));
    }
    // The cosize of a component with a negative stride is refused by the complement itself.
    complement_with(a, &|_, lp| Ok(lp.cosize()))
}
plain!(complement_full = try_complement_full(a: &DynBasisLayout) -> DynBasisLayout);

/// `right_inverse(L)` with basis strides (paper §3.4.1, Eq. 24, Table 5): a layout `L‡` from
/// the codomain's coordinates to integral coordinates of `L` with `L‡(L(L‡(k))) = L‡(k)`. For
/// each component `e_p`, the integer right inverse of `L` with its strides along `e_p` (the
/// others 0) maps the `p`-th coordinate to an index; `L‡` has these at the codomain's
/// positions, so its domain has the codomain's structure (`D ≲ L‡`).
///
/// ```
/// use cute_layout::{algebra::basis::right_inverse, DynBasisLayout, DynLayout};
/// let b = |s: &str| s.parse::<DynBasisLayout>().unwrap();
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// assert_eq!(right_inverse(&b("(4,(4,2)):(1@1,(1@0,6@1))")), l("(4,4):(4,1)")); // Table 5
/// ```
pub fn try_right_inverse(a: &DynBasisLayout) -> Result<DynLayout> {
    if a.is_integral() {
        return crate::runtime::try_right_inverse(&a.to_dyn_layout()?);
    }
    let (shape, stride, _) =
        by_component(a, true, &mut |_, lp| crate::runtime::try_right_inverse(lp))?;
    let is_static = a.is_static();
    DynLayout::new(shape.with_static(is_static), stride.with_static(is_static))
}
plain!(right_inverse = try_right_inverse(a: &DynBasisLayout) -> DynLayout);

/// `left_inverse(L)` with basis strides (paper §3.4.3, Eq. 26, Table 6): a layout `L†` from
/// the codomain's coordinates to integral coordinates of `L` with `L†(L(i)) = i` for every
/// `i < size(L)` (the digits of stride-0 modes read as 0, so `L(L†(L(i))) = L(i)` always), as
/// NVIDIA's PyCuTe defines it for coordinate codomains.
///
/// By component, as [`try_right_inverse`]: for each leaf `e_p` of the codomain, the integer left
/// inverse ([`algebra::try_left_inverse`](crate::runtime::try_left_inverse)) of `L` with its
/// strides along `e_p` and the others 0 reads the `p`-th entry of a coordinate as the index of the
/// modes along `e_p` — mixed-radix digits when those strides divide and nest, an exact search on
/// small cases otherwise. `L†` has these at the codomain's positions, so its shape has the
/// codomain's structure and `L†(c) = Σ_p L†_p(c_p)`: the modes along different components are
/// independent. A component whose modes overlap (`(2,2):(1@0,1@0)`) has no left inverse: the
/// integer engine's error, naming the component.
///
/// ```
/// use cute_layout::{algebra::basis::left_inverse, DynBasisLayout, DynLayout};
/// let b = |s: &str| s.parse::<DynBasisLayout>().unwrap();
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// // (i, j) ↦ (j, i): the inverse reads coordinate (c0, c1) as index 4·c0 + c1.
/// assert_eq!(left_inverse(&b("(4,5):(1@1,1@0)")), l("(5,4):(4,1)"));
/// // PyCuTe test_inverse_left.py: along e0, strides 2 and 34 leave gaps (shape 2 and 17, the
/// // first of stride 0); along e1 the gap below stride 2.
/// assert_eq!(left_inverse(&b("(3,(2,2)):(34@0,(2@0,2@1))")),
///            l("((2,17,3),(2,2)):((0,3,1),(0,6))"));
/// ```
pub fn try_left_inverse(a: &DynBasisLayout) -> Result<DynLayout> {
    if a.is_integral() {
        return crate::runtime::try_left_inverse(&a.to_dyn_layout()?);
    }
    let (shape, stride, _) = by_component(a, true, &mut |p, lp| {
        crate::runtime::try_left_inverse(lp).map_err(|e| {
            err(
                e.kind(),
                format!("{} (the modes of {a} along {})", e.detail(), path_text(p)),
            )
        })
    })?;
    let is_static = a.is_static();
    DynLayout::new(shape.with_static(is_static), stride.with_static(is_static))
}
plain!(left_inverse = try_left_inverse(a: &DynBasisLayout) -> DynLayout);
