//! Predict the Winner's [`Rules`] for the play loop: the row, both scores,
//! moves typed as `left` or `right`, and their margins from the analysis
//! engine.

use gamesolve::analysis::{
    analyze_predict_the_winner, AnalysisConfig, Player, PredictTheWinnerPosition,
};
use gamesolve::{PredictTheWinner, Side};

use super::session::Rules;
use crate::analyze::analysis_error;
use crate::error::CliError;
use crate::input::abbreviate;

pub(crate) struct PredictTheWinnerRules {
    pub(crate) game: PredictTheWinner,
    pub(crate) config: AnalysisConfig,
}

impl PredictTheWinnerRules {
    /// The value at `index` of the whole row.
    fn value_at(&self, index: usize) -> i64 {
        self.game.values().get(index).copied().unwrap_or(0)
    }
}

/// A Predict the Winner position with both scores (which the analysis
/// position, knowing only how many values left each end, does not hold).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PtwPosition {
    at: PredictTheWinnerPosition,
    first: i128,
    second: i128,
}

/// The human's score and the computer's.
fn scores(p: &PtwPosition, human: Player) -> (i128, i128) {
    match human {
        Player::First => (p.first, p.second),
        Player::Second => (p.second, p.first),
    }
}

impl Rules for PredictTheWinnerRules {
    type Position = PtwPosition;
    type Move = Side;
    type Eval = i128;

    fn intro(&self) -> String {
        "Predict the Winner against a perfect opponent: players take turns taking the value at \
         either end of the row; the larger sum wins."
            .to_owned()
    }

    fn start(&self) -> PtwPosition {
        PtwPosition {
            at: PredictTheWinnerPosition::start(),
            first: 0,
            second: 0,
        }
    }

    fn to_move(&self, p: &PtwPosition) -> Player {
        p.at.to_move()
    }

    fn moves_made(&self, p: &PtwPosition) -> usize {
        p.at.moves_made()
    }

    fn is_over(&self, p: &PtwPosition) -> bool {
        p.at.remaining(&self.game).is_empty()
    }

    fn board(&self, p: &PtwPosition, human: Player) -> String {
        let rest = p.at.remaining(&self.game);
        let row = rest
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(" ");
        let (you, computer) = scores(p, human);
        if rest.is_empty() {
            return format!("Row: empty   you {you}, computer {computer}");
        }
        format!("Row: {row}   you {you}, computer {computer}")
    }

    fn move_help(&self, p: &PtwPosition) -> String {
        let rest = p.at.remaining(&self.game);
        match (rest.first(), rest.last()) {
            (Some(l), Some(r)) if rest.len() > 1 => {
                format!("`left` (`l`, takes {l}) or `right` (`r`, takes {r})")
            }
            (Some(l), _) => format!("`left` or `right` (both take the last value, {l})"),
            _ => "nothing: the row is empty".to_owned(),
        }
    }

    fn parse(&self, p: &PtwPosition, text: &str) -> Result<Side, String> {
        match text {
            "left" | "l" => Ok(Side::Left),
            "right" | "r" => {
                // A single value is the left end too: one move, one name.
                if p.at.remaining(&self.game).len() == 1 {
                    Ok(Side::Left)
                } else {
                    Ok(Side::Right)
                }
            }
            _ => Err(format!(
                "`{}` is not a move: type {}, or `hint`, `undo`, `quit`.",
                abbreviate(text),
                self.move_help(p)
            )),
        }
    }

    fn play(&self, p: &PtwPosition, m: Side) -> PtwPosition {
        let rest = p.at.remaining(&self.game);
        let index = match m {
            Side::Left => p.at.taken_left(),
            Side::Right => (p.at.taken_left() + rest.len()).saturating_sub(1),
        };
        let value = i128::from(self.value_at(index));
        let Some(at) = p.at.play(&self.game, m) else {
            return *p;
        };
        let (mut first, mut second) = (p.first, p.second);
        match p.at.to_move() {
            Player::First => first += value,
            Player::Second => second += value,
        }
        PtwPosition { at, first, second }
    }

    fn moves(&mut self, p: &PtwPosition) -> Result<Vec<(Side, i128)>, CliError> {
        let analysis =
            analyze_predict_the_winner(&self.game, &p.at, &self.config).map_err(analysis_error)?;
        Ok(analysis.moves.iter().map(|m| (m.side, m.margin)).collect())
    }

    fn move_words(&self, p: &PtwPosition, m: Side) -> String {
        let rest = p.at.remaining(&self.game);
        let value = match m {
            Side::Left => rest.first(),
            Side::Right => rest.last(),
        };
        match value {
            Some(v) => format!("the {m} end ({v})"),
            None => format!("the {m} end"),
        }
    }

    fn after_words(&self, p: &PtwPosition, human: Player) -> String {
        let (you, computer) = scores(p, human);
        format!("you {you}, computer {computer}")
    }

    fn eval_words(&self, margin: i128) -> String {
        format!("margin {margin:+} over the rest")
    }

    fn loss_words(&self, best: i128, chosen: i128) -> Option<String> {
        (chosen < best).then(|| format!("it gave away {} points of margin", best - chosen))
    }

    fn move_json(&self, _p: &PtwPosition, m: Side) -> serde_json::Value {
        m.as_str().into()
    }

    #[cfg(feature = "serve")]
    fn evaluation(&self, margin: i128) -> super::replay::Evaluation {
        margin.into()
    }

    fn moves_left(&self, p: &PtwPosition) -> u64 {
        p.at.remaining(&self.game).len() as u64
    }

    fn verdict(&self, p: &PtwPosition, human: Player) -> String {
        let (you, computer) = scores(p, human);
        match you.cmp(&computer) {
            std::cmp::Ordering::Greater => {
                format!("You win {you} to {computer}, by {}.", you - computer)
            }
            std::cmp::Ordering::Less => format!(
                "The computer wins {computer} to {you}, by {}.",
                computer - you
            ),
            std::cmp::Ordering::Equal => format!("Draw: {you} each."),
        }
    }
}
