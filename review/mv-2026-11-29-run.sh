#!/bin/bash
# run.sh REPO DOCSDIR EXTS...
B=/work/wt/i51-eval/target/release/urilint
r=$1; cd /tmp/mv-eval/$r
$B check --links local --select L001,L002 --format plain . > ../out/$r-check-before.txt 2>&1
python3 ../moves.py "$@" > ../out/$r-moves.txt 2>&1
$B check --links local --select L001,L002 --format plain . > ../out/$r-check-after.txt 2>&1
git add -A >/dev/null 2>&1; git -c user.email=e@e -c user.name=e commit -qm moves
echo "$r done"
