"""A Python game on every variant: each method asked at most once per position, the game's own
exception (or KeyboardInterrupt) from any point of any variant's run, a game whose positions
repeat refused at once by the searches and solved by `tabular/retrograde`, and what a solve
holds for the game counted against the memory cap (issue 28)."""

import _thread
import collections
import sys
import threading

import pytest

import gamesolve
from conftest import reference_negamax

METHODS = ["start", "moves", "play", "terminal_value", "index"]


def pile_for(backend):
    """Plain recursion re-expands positions (exponentially many paths): a smaller pile."""
    return 20 if backend == "recursive/negamax" else 300


class Counted:
    """Subtraction {1, 3, 4} with an index, counting each method's calls per position (and
    per move for `play`); raises `Boom` at call number `fail_at` of `fail_in`."""

    def __init__(self, pile, fail_in=None, fail_at=None):
        self.pile, self.fail_in, self.fail_at = pile, fail_in, fail_at
        self.calls = collections.Counter()
        self.per = collections.Counter()

    def _called(self, method, key):
        self.calls[method] += 1
        self.per[(method, key)] += 1
        if method == self.fail_in and self.calls[method] == self.fail_at:
            raise Boom(f"{method} call {self.fail_at}")

    def start(self):
        self._called("start", None)
        return self.pile

    def moves(self, pile):
        self._called("moves", pile)
        return [t for t in (1, 3, 4) if t <= pile]

    def play(self, pile, take):
        self._called("play", (pile, take))
        return pile - take

    def terminal_value(self, pile):
        self._called("terminal_value", pile)
        return "lose" if pile == 0 else None

    def index(self, pile):
        self._called("index", pile)
        return pile

    def count(self):
        return self.pile + 1


class Boom(Exception):
    pass


def every_variant():
    """Every variant that answers for an indexed Python game, as `compare` lists them (so a
    variant added later is tested too)."""
    rows = gamesolve.compare(Counted(6), variants=True)
    return [f"{row['backend']}/{row['variant']}" for row in rows if "error" not in row]


VARIANTS = every_variant()
SEARCHES = [v for v in VARIANTS if v.split("/")[0] in ("recursive", "memo")]


def test_every_variant_is_tested():
    assert {"recursive/negamax", "memo/hash-map", "memo/alpha-beta", "memo/textbook",
            "memo/indexed", "tabular/retrograde"} <= set(VARIANTS), VARIANTS


sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))  # the reference negamax, pile 300


@pytest.mark.parametrize("backend", VARIANTS)
def test_each_method_is_asked_at_most_once_per_position(backend):
    game = Counted(pile_for(backend))
    answer = gamesolve.solve(game, backend=backend)
    assert (answer["value"], answer["best_move"]) == reference_negamax(Counted(pile_for(backend)))
    repeated = {key: n for key, n in game.per.items() if n > 1}
    assert not repeated, f"{backend} asked again: {sorted(repeated.items())[:5]}"


