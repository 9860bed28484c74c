#!/usr/bin/env bash
# Whole-process benchmark: urilint extract versus `rg -o` with a plain URL
# regex, on the same input built from ../shared/corpus, single-threaded on
# one file. Prints MiB/s and peak RSS (from GNU time) for each, best of N.
#
# Usage: benches/compare.sh [SIZE_MIB] [RUNS]      (defaults: 256, 3)
# Needs: ../shared/corpus, rg (ripgrep) and GNU time (/usr/bin/time);
#        `apt-get install ripgrep time` on Debian.
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-256}
runs=${2:-3}
corpus=../shared/corpus
[ -d "$corpus" ] || { echo "benches/compare.sh: $corpus not found" >&2; exit 2; }
command -v rg >/dev/null || { echo "benches/compare.sh: rg not found (apt-get install ripgrep)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "benches/compare.sh: /usr/bin/time not found (apt-get install time)" >&2; exit 2; }

mkdir -p target/bench
input=target/bench/bench-$size.txt
[ -f "$input" ] || "$corpus/make-bench-input.sh" "$size" "$input"
cargo build --release --quiet
bin=target/release/urilint
regex='[a-zA-Z][a-zA-Z0-9+.-]*://[^\s<>"]+'

# measure NAME CMD...: best wall time of $runs runs, and the peak RSS.
measure() {
    local name=$1; shift
    local best="" rss="" out
    for _ in $(seq "$runs"); do
        /usr/bin/time -o target/bench/time.out -f '%e %M' "$@" >/dev/null 2>/dev/null || true
        out=$(tail -n 1 target/bench/time.out)
        local t=${out% *} m=${out#* }
        if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
        if [ -z "$rss" ] || [ "$m" -gt "$rss" ]; then rss=$m; fi
    done
    awk -v n="$name" -v t="$best" -v m="$rss" -v s="$size" \
        'BEGIN { printf "| %-44s | %8.2f s | %9.0f MiB/s | %7.1f MiB |\n", n, t, (t > 0 ? s / t : 0), m / 1024 }'
}

echo "input: $input ($size MiB, $(nproc) CPUs: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'))"
echo "| command | time | throughput | peak RSS |"
echo "|---|---:|---:|---:|"
measure "urilint extract -j1 FILE" "$bin" extract -j1 "$input"
measure "urilint extract -j1 --format jsonl FILE" "$bin" extract -j1 --format jsonl "$input"
measure "urilint check -j1 FILE" "$bin" check -j1 "$input"
measure "urilint extract - < FILE (stdin)" sh -c "exec $bin extract - < $input"
measure "rg -o -j1 '$regex' FILE" rg -o -j1 "$regex" "$input"
echo
echo "URIs found: urilint $("$bin" extract -j1 "$input" | wc -l), rg $(rg -o -j1 "$regex" "$input" | wc -l)"
