#!/usr/bin/env python3
"""headings-2026-12-01: (1) every fix applied (batch diffs, steps' diffs) against
the reword log: the fragment written must be the id the reworded heading has
(batch: its final id, a heading reworded twice followed to the end; steps: the
id the step gave it) and the built site (after) must have that id on the
target page (Docusaurus: github-slugger's id of the new heading text, by node);
(2) the 10 fixes per repository drawn as headings-2026-12-01-fixes.py draws
(random.seed(51), batch first then steps), plus MkDocs as is, with the link
line and the built page's heading element, for judging by hand."""
import json, os, random, re, subprocess
HD = os.environ.get("HD_EVAL", "/tmp/hd-eval3")
R = os.path.dirname(os.path.abspath(__file__))
ns = {}; exec(open(f"{R}/headings-2026-12-01-fixes.py").read().split("rows = []")[0], ns); pairs = ns["pairs"]
rw = {}; exec(open(f"{R}/headings-2026-12-01-reword.py").read().split("def main")[0], rw)
SLUGGER = "/root/.cache/urilint-ci/slugs-node/node_modules/github-slugger"
def gslug(texts):
    js = f"const S=require('{SLUGGER}');const t=JSON.parse(process.argv[1]);console.log(JSON.stringify(t.map(x=>S.slug(x))))"
    return json.loads(subprocess.run(["node", "-e", js, json.dumps(texts)], capture_output=True, text=True).stdout)
def built(fam, run, page):
    if fam == "mkdocs":
        rel = page[len("docs/"):-3]
        rel = rel[:-5] if rel.endswith("index") else rel[:-6] if rel.endswith("README") else rel + "/"
        return f"{HD}/build/{run}-after/{rel}index.html"
    if fam == "nomicon": return f"{HD}/build/{run}-after/" + page[len("src/"):-3] + ".html"
    if fam == "kind":
        rel = page[len("site/content/"):-3].lower()
        return f"{HD}/build/{run}-after/" + (rel[:-6] if rel.endswith("_index") else rel + "/") + "index.html"
    if fam == "cra":  # Docusaurus 2.4.3 build (headings-2026-12-01-cra-build.sh), when there
        d = f"{HD}/build/{run}-after"
        u = rw["url_of"](f"{HD}/{run}", "docusaurus/docs", "docusaurus", page)
        return f"{d}{u}/index.html" if os.path.isdir(d) else None
    return None
def heading_el(path, i):
    if not os.path.exists(path): return f"MISSING {path}"
    h = re.search(r"<h(\d)[^>]*\bid=\"" + re.escape(i) + r"\"[^>]*>(.*?)</h\1>", open(path, encoding="utf-8").read(), re.S)
    if not h: return "NO SUCH ID"
    txt = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", h.group(2))).strip()[:70]
    return f'<h{h.group(1)} id="{i}"> {txt}'
def final(log):
    """(page, old id at base) -> final id, chains followed."""
    cur = {}
    for s in log:
        k = next((k for k, v in cur.items() if v == (s["page"], s["old_id"])), (s["page"], s["old_id"]))
        cur[k] = (s["page"], s["new_id"])
    return {k: v[1] for k, v in cur.items()}
def fixes(run):
    out = []
    if run.endswith("steps"):
        for s in json.load(open(f"{HD}/out/{run}-reword-steps.json")):
            for f, ln, ch in pairs(s["step_diff"]):
                for o, n in ch: out.append((run, s["step"], f, ln, o, n, {(s["page"], s["old_id"]): s["new_id"]}))
    else:
        p = f"{HD}/out/{run}-fix.diff"
        for f, ln, ch in pairs(open(p).read() if os.path.exists(p) else ""):
            for o, n in ch: out.append((run, "batch", f, ln, o, n, None))
    return out
