//! Can I Win's [`Rules`] for the play loop: the pool, moves typed as
//! numbers, and their values from the analysis engine.

use gamesolve::analysis::{AnalysisConfig, CanIWinAnalyzer, CanIWinPosition, MoveValue, Player};
use gamesolve::CanIWin;

use super::session::Rules;
use crate::analyze::{analysis_error, value_words};
use crate::error::CliError;
use crate::input::abbreviate;

pub(crate) struct CanIWinRules {
    game: CanIWin,
    analyzer: CanIWinAnalyzer,
}

impl CanIWinRules {
    pub(crate) fn new(game: CanIWin, config: AnalysisConfig) -> Self {
        CanIWinRules {
            game,
            analyzer: CanIWinAnalyzer::with_config(game, config),
        }
    }

    fn free(&self, p: &CanIWinPosition) -> Vec<u32> {
        (1..=self.game.max_choosable())
            .filter(|&v| !p.is_used(v))
            .collect()
    }
}

impl Rules for CanIWinRules {
    type Position = CanIWinPosition;
    type Move = u32;
    type Eval = (MoveValue, u32);

    fn intro(&self) -> String {
        format!(
            "Can I Win against a perfect opponent: players take turns taking a number from \
             1..={} (each number once) and adding it to a running total; whoever brings the \
             total to {} or more wins.",
            self.game.max_choosable(),
            self.game.desired_total()
        )
    }

    fn start(&self) -> CanIWinPosition {
        CanIWinPosition::start()
    }

    fn to_move(&self, p: &CanIWinPosition) -> Player {
        p.to_move()
    }

    fn moves_made(&self, p: &CanIWinPosition) -> usize {
        p.moves_made()
    }

    fn is_over(&self, p: &CanIWinPosition) -> bool {
        p.is_over(&self.game)
    }

    fn board(&self, p: &CanIWinPosition, _human: Player) -> String {
        let pool = (1..=self.game.max_choosable())
            .map(|v| {
                if p.is_used(v) {
                    "·".repeat(v.to_string().len())
                } else {
                    v.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(" ");
        format!(
            "Pool: {pool}   total {} of {}",
            p.total(),
            self.game.desired_total()
        )
    }

    fn move_help(&self, p: &CanIWinPosition) -> String {
        let free = self.free(p);
        format!(
            "a number still in the pool ({})",
            free.iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        )
    }

    fn parse(&self, p: &CanIWinPosition, text: &str) -> Result<u32, String> {
        let number: u32 = text.parse().map_err(|_| {
            format!(
                "`{}` is not a move: type {}, or `hint`, `undo`, `quit`.",
                abbreviate(text),
                self.move_help(p)
            )
        })?;
        match p.play(&self.game, number) {
            Ok(_) => Ok(number),
            Err(e) => Err(format!("{e}: type {}.", self.move_help(p))),
        }
    }

    fn play(&self, p: &CanIWinPosition, m: u32) -> CanIWinPosition {
        p.play(&self.game, m).unwrap_or(*p)
    }

    fn moves(&mut self, p: &CanIWinPosition) -> Result<Vec<(u32, (MoveValue, u32))>, CliError> {
        let analysis = self.analyzer.analyze(p).map_err(analysis_error)?;
        Ok(analysis
            .moves
            .iter()
            .map(|m| (m.number, (m.value, m.remoteness)))
            .collect())
    }

    fn move_words(&self, _p: &CanIWinPosition, m: u32) -> String {
        m.to_string()
    }

    fn after_words(&self, p: &CanIWinPosition, _human: Player) -> String {
        format!("total {} of {}", p.total(), self.game.desired_total())
    }

    fn eval_words(&self, (value, remoteness): (MoveValue, u32)) -> String {
        value_words(value, remoteness)
    }

    fn loss_words(&self, best: (MoveValue, u32), chosen: (MoveValue, u32)) -> Option<String> {
        if best == chosen {
            return None;
        }
        Some(match (best.0, chosen.0) {
            (MoveValue::Win, MoveValue::Lose) => "it threw away a won game".to_owned(),
            (MoveValue::Win, MoveValue::Draw) => "it turned a win into a draw".to_owned(),
            (MoveValue::Draw, MoveValue::Lose) => "it turned a draw into a loss".to_owned(),
            (MoveValue::Win, MoveValue::Win) => {
                format!("a slower win, by {} moves", chosen.1.saturating_sub(best.1))
            }
            (MoveValue::Lose, MoveValue::Lose) => format!(
                "a faster loss, by {} moves",
                best.1.saturating_sub(chosen.1)
            ),
            _ => "a worse move".to_owned(),
        })
    }

    fn move_json(&self, _p: &CanIWinPosition, m: u32) -> serde_json::Value {
        m.into()
    }

    #[cfg(feature = "serve")]
    fn evaluation(&self, e: (MoveValue, u32)) -> super::replay::Evaluation {
        e.into()
    }

    fn moves_left(&self, p: &CanIWinPosition) -> u64 {
        self.free(p).len() as u64
    }

    fn verdict(&self, p: &CanIWinPosition, human: Player) -> String {
        let t = self.game.desired_total();
        if p.total() < t {
            return format!("Draw: the pool is empty and nobody reached {t}.");
        }
        // The player who made the last move won (or the first player, who
        // wins without moving when T = 0).
        let winner = if p.moves_made() == 0 {
            Player::First
        } else {
            p.to_move().other()
        };
        if winner == human {
            format!("You win: the total {} reaches {t}.", p.total())
        } else {
            format!("The computer wins: the total {} reaches {t}.", p.total())
        }
    }
}
