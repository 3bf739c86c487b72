//! Generates the differential tests `tests/differential_*.rs`: random layouts whose algebra the
//! type-level engine (static and mixed `Layout`s) computes at compile time, checked at test
//! time against the runtime engine (`cute_layout::algebra` on `DynLayout`).
//!
//! ```sh
//! cargo run -p cute-layout-gen              # rewrites tests/differential_*.rs (fixed seed)
//! cargo run -p cute-layout-gen -- --check   # fails, naming the file, where one differs
//! ```
//!
//! Each case is one macro call, such as `compose!(same_print: (4,2):(1,4), 2:1);`: the
//! operation, the check (`same_print`, `same_function` or `same_int` of `tests/common`), the
//! operands in `layout!` notation. The macros, in `tests/common/differential.rs`, expand each
//! call to the type-level result and the runtime engine's result on `to_dyn()` of the same
//! operands, handed to the check. The generator writes the files in their final formatting
//! (`cargo fmt` leaves macro calls whose arguments are not expressions as they are).
//!
//! Each case is emitted only where the type-level engine is specified to accept it — the
//! paper's conditions, replicated below from `src/ops` (the runtime engine accepts a superset:
//! it also decides some compositions by evaluation) — so that the generated files compile. The
//! expected values are not in the files: every case calls the runtime engine at test time.

use cute_layout::rules::int::gcd;
use std::fmt::Write as _;

// The tests' own oracles (`flat`, `covers`), shared with the test files.
#[path = "../../common/mod.rs"]
mod common;

use common::{covers, flat};

// `tests/static_pycute_nv.rs`: the type level against NVIDIA's new PyCuTe.
mod pycute_nv;
use cute_layout::algebra;
use cute_layout::{DynBasisLayout, DynLayout, DynTuple};

/// Cases per operation family.
const CASES: usize = 500;
/// Of which this many use mixed layouts (some leaves runtime values). Runtime leaves go in the
/// right-hand operand (the left for coalesce): the type-level engine cannot coalesce runtime
/// values, so its static checks on a mixed left operand can be stricter than the runtime
/// engine's — like CuTe C++'s static assertions on the static part of a mixed layout.
const MIXED: usize = 100;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u64) as usize]
    }
}

/// A random layout: rank 1..=3, depth ≤ 2, small shapes (powers of two and not), strides
/// 0..=64 drawn so that compact-ish layouts are common.
fn random_layout(r: &mut Rng, max_rank: u64) -> DynLayout {
    fn tree(r: &mut Rng, depth: u32, max_rank: u64) -> DynTuple {
        if depth == 0 || r.below(3) != 0 {
            DynTuple::int(r.pick(&[1, 2, 2, 2, 3, 4, 4, 4, 5, 6, 8, 8]))
        } else {
            DynTuple::tuple((0..1 + r.below(max_rank)).map(|_| tree(r, depth - 1, 3)))
        }
    }
    loop {
        let shape = if r.below(4) == 0 {
            DynTuple::int(r.pick(&[2, 3, 4, 6, 8, 12, 16]))
        } else {
            DynTuple::tuple((0..1 + r.below(max_rank)).map(|_| tree(r, 1, 3)))
        };
        let l = if r.below(2) == 0 {
            DynLayout::column_major(shape.clone())
        } else {
            DynLayout::row_major(shape.clone())
        };
        let Ok(l) = l else { continue };
        // Perturb strides: scale, permute-ish, zero.
        let leaves: Vec<i64> = l.stride().leaves().collect();
        let mut k = 0;
        let scale = r.pick(&[1, 1, 1, 2, 3]);
        let stride = map_leaves(l.stride(), &mut |d| {
            k += 1;
            match r.below(10) {
                0 => 0,
                1 => leaves[(k * 7) % leaves.len()] * scale,
                _ => d * scale,
            }
        });
        if let Ok(l) = DynLayout::new(shape, stride) {
            if l.size() <= 512 {
                return l;
            }
        }
    }
}

fn map_leaves(t: &DynTuple, f: &mut impl FnMut(i64) -> i64) -> DynTuple {
    match t {
        DynTuple::Int(i) => DynTuple::int(f(i.value)),
        DynTuple::Tuple(v) => DynTuple::tuple(v.iter().map(|x| map_leaves(x, f))),
    }
}

/// A's modes for composition: coalesced, keeping the last mode (as `src/ops/compose.rs`).
fn normalized(a: &DynLayout) -> Vec<(i64, i64)> {
    let mut out = flat(a);
    let n = cute_layout::rules::coalesce::coalesce_in_place(&mut out, true).unwrap();
    out.truncate(n);
    out
}

/// Whether the type-level base case accepts `A ∘ s:d` (Eq. 20, 21 after truncation): the
/// rule itself (`cute_layout::rules`); a static negative stride goes another way.
fn leaf_ok(a: &[(i64, i64)], s: i64, d: i64) -> bool {
    d >= 0 && cute_layout::rules::compose::base_case(a, s, d, &mut |_, _| ()).is_ok()
}

