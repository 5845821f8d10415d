//! Predict the Winner in linear time: merge every peak `x <= y >= z` into
//! `x - y + z`, then play the reduced row greedily.
//!
//! See the [crate docs](crate) for why this is exact. This module holds the
//! fast kernel ([`margin`], [`solve`], [`move_values`]); the traced version for
//! teaching ([`reduce_traced`](crate::reduce_traced)) is in [`crate::trace`].

use bytemuck::Zeroable;
use core_types::deadline::Deadline;
use core_types::{
    Arithmetic, Error, Game, Limits, MarginValue, PredictTheWinner, PredictTheWinnerSolution,
    Recorder, Side, Variant,
};

use crate::NAME;

mod clock;

use clock::{stop_error, PassClock, SolveStop, Unwatched, CHECK_EVERY};

/// The integer width of a pass: `i64` when the caller proved nothing can
/// overflow, `i128` otherwise.
trait Width: MarginValue + Zeroable {
    /// Bytes per stack cell.
    const BYTES: u64 = std::mem::size_of::<Self>() as u64;
    fn wrapping_sub(self, other: Self) -> Self;
    fn wrapping_add(self, other: Self) -> Self;
}

macro_rules! width {
    ($t:ty) => {
        impl Width for $t {
            #[inline(always)]
            fn wrapping_sub(self, other: Self) -> Self {
                <$t>::wrapping_sub(self, other)
            }
            #[inline(always)]
            fn wrapping_add(self, other: Self) -> Self {
                <$t>::wrapping_add(self, other)
            }
        }
    };
}
width!(i64);
width!(i128);

/// `if cond { a } else { b }` as a conditional move, not a branch: whether
/// a peak merges is a coin toss on random rows.
#[inline(always)]
fn select<T>(cond: bool, a: T, b: T) -> T {
    std::hint::select_unpredictable(cond, a, b)
}

/// Cells below the stack's first value, so the kernel can read the four
/// values under the pending one without checking the stack's length first.
const PAD: usize = 4;

/// Stack cells a pass over `len` values needs: the values, [`PAD`], and one
/// spare cell for the kernel's unconditional store above the top.
fn stack_cells(len: usize) -> usize {
    len + PAD + 1
}

/// The same rule as [`PredictTheWinner::arithmetic`], on a slice: `i64` when
/// the sum of `|a[k]|` fits `i64`. A vectorisable bound (largest `|a[k]|`
/// times the length) settles the common case; the exact sum decides the rest.
fn arithmetic_of(values: &[i64]) -> Arithmetic {
    let Ok(arithmetic) = arithmetic_until(values, &Unwatched);
    arithmetic
}

/// [`arithmetic_of`], reading `clock` once every [`CHECK_EVERY`] · 16 values of its first
/// pass (about 40 µs of it): on a long row that pass alone takes milliseconds.
fn arithmetic_until<C: PassClock>(values: &[i64], clock: &C) -> Result<Arithmetic, C::Stop> {
    let mut max_abs = 0u64;
    for chunk in values.chunks(CHECK_EVERY * 16) {
        clock.check()?;
        max_abs = chunk.iter().fold(max_abs, |m, v| m.max(v.unsigned_abs()));
    }
    Ok(arithmetic_bounded(values, max_abs))
}

/// The arithmetic of `values`, whose largest `|a[k]|` is `max_abs`.
fn arithmetic_bounded(values: &[i64], max_abs: u64) -> Arithmetic {
    let limit = i64::MAX as u128;
    if u128::from(max_abs) * values.len() as u128 <= limit {
        return Arithmetic::I64;
    }
    let sum: u128 = values.iter().map(|v| u128::from(v.unsigned_abs())).sum();
    if sum <= limit {
        Arithmetic::I64
    } else {
        Arithmetic::I128
    }
}

