//! Connect Four: its rules, its score, and its row of the game table.
//!
//! # Rules
//!
//! A board of `width` columns and `height` rows stands upright. The players take turns; each
//! drops one of its stones into a column that is not full, where it falls to the lowest empty
//! cell. Whoever first has four of its stones in a line (across, up, or along a diagonal)
//! wins; when the board is full without such a line, it is a draw. The first player's stones
//! are shown `X`, the second's `O`.
//!
//! # Parameters
//!
//! - `width`, `height`: each in `4..=8`, with `width · (height + 1) <= 64`, so the board,
//!   each column with one empty bit on top, fits a `u64` (8 × 7, 7 × 8 and 7 × 6 fit; 8 × 8
//!   does not).
//! - `played`: the columns played from the empty board, one digit each,
//!   counting from 1 at the left (`4453`: the first player in column 4, the second on top of
//!   it, the first in column 5, the second in column 3), as the public test sets write it. The
//!   empty word is the empty board. Refused, with the move's number and index: a character
//!   that is not a digit, a column out of range, a full column, a move after the game is won.
//!
//! The game is solved from that position: "first" in the answer is the player to move there.
//!
//! # The score
//!
//! The value of a position is the score of the public test sets and tutorial, for the player
//! to move: with `n = width · height` cells, a player who wins by dropping the stone that is
//! move `m` of the game (counting every move from the empty board, from 1) scores
//!
//! ```text
//! score = ⌊(n + 2 − m) / 2⌋
//! ```
//!
//! which is the number of its own stones it has not played when it wins, plus one: the first
//! player owns `⌈n/2⌉` stones and drops its `k`-th at move `m = 2k − 1`, leaving
//! `⌈n/2⌉ − k`, and `⌊(n + 3 − 2k)/2⌋ = ⌈n/2⌉ − k + 1`; the second owns `⌊n/2⌋` and drops
//! its `k`-th at `m = 2k`, and `⌊(n + 2 − 2k)/2⌋ = ⌊n/2⌋ − k + 1`. On 7 × 6 (`n = 42`) a win
//! with one's 4th stone scores 18 and a win with one's 21st (last) stone scores 1. A position
//! the player to move loses scores minus the winner's score, a draw 0. From a position where
//! `p` stones have been played, winning with the very next move scores `⌊(n + 1 − p)/2⌋`, the
//! tutorial's formula.
//!
//! # Why a score, not a verdict with remoteness
//!
//! The score is a [`GameValue`](crate::GameValue) of its own ([`ConnectFourScore`]): ordered
//! (a quicker win is larger, a later loss is less negative), negated for the opponent, and
//! passed up unchanged
//! by negamax (`move_value` is the default negation: a move earns nothing by itself, the
//! score is fixed by when the game ends). So every generic search that is exact on a scoring
//! game (`memo/hash-map`, `memo/alpha-beta`, `recursive/negamax`) is exact on the score, and
//! alpha-beta prunes on it. A verdict with remoteness would be exact too in the analysis, but
//! the searches compare values only: `memo/alpha-beta` would stop at the first win it finds,
//! not the quickest, and report a score that is not the test sets'.
//!
//! # Search order
//!
//! Below the root, [`Game::search_moves_into`] lists one move that wins at once when there is
//! one; otherwise the moves that do not let the opponent win at once (blocking the opponent's
//! one immediate win, never playing under a cell where it would win), those that leave the
//! mover the most cells where its next stone would make four first, then centre columns first
//! (at least one move is always kept): this leaves out only moves that cannot score better
//! than one kept, so values are exact, and it is what makes the alpha-beta searches fast here.
//!
//! # On `memo/bounded`, the default
//!
//! The game gives the fixed-table search all its hooks: the exact key `current + mask`
//! ([`Game::table_key`]: 8 bytes an entry), the mirror image ([`Game::canonical`]: the
//! position or its left-right mirror, whichever has the smaller key), the win at once
//! ([`Game::winning_move_now`]: the quickest win there is) and the score's bounds
//! ([`Game::value_bounds`]: with no win at once, at most a win by the mover's stone after
//! next, at least minus a win by the opponent's stone after next, a loss by the opponent's
//! next stone when every move lets it win) and a midpoint between two scores
//! ([`Game::value_between`]: the search's tests bisect the start's range). Its table never grows, so every position of the
//! test sets is answered within the default memory cap (`memo/alpha-beta` refuses some `L1`
//! positions there), and it is the fastest variant on the sets measured
//! (`crates/peer-bench/examples/connect4_peer.rs`, which runs Pascal Pons' C++ solver too;
//! figures in `benches/connect_four/peer.csv`).
//!
//! # Complexity
//!
//! Each game call is a few word operations on the bitboard (the position is two `u64`s). A
//! search visits at most the positions reachable from the given one (4,531,985,219,092 legal
//! boards on 7 × 6). Counted by `memo/alpha-beta` (`--stats`): the empty 4 × 4 board 10,296
//! positions, 4 × 5 42,400, 5 × 4 73,377, 6 × 4 1,000,923; the first 200 positions of the
//! `L3_R1` test set (29 to 41 stones) a median of 6 and at most 682. The empty 7 × 6 board is
//! out of reach of the searches that keep every position: they stop at the memory cap or the
//! state budget with an honest "cannot answer"; `memo/bounded` never stops for memory, only for
//! the time it takes: it solves the empty 7 × 6 board (a first-player win, score +1, column 4)
//! in 900 million positions, 467 s on a shared 2-core machine (docs/GUIDE.md has the other
//! sizes).
//!
//! # Examples
//!
//! ```
//! use gamesolve::games::{ConnectFour, ConnectFourScore};
//! use gamesolve::{Backend, Game, core_types::Solver};
//!
//! let game = ConnectFour::new(7, 6, "4455667")?;
//! // The first player's four across 4-5-6-7: the game is over, the second player to move lost
//! // to a win with the 4th stone.
//! assert_eq!(game.terminal_value(game.start()), Some(ConnectFourScore(-18)));
//! let game = ConnectFour::new(7, 6, "445566")?;
//! if Backend::Memo.is_available() {
//!     let answer = Backend::Memo.solver::<ConnectFour>()?.solve(&game)?;
//!     assert_eq!((answer.score, answer.best_move), (18, Some(3)));
//! }
//! let err = ConnectFour::new(7, 6, "4x").unwrap_err();
//! assert!(err.to_string().contains("move #2 (at index 1) = `x` is not a column"), "{err}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Errors
//!
//! [`ConnectFour::new`] refuses a size out of range and a `played` word it cannot play, with
//! [`Error::InvalidParameter`] naming the value, why, and what is allowed.

