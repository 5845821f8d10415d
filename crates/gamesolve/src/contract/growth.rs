//! The JSON of `growth --json`: one game's family of growing sizes
//! ([`TableGame::growth`](crate::games::TableGame::growth)), each chosen backend variant
//! measured at each size as `compare` measures ([`Timing`]), and the curve each variant's
//! times fit ([`Fits`]).
//!
//! ```
//! use gamesolve::contract::growth::{Fit, Fits, Shape};
//!
//! let fits = Fits {
//!     from: 8,
//!     to: 16,
//!     points: 9,
//!     power: Fit { shape: Shape::Power, factor: 2.1, coefficient_ns: 0.5, r2: 0.95 },
//!     exponential: Fit { shape: Shape::Exponential, factor: 3.0, coefficient_ns: 1.5, r2: 0.999 },
//!     best: Shape::Exponential,
//! };
//! let json = serde_json::to_string(&fits).expect("fits serialize");
//! assert!(json.contains(r#""best":"exponential""#));
//! assert!(json.contains(r#""exponential":{"shape":"exponential","factor":3.0"#));
//! ```

use serde::Serialize;

use super::compare::Timing;
use super::error::Kind;
use crate::Stats;

/// The whole `growth --json` object.
#[derive(Clone, Debug, Serialize)]
pub struct Growth {
    /// The game's machine name.
    pub game: &'static str,
    /// What the size axis counts (each game's words for it, the app's `PlayWords::GROWTH_AXIS`).
    pub axis: &'static str,
    /// How the games of the family are built (the app's `PlayWords::GROWTH_FAMILY`).
    pub family: &'static str,
    /// The sizes measured, ascending.
    pub sizes: Vec<u64>,
    /// How each point was measured, in words.
    pub measured: String,
    /// The least median time, in nanoseconds, of a point the fits use: below it a solve's
    /// fixed cost (the call, the table's set-up) hides its growth.
    pub fit_floor_ns: u64,
    /// One curve per backend variant, in the order asked.
    pub curves: Vec<Curve>,
}

/// One backend variant over the sizes.
#[derive(Clone, Debug, Serialize)]
pub struct Curve {
    /// `backend` or `backend/variant`, as asked (`memo`, `tabular/word`).
    pub label: String,
    /// The backend's one name.
    pub backend: &'static str,
    /// The variant that ran (`auto` for the automatic choice).
    pub variant: &'static str,
    /// One point per size of [`Growth::sizes`]; a variant that gave up at a size is not run at
    /// larger ones (those points are absent: the array is shorter).
    pub points: Vec<Point>,
    /// The fits of its times; `None` with fewer than three points at or above
    /// [`Growth::fit_floor_ns`].
    pub fit: Option<Fits>,
}

impl Curve {
    /// The median time at `size`, in nanoseconds; `None` where the variant was not measured
    /// there (it gave up, or was not run).
    pub fn median_at(&self, size: u64) -> Option<u64> {
        self.points
            .iter()
            .find(|p| p.size == size)
            .and_then(|p| match &p.result {
                PointResult::Measured { time_ns, .. } => Some(*time_ns),
                PointResult::Failed { .. } => None,
            })
    }
}

/// One size of one curve: measured, or why not.
#[derive(Clone, Debug, Serialize)]
pub struct Point {
    /// The size ([`Growth::axis`]).
    pub size: u64,
    /// The variant the automatic choice ran at this size (`dense`, `word-one-core`).
    pub kernel: &'static str,
    /// The measurement, or the error.
    #[serde(flatten)]
    pub result: PointResult,
}

/// A point's measurement, or why there is none.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum PointResult {
    /// `{"time_ns","timing","stats"}`.
    Measured {
        /// The median per-solve time, in nanoseconds.
        time_ns: u64,
        /// The statistics of the timed runs.
        timing: Timing,
        /// The counters of the counted run.
        stats: Stats,
    },
    /// `{"error","kind"}`: the variant gave up (a budget, a table size, the time limit).
    Failed {
        /// Why it could not answer.
        error: String,
        /// The error's machine kind.
        kind: Kind,
    },
}

/// The two curves fitted to a variant's times, by least squares on the logarithm of the time.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Fits {
    /// The smallest size fitted.
    pub from: u64,
    /// The largest size fitted.
    pub to: u64,
    /// The points fitted.
    pub points: usize,
    /// `time ≈ coefficient · size^factor`.
    pub power: Fit,
    /// `time ≈ coefficient · factor^size`.
    pub exponential: Fit,
    /// The shape with the larger R².
    pub best: Shape,
}

/// One fitted curve.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Fit {
    /// Which curve.
    pub shape: Shape,
    /// The exponent (power) or the base (exponential).
    pub factor: f64,
    /// The time at size 1 (power) or 0 (exponential) the curve gives, in nanoseconds.
    pub coefficient_ns: f64,
    /// The coefficient of determination of the straight line on the log scale, in `[0, 1]`
    /// (1 when every point lies on it).
    pub r2: f64,
}

/// The shape of a fitted curve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Shape {
    /// `c · size^k`: a straight line of `ln time` over `ln size`.
    Power,
    /// `c · b^size`: a straight line of `ln time` over `size`.
    Exponential,
}
