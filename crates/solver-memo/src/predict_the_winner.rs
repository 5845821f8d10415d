//! Predict the Winner by top-down recursion on `[i, j]` with an interval
//! table.
//!
//! `m(i, j) = max(a[i] - m(i+1, j), a[j] - m(i, j-1))`, each interval solved
//! once and stored. Only intervals with `i < j` need a cell (`m(i, i)` is
//! `a[i]`), so the table is triangular: `len·(len-1)/2` cells, row by row
//! (`i` major), in the integer width [`PredictTheWinner::arithmetic`]
//! chose. An unknown cell holds a sentinel no margin can equal (`i64::MIN`
//! when margins fit `i64`, whose magnitude is then at most `i64::MAX`;
//! `i128::MIN` otherwise), so the table needs no separate "known" bits.
//!
//! The recursion is up to `len` deep; [`solver_search::stack`] moves it to a
//! fresh heap stack segment when the thread's stack runs low, so deep rows
//! never overflow even on a 2 MiB test thread, and a segment the system
//! refuses ends the search with [`Error::StackRefused`].
//!
//! A time limit is checked where the stack is: once every 32 levels of
//! recursion (every 32nd interval length), so the hot path carries no extra
//! work; the clock is read once every 4,096 of those checks, about every
//! 131,000 cells (under a millisecond). When it has passed, the search
//! unwinds without solving anything more and the table is discarded.

use core_types::error::HintPart::Words;
use core_types::{
    Arithmetic, Deadline, DeadlineClock, Error, Event, Game, Interval, Margin, MarginValue,
    PredictTheWinner, PredictTheWinnerSolution, Recorder, Side, Variant,
};

use solver_search::stack::{self, StackRefused};

use crate::MemoSolver;
use crate::NAME;

/// The `memo` backend's variants for Predict the Winner, its automatic choice first.
pub const VARIANTS: &[Variant<PredictTheWinner>] = &[
    Variant {
        backend: NAME,
        name: "interval",
        summary: "triangular interval table, Theta(len^2) time and len^2/2 cells, refused \
                  beyond the memory cap",
        build: |config| Box::new(MemoSolver::from_config(config)),
    },
    crate::hash_map::variant(),
    crate::indexed::variant(),
    crate::alpha_beta::variant(),
    crate::bounded::variant(),
    crate::bounded::all_cores_variant(),
];

/// Cells of the interval table for a row of `len` values: `len·(len-1)/2`.
///
/// ```
/// use gamesolve::backends::solver_memo::predict_the_winner::table_cells;
/// assert_eq!(table_cells(0), 0);
/// assert_eq!(table_cells(4), 6);
/// assert_eq!(table_cells(5_000), 12_497_500);
/// ```
pub fn table_cells(len: usize) -> u128 {
    let len = len as u128;
    len * len.saturating_sub(1) / 2
}

/// Bytes of the interval table for a row of `len` values computed in
/// `arithmetic`: [`table_cells`] times 8 (`i64`) or 16 (`i128`).
///
/// ```
/// use gamesolve::core_types::Arithmetic;
/// use gamesolve::backends::solver_memo::predict_the_winner::table_bytes;
/// assert_eq!(table_bytes(5_000, Arithmetic::I64), 99_980_000);
/// assert_eq!(table_bytes(5_000, Arithmetic::I128), 199_960_000);
/// ```
pub fn table_bytes(len: usize, arithmetic: Arithmetic) -> u128 {
    let width = match arithmetic {
        Arithmetic::I64 => std::mem::size_of::<i64>(),
        Arithmetic::I128 => std::mem::size_of::<i128>(),
    };
    table_cells(len) * width as u128
}

