#!/usr/bin/env python3
"""Median wall times of several commands, measured interleaved.

Usage: interleave.py RUNS -- CMD1 ARGS... [-- CMD2 ARGS... ...]

Each round runs every command once, in an order that rotates from round to
round, after two warm-up rounds; prints the median wall time of each
command in milliseconds, space-separated, in the order given. On a shared
machine whose speed drifts during a run (these VMs: up to 50% within an
hour), interleaving makes a drift hit every command alike, so that their
ratio stays meaningful where back-to-back blocks of runs (hyperfine's
order) do not. Output goes to /dev/null; exit statuses are ignored (check
exits 1 on findings).
"""
import statistics
import subprocess
import sys
import time


def main() -> None:
    runs = int(sys.argv[1])
    cmds, cur = [], None
    for a in sys.argv[2:]:
        if a == "--":
            cur = []
            cmds.append(cur)
        elif cur is not None:
            cur.append(a)
    times = [[] for _ in cmds]
    for r in range(runs + 2):
        for k in range(len(cmds)):
            i = (k + r) % len(cmds)
            t = time.perf_counter()
            subprocess.run(cmds[i], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            if r >= 2:
                times[i].append(time.perf_counter() - t)
    print(" ".join("%.1f" % (statistics.median(t) * 1000) for t in times))


if __name__ == "__main__":
    main()