/// Reduces `values` with the stack kept in `cells` (at least
/// [`stack_cells`]`(values.len())` long; its contents do not matter). The
/// reduced row is left in `cells[PAD..PAD + len]`; returns `(len, merges)`,
/// or the clock's stop.
///
/// Every value `v` of the stack is the alternating sum `a[p] - a[p+1] + … +
/// a[q]` of a run of the input, so `|v| <= Σ|a[k]|`: when the caller chose
/// `i64` because that sum fits, no merge overflows. Values computed for a
/// merge that does not happen may wrap; they are discarded.
#[inline(always)]
fn reduce_into<M: Width, C: PassClock>(
    values: &[i64],
    cells: &mut [M],
    clock: &C,
) -> Result<(usize, u64), C::Stop> {
    let Some((&first, rest)) = values.split_first() else {
        return Ok((0, 0));
    };
    let s = &mut cells[..stack_cells(values.len())];
    // The stack is s[PAD..=top]; top = PAD - 1 when it is empty. `cur` is the
    // value waiting to be pushed (the `z` of a candidate peak); `x` and `y`
    // are copies of the top two values (garbage while fewer than two).
    let mut top = PAD - 1;
    let (mut x, mut y) = (s[top - 1], s[top]);
    let mut cur = M::from(first);
    let mut merges = 0u64;
    // One iteration either merges (`x`, `y` and `cur` become one value,
    // which waits as `cur` again) or pushes `cur` and loads the next input.
    // Both outcomes are computed and selected by conditional moves, not
    // branches: whether a peak merges is a coin toss on random rows. The
    // two values under `x` are loaded every time from addresses known at the
    // start of the iteration, so memory latency stays off the chain from one
    // comparison to the next. The loop runs `len - 1 + merges` times, over
    // windows of CHECK_EVERY values with the clock read before each: the
    // merges in a window are at most the stack's height, so a cascade that
    // collapses a tall stack runs unchecked (at most a third of the pass, as
    // merges never outnumber pushes).
    for window in rest.chunks(CHECK_EVERY) {
        clock.check()?;
        let mut i = 0;
        while i < window.len() {
            let merge = (top > PAD) & (x <= y) & (y >= cur);
            let merged = x.wrapping_sub(y).wrapping_add(cur);
            let (under_x, under_y) = (s[top - 3], s[top - 2]);
            s[top + 1] = cur;
            x = select(merge, under_x, y);
            y = select(merge, under_y, cur);
            cur = select(merge, merged, M::from(window[i]));
            top = select(merge, top - 2, top + 1);
            i += usize::from(!merge);
            merges += u64::from(merge);
        }
    }
    merges += settle(s, &mut top, cur, clock)?;
    Ok((top + 1 - PAD, merges))
}

/// Merges `cur` with the top of the stack `s[PAD..=top]` while they form a
/// peak, then pushes it; returns the number of merges, or the clock's stop
/// (read once every [`CHECK_EVERY`] merges: a whole stack can collapse here).
#[inline(always)]
fn settle<M: Width, C: PassClock>(
    s: &mut [M],
    top: &mut usize,
    mut cur: M,
    clock: &C,
) -> Result<u64, C::Stop> {
    let mut merges = 0;
    while *top > PAD && s[*top - 1] <= s[*top] && s[*top] >= cur {
        cur = s[*top - 1].wrapping_sub(s[*top]).wrapping_add(cur);
        *top -= 2;
        merges += 1;
        if merges % CHECK_EVERY as u64 == 0 {
            clock.check()?;
        }
    }
    *top += 1;
    s[*top] = cur;
    Ok(merges)
}

/// The value of a reduced row (no interior `x <= y >= z`): its largest value
/// is always at an end, so both players take the larger end, and the margin
/// is `b1 - b2 + b3 - …` over the values sorted in decreasing order. Every
/// partial sum is bounded by `Σ|a[k]|`, so `M` cannot overflow.
#[inline(always)]
fn greedy<M: Width>(row: &[M]) -> M {
    let (mut lo, mut hi) = (0, row.len());
    let mut acc = M::default();
    let mut sign_plus = true;
    while lo < hi {
        let (a, b) = (row[lo], row[hi - 1]);
        let left = a >= b;
        let taken = select(left, a, b);
        lo += usize::from(left);
        hi -= usize::from(!left);
        acc = select(sign_plus, acc.wrapping_add(taken), acc.wrapping_sub(taken));
        sign_plus = !sign_plus;
    }
    acc
}

