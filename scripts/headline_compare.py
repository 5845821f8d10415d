#!/usr/bin/env python3
"""BENCHMARKS.md's headline rows for the built-in games that have no criterion bench (Cat
and Mouse, Connect Four): every variant of every backend on a few instances, measured by
`gamesolve compare --variants --json --min-time 1s` in one run (each variant warmed up, then
the median of runs taking 1 s together, the variants' samples interleaved).

    cargo build --release
    python3 scripts/headline_compare.py MACHINE_ID     # a row of benches/results/machines.csv

Writes benches/results/headline_more.csv and regenerates BENCHMARKS.md (`cargo run --example
bench_report`). Takes about two minutes.
"""

import json
import os
import subprocess
import sys
from datetime import datetime, timezone

from bench_run import GAMESOLVE, ROOT, commit, load, start, write_and_regenerate

OUT = os.path.join(ROOT, "benches", "results", "headline_more.csv")


def ladder(k):
    """Cat and Mouse's growth family's ladder of k nodes (TableGame::growth): the path
    1-2-...-(k-1), each node also joined to the node two further, the hole 0 joined to k-1."""
    graph = [[] for _ in range(k)]

    def join(a, b):
        graph[a].append(b)
        graph[b].append(a)

    join(0, k - 1)
    for v in range(1, k):
        for step in (1, 2):
            if v + step < k:
                join(v, v + step)
    return json.dumps(graph, separators=(",", ":"))


def first_position(name):
    with open(os.path.join(ROOT, "tests", "data", "connect_four", name)) as f:
        return f.readline().split()[0]


def cases():
    l2 = first_position("L2_R1.txt")
    return [
        ("Cat and Mouse, a ladder of 256 nodes", ["cat-and-mouse", "--graph", ladder(256)]),
        ("Connect Four 4x4, the empty board", ["connect-four", "4", "4"]),
        (f"Connect Four 7x6 after {len(l2)} moves (L2_R1's first)",
         ["connect-four", "7", "6", "--played", l2]),
    ]



def main():
    machine = start(__doc__)
    built = commit()
    started = datetime.now(timezone.utc)
    loads = [load()]
    rows = []  # (instance, answer, {variant: cell})
    variants = []
    for label, args in cases():
        out = subprocess.run(
            [GAMESOLVE, "compare", *args, "--variants", "--json", "--min-time", "1s"],
            capture_output=True, text=True,
        )
        loads.append(load())
        if out.returncode not in (0, 3):  # 3: some variant gave up, the others answered
            sys.exit(f"error: gamesolve compare {' '.join(args[:3])}: {out.stderr.strip()}")
        answers, cells = set(), {}
        for r in json.loads(out.stdout):
            name = f"`{r['backend']}/{r['variant']}`"
            if "timing" in r:
                t = r["timing"]
                spread = (t["p75_ns"] - t["p25_ns"]) / 2 / max(t["median_ns"], 1) * 100
                answers.add(r["outcome"])
                cells[name] = (f"{ns(t['median_ns'])} ±{spread:.0f}% "
                               f"({r['stats']['positions']:,} positions)")
            elif "has no algorithm" not in r.get("error", "has no algorithm"):
                cells[name] = "gave up: " + r["error"].split(";")[0][:60]
            else:
                continue
            if name not in variants:
                variants.append(name)
        if len(answers) != 1:
            sys.exit(f"error: {label}: the variants disagree: {answers}")
        rows.append((label, answers.pop(), cells))
        print(f"{label}: {len(cells)} variants", file=sys.stderr)
    finished = datetime.now(timezone.utc)
    header = [
        "# kind: table",
        "# order: 10",
        "# section: Headline",
        "# title: Every variant on Cat and Mouse and Connect Four: median time",
        f"# command: python3 scripts/headline_compare.py {machine} "
        "(gamesolve compare GAME ... --variants --json --min-time 1s)",
        f"# machine: {machine}",
        f"# date: {started:%Y-%m-%d %H:%M} to {finished:%H:%M} UTC, release build of {built}",
        f"# load: {min(loads):.1f} to {max(loads):.1f}",
        "# note: The two built-in games without a criterion bench, measured by `compare` in "
        "one run per instance: every variant warmed up, then the median of its runs taking "
        "1 s together (± half the interquartile range), the variants' samples interleaved; "
        "positions (expanded) from one separate counted run. Every variant that answered agrees (the "
        "script checks). A variant with no algorithm for the game (`tabular` for Connect "
        "Four, the searches for Cat and Mouse, whose positions repeat) is left out; one that "
        "gave up says why.",
        ",".join(["instance", "answer", *variants]),
    ]
    for label, answer, cells in rows:
        line = [label, answer, *(cells.get(v, "–") for v in variants)]
        header.append(",".join(f'"{c}"' if "," in c else c for c in line))
    write_and_regenerate(OUT, header)


def ns(x):
    for unit, size in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if x >= size:
            return f"{x / size:.3g} {unit}"
    return f"{x:.3g} ns"


if __name__ == "__main__":
    main()
