#!/usr/bin/env python3
"""Reference answers of NVIDIA's new PyCuTe (github.com/NVlabs/CuTe, pure Python, not on PyPI)
for tests/runtime_pycute_nv.rs and tests/static_pycute_nv.rs.

Made with PyCuTe at commit 02e137e305f0205cbf2534444cf7b40b9471dc26 (pycute/*.py and
test/test_*.py of that commit; pycute/swizzle.py of c88d6e2d8e2ead54545afdcde2c18d9863358cd0,
the version whose F2 hooks that commit's layout.py calls). PyCuTe is not vendored here:

    PYCUTE_NV=/path/to/NVlabs-CuTe python3 tests/data/gen_pycute_nv.py > tests/data/pycute_nv.txt

(PYCUTE_NV is the repository root, holding pycute/ and test/; pytest and sympy are used when
installed: without them the test methods that need them are skipped, and the count in the
header says so.)

The cases:
  * `suite`: the inputs of PyCuTe's own test suite. Each test module test/test_<op>.py is loaded
    with the algebra functions in its namespace replaced by recorders, and every `test_*` method
    is run; every call of an operation below made by a test (the inputs and the calls its
    post-condition helpers make) is one case. Only the inputs are taken: the answer written is
    PyCuTe's, recomputed here. A call by mode (`composition[1](A, B)`) is recorded in CuTe's
    by-mode form (`composition(A, <_,B>)`, PyCuTe's own `lift`). Cases whose inputs the crate cannot
    write (F2 or sympy strides, non-basis arithmetic-tuple strides, tensors, None operands) are
    left out and counted in the header.
  * `random`: seeded random inputs (random.Random(SEED)), small enough to check by evaluation.

Operations: PyCuTe's coalesce, coalesce_z, composition, complement (with and without a
cotarget), right_inverse, left_inverse, logical_divide, zipped_divide, logical_product,
blocked_product, raked_product, layout_add, nullspace, greatest_common_domain, recast,
make_ordered_layout. PyCuTe has no tiled/flat divides nor zipped/tiled/flat products: their
answers here are PyCuTe's zipped_divide / logical_product answer regrouped by CuTe C++'s
definitions (cute/layout.hpp: tiled_divide unpacks the rest mode of zipped_divide, flat_divide
both modes; zipped_product is tile_unzip(logical_product(A, B), B), i.e. zip2_by, tiled/flat
unpack it the same way); they are tagged `suite*` / `random*` (derived).

One line per case, fields separated by `;`:
    source;op;arg;...;answer
source is suite, random, suite* or random*; layouts are written `shape:stride` in CuTe's
notation without spaces (a basis stride `v@i@j`, innermost index first, as CuTe and PyCuTe
print it); a tiler `<t,..>` with `_` for None (the crate's DynTiler text); a shape `(4,8)`; a
scale `p/q`; the answer is a layout, `!ValueError` / `!TypeError` where PyCuTe raises, or
`~text` where PyCuTe's answer has a stride the crate cannot write (a non-basis arithmetic
tuple, printed as PyCuTe prints it).
"""
import importlib.util
import inspect
import os
import random
import sys
import types
from fractions import Fraction

SEED = 0x5EED_C0DE

ROOT = os.environ.get("PYCUTE_NV")
if not ROOT:
    sys.exit("set PYCUTE_NV to a checkout of github.com/NVlabs/CuTe (the directory holding pycute/)")
sys.path.insert(0, ROOT)

try:
    import pytest  # noqa: F401  (the test modules import it)
except ImportError:  # a minimal stand-in: pytest.raises only
    class _Raises:
        def __init__(self, exc, match=None):
            self.exc = exc

        def __enter__(self):
            return self

        def __exit__(self, t, v, tb):
            if t is None:
                raise AssertionError("did not raise")
            return issubclass(t, self.exc)

    sys.modules["pytest"] = types.SimpleNamespace(raises=_Raises)

import pycute as P  # noqa: E402
from pycute import ArithTuple, Layout, is_int, is_layout, is_tuple  # noqa: E402

# ---------------------------------------------------------------------------------------------
# Writing PyCuTe's values in the crate's text.


