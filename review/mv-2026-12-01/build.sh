#!/bin/bash
# build.sh REPO PHASE (mv-2026-11-30/build.sh, paths /tmp/mv-eval3; /tmp/testenv.sh not sourced, mdbook and hugo by path
# as review/headings-2026-12-01-build.sh): build of /tmp/mv-eval3/REPO into build/REPO-PHASE, log out/REPO-build-PHASE.txt;
# for mkdocs (non-strict build too), nomicon and kind: check --links site on the built site.
E=/tmp/mv-eval3; B=${URILINT:-$E/urilint}
MDBOOK=/root/.cache/urilint-ci/mdbook/bin/mdbook   # v0.5.4
HUGO=/work/main/target/ci-venv/lib/python3.11/site-packages/hugo/binaries/hugo  # v0.168.0 extended
r=$1; p=$2; O=$E/build/$r-$p; L=$E/out/$r-build-$p.txt; rm -rf "$O" "$O-ns"
cd $E/${r%-html} || exit 2
case $r in
  mkdocs) $E/venv-mkdocs/bin/mkdocs build --strict -d "$O" > "$L" 2>&1; echo "rc=$?" >> "$L"
          $E/venv-mkdocs/bin/mkdocs build -d "$O-ns" > "$L.ns" 2>&1; echo "rc=$?" >> "$L.ns"
          S="$O-ns";;
  flask)  $E/venv-flask/bin/sphinx-build -W --keep-going -q -b dummy docs "$O" > "$L" 2>&1; echo "rc=$?" >> "$L"; S=;;
  flask-html) $E/venv-flask/bin/sphinx-build -q -b html docs "$O" > "$L" 2>&1; echo "rc=$?" >> "$L"; S=;;
  nomicon) $MDBOOK build -d "$O" > "$L" 2>&1; echo "rc=$?" >> "$L"; S="$O";;
  kind|kind-noredir) $HUGO --printPathWarnings -s site -d "$O" > "$L" 2>&1; echo "rc=$?" >> "$L"; S="$O";;
  cra)    echo "not built (check only)" > "$L"; S=;;
esac
if [ -n "$S" ]; then
  $B check --links site --site-dir "$S" --select L001,L002 --format plain . > $E/out/$r-site-$p.txt 2>&1
  echo "site check rc=$?" >> $E/out/$r-site-$p.txt
fi
