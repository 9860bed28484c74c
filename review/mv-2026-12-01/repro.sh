#!/bin/bash
# repro.sh: the minimal reproducers of mv-2026-11-30.md (1, 2, C from mv-2026-11-30/repro.sh; H1-H3 from
# mv-2026-11-30/repro-hugo.sh), unchanged except paths and binary, each a fresh git repository under /tmp/mv-eval3/repro.
E=/tmp/mv-eval3; B=${URILINT:-$E/urilint}; SPHINX=$E/venv-flask/bin/sphinx-build
MDBOOK=/root/.cache/urilint-ci/mdbook/bin/mdbook; HUGO=/work/main/target/ci-venv/lib/python3.11/site-packages/hugo/binaries/hugo
R=$E/repro; rm -rf $R; mkdir -p $R
commit() { git init -q && git add -A && git -c user.email=e@e -c user.name=e commit -qm base; }

echo "=== 1. mdBook: a redirect key written ./old.html (the nomicon's form)"
mkdir -p $R/bk/src/sub && cd $R/bk
printf '[book]\ntitle = "t"\n\n[output.html.redirect]\n"./old-a.html" = "./sub/a.html"\n"/old-b.html" = "./sub/b.html"\n' > book.toml
printf '# Summary\n\n- [A](sub/a.md)\n- [B](sub/b.md)\n- [C](c.md)\n' > src/SUMMARY.md
for x in sub/a sub/b c; do echo "# $x" > src/$x.md; done; commit
$B mv src/sub/a.md src/sub/a2.md; echo "rc=$?"      # 11-30 (s61d): ../sub/a2.html (wrong); 575a845: sub/a2.html
$B mv src/sub/b.md src/sub/b2.md; echo "rc=$?"      # sub/b2.html (right)
$B mv src/c.md src/old-a.md; echo "rc=$?"           # onto the old URL of ./old-a.html: s61d not named, exit 0; 575a845 named, exit 1
sed -n 5,6p book.toml
$MDBOOK build -d $R/bk-out >/dev/null 2>&1; echo "mdbook rc=$?"
echo "old-a.html is now: $(grep -o '<title>[^<]*' $R/bk-out/old-a.html)"
$B check --links site --site-dir $R/bk-out --select L001,L002 --format plain . | grep -v 404.html; echo "site check done"

echo "=== 2. Sphinx: include / literalinclude paths of a moved page"
mkdir -p $R/sx/docs/sub $R/sx/docs/_static && cd $R/sx
printf 'project = "t"\n' > docs/conf.py
printf 'T\n=\n\n.. toctree::\n\n   changes\n   sub/other\n' > docs/index.rst
printf 'Changes\n=======\n\n.. include:: ../CHANGES.rst\n\n.. literalinclude:: ../LICENSE.txt\n\n.. image:: _static/a.png\n' > docs/changes.rst
printf 'Other\n=====\n\ntext\n' > docs/sub/other.rst
printf 'Version 1\n---------\n\nx\n' > CHANGES.rst; echo MIT > LICENSE.txt; printf 'GIF89a' > docs/_static/a.png; commit
$B mv docs/changes.rst docs/sub; echo "rc=$?"
$SPHINX -W --keep-going -q -b dummy docs $R/sx-out; echo "sphinx rc=$?"
$B check --links local --select L001,L002 --format plain .; echo "check rc=$?"

echo "=== C. Sphinx autodoc: a :doc: role in a Python docstring"
mkdir -p $R/ad/docs/sub $R/ad/pkg && cd $R/ad
printf 'import os, sys\nsys.path.insert(0, os.path.abspath(".."))\nextensions = ["sphinx.ext.autodoc"]\n' > docs/conf.py
printf 'T\n=\n\n.. toctree::\n\n   views\n   sub/other\n\n.. autofunction:: pkg.m.f\n' > docs/index.rst
printf 'Views\n=====\n\ntext\n' > docs/views.rst; printf 'Other\n=====\n\ntext\n' > docs/sub/other.rst
printf 'def f():\n    """See :doc:`views`."""\n' > pkg/m.py; touch pkg/__init__.py; commit
$B mv docs/views.rst docs/sub; echo "rc=$?"
cat pkg/m.py
$SPHINX -W --keep-going -q -b dummy docs $R/ad-out; echo "sphinx rc=$?"

