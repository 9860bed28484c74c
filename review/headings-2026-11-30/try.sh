#!/bin/bash
# try.sh DIR FILE...: repo DIR with base versions of FILEs (from cs base), reword config_scheme, report whether release-notes:759 reported
d=$1; shift; rm -rf $d; mkdir -p $d; cd $d; git init -q
for f in "$@"; do mkdir -p $(dirname $f); git -C /tmp/hd-eval2/scratch/cs show base:$f > $f; done
git add -A; git -c user.email=e@e -c user.name=e commit -qm b
sed -i 's/^#### config_scheme$/#### config_scheme notes/' docs/dev-guide/plugins.md
git -c user.email=e@e -c user.name=e commit -qam r
/work/bin/urilint-s61b check --links local --since HEAD~1 --format plain . 2>/dev/null | grep -c 'release-notes.md:759'
