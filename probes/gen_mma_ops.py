#!/usr/bin/env python3
"""Writes probes/mma_ops.h: one struct per mma.sync atom the MMA probe (probes/mma.cu) records,
with its PTX instruction as inline asm, its register counts and element types, and the lists
of atoms of each probe binary (MMA_GROUP_<g>, so that the builds run in parallel).
Run: python3 probes/gen_mma_ops.py > probes/mma_ops.h

The atoms are CuTe's (cute/arch/mma_sm70.hpp, mma_sm75.hpp, mma_sm80.hpp, mma_sm89.hpp) by name;
the instruction of each is the PTX ISA's. Nothing here says which register holds which matrix
element: that is what the probe measures."""

# Element types: (probe Ty, C++ register type, asm constraint, elements per 32-bit register).
TY = {
    "f16": "F16", "bf16": "BF16", "tf32": "TF32", "f32": "F32", "f64": "F64", "s8": "S8",
    "u8": "U8", "s4": "S4", "u4": "U4", "b1": "B1", "s32": "S32", "e4m3": "E4M3", "e5m2": "E5M2",
}
BITS = {"f16": 16, "bf16": 16, "tf32": 32, "f32": 32, "f64": 64, "s8": 8, "u8": 8, "s4": 4,
        "u4": 4, "b1": 1, "s32": 32, "e4m3": 8, "e5m2": 8}


def reg(ty):
    """C++ register type and asm constraint of an operand of element type ty."""
    if ty == "f32":
        return "float", "f"
    if ty == "f64":
        return "double", "d"
    return "uint32_t", "r"


atoms = []  # dicts


def atom(name, shape, layout, d, a, b, c, m, n, k, na, nb, nc, suffix="", threads=32,
         group=None):
    """One mma.sync atom: na, nb, nc registers per thread of A, B, C (= D)."""
    instr = f"mma.sync.aligned.{shape}.{layout}.{d}.{a}.{b}.{c}{suffix}"
    atoms.append(dict(name=name, instr=instr, d=d, a=a, b=b, c=c, m=m, n=n, k=k, na=na, nb=nb,
                      nc=nc, threads=threads, xor=".xor.popc" in suffix, group=group))


# ---- SM80 ------------------------------------------------------------------------------------
atom("SM80_16x8x8_F16F16F16F16_TN", "m16n8k8", "row.col", "f16", "f16", "f16", "f16", 16, 8, 8, 2, 1, 2)
atom("SM80_16x8x16_F16F16F16F16_TN", "m16n8k16", "row.col", "f16", "f16", "f16", "f16", 16, 8, 16, 4, 2, 2)
atom("SM80_16x8x8_F32F16F16F32_TN", "m16n8k8", "row.col", "f32", "f16", "f16", "f32", 16, 8, 8, 2, 1, 4)
atom("SM80_16x8x16_F32F16F16F32_TN", "m16n8k16", "row.col", "f32", "f16", "f16", "f32", 16, 8, 16, 4, 2, 4)
atom("SM80_16x8x8_F32BF16BF16F32_TN", "m16n8k8", "row.col", "f32", "bf16", "bf16", "f32", 16, 8, 8, 2, 1, 4)
atom("SM80_16x8x16_F32BF16BF16F32_TN", "m16n8k16", "row.col", "f32", "bf16", "bf16", "f32", 16, 8, 16, 4, 2, 4)
atom("SM80_16x8x4_F32TF32TF32F32_TN", "m16n8k4", "row.col", "f32", "tf32", "tf32", "f32", 16, 8, 4, 2, 1, 4)
atom("SM80_16x8x8_F32TF32TF32F32_TN", "m16n8k8", "row.col", "f32", "tf32", "tf32", "f32", 16, 8, 8, 4, 2, 4)
atom("SM80_8x8x4_F64F64F64F64_TN", "m8n8k4", "row.col", "f64", "f64", "f64", "f64", 8, 8, 4, 1, 1, 2)
INT_SHAPES = {  # shape: (M, N, K, A regs, B regs, C regs)
    8: [("m8n8k16", 8, 8, 16, 1, 1, 2), ("m16n8k16", 16, 8, 16, 2, 1, 4), ("m16n8k32", 16, 8, 32, 4, 2, 4)],
    4: [("m8n8k32", 8, 8, 32, 1, 1, 2), ("m16n8k32", 16, 8, 32, 2, 1, 4), ("m16n8k64", 16, 8, 64, 4, 2, 4)],
}
for bits, shapes in INT_SHAPES.items():
    for shape, m, n, k, na, nb, nc in shapes:
        for ta in (f"s{bits}", f"u{bits}"):
            for tb in (f"s{bits}", f"u{bits}"):
                for sat in ("", "_SATURATE"):
                    name = f"SM80_{m}x{n}x{k}_S32{ta.upper()}{tb.upper()}S32_TN{sat}"
                    atom(name, shape, "row.col", "s32", ta, tb, "s32", m, n, k, na, nb, nc,
                         suffix=".satfinite" if sat else "")
for shape, m, n, k, na, nb, nc in [("m8n8k128", 8, 8, 128, 1, 1, 2), ("m16n8k128", 16, 8, 128, 2, 1, 4),
                                   ("m16n8k256", 16, 8, 256, 4, 2, 4)]:
    for op in ("AND", "XOR"):
        atom(f"SM80_{m}x{n}x{k}_S32U1U1S32_TN_{op}POPC", shape, "row.col", "s32", "b1", "b1", "s32",
             m, n, k, na, nb, nc, suffix=f".{op.lower()}.popc", group="b1")
