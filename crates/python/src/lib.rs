//! The Python module `gamesolve._native`: the application's commands (`gamesolve_app::embed`)
//! and the generic solvers over games written in Python, wrapped thinly for the package
//! `gamesolve` (`python/gamesolve/__init__.py`), which turns dicts into request lines and the
//! JSON answers back into dicts.
//!
//! # What runs where
//!
//! - A built-in game (any game of the table) is solved on a worker thread while the calling
//!   thread waits without the GIL, waking every 20 ms to run Python's signal handlers: Ctrl-C
//!   sets the solve's cancel flag ([`gamesolve::core_types::deadline::with_cancel`]), the kernel stops at
//!   its next look at the clock and the call raises `KeyboardInterrupt` ([`run`]).
//! - A game written in Python is solved on the calling thread, with the GIL (every step calls
//!   Python); see [`pygame`] for how its positions are interned and how its exceptions reach
//!   the caller.
//!
//! Built by maturin (`pip install ./crates/python`); from Python:
//!
//! ```python
//! import gamesolve
//! gamesolve.can_i_win(10, 11)["outcome"]   # 'second'
//! ```
#![deny(missing_docs)]

pub mod pygame;
pub mod run;

use std::sync::Arc;

use gamesolve_app::embed::{self, ErrorReport, Options};
use gamesolve_app::limits::{Limit, Spelling as _};
use gamesolve_app::GameTable;
use pyo3::exceptions::{PyException, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};

pyo3::create_exception!(
    _native,
    NativeError,
    PyException,
    "An error of the gamesolve library: args are (kind, message, field, limit), the last two \
     None unless the error names a parameter or a limit; the package turns it into ValueError, \
     CannotAnswer or UnavailableBackend."
);

/// The Python exception for a library error: [`NativeError`] with the machine kind, the
/// message, the parameter at fault and the limit reached (the error JSON's `field` and
/// `limit`).
pub(crate) fn native_error(e: &ErrorReport) -> PyErr {
    let field = e.field().map(str::to_owned);
    let limit = e.limit().map(Limit::field);
    NativeError::new_err((e.kind.as_str().to_owned(), e.message(), field, limit))
}

/// The game table a module offers, kept in the module as `_games` ([`add_module`]); every
/// function reads it from the module it is called through, so two modules built with
/// different tables each answer for their own games.
#[pyclass(module = "gamesolve._native", frozen, name = "Games")]
pub struct Games {
    table: Arc<GameTable>,
}

/// The table of the module `m` (its `_games`).
fn games_of(m: &Bound<'_, PyModule>) -> PyResult<Arc<GameTable>> {
    let games: Bound<'_, Games> = m.getattr("_games")?.extract()?;
    Ok(Arc::clone(&games.get().table))
}

