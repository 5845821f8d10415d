//! Can I Win by top-down search with a memo over the sets of used integers.
//!
//! A state is the set of integers already taken, a `u64` bitmask (bit `k` is
//! integer `k + 1`); the total still needed follows from it, so one Boolean
//! per set is the whole memo. Two memo layouts share one search kernel:
//!
//! - **dense** ([`solve_dense`]): a table of 2 bits per state (unknown, win,
//!   lose) over all `2^n` sets, backed by a [`bitvec`] vector of `u64` words.
//!   Used when `2^n · 2` bits fit the memory cap (`n <= 32` at the default
//!   1 GiB).
//! - **sparse** ([`solve_sparse`]): a [`hashbrown`] map holding only the
//!   visited sets, for any `n <= 64`, bounded by a state budget and by the
//!   memory cap. Small totals with large `n` (say `n = 60, T = 30`) visit few
//!   states and answer in microseconds.
//!
//! [`solve`] picks sparse when the dense table does not fit the memory cap.
//! When it fits but is large (1 MiB or more, `n >= 22`), [`solve`] starts
//! with a map and moves to the dense table once the search has stored a few
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

use std::convert::Infallible;

use bitvec::prelude::{BitVec, Lsb0};
use core_types::{
    CanIWin, CanIWinSolution, Error, Event, Game, Kernel, Recorder, SolverConfig, Variant, Verdict,
};
use hashbrown::HashMap;

use crate::NAME;
use crate::{MemoSolver, DEFAULT_MEMORY_CAP_BYTES, DEFAULT_STATE_BUDGET};

/// The `memo` backend's variants for Can I Win, its automatic choice first: one list that the
/// registry, the CLI (`--backend memo/dense`), the tests and the benches iterate.
pub const VARIANTS: &[Variant<CanIWin>] = &[
    Variant {
        backend: NAME,
        name: "auto",
        summary: "dense table while it is small, sparse-then-dense from n = 22, sparse map \
                  beyond the memory cap",
        build: |config| Box::new(MemoSolver::from_config(config)),
    },
    Variant {
        backend: NAME,
        name: "dense",
        summary: "2-bit table over all 2^n used-sets (2^n / 4 bytes), refused beyond the \
                  memory cap",
        build: |config| Box::new(Dense(Limits::from(config))),
    },
    Variant {
        backend: NAME,
        name: "sparse",
        summary: "hash map of the visited used-sets only, up to the state budget and the \
                  memory cap",
        build: |config| Box::new(Sparse(Limits::from(config))),
    },
    Variant {
        backend: NAME,
        name: "sparse-then-dense",
        summary: "starts in a small map, moves to the dense table after a few thousand states",
        build: |config| Box::new(SparseThenDense(Limits::from(config))),
    },
    crate::hash_map::variant(),
];

/// The limits a fixed-variant kernel runs with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The largest table or map, in bytes.
    pub memory_cap_bytes: u64,
    /// States the sparse map may store.
    pub state_budget: u64,
}

impl From<&SolverConfig> for Limits {
    fn from(config: &SolverConfig) -> Self {
        Limits {
            memory_cap_bytes: config.memory_cap_bytes.unwrap_or(DEFAULT_MEMORY_CAP_BYTES),
            state_budget: config.state_budget.unwrap_or(DEFAULT_STATE_BUDGET),
        }
    }
}

/// The `memo/dense` variant: always [`solve_dense`].
#[derive(Clone, Copy, Debug)]
pub struct Dense(pub Limits);

impl Kernel<CanIWin> for Dense {
    const BACKEND: &'static str = NAME;
    const VARIANT: &'static str = "dense";

    fn run<R: Recorder<CanIWin>>(
        &mut self,
        game: &CanIWin,
        recorder: &mut R,
    ) -> Result<CanIWinSolution, Error> {
        solve_dense(game, self.0.memory_cap_bytes, recorder)
    }
}

