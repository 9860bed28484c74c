#!/usr/bin/env python3
"""Test of urilint-parallel.sh (GNU parallel, paths route): on each tree,
for extract and check, the shards' output concatenated in order (summary
records and the `label` field taken out) equals one
`urilint extract|check --isolated --format jsonl ROOT` run byte for byte,
and the exit statuses say failed (1) and incomplete (3) apart.

    python3 examples/parallel/test_parallel.py [--urilint target/release/urilint]

Skips (exit status 0, with a message) when GNU parallel is not installed.
Trees: fixtures/, a generated tree of awkward names and formats (the one
examples/spark/test_job.py makes), and ../shared/corpus beside the
repository (skipped when absent).
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SCRIPT = os.path.join(HERE, "urilint-parallel.sh")
sys.path.insert(0, os.path.join(REPO, "examples", "spark"))
from test_job import first_difference, make_tree, urilint, without_summaries  # noqa: E402


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--urilint", default=os.path.join(REPO, "target", "release", "urilint"))
    p.add_argument("--corpus", default=os.path.join(REPO, "..", "shared", "corpus"))
    return p.parse_args()


def run_script(args, cwd):
    return subprocess.run(["bash", SCRIPT] + args, cwd=cwd, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE)


def check_tree(binary, root, cwd, names, tmp):
    """extract and check on ROOT (read from cwd) in shards of `names` names."""
    for command in ("extract", "check"):
        single = urilint(binary, [command, "--isolated", "--format", "jsonl"]
                         + (["--exit-zero"] if command == "check" else []) + [root], cwd)
        listed = urilint(binary, ["files", "--isolated", "-0"]
                         + (["--check"] if command == "check" else []) + [root], cwd, b"\0")
        out = os.path.join(tmp, f"{command}.jsonl")
        started = time.monotonic()
        proc = run_script(["-j", "2", "-n", str(names), "-u", binary, command, root, out], cwd)
        seconds = time.monotonic() - started
        if proc.returncode != 0:
            raise AssertionError(f"{command} {root}: exit status {proc.returncode}\n"
                                 + proc.stderr.decode("utf-8", "replace"))
        assert not os.path.exists(out + ".partial"), f"{out}.partial left behind"
        with open(out, "rb") as f:
            lines = f.read().split(b"\n")
        assert lines[-1] == b"", f"{out} does not end with a newline"
        got, summaries = without_summaries(lines[:-1])
        first_difference(f"{root} ({command})", single, got)
        assert summaries == len(listed), f"{root}: {summaries} summaries, {len(listed)} files"
        shards = len({line.rsplit(b'"label":', 1)[1] for line in lines[:-1]})
        print(f"  {command}: {len(listed)} files in {shards} shards of up to {names} names, "
              f"{len(single)} records byte for byte as the single run ({seconds:.2f} s)")


def check_statuses(binary, root, cwd, tmp):
    """A failing task: exit 1, no OUT; a lost summary: exit 3, OUT.partial."""
    out = os.path.join(tmp, "records")
    wrapper = os.path.join(tmp, "fails")
    with open(wrapper, "w") as f:  # urilint, whose extract tasks fail
        f.write(f'#!/bin/sh\n[ "$1" = extract ] && exit 2\nexec "{binary}" "$@"\n')
    os.chmod(wrapper, 0o755)
    with open(out, "wb") as f:
        f.write(b"an earlier run's\n")
    proc = run_script(["-n", "3", "-u", wrapper, "extract", root, out], cwd)
    assert proc.returncode == 1, f"failing task: exit status {proc.returncode}"
    assert not os.path.exists(out), "failing task: an earlier OUT was left in place"
    assert b"FAILED" in proc.stderr, proc.stderr
    with open(wrapper, "w") as f:  # urilint, whose extract loses the first summary
        f.write(f'#!/bin/sh\n[ "$1" = extract ] || exec "{binary}" "$@"\n'
                f'"{binary}" "$@" | sed \'/"kind":"summary"/{{x;/./{{x;b}};x;h;d}}\'\n')
    proc = run_script(["-n", "1000", "-u", wrapper, "extract", root, out], cwd)
    assert proc.returncode == 3, (f"lost summary: exit status {proc.returncode}\n"
                                  + proc.stderr.decode("utf-8", "replace"))
    assert not os.path.exists(out) and os.path.exists(out + ".partial"), \
        "lost summary: the records are not marked partial"
    assert b"INCOMPLETE" in proc.stderr, proc.stderr
    print("  a failing task: exit status 1, no OUT; a lost summary: exit status 3, "
          "OUT.partial only")


def main():
    opts = parse_args()
    if shutil.which("parallel") is None:
        print("SKIP: GNU parallel is not installed (apt-get install parallel): "
              "examples/parallel is not tested")
        return
    version = subprocess.run(["parallel", "--version"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True).stdout.split("\n")[0]
    binary = os.path.abspath(opts.urilint)
    if not os.access(binary, os.X_OK):
        sys.exit(f"no urilint binary at {binary} (cargo build --release, or --urilint)")
    started = time.monotonic()
    print(f"{version}; {binary}")
    with tempfile.TemporaryDirectory(prefix="urilint-parallel-") as tmp:
        root = make_tree(tmp)
        print(f"== a generated tree ({root})")
        check_tree(binary, root, tmp, 2, tmp)
        check_statuses(binary, root, tmp, tmp)
        print("== fixtures/")
        check_tree(binary, "fixtures/", REPO, 40, tmp)
        corpus = os.path.normpath(opts.corpus)
        if os.path.isdir(corpus):
            print(f"== {os.path.relpath(corpus, REPO)}")
            check_tree(binary, os.path.relpath(corpus, REPO), REPO, 1000, tmp)
        else:
            print(f"== {corpus} is absent: the shared corpus part is skipped")
    print(f"OK ({time.monotonic() - started:.1f} s)")


if __name__ == "__main__":
    main()
