//! Can I Win for every total `T` at once, in one bottom-up pass over the
//! sets of used integers, on several cores.
//!
//! # The table
//!
//! Each set `U` of used integers (sum `s`) carries a bitset over the total
//! `T`: bit `T` says that in the game with total `T`, the player to move at
//! `U` *loses*. Only `s < T <= S` is a position (`S = n(n+1)/2`; beyond it
//! nobody can reach `T`). The mover wins where the largest integer left
//! reaches `T` at once (`T <= s + max`), or where some child `U + {v}`
//! loses *for the same `T`*: indexing by the total rather than by the need
//! `T - s` makes every move a plain OR of the child's bitset, with no
//! shift.
//!
//! # Layers
//!
//! A set depends only on sets with one more integer, so the pass goes by
//! the number of integers used, from `n` down to 0, and keeps only two
//! layers: the one being filled and the one below it (its children).
//! Within a layer the sets are stored in colexicographic order (ascending
//! masks with the same number of bits) and found by their rank; every set of
//! a layer is independent of the others, so a layer is cut into chunks that
//! the threads take one at a time. Peak memory is the two largest adjacent
//! layers, `C(n, n/2) + C(n, n/2 ± 1)` bitsets ([`all_totals_table_bytes`]):
//! about a quarter of the `2^n` bitsets of a flat table at `n = 26`.
//!
//! # Threads
//!
//! Each layer starts its threads with [`std::thread::scope`], and they take chunks from one
//! shared iterator; the calling thread works too and, between its chunks, reports progress
//! through the caller's `FnMut` callback (the CLI's bar), which need not be `Send`. A pool
//! crate such as rayon would not drop that loop (the callback still has to run on the calling
//! thread) and would add a dependency to every user of the facade; starting two threads per
//! layer costs tens of microseconds against a pass of seconds. Every thread reads the deadline
//! before each chunk it takes, so a time limit stops all of them within one chunk.

use crate::core_types::error::HintPart::Words;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use crate::analysis::{AnalysisConfig, AnalysisError, NAME};
use crate::deadline::Deadline;
use crate::{CanIWin, CanIWinSolution, Error, Game, Outcome};

/// The answer for every total `T` in `0..=n(n+1)/2` of the game with pool
/// `1..=max_choosable`; see [`all_totals`].
///
/// The same shape as `gamesolve::games::AllTotals`: a vector of
/// solutions indexed by `T`, and the pool it was computed for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllTotals {
    max_choosable: u32,
    solutions: Vec<CanIWinSolution>,
}

impl AllTotals {
    /// The largest integer of the pool, `n`.
    pub const fn max_choosable(&self) -> u32 {
        self.max_choosable
    }

    /// The pool sum `n(n+1)/2`, the largest total listed.
    pub const fn pool_sum(&self) -> u64 {
        core_types::can_i_win::pool_sum(self.max_choosable)
    }

    /// The answer for total `t` (as a solver gives it: outcome and the
    /// smallest winning first integer), or `None` beyond the pool sum (a
    /// draw: nobody can reach it).
    pub fn get(&self, t: u64) -> Option<CanIWinSolution> {
        usize::try_from(t)
            .ok()
            .and_then(|t| self.solutions.get(t))
            .copied()
    }

    /// Every `(T, answer)` for `T` in `0..=n(n+1)/2`.
    pub fn iter(&self) -> impl Iterator<Item = (u64, CanIWinSolution)> + '_ {
        (0u64..).zip(self.solutions.iter().copied())
    }

    /// The totals the first player loses (the second player wins).
    pub fn second_player_totals(&self) -> Vec<u64> {
        self.iter()
            .filter(|(_, s)| s.outcome == Outcome::SecondPlayerWins)
            .map(|(t, _)| t)
            .collect()
    }

    /// The answers, indexed by `T` in `0..=n(n+1)/2`.
    pub fn into_solutions(self) -> Vec<CanIWinSolution> {
        self.solutions
    }
}

/// The largest `max_choosable` [`all_totals`] handles: its bitsets hold up
/// to 8 words (`n(n+1)/2 < 512`). The memory cap refuses far earlier
/// ([`all_totals_table_bytes`]).
pub const ALL_TOTALS_MAX_CHOOSABLE: u32 = 31;

