//! The runtime engine against NVIDIA's new PyCuTe (github.com/NVlabs/CuTe, commit 02e137e):
//! every case of `tests/data/pycute_nv.txt`, PyCuTe's answers on the inputs of its own test
//! suite and on seeded random ones (written by `tests/data/gen_pycute_nv.py`, whose docstring
//! says how). `tests/static_pycute_nv.rs` checks the type-level engine on a subset.
//!
//! Each case is compared as a function: same size and the same value (an arithmetic tuple for
//! basis strides) at every integral coordinate, decided exactly on the layouts' normal forms
//! (below) and, up to 4096 values, also by evaluating both. Exact shape is required where the
//! result's shape is defined exactly ([`EXACT_SHAPE`]); exact-text agreement is counted.
//! `cargo test --test runtime_pycute_nv -- --nocapture` prints the table per operation.
//!
//! Where the two differ, the case must be listed: in [`DESIGN`] with the rule the crate
//! follows (README "Where this library differs", or the section named), in [`KNOWN_GAPS`] or
//! [`CANNOT`] where PyCuTe answers and the crate cannot yet (lists that only shrink), or in
//! [`PYCUTE_REFUSES`] where PyCuTe raises and the crate answers. Every answer of the crate is
//! checked against the paper's postconditions of its operation, and a listed case that no
//! longer differs fails the test, so the lists only shrink. `PYCUTE_NV_REPORT=1` prints every
//! unlisted difference as a list entry.

use std::collections::{BTreeMap, BTreeSet};

use cute_layout::algebra::{self, basis, DynTiler};
use cute_layout::basis::arithmetic_eq;
use cute_layout::{DynBasisLayout, DynLayout, DynScaledBasis, DynTuple};

const DATA: &str = include_str!("data/pycute_nv.txt");

// The rules the crate follows where it and PyCuTe differ, each citing the entry of README
// "Where this library differs from CuTe C++ and pycute" that states it, and PyCuTe's bugs.
const SURJECTIVE: &str = "README 'PyCuTe's logical divide completes B differently': (B, B*) is onto Z_|A| with B* = complement(B, |A|) (paper §3.5.2); PyCuTe takes B*'s extents leaf by leaf from shape(A), which may lose elements of A, reach further, or fail Eq. 21";
const PADS: &str = "README 'blocked/raked products of different ranks': the shorter layout is padded with 1:0 modes, as C++ does (PyCuTe raises)";
const EXACT: &str = "README 'The runtime engine is exact on small cases': Eq. 20/21 are sufficient, not necessary (PyCuTe raises)";
const LEFT_EXACT: &str =
    "README '`left_inverse` is exact on small cases' (PyCuTe raises on strides that do not chain)";
const SKIP_TILE: &str = "README '`_` in a tiler of zipped/tiled/flat divides and products': `_` is the identity of its mode, (A_i, 1:0), the whole mode in the tile and 1:0 in the rest (PyCuTe's tiler_to_layout raises on None)";
const UPCAST_EXACT: &str = "README '`upcast` / `downcast`': upcast refuses a leaf whose last wide element would lie partly outside the layout (PyCuTe and C++ round the size up)";
const DOWNCAST_ADJACENT: &str = "README '`upcast` / `downcast`': downcast requires a stride-1 leaf, as C++'s downcast(Layout) static_asserts ('Downcast requires adjacent elements'); PyCuTe multiplies every other stride";
const RANK1_PRODUCT: &str = "README 'PyCuTe 02e137e bugs': blocked/raked_product of integer-shaped layouts zip the tile with the grid's first mode only and lose the rest (its own size(R) == size(A)*size(B) fails)";
const PY_RANK1_ZIP: &str = "README 'PyCuTe 02e137e bugs': zipped_divide of an integer-shaped layout by a by-mode tiler raises TypeError ('int' object is not iterable); the layout is its own only mode";
const TILER_DROPS: &str = "README 'A by-mode tiler shorter than A': composition drops the modes of A the tiler does not name, as CuTe C++ does; PyCuTe 02e137e keeps them (zip_longest; its later layout.py, f1c0199, zips as C++)";
const ORDER_BY_MODE: &str = "README '`make_ordered_layout` takes one distinct integer per top-level mode' (C++'s top-level order; PyCuTe requires a congruent order)";
// Gaps: PyCuTe answers, the crate cannot yet.
const CUTE_ORDER: &str = "gap (README '`make_ordered_layout` takes one distinct integer per top-level mode'): a nested order congruent with the shape, or repeated entries (PyCuTe breaks ties by position)";

