//! Wall-clock time limits for solvers: [`Deadline`], the cheap [`DeadlineClock`] that
//! kernels tick in their hot loops, and [`WorkBudget`], a count budget that reads the deadline
//! once a slice.
//!
//! A time limit is one of the [`SolverConfig`](crate::SolverConfig) limits
//! (`time_limit`, the CLI's `--time-limit`). A kernel starts its deadline when a solve begins
//! and gives up with [`Error::TimeLimitReached`] when it has passed, an answer of kind
//! [`CannotAnswer`](crate::ErrorKind::CannotAnswer) that names the limit, like the node and
//! state budgets do. Reading the clock costs about 20 ns, so a kernel whose step is a few
//! nanoseconds looks at it only once every [`DeadlineClock::PERIOD`] steps; without a limit a
//! tick is one decrement and one well-predicted branch.
//!
//! ```
//! use std::time::Duration;
//! use gamesolve::core_types::deadline::{Deadline, DeadlineClock};
//!
//! let deadline = Deadline::after(Some(Duration::from_millis(1)));
//! let mut clock = DeadlineClock::new(deadline);
//! let mut steps = 0_u64;
//! while !clock.tick() {
//!     steps += 1;
//! }
//! assert!(deadline.reached());
//! let error = deadline.error("recursive", "can-i-win");
//! assert!(error.to_string().contains("time limit of 1ms"), "{error}");
//! # let _ = steps;
//! ```

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::Error;

