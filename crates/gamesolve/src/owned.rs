//! Games whose positions and moves are not `Copy`: heaps in a `Vec`, a board in a `String`.
//!
//! [`Game`] asks for `Copy + Ord + Hash` positions and `Copy` moves, because every backend
//! passes them by value and keeps them in its tables. A game whose positions own memory
//! implements [`OwnedGame`] instead: the same four rules, taking positions and moves by
//! reference, with positions that are only `Clone + Eq + Hash`. [`Interned`] wraps it into a
//! [`Game`] that every backend, the analysis, the teaching views and (with
//! [`OwnedTableGame`]) every front end of the app take unchanged.
//!
//! # How: interning
//!
//! Each distinct position is given a number (a `u32`) the first time it is seen, and the
//! backends work on numbers; a move is its place in its position's list (`0..k`). Beside each
//! number is what the game said of the position (its terminal value, its moves, where each
//! move led), so each method of the game is asked **at most once per position** (`play` once
//! per position and move), whatever the backend. Numbers are ordered by when they were first
//! seen: that is the `Ord` the views sort by, the same for the same search.
//!
//! # Cost
//!
//! Time: each question a backend asks is one uncontended lock and a vector read when it was
//! answered before; a new position adds one hash of it and one lookup (two vector pushes and
//! a hash-table insertion when it is new). Memory, held while the [`Interned`] value (or a
//! clone of it) lives: per distinct position, the position itself, about 40 bytes beside it
//! and the bytes it owns ([`OwnedGame::heap_bytes`]); per move listed, the move and 4 bytes.
//! It is counted against the solve's memory cap with the search's own tables
//! ([`Game::held_bytes`], which a search reads when its memo or its stack grows: the memos
//! refuse past the solve's cap; `recursive/negamax`, which keeps no memo, reads it only when
//! it goes deeper), and bounded in every case by the wrapper's own cap
//! ([`Interned::with_memory_cap`], 1 GiB by default, the library's default cap): past it the
//! solve returns [`Error::TableTooLarge`] (an honest "cannot answer"), never aborts.
//!
//! A `Copy` game pays nothing for any of this: it implements [`Game`] directly, and nothing in
//! its path changed.
//!
//! # Example: Nim with its heaps in a `Vec`
//!
//! ```
//! use gamesolve::owned::{Interned, OwnedGame};
//! use gamesolve::{solve, Game, Outcome, Verdict};
//!
//! #[derive(Clone, Debug)]
//! struct Nim(Vec<u32>);
//!
//! impl OwnedGame for Nim {
//!     const NAME: &'static str = "nim";
//!     type Position = Vec<u32>;
//!     /// Which heap, and how many to take from it.
//!     type Move = (usize, u32);
//!     type Value = Verdict;
//!     fn start(&self) -> Vec<u32> { self.0.clone() }
//!     fn terminal_value(&self, heaps: &Vec<u32>) -> Option<Verdict> {
//!         heaps.iter().all(|&h| h == 0).then_some(Verdict::Loss)
//!     }
//!     fn moves(&self, heaps: &Vec<u32>) -> Vec<(usize, u32)> {
//!         (0..heaps.len()).flat_map(|i| (1..=heaps[i]).map(move |take| (i, take))).collect()
//!     }
//!     fn play(&self, heaps: &Vec<u32>, &(i, take): &(usize, u32)) -> Vec<u32> {
//!         let mut after = heaps.clone();
//!         after[i] -= take;
//!         after
//!     }
//! }
//!
//! // The first player wins when the heaps' XOR is not 0: 1 ^ 2 ^ 3 == 0.
//! assert_eq!(solve(&Interned::new(Nim(vec![1, 2, 3])))?.outcome, Outcome::SecondPlayerWins);
//! let game = Interned::new(Nim(vec![3, 4, 5]));
//! let answer = solve(&game)?;
//! assert_eq!(answer.outcome, Outcome::FirstPlayerWins);
//! assert_eq!(answer.best_move_shown.as_deref(), Some("(0, 2)")); // 1 ^ 4 ^ 5 == 0
//! assert_eq!(game.position(game.start()), Some(vec![3, 4, 5]));
//! # Ok::<(), gamesolve::Error>(())
//! ```
//!
//! The workspace's `examples/nim.rs` is the same game with its row of the game table
//! ([`OwnedTableGame`]): `cargo run --example nim -- nim 3 4 5`, `analyze`, `explain`,
//! `play`, `compare` and `serve` offer it beside the built-in games.
//!
//! # Why a lock and an arena of our own
//!
//! [`Game`]'s methods take `&self` and a game is `Send + Sync`, so the numbering is behind a
//! [`Mutex`] (each question takes it once; the generic backends ask from
//! one thread). The arena is a `Vec` of positions with a [`hashbrown::HashTable`] of their
//! numbers, so a position is stored once (a map from position to number would keep a second
//! clone), and its bytes are known to the byte, which an interning crate (`internment`'s
//! global, leaked arenas; `lasso`'s strings only) does not tell.