/// Bytes of JSON as a Python `str`.
fn text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// The options of every call: the backend, and the limits from the call's keyword arguments
/// (`**limits`), read by [`limits_from_kwargs`].
pub(crate) fn options(
    backend: Option<String>,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<Options> {
    let mut options = Options {
        backend,
        ..Options::default()
    };
    limits_from_kwargs(&mut options, limits)?;
    Ok(options)
}

/// The one reader of the limit keywords of every function of the module: each keyword is a
/// limit of the app's table ([`Limit`]: `node_budget`, `memory_cap`, `state_budget`,
/// `time_limit`, also the module's `LIMITS`), and each value is read as its command-line flag
/// reads its word ([`Options::set_limit`]): a whole number for a budget; bytes or a size
/// (`"512MiB"`) for the memory cap; seconds (an `int` or a `float`) or a duration (`"2s"`)
/// for the time limit; `None` for the default.
///
/// # Errors
///
/// `TypeError` for a keyword that is no limit; `NativeError` (`invalid_input`, which the
/// package raises as `ValueError`) for a value that is not one of the limit, naming the
/// keyword, its flag and what is allowed.
pub(crate) fn limits_from_kwargs(
    options: &mut Options,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<()> {
    let Some(kwargs) = kwargs else {
        return Ok(());
    };
    for (key, value) in kwargs.iter() {
        let key: String = key.extract()?;
        let Some(limit) = Limit::from_key(&key) else {
            return Err(PyTypeError::new_err(format!(
                "unexpected keyword argument `{key}`: the limits are {}",
                Limit::keys()
            )));
        };
        if value.is_none() {
            continue;
        }
        let text = limit_text(limit, &value)?;
        options
            .set_limit(&key, &text)
            .map_err(|e| native_error(&e))?;
    }
    Ok(())
}

/// A limit's Python value as the text its flag reads: an `int` as its digits (seconds for
/// the time limit), a `float` of seconds as nanoseconds, a `str` as it is.
fn limit_text(limit: Limit, value: &Bound<'_, PyAny>) -> PyResult<String> {
    let refused = || {
        native_error(&ErrorReport::invalid(format!(
            "invalid value {} for `{}`: expected {}",
            value
                .repr()
                .map_or_else(|_| "?".to_owned(), |r| r.to_string()),
            limit.key(),
            limit.expected()
        )))
    };
    if value.is_instance_of::<PyBool>() {
        return Err(refused());
    }
    if let Ok(text) = value.cast::<PyString>() {
        return text.extract::<String>();
    }
    if value.is_instance_of::<PyInt>() {
        let digits: String = value.str()?.extract()?;
        return Ok(match limit {
            Limit::TimeLimit => format!("{digits}s"),
            Limit::NodeBudget | Limit::MemoryCap | Limit::StateBudget => digits,
        });
    }
    match (limit, value.extract::<f64>()) {
        (Limit::TimeLimit, Ok(seconds)) if seconds.is_finite() => {
            Ok(format!("{}ns", (seconds * 1e9).round()))
        }
        _ => Err(refused()),
    }
}

/// Solves the game of `request` (a batch line): the answer's JSON text.
#[pyfunction]
#[pyo3(pass_module, signature = (request, backend=None, **limits))]
fn solve(
    m: &Bound<'_, PyModule>,
    request: String,
    backend: Option<String>,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let options = options(backend, limits)?;
    let games = games_of(m)?;
    let answer = run::cancellable(m.py(), move || {
        embed::solve(&games, request.as_bytes(), &options)
    })?;
    answer.map(text).map_err(|e| native_error(&e))
}

/// `compare`: the rows' JSON text, and the verdict's `(kind, message)` when the rows do not
/// agree or none answered.
#[pyfunction]
#[pyo3(pass_module, signature = (request, variants=false, **limits))]
fn compare(
    m: &Bound<'_, PyModule>,
    request: String,
    variants: bool,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<(String, Option<(String, String)>)> {
    let options = options(None, limits)?;
    let games = games_of(m)?;
    let answer = run::cancellable(m.py(), move || {
        embed::compare(&games, request.as_bytes(), &options, variants)
    })?;
    let (rows, verdict) = answer.map_err(|e| native_error(&e))?;
    let verdict = verdict
        .err()
        .map(|e| (e.kind.as_str().to_owned(), e.message()));
    Ok((text(rows), verdict))
}

/// `analyze`: the analysis's JSON text.
#[pyfunction]
#[pyo3(pass_module, signature = (request, moves=Vec::new(), **limits))]
fn analyze(
    m: &Bound<'_, PyModule>,
    request: String,
    moves: Vec<String>,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let options = options(None, limits)?;
    let games = games_of(m)?;
    let answer = run::cancellable(m.py(), move || {
        embed::analyze(&games, request.as_bytes(), &options, moves)
    })?;
    answer.map(text).map_err(|e| native_error(&e))
}

/// `explain`: the views' JSON text (`text`, `dot`, `html`, `json`).
#[pyfunction]
#[pyo3(pass_module, signature = (request, backend=None, **limits))]
fn explain(
    m: &Bound<'_, PyModule>,
    request: String,
    backend: Option<String>,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let options = options(backend, limits)?;
    let games = games_of(m)?;
    let answer = run::cancellable(m.py(), move || {
        embed::explain(&games, request.as_bytes(), &options)
    })?;
    answer.map(text).map_err(|e| native_error(&e))
}

/// `backends --json`.
#[pyfunction]
#[pyo3(pass_module)]
fn backends(m: &Bound<'_, PyModule>) -> PyResult<String> {
    Ok(text(embed::backends(&*games_of(m)?)))
}

/// `games --json`.
#[pyfunction]
#[pyo3(pass_module)]
fn games(m: &Bound<'_, PyModule>) -> PyResult<String> {
    Ok(text(embed::games(&*games_of(m)?)))
}

/// A `batch` run: one answer line per line given to `answer`.
#[pyclass(module = "gamesolve._native")]
struct Batch {
    /// The run; taken out while a line is answered on the worker thread (`Mutex`: a Python
    /// object may be used from any thread).
    inner: std::sync::Mutex<Option<embed::Batch>>,
    /// The games its lines may name (the module's `_games`, given as `games`).
    table: Arc<GameTable>,
}

#[pymethods]
impl Batch {
    #[new]
    #[pyo3(signature = (backend=None, games=None, **limits))]
    fn new(
        backend: Option<String>,
        games: Option<Bound<'_, Games>>,
        limits: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let options = options(backend, limits)?;
        let inner = embed::Batch::new(&options).map_err(|e| native_error(&e))?;
        let table = games.map_or_else(
            || Arc::new(GameTable::builtin()),
            |games| Arc::clone(&games.get().table),
        );
        Ok(Batch {
            inner: std::sync::Mutex::new(Some(inner)),
            table,
        })
    }

    /// The answer line (JSON text) of one input line.
    fn answer(&self, py: Python<'_>, line: String) -> PyResult<String> {
        let taken = self.inner.lock().ok().and_then(|mut slot| slot.take());
        let Some(mut inner) = taken else {
            return Err(pyo3::exceptions::PyRuntimeError::new_err(
                "this batch run was interrupted, or is answering a line in another thread; start a new one",
            ));
        };
        let table = Arc::clone(&self.table);
        let result = run::cancellable(py, move || {
            let (json, _) = inner.answer(&table, line.as_bytes());
            (json, inner)
        });
        let (json, inner) = result?;
        if let Ok(mut slot) = self.inner.lock() {
            *slot = Some(inner);
        }
        Ok(text(json))
    }
}

/// Nanoseconds per call of `repeat` solves of `request` in Rust alone (the same
/// `embed::solve` the Python `solve` calls, without the Python side and the worker thread):
/// the yardstick of `crates/python/benches/overhead.py`.
#[pyfunction]
#[pyo3(signature = (request, repeat=1000))]
fn _time_solve(py: Python<'_>, request: String, repeat: u32) -> PyResult<f64> {
    let options = Options::default();
    let games = GameTable::builtin();
    let repeat = repeat.max(1);
    let elapsed = py.detach(move || {
        let start = std::time::Instant::now();
        for _ in 0..repeat {
            let _ = std::hint::black_box(embed::solve(&games, request.as_bytes(), &options));
        }
        start.elapsed()
    });
    Ok(elapsed.as_nanos() as f64 / f64::from(repeat))
}

/// The native half of `gamesolve`: [`add_module`] with the built-in games.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_module(m, GameTable::builtin())
}

/// Fills `m` with the functions of `gamesolve._native`, answering for the games of `games`:
/// a crate with games of its own builds its Python module with it (see this crate's README).
///
/// ```no_run
/// use pyo3::prelude::*;
///
/// #[pymodule]
/// fn my_games(m: &Bound<'_, PyModule>) -> PyResult<()> {
///     // `GameTable::builtin().with::<MyGame>()` for a game of the crate's own.
///     _native::add_module(m, gamesolve_app::GameTable::builtin())
/// }
/// ```
///
/// # Errors
///
/// Python's, when an item cannot be added to the module.
pub fn add_module(m: &Bound<'_, PyModule>, table: GameTable) -> PyResult<()> {
    m.add(
        "_games",
        Games {
            table: Arc::new(table),
        },
    )?;
    m.add_class::<Games>()?;
    m.add("NativeError", m.py().get_type::<NativeError>())?;
    // The limit keywords every function takes, from the app's one table of limits.
    m.add("LIMITS", Limit::ALL.map(Limit::key).to_vec())?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(backends, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(pygame::solve_python_game, m)?)?;
    m.add_function(wrap_pyfunction!(pygame::table::analyze_python_game, m)?)?;
    m.add_function(wrap_pyfunction!(pygame::table::explain_python_game, m)?)?;
    m.add_function(wrap_pyfunction!(pygame::table::compare_python_game, m)?)?;
    m.add_function(wrap_pyfunction!(_time_solve, m)?)?;
    m.add_class::<Batch>()?;
    Ok(())
}
