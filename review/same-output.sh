#!/bin/sh
# review/same-output.sh OLD NEW DIR...: runs two urilint binaries over each
# DIR with the same arguments and compares standard output, standard error
# and exit status; prints every difference and exits 1 when there is one
# (issue 47: the restructuring keeps the output of `extract` and `check`
# byte-identical). Runs in DIR (so names are relative), with no
# configuration beyond the tree's own and `-j $JOBS` (default 1: with
# more threads, the example a `--links local` note names, "e.g. ... in
# FILE", is whichever thread counted first, and differs from run to run
# of one binary; the findings' order does not).
set -u
[ $# -ge 3 ] || { echo "usage: $0 OLD NEW DIR..." >&2; exit 2; }
old=$(realpath "$1"); new=$(realpath "$2"); shift 2
jobs=${JOBS:-1}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
differ=0
runs=0
for dir in "$@"; do
    for args in \
        "extract" \
        "extract --format jsonl" \
        "check --format plain" \
        "check --format jsonl" \
        "check --format sarif" \
        "check --format github" \
        "check --links local --format plain"; do
        for side in old new; do
            bin=$old; [ "$side" = new ] && bin=$new
            # shellcheck disable=SC2086 # ARGS is a list of words
            (cd "$dir" && "$bin" $args -j "$jobs" . >"$tmp/$side.out" 2>"$tmp/$side.err"; echo $? >"$tmp/$side.rc")
        done
        runs=$((runs + 1))
        for part in out err rc; do
            if ! cmp -s "$tmp/old.$part" "$tmp/new.$part"; then
                differ=1
                echo "DIFFERENT: $dir: urilint $args: $part"
                diff "$tmp/old.$part" "$tmp/new.$part" | head -20
            fi
        done
    done
done
if [ $differ = 0 ]; then
    echo "same: $runs runs over $# trees (stdout, stderr, exit status)"
fi
exit $differ
