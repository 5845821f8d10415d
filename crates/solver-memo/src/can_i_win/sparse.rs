//! The sparse memo: a map of only the visited sets, and the map that moves to
//! the dense table once it grows (sparse-then-dense).

use core_types::{CanIWin, CanIWinSolution, Deadline, Error, Game, Recorder};
use hashbrown::HashMap;

use super::dense::{
    checked_dense_words, dense_table_bytes, record_dense_table, zeroed_dense_memo,
    AllocationRefused, DenseMemo,
};
use super::search::{search, Memo, Stop};
use crate::NAME;

/// An upper bound on the bytes a sparse memo of `states` entries takes,
/// including the transient copy while it grows: the [`hashbrown`] table
/// stores a 16-byte `(u64, bool)` slot and a control byte per bucket, keeps
/// at most 7/8 of a power-of-two number of buckets full, and holds the old
/// and the new table (1.5 times the new one) while it doubles.
///
/// ```
/// use solver_memo::can_i_win::sparse_map_bytes;
/// assert_eq!(sparse_map_bytes(0), 0);
/// // 1,000 states need 2,048 buckets; growing into them held 1,024 too.
/// assert_eq!(sparse_map_bytes(1_000), (2048 + 1024) * 17 + 2 * 16);
/// ```
pub fn sparse_map_bytes(states: u64) -> u128 {
    if states == 0 {
        return 0;
    }
    let buckets = sparse_buckets(states);
    let table = |b: u128| b * (SLOT_BYTES + 1) + GROUP_WIDTH;
    table(buckets) + if buckets > 4 { table(buckets / 2) } else { 0 }
}

/// Bytes of one `(u64, bool)` slot in the sparse map.
const SLOT_BYTES: u128 = std::mem::size_of::<(u64, bool)>() as u128;
/// Extra control bytes hashbrown appends to every table.
const GROUP_WIDTH: u128 = 16;

/// The number of buckets hashbrown uses to hold `states` entries.
fn sparse_buckets(states: u64) -> u128 {
    let states = u128::from(states);
    if states < 4 {
        4
    } else if states < 8 {
        8
    } else {
        (states * 8).div_ceil(7).next_power_of_two()
    }
}

/// The most states a sparse memo may hold: the state budget, lowered so that
/// [`sparse_map_bytes`] stays within the memory cap.
///
/// ```
/// use solver_memo::can_i_win::{sparse_map_bytes, sparse_state_limit};
/// let cap = 1 << 30;
/// let limit = sparse_state_limit(cap, u64::MAX);
/// assert_eq!(limit, (1 << 25) / 8 * 7);
/// assert!(sparse_map_bytes(limit) <= cap as u128);
/// assert!(sparse_map_bytes(limit + 1) > cap as u128);
/// assert_eq!(sparse_state_limit(cap, 1_000), 1_000);
/// ```
pub fn sparse_state_limit(memory_cap_bytes: u64, state_budget: u64) -> u64 {
    let cap = u128::from(memory_cap_bytes);
    // The largest capacity of a power-of-two table whose bytes fit the cap.
    let mut fits = 0u64;
    for log in 2..64 {
        let buckets = 1u64 << log;
        let capacity = if buckets < 8 {
            buckets - 1
        } else {
            buckets / 8 * 7
        };
        if sparse_map_bytes(capacity) > cap {
            break;
        }
        fits = capacity;
    }
    fits.min(state_budget)
}

/// Solves a Can I Win game with a sparse map of only the visited states.
///
/// Works for every `n <= 64`. The map never holds more than
/// [`sparse_state_limit`]`(memory_cap_bytes, state_budget)` states, so its
/// memory stays within the cap; the search gives up when it would need more.
///
/// # Complexity
///
/// With `n` the largest integer and `S` the states reached: time
/// `O(S · n)` expected (hash lookups); auxiliary memory at most
/// [`sparse_map_bytes`]`(S)`, about 17 to 40 bytes per state, plus `O(n)`
/// stack. The deadline is ticked once per expanded state.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use core_types::{CanIWin, Deadline, Error, NoStats};
/// use solver_memo::{can_i_win, DEFAULT_MEMORY_CAP_BYTES};
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
/// # Ok::<(), core_types::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::BudgetExhausted`] (unit `states`, naming the effective limit)
/// when the search needs more states than the limit;
/// [`Error::AllocationFailed`] (parameter `states`, with the bytes of the
/// grown map) when the system refuses the map's growth below that limit
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
    let limit = sparse_state_limit(memory_cap_bytes, state_budget);
    let mut memo = SparseMemo {
        map: HashMap::new(),
        limit,
    };
    let result = search(game, &mut memo, deadline, recorder);
    recorder.table(
        memo.map.capacity() as u64,
        memo.map.allocation_size() as u64,
    );
    match result {
        Ok(best) => Ok(CanIWinSolution::from_search(best)),
        Err(Stop::TimeLimit) => Err(deadline.error(NAME, CanIWin::NAME)),
        Err(Stop::Full(SparseFull::Exhausted)) => Err(Error::BudgetExhausted {
            backend: NAME,
            game: CanIWin::NAME,
            budget: limit,
            unit: "states",
            hint: sparse_exhausted_hint(
                limit < state_budget,
                tabular_fits(game.max_choosable(), memory_cap_bytes),
            ),
        }),
        Err(Stop::Full(SparseFull::Refused { states })) => {
            Err(sparse_growth_refused(states, memory_cap_bytes))
        }
    }
}

