#!/usr/bin/env python3
"""Writes one JSON record per GEMM size from a results folder of gpu/bench/run_all.sh
(ours.jsonl, baselines.jsonl, baseline_compile.json, and ncu's source page gemm_sass.csv,
which it filters to the shared-memory rows in gemm_smem_sass.csv):

    python3 gpu/bench/make_records.py gpu/results/h200-1 COMMIT COMMAND

Each record: kernel, gpu, m, n, k, tflops, baselines {cute_tutorial, cublas} (TFLOP/s, same
run), bit_exact, max_abs_err, smem (per shared-memory SASS instruction: ncu's wavefronts and
conflicts = wavefronts - ideal, summed over executions, and the bank model's prediction per
execution times the executions), nvrtc_ms, baseline_compile_ms, command, commit."""
import csv, json, sys, os

d, commit, command = sys.argv[1], sys.argv[2], sys.argv[3]
ours = [json.loads(l) for l in open(os.path.join(d, "ours.jsonl"))]
base = [json.loads(l) for l in open(os.path.join(d, "baselines.jsonl"))]
comp = json.load(open(os.path.join(d, "baseline_compile.json")))
nvrtc = next(o for o in ours if o["kind"] == "nvrtc")
exact = next(o for o in ours if o["kind"] == "bit_exact")
pred = {}
for o in ours:
    if o["kind"] == "smem_prediction" and o["kernel"] == "sm80_gemm":
        p = (o["wavefronts"], o["conflicts"])
        if pred.setdefault(o["sass"], p) != p:
            sys.exit(f"predictions for {o['sass']} differ between operands: map them apart")
KEEP = ["Address", "Source", "Instructions Executed", "Predicated-On Thread Instructions Executed",
        "L1 Conflicts Shared N-Way", "L1 Wavefronts Shared Excessive", "L1 Wavefronts Shared",
        "L1 Wavefronts Shared Ideal"]
small = os.path.join(d, "gemm_smem_sass.csv")
if not os.path.exists(small):
    # ncu's whole source page (run_all.sh's gemm_sass.csv): keep the shared-memory rows.
    full = list(csv.reader(open(os.path.join(d, "gemm_sass.csv"))))
    col = {h: i for i, h in enumerate(full[1])}
    with open(small, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(full[0])
        w.writerow(KEEP)
        for r in full[2:]:
            if r[col["L1 Wavefronts Shared"]] not in ("0", "") or any(
                    op in r[col["Source"]] for op in ("LDSM", "LDGSTS", " STS", " LDS")):
                w.writerow([r[col[k]] for k in KEEP])
rows = list(csv.reader(open(small)))[2:]
smem = []
for addr, src, execd, pred_on, nway, excess, wav, ideal in rows:
    op = src.split()[0] if not src.strip().startswith("@") else src.split()[1]
    if int(pred_on.replace(",", "")) == 0:
        continue  # never executed (a predicated-off placeholder)
    e = int(execd.replace(",", ""))
    w, i = int(wav.replace(",", "")), int(ideal.replace(",", ""))
    key = next(k for k in pred if op.startswith(k))
    smem.append({"instruction": f"{src.strip()} @{addr}", "executions": e,
                 "wavefronts_measured": w, "conflicts_measured": w - i,
                 "wavefronts_predicted": pred[key][0] * e, "conflicts_predicted": pred[key][1] * e})
gpu = next(o["gpu"] for o in ours if "gpu" in o)
for g in (o for o in ours if o["kind"] == "gemm"):
    b = {x["impl"]: x for x in base if x.get("m") == g["m"] and "impl" in x}
    rec = {"kernel": "sm80_gemm (cute-layout emitted CUDA, NVRTC; CuTe tutorial sgemm_sm80 gemm_tn algorithm)",
           "gpu": gpu, "m": g["m"], "n": g["n"], "k": g["k"], "tflops": g["tflops"], "median_ms": g["median_ms"],
           "baselines": {"cute_tutorial": b["cute_tutorial"]["tflops"], "cublas": b["cublas"]["tflops"],
                         "cublas_f32acc": b["cublas_f32acc"]["tflops"]},
           "bit_exact": exact["bit_exact"], "bit_exact_problem": [exact["m"], exact["n"], exact["k"]],
           "max_abs_err": g["max_abs_err"], "rel_err": g["rel_err"], "smem": smem,
           "smem_profiled_problem": [4096, 4096, 4096],
           "nvrtc_ms": nvrtc["nvrtc_ms"], "baseline_compile_ms": comp["baseline_compile_ms"],
           "baseline_compile_command": comp["command"], "command": command, "commit": commit}
    path = os.path.join(d, f"sm80_gemm_{g['m']}.json")
    json.dump(rec, open(path, "w"), indent=1)
    print(path, rec["tflops"], rec["baselines"])
