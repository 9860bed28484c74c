#!/usr/bin/env python3
"""20 random heading rewordings, seed 51 (issue 51 evaluation, headings half).

usage: headings-2026-12-01-reword.py REPO            draw and apply, commit each
       headings-2026-12-01-reword.py REPO --apply    apply the logged 20 again
                                                     (on a fresh base), commit
                                                     each, no fix
       headings-2026-12-01-reword.py REPO --replay   apply the logged 20 again
                                                     (on a fresh base), with
                                                     `check --since HEAD --fix`
                                                     after each, commit each
Works in $HD_EVAL/REPO (default /tmp/hd-eval), a git repository whose HEAD is
the base. Log: $HD_EVAL/out/REPO-reword.json. REPO may carry a suffix
(`mkdocs-nohooks`, `nomicon-steps`): a variant tree of REPO, which --apply
and --replay give the rewordings logged for REPO.

A step: the docs pages' headings are read (Markdown ATX and setext, outside
fenced code and front matter; reST titles, underlined or over- and
underlined, at column 0), minus each page's first title when it is level 1
(the page's title: the nav and `:doc:` text, not a fragment target; a link
to it names the page), minus headings with explicit attributes (`{#id}`,
`{: ...}`, `{.class}`: their id does not follow the text). Among them, the
ones that at least one link of the docs tree names by fragment (the script's
own reading: Markdown inline links, reference definitions, HTML href, reST
embedded URIs and implicit `Title`_ references; targets resolved as source
files or built URLs; ids minted by a re-implementation of the generator's
slugger) are drawn with random.choice; when there are none, all are drawn
from. The heading's text gets one word appended (random.choice of WORDS, not
its last word); a reST adornment is lengthened to the new title. The step is
committed before the next one is drawn.
"""
import json, os, posixpath, random, re, subprocess, sys, unicodedata
from urllib.parse import unquote, urljoin, urlsplit

BIN = os.environ.get("URILINT", "/work/bin/urilint-s67-start")
HD = os.environ.get("HD_EVAL", "/tmp/hd-eval3")
WORDS = ["overview", "basics", "details", "explained", "notes", "reference"]
# repo: (docs dir, generator, page extensions, site URL prefix of absolute links)
REPOS = {
    "mkdocs": ("docs", "mkdocs", (".md",), None),
    "flask": ("docs", "sphinx", (".rst",), None),
    "nomicon": ("src", "mdbook", (".md",), None),
    "kind": ("site/content", "hugo", (".md",), "https://kind.sigs.k8s.io"),
    "cra": ("docusaurus/docs", "docusaurus", (".md", ".mdx"), "https://create-react-app.dev"),
}
SKIP = {"SUMMARY.md"}  # mdBook's table of contents: its headings are part titles, no page

# ---- slugs -------------------------------------------------------------
def slug(text, gen):
    if gen == "mkdocs":  # Python-Markdown toc.slugify
        v = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
        v = re.sub(r"[^\w\s-]", "", v).strip().lower()
        return re.sub(r"[-\s]+", "-", v)
    if gen == "sphinx":  # docutils nodes.make_id
        v = " ".join(text.lower().split())
        v = unicodedata.normalize("NFKD", v).encode("ascii", "ignore").decode()
        v = re.sub(r"[^a-z0-9]+", "-", v)
        return re.sub(r"^[-0-9]+|-+$", "", v)
    if gen == "mdbook":  # mdbook normalize_id
        return "".join(c.lower() if (c.isalnum() or c in "_-") else "-" if c.isspace() else ""
                       for c in text.strip())
    # github-slugger (Docusaurus), goldmark autoHeadingID github (Hugo)
    return "".join(c if (c.isalnum() or c in "_-") else "-" if c == " " else ""
                   for c in text.strip().lower())

def plain(md):
    """Heading text as the renderer sees it (roughly): links, code, emphasis, tags."""
    t = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", md)
    t = re.sub(r"\[([^\]]*)\]\[[^\]]*\]", r"\1", t)
    t = re.sub(r"<[^>]+>", "", t)
    t = t.replace("`", "").replace("**", "").replace("*", "")
    t = t.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    return t.strip()

