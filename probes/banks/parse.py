#!/usr/bin/env python3
"""Helpers of probes/banks/run.sh (standard library only). See probes/banks/README.md.

  parse.py sass SASS.txt            checks cuobjdump -sass: each banks_* kernel has exactly one
                                    shared-memory instruction, of the right kind; exit 1 if not
  parse.py make OUT/banks.txt CONFIGS MANIFEST NCU.csv HEADER.txt
                                    joins ncu's CSV with the launch manifest, writes banks.txt
  parse.py merge A/banks.txt B/banks.txt ...   (stdout) one banks.txt from chunk files
  parse.py selftest                 runs `make` on testdata/ncu_sample.csv, checks the result
"""
import csv
import io
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

M_LD_WAVES = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"
M_ST_WAVES = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"
M_LD_CONFL = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"
M_ST_CONFL = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"
REQUIRED = [M_LD_CONFL, M_ST_CONFL, M_LD_WAVES, M_ST_WAVES]

# kernel name -> (SASS opcode family, PTX instruction)
KERNELS = {}
for w, sfx in (("u16", "u16"), ("b32", "b32"), ("v2_b32", "v2.b32"), ("v4_b32", "v4.b32")):
    KERNELS[f"banks_ld_{w}"] = ("LDS", f"ld.shared.{sfx}")
    KERNELS[f"banks_st_{w}"] = ("STS", f"st.shared.{sfx}")
for x in (1, 2, 4):
    for t in ("", "_trans"):
        dot = ".trans" if t else ""
        KERNELS[f"banks_ldsm_x{x}{t}"] = ("LDSM", f"ldmatrix.sync.aligned.m8n8.x{x}{dot}.shared.b16")
        KERNELS[f"banks_stsm_x{x}{t}"] = ("STSM", f"stmatrix.sync.aligned.m8n8.x{x}{dot}.shared.b16")
for sz in (4, 8, 16):
    KERNELS[f"banks_cp_ca{sz}"] = ("LDGSTS", f"cp.async.ca.shared.global.{sz}")
KERNELS["banks_cp_cg16"] = ("LDGSTS", "cp.async.cg.shared.global.16")
for c in ("ca", "cg"):
    KERNELS[f"banks_tile_{c}16"] = ("LDGSTS", f"tile.cp.async.{c}.shared.global.16")
