//! Games written in Python, solved by the generic variants (`recursive/negamax`,
//! `memo/hash-map`, and `memo/indexed` when the class offers `index` and `count`).
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
//! values. Each distinct position (and move) is given a number the first time it is seen,
//! through a Python `dict` (so Python's own `__hash__`/`__eq__` decide what is "the same
//! position"), and the search works on numbers. Cost: one dict lookup per position and per move
//! returned by the game (`O(1)` expected), and one table entry (a reference to the Python object
//! plus its dict slot, about 100 bytes beside the object itself) per distinct position and move,
//! held until the solve returns.
//!
//! # Exceptions
//!
//! The first exception a method raises is kept, the search is wound down (every position then
//! reads as over), and the call raises that same exception, with attributes
//! `gamesolve_method` and `gamesolve_position` (the position it happened at) and, on Python
//! 3.11 and newer, a note saying both. Python's signal handlers run every 1,024 calls, so
//! Ctrl-C stops a Python game's solve too.

use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use gamesolve::{
    indexed_variants_of, Backend, BackendChoice, Game, Indexed, Margin, Outcome,
    Registered, Solver, SolverConfig, Variant,
};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

/// Objects numbered in the order first seen, by Python equality.
struct Interner {
    objects: Vec<Py<PyAny>>,
    ids: Py<PyDict>,
}

impl Interner {
    fn new(py: Python<'_>) -> Self {
        Interner {
            objects: Vec::new(),
            ids: PyDict::new(py).unbind(),
        }
    }

    fn intern(&mut self, py: Python<'_>, object: Bound<'_, PyAny>) -> PyResult<u32> {
        let ids = self.ids.bind(py);
        if let Some(id) = ids.get_item(&object)? {
            return id.extract::<u32>();
        }
        let id = u32::try_from(self.objects.len()).map_err(|_| {
            pyo3::exceptions::PyMemoryError::new_err(
                "the game has more than 4294967295 distinct positions or moves",
            )
        })?;
        ids.set_item(&object, id)?;
        self.objects.push(object.unbind());
        Ok(id)
    }

    fn get<'py>(&self, py: Python<'py>, id: u32) -> Option<Bound<'py, PyAny>> {
        self.objects.get(id as usize).map(|o| o.bind(py).clone())
    }
}

/// The state one solve shares between the game's clones.
struct Shared {
    object: Py<PyAny>,
    title: String,
    positions: Mutex<Interner>,
    moves: Mutex<Interner>,
    /// Index → position, for `Indexed::position_at`.
    by_index: Mutex<HashMap<usize, u32>>,
    count: u64,
    failure: Mutex<Option<PyErr>>,
    calls: AtomicU32,
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

/// The answer for a Python game: the value for the first player and the best first move.
#[derive(Clone, Debug, PartialEq)]
pub struct PySolution {
    value: Margin,
    best_move: Option<u32>,
}

impl PyGame {
    fn new(py: Python<'_>, object: Bound<'_, PyAny>, count: u64) -> PyResult<Self> {
        let title = object.get_type().name()?.to_string();
        Ok(PyGame(Arc::new(Shared {
            object: object.unbind(),
            title,
            positions: Mutex::new(Interner::new(py)),
            moves: Mutex::new(Interner::new(py)),
            by_index: Mutex::new(HashMap::new()),
            count,
            failure: Mutex::new(None),
            calls: AtomicU32::new(0),
        })))
    }

    fn failed(&self) -> bool {
        self.0.failure.lock().map_or(true, |f| f.is_some())
    }

    /// Runs `f` with the GIL unless a call failed before; keeps the first failure (with the
    /// method and position) and returns `None` then.
    fn call<T>(
        &self,
        method: &str,
        position: Option<u32>,
        f: impl FnOnce(Python<'_>, &Bound<'_, PyAny>) -> PyResult<T>,
    ) -> Option<T> {
        if self.failed() {
            return None;
        }
        Python::attach(|py| {
            let result = if self.0.calls.fetch_add(1, Ordering::Relaxed) % 1024 == 1023 {
                py.check_signals()
            } else {
                Ok(())
            }
            .and_then(|()| f(py, self.0.object.bind(py)));
            match result {
                Ok(value) => Some(value),
                Err(e) => {
                    self.record(py, e, method, position);
                    None
                }
            }
        })
    }

    fn record(&self, py: Python<'_>, e: PyErr, method: &str, position: Option<u32>) {
        let value = e.value(py);
        let _ = value.setattr("gamesolve_method", method);
        let mut note = format!("raised by {}.{method}", self.0.title);
        if let Some(p) = position.and_then(|p| self.position(py, p)) {
            let shown = p
                .repr()
                .map_or_else(|_| "?".to_owned(), |r| r.to_string());
            note.push_str(&format!(" at position {shown}"));
            let _ = value.setattr("gamesolve_position", p);
        }
        if value.hasattr("add_note").unwrap_or(false) {
            let _ = value.call_method1("add_note", (note,));
        }
        if let Ok(mut failure) = self.0.failure.lock() {
            failure.get_or_insert(e);
        }
    }

