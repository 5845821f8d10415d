//! Exact analysis of any position: the value of every legal move, the
//! remoteness, and the principal variation.
//!
//! The solvers answer one question ("who wins from the start?"). This module
//! answers the ones a player or a teacher asks next: *what is each move
//! worth, how long does the game last, and what does perfect play look
//! like?* It is one exact engine for every game, independent of the backends, and
//! tested against brute force.
//!
//! - [`generic`]: the [`Analyzer`](generic::Analyzer) of any [`Game`](crate::Game), written
//!   once over the game vocabulary: the value and remoteness of every move from a search with
//!   a memo kept between positions (a dense table for an [`Indexed`](crate::Indexed) game), or
//!   from a table a game supplies ([`generic::PositionValues`]: Predict the Winner's margins of
//!   every interval; a game whose positions repeat hands over its solved table);
//! - [`report`]: one analysed position with its principal variation, as `analyze` reports it
//!   (each game of the table words it: [`TableGame::analysis_json`](crate::TableGame::analysis_json)).
//!
//! A game's extras live in the game's own module: Can I Win's every-total sweep is
//! [`games::can_i_win_all_totals`](crate::games::can_i_win_all_totals).
//!
//! # Remoteness
//!
//! The number of moves until the game ends when the winner hurries (plays
//! the fastest win) and the loser delays (plays the slowest loss). A move's
//! remoteness counts that move too, so the best move's remoteness equals the
//! position's. For a draw it is the number of moves left (the game ends when
//! the pool or the row is empty). Predict the Winner always lasts as many
//! moves as values remain.
//!
//! # Order and the principal variation
//!
//! Moves are listed best first for the player making them: wins by
//! ascending remoteness, then draws, then losses by descending remoteness
//! (Can I Win); larger margins first (Predict the Winner). Ties go to the
//! smaller integer, or to `left`. The principal variation plays the first
//! move of that order at every step, so it is deterministic.
//!
//! Note that this order is about *speed*: for Can I Win the solvers report
//! the *smallest* winning integer as `best_move`, which may be a slower win
//! than the first move listed here; both are winning moves.
//!
//! # Example
//!
//! ```
//! use gamesolve::analysis::report::Analysis;
//! use gamesolve::analysis::{AnalysisConfig, Player};
//! use gamesolve::{CanIWin, Game, Outcome, Verdict};
//!
//! // The hardest LeetCode instance: the second player wins, in 16 moves.
//! let game = CanIWin::new(20, 158)?;
//! let a = Analysis::of(&game, game.start(), 0, Vec::new(), AnalysisConfig::default())?;
//! assert_eq!(a.outcome(), Outcome::SecondPlayerWins);
//! assert_eq!(a.analysis.remoteness, 16);
//! assert_eq!(a.principal_variation.len(), 16);
//! assert!(a.analysis.moves.iter().all(|m| m.value == Verdict::Loss));
//! assert_eq!(a.plies(&game)[15].0, Player::Second);
//! # Ok::<(), gamesolve::Error>(())
//! ```

pub mod generic;
pub mod report;
pub mod retrograde;

use std::fmt;

use serde::Serialize;

use crate::{Deadline, Error, ErrorKind, Outcome};

/// The name the analysis engine gives itself in [`Error`]s (in the place of
/// a backend's name).
pub const NAME: &str = core_types::error::ANALYZE;

/// The largest table the analysis allocates unless configured: the one default of every
/// backend ([`crate::limits::DEFAULT_MEMORY_CAP_BYTES`], 1 GiB). Enough for a dense Can I Win
/// memo up to `n = 30` (one byte per state), the all-totals table up to `n = 24`, and a Predict
/// the Winner decision triangle of some 90,000 values.
pub const DEFAULT_MEMORY_CAP_BYTES: u64 = core_types::limits::DEFAULT_MEMORY_CAP_BYTES;

/// States the sparse memos (used when a dense one exceeds the memory cap) store before giving
/// up, unless configured: the one default ([`crate::limits::DEFAULT_STATE_BUDGET`]), no budget
/// of their own, so as many as fit in the memory cap. A hopeless analysis (`n = 40`,
/// `T = 800`) refused in 1.6 to 2 s at the 3 million of issues 12 to 26; it now fills the cap
/// first (some 20 s at 1 GiB). A caller who wants the quick refusal sets
/// [`Limits::state_budget`](crate::Limits::state_budget), or a time limit.
pub const DEFAULT_STATE_BUDGET: u64 = core_types::limits::DEFAULT_STATE_BUDGET;

/// The remoteness the analysis gives a position from which play never ends under perfect
/// play (a draw of a game whose positions repeat, such as Cat and Mouse): `u32::MAX`, a
/// sentinel of the engine that no report shows. The JSON contract says `null`
/// ([`remoteness_json`]), the text says "draw" in words.
pub const ENDLESS: u32 = u32::MAX;