/// A flag another thread sets to stop a solve early (Ctrl-C in the Python module): a
/// [`Deadline`] started inside [`with_cancel`] counts as reached once the flag is set, so
/// every kernel stops at its next look at the clock, as at a time limit.
#[derive(Clone, Copy, Debug)]
struct CancelFlag(&'static AtomicBool);

impl PartialEq for CancelFlag {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for CancelFlag {}

thread_local! {
    /// The cancel flag of the solves this thread starts ([`with_cancel`]).
    static CANCEL: Cell<Option<CancelFlag>> = const { Cell::new(None) };
}

/// Runs `work` with `flag` as the cancel flag of every [`Deadline`] it starts (with or without
/// a time limit): once another thread sets `flag`, those deadlines are reached and the solve
/// stops at its next look at the clock (about a millisecond: a kernel reads it between chunks
/// of its work) with the error of its time limit. The caller that set the flag knows why.
///
/// # Complexity
///
/// A deadline with a cancel flag reads the flag (one relaxed atomic load) each time it would
/// read the clock; without a time limit it is then read as often as with one.
///
/// ```
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use gamesolve::core_types::deadline::{with_cancel, Deadline};
///
/// static STOP: AtomicBool = AtomicBool::new(false);
/// let deadline = with_cancel(&STOP, || Deadline::after(None));
/// assert!(!deadline.reached());
/// STOP.store(true, Ordering::Relaxed);
/// assert!(deadline.reached());
/// ```
pub fn with_cancel<R>(flag: &'static AtomicBool, work: impl FnOnce() -> R) -> R {
    let before = CANCEL.with(|cancel| cancel.replace(Some(CancelFlag(flag))));
    struct Restore(Option<CancelFlag>);
    impl Drop for Restore {
        fn drop(&mut self) {
            CANCEL.with(|cancel| cancel.set(self.0));
        }
    }
    let _restore = Restore(before);
    work()
}

/// The moment a solve must stop, started from its time limit; [`Deadline::NEVER`] when there
/// is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline {
    /// The limit the deadline was started from (for the error message).
    limit: Duration,
    /// When it passes; `None` for no limit (or one too far away to represent).
    at: Option<Instant>,
    /// Set by another thread to stop the solve now ([`with_cancel`]).
    cancel: Option<CancelFlag>,
}

impl Deadline {
    /// No time limit.
    pub const NEVER: Deadline = Deadline {
        limit: Duration::MAX,
        at: None,
        cancel: None,
    };

    /// A deadline `limit` from now; [`Deadline::NEVER`] for `None` or a limit beyond what the
    /// clock can represent.
    /// Inside [`with_cancel`], the deadline also passes when its flag is set.
    pub fn after(limit: Option<Duration>) -> Self {
        let cancel = CANCEL.with(Cell::get);
        match limit {
            None => Deadline {
                cancel,
                ..Deadline::NEVER
            },
            Some(limit) => Deadline {
                limit,
                at: Instant::now().checked_add(limit),
                cancel,
            },
        }
    }

    /// Whether there is a limit at all (a time limit, or a cancel flag).
    pub const fn is_limited(&self) -> bool {
        self.at.is_some() || self.cancel.is_some()
    }

    /// Whether the solve was cancelled ([`with_cancel`]).
    #[inline]
    fn cancelled(&self) -> bool {
        self.cancel
            .is_some_and(|flag| flag.0.load(Ordering::Relaxed))
    }

    /// The limit this deadline was started from; `None` for [`Deadline::NEVER`].
    pub fn limit(&self) -> Option<Duration> {
        self.at.map(|_| self.limit)
    }

    /// The time left before the deadline (reads the clock): `None` once it has passed,
    /// [`Duration::MAX`] without a limit. For work split into several solves that share one
    /// deadline, each given the time left as its own limit.
    pub fn time_left(&self) -> Option<Duration> {
        if self.cancelled() {
            return None;
        }
        match self.at {
            None => Some(Duration::MAX),
            Some(at) => at
                .checked_duration_since(Instant::now())
                .filter(|left| !left.is_zero()),
        }
    }

    /// Whichever of the two deadlines passes first (a limit beats none): a solve started with
    /// its own time limit inside work that shares one deadline.
    ///
    /// ```
    /// use std::time::Duration;
    /// use gamesolve::core_types::Deadline;
    ///
    /// let request = Deadline::after(Some(Duration::from_secs(5)));
    /// let solve = Deadline::after(Some(Duration::from_secs(60)));
    /// assert_eq!(solve.earlier(request), request);
    /// assert_eq!(Deadline::NEVER.earlier(request), request);
    /// ```
    pub fn earlier(self, other: Deadline) -> Deadline {
        let cancel = self.cancel.or(other.cancel);
        let earlier = match (self.at, other.at) {
            (Some(a), Some(b)) if b < a => other,
            (Some(_), _) => self,
            (None, _) => other,
        };
        Deadline { cancel, ..earlier }
    }

    /// Whether the deadline has passed (reads the clock).
    #[inline]
    pub fn reached(&self) -> bool {
        self.cancelled() || self.at.is_some_and(|at| Instant::now() >= at)
    }

    /// The error a solver of `backend` gives when it stops at this deadline on `game`.
    pub fn error(&self, backend: &'static str, game: &'static str) -> Error {
        Error::TimeLimitReached {
            backend,
            game,
            limit: self.limit,
        }
    }

    /// `Ok` while the deadline has not passed, else [`Deadline::error`].
    ///
    /// # Errors
    ///
    /// [`Error::TimeLimitReached`] once the deadline has passed.
    #[inline]
    pub fn check(&self, backend: &'static str, game: &'static str) -> Result<(), Error> {
        if self.reached() {
            Err(self.error(backend, game))
        } else {
            Ok(())
        }
    }
}

impl Default for Deadline {
    fn default() -> Self {
        Deadline::NEVER
    }
}

/// A [`Deadline`] read once every [`DeadlineClock::PERIOD`] ticks (or a period of the
/// caller's, [`DeadlineClock::with_period`]), for hot loops.
#[derive(Clone, Copy, Debug)]
pub struct DeadlineClock {
    deadline: Deadline,
    countdown: u32,
    period: u32,
}

impl DeadlineClock {
    /// Ticks between two readings of the clock: about 25 µs of work at 6 ns a step, so the
    /// limit is kept to well under a millisecond and the clock costs under 0.1 %.
    pub const PERIOD: u32 = 4096;

    /// A clock for `deadline`; its first tick reads the clock.
    pub const fn new(deadline: Deadline) -> Self {
        Self::with_period(deadline, Self::PERIOD)
    }

    /// A clock for `deadline` read once every `period` ticks (at least 1), for steps far
    /// slower than [`DeadlineClock::PERIOD`] assumes: a search whose step can take
    /// microseconds (each one faulting in fresh pages of a large table, say) reads the clock
    /// more often, so it stops within a millisecond of its limit all the same.
    ///
    /// ```
    /// use gamesolve::{core_types::{Deadline, DeadlineClock}};
    ///
    /// let mut clock = DeadlineClock::with_period(Deadline::after(Some(std::time::Duration::ZERO)), 8);
    /// assert!(clock.tick()); // the first tick reads the clock
    /// assert!(!(0..7).any(|_| clock.tick())); // the next 7 do not
    /// assert!(clock.tick());
    /// ```
    pub const fn with_period(deadline: Deadline, period: u32) -> Self {
        DeadlineClock {
            deadline,
            countdown: 1,
            period: if period == 0 { 1 } else { period },
        }
    }

    /// The deadline it reads.
    pub const fn deadline(&self) -> Deadline {
        self.deadline
    }

    /// Counts one step; `true` when the deadline has passed (known at most one period of
    /// steps late).
    #[inline(always)]
    pub fn tick(&mut self) -> bool {
        self.countdown -= 1;
        if self.countdown != 0 {
            return false;
        }
        self.countdown = self.period;
        self.deadline.reached()
    }

    /// [`DeadlineClock::tick`] as a `Result`: the error names `backend`, `game` and the limit.
    ///
    /// # Errors
    ///
    /// [`Error::TimeLimitReached`] once the deadline has passed.
    #[inline(always)]
    pub fn tick_or_stop(&mut self, backend: &'static str, game: &'static str) -> Result<(), Error> {
        if self.tick() {
            Err(self.deadline.error(backend, game))
        } else {
            Ok(())
        }
    }
}

/// Why a [`WorkBudget`] stopped the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The count budget ran out.
    Budget,
    /// The deadline passed.
    Time,
}

