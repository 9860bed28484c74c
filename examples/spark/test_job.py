#!/usr/bin/env python3
"""Test of urilint_job.py: in local mode, on each tree and for both routes,
the job's extract records (summary records and the `label` field taken
out) equal one `urilint extract --isolated --format jsonl ROOT` run, and
its findings per rule equal one `urilint check` run's; and the job's exit
status (main(), in the shared session) says failed (1) and incomplete (3)
apart, leaving no --records-out file but a complete one.

    python3 examples/spark/test_job.py [--urilint target/release/urilint]

Run from anywhere, with a Python that has pyspark (and Java 17 or later).
Trees: fixtures/, a generated tree of awkward names and formats, and
../shared/corpus beside the repository (skipped when absent). Paths
route: the same lines in the same order, byte for byte. Contents route:
the same records, field for field.
"""

import argparse
import collections
import contextlib
import gzip
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
JOB = os.path.join(HERE, "urilint_job.py")
LABEL = re.compile(rb',"label":"shard-[0-9]+"\}$')


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--urilint", default=os.path.join(REPO, "target", "release", "urilint"))
    p.add_argument("--corpus", default=os.path.join(REPO, "..", "shared", "corpus"))
    p.add_argument("--shards", type=int, default=3)
    p.add_argument("--master", default="local[2]")
    return p.parse_args()


def urilint(binary, args, cwd, sep=b"\n"):
    """urilint's output, split at `sep` (each item ends with it)."""
    proc = subprocess.run([binary] + args, cwd=cwd, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE)
    if proc.returncode != 0:
        raise AssertionError(f"urilint {' '.join(args)}: exit status {proc.returncode}\n"
                             + proc.stderr.decode("utf-8", "replace"))
    items = proc.stdout.split(sep)
    assert items[-1] == b"", f"urilint {' '.join(args)}: the output does not end with {sep!r}"
    return items[:-1]


def job_argv(opts, root, route, tmp):
    return [root, "--master", opts.master, "--urilint", opts.urilint,
            "--route", route, "--shards", str(opts.shards),
            "--out", os.path.join(tmp, "out"), "--records-out", os.path.join(tmp, "records"),
            "--conf", "spark.ui.enabled=false", "--conf", "spark.ui.showConsoleProgress=false"]


def job_output(tmp):
    with open(os.path.join(tmp, "records"), "rb") as f:
        lines = f.read().split(b"\n")
    assert lines[-1] == b"", "--records-out does not end with a newline"
    with open(os.path.join(tmp, "out", "report.json")) as f:
        return lines[:-1], json.load(f)