#[cfg(feature = "memo")]
mod analysis;
mod board;
mod moves;
mod report;
mod table;

pub use board::{ConnectFourPosition, ConnectFourScore};
pub use report::{ConnectFourReport, ConnectFourSolution};

use board::Shape;

use super::{invalid, rule};
use crate::core_types::error::ParamFault;
use crate::core_types::Variant;
use crate::registry::{generic_variants_of, Backend, Registered};
use crate::{Error, Game, SearchFacts};

/// A Connect Four instance: the board's size and the position reached by the columns
/// played; see the [module docs](self).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectFour {
    width: u32,
    height: u32,
    /// The columns played, as given (1-based digits).
    moves: String,
    shape: Shape,
    start: ConnectFourPosition,
    /// The columns, centre first.
    order: [u8; ConnectFour::MAX_SIDE as usize],
}

impl ConnectFour {
    /// The smallest width and height.
    pub const MIN_SIDE: u32 = 4;
    /// The largest width and height.
    pub const MAX_SIDE: u32 = 8;

    /// The game on a `width` × `height` board from the position the columns `moves` reach
    /// (1-based digits, `""` for the empty board).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidParameter`] for a side out of `4..=8`, a board with
    /// `width · (height + 1) > 64`, or a `played` word that cannot be played (a character that
    /// is not a digit, a column out of range, a full column, a move after the game is won),
    /// naming the move by number and index.
    pub fn new(width: u32, height: u32, moves: &str) -> Result<ConnectFour, Error> {
        for (name, side) in [("width", width), ("height", height)] {
            if !(Self::MIN_SIDE..=Self::MAX_SIDE).contains(&side) {
                let (min, max) = (Self::MIN_SIDE.into(), Self::MAX_SIDE.into());
                let fault = ParamFault::OutOfRange { min, max };
                return Err(invalid(name, &side.to_string(), fault));
            }
        }
        if width * (height + 1) > 64 {
            let sentence = format!(
                "a board of width {width} and height {height} does not fit 64 bits: \
                 width × (height + 1) = {} must be at most 64 (each column takes height + 1 \
                 bits); 8 × 7 and 7 × 8 are the largest",
                width * (height + 1)
            );
            return Err(rule("height", &height.to_string(), sentence));
        }
        let shape = Shape::new(width, height);
        let moves = moves.trim();
        let start = moves::replay(shape, moves)?;
        Ok(ConnectFour {
            width,
            height,
            moves: moves.to_owned(),
            shape,
            start,
            order: centre_first_order(width),
        })
    }

