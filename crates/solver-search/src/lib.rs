//! The one generic search over the game vocabulary: negamax with a memo policy, and the
//! parts every solver's search is built of (the stack segments of a deep search, [`stack`];
//! the sparse state table of the hand-written memos, [`state_table`]).
//!
//! The search engine of the solver crates (`solver-recursive`, `solver-memo`,
//! `solver-tabular`) and of the analysis: the vocabulary (`core-types`) holds what a game
//! is, this crate how it is searched.
//!
//! Every algorithm that works on any [`Game`] is this search with a different policy:
//!
//! | who | memo ([`MemoPolicy`]) | score ([`Score`]) | pace ([`Pace`]) |
//! |---|---|---|---|
//! | `recursive/negamax` | [`NoMemo`] | [`Plain`] value | node budget and clock ([`WorkBudget`]) |
//! | `memo/hash-map` | [`HashMemo`] | [`Plain`] value | clock ([`DeadlineClock`]) |
//! | the analysis of any game | [`HashMemo`] | [`Ranked`]: value and remoteness | clock |
//!
//! A dense table indexed by position is one more [`MemoPolicy`] (the place for the coming
//! indexed games). The search expands a position by trying its moves in the game's order: a
//! move's score is [`Game::move_value`] of the reply's, the best is kept (the first of equals),
//! and the moves after one that cannot be beaten ([`Score::cannot_be_beaten`]: a win, or a win
//! in one move when remoteness counts) are not tried. It reports what it does to a
//! [`Recorder`] (compiled away with [`NoStats`](core_types::NoStats)), grows its stack on heap
//! segments when deep ([`crate::stack`]), and counts those segments with the memo's tables
//! against one memory cap.
//!
//! # Complexity
//!
//! With a memo: `O(S · m)` game calls for `S` distinct positions reachable and `m` moves per
//! position, one memo entry per position (those that are over included). Without: one
//! expansion per path of the game tree up to each position's first winning move. Stack:
//! `O(depth)` frames, and one reused move list per depth; none where the game's order is
//! walked with moves asked one at a time ([`Game::MOVES_ONE_BY_ONE`]: plain recursion, the
//! textbook memo and every root; below a memo's root too when the game's search order is its
//! order, [`Game::SEARCH_ORDER_IS_GAME_ORDER`]), which then asks no move past a position's
//! first one that cannot be beaten.
//!
//! # The game is asked once per position
//!
//! A position met is looked up in the memo first and only then asked
//! [`Game::terminal_value`]; a position that is over is stored too. So with a memo the game is
//! asked `terminal_value` at most once per distinct position (and `moves`/`play` once per
//! position expanded), and without one once per position visited (a node of the tree). A game
//! whose `terminal_value` derives something from the position (a running total) pays for it
//! once per position; a game may also carry such derived data in its position type, or derive
//! it once per position expanded for all of that position's moves
//! ([`Game::terminal_values_after`], which the search asks in place of `terminal_value` of a
//! position it reaches by a move).
//!
//! # Examples
//!
//! ```
//! use solver_search::{HashMemo, NoMemo, Plain, Search, SearchNames};
//! use core_types::deadline::WorkBudget;
//! use core_types::{CanIWin, Deadline, DeadlineClock, Game, NoStats, Verdict};
//!
//! let game = CanIWin::new(5, 11)?;
//! let names = SearchNames { who: "example", budget_hint: &[], cap_hint: &[] };
//! // Plain negamax: no memo, a node budget.
//! let pace = WorkBudget::new(1_000_000, Deadline::after(None));
//! let mut stats = NoStats;
//! let mut search = Search::new(&game, NoMemo, &mut stats, pace, names, u64::MAX);
//! let (Plain(value), _best) = search.expand(game.start(), 1)?;
//! assert_eq!(value, Verdict::Loss);
//! // The same search with a hash-map memo.
//! let memo: HashMemo<u64, Plain<Verdict>> = HashMemo::new(1_000_000, 1 << 30);
//! let pace = DeadlineClock::new(Deadline::after(None));
//! let mut stats = NoStats;
//! let mut search = Search::new(&game, memo, &mut stats, pace, names, 1 << 30);
//! assert_eq!(search.expand(game.start(), 1)?.0, Plain(Verdict::Loss));
//! # Ok::<(), core_types::Error>(())
//! ```

