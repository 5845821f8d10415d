//! Connect Four's board as two 64-bit words: the stones of the player to move and every stone
//! played, in the classic column-major layout (a column is `height + 1` bits, its top bit a
//! sentinel that stays empty, so a line never runs from one column into the next).
//!
//! Bit `c · (height + 1) + r` is the cell of column `c` (from the left, from 0) and row `r`
//! (from the bottom, from 0). A line of four in direction `s` (1: up a column, `height + 1`:
//! along a row, `height`: down-right, `height + 2`: up-right) is four stones at
//! `b, b + s, b + 2s, b + 3s`; the empty sentinel row breaks every line that would wrap
//! around a column's top or bottom.

use std::fmt;

use crate::{GameValue, Verdict};

/// A Connect Four position: the stones of the player to move and every stone played (the
/// compact key of a table is `current + mask`, unique per position).
///
/// The number of moves played is `mask`'s population count.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConnectFourPosition {
    /// The stones of the player to move.
    pub current: u64,
    /// Every stone played, both players'.
    pub mask: u64,
}

impl ConnectFourPosition {
    /// The number of stones played.
    pub const fn moves_played(self) -> u32 {
        self.mask.count_ones()
    }

    /// The stones of the player who moved last.
    pub const fn opponent(self) -> u64 {
        self.current ^ self.mask
    }

    /// The compact key `current + mask`: one number per position (the key the public
    /// tutorial's transposition table stores).
    pub const fn key(self) -> u64 {
        self.current.wrapping_add(self.mask)
    }
}

impl fmt::Debug for ConnectFourPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#x}/{:#x}", self.current, self.mask)
    }
}

/// The shape of a board: where each column's bits lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    pub(crate) width: u32,
    pub(crate) height: u32,
    /// One bit at the bottom of each column.
    pub(crate) bottom: u64,
    /// Every cell of the board (no sentinel).
    pub(crate) board: u64,
}

impl Shape {
    /// The shape of a `width` × `height` board; `width · (height + 1) <= 64` is checked by
    /// the caller.
    pub(crate) const fn new(width: u32, height: u32) -> Shape {
        let mut bottom = 0u64;
        let mut c = 0;
        while c < width {
            bottom |= 1 << (c * (height + 1));
            c += 1;
        }
        // A column's cells are `height` bits from its bottom: bottom · (2^height − 1).
        let board = bottom.wrapping_mul((1u64 << height) - 1);
        Shape {
            width,
            height,
            bottom,
            board,
        }
    }

    /// The bits of column `c`'s cells.
    pub(crate) const fn column(self, c: u32) -> u64 {
        ((1u64 << self.height) - 1) << (c * (self.height + 1))
    }

    /// The bit of column `c`'s top cell.
    pub(crate) const fn top(self, c: u32) -> u64 {
        1u64 << (self.height - 1 + c * (self.height + 1))
    }

    /// Whether column `c` has room for a stone at `p`.
    pub(crate) const fn can_play(self, p: ConnectFourPosition, c: u32) -> bool {
        p.mask & self.top(c) == 0
    }

    /// The cell a stone dropped into column `c` lands on (`c` has room).
    pub(crate) const fn landing(self, p: ConnectFourPosition, c: u32) -> u64 {
        (p.mask + (1u64 << (c * (self.height + 1)))) & self.column(c)
    }

    /// The cells a stone may be played on now: the lowest empty cell of each column.
    pub(crate) const fn playable(self, p: ConnectFourPosition) -> u64 {
        (p.mask + self.bottom) & self.board
    }

    /// The position after the player to move drops a stone into column `c` (with room).
    pub(crate) const fn play(self, p: ConnectFourPosition, c: u32) -> ConnectFourPosition {
        let cell = self.landing(p, c);
        ConnectFourPosition {
            current: p.current ^ p.mask,
            mask: p.mask | cell,
        }
    }

    /// `bits` mirrored left to right: column `c`'s bits moved to column `width − 1 − c`.
    #[inline]
    pub(crate) const fn mirror(self, bits: u64) -> u64 {
        let step = self.height + 1;
        let column = (1u64 << step) - 1;
        let mut out = 0u64;
        let mut c = 0;
        while c < self.width {
            out |= ((bits >> (c * step)) & column) << ((self.width - 1 - c) * step);
            c += 1;
        }
        out
    }

    /// Whether `stones` hold four in a line.
    pub(crate) const fn has_four(self, stones: u64) -> bool {
        let h = self.height as u64;
        let shifts = [1, h + 1, h, h + 2];
        let mut k = 0;
        while k < 4 {
            let s = shifts[k];
            let pairs = stones & (stones >> s);
            if pairs & (pairs >> (2 * s)) != 0 {
                return true;
            }
            k += 1;
        }
        false
    }

    /// The empty cells of the board where one more stone of `stones` would make four in a
    /// line (playable now or not), given every stone played, `mask`.
    pub(crate) const fn winning_cells(self, stones: u64, mask: u64) -> u64 {
        let h = self.height as u64;
        let shifts = [1, h + 1, h, h + 2];
        let mut cells = 0u64;
        let mut k = 0;
        while k < 4 {
            let s = shifts[k];
            // Three stones below x (x − s, x − 2s, x − 3s), or above it.
            let below = (stones << s) & (stones << (2 * s));
            let above = (stones >> s) & (stones >> (2 * s));
            cells |= below & (stones << (3 * s));
            cells |= above & (stones >> (3 * s));
            // Two on one side and one on the other.
            cells |= below & (stones >> s);
            cells |= above & (stones << s);
            k += 1;
        }
        cells & self.board & !mask
    }
}

/// What a Connect Four position is worth to the player to move: the score of the public test
/// sets. Positive: the player to move wins, and the score is the number of its own stones it
/// has not played yet when its winning stone lands, plus one (a win with its last stone scores
/// 1); negative: it loses, by the opponent's score; 0: a draw. See the
/// [game's docs](super::ConnectFour) for the formula.
///
/// Larger is better for the player to move: a quicker win scores more, a later loss less badly
/// (`-18 < -1 < 0 < 1 < 18`); the opponent's view of the same position is its negation. Reads
/// `score +18` in the views.
///
/// ```
/// use gamesolve::games::ConnectFourScore;
/// use gamesolve::{GameValue, Verdict};
///
/// assert_eq!(ConnectFourScore(18).negate(), ConnectFourScore(-18));
/// assert_eq!(ConnectFourScore(-2).verdict(), Verdict::Loss);
/// assert_eq!(ConnectFourScore(0).to_string(), "score 0");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConnectFourScore(pub i32);

impl GameValue for ConnectFourScore {
    fn negate(self) -> Self {
        ConnectFourScore(-self.0)
    }

    fn verdict(self) -> Verdict {
        match self.0.signum() {
            1 => Verdict::Win,
            -1 => Verdict::Loss,
            _ => Verdict::Draw,
        }
    }

    fn amount(self) -> Option<i128> {
        Some(i128::from(self.0))
    }

    const PACKS: bool = true;

    fn to_word(self) -> Option<u64> {
        Some(i64::from(self.0) as u64)
    }

    fn from_word(word: u64) -> Option<Self> {
        i32::try_from(word as i64).ok().map(ConnectFourScore)
    }
}

impl fmt::Display for ConnectFourScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            f.write_str("score 0")
        } else {
            write!(f, "score {:+}", self.0)
        }
    }
}
