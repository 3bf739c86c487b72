#!/usr/bin/env bash
# Compile-time scaling: N generated layout-algebra operations, `cargo check` of the
# Rust fixture (dependencies pre-built, CARGO_INCREMENTAL=0, only the fixture re-checked)
# against `g++ -std=c++17 -fsyntax-only` of the same operations with CuTe (gen.py writes both).
#
#   benches/compile_time/scaling/run.sh [REPEATS] [SIZES] [VARIANTS]
#       REPEATS   default 3 (the median is reported)
#       SIZES     default "0 25 50 100 200 400" (0: the imports/includes alone, a baseline)
#       VARIANTS  default "static mixed" (also: odd, pow2; see gen.py)
#   CUTE_VENV=<venv of benches/compare/run.sh>   the CuTe headers (default target/compare-venv)
#   CUTE_REPO=<checkout>    the cute-layout checked against (default this one), for before/after
#   SKIP_CXX=1              Rust only
# Output, one line per (variant, N): wall and user CPU seconds and peak RSS (MB, /usr/bin/time
# %M, the largest process: rustc or cc1plus) of each compiler, the ratios Rust/C++ (wall and
# user) and the Rust user milliseconds per operation. The machine load before and after goes
# to stderr.
set -euo pipefail
cd "$(dirname "$0")/../../.."
ROOT=$PWD
R=${1:-3}
SIZES=${2:-"0 25 50 100 200 400"}
VARIANTS=${3:-"static mixed"}
REPO=${CUTE_REPO:-$ROOT}
VENV=${CUTE_VENV:-$ROOT/target/compare-venv}
SP=$VENV/lib/python3.11/site-packages
TD=${CARGO_TARGET_DIR:-$ROOT/target}/compile-scaling
GEN=$ROOT/benches/compile_time/scaling/gen.py
export CARGO_INCREMENTAL=0
mkdir -p "$TD"
echo "# load before: $(cat /proc/loadavg)" >&2

med() {  # the median of each column of the lines on stdin
    python3 -c '
import statistics, sys
rows = [[float(x) for x in l.split()] for l in sys.stdin if l.strip()]
print(" ".join(f"{statistics.median(c):.3f}" for c in zip(*rows)))'
}
time_rust() {  # time_rust DIR -> "wall user maxKB" per repeat
    cargo check --quiet --manifest-path "$1/Cargo.toml" --target-dir "$TD/target" >/dev/null 2>&1 || {
        cargo check --manifest-path "$1/Cargo.toml" --target-dir "$TD/target" 2>&1 | grep -m5 -E '^error' >&2
        echo "# $1 does not check" >&2
        return 1
    }
    for _ in $(seq "$R"); do
        touch "$1/src/lib.rs"
        /usr/bin/time -f "%e %U %M" -o "$TD/time.txt" \
            cargo check --quiet --manifest-path "$1/Cargo.toml" --target-dir "$TD/target"
        cat "$TD/time.txt"
    done
}
time_cxx() {  # time_cxx FILE -> "wall user maxKB" per repeat
    for _ in $(seq "$R"); do
        /usr/bin/time -f "%e %U %M" -o "$TD/time.txt" \
            g++ -std=c++17 -fsyntax-only -I"$SP/cutlass_library/source/include" \
            -I"$SP/nvidia/cuda_cccl/include" -I"$SP/nvidia/cuda_runtime/include" \
            -I"$SP/nvidia/cuda_nvcc/include" "$1"
        cat "$TD/time.txt"
    done
}
printf '%-7s %4s | %8s %8s %7s | %8s %8s %7s | %6s %6s | %9s\n' variant N rust_s rust_user rust_MB \
    gxx_s gxx_user gxx_MB r_wall r_user ms/op_user
for v in $VARIANTS; do
    for n in $SIZES; do
        d=$TD/$v-$n
        python3 "$GEN" "$n" "$v" "$d" --repo "$REPO"
        read -r rw ru rm < <(time_rust "$d" | med)
        if [ -z "${SKIP_CXX:-}" ] && [ -d "$SP/cutlass_library" ]; then
            read -r cw cu cm < <(time_cxx "$d/ops.cpp" | med)
        else
            cw=nan cu=nan cm=nan
        fi
        python3 -c '
import sys
v, n, rw, ru, rm, cw, cu, cm = sys.argv[1:]
n = int(n); rw, ru, rm, cw, cu, cm = map(float, (rw, ru, rm, cw, cu, cm))
per = f"{1000 * ru / n:9.1f}" if n else " " * 8 + "-"
print(f"{v:<7} {n:4d} | {rw:8.2f} {ru:8.2f} {rm / 1024:7.0f} | {cw:8.2f} {cu:8.2f} {cm / 1024:7.0f} |"
      f" {rw / cw:6.2f} {ru / cu:6.2f} | {per}")' "$v" "$n" "$rw" "$ru" "$rm" "$cw" "$cu" "$cm"
    done
done
echo "# load after: $(cat /proc/loadavg)" >&2
