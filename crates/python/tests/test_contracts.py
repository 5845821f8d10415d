"""The package's functions against the command line's contracts."""

import json

import pytest

import gamesolve
from conftest import example_params


def test_can_i_win_contract():
    answer = gamesolve.can_i_win(10, 11)
    assert answer["outcome"] == "second"
    assert answer["can_i_win"] is False
    assert answer["game"] == "can-i-win"
    assert "stats" not in answer
    assert gamesolve.can_i_win(20, 158)["outcome"] == "second"


def test_predict_the_winner_contract():
    answer = gamesolve.predict_the_winner([1, 5, 233, 7])
    assert answer["margin"] == 222
    assert answer["outcome"] == "first"
    assert answer["best_move"] == "left"


def test_same_fields_as_the_command_line(cli):
    mine = gamesolve.can_i_win(10, 11, backend="memo/dense", stats=True)
    theirs = cli("can-i-win", "10", "11", "--backend", "memo/dense", "--json")
    assert mine == theirs
    mine = gamesolve.predict_the_winner([1, 5, 233, 7], stats=True)
    theirs = cli("predict-the-winner", "1", "5", "233", "7", "--json")
    assert mine == theirs


def test_backend_and_stats():
    answer = gamesolve.solve("can-i-win", max_choosable=10, desired_total=11, backend="memo/dense", stats=True)
    assert (answer["backend"], answer["variant"]) == ("memo", "dense")
    assert answer["stats"]["positions"] > 0


@pytest.mark.parametrize("name", [g["name"] for g in gamesolve.games()])
def test_every_game_of_the_table(name):
    info = next(g for g in gamesolve.games() if g["name"] == name)
    params = example_params(info)
    if params is None:
        pytest.skip(f"{name} has a parameter that is not words of integers: see its own test")
    answer = gamesolve.solve(name, **params)
    assert answer["game"] == name
    assert answer["outcome"] in ("first", "second", "draw")
    rows = gamesolve.compare(name, **params)
    assert {row["outcome"] for row in rows if "outcome" in row} == {answer["outcome"]}
    assert gamesolve.analyze(name, **params)["principal_variation"] is not None
    assert gamesolve.explain(name, **params).text()


CAT_AND_MOUSE_GRAPH = [[2, 5], [3], [0, 4, 5], [1, 4, 5], [2, 3], [0, 2, 3]]


@pytest.mark.skipif(
    "cat-and-mouse" not in [g["name"] for g in gamesolve.games()],
    reason="Cat and Mouse is not in this build's game table yet",
)
def test_cat_and_mouse_by_name():
    # LeetCode 913, example 1: a draw.
    answer = gamesolve.solve("cat-and-mouse", graph=CAT_AND_MOUSE_GRAPH)
    assert answer["game"] == "cat-and-mouse"
    assert answer["outcome"] == "draw"


def test_compare_rows_for_pandas():
    rows = gamesolve.compare("can-i-win", max_choosable=10, desired_total=11, variants=True)
    variants = {(r["backend"], r["variant"]) for r in rows}
    assert ("memo", "dense") in variants and ("recursive", "negamax") in variants
    assert all("time_ns" in r for r in rows if "outcome" in r)
    assert {r["outcome"] for r in rows if "outcome" in r} == {"second"}


def test_compare_when_none_answers():
    with pytest.raises(gamesolve.CannotAnswer) as caught:
        gamesolve.compare("can-i-win", max_choosable=30, desired_total=400, memory_cap="1KiB", node_budget=10, state_budget=10)
    assert caught.value.kind == "cannot_answer"
    assert all("error" in row for row in caught.value.rows)


def test_analyze(cli):
    analysis = gamesolve.analyze("can-i-win", max_choosable=4, desired_total=6)
    assert analysis == cli("analyze", "can-i-win", "4", "6", "--json")
    assert analysis["value"] == "win"
    assert analysis["principal_variation"][0]["move"] == 1
    after = gamesolve.analyze("can-i-win", max_choosable=4, desired_total=6, moves=["take 1"])
    assert after == cli("analyze", "can-i-win", "4", "6", "--moves", "take 1", "--json")
    assert after["used"] == [1]
    assert after["value"] == "lose"


def test_backends_and_games(cli):
    assert gamesolve.backends() == cli("backends", "--json")
    assert gamesolve.games() == cli("games", "--json")


def test_batch_is_a_generator_in_order():
    lines = [
        {"game": "can-i-win", "max_choosable": 10, "desired_total": 11},
        {"game": "nim"},
        json.dumps({"game": "predict-the-winner", "values": [1, 5, 233, 7]}),
    ]
    answers = gamesolve.batch(iter(lines))
    assert next(answers)["outcome"] == "second"
    error = next(answers)
    assert error == {
        "line": 2,
        "error": "unknown game `nim` (known games: " + ", ".join(g["name"] for g in gamesolve.games()) + ")",
        "kind": "invalid_input",
    }
    assert next(answers)["margin"] == 222
    with pytest.raises(StopIteration):
        next(answers)


def test_explain_views():
    e = gamesolve.explain("can-i-win", max_choosable=3, desired_total=4, backend="memo")
    assert e.text().startswith("Second player wins")
    assert e.dot().startswith("digraph")
    html = e._repr_html_()
    assert "<script" in html and "</html>" in html.lower()
    assert e.to_dict()["backend"] == "memo"
    tabular = gamesolve.explain("predict-the-winner", values=[1, 5, 2], backend="tabular")
    assert "table" in tabular.text().lower()


def test_batch_options_and_command_line_equality(cli, tmp_path):
    lines = [
        {"game": "can-i-win", "max_choosable": 12, "desired_total": 30},
        {"game": "can-i-win", "max_choosable": 10, "desired_total": 40},
        {"game": "predict-the-winner", "values": [3, 9, 1, 2]},
    ]
    answers = list(gamesolve.batch(lines, backend="memo"))
    assert [a["backend"] for a in answers] == ["memo"] * 3
    assert [a["outcome"] for a in answers] == [
        gamesolve.solve(**{"game": l["game"], **{k: v for k, v in l.items() if k != "game"}})["outcome"]
        for l in lines
    ]
    with pytest.raises(gamesolve.UnavailableBackend):
        gamesolve.batch(lines, backend="quantum")
