#!/usr/bin/env python3
"""Latency of `urilint server`: from a `didChange` to its diagnostics.

Starts `urilint server` (the release build by default), opens a
5,000-line Markdown document made of this repository's own Markdown
(README.md and docs/*.md, repeated; links, headings, tables, code blocks)
with broken URIs mixed in (fixtures/editors/notes.md), then types one
character at a time: N `didChange` notifications (incremental, one
character inserted at the end of a line in the middle of the document),
spaced past the debounce, each timed from the moment it is written to the
moment the `publishDiagnostics` carrying its version is read. Reports the
median, p90 and max in milliseconds, for each debounce asked for (the
server waits `debounceMs` after the last change before it checks; that
part of the latency is the debounce, the rest is the check and the I/O).

The document is never written to disk: it stands at
`docs/lsp-latency-bench.md` of this checkout (the workspace folder), so
that its relative links are checked against the real tree (`links`
true), as in an editor.

Python 3 standard library only. Usage (from the repository root):

    cargo build --release
    python3 benches/lsp_latency.py                      # debounceMs 20 and 0
    python3 benches/lsp_latency.py --debounce 20 --no-links
"""

import argparse
import json
import os
import queue
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def document(lines):
    """`lines` lines of real Markdown with broken URIs among them."""
    sources = [os.path.join(ROOT, "README.md")]
    docs = os.path.join(ROOT, "docs")
    sources += sorted(
        os.path.join(docs, n) for n in os.listdir(docs) if n.endswith(".md")
    )
    with open(os.path.join(ROOT, "fixtures", "editors", "notes.md"), encoding="utf-8") as f:
        broken = f.read().splitlines()
    out = []
    while len(out) < lines:
        for path in sources:
            with open(path, encoding="utf-8") as f:
                out.extend(f.read().splitlines())
            out.append("")
            out.extend(broken)
            out.append("")
            if len(out) >= lines:
                break
    return "\n".join(out[:lines]) + "\n"


class Server:
    def __init__(self, binary):
        self.proc = subprocess.Popen(
            [binary, "server"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        self.messages = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.messages.put((time.perf_counter(), None))
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            body = out.read(length)
            self.messages.put((time.perf_counter(), json.loads(body)))

    def send(self, message):
        """Writes `message`; returns when the writing began (a reply can be
        read before the write returns)."""
        body = json.dumps(message).encode("utf-8")
        framed = b"Content-Length: %d\r\n\r\n" % len(body) + body
        at = time.perf_counter()
        self.proc.stdin.write(framed)
        self.proc.stdin.flush()
        return at

    def notify(self, method, params):
        return self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == self.next_id and "method" not in m)[1]

    def wait(self, want, timeout=60):
        deadline = time.perf_counter() + timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                sys.exit("no answer from the server within %d s" % timeout)
            at, m = self.messages.get(timeout=left)
            if m is None:
                sys.exit("the server exited")
            if want(m):
                return at, m

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        return self.proc.wait(timeout=30)


def percentile(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def run(args, debounce):
    text = document(args.lines)
    root = "file://" + ROOT
    uri = root + "/docs/lsp-latency-bench.md"
    server = Server(args.urilint)
    server.request(
        "initialize",
        {
            "processId": os.getpid(),
            "rootUri": root,
            "workspaceFolders": [{"uri": root, "name": "urilint"}],
            "capabilities": {"general": {"positionEncodings": ["utf-16"]}},
            "initializationOptions": {"links": args.links, "debounceMs": debounce},
        },
    )
    server.notify("initialized", {})

    def published(version):
        return lambda m: (
            m.get("method") == "textDocument/publishDiagnostics"
            and m["params"]["uri"] == uri
            and m["params"].get("version") == version
        )

    sent = server.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}},
    )
    at, m = server.wait(published(1))
    open_ms = (at - sent) * 1000
    findings = len(m["params"]["diagnostics"])

    # Typing at the end of a line in the middle of the document (UTF-16
    # columns, as negotiated).
    lines = text.split("\n")
    line = len(lines) // 2
    while not lines[line].strip():
        line += 1
    column = len(lines[line].encode("utf-16-le")) // 2
    latencies = []
    for i in range(args.changes):
        version = i + 2
        time.sleep(args.interval)
        sent = server.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [
                    {
                        "range": {
                            "start": {"line": line, "character": column + i},
                            "end": {"line": line, "character": column + i},
                        },
                        "text": "abcdefghijklmnopqrstuvwxyz"[i % 26],
                    }
                ],
            },
        )
        at, _ = server.wait(published(version))
        latencies.append((at - sent) * 1000)
    status = server.close()
    return {
        "debounceMs": debounce,
        "links": args.links,
        "lines": len(text.splitlines()),
        "bytes": len(text.encode("utf-8")),
        "findings": findings,
        "open_ms": open_ms,
        "changes": len(latencies),
        "median_ms": statistics.median(latencies),
        "p90_ms": percentile(latencies, 90),
        "max_ms": max(latencies),
        "min_ms": min(latencies),
        "exit_status": status,
    }


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--urilint", default=os.path.join(ROOT, "target", "release", "urilint"))
    p.add_argument("--lines", type=int, default=5000)
    p.add_argument("--changes", type=int, default=50)
    p.add_argument("--interval", type=float, default=0.1, help="seconds between changes")
    p.add_argument(
        "--debounce", default="20,0", help="debounceMs values, comma-separated (default 20,0)"
    )
    p.add_argument("--no-links", dest="links", action="store_false",
                   help="initializationOptions.links false (no L001/L002)")
    p.add_argument("--json", action="store_true", help="one JSON object a run")
    args = p.parse_args()
    if not os.access(args.urilint, os.X_OK):
        sys.exit("%s not found: cargo build --release" % args.urilint)
    for debounce in [int(d) for d in args.debounce.split(",")]:
        r = run(args, debounce)
        if args.json:
            print(json.dumps(r))
            continue
        print(
            "debounceMs %(debounceMs)d, links %(links)s: %(lines)d lines, %(bytes)d bytes,"
            " %(findings)d findings; didOpen to diagnostics %(open_ms).1f ms;"
            " %(changes)d changes: median %(median_ms).1f ms, p90 %(p90_ms).1f ms,"
            " max %(max_ms).1f ms, min %(min_ms).1f ms"
            " (of which the debounce: %(debounceMs)d ms)" % r
        )


if __name__ == "__main__":
    main()
