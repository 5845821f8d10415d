//! Predict the Winner's words for the generic analysis: the position named by `--taken-left`
//! and `--taken-right`, and the JSON and the text of `analyze predict-the-winner`.

use std::fmt::Write as _;

use serde::Serialize;
use serde_json::value::RawValue;

use super::margins::IntervalMargins;
use crate::analysis::report::{raw_json, Analysis};
use crate::analysis::{AnalysisConfig, MoveValue, Player};
use crate::games::{rule, PositionFlag};
use crate::predict_the_winner::Interval;
use crate::{Error, Game, Outcome, PredictTheWinner, Side};

/// `analyze predict-the-winner`'s `--taken-left` and `--taken-right`.
pub(super) const POSITION_FLAGS: [PositionFlag; 2] = [
    PositionFlag {
        name: "taken_left",
        value_name: "K",
        list: false,
        help: "Values already taken from the left end.",
    },
    PositionFlag {
        name: "taken_right",
        value_name: "K",
        list: false,
        help: "Values already taken from the right end.",
    },
];

/// The position `--taken-left` and `--taken-right` name, and the moves made to reach it.
pub(super) fn position_from_taken(
    game: &PredictTheWinner,
    flags: &[(&'static str, Vec<String>)],
) -> Result<Option<(Interval, usize)>, Error> {
    let count = |name: &str| -> Result<Option<usize>, Error> {
        let Some((_, words)) = flags.iter().find(|(flag, _)| *flag == name) else {
            return Ok(None);
        };
        let text = words.first().map_or("", |w| w.trim());
        text.parse::<usize>().map(Some).map_err(|_| {
            rule(
                name,
                text,
                format!(
                    "{name} = `{}` is not a count: expected a whole number, 0 or more",
                    crate::games::abbreviate(text)
                ),
            )
        })
    };
    let (left, right) = (count("taken_left")?, count("taken_right")?);
    if left.is_none() && right.is_none() {
        return Ok(None);
    }
    let (taken_left, taken_right) = (left.unwrap_or(0), right.unwrap_or(0));
    let len = game.len();
    match taken_left.checked_add(taken_right) {
        Some(taken) if taken <= len => Ok(Some((
            Interval {
                start: taken_left,
                end: len - taken_right,
            },
            taken,
        ))),
        _ => Err(rule(
            "taken_right",
            &taken_right.to_string(),
            format!(
                "taken_left = {taken_left} plus taken_right = {taken_right} is more than the \
                 {len} values of the row: at most {len} can be taken in all"
            ),
        )),
    }
}

/// Why the line of play is left out: the table of margins would pass the memory cap.
pub(super) fn principal_variation_omitted(
    position: Interval,
    config: &AnalysisConfig,
) -> Option<String> {
    let len = position.end.saturating_sub(position.start);
    (!IntervalMargins::fits(len, config.memory_cap_bytes())).then(|| {
        format!(
            "the principal variation needs a table of {} bytes for {len} values, more than \
             the memory cap of {} bytes; the move values come from the linear-time reduction",
            IntervalMargins::bytes_for(len),
            config.memory_cap_bytes()
        )
    })
}

/// Each end with the margin it leads to.
#[derive(Clone, Copy, Debug, Serialize)]
struct MoveReport {
    #[serde(rename = "move")]
    side: Side,
    value: MoveValue,
    margin: i128,
    taken: i64,
    /// The values left, this move's included: every value is taken, so every move of a
    /// position has the same remoteness (the answer contract's per-move field).
    remoteness: u32,
}

/// One move of the principal variation.
#[derive(Clone, Copy, Debug, Serialize)]
struct PlyReport {
    player: Player,
    #[serde(rename = "move")]
    side: Side,
    /// The 0-based index of the value taken in the whole row.
    index: usize,
    value: i64,
}

/// The JSON of `analyze predict-the-winner`.
#[derive(Clone, Debug, Serialize)]
struct AnalysisReport {
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
    principal_variation: Vec<PlyReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    principal_variation_omitted: Option<String>,
    moves: Vec<MoveReport>,
}

/// The index in the row of the value `side` takes at `at`.
fn index_taken(at: Interval, side: Side) -> usize {
    match side {
        Side::Left => at.start,
        Side::Right => at.end.saturating_sub(1),
    }
}

fn report(game: &PredictTheWinner, a: &Analysis<PredictTheWinner>) -> AnalysisReport {
    let values = game.values();
    let at = a.position;
    let len = at.end.saturating_sub(at.start);
    let margin = a.analysis.value.0;
    let to_move = a.to_move();
    let first_margin = match to_move {
        Player::First => margin,
        Player::Second => -margin,
    };
    let moves = a
        .analysis
        .moves
        .iter()
        // With one value left both ends take it: the row lists it once, as `left`.
        .filter(|m| len > 1 || m.mv == Side::Left)
        .map(|m| MoveReport {
            side: m.mv,
            value: MoveValue::from_margin(m.value.0),
            margin: m.value.0,
            taken: values.get(index_taken(at, m.mv)).copied().unwrap_or(0),
            remoteness: m.remoteness,
        })
        .collect();
    AnalysisReport {
        game: PredictTheWinner::NAME,
        len: values.len(),
        taken_left: at.start,
        taken_right: values.len().saturating_sub(at.end),
        to_move,
        outcome: Outcome::from_margin(first_margin),
        value: MoveValue::from_margin(margin),
        margin,
        first_margin,
        remoteness: len,
        principal_variation: a
            .plies(game)
            .into_iter()
            .map(|(player, at, side)| {
                let index = index_taken(at, side);
                PlyReport {
                    player,
                    side,
                    index,
                    value: values.get(index).copied().unwrap_or(0),
                }
            })
            .collect(),
        principal_variation_omitted: a.principal_variation_omitted.clone(),
        moves,
    }
}

/// `analyze predict-the-winner --json`.
pub(super) fn analysis_json(
    game: &PredictTheWinner,
    a: &Analysis<PredictTheWinner>,
) -> Box<RawValue> {
    raw_json(&report(game, a))
}

/// `analyze predict-the-winner` in words.
pub(super) fn analysis_text(game: &PredictTheWinner, a: &Analysis<PredictTheWinner>) -> String {
    let r = report(game, a);
    let mut text = String::new();
    let rest = r.remoteness;
    let whole = r.taken_left + r.taken_right == 0;
    let of = if whole { "" } else { " of the values left" };
    let by = r.first_margin.unsigned_abs();
    let headline = match r.outcome {
        _ if rest == 0 => "Draw: there are no values left to take".to_owned(),
        Outcome::FirstPlayerWins => format!("First player wins by {by}{of}"),
        Outcome::SecondPlayerWins => format!("Second player wins by {by}{of}"),
        Outcome::Draw => format!("Draw: both players get the same{of}"),
    };
    let _ = writeln!(text, "{headline}");
    let position = if whole {
        "the start".to_owned()
    } else {
        format!(
            "{} taken from the left, {} from the right",
            r.taken_left, r.taken_right
        )
    };
    let _ = writeln!(
        text,
        "Predict the Winner: {} values, {rest} left; position: {position}; {} to move",
        r.len, r.to_move
    );
    if !r.moves.is_empty() {
        let _ = writeln!(
            text,
            "\nMoves for the {} (margin: their share of the values left minus the opponent's):",
            r.to_move
        );
        for m in &r.moves {
            let side = match m.side {
                Side::Left => "left ",
                Side::Right => "right",
            };
            let _ = writeln!(
                text,
                "  {side} (takes {}): margin {:+}, {}",
                m.taken, m.margin, m.value
            );
        }
    }
    if rest != 0 && rest.is_multiple_of(2) {
        let _ = writeln!(
            text,
            "\nAn even number of values left: the {} cannot lose (they can take every value \
             at an even position of the row, or every value at an odd one, whichever sums more).",
            r.to_move
        );
    }
    if let Some(why) = &r.principal_variation_omitted {
        let _ = writeln!(text, "\nNo principal variation: {why}.");
    }
    if !r.principal_variation.is_empty() {
        let _ = writeln!(text, "\nPrincipal variation (ties go left):");
        let (mut first, mut second) = (0i128, 0i128);
        for (k, ply) in r.principal_variation.iter().enumerate() {
            match ply.player {
                Player::First => first += i128::from(ply.value),
                Player::Second => second += i128::from(ply.value),
            }
            let _ = writeln!(
                text,
                "  {:>2}. {:<6} takes {:<5} {}",
                k + 1,
                ply.player.as_str(),
                ply.side.as_str(),
                ply.value
            );
        }
        let scope = if whole { "" } else { " (values left only)" };
        let _ = writeln!(
            text,
            "Scores along it{scope}: first player {first}, second player {second}"
        );
    }
    text
}
