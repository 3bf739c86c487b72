#!/usr/bin/env bash
# Builds every probe (in parallel) and runs them on the GPU, writing one data file per atom.
#
#   probes/run.sh OUTDIR
#
# OUTDIR receives only two files: atoms.tar.gz (the data files, flat, to unpack into
# tests/data/atoms/) and log.txt (build and run output, PASS/FAIL per atom).
# Environment: NVCC (default: nvcc on PATH), PROBE_SIMULATE=1 builds the CPU-simulation variant
# instead (no GPU needed; its files say SIMULATED and must not be committed).
# Exit status: 0 when every probe built, ran and every atom passed; 1 otherwise (the data is
# packed either way).
set -u
OUT=${1:?usage: probes/run.sh OUTDIR}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
NVCC=${NVCC:-nvcc}
if ! command -v "$NVCC" >/dev/null 2>&1 && [ -x /usr/local/cuda/bin/nvcc ]; then
  NVCC=/usr/local/cuda/bin/nvcc
fi
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
WORK=$(mktemp -d)
DATA=$WORK/data
mkdir -p "$DATA"
LOG=$OUT/log.txt
: >"$LOG"
say() { echo "$@" | tee -a "$LOG"; }
status=0

cd "$ROOT"
SIMFLAG=""
ARCH90="-arch=sm_90"
ARCH90A="-gencode=arch=compute_90a,code=sm_90a"
if [ "${PROBE_SIMULATE:-0}" = 1 ]; then
  SIMFLAG="-DPROBE_SIMULATE -x cu"
  ARCH90=""
  ARCH90A=""
fi

# ---- common header ------------------------------------------------------------------------
{
  echo "command: probes/run.sh $1"
  if command -v nvidia-smi >/dev/null 2>&1; then
    echo "gpu: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
    echo "driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -1)"
  else
    echo "gpu: (nvidia-smi not found)"
    echo "driver: (nvidia-smi not found)"
  fi
  echo "nvcc: $("$NVCC" --version 2>&1 | grep -i release | head -1)"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  if git -C "$ROOT" rev-parse HEAD >/dev/null 2>&1; then
    echo "probes commit: $(git -C "$ROOT" rev-parse HEAD)$(git -C "$ROOT" diff --quiet HEAD -- probes 2>/dev/null || echo ' (probes/ modified)')"
  fi
} >"$WORK/common.txt"
cat "$WORK/common.txt" | tee -a "$LOG"

# ---- build in parallel ----------------------------------------------------------------------
# binary | source | flags (the GMMA probe is built twice, f16 and bf16, to compile in parallel)
BUILDS="mma|mma.cu|$ARCH90
copy|copy.cu|$ARCH90
gmma_f16|gmma.cu|$ARCH90A -DGMMA_ONLY_F16
gmma_bf16|gmma.cu|$ARCH90A -DGMMA_ONLY_BF16"
t0=$(date +%s)
NAMES=""
while IFS='|' read -r name src flags; do
  [ -f "probes/$src" ] || continue
  NAMES="$NAMES $name"
  cmd="$NVCC -std=c++17 -O2 $flags $SIMFLAG -o $WORK/$name probes/$src"
  echo "$cmd" >"$WORK/$name.buildcmd"
  (eval "$cmd" >"$WORK/$name.buildlog" 2>&1; echo $? >"$WORK/$name.buildrc") &
done <<<"$BUILDS"
wait
say "build: $(( $(date +%s) - t0 )) s"

# ---- run ------------------------------------------------------------------------------------
for p in $NAMES; do
  say "=== $p"
  say "build: $(sed "s#$WORK#BUILD#g" "$WORK/$p.buildcmd")"
  cat "$WORK/$p.buildlog" >>"$LOG"
  if [ "$(cat "$WORK/$p.buildrc")" != 0 ]; then
    say "BUILD FAILED: $p"
    status=1
    continue
  fi
  {
    cat "$WORK/common.txt"
    echo "build: $(sed "s#$WORK#BUILD#g" "$WORK/$p.buildcmd")"
    echo "run: BUILD/$p DATADIR HEADERFILE"
  } >"$WORK/$p.header"
  t1=$(date +%s)
  timeout 240 "$WORK/$p" "$DATA" "$WORK/$p.header" 2>&1 | tee -a "$LOG"
  rc=${PIPESTATUS[0]}
  say "$p: exit $rc, $(( $(date +%s) - t1 )) s"
  [ "$rc" = 0 ] || status=1
done

# ---- pack -----------------------------------------------------------------------------------
tar czf "$OUT/atoms.tar.gz" -C "$DATA" .
say "packed $(ls "$DATA" | wc -l) data files ($(du -sk "$DATA" | cut -f1) KiB) into $OUT/atoms.tar.gz"
say "summary: $(grep -c '^PASS ' "$LOG") PASS, $(grep -c '^FAIL ' "$LOG") FAIL, overall $([ $status = 0 ] && echo OK || echo NOT-OK)"
rm -rf "$WORK"
exit $status
