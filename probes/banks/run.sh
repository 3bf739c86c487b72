#!/usr/bin/env bash
# Shared-memory bank-conflict probe: builds banks.cu, checks its SASS, profiles one
# launch per configuration of configs.txt under ncu and writes OUTDIR/banks.txt.
#
#   probes/banks/run.sh OUTDIR [all | K/N | FIRST-END] [CONFIGS]
#
# K/N: run only the K-th of N equal slices of the configurations (e.g. 1/2 then 2/2, each into
# its own OUTDIR; join them with `python3 probes/banks/parse.py merge A/banks.txt B/banks.txt`);
# FIRST-END: ids FIRST <= id < END. CONFIGS: probes/banks/configs.txt (default) or
# probes/banks/cpasync_configs.txt (cp.async; its metrics are added).
# OUTDIR receives banks.txt, log.txt and ncu.csv.gz (ncu's raw CSV).
# Environment: NVCC (default nvcc on PATH, else /usr/local/cuda/bin/nvcc), NCU (default ncu on
# PATH, else /opt/nvidia/nsight-compute/*/ncu, /usr/local/cuda/bin/ncu), BANKS_TIMEOUT (seconds
# for the profiled run, default 420), BANKS_EXTRA_METRICS=0 (only the four metrics of the issue).
# Exit status 0 only when the build, the SASS check and every configuration's measurement worked.
set -u
OUT=${1:?usage: probes/banks/run.sh OUTDIR [all|K/N|FIRST-END] [CONFIGS]}
CHUNK=${2:-all}
CONFIGS=${3:-probes/banks/configs.txt}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
T0=$(date +%s)
NVCC=${NVCC:-nvcc}
if ! command -v "$NVCC" >/dev/null 2>&1 && [ -x /usr/local/cuda/bin/nvcc ]; then
  NVCC=/usr/local/cuda/bin/nvcc
fi
NCU=${NCU:-ncu}
if ! command -v "$NCU" >/dev/null 2>&1; then
  for c in /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu /usr/local/cuda/nsight-compute*/ncu; do
    [ -x "$c" ] && NCU=$c
  done
fi
CUOBJDUMP=$(dirname "$(command -v "$NVCC")")/cuobjdump
[ -x "$CUOBJDUMP" ] || CUOBJDUMP=cuobjdump
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
WORK=$(mktemp -d)
LOG=$OUT/log.txt
: >"$LOG"
say() { echo "$@" | tee -a "$LOG"; }
status=0
cd "$ROOT"

# ---- header ---------------------------------------------------------------------------------
{
  echo "probe: probes/banks/banks.cu (one warp, one shared-memory instruction per launch)"
  echo "command: probes/banks/run.sh $1 $CHUNK $CONFIGS"
  if command -v nvidia-smi >/dev/null 2>&1; then
    echo "gpu: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
    echo "driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -1)"
  else
    echo "gpu: (nvidia-smi not found)"
    echo "driver: (nvidia-smi not found)"
  fi
  echo "nvcc: $("$NVCC" --version 2>&1 | grep -i release | head -1)"
  echo "ncu: $("$NCU" --version 2>&1 | tail -1) ($NCU)"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  if git -C "$ROOT" rev-parse HEAD >/dev/null 2>&1; then
    echo "probes commit: $(git -C "$ROOT" rev-parse HEAD)$(git -C "$ROOT" diff --quiet HEAD -- probes/banks 2>/dev/null || echo ' (probes/banks modified)')"
  fi
} >"$WORK/header.txt"
tee -a "$LOG" <"$WORK/header.txt"

# ---- configurations -------------------------------------------------------------------------
python3 probes/banks/gen_configs.py --check 2>&1 | tee -a "$LOG"
[ "${PIPESTATUS[0]}" = 0 ] || status=1
TOTAL=$(grep -vc '^#' "$CONFIGS")
if [ "$CHUNK" = all ]; then
  FIRST=0
  END=$TOTAL
elif [[ "$CHUNK" == *-* ]]; then
  FIRST=${CHUNK%-*}
  END=${CHUNK#*-}
  [ "$END" -gt "$TOTAL" ] && END=$TOTAL
else
  K=${CHUNK%/*}
  N=${CHUNK#*/}
  FIRST=$(( (K - 1) * TOTAL / N ))
  END=$(( K * TOTAL / N ))
fi
say "configurations: $TOTAL in $CONFIGS; this run: ids $FIRST..$((END - 1)) (chunk $CHUNK)"
echo "configurations: ids $FIRST..$((END - 1)) of $TOTAL (chunk $CHUNK)" >>"$WORK/header.txt"

# ---- build and SASS check -------------------------------------------------------------------
BUILD="$NVCC -std=c++17 -O2 -arch=sm_90 -o $WORK/banks probes/banks/banks.cu"
say "build: ${BUILD//$WORK/BUILD}"
echo "build: ${BUILD//$WORK/BUILD}" >>"$WORK/header.txt"
if ! $BUILD >>"$LOG" 2>&1; then
  say "BUILD FAILED"
  exit 1
fi
say "build: done after $(( $(date +%s) - T0 )) s"
if "$CUOBJDUMP" -sass "$WORK/banks" >"$WORK/sass.txt" 2>>"$LOG"; then
  python3 probes/banks/parse.py sass "$WORK/sass.txt" >"$WORK/sass_check.txt"
  src=$?
  tee -a "$LOG" <"$WORK/sass_check.txt"
  [ $src = 0 ] || status=1
  echo "sass check ($CUOBJDUMP -sass): $(tail -1 "$WORK/sass_check.txt")" >>"$WORK/header.txt"
  grep '^SASS ok\|^SASS FAIL' "$WORK/sass_check.txt" | sed 's/^/sass: /' >>"$WORK/header.txt"
else
  say "SASS check: cuobjdump failed ($CUOBJDUMP)"
  status=1
fi

# ---- metrics --------------------------------------------------------------------------------
METRICS="l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"
case "$CONFIGS" in
  *cpasync*) METRICS="l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum" ;;
