"""Type stubs of the native half of gamesolve (`gamesolve._native`, built from Rust).

The public functions are in `gamesolve` (`__init__.pyi`); these take and return JSON text.
"""

from typing import Any, Dict, List, Optional, Tuple

class NativeError(Exception):
    """`args` are `(kind, message)`; the package turns it into its own exceptions."""

def solve(
    request: str,
    backend: Optional[str] = None,
    node_budget: Optional[int] = None,
    memory_cap: Optional[str] = None,
    state_budget: Optional[int] = None,
    time_limit: Optional[str] = None,
) -> str: ...
def compare(
    request: str,
    variants: bool = False,
    node_budget: Optional[int] = None,
    memory_cap: Optional[str] = None,
    state_budget: Optional[int] = None,
    time_limit: Optional[str] = None,
) -> Tuple[str, Optional[Tuple[str, str]]]: ...
def analyze(
    request: str,
    moves: List[str] = ...,
    memory_cap: Optional[str] = None,
    state_budget: Optional[int] = None,
    time_limit: Optional[str] = None,
) -> str: ...
def explain(
    request: str,
    backend: Optional[str] = None,
    node_budget: Optional[int] = None,
    memory_cap: Optional[str] = None,
    state_budget: Optional[int] = None,
    time_limit: Optional[str] = None,
) -> str: ...
def backends() -> str: ...
def games() -> str: ...
def solve_python_game(
    game: Any,
    backend: Optional[str] = None,
    stats: bool = False,
    node_budget: Optional[int] = None,
    memory_cap: Optional[str] = None,
    state_budget: Optional[int] = None,
    time_limit: Optional[str] = None,
) -> Dict[str, Any]: ...
def analyze_python_game(
    game: Any,
    moves: List[Any] = ...,
    memory_cap: Optional[str] = None,
    state_budget: Optional[int] = None,
    time_limit: Optional[str] = None,
) -> str: ...
def explain_python_game(
    game: Any,
    backend: Optional[str] = None,
    node_budget: Optional[int] = None,
    memory_cap: Optional[str] = None,
    state_budget: Optional[int] = None,
    time_limit: Optional[str] = None,
) -> str: ...
def compare_python_game(
    game: Any,
    variants: bool = False,
    node_budget: Optional[int] = None,
    memory_cap: Optional[str] = None,
    state_budget: Optional[int] = None,
    time_limit: Optional[str] = None,
) -> Tuple[str, Optional[Tuple[str, str]]]: ...

class Games:
    """The game table a native module answers for (its `_games`)."""

_games: Games

class Batch:
    def __init__(
        self,
        backend: Optional[str] = None,
        node_budget: Optional[int] = None,
        memory_cap: Optional[str] = None,
        state_budget: Optional[int] = None,
        time_limit: Optional[str] = None,
        games: Optional[Games] = None,
    ) -> None: ...
    def answer(self, line: str) -> str: ...
