//! The JSON of the built-in games' analyses: `analyze can-i-win` ([`CanIWinAnalysisReport`]),
//! `analyze predict-the-winner` ([`PredictTheWinnerAnalysisReport`]) and
//! `can-i-win N --all-totals` ([`AllTotalsReport`]); and of the generic analysis of any other
//! game of the table (`analyze GAME … --json`, [`GenericAnalysisReport`]).
//!
//! ```
//! use gamesolve::analysis::{CanIWinAnalyzer, CanIWinPosition};
//! use gamesolve::contract::analysis::CanIWinAnalysisReport;
//! use gamesolve::CanIWin;
//!
//! let game = CanIWin::new(10, 11)?;
//! let analysis = CanIWinAnalyzer::new(game).analyze(&CanIWinPosition::start())?;
//! let json = serde_json::to_string(&CanIWinAnalysisReport::new(&game, &analysis)).expect("serializes");
//! assert!(json.starts_with(r#"{"game":"can-i-win","max_choosable":10,"desired_total":11,"used":[],"total":0,"#));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde::Serialize;

use crate::analysis::generic::PositionAnalysis;
use crate::analysis::{
    AllTotals, CanIWinAnalysis, CanIWinMove, CanIWinPly, MoveValue, Player,
    PredictTheWinnerAnalysis, PredictTheWinnerMove, PredictTheWinnerPly,
};
use crate::{CanIWin, Game, GameValue, Outcome, PredictTheWinner, TableGame, Verdict};

/// The JSON of `analyze can-i-win`.
#[derive(Clone, Debug, Serialize)]
pub struct CanIWinAnalysisReport {
    game: &'static str,
    max_choosable: u32,
    desired_total: u64,
    used: Vec<u32>,
    total: u64,
    to_move: Player,
    outcome: Outcome,
    value: MoveValue,
    remoteness: u32,
    principal_variation: Vec<CanIWinPly>,
    moves: Vec<CanIWinMove>,
}

impl CanIWinAnalysisReport {
    /// The report of one analysis of `game`.
    pub fn new(game: &CanIWin, a: &CanIWinAnalysis) -> Self {
        CanIWinAnalysisReport {
            game: CanIWin::NAME,
            max_choosable: game.max_choosable(),
            desired_total: game.desired_total(),
            used: a.position.numbers(),
            total: a.total,
            to_move: a.to_move,
            outcome: a.outcome,
            value: a.value,
            remoteness: a.remoteness,
            principal_variation: a.principal_variation.clone(),
            moves: a.moves.clone(),
        }
    }
}

/// The JSON of `analyze predict-the-winner`.
#[derive(Clone, Debug, Serialize)]
pub struct PredictTheWinnerAnalysisReport {
    game: &'static str,
    len: usize,
    taken_left: usize,
    taken_right: usize,
    to_move: Player,
    outcome: Outcome,
    value: MoveValue,
    margin: i128,
    first_margin: i128,
    remoteness: usize,
    principal_variation: Vec<PredictTheWinnerPly>,
    /// Why `principal_variation` is empty for a long row (else absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    principal_variation_omitted: Option<String>,
    moves: Vec<PredictTheWinnerMove>,
}

impl PredictTheWinnerAnalysisReport {
    /// The report of one analysis of `game`.
    pub fn new(game: &PredictTheWinner, a: &PredictTheWinnerAnalysis) -> Self {
        PredictTheWinnerAnalysisReport {
            game: PredictTheWinner::NAME,
            len: game.len(),
            taken_left: a.position.taken_left(),
            taken_right: a.position.taken_right(),
            to_move: a.to_move,
            outcome: a.outcome,
            value: a.value,
            margin: a.margin,
            first_margin: a.first_margin,
            remoteness: a.remoteness,
            principal_variation: a.principal_variation.clone(),
            principal_variation_omitted: a.principal_variation_omitted.clone(),
            moves: a.moves.clone(),
        }
    }
}

/// The JSON of `can-i-win N --all-totals`.
#[derive(Clone, Debug, Serialize)]
pub struct AllTotalsReport {
    game: &'static str,
    max_choosable: u32,
    pool_sum: u64,
    first_wins: usize,
    second_wins: usize,
    second_player_totals: Vec<u64>,
    totals: Vec<TotalReport>,
}

/// One total of an [`AllTotalsReport`].
#[derive(Clone, Debug, Serialize)]
pub struct TotalReport {
    desired_total: u64,
    outcome: Outcome,
    can_i_win: bool,
    best_move: Option<u32>,
}

impl AllTotalsReport {
    /// The report of every total of the pool `1..=n` (`table`).
    pub fn new(table: &AllTotals) -> Self {
        let totals: Vec<TotalReport> = table
            .iter()
            .map(|(t, s)| TotalReport {
                desired_total: t,
                outcome: s.outcome,
                can_i_win: s.can_i_win(),
                best_move: s.best_move,
            })
            .collect();
        let second = table.second_player_totals();
        AllTotalsReport {
            game: CanIWin::NAME,
            max_choosable: table.max_choosable(),
            pool_sum: table.pool_sum(),
            first_wins: totals.len() - second.len(),
            second_wins: second.len(),
            second_player_totals: second,
            totals,
        }
    }
}

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
