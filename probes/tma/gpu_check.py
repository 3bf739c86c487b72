#!/usr/bin/env python3
"""Compares the TMA placement records (probes/tma/gpu_tma.cu) with two plain rules.

    python3 probes/tma/gpu_check.py RECORDS.jsonl

1. CuTe's layouts: the element at tile coordinate (m, k) (flat index i = m + BM*k of the
   (BM, BK) smem layout) lands at smem element offset swz(L(i)), where L is the record's `smem`
   layout and swz its swizzle (element units); with a tile base `smem_base_mod_1024` bytes past
   a 1024-byte boundary the swizzle acts on the absolute byte address, as CuTe's swizzle
   pointer does: offset = (swz_bytes(base + L(i)*esz) - base) / esz. Its global element is the
   gmem layout at (tile_m*BM + m, tile_k*BK + k[, l]), or null (out-of-bounds fill) where that
   coordinate is outside the extents.
2. Stores, on top of rule 1: the hardware also writes the elements past the innermost extent
   that share a 16-byte chunk with an in-bounds element (coordinates in bounds in every other
   dimension), with the values of those tile positions; nothing else outside the tensor.

Prints one line per record and a summary; exit status 1 if any `ok` record disagrees with the
rules (rule 1 for loads; rule 1 on the in-bounds elements and rule 2 on the written set for
stores).
"""
import itertools
import json
import re
import sys


def parse_tuple(s):
    toks = re.findall(r"\(|\)|,|-?\d+", s)
    pos = 0

    def p():
        nonlocal pos
        t = toks[pos]
        if t == "(":
            pos += 1
            items = []
            while toks[pos] != ")":
                items.append(p())
                if toks[pos] == ",":
                    pos += 1
            pos += 1
            return tuple(items)
        pos += 1
        return int(t)

    return p()


def flat(t):
    return [x for e in t for x in flat(e)] if isinstance(t, tuple) else [t]


def parse_layout(s):
    a, b = s.split(":")
    return flat(parse_tuple(a)), flat(parse_tuple(b))


def layout_at(shape, stride, i):
    o = 0
    for n, d in zip(shape, stride):
        o += (i % n) * d
        i //= n
    return o


def swizzle(b, m, s):
    yyy = ((1 << b) - 1) << (m + s)
    return lambda x: x ^ ((x & yyy) >> s)


def predict(r):
    """smem offset -> gmem offset (None: OOB) by rule 1, and the gmem coordinates per smem offset."""
    m = re.match(r"Sw<(\d+),(\d+),(\d+)> o 0 o (.*)", r["smem"])
    if m:
        sw = swizzle(*map(int, m.groups()[:3]))
        lay = m.group(4)
    else:
        sw = lambda x: x  # noqa: E731
        lay = r["smem"]
    ssh, sst = parse_layout(lay)
    gsh, gst = parse_layout(r["gmem"])
    bm, bk = flat(parse_tuple(r["cta_tile"]))
    tc = r["tile"]
    esz = r["elem_bits"] // 8
    shift = r["smem_base_mod_1024"]
    if shift:
        mb = re.match(r"Sw<(\d+),(\d+),(\d+)>", r["smem_cute"])
        swb = swizzle(*map(int, mb.groups()))
    n = len(r["smem_to_gmem"])
    pred, coords = [None] * n, [None] * n
    size = 1
    for x in ssh:
        size *= x
    for i in range(size):
        c = [tc[0] * bm + i % bm, tc[1] * bk + i // bm] + list(tc[2:])
        off = layout_at(ssh, sst, i)
        s = sw(off) if not shift else (swb(shift + off * esz) - shift) // esz
        if 0 <= s < n:
            coords[s] = c
            if all(x < e for x, e in zip(c, gsh)):
                pred[s] = sum(x * d for x, d in zip(c, gst))
    return pred, coords, gsh, gst


def store_written(r, coords, gsh, gst):
    """The gmem offsets rule 2 says a store writes."""
    esz = r["elem_bits"] // 8
    inner = gst.index(1)
    q = 16 // esz
    out = set()
    for c in coords:
        if c is None:
            continue
        if any(c[i] >= gsh[i] for i in range(len(gsh)) if i != inner):
            continue
        if c[inner] // q * q >= gsh[inner]:
            continue
        out.add(sum(x * d for x, d in zip(c, gst)))
    return out


def main():
    bad = 0
    counts = {}
    for line in open(sys.argv[1]):
        r = json.loads(line)
        st = r.get("status")
        counts[st] = counts.get(st, 0) + 1
        if st != "ok":
            print("%3d %-34s %-8s %s" % (r["id"], r.get("config", "?"), st,
                                         (r.get("error") or r.get("stderr") or "")[:100].replace("\n", " | ")))
            continue
        pred, coords, gsh, gst = predict(r)
        got = r["smem_to_gmem"]
        verdict = []
        if r["op"].startswith("load"):
            ok = pred == got and r.get("smem_to_gmem_cta1", got) == got
            verdict.append("layout " + ("ok" if ok else "DIFFERS"))
        else:
            inb = all(g == p for g, p in zip(got, pred) if p is not None)
            written = set(p[0] for p in r["gmem_written"]["pairs"])
            rule2 = store_written(r, coords, gsh, gst)
            # the values written: each written offset holds the smem offset whose coordinate it is
            vals = all(s is not None and coords[s] is not None and
                       sum(x * d for x, d in zip(coords[s], gst)) == g
                       for g, s in r["gmem_written"]["pairs"])
            ok = inb and written == rule2 and vals
            past = len(written - set(p for p in pred if p is not None))
            verdict.append("layout %s, writes %s (%d outside the tensor's elements)" % (
                "ok" if inb and vals else "DIFFERS", "= 16B-chunk rule" if written == rule2 else "DIFFER", past))
        bad += not ok
        print("%3d %-34s %-10s %s" % (r["id"], r["config"], r["tile"], "; ".join(verdict)))
    print("records:", counts, "disagreeing:", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
