//! Predict the Winner's JSON contract for an answer (`gamesolve predict-the-winner … --json`,
//! batch lines).

use serde::Serialize;

use crate::contract::Reported;
use crate::{Game, Outcome, PredictTheWinner, PredictTheWinnerSolution, Side, Stats};

/// The JSON contract for a Predict the Winner result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PredictTheWinnerReport {
    /// Always `"predict-the-winner"`.
    pub game: &'static str,
    /// The backend's one name.
    pub backend: &'static str,
    /// The variant that ran (`auto` for a backend's automatic choice).
    pub variant: &'static str,
    /// The number of values.
    pub len: usize,
    /// `"first"`, `"second"` or `"draw"`.
    pub outcome: Outcome,
    /// First player's score minus second player's (exact, may exceed i64).
    pub margin: i128,
    /// The first player's total.
    pub first_score: i128,
    /// The second player's total.
    pub second_score: i128,
    /// LeetCode 486's boolean: `margin >= 0`.
    pub predict_the_winner: bool,
    /// Coins in a Line III's boolean: `margin > 0`.
    pub first_player_strictly_wins: bool,
    /// `"left"`, `"right"`, or null for no values.
    pub best_move: Option<Side>,
    /// What the backend did.
    pub stats: Stats,
    /// The listed variant whose algorithm ran: the one an automatic choice picked
    /// (`memo/auto` runs `dense`, `sparse-then-dense` or `sparse`; `tabular/word` runs
    /// `word-one-core` on one thread), else the same as `variant`.
    pub kernel: &'static str,
}

impl Reported for PredictTheWinner {
    type Report = PredictTheWinnerReport;

    fn report(
        &self,
        s: &PredictTheWinnerSolution,
        backend: &'static str,
        variant: &'static str,
        kernel: &'static str,
        stats: Stats,
    ) -> PredictTheWinnerReport {
        PredictTheWinnerReport {
            game: Self::NAME,
            backend,
            variant,
            len: self.len(),
            outcome: s.outcome,
            margin: s.margin,
            first_score: s.first_score,
            second_score: s.second_score,
            predict_the_winner: s.predict_the_winner(),
            first_player_strictly_wins: s.first_player_strictly_wins(),
            best_move: s.best_move,
            stats,
            kernel,
        }
    }
}
