//! What a position is worth: the [`GameValue`] trait and its two common types, [`Verdict`]
//! (win, draw, loss) and [`Margin`] (a scoring game's exact margin).

use std::fmt;
use std::hash::Hash;

use serde::{Deserialize, Serialize};

use crate::Outcome;

/// What a position is worth to the player to move: ordered (larger is better for them) and
/// negatable (the opponent's view).
pub trait GameValue:
    Copy + Eq + Ord + Hash + fmt::Debug + fmt::Display + Send + Sync + 'static
{
    /// The same position's value for the opponent.
    fn negate(self) -> Self;

    /// Win, draw or loss for the player to move.
    fn verdict(self) -> Verdict;

    /// Whether no value is better for the player to move (a win): a search that only wants a
    /// position's value and one best move may stop at the first move reaching it. `false` by
    /// default (a margin can always be larger).
    fn is_best_possible(self) -> bool {
        false
    }

    /// The value as a number, for a scoring game (a [`Margin`]'s points); `None` (the default)
    /// for a game valued only by win, draw or loss. The teaching page shows a table cell's
    /// number where there is one, its verdict otherwise.
    fn amount(self) -> Option<i128> {
        None
    }

    /// The value of a position from which play never ends under perfect play (a loopy game's
    /// positions that retrograde analysis never decides): a draw for [`Verdict`]; `None` (the
    /// default) for a value type that has no such value, such as a scoring game's [`Margin`],
    /// whose positions must then all lead to an end.
    fn endless() -> Option<Self> {
        None
    }

    /// Whether a table of values (`memo/indexed`) should keep them as 64-bit words
    /// ([`GameValue::to_word`]) where they fit: 8 bytes a cell, sized to the game's values,
    /// instead of the value type's size (a [`Margin`]'s `i128`: 16 bytes and a presence bit).
    /// `false` by default, and for [`Verdict`] (one byte a cell is smaller), whose values
    /// still have words for the tables that keep a value in a few bits.
    const PACKS: bool = false;

    /// The value as one 64-bit word, when it fits in one (`None` by default, and for a value
    /// that does not fit: a table keeps it aside). [`GameValue::from_word`] reads it back.
    /// `memo/bounded` keeps its entries in place, 16 bytes each, for a game whose values have
    /// words (`from_word(0)` gives a value) and which gives a [`Game::table_key`]; a value
    /// whose word, as a signed number, lies outside -511..=511 is then not kept.
    ///
    /// [`Game::table_key`]: crate::Game::table_key
    fn to_word(self) -> Option<u64> {
        None
    }

    /// The value of a word made by [`GameValue::to_word`] (`None` by default).
    fn from_word(word: u64) -> Option<Self> {
        let _ = word;
        None
    }

    /// A colour name for the views (`palegreen` for a win, `lightpink` for a loss,
    /// `lightyellow` for a draw).
    fn colour(self) -> &'static str {
        match self.verdict() {
            Verdict::Win => "palegreen",
            Verdict::Loss => "lightpink",
            Verdict::Draw => "lightyellow",
        }
    }
}

/// The value of a win/lose/draw game for the player to move; `Loss < Draw < Win`.
///
/// Reads `wins`, `loses` or `draws` in the views.
///
/// ```
/// use gamesolve::{GameValue, Verdict};
/// assert!(Verdict::Loss < Verdict::Draw && Verdict::Draw < Verdict::Win);
/// assert_eq!(Verdict::Win.negate(), Verdict::Loss);
/// assert_eq!(Verdict::Win.to_string(), "wins");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The player to move loses against perfect play.
    #[serde(rename = "lose")]
    Loss,
    /// Neither player can force a win.
    Draw,
    /// The player to move can force a win.
    #[serde(rename = "win")]
    Win,
}

impl Verdict {
    /// `Win` when `wins`, else `Loss` (games without draws).
    pub const fn from_wins(wins: bool) -> Verdict {
        if wins {
            Verdict::Win
        } else {
            Verdict::Loss
        }
    }

    /// The game's [`Outcome`] when this is the first player's verdict at the start.
    pub const fn outcome_for_first(self) -> Outcome {
        match self {
            Verdict::Win => Outcome::FirstPlayerWins,
            Verdict::Loss => Outcome::SecondPlayerWins,
            Verdict::Draw => Outcome::Draw,
        }
    }
}

impl GameValue for Verdict {
    fn negate(self) -> Self {
        match self {
            Verdict::Win => Verdict::Loss,
            Verdict::Loss => Verdict::Win,
            Verdict::Draw => Verdict::Draw,
        }
    }

    fn verdict(self) -> Verdict {
        self
    }

    fn is_best_possible(self) -> bool {
        self == Verdict::Win
    }

    fn endless() -> Option<Self> {
        Some(Verdict::Draw)
    }

    // Words for the tables that keep values in a few bits (`memo/bounded`'s packed table):
    // -1, 0 and 1. `PACKS` stays `false`: one byte a cell, not a word, in `memo/indexed`.
    fn to_word(self) -> Option<u64> {
        Some(match self {
            Verdict::Loss => u64::MAX,
            Verdict::Draw => 0,
            Verdict::Win => 1,
        })
    }

    fn from_word(word: u64) -> Option<Self> {
        match word {
            u64::MAX => Some(Verdict::Loss),
            0 => Some(Verdict::Draw),
            1 => Some(Verdict::Win),
            _ => None,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Win => "wins",
            Verdict::Loss => "loses",
            Verdict::Draw => "draws",
        })
    }
}

/// The value of a scoring game for the player to move: their score minus the opponent's over
/// what is left, exactly. Reads `margin +5` in the views.
///
/// ```
/// use gamesolve::{GameValue, Verdict, core_types::Margin};
/// assert_eq!(Margin(5).negate(), Margin(-5));
/// assert_eq!(Margin(0).verdict(), Verdict::Draw);
/// assert_eq!(Margin(-2).to_string(), "margin -2");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Margin(pub i128);

impl GameValue for Margin {
    fn negate(self) -> Self {
        Margin(-self.0)
    }

    fn verdict(self) -> Verdict {
        match self.0.signum() {
            1 => Verdict::Win,
            -1 => Verdict::Loss,
            _ => Verdict::Draw,
        }
    }

    fn amount(self) -> Option<i128> {
        Some(self.0)
    }

    /// A margin within `i64` (every margin of a row of `i64` values whose sums fit) is its
    /// two's-complement word.
    const PACKS: bool = true;

    fn to_word(self) -> Option<u64> {
        i64::try_from(self.0).ok().map(|margin| margin as u64)
    }

    fn from_word(word: u64) -> Option<Self> {
        Some(Margin(i128::from(word as i64)))
    }
}

impl fmt::Display for Margin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "margin {:+}", self.0)
    }
}
