#!/usr/bin/env python3
"""Builds the seed corpora of the fuzz targets from fixtures/ (run from the
repository root: `python3 fuzz/make-corpus.py`; needs the `urilint` binary
in target/ or on PATH for the parse seeds).

* fuzz/corpus/scan/ and fuzz/corpus/fix/: every fixture input (*.txt, *.md,
  *.rst; not the expected outputs), plus the hostile shapes of issue 11 at
  small sizes (runs of hyphen-broken lines, repeated unclosed
  `<http://...`, a closing delimiter alone on the next line, stray Latin-1
  bytes, many fixes in one file), so that runs start from long inputs.
* fuzz/corpus/parse/: every distinct URI the fixtures hold (one per file,
  from `urilint extract --unique`), plus a few long ones.
* fuzz/corpus/config/: the configurations of fixtures/ (each generator's,
  urilint.toml), the front matter of fixtures/sites' pages, and the alias
  bombs and out-of-tree settings of the review of 2026-11-29 (H3, M6).
* fuzz/corpus/python_docstring/: every Python file of fixtures/ (the
  mkdocstrings and autodoc sites of issue 51), plus shapes the lexer
  must survive: an unterminated triple-quoted literal, brackets nested
  deeper than its limit, f-strings with nested quotes and fields, a
  backslash line join, raw and byte prefixes, CRLF.
* fuzz/corpus/nesting/ and fuzz/corpus/attributes/: recipes (the targets
  generate their input from the bytes, see their docs): message/rfc822
  parts and multiparts nested thousands deep, digests, base64 message
  parts holding a deep chain; tags of 5,000 to 16,000 attributes of each
  shape.

The review of 2026-11-26 (L2) found the `fix` target failing on a correct
U011 fix (`http//host`); its input is a seed of `fix` since.

Files are named by the SHA-1 of their content, as libFuzzer names them.
"""
import hashlib
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "fixtures")

HOSTILE = [
    b"http://a.example/a-\n" * 200,
    b"see http://a.example/a-\n" + b"b-\n" * 400 + b"c end\n",
    b"<http://a.example/\n" * 300,
    b"<http://a.example/" * 300,
    b"x \"http://a.example/path\n    \"next\": 1\n" * 20,
    b"caf\xa9 \xb0\xb1 <http://a.example/%zz>\n" * 20,
    b"<HTTP://A.EXAMPLE:80/%7e/./a/../b> " * 300,
    b"<http://a.example/" + b"a" * 5000 + b">\n",
    b"URL:http://a.example/b-\n   c> \"http://x/\ny\" 'ftp://q/'\n" * 50,
    # Review 2026-11-26 L2: a U011 fix the harness took for one outside
    # every URI (its scanner did not look for `http//`).
    b"Plain text: <htt...<http//localhost:71://a.e07/>",
]

# Recipes of the `nesting` target: (op, arg) pairs; op 7 repeats the next
# pair arg % 32 * 64 times. In a body: 0 message/rfc822, 1 multipart/mixed,
# 2 multipart/digest, 3 text, 4 HTML, 5 base64 message part (arg * 256
# levels inside); between parts: op % 3 == 2 closes (odd arg: unclosed),
# else a new part (1: a digest part without a content type).
NESTING = [
    bytes([7, 31, 0, 0]),  # 1,984 message/rfc822 parts in a chain
    bytes([7, 31, 0, 0, 7, 31, 0, 0, 3, 0]),
    bytes([1, 0, 0, 0, 3, 0, 0, 0, 4, 0, 2, 0]),
    bytes([7, 31, 1, 0, 7, 31, 0, 0, 1, 0]),  # multiparts nested, parts in them
    bytes([2, 0, 1, 0, 3, 0, 1, 0, 4, 0, 2, 1]),  # a digest, left unclosed
    bytes([5, 16]),  # 4,096 levels inside a base64 part
    bytes([1, 0, 0, 0, 5, 20, 0, 0, 3, 0, 2, 0]),
]

# Recipes of the `attributes` target: a count (u16, little-endian, its low
# 14 bits), then
# the shape of each attribute in turn (byte % 4: separator, / 4 % 3:
# value, / 12 % 5: `a="v"`, `a='v'`, `a=v`, `a = "v"`, bare).
ATTRIBUTES = [
    (10000).to_bytes(2, "little") + bytes([0]),
    (20000).to_bytes(2, "little") + bytes([0, 1, 2, 3]),
    (12000).to_bytes(2, "little") + bytes([4, 8, 12, 24, 36, 48]),
    (16000).to_bytes(2, "little") + bytes(range(0, 60, 3)),
    (5000).to_bytes(2, "little") + bytes([1, 13, 25, 37, 49, 2]),
]


