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
    /// The masks of [`Shape::mirror_key`]'s three swaps, when eight columns fit 64 bits
    /// (`8 · (height + 1) <= 64`; all 0 otherwise): the even columns of eight, the columns
    /// `4k` and `4k + 1`, the first four.
    swaps: [u64; 3],
    /// The cells of each column (the columns past the width: none), read where a shift by
    /// the column's place cost several instructions a move.
    columns: [u64; 8],
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
        let step = height + 1;
        let mut swaps = [0u64; 3];
        if 8 * step <= 64 {
            let column = (1u64 << step) - 1;
            let mut g = 0;
            while g < 8 {
                let bits = column << (g * step);
                if g % 2 == 0 {
                    swaps[0] |= bits;
                }
                if g % 4 < 2 {
                    swaps[1] |= bits;
                }
                if g < 4 {
                    swaps[2] |= bits;
                }
                g += 1;
            }
        }
        let mut columns = [0u64; 8];
        let mut c = 0;
        while c < width && c < 8 {
            columns[c as usize] = ((1u64 << height) - 1) << (c * step);
            c += 1;
        }
        Shape {
            width,
            height,
            bottom,
            board,
            swaps,
            columns,
        }
    }

    /// The bits of column `c`'s cells.
    #[inline(always)]
    pub(crate) const fn column(self, c: u32) -> u64 {
        self.columns[(c % 8) as usize]
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
        // The cell above each column's stones, `c`'s kept.
        (p.mask + self.bottom) & self.column(c)
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

    /// [`Shape::mirror`] of a position's key (`current + mask`), which is the key of the
    /// position's mirror image: a column's part of the key stays within the column's bits
    /// (the mask's stones are the lowest cells, the current player's among them, so their sum
    /// is below the sentinel's bit and above no other column's), so mirroring the key mirrors
    /// the sum of the mirrored words.
    ///
    /// # Complexity
    ///
    /// Three swaps of bit groups (columns by pairs, pairs by pairs, halves) and a shift, when
    /// eight columns fit 64 bits (every board but height 8); else [`Shape::mirror`]'s loop over
    /// the columns.
    #[inline]
    pub(crate) const fn mirror_key(self, key: u64) -> u64 {
        let step = self.height + 1;
        if self.swaps[0] == 0 {
            return self.mirror(key);
        }
        let [pairs, quads, halves] = self.swaps;
        let x = (key & pairs) << step | (key >> step) & pairs;
        let x = (x & quads) << (2 * step) | (x >> (2 * step)) & quads;
        let x = (x & halves) << (4 * step) | (x >> (4 * step)) & halves;
        // Column `c` is now at `7 - c` of eight: moved down to `width - 1 - c`.
        x >> ((8 - self.width) * step)
    }

    /// Whether `stones` hold four in a line.
    #[inline]
    pub(crate) const fn has_four(self, stones: u64) -> bool {
        match self.height {
            4 => four_of::<4>(stones),
            5 => four_of::<5>(stones),
            6 => four_of::<6>(stones),
            7 => four_of::<7>(stones),
            // 8, the largest height (`ConnectFour::new` refuses others).
            _ => four_of::<8>(stones),
        }
    }

    /// The empty cells of the board where one more stone of `stones` would make four in a
    /// line (playable now or not), given every stone played, `mask` (a position's: a
    /// column's stones are its lowest cells).
    ///
    /// # Complexity
    ///
    /// About 40 word operations, with shifts fixed at compile time for each height (the
    /// height picks one of five copies: a shift by a register cost a move to `cl` each).
    #[inline(always)]
    pub(crate) const fn winning_cells(self, stones: u64, mask: u64) -> u64 {
        let cells = match self.height {
            4 => lines_of::<4>(stones),
            5 => lines_of::<5>(stones),
            6 => lines_of::<6>(stones),
            7 => lines_of::<7>(stones),
            // 8, the largest height (`ConnectFour::new` refuses others).
            _ => lines_of::<8>(stones),
        };
        cells & self.board & !mask
    }
}

/// Whether `stones` hold four in a line on a board `H` high (the shifts fixed at compile
/// time, as [`lines_of`]'s).
#[inline(always)]
const fn four_of<const H: u64>(stones: u64) -> bool {
    let shifts = [1, H + 1, H, H + 2];
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

/// The cells (empty or not, sentinels too) where one more stone of `stones` would make four
/// in a line on a board `H` high, for stones stacked from each column's bottom: up a column
/// only three stones below the cell count (the cells above an empty one are empty).
#[inline(always)]
const fn lines_of<const H: u64>(stones: u64) -> u64 {
    let mut cells = (stones << 1) & (stones << 2) & (stones << 3);
    let shifts = [H + 1, H, H + 2];
    let mut k = 0;
    while k < 3 {
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
    cells
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
