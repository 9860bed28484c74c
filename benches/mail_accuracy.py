#!/usr/bin/env python3
"""Accuracy of `urilint extract` on raw-MIME mbox archives, message by message.

What it measures
----------------
For every message of the given mbox files it compares two multisets of URIs:

  truth  the URIs urilint finds in the message's text as a reader sees it:
         Python's `email` package (policy=email.policy.default) decodes each
         text/plain and text/html leaf part (transfer encoding, charset), the
         HTML is html.unescape()d, format=flowed text is unflowed (RFC 3676,
         `--no-unflow` to skip), the parts are written one after another with a
         blank line between into one temporary file per message, and ONE run of
         `urilint extract --input-format text --format jsonl` over that
         temporary directory lists the URIs (records are mapped back to the
         message by file name).  The same binary does the scanning on both
         sides, so this measures the mail layer (MIME decoding, parts, headers,
         HTML), not the URI grammar.
  found  the URIs of `urilint extract --format jsonl --no-headers FILE.mbox`
         grouped by the record's `message` field (default mode), or, with
         `--raw-text` (the "before" mode, today's behaviour), of
         `urilint extract --input-format text --format jsonl FILE.mbox` grouped
         by the byte offsets of the `From ` separator lines computed here.

Per archive (the folder of the mbox files) and in total it prints: messages,
truth URIs, found URIs, the share of messages whose two multisets are equal
(target >= 99 %), and precision = |found & truth| / |found| and
recall = |found & truth| / |truth| over all URIs (multiset intersection, per
message), for all URIs and for web links only (scheme http or https).  Then
the differing messages (`--show N` per archive, default 20): file, message
index, Message-ID, and the URIs only in found (+) / only in truth (-), each
with where it was seen (found: segment, part and mbox line; truth: the
decoded part), and the URIs most often only on one side.

With urlscan (https://github.com/firecat53/urlscan; `pip install urlscan`,
e.g. `python3 -m venv /work/venv-urlscan && /work/venv-urlscan/bin/pip
install urlscan`) on PATH, in /work/venv-urlscan/bin or given by
`--urlscan`, a deterministic sample of `--sample N` messages (default 200,
every k-th message over all archives; 0 skips) is fed one by one on standard
input to `urlscan -n -c` (URLs to stdout, no context; no --dedupe, so
duplicates are kept; no --headers, like --no-headers), and its precision and
recall against the same truth are printed, with the URIs urlscan found that
urilint did not and the other way round.

Contract assumed of the mail layer (default mode)
--------------------------------------------------
`urilint extract --format jsonl --no-headers FILE.mbox` (input format
`auto`, or the one given by `--found-input-format`) prints records with the
fields path, line, column, byte_start, byte_end, uri, raw, ... plus
  message         0-based index of the message in the file, in file order,
                  counting every `From ` separator-delimited message
  message_offset  byte offset of the message's `From ` line
  message_id      the Message-ID
  part            {"index": N, "content_type": "text/plain"}
  segment         "text", "header", "html-text", "html-attribute",
                  "html-comment"
`--input-format text` treats a file as flat plain text (today's behaviour).
If `urilint extract --help` does not mention `--input-format` (binaries
before the mail layer) the flag is left out, which is the same behaviour.
Records without a `message` field in the default mode are an error (use
`--raw-text` with such binaries).  `message_offset`, when present, is checked
against the offsets computed here.

The mbox files are read as mboxrd: a message starts at each line beginning
with `From ` (the count is checked against Python's mailbox.mbox), ends
before the blank line preceding the next separator, and body lines
`>From `, `>>From `, ... lose one `>` (Python's mailbox does not unquote).

Usage
-----
  CARGO_TARGET_DIR=/work/targets/measure cargo build --release
  python3 bench/mail_accuracy.py /work/targets/measure/release/urilint \\
      /work/shared/corpus/mail/usrp-users /work/shared/corpus/mail/open-iscsi
  ... --raw-text              today's behaviour (flat text over the mbox)
  ... --show 50 --sample 400  more differing messages, bigger urlscan sample
  ... --json > out.json       machine-readable result on stdout
  ... --keep-ref DIR          keep the decoded per-message texts in DIR
                              (m000123.txt: the message with global number
                              123, as listed) to look at a difference

Arguments are mbox files or directories (their *.mbox files, sorted).
Stdlib only (urlscan optional).  On 2 cores, ~3,500 messages: about 30 s
without urlscan (Python's decoding is most of it, run in `-j` processes),
and urlscan, one process per message (0.5-1 s each), adds 1-2 minutes for
the default sample; `--sample 0` skips it.  Temporary files are removed.
`--skip-header-block` (with --raw-text) leaves out the records in each
message's top-level header block, to separate the header effect from the
MIME-decoding effect in the before figures.
Exit status 0 when the measurement ran (whatever the figures), 2 on a usage
error or a failed urilint run.
"""

