# Reference: the ids mkdocs-click renders for each ::: mkdocs-click block of a page
# (headings of make_command_docs, slugged with Python-Markdown's toc slugify; with and without attr_list).
import sys, re, importlib
from mkdocs_click._docs import make_command_docs
from markdown.extensions.toc import slugify
page = open(sys.argv[1]).read()
for m in re.finditer(r'^::: mkdocs-click\n((?:[ \t]+:.*\n?)*)', page, re.M):
    opts = {}
    for l in m.group(1).splitlines():
        mm = re.search(r"^\s+:(?P<key>.+):(?:\s+(?P<value>\S+))?", l)
        if mm: opts[mm.group('key')] = mm.group('value') or ''
    mod = importlib.import_module(opts['module']); cmd = getattr(mod, opts['command'])
    prog = opts.get('prog_name') or cmd.name or opts['command']
    ids = set()
    for attr in (False, True):
        for line in make_command_docs(prog_name=prog, command=cmd, depth=int(opts.get('depth', 0) or 0), style='plain', has_attr_list=attr):
            h = re.match(r'^#+ (.*?)(?: \{ #(\S+) .*\})?$', line)
            if h and line.startswith('#'):
                ids.add(h.group(2) if h.group(2) else slugify(h.group(1), '-'))
    print(' '.join(sorted(ids)))
