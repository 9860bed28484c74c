#!/bin/bash
# benches/read_floor.sh BIN [RUNS] (issue 50): what -j2 can give on one
# plain-text file. FILE (target/bench/bench-256.txt, made by
# `../shared/corpus/make-bench-input.sh 256 FILE` if missing) and a copy
# with every `:` blanked (the same bytes to map and search, no candidate:
# the read floor), each at -j1, at -j2, and as two -j1 processes on its
# halves at once (two cores with no address space shared), interleaved
# round by round (benches/interleave.py, medians in ms); then the bound
# the floor sets on -j2 if the scan above it divided perfectly:
#   T(-j2) >= floor(-j2) + (T(-j1) - floor(-j1)) / 2
# (docs/benchmarks.md, "Where the gap on one file goes").
set -eu
B=$(realpath "$1"); R=${2:-15}
cd "$(dirname "$0")/.."
F=target/bench/bench-256.txt
[ -f "$F" ] || ../shared/corpus/make-bench-input.sh 256 "$F"
Z=target/bench/bench-256-blank.txt
[ -f "$Z" ] || tr ':' ' ' < "$F" > "$Z"
half=$(( $(stat -c %s "$F") / 2 ))
for f in "$F" "$Z"; do
    [ -f "${f%.txt}-a.txt" ] || head -c "$half" "$f" > "${f%.txt}-a.txt"
    [ -f "${f%.txt}-b.txt" ] || tail -c +"$((half + 1))" "$f" > "${f%.txt}-b.txt"
done
cmds=()
for f in "$F" "$Z"; do
    cmds+=(-- "$B" extract -j1 --input-format text "$f"
           -- "$B" extract -j2 --input-format text "$f"
           -- sh -c "\"$B\" extract -j1 --input-format text ${f%.txt}-a.txt >/dev/null & \"$B\" extract -j1 --input-format text ${f%.txt}-b.txt >/dev/null; wait")
done
read -r t1 t2 th z1 z2 zh < <(python3 benches/interleave.py "$R" "${cmds[@]}")
awk -v t1="$t1" -v t2="$t2" -v th="$th" -v z1="$z1" -v z2="$z2" -v zh="$zh" 'BEGIN {
    print "| input | -j1 | -j2 | speed-up | two -j1 processes on the halves | speed-up |"
    print "|---|---:|---:|---:|---:|---:|"
    printf "| FILE | %.1f ms | %.1f ms | %.2fx | %.1f ms | %.2fx |\n", t1, t2, t1 / t2, th, t1 / th
    printf "| FILE, every : blanked (read floor) | %.1f ms | %.1f ms | %.2fx | %.1f ms | %.2fx |\n", z1, z2, z1 / z2, zh, z1 / zh
    b = z2 + (t1 - z1) / 2
    printf "bound: -j2 >= %.1f + (%.1f - %.1f) / 2 = %.1f ms, at most %.2fx -j1 (measured %.2fx)\n", z2, t1, z1, b, t1 / b, t1 / t2
}'