/// A stack for one pass over `len` values, zeroed by the allocator (fresh
/// pages cost nothing until the stack grows into them); `None` when the
/// system refuses the memory.
fn try_stack<M: Width>(len: usize) -> Option<Vec<M>> {
    bytemuck::allocation::try_zeroed_vec(stack_cells(len)).ok()
}

/// The margin of `values` in width `M`: one pass, then the greedy count; or
/// the clock's stop.
fn margin_in<M: Width, R: Recorder<PredictTheWinner>, C: PassClock>(
    values: &[i64],
    cells: &mut [M],
    recorder: &mut R,
    clock: &C,
) -> Result<M, C::Stop> {
    let (len, merges) = reduce_into(values, cells, clock)?;
    recorder.positions(values.len() as u64);
    recorder.states_stored(merges);
    Ok(greedy(&cells[PAD..PAD + len]))
}

/// `(a[0] - V(a[1..]), a[len-1] - V(a[..len-1]))` in width `M`, both passes
/// in one stack; or why not: the stack cannot be allocated, or `clock` stopped a pass.
/// `values` is not empty.
fn move_values_in<M: Width, R: Recorder<PredictTheWinner>, C: PassClock>(
    values: &[i64],
    recorder: &mut R,
    clock: &C,
) -> Result<(M, M), SolveStop>
where
    SolveStop: From<C::Stop>,
{
    let last = values.len() - 1;
    let mut cells = try_stack::<M>(last).ok_or(SolveStop::Refused)?;
    recorder.table(cells.len() as u64, cells.len() as u64 * M::BYTES);
    let after_left = margin_in(&values[1..], &mut cells, recorder, clock)?;
    let after_right = margin_in(&values[..last], &mut cells, recorder, clock)?;
    // |a[k] - V(...)| <= Σ|a[k]|: exact in M.
    Ok((
        M::from(values[0]) - after_left,
        M::from(values[last]) - after_right,
    ))
}

/// The margin and the best first move of a non-empty row in width `M`; no answer when the
/// stack cannot be allocated or `deadline` passed (read during the passes, once every
/// [`CHECK_EVERY`] values pushed).
///
/// One pass over `a[..len-1]` gives `V(a[..len-1])`, so the value of taking
/// the right end; pushing `a[len-1]` on the same stack gives `V(a)`. When
/// taking the right end is worse than `V(a)`, taking the left end is the
/// optimum and no second pass is needed; otherwise a pass over `a[1..]`
/// settles a possible tie (which goes left).
fn solve_in<M: Width, R: Recorder<PredictTheWinner>>(
    values: &[i64],
    deadline: Deadline,
    recorder: &mut R,
) -> Result<(M, Side), SolveStop> {
    let last = values.len() - 1;
    let mut cells = try_stack::<M>(last).ok_or(SolveStop::Refused)?;
    recorder.table(cells.len() as u64, cells.len() as u64 * M::BYTES);
    let (len, merges) = reduce_into(&values[..last], &mut cells, &deadline)?;
    let take_right = M::from(values[last]) - greedy(&cells[PAD..PAD + len]);
    let mut top = PAD + len - 1;
    let merges = merges + settle(&mut cells, &mut top, M::from(values[last]), &deadline)?;
    recorder.positions(values.len() as u64);
    recorder.states_stored(merges);
    let whole = greedy(&cells[PAD..=top]);
    if take_right < whole {
        return Ok((whole, Side::Left));
    }
    let take_left = M::from(values[0]) - margin_in(&values[1..], &mut cells, recorder, &deadline)?;
    Ok((
        take_left.max(take_right),
        Side::choose(take_left, take_right),
    ))
}

