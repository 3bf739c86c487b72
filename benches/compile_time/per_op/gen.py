#!/usr/bin/env python3
"""Writes a crate that names N distinct results of one type-level operation (benches/compile_time/
per_op/run.sh times `cargo check` of it at two sizes; the difference over the extra items is the
operation's cost). Each item is `type T{k} = <result>;` and a function that takes `size_of` of it,
so that type checking normalizes the type in a function body, as a kernel's code does. Operands
differ per item (k enters every operand), so no result is a cached copy of another.

    gen.py KIND N DIR [--repo PATH]    (KIND: see KINDS below; `none` is the baseline)
"""
import argparse
import os


def u(n):
    """The typenum type of the unsigned integer n, written out (typenum's aliases stop at 1024)."""
    return "UTerm" if n == 0 else f"UInt<{u(n >> 1)}, B{n & 1}>"


A = "cute_layout::atom"
KINDS = {
    # the baseline: the same items naming a layout literal
    "none": lambda k: f"Layout![({64 + 16 * k},64):(1,{64 + 16 * k})]",
    # integer arithmetic on the crate's static integers (moderate magnitudes)
    "sum": lambda k: f"int::Sum<{u(k + 3000)}, {u(2 * k + 5)}>",
    "prod": lambda k: f"int::Prod<{u(k + 300)}, {u(2 * k + 500)}>",
    "quot_odd": lambda k: f"int::Quot<{u(k + 3000)}, {u(2 * k + 5)}>",
    "quot_pow2": lambda k: f"int::Quot<{u(16 * k + (1 << 20))}, U16>",
    "ceil_quot": lambda k: f"int::CeilQuot<{u(16 * (k + 2) + (1 << 20))}, U16>",
    "typenum_div": lambda k: f"<{u(16 * k + (1 << 20))} as core::ops::Div<U16>>::Output",
    # layout algebra, small layouts
    "coalesce": lambda k: f"CoalesceOf<Layout![(2,{k + 2}):(1,2)]>",
    "compose_1x1": lambda k: f"ComposeOf<Layout![{k + 4}:1], Layout![2:1]>",
    "compose_2x2": lambda k: f"ComposeOf<Layout![(2,{k + 2}):(1,2)], Layout![(2,2):(1,2)]>",
    "compose_2d": lambda k: f"ComposeOf<Layout![({64 + 16 * k},64):(1,{64 + 16 * k})], Layout![(16,8):(1,{64 + 16 * k})]>",
    "complement": lambda k: f"ComplementOf<Layout![16:1], {u(16 * (k + 2))}>",
    "complement_big": lambda k: f"ComplementOf<Layout![16:1], {u(16 * (k + 2) + (1 << 20))}>",
    "logical_divide_1d": lambda k: f"LogicalDivideOf<Layout![{16 * (k + 2)}:1], Layout![16:1]>",
    "zipped_divide_2d": lambda k: f"ZippedDivideOf<Layout![({64 + 16 * k},{64 + 8 * (k % 5)}):(1,{64 + 16 * k})], (U16, U8)>",
    "logical_divide_2d": lambda k: f"LogicalDivideOf<Layout![({64 + 16 * k},{64 + 8 * (k % 5)}):(1,{64 + 16 * k})], (U16, U8)>",
    "logical_divide_m0": lambda k: f"LogicalDivideOf<Layout![{64 + 16 * k}:1], Layout![16:1]>",
    "logical_divide_m1": lambda k: f"LogicalDivideOf<Layout![{64 + 8 * (k % 5)}:{64 + 16 * k}], Layout![8:1]>",
    # `IntTuple::Size` of a stride tuple (proven with every `D: IntTuple`), a divide's result strides
    "stride_size": lambda k: f"<((U1, U16), ({u(64 + 16 * k)}, {u(8 * (64 + 16 * k))})) as cute_layout::IntTuple>::Size",
    # the GMMA selectors (tests/data/atoms_cute/selectors.rs holds ~2,000 such cases)
    "ss_smem_selector": lambda k: f"{A}::SsSmemSelectorOf<{A}::gmma::Major::K, {A}::half_t, {u(8 * (k + 1))}, {u(8 * (k % 16 + 1))}>",
    "ss_op_selector": lambda k: f"{A}::SsOpSelectorOf<{A}::half_t, {A}::half_t, f32, ({u(64 * (k % 4 + 1))}, {u(8 * (k + 1))}, {u(16 * (k % 8 + 1))})>",
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("kind", choices=sorted(KINDS))
    ap.add_argument("n", type=int)
    ap.add_argument("dir")
    ap.add_argument("--repo", default=os.path.abspath(os.path.join(os.path.dirname(__file__), "../../..")))
    a = ap.parse_args()
    os.makedirs(os.path.join(a.dir, "src"), exist_ok=True)
    with open(os.path.join(a.dir, "Cargo.toml"), "w") as f:
        f.write(
            "[package]\nname = \"per-op\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n"
            f"[dependencies]\ncute-layout = {{ path = \"{a.repo}\", default-features = false }}\n\n[workspace]\n"
        )
    lines = [
        "#![allow(dead_code, non_camel_case_types, unused_imports)]",
        "use cute_layout::typenum::{UInt, UTerm, B0, B1, U1, U16, U8};",
        "use cute_layout::typelevel::*;",
        "use cute_layout::{int, Layout};",
        "",
    ]
    for k in range(a.n):
        lines.append(f"type T{k} = {KINDS[a.kind](k)};")
        lines.append(f"fn f{k}() -> usize {{ core::mem::size_of::<T{k}>() }}")
    lines.append("fn main() {}")
    with open(os.path.join(a.dir, "src/main.rs"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
