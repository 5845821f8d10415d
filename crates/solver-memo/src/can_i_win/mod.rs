//! Can I Win by top-down search with a memo over the sets of used integers.
//!
//! A state is the set of integers already taken, a `u64` bitmask (bit `k` is
//! integer `k + 1`); the total still needed follows from it, so one Boolean
//! per set is the whole memo. Two memo layouts share one search kernel:
//!
//! - **dense** ([`solve_dense`]): a table of 2 bits per state (unknown, win,
//!   lose) over all `2^n` sets, in `u64` words (32 states each).
//!   Used when `2^n · 2` bits fit the memory cap (`n <= 32` at the default
//!   1 GiB).
//! - **sparse** ([`solve_sparse`]): an open-addressing table of only the
//!   visited sets, one word per state with the verdict packed in, for any
//!   `n <= 64`, bounded by a state budget and by the memory cap. Small
//!   totals with large `n` (say `n = 60, T = 30`) visit few states and
//!   answer in microseconds.
//!
//! [`solve`] picks sparse when the dense table does not fit the memory cap.
//! When it fits but is large (1 MiB or more, `n >= 22`), [`solve`] starts
//! with a sparse table and moves to the dense one once the search has stored a few
//! thousand states ([`solve_sparse_then_dense`]): easy totals then never pay
//! for faulting in the pages of a large table.
//!
//! The root tries the integers in ascending order and reports the first
//! winning one (the smallest). Below the root, a position is won as soon as
//! one move wins, so the order only changes how much is explored: the
//! largest integers are tried first, which explores far less (`n = 20,
//! T = 158`: 447,474 positions instead of 696,273 ascending; `n = 64,
//! T = 100`: 53 instead of 4,178). A move after which the opponent holds an
//! integer reaching the remaining total loses on the spot: it is rejected
//! without a memo lookup, so only positions that need a real search are
//! stored.

mod dense;
mod search;
mod sparse;

pub use dense::{dense_table_bytes, solve_dense};
pub use sparse::{
    dense_switch_threshold, solve_sparse, solve_sparse_then_dense, sparse_map_bytes,
    sparse_slot_bytes, sparse_state_limit,
};

use core_types::{CanIWin, CanIWinSolution, Deadline, Error, Recorder, Variant};

use crate::MemoSolver;
use crate::NAME;

/// The `memo` backend's variants for Can I Win, its automatic choice first: one list that the
/// registry, the CLI (`--backend memo/dense`), the tests and the benches iterate.
pub const VARIANTS: &[Variant<CanIWin>] = &[
    Variant {
        backend: NAME,
        name: "auto",
        summary: "dense table while it is small, sparse-then-dense from n = 22, sparse table \
                  beyond the memory cap",
        build: |config| Box::new(MemoSolver::from_config(config)),
    },
    Variant {
        backend: NAME,
        name: "dense",
        summary: "2-bit table over all 2^n used-sets (2^n / 4 bytes), refused beyond the \
                  memory cap",
        build: |config| Box::new(Dense(*config)),
    },
    Variant {
        backend: NAME,
        name: "sparse",
        summary: "open-addressing table of the visited used-sets only (an 8-byte word each), \
                  up to the state budget and the memory cap",
        build: |config| Box::new(Sparse(*config)),
    },
    Variant {
        backend: NAME,
        name: "sparse-then-dense",
        summary: "starts in a small sparse table, moves to the dense table after a few \
                  thousand states",
        build: |config| Box::new(SparseThenDense(*config)),
    },
    crate::hash_map::variant(),
    crate::indexed::variant(),
    crate::alpha_beta::variant(),
    crate::bounded::variant(),
    crate::bounded::all_cores_variant(),
];

/// The limits a fixed-variant kernel runs with: the one [`core_types::Limits`] (each kernel
/// reads the memory cap, the state budget where it keeps a sparse table, and the time limit).
pub use core_types::Limits;

/// The `memo/dense` variant: always [`solve_dense`].
#[derive(Clone, Copy, Debug)]
pub struct Dense(pub Limits);

core_types::kernel! {
    impl Kernel<CanIWin> for Dense = (NAME, "dense");
    fn run(this, game, recorder) {
        let deadline = this.0.deadline();
        solve_dense(game, this.0.memory_cap_or_default(), deadline, recorder)
    }
}

/// The `memo/sparse` variant: always [`solve_sparse`].
#[derive(Clone, Copy, Debug)]
pub struct Sparse(pub Limits);

core_types::kernel! {
    impl Kernel<CanIWin> for Sparse = (NAME, "sparse");
    fn run(this, game, recorder) {
        let (cap, budget) = (
            this.0.memory_cap_or_default(),
            this.0.state_budget_or_default(),
        );
        solve_sparse(game, cap, budget, this.0.deadline(), recorder)
    }
}

