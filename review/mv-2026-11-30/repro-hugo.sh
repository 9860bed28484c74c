#!/bin/bash
# repro-hugo.sh: the three Hugo causes of mv-2026-11-30.md (unchanged since review/mv-2026-11-29.md), kind's layout in small.
B=${URILINT:-/work/bin/urilint-s61d}; source /tmp/testenv.sh
R=/tmp/mv-eval2/repro/hugo; rm -rf $R $R-out*; mkdir -p $R && cd $R
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
echo "=== H1: layouts/index.redirects (computes rules to outside URLs only, as kind's): the body link is left alone, exit 1"
mk redirects; $B mv site/content/docs/a.md site/content/docs/a2.md; echo "rc=$?"
echo "=== H2: the link in front matter description (rendered by the layout) is not rewritten; body link is"
mk; $B mv site/content/docs/a.md site/content/docs/a2.md; echo "rc=$?"; sed -n 3,6p site/content/docs/b.md
hugo -s site -d $R-out2 >/dev/null 2>&1; grep -o 'href="[^"]*"' $R-out2/docs/b/index.html
echo "=== H3: a page moved outside docs/ (no layout there): the link is rewritten to /c/, which Hugo does not publish"
mk; $B mv site/content/docs/c.md site/content; echo "rc=$?"
hugo -s site -d $R-out3 2>&1 | grep -i 'no layout'; ls -d $R-out3/c 2>&1