    fn position<'py>(&self, py: Python<'py>, id: u32) -> Option<Bound<'py, PyAny>> {
        self.0.positions.lock().ok()?.get(py, id)
    }

    fn a_move<'py>(&self, py: Python<'py>, id: u32) -> Option<Bound<'py, PyAny>> {
        self.0.moves.lock().ok()?.get(py, id)
    }

    fn intern_position(&self, py: Python<'_>, object: Bound<'_, PyAny>) -> PyResult<u32> {
        self.0
            .positions
            .lock()
            .map_err(|_| PyTypeError::new_err("position table poisoned"))?
            .intern(py, object)
    }

    /// The position object of `id`, or a failure.
    fn arg<'py>(&self, py: Python<'py>, id: u32) -> PyResult<Bound<'py, PyAny>> {
        self.position(py, id)
            .ok_or_else(|| PyTypeError::new_err(format!("unknown position #{id}")))
    }

    /// Takes the kept failure, if any.
    fn take_failure(&self) -> Option<PyErr> {
        self.0.failure.lock().ok().and_then(|mut f| f.take())
    }

    fn index_of(&self, position: u32) -> Option<usize> {
        let index = self.call("index", Some(position), |py, obj| {
            let index: u64 = obj.call_method1("index", (self.arg(py, position)?,))?.extract()?;
            if index >= self.0.count {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "index() returned {index}, not below count() = {}",
                    self.0.count
                )));
            }
            usize::try_from(index).map_err(|_| {
                pyo3::exceptions::PyValueError::new_err(format!("index {index} is too large"))
            })
        })?;
        if let Ok(mut map) = self.0.by_index.lock() {
            map.entry(index).or_insert(position);
        }
        Some(index)
    }
}

/// A terminal value from Python: an integer, or "win"/"draw"/"lose".
fn terminal(object: &Bound<'_, PyAny>) -> PyResult<Option<Margin>> {
    if object.is_none() {
        return Ok(None);
    }
    if let Ok(word) = object.cast::<PyString>() {
        let word: String = word.extract()?;
        return match word.as_str() {
            "win" => Ok(Some(Margin(1))),
            "draw" => Ok(Some(Margin(0))),
            "lose" => Ok(Some(Margin(-1))),
            other => Err(pyo3::exceptions::PyValueError::new_err(format!(
                "terminal_value() returned {other:?}; expected None, an integer, or \"win\", \
                 \"draw\" or \"lose\""
            ))),
        };
    }
    if object.is_instance_of::<pyo3::types::PyBool>() || object.extract::<i128>().is_err() {
        return Err(PyTypeError::new_err(format!(
            "terminal_value() returned {}; expected None, an integer (a margin for the player \
             to move, within ±2**127), or \"win\", \"draw\" or \"lose\"",
            object.repr()?
        )));
    }
    Ok(Some(Margin(object.extract::<i128>()?)))
}

impl Game for PyGame {
    const NAME: &'static str = "python";
    type Position = u32;
    type Move = u32;
    type Value = Margin;
    type Solution = PySolution;

    fn start(&self) -> u32 {
        self.call("start", None, |py, obj| {
            let start = obj.call_method0("start")?;
            self.intern_position(py, start)
        })
        .unwrap_or(0)
    }

    fn terminal_value(&self, position: u32) -> Option<Margin> {
        self.call("terminal_value", Some(position), |py, obj| {
            terminal(&obj.call_method1("terminal_value", (self.arg(py, position)?,))?)
        })
        // After a failure every position is over, so the search winds down at once.
        .unwrap_or(Some(Margin(0)))
    }

    fn moves(&self, position: u32) -> Vec<u32> {
        self.call("moves", Some(position), |py, obj| {
            let listed = obj.call_method1("moves", (self.arg(py, position)?,))?;
            let mut moves = Vec::new();
            let mut table = self
                .0
                .moves
                .lock()
                .map_err(|_| PyTypeError::new_err("move table poisoned"))?;
            for mv in listed.try_iter()? {
                moves.push(table.intern(py, mv?)?);
            }
            Ok(moves)
        })
        .unwrap_or_default()
    }

    fn play(&self, position: u32, mv: u32) -> u32 {
        self.call("play", Some(position), |py, obj| {
            let m = self
                .a_move(py, mv)
                .ok_or_else(|| PyTypeError::new_err(format!("unknown move #{mv}")))?;
            let next = obj.call_method1("play", (self.arg(py, position)?, m))?;
            self.intern_position(py, next)
        })
        .unwrap_or(position)
    }

    fn solution(&self, value: Margin, best_move: Option<u32>) -> PySolution {
        PySolution { value, best_move }
    }

    fn outcome(&self, solution: &PySolution) -> Outcome {
        match solution.value.0.signum() {
            1 => Outcome::FirstPlayerWins,
            -1 => Outcome::SecondPlayerWins,
            _ => Outcome::Draw,
        }
    }

    fn describe(&self) -> String {
        self.0.title.clone()
    }

    fn show_position(&self, position: u32) -> String {
        self.call("show_position", Some(position), |py, obj| {
            let p = self.arg(py, position)?;
            if obj.hasattr("show_position")? {
                obj.call_method1("show_position", (p,))?.str()?.extract()
            } else {
                p.repr()?.extract()
            }
        })
        .unwrap_or_else(|| format!("#{position}"))
    }

