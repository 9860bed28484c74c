#!/usr/bin/env bash
# Docs benchmark (issue 13): `urilint check` with format awareness (Markdown,
# reStructuredText, HTML) and `--links local` on ../shared/corpus/docs, side
# by side in one run with `lychee --dump --offline` (link extraction, no
# network) and `rg -o` with a plain URL regex. Prints mean wall time (hyperfine)
# and MiB/s as a Markdown table, then the links each tool found.
#
# Usage: benches/docs.sh [RUNS]          (default 10)
# Needs: ../shared/corpus, rg, hyperfine, python3, and lychee on PATH or in
#        $LYCHEE (`cargo install lychee --locked`; not needed by CI).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-10}
docs=../shared/corpus/docs
[ -d "$docs" ] || { echo "benches/docs.sh: $docs not found" >&2; exit 2; }
lychee=${LYCHEE:-$(command -v lychee || true)}
[ -x "$lychee" ] || { echo "benches/docs.sh: lychee not found (cargo install lychee --locked, or set LYCHEE)" >&2; exit 2; }
cargo build --release --quiet
bin=${CARGO_TARGET_DIR:-target}/release/urilint
regex='[a-zA-Z][a-zA-Z0-9+.-]*://[^\s<>"]+'
mib=$(du -sm --apparent-size "$docs" | cut -f1)
hyperfine -N -w 1 -r "$runs" -i --export-json target/bench/docs.json \
    "$bin check --isolated --links local --format plain $docs" \
    "$bin check --isolated --format plain $docs" \
    "$bin extract --isolated $docs" \
    "$lychee --dump --offline --no-progress $docs" \
    "rg -o '$regex' $docs" >/dev/null 2>&1
python3 - "$mib" <<'PY'
import json, sys
mib = float(sys.argv[1])
print(f"| command ({mib:.0f} MiB of docs) | time | throughput |")
print("|---|---:|---:|")
for r in json.load(open("target/bench/docs.json"))["results"]:
    t = r["mean"]
    cmd = r["command"].replace("../shared/corpus/docs", "DOCS")
    print(f"| `{cmd}` | {t*1000:.1f} ms | {mib/t:.0f} MiB/s |")
PY
echo
echo "links found: urilint extract $("$bin" extract --isolated "$docs" | wc -l), lychee --dump $("$lychee" --dump --offline --no-progress "$docs" 2>/dev/null | wc -l), rg $(rg -o "$regex" "$docs" | wc -l)"