/// Whether the type-level engine accepts `A ∘ B` (base cases and distributivity).
fn compose_ok(a: &DynLayout, b: &DynLayout) -> bool {
    compose_ok_normalized(&normalized(a), b)
}

/// [`compose_ok`] for A given by its normalised modes (only their shapes matter).
fn compose_ok_normalized(an: &[(i64, i64)], b: &DynLayout) -> bool {
    let bm = flat(b);
    if !bm.iter().all(|&(s, d)| leaf_ok(an, s, d)) {
        return false;
    }
    cute_layout::rules::compose::distributes(an, &bm)
}

/// The layout as `layout!` input; `mixed` writes some shape leaves as runtime values
/// `{v(n)}` (strides stay static: the type-level complement sorts modes by stride, which it
/// can only do for static strides).
fn macro_text(l: &DynLayout, r: &mut Rng, mixed: bool) -> (String, bool) {
    let mut any = false;
    let shape_part = std::cell::Cell::new(true);
    let mut leaf = |v: i64, r: &mut Rng| {
        if mixed && shape_part.get() && r.below(3) == 0 {
            any = true;
            format!("{{v({v})}}")
        } else {
            v.to_string()
        }
    };
    fn go(t: &DynTuple, r: &mut Rng, leaf: &mut dyn FnMut(i64, &mut Rng) -> String) -> String {
        match t {
            DynTuple::Int(i) => leaf(i.value, r),
            DynTuple::Tuple(v) => {
                let parts: Vec<String> = v.iter().map(|x| go(x, r, leaf)).collect();
                format!("({})", parts.join(","))
            }
        }
    }
    let s = go(l.shape(), r, &mut leaf);
    shape_part.set(false);
    let d = go(l.stride(), r, &mut leaf);
    (format!("{s}:{d}"), any)
}

/// An operand of a case: the layout in `layout!` notation (the macros unwrap a mixed one).
fn expr(l: &DynLayout, r: &mut Rng, mixed: bool) -> String {
    macro_text(l, r, mixed).0
}

struct File {
    name: &'static str,
    /// The cases `cargo test` runs (`sized`), and the rest of the family (`long`).
    sized: Vec<String>,
    long: Vec<String>,
}

/// Cases per generated `#[test]` function: a function of the whole family type-checked and
/// borrow-checked as one body, 25 % slower to build (`differential_product`, `-Ztime-passes`).
const CASES_PER_TEST: usize = 25;

/// Whether case `i` of a family is in the part `cargo test` runs: one in four, at positions
/// `16k + {0, 5, 10, 15}`, so that every residue modulo 2, 3, 4 and 6 (the rotations through
/// a family's operations) is drawn.
fn sized(i: usize) -> bool {
    i % 4 == (i / 4) % 4
}

impl File {
    fn new(name: &'static str) -> Self {
        File {
            name,
            sized: Vec::new(),
            long: Vec::new(),
        }
    }
    /// The cases so far, both parts.
    fn count(&self) -> usize {
        self.sized.len() + self.long.len()
    }
    /// A case checked with `same_function` where it is `mixed`, else with `same_print`.
    fn case(&mut self, mixed: bool, op: &str, operands: String) {
        let check = if mixed { "same_function" } else { "same_print" };
        self.case_with(check, op, operands);
    }
    /// A composed case: `same_composed_function` where it is `mixed`, else `same_composed`.
    fn composed_case(&mut self, mixed: bool, op: &str, operands: String) {
        let check = if mixed {
            "same_composed_function"
        } else {
            "same_composed"
        };
        self.case_with(check, op, operands);
    }
    fn case_with(&mut self, check: &str, op: &str, operands: String) {
        let line = format!("        run!(c => {op}!({check}: {operands}));");
        if sized(self.count()) {
            self.sized.push(line);
        } else {
            self.long.push(line);
        }
    }
    /// The file's path under `tests/` and its text: a module of the test binaries
    /// `differential` (the `sized!` part) and `differential_long_*` (the `long!` part).
    fn text(&self) -> (String, String) {
        let mut out = String::new();
        writeln!(
            out,
            "//! Generated by `cargo run -p cute-layout-gen` (`tests/gen`): do not edit.\n\
             //! {} cases: the type-level engine against the runtime engine, one macro call per case\n\
             //! (the macros are in `tests/common/differential.rs`), each run on its own (`run!`)\n\
             //! so that every failing case is reported. `cargo test` runs the {} cases of `sized!`\n\
             //! (test binary `differential`), CI also the {} of `long!` (`differential_long_*`).\n\
             \n\
             #![allow(clippy::all, unused_imports)]\n\
             \n\
             use crate::common::differential::*;\n\
             use crate::common::v;\n\
             use cute_layout::ops::*;\n\
             use cute_layout::{{algebra, layout}};",
            self.count(),
            self.sized.len(),
            self.long.len()
        )
        .unwrap();
        for (part, cases) in [("sized", &self.sized), ("long", &self.long)] {
            writeln!(out, "\n{part}! {{").unwrap();
            for (k, chunk) in cases.chunks(CASES_PER_TEST).enumerate() {
                writeln!(
                    out,
                    "    #[test]\n    fn {part}_{k}() {{\n        let mut c = Cases::default();"
                )
                .unwrap();
                for line in chunk {
                    writeln!(out, "{line}").unwrap();
                }
                writeln!(out, "        c.finish();\n    }}").unwrap();
            }
            writeln!(out, "}}").unwrap();
        }
        (format!("differential_{}.rs", self.name), out)
    }
}

