//! `memo/bounded` on several threads (`memo/bounded-all-cores`): lazy SMP over one shared
//! [`PackedTable`].
//!
//! The first thread searches alone first, for at most [`ALONE`] positions (by default;
//! [`Bounded::with_helpers_after`](super::Bounded::with_helpers_after)): a short search
//! (most positions of a game's last half) ends there, without the cost of starting threads
//! (tens of microseconds each, more than such a search). Past that, the helpers start and
//! every thread runs the whole search again from the start (MTD(f), [`mtd_f`]) on the same
//! table, the first thread's results of its time alone answered from the table;
//! the first thread to finish gives the value and stops the others. They help each other only
//! through the table: what one thread has stored, another reads instead of searching. So that
//! they do not all walk the same subtrees in the same order, a helper thread (numbered from 1)
//! tries the moves of a position near the root in an order of its own (the table's best move
//! first, then the others turned by its number, down to depth 3). The first thread (number 0)
//! keeps the game's order and reports to the caller's recorder; the helpers' positions are not
//! counted in the statistics.
//!
//! The value is exact whichever thread finds it: every entry holds true bounds for its key,
//! whichever thread stored it, and a reader never takes half of one write and half of another
//! ([`super::packed`]'s sequence lock). The best first move is then found by the first thread
//! alone, in the game's order, on the warm table: the same move as on one thread.
//!
//! Only a [`PackedTable`] is shared: a game without a table key, or whose values do not
//! pack, is searched on one thread whatever the threads asked.
//!
//! # Complexity
//!
//! Time: at best the one-thread time over the threads, at worst about the one-thread time
//! (each thread repeats the others' work); the ratio on Connect Four is measured in the
//! guide. Memory: the one table, plus each thread's stack segments and move lists (`O(depth)`
//! each); each thread counts its own stack segments against the memory cap beside the table.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use core_types::{Deadline, DeadlineClock, Error, Game, NoStats, Recorder};

use super::mtd_f;
use super::packed::PackedTable;
use super::search::Searcher;
use super::table::ByTableKey;

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

/// The value of `start` (not over) found by `run.threads` threads over `table`; the first thread
/// is the caller's and reports to `recorder`. A thread the system refuses to start is done
/// without (down to the caller's alone).
pub(crate) fn value<G: Game, R: Recorder<G>>(
    game: &G,
    start: G::Position,
    table: &PackedTable,
    recorder: &mut R,
    run: Run,
) -> Result<G::Value, Error> {
    let Run {
        deadline,
        cap,
        threads,
        alone_positions,
    } = run;
    let clock = DeadlineClock::new(deadline);
    let mut alone =
        Searcher::<G, ByTableKey, R, &PackedTable>::new(game, table, recorder, clock, cap);
    alone.budget = alone_positions;
    let found = mtd_f(&mut alone, start);
    if found.is_ok() || !alone.out_of_budget() {
        return found;
    }
    let stop = AtomicBool::new(false);
    let answer = OnceLock::new();
    // The first result published wins; a thread stopped by `stop` finds one already there (it
    // is set before `stop`), so its stop error is never the answer.
    let publish = |found: Result<G::Value, Error>| {
        let _ = answer.set(found);
        stop.store(true, Ordering::Relaxed);
    };
    std::thread::scope(|scope| {
        for helper in 1..threads {
            let (stop, publish) = (&stop, &publish);
            let started = std::thread::Builder::new()
                .name(format!("bounded-helper-{helper}"))
                .spawn_scoped(scope, move || {
                    let mut none = NoStats;
                    let clock = DeadlineClock::new(deadline);
                    let mut searcher = Searcher::<G, ByTableKey, NoStats, &PackedTable>::new(
                        game, table, &mut none, clock, cap,
                    );
                    searcher.stop = Some(stop);
                    searcher.helper = helper;
                    publish(mtd_f(&mut searcher, start));
                });
            if started.is_err() {
                break;
            }
        }
        let clock = DeadlineClock::new(deadline);
        let mut searcher =
            Searcher::<G, ByTableKey, R, &PackedTable>::new(game, table, recorder, clock, cap);
        searcher.stop = Some(&stop);
        publish(mtd_f(&mut searcher, start));
    });
    answer.into_inner().unwrap_or_else(|| {
        // Unreachable: the first thread always publishes before the scope ends.
        Err(Error::Inconsistent {
            game: G::NAME,
            position: game.show_position(start),
        })
    })
}
