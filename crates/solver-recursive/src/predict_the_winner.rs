//! Predict the Winner by plain recursion on the interval `[i, j]`: no memo,
//! exactly as taught.
//!
//! `m(i, j) = max(a[i] - m(i+1, j), a[j] - m(i, j-1))` with `m(i, i) = a[i]`,
//! evaluated by two recursive calls per interval, so a row of `len` values
//! costs exactly `2^len - 1` calls.

use core_types::deadline::Deadline;
use core_types::error::{Hint, HintPart::Words};
use core_types::{
    Arithmetic, Error, Event, Game, Interval, Margin, MarginValue, PredictTheWinner,
    PredictTheWinnerSolution, Recorder, Side, Variant,
};

use crate::NAME;

use crate::RecursiveSolver;

/// The `recursive` backend's variants for Predict the Winner, its automatic choice first: one list that
/// the registry, the CLI (`--backend recursive/backtrack`), the tests and the benches iterate.
pub const VARIANTS: &[Variant<PredictTheWinner>] = &[
    Variant {
        backend: NAME,
        name: "backtrack",
        summary: "plain recursion over intervals, no memo: 2^len - 1 calls, refused up front past the node budget",
        build: |config| Box::new(RecursiveSolver::from_config(config)),
    },
    crate::negamax::variant(),
];

/// The advice attached to [`Error::BudgetExhausted`].
const BUDGET_HINT: Hint = &[Words(
    "; try backend `memo` or `tabular`, or raise the node budget",
)];

/// The number of calls plain recursion makes on a row of `len` values:
/// `2^len - 1` (0 for an empty row), saturating at `u128::MAX`.
///
/// ```
/// use gamesolve::backends::solver_recursive::predict_the_winner::positions_needed;
/// assert_eq!(positions_needed(0), 0);
/// assert_eq!(positions_needed(3), 7);
/// assert_eq!(positions_needed(200), u128::MAX);
/// ```
pub fn positions_needed(len: usize) -> u128 {
    match u32::try_from(len) {
        Ok(len) if len < 128 => (1u128 << len) - 1,
        _ => u128::MAX,
    }
}

/// Solves a Predict the Winner game by plain recursion, if it takes at most
/// `node_budget` calls.
///
/// The call count is known in advance ([`positions_needed`]: `2^len - 1`), so
/// the budget is checked **before** searching: a row that would exceed it is
/// refused at once instead of after spending the budget. This also bounds the
/// recursion depth by `len <= 64`.
///
/// Margins are computed in `i64` when [`PredictTheWinner::arithmetic`] says it
/// cannot overflow, in `i128` otherwise, so every answer is exact.
///
/// # Complexity
///
/// With `len` the number of values: time `Θ(2^len)` (exactly `2^len - 1`
/// calls); auxiliary memory `O(len)` for the recursion stack, nothing else.
///
/// # Examples
///
/// ```
/// use gamesolve::{PredictTheWinner, core_types::{NoStats, Side}};
/// use gamesolve::backends::solver_recursive::{predict_the_winner, DEFAULT_NODE_BUDGET};
///
/// // LeetCode 486: [1, 5, 233, 7] is a win for the first player by 222.
/// let game = PredictTheWinner::new(vec![1, 5, 233, 7]);
/// let answer = predict_the_winner::solve(&game, DEFAULT_NODE_BUDGET, &mut NoStats)?;
/// assert_eq!(answer.margin, 222);
/// assert_eq!(answer.best_move, Some(Side::Left));
/// assert!(answer.predict_the_winner());
/// # Ok::<(), gamesolve::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::BudgetExhausted`] (unit `positions`) when `2^len - 1 >
/// node_budget` (with the default budget of 10^8, rows longer than 26).
///
/// # See also
///
/// `solver_memo::predict_the_winner` (the same recursion with an interval
/// table: `O(len^2)` time and memory) and `solver_tabular` (bottom-up with one
/// rolling row: `O(len^2)` time, `O(len)` memory).
pub fn solve<R: Recorder<PredictTheWinner>>(
    game: &PredictTheWinner,
    node_budget: u64,
    recorder: &mut R,
) -> Result<PredictTheWinnerSolution, Error> {
    solve_until(game, node_budget, Deadline::NEVER, recorder)
}