    /// The number of columns.
    pub const fn width(&self) -> u32 {
        self.width
    }

    /// Whether column `column` (counted from 0, as the moves are) has room for a stone at
    /// `p`: the board's rule alone, whether or not the game is over there.
    pub const fn can_play(&self, p: ConnectFourPosition, column: u32) -> bool {
        self.shape.can_play(p, column)
    }

    /// The number of rows.
    pub const fn height(&self) -> u32 {
        self.height
    }

    /// The columns played to reach the position solved, as given (`""`: the empty board).
    pub fn moves_word(&self) -> &str {
        &self.moves
    }

    /// The number of cells, `width · height`.
    pub const fn cells(&self) -> u32 {
        self.width * self.height
    }

    /// The score of a win by the stone that is move `m` of the game (from 1):
    /// `⌊(cells + 2 − m) / 2⌋`; see the [module docs](self).
    pub const fn win_score(&self, m: u32) -> i32 {
        ((self.cells() + 2).saturating_sub(m) / 2) as i32
    }

    /// Which player is to move at `position`: 1 (the first, `X`) or 2 (`O`).
    pub const fn player_to_move(position: ConnectFourPosition) -> u8 {
        if position.moves_played().is_multiple_of(2) {
            1
        } else {
            2
        }
    }

    /// The first column in centre-first order holding one of `cells`.
    #[inline]
    fn column_of(&self, cells: u64) -> Option<u8> {
        self.centre_first()
            .find(|&c| cells & self.shape.column(c) != 0)
            .map(|c| c as u8)
    }

    /// The cells of `playable` after which the opponent cannot win at once: never under its
    /// winning cell, and its one immediate win blocked (none when it has two).
    #[inline]
    fn safe_moves(&self, p: ConnectFourPosition, playable: u64) -> u64 {
        let threats = self.shape.winning_cells(p.opponent(), p.mask);
        let forced = threats & playable;
        let safe = playable & !(threats >> 1);
        // None, one or more (`count_ones` is a dozen instructions on a processor named only
        // x86-64, without its `popcnt`).
        if forced == 0 {
            safe
        } else if forced & (forced - 1) == 0 {
            safe & forced
        } else {
            0
        }
    }

    /// Bounds on the value of `p` (no win at once) whose moves that do not lose at once are
    /// `safe`; see [`Game::value_bounds`].
    #[inline]
    fn bounds_of(&self, p: ConnectFourPosition, safe: u64) -> (ConnectFourScore, ConnectFourScore) {
        let n = p.moves_played();
        if safe == 0 {
            let lost = ConnectFourScore(-self.win_score(n + 2));
            return (lost, lost);
        }
        (
            ConnectFourScore(-self.win_score(n + 4)),
            ConnectFourScore(self.win_score(n + 3)),
        )
    }

