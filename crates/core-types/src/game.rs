//! The one vocabulary of a game: its positions, its moves, how each reads, and its result.
//!
//! A game is defined once, by implementing [`Game`]; every layer of gamesolve uses that one
//! definition: the generic backends (`recursive/negamax`, `memo/hash-map`) solve any `Game`,
//! the teaching views (`explain`) label positions and moves with [`Game::show_position`] and
//! [`Game::show_move`], the events a backend reports ([`Event`](crate::Event)) carry the game's
//! own [`Game::Position`] and [`Game::Value`], and the CLI, `compare` and `batch` handle a game
//! through its [`Solver`](crate::Solver)s. The two built-in games implement it
//! ([`CanIWin`](crate::CanIWin), [`PredictTheWinner`](crate::PredictTheWinner)) and keep their
//! specialised kernels; a user's game implements it in one file (see the workspace's
//! `examples/subtraction_game.rs`).
//!
//! # The model
//!
//! Two players alternate; a position is what the player to move sees. The game ends at a
//! position with a [`Game::terminal_value`]; otherwise the player to move picks one of
//! [`Game::moves`], which leads by [`Game::play`] to the opponent's position. Values are from the
//! point of view of the player to move, and a move is worth [`Game::move_value`] of the reply's
//! value (by default its [negation](GameValue::negate): what is good for the opponent is bad for
//! the mover). The value of a position is the best of its moves' values (negamax), and the first
//! of equally good moves in [`Game::moves`] order is the reported best move.
//!
//! # Example: a game in a few lines
//!
//! Four methods and three types are the whole definition; everything else has a default
//! (the answer [`Solved`], the name `game`, positions and moves shown by their `Debug` text).
//!
//! ```
//! use gamesolve::{Game, Solved, Verdict};
//!
//! /// Take 1 or 2 stones; whoever cannot move loses.
//! #[derive(Clone, Debug)]
//! struct TakeOneOrTwo(u32);
//!
//! impl Game for TakeOneOrTwo {
//!     type Position = u32;
//!     type Move = u32;
//!     type Value = Verdict;
//!     type Solution = Solved<Self>;
//!     fn start(&self) -> u32 { self.0 }
//!     fn terminal_value(&self, pile: u32) -> Option<Verdict> {
//!         (pile == 0).then_some(Verdict::Loss)
//!     }
//!     fn moves(&self, pile: u32) -> Vec<u32> { (1..=pile.min(2)).collect() }
//!     fn play(&self, pile: u32, take: u32) -> u32 { pile - take }
//! }
//!
//! // Exhaustive negamax, right here (the backends do this with budgets, memos and counters).
//! fn value<G: Game>(game: &G, p: G::Position) -> G::Value {
//!     use gamesolve::GameValue;
//!     if let Some(v) = game.terminal_value(p) { return v; }
//!     game.moves(p).into_iter()
//!         .map(|m| game.move_value(p, m, value(game, game.play(p, m))))
//!         .max().expect("a position that is not terminal has a move")
//! }
//! assert_eq!(value(&TakeOneOrTwo(3), 3), Verdict::Loss);
//! assert_eq!(value(&TakeOneOrTwo(4), 4), Verdict::Win);
//! assert_eq!(TakeOneOrTwo(4).show_move(4, 1), "1");
//! ```
//!
//! # Why `type Solution = Solved<Self>` is written out
//!
//! Rust has no defaults for associated types on stable (rust-lang/rust#29661), so the one
//! type a game may want to replace (its answer) is named in each game; [`Solved`] fits any
//! game, and its [`SolutionOf`] implementation gives [`Game::solution`] and [`Game::outcome`]
//! their defaults. A game with an answer of its own (Predict the Winner's scores) implements
//! [`SolutionOf`] for it.

use std::fmt;
use std::hash::Hash;

use crate::Outcome;