class Unwritable(Exception):
    """A value the crate's text cannot hold (F2, sympy, a non-basis arithmetic tuple, ...)."""


def plain_int(x):
    return type(x) is int


def tup(t, leaf):
    if is_tuple(t):
        return "(" + ",".join(tup(x, leaf) for x in t) + ")"
    return leaf(t)


def shape_leaf(s):
    if not plain_int(s):
        raise Unwritable(repr(s))
    return str(s)


def stride_leaf(d):
    if plain_int(d):
        return str(d)
    if isinstance(d, ArithTuple):
        rep = P.basis_repr(d)
        if len(rep) != 1 or not all(plain_int(i) for i in rep[0][1]) or not plain_int(rep[0][0]):
            raise Unwritable(str(d))
        value, path = rep[0]
        return "@".join(str(t) for t in (value,) + tuple(path)[::-1])
    raise Unwritable(repr(d))


def layout_text(l):
    if not is_layout(l) or type(l) is not Layout:
        raise Unwritable(repr(l))
    return tup(l.shape, shape_leaf) + ":" + tup(l.stride, stride_leaf)


def tiler_text(t):
    if t is None:
        return "_"
    if plain_int(t):
        return str(t)
    if is_tuple(t):
        return "<" + ",".join(tiler_text(x) for x in t) + ">"
    return layout_text(t)


def shape_text(s):
    return tup(s, shape_leaf)


def scale_text(s):
    if plain_int(s):
        return str(s)
    if isinstance(s, Fraction):
        return f"{s.numerator}/{s.denominator}"
    raise Unwritable(repr(s))


def profile_text(p):
    # A coalesce profile: 1 (whole layout), None (keep), or a tuple of those.
    if p is None:
        return "_"
    if plain_int(p):
        return str(p)
    if is_tuple(p):
        return "<" + ",".join(profile_text(x) for x in p) + ">"
    raise Unwritable(repr(p))


def answer_text(r):
    try:
        return layout_text(r)
    except Unwritable:
        if type(r) is Layout:
            return "~" + str(r).replace(" ", "")
        raise


def as_layout(a):
    """PyCuTe's promotion of an int or tuple first operand (tiler_to_layout)."""
    if is_layout(a):
        return a
    if plain_int(a) or is_tuple(a):
        return P.tiler_to_layout(a)
    raise Unwritable(repr(a))


# ---------------------------------------------------------------------------------------------
# Operations: how each one's operands are written, and how PyCuTe answers.

# op -> (writers of the operands, the PyCuTe call)
OPS = {
    "coalesce": ((layout_text,), lambda a: P.coalesce(a)),
    "coalesce_profile": ((layout_text, profile_text), lambda a, p: P.coalesce(a, p)),
    "coalesce_z": ((layout_text,), lambda a: P.coalesce_z(a)),
    "coalesce_z_profile": ((layout_text, profile_text), lambda a, p: P.coalesce_z(a, p)),
    "composition": ((layout_text, tiler_text), lambda a, b: P.composition(a, b)),
    "complement": ((layout_text,), lambda a: P.complement(a)),
    "complement_to": ((layout_text, shape_text), lambda a, m: P.complement(a, m)),
    "right_inverse": ((layout_text,), lambda a: P.right_inverse(a)),
    "left_inverse": ((layout_text,), lambda a: P.left_inverse(a)),
    "logical_divide": ((layout_text, tiler_text), lambda a, b: P.logical_divide(a, b)),
    "zipped_divide": ((layout_text, tiler_text), lambda a, b: P.zipped_divide(a, b)),
    "logical_product": ((layout_text, tiler_text), lambda a, b: P.logical_product(a, b)),
    "blocked_product": ((layout_text, tiler_text), lambda a, b: P.blocked_product(a, b)),
    "raked_product": ((layout_text, tiler_text), lambda a, b: P.raked_product(a, b)),
    "layout_add": ((layout_text, layout_text), lambda a, b: P.layout_add(a, b)),
    "nullspace": ((layout_text,), lambda a: P.nullspace(a)),
    "greatest_common_domain": ((shape_text, shape_text), lambda a, b: P.greatest_common_domain(a, b)),
    "recast": ((layout_text, scale_text), lambda a, s: P.recast(a, s)),
    "make_ordered_layout": ((shape_text, shape_text), lambda s, o: P.make_ordered_layout(s, o)),
}


