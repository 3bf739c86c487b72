#!/usr/bin/env python3
"""Generate a compile-time scaling fixture: N layout-algebra operations, written twice with the
same operands, as a Rust crate (cute-layout, `cargo check`) and as a CuTe C++ file
(`g++ -fsyntax-only`).

    gen.py N VARIANT OUTDIR [--seed S] [--repo ROOT]

VARIANT:
  static   every leaf is a static integer (typenum / cute::Int<N>)
  mixed    as `static` with the same seed, but about a third of the leaves of the operated-on
           layouts are runtime integers (`i64` / `int`, read from an array argument); the
           inverses stay static (ours need static layouts), complements and products keep
           static strides (CuTe: "Dynamic-stride complement only for rank-1 layouts")
  odd      N complements only, of odd shapes with odd gaps, numbers up to 2^25 (the case of
           the second compile-time scaling row)
  pow2     as `odd`, every shape and gap a power of two (the same ranks and magnitudes)

Operations (static, mixed): composition, complement, logical_divide, logical_product,
coalesce, right_inverse, in turn; operand ranks 4..12, odd and even constants, each layout's
cosize below 2^25; fixed seed. Every operand is valid for its operation (the divisibility and
injectivity conditions hold by construction), so both compilers compute every result.

Each operation is its own function. Rust returns the result as `impl Debug` (`Result<impl
Debug, LayoutError>` for mixed), which makes rustc compute the result type and prove its
`Debug` impl; C++ returns `auto` and `static_assert`s the result's rank (and, for static
operands, that the result is static), which makes g++ instantiate the operation and its result
type.
"""
import argparse
import os
import random

LIMIT = 1 << 25


class Leaf:
    """A leaf value; runtime leaves carry the index of their slot in the argument array."""

    def __init__(self, v, slot=None):
        self.v, self.slot = v, slot


def nest(flat, rng):
    """Group consecutive modes into sub-tuples at random (depth <= 2)."""
    out, i = [], 0
    while i < len(flat):
        k = rng.choice([1, 1, 1, 2, 3])
        k = min(k, len(flat) - i)
        out.append(flat[i] if k == 1 else list(flat[i:i + k]))
        i += k
    return out


