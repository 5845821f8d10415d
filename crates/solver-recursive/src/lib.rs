//! Plain backtracking solvers, with no memo, for Can I Win and Predict the
//! Winner: the textbook baseline that shows why memoization matters.
//!
//! This is the `recursive` backend of gamesolve. It searches the game tree
//! exactly as taught, re-solving every position each time it is reached,
//! and stops at a node budget ([`DEFAULT_NODE_BUDGET`] positions by default)
//! with an error suggesting `memo`, so it never runs away. A time limit
//! ([`RecursiveSolver::with_time_limit`], `SolverConfig::time_limit`) stops it too, with
//! [`Error::TimeLimitReached`](core_types::Error::TimeLimitReached); the clock is read once per 65,536 positions, so it costs nothing
//! per position.
//!
//! # Example
//!
//! ```
//! use gamesolve::{CanIWin, Error, Outcome, PredictTheWinner, core_types::{Side, Solver, WithLimits}};
//! use gamesolve::backends::solver_recursive::RecursiveSolver;
//!
//! let mut solver = RecursiveSolver::new();
//! // LeetCode 464: (10, 11) is a loss for the first player.
//! let answer = solver.solve(&CanIWin::new(10, 11)?)?;
//! assert_eq!(answer.outcome, Outcome::SecondPlayerWins);
//! // LeetCode 486: [1, 5, 2] is a loss by 2.
//! let answer = solver.solve(&PredictTheWinner::new(vec![1, 5, 2]))?;
//! assert_eq!((answer.margin, answer.best_move), (-2, Some(Side::Left)));
//!
//! // A hard game with a tiny budget: an honest "cannot answer".
//! let mut tiny = RecursiveSolver::new().with_node_budget(1_000);
//! let err = tiny.solve(&CanIWin::new(20, 158)?).unwrap_err();
//! assert!(matches!(err, Error::BudgetExhausted { budget: 1_000, .. }));
//!
//! // The same with a time limit of zero: it gives up at its first look at the clock.
//! let mut hasty = RecursiveSolver::new().with_time_limit(Some(std::time::Duration::ZERO));
//! let err = hasty.solve(&CanIWin::new(20, 158)?).unwrap_err();
//! assert!(err.to_string().contains("time limit of 0s"), "{err}");
//! # Ok::<(), Error>(())
//! ```
//!
//! # Cost per game
//!
//! - **Can I Win** ([`can_i_win`]): with `n` the largest integer, time
//!   `O(n!)` in the worst case (every order of taking integers may be
//!   explored; no position is remembered), auxiliary memory `O(n)` (recursion
//!   depth at most `n + 1`). The used set is a `u64` bitmask, a few
//!   nanoseconds per position. Settled games (`T == 0`, `T` at or above the
//!   pool sum) are answered without search for every `n <= 64`.
//! - **Predict the Winner** ([`predict_the_winner`]): with `len` the number
//!   of values, exactly `2^len - 1` calls, auxiliary memory `O(len)`. The
//!   count is known up front, so rows beyond the budget (`len > 26` by
//!   default) are refused at once.
//!
//! Both count positions and the maximum depth when solved with
//! [`Stats`](core_types::Stats).
//!
//! # See also
//!
//! `solver-memo` (top-down with a memo) and `solver-tabular` (bottom-up
//! tables) answer the same games in time polynomial in the number of states.
#![deny(missing_docs)]

pub mod can_i_win;
pub mod negamax;
pub mod predict_the_winner;

use core_types::WithLimits;
use core_types::{CanIWin, Limits, PredictTheWinner, SolverConfig};

/// The backend's one name: crate suffix, cargo feature, CLI value, bench id.
pub const NAME: &str = "recursive";

/// Positions a solver expands before giving up, unless configured:
/// 10^8, a fraction of a second to a few seconds of search.
pub const DEFAULT_NODE_BUDGET: u64 = core_types::limits::DEFAULT_NODE_BUDGET;

/// The plain backtracking solver; see the [crate docs](crate).
///
/// ```
/// use gamesolve::backends::solver_recursive::{RecursiveSolver, DEFAULT_NODE_BUDGET};
/// use gamesolve::core_types::WithLimits;
/// assert_eq!(RecursiveSolver::new().node_budget(), DEFAULT_NODE_BUDGET);
/// assert_eq!(RecursiveSolver::new().with_node_budget(5).node_budget(), 5);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecursiveSolver {
    /// The limits it reads, defaults resolved when a solve starts.
    limits: Limits,
}

