//! The dense memo: a 2-bit table over all `2^n` sets of used integers.

use core_types::error::HintPart::Words;
use core_types::{CanIWin, CanIWinSolution, Deadline, Error, Game, Recorder};
use std::convert::Infallible;

use super::search::{search, Memo, Stop};
use crate::NAME;

/// Bytes of the dense table for `n` integers: `2^n` states of 2 bits,
/// rounded up to whole `u64` words.
///
/// ```
/// use gamesolve::backends::solver_memo::can_i_win::dense_table_bytes;
/// assert_eq!(dense_table_bytes(20), 256 * 1024);
/// assert_eq!(dense_table_bytes(32), 1 << 30);
/// assert_eq!(dense_table_bytes(1), 8);
/// ```
pub fn dense_table_bytes(max_choosable: u32) -> u128 {
    let bits = 2u128 << max_choosable.min(127);
    bits.div_ceil(64) * 8
}

/// Solves a Can I Win game with the dense 2-bit table over all `2^n` sets.
///
/// # Complexity
///
/// With `n` the largest integer and `S <= 2^n` the states reached: time
/// `O(S · n)`; auxiliary memory exactly [`dense_table_bytes`]`(n)` =
/// `2^n / 4` bytes (256 KiB at `n = 20`, 8 MiB at `n = 25`, 1 GiB at
/// `n = 32`), allocated up front as zeroed pages that the system provides
/// when first touched, plus `O(n)` stack. The deadline is ticked once per
/// expanded state and the clock read once every 4,096 of them (about every
/// 0.2 ms on hard totals).
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use gamesolve::{CanIWin, Error, Stats, core_types::{Deadline, NoStats}};
/// use gamesolve::backends::solver_memo::{can_i_win, DEFAULT_MEMORY_CAP_BYTES as CAP};
///
/// let mut stats = Stats::default();
/// let answer = can_i_win::solve_dense(&CanIWin::new(10, 11)?, CAP, Deadline::NEVER, &mut stats)?;
/// assert!(!answer.can_i_win());
/// assert_eq!((stats.table_cells, stats.table_bytes), (1024, 256));
///
/// // A deadline that has passed stops the search at its first state.
/// let passed = Deadline::after(Some(Duration::ZERO));
/// let err = can_i_win::solve_dense(&CanIWin::new(20, 158)?, CAP, passed, &mut NoStats);
/// assert!(matches!(err, Err(Error::TimeLimitReached { .. })));
/// # Ok::<(), gamesolve::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::TableTooLarge`] (parameter `max_choosable`) when the table
/// exceeds `memory_cap_bytes`, before anything is allocated;
/// [`Error::AllocationFailed`] when the system refuses its memory;
/// [`Error::TimeLimitReached`] when `deadline` passes first.
///
/// # See also
///
/// [`solve_sparse`] for games whose table does not fit; `solver_tabular`
/// for the bottom-up fill of a 1-bit table.
///
/// [`solve_sparse`]: super::solve_sparse
pub fn solve_dense<R: Recorder<CanIWin>>(
    game: &CanIWin,
    memory_cap_bytes: u64,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<CanIWinSolution, Error> {
    if let Some(settled) = game.settled_without_search() {
        return Ok(settled);
    }
    let n = game.max_choosable();
    let words = checked_dense_words(n, memory_cap_bytes)?;
    // Zeroed memory (all states unknown) straight from the allocator: pages
    // the search never touches cost nothing, so an easy total with a large
    // table stays cheap.
    let memo = zeroed_dense_memo(words).map_err(|refused| refused.error(n, memory_cap_bytes))?;
    record_dense_table(recorder, n);
    match search(game, memo, deadline, recorder) {
        Ok(best) => Ok(CanIWinSolution::from_search(best)),
        Err(Stop::TimeLimit) => Err(deadline.error(NAME, CanIWin::NAME)),
        Err(Stop::Full(never)) => match never {},
    }
}

/// Reports the dense table of `n` integers: `2^n` cells, [`dense_table_bytes`].
pub(super) fn record_dense_table<R: Recorder<CanIWin>>(recorder: &mut R, n: u32) {
    recorder.table(
        u64::try_from(1u128 << n).unwrap_or(u64::MAX),
        u64::try_from(dense_table_bytes(n)).unwrap_or(u64::MAX),
    );
}

/// The dense table's size in `u64` words, or the error when it exceeds the
/// memory cap (checked before anything is allocated).
pub(super) fn checked_dense_words(n: u32, memory_cap_bytes: u64) -> Result<usize, Error> {
    let required_bytes = dense_table_bytes(n);
    let too_large = |hint| Error::TableTooLarge {
        backend: NAME,
        game: CanIWin::NAME,
        parameter: "max_choosable",
        value: u64::from(n),
        required_bytes,
        memory_cap_bytes,
        hint,
    };
    if required_bytes > u128::from(memory_cap_bytes) {
        return Err(too_large(
            &[Words("; raise the memory cap, or use the sparse memo (`--backend memo/sparse`, the automatic `memo`) for small totals")],
        ));
    }
    usize::try_from(required_bytes / 8).map_err(|_| {
        too_large(&[Words(
            "; the table does not fit this platform's address space",
        )])
    })
}

/// A zeroed dense table of `words` words (all states unknown), straight from
/// the allocator: pages never touched cost nothing.
pub(super) fn zeroed_dense_memo(words: usize) -> Result<DenseMemo, AllocationRefused> {
    let words =
        bytemuck::allocation::try_zeroed_slice_box::<u64>(words).map_err(|()| AllocationRefused)?;
    Ok(DenseMemo { words })
}

/// Two bits per state: bit `2·used` says "known", bit `2·used + 1` "wins",
/// both in word `used / 32`.
///
/// Plain words rather than a `bitvec` vector: the search reads both bits of
/// a state at once, and decoding `bitvec`'s span pointer on every access
/// cost a fifth of the search's instructions once the recursion also ticks a
/// deadline (the compiler no longer hoisted it).
pub(super) struct DenseMemo {
    words: Box<[u64]>,
}

impl Memo for DenseMemo {
    type Full = Infallible;

    #[inline(always)]
    fn get(&self, used: u64) -> Option<bool> {
        // Both bits of a state sit in one word: read them together.
        let word = self.words[(used >> 5) as usize];
        let cell = word >> ((used & 31) * 2);
        (cell & 1 != 0).then_some(cell & 2 != 0)
    }

    #[inline(always)]
    fn insert(&mut self, used: u64, wins: bool) -> Result<(), Infallible> {
        let word = &mut self.words[(used >> 5) as usize];
        *word |= (1 | (u64::from(wins) << 1)) << ((used & 31) * 2);
        Ok(())
    }
}

/// The system refused the dense table's memory.
#[derive(Debug)]
pub(super) struct AllocationRefused;

impl AllocationRefused {
    /// The error for the dense table of `n` integers.
    pub(super) fn error(self, n: u32, memory_cap_bytes: u64) -> Error {
        Error::AllocationFailed {
            backend: NAME,
            game: CanIWin::NAME,
            parameter: "max_choosable",
            value: u64::from(n),
            required_bytes: dense_table_bytes(n),
            memory_cap_bytes,
            hint: &[Words("; free some memory, or use the sparse memo (`--backend memo/sparse`) for small totals")],
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use core_types::NoStats;
    #[test]
    fn dense_table_is_refused_above_the_cap_before_allocating() {
        let game = CanIWin::new(20, 158).unwrap();
        let err = solve_dense(&game, 1000, Deadline::NEVER, &mut NoStats).unwrap_err();
        match &err {
            Error::TableTooLarge {
                backend,
                parameter,
                value,
                required_bytes,
                memory_cap_bytes,
                ..
            } => {
                assert_eq!(
                    (*backend, *parameter, *value),
                    ("memo", "max_choosable", 20)
                );
                assert_eq!((*required_bytes, *memory_cap_bytes), (1 << 18, 1000));
            }
            other => panic!("unexpected {other:?}"),
        }
        assert!(err.to_string().contains("262144 bytes"));
        // Even n = 64 with no cap fails cleanly rather than aborting.
        let huge = CanIWin::new(64, 1000).unwrap();
        assert!(solve_dense(&huge, u64::MAX, Deadline::NEVER, &mut NoStats).is_err());
    }
}
