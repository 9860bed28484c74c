#!/bin/bash
# headings-2026-12-01-repro.sh: the reproducers of the causes left after
# `check --links local --since base --fix` (review headings-2026-12-01.md).
# Each one: a tiny MkDocs site in $SCRATCH/NAME, committed, a heading
# reworded, committed; then `urilint check --links local --since HEAD~1 --fix`
# (and, with $MKDOCS set, `mkdocs build --strict` of the result).
B=${URILINT:-/work/bin/urilint-s67-start}; S=${SCRATCH:-/tmp/hd-eval3/scratch}
MKDOCS=${MKDOCS:-/tmp/hd-eval3/venv-mkdocs/bin/mkdocs}
g() { git -c user.email=e@e -c user.name=e "$@"; }
mk() {  # mk NAME: fresh repo in $S/NAME
  rm -rf $S/$1; mkdir -p $S/$1/docs; cd $S/$1; git init -q
}
run() {  # commit, reword "## Old heading" -> "## Old heading notes", commit, check
  g add -A; g commit -qm base
  sed -i 's/^## Old heading$/## Old heading notes/' docs/page.md; g commit -qam reword
  echo "=== $(basename $PWD): check --links local --since HEAD~1 --fix"
  $B check --links local --since HEAD~1 --fix --show-fixes --format plain . 2>&1 | sed "s#$S/##g"; echo "rc=${PIPESTATUS[0]}"
  git diff | grep "^[-+][^-+]"
  if [ -x "$MKDOCS" ]; then
    echo "--- mkdocs build --strict after the fix run:"
    $MKDOCS build --strict -d $S/$(basename $PWD)-site 2>&1 | grep -E "WARNING|anchor|Aborted|built in" | sed "s#$S/##g; s/ in [0-9.]* seconds//"
  fi
  g commit -qam fix >/dev/null 2>&1
}
# r1: a page that includes a file (pymdownx.snippets): reported, no fix
mk r1-snippet
printf 'site_name: t\nmarkdown_extensions:\n  - pymdownx.snippets\n' > mkdocs.yml
printf 'snippet text\n' > docs/snip.txt
printf '# Page\n\n## Old heading\n\n--8<-- "docs/snip.txt"\n' > docs/page.md
printf '# Home\n\nSee [h](page.md#old-heading).\n' > docs/index.md
run
# r2: the same page, with a hook as well (mkdocs itself: plugins.md, hooks: in mkdocs.yml)
mk r2-snippet-hook
printf 'site_name: t\nhooks:\n  - hooks.py\nmarkdown_extensions:\n  - pymdownx.snippets\n' > mkdocs.yml
printf 'def on_page_markdown(markdown, **kw):\n    return markdown\n' > hooks.py
printf 'snippet text\n' > docs/snip.txt
printf '# Page\n\n## Old heading\n\n--8<-- "docs/snip.txt"\n' > docs/page.md
printf '# Home\n\nSee [h](page.md#old-heading).\n' > docs/index.md
run
# r3: an mkdocs-autorefs cross-reference to a reworded heading, in a site with a
#     `::: mkdocs-click` block (mkdocs itself: docs/user-guide/cli.md): not checked
mk r3-autorefs-click
printf 'site_name: t\nplugins:\n  - autorefs\nmarkdown_extensions:\n  - mkdocs-click\n' > mkdocs.yml
printf '# Page\n\n## Old heading\n\ntext\n' > docs/page.md
printf '# Home\n\nSee [old-heading][].\n' > docs/index.md
printf '# CLI\n\n::: mkdocs-click\n    :module: mkdocs.__main__\n    :command: cli\n' > docs/cli.md
run
# r4: the same cross-reference in a site with a hook: not checked
mk r4-autorefs-hook
printf 'site_name: t\nhooks:\n  - hooks.py\nplugins:\n  - autorefs\n' > mkdocs.yml
printf 'def on_page_markdown(markdown, **kw):\n    return markdown\n' > hooks.py
printf '# Page\n\n## Old heading\n\ntext\n' > docs/page.md
printf '# Home\n\nSee [old-heading][].\n' > docs/index.md
run
# r5: control: the same cross-reference, neither click block nor hook
mk r5-autorefs-plain
printf 'site_name: t\nplugins:\n  - autorefs\n' > mkdocs.yml
printf '# Page\n\n## Old heading\n\ntext\n' > docs/page.md
printf '# Home\n\nSee [old-heading][].\n' > docs/index.md
run
