//! What one solve of a Python game keeps: each position the game gave, numbered in the order
//! first seen, with what the game said of it ([`Known`]), and the machinery that asks the game
//! (one Python call per method and position, the first exception kept).
//!
//! # Cost per call
//!
//! Each question the search asks (a position's terminal value, its moves, where a move leads,
//! its index) takes the table's lock once, uncontended, and holds it to the answer: one
//! vector read when the question was answered before (no Python), else one Python call, with
//! the arguments passed in an array (no argument tuple), and for `play` one dictionary lookup
//! of the position it returns (two when the position is new). A move is its place in its
//! position's list (`0..k`): moves are not hashed or interned, and `play`'s move object is
//! read from the moves kept for the position (the list's items, one vector for all
//! positions).

use gamesolve::core_types::error::HintPart::Words;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use pyo3::exceptions::{PyAttributeError, PyMemoryError, PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use super::method::Method;
use super::{PyValue, WORDS};

/// How a game gives its terminal values: not seen yet, words, or numbers.
const SEEN_NOTHING: u8 = 0;
const SEEN_WORDS: u8 = 1;
const SEEN_NUMBERS: u8 = 2;

/// What the game said of one position: each method is asked once per position, and the
/// search's later questions are answered from here.
pub(super) struct Known {
    /// The position object, as the game gave it.
    pub(super) object: Py<PyAny>,
    /// `terminal_value`'s answer, once asked.
    terminal: Option<Option<PyValue>>,
    /// How many moves `moves` listed, once asked: move `i` of the position is its item `i`.
    moves: Option<u32>,
    /// Where the position's moves are: [`Table::moves`] and [`Table::children`] from
    /// `first`, one entry per move.
    first: usize,
    /// `index`'s answer, once asked (an indexed game's).
    index: Option<u64>,
}

/// A move not played yet, in [`Table::children`].
const UNPLAYED: u32 = u32::MAX;

/// Bytes counted per position against the memory cap, beside its [`Known`]: its slot in the
/// dictionary of positions (a few words, in a table kept at most 2/3 full) and its number as
/// a Python integer. The objects themselves are the game's (made by its `start` and `play`),
/// not counted.
pub(super) const INTERNED_BYTES: u64 = 80;

/// Bytes counted per move of a position whose moves were asked: its reference in the kept
/// tuple and where it leads.
pub(super) const EDGE_BYTES: u64 = 12;

/// The positions of one solve and what the game said of each.
#[derive(Default)]
pub(super) struct Table {
    known: Vec<Known>,
    /// Each move object of each position whose moves were asked, the moves of one position
    /// side by side ([`Known::first`]). The game's list itself is not kept: a list held by
    /// the solve would be walked by Python's garbage collector at each of its passes, and the
    /// game may change a list it holds.
    moves: Vec<Py<PyAny>>,
    /// Where each of those moves leads ([`UNPLAYED`] before it is played): one entry per
    /// entry of `moves`.
    children: Vec<u32>,
    /// The first exception a method raised (or the memory cap's error).
    failure: Option<PyErr>,
    /// The start position's number, once asked.
    start: Option<u32>,
    /// The game's methods called so far.
    calls: u32,
    /// [`SEEN_NOTHING`], [`SEEN_WORDS`] or [`SEEN_NUMBERS`].
    values: u8,
}

/// The state one solve shares between the game's clones.
pub(super) struct Shared {
    object: Py<PyAny>,
    /// The methods the search calls, looked up once.
    start_fn: Method,
    terminal_fn: Method,
    moves_fn: Method,
    play_fn: Method,
    index_fn: Option<Method>,
    pub(super) title: String,
    /// Position object → its number.
    ids: Py<PyDict>,
    table: Mutex<Table>,
    /// Whether a method failed (the search then winds down: every position reads as over).
    failed: AtomicBool,
    pub(super) count: u64,
    /// Bytes held for the solve ([`INTERNED_BYTES`] and a [`Known`] per position,
    /// [`EDGE_BYTES`] per move listed), checked against `cap`.
    held: AtomicU64,
    /// The solve's memory cap.
    cap: u64,
}

/// Python's signal handlers run every this many calls of the game's methods.
const SIGNALS_EVERY: u32 = 1024;

impl Shared {
    pub(super) fn new(
        py: Python<'_>,
        object: Bound<'_, PyAny>,
        count: u64,
        cap: u64,
    ) -> PyResult<Self> {
        let title = object.get_type().name()?.to_string();
        let index_fn = match object.getattr(intern!(py, "index")) {
            Ok(index) => Some(Method::of(&object, index)?),
            Err(e) if e.is_instance_of::<PyAttributeError>(py) => None,
            Err(e) => return Err(e),
        };
        let needed = |name: &Bound<'_, PyString>| match object.getattr(name) {
            Ok(method) => Method::of(&object, method),
            Err(e) if e.is_instance_of::<PyAttributeError>(py) => {
                Err(PyTypeError::new_err(format!(
                    "a game needs the methods start(), moves(position), play(position, move) \
                     and terminal_value(position); {title} has no `{name}`"
                )))
            }
            Err(e) => Err(e),
        };
        Ok(Shared {
            start_fn: needed(intern!(py, "start"))?,
            moves_fn: needed(intern!(py, "moves"))?,
            play_fn: needed(intern!(py, "play"))?,
            terminal_fn: needed(intern!(py, "terminal_value"))?,
            index_fn,
            object: object.unbind(),
            title,
            ids: PyDict::new(py).unbind(),
            table: Mutex::new(Table::default()),
            failed: AtomicBool::new(false),
            count,
            held: AtomicU64::new(0),
            cap,
        })
    }

    /// The table, locked: once per question the search asks (held across the game's method,
    /// which nothing else waits for: one solve's questions come from its own thread, one at a
    /// time). A lock poisoned by a panic (a bug) is taken as it is.
    fn table(&self) -> MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(super) fn held_bytes(&self) -> u64 {
        self.held.load(Ordering::Relaxed)
    }

    pub(super) fn failed(&self) -> bool {
        self.failed.load(Ordering::Relaxed)
    }

    /// Takes the kept failure, if any.
    pub(super) fn take_failure(&self) -> Option<PyErr> {
        let failure = self.table().failure.take();
        self.failed.store(false, Ordering::Relaxed);
        failure
    }

    /// Counts `bytes` more held for the solve, with the table locked (`_table`: its only
    /// writer, so a plain load and store suffice); past the memory cap, the solve cannot
    /// answer (a [`CannotAnswer`](crate) error, kept as the game's failure) and the error
    /// names what grew past it: `parameter` (the positions interned, the moves held), of
    /// which there are now `value`.
    fn hold(
        &self,
        _table: &mut Table,
        bytes: u64,
        parameter: &'static str,
        value: usize,
    ) -> PyResult<()> {
        let held = self.held.load(Ordering::Relaxed) + bytes;
        self.held.store(held, Ordering::Relaxed);
        if held <= self.cap {
            return Ok(());
        }
        let e = gamesolve::Error::TableTooLarge {
            backend: "python",
            game: "python",
            parameter,
            value: value as u64,
            required_bytes: u128::from(held),
            memory_cap_bytes: self.cap,
            hint: &[Words(
                "; the game's positions and moves are kept until the solve returns: raise \
                   memory_cap",
            )],
        };
        Err(crate::native_error(&e.into()))
    }

    /// The object of move `mv` of position `id` (its place in the position's moves).
    pub(super) fn a_move<'py>(
        &self,
        py: Python<'py>,
        id: u32,
        mv: u32,
    ) -> Option<Bound<'py, PyAny>> {
        self.table().a_move(py, id, mv)
    }

    /// Runs `f` with the GIL and the table unless a call failed before; keeps the first
    /// failure (with the method and position) and returns `None` then. Every
    /// [`SIGNALS_EVERY`] calls, Python's signal handlers run first (Ctrl-C).
    pub(super) fn call<T>(
        &self,
        method: &str,
        position: Option<u32>,
        f: impl FnOnce(Python<'_>, &mut Table) -> PyResult<T>,
    ) -> Option<T> {
        self.ask(&mut self.table(), method, position, f)
    }

    /// [`Shared::call`] with the table locked by the caller.
    fn ask<T>(
        &self,
        table: &mut Table,
        method: &str,
        position: Option<u32>,
        f: impl FnOnce(Python<'_>, &mut Table) -> PyResult<T>,
    ) -> Option<T> {
        if self.failed() {
            return None;
        }
        Python::attach(|py| {
            table.calls = table.calls.wrapping_add(1);
            let result = if table.calls.is_multiple_of(SIGNALS_EVERY) {
                py.check_signals().and_then(|()| f(py, table))
            } else {
                f(py, table)
            };
            result
                .map_err(|e| self.record(py, table, e, method, position))
                .ok()
        })
    }

    /// The game object.
    pub(super) fn object<'py>(&self, py: Python<'py>) -> &Bound<'py, PyAny> {
        self.object.bind(py)
    }

    fn record(
        &self,
        py: Python<'_>,
        table: &mut Table,
        e: PyErr,
        method: &str,
        position: Option<u32>,
    ) {
        let value = e.value(py);
        let _ = value.setattr("gamesolve_method", method);
        let mut note = format!("raised by {}.{method}", self.title);
        if let Some(p) = position.and_then(|p| table.position(py, p)) {
            let shown = p.repr().map_or_else(|_| "?".to_owned(), |r| r.to_string());
            note.push_str(&format!(" at position {shown}"));
            let _ = value.setattr("gamesolve_position", p);
        }
        if value.hasattr("add_note").unwrap_or(false) {
            let _ = value.call_method1("add_note", (note,));
        }
        table.failure.get_or_insert(e);
        self.failed.store(true, Ordering::Relaxed);
    }

    /// The number of a position object, numbering it if it is new.
    fn intern(&self, py: Python<'_>, table: &mut Table, object: Bound<'_, PyAny>) -> PyResult<u32> {
        let ids = self.ids.bind(py);
        if let Some(id) = ids.get_item(&object)? {
            return id.extract::<u32>();
        }
        let id = u32::try_from(table.known.len()).map_err(|_| {
            PyMemoryError::new_err("the game has more than 4294967295 distinct positions")
        })?;
        table.known.try_reserve(1).map_err(|_| out_of_memory())?;
        ids.set_item(&object, id)?;
        table.known.push(Known {
            object: object.unbind(),
            terminal: None,
            moves: None,
            first: 0,
            index: None,
        });
        let bytes = INTERNED_BYTES + std::mem::size_of::<Known>() as u64;
        self.hold(table, bytes, "positions interned", table.known.len())?;
        Ok(id)
    }

    /// The start position's number.
    pub(super) fn start(&self) -> Option<u32> {
        let mut table = self.table();
        if let Some(start) = table.start {
            return Some(start);
        }
        let start = self.ask(&mut table, "start", None, |py, table| {
            let start = self.start_fn.call(py, None, None)?;
            self.intern(py, table, start)
        })?;
        table.start = Some(start);
        Some(start)
    }

    /// `terminal_value(position)`, asked once; after a failure every position is over (the
    /// search winds down at once).
    pub(super) fn terminal_value(&self, id: u32) -> Option<PyValue> {
        let mut table = self.table();
        if let Some(known) = table.known(id).and_then(|k| k.terminal) {
            return known;
        }
        let value = self.ask(&mut table, "terminal_value", Some(id), |py, table| {
            let position = table.arg(py, id)?;
            let value = self.terminal_fn.call(py, Some(&position), None)?;
            self.terminal(table, &value)
        });
        match value {
            Some(value) => {
                if let Some(known) = table.known.get_mut(id as usize) {
                    known.terminal = Some(value);
                }
                value
            }
            None => Some(PyValue(0)),
        }
    }

    /// The number of moves of position `id` (its moves are `0..k`), asked once; none after a
    /// failure.
    pub(super) fn move_count(&self, id: u32) -> u32 {
        let mut table = self.table();
        if let Some(k) = table.known(id).and_then(|k| k.moves) {
            return k;
        }
        let first = table.moves.len();
        let count = self.ask(&mut table, "moves", Some(id), |py, table| {
            let position = table.arg(py, id)?;
            let listed = self.moves_fn.call(py, Some(&position), None)?;
            // The moves that fit under the memory cap: more are not read on.
            let room = self.cap.saturating_sub(self.held_bytes()) / EDGE_BYTES;
            let room = usize::try_from(room).unwrap_or(usize::MAX);
            let count = read_moves(&listed, &mut table.moves, room).and_then(|count| {
                let held = table.moves.len();
                self.hold(table, count as u64 * EDGE_BYTES, "moves held", held)?;
                table
                    .children
                    .try_reserve(count)
                    .map_err(|_| out_of_memory())?;
                u32::try_from(count)
                    .ok()
                    .filter(|&k| k < UNPLAYED)
                    .ok_or_else(|| {
                        PyValueError::new_err(format!(
                            "moves() returned {count} moves; at most 2**32 - 2"
                        ))
                    })
            });
            if count.is_err() {
                table.moves.truncate(first);
            }
            count
        });
        let Some(count) = count else {
            return 0;
        };
        let listed = table.moves.len();
        table.children.resize(listed, UNPLAYED);
        if let Some(known) = table.known.get_mut(id as usize) {
            known.first = first;
            known.moves = Some(count);
        }
        count
    }

    /// The position move `mv` of `id` leads to, played once; after a failure, `id` itself.
    pub(super) fn play(&self, id: u32, mv: u32) -> u32 {
        let mut table = self.table();
        if let Some(child) = table.child(id, mv) {
            if child != UNPLAYED {
                return child;
            }
        }
        let child = self.ask(&mut table, "play", Some(id), |py, table| {
            let a_move = table.a_move(py, id, mv).ok_or_else(|| {
                PyTypeError::new_err(format!("unknown move #{mv} of position #{id}"))
            })?;
            let position = table.arg(py, id)?;
            let next = self.play_fn.call(py, Some(&position), Some(&a_move))?;
            self.intern(py, table, next)
        });
        let Some(child) = child else {
            return id;
        };
        if let Some(at) = table.slot(id, mv) {
            table.children[at] = child;
        }
        child
    }

    /// `index(position)`, asked once and checked below `count()`; `None` after a failure.
    pub(super) fn index(&self, id: u32) -> Option<u64> {
        let mut table = self.table();
        if let Some(index) = table.known(id).and_then(|k| k.index) {
            return Some(index);
        }
        let index = self.ask(&mut table, "index", Some(id), |py, table| {
            let index_fn = self
                .index_fn
                .as_ref()
                .ok_or_else(|| PyTypeError::new_err("the game has no index()"))?;
            let index: u64 = index_fn
                .call(py, Some(&table.arg(py, id)?), None)?
                .extract()?;
            if index >= self.count {
                return Err(PyValueError::new_err(format!(
                    "index() returned {index}, not below count() = {}",
                    self.count
                )));
            }
            usize::try_from(index)
                .map_err(|_| PyValueError::new_err(format!("index {index} is too large")))?;
            Ok(index)
        })?;
        if let Some(known) = table.known.get_mut(id as usize) {
            known.index = Some(index);
        }
        Some(index)
    }

    /// A terminal value from Python: `None`, an integer, or "win"/"draw"/"lose" (a game uses
    /// words or numbers throughout; [`Table::values`] keeps which).
    fn terminal(&self, table: &mut Table, object: &Bound<'_, PyAny>) -> PyResult<Option<PyValue>> {
        if object.is_none() {
            return Ok(None);
        }
        // "win", "draw" and "lose", interned: a method that returns a literal returns these
        // very objects, recognised without reading the text.
        let py = object.py();
        let words = [intern!(py, "win"), intern!(py, "draw"), intern!(py, "lose")];
        let (value, kind) = if let Some(at) = words.iter().position(|w| w.is(object)) {
            ([1, 0, -1][at], SEEN_WORDS)
        } else if let Ok(word) = object.cast::<PyString>() {
            let value = match &*word.to_cow()? {
                "win" => 1,
                "draw" => 0,
                "lose" => -1,
                other => {
                    return Err(PyValueError::new_err(format!(
                        "terminal_value() returned {other:?}; expected None, an integer, or \
                         \"win\", \"draw\" or \"lose\""
                    )))
                }
            };
            (value, SEEN_WORDS)
        } else {
            (margin(object)?, SEEN_NUMBERS)
        };
        match table.values {
            SEEN_NOTHING => {
                table.values = kind;
                if kind == SEEN_WORDS {
                    WORDS.with(|words| words.set(true));
                }
            }
            before if before == kind => {}
            _ => {
                return Err(PyTypeError::new_err(format!(
                    "terminal_value() returned {}, but the game gave its other terminal values \
                     as {}: use \"win\"/\"draw\"/\"lose\" or integers throughout",
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
}

/// An integer terminal value (not a `bool`), within `i128`.
fn margin(object: &Bound<'_, PyAny>) -> PyResult<i128> {
    let bad = || {
        PyTypeError::new_err(format!(
            "terminal_value() returned {}; expected None, an integer (a margin for the player \
             to move, within ±2**127), or \"win\", \"draw\" or \"lose\"",
            object
                .repr()
                .map_or_else(|_| "?".to_owned(), |r| r.to_string())
        ))
    };
    if object.is_instance_of::<pyo3::types::PyBool>() {
        return Err(bad());
    }
    // The word-sized reading first: one call, where `i128` takes several under the stable ABI.
    if let Ok(small) = object.extract::<i64>() {
        return Ok(i128::from(small));
    }
    object.extract::<i128>().map_err(|_| bad())
}

impl Table {
    /// What is known of `id`.
    fn known(&self, id: u32) -> Option<&Known> {
        self.known.get(id as usize)
    }

    /// The position object of `id`.
    fn position<'py>(&self, py: Python<'py>, id: u32) -> Option<Bound<'py, PyAny>> {
        self.known(id).map(|k| k.object.bind(py).clone())
    }

    /// The position object of `id`, or a failure.
    pub(super) fn arg<'py>(&self, py: Python<'py>, id: u32) -> PyResult<Bound<'py, PyAny>> {
        self.position(py, id)
            .ok_or_else(|| PyTypeError::new_err(format!("unknown position #{id}")))
    }

    /// The object of move `mv` of position `id` (its place in the position's moves).
    pub(super) fn a_move<'py>(
        &self,
        py: Python<'py>,
        id: u32,
        mv: u32,
    ) -> Option<Bound<'py, PyAny>> {
        let object = self.moves.get(self.slot(id, mv)?)?;
        Some(object.bind(py).clone())
    }

    /// Where move `mv` of `id` leads ([`UNPLAYED`] before it is played), once its moves are
    /// known.
    fn child(&self, id: u32, mv: u32) -> Option<u32> {
        self.children.get(self.slot(id, mv)?).copied()
    }

    /// Where move `mv` of `id` is in [`Table::moves`] and [`Table::children`], once its moves
    /// are known and when it is one of them.
    fn slot(&self, id: u32, mv: u32) -> Option<usize> {
        let known = self.known(id)?;
        (mv < known.moves?).then(|| known.first + mv as usize)
    }
}

