#!/usr/bin/env python3
"""urilint on Dask (dask.distributed), paths route: list the files once,
run one urilint per contiguous shard of names on the workers, write the
shards' output in list order and check completeness.

    python3 urilint_dask.py ROOT [--command extract|check] [--urilint PATH]
        [--scheduler ADDRESS | --workers N] [--shards N] [--records-out FILE]
        [--config FILE] [--walk-arg ARG]...

Without --scheduler, the job starts a LocalCluster of N worker processes
(one thread each) bound to 127.0.0.1. Each task gets its shard's names as
bytes and runs `urilint COMMAND --isolated -j1 --format jsonl --summary
--label shard-K --files-from - -0` through subprocess; the workers must see
ROOT at the same path (one machine, or a shared mount) and the binary.

Concatenated in shard order, the records (summaries and the `label` field
taken out) equal one `urilint COMMAND --isolated --format jsonl ROOT` run
byte for byte (test_dask.py checks it).

Exit status: 0 complete; 1 failed (a task failed: urilint exited non-zero,
a worker was lost too often; the listing failed; any other error); 2 usage
error; 3 incomplete (every task ran, and the summary records do not name
each listed file exactly once, or records are missing). `--records-out
FILE` is written as FILE.partial and renamed to FILE only when complete.
"""

import argparse
import base64
import collections
import json
import os
import shutil
import subprocess
import sys
import time

EXIT_COMPLETE, EXIT_FAILED, EXIT_USAGE, EXIT_INCOMPLETE = 0, 1, 2, 3
SUMMARY_PREFIX = b'{"kind":"summary",'


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("root", help="the tree (or file) to read")
    p.add_argument("--command", choices=["extract", "check"], default="extract")
    p.add_argument("--urilint", default="urilint",
                   help="the urilint binary: a path (the same on every worker), or a name "
                        "looked up on each worker's PATH")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="a running scheduler (e.g. tcp://127.0.0.1:8786); default: a "
                        "LocalCluster on 127.0.0.1")
    p.add_argument("--workers", type=int, default=2,
                   help="worker processes of the LocalCluster (one thread each; default 2)")
    p.add_argument("--shards", type=int,
                   help="tasks (default: the workers' threads, times 2)")
    p.add_argument("--records-out", metavar="FILE",
                   help="write the records here, in order (as FILE.partial, renamed to FILE "
                        "when complete)")
    p.add_argument("--config", metavar="FILE",
                   help="urilint.toml for the listing and every task (instead of --isolated)")
    p.add_argument("--walk-arg", action="append", default=[], metavar="ARG",
                   help="an argument for the listing, `urilint files` (repeatable)")
    return p.parse_args(argv)


class JobFailed(Exception):
    """The job could not run to its end (exit status 1)."""


def config_args(config):
    return ["--config", config] if config else ["--isolated"]


def find_binary(spec):
    """A path as given, else a name on this machine's PATH."""
    if os.sep in spec:
        return spec
    found = shutil.which(spec)
    if not found:
        raise RuntimeError(f"urilint binary {spec!r} not found on PATH")
    return found