/// Writes the files into `dir`, or with `check` compares them with what is there.
fn finish(files: &[File], dir: &str, check: bool) -> Result<(), String> {
    for f in files {
        let (name, text) = f.text();
        let path = format!("{dir}/{name}");
        if !check {
            std::fs::write(&path, text).map_err(|e| format!("cannot write {path}: {e}"))?;
            continue;
        }
        let old = std::fs::read_to_string(&path)
            .map_err(|e| format!("tests/{name}: cannot read it ({e})"))?;
        if old != text {
            let line = old
                .lines()
                .zip(text.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(old.lines().count().min(text.lines().count()))
                + 1;
            return Err(format!(
                "tests/{name} differs from what the generator writes (first at line {line}); \
                 regenerate it with `cargo run -p cute-layout-gen`"
            ));
        }
    }
    Ok(())
}

fn main() {
    let check = match std::env::args().nth(1).as_deref() {
        None => false,
        Some("--check") => true,
        Some(a) => {
            eprintln!("cute-layout-gen: unknown argument {a:?} (usage: cute-layout-gen [--check])");
            std::process::exit(2);
        }
    };
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let mut files = Vec::new();
    let mut r = Rng(0x5eed_cafe_f00d_beef);

    // coalesce
    let mut f = File::new("coalesce");
    for i in 0..CASES {
        let mixed = i < MIXED;
        let a = random_layout(&mut r, 3);
        let ea = expr(&a, &mut r, mixed);
        f.case(mixed, "coalesce", ea);
    }
    files.push(f);

    // composition: B drawn to be admissible often (strides dividing A's prefix products).
    let mut f = File::new("compose");
    let mut tries = 0;
    while f.count() < CASES {
        tries += 1;
        let mixed = f.count() < MIXED;
        let a = random_layout(&mut r, 3);
        let b = random_layout(&mut r, 2);
        if b.size() > 64 || !compose_ok(&a, &b) {
            continue;
        }
        let (ea, eb) = (expr(&a, &mut r, false), expr(&b, &mut r, mixed));
        f.case(mixed, "compose", format!("{ea}, {eb}"));
    }
    if !check {
        eprintln!("compose: {} cases from {tries} tries", f.count());
    }
    files.push(f);

    // complement
    let mut f = File::new("complement");
    while f.count() < CASES {
        let mixed = f.count() < MIXED;
        let a = random_layout(&mut r, 3);
        let m = a.cosize().max(1) * r.pick(&[1, 1, 2, 3]) + r.pick(&[0, 0, 1, 5]);
        if algebra::try_complement(&a, m).is_err() {
            continue;
        }
        let ea = expr(&a, &mut r, false);
        let em = if mixed {
            format!("{{v({m})}}")
        } else {
            format!("U{m}")
        };
        if !mixed && m > 1024 {
            continue;
        }
        f.case(mixed, "complement", format!("{ea}, {em}"));
    }
    files.push(f);

    // divides: layout tilers and tuple tilers, rotating through the four groupings.
    let mut f = File::new("divide");
    let ops = [
        "logical_divide",
        "zipped_divide",
        "tiled_divide",
        "flat_divide",
    ];
    while f.count() < CASES {
        let mixed = f.count() < MIXED;
        let a = random_layout(&mut r, 3);
        let op = ops[f.count() % 4];
        let tuple = r.below(2) == 0 && !a.shape().is_int();
        let (tiler, ok) = if tuple {
            let k = 1 + r.below(a.rank() as u64) as usize;
            let mut exprs = Vec::new();
            let mut ok = true;
            for m in a.modes().take(k) {
                let b = random_layout(&mut r, 1);
                ok &= b.size() <= m.size() && divide_ok(&m, &b);
                exprs.push(expr(&b, &mut r, mixed));
            }
            (format!("[{}]", exprs.join(", ")), ok)
        } else {
            let b = random_layout(&mut r, 2);
            let ok = b.size() <= a.size() && divide_ok(&a, &b);
            (expr(&b, &mut r, mixed), ok)
        };
        if !ok {
            continue;
        }
        let ea = expr(&a, &mut r, false);
        f.case(mixed, op, format!("{ea}, {tiler}"));
    }
    let mut divides = f;

    // products: logical/zipped/tiled/flat with layouts, blocked/raked with equal ranks.
    let mut f = File::new("product");
    let ops = [
        "logical_product",
        "zipped_product",
        "tiled_product",
        "flat_product",
        "blocked_product",
        "raked_product",
    ];
    while f.count() < CASES {
        let mixed = f.count() < MIXED;
        let op = ops[f.count() % 6];
        let a = random_layout(&mut r, 2);
        let b = random_layout(&mut r, 2);
        if a.size() * b.size() > 1024
            || (op.starts_with("blocked") || op.starts_with("raked")) && a.rank() != b.rank()
        {
            continue;
        }
        if !product_ok(&a, &b) {
            continue;
        }
        let (ea, eb) = (expr(&a, &mut r, false), expr(&b, &mut r, mixed));
        f.case(mixed, op, format!("{ea}, {eb}"));
    }
    let mut products = f;

    // inverses (static layouts: the type level searches and sorts strides)
    let mut f = File::new("inverse");
    while f.count() < CASES {
        let a = random_layout(&mut r, 3);
        let right = f.count() % 2 == 0;
        let ok = if right {
            algebra::try_right_inverse(&a).is_ok()
        } else {
            algebra::try_left_inverse(&a).is_ok()
        };
        if !ok {
            continue;
        }
        let ea = expr(&a, &mut r, false);
        let op = if right {
            "right_inverse"
        } else {
            "left_inverse"
        };
        f.case(false, op, ea);
    }
    files.push(f);

    // vectorization: max_common_vector and max_common_layout of two layouts of one size
    let mut f = File::new("vector");
    while f.count() < CASES {
        let a = random_layout(&mut r, 3);
        let b = random_layout(&mut r, 3);
        if a.size() != b.size() || a.size() > 256 {
            continue;
        }
        let Ok(bi) = algebra::try_right_inverse(&b) else {
            continue;
        };
        if !compose_ok(&a, &bi)
            || algebra::try_max_common_vector(&a, &b).is_err()
            || algebra::try_max_common_layout(&a, &b).is_err()
        {
            continue;
        }
        let (ea, eb) = (expr(&a, &mut r, false), expr(&b, &mut r, false));
        if f.count() % 2 == 0 {
            f.case_with("same_int", "max_common_vector", format!("{ea}, {eb}"));
        } else {
            f.case(false, "max_common_layout", format!("{ea}, {eb}"));
        }
    }
    files.push(f);

    // mode utilities: filter_zeros, filter, flatten
    let mut f = File::new("modeops");
    let ops = ["filter_zeros", "filter", "flatten"];
    for i in 0..CASES {
        let mixed = i < MIXED;
        let a = random_layout(&mut r, 3);
        let op = ops[i % 3];
        let ea = expr(&a, &mut r, mixed);
        f.case(mixed, op, ea);
    }
    files.push(f);

    // Tuple tilers with `_` (the whole mode is the tile, 1:0 its rest) and nested tuples, for the
    // divides and the products; drawn from their own generator so that the cases above stay
    // as they were.
    let mut r = Rng(0x0dd_ba11_5ca1_ab1e);
    let divide_ops = [
        "logical_divide",
        "zipped_divide",
        "tiled_divide",
        "flat_divide",
    ];
    let product_ops = [
        "logical_product",
        "zipped_product",
        "tiled_product",
        "flat_product",
    ];
    for (f, ops, ok) in [
        (
            &mut divides,
            divide_ops,
            divide_ok as fn(&DynLayout, &DynLayout) -> bool,
        ),
        (&mut products, product_ops, product_ok_small),
    ] {
        let mut n = 0;
        while n < SKIP_CASES {
            let mixed = n < SKIP_CASES / 5;
            let a = random_layout(&mut r, 3);
            if a.shape().is_int() {
                continue;
            }
            let op = ops[n % 4];
            let Some(tiler) = tuple_tiler(&a, &mut r, mixed, 1, ok) else {
                continue;
            };
            let ea = expr(&a, &mut r, false);
            f.case(mixed, op, format!("{ea}, {tiler}"));
            n += 1;
        }
    }
    files.push(divides);
    files.push(products);
    files.push(composed_family());
    files.push(basis_family());
    if let Err(e) = finish(&files, dir, check).and_then(|()| pycute_nv::finish(dir, check)) {
        eprintln!("cute-layout-gen: {e}");
        std::process::exit(1);
    }
}

/// Cases per family (divides, products) with `_` in a tuple tiler.
const SKIP_CASES: usize = 100;

/// A tuple tiler for the modes of `a` (a prefix of them), each element `_`, a layout `b` that
/// `ok(mode, b)` accepts, or (at `depth` 1, for a tuple-shaped mode) a nested tuple tiler;
/// at least one `_` somewhere, in the macros' notation: `[2:1, _, [4:1, _]]`.
fn tuple_tiler(
    a: &DynLayout,
    r: &mut Rng,
    mixed: bool,
    depth: u32,
    ok: fn(&DynLayout, &DynLayout) -> bool,
) -> Option<String> {
    let k = 1 + r.below(a.rank() as u64) as usize;
    let (mut exprs, mut skips) = (Vec::new(), 0);
    for m in a.modes().take(k) {
        match r.below(6) {
            0 | 1 => {
                exprs.push("_".to_string());
                skips += 1;
            }
            2 if depth > 0 && !m.shape().is_int() => {
                exprs.push(tuple_tiler(&m, r, mixed, depth - 1, ok)?);
                skips += 1;
            }
            _ => {
                let b = random_layout(r, 1);
                if !ok(&m, &b) {
                    return None;
                }
                exprs.push(expr(&b, r, mixed));
            }
        }
    }
    (skips > 0).then(|| format!("[{}]", exprs.join(", ")))
}

/// [`product_ok`] for a mode and a small tiler.
fn product_ok_small(a: &DynLayout, b: &DynLayout) -> bool {
    a.size() * b.size() <= 256 && product_ok(a, b)
}

/// Whether the type-level logical divide accepts `A ⊘ B`.
fn divide_ok(a: &DynLayout, b: &DynLayout) -> bool {
    let Ok(c) = algebra::try_complement(b, a.size()) else {
        return false;
    };
    let Ok(c) = algebra::try_coalesce(&c) else {
        return false;
    };
    let Ok(t) = algebra::try_make_layout(&[b.clone(), c]) else {
        return false;
    };
    b.size() <= a.size()
        && covers(b, a.size()) == Some(true)
        && compose_ok(a, &t)
        && algebra::try_logical_divide(a, b).is_ok()
}

/// Whether the type-level logical product accepts `A ⊗ B`.
fn product_ok(a: &DynLayout, b: &DynLayout) -> bool {
    if b.stride().leaves().any(|d| d < 0) || a.stride().leaves().any(|d| d < 0) {
        return false;
    }
    let Ok(c) = algebra::try_complement(a, a.size() * b.cosize()) else {
        return false;
    };
    compose_ok(&c, b) && algebra::try_logical_product(a, b).is_ok()
}

// ---------------------------------------------------------------------------------------------
// Composed layouts (`differential_composed.rs`): CuTe's swizzled layouts `Sw<B,M,S> o O o L`,
// drawn from their own generator so that the families above stay as they were.

/// Cases of the composed family per check or operation group: `(kind, count)`.
const COMPOSED: [(&str, usize); 8] = [
    ("values", 24),
    ("text", 16),
    ("coalesce", 16),
    ("compose", 28),
    ("divide", 40),
    ("product", 36),
    ("upcast", 24),
    ("downcast", 16),
];

/// A random valid swizzle `(B, M, S)`: `B ≤ 3`, `M ≤ 4`, `max(B, 1) ≤ |S| ≤ 5`, either sign.
fn random_swizzle(r: &mut Rng) -> (i64, i64, i64) {
    let b = r.below(4) as i64;
    let m = r.below(5) as i64;
    let lo = b.max(1);
    let s = lo + r.below((6 - lo) as u64) as i64;
    let s = if r.below(2) == 0 { s } else { -s };
    (b, m, s)
}

/// A composed operand in the macros' notation, `(Sw<B,M,S> o O o shape:stride)`; `mixed`
/// writes some shape leaves and (half the time) the offset as runtime values `{v(n)}`.
fn composed_expr(
    sw: (i64, i64, i64),
    o: i64,
    inner: &DynLayout,
    r: &mut Rng,
    mixed: bool,
) -> String {
    let (b, m, s) = sw;
    let eo = if mixed && r.below(2) == 0 {
        format!("{{v({o})}}")
    } else {
        o.to_string()
    };
    format!("(Sw<{b},{m},{s}> o {eo} o {})", expr(inner, r, mixed))
}

/// Whether the type-level `upcast<N>` accepts `Sw<B,M,S> o O o L` (`src/ops/reshape.rs`,
/// `src/swizzle.rs`): the swizzle cast is sound (`S ≥ 0`, `M ≥ log2 N`, `B = 0` or
/// `B + M + |S| ≤ log2 N`), `N | O`, and each leaf `(s, d)` of `L` has `N | d` or `d | N`
/// (`d = 0` included) and `N / gcd(d, N) | s`.
fn upcast_ok(sw: (i64, i64, i64), o: i64, l: &DynLayout, n: i64) -> bool {
    let (b, m, s) = sw;
    let k = n.trailing_zeros() as i64;
    let sound = s >= 0 || m >= k || b == 0 || b + m + s.abs() <= k;
    sound
        && o % n == 0
        && flat(l).iter().all(|&(sh, d)| {
            let g = gcd(d.abs(), n);
            (g == n || g == d.abs()) && sh % (n / g) == 0
        })
}

/// Whether the type-level `downcast<N>` accepts `Sw<B,M,S> o O o L` (N > 1): some stride leaf
/// of `L` is 1 (`downcast<N>` of a swizzle and of an offset always exists).
fn downcast_ok(l: &DynLayout) -> bool {
    l.stride().leaves().any(|d| d == 1)
}

/// The composed family: each case a random swizzle, a small static offset and a random inner
/// layout, with one check or operation. The first fifth of each group is mixed (runtime
/// leaves in the right-hand operand, or, for the operations of one operand, in the inner
/// layout and the offset).
fn composed_family() -> File {
    let mut r = Rng(0xc0_3905_ed5e_ed51);
    let mut f = File::new("composed");
    let offsets = [0, 0, 0, 0, 0, 1, 2, 3, 4, 8, 16, 32, 64, -4, -8];
    let divide_ops = [
        "logical_divide",
        "zipped_divide",
        "tiled_divide",
        "flat_divide",
    ];
    let product_ops = [
        "logical_product",
        "zipped_product",
        "tiled_product",
        "flat_product",
        "blocked_product",
        "raked_product",
    ];
    for (kind, count) in COMPOSED {
        let mut n = 0;
        while n < count {
            let mixed = n < count / 5;
            let sw = random_swizzle(&mut r);
            let o = r.pick(&offsets);
            let a = random_layout(&mut r, 3);
            match kind {
                "values" | "text" => {
                    let check = if kind == "values" {
                        "same_values"
                    } else {
                        "same_text"
                    };
                    let ea = composed_expr(sw, o, &a, &mut r, mixed);
                    f.case_with(check, "identity", ea);
                }
                "coalesce" => {
                    let ea = composed_expr(sw, o, &a, &mut r, mixed);
                    f.composed_case(mixed, "coalesce", ea);
                }
                "compose" => {
                    let b = random_layout(&mut r, 2);
                    if b.size() > 64 || !compose_ok(&a, &b) {
                        continue;
                    }
                    let ea = composed_expr(sw, o, &a, &mut r, false);
                    let eb = expr(&b, &mut r, mixed);
                    f.composed_case(mixed, "compose", format!("{ea}, {eb}"));
                }
                "divide" => {
                    let op = divide_ops[n % 4];
                    let tiler = if n % 3 == 2 && !a.shape().is_int() {
                        tuple_tiler(&a, &mut r, mixed, 1, divide_ok)
                    } else {
                        let b = random_layout(&mut r, 2);
                        (b.size() <= a.size() && divide_ok(&a, &b)).then(|| expr(&b, &mut r, mixed))
                    };
                    let Some(tiler) = tiler else { continue };
                    let ea = composed_expr(sw, o, &a, &mut r, false);
                    f.composed_case(mixed, op, format!("{ea}, {tiler}"));
                }
                "product" => {
                    let op = product_ops[n % 6];
                    let a = random_layout(&mut r, 2);
                    let b = random_layout(&mut r, 2);
                    if a.size() * b.size() > 1024
                        || (op.starts_with("blocked") || op.starts_with("raked"))
                            && a.rank() != b.rank()
                        || !product_ok(&a, &b)
                    {
                        continue;
                    }
                    let ea = composed_expr(sw, o, &a, &mut r, false);
                    let eb = expr(&b, &mut r, mixed);
                    f.composed_case(mixed, op, format!("{ea}, {eb}"));
                }
                "upcast" | "downcast" => {
                    let by = if n % 2 == 0 { 2 } else { 4 };
                    let ok = if kind == "upcast" {
                        upcast_ok(sw, o, &a, by)
                    } else {
                        downcast_ok(&a)
                    };
                    if !ok {
                        continue;
                    }
                    let ea = composed_expr(sw, o, &a, &mut r, mixed);
                    f.composed_case(mixed, kind, format!("{ea}, U{by}"));
                }
                _ => unreachable!(),
            }
            n += 1;
        }
    }
    f
}

// ---------------------------------------------------------------------------------------------
// Basis-strided layouts (`differential_basis.rs`): CuTe's coordinate layouts, strides `v@i`
// (scaled basis elements), drawn from their own generator so that the families above stay as
// they were.

/// Cases of the basis family per check or operation group: `(kind, count)`.
const BASIS: [(&str, usize); 5] = [
    ("values", 30),
    ("text", 20),
    ("coalesce", 30),
    ("compose", 40),
    ("divide", 64),
];

/// A stride tree of a basis layout: leaves `value@path`, the path outermost first.
#[derive(Clone)]
enum BasisStride {
    Leaf(i64, Vec<usize>),
    Node(Vec<BasisStride>),
}

/// A basis-strided layout as the generator draws it.
#[derive(Clone)]
struct BasisL {
    shape: DynTuple,
    stride: BasisStride,
}

impl BasisL {
    /// The flat modes `(shape, value, path)`, leaf by leaf.
    fn flat(&self) -> Vec<(i64, i64, Vec<usize>)> {
        fn go(s: &DynTuple, d: &BasisStride, out: &mut Vec<(i64, i64, Vec<usize>)>) {
            match (s, d) {
                (DynTuple::Int(i), BasisStride::Leaf(v, p)) => out.push((i.value, *v, p.clone())),
                (DynTuple::Tuple(ss), BasisStride::Node(ds)) => {
                    ss.iter().zip(ds).for_each(|(s, d)| go(s, d, out))
                }
                _ => unreachable!("shape and stride are congruent by construction"),
            }
        }
        let mut out = Vec::new();
        go(&self.shape, &self.stride, &mut out);
        out
    }
    fn size(&self) -> i64 {
        self.shape.leaves().product()
    }
    /// The top-level modes (the layout itself for an integral shape).
    fn modes(&self) -> Vec<BasisL> {
        match (&self.shape, &self.stride) {
            (DynTuple::Tuple(ss), BasisStride::Node(ds)) => ss
                .iter()
                .zip(ds)
                .map(|(s, d)| BasisL {
                    shape: s.clone(),
                    stride: d.clone(),
                })
                .collect(),
            _ => vec![self.clone()],
        }
    }
    /// The modes normalised for composition, as [`normalized`] with the type level's merge rule
    /// for bases (`s0:d0, s1:d1` merge where `d1 = s0·d0`, the same path and value); only their
    /// shapes matter to [`compose_ok_normalized`].
    fn normalized(&self) -> Vec<(i64, i64)> {
        let modes = self.flat();
        let mut out = vec![modes.last().unwrap().clone()];
        for (s0, d0, p0) in modes[..modes.len() - 1].iter().rev().cloned() {
            let protected = out.len() == 1;
            let (s1, d1, p1) = out[0].clone();
            if s0 == 1 {
                continue;
            } else if s1 == 1 && !protected {
                out[0] = (s0, d0, p0);
            } else if p1 == p0 && d1 == s0 * d0 {
                out[0] = (s0 * s1, d0, p0);
            } else {
                out.insert(0, (s0, d0, p0));
            }
        }
        out.into_iter().map(|(s, d, _)| (s, d)).collect()
    }
    /// The layout in `layout!` notation: `(4,8):(1@0,2@0@1)` (a path printed innermost
    /// first); `mixed` writes some shape leaves and stride values as runtime values `{v(n)}`.
    fn text(&self, r: &mut Rng, mixed: bool) -> String {
        fn val(v: i64, r: &mut Rng, mixed: bool) -> String {
            if mixed && r.below(3) == 0 {
                format!("{{v({v})}}")
            } else {
                v.to_string()
            }
        }
        fn shape(t: &DynTuple, r: &mut Rng, mixed: bool) -> String {
            match t {
                DynTuple::Int(i) => val(i.value, r, mixed),
                DynTuple::Tuple(v) => {
                    let parts: Vec<String> = v.iter().map(|x| shape(x, r, mixed)).collect();
                    format!("({})", parts.join(","))
                }
            }
        }
        fn stride(t: &BasisStride, r: &mut Rng, mixed: bool) -> String {
            match t {
                BasisStride::Leaf(v, p) => {
                    let mut s = val(*v, r, mixed);
                    for i in p.iter().rev() {
                        write!(s, "@{i}").unwrap();
                    }
                    s
                }
                BasisStride::Node(v) => {
                    let parts: Vec<String> = v.iter().map(|x| stride(x, r, mixed)).collect();
                    format!("({})", parts.join(","))
                }
            }
        }
        let s = shape(&self.shape, r, mixed);
        format!("{s}:{}", stride(&self.stride, r, mixed))
    }
    /// The runtime engine's copy, parsed from the (static) text.
    fn to_dyn(&self) -> DynBasisLayout {
        let text = self.text(&mut Rng(1), false);
        text.parse()
            .unwrap_or_else(|e| panic!("{text}: not a basis layout: {e}"))
    }
}

/// A random basis layout: a shape as [`random_layout`]'s; a quarter of them identity layouts
/// (`make_identity_layout`, a tuple shape), the others with strides drawn over 1 to 3 codomain
/// components, each component flat (`k@i`) or nested (`k@j@i`), scales unit, larger, negative
/// or zero, and often a mode contiguous with the previous one on the same path (so that
/// coalescing merges them).
fn random_basis_layout(r: &mut Rng) -> BasisL {
    let mut shape = random_layout(r, 3).shape().clone();
    if r.below(4) == 0 {
        fn basis_like(s: &DynTuple, prefix: &mut Vec<usize>) -> BasisStride {
            match s {
                DynTuple::Int(_) => BasisStride::Leaf(1, prefix.clone()),
                DynTuple::Tuple(v) => BasisStride::Node(
                    v.iter()
                        .enumerate()
                        .map(|(i, x)| {
                            prefix.push(i);
                            let b = basis_like(x, prefix);
                            prefix.pop();
                            b
                        })
                        .collect(),
                ),
            }
        }
        if shape.is_int() {
            shape = DynTuple::tuple([shape]);
        }
        let stride = basis_like(&shape, &mut Vec::new());
        return BasisL { shape, stride };
    }
    let k = 1 + r.below(3) as usize;
    let nested: Vec<bool> = (0..k).map(|_| r.below(4) == 0).collect();
    let mut prev: Option<(i64, i64, Vec<usize>)> = None;
    fn build(
        s: &DynTuple,
        r: &mut Rng,
        k: usize,
        nested: &[bool],
        prev: &mut Option<(i64, i64, Vec<usize>)>,
    ) -> BasisStride {
        match s {
            DynTuple::Int(n) => {
                let (v, p) = match prev.clone() {
                    Some((ps, pv, pp)) if pv != 0 && r.below(3) == 0 => (pv * ps, pp),
                    _ => {
                        let i = r.below(k as u64) as usize;
                        let p = if nested[i] {
                            vec![i, r.below(2) as usize]
                        } else {
                            vec![i]
                        };
                        (r.pick(&[1, 1, 1, 1, 2, 3, 4, -1, -2, 0]), p)
                    }
                };
                *prev = Some((n.value, v, p.clone()));
                BasisStride::Leaf(v, p)
            }
            DynTuple::Tuple(v) => {
                BasisStride::Node(v.iter().map(|x| build(x, r, k, nested, prev)).collect())
            }
        }
    }
    let stride = build(&shape, r, k, &nested, &mut prev);
    BasisL { shape, stride }
}

/// Whether the type-level logical divide accepts `A ⊘ B` for a basis A: [`divide_ok`]'s
/// conditions, A normalised with the basis merge rule.
fn basis_divide_ok(a: &BasisL, b: &DynLayout) -> bool {
    let Ok(c) = algebra::try_complement(b, a.size()) else {
        return false;
    };
    let Ok(c) = algebra::try_coalesce(&c) else {
        return false;
    };
    let Ok(t) = algebra::try_make_layout(&[b.clone(), c]) else {
        return false;
    };
    b.size() <= a.size()
        && covers(b, a.size()) == Some(true)
        && compose_ok_normalized(&a.normalized(), &t)
        && algebra::basis::try_logical_divide(&a.to_dyn(), b).is_ok()
}

/// A tuple tiler for the modes of a basis layout `a` (a prefix of them), each element `_`, a
/// layout that [`basis_divide_ok`] accepts for the mode (drawn until one is, at most 16 tries),
/// or (at `depth` 1, for a tuple-shaped mode) a nested tuple tiler; at least one element is
/// not `_`.
fn basis_tuple_tiler(a: &BasisL, r: &mut Rng, mixed: bool, depth: u32) -> Option<String> {
    let modes = a.modes();
    let k = 1 + r.below(modes.len() as u64) as usize;
    let (mut exprs, mut layouts) = (Vec::new(), 0);
    for m in modes.iter().take(k) {
        match r.below(5) {
            0 => exprs.push("_".to_string()),
            1 if depth > 0 && !m.shape.is_int() => {
                exprs.push(basis_tuple_tiler(m, r, mixed, depth - 1)?);
                layouts += 1;
            }
            _ => {
                let b = (0..16)
                    .map(|_| random_layout(r, 1))
                    .find(|b| basis_divide_ok(m, b))?;
                exprs.push(expr(&b, r, mixed));
                layouts += 1;
            }
        }
    }
    (layouts > 0).then(|| format!("[{}]", exprs.join(", ")))
}

/// The basis family: each case a random basis layout A with one check or operation. The
/// first fifth of each group is mixed: runtime leaves (shape leaves, basis scales) in A for
/// the checks of one operand and coalesce, in the integer right-hand operand for composition
/// and the divides.
fn basis_family() -> File {
    let mut r = Rng(0xba5e_50fc_0ded_1ff5);
    let mut f = File::new("basis");
    let divide_ops = [
        "basis_logical_divide",
        "basis_zipped_divide",
        "basis_tiled_divide",
        "basis_flat_divide",
    ];
    for (kind, count) in BASIS {
        let mut n = 0;
        while n < count {
            let mixed = n < count / 5;
            let a = random_basis_layout(&mut r);
            let function = if mixed {
                "same_basis_function"
            } else {
                "same_basis_print"
            };
            match kind {
                "values" | "text" => {
                    let check = if kind == "values" {
                        "same_basis_values"
                    } else {
                        "same_basis_text"
                    };
                    let ea = a.text(&mut r, mixed);
                    f.case_with(check, "basis_identity", ea);
                }
                "coalesce" => {
                    let ea = a.text(&mut r, mixed);
                    f.case_with(function, "basis_coalesce", ea);
                }
                "compose" => {
                    let b = random_layout(&mut r, 2);
                    if b.size() > 64 || !compose_ok_normalized(&a.normalized(), &b) {
                        continue;
                    }
                    let ea = a.text(&mut r, false);
                    let eb = expr(&b, &mut r, mixed);
                    f.case_with(function, "basis_compose", format!("{ea}, {eb}"));
                }
                "divide" => {
                    let op = divide_ops[n % 4];
                    let tiler = if n % 3 == 2 && !a.shape.is_int() {
                        basis_tuple_tiler(&a, &mut r, mixed, 1)
                    } else {
                        let b = random_layout(&mut r, 2);
                        basis_divide_ok(&a, &b).then(|| expr(&b, &mut r, mixed))
                    };
                    let Some(tiler) = tiler else { continue };
                    let ea = a.text(&mut r, false);
                    f.case_with(function, op, format!("{ea}, {tiler}"));
                }
                _ => unreachable!(),
            }
            n += 1;
        }
    }
    f
}
