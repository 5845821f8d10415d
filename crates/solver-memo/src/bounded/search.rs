//! The search of `memo/bounded`: fail-soft alpha-beta negamax whose window ends are *cuts*
//! between values, over the fixed table ([`super::table`]).
//!
//! A game's values are only ordered (no `g - 1` for a generic [`GameValue`]), so a window end
//! is a cut just below or just above a value ([`Cut`]): the null window of MTD(f)'s test "is
//! the value at least `g`?" is the one cut just below `g`, with no value inside. A move's
//! window maps to its reply's through [`Game::move_value`] as in `memo/alpha-beta` (a
//! non-increasing map that is its own inverse at the window's ends, the end left open where it
//! is not), and a cut's side flips with the order.

use core_types::error::{Hint, HintPart::Words};
use std::sync::atomic::{AtomicBool, Ordering};

use core_types::{DeadlineClock, Error, Game, GameValue, Recorder};
use hashbrown::HashSet;
use solver_search::stack;

use super::table::{Entry, Keying, Store, NO_MOVE};
use crate::NAME;

mod segment;

/// A point between values: just above `value` (`above`) or just below it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cut<V> {
    pub(crate) value: V,
    pub(crate) above: bool,
}

impl<V: Ord> Cut<V> {
    /// Just below `value`: "at least `value`" lies above it.
    pub(crate) const fn below(value: V) -> Self {
        Cut {
            value,
            above: false,
        }
    }

    /// Just above `value`: "more than `value`" lies above it.
    pub(crate) const fn above(value: V) -> Self {
        Cut { value, above: true }
    }

    /// Whether `x` lies above the cut.
    #[inline(always)]
    pub(crate) fn under(&self, x: &V) -> bool {
        if self.above {
            *x > self.value
        } else {
            *x >= self.value
        }
    }
}

/// `x` lies above the window's low end (`None`: minus infinity).
#[inline(always)]
pub(crate) fn over_low<V: Ord>(x: &V, low: Option<Cut<V>>) -> bool {
    low.is_none_or(|c| c.under(x))
}

/// `x` lies above the window's high end (`None`: plus infinity).
#[inline(always)]
pub(crate) fn over_high<V: Ord>(x: &V, high: Option<Cut<V>>) -> bool {
    high.is_some_and(|c| c.under(x))
}

/// Narrows the window `(low, high)` to the bounds `lower` and `upper` known of a position's
/// value (a table entry's, or the game's own); `Some` answer when the window lies outside them
/// (the bound that settles it, fail-soft) or they meet.
#[inline(always)]
fn narrow<V: Ord + Copy>(
    lower: Option<V>,
    upper: Option<V>,
    low: &mut Option<Cut<V>>,
    high: &mut Option<Cut<V>>,
) -> Option<V> {
    if let (Some(lower), Some(upper)) = (lower, upper) {
        if lower == upper {
            return Some(lower);
        }
    }
    if let Some(lower) = lower {
        if over_high(&lower, *high) {
            return Some(lower);
        }
        if over_low(&lower, *low) {
            *low = Some(Cut::above(lower));
        }
    }
    if let Some(upper) = upper {
        if !over_low(&upper, *low) {
            return Some(upper);
        }
        if !over_high(&upper, *high) {
            *high = Some(Cut::below(upper));
        }
    }
    None
}

/// Where a position is kept in the table ([`Searcher::place`]).
#[derive(Clone, Copy)]
struct Place<Key> {
    /// Its representative's key (`None`: not kept).
    key: Option<Key>,
    /// The key's hash (0 without a key).
    hash: u64,
    /// Whether the position is not its own representative.
    flipped: bool,
}

/// A child position and its place in the table.
type Child<G, K> = (<G as Game>::Position, Place<<K as Keying<G>>::Key>);

/// A searcher's per-depth lists: the moves, and the children with their places.
type Lists<G, K> = (Vec<Vec<<G as Game>::Move>>, Vec<Vec<Child<G, K>>>);

