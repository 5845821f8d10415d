//! Alpha-beta search over a table of bounds for any [`Game`]: the `memo/alpha-beta` variant.
//!
//! Negamax with alpha-beta pruning (fail-soft) and a transposition table that keeps, for each
//! position searched, a **lower and an upper bound** on its value and the move that was best
//! there (Plaat's "alpha-beta with memory"). A position whose bounds meet is known exactly and
//! answered from the table; otherwise its bounds narrow the window it is searched with. The
//! moves are tried in the game's search order ([`Game::search_moves_into`]) with the table's
//! stored best move first; at the root, in the game's order ([`Game::moves`]), so that the
//! reported best move is the first of equally good moves, as every variant reports it.
//!
//! The answer is exact: the root is searched with an open window, and each later root move
//! with the window "better than the best so far" only, so the value (the margin of a scoring
//! game, the verdict of a win/lose/draw game) is the one `memo/hash-map` finds. Where a plain
//! memo must search every move of a position that cannot win, this search stops at the first
//! move that reaches the window's upper end: draws and scores prune too.
//!
//! # Windows through [`Game::move_value`]
//!
//! A move is worth `f(reply) = move_value(position, mv, reply)`; the search assumes `f` is
//! non-increasing (what is better for the opponent is not better for the mover: true of the
//! default `reply.negate()` and of every scoring game's "what the move earns minus the reply").
//! To search a reply inside the window `(alpha, beta)` on the move's value it needs `f`'s
//! inverse at `alpha` and `beta`. Every `f` of the form `c - reply` is its own inverse, so the
//! search takes `f(beta)` and `f(alpha)` as the reply's window after checking `f(f(x)) == x`
//! at each end; where that check fails (a game whose `move_value` is not such a map) that end
//! of the reply's window is left open, which costs pruning, never exactness.
//!
//! # Complexity
//!
//! With `S` the distinct positions reachable and `m` the moves per position: at most
//! `O(S · m)` game calls per distinct window a position is searched with; in practice far
//! fewer positions than a plain memo (alpha-beta with good move ordering searches about the
//! square root of the tree's leaves). Memory: one table entry per position searched (its key,
//! two optional values and a 2-byte move index, in a `hashbrown` table: see
//! [`entry_bytes`]; the table lives in the sibling module `alpha_beta/table.rs`), made with
//! room for 512 entries (a few KiB, so that a small game never rehashes), plus `O(depth)`
//! stack frames on heap-allocated segments for deep games. A solver keeps its table for its
//! next solve, emptied in place (one byte written per slot, [`AlphaBeta::release_table`]
//! frees it): a game the size of the last one then neither rehashes nor faults pages in
//! (Domineering 5x5, 107,172 positions: a table grown from 512 entries doubled 7 times, 6 %
//! of a solve's time in a profile, and faulted in its pages, about 12 % more; tic-tac-toe
//! with every move listed took 188 µs a solve on a new table, 72 µs on a kept one).
//!
//! Per position met: one hash, which serves the table's lookup and, for a position the table
//! did not hold, its insertion once searched (no second lookup: its own search cannot reach it
//! again); the stored bounds are checked before any call, so a position they settle costs
//! that lookup only; the first move's score opens the window the later moves compare with,
//! and a stop unwinds with a one-byte marker, its error kept apart.
//!
//! The memory cap counts the table as `hashbrown` lays it out (a map's layout) and, while it doubles, its old
//! and new tables together, the stack segments the search maps, and what the game holds for
//! the solve ([`Game::held_bytes`]: a Python game's interned positions); a growth or a segment
//! that would pass the cap is refused before it is asked for. A game whose positions may
//! repeat ([`Game::positions_may_repeat`]) has the positions of the search's path kept (one
//! hash set insertion per position expanded, counted against the cap too), and one met again
//! on it is refused at once ([`Error::PositionRepeats`]). The state budget bounds the
//! entries; the time limit is read once every 4,096 positions expanded.
//!
//! # Examples
//!
//! ```
//! use gamesolve::{CanIWin, Error, Outcome, PredictTheWinner, core_types::Solver};
//! use gamesolve::backends::solver_memo::alpha_beta::AlphaBeta;
//!
//! let mut solver = AlphaBeta::new();
//! // A scoring game: the exact margin, not only the winner.
//! let answer = solver.solve(&PredictTheWinner::new(vec![1, 5, 233, 7]))?;
//! assert_eq!(answer.margin, 222);
//! // A win/lose game: n = 10, T = 11 is a second-player win.
//! let answer = solver.solve(&CanIWin::new(10, 11)?)?;
//! assert_eq!(answer.outcome, Outcome::SecondPlayerWins);
//! # Ok::<(), Error>(())
//! ```
//!
//! # Errors
//!
//! [`Error::BudgetExhausted`] (unit `states`) when the table would need more entries than the
//! state budget; [`Error::TableTooLarge`] (parameter `states`, or `depth` for a stack segment)
//! when the table's next growth or a new stack segment would pass the memory cap;
//! [`Error::AllocationFailed`] when the system refuses the table's growth;
//! [`Error::TimeLimitReached`] past the time limit; [`Error::NoMoves`] for a position that is
//! neither over nor has a move; [`Error::StackRefused`] when the system refuses a new stack
//! segment; [`Error::PositionRepeats`] for a position met again on the search's path.
//!
//! # See also
//!
//! [`crate::hash_map`] (the plain memo: every position's exact value, one entry each, the
//! search the teaching views trace), and [`crate::indexed`].

