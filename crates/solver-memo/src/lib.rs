//! Top-down memoized solvers for Can I Win and Predict the Winner: the
//! textbook recursion, with every position solved once.
//!
//! This is the `memo` backend of gamesolve. It explores only the positions
//! reachable from the start, so it shines when few are (small totals), and
//! it refuses, before allocating, any table larger than its memory cap
//! ([`DEFAULT_MEMORY_CAP_BYTES`], 1 GiB by default).
//!
//! # Example
//!
//! ```
//! use gamesolve::{CanIWin, Error, Outcome, PredictTheWinner, core_types::{Solver, WithLimits}};
//! use gamesolve::backends::solver_memo::MemoSolver;
//!
//! let mut solver = MemoSolver::new();
//! // The hardest LeetCode 464 instance, n = 20 and T = 158: a second-player win.
//! let answer = solver.solve(&CanIWin::new(20, 158)?)?;
//! assert_eq!(answer.outcome, Outcome::SecondPlayerWins);
//! // Far beyond any dense table, but a small total: a sparse memo of few states.
//! assert!(solver.solve(&CanIWin::new(60, 30)?)?.can_i_win());
//! // LeetCode 486: [1, 5, 233, 7] is won by 222.
//! let answer = solver.solve(&PredictTheWinner::new(vec![1, 5, 233, 7]))?;
//! assert_eq!(answer.margin, 222);
//!
//! // A table beyond the memory cap is refused, not attempted.
//! let mut small = MemoSolver::new().with_memory_cap_bytes(1 << 20);
//! let err = small.solve(&PredictTheWinner::new(vec![1; 1000]));
//! assert!(matches!(err, Err(Error::TableTooLarge { parameter: "len", value: 1000, .. })));
//! # Ok::<(), Error>(())
//! ```
//!
//! # Cost per game
//!
//! - **Can I Win** ([`can_i_win`]): with `n` the largest integer and
//!   `S <= 2^n` the states reached from the start, time `O(S · n)`. Memory:
//!   a dense table of 2 bits per state, `2^n / 4` bytes (256 KiB at
//!   `n = 20`, 8 MiB at `n = 25`), used while it fits the memory cap
//!   (`n <= 32` at 1 GiB); beyond, a sparse open-addressing table of only
//!   the `S` visited states, one 8-byte word each at most three quarters
//!   full (5.3 to 10.7 bytes per state, twice that while it doubles; 16-byte
//!   words at `n = 64`), up to a state budget ([`DEFAULT_STATE_BUDGET`]) and
//!   the memory cap. From `n = 22` (a dense
//!   table of 1 MiB or more) the search starts in a small sparse table and moves to
//!   the dense table only after a few thousand states, so easy totals never
//!   touch a large table. Settled games are answered without search for
//!   every `n <= 64`.
//! - **Predict the Winner** ([`predict_the_winner`]): with `len` the number
//!   of values, time `Θ(len^2)`; memory a triangular interval table of
//!   `len·(len-1)/2` cells, 8 bytes each (16 when the values are so large
//!   that margins need `i128`): about 100 MB at `len = 5000`. Rows whose
//!   table exceeds the memory cap (`len > 16384` at 1 GiB) are refused;
//!   use `tabular` there. A [`MemoSolver`] keeps the table's allocation
//!   between solves (see [`MemoSolver::release_tables`]).
//!
//! Both count positions expanded, memo hits, states stored, table cells and
//! bytes, and the maximum depth when solved with
//! [`Stats`](core_types::Stats).
//!
//! # Time limit
//!
//! Every variant honours a wall-clock time limit
//! ([`SolverConfig::time_limit`], [`MemoSolver::with_time_limit`]): each
//! solve starts its own [`Deadline`](core_types::Deadline) and gives up with
//! [`Error::TimeLimitReached`](core_types::Error::TimeLimitReached) once it passes. The search ticks a
//! [`DeadlineClock`](core_types::DeadlineClock) once per expanded state (Can
//! I Win, the generic hash map) or once per 32 levels of recursion
//! (Predict the Winner's interval table, whose cells cost a few
//! nanoseconds), and reads the clock once every 4,096 ticks: a limit is
//! overrun by about a millisecond, and a solve without one pays a decrement
//! per state.
//!
//! # See also
//!
//! `solver-recursive` (the same recursions without a memo: exponential) and
//! `solver-tabular` (bottom-up tables: faster on hard totals, `O(len)`
//! memory for Predict the Winner).
#![deny(missing_docs)]

pub mod alpha_beta;
pub mod bounded;
pub mod can_i_win;
pub mod hash_map;
pub mod indexed;
pub mod predict_the_winner;
mod segments;
pub mod textbook;
pub mod word_table;

use std::time::Duration;

use core_types::WithLimits;
use core_types::{CanIWin, Kernel, Limits, PredictTheWinner, SolverConfig};

/// The backend's one name: crate suffix, cargo feature, CLI value, bench id.
pub const NAME: &str = "memo";

/// The largest table a solver allocates unless configured: 1 GiB. The dense
/// Can I Win table fits up to `n = 32`; the Predict the Winner table up to
/// `len = 16384` (with `i64` margins).
pub const DEFAULT_MEMORY_CAP_BYTES: u64 = core_types::limits::DEFAULT_MEMORY_CAP_BYTES;

