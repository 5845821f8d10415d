//! Predict the Winner's words in `play`: the row left and the running scores, and the ends'
//! short forms (`l`, `right`, the value at that end).

use gamesolve::core_types::{Interval, Side};
use gamesolve::{Backend, PredictTheWinner, Verdict};

use gamesolve::games::{abbreviate, rule};
use gamesolve::Error;

use super::{PlayWords, PositionFlag};

/// `analyze predict-the-winner`'s `--taken-left` and `--taken-right`.
const POSITION_FLAGS: [PositionFlag; 2] = [
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
fn position_from_taken(
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
                    abbreviate(text)
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

impl PlayWords for PredictTheWinner {
    fn calls_skipped(&self, backend: &str, variant: &str) -> &'static str {
        if backend == Backend::Memo.name() && variant == "interval" {
            "; single values are read directly, without a call"
        } else {
            ""
        }
    }

    const GROWTH_AXIS: &'static str = "length (values in the row)";
    const GROWTH_FAMILY: &'static str =
        "the row's values repeated to each length (k·7919 mod 1000 for an empty row), \
         lengths √2 apart";

    fn position_flags() -> &'static [PositionFlag] {
        &POSITION_FLAGS
    }

    fn position_from_flags(
        &self,
        flags: &[(&'static str, Vec<String>)],
    ) -> Result<Option<(Interval, usize)>, Error> {
        position_from_taken(self, flags)
    }

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
