//! Move values and remoteness for an [`Indexed`] game whose positions may repeat, from a
//! retrograde pass (`tabular/retrograde`): the analysis of Cat and Mouse, where the generic
//! search ([`super::generic`]) would not terminate.
//!
//! # Complexity
//!
//! One retrograde pass over the positions reachable from the analysed one: time
//! `O(C + S + E)` and memory as `tabular/retrograde` states (for Cat and Mouse, 4 bytes per
//! index of the game and about 28 per position reached), within
//! [`AnalysisConfig::memory_cap_bytes`].
//!
//! # Examples
//!
//! ```
//! use gamesolve::analysis::{retrograde, AnalysisConfig};
//! use gamesolve::{CatAndMouse, Game, Verdict};
//!
//! let game = CatAndMouse::new(vec![vec![1, 3], vec![0], vec![3], vec![0, 2]])?;
//! if gamesolve::Backend::Tabular.is_available() {
//!     let analysis = retrograde::analyze(&game, game.start(), &AnalysisConfig::default())?;
//!     assert_eq!((analysis.value, analysis.remoteness), (Verdict::Win, 1));
//! }
//! # Ok::<(), gamesolve::Error>(())
//! ```
//!
//! # Errors
//!
//! As `tabular/retrograde`'s (the memory cap, the time limit), and
//! [`Error::NoAlgorithm`] in a build without `tabular`.
//!
//! # See also
//!
//! [`super::generic`], the same analysis by a search, for games whose positions never repeat.

use std::collections::HashMap;

use super::generic::{Analyzer, MoveAnalysis, PositionAnalysis, PositionValues};
use super::AnalysisConfig;
use crate::search::Ranked;
use crate::{Deadline, Error, Indexed};

/// Analyses `position` of `game`; see the [module docs](self). Endless play (a draw in Cat and
/// Mouse) has remoteness `u32::MAX`.
///
/// # Errors
///
/// See the [module docs](self).
pub fn analyze<G: Indexed>(
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
    let mut moves = crate::registry::retrograde_move_scores(
        game,
        position,
        config.memory_cap_bytes(),
        config.deadline(),
    )?;
    // Best first; among equals, the game's order (a stable sort).
    moves.sort_by(|(_, a), (_, b)| b.cmp_for_mover(a));
    let Some(&(_, best)) = moves.first() else {
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

/// An [`Analyzer`] for a game whose positions repeat: the scores of positions come from
/// retrograde passes ([`RetrogradeValues`]), since the generic search would not terminate.
pub fn analyzer<G: Indexed>(game: G, config: AnalysisConfig) -> Analyzer<G> {
    let values = RetrogradeValues {
        config,
        known: HashMap::new(),
    };
    Analyzer::with_values(game, config, Box::new(values))
}

/// Scores of positions from retrograde passes, each kept once computed: a position's score is
/// its best move's ([`analyze`]), from one pass over the positions reachable from it.
pub struct RetrogradeValues<P, V> {
    config: AnalysisConfig,
    known: HashMap<P, Ranked<V>>,
}

impl<G: Indexed> PositionValues<G> for RetrogradeValues<G::Position, G::Value> {
    fn score(
        &mut self,
        game: &G,
        position: G::Position,
        deadline: Deadline,
    ) -> Result<Ranked<G::Value>, Error> {
        if let Some(&known) = self.known.get(&position) {
            return Ok(known);
        }
        let analysis = analyze(game, position, &self.config.with_shared_deadline(deadline))?;
        let score = Ranked {
            value: analysis.value,
            remoteness: analysis.remoteness,
        };
        self.known.insert(position, score);
        Ok(score)
    }
}