use std::fmt;
use std::hash::Hash;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use core_types::limits::DEFAULT_MEMORY_CAP_BYTES;

use crate::{Error, Game, GameValue, Solved};

mod arena;
mod table;
#[cfg(test)]
mod tests;

use arena::{Arena, NONE};
pub use table::OwnedTableGame;

/// A game defined on positions and moves that are not `Copy`; see the [module docs](self).
///
/// Four methods and three types, as [`Game`]'s, taking positions and moves by reference;
/// everything else has a default. [`Interned`] makes it a [`Game`].
pub trait OwnedGame: Clone + fmt::Debug + Send + Sync + 'static {
    /// The game's machine name ([`Game::NAME`]).
    const NAME: &'static str = "game";

    /// What the player to move sees: any value that can be cloned, compared and hashed.
    type Position: Clone + Eq + Hash + fmt::Debug + Send + Sync + 'static;
    /// One legal move.
    type Move: Clone + Eq + fmt::Debug + Send + Sync + 'static;
    /// What a position is worth to the player to move ([`Game::Value`]).
    type Value: GameValue;

    /// The position the first player moves from.
    fn start(&self) -> Self::Position;

    /// The value for the player to move when the game is over at `position`; `None` while it
    /// goes on (then [`OwnedGame::moves`] is not empty).
    fn terminal_value(&self, position: &Self::Position) -> Option<Self::Value>;

    /// The legal moves, in the game's tie-break order.
    fn moves(&self, position: &Self::Position) -> Vec<Self::Move>;

    /// The opponent's position after the player to move makes `mv`.
    fn play(&self, position: &Self::Position, mv: &Self::Move) -> Self::Position;

    /// What `mv` is worth to the mover when the opponent's position after it is worth `reply`
    /// ([`Game::move_value`]): `reply.negate()` by default.
    fn move_value(
        &self,
        position: &Self::Position,
        mv: &Self::Move,
        reply: Self::Value,
    ) -> Self::Value {
        let _ = (position, mv);
        reply.negate()
    }

    /// The instance in a few words ([`Game::describe`]).
    fn describe(&self) -> String {
        format!("{} {self:?}", Self::NAME)
    }

    /// A position as the views print it; its `Debug` text by default.
    fn show_position(&self, position: &Self::Position) -> String {
        format!("{position:?}")
    }

    /// A move from `position` as the views print it; its `Debug` text by default.
    fn show_move(&self, position: &Self::Position, mv: &Self::Move) -> String {
        let _ = position;
        format!("{mv:?}")
    }

    /// Whether a position may come back on its own line of play
    /// ([`Game::positions_may_repeat`]); `false` by default.
    fn positions_may_repeat(&self) -> bool {
        false
    }

    /// Bytes `position` owns beyond its own size (a `Vec`'s buffer: its capacity times its
    /// item's size), counted against the memory cap for each position kept. `0` by default.
    fn heap_bytes(&self, position: &Self::Position) -> u64 {
        let _ = position;
        0
    }
}

/// An [`OwnedGame`] as a [`Game`]: positions numbered in the order first seen, a move its place
/// in its position's list; see the [module docs](self).
///
/// Clones share the numbering (an `Arc`): what one solve learnt, the next reads. Past the
/// memory cap the numbering stops, and every solve of this value (and its clones) returns
/// [`Error::TableTooLarge`]; a new value starts afresh.
pub struct Interned<G: OwnedGame>(Arc<Shared<G>>);

