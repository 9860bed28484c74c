#!/bin/bash
# venvs.sh: the two Python environments of this run (as mv-2026-11-30.md's), with pip install -e of THIS run's trees.
E=/tmp/mv-eval3; PY=/root/.pyenv/versions/3.11.7/bin/python3
$PY -m venv $E/venv-mkdocs && $E/venv-mkdocs/bin/pip install -q -r $E/venv-mkdocs-req.txt && $E/venv-mkdocs/bin/pip install -q --no-deps -e $E/mkdocs && echo mkdocs-venv ok
$PY -m venv $E/venv-flask && $E/venv-flask/bin/pip install -q sphinx==9.0.4 pallets-sphinx-themes==2.5.0 sphinx-tabs==3.5.0 sphinxcontrib-log-cabinet==1.0.1 sphinx-notfound-page==1.1.0 && $E/venv-flask/bin/pip install -q -e $E/flask && echo flask-venv ok
$E/venv-mkdocs/bin/pip freeze > $E/venv-mkdocs-freeze-now.txt; $E/venv-flask/bin/pip freeze > $E/venv-flask-req.txt
