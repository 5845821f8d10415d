//! Can I Win, bottom-up over subsets, on several cores.
//!
//! The same table (one bit per set of used integers) and the same word
//! kernel as [`can_i_win::solve`](crate::can_i_win::solve), with the
//! descending pass split over threads.
//!
//! # Partition
//!
//! A word of the table holds the 64 masks that differ only in the integers
//! `1..=6`; the word index is the set of used integers `7..=n` (`n - 6`
//! bits), and its low 3 bits (integers `7..=9`) pick the word inside its
//! group of 8 (see [`can_i_win`](crate::can_i_win)). The top
//! `h = min(n - 9, 8)` bits pick a *block*: `2^(n - 6 - h)` consecutive
//! words, whole groups (2 MiB at `n = 32`). A word depends only on words with
//! one more integer used, so a block depends only on itself and on the
//! blocks whose index is a superset of its own. Blocks whose indices have
//! the same number of bits set therefore do not depend on each other: the
//! pass runs `h + 1` rounds, from `h` bits set down to none, and the blocks
//! of one round are shared out to the threads one at a time (the blocks with
//! the smallest sums, the most work, first). Inside a block the groups are
//! filled in descending order exactly as on one core (the same
//! `Groups::fill_group`, which also ANDs in and prefetches the child groups
//! of the finished blocks), so the word-parallelism and the memory access
//! pattern are kept. Rounds of one block (the first and the last, 2 of the 256 blocks)
//! run on the calling thread alone.
//!
//! The threads are started once per round with [`std::thread::scope`]
//! (about 9 rounds, tens of microseconds each): far below the work of a
//! table large enough to split (see [`PARALLEL_MIN_MAX_CHOOSABLE`]), and no
//! dependency is needed. Each round hands every thread exclusive `&mut`
//! access to the blocks it fills and shared access to the finished ones, so
//! the pass is safe Rust, with no atomics on the table.
//!
//! # Time limit
//!
//! Every thread reads the deadline itself before each run of 4096 words of
//! a block (and before the first), so once it passes, every thread stops
//! within tens of microseconds, the round ends and the first thread's
//! [`Error::TimeLimitReached`] is returned; no later round starts.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use core_types::bits::subset_sums;
use core_types::{CanIWin, CanIWinSolution, Deadline, Error, Game, NoStats, Recorder, Stats};

use crate::can_i_win::{
    alloc_table, root_solution, settled, table_words, Group, Groups, Layout, GROUPS_PER_CHECK,
};
use crate::NAME;

/// Tables for fewer integers than this are filled on one thread: below it,
/// starting the threads of each round (and waiting for the slowest) costs
/// more than it saves.
///
/// Measured with `cargo run --release -p solver-tabular --example measure
/// -- threshold` and `-- par` (wall-clock medians of the one-core kernel and
/// the split pass on 2 threads, interleaved in the same run, at the hardest
/// total of each `n`) on the shared 2-core machine of `BENCHMARKS.md`. In
/// the quietest run (load average 1.3, one core busy elsewhere) the split
/// pass was 0.5x at `n = 20`, 0.8x at 21, even at 22, 1.5x at 24 and 1.8x at
/// 26; with the machine loaded (load 3.6 to 5) it lost up to `n = 24` (0.82x)
/// and roughly broke even beyond, since a round waits for its slowest
/// thread. Hence 24: every LeetCode-range game (`n <= 20`) and the sizes
/// where splitting is not a clear win stay on one thread.
///
/// Re-measured on 2026-12-01 (AMD EPYC VM, load about 1, nothing else
/// running), two runs: 0.46 and 0.51x at `n = 22`, 0.92 and 1.07x at 24,
/// 1.39 and 1.52x at 26, 1.76 and 1.98x at 32. So 24 is where splitting
/// breaks even, and it stays. The split pass costs 0.3 to 0.5 ms more than
/// its share of the work even at `n = 14`: starting and joining the helper
/// of each round, 20 to 50 µs on this VM. A persistent pool does not remove
/// it: with rayon's (one task per block) the same runs gave 0.77x at 22 and
/// 0.75x at 24, as waking a sleeping worker costs about as much here.
pub const PARALLEL_MIN_MAX_CHOOSABLE: u32 = 24;

/// The number of top group-index bits that pick a block: up to 256 blocks.
const BLOCK_BITS: u32 = 8;

