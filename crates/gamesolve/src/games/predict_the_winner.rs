//! Predict the Winner's row of the game table: its parameters, rules and sentences.

mod analysis;
mod margins;
pub(crate) mod reduction_view;
mod report;
mod table_view;

pub use reduction_view::{ReductionExplanation, ReductionMerge, ReductionRun};
pub use report::PredictTheWinnerReport;

pub use margins::IntervalMargins;

use super::{GameInfo, Param, ParamKind, ParamValue, Params, TableGame};
use crate::analysis::generic::Analyzer;
use crate::analysis::AnalysisConfig;
use crate::explain::types::{ExplainError, ExplainLimits};
use crate::predict_the_winner::Interval;
use crate::registry::{Backend, BackendError};
use crate::{Error, Outcome, PredictTheWinner, PredictTheWinnerSolution, Side};

/// Predict the Winner's one parameter: the row of values.
const PARAMS: [Param; 1] = [Param {
    name: "values",
    value_name: "VALUES",
    kind: ParamKind::Values,
    help: "The values, left to right, separated by spaces and/or commas (negative values work: \
           `-3 5 -2`, or after `--`). No values is the empty row.",
}];

const INFO: GameInfo = GameInfo {
    name: "predict-the-winner",
    title: "Predict the Winner",
    summary: "Who wins Predict the Winner: take values from either end of a row; the larger \
              sum wins.",
    rules: "A row of numbers lies on the table. The players take turns; each takes the number \
            at the left end or the one at the right end of what is left, and adds it to their \
            own score. When the row is empty, the larger score wins; equal scores are a draw \
            (LeetCode 486, Coins in a Line III).",
    params: &PARAMS,
    examples: &["1 5 233 7", "1 5 2", "3 9 1 2"],
    sweep: None,
};

/// Its parameters, read and written by the game itself (messages of its own).
impl super::GameParams for PredictTheWinner {
    const PARAMS: &'static [Param] = &PARAMS;

    fn from_params(params: &Params) -> Result<Self, Error> {
        Ok(PredictTheWinner::new(params.values("values")?.to_vec()))
    }

    fn params(&self) -> Params {
        Params::new().with("values", ParamValue::Values(self.values().to_vec()))
    }
}

impl TableGame for PredictTheWinner {
    const INFO: GameInfo = INFO;

    /// The margins of every interval from one bottom-up pass ([`IntervalMargins`]), not a
    /// search: a tenth of the memory, and no recursion as deep as the row is long.
    fn analyzer(&self, config: AnalysisConfig) -> Analyzer<Self> {
        let margins = IntervalMargins::new(config.memory_cap_bytes());
        Analyzer::with_values(self.clone(), config, Box::new(margins))
    }

    fn principal_variation_omitted(
        &self,
        position: Interval,
        config: &AnalysisConfig,
    ) -> Option<String> {
        analysis::principal_variation_omitted(position, config)
    }

    fn analysis_json(
        &self,
        a: &crate::analysis::report::Analysis<Self>,
    ) -> Box<serde_json::value::RawValue> {
        analysis::analysis_json(self, a)
    }

    fn analysis_text(&self, a: &crate::analysis::report::Analysis<Self>) -> String {
        analysis::analysis_text(self, a)
    }

    fn headline(&self, s: &PredictTheWinnerSolution) -> String {
        let take = |side: Side| {
            let values = self.values();
            let value = match side {
                Side::Left => values.first(),
                Side::Right => values.last(),
            };
            match value {
                Some(v) => format!("take the {side} end ({v})"),
                None => format!("take the {side} end"),
            }
        };
        let by = s.margin.unsigned_abs();
        match (s.outcome, s.best_move) {
            (_, None) => "Draw: there are no values to take".to_owned(),
            (Outcome::FirstPlayerWins, Some(m)) => {
                format!("First player wins by {by}: {}", take(m))
            }
            (Outcome::SecondPlayerWins, Some(m)) => format!(
                "Second player wins by {by} (the first player's best: {})",
                take(m)
            ),
            (Outcome::Draw, Some(m)) => {
                format!("Draw: both players score {} ({})", s.first_score, take(m))
            }
        }
    }

    fn short(&self, s: &PredictTheWinnerSolution) -> String {
        let by = s.margin.unsigned_abs();
        let moved = s.best_move.map_or(String::new(), |m| format!(", take {m}"));
        match s.outcome {
            Outcome::Draw => format!("draw{moved}"),
            outcome => format!("{outcome} by {by}{moved}"),
        }
    }

    fn details(&self, s: &PredictTheWinnerSolution, backend: &str) -> String {
        format!(
            "Scores: first player {}, second player {} (margin {:+})\n\
             Predict the Winner: {} values; LeetCode 486 answer: {}; backend {backend}\n",
            s.first_score,
            s.second_score,
            s.margin,
            self.len(),
            s.predict_the_winner()
        )
    }

