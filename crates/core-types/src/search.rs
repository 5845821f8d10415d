//! The one generic search over the game vocabulary: negamax with a memo policy.
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
//! [`Recorder`] (compiled away with [`NoStats`](crate::NoStats)), grows its stack on heap
//! segments when deep ([`crate::stack`]), and counts those segments with the memo's tables
//! against one memory cap.
//!
//! # Complexity
//!
//! With a memo: `O(S · m)` game calls for `S` distinct positions reachable and `m` moves per
//! position, one memo entry per position. Without: one expansion per path of the game tree up
//! to each position's first winning move. Stack: `O(depth)` frames.
//!
//! # Examples
//!
//! ```
//! use core_types::search::{HashMemo, NoMemo, Plain, Search, SearchNames};
//! use core_types::deadline::WorkBudget;
//! use core_types::{CanIWin, Deadline, DeadlineClock, Game, NoStats, Verdict};
//!
//! let game = CanIWin::new(5, 11)?;
//! let names = SearchNames { who: "example", budget_hint: "", cap_hint: "" };
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

use std::hash::Hash;
use std::marker::PhantomData;
use std::mem::{align_of, size_of, MaybeUninit};

use hashbrown::{HashMap, HashSet};

use crate::deadline::{DeadlineClock, WorkBudget};
use crate::stack::{self, StackRefused};
use crate::{Error, Event, Game, GameValue, Indexed, Recorder, Verdict};

/// What the search keeps of a position: its value alone, or its value and remoteness.
pub trait Score<V: GameValue>: Copy {
    /// The score of a position that is over with `value` for the player to move.
    fn terminal(value: V) -> Self;
    /// The score of a move worth `value` to the mover, whose reply position scored `reply`.
    fn after_move(value: V, reply: Self) -> Self;
    /// The value part.
    fn value(self) -> V;
    /// Whether this score is strictly better than `other` for the player to move.
    fn better_than(self, other: Self) -> bool;
    /// Whether no move can score better (the search then stops trying moves).
    fn cannot_be_beaten(self) -> bool;
}

/// The value alone: what a solver needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Plain<V>(pub V);

impl<V: GameValue> Score<V> for Plain<V> {
    #[inline(always)]
    fn terminal(value: V) -> Self {
        Plain(value)
    }
    #[inline(always)]
    fn after_move(value: V, _reply: Self) -> Self {
        Plain(value)
    }
    #[inline(always)]
    fn value(self) -> V {
        self.0
    }
    #[inline(always)]
    fn better_than(self, other: Self) -> bool {
        self.0 > other.0
    }
    #[inline(always)]
    fn cannot_be_beaten(self) -> bool {
        self.0.is_best_possible()
    }
}

/// The value and the remoteness (moves until the end under perfect play: the winner hurries,
/// the loser and a drawing player delay): what an analysis needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ranked<V> {
    /// The value for the player to move.
    pub value: V,
    /// Moves until the end (0 when the game is over).
    pub remoteness: u32,
}

impl<V: GameValue> Ranked<V> {
    /// How `self` compares with `other` for the player to move: a larger value is better; at
    /// equal values a win is better sooner, anything else later.
    pub fn cmp_for_mover(&self, other: &Self) -> std::cmp::Ordering {
        self.value.cmp(&other.value).then_with(|| {
            if self.value.verdict() == Verdict::Win {
                other.remoteness.cmp(&self.remoteness)
            } else {
                self.remoteness.cmp(&other.remoteness)
            }
        })
    }
}

impl<V: GameValue> Score<V> for Ranked<V> {
    fn terminal(value: V) -> Self {
        Ranked {
            value,
            remoteness: 0,
        }
    }
    fn after_move(value: V, reply: Self) -> Self {
        Ranked {
            value,
            remoteness: reply.remoteness.saturating_add(1),
        }
    }
    fn value(self) -> V {
        self.value
    }
    fn better_than(self, other: Self) -> bool {
        self.cmp_for_mover(&other).is_gt()
    }
    fn cannot_be_beaten(self) -> bool {
        // A win in one move: no value is larger and no win sooner.
        self.value.is_best_possible() && self.remoteness == 1
    }
}

