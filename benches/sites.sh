#!/bin/bash
# benches/sites.sh: check --links local against lychee --offline --include-fragments
# on fetched docs trees (review/docs-sites-2026-11-26.md names them), one run
# interleaved, N runs each, medians. Usage: SITES=dir N=7 benches/sites.sh tree...
# Interleaved: urilint check --links local vs lychee --offline --include-fragments, N runs each, medians (s).
N=${N:-7}
U=${U:-$(pwd)/target/release/urilint}
L=${LYCHEE:-lychee}
cd "${SITES:?set SITES to a directory holding the fetched trees}"
for d in "$@"; do
  ut=(); lt=()
  for i in $(seq $N); do
    s=$(date +%s.%N); $U check --links local --format plain "$d" >/dev/null 2>&1; e=$(date +%s.%N); ut+=($(echo "$e - $s" | bc))
    s=$(date +%s.%N); $L --offline --include-fragments --no-progress "$d" >/dev/null 2>&1; e=$(date +%s.%N); lt+=($(echo "$e - $s" | bc))
  done
  um=$(printf "%s\n" "${ut[@]}" | sort -n | sed -n "$(( (N+1)/2 ))p")
  lm=$(printf "%s\n" "${lt[@]}" | sort -n | sed -n "$(( (N+1)/2 ))p")
  printf "%-32s urilint %.3f  lychee %.3f  ratio %.2f\n" "$d" "$um" "$lm" "$(echo "$lm / $um" | bc -l)"
done