# ---- headings ------------------------------------------------------------
ATTR = re.compile(r"\{[:#.][^}]*\}\s*$|\{\s*#[^}]*\}\s*$")
ADORN = re.compile(r"^([!-/:-@\[-`{-~])\1+\s*$")

def md_headings(lines):
    out, fence, i = [], None, 0
    if lines and lines[0].strip() in ("---", "+++"):  # front matter
        end = lines[0].strip()
        for j in range(1, len(lines)):
            if lines[j].strip() == end:
                i = j + 1
                break
    prev_text = None  # index of the last paragraph line (for setext)
    for j in range(i, len(lines)):
        l = lines[j]
        s = l.strip()
        m = re.match(r"^ {0,3}(`{3,}|~{3,})", l)
        if fence:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and not l.strip()[len(m.group(1)):].strip():
                fence = None
            continue
        if m:
            fence, prev_text = m.group(1), None
            continue
        a = re.match(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$", l)
        if a:
            out.append(dict(line=j, level=len(a.group(1)), kind="atx", raw=(a.group(2) or "")))
            prev_text = None
            continue
        if prev_text is not None and re.match(r"^ {0,3}(=+|-+)[ \t]*$", l):
            out.append(dict(line=prev_text, level=1 if s[0] == "=" else 2, kind="setext",
                            raw=lines[prev_text].strip(), under=j))
            prev_text = None
            continue
        if (not s or l.startswith("    ") or l.startswith("\t") or re.match(r"^ {0,3}([>|<]|[-*+] |\d+[.)] |!!!|:::|\{\{)", l)):
            prev_text = None
        else:
            prev_text = j if prev_text is None or True else prev_text
    return out

def rst_headings(lines):
    out, seen = [], []
    for j in range(len(lines) - 1):
        t, u = lines[j], lines[j + 1]
        if not t.strip() or ADORN.match(t) or not ADORN.match(u) or t.startswith(" ") and not (j > 0 and ADORN.match(lines[j - 1])):
            continue
        if t.startswith((" ", "\t")) and not (j > 0 and ADORN.match(lines[j - 1])):
            continue
        if len(u.rstrip()) < len(t.rstrip()) or (j + 2 < len(lines) and lines[j + 2].strip() and not ADORN.match(lines[j + 2])):
            continue
        if t.lstrip().startswith(".. ") or re.match(r"^\s*[-*+] ", t):
            continue
        over = j > 0 and ADORN.match(lines[j - 1]) and lines[j - 1].strip()[0] == u.strip()[0]
        style = ("o" if over else "") + u.strip()[0]
        if style not in seen:
            seen.append(style)
        out.append(dict(line=j, level=seen.index(style) + 1, kind="rst", raw=t.strip(),
                        under=j + 1, over=(j - 1 if over else None)))
    return out

def headings(path, gen):
    lines = open(path, encoding="utf-8").read().split("\n")
    hs = rst_headings(lines) if path.endswith(".rst") else md_headings(lines)
    counts = {}
    for n, h in enumerate(hs):
        h["explicit"] = bool(ATTR.search(h["raw"]))
        text = ATTR.sub("", h["raw"]).strip() if h["kind"] != "rst" else h["raw"]
        base = slug(plain(text) if h["kind"] != "rst" else text.replace("`", "").replace("*", ""), gen)
        k = counts.get(base, 0)
        counts[base] = k + 1
        sep = "_" if gen == "mkdocs" else "-"
        h["id"] = base if k == 0 or gen == "sphinx" else f"{base}{sep}{k}"
        h["title"] = n == 0 and h["level"] == 1
    return hs

# ---- pages and links -----------------------------------------------------
def pages(root, docs, exts):
    out = []
    for d, ds, fs in os.walk(os.path.join(root, docs)):
        ds[:] = sorted(x for x in ds if not x.startswith((".", "_build")))
        for f in sorted(fs):
            if f.endswith(exts) and f not in SKIP:
                out.append(os.path.relpath(os.path.join(d, f), root))
    return sorted(out)

def front(path):
    txt = open(path, encoding="utf-8").read()
    m = re.match(r"^---\n(.*?)\n---", txt, re.S)
    return dict(re.findall(r"^(\w+):\s*['\"]?([^'\"\n]*)['\"]?\s*$", m.group(1), re.M)) if m else {}

def url_of(root, docs, gen, page):
    rel = os.path.relpath(page, docs)
    stem, _ = os.path.splitext(rel)
    d, name = posixpath.split(stem)
    if gen == "mkdocs":
        return "/" + (d + "/" if d else "") if name in ("index", "README") else f"/{stem}/"
    if gen == "sphinx":
        return f"/{stem}.html"
    if gen == "mdbook":
        return "/" + (d + "/" if d else "") + "index.html" if name in ("README", "index") else f"/{stem}.html"
    if gen == "hugo":
        return ("/" + (d + "/" if d else "") if name in ("_index", "index") else f"/{stem}/").lower()
    fm = front(os.path.join(root, page))
    if fm.get("slug"):
        return "/docs/" + fm["slug"].lstrip("/")
    return "/docs/" + posixpath.join(d, fm.get("id", name))

LINK_RES = [re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+[\"'][^)]*)?\)"),
            re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M),
            re.compile(r"\bhref=[\"']([^\"']+)[\"']"),
            re.compile(r"<([^<>`\s]+)>`__?")]

