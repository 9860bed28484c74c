#!/usr/bin/env bash
# Whole-process benchmark: urilint extract versus `rg -o` with a plain URL
# regex on the same inputs built from ../shared/corpus: (a) the mixed
# corpus, (rfc) and (mail) one folder each, single-threaded on one file,
# (m) the raw MIME mailboxes as one mbox, decoded and as plain text, and
# (d) the whole corpus tree with all threads. On (a) also the
# `linkify` crate (examples/linkify_extract.rs: whole file read, lossy
# UTF-8, URLs with a scheme). Prints mean time and MiB/s (hyperfine) and
# peak RSS (GNU time), as Markdown tables.
#
# Usage: benches/compare.sh [SIZE_MIB] [RUNS]      (defaults: 256, 10)
# Needs: ../shared/corpus, rg (ripgrep), hyperfine, GNU time and python3;
#        `apt-get install ripgrep hyperfine time` on Debian. Honours
#        CARGO_TARGET_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-256}
runs=${2:-10}
corpus=../shared/corpus
[ -d "$corpus" ] || { echo "benches/compare.sh: $corpus not found" >&2; exit 2; }
command -v rg >/dev/null || { echo "benches/compare.sh: rg not found (apt-get install ripgrep)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "benches/compare.sh: /usr/bin/time not found (apt-get install time)" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "benches/compare.sh: hyperfine not found (apt-get install hyperfine)" >&2; exit 2; }

mkdir -p target/bench
input=target/bench/bench-$size.txt
[ -f "$input" ] || "$corpus/make-bench-input.sh" "$size" "$input"
cargo build --release --quiet
cargo build --release --quiet -p urilint-bench --example linkify_extract
target_dir=${CARGO_TARGET_DIR:-target}
bin=$target_dir/release/urilint
linkify=$target_dir/release/examples/linkify_extract
regex='[a-zA-Z][a-zA-Z0-9+.-]*://[^\s<>"]+'

# measure NAME CMD...: mean wall time over $runs runs (hyperfine, after a
# warm-up run), and the peak RSS of one run (GNU time).
measure() {
    local name=$1; shift
    local cmd
    cmd=$(printf '%q ' "$@")
    hyperfine -N -w 1 -r "$runs" -i --export-json target/bench/hf.json "$cmd" >/dev/null 2>&1
    local t
    t=$(python3 -c 'import json;print(json.load(open("target/bench/hf.json"))["results"][0]["mean"])')
    /usr/bin/time -o target/bench/time.out -f '%M' "$@" >/dev/null 2>/dev/null || true
    local m
    m=$(tail -n 1 target/bench/time.out)
    awk -v n="$name" -v t="$t" -v m="$m" -v s="$size" \
        'BEGIN { printf "| %-44s | %8.1f ms | %9.0f MiB/s | %7.1f MiB |\n", n, t * 1000, (t > 0 ? s / t : 0), m / 1024 }'
}

rfc=target/bench/rfc-$size.txt
mail=target/bench/mail-$size.txt
[ -f "$rfc" ] || "$corpus/make-bench-input.sh" "$size" "$rfc" rfc
[ -f "$mail" ] || "$corpus/make-bench-input.sh" "$size" "$mail" mail

echo "machine: $(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), $(free -g | awk '/Mem:/ {print $2}') GiB"
echo
echo "(a) whole corpus mixed, $size MiB, one file, one thread"
echo
echo "| command | time | throughput | peak RSS |"
echo "|---|---:|---:|---:|"
# The inputs made by concatenating unrelated files are plain text by
# construction: --input-format text (detection would take the mixed file
# for HTML from its first file, and the mail folder for an mbox).
measure "urilint extract -j1 FILE" "$bin" extract -j1 --input-format text "$input"
measure "urilint extract -j1 --format jsonl FILE" "$bin" extract -j1 --input-format text --format jsonl "$input"
measure "urilint check -j1 --format plain FILE" "$bin" check --isolated -j1 --input-format text --format plain "$input"
measure "urilint extract - < FILE (stdin)" sh -c "exec $bin extract - < $input"
measure "rg -o -j1 '$regex' FILE" rg -o -j1 "$regex" "$input"
measure "linkify_extract FILE (linkify 0.11, URLs)" "$linkify" "$input"
echo
echo "URIs found: urilint $("$bin" extract -j1 --input-format text "$input" | wc -l), rg $(rg -o -j1 "$regex" "$input" | wc -l), linkify $("$linkify" "$input" | wc -l) URLs ($("$linkify" --emails "$input" | wc -l) with e-mail addresses)"
for part in rfc mail; do
    f=target/bench/$part-$size.txt
    echo
    echo "($part) the $part/ folder alone, $size MiB, one file, one thread"
    echo
    echo "| command | time | throughput | peak RSS |"
    echo "|---|---:|---:|---:|"
    measure "urilint extract -j1 --input-format text FILE" "$bin" extract -j1 --input-format text "$f"
    measure "rg -o -j1 '$regex' FILE" rg -o -j1 "$regex" "$f"
done
# (m) raw MIME mailboxes: decoding (MIME, quoted-printable, base64,
# charsets, HTML parts) against the same bytes read as plain text and rg.
mbox=target/bench/mbox-$size.mbox
[ -f "$mbox" ] || "$corpus/make-bench-input.sh" "$size" "$mbox" mail/usrp-users mail/open-iscsi
echo
echo "(m) raw MIME mailboxes (mail/usrp-users, mail/open-iscsi), $size MiB mbox, one thread unless said"
echo
echo "| command | time | throughput | peak RSS |"
echo "|---|---:|---:|---:|"
measure "urilint extract -j1 MBOX (decoded)" "$bin" extract -j1 "$mbox"
measure "urilint extract -j1 --format jsonl MBOX (decoded)" "$bin" extract -j1 --format jsonl "$mbox"
measure "urilint extract -j$(nproc) MBOX (decoded, $(nproc) threads)" "$bin" extract -j"$(nproc)" "$mbox"
measure "urilint extract -j1 --input-format text MBOX" "$bin" extract -j1 --input-format text "$mbox"
measure "rg -o -j1 '$regex' MBOX" rg -o -j1 "$regex" "$mbox"
echo
echo "URIs found: urilint decoded $("$bin" extract -j1 "$mbox" | wc -l), as text $("$bin" extract -j1 --input-format text "$mbox" | wc -l), rg $(rg -o -j1 "$regex" "$mbox" | wc -l)"
tree_mib=$(du -sm --apparent-size "$corpus" | cut -f1)
echo
echo "(d) the whole $corpus tree ($tree_mib MiB), $(nproc) threads"
echo
echo "| command | time | throughput | peak RSS |"
echo "|---|---:|---:|---:|"
size=$tree_mib
measure "urilint extract $corpus" "$bin" extract "$corpus"
measure "urilint extract --input-format text $corpus" "$bin" extract --input-format text "$corpus"
measure "rg -o '$regex' $corpus" rg -o "$regex" "$corpus"
