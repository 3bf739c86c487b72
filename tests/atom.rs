//! Test binary `atom`: the atoms, TMA, shared-memory banks, GMMA descriptors and op selectors,
//! CUDA emission and GPU records (the `atom_*`, `tma_*`, `banks_*`, `gmma_*` and `gpu_records*`
//! files, `emit_host.rs`). `atom_kernels.rs` and `kernel_config.rs` (heavy at the type level) are
//! binaries of their own.
//!
//! The files of `tests/` are modules of a few test binaries, not a binary each (each binary
//! costs a link). One file's tests: `cargo test -p cute-layout --test atom <file>::`, e.g.
//! `cargo test -p cute-layout --test atom atom_cute::`. A new file gets its `mod` line
//! here.

/// A selector table (`atom_cute.rs`, `gmma_op_selector.rs`; the generated data file is one call
/// of this macro, an entry a call of the file's `smem!` / `op!` / `ss!` / `rs!`): one function
/// `selections_hold` whose where-clause bounds each entry's selector (`@subject`) by CuTe's
/// choice (`@expect`) with [`TypeIs`], and each refused entry's `assert_not_impl_any!`
/// (`@refusal`).
macro_rules! selectors {
    ($($sel:ident!($($entry:tt)*);)*) => {
        #[allow(dead_code)]
        fn selections_hold()
        where
            $($sel!(@subject $($entry)*): crate::TypeIs<$sel!(@expect $($entry)*)>,)*
        {
        }
        $($sel!(@refusal $($entry)*);)*
    };
}

mod atom_cute;
mod atom_hardware;
mod atom_layouts;
mod atom_tiled;
mod banks_hardware;
mod banks_layouts;
mod banks_model;
mod emit_host;
mod gmma_desc_cute;
mod gmma_op_selector;
mod gmma_saturate_gpu;
mod gpu_records;
mod gpu_records_sm90;
mod tma_conditions;
mod tma_cute;
mod tma_gpu_records;
mod tma_placement;

/// `Self` is `Y`: the bound the selector tables (`atom_cute.rs`, `gmma_op_selector.rs`) put on
/// each selector's choice, all of a table in the where-clause of one function. One item is
/// type-checked once, sharing the normalizations its bounds have in common; a
/// `static_assertions::assert_type_eq_all!` per entry checks each in an item of its own (5.6–6.2 s
/// against 2.2–2.4 s for the 1,024 op selector entries in a scratch crate, `-Ztime-passes`).
#[diagnostic::on_unimplemented(
    message = "the selector chose `{Self}`, CuTe's data says `{Y}`",
    label = "this entry of the table"
)]
trait TypeIs<Y> {}
impl<X> TypeIs<X> for X {}

/// `L(i)` for every `i < size(L)`, in order: an odometer over the flat modes (the first mode
/// fastest, as the colexicographic index runs), the offset updated by each step. Independent
/// of the crate's evaluation, and fast unoptimized (the brute forces of `atom_layouts.rs` and
/// `gmma_desc_cute.rs`).
fn flat_offsets(l: &cute_layout::DynLayout) -> Vec<i64> {
    let modes: Vec<(i64, i64)> = l.shape().leaves().zip(l.stride().leaves()).collect();
    let size: i64 = modes.iter().map(|m| m.0).product();
    let (mut digits, mut offset) = (vec![0i64; modes.len()], 0i64);
    let mut out = Vec::with_capacity(size as usize);
    for _ in 0..size {
        out.push(offset);
        for (k, &(s, d)) in modes.iter().enumerate() {
            digits[k] += 1;
            offset += d;
            if digits[k] < s {
                break;
            }
            digits[k] = 0;
            offset -= s * d;
        }
    }
    out
}
