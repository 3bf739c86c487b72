#!/usr/bin/env bash
# Builds and runs the wgmma descriptor start-address probe on the GPU machine, from the
# repository root:  bash probes/gmma_align/run.sh OUT
# Writes OUT/gmma_align.txt (the probe's output, which names the GPU) and OUT/build.log.
set -euo pipefail
OUT=${1:?OUT directory}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
mkdir -p "$OUT"
"$NVCC" -std=c++17 -O2 -gencode=arch=compute_90a,code=sm_90a probes/gmma_align/gmma_align.cu \
  -o /tmp/gmma_align > "$OUT/build.log" 2>&1
/tmp/gmma_align > "$OUT/gmma_align.txt"
grep -c . "$OUT/gmma_align.txt"