/// Appends the moves the game listed to `moves` when there are at most `room` of them: a
/// list's or a tuple's items (the objects, not the container), anything else read to its end
/// or until past `room`. Returns how many there are (`room + 1` for an iterator that goes
/// on); `MemoryError` (never an abort) when the system refuses the room.
fn read_moves(
    listed: &Bound<'_, PyAny>,
    moves: &mut Vec<Py<PyAny>>,
    room: usize,
) -> PyResult<usize> {
    if let Ok(list) = listed.cast_exact::<PyList>() {
        if list.len() <= room {
            moves.try_reserve(list.len()).map_err(|_| out_of_memory())?;
            moves.extend(list.iter().map(Bound::unbind));
        }
        return Ok(list.len());
    }
    if let Ok(tuple) = listed.cast_exact::<PyTuple>() {
        if tuple.len() <= room {
            moves
                .try_reserve(tuple.len())
                .map_err(|_| out_of_memory())?;
            moves.extend(tuple.iter().map(Bound::unbind));
        }
        return Ok(tuple.len());
    }
    let first = moves.len();
    for item in listed.try_iter()? {
        if moves.len() - first == room {
            return Ok(room.saturating_add(1));
        }
        moves.try_reserve(1).map_err(|_| out_of_memory())?;
        moves.push(item?.unbind());
    }
    Ok(moves.len() - first)
}

/// The system refused room for what the game said.
fn out_of_memory() -> PyErr {
    PyMemoryError::new_err("the system refused memory for the game's positions and moves")
}
