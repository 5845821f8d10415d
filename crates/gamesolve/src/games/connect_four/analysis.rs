//! Connect Four's scores for the generic analysis (`analyze`, `play`, `serve`'s `/api/play`):
//! each position solved by `memo/bounded` (the game's default and fastest variant), its
//! remoteness read off its score.
//!
//! The generic analysis would score a position with a plain memo, which searches every move's
//! whole subtree: fine near the end of a game, hopeless from the middle of a 7x6 board. The
//! score says when the game ends under best play (a win by move `m` scores
//! `⌊(cells + 2 − m)/2⌋`, and the winner's parity fixes `m`), so a search that finds only the
//! score (alpha-beta over a fixed table, which prunes on it) gives the remoteness too.
//!
//! # Complexity
//!
//! One `memo/bounded` solve per position asked (the analysis of a position asks it and each of
//! its children), each within the analysis's memory cap and state budget (the table's size)
//! and the time left: one solver for all of them, so its fixed table is mapped once and only
//! emptied (a new stamp) between positions.
//!
//! # Errors
//!
//! The solve's own ([`Error::TableTooLarge`], [`Error::TimeLimitReached`]). A build without
//! `memo` has no such source: the game's analysis is then the generic one.

use solver_memo::bounded::Bounded;

use super::{ConnectFour, ConnectFourPosition, ConnectFourScore};
use crate::analysis::generic::PositionValues;
use crate::analysis::NAME;
use crate::core_types::{Solver, WithLimits};
use crate::search::Ranked;
use crate::{Deadline, Error, Game, Limits};

/// Scores by `memo/bounded`; see the [module docs](self).
pub(super) struct BoundedScores {
    pub(super) limits: Limits,
    /// The solver, kept between positions with its table.
    pub(super) solver: Bounded,
}

impl PositionValues<ConnectFour> for BoundedScores {
    fn score(
        &mut self,
        game: &ConnectFour,
        position: ConnectFourPosition,
        deadline: Deadline,
    ) -> Result<Ranked<ConnectFourScore>, Error> {
        if let Some(value) = game.terminal_value(position) {
            return Ok(Ranked {
                value,
                remoteness: 0,
            });
        }
        let limits = match deadline.time_left() {
            None => return Err(deadline.error(NAME, ConnectFour::NAME)),
            Some(std::time::Duration::MAX) => self.limits,
            Some(left) => self.limits.with_time_limit(Some(left)),
        };
        self.solver = std::mem::take(&mut self.solver).with_limits(limits);
        let answer = self.solver.solve(&game.at(position))?;
        Ok(Ranked {
            value: ConnectFourScore(answer.score),
            remoteness: game.remoteness(position, answer.score),
        })
    }
}

impl ConnectFour {
    /// The same board with `position` as the position to solve (its `moves` word kept).
    pub(super) fn at(&self, position: ConnectFourPosition) -> ConnectFour {
        ConnectFour {
            start: position,
            ..self.clone()
        }
    }

    /// Moves from `position` to the end under best play when its score is `score`: the board
    /// fills up in a draw; a win ends at the move `m` of the winner's parity with
    /// `⌊(cells + 2 − m)/2⌋ = |score|`.
    pub fn remoteness(&self, position: ConnectFourPosition, score: i32) -> u32 {
        let played = position.moves_played();
        let cells = self.cells();
        if score == 0 {
            return cells.saturating_sub(played);
        }
        // The player to move drops moves played + 1, + 3, …; the other player the rest.
        let parity = if score > 0 {
            (played + 1) % 2
        } else {
            played % 2
        };
        let s = score.unsigned_abs();
        let last = (cells + 2).saturating_sub(2 * s);
        let m = if last % 2 == parity {
            last
        } else {
            last.saturating_sub(1)
        };
        m.saturating_sub(played)
    }
}
