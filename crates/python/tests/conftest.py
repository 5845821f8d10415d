"""Shared helpers of the gamesolve Python tests."""

import functools
import json
import os
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True, scope="session")
def ctrl_c_raises_keyboard_interrupt():
    """The Ctrl-C tests simulate SIGINT (`_thread.interrupt_main`). A process started in the
    background by a non-interactive shell (`cmd &` in a CI script) inherits SIGINT ignored,
    and Python then installs no handler: the simulated Ctrl-C would do nothing and those
    tests would wait for a solve of minutes. Python's own handler is installed for the
    session, as an interactive run has it."""
    before = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def reference_negamax(game):
    """A plain-Python memoised negamax of a game object (the oracle): the value for the
    player to move at the start, and the best first move (the first among equals)."""

    @functools.cache
    def value(position):
        over = game.terminal_value(position)
        if over is not None:
            return {"win": 1, "draw": 0, "lose": -1}.get(over, over)
        return max(-value(game.play(position, m)) for m in game.moves(position))

    start = game.start()
    if game.terminal_value(start) is not None:
        return value(start), None
    best_value, best_move = None, None
    for m in game.moves(start):
        v = -value(game.play(start, m))
        if best_value is None or v > best_value:
            best_value, best_move = v, m
    return best_value, best_move


@pytest.fixture(scope="session")
def cli():
    """The `gamesolve` program of this checkout, to compare with (skipped when not built)."""
    for candidate in (ROOT / "target" / "debug" / "gamesolve", ROOT / "target" / "release" / "gamesolve"):
        if candidate.exists():
            program = str(candidate)
            break
    else:
        program = shutil.which("gamesolve")
    if program is None:
        pytest.skip("the gamesolve program is not built (cargo build)")

    def run(*args):
        done = subprocess.run([program, *args], capture_output=True, text=True, check=False)
        return json.loads(done.stdout)

    return run


def example_params(info):
    """A game of the table's first example as keyword parameters, when its parameters are
    integers, a row of values and words (`--played 4453`, empty when left out: the words of
    the command line); `None` otherwise."""
    words = info["examples"][0].split()
    params = {}
    for param in info["params"]:
        if param["kind"] == "integer":
            params[param["name"]] = int(words.pop(0))
        elif param["kind"] == "values":
            params[param["name"]] = [int(w) for w in words]
            words = []
        elif param["kind"] == "text":
            flag = f"--{param['name']}"
            params[param["name"]] = words[words.index(flag) + 1] if flag in words else ""
        else:
            return None
    return params
