//! Move values and remoteness for any [`Game`]: the analysis a user's own game gets.
//!
//! The built-in games have engines of their own ([`super::can_i_win`],
//! [`super::predict_the_winner`]), tuned to their positions; this one works on the game
//! vocabulary alone, with a hash-map memo, so every [`Game`] can list what each move is worth.
//!
//! # Complexity
//!
//! With `S` the distinct positions reachable from the analysed one: `O(S · m)` game calls for
//! `m` moves per position, and one map entry per position (bounded by the state budget of
//! [`AnalysisConfig`]); the recursion runs on heap-allocated stack segments when deep.
//!
//! # Examples
//!
//! ```
//! use gamesolve::analysis::{generic, AnalysisConfig};
//! use gamesolve::{CanIWin, Game, Verdict};
//!
//! let game = CanIWin::new(5, 11)?;
//! let analysis = generic::analyze(&game, game.start(), &AnalysisConfig::default())?;
//! assert_eq!(analysis.value, Verdict::Loss);
//! assert_eq!(analysis.moves.len(), 5);
//! assert!(analysis.moves.iter().all(|m| m.value == Verdict::Loss));
//! # Ok::<(), gamesolve::Error>(())
//! ```
//!
//! # Errors
//!
//! [`Error::BudgetExhausted`] (unit `states`) past the state budget;
//! [`Error::TimeLimitReached`] past [`AnalysisConfig::time_limit`]; [`Error::NoMoves`] for a
//! game whose position is neither over nor has a move; [`Error::StackRefused`] when the system
//! refuses a new stack segment. All name the `analyze` command.
//!
//! # See also
//!
//! [`super::CanIWinAnalyzer`] and [`super::analyze_predict_the_winner`], the engines of the
//! built-in games (far smaller and faster, with the principal variation).

use super::{AnalysisConfig, NAME};
use crate::search::{HashMemo, Ranked, Search, SearchNames};
use crate::{DeadlineClock, Error, Game, NoStats};

/// One legal move and what it is worth to the player making it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveAnalysis<G: Game> {
    /// The move.
    pub mv: G::Move,
    /// Its value for the player making it.
    pub value: G::Value,
    /// Moves until the game ends after perfect play (the winner hurries, the loser delays),
    /// this move included.
    pub remoteness: u32,
}

/// A position's value, remoteness and every move's, best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionAnalysis<G: Game> {
    /// The value for the player to move.
    pub value: G::Value,
    /// Moves until the game ends under perfect play (0 when it is over).
    pub remoteness: u32,
    /// Every legal move, best first: larger values first; among equal values the faster win,
    /// or the slower loss or draw, first; then the game's move order.
    pub moves: Vec<MoveAnalysis<G>>,
}

/// Analyses `position` of `game`; see the [module docs](self).
///
/// # Errors
///
/// See the [module docs](self).
pub fn analyze<G: Game>(
    game: &G,
    position: G::Position,
    config: &AnalysisConfig,
) -> Result<PositionAnalysis<G>, Error> {
    if let Some(value) = game.terminal_value(position) {
        return Ok(PositionAnalysis {
            value,
            remoteness: 0,
            moves: Vec::new(),
        });
    }
    // The one generic search, with a hash-map memo of value and remoteness.
    let memo = HashMemo::new(config.state_budget, config.memory_cap_bytes);
    let pace = DeadlineClock::new(config.deadline());
    let mut stats = NoStats;
    let mut search = Search::new(game, memo, &mut stats, pace, NAMES, config.memory_cap_bytes);
    let mut moves: Vec<(G::Move, Ranked<G::Value>)> = search.every_move(position)?;
    // Best first; among equals, the game's order (a stable sort).
    moves.sort_by(|(_, a), (_, b)| b.cmp_for_mover(a));
    let Some(&(_, best)) = moves.first() else {
        // `every_move` refuses a position with no move that is not over.
        return Err(Error::NoMoves {
            game: G::NAME,
            position: game.show_position(position),
        });
    };
    Ok(PositionAnalysis {
        value: best.value,
        remoteness: best.remoteness,
        moves: moves
            .into_iter()
            .map(|(mv, score)| MoveAnalysis {
                mv,
                value: score.value,
                remoteness: score.remoteness,
            })
            .collect(),
    })
}

/// The names the analysis's errors carry.
const NAMES: SearchNames = SearchNames {
    who: NAME,
    budget_hint: "",
    cap_hint: "; raise --memory-cap",
};