/// Solves a Can I Win game bottom-up with the word kernel, on all available
/// cores when `n >= PARALLEL_MIN_MAX_CHOOSABLE`.
///
/// The answer and the statistics are exactly those of the one-core
/// [`can_i_win::solve`](crate::can_i_win::solve); only the order in which
/// independent words are filled differs (see the [module docs](self)).
///
/// # Complexity
///
/// With `n` the largest integer: about `2^(n-6) · n` word operations in the
/// worst case, as on one core, shared by the threads in `min(n - 9, 8) + 1`
/// rounds: on 2 otherwise idle cores 1.5 to 1.8 times faster than one core
/// from `n = 24` on, but no faster when other processes keep the cores busy
/// (each round waits for its slowest thread; see `BENCHMARKS.md`).
/// Auxiliary memory: `2^n` bits
/// ([`required_table_bytes`](crate::can_i_win::required_table_bytes)), plus
/// a few KiB per thread.
///
/// # Examples
///
/// ```
/// use gamesolve::{CanIWin, Error, Outcome};
/// use gamesolve::backends::solver_tabular::{can_i_win, can_i_win_parallel, DEFAULT_MEMORY_CAP_BYTES as CAP};
///
/// let game = CanIWin::new(24, 198)?; // 2^24 subsets, split over the cores
/// let answer = can_i_win_parallel::solve(&game, CAP)?;
/// assert_eq!(answer.outcome, Outcome::FirstPlayerWins);
/// assert_eq!(answer.best_move, Some(22));
/// assert_eq!(answer, can_i_win::solve(&game, CAP)?);
/// Ok::<(), Error>(())
/// ```
///
/// # Errors
///
/// As [`can_i_win::solve`](crate::can_i_win::solve):
/// [`Error::TableTooLarge`] when `2^n` bits exceed `memory_cap_bytes`,
/// [`Error::GameTooLarge`] beyond
/// [`MAX_MAX_CHOOSABLE`](crate::can_i_win::MAX_MAX_CHOOSABLE) (both before
/// allocating), [`Error::AllocationFailed`] when the allocator refuses;
/// [`Error::TimeLimitReached`] from [`solve_with`] when its deadline passes.
///
/// # See also
///
/// [`can_i_win::solve`](crate::can_i_win::solve), the same kernel on one
/// core; [`solve_with`] to choose the thread count;
/// the facade's `games::can_i_win_all_totals` for every total at once;
/// the `memo` backend for small totals (it visits only reachable states).
pub fn solve(game: &CanIWin, memory_cap_bytes: u64) -> Result<CanIWinSolution, Error> {
    solve_with(game, memory_cap_bytes, 0, Deadline::NEVER, &mut NoStats)
}

/// As [`solve`], also returning what the pass did (identical to the
/// one-core [`can_i_win::solve_with_stats`](crate::can_i_win::solve_with_stats)).
///
/// # Errors
///
/// As [`solve`].
pub fn solve_with_stats(
    game: &CanIWin,
    memory_cap_bytes: u64,
) -> Result<(CanIWinSolution, Stats), Error> {
    let mut stats = Stats::default();
    let solution = solve_with(game, memory_cap_bytes, 0, Deadline::NEVER, &mut stats)?;
    Ok((solution, stats))
}

