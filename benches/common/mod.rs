//! Shared helpers of the benchmarks (included with `#[path]`/`mod common`).

use criterion::Criterion;
use std::time::Duration;

/// Evaluations (or operations) per criterion iteration in the evaluation benches; the per-element
/// figure is the criterion time divided by this.
#[allow(dead_code)]
pub const N: usize = 1024;

/// A register-only optimisation barrier: the value comes back unchanged, but the compiler knows
/// nothing about it. Unlike `std::hint::black_box`, which makes the value's address escape and
/// so goes through the stack (a store-to-load forwarding, ~1.5 ns, on every step of a latency
/// chain), this keeps the value in a register. The C++ side uses the same barrier,
/// `asm volatile("" : "+r"(x))`.
#[allow(dead_code)]
#[inline(always)]
pub fn opaque(mut x: i64) -> i64 {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    // SAFETY: an empty asm block that only claims to modify a register it is given.
    unsafe {
        core::arch::asm!("/* {0} */", inout(reg) x, options(nomem, nostack, preserves_flags))
    };
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        x = std::hint::black_box(x);
    }
    x
}

/// Criterion settings shared by all benches: short but stable on a loaded 2-core machine.
pub fn config() -> Criterion {
    Criterion::default()
        .sample_size(50)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .noise_threshold(0.05)
}
