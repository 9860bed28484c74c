#!/bin/bash
# benches/mail_scaling.sh BIN [RUNS] [BEFORE] (issue 49): one mailbox
# decoded at -j1 and -j2, two -j1 processes on its two halves at once (what
# two cores give with nothing shared), and the same file read as text,
# interleaved round by round (benches/interleave.py: medians in ms, in the
# order printed); with BEFORE, an older binary's -j1 and -j2 in the same
# rounds. Input: target/bench/mail-256.txt
# (`../shared/corpus/make-bench-input.sh 256 FILE mail`, made if missing);
# the halves are cut at a message boundary next to it.
set -eu
B=$(realpath "$1"); R=${2:-5}; O=${3:+$(realpath "$3")}
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
A=${M%.txt}-a.txt; H=${M%.txt}-b.txt
cmds=(-- "$B" extract -j1 --input-format mbox "$M"
      -- "$B" extract -j2 --input-format mbox "$M"
      -- sh -c "\"$B\" extract -j1 --input-format mbox $A >/dev/null & \"$B\" extract -j1 --input-format mbox $H >/dev/null; wait"
      -- "$B" extract -j1 --input-format text "$M")
names="mbox-j1 mbox-j2 two-j1-on-halves text-j1"
if [ -n "$O" ]; then
    cmds+=(-- "$O" extract -j1 --input-format mbox "$M" -- "$O" extract -j2 --input-format mbox "$M")
    names="$names before-mbox-j1 before-mbox-j2"
fi
echo "$names"
python3 benches/interleave.py "$R" "${cmds[@]}"
