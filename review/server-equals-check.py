#!/usr/bin/env python3
"""Does `urilint server` say what `urilint check` says? (issue 47)

For a tree DIR: runs `urilint check --format jsonl --column-unit utf16`
(with `--links local` when --links is given) over it, then starts
`urilint server` with DIR as its workspace folder (`links` as asked),
opens every file that check reported on and up to --clean files it did
not (Markdown, reStructuredText, HTML, text), each with its text as on
disk, and compares the `publishDiagnostics` of each (code, 0-based line,
UTF-16 character of the start) with check's findings in that file.
Prints each difference and a summary line; exits 1 on a difference.

    cargo build --release
    python3 review/server-equals-check.py [--links] [--urilint BIN] DIR...

Python 3 standard library only; the LSP client is benches/lsp_latency.py's.
"""

import argparse
import json
import os
import subprocess
import sys
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "benches"))
from lsp_latency import Server  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KINDS = {".md": "markdown", ".rst": "restructuredtext", ".html": "html", ".txt": "plaintext", ".adoc": "asciidoc"}


def check(binary, tree, links):
    args = [binary, "check", "--format", "jsonl", "--column-unit", "utf16", "-j1"]
    if links:
        args += ["--links", "local"]
    out = subprocess.run(args + ["."], cwd=tree, capture_output=True).stdout
    found = {}
    for line in out.decode("utf-8", "replace").splitlines():
        r = json.loads(line)
        if "code" not in r or "path" not in r:
            continue
        path = os.path.normpath(os.path.join(tree, r["path"]))
        found.setdefault(path, []).append((r["code"], r["line"] - 1, r["column"] - 1))
    return found


def clean_files(tree, found, most):
    out = []
    for d, dirs, files in os.walk(tree):
        dirs[:] = sorted(x for x in dirs if not x.startswith(".") and x not in ("node_modules", "target"))
        for f in sorted(files):
            p = os.path.join(d, f)
            if os.path.splitext(f)[1] in KINDS and p not in found:
                out.append(p)
                if len(out) >= most:
                    return out
    return out


def server_findings(binary, tree, files, links):
    root = "file://" + urllib.parse.quote(os.path.abspath(tree))
    server = Server(binary)
    server.request("initialize", {
        "processId": os.getpid(), "rootUri": root,
        "workspaceFolders": [{"uri": root, "name": "tree"}],
        "capabilities": {"general": {"positionEncodings": ["utf-16"]}},
        "initializationOptions": {"links": links, "debounceMs": 0},
    })
    server.notify("initialized", {})
    got = {}
    for p in files:
        try:
            with open(p, encoding="utf-8") as f:
                text = f.read()
        except (UnicodeDecodeError, OSError):
            continue
        uri = "file://" + urllib.parse.quote(os.path.abspath(p))
        kind = KINDS.get(os.path.splitext(p)[1], "plaintext")
        server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": kind, "version": 1, "text": text}})
        try:
            _, m = server.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri, timeout=20)
        except Exception:  # noqa: BLE001 (queue.Empty: no answer)
            print(f"NO DIAGNOSTICS published for {p}")
            got[p] = None
            continue
        got[p] = sorted((d.get("code"), d["range"]["start"]["line"], d["range"]["start"]["character"]) for d in m["params"]["diagnostics"])
        server.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    server.close()
    return got


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--urilint", default=os.path.join(ROOT, "target", "release", "urilint"))
    ap.add_argument("--links", action="store_true")
    ap.add_argument("--clean", type=int, default=50, help="files without findings opened too")
    ap.add_argument("trees", nargs="+")
    args = ap.parse_args()
    differ = 0
    for tree in args.trees:
        found = check(args.urilint, tree, args.links)
        files = sorted(found) + clean_files(tree, found, args.clean)
        got = server_findings(args.urilint, tree, files, args.links)
        same = 0
        for p in files:
            if p not in got:
                continue
            want = sorted(found.get(p, []))
            if got[p] is None:
                differ += 1
                continue
            if want == got[p]:
                same += 1
            else:
                differ += 1
                print(f"DIFFERENT {p}: check {want[:6]} server {got[p][:6]}")
        print(f"{tree}: {same} of {len(got)} files the same ({sum(len(v) for v in found.values())} findings of check)")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