/// Cases where PyCuTe and the crate differ by design, `op;operands` and the rule: different
/// functions (the crate's answer satisfies its operation's postconditions, checked for every
/// answer; for a PyCuTe bug, that PyCuTe's answer loses elements is checked too), or a refusal
/// of the crate (whose message must name the rule's condition).
const DESIGN: &[(&str, &str)] = &[
    ("blocked_product;12:2;8:1", RANK1_PRODUCT),
    ("raked_product;(6):(2);16:1", RANK1_PRODUCT),
    ("flat_divide;(2,5,8):(2,4,20);((2,2)):((6,3))", SURJECTIVE),
    ("flat_divide;(3,3):(1,3);(8):(1)", SURJECTIVE),
    ("flat_divide;(6,2,2):(2,12,24);(5):(3)", SURJECTIVE),
    (
        "logical_divide;((4),(5,2,4)):((2),(8,40,80));(1,(3,1)):(1,(1,3))",
        SURJECTIVE,
    ),
    (
        "logical_divide;((5,4,4)):((1,5,20));((1),(2,2)):((12),(6,3))",
        SURJECTIVE,
    ),
    ("logical_divide;((6,6)):((1,6));16:1", SURJECTIVE),
    ("logical_divide;(4,4):(2,8);(5):(1)", SURJECTIVE),
    ("logical_divide;(6,8,5):(1,6,48);(4):(1)", SURJECTIVE),
    ("logical_divide;(8,8,4):(1,8,64);3:1", SURJECTIVE),
    ("tiled_divide;(2,5,8):(2,4,20);((2,2)):((6,3))", SURJECTIVE),
    ("tiled_divide;(3,3):(1,3);(8):(1)", SURJECTIVE),
    ("tiled_divide;(6,2,2):(2,12,24);(5):(3)", SURJECTIVE),
    ("zipped_divide;(2,5,8):(2,4,20);((2,2)):((6,3))", SURJECTIVE),
    ("zipped_divide;(3,3):(1,3);(8):(1)", SURJECTIVE),
    ("zipped_divide;(6,2,2):(2,12,24);(5):(3)", SURJECTIVE),
    ("composition;((6,2),5):((8,2),1);<(4,3):(3,1)>", TILER_DROPS),
    ("composition;((6,2),5):((8,2),1);<<3:2>>", TILER_DROPS),
    ("composition;((2,1,2),2):((4,1,2),1);<(4):(1)>", TILER_DROPS),
    ("composition;(4,(2,2),4):(1,(4,8),16);<2:1,1>", TILER_DROPS),
    ("composition;(4,2,5):(2,8,16);<(1):(1)>", TILER_DROPS),
    ("composition;(2,8,4):(1,2,16);<(2):(1)>", TILER_DROPS),
    ("composition;(6,5):(2,0);<(4):(1)>", TILER_DROPS),
    ("composition;(6,(6)):(1,(6));<3:1>", TILER_DROPS),
    ("composition;(4,6,(2)):(1,4,(24));<_,6>", TILER_DROPS),
    ("composition;(4,3):(1,4);<_>", TILER_DROPS),
    ("composition;(6,2):(4,2);<(2):(1)>", TILER_DROPS),
    ("composition;(4,4,(2,1,2)):(48,12,(6,0,3));<2>", TILER_DROPS),
    (
        "composition;(5,4,(4,2)):(1,5,(20,80));<(5):(3)>",
        TILER_DROPS,
    ),
    // The crate refuses by design (the refusal names the condition).
    ("recast;24:2;1/2", DOWNCAST_ADJACENT),
    ("recast;24:2;1/4", DOWNCAST_ADJACENT),
    ("recast;24:2;1/6", DOWNCAST_ADJACENT),
    ("recast;24:2;1/8", DOWNCAST_ADJACENT),
    ("recast;(4,4):(4,1);8", UPCAST_EXACT),
    ("recast;(8,4):(0,2);1/2", DOWNCAST_ADJACENT),
    ("recast;(8,4):(0,2);1/4", DOWNCAST_ADJACENT),
    ("recast;(8,4):(0,2);1/6", DOWNCAST_ADJACENT),
    ("recast;(8,4):(0,2);1/8", DOWNCAST_ADJACENT),
    ("recast;(8,4,6):(1,0,2);8", UPCAST_EXACT),
    ("recast;((4,6),8):((1,4),24);8", UPCAST_EXACT),
    ("recast;8:0;1/2", DOWNCAST_ADJACENT),
    ("recast;8:0;1/4", DOWNCAST_ADJACENT),
    ("recast;8:0;1/6", DOWNCAST_ADJACENT),
    ("recast;8:0;1/8", DOWNCAST_ADJACENT),
    ("recast;(3):(2);8", UPCAST_EXACT),
    ("recast;((2,8),(2)):((48,6),(3));1/2", DOWNCAST_ADJACENT),
    ("recast;((4,2)):((3,12));1/4", DOWNCAST_ADJACENT),
    ("recast;(8):(2);1/4", DOWNCAST_ADJACENT),
    ("recast;2:2;8", UPCAST_EXACT),
    ("recast;((1,8),(4)):((1,1),(8));4", UPCAST_EXACT),
    ("recast;(2,(8,1,2),2):(1,(2,16,16),32);4", UPCAST_EXACT),
    ("recast;(4):(1);8", UPCAST_EXACT),
    ("recast;((2),(2),2):((1),(2),4);8", UPCAST_EXACT),
    (
        "recast;(2,(4),(4,6)):(3,(6),(24,96));1/2",
        DOWNCAST_ADJACENT,
    ),
    ("recast;2:1;8", UPCAST_EXACT),
    ("recast;((4),5,1):((0),1,1);2", UPCAST_EXACT),
];

/// Cases where PyCuTe answers and the crate refuses or cannot take the operands yet. Each entry is removed when the crate gives PyCuTe's function.
const KNOWN_GAPS: &[(&str, &str)] = &[
    (
        "make_ordered_layout;((2,2),(2,2));((0,1),(2,3))",
        CUTE_ORDER,
    ),
    ("make_ordered_layout;(2,(3,4));(0,(1,2))", CUTE_ORDER),
    ("make_ordered_layout;(2,(3,4));(2,(1,0))", CUTE_ORDER),
    ("make_ordered_layout;(4,8);(5,5)", CUTE_ORDER),
    ("make_ordered_layout;(8,4);(5,5)", CUTE_ORDER),
    ("make_ordered_layout;(2,3,4,2);(0,2,3,0)", CUTE_ORDER),
    ("make_ordered_layout;((2,3,6));((8,12,17))", CUTE_ORDER),
    ("make_ordered_layout;(8,4,(2));(18,3,(11))", CUTE_ORDER),
    ("make_ordered_layout;((2,2,5));((1,16,14))", CUTE_ORDER),
    ("make_ordered_layout;((6),2);((2),7)", CUTE_ORDER),
    (
        "make_ordered_layout;(5,2,(1,2,4));(8,0,(16,19,13))",
        CUTE_ORDER,
    ),
    ("make_ordered_layout;((2));((11))", CUTE_ORDER),
    ("make_ordered_layout;((2,1));((16,19))", CUTE_ORDER),
    (
        "make_ordered_layout;((1,4),(5),4);((19,8),(18),15)",
        CUTE_ORDER,
    ),
    (
        "make_ordered_layout;((2,8),2,(4,4,8));((5,9),7,(1,15,12))",
        CUTE_ORDER,
    ),
    ("make_ordered_layout;(4,(3),(5));(9,(4),(12))", CUTE_ORDER),
    ("make_ordered_layout;(6,(2,4,8));(2,(7,1,15))", CUTE_ORDER),
    ("make_ordered_layout;(8,(2,2));(5,(16,3))", CUTE_ORDER),
];

