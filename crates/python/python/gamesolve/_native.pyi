"""Type stubs of the native half of gamesolve (`gamesolve._native`, built from Rust).

The public functions are in `gamesolve` (`__init__.pyi`); these take and return JSON text.
"""

from typing import Any, Dict, List, Optional, Tuple

from typing_extensions import Unpack

from . import Limits

#: The limit keywords every function takes (`**limits`), from the app's one table of limits.
LIMITS: List[str]

class NativeError(Exception):
    """`args` are `(kind, message, field, limit)`; the package turns it into its own
    exceptions."""

def solve(
    request: str,
    backend: Optional[str] = None,
    **limits: Unpack[Limits],
) -> str: ...
def compare(
    request: str,
    variants: bool = False,
    **limits: Unpack[Limits],
) -> Tuple[str, Optional[Tuple[str, str]]]: ...
def analyze(
    request: str,
    moves: List[str] = ...,
    **limits: Unpack[Limits],
) -> str: ...
def explain(
    request: str,
    backend: Optional[str] = None,
    **limits: Unpack[Limits],
) -> str: ...
def backends() -> str: ...
def games() -> str: ...
def solve_python_game(
    game: Any,
    backend: Optional[str] = None,
    stats: bool = False,
    **limits: Unpack[Limits],
) -> Dict[str, Any]: ...
def analyze_python_game(
    game: Any,
    moves: List[Any] = ...,
    **limits: Unpack[Limits],
) -> str: ...
def explain_python_game(
    game: Any,
    backend: Optional[str] = None,
    **limits: Unpack[Limits],
) -> str: ...
def compare_python_game(
    game: Any,
    variants: bool = False,
    **limits: Unpack[Limits],
) -> Tuple[str, Optional[Tuple[str, str]]]: ...

class Games:
    """The game table a native module answers for (its `_games`)."""

_games: Games

class Batch:
    def __init__(
        self,
        backend: Optional[str] = None,
        games: Optional[Games] = None,
        **limits: Unpack[Limits],
    ) -> None: ...
    def answer(self, line: str) -> str: ...