import argparse
import bisect
import collections
import concurrent.futures
import email
import email.policy
import html
import json
import mailbox
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

WEB_RE = re.compile(r"(?i)^https?:")
MBOXRD_QUOTE_RE = re.compile(rb"(?m)^>(>*From )")


def die(msg):
    print("mail_accuracy: " + msg, file=sys.stderr)
    sys.exit(2)


# ---------------------------------------------------------------- mbox split

def split_mbox(path):
    """Return [(offset of the `From ` line, message bytes, offset of the
    header block's end)] in file order.

    mboxrd: unquotes `>From ` lines, drops the separator's blank line."""
    with open(path, "rb") as f:
        data = f.read()
    offsets = [0] if data.startswith(b"From ") else []
    offsets += [m.start() + 1 for m in re.finditer(rb"\nFrom ", data)]
    out = []
    for i, off in enumerate(offsets):
        end = offsets[i + 1] if i + 1 < len(offsets) else len(data)
        nl = data.find(b"\n", off, end)
        body = data[nl + 1:end] if nl >= 0 else b""
        if body.endswith(b"\n\n"):
            body = body[:-1]
        elif body.endswith(b"\r\n\r\n"):
            body = body[:-2]
        hdr_end = data.find(b"\n\n", nl, end) if nl >= 0 else -1
        hdr_end = end if hdr_end < 0 else hdr_end + 1
        out.append((off, MBOXRD_QUOTE_RE.sub(rb"\1", body), hdr_end))
    return out


def python_mbox_count(path):
    mb = mailbox.mbox(path, create=False)
    try:
        return len(mb)
    finally:
        mb.close()


# ---------------------------------------------------------------- decoding

def unflow(text, delsp):
    """RFC 3676 format=flowed to plain lines (quote depth kept as '> ')."""
    out = []
    buf = None
    bufdepth = 0
    for line in text.split("\n"):
        line = line.rstrip("\r")
        depth = len(line) - len(line.lstrip(">"))
        body = line[depth:]
        if body.startswith(" "):
            body = body[1:]
        flowed = body.endswith(" ") and body != "-- "
        prefix = ">" * depth + (" " if depth else "")
        if buf is not None and depth != bufdepth:
            out.append(">" * bufdepth + (" " if bufdepth else "") + buf)
            buf = None
        if flowed:
            buf = (buf or "") + (body[:-1] if delsp else body)
            bufdepth = depth
        else:
            out.append(prefix + (buf or "") + body)
            buf = None
    if buf is not None:
        out.append(">" * bufdepth + (" " if bufdepth else "") + buf)
    return "\n".join(out)


def safe_header(msg, name):
    try:
        v = msg.get(name)
        return None if v is None else " ".join(str(v).split())
    except Exception:  # malformed header under policy.default
        try:
            raw = msg.get_all(name, failobj=[None])[0] if hasattr(msg, "get_all") else None
            return None if raw is None else " ".join(str(raw).split())
        except Exception:
            return None


