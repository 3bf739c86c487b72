//! Domains shared by two layouts (PyCuTe, NVlabs/CuTe `pycute/shape.py` and
//! `pycute/algebra.py`): the common refinement and the common coarsening of two shapes in the
//! compatibility order (paper Definition 2.7), the greatest common domain of two shapes, and
//! `layout_add`, the sum of two layouts as functions on a common domain.

use alloc::vec::Vec;

use super::{err, flat_modes, from_modes, try_coalesce};
use crate::error::{ErrorKind, Result};
use crate::rules::int::gcd as gcd128;
use crate::runtime::layout::{checked_add, DynInt, DynLayout, DynTuple};

/// The tuple with every leaf marked static or dynamic.
fn marked(t: &DynTuple, is_static: bool) -> DynTuple {
    t.with_static(is_static)
}

/// `common_refinement(a, b)` (PyCuTe, after paper Definition 2.7): the least shape `c` in the
/// compatibility order that refines both, `a ≼ c` and `b ≼ c`. Two tuples of the same rank
/// give the tuple of their modes' common refinements; two integers must be equal; an integer
/// and a tuple give the tuple when its size is the integer. Otherwise no shape refines both:
/// an [`ErrorKind::NoCommonRefinement`] error. The result is static iff both shapes are.
///
/// ```
/// # use cute_layout::{DynTuple, algebra::{common_refinement, try_common_refinement}};
/// let t = |s: &str| s.parse::<DynTuple>().unwrap();
/// // PyCuTe's examples.
/// assert_eq!(common_refinement(&t("30"), &t("(2,15)")), t("(2,15)"));
/// assert_eq!(common_refinement(&t("((2,3),20)"), &t("(6,(4,5))")), t("((2,3),(4,5))"));
/// assert!(try_common_refinement(&t("(2,(3,5))"), &t("((3,2),5)")).is_err());
/// ```
pub fn try_common_refinement(a: &DynTuple, b: &DynTuple) -> Result<DynTuple> {
    fn go(a: &DynTuple, b: &DynTuple) -> Result<DynTuple> {
        let refuse = |why: alloc::string::String| {
            Err(err(
                ErrorKind::NoCommonRefinement,
                alloc::format!("common_refinement({a}, {b}): {why}"),
            ))
        };
        match (a, b) {
            (DynTuple::Tuple(x), DynTuple::Tuple(y)) => {
                if x.len() != y.len() {
                    return refuse(alloc::format!("ranks {} and {} differ", x.len(), y.len()));
                }
                Ok(DynTuple::Tuple(
                    x.iter()
                        .zip(y)
                        .map(|(x, y)| go(x, y))
                        .collect::<Result<_>>()?,
                ))
            }
            (DynTuple::Int(x), DynTuple::Int(y)) if x.value == y.value => Ok(a.clone()),
            (DynTuple::Int(x), DynTuple::Int(y)) => refuse(alloc::format!(
                "the integers {} and {} differ",
                x.value,
                y.value
            )),
            (DynTuple::Int(x), t) | (t, DynTuple::Int(x)) => {
                let n = t.size()?;
                if n == x.value {
                    Ok(t.clone())
                } else {
                    refuse(alloc::format!("{t} has size {n}, not {}", x.value))
                }
            }
        }
    }
    Ok(marked(&go(a, b)?, a.is_static() && b.is_static()))
}

plain!(common_refinement = try_common_refinement(a: &DynTuple, b: &DynTuple) -> DynTuple);

/// `common_coarsening(a, b)` (PyCuTe, after paper Definition 2.7): the greatest shape `c` in
/// the compatibility order that coarsens both, `c ≼ a` and `c ≼ b`. Two tuples of the same rank
/// give the tuple of their modes' common coarsenings when every mode has one; otherwise the
/// integer `size(a)`, which coarsens every shape of that size. Shapes of different sizes have no
/// common coarsening: an [`ErrorKind::SizeMismatch`] error. The result is static iff both shapes
/// are.
///
/// ```
/// # use cute_layout::{DynTuple, algebra::{common_coarsening, try_common_coarsening}};
/// let t = |s: &str| s.parse::<DynTuple>().unwrap();
/// // PyCuTe's examples.
/// assert_eq!(common_coarsening(&t("(4,(3,5))"), &t("((2,2),15)")), t("(4,15)"));
/// assert_eq!(common_coarsening(&t("(2,(3,5))"), &t("((3,2),5)")), t("30"));
/// assert_eq!(common_coarsening(&t("(2,3)"), &t("(2,3,1)")), t("6"));
/// assert!(try_common_coarsening(&t("7"), &t("(2,3)")).is_err());
/// ```
pub fn try_common_coarsening(a: &DynTuple, b: &DynTuple) -> Result<DynTuple> {
    /// `None` where the sizes differ.
    fn go(a: &DynTuple, b: &DynTuple) -> Result<Option<DynTuple>> {
        if let (DynTuple::Tuple(x), DynTuple::Tuple(y)) = (a, b) {
            if x.len() == y.len() {
                let modes = x
                    .iter()
                    .zip(y)
                    .map(|(x, y)| go(x, y))
                    .collect::<Result<Option<Vec<_>>>>()?;
                if let Some(modes) = modes {
                    return Ok(Some(DynTuple::Tuple(modes)));
                }
            }
        }
        let (sa, sb) = (a.size()?, b.size()?);
        Ok((sa == sb).then_some(DynTuple::Int(DynInt::dynamic(sa))))
    }
    match go(a, b)? {
        Some(c) => Ok(marked(&c, a.is_static() && b.is_static())),
        None => Err(err(
            ErrorKind::SizeMismatch,
            alloc::format!(
                "common_coarsening({a}, {b}): sizes {} and {} differ, and every coarsening of a shape has its size",
                a.size()?,
                b.size()?
            ),
        )),
    }
}