/// The margin of a Predict the Winner row under optimal play: the first
/// player's sum minus the second's. The fastest entry point: one pass.
///
/// # Complexity
///
/// With `len = values.len()`: `O(len)` time (at most `1.5·len` steps;
/// about 4 ns per value, 7 with `i128` margins: see the crate docs);
/// auxiliary memory one stack of `len + 5` cells of 8 bytes (16 when the
/// values are so large that margins need `i128`), allocated zeroed so only
/// the part the stack actually reaches is touched.
///
/// # Examples
///
/// ```
/// use gamesolve::backends::solver_reduction::margin;
///
/// assert_eq!(margin(&[1, 5, 233, 7]), 222);
/// assert_eq!(margin(&[1, 5, 2]), -2);
/// assert_eq!(margin(&[]), 0);
/// // Exact beyond i64.
/// assert_eq!(margin(&[i64::MAX, i64::MIN]), i128::from(i64::MAX) - i128::from(i64::MIN));
/// ```
///
/// # Panics
///
/// Never. If the system refuses the stack's memory the process aborts, as
/// for any `Vec`; [`solve`] reports that as an error instead.
///
/// # See also
///
/// [`solve`] (scores and best move), [`move_values`], [`reduce_traced`](crate::trace::reduce_traced).
pub fn margin(values: &[i64]) -> i128 {
    match arithmetic_of(values) {
        Arithmetic::I64 => {
            let mut cells = bytemuck::zeroed_vec::<i64>(stack_cells(values.len()));
            let Ok(margin) = margin_in(values, &mut cells, &mut core_types::NoStats, &Unwatched);
            margin.into()
        }
        Arithmetic::I128 => {
            let mut cells = bytemuck::zeroed_vec::<i128>(stack_cells(values.len()));
            let Ok(margin) = margin_in(values, &mut cells, &mut core_types::NoStats, &Unwatched);
            margin
        }
    }
}

/// The margins the first player gets by taking the left end and by taking
/// the right end: `(a[0] - V(a[1..]), a[len-1] - V(a[..len-1]))`, `V` being
/// the value for the player to move. The game's margin is the larger of the
/// two; an empty row has no move and gives `(0, 0)`.
///
/// # Complexity
///
/// Two passes: `O(len)` time, one stack of `len + 4` cells (8 or 16 bytes
/// each) reused by both.
///
/// # Examples
///
/// ```
/// use gamesolve::backends::solver_reduction::move_values;
///
/// // Taking 1 wins by 222; taking 7 loses by 222.
/// assert_eq!(move_values(&[1, 5, 233, 7]), (222, -222));
/// assert_eq!(move_values(&[4]), (4, 4));
/// ```
///
/// # Panics
///
/// Never. If the system refuses the stack's memory the process aborts, as
/// for any `Vec`; [`solve`] reports that as an error instead.
///
/// # See also
///
/// [`solve`], which picks the move from these with [`Side::choose`].
pub fn move_values(values: &[i64]) -> (i128, i128) {
    if values.is_empty() {
        return (0, 0);
    }
    let answer = match arithmetic_of(values) {
        Arithmetic::I64 => {
            move_values_in::<i64, _, _>(values, &mut core_types::NoStats, &Unwatched)
                .map(|(l, r)| (l.into(), r.into()))
        }
        Arithmetic::I128 => {
            move_values_in::<i128, _, _>(values, &mut core_types::NoStats, &Unwatched)
        }
    };
    match answer {
        Ok(answer) => answer,
        Err(_) => std::alloc::handle_alloc_error(
            std::alloc::Layout::array::<i128>(stack_cells(values.len()))
                .unwrap_or(std::alloc::Layout::new::<i128>()),
        ),
    }
}