def decode_message(raw, do_unflow=True):
    """Decode one message: (message_id, [part dicts], [problem strings])."""
    problems = []
    try:
        msg = email.message_from_bytes(raw, policy=email.policy.default)
    except Exception as e:  # pragma: no cover - the parser hardly ever raises
        return None, [], ["parse failed: %s: %s" % (type(e).__name__, e)]
    for d in msg.defects:
        problems.append("defect: %s" % type(d).__name__)
    parts = []
    try:
        walk = list(msg.walk())
    except Exception as e:
        problems.append("walk failed: %s: %s" % (type(e).__name__, e))
        walk = []
    for idx, part in enumerate(walk):
        if part.is_multipart():
            continue
        ctype = part.get_content_type()
        if ctype not in ("text/plain", "text/html"):
            continue
        disp = part.get_content_disposition()
        try:
            text = part.get_content()
            if not isinstance(text, str):
                raise TypeError("get_content() gave %s" % type(text).__name__)
        except Exception as e:
            problems.append("part %d %s: %s: %s; decoded as latin-1"
                            % (idx, ctype, type(e).__name__, e))
            try:
                payload = part.get_payload(decode=True) or b""
                text = payload.decode("latin-1")
            except Exception as e2:
                problems.append("part %d %s: skipped (%s)" % (idx, ctype, type(e2).__name__))
                continue
        if ctype == "text/html":
            text = html.unescape(text)
        elif do_unflow and (part.get_param("format") or "").lower() == "flowed":
            text = unflow(text, (part.get_param("delsp") or "").lower() == "yes")
        parts.append({"walk_index": idx, "content_type": ctype,
                      "disposition": disp, "text": text})
    return safe_header(msg, "Message-ID"), parts, problems


def decode_file(job):
    """Worker: split and decode one mbox file."""
    path, do_unflow = job
    msgs = split_mbox(path)
    try:
        py_count = python_mbox_count(path)
    except Exception as e:
        py_count = "error: %s" % e
    out = []
    for i, (off, raw, hdr_end) in enumerate(msgs):
        mid, parts, problems = decode_message(raw, do_unflow)
        out.append({"index": i, "offset": off, "header_end": hdr_end, "message_id": mid,
                    "parts": parts, "problems": problems})
    return path, py_count, out


# ---------------------------------------------------------------- urilint

class Urilint:
    def __init__(self, binary):
        self.binary = binary
        try:
            h = subprocess.run([binary, "extract", "--help"], capture_output=True,
                               text=True, timeout=60)
        except OSError as e:
            die("cannot run %s: %s" % (binary, e))
        self.help = h.stdout + h.stderr
        self.has_input_format = "--input-format" in self.help
        self.has_no_headers = "--no-headers" in self.help

    def run(self, args):
        cmd = [self.binary, "extract", "--format", "jsonl", "--isolated",
               "--no-ignore", "--hidden", "--quiet"] + args
        p = subprocess.run(cmd, capture_output=True)
        if p.returncode != 0:
            sys.stderr.write(p.stderr.decode("utf-8", "replace"))
            die("%s exited %d" % (" ".join(cmd[:12]), p.returncode))
        recs = []
        for line in p.stdout.splitlines():
            if line.strip():
                recs.append(json.loads(line))
        return cmd, recs


def path_key(p):
    return os.path.realpath(p)


# ---------------------------------------------------------------- comparing

def multiset_stats(found, truth):
    inter = sum((found & truth).values())
    return inter, sum(found.values()), sum(truth.values())


def web_only(c):
    return collections.Counter({u: n for u, n in c.items() if WEB_RE.match(u)})


def ratio(a, b):
    return a / b if b else 1.0


