#!/usr/bin/env bash
# urilint over GNU parallel, paths route: list the files once, cut the list
# into shards of N names, run one urilint per shard (J at a time), and keep
# the shards' output in list order; then check completeness.
#
#   urilint-parallel.sh [-j JOBS] [-n NAMES] [-u URILINT] [-c CONFIG]
#                       [-w WALK_ARG]... extract|check ROOT OUT
#
# OUT receives the JSON Lines records, each shard's followed by its summary
# records, every record labelled `shard-K` (K counts from 1 in list order).
# It is written as OUT.partial and renamed to OUT only when complete.
#
# Exit status: 0 complete; 1 failed (the listing or a task failed: parallel
# stops at the first failure); 2 usage error; 3 incomplete (the tasks ran,
# and the summary records do not match the list: a name not summarised, or
# records missing). See README.md beside this script.
set -euo pipefail

usage() {
    echo "usage: urilint-parallel.sh [-j JOBS] [-n NAMES] [-u URILINT] [-c CONFIG]" \
        "[-w WALK_ARG]... extract|check ROOT OUT" >&2
    exit 2
}

jobs=2 names=500 urilint=urilint config="" walk_args=()
while getopts 'j:n:u:c:w:h' opt; do
    case $opt in
        j) jobs=$OPTARG ;;
        n) names=$OPTARG ;;
        u) urilint=$OPTARG ;;
        c) config=$OPTARG ;;
        w) walk_args+=("$OPTARG") ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 3 ] || usage
command=$1 root=$2 out=$3
case $command in
    extract) list_flags=() task_flags=() ;;
    check) list_flags=(--check) task_flags=(--exit-zero) ;;
    *) usage ;;
esac
command -v parallel >/dev/null || { echo "urilint-parallel: GNU parallel is not installed" >&2; exit 1; }
# The listing and every task read the same configuration: none (--isolated)
# or the one given.
if [ -n "$config" ]; then cfg=(--config "$config"); else cfg=(--isolated); fi

rm -f -- "$out" "$out.partial"
list=$(mktemp "${TMPDIR:-/tmp}/urilint-parallel.XXXXXX")
trap 'rm -f -- "$list"' EXIT

# 1. The file set of one run, in its order, NUL-terminated names.
"$urilint" files -0 "${cfg[@]}" "${list_flags[@]}" "${walk_args[@]}" -- "$root" >"$list" \
    || { echo "urilint-parallel: FAILED: urilint files exited with status $?" >&2; exit 1; }

# 2. Shards of $names names (--pipe --recend '\0' -N: whole NUL-terminated
#    records), each on one urilint's standard input (--files-from - -0), -k
#    keeping the output in list order; -q passes the arguments unquoted by a
#    shell. A task's exit status other than 0 stops the run.
status=0
parallel --pipe --recend '\0' -N "$names" -k -j "$jobs" --halt now,fail=1 -q \
    "$urilint" "$command" "${cfg[@]}" -j1 --format jsonl --summary --label 'shard-{#}' \
    "${task_flags[@]}" --files-from - -0 <"$list" >"$out.partial" || status=$?
if [ "$status" -ne 0 ]; then
    echo "urilint-parallel: FAILED: a task failed (GNU parallel exit status $status);" \
        "what arrived is in $out.partial" >&2
    exit 1
fi

# 3. Completeness: one summary record per listed name, and the summaries'
#    `records` add up to the records that arrived. (A JSON string escapes
#    its quotes, so `"kind":"summary"` and `"records":N` only match the
#    fields themselves.)
listed=$(tr -cd '\0' <"$list" | wc -c)
read -r summaries said got < <(awk '
    /^\{"kind":"summary",/ { n++; if (match($0, /"records":[0-9]+/)) said += substr($0, RSTART + 10, RLENGTH - 10); next }
    { got++ }
    END { print n + 0, said + 0, got + 0 }' "$out.partial")
if [ "$summaries" -ne "$listed" ] || [ "$said" -ne "$got" ]; then
    echo "urilint-parallel: INCOMPLETE: $listed files listed, $summaries summary records;" \
        "the summaries count $said records, $got arrived; see $out.partial" >&2
    exit 3
fi
mv -f -- "$out.partial" "$out"
echo "urilint-parallel: $command $root: $listed files, $got records, complete" >&2
