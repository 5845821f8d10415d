//! Alpha-beta over a fixed-size transposition table, scores narrowed by null-window searches,
//! for any [`Game`]: the `memo/bounded` variant, for games whose positions do not all fit in
//! memory.
//!
//! Every other generic search keeps every position it meets (`memo/hash-map`, `memo/indexed`,
//! `memo/alpha-beta`: one entry per position, until the memory cap refuses the next). This one
//! makes one table of a fixed size when the solve starts and **never grows it**: when a
//! bucket is full an entry is replaced, by the policy below. A lost entry costs time (its
//! position is searched again), never exactness: an entry keeps the whole position (or the
//! game's exact compact key, [`Game::table_key`]), so it is never read for another position,
//! and what it keeps are true bounds on the value.
//!
//! # The search
//!
//! Fail-soft alpha-beta negamax (as `memo/alpha-beta`, whose windows through
//! [`Game::move_value`] it shares: a move's window maps to its reply's where `move_value` is its
//! own inverse, and is left open where it is not) in which each position's entry keeps a
//! lower and an upper bound and the index of the best move found, tried first next time. The
//! root's value is found by **MTD(f)** (Plaat, 1996): a sequence of null-window tests "is the
//! value at least `g`?", each answered by the search with a window that holds no value, each
//! narrowing the bounds, starting from the value of one line of play (the first move of the
//! game's search order at each position, at most 4,096 moves deep). A game's values are only
//! ordered, with no `g - 1` for a generic value, so a window's ends are *cuts* just below or
//! just above a value. Once the value is known, the root's moves are tested in the game's
//! order ([`Game::moves`]) against it, and the first that reaches it is the reported best
//! move: the one every variant reports (the first of equally good moves).
//!
//! No iterative deepening: a generic [`Game`] has no evaluation of a position that is not over,
//! so a search cut at a depth would have no value to return; the table's best moves already
//! order each MTD(f) pass by the previous one's results, which is what deepening would buy.
//!
//! # The table, and its replacement policy
//!
//! `2 · B` entries in `B` buckets of two: one entry **kept by work** (the positions its search
//! expanded, as Fhourstones keeps its entries), one **always replaced**. A result for a
//! position already in its bucket narrows that entry's bounds; a new position's result takes
//! the kept entry's place when its work is at least the kept entry's (which then moves to the
//! always-replaced place, dropping what was there), else the always-replaced place. A solver
//! keeps the table's slots and entries' room for its next solve of the same size, emptied by a
//! new stamp (no clearing, no page faults again; [`Bounded::release_table`] frees them). The size:
//! [`Bounded::with_table_entries`], or by default the largest power of two of entries within
//! half the memory cap and [`DEFAULT_TABLE_BYTES`] (64 MiB), and within the state budget when one
//! is set. Its slots are allocated zeroed (calloc: pages never written are never touched) and
//! its entries' room reserved at once; a table past the memory cap is refused before anything
//! is allocated.
//!
//! Where the game gives an exact 64-bit key ([`Game::table_key`]) and its values have words
//! ([`GameValue::from_word`] gives one for 0: win, draw or
//! loss, Connect Four's scores, margins), the table is the *packed* one instead
//! (`packed.rs`): each bucket's two entries in place, 16 bytes an entry, in one 32-byte block,
//! so that a probe reads one cache line instead of a slot and then its entry (two misses: on
//! Connect Four's `L2_R2` set, 60 % of the search's time was spent waiting for those two
//! reads), with the same replacement policy, and every page written once when the table is
//! made so that it is backed by huge pages (a search's first touch of a page is a read, which
//! maps the shared zero page; the write after it split it into small pages: 12 of 62 MiB
//! ended huge). A bound outside -511..=511 is not kept there (searched again, never wrong).
//!
//! # Every core
//!
//! [`Bounded::with_threads`] (the variant `memo/bounded-all-cores`: every core the system
//! gives) shares the one packed table between threads. The first thread searches alone for
//! 2^16 positions ([`Bounded::with_helpers_after`]: a short search never pays for starting
//! threads); past that, every thread searches each MTD(f) test of the start, a move another
//! thread is searching put off until the others are done (simplified ABDADA, `parallel.rs`),
//! the first to finish stopping the others. A bucket is written under a
//! sequence lock, so no thread ever reads half of one write and half of another: the answer is
//! exact on any number of threads. A game without a table key or whose values have no words
//! is searched on one thread. Measured on two cores: the threads together expand 1.04x to
//! 1.26x the one thread's positions on Connect Four's `L1_R3` set and its empty 7 × 5 and
//! 7 × 6 boards, split evenly between them (the guide).
//!
//! # Game hooks
//!
//! - [`Game::table_key`]: an exact 64-bit key, kept in place of the whole position (Can I
//!   Win's mask).
//! - [`Game::canonical`]: a position and its mirror image share one entry.
//! - [`Game::winning_move_now`]: a position with a move that wins at once is answered without
//!   a table lookup or a search (the game vouches that nothing scores better there).
//! - [`Game::value_bounds`]: bounds on a position's value the game knows without a search
//!   (Connect Four: a player who cannot win with its next stone scores at most a win with the
//!   one after); they narrow the window before the table lookup, as an entry's bounds do, and
//!   answer the position when the window lies outside them.
//! - [`Game::value_between`]: a value inside a range, so that MTD(f)'s tests bisect the start's
//!   range (from its bounds) instead of stepping to the next value: on Connect Four's `L2_R1`
//!   positions MTD(f) stepped a score at a time, up to 11 passes where a bisection takes 4.
//! - [`Game::search_moves_into`] is the move-ordering hint (as for the other memos); the
//!   table's stored best move is tried first.
//! - [`Game::search_facts`] is what the search asks instead of `winning_move_now` and
//!   `value_bounds` (by default it asks them), and [`Game::search_moves_after`] what it asks
//!   instead of `search_moves_into` after it: a game whose three hooks share work does it once
//!   (Connect Four's non-losing moves, which its bounds and its move order both start from, were
//!   found three times a position).
//!
//! # Where the time goes, and what was done about it
//!
//! On Connect Four's `L2_R2` set, half of the search's time was spent waiting for the table's
//! bucket (an L3 or memory miss a probe). So, for a game that asks for it
//! ([`Game::PLACES_AHEAD`]: Connect Four), a position expanded finds its first 16 children's
//! places in the table (key, hash, mirror flag) and asks for their buckets before it searches
//! the first one, and hands each child its place (the child's own request, made just before
//! its lookup, came too late); only with a table past 4 MiB (one in the caches gains nothing
//! and pays for the places found ahead of a cut). One thread alone writes the packed table
//! without the bucket's lock (a compare-and-swap: a locked instruction); the per-depth move
//! lists are kept by the solver between solves. Measured on 2 shared cores (load 6 to 10; user
//! CPU time of the same run, 150 positions of `L2_R2` and `L1_R1` with the bench's warm-up):
//! 1.43 s before, 1.25 s with the children's buckets asked ahead and the lock-free writes,
//! 1.20 s with `search_facts`, 1.10 s with the places handed down.
//!
//! # What the hooks bought (measured)
//!
//! Criterion (`crates/peer-bench/benches/bounded_hooks.rs`, run as `cargo bench -p
//! gamesolve-peers --bench bounded_hooks`: a release build, the games in their search order;
//! one solver reused, so its kept table; 2026-12-07 18:10 UTC, load 5.3 to 5.5 on 2 shared
//! cores: the times are rough, the positions expanded do not depend on the load). Median time
//! and positions expanded, default table (2^21 entries) and 2^14 entries. With the key the
//! table is the packed one (16 bytes an entry, a bucket in one cache line), without it the
//! slots and their entries:
//!
//! | game, table | none | key | key + mirror | all three |
//! |---|---|---|---|---|
//! | tic-tac-toe, 2^21 | 22.5 µs, 345 | 29.3 µs, 345 | 15.6 µs, 227 | 15.4 µs, 206 |
//! | Domineering 5x5, 2^21 | 40.0 ms, 107,238 | 33.4 ms, 107,196 | 18.8 ms, 56,848 | 14.8 ms, 56,848 |
//! | Domineering 5x5, 2^14 | 21.3 ms, 208,985 | 18.8 ms, 210,662 | 9.93 ms, 93,244 | 11.0 ms, 93,244 |
//!
//! The mirror image ([`Game::canonical`]) is what pays: about half the positions, 1.8x to 1.9x
//! less time. The exact key ([`Game::table_key`]) brings the packed table: 1.13x to 1.2x less
//! time on Domineering, whose table outgrows the caches, and 1.3x more on tic-tac-toe, whose
//! few hundred entries stay in the caches either way. "Wins at once"
//! ([`Game::winning_move_now`]) saves 9 % of tic-tac-toe's positions (its search order already
//! puts a winning move first) and no measurable time; Domineering has no such hook (its "all
//! three" is "key + mirror" again, and their difference here, 1.1x to 1.3x either way, is this
//! run's noise). The 2^14-entry table, which fits in the caches, is faster than the default on
//! these small games although it expands about twice the positions.
//!
//! With every move listed (the peer bench's `peers-every-move/*`: no search order and no
//! "wins at once"; the table of `docs/GUIDE.md`, "Every move listed", is that run),
//! tic-tac-toe takes 1,104 positions and 60.5 µs with the key and the mirror image, 1,993 and
//! 118 µs with no hook; Domineering 5x5 56,848 and 15.7 ms, 107,238 and 37.0 ms (18:01 to
//! 18:07 UTC, load 5.3 to 7.7).
//!
//! # Values and remoteness
//!
//! The answer is the game's [`Solution`](Game::Solution), built from the start's value and
//! the best first move, as every solver's: exactly `memo/hash-map`'s. Remoteness is not part
//! of that contract (only the analysis, `solver_search::Ranked`, carries it), so this
//! search, like `memo/alpha-beta`, does not compute it.
//!
//! # Complexity
//!
//! Time: with a table that holds every position searched, about `memo/alpha-beta`'s positions
//! times the few MTD(f) passes (each pass mostly answered from the table); with a smaller
//! table, up to the tree's size in the worst case (plain alpha-beta without memory). On `t`
//! threads, at best that time over `t`. Memory: the fixed table, [`entry_bytes`] per entry
//! (16 bytes in the packed table; else an 8-byte slot and the entry: key, two optional values,
//! move index, work), plus `O(depth)` stack frames on heap-allocated segments for deep games
//! and, per depth, one move list and the places of up to 16 children, for each thread. The time limit is read once every 4,096
//! positions expanded.
//!
//! # Examples
//!
//! ```
//! use gamesolve::{CanIWin, Error, Outcome, PredictTheWinner, core_types::Solver};
//! use gamesolve::backends::solver_memo::bounded::Bounded;
//! use gamesolve::backends::solver_memo::hash_map::HashMemo;
//!
//! // A table of 256 entries, far fewer than the positions: the same exact answers.
//! let mut solver = Bounded::new().with_table_entries(256);
//! let answer = solver.solve(&PredictTheWinner::new(vec![1, 5, 233, 7]))?;
//! assert_eq!(answer.margin, 222);
//! let answer = solver.solve(&CanIWin::new(10, 11)?)?;
//! assert_eq!(answer.outcome, Outcome::SecondPlayerWins);
//! // 4,096 positions, 256 entries: the value and the best first move of the plain memo.
//! let game = CanIWin::new(12, 40)?;
//! let answer = solver.solve(&game)?;
//! assert_eq!(answer.outcome, Outcome::FirstPlayerWins);
//! assert_eq!(answer, HashMemo::new().solve(&game)?);
//! # Ok::<(), Error>(())
//! ```
//!
//! # Errors
//!
//! [`Error::TableTooLarge`] (parameter `table_entries`) when the table would pass the memory
//! cap, or (parameter `depth`) when a new stack segment would; [`Error::AllocationFailed`]
//! when the system refuses the table; [`Error::TimeLimitReached`] past the time limit;
//! [`Error::NoMoves`] for a position that is neither over nor has a move;
//! [`Error::StackRefused`] when the system refuses a new stack segment;
//! [`Error::PositionRepeats`] for a position met again on the search's path (a game whose
//! positions may repeat, [`Game::positions_may_repeat`]); [`Error::Inconsistent`] for a game
//! whose values break the search's assumptions (a [`Game::move_value`] that is not
//! non-increasing, so that a null-window test does not narrow the bounds, or no root move
//! reaching the value found). The state budget never stops it: it only bounds the table's
//! entries.
//!
//! # See also
//!
//! [`crate::alpha_beta`] (the same search over a table that keeps every position),
//! [`crate::hash_map`] (the plain memo), [`crate::indexed`].

