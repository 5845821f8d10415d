//! The sparse memo: a table of only the visited sets ([`StateTable`], one
//! word per state), and the table that moves to the dense table once it
//! grows (sparse-then-dense).

use core_types::error::{Hint, HintPart};
use core_types::{CanIWin, CanIWinSolution, Deadline, Error, Game, Recorder};
use solver_search::state_table::{states_within, table_bytes, Slot, StateTable, TableFull};

use super::dense::{
    checked_dense_words, dense_table_bytes, record_dense_table, zeroed_dense_memo,
    AllocationRefused, DenseMemo,
};
use super::search::{search, Memo, Stop};
use crate::NAME;

/// Bytes of one stored state's slot for `n` integers: 8 (a `u64`, the set
/// with the verdict in bit 63) up to `n = 63`, 16 (a `u128`) at `n = 64`.
///
/// ```
/// use gamesolve::backends::solver_memo::can_i_win::sparse_slot_bytes;
/// assert_eq!((sparse_slot_bytes(40), sparse_slot_bytes(63), sparse_slot_bytes(64)), (8, 8, 16));
/// ```
pub fn sparse_slot_bytes(max_choosable: u32) -> u64 {
    if max_choosable <= 63 {
        8
    } else {
        16
    }
}

/// An upper bound on the bytes a sparse memo of `states` states of `n`
/// integers takes, including the transient copy while it grows: one slot
/// ([`sparse_slot_bytes`]) per entry of a power-of-two array kept at most
/// three quarters full, and, while it doubled into that array, the
/// half-size array it moved the states from. That is 10.7 to 21.3 bytes
/// per state at the peak for `n <= 63`, 5.3 to 10.7 once grown.
///
/// ```
/// use gamesolve::backends::solver_memo::can_i_win::sparse_map_bytes;
/// assert_eq!(sparse_map_bytes(40, 0), 0);
/// // 1,000 states need 2,048 slots; growing into them held 1,024 too.
/// assert_eq!(sparse_map_bytes(40, 1_000), (2048 + 1024) * 8);
/// assert_eq!(sparse_map_bytes(64, 1_000), (2048 + 1024) * 16);
/// // The default budget of 3,000,000 states: 2^22 slots, 32 MiB, after 16 MiB.
/// assert_eq!(sparse_map_bytes(40, 3_000_000), 48 << 20);
/// // 20,000,000 states (the default before issue 12): 2^25 slots, 256 MiB, after 128 MiB.
/// assert_eq!(sparse_map_bytes(40, 20_000_000), 384 << 20);
/// ```
pub fn sparse_map_bytes(max_choosable: u32, states: u64) -> u128 {
    table_bytes(states, u128::from(sparse_slot_bytes(max_choosable)))
}

/// The most states a sparse memo of `n` integers may hold: the state
/// budget, lowered so that [`sparse_map_bytes`] stays within the memory cap.
///
/// ```
/// use gamesolve::backends::solver_memo::can_i_win::{sparse_map_bytes, sparse_state_limit};
/// let cap = 1 << 30;
/// // 2^26 slots of 8 bytes (512 MiB, after the 256 MiB it grew from), 3/4 full.
/// let limit = sparse_state_limit(40, cap, u64::MAX);
/// assert_eq!(limit, (1 << 26) / 4 * 3);
/// assert!(sparse_map_bytes(40, limit) <= cap as u128);
/// assert!(sparse_map_bytes(40, limit + 1) > cap as u128);
/// // Sets of 64 integers take 16-byte slots: half as many.
/// assert_eq!(sparse_state_limit(64, cap, u64::MAX), limit / 2);
/// assert_eq!(sparse_state_limit(40, cap, 1_000), 1_000);
/// ```
pub fn sparse_state_limit(max_choosable: u32, memory_cap_bytes: u64, state_budget: u64) -> u64 {
    let slot_bytes = u128::from(sparse_slot_bytes(max_choosable));
    states_within(memory_cap_bytes, slot_bytes).min(state_budget)
}

