#!/usr/bin/env python3
"""Test of urilint_dask.py (dask.distributed, paths route): on each tree,
for extract and check, the shards' records concatenated in order (summary
records and the `label` field taken out) equal one
`urilint extract|check --isolated --format jsonl ROOT` run byte for byte,
and the exit statuses say failed (1) and incomplete (3) apart.

    python3 examples/dask/test_dask.py [--urilint target/release/urilint]

Run with a Python that has dask[distributed] (requirements.txt); skips
(exit status 0, with a message) when it cannot import it. The first run
starts its own LocalCluster; the others share one that the test starts,
through --scheduler. Everything listens on 127.0.0.1 only. Trees: fixtures/,
a generated tree of awkward names and formats (the one
examples/spark/test_job.py makes), and ../shared/corpus beside the
repository (skipped when absent).
"""

import argparse
import logging
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
JOB = os.path.join(HERE, "urilint_dask.py")
sys.path.insert(0, os.path.join(REPO, "examples", "spark"))
from test_job import first_difference, make_tree, urilint, without_summaries  # noqa: E402


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--urilint", default=os.path.join(REPO, "target", "release", "urilint"))
    p.add_argument("--corpus", default=os.path.join(REPO, "..", "shared", "corpus"))
    return p.parse_args()


def run_job(args, cwd):
    return subprocess.run([sys.executable, JOB] + args, cwd=cwd, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE)


def check_tree(binary, root, cwd, shards, tmp, scheduler):
    """extract and check on ROOT (read from cwd) in `shards` shards."""
    for command in ("extract", "check"):
        single = urilint(binary, [command, "--isolated", "--format", "jsonl"]
                         + (["--exit-zero"] if command == "check" else []) + [root], cwd)
        listed = urilint(binary, ["files", "--isolated", "-0"]
                         + (["--check"] if command == "check" else []) + [root], cwd, b"\0")
        out = os.path.join(tmp, f"{command}.jsonl")
        where = ["--scheduler", scheduler] if scheduler else ["--workers", "2"]
        started = time.monotonic()
        proc = run_job([root, "--command", command, "--urilint", binary, "--shards",
                        str(shards), "--records-out", out] + where, cwd)
        seconds = time.monotonic() - started
        if proc.returncode != 0:
            raise AssertionError(f"{command} {root}: exit status {proc.returncode}\n"
                                 + proc.stderr.decode("utf-8", "replace")[-8000:])
        assert not os.path.exists(out + ".partial"), f"{out}.partial left behind"
        with open(out, "rb") as f:
            lines = f.read().split(b"\n")
        assert lines[-1] == b"", f"{out} does not end with a newline"
        got, summaries = without_summaries(lines[:-1])
        first_difference(f"{root} ({command})", single, got)
        assert summaries == len(listed), f"{root}: {summaries} summaries, {len(listed)} files"
        print(f"  {command}: {len(listed)} files in {shards} shards"
              f"{' (its own LocalCluster)' if not scheduler else ''}, {len(single)} records "
              f"byte for byte as the single run ({seconds:.2f} s)")


def check_statuses(binary, root, cwd, tmp, scheduler):
    """A failing task: exit 1, no OUT; a lost summary: exit 3, OUT.partial."""
    out = os.path.join(tmp, "records")
    wrapper = os.path.join(tmp, "fails")
    with open(wrapper, "w") as f:  # urilint, whose extract tasks fail
        f.write(f'#!/bin/sh\n[ "$1" = extract ] && exit 2\nexec "{binary}" "$@"\n')
    os.chmod(wrapper, 0o755)
    with open(out, "wb") as f:
        f.write(b"an earlier run's\n")
    proc = run_job([root, "--urilint", wrapper, "--shards", "3", "--records-out", out,
                    "--scheduler", scheduler], cwd)
    assert proc.returncode == 1, f"failing task: exit status {proc.returncode}"
    assert not os.path.exists(out), "failing task: an earlier OUT was left in place"
    assert b"FAILED" in proc.stderr, proc.stderr
    with open(wrapper, "w") as f:  # urilint, whose extract loses its first summary
        f.write(f'#!/bin/sh\n[ "$1" = extract ] || exec "{binary}" "$@"\n'
                f'"{binary}" "$@" | sed \'/"kind":"summary"/{{x;/./{{x;b}};x;h;d}}\'\n')
    proc = run_job([root, "--urilint", wrapper, "--shards", "1", "--records-out", out,
                    "--scheduler", scheduler], cwd)
    assert proc.returncode == 3, (f"lost summary: exit status {proc.returncode}\n"
                                  + proc.stderr.decode("utf-8", "replace"))
    assert not os.path.exists(out) and os.path.exists(out + ".partial"), \
        "lost summary: the records are not marked partial"
    assert b"INCOMPLETE" in proc.stderr, proc.stderr
    print("  a failing task: exit status 1, no OUT; a lost summary: exit status 3, "
          "OUT.partial only")


def main():
    opts = parse_args()
    try:
        import dask
        import distributed
        from dask.distributed import LocalCluster
    except ImportError as e:
        print(f"SKIP: dask.distributed cannot be imported ({e}); "
              "pip install -r examples/dask/requirements.txt: examples/dask is not tested")
        return
    binary = os.path.abspath(opts.urilint)
    if not os.access(binary, os.X_OK):
        sys.exit(f"no urilint binary at {binary} (cargo build --release, or --urilint)")
    started = time.monotonic()
    print(f"dask {dask.__version__}, distributed {distributed.__version__}; {binary}")
    with tempfile.TemporaryDirectory(prefix="urilint-dask-") as tmp:
        root = make_tree(tmp)
        print(f"== a generated tree ({root})")
        # silence_logs: the workers' "Compute Failed" of the failing task
        # (expected) stays out of the log; the job's own stderr is checked.
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                          host="127.0.0.1", dashboard_address=None,
                          silence_logs=logging.CRITICAL) as cluster:
            scheduler = cluster.scheduler_address
            assert scheduler.startswith("tcp://127.0.0.1:"), scheduler
            check_tree(binary, root, tmp, 5, tmp, None)
            check_tree(binary, root, tmp, 5, tmp, scheduler)
            check_statuses(binary, root, tmp, tmp, scheduler)
            print("== fixtures/")
            check_tree(binary, "fixtures/", REPO, 6, tmp, scheduler)
            corpus = os.path.normpath(opts.corpus)
            if os.path.isdir(corpus):
                print(f"== {os.path.relpath(corpus, REPO)}")
                check_tree(binary, os.path.relpath(corpus, REPO), REPO, 6, tmp, scheduler)
            else:
                print(f"== {corpus} is absent: the shared corpus part is skipped")
    print(f"OK ({time.monotonic() - started:.1f} s)")


if __name__ == "__main__":
    main()