/// Solves a Predict the Winner game with the memoized interval recursion.
///
/// Margins are exact for every `i64` input: the table is `i64` when
/// [`PredictTheWinner::arithmetic`] says nothing can overflow, `i128`
/// otherwise.
///
/// # Complexity
///
/// With `len` the number of values: time `Θ(len^2)` (every interval is
/// computed once, from two lookups); auxiliary memory [`table_bytes`]:
/// `4·len^2` bytes for `i64` margins (about 100 MB at `len = 5000`), twice
/// that for `i128`, plus `O(len)` stack. The deadline costs nothing per
/// cell: it is ticked once per 32 levels of recursion, where the stack is
/// checked, and between the 1 MiB chunks of the table's initial fill.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use gamesolve::{Error, PredictTheWinner, core_types::{Deadline, NoStats, Side}};
/// use gamesolve::backends::solver_memo::{predict_the_winner, DEFAULT_MEMORY_CAP_BYTES as CAP};
///
/// let game = PredictTheWinner::new(vec![1, 5, 233, 7]);
/// let answer = predict_the_winner::solve(&game, CAP, Deadline::NEVER, &mut NoStats)?;
/// assert_eq!((answer.margin, answer.best_move), (222, Some(Side::Left)));
///
/// // Coins in a Line III: [1, 20, 4] is lost by 15.
/// let game = PredictTheWinner::new(vec![1, 20, 4]);
/// let answer = predict_the_winner::solve(&game, CAP, Deadline::NEVER, &mut NoStats)?;
/// assert_eq!(answer.margin, -15);
///
/// // A time limit that has passed: an honest "cannot answer".
/// let passed = Deadline::after(Some(Duration::ZERO));
/// let err = predict_the_winner::solve(&game, CAP, passed, &mut NoStats);
/// assert!(matches!(err, Err(Error::TimeLimitReached { .. })));
/// # Ok::<(), gamesolve::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::TableTooLarge`] (parameter `len`) when [`table_bytes`] exceeds
/// `memory_cap_bytes` (at the default 1 GiB: `len > 16384` for `i64`
/// margins), checked before allocating; [`Error::AllocationFailed`] when the
/// system refuses the table's memory although it is within the cap;
/// [`Error::TimeLimitReached`] when `deadline` passes first (a row of two or
/// more values reads the clock before it starts); [`Error::StackRefused`]
/// when the system refuses a stack segment for the recursion.
///
/// # See also
///
/// `solver_recursive::predict_the_winner` (no table: `2^len` calls) and
/// `solver_tabular` (bottom-up with one rolling row: `O(len)` memory, the
/// choice for long rows).
pub fn solve<R: Recorder<PredictTheWinner>>(
    game: &PredictTheWinner,
    memory_cap_bytes: u64,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<PredictTheWinnerSolution, Error> {
    let mut table = IntervalTable::new();
    solve_reusing(game, memory_cap_bytes, &mut table, deadline, recorder)
}

/// As [`solve`], but builds the interval table in `table`'s allocation,
/// which it keeps for the next call: repeated solves skip allocating and
/// faulting in fresh pages (about a third of the time at `len = 5000`).
/// [`MemoSolver`] keeps one.
///
/// # Complexity
///
/// As [`solve`]; `table` keeps the [`table_bytes`] of the last row solved
/// (never more than `memory_cap_bytes`; a table kept from a longer row is
/// reused only while it is at most twice the size needed, or 1 MiB larger)
/// until [`IntervalTable::release`].
///
/// # Examples
///
/// ```
/// use gamesolve::{PredictTheWinner, core_types::{Deadline, NoStats}};
/// use gamesolve::backends::solver_memo::predict_the_winner::{solve_reusing, IntervalTable};
///
/// let mut table = IntervalTable::new();
/// for values in [vec![1, 5, 2], vec![1, 5, 233, 7]] {
///     let game = PredictTheWinner::new(values);
///     solve_reusing(&game, 1 << 20, &mut table, Deadline::NEVER, &mut NoStats)?;
/// }
/// assert!(table.allocated_bytes() >= 6 * 8);
/// # Ok::<(), gamesolve::Error>(())
/// ```
///
/// # Errors
///
/// As [`solve`].
///
/// # See also
///
/// [`solve`]; `solver_tabular` (`O(len)` memory).
pub fn solve_reusing<R: Recorder<PredictTheWinner>>(
    game: &PredictTheWinner,
    memory_cap_bytes: u64,
    table: &mut IntervalTable,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<PredictTheWinnerSolution, Error> {
    let arithmetic = game.arithmetic();
    let required_bytes = table_bytes(game.len(), arithmetic);
    let too_large = |hint| Error::TableTooLarge {
        backend: NAME,
        game: PredictTheWinner::NAME,
        parameter: "len",
        value: game.len() as u64,
        required_bytes,
        memory_cap_bytes,
        hint,
    };
    if required_bytes > u128::from(memory_cap_bytes) {
        return Err(too_large(&[Words(
            "; try backend `tabular` (O(len) memory), or raise the memory cap",
        )]));
    }
    let refused = || Error::AllocationFailed {
        backend: NAME,
        game: PredictTheWinner::NAME,
        parameter: "len",
        value: game.len() as u64,
        required_bytes,
        memory_cap_bytes,
        hint: &[Words("; try backend `tabular` (O(len) memory)")],
    };
    let values = game.values();
    let result = match arithmetic {
        Arithmetic::I64 => root::<i64, R>(values, table, deadline, recorder),
        Arithmetic::I128 => root::<i128, R>(values, table, deadline, recorder),
    };
    match result {
        Ok((margin, best_move)) => Ok(game.solution(margin, best_move)),
        Err(Stop::Refused) => Err(refused()),
        Err(Stop::TimeLimit) => Err(deadline.error(NAME, PredictTheWinner::NAME)),
        Err(Stop::StackRefused(refused)) => Err(refused.error(
            NAME,
            PredictTheWinner::NAME,
            &[Words("; try backend `tabular` (no recursion)")],
        )),
    }
}

/// The table is filled with "unknown" in chunks of this many bytes, the
/// deadline read between two.
const FILL_CHUNK_BYTES: usize = 1 << 20;

/// Why [`root`] gave up.
#[derive(Debug)]
enum Stop {
    /// The system refused the table's memory.
    Refused,
    /// The deadline passed.
    TimeLimit,
    /// The system refused a stack segment for the recursion.
    StackRefused(StackRefused),
}

/// A kept table more than twice the size a row needs is freed (and one of the right size
/// allocated) when the excess is larger than this; smaller ones are reused as they are.
const SHRINK_ABOVE_BYTES: usize = 1 << 20;

/// The allocation behind the interval table, kept between solves by
/// [`solve_reusing`] (one per [`MemoSolver`]).
///
/// It holds the table of one width at a time (`i64` or `i128` margins).
/// Cloning gives an empty one: tables are scratch space, not state.
#[derive(Default)]
pub struct IntervalTable {
    narrow: Vec<i64>,
    wide: Vec<i128>,
}

impl IntervalTable {
    /// An empty table; nothing is allocated until a solve needs it.
    pub fn new() -> Self {
        IntervalTable::default()
    }

    /// The bytes currently held.
    pub fn allocated_bytes(&self) -> usize {
        self.narrow.capacity() * std::mem::size_of::<i64>()
            + self.wide.capacity() * std::mem::size_of::<i128>()
    }

    /// Frees the allocation.
    pub fn release(&mut self) {
        *self = IntervalTable::new();
    }

    /// A table of `cells` unknown cells of width `M`, reusing the allocation
    /// when it is large enough. Fills it in chunks of [`FILL_CHUNK_BYTES`],
    /// reading the clock between them (a 1 GiB table takes a few hundred
    /// milliseconds to fill).
    fn cells<M: Cell>(&mut self, cells: usize, deadline: Deadline) -> Result<&mut [M], Stop> {
        let buffer = M::buffer(self);
        buffer.clear();
        let excess = buffer.capacity().saturating_sub(cells.saturating_mul(2));
        if buffer.capacity() < cells || excess * std::mem::size_of::<M>() > SHRINK_ABOVE_BYTES {
            // Too small, or far larger than this row needs (a long row solved before must
            // not hold memory a shorter one and what follows it could use): free the old
            // one first, never hold both.
            *buffer = Vec::new();
            buffer.try_reserve_exact(cells).map_err(|_| Stop::Refused)?;
        }
        // Every cell is read before it is written, so filling the table up
        // front (sequential page faults) is cheaper than lazily zeroed pages,
        // which would fault twice (zero page on the read, a copy on the
        // write).
        let chunk = FILL_CHUNK_BYTES / std::mem::size_of::<M>();
        while buffer.len() < cells {
            if deadline.reached() {
                return Err(Stop::TimeLimit);
            }
            buffer.resize(cells.min(buffer.len() + chunk), M::UNKNOWN);
        }
        Ok(buffer.as_mut_slice())
    }
}

impl Clone for IntervalTable {
    fn clone(&self) -> Self {
        IntervalTable::new()
    }
}

impl std::fmt::Debug for IntervalTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IntervalTable")
            .field("allocated_bytes", &self.allocated_bytes())
            .finish()
    }
}