/// A two-player, perfect-information, alternating game; see the [module docs](self).
///
/// Positions and moves are `Copy` (and positions `Ord`): every backend passes them by value
/// and keeps them in its tables. A game whose positions own memory (heaps in a `Vec`, a board
/// in a `String`) implements `gamesolve::owned::OwnedGame` instead, by reference and with
/// `Clone + Eq + Hash` positions, and is solved as `gamesolve::owned::Interned<G>`: a `Game`
/// whose positions are numbers given in the order first seen (the facade's `owned` module).
pub trait Game: Clone + fmt::Debug + Send + Sync + 'static {
    /// The game's machine name (`can-i-win`): the CLI subcommand, the JSON `game` field,
    /// the bench group prefix. `game` by default: a game of a game table names itself.
    const NAME: &'static str = "game";

    /// What the player to move sees. `Ord` gives views and tables a stable order.
    type Position: Copy + Eq + Ord + Hash + fmt::Debug + Send + Sync + 'static;
    /// One legal move.
    type Move: Copy + Eq + fmt::Debug + Send + Sync + 'static;
    /// What a position is worth to the player to move.
    type Value: GameValue;
    /// The answer a solver returns for the whole game: [`Solved<Self>`](Solved) fits any game
    /// (see the [module docs](self) on why it is written out).
    type Solution: SolutionOf<Self>;

    /// The position the first player moves from.
    fn start(&self) -> Self::Position;

    /// The value for the player to move when the game is over at `position`; `None` while it
    /// goes on (then [`Game::moves`] is not empty).
    fn terminal_value(&self, position: Self::Position) -> Option<Self::Value>;

    /// The legal moves, in the game's tie-break order: among equally good moves the first is
    /// the reported best move.
    fn moves(&self, position: Self::Position) -> Vec<Self::Move>;

    /// The legal moves of `position` written into `out` (cleared first), in the same order as
    /// [`Game::moves`]: a search keeps one buffer per depth and reuses it, so a game that
    /// overrides this allocates nothing per position. The default copies [`Game::moves`].
    fn moves_into(&self, position: Self::Position, out: &mut Vec<Self::Move>) {
        out.clear();
        out.extend(self.moves(position));
    }

    /// The moves of `position` a memoized search tries where any best move serves (below the
    /// root, where only a position's value counts), in the order to try them: the moves that
    /// tend to be best first, so that the search stops sooner at a move that cannot be
    /// beaten. The list may leave moves out, as long as it keeps at least one move whose
    /// score is the best, remoteness included (a move after which the opponent wins at once,
    /// when another move does not lose at once). It changes how much a search explores, never
    /// a value. The default is [`Game::moves_into`]; Can I Win lists its largest integers
    /// first and leaves out those that lose at once, as the hand-written memo does (n = 20,
    /// T = 158: 452,087 positions searched instead of 770,565). Plain recursion
    /// (`recursive/negamax`) does not use it: its tree is the one taught.
    fn search_moves_into(&self, position: Self::Position, out: &mut Vec<Self::Move>) {
        self.moves_into(position, out);
    }

    /// Whether plain recursion asks for the moves one at a time ([`Game::next_move`]) instead
    /// of listing them first ([`Game::moves_into`]). `false` by default. A game whose next move
    /// is cheap to find from the previous one (Can I Win: the next free integer) sets it, and
    /// `recursive/negamax` then lists nothing, and finds no move past a position's first
    /// winning one. Only the game's order is walked this way (plain recursion, the textbook
    /// memo, every root); a memo's search order below the root is
    /// [`Game::search_moves_into`]'s list, unless [`Game::SEARCH_ORDER_IS_GAME_ORDER`] says it
    /// is the game's order.
    const MOVES_ONE_BY_ONE: bool = false;

    /// Whether [`Game::search_moves_into`] lists the moves of [`Game::moves_into`], in the same
    /// order (the default method does). `false` by default, which is always correct. A game
    /// that keeps the default `search_moves_into` and sets [`Game::MOVES_ONE_BY_ONE`] may set
    /// it too: a memo's search then asks the moves one at a time below the root as well (no
    /// list kept per depth: Predict the Winner's `memo/indexed`, about 45 instructions a
    /// position). Set wrongly, it changes which positions a memo explores, never a value.
    const SEARCH_ORDER_IS_GAME_ORDER: bool = false;

    /// The move of `position` that follows `after` in [`Game::moves`] order, the first when
    /// `after` is `None`; `None` when there is no more. Read only when
    /// [`Game::MOVES_ONE_BY_ONE`] is set. The default finds `after` in [`Game::moves`] (time
    /// `O(m)` a call for `m` moves); a game that sets the flag gives its own.
    fn next_move(&self, position: Self::Position, after: Option<Self::Move>) -> Option<Self::Move> {
        let moves = self.moves(position);
        match after {
            None => moves.first().copied(),
            Some(previous) => moves
                .iter()
                .position(|&mv| mv == previous)
                .and_then(|at| moves.get(at + 1).copied()),
        }
    }

    /// The opponent's position after the player to move makes `mv`.
    fn play(&self, position: Self::Position, mv: Self::Move) -> Self::Position;

    /// How a search asks whether the positions `position`'s moves lead to are over: a function
    /// of a move and the position it leads to, answering what [`Game::terminal_value`] answers
    /// of that position. The search makes it once per position it expands and asks it once per
    /// move tried; this default asks `terminal_value` of each child. A game whose end is
    /// decided by something it derives from a position may derive it here once for all the
    /// moves (Can I Win: the parent's running total, to which each move adds the integer
    /// taken, instead of each child's total counted again).
    #[inline]
    fn terminal_values_after(
        &self,
        position: Self::Position,
    ) -> impl Fn(Self::Move, Self::Position) -> Option<Self::Value> {
        let _ = position;
        move |_, child| self.terminal_value(child)
    }

    /// What `mv` is worth to the mover when the opponent's position after it is worth `reply`
    /// to the opponent. The default, `reply.negate()`, fits win/lose games; a scoring game adds
    /// what the move earns (Predict the Winner: the value taken minus the opponent's margin).
    fn move_value(
        &self,
        position: Self::Position,
        mv: Self::Move,
        reply: Self::Value,
    ) -> Self::Value {
        let _ = (position, mv);
        reply.negate()
    }

    /// The answer when it follows without any search (a draw nobody can change, a total
    /// reached before the first move, …); every backend asks this first. `None` by default.
    fn settled(&self) -> Option<Self::Solution> {
        None
    }

    /// The solution for the start position's `value`, with the best first move (`None` when
    /// the game is over before the first move). By default the [`SolutionOf::from_search`] of
    /// the game's [`Game::Solution`] type.
    fn solution(&self, value: Self::Value, best_move: Option<Self::Move>) -> Self::Solution {
        Self::Solution::from_search(self, value, best_move)
    }

    /// Who wins, read off a solution ([`SolutionOf::outcome`] by default).
    fn outcome(&self, solution: &Self::Solution) -> Outcome {
        solution.outcome()
    }

    /// The instance in a few words, as a title: `can-i-win n=5 T=11`. By default the name
    /// and the game's `Debug` text.
    fn describe(&self) -> String {
        format!("{} {self:?}", Self::NAME)
    }

    /// A position as the teaching views print it: `{1 3} total 4`. Its `Debug` text by
    /// default.
    fn show_position(&self, position: Self::Position) -> String {
        format!("{position:?}")
    }

    /// A move from `position` as the teaching views print it: `take 3`. Its `Debug` text by
    /// default.
    fn show_move(&self, position: Self::Position, mv: Self::Move) -> String {
        let _ = position;
        format!("{mv:?}")
    }

    /// The move that leads from `parent` to `child`, if one does (for labelling the edges of
    /// call trees rebuilt from events). The default tries every move.
    fn move_between(&self, parent: Self::Position, child: Self::Position) -> Option<Self::Move> {
        self.moves(parent)
            .into_iter()
            .find(|&mv| self.play(parent, mv) == child)
    }

    /// The positions the value of `position` is computed from: the non-terminal positions its
    /// moves lead to (a bottom-up table's dependencies). The default follows every move.
    fn dependencies(&self, position: Self::Position) -> Vec<Self::Position> {
        if self.terminal_value(position).is_some() {
            return Vec::new();
        }
        let mut children: Vec<_> = self
            .moves(position)
            .into_iter()
            .map(|mv| self.play(position, mv))
            .filter(|&child| self.terminal_value(child).is_none())
            .collect();
        children.dedup();
        children
    }

    /// Whether a position may come back on its own line of play (a loopy game, or one whose
    /// definition is not known to end: a game written in Python). A search that recurses
    /// (`recursive`, `memo`) then keeps the positions of its path and refuses at once, naming
    /// the position, when one comes back ([`Error::PositionRepeats`](crate::Error)), instead of
    /// recursing until a limit stops it. `false` by default: the built-in games' positions never
    /// repeat, and the check costs a hash set insertion per position. Asked twice per position
    /// expanded, and the answer must not change during a solve: a constant (or a field), so
    /// that a game answering a constant `false` pays nothing for the check.
    fn positions_may_repeat(&self) -> bool {
        false
    }

    /// Bytes the game itself holds for the solve under way, which count against the memory
    /// cap with the search's own (a Python game's table of the positions it has been given).
    /// `0` by default.
    fn held_bytes(&self) -> u64 {
        0
    }

    /// Why the game could not go on with the solve under way, if it could not: a game that
    /// keeps what it is asked (interned positions past their memory cap) answers what it can
    /// no longer answer with a position that is over, so that the search winds down, and says
    /// why here. Every [`Solver`](crate::Solver) asks it when a solve ends and returns this
    /// error in place of the answer, as the analysis does. `None` by default.
    fn refusal(&self) -> Option<crate::Error> {
        None
    }

    /// An exact compact key of `position` for a fixed-size transposition table
    /// (`memo/bounded`): a number no other position of this game shares (a bijection on the
    /// reachable positions; Can I Win: its used-set mask). The table then keeps 8 bytes of key
    /// per entry in place of the whole position, and still never mistakes one position for
    /// another: a key that two positions share would give a wrong answer, so it must be exact,
    /// never a hash. `None` (the default): the table keeps the whole position. The search asks
    /// the start position; when it answers `Some`, every position is keyed by it, and a
    /// position answering `None` is searched without the table (correct, only slower).
    ///
    /// ```
    /// use gamesolve::{CanIWin, Game};
    /// let game = CanIWin::new(10, 40)?;
    /// assert_eq!(game.table_key(0b101), Some(0b101));
    /// # Ok::<(), gamesolve::Error>(())
    /// ```
    #[inline]
    fn table_key(&self, position: Self::Position) -> Option<u64> {
        let _ = position;
        None
    }

    /// A representative of `position` under the game's symmetries (a board's mirror image):
    /// a search that keeps positions in a table (`memo/bounded`) stores and finds a position
    /// under its representative, so a position and its mirror image share one entry. It must
    /// keep the value and the remoteness (a position and its representative are worth the same
    /// to the player to move), and give one representative per class (`canonical(canonical(p))
    /// == canonical(p)`, and equal for every member). The moves need not correspond: the
    /// table's best-move hint is used only where the position is its own representative
    /// or the stored entry was made from a mirrored one as well (a hint, never a value).
    /// Identity by default, which costs nothing.
    #[inline]
    fn canonical(&self, position: Self::Position) -> Self::Position {
        position
    }

    /// The [`Game::table_key`] of `position`'s representative ([`Game::canonical`]), and
    /// whether that representative is not `position` itself: what `memo/bounded` asks of each
    /// position it meets. The default asks those two hooks; a game whose key of the mirror
    /// image is cheaper than the mirror image itself gives it (Connect Four mirrors one
    /// word, the key, where `canonical` mirrors two: a fifth of its search's instructions
    /// went to the two mirrors). It must agree with the default.
    #[inline]
    fn canonical_table_key(&self, position: Self::Position) -> Option<(u64, bool)> {
        let canonical = self.canonical(position);
        self.table_key(canonical)
            .map(|key| (key, canonical != position))
    }

    /// A move of `position` after which the game is over and the mover has the best value
    /// `position` can have (a win; in a game scored by how soon one wins, the quickest win,
    /// as Connect Four's win with the very next stone), when the game can tell cheaply (a row
    /// of three completed, a total reached); `None` (the default) when it cannot or there is
    /// none. A search (`memo/bounded`) asks it before it tries any move and answers the
    /// position at once with that move's value; a move that does not end the game is ignored
    /// (the search checks it with [`Game::terminal_value`] of the position it leads to). The
    /// best move reported at the root is still the first of the game's order, found by the
    /// search.
    #[inline]
    fn winning_move_now(&self, position: Self::Position) -> Option<Self::Move> {
        let _ = position;
        None
    }

    /// Bounds (lower, upper) on the value of `position`, a position that is not over and for
    /// which [`Game::winning_move_now`] names no move, when the game knows them cheaply
    /// (Connect Four: a player who cannot win with its next stone scores at most a win with
    /// the one after). A search (`memo/bounded`) narrows its window to them before its table
    /// lookup, and answers at once when the window lies outside them, as Pascal Pons'
    /// tutorial solver does. They must hold (a wrong bound gives a wrong answer); `None`
    /// (the default) when the game knows none. Equal bounds are the exact value.
    #[inline]
    fn value_bounds(&self, position: Self::Position) -> Option<(Self::Value, Self::Value)> {
        let _ = position;
        None
    }

    /// A value `g` with `low < g <= high` to test next ("is the value at least `g`?") when a
    /// position's value is known to lie in `low..=high`: a game whose values are numbers names
    /// one near the middle, so that `memo/bounded`'s tests bisect the range (Connect Four:
    /// Pascal Pons' midpoint, leaning towards 0) instead of stepping from one bound to the
    /// next value, one pass each. `None` (the default): MTD(f)'s step. A `g` outside the range
    /// is ignored.
    #[inline]
    fn value_between(&self, low: Self::Value, high: Self::Value) -> Option<Self::Value> {
        let _ = (low, high);
        None
    }

    /// [`Game::winning_move_now`] and, when it names no move, [`Game::value_bounds`] of
    /// `position`, in one call, with a word of what the game found on the way
    /// ([`SearchFacts::scan`]) that the search hands back to [`Game::search_moves_after`]
    /// if it goes on to try the position's moves: a game whose three hooks share work gives
    /// it once (Connect Four: its moves that do not lose at once, which its bounds and its
    /// move order both start from). The default asks the two hooks, with no word: it costs
    /// what they cost.
    #[inline]
    fn search_facts(&self, position: Self::Position) -> SearchFacts<Self::Value, Self::Move> {
        match self.winning_move_now(position) {
            Some(mv) => SearchFacts::wins_with(mv),
            None => SearchFacts::bounded(self.value_bounds(position), 0),
        }
    }

    /// [`Game::search_facts`] of a position reached by a move that
    /// [`Game::search_moves_after`] listed (a position expanded by `memo/bounded` whose
    /// facts named no winning move): a game whose search moves never let the opponent win at
    /// once (Connect Four lists only such moves once its bounds are not equal) skips the
    /// search for a winning move there, which cannot find one. It must agree with
    /// `search_facts` on every such position; the default asks it.
    #[inline]
    fn search_facts_of_reply(
        &self,
        position: Self::Position,
    ) -> SearchFacts<Self::Value, Self::Move> {
        self.search_facts(position)
    }

    /// Whether a search over a table larger than the caches (`memo/bounded`) finds the table
    /// places of a position's first 16 children (each one's [`Game::canonical`] and key) and
    /// asks for their entries before it searches the first, so that the reads overlap (on
    /// Connect Four's `L2_R2` set, half the search's time went to waiting for them). `false`
    /// by default: it pays where `canonical` is cheap and most positions read an entry not in
    /// the caches (Connect Four: about 1.1x less time than asking for each child's entry
    /// when it is searched), and costs where `canonical` is dear and the positions stay in
    /// the caches (tic-tac-toe: its eight symmetries found for children never searched, as
    /// a position stops at its first move).
    const PLACES_AHEAD: bool = false;

    /// Whether no move [`Game::search_moves_after`] lists ends the game, for a position that
    /// `memo/bounded` expands (its [`Game::search_facts`] named no winning move, and its
    /// bounds are not equal): the search then asks [`Game::terminal_values_after`] nothing of
    /// those moves. `false` by default. Connect Four sets it: its listed moves make no four
    /// (there is no win at once) and fill no board (a position whose bounds differ has three
    /// empty cells or more), and a four-in-a-row test of each child was 3% of a search's
    /// instructions.
    const LISTED_MOVES_NEVER_END: bool = false;

    /// [`Game::search_moves_into`] of a position for which [`Game::search_facts`] named no
    /// winning move, gave bounds that are not equal, and gave the word `scan`: the same
    /// moves in the same order. The default ignores `scan` and asks `search_moves_into`.
    #[inline]
    fn search_moves_after(&self, position: Self::Position, scan: u64, out: &mut Vec<Self::Move>) {
        let _ = scan;
        self.search_moves_into(position, out);
    }
}