/// Why a memo would not store one more position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoRefusal {
    /// The state budget is reached.
    Budget {
        /// The budget.
        budget: u64,
    },
    /// The memo's next growth would pass the memory cap.
    Cap {
        /// The positions it would hold.
        states: u64,
        /// The bytes it would hold then, with the stack segments.
        required_bytes: u128,
    },
    /// The system refused the growth.
    Allocation {
        /// The positions it holds.
        states: u64,
        /// The bytes the growth asked for, with the stack segments.
        required_bytes: u128,
    },
}

/// Where the search remembers positions, if anywhere.
pub trait MemoPolicy<P, S> {
    /// Whether it remembers anything (a search without a memo skips the lookups).
    const REMEMBERS: bool;
    /// The stored score of `position`.
    fn get(&self, position: &P) -> Option<S>;
    /// Stores `score` for `position`, or says why not; `other_bytes` are the bytes held
    /// beside the memo (stack segments) that count against the same cap.
    ///
    /// # Errors
    ///
    /// A [`MemoRefusal`] at the state budget, the memory cap or a refused allocation.
    fn store(&mut self, position: P, score: S, other_bytes: u64) -> Result<(), MemoRefusal>;
    /// Bytes the memo holds now.
    fn bytes(&self) -> u128;
    /// Positions it can hold without growing (its table's cells).
    fn capacity(&self) -> usize;
}

/// No memo: plain recursion.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoMemo;

impl<P, S> MemoPolicy<P, S> for NoMemo {
    const REMEMBERS: bool = false;
    #[inline(always)]
    fn get(&self, _position: &P) -> Option<S> {
        None
    }
    #[inline(always)]
    fn store(&mut self, _position: P, _score: S, _other: u64) -> Result<(), MemoRefusal> {
        Ok(())
    }
    fn bytes(&self) -> u128 {
        0
    }
    fn capacity(&self) -> usize {
        0
    }
}

/// A hash map from position to score, bounded by a state budget and a memory cap counted on
/// the tables as `hashbrown` lays them out ([`map_bytes`], [`growth_bytes`]): a growth that
/// would pass the cap (old and new table together, as while the entries move) is refused
/// before it is asked for.
#[derive(Clone, Debug)]
pub struct HashMemo<P, S> {
    map: HashMap<P, S>,
    budget: u64,
    cap: u64,
}

impl<P, S> HashMemo<P, S> {
    /// An empty memo with a state budget and a memory cap in bytes.
    pub fn new(budget: u64, cap: u64) -> Self {
        HashMemo {
            map: HashMap::new(),
            budget,
            cap,
        }
    }

    /// The positions stored.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

impl<P: Copy + Eq + Hash, S: Copy> MemoPolicy<P, S> for HashMemo<P, S> {
    const REMEMBERS: bool = true;

    #[inline]
    fn get(&self, position: &P) -> Option<S> {
        self.map.get(position).copied()
    }

    fn store(&mut self, position: P, score: S, other_bytes: u64) -> Result<(), MemoRefusal> {
        let len = self.map.len();
        if len as u64 >= self.budget {
            return Err(MemoRefusal::Budget {
                budget: self.budget,
            });
        }
        let capacity = self.map.capacity();
        if len >= capacity {
            // The insertion grows the table: the old and the new one are held together.
            let required = growth_bytes::<P, S>(capacity) + u128::from(other_bytes);
            if required > u128::from(self.cap) {
                return Err(MemoRefusal::Cap {
                    states: len as u64 + 1,
                    required_bytes: required,
                });
            }
            if self.map.try_reserve(1).is_err() {
                return Err(MemoRefusal::Allocation {
                    states: len as u64,
                    required_bytes: required,
                });
            }
        }
        self.map.insert(position, score);
        Ok(())
    }

