#!/usr/bin/env python3
"""Writes a tree of many small text files for the per-file benchmark of
docs/benchmarks.md ("Trees of small files").

Usage: benches/small-files.py DIR [FILES] [PER_DIR]   (defaults: 100000, 1000)

Each file holds 5 to 40 consecutive lines (1 KiB on average) cut from the
text files of ../shared/corpus/misc and ../shared/corpus/docs/rust-rfcs,
chosen with a fixed seed, so that two runs write the same tree. DIR is
created; existing files in it are overwritten.
"""
import os
import random
import sys


def main() -> None:
    out = sys.argv[1]
    files = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    per_dir = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    here = os.path.dirname(os.path.abspath(__file__))
    corpus = os.path.join(here, "..", "..", "shared", "corpus")
    lines = []
    for sub in ("misc", os.path.join("docs", "rust-rfcs")):
        for root, _dirs, names in sorted(os.walk(os.path.join(corpus, sub))):
            for name in sorted(names):
                try:
                    with open(os.path.join(root, name), "rb") as f:
                        lines.extend(f.read().splitlines(keepends=True))
                except OSError:
                    pass
    if len(lines) < 100:
        sys.exit("small-files.py: ../shared/corpus/misc and docs/rust-rfcs not found")
    rng = random.Random(30)
    for i in range(files):
        d = os.path.join(out, "d%03d" % (i // per_dir))
        if i % per_dir == 0:
            os.makedirs(d, exist_ok=True)
        n = rng.randint(5, 40)
        start = rng.randrange(0, len(lines) - n)
        with open(os.path.join(d, "f%05d.txt" % i), "wb") as f:
            f.write(b"".join(lines[start : start + n]))


if __name__ == "__main__":
    main()
