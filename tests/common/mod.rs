//! Helpers of the generated differential tests (`tests/diff_*.rs`).
#![allow(dead_code)]

use cute_layout::{DynLayout, LayoutError};

/// A runtime value the optimiser cannot see through: makes a leaf dynamic.
pub fn v(x: i64) -> i64 {
    std::hint::black_box(x)
}

/// A static result prints exactly as the runtime engine's result, static marks included.
#[track_caller]
pub fn same_print<L: core::fmt::Display>((stat, rt): (L, Result<DynLayout, LayoutError>)) {
    let rt = rt.unwrap_or_else(|e| {
        panic!("runtime engine refused where the type-level engine gave {stat:#}: {e}")
    });
    assert_eq!(
        format!("{stat:#}"),
        format!("{rt:#}"),
        "type-level vs runtime engine"
    );
}

/// A mixed result is the same function as the runtime engine's result: same size, same value
/// at every integral coordinate.
#[track_caller]
pub fn same_function<L: Into<DynLayout> + core::fmt::Display + Copy>(
    (mixed, rt): (L, Result<DynLayout, LayoutError>),
) {
    let rt = rt.unwrap_or_else(|e| {
        panic!("runtime engine refused where the type-level engine gave {mixed:#}: {e}")
    });
    let m: DynLayout = mixed.into();
    assert_eq!(m.size(), rt.size(), "size of {m:#} vs {rt:#}");
    for i in 0..m.size() {
        assert_eq!(m.eval(i), rt.eval(i), "{m:#} vs {rt:#} at {i}");
    }
}

/// A static integer result equals the runtime engine's.
#[track_caller]
pub fn same_int<I: cute_layout::int::Int>((k, rt): (I, Result<i64, LayoutError>)) {
    let rt = rt.unwrap_or_else(|e| {
        panic!("runtime engine refused where the type-level engine gave {k:?}: {e}")
    });
    assert_eq!(k.value(), rt, "type-level vs runtime engine");
}

/// `L(x)` for any integer `x` with floor and mod (paper Eq. 4): the last mode extends both
/// ways. `None` on overflow. The tests' own oracle, independent of the engines.
pub fn eval_floor(a: &DynLayout, x: i64) -> Option<i64> {
    let modes: Vec<(i64, i64)> = a.shape().leaves().zip(a.stride().leaves()).collect();
    let (mut rest, mut acc) = (x, 0i64);
    for (k, &(s, d)) in modes.iter().enumerate() {
        let c = if k + 1 == modes.len() {
            rest
        } else {
            rest.rem_euclid(s)
        };
        rest = rest.div_euclid(s);
        acc = acc.checked_add(c.checked_mul(d)?)?;
    }
    Some(acc)
}
