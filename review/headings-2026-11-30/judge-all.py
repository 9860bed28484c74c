#!/usr/bin/env python3
"""Every fix of the re-run (batch diffs, steps) against the reword log: the
fragment written must be the final id of the heading whose id at base was
the fragment replaced. Then 10 new batch fixes per repository (not in the
first run's batch diff), random.seed(51), with the built page's id line."""
import json, random, re, subprocess, sys, importlib.util
HD = "/tmp/hd-eval3"; OLD = "/tmp/hd-eval2"
spec = importlib.util.spec_from_file_location("fx", f"{HD}/review/headings-2026-11-30-fixes.py")
src = open(f"{HD}/review/headings-2026-11-30-fixes.py").read().split("rows = []")[0]
ns = {}; exec(src, ns); pairs = ns["pairs"]
def final(log):
    m = {}
    for s in log:
        # chain: a heading reworded twice
        for k, v in list(m.items()):
            if v == (s["page"], s["old_id"]): m[k] = (s["page"], s["new_id"])
        if (s["page"], s["old_id"]) not in m.values(): m[(s["page"], s["old_id"])] = (s["page"], s["new_id"])
    return {(p, "#" + o): "#" + n for (p, o), (_, n) in m.items()}
bad = 0
for cfg, runs in [("mkdocs", ["mkdocs", "mkdocs-nohooks", "mkdocs-nhsteps", "mkdocs-steps"]), ("nomicon", ["nomicon", "nomicon-steps"]),
                  ("kind", ["kind", "kind-steps"]), ("cra", ["cra", "cra-steps"])]:
    log = json.load(open(f"{HD}/out/{cfg}-reword.json")); fm = final(log)
    olds = {o: n for (p, o), n in fm.items()}
    for run in runs:
        rows = []
        if run.endswith("steps"):
            for s in json.load(open(f"{HD}/out/{run}-reword-steps.json")):
                # a step's fix: the id the heading got at that step
                for f, ln, ch in pairs(s["step_diff"]): rows.append((f, ln, ch, {"#" + s["old_id"]: "#" + s["new_id"]}))
        else:
            for f, ln, ch in pairs(open(f"{HD}/out/{run}-fix.diff").read()): rows.append((f, ln, ch, olds))
        n = 0
        for f, ln, ch, m in rows:
            for o, nw in ch:
                n += 1
                cands = [v for (p, oo), v in fm.items() if oo == o] if m is olds else [m.get(o)]
                if nw not in cands: bad += 1; print("  MISMATCH", run, f, ln, o, nw, cands)
        print(run, "fixes", n)
print("mismatches", bad)
