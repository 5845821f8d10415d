"""Games written in Python, against a plain-Python memoised negamax of the same class."""

import pytest

import gamesolve
from conftest import reference_negamax


class Subtraction:
    """Take 1, 3 or 4 from a pile; who cannot move loses."""

    def __init__(self, pile, takes=(1, 3, 4)):
        self.pile, self.takes = pile, takes

    def start(self):
        return self.pile

    def moves(self, pile):
        return [t for t in self.takes if t <= pile]

    def play(self, pile, take):
        return pile - take

    def terminal_value(self, pile):
        return "lose" if pile < min(self.takes) else None


class IndexedSubtraction(Subtraction):
    def index(self, pile):
        return pile

    def count(self):
        return self.pile + 1


class Coins:
    """Predict the Winner written in Python: positions are (left, right, margin so far) tuples
    from the mover's side; the terminal value is the margin for the player to move."""

    def __init__(self, values):
        self.values = tuple(values)

    def start(self):
        return (0, len(self.values), 0)

    def moves(self, position):
        return ["left", "right"]

    def play(self, position, move):
        left, right, margin = position
        taken = self.values[left] if move == "left" else self.values[right - 1]
        left, right = (left + 1, right) if move == "left" else (left, right - 1)
        return (left, right, -(margin + taken))

    def terminal_value(self, position):
        left, right, margin = position
        return margin if left == right else None

    def show_position(self, position):
        return f"row {self.values[position[0]:position[1]]}"


GAMES = [Subtraction(n) for n in range(0, 25)] + [Coins(v) for v in ([1, 5, 233, 7], [1, 5, 2], [3, 9, 1, 2], [], [4])]


@pytest.mark.parametrize("backend", ["recursive/negamax", "memo/hash-map", None])
@pytest.mark.parametrize("game", GAMES, ids=lambda g: type(g).__name__ + repr(getattr(g, "pile", getattr(g, "values", None))))
def test_python_game_matches_reference(game, backend):
    value, best = reference_negamax(game)
    answer = gamesolve.solve(game, backend=backend)
    assert answer["value"] == value
    assert answer["best_move"] == best
    assert answer["outcome"] == {1: "first", -1: "second", 0: "draw"}.get(
        (value > 0) - (value < 0)
    )


@pytest.mark.parametrize("pile", range(0, 30))
def test_indexed_game_offers_memo_indexed(pile):
    game = IndexedSubtraction(pile)
    answer = gamesolve.solve(game, backend="memo/indexed", stats=True)
    assert answer["variant"] == "indexed"
    assert (answer["value"], answer["best_move"]) == reference_negamax(game)
    with pytest.raises(gamesolve.UnavailableBackend):
        gamesolve.solve(Subtraction(pile), backend="memo/indexed")


class ReusedList(Subtraction):
    """Gives the one list it keeps, refilled at each call of `moves`: a position's moves must
    be read when they are given, not after the next position's call has changed them."""

    def __init__(self, pile):
        super().__init__(pile)
        self.listed = []

    def moves(self, pile):
        self.listed[:] = [t for t in self.takes if t <= pile]
        return self.listed


@pytest.mark.parametrize("backend", ["recursive/negamax", "memo/hash-map", "memo/alpha-beta", "memo/textbook"])
def test_a_list_the_game_keeps_and_changes_is_read_when_given(backend):
    for pile in range(0, 25):
        answer = gamesolve.solve(ReusedList(pile), backend=backend)
        assert (answer["value"], answer["best_move"]) == reference_negamax(Subtraction(pile)), pile


def test_exception_reaches_the_caller_with_its_position():
    class Broken(Subtraction):
        def moves(self, pile):
            if pile == 7:
                raise KeyError("no moves at 7")
            return super().moves(pile)

    with pytest.raises(KeyError) as caught:
        gamesolve.solve(Broken(12), backend="memo/hash-map")
    assert caught.value.gamesolve_position == 7
    assert caught.value.gamesolve_method == "moves"


def test_bad_terminal_value_and_missing_methods():
    class Floaty(Subtraction):
        def terminal_value(self, pile):
            return 0.5 if pile == 0 else None

    with pytest.raises(TypeError, match="terminal_value"):
        gamesolve.solve(Floaty(3))

    class NoPlay:
        def start(self):
            return 0

        def moves(self, p):
            return []

    with pytest.raises(TypeError, match="no `play`"):
        gamesolve.solve(NoPlay())

    class BadIndex(IndexedSubtraction):
        def index(self, pile):
            return pile + 100

    with pytest.raises(ValueError, match="not below count"):
        gamesolve.solve(BadIndex(5), backend="memo/indexed")


def test_unhashable_position_is_a_type_error():
    class Lists(Subtraction):
        def start(self):
            return [self.pile]

    with pytest.raises(TypeError):
        gamesolve.solve(Lists(3))


def test_node_budget_on_a_python_game():
    with pytest.raises(gamesolve.CannotAnswer):
        gamesolve.solve(Subtraction(40), backend="recursive/negamax", node_budget=100)
