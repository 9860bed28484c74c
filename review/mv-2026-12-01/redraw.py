#!/usr/bin/env python3
"""Redraw the seed-51 moves of mv-2026-11-29-moves.py on today's trees, simulating each
move with a plain rename in a set of paths (no urilint), to see whether the listed 100 still come out (files of each tree's base commit)."""
import os, random, sys
SKIP = {"SUMMARY.md", "_index.md", "index.md", "index.rst", "README.md"}
def draw(repo, docs, exts):
    # the files of the base commit (the tree before the moves)
    import subprocess
    base=subprocess.run(["git","-C",repo,"rev-list","--max-parents=0","HEAD"],capture_output=True,text=True).stdout.split()[0]
    fs=set(subprocess.run(["git","-C",repo,"ls-tree","-r","--name-only",base],capture_output=True,text=True).stdout.split("\n"))-{""}
    random.seed(51)
    def pages():
        return sorted(p for p in fs if p.startswith(docs+'/') and p.endswith(exts) and os.path.basename(p) not in SKIP
                      and not any(s.startswith('.') for s in p.split('/')))
    def folders(): return sorted({os.path.dirname(p) for p in pages()} | {docs})
    out=[]
    for step in range(1,21):
        src=random.choice(pages()); d,name=os.path.split(src); stem,ext=os.path.splitext(name)
        others=[f for f in folders() if f!=d]
        if others and random.random()<0.5:
            dest=random.choice(others); tgt=os.path.join(dest,name)
            if tgt in fs: dest=os.path.join(dest,f"{stem}-m{step}{ext}"); tgt=dest
        else:
            dest=os.path.join(d,f"{stem}-r{step}{ext}"); tgt=dest
        fs.discard(src); fs.add(tgt); out.append(f"{step} urilint mv {src} {dest}")
    return out
for repo,docs,exts in [("mkdocs","docs",(".md",)),("flask","docs",(".rst",)),("nomicon","src",(".md",)),
                       ("kind","site/content",(".md",)),("cra","docusaurus/docs",(".md",))]:
    listed=[l.split(None,1)[1].strip() for l in open("moves.txt") if l.split()[0]==repo]
    got=draw(repo,docs,exts)
    same=sum(a==b for a,b in zip(listed,got))
    print(repo, "same as listed:", same, "/20")
    for a,b in zip(listed,got):
        if a!=b: print("  listed:",a,"\n  today: ",b); break
