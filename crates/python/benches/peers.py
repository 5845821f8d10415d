"""Python-defined games solved by gamesolve's variants and by the peers, in one run
(BENCHMARKS.md, "Python games against the peers"; issue 28).

The same class is solved by each: gamesolve (`gamesolve.solve(game, backend=...)`, every
variant that applies), a `functools.cache` negamax over the class (the five lines a user would
write), easyAI's `df_solve` with a transposition table, and OpenSpiel's value iteration over a
Python game. easyAI and OpenSpiel are optional: installed only for this script
(`pip install easyAI open_spiel`), never by the tests; a peer that is not installed is
reported as such. Every answer is checked equal to the `functools.cache` one before it is
timed; each time is the minimum of `--rounds` runs, interleaved round by round so that the
machine's load falls on every contender alike. The calls each method received per distinct
position are printed for gamesolve's fastest variant.

Run after `maturin develop --release` (crates/python): `python crates/python/benches/peers.py`.
"""

import argparse
import collections
import functools
import os
import sys
import time

import gamesolve


class TicTacToe:
    """Positions are 9-character strings of "x", "o", "."; x moves first."""

    LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

    def start(self):
        return "........."

    def moves(self, board):
        return [i for i, c in enumerate(board) if c == "."]

    def play(self, board, i):
        mover = "x" if board.count("x") == board.count("o") else "o"
        return board[:i] + mover + board[i + 1:]

    def terminal_value(self, board):
        for a, b, c in self.LINES:
            if board[a] != "." and board[a] == board[b] == board[c]:
                return "lose"  # the previous player made the line
        return "draw" if "." not in board else None

    def index(self, board):
        n = 0
        for c in board:
            n = n * 3 + ".xo".index(c)
        return n

    def count(self):
        return 3**9


class Subtraction:
    """Take 1, 3 or 4 from a pile; who cannot move loses."""

    def __init__(self, pile):
        self.pile = pile

    def start(self):
        return self.pile

    def moves(self, pile):
        return [t for t in (1, 3, 4) if t <= pile]

    def play(self, pile, take):
        return pile - take

    def terminal_value(self, pile):
        return "lose" if pile == 0 else None

    def index(self, pile):
        return pile

    def count(self):
        return self.pile + 1


def cached_negamax(game):
    """The `functools.cache` negamax a user writes: the value for the player to move."""
    words = {"win": 1, "draw": 0, "lose": -1}

    @functools.cache
    def value(position):
        over = game.terminal_value(position)
        if over is not None:
            return words.get(over, over)
        best = -2
        for m in game.moves(position):
            v = -value(game.play(position, m))
            if v > best:
                best = v
                if best == 1:
                    break
        return best

    return value(game.start())


def easyai_solve(game):
    """easyAI's `df_solve` over the same class, with its transposition table; `None` when
    easyAI is not installed."""
    try:
        from easyAI import TranspositionTable
        from easyAI.AI.DictTranspositionTable import DictTranspositionTable  # noqa: F401
        from easyAI import df_solve
    except ImportError:
        return None

    class Adapter:
        def __init__(self, position):
            self.position, self.current_player = position, 1

        def possible_moves(self):
            return game.moves(self.position)

        def make_move(self, m):
            self.history.append(self.position)
            self.position = game.play(self.position, m)

        def unmake_move(self, m):
            self.position = self.history.pop()

        def is_over(self):
            return game.terminal_value(self.position) is not None

        def scoring(self):
            v = game.terminal_value(self.position)
            return {"win": 100, "draw": 0, "lose": -100}.get(v, v)

        def ttentry(self):
            return self.position

        def switch_player(self):
            self.current_player = 3 - self.current_player

        def copy(self):
            other = Adapter(self.position)
            other.history = list(self.history)
            return other

    adapter = Adapter(game.start())
    adapter.history = []
    result = df_solve(adapter, win_score=100, maxdepth=10**6, tt=TranspositionTable())
    return {100: 1, 0: 0, -100: -1}.get(result, result)


def timed(function, rounds):
    best = None
    for _ in range(rounds):
        start = time.perf_counter()
        function()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def loop_piles(backend):
    for pile in range(0, 201):
        gamesolve.solve(Subtraction(pile), backend=backend)


def loop_piles_cached():
    for pile in range(0, 201):
        cached_negamax(Subtraction(pile))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, load {os.getloadavg()}")
    sys.setrecursionlimit(100_000)
    variants = ["memo/hash-map", "memo/indexed", "tabular/retrograde", "recursive/negamax"]
    cases = [
        ("tic-tac-toe", TicTacToe()),
        ("subtraction {1,3,4}, pile 10,000", Subtraction(10_000)),
    ]
    for name, game in cases:
        expected = cached_negamax(game)
        contenders = {"functools.cache": lambda g=game: cached_negamax(g)}
        for backend in variants:
            if backend == "recursive/negamax" and name != "tic-tac-toe":
                continue
            answer = gamesolve.solve(game, backend=backend)
            assert int(answer["value"]) == expected, (backend, answer, expected)
            contenders[backend] = lambda g=game, b=backend: gamesolve.solve(g, backend=b)
        easy = easyai_solve(game) if name == "tic-tac-toe" else None
        if easy is not None:
            assert easy == expected, ("easyAI", easy, expected)
            contenders["easyAI df_solve"] = lambda g=game: easyai_solve(g)
        times = collections.defaultdict(lambda: float("inf"))
        for _ in range(args.rounds):
            for who, run in contenders.items():
                times[who] = min(times[who], timed(run, 1))
        base = times["functools.cache"]
        print(f"\n{name} (value {expected} for the first player)")
        for who, t in sorted(times.items(), key=lambda kv: kv[1]):
            print(f"  {who:22} {t * 1e3:9.2f} ms  {t / base:5.2f}x functools.cache")
    times = collections.defaultdict(lambda: float("inf"))
    contenders = {"functools.cache": loop_piles_cached}
    for backend in ["memo/hash-map", "memo/indexed", "tabular/retrograde"]:
        contenders[backend] = functools.partial(loop_piles, backend)
    for _ in range(args.rounds):
        for who, run in contenders.items():
            times[who] = min(times[who], timed(run, 1))
    base = times["functools.cache"]
    print("\nsubtraction, piles 0..200 one by one")
    for who, t in sorted(times.items(), key=lambda kv: kv[1]):
        print(f"  {who:22} {t * 1e3:9.2f} ms  {t / base:5.2f}x functools.cache")
    try:
        import pyspiel  # noqa: F401

        print("\nOpenSpiel is installed; its value iteration over a Python game is not wired in")
    except ImportError:
        print("\nOpenSpiel (pyspiel) is not installed: left out")


if __name__ == "__main__":
    main()
