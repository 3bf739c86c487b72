#!/usr/bin/env bash
# Issue 25's measurement in one call of the GPU machine: the cp.async configurations
# (cpasync_configs.txt), round 3 of configs.txt (ids 683..: lane sharing for v2/v4 loads and
# stores), then -- if BANKS_BUDGET seconds (default 480) are not spent -- rounds 1/2 again
# (ids 0..682, measured on an H100 before: on another GPU this shows whether it behaves alike).
#
#   probes/banks/run_round3.sh OUTDIR
#
# OUTDIR receives cpasync.txt, round3.txt, [rounds12_rerun.txt] (each a banks.txt, see README)
# and raw.tgz (every run's log.txt and ncu.csv.gz).
set -u
OUT=${1:?usage: probes/banks/run_round3.sh OUTDIR}
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE/../.."
mkdir -p "$OUT"
T0=$(date +%s)
BUDGET=${BANKS_BUDGET:-480}
left() { echo $((BUDGET - ($(date +%s) - T0))); }
status=0
BANKS_TIMEOUT=150 probes/banks/run.sh "$OUT/cp" all probes/banks/cpasync_configs.txt || status=1
cp "$OUT/cp/banks.txt" "$OUT/cpasync.txt"
BANKS_TIMEOUT=$(($(left) - 20)) probes/banks/run.sh "$OUT/r3" 683-1000000 || status=1
cp "$OUT/r3/banks.txt" "$OUT/round3.txt"
dirs="cp r3"
if [ "$(left)" -gt 100 ]; then
  BANKS_TIMEOUT=$(($(left) - 15)) probes/banks/run.sh "$OUT/old" 0-683 || status=1
  cp "$OUT/old/banks.txt" "$OUT/rounds12_rerun.txt"
  dirs="$dirs old"
else
  echo "round3: no time left for the rounds 1/2 re-run ($(left) s)"
fi
for d in $dirs; do rm -f "$OUT/$d/banks.txt"; done
tar czf "$OUT/raw.tgz" -C "$OUT" $dirs
for d in $dirs; do rm -rf "${OUT:?}/$d"; done
echo "round3: done after $(($(date +%s) - T0)) s, status $status"
exit $status
