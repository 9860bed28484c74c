#!/usr/bin/env python3
"""urilint on Apache Spark: extract and check a tree in shards, then
aggregate the JSON Lines records with Spark SQL.

    python3 urilint_job.py ROOT [--master local[2]] [--urilint PATH]
        [--route paths|contents] [--shards N] [--out DIR] [--records-out FILE]
        [--executor-python PATH]

The driver lists the files with `urilint files -0 ROOT` (the run's own
order and filters), splits the list into N contiguous shards, and each task
runs one `urilint extract` and one `urilint check` on its shard:

  paths     the task gives urilint the file names (`--files-from - -0`)
            and urilint reads the files: ROOT must be visible to every
            executor at the same path (local mode, or a shared mount).
  contents  the task reads the files' bytes itself and sends them to
            urilint as JSON Lines documents (`--stdin-format jsonl`), each
            with the name the single run prints.

Concatenated in shard order, the extract records equal those of one
`urilint extract --format jsonl ROOT` (README.md here; test_job.py checks
it). See README.md beside this file for clusters and limits.

Exit status: 0 complete; 1 failed (a task failed after Spark's retries,
urilint exited non-zero, the listing failed, or any other error); 2 usage
error; 3 incomplete (the job ran to its end, and the completeness check
found a listed file not summarised exactly once, or records missing).
`--records-out FILE` is written as FILE.partial and renamed to FILE only
when the job is complete (exit 0).
"""

import argparse
import base64
import itertools
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import traceback

EXIT_COMPLETE, EXIT_FAILED, EXIT_USAGE, EXIT_INCOMPLETE = 0, 1, 2, 3

# Record fields the aggregation reads (explicit schemas: no inference pass,
# and a record that does not parse fails the job instead of becoming nulls).
EXTRACT_SCHEMA = (
    "path STRING, path_bytes STRING, uri STRING, valid BOOLEAN, "
    "errors ARRAY<STRUCT<code: STRING, message: STRING, offset: LONG>>, label STRING"
)
CHECK_SCHEMA = (
    "path STRING, path_bytes STRING, code STRING, rule STRING, severity STRING, "
    "uri STRING, label STRING"
)
# The host of a URI with an authority (`scheme://[userinfo@]host`); a regex
# rather than parse_url, which throws on invalid URIs under ANSI mode (the
# default since Spark 4).
HOST_REGEX = r"^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?(\[[^\]/?#]*\]|[^\[\]:/?#]*)"
SUMMARY_KEY = b'"kind":"summary"'


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("root", help="the tree (or archive directory, or file) to read")
    p.add_argument("--master", help="Spark master (default: local[2], or spark-submit's)")
    p.add_argument("--urilint", default="urilint",
                   help="the urilint binary: a path, or a name looked up on PATH "
                        "(and among files shipped with spark-submit --files)")
    p.add_argument("--route", choices=["paths", "contents"], default="paths")
    p.add_argument("--shards", type=int, help="tasks (default: Spark's default parallelism)")
    p.add_argument("--out", help="directory to write report.json into")
    p.add_argument("--records-out", metavar="FILE",
                   help="write urilint extract's output here, in order (as FILE.partial, "
                        "renamed to FILE when the job is complete)")
    p.add_argument("--conf", action="append", default=[], metavar="KEY=VALUE",
                   help="a Spark setting (repeatable)")
    p.add_argument("--config", metavar="FILE",
                   help="urilint.toml for the listing and every task (instead of "
                        "--isolated); on a cluster, ship it with --files and give its name")
    p.add_argument("--walk-arg", action="append", default=[], metavar="ARG",
                   help="an argument for the listing, `urilint files` (repeatable; e.g. "
                        "--walk-arg=--hidden --walk-arg=--exclude=vendor)")
    p.add_argument("--executor-python", metavar="PATH",
                   help="the Python the executors run (PYSPARK_PYTHON, spark.pyspark.python); "
                        "default: PYSPARK_PYTHON or spark.pyspark.python when set, else this "
                        "interpreter in local mode, else Spark's default (python3 on the "
                        "executors' PATH)")
    return p.parse_args(argv)


class JobFailed(Exception):
    """The job could not run to its end (exit status 1)."""


# ---------------------------------------------------------------- executors


