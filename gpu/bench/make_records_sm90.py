#!/usr/bin/env python3
"""Writes one JSON record per (configuration, size) of the Hopper GEMM from an unpacked
results folder of gpu/bench/run_sm90.sh (ours.jsonl, baselines.jsonl, baseline_compile.json,
gpu.txt, ncu_metrics.csv when ncu ran):

    python3 gpu/bench/make_records_sm90.py gpu/results/h200-sm90 COMMIT COMMAND

Each record (sm90_gemm_<acc>_s<stages>_<size>.json): kernel, gpu, m, n, k, tflops, median_ms,
baselines {cute_tutorial_sm90, cublas, cublas_f32acc} (TFLOP/s, same run, same GPU), bit_exact
(every bit-exact problem of that configuration), max_abs_err, rel_err, unwritten, registers,
tma_box (and tma_box_b, cta_tile, threads where the run wrote them), desc_hi, nvrtc_ms, baseline_compile_ms, ncu (the kernel-wide shared-memory counters of
one 4096^3 launch of the configuration ncu profiled, if this is it), command, commit."""
import csv, json, os, sys

d, commit, command = sys.argv[1], sys.argv[2], sys.argv[3]
ours = [json.loads(l) for l in open(os.path.join(d, "ours.jsonl"))]
base = [json.loads(l) for l in open(os.path.join(d, "baselines.jsonl"))]
comp = json.load(open(os.path.join(d, "baseline_compile.json")))
ncu = {}
ncu_path = os.path.join(d, "ncu_metrics.csv")
if os.path.exists(ncu_path):
    lines = [l for l in open(ncu_path) if l.startswith('"')]
    for r in csv.DictReader(lines):
        if "gemm_sm90" in r.get("Kernel Name", ""):
            ncu[r["Metric Name"]] = {"unit": r["Metric Unit"], "value": r["Metric Value"]}
ncu_kernel = os.environ.get("NCU_KERNEL", "sm90_gemm_f32acc_s4")
for g in (o for o in ours if o["kind"] == "gemm"):
    kname = g["kernel"]
    nv = next(o for o in ours if o["kind"] == "nvrtc" and o["kernel"] == kname)
    exact = [o for o in ours if o["kind"] == "bit_exact" and o["kernel"] == kname]
    b = {x["impl"]: x for x in base if x.get("m") == g["m"] and "impl" in x}
    sched = g.get("schedule", "Tutorial")
    algo = ("CuTe tutorial hopper/wgmma_tma_sm90 gemm_tn algorithm" if sched == "Tutorial" else
            "warp-specialized: 128x256x64 tile, TMA producer warpgroup, two wgmma 64x256x16 consumer warpgroups, setmaxnreg"
            + (", persistent grid" if sched == "Persistent" else ""))
    rec = {"kernel": f"{kname} (cute-layout emitted CUDA, NVRTC; {algo})", "schedule": sched,
           "gpu": g["gpu"], "m": g["m"], "n": g["n"], "k": g["k"],
           "accumulator": g["accumulator"], "stages": g["stages"], "group_m": g.get("group_m", 1),
           "tflops": g["tflops"], "median_ms": g["median_ms"], "min_ms": g["min_ms"], "max_ms": g["max_ms"],
           "baselines": {"cute_tutorial_sm90": b["cute_tutorial_sm90"]["tflops"], "cublas": b["cublas"]["tflops"],
                         "cublas_f32acc": b["cublas_f32acc"]["tflops"]},
           "baselines_gpu": b["cublas"]["gpu"],
           "bit_exact": all(e["bit_exact"] and e["unwritten"] == 0 for e in exact) and len(exact) > 0,
           "bit_exact_problems": [[e["m"], e["n"], e["k"]] for e in exact],
           "max_abs_err": g["max_abs_err"], "rel_err": g["rel_err"], "unwritten": g["unwritten"],
           "registers": nv["registers"], "smem_bytes": nv["smem_bytes"],
           "tma_box": nv["tma_box"], "desc_hi": nv["desc_hi"],
           **({"tma_box_b": nv["tma_box_b"], "cta_tile": nv["cta_tile"], "threads": nv["threads"]}
              if "tma_box_b" in nv else {}),
           "nvrtc_ms": nv["nvrtc_ms"], "baseline_compile_ms": comp["baseline_compile_ms"],
           "baseline_compile_command": comp["command"], "command": command, "commit": commit}
    if ncu and kname == ncu_kernel and g["m"] == 4096:
        rec["ncu"] = {"problem": [4096, 4096, 4096], "metrics": ncu}
    path = os.path.join(d, f"{kname}_{g['m']}.json")
    json.dump(rec, open(path, "w"), indent=1)
    print(path, round(rec["tflops"], 1), rec["baselines"])