use core_types::error::Hint;
use std::marker::PhantomData;
use std::mem::size_of;

use hashbrown::HashSet;

use core_types::deadline::{DeadlineClock, WorkBudget};
use core_types::{Error, Event, Game, Recorder};

pub mod pages;
pub mod stack;
pub mod state_table;

mod guard;
mod memo;
mod score;

pub use memo::{growth_bytes, map_bytes, DenseMemo, HashMemo, MemoPolicy, MemoRefusal, NoMemo};
pub use score::{Marked, Plain, Ranked, Score};

/// How the search is paced: a step per expanded position, which may stop it (a node budget,
/// a time limit), reading the clock only now and then.
///
/// The step only says whether to go on; the error is made apart ([`Pace::error`]), out of the
/// search's hot path, so that no error's bytes take room in each level's stack frame.
pub trait Pace {
    /// One more position is expanded: `true` to go on, `false` once the search must stop
    /// ([`Pace::error`] then says why).
    fn step(&mut self) -> bool;

    /// Why the last [`Pace::step`] said stop: the budget's or the time limit's error, naming
    /// `names.who` and `game`.
    fn error(&self, names: &SearchNames, game: &'static str) -> Error;
}

impl Pace for WorkBudget {
    #[inline(always)]
    fn step(&mut self) -> bool {
        self.take()
    }

    fn error(&self, names: &SearchNames, game: &'static str) -> Error {
        WorkBudget::error(self, names.who, game, |budget| Error::BudgetExhausted {
            backend: names.who,
            game,
            budget,
            unit: "positions",
            hint: names.budget_hint,
        })
    }
}

impl Pace for DeadlineClock {
    #[inline(always)]
    fn step(&mut self) -> bool {
        !self.tick()
    }

    fn error(&self, names: &SearchNames, game: &'static str) -> Error {
        self.deadline().error(names.who, game)
    }
}

/// The names a search's errors carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchNames {
    /// Who searches: the backend (`memo`) or the command (`analyze`).
    pub who: &'static str,
    /// Advice when a node budget runs out; empty or starting with `"; "`.
    pub budget_hint: Hint,
    /// Advice at the memory cap; empty or starting with `"; "`.
    pub cap_hint: Hint,
}

/// What a generic kernel does before it searches: the answer of a game settled without a
/// search ([`Game::settled`], or a start position that is already over) as `Err`, else the
/// start position to search from.
///
/// # Errors
///
/// The settled answer, as `Err` (not an error: the search is not needed).
pub fn before_search<G: Game>(game: &G) -> Result<G::Position, G::Solution> {
    if let Some(settled) = game.settled() {
        return Err(settled);
    }
    let start = game.start();
    match game.terminal_value(start) {
        Some(value) => Err(game.solution(value, None)),
        None => Ok(start),
    }
}

/// Stack left before the recursion moves to a fresh heap segment, and that segment's size.
/// The stack's floor ([`stack::floor`]) is read once per public entry and per segment; the
/// recursion compares an address of its frame with it every [`STACK_CHECK_EVERY`] levels
/// (every level cost more: `recursive/negamax` on Can I Win 92 against 89 instructions a
/// position), so those levels' frames (about 150 bytes per two levels for Can I Win) must
/// fit in the red zone.
const RED_ZONE: usize = 256 * 1024;
const STACK_CHECK_EVERY: u64 = 4;
const SEGMENT: usize = 1024 * 1024;

