//! What the CLI prints for one solved game: the JSON object of the stable
//! contract (see the README, section "Command line") and the human sentences.

use std::fmt::Write as _;
use std::time::Duration;

use gamesolve::{
    CanIWin, CanIWinSolution, Outcome, PredictTheWinner, PredictTheWinnerSolution, Side, Stats,
};
use serde::Serialize;

/// A solved game of either kind, with the backend that solved it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solved<'g> {
    /// A Can I Win answer.
    CanIWin(&'g CanIWin, CanIWinSolution),
    /// A Predict the Winner answer.
    PredictTheWinner(&'g PredictTheWinner, PredictTheWinnerSolution),
}

/// The JSON object for one result; `stats` is the counted run's counters.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Report {
    /// See [`CanIWinReport`].
    CanIWin(CanIWinReport),
    /// See [`PredictTheWinnerReport`].
    PredictTheWinner(PredictTheWinnerReport),
}

/// The JSON contract for a Can I Win result.
#[derive(Serialize)]
pub struct CanIWinReport {
    /// Always `"can-i-win"`.
    pub game: &'static str,
    /// The backend's one name.
    pub backend: &'static str,
    /// `N`: the pool is `1..=N`.
    pub max_choosable: u32,
    /// `T`: the total to reach or pass.
    pub desired_total: u64,
    /// `"first"`, `"second"` or `"draw"`.
    pub outcome: Outcome,
    /// LeetCode 464's boolean: the outcome is `"first"`.
    pub can_i_win: bool,
    /// The smallest winning first number, or null.
    pub best_move: Option<u32>,
    /// What the backend did.
    pub stats: Stats,
}

/// The JSON contract for a Predict the Winner result.
#[derive(Serialize)]
pub struct PredictTheWinnerReport {
    /// Always `"predict-the-winner"`.
    pub game: &'static str,
    /// The backend's one name.
    pub backend: &'static str,
    /// The number of values.
    pub len: usize,
    /// `"first"`, `"second"` or `"draw"`.
    pub outcome: Outcome,
    /// First player's score minus second player's (exact, may exceed i64).
    pub margin: i128,
    /// The first player's total.
    pub first_score: i128,
    /// The second player's total.
    pub second_score: i128,
    /// LeetCode 486's boolean: `margin >= 0`.
    pub predict_the_winner: bool,
    /// Coins in a Line III's boolean: `margin > 0`.
    pub first_player_strictly_wins: bool,
    /// `"left"`, `"right"`, or null for no values.
    pub best_move: Option<Side>,
    /// What the backend did.
    pub stats: Stats,
}

impl Solved<'_> {
    /// The JSON object of the contract.
    pub fn report(&self, backend: &'static str, stats: Stats) -> Report {
        match *self {
            Solved::CanIWin(game, s) => Report::CanIWin(CanIWinReport {
                game: CanIWin::NAME,
                backend,
                max_choosable: game.max_choosable(),
                desired_total: game.desired_total(),
                outcome: s.outcome,
                can_i_win: s.can_i_win(),
                best_move: s.best_move,
                stats,
            }),
            Solved::PredictTheWinner(game, s) => Report::PredictTheWinner(PredictTheWinnerReport {
                game: PredictTheWinner::NAME,
                backend,
                len: game.len(),
                outcome: s.outcome,
                margin: s.margin,
                first_score: s.first_score,
                second_score: s.second_score,
                predict_the_winner: s.predict_the_winner(),
                first_player_strictly_wins: s.first_player_strictly_wins(),
                best_move: s.best_move,
                stats,
            }),
        }
    }

    /// The answer in words, one line: "First player wins: take 7".
    pub fn headline(&self) -> String {
        match *self {
            Solved::CanIWin(game, s) => can_i_win_headline(game, &s),
            Solved::PredictTheWinner(game, s) => ptw_headline(game, &s),
        }
    }

    /// The answer in a few words, for a table cell: "first: take 7".
    pub fn short(&self) -> String {
        match *self {
            Solved::CanIWin(_, s) => match (s.outcome, s.best_move) {
                (Outcome::FirstPlayerWins, Some(m)) => format!("first wins: take {m}"),
                (outcome, _) => outcome.to_string(),
            },
            Solved::PredictTheWinner(_, s) => {
                let by = s.margin.unsigned_abs();
                let moved = s.best_move.map_or(String::new(), |m| format!(", take {m}"));
                match s.outcome {
                    Outcome::Draw => format!("draw{moved}"),
                    outcome => format!("{outcome} by {by}{moved}"),
                }
            }
        }
    }

    /// The lines after the headline: the game, scores, LeetCode's boolean.
    pub fn details(&self, backend: &str) -> String {
        let mut text = String::new();
        // Writing to a String cannot fail.
        let _ = match *self {
            Solved::CanIWin(game, s) => writeln!(
                text,
                "Can I Win: pool 1..={}, reach {}; LeetCode 464 answer: {}; backend {backend}",
                game.max_choosable(),
                game.desired_total(),
                s.can_i_win()
            ),
            Solved::PredictTheWinner(game, s) => writeln!(
                text,
                "Scores: first player {}, second player {} (margin {:+})\n\
                 Predict the Winner: {} values; LeetCode 486 answer: {}; backend {backend}",
                s.first_score,
                s.second_score,
                s.margin,
                game.len(),
                s.predict_the_winner()
            ),
        };
        text
    }
}

