//! The JSON of `analyze GAME … --json` for the generic analysis ([`GenericAnalysisReport`]),
//! every game's unless it words its own ([`TableGame::analysis_json`]: the built-in games keep
//! their fields, written in their modules).
//!
//! ```
//! use gamesolve::analysis::report::{generic_json, Analysis};
//! use gamesolve::analysis::AnalysisConfig;
//! use gamesolve::{CanIWin, Game};
//!
//! let game = CanIWin::new(3, 4)?;
//! let a = Analysis::of(&game, game.start(), 0, Vec::new(), AnalysisConfig::default())?;
//! let json: serde_json::Value = serde_json::from_str(generic_json(&game, &a).get()).unwrap();
//! assert_eq!(json["game"], "can-i-win");
//! assert_eq!(json["moves"].as_array().map(Vec::len), Some(3));
//! # Ok::<(), gamesolve::Error>(())
//! ```

use serde::Serialize;

use crate::analysis::generic::PositionAnalysis;
use crate::{GameValue, TableGame, Verdict};

/// One move of a [`GenericAnalysisReport`].
#[derive(Clone, Debug, Serialize)]
pub struct GenericMoveReport {
    /// The move as the game shows it.
    #[serde(rename = "move")]
    label: String,
    /// Its number in the game's listing of moves (what `play` also accepts).
    number: usize,
    /// Its value for the player making it, in the game's words (`wins`, `margin +5`).
    value: String,
    /// `win`, `lose` or `draw` for the player making it.
    verdict: Verdict,
    /// Moves until the end after it, this one included.
    remoteness: u32,
}

/// The JSON of `analyze GAME … --json` for a game analysed by the generic analysis.
#[derive(Clone, Debug, Serialize)]
pub struct GenericAnalysisReport {
    game: &'static str,
    #[serde(flatten)]
    params: serde_json::Map<String, serde_json::Value>,
    /// The position analysed, as the game shows it.
    position: String,
    /// The moves made before it.
    moves_made: Vec<String>,
    /// Its value for the player to move, in the game's words.
    value: String,
    verdict: Verdict,
    remoteness: u32,
    /// The whole line of perfect play from the position.
    principal_variation: Vec<String>,
    /// Every legal move, best first.
    moves: Vec<GenericMoveReport>,
}

impl GenericAnalysisReport {
    /// The report of `analysis` of `position` of `game`, reached by `moves_made` (as the user
    /// wrote them), with the `principal_variation` shown move by move.
    pub fn new<G: TableGame>(
        game: &G,
        position: G::Position,
        moves_made: Vec<String>,
        analysis: &PositionAnalysis<G>,
        principal_variation: Vec<String>,
    ) -> Self {
        let listing = game.moves(position);
        let number = |mv| listing.iter().position(|&m| m == mv).map_or(0, |k| k + 1);
        GenericAnalysisReport {
            game: G::NAME,
            params: game
                .params()
                .iter()
                .map(|(name, value)| (name.to_owned(), value.to_json()))
                .collect(),
            position: game.show_position(position),
            moves_made,
            value: analysis.value.to_string(),
            verdict: analysis.value.verdict(),
            remoteness: analysis.remoteness,
            principal_variation,
            moves: analysis
                .moves
                .iter()
                .map(|m| GenericMoveReport {
                    label: game.show_move(position, m.mv),
                    number: number(m.mv),
                    value: m.value.to_string(),
                    verdict: m.value.verdict(),
                    remoteness: m.remoteness,
                })
                .collect(),
        }
    }
}
