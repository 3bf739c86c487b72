#!/usr/bin/env python3
"""Writes the hand-made fixture of tests/atom_hardware.rs from the PTX ISA's fragment figures
(not from CuTe's layouts): mma.m16n8k16 with .f16 A/B and .f32 C/D ("Matrix Fragments for
mma.m16n8k16 with floating point type"), and ldmatrix .x4 non-transposed ("ldmatrix" figure:
thread t receives, in register i, elements (t/4, 2*(t%4)) and (t/4, 2*(t%4)+1) of matrix i,
whose row r address is supplied by thread 8*i + r).

Run from this directory: python3 make_fixture.py"""

def mma():
    T = 32
    def a_elem(lane, i):          # a0..a7 -> (row m, col k)
        g, tig = lane >> 2, lane % 4
        row = g + 8 * ((i // 2) % 2)
        col = tig * 2 + (i & 1) + 8 * (i // 4)
        return row, col
    def b_elem(lane, i):          # b0..b3 -> (row k, col n)
        g, tig = lane >> 2, lane % 4
        return tig * 2 + (i & 1) + 8 * (i // 2), g
    def c_elem(lane, i):          # c0..c3 -> (row m, col n)
        g, tig = lane >> 2, lane % 4
        return g + 8 * (i // 2), tig * 2 + (i & 1)
    A = {(t, v): a_elem(t, v) for t in range(T) for v in range(8)}
    B = {(t, v): b_elem(t, v) for t in range(T) for v in range(4)}
    C = {(t, v): c_elem(t, v) for t in range(T) for v in range(4)}
    Ainv = {e: tv for tv, e in A.items()}
    Binv = {e: tv for tv, e in B.items()}
    Cinv = {e: tv for tv, e in C.items()}
    out = ["# hand-made fixture from the PTX ISA fragment figures (make_fixture.py), not hardware data",
           "atom SM80_16x8x16_F32F16F16F32_TN", "threads 32", "values A 8 B 4 C 4"]
    for (t, v), (m, k) in sorted(A.items()):
        # D(m, n) = B(k, n) for every n
        ents = sorted((Cinv[(m, n)], Binv[(k, n)]) for n in range(8))
        out.append(f"A {t} {v} | " + " | ".join(f"{a} {b} {c} {d}" for (a, b), (c, d) in ents))
    for (t, v), (k, n) in sorted(B.items()):
        ents = sorted((Cinv[(m, n)], Ainv[(m, k)]) for m in range(16))
        out.append(f"B {t} {v} | " + " | ".join(f"{a} {b} {c} {d}" for (a, b), (c, d) in ents))
    for (t, v) in sorted(C):
        out.append(f"C {t} {v} | {t} {v}")
    return out

def ldsm():
    out = ["# hand-made fixture from the PTX ISA ldmatrix figure (make_fixture.py), not hardware data",
           "atom SM75_U32x4_LDSM_N", "threads 32", "unit_bits 16"]
    for t in range(32):
        for i in range(4):          # register i
            for h in range(2):      # 16-bit half within the register
                ts = 8 * i + t // 4
                e = 2 * (t % 4) + h
                out.append(f"D {t} {2 * i + h} | {ts} {e}")
    return out

for name, lines in [("SM80_16x8x16_F32F16F16F32_TN", mma()), ("SM75_U32x4_LDSM_N", ldsm())]:
    with open(f"{name}.txt", "w") as f:
        f.write("\n".join(lines) + "\n")
