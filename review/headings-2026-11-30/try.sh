#!/bin/bash
# try.sh DIR FILE...: repo DIR with base versions of FILEs (from mkdocs-nohooks at base), reword config_scheme, print --since findings for release-notes:759
d=$1; shift; rm -rf $d; mkdir -p $d; cd $d; git init -q
for f in "$@"; do mkdir -p $(dirname $f); git -C /tmp/hd-eval3/mkdocs-nohooks show base:$f > $f; done
git add -A; git -c user.email=e@e -c user.name=e commit -qm b
sed -i 's/^#### config_scheme$/#### config_scheme notes/' docs/dev-guide/plugins.md
git -c user.email=e@e -c user.name=e commit -qam r
/work/bin/urilint-s61c check --links local --since HEAD~1 --format plain . 2>&1 | grep 'release-notes.md:759\|config_scheme'
