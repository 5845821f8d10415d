//! `memo/bounded` on several threads (`memo/bounded-all-cores`): each MTD(f) test of the start
//! split between threads over one shared [`PackedTable`], by the start's moves.
//!
//! The first thread searches alone first, for at most [`ALONE`] positions (by default;
//! [`Bounded::with_helpers_after`](super::Bounded::with_helpers_after)): a short search (most
//! positions of a game's last half) ends there, without the cost of starting threads (tens of
//! microseconds each, more than such a search). Past that, MTD(f) starts again from the start
//! (its work so far answered from the table), and each of its null-window tests is split by
//! the start's moves: every thread takes the next move from a shared counter and searches it
//! with the test's window, the first thread taking the first move; a move that settles the
//! test (its score is at least the test's) stops the others. A test that must refute every
//! move (the value is below the test's) is shared move by move; one that the first move
//! settles costs a helper's wasted search of the second move, on a core that had nothing else
//! to do. The threads share what they find below the start through the table.
//!
//! Measured on two cores (the guide): a first version ran the whole search on every thread,
//! helpers in their own move order near the root (lazy SMP): 1.03x to 1.18x faster than one
//! thread on Connect Four's `L1_R2` and `L1_R3` sets and its empty 6 × 6 and 7 × 5 boards, its
//! helpers mostly repeating the first thread's work. A second searched the first move alone
//! before sharing the others ("young brothers wait"): 1.1x to 1.2x on `L1_R3`, the first
//! move's subtree (the largest) left to one thread. Sharing every move from the first: 1.39x
//! and 1.57x on `L1_R3`.
//!
//! The value is exact: each test's result is the best of the moves searched, a true bound in
//! the fail-soft sense whichever thread searched them (a move stopped early counts only when
//! another move settled the test, whose score is then the bound); every entry holds true bounds
//! for its key, and a reader never takes half of one write and half of another
//! ([`super::packed`]'s sequence lock). The best first move is then found by the first thread
//! alone, in the game's order, on the warm table: the same move as on one thread. The first
//! thread reports to the caller's recorder; the helpers' positions are not counted in the
//! statistics.
//!
//! Only a [`PackedTable`] is shared: a game without a table key, or whose values have no
//! words, is searched on one thread whatever the threads asked.
//!
//! # Complexity
//!
//! Time: at best the one-thread time over the threads (a test whose moves' subtrees are even),
//! at worst about the one-thread time and the threads' start (about 50 µs a test). Memory: the one
//! table, plus each thread's stack segments and move lists (`O(depth)` each); each thread
//! counts its own stack segments against the memory cap beside the table.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use core_types::{
    Deadline, DeadlineClock, Error, Game, GameValue, Kernel, NoStats, Recorder, Variant,
};

use super::packed::PackedTable;
use super::search::{over_high, Cut, Searcher};
use super::table::ByTableKey;
use super::{mtd_f, mtd_f_with, Bounded, ALL_CORES_VARIANT};
use crate::NAME;