/// Operands the crate cannot take, by operation and kind (`Outcome::Cannot`): every such case
/// is a gap or a rule of the crate. An entry no case reaches any more fails the test.
const CANNOT: &[(&str, &str, &str)] = &[
    ("coalesce_z", "coalesce_z of a basis-strided layout", "gap: coalesce_z has no basis-strided form (algebra::basis)"),
    ("nullspace", "nullspace of a basis-strided layout", "gap: nullspace has no basis-strided form"),
    ("layout_add", "layout_add of basis-strided layouts", "gap: layout_add has no basis-strided form"),
    ("coalesce_profile", "a coalesce profile holding _", "PyCuTe's None in a coalesce profile (leave the mode) has no counterpart in CuTe C++ or in the crate's integer profiles"),
    ("coalesce_z_profile", "coalesce_z with a profile", "gap: coalesce_z takes no profile"),
];

/// Cases where PyCuTe raises and the crate answers, with the rule; the crate's answer satisfies
/// its operation's postconditions (checked).
const PYCUTE_REFUSES: &[(&str, &str)] = &[
    ("composition;(5,3):(7,1);2:3", EXACT),
    ("left_inverse;(2,2):(2,3)", LEFT_EXACT),
    ("left_inverse;(2,2):(2,5)", LEFT_EXACT),
    ("blocked_product;4:1;(2,3):(1,2)", PADS),
    ("raked_product;4:1;(2,3):(1,2)", PADS),
    ("make_ordered_layout;(4,(8,2));(0,1)", ORDER_BY_MODE),
    ("composition;(4,(8)):(8,(1));(2):(3)", EXACT),
    ("composition;(2,4):(1,0);8:3", EXACT),
    ("logical_divide;(8,6,2):(1,8,0);3:1", SURJECTIVE),
    ("zipped_divide;2:1;<(2):(2)>", PY_RANK1_ZIP),
    ("tiled_divide;2:1;<(2):(2)>", PY_RANK1_ZIP),
    ("flat_divide;2:1;<(2):(2)>", PY_RANK1_ZIP),
    ("zipped_divide;16:0;<(2):(1)>", PY_RANK1_ZIP),
    ("tiled_divide;16:0;<(2):(1)>", PY_RANK1_ZIP),
    ("flat_divide;16:0;<(2):(1)>", PY_RANK1_ZIP),
    ("zipped_divide;3:1;<(2):(3)>", PY_RANK1_ZIP),
    ("tiled_divide;3:1;<(2):(3)>", PY_RANK1_ZIP),
    ("flat_divide;3:1;<(2):(3)>", PY_RANK1_ZIP),
    ("zipped_divide;4:0;<_>", SKIP_TILE),
    ("tiled_divide;4:0;<_>", SKIP_TILE),
    ("flat_divide;4:0;<_>", SKIP_TILE),
    ("zipped_divide;8:2;<((6)):((1))>", PY_RANK1_ZIP),
    ("tiled_divide;8:2;<((6)):((1))>", PY_RANK1_ZIP),
    ("flat_divide;8:2;<((6)):((1))>", PY_RANK1_ZIP),
    ("zipped_divide;12:1;<1>", PY_RANK1_ZIP),
    ("tiled_divide;12:1;<1>", PY_RANK1_ZIP),
    ("flat_divide;12:1;<1>", PY_RANK1_ZIP),
    ("zipped_divide;6:2;<(6):(1)>", PY_RANK1_ZIP),
    ("tiled_divide;6:2;<(6):(1)>", PY_RANK1_ZIP),
    ("flat_divide;6:2;<(6):(1)>", PY_RANK1_ZIP),
    ("zipped_divide;6:3;<((5)):((1))>", PY_RANK1_ZIP),
    ("tiled_divide;6:3;<((5)):((1))>", PY_RANK1_ZIP),
    ("flat_divide;6:3;<((5)):((1))>", PY_RANK1_ZIP),
    ("logical_product;16:2;6:3", EXACT),
    ("zipped_product;16:2;6:3", EXACT),
    ("tiled_product;16:2;6:3", EXACT),
    ("flat_product;16:2;6:3", EXACT),
    ("logical_product;(5):(2);2:3", EXACT),
    ("zipped_product;(5):(2);2:3", EXACT),
    ("tiled_product;(5):(2);2:3", EXACT),
    ("flat_product;(5):(2);2:3", EXACT),
    ("logical_product;6:2;<(8):(3)>", EXACT),
    ("zipped_product;6:2;<(8):(3)>", EXACT),
    ("tiled_product;6:2;<(8):(3)>", EXACT),
    ("flat_product;6:2;<(8):(3)>", EXACT),
    ("logical_product;8:2;<4:3>", EXACT),
    ("zipped_product;8:2;<4:3>", EXACT),
    ("tiled_product;8:2;<4:3>", EXACT),
    ("flat_product;8:2;<4:3>", EXACT),
    ("blocked_product;6:1;((5),3):((1),5)", PADS),
    ("blocked_product;(4,4):(1,4);((4)):((1))", PADS),
    ("blocked_product;(1):(1);((4),3):((1),4)", PADS),
    ("blocked_product;(4,2):(0,12);((2,2,1)):((1,2,4))", PADS),
    ("blocked_product;(2):(1);(2,(4)):(1,(2))", PADS),
    ("raked_product;(1,1):(0,1);((2)):((3))", PADS),
    ("raked_product;(2,(8,2)):(1,(2,16));2:2", PADS),
    ("raked_product;(8,2):(2,16);(1):(1)", PADS),
    ("raked_product;6:1;(2,(4,2)):(1,(2,8))", PADS),
    ("raked_product;8:1;(2,2):(2,1)", PADS),
];

