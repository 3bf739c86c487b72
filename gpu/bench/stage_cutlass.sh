#!/usr/bin/env bash
# Copy the CUTLASS/CuTe headers and the CuTe tutorials sgemm_sm80 and hopper/wgmma_tma_sm90
# (from the local nvidia-cutlass wheel) into <repo>/.cutlass/, which git ignores
# (.git/info/exclude).
# Never commit .cutlass/: it is NVIDIA's code. Carry it to the GPU machine instead.
set -euo pipefail
SRC=${CUTLASS_SRC:-/work/cudapip/cutlass_library/source}
ROOT=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
DST="$ROOT/.cutlass"
rm -rf "$DST"
mkdir -p "$DST/tools/util" "$DST/examples/cute/tutorial/hopper"
cp -r "$SRC/include" "$DST/include"
cp -r "$SRC/tools/util/include" "$DST/tools/util/include"
cp "$SRC/examples/cute/tutorial/sgemm_sm80.cu" "$DST/examples/cute/tutorial/"
cp "$SRC/examples/cute/tutorial/hopper/wgmma_tma_sm90.cu" "$DST/examples/cute/tutorial/hopper/"
EXCL="$(git -C "$ROOT" rev-parse --git-path info/exclude)"
case "$EXCL" in /*) ;; *) EXCL="$ROOT/$EXCL" ;; esac
mkdir -p "$(dirname "$EXCL")"
grep -qxF '/.cutlass/' "$EXCL" 2>/dev/null || echo '/.cutlass/' >> "$EXCL"
echo "staged $(du -sh "$DST" | cut -f1) into $DST"
