#!/bin/bash
# build.sh STAGE REV: build create-react-app's Docusaurus site of /tmp/mv-eval3/cra at REV
# into cra-build/STAGE/build, as review/headings-2026-12-01-cra-build.sh does
# (docs beside an npm install of @docusaurus/core 2.4.3, webpack 5.88.2), then
# the site check from a clone of REV.
set -u
E=/tmp/mv-eval3; C=$E/cra-build; B=/work/bin/urilint-s67-a
s=$1; rev=$2; D=$C/$s
rm -rf $D/docs $D/tree $D/build; mkdir -p $D
git clone -q $E/cra $D/tree && git -C $D/tree checkout -q $rev || exit 1
cp -r $D/tree/docusaurus/docs $D/docs
mkdir -p $D/site
[ -d $D/site/node_modules ] || cp -a $C/node_modules-src $D/site/node_modules
(cd $D/tree/docusaurus/website && cp -r docusaurus.config.js sidebars.json src static package.json $D/site/)
# npm site's package.json (deps 2.4.3 + override) kept: overwrite the tree's copy back
cp $C/package.json.npm $D/site/package.json
rm -rf $D/site/.docusaurus $D/site/node_modules/.cache
cd $D/site && { date -u; timeout 900 npx docusaurus build --out-dir $D/build; echo "build rc=$?"; date -u; } > $C/out/$s-build.txt 2>&1
cd $D/tree/docusaurus && { $B check --links site --site-dir $D/build --select L001,L002 --format plain .; echo "site check rc=$?"; } > $C/out/$s-site.txt 2>&1
