//! The application's commands as functions of bytes, for a front end in another language (the
//! Python module `gamesolve`, `crates/python`): a request is a batch line (`{"game": name,
//! <parameter>: value, ...}`, read by the game table), the answer is the JSON the command
//! prints with `--json`, byte for byte, and a failure is the command's [`ErrorReport`] (its
//! message and machine kind).
//!
//! Nothing here prints or exits; the limits are the one limits type in [`Options`], and a
//! limit given as text is read by the command line's own parser ([`Options::set_limit`]), so
//! `memory_cap = "512MiB"` and `time_limit = "2s"` mean what `--memory-cap 512MiB` and
//! `--time-limit 2s` mean.
//!
//! ```
//! use gamesolve_app::embed::{self, Options};
//! use gamesolve_app::GameTable;
//!
//! let games = GameTable::builtin();
//! let answer = embed::solve(&games, br#"{"game":"can-i-win","max_choosable":10,"desired_total":11}"#,
//!                           &Options::default())?;
//! let answer: serde_json::Value = serde_json::from_slice(&answer).unwrap();
//! assert_eq!(answer["outcome"], "second");
//!
//! let e = embed::solve(&games, br#"{"game":"can-i-win","max_choosable":65,"desired_total":11}"#,
//!                      &Options::default()).unwrap_err();
//! assert_eq!(e.kind.as_str(), "invalid_input");
//! # Ok::<(), gamesolve::contract::error::ErrorReport>(())
//! ```
//!
//! Every function takes the game table it answers from (the caller's: [`GameTable::builtin`]
//! or a table with games of its own), as [`crate::run`] does.
//!
//! [`GameTable::builtin`]: crate::GameTable::builtin

use gamesolve::registry::BackendChoice;

use gamesolve::Limits;

use super::any_game::Visitor;
use super::args::SolverArgs;
use super::batch;
use super::embed_views::Handler;
pub use super::error::{CliError as ErrorReport, Kind};
use super::limits::{Limit, Spelling as _};
use super::line::Solvers;
use super::table::GameTable;
use super::visit::Visit as _;
use super::words::PlayWords;

/// The flags every command shares: `--backend` as text, and the limits as the one limits
/// type ([`gamesolve::Limits`]; each `None` for the command's default). A front end that
/// reads limits as text or keywords (the Python module) fills them with [`Options::set_limit`],
/// which reads each as its flag does.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `memo`, `memo/dense`, … (`None`: the game's default).
    pub backend: Option<String>,
    /// The limits (each backend and command reads the ones that apply to it).
    pub limits: Limits,
}

impl Options {
    /// The backend choice, parsed as `--backend` is.
    fn backend(&self) -> Result<Option<BackendChoice>, ErrorReport> {
        self.backend
            .as_deref()
            .map(|text| text.parse::<BackendChoice>().map_err(ErrorReport::from))
            .transpose()
    }

    /// Sets the limit whose keyword is `key` (`node_budget`, `memory_cap`, `state_budget`,
    /// `time_limit`: [`Limit::key`]) from `text`, read as its flag reads it: `memory_cap =
    /// "512MiB"` and `time_limit = "2s"` mean what `--memory-cap 512MiB` and `--time-limit 2s`
    /// mean.
    ///
    /// ```
    /// let mut options = gamesolve_app::embed::Options::default();
    /// options.set_limit("time_limit", "2s")?;
    /// assert_eq!(options.limits.time_limit, Some(std::time::Duration::from_secs(2)));
    /// let e = options.set_limit("memory_cap", "12 parsecs").unwrap_err();
    /// assert!(e.message().contains("unknown unit in `12 parsecs`"), "{}", e.message());
    /// assert!(options.set_limit("speed", "1").is_err());
    /// # Ok::<(), gamesolve::contract::error::ErrorReport>(())
    /// ```
    ///
    /// # Errors
    ///
    /// An `invalid_input` error naming the keyword, its flag and the value: an unknown keyword,
    /// or a value the flag's parser refuses.
    pub fn set_limit(&mut self, key: &str, text: &str) -> Result<(), ErrorReport> {
        let Some(limit) = Limit::from_key(key) else {
            return Err(ErrorReport::invalid(format!(
                "unknown limit `{}`: the limits are {}",
                super::input::abbreviate(key),
                Limit::keys()
            )));
        };
        limit.set(&mut self.limits, text).map_err(|why| {
            ErrorReport::invalid(format!(
                "invalid value '{}' for '--{} <{}>' (`{key}`): {why}",
                super::input::abbreviate(text),
                limit.long(),
                limit.value_name()
            ))
        })
    }