class Tally:
    def __init__(self):
        self.messages = self.equal = self.equal_web = 0
        self.inter = self.found = self.truth = 0
        self.winter = self.wfound = self.wtruth = 0

    def add(self, found, truth):
        self.messages += 1
        i, f, t = multiset_stats(found, truth)
        self.inter += i; self.found += f; self.truth += t
        self.equal += found == truth
        wf, wt = web_only(found), web_only(truth)
        i, f, t = multiset_stats(wf, wt)
        self.winter += i; self.wfound += f; self.wtruth += t
        self.equal_web += wf == wt

    def merge(self, o):
        for k, v in vars(o).items():
            setattr(self, k, getattr(self, k) + v)

    def as_dict(self):
        return {
            "messages": self.messages,
            "truth_uris": self.truth, "found_uris": self.found, "common_uris": self.inter,
            "equal_messages": self.equal,
            "equal_pct": 100.0 * ratio(self.equal, self.messages),
            "precision": ratio(self.inter, self.found), "recall": ratio(self.inter, self.truth),
            "web": {"truth_uris": self.wtruth, "found_uris": self.wfound,
                    "common_uris": self.winter, "equal_messages": self.equal_web,
                    "equal_pct": 100.0 * ratio(self.equal_web, self.messages),
                    "precision": ratio(self.winter, self.wfound),
                    "recall": ratio(self.winter, self.wtruth)},
        }


def fmt_row(name, d):
    w = d["web"]
    return ("%-14s %6d %7d %7d %7.2f%% %6.3f %6.3f | %7d %7d %7.2f%% %6.3f %6.3f"
            % (name[:14], d["messages"], d["truth_uris"], d["found_uris"], d["equal_pct"],
               d["precision"], d["recall"], w["truth_uris"], w["found_uris"], w["equal_pct"],
               w["precision"], w["recall"]))


TABLE_HEAD = ("%-14s %6s %7s %7s %8s %6s %6s | %7s %7s %8s %6s %6s\n"
              % ("archive", "msgs", "truth", "found", "equal", "prec", "recall",
                 "w.truth", "w.found", "w.equal", "w.prec", "w.rec")
              + "%-14s %6s %7s %7s %8s %6s %6s | %s" % ("", "", "", "", "", "", "",
                                                        "(web links: http/https only)"))


# ---------------------------------------------------------------- urlscan

def find_urlscan(given):
    if given:
        return given if os.access(given, os.X_OK) else None
    p = shutil.which("urlscan")
    if p:
        return p
    p = "/work/venv-urlscan/bin/urlscan"
    return p if os.access(p, os.X_OK) else None


def run_urlscan(exe, raw):
    env = dict(os.environ)
    env.setdefault("TERM", "dumb")
    try:
        p = subprocess.run([exe, "-n", "-c"], input=raw, capture_output=True,
                           timeout=120, env=env)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    if p.returncode != 0:
        return None, "exit %d: %s" % (p.returncode,
                                      p.stderr.decode("utf-8", "replace").strip()[-200:])
    urls = [l.strip() for l in p.stdout.decode("utf-8", "replace").splitlines() if l.strip()]
    return collections.Counter(urls), None


# ---------------------------------------------------------------- main

def collect_inputs(paths):
    files = []
    for p in paths:
        if os.path.isdir(p):
            files += sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith(".mbox"))
        elif os.path.isfile(p):
            files.append(p)
        else:
            die("%s: no such file or directory" % p)
    if not files:
        die("no .mbox files given")
    seen, out = set(), []
    for f in files:
        k = path_key(f)
        if k not in seen:
            seen.add(k)
            out.append(os.path.abspath(f))
    return out


def archive_name(path):
    return os.path.basename(os.path.dirname(os.path.abspath(path))) or "."


def counter_lines(c):
    return sorted(c.items())


