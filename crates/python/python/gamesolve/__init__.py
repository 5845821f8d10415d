"""Solve two-player perfect-information games exactly, from Python.

The gamesolve solvers (``recursive``, ``memo``, ``tabular``, ``reduction``), its teaching views
and its JSON contracts, with the command line's names and meanings: every answer is a plain
``dict`` (or a ``list`` of them) with the same fields as ``gamesolve ... --json``.

>>> import gamesolve
>>> gamesolve.can_i_win(10, 11)["outcome"]
'second'
>>> gamesolve.predict_the_winner([1, 5, 233, 7])["margin"]
222
>>> gamesolve.solve("can-i-win", max_choosable=10, desired_total=11, backend="memo/dense")["can_i_win"]
False

Limits: every function takes the four limit keywords of :data:`LIMITS` (``node_budget``,
``memory_cap``, ``state_budget``, ``time_limit``), read as the command line reads
``--node-budget``, ``--memory-cap``, ``--state-budget`` and ``--time-limit``, with the same
defaults; the ``Limits`` TypedDict of the type stubs documents them. They are defined once, in
the native module's table of limits (``gamesolve._native.LIMITS``); the functions pass them on
as they are (``**options``), and the native module reads and checks them.

>>> gamesolve.LIMITS
('node_budget', 'memory_cap', 'state_budget', 'time_limit')

Errors: invalid input raises ``ValueError`` with the command line's message; a budget, cap or
time limit raises :class:`CannotAnswer`; an unknown or unavailable backend raises
:class:`UnavailableBackend`.
"""

from __future__ import annotations

import json
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Union

from . import _native

__all__ = [
    "LIMITS",
    "GamesolveError",
    "CannotAnswer",
    "UnavailableBackend",
    "Explanation",
    "solve",
    "can_i_win",
    "predict_the_winner",
    "compare",
    "analyze",
    "explain",
    "backends",
    "games",
    "batch",
]

Size = Union[int, str]
Duration = Union[int, float, str]

#: The limit keywords every function takes, from the native module's one table of limits:
#: ``node_budget`` (``recursive``'s positions, default 10**8), ``memory_cap`` (bytes, or a size
#: such as ``"512MiB"``; default 1GiB), ``state_budget`` (the sparse memo's states, default
#: 3,000,000) and ``time_limit`` (seconds, or a duration such as ``"500ms"``; default none).
#: ``None`` keeps a limit's default; a limit a backend or command does not use is ignored.
LIMITS = tuple(_native.LIMITS)


class GamesolveError(Exception):
    """Base of the errors gamesolve raises itself (besides ``ValueError``).

    >>> issubclass(gamesolve.CannotAnswer, gamesolve.GamesolveError)
    True
    """

    def __init__(
        self, kind: str, reason: str, field: Optional[str] = None, limit: Optional[str] = None
    ) -> None:
        super().__init__(reason)
        #: The contract's machine kind (``"cannot_answer"``, ``"unavailable_backend"``, ...).
        self.kind = kind
        #: The message, as the command line prints it.
        self.reason = reason
        #: The game's parameter at fault (the error JSON's ``"field"``), or ``None``.
        self.field = field
        #: The limit that made the backend give up (the error JSON's ``"limit"``:
        #: ``"node_budget"``, ``"memory_cap_bytes"``, ``"state_budget"``, ``"time_limit"``), or
        #: ``None``.
        self.limit = limit


class CannotAnswer(GamesolveError):
    """A backend gave up on a valid game: a node budget, memory cap, state budget or time
    limit was reached (``kind`` is ``"cannot_answer"``), or, for :func:`compare`, no backend
    answered or two disagreed (``kind`` ``"disagreement"``, a bug).

    >>> try:
    ...     gamesolve.can_i_win(20, 158, backend="recursive", node_budget=10)
    ... except gamesolve.CannotAnswer as e:
    ...     print(e.kind)
    cannot_answer
    """


class UnavailableBackend(GamesolveError, ValueError):
    """An unknown backend or variant, one this build lacks, or one with no algorithm for the
    game (``kind`` ``"unavailable_backend"`` or ``"usage"``).

    >>> try:
    ...     gamesolve.can_i_win(10, 11, backend="quantum")
    ... except gamesolve.UnavailableBackend as e:
    ...     print(e.kind)
    usage
    """