/// A searcher's per-depth lists kept by a solver between solves, behind `Any` (their types
/// are the game's); a clone of the solver starts without them.
pub(crate) struct KeptLists(Option<Box<dyn std::any::Any + Send>>);

impl KeptLists {
    /// No lists kept.
    pub(crate) const fn empty() -> Self {
        KeptLists(None)
    }
}

impl Clone for KeptLists {
    fn clone(&self) -> Self {
        KeptLists(None)
    }
}

impl std::fmt::Debug for KeptLists {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "KeptLists(some)"
        } else {
            "KeptLists(none)"
        })
    }
}

/// The children whose buckets a position asks for before its first move.
const AHEAD: usize = 16;

/// The table's bytes past which a position asks for its children's buckets ahead: a
/// processor's second-level cache and more.
const AHEAD_BYTES: u64 = 4 << 20;

/// The token of move `i` (in the order searched) of the position of `hash` (seen mirrored
/// when `flipped`): what ABDADA's busy set keeps.
#[inline(always)]
fn move_token(hash: u64, flipped: bool, i: usize) -> u64 {
    (hash ^ u64::from(flipped)).wrapping_add((i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// Stack left before the recursion moves to a fresh heap segment, that segment's size, and
/// how often the depth is checked (as `memo/alpha-beta` and the generic search).
const RED_ZONE: usize = 256 * 1024;
const STACK_CHECK_EVERY: u64 = 4;
const SEGMENT: usize = 1024 * 1024;

/// The advice of a refusal at the memory cap.
pub(crate) const CAP_HINT: Hint = &[Words(
    "; the fixed table is made when the solve starts and the \
                                   recursion's stack segments count with it: raise the memory \
                                   cap, or make the table smaller (`Bounded::with_table_entries`)",
)];

/// One solve (or one thread of one): the game, the table, the limits and the buffers.
pub(crate) struct Searcher<'a, G: Game, K: Keying<G>, R, S> {
    pub(crate) game: &'a G,
    pub(crate) table: S,
    pub(crate) recorder: &'a mut R,
    pub(crate) clock: DeadlineClock,
    pub(crate) cap: u64,
    pub(crate) stack_bytes: u64,
    /// Positions expanded so far: an entry's work is its search's share of them.
    pub(crate) expanded: u64,
    /// One move list per depth, reused.
    pub(crate) buffers: Vec<Vec<G::Move>>,
    /// Per depth, the children of the first [`AHEAD`] moves listed and their places in the
    /// table, when [`Searcher::ahead`].
    places: Vec<Vec<Child<G, K>>>,
    /// Whether a position asks for its children's buckets before its first move: for a game
    /// that asks for it ([`Game::PLACES_AHEAD`]) and a table past [`AHEAD_BYTES`] (one in
    /// the caches gains nothing, and pays for the places found ahead of a cut).
    ahead: bool,
    /// The positions on the search's path, when the game's positions may repeat.
    pub(crate) path: Option<HashSet<G::Position>>,
    /// Below this address the recursion moves to a new stack segment ([`stack::floor`]).
    pub(crate) stack_floor: usize,
    /// Set when another thread has the answer: this thread's search stops.
    pub(crate) stop: Option<&'a AtomicBool>,
    /// The positions this search may expand before it stops ([`Searcher::out_of_budget`];
    /// `u64::MAX`: no budget), so that `memo/bounded-all-cores` starts its helpers only for a
    /// search that is not short.
    pub(crate) budget: u64,
    /// Keys with `K`.
    keying: std::marker::PhantomData<K>,
}

impl<'a, G: Game, K: Keying<G>, R: Recorder<G>, S: Store<K::Key, G::Value>>
    Searcher<'a, G, K, R, S>
{
    /// A search of `game` over `table`.
    pub(crate) fn new(
        game: &'a G,
        table: S,
        recorder: &'a mut R,
        clock: DeadlineClock,
        cap: u64,
    ) -> Self {
        let ahead = G::PLACES_AHEAD && table.bytes() > AHEAD_BYTES;
        Searcher {
            game,
            table,
            recorder,
            clock,
            cap,
            stack_bytes: 0,
            expanded: 0,
            buffers: Vec::new(),
            places: Vec::new(),
            ahead,
            path: game.positions_may_repeat().then(HashSet::new),
            stack_floor: stack::floor(RED_ZONE),
            stop: None,
            budget: u64::MAX,
            keying: std::marker::PhantomData,
        }
    }

    /// Takes the per-depth lists a solver kept from its last solve of the same game
    /// ([`Searcher::keep_lists`]), so that a short solve allocates none.
    pub(crate) fn reuse_lists(&mut self, kept: &mut KeptLists) {
        if let Some(lists) = kept
            .0
            .take()
            .and_then(|lists| lists.downcast::<Lists<G, K>>().ok())
        {
            (self.buffers, self.places) = *lists;
        }
    }

    /// Gives the per-depth lists back to the solver, for its next solve.
    pub(crate) fn keep_lists(&mut self, kept: &mut KeptLists) {
        let lists: Lists<G, K> = (
            std::mem::take(&mut self.buffers),
            std::mem::take(&mut self.places),
        );
        kept.0 = Some(Box::new(lists));
    }

    /// Forgets the path of a search that stopped midway (at its budget, or stopped by
    /// another thread), whose positions were left on it, before the searcher searches again.
    pub(crate) fn forget_path(&mut self) {
        if let Some(path) = &mut self.path {
            path.clear();
        }
    }

    /// Whether the search stopped at its [`Searcher::budget`].
    pub(crate) fn out_of_budget(&self) -> bool {
        self.expanded >= self.budget
    }

    /// The reply's window end for the move's window end `cut`: `f(cut)` with its side flipped
    /// where `f` is its own inverse there, else open (`None`).
    #[inline(always)]
    pub(crate) fn reply_cut(
        &self,
        position: G::Position,
        mv: G::Move,
        cut: Option<Cut<G::Value>>,
    ) -> Option<Cut<G::Value>> {
        let cut = cut?;
        let reply = self.game.move_value(position, mv, cut.value);
        (self.game.move_value(position, mv, reply) == cut.value).then_some(Cut {
            value: reply,
            above: !cut.above,
        })
    }

    /// The value of `position` (not over) within `(low, high)`, fail-soft: exact when it lies
    /// inside, an upper bound on the true value when at or under `low`, a lower bound when
    /// over `high`.
    #[inline]
    pub(crate) fn value(
        &mut self,
        position: G::Position,
        low: Option<Cut<G::Value>>,
        high: Option<Cut<G::Value>>,
        depth: u64,
    ) -> Result<G::Value, Error> {
        self.value_of(position, low, high, depth, false)
    }

    /// [`Searcher::value`] of a position reached by one of [`Game::search_moves_after`]'s
    /// moves (`reply`) or not.
    #[inline]
    fn value_of(
        &mut self,
        position: G::Position,
        low: Option<Cut<G::Value>>,
        high: Option<Cut<G::Value>>,
        depth: u64,
        reply: bool,
    ) -> Result<G::Value, Error> {
        let place = self.place(position);
        if place.key.is_some() {
            self.table.prefetch(place.hash);
        }
        self.value_at(position, place, low, high, depth, reply)
    }

    /// Where `position` is kept in the table: its representative's key, the key's hash, and
    /// whether it is that representative's mirror image.
    #[inline(always)]
    fn place(&self, position: G::Position) -> Place<K::Key> {
        let (key, flipped) = K::key(self.game, position);
        Place {
            hash: key.as_ref().map_or(0, K::hash),
            key,
            flipped,
        }
    }

    /// [`Searcher::value_of`] of a position whose place in the table is known (its parent
    /// found it, and asked for its bucket). Inlined into the move loop, the recursion being
    /// `expand` alone (a call and its saved registers fewer a position: 3% of Connect Four's
    /// instructions); the rare new stack segment is [`Searcher::expand_on_new_segment`]'s.
    #[inline(always)]
    fn value_at(
        &mut self,
        position: G::Position,
        place: Place<K::Key>,
        low: Option<Cut<G::Value>>,
        high: Option<Cut<G::Value>>,
        depth: u64,
        reply: bool,
    ) -> Result<G::Value, Error> {
        if depth.is_multiple_of(STACK_CHECK_EVERY) && stack::below_floor(self.stack_floor) {
            return self.expand_on_new_segment(position, place, low, high, depth, reply);
        }
        self.expand(position, place, low, high, depth, reply)
    }

    /// Searches `position` (not over) within `(low, high)`; see [`Searcher::value`]. `reply`:
    /// the position was reached by a move of [`Game::search_moves_after`].
    fn expand(
        &mut self,
        position: G::Position,
        place: Place<K::Key>,
        mut low: Option<Cut<G::Value>>,
        mut high: Option<Cut<G::Value>>,
        depth: u64,
        reply: bool,
    ) -> Result<G::Value, Error> {
        let game = self.game;
        // The bucket was asked for (by the parent, or by `value`): it is fetched while the
        // game's hooks run.
        let Place { key, hash, flipped } = place;
        // One call for what the game knows at once (`winning_move_now`, `value_bounds`).
        let facts = if reply {
            game.search_facts_of_reply(position)
        } else {
            game.search_facts(position)
        };
        // A move that wins at once answers the position without a search (the game vouches
        // that no value of the position is better).
        if let Some(mv) = facts.wins_with {
            let child = game.play(position, mv);
            if let Some(over) = game.terminal_value(child) {
                // Not stored: the hook answers again, before any table lookup.
                return Ok(game.move_value(position, mv, over));
            }
        }
        // The game's own bounds narrow the window first, as a table entry would.
        if let Some((lower, upper)) = facts.bounds {
            if let Some(answer) = narrow(Some(lower), Some(upper), &mut low, &mut high) {
                return Ok(answer);
            }
        }
        let stored = key.as_ref().and_then(|key| self.table.get(hash, key));
        let mut hint = None;
        if let Some(entry) = stored {
            if let Some(exact) = entry.exact() {
                self.recorder.memo_hit();
                return Ok(exact);
            }
            if let Some(answer) = narrow(entry.lower, entry.upper, &mut low, &mut high) {
                self.recorder.memo_hit();
                return Ok(answer);
            }
            hint = (entry.best != NO_MOVE && entry.flipped == flipped).then_some(entry.best);
        }
        self.clock.tick_or_stop(NAME, G::NAME)?;
        if self.expanded >= self.budget
            || self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed))
        {
            // Out of its budget, or another thread has the answer: this error is never
            // reported (see `parallel`).
            return Err(Error::Inconsistent {
                game: G::NAME,
                position: String::new(),
            });
        }
        self.recorder.position(depth);
        self.expanded += 1;
        let work_before = self.expanded;
        if let Some(path) = &mut self.path {
            if !path.insert(position) {
                return Err(Error::PositionRepeats {
                    backend: NAME,
                    game: G::NAME,
                    position: game.show_position(position),
                });
            }
        }
        let slot = usize::try_from(depth).unwrap_or(usize::MAX);
        if self.buffers.len() <= slot {
            self.buffers.resize_with(slot.saturating_add(1), Vec::new);
            self.places.resize_with(slot.saturating_add(1), Vec::new);
        }
        let mut moves = std::mem::take(&mut self.buffers[slot]);
        let mut children = std::mem::take(&mut self.places[slot]);
        // With no move that wins at once, the moves are `search_moves_after`'s (`listed`).
        let listed = facts.wins_with.is_none();
        if listed {
            game.search_moves_after(position, facts.scan, &mut moves);
        } else {
            game.search_moves_into(position, &mut moves);
        }
        // The table's best move first.
        let hint = hint.map(usize::from).filter(|&h| h != 0 && h < moves.len());
        if let Some(best) = hint {
            moves.swap(0, best);
        }
        // Every child's place found and its bucket asked for at once, so that their reads
        // overlap each other and this position's work (each child's own request, made just
        // before its lookup, came too late: half the search's time was spent waiting for a
        // bucket); the child is handed its place.
        // Only for a table past the caches, and only the first few moves (the rest found
        // when their turn comes): most positions stop at their first move.
        children.clear();
        if self.ahead {
            for &mv in moves.iter().take(AHEAD) {
                let child = game.play(position, mv);
                let place = self.place(child);
                if place.key.is_some() {
                    self.table.prefetch(place.hash);
                }
                children.push((child, place));
            }
        }
        let window_low = low;
        let over_after = game.terminal_values_after(position);
        let mut best: Option<(G::Value, usize)> = None;
        let mut outcome = Ok(());
        // Threads sharing the table (ABDADA, `parallel.rs`): a move other than the first that
        // another thread is searching is put off (its bit here) until the others are done.
        let shares = self.table.shares(depth);
        let (mut next, mut deferred) = (0, 0u64);
        loop {
            let (i, first_pass) = if next < moves.len() {
                next += 1;
                (next - 1, true)
            } else if deferred != 0 {
                let i = deferred.trailing_zeros() as usize;
                deferred &= deferred - 1;
                (i, false)
            } else {
                break;
            };
            let mv = moves[i];
            let token = move_token(hash, flipped, i);
            if shares && first_pass && i > 0 && i < 64 && self.table.busy(token) {
                deferred |= 1 << i;
                continue;
            }
            let (child, place) = match children.get(i) {
                Some(&(child, place)) => (child, Some(place)),
                None => (game.play(position, mv), None),
            };
            // A listed move that the game vouches ends nothing is not asked.
            let over = if G::LISTED_MOVES_NEVER_END && listed {
                debug_assert!(over_after(mv, child).is_none());
                None
            } else {
                over_after(mv, child)
            };
            let reply = match over {
                Some(over) => over,
                None => {
                    let reply_low = self.reply_cut(position, mv, high);
                    let reply_high = self.reply_cut(position, mv, low);
                    if shares {
                        self.table.enter(token);
                    }
                    let reply = match place {
                        Some(place) => {
                            self.value_at(child, place, reply_low, reply_high, depth + 1, listed)
                        }
                        None => self.value_of(child, reply_low, reply_high, depth + 1, listed),
                    };
                    if shares {
                        self.table.leave(token);
                    }
                    match reply {
                        Ok(reply) => reply,
                        Err(e) => {
                            outcome = Err(e);
                            break;
                        }
                    }
                }
            };
            let score = game.move_value(position, mv, reply);
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, i));
            }
            if over_low(&score, low) {
                low = Some(Cut::above(score));
            }
            if over_high(&score, high) || score.is_best_possible() {
                break;
            }
        }
        // The swap undone, so the index stored is the move's place in the game's list.
        let best = best.map(|(value, i)| match hint {
            Some(h) if i == 0 => (value, h),
            Some(h) if i == h => (value, 0),
            _ => (value, i),
        });
        self.buffers[slot] = moves;
        self.places[slot] = children;
        outcome?;
        if let Some(path) = &mut self.path {
            path.remove(&position);
        }
        let Some((value, index)) = best else {
            return Err(Error::NoMoves {
                game: G::NAME,
                position: game.show_position(position),
            });
        };
        if let Some(key) = key {
            let fails_low = !over_low(&value, window_low);
            let fails_high = over_high(&value, high);
            let work = u32::try_from(self.expanded - work_before + 1).unwrap_or(u32::MAX);
            let entry = Entry {
                key,
                lower: (!fails_low).then_some(value),
                upper: (!fails_high).then_some(value),
                best: if fails_low {
                    NO_MOVE
                } else {
                    u16::try_from(index).unwrap_or(NO_MOVE)
                },
                flipped,
                work,
            };
            if self.table.store(hash, entry) {
                self.recorder.states_stored(1);
            }
        }
        Ok(value)
    }
}
