"""Prints the side-by-side table: Rust criterion medians (target/criterion/*/new/estimates.json)
against the CuTe C++ and pycute lines ("name median_ns mad_ns"), with ratios.

    python3 table.py TARGET_CRITERION CXX_TXT PYCUTE_TXT
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
            if name.startswith("eval/"):
                med, mad = med / N, mad / N
            out[name] = (med, mad)
    return out


def lines(path):
    out = {}
    with open(path) as f:
        for line in f:
            p = line.split()
            if len(p) == 3:
                out[p[0]] = (float(p[1]), float(p[2]))
    return out


def main():
    r, c, p = rust(sys.argv[1]), lines(sys.argv[2]), lines(sys.argv[3])
    fmt = "{:<42} {:>16} {:>16} {:>10}"
    print("\n# evaluation, ns per L(i): Rust vs CuTe C++ (ratio = C++ / Rust; > 1 means Rust faster)")
    print(fmt.format("case", "Rust med±MAD", "C++ med±MAD", "C++/Rust"))
    for name in sorted(k for k in c if k.startswith("eval/")):
        if name in r:
            print(fmt.format(name, f"{r[name][0]:.3f}±{r[name][1]:.3f}",
                             f"{c[name][0]:.3f}±{c[name][1]:.3f}", f"{c[name][0] / r[name][0]:.2f}"))
    for name in sorted(k for k in r if k.startswith("eval/") and k not in c):
        print(fmt.format(name, f"{r[name][0]:.3f}±{r[name][1]:.3f}", "-", "-"))
    print("\n# evaluation, pycute ns per L(i) (ratio = pycute / Rust dyn)")
    for name in sorted(k for k in p if k.startswith("eval/")):
        dyn = name.replace("/pycute", "/dyn")
        ratio = f"{p[name][0] / r[dyn][0]:.0f}" if dyn in r else "-"
        print(fmt.format(name, f"{p[name][0]:.0f}±{p[name][1]:.0f}", "", ratio))
    print("\n# algebra, ns per operation")
    fmt = "{:<18} {:>14} {:>14} {:>9} {:>14} {:>14} {:>9} {:>9}"
    print(fmt.format("case", "Rust mixed", "C++ int", "C++/Rs", "Rust dyn", "pycute", "py/Rdyn",
                     "Rdyn/C++"))
    for op in ["compose1", "compose2", "complement1", "complement2", "logical_divide1",
               "logical_divide2"]:
        rm, cm = r.get(f"algebra/mixed/{op}"), c.get(f"algebra/mixed/{op}")
        rd, pd = r.get(f"algebra/dyn/{op}"), p.get(f"algebra/dyn/{op}")
        f = lambda v: f"{v[0]:.2f}±{v[1]:.2f}" if v else "-"
        print(fmt.format(op, f(rm), f(cm), f"{cm[0] / rm[0]:.2f}" if rm and cm else "-",
                         f(rd), f"{pd[0]:.0f}±{pd[1]:.0f}" if pd else "-",
                         f"{pd[0] / rd[0]:.0f}" if pd and rd else "-",
                         f"{rd[0] / cm[0]:.1f}" if rd and cm else "-"))
    print("\n# kernels, ns per call (Rust only)")
    for name in sorted(k for k in r if k.startswith("kernel/")):
        print(f"{name:<42} {r[name][0]:>12.1f}±{r[name][1]:.1f}")


if __name__ == "__main__":
    main()
