//! Can I Win's row of the game table: its parameters, rules and sentences.

pub mod all_totals;
mod analysis;
mod report;
mod table_view;

pub use report::CanIWinReport;

use super::{invalid, GameInfo, Param, ParamKind, ParamValue, Params, Sweep, TableGame};
use crate::analysis::generic::Analyzer;
use crate::analysis::AnalysisConfig;
use crate::core_types::error::ParamFault;
use crate::{Backend, CanIWin, CanIWinSolution, Error, Outcome};

/// Can I Win's parameters: `N T`.
const PARAMS: [Param; 2] = [
    Param {
        name: "max_choosable",
        value_name: "N",
        kind: ParamKind::Integer {
            min: CanIWin::MIN_MAX_CHOOSABLE as u64,
            max: CanIWin::MAX_MAX_CHOOSABLE as u64,
        },
        help: "The largest integer in the pool 1..=N (N in 1..=64).",
    },
    Param {
        name: "desired_total",
        value_name: "T",
        kind: ParamKind::Integer {
            min: 0,
            max: u64::MAX,
        },
        help: "The total to reach or pass (a whole number, 0 or more).",
    },
];

const INFO: GameInfo = GameInfo {
    name: "can-i-win",
    title: "Can I Win",
    summary: "Who wins Can I Win: take numbers from 1..=N without replacement; whoever brings \
              the total to T or beyond wins.",
    rules: "The integers 1 to N form a shared pool. The players take turns; each takes an \
            integer still in the pool and adds it to a running total that starts at 0. \
            Whoever makes the total reach or pass T wins. If the pool runs out first, nobody \
            wins: a draw (LeetCode 464).",
    params: &PARAMS,
    examples: &["5 11", "20 158", "10 11", "4 6"],
    sweep: Some(Sweep {
        flag: "all-totals",
        param: "desired_total",
        help: "Answer every total T in 0..=N(N+1)/2 at once, with one bottom-up pass of the \
               analysis engine (no backend, so `--backend` and `--node-budget` do not apply): \
               for which totals the first player wins.",
    }),
};

/// Its parameters, read and written by the game itself (messages of its own).
impl super::GameParams for CanIWin {
    const PARAMS: &'static [Param] = &PARAMS;

    fn from_params(params: &Params) -> Result<Self, Error> {
        can_i_win_from_text(params.text("max_choosable")?, params.text("desired_total")?)
    }

    fn params(&self) -> Params {
        Params::new()
            .with(
                "max_choosable",
                ParamValue::Text(self.max_choosable().to_string()),
            )
            .with(
                "desired_total",
                ParamValue::Text(self.desired_total().to_string()),
            )
    }
}

impl TableGame for CanIWin {
    const INFO: GameInfo = INFO;

    /// The dense table of every set of used integers within the memory cap; past it, the hash
    /// map with the pool's theory of the positions whose integers left cannot pass the total
    /// (a draw, or decided by parity), so a large pool's hopeless start is answered at once.
    fn analyzer(&self, config: AnalysisConfig) -> Analyzer<Self> {
        analysis::analyzer(*self, config)
    }

    fn analysis_json(
        &self,
        a: &crate::analysis::report::Analysis<Self>,
    ) -> Box<serde_json::value::RawValue> {
        analysis::analysis_json(self, a)
    }

    fn analysis_text(&self, a: &crate::analysis::report::Analysis<Self>) -> String {
        analysis::analysis_text(self, a)
    }

    fn sweep(
        &self,
        config: &AnalysisConfig,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Option<Result<super::SweepReport, Error>> {
        Some(analysis::all_totals(self, config, progress))
    }

    fn headline(&self, s: &CanIWinSolution) -> String {
        let (n, t, sum) = (self.max_choosable(), self.desired_total(), self.pool_sum());
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

    const GROWTH: bool = true;

    /// Pools `1..=k` for `k = 1..=20` (and up to this game's `n` when larger, at most
    /// `points` sizes, the largest kept), each with the total at 3/4 of the pool's sum
    /// (rounded up): far from the settled cases, so every backend searches.
    fn growth(&self, points: usize) -> Vec<(u64, CanIWin)> {
        let last = self.max_choosable().max(GROWTH_LARGEST);
        let first = last
            .saturating_sub(u32::try_from(points).unwrap_or(u32::MAX))
            .saturating_add(1)
            .max(1);
        (first..=last)
            .filter_map(|k| {
                let sum = u64::from(k) * u64::from(k + 1) / 2;
                CanIWin::new(k, (3 * sum).div_ceil(4))
                    .ok()
                    .map(|g| (u64::from(k), g))
            })
            .collect()
    }

    fn growth_size(&self) -> Option<u64> {
        Some(u64::from(self.max_choosable()))
    }
}

/// The largest pool of [`TableGame::growth`]: `2^20` subsets, a dense table of 256 KiB.
const GROWTH_LARGEST: u32 = 20;

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

/// Builds a Can I Win game from the text of `N` and `T` (command-line arguments, or the raw
/// JSON numbers of a batch line).
///
/// # Errors
///
/// An invalid-input error naming the value (as written, even beyond any machine integer) and
/// its allowed range.
pub fn can_i_win_from_text(max_choosable: &str, desired_total: &str) -> Result<CanIWin, Error> {
    let n = parse_wide("max_choosable", max_choosable)?;
    let t = parse_wide("desired_total", desired_total)?;
    // A number beyond i128 was saturated to be range-checked: the error names the number
    // actually given.
    let shown = |wide: Wide<'_>| match wide.saturated_from {
        Some(text) => text.to_owned(),
        None => wide.value.to_string(),
    };
    CanIWin::from_i128(n.value, t.value).map_err(|e| match e {
        Error::MaxChoosableOutOfRange { min, max, .. } => invalid(
            "max_choosable",
            &shown(n),
            ParamFault::PoolOutOfRange { min, max },
        ),
        Error::DesiredTotalOutOfRange { max, .. } => invalid(
            "desired_total",
            &shown(t),
            ParamFault::OutOfRange { min: 0, max },
        ),
        other => other,
    })
}

/// An integer parsed as `i128`, saturated when the text is beyond it.
#[derive(Clone, Copy)]
struct Wide<'a> {
    value: i128,
    /// The original text, when `value` was saturated.
    saturated_from: Option<&'a str>,
}

