//! Can I Win by plain backtracking: no memo, exactly as taught.
//!
//! The textbook solution keeps a "used" array and the total still needed,
//! and tries every unused integer in ascending order: a move wins if it
//! reaches the total at once, or if the opponent then loses. This module does
//! exactly that, with the used array packed into one `u64` bitmask (bit `k`
//! is integer `k + 1`), so a position costs a few nanoseconds instead of the
//! tens a literal `bool` array port costs.

use core_types::deadline::{Deadline, WorkBudget};
use core_types::error::{Hint, HintPart::Words};
use core_types::{CanIWin, CanIWinSolution, Error, Event, Game, Recorder, Variant, Verdict};

use crate::NAME;

use crate::RecursiveSolver;

/// The `recursive` backend's variants for Can I Win, its automatic choice first: one list that
/// the registry, the CLI (`--backend recursive/backtrack`), the tests and the benches iterate.
pub const VARIANTS: &[Variant<CanIWin>] = &[
    Variant {
        backend: NAME,
        name: "backtrack",
        summary: "backtracking over the used-set (a u64 bitmask), no memo: O(n!) orders, stops at the node budget",
        build: |config| Box::new(RecursiveSolver::from_config(config)),
    },
    crate::negamax::variant(),
];

/// The advice attached to [`Error::BudgetExhausted`].
const BUDGET_HINT: Hint = &[Words(
    "; try backend `memo` or `tabular`, or raise the node budget",
)];

/// Solves a Can I Win game by plain backtracking, expanding at most
/// `node_budget` positions; [`solve_until`] also stops at a deadline.
///
/// Settled games ([`CanIWin::settled_without_search`]: `T == 0`, an
/// unreachable total, a total equal to the pool sum) are answered before
/// searching, whatever `n`. Otherwise the root tries the integers in
/// ascending order and reports the first (so the smallest) winning one.
///
/// # Complexity
///
/// With `n` the largest integer: time `O(n!)` in the worst case, the search
/// re-visiting the same set of used integers once per order it was reached
/// in (about `2^n · n!`-ish blow-up is why `memo` exists); it never exceeds
/// `node_budget` positions. Auxiliary memory `O(n)`: the recursion is at most
/// `n + 1` deep and each frame holds two words.
///
/// # Examples
///
/// ```
/// use gamesolve::{CanIWin, Outcome, Stats, core_types::NoStats};
/// use gamesolve::backends::solver_recursive::{can_i_win, DEFAULT_NODE_BUDGET};
///
/// // LeetCode 464: (10, 11) is lost for the first player.
/// let game = CanIWin::new(10, 11)?;
/// let answer = can_i_win::solve(&game, DEFAULT_NODE_BUDGET, &mut NoStats)?;
/// assert_eq!(answer.outcome, Outcome::SecondPlayerWins);
///
/// // (6, 12): taking 5 leaves the opponent unable to win.
/// let mut stats = Stats::default();
/// let answer = can_i_win::solve(&CanIWin::new(6, 12)?, DEFAULT_NODE_BUDGET, &mut stats)?;
/// assert_eq!(answer.best_move, Some(5));
/// assert!(stats.positions > 0 && stats.max_depth <= 7);
/// # Ok::<(), gamesolve::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::BudgetExhausted`] (unit `positions`) when the search would
/// expand more than `node_budget` positions. The search stops at once; no
/// partial answer is returned.
///
/// # See also
///
/// `solver_memo::can_i_win` (top-down with a memo over the `2^n` used sets)
/// and `solver_tabular` (bottom-up over all `2^n` sets), which answer the same
/// games in polynomial time per state.
pub fn solve<R: Recorder<CanIWin>>(
    game: &CanIWin,
    node_budget: u64,
    recorder: &mut R,
) -> Result<CanIWinSolution, Error> {
    solve_until(game, node_budget, Deadline::NEVER, recorder)
}

/// [`solve`], also giving up with [`Error::TimeLimitReached`] once `deadline` has passed (the
/// clock is read once per [`WorkBudget::SLICE`] positions, so this costs nothing per
/// position).
///
/// # Errors
///
/// As [`solve`], and [`Error::TimeLimitReached`] at the deadline.
pub fn solve_until<R: Recorder<CanIWin>>(
    game: &CanIWin,
    node_budget: u64,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<CanIWinSolution, Error> {
    if let Some(settled) = game.settled_without_search() {
        return Ok(settled);
    }
    let mut search = Search {
        full: game.full_mask(),
        work: WorkBudget::new(node_budget, deadline),
        recorder,
    };
    // Not settled, so T <= n(n+1)/2 <= 2080: the remaining total fits easily.
    let best_move = search.best_first_move(game.desired_total());
    if search.work.stopped().is_some() {
        return Err(search
            .work
            .error(NAME, CanIWin::NAME, |budget| Error::BudgetExhausted {
                backend: NAME,
                game: CanIWin::NAME,
                budget,
                unit: "positions",
                hint: BUDGET_HINT,
            }));
    }
    Ok(CanIWinSolution::from_search(best_move))
}

struct Search<'r, R> {
    /// Bits `0..n` set: the whole pool.
    full: u64,
    /// Positions the budget still allows, and the deadline. Once it refuses a position the
    /// answer is meaningless and discarded.
    work: WorkBudget,
    recorder: &'r mut R,
}