/// The game and its numbering, shared by an [`Interned`] value's clones.
struct Shared<G: OwnedGame> {
    game: G,
    /// The most bytes the numbering may hold.
    cap: u64,
    arena: Mutex<Arena<G>>,
    /// [`Arena::bytes`], readable without the lock ([`Game::held_bytes`]).
    held: AtomicU64,
    /// Whether the numbering stopped (its error is [`Arena::refusal`]).
    refused: AtomicBool,
}

impl<G: OwnedGame> Interned<G> {
    /// `game` with its positions numbered, within the library's default memory cap (1 GiB).
    pub fn new(game: G) -> Self {
        Self::with_memory_cap(game, DEFAULT_MEMORY_CAP_BYTES)
    }

    /// `game` with its positions numbered, holding at most `bytes` for them.
    ///
    /// ```
    /// # use gamesolve::owned::{Interned, OwnedGame};
    /// # use gamesolve::{core_types::ErrorKind, solve, Verdict};
    /// # #[derive(Clone, Debug)]
    /// # struct Count(u32);
    /// # impl OwnedGame for Count {
    /// #     type Position = String;
    /// #     type Move = ();
    /// #     type Value = Verdict;
    /// #     fn start(&self) -> String { String::new() }
    /// #     fn terminal_value(&self, p: &String) -> Option<Verdict> {
    /// #         (p.len() as u32 == self.0).then_some(Verdict::Loss)
    /// #     }
    /// #     fn moves(&self, _: &String) -> Vec<()> { vec![()] }
    /// #     fn play(&self, p: &String, _: &()) -> String { format!("{p}x") }
    /// # }
    /// // A line of 100,000 positions does not fit in 64 KiB.
    /// let err = solve(&Interned::with_memory_cap(Count(100_000), 1 << 16)).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::CannotAnswer);
    /// assert!(err.to_string().contains("positions interned"), "{err}");
    /// ```
    pub fn with_memory_cap(game: G, bytes: u64) -> Self {
        Interned(Arc::new(Shared {
            game,
            cap: bytes,
            arena: Mutex::new(Arena::new()),
            held: AtomicU64::new(0),
            refused: AtomicBool::new(false),
        }))
    }

    /// The game itself.
    pub fn game(&self) -> &G {
        &self.0.game
    }

    /// The position numbered `id`, if one is.
    pub fn position(&self, id: u32) -> Option<G::Position> {
        self.arena().position(id).cloned()
    }

    /// The move numbered `mv` of the position numbered `id`, if there is one (its moves are
    /// listed first, if they were not).
    pub fn a_move(&self, id: u32, mv: u32) -> Option<G::Move> {
        self.ask(|arena, game, cap| {
            let (first, count) = arena.listed(game, id, cap)?;
            Ok((mv < count).then(|| arena.move_at(first + mv as usize).clone()))
        })
        .flatten()
    }

    /// The number of `position`, numbering it if it is new: how to reach a position of your
    /// own (to analyse it, say) through the wrapper.
    ///
    /// # Errors
    ///
    /// [`Error::TableTooLarge`] past the memory cap (and from then on), or
    /// [`Error::AllocationFailed`] when the system refuses the room.
    pub fn intern(&self, position: G::Position) -> Result<u32, Error> {
        self.ask(|arena, game, cap| arena.intern(game, position, cap))
            .ok_or_else(|| {
                self.refusal()
                    .unwrap_or_else(|| arena::refused::<G>(0, 0, 0))
            })
    }

    /// How many distinct positions are numbered.
    pub fn positions_interned(&self) -> usize {
        self.arena().len()
    }

    /// The arena, locked. A lock poisoned by a panic in the game's code is taken as it is
    /// (what it holds is consistent between two questions).
    fn arena(&self) -> MutexGuard<'_, Arena<G>> {
        self.0.arena.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `f` on the arena, then updates the bytes held; on its error the numbering stops
    /// (the first error is kept for [`Game::refusal`]) and `None` is returned.
    fn ask<T>(&self, f: impl FnOnce(&mut Arena<G>, &G, u64) -> Result<T, Error>) -> Option<T> {
        let mut arena = self.arena();
        let answer = f(&mut arena, &self.0.game, self.0.cap);
        self.0.held.store(arena.bytes(), Ordering::Relaxed);
        match answer {
            Ok(answer) => Some(answer),
            Err(e) => {
                arena.refuse(e);
                self.0.refused.store(true, Ordering::Relaxed);
                None
            }
        }
    }