esac
if [ "${BANKS_EXTRA_METRICS:-1}" = 1 ]; then
  # optional extras, only those this ncu/GPU knows (an unknown metric would abort ncu)
  "$NCU" --query-metrics >"$WORK/query.txt" 2>&1
  grep -E '^l1tex__data_(pipe_lsu_wavefronts|bank_conflicts_pipe_lsu)_mem_shared|ldgsts' "$WORK/query.txt" \
    | cut -c1-100 | sed 's/^/ncu knows: /' >>"$LOG"
  # cp.async: the LDGSTS pair (Hopper's ncu knows only its conflicts), the totals and the
  # read/write/misc split, and (below) no ld/st conflicts: few metrics, one pass (with more
  # passes ncu would save and restore the 1 GB source buffer around every replay)
  case "$CONFIGS" in
    *cpasync*) EXTRA="l1tex__data_pipe_lsu_wavefronts_mem_shared l1tex__data_bank_conflicts_pipe_lsu_mem_shared
                      l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ldgsts
                      l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts
                      l1tex__data_pipe_lsu_wavefronts_mem_shared_cmd_read
                      l1tex__data_pipe_lsu_wavefronts_mem_shared_cmd_write
                      l1tex__data_pipe_lsu_wavefronts_mem_shared_op_misc" ;;
    *) EXTRA="l1tex__data_pipe_lsu_wavefronts_mem_shared l1tex__data_bank_conflicts_pipe_lsu_mem_shared
              l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ldsm l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldsm
              l1tex__data_pipe_lsu_wavefronts_mem_shared_op_stsm l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_stsm
              smsp__inst_executed_op_shared_ld smsp__inst_executed_op_shared_st
              smsp__inst_executed_op_ldsm smsp__inst_executed_op_stsm" ;;
  esac
  for m in $EXTRA; do
    if grep -qE "^$m( |$)" "$WORK/query.txt"; then METRICS="$METRICS,$m.sum"; fi
  done
fi
say "metrics: $METRICS"
OPTS="--csv --metrics $METRICS -k regex:^banks_ --cache-control none --clock-control none"
HELP=$("$NCU" --help 2>&1)
grep -q -- '--print-units' <<<"$HELP" && OPTS="$OPTS --print-units base"
grep -q -- '--print-metric-name' <<<"$HELP" && OPTS="$OPTS --print-metric-name name"
RUN="$NCU $OPTS --log-file $WORK/ncu.csv $WORK/banks $CONFIGS $FIRST $END $WORK/manifest.txt"
say "run: ${RUN//$WORK/BUILD}"
echo "run: ${RUN//$WORK/BUILD}" >>"$WORK/header.txt"

# ---- profile --------------------------------------------------------------------------------
t1=$(date +%s)
timeout "${BANKS_TIMEOUT:-420}" $RUN >>"$LOG" 2>&1
rc=$?
dt=$(( $(date +%s) - t1 ))
n=$((END - FIRST))
say "ncu: exit $rc after $dt s for $n launches ($(awk "BEGIN{printf \"%.2f\", $dt/($n>0?$n:1)}") s per launch)"
[ $rc = 0 ] || status=1
grep '^==PROF==\|^==ERROR==\|^==WARNING==' "$WORK/ncu.csv" 2>/dev/null | grep -v 'Profiling "banks_' | head -20 >>"$LOG"
grep -c '^==PROF== Profiling' "$WORK/ncu.csv" 2>/dev/null | sed 's/^/ncu: profiled launches: /' | tee -a "$LOG"
grep -o '[0-9]* pass(es)\?' "$WORK/ncu.csv" 2>/dev/null | sort | uniq -c | sed 's/^/ncu: passes: /' | tee -a "$LOG"
[ -f "$WORK/manifest.txt" ] || : >"$WORK/manifest.txt"
[ -f "$WORK/ncu.csv" ] || : >"$WORK/ncu.csv"

# ---- results --------------------------------------------------------------------------------
python3 probes/banks/parse.py make "$OUT/banks.txt" "$CONFIGS" "$WORK/manifest.txt" \
  "$WORK/ncu.csv" "$WORK/header.txt" 2>&1 | tee -a "$LOG"
[ "${PIPESTATUS[0]}" = 0 ] || status=1
gzip -c "$WORK/ncu.csv" >"$OUT/ncu.csv.gz"
say "summary: $(grep -vc '^#' "$OUT/banks.txt") lines in banks.txt, total $(( $(date +%s) - T0 )) s, overall $([ $status = 0 ] && echo OK || echo NOT-OK)"
rm -rf "$WORK"
exit $status
