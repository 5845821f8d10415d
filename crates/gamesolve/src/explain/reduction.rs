//! The teaching view of the `reduction` backend: the merges in order, the reduced row, and the
//! greedy play on it. The linear algorithm does not walk the game's positions, so it has no
//! call tree or table: this view shows what it does instead.

use std::fmt::Write as _;

use super::ExplainError;
use crate::PredictTheWinner;

/// What the `reduction` backend did on one row; see the [module docs](self).
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReductionExplanation {
    /// The number of values of the row.
    pub len: usize,
    /// Each merge in order: `merge 5 <= 233 >= 7 at [1..=3] -> -221`.
    pub merges: Vec<String>,
    /// The reduced row: each remaining run's value.
    pub reduced: Vec<i128>,
    /// The greedy play on the reduced row, one line per move.
    pub play: Vec<String>,
    /// The first player's margin.
    pub margin: i128,
    /// Values pushed on the stack.
    pub values_pushed: u64,
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
            self.merges.len(),
            self.table_cells()
        );
        let _ = writeln!(
            text,
            "\nMerges, in order: each peak x <= y >= z (three neighbours, the middle one at \
             least as large as both) becomes the one value x - y + z; whoever takes y, the \
             other answers at once with its neighbour, so the three act as one value and the \
             game's value does not change:"
        );
        list(&mut text, &self.merges, max_lines, "merges");
        let reduced: Vec<String> = self.reduced.iter().map(i128::to_string).collect();
        let shown = reduced.len().min(max_lines.max(1) * 8);
        let _ = writeln!(
            text,
            "\nReduced row, no peak left (it falls, then rises, so its largest value is always \
             at an end): {}{}",
            reduced[..shown].join(" "),
            if shown < reduced.len() {
                format!(" … {} more", reduced.len() - shown)
            } else {
                String::new()
            }
        );
        let _ = writeln!(
            text,
            "\nGreedy play on the reduced row: both players take the larger end (points are \
             reduced points; their difference is the margin):"
        );
        list(&mut text, &self.play, max_lines, "moves");
        let _ = writeln!(text, "\nMargin for the first player: {:+}", self.margin);
        text
    }
}

fn list(text: &mut String, lines: &[String], max_lines: usize, what: &str) {
    if lines.is_empty() {
        let _ = writeln!(text, "  (none)");
    }
    for (k, line) in lines.iter().enumerate() {
        if k >= max_lines {
            let _ = writeln!(
                text,
                "  … {} more {what} (raise --max-lines)",
                lines.len() - k
            );
            break;
        }
        let _ = writeln!(text, "  {:>4}. {line}", k + 1);
    }
}

/// Runs the `reduction` backend's traced pass on `game`.
///
/// # Complexity
///
/// `O(len)` time and memory (every merge and move is kept, as text).
///
/// # Errors
///
/// [`ExplainError::Backend`] when this build lacks the `reduction` backend.
pub fn explain_reduction(game: &PredictTheWinner) -> Result<ReductionExplanation, ExplainError> {
    Ok(crate::registry::reduction_trace(game)?)
}