/// A margin width with a value no margin can take, marking unknown cells.
trait Cell: MarginValue {
    /// The "not computed yet" marker.
    const UNKNOWN: Self;
    /// The table's buffer of this width; the other width's is freed.
    fn buffer(table: &mut IntervalTable) -> &mut Vec<Self>;
}

impl Cell for i64 {
    // Used only when the sum of |a[k]| fits i64, which bounds every |m(i, j)|
    // by i64::MAX: i64::MIN is never a margin.
    const UNKNOWN: i64 = i64::MIN;
    fn buffer(table: &mut IntervalTable) -> &mut Vec<i64> {
        table.wide = Vec::new();
        &mut table.narrow
    }
}

impl Cell for i128 {
    // Every |m(i, j)| is at most len · 2^63 < 2^127.
    const UNKNOWN: i128 = i128::MIN;
    fn buffer(table: &mut IntervalTable) -> &mut Vec<i128> {
        table.narrow = Vec::new();
        &mut table.wide
    }
}

/// How deep the recursion may go between two stack checks: far fewer frames
/// than fit in [`RED_ZONE`].
const CHECK_EVERY: u64 = 32;
/// Stack that must be left when a check passes, else a new segment is used.
const RED_ZONE: usize = 256 * 1024;
/// Size of each new stack segment.
const SEGMENT: usize = 4 * 1024 * 1024;

