#!/bin/bash
# headings-2026-12-01-run.sh REPO: in $HD_EVAL/REPO (a git repository, HEAD
# tagged `base`): check and strict build at the base; the 20 rewordings of
# headings-2026-12-01-reword.py (each committed); check, `--since base`
# check and build after rewording; `check --links local --since base --fix`,
# committed; check and build after the fix. Outputs in $HD_EVAL/out/.
HD=${HD_EVAL:-/tmp/hd-eval3}; B=${URILINT:-/work/bin/urilint-s67-start}; R=$(dirname "$(readlink -f "$0")")
r=$1; b=${r%%-*}; mkdir -p $HD/out; cd $HD/$r || exit 2
ck() { $B check --links local --select L001,L002 --format plain . > $HD/out/$r-check-$1.txt 2>&1; echo "check rc=$?" >> $HD/out/$r-check-$1.txt; }
ck before; $R/headings-2026-12-01-build.sh $r before
python3 $R/headings-2026-12-01-reword.py $r $([ "${r%%-*}" != "$r" ] && echo --apply) > $HD/out/$r-reword.txt 2>&1 || { echo "reword failed"; exit 1; }
ck reworded
$B check --links local --since base --format plain . > $HD/out/$r-since.txt 2>&1; echo "rc=$?" >> $HD/out/$r-since.txt
$R/headings-2026-12-01-build.sh $r reworded
$B check --links local --since base --fix --show-fixes --format plain . > $HD/out/$r-fix.txt 2>&1; echo "rc=$?" >> $HD/out/$r-fix.txt
git diff > $HD/out/$r-fix.diff
git add -A; git -c user.email=e@e -c user.name=e commit -qm "check --since base --fix"
ck after; $R/headings-2026-12-01-build.sh $r after
echo "$r done"