plain!(common_coarsening = try_common_coarsening(a: &DynTuple, b: &DynTuple) -> DynTuple);

/// `greatest_common_domain(a, b)` (PyCuTe `algebra.py`): the flat layout `G` whose modes are
/// the factors that the shapes `a` and `b` share *in order*, each at the same offset in both
/// integral domains. Walking the leaves of both shapes with their running prefix products
/// `pA`, `pB` (leaves of size 1 skipped): at the first offset `l = lcm(pA, pB)` aligned in both,
/// where the current leaves still split there (`rA = l/pA` divides `A[i]`, `rB = l/pB`
/// divides `B[j]`), the common factor `g = gcd(A[i]/rA, B[j]/rB) > 1` becomes the mode `g : l`
/// and both leaves are divided by it; otherwise the leaf that ends first moves on (both when
/// neither end divides the other). No common factor gives `(1):(0)`.
///
/// Postconditions (PyCuTe): symmetric; depth 1; `size(G)` divides `gcd(size(a), size(b))`;
/// `composition(A, G)` and `composition(B, G)` are admissible for every layout `A` of shape `a`
/// and `B` of shape `b`; and the shapes left once `G` is divided out share no factor. When
/// `size(G)` is the common size, both layouts are linear on `G`'s coordinates (what
/// [`try_layout_add`] needs). Depends only on the shapes; static iff both are. Shape entries
/// must be positive.
///
/// ```
/// # use cute_layout::{DynLayout, DynTuple, algebra::greatest_common_domain};
/// let t = |s: &str| s.parse::<DynTuple>().unwrap();
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// // PyCuTe's examples.
/// assert_eq!(greatest_common_domain(&t("(5,3,4)"), &t("(10,6)")), l("(5,2):(1,30)"));
/// assert_eq!(greatest_common_domain(&t("(6,35)"), &t("(15,14)")), l("(3,7):(1,30)"));
/// assert_eq!(greatest_common_domain(&t("(5,3)"), &t("(3,5)")), l("(1):(0)"));
/// ```
pub fn try_greatest_common_domain(a: &DynTuple, b: &DynTuple) -> Result<DynLayout> {
    for t in [a, b] {
        t.size()?;
        if let Some(bad) = t.leaves().find(|&s| s <= 0) {
            return Err(err(
                ErrorKind::NonPositiveShape,
                alloc::format!("greatest_common_domain: {bad} in shape {t}"),
            ));
        }
    }
    // Every prefix product and leaf end is at most a size (< 2^63); only `lcm` may exceed
    // `i64`, and `i128` holds a product of two sizes.
    let mut av: Vec<i128> = a.leaves().map(i128::from).collect();
    let mut bv: Vec<i128> = b.leaves().map(i128::from).collect();
    let mut modes: Vec<(i64, i64)> = Vec::new();
    let (mut pa, mut pb, mut i, mut j) = (1i128, 1i128, 0usize, 0usize);
    while i < av.len() && j < bv.len() {
        if av[i] == 1 {
            i += 1;
            continue;
        }
        if bv[j] == 1 {
            j += 1;
            continue;
        }
        let l = pa / gcd128(pa, pb) * pb;
        let (ra, rb) = (l / pa, l / pb);
        if av[i] % ra == 0 && bv[j] % rb == 0 {
            let g = gcd128(av[i] / ra, bv[j] / rb);
            if g != 1 {
                // `l·g ≤ pA·A[i]`, a size: both fit `i64`.
                modes.push((g as i64, l as i64));
                av[i] /= ra * g;
                bv[j] /= rb * g;
                pa = l * g;
                pb = pa;
                continue;
            }
        }
        let (ea, eb) = (pa * av[i], pb * bv[j]);
        let (qa, qb) = (eb % ea == 0, ea % eb == 0);
        if qa || !qb {
            pa = ea;
            i += 1;
        }
        if qb || !qa {
            pb = eb;
            j += 1;
        }
    }
    if modes.is_empty() {
        modes.push((1, 0));
    }
    let is_static = a.is_static() && b.is_static();
    let leaf = |v: i64| {
        DynTuple::Int(DynInt {
            value: v,
            is_static,
        })
    };
    DynLayout::new(
        DynTuple::Tuple(modes.iter().map(|m| leaf(m.0)).collect()),
        DynTuple::Tuple(modes.iter().map(|m| leaf(m.1)).collect()),
    )
}