/// Bytes [`all_totals`] needs for `n`: the two largest adjacent layers of
/// bitsets of `n(n+1)/2 + 1` bits, in whole 64-bit words.
///
/// ```
/// use gamesolve::games::all_totals_table_bytes;
/// // n = 20: (C(20,10) + C(20,9)) bitsets of 211 bits (4 words): 11 MiB.
/// assert_eq!(all_totals_table_bytes(20), (184_756 + 167_960) * 4 * 8);
/// // n = 26: 918 MiB, within the default 1 GiB cap.
/// assert_eq!(all_totals_table_bytes(26), (10_400_600 + 9_657_700) * 6 * 8);
/// ```
pub fn all_totals_table_bytes(max_choosable: u32) -> u128 {
    let n = max_choosable.min(63);
    let largest_pair = (0..n)
        .map(|c| u128::from(binomial(n, c) + binomial(n, c + 1)))
        .max()
        .unwrap_or(1);
    largest_pair * u128::from(words(n)) * 8
}

/// 64-bit words per bitset: `T` in `0..=n(n+1)/2`.
fn words(n: u32) -> u64 {
    (core_types::can_i_win::pool_sum(n) + 1).div_ceil(64)
}

/// Layers of fewer sets than this are filled on the calling thread.
const PARALLEL_MIN_LAYER: usize = 1 << 14;

/// Sets per chunk handed to a thread (and per progress report).
const CHUNK: usize = 1 << 13;

