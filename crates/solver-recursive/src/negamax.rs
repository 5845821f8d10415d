//! Plain negamax over any [`Game`]: the `recursive/negamax` variant.
//!
//! The same backtracking as this crate's game-specific kernels, written once against the game
//! vocabulary ([`solver_search`], the one generic search, with no memo), so every game
//! gets it, a user's own game included: each position's value is the
//! best of its moves' [`Game::move_value`]s, the moves after the first that wins are not tried
//! (a win cannot be beaten: [`GameValue::is_best_possible`](core_types::GameValue::is_best_possible)), nothing is remembered, and the
//! search stops at the node budget. On Can I Win it expands exactly the positions
//! `recursive/backtrack` does (tested by their equal counters).
//!
//! # Complexity
//!
//! Time: one expansion per path through the game tree up to the first winning move of each
//! position (at most `n!` orders for Can I Win; `2^len - 1` calls for Predict the Winner, whose
//! margins never stop a search early), each costing the game's `play` and `terminal_value` per
//! move tried, and its move listing: a game that gives its moves one at a time
//! ([`Game::MOVES_ONE_BY_ONE`], as Can I Win and Predict the Winner do) is asked
//! [`Game::next_move`] once per move tried and lists nothing, else `moves_into` lists every move
//! of each expanded position. Whether a move's position is over is asked of
//! [`Game::terminal_values_after`], made once per expanded position (Can I Win counts the
//! running total there once, not once per move tried). Measured on Can I Win n = 12, T = 50
//! (callgrind): 78 instructions per expanded position against `recursive/backtrack`'s 47
//! (BENCHMARKS.md, "Issue 28, round 8").
//! Auxiliary memory: `O(depth)` frames (and move lists, for a game that lists its moves); deep
//! games run on heap-allocated stack segments ([`solver_search::stack`]). The segments, the move
//! lists and what the game holds count against the memory cap (1 GiB by default): a game
//! whose lines never end stops there.
//!
//! # Examples
//!
//! ```
//! use gamesolve::{CanIWin, Error, Outcome, core_types::Solver};
//! use gamesolve::backends::solver_recursive::negamax::Negamax;
//!
//! let mut solver = Negamax::new();
//! let answer = solver.solve(&CanIWin::new(5, 11)?)?;
//! assert_eq!(answer.outcome, Outcome::SecondPlayerWins);
//! # Ok::<(), Error>(())
//! ```
//!
//! # Errors
//!
//! [`Error::BudgetExhausted`](core_types::Error::BudgetExhausted) (unit `positions`) past the node budget; [`Error::NoMoves`](core_types::Error::NoMoves) when
//! the game has a position that is neither over nor has a move; [`Error::StackRefused`](core_types::Error::StackRefused) when the
//! system refuses a new stack segment; [`Error::TableTooLarge`](core_types::Error::TableTooLarge) (parameter `depth`) when the
//! recursion would pass the memory cap; [`Error::PositionRepeats`](core_types::Error::PositionRepeats) when a game whose positions
//! may repeat ([`Game::positions_may_repeat`]) meets one again on the search's path.
//!
//! # See also
//!
//! `solver_memo::hash_map` (the same search with a memo: one expansion per distinct position).

use core_types::deadline::WorkBudget;
use core_types::error::HintPart::Words;
use core_types::{Game, Limits, SolverConfig, Variant};
use solver_search::{self as search, NoMemo, Plain, Search, SearchNames};

use crate::NAME;

/// Plain negamax with a node budget; see the [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Negamax {
    /// The limits it reads, defaults resolved when a solve starts.
    limits: Limits,
}

impl Negamax {
    /// A solver with the default node budget, [`DEFAULT_NODE_BUDGET`](crate::DEFAULT_NODE_BUDGET).
    pub const fn new() -> Self {
        Negamax {
            limits: Limits::new(),
        }
    }

    /// A solver with the budget, memory cap and time limit of `config` (or the defaults: no
    /// time limit).
    pub fn from_config(config: &SolverConfig) -> Self {
        Negamax { limits: *config }
    }
}

impl Default for Negamax {
    fn default() -> Self {
        Self::new()
    }
}

/// The `recursive/negamax` entry for any game's variant list.
pub const fn variant<G: Game>() -> Variant<G> {
    Variant {
        backend: NAME,
        name: "negamax",
        summary: "plain negamax over the game vocabulary (works for any game): no memo, \
                  stops at a position's first winning move, and at the node budget",
        build: |config| Box::new(Negamax::from_config(config)),
    }
}

/// The names its errors carry.
const NAMES: SearchNames = SearchNames {
    who: NAME,
    budget_hint: &[Words(
        "; a memo remembers positions (backend `memo/hash-map`), or raise the \
                  node budget",
    )],
    cap_hint: &[],
};

core_types::kernel! {
    impl<G: Game> Kernel<G> for Negamax = (NAME, "negamax");
    fn run(this, game, recorder) {
        let start = match search::before_search(game) {
            Ok(start) => start,
            Err(settled) => return Ok(settled),
        };
        // The one generic search, without a memo, paced by the node budget.
        let pace = WorkBudget::new(this.limits.node_budget_or_default(), this.limits.deadline());
        // The memory cap bounds what the recursion holds: its stack segments, its move lists
        // (one per depth), and what the game holds (a Python game's positions).
        let mut search = Search::new(
            game,
            NoMemo,
            recorder,
            pace,
            NAMES,
            this.limits.memory_cap_or_default(),
        );
        let (Plain(value), best) = search.expand(start, 1)?;
        Ok(game.solution(value, Some(best)))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::RecursiveSolver;
    use core_types::{CanIWin, Solver};

    #[test]
    fn expands_the_positions_backtracking_does_on_can_i_win() {
        for n in 1..=9u32 {
            for t in 1..u64::from(n * (n + 1) / 2) {
                let game = CanIWin::new(n, t).unwrap();
                let (answer, stats) = Negamax::new().solve_with_stats(&game).unwrap();
                let (expected, expected_stats) =
                    RecursiveSolver::new().solve_with_stats(&game).unwrap();
                assert_eq!(answer, expected, "n = {n}, T = {t}");
                assert_eq!(
                    stats.positions, expected_stats.positions,
                    "n = {n}, T = {t}"
                );
            }
        }
    }
}