use core_types::{DeadlineClock, Error, Game, GameValue, Limits, Recorder, SolverConfig, Variant};

use hashbrown::HashSet;
use solver_search::stack;

use crate::NAME;

mod guard;
mod table;

pub use self::table::{entry_bytes, Bounds};
use self::table::{BoundsTable, KeptTable, LEAF, NO_MOVE};

/// Alpha-beta over a table of bounds; see the [module docs](self).
///
/// A solver keeps its table for its next solve ([`AlphaBeta::release_table`]); a clone starts
/// without one.
#[derive(Clone, Debug)]
pub struct AlphaBeta {
    /// The limits it reads, defaults resolved when a solve starts.
    limits: Limits,
    /// The last solve's table, emptied and used again by the next solve.
    kept: KeptTable,
}

impl AlphaBeta {
    /// A solver with the default memory cap and state budget.
    pub const fn new() -> Self {
        AlphaBeta {
            limits: Limits::new(),
            kept: KeptTable::none(),
        }
    }

    /// A solver with the limits of `config` (or the defaults).
    pub fn from_config(config: &SolverConfig) -> Self {
        AlphaBeta {
            limits: *config,
            kept: KeptTable::none(),
        }
    }

    /// Frees the table kept from the last solve. A solver keeps it (within the memory cap)
    /// so that the next solve starts on a table already grown and mapped, emptied in place:
    /// a game the size of the last one then neither rehashes nor faults pages in. Dropping
    /// the solver frees it too.
    pub fn release_table(&mut self) {
        self.kept = KeptTable::none();
    }
}

impl Default for AlphaBeta {
    fn default() -> Self {
        Self::new()
    }
}

/// The `memo/alpha-beta` entry for any game's variant list.
pub const fn variant<G: Game>() -> Variant<G> {
    Variant {
        backend: NAME,
        name: "alpha-beta",
        summary: "alpha-beta negamax over a table of lower and upper bounds (works for any \
                  game): exact values, prunes draws and scores too; the stored best move and \
                  the game's search order first",
        build: |config| Box::new(AlphaBeta::from_config(config)),
    }
}

/// Stack left before the recursion moves to a fresh heap segment, and that segment's size
/// (as the generic search: an address of the frame is compared with the stack's floor,
/// [`stack::floor`], every 4 levels).
const RED_ZONE: usize = 256 * 1024;
const STACK_CHECK_EVERY: u64 = 4;
const SEGMENT: usize = 1024 * 1024;

/// One solve: the game, the table, the limits and the buffers.
struct Searcher<'a, G: Game, R> {
    game: &'a G,
    /// Each position searched with its bounds, found by the position's hash, which is
    /// computed once per visit and serves the lookup and the store that follows.
    table: BoundsTable<G>,
    recorder: &'a mut R,
    clock: DeadlineClock,
    budget: u64,
    cap: u64,
    stack_bytes: u64,
    /// One move list per depth, reused.
    buffers: Vec<Vec<G::Move>>,
    /// The positions on the search's path, when the game's positions may repeat
    /// ([`Game::positions_may_repeat`]): one met again is refused at once.
    path: Option<HashSet<G::Position>>,
    /// Below this address the recursion moves to a new stack segment ([`stack::floor`]):
    /// read when the solve starts and on each new segment.
    stack_floor: usize,
    /// Why the recursion stopped, while it unwinds ([`Stopped`]).
    failed: Option<Error>,
}

