"""N solves of one of `peers.py`'s games by one contender, in one process: for timing a
contender's whole process (user CPU time) against another's, run after run (A B A B ...),
with any process timer (`/usr/bin/time -f %U`, `hyperfine`). BENCHMARKS.md, "Issue 28,
round 3: Python games".

`python crates/python/benches/repeat.py CONTENDER N GAME`: CONTENDER is `cache` (the
`functools.cache` negamax of `peers.py`) or a gamesolve variant (`memo/hash-map`, ...); GAME
is `ttt` (tic-tac-toe), `pile` (subtraction {1,3,4} at 10,000 stones), `loop` (piles 0..200,
one solve each: one loop is one of the N), `dom` (Domineering 5x5) or `zero` (pile 0, a game
over at its start: 1,000 solves per one of the N, the set-up of a solve alone). N = 0 measures
the start-up (imports).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import gamesolve  # noqa: E402
import peers  # noqa: E402


def main():
    contender, n, which = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    sys.setrecursionlimit(100_000)

    def solve(game):
        if contender == "cache":
            return peers.cached_negamax(game)
        return gamesolve.solve(game, backend=contender)["value"]

    games = {
        "ttt": lambda: [peers.TicTacToe()],
        "pile": lambda: [peers.Subtraction(10_000)],
        "loop": lambda: [peers.Subtraction(p) for p in range(201)],
        "dom": lambda: [peers.Domineering(5, 5)],
        "zero": lambda: [peers.Subtraction(0)] * 1000,
    }
    if which not in games:
        sys.exit(f"unknown game {which!r}: one of {', '.join(games)}")
    for _ in range(n):
        for game in games[which]():
            solve(game)


if __name__ == "__main__":
    main()