/// The `memo/sparse` variant: always [`solve_sparse`].
#[derive(Clone, Copy, Debug)]
pub struct Sparse(pub Limits);

impl Kernel<CanIWin> for Sparse {
    const BACKEND: &'static str = NAME;
    const VARIANT: &'static str = "sparse";

    fn run<R: Recorder<CanIWin>>(
        &mut self,
        game: &CanIWin,
        recorder: &mut R,
    ) -> Result<CanIWinSolution, Error> {
        solve_sparse(game, self.0.memory_cap_bytes, self.0.state_budget, recorder)
    }
}

/// The `memo/sparse-then-dense` variant: always [`solve_sparse_then_dense`].
#[derive(Clone, Copy, Debug)]
pub struct SparseThenDense(pub Limits);

impl Kernel<CanIWin> for SparseThenDense {
    const BACKEND: &'static str = NAME;
    const VARIANT: &'static str = "sparse-then-dense";

    fn run<R: Recorder<CanIWin>>(
        &mut self,
        game: &CanIWin,
        recorder: &mut R,
    ) -> Result<CanIWinSolution, Error> {
        if let Some(settled) = game.settled_without_search() {
            return Ok(settled);
        }
        solve_sparse_then_dense(game, self.0.memory_cap_bytes, recorder)
    }
}

/// Solves a Can I Win game with the dense table when `2^n · 2` bits fit
/// `memory_cap_bytes`, with the sparse map (at most `state_budget` states)
/// otherwise.
///
/// Settled games ([`CanIWin::settled_without_search`]) are answered first,
/// for every `n`, without allocating anything.
///
/// # Complexity
///
/// With `n` the largest integer and `S` the number of states the search
/// reaches (at most `2^n`, often far fewer): time `O(S · n)`; auxiliary
/// memory `2^n / 4` bytes (dense) or about `17` bytes per stored state rounded
/// up to a power of two of buckets (sparse), plus `O(n)` stack.
///
/// # Examples
///
/// ```
/// use core_types::{CanIWin, NoStats, Outcome, Stats};
/// use solver_memo::{can_i_win, DEFAULT_MEMORY_CAP_BYTES, DEFAULT_STATE_BUDGET};
///
/// let (cap, budget) = (DEFAULT_MEMORY_CAP_BYTES, DEFAULT_STATE_BUDGET);
/// // The hardest LeetCode instance: n = 20, T = 158 (dense, 256 KiB).
/// let answer = can_i_win::solve(&CanIWin::new(20, 158)?, cap, budget, &mut NoStats)?;
/// assert_eq!(answer.outcome, Outcome::SecondPlayerWins);
///
/// // n = 60 does not fit densely; a small total needs few states (sparse).
/// let mut stats = Stats::default();
/// let answer = can_i_win::solve(&CanIWin::new(60, 100)?, cap, budget, &mut stats)?;
/// assert_eq!(answer.best_move, Some(39));
/// assert!(stats.states < 1_000_000);
/// # Ok::<(), core_types::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::BudgetExhausted`] (unit `states`) when the sparse map would need
/// more than `state_budget` states, or more than fit the memory cap;
/// [`Error::AllocationFailed`] when the system refuses the dense table's
/// memory.
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
    recorder: &mut R,
) -> Result<CanIWinSolution, Error> {
    if let Some(settled) = game.settled_without_search() {
        return Ok(settled);
    }
    let dense_bytes = dense_table_bytes(game.max_choosable());
    if dense_bytes > u128::from(memory_cap_bytes) {
        solve_sparse(game, memory_cap_bytes, state_budget, recorder)
    } else if dense_bytes >= SPARSE_FIRST_MIN_DENSE_BYTES {
        solve_sparse_then_dense(game, memory_cap_bytes, recorder)
    } else {
        solve_dense(game, memory_cap_bytes, recorder)
    }
}

/// From this dense table size on (`n >= 22`), [`solve`] starts with a
/// sparse map and moves to the dense table only once the search has stored
/// [`dense_switch_threshold`] states; see [`solve_sparse_then_dense`].
pub const SPARSE_FIRST_MIN_DENSE_BYTES: u128 = 1 << 20;

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