/// [`solve`] on up to `threads` threads (0 = all available cores; 1 = the
/// one-core kernel), with any [`Recorder`], giving up at `deadline` (see
/// the [module docs](self#time-limit)).
///
/// # Errors
///
/// As [`solve`], and [`Error::TimeLimitReached`] (naming the limit) once
/// `deadline` has passed.
pub fn solve_with<R: Recorder<CanIWin>>(
    game: &CanIWin,
    memory_cap_bytes: u64,
    threads: usize,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<CanIWinSolution, Error> {
    solve_from(
        game,
        memory_cap_bytes,
        threads,
        PARALLEL_MIN_MAX_CHOOSABLE,
        deadline,
        recorder,
    )
}

/// [`solve_with`] without the one-thread threshold: splits any table over
/// `threads` threads. Only for measuring [`PARALLEL_MIN_MAX_CHOOSABLE`]
/// (the `measure` example's `threshold` mode); use [`solve_with`].
///
/// # Errors
///
/// As [`solve`].
#[doc(hidden)]
pub fn solve_always_split(
    game: &CanIWin,
    memory_cap_bytes: u64,
    threads: usize,
) -> Result<CanIWinSolution, Error> {
    solve_from(
        game,
        memory_cap_bytes,
        threads,
        0,
        Deadline::NEVER,
        &mut NoStats,
    )
}

/// The threads [`solve_with`] runs a table of `n` integers on, asked for `threads` (0 = all
/// available cores): 1, the one-core kernel, below [`PARALLEL_MIN_MAX_CHOOSABLE`] or on one
/// core.
pub fn threads_for(n: u32, threads: usize) -> usize {
    threads_from(n, threads, PARALLEL_MIN_MAX_CHOOSABLE)
}

/// [`threads_for`] with the one-thread threshold as a parameter.
fn threads_from(n: u32, threads: usize, min_n: u32) -> usize {
    // Small tables first: `available_parallelism` reads cgroup files on
    // Linux (about 13 µs), more than solving a LeetCode-sized game.
    if n < min_n {
        return 1;
    }
    match threads {
        0 => std::thread::available_parallelism().map_or(1, |t| t.get()),
        t => t,
    }
}

/// [`solve_with`] with the one-thread threshold as a parameter (tests force
/// the split on small tables with `min_n = 0`).
fn solve_from<R: Recorder<CanIWin>>(
    game: &CanIWin,
    memory_cap_bytes: u64,
    threads: usize,
    min_n: u32,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<CanIWinSolution, Error> {
    let n = game.max_choosable();
    let threads = threads_from(n, threads, min_n);
    if threads < 2 {
        return crate::can_i_win::solve_with(game, memory_cap_bytes, deadline, recorder);
    }
    if let Some(settled) = settled(game) {
        return Ok(settled);
    }
    let words = table_words(game, memory_cap_bytes)?;
    let mut table = alloc_table(n, words, memory_cap_bytes)?;
    recorder.table(1u64 << n, (words as u64) * 8);
    let t = game.desired_total();
    let evaluated = fill_blocks(n, t, &mut table, threads, deadline)?;
    recorder.positions(evaluated);
    recorder.states_stored(evaluated);
    let layout = Layout::new(n);
    Ok(root_solution(n, t, |mask| layout.get(&table, mask)))
}

/// What every block of one pass shares: the total and the sum tables.
struct Pass {
    t: u64,
    /// When every thread gives up.
    deadline: Deadline,
    groups: Groups,
    /// Bits of the word index that pick the block.
    block_bits: u32,
    /// Bits of the group index inside a block
    /// (`n - 6 - block_bits - groups.bits`).
    inner_bits: u32,
    /// The inner bits are summed in two halves: `lo_sums` for the low
    /// `lo_bits`, `mid_sums` for the rest.
    lo_bits: u32,
    lo_sums: Vec<u64>,
    mid_sums: Vec<u64>,
    /// Sum of the integers of each block index.
    block_sums: Vec<u64>,
}

/// Fills `table` as `can_i_win::fill_words` does, on `threads` threads
/// (see the [module docs](self)); returns the number of masks evaluated.
fn fill_blocks(
    n: u32,
    t: u64,
    table: &mut [u64],
    threads: usize,
    deadline: Deadline,
) -> Result<u64, Error> {
    let groups = Groups::new(n, t);
    let high = n.saturating_sub(6);
    // A block holds whole groups.
    let block_bits = (high - groups.bits).min(BLOCK_BITS);
    let inner_bits = high - groups.bits - block_bits;
    let lo_bits = inner_bits.min(12);
    let first = 7 + u64::from(groups.bits);
    let pass = Pass {
        t,
        deadline,
        block_bits,
        inner_bits,
        lo_bits,
        lo_sums: subset_sums(lo_bits, first),
        mid_sums: subset_sums(inner_bits - lo_bits, first + u64::from(lo_bits)),
        block_sums: subset_sums(block_bits, first + u64::from(inner_bits)),
        groups,
    };
    let block_words = pass.groups.width() << inner_bits;
    let mut blocks: Vec<&mut [u64]> = table.chunks_mut(block_words).collect();
    debug_assert_eq!(blocks.len(), 1 << block_bits);
    let mut evaluated = 0;
    for round in (0..=block_bits).rev() {
        // The blocks of this round (skipping those whose every mask reaches
        // T), most work first, taken out of `blocks` for exclusive access.
        let mut mine: Vec<(usize, &mut [u64])> = (0..blocks.len())
            .filter(|&b| b.count_ones() == round && pass.block_sums[b] < t)
            .map(|b| (b, std::mem::take(&mut blocks[b])))
            .collect();
        mine.sort_by_key(|&(b, _)| pass.block_sums[b]);
        let done: Vec<&[u64]> = blocks.iter().map(|b| &**b).collect();
        evaluated += run_round(&pass, &mut mine, &done, threads)?;
        for (b, block) in mine {
            blocks[b] = block;
        }
    }
    Ok(evaluated)
}

/// Fills the blocks of one round on up to `threads` threads; the first
/// thread's error (the deadline) once every thread has stopped.
fn run_round(
    pass: &Pass,
    mine: &mut [(usize, &mut [u64])],
    done: &[&[u64]],
    threads: usize,
) -> Result<u64, Error> {
    let workers = threads.min(mine.len());
    if workers <= 1 {
        return mine
            .iter_mut()
            .map(|(b, block)| pass.fill_block(*b, block, done))
            .sum();
    }
    let queue = Mutex::new(mine.iter_mut());
    let evaluated = AtomicU64::new(0);
    // Each thread stops at its own next look at the deadline (the same
    // instant for all), then takes no more blocks.
    let work = || -> Result<(), Error> {
        loop {
            let next = queue.lock().unwrap_or_else(PoisonError::into_inner).next();
            let Some((b, block)) = next else {
                return Ok(());
            };
            let count = pass.fill_block(*b, block, done)?;
            evaluated.fetch_add(count, Ordering::Relaxed);
        }
    };
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..workers).map(|_| scope.spawn(work)).collect();
        let mut result = work();
        for helper in helpers {
            let helped = helper
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            result = result.and(helped);
        }
        result
    })?;
    Ok(evaluated.into_inner())
}