echo "=== C2. the same docstring autodoc'ed from a page in a subfolder as well (relative :doc: resolved per page)"
mkdir -p $R/ad2/docs/sub $R/ad2/docs/api $R/ad2/pkg && cd $R/ad2
printf 'import os, sys\nsys.path.insert(0, os.path.abspath(".."))\nextensions = ["sphinx.ext.autodoc"]\n' > docs/conf.py
printf 'T\n=\n\n.. toctree::\n\n   views\n   sub/other\n   api/ref\n\n.. autofunction:: pkg.m.f\n' > docs/index.rst
printf 'Ref\n===\n\n.. autofunction:: pkg.m.f\n   :no-index:\n' > docs/api/ref.rst
printf 'Views\n=====\n\ntext\n' > docs/views.rst; printf 'Other\n=====\n\ntext\n' > docs/sub/other.rst
printf 'def f():\n    """See :doc:`/views`."""\n' > pkg/m.py; touch pkg/__init__.py; commit
$SPHINX -W --keep-going -q -b dummy docs $R/ad2-out0; echo "sphinx before rc=$?"
$B mv docs/views.rst docs/sub; echo "rc=$?"
cat pkg/m.py
$SPHINX -W --keep-going -q -b dummy docs $R/ad2-out; echo "sphinx rc=$?"

echo "=== C3. MkDocs + mkdocstrings is covered by the mkdocs run itself (mkdocs/plugins.py, move 14)"

H=$R/hugo; mkdir -p $H; cd $H
mk() {  # a site: layouts only for the docs section (as kind), a page whose front matter description holds a link
  rm -rf site .git; mkdir -p site/content/docs site/layouts/docs
  printf 'baseURL = "https://example.org/"\ndisableKinds = ["taxonomy", "term"]\n' > site/config.toml
  printf '<html><body>{{ range .Site.RegularPages }}<a href="{{ .RelPermalink }}">x</a>{{ end }}</body></html>\n' > site/layouts/index.html
  printf '<html><body><blockquote>{{ .Params.description | markdownify }}</blockquote>{{ .Content }}</body></html>\n' > site/layouts/docs/single.html
  printf '<html><body>{{ .Content }}</body></html>\n' > site/layouts/docs/list.html
  printf -- '---\ntitle: A\n---\n# A\n' > site/content/docs/a.md
  printf -- "---\ntitle: B\ndescription: |-\n  See [the A page][a].\n\n  [a]: /docs/a/\n---\nSee [A](/docs/a/) and [C](/docs/c/).\n" > site/content/docs/b.md
  printf -- '---\ntitle: C\n---\n# C\n' > site/content/docs/c.md
  [ "$1" = redirects ] && printf '{{- range site.Data.versions }}\n/{{ . }} https://example.net/{{ . }}\n{{- end }}\n' > site/layouts/index.redirects \
    && printf '[outputs]\nhome = ["HTML", "REDIRECTS"]\n[mediaTypes."text/netlify"]\nsuffixes = [""]\n[outputFormats.REDIRECTS]\nmediaType = "text/netlify"\nbaseName = "_redirects"\n' >> site/config.toml
  git init -q && git add -A && git -c user.email=e@e -c user.name=e commit -qm base
}
echo "=== H1: layouts/index.redirects (computes rules to outside URLs only, as kind's)"
mk redirects; $B mv site/content/docs/a.md site/content/docs/a2.md; echo "rc=$?"
echo "=== H2: the link in front matter description (rendered by the layout)"
mk; $B mv site/content/docs/a.md site/content/docs/a2.md; echo "rc=$?"; sed -n 3,6p site/content/docs/b.md
$HUGO -s site -d $H-out2 >/dev/null 2>&1; grep -o 'href="[^"]*"' $H-out2/docs/b/index.html
echo "=== H3: a page moved outside docs/ (no layout there)"
mk; $B mv site/content/docs/c.md site/content; echo "rc=$?"; git status --short
