#!/usr/bin/env bash
# Byte-identity check for a restructuring (issue 47): runs two urilint
# binaries over each DIR with the same commands and compares standard
# output, standard error and exit status, printing every difference.
#
# Commands, per DIR:
#   extract DIR                          (plain)
#   extract --format jsonl DIR
#   check --format plain|jsonl|sarif|github DIR
#   check --links local --format plain DIR
#
# Usage: review/same-output.sh OLD NEW DIR...
# Exit status: 0 when every output is the same bytes, 1 when one differs,
# 2 on a usage error. Both binaries run from the current directory with
# the DIR argument as given, so paths in the output are alike.
set -uo pipefail
if [ $# -lt 3 ]; then
    echo "usage: $0 OLD NEW DIR..." >&2
    exit 2
fi
old=$1
new=$2
shift 2
for b in "$old" "$new"; do
    [ -x "$b" ] || { echo "$0: $b is not an executable" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
commands=(
    "extract"
    "extract --format jsonl"
    "check --format plain"
    "check --format jsonl"
    "check --format sarif"
    "check --format github"
    "check --links local --format plain"
)
status=0
runs=0
for dir in "$@"; do
    [ -e "$dir" ] || { echo "$0: $dir not found" >&2; exit 2; }
    for c in "${commands[@]}"; do
        # shellcheck disable=SC2086 # the command's words split on purpose
        "$old" $c "$dir" >"$tmp/old.out" 2>"$tmp/old.err" </dev/null
        echo $? >"$tmp/old.rc"
        # shellcheck disable=SC2086
        "$new" $c "$dir" >"$tmp/new.out" 2>"$tmp/new.err" </dev/null
        echo $? >"$tmp/new.rc"
        runs=$((runs + 1))
        same=1
        for part in out err rc; do
            if ! cmp -s "$tmp/old.$part" "$tmp/new.$part"; then
                same=0
                echo "DIFFERENT ($part): urilint $c $dir"
                diff "$tmp/old.$part" "$tmp/new.$part" | head -20
            fi
        done
        if [ $same = 1 ]; then
            printf 'same: urilint %s %s (%s bytes out, %s bytes err, exit %s)\n' \
                "$c" "$dir" "$(wc -c <"$tmp/new.out")" "$(wc -c <"$tmp/new.err")" "$(cat "$tmp/new.rc")"
        else
            status=1
        fi
    done
done
if [ $status = 0 ]; then
    echo "all $runs runs byte-identical (stdout, stderr, exit status)"
else
    echo "some of $runs runs differ"
fi
exit $status
