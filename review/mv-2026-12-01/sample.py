#!/usr/bin/env python3
"""Draw 10 of each repository's edit lines (from out/REPO-mvN.out) with random.seed(51), as the review drew
its 3; print each with the file's final path (renames followed through the later moves) and that line now."""
import random, re, subprocess, sys
E="/tmp/mv-eval3"
for repo in sys.argv[1:]:
    edits=[]
    for n in range(1,21):
        for l in open(f"{E}/out/{repo}-mv{n}.out"):
            if not l.startswith("move "): edits.append((n,l.rstrip("\n")))
    random.seed(51)
    pick=sorted(random.sample(edits,min(10,len(edits))))
    print(f"== {repo}: {len(edits)} edits, {min(10,len(edits))} drawn")
    for n,l in pick:
        m=re.match(r"(.+?):(\d+): (.*)",l); f,line=m.group(1),int(m.group(2))
        # the move n itself may have moved file f (a moved page's own link): follow from move n on
        cur=f
        for k in range(n,21):
            mv=open(f"{E}/out/{repo}-mv{k}.out").readline().split()
            if mv and mv[1]==cur: cur=mv[3]  # (a refused move prints nothing)
        text=open(f"{E}/{repo}/{cur}").read().split("\n")[line-1]
        print(f"{n:2} {l}\n     final {cur}:{line}: {text.strip()[:160]}")
