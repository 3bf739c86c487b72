//! The shared rules (`cute_layout::rules`, the one place each condition of the paper is
//! written, called by both engines, the macros and the test generator) against independent
//! oracles: the integer helpers against exact `i128` arithmetic, coalescing against
//! evaluation, the TMA plan on a hand-made input.

use crate::common::eval_floor_modes;
use cute_layout::rules::coalesce::coalesce_in_place;
use cute_layout::rules::int::{ceil_div, checked_mul, eval_floor, gcd, shape_div};
use cute_layout::rules::tma::{
    tma_plan, TmaCoordMap, TmaFlat, TmaInput, TmaViolation, TMA_MAX_MODES,
};

/// Against `i128` arithmetic (exact) on small and extreme operands.
#[test]
fn against_exact_arithmetic() {
    let vals = [
        i64::MIN,
        i64::MIN + 1,
        -9,
        -8,
        -7,
        -2,
        -1,
        0,
        1,
        2,
        3,
        7,
        8,
        25,
        i64::MAX,
    ];
    for &a in &vals {
        for &b in &vals {
            let (x, y) = (i128::from(a), i128::from(b));
            // ⌈x/y⌉ exactly in i128: `div_euclid` is ⌊x/y⌋ for y > 0 and ⌈x/y⌉ for y < 0.
            let exact_ceil = (y != 0)
                .then(|| {
                    if y > 0 {
                        -(-x).div_euclid(y)
                    } else {
                        x.div_euclid(y)
                    }
                })
                .and_then(|c| i64::try_from(c).ok());
            assert_eq!(ceil_div(a, b), exact_ceil, "ceil_div({a}, {b})");
            let exact_sd = (y != 0)
                .then(|| i64::try_from(x / y).ok())
                .flatten()
                .map(|q| if q != 0 { q } else { a.signum() * b.signum() });
            assert_eq!(shape_div(a, b), exact_sd, "shape_div({a}, {b})");
            assert_eq!(checked_mul(a, b).ok(), i64::try_from(x * y).ok());
        }
    }
    assert_eq!(gcd(12u64, 18), 6);
    assert_eq!(gcd(0i128, 7), 7);
    assert_eq!(gcd(7i64, 0), 7);
}

/// Floor and mod: `x = Σ c_k·p_k` with `0 ≤ c_k < s_k` but the last, checked by
/// reconstructing `x` from the digits (strides = prefix products give back `x`).
#[test]
fn eval_floor_reconstructs_the_index() {
    let modes = [(4, 1), (3, 4), (5, 12)];
    for x in -200..200 {
        assert_eq!(eval_floor(&modes, x), Some(x));
    }
    // A stride-0 first mode drops the digit x mod 4.
    assert_eq!(eval_floor(&[(4, 0), (3, 1)], -1), Some(-1));
    assert_eq!(eval_floor(&[(4, 0), (3, 1)], 5), Some(1));
    assert_eq!(eval_floor(&[], 5), Some(0));
    assert_eq!(eval_floor(&[(2, 1), (2, i64::MAX)], 8), None);
}

/// Against the definition: the coalesced modes evaluate as the input on `[0, size)` (and,
/// keeping the last mode, at every integer), no two neighbours merge, no size-1 mode is
/// left (but a kept last one); exhaustive over small flat layouts.
#[test]
fn coalesce_against_evaluation() {
    // The tests' own evaluation (floor and mod), not the rule's `eval_floor` checked above.
    let eval = |m: &[(i64, i64)], x: i64| eval_floor_modes(m, x).unwrap();
    let shapes = [1i64, 2, 3];
    let strides = [-2i64, 0, 1, 2, 3, 6];
    for &s0 in &shapes {
        for &s1 in &shapes {
            for &s2 in &shapes {
                for &d0 in &strides {
                    for &d1 in &strides {
                        for &d2 in &strides {
                            let m = [(s0, d0), (s1, d1), (s2, d2)];
                            for keep_last in [false, true] {
                                let mut v = m;
                                let n = coalesce_in_place(&mut v, keep_last).unwrap();
                                let c = &v[..n];
                                let size = s0 * s1 * s2;
                                let range = if keep_last { -size..2 * size } else { 0..size };
                                for x in range {
                                    assert_eq!(eval(c, x), eval(&m, x), "{m:?} {keep_last}");
                                }
                                assert!(c.windows(2).all(|w| w[0].0 * w[0].1 != w[1].1));
                                let last_kept = keep_last as usize;
                                assert!(c[..n.saturating_sub(last_kept)].iter().all(|x| x.0 > 1));
                                assert_eq!(c.iter().map(|x| x.0).product::<i64>(), size);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A hand-made input (the public fields allow one) whose vector names a gmem leaf past
/// `gmem.n`: the plan refuses it instead of reading a stride that is not there (an index
/// panic past `TMA_MAX_MODES`, a stale `0` below it). The crate's own builders
/// (`make_tma_copy`, `StaticTmaCopy`) only name leaves of the gmem layout.
#[test]
fn a_coordinate_leaf_past_the_gmem_modes_is_refused() {
    let flat8 = match TmaFlat::EMPTY.push(8, 1) {
        Some(f) => f,
        None => unreachable!(),
    };
    for leaf in [1, 5, 40] {
        let coords = match TmaCoordMap::EMPTY.push(8, 1, leaf) {
            Some(c) => c,
            None => unreachable!(),
        };
        let mut tile_shape = [1; TMA_MAX_MODES];
        tile_shape[0] = 8;
        let mut top_leaves = [0; TMA_MAX_MODES];
        top_leaves[0] = 1;
        let inp = TmaInput {
            store: false,
            multicast: false,
            bits: 16,
            swizzle_span_bytes: 0,
            cluster: 1,
            gmem: flat8,
            coords,
            smem: flat8,
            smem_inv: flat8,
            tile_size: 8,
            top_n: 1,
            tile_shape,
            top_leaves,
        };
        assert_eq!(
            tma_plan(&inp).err(),
            Some(TmaViolation::TooManyModes),
            "leaf {leaf}"
        );
    }
}
