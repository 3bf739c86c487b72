//! Issue #5, part 2: nanoseconds per algebra operation at run time, on the six cases
//!
//! * `(4,8):(1,4) ∘ (2,4):(4,1)`, `(4,8):(1,4) ∘ (4,2):(1,8)`,
//! * `complement(4:2, 24)`, `complement(6:4, 24)`,
//! * `logical_divide(24:1, 4:2)`, `logical_divide((4,8):(1,4), <2:1,4:1>)`,
//!
//! for mixed layouts (static structure, every leaf a runtime `i64`: the analogue of CuTe C++
//! with `int`, through the type-level traits of `cute_layout::ops`) and for runtime-structured
//! `DynLayout`s (through `cute_layout::algebra`). Each iteration is one operation on arguments
//! passed through `black_box`; the result is checked once, outside the timed loop.

use criterion::{criterion_group, criterion_main, Criterion};
use cute_layout::algebra::{try_complement, try_composition, try_logical_divide, DynTiler};

use cute_layout::{layout, DynLayout};
use std::hint::black_box;

mod common;

fn mixed(c: &mut Criterion) {
    let v = |x: i64| black_box(x);
    let mut g = c.benchmark_group("algebra/mixed");

    let a = layout!(({v(4)}, {v(8)}):({v(1)}, {v(4)})).unwrap();
    let b1 = layout!(({v(2)}, {v(4)}):({v(4)}, {v(1)})).unwrap();
    let b2 = layout!(({v(4)}, {v(2)}):({v(1)}, {v(8)})).unwrap();
    println!("mixed (4,8):(1,4) o (2,4):(4,1) = {}", a.compose(b1));
    println!("mixed (4,8):(1,4) o (4,2):(1,8) = {}", a.compose(b2));
    for i in 0..8 {
        assert_eq!(a.compose(b1).eval(i), a.eval(b1.eval(i)));
        assert_eq!(a.compose(b2).eval(i), a.eval(b2.eval(i)));
    }
    g.bench_function("compose1", |b| {
        b.iter(|| black_box(a).try_compose(black_box(b1)))
    });
    g.bench_function("compose2", |b| {
        b.iter(|| black_box(a).try_compose(black_box(b2)))
    });

    let c1 = layout!({v(4)}:{v(2)}).unwrap();
    let c2 = layout!({v(6)}:{v(4)}).unwrap();
    println!("mixed complement(4:2, 24) = {}", c1.complement(24i64));
    println!("mixed complement(6:4, 24) = {}", c2.complement(24i64));
    g.bench_function("complement1", |b| {
        b.iter(|| black_box(c1).try_complement(black_box(24i64)))
    });
    g.bench_function("complement2", |b| {
        b.iter(|| black_box(c2).try_complement(black_box(24i64)))
    });

    let d1 = layout!({v(24)}:{v(1)}).unwrap();
    let t1 = layout!({v(4)}:{v(2)}).unwrap();
    let t2 = (
        layout!({v(2)}:{v(1)}).unwrap(),
        layout!({v(4)}:{v(1)}).unwrap(),
    );
    println!(
        "mixed logical_divide(24:1, 4:2) = {}",
        d1.logical_divide(t1)
    );
    println!(
        "mixed logical_divide((4,8):(1,4), <2:1,4:1>) = {}",
        a.logical_divide(t2)
    );
    g.bench_function("logical_divide1", |b| {
        b.iter(|| black_box(d1).try_logical_divide(black_box(t1)))
    });
    g.bench_function("logical_divide2", |b| {
        b.iter(|| black_box(a).try_logical_divide(black_box(t2)))
    });
    g.finish();
}

fn dynamic(c: &mut Criterion) {
    let l = |s: &str| s.parse::<DynLayout>().unwrap();
    let mut g = c.benchmark_group("algebra/dyn");

    let (a, b1, b2) = (l("(4,8):(1,4)"), l("(2,4):(4,1)"), l("(4,2):(1,8)"));
    println!(
        "dyn compositions: {} {}",
        try_composition(&a, &b1).unwrap(),
        try_composition(&a, &b2).unwrap()
    );
    g.bench_function("compose1", |b| {
        b.iter(|| try_composition(black_box(&a), black_box(&b1)))
    });
    g.bench_function("compose2", |b| {
        b.iter(|| try_composition(black_box(&a), black_box(&b2)))
    });

    let (c1, c2) = (l("4:2"), l("6:4"));
    println!(
        "dyn complements: {} {}",
        try_complement(&c1, 24).unwrap(),
        try_complement(&c2, 24).unwrap()
    );
    g.bench_function("complement1", |b| {
        b.iter(|| try_complement(black_box(&c1), black_box(24)))
    });
    g.bench_function("complement2", |b| {
        b.iter(|| try_complement(black_box(&c2), black_box(24)))
    });

    let (d1, t1) = (l("24:1"), l("4:2"));
    let t2: DynTiler = "<2:1,4:1>".parse().unwrap();
    println!(
        "dyn logical_divide: {} {}",
        try_logical_divide(&d1, &t1).unwrap(),
        try_logical_divide(&a, &t2).unwrap()
    );
    g.bench_function("logical_divide1", |b| {
        b.iter(|| try_logical_divide(black_box(&d1), black_box(&t1)))
    });
    g.bench_function("logical_divide2", |b| {
        b.iter(|| try_logical_divide(black_box(&a), black_box(&t2)))
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = mixed, dynamic
}
criterion_main!(benches);