/// The error for a sparse map of `states` entries whose growth the system
/// refused: it names the bytes of the map it was growing into (old and new
/// table, as [`sparse_map_bytes`] counts them), not the budget.
fn sparse_growth_refused(states: u64, memory_cap_bytes: u64) -> Error {
    Error::AllocationFailed {
        backend: NAME,
        game: CanIWin::NAME,
        parameter: "states",
        value: states,
        required_bytes: sparse_map_bytes(states.saturating_add(1)),
        memory_cap_bytes,
        hint: "; free some memory or raise the process memory limit",
    }
}

/// Whether backend `tabular` (1 bit for each of the `2^n` states, `n <= 63`)
/// could take the game under the same memory cap, so that suggesting it helps.
fn tabular_fits(max_choosable: u32, memory_cap_bytes: u64) -> bool {
    max_choosable <= 63 && (1u128 << max_choosable) / 8 <= u128::from(memory_cap_bytes)
}

/// The advice for a sparse memo that ran out: which limit to raise, and
/// `tabular` only where it would fit.
fn sparse_exhausted_hint(capped_by_memory: bool, tabular_fits: bool) -> &'static str {
    match (capped_by_memory, tabular_fits) {
        (true, true) => {
            "; the memory cap bounds the sparse memo: raise it, or try backend `tabular`"
        }
        (true, false) => "; the memory cap bounds the sparse memo: raise it",
        (false, true) => "; raise the state budget, or try backend `tabular`",
        (false, false) => {
            "; raise the state budget (no dense table of all 2^n states fits the memory cap)"
        }
    }
}

/// Why the sparse memo could not store a state; the search unwinds without an
/// answer.
#[derive(Debug)]
enum SparseFull {
    /// The map holds its state limit.
    Exhausted,
    /// The system refused the map's growth while it held `states` entries.
    Refused {
        /// Entries stored when the growth was refused.
        states: u64,
    },
}

/// Only the visited states, at most `limit` of them.
struct SparseMemo {
    map: HashMap<u64, bool>,
    limit: u64,
}

impl Memo for &mut SparseMemo {
    type Full = SparseFull;

    #[inline]
    fn get(&self, used: u64) -> Option<bool> {
        self.map.get(&used).copied()
    }

    #[inline]
    fn insert(&mut self, used: u64, wins: bool) -> Result<(), SparseFull> {
        if self.map.len() as u64 >= self.limit {
            return Err(SparseFull::Exhausted);
        }
        self.map.try_reserve(1).map_err(|_| SparseFull::Refused {
            states: self.map.len() as u64,
        })?;
        self.map.insert(used, wins);
        Ok(())
    }
}

/// The number of stored states at which [`solve_sparse_then_dense`] moves
/// from its sparse map to the dense table: a quarter of the dense table's
/// 4 KiB pages, and at least 4,096. Below that, a map entry is cheaper than
/// the page of zeroed memory the dense table would touch for it.
///
/// ```
/// use solver_memo::can_i_win::dense_switch_threshold;
/// assert_eq!(dense_switch_threshold(22), 4_096);
/// assert_eq!(dense_switch_threshold(32), 65_536);
/// ```
pub fn dense_switch_threshold(max_choosable: u32) -> usize {
    let pages = dense_table_bytes(max_choosable) / 4096;
    usize::try_from(pages / 4).unwrap_or(usize::MAX).max(4_096)
}

