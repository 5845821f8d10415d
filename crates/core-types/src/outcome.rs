//! The result of a game under optimal play, shared by both games.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Who wins a two-player game when both sides play perfectly.
///
/// Both games in this workspace can end in a draw (a total nobody can reach in
/// Can I Win, equal scores in Predict the Winner), so this is a three-valued
/// type: a draw is never silently folded into a win or a loss. Use the games'
/// named boolean helpers (for example
/// [`CanIWinSolution::can_i_win`](crate::CanIWinSolution::can_i_win)) when a
/// classic LeetCode answer is wanted.
///
/// Serialized as `"first"`, `"second"` or `"draw"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The player who moves first can force a win.
    #[serde(rename = "first")]
    FirstPlayerWins,
    /// The player who moves second can force a win.
    #[serde(rename = "second")]
    SecondPlayerWins,
    /// Neither player can force a win.
    Draw,
}

impl Outcome {
    /// The stable machine name: `"first"`, `"second"` or `"draw"`.
    ///
    /// ```
    /// use gamesolve::Outcome;
    /// assert_eq!(Outcome::SecondPlayerWins.as_str(), "second");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::FirstPlayerWins => "first",
            Outcome::SecondPlayerWins => "second",
            Outcome::Draw => "draw",
        }
    }

    /// The outcome with the players' roles exchanged (a draw stays a draw).
    ///
    /// ```
    /// use gamesolve::Outcome;
    /// assert_eq!(Outcome::FirstPlayerWins.swapped(), Outcome::SecondPlayerWins);
    /// assert_eq!(Outcome::Draw.swapped(), Outcome::Draw);
    /// ```
    pub const fn swapped(self) -> Outcome {
        match self {
            Outcome::FirstPlayerWins => Outcome::SecondPlayerWins,
            Outcome::SecondPlayerWins => Outcome::FirstPlayerWins,
            Outcome::Draw => Outcome::Draw,
        }
    }

    /// The outcome whose winner is given by the sign of a score margin
    /// (first player's score minus second player's score).
    ///
    /// ```
    /// use gamesolve::Outcome;
    /// assert_eq!(Outcome::from_margin(3), Outcome::FirstPlayerWins);
    /// assert_eq!(Outcome::from_margin(0), Outcome::Draw);
    /// assert_eq!(Outcome::from_margin(-1), Outcome::SecondPlayerWins);
    /// ```
    pub const fn from_margin(margin: i128) -> Outcome {
        if margin > 0 {
            Outcome::FirstPlayerWins
        } else if margin < 0 {
            Outcome::SecondPlayerWins
        } else {
            Outcome::Draw
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::FirstPlayerWins => "first player wins",
            Outcome::SecondPlayerWins => "second player wins",
            Outcome::Draw => "draw",
        })
    }
}
