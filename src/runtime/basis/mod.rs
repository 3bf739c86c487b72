//! The layout algebra on basis-strided layouts ([`DynBasisLayout`]), where the paper and CuTe
//! define it. Functions come in `try_op` / `op` pairs as in the rest of [`crate::runtime`], and
//! the verb traits of [`crate::typelevel`] are implemented for [`DynBasisLayout`].
//!
//! * A layout whose strides are all integers (empty paths) is an ordinary layout: every
//!   operation delegates to the [`DynLayout`] engine, so the two agree by construction.
//! * **Composition** `A ∘ B` with an integer layout or tiler `B` on the right: the base case
//!   (paper Eq. 19–21) only scales `A`'s strides and compares them, so it holds in any
//!   integer-semimodule; coalescing `A` merges `s0:d0, s1:d1` when `d1 = s0·d0` (same path,
//!   same value). `B` with negative strides is refused
//!   ([`ErrorKind::BasisStride`](crate::error::ErrorKind::BasisStride)).
//! * **Divides** `A ∘ (B, B*)`, with `B* = complement(B, size(A))` an integer layout.
//! * **A basis-strided `B`** (or tiler element,
//!   [`DynTiler::Basis`](crate::runtime::DynTiler::Basis)) in composition and the divides, for
//!   `A` of either kind (the integer engine's functions take it too): `B` maps `i` to a
//!   coordinate of `A`, and `A ∘ B` evaluates `A` there — the leaves of `B` along `e_p`
//!   compose with mode `p` of `A`; the divides complete each such mode with its integer rest.
//! * **Complement** (paper Eq. 27–29) by codomain component: the modes whose strides lie along
//!   `e_p` are complemented as an integer layout and written along `e_p`; the result has the
//!   structure of the codomain (Eq. 27, `D ≲ L*`).
//! * **Right inverse** (paper Eq. 24) by component: each component's integer right inverse
//!   (index strides of `L`), placed at the component's position of the codomain.
//! * **Left inverse** (paper Eq. 26) by component, as the right inverse: each component's
//!   integer left inverse, reading that entry of a coordinate as an index of `L`.
//! * **Products** `A ⊗ B = (A, A* ∘ B)` with the free complement `A*` ([`try_complement_full`],
//!   each component up to its own cosize, the last one extending), as PyCuTe defines them.
//!
//! ```
//! use cute_layout::algebra::basis::{complement_full, composition, right_inverse};
//! use cute_layout::{DynBasisLayout, DynLayout};
//! let b = |s: &str| s.parse::<DynBasisLayout>().unwrap();
//! let l = |s: &str| s.parse::<DynLayout>().unwrap();
//! // Paper Table 4, "Coordinate" row.
//! assert_eq!(composition(&b("(8,8):(1@0,1@1)"), &l("((4,8),2):((16,1),8)")),
//!            b("((4,8),2):((2@1,1@0),1@1)"));
//! // Paper Table 7, last row.
//! assert_eq!(complement_full(&b("(4,(4,2)):(1@1,(1@0,12@1))")), b("(1,(3,1)):(4@0,(4@1,24@1))"));
//! // Paper Table 5.
//! assert_eq!(right_inverse(&b("(4,8):(1@0,1@1)")), l("(4,8):(1,4)"));
//! ```

use alloc::vec::Vec;

use super::tiler::AsTiler;
use crate::basis::{DynBasisLayout, DynBasisTuple, DynScaledBasis};
use crate::error::Result;
use crate::runtime::layout::{DynInt, DynLayout, DynTuple};

mod basis_tiler;
mod coalesce;
mod complement;
mod compose;
mod divide;
mod product;

pub(crate) use basis_tiler::{Composing, Dividing};
pub use coalesce::*;
pub use complement::*;
pub use compose::*;
pub use divide::*;
pub use product::*;

type Mode = (i64, DynScaledBasis);

fn zero() -> DynScaledBasis {
    DynScaledBasis::int(0)
}

/// Basis strides in the rules of [`crate::rules`] (the base case of composition, coalesce):
/// scaled as `k·v@p`, equal as semimodule elements (the same path and value, or both zero).
impl crate::rules::Stride for DynScaledBasis {
    fn zero() -> Self {
        zero()
    }
    fn scale(&self, k: i64) -> Result<Self> {
        self.try_scale(k)
    }
    fn same(&self, b: &Self) -> bool {
        self.value.value == b.value.value && (self.value.value == 0 || self.modes == b.modes)
    }
}

/// Coalesce rules of paper §3.2 on basis strides ([`crate::rules::coalesce::coalesce_in_place`]):
/// size-1 modes vanish and `s0:d0 ++ s1:d1 = s0·s1:d0` when `d1 = s0·d0`; with `keep_last`
/// the last mode stays even of size 1.
fn coalesce_modes(modes: &[Mode], keep_last: bool) -> Result<Vec<Mode>> {
    let mut out = modes.to_vec();
    let n = crate::rules::coalesce::coalesce_in_place(&mut out, keep_last)?;
    out.truncate(n);
    Ok(out)
}