/// Answers Can I Win for every total `T` in `0..=n(n+1)/2` at once (`n` =
/// `max_choosable`), on up to `threads` threads (0 = all available cores).
///
/// `progress(done, total)` is called on the calling thread as the pass goes,
/// with the number of sets of used integers finished out of `2^n`, and a
/// last time with `done == total`; pass `&mut |_, _| {}` to ignore it.
///
/// `T = 0`, `T = n(n+1)/2` and the totals beyond are answered as
/// [`CanIWin::settled_without_search`] does; every other total by the table
/// (see the [module docs](self)), with the smallest winning first integer,
/// exactly as every backend answers it.
///
/// # Complexity
///
/// With `n` the largest integer and `S = n(n+1)/2`: time
/// `O(2^n · n · ⌈(S+1)/64⌉)` word operations, shared by the threads (layers
/// of at least 16,384 sets); auxiliary memory
/// [`all_totals_table_bytes`]`(n)`, the two largest adjacent layers of
/// `⌈(S+1)/64⌉`-word bitsets: 11 MiB at `n = 20`, 208 MiB at `n = 24`,
/// 918 MiB at `n = 26` (the default 1 GiB cap's limit), 1.9 GiB at
/// `n = 27`.
///
/// # Examples
///
/// ```
/// use gamesolve::games::all_totals::all_totals;
/// use gamesolve::analysis::DEFAULT_MEMORY_CAP_BYTES as CAP;
/// use gamesolve::{Error, Outcome};
///
/// let table = all_totals(10, CAP, 0, &mut |_, _| {})?;
/// assert_eq!(table.pool_sum(), 55);
/// assert_eq!(table.get(11).map(|s| s.outcome), Some(Outcome::SecondPlayerWins));
/// assert_eq!(table.get(1).and_then(|s| s.best_move), Some(1));
/// assert_eq!(table.get(56), None); // beyond the pool: a draw
///
/// // n = 20: the first player loses 57 of the 211 totals, 158 among them.
/// let mut last = (0, 0);
/// let table = all_totals(20, CAP, 0, &mut |done, total| last = (done, total))?;
/// assert_eq!(last, (1 << 20, 1 << 20));
/// let losses = table.second_player_totals();
/// assert_eq!(losses.len(), 57);
/// assert!(losses.contains(&158));
/// Ok::<(), Error>(())
/// ```
///
/// # Errors
///
/// [`Error::MaxChoosableOutOfRange`] unless `1 <= max_choosable <= 64`;
/// [`Error::GameTooLarge`] beyond [`ALL_TOTALS_MAX_CHOOSABLE`];
/// [`Error::TableTooLarge`] when [`all_totals_table_bytes`] exceeds
/// `memory_cap_bytes` (all three before allocating);
/// [`Error::AllocationFailed`] when the allocator refuses a layer.
///
/// # See also
///
/// [`can_i_win_all_totals`], the same with the analysis limits; the `tabular` backend for one
/// total (1 bit per set instead of `S + 1`); the `memo` backend for one small total.
pub fn all_totals(
    max_choosable: u32,
    memory_cap_bytes: u64,
    threads: usize,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<AllTotals, Error> {
    all_totals_until(
        max_choosable,
        memory_cap_bytes,
        threads,
        Deadline::NEVER,
        progress,
    )
}

/// [`all_totals`], giving up with [`Error::TimeLimitReached`] once `deadline` has passed (every
/// thread reads the clock before each chunk of rows it takes, so the pass stops within one
/// chunk's work).
///
/// # Errors
///
/// As [`all_totals`], and [`Error::TimeLimitReached`] at the deadline.
pub fn all_totals_until(
    max_choosable: u32,
    memory_cap_bytes: u64,
    threads: usize,
    deadline: Deadline,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<AllTotals, Error> {
    all_totals_from(
        max_choosable,
        memory_cap_bytes,
        threads,
        CHUNK,
        deadline,
        progress,
    )
}

/// [`all_totals_until`] with the chunk size as a parameter (tests force the split
/// on small layers with tiny chunks).
fn all_totals_from(
    max_choosable: u32,
    memory_cap_bytes: u64,
    threads: usize,
    chunk: usize,
    deadline: Deadline,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<AllTotals, Error> {
    let game = CanIWin::new(max_choosable, 0)?;
    let n = game.max_choosable();
    if n > ALL_TOTALS_MAX_CHOOSABLE {
        return Err(Error::GameTooLarge {
            backend: NAME,
            game: CanIWin::NAME,
            parameter: "max_choosable",
            value: u64::from(n),
            limit: u64::from(ALL_TOTALS_MAX_CHOOSABLE),
            hint: &[Words("; solve one total at a time")],
        });
    }
    let required_bytes = all_totals_table_bytes(n);
    if required_bytes > u128::from(memory_cap_bytes) {
        return Err(Error::TableTooLarge {
            backend: NAME,
            game: CanIWin::NAME,
            parameter: "max_choosable",
            value: u64::from(n),
            required_bytes,
            memory_cap_bytes,
            hint: &[Words(
                "; raise the memory cap, or solve one total at a time",
            )],
        });
    }
    let threads = match threads {
        0 if (1u64 << n) >= PARALLEL_MIN_LAYER as u64 => {
            std::thread::available_parallelism().map_or(1, |t| t.get())
        }
        0 => 1,
        t => t,
    };
    let run = Run {
        n,
        threads,
        chunk: chunk.max(1),
        memory_cap_bytes,
        required_bytes,
        deadline,
    };
    match words(n) {
        1 => pass::<1>(run, progress),
        2 => pass::<2>(run, progress),
        3 => pass::<3>(run, progress),
        4 => pass::<4>(run, progress),
        5 => pass::<5>(run, progress),
        6 => pass::<6>(run, progress),
        7 => pass::<7>(run, progress),
        _ => pass::<8>(run, progress),
    }
}

/// How to run one pass.
#[derive(Clone, Copy)]
struct Run {
    n: u32,
    threads: usize,
    chunk: usize,
    memory_cap_bytes: u64,
    required_bytes: u128,
    /// When to give up (read before each chunk).
    deadline: Deadline,
}

/// `C(n, k)` for `n < 64` (0 when `k > n`).
fn binomial(n: u32, k: u32) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    (0..k).fold(1u64, |c, i| c * u64::from(n - i) / u64::from(i + 1))
}

/// What every chunk of a pass shares.
struct Shape {
    n: u32,
    pool_sum: u64,
    /// `binom[p][i]` = `C(p, i)` for `p < 32`, `i <= 33`.
    binom: Vec<[u64; 34]>,
}

impl Shape {
    fn new(n: u32) -> Self {
        let binom = (0..32)
            .map(|p| {
                let mut row = [0u64; 34];
                for (i, c) in row.iter_mut().enumerate() {
                    *c = binomial(p, i as u32);
                }
                row
            })
            .collect();
        Shape {
            n,
            pool_sum: core_types::can_i_win::pool_sum(n),
            binom,
        }
    }

    /// The set of `count` integers with colexicographic rank `rank`.
    fn unrank(&self, mut rank: u64, count: u32) -> u64 {
        let mut mask = 0u64;
        let mut p = self.n;
        for i in (1..=count).rev() {
            // The largest position p with C(p, i) <= rank.
            p -= 1;
            while self.binom[p as usize][i as usize] > rank {
                p -= 1;
            }
            mask |= 1 << p;
            rank -= self.binom[p as usize][i as usize];
        }
        mask
    }

    /// Fills `rows` with the bitsets of the sets of `count` integers of
    /// ranks `first..first + rows.len()`, from `children`, the layer of
    /// `count + 1` integers.
    fn fill<const K: usize>(
        &self,
        count: u32,
        first: u64,
        rows: &mut [[u64; K]],
        children: &[[u64; K]],
    ) {
        let n = self.n;
        let last_word = (self.pool_sum / 64) as usize;
        // Bits T <= S of the last word.
        let last_valid = low_bits(self.pool_sum % 64 + 1);
        let mut mask = self.unrank(first, count);
        for row in rows.iter_mut() {
            // The sum, the largest integer left, and (later) the children.
            let free = !mask & low_bits(u64::from(n));
            let sum: u64 = bits(mask).map(|k| u64::from(k) + 1).sum();
            let largest = 64 - u64::from(free.leading_zeros());
            // Every T <= sum + largest is won at once (or no position).
            let immediate = sum + largest;
            let first_word = ((immediate + 1) / 64) as usize;
            let mut wins = [0u64; K];
            if first_word < K {
                wins[first_word] = low_bits((immediate + 1) % 64);
                // Colex rank of mask + {p}: the elements below p keep
                // their index i (term C(e, i+1)), p takes index j
                // (C(p, j+1)), the elements above shift to i+1 (C(e, i+2)).
                let mut below = 0u64;
                let mut above: u64 = bits(mask)
                    .enumerate()
                    .map(|(i, e)| self.binom[e as usize][i + 2])
                    .sum();
                let mut j = 0usize;
                for p in 0..n as usize {
                    if mask >> p & 1 == 1 {
                        below += self.binom[p][j + 1];
                        above -= self.binom[p][j + 2];
                        j += 1;
                    } else {
                        let child = &children[(below + self.binom[p][j + 1] + above) as usize];
                        for k in first_word..K {
                            wins[k] |= child[k];
                        }
                    }
                }
            }
            for (k, out) in row.iter_mut().enumerate() {
                *out = if k < first_word || k > last_word {
                    0
                } else if k == last_word {
                    !wins[k] & last_valid
                } else {
                    !wins[k]
                };
            }
            mask = next_same_count(mask);
        }
    }
}

/// The next larger mask with as many bits set (Gosper's hack); 0 stays 0.
fn next_same_count(mask: u64) -> u64 {
    if mask == 0 {
        return 0;
    }
    let lowest = mask & mask.wrapping_neg();
    let ripple = mask.wrapping_add(lowest);
    (((ripple ^ mask) >> 2) / lowest) | ripple
}

/// The bits `0..count` (`count <= 64`).
fn low_bits(count: u64) -> u64 {
    if count >= 64 {
        u64::MAX
    } else {
        (1u64 << count) - 1
    }
}

/// The positions of the set bits of `mask`, ascending.
fn bits(mask: u64) -> impl Iterator<Item = u32> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let k = rest.trailing_zeros();
            rest &= rest - 1;
            k
        })
    })
}