/// The `memo/bounded-all-cores` entry for any game's variant list: [`Bounded`] on every core
/// the system gives the program ([`std::thread::available_parallelism`]).
pub const fn all_cores_variant<G: Game>() -> Variant<G> {
    Variant {
        backend: NAME,
        name: ALL_CORES_VARIANT,
        summary: "memo/bounded on every core, one shared table: each null-window test of the \
                  start split by its moves between the threads, after 2^16 positions alone; \
                  one core for a game without a table key or values with words",
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

/// A search over the shared table, by the first thread (`R`, the caller's recorder) or a
/// helper (`NoStats`).
type Shared<'a, G, R> = Searcher<'a, G, ByTableKey, R, &'a PackedTable>;

/// The value of `start` (not over) found by `run.threads` threads over `table`; the first
/// thread is the caller's and reports to `recorder`. A thread the system refuses to start is
/// done without (down to the caller's alone).
pub(crate) fn value<G: Game, R: Recorder<G>>(
    game: &G,
    start: G::Position,
    table: &PackedTable,
    recorder: &mut R,
    run: Run,
) -> Result<G::Value, Error> {
    // Set when a move settles a test, or a thread fails: the test's other searches stop.
    let stop = AtomicBool::new(false);
    let clock = DeadlineClock::new(run.deadline);
    let mut first = Shared::<G, R>::new(game, table, recorder, clock, run.cap);
    first.budget = run.alone_positions;
    let found = mtd_f(&mut first, start);
    if found.is_ok() || !first.out_of_budget() {
        return found;
    }
    first.forget_path();
    first.budget = u64::MAX;
    first.stop = Some(&stop);
    mtd_f_with(&mut first, start, |first, low, high| {
        split_test(first, start, low, high, run, &stop)
    })
}

/// One test of `start` within `(low, high)`, its moves split between the threads; see the
/// [module docs](self).
fn split_test<'a, G: Game, R: Recorder<G>>(
    first: &mut Shared<'a, G, R>,
    start: G::Position,
    low: Option<Cut<G::Value>>,
    high: Option<Cut<G::Value>>,
    run: Run,
    stop: &'a AtomicBool,
) -> Result<G::Value, Error> {
    let game = first.game;
    let mut moves = Vec::new();
    game.search_moves_into(start, &mut moves);
    if moves.is_empty() {
        return Err(Error::NoMoves {
            game: G::NAME,
            position: game.show_position(start),
        });
    }
    stop.store(false, Ordering::Relaxed);
    let next = AtomicUsize::new(0);
    let share = Share {
        start,
        moves: &moves,
        low,
        high,
        next: &next,
        stop,
    };
    let (table, clock) = (first.table, DeadlineClock::new(run.deadline));
    let results = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..run.threads)
            .filter_map(|helper| {
                std::thread::Builder::new()
                    .name(format!("bounded-helper-{helper}"))
                    .spawn_scoped(scope, move || {
                        let mut none = NoStats;
                        let mut searcher =
                            Shared::<G, NoStats>::new(game, table, &mut none, clock, run.cap);
                        searcher.stop = Some(stop);
                        share.work(&mut searcher)
                    })
                    .ok()
            })
            .collect();
        let mut results = vec![share.work(first)];
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
    let mut best: Option<G::Value> = None;
    for result in results {
        if let Some(score) = result? {
            best = Some(best.map_or(score, |b| b.max(score)));
        }
    }
    best.ok_or_else(|| Error::Inconsistent {
        game: G::NAME,
        position: game.show_position(start),
    })
}

/// What the threads of one split test share: the start's moves, the window, the counter of
/// the next move to take, and the stop flag.
struct Share<'s, G: Game> {
    start: G::Position,
    moves: &'s [G::Move],
    low: Option<Cut<G::Value>>,
    high: Option<Cut<G::Value>>,
    next: &'s AtomicUsize,
    stop: &'s AtomicBool,
}

impl<G: Game> Clone for Share<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Share<'_, G> {}

impl<G: Game> Share<'_, G> {
    /// Takes moves until none is left or the test is settled; the best score this thread
    /// found (`None`: none). A search stopped because another move settled the test counts
    /// for nothing; any other error stops the others and is returned.
    fn work<R: Recorder<G>>(
        &self,
        searcher: &mut Shared<'_, G, R>,
    ) -> Result<Option<G::Value>, Error> {
        let mut best: Option<G::Value> = None;
        loop {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            let Some(&mv) = self.moves.get(i) else {
                return Ok(best);
            };
            if self.stop.load(Ordering::Relaxed) {
                return Ok(best);
            }
            match move_score(searcher, self.start, mv, self.low, self.high) {
                Ok(score) => {
                    best = Some(best.map_or(score, |b| b.max(score)));
                    if over_high(&score, self.high) || score.is_best_possible() {
                        self.stop.store(true, Ordering::Relaxed);
                        return Ok(best);
                    }
                }
                Err(_) if self.stop.load(Ordering::Relaxed) => return Ok(best),
                Err(e) => {
                    self.stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
            }
        }
    }
}

/// The score of `mv` from `start` within the start's window `(low, high)`.
fn move_score<G: Game, R: Recorder<G>>(
    searcher: &mut Shared<'_, G, R>,
    start: G::Position,
    mv: G::Move,
    low: Option<Cut<G::Value>>,
    high: Option<Cut<G::Value>>,
) -> Result<G::Value, Error> {
    let game = searcher.game;
    let child = game.play(start, mv);
    let reply = match game.terminal_values_after(start)(mv, child) {
        Some(over) => over,
        None => {
            let reply_low = searcher.reply_cut(start, mv, high);
            let reply_high = searcher.reply_cut(start, mv, low);
            searcher.value(child, reply_low, reply_high, 2)?
        }
    };
    Ok(game.move_value(start, mv, reply))
}
