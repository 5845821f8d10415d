"""Measures, in one run, what the Python package costs over Rust (BENCHMARKS.md, "Python").

1. A built-in solve called from Python (`gamesolve.solve`) against the same solve in Rust
   (`embed::solve`, timed inside the native module): the overhead per call.
2. A game written in Python solved by `memo/hash-map` against a plain `functools.cache`
   negamax over the same class.

Run after `pip install ./crates/python`: `python crates/python/benches/overhead.py`.
"""

import functools
import json
import statistics
import sys
import time

import gamesolve
from gamesolve import _native


def per_call(function, repeat, rounds=7):
    """The median over `rounds` of the mean time of one call, in ns."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter_ns()
        for _ in range(repeat):
            function()
        times.append((time.perf_counter_ns() - start) / repeat)
    return statistics.median(times)


class Nim:
    """Three heaps of up to `size` counters; take any number from one heap; who cannot move
    loses. Positions are tuples: (size + 1)**3 of them."""

    def __init__(self, size):
        self.size = size

    def start(self):
        return (self.size, self.size - 1, self.size - 2)

    def moves(self, heaps):
        return [(h, k) for h in range(3) for k in range(1, heaps[h] + 1)]

    def play(self, heaps, move):
        h, k = move
        heaps = list(heaps)
        heaps[h] -= k
        return tuple(heaps)

    def terminal_value(self, heaps):
        return "lose" if heaps == (0, 0, 0) else None


def cached_negamax(game):
    @functools.cache
    def value(position):
        over = game.terminal_value(position)
        if over is not None:
            return {"win": 1, "draw": 0, "lose": -1}.get(over, over)
        best = None
        for m in game.moves(position):
            v = -value(game.play(position, m))
            if best is None or v > best:
                best = v
                if best == 1:
                    break
        return best

    return value(game.start())


def main():
    print(f"python {sys.version.split()[0]}")
    for name, params in [
        ("can-i-win", {"max_choosable": 10, "desired_total": 11}),
        ("can-i-win", {"max_choosable": 20, "desired_total": 158}),
        ("predict-the-winner", {"values": [1, 5, 233, 7]}),
    ]:
        request = json.dumps({"game": name, **params})
        repeat = 200 if params.get("max_choosable") == 20 else 2000
        rust = _native._time_solve(request, repeat)
        rust = min(rust, *(_native._time_solve(request, repeat) for _ in range(4)))
        python = per_call(lambda: gamesolve.solve(name, **params), repeat)
        print(
            f"{name} {params}: Python {python / 1e3:.1f} µs/call, Rust {rust / 1e3:.1f} µs/call, "
            f"overhead {(python - rust) / 1e3:.1f} µs/call, ratio {python / rust:.2f}"
        )
    for size in (8, 12, 16):
        game = Nim(size)
        native = per_call(lambda: gamesolve.solve(game, backend="memo/hash-map"), 1, rounds=5)
        plain = per_call(lambda: cached_negamax(game), 1, rounds=5)
        answer = gamesolve.solve(game, backend="memo/hash-map", stats=True)
        assert answer["value"] == cached_negamax(game)
        print(
            f"Nim heaps {game.start()} ({answer['stats']['positions']} positions expanded): "
            f"memo/hash-map {native / 1e6:.2f} ms, functools.cache negamax {plain / 1e6:.2f} ms, "
            f"ratio {native / plain:.2f}"
        )


if __name__ == "__main__":
    main()
