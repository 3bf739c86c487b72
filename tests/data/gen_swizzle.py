#!/usr/bin/env python3
"""Reference values of CuTe's swizzle functor, computed by pycute (PyPI `nvidia-cutlass`).

    pip install nvidia-cutlass && python3 tests/data/gen_swizzle.py > tests/data/swizzle_pycute.txt

One line per valid `Swizzle(B, M, S)` with B <= 3, M <= 4, 1 <= |S| <= 5 (pycute asserts |S| >= B;
it cannot evaluate S = 0, see below):
`B M S size hash v0 v1 ...`, where `hash` is FNV-1a (64 bit) over the 8-byte little-endian values
f(x) for every x in [0, size), and v0.. are f(x) at the sample points x in [0, min(size, 128))
followed by x = size - 1 - k for k in [0, min(size, 32)).
"""
from importlib.metadata import version

import pycute

FNV_OFFSET, FNV_PRIME, MASK = 0xcbf29ce484222325, 0x100000001b3, (1 << 64) - 1


def fnv(values):
    h = FNV_OFFSET
    for v in values:
        for byte in (v & MASK).to_bytes(8, "little"):
            h = ((h ^ byte) * FNV_PRIME) & MASK
    return h


print(f"# nvidia-cutlass {version('nvidia-cutlass')} pycute.Swizzle(B, M, S): B M S size fnv1a64 samples")
for b in range(0, 4):
    for m in range(0, 5):
        for s in range(-5, 6):
            if abs(s) < b:
                continue
            # pycute's shiftr/shiftl call each other forever on a shift of 0 (RecursionError),
            # so S = 0 (valid only with B = 0, the identity) is left to the property tests.
            if s == 0:
                continue
            sw = pycute.Swizzle(b, m, s)
            size = sw.size()
            values = [sw(x) for x in range(size)]
            samples = list(range(min(size, 128))) + [size - 1 - k for k in range(min(size, 32))]
            print(b, m, s, size, fnv(values), " ".join(str(sw(x)) for x in samples))