@pytest.mark.parametrize("backend", VARIANTS)
@pytest.mark.parametrize("method", METHODS)
def test_the_games_exception_from_any_point_of_any_variant(backend, method):
    counting = Counted(pile_for(backend))
    gamesolve.solve(counting, backend=backend)
    total = counting.calls[method]
    if total == 0:
        pytest.skip(f"{backend} does not call {method}")
    for at in sorted({1, 2, total // 3, total // 2, total - 1, total} & set(range(1, total + 1))):
        game = Counted(pile_for(backend), fail_in=method, fail_at=at)
        with pytest.raises(Boom) as caught:
            gamesolve.solve(game, backend=backend)
        assert caught.value.gamesolve_method == method, (backend, method, at)


class Loop:
    """Positions 0..size on a ring, and a way out at `exit`; whoever moves to `exit` wins.
    A jump is tried first, so a search goes round the ring (0, 2, 4, ..., 0) before it finds
    the way out: positions repeat on its path."""

    def __init__(self, size=10, exit=7):
        self.size, self.exit = size, exit

    def start(self):
        return 0

    def moves(self, n):
        return ["jump", "step"]

    def play(self, n, move):
        return (n + (1 if move == "step" else 2)) % self.size

    def terminal_value(self, n):
        return "lose" if n == self.exit else None

    def index(self, n):
        return n

    def count(self):
        return self.size


@pytest.mark.parametrize("backend", SEARCHES)
def test_a_repeated_position_is_refused_by_the_searches(backend):
    with pytest.raises(gamesolve.UnavailableBackend) as caught:
        gamesolve.solve(Loop(), backend=backend)
    message = str(caught.value)
    assert "repeats" in message and "tabular/retrograde" in message, message
    assert "`0`" in message, message
    assert caught.value.kind == "unavailable_backend"


def test_retrograde_solves_the_loop():
    # 0 steps to 1; from 1 either move leads to a win for the opponent (2 or 3 win: 3 steps
    # to 4 ... the same retrograde reading as the reference below).
    answer = gamesolve.solve(Loop(), backend="tabular/retrograde")
    assert int(answer["value"]) == ring_value(Loop())


def ring_value(game):
    """The value of the ring's start by iterating to a fixed point (the oracle for a game
    whose positions repeat): a position is won when a move reaches the exit or a lost
    position, lost when every move reaches a won one, else drawn."""
    value = {n: None for n in range(game.size)}
    value[game.exit] = -1
    changed = True
    while changed:
        changed = False
        for n in range(game.size):
            if value[n] is not None:
                continue
            replies = [value[game.play(n, m)] for m in game.moves(n)]
            if -1 in replies:
                value[n], changed = 1, True
            elif all(r == 1 for r in replies):
                value[n], changed = -1, True
    return value[0] or 0


class Deeper:
    """Every move leads to a new position, for ever."""

    def start(self):
        return 0

    def moves(self, n):
        return [1]

    def play(self, n, m):
        return n + m

    def terminal_value(self, n):
        return None


@pytest.mark.parametrize("backend", [v for v in SEARCHES if v != "memo/indexed"])
def test_what_the_solve_holds_counts_against_the_memory_cap(backend):
    with pytest.raises(gamesolve.CannotAnswer) as caught:
        gamesolve.solve(Deeper(), backend=backend, memory_cap="8MiB", state_budget=10**9)
    assert "memory cap" in str(caught.value) or "memory_cap" in str(caught.value)


class EndlessMoves(Deeper):
    """A position whose moves never end: `moves` gives an iterator that counts for ever (and
    raises if it is read far past what the memory cap allows)."""

    def moves(self, n):
        def counting():
            k = 0
            while True:
                if k > 5_000_000:
                    raise AssertionError("the moves were read on past the memory cap")
                yield k
                k += 1

        return counting()


@pytest.mark.parametrize("backend", [v for v in SEARCHES if v != "memo/indexed"])
def test_moves_past_the_memory_cap_are_not_read_on(backend):
    with pytest.raises(gamesolve.CannotAnswer) as caught:
        gamesolve.solve(EndlessMoves(), backend=backend, memory_cap="16MiB")
    assert "memory cap" in str(caught.value) or "memory_cap" in str(caught.value)
    # The error names what grew past the cap: the moves, not the positions.
    assert "moves held = " in str(caught.value), str(caught.value)


def test_ctrl_c_stops_retrograde_with_keyboard_interrupt():
    game = Counted(3_000_000)
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        gamesolve.solve(game, backend="tabular/retrograde")
    timer.join()


@pytest.mark.parametrize("backend", VARIANTS)
def test_ctrl_c_stops_every_variant_with_keyboard_interrupt(backend):
    # Plain recursion re-expands positions: a pile of 60 takes far longer than the timer.
    game = Counted(60 if backend == "recursive/negamax" else 3_000_000)
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            gamesolve.solve(game, backend=backend, state_budget=10**9)
    finally:
        timer.cancel()
        timer.join()
    # The next solve of the same class is not interrupted.
    assert gamesolve.solve(Counted(10), backend=backend)["value"] == reference_negamax(Counted(10))[0]
