#!/usr/bin/env bash
# Build gpu/bench/baselines.cu into $BUILD/baselines, then time the CuTe tutorial's
# device compile (nvcc --cubin of sgemm_sm80.cu, 3 runs) and print it as one JSON line.
#   CUTLASS_DIR  staged CUTLASS (default <repo>/.cutlass, see stage_cutlass.sh)
#   BUILD        output folder (default /tmp/cute-bench-build)
#   NVCC         nvcc to use (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc)
#   EXTRA_NVCC   extra compile flags for both (e.g. -I for a local cuBLAS header dir)
#   EXTRA_LDFLAGS extra link flags for baselines only (e.g. -L for a local cuBLAS)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CUTLASS_DIR=${CUTLASS_DIR:-$ROOT/.cutlass}
BUILD=${BUILD:-/tmp/cute-bench-build}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
EXTRA_NVCC=${EXTRA_NVCC:-}
EXTRA_LDFLAGS=${EXTRA_LDFLAGS:-}
TUTORIAL=$CUTLASS_DIR/examples/cute/tutorial/sgemm_sm80.cu
[ -f "$TUTORIAL" ] || { echo "no $TUTORIAL: run gpu/bench/stage_cutlass.sh and carry .cutlass" >&2; exit 1; }
mkdir -p "$BUILD"
INC="-I$CUTLASS_DIR/include -I$CUTLASS_DIR/tools/util/include -I$CUTLASS_DIR"

"$NVCC" --version >&2
set -x
"$NVCC" -std=c++17 -O3 -arch=sm_90 $INC $EXTRA_NVCC "$ROOT/gpu/bench/baselines.cu" -lcublas $EXTRA_LDFLAGS -o "$BUILD/baselines" >&2
set +x

CMD="$NVCC -std=c++17 -O3 -arch=sm_90 --cubin $INC $EXTRA_NVCC -o $BUILD/sgemm_sm80.cubin $TUTORIAL"
RUNS=()
for i in 1 2 3; do
  t0=$(date +%s%N); $CMD >&2; t1=$(date +%s%N)
  RUNS+=( $(( (t1 - t0) / 1000000 )) )
done
MED=$(printf '%s\n' "${RUNS[@]}" | sort -n | sed -n 2p)
printf '{"baseline_compile_ms": %s, "runs": [%s], "command": "%s"}\n' \
  "$MED" "$(IFS=,; echo "${RUNS[*]}")" "$CMD"
