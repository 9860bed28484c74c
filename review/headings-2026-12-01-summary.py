#!/usr/bin/env python3
"""Figures of each run in $HD_EVAL/out (headings-2026-12-01): L002 of the plain
check at each stage, what `--since base` reports, the fixes, the builds'
warnings and `check --links site` findings at each stage."""
import os, re, sys
HD = os.environ.get("HD_EVAL", "/tmp/hd-eval3")
O = f"{HD}/out"
def rd(n):
    p = f"{O}/{n}"
    return open(p, encoding="utf-8", errors="replace").read() if os.path.exists(p) else None
def l002(t): return None if t is None else len(re.findall(r"^\S.*: L002 ", t, re.M))
def rc(t): m = t and re.search(r"rc=(\d+)\s*$", t); return m.group(1) if m else "-"
def notes(t):
    return [] if t is None else [re.sub(r"\(e\.g\..*", "", l)[:230] for l in t.splitlines() if "not checked" in l]
def build(r, s):
    t = rd(f"{r}-build-{s}.txt")
    if t is None: return "-"
    fam = r.split("-")[0]
    if fam == "mkdocs":
        w = len(re.findall(r"^WARNING", t, re.M))
        n = rd(f"{r}-build-{s}-nonstrict.txt") or ""
        i = len(re.findall(r"^INFO .*(does not contain an anchor|no such anchor)", n, re.M))
        return f"strict WARNING {w}, INFO no-anchor {i}, {rc(t)}"
    if fam == "flask":
        return f"warnings {len(re.findall(r'WARNING', t))}, {rc(t)}"
    if fam == "nomicon":
        return f"WARN/ERROR {len(re.findall(r'(WARN|ERROR)', t))}, {rc(t)}"
    if fam == "kind":
        return f"WARN/ERROR {len(re.findall(r'^(WARN|ERROR)', t, re.M))}, {rc(t)}"
    return t.strip().splitlines()[0]
runs = sys.argv[1:] or ["mkdocs", "mkdocs-nohooks", "flask", "nomicon", "kind", "cra"]
for r in runs:
    fx = rd(f"{r}-fix.txt") or ""
    d = rd(f"{r}-fix.diff") or ""
    plus = [l for l in d.splitlines() if l.startswith("+") and not l.startswith("+++")]
    print(f"== {r}")
    for s in ("before", "reworded", "after"):
        print(f"  check {s}: L002 {l002(rd(f'{r}-check-{s}.txt'))} rc {rc(rd(f'{r}-check-{s}.txt'))}; "
              f"site L002/L001 {l002(rd(f'{r}-site-{s}.txt'))}, "
              f"{len(re.findall(r': L001 ', rd(f'{r}-site-{s}.txt') or ''))}; build {build(r, s)}")
        for n in notes(rd(f"{r}-check-{s}.txt")): print("     note:", n)
    sn = rd(f"{r}-since.txt")
    print(f"  --since base: L002 {l002(sn)} rc {rc(sn)}")
    for n in notes(sn): print("     note:", n)
    m = re.search(r"fixed (\d+) findings? in (\d+)", fx)
    print(f"  --fix: {m.group(0) if m else 'fixed 0'}; diff lines +{len(plus)}; L002 left in the fix run {l002(fx)}; rc {rc(fx)}")
    for n in notes(fx): print("     note:", n)