mod mtd;
mod packed;
mod parallel;

pub use self::parallel::{all_cores_variant, AllCores};
mod search;
mod table;

use core_types::WithLimits;
use core_types::{
    DeadlineClock, Error, Game, GameValue, Kernel, Limits, Recorder, SolverConfig, Variant,
};

use self::mtd::first_best_move;
pub(crate) use self::mtd::{mtd_f, mtd_f_with};
use self::packed::{Alone, PackedTable};
use self::search::{KeptLists, Searcher, CAP_HINT};
use self::table::MAX_ENTRIES;
use self::table::{entries_within_at, ByPosition, ByTableKey, Kept, Keying, Table};
use crate::NAME;

/// The variant's name.
pub const VARIANT: &str = "bounded";

/// The name of the variant that searches on every core ([`Bounded::with_threads`]).
pub const ALL_CORES_VARIANT: &str = "bounded-all-cores";

/// The most bytes the default table takes: 64 MiB (within half the memory cap).
pub const DEFAULT_TABLE_BYTES: u64 = 64 << 20;

/// Alpha-beta over a fixed-size table; see the [module docs](self).
#[derive(Clone, Debug)]
pub struct Bounded {
    /// The limits it reads, defaults resolved when a solve starts.
    limits: Limits,
    /// The table's entries when set ([`Bounded::with_table_entries`]).
    table_entries: Option<u64>,
    /// The last solve's table slots, for the next solve of the same size.
    kept: Option<Kept>,
    /// The last solve's packed table, for the next solve of the same size.
    kept_packed: KeptPacked,
    /// The last solve's per-depth lists (moves, children), for the next solve of the game.
    kept_lists: KeptLists,
    /// Threads that search (1: this one only).
    threads: usize,
    /// Positions the first thread expands alone before the others start.
    alone_positions: u64,
}