plain!(greatest_common_domain = try_greatest_common_domain(a: &DynTuple, b: &DynTuple) -> DynLayout);

/// `layout_add(A, B)` (PyCuTe `algebra.py`): the layout `R` with `size(R) = size(A) = size(B)`
/// and `R(i) = A(i) + B(i)` for every `i` of the domain — the sum of two layouts as functions.
/// `A` and `B` need not be compatible, nor `R` with either.
///
/// With `Ac = coalesce(A)`, `Bc = coalesce(B)` and `G` their
/// [greatest common domain](try_greatest_common_domain): when `size(G) = size(A)`, every `i`
/// is `Σ c_k·d_k` over `G`'s modes `s_k : d_k` and both layouts are linear there, so
/// `R = coalesce(G's shape : (Ac(d_k) + Bc(d_k))_k)`. Otherwise no layout is the sum (an
/// [`ErrorKind::NoCommonDomain`] error); sizes that differ are an
/// [`ErrorKind::SizeMismatch`] error. Symmetric. Static iff both layouts are.
///
/// ```
/// # use cute_layout::{DynLayout, algebra::{layout_add, try_layout_add}};
/// let l = |s: &str| s.parse::<DynLayout>().unwrap();
/// // PyCuTe's examples.
/// assert_eq!(layout_add(&l("(4,3):(1,4)"), &l("(4,3):(3,1)")), l("(4,3):(4,5)"));
/// assert_eq!(layout_add(&l("(5,3,4):(1,5,15)"), &l("(10,6):(1,10)")), l("60:2"));
/// assert_eq!(layout_add(&l("5:0"), &l("5:1")), l("5:1"));
/// // i%2 + i%3 takes the values 0,2,2,1,1,3: no layout.
/// assert!(try_layout_add(&l("(2,3):(1,0)"), &l("(3,2):(1,0)")).is_err());
/// ```
pub fn try_layout_add(a: &DynLayout, b: &DynLayout) -> Result<DynLayout> {
    if a.size() != b.size() {
        return Err(err(
            ErrorKind::SizeMismatch,
            alloc::format!(
                "layout_add({a}, {b}): sizes {} and {} differ",
                a.size(),
                b.size()
            ),
        ));
    }
    let (ac, bc) = (try_coalesce(a)?, try_coalesce(b)?);
    let g = try_greatest_common_domain(ac.shape(), bc.shape())?;
    if g.size() != a.size() {
        return Err(err(
            ErrorKind::NoCommonDomain,
            alloc::format!(
                "layout_add({a}, {b}): greatest_common_domain({}, {}) = {g} has size {}, not {}",
                ac.shape(),
                bc.shape(),
                g.size(),
                a.size()
            ),
        ));
    }
    // `d < size`: in-bounds evaluations, which never overflow; their sum is checked.
    let modes = flat_modes(&g)
        .into_iter()
        .map(|(s, d)| Ok((s, checked_add(ac.eval(d), bc.eval(d))?)))
        .collect::<Result<Vec<_>>>()?;
    try_coalesce(&from_modes(&modes, a.is_static() && b.is_static())?)
}

plain!(layout_add = try_layout_add(a: &DynLayout, b: &DynLayout) -> DynLayout);

impl<B: super::AsDynLayout> crate::typelevel::LayoutAdd<B> for DynLayout {
    type Output = DynLayout;
    #[inline]
    fn try_layout_add(&self, b: &B) -> Result<DynLayout> {
        try_layout_add(self, &b.as_dyn_layout())
    }
}
impl<B: super::AsDynLayout> crate::typelevel::GreatestCommonDomain<B> for DynLayout {
    type Output = DynLayout;
    #[inline]
    fn try_greatest_common_domain(&self, b: &B) -> Result<DynLayout> {
        try_greatest_common_domain(self.shape(), b.as_dyn_layout().shape())
    }
}
/// A runtime-structured argument: the runtime engine decides.
#[diagnostic::do_not_recommend]
impl<S: crate::tuple::Congruent<D>, D: crate::tuple::IntTuple>
    crate::typelevel::LayoutAdd<DynLayout> for crate::Layout<S, D>
{
    type Output = DynLayout;
    #[inline]
    fn try_layout_add(&self, b: &DynLayout) -> Result<DynLayout> {
        try_layout_add(&self.to_dyn(), b)
    }
}
/// A runtime-structured argument: the runtime engine decides.
#[diagnostic::do_not_recommend]
impl<S: crate::tuple::Congruent<D>, D: crate::tuple::IntTuple>
    crate::typelevel::GreatestCommonDomain<DynLayout> for crate::Layout<S, D>
{
    type Output = DynLayout;
    #[inline]
    fn try_greatest_common_domain(&self, b: &DynLayout) -> Result<DynLayout> {
        try_greatest_common_domain(&self.to_dyn().shape().clone(), b.shape())
    }
}
