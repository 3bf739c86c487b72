#!/bin/sh
# Regenerates tests/data/tma/cute_params.txt from CuTe C++ on this machine (no GPU, no libcuda):
# probes/tma/cute_tma_params.cu defines cuTensorMapEncodeTiled and records its arguments.
# Usage: sh probes/tma/run_host.sh   (from the repository root)
set -eu
INC=${CUTLASS_INCLUDE:-/work/cudapip/cutlass_library/source/include}
NVCC_BIN=${NVCC_BIN:-/work/cudapip/nvidia/cu13/bin}
OUT=tests/data/tma/cute_params.txt
BIN=${TMPDIR:-/tmp}/cute_tma_params
CMD="PATH=$NVCC_BIN:\$PATH nvcc -std=c++17 -O0 --expt-relaxed-constexpr -cudart static -I$INC probes/tma/cute_tma_params.cu -o $BIN"
PATH=$NVCC_BIN:$PATH nvcc -std=c++17 -O0 --expt-relaxed-constexpr -cudart static -I"$INC" probes/tma/cute_tma_params.cu -o "$BIN"
VER=$(grep -E '^#define CUTLASS_(MAJOR|MINOR|PATCH)' "$INC/cutlass/version.h" | awk '{print $3}' | paste -sd. -)
{
  echo "# probe: probes/tma/cute_tma_params.cu (CuTe's make_tma_copy; cuTensorMapEncodeTiled recorded, not called)"
  echo "# command: $CMD && $BIN"
  echo "# CUTLASS $VER ($INC)"
  echo "# date: $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "# enums as cuda.h numbers them: dtype 0=UINT8 1=UINT16 2=UINT32 6=FLOAT16 7=FLOAT32; swizzle 0=none 1=32B 2=64B 3=128B;"
  echo "# l2_promotion 2=L2_128B; oob_fill 0=NONE; instructions = size(smem) / Copy_Atom::NumValSrc"
  "$BIN"
} > "$OUT"
echo "wrote $OUT ($(grep -c '^config:' "$OUT") records)"
