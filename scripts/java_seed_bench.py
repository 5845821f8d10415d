#!/usr/bin/env python3
"""BENCHMARKS.md's table against the seed's Java: every gamesolve backend and the textbook
LeetCode Java solutions (benches/java/SeedJava.java; the seed's own Java is not in this
repository) on the same instances, in one run, each answer checked equal.

    cargo build --release
    python3 scripts/java_seed_bench.py MACHINE_ID      # a row of benches/results/machines.csv

Per case, in turn (the order of the two contenders swapped from one case to the next, so
that a change in the machine's load weighs on both alike): `java SeedJava CASE` (warmed up for
2 s, then the median of samples taking 1 s together) and `gamesolve compare CASE --json
--min-time 1s` (every backend, warmed up, the median of runs taking 1 s together). Writes
benches/results/java_seed.csv (the fastest backend's median and the Java median per case) and
regenerates BENCHMARKS.md (`cargo run --example bench_report`). Needs a JDK (`javac`, `java`
11 or newer; `apt-get install -y default-jdk-headless`). Takes about four minutes.
"""

import json
import os
import subprocess
import sys
import tempfile
from datetime import datetime, timezone

from bench_run import GAMESOLVE, ROOT, commit, load, start, write_and_regenerate

CLASSES = os.path.join(ROOT, "target", "java")
OUT = os.path.join(ROOT, "benches", "results", "java_seed.csv")

# (case label, game, parameters): Can I Win at the memo's hardest totals (benches/support)
# and at an easy total, Predict the Winner on the Rust benches' rows.
CASES = [
    ("Can I Win n = 14, T = 69 (hardest)", "can-i-win", (14, 69)),
    ("Can I Win n = 20, T = 158 (hardest)", "can-i-win", (20, 158)),
    ("Can I Win n = 20, T = 50 (easy)", "can-i-win", (20, 50)),
    ("Predict the Winner, 25 values", "predict-the-winner", (25,)),
    ("Predict the Winner, 1,000 values", "predict-the-winner", (1000,)),
    ("Predict the Winner, 5,000 values", "predict-the-winner", (5000,)),
    ("Predict the Winner, 100,000 values", "predict-the-winner", (100_000,)),
]

MASK = (1 << 64) - 1


def row(length):
    """The Rust benches' row (benches/support/mod.rs `row`): SplitMix64 from its seed,
    values uniform in 0..=10^7."""
    state, values = 0x5EED_0486, []
    for _ in range(length):
        state = (state + 0x9E37_79B9_7F4A_7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58_476D_1CE4_E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D0_49BB_1331_11EB) & MASK
        values.append((z ^ (z >> 31)) % 10_000_001)
    return values



def run_java(game, params):
    out = subprocess.run(
        ["java", "-cp", CLASSES, "SeedJava", game, *map(str, params)],
        check=True, capture_output=True, text=True,
    ).stdout
    return json.loads(out)


def run_gamesolve(game, params, row_file):
    if game == "can-i-win":
        args = ["can-i-win", *map(str, params)]
    else:
        args = ["predict-the-winner", "--file", row_file]
    out = subprocess.run(
        [GAMESOLVE, "compare", *args, "--json", "--min-time", "1s"],
        capture_output=True, text=True,
    )
    if out.returncode not in (0, 3):  # 3: a backend gave up (a budget), the others answered
        sys.exit(f"error: gamesolve compare {' '.join(args)}: {out.stderr.strip()}")
    answered = [r for r in json.loads(out.stdout) if "timing" in r]
    if not answered:
        sys.exit(f"error: no backend answered {game} {params}")
    return answered


def check(label, game, java, rows):
    for r in rows:
        if game == "can-i-win":
            same = r["can_i_win"] == java["first_wins"]
        else:
            same = r["margin"] == java["margin"]
        if not same:
            sys.exit(f"error: {label}: {r['backend']}/{r['variant']} and Java disagree: "
                     f"{r} against {java}")


def main():
    machine = start(__doc__)
    os.makedirs(CLASSES, exist_ok=True)
    subprocess.run(["javac", "-d", CLASSES, os.path.join(ROOT, "benches", "java", "SeedJava.java")],
                   check=True)
    java_version = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr
    java_version = java_version.splitlines()[0].replace(",", "")
    built = commit()
    started = datetime.now(timezone.utc)
    loads = [load()]
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        for k, (label, game, params) in enumerate(CASES):
            row_file = os.path.join(tmp, "row.txt")
            if game == "predict-the-winner":
                with open(row_file, "w") as f:
                    f.write(" ".join(map(str, row(params[0]))))
            if k % 2 == 0:
                java = run_java(game, params)
                rows = run_gamesolve(game, params, row_file)
            else:
                rows = run_gamesolve(game, params, row_file)
                java = run_java(game, params)
            loads.append(load())
            check(label, game, java, rows)
            best = min(rows, key=lambda r: r["timing"]["median_ns"])
            name = f"{best['backend']}/{best['kernel']}"
            for r in sorted(rows, key=lambda r: r["timing"]["median_ns"]):
                lines.append(f'"{label}",{r["backend"]}/{r["kernel"]},left,'
                             f'{r["timing"]["median_ns"]}')
            lines.append(f'"{label}",textbook Java,right,{round(java["median_ns"])}')
            print(f"{label}: {name} {best['timing']['median_ns']} ns, "
                  f"Java {java['median_ns']:.0f} ns", file=sys.stderr)
    finished = datetime.now(timezone.utc)
    header = [
        "# kind: versus",
        "# order: 12",
        "# section: Headline",
        "# title: Against the seed's Java: every gamesolve backend and the textbook LeetCode "
        "Java solution",
        f"# command: python3 scripts/java_seed_bench.py {machine}",
        f"# machine: {machine}",
        f"# date: {started:%Y-%m-%d %H:%M} to {finished:%H:%M} UTC, release build of {built}, "
        f"{java_version}",
        f"# load: {min(loads):.1f} to {max(loads):.1f}",
        "# statistic: median",
        "# left: gamesolve backends, the fastest first",
        "# right: textbook Java",
        "# columns: each",
        "# ratio: how many times longer the Java solution takes than the fastest gamesolve "
        "backend",
        "# note: The seed's own Java is not in this repository; the Java column is the "
        "textbook LeetCode solution (benches/java/SeedJava.java): Can I Win's top-down "
        "HashMap<Integer, Boolean> memo over the mask of the integers used (the seed's, by "
        "issue 5: 50-110 ms at n = 20, T = 158 on its machine), Predict the Winner's O(n^2) "
        "interval DP in one row. Both on the same instances in one run, one case after the "
        "other, the order of the two swapped from case to case; every gamesolve backend's "
        "answer is checked equal to Java's. Java: warmed up 2 s (the JIT), then the median "
        "of samples taking 1 s together; gamesolve: `compare --json --min-time 1s` (warmed "
        "up, the median of runs taking 1 s together), every backend that answered, named "
        "with the kernel it ran, the fastest first (the ratio is to it); a backend missing "
        "from a row gave up (its budget) or has no algorithm for the game.",
        "case,contender,side,time_ns",
    ]
    write_and_regenerate(OUT, header + lines)


if __name__ == "__main__":
    main()