    /// The backend choice (`None`: the game's default), parsed as `--backend` is.
    ///
    /// # Errors
    ///
    /// An unknown backend name.
    pub fn backend_choice(&self) -> Result<Option<BackendChoice>, ErrorReport> {
        self.backend()
    }

    fn solver_args(&self) -> Result<SolverArgs, ErrorReport> {
        Ok(SolverArgs {
            backend: self.backend()?,
            limits: self.limits.into(),
        })
    }
}

/// `gamesolve GAME ... --json`: the game of `request` solved with `options`, counting (the
/// contract's `stats` object).
///
/// # Errors
///
/// The line's or the backend's [`ErrorReport`], as the command reports it.
pub fn solve(games: &GameTable, request: &[u8], options: &Options) -> Result<Vec<u8>, ErrorReport> {
    let args = options.solver_args()?;
    if let Some(choice) = &args.backend {
        if !choice.backend.is_available() {
            return Err(gamesolve::registry::BackendError::Unavailable {
                backend: choice.backend,
            }
            .into());
        }
    }
    let mut solvers = Solvers::new(&args);
    let answer = batch::solve_line(games, &mut solvers, request)?;
    batch::to_json(&answer)
}

/// `gamesolve batch` for many lines: one solver per game, reused by the lines of that game
/// that follow, as the command does.
pub struct Batch {
    solvers: Solvers<'static>,
    lines: u64,
}

impl Batch {
    /// A batch run with `options` (`--backend` and the limits).
    ///
    /// # Errors
    ///
    /// A malformed option, or a backend this build lacks (the command fails before any line).
    pub fn new(options: &Options) -> Result<Self, ErrorReport> {
        let args = options.solver_args()?;
        if let Some(choice) = &args.backend {
            if !choice.backend.is_available() {
                return Err(gamesolve::registry::BackendError::Unavailable {
                    backend: choice.backend,
                }
                .into());
            }
        }
        Ok(Batch {
            solvers: Solvers::owned(args),
            lines: 0,
        })
    }

    /// The answer line of the next input line (numbered from 1): the game's contract object,
    /// or the error line `{"line":…,"error":…,"kind":…}` and its kind.
    pub fn answer(&mut self, games: &GameTable, line: &[u8]) -> (Vec<u8>, Option<Kind>) {
        self.lines += 1;
        batch::answer_line(games, &mut self.solvers, line, self.lines)
    }
}

/// `gamesolve compare GAME ... --json --quick` (`--variants` when `variants`): the rows, one
/// counted run per backend (a Python game calls into Python at every move: a measured compare
/// would repeat that for 100 ms per backend), and whether they agree (`Err` with the command's error when no backend answered or two disagree; the
/// rows are written either way, as the command writes them).
///
/// # Errors
///
/// The line's error, or a malformed option.
pub fn compare(
    games: &GameTable,
    request: &[u8],
    options: &Options,
    variants: bool,
) -> Result<(Vec<u8>, Result<(), ErrorReport>), ErrorReport> {
    let mut handler = Handler::compare(options, variants)?;
    let rows = batch::read_line(games, request)?
        .visit(Visitor::Embed(&mut handler))
        .json()?;
    Ok((rows, handler.verdict()))
}

/// [`compare`] of a game value rather than a request line: a game that is no row of the
/// table (the Python module's games written in Python, `crates/python`).
///
/// # Errors
///
/// A malformed option.
pub fn compare_game<G: PlayWords>(
    game: &G,
    options: &Options,
    variants: bool,
) -> Result<(Vec<u8>, Result<(), ErrorReport>), ErrorReport> {
    let mut handler = Handler::compare(options, variants)?;
    let rows = handler.with(game)?;
    Ok((rows, handler.verdict()))
}

