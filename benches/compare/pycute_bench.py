"""pycute side of benches/compare: the evaluation and runtime-algebra cases of the Rust
criterion benches, timed with timeit.

Output: one line per case, "name median_ns mad_ns" (nanoseconds per evaluation/operation).
"""
import statistics
import sys
import timeit

from pycute import (Layout, coalesce, complement, composition, logical_divide,
                    logical_product)

SAMPLES = 30


def bench(name, fn, per_call=1):
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()  # ~0.2 s per sample
    number = max(1, number // 4)
    s = [t / number / per_call * 1e9 for t in timer.repeat(repeat=SAMPLES, number=number)]
    med = statistics.median(s)
    mad = statistics.median(abs(x - med) for x in s)
    print(f"{name} {med:.4f} {mad:.4f}", flush=True)


def main():
    n = 64  # evaluations per call (pycute is slow; the per-evaluation figure is what counts)
    pow2 = Layout(((2, 4), (4, 8)), ((1, 8), (2, 32)))
    npow2 = Layout(((3, 5), 7), ((1, 21), 3))
    for name, lay, size in (("pow2", pow2, 256), ("npow2", npow2, 105)):
        idx = [(k * 7919 + 13) % size for k in range(n)]

        def thr(lay=lay, idx=idx):
            acc = 0
            for i in idx:
                acc += lay(i)
            return acc

        def lat(lay=lay):
            i = 1
            for _ in range(n):
                i = lay(i)
            return i

        bench(f"eval/{name}/throughput/pycute", thr, n)
        bench(f"eval/{name}/latency/pycute", lat, n)

    a = Layout((4, 8), (1, 4))
    b1, b2 = Layout((2, 4), (4, 1)), Layout((4, 2), (1, 8))
    c1, c2 = Layout(4, 2), Layout(6, 4)
    d1, t1 = Layout(24, 1), Layout(4, 2)
    t2 = (Layout(2, 1), Layout(4, 1))
    p1, q1 = Layout((2, 2), (4, 1)), Layout(6, 1)
    p2, q2 = Layout(4, 1), Layout((2, 3), (1, 4))
    e1, e2 = Layout((2, (1, 6)), (1, (6, 2))), Layout((4, 2, 3), (1, 4, 16))
    print(
        "pycute results:",
        composition(a, b1), composition(a, b2), complement(c1, 24), complement(c2, 24),
        logical_divide(d1, t1), logical_divide(a, t2),
        logical_product(p1, q1), logical_product(p2, q2), coalesce(e1), coalesce(e2),
        file=sys.stderr,
    )
    bench("algebra/dyn/compose1", lambda: composition(a, b1))
    bench("algebra/dyn/compose2", lambda: composition(a, b2))
    bench("algebra/dyn/complement1", lambda: complement(c1, 24))
    bench("algebra/dyn/complement2", lambda: complement(c2, 24))
    bench("algebra/dyn/logical_divide1", lambda: logical_divide(d1, t1))
    bench("algebra/dyn/logical_divide2", lambda: logical_divide(a, t2))
    bench("algebra/dyn/logical_product1", lambda: logical_product(p1, q1))
    bench("algebra/dyn/logical_product2", lambda: logical_product(p2, q2))
    bench("algebra/dyn/coalesce1", lambda: coalesce(e1))
    bench("algebra/dyn/coalesce2", lambda: coalesce(e2))


if __name__ == "__main__":
    main()