/// Bytes of the dense table for `n` integers: `2^n` states of 2 bits,
/// rounded up to whole `u64` words.
///
/// ```
/// use solver_memo::can_i_win::dense_table_bytes;
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
/// when first touched, plus `O(n)` stack.
///
/// # Examples
///
/// ```
/// use core_types::{CanIWin, Stats};
/// use solver_memo::{can_i_win, DEFAULT_MEMORY_CAP_BYTES};
///
/// let mut stats = Stats::default();
/// let answer = can_i_win::solve_dense(&CanIWin::new(10, 11)?, DEFAULT_MEMORY_CAP_BYTES, &mut stats)?;
/// assert!(!answer.can_i_win());
/// assert_eq!((stats.table_cells, stats.table_bytes), (1024, 256));
/// # Ok::<(), core_types::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::TableTooLarge`] (parameter `max_choosable`) when the table
/// exceeds `memory_cap_bytes`, before anything is allocated;
/// [`Error::AllocationFailed`] when the system refuses its memory.
///
/// # See also
///
/// [`solve_sparse`] for games whose table does not fit; `solver_tabular`
/// for the bottom-up fill of a 1-bit table.
pub fn solve_dense<R: Recorder<CanIWin>>(
    game: &CanIWin,
    memory_cap_bytes: u64,
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
    match search(game, memo, recorder) {
        Ok(best) => Ok(CanIWinSolution::from_search(best)),
        Err(never) => match never {},
    }
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
/// use core_types::{CanIWin, Outcome, Stats};
/// use solver_memo::{can_i_win, DEFAULT_MEMORY_CAP_BYTES};
///
/// let mut stats = Stats::default();
/// let easy = CanIWin::new(28, 70)?;
/// let answer = can_i_win::solve_sparse_then_dense(&easy, DEFAULT_MEMORY_CAP_BYTES, &mut stats)?;
/// assert_eq!(answer.outcome, Outcome::FirstPlayerWins);
/// assert!(stats.table_bytes < 1 << 20); // stayed in the map
///
/// let mut stats = Stats::default();
/// let hard = CanIWin::new(22, 180)?;
/// can_i_win::solve_sparse_then_dense(&hard, DEFAULT_MEMORY_CAP_BYTES, &mut stats)?;
/// assert_eq!(stats.table_bytes, 1 << 20); // moved to the dense table
/// # Ok::<(), core_types::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::TableTooLarge`] (parameter `max_choosable`) when the dense table
/// exceeds `memory_cap_bytes` (checked before searching);
/// [`Error::AllocationFailed`] when the system refuses its memory at the
/// switch.
///
/// # See also
///
/// [`solve_dense`], [`solve_sparse`]; `solver_tabular` for the bottom-up
/// fill of every state.
pub fn solve_sparse_then_dense<R: Recorder<CanIWin>>(
    game: &CanIWin,
    memory_cap_bytes: u64,
    recorder: &mut R,
) -> Result<CanIWinSolution, Error> {
    let switch_at = dense_switch_threshold(game.max_choosable());
    sparse_then_dense_switching_at(game, memory_cap_bytes, switch_at, recorder)
}

/// [`solve_sparse_then_dense`] with the switch point as a parameter (tests
/// move it to exercise the switch on small games).
fn sparse_then_dense_switching_at<R: Recorder<CanIWin>>(
    game: &CanIWin,
    memory_cap_bytes: u64,
    switch_at: usize,
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
    let result = search(game, &mut memo, recorder);
    match &memo {
        SparseThenDenseMemo::Sparse { map, .. } => {
            recorder.table(map.capacity() as u64, map.allocation_size() as u64)
        }
        SparseThenDenseMemo::Dense(_) => record_dense_table(recorder, n),
    }
    match result {
        Ok(best) => Ok(CanIWinSolution::from_search(best)),
        Err(refused) => Err(refused.error(n, memory_cap_bytes)),
    }
}

/// Reports the dense table of `n` integers: `2^n` cells, [`dense_table_bytes`].
fn record_dense_table<R: Recorder<CanIWin>>(recorder: &mut R, n: u32) {
    recorder.table(
        u64::try_from(1u128 << n).unwrap_or(u64::MAX),
        u64::try_from(dense_table_bytes(n)).unwrap_or(u64::MAX),
    );
}

/// The dense table's size in `u64` words, or the error when it exceeds the
/// memory cap (checked before anything is allocated).
fn checked_dense_words(n: u32, memory_cap_bytes: u64) -> Result<usize, Error> {
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
            "; raise the memory cap, or use the sparse memo (`--backend memo/sparse`, the automatic `memo`) for small totals",
        ));
    }
    usize::try_from(required_bytes / 8)
        .map_err(|_| too_large("; the table does not fit this platform's address space"))
}

