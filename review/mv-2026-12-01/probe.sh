#!/bin/bash
# probe.sh: beyond the 11-30 reproducers: the page that RENDERS a docstring moves (the docstring's target stays).
E=/tmp/mv-eval3; B=${URILINT:-$E/urilint}; SPHINX=$E/venv-flask/bin/sphinx-build; R=$E/repro/probe; rm -rf $R; mkdir -p $R
commit() { git init -q && git add -A && git -c user.email=e@e -c user.name=e commit -qm base; }
echo "=== P1. Sphinx: docs/api.rst autodocs pkg.m.f, whose docstring says :doc:\`views\`; mv docs/api.rst docs/sub"
mkdir -p $R/p1/docs/sub $R/p1/pkg && cd $R/p1
printf 'import os, sys\nsys.path.insert(0, os.path.abspath(".."))\nextensions = ["sphinx.ext.autodoc"]\n' > docs/conf.py
printf 'T\n=\n\n.. toctree::\n\n   views\n   api\n   sub/other\n' > docs/index.rst
printf 'API\n===\n\n.. autofunction:: pkg.m.f\n' > docs/api.rst
printf 'Views\n=====\n\ntext\n' > docs/views.rst; printf 'Other\n=====\n\ntext\n' > docs/sub/other.rst
printf 'def f():\n    """See :doc:`views`."""\n' > pkg/m.py; touch pkg/__init__.py; commit
$SPHINX -W --keep-going -q -b dummy docs $R/p1-out0; echo "sphinx before rc=$?"
$B mv docs/api.rst docs/sub; echo "rc=$?"; cat pkg/m.py
$SPHINX -W --keep-going -q -b dummy docs $R/p1-out; echo "sphinx after rc=$?"
$B check --links local --select L001,L002 --format plain .; echo "check rc=$?"
echo "=== P2. MkDocs + mkdocstrings: docs/api.md renders pkg.m.f ('::: pkg.m.f'), docstring links [views](views.md); mv docs/api.md docs/sub"
mkdir -p $R/p2/docs/sub $R/p2/pkg && cd $R/p2
printf 'site_name: t\nplugins:\n  - mkdocstrings:\n      handlers:\n        python:\n          paths: [.]\nnav:\n  - index.md\n  - views.md\n  - api.md\n  - sub/other.md\n' > mkdocs.yml
printf '# Home\n' > docs/index.md; printf '# Views\n' > docs/views.md; printf '# Other\n' > docs/sub/other.md
printf '# API\n\n::: pkg.m.f\n' > docs/api.md
printf 'def f():\n    """See [the views page](views.md)."""\n' > pkg/m.py; touch pkg/__init__.py; commit
$E/venv-mkdocs/bin/mkdocs build --strict -q -d $R/p2-out0; echo "mkdocs before rc=$?"
$B mv docs/api.md docs/sub; echo "rc=$?"; cat pkg/m.py; grep -A8 '^nav' mkdocs.yml
$E/venv-mkdocs/bin/mkdocs build --strict -q -d $R/p2-out; echo "mkdocs after rc=$?"
echo "=== P3. Sphinx: the docstring (:doc:\`../views\`) is autodoc'ed by docs/a/api.rst AND docs/b/api.rst; mv docs/a/api.rst docs"
mkdir -p $R/p3/docs/a $R/p3/docs/b $R/p3/pkg && cd $R/p3
printf 'import os, sys\nsys.path.insert(0, os.path.abspath(".."))\nextensions = ["sphinx.ext.autodoc"]\n' > docs/conf.py
printf 'T\n=\n\n.. toctree::\n\n   views\n   a/api\n   b/api\n' > docs/index.rst
printf 'API a\n=====\n\n.. autofunction:: pkg.m.f\n' > docs/a/api.rst
printf 'API b\n=====\n\n.. autofunction:: pkg.m.f\n   :no-index:\n' > docs/b/api.rst
printf 'Views\n=====\n\ntext\n' > docs/views.rst
printf 'def f():\n    """See :doc:`../views`."""\n' > pkg/m.py; touch pkg/__init__.py; commit
$SPHINX -W --keep-going -q -b dummy docs $R/p3-out0; echo "sphinx before rc=$?"
$B mv docs/a/api.rst docs; echo "rc=$?"; cat pkg/m.py
$SPHINX -W --keep-going -q -b dummy docs $R/p3-out; echo "sphinx after rc=$?"
echo "=== P4. MkDocs: the same, pkg.m.f rendered by docs/a/api.md and docs/b/api.md ([views](../views.md)); mv docs/a/api.md docs"
mkdir -p $R/p4/docs/a $R/p4/docs/b $R/p4/pkg && cd $R/p4
printf 'site_name: t\nplugins:\n  - mkdocstrings:\n      handlers:\n        python:\n          paths: [.]\n' > mkdocs.yml
printf '# Home\n' > docs/index.md; printf '# Views\n' > docs/views.md
printf '# API a\n\n::: pkg.m.f\n' > docs/a/api.md; printf '# API b\n\n::: pkg.m.f\n' > docs/b/api.md
printf 'def f():\n    """See [the views page](../views.md)."""\n' > pkg/m.py; touch pkg/__init__.py; commit
$E/venv-mkdocs/bin/mkdocs build --strict -q -d $R/p4-out0; echo "mkdocs before rc=$?"
$B mv docs/a/api.md docs; echo "rc=$?"; cat pkg/m.py
$E/venv-mkdocs/bin/mkdocs build --strict -q -d $R/p4-out; echo "mkdocs after rc=$?"
echo "=== P5. (11-30 'Outside mv') check --links site on a root-level redirect stub whose value climbs above the site root"
mkdir -p $R/p5/src/sub && cd $R/p5
printf '[book]\ntitle = "t"\n\n[output.html.redirect]\n"./old-a.html" = "../sub/a.html"\n' > book.toml
printf '# Summary\n\n- [A](sub/a.md)\n' > src/SUMMARY.md; echo "# a" > src/sub/a.md; commit
/root/.cache/urilint-ci/mdbook/bin/mdbook build -d $R/p5-out >/dev/null 2>&1; echo "mdbook rc=$?"; grep -o 'URL=[^"]*' $R/p5-out/old-a.html
$B check --links site --site-dir $R/p5-out --select L001,L002 --format plain . 2>&1 | grep -v 404.html; echo "site check rc=${PIPESTATUS[0]}"
$B check --links local --select L001,L002 --format plain . 2>&1; echo "local check rc=$?"
echo "=== P6. mdBook: a page moved onto the old URL of the redirect that points at it (nomicon move 13 in small)"
mkdir -p $R/p6/src/sub && cd $R/p6
printf '[book]\ntitle = "t"\n\n[output.html.redirect]\n"./p.html" = "./sub/p.html"\n' > book.toml
printf '# Summary\n\n- [P](sub/p.md)\n' > src/SUMMARY.md; echo "# P" > src/sub/p.md; commit
$B mv src/sub/p.md src; echo "rc=$?"; sed -n 5p book.toml
/root/.cache/urilint-ci/mdbook/bin/mdbook build -d $R/p6-out 2>&1 | grep -iE 'warn|error'; echo "p.html is now: $(grep -o '<title>[^<]*' $R/p6-out/p.html)"