    fn bytes(&self) -> u128 {
        map_bytes::<P, S>(self.map.capacity())
    }

    fn capacity(&self) -> usize {
        self.map.capacity()
    }
}

/// A table with one cell per index of an [`Indexed`] game: no hashing and no growth. Its size
/// is known before the search starts, so the memory cap is checked then, and the whole table is
/// allocated at once (fallibly).
///
/// A cell is an `Option<S>` where that costs no more than `S` (a win/lose/draw value: one
/// byte), else the bare score with one bit beside it saying whether it is stored: an
/// `Option<S>` would double a margin's cell (32 bytes, for the alignment of `i128`), and a
/// table of margins is read at random, so its bytes are its speed. The cells are not written
/// before the search stores them: the system gives their pages when first touched, and
/// positions never reached cost no memory.
pub struct DenseMemo<'g, G, S> {
    game: &'g G,
    /// The cells when `Option<S>` is as small as `S` ([`DenseMemo::OPTIONS`]); else empty.
    options: Vec<Option<S>>,
    /// Otherwise the scores: cell `i` is initialised when bit `i` of `stored` is set.
    scores: Vec<MaybeUninit<S>>,
    stored: Vec<u64>,
}

impl<'g, G: Indexed, S: Copy> DenseMemo<'g, G, S> {
    /// Whether an `Option<S>` cell costs nothing more than `S`.
    const OPTIONS: bool = size_of::<Option<S>>() == size_of::<S>();

    /// Bytes the table of `game` takes.
    pub fn bytes_for(game: &G) -> u128 {
        Self::bytes_of(u128::from(game.position_count()))
    }

    fn bytes_of(count: u128) -> u128 {
        if Self::OPTIONS {
            count * size_of::<S>() as u128
        } else {
            count * size_of::<S>() as u128 + count.div_ceil(64) * 8
        }
    }

    /// The table for `game`, within `cap` bytes.
    ///
    /// # Errors
    ///
    /// [`MemoRefusal::Cap`] when the table would pass the cap, [`MemoRefusal::Allocation`]
    /// when the system refuses it.
    pub fn new(game: &'g G, cap: u64) -> Result<Self, MemoRefusal> {
        let count = game.position_count();
        let required_bytes = Self::bytes_for(game);
        let cells = usize::try_from(count)
            .ok()
            .filter(|_| required_bytes <= u128::from(cap));
        let Some(cells) = cells else {
            return Err(MemoRefusal::Cap {
                states: count,
                required_bytes,
            });
        };
        let refused = MemoRefusal::Allocation {
            states: count,
            required_bytes,
        };
        let (mut options, mut scores, mut stored) = (Vec::new(), Vec::new(), Vec::new());
        if Self::OPTIONS {
            options.try_reserve_exact(cells).map_err(|_| refused)?;
            options.resize(cells, None);
        } else {
            stored
                .try_reserve_exact(cells.div_ceil(64))
                .map_err(|_| refused)?;
            stored.resize(cells.div_ceil(64), 0);
            scores.try_reserve_exact(cells).map_err(|_| refused)?;
            // SAFETY: the capacity is `cells` (reserved above), and a `MaybeUninit` needs no
            // initialisation; a cell is read only once its bit in `stored` says it was
            // written.
            unsafe { scores.set_len(cells) };
        }
        Ok(DenseMemo {
            game,
            options,
            scores,
            stored,
        })
    }
}