/// Solves a Can I Win game with a sparse map first, moving every stored
/// state into the dense 2-bit table once the map holds
/// [`dense_switch_threshold`]`(n)` states, and going on there.
///
/// Easy totals on a large pool (`n = 28, T = 70`) reach only hundreds of
/// states: the map answers them without touching a large table, whose
/// zeroed pages would each be faulted in by the first state stored there.
/// Hard totals pass the threshold early and then run as [`solve_dense`]
/// does. The counters are those of one search: every state is stored (and
/// counted) once, and the table reported is the memo in use at the end.
///
/// # Complexity
///
/// As [`solve_dense`]: time `O(S · n)` for the `S` states reached; memory
/// [`sparse_map_bytes`] of at most the threshold, then
/// [`dense_table_bytes`]`(n)` once switched.
///
/// # Examples
///
/// ```
/// use core_types::{CanIWin, Deadline, Outcome, Stats};
/// use solver_memo::{can_i_win, DEFAULT_MEMORY_CAP_BYTES as CAP};
///
/// let mut stats = Stats::default();
/// let easy = CanIWin::new(28, 70)?;
/// let answer = can_i_win::solve_sparse_then_dense(&easy, CAP, Deadline::NEVER, &mut stats)?;
/// assert_eq!(answer.outcome, Outcome::FirstPlayerWins);
/// assert!(stats.table_bytes < 1 << 20); // stayed in the map
///
/// let mut stats = Stats::default();
/// let hard = CanIWin::new(22, 180)?;
/// can_i_win::solve_sparse_then_dense(&hard, CAP, Deadline::NEVER, &mut stats)?;
/// assert_eq!(stats.table_bytes, 1 << 20); // moved to the dense table
/// # Ok::<(), core_types::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::TableTooLarge`] (parameter `max_choosable`) when the dense table
/// exceeds `memory_cap_bytes` (checked before searching);
/// [`Error::AllocationFailed`] when the system refuses its memory at the
/// switch, or the map's growth before it; [`Error::TimeLimitReached`] when
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
    let mut memo = SparseThenDenseMemo::Sparse {
        map: HashMap::new(),
        switch_at,
        words,
    };
    let result = search(game, &mut memo, deadline, recorder);
    match &memo {
        SparseThenDenseMemo::Sparse { map, .. } => {
            recorder.table(map.capacity() as u64, map.allocation_size() as u64)
        }
        SparseThenDenseMemo::Dense(_) => record_dense_table(recorder, n),
    }
    match result {
        Ok(best) => Ok(CanIWinSolution::from_search(best)),
        Err(Stop::TimeLimit) => Err(deadline.error(NAME, CanIWin::NAME)),
        Err(Stop::Full(SwitchRefused::Dense(refused))) => Err(refused.error(n, memory_cap_bytes)),
        Err(Stop::Full(SwitchRefused::Map { states })) => {
            Err(sparse_growth_refused(states, memory_cap_bytes))
        }
    }
}

/// What the system refused in [`solve_sparse_then_dense`]: the dense table at the switch,
/// or the growth of the map before it.
enum SwitchRefused {
    /// The dense table.
    Dense(AllocationRefused),
    /// The map's growth while it held `states` entries.
    Map {
        /// Entries stored when the growth was refused.
        states: u64,
    },
}

/// A sparse map until it holds `switch_at` states, then the dense table
/// (of `words` words) with every state moved over; see
/// [`solve_sparse_then_dense`].
enum SparseThenDenseMemo {
    Sparse {
        map: HashMap<u64, bool>,
        switch_at: usize,
        words: usize,
    },
    Dense(DenseMemo),
}

impl Memo for &mut SparseThenDenseMemo {
    type Full = SwitchRefused;

    #[inline(always)]
    fn get(&self, used: u64) -> Option<bool> {
        match &**self {
            SparseThenDenseMemo::Dense(dense) => dense.get(used),
            SparseThenDenseMemo::Sparse { map, .. } => map.get(&used).copied(),
        }
    }

    #[inline(always)]
    fn insert(&mut self, used: u64, wins: bool) -> Result<(), SwitchRefused> {
        match &mut **self {
            SparseThenDenseMemo::Dense(dense) => {
                let Ok(()) = dense.insert(used, wins);
            }
            SparseThenDenseMemo::Sparse {
                map,
                switch_at,
                words,
            } => {
                if map.len() < *switch_at {
                    map.try_reserve(1).map_err(|_| SwitchRefused::Map {
                        states: map.len() as u64,
                    })?;
                    map.insert(used, wins);
                } else {
                    let mut dense = zeroed_dense_memo(*words).map_err(SwitchRefused::Dense)?;
                    for (&state, &state_wins) in map.iter() {
                        let Ok(()) = dense.insert(state, state_wins);
                    }
                    let Ok(()) = dense.insert(used, wins);
                    **self = SparseThenDenseMemo::Dense(dense);
                }
            }
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
                hint: "; raise the state budget (no dense table of all 2^n states fits the memory cap)",
            }
        );
        // Where `tabular` would fit under the same cap, the hint suggests it.
        let small = CanIWin::new(30, 300).unwrap();
        let err = solve_sparse(&small, CAP, 1_000, Deadline::NEVER, &mut NoStats).unwrap_err();
        assert!(err.to_string().contains("try backend `tabular`"), "{err}");
        // A tight memory cap lowers the limit below the budget, and says so.
        let err =
            solve_sparse(&game, 100_000, u64::MAX, Deadline::NEVER, &mut NoStats).unwrap_err();
        let limit = sparse_state_limit(100_000, u64::MAX);
        assert!(limit < 10_000);
        assert!(matches!(err, Error::BudgetExhausted { budget, .. } if budget == limit));
        assert!(err.to_string().contains("memory cap"));
    }

    #[test]
    fn sparse_map_bytes_bounds_the_real_map() {
        for states in [1u64, 3, 7, 8, 14, 100, 1_000, 10_000, 100_000] {
            let mut map: HashMap<u64, bool> = HashMap::new();
            for k in 0..states {
                map.try_reserve(1).unwrap();
                map.insert(k.wrapping_mul(0x9E37_79B9_7F4A_7C15), true);
            }
            let real = map.allocation_size() as u128;
            assert!(real <= sparse_map_bytes(states), "{states}: {real}");
            assert!(map.capacity() as u64 <= sparse_state_limit(u64::MAX, u64::MAX));
        }
        assert_eq!(sparse_state_limit(0, 5), 0);
    }
}
