#!/bin/bash
# judge.sh: the drawn edits of out/samples*.txt checked by hand against the built sites: for each, the built page's href
# and whether the target page (and id) is in the build. One line per check: PAGE HREF -> TARGET [id]
E=/tmp/mv-eval3
chk() { # builtdir page href-substring target-file [id]
  local h; h=$(grep -o "href=\"[^\"]*$3[^\"]*\"" "$1/$2" | head -1)
  printf '%-60s %-55s ' "$2" "${h:-NO HREF}"
  if [ -f "$1/$4" ]; then printf 'target %s present' "$4"; else printf 'target %s MISSING' "$4"; fi
  if [ -n "$5" ]; then grep -q "id=\"$5\"" "$1/$4" && printf ', id %s present' "$5" || printf ', id %s MISSING' "$5"; fi; echo
}
N=$E/build/nomicon-after
echo "== nomicon"
chk $N vec/vec-layout.html ownership-r5 ownership-r5.html
chk $N index.html obrm-r7 obrm-r7.html
chk $N index.html exotic-sizes-r9 exotic-sizes-r9.html
chk $N repr-rust.html exotic-sizes-r9.html#dyn exotic-sizes-r9.html dynamically-sized-types-dsts
chk $N index.html ffi-r10 ffi-r10.html
chk $N ffi-r10.html 'ffi-r10.html#foreign' ffi-r10.html foreign-calling-conventions
chk $N index.html unwinding-r16 unwinding-r16.html
chk $N index.html leaking-r17 leaking-r17.html
chk $N arc-mutex/arc-clone.html atomics.html arc-mutex/atomics.html
chk $N index.html vec-drain-r20 vec/vec-drain-r20.html
K=$E/build/kind-noredir-after
echo "== kind-noredir"
chk $K docs/contributing/using-wsl2/index.html contributing/ingress-r17 docs/contributing/ingress-r17/index.html setting-up-an-ingress-controller
chk $K docs/user/quick-start/index.html contributing/ingress-r17 docs/contributing/ingress-r17/index.html
chk $K docs/contributing/using-wsl2/index.html known-issues-r8 docs/user/known-issues-r8/index.html
chk $K index.html 1.0-roadmap-r9-r10 docs/contributing/1.0-roadmap-r9-r10/index.html
chk $K docs/contributing/getting-started/index.html 1.0-roadmap-r9-r10 docs/contributing/1.0-roadmap-r9-r10/index.html
chk $K docs/design/configuration-r6-r12/index.html contributing/ingress-r17 docs/contributing/ingress-r17/index.html
chk $K docs/contributing/ingress-r17/index.html loadbalancer-r20 docs/user/loadbalancer-r20/index.html
chk $K docs/user/resources-r4-r5/index.html loadbalancer-r20 docs/user/loadbalancer-r20/index.html
echo "-- kind: description links (H2) in the built pages"
chk $K docs/contributing/project-scope/index.html 1.0-roadmap-r9-r10 docs/contributing/1.0-roadmap-r9-r10/index.html
chk $K docs/design/initial/index.html principles-r1 docs/design/principles-r1/index.html
chk $K docs/user/quick-start/index.html known-issues-r8 docs/user/known-issues-r8/index.html
grep -c 'known-issues-r8' $K/docs/user/quick-start/index.html
M=$E/build/mkdocs-after
echo "== mkdocs (strict build after)"
chk $M about/release-notes/index.html 'configuration-r6-r12/#paths-relative' dev-guide/configuration-r6-r12/index.html paths-relative-to-the-current-file-or-site
chk $M about/release-notes/index.html 'configuration-r6-r12/#extra"' dev-guide/configuration-r6-r12/index.html extra
chk $M getting-started-r1/index.html 'configuration-r6-r12/#nav' dev-guide/configuration-r6-r12/index.html nav
chk $M getting-started-r1/index.html 'configuration-r6-r12/#site_name' dev-guide/configuration-r6-r12/index.html site_name
chk $M themes/index.html 'configuration-r6-r12/#custom_dir' dev-guide/configuration-r6-r12/index.html custom_dir
chk $M about/release-notes/index.html 'configuration-r6-r12/#use_directory_urls' dev-guide/configuration-r6-r12/index.html use_directory_urls
chk $M writing-your-docs/index.html 'configuration-r6-r12/#docs_dir' dev-guide/configuration-r6-r12/index.html docs_dir
chk $M writing-your-docs/index.html 'configuration-r6-r12/#nav' dev-guide/configuration-r6-r12/index.html nav
chk $M about/release-notes/index.html 'plugins-r14/#event-priorities' dev-guide/plugins-r14/index.html event-priorities
echo "-- mkdocs: the 2 docstring links (mkdocs/plugins.py, rendered into dev-guide/plugins-r14)"
chk $M dev-guide/plugins-r14/index.html '#page-events' dev-guide/plugins-r14/index.html page-events
chk $M dev-guide/plugins-r14/index.html '#handling-errors' dev-guide/plugins-r14/index.html handling-errors
F=$E/build/flask-html-after
echo "== flask (-b html build after)"
chk $F tutorial/install.html tests-r4-r5 tutorial/tests-r4-r5.html
chk $F patterns/appdispatch.html packages-r6-r12 patterns/packages-r6-r12.html
chk $F index.html deploying/changes deploying/changes.html
chk $F patterns/index.html packages-r6-r12 patterns/packages-r6-r12.html
chk $F deploying/index.html gevent-r17 patterns/gevent-r17.html
chk $F deploying/eventlet.html gevent-r17 patterns/gevent-r17.html
chk $F index.html async-await-r19 async-await-r19.html
chk $F patterns/index.html wtforms-r20 patterns/wtforms-r20.html
echo "-- flask: the 2 docstring :doc: roles (src/flask/views.py, rendered into api-r9) and the include of changes"
grep -c 'href="deploying/views.html"' $F/api-r9.html
grep -o 'Version 3\.[0-9.]*' $F/deploying/changes.html | head -2
echo "== cra (no build: the final target files and headings)"
D=$E/cra/docusaurus/docs
for f in adding-typescript-r4 available-scripts-r6 running-tests-r3-r7-r10-r12 code-splitting-r8 production-build-r13 custom-templates-r20; do [ -f $D/$f.md ] && echo "$f.md present" || echo "$f.md MISSING"; done
grep -n '^## `npm run eject`' $D/available-scripts-r6.md
grep -rn '](running-tests-r3-r7\.md\|](running-tests-r3\.md\|](running-tests-r3-r7-r10\.md' $D || echo "no stale running-tests link"
echo "== kind (before): the missing id was missing before the moves too"
grep -c 'id="setting-up-an-ingress-controller"' $E/build/kind-before/docs/user/ingress/index.html
