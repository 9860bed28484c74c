#!/usr/bin/env python3
"""List the fixes applied (batch: out/REPO-fix.diff; steps: the fix commits of
REPO-steps) as `REPO RUN file:line #old -> #new`, and draw 10 per repository
with random.seed(51) for judging by hand (batch fixes first, then steps)."""
import json, os, random, re, subprocess, sys
HD = os.environ.get("HD_EVAL", "/tmp/hd-eval3")
def pairs(diff):
    out, f, ln, minus = [], None, 0, []
    for l in diff.splitlines():
        if l.startswith("+++ "): f = l[6:]
        elif l.startswith("@@"):
            ln = int(re.search(r"\+(\d+)", l).group(1)); minus = []
        elif l.startswith("-") and not l.startswith("---"): minus.append(l[1:])
        elif l.startswith(" "): ln += 1; minus = []
        elif l.startswith("+"):
            old = minus.pop(0) if minus else ""
            a = re.findall(r"#[\w%.-]+", old); b = re.findall(r"#[\w%.-]+", l[1:])
            ch = [(x, y) for x, y in zip(a, b) if x != y]
            out.append((f, ln, ch)); ln += 1
    return out
rows = []
for repo, runs in [("nomicon", ["nomicon", "nomicon-steps"]), ("cra", ["cra", "cra-steps"]),
                   ("kind", ["kind", "kind-steps"]), ("mkdocs", ["mkdocs-nohooks", "mkdocs-nhsteps"])]:
    all_ = []
    for run in runs:
        if run.endswith("steps"):
            log = json.load(open(f"{HD}/out/{run}-reword-steps.json"))
            for s in log:
                for f, ln, ch in pairs(s["step_diff"]):
                    all_.append((run, s["step"], f, ln, ch))
        else:
            for f, ln, ch in pairs(open(f"{HD}/out/{run}-fix.diff").read()):
                all_.append((run, "batch", f, ln, ch))
    random.seed(51)
    batch = [r for r in all_ if r[1] == "batch"]
    steps = [r for r in all_ if r[1] != "batch"]
    pick = random.sample(batch, min(10, len(batch)))
    pick += random.sample(steps, min(10 - len(pick), len(steps)))
    print(f"== {repo}: {len(batch)} batch fixes, {len(steps)} step fixes; judged:")
    for r in pick:
        print("  ", r[0], r[1], f"{r[2]}:{r[3]}", " ".join(f"{x} -> {y}" for x, y in r[4]))
