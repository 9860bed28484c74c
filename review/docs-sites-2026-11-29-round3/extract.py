import subprocess, sys, os
gd, out = sys.argv[1], sys.argv[2]
ls = subprocess.run(['git', '--git-dir', gd, 'ls-tree', '-r', '-z', 'HEAD'], capture_output=True, check=True).stdout.split(b'\0')
ents = []
for e in ls:
    if not e: continue
    meta, path = e.split(b'\t', 1)
    mode, typ, sha = meta.split()
    if typ != b'blob': continue
    ents.append((mode, sha, path))
p = subprocess.Popen(['git', '--git-dir', gd, 'cat-file', '--batch'], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
missing = 0
for mode, sha, path in ents:
    p.stdin.write(sha + b'\n'); p.stdin.flush()
    hdr = p.stdout.readline()
    if hdr.endswith(b'missing\n'):
        missing += 1
        # A blob the snapshot leaves out (its largest files): a binary file
        # is made empty, so that links to it find it as upstream does.
        ext = path.rsplit(b'.', 1)[-1].lower()
        if ext in (b'png', b'jpg', b'jpeg', b'gif', b'webp', b'zip', b'pdf', b'mp4', b'webm', b'pptx', b'ico', b'woff', b'woff2', b'ttf', b'mov'):
            dst = os.path.join(out.encode(), path)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            open(dst, 'wb').close()
            print('placeholder', path.decode(errors='replace'))
        else:
            print('absent', path.decode(errors='replace'))
        continue
    size = int(hdr.split()[2])
    data = p.stdout.read(size); p.stdout.read(1)
    dst = os.path.join(out.encode(), path)
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    if mode == b'120000':
        try: os.symlink(data, dst)
        except FileExistsError: pass
    else:
        with open(dst, 'wb') as f: f.write(data)
        if mode == b'100755': os.chmod(dst, 0o755)
print(out, len(ents), 'files', missing, 'missing')
