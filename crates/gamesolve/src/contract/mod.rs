//! The stable JSON contracts: the objects `gamesolve --json`, `gamesolve batch`, `serve`'s
//! API and any other program built on this library print, and the batch line they read. Front
//! ends only read arguments and write these as bytes.
//!
//! - here: one solved game ([`Reported`]: [`CanIWinReport`](crate::games::CanIWinReport), [`PredictTheWinnerReport`](crate::games::PredictTheWinnerReport),
//!   [`ConnectFourReport`](crate::games::ConnectFourReport) with its `score`, [`GenericReport`]);
//! - [`compare`]: `compare --json`'s rows and how each backend was timed;
//! - [`growth`]: `growth --json`, a game's times over growing sizes and their fits;
//! - [`analysis`]: `analyze --json` of the built-in games and `--all-totals`;
//! - [`explain`]: `explain --json`;
//! - [`trace`]: the trace of `/api/trace` and `explain --html`;
//! - [`batch`]: a batch line in (JSON object → game and parameters);
//! - [`error`]: `{"error","kind"}`, the batch error line, and the machine kinds.
//!
//! Fields are never removed or renamed; new fields may be added (`variant` and `kernel` were).
//! `docs/JSON.md` documents each field.
//!
//! ```
//! use gamesolve::contract::Reported;
//! use gamesolve::{CanIWin, Stats};
//!
//! let game = CanIWin::new(10, 11)?;
//! let answer = gamesolve::solve(&game)?;
//! let report = game.report(&answer, "memo", "dense", "dense", Stats::default());
//! let json = serde_json::to_string(&report).expect("a report serializes");
//! assert!(json.starts_with(r#"{"game":"can-i-win","backend":"memo","variant":"dense","max_choosable":10"#));
//! # Ok::<(), gamesolve::Error>(())
//! ```

pub mod analysis;
pub mod batch;
pub mod compare;
pub mod error;
pub mod explain;
pub mod growth;
pub mod line_error;
pub mod trace;

use serde::Serialize;

use crate::{Game, Stats};

/// A game with a JSON contract for its answers.
pub trait Reported: Game {
    /// The JSON object of one answer.
    type Report: Serialize;

    /// The object for `solution`, found by `backend`/`variant` (which ran the listed variant
    /// `kernel`: [`Solver::last_kernel`](core_types::Solver::last_kernel)) with the counters
    /// `stats`.
    fn report(
        &self,
        solution: &Self::Solution,
        backend: &'static str,
        variant: &'static str,
        kernel: &'static str,
        stats: Stats,
    ) -> Self::Report;
}

/// The JSON contract of a game that is not built in: the same frame as the built-in games'
/// (`game`, `backend`, `variant`, the instance's parameters, the solution's fields, `stats`,
/// `kernel`), with the solution's own fields in the middle.
///
/// A user's game whose solution derives `Serialize` (with an `outcome` field, so scripts can
/// read every game's answers alike) reports with it in three lines:
///
/// ```ignore
/// impl gamesolve::contract::Reported for MyGame {
///     type Report = GenericReport;
///     fn report(&self, s: &Answer, backend: &'static str, variant: &'static str,
///               kernel: &'static str, stats: Stats) -> GenericReport {
///         GenericReport::new(self, s, backend, variant, kernel, stats)
///     }
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GenericReport {
    /// The game's machine name.
    pub game: &'static str,
    /// The backend's one name.
    pub backend: &'static str,
    /// The variant that ran (`auto` for a backend's automatic choice).
    pub variant: &'static str,
    /// The instance's parameters, by name (`"stones": 22`).
    #[serde(flatten)]
    pub params: serde_json::Map<String, serde_json::Value>,
    /// The solution's own fields (`outcome`, `best_move`, …).
    #[serde(flatten)]
    pub solution: serde_json::Map<String, serde_json::Value>,
    /// What the backend did.
    pub stats: Stats,
    /// The listed variant whose algorithm ran.
    pub kernel: &'static str,
}

impl GenericReport {
    /// The report of `solution` of `game`, found by `backend`/`variant` (which ran `kernel`)
    /// with the counters `stats`. A solution that does not serialize to a JSON object is
    /// reported under the field `solution`.
    pub fn new<G>(
        game: &G,
        solution: &G::Solution,
        backend: &'static str,
        variant: &'static str,
        kernel: &'static str,
        stats: Stats,
    ) -> GenericReport
    where
        G: crate::TableGame,
        G::Solution: Serialize,
    {
        let params = game
            .params()
            .iter()
            .map(|(name, value)| (name.to_owned(), value.to_json()))
            .collect();
        let solution = match serde_json::to_value(solution) {
            Ok(serde_json::Value::Object(fields)) => fields,
            Ok(other) => std::iter::once(("solution".to_owned(), other)).collect(),
            Err(e) => std::iter::once(("solution".to_owned(), e.to_string().into())).collect(),
        };
        GenericReport {
            game: G::NAME,
            backend,
            variant,
            params,
            solution,
            stats,
            kernel,
        }
    }
}