PTX_TO_KERNEL = {ptx: k for k, (_, ptx) in KERNELS.items()}
M_CP_WAVES = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum"
M_CP_CONFL = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum"
M_ALL_WAVES = "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum"
M_ALL_CONFL = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum"
# cp.async lines: name=value columns (Hopper's ncu has no LDGSTS wavefront counter, only its
# bank conflicts; the totals and the read/write split over all shared-memory wavefronts)
CP_COLUMNS = [
    ("conflicts", M_CP_CONFL),
    ("wavefronts_ldgsts", M_CP_WAVES),
    ("wavefronts_all", M_ALL_WAVES),
    ("conflicts_all", M_ALL_CONFL),
    ("wavefronts_read", "l1tex__data_pipe_lsu_wavefronts_mem_shared_cmd_read.sum"),
    ("wavefronts_write", "l1tex__data_pipe_lsu_wavefronts_mem_shared_cmd_write.sum"),
    ("wavefronts_misc", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_misc.sum"),
    ("wavefronts_ld", M_LD_WAVES),
    ("wavefronts_st", M_ST_WAVES),
]

# every SASS opcode that can touch shared memory (generic LD/ST could too)
SHARED_OPS = re.compile(r"^(LDS|STS|LDSM|STSM|ATOMS|LDGSTS|LD|ST|ATOM|RED|UBLKCP|UTMALDG|UTMASTG)"
                        r"(\.|$)")


def sass_check(path):
    funcs = {}
    never = set()
    cur = None
    for line in open(path):
        m = re.search(r"Function : (\S+)", line)
        if m:
            cur = m.group(1)
            funcs[cur] = []
            continue
        m = re.match(r"\s*/\*[0-9a-f]{4,}\*/\s+(@!?U?P\w+\s+)?([A-Z0-9_.]+)(.*?);", line)
        if m and cur:
            op = m.group(2)
            if SHARED_OPS.match(op):
                if (m.group(1) or "").strip() == "@!PT":
                    never.add(cur)  # predicated on !PT: never executes (ptxas pads LDGSTS so)
                    continue
                funcs[cur].append((op + m.group(3)).strip())
    ok = True
    for k, (family, ptx) in sorted(KERNELS.items()):
        found = funcs.get(k)
        if found is None:
            print(f"SASS FAIL {k}: kernel not found")
            ok = False
            continue
        good = len(found) == 1 and found[0].split(".")[0].split()[0] == family
        print(f"SASS {'ok  ' if good else 'FAIL'} {k} ({ptx}): {len(found)} shared-memory "
              f"instruction(s): {' | '.join(found)}")
        ok &= good
    if never:
        print(f"SASS note: never-executed (@!PT) shared-memory instructions ignored in: "
              f"{' '.join(sorted(never))}")
    extra = sorted(set(funcs) - set(KERNELS))
    if extra:
        print(f"SASS note: other functions in the binary: {' '.join(extra)}")
    print(f"SASS check: {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


def read_configs(path):
    """[(id, instruction, label, fields)]: fields = the 32 addresses (ld/st/matrix), the 32
    destinations and 32 sources (cp.async), or warps, iterations and ids (tile lines)."""
    cs = []
    for line in open(path):
        if not line.strip() or line.startswith("#"):
            continue
        t = line.split()
        if t[1].startswith("tile."):
            assert len(t) == 5 + int(t[3]) * int(t[4]), line
        else:
            assert len(t) == (67 if t[1].startswith("cp.async") else 35), line
        cs.append((int(t[0]), t[1], t[2], [int(x) for x in t[3:]]))
    for i, c in enumerate(cs):
        assert c[0] == i, "configuration ids must be 0, 1, 2, ..."
    return cs


def number(s):
    s = s.strip().replace(",", "")
    if s in ("", "n/a", "N/A"):
        return None
    v = float(s)
    return int(v) if v == int(v) else v


def read_ncu_csv(path):
    """{launch ID: (kernel name, {metric name: value})} from `ncu --csv` output (details page).
    Lines before the header ("ID","Process ID",...) and ==PROF== lines are skipped."""
    text = open(path, errors="replace").read().splitlines()
    rows = [l for l in text if l.startswith('"')]
    start = next((i for i, l in enumerate(rows) if l.startswith('"ID",')), None)
    if start is None:
        return {}
    reader = csv.reader(io.StringIO("\n".join(rows[start:])))
    header = next(reader)
    col = {name: i for i, name in enumerate(header)}
    for need in ("ID", "Kernel Name", "Metric Name", "Metric Value"):
        if need not in col:
            raise SystemExit(f"ncu CSV has no column {need!r}: {header}")
    res = {}
    for r in reader:
        if len(r) != len(header) or r[0] == "ID":
            continue
        lid = int(r[col["ID"]])
        name = r[col["Kernel Name"]].split("(")[0].strip()
        entry = res.setdefault(lid, (name, {}))
        entry[1][r[col["Metric Name"]]] = number(r[col["Metric Value"]])
    return res


def make(out, configs_path, manifest_path, csv_path, header_path):
    cs = read_configs(configs_path)
    launches = []
    for line in open(manifest_path):
        t = line.split()
        if len(t) >= 6 and t[0] == "launch":
            launches.append((int(t[1]), int(t[3]), t[5], int(t[7]) if len(t) >= 8 else None))
    prof = read_ncu_csv(csv_path)
    ids = sorted(prof)
    problems = []
    if len(ids) != len(launches):
        problems.append(f"ncu profiled {len(ids)} launches, the manifest lists {len(launches)}")
    lines = []
    counts = {"ok": 0, "missing": 0}
    metric_names = set()
    for k, cid, kname, base in launches:
        _, ptx, label, addrs = cs[cid]
        if PTX_TO_KERNEL[ptx] != kname:
            problems.append(f"launch {k}: manifest kernel {kname} != configuration's {ptx}")
        waves = confl = None
        extra = None
        if k < len(ids):
            pname, metrics = prof[ids[k]]
            metric_names |= set(metrics)
            if pname != kname:
                problems.append(f"launch {k} (config {cid}): ncu kernel {pname} != {kname}")
            elif "cp.async" in ptx:
                extra = {name: metrics.get(m) for name, m in CP_COLUMNS}
                waves, confl = extra["wavefronts_all"], extra["conflicts"]
                other = [metrics.get(m) for m in (M_LD_WAVES, M_LD_CONFL, M_ST_WAVES, M_ST_CONFL)]
                if any(v not in (0, None) for v in other):
                    problems.append(f"config {cid} ({ptx}): ld/st shared metrics are not 0: "
                                    f"{other}")
            else:
                store = ptx.startswith("st")
                waves = metrics.get(M_ST_WAVES if store else M_LD_WAVES)
                confl = metrics.get(M_ST_CONFL if store else M_LD_CONFL)
                other = [metrics.get(m) for m in ((M_LD_WAVES, M_LD_CONFL) if store
                                                  else (M_ST_WAVES, M_ST_CONFL))]
                if any(v not in (0, None) for v in other):
                    problems.append(f"config {cid} ({ptx}): the other direction's metrics are "
                                    f"not 0: {other}")
        if waves is None or confl is None:
            counts["missing"] += 1
        else:
            counts["ok"] += 1
        fmt = lambda v: "NA" if v is None else str(v)
        tail = f"{fmt(waves)} {fmt(confl)}"
        if "cp.async" in ptx:
            tail = " ".join(f"{name}={fmt((extra or {}).get(name))}" for name, _ in CP_COLUMNS)
        lines.append(f"{cid} {ptx} {label} {' '.join(map(str, addrs))} {tail}")
    bases = sorted({b for *_, b in launches if b is not None})
    with open(out, "w") as f:
        for l in open(header_path):
            f.write("# " + l.rstrip("\n") + "\n")
        f.write(f"# shared buffer base address(es) (shared window): {' '.join(map(str, bases))}\n")
        f.write(f"# metrics collected: {' '.join(sorted(metric_names))}\n")
        f.write(f"# measured: {counts['ok']} configurations, missing: {counts['missing']}\n")
        for p in problems[:50]:
            f.write(f"# problem: {p}\n")
        if any("cp.async" in c[1] for c in cs):
            f.write("# <id> <instruction> <label> <d0> ... <d31> <s0> ... <s31> <name>=<value> ...\n")
            f.write("# <id> tile.<instruction> <label> <warps> <iterations> <ids> <name>=<value> ...\n")
            f.write("# (names: " + ", ".join(f"{n} = {m}" for n, m in CP_COLUMNS) +
                    "; NA: not collected)\n")
        else:
            f.write("# <id> <instruction> <label> <a0> ... <a31> <wavefronts> <conflicts>\n")
            f.write("# (wavefronts/conflicts: l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{ld|st}"
                    ".sum and l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{ld|st}.sum, st "
                    "for st.shared/stmatrix, ld otherwise; NA: not measured)\n")
        for l in lines:
            f.write(l + "\n")
    for p in problems[:50]:
        print("problem:", p)
    print(f"banks.txt: {counts['ok']} configurations measured, {counts['missing']} missing, "
          f"{len(problems)} problem(s)")
    return 0 if counts["missing"] == 0 and not problems else 1


def merge(paths):
    header, body, ids = [], {}, set()
    for p in paths:
        for l in open(p):
            if l.startswith("#"):
                header.append(l)
            elif l.strip():
                cid = int(l.split()[0])
                if cid in ids:
                    raise SystemExit(f"configuration {cid} appears twice")
                ids.add(cid)
                body[cid] = l
    seen = set()
    for l in header:
        if l.startswith("# <id>") or l.startswith("# (wavefronts"):
            continue  # written once below
        if l not in seen:  # identical lines once; lines that differ (dates, chunks) all kept
            seen.add(l)
            sys.stdout.write(l)
    sys.stdout.write("# merged from: " + " ".join(paths) + "\n")
    sys.stdout.write("# <id> <instruction> <label> <a0> ... <a31> <wavefronts> <conflicts>\n")
    for cid in sorted(body):
        sys.stdout.write(body[cid])
    return 0


def selftest():
    import tempfile
    td = os.path.join(HERE, "testdata")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "banks.txt")
        hdr = os.path.join(tmp, "h.txt")
        open(hdr, "w").write("command: selftest\n")
        rc = make(out, os.path.join(td, "configs_sample.txt"), os.path.join(td, "manifest_sample.txt"),
                  os.path.join(td, "ncu_sample.csv"), hdr)
        got = [l.split() for l in open(out) if not l.startswith("#")]
        text = open(out).read()
    want = {0: ("ld.shared.v4.b32", "4", "0"), 1: ("st.shared.b32", "32", "31"),
            2: ("ldmatrix.sync.aligned.m8n8.x4.shared.b16", "1,024".replace(",", ""), "8")}
    ok = rc == 0 and len(got) == 3
    for t in got:
        cid = int(t[0])
        ok &= (t[1], t[-2], t[-1]) == want[cid] and len(t) == 37
    ok &= "problem" not in text
    print("selftest:", "PASS" if ok else "FAIL")
    if not ok:
        print(text)
    return 0 if ok else 1


def main():
    a = sys.argv[1:]
    if not a:
        print(__doc__)
        return 2
    if a[0] == "sass":
        return sass_check(a[1])
    if a[0] == "make":
        return make(*a[1:6])
    if a[0] == "merge":
        return merge(a[1:])
    if a[0] == "selftest":
        return selftest()
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
