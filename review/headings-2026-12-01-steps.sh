#!/bin/bash
# headings-2026-12-01-steps.sh REPO-steps: the "steps" variant of the
# headings review: in $HD_EVAL/REPO-steps (a fresh clone, HEAD tagged base),
# replay the 20 logged rewordings with `check --links local --since HEAD~1
# --fix` after each (reword.py --replay, each fix committed), then the plain
# check and the build after. Outputs in $HD_EVAL/out/.
HD=${HD_EVAL:-/tmp/hd-eval3}; B=${URILINT:-/work/bin/urilint-s67-start}; R=$(dirname "$(readlink -f "$0")")
r=$1; mkdir -p $HD/out; cd $HD/$r || exit 2
python3 $R/headings-2026-12-01-reword.py $r --replay > $HD/out/$r-reword.txt 2>&1 || { echo "replay failed"; exit 1; }
$B check --links local --select L001,L002 --format plain . > $HD/out/$r-check-after.txt 2>&1; echo "check rc=$?" >> $HD/out/$r-check-after.txt
$R/headings-2026-12-01-build.sh $r after
echo "$r done"