/// A remoteness as the JSON contract gives it: the number of moves, or `None` (`null`) for
/// play that never ends ([`ENDLESS`]).
///
/// ```
/// use gamesolve::analysis::{remoteness_json, ENDLESS};
/// assert_eq!(remoteness_json(4), Some(4));
/// assert_eq!(remoteness_json(ENDLESS), None);
/// ```
pub const fn remoteness_json(remoteness: u32) -> Option<u32> {
    if remoteness == ENDLESS {
        None
    } else {
        Some(remoteness)
    }
}

/// Limits of the analysis engine: the one [`Limits`](crate::Limits) (it reads the memory cap,
/// the state budget and the time limit; the node budget is a backend's) and a deadline shared
/// by several analyses.
///
/// ```
/// use gamesolve::{analysis::AnalysisConfig, prelude::WithLimits};
/// let config = AnalysisConfig::default().with_memory_cap_bytes(1 << 20);
/// assert_eq!(config.memory_cap_bytes(), 1 << 20);
/// assert_eq!(config.limits.memory_cap_bytes, Some(1 << 20));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct AnalysisConfig {
    /// The limits, each read with its default when `None`: the largest table to allocate
    /// ([`DEFAULT_MEMORY_CAP_BYTES`]), the states a sparse memo may store
    /// ([`DEFAULT_STATE_BUDGET`]), and the wall-clock time one analysis (one position, or one
    /// all-totals pass) may take before it gives up with [`Error::TimeLimitReached`] (no limit).
    pub limits: crate::Limits,
    /// A deadline shared by every analysis run with this config, for work that runs several
    /// (`serve`'s `/api/play` replays a game and analyses each position under one limit per
    /// request); each analysis stops at the earlier of it and its own time limit.
    /// [`Deadline::NEVER`] by default.
    pub shared_deadline: Deadline,
}

/// The limits' setters ([`WithLimits`](core_types::WithLimits)): an analysis reads the memory cap,
/// the state budget and the time limit.
impl core_types::WithLimits for AnalysisConfig {
    fn limits_mut(&mut self) -> &mut crate::Limits {
        &mut self.limits
    }
}

impl AnalysisConfig {
    /// The analysis's reading of the one [`Limits`](crate::Limits): the memory cap, the
    /// state budget and the time limit (the node budget is a backend's: not used here), each
    /// with its default when `None`.
    ///
    /// ```
    /// use gamesolve::analysis::{AnalysisConfig, DEFAULT_STATE_BUDGET};
    /// use gamesolve::Limits;
    ///
    /// let limits = Limits { memory_cap_bytes: Some(1 << 20), ..Limits::default() };
    /// let config = AnalysisConfig::from_limits(&limits);
    /// assert_eq!((config.memory_cap_bytes(), config.state_budget()), (1 << 20, DEFAULT_STATE_BUDGET));
    /// ```
    pub fn from_limits(limits: &crate::Limits) -> Self {
        AnalysisConfig {
            limits: *limits,
            shared_deadline: Deadline::NEVER,
        }
    }

    /// The largest table to allocate, in bytes (its default when not set).
    pub const fn memory_cap_bytes(&self) -> u64 {
        match self.limits.memory_cap_bytes {
            Some(bytes) => bytes,
            None => DEFAULT_MEMORY_CAP_BYTES,
        }
    }

    /// The states a sparse memo may store (its default when not set).
    pub const fn state_budget(&self) -> u64 {
        match self.limits.state_budget {
            Some(states) => states,
            None => DEFAULT_STATE_BUDGET,
        }
    }

    /// The time one analysis may take (`None`: no limit).
    pub const fn time_limit(&self) -> Option<std::time::Duration> {
        self.limits.time_limit
    }

    /// The same limits, every analysis also stopping at `deadline` (see
    /// [`shared_deadline`](Self::shared_deadline)).
    pub const fn with_shared_deadline(mut self, deadline: Deadline) -> Self {
        self.shared_deadline = deadline;
        self
    }

    /// The deadline of an analysis that starts now: its [`time_limit`](Self::time_limit) from
    /// now, or the [`shared_deadline`](Self::shared_deadline) if that passes first.
    pub fn deadline(&self) -> Deadline {
        self.limits.deadline().earlier(self.shared_deadline)
    }
}

/// One of the two players, named by their turn order in the whole game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// The player who made (or makes) the first move of the game.
    First,
    /// The other player.
    Second,
}

