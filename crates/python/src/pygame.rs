//! Games written in Python, solved by the generic variants (`recursive/negamax`,
//! `memo/hash-map`, `memo/alpha-beta`, `memo/textbook`, and `memo/indexed` and
//! `tabular/retrograde` when the class offers `index` and `count`).
//!
//! # The class
//!
//! `start()`, `moves(position)` (an iterable, in tie-break order), `play(position, move)` and
//! `terminal_value(position)`: `None` while the game goes on, else the value for the player to
//! move, an integer (a margin; `1`/`0`/`-1` for win/draw/lose) or `"win"`/`"draw"`/`"lose"`.
//! Optional: `index(position)` and `count()` (a dense index in `0..count()`), and
//! `show_position(position)`, `show_move(position, move)` for the views.
//!
//! # Interning
//!
//! `core_types::Game` needs `Copy + Ord + Hash` positions; a Python game's are any hashable
//! values. Each distinct position is given a number the first time it is seen, through a
//! Python `dict` (so Python's own `__hash__`/`__eq__` decide what is "the same position"), and
//! the search works on numbers. A move is its place in its position's list (`0..k`), so moves
//! are neither hashed nor interned. Beside each position's number is what the game said of it
//! (its terminal value, its move objects, where each move led, its index), so each method
//! is asked **at most once per position** (`play` once per position and move) on every
//! variant, `tabular/retrograde`'s second pass included.
//!
//! Cost per call of the game's methods (`state`): a question already answered is one
//! uncontended lock and a vector read; a new answer is one Python call under that lock, made
//! by the interpreter's vector call with its arguments in an array (the class's function with
//! the object first: no argument tuple, no bound method), plus for `play` one dict lookup of
//! the position returned (two when it is new: the lookup and the insertion). The search asks
//! for the moves one at a time (they are `0..k`: no move list per depth). Memory: about
//! `state::INTERNED_BYTES` and one `Known` (about 80 bytes) per distinct position plus
//! `state::EDGE_BYTES` per move listed, beside the objects themselves, held until the solve
//! returns and counted against the memory cap with the search's own tables
//! (`Game::held_bytes`): past it the solve raises `CannotAnswer`.
//!
//! # Positions that repeat
//!
//! Python code may lead back to a position on its own line of play, so a search that recurses
//! (`recursive/negamax`, `memo/*`) keeps the positions of its path and refuses at once, with
//! `UnavailableBackend` naming the position, when one comes back; `tabular/retrograde` (for a
//! class with `index` and `count`) solves such games.
//!
//! # Exceptions
//!
//! The first exception a method raises is kept, the search is wound down (every position then
//! reads as over), and the call raises that same exception, with attributes
//! `gamesolve_method` and `gamesolve_position` (the position it happened at) and, on Python
//! 3.11 and newer, a note saying both. Python's signal handlers run every 1,024 calls, so
//! Ctrl-C stops a Python game's solve too.

mod method;
mod state;
pub mod table;

use std::cell::Cell;
use std::fmt;
use std::sync::Arc;

use gamesolve::{
    core_types::{Indexed, Solver, SolverConfig, Variant},
    registry::{indexed_variants_of, BackendChoice},
    Backend, Game, GameValue, Outcome, Registered, Verdict,
};
use pyo3::exceptions::PyTypeError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use state::Shared;

thread_local! {
    /// Whether the game being solved on this thread gives its terminal values as words
    /// (`"win"`, `"draw"`, `"lose"`): a win is then the best possible value, and a search stops
    /// at the first winning move, as for the built-in win/lose games. A game whose terminal
    /// values are numbers (margins) has no best possible value. Python games are solved on the
    /// calling thread, so the flag is the solve's ([`solve_python_game`] sets and restores it).
    static WORDS: Cell<bool> = const { Cell::new(false) };
}

/// The value of a position of a Python game for the player to move: a margin, or 1, 0, -1 for
/// a win, draw or loss when the game speaks in words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PyValue(pub i128);

impl GameValue for PyValue {
    fn negate(self) -> Self {
        PyValue(-self.0)
    }

