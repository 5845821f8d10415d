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
//! position"), and the search works on numbers. Beside each position's number is what the game
//! said of it (its terminal value, its moves, where each move led, its index), so each method
//! is asked **at most once per position** (`play` once per position and move) on every
//! variant, `tabular/retrograde`'s second pass included. Cost: one dict lookup per position and
//! per move returned by the game (`O(1)` expected), and about [`INTERNED_BYTES`] per distinct
//! position and move plus [`EDGE_BYTES`] per move listed, beside the objects themselves, held
//! until the solve returns and counted against the memory cap with the search's own tables
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

pub mod table;

use std::cell::Cell;
use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use gamesolve::{
    indexed_variants_of, Backend, BackendChoice, Game, GameValue, Indexed, Outcome, Registered,
    Solver, SolverConfig, Variant, Verdict,
};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

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

/// How a game gives its terminal values: not seen yet, words, or numbers.
const SEEN_NOTHING: u8 = 0;
const SEEN_WORDS: u8 = 1;
const SEEN_NUMBERS: u8 = 2;

/// Objects numbered in the order first seen, by Python equality, with what the game said of
/// each (for positions: [`Known`]).
struct Interner {
    objects: Vec<Py<PyAny>>,
    ids: Py<PyDict>,
    known: Vec<Known>,
}

/// What the game said of one position: each method is asked once per position, and the
/// search's later questions are answered from here.
#[derive(Default)]
struct Known {
    /// `terminal_value`'s answer, once asked.
    terminal: Option<Option<PyValue>>,
    /// `moves`' answer (interned), once asked.
    moves: Option<Box<[u32]>>,
    /// Where each of those moves leads, once played (`u32::MAX` before).
    children: Box<[u32]>,
    /// `index`'s answer, once asked (an indexed game's).
    index: Option<usize>,
}

/// Bytes counted per interned object against the memory cap: its reference, its slot in the
/// dictionary (a few words, in a table kept at most 2/3 full) and its number as a Python
/// integer. The objects themselves are the game's (made by its `start` and `play`), not
/// counted.
const INTERNED_BYTES: u64 = 112;

/// Bytes counted per move of a position whose moves were asked: its number and where it leads.
const EDGE_BYTES: u64 = 8;

