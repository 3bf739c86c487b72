#!/bin/sh
# Regenerates tests/data/gmma_desc/cute_descs.txt from CuTe C++ on this machine (no GPU):
# probes/gmma_desc/cute_gmma_desc.cpp calls GMMA::make_gmma_desc<Major> on a sweep of operand
# tiles and prints every descriptor field.
# Usage: sh probes/gmma_desc/run_host.sh   (from the repository root)
set -eu
INC=${CUTLASS_INCLUDE:-/work/cudapip/cutlass_library/source/include}
CUDA_INC=${CUDA_INCLUDE:-/work/cudapip/nvidia/cu13/include}
OUT=tests/data/gmma_desc/cute_descs.txt
BIN=${TMPDIR:-/tmp}/cute_gmma_desc
CMD="g++ -std=c++17 -O0 -I$INC -I$CUDA_INC -I$CUDA_INC/cccl probes/gmma_desc/cute_gmma_desc.cpp -o $BIN"
g++ -std=c++17 -O0 -I"$INC" -I"$CUDA_INC" -I"$CUDA_INC/cccl" probes/gmma_desc/cute_gmma_desc.cpp -o "$BIN"
VER=$(grep -E '^#define CUTLASS_(MAJOR|MINOR|PATCH)' "$INC/cutlass/version.h" | awk '{print $3}' | paste -sd. -)
mkdir -p tests/data/gmma_desc
{
  echo "# probe: probes/gmma_desc/cute_gmma_desc.cpp (CuTe's GMMA::make_gmma_desc<Major>, host only)"
  echo "# command: $CMD && $BIN"
  echo "# CUTLASS $VER ($INC); $(g++ --version | head -1)"
  echo "# date: $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "# start: CuTe's start_address_ with shared memory at address 0 = the 1024 B aligned buffer;"
  echo "# lt: layout_type_ (0 INTERLEAVE, 1 B128, 2 B64, 3 B32); swizzle of every tile: the atom's"
  "$BIN"
} > "$OUT"
echo "wrote $OUT ($(grep -c '^bits=' "$OUT") records)"
