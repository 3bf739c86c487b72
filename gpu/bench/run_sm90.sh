#!/usr/bin/env bash
# The Hopper GEMM side by side, in one call on the GPU machine, from the repository root, with
# `.cutlass_sm90` (gpu/bench/stage_cutlass.sh, then stage_cutlass_sm90.sh) and `.gpubin/gpu_sm90` (cargo build --release -p
# cute-layout-cuda --example gpu_sm90, copied) carried:
#   bash gpu/bench/run_sm90.sh [SIZES...]        (default 4096 8192)
# Environment: CONFIGS (gpu_sm90's --configs: the tutorial kernel's and, prefixed ws: / wsp:,
# the warp-specialized one's), NCU_CONFIG (the configuration ncu profiles), SKIP_NCU=1,
# OURS_TIMEOUT (seconds, default 300).
# Builds gpu/bench/baselines.cu around CuTe's tutorial hopper/wgmma_tma_sm90.cu (its gemm_tn)
# for sm_90a, times it and cuBLAS, then checks and times ours (gpu_sm90), and runs ncu's
# shared-memory counters on one of our launches. Writes $OUT/results.tgz (every raw output)
# and $OUT/summary.txt.
set -uo pipefail
SIZES=("$@"); [ ${#SIZES[@]} -gt 0 ] || SIZES=(4096 8192)
W=$(mktemp -d)
ROOT=$(pwd)
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
C=$ROOT/${CUTLASS_DIR:-.cutlass_sm90}
echo "gpu: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)" | tee "$W/gpu.txt"
echo "commit: $(git rev-parse HEAD 2>/dev/null || echo unknown)" >> "$W/gpu.txt"
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.limit --format=csv || true
  "$NVCC" --version; } > "$W/env.txt" 2>&1
INC=(-I"$C/include" -I"$C/tools/util/include" -I"$C")
BARGS=(-std=c++17 -O3 -gencode=arch=compute_90a,code=sm_90a "${INC[@]}"
  '-DCUTE_TUTORIAL="examples/cute/tutorial/hopper/wgmma_tma_sm90.cu"'
  '-DCUTE_TUTORIAL_NAME="cute_tutorial_sm90"' gpu/bench/baselines.cu -lcublas -o "$W/baselines_sm90")
"$NVCC" "${BARGS[@]}" > "$W/build.log" 2>&1; echo "build rc=$?" >> "$W/build.log"
CCMD="$NVCC -std=c++17 -O3 -gencode=arch=compute_90a,code=sm_90a --cubin ${INC[*]} -o $W/wgmma_tma_sm90.cubin $C/examples/cute/tutorial/hopper/wgmma_tma_sm90.cu"
tail -3 "$W/build.log"
t0=$(date +%s%N); $CCMD > "$W/cubin.log" 2>&1; t1=$(date +%s%N)
printf '{"baseline_compile_ms": %s, "runs": [%s], "command": "%s"}\n' $(( (t1 - t0) / 1000000 )) $(( (t1 - t0) / 1000000 )) "$CCMD" > "$W/baseline_compile.json"
# Baselines and ours, one after the other on the same warm GPU.
timeout 300 "$W/baselines_sm90" "${SIZES[@]}" > "$W/baselines.jsonl" 2> "$W/run.log"; echo "baselines rc=$?" | tee -a "$W/gpu.txt"
SZ=$(IFS=,; echo "${SIZES[*]}")
timeout "${OURS_TIMEOUT:-300}" .gpubin/gpu_sm90 --sizes "$SZ" --configs "${CONFIGS:-f32:4,f16:4,f32:3,f16:3,f32:4:16,f16:4:16,f32:3:16,f16:3:16}" --json "$W/ours.jsonl" > "$W/ours_stdout.txt" 2>&1
echo "ours rc=$?" | tee -a "$W/gpu.txt"
if [ "${SKIP_NCU:-0}" != 1 ]; then
  NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1 || echo /usr/local/cuda/bin/ncu)
  timeout 180 "$NCU" --metrics l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_active,dram__bytes_read.sum,gpu__time_duration.sum \
    -k regex:gemm_sm90 -c 1 --csv .gpubin/gpu_sm90 --once 4096 --configs "${NCU_CONFIG:-f32:4}" > "$W/ncu_metrics.csv" 2>&1
  echo "ncu rc=$?" | tee -a "$W/gpu.txt"
fi
tar czf "$OUT/results.tgz" -C "$W" .
cat "$W/gpu.txt" > "$OUT/summary.txt"
cat "$W/ours.jsonl" "$W/baselines.jsonl" "$W/baseline_compile.json" >> "$OUT/summary.txt" 2>/dev/null
tail -5 "$W/ours_stdout.txt" "$W/run.log" >> "$OUT/summary.txt" 2>/dev/null
cat "$OUT/summary.txt"