    /// Appends the columns of `safe` (cells where a stone does not lose at once), those that
    /// leave the mover the most cells where its next stone would make four first, ties kept
    /// centre first (an insertion sort of at most 8 moves).
    #[inline]
    fn order_into(&self, p: ConnectFourPosition, safe: u64, out: &mut Vec<u8>) {
        let shape = self.shape;
        let mut threats = [0u32; Self::MAX_SIDE as usize];
        let mut columns = [0u8; Self::MAX_SIDE as usize];
        let mut n = 0;
        for c in self.centre_first() {
            let cell = safe & shape.column(c);
            if cell == 0 {
                continue;
            }
            let made = shape
                .winning_cells(p.current | cell, p.mask | cell)
                .count_ones();
            let mut at = n;
            while at > 0 && threats[at - 1] < made {
                threats[at] = threats[at - 1];
                columns[at] = columns[at - 1];
                at -= 1;
            }
            threats[at] = made;
            columns[at] = c as u8;
            n += 1;
        }
        // One at a time: a copy of a few bytes by `memcpy` cost more than the pushes.
        for &c in &columns[..n] {
            out.push(c);
        }
    }

    /// The columns (0-based) in centre-first order: `3 2 4 1 5 0 6` on 7 columns (of two
    /// columns as near the centre, the left one first).
    fn centre_first(&self) -> impl Iterator<Item = u32> + '_ {
        self.order[..self.width as usize]
            .iter()
            .map(|&c| u32::from(c))
    }
}

/// The columns of a board `width` wide, centre first (then the left one of two as near).
fn centre_first_order(width: u32) -> [u8; ConnectFour::MAX_SIDE as usize] {
    let mut order = [0u8; ConnectFour::MAX_SIDE as usize];
    let mut columns: Vec<u32> = (0..width).collect();
    columns.sort_by_key(|&c| ((2 * c).abs_diff(width - 1), c));
    for (slot, c) in order.iter_mut().zip(columns) {
        *slot = c as u8;
    }
    order
}

impl Game for ConnectFour {
    const NAME: &'static str = "connect-four";
    type Position = ConnectFourPosition;
    /// The column, from 0 at the left (shown from 1).
    type Move = u8;
    type Value = ConnectFourScore;
    type Solution = ConnectFourSolution;
    /// Its mirror image costs a few shifts, and its positions' entries are spread over the
    /// table: a search asks for its children's entries ahead.
    const PLACES_AHEAD: bool = true;
    /// The listed moves do not lose at once and there is no win at once (no move makes
    /// four), and a position with bounds not equal has three empty cells or more (no move
    /// fills the board).
    const LISTED_MOVES_NEVER_END: bool = true;

    fn start(&self) -> ConnectFourPosition {
        self.start
    }

    /// Lost for the player to move when the last stone made four (by the winner's score),
    /// a draw when the board is full.
    fn terminal_value(&self, p: ConnectFourPosition) -> Option<ConnectFourScore> {
        if self.shape.has_four(p.opponent()) {
            Some(ConnectFourScore(-self.win_score(p.moves_played())))
        } else if p.mask == self.shape.board {
            // Full (no stone count: `count_ones` is a dozen instructions without `popcnt`).
            Some(ConnectFourScore(0))
        } else {
            None
        }
    }

