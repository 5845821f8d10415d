//! Can I Win's words for the generic analysis: the JSON and the text of `analyze can-i-win`,
//! and the all-totals sweep as a report.

use std::fmt::Write as _;

use serde::Serialize;
use serde_json::value::RawValue;

use super::all_totals::{can_i_win_all_totals_with_progress, AllTotals};
use crate::analysis::generic::{Analyzer, IndexedScores, Searched};
use crate::analysis::report::{raw_json, Analysis};
use crate::analysis::{AnalysisConfig, MoveValue, Player};
use crate::can_i_win::mask_total;
use crate::games::{rule, SweepReport};
use crate::search::{HashMemo, MemoPolicy, MemoRefusal, Ranked};
use crate::{CanIWin, Error, Game, GameValue, Outcome, Verdict};

/// The used integers, ascending.
fn numbers(used: u64) -> Vec<u32> {
    crate::bits::set_bits(used).map(|k| k + 1).collect()
}

/// The value of one available integer, for the player taking it.
#[derive(Clone, Copy, Debug, Serialize)]
struct MoveReport {
    #[serde(rename = "move")]
    number: u32,
    value: MoveValue,
    remoteness: u32,
}

/// One move of the principal variation.
#[derive(Clone, Copy, Debug, Serialize)]
struct PlyReport {
    player: Player,
    #[serde(rename = "move")]
    number: u32,
    /// The running total after the move.
    total: u64,
}

/// The JSON of `analyze can-i-win`.
#[derive(Clone, Debug, Serialize)]
struct AnalysisReport {
    game: &'static str,
    max_choosable: u32,
    desired_total: u64,
    used: Vec<u32>,
    total: u64,
    to_move: Player,
    outcome: Outcome,
    value: MoveValue,
    remoteness: u32,
    principal_variation: Vec<PlyReport>,
    moves: Vec<MoveReport>,
}

fn report(game: &CanIWin, a: &Analysis<CanIWin>) -> AnalysisReport {
    AnalysisReport {
        game: CanIWin::NAME,
        max_choosable: game.max_choosable(),
        desired_total: game.desired_total(),
        used: numbers(a.position),
        total: mask_total(a.position),
        to_move: a.to_move(),
        outcome: a.outcome(),
        value: a.analysis.value.verdict().into(),
        remoteness: a.analysis.remoteness,
        principal_variation: a
            .plies(game)
            .into_iter()
            .map(|(player, at, number)| PlyReport {
                player,
                number,
                total: mask_total(game.play(at, number)),
            })
            .collect(),
        moves: a
            .analysis
            .moves
            .iter()
            .map(|m| MoveReport {
                number: m.mv,
                value: m.value.verdict().into(),
                remoteness: m.remoteness,
            })
            .collect(),
    }
}

/// `analyze can-i-win --json`.
pub(super) fn analysis_json(game: &CanIWin, a: &Analysis<CanIWin>) -> Box<RawValue> {
    raw_json(&report(game, a))
}

/// "win in 3", "lose in 16", "draw (4 moves left)".
fn value_words(value: MoveValue, remoteness: u32) -> String {
    match value {
        MoveValue::Win => format!("win in {remoteness}"),
        MoveValue::Lose => format!("lose in {remoteness}"),
        MoveValue::Draw => format!("draw ({remoteness} moves left)"),
    }
}

fn capitalized(player: Player) -> &'static str {
    match player {
        Player::First => "First player",
        Player::Second => "Second player",
    }
}

fn moves_word(count: u32) -> &'static str {
    if count == 1 {
        "move"
    } else {
        "moves"
    }
}

