//! The JSON of `analyze GAME … --json` for the generic analysis ([`GenericAnalysisReport`]),
//! every game's unless it words its own ([`TableGame::analysis_json`]: the built-in games keep
//! their fields, written in their modules).
//!
//! # The answer contract
//!
//! Every game's analysis (its own report or this one), `play`'s hints and `serve`'s
//! `/api/play` use the same fields with the same words:
//!
//! - `outcome`: `first`, `second` or `draw`, who wins from the position under perfect play;
//! - `value`: `win`, `lose` or `draw` for the player to move (`to_move`);
//! - `margin`: a scoring game's points for the player to move over the rest of the game
//!   (absent for a win/lose/draw game);
//! - `remoteness`: the moves to the end under perfect play, or `null` for a draw that never
//!   ends (a game whose positions repeat);
//! - `principal_variation`: the line of perfect play, each ply an object with `player` and
//!   `move`;
//! - `moves`: every legal move, best first, each with `move`, `value` (for the player making
//!   it), `remoteness` and, for a scoring game, `margin`.
//!
//! A game's own fields (`total`, `used`, `taken_left`, …) stand beside them.
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
use crate::analysis::{remoteness_json, Player};
use crate::{GameValue, Outcome, TableGame, Verdict};

/// One move of a [`GenericAnalysisReport`].
#[derive(Clone, Debug, Serialize)]
pub struct GenericMoveReport {
    /// The move as the game shows it.
    #[serde(rename = "move")]
    label: String,
    /// Its number in the game's listing of moves (what `play` also accepts).
    number: usize,
    /// `win`, `lose` or `draw` for the player making it.
    value: Verdict,
    /// A scoring game's margin for the player making it, over the rest of the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    margin: Option<i128>,
    /// Moves until the end after it, this one included; `None` (`null`) when play never ends.
    remoteness: Option<u32>,
}

/// One ply of the principal variation of a [`GenericAnalysisReport`].
#[derive(Clone, Debug, Serialize)]
pub struct GenericPlyReport {
    /// Who makes the move, by the whole game's turn order.
    player: Player,
    /// The move as the game shows it.
    #[serde(rename = "move")]
    label: String,
}

/// The JSON of `analyze GAME … --json` for a game analysed by the generic analysis: the
/// [answer contract](self)'s fields, the game's parameters and the position as the game shows
/// it.
#[derive(Clone, Debug, Serialize)]
pub struct GenericAnalysisReport {
    game: &'static str,
    #[serde(flatten)]
    params: serde_json::Map<String, serde_json::Value>,
    /// The position analysed, as the game shows it.
    position: String,
    /// The moves made before it.
    moves_made: Vec<String>,
    /// The player to move.
    to_move: Player,
    /// Who wins from the position under perfect play.
    outcome: Outcome,
    /// `win`, `lose` or `draw` for the player to move.
    value: Verdict,
    /// A scoring game's margin for the player to move, over the rest of the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    margin: Option<i128>,
    /// Moves to the end under perfect play; `None` (`null`) when play never ends.
    remoteness: Option<u32>,
    /// The whole line of perfect play from the position.
    principal_variation: Vec<GenericPlyReport>,
    /// Why the principal variation is left out, when it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    principal_variation_omitted: Option<String>,
    /// Every legal move, best first.
    moves: Vec<GenericMoveReport>,
}

impl GenericAnalysisReport {
    /// The report of `analysis` of `position` of `game`, reached by `moves_made` (as the user
    /// wrote them) with `to_move` to move, with the `principal_variation` shown move by move
    /// (or `omitted`, saying why).
    #[allow(clippy::too_many_arguments)]
    pub fn new<G: TableGame>(
        game: &G,
        position: G::Position,
        moves_made: Vec<String>,
        to_move: Player,
        analysis: &PositionAnalysis<G>,
        principal_variation: Vec<String>,
        omitted: Option<String>,
    ) -> Self {
        let listing = game.moves(position);
        let number = |mv| listing.iter().position(|&m| m == mv).map_or(0, |k| k + 1);
        let value = analysis.value.verdict();
        let mut player = to_move;
        let principal_variation = principal_variation
            .into_iter()
            .map(|label| {
                let ply = GenericPlyReport { player, label };
                player = player.other();
                ply
            })
            .collect();
        GenericAnalysisReport {
            game: G::NAME,
            params: game
                .params()
                .iter()
                .map(|(name, value)| (name.to_owned(), value.to_json()))
                .collect(),
            position: game.show_position(position),
            moves_made,
            to_move,
            outcome: to_move.outcome_of(value.into()),
            value,
            margin: analysis.value.amount(),
            remoteness: remoteness_json(analysis.remoteness),
            principal_variation,
            principal_variation_omitted: omitted,
            moves: analysis
                .moves
                .iter()
                .map(|m| GenericMoveReport {
                    label: game.show_move(position, m.mv),
                    number: number(m.mv),
                    value: m.value.verdict(),
                    margin: m.value.amount(),
                    remoteness: remoteness_json(m.remoteness),
                })
                .collect(),
        }
    }
}
