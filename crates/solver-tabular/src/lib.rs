//! Bottom-up table solvers for Can I Win and Predict the Winner, and retrograde analysis for
//! any indexed game (Cat and Mouse): the `tabular` backend of gamesolve.
//!
//! Both games are solved by filling a table in an order where every value a
//! cell needs is already there, so there is no recursion and no hashing.
//!
//! - **Can I Win** ([`can_i_win`]): one bit per subset of `1..=n`, filled in
//!   descending mask order (every superset first). Cost: `O(2^n · n)` time in
//!   the worst case (in practice about one machine word of work per 64
//!   subsets), `2^n` bits of memory (`2^(n-3)` bytes: 128 KiB at `n = 20`,
//!   512 MiB at `n = 32`). With the default 1 GiB cap it answers `n <= 33`.
//!   Tables for [`can_i_win_parallel::PARALLEL_MIN_MAX_CHOOSABLE`] integers
//!   or more are split over all cores ([`can_i_win_parallel`],
//!   [`TabularSolver::with_threads`]); the facade's `games::can_i_win_all_totals`
//!   answers every total of an `n` in one pass.
//! - **Predict the Winner** ([`predict_the_winner`]): one rolling row over
//!   interval lengths. Cost: `len(len+1)/2` cells, `O(len^2)` time, `O(len)`
//!   memory (8 bytes per value, 16 when the values are so large that margins
//!   need `i128`). A cache-tiled kernel, vectorised with AVX-512 or AVX2 when
//!   the CPU has it (detected at run time), computes about 9 cells per
//!   nanosecond on one core, so `10^5` values take about half a second; rows
//!   of [`predict_the_winner::PARALLEL_MIN_LEN`] values or more are split
//!   over all cores ([`TabularSolver::with_threads`]).
//!
//! - **Any indexed game** ([`retrograde`]): retrograde analysis, from the terminal positions
//!   backwards by a queue over reversed edges, the positions never decided being draws. The
//!   only solver of loopy games (Cat and Mouse, whose positions repeat); a generic table for
//!   acyclic ones. Cost: `O(positions + moves)` time; 13 bytes per position for a win/lose/draw
//!   game that lists the moves into a position ([`core_types::Unmove`]), else 17 bytes per
//!   position and 8 per move (4-byte moves).
//!
//! Prefer the `memo` backend for Can I Win with a small total (it visits only
//! the few states reachable from the start), and `tabular` for hard totals and
//! long Predict the Winner rows.
//!
//! # Example
//!
//! ```
//! use gamesolve::{CanIWin, Error, Outcome, PredictTheWinner, core_types::{Side, Solver}};
//! use gamesolve::backends::solver_tabular::TabularSolver;
//!
//! let mut solver = TabularSolver::new();
//! // LeetCode 464: with 1..=10, the first player cannot force 11.
//! let answer = solver.solve(&CanIWin::new(10, 11)?)?;
//! assert_eq!(answer.outcome, Outcome::SecondPlayerWins);
//! // The hardest LeetCode-range total (2^20 states): also a loss.
//! assert!(!solver.solve(&CanIWin::new(20, 158)?)?.can_i_win());
//!
//! // LeetCode 486: [1, 5, 233, 7] is a win by 222 for the first player.
//! let answer = solver.solve(&PredictTheWinner::new(vec![1, 5, 233, 7]))?;
//! assert_eq!((answer.margin, answer.best_move), (222, Some(Side::Left)));
//! Ok::<(), Error>(())
//! ```
#![deny(missing_docs)]

pub mod can_i_win;
pub mod can_i_win_parallel;
pub mod predict_the_winner;
pub mod retrograde;

use std::time::Duration;

use core_types::WithLimits;
use core_types::{
    CanIWin, CanIWinSolution, Deadline, Error, Kernel, Limits, PredictTheWinner,
    PredictTheWinnerSolution, Recorder, SolverConfig,
};

/// The backend's one name: crate suffix, cargo feature, CLI value, bench id.
pub const NAME: &str = "tabular";