impl Player {
    /// The player who moves after `moves_made` moves of the game.
    ///
    /// ```
    /// use gamesolve::analysis::Player;
    /// assert_eq!(Player::to_move_after(0), Player::First);
    /// assert_eq!(Player::to_move_after(3), Player::Second);
    /// ```
    pub const fn to_move_after(moves_made: usize) -> Player {
        if moves_made & 1 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The other player.
    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// The stable machine name: `"first"` or `"second"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Player::First => "first",
            Player::Second => "second",
        }
    }

    /// The outcome "this player wins".
    pub const fn wins(self) -> Outcome {
        match self {
            Player::First => Outcome::FirstPlayerWins,
            Player::Second => Outcome::SecondPlayerWins,
        }
    }

    /// The game outcome when this player's result is `value`.
    ///
    /// ```
    /// use gamesolve::analysis::{MoveValue, Player};
    /// use gamesolve::Outcome;
    /// assert_eq!(Player::Second.outcome_of(MoveValue::Lose), Outcome::FirstPlayerWins);
    /// ```
    pub const fn outcome_of(self, value: MoveValue) -> Outcome {
        match value {
            MoveValue::Win => self.wins(),
            MoveValue::Lose => self.other().wins(),
            MoveValue::Draw => Outcome::Draw,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::First => "first player",
            Player::Second => "second player",
        })
    }
}

/// What a move (or a position) is worth to the player making it (or to
/// move), under perfect play from then on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MoveValue {
    /// The player can force a win.
    Win,
    /// The opponent can force a win.
    Lose,
    /// Neither can force a win.
    Draw,
}

impl MoveValue {
    /// The stable machine name: `"win"`, `"lose"` or `"draw"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            MoveValue::Win => "win",
            MoveValue::Lose => "lose",
            MoveValue::Draw => "draw",
        }
    }

    /// The value of the same result seen by the opponent.
    pub const fn flipped(self) -> MoveValue {
        match self {
            MoveValue::Win => MoveValue::Lose,
            MoveValue::Lose => MoveValue::Win,
            MoveValue::Draw => MoveValue::Draw,
        }
    }

    /// The value of a score margin from the player's side, by its sign (the game
    /// vocabulary's [`Margin::verdict`](crate::GameValue::verdict)).
    pub fn from_margin(margin: i128) -> MoveValue {
        MoveValue::from(crate::GameValue::verdict(crate::Margin(margin)))
    }
}

/// The analysis names the game vocabulary's [`Verdict`](crate::Verdict) `win`/`lose`/`draw`.
impl From<crate::Verdict> for MoveValue {
    fn from(verdict: crate::Verdict) -> Self {
        match verdict {
            crate::Verdict::Win => MoveValue::Win,
            crate::Verdict::Loss => MoveValue::Lose,
            crate::Verdict::Draw => MoveValue::Draw,
        }
    }
}

impl fmt::Display for MoveValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a position cannot be analyzed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnalysisError {
    /// The game is fine but the position is not a position of it (a number
    /// outside the pool, used twice, more values taken than there are, or a
    /// game that is already over).
    #[error("{reason}")]
    InvalidPosition {
        /// A complete sentence naming the offending value and what is allowed.
        reason: String,
    },
    /// The game is malformed, or the analysis cannot answer within its limits
    /// (its table would exceed the memory cap, its state budget ran out).
    #[error(transparent)]
    Game(#[from] Error),
}

impl AnalysisError {
    /// Whether the input is malformed ([`ErrorKind::InvalidInput`]) or the
    /// engine gave up ([`ErrorKind::CannotAnswer`]).
    ///
    /// ```
    /// use gamesolve::analysis::AnalysisError;
    /// use gamesolve::core_types::ErrorKind;
    /// let err = AnalysisError::InvalidPosition { reason: "6 is not in the pool 1..=5".into() };
    /// assert_eq!(err.kind(), ErrorKind::InvalidInput);
    /// # Ok::<(), gamesolve::Error>(())
    /// ```
    pub fn kind(&self) -> ErrorKind {
        match self {
            AnalysisError::InvalidPosition { .. } => ErrorKind::InvalidInput,
            AnalysisError::Game(e) => e.kind(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_and_values() {
        assert_eq!(Player::First.other(), Player::Second);
        assert_eq!(
            Player::First.outcome_of(MoveValue::Win),
            Outcome::FirstPlayerWins
        );
        assert_eq!(Player::First.outcome_of(MoveValue::Draw), Outcome::Draw);
        assert_eq!(MoveValue::Win.flipped(), MoveValue::Lose);
        assert_eq!(MoveValue::from_margin(-3), MoveValue::Lose);
        assert_eq!(MoveValue::from_margin(0), MoveValue::Draw);
        assert_eq!(
            serde_json::to_string(&(Player::Second, MoveValue::Draw)).ok(),
            Some(r#"["second","draw"]"#.to_owned())
        );
    }
}