    fn own_view(
        &self,
        backend: &str,
        max_lines: usize,
        limits: &ExplainLimits,
    ) -> Option<Result<String, ExplainError>> {
        if backend != Backend::Reduction.name() {
            return None;
        }
        // Only the lines shown are kept: a long row's trace stays within the cap.
        Some(explain_reduction_within(self, max_lines, limits).map(|view| view.text(max_lines)))
    }

    const GROWTH: bool = true;

    /// Rows of lengths `1, 2, 3, 4, 6, 8, 11, 16, …` up to `GROWTH_LONGEST` (a factor √2
    /// apart, at most `points` of them), each this row's values repeated (a fixed mix when
    /// the row is empty): `recursive` stops near 20, `memo` at its table's cap, `tabular`
    /// and `reduction` go to the end.
    fn growth(&self, points: usize) -> Vec<(u64, PredictTheWinner)> {
        let values = self.values();
        let value = |k: usize| {
            if values.is_empty() {
                (k as i64 * 7919) % 1000
            } else {
                values[k % values.len()]
            }
        };
        growth_lengths(GROWTH_LONGEST, points)
            .into_iter()
            .map(|len| {
                (
                    len as u64,
                    PredictTheWinner::new((0..len).map(value).collect()),
                )
            })
            .collect()
    }

    fn growth_size(&self) -> Option<u64> {
        Some(self.len() as u64)
    }
}

/// The longest row of [`TableGame::growth`]: `tabular` fills its 8 million cells in
/// milliseconds.
const GROWTH_LONGEST: usize = 4096;

/// Lengths from 1 to `longest`, a factor √2 apart (rounded, each larger than the one before),
/// at most `points` of them (the longest ones dropped).
fn growth_lengths(longest: usize, points: usize) -> Vec<usize> {
    let mut lengths: Vec<usize> = Vec::new();
    let mut x = 1.0_f64;
    while lengths.len() < points {
        let len = x.round() as usize;
        if len > longest {
            break;
        }
        if lengths.last() != Some(&len) {
            lengths.push(len);
        }
        x *= std::f64::consts::SQRT_2;
    }
    lengths
}

/// [`explain`](crate::explain::explain) for a Predict the Winner game with a backend's automatic choice.
///
/// # Examples
///
/// ```
/// use gamesolve::explain::ExplainLimits;
/// use gamesolve::games::explain_predict_the_winner;
/// use gamesolve::{Backend, PredictTheWinner, core_types::SolverConfig};
///
/// let game = PredictTheWinner::new(vec![1, 5, 2]);
/// let (config, limits) = (SolverConfig::default(), ExplainLimits::default());
/// if let Ok(memo) = explain_predict_the_winner(&game, Backend::Memo, &config, &limits) {
///     assert!(memo.tree_text(5, 50).starts_with("[0..=2] 1 5 2: margin -2"));
/// }
/// # Ok::<(), gamesolve::explain::ExplainError>(())
/// ```
///
/// # Errors
///
/// As [`explain`](crate::explain::explain).
pub fn explain_predict_the_winner(
    game: &PredictTheWinner,
    backend: Backend,
    config: &crate::SolverConfig,
    limits: &crate::explain::ExplainLimits,
) -> Result<crate::explain::Explanation<PredictTheWinner>, crate::explain::ExplainError> {
    crate::explain::explain(game, &backend.into(), config, limits)
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
    match crate::registry::reduction_trace(game, max_lines, limits.memory_cap_bytes()) {
        Some(view) => Ok(view?),
        None => Err(BackendError::Unavailable {
            backend: Backend::Reduction,
        }
        .into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growth_reaches_thousands() {
        assert_eq!(growth_lengths(16, 24), [1, 2, 3, 4, 6, 8, 11, 16]);
        let family = PredictTheWinner::new(vec![1, 5, 233, 7]).growth(24);
        assert_eq!(family.len(), 24);
        let Some((len, last)) = family.last() else {
            panic!("no sizes");
        };
        assert_eq!((*len, last.len()), (4096, 4096));
        assert_eq!(&last.values()[..5], &[1, 5, 233, 7, 1]);
    }

    #[test]
    fn headlines() {
        let game = PredictTheWinner::new(vec![1, 5, 233, 7]);
        let s = game.solution(222, Some(Side::Left));
        assert_eq!(
            game.headline(&s),
            "First player wins by 222: take the left end (1)"
        );
        let game = PredictTheWinner::new(vec![]);
        let s = game.solution(0, None);
        assert_eq!(game.headline(&s), "Draw: there are no values to take");
    }
}