/// A count budget (positions, states) spent one unit at a time, read together with a
/// [`Deadline`] at no extra cost per unit.
///
/// The budget is handed out in slices of [`WorkBudget::SLICE`] units; the hot path is one
/// compare and one decrement, as a plain counter is, and the clock is read only when a slice
/// is used up. The budget stays exact: [`WorkBudget::take`] allows exactly `budget` units.
///
/// ```
/// use gamesolve::core_types::deadline::{Deadline, Stop, WorkBudget};
///
/// let mut work = WorkBudget::new(100_000, Deadline::NEVER);
/// assert!((0..100_000).all(|_| work.take()));
/// assert!(!work.take());
/// assert_eq!(work.stopped(), Some(Stop::Budget));
/// assert_eq!(work.used(), 100_000);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct WorkBudget {
    /// Units left in the current slice.
    slice_left: u64,
    /// Units of the budget beyond the current slice.
    rest: u64,
    /// The whole budget, for [`WorkBudget::used`] and the error.
    budget: u64,
    deadline: Deadline,
    stopped: Option<Stop>,
}

impl WorkBudget {
    /// Units between two readings of the clock: 65,536, about 0.3 ms of a search that spends
    /// 5 ns a position.
    pub const SLICE: u64 = 1 << 16;

    /// `budget` units, and the clock read against `deadline` once a slice.
    pub const fn new(budget: u64, deadline: Deadline) -> Self {
        WorkBudget {
            slice_left: 0,
            rest: budget,
            budget,
            deadline,
            stopped: None,
        }
    }

    /// Spends one unit; `false` (and [`WorkBudget::stopped`] says why) once the budget is
    /// spent or the deadline has passed.
    #[inline(always)]
    pub fn take(&mut self) -> bool {
        if self.slice_left == 0 {
            return self.next_slice();
        }
        self.slice_left -= 1;
        true
    }