impl Interner {
    fn new(py: Python<'_>) -> Self {
        Interner {
            objects: Vec::new(),
            ids: PyDict::new(py).unbind(),
            known: Vec::new(),
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

    /// What is known of position `id`, made room for.
    fn known(&mut self, id: u32) -> &mut Known {
        let id = id as usize;
        if self.known.len() <= id {
            self.known.resize_with(id + 1, Known::default);
        }
        &mut self.known[id]
    }
}

/// The state one solve shares between the game's clones.
struct Shared {
    object: Py<PyAny>,
    /// The bound methods the search calls, looked up once.
    terminal_fn: Py<PyAny>,
    moves_fn: Py<PyAny>,
    play_fn: Py<PyAny>,
    title: String,
    positions: Mutex<Interner>,
    moves: Mutex<Interner>,
    /// Index → position, for `Indexed::position_at`.
    by_index: Mutex<HashMap<usize, u32>>,
    count: u64,
    failure: Mutex<Option<PyErr>>,
    calls: AtomicU32,
    /// [`SEEN_NOTHING`], [`SEEN_WORDS`] or [`SEEN_NUMBERS`].
    values: std::sync::atomic::AtomicU8,
    /// Bytes held for the solve ([`INTERNED_BYTES`] per position and move, [`EDGE_BYTES`] per
    /// move listed, and what is known of each position), checked against `cap`.
    held: AtomicU64,
    /// The solve's memory cap.
    cap: u64,
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
    value: PyValue,
    best_move: Option<u32>,
}

impl PyGame {
    fn new(py: Python<'_>, object: Bound<'_, PyAny>, count: u64, cap: u64) -> PyResult<Self> {
        let title = object.get_type().name()?.to_string();
        Ok(PyGame(Arc::new(Shared {
            terminal_fn: object.getattr("terminal_value")?.unbind(),
            moves_fn: object.getattr("moves")?.unbind(),
            play_fn: object.getattr("play")?.unbind(),
            object: object.unbind(),
            title,
            positions: Mutex::new(Interner::new(py)),
            moves: Mutex::new(Interner::new(py)),
            by_index: Mutex::new(HashMap::new()),
            count,
            failure: Mutex::new(None),
            calls: AtomicU32::new(0),
            values: std::sync::atomic::AtomicU8::new(SEEN_NOTHING),
            held: AtomicU64::new(0),
            cap,
        })))
    }

    /// Counts `bytes` more held for the solve; past the memory cap, the solve cannot answer
    /// (a [`CannotAnswer`](crate) error, kept as the game's failure).
    fn hold(&self, bytes: u64) -> PyResult<()> {
        let held = self.0.held.fetch_add(bytes, Ordering::Relaxed) + bytes;
        if held <= self.0.cap {
            return Ok(());
        }
        let e = gamesolve::Error::TableTooLarge {
            backend: "python",
            game: "python",
            parameter: "positions and moves interned",
            value: held / INTERNED_BYTES,
            required_bytes: u128::from(held),
            memory_cap_bytes: self.0.cap,
            hint: "; the game's positions and moves are kept until the solve returns: raise \
                   memory_cap",
        };
        Err(crate::native_error(&e.into()))
    }

    /// Runs `f` on what is known of position `id`.
    fn with_known<T>(&self, id: u32, f: impl FnOnce(&mut Known) -> T) -> Option<T> {
        let mut positions = self.0.positions.lock().ok()?;
        Some(f(positions.known(id)))
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
            let shown = p.repr().map_or_else(|_| "?".to_owned(), |r| r.to_string());
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
        let mut table = self
            .0
            .positions
            .lock()
            .map_err(|_| PyTypeError::new_err("position table poisoned"))?;
        let before = table.objects.len();
        let id = table.intern(py, object)?;
        drop(table);
        if id as usize >= before {
            self.hold(INTERNED_BYTES + std::mem::size_of::<Known>() as u64)?;
        }
        Ok(id)
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
        if let Some(Some(index)) = self.with_known(position, |k| k.index) {
            return Some(index);
        }
        let index = self.call("index", Some(position), |py, obj| {
            let index: u64 = obj
                .call_method1("index", (self.arg(py, position)?,))?
                .extract()?;
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
        self.with_known(position, |k| k.index = Some(index));
        Some(index)
    }
}

/// A terminal value from Python: `None`, an integer, or "win"/"draw"/"lose" (a game uses
/// words or numbers throughout; `seen` keeps which).
fn terminal(
    object: &Bound<'_, PyAny>,
    seen: &std::sync::atomic::AtomicU8,
) -> PyResult<Option<PyValue>> {
    if object.is_none() {
        return Ok(None);
    }
    let (value, kind) = if let Ok(word) = object.cast::<PyString>() {
        let word: String = word.extract()?;
        let value = match word.as_str() {
            "win" => 1,
            "draw" => 0,
            "lose" => -1,
            other => {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "terminal_value() returned {other:?}; expected None, an integer, or \"win\", \
                     \"draw\" or \"lose\""
                )))
            }
        };
        (value, SEEN_WORDS)
    } else {
        if object.is_instance_of::<pyo3::types::PyBool>() || object.extract::<i128>().is_err() {
            return Err(PyTypeError::new_err(format!(
                "terminal_value() returned {}; expected None, an integer (a margin for the \
                 player to move, within ±2**127), or \"win\", \"draw\" or \"lose\"",
                object.repr()?
            )));
        }
        (object.extract::<i128>()?, SEEN_NUMBERS)
    };
    match seen.compare_exchange(SEEN_NOTHING, kind, Ordering::Relaxed, Ordering::Relaxed) {
        Ok(_) if kind == SEEN_WORDS => WORDS.with(|words| words.set(true)),
        Ok(_) => {}
        Err(before) if before == kind => {}
        Err(_) => {
            return Err(PyTypeError::new_err(format!(
                "terminal_value() returned {}, but the game gave its other terminal values as \
                 {}: use \"win\"/\"draw\"/\"lose\" or integers throughout",
                object.repr()?,
                if kind == SEEN_WORDS {
                    "integers"
                } else {
                    "words"
                }
            )))
        }
    }
    Ok(Some(PyValue(value)))
}

impl Game for PyGame {
    const NAME: &'static str = "python";
    type Position = u32;
    type Move = u32;
    type Value = PyValue;
    type Solution = PySolution;

    fn start(&self) -> u32 {
        self.call("start", None, |py, obj| {
            let start = obj.call_method0("start")?;
            self.intern_position(py, start)
        })
        .unwrap_or(0)
    }

