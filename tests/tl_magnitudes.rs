//! Static integers up to `i64::MAX` at the default `recursion_limit` (issue 8, item 16).
//!
//! The type-level division nests one trait obligation per bit, so every static magnitude that
//! fits `i64` is computed inside layout operations without raising the recursion limit.

use cute_layout::int::{Int, IntDiv, IntRem, Mod, Quot, StaticInt};
use cute_layout::typenum::U1;
use cute_layout::{layout, Layout};

/// The static quotient and remainder of the strides of `1:a` and `1:b`.
fn divrem<A, B: Int>(_: Layout<U1, A>, _: Layout<U1, B>) -> (i64, i64)
where
    A: IntDiv<B> + IntRem<B>,
    Quot<A, B>: StaticInt,
    Mod<A, B>: StaticInt,
{
    (<Quot<A, B>>::VALUE, <Mod<A, B>>::VALUE)
}

macro_rules! row {
    ($a:literal; $($b:literal),*) => {$(
        let (a, b): (i64, i64) = ($a, $b);
        assert_eq!(divrem(layout!(1:$a), layout!(1:$b)), (a / b, a % b), "{a} / {b}");
    )*};
}
macro_rules! grid {
    ($($a:literal),*) => {$(
        row!($a; 1, -2, 3, 8, 2147483647, -1099511627777, 4611686018427387904, 9223372036854775807);
    )*};
}

#[test]
fn static_division_truncates_like_i64_up_to_i64_max() {
    grid!(
        0, 1, 7, -100, 1099511627777, -1099511627776, 4052555153018976267,
        9223372036854775807
    );
}
