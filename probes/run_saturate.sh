#!/usr/bin/env bash
# The 8-bit integer wgmma at the ends of the s32 range (probes/gmma_saturate.cu), on the GPU
# machine, from the repository root:
#   bash probes/run_saturate.sh OUTDIR     -> OUTDIR/gmma_saturate.txt (tests/data/gmma_saturate/)
set -euo pipefail
OUT=${1:?usage: probes/run_saturate.sh OUTDIR}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
W=$(mktemp -d)
"$NVCC" -std=c++17 -O2 -gencode=arch=compute_90a,code=sm_90a -o "$W/gmma_saturate" probes/gmma_saturate.cu
mkdir -p "$OUT"
{ echo "# command: bash probes/run_saturate.sh OUTDIR (commit $(git rev-parse HEAD 2>/dev/null || echo unknown))"
  echo "# nvcc: $("$NVCC" --version | grep -i release | head -1)"
  "$W/gmma_saturate"; } > "$OUT/gmma_saturate.txt"