fn can_i_win_headline(game: &CanIWin, s: &CanIWinSolution) -> String {
    let (n, t, sum) = (game.max_choosable(), game.desired_total(), game.pool_sum());
    match (s.outcome, s.best_move) {
        (Outcome::Draw, _) => {
            format!("Draw: nobody can reach {t} (the pool sums to {sum})")
        }
        (Outcome::FirstPlayerWins, None) => {
            format!("First player wins without moving: the total 0 already reaches {t}")
        }
        (Outcome::FirstPlayerWins, Some(m)) if sum == t => format!(
            "First player wins: take {m} (any first move wins: the {} and last number, \
             taken by the first player, reaches {t})",
            ordinal(n)
        ),
        (Outcome::FirstPlayerWins, Some(m)) => format!("First player wins: take {m}"),
        (Outcome::SecondPlayerWins, _) if sum == t => format!(
            "Second player wins (whatever anyone takes: the {} and last number, \
             taken by the second player, reaches {t})",
            ordinal(n)
        ),
        (Outcome::SecondPlayerWins, _) => "Second player wins".to_owned(),
    }
}

/// `1st`, `2nd`, `3rd`, `4th`, …, `11th`, `21st`.
fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn ptw_headline(game: &PredictTheWinner, s: &PredictTheWinnerSolution) -> String {
    let take = |side: Side| {
        let values = game.values();
        let value = match side {
            Side::Left => values.first(),
            Side::Right => values.last(),
        };
        match value {
            Some(v) => format!("take the {side} end ({v})"),
            None => format!("take the {side} end"),
        }
    };
    let by = s.margin.unsigned_abs();
    match (s.outcome, s.best_move) {
        (_, None) => "Draw: there are no values to take".to_owned(),
        (Outcome::FirstPlayerWins, Some(m)) => format!("First player wins by {by}: {}", take(m)),
        (Outcome::SecondPlayerWins, Some(m)) => format!(
            "Second player wins by {by} (the first player's best: {})",
            take(m)
        ),
        (Outcome::Draw, Some(m)) => {
            format!("Draw: both players score {} ({})", s.first_score, take(m))
        }
    }
}

/// The counters and the time as aligned lines, for `--stats`.
pub fn stats_lines(stats: &Stats, elapsed: Duration) -> String {
    let rows = [
        ("positions expanded", stats.positions.to_string()),
        ("memo hits", stats.memo_hits.to_string()),
        ("distinct states", stats.states.to_string()),
        ("table cells", stats.table_cells.to_string()),
        ("table bytes", bytes(stats.table_bytes)),
        ("max depth", stats.max_depth.to_string()),
        ("time", duration(elapsed)),
    ];
    let mut text = String::new();
    for (name, value) in rows {
        let _ = writeln!(text, "  {name:<20}{value}");
    }
    text
}

/// Bytes with a binary unit: `131072 (128 KiB)`.
pub fn bytes(n: u64) -> String {
    const UNITS: [&str; 5] = ["KiB", "MiB", "GiB", "TiB", "PiB"];
    if n < 1024 {
        return n.to_string();
    }
    let mut value = n as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    let precision = if value < 10.0 { 1 } else { 0 };
    format!("{n} ({value:.precision$} {})", UNITS[unit])
}

/// A duration with a unit that keeps three significant digits.
pub fn duration(d: Duration) -> String {
    let ns = d.as_nanos() as f64;
    let (value, unit) = if ns < 1e3 {
        (ns, "ns")
    } else if ns < 1e6 {
        (ns / 1e3, "µs")
    } else if ns < 1e9 {
        (ns / 1e6, "ms")
    } else {
        (ns / 1e9, "s")
    };
    let precision = if value < 10.0 {
        2
    } else if value < 100.0 {
        1
    } else {
        0
    };
    format!("{value:.precision$} {unit}")
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn ordinals() {
        let got: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 64].map(ordinal).into();
        assert_eq!(
            got,
            ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "64th"]
        );
    }

    #[test]
    fn units() {
        assert_eq!(bytes(100), "100");
        assert_eq!(bytes(131072), "131072 (128 KiB)");
        assert_eq!(bytes(1 << 30), "1073741824 (1.0 GiB)");
        assert_eq!(duration(Duration::from_nanos(812)), "812 ns");
        assert_eq!(duration(Duration::from_micros(1234)), "1.23 ms");
        assert_eq!(duration(Duration::from_millis(45_600)), "45.6 s");
    }

    #[test]
    fn headlines() {
        let game = CanIWin::new(10, 56).unwrap();
        let s = game.settled_without_search().unwrap();
        assert_eq!(
            Solved::CanIWin(&game, s).headline(),
            "Draw: nobody can reach 56 (the pool sums to 55)"
        );
        let game = CanIWin::new(10, 11).unwrap();
        let s = CanIWinSolution::from_search(Some(7));
        assert_eq!(
            Solved::CanIWin(&game, s).headline(),
            "First player wins: take 7"
        );
        let game = PredictTheWinner::new(vec![1, 5, 233, 7]);
        let s = game.solution(222, Some(Side::Left));
        assert_eq!(
            Solved::PredictTheWinner(&game, s).headline(),
            "First player wins by 222: take the left end (1)"
        );
        let game = PredictTheWinner::new(vec![]);
        let s = game.solution(0, None);
        assert_eq!(
            Solved::PredictTheWinner(&game, s).headline(),
            "Draw: there are no values to take"
        );
    }
}