/// Solves a Can I Win game with a sparse table of only the visited states.
///
/// Works for every `n <= 64`. The table never holds more than
/// [`sparse_state_limit`]`(n, memory_cap_bytes, state_budget)` states, so
/// its memory stays within the cap; the search gives up when it would need
/// more.
///
/// The table is open addressing over one word per state (the set, with the
/// verdict packed in bit 63; 16 bytes at `n = 64`), at most three quarters
/// full, grown by doubling up to the size its limit needs and no further.
///
/// # Complexity
///
/// With `n` the largest integer and `S` the states reached: time
/// `O(S · n)` expected (each lookup reads one cache line in the common
/// case; about five lookups per state, so a table larger than the caches
/// costs 150 to 350 ns per state, measured at `n = 40, T = 800`: bound by
/// memory latency); auxiliary memory at most
/// [`sparse_map_bytes`]`(n, S)`: 5.3 to 10.7 bytes per state, twice that
/// while the table doubles (16 bytes per slot instead of 8 at `n = 64`),
/// plus `O(n)` stack. The deadline is ticked once per expanded state, and
/// read every 65,536 states moved while the table doubles.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use gamesolve::{CanIWin, Error, core_types::{Deadline, NoStats}};
/// use gamesolve::backends::solver_memo::{can_i_win, DEFAULT_MEMORY_CAP_BYTES};
///
/// let (cap, never) = (DEFAULT_MEMORY_CAP_BYTES, Deadline::NEVER);
/// let easy = CanIWin::new(64, 30)?;
/// let answer = can_i_win::solve_sparse(&easy, cap, 1_000_000, never, &mut NoStats)?;
/// assert!(answer.can_i_win());
///
/// // A hard total with a small budget: an honest "cannot answer".
/// let hard = CanIWin::new(20, 158)?;
/// let err = can_i_win::solve_sparse(&hard, cap, 1_000, never, &mut NoStats);
/// assert!(matches!(err, Err(Error::BudgetExhausted { budget: 1_000, unit: "states", .. })));
///
/// // So is a time limit that passes first.
/// let passed = Deadline::after(Some(Duration::ZERO));
/// let err = can_i_win::solve_sparse(&hard, cap, 1_000, passed, &mut NoStats);
/// assert!(matches!(err, Err(Error::TimeLimitReached { .. })));
/// # Ok::<(), gamesolve::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::BudgetExhausted`] (unit `states`, naming the effective limit)
/// when the search needs more states than the limit;
/// [`Error::AllocationFailed`] (parameter `states`, with the bytes of the
/// grown table) when the system refuses the table's growth below that limit
/// (a process memory limit such as `ulimit -v`, or no free memory);
/// [`Error::TimeLimitReached`] when `deadline` passes first.
///
/// # See also
///
/// [`solve_dense`] (faster when the `2^n` table fits), `solver_tabular`
/// (bottom-up, all `2^n` states).
///
/// [`solve_dense`]: super::solve_dense
pub fn solve_sparse<R: Recorder<CanIWin>>(
    game: &CanIWin,
    memory_cap_bytes: u64,
    state_budget: u64,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<CanIWinSolution, Error> {
    if let Some(settled) = game.settled_without_search() {
        return Ok(settled);
    }
    let n = game.max_choosable();
    let limit = sparse_state_limit(n, memory_cap_bytes, state_budget);
    let result = if n <= 63 {
        sparse_search::<u64, R>(game, limit, deadline, recorder)
    } else {
        sparse_search::<u128, R>(game, limit, deadline, recorder)
    };
    match result {
        Ok(best) => Ok(CanIWinSolution::from_search(best)),
        Err(Stop::TimeLimit | Stop::Full(TableFull::TimeLimit)) => {
            Err(deadline.error(NAME, CanIWin::NAME))
        }
        Err(Stop::Full(TableFull::Exhausted)) => Err(Error::BudgetExhausted {
            backend: NAME,
            game: CanIWin::NAME,
            budget: limit,
            unit: "states",
            hint: sparse_exhausted_hint(
                limit < state_budget,
                tabular_fits(game.max_choosable(), memory_cap_bytes),
            ),
        }),
        Err(Stop::Full(TableFull::Refused { states })) => {
            Err(sparse_growth_refused(n, states, memory_cap_bytes))
        }
    }
}

/// The search of [`solve_sparse`] over a table of `S` slots holding at most
/// `limit` states; reports the table it ended with.
fn sparse_search<S: Slot<Value = bool>, R: Recorder<CanIWin>>(
    game: &CanIWin,
    limit: u64,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<Option<u32>, Stop<TableFull>> {
    let mut table = StateTable::<S>::new(limit, deadline);
    let result = search(game, &mut table, deadline, recorder);
    recorder.table(table.slot_count(), table.allocated_bytes());
    result
}

/// The error for a sparse table of `states` states whose growth the system
/// refused: it names the bytes of the table it was growing into (old and new
/// array, as [`sparse_map_bytes`] counts them), not the budget.
fn sparse_growth_refused(max_choosable: u32, states: u64, memory_cap_bytes: u64) -> Error {
    Error::AllocationFailed {
        backend: NAME,
        game: CanIWin::NAME,
        parameter: "states",
        value: states,
        required_bytes: sparse_map_bytes(max_choosable, states.saturating_add(1)),
        memory_cap_bytes,
        hint: &[HintPart::Words(
            "; free some memory or raise the process memory limit",
        )],
    }
}

/// Whether backend `tabular` (1 bit for each of the `2^n` states, `n <= 63`)
/// could take the game under the same memory cap, so that suggesting it helps.
fn tabular_fits(max_choosable: u32, memory_cap_bytes: u64) -> bool {
    max_choosable <= 63 && (1u128 << max_choosable) / 8 <= u128::from(memory_cap_bytes)
}

/// The advice for a sparse memo that ran out: which limit to raise, and
/// `tabular` only where it would fit.
fn sparse_exhausted_hint(capped_by_memory: bool, tabular_fits: bool) -> Hint {
    use HintPart::{Limit as L, Words as W};
    const CAP: HintPart = L(core_types::limits::Limit::MemoryCap);
    match (capped_by_memory, tabular_fits) {
        (true, true) => &[
            W("; the memory cap ("),
            CAP,
            W(") bounds the sparse memo to this many states: raise it, or try backend `tabular`"),
        ],
        (true, false) => &[
            W("; the memory cap ("),
            CAP,
            W(") bounds the sparse memo to this many states: raise it"),
        ],
        (false, true) => &[W("; raise the state budget, or try backend `tabular`")],
        (false, false) => &[W(
            "; raise the state budget (no dense table of all 2^n states fits the memory cap)",
        )],
    }
}

/// Only the visited states, at most the table's limit of them.
impl<S: Slot<Value = bool>> Memo for &mut StateTable<S> {
    type Full = TableFull;

    #[inline(always)]
    fn get(&self, used: u64) -> Option<bool> {
        StateTable::get(self, used)
    }

    #[inline(always)]
    fn insert(&mut self, used: u64, wins: bool) -> Result<(), TableFull> {
        StateTable::insert(self, used, wins)
    }
}

/// The number of stored states at which [`solve_sparse_then_dense`] moves
/// from its sparse table to the dense table: a quarter of the dense table's
/// 4 KiB pages, and at least 4,096. Below that, a sparse entry is cheaper
/// than the page of zeroed memory the dense table would touch for it.
///
/// ```
/// use gamesolve::backends::solver_memo::can_i_win::dense_switch_threshold;
/// assert_eq!(dense_switch_threshold(22), 4_096);
/// assert_eq!(dense_switch_threshold(32), 65_536);
/// ```
pub fn dense_switch_threshold(max_choosable: u32) -> usize {
    let pages = dense_table_bytes(max_choosable) / 4096;
    usize::try_from(pages / 4).unwrap_or(usize::MAX).max(4_096)
}

/// Solves a Can I Win game with a sparse table first, moving every stored
/// state into the dense 2-bit table once the sparse one holds
/// [`dense_switch_threshold`]`(n)` states, and going on there.
///
/// Easy totals on a large pool (`n = 28, T = 70`) reach only hundreds of
/// states: the sparse table answers them without touching a large one, whose
/// zeroed pages would each be faulted in by the first state stored there.
/// Hard totals pass the threshold early and then run as [`solve_dense`]
/// does. The counters are those of one search: every state is stored (and
/// counted) once, and the table reported is the memo in use at the end.
///
/// # Complexity
///
/// As [`solve_dense`]: time `O(S · n)` for the `S` states reached; memory
/// [`sparse_map_bytes`] of at most the threshold (768 KiB at `n = 32`),
/// then [`dense_table_bytes`]`(n)` once switched.
///
/// # Examples
///
/// ```
/// use gamesolve::{CanIWin, Outcome, Stats, core_types::Deadline};
/// use gamesolve::backends::solver_memo::{can_i_win, DEFAULT_MEMORY_CAP_BYTES as CAP};
///
/// let mut stats = Stats::default();
/// let easy = CanIWin::new(28, 70)?;
/// let answer = can_i_win::solve_sparse_then_dense(&easy, CAP, Deadline::NEVER, &mut stats)?;
/// assert_eq!(answer.outcome, Outcome::FirstPlayerWins);
/// assert!(stats.table_bytes < 1 << 20); // stayed in the sparse table
///
/// let mut stats = Stats::default();
/// let hard = CanIWin::new(22, 180)?;
/// can_i_win::solve_sparse_then_dense(&hard, CAP, Deadline::NEVER, &mut stats)?;
/// assert_eq!(stats.table_bytes, 1 << 20); // moved to the dense table
/// # Ok::<(), gamesolve::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::TableTooLarge`] (parameter `max_choosable`) when the dense table
/// exceeds `memory_cap_bytes` (checked before searching);
/// [`Error::AllocationFailed`] when the system refuses its memory at the
/// switch, or the sparse table's growth before it; [`Error::TimeLimitReached`] when
/// `deadline` passes first (ticked once per expanded state).
///
/// # See also
///
/// [`solve_dense`], [`solve_sparse`]; `solver_tabular` for the bottom-up
/// fill of every state.
///
/// [`solve_dense`]: super::solve_dense
pub fn solve_sparse_then_dense<R: Recorder<CanIWin>>(
    game: &CanIWin,
    memory_cap_bytes: u64,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<CanIWinSolution, Error> {
    let switch_at = dense_switch_threshold(game.max_choosable());
    sparse_then_dense_switching_at(game, memory_cap_bytes, switch_at, deadline, recorder)
}

/// [`solve_sparse_then_dense`] with the switch point as a parameter (tests
/// move it to exercise the switch on small games).
fn sparse_then_dense_switching_at<R: Recorder<CanIWin>>(
    game: &CanIWin,
    memory_cap_bytes: u64,
    switch_at: usize,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<CanIWinSolution, Error> {
    if let Some(settled) = game.settled_without_search() {
        return Ok(settled);
    }
    let n = game.max_choosable();
    let words = checked_dense_words(n, memory_cap_bytes)?;
    let switch_at = u64::try_from(switch_at).unwrap_or(u64::MAX);
    // Sets of 64 integers need 16-byte slots (a dense table of them never
    // fits, but a cap that allows it gets an honest refusal at the switch).
    let result = if n <= 63 {
        sparse_then_dense_search::<u64, R>(game, switch_at, words, deadline, recorder)
    } else {
        sparse_then_dense_search::<u128, R>(game, switch_at, words, deadline, recorder)
    };
    match result {
        Ok(best) => Ok(CanIWinSolution::from_search(best)),
        Err(Stop::TimeLimit) => Err(deadline.error(NAME, CanIWin::NAME)),
        Err(Stop::Full(SwitchRefused::Dense(refused))) => Err(refused.error(n, memory_cap_bytes)),
        Err(Stop::Full(SwitchRefused::Sparse { states })) => {
            Err(sparse_growth_refused(n, states, memory_cap_bytes))
        }
    }
}

/// The search of [`solve_sparse_then_dense`] over a sparse table of `S`
/// slots first; reports the memo it ended with.
fn sparse_then_dense_search<S: Slot<Value = bool>, R: Recorder<CanIWin>>(
    game: &CanIWin,
    switch_at: u64,
    words: usize,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<Option<u32>, Stop<SwitchRefused>> {
    // The sparse table is at most the threshold's size (768 KiB at n = 32):
    // moving it when it doubles takes well under a millisecond, and the
    // search ticks the deadline.
    let mut memo = SparseThenDenseMemo::Sparse {
        table: StateTable::<S>::new(switch_at, Deadline::NEVER),
        words,
    };
    let result = search(game, &mut memo, deadline, recorder);
    match &memo {
        SparseThenDenseMemo::Sparse { table, .. } => {
            recorder.table(table.slot_count(), table.allocated_bytes())
        }
        SparseThenDenseMemo::Dense(_) => record_dense_table(recorder, game.max_choosable()),
    }
    result
}

/// What the system refused in [`solve_sparse_then_dense`]: the dense table at the switch,
/// or the growth of the sparse table before it.
enum SwitchRefused {
    /// The dense table.
    Dense(AllocationRefused),
    /// The sparse table's growth while it held `states` states.
    Sparse {
        /// States stored when the growth was refused.
        states: u64,
    },
}

/// A sparse table until it holds its limit (the switch point), then the
/// dense table (of `words` words) with every state moved over; see
/// [`solve_sparse_then_dense`].
enum SparseThenDenseMemo<S> {
    Sparse { table: StateTable<S>, words: usize },
    Dense(DenseMemo),
}

impl<S: Slot<Value = bool>> Memo for &mut SparseThenDenseMemo<S> {
    type Full = SwitchRefused;

    #[inline(always)]
    fn get(&self, used: u64) -> Option<bool> {
        match &**self {
            SparseThenDenseMemo::Dense(dense) => dense.get(used),
            SparseThenDenseMemo::Sparse { table, .. } => table.get(used),
        }
    }

    #[inline(always)]
    fn insert(&mut self, used: u64, wins: bool) -> Result<(), SwitchRefused> {
        match &mut **self {
            SparseThenDenseMemo::Dense(dense) => {
                let Ok(()) = dense.insert(used, wins);
            }
            SparseThenDenseMemo::Sparse { table, words } => match table.insert(used, wins) {
                Ok(()) => {}
                Err(TableFull::Refused { states }) => {
                    return Err(SwitchRefused::Sparse { states });
                }
                // The switch point (the table's limit): move to the dense table. The
                // table reads no deadline, so it never stops for one.
                Err(TableFull::Exhausted | TableFull::TimeLimit) => {
                    let mut dense = zeroed_dense_memo(*words).map_err(SwitchRefused::Dense)?;
                    for (state, state_wins) in table.iter() {
                        let Ok(()) = dense.insert(state, state_wins);
                    }
                    let Ok(()) = dense.insert(used, wins);
                    **self = SparseThenDenseMemo::Dense(dense);
                }
            },
        }
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::can_i_win::solve_dense;
    use crate::can_i_win::tests::{answer, sparse};
    use crate::DEFAULT_MEMORY_CAP_BYTES as CAP;
    use core_types::can_i_win::pool_sum;
    use core_types::{NoStats, Stats};
    #[test]
    fn sparse_agrees_with_dense_up_to_16() {
        for n in 1..=16u32 {
            let sum = u64::from(n * (n + 1) / 2);
            for t in (0..=sum + 1).step_by(if n > 12 { 7 } else { 1 }) {
                assert_eq!(sparse(n, t), answer(n, t), "n = {n}, T = {t}");
            }
        }
    }

    #[test]
    fn sparse_then_dense_matches_dense_before_and_after_the_switch() {
        for n in [10u32, 13, 16] {
            for t in (1..=pool_sum(n)).step_by(7) {
                let game = CanIWin::new(n, t).unwrap();
                let mut dense_stats = Stats::default();
                let dense = solve_dense(&game, CAP, Deadline::NEVER, &mut dense_stats).unwrap();
                for switch_at in [0, 5, 100, usize::MAX] {
                    let mut stats = Stats::default();
                    let answer = sparse_then_dense_switching_at(
                        &game,
                        CAP,
                        switch_at,
                        Deadline::NEVER,
                        &mut stats,
                    )
                    .unwrap();
                    assert_eq!(answer, dense, "n = {n}, T = {t}, switch at {switch_at}");
                    // One search: the same positions, each state stored once.
                    assert_eq!(stats.positions, dense_stats.positions);
                    assert_eq!(stats.states, dense_stats.states);
                    assert_eq!(stats.memo_hits, dense_stats.memo_hits);
                    if stats.states as usize > switch_at {
                        // Switched: the dense table is what is reported.
                        assert_eq!(stats.table_bytes, dense_stats.table_bytes);
                    } else {
                        assert!(stats.table_cells >= stats.states);
                    }
                }
            }
        }
    }

    #[test]
    fn sparse_budget_error_names_the_limit() {
        let game = CanIWin::new(40, 300).unwrap();
        let err = solve_sparse(&game, CAP, 10_000, Deadline::NEVER, &mut NoStats).unwrap_err();
        assert_eq!(
            err,
            Error::BudgetExhausted {
                backend: "memo",
                game: "can-i-win",
                budget: 10_000,
                unit: "states",
                hint: &[HintPart::Words("; raise the state budget (no dense table of all 2^n states fits the memory cap)")],
            }
        );
        // Where `tabular` would fit under the same cap, the hint suggests it.
        let small = CanIWin::new(30, 300).unwrap();
        let err = solve_sparse(&small, CAP, 1_000, Deadline::NEVER, &mut NoStats).unwrap_err();
        assert!(err.to_string().contains("try backend `tabular`"), "{err}");
        // A tight memory cap lowers the limit below the budget, and says so.
        let err =
            solve_sparse(&game, 100_000, u64::MAX, Deadline::NEVER, &mut NoStats).unwrap_err();
        let limit = sparse_state_limit(40, 100_000, u64::MAX);
        assert!(limit < 10_000);
        assert!(matches!(err, Error::BudgetExhausted { budget, .. } if budget == limit));
        assert!(err.to_string().contains("memory cap"));
    }

    #[test]
    fn sparse_map_bytes_bounds_the_real_table() {
        for states in [1u64, 3, 48, 49, 100, 1_000, 10_000, 100_000] {
            let mut narrow = StateTable::<u64>::new(u64::MAX, Deadline::NEVER);
            let mut wide = StateTable::<u128>::new(u64::MAX, Deadline::NEVER);
            for k in 1..=states {
                narrow.insert(k, true).unwrap();
                wide.insert(k << 40, false).unwrap();
            }
            // The array it holds, and the half-size one it grew from (none for the first).
            let peak =
                |table: u64, slots: u64| u128::from(table) * if slots > 64 { 3 } else { 2 } / 2;
            let (bytes, slots) = (narrow.allocated_bytes(), narrow.slot_count());
            assert_eq!(sparse_map_bytes(40, states), peak(bytes, slots), "{states}");
            let (bytes, slots) = (wide.allocated_bytes(), wide.slot_count());
            assert_eq!(sparse_map_bytes(64, states), peak(bytes, slots), "{states}");
            assert_eq!(wide.allocated_bytes(), 2 * narrow.allocated_bytes());
        }
        assert_eq!(sparse_state_limit(40, 0, 5), 0);
        assert_eq!(sparse_state_limit(64, 511, 5), 0);
        assert_eq!(sparse_state_limit(64, 512 * 2, 50), 48);
    }

    /// Issue 27: with no state budget of its own, the default sparse memo holds what fits in
    /// the default cap (50,331,648 states of 8 bytes), no more.
    #[test]
    fn the_default_budget_is_what_fits_the_default_cap() {
        use crate::{DEFAULT_MEMORY_CAP_BYTES as CAP, DEFAULT_STATE_BUDGET};
        for n in [33, 40, 63, 64] {
            let limit = sparse_state_limit(n, CAP, DEFAULT_STATE_BUDGET);
            assert!(sparse_map_bytes(n, limit) <= u128::from(CAP), "n = {n}");
            assert!(sparse_map_bytes(n, limit + 1) > u128::from(CAP), "n = {n}");
            assert!(limit > 3_000_000, "n = {n}: {limit}");
        }
        assert_eq!(
            sparse_state_limit(40, CAP, DEFAULT_STATE_BUDGET),
            50_331_648
        );
    }
}