/// The search; see the [module docs](self).
pub struct Search<'a, G: Game, S, M, R, T> {
    game: &'a G,
    memo: M,
    recorder: &'a mut R,
    pace: T,
    names: SearchNames,
    /// The memory cap, for the memo's tables and the stack segments together.
    cap: u64,
    /// Bytes of the stack segments mapped for the search right now.
    stack_bytes: u64,
    /// One move list per depth, reused: no allocation per position once the search has been
    /// that deep ([`Game::moves_into`]).
    buffers: Vec<Vec<G::Move>>,
    /// Bytes of the move lists' buffers (their lists and their moves), counted with the stack
    /// segments against the cap.
    buffer_bytes: u64,
    /// The positions on the search's path, when the game's positions may repeat
    /// ([`Game::positions_may_repeat`]).
    path: Option<HashSet<G::Position>>,
    /// Whether a memo's search keeps the game's order ([`Game::moves_into`]) below the root
    /// too, as plain recursion does ([`Search::in_game_order`]).
    game_order: bool,
    /// Why the recursion stopped, while it unwinds ([`Stopped`]).
    failed: Option<Error>,
    /// Below this address the recursion moves to a new stack segment ([`stack::floor`]):
    /// read at each public entry and on each new segment.
    stack_floor: usize,
    score: PhantomData<S>,
}

/// The recursion stopped: its error waits in the search ([`Search::take_error`]).
#[derive(Clone, Copy, Debug)]
struct Stopped;

/// Bytes a search holds beside its memo that count against the cap: `stack` bytes of stack
/// segments, `buffers` bytes of move lists, the `path`'s positions (when kept) and what the
/// game holds ([`Game::held_bytes`]).
fn other_bytes<G: Game>(
    stack: u64,
    buffers: u64,
    path: Option<&HashSet<G::Position>>,
    game: &G,
) -> u64 {
    let path = path.map_or(0, |path| map_bytes::<G::Position, ()>(path.capacity()));
    let path = u64::try_from(path).unwrap_or(u64::MAX);
    stack
        .saturating_add(buffers)
        .saturating_add(path)
        .saturating_add(game.held_bytes())
}

