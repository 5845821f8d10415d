//! The per-mask reference pass: the textbook table, one used-set at a time.

use core_types::can_i_win::mask_total;
use core_types::{
    CanIWin, CanIWinSolution, Deadline, Error, Event, Game, NoStats, Recorder, Verdict,
};

use super::{alloc_table, root_solution, settled, table_words};
use crate::NAME;

/// Solves a Can I Win game bottom-up, one mask at a time: the plain
/// textbook table, kept as the reference for the word-parallel [`solve`](super::solve).
///
/// # Complexity
///
/// With `n` the largest integer: `O(2^n · n)` time (each of the `2^n` masks
/// tries up to `n` moves), `2^n` bits of auxiliary memory.
///
/// # Examples
///
/// ```
/// use gamesolve::{CanIWin, Error};
/// use gamesolve::backends::solver_tabular::{can_i_win, DEFAULT_MEMORY_CAP_BYTES};
///
/// let answer = can_i_win::solve_per_mask(&CanIWin::new(10, 1)?, DEFAULT_MEMORY_CAP_BYTES)?;
/// assert_eq!(answer.best_move, Some(1));
/// Ok::<(), Error>(())
/// ```
///
/// # Errors
///
/// As [`solve`](super::solve).
///
/// # See also
///
/// [`solve`](super::solve) (the same table, 64 masks per word operation); the `memo` and
/// `recursive` backends.
pub fn solve_per_mask(game: &CanIWin, memory_cap_bytes: u64) -> Result<CanIWinSolution, Error> {
    solve_per_mask_with(game, memory_cap_bytes, Deadline::NEVER, &mut NoStats)
}

/// [`solve_per_mask`] with any [`Recorder`], giving up at `deadline` (the clock is read once
/// per 16,384 masks).
///
/// # Errors
///
/// As [`solve_with`](super::solve_with).
pub fn solve_per_mask_with<R: Recorder<CanIWin>>(
    game: &CanIWin,
    memory_cap_bytes: u64,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<CanIWinSolution, Error> {
    if let Some(settled) = settled(game) {
        return Ok(settled);
    }
    let n = game.max_choosable();
    let words = table_words(game, memory_cap_bytes)?;
    let mut table = alloc_table(n, words, memory_cap_bytes)?;
    let cells = 1u64 << n;
    recorder.table(cells, (words as u64) * 8);

    // Not settled, so pool_sum > T: every mask sum fits below T's range.
    let t = game.desired_total();
    let get = |table: &[u64], mask: u64| table[(mask >> 6) as usize] >> (mask & 63) & 1 == 1;
    let mut evaluated = 0u64;
    deadline.check(NAME, CanIWin::NAME)?;
    for mask in (0..cells).rev() {
        // Descending: the first mask of each run of 2^14 is a multiple of 2^14 plus 2^14 - 1.
        if mask & PER_MASK_CHECK_EVERY == PER_MASK_CHECK_EVERY {
            deadline.check(NAME, CanIWin::NAME)?;
        }
        let sum = mask_total(mask);
        if sum >= t {
            continue;
        }
        evaluated += 1;
        let mut wins = false;
        for k in 0..n {
            let bit = 1u64 << k;
            if mask & bit == 0 && (sum + u64::from(k) + 1 >= t || !get(&table, mask | bit)) {
                wins = true;
                break;
            }
        }
        if wins {
            table[(mask >> 6) as usize] |= 1 << (mask & 63);
        }
        recorder.event(Event::Cell(mask, Verdict::from_wins(wins)));
    }
    recorder.positions(evaluated);
    recorder.states_stored(evaluated);
    Ok(root_solution(n, t, |mask| get(&table, mask)))
}

/// The per-mask pass reads the clock when the low 14 bits of the mask are all set: once per
/// 16,384 masks (under a millisecond even with a recorder per cell).
const PER_MASK_CHECK_EVERY: u64 = (1 << 14) - 1;