/// Solves the whole row: the margin and the optimal first move, or why it
/// gave up (the table allocation refused, the deadline passed). The size was
/// checked by the caller.
fn root<M: Cell, R: Recorder<PredictTheWinner>>(
    a: &[i64],
    table: &mut IntervalTable,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<(i128, Option<Side>), Stop> {
    let Some(last) = a.len().checked_sub(1) else {
        return Ok((0, None));
    };
    recorder.position(1);
    let whole = Interval::inclusive(0, last);
    recorder.event(Event::Enter(whole));
    if last == 0 {
        let margin = i128::from(a[0]);
        recorder.event(Event::Leave(whole, Margin(margin)));
        return Ok((margin, Some(Side::Left)));
    }
    let mut clock = DeadlineClock::new(deadline);
    if clock.tick() {
        return Err(Stop::TimeLimit);
    }
    let cells = usize::try_from(table_cells(a.len())).map_err(|_| Stop::Refused)?;
    let table = table.cells::<M>(cells, deadline)?;
    recorder.table(cells as u64, (cells * std::mem::size_of::<M>()) as u64);
    let mut memo = IntervalMemo {
        a,
        table,
        recorder,
        len: a.len(),
        clock,
        stopped: false,
        stack_refused: None,
    };
    let take_left = M::from(a[0]) - memo.margin(1, last, 2);
    let take_right = M::from(a[last]) - memo.margin(0, last - 1, 2);
    if let Some(refused) = memo.stack_refused {
        return Err(Stop::StackRefused(refused));
    }
    if memo.stopped {
        return Err(Stop::TimeLimit);
    }
    let margin: i128 = take_left.max(take_right).into();
    memo.recorder.event(Event::Leave(whole, Margin(margin)));
    Ok((margin, Some(Side::choose(take_left, take_right))))
}

struct IntervalMemo<'a, M, R> {
    a: &'a [i64],
    /// `m(i, j)` for `i < j`, row by row: row `i` holds `j = i+1 ..= len-1`;
    /// see [`IntervalMemo::index`].
    table: &'a mut [M],
    recorder: &'a mut R,
    /// The number of values.
    len: usize,
    /// Ticked once every [`CHECK_EVERY`] levels of recursion.
    clock: DeadlineClock,
    /// The deadline passed or a stack segment was refused: the search
    /// unwinds, its values are meaningless and no more events are reported.
    stopped: bool,
    /// The stack segment the system refused, if that is why the search stopped.
    stack_refused: Option<StackRefused>,
}

