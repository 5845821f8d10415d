"""Errors as Python exceptions, with the command line's messages; never a crash."""

import pytest

import gamesolve


def test_invalid_input_is_value_error():
    with pytest.raises(ValueError, match=r"max_choosable = 65 is out of range"):
        gamesolve.can_i_win(65, 11)
    with pytest.raises(ValueError, match=r"value #2 = \"x\" is not an integer"):
        gamesolve.predict_the_winner([1, "x"])
    with pytest.raises(ValueError, match=r"unknown game `nim`"):
        gamesolve.solve("nim")
    with pytest.raises(ValueError, match=r"missing field `desired_total`"):
        gamesolve.solve("can-i-win", max_choosable=3)


def test_errors_name_the_field_and_the_limit():
    """The error JSON's ``field`` and ``limit`` (docs/JSON.md), as attributes: ``None`` when
    the error has none."""
    with pytest.raises(ValueError) as caught:
        gamesolve.can_i_win(65, 11)
    assert (caught.value.kind, caught.value.field, caught.value.limit) == (
        "invalid_input",
        "max_choosable",
        None,
    )
    with pytest.raises(ValueError) as caught:
        gamesolve.solve("can-i-win", max_choosable=3)
    assert caught.value.field == "desired_total"
    with pytest.raises(ValueError) as caught:
        gamesolve.predict_the_winner([1, "x"])
    assert caught.value.field == "values"
    with pytest.raises(ValueError) as caught:
        gamesolve.solve("nim")
    assert caught.value.field is None
    with pytest.raises(gamesolve.CannotAnswer) as caught:
        gamesolve.can_i_win(20, 158, backend="recursive", node_budget=10)
    assert (caught.value.field, caught.value.limit) == (None, "node_budget")
    with pytest.raises(gamesolve.CannotAnswer) as caught:
        gamesolve.can_i_win(30, 400, backend="memo/dense", memory_cap="1KiB")
    assert caught.value.limit == "memory_cap_bytes"
    with pytest.raises(gamesolve.UnavailableBackend) as caught:
        gamesolve.can_i_win(10, 11, backend="quantum")
    assert (caught.value.field, caught.value.limit) == (None, None)


def test_limits_are_read_as_the_command_line_reads_them():
    with pytest.raises(ValueError, match=r"unknown unit in `12 parsecs`"):
        gamesolve.can_i_win(10, 11, memory_cap="12 parsecs")
    with pytest.raises(ValueError, match=r"it is zero"):
        gamesolve.can_i_win(10, 11, time_limit="0s")
    with pytest.raises(ValueError, match=r"it is negative"):
        gamesolve.can_i_win(10, 11, node_budget=-1)
    assert gamesolve.can_i_win(10, 11, memory_cap="512MiB", time_limit="2s")["outcome"] == "second"
    assert gamesolve.can_i_win(10, 11, memory_cap=1 << 20, time_limit=2)["outcome"] == "second"


def test_budgets_raise_cannot_answer():
    with pytest.raises(gamesolve.CannotAnswer) as caught:
        gamesolve.can_i_win(20, 158, backend="recursive", node_budget=10)
    assert caught.value.kind == "cannot_answer"
    assert "budget of 10 positions" in caught.value.reason
    with pytest.raises(gamesolve.CannotAnswer, match="time limit of 1ms"):
        gamesolve.can_i_win(24, 250, backend="recursive/negamax", node_budget=10**15, time_limit="1ms")
    with pytest.raises(gamesolve.CannotAnswer):
        gamesolve.can_i_win(30, 400, backend="memo/dense", memory_cap="1KiB")


def test_unknown_or_unavailable_backend():
    with pytest.raises(gamesolve.UnavailableBackend) as caught:
        gamesolve.can_i_win(10, 11, backend="quantum")
    assert "quantum" in caught.value.reason
    with pytest.raises(gamesolve.UnavailableBackend, match="no variant `nope`"):
        gamesolve.can_i_win(10, 11, backend="tabular/nope")
    with pytest.raises(gamesolve.UnavailableBackend):
        gamesolve.can_i_win(10, 11, backend=3)


@pytest.mark.parametrize(
    "call",
    [
        lambda: gamesolve.solve("can-i-win", max_choosable=10**40, desired_total=-(10**40)),
        lambda: gamesolve.solve("predict-the-winner", values=[10**30]),
        lambda: gamesolve.solve("predict-the-winner", values="not a list"),
        lambda: gamesolve.solve("predict-the-winner", values=[[1]]),
        lambda: gamesolve.solve("can-i-win", max_choosable=float("nan"), desired_total=1),
        lambda: gamesolve.solve(12),
        lambda: gamesolve.solve("can-i-win", max_choosable=object(), desired_total=1),
        lambda: gamesolve.solve("", max_choosable=3),
    ],
)
def test_bad_input_never_crashes(call):
    with pytest.raises(ValueError):
        call()
