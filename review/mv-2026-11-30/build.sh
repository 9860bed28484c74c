#!/bin/bash
# build.sh REPO PHASE: the generator's build of /tmp/mv-eval2/REPO as review/mv-2026-11-29.md's Method says,
# output in /tmp/mv-eval2/build/REPO-PHASE, log in /tmp/mv-eval2/out/REPO-build-PHASE.txt;
# for mkdocs (non-strict build too), nomicon and kind: check --links site on the built site.
source /tmp/testenv.sh
E=/tmp/mv-eval2; B=${URILINT:-/work/bin/urilint-s61d}
r=$1; p=$2; O=$E/build/$r-$p; L=$E/out/$r-build-$p.txt; rm -rf "$O" "$O-ns"
cd $E/$r || exit 2
case $r in
  mkdocs) $E/venv-mkdocs/bin/mkdocs build --strict -d "$O" > "$L" 2>&1; echo "rc=$?" >> "$L"
          $E/venv-mkdocs/bin/mkdocs build -d "$O-ns" > "$L.ns" 2>&1; echo "rc=$?" >> "$L.ns"
          S="$O-ns";;
  flask)  $E/venv-flask/bin/sphinx-build -W --keep-going -q -b dummy docs "$O" > "$L" 2>&1; echo "rc=$?" >> "$L"; S=;;
  nomicon) mdbook build -d "$O" > "$L" 2>&1; echo "rc=$?" >> "$L"; S="$O";;
  kind|kind-noredir) hugo --printPathWarnings -s site -d "$O" > "$L" 2>&1; echo "rc=$?" >> "$L"; S="$O";;
  cra)    echo "not built (check only)" > "$L"; S=;;
esac
if [ -n "$S" ]; then
  $B check --links site --site-dir "$S" --select L001,L002 --format plain . > $E/out/$r-site-$p.txt 2>&1
  echo "site check rc=$?" >> $E/out/$r-site-$p.txt
fi
