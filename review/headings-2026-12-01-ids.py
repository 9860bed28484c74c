#!/usr/bin/env python3
"""headings-2026-12-01-ids.py BUILT_DIR [SITE_PREFIX]: an oracle independent of
urilint: every <a href> of the built site's HTML pages that names a fragment of
a page of the same site (relative, root-relative, or under SITE_PREFIX) whose
target file exists, and whose fragment is no id/name of that file. Prints
`page<TAB>href` per broken one (sorted, build dir stripped)."""
import os, re, sys
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit, unquote
root = os.path.abspath(sys.argv[1]); prefix = sys.argv[2] if len(sys.argv) > 2 else None
class P(HTMLParser):
    def __init__(s): super().__init__(convert_charrefs=True); s.ids, s.hrefs = set(), []
    def handle_starttag(s, tag, attrs):
        a = dict(attrs)
        for k in ("id", "name") if tag == "a" else ("id",):
            if a.get(k): s.ids.add(a[k])
        if tag == "a" and a.get("href"): s.hrefs.append(a["href"])
pages = {}
for d, ds, fs in os.walk(root):
    for f in fs:
        if f.endswith(".html"):
            p = P(); p.feed(open(os.path.join(d, f), encoding="utf-8", errors="replace").read())
            pages["/" + os.path.relpath(os.path.join(d, f), root)] = p
def target(u):
    for c in (u, u + "index.html", u + "/index.html", u + ".html"):
        if c in pages: return c
out = set()
for page, p in pages.items():
    for h in p.hrefs:
        if prefix and h.startswith(prefix): h = h[len(prefix):] or "/"
        if "#" not in h or re.match(r"^[a-z][a-z0-9+.-]*:|^//", h): continue
        u = urlsplit(urljoin("http://x" + page, h))
        frag = unquote(u.fragment)
        if not frag: continue
        t = target(unquote(u.path))
        if t and frag not in pages[t].ids: out.add(f"{page}\t{h}")
print("\n".join(sorted(out)))
