//! Runtime basis strides and coordinate layouts: [`DynScaledBasis`], [`DynBasisTuple`] and
//! [`DynBasisLayout`] (CuTe's `ScaledBasis`, `E<...>` and `ArithmeticTuple`, paper §2.3.1).
//!
//! A stride need not be an integer: any element of an integer-semimodule will do (paper
//! Definition 2.16). The arithmetic tuples `Z^S` are the useful case: the *scaled basis element*
//! `v·e_p` is the tuple with value `v` at the hierarchical mode path `p` (outermost first) and
//! zeros elsewhere — `e_0 = (1,0,…)`, `e_1 = (0,1,…)`, `e_{1,0} = (0,(1,0,…),…)` — and `e_{}`
//! (the empty path) is the integer `1`. A layout with such strides maps coordinates to
//! *coordinates*: `(4,8):(1@0,1@1)` is the identity of shape `(4,8)`.
//!
//! **Notation.** CuTe prints `v·e_p` as the value followed by `@N` for each index of the path
//! in *reverse* (innermost first): `e_{1,0}` prints `1@0@1`, `e_0` prints `1@0`, `e_{}` prints
//! `1`. The alternate form `{:#}` marks static values with `_` (`_1@0`), as CuTe C++ does.
//!
//! **Arithmetic tuples.** A coordinate is returned as a [`DynTuple`](crate::DynTuple). Addition is element-wise,
//! the shorter tuple padded with zeros ([`arithmetic_add`]); the integer `0` adds to anything,
//! while adding a non-zero integer to a tuple is an [`ErrorKind::CodomainMismatch`](crate::ErrorKind::CodomainMismatch) (CuTe
//! `static_assert`s it: the operands lie in different integer-semimodules, paper §3.1).
//!
//! **Invariants of [`DynBasisLayout`]**, checked by [`DynBasisLayout::new`], in addition to
//! those of [`DynLayout`](crate::DynLayout) (congruence, positive shape, depth at most [`MAX_DEPTH`](crate::runtime::layout::MAX_DEPTH), size in
//! `i64`):
//!
//! * every path is at most [`MAX_DEPTH`](crate::runtime::layout::MAX_DEPTH) long and every mode index at most
//!   [`MAX_MODE_INDEX`], so that a coordinate's tuple stays small;
//! * the strides lie in one integer-semimodule: no stride with a non-zero value has a path that
//!   is a proper prefix of another stride's path (an integer stride `3` with `1@0`, or `1@0`
//!   with `1@0@0`, would add an integer to a tuple); integer strides `0` go with anything;
//! * for every path, `1 + Σ (s − 1)·|v|` over the leaves with that path fits `i64`, so
//!   evaluating any in-bounds coordinate cannot overflow.
//!
//! ```
//! use cute_layout::{basis::make_identity_layout, DynBasisLayout, DynTuple};
//! let id = make_identity_layout(&"((2,3),4)".parse().unwrap()).unwrap();
//! assert_eq!(id.to_string(), "((2,3),4):((1@0@0,1@1@0),1@1)");
//! assert_eq!(id.eval(7).to_string(), "((1,0),1)"); // 7 = (1,0) + 6·1 in shape ((2,3),4)
//! let l: DynBasisLayout = "(4,(4,2)):(1@1,(1@0,12@1))".parse().unwrap();
//! assert_eq!(l.try_eval(&"(3,(2,1))".parse().unwrap()).unwrap().to_string(), "(2,15)");
//! ```
//!
//! **Where things are.** This folder holds the basis-stride *types* of both engines: the static
//! and mixed ones (`ScaledBasis`, `E<...>`, their paths and codomains, `typelevel/`, re-exported
//! at the crate root) and the runtime ones (`DynScaledBasis`, `DynBasisTuple`, `DynBasisLayout`,
//! `runtime.rs`, re-exported here). The algebra on them is each engine's: the type level's
//! operations take a generic stride leaf (`src/typelevel/`, with `basis_complement.rs`), the
//! runtime engine's is [`runtime::basis`](crate::runtime::basis).

#[cfg(feature = "alloc")]
mod runtime;
pub(crate) mod typelevel;

#[cfg(feature = "alloc")]
pub use runtime::*;
