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
    for target in ["scan", "fix", "parse"]:
        print(target, len(os.listdir(os.path.join(ROOT, "fuzz", "corpus", target))), file=sys.stderr)


main()