/// `gamesolve analyze GAME ... --json` with the generic analysis (each move's value and
/// remoteness, the principal variation), from the position after `moves` (as `--moves` reads
/// them) under `options`' memory cap, state budget and time limit.
///
/// # Errors
///
/// The line's error, a move that cannot be read, or the analysis giving up.
pub fn analyze(
    games: &GameTable,
    request: &[u8],
    options: &Options,
    moves: Vec<String>,
) -> Result<Vec<u8>, ErrorReport> {
    let mut handler = Handler::analyze(options, moves)?;
    batch::read_line(games, request)?
        .visit(Visitor::Embed(&mut handler))
        .json()
}

/// [`analyze`] of a game value rather than a request line (see [`compare_game`]).
///
/// # Errors
///
/// A malformed option, a move that cannot be read, or the analysis giving up.
pub fn analyze_game<G: PlayWords>(
    game: &G,
    options: &Options,
    moves: Vec<String>,
) -> Result<Vec<u8>, ErrorReport> {
    Handler::analyze(options, moves)?.with(game)
}

/// Every view of `gamesolve explain GAME ... --backend B` (default `memo`, as the command's),
/// as one JSON object: `text` (what the command prints), `dot` (`--dot -`), `html` (`--html
/// -`, the self-contained step-through page) and `json` (the `--json` object).
///
/// # Errors
///
/// The line's error, or the backend giving up under the limits.
pub fn explain(
    games: &GameTable,
    request: &[u8],
    options: &Options,
) -> Result<Vec<u8>, ErrorReport> {
    let mut handler = Handler::explain(options)?;
    batch::read_line(games, request)?
        .visit(Visitor::Embed(&mut handler))
        .json()
}

/// [`explain`] of a game value rather than a request line (see [`compare_game`]).
///
/// # Errors
///
/// A malformed option, or the backend giving up under the limits.
pub fn explain_game<G: PlayWords>(game: &G, options: &Options) -> Result<Vec<u8>, ErrorReport> {
    Handler::explain(options)?.with(game)
}

/// What `gamesolve growth` reads besides the game and the limits: the variants to time, the
/// sizes, and how long each point is measured. [`GrowthOptions::default`] is the command's
/// default (every backend's automatic choice, every size, 100 ms and 10 runs per point).
#[derive(Clone, Debug)]
pub struct GrowthOptions {
    /// `backend` or `backend/variant` names, as `--variants` reads them (empty: every backend
    /// of this build with an algorithm for the game).
    pub variants: Vec<String>,
    /// Only the sizes in this range, both ends included (`--sizes FROM..TO`).
    pub sizes: Option<std::ops::RangeInclusive<u64>>,
    /// The least total time of a point's timed runs (`--min-time`).
    pub min_time: std::time::Duration,
    /// The least number of a point's timed runs (`--min-runs`).
    pub min_runs: u64,
    /// One counted run per point (`--quick`): not a measurement.
    pub quick: bool,
}

impl Default for GrowthOptions {
    fn default() -> Self {
        GrowthOptions {
            variants: Vec::new(),
            sizes: None,
            min_time: std::time::Duration::from_millis(100),
            min_runs: super::compare_measure::MIN_RUNS,
            quick: false,
        }
    }
}

impl GrowthOptions {
    /// The variants, parsed as `--variants` parses them.
    fn choices(&self) -> Result<Vec<BackendChoice>, ErrorReport> {
        self.variants
            .iter()
            .map(|text| text.parse::<BackendChoice>().map_err(ErrorReport::from))
            .collect()
    }
}

/// `gamesolve growth GAME ... --json`: the chosen variants timed over the game's family of
/// growing sizes (its first whole-number parameter unless the game says otherwise) and
/// fitted, under `options`' limits, as the command measures and fits them.
///
/// # Errors
///
/// The line's error, a game with no sizes to grow over, a size range with none of the
/// family's sizes, or a variant that is unknown or has no algorithm for the game.
pub fn growth(
    games: &GameTable,
    request: &[u8],
    options: &Options,
    growth: &GrowthOptions,
) -> Result<Vec<u8>, ErrorReport> {
    let mut handler = Handler::growth(options, growth)?;
    batch::read_line(games, request)?
        .visit(Visitor::Embed(&mut handler))
        .json()
}