/// A packed table kept for the next solve; a clone of the solver starts without one.
#[derive(Debug, Default)]
struct KeptPacked(Option<PackedTable>);

impl Clone for KeptPacked {
    fn clone(&self) -> Self {
        KeptPacked(None)
    }
}

impl Bounded {
    /// A solver with the default limits and table size.
    pub const fn new() -> Self {
        Bounded {
            limits: Limits::new(),
            table_entries: None,
            kept: None,
            kept_packed: KeptPacked(None),
            kept_lists: KeptLists::empty(),
            threads: 1,
            alone_positions: parallel::ALONE,
        }
    }

    /// A solver with the limits of `config` (or the defaults).
    pub fn from_config(config: &SolverConfig) -> Self {
        Bounded {
            limits: *config,
            ..Bounded::new()
        }
    }

    /// A table of `entries` entries: the largest even power of two at most `entries` (2 at
    /// least, 2^31 at most). A table past the memory cap is refused when a solve starts.
    #[must_use]
    pub const fn with_table_entries(mut self, entries: u64) -> Self {
        self.table_entries = Some(entries);
        self
    }

    /// Frees the table's slots kept from the last solve. A solver keeps them (at most the
    /// table's size) so that the next solve with a table of the same size starts on slots
    /// already mapped, emptied by a new stamp rather than cleared: on small games a fresh
    /// table's page faults cost more than the search. Dropping the solver frees them too.
    pub fn release_table(&mut self) {
        self.kept = None;
        self.kept_packed = KeptPacked(None);
        self.kept_lists = KeptLists::empty();
    }

