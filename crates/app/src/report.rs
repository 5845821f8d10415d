//! What the CLI prints for one solved game: the JSON object of the stable
//! contract (see the README, section "Command line") and the human sentences.

use std::fmt::Write as _;
use std::time::Duration;

use gamesolve::contract::Reported;
use gamesolve::explain::{explain_reduction_within, ExplainError, ExplainLimits, TableView};
use gamesolve::{
    Backend, CanIWin, CanIWinSolution, Outcome, PredictTheWinner, PredictTheWinnerSolution,
    Registered, Side, Stats,
};

/// How a game's answers read on the command line, beside its JSON contract
/// ([`Reported`]): one impl per game, so every command is written once, generic over the
/// game.
pub trait CliGame: Registered + Reported + TableView {
    /// The answer in words, one line: "First player wins: take 7".
    fn headline(&self, s: &Self::Solution) -> String;

    /// The answer in a few words, for a table cell: "first wins: take 7".
    fn short(&self, s: &Self::Solution) -> String;

    /// The lines after the headline: the game, scores, LeetCode's boolean.
    fn details(&self, s: &Self::Solution, backend: &str) -> String;

    /// What the call tree of `backend`/`variant` leaves out, for the `explain` legend; empty
    /// or starting with `"; "`.
    fn calls_skipped(&self, backend: &str, variant: &str) -> &'static str {
        let _ = (backend, variant);
        ""
    }

    /// The teaching view of a backend that does not walk the game's positions (so has no
    /// call tree or table), for `explain`, at most `max_lines` lines per list and within the
    /// memory cap of `limits`; `None` for the others.
    fn own_view(
        &self,
        backend: &str,
        max_lines: usize,
        limits: &ExplainLimits,
    ) -> Option<Result<String, ExplainError>> {
        let _ = (backend, max_lines, limits);
        None
    }

    /// Whether solving with `backend` may take long enough (about a tenth of a second or
    /// more) to deserve a spinner.
    fn is_big(&self, backend: Backend) -> bool;

    /// The same game at growing sizes, at most `points` of them, each with its size (`n`, or
    /// the row's length), for a picture of how each backend's work grows: Can I Win with
    /// pools `1..=k` up to its own (the last `points` of them) and the total scaled with the
    /// pool's sum, Predict the Winner with the row's first `1..=points` values.
    #[cfg_attr(not(feature = "serve"), allow(dead_code))] // `serve`'s `/api/growth` only
    fn growth(&self, points: usize) -> Vec<(u64, Self)>;

    /// The rules of `play` for this game, replayable from a list of moves, with the analysis
    /// engine's limits (`serve`'s `/api/play`).
    #[cfg(feature = "serve")]
    fn play_rules(
        &self,
        config: gamesolve::analysis::AnalysisConfig,
    ) -> Box<dyn super::play::Replay>;
}

impl CliGame for CanIWin {
    fn headline(&self, s: &CanIWinSolution) -> String {
        can_i_win_headline(self, s)
    }

    fn short(&self, s: &CanIWinSolution) -> String {
        match (s.outcome, s.best_move) {
            (Outcome::FirstPlayerWins, Some(m)) => format!("first wins: take {m}"),
            (outcome, _) => outcome.to_string(),
        }
    }

    fn details(&self, s: &CanIWinSolution, backend: &str) -> String {
        format!(
            "Can I Win: pool 1..={}, reach {}; LeetCode 464 answer: {}; backend {backend}\n",
            self.max_choosable(),
            self.desired_total(),
            s.can_i_win()
        )
    }

    fn calls_skipped(&self, backend: &str, variant: &str) -> &'static str {
        if backend == Backend::Memo.name() && variant != "hash-map" {
            "; the moves that reach T at once, or leave the opponent an immediate win, make no \
             call"
        } else {
            "; the moves that reach T at once make no call"
        }
    }

    fn growth(&self, points: usize) -> Vec<(u64, CanIWin)> {
        let n = u64::from(self.max_choosable());
        let (t, sum) = (
            u128::from(self.desired_total()),
            u128::from(n * (n + 1) / 2),
        );
        let last = self.max_choosable();
        let first = last
            .saturating_sub(u32::try_from(points).unwrap_or(u32::MAX))
            .saturating_add(1)
            .max(1);
        (first..=last)
            .filter_map(|k| {
                let kk = u128::from(k);
                let scaled = (t * kk * (kk + 1) / 2).div_ceil(sum.max(1));
                let total = u64::try_from(scaled).unwrap_or(u64::MAX);
                CanIWin::new(k, total).ok().map(|g| (u64::from(k), g))
            })
            .collect()
    }

    #[cfg(feature = "serve")]
    fn play_rules(
        &self,
        config: gamesolve::analysis::AnalysisConfig,
    ) -> Box<dyn super::play::Replay> {
        super::play::can_i_win_rules(*self, config)
    }

    fn is_big(&self, backend: Backend) -> bool {
        if self.settled_without_search().is_some() {
            return false;
        }
        let n = self.max_choosable();
        match backend {
            Backend::Recursive => n >= 12,
            Backend::Memo | Backend::Tabular => n >= 24,
            Backend::Reduction => false, // refused at once: no algorithm for Can I Win
        }
    }
}