/// The recursion stopped: its error waits in [`Searcher::failed`]. Every level returns its
/// value in registers rather than an [`Error`]'s bytes through memory.
#[derive(Clone, Copy, Debug)]
struct Stopped;

/// `x` is above `alpha` (`None`: minus infinity).
#[inline(always)]
fn above<V: Ord>(x: V, alpha: Option<V>) -> bool {
    alpha.is_none_or(|a| x > a)
}

/// `x` is at or above `beta` (`None`: plus infinity).
#[inline(always)]
fn reaches<V: Ord>(x: V, beta: Option<V>) -> bool {
    beta.is_some_and(|b| x >= b)
}

impl<G: Game, R: Recorder<G>> Searcher<'_, G, R> {
    /// The reply's window end for the move's window end `bound`: `f(bound)` where `f` is its
    /// own inverse there, else open (`None`).
    #[inline(always)]
    fn reply_bound(
        &self,
        position: G::Position,
        mv: G::Move,
        bound: Option<G::Value>,
    ) -> Option<G::Value> {
        let bound = bound?;
        let reply = self.game.move_value(position, mv, bound);
        (self.game.move_value(position, mv, reply) == bound).then_some(reply)
    }

    /// The value of `position` (fail-soft) within `(alpha, beta)`: exact when strictly inside,
    /// an upper bound on the true value when at or below `alpha`, a lower bound when at or
    /// above `beta`. What the table knows is used here, before any call: a position it
    /// settles for this window costs one lookup.
    #[inline(always)]
    fn value(
        &mut self,
        position: G::Position,
        mut alpha: Option<G::Value>,
        mut beta: Option<G::Value>,
        depth: u64,
    ) -> Result<G::Value, Stopped> {
        // The table first, then the game: `terminal_value` is asked once per distinct
        // position (a position that is over is stored as a leaf, its bounds met).
        let hash = self.table.hash(position);
        let stored = self.table.get(hash, position);
        match stored {
            Some(bounds) => {
                if let Some(exact) = bounds.exact() {
                    // A leaf's value is no memo hit: its position is over.
                    if bounds.best != LEAF {
                        self.recorder.memo_hit();
                    }
                    return Ok(exact);
                }
                if let Some(lower) = bounds.lower {
                    if reaches(lower, beta) {
                        self.recorder.memo_hit();
                        return Ok(lower);
                    }
                    if above(lower, alpha) {
                        alpha = Some(lower);
                    }
                }
                if let Some(upper) = bounds.upper {
                    if !above(upper, alpha) {
                        self.recorder.memo_hit();
                        return Ok(upper);
                    }
                    if !reaches(upper, beta) {
                        beta = Some(upper);
                    }
                }
            }
            None => {
                if let Some(value) = self.game.terminal_value(position) {
                    self.store_leaf(hash, position, value)?;
                    return Ok(value);
                }
            }
        }
        if depth.is_multiple_of(STACK_CHECK_EVERY) && stack::below_floor(self.stack_floor) {
            return self.value_on_segment(position, hash, stored, alpha, beta, depth);
        }
        Ok(self.expand(position, hash, stored, alpha, beta, depth)?.0)
    }

    /// [`Searcher::expand`] on a new stack segment, counted against the cap first.
    #[cold]
    #[inline(never)]
    fn value_on_segment(
        &mut self,
        position: G::Position,
        hash: u64,
        stored: Option<Bounds<G::Value>>,
        alpha: Option<G::Value>,
        beta: Option<G::Value>,
        depth: u64,
    ) -> Result<G::Value, Stopped> {
        let segment = match self.admit_segment(depth) {
            Ok(segment) => segment,
            Err(e) => return Err(self.fail(e)),
        };
        let outer_floor = self.stack_floor;
        let value = stack::grow_fallible(
            SEGMENT,
            |refused| refused,
            || {
                self.stack_floor = stack::floor(RED_ZONE);
                Ok(self
                    .expand(position, hash, stored, alpha, beta, depth)
                    .map(|(v, _)| v))
            },
        );
        self.stack_floor = outer_floor;
        self.stack_bytes -= segment;
        match value {
            Ok(value) => value,
            Err(refused) => {
                let e = refused.error(NAME, G::NAME, &[]);
                Err(self.fail(e))
            }
        }
    }

    /// Stores the value of a position that is over (not in the table, `hash` its hash): its
    /// bounds met, marked as a leaf.
    #[inline(always)]
    fn store_leaf(
        &mut self,
        hash: u64,
        position: G::Position,
        value: G::Value,
    ) -> Result<(), Stopped> {
        self.admit_entry()?;
        let bounds = Bounds {
            lower: Some(value),
            upper: Some(value),
            best: LEAF,
        };
        self.table.insert_new(hash, position, bounds);
        Ok(())
    }

    /// Searches `position` (not over; `hash` its hash; `stored`: what the table holds of it,
    /// whose bounds have narrowed `(alpha, beta)` already) within `(alpha, beta)`; its value as
    /// in [`Searcher::value`] and the best move found. At the root (`depth` 1) the moves are
    /// in the game's order and the first of equally good moves is kept.
    fn expand(
        &mut self,
        position: G::Position,
        hash: u64,
        stored: Option<Bounds<G::Value>>,
        alpha: Option<G::Value>,
        beta: Option<G::Value>,
        depth: u64,
    ) -> Result<(G::Value, Option<G::Move>), Stopped> {
        let root = depth == 1;
        if self.clock.tick() {
            return Err(self.timed_out());
        }
        // Asked of the game: one whose positions never repeat (the default) answers a
        // constant, and the path's code is compiled away.
        if self.game.positions_may_repeat() {
            self.enter_path(position)?;
        }
        self.recorder.position(depth);
        let slot = usize::try_from(depth).unwrap_or(usize::MAX);
        if self.buffers.len() <= slot {
            self.deeper(slot);
        }
        let mut moves = std::mem::take(&mut self.buffers[slot]);
        if root {
            self.game.moves_into(position, &mut moves);
        } else {
            self.game.search_moves_into(position, &mut moves);
            // The table's best move first.
            if let Some(best) = stored.map(|b| usize::from(b.best)) {
                if best != 0 && best < moves.len() {
                    moves.swap(0, best);
                }
            }
        }
        let window_low = alpha;
        // The first move's score is the best so far and raises `alpha` to at least itself:
        // the moves after it compare plain values. A stop leaves this depth's list behind
        // (the solve ends with it).
        let Some(&first) = moves.first() else {
            self.buffers[slot] = moves;
            return Err(self.fail_no_moves(position));
        };
        let mut value = self.move_score(position, first, alpha, beta, depth)?;
        let mut index = 0;
        if !(reaches(value, beta) || value.is_best_possible()) {
            let mut low = alpha.map_or(value, |a| a.max(value));
            for (i, &mv) in moves.iter().enumerate().skip(1) {
                let score = self.move_score(position, mv, Some(low), beta, depth)?;
                if score > value {
                    (value, index) = (score, i);
                    if reaches(score, beta) || score.is_best_possible() {
                        break;
                    }
                    low = low.max(score);
                }
            }
        }
        let mv = moves[index];
        self.buffers[slot] = moves;
        if self.game.positions_may_repeat() {
            self.leave_path(position);
        }
        if !root {
            let index = u16::try_from(index)
                .ok()
                .filter(|&i| i < LEAF)
                .unwrap_or(NO_MOVE);
            self.store(
                hash,
                position,
                stored.is_some(),
                value,
                window_low,
                beta,
                index,
            )?;
        }
        Ok((value, Some(mv)))
    }

    /// The score of `mv` from `position` (at `depth`) for the mover within `(alpha, beta)`:
    /// the reply searched within the move's window through `f`'s inverse, reversed.
    #[inline(always)]
    fn move_score(
        &mut self,
        position: G::Position,
        mv: G::Move,
        alpha: Option<G::Value>,
        beta: Option<G::Value>,
        depth: u64,
    ) -> Result<G::Value, Stopped> {
        let child = self.game.play(position, mv);
        let reply_alpha = self.reply_bound(position, mv, beta);
        let reply_beta = self.reply_bound(position, mv, alpha);
        let reply = self.value(child, reply_alpha, reply_beta, depth + 1)?;
        Ok(self.game.move_value(position, mv, reply))
    }

    /// Stores what the search of `position` (`hash` its hash; `known`: whether the table
    /// holds it) within `(alpha, beta)` found: `value` bounds it from above when at or below
    /// `alpha`, from below when at or above `beta`, else exactly. A position the table did
    /// not hold when its search began is not there when it ends (its search cannot reach it
    /// again: the game is acyclic, or its path is kept and a repeat refused), so it is
    /// inserted without a second lookup.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn store(
        &mut self,
        hash: u64,
        position: G::Position,
        known: bool,
        value: G::Value,
        alpha: Option<G::Value>,
        beta: Option<G::Value>,
        best: u16,
    ) -> Result<(), Stopped> {
        let upper = !above(value, alpha);
        let lower = reaches(value, beta);
        let exact = !upper && !lower;
        if known {
            if let Some(bounds) = self.table.get_mut(hash, position) {
                if upper || exact {
                    bounds.upper = Some(bounds.upper.map_or(value, |u| u.min(value)));
                }
                if lower || exact {
                    bounds.lower = Some(bounds.lower.map_or(value, |l| l.max(value)));
                }
                if !upper {
                    bounds.best = best;
                }
                *bounds = bounds.settled();
                return Ok(());
            }
        }
        self.admit_entry()?;
        // As `Bounds::settled`: a lower bound that is a win, or an upper bound that is a
        // loss, is the value.
        let lower_bound = lower || exact || (upper && value.negate().is_best_possible());
        let upper_bound = upper || exact || (lower && value.is_best_possible());
        let bounds = Bounds {
            lower: lower_bound.then_some(value),
            upper: upper_bound.then_some(value),
            best: if upper { NO_MOVE } else { best },
        };
        self.table.insert_new(hash, position, bounds);
        self.recorder.states_stored(1);
        Ok(())
    }

    /// Room for one more entry: at once while the table has room and the budget allows
    /// ([`Searcher::make_room`] otherwise, out of line).
    #[inline(always)]
    fn admit_entry(&mut self) -> Result<(), Stopped> {
        if self.table.has_room(self.budget) {
            return Ok(());
        }
        self.make_room()
    }

    /// Grows the table for one more entry within the budget and the cap (counted with the
    /// bytes held beside it), or stops the search.
    #[cold]
    #[inline(never)]
    fn make_room(&mut self) -> Result<(), Stopped> {
        let other_bytes = self.other_bytes();
        match self
            .table
            .make_room(self.budget, self.cap, other_bytes, G::NAME)
        {
            Ok(()) => Ok(()),
            Err(e) => Err(self.fail(e)),
        }
    }
}

