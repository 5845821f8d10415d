"""The limit keywords come from one place (the native module's table, `gamesolve.LIMITS`), and
every public function takes each of them, for a game of the table and for a game written in
Python, and refuses a bad value with a clear error naming the keyword."""

import pytest

import gamesolve


class Nim:
    def start(self):
        return 5

    def moves(self, pile):
        return [1, 2] if pile >= 2 else [1]

    def play(self, pile, take):
        return pile - take

    def terminal_value(self, pile):
        return "lose" if pile == 0 else None


def calls():
    """Each public function, called on a small game with extra keywords."""
    return {
        "solve": lambda **kw: gamesolve.solve("can-i-win", max_choosable=5, desired_total=6, **kw),
        "can_i_win": lambda **kw: gamesolve.can_i_win(5, 6, **kw),
        "predict_the_winner": lambda **kw: gamesolve.predict_the_winner([1, 5, 2], **kw),
        "compare": lambda **kw: gamesolve.compare("can-i-win", max_choosable=5, desired_total=6, **kw),
        "analyze": lambda **kw: gamesolve.analyze("can-i-win", max_choosable=5, desired_total=6, **kw),
        "explain": lambda **kw: gamesolve.explain("can-i-win", max_choosable=3, desired_total=4, **kw),
        "batch": lambda **kw: list(
            gamesolve.batch([{"game": "can-i-win", "max_choosable": 5, "desired_total": 6}], **kw)
        ),
        "solve(python game)": lambda **kw: gamesolve.solve(Nim(), **kw),
        "compare(python game)": lambda **kw: gamesolve.compare(Nim(), **kw),
        "analyze(python game)": lambda **kw: gamesolve.analyze(Nim(), **kw),
        "explain(python game)": lambda **kw: gamesolve.explain(Nim(), **kw),
    }


GOOD = {
    "node_budget": [10**7, None],
    "memory_cap": [1 << 24, "16MiB", None],
    "state_budget": [10**6, None],
    "time_limit": [30, 2.5, "30s", None],
}

BAD = {
    "node_budget": [-1, "many", True, 1.5],
    "memory_cap": ["12 parsecs", -5, [1]],
    "state_budget": [-1, 2**64, "x"],
    "time_limit": ["0s", "soon", -1, True],
}


def test_the_keywords_are_the_native_table_s():
    assert gamesolve.LIMITS == ("node_budget", "memory_cap", "state_budget", "time_limit")
    assert set(GOOD) == set(gamesolve.LIMITS) == set(BAD)


@pytest.mark.parametrize("name", sorted(calls()))
@pytest.mark.parametrize("key", ["node_budget", "memory_cap", "state_budget", "time_limit"])
def test_each_function_takes_each_limit(name, key):
    call = calls()[name]
    for value in GOOD[key]:
        answer = call(**{key: value})
        assert answer is not None, (name, key, value)


@pytest.mark.parametrize("name", sorted(calls()))
@pytest.mark.parametrize("key", ["node_budget", "memory_cap", "state_budget", "time_limit"])
def test_each_function_refuses_a_bad_limit_naming_it(name, key):
    call = calls()[name]
    for value in BAD[key]:
        with pytest.raises(ValueError) as caught:
            call(**{key: value})
        message = str(caught.value)
        assert f"`{key}`" in message, (name, key, value, message)
        assert "invalid value" in message, (name, key, value, message)


def test_a_limit_is_applied_not_only_accepted():
    # The same small budget stops every function that runs a backend.
    with pytest.raises(gamesolve.CannotAnswer, match="budget of 10 positions"):
        gamesolve.can_i_win(20, 158, backend="recursive", node_budget=10)
    [line] = gamesolve.batch(
        [{"game": "can-i-win", "max_choosable": 20, "desired_total": 158}],
        backend="recursive",
        node_budget=10,
    )
    assert line["kind"] == "cannot_answer", line
    with pytest.raises(gamesolve.CannotAnswer):
        gamesolve.analyze("can-i-win", max_choosable=20, desired_total=158, state_budget=10, memory_cap=1)


def test_batch_refuses_a_keyword_that_is_no_limit():
    with pytest.raises(TypeError, match="unexpected keyword argument `speed`: the limits are"):
        gamesolve.batch([], speed=3)
