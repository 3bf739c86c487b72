#!/usr/bin/env bash
# Compile time of whole kernel configurations: `cargo check --bin NAME` of this crate (the
# cute-layout library already checked; only the configuration re-checked, no incremental cache)
# against `g++ -std=c++17 -fsyntax-only` of the same configuration in CuTe C++, alternating
# (Rust, C++, Rust, C++, ...) so that drift in the machine's load hits both. Wall time and max
# RSS from /usr/bin/time -v; medians of REPEATS runs and the median of the per-pair ratios.
#
#   benches/compile_time/kernels/run.sh [REPEATS] [NAME ...]   (default 3; sm80_setup fa2)
#
#   sm80_setup  examples/sm80_gemm_setup.rs       vs ../sm80_setup/sm80_setup.cpp
#   fa2         src/fa2.rs (FlashAttention-2 fwd+bwd kernel traits) vs cpp/fa2.cpp
# CUTE_INCLUDE: the CuTe headers; CUDA_INC: the CUDA include folders as -I flags (defaults: the
# CUDA 13 / nvidia-cutlass 4.2 wheels under /work/cudapip, as tests/data/tiled/gen.sh notes).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
R=${1:-3}
shift || true
NAMES=("$@")
[ ${#NAMES[@]} -gt 0 ] || NAMES=(sm80_setup fa2)
CUTE_INCLUDE=${CUTE_INCLUDE:-/work/cudapip/cutlass_library/source/include}
CUDA_INC=${CUDA_INC:-"-I/work/cudapip/nvidia/cu13/include -I/work/cudapip/nvidia/cu13/include/cccl"}
TD=${CARGO_TARGET_DIR:-$ROOT/target}/compile-kernels
export CARGO_INCREMENTAL=0
MAN=$HERE/Cargo.toml

rs_src() { case $1 in sm80_setup) echo "$ROOT/examples/sm80_gemm_setup.rs" ;; *) echo "$HERE/src/$1.rs" ;; esac; }
cpp_src() { case $1 in sm80_setup) echo "$ROOT/benches/compile_time/sm80_setup/sm80_setup.cpp" ;; *) echo "$HERE/cpp/$1.cpp" ;; esac; }

. "$HERE/../measure.sh"

echo "# whole kernel configurations: cargo check --bin NAME vs g++ -std=c++17 -fsyntax-only, median of $R alternating pairs"
echo "# $(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg); $(rustc --version); $(g++ --version | head -1)"
printf '%-12s %10s %10s %8s %12s %12s\n' config rust_s cxx_s ratio rust_MiB cxx_MiB
for n in "${NAMES[@]}"; do
    cargo check --quiet --manifest-path "$MAN" --target-dir "$TD" --bin "$n"  # dependencies, once
    rt=(); rm_=(); ct=(); cm=(); ratio=()
    for _ in $(seq "$R"); do
        touch "$(rs_src "$n")"
        read -r t m < <(measure cargo check --quiet --manifest-path "$MAN" --target-dir "$TD" --bin "$n")
        rt+=("$t"); rm_+=("$m")
        # shellcheck disable=SC2086
        read -r t2 m2 < <(measure g++ -std=c++17 -fsyntax-only -w -I"$CUTE_INCLUDE" $CUDA_INC "$(cpp_src "$n")")
        ct+=("$t2"); cm+=("$m2"); ratio+=("$(echo "$t / $t2" | bc -l)")
    done
    printf '%-12s %10.2f %10.2f %8.2f %12.0f %12.0f\n' "$n" "$(median "${rt[@]}")" "$(median "${ct[@]}")" \
        "$(median "${ratio[@]}")" "$(echo "$(median "${rm_[@]}") / 1024" | bc -l)" "$(echo "$(median "${cm[@]}") / 1024" | bc -l)"
    echo "#   runs (s): rust ${rt[*]}; g++ ${ct[*]}"
done
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