def links(root, docs, gen, plist, site_url):
    """(page, fragment) -> number of links, from the docs tree's pages."""
    urls = {}
    for p in plist:
        u = url_of(root, docs, gen, p)
        urls[u.lower() if gen == "hugo" else u] = p
        urls[(u.rstrip("/") if u != "/" else u).lower() if gen == "hugo" else (u.rstrip("/") or "/")] = p
    found = {}
    for p in plist:
        txt = open(os.path.join(root, p), encoding="utf-8").read()
        txt = re.sub(r"^ {0,3}(```|~~~).*?^ {0,3}\1", "", txt, flags=re.M | re.S)
        targets = [m.group(1) for r in LINK_RES for m in r.finditer(txt)]
        for t in targets:
            if "#" not in t:
                continue
            path, frag = t.split("#", 1)
            if site_url and path.startswith(site_url):
                path = path[len(site_url):] or "/"
            if re.match(r"^[a-z][a-z0-9+.-]*:", path) or path.startswith("//"):
                continue
            tgt = None
            if not path:
                tgt = p
            elif path.endswith((".md", ".mdx", ".rst")) and not path.startswith("/"):
                cand = posixpath.normpath(posixpath.join(posixpath.dirname(p), unquote(path)))
                tgt = cand if cand in plist else None
            else:
                u = urljoin("http://x" + url_of(root, docs, gen, p), path)
                u = urlsplit(u).path
                if gen == "hugo":
                    u = u.lower()
                tgt = urls.get(u) or urls.get(u.rstrip("/")) or urls.get(re.sub(r"\.(md|mdx)$", "", u))
            if tgt:
                key = (tgt, unquote(frag))
                found.setdefault(key, []).append(p)
        if p.endswith(".rst"):  # implicit `Section Title`_ references, same document
            for m in re.finditer(r"(?<![`\w])`([^`<>]+)`_(?!_)", txt):
                found.setdefault((p, "title:" + " ".join(m.group(1).lower().split())), []).append(p)
    return found

def linked(h, page, found, gen):
    ids = {h["id"]}
    keys = [(page, h["id"])]
    if gen == "hugo":
        keys = [k for k in found if k[0] == page and k[1].lower() == h["id"].lower()]
    if h["kind"] == "rst":
        keys.append((page, "title:" + " ".join(h["raw"].lower().split())))
    return sum(len(found.get(k, [])) for k in keys)

# ---- rewording -----------------------------------------------------------
def reword(root, page, h, word):
    path = os.path.join(root, page)
    lines = open(path, encoding="utf-8").read().split("\n")
    l = lines[h["line"]]
    if h["kind"] == "atx":
        m = re.match(r"^( {0,3}#{1,6}[ \t]+)(.*?)((?:[ \t]+#+)?[ \t]*)$", l)
        new = m.group(1) + m.group(2) + " " + word + m.group(3)
    elif h["kind"] == "setext":
        new = l.rstrip() + " " + word
    else:
        new = l.rstrip() + " " + word
        for k in (h["under"], h["over"]):
            if k is not None:
                a = lines[k].rstrip()
                width = len(new) if h["over"] is None else max(len(new) + (len(a) - len(l.rstrip())), len(a))
                if len(a) < width:
                    lines[k] = a[0] * width
    lines[h["line"]] = new
    open(path, "w", encoding="utf-8").write("\n".join(lines))
    return l, new

