//! `memo/bounded` on several threads (`memo/bounded-all-cores`): every thread searches each
//! MTD(f) test of the start over one shared [`PackedTable`], the threads spread over the tree
//! by a shared set of the moves being searched ("simplified ABDADA", after Weill's ABDADA and
//! Kerrigan's simplification).
//!
//! The first thread searches alone first, for at most [`ALONE`] positions (by default;
//! [`Bounded::with_helpers_after`](super::Bounded::with_helpers_after)): a short search (most
//! positions of a game's last half) ends there, without the cost of starting threads (tens of
//! microseconds each, more than such a search). Past that, MTD(f) starts again from the start
//! (its work so far answered from the table), and each of its null-window tests is searched by
//! every thread from the start, in the same move order. At a position at most
//! [`SHARE_DEPTH`] deep (the start at 1), a thread searches the first move whatever the
//! others do (young brothers wait: at a position the first move most often settles, nothing
//! else is searched), then each further move that no other thread is searching, marking it in
//! the busy set while it does; a move another thread is on is put off, and searched after the
//! others (a second pass, usually answered at once by the table, or else the thread helps
//! the other below it, putting off there what that one is on). The first thread to finish a
//! test has its answer and stops the others. Below [`SHARE_DEPTH`] a thread searches every
//! move itself, as on one thread (the subtrees there are small, and the busy set's marks
//! would cost more than they save).
//!
//! The busy set is 2^14 slots of one token each (the position's hash and the move's index:
//! [`Store::enter`] writes it, [`Store::leave`] clears it, [`Store::busy`] compares); a token
//! overwritten by another's is forgotten, which costs a thread a search another is making,
//! never exactness. On one thread the table is a plain `&PackedTable`, whose hooks do
//! nothing: that search compiles to what it was (the positions counted and the time the same).
//!
//! Measured (the guide): the start's moves split between the threads (each taking the next
//! from a counter) was 1.75x to 1.78x faster on two cores on the empty 7 × 5 board and 1.49x
//! to 1.64x on 6 × 6, but 1.38x to 1.57x on Connect Four's `L1_R3` set and 1.13x on the empty
//! 7 × 6 board: most tests there are settled by the first move, whose subtree one thread
//! searched while the other's second move was wasted. Sharing below the start instead, the
//! threads together expand 1.04x to 1.12x the one thread's positions on `L1_R3` and 1.13x on
//! the empty 7 × 6 board (839,781,394 against 741,655,611 positions, 418,922,598 and
//! 420,858,796 by thread), split evenly; 1.19x to 1.26x on the 7 × 5 board and 1.06x to 1.5x on
//! 6 × 6, where the split of the start's moves suited better. In wall time on two cores at
//! load 2 to 4 (2026-12-07 21:30 UTC): `L1_R3` 1.56x and 1.68x faster than one thread (the
//! split of the start's moves 1.39x and 1.40x in the same spell), the empty 7 × 5 board 1.51x
//! and 1.56x (1.77x), 6 × 6 1.59x (1.64x), `L1_R2` 1.38x (1.41x). Earlier: the whole search on
//! every thread, helpers in their own move order near the root (lazy SMP), 1.03x to 1.18x;
//! the first move searched alone before the others were shared, 1.1x to 1.2x on `L1_R3`.
//!
//! `GAMESOLVE_THREAD_POSITIONS` set in the environment prints, after each solve that started
//! the helpers, the positions each thread expanded (standard error): the measure of the
//! split that does not depend on the machine's load.
//!
//! The value is exact: each test's result is the fail-soft result of one thread's whole
//! search, a true bound whichever moves it put off and whatever the others stored (every
//! entry holds true bounds for its key, and a reader never takes half of one write and half
//! of another: [`super::packed`]'s sequence lock). A search stopped by another thread's answer
//! counts for nothing. The best first move is then found by the first thread alone, in the
//! game's order, on the warm table: the same move as on one thread. The first thread reports
//! to the caller's recorder, the helpers' positions added to its count (the total work).
//!
//! Only a [`PackedTable`] is shared: a game without a table key, or whose values have no
//! words, is searched on one thread whatever the threads asked.
//!
//! # Complexity
//!
//! Time: at best the one-thread time over the threads, plus what the threads search twice
//! (measured above: 4 % to 50 % more positions in all on two threads), and the threads' start
//! (about 50 µs a test). Memory: the one table and the busy set (128 KiB), plus each
//! thread's stack segments and move lists (`O(depth)` each); each thread counts its own stack
//! segments against the memory cap beside the table.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use core_types::{
    Deadline, DeadlineClock, Error, Game, GameValue, Kernel, NoStats, Recorder, Variant,
};

