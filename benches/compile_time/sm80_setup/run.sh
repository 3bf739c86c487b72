#!/usr/bin/env bash
# Compile time of the SM80 GEMM setup: `cargo check` of examples/sm80_gemm_setup.rs (the crate
# itself already checked; only the example re-checked, no incremental cache) against
# `g++ -std=c++17 -fsyntax-only` of sm80_setup.cpp (the same configuration in CuTe C++, with
# the same static_asserts). Wall time and max RSS from /usr/bin/time -v, REPEATS runs each,
# medians; writes a table to stdout (and $TD/sm80_setup.txt).
#
#   benches/compile_time/sm80_setup/run.sh [REPEATS]     (default 5)
# CUTE_INCLUDE: the CuTe headers; CUDA_PY: pip --target of nvidia-cuda-runtime/cccl/nvcc-cu12 12.9.
set -euo pipefail
cd "$(dirname "$0")/../../.."
ROOT=$PWD
R=${1:-5}
CUTE_INCLUDE=${CUTE_INCLUDE:-/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/cutlass_library/source/include}
CUDA_PY=${CUDA_PY:-/work/cuda/py}
TD=${CARGO_TARGET_DIR:-$ROOT/target}
export CARGO_INCREMENTAL=0
EX=$ROOT/examples/sm80_gemm_setup.rs
CPP=$ROOT/benches/compile_time/sm80_setup/sm80_setup.cpp

. "$ROOT/benches/compile_time/measure.sh"

cargo check --quiet --example sm80_gemm_setup  # the crate and dependencies, once
rust_t=(); rust_m=(); cxx_t=(); cxx_m=()
for _ in $(seq "$R"); do
    touch "$EX"
    read -r t m < <(measure cargo check --quiet --example sm80_gemm_setup)
    rust_t+=("$t"); rust_m+=("$m")
    read -r t m < <(measure g++ -std=c++17 -fsyntax-only -I"$CUTE_INCLUDE" \
        -I"$CUDA_PY/nvidia/cuda_cccl/include" -I"$CUDA_PY/nvidia/cuda_runtime/include" \
        -I"$CUDA_PY/nvidia/cuda_nvcc/include" "$CPP")
    cxx_t+=("$t"); cxx_m+=("$m")
done
{
    echo "# sm80_setup compile time, median of $R runs; $(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "# rustc: $(rustc --version); g++: $(g++ --version | head -1)"
    printf '%-52s %10s %14s\n' "what" "wall_s" "max_rss_MiB"
    printf '%-52s %10.2f %14.0f\n' "cargo check --example sm80_gemm_setup" "$(median "${rust_t[@]}")" "$(echo "$(median "${rust_m[@]}") / 1024" | bc -l)"
    printf '%-52s %10.2f %14.0f\n' "g++ -std=c++17 -fsyntax-only sm80_setup.cpp" "$(median "${cxx_t[@]}")" "$(echo "$(median "${cxx_m[@]}") / 1024" | bc -l)"
    echo "# all runs (s): rust ${rust_t[*]}; g++ ${cxx_t[*]}"
} | tee "$TD/sm80_setup.txt"
