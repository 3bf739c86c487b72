#!/usr/bin/env bash
# Issue 25's measurements in one call of the GPU machine: the cp.async configurations
# (cpasync_configs.txt; BANKS_CP_RANGE, default all), a range of configs.txt (BANKS_LDST_RANGE, default 683-1000000: rounds
# 3 and 4, lane sharing for v2/v4 loads and stores), then -- if BANKS_RERUN=1 and BANKS_BUDGET
# seconds (default 480) are not spent -- rounds 1/2 again (ids 0..682, measured on an H100
# before), and the timing probe (timing.cu). BANKS_ONLY_TIMING=1: the timing probe only.
#
#   probes/banks/run_issue25.sh OUTDIR
#
# OUTDIR receives cpasync.txt, ldst.txt, [rounds12_rerun.txt] (each a banks.txt, see README),
# timing.txt and raw.tgz (every run's log.txt and ncu.csv.gz).
set -u
OUT=${1:?usage: probes/banks/run_issue25.sh OUTDIR}
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE/../.."
mkdir -p "$OUT"
T0=$(date +%s)
BUDGET=${BANKS_BUDGET:-480}
left() { echo $((BUDGET - ($(date +%s) - T0))); }
status=0
dirs=""
if [ "${BANKS_ONLY_TIMING:-0}" != 1 ]; then
BANKS_TIMEOUT=150 probes/banks/run.sh "$OUT/cp" "${BANKS_CP_RANGE:-all}" probes/banks/cpasync_configs.txt || status=1
cp "$OUT/cp/banks.txt" "$OUT/cpasync.txt"
BANKS_TIMEOUT=$(($(left) - 60)) probes/banks/run.sh "$OUT/ldst" "${BANKS_LDST_RANGE:-683-1000000}" || status=1
cp "$OUT/ldst/banks.txt" "$OUT/ldst.txt"
dirs="cp ldst"
if [ "${BANKS_RERUN:-0}" = 1 ] && [ "$(left)" -gt 130 ]; then
  BANKS_TIMEOUT=$(($(left) - 45)) probes/banks/run.sh "$OUT/old" 0-683 || status=1
  cp "$OUT/old/banks.txt" "$OUT/rounds12_rerun.txt"
  dirs="$dirs old"
fi
fi
NVCC=${NVCC:-nvcc}
command -v "$NVCC" >/dev/null 2>&1 || NVCC=/usr/local/cuda/bin/nvcc
BUILD="$NVCC -std=c++17 -O2 -arch=sm_90 -o /tmp/timing probes/banks/timing.cu"
{
  echo "# command: $BUILD && /tmp/timing OUT"
  echo "# gpu: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
  echo "# driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -1)"
  echo "# date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
} >"$OUT/timing.txt"
if $BUILD && timeout 60 /tmp/timing /tmp/timing_body.txt; then
  cat /tmp/timing_body.txt >>"$OUT/timing.txt"
else
  echo "timing failed"; status=1
fi
for d in $dirs; do rm -f "$OUT/$d/banks.txt"; done
[ -n "$dirs" ] && tar czf "$OUT/raw.tgz" -C "$OUT" $dirs
for d in $dirs; do rm -rf "${OUT:?}/$d"; done
echo "issue25: done after $(($(date +%s) - T0)) s, status $status"
exit $status
