#!/bin/bash
# setup.sh NAME REPO: a fresh copy of the base tree of /tmp/mv-eval2/REPO (the
# `git archive` of its root commit `base`, as review/mv-2026-11-30.md's
# re-run did) in /tmp/mv-eval51/NAME, committed.
E=/tmp/mv-eval51; n=$1; r=$2
rm -rf "$E/$n"; mkdir -p "$E/$n"
(cd /tmp/mv-eval2/$r && git archive "$(git rev-list --max-parents=0 HEAD)") | tar -x -C "$E/$n"
cd "$E/$n" && git init -q && git add -A && git -c user.email=e@e -c user.name=e commit -qm base
git rev-parse HEAD^{tree}
