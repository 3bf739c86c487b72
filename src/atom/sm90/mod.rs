//! The SM90 warpgroup MMA (`wgmma`) atoms and GMMA shared-memory layout atoms (CuTe
//! `mma_traits_sm90_gmma.hpp`): the `gmma` namespace (`gmma.rs`), the atoms (`mma.rs`), CUTLASS's
//! selectors (`selectors.rs`) and the parts of a swizzled layout (`swizzle_portions.rs`).

#[allow(non_snake_case)]
pub mod gmma;
mod mma;
mod selectors;
mod swizzle_portions;

pub use mma::*;
pub use selectors::*;
pub use swizzle_portions::*;
