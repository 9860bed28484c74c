#!/usr/bin/env bash
# Builds the trees of the precision review (review/precision.md) under DIR
# (default /tmp/urilint-review): real documentation and code nobody here
# wrote. Needs pip (PyPI) and this machine's cargo registry cache; the
# shared corpus, /usr/share/doc, /usr/share/man, the Rust toolchain's docs
# and npm's node_modules are read where they are.
#
#   bash review/trees.sh [DIR]
#   bash review/counts.sh path/to/urilint [DIR] > counts.tsv
set -euo pipefail
dir=${1:-/tmp/urilint-review}
mkdir -p "$dir"
cd "$dir"

# The README/CHANGELOG files of the crates in the cargo registry cache
# (in-sample), and their other .md/.txt/.rst/.html files (held out).
reg=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/ | head -1)
rm -rf registry registry-other
mkdir -p registry registry-other
(cd "$reg" && for d in */; do
    for f in "$d"README* "$d"CHANGELOG* "$d"CHANGES* "$d"RELEASES*; do
        [ -f "$f" ] && mkdir -p "$dir/registry/$d" && cp "$f" "$dir/registry/$d"
    done
    find "$d" -type f \( -name '*.md' -o -name '*.txt' -o -name '*.rst' -o -name '*.html' \) \
        ! -iname 'README*' ! -iname 'CHANGELOG*' ! -iname 'CHANGES*' ! -iname 'RELEASES*' |
        while read -r f; do
            mkdir -p "$dir/registry-other/$(dirname "$f")"
            cp "$f" "$dir/registry-other/$f"
        done
done)

# The AWS CLI's examples (awscli 1.46.3 wheel, held out).
if [ ! -d aws/awscli/examples ]; then
    pip download -q --no-deps awscli==1.46.3 -d aws
    (cd aws && unzip -q -o ./*.whl 'awscli/examples/*')
fi

# Source distributions of Python projects with their docs (held out).
fetch() { # DEST PACKAGE==VERSION...
    local dest=$1
    shift
    mkdir -p "$dest"
    for p in "$@"; do
        local name=${p%%==*}
        ls "$dest" | grep -qi "^${name}-" && continue
        pip download -q --no-binary :all: --no-deps "$p" -d "$dest"
        (cd "$dest" && tar xzf ./*.tar.gz && rm -f ./*.tar.gz)
    done
}
fetch sdist django==5.2.19 sphinx==9.0.4 flask==3.1.3 werkzeug==3.1.9 jinja2==3.1.6 \
    click==8.5.1 urllib3==2.8.0 requests==2.34.2 pytest==9.2.0 docutils==0.23
fetch sdist2 aiohttp==3.14.5 alembic==1.20.1 attrs==26.1.0 babel==2.18.0 black==26.10.1 \
    celery==5.7.0 fabric==3.2.3 httpx==0.28.1 jsonschema==4.26.0 markdown==3.11.3 \
    marshmallow==4.4.0 mkdocs==1.6.1 paramiko==5.1.0 pip==26.3 pygments==2.21.0 \
    pyramid==2.1 scrapy==2.19.0 setuptools==84.2.1 structlog==26.1.0 tornado==6.6.1 \
    trio==0.35.0 twisted==26.10.0
echo "$dir"