    /// The number of moves of `id` (its moves are `0..k`); none for [`NONE`] or past the cap.
    fn move_count(&self, id: u32) -> u32 {
        self.ask(|arena, game, cap| arena.listed(game, id, cap))
            .map_or(0, |(_, count)| count)
    }
}

impl<G: OwnedGame> Clone for Interned<G> {
    fn clone(&self) -> Self {
        Interned(Arc::clone(&self.0))
    }
}

impl<G: OwnedGame> fmt::Debug for Interned<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Interned").field(&self.0.game).finish()
    }
}

/// What is shown for the number given when a position could not be numbered.
const NO_POSITION: &str = "(no position: past the memory cap of the numbered positions)";

impl<G: OwnedGame> Game for Interned<G> {
    const NAME: &'static str = G::NAME;
    /// A position's number, in the order first seen.
    type Position = u32;
    /// A move's place in its position's moves (`0..k`).
    type Move = u32;
    type Value = G::Value;
    type Solution = Solved<Self>;

    fn start(&self) -> u32 {
        self.ask(|arena, game, cap| arena.start(game, cap))
            .unwrap_or(NONE)
    }

    /// The game's answer, asked once per position; `None` for the number `u32::MAX` that
    /// [`Game::play`] gives past the memory cap (it has no move either: a search stops there
    /// at once, and the solve returns the refusal).
    fn terminal_value(&self, id: u32) -> Option<G::Value> {
        self.ask(|arena, game, _| Ok(arena.terminal_value(game, id)))
            .flatten()
    }

    fn moves(&self, id: u32) -> Vec<u32> {
        (0..self.move_count(id)).collect()
    }

    fn moves_into(&self, id: u32, out: &mut Vec<u32>) {
        out.clear();
        out.extend(0..self.move_count(id));
    }

    /// Moves are `0..k`: a search asks for them one at a time and keeps no list per depth.
    const MOVES_ONE_BY_ONE: bool = true;
    /// The default [`Game::search_moves_into`]: the game's order.
    const SEARCH_ORDER_IS_GAME_ORDER: bool = true;

    fn next_move(&self, id: u32, after: Option<u32>) -> Option<u32> {
        let next = after.map_or(0, |mv| mv.saturating_add(1));
        (next < self.move_count(id)).then_some(next)
    }

    /// Played once per position and move; `u32::MAX` (no position) past the memory cap.
    fn play(&self, id: u32, mv: u32) -> u32 {
        self.ask(|arena, game, cap| arena.play(game, id, mv, cap))
            .unwrap_or(NONE)
    }

    fn move_value(&self, id: u32, mv: u32, reply: G::Value) -> G::Value {
        let arena = self.arena();
        match arena.position_and_move(id, mv) {
            Some((position, a_move)) => self.0.game.move_value(position, a_move, reply),
            None => reply.negate(),
        }
    }

    fn describe(&self) -> String {
        self.0.game.describe()
    }

    fn show_position(&self, id: u32) -> String {
        let arena = self.arena();
        match arena.position(id) {
            Some(position) => self.0.game.show_position(position),
            None => NO_POSITION.to_owned(),
        }
    }

    fn show_move(&self, id: u32, mv: u32) -> String {
        let count = self.move_count(id);
        let arena = self.arena();
        match arena.position_and_move(id, mv).filter(|_| mv < count) {
            Some((position, a_move)) => self.0.game.show_move(position, a_move),
            None => format!("#{mv}"),
        }
    }

    fn positions_may_repeat(&self) -> bool {
        self.0.game.positions_may_repeat()
    }

    fn held_bytes(&self) -> u64 {
        self.0.held.load(Ordering::Relaxed)
    }

    fn refusal(&self) -> Option<Error> {
        if !self.0.refused.load(Ordering::Relaxed) {
            return None;
        }
        self.arena().refusal().cloned()
    }
}