def main():
    ap = argparse.ArgumentParser(
        description="Per-message URI accuracy of urilint on raw-MIME mbox archives "
                    "(see the header of this file).")
    ap.add_argument("urilint", help="the urilint binary")
    ap.add_argument("paths", nargs="+", help="mbox files or directories of *.mbox")
    ap.add_argument("--raw-text", action="store_true",
                    help="before mode: urilint over the raw mbox as flat text, grouped "
                         "by the `From ` separator offsets")
    ap.add_argument("--skip-header-block", action="store_true",
                    help="with --raw-text: leave out records in each message's top-level "
                         "header block (what --no-headers does in the mail layer)")
    ap.add_argument("--sample", type=int, default=200, metavar="N",
                    help="messages for the urlscan comparison (every k-th; 0 = none; "
                         "default 200)")
    ap.add_argument("--show", type=int, default=20, metavar="N",
                    help="differing messages listed per archive (default 20)")
    ap.add_argument("--json", action="store_true", help="JSON result on stdout")
    ap.add_argument("--urlscan", metavar="PATH", help="the urlscan command")
    ap.add_argument("--found-input-format", metavar="FMT",
                    help="pass --input-format FMT on the found side (default: none, auto)")
    ap.add_argument("--no-unflow", action="store_true",
                    help="reference: keep format=flowed text as get_content() gives it")
    ap.add_argument("--keep-ref", metavar="DIR",
                    help="write the decoded reference texts to DIR and keep them")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2,
                    help="Python decoding processes and urlscan runs at once")
    args = ap.parse_args()

    t0 = time.monotonic()
    timing = collections.OrderedDict()

    def lap(name):
        timing[name] = round(time.monotonic() - t0 - sum(timing.values()), 2)

    log = (lambda *a: print(*a, file=sys.stderr)) if args.json else print
    uri = Urilint(args.urilint)
    files = collect_inputs(args.paths)
    mode = "raw-text" if args.raw_text else "mail"
    if args.skip_header_block:
        if not args.raw_text:
            die("--skip-header-block goes with --raw-text")
        mode += ", header blocks skipped"
    if not args.raw_text and not uri.has_no_headers:
        die("`%s extract --help` has no --no-headers: the mail layer is "
                 "not in this binary; --raw-text measures today's behaviour" % args.urilint)

    # 1. decode (in parallel, one job per file)
    decoded = {}
    problems_total = collections.Counter()
    count_mismatch = []
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        for path, py_count, msgs in pool.imap_unordered(
                decode_file, [(f, not args.no_unflow) for f in files]):
            decoded[path] = msgs
            if py_count != len(msgs):
                count_mismatch.append((path, len(msgs), py_count))
    lap("decode")
    # global numbering in (archive order of arguments, file) order
    messages = []  # list of dicts, global number = position
    for f in files:
        for m in decoded[f]:
            m["file"] = f
            m["archive"] = archive_name(f)
            messages.append(m)
    ref_problem_msgs = []
    attach_parts = 0
    for n, m in enumerate(messages):
        for p in m["problems"]:
            problems_total[p.split(":")[0] if p.startswith("defect") else
                           re.sub(r"^part \d+ ", "part ", p)[:90]] += 1
        if any(not p.startswith("defect") for p in m["problems"]):
            ref_problem_msgs.append(n)
        attach_parts += sum(1 for p in m["parts"] if p["disposition"] == "attachment")

    # 2. reference run over per-message temp files
    tmp = None
    if args.keep_ref:
        refdir = args.keep_ref
        os.makedirs(refdir, exist_ok=True)
    else:
        tmp = tempfile.TemporaryDirectory(prefix="mail_accuracy.")
        refdir = tmp.name
    try:
        spans = {}  # global n -> [(byte start, part dict)]
        for n, m in enumerate(messages):
            chunks, sp, pos = [], [], 0
            for p in m["parts"]:
                b = p["text"].encode("utf-8", "replace")
                if chunks:
                    chunks.append(b"\n\n")
                    pos += 2
                sp.append((pos, p))
                chunks.append(b)
                pos += len(b)
            spans[n] = sp
            with open(os.path.join(refdir, "m%06d.txt" % n), "wb") as f:
                f.write(b"".join(chunks))
        ref_args = (["--input-format", "text"] if uri.has_input_format else []) + [refdir]
        ref_cmd, ref_recs = uri.run(ref_args)
    finally:
        if tmp is not None:
            tmp.cleanup()
    lap("reference run")
    truth = collections.defaultdict(collections.Counter)
    truth_where = collections.defaultdict(dict)
    for r in ref_recs:
        mm = re.match(r"m(\d+)\.txt$", os.path.basename(r["path"]))
        if not mm:
            continue
        n = int(mm.group(1))
        truth[n][r["uri"]] += 1
        sp = spans.get(n, [])
        k = bisect.bisect_right([s for s, _ in sp], r.get("byte_start", 0)) - 1
        if k >= 0 and r["uri"] not in truth_where[n]:
            p = sp[k][1]
            truth_where[n][r["uri"]] = "ref part %d %s%s" % (
                p["walk_index"], p["content_type"],
                " (attachment)" if p["disposition"] == "attachment" else "")

    # 3. found side
    index_of = {}  # (realpath, message index) -> global n
    offsets_of = {}
    for n, m in enumerate(messages):
        index_of[(path_key(m["file"]), m["index"])] = n
        offsets_of.setdefault(path_key(m["file"]), []).append(m["offset"])
    found = collections.defaultdict(collections.Counter)
    found_where = collections.defaultdict(dict)
    found_cmds = []
    anomalies = collections.Counter()
    segments = collections.Counter()
    by_archive_files = collections.OrderedDict()
    for f in files:
        by_archive_files.setdefault(archive_name(f), []).append(f)
    for arch, afiles in by_archive_files.items():
        if args.raw_text:
            fargs = (["--input-format", "text"] if uri.has_input_format else []) + afiles
        else:
            fargs = ["--no-headers"]
            if args.found_input_format:
                fargs += ["--input-format", args.found_input_format]
            fargs += afiles
        cmd, recs = uri.run(fargs)
        found_cmds.append(cmd)
        for r in recs:
            pk = path_key(r["path"])
            if args.raw_text:
                offs = offsets_of.get(pk)
                if offs is None:
                    anomalies["record for an unknown path"] += 1
                    continue
                i = bisect.bisect_right(offs, r["byte_start"]) - 1
                if i < 0:
                    anomalies["record before the first From line"] += 1
                    continue
                if (args.skip_header_block
                        and r["byte_start"] < messages[index_of[(pk, i)]]["header_end"]):
                    anomalies["records in header blocks left out (--skip-header-block)"] += 1
                    continue
                where = "line %d" % r["line"]
            else:
                if "message" not in r:
                    die("records have no `message` field: this urilint "
                             "has no mail layer (use --raw-text for today's behaviour)")
                i = r["message"]
                n = index_of.get((pk, i))
                if n is None:
                    anomalies["message index beyond the messages counted here"] += 1
                    continue
                if "message_offset" in r and r["message_offset"] != messages[n]["offset"]:
                    anomalies["message_offset differs from the From line offset"] += 1
                seg = r.get("segment", "?")
                segments[seg] += 1
                part = r.get("part") or {}
                where = "%s, part %s %s, line %s" % (seg, part.get("index", "?"),
                                                     part.get("content_type", "?"), r.get("line"))
            n = index_of[(pk, i)]
            found[n][r["uri"]] += 1
            found_where[n].setdefault(r["uri"], where)

    lap("found run")
    # 4. compare
    tallies = collections.OrderedDict((a, Tally()) for a in by_archive_files)
    differing = collections.OrderedDict((a, []) for a in by_archive_files)
    only_found_top = collections.OrderedDict((a, collections.Counter()) for a in by_archive_files)
    only_truth_top = collections.OrderedDict((a, collections.Counter()) for a in by_archive_files)
    for n, m in enumerate(messages):
        a = m["archive"]
        fc, tc = found[n], truth[n]
        tallies[a].add(fc, tc)
        if fc != tc:
            of, ot = fc - tc, tc - fc
            only_found_top[a].update(of)
            only_truth_top[a].update(ot)
            differing[a].append({
                "n": n, "file": m["file"], "message": m["index"], "offset": m["offset"],
                "message_id": m["message_id"], "found": sum(fc.values()),
                "truth": sum(tc.values()),
                "only_found": [{"uri": u, "count": c, "where": found_where[n].get(u)}
                               for u, c in counter_lines(of)],
                "only_truth": [{"uri": u, "count": c, "where": truth_where[n].get(u)}
                               for u, c in counter_lines(ot)],
                "reference_problems": [p for p in m["problems"] if not p.startswith("defect")],
            })
    total = Tally()
    for t in tallies.values():
        total.merge(t)

    # 5. urlscan
    us = {"available": False}
    exe = find_urlscan(args.urlscan) if args.sample > 0 else None
    if args.sample > 0 and not exe:
        us["note"] = ("urlscan not found (pip install urlscan, e.g. into /work/venv-urlscan, "
                      "or --urlscan PATH): skipped")
    elif exe:
        k = max(1, len(messages) // args.sample)
        sample = list(range(0, len(messages), k))[:args.sample]
        raw_by_file = {}

        def raw_of(n):
            m = messages[n]
            if m["file"] not in raw_by_file:
                raw_by_file[m["file"]] = split_mbox(m["file"])
            return raw_by_file[m["file"]][m["index"]][1]

        raws = {n: raw_of(n) for n in sample}
        ut, uf = Tally(), Tally()  # urlscan vs truth, urilint vs truth on the sample
        only_us, only_ul = collections.Counter(), collections.Counter()
        ex_us, ex_ul = [], []
        failures = []
        with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as ex:
            results = dict(zip(sample, ex.map(lambda n: run_urlscan(exe, raws[n]), sample)))
        for n in sample:
            uc, err = results[n]
            if uc is None:
                failures.append({"n": n, "error": err})
                continue
            ut.add(uc, truth[n])
            uf.add(found[n], truth[n])
            a, b = uc - found[n], found[n] - uc
            only_us.update(a)
            only_ul.update(b)
            for u in a:
                if len(ex_us) < 12:
                    ex_us.append({"n": n, "uri": u, "in_truth": truth[n][u] > 0})
            for u in b:
                if len(ex_ul) < 12:
                    ex_ul.append({"n": n, "uri": u, "in_truth": truth[n][u] > 0})
        us = {"available": True, "command": [exe, "-n", "-c"], "sample": len(sample),
              "every_kth": k, "failures": failures,
              "urlscan_vs_truth": ut.as_dict(), "urilint_vs_truth": uf.as_dict(),
              "only_urlscan_uris": sum(only_us.values()),
              "only_urilint_uris": sum(only_ul.values()),
              "only_urlscan_top": only_us.most_common(10),
              "only_urilint_top": only_ul.most_common(10),
              "only_urlscan_examples": ex_us, "only_urilint_examples": ex_ul}

    lap("urlscan")
    result = {
        "seconds": timing,
        "mode": mode, "binary": args.urilint,
        "input_format_flag": uri.has_input_format,
        "reference_command": ref_cmd[:-1] + ["TMPDIR(one file per message)"],
        "found_commands": found_cmds,
        "archives": {a: dict(t.as_dict(), differing_messages=len(differing[a]))
                     for a, t in tallies.items()},
        "total": total.as_dict(),
        "reference": {
            "mbox_count_mismatch": count_mismatch,
            "messages_with_decoding_problems": len(ref_problem_msgs),
            "problems": dict(problems_total),
            "text_parts": sum(len(m["parts"]) for m in messages),
            "text_parts_with_attachment_disposition": attach_parts,
            "unflowed": not args.no_unflow,
        },
        "found_anomalies": dict(anomalies),
        "found_segments": dict(segments),
        "urlscan": us,
        "differing": {a: d[:args.show] for a, d in differing.items()},
        "top_only_found": {a: c.most_common(10) for a, c in only_found_top.items()},
        "top_only_truth": {a: c.most_common(10) for a, c in only_truth_top.items()},
    }
    if args.json:
        json.dump(result, sys.stdout, indent=1)
        print()
        return
    report(result, messages, args)


def report(r, messages, args):
    print("urilint mail accuracy, mode %s, binary %s" % (r["mode"], r["binary"]))
    print("  reference: %s" % " ".join(r["reference_command"]))
    for c in r["found_commands"]:
        files = [x for x in c if x.endswith(".mbox")]
        print("  found:     %s" % " ".join([x for x in c if not x.endswith(".mbox")]
                                            + ["<%d mbox files of %s>"
                                               % (len(files), archive_name(files[0]))]))
    ref = r["reference"]
    print("  reference: %d text parts (%d with Content-Disposition: attachment), "
          "%d messages with decoding problems, format=flowed %s"
          % (ref["text_parts"], ref["text_parts_with_attachment_disposition"],
             ref["messages_with_decoding_problems"],
             "unflowed" if ref["unflowed"] else "kept as is"))
    for p, c in sorted(ref["problems"].items(), key=lambda x: -x[1]):
        print("    %5d x %s" % (c, p))
    for path, mine, py in ref["mbox_count_mismatch"]:
        print("  WARNING: %s: %d From-separated messages, Python's mailbox.mbox says %s"
              % (path, mine, py))
    for a, c in r["found_anomalies"].items():
        print("  %s: found side: %d x %s"
              % ("note" if "left out" in a else "WARNING", c, a))
    if r["found_segments"]:
        print("  found records by segment: %s" % ", ".join(
            "%s %d" % kv for kv in sorted(r["found_segments"].items())))
    print("  seconds: %s" % ", ".join("%s %.1f" % kv for kv in r["seconds"].items()))
    print()
    print(TABLE_HEAD)
    for a, d in r["archives"].items():
        print(fmt_row(a, d))
    print(fmt_row("TOTAL", r["total"]))
    print()

    for a, diffs in r["differing"].items():
        n_diff = r["archives"][a]["differing_messages"]
        print("== %s: %d differing messages%s" % (
            a, n_diff, (", the first %d:" % len(diffs)) if n_diff > len(diffs) else ":"))
        for d in diffs:
            print("-- %s #%d  (msg %d, offset %d)  %s   found %d, truth %d"
                  % (os.path.basename(d["file"]), d["message"], d["n"], d["offset"],
                     d["message_id"] or "<no Message-ID>", d["found"], d["truth"]))
            for p in d["reference_problems"]:
                print("     ! reference: %s" % p)
            for sign, key in (("+", "only_found"), ("-", "only_truth")):
                for e in d[key]:
                    print("   %s %s%s%s" % (sign, e["uri"],
                                            "  x%d" % e["count"] if e["count"] > 1 else "",
                                            "   [%s]" % e["where"] if e["where"] else ""))
        for title, key in (("only in found (+)", "top_only_found"),
                           ("only in truth (-)", "top_only_truth")):
            top = r[key][a]
            if top:
                print("   most often %s in %s:" % (title, a))
                for u, c in top:
                    print("     %5d  %s" % (c, u))
        print()

    us = r["urlscan"]
    if not us.get("available"):
        print("urlscan: %s" % us.get("note", "skipped (--sample 0)"))
        return
    print("urlscan side-by-side (%s), %d messages (every %d-th), %d failed"
          % (" ".join(us["command"]), us["sample"], us["every_kth"], len(us["failures"])))
    print(TABLE_HEAD)
    print(fmt_row("urlscan", us["urlscan_vs_truth"]))
    print(fmt_row("urilint", us["urilint_vs_truth"]))
    print("  URIs urlscan found that urilint did not: %d; urilint found that urlscan did not: %d"
          % (us["only_urlscan_uris"], us["only_urilint_uris"]))
    for title, key in (("only urlscan", "only_urlscan_top"), ("only urilint", "only_urilint_top")):
        print("  most often %s:" % title)
        for u, c in us[key]:
            print("     %5d  %s" % (c, u))
    for title, key in (("only urlscan", "only_urlscan_examples"),
                       ("only urilint", "only_urilint_examples")):
        print("  examples, %s (msg number; is the URI in the truth of that message?):"
              % title)
        for e in us[key]:
            print("     msg %-5d %-5s %s" % (e["n"], "yes" if e["in_truth"] else "no", e["uri"]))
    for fl in us["failures"][:5]:
        print("  urlscan failed on msg %d: %s" % (fl["n"], fl["error"]))


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:  # `... | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