/// Intervals at least this long (each a subtree of at least `2^21 - 1` calls, a few
/// milliseconds) read the clock when a deadline is set; shorter ones never do, so the time
/// limit costs one compare per call.
const CLOCK_SPAN: usize = 20;

/// [`solve`], also giving up with [`Error::TimeLimitReached`] once `deadline` has passed (read
/// at intervals of at least 21 values, so a few milliseconds late at most).
///
/// # Errors
///
/// As [`solve`], and [`Error::TimeLimitReached`] at the deadline.
pub fn solve_until<R: Recorder<PredictTheWinner>>(
    game: &PredictTheWinner,
    node_budget: u64,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<PredictTheWinnerSolution, Error> {
    if positions_needed(game.len()) > u128::from(node_budget) {
        return Err(Error::BudgetExhausted {
            backend: NAME,
            game: PredictTheWinner::NAME,
            budget: node_budget,
            unit: "positions",
            hint: BUDGET_HINT,
        });
    }
    let mut search = Search {
        values: game.values(),
        recorder,
        deadline,
        stopped: false,
    };
    let (margin, best_move) = match game.arithmetic() {
        Arithmetic::I64 => search.root::<i64>(),
        Arithmetic::I128 => search.root::<i128>(),
    };
    if search.stopped {
        return Err(deadline.error(NAME, PredictTheWinner::NAME));
    }
    Ok(game.solution(margin, best_move))
}

struct Search<'a, R> {
    values: &'a [i64],
    recorder: &'a mut R,
    deadline: Deadline,
    /// Set when the deadline passed: every margin from then on is meaningless.
    stopped: bool,
}