fn parse_wide<'a>(name: &str, text: &'a str) -> Result<Wide<'a>, Error> {
    use std::num::IntErrorKind;
    match text.trim().parse::<i128>() {
        Ok(value) => Ok(Wide {
            value,
            saturated_from: None,
        }),
        Err(e) => match e.kind() {
            IntErrorKind::PosOverflow => Ok(Wide {
                value: i128::MAX,
                saturated_from: Some(text.trim()),
            }),
            IntErrorKind::NegOverflow => Ok(Wide {
                value: i128::MIN,
                saturated_from: Some(text.trim()),
            }),
            _ => {
                let (min, max) = allowed_range(name);
                Err(invalid(name, text, ParamFault::NotAnInteger { min, max }))
            }
        },
    }
}

fn allowed_range(name: &str) -> (u64, u64) {
    match name {
        "max_choosable" => (
            CanIWin::MIN_MAX_CHOOSABLE.into(),
            CanIWin::MAX_MAX_CHOOSABLE.into(),
        ),
        _ => (0, u64::MAX),
    }
}

/// [`explain`](crate::explain::explain) for a Can I Win game with a backend's automatic choice.
///
/// # Errors
///
/// As [`explain`](crate::explain::explain).
pub fn explain_can_i_win(
    game: &CanIWin,
    backend: Backend,
    config: &crate::SolverConfig,
    limits: &crate::explain::ExplainLimits,
) -> Result<crate::explain::Explanation<CanIWin>, crate::explain::ExplainError> {
    crate::explain::explain(game, &backend.into(), config, limits)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::Game;

    #[test]
    fn text_errors_name_value_and_range() {
        assert!(can_i_win_from_text("10", "11").is_ok());
        let e = can_i_win_from_text("65", "11").unwrap_err();
        assert!(e.to_string().contains("max_choosable = 65"), "{e}");
        assert!(e.to_string().contains("1..=64"), "{e}");
        let e = can_i_win_from_text("10", "-1").unwrap_err();
        assert!(e.to_string().contains("desired_total = -1"), "{e}");
        let huge = "1000000000000000000000000000000000000000000000";
        let e = can_i_win_from_text("10", huge).unwrap_err();
        assert!(
            e.to_string().contains(&format!("desired_total = {huge}")),
            "{e}"
        );
        let e = can_i_win_from_text(&format!("-{huge}"), "3").unwrap_err();
        assert!(
            e.to_string().contains(&format!("max_choosable = -{huge}")),
            "{e}"
        );
        let e = can_i_win_from_text("ten", "3").unwrap_err();
        assert!(e.to_string().contains("`ten` is not an integer"), "{e}");
        assert!(e.to_string().contains("1..=64"), "{e}");
        let e = can_i_win_from_text("10", "1.5").unwrap_err();
        assert!(e.to_string().contains("0..=18446744073709551615"), "{e}");
    }

    #[test]
    fn ordinals() {
        let got: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 64].map(ordinal).into();
        assert_eq!(
            got,
            ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "64th"]
        );
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
        assert_eq!(game.outcome(&s), Outcome::FirstPlayerWins);
    }

    #[test]
    fn errors_name_value_and_range() {
        assert!(can_i_win_from_text("10", "11").is_ok());
        let e = can_i_win_from_text("65", "11").unwrap_err().to_string();
        assert!(e.contains("max_choosable = 65"), "{e}");
        assert!(e.contains("1..=64"), "{e}");
        let e = can_i_win_from_text("10", "-1").unwrap_err().to_string();
        assert!(e.contains("desired_total = -1"), "{e}");
        let huge = "1000000000000000000000000000000000000000000000";
        let e = can_i_win_from_text("10", huge).unwrap_err().to_string();
        assert!(e.contains(&format!("desired_total = {huge}")), "{e}");
        let e = can_i_win_from_text(&format!("-{huge}"), "3")
            .unwrap_err()
            .to_string();
        assert!(e.contains(&format!("max_choosable = -{huge}")), "{e}");
        let e = can_i_win_from_text("ten", "3").unwrap_err().to_string();
        assert!(e.contains("`ten` is not an integer"), "{e}");
        assert!(e.contains("1..=64"), "{e}");
        let e = can_i_win_from_text("10", "1.5").unwrap_err().to_string();
        assert!(e.contains("0..=18446744073709551615"), "{e}");
    }
}
