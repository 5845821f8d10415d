//! Predict the Winner, bottom-up over interval lengths with one rolling row.
//!
//! After the pass for length `len`, `row[i] = m(i, i + len - 1)`, the best
//! margin for the player to move on `a[i..i + len]`. The next length needs
//! only this row:
//!
//! ```text
//! m(i, i+len) = max(a[i] - m(i+1, i+len), a[i+len] - m(i, i+len-1))
//!             = max(a[i] - row[i+1],      a[i+len] - row[i])
//! ```
//!
//! so updating `row[i]` in place in ascending `i` reads `row[i+1]` before it
//! changes.
//!
//! # The fast kernel
//!
//! Sweeping the whole row once per length streams it (and the values) from
//! the L2 cache `len` times. The kernel instead works on tiles of 1024 cells
//! that stay in L1 while it advances them through 258 lengths (time-skewed
//! tiling: at each length the tile shifts one cell to the left, so every cell
//! it reads was computed by this tile or the one before), and within a tile
//! it advances `K` lengths per sweep, keeping the intermediate lengths in
//! registers. The row update is a 64-bit subtract and a 64-bit `max`, which
//! vectorises only where the CPU has a 64-bit integer compare, so the `i64`
//! kernel is compiled three times and picked at run time: AVX-512 with
//! `K = 6` (about 9 cells per ns on a 3 GHz Xeon), AVX2 with `K = 2` (about
//! 4), and the portable baseline with `K = 1` (about 1.2). Release binaries
//! stay portable: no `target-cpu` flag is needed. The `i128` path (values
//! whose absolute sum exceeds `i64`) uses the portable kernel.
//!
//! # Time limit
//!
//! Every kernel gives up with [`Error::TimeLimitReached`] once its
//! [`Deadline`] has passed: the tiled kernels read the clock before each
//! tile (about 264,000 cells, tens of microseconds), the textbook pass
//! before each length (or every 65,536 cells when lengths are short), and
//! on several cores every thread reads it itself, so all stop together.

mod parallel;
mod simd;

use core_types::error::{Hint, HintPart::Words};
use core_types::{
    Arithmetic, Deadline, Error, Event, Game, Interval, Margin, MarginValue, NoStats,
    PredictTheWinner, PredictTheWinnerSolution, Recorder, Side, Stats, Variant,
};

use crate::{TabularSolver, NAME};
use parallel::{fill_parallel, parallel_scratch, BAND};
use simd::Width;

/// The `tabular` backend's variants for Predict the Winner, its automatic choice first: one
/// list that the registry, the CLI (`--backend tabular/portable`), the tests and the benches
/// iterate.
pub const VARIANTS: &[Variant<PredictTheWinner>] = &[
    Variant {
        backend: NAME,
        name: "auto",
        summary: "rolling row with the fastest SIMD kernel this CPU has, on every core from \
                  16,384 values",
        build: |config| Box::new(TabularSolver::from_config(config)),
    },
    Variant {
        backend: NAME,
        name: "one-core",
        summary: "the same SIMD rolling row on one thread",
        build: |config| Box::new(OneCore(TabularSolver::from_config(config))),
    },
    Variant {
        backend: NAME,
        name: "portable",
        summary: "the plain scalar loop for the baseline target, one thread: the reference",
        build: |config| Box::new(Portable(TabularSolver::from_config(config))),
    },
    Variant {
        backend: NAME,
        name: "by-length",
        summary: "the textbook sweep, one pass of the row per interval length, one event per \
                  cell",
        build: |config| Box::new(ByLength(TabularSolver::from_config(config))),
    },
];

/// The traced half of a row kernel that does not work one cell at a time (`one-core`,
/// `portable`): a traced solve runs the `by-length` reference and `last_kernel` names it.
macro_rules! traced_by_length {
    () => {
        /// `by-length` when the last solve was traced, else this variant.
        fn last_kernel(&self) -> &'static str {
            if self.0.last_traced {
                <ByLength as core_types::Kernel<PredictTheWinner>>::VARIANT
            } else {
                Self::VARIANT
            }
        }

        fn run_traced(
            &mut self,
            game: &PredictTheWinner,
            mut recorder: &mut dyn Recorder<PredictTheWinner>,
        ) -> Result<PredictTheWinnerSolution, Error> {
            let deadline = self.0.deadline();
            self.0.last_traced = true;
            solve_by_length_with(game, self.0.memory_cap_bytes(), deadline, &mut recorder)
        }
    };
}

