//! Connect Four's answer and its JSON contract (`gamesolve connect-four … --json`, batch
//! lines).

use serde::Serialize;

use super::{ConnectFour, ConnectFourPosition, ConnectFourScore};
use crate::contract::Reported;
use crate::{Game, GameValue, Outcome, SolutionOf, Stats};

/// The answer for a Connect Four position: who wins, by what score, and the best column.
///
/// "First" is the player to move at the position solved (the start of the solve).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConnectFourSolution {
    /// `"first"` (the player to move wins), `"second"` or `"draw"`.
    pub outcome: Outcome,
    /// The test sets' score for the player to move; see the
    /// [game's docs](super::ConnectFour).
    pub score: i32,
    /// The best column, from 1 (of equally good ones the nearest the centre, the left one of
    /// two); `None` when the game is over at the position.
    pub best_move: Option<u32>,
}

impl SolutionOf<ConnectFour> for ConnectFourSolution {
    fn from_search(_game: &ConnectFour, value: ConnectFourScore, best_move: Option<u8>) -> Self {
        ConnectFourSolution {
            outcome: value.verdict().outcome_for_first(),
            score: value.0,
            best_move: best_move.map(|c| u32::from(c) + 1),
        }
    }

    fn outcome(&self) -> Outcome {
        self.outcome
    }

    fn best_move(&self) -> Option<u8> {
        self.best_move
            .and_then(|c| c.checked_sub(1))
            .and_then(|c| u8::try_from(c).ok())
    }
}

/// The JSON contract for a Connect Four result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConnectFourReport {
    /// Always `"connect-four"`.
    pub game: &'static str,
    /// The backend's one name.
    pub backend: &'static str,
    /// The variant that ran.
    pub variant: &'static str,
    /// The number of columns.
    pub width: u32,
    /// The number of rows.
    pub height: u32,
    /// The columns played to reach the position, as given (`""`: the empty board).
    pub played: String,
    /// How many stones are on the board.
    pub moves_played: u32,
    /// Who is to move: 1 (the first player, `X`) or 2 (`O`).
    pub player_to_move: u8,
    /// `"first"` (the player to move wins), `"second"` or `"draw"`.
    pub outcome: Outcome,
    /// The test sets' score for the player to move: positive when it wins (its own stones
    /// left unplayed when it wins, plus one), negative when it loses, 0 for a draw.
    pub score: i32,
    /// The best column, from 1; null when the game is over.
    pub best_move: Option<u32>,
    /// What the backend did.
    pub stats: Stats,
    /// The listed variant whose algorithm ran.
    pub kernel: &'static str,
}

impl Reported for ConnectFour {
    type Report = ConnectFourReport;

    fn report(
        &self,
        s: &ConnectFourSolution,
        backend: &'static str,
        variant: &'static str,
        kernel: &'static str,
        stats: Stats,
    ) -> ConnectFourReport {
        let start = self.start();
        ConnectFourReport {
            game: Self::NAME,
            backend,
            variant,
            width: self.width(),
            height: self.height(),
            played: self.moves_word().to_owned(),
            moves_played: start.moves_played(),
            player_to_move: ConnectFour::player_to_move(start),
            outcome: s.outcome,
            score: s.score,
            best_move: s.best_move,
            stats,
            kernel,
        }
    }
}

impl ConnectFour {
    /// The board's rows from the top, each `width` characters: `X`, `O` or `.`.
    pub fn rows(&self, p: ConnectFourPosition) -> Vec<String> {
        let first = if Self::player_to_move(p) == 1 {
            p.current
        } else {
            p.opponent()
        };
        (0..self.height)
            .rev()
            .map(|r| {
                (0..self.width)
                    .map(|c| {
                        let bit = 1u64 << (c * (self.height + 1) + r);
                        match (p.mask & bit != 0, first & bit != 0) {
                            (false, _) => '.',
                            (true, true) => 'X',
                            (true, false) => 'O',
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// The board drawn for people: a row per line, `|X|O|.|`, column numbers under it.
    pub fn board_text(&self, p: ConnectFourPosition) -> String {
        let mut text = String::new();
        for row in self.rows(p) {
            text.push('|');
            for cell in row.chars() {
                text.push(cell);
                text.push('|');
            }
            text.push('\n');
        }
        text.push(' ');
        for c in 1..=self.width {
            text.push_str(&format!("{c} "));
        }
        text.trim_end().to_owned()
    }
}
