//! Kernels generated from `cute-layout`'s layouts: each module builds its CUDA source with
//! [`cute_layout::emit`] after the layouts' checks, and says what it computes.

pub mod sm80_gemm;
pub mod sm90_gemm;
pub mod sm90_gemm_ws;
pub mod transpose;
