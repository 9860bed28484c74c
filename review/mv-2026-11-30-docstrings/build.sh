#!/bin/bash
# build.sh NAME PHASE: the strict build of /tmp/mv-eval51/NAME as
# review/mv-2026-11-30/build.sh makes it (mkdocs: `mkdocs build --strict`;
# flask*: `sphinx-build -W --keep-going -q -b dummy`), output in
# /tmp/mv-eval51/build/NAME-PHASE, log in /tmp/mv-eval51/out/NAME-build-PHASE.txt.
# Flask's venv holds an editable install of /tmp/mv-eval2/flask: autodoc is
# made to import this tree's `src/` through PYTHONPATH (checked in the log).
E=/tmp/mv-eval51; V=/tmp/mv-eval2
n=$1; p=$2; O=$E/build/$n-$p; L=$E/out/$n-build-$p.txt; rm -rf "$O"; mkdir -p $E/build
cd $E/$n || exit 2
case $n in
  mkdocs*) $V/venv-mkdocs/bin/mkdocs build --strict -d "$O" > "$L" 2>&1; echo "rc=$?" >> "$L";;
  flask*)  PYTHONPATH=$E/$n/src $V/venv-flask/bin/python -c 'import flask; print("flask from", flask.__file__)' > "$L" 2>&1
           PYTHONPATH=$E/$n/src $V/venv-flask/bin/sphinx-build -W --keep-going -q -b dummy docs "$O" >> "$L" 2>&1; echo "rc=$?" >> "$L";;
esac
