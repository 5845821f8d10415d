//! Connect Four's words in `play`: the board, the columns (numbered from 1) as the moves.

use gamesolve::games::ConnectFourPosition;
use gamesolve::{Backend, ConnectFour, Game};

use super::PlayWords;

impl PlayWords for ConnectFour {
    fn is_big(&self, backend: Backend) -> bool {
        let empty = self.cells() - self.start().moves_played();
        match backend {
            Backend::Recursive => empty >= 12,
            Backend::Memo | Backend::Tabular | Backend::Reduction => empty >= 20,
        }
    }

    /// A word of two digits or more is columns played one after the other (`4453`), as the
    /// `played` parameter and the test sets write them: no column has two digits.
    fn split_moves(&self, word: &str) -> Vec<String> {
        let word = word.trim();
        if word.len() > 1 && word.bytes().all(|b| b.is_ascii_digit()) {
            word.chars().map(String::from).collect()
        } else {
            vec![word.to_owned()]
        }
    }

    fn numbers_are_moves(&self) -> bool {
        true
    }

    fn why_not_a_move(&self, p: ConnectFourPosition, text: &str) -> Option<String> {
        let column: u32 = text.parse().ok()?;
        Some(if !(1..=self.width()).contains(&column) {
            format!(
                "there is no column {column} (the columns are 1..={})",
                self.width()
            )
        } else if !self.can_play(p, column - 1) {
            format!("column {column} is full")
        } else {
            format!("column {column} cannot be played here")
        })
    }

    fn play_board(&self, position: ConnectFourPosition, _scores: Option<(i128, i128)>) -> String {
        self.board_text(position)
    }

    /// The board on the lines after "You play column 4:".
    fn play_after_move(
        &self,
        position: ConnectFourPosition,
        _scores: Option<(i128, i128)>,
    ) -> String {
        format!("\n{}", self.board_text(position))
    }

    fn play_move_words(&self, _position: ConnectFourPosition, column: u8) -> String {
        format!("column {}", u32::from(column) + 1)
    }

    /// A number is read as the column, not the move's place in the listing.
    fn play_move_json(&self, _position: ConnectFourPosition, column: u8) -> serde_json::Value {
        (u32::from(column) + 1).to_string().into()
    }
}
