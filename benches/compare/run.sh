#!/usr/bin/env bash
# Side by side: the evaluation, runtime-algebra and kernel cases with cute-layout (criterion),
# CuTe C++ (g++ -O2, an `unsigned` index for evaluation, runtime `int`s for the algebra) and
# pycute, on this machine in one run, with ratios (ours / theirs); then the compile-time
# fixtures (benches/compile_time/run.sh). Not part of `cargo test`.
#
#   benches/compare/run.sh                 # everything (~8 min + ~10 min of compile-time scaling)
#   SKIP_RUST=1 benches/compare/run.sh     # reuse the criterion results of an earlier run
#   SKIP_COMPILE=1 benches/compare/run.sh  # without the compile-time fixtures
#   SCALING_SIZES="25 50" ...              # other sizes for the compile-time scaling ("" skips)
#   CUTE_VENV=/path/to/venv ...            # an existing venv with nvidia-cutlass and pycute
#   CUTE_SITE=/path/to/site ...            # CuTe headers from cutlass_library/ and nvidia/ there
#
# Fairness: loops are aligned to 64 bytes in both languages (g++ -falign-loops=64, rustc
# -C llvm-args=-align-loops=64; identical machine code was measured up to 15 % apart by
# placement alone), so the Rust side builds in its own target dir (target/compare/cargo) and
# leaves other builds alone. The C++ side runs before and after the Rust benches (interleaved)
# and the table takes, per case, the faster of its two medians (the conservative choice for
# the ratios). Both sides consume the result in a register once per timed call.
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
SP=$(echo "$VENV"/lib/python3*/site-packages)
# CUTE_SITE: a directory holding cutlass_library/ and nvidia/ (pip's layout) other than the
# venv's site-packages, e.g. an unpacked copy that the venv imports pycute from via a .pth file.
SITE=${CUTE_SITE:-$SP}
OUT=$ROOT/target/compare
mkdir -p "$OUT"
RUST_TARGET=${COMPARE_TARGET_DIR:-$OUT/cargo}
CRIT=$RUST_TARGET/criterion

echo "# machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores; load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# rustc: $(rustc --version); g++: $(g++ --version | head -1); python: $("$VENV/bin/python" --version)"

# ---- CuTe C++ (built first: it runs before and after the Rust benches)
g++ -std=c++17 -O2 -falign-loops=64 -I"$SITE/cutlass_library/source/include" \
    -I"$SITE/nvidia/cuda_cccl/include" -I"$SITE/nvidia/cuda_runtime/include" \
    -I"$SITE/nvidia/cuda_nvcc/include" -I"$SITE/nvidia/cu13/include" -I"$SITE/nvidia/cu13/include/cccl" \
    "$ROOT/benches/compare/cute_bench.cpp" -o "$OUT/cute_bench"
for f in cute_static_eval_pow2 cute_static_eval_npow2 cute_static_eval_npow2_int; do
    n=$(objdump -d --no-show-raw-insn "$OUT/cute_bench" | awk -v f="<$f>:" '$2 == f {on=1; next} on && NF == 0 {exit} on' | grep -Evc 'ret|nop' || true)
    echo "asm/cxx/$f $n instructions (excluding ret)"
done
echo "# load before C++ run 1: $(cut -d' ' -f1-3 /proc/loadavg)"
"$OUT/cute_bench" >"$OUT/cxx1.txt"

# ---- Rust (criterion), loops aligned as the C++ ones
if [ -z "${SKIP_RUST:-}" ]; then
    echo "# load before Rust: $(cut -d' ' -f1-3 /proc/loadavg)"
    CARGO_TARGET_DIR=$RUST_TARGET RUSTFLAGS="${RUSTFLAGS:-} -C llvm-args=-align-loops=64" \
        cargo bench -p cute-layout-benches --bench eval --bench algebra --bench kernels \
        >"$OUT/cargo-bench.log" 2>&1
fi

echo "# load before C++ run 2: $(cut -d' ' -f1-3 /proc/loadavg)"
"$OUT/cute_bench" >"$OUT/cxx2.txt"

# ---- pycute
"$VENV/bin/python" "$ROOT/benches/compare/pycute_bench.py" >"$OUT/pycute.txt" 2>"$OUT/pycute.err"

# ---- table
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 "$ROOT/benches/compare/table.py" "$CRIT" "$OUT/cxx1.txt,$OUT/cxx2.txt" "$OUT/pycute.txt"

# ---- compile time
if [ -z "${SKIP_COMPILE:-}" ]; then
    echo
    echo "# compile time (seconds, median and MAD of 5)"
    CUTE_VENV=$VENV "$ROOT/benches/compile_time/run.sh" 5
    # The scaling rows (benches/compile_time/scaling, benches/HISTORY.md section 10): N static
    # operations against g++ of the same, and 200 complements of odd shapes (Rust alone: the
    # goal is absolute). SCALING_SIZES="..." to change the sizes ("" skips this part).
    # Whole kernel configurations (the SM80 GEMM setup, FlashAttention-2's forward and backward
    # traits) against g++ -fsyntax-only of the same CuTe C++: benches/compile_time/kernels.
    echo
    echo "# compile time of whole kernel configurations (see benches/compile_time/kernels/run.sh)"
    "$ROOT/benches/compile_time/kernels/run.sh" 3
    echo
    echo "# compile-time scaling (one repeat each; see benches/compile_time/scaling/run.sh)"
    SIZES=${SCALING_SIZES-"0 25 100 200"}
    if [ -n "$SIZES" ]; then
        CUTE_VENV=$VENV "$ROOT/benches/compile_time/scaling/run.sh" 1 "$SIZES" static
        SKIP_CXX=1 CUTE_VENV=$VENV "$ROOT/benches/compile_time/scaling/run.sh" 1 200 odd | tail -n +2
    fi
fi
