//! One analysed position as every front end reports it: the generic analysis of a position,
//! where it was reached from, and its principal variation, with the JSON and the text of
//! `analyze` ([`TableGame::analysis_json`], [`TableGame::analysis_text`]: by default
//! [`generic_json`] and [`generic_text`], a game's own words where it has them).
//!
//! ```
//! use gamesolve::analysis::report::Analysis;
//! use gamesolve::analysis::AnalysisConfig;
//! use gamesolve::{CanIWin, Game, TableGame, Verdict};
//!
//! let game = CanIWin::new(10, 18)?;
//! let used = 0b100_0100; // 3 and 7 taken
//! let a = Analysis::of(&game, used, 2, Vec::new(), AnalysisConfig::default())?;
//! assert_eq!((a.analysis.value, a.analysis.remoteness), (Verdict::Win, 1));
//! assert_eq!(a.principal_variation, vec![8]);
//! let json: serde_json::Value = serde_json::from_str(game.analysis_json(&a).get()).unwrap();
//! assert_eq!(json["moves"][0], serde_json::json!({"move": 8, "value": "win", "remoteness": 1}));
//! # Ok::<(), gamesolve::Error>(())
//! ```

use std::fmt::Write as _;

use serde_json::value::RawValue;

use super::generic::PositionAnalysis;
use super::{AnalysisConfig, Player, ENDLESS};
use crate::contract::analysis::GenericAnalysisReport;
use crate::{Error, Game, GameValue, Outcome, TableGame};

/// One position analysed: what `analyze` prints; see the [module docs](self).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis<G: Game> {
    /// The position.
    pub position: G::Position,
    /// The moves made in the whole game before it (the player to move follows).
    pub moves_made: usize,
    /// The moves that led to it as the user wrote them (`--moves`), if so.
    pub moves_text: Vec<String>,
    /// Each move's value and remoteness, best first.
    pub analysis: PositionAnalysis<G>,
    /// The line of perfect play to the end; empty when
    /// [`Analysis::principal_variation_omitted`] says why.
    pub principal_variation: Vec<G::Move>,
    /// Why the principal variation was left out ([`TableGame::principal_variation_omitted`]).
    pub principal_variation_omitted: Option<String>,
}

impl<G: TableGame> Analysis<G> {
    /// Analyses `position` of `game`, reached after `moves_made` moves (`moves_text` as the
    /// user wrote them), with the game's own analyzer ([`TableGame::analyzer`]): the position,
    /// then its principal variation unless the game leaves it out, under one deadline.
    ///
    /// # Errors
    ///
    /// The analyzer's ([`super::generic`]).
    pub fn of(
        game: &G,
        position: G::Position,
        moves_made: usize,
        moves_text: Vec<String>,
        config: AnalysisConfig,
    ) -> Result<Self, Error> {
        let mut analyzer = game.analyzer(config);
        let deadline = config.deadline();
        let analysis = analyzer.analyze_until(position, deadline)?;
        let principal_variation_omitted = game.principal_variation_omitted(position, &config);
        let principal_variation = match principal_variation_omitted {
            Some(_) => Vec::new(),
            None => analyzer.principal_variation_until(position, deadline)?,
        };
        Ok(Analysis {
            position,
            moves_made,
            moves_text,
            analysis,
            principal_variation,
            principal_variation_omitted,
        })
    }
}

impl<G: Game> Analysis<G> {
    /// The player to move at the position.
    pub const fn to_move(&self) -> Player {
        Player::to_move_after(self.moves_made)
    }

    /// Who wins from the position under perfect play, players named by the whole game's turn
    /// order.
    pub fn outcome(&self) -> Outcome {
        self.to_move()
            .outcome_of(self.analysis.value.verdict().into())
    }

    /// The principal variation with the player, the position before and the move of each ply.
    pub fn plies(&self, game: &G) -> Vec<(Player, G::Position, G::Move)> {
        let mut at = self.position;
        let mut player = self.to_move();
        let mut plies = Vec::with_capacity(self.principal_variation.len());
        for &mv in &self.principal_variation {
            plies.push((player, at, mv));
            at = game.play(at, mv);
            player = player.other();
        }
        plies
    }
}

/// `value` as JSON text, kept as written (its fields in their declared order) when it is
/// written out again.
pub fn raw_json<T: serde::Serialize>(value: &T) -> Box<RawValue> {
    serde_json::value::to_raw_value(value).unwrap_or_else(|_| {
        // A derived `Serialize` of plain fields cannot fail; `null` keeps the output JSON.
        RawValue::from_string("null".to_owned()).unwrap_or_default()
    })
}

/// `analyze --json` for any game: the [`GenericAnalysisReport`].
pub fn generic_json<G: TableGame>(game: &G, a: &Analysis<G>) -> Box<RawValue> {
    let mut at = a.position;
    let line: Vec<String> = a
        .principal_variation
        .iter()
        .map(|&mv| {
            let shown = game.show_move(at, mv);
            at = game.play(at, mv);
            shown
        })
        .collect();
    let report = GenericAnalysisReport::new(
        game,
        a.position,
        a.moves_text.clone(),
        a.to_move(),
        &a.analysis,
        line,
        a.principal_variation_omitted.clone(),
    );
    raw_json(&report)
}

/// `analyze` for any game, in words: the position, its value, every move numbered as `play`
/// lists them, and the principal variation.
pub fn generic_text<G: TableGame>(game: &G, a: &Analysis<G>) -> String {
    let position = a.position;
    let analysis = &a.analysis;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{}: {}\nValue for the player to move: {}; {}.",
        game.describe(),
        game.show_position(position),
        analysis.value,
        moves_to_end(analysis.remoteness)
    );
    if analysis.moves.is_empty() {
        text.push_str("The game is over: no moves.\n");
        return text;
    }
    let listing = game.moves(position);
    let number = |mv| listing.iter().position(|&m| m == mv).map_or(0, |k| k + 1);
    text.push_str("\nMoves, best first (value for the player making it, moves to the end):\n");
    for m in &analysis.moves {
        let _ = writeln!(
            text,
            "  {:>3}. {}: {}",
            number(m.mv),
            game.show_move(position, m.mv),
            if m.remoteness == ENDLESS {
                "draw (play never ends)".to_owned()
            } else {
                format!("{} in {}", m.value, m.remoteness)
            }
        );
    }
    let mut at = position;
    let mut line: Vec<String> = a
        .principal_variation
        .iter()
        .map(|&mv| {
            let shown = game.show_move(at, mv);
            at = game.play(at, mv);
            shown
        })
        .collect();
    if !line.is_empty() && game.terminal_value(at).is_none() {
        // The line stopped where a position came back (a game whose positions repeat).
        line.push("(position repeated: a draw)".to_owned());
    }
    match &a.principal_variation_omitted {
        Some(why) => {
            let _ = writeln!(text, "\nNo principal variation: {why}.");
        }
        None => {
            let _ = writeln!(text, "\nPrincipal variation: {}", line.join(", "));
        }
    }
    text
}

/// The moves to the end as the analysis's text says them: `4 moves to the end`, or, for
/// endless play ([`ENDLESS`], a game whose positions repeat), a draw in words.
fn moves_to_end(remoteness: u32) -> String {
    if remoteness == ENDLESS {
        "under perfect play the game never ends: a draw (neither player can force an end)"
            .to_owned()
    } else {
        format!("{remoteness} moves to the end under perfect play")
    }
}
