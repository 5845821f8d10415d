//! A game written in Python as a game of the table: `analyze`, `explain` and `compare` take
//! one wherever they take a game's name. The class is wrapped as [`PyGame`] (or
//! [`PyIndexedGame`] when it offers `index` and `count`), which implements
//! [`TableGame`] with the defaults (the generic analysis, the generic JSON answer, no table
//! layout), and the application's own commands run on it ([`gamesolve_app::embed`]'s
//! `*_game` functions): the same code, the same JSON, as for a built-in game.
//!
//! A Python game runs on the calling thread with the GIL held, as [`super::solve_python_game`]
//! does: every step calls Python, and Ctrl-C stops it through the signal check of each call
//! of the game's methods (`state::Shared::call`).
//!
//! Its machine name is `python` (the JSON's `game`; the package puts the class's name there).

use gamesolve::contract::Reported;
use gamesolve::explain::TableView;
use gamesolve::games::{rule, GameInfo, GameParams, Param, Params, TableGame};
use gamesolve::{Error, Game, Outcome, Stats};
use gamesolve_app::embed::{self, ErrorReport, Options};
use gamesolve_app::words::parse_move;
use gamesolve_app::PlayWords;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde::Serialize;

use super::{PyGame, PyIndexedGame, PySolution, WORDS};
use crate::options;

/// The row a Python game stands in: it has no parameters (the object is the instance).
const INFO: GameInfo = GameInfo {
    name: "python",
    title: "A game written in Python",
    summary: "A game written in Python: an object with start(), moves(position), \
              play(position, move) and terminal_value(position).",
    rules: "The object's methods are the rules: start() is the first position, \
            moves(position) the legal moves, play(position, move) the position after one, \
            terminal_value(position) None while the game goes on, else the value for the \
            player to move.",
    params: &[],
    examples: &[],
    sweep: None,
};

/// The JSON answer of a Python game in `compare`'s rows: the fields of
/// [`super::solve_python_game`]'s answer (`value` as a decimal string, for integers beyond
/// 64 bits), with the best first move as the game shows it.
#[derive(Clone, Debug, Serialize)]
pub struct PyReport {
    game: String,
    backend: &'static str,
    variant: &'static str,
    outcome: Outcome,
    value: String,
    best_move: Option<String>,
    stats: Stats,
    kernel: &'static str,
}

impl PyGame {
    fn report_of(
        &self,
        outcome: Outcome,
        s: &PySolution,
        ran: (&'static str, &'static str, &'static str),
        stats: Stats,
    ) -> PyReport {
        let (backend, variant, kernel) = ran;
        PyReport {
            game: self.0.title.clone(),
            backend,
            variant,
            outcome,
            value: s.value.0.to_string(),
            best_move: s.best_move.map(|mv| self.show_move(self.start(), mv)),
            stats,
            kernel,
        }
    }
}

/// [`Reported`], [`TableView`] and [`TableGame`] with the defaults, for both wrappers.
macro_rules! table_game {
    ($game:ty, $inner:expr) => {
        impl Reported for $game {
            type Report = PyReport;

            fn report(
                &self,
                s: &PySolution,
                backend: &'static str,
                variant: &'static str,
                kernel: &'static str,
                stats: Stats,
            ) -> PyReport {
                let inner: fn(&$game) -> &PyGame = $inner;
                inner(self).report_of(self.outcome(s), s, (backend, variant, kernel), stats)
            }
        }

        impl TableView for $game {}

        impl GameParams for $game {
            const PARAMS: &'static [Param] = &[];

            fn from_params(_params: &Params) -> Result<Self, Error> {
                Err(rule(
                    "",
                    "",
                    "a game written in Python is its object, not a row of parameters".to_owned(),
                ))
            }

            fn params(&self) -> Params {
                Params::new()
            }
        }

        impl TableGame for $game {
            const INFO: GameInfo = INFO;
        }

        /// `play`'s words and the reading of a move: every default (`analyze`'s `moves`).
        impl PlayWords for $game {}
    };
}

table_game!(PyGame, |game| game);
table_game!(PyIndexedGame, |game| &game.0);

/// What to run on a Python game.
enum Command {
    Analyze(Vec<String>),
    Explain,
    Compare(bool),
}

impl Command {
    /// The command's JSON text on `game`, and `compare`'s verdict.
    fn run<G: PlayWords>(
        self,
        game: &G,
        options: &Options,
    ) -> Result<(Vec<u8>, Option<ErrorReport>), ErrorReport> {
        match self {
            Command::Analyze(moves) => Ok((embed::analyze_game(game, options, moves)?, None)),
            Command::Explain => Ok((embed::explain_game(game, options)?, None)),
            Command::Compare(variants) => {
                let (rows, verdict) = embed::compare_game(game, options, variants)?;
                Ok((rows, verdict.err()))
            }
        }
    }
}

/// The methods a game needs, each missing one named.
fn check_methods(game: &Bound<'_, PyAny>) -> PyResult<()> {
    let mut missing = Vec::new();
    for method in ["start", "moves", "play", "terminal_value"] {
        if !game.hasattr(method)? {
            missing.push(format!("`{method}`"));
        }
    }
    if missing.is_empty() {
        return Ok(());
    }
    Err(PyTypeError::new_err(format!(
        "a game needs the methods start(), moves(position), play(position, move) and \
         terminal_value(position); {} has no {}",
        game.get_type().name()?,
        missing.join(", ")
    )))
}

/// `moves` (each a move object of the game, as its `moves()` gives them, or the words its
/// `show_move` prints, or its number in the listing) as the words `analyze` replays.
fn move_words(py: Python<'_>, game: &PyGame, moves: &[Bound<'_, PyAny>]) -> PyResult<Vec<String>> {
    let mut position = game.start();
    let mut words = Vec::with_capacity(moves.len());
    for (k, wanted) in moves.iter().enumerate() {
        if let Some(e) = game.take_failure() {
            return Err(e);
        }
        if game.terminal_value(position).is_some() {
            return Err(PyValueError::new_err(format!(
                "`moves` has {} moves, but the game is over after {k}",
                moves.len()
            )));
        }
        let listed = game.moves(position);
        let mut found = None;
        for &mv in &listed {
            if let Some(object) = game.a_move(py, position, mv) {
                if object.eq(wanted)? {
                    found = Some(mv);
                    break;
                }
            }
        }
        let mv = match (found, wanted.extract::<String>()) {
            (Some(mv), _) => mv,
            (None, Ok(text)) => parse_move(game, position, &text)
                .map_err(|why| PyValueError::new_err(format!("move #{}: {why}", k + 1)))?,
            (None, Err(_)) => {
                let shown: Vec<String> = listed
                    .iter()
                    .take(20)
                    .map(|&mv| game.show_move(position, mv))
                    .collect();
                return Err(PyValueError::new_err(format!(
                    "move #{}: {} is not a legal move here: the moves are {}",
                    k + 1,
                    wanted.repr()?,
                    shown.join(", ")
                )));
            }
        };
        words.push(game.show_move(position, mv));
        position = game.play(position, mv);
    }
    Ok(words)
}