/// A zeroed dense table of `words` words (all states unknown), straight from
/// the allocator: pages never touched cost nothing.
fn zeroed_dense_memo(words: usize) -> Result<DenseMemo, AllocationRefused> {
    let raw =
        bytemuck::allocation::try_zeroed_slice_box::<u64>(words).map_err(|()| AllocationRefused)?;
    Ok(DenseMemo {
        bits: BitVec::from_vec(raw.into_vec()),
    })
}

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
/// stack.
///
/// # Examples
///
/// ```
/// use core_types::{CanIWin, Error, NoStats};
/// use solver_memo::{can_i_win, DEFAULT_MEMORY_CAP_BYTES};
///
/// let cap = DEFAULT_MEMORY_CAP_BYTES;
/// let answer = can_i_win::solve_sparse(&CanIWin::new(64, 30)?, cap, 1_000_000, &mut NoStats)?;
/// assert!(answer.can_i_win());
///
/// // A hard total with a small budget: an honest "cannot answer".
/// let err = can_i_win::solve_sparse(&CanIWin::new(20, 158)?, cap, 1_000, &mut NoStats);
/// assert!(matches!(err, Err(Error::BudgetExhausted { budget: 1_000, unit: "states", .. })));
/// # Ok::<(), core_types::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::BudgetExhausted`] (unit `states`, naming the effective limit)
/// when the search needs more states than the limit, or the map's growth is
/// refused by the system.
///
/// # See also
///
/// [`solve_dense`] (faster when the `2^n` table fits), `solver_tabular`
/// (bottom-up, all `2^n` states).
pub fn solve_sparse<R: Recorder<CanIWin>>(
    game: &CanIWin,
    memory_cap_bytes: u64,
    state_budget: u64,
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
    let result = search(game, &mut memo, recorder);
    recorder.table(
        memo.map.capacity() as u64,
        memo.map.allocation_size() as u64,
    );
    match result {
        Ok(best) => Ok(CanIWinSolution::from_search(best)),
        Err(Exhausted) => Err(Error::BudgetExhausted {
            backend: NAME,
            game: CanIWin::NAME,
            budget: limit,
            unit: "states",
            hint: sparse_exhausted_hint(
                limit < state_budget,
                tabular_fits(game.max_choosable(), memory_cap_bytes),
            ),
        }),
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

/// The sparse memo hit its state limit; the search unwinds without an answer.
#[derive(Debug)]
struct Exhausted;

/// Where the search keeps what it learned: dense table or sparse map.
trait Memo {
    /// Why storing can fail: [`Infallible`] for the dense table.
    type Full;
    /// The stored answer for `used`, if any.
    fn get(&self, used: u64) -> Option<bool>;
    /// Stores the answer for `used`, a state not stored before.
    fn insert(&mut self, used: u64, wins: bool) -> Result<(), Self::Full>;
}

/// Two bits per state: bit `2·used` says "known", bit `2·used + 1` "wins".
struct DenseMemo {
    bits: BitVec<u64, Lsb0>,
}

impl Memo for DenseMemo {
    type Full = Infallible;

    #[inline(always)]
    fn get(&self, used: u64) -> Option<bool> {
        // Both bits of a state sit in one word: read them together.
        let word = self.bits.as_raw_slice()[(used >> 5) as usize];
        let cell = word >> ((used & 31) * 2);
        (cell & 1 != 0).then_some(cell & 2 != 0)
    }

    #[inline(always)]
    fn insert(&mut self, used: u64, wins: bool) -> Result<(), Infallible> {
        let word = &mut self.bits.as_raw_mut_slice()[(used >> 5) as usize];
        *word |= (1 | (u64::from(wins) << 1)) << ((used & 31) * 2);
        Ok(())
    }
}

/// Only the visited states, at most `limit` of them.
struct SparseMemo {
    map: HashMap<u64, bool>,
    limit: u64,
}

impl Memo for &mut SparseMemo {
    type Full = Exhausted;

    #[inline]
    fn get(&self, used: u64) -> Option<bool> {
        self.map.get(&used).copied()
    }

    #[inline]
    fn insert(&mut self, used: u64, wins: bool) -> Result<(), Exhausted> {
        if self.map.len() as u64 >= self.limit {
            return Err(Exhausted);
        }
        self.map.try_reserve(1).map_err(|_| Exhausted)?;
        self.map.insert(used, wins);
        Ok(())
    }
}

/// The system refused the dense table's memory.
#[derive(Debug)]
struct AllocationRefused;

impl AllocationRefused {
    /// The error for the dense table of `n` integers.
    fn error(self, n: u32, memory_cap_bytes: u64) -> Error {
        Error::AllocationFailed {
            backend: NAME,
            game: CanIWin::NAME,
            parameter: "max_choosable",
            value: u64::from(n),
            required_bytes: dense_table_bytes(n),
            memory_cap_bytes,
            hint: "; free some memory, or use the sparse memo (`--backend memo/sparse`) for small totals",
        }
    }
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
    type Full = AllocationRefused;

    #[inline(always)]
    fn get(&self, used: u64) -> Option<bool> {
        match &**self {
            SparseThenDenseMemo::Dense(dense) => dense.get(used),
            SparseThenDenseMemo::Sparse { map, .. } => map.get(&used).copied(),
        }
    }

    #[inline(always)]
    fn insert(&mut self, used: u64, wins: bool) -> Result<(), AllocationRefused> {
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
                    map.insert(used, wins);
                } else {
                    let mut dense = zeroed_dense_memo(*words)?;
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

/// The value of the highest integer in `free` (0 when empty).
#[inline(always)]
fn highest(free: u64) -> u64 {
    u64::from(64 - free.leading_zeros())
}

/// Runs the search from the empty set and returns the smallest winning first
/// integer. The game must not be settled (so `0 < T < n(n+1)/2`).
fn search<M: Memo, R: Recorder<CanIWin>>(
    game: &CanIWin,
    memo: M,
    recorder: &mut R,
) -> Result<Option<u32>, M::Full> {
    let mut search = Search {
        full: game.full_mask(),
        memo,
        recorder,
    };
    search.recorder.position(1);
    search.recorder.event(Event::Enter(0));
    let best = search.smallest_winning_move(game.desired_total())?;
    let wins = Verdict::from_wins(best.is_some());
    search.recorder.event(Event::Leave(0, wins));
    Ok(best)
}

struct Search<'r, M, R> {
    /// Bits `0..n` set: the whole pool.
    full: u64,
    memo: M,
    recorder: &'r mut R,
}

impl<M: Memo, R: Recorder<CanIWin>> Search<'_, M, R> {
    /// The root's move loop: the smallest integer that reaches `total` or
    /// leaves a losing position.
    #[inline(always)]
    fn smallest_winning_move(&mut self, total: u64) -> Result<Option<u32>, M::Full> {
        let mut free = self.full;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            let value = bit.trailing_zeros() + 1;
            let value_u64 = u64::from(value);
            if value_u64 >= total || self.loses_after(bit, self.full ^ bit, total - value_u64)? {
                return Ok(Some(value));
            }
            free &= free - 1;
        }
        Ok(None)
    }

    /// Whether the player to move loses when `used` is taken, `free` is left
    /// and `remaining > 0` is still needed.
    #[inline(always)]
    fn loses_after(&mut self, used: u64, free: u64, remaining: u64) -> Result<bool, M::Full> {
        // The largest free integer reaches the total: the mover wins at once.
        Ok(highest(free) < remaining && !self.wins(used, remaining)?)
    }

    /// Whether the player to move wins when `used` is taken and `remaining`
    /// is still needed, given that no single free integer reaches it.
    #[inline(always)]
    fn wins(&mut self, used: u64, remaining: u64) -> Result<bool, M::Full> {
        if let Some(known) = self.memo.get(used) {
            self.recorder.memo_hit();
            let value = Verdict::from_wins(known);
            self.recorder.event(Event::MemoHit(used, value));
            return Ok(known);
        }
        self.expand(used, remaining)
    }

    /// Solves and stores a position not in the memo; as [`Self::wins`].
    fn expand(&mut self, used: u64, remaining: u64) -> Result<bool, M::Full> {
        self.recorder.position(u64::from(used.count_ones()) + 1);
        self.recorder.event(Event::Enter(used));
        let free = self.full & !used;
        // Every free integer is below `remaining`. Taking `v` leaves the
        // opponent `remaining - v`, reachable at once with the largest free
        // integer `h` (when `v != h`) iff `v >= remaining - h`: such moves
        // lose on the spot and need no search. Only the smaller ones, and `h`
        // itself when the next largest cannot answer it, are candidates.
        let top = highest(free);
        let limit = remaining - top; // >= 1
        let mut candidates = free & low_values(limit - 1);
        if top != 0 {
            let top_bit = 1u64 << (top - 1);
            if highest(free ^ top_bit) < limit {
                candidates |= top_bit;
            }
        }
        // Largest first. No candidate leaves the opponent an immediate win,
        // which is what `wins` assumes.
        let mut wins = false;
        while candidates != 0 {
            let index = 63 - candidates.leading_zeros();
            let bit = 1u64 << index;
            let value = u64::from(index) + 1;
            if !self.wins(used | bit, remaining - value)? {
                wins = true;
                break;
            }
            candidates ^= bit;
        }
        self.memo.insert(used, wins)?;
        self.recorder.states_stored(1);
        let value = Verdict::from_wins(wins);
        self.recorder.event(Event::Leave(used, value));
        Ok(wins)
    }
}

/// The bits of the integers `1..=count`.
#[inline(always)]
fn low_values(count: u64) -> u64 {
    if count >= 64 {
        u64::MAX
    } else {
        (1u64 << count) - 1
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::{DEFAULT_MEMORY_CAP_BYTES as CAP, DEFAULT_STATE_BUDGET as BUDGET};
    use core_types::can_i_win::pool_sum;
    use core_types::{NoStats, Outcome, Stats};
    use proptest::prelude::*;
    use std::collections::HashMap as StdHashMap;

    fn answer(n: u32, t: u64) -> (Outcome, Option<u32>) {
        let s = solve(&CanIWin::new(n, t).unwrap(), CAP, BUDGET, &mut NoStats).unwrap();
        (s.outcome, s.best_move)
    }

    fn sparse(n: u32, t: u64) -> (Outcome, Option<u32>) {
        let s = solve_sparse(&CanIWin::new(n, t).unwrap(), CAP, BUDGET, &mut NoStats).unwrap();
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
    fn dense_table_is_refused_above_the_cap_before_allocating() {
        let game = CanIWin::new(20, 158).unwrap();
        let err = solve_dense(&game, 1000, &mut NoStats).unwrap_err();
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
        assert!(solve_dense(&huge, u64::MAX, &mut NoStats).is_err());
    }

    #[test]
    fn solve_switches_to_sparse_when_the_dense_table_does_not_fit() {
        let game = CanIWin::new(16, 30).unwrap();
        let dense_bytes = dense_table_bytes(16) as u64;
        let mut dense = Stats::default();
        let a = solve(&game, dense_bytes, BUDGET, &mut dense).unwrap();
        assert_eq!(dense.table_cells, 1 << 16);
        // Few enough states for a map within a cap one byte short of dense.
        assert!(dense.states < sparse_state_limit(dense_bytes - 1, BUDGET));
        let mut sparse = Stats::default();
        let b = solve(&game, dense_bytes - 1, BUDGET, &mut sparse).unwrap();
        assert_eq!(a, b);
        assert_ne!(sparse.table_cells, 1 << 16);
        assert_eq!(sparse.states, dense.states);
        assert!(sparse.table_bytes > 0);
    }

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
                let dense = solve_dense(&game, CAP, &mut dense_stats).unwrap();
                for switch_at in [0, 5, 100, usize::MAX] {
                    let mut stats = Stats::default();
                    let answer =
                        sparse_then_dense_switching_at(&game, CAP, switch_at, &mut stats).unwrap();
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
        let err = solve_sparse(&game, CAP, 10_000, &mut NoStats).unwrap_err();
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
        let err = solve_sparse(&small, CAP, 1_000, &mut NoStats).unwrap_err();
        assert!(err.to_string().contains("try backend `tabular`"), "{err}");
        // A tight memory cap lowers the limit below the budget, and says so.
        let err = solve_sparse(&game, 100_000, u64::MAX, &mut NoStats).unwrap_err();
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

    #[test]
    fn stats_count_the_search() {
        let mut stats = Stats::default();
        solve(&CanIWin::new(10, 40).unwrap(), CAP, BUDGET, &mut stats).unwrap();
        assert!(stats.positions > 1 && stats.memo_hits > 0);
        assert_eq!(stats.states + 1, stats.positions); // all but the root
        assert_eq!((stats.table_cells, stats.table_bytes), (1024, 256));
        assert!((2..=11).contains(&stats.max_depth));
    }

    /// Obviously right: the textbook used-array recursion, memoized on the
    /// used array, trying every move.
    fn oracle(n: u32, t: u64) -> (Outcome, Option<u32>) {
        fn wins(used: &mut Vec<bool>, need: u64, memo: &mut StdHashMap<Vec<bool>, bool>) -> bool {
            if let Some(&w) = memo.get(used) {
                return w;
            }
            let mut result = false;
            for k in 0..used.len() {
                if !used[k] {
                    let x = k as u64 + 1;
                    used[k] = true;
                    let w = x >= need || !wins(used, need - x, memo);
                    used[k] = false;
                    result |= w;
                }
            }
            memo.insert(used.clone(), result);
            result
        }
        let sum: u64 = (1..=u64::from(n)).sum();
        if t == 0 {
            return (Outcome::FirstPlayerWins, None);
        }
        if sum < t {
            return (Outcome::Draw, None);
        }
        let mut memo = StdHashMap::new();
        let mut used = vec![false; n as usize];
        for x in 1..=n {
            used[x as usize - 1] = true;
            let w = u64::from(x) >= t || !wins(&mut used, t - u64::from(x), &mut memo);
            used[x as usize - 1] = false;
            if w {
                return (Outcome::FirstPlayerWins, Some(x));
            }
        }
        (Outcome::SecondPlayerWins, None)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn dense_and_sparse_agree_with_brute_force(
            (n, t) in (1u32..=10).prop_flat_map(|n| (Just(n), 0..=u64::from(n * (n + 1) / 2) + 1))
        ) {
            let expected = oracle(n, t);
            prop_assert_eq!(answer(n, t), expected);
            prop_assert_eq!(sparse(n, t), expected);
        }
    }
}
