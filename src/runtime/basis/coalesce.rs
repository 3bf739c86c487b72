//! Coalesce, flatten and filter on basis-strided layouts.

use super::{coalesce_modes, delegate, from_basis_modes};
use crate::basis::{DynBasisLayout, DynBasisTuple};
use crate::error::Result;
use crate::runtime::layout::{DynInt, DynTuple};

/// `coalesce(A)` (paper §3.2, Eq. 13–15) with basis strides: flatten, drop size-1 modes, merge
/// `s0:d0, s1:d1` into `s0·s1:d0` when `d1 = s0·d0` (the same path and value).
///
/// ```
/// use cute_layout::{algebra::basis::coalesce, DynBasisLayout};
/// let b = |s: &str| s.parse::<DynBasisLayout>().unwrap();
/// assert_eq!(coalesce(&b("(2,(1,4)):(1@1,(7@0,2@1))")), b("8:1@1"));
/// assert_eq!(coalesce(&b("(4,8):(1@0,1@1)")), b("(4,8):(1@0,1@1)"));
/// ```
pub fn try_coalesce(a: &DynBasisLayout) -> Result<DynBasisLayout> {
    if a.is_integral() {
        return delegate(crate::runtime::try_coalesce(&a.to_dyn_layout()?));
    }
    from_basis_modes(&coalesce_modes(&a.flat_modes(), false)?, a.is_static())
}
plain!(coalesce = try_coalesce(a: &DynBasisLayout) -> DynBasisLayout);

/// `flatten(A)`: the flat layout of all leaves.
///
/// ```
/// use cute_layout::{algebra::basis::flatten, DynBasisLayout};
/// let a: DynBasisLayout = "((2,3),4):((1@0@0,1@1@0),1@1)".parse().unwrap();
/// assert_eq!(flatten(&a).to_string(), "(2,3,4):(1@0@0,1@1@0,1@1)");
/// ```
pub fn try_flatten(a: &DynBasisLayout) -> Result<DynBasisLayout> {
    let stride = match a.stride() {
        DynBasisTuple::Basis(_) => a.stride().clone(),
        DynBasisTuple::Tuple(_) => DynBasisTuple::Tuple(
            a.stride()
                .leaves()
                .cloned()
                .map(DynBasisTuple::Basis)
                .collect(),
        ),
    };
    DynBasisLayout::new(a.shape().flatten(), stride)
}
plain!(flatten = try_flatten(a: &DynBasisLayout) -> DynBasisLayout);

/// `filter_zeros(A)`: the shape of every leaf whose stride is zero becomes 1; structure kept.
///
/// ```
/// use cute_layout::{algebra::basis::filter_zeros, DynBasisLayout};
/// let a: DynBasisLayout = "(4,(2,3)):(0,(1@0,0@1))".parse().unwrap();
/// assert_eq!(filter_zeros(&a).to_string(), "(1,(2,1)):(0,(1@0,0@1))");
/// ```
pub fn try_filter_zeros(a: &DynBasisLayout) -> Result<DynBasisLayout> {
    fn go(s: &DynTuple, d: &DynBasisTuple) -> DynTuple {
        match (s, d) {
            (DynTuple::Int(si), DynBasisTuple::Basis(b)) if b.value.value == 0 => {
                DynTuple::Int(DynInt {
                    value: 1,
                    is_static: si.is_static,
                })
            }
            (DynTuple::Tuple(ss), DynBasisTuple::Tuple(ds)) => {
                DynTuple::Tuple(ss.iter().zip(ds).map(|(s, d)| go(s, d)).collect())
            }
            _ => s.clone(),
        }
    }
    DynBasisLayout::new(go(a.shape(), a.stride()), a.stride().clone())
}
plain!(filter_zeros = try_filter_zeros(a: &DynBasisLayout) -> DynBasisLayout);

/// `filter(A) = coalesce(filter_zeros(A))`.
pub fn try_filter(a: &DynBasisLayout) -> Result<DynBasisLayout> {
    try_coalesce(&try_filter_zeros(a)?)
}
plain!(filter = try_filter(a: &DynBasisLayout) -> DynBasisLayout);