def modes(l):
    """The top-level modes of a layout (a leaf layout is its own single mode)."""
    return [l[i] for i in range(P.rank(l))] if is_tuple(l.shape) else [l]


def unpack(l, which):
    """CuTe's `result(_, repeat<R1>(_))` (which = (1,)) and `result(repeat<R0>(_), repeat<R1>(_))`
    (which = (0, 1)) on a rank-2 result: the modes of the named top modes moved up one level."""
    out = []
    for i, m in enumerate(modes(l)):
        out += modes(m) if i in which else [m]
    return P.make_layout(out)


def zip2_by(l, guide):
    """CuTe's zip2_by on a layout: ((A0,X0),(A1,X1),e) by the guide (g0,g1) is
    ((A0,A1),(X0,X1,e)), recursively where a guide element is a tuple; a layout guide leaves
    the (A,X) pair as it is."""
    if not is_tuple(guide):
        if P.rank(l) != 2:
            raise ValueError("zip2_by: not a rank-2 mode")
        return l
    ms = modes(l)
    if len(ms) < len(guide):
        raise ValueError("zip2_by: rank")
    split = [zip2_by(ms[i], g) for i, g in enumerate(guide)]
    firsts = [s[0] for s in split]
    seconds = [s[1] for s in split] + ms[len(guide):]
    return P.make_layout([P.make_layout(firsts), P.make_layout(seconds)])


def has_none(t):
    return t is None or (is_tuple(t) and any(has_none(x) for x in t))


def derived(op, args, ans):
    """The tiled/flat divides and the zipped/tiled/flat products from PyCuTe's zipped_divide /
    logical_product answer `ans` (a Layout, or an exception)."""
    out = []
    if op == "zipped_divide":
        for name, which in (("tiled_divide", (1,)), ("flat_divide", (0, 1))):
            out.append((name, args, ans if isinstance(ans, Exception) else unpack(ans, which)))
    if op == "logical_product" and not has_none(args[1]):
        # `_` in a product tiler: CuTe's zip2_by needs a (A, X) pair where logical_product keeps
        # the whole mode; the crate's rule for `_` is its own (README), not compared here.
        try:
            z = ans if isinstance(ans, Exception) else zip2_by(ans, args[1])
        except ValueError as e:
            z = e
        out.append(("zipped_product", args, z))
        for name, which in (("tiled_product", (1,)), ("flat_product", (0, 1))):
            out.append((name, args, z if isinstance(z, Exception) else unpack(z, which)))
    return out


# ---------------------------------------------------------------------------------------------
# Cases.

lines = []
seen = set()
skipped = {}


def emit(source, op, args, ans=None):
    writers = OPS.get(op, OPS["logical_product"])[0]  # the derived ops take (layout, tiler)
    try:
        texts = [w(a) for w, a in zip(writers, args)]
    except Unwritable:
        skipped[op] = skipped.get(op, 0) + 1
        return
    key = (op, tuple(texts))
    if key in seen:
        return
    if ans is None:
        try:
            ans = OPS[op][1](*args)
        except (ValueError, TypeError, ZeroDivisionError, IndexError) as e:
            ans = e
    if isinstance(ans, Exception):
        a = "!" + type(ans).__name__
    else:
        try:
            a = answer_text(ans)
        except Unwritable:
            skipped[op] = skipped.get(op, 0) + 1
            return
    seen.add(key)
    lines.append(";".join([source, op] + texts + [a]))
    if op in ("zipped_divide", "logical_product"):
        for name, dargs, dans in derived(op, args, ans):
            emit(source + "*", name, dargs, dans)


# --- PyCuTe's own test suite: record the calls its tests make. ---------------------------------

SUITE = ["coalesce", "coalesce_z", "composition", "complement", "inverse_left", "inverse_right",
         "logical_divide", "logical_product", "blocked_raked", "layout_add", "nullspace",
         "greatest_common_domain", "recast", "make_layout"]

