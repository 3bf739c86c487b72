#!/usr/bin/env bash
# The headers the Hopper baseline needs, alone: from a staged <repo>/.cutlass
# (stage_cutlass.sh), copy into <repo>/.cutlass_sm90/ (git-ignored, 7 MB instead of 28 MB, so
# that it travels to the GPU machine beside the repository) exactly the files `nvcc -M` lists
# for gpu/bench/baselines.cu around hopper/wgmma_tma_sm90.cu. Needs an nvcc (the pip one
# works: PATH=/work/cudapip/nvidia/cu13/bin:$PATH) and a cublas_v2.h on the include path
# (EXTRA_NVCC=-I...; a declaration-only stub will do, only the include list is computed).
set -euo pipefail
ROOT=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
cd "$ROOT"
C=.cutlass
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
"$NVCC" -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I$C/include -I$C/tools/util/include -I$C \
  ${EXTRA_NVCC:-} -DCUTE_TUTORIAL='"examples/cute/tutorial/hopper/wgmma_tma_sm90.cu"' \
  -DCUTE_TUTORIAL_NAME='"cute_tutorial_sm90"' -M gpu/bench/baselines.cu -o /tmp/cute_sm90_deps.txt
rm -rf .cutlass_sm90
tr ' \\' '\n\n' < /tmp/cute_sm90_deps.txt | grep "^$C/" | sort -u | while read -r f; do
  mkdir -p ".cutlass_sm90/$(dirname "${f#$C/}")"; cp "$f" ".cutlass_sm90/${f#$C/}"
done
EXCL="$(git rev-parse --git-path info/exclude)"
grep -qxF '/.cutlass_sm90/' "$EXCL" 2>/dev/null || echo '/.cutlass_sm90/' >> "$EXCL"
echo "staged $(du -sh .cutlass_sm90 | cut -f1) into $ROOT/.cutlass_sm90"