/// [`growth`] of a game value rather than a request line (see [`compare_game`]).
///
/// # Errors
///
/// As [`growth`], the line's error aside.
pub fn growth_game<G: PlayWords>(
    game: &G,
    options: &Options,
    growth: &GrowthOptions,
) -> Result<Vec<u8>, ErrorReport> {
    Handler::growth(options, growth)?.with(game)
}

/// `backends --json`.
pub fn backends(games: &GameTable) -> Vec<u8> {
    super::backends::json(games)
}

/// `games --json`: the game table.
pub fn games(games: &GameTable) -> Vec<u8> {
    super::games::json(games)
}

/// The handlers of the commands, each from the options as the command reads them.
impl Handler {
    fn compare(options: &Options, variants: bool) -> Result<Self, ErrorReport> {
        Ok(Handler::Compare {
            variants,
            limits: options.limits,
            verdict: None,
        })
    }

    fn analyze(options: &Options, moves: Vec<String>) -> Result<Self, ErrorReport> {
        Ok(Handler::Analyze {
            moves,
            limits: options.limits,
        })
    }

    fn explain(options: &Options) -> Result<Self, ErrorReport> {
        // None: the command's default (`memo`, or the game's default backend where `memo` has
        // no algorithm, as for Cat and Mouse).
        Ok(Handler::Explain {
            backend: options.backend()?,
            limits: options.limits,
        })
    }

    fn growth(options: &Options, growth: &GrowthOptions) -> Result<Self, ErrorReport> {
        if growth.min_runs == 0 {
            return Err(ErrorReport::invalid(
                "min_runs = 0: a point needs at least one timed run (1..=1000000)",
            ));
        }
        Ok(Handler::Growth {
            variants: growth.choices()?,
            sizes: growth.sizes.clone(),
            floor: (!growth.quick).then_some(super::compare_measure::Floor {
                min_time: growth.min_time,
                min_runs: growth.min_runs.min(1_000_000),
            }),
            limits: options.limits,
        })
    }

    /// Whether a `compare` run's rows agreed (`Ok` for the other commands).
    fn verdict(self) -> Result<(), ErrorReport> {
        match self {
            Handler::Compare { verdict, .. } => verdict.unwrap_or(Ok(())),
            Handler::Analyze { .. } | Handler::Explain { .. } | Handler::Growth { .. } => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use gamesolve::CanIWin;

    /// The table is a value: each call answers for the games of the table it is given, two
    /// tables in one process each for their own.
    #[test]
    fn each_table_answers_for_its_own_games() {
        let only_can_i_win = GameTable::empty().with::<CanIWin>();
        let builtin = GameTable::builtin();
        let line = br#"{"game":"predict-the-winner","values":[1,5,233,7]}"#;
        let answer: serde_json::Value =
            serde_json::from_slice(&solve(&builtin, line, &Options::default()).unwrap()).unwrap();
        assert_eq!(answer["outcome"], "first");
        let e = solve(&only_can_i_win, line, &Options::default()).unwrap_err();
        assert_eq!(e.kind, Kind::InvalidInput);
        // The line is read against this table's one game: its fields are the only ones known.
        assert!(e.message().contains("max_choosable"), "{}", e.message());
        let listed: serde_json::Value = serde_json::from_slice(&games(&only_can_i_win)).unwrap();
        assert_eq!(listed.as_array().unwrap().len(), 1);
        let listed: serde_json::Value = serde_json::from_slice(&games(&builtin)).unwrap();
        assert_eq!(listed.as_array().unwrap().len(), 4);
        // Solving runs after the failed line as before: the tables share nothing.
        let line = br#"{"game":"can-i-win","max_choosable":10,"desired_total":11}"#;
        assert!(solve(&only_can_i_win, line, &Options::default()).is_ok());
    }
}