/// The shape and stride trees of flat modes: a leaf for one mode, a flat tuple otherwise,
/// `1:0` for none.
fn modes_to_trees(modes: &[Mode], is_static: bool) -> (DynTuple, DynBasisTuple) {
    let shape = |v: i64| {
        DynTuple::Int(DynInt {
            value: v,
            is_static,
        })
    };
    let stride = |b: &DynScaledBasis| {
        DynBasisTuple::Basis(DynScaledBasis {
            value: DynInt {
                value: b.value.value,
                is_static,
            },
            modes: b.modes.clone(),
        })
    };
    match modes {
        [] => (shape(1), stride(&zero())),
        [(s, d)] => (shape(*s), stride(d)),
        _ => (
            DynTuple::Tuple(modes.iter().map(|m| shape(m.0)).collect()),
            DynBasisTuple::Tuple(modes.iter().map(|m| stride(&m.1)).collect()),
        ),
    }
}

fn from_basis_modes(modes: &[Mode], is_static: bool) -> Result<DynBasisLayout> {
    let (s, d) = modes_to_trees(modes, is_static);
    DynBasisLayout::new(s, d)
}

/// Every leaf marked static or dynamic.
fn mark(l: DynBasisLayout, is_static: bool) -> Result<DynBasisLayout> {
    DynBasisLayout::new(
        l.shape().with_static(is_static),
        l.stride().with_static(is_static),
    )
}

fn concat_basis(modes: impl IntoIterator<Item = DynBasisLayout>) -> Result<DynBasisLayout> {
    let (s, d): (Vec<_>, Vec<_>) = modes.into_iter().map(DynBasisLayout::into_parts).unzip();
    DynBasisLayout::new(DynTuple::Tuple(s), DynBasisTuple::Tuple(d))
}

fn delegate(r: Result<DynLayout>) -> Result<DynBasisLayout> {
    r.map(DynBasisLayout::from)
}

macro_rules! basis_ops {
    (nullary $($Trait:ident::$m:ident => $f:ident -> $Out:ty;)*) => {$(
        impl crate::typelevel::$Trait for DynBasisLayout {
            type Output = $Out;
            #[inline]
            fn $m(&self) -> Result<$Out> {
                $f(self)
            }
        }
    )*};
    (tiler $($Trait:ident::$m:ident => $f:ident;)*) => {$(
        impl<T: AsTiler> crate::typelevel::$Trait<T> for DynBasisLayout {
            type Output = DynBasisLayout;
            #[inline]
            fn $m(&self, t: T) -> Result<DynBasisLayout> {
                $f(self, &t)
            }
        }
    )*};
}

basis_ops! { nullary
    Coalesce::try_coalesce => try_coalesce -> DynBasisLayout;
    Flatten::try_flatten => try_flatten -> DynBasisLayout;
    FilterZeros::try_filter_zeros => try_filter_zeros -> DynBasisLayout;
    Filter::try_filter => try_filter -> DynBasisLayout;
    ComplementFull::try_complement_full => try_complement_full -> DynBasisLayout;
    RightInverse::try_right_inverse => try_right_inverse -> DynLayout;
    LeftInverse::try_left_inverse => try_left_inverse -> DynLayout;
}
basis_ops! { tiler
    Compose::try_compose => try_composition;
    LogicalDivide::try_logical_divide => try_logical_divide;
    ZippedDivide::try_zipped_divide => try_zipped_divide;
    TiledDivide::try_tiled_divide => try_tiled_divide;
    FlatDivide::try_flat_divide => try_flat_divide;
}
basis_ops! { tiler
    LogicalProduct::try_logical_product => try_logical_product;
    ZippedProduct::try_zipped_product => try_zipped_product;
    TiledProduct::try_tiled_product => try_tiled_product;
    FlatProduct::try_flat_product => try_flat_product;
    BlockedProduct::try_blocked_product => try_blocked_product;
    RakedProduct::try_raked_product => try_raked_product;
}

/// `complement(A, M)` with an integer cotarget: an integer layout only (see [`try_complement`]).
impl<M: crate::int::Int> crate::typelevel::Complement<M> for DynBasisLayout {
    type Output = DynBasisLayout;
    fn try_complement(&self, m: M) -> Result<DynBasisLayout> {
        try_complement(self, &DynTuple::int(m.value()))
    }
}
/// `complement(A, M)` with a cotarget of the codomain's structure (see [`try_complement`]).
impl crate::typelevel::Complement<DynTuple> for DynBasisLayout {
    type Output = DynBasisLayout;
    fn try_complement(&self, m: DynTuple) -> Result<DynBasisLayout> {
        try_complement(self, &m)
    }
}