use super::packed::PackedTable;
use super::search::{Cut, Searcher};
use super::table::{ByTableKey, Entry, Store};
use super::{mtd_f, mtd_f_with, Bounded, ALL_CORES_VARIANT};
use crate::NAME;

/// The `memo/bounded-all-cores` entry for any game's variant list: [`Bounded`] on every core
/// the system gives the program ([`std::thread::available_parallelism`]).
pub const fn all_cores_variant<G: Game>() -> Variant<G> {
    Variant {
        backend: NAME,
        name: ALL_CORES_VARIANT,
        summary: "memo/bounded on every core, one shared table: every thread searches each \
                  null-window test, a move another thread is on put off (simplified ABDADA), \
                  after 2^16 positions alone; one core for a game without a table key or \
                  values with words",
        build: |config| Box::new(AllCores(Bounded::from_config(config).with_threads(cores()))),
    }
}

/// The cores the system gives the program (1 when it cannot say).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// `memo/bounded-all-cores`: a [`Bounded`] with threads, under its own variant name.
#[derive(Clone, Debug)]
pub struct AllCores(pub Bounded);

impl<G: Game> Kernel<G> for AllCores {
    const BACKEND: &'static str = NAME;
    const VARIANT: &'static str = ALL_CORES_VARIANT;

    fn run<R: Recorder<G>>(&mut self, game: &G, recorder: &mut R) -> Result<G::Solution, Error> {
        Kernel::<G>::run(&mut self.0, game, recorder)
    }
}

/// The positions the first thread expands alone before the helpers start: 2^16 (some 20 ms
/// of Connect Four).
pub(crate) const ALONE: u64 = 1 << 16;

/// How a parallel search runs: its limits and its threads.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Run {
    pub(crate) deadline: Deadline,
    /// The memory cap each thread counts its stack segments against, beside the table.
    pub(crate) cap: u64,
    pub(crate) threads: usize,
    /// Positions the first thread expands alone before the others start.
    pub(crate) alone_positions: u64,
}

/// The depth (the start at 1) down to which the threads share a position's moves: below it a
/// subtree is small enough that one thread searches it whole.
const SHARE_DEPTH: u64 = 16;

/// Slots of the busy set (a power of two): 2^14, 128 KiB.
const BUSY_SLOTS: usize = 1 << 14;

/// ABDADA's busy set: the moves threads are searching, each a slot holding its token (a lost
/// token, overwritten by another's, costs a thread a search another is making, never
/// exactness: the set only orders the moves).
struct Busy(Box<[AtomicU64]>);

impl Busy {
    fn new() -> Self {
        Busy((0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect())
    }

    #[inline(always)]
    fn slot(&self, token: u64) -> &AtomicU64 {
        &self.0[(token >> 40) as usize & (BUSY_SLOTS - 1)]
    }
}

/// The shared table as a thread's search sees it: the packed table and the busy set.
#[derive(Clone, Copy)]
struct SharedTable<'a> {
    table: &'a PackedTable,
    busy: &'a Busy,
    share_depth: u64,
}