FAMS = [("nomicon", ["nomicon", "nomicon-steps"]), ("cra", ["cra", "cra-steps"]), ("kind", ["kind", "kind-steps"]),
        ("mkdocs", ["mkdocs-nohooks", "mkdocs-nhsteps"]), ("mkdocs", ["mkdocs", "mkdocs-steps"])]
texts = {}
for fam in ("cra",):
    for s in json.load(open(f"{HD}/out/{fam}-reword.json")):
        texts[s["new"]] = rw["plain"](re.sub(r"^\s*#+\s*|\s+#+\s*$", "", s["new"]))
sl = dict(zip(texts, gslug(list(texts.values()))))
bad = total = 0
for fam, runs in FAMS:
    log = json.load(open(f"{HD}/out/{fam}-reword.json")); fin = final(log)
    newtext = {}
    for s in log: newtext.setdefault((s["page"], s["new_id"]), s["new"])
    rows = sum((fixes(r) for r in runs), [])
    for run, step, f, ln, o, n, m in rows:
        m = m or fin
        cands = [(p, v) for (p, oo), v in m.items() if "#" + oo == o]
        ok = any("#" + v == n for p, v in cands)
        ev = ""
        for p, v in cands:
            if "#" + v != n: continue
            if v not in fin.values():  # a step's id that a later step reworded again: the log, not the final build
                if fam == "cra": ok = ok and sl.get(newtext.get((p, v))) == v
                ev = "reworded again later"; continue
            if fam == "cra":
                g = sl.get(newtext.get((p, v)))
                ev = f"github-slugger '{g}'"; ok = ok and g == v
                b = built(fam, run, p)
                if b: ev += "; " + heading_el(b, v); ok = ok and not ev.endswith(("NO SUCH ID",)) and "MISSING" not in ev
            else:
                ev = heading_el(built(fam, run, p), v); ok = ok and not ev.startswith(("NO", "MISSING"))
        total += 1
        if not ok: bad += 1; print("  BAD", run, step, f, ln, o, n, cands, ev)
print(f"all fixes against the log and the built ids: {total} checked, {bad} bad")
for fam, runs in FAMS:
    log = json.load(open(f"{HD}/out/{fam}-reword.json"))
    newtext = {}
    for s in log: newtext.setdefault((s["page"], "#" + s["new_id"]), s)
    rows = sum((fixes(r) for r in runs), [])
    random.seed(51)
    batch = [r for r in rows if r[1] == "batch"]; steps = [r for r in rows if r[1] != "batch"]
    # the draw of headings-2026-12-01-fixes.py: per changed line, not per fragment
    lines = lambda rs: list(dict.fromkeys((r[0], r[1], r[2], r[3]) for r in rs))
    bl, sl_ = lines(batch), lines(steps)
    pick = random.sample(bl, min(10, len(bl))); pick += random.sample(sl_, min(10 - len(pick), len(sl_)))
    print(f"== {fam} ({', '.join(runs)}): {len(bl)} batch lines, {len(sl_)} step lines; judged {len(pick)}")
    for run, step, f, ln in pick:
        line = open(f"{HD}/{run}/{f}", encoding="utf-8").read().split("\n")[ln - 1].strip()
        for r in rows:
            if r[:4] != (run, step, f, ln): continue
            o, n = r[4], r[5]
            s = next((s for s in log if "#" + s["new_id"] == n), None)
            links = re.findall(r"[^\s(\[<\"']*" + re.escape(n) + r"\b", line)
            ev = ""
            if s:
                b = built(fam, run, s["page"])
                ev = heading_el(b, n[1:]) + f"  [{os.path.relpath(b, HD)}]" if b else ""
                if fam == "cra": ev = f"github-slugger '{sl.get(s['new'])}' of '{texts.get(s['new'])}'; " + ev
            print(f"  {run} {step} {f}:{ln}  {o} -> {n}\n     link: {links}\n     heading (step {s and s['step']}): {s and s['page']}: {s and s['new'].strip()}\n     built: {ev}")
