#!/usr/bin/env bash
# Whole-process benchmark: urilint against the anchors users compare it
# with, on the same inputs built from ../shared/corpus, in one run.
#
# Part 1 (always): the table of issue 15, one row per path, urilint and its
# anchor side by side (medians, timed interleaved by benches/interleave.py
# so that a drift of the machine hits both alike; one thread, page cache
# warm), the ratio (anchor time / urilint time: above 1, urilint is faster), urilint's
# peak RSS (GNU time), and a checksum (md5) of urilint's output per path,
# so that a change can be shown to leave the output byte-identical:
#   extract (plain)                 vs rg -j1 -o REGEX
#   extract --format jsonl          vs rg -j1 --json REGEX
#   check --isolated --format jsonl vs rg -j1 --json REGEX
#   extract on a mail-only file     vs rg -j1 -o REGEX
#   extract on it decoded as mbox   vs the same read as text (issue 27)
#   extract over the corpus tree    vs rg -o REGEX (both with 2 threads)
# With BEFORE=/path/to/an/older/urilint the same commands run with that
# binary too, and the script says, per path, whether its output is the
# same bytes (exit status 1 when not).
#
# Part 2 (FULL=1): the detailed tables (the rfc/ folder, raw MIME
# mailboxes decoded, the linkify crate, the tree with mail decoded).
#
# Issue 50 adds rows for one file across threads (the rows above stay as
# they are): extract -j2 against extract -j1 and rg -j1 -o, check -j2
# --format jsonl against rg -j1 --json; their md5 is that of the -j1 rows
# above when the output is byte-identical, which the script checks.
#
# Usage: benches/compare.sh [SIZE_MIB] [RUNS]      (defaults: 256, 10)
#        CORPUS=/path/to/shared/corpus benches/compare.sh (default ../shared/corpus)
#        FULL=1 BEFORE=target/urilint-old benches/compare.sh 256 10
# Needs: ../shared/corpus, rg (ripgrep), hyperfine, GNU time and python3;
#        `apt-get install ripgrep hyperfine time` on Debian. Honours
#        CARGO_TARGET_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-256}
runs=${2:-10}
corpus=${CORPUS:-../shared/corpus}
[ -d "$corpus" ] || { echo "benches/compare.sh: $corpus not found" >&2; exit 2; }
command -v rg >/dev/null || { echo "benches/compare.sh: rg not found (apt-get install ripgrep)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "benches/compare.sh: /usr/bin/time not found (apt-get install time)" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "benches/compare.sh: hyperfine not found (apt-get install hyperfine)" >&2; exit 2; }

mkdir -p target/bench
input=target/bench/bench-$size.txt
mail=target/bench/mail-$size.txt
[ -f "$input" ] || "$corpus/make-bench-input.sh" "$size" "$input"
[ -f "$mail" ] || "$corpus/make-bench-input.sh" "$size" "$mail" mail
cargo build --release --quiet
target_dir=${CARGO_TARGET_DIR:-target}
bin=$target_dir/release/urilint
before=${BEFORE:-}
regex='[a-zA-Z][a-zA-Z0-9+.-]*://[^\s<>"]+'
tree_mib=$(du -sm --apparent-size "$corpus" | cut -f1)

echo "machine: $(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), $(free -g | awk '/Mem:/ {print $2}') GiB; $(rg --version | sed -n 1p); $(date -u +%Y-%m-%d)"
echo
echo "Inputs: FILE = make-bench-input.sh $size (the whole corpus mixed), MAIL = make-bench-input.sh $size f mail;"
echo "both read with --input-format text (plain text by construction). TREE = $corpus ($tree_mib MiB), read as text as rg reads it (no mail decoding), -j2 / rg -j2."
echo "Medians of $runs rounds after 2 warm-ups, the commands of a row interleaved (benches/interleave.py); ratio = anchor / urilint (> 1: urilint faster)."
echo
echo "| path | urilint | anchor | ratio | target | urilint peak RSS | output md5 |"
echo "|---|---:|---:|---:|---:|---:|---|"

# peak CMD...: the peak RSS of one run of CMD in MiB (GNU time).
peak() {
    /usr/bin/time -o target/bench/time.out -f '%M' "$@" >/dev/null 2>/dev/null || true
    awk '{ m = $1 } END { printf "%.1f", m / 1024 }' target/bench/time.out
}
# row NAME TARGET "URILINT ARGS" ANCHOR...: one line of the table.
same=0
row() {
    local name=$1 target=$2 args=$3; shift 3
    # urilint, the anchor (and the older binary) timed interleaved.
    local u a ob
    if [ -n "$before" ]; then
        # shellcheck disable=SC2086
        read -r u a ob < <(python3 benches/interleave.py "$runs" -- "$bin" $args -- "$@" -- "$before" $args)
    else
        # shellcheck disable=SC2086
        read -r u a < <(python3 benches/interleave.py "$runs" -- "$bin" $args -- "$@")
    fi
    # shellcheck disable=SC2086
    local m; m=$(peak "$bin" $args)
    # shellcheck disable=SC2086
    local sum; sum=$( ("$bin" $args 2>/dev/null || true) | md5sum | cut -c1-12)
    local note=""
    if [ -n "$before" ]; then
        # shellcheck disable=SC2086
        local old; old=$( ("$before" $args 2>/dev/null || true) | md5sum | cut -c1-12)
        if [ "$old" = "$sum" ]; then note=" (same as before, $ob ms before)"; else note=" (DIFFERS from before: $old)"; same=1; fi
    fi
    awk -v n="$name" -v u="$u" -v a="$a" -v t="$target" -v m="$m" -v s="$sum$note" \
        'BEGIN { printf "| %s | %.1f ms | %.1f ms | %.2fx | %s | %.1f MiB | %s |\n", n, u, a, a / u, t, m, s }'
}

row "extract (plain), FILE" "≥ 1.3x" "extract -j1 --input-format text $input" rg -j1 -o "$regex" "$input"
row "extract --format jsonl, FILE / rg --json" "≥ 1.5x" "extract -j1 --input-format text --format jsonl $input" rg -j1 --json "$regex" "$input"
row "check --isolated --format jsonl, FILE / rg --json" "≥ 1.0x" "check --isolated -j1 --input-format text --format jsonl $input" rg -j1 --json "$regex" "$input"
row "extract, MAIL" "≥ 1.2x" "extract -j1 --input-format text $mail" rg -j1 -o "$regex" "$mail"
# Issue 27: MAIL decoded (MIME, transfer encodings, charsets, HTML) against
# the same file read as text; the target is decoded at most 2x the text time.
row "extract --input-format mbox, MAIL decoded / as text" "≥ 0.50x" "extract -j1 --input-format mbox $mail" "$bin" extract -j1 --input-format text "$mail"
row "extract --input-format text, TREE, 2 threads" "≥ 1.3x" "extract -j2 --input-format text $corpus" rg -j2 -o "$regex" "$corpus"
# Issue 50: one file across threads.
row "extract -j2, FILE / extract -j1" "≥ 1.8x" "extract -j2 --input-format text $input" "$bin" extract -j1 --input-format text "$input"
row "extract -j2, FILE / rg -j1 -o" "≥ 1.7x" "extract -j2 --input-format text $input" rg -j1 -o "$regex" "$input"
row "extract -j2 --format jsonl, FILE / extract -j1" "" "extract -j2 --input-format text --format jsonl $input" "$bin" extract -j1 --input-format text --format jsonl "$input"
row "check -j2 --isolated --format jsonl, FILE / rg -j1 --json" "≥ 1.6x" "check --isolated -j2 --input-format text --format jsonl $input" rg -j1 --json "$regex" "$input"
row "check -j2 --isolated --format jsonl, FILE / check -j1" "" "check --isolated -j2 --input-format text --format jsonl $input" "$bin" check --isolated -j1 --input-format text --format jsonl "$input"
# rg cannot split one file across threads: -j2 is no faster than -j1 on
# it (the "urilint" column is rg -j2 here).
read -r r2 r1 < <(python3 benches/interleave.py "$runs" -- rg -j2 -o "$regex" "$input" -- rg -j1 -o "$regex" "$input")
awk -v u="$r2" -v a="$r1" 'BEGIN { printf "| rg -j2 -o, FILE / rg -j1 -o (rg itself) | %.1f ms | %.1f ms | %.2fx | | | |\n", u, a, a / u }'
# Issue 49: one mailbox across threads.
row "extract -j2 --input-format mbox, MAIL / -j1" "≥ 1.85x" "extract -j2 --input-format mbox $mail" "$bin" extract -j1 --input-format mbox "$mail"
# The same output as one thread, byte for byte.
for args in "extract --input-format text" "extract --input-format text --format jsonl" "check --isolated --input-format text --format jsonl"; do
    # shellcheck disable=SC2086
    a=$( ("$bin" $args -j1 "$input" 2>&1 || true) | md5sum | cut -c1-12)
    # shellcheck disable=SC2086
    b=$( ("$bin" $args -j2 "$input" 2>&1 || true) | md5sum | cut -c1-12)
    if [ "$a" = "$b" ]; then echo "$args: -j2 output (with standard error) identical to -j1 ($a)"; else echo "$args: -j2 output DIFFERS from -j1 ($b, $a)"; same=1; fi
done
echo
echo "URIs found in FILE: urilint $("$bin" extract -j1 --input-format text "$input" | wc -l), rg $(rg -o -j1 "$regex" "$input" | wc -l)"
# Bounded memory on a large file: 1 GiB, mapped (the default for a named
# file) and read (--no-mmap).
big=target/bench/bench-1024.txt
[ -f "$big" ] || "$corpus/make-bench-input.sh" 1024 "$big"
echo "Peak RSS on 1 GiB (make-bench-input.sh 1024), extract -j1: mapped $(peak "$bin" extract -j1 --input-format text "$big") MiB, --no-mmap $(peak "$bin" extract -j1 --input-format text --no-mmap "$big") MiB; check --format jsonl: $(peak "$bin" check --isolated -j1 --input-format text --format jsonl "$big") MiB"

if [ -z "${FULL:-}" ]; then
    exit "$same"
fi
echo
cargo build --release --quiet -p urilint-bench --example linkify_extract
linkify=$target_dir/release/examples/linkify_extract

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

exit "$same"