RECORDED = ["coalesce", "coalesce_z", "composition", "complement", "right_inverse",
            "left_inverse", "logical_divide", "zipped_divide", "logical_product",
            "blocked_product", "raked_product", "layout_add", "nullspace",
            "greatest_common_domain", "recast", "make_ordered_layout"]

calls = []


def by_mode(x, mode):
    return P.lift(x, pad=None, mode=mode) if mode else x


def record(name, args, kwargs, mode):
    """One test call, in the form `emit` takes (or None where it has no such form)."""
    if name in ("coalesce", "coalesce_z"):
        profile = kwargs.get("profile", args[1] if len(args) > 1 else 1)
        profile = by_mode(profile, mode)
        a = as_layout(args[0])
        return (name, (a,)) if profile == 1 else (name + "_profile", (a, profile))
    if name == "complement":
        extend = kwargs.get("extend", args[1] if len(args) > 1 else None)
        a = as_layout(args[0])
        return ("complement", (a,)) if extend is None else ("complement_to", (a, extend))
    if name in ("composition", "logical_divide", "logical_product"):
        if args[0] is None:
            raise Unwritable("None")
        return (name, (as_layout(args[0]), by_mode(args[1], mode)))
    if name == "zipped_divide":
        if mode or args[0] is None:  # a zipped tiler in one mode: a basis-strided by-mode tiler
            raise Unwritable("zipped_divide by mode")
        return (name, (as_layout(args[0]), args[1]))
    if name in ("right_inverse", "left_inverse", "nullspace"):
        return (name, (as_layout(args[0]),))
    if name in ("blocked_product", "raked_product", "layout_add"):
        return (name, (as_layout(args[0]), args[1]))
    if name == "greatest_common_domain":
        return (name, tuple(P.shape(x) for x in args[:2]))
    if name == "recast":
        return (name, (as_layout(args[0]), args[1]))
    if name == "make_ordered_layout":
        return (name, (args[0], args[1]))
    return None


class Recorder:
    def __init__(self, name, fn, mode=()):
        self.name, self.fn, self.mode = name, fn, mode

    def __getitem__(self, m):
        return Recorder(self.name, self.fn, self.mode + tuple(P.wrap(m)))

    def __call__(self, *args, mode=(), **kwargs):
        mode = self.mode + tuple(P.wrap(mode))
        try:
            c = record(self.name, args, kwargs, mode)
            if c is not None:
                calls.append(c)
        except (Unwritable, TypeError, IndexError, ValueError):
            skipped[self.name] = skipped.get(self.name, 0) + 1
        if hasattr(self.fn, "func"):  # a mode-subscriptable PyCuTe operation
            return self.fn(*args, mode=mode, **kwargs)
        return self.fn(*args, **kwargs)


suite_failures = []
for name in SUITE:
    path = os.path.join(ROOT, "test", f"test_{name}.py")
    spec = importlib.util.spec_from_file_location(f"nv_test_{name}", path)
    mod = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(mod)
    except ImportError as e:  # sympy missing, say
        suite_failures.append(f"test_{name}.py: {e}")
        continue
    for op in RECORDED:
        if op in vars(mod):
            setattr(mod, op, Recorder(op, getattr(P, op)))
    for cname, cls in inspect.getmembers(mod, inspect.isclass):
        if not cname.startswith("Test"):
            continue
        for mname, meth in inspect.getmembers(cls, inspect.isfunction):
            if not mname.startswith("test"):
                continue
            try:
                meth(cls())
            except Exception as e:  # a test that fails here is reported, its calls still count
                suite_failures.append(f"test_{name}.py::{cname}::{mname}: {type(e).__name__}")

for op, args in calls:
    emit("suite", op, args)

# --- Seeded random cases. ------------------------------------------------------------------------

rng = random.Random(SEED)


def random_shape(depth=1, max_rank=3):
    if depth == 0 or rng.randrange(3) != 0:
        return rng.choice([1, 2, 2, 2, 3, 4, 4, 4, 5, 6, 8, 8])
    return tuple(random_shape(depth - 1, 3) for _ in range(1 + rng.randrange(max_rank)))