/// The `tabular/one-core` variant, with the memory cap and time limit of the solver it holds
/// (its thread count is not used).
#[derive(Clone, Debug)]
pub struct OneCore(pub TabularSolver);

core_types::kernel! {
    impl Kernel<PredictTheWinner> for OneCore = (NAME, "one-core");
    fn run(this, game, recorder) {
        let deadline = this.0.deadline();
        this.0.last_traced = false;
        solve_with(game, this.0.memory_cap_bytes(), 1, deadline, recorder)
    }

    traced_by_length!();
}

/// The `tabular/portable` variant, with the memory cap and time limit of the solver it holds.
#[derive(Clone, Debug)]
pub struct Portable(pub TabularSolver);

core_types::kernel! {
    impl Kernel<PredictTheWinner> for Portable = (NAME, "portable");
    fn run(this, game, recorder) {
        let deadline = this.0.deadline();
        this.0.last_traced = false;
        solve_portable_with(game, this.0.memory_cap_bytes(), deadline, recorder)
    }

    traced_by_length!();
}

/// The `tabular/by-length` variant, with the memory cap and time limit of the solver it holds.
#[derive(Clone, Debug)]
pub struct ByLength(pub TabularSolver);

core_types::kernel! {
    impl Kernel<PredictTheWinner> for ByLength = (NAME, "by-length");
    fn run(this, game, recorder) {
        let deadline = this.0.deadline();
        solve_by_length_with(game, this.0.memory_cap_bytes(), deadline, recorder)
    }
}

const HINT_TOO_LARGE: Hint = &[Words(
    "; raise the memory cap (the row needs 8 bytes per value, 16 when margins need i128)",
)];
const HINT_ALLOC_FAILED: Hint = &[Words("; free some memory, or lower the number of values")];

/// Bytes of the rolling row for `len` values computed in `arithmetic`.
///
/// ```
/// use gamesolve::core_types::Arithmetic;
/// use gamesolve::backends::solver_tabular::predict_the_winner::required_row_bytes;
/// assert_eq!(required_row_bytes(100_000, Arithmetic::I64), 800_000);
/// assert_eq!(required_row_bytes(10, Arithmetic::I128), 160);
/// ```
pub const fn required_row_bytes(len: usize, arithmetic: Arithmetic) -> u128 {
    let width = match arithmetic {
        Arithmetic::I64 => 8,
        Arithmetic::I128 => 16,
    };
    len as u128 * width
}

/// Solves Predict the Winner with one rolling row.
///
/// # Complexity
///
/// With `len` the number of values: `len(len+1)/2` cells, `O(len^2)` time;
/// auxiliary memory `O(len)`: one row of `len` margins, 8 bytes each when the
/// sum of absolute values fits in `i64`, else 16 ([`required_row_bytes`]).
/// Rows of at least [`PARALLEL_MIN_LEN`] values are split over all available
/// cores (see [`solve_with`]), which adds about half a row of scratch.
///
/// # Examples
///
/// ```
/// use gamesolve::{Error, PredictTheWinner, core_types::Side};
/// use gamesolve::backends::solver_tabular::{predict_the_winner, DEFAULT_MEMORY_CAP_BYTES};
///
/// let game = PredictTheWinner::new(vec![1, 5, 2]);
/// let answer = predict_the_winner::solve(&game, DEFAULT_MEMORY_CAP_BYTES)?;
/// assert_eq!(answer.margin, -2);
/// assert!(!answer.predict_the_winner());
/// Ok::<(), Error>(())
/// ```
///
/// # Errors
///
/// [`Error::TableTooLarge`] when the row exceeds `memory_cap_bytes`, checked
/// before allocating; [`Error::AllocationFailed`] when the allocator refuses
/// it although it is within the cap; [`Error::TimeLimitReached`] from the
/// `_with` functions when their deadline passes.
///
/// # See also
///
/// The `memo` backend (top-down over an `O(len^2)` interval table) and the
/// `recursive` backend (plain recursion, `O(2^len)`).
pub fn solve(
    game: &PredictTheWinner,
    memory_cap_bytes: u64,
) -> Result<PredictTheWinnerSolution, Error> {
    solve_with(game, memory_cap_bytes, 0, Deadline::NEVER, &mut NoStats)
}

