#!/bin/bash
# usage: run.sh BIN HALF OUT   (HALF = tune | held)
BIN=$1; HALF=$2; OUT=$3; mkdir -p $OUT
cd /work/sites/$HALF
for t in *; do
  ( cd $t
    timeout 600 $BIN check --links local --select L001,L002 --format plain . > $OUT/$t.links 2> $OUT/$t.links.err; echo $? > $OUT/$t.links.rc
    timeout 600 $BIN check --format plain . > $OUT/$t.default 2> $OUT/$t.default.err; echo $? > $OUT/$t.default.rc
  )
done
for t in *; do printf "%-38s links %5s  default %5s  notes %s\n" $t "$(wc -l < $OUT/$t.links)" "$(wc -l < $OUT/$t.default)" "$(grep -c 'urilint: note' $OUT/$t.links.err)"; done
