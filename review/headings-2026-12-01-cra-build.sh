#!/bin/bash
# headings-2026-12-01-cra-build.sh RUN STAGE REV: build create-react-app's
# Docusaurus site of $HD_EVAL/RUN at REV into $HD_EVAL/build/RUN-STAGE, then
# `check --links site` on it (from a checkout of REV) and the independent id
# oracle. Docusaurus: @docusaurus/core and preset-classic 2.4.3 (the tree asks
# ^2.0.0-alpha.64, no lockfile), webpack pinned to 5.88.2 (5.113 has no
# webpack/lib/ContextReplacementPlugin for 2.4.3), installed once in
# $HD_EVAL/cra-npm/site (outside the monorepo: its npm workspaces would take
# the install over). Docusaurus 2 checks broken links, not anchors.
HD=${HD_EVAL:-/tmp/hd-eval3}; B=${URILINT:-/work/bin/urilint-s67-start}; R=$(dirname "$(readlink -f "$0")")
r=$1; s=$2; rev=$3; o=$HD/out/$r-build-$s.txt; d=$HD/build/$r-$s; W=$HD/cra-npm
rm -rf $d $W/docs $W/x; mkdir -p $W/x $HD/build
git -C $HD/$r archive $rev docusaurus | tar -x -C $W/x
mv $W/x/docusaurus/docs $W/docs
(cd $W/x/docusaurus/website && cp -r docusaurus.config.js sidebars.json src static $W/site/)
cd $W/site && timeout 900 npx docusaurus build --out-dir $d > $o 2>&1; echo "build rc=$?" >> $o
rm -rf $HD/cra-chk; git clone -q $HD/$r $HD/cra-chk; git -C $HD/cra-chk checkout -q $rev
cd $HD/cra-chk && $B check --links site --site-dir $d --select L001,L002 --format plain . > $HD/out/$r-site-$s.txt 2>&1
echo "site check rc=$?" >> $HD/out/$r-site-$s.txt
python3 $R/headings-2026-12-01-ids.py $d https://create-react-app.dev > $HD/out/$r-ids-$s.txt