impl<R: Recorder<CanIWin>> Search<'_, R> {
    /// The root: the smallest winning first integer, if any.
    fn best_first_move(&mut self, total: u64) -> Option<u32> {
        if !self.expand(0) {
            return None;
        }
        let best = self.smallest_winning_move(total);
        let wins = Verdict::from_wins(best.is_some());
        self.recorder.event(Event::Leave(0, wins));
        best
    }

    #[inline(always)]
    fn smallest_winning_move(&mut self, total: u64) -> Option<u32> {
        let mut free = self.full;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            let value = bit.trailing_zeros() + 1;
            let value_u64 = u64::from(value);
            if value_u64 >= total || !self.wins(bit, total - value_u64) {
                return Some(value);
            }
            free &= free - 1;
        }
        None
    }

    /// Counts one expanded position and says whether the budget (and the deadline) allowed
    /// it: one compare and one decrement.
    #[inline(always)]
    fn expand(&mut self, used: u64) -> bool {
        if !self.work.take() {
            return false;
        }
        self.recorder.position(u64::from(used.count_ones()) + 1);
        self.recorder.event(Event::Enter(used));
        true
    }

    /// Whether the player to move wins when the integers in `used` are gone
    /// and `remaining > 0` is still needed.
    ///
    /// Once the budget is exhausted (or the deadline passed) every call returns `true` at once, so
    /// each pending loop runs out after at most `n` such calls and the search
    /// unwinds in `O(n^2)` steps, with no check after each call on the
    /// normal path.
    fn wins(&mut self, used: u64, remaining: u64) -> bool {
        if !self.expand(used) {
            return true;
        }
        let wins = self.has_winning_move(used, remaining);
        self.recorder
            .event(Event::Leave(used, Verdict::from_wins(wins)));
        wins
    }

    /// The move loop of [`Self::wins`].
    #[inline(always)]
    fn has_winning_move(&mut self, used: u64, remaining: u64) -> bool {
        let mut free = self.full & !used;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            let value = u64::from(bit.trailing_zeros()) + 1;
            if value >= remaining || !self.wins(used | bit, remaining - value) {
                return true;
            }
            free &= free - 1;
        }
        false
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use core_types::{NoStats, Outcome, Stats};
    use proptest::prelude::*;

    fn solve_default(n: u32, t: u64) -> CanIWinSolution {
        solve(
            &CanIWin::new(n, t).unwrap(),
            crate::DEFAULT_NODE_BUDGET,
            &mut NoStats,
        )
        .unwrap()
    }

    #[test]
    fn leetcode_464_examples() {
        assert!(!solve_default(10, 11).can_i_win());
        assert!(solve_default(10, 0).can_i_win());
        assert_eq!(solve_default(10, 0).best_move, None);
        assert!(solve_default(10, 1).can_i_win());
        assert_eq!(solve_default(10, 1).best_move, Some(1));
    }

    #[test]
    fn edge_cases() {
        // n = 1: one move, reaching any T <= 1.
        assert_eq!(solve_default(1, 1).best_move, Some(1));
        // T <= n: the first player takes T (the smallest winning move).
        assert_eq!(solve_default(10, 7).best_move, Some(7));
        assert_eq!(solve_default(10, 10).best_move, Some(10));
        // sum == T: parity of n decides.
        assert_eq!(solve_default(5, 15).outcome, Outcome::FirstPlayerWins);
        assert_eq!(solve_default(4, 10).outcome, Outcome::SecondPlayerWins);
        // sum < T: a draw.
        assert_eq!(solve_default(4, 11).outcome, Outcome::Draw);
        // Large but settled: answered without search.
        assert_eq!(solve_default(64, 2081).outcome, Outcome::Draw);
        assert_eq!(solve_default(64, 2080).outcome, Outcome::SecondPlayerWins);
        // Large n, trivial total: the root's first move already wins.
        assert_eq!(solve_default(64, 1).best_move, Some(1));
    }

    #[test]
    fn budget_error_names_budget_and_suggests_memo() {
        let game = CanIWin::new(12, 40).unwrap();
        let err = solve(&game, 100, &mut NoStats).unwrap_err();
        assert_eq!(
            err,
            Error::BudgetExhausted {
                backend: "recursive",
                game: "can-i-win",
                budget: 100,
                unit: "positions",
                hint: BUDGET_HINT,
            }
        );
        assert!(err.to_string().contains("budget of 100 positions"));
        assert!(err.to_string().contains("`memo`"));
        // Exhausting the budget deep in a huge game unwinds at once.
        let huge = CanIWin::new(64, 1500).unwrap();
        assert!(solve(&huge, 1_000, &mut NoStats).is_err());
        // A zero budget refuses any search, but settled games need none.
        assert!(solve(&game, 0, &mut NoStats).is_err());
        assert!(solve(&CanIWin::new(64, 0).unwrap(), 0, &mut NoStats).is_ok());
    }

    #[test]
    fn budget_is_exact() {
        let game = CanIWin::new(8, 20).unwrap();
        let mut stats = Stats::default();
        solve(&game, u64::MAX, &mut stats).unwrap();
        assert!(solve(&game, stats.positions, &mut NoStats).is_ok());
        assert!(solve(&game, stats.positions - 1, &mut NoStats).is_err());
        assert!((2..=9).contains(&stats.max_depth));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn agrees_with_brute_force(
            (n, t) in (1u32..=10).prop_flat_map(|n| (Just(n), 0..=u64::from(n * (n + 1) / 2) + 1))
        ) {
            let answer = solve_default(n, t);
            let expected = test_support::reference::can_i_win(n, t);
            prop_assert_eq!((answer.outcome, answer.best_move), (expected.outcome, expected.best_move()));
        }
    }
}