    fn terminal_value(&self, position: u32) -> Option<PyValue> {
        if let Some(Some(known)) = self.with_known(position, |k| k.terminal) {
            return known;
        }
        let value = self.call("terminal_value", Some(position), |py, _| {
            let value = self
                .0
                .terminal_fn
                .bind(py)
                .call1((self.arg(py, position)?,))?;
            terminal(&value, &self.0.values)
        });
        match value {
            Some(value) => {
                self.with_known(position, |k| k.terminal = Some(value));
                value
            }
            // After a failure every position is over, so the search winds down at once.
            None => Some(PyValue(0)),
        }
    }

    fn moves(&self, position: u32) -> Vec<u32> {
        if let Some(Some(known)) =
            self.with_known(position, |k| k.moves.as_ref().map(|m| m.to_vec()))
        {
            return known;
        }
        let moves = self.call("moves", Some(position), |py, _| {
            let listed = self.0.moves_fn.bind(py).call1((self.arg(py, position)?,))?;
            let mut moves = Vec::new();
            let mut table = self
                .0
                .moves
                .lock()
                .map_err(|_| PyTypeError::new_err("move table poisoned"))?;
            let before = table.objects.len();
            for mv in listed.try_iter()? {
                moves.push(table.intern(py, mv?)?);
            }
            let new = (table.objects.len() - before) as u64;
            drop(table);
            self.hold(new * INTERNED_BYTES + moves.len() as u64 * EDGE_BYTES)?;
            Ok(moves)
        });
        let Some(moves) = moves else {
            return Vec::new();
        };
        self.with_known(position, |k| {
            k.children = vec![u32::MAX; moves.len()].into_boxed_slice();
            k.moves = Some(moves.clone().into_boxed_slice());
        });
        moves
    }

    fn play(&self, position: u32, mv: u32) -> u32 {
        // Where the move leads, if played before; else its place in the position's moves.
        let known = self.with_known(position, |k| {
            let at = k.moves.as_ref()?.iter().position(|&m| m == mv)?;
            Some((at, k.children[at]))
        });
        let at = match known.flatten() {
            Some((_, child)) if child != u32::MAX => return child,
            Some((at, _)) => Some(at),
            None => None,
        };
        let child = self.call("play", Some(position), |py, _| {
            let m = self
                .a_move(py, mv)
                .ok_or_else(|| PyTypeError::new_err(format!("unknown move #{mv}")))?;
            let next = self
                .0
                .play_fn
                .bind(py)
                .call1((self.arg(py, position)?, m))?;
            self.intern_position(py, next)
        });
        match (child, at) {
            (Some(child), Some(at)) => {
                self.with_known(position, |k| k.children[at] = child);
                child
            }
            (Some(child), None) => child,
            (None, _) => position,
        }
    }

    fn positions_may_repeat(&self) -> bool {
        // Python code may return to a position on its own line: a search keeps its path.
        true
    }

    fn held_bytes(&self) -> u64 {
        self.0.held.load(Ordering::Relaxed)
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

impl Registered for PyGame {
    fn variants_of(backend: Backend) -> Vec<gamesolve::Variant<Self>> {
        gamesolve::generic_variants_of(backend)
    }
}

/// The answer of a Python game (plain or indexed): its value and best first move.
impl<G: Game<Value = PyValue, Move = u32>> gamesolve::SolutionOf<G> for PySolution {
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
#[pyo3(signature = (game, backend=None, stats=false, **limits))]
pub fn solve_python_game(
    py: Python<'_>,
    game: Bound<'_, PyAny>,
    backend: Option<String>,
    stats: bool,
    limits: Option<&Bound<'_, PyDict>>,
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
    let options = crate::options(backend, limits)?;
    let config = options.limits;
    let choice = options
        .backend_choice()
        .map_err(|e| crate::native_error(&e))?;
    let indexed = game.hasattr("index")? && game.hasattr("count")?;
    // This solve's words-or-numbers flag, restored after it (a game's method may itself solve
    // another game).
    let before = WORDS.with(|words| words.replace(false));
    let answer = solve_either(py, game, indexed, choice, &config, stats);
    WORDS.with(|words| words.set(before));
    answer
}

/// Solves `game` as an indexed game when `indexed`.
fn solve_either(
    py: Python<'_>,
    game: Bound<'_, PyAny>,
    indexed: bool,
    choice: Option<BackendChoice>,
    config: &SolverConfig,
    stats: bool,
) -> PyResult<(String, Option<Py<PyAny>>)> {
    if indexed {
        let count: u64 = game.call_method0("count")?.extract()?;
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
