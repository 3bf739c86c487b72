#!/usr/bin/env bash
# TMA placement probe: builds probes/tma/gpu_tma.cu against CuTe C++ (CUTLASS
# headers), runs every configuration on the GPU and writes
#   OUTDIR/tma_records.jsonl   one JSON record per (configuration, tile), ordered by id
#   OUTDIR/log.txt             build output, SASS check, per-configuration progress, summary,
#                              and gpu_check.py's verdict
#
#   probes/tma/run_gpu.sh OUTDIR
#
# Environment: NVCC (default nvcc on PATH, else /usr/local/cuda/bin/nvcc), CUTLASS_INCLUDE
# (default .cutlass/include in the repository root), NPARTS (binaries the configurations are
# split over, built in parallel; default 16), JOBS (parallel builds, default nproc), RUNJOBS
# (binaries run at a time, default 4).
# Exit status 0 when everything built and ran (configurations that fault or abort are data,
# not failures of the script).
set -u
OUT=${1:?usage: probes/tma/run_gpu.sh OUTDIR}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
NVCC=${NVCC:-nvcc}
if ! command -v "$NVCC" >/dev/null 2>&1 && [ -x /usr/local/cuda/bin/nvcc ]; then
  NVCC=/usr/local/cuda/bin/nvcc
fi
CUTLASS_INCLUDE=${CUTLASS_INCLUDE:-$ROOT/.cutlass/include}
NPARTS=${NPARTS:-16}
JOBS=${JOBS:-$(nproc)}
RUNJOBS=${RUNJOBS:-4}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
WORK=$(mktemp -d)
LOG=$OUT/log.txt
: >"$LOG"
say() { echo "$@" | tee -a "$LOG"; }
cd "$ROOT"
T0=$(date +%s)

FLAGS="-std=c++17 -O1 --expt-relaxed-constexpr -gencode=arch=compute_90a,code=sm_90a"
export PROBE_NVCC="$("$NVCC" --version 2>&1 | grep -i release | head -1)"
export PROBE_DATE="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
export PROBE_DRIVER="$(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -1)"
export PROBE_COMMAND="probes/tma/run_gpu.sh OUTDIR; builds: nvcc $FLAGS -I.cutlass/include -DPART=p -DNPARTS=$NPARTS probes/tma/gpu_tma.cu -o gpu_tma_p -ldl (p = 0..$((NPARTS - 1))); runs: gpu_tma_p run DIR"
say "command: probes/tma/run_gpu.sh $1"
say "gpu: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
say "driver: $PROBE_DRIVER"
say "nvcc: $PROBE_NVCC ($NVCC)"
say "cutlass: $CUTLASS_INCLUDE ($(grep -m1 -h 'define CUTLASS_MAJOR' "$CUTLASS_INCLUDE/cutlass/version.h" 2>/dev/null | awk '{print $3}').$(grep -m1 -h 'define CUTLASS_MINOR' "$CUTLASS_INCLUDE/cutlass/version.h" 2>/dev/null | awk '{print $3}').$(grep -m1 -h 'define CUTLASS_PATCH' "$CUTLASS_INCLUDE/cutlass/version.h" 2>/dev/null | awk '{print $3}'))"
say "date: $PROBE_DATE"
if git -C "$ROOT" rev-parse HEAD >/dev/null 2>&1; then
  say "probes commit: $(git -C "$ROOT" rev-parse HEAD)$(git -C "$ROOT" diff --quiet HEAD -- probes/tma 2>/dev/null || echo ' (probes/tma modified)')"
fi

# ---- build ----------------------------------------------------------------------------------
build() {
  p=$1
  if "$NVCC" $FLAGS -I"$CUTLASS_INCLUDE" -DPART=$p -DNPARTS=$NPARTS probes/tma/gpu_tma.cu \
      -o "$WORK/gpu_tma_$p" -ldl >"$WORK/build_$p.log" 2>&1; then
    echo "build part $p: ok"
  else
    echo "build part $p: FAILED"
  fi
}
export -f build
export NVCC FLAGS CUTLASS_INCLUDE NPARTS WORK
seq 0 $((NPARTS - 1)) | xargs -P "$JOBS" -I{} bash -c 'build {}' | sort -V | tee -a "$LOG"
for p in $(seq 0 $((NPARTS - 1))); do
  grep -i "error" "$WORK/build_$p.log" | head -20 >>"$LOG"