/// The default memory cap: 1 GiB, enough for Can I Win up to `n = 33`.
pub const DEFAULT_MEMORY_CAP_BYTES: u64 = core_types::limits::DEFAULT_MEMORY_CAP_BYTES;

/// The `tabular` backend: bottom-up tables for both games.
///
/// Holds only its limits: a memory cap, a time limit, and how many threads a large Can I
/// Win table or a long Predict the Winner row may use. Every call allocates its own table (checked
/// against the cap before allocating) and frees it on return; the time limit starts when a call
/// does, and every kernel looks at the clock between chunks of its pass (a few thousand table
/// words, or one tile of cells), so a call stops within about a millisecond of the limit with
/// [`Error::TimeLimitReached`].
///
/// # Examples
///
/// ```
/// use gamesolve::{CanIWin, Error, core_types::{Solver, WithLimits}};
/// use gamesolve::backends::solver_tabular::TabularSolver;
///
/// let mut solver = TabularSolver::new().with_memory_cap_bytes(1 << 20);
/// assert_eq!(Solver::<CanIWin>::name(&solver), "tabular");
/// assert!(!solver.solve(&CanIWin::new(20, 158)?)?.can_i_win());
/// // 2^30 bits do not fit in 1 MiB: refused before allocating.
/// assert!(solver.solve(&CanIWin::new(30, 200)?).is_err());
/// Ok::<(), Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct TabularSolver {
    /// The limits it reads, defaults resolved when a solve starts.
    limits: Limits,
    threads: usize,
    /// The variants the last solve of each game ran ([`Kernel::last_kernel`]).
    last_can_i_win_kernel: &'static str,
    last_predict_the_winner_kernel: &'static str,
    /// Whether the last solve by a one-core variant holding this solver was traced (it then
    /// ran the reference pass).
    last_traced: bool,
}

/// The limits' setters ([`WithLimits`]): it reads the memory cap and the time limit.
impl WithLimits for TabularSolver {
    fn limits_mut(&mut self) -> &mut Limits {
        &mut self.limits
    }
}

impl Default for TabularSolver {
    fn default() -> Self {
        TabularSolver::new()
    }
}

impl TabularSolver {
    /// A solver with the [default memory cap](DEFAULT_MEMORY_CAP_BYTES),
    /// using all available cores for large Can I Win tables and long Predict
    /// the Winner rows.
    pub fn new() -> Self {
        TabularSolver {
            limits: Limits::new(),
            threads: 0,
            last_can_i_win_kernel: <Self as Kernel<CanIWin>>::VARIANT,
            last_predict_the_winner_kernel: <Self as Kernel<PredictTheWinner>>::VARIANT,
            last_traced: false,
        }
    }

    /// Sets how many threads a Can I Win table for at least
    /// [`can_i_win_parallel::PARALLEL_MIN_MAX_CHOOSABLE`] integers, or a
    /// Predict the Winner row of at least
    /// [`predict_the_winner::PARALLEL_MIN_LEN`] values, may use: 1 for one
    /// thread, 0 (the default) for all available cores. Smaller games always
    /// run on one thread.
    pub fn with_threads(self, threads: usize) -> Self {
        TabularSolver { threads, ..self }
    }

    /// The time limit of one call (`None` = no limit).
    pub fn time_limit(&self) -> Option<Duration> {
        self.limits.time_limit
    }

    /// The deadline of a call that starts now.
    pub(crate) fn deadline(&self) -> Deadline {
        self.limits.deadline()
    }

    /// The thread limit for large tables and long rows (0 = all cores).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The largest table, in bytes, this solver may allocate.
    pub fn memory_cap_bytes(&self) -> u64 {
        self.limits.memory_cap_or_default()
    }
}

impl TabularSolver {
    /// A solver with the memory cap (or the default) and the time limit of `config`, on all
    /// cores.
    pub fn from_config(config: &SolverConfig) -> Self {
        TabularSolver::new().with_limits(*config)
    }
}