/// The `memo/sparse-then-dense` variant: always [`solve_sparse_then_dense`].
#[derive(Clone, Copy, Debug)]
pub struct SparseThenDense(pub Limits);

core_types::kernel! {
    impl Kernel<CanIWin> for SparseThenDense = (NAME, "sparse-then-dense");
    fn run(this, game, recorder) {
        if let Some(settled) = game.settled_without_search() {
            return Ok(settled);
        }
        let deadline = this.0.deadline();
        solve_sparse_then_dense(game, this.0.memory_cap_or_default(), deadline, recorder)
    }
}

/// Solves a Can I Win game with the dense table when `2^n · 2` bits fit
/// `memory_cap_bytes`, with the sparse table (at most `state_budget` states)
/// otherwise, giving up when `deadline` passes.
///
/// Settled games ([`CanIWin::settled_without_search`]) are answered first,
/// for every `n`, without allocating anything.
///
/// # Complexity
///
/// With `n` the largest integer and `S` the number of states the search
/// reaches (at most `2^n`, often far fewer): time `O(S · n)`; auxiliary
/// memory `2^n / 4` bytes (dense) or one 8-byte slot per stored state in a
/// power-of-two array at most three quarters full, 1.5 times that while it
/// doubles (sparse: [`sparse_map_bytes`]), plus `O(n)` stack. The deadline
/// costs one tick per expanded state.
///
/// # Examples
///
/// ```
/// use gamesolve::{CanIWin, Outcome, Stats, core_types::{Deadline, NoStats}};
/// use gamesolve::backends::solver_memo::{can_i_win, DEFAULT_MEMORY_CAP_BYTES, DEFAULT_STATE_BUDGET};
///
/// let (cap, budget) = (DEFAULT_MEMORY_CAP_BYTES, DEFAULT_STATE_BUDGET);
/// let never = Deadline::NEVER;
/// // The hardest LeetCode instance: n = 20, T = 158 (dense, 256 KiB).
/// let answer = can_i_win::solve(&CanIWin::new(20, 158)?, cap, budget, never, &mut NoStats)?;
/// assert_eq!(answer.outcome, Outcome::SecondPlayerWins);
///
/// // n = 60 does not fit densely; a small total needs few states (sparse).
/// let mut stats = Stats::default();
/// let answer = can_i_win::solve(&CanIWin::new(60, 100)?, cap, budget, never, &mut stats)?;
/// assert_eq!(answer.best_move, Some(39));
/// assert!(stats.states < 1_000_000);
/// # Ok::<(), gamesolve::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::BudgetExhausted`] (unit `states`) when the sparse table would need
/// more than `state_budget` states, or more than fit the memory cap;
/// [`Error::AllocationFailed`] when the system refuses the dense table's
/// memory, or the sparse table's growth (naming the bytes it asked for);
/// [`Error::TimeLimitReached`] when `deadline` passes first.
///
/// # See also
///
/// `solver_recursive::can_i_win` (the same search with no memo: exponential
/// in orders, not sets) and `solver_tabular` (bottom-up over all `2^n` sets,
/// 1 bit per state: fastest when most sets are reachable).
pub fn solve<R: Recorder<CanIWin>>(
    game: &CanIWin,
    memory_cap_bytes: u64,
    state_budget: u64,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<CanIWinSolution, Error> {
    if let Some(settled) = game.settled_without_search() {
        return Ok(settled);
    }
    match automatic_choice(game, memory_cap_bytes) {
        Choice::Sparse => solve_sparse(game, memory_cap_bytes, state_budget, deadline, recorder),
        Choice::SparseThenDense => {
            solve_sparse_then_dense(game, memory_cap_bytes, deadline, recorder)
        }
        Choice::Dense => solve_dense(game, memory_cap_bytes, deadline, recorder),
    }
}

/// The table [`solve`] uses for a game that needs a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// [`solve_dense`]: the dense table is small.
    Dense,
    /// [`solve_sparse_then_dense`]: the dense table fits the cap but is at least
    /// [`SPARSE_FIRST_MIN_DENSE_BYTES`].
    SparseThenDense,
    /// [`solve_sparse`]: the dense table does not fit the memory cap.
    Sparse,
}

impl Choice {
    /// The name of the variant that always runs this table (`memo/dense`, …).
    pub const fn variant(self) -> &'static str {
        match self {
            Choice::Dense => "dense",
            Choice::SparseThenDense => "sparse-then-dense",
            Choice::Sparse => "sparse",
        }
    }
}