def find_binary(spec):
    """The urilint to run here (driver or executor): a path as given, else a
    name on PATH, else a file shipped with `spark-submit --files` (SparkFiles,
    or the container's working directory on YARN), made executable if the
    shipping lost the bit."""
    if os.sep in spec:
        return spec
    found = shutil.which(spec)
    if found:
        return found
    from pyspark import SparkFiles
    for candidate in (SparkFiles.get(spec), os.path.join(os.getcwd(), spec)):
        if os.path.isfile(candidate):
            if not os.access(candidate, os.X_OK):
                os.chmod(candidate, os.stat(candidate).st_mode | 0o111)
            return candidate
    raise RuntimeError(f"urilint binary {spec!r} not found (on PATH, or shipped with --files)")


def run_urilint(argv, chunks, cwd, what):
    """Run urilint with `chunks` (bytes) as its standard input; yield its
    output lines (bytes, without the newline) as they come. A non-zero
    exit status fails the task with urilint's standard error."""
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=err, cwd=cwd)
        failure = []

        def feed():
            try:
                for chunk in chunks:
                    proc.stdin.write(chunk)
            except BrokenPipeError:
                pass  # urilint stopped reading: its exit status says why
            except BaseException as e:  # e.g. a file the task could not read
                failure.append(e)
            finally:
                try:
                    proc.stdin.close()
                except BrokenPipeError:
                    pass

        writer = threading.Thread(target=feed, daemon=True)
        writer.start()
        try:
            for line in proc.stdout:
                yield line[:-1] if line.endswith(b"\n") else line
        finally:
            if proc.poll() is None and sys.exc_info()[0] is not None:
                proc.kill()  # the task is failing or was cancelled
                proc.wait()
        status = proc.wait()
        writer.join()
        err.seek(0)
        stderr = err.read().decode("utf-8", "replace")
        if failure:
            raise RuntimeError(f"{what}: feeding urilint failed: {failure[0]!r}") from failure[0]
        if status != 0:
            raise RuntimeError(f"{what}: {' '.join(argv)} exited with status {status}:\n{stderr}")
        if stderr:
            sys.stderr.write(stderr)  # warnings: into the executor's log


def name_chunks(names):
    """The shard's file names for `--files-from - -0`."""
    for name in names:
        yield name + b"\0"


def document_chunks(names, cwd):
    """The shard's files as `--stdin-format jsonl` documents: the name the
    single run prints (`path_bytes` when it is not UTF-8) and the bytes."""
    for name in names:
        with open(os.path.join(cwd.encode() if cwd else b"", name), "rb") as f:
            content = f.read()
        try:
            doc = {"path": name.decode("utf-8")}
        except UnicodeDecodeError:
            doc = {"path_bytes": base64.b64encode(name).decode("ascii")}
        doc["content_base64"] = base64.b64encode(content).decode("ascii")
        yield json.dumps(doc).encode("ascii") + b"\n"


def config_args(config):
    """`--isolated`, or `--config FILE` (found as the binary is on executors)."""
    return ["--config", config] if config else ["--isolated"]


def shard_task(command, route, binary_spec, cwd, config=None):
    """The function mapPartitionsWithIndex runs: one urilint per shard."""

    def task(k, names):
        names = iter(names)
        first = next(names, None)
        if first is None:
            return  # an empty shard: nothing to run
        names = itertools.chain([first], names)
        argv = [find_binary(binary_spec), command] + config_args(config) + ["-j1",
                "--format", "jsonl", "--summary", "--label", f"shard-{k}"]
        if command == "check":
            argv.append("--exit-zero")
        if route == "paths":
            argv += ["--files-from", "-", "-0"]
            chunks = name_chunks(names)
        else:
            argv += ["--stdin-format", "jsonl", "-"]
            chunks = document_chunks(names, cwd)
        yield from run_urilint(argv, chunks, cwd, f"{command} shard {k}")

    return task


def summary_row(line):
    """A summary record, keyed by the exact bytes of its name (hex)."""
    d = json.loads(line)
    name = (base64.b64decode(d["path_bytes"]) if "path_bytes" in d
            else d["path"].encode("utf-8"))
    return (name.hex(), d["path"], d["status"], d["records"], d["errors"], d["bytes"])


# ------------------------------------------------------------------- driver


