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

use std::cmp::Ordering;

use hashbrown::HashMap;

use super::{AnalysisConfig, NAME};
use crate::deadline::DeadlineClock;
use crate::stack::{self, StackRefused};
use crate::{Error, Game, GameValue, Verdict};

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
    let mut search = Search {
        game,
        memo: HashMap::new(),
        budget: config.state_budget,
        clock: DeadlineClock::new(config.deadline()),
    };
    if let Some(value) = game.terminal_value(position) {
        return Ok(PositionAnalysis {
            value,
            remoteness: 0,
            moves: Vec::new(),
        });
    }
    let mut moves = search.moves(position)?;
    moves.sort_by(|a, b| better(b.value, b.remoteness, a.value, a.remoteness));
    let Some((value, remoteness)) = moves.first().map(|m| (m.value, m.remoteness)) else {
        return Err(Error::NoMoves {
            game: G::NAME,
            position: game.show_position(position),
        });
    };
    Ok(PositionAnalysis {
        value,
        remoteness,
        moves,
    })
}

/// How `(a, ra)` compares with `(b, rb)` for the mover: a larger value is better; at equal
/// values a win is better sooner, anything else later.
fn better<V: GameValue>(a: V, ra: u32, b: V, rb: u32) -> Ordering {
    a.cmp(&b).then_with(|| {
        if a.verdict() == Verdict::Win {
            rb.cmp(&ra)
        } else {
            ra.cmp(&rb)
        }
    })
}

const RED_ZONE: usize = 64 * 1024;
const SEGMENT: usize = 1024 * 1024;

struct Search<'a, G: Game> {
    game: &'a G,
    memo: HashMap<G::Position, (G::Value, u32)>,
    budget: u64,
    /// The time limit, read once per 4,096 positions expanded.
    clock: DeadlineClock,
}

impl<G: Game> Search<'_, G> {
    /// Every move of a position that is not over, with its value and remoteness.
    fn moves(&mut self, position: G::Position) -> Result<Vec<MoveAnalysis<G>>, Error> {
        let mut out = Vec::new();
        for mv in self.game.moves(position) {
            let child = self.game.play(position, mv);
            let (reply, remoteness) = self.value(child)?;
            out.push(MoveAnalysis {
                mv,
                value: self.game.move_value(position, mv, reply),
                remoteness: remoteness + 1,
            });
        }
        Ok(out)
    }

    /// The value and remoteness of any position.
    fn value(&mut self, position: G::Position) -> Result<(G::Value, u32), Error> {
        if let Some(value) = self.game.terminal_value(position) {
            return Ok((value, 0));
        }
        if let Some(&known) = self.memo.get(&position) {
            return Ok(known);
        }
        self.clock.tick_or_stop(NAME, G::NAME)?;
        let refused = |refused: StackRefused| refused.error(NAME, G::NAME, "");
        let moves =
            stack::maybe_grow_fallible(RED_ZONE, SEGMENT, refused, || self.moves(position))?;
        let best = moves
            .iter()
            .max_by(|a, b| better(a.value, a.remoteness, b.value, b.remoteness))
            .map(|m| (m.value, m.remoteness));
        let Some(best) = best else {
            return Err(Error::NoMoves {
                game: G::NAME,
                position: self.game.show_position(position),
            });
        };
        if self.memo.len() as u64 >= self.budget {
            return Err(Error::BudgetExhausted {
                backend: NAME,
                game: G::NAME,
                budget: self.budget,
                unit: "states",
                hint: "; raise --state-budget",
            });
        }
        self.memo.insert(position, best);
        Ok(best)
    }
}
