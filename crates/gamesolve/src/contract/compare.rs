//! The JSON of `compare --json`: an array with one [`Row`] per backend (or variant) that ran,
//! each the game's contract object of its answer ([`super::Reported`]) or
//! `{"game","backend","variant","error","kind"}`, plus `time_ns`, the wall time of the counted
//! run (or of the run until it gave up) in nanoseconds.
//!
//! ```
//! use std::time::Duration;
//! use gamesolve::contract::compare::row;
//! use gamesolve::contract::error::{ErrorReport, Kind};
//! use gamesolve::{CanIWin, Stats};
//!
//! let game = CanIWin::new(10, 11)?;
//! let answer = gamesolve::solve_can_i_win(&game)?;
//! let solved = row(&game, "memo", "auto", "dense", &Ok((answer, Stats::default())), Duration::from_nanos(7));
//! let json = serde_json::to_string(&solved).expect("a row serializes");
//! assert!(json.starts_with(r#"{"game":"can-i-win","backend":"memo","variant":"auto""#));
//! assert!(json.ends_with(r#""kernel":"dense","time_ns":7}"#));
//!
//! let failed = row(&game, "recursive", "-", "-", &Err(ErrorReport::new(Kind::CannotAnswer, "over budget")), Duration::ZERO);
//! assert_eq!(
//!     serde_json::to_string(&failed).expect("a row serializes"),
//!     r#"{"game":"can-i-win","backend":"recursive","variant":"-","error":"over budget","kind":"cannot_answer","time_ns":0}"#
//! );
//! # Ok::<(), gamesolve::Error>(())
//! ```

use std::time::Duration;

use serde::Serialize;

use super::error::{ErrorReport, Kind};
use super::Reported;
use crate::Stats;

/// One element of the `compare --json` array.
#[derive(Clone, Debug, Serialize)]
pub struct Row<R> {
    /// The answer's contract object, or why there is none.
    #[serde(flatten)]
    pub result: RowResult<R>,
    /// The wall time of the counted run (or of the run until it gave up), in nanoseconds.
    pub time_ns: u128,
}

/// A row's answer, or why there is none.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum RowResult<R> {
    /// The game's contract object of the answer.
    Solved(R),
    /// `{"game","backend","variant","error","kind"}`.
    Failed {
        /// The game's machine name.
        game: &'static str,
        /// The backend's one name.
        backend: &'static str,
        /// The variant that ran, `-` for a backend with no algorithm for the game.
        variant: &'static str,
        /// Why it could not answer.
        error: String,
        /// The error's machine kind.
        kind: Kind,
    },
}

/// The row of `backend`/`variant` (which ran `kernel`) on `game`: its answer with its counters,
/// or the error, found in `elapsed`.
pub fn row<G: Reported>(
    game: &G,
    backend: &'static str,
    variant: &'static str,
    kernel: &'static str,
    result: &Result<(G::Solution, Stats), ErrorReport>,
    elapsed: Duration,
) -> Row<G::Report> {
    Row {
        result: match result {
            Ok((solution, stats)) => {
                RowResult::Solved(game.report(solution, backend, variant, kernel, *stats))
            }
            Err(e) => RowResult::Failed {
                game: G::NAME,
                backend,
                variant,
                error: e.message.clone(),
                kind: e.kind,
            },
        },
        time_ns: elapsed.as_nanos(),
    }
}