    /// The columns with room, centre first (`4 3 5 2 6 1 7` on 7 columns): of equally good
    /// moves the one nearest the centre is the reported best, and `memo/alpha-beta`, which
    /// searches the root's moves in this order, meets the likely best first.
    fn moves(&self, p: ConnectFourPosition) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.width as usize);
        self.moves_into(p, &mut out);
        out
    }

    fn moves_into(&self, p: ConnectFourPosition, out: &mut Vec<u8>) {
        out.clear();
        out.extend(
            self.centre_first()
                .filter(|&c| self.shape.can_play(p, c))
                .map(|c| c as u8),
        );
    }

    /// One move that wins at once, if any; else the moves that do not lose at once, those
    /// that leave the mover the most cells where its next stone would make four first, then
    /// centre first (one move at least); see the [module docs](self).
    fn search_moves_into(&self, p: ConnectFourPosition, out: &mut Vec<u8>) {
        out.clear();
        let shape = self.shape;
        let playable = shape.playable(p);
        if let Some(c) = self.column_of(shape.winning_cells(p.current, p.mask) & playable) {
            out.push(c);
            return;
        }
        let safe = self.safe_moves(p, playable);
        if safe == 0 {
            // Every move loses at once, by the same score: one is enough.
            out.extend(self.column_of(playable));
            return;
        }
        self.order_into(p, safe, out);
    }

    /// The key `current + mask` (exact: one number per position).
    #[inline]
    fn table_key(&self, p: ConnectFourPosition) -> Option<u64> {
        Some(p.key())
    }

    /// The position or its mirror image (left to right), whichever has the smaller key.
    #[inline]
    fn canonical(&self, p: ConnectFourPosition) -> ConnectFourPosition {
        let mirrored = ConnectFourPosition {
            current: self.shape.mirror(p.current),
            mask: self.shape.mirror(p.mask),
        };
        if mirrored.key() < p.key() {
            mirrored
        } else {
            p
        }
    }

    /// The key of the position or of its mirror image, whichever is smaller, as
    /// `canonical` and `table_key` give it: one word mirrored (the key, `Shape::mirror_key`)
    /// where `canonical` mirrors two.
    #[inline]
    fn canonical_table_key(&self, p: ConnectFourPosition) -> Option<(u64, bool)> {
        let key = p.key();
        let mirrored = self.shape.mirror_key(key);
        Some(if mirrored < key {
            (mirrored, true)
        } else {
            (key, false)
        })
    }

    /// A column where the mover's stone makes four now: the quickest win there is.
    #[inline]
    fn winning_move_now(&self, p: ConnectFourPosition) -> Option<u8> {
        let shape = self.shape;
        let wins = shape.winning_cells(p.current, p.mask) & shape.playable(p);
        (wins != 0).then(|| self.column_of(wins)).flatten()
    }

    /// With no win at once: a loss by the opponent's next stone when every move lets it win
    /// (two cells to block, or only moves under its winning cell); else at least minus a win
    /// by the opponent's stone after next and at most a win by the mover's stone after next
    /// (both 0 with two empty cells or fewer: a draw).
    #[inline]
    fn value_bounds(&self, p: ConnectFourPosition) -> Option<(ConnectFourScore, ConnectFourScore)> {
        Some(self.bounds_of(p, self.safe_moves(p, self.shape.playable(p))))
    }

    /// The win at once, else the bounds, with the moves that do not lose at once as the
    /// word: the threats are found once, where `winning_move_now`, `value_bounds` and
    /// `search_moves_into` each found them again (a fifth of a search's time went to them).
    #[inline]
    fn search_facts(&self, p: ConnectFourPosition) -> SearchFacts<ConnectFourScore, u8> {
        let shape = self.shape;
        let playable = shape.playable(p);
        let wins = shape.winning_cells(p.current, p.mask) & playable;
        if let Some(c) = (wins != 0).then(|| self.column_of(wins)).flatten() {
            return SearchFacts::wins_with(c);
        }
        let safe = self.safe_moves(p, playable);
        SearchFacts::bounded(Some(self.bounds_of(p, safe)), safe)
    }

    /// The bounds of a position reached by a move that does not lose at once (the only moves
    /// `search_moves_after` lists): its player has no win at once to look for.
    #[inline]
    fn search_facts_of_reply(&self, p: ConnectFourPosition) -> SearchFacts<ConnectFourScore, u8> {
        let shape = self.shape;
        let playable = shape.playable(p);
        debug_assert_eq!(shape.winning_cells(p.current, p.mask) & playable, 0);
        let safe = self.safe_moves(p, playable);
        SearchFacts::bounded(Some(self.bounds_of(p, safe)), safe)
    }

    /// The moves that do not lose at once (`scan`, from [`Game::search_facts`]) by threats
    /// made, as `search_moves_into` orders them.
    #[inline]
    fn search_moves_after(&self, p: ConnectFourPosition, scan: u64, out: &mut Vec<u8>) {
        if scan == 0 {
            // Not met: the bounds were then equal, and the search answered.
            self.search_moves_into(p, out);
            return;
        }
        out.clear();
        self.order_into(p, scan, out);
    }

    /// Pascal Pons' midpoint of `low..=high`, leaning towards 0 (half the bound on the side of
    /// the middle), plus one: the next test is "more than the midpoint?".
    fn value_between(
        &self,
        low: ConnectFourScore,
        high: ConnectFourScore,
    ) -> Option<ConnectFourScore> {
        let (min, max) = (low.0, high.0);
        if min >= max {
            return None;
        }
        let mut med = min + (max - min) / 2;
        if med <= 0 && min / 2 < med {
            med = min / 2;
        } else if med >= 0 && max / 2 > med {
            med = max / 2;
        }
        Some(ConnectFourScore(med + 1))
    }

    fn play(&self, p: ConnectFourPosition, column: u8) -> ConnectFourPosition {
        self.shape.play(p, u32::from(column))
    }

    fn describe(&self) -> String {
        if self.moves.is_empty() {
            format!("connect-four {}x{}", self.width, self.height)
        } else {
            format!(
                "connect-four {}x{} after {}",
                self.width, self.height, self.moves
            )
        }
    }

    /// The rows from the top, `/` between them: `X` the first player's stones, `O` the
    /// second's, `.` empty (`......./...X...`).
    fn show_position(&self, p: ConnectFourPosition) -> String {
        self.rows(p).join("/")
    }

    /// The column, from 1.
    fn show_move(&self, _p: ConnectFourPosition, column: u8) -> String {
        (u32::from(column) + 1).to_string()
    }
}

