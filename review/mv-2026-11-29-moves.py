#!/usr/bin/env python3
"""20 random page moves with `urilint mv`, seed 51 (issue 51 evaluation).
usage: moves.py REPO DOCSDIR EXTS...  (run anywhere; works in /tmp/mv-eval/REPO)"""
import json, os, random, subprocess, sys
BIN = os.environ.get("URILINT", "/work/wt/i51-eval/target/release/urilint")
repo, docs, exts = sys.argv[1], sys.argv[2], tuple(sys.argv[3:])
root = f"/tmp/mv-eval/{repo}"
SKIP = {"SUMMARY.md", "_index.md", "index.md", "index.rst", "README.md"}
random.seed(51)
def pages():
    out = []
    for d, ds, fs in os.walk(os.path.join(root, docs)):
        ds[:] = sorted(x for x in ds if not x.startswith("."))
        for f in sorted(fs):
            if f.endswith(exts) and f not in SKIP:
                out.append(os.path.relpath(os.path.join(d, f), root))
    return sorted(out)
def folders():
    return sorted({os.path.dirname(p) for p in pages()} | {docs})
log = []
for step in range(1, 21):
    src = random.choice(pages())
    d, name = os.path.split(src)
    stem, ext = os.path.splitext(name)
    others = [f for f in folders() if f != d]
    if others and random.random() < 0.5:
        dest = random.choice(others)
        if os.path.exists(os.path.join(root, dest, name)):
            dest = os.path.join(dest, f"{stem}-m{step}{ext}")
        kind = "move"
    else:
        dest = os.path.join(d, f"{stem}-r{step}{ext}")
        kind = "rename"
    p = subprocess.run([BIN, "mv", src, dest], cwd=root, capture_output=True, text=True)
    edits = [l for l in p.stdout.splitlines() if not l.startswith("move ")]
    left = [l for l in p.stderr.splitlines() if "left alone:" in l]
    log.append(dict(step=step, kind=kind, cmd=f"urilint mv {src} {dest}", rc=p.returncode,
                    edits=len(edits), left=len(left), stdout=p.stdout, stderr=p.stderr))
    print(f"{step:2} {p.returncode} edits={len(edits):3} left={len(left):2} urilint mv {src} {dest}")
    print("   " + (p.stderr.strip().splitlines() or [""])[-1])
json.dump(log, open(f"/tmp/mv-eval/out/{repo}-moves.json", "w"), indent=1)
