//! Static integers up to `i64::MAX` at the default `recursion_limit`.
//!
//! The type-level division nests one trait obligation per bit, so every static magnitude that
//! fits `i64` is computed inside layout operations without raising the recursion limit.
//!
//! Clippy lints this file in the time `cargo check` takes: the macros write a static integer
//! eight bits per nesting level (`__private::Bits8`), where one level per bit sent clippy's
//! type-certainty walk into time exponential in the bit count (over 10 minutes here, and a
//! single `layout!((4294967311, 3):(3, 5))` for minutes).

use cute_layout::int::{Mod, Quot, StaticInt};
use cute_layout::typenum::U1;
use cute_layout::{algebra, layout, DynLayout, Layout, LayoutError, StrideOf};

// Each division is a quotient and a remainder type named in the test's own body, not a generic
// helper's: a generic `divrem::<A, B>` had each of its 64 instances divide again in code
// generation (HISTORY §26).
macro_rules! row {
    ($a:literal; $($b:literal),*) => {$({
        type A = StrideOf<Layout![1:$a]>;
        type B = StrideOf<Layout![1:$b]>;
        let (a, b): (i64, i64) = ($a, $b);
        assert_eq!(
            (<Quot<A, B> as StaticInt>::VALUE, <Mod<A, B> as StaticInt>::VALUE),
            (a / b, a % b),
            "{a} / {b}"
        );
    })*};
}
macro_rules! grid {
    ($($a:literal),*) => {$(
        row!($a; 1, -2, 3, 8, 2147483647, -1099511627777, 4611686018427387904, 9223372036854775807);
    )*};
}

#[test]
fn static_division_truncates_like_i64_up_to_i64_max() {
    grid!(
        0,
        1,
        7,
        -100,
        1099511627777,
        -1099511627776,
        4052555153018976267,
        9223372036854775807
    );
}

/// Each operation family on static layouts with constants up to 2^62 − 1 compiles at the
/// default `recursion_limit` (2^40 in a product, a divide or a complement did not) and prints
/// what the runtime engine computes from the same layouts.
macro_rules! families {
    ($($v:literal),*) => {$({
        let v: i64 = $v;
        let same = |what: &str, t: String, r: Result<DynLayout, LayoutError>| {
            assert_eq!(t, r.unwrap().to_string(), "{what} with {v}");
        };
        let a = layout!((2,$v):($v,1));
        let b = layout!($v:2);
        same("coalesce", layout!(($v,2):(2,1)).coalesce().to_string(),
            algebra::try_coalesce(&layout!(($v,2):(2,1)).to_dyn()));
        same("compose", a.compose(b).to_string(),
            algebra::try_composition_layout(&a.to_dyn(), &b.to_dyn()));
        same("complement", layout!(2:1).complement(stride(layout!(1:$v))).to_string(),
            algebra::try_complement(&layout!(2:1).to_dyn(), v));
        same("complement_full", layout!((2,2):(1,$v)).complement_full().to_string(),
            algebra::try_complement_full(&layout!((2,2):(1,$v)).to_dyn()));
        same("logical_divide", a.logical_divide(b).to_string(),
            algebra::try_logical_divide(&a.to_dyn(), &b.to_dyn()));
        same("zipped_divide", a.zipped_divide(b).to_string(),
            algebra::try_zipped_divide(&a.to_dyn(), &b.to_dyn()));
        let c = layout!(2:$v);
        let d = layout!(2:1);
        same("logical_product", c.logical_product(d).to_string(),
            algebra::try_logical_product(&c.to_dyn(), &d.to_dyn()));
        same("blocked_product", c.blocked_product(d).to_string(),
            algebra::try_blocked_product(&c.to_dyn(), &d.to_dyn()));
        same("right_inverse", a.right_inverse().to_string(),
            algebra::try_right_inverse(&a.to_dyn()));
        same("left_inverse", a.left_inverse().to_string(),
            algebra::try_left_inverse(&a.to_dyn()));
    })*};
}

fn stride<D: Default>(_: Layout<U1, D>) -> D {
    D::default()
}

#[test]
fn every_family_at_large_static_magnitudes() {
    // The example.
    assert_eq!(
        layout!(2:1099511627776)
            .logical_product(layout!(2:1))
            .to_string(),
        "(2,2):(1099511627776,1)"
    );
    // A complement with the largest cotarget: 2:1 completed to i64::MAX.
    assert_eq!(
        layout!(2:1)
            .complement(stride(layout!(1:9223372036854775807)))
            .to_string(),
        algebra::try_complement(&layout!(2:1).to_dyn(), i64::MAX)
            .unwrap()
            .to_string()
    );
    // 2^40, 2^61, 3^39 and 2^62 − 1 (all 62 bits set).
    families!(
        1099511627776,
        2305843009213693952,
        4052555153018976267,
        4611686018427387903
    );
}

/// A rank-12 static layout with odd strides of up to 22 bits. Every tuple's size used
/// to be multiplied out exactly, strides included (a product of hundreds of bits), which
/// overflowed the default `recursion_limit` (E0275 in `Layout::new`); sizes are now exact only
/// within `i64`. The shape's size and the cosize are checked against the literal numbers, and
/// the offsets against `Σ cᵢ·dᵢ` at every 997th index.
#[test]
fn rank_12_layout_with_large_odd_strides_compiles() {
    let l = layout!((3,3,(6,7,6),2,(8,8),(4,2,5),2):(48,1105920,(18432,3317760,1),144,(6,288),(2304,110592,221184),9216));
    let s = [3i64, 3, 6, 7, 6, 2, 8, 8, 4, 2, 5, 2];
    let d = [
        48i64, 1105920, 18432, 3317760, 1, 144, 6, 288, 2304, 110592, 221184, 9216,
    ];
    assert_eq!(l.size(), s.iter().product::<i64>());
    let cosize = 1 + s.iter().zip(&d).map(|(s, d)| (s - 1) * d).sum::<i64>();
    assert_eq!(l.cosize(), cosize);
    for i in (0..l.size().value()).step_by(997) {
        // The flat colexicographic coordinate of `i`, then Σ cᵢ·dᵢ.
        let (mut rest, mut offset) = (i, 0);
        for (s, d) in s.iter().zip(&d) {
            offset += (rest % s) * d;
            rest /= s;
        }
        assert_eq!(l.eval(i), offset, "at {i}");
    }
}

fn value<D: StaticInt>(_: D) -> i64 {
    D::VALUE
}

macro_rules! literals {
    ($($v:literal),*) => {$(
        assert_eq!(value(stride(layout!(1:$v))), $v as i64, "1:{}", $v as i64);
    )*};
}

/// The macros write a static integer eight bits per nesting level; every chunk boundary
/// (k·8 ± 1 bits), both signs and the extremes name the same `typenum` integer as the literal.
#[test]
fn macro_literals_at_every_chunk_boundary() {
    use cute_layout::typenum::{NInt, U255, U256, U257, U65536};
    static_assertions::assert_type_eq_all!(
        cute_layout::Layout![(255, 256, 257):(65536, 1, -256)],
        Layout<(U255, U256, U257), (U65536, U1, NInt<U256>)>
    );
    literals!(
        0,
        1,
        2,
        127,
        128,
        129,
        255,
        256,
        257,
        65535,
        65536,
        65537,
        16777215,
        16777216,
        4294967295,
        4294967296,
        4294967311,
        1099511627775,
        281474976710656,
        72057594037927935,
        72057594037927936,
        9223372036854775807,
        -1,
        -128,
        -255,
        -256,
        -257,
        -4294967296,
        -9223372036854775807
    );
}