/// [`move_values`] within a time limit, and an error instead of an abort when the system
/// refuses the stack: for callers that answer under limits (the analysis engine falls back on
/// it for rows whose decision triangle does not fit its memory cap). Both passes read
/// `deadline` once every 4,096 values pushed, as [`solve_until`] does.
///
/// # Complexity
///
/// As [`move_values`].
///
/// # Examples
///
/// ```
/// use gamesolve::{Error, core_types::Deadline};
/// use gamesolve::backends::solver_reduction::predict_the_winner::move_values_until;
///
/// assert_eq!(move_values_until(&[1, 5, 233, 7], Deadline::NEVER)?, (222, -222));
/// let passed = Deadline::after(Some(std::time::Duration::ZERO));
/// let err = move_values_until(&[1, 5, 233, 7], passed).unwrap_err();
/// assert!(matches!(err, Error::TimeLimitReached { .. }));
/// # Ok::<(), Error>(())
/// ```
///
/// # Errors
///
/// [`Error::TimeLimitReached`] (backend `reduction`) once `deadline` has passed;
/// [`Error::AllocationFailed`] when the system refuses the stack's memory.
///
/// # See also
///
/// [`move_values`], [`solve_until`].
pub fn move_values_until(values: &[i64], deadline: Deadline) -> Result<(i128, i128), Error> {
    if values.is_empty() {
        return Ok((0, 0));
    }
    let Ok(arithmetic) = arithmetic_until(values, &deadline) else {
        return Err(deadline.error(NAME, PredictTheWinner::NAME));
    };
    let answer = match arithmetic {
        Arithmetic::I64 => move_values_in::<i64, _, _>(values, &mut core_types::NoStats, &deadline)
            .map(|(l, r)| (l.into(), r.into())),
        Arithmetic::I128 => {
            move_values_in::<i128, _, _>(values, &mut core_types::NoStats, &deadline)
        }
    };
    answer.map_err(|stop| stop_error(stop, deadline, arithmetic, values.len()))
}

/// Solves a Predict the Winner game in linear time: the margin, both scores
/// and an optimal first move (ties go [`Side::Left`], as in every backend).
///
/// One pass over `a[..len-1]` gives the value of taking the right end;
/// pushing `a[len-1]` on the same stack gives the margin. When taking the
/// right end is worse than the margin, the left end is the optimal move and
/// that is all; otherwise (about half of random rows) a second pass over
/// `a[1..]` decides between the right end and a tie, which goes left.
///
/// Counters reported to `recorder` (a [`Stats`](core_types::Stats) or a
/// [`ReductionStats`]):
/// - `positions(k)`: `k` values pushed on the stack (every value of a pass
///   is pushed once, merged or not): `len`, plus `len - 1` when the second
///   pass runs;
/// - `states_stored(k)`: `k` merges `x <= y >= z -> x - y + z` (each stores
///   one new value standing for a run of the row);
/// - `table(cells, bytes)`: the stack, `len + 4` cells of 8 or 16 bytes,
///   allocated once.
///
/// # Complexity
///
/// `O(len)` time (one or two passes), one stack of `len + 4` cells: 8 bytes
/// per value, 16 when [`PredictTheWinner::arithmetic`] says margins need
/// `i128`.
///
/// # Examples
///
/// ```
/// use gamesolve::{Error, PredictTheWinner, Stats, core_types::{NoStats, Side}};
/// use gamesolve::backends::solver_reduction::{solve, ReductionStats};
///
/// let game = PredictTheWinner::new(vec![1, 5, 233, 7]);
/// let answer = solve(&game, &mut NoStats)?;
/// assert_eq!((answer.margin, answer.best_move), (222, Some(Side::Left)));
/// assert_eq!((answer.first_score, answer.second_score), (234, 12));
///
/// let mut stats = ReductionStats::default();
/// solve(&PredictTheWinner::new(vec![1, 5, 2]), &mut stats)?;
/// // [1, 5], then 2 merges 1 <= 5 >= 2: V = -2, and taking 2 first is
/// // worth 2 - 4 = -2 too, so a pass over [5, 2] breaks the tie (left).
/// assert_eq!((stats.values_pushed, stats.merges), (5, 1));
/// Ok::<(), Error>(())
/// ```
///
/// # Errors
///
/// [`Error::AllocationFailed`] when the system refuses the stack's memory.
/// Otherwise it always answers: every `i64` row, any length.
///
/// # See also
///
/// [`margin`] (one pass, margin only); `solver_tabular` and `solver_memo`
/// (the `O(len^2)` interval recurrence this agrees with).
pub fn solve<R: Recorder<PredictTheWinner>>(
    game: &PredictTheWinner,
    recorder: &mut R,
) -> Result<PredictTheWinnerSolution, Error> {
    solve_until(game, Deadline::NEVER, recorder)
}

