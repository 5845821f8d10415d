//! The JSON of `compare --json`: an array with one [`Row`] per backend (or variant) that ran,
//! each the game's contract object of its answer ([`super::Reported`]) or
//! `{"game","backend","variant","error","kind"}`, plus `time_ns`, the time of one solve in
//! nanoseconds, and, for a measured row ([`row_timed`]), `timing`: the sample statistics of the
//! timed runs ([`Timing`]). `compare` measures like a benchmark tool: one counted run gives the
//! counters, then a warm-up, then plain runs (no counters) repeated until their total passes a
//! floor; `time_ns` is then their median. A row of [`row`] (no `timing`) carries the wall time of
//! the counted run.
//!
//! ```
//! use std::time::Duration;
//! use gamesolve::contract::compare::row;
//! use gamesolve::contract::error::{ErrorReport, Kind};
//! use gamesolve::{CanIWin, Stats};
//!
//! let game = CanIWin::new(10, 11)?;
//! let answer = gamesolve::solve(&game)?;
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
    /// The time of one solve, in nanoseconds: the median of the timed runs when `timing` is
    /// there, else the wall time of the counted run (or of the run until it gave up).
    pub time_ns: u128,
    /// The sample statistics of the timed runs; absent for a row that was not measured (a
    /// backend that could not answer, or a row built by [`row`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timing: Option<Timing>,
}

/// How a backend's time was measured, and the statistics of the timed runs (`"timing"` in
/// `compare --json` and in each point of `growth --json`). Every time is in nanoseconds, per
/// solve.
///
/// Runs are timed in samples of `batch` solves each (one clock reading per sample, so that a
/// solve of a few nanoseconds is not lost in the clock's own cost); the statistics are over the
/// samples' per-solve times. With `quick`, the one counted run is the only sample.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Timing {
    /// Solves timed, over every sample (`samples × batch`).
    pub runs: u64,
    /// Samples timed (one clock reading each).
    pub samples: u64,
    /// Solves per sample.
    pub batch: u64,
    /// The median per-solve time of the samples.
    pub median_ns: u64,
    /// The mean per-solve time (the total over the runs).
    pub mean_ns: u64,
    /// The fastest sample's per-solve time.
    pub min_ns: u64,
    /// The slowest sample's per-solve time.
    pub max_ns: u64,
    /// The first quartile of the samples' per-solve times (linear interpolation).
    pub p25_ns: u64,
    /// The third quartile.
    pub p75_ns: u64,
    /// The wall time of every timed run together.
    pub total_ns: u64,
    /// The wall time of the counted run (the one whose counters the row gives).
    pub counted_ns: u64,
    /// Whether the timed runs came after a warm-up (an untimed plain run; a single run that
    /// passes the floor on its own is timed after the counted run, which warmed it up).
    pub warm_up: bool,
    /// Whether the timed runs used the plain path (`Solver::solve`, every counter compiled
    /// away); `false` when the counted run is the only sample (`--quick`).
    pub no_stats: bool,
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
                error: e.message(),
                kind: e.kind,
            },
        },
        time_ns: elapsed.as_nanos(),
        timing: None,
    }
}

/// [`row`] of a measured backend: its `time_ns` is the median of `timing`.
pub fn row_timed<G: Reported>(
    game: &G,
    backend: &'static str,
    variant: &'static str,
    kernel: &'static str,
    result: &Result<(G::Solution, Stats), ErrorReport>,
    timing: Timing,
) -> Row<G::Report> {
    Row {
        time_ns: u128::from(timing.median_ns),
        timing: Some(timing),
        ..row(game, backend, variant, kernel, result, Duration::ZERO)
    }
}