impl<V: GameValue> Store<u64, V> for SharedTable<'_> {
    #[inline(always)]
    fn get(&self, hash: u64, key: &u64) -> Option<Entry<u64, V>> {
        self.table.get(hash, *key)
    }
    #[inline(always)]
    fn store(&mut self, hash: u64, new: Entry<u64, V>) -> bool {
        self.table.store(hash, &new)
    }
    #[inline(always)]
    fn prefetch(&self, hash: u64) {
        self.table.prefetch(hash);
    }
    fn bytes(&self) -> u64 {
        self.table.bytes()
    }
    #[inline(always)]
    fn shares(&self, depth: u64) -> bool {
        depth <= self.share_depth
    }
    #[inline(always)]
    fn busy(&self, token: u64) -> bool {
        self.busy.slot(token).load(Ordering::Relaxed) == token
    }
    #[inline(always)]
    fn enter(&self, token: u64) {
        self.busy.slot(token).store(token, Ordering::Relaxed);
    }
    #[inline(always)]
    fn leave(&self, token: u64) {
        let _ =
            self.busy
                .slot(token)
                .compare_exchange(token, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// A search over the shared table, by the first thread (`R`, the caller's recorder) or a
/// helper (`NoStats`).
type Shared<'a, G, R> = Searcher<'a, G, ByTableKey, R, SharedTable<'a>>;

/// The value of `start` (not over) found by `run.threads` threads over `table`; the first
/// thread is the caller's and reports to `recorder` (the helpers' positions added to its
/// count). A thread the system refuses to start is done without (down to the caller's alone).
pub(crate) fn value<G: Game, R: Recorder<G>>(
    game: &G,
    start: G::Position,
    table: &PackedTable,
    recorder: &mut R,
    run: Run,
) -> Result<G::Value, Error> {
    let clock = DeadlineClock::new(run.deadline);
    let mut alone = Searcher::<G, ByTableKey, R, _>::new(game, table, recorder, clock, run.cap);
    alone.budget = run.alone_positions;
    let found = mtd_f(&mut alone, start);
    if found.is_ok() || !alone.out_of_budget() {
        return found;
    }
    let alone_positions = alone.expanded;
    // Set when a thread has the test's answer, or fails: the test's other searches stop.
    let stop = AtomicBool::new(false);
    let busy = Busy::new();
    let shared = SharedTable {
        table,
        busy: &busy,
        share_depth: SHARE_DEPTH,
    };
    let by_thread: Vec<AtomicU64> = (0..run.threads).map(|_| AtomicU64::new(0)).collect();
    let mut first = Shared::<G, R>::new(game, shared, recorder, clock, run.cap);
    first.stop = Some(&stop);
    let found = mtd_f_with(&mut first, start, |first, low, high| {
        shared_test(first, start, low, high, run, &stop, &by_thread)
    });
    let helpers: u64 = by_thread[1..]
        .iter()
        .map(|n| n.load(Ordering::Relaxed))
        .sum();
    first.recorder.positions(helpers);
    if std::env::var_os("GAMESOLVE_THREAD_POSITIONS").is_some() {
        let counts: Vec<u64> = std::iter::once(alone_positions + first.expanded)
            .chain(by_thread[1..].iter().map(|n| n.load(Ordering::Relaxed)))
            .collect();
        eprintln!("memo/bounded-all-cores: positions by thread {counts:?}");
    }
    found
}

/// One test of `start` within `(low, high)` by every thread, each searching the whole test
/// from the start over the shared table and its busy set; the first to finish has the
/// answer and stops the others. See the [module docs](self).
fn shared_test<'a, G: Game, R: Recorder<G>>(
    first: &mut Shared<'a, G, R>,
    start: G::Position,
    low: Option<Cut<G::Value>>,
    high: Option<Cut<G::Value>>,
    run: Run,
    stop: &'a AtomicBool,
    by_thread: &[AtomicU64],
) -> Result<G::Value, Error> {
    let game = first.game;
    stop.store(false, Ordering::Relaxed);
    let (table, clock) = (first.table, DeadlineClock::new(run.deadline));
    let results = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..run.threads)
            .filter_map(|helper| {
                let count = &by_thread[helper];
                std::thread::Builder::new()
                    .name(format!("bounded-helper-{helper}"))
                    .spawn_scoped(scope, move || {
                        let mut none = NoStats;
                        let mut searcher =
                            Shared::<G, NoStats>::new(game, table, &mut none, clock, run.cap);
                        searcher.stop = Some(stop);
                        let found = test(&mut searcher, start, low, high, stop);
                        count.fetch_add(searcher.expanded, Ordering::Relaxed);
                        found
                    })
                    .ok()
            })
            .collect();
        let mut results = vec![test(first, start, low, high, stop)];
        results.extend(helpers.into_iter().map(|helper| {
            helper.join().unwrap_or_else(|_| {
                Err(Error::Inconsistent {
                    game: G::NAME,
                    position: game.show_position(start),
                })
            })
        }));
        results
    });
    stop.store(false, Ordering::Relaxed);
    first.forget_path();
    let mut error = None;
    for result in results {
        match result {
            Ok(Some(score)) => return Ok(score),
            Ok(None) => {}
            Err(e) => error = error.or(Some(e)),
        }
    }
    Err(error.unwrap_or_else(|| Error::Inconsistent {
        game: G::NAME,
        position: game.show_position(start),
    }))
}

