#!/bin/bash
# benches/mail_scaling.sh BIN [RUNS] (issue 49): one mailbox decoded at -j1
# and -j2, two -j1 processes on its two halves at once (what two cores give
# with nothing shared), and the same file read as text, interleaved round
# by round; wall seconds per command per round. Input: target/bench/mail-256.txt
# (`../shared/corpus/make-bench-input.sh 256 FILE mail`, made if missing);
# the halves are cut at a message boundary next to it.
set -eu
B=$(realpath "$1"); R=${2:-5}
cd "$(dirname "$0")/.."
M=target/bench/mail-256.txt
[ -f "$M" ] || ../shared/corpus/make-bench-input.sh 256 "$M" mail
if [ ! -f "${M%.txt}-a.txt" ]; then
    python3 - "$M" <<'PY'
import sys
path = sys.argv[1]
data = open(path, 'rb').read()
cut = data.find(b'\n\nFrom ', len(data) // 2) + 2
open(path[:-4] + '-a.txt', 'wb').write(data[:cut])
open(path[:-4] + '-b.txt', 'wb').write(data[cut:])
PY
fi
t() { local s e; s=$(date +%s.%N); "$@" >/dev/null; e=$(date +%s.%N); echo "$e - $s" | bc; }
for i in $(seq "$R"); do
    a=$(t "$B" extract -j1 --input-format mbox "$M")
    b=$(t "$B" extract -j2 --input-format mbox "$M")
    s=$(date +%s.%N)
    "$B" extract -j1 --input-format mbox "${M%.txt}-a.txt" >/dev/null &
    "$B" extract -j1 --input-format mbox "${M%.txt}-b.txt" >/dev/null
    wait
    e=$(date +%s.%N)
    c=$(echo "$e - $s" | bc)
    x=$(t "$B" extract -j1 --input-format text "$M")
    echo "round $i: mbox -j1 $a  mbox -j2 $b  two -j1 processes on the halves $c  text -j1 $x"
done
