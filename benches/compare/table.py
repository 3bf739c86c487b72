"""Prints the side-by-side tables: Rust criterion medians (CRITERION/*/new/estimates.json)
against the CuTe C++ and pycute lines ("name median_ns mad_ns"), with ratios ours / theirs,
then the compile-time scaling rows (benches/HISTORY.md section 10).

    python3 table.py CRITERION CXX_TXT[,CXX_TXT...] PYCUTE_TXT

"min ratio": the fastest sample of each side (criterion's sample.json; the C++ third column),
the figure least disturbed by other load on the machine.

Several C++ files (runs before and after the Rust benches): per case, the run with the lower
median is taken (the conservative choice for ratios ours / C++).
"""
import json
import os
import sys

N = 1024  # evaluations per criterion iteration in benches/eval.rs


def rust(crit):
    out = {}
    for root, _dirs, files in os.walk(crit):
        if "estimates.json" in files and os.path.basename(root) == "new":
            with open(os.path.join(root, "estimates.json")) as f:
                e = json.load(f)
            with open(os.path.join(root, "benchmark.json")) as f:
                name = json.load(f)["full_id"]
            med, mad = e["median"]["point_estimate"], e["median_abs_dev"]["point_estimate"]
            with open(os.path.join(root, "sample.json")) as f:
                smp = json.load(f)
            low = min(t / i for t, i in zip(smp["times"], smp["iters"]))
            if name.startswith("eval/"):
                med, mad, low = med / N, mad / N, low / N
            out[name] = (med, mad, low)
    return out


def lines(paths):
    out = {}
    for path in paths.split(","):
        if not os.path.exists(path):
            continue
        with open(path) as f:
            for line in f:
                p = line.split()
                if len(p) >= 3:
                    v = tuple(float(x) for x in p[1:])
                    if p[0] not in out or v[0] < out[p[0]][0]:
                        out[p[0]] = v
    return out


def pm(v, digits=3):
    return f"{v[0]:.{digits}f}±{v[1]:.{digits}f}" if v else "-"


def span(rs, fmt="{:.2f}"):
    rs = [x for x in rs if x is not None]
    if not rs:
        return "n/a (no case)"
    lo, hi = min(rs), max(rs)
    return (fmt.format(lo) if fmt.format(lo) == fmt.format(hi)
            else fmt.format(lo) + "–" + fmt.format(hi)) + "×"


