//! TiledMMA (CuTe `cute/atom/mma_atom.hpp`): an MMA atom repeated over a layout of thread
//! groups, with an optional permutation of M, N and K, and its thread-value layouts computed in
//! the type system.
//!
//! The construction is CuTe's `thrfrg_C` / `thrfrg_A` / `thrfrg_B`, written with the crate's
//! algebra:
//!
//! 1. `logical_divide(tile, (PermM, PermN))` reorders the tile by the permutation;
//! 2. `zipped_divide(·, (AtomM, AtomN))` cuts it into atom tiles, `((AtomM,AtomN),(RestM,RestN))`;
//! 3. composing mode 0 with the atom's `CLayout` gives `((ThrV,FrgV),(RestM,RestN))`;
//! 4. dividing the rest by the thread groups `(ThrM, ThrN)` and regrouping gives
//!    `((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN)))`;
//! 5. `get_layoutC_TV` composes the thread mode with `thridx → (ThrV,ThrM,ThrN,ThrK)`,
//!    `(size(vmnk),1):(1,0) ∘ right_inverse((vmnk, complement(vmnk)))`.
//!
//! A and B go the same way on the (M,K) and (N,K) tiles, their thread mode first widened to
//! `(ThrV,(ThrM,ThrN,ThrK))` by a stride-0 mode (the threads along N share A).

mod conditions;
mod helpers;
mod thr_mma;
mod tiled;
mod tv_layouts;

pub use thr_mma::*;
pub use tiled::*;
