//! Predict the Winner's words in `play`: the row left and the running scores, and the ends'
//! short forms (`l`, `right`, the value at that end).

use gamesolve::core_types::{Interval, Side};
use gamesolve::{Backend, PredictTheWinner, Verdict};

use super::PlayWords;

impl PlayWords for PredictTheWinner {
    fn is_big(&self, backend: Backend) -> bool {
        match backend {
            Backend::Recursive => self.len() >= 22,
            Backend::Memo | Backend::Tabular => self.len() >= 10_000,
            Backend::Reduction => self.len() >= 10_000_000,
        }
    }

    fn play_intro(&self) -> String {
        "Predict the Winner against a perfect opponent: players take turns taking the value at \
         either end of the row; the larger sum wins."
            .to_owned()
    }

    fn play_board(&self, position: Interval, scores: Option<(i128, i128)>) -> String {
        let (you, computer) = scores.unwrap_or_default();
        let rest = self
            .values()
            .get(position.start..position.end)
            .unwrap_or_default();
        if rest.is_empty() {
            return format!("Row: empty   you {you}, computer {computer}");
        }
        let row: Vec<String> = rest.iter().map(i64::to_string).collect();
        format!("Row: {}   you {you}, computer {computer}", row.join(" "))
    }

    fn play_after_move(&self, _position: Interval, scores: Option<(i128, i128)>) -> String {
        let (you, computer) = scores.unwrap_or_default();
        format!("you {you}, computer {computer}")
    }

    /// `l` or `left`, `r` or `right`, and the value at that end (`7` for `right 7`), as the
    /// listing shows it; a value at both ends names neither alone, and a value that is also
    /// the other end's place in the listing is refused as ambiguous ([`parse_move`]).
    ///
    /// [`parse_move`]: super::parse_move
    fn move_aliases(&self, position: Interval, side: Side) -> Vec<String> {
        let rest = self
            .values()
            .get(position.start..position.end)
            .unwrap_or_default();
        let (mut words, value) = match side {
            Side::Left => (vec!["l".to_owned(), "left".to_owned()], rest.first()),
            Side::Right => (vec!["r".to_owned(), "right".to_owned()], rest.last()),
        };
        words.extend(value.map(i64::to_string));
        words
    }

    fn play_move_words(&self, position: Interval, side: Side) -> String {
        let rest = self
            .values()
            .get(position.start..position.end)
            .unwrap_or_default();
        let value = match side {
            Side::Left => rest.first(),
            Side::Right => rest.last(),
        };
        match value {
            Some(v) => format!("the {side} end ({v})"),
            None => format!("the {side} end"),
        }
    }

    fn play_verbs(&self) -> [&'static str; 3] {
        ["take", "takes", "took"]
    }

    fn play_result(
        &self,
        _position: Interval,
        verdict: Verdict,
        scores: Option<(i128, i128)>,
    ) -> String {
        let (you, computer) = scores.unwrap_or_default();
        match verdict {
            Verdict::Win => format!("You win {you} to {computer}, by {}.", you - computer),
            Verdict::Loss => format!(
                "The computer wins {computer} to {you}, by {}.",
                computer - you
            ),
            Verdict::Draw => format!("Draw: {you} each."),
        }
    }

    fn play_move_json(&self, _position: Interval, side: Side) -> serde_json::Value {
        side.as_str().into()
    }
}
