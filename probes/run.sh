#!/usr/bin/env bash
# Builds every probe (in parallel) and runs them on the GPU, writing one data file per atom.
#
#   probes/run.sh OUTDIR
#
# OUTDIR receives only two files: atoms.tar.gz (the data files, flat, to unpack into
# tests/data/atoms/) and log.txt (build and run output, PASS/FAIL per atom).
# Environment: NVCC (default: nvcc on PATH), PROBE_SIMULATE=1 builds the CPU-simulation variant
# instead (no GPU needed; its files say SIMULATED and must not be committed), PROBES="mma copy"
# builds and runs only those probes (any of mma, copy, gmma; default all three), GMMA_NS="8 64"
# limits the GMMA N built, GMMA_TYPES="f16 tf32 s8u8 ..." the GMMA types (probes/README.md).
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
  echo "command: ${PROBES:+PROBES=\"$PROBES\" }${GMMA_TYPES:+GMMA_TYPES=\"$GMMA_TYPES\" }${GMMA_NS:+GMMA_NS=\"$GMMA_NS\" }probes/run.sh $1"
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
# binary | source | flags. The GMMA probe is built once per (type, N) so that the builds run in
# parallel (JOBS at a time, default: the number of cores); GMMA_NS="8 64" limits N; PROBES
# (default "mma copy gmma") selects the probes.
PROBES=${PROBES:-mma copy gmma}
for p in $PROBES; do
  case $p in
    mma | copy | gmma) ;;
    *) say "PROBES: unknown probe '$p' (known: mma copy gmma)"; rm -rf "$WORK"; exit 1 ;;
  esac
done
# The MMA probe is built once per group of atoms (probes/mma_ops.h: MMA_GROUPS, MMA_GROUP_<g>).
BUILDS="copy|copy.cu|$ARCH90"
MMA_GROUPS=$(sed -n 's/^#define MMA_GROUPS \([0-9]*\)$/\1/p' "$HERE/mma_ops.h")
for g in $(seq 0 $(( ${MMA_GROUPS:-1} - 1 ))); do
  BUILDS="$BUILDS
mma_g$g|mma.cu|$ARCH90 -DMMA_GROUP=$g"
done
for ty in ${GMMA_TYPES:-f16 bf16 f16acc}; do
  for n in ${GMMA_NS:-8 16 32 64 96 128 192 256}; do
    BUILDS="$BUILDS
gmma_${ty}_n$n|gmma.cu|$ARCH90A -DGMMA_N=$n -DGMMA_BF16=$([ $ty = bf16 ] && echo 1 || echo 0) -DGMMA_F16ACC=$([ $ty = f16acc ] && echo 1 || echo 0)$(case $ty in f16 | bf16 | f16acc) ;; *) echo " -DGMMA_TY=$ty" ;; esac)"
  done
done
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 4)}
t0=$(date +%s)
NAMES=""
while IFS='|' read -r name src flags; do
  [ -f "probes/$src" ] || continue
  case " $PROBES " in *" ${name%%_*} "*) ;; *) continue ;; esac
  NAMES="$NAMES $name"
  cmd="$NVCC -std=c++17 -O2 $flags $SIMFLAG -o $WORK/$name probes/$src"
  echo "$cmd" >"$WORK/$name.buildcmd"
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
  (eval "$cmd" >"$WORK/$name.buildlog" 2>&1; echo $? >"$WORK/$name.buildrc") &
done <<<"$BUILDS"
wait
say "build: $(( $(date +%s) - t0 )) s ($JOBS parallel jobs)"

# ---- run ------------------------------------------------------------------------------------
# copy first, then the MMA and GMMA binaries RUNJOBS at a time (default 6; they share the GPU,
# most of their time is the analysis on the host). Each binary's output is logged in order.
run_one() {
  p=$1
  {
    echo "=== $p"
    echo "build: $(sed "s#$WORK#BUILD#g" "$WORK/$p.buildcmd")"
    cat "$WORK/$p.buildlog"
  } >"$WORK/$p.runlog"
  if [ "$(cat "$WORK/$p.buildrc")" != 0 ]; then
    echo "BUILD FAILED: $p" >>"$WORK/$p.runlog"
    echo 1 >"$WORK/$p.rc"
    return
  fi
  {
    cat "$WORK/common.txt"
    echo "build: $(sed "s#$WORK#BUILD#g" "$WORK/$p.buildcmd")"
    echo "run: BUILD/$p DATADIR HEADERFILE"
  } >"$WORK/$p.header"
  t1=$(date +%s)
  timeout 240 "$WORK/$p" "$DATA" "$WORK/$p.header" >>"$WORK/$p.runlog" 2>&1
  rc=$?
  echo "$p: exit $rc, $(( $(date +%s) - t1 )) s" >>"$WORK/$p.runlog"
  echo $rc >"$WORK/$p.rc"
}
RUNJOBS=${RUNJOBS:-6}
t2=$(date +%s)
for p in $NAMES; do
  case $p in
    gmma_* | mma_*)
      while [ "$(jobs -rp | wc -l)" -ge "$RUNJOBS" ]; do wait -n; done
      run_one "$p" &
      ;;
    *) run_one "$p" ;;
  esac
done
wait
for p in $NAMES; do
  tee -a "$LOG" <"$WORK/$p.runlog"
  [ "$(cat "$WORK/$p.rc" 2>/dev/null || echo 1)" = 0 ] || status=1
done
say "run: $(( $(date +%s) - t2 )) s"

# ---- pack -----------------------------------------------------------------------------------
tar czf "$OUT/atoms.tar.gz" -C "$DATA" .
say "packed $(ls "$DATA" | wc -l) data files ($(du -sk "$DATA" | cut -f1) KiB) into $OUT/atoms.tar.gz"
say "summary: $(grep -c '^PASS ' "$LOG") PASS, $(grep -c '^FAIL ' "$LOG") FAIL, overall $([ $status = 0 ] && echo OK || echo NOT-OK)"
rm -rf "$WORK"
exit $status