/// [`solve`], also giving up with [`Error::TimeLimitReached`] once `deadline` has passed. The
/// passes read the clock once every 4,096 values pushed (about 20 µs of work), so a limit is
/// kept to well under a millisecond, but for a cascade of merges that collapses a tall stack
/// at once (at most a third of a pass: 0.1 s at 10^8 values).
///
/// # Errors
///
/// As [`solve`], and [`Error::TimeLimitReached`] at the deadline.
pub fn solve_until<R: Recorder<PredictTheWinner>>(
    game: &PredictTheWinner,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<PredictTheWinnerSolution, Error> {
    let values = game.values();
    if values.is_empty() {
        return Ok(game.solution(0, None));
    }
    // The same rule as game.arithmetic(), vectorised.
    let Ok(arithmetic) = arithmetic_until(values, &deadline) else {
        return Err(deadline.error(NAME, PredictTheWinner::NAME));
    };
    let answer = match arithmetic {
        Arithmetic::I64 => {
            solve_in::<i64, R>(values, deadline, recorder).map(|(m, side)| (m.into(), side))
        }
        Arithmetic::I128 => solve_in::<i128, R>(values, deadline, recorder),
    };
    let (margin, side) =
        answer.map_err(|stop| stop_error(stop, deadline, arithmetic, values.len()))?;
    Ok(game.solution(margin, Some(side)))
}

/// The `reduction` backend's variants for Predict the Winner: one list that the registry,
/// the CLI (`--backend reduction`), the tests and the benches iterate.
pub const VARIANTS: &[Variant<PredictTheWinner>] = &[Variant {
    backend: NAME,
    name: "stack",
    summary: "linear time: merge every peak x <= y >= z into x - y + z with one stack pass, \
              then both players take the larger end",
    build: |config| Box::new(ReductionSolver { limits: *config }),
}];

/// The `reduction/stack` solver: [`solve_until`] as a [`Kernel`](core_types::Kernel). Its one limit is the time
/// limit (8 or 16 bytes per value, no budget: within its time it always answers).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReductionSolver {
    /// The limits it reads: only the time limit (`None`: no limit; set it with
    /// [`Limits::with_time_limit`]); the pass needs no table and no budget.
    pub limits: Limits,
}

core_types::kernel! {
    impl Kernel<PredictTheWinner> for ReductionSolver = (NAME, "stack");
    fn run(this, game, recorder) {
        solve_until(game, this.limits.deadline(), recorder)
    }
}

/// What a reduction pass did; also a [`Recorder`], so
/// `solve(&game, &mut ReductionStats::default())` fills it.
///
/// As a recorder: `positions` and `position` add to
/// [`values_pushed`](Self::values_pushed), `states_stored` to
/// [`merges`](Self::merges), `table` to [`bytes_held`](Self::bytes_held);
/// memo hits do not happen here and are ignored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ReductionStats {
    /// Values pushed on the stack: one per value per pass.
    pub values_pushed: u64,
    /// Merges `x <= y >= z -> x - y + z`; at most half the values pushed.
    pub merges: u64,
    /// Bytes of stack allocated (8 or 16 per cell); only the part the stack
    /// reaches is ever touched.
    pub bytes_held: u64,
}