def random_layout(max_rank=3, max_size=256):
    while True:
        shape = rng.choice([2, 3, 4, 6, 8, 12, 16]) if rng.randrange(4) == 0 else \
            tuple(random_shape(1) for _ in range(1 + rng.randrange(max_rank)))
        if P.size(shape) > max_size:
            continue
        flat = list(P.leaves(shape))
        order = list(range(len(flat)))
        if rng.randrange(2):
            order.reverse()
        stride = [0] * len(flat)
        run = 1
        for i in order:
            stride[i] = run
            run *= flat[i]
        scale = rng.choice([1, 1, 1, 2, 3])
        out = []
        for k, d in enumerate(stride):
            c = rng.randrange(10)
            out.append(0 if c == 0 else stride[(k * 7) % len(stride)] * scale if c == 1 else d * scale)
        return Layout(shape, P.unflatten(iter(out), shape))


def random_tiler(a):
    """A by-mode tiler for a prefix of a's modes: small layouts, integers, `_`."""
    ts = []
    for m in modes(a)[:1 + rng.randrange(P.rank(a))]:
        c = rng.randrange(5)
        if c == 0:
            ts.append(None)
        elif c == 1:
            ts.append(rng.choice([d for d in range(1, P.size(m) + 1) if P.size(m) % d == 0]))
        else:
            ts.append(random_layout(1, max(1, P.size(m))))
    return tuple(ts)


for _ in range(60):
    emit("random", "coalesce", (random_layout(),))
for _ in range(30):
    emit("random", "coalesce_z", (random_layout(),))
for _ in range(140):
    a = random_layout()
    b = random_layout(2, max(2, P.size(a)))
    emit("random", "composition", (a, b))
for _ in range(40):
    a = random_layout()
    emit("random", "composition", (a, random_tiler(a)))
for _ in range(60):
    emit("random", "complement", (random_layout(),))
for _ in range(40):
    a = random_layout()
    cos = max(1, sum((s - 1) * d for s, d in zip(P.leaves(a.shape), P.leaves(a.stride))) + 1)
    emit("random", "complement_to", (a, cos * rng.choice([1, 2, 3]) + rng.choice([0, 0, 1, 5])))
for op in ("right_inverse", "left_inverse", "nullspace"):
    for _ in range(50):
        emit("random", op, (random_layout(),))
for op in ("logical_divide", "zipped_divide"):
    for _ in range(60):
        a = random_layout()
        emit("random", op, (a, random_layout(2, P.size(a))))
    for _ in range(25):
        a = random_layout()
        emit("random", op, (a, random_tiler(a)))
for _ in range(60):
    emit("random", "logical_product", (random_layout(2, 32), random_layout(2, 16)))
for _ in range(20):
    a = random_layout(2, 32)
    emit("random", "logical_product", (a, tuple(random_layout(1, 8) for _ in modes(a))))
for op in ("blocked_product", "raked_product"):
    for _ in range(30):
        r = 1 + rng.randrange(2)
        a = random_layout(r, 32)
        b = random_layout(r, 16)
        emit("random", op, (a, b))
n = 0
while n < 40:
    a, b = random_layout(), random_layout()
    if P.size(a) == P.size(b):
        emit("random", "layout_add", (a, b))
        n += 1
for _ in range(30):
    emit("random", "greatest_common_domain", (random_shape(2), random_shape(2)))
for _ in range(40):
    emit("random", "recast", (random_layout(), rng.choice([2, 3, 4, 8, Fraction(1, 2), Fraction(1, 4)])))
for _ in range(30):
    s = random_shape(2)
    o = P.unflatten(iter(rng.sample(range(20), len(list(P.leaves(s))))), s)
    emit("random", "make_ordered_layout", (s, o))

# ---------------------------------------------------------------------------------------------

print(f"# PyCuTe (NVlabs/CuTe 02e137e) answers, generated by tests/data/gen_pycute_nv.py "
      f"(seed {SEED:#x}): {len(lines)} cases")
print("# source;op;operands...;answer   (see the generator's docstring)")
if skipped:
    print("# left out (inputs or answers the crate cannot write): " +
          ", ".join(f"{k} {v}" for k, v in sorted(skipped.items())))
for f in suite_failures:
    print(f"# suite test not run to completion here: {f}")
for line in lines:
    print(line)
