#!/usr/bin/env python3
"""10 new batch fixes per repository (not in the first run's batch diff), random.seed(51);
with the reworded heading (reword log) and, where built, the built page's element with the new id."""
import json, os, random, re, subprocess
HD = "/tmp/hd-eval3"; OLD = "/tmp/hd-eval2"
ns = {}; exec(open(f"{HD}/review/headings-2026-11-30-fixes.py").read().split("rows = []")[0], ns); pairs = ns["pairs"]
def rows(d, run):
    try: txt = open(f"{d}/out/{run}-fix.diff").read()
    except FileNotFoundError: return []
    return [(run, f, ln, o, n) for f, ln, ch in pairs(txt) for o, n in ch]
def built(cfg, page, run):
    if cfg == "mkdocs":
        rel = page[len("docs/"):-3]; rel = rel[:-6] if rel.endswith("README") else rel + "/"
        return f"{HD}/build/{run}-after/{rel}index.html"
    if cfg == "nomicon": return f"{HD}/build/{run}-after/" + page[len("src/"):-3] + ".html"
    if cfg == "kind": return f"{HD}/build/{run}-after/" + page[len("site/content/"):-3].lower() + "/index.html"
    return None
for cfg, runs in [("mkdocs", ["mkdocs", "mkdocs-nohooks"]), ("nomicon", ["nomicon"]), ("kind", ["kind"]), ("cra", ["cra"])]:
    log = json.load(open(f"{HD}/out/{cfg}-reword.json"))
    new = []
    for run in runs:
        old = {(f, o, n) for _, f, ln, o, n in rows(OLD, run)}
        new += [r for r in rows(HD, run) if (r[1], r[3], r[4]) not in old]
    random.seed(51)
    pick = random.sample(new, min(10, len(new)))
    print(f"== {cfg}: {len(new)} new batch fixes; judged {len(pick)}")
    for run, f, ln, o, n in pick:
        line = open(f"{HD}/{run}/{f}").read().split("\n")[ln - 1]
        m = re.search(r"[(\[<\"]?([^()\s\"<>\[\]]*" + re.escape(n) + r")", line)
        steps = [s for s in log if "#" + s["old_id"] == o or "#" + s["new_id"] == n]
        print(f"  {run} {f}:{ln}  {o} -> {n}   link: {m.group(1) if m else '?'}")
        for s in steps:
            b = built(cfg, s["page"], run)
            ev = ""
            if b and os.path.exists(b):
                h = re.search(r"<h\d[^>]*id=\"" + re.escape(n[1:]) + r"\"[^>]*>.*?</h\d>", open(b).read(), re.S)
                ev = f"built {os.path.relpath(b, HD)}: " + (re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", h.group(0)))[:70] + f" [h id={n[1:]}]" if h else "NO SUCH ID")
            elif b: ev = f"built page missing {b}"
            print(f"      step {s['step']} {s['page']} '{s['new'].strip()}' new_id #{s['new_id']}  {ev}")