impl CliGame for PredictTheWinner {
    fn headline(&self, s: &PredictTheWinnerSolution) -> String {
        ptw_headline(self, s)
    }

    fn short(&self, s: &PredictTheWinnerSolution) -> String {
        let by = s.margin.unsigned_abs();
        let moved = s.best_move.map_or(String::new(), |m| format!(", take {m}"));
        match s.outcome {
            Outcome::Draw => format!("draw{moved}"),
            outcome => format!("{outcome} by {by}{moved}"),
        }
    }

    fn details(&self, s: &PredictTheWinnerSolution, backend: &str) -> String {
        format!(
            "Scores: first player {}, second player {} (margin {:+})\n\
             Predict the Winner: {} values; LeetCode 486 answer: {}; backend {backend}\n",
            s.first_score,
            s.second_score,
            s.margin,
            self.len(),
            s.predict_the_winner()
        )
    }

    fn own_view(
        &self,
        backend: &str,
        max_lines: usize,
        limits: &ExplainLimits,
    ) -> Option<Result<String, ExplainError>> {
        if backend != Backend::Reduction.name() {
            return None;
        }
        // Only the lines shown are kept: a long row's trace stays within the cap.
        Some(explain_reduction_within(self, max_lines, limits).map(|view| view.text(max_lines)))
    }

    fn calls_skipped(&self, backend: &str, variant: &str) -> &'static str {
        if backend == Backend::Memo.name() && variant == "interval" {
            "; single values are read directly, without a call"
        } else {
            ""
        }
    }

    fn growth(&self, points: usize) -> Vec<(u64, PredictTheWinner)> {
        let values = self.values();
        // The first prefixes, not the last: a long row would cost `tabular` `O(len^2)` each.
        (1..=values.len().min(points))
            .map(|k| (k as u64, PredictTheWinner::new(values[..k].to_vec())))
            .collect()
    }

    #[cfg(feature = "serve")]
    fn play_rules(
        &self,
        config: gamesolve::analysis::AnalysisConfig,
    ) -> Box<dyn super::play::Replay> {
        super::play::predict_the_winner_rules(self.clone(), config)
    }

    fn is_big(&self, backend: Backend) -> bool {
        match backend {
            Backend::Recursive => self.len() >= 22,
            Backend::Memo | Backend::Tabular => self.len() >= 10_000,
            Backend::Reduction => self.len() >= 10_000_000,
        }
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

/// The variant that ran (`memo/dense`), the counters and the time as aligned lines, for
/// `--stats`.
pub fn stats_lines(stats: &Stats, ran: &str, elapsed: Duration) -> String {
    let rows = [
        ("variant run", ran.to_string()),
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

/// Bytes with a binary unit: `131072 (128.0 KiB)`, by [`bytesize`].
pub fn bytes(n: u64) -> String {
    if n < 1024 {
        return n.to_string();
    }
    format!("{n} ({})", bytesize::ByteSize(n).display().iec())
}

/// A measured duration with a unit that keeps three significant digits: `1.23 ms`, `45.6 s`.
///
/// Kept here rather than taken from a crate: `humantime` prints exact compound durations
/// (`1s 234ms 567us`), right for a limit a person typed but not for a measurement, and std's
/// `{:.2?}` fixes the decimals rather than the significant digits (`812.00ns`, `45.60s`).
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
        assert_eq!(bytes(131072), "131072 (128.0 KiB)");
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
            game.headline(&s),
            "Draw: nobody can reach 56 (the pool sums to 55)"
        );
        let game = CanIWin::new(10, 11).unwrap();
        let s = CanIWinSolution::from_search(Some(7));
        assert_eq!(game.headline(&s), "First player wins: take 7");
        let game = PredictTheWinner::new(vec![1, 5, 233, 7]);
        let s = game.solution(222, Some(Side::Left));
        assert_eq!(
            game.headline(&s),
            "First player wins by 222: take the left end (1)"
        );
        let game = PredictTheWinner::new(vec![]);
        let s = game.solution(0, None);
        assert_eq!(game.headline(&s), "Draw: there are no values to take");
    }
}
