#!/usr/bin/env bash
# On the GPU machine, from the repository root, with `.cutlass` (gpu/bench/stage_cutlass.sh)
# and `.gpubin/gpu_kernels` (cargo build --release -p cute-layout-cuda --example gpu_kernels,
# copied) carried. One call measures everything of the GPU section side by side:
#   bash gpu/bench/run_all.sh
# It writes $OUT/results.tgz (every raw output) and $OUT/summary.txt.
set -uo pipefail
W=$(mktemp -d)
export OUT_FINAL=$OUT
echo "gpu: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)" | tee "$W/gpu.txt"
echo "commit: $(git rev-parse HEAD 2>/dev/null || echo unknown)" >> "$W/gpu.txt"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -1 || echo /usr/local/cuda/bin/ncu)
if [ "${SKIP_PROBES:-0}" != 1 ]; then
  mkdir -p "$W/probe"; PROBES=mma probes/run.sh "$W/probe" > "$W/probe/stdout.txt" 2>&1; echo "probe rc=$?" | tee -a "$W/gpu.txt"
  tail -12 "$W/probe/log.txt"
fi
# Baselines and ours, one after the other on the same warm GPU.
mkdir -p "$W/base"; OUT="$W/base" bash gpu/bench/run_baselines.sh 4096 8192; echo "baselines rc=$?" | tee -a "$W/gpu.txt"
.gpubin/gpu_kernels --json "$W/ours.jsonl"; echo "ours rc=$?" | tee -a "$W/gpu.txt"
# Shared-memory counters per SASS instruction of one GEMM launch (4096^3).
"$NCU" --section SourceCounters -k regex:gemm_sm80 -c 1 -o "$W/gemm" .gpubin/gpu_kernels --once 4096 > "$W/ncu_run.txt" 2>&1
echo "ncu rc=$?" | tee -a "$W/gpu.txt"
"$NCU" -i "$W/gemm.ncu-rep" --page source --csv --print-source sass > "$W/gemm_sass.csv" 2> "$W/ncu_page.txt"
"$NCU" -i "$W/gemm.ncu-rep" --page details --csv > "$W/gemm_details.csv" 2>>"$W/ncu_page.txt"
"$NCU" --metrics smsp__inst_executed_op_ldsm.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldsm.sum,smsp__inst_executed_op_ldgsts.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum \
  -k regex:gemm_sm80 -c 1 --csv .gpubin/gpu_kernels --once 4096 > "$W/gemm_metrics.csv" 2>&1
echo "ncu metrics rc=$?" | tee -a "$W/gpu.txt"
head -c 3000 "$W/gemm_sass.csv" | head -5; grep -c . "$W/gemm_sass.csv"
tar czf "$OUT_FINAL/results.tgz" -C "$W" .
cat "$W/gpu.txt" > "$OUT_FINAL/summary.txt"; cat "$W/ours.jsonl" "$W/base/baselines.jsonl" "$W/base/baseline_compile.json" >> "$OUT_FINAL/summary.txt" 2>/dev/null
cat "$OUT_FINAL/summary.txt"