def _raise(error: "_native.NativeError") -> None:
    """The package's exception for a native error. A ``ValueError`` for an invalid game has
    ``kind``, ``field`` (the parameter at fault, or ``None``) and ``limit`` as attributes too.

    >>> try:
    ...     gamesolve.can_i_win(65, 10)
    ... except ValueError as e:
    ...     print(e.kind, e.field)
    invalid_input max_choosable
    """
    kind, message, field, limit = error.args
    if kind in ("cannot_answer", "disagreement"):
        raise CannotAnswer(kind, message, field, limit) from None
    if kind in ("unavailable_backend", "usage"):
        raise UnavailableBackend(kind, message, field, limit) from None
    if kind == "io":
        raise OSError(message) from None
    invalid = ValueError(message)
    invalid.kind, invalid.field, invalid.limit = kind, field, limit  # type: ignore[attr-defined]
    raise invalid from None


def _limits(options: Dict[str, Any]) -> Dict[str, Any]:
    """The limit keywords of ``options`` (:data:`LIMITS`), taken out of it: what is left are a
    game's parameters. The native module reads and checks their values."""
    return {key: options.pop(key) for key in LIMITS if key in options}


def _request(game: str, params: Mapping[str, Any]) -> str:
    if not isinstance(game, str):
        raise ValueError(f"a game is a name from gamesolve.games() or a game object, got {game!r}")
    line = {"game": game}
    line.update(params)
    try:
        return json.dumps(line)
    except (TypeError, ValueError) as e:
        raise ValueError(f"cannot read the parameters of `{game}`: {e}") from None


def _backend(backend: Optional[str]) -> Optional[str]:
    if backend is not None and not isinstance(backend, str):
        raise UnavailableBackend("usage", f"`backend` must be a string like 'memo/dense', got {backend!r}")
    return backend


def _is_python_game(game: Any) -> bool:
    return not isinstance(game, str) and hasattr(game, "start") and hasattr(game, "moves")


def _no_params(params: Mapping[str, Any]) -> None:
    if params:
        raise ValueError(f"a game object takes no parameters; got {', '.join(sorted(params))}")


def solve(
    game: Any,
    *,
    backend: Optional[str] = None,
    stats: bool = False,
    **options: Any,
) -> Dict[str, Any]:
    """Solve one game: a game of the table by name with its parameters as keywords
    (``gamesolve games`` lists them), or a game object written in Python.

    Returns the fields of ``gamesolve GAME ... --json`` (``outcome``, the game's own fields,
    ``backend``, ``variant``, ``kernel``); ``stats=True`` adds the ``stats`` object (positions,
    memo hits, states, table cells and bytes, max depth).

    A Python game is any object with ``start()``, ``moves(position)``, ``play(position,
    move)`` and ``terminal_value(position)`` (``None`` while the game goes on, else the value
    for the player to move: an integer, or ``"win"``/``"draw"``/``"lose"``); ``index`` and
    ``count`` add ``memo/indexed``, ``show_position``/``show_move`` label the views. Its answer
    has ``outcome``, ``value`` (for the first player) and ``best_move``.

    ``options`` are the game's parameters and the limits (:data:`LIMITS`), with the command
    line's meanings and defaults: ``node_budget`` (``recursive``, default 10**8),
    ``memory_cap`` (``"512MiB"``, ``"2G"`` or bytes; default 1GiB), ``state_budget`` (sparse
    memo, default 3,000,000), ``time_limit`` (``"2s"``, ``"500ms"`` or seconds; default none).

    >>> gamesolve.solve("predict-the-winner", values=[1, 5, 2])["outcome"]
    'second'
    >>> class Nim:
    ...     def start(self): return 5
    ...     def moves(self, pile): return [1, 2] if pile >= 2 else [1]
    ...     def play(self, pile, take): return pile - take
    ...     def terminal_value(self, pile): return "lose" if pile == 0 else None
    >>> gamesolve.solve(Nim(), backend="memo/hash-map")["best_move"]
    2
    """
    backend = _backend(backend)
    limits = _limits(options)
    params = options
    if _is_python_game(game):
        _no_params(params)
        try:
            return _native.solve_python_game(game, backend=backend, stats=bool(stats), **limits)
        except _native.NativeError as e:
            _raise(e)
    try:
        answer = json.loads(_native.solve(_request(game, params), backend=backend, **limits))
    except _native.NativeError as e:
        _raise(e)
    if not stats:
        answer.pop("stats", None)
    return answer


def can_i_win(max_choosable: int, desired_total: int, **options: Any) -> Dict[str, Any]:
    """Can I Win: ``solve("can-i-win", max_choosable=..., desired_total=..., **options)``.

    >>> gamesolve.can_i_win(10, 11)["can_i_win"]
    False
    """
    return solve("can-i-win", max_choosable=max_choosable, desired_total=desired_total, **options)


def predict_the_winner(values: Iterable[int], **options: Any) -> Dict[str, Any]:
    """Predict the Winner: ``solve("predict-the-winner", values=[...], **options)``.

    >>> gamesolve.predict_the_winner([1, 5, 233, 7])["margin"]
    222
    """
    return solve("predict-the-winner", values=list(values), **options)