impl Pass {
    /// Fills block `b` group by group in descending order
    /// ([`Groups::fill_group`]); `done[c]` must hold every block `c` whose
    /// index is a proper superset of `b` (whose sum is below T). Returns the
    /// number of masks evaluated, or the time-limit error when the deadline
    /// passes (checked once per [`GROUPS_PER_CHECK`] groups).
    fn fill_block(&self, b: usize, block: &mut [u64], done: &[&[u64]]) -> Result<u64, Error> {
        let t = self.t;
        let width = self.groups.width();
        let block_sum = self.block_sums[b];
        // One child block per integer of the block index still free.
        let free_blocks = !b & ((1usize << self.block_bits) - 1);
        let children: Vec<&[u64]> = (0..self.block_bits)
            .filter(|i| free_blocks >> i & 1 == 1)
            .map(|i| done[b | 1 << i])
            .collect();
        let first = 7 + u64::from(self.groups.bits);
        let largest_block = match free_blocks {
            0 => 0,
            free => {
                u64::from(usize::BITS - 1 - free.leading_zeros())
                    + first
                    + u64::from(self.inner_bits)
            }
        };
        let inner_mask = (1usize << self.inner_bits) - 1;
        let lo_mask = (1usize << self.lo_bits) - 1;
        let mut evaluated = 0u64;
        let mut until_check = 0;
        for g in (0..1usize << self.inner_bits).rev() {
            let base_sum = block_sum + self.mid_sums[g >> self.lo_bits] + self.lo_sums[g & lo_mask];
            if base_sum >= t {
                continue;
            }
            if until_check == 0 {
                self.deadline.check(NAME, CanIWin::NAME)?;
                until_check = GROUPS_PER_CHECK;
            }
            until_check -= 1;
            let free = !g & inner_mask;
            let largest_outside = match (largest_block, free) {
                (0, 0) => 0,
                (0, free) => u64::from(usize::BITS - 1 - free.leading_zeros()) + first,
                (largest, _) => largest,
            };
            let base = g * width;
            let (head, after) = block.split_at_mut(base + width);
            evaluated += self.groups.fill_group(Group {
                words: &mut head[base..],
                base_sum,
                largest_outside,
                after,
                free: free as u64,
                extra: &children,
                at: base,
            });
        }
        Ok(evaluated)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::can_i_win;
    use crate::DEFAULT_MEMORY_CAP_BYTES as CAP;

    fn pool_sum(n: u32) -> u64 {
        core_types::can_i_win::pool_sum(n)
    }

    /// The split pass (forced, whatever `n`) against the one-core kernel:
    /// answer, best move and every counter.
    fn check(n: u32, t: u64, threads: usize) {
        let game = CanIWin::new(n, t).unwrap();
        let (expected, expected_stats) = can_i_win::solve_with_stats(&game, CAP).unwrap();
        let mut stats = Stats::default();
        let got = solve_from(&game, CAP, threads, 0, Deadline::NEVER, &mut stats).unwrap();
        assert_eq!(got, expected, "n = {n}, T = {t}, {threads} threads");
        assert_eq!(stats, expected_stats, "n = {n}, T = {t}, {threads} threads");
    }

    #[test]
    fn matches_one_core_for_every_total_up_to_12() {
        for n in 1..=12 {
            for t in 0..=pool_sum(n) + 1 {
                check(n, t, 2);
                check(n, t, 3);
            }
        }
    }

    #[test]
    fn matches_one_core_for_many_totals_up_to_22() {
        for n in 13..=22 {
            let sum = pool_sum(n);
            // Every 9th total (n = 13..=16: every 3rd), the edges, and the
            // hard three-quarters region densely.
            let step = if n <= 16 { 3 } else { 9 };
            let mut totals: Vec<u64> = (0..=sum + 1).step_by(step).collect();
            totals.extend([u64::from(n), u64::from(n) + 1, sum - 1, sum]);
            totals.extend((sum * 2 / 3..=sum * 4 / 5).step_by(5));
            for t in totals {
                check(n, t, if t % 2 == 0 { 2 } else { 4 });
            }
        }
    }

    /// The split pass fills the one-core table bit for bit, whatever the
    /// block and group sizes `n` gives.
    #[test]
    fn split_pass_fills_the_one_core_table() {
        use crate::can_i_win::tests::group_table;
        for (n, t) in [
            (1, 1),
            (7, 20),
            (9, 30),
            (12, 50),
            (15, 90),
            (17, 110),
            (18, 137),
            (20, 158),
            (22, 167),
            (23, 60),
        ] {
            let mut table = vec![0u64; group_table(n, t).len()];
            for threads in [2, 3] {
                table.fill(0);
                fill_blocks(n, t, &mut table, threads, Deadline::NEVER).unwrap();
                assert!(
                    table == group_table(n, t),
                    "n = {n}, T = {t}, {threads} threads"
                );
            }
        }
    }

    #[test]
    fn hardest_benched_totals_match() {
        for (n, t) in [(16, 108), (18, 137), (20, 158), (22, 167)] {
            for threads in [1, 2, 3, 8] {
                check(n, t, threads);
            }
        }
    }

    #[test]
    fn default_threshold_and_thread_counts_agree() {
        for (n, t) in [(10, 40), (20, 152), (24, 198)] {
            let game = CanIWin::new(n, t).unwrap();
            let expected = can_i_win::solve_with_stats(&game, CAP).unwrap();
            assert_eq!(solve_with_stats(&game, CAP).unwrap(), expected);
            for threads in [0, 1, 2] {
                let mut stats = Stats::default();
                let got = solve_with(&game, CAP, threads, Deadline::NEVER, &mut stats).unwrap();
                assert_eq!((got, stats), expected, "n = {n}, T = {t}");
            }
        }
    }

    /// The time limit on the split pass (forced on a small table, several
    /// thread counts): every thread stops and the error comes back, for a
    /// limit reached at once or part-way.
    #[test]
    fn every_thread_stops_at_the_deadline() {
        use std::time::Duration;
        // n = 28 takes about 0.1 s in release on two cores, far more here.
        for (n, t, limit) in [
            (24, 198, Duration::ZERO),
            (28, 305, Duration::ZERO),
            (28, 305, Duration::from_millis(3)),
        ] {
            let game = CanIWin::new(n, t).unwrap();
            for threads in [2, 3, 8] {
                let deadline = Deadline::after(Some(limit));
                let err = solve_from(&game, CAP, threads, 0, deadline, &mut NoStats);
                assert_eq!(
                    err.unwrap_err(),
                    deadline.error(NAME, CanIWin::NAME),
                    "n = {n}, {threads} threads, {limit:?}"
                );
            }
        }
        // A limit far away: the same answer and counters as without one.
        let game = CanIWin::new(22, 167).unwrap();
        let expected = can_i_win::solve_with_stats(&game, CAP).unwrap();
        let mut stats = Stats::default();
        let far = Deadline::after(Some(Duration::from_secs(3600)));
        let got = solve_from(&game, CAP, 2, 0, far, &mut stats).unwrap();
        assert_eq!((got, stats), expected);
    }

    #[test]
    fn memory_cap_errors_match_one_core() {
        for (n, t, cap) in [
            (20, 100, 1024),
            (22, 200, (1 << 19) - 1),
            (34, 300, CAP),
            (64, 100, u64::MAX),
        ] {
            let game = CanIWin::new(n, t).unwrap();
            let expected = can_i_win::solve(&game, cap).unwrap_err();
            let mut stats = Stats::default();
            let got = solve_from(&game, cap, 2, 0, Deadline::NEVER, &mut stats).unwrap_err();
            assert_eq!(got, expected);
            // Refused before allocating: nothing recorded.
            assert_eq!(stats, Stats::default());
            assert_eq!(solve(&game, cap).unwrap_err(), expected);
        }
        // Settled games need no table, whatever the cap.
        let game = CanIWin::new(64, 1_000_000).unwrap();
        assert_eq!(
            solve_from(&game, 8, 2, 0, Deadline::NEVER, &mut NoStats).unwrap(),
            can_i_win::solve(&game, 8).unwrap()
        );
    }
}