    fn verdict(self) -> Verdict {
        match self.0.signum() {
            1 => Verdict::Win,
            -1 => Verdict::Loss,
            _ => Verdict::Draw,
        }
    }

    fn is_best_possible(self) -> bool {
        self.0 == 1 && WORDS.with(Cell::get)
    }

    /// A draw for a game that speaks in words (win/draw/lose): play that never ends is a draw;
    /// none for a game of margins.
    fn endless() -> Option<Self> {
        WORDS.with(Cell::get).then_some(PyValue(0))
    }

    fn amount(self) -> Option<i128> {
        (!WORDS.with(Cell::get)).then_some(self.0)
    }
}

impl fmt::Display for PyValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if WORDS.with(Cell::get) {
            fmt::Display::fmt(&self.verdict(), f)
        } else {
            write!(f, "margin {:+}", self.0)
        }
    }
}

/// A game written in Python (see the [module docs](self)).
#[derive(Clone)]
pub struct PyGame(Arc<Shared>);

impl fmt::Debug for PyGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PyGame({})", self.0.title)
    }
}

/// A Python game that offers `index` and `count`: also `memo/indexed`.
#[derive(Clone, Debug)]
pub struct PyIndexedGame(PyGame);

/// The answer for a Python game: the value for the first player and the best first move
/// (its place in the start position's moves).
#[derive(Clone, Debug, PartialEq)]
pub struct PySolution {
    value: PyValue,
    best_move: Option<u32>,
}

impl PyGame {
    fn new(py: Python<'_>, object: Bound<'_, PyAny>, count: u64, cap: u64) -> PyResult<Self> {
        Ok(PyGame(Arc::new(Shared::new(py, object, count, cap)?)))
    }

    /// The object of move `mv` of `position`.
    fn a_move<'py>(&self, py: Python<'py>, position: u32, mv: u32) -> Option<Bound<'py, PyAny>> {
        self.0.a_move(py, position, mv)
    }

    /// Takes the kept failure, if any.
    fn take_failure(&self) -> Option<PyErr> {
        self.0.take_failure()
    }

    /// Calls the game's optional view method `method` on `position` (and the move object
    /// `mv`, for `show_move`), or shows the position's or move's `repr`.
    fn show(&self, method: &str, position: u32, mv: Option<u32>) -> Option<String> {
        self.0.call(method, Some(position), |py, table| {
            let object = self.0.object(py);
            let p = table.arg(py, position)?;
            let m = match mv {
                Some(mv) => Some(table.a_move(py, position, mv).ok_or_else(|| {
                    PyTypeError::new_err(format!("unknown move #{mv} of position #{position}"))
                })?),
                None => None,
            };
            let shown = match (object.hasattr(method)?, m) {
                (true, Some(m)) => object.call_method1(method, (p, m))?.str()?,
                (true, None) => object.call_method1(method, (p,))?.str()?,
                (false, Some(m)) => m.repr()?,
                (false, None) => p.repr()?,
            };
            Ok(shown.to_cow()?.into_owned())
        })
    }
}

impl Game for PyGame {
    const NAME: &'static str = "python";
    type Position = u32;
    /// A move's place in its position's moves (`0..k`).
    type Move = u32;
    type Value = PyValue;
    type Solution = PySolution;

    fn start(&self) -> u32 {
        self.0.start().unwrap_or(0)
    }

    fn terminal_value(&self, position: u32) -> Option<PyValue> {
        self.0.terminal_value(position)
    }

    fn moves(&self, position: u32) -> Vec<u32> {
        (0..self.0.move_count(position)).collect()
    }

    fn moves_into(&self, position: u32, out: &mut Vec<u32>) {
        out.clear();
        out.extend(0..self.0.move_count(position));
    }

    /// Moves are `0..k`: the search asks for them one at a time and keeps no list per depth
    /// (a search as deep as the game is long, as a subtraction game's, would otherwise make
    /// one list for each new depth of each solve).
    const MOVES_ONE_BY_ONE: bool = true;
    /// The default [`Game::search_moves_into`]: the game's order.
    const SEARCH_ORDER_IS_GAME_ORDER: bool = true;