def compare(
    game: Any,
    *,
    variants: bool = False,
    **options: Any,
) -> List[Dict[str, Any]]:
    """Every backend's automatic choice (``variants=True``: every variant) on one game (a name
    of the table with its parameters, or a game object written in Python, see :func:`solve`):
    the rows of ``gamesolve compare ... --json --quick`` (one counted run per backend; its
    ``time_ns`` is that run's, not a measurement), ready for ``pandas.DataFrame``. A row that
    could not answer has ``error`` and ``kind`` in place of the answer. A Python game's rows
    have :func:`solve`'s fields for it (``outcome``, ``value``, ``best_move`` as its
    ``show_move`` prints it) and its class name as ``game``.

    Raises :class:`CannotAnswer` when no backend answered (``kind`` ``"cannot_answer"``) or
    two disagreed (``"disagreement"``); the rows are then in ``e.rows``.

    >>> rows = gamesolve.compare("can-i-win", max_choosable=10, desired_total=11, variants=True)
    >>> sorted({row["outcome"] for row in rows if "outcome" in row})
    ['second']
    """
    limits = _limits(options)
    params = options
    python_game = _is_python_game(game)
    try:
        if python_game:
            _no_params(params)
            rows, verdict = _native.compare_python_game(game, variants=bool(variants), **limits)
        else:
            rows, verdict = _native.compare(_request(game, params), variants=bool(variants), **limits)
    except _native.NativeError as e:
        _raise(e)
    rows = json.loads(rows)
    if python_game:
        for row in rows:
            row["game"] = type(game).__name__
            if "value" in row:
                row["value"] = int(row["value"])
    if verdict is not None:
        error = CannotAnswer(*verdict)
        error.rows = rows  # type: ignore[attr-defined]
        raise error
    return rows


def analyze(
    game: Any,
    *,
    moves: Optional[Iterable[Any]] = None,
    **options: Any,
) -> Dict[str, Any]:
    """The value of every move, the remoteness and the principal variation of a position:
    the start, or the position after ``moves`` (as ``analyze --moves`` reads them: what the
    game prints for a move, or its number in the listing; for a game written in Python, its
    move objects too). The fields of ``gamesolve analyze GAME ... --json`` for that game.

    Every game answers with the same fields (the answer contract): ``outcome``
    (``"first"``/``"second"``/``"draw"``), ``value`` (``"win"``/``"lose"``/``"draw"`` for the
    player to move, ``to_move``), ``margin`` for a scoring game, ``remoteness`` (moves to the
    end, ``None`` for a draw that never ends), ``principal_variation`` (plies with ``player``
    and ``move``) and ``moves``, best first (each with ``move``, ``value``, ``remoteness`` and
    ``margin`` for a scoring game); a game's own fields (``total``, ``used``, ...) beside them.
    A game written in Python (see :func:`solve`) has ``game`` (its class name), ``position``
    and the moves as its ``show_position``/``show_move`` print them, and each move's
    ``number`` in its ``moves()`` listing.

    >>> a = gamesolve.analyze("can-i-win", max_choosable=4, desired_total=6)
    >>> a["value"], [step["move"] for step in a["principal_variation"]]
    ('win', [1, 2, 3])
    >>> class Nim:
    ...     def start(self): return 5
    ...     def moves(self, pile): return [1, 2] if pile >= 2 else [1]
    ...     def play(self, pile, take): return pile - take
    ...     def terminal_value(self, pile): return "lose" if pile == 0 else None
    >>> a = gamesolve.analyze(Nim(), moves=[2])
    >>> a["outcome"], a["value"], a["remoteness"], [m["move"] for m in a["moves"]]
    ('first', 'lose', 2, ['1', '2'])
    """
    limits = _limits(options)
    params = options
    try:
        if _is_python_game(game):
            _no_params(params)
            answer = json.loads(
                _native.analyze_python_game(game, moves=list(moves or []), **limits)
            )
            answer["game"] = type(game).__name__
            return answer
        answer = _native.analyze(
            _request(game, params), moves=[str(m) for m in (moves or [])], **limits
        )
    except _native.NativeError as e:
        _raise(e)
    return json.loads(answer)