/// Which table [`solve`] runs for `game` under `memory_cap_bytes`: by the size of the dense
/// table alone, so the same for every total of one `n`.
pub fn automatic_choice(game: &CanIWin, memory_cap_bytes: u64) -> Choice {
    let dense_bytes = dense_table_bytes(game.max_choosable());
    if dense_bytes > u128::from(memory_cap_bytes) {
        Choice::Sparse
    } else if dense_bytes >= SPARSE_FIRST_MIN_DENSE_BYTES {
        Choice::SparseThenDense
    } else {
        Choice::Dense
    }
}

/// From this dense table size on (`n >= 22`), [`solve`] starts with a
/// sparse table and moves to the dense one only once the search has stored
/// [`dense_switch_threshold`] states; see [`solve_sparse_then_dense`].
pub const SPARSE_FIRST_MIN_DENSE_BYTES: u128 = 1 << 20;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::{DEFAULT_MEMORY_CAP_BYTES as CAP, DEFAULT_STATE_BUDGET as BUDGET};
    use core_types::{NoStats, Outcome, Stats};
    use proptest::prelude::*;

    pub(super) fn answer(n: u32, t: u64) -> (Outcome, Option<u32>) {
        let game = CanIWin::new(n, t).unwrap();
        let s = solve(&game, CAP, BUDGET, Deadline::NEVER, &mut NoStats).unwrap();
        (s.outcome, s.best_move)
    }

    pub(super) fn sparse(n: u32, t: u64) -> (Outcome, Option<u32>) {
        let game = CanIWin::new(n, t).unwrap();
        let s = solve_sparse(&game, CAP, BUDGET, Deadline::NEVER, &mut NoStats).unwrap();
        (s.outcome, s.best_move)
    }

    #[test]
    fn leetcode_464_examples() {
        assert_eq!(answer(10, 11), (Outcome::SecondPlayerWins, None));
        assert_eq!(answer(10, 0), (Outcome::FirstPlayerWins, None));
        assert_eq!(answer(10, 1), (Outcome::FirstPlayerWins, Some(1)));
        assert_eq!(answer(20, 158), (Outcome::SecondPlayerWins, None));
    }

    #[test]
    fn edge_cases() {
        assert_eq!(answer(1, 1), (Outcome::FirstPlayerWins, Some(1)));
        assert_eq!(answer(10, 10), (Outcome::FirstPlayerWins, Some(10)));
        assert_eq!(answer(5, 15), (Outcome::FirstPlayerWins, Some(1)));
        assert_eq!(answer(4, 10), (Outcome::SecondPlayerWins, None));
        assert_eq!(answer(4, 11), (Outcome::Draw, None));
        assert_eq!(answer(64, u64::MAX), (Outcome::Draw, None));
        assert_eq!(answer(64, 2080), (Outcome::SecondPlayerWins, None));
        // Beyond the dense table, small totals stay quick.
        assert_eq!(answer(60, 30), (Outcome::FirstPlayerWins, Some(30)));
        assert_eq!(answer(64, 65), (Outcome::SecondPlayerWins, None));
        assert_eq!(answer(64, 100).0, Outcome::FirstPlayerWins);
    }

    #[test]
    fn solve_switches_to_sparse_when_the_dense_table_does_not_fit() {
        let game = CanIWin::new(16, 30).unwrap();
        let dense_bytes = dense_table_bytes(16) as u64;
        let mut dense = Stats::default();
        let a = solve(&game, dense_bytes, BUDGET, Deadline::NEVER, &mut dense).unwrap();
        assert_eq!(dense.table_cells, 1 << 16);
        // Few enough states for a map within a cap one byte short of dense.
        assert!(dense.states < sparse_state_limit(16, dense_bytes - 1, BUDGET));
        let mut sparse = Stats::default();
        let b = solve(&game, dense_bytes - 1, BUDGET, Deadline::NEVER, &mut sparse).unwrap();
        assert_eq!(a, b);
        assert_ne!(sparse.table_cells, 1 << 16);
        assert_eq!(sparse.states, dense.states);
        assert!(sparse.table_bytes > 0);
    }

    #[test]
    fn stats_count_the_search() {
        let mut stats = Stats::default();
        let game = CanIWin::new(10, 40).unwrap();
        solve(&game, CAP, BUDGET, Deadline::NEVER, &mut stats).unwrap();
        assert!(stats.positions > 1 && stats.memo_hits > 0);
        assert_eq!(stats.states + 1, stats.positions); // all but the root
        assert_eq!((stats.table_cells, stats.table_bytes), (1024, 256));
        assert!((2..=11).contains(&stats.max_depth));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn dense_and_sparse_agree_with_brute_force(
            (n, t) in (1u32..=10).prop_flat_map(|n| (Just(n), 0..=u64::from(n * (n + 1) / 2) + 1))
        ) {
            let reference = test_support::reference::can_i_win(n, t);
            let expected = (reference.outcome, reference.best_move());
            prop_assert_eq!(answer(n, t), expected);
            prop_assert_eq!(sparse(n, t), expected);
        }
    }
}
