#!/bin/bash
# repro.sh: the minimal reproducers of mv-2026-11-30.md, each a fresh git repository under /tmp/mv-eval2/repro.
B=${URILINT:-/work/bin/urilint-s61d}; SPHINX=/tmp/mv-eval2/venv-flask/bin/sphinx-build
source /tmp/testenv.sh
R=/tmp/mv-eval2/repro; rm -rf $R; mkdir -p $R
commit() { git init -q && git add -A && git -c user.email=e@e -c user.name=e commit -qm base; }

echo "=== 1. mdBook: a redirect key written ./old.html (the nomicon's form)"
mkdir -p $R/bk/src/sub && cd $R/bk
printf '[book]\ntitle = "t"\n\n[output.html.redirect]\n"./old-a.html" = "./sub/a.html"\n"/old-b.html" = "./sub/b.html"\n' > book.toml
printf '# Summary\n\n- [A](sub/a.md)\n- [B](sub/b.md)\n- [C](c.md)\n' > src/SUMMARY.md
for x in sub/a sub/b c; do echo "# $x" > src/$x.md; done; commit
$B mv src/sub/a.md src/sub/a2.md; echo "rc=$?"      # book.toml: ./sub/a.html -> ../sub/a2.html (wrong: ./sub/a2.html)
$B mv src/sub/b.md src/sub/b2.md; echo "rc=$?"      # book.toml: ./sub/b.html -> sub/b2.html (right: "/" key)
$B mv src/c.md src/old-a.md; echo "rc=$?"           # onto the old URL of ./old-a.html: not named, exit 0
sed -n 5,6p book.toml
mdbook build -d $R/bk-out >/dev/null 2>&1; echo "mdbook rc=$?"
echo "old-a.html is now: $(grep -o '<title>[^<]*' $R/bk-out/old-a.html)"
$B check --links site --site-dir $R/bk-out --select L001,L002 --format plain . | grep -v 404.html; echo "(check --links site: nothing on ../sub/a2.html)"

echo "=== 2. Sphinx: include / literalinclude paths of a moved page"
mkdir -p $R/sx/docs/sub $R/sx/docs/_static && cd $R/sx
printf 'project = "t"\n' > docs/conf.py
printf 'T\n=\n\n.. toctree::\n\n   changes\n   sub/other\n' > docs/index.rst
printf 'Changes\n=======\n\n.. include:: ../CHANGES.rst\n\n.. literalinclude:: ../LICENSE.txt\n\n.. image:: _static/a.png\n' > docs/changes.rst
printf 'Other\n=====\n\ntext\n' > docs/sub/other.rst
printf 'Version 1\n---------\n\nx\n' > CHANGES.rst; echo MIT > LICENSE.txt; printf 'GIF89a' > docs/_static/a.png; commit
$B mv docs/changes.rst docs/sub; echo "rc=$?"        # toctree and image rewritten; include, literalinclude not
$SPHINX -W --keep-going -q -b dummy docs $R/sx-out; echo "sphinx rc=$?"
$B check --links local --select L001,L002 --format plain .; echo "check rc=$? (nothing reported)"

echo "=== 3. Sphinx autodoc: a :doc: role in a Python docstring"
mkdir -p $R/ad/docs/sub $R/ad/pkg && cd $R/ad
printf 'import os, sys\nsys.path.insert(0, os.path.abspath(".."))\nextensions = ["sphinx.ext.autodoc"]\n' > docs/conf.py
printf 'T\n=\n\n.. toctree::\n\n   views\n   sub/other\n\n.. autofunction:: pkg.m.f\n' > docs/index.rst
printf 'Views\n=====\n\ntext\n' > docs/views.rst; printf 'Other\n=====\n\ntext\n' > docs/sub/other.rst
printf 'def f():\n    """See :doc:`views`."""\n' > pkg/m.py; touch pkg/__init__.py; commit
$B mv docs/views.rst docs/sub; echo "rc=$?"
$SPHINX -W --keep-going -q -b dummy docs $R/ad-out; echo "sphinx rc=$?"
