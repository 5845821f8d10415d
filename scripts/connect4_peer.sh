#!/bin/sh
# Builds Pascal Pons' Connect Four solver (github.com/PascalPons/connect4, AGPL-3.0) as a
# benchmark peer, outside the tracked tree: its sources are copied into the build directory,
# never into this repository, and only the binary is run (by
# `cargo run --release -p gamesolve-peers --example connect4_peer`).
#
#   scripts/connect4_peer.sh [--source DIR] [--table-log N] [--out DIR]
#
#   --source DIR    a checkout of the peer (default: a clone of the pinned commit below)
#   --table-log N   its table's size, 2^N entries (a compile constant, `Solver::TABLE_SIZE`,
#                   24 upstream; default 20: the entries of memo/bounded's default table on
#                   Connect Four, 2^20 within 64 MiB)
#   --out DIR       where the build goes (default: target/connect4-peer)
#
# What it builds: `c4peer`, the peer's `Solver.cpp` with a driver of ours (written below:
# it only calls the peer's public API) that reads one position a line (the test sets' column
# digits, a score after them ignored) and prints `SCORE NODES NANOSECONDS` a line: the
# peer's exact score (its strong solver, no opening book), the nodes its `negamax` expanded
# for that position and the time of the `solve` call alone. The table is emptied (`reset`,
# a memset) before each position, outside the timing, so every position starts on an empty
# table as gamesolve's `memo/bounded` does. Built with
#
#   g++ -std=c++11 -O3 -DNDEBUG -march=native -o c4peer driver.cpp Solver.cpp
#
# (`-march=native` is what `cargo build --release` is not given; pass CXXFLAGS to change
# the flags, e.g. CXXFLAGS='-std=c++11 -O3 -DNDEBUG' for the upstream Makefile's).
set -eu

COMMIT=d6ba50d8aaf2308c769d9bf2abd42d90f34baf41
root=$(cd "$(dirname "$0")/.." && pwd)
source=""
table_log=20
out="$root/target/connect4-peer"
while [ $# -gt 0 ]; do
    case "$1" in
        --source) source=$2; shift 2 ;;
        --table-log) table_log=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        *) echo "connect4_peer.sh: unknown argument \`$1\` (see the header for usage)" >&2; exit 2 ;;
    esac
done
case "$table_log" in
    1[6-9]|2[0-9]) ;;
    *) echo "connect4_peer.sh: --table-log $table_log is out of range: 16..=29" >&2; exit 2 ;;
esac
mkdir -p "$out"
out=$(cd "$out" && pwd)
command -v g++ >/dev/null || { echo "connect4_peer.sh: g++ is not installed" >&2; exit 2; }

mkdir -p "$out/src"
if [ -z "$source" ]; then
    if [ ! -d "$out/checkout/.git" ]; then
        git clone --quiet https://github.com/PascalPons/connect4 "$out/checkout"
    fi
    git -C "$out/checkout" checkout --quiet "$COMMIT"
    source="$out/checkout"
fi
for f in Position.hpp Solver.hpp Solver.cpp TranspositionTable.hpp OpeningBook.hpp MoveSorter.hpp; do
    [ -f "$source/$f" ] || { echo "connect4_peer.sh: $source/$f is missing: not a checkout of PascalPons/connect4" >&2; exit 2; }
    cp "$source/$f" "$out/src/$f"
done
# The table's size is a compile constant of the peer.
sed -i "s/static constexpr int TABLE_SIZE = [0-9]*;/static constexpr int TABLE_SIZE = $table_log;/" "$out/src/Solver.hpp"
grep -q "TABLE_SIZE = $table_log;" "$out/src/Solver.hpp" || {
    echo "connect4_peer.sh: could not set TABLE_SIZE in Solver.hpp (has the peer changed?)" >&2; exit 2; }

cat > "$out/src/driver.cpp" <<'CPP'
// gamesolve's driver for the peer: one position a line in, `SCORE NODES NANOSECONDS` out.
#include <chrono>
#include <iostream>
#include <sstream>
#include <string>
#include "Solver.hpp"

using namespace GameSolver::Connect4;

int main() {
  Solver solver;
  std::string line;
  for (int l = 1; std::getline(std::cin, line); l++) {
    std::istringstream words(line);
    std::string moves;
    words >> moves;
    Position P;
    if (P.play(moves) != moves.size()) {
      std::cerr << "line " << l << ": cannot play `" << moves << "`" << std::endl;
      std::cout << "error" << std::endl;
      continue;
    }
    solver.reset();
    auto start = std::chrono::steady_clock::now();
    int score = solver.solve(P);
    auto end = std::chrono::steady_clock::now();
    long long ns = std::chrono::duration_cast<std::chrono::nanoseconds>(end - start).count();
    std::cout << score << " " << solver.getNodeCount() << " " << ns << std::endl;
  }
  return 0;
}
CPP
flags=${CXXFLAGS:--std=c++11 -O3 -DNDEBUG -march=native}
# shellcheck disable=SC2086
(cd "$out/src" && g++ $flags -o "$out/c4peer" driver.cpp Solver.cpp)
echo "built $out/c4peer (table 2^$table_log entries, $flags)"