    /// A solver that searches with `threads` threads sharing one table (at least 1; 1 is
    /// [`Bounded::new`]'s). See [every core](self#every-core) for how they share the
    /// work, and when they do not.
    #[must_use]
    pub const fn with_threads(mut self, threads: usize) -> Self {
        self.threads = if threads == 0 { 1 } else { threads };
        self
    }

    /// With threads ([`Bounded::with_threads`]), the positions the first thread expands
    /// alone before the others start (2^16 by default, some 20 ms of Connect Four; 0: all
    /// start at once): a search that ends sooner never pays for starting threads.
    #[must_use]
    pub const fn with_helpers_after(mut self, positions: u64) -> Self {
        self.alone_positions = positions;
        self
    }

    /// The entries of the table a solve makes, for entries of `entry_bytes` bytes, or the
    /// refusal at the memory cap.
    fn entries<G: Game>(&self, entry_bytes: u64) -> Result<u64, Error> {
        let cap = self.limits.memory_cap_or_default();
        let entries = match self.table_entries {
            Some(asked) => entries_within_at(u64::MAX, asked.clamp(2, MAX_ENTRIES), entry_bytes),
            None => entries_within_at(
                (cap / 2).min(DEFAULT_TABLE_BYTES),
                self.limits.state_budget_or_default(),
                entry_bytes,
            )
            .max(2),
        };
        let required = u128::from(entries) * u128::from(entry_bytes);
        if required > u128::from(cap) {
            return Err(Error::TableTooLarge {
                backend: NAME,
                game: G::NAME,
                parameter: "table_entries",
                value: entries,
                required_bytes: required,
                memory_cap_bytes: cap,
                hint: CAP_HINT,
            });
        }
        Ok(entries)
    }

