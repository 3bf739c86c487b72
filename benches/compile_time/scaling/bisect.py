#!/usr/bin/env python3
"""Bisect the cost of the static complement by its integer steps: for the operands of
`gen.py N odd` (same seed), write one Rust fixture per step holding just that step's
type-level arithmetic on the same numbers, in the order the complement fold does it
(modes sorted by stride, `cur` the span so far):

  build   the operand layouts only (`layout!`)
  div     Quot<d, cur>          (the fold's new shape)
  mul     Prod<d, s>            (the fold's new span)
  cmp     Compare<d, cur>       (the injectivity condition and the sort's comparisons)
  ceil    CeilQuot<m, cur>      (the last mode)

    bisect.py N OUTDIR [--seed S] [--variant odd|pow2]   -> OUTDIR/<step>/{Cargo.toml,src/lib.rs}
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402


def flat(modes):
    for m in modes:
        if isinstance(m, list):
            yield from flat(m)
        else:
            yield m[0].v, m[1].v


def main():
    p = argparse.ArgumentParser()
    p.add_argument("n", type=int)
    p.add_argument("outdir")
    p.add_argument("--seed", type=int, default=15)
    p.add_argument("--variant", default="odd", choices=["odd", "pow2"])
    a = p.parse_args()
    g = gen.Gen(a.seed, mixed=False)
    ops = gen.ops_for(a.variant, a.n, g)
    repo = os.path.abspath(os.path.join(os.path.dirname(__file__), "../../.."))
    steps = {k: [] for k in ("build", "div", "mul", "cmp", "ceil")}
    t = gen.typenum
    for i, (_, lay, m) in enumerate(ops):
        steps["build"].append(f"pub fn f{i}() -> impl Debug {{ {gen.rs_layout(lay)} }}")
        modes = sorted(flat(lay), key=lambda sd: sd[1])
        cur = 1
        for j, (s, d) in enumerate(modes):
            steps["div"].append(f"pub fn f{i}_{j}() -> impl Debug {{ <Quot<{t(d)}, {t(cur)}>>::default() }}")
            steps["mul"].append(f"pub fn f{i}_{j}() -> impl Debug {{ <Prod<{t(d)}, {t(s)}>>::default() }}")
            steps["cmp"].append(f"pub fn f{i}_{j}() -> impl Debug {{ <tn::Compare<{t(d)}, {t(cur)}>>::default() }}")
            cur = d * s
        steps["ceil"].append(f"pub fn f{i}() -> impl Debug {{ <CeilQuot<{t(m)}, {t(cur)}>>::default() }}")
    for k, body in steps.items():
        d = os.path.join(a.outdir, k)
        os.makedirs(os.path.join(d, "src"), exist_ok=True)
        with open(os.path.join(d, "Cargo.toml"), "w") as f:
            f.write(f'[package]\nname = "bisect-{k}"\nversion = "0.0.0"\nedition = "2021"\n'
                    f'publish = false\n\n[dependencies]\ncute-layout = {{ path = "{repo}" }}\n\n[workspace]\n')
        with open(os.path.join(d, "src", "lib.rs"), "w") as f:
            f.write("#![allow(missing_docs)]\nuse core::fmt::Debug;\nuse cute_layout::{layout, typenum as tn};\n"
                    "#[allow(unused_imports)]\nuse cute_layout::int::{CeilQuot, Prod, Quot};\n"
                    + "\n".join(body) + "\n")


if __name__ == "__main__":
    main()