core_types::kernel! {
    /// The word-parallel table on this solver's threads from
    /// [`can_i_win_parallel::PARALLEL_MIN_MAX_CHOOSABLE`] on ([`can_i_win_parallel::solve_with`]);
    /// traced, the per-mask reference pass ([`can_i_win::solve_per_mask_with`]): the same table in
    /// the same descending order, one [`Event::Cell`](core_types::Event::Cell) per mask.
    impl Kernel<CanIWin> for TabularSolver = (NAME, "word");
    fn run(this, game, recorder) {
        let deadline = this.deadline();
        let threads = can_i_win_parallel::threads_for(game.max_choosable(), this.threads);
        this.last_can_i_win_kernel = if threads < 2 {
            <can_i_win::WordOneCore as Kernel<CanIWin>>::VARIANT
        } else {
            <Self as Kernel<CanIWin>>::VARIANT
        };
        can_i_win_parallel::solve_with(
            game,
            this.limits.memory_cap_or_default(),
            threads,
            deadline,
            recorder,
        )
    }

    /// `word-one-core` when the last solve stayed on one thread (fewer than
    /// [`can_i_win_parallel::PARALLEL_MIN_MAX_CHOOSABLE`] integers, or one core), `per-mask`
    /// when it was traced, else `word`.
    fn last_kernel(&self) -> &'static str {
        self.last_can_i_win_kernel
    }

    fn run_traced(
        &mut self,
        game: &CanIWin,
        mut recorder: &mut dyn Recorder<CanIWin>,
    ) -> Result<CanIWinSolution, Error> {
        let deadline = self.deadline();
        self.last_can_i_win_kernel = <can_i_win::PerMask as Kernel<CanIWin>>::VARIANT;
        can_i_win::solve_per_mask_with(
            game,
            self.limits.memory_cap_or_default(),
            deadline,
            &mut recorder,
        )
    }
}

core_types::kernel! {
    /// The rolling row with run-time SIMD dispatch on this solver's threads
    /// ([`predict_the_winner::solve_with`]); traced, the textbook pass
    /// ([`predict_the_winner::solve_by_length_with`]): one sweep of the rolling row per length.
    impl Kernel<PredictTheWinner> for TabularSolver = (NAME, "auto");
    fn run(this, game, recorder) {
        let deadline = this.deadline();
        let (solution, threads) = predict_the_winner::solve_with_threads_used(
            game,
            this.limits.memory_cap_or_default(),
            this.threads,
            deadline,
            recorder,
        )?;
        this.last_predict_the_winner_kernel = if threads < 2 {
            <predict_the_winner::OneCore as Kernel<PredictTheWinner>>::VARIANT
        } else {
            <Self as Kernel<PredictTheWinner>>::VARIANT
        };
        Ok(solution)
    }

    /// `one-core` when the last solve stayed on one thread (a row shorter than
    /// [`predict_the_winner::PARALLEL_MIN_LEN`], one core, or scratch rows beyond the memory
    /// cap), `by-length` when it was traced, `auto` when it split the row over threads.
    fn last_kernel(&self) -> &'static str {
        self.last_predict_the_winner_kernel
    }

    fn run_traced(
        &mut self,
        game: &PredictTheWinner,
        mut recorder: &mut dyn Recorder<PredictTheWinner>,
    ) -> Result<PredictTheWinnerSolution, Error> {
        let deadline = self.deadline();
        self.last_predict_the_winner_kernel =
            <predict_the_winner::ByLength as Kernel<PredictTheWinner>>::VARIANT;
        predict_the_winner::solve_by_length_with(
            game,
            self.limits.memory_cap_or_default(),
            deadline,
            &mut recorder,
        )
    }
}

/// Allocates `len` zeroed words, or `None` when the allocator refuses
/// (instead of aborting the process).
///
/// Asks for zeroed memory (`calloc`, through bytemuck as `memo` and `reduction` do), so a large table arrives as fresh zero
/// pages from the OS: no pass over it here, and each page is faulted in by
/// the thread that first writes it (in parallel on several cores). Writing
/// the zeros instead cost about 0.3 s at `n = 32` (512 MiB), serially.
fn try_zeroed_words(len: usize) -> Option<Vec<u64>> {
    let mut words = bytemuck::allocation::try_zeroed_vec::<u64>(len).ok()?;
    core_types::bits::advise_huge_pages(&mut words);
    Some(words)
}
