"""Type stubs of `gamesolve`: the solvers, views and contracts of the gamesolve command line."""

from typing import Any, Dict, Hashable, Iterable, Iterator, List, Mapping, Optional, Protocol, Tuple, TypedDict, Union

from typing_extensions import Unpack

Size = Union[int, str]
Duration = Union[int, float, str]

class Limits(TypedDict, total=False):
    """The limit keywords every function takes (`LIMITS`, from the native module's one table of
    limits), read as the command line reads its flags; `None` keeps the default."""

    node_budget: Optional[int]
    """`--node-budget`: positions `recursive` expands before giving up (default 10**8)."""
    memory_cap: Optional[Size]
    """`--memory-cap`: the largest table, in bytes or as a size like "512MiB" (default 1GiB)."""
    state_budget: Optional[int]
    """`--state-budget`: states the sparse memo stores before giving up (default 3,000,000)."""
    time_limit: Optional[Duration]
    """`--time-limit`: seconds, or a duration like "500ms" (default: no limit)."""

class SolveOptions(Limits, total=False):
    """`solve`'s keywords besides a game's parameters: the backend, `stats` and the limits."""

    backend: Optional[str]
    stats: bool

LIMITS: Tuple[str, ...]
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
    field: Optional[str]
    limit: Optional[str]
    def __init__(
        self, kind: str, reason: str, field: Optional[str] = ..., limit: Optional[str] = ...
    ) -> None: ...

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
    **options: Any,  # the game's parameters and the limits (`Limits`)
) -> Answer: ...
def can_i_win(
    max_choosable: int,
    desired_total: int,
    **options: Unpack[SolveOptions],
) -> Answer: ...
def predict_the_winner(
    values: Iterable[int],
    **options: Unpack[SolveOptions],
) -> Answer: ...
def compare(
    game: Union[str, Game],
    *,
    variants: bool = False,
    **options: Any,  # the game's parameters and the limits (`Limits`)
) -> List[Answer]: ...
def analyze(
    game: Union[str, Game],
    *,
    moves: Optional[Iterable[Any]] = None,
    **options: Any,  # the game's parameters and the limits (`Limits`)
) -> Answer: ...
def explain(
    game: Union[str, Game],
    *,
    backend: Optional[str] = None,
    **options: Any,  # the game's parameters and the limits (`Limits`)
) -> Explanation: ...
def backends() -> List[Answer]: ...
def games() -> List[Answer]: ...
def batch(
    lines: Iterable[Union[Mapping[str, Any], str]],
    *,
    backend: Optional[str] = None,
    **limits: Unpack[Limits],
) -> Iterator[Answer]: ...