    fn next_move(&self, position: u32, after: Option<u32>) -> Option<u32> {
        let next = after.map_or(0, |mv| mv + 1);
        (next < self.0.move_count(position)).then_some(next)
    }

    fn play(&self, position: u32, mv: u32) -> u32 {
        self.0.play(position, mv)
    }

    fn positions_may_repeat(&self) -> bool {
        // Python code may return to a position on its own line: a search keeps its path.
        true
    }

    fn held_bytes(&self) -> u64 {
        self.0.held_bytes()
    }

    fn describe(&self) -> String {
        self.0.title.clone()
    }

    fn show_position(&self, position: u32) -> String {
        self.show("show_position", position, None)
            .unwrap_or_else(|| format!("#{position}"))
    }

    fn show_move(&self, position: u32, mv: u32) -> String {
        self.show("show_move", position, Some(mv))
            .unwrap_or_else(|| format!("#{mv}"))
    }
}

impl Registered for PyGame {
    fn variants_of(backend: Backend) -> Vec<gamesolve::core_types::Variant<Self>> {
        gamesolve::registry::generic_variants_of(backend)
    }
}

/// The answer of a Python game (plain or indexed): its value and best first move.
impl<G: Game<Value = PyValue, Move = u32>> gamesolve::core_types::SolutionOf<G> for PySolution {
    fn from_search(_game: &G, value: PyValue, best_move: Option<u32>) -> Self {
        PySolution { value, best_move }
    }

    fn outcome(&self) -> Outcome {
        match self.value.0.signum() {
            1 => Outcome::FirstPlayerWins,
            -1 => Outcome::SecondPlayerWins,
            _ => Outcome::Draw,
        }
    }
}

impl Game for PyIndexedGame {
    const NAME: &'static str = "python";
    type Position = u32;
    type Move = u32;
    type Value = PyValue;
    type Solution = PySolution;

    fn start(&self) -> u32 {
        self.0.start()
    }
    fn terminal_value(&self, position: u32) -> Option<PyValue> {
        self.0.terminal_value(position)
    }
    fn moves(&self, position: u32) -> Vec<u32> {
        self.0.moves(position)
    }
    fn moves_into(&self, position: u32, out: &mut Vec<u32>) {
        self.0.moves_into(position, out);
    }
    const MOVES_ONE_BY_ONE: bool = true;
    const SEARCH_ORDER_IS_GAME_ORDER: bool = true;
    fn next_move(&self, position: u32, after: Option<u32>) -> Option<u32> {
        self.0.next_move(position, after)
    }
    fn play(&self, position: u32, mv: u32) -> u32 {
        self.0.play(position, mv)
    }
    fn solution(&self, value: PyValue, best_move: Option<u32>) -> PySolution {
        self.0.solution(value, best_move)
    }
    fn outcome(&self, solution: &PySolution) -> Outcome {
        self.0.outcome(solution)
    }
    fn describe(&self) -> String {
        self.0.describe()
    }
    fn show_position(&self, position: u32) -> String {
        self.0.show_position(position)
    }
    fn show_move(&self, position: u32, mv: u32) -> String {
        self.0.show_move(position, mv)
    }
    fn positions_may_repeat(&self) -> bool {
        true
    }
    fn held_bytes(&self) -> u64 {
        self.0.held_bytes()
    }
}

impl Indexed for PyIndexedGame {
    fn position_count(&self) -> u64 {
        self.0 .0.count
    }

    fn index(&self, position: u32) -> usize {
        // After a failure every index is 0: the search is winding down.
        self.0 .0.index(position).map_or(0, |i| i as usize)
    }
}

impl Registered for PyIndexedGame {
    fn variants_of(backend: Backend) -> Vec<Variant<Self>> {
        indexed_variants_of(backend)
    }
}