class Gen:
    def __init__(self, seed, mixed):
        self.rng = random.Random(seed)
        self.mixed = mixed
        self.slots = []  # values of the runtime leaves

    def leaf(self, v, runtime_ok=True):
        if self.mixed and runtime_ok and self.rng.random() < 1 / 3:
            self.slots.append(v)
            return Leaf(v, len(self.slots) - 1)
        return Leaf(v)

    def shapes(self, k, odd_only=False, pow2=False, lo=2, hi=9):
        """k shapes whose product stays below LIMIT."""
        if pow2:
            pool = [2, 4, 8, 16, 32]
        elif odd_only:
            pool = [3, 5, 7, 9, 11, 13, 15, 17, 25, 31]
        else:
            pool = list(range(lo, hi + 1))
        s, p = [], 1
        for i in range(k):
            # Keep room for the remaining modes (and for gaps): at most the geometric share.
            cap = (LIMIT // 64 // p) ** (1 / (k - i))
            ok = [x for x in pool if x <= max(cap, pool[0])]
            x = self.rng.choice(ok)
            s.append(x)
            p *= x
        return s

    def injective(self, k, gaps=True, odd_only=False, pow2=False):
        """Shapes and strides of an injective, non-interleaving layout: compact in a random
        order, with random gaps; cosize below LIMIT."""
        while True:
            s = self.shapes(k, odd_only=odd_only, pow2=pow2)
            order = list(range(k))
            self.rng.shuffle(order)
            d = [0] * k
            cur = 1
            for i in order:
                if gaps:
                    if pow2:
                        cur *= self.rng.choice([1, 1, 2, 4])
                    elif odd_only:
                        cur *= self.rng.choice([1, 1, 3, 5, 7])
                    else:
                        cur *= self.rng.choice([1, 1, 1, 2, 3, 5])
                d[i] = cur
                cur *= s[i]
            if cur < LIMIT:
                return s, d, cur

    def layout(self, s, d, runtime_ok=True, nested=True, runtime_strides=True):
        modes = [(self.leaf(a, runtime_ok), self.leaf(b, runtime_ok and runtime_strides))
                 for a, b in zip(s, d)]
        return nest(modes, self.rng) if nested else modes


def prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


# --- rendering ------------------------------------------------------------------------------

def rs_leaf(l):
    return f"{{v[{l.slot}]}}" if l.slot is not None else str(l.v)


def rs_tuple(modes, part):
    def r(m):
        if isinstance(m, list):
            inner = ",".join(r(x) for x in m)
            return f"({inner})"
        return rs_leaf(m[part])
    if len(modes) == 1 and not isinstance(modes[0], list):
        return r(modes[0])
    return "(" + ",".join(r(m) for m in modes) + ")"


def rs_layout(modes):
    return f"layout!({rs_tuple(modes, 0)}:{rs_tuple(modes, 1)})"


def has_runtime(modes):
    for m in modes:
        if isinstance(m, list):
            if has_runtime(m):
                return True
        elif m[0].slot is not None or m[1].slot is not None:
            return True
    return False


def cc_int(v):
    """A CuTe static integer: `Int<v>` is `C<int(v)>`, so a value beyond `int` is `C<vl>` (a `long`)."""
    return f"Int<{v}>{{}}" if -2**31 <= v < 2**31 else f"C<{v}l>{{}}"


def cc_leaf(l):
    return f"v[{l.slot}]" if l.slot is not None else cc_int(l.v)


def cc_tuple(modes, part, mk):
    def r(m):
        if isinstance(m, list):
            return f"{mk}(" + ", ".join(r(x) for x in m) + ")"
        return cc_leaf(m[part])
    if len(modes) == 1 and not isinstance(modes[0], list):
        return r(modes[0])
    return f"{mk}(" + ", ".join(r(m) for m in modes) + ")"


def cc_layout(modes):
    return f"make_layout({cc_tuple(modes, 0, 'make_shape')}, {cc_tuple(modes, 1, 'make_stride')})"


def typenum(n):
    t = "tn::UTerm"
    for b in bin(n)[2:]:
        t = f"tn::UInt<{t}, tn::B{b}>"
    return t


# --- operations -----------------------------------------------------------------------------

def prefix_mode(g, a):
    """A mode s:d aligned with the flat shape a: d the product of a prefix, s of the next run."""
    k = len(a)
    j = g.rng.randint(0, k - 1)
    m = g.rng.randint(1, max(1, min(3, k - j)))
    return prod(a[j:j + m]), prod(a[:j])


def op_compose(g, k):
    s = g.shapes(k)
    d = [g.rng.choice([1, 2, 3, 5, 7, 11, 13, 64, 97, 1001]) for _ in range(k)]
    a = g.layout(s, d)
    # B's modes: disjoint runs of A's flat shape, in order (so that composition distributes
    # over them, paper Eq. 22-23).
    cuts = sorted(g.rng.sample(range(k + 1), g.rng.randint(2, min(4, k + 1))))
    bm = [(prod(s[x:y]), prod(s[:x])) for x, y in zip(cuts, cuts[1:])]
    b = g.layout([x for x, _ in bm], [y for _, y in bm], nested=False)
    return ("compose", a, b)


def op_complement(g, k, odd_only=False, pow2=False):
    s, d, cos = g.injective(k, odd_only=odd_only, pow2=pow2)
    # CuTe: "Dynamic-stride complement only for rank-1 layouts": runtime shapes only.
    a = g.layout(s, d, runtime_strides=False)
    if pow2:
        m = 1 << g.rng.randint(cos.bit_length() - 1, 25)
    else:
        m = g.rng.randrange(cos | 1, LIMIT + 1, 2) if cos < LIMIT else cos | 1
    return ("complement", a, m)


def op_divide(g, k):
    s, d, _ = g.injective(k, gaps=False)
    # The tiler is aligned with the column-major order of the flat shape.
    ts, td = prefix_mode(g, s)
    a = g.layout(s, [prod(s[:i]) for i in range(k)])
    t = g.layout([ts], [td], nested=False)
    return ("logical_divide", a, t)


def op_product(g, k):
    s, d, _ = g.injective(k, gaps=False)
    a = g.layout(s, d, runtime_strides=False)  # its complement: as above
    bs = g.shapes(g.rng.randint(1, 2), lo=2, hi=5)
    b = g.layout(bs, [prod(bs[:i]) for i in range(len(bs))], nested=False)
    return ("logical_product", a, b)


def op_coalesce(g, k):
    s = [g.rng.choice([1, 2, 3, 4, 5, 7, 8]) for _ in range(k)]
    while prod(s) >= LIMIT:
        s = [g.rng.choice([1, 2, 3]) for _ in range(k)]
    d, cur = [], 1
    for x in s:
        if g.rng.random() < 0.3:
            cur *= g.rng.choice([2, 3, 5])
        d.append(cur)
        cur *= x
    return ("coalesce", g.layout(s, d), None)


def op_right_inverse(g, k):
    s, d, _ = g.injective(k, gaps=False)
    return ("right_inverse", g.layout(s, d, runtime_ok=False), None)


def ops_for(variant, n, g):
    kinds = [op_compose, op_complement, op_divide, op_product, op_coalesce, op_right_inverse]
    out = []
    for i in range(n):
        k = g.rng.randint(4, 12)
        if variant in ("odd", "pow2"):
            out.append(op_complement(g, k, odd_only=variant == "odd", pow2=variant == "pow2"))
        else:
            out.append(kinds[i % len(kinds)](g, k))
    return out


def write(n, variant, outdir, seed, repo):
    g = Gen(seed, mixed=variant == "mixed")
    ops = ops_for(variant, n, g)
    nslots = max(1, len(g.slots))
    os.makedirs(os.path.join(outdir, "src"), exist_ok=True)
    with open(os.path.join(outdir, "Cargo.toml"), "w") as f:
        f.write(f"""# Generated by benches/compile_time/scaling/gen.py {n} {variant} --seed {seed}
[package]
name = "scaling-{variant}-{n}"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
cute-layout = {{ path = "{repo}" }}

[workspace]
""")
    rs = [f"//! Generated by benches/compile_time/scaling/gen.py {n} {variant} --seed {seed}: "
          f"{n} operations.",
          "#![allow(clippy::type_complexity, unused_imports, missing_docs)]",
          "use core::fmt::Debug;",
          "use cute_layout::{layout, typenum as tn, LayoutError};", ""]
    cc = [f"// Generated by benches/compile_time/scaling/gen.py {n} {variant} --seed {seed}: "
          f"{n} operations.",
          "#include <cute/layout.hpp>", "using namespace cute;", ""]
    for i, (op, a, b) in enumerate(ops):
        rt = has_runtime(a) or (isinstance(b, list) and has_runtime(b))
        ra = rs_layout(a) + ("?" if has_runtime(a) else "")
        ca = cc_layout(a)
        if op == "complement":
            rb, cb = f"<{typenum(b)}>::default()", cc_int(b)
        elif b is not None:
            rb = rs_layout(b) + ("?" if has_runtime(b) else "")
            cb = cc_layout(b)
        if op == "compose":
            rexpr, cexpr = f"{ra}.try_compose({rb})?", f"composition({ca}, {cb})"
        elif op == "complement":
            rexpr, cexpr = f"{ra}.try_complement({rb})?", f"complement({ca}, {cb})"
        elif op == "logical_divide":
            rexpr, cexpr = f"{ra}.try_logical_divide({rb})?", f"logical_divide({ca}, {cb})"
        elif op == "logical_product":
            rexpr, cexpr = f"{ra}.try_logical_product({rb})?", f"logical_product({ca}, {cb})"
        elif op == "coalesce":
            rexpr, cexpr = f"{ra}.try_coalesce()?", f"coalesce({ca})"
        else:
            rexpr, cexpr = f"{ra}.try_right_inverse()?", f"right_inverse({ca})"
        rs.append(f"pub fn op{i}(v: &[i64; {nslots}]) -> Result<impl Debug, LayoutError> {{")
        rs.append("    let _ = v;")
        rs.append(f"    Ok({rexpr})")
        rs.append("}")
        cc.append(f"auto op{i}(int const (&v)[{nslots}]) {{")
        cc.append(f"  auto r = {cexpr};")
        cc.append("  static_assert(decltype(rank(r))::value >= 1);")
        if not rt:
            cc.append("  static_assert(is_static<decltype(r)>::value);")
        cc.append("  return r;")
        cc.append("}")
    with open(os.path.join(outdir, "src", "lib.rs"), "w") as f:
        f.write("\n".join(rs) + "\n")
    with open(os.path.join(outdir, "ops.cpp"), "w") as f:
        f.write("\n".join(cc) + "\n")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("n", type=int)
    p.add_argument("variant", choices=["static", "mixed", "odd", "pow2"])
    p.add_argument("outdir")
    p.add_argument("--seed", type=int, default=15)
    p.add_argument("--repo", default=os.path.abspath(os.path.join(os.path.dirname(__file__), "../../..")))
    a = p.parse_args()
    write(a.n, a.variant, a.outdir, a.seed, a.repo)


if __name__ == "__main__":
    main()