    #[cold]
    #[inline(never)]
    fn next_slice(&mut self) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        if self.rest == 0 {
            self.stopped = Some(Stop::Budget);
            return false;
        }
        if self.deadline.reached() {
            self.stopped = Some(Stop::Time);
            return false;
        }
        let slice = self.rest.min(Self::SLICE);
        self.rest -= slice;
        self.slice_left = slice - 1;
        true
    }

    /// Why the work was stopped; `None` while it may go on.
    pub const fn stopped(&self) -> Option<Stop> {
        self.stopped
    }

    /// Units spent so far.
    pub const fn used(&self) -> u64 {
        self.budget - self.rest - self.slice_left
    }

    /// The deadline it reads.
    pub const fn deadline(&self) -> Deadline {
        self.deadline
    }

    /// The error for the stop: the deadline's [`Error::TimeLimitReached`] once it has passed,
    /// else `budget_error` of the whole budget (call it once [`WorkBudget::take`] refused).
    pub fn error(
        &self,
        backend: &'static str,
        game: &'static str,
        budget_error: impl FnOnce(u64) -> Error,
    ) -> Error {
        match self.stopped {
            Some(Stop::Time) => self.deadline.error(backend, game),
            Some(Stop::Budget) | None => budget_error(self.budget),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn without_a_limit_nothing_is_ever_reached() {
        let mut clock = DeadlineClock::new(Deadline::after(None));
        assert!((0..100_000).all(|_| !clock.tick()));
        assert!(!Deadline::NEVER.is_limited());
        assert_eq!(Deadline::NEVER.limit(), None);
        assert!(Deadline::NEVER.check("memo", "can-i-win").is_ok());
    }

    #[test]
    fn the_time_left_shrinks_to_none() {
        assert_eq!(Deadline::NEVER.time_left(), Some(Duration::MAX));
        assert_eq!(Deadline::after(Some(Duration::ZERO)).time_left(), None);
        let left = Deadline::after(Some(Duration::from_secs(3600)))
            .time_left()
            .unwrap();
        assert!(left <= Duration::from_secs(3600) && left > Duration::from_secs(3000));
    }

    #[test]
    fn a_limit_too_far_to_represent_is_no_limit() {
        let deadline = Deadline::after(Some(Duration::MAX));
        assert!(!deadline.reached());
    }

    #[test]
    fn a_zero_limit_is_reached_at_the_first_tick() {
        let deadline = Deadline::after(Some(Duration::ZERO));
        assert!(DeadlineClock::new(deadline).tick());
        let error = deadline.check("tabular", "predict-the-winner").unwrap_err();
        assert_eq!(error.kind(), crate::ErrorKind::CannotAnswer);
        assert_eq!(
            error.to_string(),
            "backend `tabular` gave up on predict-the-winner: it reached its time limit of 0s \
             (`Limits::time_limit`)"
        );
    }

    #[test]
    fn a_work_budget_is_exact_across_slices() {
        for budget in [
            0,
            1,
            WorkBudget::SLICE - 1,
            WorkBudget::SLICE,
            3 * WorkBudget::SLICE + 7,
        ] {
            let mut work = WorkBudget::new(budget, Deadline::NEVER);
            let mut taken = 0;
            while work.take() {
                taken += 1;
                assert_eq!(work.used(), taken);
            }
            assert_eq!(taken, budget);
            assert_eq!(work.stopped(), Some(Stop::Budget));
            assert!(!work.take(), "stays stopped");
            let error = work.error("recursive", "can-i-win", |b| Error::BudgetExhausted {
                backend: "recursive",
                game: "can-i-win",
                budget: b,
                unit: "positions",
                hint: &[],
            });
            assert!(matches!(error, Error::BudgetExhausted { budget: b, .. } if b == budget));
        }
    }

    #[test]
    fn a_work_budget_stops_at_its_deadline() {
        let mut work = WorkBudget::new(u64::MAX, Deadline::after(Some(Duration::ZERO)));
        assert!(!work.take());
        assert_eq!(work.stopped(), Some(Stop::Time));
        let error = work.error("recursive", "can-i-win", |_| unreachable!());
        assert!(matches!(error, Error::TimeLimitReached { .. }), "{error}");
    }

    #[test]
    fn a_cancel_flag_stops_clocks_and_budgets_and_survives_earlier() {
        static STOP: AtomicBool = AtomicBool::new(false);
        let (deadline, limited) = with_cancel(&STOP, || {
            (
                Deadline::after(None),
                Deadline::after(Some(Duration::from_secs(3600))),
            )
        });
        // Outside `with_cancel` a deadline has no flag.
        assert!(!Deadline::after(None).is_limited());
        assert!(deadline.is_limited());
        let merged = Deadline::NEVER.earlier(limited);
        let mut clock = DeadlineClock::new(deadline);
        let mut budget = WorkBudget::new(u64::MAX, merged);
        assert!(!clock.tick() && budget.take());
        STOP.store(true, Ordering::Relaxed);
        assert!(deadline.reached() && merged.reached() && limited.time_left().is_none());
        assert!((0..=DeadlineClock::PERIOD).any(|_| clock.tick()));
        assert!((0..=1 << 17).any(|_| !budget.take()));
    }

    #[test]
    fn the_message_shows_the_limit_as_a_person_writes_it() {
        let deadline = Deadline::after(Some(Duration::from_millis(2500)));
        let message = deadline.error("analyze", "can-i-win").to_string();
        assert_eq!(
            message,
            "the `analyze` command gave up on can-i-win: it reached its time limit of 2s 500ms \
             (`Limits::time_limit`)"
        );
        assert_eq!(deadline.limit(), Some(Duration::from_millis(2500)));
    }
}