    fn show_move(&self, position: u32, mv: u32) -> String {
        self.call("show_move", Some(position), |py, obj| {
            let m = self
                .a_move(py, mv)
                .ok_or_else(|| PyTypeError::new_err(format!("unknown move #{mv}")))?;
            if obj.hasattr("show_move")? {
                obj.call_method1("show_move", (self.arg(py, position)?, m))?
                    .str()?
                    .extract()
            } else {
                m.repr()?.extract()
            }
        })
        .unwrap_or_else(|| format!("#{mv}"))
    }
}

impl Registered for PyGame {}

impl Game for PyIndexedGame {
    const NAME: &'static str = "python";
    type Position = u32;
    type Move = u32;
    type Value = Margin;
    type Solution = PySolution;

    fn start(&self) -> u32 {
        self.0.start()
    }
    fn terminal_value(&self, position: u32) -> Option<Margin> {
        self.0.terminal_value(position)
    }
    fn moves(&self, position: u32) -> Vec<u32> {
        self.0.moves(position)
    }
    fn play(&self, position: u32, mv: u32) -> u32 {
        self.0.play(position, mv)
    }
    fn solution(&self, value: Margin, best_move: Option<u32>) -> PySolution {
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
}

impl Indexed for PyIndexedGame {
    fn position_count(&self) -> u64 {
        self.0 .0.count
    }

    fn index(&self, position: u32) -> usize {
        // After a failure every index is 0: the search is winding down.
        self.0.index_of(position).unwrap_or(0)
    }

    fn position_at(&self, index: usize) -> u32 {
        // Only positions the search has indexed have a number; the others read as the start.
        self.0
             .0
            .by_index
            .lock()
            .ok()
            .and_then(|map| map.get(&index).copied())
            .unwrap_or(0)
    }
}

impl Registered for PyIndexedGame {
    fn variants_of(backend: Backend) -> Vec<Variant<Self>> {
        indexed_variants_of(backend)
    }
}

/// Solves with `backend` and returns the answer's fields as JSON text and the best move.
fn solve_with<G: Registered<Solution = PySolution, Move = u32>>(
    py: Python<'_>,
    game: &G,
    inner: &PyGame,
    backend: &BackendChoice,
    config: &SolverConfig,
    stats: bool,
) -> PyResult<(String, Option<Py<PyAny>>)> {
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
    let outcome = game.outcome(&solution);
    let mut fields = serde_json::json!({
        "game": inner.0.title,
        "backend": solver.name(),
        "variant": solver.variant(),
        "outcome": outcome,
        "value": solution.value.0.to_string(),
        "kernel": solver.last_kernel(),
    });
    if let (Some(counters), Some(map)) = (counters, fields.as_object_mut()) {
        map.insert(
            "stats".into(),
            serde_json::to_value(counters).unwrap_or_default(),
        );
    }
    let best = solution
        .best_move
        .and_then(|m| inner.a_move(py, m))
        .map(Bound::unbind);
    Ok((fields.to_string(), best))
}

/// Solves a game written in Python (see the module docs): the answer's fields as JSON text
/// (`value` as a decimal string) and the best first move object.
#[pyfunction]
#[pyo3(signature = (game, backend=None, stats=false, node_budget=None, memory_cap=None, state_budget=None, time_limit=None))]
#[allow(clippy::too_many_arguments)]
pub fn solve_python_game(
    py: Python<'_>,
    game: Bound<'_, PyAny>,
    backend: Option<String>,
    stats: bool,
    node_budget: Option<u64>,
    memory_cap: Option<String>,
    state_budget: Option<u64>,
    time_limit: Option<String>,
) -> PyResult<(String, Option<Py<PyAny>>)> {
    for method in ["start", "moves", "play", "terminal_value"] {
        if !game.hasattr(method)? {
            return Err(PyTypeError::new_err(format!(
                "a game needs the methods start(), moves(position), play(position, move) and \
                 terminal_value(position); {} has no `{method}`",
                game.get_type().name()?
            )));
        }
    }
    let options = gamesolve_app::embed::Options {
        backend,
        node_budget,
        memory_cap,
        state_budget,
        time_limit,
    };
    let config = options.limits_config().map_err(|e| crate::native_error(&e))?;
    let choice = options.backend_choice().map_err(|e| crate::native_error(&e))?;
    let indexed = game.hasattr("index")? && game.hasattr("count")?;
    if indexed {
        let count: u64 = game.call_method0("count")?.extract()?;
        let inner = PyGame::new(py, game, count)?;
        let wrapped = PyIndexedGame(inner.clone());
        let backend = choice.unwrap_or_else(|| Backend::default_for::<PyIndexedGame>().into());
        solve_with(py, &wrapped, &inner, &backend, &config, stats)
    } else {
        let inner = PyGame::new(py, game, 0)?;
        let backend = choice.unwrap_or_else(|| Backend::default_for::<PyGame>().into());
        solve_with(py, &inner, &inner, &backend, &config, stats)
    }
}
