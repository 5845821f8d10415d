//! The teaching view of the `reduction` backend: the merges in order, the reduced row, and the
//! greedy play on it. The linear algorithm does not walk the game's positions, so it has no
//! call tree or table: this view shows what it does instead.

use std::fmt::Write as _;

use serde::Serialize;

use crate::explain::{ExplainError, ExplainLimits};
use crate::PredictTheWinner;

/// What the `reduction` backend did on one row; see the module `explain`. The lists may
/// hold only their first lines ([`explain_reduction_within`]); the counts are the whole run's.
///
/// ```
/// use gamesolve::explain::explain_reduction;
/// use gamesolve::{Backend, PredictTheWinner};
///
/// let game = PredictTheWinner::new(vec![1, 5, 233, 7]);
/// if Backend::Reduction.is_available() {
///     let view = explain_reduction(&game)?;
///     assert_eq!(view.merges, vec!["merge 5 <= 233 >= 7 at [1..=3] -> -221"]);
///     assert_eq!(view.margin, 222);
///     assert!(view.text(100).contains("values pushed 4 / merges 1 / cells a table would fill 10"));
/// }
/// # Ok::<(), gamesolve::explain::ExplainError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReductionExplanation {
    /// The number of values of the row.
    pub len: usize,
    /// The row's values (the first ones: as many as the merges and moves kept, times 8).
    pub row: Vec<i128>,
    /// Each merge in order: `merge 5 <= 233 >= 7 at [1..=3] -> -221` (the first ones).
    pub merges: Vec<String>,
    /// The same merges as data: which three runs of the row became which one (for drawing
    /// them step by step).
    pub steps: Vec<ReductionMerge>,
    /// How many merges the pass made.
    pub merge_count: u64,
    /// The reduced row: each remaining run's value (the first ones).
    pub reduced: Vec<i128>,
    /// The length of the reduced row, which is also the number of moves of the greedy play.
    pub reduced_len: usize,
    /// The greedy play on the reduced row, one line per move (the first ones).
    pub play: Vec<String>,
    /// The first player's margin.
    pub margin: i128,
    /// Values pushed on the stack.
    pub values_pushed: u64,
}

/// A run of the row standing as one value: `a[first..=last]`, worth `value` to whoever
/// takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ReductionRun {
    /// Index of the run's first value (0-based).
    pub first: usize,
    /// Index of the run's last value.
    pub last: usize,
    /// What the run is worth.
    pub value: i128,
}

/// One merge: the runs `left <= peak >= right` became `result`, worth `left - peak + right`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ReductionMerge {
    /// The run before the peak.
    pub left: ReductionRun,
    /// The peak.
    pub peak: ReductionRun,
    /// The run after the peak.
    pub right: ReductionRun,
    /// The merged run.
    pub result: ReductionRun,
}

impl ReductionExplanation {
    /// Cells an interval table would fill for this row: `len(len+1)/2`.
    pub fn table_cells(&self) -> u128 {
        let len = self.len as u128;
        len * (len + 1) / 2
    }

    /// The view as text, at most `max_lines` lines per list, with a note where cut.
    pub fn text(&self, max_lines: usize) -> String {
        let mut text = String::new();
        let _ = writeln!(
            text,
            "values pushed {} / merges {} / cells a table would fill {}",
            self.values_pushed,
            self.merge_count,
            self.table_cells()
        );
        let _ = writeln!(
            text,
            "\nMerges, in order: each peak x <= y >= z (three neighbours, the middle one at \
             least as large as both) becomes the one value x - y + z; whoever takes y, the \
             other answers at once with its neighbour, so the three act as one value and the \
             game's value does not change:"
        );
        list(
            &mut text,
            &self.merges,
            self.merge_count,
            max_lines,
            "merges",
        );
        let shown = self.reduced.len().min(max_lines.max(1).saturating_mul(8));
        let reduced: Vec<String> = self.reduced[..shown].iter().map(i128::to_string).collect();
        let _ = writeln!(
            text,
            "\nReduced row, no peak left (it falls, then rises, so its largest value is always \
             at an end): {}{}",
            reduced.join(" "),
            if shown < self.reduced_len {
                format!(" … {} more", self.reduced_len - shown)
            } else {
                String::new()
            }
        );
        let _ = writeln!(
            text,
            "\nGreedy play on the reduced row: both players take the larger end (points are \
             reduced points; their difference is the margin):"
        );
        list(
            &mut text,
            &self.play,
            self.reduced_len as u64,
            max_lines,
            "moves",
        );
        let _ = writeln!(text, "\nMargin for the first player: {:+}", self.margin);
        text
    }
}

/// The first `max_lines` of `lines` (the first of `count`), and how many more there are.
fn list(text: &mut String, lines: &[String], count: u64, max_lines: usize, what: &str) {
    if count == 0 {
        let _ = writeln!(text, "  (none)");
    }
    for (k, line) in lines.iter().take(max_lines).enumerate() {
        let _ = writeln!(text, "  {:>4}. {line}", k + 1);
    }
    let shown = lines.len().min(max_lines) as u64;
    if shown < count {
        let _ = writeln!(
            text,
            "  … {} more {what} (raise --max-lines)",
            count - shown
        );
    }
}

/// Runs the `reduction` backend's traced pass on `game`, keeping every merge and move, within
/// the default memory cap of [`ExplainLimits`] (1 GiB).
///
/// # Complexity
///
/// `O(len)` time and memory (every merge and move is kept, as text: a few hundred bytes per
/// value).
///
/// # Errors
///
/// As [`explain_reduction_within`].
pub fn explain_reduction(game: &PredictTheWinner) -> Result<ReductionExplanation, ExplainError> {
    explain_reduction_within(game, usize::MAX, &ExplainLimits::default())
}

/// Runs the `reduction` backend's traced pass on `game`, keeping the first `max_lines`
/// merges and moves and `8 × max_lines` values of the reduced row (what
/// [`ReductionExplanation::text`]`(max_lines)` shows), within
/// [`ExplainLimits::memory_cap_bytes`].
///
/// # Complexity
///
/// `O(len)` time; memory 32 bytes per value (the stack of runs) plus the lines kept, checked
/// against the cap before anything is allocated.
///
/// # Examples
///
/// ```
/// use gamesolve::explain::{explain_reduction_within, ExplainError, ExplainLimits};
/// use gamesolve::{Backend, PredictTheWinner};
///
/// let game = PredictTheWinner::new((0..10_000).map(|k| k * 7919 % 1000).collect());
/// if Backend::Reduction.is_available() {
///     let view = explain_reduction_within(&game, 3, &ExplainLimits::default())?;
///     assert_eq!(view.merges.len(), 3);
///     assert!(view.merge_count > 3);
///     let tight = ExplainLimits::default().with_memory_cap(100_000);
///     let refused = explain_reduction_within(&game, 3, &tight).unwrap_err();
///     assert!(matches!(refused, ExplainError::TraceTooLarge { .. }));
/// }
/// # Ok::<(), ExplainError>(())
/// ```
///
/// # Errors
///
/// [`ExplainError::Backend`] when this build lacks the `reduction` backend;
/// [`ExplainError::TraceTooLarge`] when the pass and the lines kept would need more than
/// the memory cap, or the system refuses their memory.
pub fn explain_reduction_within(
    game: &PredictTheWinner,
    max_lines: usize,
    limits: &ExplainLimits,
) -> Result<ReductionExplanation, ExplainError> {
    crate::registry::reduction_trace(game, max_lines, limits.memory_cap_bytes())
}