# ---- SM75 ------------------------------------------------------------------------------------
atom("SM75_16x8x8_F32F16F16F32_TN", "m16n8k8", "row.col", "f32", "f16", "f16", "f32", 16, 8, 8, 2, 1, 4)
atom("SM75_8x8x16_S32S8S8S32_TN", "m8n8k16", "row.col", "s32", "s8", "s8", "s32", 8, 8, 16, 1, 1, 2)
# ---- SM89 ------------------------------------------------------------------------------------
for acc in ("f32", "f16"):
    for ta in ("e4m3", "e5m2"):
        for tb in ("e4m3", "e5m2"):
            A = acc.upper()
            atom(f"SM89_16x8x32_{A}{ta.upper()}{tb.upper()}{A}_TN", "m16n8k32", "row.col", acc, ta, tb,
                 acc, 16, 8, 32, 4, 2, 4 if acc == "f32" else 2)
# ---- SM70: one 8x8x4 product per quad pair (the probe finds the lane groups) -------------------
for acc, nc in (("f16", 4), ("f32", 8)):
    for maj, lay in (("TN", "row.col"), ("NT", "col.row"), ("NN", "col.col"), ("TT", "row.row")):
        A = acc.upper()
        atom(f"SM70_8x8x4_{A}F16F16{A}_{maj}", "m8n8k4", lay, acc, "f16", "f16", acc, 8, 8, 4, 2, 2,
             nc, threads=8, group="sm70")


# ---- UniversalFMA: one thread's d = a * b + c (as CuTe's UniversalFMA::fma writes it) ----------
for cty, ty in (("float", "f32"), ("double", "f64")):
    atoms.append(dict(name=f"UniversalFMA_{cty}", instr="d = a * b + c (CuTe's UniversalFMA)",
                      d=ty, a=ty, b=ty, c=ty, m=1, n=1, k=1, na=1, nb=1, nc=1, threads=1,
                      phys=1, xor=False, group=None, fma=True))


def asm_struct(x):
    ra, ca = reg(x["a"])
    rb, cb = reg(x["b"])
    rc, cc = reg(x["c"])
    i = 0
    ops = []
    for cnt in (x["nc"], x["na"], x["nb"], x["nc"]):
        ops.append("{" + ",".join(f"%{i + j}" for j in range(cnt)) + "}")
        i += cnt
    outs = ", ".join(f'"={cc}"(d[{j}])' for j in range(x["nc"]))
    ins = ", ".join([f'"{ca}"(a[{j}])' for j in range(x["na"])]
                    + [f'"{cb}"(b[{j}])' for j in range(x["nb"])]
                    + [f'"{cc}"(c[{j}])' for j in range(x["nc"])])
    # Physical threads: a warp (one thread for UniversalFMA); the atom's threads (the engine's)
    # may be fewer (SM70: 8 of 32).
    if x.get("fma"):
        body = "d[0] = a[0] * b[0] + c[0];"
    else:
        body = (f'asm volatile("{x["instr"]} {ops[0]}, {ops[1]}, {ops[2]}, {ops[3]};\\n"\n'
                f"                 : {outs}\n                 : {ins});")
    return f"""struct {x['name']} {{
  MMA_ATOM_HEADER({x['name']}, "{x['instr']}", {ra}, {rb}, {rc}, {x['na']}, {x['nb']}, {x['nc']},
                  Ty::{TY[x['a']]}, Ty::{TY[x['b']]}, Ty::{TY[x['c']]}, {x['m']}, {x['n']}, {x['k']},
                  {x['threads']}, {x.get('phys', 32)}, {'true' if x['xor'] else 'false'})
  __device__ static void mma(RC* d, const RA* a, const RB* b, const RC* c) {{
    {body}
  }}
}};
"""


out = ["// Generated by probes/gen_mma_ops.py; do not edit.", "#pragma once", ""]
for x in atoms:
    out.append(asm_struct(x))
# Probe binaries: the float atoms (16-bit, tf32, f64, fp8, UniversalFMA), the 8-bit integers,
# the 4-bit integers, the 1-bit atoms, the SM70 atoms, each split into binaries of at most 12
# atoms (one binary per group, built in parallel).
groups = {}
for x in atoms:
    if x["group"]:
        key = x["group"]
    elif x["a"] in ("s8", "u8"):
        key = "int8"
    elif x["a"] in ("s4", "u4"):
        key = "int4"
    else:
        key = "float"
    groups.setdefault(key, []).append(x["name"])
binaries = []
for key, names in groups.items():
    # The 1-bit atoms have up to 6000 values per experiment and one run per code bit: 2 a binary.
    parts = -(-len(names) // (2 if key == "b1" else 12))
    size = -(-len(names) // parts)
    for i in range(0, len(names), size):
        binaries.append(names[i:i + size])
out.append(f"#define MMA_GROUPS {len(binaries)}")
seed = 1
for g, names in enumerate(binaries):
    body = " ".join(f"X({n}, {seed + j})" for j, n in enumerate(names))
    seed += len(names)
    out.append(f"#define MMA_GROUP_{g}(X) {body}")
print("\n".join(out))
