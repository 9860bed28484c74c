"""Print the heading ids that a Python renderer gives a document, one a
line, in document order: the oracle of tests/it/slugs.rs.

Usage: python render_python.py RENDERER FILE

RENDERER is a urilint renderer name: python-markdown,
python-markdown-unicode, pymdownx-slugify[-lower|-lower-ascii|-fold]
[-percent-encode] (Python-Markdown with the toc and attr_list extensions,
as MkDocs configures them), docutils (its doctree), or sphinx (a
Sphinx HTML build of the document as index.rst, no conf.py).
"""
import html
import re
import sys


def markdown_ids(name, text):
    import markdown
    from markdown.extensions import toc

    if name == "python-markdown":
        slugify = toc.slugify
    elif name == "python-markdown-unicode":
        slugify = toc.slugify_unicode
    else:
        from pymdownx import slugs

        rest = name[len("pymdownx-slugify"):]
        percent = rest.endswith("-percent-encode")
        if percent:
            rest = rest[: -len("-percent-encode")]
        case = rest.lstrip("-") or "none"
        slugify = slugs.slugify(case=case, percent_encode=percent)
    md = markdown.Markdown(
        extensions=["toc", "attr_list"],
        extension_configs={"toc": {"slugify": slugify}},
    )
    out = md.convert(text)
    return [html.unescape(m) for m in re.findall(r'<h[1-6][^>]*\bid="([^"]*)"', out)]


def rst_ids(text):
    import docutils.core
    from docutils import nodes

    overrides = {"report_level": 5, "halt_level": 5}
    doc = docutils.core.publish_doctree(text, settings_overrides=overrides)
    return [s["ids"][0] for s in doc.findall(nodes.section) if s["ids"]]


def sphinx_ids(text):
    import os
    import tempfile

    from sphinx.cmd.build import build_main

    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "src")
        out = os.path.join(tmp, "out")
        os.mkdir(src)
        with open(os.path.join(src, "index.rst"), "w", encoding="utf-8") as f:
            f.write(text)
        if build_main(["-b", "html", "-q", "-C", src, out]) != 0:
            sys.exit("sphinx-build failed")
        with open(os.path.join(out, "index.html"), encoding="utf-8") as f:
            page = f.read()
    return [html.unescape(m) for m in re.findall(r'<section id="([^"]*)"', page)]


def main():
    name, path = sys.argv[1], sys.argv[2]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if name == "docutils":
        ids = rst_ids(text)
    elif name == "sphinx":
        ids = sphinx_ids(text)
    else:
        ids = markdown_ids(name, text)
    sys.stdout.write("".join(i + "\n" for i in ids))


if __name__ == "__main__":
    main()
