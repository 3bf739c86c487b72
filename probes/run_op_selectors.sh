#!/bin/sh
# Regenerates tests/data/atoms_cute/op_selectors.txt (CuTe C++'s ss_op_selector / rs_op_selector
# choices, host only) and tests/data/atoms_cute/op_selectors.rs (the compile-time assertions
# tests/gmma_op_selector.rs includes).
# Usage: sh probes/run_op_selectors.sh   (from the repository root)
set -eu
INC=${CUTLASS_INCLUDE:-/work/cudapip/cutlass_library/source/include}
CUDA_INC=${CUDA_INCLUDE:-/work/cudapip/nvidia/cu13/include}
BIN=${TMPDIR:-/tmp}/cute_op_selectors
OUT=tests/data/atoms_cute/op_selectors.txt
CMD="g++ -std=c++17 -O0 -I$INC -I$CUDA_INC -I$CUDA_INC/cccl probes/cute_op_selectors.cpp -o $BIN"
g++ -std=c++17 -O0 -I"$INC" -I"$CUDA_INC" -I"$CUDA_INC/cccl" probes/cute_op_selectors.cpp -o "$BIN"
{
  echo "# command: $CMD && $BIN"
  echo "# $(g++ --version | head -1); date: $(date -u +%Y-%m-%dT%H:%MZ)"
  "$BIN"
} > "$OUT"
python3 tests/data/atoms_cute/gen_op_selectors.py > tests/data/atoms_cute/op_selectors.rs
echo "wrote $OUT ($(grep -c '|' "$OUT") lines) and tests/data/atoms_cute/op_selectors.rs"