/// Connect Four: the generic searches, `memo/bounded` first (the default: a fixed table with
/// the game's key, mirror image, win-at-once move, score bounds and bisection; mean per
/// position 4.1 µs against `memo/alpha-beta`'s 4.5 µs on `L3_R1`, 37 µs against 1.8 ms on
/// `L2_R1`, and `memo/alpha-beta` refuses some `L1` positions at the memory cap),
/// then `memo/alpha-beta`, `memo/hash-map` (every position's exact score) and `memo/textbook`;
/// no table of all positions (`tabular`) and no reduction.
impl Registered for ConnectFour {
    fn not_applicable_hint(backend: Backend) -> &'static str {
        match backend {
            Backend::Tabular => {
                "; connect-four has no table of all its positions (trillions on 7x6); use \
                 memo/bounded"
            }
            Backend::Reduction => "; reduction solves Predict the Winner only; use memo",
            Backend::Recursive | Backend::Memo => {
                "; `gamesolve backends` lists the backends and variants of each game"
            }
        }
    }

    fn variants_of(backend: Backend) -> Vec<Variant<Self>> {
        match backend {
            Backend::Recursive => generic_variants_of(backend),
            Backend::Memo => {
                let mut variants = generic_variants_of::<Self>(backend);
                // Bounded first (the automatic choice), then alpha-beta.
                for name in ["alpha-beta", "bounded"] {
                    if let Some(at) = variants.iter().position(|v| v.name == name) {
                        let first = variants.remove(at);
                        variants.insert(0, first);
                    }
                }
                variants
            }
            Backend::Tabular | Backend::Reduction => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests;
