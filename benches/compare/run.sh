#!/usr/bin/env bash
# Side by side: the evaluation and runtime-algebra cases with cute-layout (criterion), CuTe C++
# (g++ -O2, runtime `int`s) and pycute, on this machine in one run, with ratios; then the
# compile-time fixtures (benches/compile_time/run.sh). Not part of `cargo test`.
#
#   benches/compare/run.sh            # everything (~5 min after the one-time venv install)
#   SKIP_RUST=1 benches/compare/run.sh  # reuse target/criterion from an earlier `cargo bench`
#
# The venv (CuTe headers and pycute from PyPI, ~1 GB) goes to target/compare-venv.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
VENV=${CUTE_VENV:-$ROOT/target/compare-venv}
PY=${PYTHON:-python3.11}
if [ ! -x "$VENV/bin/python" ]; then
    "$PY" -m venv "$VENV"
fi
if ! "$VENV/bin/python" -c 'import pycute' 2>/dev/null; then
    "$VENV/bin/pip" install -q nvidia-cutlass==4.2.0.0 'nvidia-cuda-runtime-cu12==12.9.*' \
        'nvidia-cuda-cccl-cu12==12.9.*' 'nvidia-cuda-nvcc-cu12==12.9.*'
fi
SP=$VENV/lib/python3.11/site-packages
OUT=$ROOT/target/compare
mkdir -p "$OUT"

echo "# machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores; load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# rustc: $(rustc --version); g++: $(g++ --version | head -1); python: $("$VENV/bin/python" --version)"

# ---- Rust (criterion)
if [ -z "${SKIP_RUST:-}" ]; then
    cargo bench -p cute-layout-benches --bench eval --bench algebra >"$OUT/cargo-bench.log" 2>&1
fi

# ---- CuTe C++
g++ -std=c++17 -O2 -I"$SP/cutlass_library/source/include" -I"$SP/nvidia/cuda_cccl/include" \
    -I"$SP/nvidia/cuda_runtime/include" -I"$SP/nvidia/cuda_nvcc/include" \
    "$ROOT/benches/compare/cute_bench.cpp" -o "$OUT/cute_bench"
"$OUT/cute_bench" >"$OUT/cxx.txt"
for f in cute_static_eval_pow2 cute_static_eval_npow2; do
    n=$(objdump -d --no-show-raw-insn "$OUT/cute_bench" | awk -v f="<$f>:" '$2 == f {on=1; next} on && NF == 0 {exit} on' | grep -Evc 'ret|nop' || true)
    echo "asm/cxx/$f $n instructions (excluding ret)"
done

# ---- pycute
"$VENV/bin/python" "$ROOT/benches/compare/pycute_bench.py" >"$OUT/pycute.txt" 2>"$OUT/pycute.err"

# ---- table
python3 "$ROOT/benches/compare/table.py" "$ROOT/target/criterion" "$OUT/cxx.txt" "$OUT/pycute.txt"

# ---- compile time
echo
echo "# compile time (seconds, median and MAD of 5)"
CUTE_VENV=$VENV "$ROOT/benches/compile_time/run.sh" 5
