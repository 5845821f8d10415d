"""Type stubs of `gamesolve`: the solvers, views and contracts of the gamesolve command line."""

from typing import Any, Dict, Hashable, Iterable, Iterator, List, Mapping, Optional, Protocol, Union

Size = Union[int, str]
Duration = Union[int, float, str]
Answer = Dict[str, Any]
"""A JSON answer as a dict. `analyze`'s of every game has the answer contract's fields:
`outcome` ("first"/"second"/"draw"), `value` ("win"/"lose"/"draw" for `to_move`), `margin`
(scoring games), `remoteness` (int, or None for a draw that never ends), `principal_variation`
(plies with `player` and `move`) and `moves` best first (`move`, `value`, `remoteness`,
`margin`), the game's own fields beside them."""

class Game(Protocol):
    """A game written in Python (`index`, `count`, `show_position`, `show_move` optional)."""

    def start(self) -> Hashable: ...
    def moves(self, position: Any) -> Iterable[Hashable]: ...
    def play(self, position: Any, move: Any) -> Hashable: ...
    def terminal_value(self, position: Any) -> Union[None, int, str]: ...

class GamesolveError(Exception):
    kind: str
    reason: str
    def __init__(self, kind: str, reason: str) -> None: ...

class CannotAnswer(GamesolveError):
    rows: List[Answer]

class UnavailableBackend(GamesolveError, ValueError): ...

class Explanation:
    def __init__(self, views: Mapping[str, Any]) -> None: ...
    def text(self) -> str: ...
    def dot(self) -> str: ...
    def html(self) -> str: ...
    def to_dict(self) -> Answer: ...
    def _repr_html_(self) -> str: ...

def solve(
    game: Union[str, Game],
    *,
    backend: Optional[str] = None,
    stats: bool = False,
    node_budget: Optional[int] = None,
    memory_cap: Optional[Size] = None,
    state_budget: Optional[int] = None,
    time_limit: Optional[Duration] = None,
    **params: Any,
) -> Answer: ...
def can_i_win(
    max_choosable: int,
    desired_total: int,
    *,
    backend: Optional[str] = None,
    stats: bool = False,
    node_budget: Optional[int] = None,
    memory_cap: Optional[Size] = None,
    state_budget: Optional[int] = None,
    time_limit: Optional[Duration] = None,
) -> Answer: ...
def predict_the_winner(
    values: Iterable[int],
    *,
    backend: Optional[str] = None,
    stats: bool = False,
    node_budget: Optional[int] = None,
    memory_cap: Optional[Size] = None,
    state_budget: Optional[int] = None,
    time_limit: Optional[Duration] = None,
) -> Answer: ...
def compare(
    game: Union[str, Game],
    *,
    variants: bool = False,
    node_budget: Optional[int] = None,
    memory_cap: Optional[Size] = None,
    state_budget: Optional[int] = None,
    time_limit: Optional[Duration] = None,
    **params: Any,
) -> List[Answer]: ...
def analyze(
    game: Union[str, Game],
    *,
    moves: Optional[Iterable[Any]] = None,
    memory_cap: Optional[Size] = None,
    state_budget: Optional[int] = None,
    time_limit: Optional[Duration] = None,
    **params: Any,
) -> Answer: ...
def explain(
    game: Union[str, Game],
    *,
    backend: Optional[str] = None,
    node_budget: Optional[int] = None,
    memory_cap: Optional[Size] = None,
    state_budget: Optional[int] = None,
    time_limit: Optional[Duration] = None,
    **params: Any,
) -> Explanation: ...
def backends() -> List[Answer]: ...
def games() -> List[Answer]: ...
def batch(
    lines: Iterable[Union[Mapping[str, Any], str]],
    *,
    backend: Optional[str] = None,
    node_budget: Optional[int] = None,
    memory_cap: Optional[Size] = None,
    state_budget: Optional[int] = None,
    time_limit: Optional[Duration] = None,
) -> Iterator[Answer]: ...