    /// Solves from `start` (not over) with positions keyed by `K`.
    fn solve_keyed<G: Game, K: Keying<G>, R: Recorder<G>>(
        &mut self,
        game: &G,
        start: G::Position,
        recorder: &mut R,
    ) -> Result<G::Solution, Error> {
        let entry_bytes = table::entry_bytes::<K::Key, G::Value>();
        let entries = self.entries::<G>(entry_bytes)?;
        let cap = self.limits.memory_cap_or_default();
        let table = Table::new(entries, self.kept.take())
            .map_err(|refusal| refusal.error::<G>(entries, entry_bytes, cap))?;
        let clock = DeadlineClock::new(self.limits.deadline());
        let mut searcher = Searcher::<G, K, R, _>::new(game, table, recorder, clock, cap);
        searcher.reuse_lists(&mut self.kept_lists);
        let found = mtd_f(&mut searcher, start)
            .and_then(|value| Ok((value, first_best_move(&mut searcher, start, value)?)));
        searcher.keep_lists(&mut self.kept_lists);
        let (cells, bytes) = (searcher.table.entries() as u64, searcher.table.bytes());
        if found.is_ok() {
            searcher.recorder.table(cells, bytes);
        }
        self.kept = Some(searcher.table.into_kept());
        let (value, best) = found?;
        Ok(game.solution(value, Some(best)))
    }

