"""One answer contract (issue 27): `analyze` of every game, built in or written in Python, has
the same fields with the same words; and a game written in Python is accepted wherever a
game's name is (`analyze`, `explain`, `compare`), with its own `show_position`/`show_move`."""

import json

import pytest

import gamesolve
from conftest import example_params, reference_negamax
from test_python_games import Coins, IndexedSubtraction, Subtraction

VALUES = ("win", "lose", "draw")
RANK = {"win": 1, "draw": 0, "lose": -1}


def outcome_of(player, value):
    if value == "draw":
        return "draw"
    other = "second" if player == "first" else "first"
    return player if value == "win" else other


def check_margin(entry, scoring):
    if not scoring:
        assert "margin" not in entry, entry
        return
    margin = entry["margin"]
    assert isinstance(margin, int), entry
    assert entry["value"] == ("win" if margin > 0 else "lose" if margin < 0 else "draw"), entry


def check_remoteness(entry):
    far = entry["remoteness"]
    if far is None:
        assert entry["value"] == "draw", entry
    else:
        assert isinstance(far, int) and 0 <= far < 2**32 - 1, entry


def check_analysis(a, scoring):
    """The schema every game's `analyze` follows (tests/it/answer_contract.rs checks the
    command line's the same way)."""
    assert a["to_move"] in ("first", "second"), a
    assert a["value"] in VALUES, a
    assert a["outcome"] == outcome_of(a["to_move"], a["value"]), a
    check_margin(a, scoring)
    check_remoteness(a)
    moves = a["moves"]
    for m in moves:
        assert isinstance(m["move"], (str, int)), m
        assert m["value"] in VALUES, m
        check_margin(m, scoring)
        check_remoteness(m)
    key = (lambda m: m["margin"]) if scoring else (lambda m: RANK[m["value"]])
    assert [key(m) for m in moves] == sorted((key(m) for m in moves), reverse=True), moves
    if moves:
        assert (moves[0]["value"], moves[0].get("margin"), moves[0]["remoteness"]) == (
            a["value"],
            a.get("margin"),
            a["remoteness"],
        )
    else:
        assert a["remoteness"] == 0, a
    player = a["to_move"]
    for ply in a["principal_variation"]:
        assert ply["player"] == player, a
        assert isinstance(ply["move"], (str, int)), ply
        player = "second" if player == "first" else "first"
    if a["principal_variation"] and moves:
        assert a["principal_variation"][0]["move"] == moves[0]["move"], a


# Connect Four's value is its test sets' score, reported as `margin` (and `score`) too.
SCORING = {"predict-the-winner", "stone-game-ii", "connect-four"}


@pytest.mark.parametrize("name", [g["name"] for g in gamesolve.games()])
def test_analyze_of_every_game_of_the_table_follows_the_contract(name):
    info = next(g for g in gamesolve.games() if g["name"] == name)
    params = example_params(info)
    if params is None:
        params = {"graph": [[2, 5], [3], [0, 4, 5], [1, 4, 5], [2, 3], [0, 2, 3]]}
    a = gamesolve.analyze(name, **params)
    assert a["game"] == name
    check_analysis(a, name in SCORING)
    if name == "cat-and-mouse":
        # LeetCode 913 example 1: a draw that never ends.
        assert (a["value"], a["remoteness"]) == ("draw", None)


PYTHON_GAMES = [Subtraction(9), Subtraction(7), IndexedSubtraction(12), Coins([1, 5, 233, 7]), Coins([1, 5, 2]), Coins([])]


@pytest.mark.parametrize("game", PYTHON_GAMES, ids=lambda g: type(g).__name__ + repr(getattr(g, "pile", getattr(g, "values", None))))
def test_analyze_of_a_python_game_follows_the_contract(game):
    a = gamesolve.analyze(game)
    assert a["game"] == type(game).__name__
    check_analysis(a, isinstance(game, Coins))
    value, best = reference_negamax(game)
    sign = (value > 0) - (value < 0)
    assert a["value"] == {1: "win", -1: "lose", 0: "draw"}[sign]
    if isinstance(game, Coins):
        assert a["margin"] == value
    if best is not None:
        # The best move is the reference's best (the first among equals) or as good.
        assert a["moves"][0]["value"] == a["value"]


def test_analyze_a_python_game_after_moves_as_objects_or_words():
    game = Coins([1, 5, 233, 7])
    by_object = gamesolve.analyze(game, moves=["left"])
    assert by_object["moves_made"] == ["'left'"]
    assert by_object["to_move"] == "second"
    assert by_object["position"] == "row (5, 233, 7)"
    # Coins' value is the whole row's margin for the player to move: the 1 taken counts
    # against them, then 5 or 7 against 233.
    assert by_object["margin"] == -222
    nim = Subtraction(9)
    # 4 is a move object; "take" words are what show_move prints (its repr here: "3").
    after = gamesolve.analyze(nim, moves=[4, "3"])
    assert after["position"] == "2"
    assert after["value"] == "lose"
    with pytest.raises(ValueError, match="not a legal move"):
        gamesolve.analyze(nim, moves=[2])
    with pytest.raises(ValueError, match="game is over"):
        gamesolve.analyze(Subtraction(1), moves=[1, 1])


def test_explain_a_python_game_shows_its_own_positions():
    e = gamesolve.explain(Coins([1, 5, 2]), backend="memo")
    assert e.to_dict()["game"] == "Coins"
    assert e.to_dict()["outcome"] == "second"
    assert "row (1, 5, 2)" in e.text()
    html = e._repr_html_()
    assert "<script" in html and "row (1, 5, 2)" in html
    assert e.dot().startswith("digraph")


def test_compare_a_python_game_over_its_variants():
    rows = gamesolve.compare(IndexedSubtraction(14), variants=True)
    ran = {(r["backend"], r["variant"]) for r in rows if "outcome" in r}
    assert ("memo", "indexed") in ran and ("recursive", "negamax") in ran
    value, best = reference_negamax(IndexedSubtraction(14))
    assert {r["outcome"] for r in rows if "outcome" in r} == {"first" if value > 0 else "second"}
    assert {r["value"] for r in rows if "outcome" in r} == {value}
    assert all(r["game"] == "IndexedSubtraction" for r in rows)
    plain = gamesolve.compare(Subtraction(14), variants=True)
    assert ("memo", "indexed") not in {(r["backend"], r["variant"]) for r in plain if "outcome" in r}


def test_a_python_game_takes_no_parameters_anywhere():
    for call in (gamesolve.analyze, gamesolve.explain, gamesolve.compare):
        with pytest.raises(ValueError, match="takes no parameters"):
            call(Subtraction(3), pile=4)


def test_an_exception_inside_analyze_reaches_the_caller():
    class Broken(Subtraction):
        def moves(self, pile):
            if pile == 5:
                raise KeyError("no moves at 5")
            return super().moves(pile)

    with pytest.raises(KeyError) as caught:
        gamesolve.analyze(Broken(9))
    assert caught.value.gamesolve_position == 5


def test_batch_says_a_game_object_is_not_a_line():
    answers = list(
        gamesolve.batch(
            [
                {"game": Subtraction(3)},
                {"game": "can-i-win", "max_choosable": 10, "desired_total": 11},
            ]
        )
    )
    assert answers[0]["line"] == 1 and answers[0]["kind"] == "invalid_input"
    assert "Subtraction is a game object written in Python" in answers[0]["error"]
    assert "gamesolve.solve(game)" in answers[0]["error"]
    assert answers[1]["outcome"] == "second"
    json.dumps(answers)
