//! Blocked and raked products of layouts of unequal ranks in the type system: the shorter one is
//! padded with `1:0` modes, as CuTe C++ (`append<R>`) and the runtime engine do. The answers are
//! CuTe's own (`tests/data/tiled/cute_kernels.txt`, lines `pN.blocked` / `pN.raked`, printed by
//! `gen_kernels.cpp`), compared as functions: the same shape, the same offset at every index
//! (CuTe keeps a stride on some size-1 modes where the crate writes 0). The runtime engine
//! must agree with them too.

use std::collections::HashMap;

use cute_layout::{algebra, layout, DynLayout};

/// CuTe's `name: layout` lines, `_` of static integers removed.
fn oracle() -> HashMap<String, String> {
    include_str!("data/tiled/cute_kernels.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (n, v) = l.split_once(": ").expect("name: value");
            (
                n.to_string(),
                v.split(" |").next().unwrap().replace('_', ""),
            )
        })
        .collect()
}

/// `ours` and CuTe's `cute` are the same function: equal shapes, equal offsets at every index.
fn same_function(ours: &str, cute: &str, what: &str) {
    let (a, b): (DynLayout, DynLayout) = (ours.parse().unwrap(), cute.parse().unwrap());
    assert_eq!(a.shape(), b.shape(), "{what}: {ours} vs CuTe {cute}");
    for i in 0..b.size() {
        assert_eq!(a.eval(i), b.eval(i), "{what} at {i}: {ours} vs CuTe {cute}");
    }
}

/// The type-level blocked and raked products of `a` and `b` against CuTe's lines `tag.*`, and
/// the runtime engine's on the same operands.
macro_rules! check {
    ($o:ident, $tag:literal, $a:expr, $b:expr) => {{
        let (a, b) = ($a, $b);
        let (da, db): (DynLayout, DynLayout) = (
            a.to_string().parse().unwrap(),
            b.to_string().parse().unwrap(),
        );
        for (what, ours, runtime) in [
            (
                "blocked",
                a.blocked_product(b).to_string(),
                algebra::blocked_product(&da, &db),
            ),
            (
                "raked",
                a.raked_product(b).to_string(),
                algebra::raked_product(&da, &db),
            ),
        ] {
            let cute = &$o[&format!("{}.{what}", $tag)];
            same_function(&ours, cute, &format!("{} {what}", $tag));
            same_function(
                &runtime.to_string(),
                cute,
                &format!("{} runtime {what}", $tag),
            );
        }
    }};
}
#[test]
fn unequal_rank_products_pad_with_unit_modes_as_cute() {
    let o = oracle();
    // rank 2 ⋆ rank 3 (A padded), rank 3 ⋆ rank 2 (B padded)
    check!(o, "p1", layout!((2,2):(1,2)), layout!((2,2,2):(1,2,4)));
    check!(o, "p2", layout!((2,2,2):(1,2,4)), layout!((3,2):(2,1)));
    // a leaf A, a leaf B
    check!(o, "p3", layout!(4:1), layout!((2,3):(3,1)));
    check!(o, "p4", layout!((3,4):(4,1)), layout!(5:1));
    // nested modes
    check!(
        o,
        "p5",
        layout!(((2,2),3):((1,6),2)),
        layout!((2,(2,2),3):(1,(6,2),12))
    );
    // the rank-4 thread and value layouts of FlashAttention-3's V transpose, against rank 2
    check!(o, "p6", layout!((32,4,1,1):(4,1,0,0)), layout!((2,2):(1,2)));
    check!(o, "p7", layout!((8,4):(1,8)), layout!((2,2,1,4):(1,2,16,4)));
}