/// Runs the command `make` gives for the wrapped game on the Python game `game` (indexed
/// when it offers `index` and `count`), with this call's words-or-numbers flag, and raises the
/// first exception its methods raised.
fn run_python_game(
    py: Python<'_>,
    game: Bound<'_, PyAny>,
    make: impl FnOnce(&PyGame) -> PyResult<Command>,
    options: &Options,
) -> PyResult<(String, Option<(String, String)>)> {
    check_methods(&game)?;
    let before = WORDS.with(|words| words.replace(false));
    let result = (|| {
        let indexed = game.hasattr("index")? && game.hasattr("count")?;
        let count: u64 = if indexed {
            game.call_method0("count")?.extract()?
        } else {
            0
        };
        // What the game holds counts against the memory cap (a bad cap is the command's
        // error, reported when it runs).
        let cap = options.limits.memory_cap_or_default();
        let inner = PyGame::new(py, game, count, cap)?;
        let command = make(&inner);
        if let Some(e) = inner.take_failure() {
            return Err(e);
        }
        let answer = if indexed {
            command?.run(&PyIndexedGame(inner.clone()), options)
        } else {
            command?.run(&inner, options)
        };
        if let Some(e) = inner.take_failure() {
            return Err(e);
        }
        let (json, verdict) = answer.map_err(|e| crate::native_error(&e))?;
        let text = String::from_utf8(json)
            .map_err(|e| PyValueError::new_err(format!("the answer is not UTF-8: {e}")))?;
        Ok((
            text,
            verdict.map(|e| (e.kind.as_str().to_owned(), e.message())),
        ))
    })();
    WORDS.with(|words| words.set(before));
    result
}

/// `analyze` of a game written in Python, from the position after `moves` (move objects, or
/// the words `show_move` prints): the analysis's JSON text.
#[pyfunction]
#[pyo3(signature = (game, moves=Vec::new(), **limits))]
pub fn analyze_python_game(
    py: Python<'_>,
    game: Bound<'_, PyAny>,
    moves: Vec<Bound<'_, PyAny>>,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let options = options(None, limits)?;
    let make = |inner: &PyGame| Ok(Command::Analyze(move_words(py, inner, &moves)?));
    let (json, _) = run_python_game(py, game, make, &options)?;
    Ok(json)
}

/// `explain` of a game written in Python: the views' JSON text (`text`, `dot`, `html`,
/// `json`), the positions and moves as its `show_position`/`show_move` print them.
#[pyfunction]
#[pyo3(signature = (game, backend=None, **limits))]
pub fn explain_python_game(
    py: Python<'_>,
    game: Bound<'_, PyAny>,
    backend: Option<String>,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let options = options(backend, limits)?;
    let (json, _) = run_python_game(py, game, |_| Ok(Command::Explain), &options)?;
    Ok(json)
}

/// `compare` of a game written in Python: the rows' JSON text, and the verdict's `(kind,
/// message)` when the rows do not agree or none answered.
#[pyfunction]
#[pyo3(signature = (game, variants=false, **limits))]
pub fn compare_python_game(
    py: Python<'_>,
    game: Bound<'_, PyAny>,
    variants: bool,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<(String, Option<(String, String)>)> {
    let options = options(None, limits)?;
    run_python_game(py, game, |_| Ok(Command::Compare(variants)), &options)
}