def alias_bomb(head, levels):
    """The alias bomb of H3 of the 2026-11-29 review: 10^levels nodes."""
    lines = [head, 'a0: &a0 [' + ','.join(['"lol"'] * 10) + ']']
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 10) + "]")
    return ("\n".join(lines) + "\n").encode()


# fuzz/corpus/config/: configurations and front matter (the `config`
# target), besides the small configurations of fixtures/: the review's
# alias bombs, anchors nested, and settings that lead outside the tree.
CONFIG = [
    alias_bomb("site_name: x", 11),
    alias_bomb("title: x", 9),
    alias_bomb("contentDir: c", 9),
    b"---\n" + alias_bomb("permalink: /a/", 11) + b"---\n# A\n",
    b"x: " + b"".join(b"&n%d [" % i for i in range(200)) + b"]" * 200 + b"\n",
    b'[links]\nroot = "/"\n',
    b"site_name: x\ndocs_dir: /\ntheme:\n  custom_dir: /\n",
    b'contentDir = "/"\nstaticDir = "../.."\n[[module.mounts]]\nsource = "/etc"\ntarget = "content"\n',
]

CONFIG_NAMES = ("mkdocs.yml", "_config.yml", "hugo.toml", "hugo.yaml", "book.toml",
                "conf.py", "config.ts", "config.mts", "docusaurus.config.ts",
                "docusaurus.config.js", "antora.yml", "urilint.toml")


# fuzz/corpus/python_docstring/: shapes for the lexer of
# `format::python_docstring` beside the fixtures' Python files.
PYTHON = [
    b'"""Module. See [x](x.md)."""\nclass A:\n    """Unterminated\n',
    b"x = " + b"(" * 300 + b"1" + b")" * 300 + b'\ndef f():\n    """[a](b.md)"""\n',
    b'def f():\n    f"{x!r:>{w}} {\"y\"}"\n    """:doc:`p` and :ref:`q`"""\n',
    b'class C: \\\n    pass\nclass D:\n    r"""Raw \\d [l](l.md#a)"""\n',
    b'def g():\r\n    b"""bytes"""\r\n    """CRLF\r\n\r\n    [l](../l.md)\r\n    """\r\n',
]


def write(dir_, data):
    os.makedirs(dir_, exist_ok=True)
    with open(os.path.join(dir_, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)


def main():
    inputs = []
    for base, _, files in sorted(os.walk(FIXTURES)):
        for name in sorted(files):
            if name.endswith((".txt", ".md", ".rst")):
                with open(os.path.join(base, name), "rb") as f:
                    inputs.append(f.read())
    for target in ["scan", "fix"]:
        out = os.path.join(ROOT, "fuzz", "corpus", target)
        shutil.rmtree(out, ignore_errors=True)
        for data in inputs + HOSTILE:
            write(out, data)
    exe = shutil.which("urilint") or os.path.join(
        os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "release", "urilint")
    uris = subprocess.run([exe, "extract", "--unique", FIXTURES], check=True,
                          capture_output=True).stdout.splitlines()
    uris += [b"http://a.example/" + b"a-" * 2000, b"http://a/" + b"%zz" * 1000,
             b"http://[" + b"1:" * 500 + b"]/"]
    out = os.path.join(ROOT, "fuzz", "corpus", "parse")
    shutil.rmtree(out, ignore_errors=True)
    for u in uris:
        write(out, u)
    for target, recipes in [("nesting", NESTING), ("attributes", ATTRIBUTES)]:
        out = os.path.join(ROOT, "fuzz", "corpus", target)
        shutil.rmtree(out, ignore_errors=True)
        for r in recipes:
            write(out, r)
    configs = []
    for base, _, files in sorted(os.walk(FIXTURES)):
        for name in sorted(files):
            path = os.path.join(base, name)
            with open(path, "rb") as f:
                head = f.read(2048)
            if name in CONFIG_NAMES or (
                    "sites" in base.split(os.sep) and name.endswith(".md")
                    and head.startswith((b"---", b"+++"))):
                configs.append(head)
    out = os.path.join(ROOT, "fuzz", "corpus", "config")
    shutil.rmtree(out, ignore_errors=True)
    for data in configs + CONFIG:
        write(out, data)
    out = os.path.join(ROOT, "fuzz", "corpus", "python_docstring")
    shutil.rmtree(out, ignore_errors=True)
    for base, _, files in sorted(os.walk(FIXTURES)):
        for name in sorted(files):
            if name.endswith(".py"):
                with open(os.path.join(base, name), "rb") as f:
                    write(out, f.read())
    for data in PYTHON:
        write(out, data)
    for target in ["scan", "fix", "parse", "nesting", "attributes", "config", "python_docstring"]:
        print(target, len(os.listdir(os.path.join(ROOT, "fuzz", "corpus", target))), file=sys.stderr)


main()