impl<R: Recorder<PredictTheWinner>> Search<'_, R> {
    /// The root interval `[0, len-1]`: the margin and the optimal first move.
    fn root<M: MarginValue>(&mut self) -> (i128, Option<Side>) {
        let a = self.values;
        let Some(last) = a.len().checked_sub(1) else {
            return (0, None);
        };
        self.recorder.position(1);
        self.recorder
            .event(Event::Enter(Interval::inclusive(0, last)));
        if last == 0 {
            let m = self.leave(0, 0, M::from(a[0]));
            return (m.into(), Some(Side::Left));
        }
        let take_left = M::from(a[0]) - self.margin::<M>(1, last, 2);
        let take_right = M::from(a[last]) - self.margin::<M>(0, last - 1, 2);
        let m = self.leave(0, last, take_left.max(take_right));
        (m.into(), Some(Side::choose(take_left, take_right)))
    }

    /// `m(i, j)` for `i <= j`, the interval at recursion depth `depth`.
    fn margin<M: MarginValue>(&mut self, i: usize, j: usize, depth: u64) -> M {
        let a = self.values;
        if j - i >= CLOCK_SPAN && self.deadline.is_limited() {
            self.stopped = self.stopped || self.deadline.reached();
            if self.stopped {
                return M::from(0);
            }
        }
        self.recorder.position(depth);
        self.recorder.event(Event::Enter(Interval::inclusive(i, j)));
        if i == j {
            return self.leave(i, j, M::from(a[i]));
        }
        let take_left = M::from(a[i]) - self.margin::<M>(i + 1, j, depth + 1);
        let take_right = M::from(a[j]) - self.margin::<M>(i, j - 1, depth + 1);
        self.leave(i, j, take_left.max(take_right))
    }

    /// Reports that `[i, j]` is worth `m` and returns it.
    #[inline(always)]
    fn leave<M: MarginValue>(&mut self, i: usize, j: usize, m: M) -> M {
        let node = Interval::inclusive(i, j);
        self.recorder.event(Event::Leave(node, Margin(m.into())));
        m
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use core_types::{NoStats, Outcome, Stats};
    use proptest::prelude::*;

    fn solve_default(values: &[i64]) -> PredictTheWinnerSolution {
        solve(
            &PredictTheWinner::new(values.to_vec()),
            crate::DEFAULT_NODE_BUDGET,
            &mut NoStats,
        )
        .unwrap()
    }

    #[test]
    fn leetcode_486_examples() {
        let s = solve_default(&[1, 5, 2]);
        assert_eq!(s.margin, -2);
        assert!(!s.predict_the_winner());
        let s = solve_default(&[1, 5, 233, 7]);
        assert_eq!(s.margin, 222);
        assert!(s.predict_the_winner());
        assert_eq!(s.best_move, Some(Side::Left));
    }

    #[test]
    fn coins_in_a_line_iii_examples() {
        assert!(solve_default(&[3, 2, 2]).first_player_strictly_wins());
        assert!(solve_default(&[1, 2, 4]).first_player_strictly_wins());
        assert!(!solve_default(&[1, 20, 4]).first_player_strictly_wins());
    }

    #[test]
    fn edge_cases() {
        let empty = solve_default(&[]);
        assert_eq!((empty.margin, empty.best_move), (0, None));
        assert_eq!(empty.outcome, Outcome::Draw);
        let single = solve_default(&[-7]);
        assert_eq!((single.margin, single.best_move), (-7, Some(Side::Left)));
        let zeros = solve_default(&[0; 6]);
        assert_eq!(
            (zeros.outcome, zeros.best_move),
            (Outcome::Draw, Some(Side::Left))
        );
        // The right end is strictly better.
        assert_eq!(solve_default(&[1, 2]).best_move, Some(Side::Right));
    }

    #[test]
    fn margins_beyond_i64_are_exact() {
        let max = i128::from(i64::MAX);
        let min = i128::from(i64::MIN);
        let s = solve_default(&[i64::MAX, i64::MIN]);
        assert_eq!(s.margin, max - min);
        assert_eq!(s.first_score, max);
        let s = solve_default(&[i64::MIN, i64::MIN, i64::MIN]);
        assert_eq!(s.margin, min);
        assert_eq!(s.first_score, 2 * min);
        let s = solve_default(&[i64::MAX; 5]);
        assert_eq!(s.margin, max);
        assert_eq!(s.first_score, 3 * max);
    }

    #[test]
    fn budget_is_checked_up_front() {
        let game = PredictTheWinner::new((0..10).collect());
        let mut stats = Stats::default();
        solve(&game, 1023, &mut stats).unwrap();
        assert_eq!(stats.positions, 1023);
        assert_eq!(stats.max_depth, 10);
        let err = solve(&game, 1022, &mut NoStats).unwrap_err();
        assert!(err.to_string().contains("budget of 1022 positions"));
        assert!(err.to_string().contains("`memo`"));
        // A huge row is refused instantly, not after a deep recursion.
        let huge = PredictTheWinner::new(vec![1; 1_000_000]);
        assert!(matches!(
            solve(&huge, u64::MAX, &mut NoStats),
            Err(Error::BudgetExhausted { .. })
        ));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]
        #[test]
        fn agrees_with_brute_force(values in prop::collection::vec(any::<i64>(), 0..=10)) {
            let answer = solve_default(&values);
            let expected = test_support::reference::predict_the_winner_brute(&values);
            prop_assert_eq!(answer.margin, expected.margin);
            prop_assert_eq!(answer.best_move, expected.best_move());
        }

        #[test]
        fn small_values_agree_with_brute_force(values in prop::collection::vec(-20i64..=20, 0..=10)) {
            let expected = test_support::reference::predict_the_winner_brute(&values);
            prop_assert_eq!(solve_default(&values).margin, expected.margin);
        }
    }
}