/// States the sparse memos store before giving up, unless configured:
/// [`core_types::limits::DEFAULT_STATE_BUDGET`], no budget of their own, so
/// as many states as fit in the memory cap (50,331,648 for the sparse Can I
/// Win table at 1 GiB, [`can_i_win::sparse_state_limit`]). The reasons are
/// in [`core_types::limits`].
///
/// It was 3 million from issue 12 to issue 27 (20 million before): a hopeless
/// search (`n = 40, T = 800`) then gave up in about 0.4 seconds, where filling
/// the memory cap takes some 5 to 10 seconds (the search is bound by memory
/// latency, 150 to 250 ns per state once the table outgrows the caches); but
/// it refused games that fit in memory. A caller who wants the quick refusal
/// sets a budget (`Limits::state_budget`).
pub const DEFAULT_STATE_BUDGET: u64 = core_types::limits::DEFAULT_STATE_BUDGET;

/// The top-down memoized solver; see the [crate docs](crate).
///
/// ```
/// use gamesolve::backends::solver_memo::{MemoSolver, DEFAULT_MEMORY_CAP_BYTES, DEFAULT_STATE_BUDGET};
/// use gamesolve::core_types::WithLimits;
/// let solver = MemoSolver::new();
/// assert_eq!(solver.memory_cap_bytes(), DEFAULT_MEMORY_CAP_BYTES);
/// assert_eq!(solver.state_budget(), DEFAULT_STATE_BUDGET);
/// let solver = solver.with_memory_cap_bytes(1 << 20).with_state_budget(1_000);
/// assert_eq!((solver.memory_cap_bytes(), solver.state_budget()), (1 << 20, 1_000));
///
/// // A time limit bounds every solve; here one that has already passed.
/// use gamesolve::{CanIWin, Error, core_types::Solver};
/// use std::time::Duration;
/// let mut solver = solver.with_time_limit(Some(Duration::ZERO));
/// let err = solver.solve(&CanIWin::new(20, 158)?).unwrap_err();
/// assert_eq!(err.to_string(), "backend `memo` gave up on can-i-win: it reached its time limit of 0s (`Limits::time_limit`)");
/// # Ok::<(), Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct MemoSolver {
    /// The limits it reads (memory cap, state budget, time limit), defaults resolved per solve.
    limits: Limits,
    /// The Predict the Winner table's allocation, reused between solves.
    interval_table: predict_the_winner::IntervalTable,
    /// The Can I Win table the last solve picked ([`Kernel::last_kernel`]).
    last_can_i_win_kernel: &'static str,
}

impl MemoSolver {
    /// A solver with the default memory cap and state budget.
    pub fn new() -> Self {
        MemoSolver {
            limits: Limits::new(),
            interval_table: predict_the_winner::IntervalTable::new(),
            last_can_i_win_kernel: <Self as Kernel<CanIWin>>::VARIANT,
        }
    }

    /// The limits it solves with, as configured (`None`: the default).
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The configured memory cap in bytes.
    pub fn memory_cap_bytes(&self) -> u64 {
        self.limits.memory_cap_or_default()
    }

    /// The configured sparse state budget.
    pub fn state_budget(&self) -> u64 {
        self.limits.state_budget_or_default()
    }

    /// The configured time limit of one solve.
    pub fn time_limit(&self) -> Option<Duration> {
        self.limits.time_limit
    }

    /// Frees the Predict the Winner table kept from the last solve.
    ///
    /// The solver keeps that allocation (at most the memory cap) so that
    /// solving again, as benchmarks do, skips allocating and faulting in
    /// fresh pages; call this to give the memory back early. Dropping the
    /// solver frees it too.
    pub fn release_tables(&mut self) {
        self.interval_table.release();
    }
}

/// The limits' setters ([`WithLimits`]): it reads the memory cap, the state budget and the time limit.
impl WithLimits for MemoSolver {
    fn limits_mut(&mut self) -> &mut Limits {
        &mut self.limits
    }
}

impl Default for MemoSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl MemoSolver {
    /// A solver with the limits of `config` (or the defaults).
    pub fn from_config(config: &SolverConfig) -> Self {
        MemoSolver {
            limits: *config,
            interval_table: predict_the_winner::IntervalTable::new(),
            last_can_i_win_kernel: <Self as Kernel<CanIWin>>::VARIANT,
        }
    }
}

core_types::kernel! {
    /// The automatic choice ([`can_i_win::solve`]): dense table, sparse-then-dense or sparse table
    /// by the size of the dense table against the memory cap.
    impl Kernel<CanIWin> for MemoSolver = (NAME, "auto");
    fn run(this, game, recorder) {
        let deadline = this.limits.deadline();
        let (cap, budget) = (this.memory_cap_bytes(), this.state_budget());
        this.last_can_i_win_kernel = if game.settled_without_search().is_some() {
            <Self as Kernel<CanIWin>>::VARIANT
        } else {
            can_i_win::automatic_choice(game, cap).variant()
        };
        can_i_win::solve(game, cap, budget, deadline, recorder)
    }

    /// The table the last solve picked: `dense`, `sparse-then-dense` or `sparse`; `auto` when
    /// the game was settled without a search (no table at all).
    fn last_kernel(&self) -> &'static str {
        self.last_can_i_win_kernel
    }
}

core_types::kernel! {
    /// The interval table ([`predict_the_winner::solve_reusing`]), its allocation kept between
    /// solves.
    impl Kernel<PredictTheWinner> for MemoSolver = (NAME, "interval");
    fn run(this, game, recorder) {
        let deadline = this.limits.deadline();
        predict_the_winner::solve_reusing(
            game,
            this.limits.memory_cap_or_default(),
            &mut this.interval_table,
            deadline,
            recorder,
        )
    }
}