fn join(numbers: &[u32]) -> String {
    numbers
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// `analyze can-i-win` in words.
pub(super) fn analysis_text(game: &CanIWin, a: &Analysis<CanIWin>) -> String {
    let r = report(game, a);
    let (n, t) = (game.max_choosable(), game.desired_total());
    let mut text = String::new();
    let headline = match r.outcome {
        _ if r.remoteness == 0 && r.value == MoveValue::Win => {
            format!("First player wins without moving: the total 0 already reaches {t}")
        }
        Outcome::Draw => format!(
            "Draw: nobody can reach {t} any more ({} {} left until the pool is empty)",
            r.remoteness,
            moves_word(r.remoteness)
        ),
        Outcome::FirstPlayerWins | Outcome::SecondPlayerWins => {
            let winner = match r.outcome {
                Outcome::FirstPlayerWins => Player::First,
                _ => Player::Second,
            };
            format!(
                "{} wins in {} {} (the winner hurries, the loser delays)",
                capitalized(winner),
                r.remoteness,
                moves_word(r.remoteness)
            )
        }
    };
    let _ = writeln!(text, "{headline}");
    let position = if r.used.is_empty() {
        "the start".to_owned()
    } else {
        format!("used {} (total {})", join(&r.used), r.total)
    };
    let _ = writeln!(
        text,
        "Can I Win: pool 1..={n}, reach {t}; position: {position}; {} to move",
        r.to_move
    );
    if !r.moves.is_empty() {
        let _ = writeln!(text, "\nMoves for the {}, best first:", r.to_move);
        // Group equal values, keeping the best-first order.
        let mut groups: Vec<(MoveValue, u32, Vec<u32>)> = Vec::new();
        for m in &r.moves {
            match groups.last_mut() {
                Some((value, remoteness, numbers))
                    if *value == m.value && *remoteness == m.remoteness =>
                {
                    numbers.push(m.number);
                }
                _ => groups.push((m.value, m.remoteness, vec![m.number])),
            }
        }
        let width = groups
            .iter()
            .map(|(v, r, _)| value_words(*v, *r).len())
            .max()
            .unwrap_or(0);
        for (value, remoteness, numbers) in groups {
            let label = value_words(value, remoteness);
            let _ = writeln!(text, "  {label:<width$}  take {}", join(&numbers));
        }
    }
    if !r.principal_variation.is_empty() {
        let count = r.principal_variation.len();
        let _ = writeln!(
            text,
            "\nPrincipal variation ({count} {}):",
            moves_word(u32::try_from(count).unwrap_or(u32::MAX))
        );
        for (k, ply) in r.principal_variation.iter().enumerate() {
            let _ = writeln!(
                text,
                "  {:>2}. {:<6} takes {:>2}   total {}",
                k + 1,
                ply.player.as_str(),
                ply.number,
                ply.total
            );
        }
    }
    text
}

/// The JSON of `can-i-win N --all-totals`.
#[derive(Clone, Debug, Serialize)]
struct AllTotalsReport {
    game: &'static str,
    max_choosable: u32,
    pool_sum: u64,
    first_wins: usize,
    second_wins: usize,
    second_player_totals: Vec<u64>,
    totals: Vec<TotalReport>,
}

/// One total of an [`AllTotalsReport`].
#[derive(Clone, Debug, Serialize)]
struct TotalReport {
    desired_total: u64,
    outcome: Outcome,
    can_i_win: bool,
    best_move: Option<u32>,
}

/// `can-i-win N --all-totals`: every total's answer at once, as JSON and in words.
pub(super) fn all_totals(
    game: &CanIWin,
    config: &AnalysisConfig,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<SweepReport, Error> {
    let table = can_i_win_all_totals_with_progress(game.max_choosable(), config, progress)
        .map_err(|e| match e {
            crate::analysis::AnalysisError::Game(e) => e,
            other => rule("", "", other.to_string()),
        })?;
    let totals: Vec<TotalReport> = table
        .iter()
        .map(|(t, s)| TotalReport {
            desired_total: t,
            outcome: s.outcome,
            can_i_win: s.can_i_win(),
            best_move: s.best_move,
        })
        .collect();
    let second = table.second_player_totals();
    let report = AllTotalsReport {
        game: CanIWin::NAME,
        max_choosable: table.max_choosable(),
        pool_sum: table.pool_sum(),
        first_wins: totals.len() - second.len(),
        second_wins: second.len(),
        second_player_totals: second,
        totals,
    };
    Ok(SweepReport {
        json: raw_json(&report),
        text: all_totals_text(&table),
    })
}

fn all_totals_text(table: &AllTotals) -> String {
    let (n, sum) = (table.max_choosable(), table.pool_sum());
    let second = table.second_player_totals();
    let count = sum + 1;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "Can I Win with the pool 1..={n} (it sums to {sum}): the first player wins {} of the \
         {count} totals 0..={sum}, the second player {}; beyond {sum} nobody can reach T (a draw).",
        count - second.len() as u64,
        second.len()
    );
    let _ = writeln!(text, "\n  totals          winner");
    let mut runs: Vec<(u64, u64, Outcome)> = Vec::new();
    for (t, s) in table.iter() {
        match runs.last_mut() {
            Some((_, end, outcome)) if *outcome == s.outcome => *end = t,
            _ => runs.push((t, t, s.outcome)),
        }
    }
    for (start, end, outcome) in runs {
        let range = if start == end {
            start.to_string()
        } else {
            format!("{start}..={end}")
        };
        let _ = writeln!(text, "  {range:<15} {outcome}");
    }
    if !second.is_empty() {
        let list = second
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let _ = writeln!(text, "\nThe second player wins for T = {list}.");
    }
    text
}

/// A memo that knows, without a search, the positions the pool's theory settles: with `P` the
/// sum of the integers left and `R` what is still needed, the largest integer left reaching `R`
/// is a win in one move; `P < R` is a draw lasting until the pool is empty; `P == R` is decided
/// by parity (only the move taking the last integer reaches `T`: the player to move wins when
/// an odd number of integers is left). Every other position is the wrapped memo's, and the
/// settled ones are never stored. It keeps
/// the generic search of a large pool (no dense table) from expanding hopeless positions:
/// `n = 64, T = 2080` is answered at once.
pub(super) struct SettledByTotals<M> {
    game: CanIWin,
    memo: M,
}

impl<M> SettledByTotals<M> {
    pub(super) const fn new(game: CanIWin, memo: M) -> Self {
        SettledByTotals { game, memo }
    }

    /// The score of `used` when the totals settle it.
    fn settled(&self, used: u64) -> Option<Ranked<Verdict>> {
        let free = self.game.full_mask() & !used;
        let left = mask_total(free);
        let needed = self.game.desired_total().checked_sub(mask_total(used))?;
        let remoteness = free.count_ones();
        // The largest integer left reaches the total: a win in one move, the fastest there is.
        let largest = u64::from(u64::BITS - free.leading_zeros());
        if free != 0 && needed > 0 && largest >= needed {
            return Some(Ranked {
                value: Verdict::Win,
                remoteness: 1,
            });
        }
        match left.cmp(&needed) {
            std::cmp::Ordering::Less => Some(Ranked {
                value: Verdict::Draw,
                remoteness,
            }),
            std::cmp::Ordering::Equal if needed > 0 => Some(Ranked {
                value: if remoteness % 2 == 1 {
                    Verdict::Win
                } else {
                    Verdict::Loss
                },
                remoteness,
            }),
            _ => None,
        }
    }
}

impl<M: MemoPolicy<u64, Ranked<Verdict>>> MemoPolicy<u64, Ranked<Verdict>> for SettledByTotals<M> {
    const REMEMBERS: bool = true;
    type Slot = M::Slot;

    #[inline]
    fn find(&self, used: &u64) -> Result<Ranked<Verdict>, M::Slot> {
        self.memo
            .find(used)
            .or_else(|slot| self.settled(*used).ok_or(slot))
    }

    #[inline]
    fn slot(&self, used: &u64) -> M::Slot {
        self.memo.slot(used)
    }

    #[inline]
    fn store_in(
        &mut self,
        slot: M::Slot,
        used: u64,
        score: Ranked<Verdict>,
        other_bytes: impl FnOnce() -> u64,
    ) -> Result<(), MemoRefusal> {
        self.memo.store_in(slot, used, score, other_bytes)
    }

    fn bytes(&self) -> u128 {
        self.memo.bytes()
    }

    fn capacity(&self) -> usize {
        self.memo.capacity()
    }
}

/// Can I Win's analyzer: the dense table of every set of used integers when it fits the
/// memory cap, else the hash map behind [`SettledByTotals`].
pub(super) fn analyzer(game: CanIWin, config: AnalysisConfig) -> Analyzer<CanIWin> {
    if IndexedScores::bytes_for(&game) <= u128::from(config.memory_cap_bytes()) {
        return Analyzer::indexed(game, config);
    }
    let memo = SettledByTotals::new(
        game,
        HashMemo::<u64, Ranked<Verdict>>::new(config.state_budget(), config.memory_cap_bytes()),
    );
    Analyzer::with_values(
        game,
        config,
        Box::new(Searched::new(memo, config.memory_cap_bytes())),
    )
}