/// A game whose positions have an index: each position a number in `0..position_count()`, as
/// GamesmanClassic's hash. A table indexed by it replaces a hash map (`memo/indexed`: one cell
/// per index, no hashing, no growth), and `tabular/retrograde` solves it bottom-up.
///
/// A game must give [`Indexed::position_count`] and [`Indexed::index`]; the way back from an
/// index to its position ([`Indexed::position_at`], GamesmanClassic's unhash) is optional: no
/// solver asks for it (retrograde analysis walks forward from the start and keeps the
/// positions it reaches), and its default finds the position by that same walk.
///
/// ```
/// use core_types::{CanIWin, Game, Indexed};
///
/// let game = CanIWin::new(4, 6)?;
/// assert_eq!(game.position_count(), 16); // every subset of 1..=4
/// let after = game.play(game.start(), 3);
/// assert_eq!(game.position_at(game.index(after)), after);
/// # Ok::<(), core_types::Error>(())
/// ```
///
/// Without `position_at`:
///
/// ```
/// use core_types::{Game, Indexed, Solved, Verdict};
///
/// /// Take 1 or 2 from a pile; who cannot move loses.
/// #[derive(Clone, Debug)]
/// struct Pile(u32);
/// impl Game for Pile {
///     type Position = u32;
///     type Move = u32;
///     type Value = Verdict;
///     type Solution = Solved<Self>;
///     fn start(&self) -> u32 { self.0 }
///     fn terminal_value(&self, p: u32) -> Option<Verdict> { (p == 0).then_some(Verdict::Loss) }
///     fn moves(&self, p: u32) -> Vec<u32> { (1..=p.min(2)).collect() }
///     fn play(&self, p: u32, take: u32) -> u32 { p - take }
/// }
/// impl Indexed for Pile {
///     fn position_count(&self) -> u64 { u64::from(self.0) + 1 }
///     fn index(&self, p: u32) -> usize { p as usize }
/// }
/// // The default walks from the start to the position of index 2.
/// assert_eq!(Pile(5).position_at(2), 2);
/// ```
pub trait Indexed: Game {
    /// How many indices there are (some may name no reachable position); saturates at
    /// `u64::MAX` for a game too large to count (a table of it is refused by its memory cap).
    fn position_count(&self) -> u64;