impl<G: Indexed, S: Copy> MemoPolicy<G::Position, S> for DenseMemo<'_, G, S> {
    const REMEMBERS: bool = true;

    #[inline]
    fn get(&self, position: &G::Position) -> Option<S> {
        let index = self.game.index(*position);
        if Self::OPTIONS {
            return self.options.get(index).copied().flatten();
        }
        let word = self.stored.get(index / 64)?;
        if word >> (index % 64) & 1 == 0 {
            return None;
        }
        // SAFETY: the bit is set only by `store`, after it wrote this cell.
        self.scores
            .get(index)
            .map(|cell| unsafe { cell.assume_init() })
    }

    #[inline]
    fn store(&mut self, position: G::Position, score: S, _other: u64) -> Result<(), MemoRefusal> {
        // An index past the table is the game's bug; the position is then not remembered,
        // which costs time, never a wrong answer.
        let index = self.game.index(position);
        if Self::OPTIONS {
            if let Some(cell) = self.options.get_mut(index) {
                *cell = Some(score);
            }
        } else if let (Some(cell), Some(word)) =
            (self.scores.get_mut(index), self.stored.get_mut(index / 64))
        {
            *cell = MaybeUninit::new(score);
            *word |= 1 << (index % 64);
        }
        Ok(())
    }

    fn bytes(&self) -> u128 {
        Self::bytes_of(self.capacity() as u128)
    }

    fn capacity(&self) -> usize {
        self.options.len().max(self.scores.len())
    }
}

/// Control bytes `hashbrown` reads at once (its `Group::WIDTH`: 16 with SSE2, 8 otherwise;
/// the larger is counted). Each table has one group of control bytes past its buckets.
const GROUP: u128 = 16;

/// Bytes `hashbrown` allocates for a table of `buckets` buckets of `(K, V)` (a power of two;
/// none for 0): the slots, padded to the alignment of the control bytes, one control byte per
/// bucket and one group more.
fn table_bytes<K, V>(buckets: u128) -> u128 {
    if buckets == 0 {
        return 0;
    }
    let slot = size_of::<(K, V)>() as u128;
    let align = (align_of::<(K, V)>() as u128).max(GROUP);
    (slot * buckets).next_multiple_of(align) + buckets + GROUP
}

/// The buckets of a `hashbrown` table whose `capacity()` is `capacity`: tables of up to 8
/// buckets keep one empty, larger ones are at most 7/8 full.
fn buckets_of(capacity: usize) -> u128 {
    let capacity = capacity as u128;
    match capacity {
        0 => 0,
        1..8 => capacity + 1,
        _ => capacity / 7 * 8,
    }
}

/// The buckets `hashbrown` allocates to hold `items` entries (at most: small tables may get
/// fewer).
fn buckets_for(items: u128) -> u128 {
    match items {
        0..8 => 8,
        8..15 => 16,
        _ => (items * 8).div_ceil(7).next_power_of_two(),
    }
}

/// Bytes a `hashbrown` map from `K` to `V` of `capacity` (its `capacity()`) holds.
pub fn map_bytes<K, V>(capacity: usize) -> u128 {
    table_bytes::<K, V>(buckets_of(capacity))
}

/// Bytes held while a full map of `capacity` grows to take one more entry: its table and the
/// one twice as large that its entries move into, both allocated until the move ends.
pub fn growth_bytes<K, V>(capacity: usize) -> u128 {
    map_bytes::<K, V>(capacity) + table_bytes::<K, V>(buckets_for(capacity as u128 + 1))
}

