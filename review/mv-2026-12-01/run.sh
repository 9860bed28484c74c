#!/bin/bash
# run.sh REPO [DIR] (mv-2026-11-30/run.sh with paths /tmp/mv-eval3 and the binary copied from /work/bin/urilint-s67-a):
# in /tmp/mv-eval3/DIR (git repository of the tree, committed), `check --links local` before, the 20 `mv`
# commands of review/mv-2026-11-29.md for REPO with a commit after each, `check --links local` after. Outputs in out/.
B=${URILINT:-/tmp/mv-eval3/urilint}
REVIEW=/work/main/review/mv-2026-11-29.md
r=$1; d=${2:-$1}; mkdir -p /tmp/mv-eval3/out; cd /tmp/mv-eval3/$d || exit 2
awk '/^    == /{r=$2; next} /^ *[0-9]+ urilint mv /{sub(/^ +/,""); print r" "$0}' "$REVIEW" > ../out/moves.txt
$B check --links local --select L001,L002 --format plain . > ../out/$d-check-before.txt 2>&1
echo "check before rc=$?" >> ../out/$d-check-before.txt
: > ../out/$d-moves.txt
grep "^$r " ../out/moves.txt | while read -r _ n _ _ src dest; do
  $B mv "$src" "$dest" > ../out/$d-mv$n.out 2> ../out/$d-mv$n.err; rc=$?
  edits=$(grep -vc '^move ' ../out/$d-mv$n.out)
  left=$(grep -c 'left alone:' ../out/$d-mv$n.err)
  printf '%2d rc=%d edits=%3d left=%2d mv %s %s | %s\n' "$n" "$rc" "$edits" "$left" "$src" "$dest" "$(tail -1 ../out/$d-mv$n.err)" >> ../out/$d-moves.txt
  git add -A >/dev/null 2>&1; git -c user.email=e@e -c user.name=e commit -qm "move $n: $src -> $dest"
done
$B check --links local --select L001,L002 --format plain . > ../out/$d-check-after.txt 2>&1
echo "check after rc=$?" >> ../out/$d-check-after.txt
echo "$r done"