impl Recorder<PredictTheWinner> for ReductionStats {
    #[inline]
    fn position(&mut self, _depth: u64) {
        self.values_pushed += 1;
    }
    #[inline]
    fn positions(&mut self, count: u64) {
        self.values_pushed += count;
    }
    #[inline]
    fn memo_hit(&mut self) {}
    #[inline]
    fn states_stored(&mut self, count: u64) {
        self.merges += count;
    }
    #[inline]
    fn table(&mut self, _cells: u64, bytes: u64) {
        self.bytes_held += bytes;
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::reduce_traced;
    use core_types::{NoStats, Outcome, Stats};
    use std::time::Duration;

    fn solved(values: &[i64]) -> PredictTheWinnerSolution {
        solve(&PredictTheWinner::new(values.to_vec()), &mut NoStats).unwrap()
    }

    /// A deadline that has already passed.
    fn passed() -> Deadline {
        Deadline::after(Some(Duration::ZERO))
    }

    #[test]
    fn a_pass_stops_inside_at_its_deadline() {
        // Rising values never merge: every step of this pass is a push.
        let rising: Vec<i64> = (0..3 * CHECK_EVERY as i64).collect();
        let mut cells = vec![0i64; stack_cells(rising.len())];
        assert!(reduce_into(&rising, &mut cells, &passed()).is_err());
        let Ok((len, merges)) = reduce_into(&rising, &mut cells, &Unwatched);
        assert_eq!((len, merges), (rising.len(), 0));
        // A low value after them collapses the whole stack in `settle`, which reads the clock
        // once every CHECK_EVERY merges.
        let top = PAD + len - 1;
        let mut stopped = cells.clone();
        assert!(settle(&mut stopped, &mut top.clone(), -1, &passed()).is_err());
        let Ok(merges) = settle(&mut cells, &mut top.clone(), -1, &Unwatched);
        assert_eq!(merges, len as u64 / 2);
    }

    #[test]
    fn stops_between_passes_at_its_time_limit() {
        use core_types::SolverConfig;
        let game = PredictTheWinner::new((0..10_000).map(|k| (k * 7919) % 1000).collect());
        let config = SolverConfig {
            time_limit: Some(Duration::ZERO),
            ..SolverConfig::default()
        };
        let err = VARIANTS[0].solver(&config).solve(&game).unwrap_err();
        assert!(matches!(err, Error::TimeLimitReached { .. }), "{err}");
        assert_eq!(
            err.to_string(),
            "backend `reduction` gave up on predict-the-winner: it reached its time limit of 0s \
             (`Limits::time_limit`)"
        );
        // No limit: the answer.
        let answer = VARIANTS[0]
            .solver(&SolverConfig::default())
            .solve(&game)
            .unwrap();
        assert_eq!(answer, solved(game.values()));
    }

    #[test]
    fn leetcode_486_and_coins_in_a_line_iii() {
        let s = solved(&[1, 5, 2]);
        assert_eq!((s.margin, s.best_move), (-2, Some(Side::Left)));
        assert!(!s.predict_the_winner());
        let s = solved(&[1, 5, 233, 7]);
        assert_eq!((s.margin, s.best_move), (222, Some(Side::Left)));
        assert!(solved(&[3, 2, 2]).first_player_strictly_wins());
        assert!(solved(&[1, 2, 4]).first_player_strictly_wins());
        assert!(!solved(&[1, 20, 4]).first_player_strictly_wins());
    }

    #[test]
    fn edge_cases() {
        let empty = solved(&[]);
        assert_eq!(
            (empty.margin, empty.best_move, empty.outcome),
            (0, None, Outcome::Draw)
        );
        assert_eq!(margin(&[]), 0);
        assert_eq!(move_values(&[]), (0, 0));
        let single = solved(&[-7]);
        assert_eq!((single.margin, single.best_move), (-7, Some(Side::Left)));
        let zeros = solved(&[0; 9]);
        assert_eq!(
            (zeros.outcome, zeros.best_move),
            (Outcome::Draw, Some(Side::Left))
        );
        assert_eq!(solved(&[1, 2]).best_move, Some(Side::Right));
        // A peak at either end of the row merges like any other.
        assert_eq!(margin(&[5, 9, 2]), -2);
        assert_eq!(margin(&[2, 9, 5, 1]), 3);
        assert_eq!(margin(&[1, 5, 9, 2]), 3);
    }

    #[test]
    fn margins_beyond_i64_are_exact() {
        let (max, min) = (i128::from(i64::MAX), i128::from(i64::MIN));
        let s = solved(&[i64::MAX, i64::MIN]);
        assert_eq!((s.margin, s.first_score), (max - min, max));
        let s = solved(&[i64::MIN, i64::MIN, i64::MIN]);
        assert_eq!((s.margin, s.first_score), (min, 2 * min));
        let s = solved(&[i64::MAX; 7]);
        assert_eq!((s.margin, s.first_score), (max, 4 * max));
        assert_eq!(margin(&[0, i64::MIN, 0, 0]), -min);
        // Merged values far below i64::MIN: the second player gets every MAX.
        let row = [0, i64::MAX, 0, i64::MAX, 0, i64::MAX, 0];
        assert_eq!(margin(&row), -3 * max);
    }

    #[test]
    fn the_width_rule_is_the_games() {
        for values in [
            vec![],
            vec![i64::MAX],
            vec![i64::MIN],
            vec![i64::MAX - 1, -1],
            vec![i64::MAX - 1, -2],
            vec![1 << 61; 4],
            vec![1 << 61, 1 << 61, 1 << 61, (1 << 61) - 1],
        ] {
            let game = PredictTheWinner::new(values.clone());
            assert_eq!(arithmetic_of(&values), game.arithmetic(), "{values:?}");
        }
    }

    #[test]
    fn both_widths_agree() {
        let values: Vec<i64> = (0..2_000).map(|k| (k * 7919) % 1_000 - 500).collect();
        let mut narrow = vec![0i64; stack_cells(values.len())];
        let mut wide = vec![0i128; stack_cells(values.len())];
        let Ok(a) = margin_in::<i64, _, _>(&values, &mut narrow, &mut NoStats, &Unwatched);
        let Ok(b) = margin_in::<i128, _, _>(&values, &mut wide, &mut NoStats, &Unwatched);
        let a = i128::from(a);
        assert_eq!(a, b);
        assert_eq!(a, reduce_traced(&values).margin);
    }

    #[test]
    fn counters_reach_stats() {
        let game = PredictTheWinner::new(vec![1, 5, 233, 7]);
        let mut stats = Stats::default();
        solve(&game, &mut stats).unwrap();
        // [1, 5, 233], then 7 merges 5 <= 233 >= 7: taking 7 first is worse
        // than the margin, so there is no second pass.
        assert_eq!((stats.positions, stats.states), (4, 1));
        assert_eq!((stats.table_cells, stats.table_bytes), (8, 64));
    }

    #[test]
    fn traced_reduction_names_runs() {
        let r = reduce_traced(&[4, 1, 5, 9, 2, 6]);
        let merges: Vec<String> = r.merges.iter().map(ToString::to_string).collect();
        assert_eq!(merges, ["merge 5 <= 9 >= 2 at [2..=4] -> -2"]);
        let reduced: Vec<(usize, usize, i128)> = r
            .reduced
            .iter()
            .map(|x| (x.first, x.last, x.value))
            .collect();
        assert_eq!(reduced, [(0, 0, 4), (1, 1, 1), (2, 4, -2), (5, 5, 6)]);
        let play: Vec<String> = r.play.iter().map(ToString::to_string).collect();
        assert_eq!(
            play,
            [
                "first takes right 6 [5..=5]: 6 to 0",
                "second takes left 4 [0..=0]: 6 to 4",
                "first takes left 1 [1..=1]: 7 to 4",
                "second takes left -2 [2..=4]: 7 to 2",
            ]
        );
        assert_eq!(r.margin, 5);
        assert_eq!(r.margin, margin(&[4, 1, 5, 9, 2, 6]));
        // The pass merges again when a merge exposes a new peak.
        let r = reduce_traced(&[1, 3, 2, 9, 0]);
        let merges: Vec<String> = r.merges.iter().map(ToString::to_string).collect();
        assert_eq!(
            merges,
            [
                "merge 1 <= 3 >= 2 at [0..=2] -> 0",
                "merge 0 <= 9 >= 0 at [0..=4] -> -9",
            ]
        );
        assert_eq!(r.reduced.len(), 1);
        assert_eq!(r.margin, -9);
    }
}