impl<'a, G, S, M, R, T> Search<'a, G, S, M, R, T>
where
    G: Game,
    S: Score<G::Value>,
    M: MemoPolicy<G::Position, S>,
    R: Recorder<G>,
    T: Pace,
{
    /// A search of `game` with this memo, recorder and pace; `cap` bounds the memo's tables
    /// and the stack segments together (`u64::MAX`: no cap).
    pub fn new(
        game: &'a G,
        memo: M,
        recorder: &'a mut R,
        pace: T,
        names: SearchNames,
        cap: u64,
    ) -> Self {
        Search {
            game,
            memo,
            recorder,
            pace,
            names,
            cap,
            stack_bytes: 0,
            buffers: Vec::new(),
            buffer_bytes: 0,
            path: game.positions_may_repeat().then(HashSet::new),
            game_order: false,
            failed: None,
            stack_floor: usize::MAX,
            score: PhantomData,
        }
    }

    /// The same search trying every position's moves in the game's order
    /// ([`Game::moves_into`]) at every depth, as plain recursion does, in place of the search
    /// order a memo takes below the root ([`Game::search_moves_into`]). A memo's search in the
    /// game's order expands exactly the distinct positions of the plain recursion's tree, each
    /// once, in the order the tree first reaches them, and its memo hits are the tree's
    /// repeated subtrees: the textbook memo (`memo/textbook`).
    #[must_use]
    pub fn in_game_order(mut self) -> Self {
        self.game_order = true;
        self
    }

    /// The memo.
    pub fn memo(&self) -> &M {
        &self.memo
    }

    /// The recorder.
    pub fn recorder(&mut self) -> &mut R {
        self.recorder
    }

    /// The score of a position that is neither over nor stored, and its first best move, at
    /// `depth` (the root is 1).
    ///
    /// # Errors
    ///
    /// The pace's error (a budget, a time limit), the memo's refusal as an error, a refused
    /// stack segment, or [`Error::NoMoves`] for a position with no move that is not over.
    pub fn expand(&mut self, position: G::Position, depth: u64) -> Result<(S, G::Move), Error> {
        let slot = self.memo.slot(&position);
        self.stack_floor = stack::floor(RED_ZONE);
        self.expand_in(position, depth, slot)
            .map_err(|Stopped| self.take_error())
    }

    /// Every move of `position` (not over) with its score for the mover, in the game's order:
    /// what an analysis lists.
    ///
    /// # Errors
    ///
    /// As [`Search::expand`].
    pub fn every_move(&mut self, position: G::Position) -> Result<Vec<(G::Move, S)>, Error> {
        let moves = self.game.moves(position);
        if moves.is_empty() {
            return Err(self.no_moves(position));
        }
        let mut scored = Vec::with_capacity(moves.len());
        for mv in moves {
            let child = self.game.play(position, mv);
            let reply = self.score_at(child, 2)?;
            let value = self.game.move_value(position, mv, reply.value());
            scored.push((mv, S::after_move(value, reply)));
        }
        Ok(scored)
    }

    /// The score of any position: over, stored, or expanded now at `depth`.
    ///
    /// # Errors
    ///
    /// As [`Search::expand`].
    #[inline]
    pub fn score_at(&mut self, position: G::Position, depth: u64) -> Result<S, Error> {
        let game = self.game;
        self.stack_floor = stack::floor(RED_ZONE);
        // `true`: the position is expanded by a call, not inlined into every caller.
        self.score_in::<true>(position, depth, || game.terminal_value(position))
            .map_err(|Stopped| self.take_error())
    }

    /// [`Search::expand`] inside the recursion: a failure is kept in `failed` and the
    /// recursion unwinds with the one-byte [`Stopped`], so that every level returns its score
    /// in registers rather than an [`Error`]'s bytes through memory. The score is stored in
    /// `slot`, the memo's place for `position` ([`MemoPolicy::find`]).
    fn expand_in(
        &mut self,
        position: G::Position,
        depth: u64,
        slot: M::Slot,
    ) -> Result<(S, G::Move), Stopped> {
        self.expand_level::<false>(position, depth, slot)
    }

    /// The body of [`Search::expand_in`]. The recursion is unrolled by two: a level entered by a
    /// call (`INLINED` false) expands its children in its own body (`INLINED` true), and theirs
    /// are expanded by a call to [`Search::expand_in`], so a prologue and an epilogue serve two
    /// levels (`recursive/negamax` on Can I Win 89 -> 78 instructions a position, Predict the
    /// Winner's `memo/indexed` 629 M -> 546 M a solve). The stack check still runs every
    /// [`STACK_CHECK_EVERY`] levels, whichever of the two it falls on.
    #[inline(always)]
    fn expand_level<const INLINED: bool>(
        &mut self,
        position: G::Position,
        depth: u64,
        slot: M::Slot,
    ) -> Result<(S, G::Move), Stopped> {
        if !self.pace.step() {
            return Err(self.paced_out());
        }
        self.recorder.position(depth);
        self.recorder.event(Event::Enter(position));
        // Asked of the game, not of the path: a game whose positions never repeat (the default)
        // answers a constant, and the check is compiled away.
        if self.game.positions_may_repeat() {
            self.enter_path(position)?;
        }
        // The root reports the first best move in the game's order; below it, any best move
        // serves, and a memo's search takes the game's search order, which finds one sooner.
        // Plain recursion keeps the game's order everywhere: its tree is the one taught (the
        // positions `recursive/backtrack` expands).
        let game_order = !(M::REMEMBERS && depth > 1 && !self.game_order);
        let best = if G::MOVES_ONE_BY_ONE && (game_order || G::SEARCH_ORDER_IS_GAME_ORDER) {
            self.best_one_by_one::<INLINED>(position, depth)?
        } else {
            self.best_of_list::<INLINED>(position, depth, game_order)?
        };
        let Some((score, mv)) = best else {
            return Err(self.fail_no_moves(position));
        };
        if self.game.positions_may_repeat() {
            self.leave_path(position);
        }
        if M::REMEMBERS {
            self.store(slot, position, score)?;
            self.recorder.states_stored(1);
        }
        self.recorder.event(Event::Leave(position, score.value()));
        Ok((score, mv))
    }

    /// The best score of `position`'s moves and the first move reaching it, the moves asked
    /// one at a time in the game's order ([`Game::next_move`]): no list, and no move asked
    /// past one that cannot be beaten. `None` when the position has no move.
    #[inline(always)]
    fn best_one_by_one<const INLINED: bool>(
        &mut self,
        position: G::Position,
        depth: u64,
    ) -> Result<Option<(S, G::Move)>, Stopped> {
        let Some(first) = self.game.next_move(position, None) else {
            return Ok(None);
        };
        let over = self.game.terminal_values_after(position);
        // The first move is the best so far: the loop compares each later one with it, and
        // asks whether the best cannot be beaten only when it changes (Can I Win's
        // `recursive/negamax`: 95 -> 92 instructions a position).
        let mut mv = first;
        let mut best = (self.move_score::<INLINED>(position, mv, depth, &over)?, mv);
        if best.0.cannot_be_beaten() {
            return Ok(Some(best));
        }
        while let Some(next) = self.game.next_move(position, Some(mv)) {
            mv = next;
            let score = self.move_score::<INLINED>(position, mv, depth, &over)?;
            if score.better_than(best.0) {
                best = (score, mv);
                if score.cannot_be_beaten() {
                    break;
                }
            }
        }
        Ok(Some(best))
    }

    /// The score of `mv` from `position` (at `depth`) for the mover.
    #[inline(always)]
    fn move_score<const INLINED: bool>(
        &mut self,
        position: G::Position,
        mv: G::Move,
        depth: u64,
        over: &impl Fn(G::Move, G::Position) -> Option<G::Value>,
    ) -> Result<S, Stopped> {
        let child = self.game.play(position, mv);
        let reply = self.score_in::<INLINED>(child, depth + 1, || over(mv, child))?;
        Ok(S::after_move(
            self.game.move_value(position, mv, reply.value()),
            reply,
        ))
    }

    /// [`Search::best_one_by_one`] over a list of the moves (the game's order when
    /// `game_order`, else its search order), kept in the move buffer of `depth`.
    #[inline(always)]
    fn best_of_list<const INLINED: bool>(
        &mut self,
        position: G::Position,
        depth: u64,
        game_order: bool,
    ) -> Result<Option<(S, G::Move)>, Stopped> {
        let slot = usize::try_from(depth).unwrap_or(usize::MAX);
        if self.buffers.len() <= slot {
            self.deeper(slot, depth)?;
        }
        let mut moves = std::mem::take(&mut self.buffers[slot]);
        let capacity = moves.capacity();
        if game_order {
            self.game.moves_into(position, &mut moves);
        } else {
            self.game.search_moves_into(position, &mut moves);
        }
        if moves.capacity() > capacity {
            self.buffer_bytes += ((moves.capacity() - capacity) * size_of::<G::Move>()) as u64;
        }
        let over = self.game.terminal_values_after(position);
        let mut best: Option<(S, G::Move)> = None;
        let mut outcome = Ok(());
        for &mv in &moves {
            let child = self.game.play(position, mv);
            let reply = match self.score_in::<INLINED>(child, depth + 1, || over(mv, child)) {
                Ok(reply) => reply,
                Err(stopped) => {
                    outcome = Err(stopped);
                    break;
                }
            };
            let score = S::after_move(self.game.move_value(position, mv, reply.value()), reply);
            if best.is_none_or(|(b, _)| score.better_than(b)) {
                best = Some((score, mv));
                if score.cannot_be_beaten() {
                    break;
                }
            }
        }
        self.buffers[slot] = moves;
        outcome.map(|()| best)
    }

    /// [`Search::score_at`] inside the recursion (see [`Search::expand_in`]). Always inlined:
    /// no function of its own between two levels (with a memo, a second prologue and epilogue
    /// a child: Predict the Winner's `memo/indexed` 257 -> 199 instructions a position). A
    /// child is expanded inline when this level was called (`INLINED` false), else by a call
    /// ([`Search::expand_level`]).
    #[inline(always)]
    fn score_in<const INLINED: bool>(
        &mut self,
        position: G::Position,
        depth: u64,
        over: impl FnOnce() -> Option<G::Value>,
    ) -> Result<S, Stopped> {
        // The memo first, then the game: with a memo, whether `position` is over (`over`:
        // [`Game::terminal_value`], or [`Game::terminal_values_after`] for a position reached
        // by a move) is asked once per distinct position (a position that is over is kept in
        // the memo too); without, once per position visited. A miss gives the memo's slot for
        // the position, where its score is stored once known.
        let slot = match self.memo.find(&position) {
            Ok(score) => {
                if !score.is_terminal() {
                    self.recorder.memo_hit();
                    self.recorder.event(Event::MemoHit(position, score.value()));
                }
                return Ok(score);
            }
            Err(slot) => slot,
        };
        if let Some(value) = over() {
            let score = S::terminal(value);
            if M::REMEMBERS {
                self.store(slot, position, score)?;
            }
            return Ok(score);
        }
        // One destination for both calls: the frame holds one reply, not one per call.
        let expanded =
            if depth.is_multiple_of(STACK_CHECK_EVERY) && stack::below_floor(self.stack_floor) {
                self.expand_on_segment(position, depth, slot)
            } else if !INLINED {
                self.expand_level::<true>(position, depth, slot)
            } else {
                self.expand_in(position, depth, slot)
            };
        Ok(expanded?.0)
    }

    /// [`Search::expand_in`] on a new stack segment, counted against the cap before it is
    /// mapped.
    #[cold]
    #[inline(never)]
    fn expand_on_segment(
        &mut self,
        position: G::Position,
        depth: u64,
        slot: M::Slot,
    ) -> Result<(S, G::Move), Stopped> {
        let segment = match self.admit_segment(depth) {
            Ok(segment) => segment,
            Err(e) => return Err(self.fail(e)),
        };
        let outer_floor = self.stack_floor;
        let reply = stack::grow_fallible(
            SEGMENT,
            |refused| refused,
            || {
                self.stack_floor = stack::floor(RED_ZONE);
                Ok(self.expand_in(position, depth, slot))
            },
        );
        self.stack_floor = outer_floor;
        self.stack_bytes -= segment;
        match reply {
            Ok(reply) => reply,
            Err(refused) => {
                let e = refused.error(self.names.who, G::NAME, &[]);
                Err(self.fail(e))
            }
        }
    }

    /// Stores `score` for `position` in the memo at `slot`, or stops the search with the memo's
    /// refusal as an error ([`Search::refused`], out of line). Inlined: a call a position cost more
    /// than the bytes the memo's answer (a [`MemoRefusal`]) may add to the recursion's frame
    /// (Predict the Winner's `memo/indexed`, 3,000 levels deep: 8 % fewer instructions, no
    /// change in peak memory, 6 % less CPU time; Can I Win's memos the same time).
    #[inline(always)]
    fn store(&mut self, slot: M::Slot, position: G::Position, score: S) -> Result<(), Stopped> {
        // Counted only when the memo grows: most stores go into room it has. The closure
        // borrows the fields it reads (disjoint from the memo's), copying nothing per store.
        let (stack, buffers, path, game) =
            (&self.stack_bytes, &self.buffer_bytes, &self.path, self.game);
        let other_bytes = || other_bytes(*stack, *buffers, path.as_ref(), game);
        match self.memo.store_in(slot, position, score, other_bytes) {
            Ok(()) => Ok(()),
            Err(refusal) => Err(self.refused(refusal)),
        }
    }
}

#[cfg(test)]
mod tests;