    /// Solves from `start` (not over) over a [`PackedTable`] (the game gives a table key and
    /// its values pack), on [`Bounded::with_threads`] threads.
    fn solve_packed<G: Game, R: Recorder<G>>(
        &mut self,
        game: &G,
        start: G::Position,
        recorder: &mut R,
    ) -> Result<G::Solution, Error> {
        let entries = self.entries::<G>(packed::ENTRY_BYTES)?;
        let cap = self.limits.memory_cap_or_default();
        let table = PackedTable::new(entries, self.kept_packed.0.take())
            .map_err(|refusal| refusal.error::<G>(entries, packed::ENTRY_BYTES, cap))?;
        let deadline = self.limits.deadline();
        let found = if self.threads > 1 {
            let run = parallel::Run {
                deadline,
                cap,
                threads: self.threads,
                alone_positions: self.alone_positions,
            };
            parallel::value(game, start, &table, recorder, run).and_then(|value| {
                // The threads have joined: this thread alone uses the table.
                let clock = DeadlineClock::new(deadline);
                let mut searcher =
                    Searcher::<G, ByTableKey, R, _>::new(game, Alone(&table), recorder, clock, cap);
                Ok((value, first_best_move(&mut searcher, start, value)?))
            })
        } else {
            // One searcher for both phases, on the lists of the last solve.
            let clock = DeadlineClock::new(deadline);
            let mut searcher =
                Searcher::<G, ByTableKey, R, _>::new(game, Alone(&table), recorder, clock, cap);
            searcher.reuse_lists(&mut self.kept_lists);
            let found = mtd_f(&mut searcher, start)
                .and_then(|value| Ok((value, first_best_move(&mut searcher, start, value)?)));
            searcher.keep_lists(&mut self.kept_lists);
            found
        };
        if found.is_ok() {
            recorder.table(table.entries() as u64, table.bytes());
        }
        self.kept_packed = KeptPacked(Some(table));
        let (value, best) = found?;
        Ok(game.solution(value, Some(best)))
    }
}

/// The limits' setters ([`WithLimits`]): it reads the memory cap (its table is at most half of it) and the time limit, and keeps its table across solves of the same size, so a caller that solves many positions, each with the time left, keeps one table mapped.
impl WithLimits for Bounded {
    fn limits_mut(&mut self) -> &mut Limits {
        &mut self.limits
    }
}

impl Default for Bounded {
    fn default() -> Self {
        Self::new()
    }
}

/// Bytes one table entry takes for `G` with positions kept whole (its slot and the entry); 8
/// bytes of key in place of the position when the game gives [`Game::table_key`]; 16 bytes
/// in all in the packed table (a table key and values with words: see the
/// [module docs](self#the-table-and-its-replacement-policy)).
pub const fn entry_bytes<G: Game>() -> u64 {
    table::entry_bytes::<G::Position, G::Value>()
}

/// The `memo/bounded` entry for any game's variant list.
pub const fn variant<G: Game>() -> Variant<G> {
    Variant {
        backend: NAME,
        name: VARIANT,
        summary: "alpha-beta over a fixed-size table that never grows (works for any game): \
                  buckets of two entries, kept by work and always replaced; MTD(f) null-window \
                  tests; exact whatever the table's size",
        build: |config| Box::new(Bounded::from_config(config)),
    }
}

impl<G: Game> Kernel<G> for Bounded {
    const BACKEND: &'static str = NAME;
    const VARIANT: &'static str = VARIANT;

    fn run<R: Recorder<G>>(&mut self, game: &G, recorder: &mut R) -> Result<G::Solution, Error> {
        let start = match solver_search::before_search(game) {
            Ok(start) => start,
            Err(settled) => return Ok(settled),
        };
        // The game's exact key when it gives one (asked of the start), else the position.
        if game.table_key(game.canonical(start)).is_some() {
            if G::Value::from_word(0).is_some() {
                return self.solve_packed(game, start, recorder);
            }
            self.solve_keyed::<G, ByTableKey, R>(game, start, recorder)
        } else {
            self.solve_keyed::<G, ByPosition, R>(game, start, recorder)
        }
    }
}

#[cfg(test)]
mod tests;
