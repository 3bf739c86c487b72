//! Runtime-structured integer tuples and layouts: [`DynTuple`] and [`DynLayout`].
//!
//! A `DynLayout` is a layout whose tree shape is only known at run time — what a layout parsed
//! from text becomes, and what the runtime algebra engine computes on. Every constructor checks
//! the layout invariants, so a `DynLayout` value always satisfies them:
//!
//! * shape and stride are congruent (paper Definition 2.3);
//! * every shape entry is positive (Definition 2.5);
//! * the size, and the sum of `|(s-1)·d|` over all modes, fit in `i64`, so evaluating any
//!   in-bounds coordinate cannot overflow;
//! * shape and stride are nested at most [`MAX_DEPTH`] levels deep, so the recursive
//!   algorithms on them cannot exhaust the stack.
//!
//! A size-1 mode's stride never contributes to an offset, so it may be any `i64`, negative
//! ones and `i64::MIN` included (`1:-9223372036854775808` is a layout).
//!
//! **Deep trees.** A bare [`DynTuple`] can be built nested arbitrarily deep. Its `size`,
//! `depth`, `leaves`, `congruent`, `Display` and `Drop` work at any depth (without recursion;
//! `Drop` recurses at most 16 levels);
//! the other methods, and the derived `Clone`, `PartialEq`, `Hash` and `Debug`, recurse once
//! per level, so check `depth() <= MAX_DEPTH` before using them on untrusted trees.
//! [`DynLayout::new`] and the parsers refuse anything deeper than [`MAX_DEPTH`].

mod coord;
mod dyn_layout;
mod encoding;
mod tuple;
mod walk;

pub use coord::{checked_add, checked_mul, crd2idx};
pub use dyn_layout::DynLayout;
pub(crate) use dyn_layout::{last_path_ends_at_leaf, leaves_within_i64};
pub(crate) use encoding::{node_shape, Node, Tok};
pub use tuple::{DynInt, DynTuple};

/// The deepest nesting of a [`DynTuple`] accepted by [`DynLayout::new`], the text parsers of
/// tuples, layouts and tilers: 64 levels (a plain integer has depth 0, `(4)` depth 1). Deeper
/// input is an [`ErrorKind::TooLarge`](crate::error::ErrorKind::TooLarge) (constructors) or
/// [`ErrorKind::Parse`](crate::error::ErrorKind::Parse) (parsers) error.
pub const MAX_DEPTH: usize = 64;
