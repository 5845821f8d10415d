//! Predict the Winner's scores for the generic analysis: the margin of every interval of the
//! row from one bottom-up pass, in place of a search.
//!
//! A position of Predict the Winner is an interval of the row; its value is the mover's margin
//! over what is left and its remoteness the number of values left (every value is taken).
//! The generic search would reach each interval by recursion, one memo cell of 48 bytes per
//! `(start, end)` pair; this table holds one `i128` per interval, filled by length.
//!
//! # Complexity
//!
//! With `n` values: the first score costs `Θ(n²)` time and [`IntervalMargins::bytes_for`]`(n)`
//! = `16 · n(n+1)/2` bytes (72 MB at `n = 3,000`); every later score is one lookup. A row whose
//! table passes the memory cap is scored by the linear-time reduction instead, `Θ(len)` per
//! position asked (the analysis of one position asks two), when the build has the
//! `reduction` backend.
//!
//! # Errors
//!
//! [`Error::TableTooLarge`] (parameter `len`) past the memory cap without the `reduction`
//! backend, or when the system refuses the table; [`Error::TimeLimitReached`] past the
//! deadline (read once per interval length, and by the reduction's passes).

use crate::analysis::generic::PositionValues;
use crate::analysis::NAME;
use crate::core_types::error::Hint;
use crate::core_types::error::HintPart::Words;
use crate::predict_the_winner::Interval;
use crate::search::Ranked;
use crate::{Deadline, Error, Game, Margin, PredictTheWinner};

/// The margins of every interval of a row, built on the first score; see the
/// module docs.
pub struct IntervalMargins {
    memory_cap_bytes: u64,
    /// By interval length, then start; `None` until built, or when the row is scored by the
    /// reduction.
    table: Option<Vec<i128>>,
    /// Whether the table was tried (built, or found past the cap).
    tried: bool,
}

impl IntervalMargins {
    /// The margins of a row, within `memory_cap_bytes`.
    pub const fn new(memory_cap_bytes: u64) -> Self {
        IntervalMargins {
            memory_cap_bytes,
            table: None,
            tried: false,
        }
    }

    /// Bytes the table of a row of `len` values takes: one `i128` per interval.
    pub fn bytes_for(len: usize) -> u128 {
        let len = len as u128;
        len * (len + 1) / 2 * 16
    }

    /// Whether the table of a row of `len` values fits `memory_cap_bytes` (else the positions
    /// are scored one by one by the reduction, and no line of play is worth walking).
    pub fn fits(len: usize, memory_cap_bytes: u64) -> bool {
        Self::bytes_for(len) <= u128::from(memory_cap_bytes)
    }

    fn build(&mut self, values: &[i64], deadline: Deadline) -> Result<(), Error> {
        self.tried = true;
        let n = values.len();
        if !Self::fits(n, self.memory_cap_bytes) {
            return Ok(());
        }
        let cells = n * (n + 1) / 2;
        let mut table: Vec<i128> = Vec::new();
        if table.try_reserve_exact(cells).is_err() {
            return Err(too_large(
                n,
                self.memory_cap_bytes,
                &[Words("; the system refused the allocation")],
            ));
        }
        table.extend(values.iter().map(|&v| i128::from(v)));
        let mut previous = 0; // where the row of length `len - 1` starts
        for len in 2..=n {
            deadline.check(NAME, PredictTheWinner::NAME)?;
            let current = table.len();
            for start in 0..=n - len {
                let after_left = i128::from(values[start]) - table[previous + start + 1];
                let after_right = i128::from(values[start + len - 1]) - table[previous + start];
                table.push(after_left.max(after_right));
            }
            previous = current;
        }
        self.table = Some(table);
        Ok(())
    }

    /// The margin of `values[start..end]` from the table.
    fn lookup(table: &[i128], n: usize, start: usize, end: usize) -> Option<i128> {
        let len = end.checked_sub(start).filter(|&len| len >= 1)?;
        // Rows of lengths 1..len come first: n + (n - 1) + ... + (n - len + 2) cells.
        let offset = (len - 1) * (n + 1) - (len - 1) * len / 2;
        table.get(offset + start).copied()
    }
}

impl PositionValues<PredictTheWinner> for IntervalMargins {
    fn score(
        &mut self,
        game: &PredictTheWinner,
        position: Interval,
        deadline: Deadline,
    ) -> Result<Ranked<Margin>, Error> {
        let values = game.values();
        let remoteness =
            u32::try_from(position.end.saturating_sub(position.start)).unwrap_or(u32::MAX);
        if game.terminal_value(position).is_some() {
            return Ok(Ranked {
                value: Margin(0),
                remoteness: 0,
            });
        }
        if !self.tried {
            self.build(values, deadline)?;
        }
        let margin = match &self.table {
            Some(table) => Self::lookup(table, values.len(), position.start, position.end),
            None => {
                let rest = values.get(position.start..position.end).unwrap_or_default();
                match crate::registry::linear_move_values(rest, deadline) {
                    Some(moves) => {
                        let (after_left, after_right) = moves.map_err(|e| match e {
                            Error::TimeLimitReached { .. } => {
                                deadline.error(NAME, PredictTheWinner::NAME)
                            }
                            other => other,
                        })?;
                        Some(after_left.max(after_right))
                    }
                    None => {
                        return Err(too_large(
                            values.len(),
                            self.memory_cap_bytes,
                            &[Words(
                                "; raise the cap, or solve with backend \
                             `reduction` or `tabular` (O(len) memory)",
                            )],
                        ))
                    }
                }
            }
        };
        Ok(Ranked {
            value: Margin(margin.unwrap_or(0)),
            remoteness,
        })
    }
}

fn too_large(len: usize, cap: u64, hint: Hint) -> Error {
    Error::TableTooLarge {
        backend: NAME,
        game: PredictTheWinner::NAME,
        parameter: "len",
        value: len as u64,
        required_bytes: IntervalMargins::bytes_for(len),
        memory_cap_bytes: cap,
        hint,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::analysis::generic::Analyzer;
    use crate::analysis::AnalysisConfig;

    #[test]
    fn the_table_agrees_with_the_generic_search_on_every_interval() {
        let game = PredictTheWinner::new(vec![3, -9, 1, 2, 7, 7, -4, 0, 5]);
        let mut table = IntervalMargins::new(u64::MAX);
        let mut search = Analyzer::indexed(game.clone(), AnalysisConfig::default());
        let n = game.values().len();
        for start in 0..=n {
            for end in start..=n {
                let position = Interval { start, end };
                let got = table.score(&game, position, Deadline::NEVER).unwrap();
                let analysis = search.analyze(position).unwrap();
                assert_eq!(
                    (got.value, got.remoteness),
                    (analysis.value, analysis.remoteness),
                    "{start}..{end}"
                );
            }
        }
    }

    #[test]
    fn past_the_cap_the_reduction_scores_the_same() {
        let game = PredictTheWinner::new(vec![1, 5, 233, 7, 4, 4, 9]);
        let mut small = IntervalMargins::new(16);
        let mut table = IntervalMargins::new(u64::MAX);
        let start = game.start();
        let expected = table.score(&game, start, Deadline::NEVER).unwrap();
        let got = small.score(&game, start, Deadline::NEVER);
        if cfg!(feature = "reduction") {
            assert_eq!(got.unwrap(), expected);
        } else {
            assert!(matches!(got, Err(Error::TableTooLarge { .. })), "{got:?}");
        }
    }
}
