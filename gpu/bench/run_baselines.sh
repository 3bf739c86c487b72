#!/usr/bin/env bash
# On the GPU machine, from the repo root (with .cutlass carried):
#   bash gpu/bench/run_baselines.sh 4096 8192
# Builds, times the tutorial's device compile, runs the baselines; writes to $OUT:
#   baseline_compile.json, baselines.jsonl, env.txt, build.log, run.log
set -euo pipefail
OUT=${OUT:?set OUT to the results folder}
SIZES=("$@"); [ ${#SIZES[@]} -gt 0 ] || SIZES=(4096 8192)
export BUILD=${BUILD:-/tmp/cute-bench-build}
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.limit --format=csv || true
  "${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}" --version; } > "$OUT/env.txt" 2>&1
bash "$(dirname "$0")/build_baselines.sh" > "$OUT/baseline_compile.json" 2> "$OUT/build.log" \
  || { tail -40 "$OUT/build.log"; exit 1; }
cat "$OUT/baseline_compile.json"
rc=0; "$BUILD/baselines" "${SIZES[@]}" > "$OUT/baselines.jsonl" 2> "$OUT/run.log" || rc=$?
cat "$OUT/baselines.jsonl" "$OUT/run.log"
exit $rc
