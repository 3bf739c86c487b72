#!/usr/bin/env bash
# Compile time of static layout algebra: `cargo check` of the fixture crate
# (benches/compile_time/fixture: 23 small operations and a GEMM tiling, dependencies pre-built,
# only the fixture re-checked) against `g++ -std=c++17 -fsyntax-only` of the C++ equivalent
# (benches/compare/compile_fixture.cpp). Each is also timed on an empty baseline (the same
# imports/includes, no algebra), so the algebra's own cost is the difference.
#
#   benches/compile_time/run.sh [REPEATS]      (default 5; needs the venv of benches/compare/run.sh
#                                               for the CuTe headers, CUTE_VENV to override)
# Output: "name median_s mad_s" lines.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
R=${1:-5}
VENV=${CUTE_VENV:-$ROOT/target/compare-venv}
SP=$VENV/lib/python3.11/site-packages
TD=$ROOT/target/compile-time
# A fresh check of the fixture every time: no incremental cache (it would replay the results).
export CARGO_INCREMENTAL=0
FIX=$ROOT/benches/compile_time/fixture

# The baseline crate: the fixture's manifest, a body with no algebra.
BASE=$TD/baseline
mkdir -p "$BASE/src"
sed 's/^name = .*/name = "cute-layout-compile-baseline"/; s|path = "../../.."|path = "'"$ROOT"'"|' \
    "$FIX/Cargo.toml" > "$BASE/Cargo.toml"
cat > "$BASE/src/lib.rs" <<'RS'
//! Baseline: the fixture's imports, one trivial layout.
use cute_layout::layout;
/// A layout.
pub fn small_ops() -> impl core::fmt::Debug {
    layout!((4, 8):(1, 4))
}
RS

stats() {  # stats NAME: median and median absolute deviation of the numbers on stdin
    python3 -c '
import statistics, sys
s = [float(x) for x in sys.stdin.read().split()]
m = statistics.median(s)
print(sys.argv[1], f"{m:.3f}", f"{statistics.median(abs(x - m) for x in s):.3f}")' "$1"
}
now() { date +%s.%N; }
time_cargo() {  # time_cargo DIR: seconds of a re-check of that crate only
    cargo check --quiet --manifest-path "$1/Cargo.toml" --target-dir "$TD" >/dev/null 2>&1
    for _ in $(seq "$R"); do
        touch "$1/src/lib.rs"
        t0=$(now); cargo check --quiet --manifest-path "$1/Cargo.toml" --target-dir "$TD"; t1=$(now)
        echo "$t1 - $t0" | bc -l
    done
}
time_gxx() {  # time_gxx FILE
    for _ in $(seq "$R"); do
        t0=$(now)
        g++ -std=c++17 -fsyntax-only -I"$SP/cutlass_library/source/include" \
            -I"$SP/nvidia/cuda_cccl/include" -I"$SP/nvidia/cuda_runtime/include" \
            -I"$SP/nvidia/cuda_nvcc/include" "$1"
        t1=$(now)
        echo "$t1 - $t0" | bc -l
    done
}
printf '#include <cute/layout.hpp>\n' > "$TD/baseline.cpp"

time_cargo "$FIX" | stats compile/rust/fixture
time_cargo "$BASE" | stats compile/rust/baseline
if [ -d "$SP/cutlass_library" ]; then
    time_gxx "$ROOT/benches/compare/compile_fixture.cpp" | stats compile/cxx/fixture
    time_gxx "$TD/baseline.cpp" | stats compile/cxx/baseline
else
    echo "# no CuTe headers under $SP: run benches/compare/run.sh first" >&2
fi
