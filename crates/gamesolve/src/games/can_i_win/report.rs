//! Can I Win's JSON contract for an answer (`gamesolve can-i-win N T --json`, batch lines).

use serde::Serialize;

use crate::contract::Reported;
use crate::{CanIWin, CanIWinSolution, Game, Outcome, Stats};

/// The JSON contract for a Can I Win result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CanIWinReport {
    /// Always `"can-i-win"`.
    pub game: &'static str,
    /// The backend's one name.
    pub backend: &'static str,
    /// The variant that ran (`auto` for a backend's automatic choice).
    pub variant: &'static str,
    /// `N`: the pool is `1..=N`.
    pub max_choosable: u32,
    /// `T`: the total to reach or pass.
    pub desired_total: u64,
    /// `"first"`, `"second"` or `"draw"`.
    pub outcome: Outcome,
    /// LeetCode 464's boolean: the outcome is `"first"`.
    pub can_i_win: bool,
    /// The smallest winning first number, or null.
    pub best_move: Option<u32>,
    /// What the backend did.
    pub stats: Stats,
    /// The listed variant whose algorithm ran: the one an automatic choice picked
    /// (`memo/auto` runs `dense`, `sparse-then-dense` or `sparse`; `tabular/word` runs
    /// `word-one-core` on one thread), else the same as `variant`.
    pub kernel: &'static str,
}

impl Reported for CanIWin {
    type Report = CanIWinReport;

    fn report(
        &self,
        s: &CanIWinSolution,
        backend: &'static str,
        variant: &'static str,
        kernel: &'static str,
        stats: Stats,
    ) -> CanIWinReport {
        CanIWinReport {
            game: Self::NAME,
            backend,
            variant,
            max_choosable: self.max_choosable(),
            desired_total: self.desired_total(),
            outcome: s.outcome,
            can_i_win: s.can_i_win(),
            best_move: s.best_move,
            stats,
            kernel,
        }
    }
}