impl RecursiveSolver {
    /// A solver with the default node budget, [`DEFAULT_NODE_BUDGET`].
    pub fn new() -> Self {
        RecursiveSolver {
            limits: Limits::new(),
        }
    }

    /// The configured node budget.
    pub fn node_budget(&self) -> u64 {
        self.limits.node_budget_or_default()
    }
}

/// The limits' setters ([`WithLimits`]): it reads the node budget and the time limit.
impl WithLimits for RecursiveSolver {
    fn limits_mut(&mut self) -> &mut Limits {
        &mut self.limits
    }
}

impl Default for RecursiveSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl RecursiveSolver {
    /// A solver with the budget and time limit of `config` (or the defaults: no time limit).
    pub fn from_config(config: &SolverConfig) -> Self {
        RecursiveSolver { limits: *config }
    }
}

core_types::kernel! {
    impl Kernel<CanIWin> for RecursiveSolver = (NAME, "backtrack");
    fn run(this, game, recorder) {
        can_i_win::solve_until(
            game,
            this.limits.node_budget_or_default(),
            this.limits.deadline(),
            recorder,
        )
    }
}

core_types::kernel! {
    impl Kernel<PredictTheWinner> for RecursiveSolver = (NAME, "backtrack");
    fn run(this, game, recorder) {
        predict_the_winner::solve_until(
            game,
            this.limits.node_budget_or_default(),
            this.limits.deadline(),
            recorder,
        )
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use core_types::{Error, Solver};

    #[test]
    fn name_and_stats() {
        let mut solver = RecursiveSolver::default();
        assert_eq!(Solver::<CanIWin>::name(&solver), "recursive");
        assert_eq!(Solver::<CanIWin>::variant(&solver), "backtrack");
        let (answer, stats) = solver
            .solve_with_stats(&CanIWin::new(10, 11).unwrap())
            .unwrap();
        assert!(!answer.can_i_win());
        assert!(stats.positions > 1);
        assert_eq!(
            (stats.memo_hits, stats.states, stats.table_bytes),
            (0, 0, 0)
        );
        let (answer, stats) = solver
            .solve_with_stats(&PredictTheWinner::new(vec![1, 5, 2]))
            .unwrap();
        assert_eq!(answer.margin, -2);
        assert_eq!((stats.positions, stats.max_depth), (7, 3));
    }

    #[test]
    fn every_variant_answers_by_its_own_name() {
        for variant in can_i_win::VARIANTS {
            let mut solver = variant.solver(&SolverConfig::default());
            assert_eq!(
                (solver.name(), solver.variant()),
                (variant.backend, variant.name)
            );
            assert!(!solver
                .solve(&CanIWin::new(10, 11).unwrap())
                .unwrap()
                .can_i_win());
        }
        for variant in predict_the_winner::VARIANTS {
            let mut solver = variant.solver(&SolverConfig::default());
            assert_eq!(
                (solver.name(), solver.variant()),
                (variant.backend, variant.name)
            );
            let answer = solver
                .solve(&PredictTheWinner::new(vec![1, 5, 233, 7]))
                .unwrap();
            assert_eq!(answer.margin, 222);
        }
    }

    #[test]
    fn every_variant_stops_at_its_time_limit() {
        let config = SolverConfig {
            time_limit: Some(std::time::Duration::ZERO),
            ..SolverConfig::default()
        };
        let hard = CanIWin::new(20, 158).unwrap();
        let long_row = PredictTheWinner::new((1..=24).collect());
        for variant in can_i_win::VARIANTS {
            let err = variant.solver(&config).solve(&hard).unwrap_err();
            assert!(
                matches!(err, Error::TimeLimitReached { .. }),
                "{}: {err}",
                variant.id()
            );
            // Settled games need no search, so no clock.
            assert!(variant
                .solver(&config)
                .solve(&CanIWin::new(4, 11).unwrap())
                .is_ok());
        }
        for variant in predict_the_winner::VARIANTS {
            let err = variant.solver(&config).solve(&long_row).unwrap_err();
            assert!(
                matches!(err, Error::TimeLimitReached { .. }),
                "{}: {err}",
                variant.id()
            );
            assert!(err.to_string().contains("time limit of 0s"), "{err}");
        }
    }

    #[test]
    fn solver_is_object_safe_and_send() {
        let mut boxed: Box<dyn Solver<CanIWin> + Send> = Box::new(RecursiveSolver::new());
        assert!(boxed
            .solve(&CanIWin::new(10, 1).unwrap())
            .unwrap()
            .can_i_win());
    }
}