    /// The index of `position`, below [`Indexed::position_count`].
    fn index(&self, position: Self::Position) -> usize;

    /// The position of `index` (the inverse of [`Indexed::index`] on the positions it
    /// numbers). Optional: no solver of this workspace calls it; a game whose numbering is
    /// easy to invert may define it for its own use.
    ///
    /// The default walks the positions the start reaches, breadth first, until one has this
    /// index: time and memory `O(S + E)` for the `S` positions and `E` moves it walks through
    /// (a hash set of the positions seen). An index that no reachable position has gives the
    /// start, as does a game whose [`Indexed::index`] is not one to one on what it reaches
    /// (the first position found with the index is returned).
    fn position_at(&self, index: usize) -> Self::Position {
        position_by_walk(self, index)
    }
}

/// [`Indexed::position_at`]'s default: the first position, breadth first from the start, whose
/// index is `index`; the start when none is.
fn position_by_walk<G: Indexed>(game: &G, index: usize) -> G::Position {
    let start = game.start();
    let mut seen = std::collections::HashSet::from([start]);
    let mut queue = std::collections::VecDeque::from([start]);
    let mut moves = Vec::new();
    while let Some(position) = queue.pop_front() {
        if game.index(position) == index {
            return position;
        }
        if game.terminal_value(position).is_some() {
            continue;
        }
        game.moves_into(position, &mut moves);
        for &mv in &moves {
            let child = game.play(position, mv);
            if seen.insert(child) {
                queue.push_back(child);
            }
        }
    }
    start
}

/// An indexed game that lists the moves into a position (an "unmove", as GamesmanClassic's
/// loopy solver asks of a game): retrograde analysis then finds a decided position's parents
/// from the game instead of building reversed edges (`tabular/retrograde` costs 4 bytes per
/// position and none per move instead of 8 per move or more).
pub trait Unmove: Indexed {
    /// Every pair `(parent, mv)` with `mv` a move of `parent` and `play(parent, mv) ==
    /// position`, each once, written into `out` (cleared first). It may also list parents
    /// that are over or cannot be reached (the pass skips them), never miss one.
    fn unmoves_into(&self, position: Self::Position, out: &mut Vec<(Self::Position, Self::Move)>);
}

mod facts;
mod solution;
mod value;

pub use facts::SearchFacts;
pub use solution::{SolutionOf, Solved};
pub use value::{GameValue, Margin, Verdict};