def run_shard(binary_spec, command, config, cwd, k, names):
    """On a worker: one urilint over the shard's names (bytes); its output
    (bytes). A non-zero exit status fails the task with urilint's stderr."""
    argv = [find_binary(binary_spec), command] + config_args(config) + [
        "-j1", "--format", "jsonl", "--summary", "--label", f"shard-{k}"]
    if command == "check":
        argv.append("--exit-zero")
    argv += ["--files-from", "-", "-0"]
    proc = subprocess.run(argv, input=b"".join(n + b"\0" for n in names),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
    if proc.returncode != 0:
        raise RuntimeError(f"shard {k}: {' '.join(argv)} exited with status "
                           f"{proc.returncode}:\n{proc.stderr.decode('utf-8', 'replace')}")
    if proc.stderr:
        sys.stderr.write(proc.stderr.decode("utf-8", "replace"))  # into the worker's log
    return proc.stdout


def list_files(binary, root, command, config, walk_args):
    flags = (["--check"] if command == "check" else []) + list(walk_args)
    proc = subprocess.run([binary, "files", "-0"] + config_args(config) + flags + ["--", root],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        raise JobFailed(f"urilint files exited with status {proc.returncode}:\n"
                        + proc.stderr.decode("utf-8", "replace"))
    return proc.stdout[:-1].split(b"\0") if proc.stdout else []


def summary_name(line):
    d = json.loads(line)
    return base64.b64decode(d["path_bytes"]) if "path_bytes" in d else d["path"].encode()


def summary_records(line):
    return json.loads(line)["records"]


def remove_stale(path):
    for name in (path, path + ".partial"):
        try:
            os.remove(name)
        except FileNotFoundError:
            pass


def run(client, args):
    """The job on a connected client; the report (a dict)."""
    binary = find_binary(args.urilint)
    # Workers get an absolute path when a path was given, else the name.
    spec = os.path.abspath(args.urilint) if os.sep in args.urilint else args.urilint
    cwd = None if os.path.isabs(args.root) else os.getcwd()
    names = list_files(binary, args.root, args.command, args.config, args.walk_arg)
    threads = sum(client.nthreads().values())
    n = max(1, args.shards or 2 * threads)
    bounds = [len(names) * k // n for k in range(n + 1)]
    shards = [names[bounds[k]:bounds[k + 1]] for k in range(n)]  # contiguous, in order

    started = time.monotonic()
    # Every shard is submitted at once; the scheduler runs as many as there
    # are threads. The results are taken in shard order, each released once
    # written.
    futures = [client.submit(run_shard, spec, args.command, args.config, cwd, k, shard,
                             key=f"urilint-{args.command}-shard-{k}-{time.time_ns()}",
                             pure=False) if shard else None
               for k, shard in enumerate(shards)]
    summarised, said, got, out = collections.Counter(), 0, 0, None
    if args.records_out:
        out = open(args.records_out + ".partial", "wb")
    try:
        for k, future in enumerate(futures):
            if future is None:
                continue
            data = future.result()
            futures[k] = None
            if out:
                out.write(data)
            for line in data.split(b"\n")[:-1]:  # every line ends with \n
                if line.startswith(SUMMARY_PREFIX):
                    summarised[summary_name(line)] += 1
                    said += summary_records(line)
                else:
                    got += 1
    finally:
        if out:
            out.close()
        for future in futures:
            if future is not None:
                future.cancel()
    seconds = time.monotonic() - started

    problems = []
    listed = collections.Counter(names)
    for name in sorted(listed.keys() | summarised.keys()):
        if listed[name] != 1 or summarised[name] != 1:
            problems.append(f"{name.decode('utf-8', 'backslashreplace')!r}: listed "
                            f"{listed[name]} times, summarised {summarised[name]} times")
    if said != got:
        problems.append(f"the summaries count {said} records; {got} arrived")
    report = {"root": args.root, "command": args.command, "files": len(names),
              "shards": n, "threads": threads, "records": got, "seconds": round(seconds, 3),
              "complete": not problems, "problems": problems[:20]}
    if args.records_out:
        if report["complete"]:
            os.replace(args.records_out + ".partial", args.records_out)
        report["records_out"] = args.records_out + ("" if report["complete"] else ".partial")
    return report


def main(argv=None):
    args = parse_args(argv)  # a usage error exits 2
    if args.records_out:
        remove_stale(args.records_out)
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError as e:
        print(f"urilint on Dask: FAILED: {e} (pip install -r requirements.txt)",
              file=sys.stderr)
        return EXIT_FAILED
    try:
        started = time.monotonic()
        if args.scheduler:
            cluster, client = None, Client(args.scheduler)
        else:
            cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1,
                                   processes=True, host="127.0.0.1", dashboard_address=None)
            client = Client(cluster)
        start = time.monotonic() - started
        try:
            report = run(client, args)
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
    except JobFailed as e:
        print(f"urilint on Dask: FAILED: {e}", file=sys.stderr)
        return EXIT_FAILED
    except Exception as e:  # a task failed (its urilint's stderr is in e), or Dask did
        print(f"urilint on Dask: FAILED: {type(e).__name__}: {e}", file=sys.stderr)
        return EXIT_FAILED
    print(f"urilint on Dask: {report['command']} {report['root']}: {report['files']} files, "
          f"{report['shards']} shards on {report['threads']} threads, {report['records']} "
          f"records; cluster start {start:.1f} s, job {report['seconds']:.1f} s")
    if "records_out" in report:
        print(f"  records: {report['records_out']}")
    if not report["complete"]:
        for p in report["problems"]:
            print(f"  INCOMPLETE: {p}", file=sys.stderr)
        print(f"urilint on Dask: INCOMPLETE ({len(report['problems'])} problems shown)",
              file=sys.stderr)
        return EXIT_INCOMPLETE
    return EXIT_COMPLETE


if __name__ == "__main__":
    sys.exit(main())