done
say "build: done after $(( $(date +%s) - T0 )) s"
status=0
for p in $(seq 0 $((NPARTS - 1))); do [ -x "$WORK/gpu_tma_$p" ] || status=1; done

# ---- SASS: the TMA instructions are there ------------------------------------------------------
CUOBJDUMP=$(dirname "$(command -v "$NVCC")")/cuobjdump
[ -x "$CUOBJDUMP" ] || CUOBJDUMP=cuobjdump
for p in $(seq 0 $((NPARTS - 1))); do
  [ -x "$WORK/gpu_tma_$p" ] || continue
  "$CUOBJDUMP" -sass "$WORK/gpu_tma_$p" >"$WORK/sass_$p.txt" 2>/dev/null
  say "sass part $p: kernels $(grep -c 'Function :' "$WORK/sass_$p.txt") UTMALDG $(grep -c UTMALDG "$WORK/sass_$p.txt") UTMASTG $(grep -c UTMASTG "$WORK/sass_$p.txt")"
done

# ---- run ------------------------------------------------------------------------------------
mkdir -p "$WORK/res"
runpart() {
  p=$1
  [ -x "$WORK/gpu_tma_$p" ] || exit 0
  timeout 420 "$WORK/gpu_tma_$p" run "$WORK/res" >"$WORK/run_$p.log" 2>&1
  echo "run part $p: exit $?"
}
export -f runpart
T1=$(date +%s)
seq 0 $((NPARTS - 1)) | xargs -P "$RUNJOBS" -I{} bash -c 'runpart {}' | sort -V | tee -a "$LOG"
say "run: done after $(( $(date +%s) - T1 )) s"
cat "$WORK"/run_*.log >>"$LOG"
for f in "$WORK"/res/*.stderr; do
  [ -s "$f" ] && { echo "--- stderr of config $(basename "$f" .stderr):"; head -c 3000 "$f"; echo; } >>"$LOG"
done
ls "$WORK"/res/*.jsonl | sort -V | xargs cat >"$OUT/tma_records.jsonl"

# ---- summary --------------------------------------------------------------------------------
python3 - "$OUT/tma_records.jsonl" <<'EOF' | tee -a "$LOG"
import json, sys, collections
st = collections.Counter()
for line in open(sys.argv[1]):
    r = json.loads(line)
    st[r.get("status")] += 1
    extra = ""
    if r.get("status") == "ok":
        if r["op"].startswith("load"):
            extra = "oob=%d unwritten=%d notelem=%d guard=%d" % (
                r["oob_elements"], len(r["smem_unwritten"]), len(r["smem_not_a_tensor_element"]),
                r["smem_bytes_changed_outside_tile"])
        else:
            g = r["gmem_written"]
            extra = "written=%d outside=%d stray=%d clipped=%d" % (
                g["elements_changed"], len(g["changed_outside_tensor_elements"]),
                g["bytes_changed_outside_checked_span"],
                r["smem_to_gmem"].count(None))
    else:
        extra = (r.get("error") or r.get("stderr") or "")[:160].replace("\n", " | ")
    print("%3s %-36s tile=%-10s %-10s box=%-16s sw=%-5s instr=%-3s %s" % (
        r["id"], r.get("config", "?"), r.get("tile", ""), r.get("status"), r.get("box_dims", ""),
        r.get("swizzle", ""), r.get("instructions", ""), extra))
print("summary:", dict(st))
EOF
say "check against CuTe's layouts and the 16-byte store rule (probes/tma/gpu_check.py):"
python3 probes/tma/gpu_check.py "$OUT/tma_records.jsonl" | tail -3 | tee -a "$LOG"
say "total: $(( $(date +%s) - T0 )) s"
rm -rf "$WORK"
exit $status