/// The operations whose result's shape is defined exactly (a unique maximal merge, the input's
/// shape, a leaf-by-leaf rule): the crate's shape must be PyCuTe's.
const EXACT_SHAPE: &[&str] = &[
    "coalesce",
    "coalesce_z",
    "nullspace",
    "greatest_common_domain",
    "make_ordered_layout",
    "recast",
];

struct Case {
    line: usize,
    source: &'static str,
    op: &'static str,
    args: Vec<&'static str>,
    answer: &'static str,
}

impl Case {
    fn id(&self) -> String {
        format!("{};{}", self.op, self.args.join(";"))
    }
}

fn cases() -> Vec<Case> {
    DATA.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.is_empty())
        .map(|(n, l)| {
            let f: Vec<&str> = l.split(';').collect();
            Case {
                line: n + 1,
                source: f[0],
                op: f[1],
                args: f[2..f.len() - 1].to_vec(),
                answer: f[f.len() - 1],
            }
        })
        .collect()
}

/// What the crate does with a case.
enum Outcome {
    Answer(DynBasisLayout),
    Refused(String),
    /// The crate cannot take these operands.
    Cannot(&'static str),
}

fn bl(s: &str) -> DynBasisLayout {
    s.parse()
        .unwrap_or_else(|e| panic!("{s:?} does not parse as a layout: {e}"))
}

fn tuple(s: &str) -> DynTuple {
    s.parse()
        .unwrap_or_else(|e| panic!("{s:?} does not parse as a tuple: {e}"))
}

fn int_layout(s: &str) -> Option<DynLayout> {
    bl(s).to_dyn_layout().ok()
}

fn outcome<L: Into<DynBasisLayout>>(r: Result<L, cute_layout::LayoutError>) -> Outcome {
    match r {
        Ok(l) => Outcome::Answer(l.into()),
        Err(e) => Outcome::Refused(e.to_string()),
    }
}

/// The crate's answer: `cute_layout::algebra` on integer layouts, `algebra::basis` on
/// basis-strided ones.
fn run(c: &Case) -> Outcome {
    let a = || bl(c.args[0]);
    let t = || c.args[1].parse::<DynTiler>().ok();
    macro_rules! unary {
        ($int:path, $basis:path) => {
            match int_layout(c.args[0]) {
                Some(a) => outcome($int(&a)),
                None => outcome($basis(&a())),
            }
        };
    }
    macro_rules! tiled {
        ($int:path, $basis:path) => {{
            let Some(t) = t() else {
                return Outcome::Cannot("a tiler the crate cannot read");
            };
            match int_layout(c.args[0]) {
                Some(a) => outcome($int(&a, &t)),
                None => outcome($basis(&a(), &t)),
            }
        }};
    }
    match c.op {
        "coalesce" => unary!(algebra::try_coalesce, basis::try_coalesce),
        // PyCuTe's profile `<1,1>` is the crate's `(1,1)`; `_` (leave the mode) it has not.
        "coalesce_profile" => match c.args[1].contains('_') {
            true => Outcome::Cannot("a coalesce profile holding _"),
            false => outcome(algebra::try_coalesce_by_mode(
                &int_layout(c.args[0]).unwrap(),
                &tuple(&c.args[1].replace('<', "(").replace('>', ")")),
            )),
        },
        "composition" => tiled!(algebra::try_composition, basis::try_composition),
        // PyCuTe's complement without a cotarget is CuTe's complement(A, cosize(A)).
        "complement" => unary!(algebra::try_complement_full, basis::try_complement_full),
        "complement_to" => match (int_layout(c.args[0]), c.args[1].parse::<i64>()) {
            (Some(a), Ok(m)) => outcome(algebra::try_complement(&a, m)),
            _ => outcome(basis::try_complement(&a(), &tuple(c.args[1]))),
        },
        "right_inverse" => unary!(algebra::try_right_inverse, basis::try_right_inverse),
        "left_inverse" => unary!(algebra::try_left_inverse, basis::try_left_inverse),
        "logical_divide" => tiled!(algebra::try_logical_divide, basis::try_logical_divide),
        "zipped_divide" => tiled!(algebra::try_zipped_divide, basis::try_zipped_divide),
        "tiled_divide" => tiled!(algebra::try_tiled_divide, basis::try_tiled_divide),
        "flat_divide" => tiled!(algebra::try_flat_divide, basis::try_flat_divide),
        "logical_product" => tiled!(algebra::try_logical_product, basis::try_logical_product),
        "zipped_product" => tiled!(algebra::try_zipped_product, basis::try_zipped_product),
        "tiled_product" => tiled!(algebra::try_tiled_product, basis::try_tiled_product),
        "flat_product" => tiled!(algebra::try_flat_product, basis::try_flat_product),
        "blocked_product" => tiled!(algebra::try_blocked_product, basis::try_blocked_product),
        "raked_product" => tiled!(algebra::try_raked_product, basis::try_raked_product),
        // PyCuTe's recast(A, n) is CuTe's upcast<n>, recast(A, 1/n) its downcast<n>.
        "recast" => {
            let Some(a) = int_layout(c.args[0]) else {
                return Outcome::Cannot("recast of a basis-strided layout");
            };
            match c.args[1].split_once('/') {
                None => outcome(algebra::try_upcast(&a, c.args[1].parse().unwrap())),
                Some(("1", n)) => outcome(algebra::try_downcast(&a, n.parse().unwrap())),
                Some(_) => Outcome::Cannot("recast by a non-unit fraction"),
            }
        }
        "coalesce_z" => match int_layout(c.args[0]) {
            Some(a) => outcome(algebra::try_coalesce_z(&a)),
            None => Outcome::Cannot("coalesce_z of a basis-strided layout"),
        },
        "coalesce_z_profile" => Outcome::Cannot("coalesce_z with a profile"),
        "nullspace" => match int_layout(c.args[0]) {
            Some(a) => outcome(algebra::try_nullspace(&a)),
            None => Outcome::Cannot("nullspace of a basis-strided layout"),
        },
        "layout_add" => match (int_layout(c.args[0]), int_layout(c.args[1])) {
            (Some(a), Some(b)) => outcome(algebra::try_layout_add(&a, &b)),
            _ => Outcome::Cannot("layout_add of basis-strided layouts"),
        },
        "greatest_common_domain" => outcome(algebra::try_greatest_common_domain(
            &tuple(c.args[0]),
            &tuple(c.args[1]),
        )),
        "make_ordered_layout" => outcome(algebra::try_make_ordered_layout(
            &tuple(c.args[0]),
            &tuple(c.args[1]),
        )),
        op => panic!("line {}: unknown operation {op}", c.line),
    }
}

// ---------------------------------------------------------------------------------------------
// Layouts as functions.

/// A stride as an arithmetic-tuple direction: `(value, path)`, zero as `(0, [])`.
fn dir(b: &DynScaledBasis) -> (i64, Vec<usize>) {
    if b.value.value == 0 {
        (0, Vec::new())
    } else {
        (b.value.value, b.modes.clone())
    }
}

/// The normal form of a layout as a function on `[0, size)`: its flat modes without size-1
/// modes, adjacent modes `(s, d), (t, s·d)` merged into `(s·t, d)`. Two layouts are the same
/// function on their domain exactly when their normal forms are equal: the first mode's
/// extent is the least `i` with `L(i) ≠ i·L(1)` (no merge means `L(s) = d' ≠ s·d`), and so on
/// for the rest.
fn normal_form(l: &DynBasisLayout) -> Vec<(i64, (i64, Vec<usize>))> {
    let mut out: Vec<(i64, (i64, Vec<usize>))> = Vec::new();
    for (s, b) in l.flat_modes() {
        if s == 1 {
            continue;
        }
        let d = dir(&b);
        if let Some((s0, (v0, p0))) = out.last_mut() {
            let next = if *v0 == 0 {
                (0, Vec::new())
            } else {
                (*s0 * *v0, p0.clone())
            };
            if next == d {
                *s0 *= s;
                continue;
            }
        }
        out.push((s, d));
    }
    out
}

/// Same size and the same value at every integral coordinate.
fn same_function(x: &DynBasisLayout, y: &DynBasisLayout) -> bool {
    let by_form = x.size() == y.size() && normal_form(x) == normal_form(y);
    if x.size() == y.size() && x.size() <= 4096 {
        let by_values = (0..x.size()).all(|i| arithmetic_eq(&x.eval(i), &y.eval(i)));
        assert_eq!(by_form, by_values, "normal forms of {x} and {y}");
    }
    by_form
}

/// `L(i)` of an integer layout for any `i ≥ 0` (the last mode extends, as in CuTe).
fn ev(l: &DynLayout, i: i64) -> i64 {
    l.try_eval(&DynTuple::int(i)).unwrap()
}

/// `A` at the coordinate `c` (CuTe's inner product, an integer entry an index of the mode it
/// meets; entries `A` lacks must be 0): the value of `A ∘ B` for a basis-strided `B`.
fn ev_at(a: &DynLayout, c: &DynTuple) -> i64 {
    match c {
        DynTuple::Int(x) => ev(a, x.value),
        DynTuple::Tuple(cs) => cs
            .iter()
            .enumerate()
            .filter(|(_, ci)| ci.leaves().any(|v| v != 0))
            .map(|(k, ci)| ev_at(&mode(a, k), ci))
            .sum(),
    }
}

fn values(l: &DynLayout) -> Vec<i64> {
    (0..l.size()).map(|i| ev(l, i)).collect()
}

fn image(l: &DynLayout) -> BTreeSet<i64> {
    values(l).into_iter().collect()
}

fn injective(l: &DynLayout) -> bool {
    image(l).len() as i64 == l.size()
}

fn mode(l: &DynLayout, k: usize) -> DynLayout {
    if l.shape().is_int() && k == 0 {
        l.clone()
    } else {
        l.mode(k).unwrap()
    }
}

fn rank(l: &DynLayout) -> usize {
    if l.shape().is_int() {
        1
    } else {
        l.rank()
    }
}

// ---------------------------------------------------------------------------------------------
// The paper's postconditions of each operation, on the crate's answer `r` (integer layouts,
// where the evaluation is cheap).

macro_rules! ensure {
    ($c:expr, $($m:tt)*) => {
        if !$c {
            return Err(format!($($m)*));
        }
    };
}

/// `A ∘ T`: `R(i) = A(B(i))` on B's domain, mode by mode for a tuple tiler.
fn composed(a: &DynLayout, t: &DynTiler, r: &DynLayout) -> Result<(), String> {
    match t {
        DynTiler::Skip => ensure!(values(r) == values(a), "{r} is not {a}"),
        DynTiler::Layout(b) => {
            ensure!(r.size() == b.size(), "size of {r} is not that of {b}");
            for i in 0..b.size() {
                let bi = ev(b, i);
                ensure!(
                    bi < 0 || ev(r, i) == ev(a, bi),
                    "{r}({i}) is not {a}({b}({i}))"
                );
            }
        }
        DynTiler::Basis(b) => {
            ensure!(r.size() == b.size(), "size of {r} is not that of {b}");
            for i in 0..b.size() {
                ensure!(
                    ev(r, i) == ev_at(a, &b.eval(i)),
                    "{r}({i}) is not {a}({b}({i}))"
                );
            }
        }
        DynTiler::Tuple(ts) => {
            if rank(a) == 1 && ts.len() == 1 && rank(r) == 1 && !r.shape().is_int() {
                return composed(a, &ts[0], &mode(r, 0));
            }
            if rank(a) == 1 && ts.len() == 1 {
                return composed(a, &ts[0], r);
            }
            // CuTe C++: the modes of A the tiler does not name are dropped.
            ensure!(rank(r) == ts.len(), "rank of {r} is not that of the tiler");
            for (k, tk) in ts.iter().enumerate() {
                composed(&mode(a, k), tk, &mode(r, k))?;
            }
        }
    }
    Ok(())
}

/// The tile of `A ⊘ T` at tile index `i`: `A(B(i))`, or by mode `Σ A_k(T_k(i_k))` with `i`
/// split colexicographically over the tile sizes (`_` keeps the whole mode).
fn tile_value(a: &DynLayout, t: &DynTiler, i: i64) -> i64 {
    match t {
        DynTiler::Skip => ev(a, i),
        DynTiler::Layout(b) => ev(a, ev(b, i)),
        DynTiler::Basis(b) => ev_at(a, &b.eval(i)),
        DynTiler::Tuple(ts) if rank(a) == 1 && ts.len() == 1 => tile_value(a, &ts[0], i),
        DynTiler::Tuple(ts) => {
            let (mut rest, mut acc) = (i, 0);
            for (k, tk) in ts.iter().enumerate() {
                let ak = mode(a, k);
                let n = tile_size(&ak, tk);
                acc += tile_value(&ak, tk, rest % n);
                rest /= n;
            }
            acc
        }
    }
}

fn tile_size(a: &DynLayout, t: &DynTiler) -> i64 {
    match t {
        DynTiler::Skip => a.size(),
        DynTiler::Layout(b) => b.size(),
        DynTiler::Basis(b) => b.size(),
        DynTiler::Tuple(ts) if rank(a) == 1 && ts.len() == 1 => tile_size(a, &ts[0]),
        DynTiler::Tuple(ts) => ts
            .iter()
            .enumerate()
            .map(|(k, t)| tile_size(&mode(a, k), t))
            .product(),
    }
}

/// Paper §3.5.2 for the zipped/tiled/flat divides (whose first `|tile|` values are the tile)
/// and, on a layout tiler, logical divide: the tile is `A ∘ B` and every value of A is reached.
fn divided(a: &DynLayout, t: &DynTiler, r: &DynLayout, by_mode: bool) -> Result<(), String> {
    if by_mode {
        if let DynTiler::Tuple(ts) = t {
            if !(rank(a) == 1 && ts.len() == 1) {
                ensure!(rank(r) == rank(a), "rank of {r} is not that of {a}");
                for k in 0..rank(a) {
                    match ts.get(k).unwrap_or(&DynTiler::Skip) {
                        DynTiler::Skip => ensure!(
                            values(&mode(r, k)) == values(&mode(a, k)),
                            "mode {k} of {r}"
                        ),
                        tk => divided(&mode(a, k), tk, &mode(r, k), true)?,
                    }
                }
                return Ok(());
            }
        }
    }
    let n = tile_size(a, t);
    ensure!(r.size() >= n, "{r} is smaller than the tile");
    for i in 0..n {
        ensure!(
            ev(r, i) == tile_value(a, t, i),
            "{r}({i}) is not the tile's value"
        );
    }
    let ri = image(r);
    ensure!(
        image(a).is_subset(&ri),
        "{r} does not reach every value of {a}"
    );
    Ok(())
}

/// `A ⊗ B = (A, A* ∘ B)`: A's values first, `|A|·|B|` values, injective where A and B are.
fn multiplied(a: &DynLayout, t: &DynTiler, r: &DynLayout, by_mode: bool) -> Result<(), String> {
    if let (DynTiler::Tuple(ts), true) = (t, by_mode) {
        if rank(a) == 1 && ts.len() == 1 {
            // A rank-1 layout's only mode is the layout: the crate answers `A ⊗ T0` unwrapped
            // (PyCuTe wraps it in a rank-1 tuple).
            return match rank(r) {
                1 => multiplied(a, &ts[0], &mode(r, 0), true),
                _ => multiplied(a, &ts[0], r, true),
            };
        }
        ensure!(rank(r) == rank(a).max(ts.len()), "rank of {r}");
        for k in 0..rank(a) {
            match ts.get(k).unwrap_or(&DynTiler::Skip) {
                DynTiler::Skip => ensure!(
                    values(&mode(r, k)) == values(&mode(a, k)),
                    "mode {k} of {r}"
                ),
                tk => multiplied(&mode(a, k), tk, &mode(r, k), true)?,
            }
        }
        return Ok(());
    }
    let DynTiler::Layout(b) = t else {
        return Ok(()); // a regrouped tuple product: its modes are checked by logical_product
    };
    ensure!(
        r.size() == a.size() * b.size(),
        "size of {r} is not |A|·|B|"
    );
    for i in 0..a.size() {
        ensure!(ev(r, i) == ev(a, i), "{r}({i}) is not A({i})");
    }
    if injective(a) && injective(b) {
        ensure!(injective(r), "{r} is not injective");
    }
    Ok(())
}

/// The crate's answer `r` satisfies the postconditions of `c.op` (integer operands).
fn postconditions(c: &Case, r: &DynBasisLayout) -> Result<(), String> {
    if c.op == "greatest_common_domain" {
        let (a, b) = (tuple(c.args[0]), tuple(c.args[1]));
        let r = r.to_dyn_layout().unwrap();
        let (na, nb) = (a.size().unwrap(), b.size().unwrap());
        ensure!(r.depth() <= 1, "{r} is nested");
        ensure!(
            na % r.size() == 0 && nb % r.size() == 0,
            "|{r}| does not divide |A|, |B|"
        );
        return Ok(());
    }
    if c.op == "make_ordered_layout" {
        let r = r.to_dyn_layout().unwrap();
        ensure!(*r.shape() == tuple(c.args[0]), "shape of {r}");
        ensure!(image(&r) == (0..r.size()).collect(), "{r} is not compact");
        return Ok(());
    }
    let (Some(a), Ok(r)) = (int_layout(c.args[0]), r.to_dyn_layout()) else {
        return Ok(()); // basis-strided: compared with PyCuTe only
    };
    if a.size() > 4096 || r.size() > 4096 {
        return Ok(());
    }
    let t = || c.args[1].parse::<DynTiler>().unwrap();
    match c.op {
        "coalesce" => {
            ensure!(
                r.depth() <= 1 && values(&r) == values(&a),
                "{r} is not a coalesced {a}"
            );
        }
        "coalesce_z" => {
            // PyCuTe's postcondition: the same function on [0, |A| + 10), trailing modes kept.
            ensure!(
                r.depth() <= 1 && r.size() == a.size(),
                "{r} is not a coalesced {a}"
            );
            for i in 0..a.size() + 10 {
                ensure!(ev(&r, i) == ev(&a, i), "{r}({i}) is not {a}({i})");
            }
        }
        "nullspace" => {
            for i in 0..r.size() {
                ensure!(ev(&a, ev(&r, i)) == 0, "{a}({r}({i})) is not 0");
            }
        }
        "layout_add" => {
            let b = int_layout(c.args[1]).unwrap();
            ensure!(r.size() == a.size(), "size of {r}");
            for i in 0..r.size() {
                ensure!(
                    ev(&r, i) == ev(&a, i) + ev(&b, i),
                    "{r}({i}) is not A({i}) + B({i})"
                );
            }
        }
        "composition" => composed(&a, &t(), &r)?,
        "complement" | "complement_to" => {
            let m = c.args.get(1).map_or(a.cosize(), |m| m.parse().unwrap());
            // Paper Eq. 27-28: R is ordered and (A, R) is injective where A is; R reaches m.
            for i in 1..r.size() {
                ensure!(ev(&r, i - 1) < ev(&r, i), "{r} is not ordered");
            }
            if injective(&a) {
                let ar = algebra::try_make_layout(&[a.clone(), r.clone()]).unwrap();
                ensure!(injective(&ar), "({a}, {r}) is not injective");
            }
            ensure!(
                ev(&r, r.size()) >= m || r.size() == 1,
                "{r} stops short of {m}"
            );
        }
        "right_inverse" => {
            for i in 0..r.size() {
                ensure!(ev(&a, ev(&r, i)) == i, "{a}({r}({i})) is not {i}");
            }
        }
        "left_inverse" => {
            for i in 0..a.size() {
                let ai = ev(&a, i);
                ensure!(
                    ev(&a, ev(&r, ai)) == ai,
                    "{a}({r}({a}({i}))) is not {a}({i})"
                );
            }
        }
        "logical_divide" => divided(&a, &t(), &r, true)?,
        "zipped_divide" | "tiled_divide" | "flat_divide" => divided(&a, &t(), &r, false)?,
        "logical_product" => multiplied(&a, &t(), &r, true)?,
        "zipped_product" | "tiled_product" | "flat_product" => multiplied(&a, &t(), &r, false)?,
        "blocked_product" | "raked_product" => {
            let DynTiler::Layout(b) = t() else {
                unreachable!()
            };
            ensure!(
                r.size() == a.size() * b.size(),
                "size of {r} is not |A|·|B|"
            );
            ensure!(rank(&r) == rank(&a).max(rank(&b)), "rank of {r}");
            let p = algebra::try_logical_product(&a, &b).map_err(|e| e.to_string())?;
            ensure!(
                image(&r) == image(&p),
                "{r} does not reach the values of A ⊗ B = {p}"
            );
        }
        _ => {}
    }
    Ok(())
}

/// Where PyCuTe's answer `p` loses values of A that the divide must reach, or elements of the
/// product: the evidence for a `SURJECTIVE` / `RANK1_PRODUCT` entry.
fn pycute_loses(c: &Case, p: &DynBasisLayout) -> bool {
    let (Some(a), Ok(p)) = (int_layout(c.args[0]), p.to_dyn_layout()) else {
        return false;
    };
    if c.op.ends_with("_product") {
        let Ok(DynTiler::Layout(b)) = c.args[1].parse::<DynTiler>() else {
            return false;
        };
        return p.size() != a.size() * b.size();
    }
    !image(&a).is_subset(&image(&p))
}

/// A refusal of the crate names the condition of its rule.
fn refusal_fits(rule: &str, e: &str) -> bool {
    match rule {
        UPCAST_EXACT => e.contains("does not divide"),
        DOWNCAST_ADJACENT => e.contains("no stride is 1"),
        _ => false,
    }
}

// ---------------------------------------------------------------------------------------------

#[derive(Default)]
struct Tally {
    cases: usize,
    function: usize,
    shape: usize,
    text: usize,
    both_refuse: usize,
    design: usize,
    gaps: usize,
    pycute_refuses: usize,
    unwritable: usize,
    pycute_loses: usize,
}

#[test]
fn runtime_engine_against_pycute_nv() {
    let report = std::env::var_os("PYCUTE_NV_REPORT").is_some();
    let design: BTreeMap<&str, &str> = DESIGN.iter().copied().collect();
    let gaps: BTreeMap<&str, &str> = KNOWN_GAPS.iter().copied().collect();
    let refuses: BTreeMap<&str, &str> = PYCUTE_REFUSES.iter().copied().collect();
    let mut used = BTreeSet::new();
    let mut tally: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut failures = Vec::new();
    for c in cases() {
        let t = tally.entry(c.op).or_default();
        t.cases += 1;
        let id = c.id();
        let at = format!("{id} (line {}, {})", c.line, c.source);
        let listed = design
            .get(id.as_str())
            .or(gaps.get(id.as_str()))
            .or(refuses.get(id.as_str()));
        if listed.is_some() {
            used.insert(id.clone());
        }
        let out = run(&c);
        if let Outcome::Answer(r) = &out {
            if let Err(e) = postconditions(&c, r) {
                failures.push(format!("{at}: the crate's {r} fails a postcondition: {e}"));
            }
        }
        match (&out, c.answer.chars().next().unwrap()) {
            (_, '~') => t.unwritable += 1,
            (Outcome::Refused(_), '!') => t.both_refuse += 1,
            (Outcome::Answer(r), '!') => {
                t.pycute_refuses += 1;
                if !refuses.contains_key(id.as_str()) {
                    failures.push(format!("{at}: PyCuTe {}, the crate gives {r}", c.answer));
                    if report {
                        println!("    ({id:?}, ?),  // crate {r}");
                    }
                }
            }
            (Outcome::Cannot(what), _) => {
                t.gaps += 1;
                match CANNOT.iter().find(|(op, w, _)| *op == c.op && w == what) {
                    Some(&(op, w, _)) => {
                        used.insert(format!("{op};{w}"));
                    }
                    None => failures.push(format!(
                        "{at}: PyCuTe gives {}, the crate cannot take {what}",
                        c.answer
                    )),
                }
            }
            (Outcome::Refused(_), _) => {
                let Outcome::Refused(e) = &out else {
                    unreachable!()
                };
                match design.get(id.as_str()) {
                    Some(&rule) => {
                        t.design += 1;
                        if !refusal_fits(rule, e) {
                            failures.push(format!("{at}: the crate refuses ({e}), not as {rule}"));
                        }
                        continue;
                    }
                    None => t.gaps += 1,
                }
                if !gaps.contains_key(id.as_str()) {
                    failures.push(format!("{at}: PyCuTe gives {}, the crate: {e}", c.answer));
                    if report {
                        println!("    ({id:?}, ?),  // PyCuTe {}; crate: {e}", c.answer);
                    }
                }
            }
            (Outcome::Answer(r), _) => {
                let p = bl(c.answer);
                if same_function(r, &p) {
                    t.function += 1;
                    t.shape += usize::from(r.shape() == p.shape());
                    if report && r.shape() != p.shape() {
                        println!("shape: {id}: PyCuTe {}, the crate {r}", c.answer);
                    }
                    t.text += usize::from(r.to_string() == c.answer);
                    if EXACT_SHAPE.contains(&c.op) && r.shape() != p.shape() {
                        failures.push(format!("{at}: shape of {r} is not PyCuTe's {}", c.answer));
                    }
                    if listed.is_some() {
                        failures.push(format!(
                            "{at}: listed, but the crate now gives PyCuTe's function {r}: remove it"
                        ));
                    }
                } else {
                    t.design += 1;
                    match design.get(id.as_str()) {
                        None => {
                            failures
                                .push(format!("{at}: PyCuTe gives {}, the crate {r}", c.answer));
                            if report {
                                println!("    ({id:?}, ?),  // PyCuTe {}; crate {r}", c.answer);
                            }
                        }
                        Some(&rule) => {
                            if rule == RANK1_PRODUCT && !pycute_loses(&c, &p) {
                                failures.push(format!(
                                    "{at}: PyCuTe's {} keeps every element",
                                    c.answer
                                ));
                            }
                            if rule == SURJECTIVE || rule == RANK1_PRODUCT {
                                t.pycute_loses += usize::from(pycute_loses(&c, &p));
                            }
                        }
                    }
                }
            }
        }
    }
    for (id, _) in DESIGN.iter().chain(KNOWN_GAPS).chain(PYCUTE_REFUSES) {
        if !used.contains(*id) {
            failures.push(format!("{id}: listed but not in the data"));
        }
    }
    for (op, what, _) in CANNOT {
        if !used.contains(&format!("{op};{what}")) {
            failures.push(format!(
                "{op}: the crate now takes {what}: remove it from CANNOT"
            ));
        }
    }
    println!(
        "PyCuTe (NVlabs/CuTe 02e137e) vs the runtime engine, per operation:\n\
         op: cases = same function (of which same shape, same text) + both refuse + differ by design \
         + known gap + PyCuTe refuses + PyCuTe's answer not writable here\n\
         (of the logical-divide-family and rank-1 product differences by design, PyCuTe's answer loses elements of A in {})",
        tally.values().map(|t| t.pycute_loses).sum::<usize>()
    );
    for (op, t) in &tally {
        println!(
            "{op}: {} = {} ({}, {}) + {} + {} + {} + {} + {}",
            t.cases,
            t.function,
            t.shape,
            t.text,
            t.both_refuse,
            t.design,
            t.gaps,
            t.pycute_refuses,
            t.unwritable
        );
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