/// Allocates a layer of `len` empty bitsets, zeroed by the allocator (calloc): its pages cost
/// nothing until the pass fills them, so no time goes into zeroing before the deadline is read.
fn alloc_layer<const K: usize>(run: Run, len: usize) -> Result<Vec<[u64; K]>, Error> {
    bytemuck::allocation::try_zeroed_vec::<[u64; K]>(len).map_err(|_| Error::AllocationFailed {
        backend: NAME,
        game: CanIWin::NAME,
        parameter: "max_choosable",
        value: u64::from(run.n),
        required_bytes: run.required_bytes,
        memory_cap_bytes: run.memory_cap_bytes,
        hint: &[Words("; free some memory, or solve one total at a time")],
    })
}

/// The pass of [`all_totals`] with `K`-word bitsets.
fn pass<const K: usize>(run: Run, progress: &mut dyn FnMut(u64, u64)) -> Result<AllTotals, Error> {
    let n = run.n;
    let shape = Shape::new(n);
    let total = 1u64 << n;
    let done = AtomicU64::new(0);
    // The full set: nothing left, no position for any T.
    let mut children: Vec<[u64; K]> = alloc_layer(run, 1)?;
    done.store(1, Ordering::Relaxed);
    progress(1, total);
    let mut layer = children.clone();
    for count in (0..n).rev() {
        let len = binomial(n, count) as usize;
        drop(std::mem::take(&mut layer));
        layer = alloc_layer(run, len)?;
        if !fill_layer(&shape, count, &mut layer, &children, run, &done, progress) {
            return Err(run.deadline.error(NAME, CanIWin::NAME));
        }
        if count > 0 {
            children = std::mem::take(&mut layer);
        }
    }
    // `layer` is the empty set, `children` the sets of one integer ({v} has
    // rank v - 1).
    let sum = shape.pool_sum;
    let lose = |row: &[u64; K], t: u64| row[(t / 64) as usize] >> (t % 64) & 1 == 1;
    let solutions = (0..=sum)
        .map(|t| {
            let game = CanIWin::new(n, t)?;
            if let Some(settled) = game.settled_without_search() {
                return Ok(settled);
            }
            let best = (1..=n).find(|&v| u64::from(v) >= t || lose(&children[v as usize - 1], t));
            debug_assert_eq!(best.is_none(), lose(&layer[0], t), "T = {t}");
            Ok(CanIWinSolution::from_search(best))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    progress(total, total);
    Ok(AllTotals {
        max_choosable: n,
        solutions,
    })
}

/// Fills one layer, in chunks shared by the threads; the calling thread
/// works too and reports progress after each of its chunks. `false` when the deadline passed
/// before the layer was full.
fn fill_layer<const K: usize>(
    shape: &Shape,
    count: u32,
    layer: &mut [[u64; K]],
    children: &[[u64; K]],
    run: Run,
    done: &AtomicU64,
    progress: &mut dyn FnMut(u64, u64),
) -> bool {
    let total = 1u64 << run.n;
    let chunk = run.chunk;
    let workers = run.threads.min(layer.len().div_ceil(chunk));
    let forced_split = chunk < CHUNK;
    if workers <= 1 || (layer.len() < PARALLEL_MIN_LAYER && !forced_split) {
        for (c, rows) in layer.chunks_mut(chunk).enumerate() {
            if run.deadline.reached() {
                return false;
            }
            shape.fill(count, (c * chunk) as u64, rows, children);
            let finished = done.fetch_add(rows.len() as u64, Ordering::Relaxed);
            progress(finished + rows.len() as u64, total);
        }
        return true;
    }
    let queue = Mutex::new(layer.chunks_mut(chunk).enumerate());
    let stopped = AtomicBool::new(false);
    let work = || {
        if stopped.load(Ordering::Relaxed) || run.deadline.reached() {
            stopped.store(true, Ordering::Relaxed);
            return None;
        }
        let next = queue.lock().unwrap_or_else(PoisonError::into_inner).next();
        let (c, rows) = next?;
        shape.fill(count, (c * chunk) as u64, rows, children);
        Some(done.fetch_add(rows.len() as u64, Ordering::Relaxed) + rows.len() as u64)
    };
    std::thread::scope(|scope| {
        for _ in 1..workers {
            scope.spawn(|| while work().is_some() {});
        }
        while let Some(finished) = work() {
            progress(finished, total);
        }
    });
    progress(done.load(Ordering::Relaxed), total);
    !stopped.load(Ordering::Relaxed)
}

/// Every total of a Can I Win pool at once, within the analysis limits, on every core; see
/// [`all_totals`].
///
/// # Examples
///
/// ```
/// use gamesolve::analysis::AnalysisConfig;
/// use gamesolve::games::can_i_win_all_totals;
///
/// let table = can_i_win_all_totals(12, &AnalysisConfig::default())?;
/// assert_eq!(table.second_player_totals().len(), 27);
/// # Ok::<(), gamesolve::analysis::AnalysisError>(())
/// ```
///
/// # Errors
///
/// As [`all_totals`], with the analysis's memory cap.
pub fn can_i_win_all_totals(
    max_choosable: u32,
    config: &AnalysisConfig,
) -> Result<AllTotals, AnalysisError> {
    can_i_win_all_totals_with_progress(max_choosable, config, &mut |_, _| {})
}

/// [`can_i_win_all_totals`], calling `progress(done, total)` as the pass goes (the CLI draws
/// its bar with it).
///
/// # Errors
///
/// As [`all_totals`], with the analysis's memory cap.
pub fn can_i_win_all_totals_with_progress(
    max_choosable: u32,
    config: &AnalysisConfig,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<AllTotals, AnalysisError> {
    all_totals_until(
        max_choosable,
        config.memory_cap_bytes(),
        0,
        config.deadline(),
        progress,
    )
    .map_err(AnalysisError::Game)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::analysis::DEFAULT_MEMORY_CAP_BYTES as CAP;

    /// Brute force with a memo: does the player to move win after `used`?
    fn wins(n: u32, t: u64, used: u64, memo: &mut HashMap<u64, bool>) -> bool {
        if let Some(&known) = memo.get(&used) {
            return known;
        }
        let total: u64 = (1..=n)
            .filter(|v| used >> (v - 1) & 1 == 1)
            .map(u64::from)
            .sum();
        let result = (1..=n)
            .filter(|v| used >> (v - 1) & 1 == 0)
            .any(|v| total + u64::from(v) >= t || !wins(n, t, used | 1 << (v - 1), memo));
        memo.insert(used, result);
        result
    }

    /// The answer every backend gives for one total, by brute force.
    fn solve(n: u32, t: u64) -> CanIWinSolution {
        let game = CanIWin::new(n, t).unwrap();
        if let Some(settled) = game.settled_without_search() {
            return settled;
        }
        let mut memo = HashMap::new();
        let best = (1..=n).find(|&v| u64::from(v) >= t || !wins(n, t, 1 << (v - 1), &mut memo));
        CanIWinSolution::from_search(best)
    }

    #[test]
    fn matches_brute_force_for_every_total_up_to_12() {
        for n in 1..=12 {
            let table = all_totals(n, CAP, 1, &mut |_, _| {}).unwrap();
            assert_eq!(table.max_choosable(), n);
            let sum = table.pool_sum();
            assert_eq!(table.iter().count() as u64, sum + 1);
            for t in 0..=sum {
                let expected = solve(n, t);
                assert_eq!(table.get(t), Some(expected), "n = {n}, T = {t}");
            }
            assert_eq!(table.get(sum + 1), None);
        }
    }

    #[test]
    fn split_layers_give_the_same_table() {
        for n in 1..=14 {
            let one = all_totals(n, CAP, 1, &mut |_, _| {}).unwrap();
            for (threads, chunk) in [(2, 1), (3, 7), (2, 100)] {
                let mut reports = Vec::new();
                let split =
                    all_totals_from(n, CAP, threads, chunk, Deadline::NEVER, &mut |d, t| {
                        reports.push((d, t))
                    })
                    .unwrap();
                assert_eq!(split, one, "n = {n}, {threads} threads, chunks of {chunk}");
                // Progress only grows and ends at 2^n.
                assert!(reports.windows(2).all(|w| w[0].0 <= w[1].0));
                assert_eq!(reports.last(), Some(&(1 << n, 1 << n)));
            }
        }
    }

    #[test]
    fn a_pass_stops_at_its_deadline_on_one_thread_and_on_several() {
        let past = Deadline::after(Some(std::time::Duration::ZERO));
        for (threads, chunk) in [(1, CHUNK), (2, 1)] {
            let err = all_totals_from(14, CAP, threads, chunk, past, &mut |_, _| {}).unwrap_err();
            assert!(matches!(err, Error::TimeLimitReached { .. }), "{err}");
            assert!(err.to_string().contains("the `analyze` command"), "{err}");
        }
    }

    #[test]
    fn colex_rank_round_trips() {
        let shape = Shape::new(10);
        for count in 0..=10 {
            let mut mask = shape.unrank(0, count);
            assert_eq!(mask, low_bits(u64::from(count)));
            for rank in 0..binomial(10, count) {
                assert_eq!(
                    shape.unrank(rank, count),
                    mask,
                    "count {count}, rank {rank}"
                );
                mask = next_same_count(mask);
            }
        }
    }

    #[test]
    fn limits_are_checked_before_allocating() {
        assert!(matches!(
            all_totals(26, 900 << 20, 1, &mut |_, _| {}),
            Err(Error::TableTooLarge {
                value: 26,
                required_bytes: 962_798_400,
                ..
            })
        ));
        assert!(matches!(
            all_totals(32, u64::MAX, 1, &mut |_, _| {}),
            Err(Error::GameTooLarge { value: 32, .. })
        ));
        assert!(matches!(
            all_totals(0, CAP, 1, &mut |_, _| {}),
            Err(Error::MaxChoosableOutOfRange { .. })
        ));
    }
}