def run_job_cli(opts, root, route, cwd, tmp):
    """The job as a user runs it: its own process and Spark session."""
    proc = subprocess.run([sys.executable, JOB] + job_argv(opts, root, route, tmp), cwd=cwd,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        raise AssertionError(f"the job failed (exit status {proc.returncode}):\n"
                             + proc.stdout + proc.stderr[-8000:])
    sys.stdout.write("".join("    " + l + "\n" for l in proc.stdout.splitlines()))
    return job_output(tmp)


class InProcess:
    """The job's run() in one Spark session shared by the runs (a session
    and a cold JVM cost half a minute on a small machine)."""

    def __init__(self):
        self.spark = None

    def __call__(self, opts, root, route, cwd, tmp):
        import urilint_job
        args = urilint_job.parse_args(job_argv(opts, root, route, tmp))
        if self.spark is None:
            started = time.monotonic()
            self.spark = urilint_job.build_session(args)
            self.session_start = time.monotonic() - started
            self.spark.sparkContext.setLogLevel("ERROR")
            self.spark.sparkContext.addPyFile(JOB)  # the executors import the module
        here = os.getcwd()
        os.chdir(cwd)
        try:
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                urilint_job.run_and_report(self.spark, args, self.session_start)
        finally:
            os.chdir(here)
        sys.stdout.write("".join("    " + l + "\n" for l in printed.getvalue().splitlines()))
        return job_output(tmp)

    def stop(self):
        if self.spark is not None:
            self.spark.stop()


def without_summaries(lines):
    """The records as one run prints them: summary records out, and the
    `label` field (last in every record) out, byte for byte."""
    records, summaries = [], 0
    for i, line in enumerate(lines):
        if json.loads(line).get("kind") == "summary":
            summaries += 1
            continue
        stripped = LABEL.sub(b"}", line)
        assert stripped != line, f"record {i + 1} has no label field last: {line[:300]!r}"
        records.append(stripped)
    return records, summaries


def first_difference(what, expected, got, parse=False):
    """Fail with the first line where `got` differs from `expected`."""
    if parse:
        expected = [json.loads(l) for l in expected]
        got = [json.loads(l) for l in got]
    for i, (e, g) in enumerate(zip(expected, got)):
        if e != g:
            raise AssertionError(
                f"{what}: record {i + 1} differs\n  single run: {e!r:.2000}\n"
                f"  Spark job:  {g!r:.2000}")
    if len(expected) != len(got):
        i = min(len(expected), len(got))
        extra = expected[i] if len(expected) > i else got[i]
        raise AssertionError(
            f"{what}: {len(expected)} records in the single run, {len(got)} from the job; "
            f"the first extra one (record {i + 1}): {extra!r:.2000}")


def check_tree(opts, root, cwd, runners):
    """Both routes on ROOT (read from cwd), each run by runners[route]."""
    expected = urilint(opts.urilint, ["extract", "--isolated", "--format", "jsonl", root], cwd)
    check = urilint(opts.urilint, ["check", "--isolated", "--format", "jsonl", "--exit-zero",
                                   root], cwd)
    per_rule = collections.Counter(json.loads(l)["code"] for l in check)
    files = urilint(opts.urilint, ["files", "--isolated", "-0", root], cwd, b"\0")
    check_files = urilint(opts.urilint, ["files", "--isolated", "--check", "-0", root], cwd,
                          b"\0")
    print(f"  single run: {len(expected)} URIs, {len(check)} findings; "
          f"{len(files)} files, {len(check_files)} for check")
    for route in ("paths", "contents"):
        with tempfile.TemporaryDirectory(prefix="urilint-spark-") as tmp:
            started = time.monotonic()
            lines, report = runners[route](opts, root, route, cwd, tmp)
            print(f"  {route} route: {time.monotonic() - started:.1f} s")
        got, summaries = without_summaries(lines)
        what = f"{root} ({route} route)"
        exact = got == expected
        if route == "paths" or not exact:
            first_difference(what, expected, got, parse=(route == "contents"))
        assert summaries == len(files), f"{what}: {summaries} summaries for {len(files)} files"
        assert report["complete"], f"{what}: {report['problems']}"
        assert report["files"] == {"extract": len(files), "check": len(check_files)}, \
            f"{what}: {report['files']} files listed"
        job_rules = collections.Counter()
        for r in report["findings_by_rule"]:
            job_rules[r["code"]] += r["findings"]
        if job_rules != per_rule:
            diff = {c: (per_rule[c], job_rules[c]) for c in per_rule.keys() | job_rules.keys()
                    if per_rule[c] != job_rules[c]}
            raise AssertionError(f"{what}: findings per rule (single run, job) differ: {diff}")
        totals = report["totals"]
        assert totals["uris"] == len(expected), f"{what}: totals {totals}"
        assert totals["unique_uris"] == len({json.loads(l)["uri"] for l in expected}), what
        assert totals["findings"] == len(check), f"{what}: totals {totals}"
        print(f"  {route} route: the same {len(expected)} records"
              f"{' byte for byte' if exact else ''}, {len(check)} findings")


def check_statuses(opts, root, cwd, tmp, in_process):
    """The job's main() (its exit status), in the shared session, with a
    urilint whose extract fails: status 1 and no records file (an earlier
    one removed); with one that loses a summary record: status 3, the
    records only as FILE.partial."""
    import urilint_job

    class Shared:
        """The shared session, which main() must not stop."""

        def __init__(self, spark):
            self._spark = spark

        def __getattr__(self, name):
            return getattr(self._spark, name)

        def stop(self):
            pass

    out = os.path.join(tmp, "records")
    wrapper = os.path.join(tmp, "wrapped-urilint")
    cases = [
        ("a failing task", 1, f'[ "$1" = extract ] && exit 2\nexec "{opts.urilint}" "$@"\n',
         False),
        # sed drops the first summary record of each extract process
        ("a lost summary", 3, f'[ "$1" = extract ] || exec "{opts.urilint}" "$@"\n'
                              f'"{opts.urilint}" "$@" | '
                              "sed '/\"kind\":\"summary\"/{x;/./{x;b};x;h;d}'\n", True),
    ]
    build_session, here = urilint_job.build_session, os.getcwd()
    urilint_job.build_session = lambda args: Shared(in_process.spark)
    try:
        os.chdir(cwd)
        for what, expected, script, partial in cases:
            with open(wrapper, "w") as f:
                f.write("#!/bin/sh\n" + script)
            os.chmod(wrapper, 0o755)
            with open(out, "wb") as f:
                f.write(b"an earlier run's records\n")
            argv = job_argv(opts, root, "paths", tmp)
            argv[argv.index("--urilint") + 1] = wrapper
            started = time.monotonic()
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
                status = urilint_job.main(argv)
            assert status == expected, (f"{what}: exit status {status}, expected {expected}:\n"
                                        + printed.getvalue()[-8000:])
            assert not os.path.exists(out), f"{what}: {out} exists"
            assert os.path.exists(out + ".partial") == partial, \
                f"{what}: {out}.partial {'absent' if partial else 'present'}"
            print(f"  {what}: exit status {status}, no records file"
                  f"{' (the records in FILE.partial)' if partial else ''} "
                  f"({time.monotonic() - started:.1f} s)")
    finally:
        urilint_job.build_session = build_session
        os.chdir(here)


def check_executor_python():
    """The executors' Python: this interpreter only in local mode; else what
    was asked for (--executor-python, PYSPARK_PYTHON, spark.pyspark.python)
    or Spark's default (None: python3 on the executors' PATH)."""
    import urilint_job
    saved = os.environ.pop("PYSPARK_PYTHON", None)
    try:
        def choice(argv, master, configured=None):
            args = urilint_job.parse_args(["ROOT"] + argv)
            return urilint_job.executor_python(args, master, configured)
        assert choice([], "local[2]") == sys.executable
        assert choice([], "local-cluster[2,1,1024]") == sys.executable
        assert choice([], "spark://127.0.0.1:7077") is None
        assert choice([], "yarn") is None
        assert choice([], "yarn", "/opt/py/bin/python") == "/opt/py/bin/python"
        assert choice(["--executor-python", "/x/python3"], "yarn", "/y") == "/x/python3"
        os.environ["PYSPARK_PYTHON"] = "/env/python3"
        assert choice([], "local[2]") is None  # the variable stands
        assert choice(["--executor-python", "/x/python3"], "local[2]") == "/x/python3"
    finally:
        os.environ.pop("PYSPARK_PYTHON", None)
        if saved is not None:
            os.environ["PYSPARK_PYTHON"] = saved
    print("== the executors' Python: this interpreter in local mode only, else as configured")


def make_tree(base):
    """Awkward names and formats: not UTF-8, a newline, spaces, `_` and
    `.` prefixes, gzip, mail, a binary file, an empty one, a URI cut at the
    end of a file (it must not join the next file's first line), a tests/
    directory (left out by check by default)."""
    root = os.path.join(base, "tree")
    files = {
        b"a.txt": b"See <http://example.org/a> and http://example.com/b.\n",
        b"b-cut.txt": b"broken at the end: <http://example.org/cut-",
        b"c-next.txt": b"here>\nhttp://example.net/next\n",
        b"caf\xe9-latin1.txt": b"caf\xe9 http://example.org/caf%E9\n",
        b"new\nline.txt": b"http://example.org/newline\n",
        b"with space.md": b"[x](https://example.com/space) <http://exa mple.com/>\n",
        b"_under/x.txt": b"http://example.org/underscore\n",
        b".hidden.txt": b"http://example.org/hidden\n",
        b"binary.bin": b"\0\1\2http://example.org/binary\n",
        b"empty.txt": b"",
        b"tests/t.txt": b"http://[::1 is broken and http://-x.example/\n",
        b"mail/m.mbox": b"From a@example.org Mon Jan  1 00:00:00 2024\n"
                        b"From: a@example.org\nSubject: x\n"
                        b"Content-Type: text/plain; charset=utf-8\n"
                        b"Content-Transfer-Encoding: quoted-printable\n\n"
                        b"http://example.org/q=3Dp and http://example.org/very-long-=\n"
                        b"line\n",
    }
    for name, content in files.items():
        path = os.path.join(root.encode(), name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(content)
    with gzip.open(os.path.join(root, "z.txt.gz"), "wb") as f:
        f.write(b"gzipped http://example.org/gz\n")
    return root


def main():
    opts = parse_args()
    opts.urilint = os.path.abspath(opts.urilint)
    if not os.access(opts.urilint, os.X_OK):
        sys.exit(f"no urilint binary at {opts.urilint} (cargo build --release, or --urilint)")
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")  # for a host name that does not resolve
    started = time.monotonic()
    sys.path.insert(0, HERE)
    check_executor_python()
    in_process = InProcess()
    both = {"paths": in_process, "contents": in_process}
    try:
        with tempfile.TemporaryDirectory(prefix="urilint-spark-tree-") as base:
            root = make_tree(base)
            print(f"== a generated tree ({root}): paths route as a command, "
                  "then the job's run() in one Spark session")
            check_tree(opts, root, base, {"paths": run_job_cli, "contents": in_process})
            check_statuses(opts, root, base, base, in_process)
        print("== fixtures/")
        check_tree(opts, "fixtures/", REPO, both)
        corpus = os.path.normpath(opts.corpus)
        if os.path.isdir(corpus):
            print(f"== {os.path.relpath(corpus, REPO)}")
            check_tree(opts, os.path.relpath(corpus, REPO), REPO, both)
        else:
            print(f"== {corpus} is absent: the shared corpus part is skipped")
    finally:
        in_process.stop()
    print(f"OK ({time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
