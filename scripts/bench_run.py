"""What the scripts that write a `benches/results/*.csv` file from a run of the release
`gamesolve` share: the paths, the machine's row, the load, the commit, and the page's
regeneration. Imported by scripts/java_seed_bench.py and scripts/headline_compare.py."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMESOLVE = os.path.join(ROOT, "target", "release", "gamesolve")


def start(doc):
    """The machine id of the command line (a row of benches/results/machines.csv), once the
    release binary is found; exits with `doc` (the script's usage) or the reason otherwise."""
    if len(sys.argv) != 2:
        sys.exit(doc)
    machine = sys.argv[1]
    with open(os.path.join(ROOT, "benches", "results", "machines.csv")) as f:
        if not any(line.startswith(machine + ",") for line in f):
            sys.exit(f"error: machine '{machine}' is not a row of benches/results/machines.csv")
    if not os.path.exists(GAMESOLVE):
        sys.exit("error: target/release/gamesolve is missing: run `cargo build --release` first")
    return machine


def load():
    """The one-minute load average."""
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def commit():
    """The short hash of the checked-out commit."""
    return subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True).stdout.strip()


def write_and_regenerate(path, lines):
    """Writes `lines` to the data file `path`, then BENCHMARKS.md from all the data files."""
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {os.path.relpath(path, ROOT)}", file=sys.stderr)
    subprocess.run(["cargo", "run", "--quiet", "--example", "bench_report"], cwd=ROOT, check=True)