def main():
    r, c, p = rust(sys.argv[1]), lines(sys.argv[2]), lines(sys.argv[3])
    ratio = lambda a, b: a[0] / b[0] if a and b else None
    lowr = lambda a, b: a[2] / b[2] if a and b and len(a) > 2 and len(b) > 2 else None
    fmt = "{:<42} {:>16} {:>16} {:>10} {:>10}"
    print("\n# evaluation, ns per L(i): Rust vs CuTe C++ (`unsigned` index unless the case says;"
          " ratio = Rust / C++, < 1 means Rust faster)")
    print(fmt.format("case", "Rust med±MAD", "C++ med±MAD", "Rust/C++", "min ratio"))
    for name in sorted(k for k in c if k.startswith("eval/")):
        kind = name.rsplit("/", 1)[1]
        rk = name.rsplit("/", 1)[0] + "/" + ("static" if kind.startswith("static") else kind)
        x, y = ratio(r.get(rk), c[name]), lowr(r.get(rk), c[name])
        print(fmt.format(name, pm(r.get(rk)), pm(c[name]), f"{x:.2f}" if x else "-",
                         f"{y:.2f}" if y else "-"))
    for name in sorted(k for k in r if k.startswith("eval/") and k not in c):
        print(fmt.format(name, pm(r[name]), "-", "-", "-"))
    print("\n# evaluation, pycute ns per L(i) (ratio = pycute / Rust dyn)")
    for name in sorted(k for k in p if k.startswith("eval/")):
        dyn = name.replace("/pycute", "/dyn")
        x = ratio(p[name], r.get(dyn))
        print(fmt.format(name, pm(p[name], 0), "", f"{x:.0f}" if x else "-", ""))
    ops = ["compose1", "compose2", "complement1", "complement2", "logical_divide1",
           "logical_divide2", "logical_product1", "logical_product2", "coalesce1", "coalesce2"]
    print("\n# algebra, ns per operation")
    f2 = "{:<18} {:>14} {:>14} {:>9} {:>14} {:>14} {:>9} {:>9}"
    print(f2.format("case", "Rust mixed", "C++ int", "Rs/C++", "Rust dyn", "pycute", "py/Rdyn",
                    "Rdyn/C++"))
    for op in ops:
        rm, cm = r.get(f"algebra/mixed/{op}"), c.get(f"algebra/mixed/{op}")
        rd, pd = r.get(f"algebra/dyn/{op}"), p.get(f"algebra/dyn/{op}")
        a, b, d = ratio(rm, cm), ratio(pd, rd), ratio(rd, cm)
        print(f2.format(op, pm(rm, 2), pm(cm, 2), f"{a:.2f}" if a else "-", pm(rd, 2),
                        pm(pd, 0), f"{b:.0f}" if b else "-", f"{d:.1f}" if d else "-"))
    print("(C++ logical_product1: A's strides are static, as CuTe's complement refuses runtime"
          " strides in rank > 1, and so are the Rust mixed case's; every other leaf is a runtime"
          " integer)")
    print("\n# kernels, ns per call: Rust vs CuTe C++ (ratio = Rust / C++; the Rust kernels"
          " index slices with bounds checks)")
    print(fmt.format("case", "Rust med±MAD", "C++ med±MAD", "Rust/C++", "min ratio"))
    for name in sorted(set(k for k in r if k.startswith("kernel/")) | set(k for k in c if k.startswith("kernel/"))):
        x, y = ratio(r.get(name), c.get(name)), lowr(r.get(name), c.get(name))
        print(fmt.format(name, pm(r.get(name), 1), pm(c.get(name), 1), f"{x:.2f}" if x else "-",
                         f"{y:.2f}" if y else "-"))

    # ---- the scaling table (ours / theirs unless said)
    print("\n# scaling rows (this run)")
    print("| measure | this run | goal |\n|---|---|---|")
    pyr = [ratio(p.get(f"algebra/dyn/{op}"), r.get(f"algebra/dyn/{op}")) for op in ops]
    print(f"| `DynLayout` algebra vs pycute ({len([x for x in pyr if x])} cases) | "
          f"{span(pyr, '{:.0f}')} faster | ≥ 500× faster |")
    dc = [ratio(r.get(f"algebra/dyn/{op}"), c.get(f"algebra/mixed/{op}")) for op in ops]
    print(f"| `DynLayout` algebra vs C++ with runtime `int`s | {span(dc, '{:.1f}')} slower"
          f" (ours/theirs) | ≤ 5× |")
    ev = [ratio(r.get(f"eval/{l}/{k}/dyn"), c.get(f"eval/{l}/{k}/mixed"))
          for l in ("pow2", "npow2") for k in ("throughput", "latency")]
    print(f"| `DynLayout` evaluation vs C++ dynamic layout | {span(ev, '{:.1f}')} | ≤ 2× |")
    mixed = []
    for label, o in [("composition", ["compose1", "compose2"]),
                     ("complement", ["complement1", "complement2"]),
                     ("logical_divide", ["logical_divide1", "logical_divide2"]),
                     ("logical_product", ["logical_product1", "logical_product2"]),
                     ("coalesce", ["coalesce1", "coalesce2"])]:
        mixed.append(f"{label} {span([ratio(r.get(f'algebra/mixed/{x}'), c.get(f'algebra/mixed/{x}')) for x in o])}")
    print(f"| mixed {' / '.join(mixed)} vs C++ `int` | ≤ 1.0× each |")
    for l, name in [("npow2", "((3,5),7):((1,21),3)"), ("pow2", "((2,4),(4,8)):((1,8),(2,32))")]:
        st = {k: ratio(r.get(f"eval/{l}/{k}/static"), c.get(f"eval/{l}/{k}/static"))
              for k in ("throughput", "latency")}
        lo = {k: lowr(r.get(f"eval/{l}/{k}/static"), c.get(f"eval/{l}/{k}/static"))
              for k in ("throughput", "latency")}
        s = ", ".join(f"{k} {v:.2f}× (fastest samples {lo[k]:.2f}×)" for k, v in st.items()
                      if v and lo[k]) or "n/a"
        print(f"| static evaluation of `{name}` vs C++ with an `unsigned` index | {s} | ≤ 1.0× |")


if __name__ == "__main__":
    main()
