#!/bin/bash
# heldout.sh: `check --links local --format plain .` in every repository of
# /work/sites/*/ (each subfolder of a group but logs*), with main's binary
# (/work/bin/urilint-s63-start) and this branch's ($NEW), outputs in
# /tmp/mv-eval51/held/GROUP+REPO.{main,new}.{out,err}; then the diff.
NEW=${NEW:-/tmp/mv-eval51/urilint-docstrings}; MAIN=/work/bin/urilint-s63-start
H=/tmp/mv-eval51/held; mkdir -p $H
for g in /work/sites/*/; do
  case $(basename $g) in logs*) continue;; esac
  for r in $g*/; do
    [ -d "$r" ] || continue
    n=$(basename $g)+$(basename $r)
    for b in main new; do
      B=$MAIN; [ $b = new ] && B=$NEW
      (cd "$r" && $B check --links local --format plain . > $H/$n.$b.out 2> $H/$n.$b.err; echo "rc=$?" >> $H/$n.$b.out)
    done
    if ! cmp -s $H/$n.main.out $H/$n.new.out || ! cmp -s $H/$n.main.err $H/$n.new.err; then echo "DIFF $n"; else echo "same $n"; fi
  done
done