/// One thread's search of the test: `Some` score when it finished first or beside another,
/// `None` when another thread's answer (or error) stopped it; its own error otherwise.
fn test<G: Game, R: Recorder<G>>(
    searcher: &mut Shared<'_, G, R>,
    start: G::Position,
    low: Option<Cut<G::Value>>,
    high: Option<Cut<G::Value>>,
    stop: &AtomicBool,
) -> Result<Option<G::Value>, Error> {
    match searcher.value(start, low, high, 1) {
        Ok(score) => {
            stop.store(true, Ordering::Relaxed);
            Ok(Some(score))
        }
        // Stopped by another thread's answer or error (it set the flag first).
        Err(_) if stop.swap(true, Ordering::Relaxed) => Ok(None),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::hash_map::HashMemo;
    use core_types::{CanIWin, PredictTheWinner, Solver, Verdict};

    /// The shared table with every move but the first busy at every depth: each position's
    /// other moves are all put off to the second pass (one thread, so deterministic).
    struct AllBusy<'a>(&'a PackedTable);

    impl<V: GameValue> Store<u64, V> for AllBusy<'_> {
        fn get(&self, hash: u64, key: &u64) -> Option<Entry<u64, V>> {
            self.0.get(hash, *key)
        }
        fn store(&mut self, hash: u64, new: Entry<u64, V>) -> bool {
            self.0.store(hash, &new)
        }
        fn prefetch(&self, hash: u64) {
            self.0.prefetch(hash);
        }
        fn bytes(&self) -> u64 {
            self.0.bytes()
        }
        fn shares(&self, _depth: u64) -> bool {
            true
        }
        fn busy(&self, _token: u64) -> bool {
            true
        }
    }

    /// `game` solved over [`AllBusy`] with a table of `entries`.
    fn solve_all_busy<G: Game>(game: &G, entries: u64) -> G::Solution {
        let start = match solver_search::before_search(game) {
            Ok(start) => start,
            Err(settled) => return settled,
        };
        let table = PackedTable::new(entries, None).unwrap();
        let mut none = NoStats;
        let clock = DeadlineClock::new(Deadline::after(None));
        let mut searcher = Searcher::<G, ByTableKey, NoStats, _>::new(
            game,
            AllBusy(&table),
            &mut none,
            clock,
            u64::MAX,
        );
        let value = mtd_f(&mut searcher, start).unwrap();
        let best = super::super::first_best_move(&mut searcher, start, value).unwrap();
        game.solution(value, Some(best))
    }

    /// ABDADA's second pass (the moves put off because another thread was on them) gives the
    /// plain memo's answers, with a table that holds the search and with one bucket.
    #[test]
    fn moves_put_off_give_the_same_answers() {
        for entries in [2, 256, 1 << 16] {
            for n in [4u32, 7, 10] {
                for t in 0..=u64::from(n * (n + 1) / 2) + 1 {
                    let game = CanIWin::new(n, t).unwrap();
                    let expected = HashMemo::new().solve(&game).unwrap();
                    assert_eq!(
                        solve_all_busy(&game, entries),
                        expected,
                        "{entries}: {t}/{n}"
                    );
                }
            }
            for row in [vec![1, 5, 233, 7], vec![3, -2, 8, 8, 1, 0, -5, 4, 6]] {
                let game = PredictTheWinner::new(row);
                let expected = HashMemo::new().solve(&game).unwrap();
                assert_eq!(solve_all_busy(&game, entries), expected, "{entries}");
            }
        }
    }

    /// The busy set: a token is busy between its enter and leave; another token in its slot
    /// takes it over (the first is then not busy: a lost mark, never a wrong answer).
    #[test]
    fn the_busy_set_marks_and_forgets() {
        let busy = Busy::new();
        let table = PackedTable::new(4, None).unwrap();
        let shared = SharedTable {
            table: &table,
            busy: &busy,
            share_depth: 2,
        };
        let store = |token| Store::<u64, Verdict>::busy(&shared, token);
        let (a, b) = (7 << 40, (7 + BUSY_SLOTS as u64) << 40);
        assert!(!store(a));
        Store::<u64, Verdict>::enter(&shared, a);
        assert!(store(a) && !store(b));
        Store::<u64, Verdict>::enter(&shared, b);
        assert!(!store(a) && store(b));
        Store::<u64, Verdict>::leave(&shared, a);
        assert!(store(b));
        Store::<u64, Verdict>::leave(&shared, b);
        assert!(!store(b));
        assert!(Store::<u64, Verdict>::shares(&shared, 2));
        assert!(!Store::<u64, Verdict>::shares(&shared, 3));
    }
}