def list_files(binary, root, command, config=None, walk_args=()):
    """`urilint files -0 ROOT`: the files one `urilint COMMAND ROOT` reads,
    in its order (`--check`: with check's default exclusions)."""
    flags = (["--check"] if command == "check" else []) + list(walk_args)
    proc = subprocess.run([binary, "files", "-0"] + config_args(config) + flags + [root],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        raise JobFailed(f"urilint files exited with status {proc.returncode}:\n"
                        + proc.stderr.decode("utf-8", "replace"))
    out = proc.stdout
    return out[:-1].split(b"\0") if out else []


def folder_column(F, root):
    """The top-level folder under ROOT of each record's path (`.` for files
    directly in ROOT, or ROOT itself). urilint joins the names it walks to
    ROOT as given, with one `/` (`dir` and `dir/` both give `dir/a/b`)."""
    prefix = root if root.endswith("/") else root + "/"
    rest = F.substring(F.col("path"), len(prefix) + 1, 1 << 30)
    return (F.when(F.col("path") == root, F.lit("."))
            .when(~F.col("path").startswith(prefix), F.lit("?"))
            .when(F.instr(rest, "/") > 0, F.substring_index(rest, "/", 1))
            .otherwise(F.lit(".")))


def rows(df):
    return [r.asDict(recursive=True) for r in df.collect()]


def partial_name(path):
    return path + ".partial"


def remove_stale(path):
    """An output of an earlier run must not pass for this run's."""
    for name in (path, partial_name(path)):
        try:
            os.remove(name)
        except FileNotFoundError:
            pass


def write_records(sc, rdd, path, batch):
    """The RDD's lines, in partition order, into `path`: one Spark job per
    `batch` partitions, each partition's lines joined on its executor (the
    driver holds one batch; the partitions are cached, so no shard runs
    again)."""
    n = rdd.getNumPartitions()
    with open(path, "wb") as f:
        for start in range(0, n, batch):
            for block in sc.runJob(rdd, lambda lines: [b"".join(l + b"\n" for l in lines)],
                                   range(start, min(n, start + batch))):
                f.write(block)


def run(spark, args):
    from pyspark import StorageLevel
    from pyspark.sql import functions as F

    sc = spark.sparkContext
    root = args.root
    driver_binary = find_binary(args.urilint)
    # Executors get an absolute path when a path was given, else the name.
    binary_spec = os.path.abspath(args.urilint) if os.sep in args.urilint else args.urilint
    # A relative ROOT is read from the driver's working directory, so that
    # the records name the files as the single run does.
    cwd = None if os.path.isabs(root) else os.getcwd()

    shards = max(1, args.shards or sc.defaultParallelism)
    names, listed, outputs = {}, {}, {}
    for command in ("extract", "check"):  # check leaves test data out: its own list
        names[command] = list_files(driver_binary, root, command, args.config, args.walk_arg)
        listed[command] = sc.parallelize(names[command], shards)  # contiguous, in order
        lines = listed[command].mapPartitionsWithIndex(
            shard_task(command, args.route, binary_spec, cwd, args.config),
            preservesPartitioning=True)
        outputs[command] = lines.persist(StorageLevel.MEMORY_AND_DISK)

    # One Spark job runs every shard of both commands at once (as many at a
    # time as there are task slots) and caches their output; what follows
    # (records, aggregates, completeness) reads the cache.
    started = time.monotonic()
    sc.union([outputs["extract"], outputs["check"]]).count()
    shards_seconds = time.monotonic() - started
    if args.records_out:
        write_records(sc, outputs["extract"], partial_name(args.records_out),
                      max(1, sc.defaultParallelism))

    def records(command, schema):
        text = (outputs[command].filter(lambda l: SUMMARY_KEY not in l)
                .map(lambda l: l.decode("utf-8", "replace")))
        return spark.read.schema(schema).option("mode", "FAILFAST").json(text)

    uris = records("extract", EXTRACT_SCHEMA).withColumn("folder", folder_column(F, root))
    uris = uris.withColumn("host", F.lower(F.regexp_extract("uri", HOST_REGEX, 1)))
    findings = records("check", CHECK_SCHEMA).withColumn("folder", folder_column(F, root))
    uris.cache().createOrReplaceTempView("uris")
    findings.cache().createOrReplaceTempView("findings")

    summary_schema = ("key STRING, path STRING, status STRING, records LONG, "
                      "errors LONG, bytes LONG")
    for command in ("extract", "check"):
        spark.createDataFrame(listed[command].map(lambda n: (n.hex(),)),
                              "key STRING").createOrReplaceTempView(f"{command}_listed")
        summaries = outputs[command].filter(lambda l: SUMMARY_KEY in l).map(summary_row)
        spark.createDataFrame(summaries, summary_schema).createOrReplaceTempView(
            f"{command}_summary")

    report = {"root": root, "route": args.route, "shards": shards,
              "executor_python": sc.pythonExec, "shards_seconds": round(shards_seconds, 3),
              "files": {c: len(n) for c, n in names.items()}}
    report["totals"] = rows(spark.sql("""
        SELECT count(*) AS uris, count(DISTINCT uri) AS unique_uris,
               count_if(NOT valid) AS invalid_uris
        FROM uris"""))[0]
    report["totals"]["findings"] = spark.sql("SELECT count(*) AS n FROM findings").first().n
    report["top_hosts"] = rows(spark.sql("""
        SELECT host, count(*) AS uris, count(DISTINCT uri) AS unique_uris
        FROM uris WHERE host != ''
        GROUP BY host ORDER BY uris DESC, host LIMIT 20"""))
    report["invalid_by_code"] = rows(spark.sql("""
        SELECT e.code, count(*) AS errors, count(DISTINCT uri) AS unique_uris
        FROM (SELECT uri, explode(errors) AS e FROM uris)
        GROUP BY e.code ORDER BY errors DESC, e.code"""))
    report["findings_by_rule"] = rows(spark.sql("""
        SELECT code, rule, severity, count(*) AS findings
        FROM findings GROUP BY code, rule, severity ORDER BY findings DESC, code"""))
    report["by_folder"] = rows(spark.sql("""
        SELECT coalesce(u.folder, f.folder) AS folder,
               coalesce(u.uris, 0) AS uris, coalesce(f.findings, 0) AS findings
        FROM (SELECT folder, count(*) AS uris FROM uris GROUP BY folder) u
        FULL OUTER JOIN (SELECT folder, count(*) AS findings FROM findings GROUP BY folder) f
        ON u.folder = f.folder
        ORDER BY folder"""))

    # Completeness: each command's summaries name every listed file exactly
    # once, and their `records` add up to the records received.
    problems = []
    for command, view in (("extract", "uris"), ("check", "findings")):
        bad = spark.sql(f"""
            SELECT coalesce(l.key, s.key) AS key, l.key IS NOT NULL AS listed,
                   coalesce(s.n, 0) AS summaries
            FROM {command}_listed l FULL OUTER JOIN
                 (SELECT key, count(*) AS n FROM {command}_summary GROUP BY key) s
            ON l.key = s.key
            WHERE l.key IS NULL OR s.n IS NULL OR s.n != 1""")
        for r in bad.limit(10).collect():
            name = bytes.fromhex(r.key).decode("utf-8", "backslashreplace")
            state = "not listed" if not r.listed else f"{r.summaries} summary records"
            problems.append(f"{command}: {name!r}: {state}")
        counted = spark.sql(f"""
            SELECT (SELECT coalesce(sum(records), 0) FROM {command}_summary) AS said,
                   (SELECT count(*) FROM {view}) AS got""").first()
        if counted.said != counted.got:
            problems.append(f"{command}: the summaries count {counted.said} records; "
                            f"{counted.got} arrived")
        report[f"{command}_status"] = {r.status: r.n for r in spark.sql(
            f"SELECT status, count(*) AS n FROM {command}_summary GROUP BY status").collect()}
    report["complete"] = not problems
    report["problems"] = problems
    for df in outputs.values():
        df.unpersist()
    if args.records_out:
        if report["complete"]:
            os.replace(partial_name(args.records_out), args.records_out)
        report["records_out"] = (args.records_out if report["complete"]
                                 else partial_name(args.records_out))
    return report


def print_report(r):
    t = r["totals"]
    print(f"urilint on Spark: {r['root']} ({r['route']} route, {r['shards']} shards; files: "
          f"extract {r['files']['extract']}, check {r['files']['check']})")
    print(f"  URIs {t['uris']} (unique {t['unique_uris']}, invalid {t['invalid_uris']}), "
          f"findings {t['findings']}")
    print(f"  summaries by status: extract {r['extract_status']}, check {r['check_status']}")
    print("  top hosts: " + ", ".join(f"{h['host']} {h['uris']}" for h in r["top_hosts"][:10]))
    print("  invalid by code: " + ", ".join(
        f"{c['code']} {c['errors']}" for c in r["invalid_by_code"]))
    print("  findings by rule: " + ", ".join(
        f"{c['code']} {c['findings']}" for c in r["findings_by_rule"]))
    print("  by folder (URIs/findings): " + ", ".join(
        f"{f['folder']} {f['uris']}/{f['findings']}" for f in r["by_folder"][:15])
        + (" ..." if len(r["by_folder"]) > 15 else ""))
    for p in r["problems"]:
        print(f"  INCOMPLETE: {p}", file=sys.stderr)
    if "records_out" in r:
        print(f"  records: {r['records_out']}")
    print(f"  Spark session start {r['seconds']['session_start']:.1f} s, "
          f"job {r['seconds']['job']:.1f} s")


def executor_python(args, master, configured):
    """The Python for the executors, or None to leave PYSPARK_PYTHON as it
    is. --executor-python first; then spark.pyspark.python (`configured`),
    then PYSPARK_PYTHON, Spark's own order. Only in local mode, where the
    executors are this machine, is this interpreter (which has pyspark) a
    safe default: on a cluster its path may not exist on the executors, and
    Spark's default (python3 on their PATH) stays."""
    if args.executor_python:
        return args.executor_python
    if configured:
        return configured
    if os.environ.get("PYSPARK_PYTHON"):
        return None
    if master.startswith("local"):
        return sys.executable
    return None


def build_session(args):
    from pyspark import SparkConf
    from pyspark.sql import SparkSession

    confs = dict(kv.partition("=")[::2] for kv in args.conf)
    if args.executor_python:
        confs["spark.pyspark.python"] = args.executor_python
    # spark-submit's and spark-defaults.conf's settings (this starts the JVM;
    # the context, which reads PYSPARK_PYTHON, is made below).
    defaults = SparkConf()
    under_submit = "PYSPARK_GATEWAY_PORT" in os.environ
    master = (args.master or confs.get("spark.master")
              or (defaults.get("spark.master", "local[*]") if under_submit else "local[2]"))
    python = executor_python(args, master,
                             confs.get("spark.pyspark.python")
                             or defaults.get("spark.pyspark.python", None))
    if python:
        # pyspark takes the executors' Python from this variable only.
        os.environ["PYSPARK_PYTHON"] = python

    builder = SparkSession.builder.appName("urilint").master(master)
    # A few small aggregations: Spark SQL's default of 200 shuffle
    # partitions would mostly schedule empty tasks.
    builder = builder.config("spark.sql.shuffle.partitions", "8")
    for key, value in confs.items():
        builder = builder.config(key, value)
    return builder.getOrCreate()


def run_and_report(spark, args, session_start):
    """run(), timed; the report printed and written to --out (a report or
    records file of an earlier run is removed first)."""
    report_path = os.path.join(args.out, "report.json") if args.out else None
    for path in filter(None, (report_path, args.records_out)):
        remove_stale(path)
    started = time.monotonic()
    report = run(spark, args)
    report["seconds"] = {"session_start": round(session_start, 3),
                         "shards": report.pop("shards_seconds"),
                         "job": round(time.monotonic() - started, 3)}
    if report_path:
        os.makedirs(args.out, exist_ok=True)
        with open(partial_name(report_path), "w") as f:
            json.dump(report, f, indent=1)
            f.write("\n")
        os.replace(partial_name(report_path), report_path)
    print_report(report)
    return report


def main(argv=None):
    args = parse_args(argv)  # a usage error exits 2
    for path in filter(None, (args.out and os.path.join(args.out, "report.json"),
                              args.records_out)):
        remove_stale(path)  # before anything can fail
    spark = None
    try:
        started = time.monotonic()
        spark = build_session(args)
        report = run_and_report(spark, args, time.monotonic() - started)
    except JobFailed as e:
        print(f"urilint on Spark: FAILED: {e}", file=sys.stderr)
        return EXIT_FAILED
    except Exception as e:  # a task (after Spark's retries), urilint or Spark failed
        traceback.print_exc()
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        print(f"urilint on Spark: FAILED: {first}", file=sys.stderr)
        return EXIT_FAILED
    finally:
        if spark is not None:
            spark.stop()
    if not report["complete"]:
        print(f"urilint on Spark: INCOMPLETE ({len(report['problems'])} problems)",
              file=sys.stderr)
        return EXIT_INCOMPLETE
    return EXIT_COMPLETE


if __name__ == "__main__":
    sys.exit(main())