/// Solves with `backend` and returns the answer's fields as a dict: `game`, `backend`,
/// `variant`, `kernel`, `outcome`, `value` (an integer), `best_move` (the move object) and,
/// with `stats`, the counters.
fn solve_with<'py, G: Registered<Solution = PySolution, Move = u32>>(
    py: Python<'py>,
    game: &G,
    inner: &PyGame,
    backend: &BackendChoice,
    config: &SolverConfig,
    stats: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let mut solver: Box<dyn Solver<G> + Send> = backend
        .solver_with::<G>(config)
        .map_err(|e| crate::native_error(&e.into()))?;
    let answer = if stats {
        solver.solve_with_stats(game).map(|(s, st)| (s, Some(st)))
    } else {
        solver.solve(game).map(|s| (s, None))
    };
    if let Some(e) = inner.take_failure() {
        return Err(e);
    }
    let (solution, counters) = answer.map_err(|e| crate::native_error(&e.into()))?;
    let outcome = serde_json::to_value(game.outcome(&solution)).unwrap_or_default();
    let fields = PyDict::new(py);
    fields.set_item(intern!(py, "backend"), solver.name())?;
    fields.set_item(intern!(py, "game"), &inner.0.title)?;
    fields.set_item(intern!(py, "kernel"), solver.last_kernel())?;
    fields.set_item(intern!(py, "outcome"), outcome.as_str())?;
    if let Some(counters) = counters {
        let counters = serde_json::to_value(counters).unwrap_or_default();
        fields.set_item(intern!(py, "stats"), json_to_py(py, &counters)?)?;
    }
    fields.set_item(intern!(py, "value"), solution.value.0)?;
    fields.set_item(intern!(py, "variant"), solver.variant())?;
    let best = match (solution.best_move, inner.0.start()) {
        (Some(mv), Some(start)) => inner.a_move(py, start, mv),
        _ => None,
    };
    fields.set_item(intern!(py, "best_move"), best)?;
    Ok(fields)
}

/// A JSON value (the counters) as Python objects.
fn json_to_py<'py>(py: Python<'py>, value: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    use serde_json::Value;
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => pyo3::types::PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u.into_pyobject(py)?.into_any(),
            (None, Some(i)) => i.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(text) => PyString::new(py, text).into_any(),
        Value::Array(items) => {
            let items = items
                .iter()
                .map(|item| json_to_py(py, item))
                .collect::<PyResult<Vec<_>>>()?;
            pyo3::types::PyList::new(py, items)?.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(key, json_to_py(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

/// Solves a game written in Python (see the module docs): the answer's fields as a dict
/// (`solve_with`).
#[pyfunction]
#[pyo3(signature = (game, backend=None, stats=false, **limits))]
pub fn solve_python_game<'py>(
    py: Python<'py>,
    game: Bound<'py, PyAny>,
    backend: Option<String>,
    stats: bool,
    limits: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyDict>> {
    let options = crate::options(backend, limits)?;
    let config = options.limits;
    let choice = options
        .backend_choice()
        .map_err(|e| crate::native_error(&e))?;
    let indexed = game.hasattr(intern!(py, "index"))? && game.hasattr(intern!(py, "count"))?;
    // This solve's words-or-numbers flag, restored after it (a game's method may itself solve
    // another game).
    let before = WORDS.with(|words| words.replace(false));
    let answer = solve_either(py, game, indexed, choice, &config, stats);
    WORDS.with(|words| words.set(before));
    answer
}

/// Solves `game` as an indexed game when `indexed`.
fn solve_either<'py>(
    py: Python<'py>,
    game: Bound<'py, PyAny>,
    indexed: bool,
    choice: Option<BackendChoice>,
    config: &SolverConfig,
    stats: bool,
) -> PyResult<Bound<'py, PyDict>> {
    if indexed {
        let count: u64 = game.call_method0(intern!(py, "count"))?.extract()?;
        let inner = PyGame::new(py, game, count, config.memory_cap_or_default())?;
        let wrapped = PyIndexedGame(inner.clone());
        let backend = choice.unwrap_or_else(|| Backend::default_for::<PyIndexedGame>().into());
        solve_with(py, &wrapped, &inner, &backend, config, stats)
    } else {
        let inner = PyGame::new(py, game, 0, config.memory_cap_or_default())?;
        let backend = choice.unwrap_or_else(|| Backend::default_for::<PyGame>().into());
        solve_with(py, &inner, &inner, &backend, config, stats)
    }
}