impl<M: Cell, R: Recorder<PredictTheWinner>> IntervalMemo<'_, M, R> {
    /// Where `m(i, j)`, `i < j`, is stored. Rows keep the search's two
    /// streams sequential: solving `[i, j]` walks row `i` towards smaller `j`
    /// while reading row `i + 1` at the same `j`. Row `i` starts after
    /// `(len-1) + (len-2) + … + (len-i) = i·(2·len - 1 - i)/2` cells; the
    /// left child `[i+1, j]` is `len - 2 - i` cells further on, the right
    /// child `[i, j-1]` one cell back.
    #[inline(always)]
    fn index(&self, i: usize, j: usize) -> usize {
        i * (2 * self.len - 1 - i) / 2 + (j - i - 1)
    }

    /// `m(i, j)` for `i <= j`, reached at recursion depth `depth`.
    fn margin(&mut self, i: usize, j: usize, depth: u64) -> M {
        if i == j {
            M::from(self.a[i])
        } else {
            self.lookup(i, j, self.index(i, j), depth)
        }
    }

    /// `m(i, j)` for `i < j` stored at `index`: from the table, or solved.
    #[inline(always)]
    fn lookup(&mut self, i: usize, j: usize, index: usize, depth: u64) -> M {
        let stored = self.table[index];
        if stored != M::UNKNOWN {
            self.recorder.memo_hit();
            let node = Interval::inclusive(i, j);
            let value = Margin(stored.into());
            if !self.stopped {
                self.recorder.event(Event::MemoHit(node, value));
            }
            return stored;
        }
        let value = if depth.is_multiple_of(CHECK_EVERY) {
            self.expand_checking_stack(i, j, index, depth)
        } else {
            self.expand(i, j, index, depth)
        };
        self.table[index] = value;
        self.recorder.states_stored(1);
        value
    }

    /// [`Self::expand`] on a fresh stack segment if the current one runs
    /// low, after ticking the deadline. Kept out of line so the closure does
    /// not enlarge every frame of the recursion (the search is stack-bound:
    /// it sweeps `len` frames per row).
    ///
    /// Once the deadline has passed, or the system refused a stack segment,
    /// it solves nothing and returns 0: the frames above finish with
    /// meaningless values, but every subtree they still open is cut at the
    /// next checked level, so the search unwinds in a few cells per frame. A meaningless value `v` of `[i, j]` still keeps
    /// `|v| <= |a[i]| + … + |a[j]|`, as margins do, so nothing overflows.
    #[inline(never)]
    #[cold]
    fn expand_checking_stack(&mut self, i: usize, j: usize, index: usize, depth: u64) -> M {
        if self.stopped || self.clock.tick() {
            self.stopped = true;
            return M::from(0);
        }
        match stack::maybe_grow(RED_ZONE, SEGMENT, || self.expand(i, j, index, depth)) {
            Ok(value) => value,
            Err(refused) => {
                self.stopped = true;
                self.stack_refused = Some(refused);
                M::from(0)
            }
        }
    }

    /// Computes `m(i, j)`, `i < j`, stored at `index`, from its two
    /// sub-intervals.
    fn expand(&mut self, i: usize, j: usize, index: usize, depth: u64) -> M {
        self.recorder.position(depth);
        let node = Interval::inclusive(i, j);
        if !self.stopped {
            self.recorder.event(Event::Enter(node));
        }
        let (left_value, right_value) = (M::from(self.a[i]), M::from(self.a[j]));
        let (after_left, after_right) = if i + 1 == j {
            (right_value, left_value)
        } else {
            let left_child = index + self.len - 2 - i;
            (
                self.lookup(i + 1, j, left_child, depth + 1),
                self.lookup(i, j - 1, index - 1, depth + 1),
            )
        };
        let value = (left_value - after_left).max(right_value - after_right);
        if !self.stopped {
            self.recorder
                .event(Event::Leave(node, Margin(value.into())));
        }
        value
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::DEFAULT_MEMORY_CAP_BYTES as CAP;
    use core_types::{NoStats, Outcome, Stats};
    use proptest::prelude::*;

    const NEVER: Deadline = Deadline::NEVER;

    fn solve_default(values: &[i64]) -> PredictTheWinnerSolution {
        solve(
            &PredictTheWinner::new(values.to_vec()),
            CAP,
            NEVER,
            &mut NoStats,
        )
        .unwrap()
    }

    /// Issue 12, item 3: the table kept from a long row is not held for a short one.
    #[test]
    fn a_kept_table_far_larger_than_the_row_needs_is_freed() {
        let mut table = IntervalTable::new();
        let long = PredictTheWinner::new((0..2_000).collect());
        solve_reusing(&long, CAP, &mut table, NEVER, &mut NoStats).unwrap();
        assert!(
            table.allocated_bytes() > 4 << 20,
            "{}",
            table.allocated_bytes()
        );
        let short = PredictTheWinner::new(vec![1, 5, 233, 7]);
        let answer = solve_reusing(&short, CAP, &mut table, NEVER, &mut NoStats).unwrap();
        assert_eq!(answer, solve_default(&[1, 5, 233, 7]));
        assert!(
            table.allocated_bytes() < 1 << 10,
            "{}",
            table.allocated_bytes()
        );
        // A row of about the same size reuses the allocation as it is.
        let mut table = IntervalTable::new();
        solve_reusing(&long, CAP, &mut table, NEVER, &mut NoStats).unwrap();
        let kept = table.allocated_bytes();
        let shorter = PredictTheWinner::new((0..1_900).collect());
        solve_reusing(&shorter, CAP, &mut table, NEVER, &mut NoStats).unwrap();
        assert_eq!(table.allocated_bytes(), kept);
    }

    #[test]
    fn leetcode_486_examples() {
        let s = solve_default(&[1, 5, 2]);
        assert_eq!((s.margin, s.best_move), (-2, Some(Side::Left)));
        assert!(!s.predict_the_winner());
        let s = solve_default(&[1, 5, 233, 7]);
        assert_eq!((s.margin, s.best_move), (222, Some(Side::Left)));
        assert!(s.predict_the_winner());
    }

    #[test]
    fn coins_in_a_line_iii_examples() {
        assert!(solve_default(&[3, 2, 2]).first_player_strictly_wins());
        assert!(solve_default(&[1, 2, 4]).first_player_strictly_wins());
        assert!(!solve_default(&[1, 20, 4]).first_player_strictly_wins());
    }

    #[test]
    fn edge_cases() {
        let empty = solve_default(&[]);
        assert_eq!(
            (empty.margin, empty.best_move, empty.outcome),
            (0, None, Outcome::Draw)
        );
        let single = solve_default(&[-7]);
        assert_eq!((single.margin, single.best_move), (-7, Some(Side::Left)));
        let zeros = solve_default(&[0; 9]);
        assert_eq!(
            (zeros.outcome, zeros.best_move),
            (Outcome::Draw, Some(Side::Left))
        );
        assert_eq!(solve_default(&[1, 2]).best_move, Some(Side::Right));
    }

    #[test]
    fn margins_beyond_i64_are_exact() {
        let (max, min) = (i128::from(i64::MAX), i128::from(i64::MIN));
        let s = solve_default(&[i64::MAX, i64::MIN]);
        assert_eq!((s.margin, s.first_score), (max - min, max));
        let s = solve_default(&[i64::MIN, i64::MIN, i64::MIN]);
        assert_eq!((s.margin, s.first_score), (min, 2 * min));
        let s = solve_default(&[i64::MAX; 7]);
        assert_eq!((s.margin, s.first_score), (max, 4 * max));
        // i64::MIN as a margin in the i128 path is a value, not "unknown".
        let s = solve_default(&[0, i64::MIN, 0, 0]);
        assert_eq!(s.margin, -min);
    }

    #[test]
    fn table_too_large_is_refused_before_allocating() {
        let game = PredictTheWinner::new(vec![1; 1000]);
        let err = solve(&game, 1 << 20, NEVER, &mut NoStats).unwrap_err();
        assert_eq!(
            err,
            Error::TableTooLarge {
                backend: "memo",
                game: "predict-the-winner",
                parameter: "len",
                value: 1000,
                required_bytes: 999 * 1000 / 2 * 8,
                memory_cap_bytes: 1 << 20,
                hint: &[Words(
                    "; try backend `tabular` (O(len) memory), or raise the memory cap"
                )],
            }
        );
        // The i128 table is twice as large.
        let wide = PredictTheWinner::new(vec![i64::MIN; 100]);
        let err = solve(&wide, 4950 * 16 - 1, NEVER, &mut NoStats).unwrap_err();
        assert!(matches!(
            err,
            Error::TableTooLarge {
                required_bytes: 79_200,
                ..
            }
        ));
        assert!(solve(&wide, 4950 * 16, NEVER, &mut NoStats).is_ok());
        // A row far beyond any cap is refused, not attempted.
        let huge = PredictTheWinner::new(vec![0; 10_000_000]);
        assert!(solve(&huge, u64::MAX >> 8, NEVER, &mut NoStats).is_err());
    }

    #[test]
    fn stats_count_cells_hits_and_depth() {
        let game = PredictTheWinner::new((1..=10).collect());
        let mut stats = Stats::default();
        solve(&game, CAP, NEVER, &mut stats).unwrap();
        // 45 cells with i < j; the root is expanded but not stored.
        assert_eq!((stats.table_cells, stats.table_bytes), (45, 360));
        assert_eq!((stats.positions, stats.states), (45, 44));
        assert_eq!(stats.max_depth, 9);
        assert!(stats.memo_hits > 0);
    }

    #[test]
    fn deep_rows_do_not_overflow_a_small_stack() {
        // 3000 nested frames are far more than 128 KiB of stack holds;
        // stacker moves the recursion to heap segments.
        let handle = std::thread::Builder::new()
            .stack_size(128 * 1024)
            .spawn(|| {
                let values: Vec<i64> = (0..3000).map(|k| (k * 7919) % 1000).collect();
                solve(&PredictTheWinner::new(values), CAP, NEVER, &mut NoStats).map(|s| s.margin)
            })
            .unwrap();
        let margin = handle.join().unwrap().unwrap();
        let values: Vec<i64> = (0..3000).map(|k| (k * 7919) % 1000).collect();
        assert_eq!(
            margin,
            test_support::reference::predict_the_winner_margin(&values)
        );
    }

    #[test]
    fn a_reused_table_gives_the_same_answers() {
        let mut table = IntervalTable::new();
        let rows: Vec<Vec<i64>> = vec![
            (0..300).map(|k| (k * 7919) % 1000 - 500).collect(),
            vec![1, 5, 2],
            vec![i64::MAX, 3, i64::MIN, 4], // i128: the i64 buffer is freed
            (0..200).map(|k| (k * 104_729) % 997).collect(),
            vec![1, 5, 233, 7],
        ];
        for values in rows {
            let game = PredictTheWinner::new(values.clone());
            let reused = solve_reusing(&game, CAP, &mut table, NEVER, &mut NoStats).unwrap();
            assert_eq!(
                reused.margin,
                test_support::reference::predict_the_winner_margin(&values),
                "{values:?}"
            );
            assert_eq!(reused, solve(&game, CAP, NEVER, &mut NoStats).unwrap());
        }
        // Kept: the 300-value table's allocation (narrow), at most.
        assert!(table.allocated_bytes() >= 6 * 8);
        assert!(table.allocated_bytes() <= 299 * 300 / 2 * 8);
        assert_eq!(
            format!("{:?}", table.clone()),
            "IntervalTable { allocated_bytes: 0 }"
        );
        table.release();
        assert_eq!(table.allocated_bytes(), 0);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]
        #[test]
        fn agrees_with_brute_force(values in prop::collection::vec(any::<i64>(), 0..=10)) {
            let answer = solve_default(&values);
            let expected = test_support::reference::predict_the_winner_brute(&values);
            prop_assert_eq!(answer.margin, expected.margin);
            prop_assert_eq!(answer.best_move, expected.best_move());
        }

        #[test]
        fn small_values_agree_with_brute_force(values in prop::collection::vec(-20i64..=20, 0..=10)) {
            let expected = test_support::reference::predict_the_winner_brute(&values);
            prop_assert_eq!(solve_default(&values).margin, expected.margin);
        }
    }
}