/// As [`solve`], also returning what the pass did: positions = states =
/// cells computed (`len(len+1)/2`), table cells and bytes of the row (`len`
/// cells) plus, on several threads, the scratch rows.
///
/// # Errors
///
/// As [`solve`].
pub fn solve_with_stats(
    game: &PredictTheWinner,
    memory_cap_bytes: u64,
) -> Result<(PredictTheWinnerSolution, Stats), Error> {
    let mut stats = Stats::default();
    let solution = solve_with(game, memory_cap_bytes, 0, Deadline::NEVER, &mut stats)?;
    Ok((solution, stats))
}

/// As [`solve`], but on one thread with the portable scalar kernel (no
/// run-time CPU-feature dispatch): the reference the fast paths are tested
/// against.
///
/// # Errors
///
/// As [`solve`].
pub fn solve_portable(
    game: &PredictTheWinner,
    memory_cap_bytes: u64,
) -> Result<PredictTheWinnerSolution, Error> {
    let run = Run::new(memory_cap_bytes, 1, Deadline::NEVER, RowKernel::Portable);
    solve_with_kernel(game, run, &mut NoStats).map(|(solution, _)| solution)
}

/// [`solve_portable`] with any [`Recorder`], giving up at `deadline`.
///
/// # Errors
///
/// As [`solve`], and [`Error::TimeLimitReached`] once `deadline` has passed.
pub fn solve_portable_with<R: Recorder<PredictTheWinner>>(
    game: &PredictTheWinner,
    memory_cap_bytes: u64,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<PredictTheWinnerSolution, Error> {
    let run = Run::new(memory_cap_bytes, 1, deadline, RowKernel::Portable);
    solve_with_kernel(game, run, recorder).map(|(solution, _)| solution)
}

/// As [`solve`], with the textbook pass: one sweep of the rolling row per
/// length, in ascending `i`, on one thread, reporting every cell it computes
/// to `recorder` as an [`Event::Cell`], in fill order (lengths `1..=len`).
/// The teaching reference (`gamesolve explain`): the fast kernels compute
/// the same cells in a tiled order and report no cell events. Gives up at
/// `deadline`.
///
/// # Errors
///
/// As [`solve`], and [`Error::TimeLimitReached`] once `deadline` has passed.
pub fn solve_by_length_with<R: Recorder<PredictTheWinner>>(
    game: &PredictTheWinner,
    memory_cap_bytes: u64,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<PredictTheWinnerSolution, Error> {
    let run = Run::new(memory_cap_bytes, 1, deadline, RowKernel::ByLength);
    solve_with_kernel(game, run, recorder).map(|(solution, _)| solution)
}

/// Rows shorter than this are solved on one thread: below it, starting
/// threads for each band of lengths costs more than it saves.
pub const PARALLEL_MIN_LEN: usize = 16_384;

/// [`solve`] on up to `threads` threads (0 = all available cores), with any
/// [`Recorder`], giving up at `deadline`.
///
/// Rows of at least [`PARALLEL_MIN_LEN`] values are cut into one part per
/// thread for each band of lengths. Every part but the last works on a copy
/// of its cells plus the cells its results depend on to the right (a halo as
/// wide as the band), so the parts need no synchronisation within a band;
/// the halo's cells are computed twice, a fraction of a percent of the work.
/// When the copies would not fit the memory cap it stays on one thread.
///
/// # Errors
///
/// As [`solve`], and [`Error::TimeLimitReached`] (naming the limit) once
/// `deadline` has passed.
pub fn solve_with<R: Recorder<PredictTheWinner>>(
    game: &PredictTheWinner,
    memory_cap_bytes: u64,
    threads: usize,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<PredictTheWinnerSolution, Error> {
    solve_with_threads_used(game, memory_cap_bytes, threads, deadline, recorder)
        .map(|(solution, _)| solution)
}

/// [`solve_with`], also giving the number of threads it ran on: 1 when it stayed on one
/// thread (a short row, one core, or scratch rows beyond the memory cap).
pub(crate) fn solve_with_threads_used<R: Recorder<PredictTheWinner>>(
    game: &PredictTheWinner,
    memory_cap_bytes: u64,
    threads: usize,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<(PredictTheWinnerSolution, usize), Error> {
    let run = Run::new(memory_cap_bytes, threads, deadline, RowKernel::Dispatch);
    solve_with_kernel(game, run, recorder)
}

/// Which row kernel to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RowKernel {
    /// The plain Rust loop, compiled for the baseline target.
    Portable,
    /// The fastest kernel this CPU supports, detected at run time.
    Dispatch,
    /// One plain sweep per length, reporting every cell as an event.
    ByLength,
}

/// The solution, and the threads the row ran on.
fn solve_with_kernel<R: Recorder<PredictTheWinner>>(
    game: &PredictTheWinner,
    run: Run,
    recorder: &mut R,
) -> Result<(PredictTheWinnerSolution, usize), Error> {
    let (margin, best_move, threads) = match game.arithmetic() {
        Arithmetic::I64 => solve_row::<i64, R>(game, run, recorder)?,
        Arithmetic::I128 => solve_row::<i128, R>(game, run, recorder)?,
    };
    Ok((game.solution(margin, best_move), threads))
}

/// How to run the row kernel.
#[derive(Clone, Copy, Debug)]
struct Run {
    memory_cap_bytes: u64,
    /// Threads to use; 0 = all available cores.
    threads: usize,
    kernel: RowKernel,
    /// When the kernel gives up.
    deadline: Deadline,
}

impl Run {
    fn new(memory_cap_bytes: u64, threads: usize, deadline: Deadline, kernel: RowKernel) -> Self {
        Run {
            memory_cap_bytes,
            threads,
            kernel,
            deadline,
        }
    }
}

/// The error of a kernel that stopped at its deadline.
pub(super) fn time_limit_reached(deadline: Deadline) -> Error {
    deadline.error(NAME, PredictTheWinner::NAME)
}

fn solve_row<M: Width, R: Recorder<PredictTheWinner>>(
    game: &PredictTheWinner,
    run: Run,
    recorder: &mut R,
) -> Result<(i128, Option<Side>, usize), Error> {
    let memory_cap_bytes = run.memory_cap_bytes;
    let a = game.values();
    let n = a.len();
    let required_bytes = required_row_bytes(n, M::ARITHMETIC);
    let too_large = |hint| Error::TableTooLarge {
        backend: NAME,
        game: PredictTheWinner::NAME,
        parameter: "len",
        value: n as u64,
        required_bytes,
        memory_cap_bytes,
        hint,
    };
    if required_bytes > u128::from(memory_cap_bytes) {
        return Err(too_large(HINT_TOO_LARGE));
    }
    if n == 0 {
        return Ok((0, None, 1));
    }
    let mut row: Vec<M> = Vec::new();
    row.try_reserve_exact(n)
        .map_err(|_| Error::AllocationFailed {
            backend: NAME,
            game: PredictTheWinner::NAME,
            parameter: "len",
            value: n as u64,
            required_bytes,
            memory_cap_bytes,
            hint: HINT_ALLOC_FAILED,
        })?;
    row.extend(a.iter().map(|&v| M::from(v)));
    recorder.table(n as u64, required_bytes as u64);
    let cells = (n as u64) * (n as u64 + 1) / 2;
    recorder.positions(cells);
    recorder.states_stored(cells);
    if run.kernel == RowKernel::ByLength {
        for (i, &value) in row.iter().enumerate() {
            report_cell(recorder, i, i, value);
        }
    }
    if n == 1 {
        return Ok((row[0].into(), Some(Side::Left), 1));
    }
    // Lengths 2..n-1 in place; the last step by hand, for the best move.
    let mut threads = 1;
    if run.kernel == RowKernel::ByLength {
        advance_by_length(a, &mut row, run.deadline, recorder)?;
    } else {
        match parallel_scratch::<M>(n, run) {
            Some((parts, mut scratch)) => {
                let cells: usize = scratch.iter().map(Vec::capacity).sum();
                recorder.table(cells as u64, (cells * std::mem::size_of::<M>()) as u64);
                fill_parallel(a, &mut row, &mut scratch, parts, run, BAND)?;
                threads = parts;
            }
            None => M::advance(a, &mut row, 2..n, run.kernel, run.deadline)?,
        }
    }
    let take_left = M::from(a[0]) - row[1];
    let take_right = M::from(a[n - 1]) - row[0];
    let margin = take_left.max(take_right);
    if run.kernel == RowKernel::ByLength {
        report_cell(recorder, 0, n - 1, margin);
    }
    Ok((
        margin.into(),
        Some(Side::choose(take_left, take_right)),
        threads,
    ))
}

/// Lengths `2..a.len()`, one sweep per length in ascending `i`, reporting
/// each cell: the textbook rolling row ([`solve_by_length_with`]). Reads the
/// clock before a length once [`BY_LENGTH_CHECK_CELLS`] cells have passed
/// since the last reading (so before every length of a long row), and
/// before the first.
fn advance_by_length<M: MarginValue, R: Recorder<PredictTheWinner>>(
    a: &[i64],
    row: &mut [M],
    deadline: Deadline,
    recorder: &mut R,
) -> Result<(), Error> {
    let n = a.len();
    let mut since_check = BY_LENGTH_CHECK_CELLS;
    for len in 2..n {
        if since_check >= BY_LENGTH_CHECK_CELLS {
            if deadline.reached() {
                return Err(time_limit_reached(deadline));
            }
            since_check = 0;
        }
        since_check += n + 1 - len;
        for i in 0..=n - len {
            let j = i + len - 1;
            let value = (M::from(a[i]) - row[i + 1]).max(M::from(a[j]) - row[i]);
            row[i] = value;
            report_cell(recorder, i, j, value);
        }
    }
    Ok(())
}

/// Cells of the textbook pass between two readings of the clock.
const BY_LENGTH_CHECK_CELLS: usize = 1 << 16;

/// Reports that the cell of `[i, j]` holds `m`.
fn report_cell<M: MarginValue, R: Recorder<PredictTheWinner>>(
    recorder: &mut R,
    i: usize,
    j: usize,
    m: M,
) {
    let node = Interval::inclusive(i, j);
    recorder.event(Event::Cell(node, Margin(m.into())));
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::time::Duration;

    use core_types::{Outcome, SolverConfig};
    use proptest::prelude::*;
    use test_support::reference;

    use super::simd::fill_row_by_length;
    use super::*;
    use crate::DEFAULT_MEMORY_CAP_BYTES as CAP;

    pub(super) fn solve_values(values: &[i64]) -> PredictTheWinnerSolution {
        solve(&PredictTheWinner::new(values.to_vec()), CAP).unwrap()
    }

    #[test]
    fn leetcode_and_seed_examples() {
        assert!(!solve_values(&[1, 5, 2]).predict_the_winner());
        assert_eq!(solve_values(&[1, 5, 2]).margin, -2);
        assert!(solve_values(&[1, 5, 233, 7]).predict_the_winner());
        assert_eq!(solve_values(&[1, 5, 233, 7]).margin, 222);
        // Coins in a Line III.
        assert!(solve_values(&[3, 2, 2]).first_player_strictly_wins());
        assert!(solve_values(&[1, 2, 4]).first_player_strictly_wins());
        assert!(!solve_values(&[1, 20, 4]).first_player_strictly_wins());
    }

    #[test]
    fn edge_cases() {
        let empty = solve_values(&[]);
        assert_eq!((empty.margin, empty.best_move), (0, None));
        assert_eq!(empty.outcome, Outcome::Draw);
        let single = solve_values(&[-7]);
        assert_eq!((single.margin, single.best_move), (-7, Some(Side::Left)));
        let zeros = solve_values(&[0; 9]);
        assert_eq!((zeros.margin, zeros.best_move), (0, Some(Side::Left)));
        assert_eq!(zeros.outcome, Outcome::Draw);
        // Ties go left; a better right end is taken.
        assert_eq!(solve_values(&[4, 4]).best_move, Some(Side::Left));
        assert_eq!(solve_values(&[1, 9]).best_move, Some(Side::Right));
        // Extremes take the exact i128 path.
        let s = solve_values(&[i64::MAX, i64::MAX, i64::MIN]);
        assert_eq!(
            s.margin,
            reference::predict_the_winner(&[i64::MAX, i64::MAX, i64::MIN]).margin
        );
        assert_eq!(s.first_score, i128::from(i64::MAX) + i128::from(i64::MIN));
        let s = solve_values(&[i64::MIN, i64::MIN]);
        assert_eq!((s.margin, s.outcome), (0, Outcome::Draw));
        // The largest sum that still takes the i64 path.
        let s = solve_values(&[i64::MAX - 1, -1]);
        assert_eq!(s.margin, i128::from(i64::MAX));
    }

    #[test]
    fn stats_count_cells_and_row() {
        let game = PredictTheWinner::new(vec![1, 5, 233, 7]);
        let (_, stats) = solve_with_stats(&game, CAP).unwrap();
        assert_eq!(stats.positions, 10);
        assert_eq!(stats.states, 10);
        assert_eq!((stats.table_cells, stats.table_bytes), (4, 32));
        let wide = PredictTheWinner::new(vec![i64::MIN; 3]);
        assert_eq!(solve_with_stats(&wide, CAP).unwrap().1.table_bytes, 48);
    }

    #[test]
    fn row_too_large_is_refused_before_allocating() {
        let game = PredictTheWinner::new(vec![1; 100]);
        let err = solve(&game, 799).unwrap_err();
        assert!(matches!(
            err,
            Error::TableTooLarge {
                value: 100,
                required_bytes: 800,
                memory_cap_bytes: 799,
                ..
            }
        ));
        assert!(solve(&game, 800).is_ok());
        // The i128 row needs twice as much.
        let wide = PredictTheWinner::new(vec![i64::MIN; 100]);
        assert!(solve(&wide, 800).is_err());
        assert!(solve(&wide, 1600).is_ok());
        assert!(solve_portable(&wide, 1599).is_err());
    }

    fn limited(limit: Option<Duration>) -> SolverConfig {
        SolverConfig {
            time_limit: limit,
            ..SolverConfig::default()
        }
    }

    fn long_row(len: usize) -> PredictTheWinner {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        PredictTheWinner::new(
            (0..len)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    (x % 1_000_000) as i64
                })
                .collect(),
        )
    }

    /// The time limit (issue 12): every variant, on its plain, counted and traced paths, gives
    /// up with `TimeLimitReached` on a 20,000-value row (2·10^8 cells, on all cores for
    /// `auto`), with no time (zero) or a few milliseconds.
    #[test]
    fn every_variant_gives_up_at_its_time_limit() {
        let game = long_row(20_000);
        for (limit, shown) in [
            (Duration::ZERO, "time limit of 0s"),
            (Duration::from_millis(2), "time limit of 2ms"),
        ] {
            for variant in VARIANTS {
                let mut solver = (variant.build)(&limited(Some(limit)));
                let mut stats = Stats::default();
                for err in [
                    solver.solve(&game).unwrap_err(),
                    solver.solve_with_stats(&game).unwrap_err(),
                    solver.solve_traced(&game, &mut stats).unwrap_err(),
                ] {
                    assert_eq!(
                        err,
                        Error::TimeLimitReached {
                            backend: NAME,
                            game: PredictTheWinner::NAME,
                            limit
                        },
                        "{}",
                        variant.name
                    );
                    assert_eq!(err.kind(), core_types::ErrorKind::CannotAnswer);
                    assert!(err.to_string().contains(shown), "{err}");
                }
            }
        }
        // The exact i128 path too.
        let wide = PredictTheWinner::new(vec![i64::MIN; 20_000]);
        let err = solve_with(
            &wide,
            CAP,
            1,
            Deadline::after(Some(Duration::ZERO)),
            &mut NoStats,
        );
        assert!(matches!(err, Err(Error::TimeLimitReached { .. })));
    }

    /// The clock starts when a solve does; a limit not reached changes nothing.
    #[test]
    fn a_limit_not_reached_changes_nothing() {
        let limit = Duration::from_millis(200);
        let mut solvers: Vec<_> = VARIANTS
            .iter()
            .map(|v| (v.name, (v.build)(&limited(Some(limit)))))
            .collect();
        std::thread::sleep(limit + Duration::from_millis(50));
        let game = long_row(300);
        let expected = solve_with_stats(&game, CAP).unwrap();
        for (name, solver) in &mut solvers {
            assert_eq!(solver.solve_with_stats(&game).unwrap(), expected, "{name}");
        }
        let game = long_row(PARALLEL_MIN_LEN + 100);
        let expected = solve(&game, CAP).unwrap();
        for threads in [1, 2, 3] {
            let far = Deadline::after(Some(Duration::from_secs(3600)));
            let got = solve_with(&game, CAP, threads, far, &mut NoStats).unwrap();
            assert_eq!(got, expected, "{threads} threads");
        }
    }

    pub(super) fn by_length<M: MarginValue>(a: &[i64]) -> Vec<M> {
        let mut row: Vec<M> = a.iter().map(|&v| M::from(v)).collect();
        fill_row_by_length(a, &mut row);
        row
    }

    proptest! {
        #[test]
        fn matches_brute_force(values in prop::collection::vec(any::<i64>(), 0..12)) {
            let s = solve_values(&values);
            let expected = reference::predict_the_winner_brute(&values);
            prop_assert_eq!(s.margin, expected.margin);
            // The move is optimal and ties go left.
            prop_assert_eq!(s.best_move, expected.best_move());
        }
    }
}