def git(root, *a):
    return subprocess.run(["git", "-c", "user.email=e@e", "-c", "user.name=e", *a], cwd=root,
                          capture_output=True, text=True)

def main():
    repo = sys.argv[1]
    replay, apply_ = "--replay" in sys.argv, "--apply" in sys.argv
    cfg = repo.split("-")[0]
    docs, gen, exts, site_url = REPOS[cfg]
    root = f"{HD}/{repo}"
    logf = f"{HD}/out/{cfg}-reword.json"
    if replay or apply_:
        log = json.load(open(logf))
        for s in log:
            path = os.path.join(root, s["page"])
            lines = open(path, encoding="utf-8").read().split("\n")
            hs = [h for h in headings(path, gen) if h["line"] == s["line"]]
            assert hs and lines[s["line"]] == s["old"], (s, lines[s["line"]])
            reword(root, s["page"], hs[0], s["word"])
            git(root, "add", "-A")
            git(root, "commit", "-qm", f"reword {s['step']}: {s['page']}:{s['line'] + 1}")
            if apply_:
                print(f"{s['step']:2} {s['page']}:{s['line'] + 1} {s['new'].strip()}")
                continue
            p = subprocess.run([BIN, "check", "--links", "local", "--since", "HEAD~1", "--fix",
                                "--show-fixes", "--format", "plain", "."], cwd=root,
                               capture_output=True, text=True)
            diff = git(root, "diff", "-U0").stdout
            git(root, "add", "-A")
            git(root, "commit", "-qm", f"fix after reword {s['step']}")
            fixes = [x for x in diff.splitlines() if x.startswith("+") and not x.startswith("+++")]
            s.update(step_rc=p.returncode, step_out=p.stdout, step_err=p.stderr, step_fixes=len(fixes),
                     step_diff=diff)
            print(f"{s['step']:2} rc={p.returncode} fixed={len(fixes)} {s['page']}:{s['line'] + 1}")
        if replay:
            json.dump(log, open(f"{HD}/out/{repo}-reword-steps.json", "w"), indent=1)
        return
    random.seed(51)
    log = []
    for step in range(1, 21):
        plist = pages(root, docs, exts)
        found = links(root, docs, gen, plist, site_url)
        cands, all_ = [], []
        for p in plist:
            for h in headings(os.path.join(root, p), gen):
                if h["title"] or h["explicit"] or not h["raw"].strip():
                    continue
                all_.append((p, h))
                n = linked(h, p, found, gen)
                if n:
                    cands.append((p, h, n))
        pool = cands if cands else [(p, h, 0) for p, h in all_]
        page, h, n = random.choice(pool)
        last = h["raw"].split()[-1].lower() if h["raw"].split() else ""
        word = random.choice([w for w in WORDS if w != last])
        old, new = reword(root, page, h, word)
        nh = [x for x in headings(os.path.join(root, page), gen) if x["line"] == h["line"]]
        git(root, "add", "-A")
        git(root, "commit", "-qm", f"reword {step}: {page}:{h['line'] + 1} {old.strip()!r} -> {new.strip()!r}")
        sources = sorted(set(sum((v for k, v in found.items() if k[0] == page and
                                  (k[1] == h["id"] or k[1].lower() == h["id"].lower() and gen == "hugo")), [])))
        log.append(dict(step=step, page=page, line=h["line"], level=h["level"], kind=h["kind"], old=old,
                        new=new, word=word, old_id=h["id"], new_id=nh[0]["id"] if nh else None,
                        links=n, link_pages=sources, pool=len(pool), linked_pool=bool(cands),
                        headings=len(all_)))
        print(f"{step:2} {page}:{h['line'] + 1} links={n} pool={len(pool)}{'' if cands else ' (all)'} "
              f"#{h['id']} -> #{log[-1]['new_id']}  {new.strip()}")
    json.dump(log, open(logf, "w"), indent=1)

if __name__ == "__main__":
    main()