class Explanation:
    """What a backend did on a small instance (:func:`explain`): ``_repr_html_()`` is the
    self-contained step-through page of ``explain --html`` (a notebook cell shows it),
    ``text()`` what ``explain`` prints, ``dot()`` the Graphviz picture, ``to_dict()`` the
    ``--json`` object.

    >>> e = gamesolve.explain("can-i-win", max_choosable=3, desired_total=4, backend="memo")
    >>> e.dot().startswith("digraph")
    True
    """

    def __init__(self, views: Mapping[str, Any]) -> None:
        self._views = dict(views)

    def text(self) -> str:
        """The text view (the call tree or the table), as ``gamesolve explain`` prints it."""
        return str(self._views["text"])

    def dot(self) -> str:
        """Graphviz DOT of the tree, DAG or table (at most 400 nodes)."""
        return str(self._views["dot"])

    def html(self) -> str:
        """The self-contained HTML page (at most 2,000 steps)."""
        return str(self._views["html"])

    def to_dict(self) -> Dict[str, Any]:
        """The ``explain --json`` object."""
        return dict(self._views["json"])

    def _repr_html_(self) -> str:
        return self.html()

    def __repr__(self) -> str:
        first = self.text().splitlines()[0] if self.text() else ""
        return f"<gamesolve.Explanation {first!r}>"


def explain(
    game: Any,
    *,
    backend: Optional[str] = None,
    **options: Any,
) -> Explanation:
    """Show what ``backend`` (default ``memo``, as the command's) did on one game (a name of
    the table with its parameters, or a game object written in Python, see :func:`solve`): an
    :class:`Explanation` with the text, DOT and HTML views (``node_budget`` defaults to
    10**6 here, for small instances). A Python game's positions and moves are shown by its
    ``show_position``/``show_move`` (their ``repr`` without them), in every view and in the
    notebook's step-through (``_repr_html_``).

    >>> print(gamesolve.explain("predict-the-winner", values=[1, 5, 2], backend="tabular").text().splitlines()[0])
    Second player wins by 2 ...
    """
    backend = _backend(backend)
    limits = _limits(options)
    params = options
    python_game = _is_python_game(game)
    try:
        if python_game:
            _no_params(params)
            views = _native.explain_python_game(game, backend=backend, **limits)
        else:
            views = _native.explain(_request(game, params), backend=backend, **limits)
    except _native.NativeError as e:
        _raise(e)
    views = json.loads(views)
    if python_game:
        views["json"]["game"] = type(game).__name__
    return Explanation(views)


def backends() -> List[Dict[str, Any]]:
    """The backends gamesolve knows (``gamesolve backends --json``): name, whether this build
    has it, the games it is the default for, and its variants per game.

    >>> sorted(b["name"] for b in gamesolve.backends())
    ['memo', 'recursive', 'reduction', 'tabular']
    """
    return json.loads(_native.backends())


def games() -> List[Dict[str, Any]]:
    """The game table (``gamesolve games --json``): each game's name, parameters, rules and
    examples; :func:`solve` takes any of them by name.

    >>> "can-i-win" in [g["name"] for g in gamesolve.games()]
    True
    """
    return json.loads(_native.games())


def batch(
    lines: Iterable[Union[Mapping[str, Any], str]],
    *,
    backend: Optional[str] = None,
    **limits: Any,
) -> Iterator[Dict[str, Any]]:
    """Answer many games, as ``gamesolve batch`` does: a generator of one answer per item,
    in order. An item is a dict (or a JSON string) ``{"game": name, <parameter>: value}``; an
    item that fails gives the batch error line ``{"line": n, "error": ..., "kind": ...}`` and
    the run goes on.

    A batch line is JSON, so ``batch`` takes the games of the table by name only: an item
    holding a game object written in Python gets an error line saying so (solve such games
    with :func:`solve`, one call each).

    >>> answers = gamesolve.batch([{"game": "can-i-win", "max_choosable": 10, "desired_total": 11},
    ...                            {"game": "nim"}])
    >>> [a.get("outcome", a.get("kind")) for a in answers]
    ['second', 'invalid_input']
    """
    backend = _backend(backend)
    try:
        run = _native.Batch(backend=backend, games=_native._games, **limits)
    except _native.NativeError as e:
        _raise(e)
    return _answers(run, lines)


def _answers(run: Any, lines: Iterable[Union[Mapping[str, Any], str]]) -> Iterator[Dict[str, Any]]:
    for item in lines:
        if isinstance(item, str):
            text = item
        else:
            try:
                text = json.dumps(dict(item))
            except (TypeError, ValueError) as e:
                unreadable = _unreadable(item, e)
                # The line still counts (the error line's number), with the reason in words.
                answer = json.loads(run.answer(json.dumps({"__unreadable__": unreadable})))
                answer["error"] = unreadable
                yield answer
                continue
        yield json.loads(run.answer(text))


def _unreadable(item: Any, error: Exception) -> str:
    """Why an item cannot be a batch line."""
    game = item.get("game") if isinstance(item, Mapping) else None
    if game is not None and _is_python_game(game):
        return (
            f"a batch line is JSON, so it names a game of the table; {type(game).__name__} is a "
            "game object written in Python: solve it with gamesolve.solve(game)"
        )
    return f"cannot write the item as a JSON line: {error}"
