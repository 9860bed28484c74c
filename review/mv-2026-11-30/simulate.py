import os,sys
# (run on the freshly copied trees, before run.sh; it reads the working trees)
# check that each move's source exists when the moves are simulated as plain renames
files={}
for r in ["mkdocs","flask","nomicon","kind","cra"]:
    fs=set()
    for d,ds,f in os.walk(r):
        if '.git' in d.split(os.sep): continue
        for x in f: fs.add(os.path.relpath(os.path.join(d,x),r))
    for line in open("moves.txt"):
        rr,n,_,_,src,dest=line.split()
        if rr!=r: continue
        if src not in fs: print(r,n,"MISSING",src); continue
        if os.path.isdir(os.path.join(r,dest)) or not dest.endswith(('.md','.rst')):
            d2=os.path.join(dest,os.path.basename(src))
        else: d2=dest
        if d2 in fs: print(r,n,"EXISTS",d2)
        fs.discard(src); fs.add(d2)
    print(r,"ok")
