#!/usr/bin/env python3
"""Reference values of CuTe's ComposedLayout `Sw<B,M,S> o offset o layout`, computed by pycute
(PyPI `nvidia-cutlass`).

    pip install nvidia-cutlass && python3 tests/data/gen_composed.py > tests/data/composed_pycute.txt

One line per composed layout: the layout in CuTe's notation (as `print` writes it, which pycute
writes `SW_3_4_3 o 0 o (8, 64):(64, 1)`), a `|`, then the value at every integral coordinate
i in [0, size). pycute's `ComposedLayout(outer, offset, inner)` evaluates `outer(offset + inner(i))`.
(pycute recurses forever on a swizzle shift of 0: none here.)
"""
from importlib.metadata import version

import pycute
from pycute import ComposedLayout, Layout, Swizzle


def text(t):
    if isinstance(t, tuple):
        return "(" + ",".join(text(x) for x in t) + ")"
    return str(t)


CASES = [
    # CuTe's shared-memory atoms (GMMA/ldmatrix): 128-, 64- and 32-byte swizzles on 16-bit data.
    ((3, 4, 3), 0, (8, 64), (64, 1)),
    ((2, 4, 3), 0, (8, 32), (32, 1)),
    ((1, 4, 3), 0, (8, 16), (16, 1)),
    ((3, 3, 3), 0, (8, 32), (32, 1)),
    ((3, 4, 3), 0, (64, 8), (1, 64)),
    # Tiled atoms, column-major, hierarchical.
    ((3, 4, 3), 0, ((8, 2), (64, 2)), ((64, 512), (1, 1024))),
    ((2, 3, 3), 0, (16, 16), (1, 16)),
    # Non-zero offsets, negative shifts, negative strides.
    ((3, 4, 3), 512, (8, 64), (64, 1)),
    ((2, 2, -3), 7, (4, 16), (16, 1)),
    ((1, 0, 1), 1, 2, 1),
    ((2, 4, -4), 0, (8, 8), (8, 1)),
    ((3, 2, 4), 100, (6, 10), (-10, 1)),
    ((1, 5, -5), 33, (3, (4, 5)), (7, (1, 40))),
]

print(f"# nvidia-cutlass {version('nvidia-cutlass')} pycute.ComposedLayout(Swizzle(B,M,S), offset, Layout): layout | L(i) for i in [0, size)")
for (b, m, s), offset, shape, stride in CASES:
    c = ComposedLayout(Swizzle(b, m, s), offset, Layout(shape, stride))
    values = [c(i) for i in range(c.size())]
    print(f"Sw<{b},{m},{s}> o {offset} o {text(shape)}:{text(stride)} | " + " ".join(map(str, values)))