core_types::kernel! {
    impl<G: Game> Kernel<G> for AlphaBeta = (NAME, "alpha-beta");
    fn run(this, game, recorder) {
        let start = match solver_search::before_search(game) {
            Ok(start) => start,
            Err(settled) => return Ok(settled),
        };
        let budget = this.limits.state_budget_or_default();
        let cap = this.limits.memory_cap_or_default();
        let table = BoundsTable::new(&mut this.kept, cap, budget);
        let mut searcher = Searcher {
            game,
            table,
            recorder,
            clock: DeadlineClock::new(this.limits.deadline()),
            budget,
            cap,
            stack_bytes: 0,
            buffers: Vec::new(),
            path: game.positions_may_repeat().then(HashSet::new),
            stack_floor: stack::floor(RED_ZONE),
            failed: None,
        };
        let searched = searcher.expand(start, 0, None, None, None, 1);
        let Ok((value, best)) = searched else {
            // Only `fail` makes a `Stopped`, and it keeps its error first.
            let error = searcher.failed.take().unwrap_or(Error::NoMoves {
                game: G::NAME,
                position: game.show_position(start),
            });
            searcher.table.keep(&mut this.kept);
            return Err(error);
        };
        let capacity = searcher.table.capacity() as u64;
        let bytes = u64::try_from(searcher.table.bytes()).unwrap_or(u64::MAX);
        searcher.recorder.table(capacity, bytes);
        searcher.table.keep(&mut this.kept);
        Ok(game.solution(value, best))
    }
}

#[cfg(test)]
mod tests;