/// How the search is paced: a step per expanded position, which may stop it (a node budget,
/// a time limit), reading the clock only now and then.
pub trait Pace {
    /// One more position is expanded.
    ///
    /// # Errors
    ///
    /// The budget's or the time limit's error, naming `who` and `game`.
    fn step(&mut self, names: &SearchNames, game: &'static str) -> Result<(), Error>;
}

impl Pace for WorkBudget {
    #[inline]
    fn step(&mut self, names: &SearchNames, game: &'static str) -> Result<(), Error> {
        if self.take() {
            return Ok(());
        }
        Err(
            self.error(names.who, game, |budget| Error::BudgetExhausted {
                backend: names.who,
                game,
                budget,
                unit: "positions",
                hint: names.budget_hint,
            }),
        )
    }
}

impl Pace for DeadlineClock {
    #[inline]
    fn step(&mut self, names: &SearchNames, game: &'static str) -> Result<(), Error> {
        self.tick_or_stop(names.who, game)
    }
}

/// The names a search's errors carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchNames {
    /// Who searches: the backend (`memo`) or the command (`analyze`).
    pub who: &'static str,
    /// Advice when a node budget runs out; empty or starting with `"; "`.
    pub budget_hint: &'static str,
    /// Advice at the memory cap; empty or starting with `"; "`.
    pub cap_hint: &'static str,
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
/// The stack is looked at every [`STACK_CHECK_EVERY`] levels only (reading it costs a call
/// per position, about 3 % of a memo's time): those levels' frames, a few hundred bytes each
/// for the built-in games, must fit in the red zone.
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
    score: PhantomData<S>,
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
        self.pace.step(&self.names, G::NAME)?;
        self.recorder.position(depth);
        self.recorder.event(Event::Enter(position));
        if let Some(path) = &mut self.path {
            if !path.insert(position) {
                return Err(self.repeats(position));
            }
        }
        let slot = usize::try_from(depth).unwrap_or(usize::MAX);
        if self.buffers.len() <= slot {
            self.deeper(slot, depth)?;
        }
        let mut moves = std::mem::take(&mut self.buffers[slot]);
        let capacity = moves.capacity();
        // The root reports the first best move in the game's order; below it, any best move
        // serves, and a memo's search takes the game's search order, which finds one sooner.
        // Plain recursion keeps the game's order everywhere: its tree is the one taught (the
        // positions `recursive/backtrack` expands).
        if M::REMEMBERS && depth > 1 && !self.game_order {
            self.game.search_moves_into(position, &mut moves);
        } else {
            self.game.moves_into(position, &mut moves);
        }
        if moves.capacity() > capacity {
            self.buffer_bytes += ((moves.capacity() - capacity) * size_of::<G::Move>()) as u64;
        }
        let mut best: Option<(S, G::Move)> = None;
        for &mv in &moves {
            let child = self.game.play(position, mv);
            let reply = self.score_at(child, depth + 1)?;
            let score = S::after_move(self.game.move_value(position, mv, reply.value()), reply);
            if best.is_none_or(|(b, _)| score.better_than(b)) {
                best = Some((score, mv));
                if score.cannot_be_beaten() {
                    break;
                }
            }
        }
        self.buffers[slot] = moves;
        let Some((score, mv)) = best else {
            return Err(self.no_moves(position));
        };
        if let Some(path) = &mut self.path {
            path.remove(&position);
        }
        if M::REMEMBERS {
            self.store(position, score, depth)?;
            self.recorder.states_stored(1);
        }
        self.recorder.event(Event::Leave(position, score.value()));
        Ok((score, mv))
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
        if let Some(value) = self.game.terminal_value(position) {
            return Ok(S::terminal(value));
        }
        if M::REMEMBERS {
            if let Some(score) = self.memo.get(&position) {
                self.recorder.memo_hit();
                self.recorder.event(Event::MemoHit(position, score.value()));
                return Ok(score);
            }
        }
        if depth.is_multiple_of(STACK_CHECK_EVERY) && stack::needs_segment(RED_ZONE) {
            // A new segment, counted against the cap before it is mapped.
            let segment = self.admit_segment(depth)?;
            let (who, game) = (self.names.who, G::NAME);
            let refused = |refused: StackRefused| refused.error(who, game, "");
            let reply = stack::grow_fallible(SEGMENT, refused, || self.expand(position, depth));
            self.stack_bytes -= segment;
            return Ok(reply?.0);
        }
        Ok(self.expand(position, depth)?.0)
    }

    /// Bytes held beside the memo that count against the cap: the stack segments, the move
    /// lists' buffers, the path's positions (when kept) and what the game holds
    /// ([`Game::held_bytes`]).
    fn other_bytes(&self) -> u64 {
        let path = self
            .path
            .as_ref()
            .map_or(0, |path| map_bytes::<G::Position, ()>(path.capacity()));
        let path = u64::try_from(path).unwrap_or(u64::MAX);
        self.stack_bytes
            .saturating_add(self.buffer_bytes)
            .saturating_add(path)
            .saturating_add(self.game.held_bytes())
    }

    /// One more move list for the first position at `depth` (slot `slot`), the bytes held
    /// beside the memo checked against the cap first: a search that goes ever deeper (a game
    /// that does not end) stops at the cap even without a memo.
    #[cold]
    fn deeper(&mut self, slot: usize, depth: u64) -> Result<(), Error> {
        let lists = slot.saturating_add(1);
        if lists > self.buffers.capacity() {
            let grown = lists.max(self.buffers.capacity() * 2);
            let before = self.buffers.capacity() * size_of::<Vec<G::Move>>();
            self.buffer_bytes += (grown * size_of::<Vec<G::Move>>() - before) as u64;
            let required = self.memo.bytes() + u128::from(self.other_bytes());
            if required > u128::from(self.cap) {
                return Err(Error::TableTooLarge {
                    backend: self.names.who,
                    game: G::NAME,
                    parameter: "depth",
                    value: depth,
                    required_bytes: required,
                    memory_cap_bytes: self.cap,
                    hint: self.names.cap_hint,
                });
            }
            self.buffers.reserve_exact(grown - self.buffers.len());
        }
        self.buffers.resize_with(lists, Vec::new);
        Ok(())
    }

    /// The error for `position` met again on the search's path.
    #[cold]
    fn repeats(&self, position: G::Position) -> Error {
        Error::PositionRepeats {
            backend: self.names.who,
            game: G::NAME,
            position: self.game.show_position(position),
        }
    }

    fn no_moves(&self, position: G::Position) -> Error {
        Error::NoMoves {
            game: G::NAME,
            position: self.game.show_position(position),
        }
    }

    /// Counts a new stack segment for the search at `depth`, or refuses it past the cap;
    /// returns the bytes counted, to give back when the segment is unmapped.
    fn admit_segment(&mut self, depth: u64) -> Result<u64, Error> {
        let segment = stack::segment_mapping_bytes(SEGMENT);
        let required = self.memo.bytes() + u128::from(self.other_bytes()) + u128::from(segment);
        if required > u128::from(self.cap) {
            return Err(Error::TableTooLarge {
                backend: self.names.who,
                game: G::NAME,
                parameter: "depth",
                value: depth,
                required_bytes: required,
                memory_cap_bytes: self.cap,
                hint: self.names.cap_hint,
            });
        }
        self.stack_bytes += segment;
        Ok(segment)
    }

    fn store(&mut self, position: G::Position, score: S, _depth: u64) -> Result<(), Error> {
        let (who, game) = (self.names.who, G::NAME);
        self.memo
            .store(position, score, self.other_bytes())
            .map_err(|refusal| match refusal {
                MemoRefusal::Budget { budget } => Error::BudgetExhausted {
                    backend: who,
                    game,
                    budget,
                    unit: "states",
                    hint: "",
                },
                MemoRefusal::Cap {
                    states,
                    required_bytes,
                } => Error::TableTooLarge {
                    backend: who,
                    game,
                    parameter: "states",
                    value: states,
                    required_bytes,
                    memory_cap_bytes: self.cap,
                    hint: self.names.cap_hint,
                },
                MemoRefusal::Allocation {
                    states,
                    required_bytes,
                } => Error::AllocationFailed {
                    backend: who,
                    game,
                    parameter: "states",
                    value: states,
                    required_bytes,
                    memory_cap_bytes: self.cap,
                    hint: "",
                },
            })
    }
}

#[cfg(test)]
mod tests;
