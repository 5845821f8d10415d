"""Long solves release the GIL, and Ctrl-C stops them."""

import _thread
import threading
import time

import pytest

import gamesolve

LONG = dict(max_choosable=24, desired_total=250, backend="recursive/negamax", node_budget=10**15)


def test_other_threads_run_during_a_solve():
    counted = [0]
    stop = threading.Event()

    def count():
        while not stop.is_set():
            counted[0] += 1

    other = threading.Thread(target=count)
    other.start()
    try:
        before = counted[0]
        with pytest.raises(gamesolve.CannotAnswer, match="time limit"):
            gamesolve.can_i_win(time_limit="300ms", **LONG)
        during = counted[0] - before
    finally:
        stop.set()
        other.join()
    # With the GIL held for 300 ms the other thread would count (almost) nothing.
    assert during > 1000, during


def test_solves_in_several_threads_at_once():
    results = []

    def solve():
        results.append(gamesolve.can_i_win(20, 158)["outcome"])

    threads = [threading.Thread(target=solve) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == ["second"] * 4


def test_ctrl_c_stops_a_built_in_solve():
    timer = threading.Timer(0.2, _thread.interrupt_main)
    start = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        gamesolve.can_i_win(**LONG)
    elapsed = time.monotonic() - start - 0.2
    timer.join()
    assert elapsed < 0.5, f"took {elapsed:.3f} s after Ctrl-C"
    # The next solve is not cancelled.
    assert gamesolve.can_i_win(10, 11)["outcome"] == "second"


def test_ctrl_c_stops_a_python_game():
    class Endless:
        def start(self):
            return 0

        def moves(self, n):
            return [1, 2]

        def play(self, n, m):
            return n + m

        def terminal_value(self, n):
            return "lose" if n >= 10**9 else None

    timer = threading.Timer(0.2, _thread.interrupt_main)
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        gamesolve.solve(Endless(), backend="memo/hash-map", state_budget=10**12, memory_cap="64GiB")
    timer.join()
