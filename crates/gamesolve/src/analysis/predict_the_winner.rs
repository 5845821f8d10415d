//! Predict the Winner analysis: the margin each end leads to from any
//! position, and the principal variation.
//!
//! A position is the row after `taken_left` values were taken from the left
//! and `taken_right` from the right ([`PredictTheWinnerPosition`]). Which
//! player took which of those values depends on the order of play, so the
//! margins of a position count **only the values still on the table**: the
//! margin of a move is the mover's share of the rest of the game minus the
//! opponent's, the move's value included. At the start this is the whole
//! game, and the margin equals the solvers' `margin`.

use serde::Serialize;

use super::{AnalysisConfig, AnalysisError, MoveValue, Player, NAME};
use crate::deadline::Deadline;
use crate::{Arithmetic, Error, Game, MarginValue, Outcome, PredictTheWinner, Side};

/// A position of a Predict the Winner game: how many values are gone from
/// each end.
///
/// ```
/// use gamesolve::analysis::{Player, PredictTheWinnerPosition};
/// use gamesolve::PredictTheWinner;
///
/// let game = PredictTheWinner::new(vec![1, 5, 233, 7]);
/// let position = PredictTheWinnerPosition::new(&game, 1, 0)?;
/// assert_eq!(position.remaining(&game), &[5, 233, 7]);
/// assert_eq!(position.to_move(), Player::Second);
/// assert!(PredictTheWinnerPosition::new(&game, 3, 2).is_err());
/// # Ok::<(), gamesolve::analysis::AnalysisError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PredictTheWinnerPosition {
    taken_left: usize,
    taken_right: usize,
}

impl PredictTheWinnerPosition {
    /// The start of the game: the whole row.
    pub const fn start() -> Self {
        PredictTheWinnerPosition {
            taken_left: 0,
            taken_right: 0,
        }
    }

    /// The position after `taken_left` values were taken from the left end
    /// and `taken_right` from the right end.
    ///
    /// # Errors
    ///
    /// [`AnalysisError::InvalidPosition`] when more values are taken than
    /// the row has.
    pub fn new(
        game: &PredictTheWinner,
        taken_left: usize,
        taken_right: usize,
    ) -> Result<Self, AnalysisError> {
        match taken_left.checked_add(taken_right) {
            Some(taken) if taken <= game.len() => Ok(PredictTheWinnerPosition {
                taken_left,
                taken_right,
            }),
            _ => Err(AnalysisError::position(format!(
                "taken_left = {taken_left} plus taken_right = {taken_right} is more than the \
                 {} values of the row: at most {} can be taken in all",
                game.len(),
                game.len()
            ))),
        }
    }

    /// Values taken from the left end.
    pub const fn taken_left(&self) -> usize {
        self.taken_left
    }

    /// Values taken from the right end.
    pub const fn taken_right(&self) -> usize {
        self.taken_right
    }

    /// How many moves were made.
    pub const fn moves_made(&self) -> usize {
        self.taken_left + self.taken_right
    }

    /// The player to move.
    pub const fn to_move(&self) -> Player {
        Player::to_move_after(self.moves_made())
    }

    /// The values still on the table (empty if the position does not belong
    /// to `game`).
    pub fn remaining<'g>(&self, game: &'g PredictTheWinner) -> &'g [i64] {
        let end = game.len().saturating_sub(self.taken_right);
        game.values().get(self.taken_left..end).unwrap_or(&[])
    }

    /// The position after taking from `side`, or `None` when the row is
    /// empty.
    pub fn play(&self, game: &PredictTheWinner, side: Side) -> Option<Self> {
        if self.remaining(game).is_empty() {
            return None;
        }
        Some(match side {
            Side::Left => PredictTheWinnerPosition {
                taken_left: self.taken_left + 1,
                ..*self
            },
            Side::Right => PredictTheWinnerPosition {
                taken_right: self.taken_right + 1,
                ..*self
            },
        })
    }
}

/// The value of taking one end, for the player taking it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct PredictTheWinnerMove {
    /// The end taken.
    #[serde(rename = "move")]
    pub side: Side,
    /// Win, lose or draw of the rest of the game for the mover, by the sign
    /// of `margin`.
    pub value: MoveValue,
    /// The mover's share of the values on the table minus the opponent's,
    /// under perfect play after this move.
    pub margin: i128,
    /// The value taken.
    pub taken: i64,
}

/// One move of a line of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct PredictTheWinnerPly {
    /// Who moves.
    pub player: Player,
    /// The end taken.
    #[serde(rename = "move")]
    pub side: Side,
    /// The 0-based index of the value taken in the whole row.
    pub index: usize,
    /// The value taken.
    pub value: i64,
}

/// Everything about one position: see [`analyze_predict_the_winner`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PredictTheWinnerAnalysis {
    /// The position analyzed.
    pub position: PredictTheWinnerPosition,
    /// The player to move.
    pub to_move: Player,
    /// The mover's share of the remaining values minus the opponent's, under
    /// perfect play.
    pub margin: i128,
    /// The same margin from the first player's side.
    pub first_margin: i128,
    /// What the remaining game is worth to the player to move.
    pub value: MoveValue,
    /// Who gets more of the remaining values (players named by the whole
    /// game's turn order); at the start, the game's outcome.
    pub outcome: Outcome,
    /// Moves until the game ends: the number of values left.
    pub remoteness: usize,
    /// The whole optimal line from here (ties go left); empty when
    /// [`principal_variation_omitted`](Self::principal_variation_omitted) says why.
    pub principal_variation: Vec<PredictTheWinnerPly>,
    /// Why the principal variation was left out, if it was: a row whose decision triangle
    /// ([`required_bytes`]) exceeds the memory cap is analysed in `O(len)` by the `reduction`
    /// backend, which gives both moves' margins but no line of play.
    pub principal_variation_omitted: Option<String>,
    /// Each end with the margin it leads to, best first (ties left). One
    /// entry (`left`) when a single value is left, none for an empty row.
    pub moves: Vec<PredictTheWinnerMove>,
}

/// Bytes the analysis of `len` remaining values allocates: one decision bit
/// per interval (`len·(len+1)/2` bits in 64-bit words) and one rolling row
/// of margins (8 or 16 bytes per value).
///
/// ```
/// use gamesolve::analysis::predict_the_winner::required_bytes;
/// use gamesolve::Arithmetic;
/// assert_eq!(required_bytes(1000, Arithmetic::I64), 62_568 + 8_000);
/// ```
pub fn required_bytes(len: usize, arithmetic: Arithmetic) -> u128 {
    let len = len as u128;
    let cells = len * (len + 1) / 2;
    let width = match arithmetic {
        Arithmetic::I64 => 8,
        Arithmetic::I128 => 16,
    };
    cells.div_ceil(64) * 8 + len * width
}

/// Analyzes a Predict the Winner position: the margin of the remaining game,
/// the margin each end leads to, and the principal variation.
///
/// # Complexity
///
/// With `L` the number of values left: time `Θ(L^2)` (one bottom-up pass
/// over interval lengths with a rolling row, exact in `i64` or `i128` as
/// [`PredictTheWinner::arithmetic`] decides); auxiliary memory
/// [`required_bytes`]`(L)`: one decision bit per interval, so the principal
/// variation needs no second pass (about 125 MB at `L = 45,000`).
///
/// # Examples
///
/// ```
/// use gamesolve::analysis::{analyze_predict_the_winner, AnalysisConfig, PredictTheWinnerPosition};
/// use gamesolve::{Outcome, PredictTheWinner, Side};
///
/// let game = PredictTheWinner::new(vec![1, 5, 233, 7]);
/// let start = PredictTheWinnerPosition::start();
/// let a = analyze_predict_the_winner(&game, &start, &AnalysisConfig::default())?;
/// assert_eq!((a.outcome, a.margin), (Outcome::FirstPlayerWins, 222));
/// assert_eq!((a.moves[0].side, a.moves[0].margin), (Side::Left, 222));
/// assert_eq!((a.moves[1].side, a.moves[1].margin), (Side::Right, -222));
/// let line: Vec<i64> = a.principal_variation.iter().map(|p| p.value).collect();
/// assert_eq!(line, vec![1, 5, 233, 7]); // ties go left
/// # Ok::<(), gamesolve::analysis::AnalysisError>(())
/// ```
///
/// # Errors
///
/// [`AnalysisError::InvalidPosition`] when the position takes more values
/// than the row has; [`AnalysisError::Game`] with [`Error::TableTooLarge`]
/// (parameter `len`) when [`required_bytes`] exceeds the memory cap or the
/// allocation is refused (nothing is allocated in the first case).
///
/// # See also
///
/// The solvers (`recursive`, `memo`, `tabular` backends) answer the start
/// position with less memory (`tabular`: `O(len)`).
pub fn analyze_predict_the_winner(
    game: &PredictTheWinner,
    position: &PredictTheWinnerPosition,
    config: &AnalysisConfig,
) -> Result<PredictTheWinnerAnalysis, AnalysisError> {
    // The limit counts from the call: the passes below read this deadline.
    let deadline = config.deadline();
    let position = PredictTheWinnerPosition::new(game, position.taken_left, position.taken_right)?;
    let values = position.remaining(game);
    // The narrower arithmetic's triangle is the smaller: past the cap in `i64`, the row goes to
    // the reduction without a pass to decide the width (it decides its own).
    let arithmetic =
        if required_bytes(values.len(), Arithmetic::I64) > u128::from(config.memory_cap_bytes) {
            Arithmetic::I64
        } else {
            game.arithmetic()
        };
    let required = required_bytes(values.len(), arithmetic);
    let too_large = |hint| {
        AnalysisError::Game(Error::TableTooLarge {
            backend: NAME,
            game: PredictTheWinner::NAME,
            parameter: "len",
            value: values.len() as u64,
            required_bytes: required,
            memory_cap_bytes: config.memory_cap_bytes,
            hint,
        })
    };
    if required > u128::from(config.memory_cap_bytes) {
        if let Some(move_values) = crate::registry::linear_move_values(values, deadline) {
            // The reduction's passes read the same deadline; their errors are the analysis's.
            let (after_left, after_right) = move_values.map_err(|e| match e {
                Error::TimeLimitReached { .. } => {
                    AnalysisError::Game(deadline.error(NAME, PredictTheWinner::NAME))
                }
                other => AnalysisError::Game(other),
            })?;
            let why = format!(
                "the principal variation needs a decision triangle of {required} bytes for {} \
                 values, more than the memory cap of {} bytes; the move values come from the \
                 linear-time reduction",
                values.len(),
                config.memory_cap_bytes
            );
            return Ok(from_move_values(
                game,
                position,
                after_left,
                after_right,
                Vec::new(),
                Some(why),
            ));
        }
        return Err(too_large(
            "; raise the cap with --memory-cap, or solve with backend `reduction` or `tabular` \
             (O(len) memory)",
        ));
    }
    let pass = match arithmetic {
        Arithmetic::I64 => Pass::run::<i64>(values, deadline),
        Arithmetic::I128 => Pass::run::<i128>(values, deadline),
    }
    .map_err(|stop| match stop {
        PassStop::Refused => too_large("; the system refused the allocation"),
        PassStop::Time => AnalysisError::Game(deadline.error(NAME, PredictTheWinner::NAME)),
    })?;

    let first = position.taken_left;
    let mut principal_variation = Vec::with_capacity(values.len());
    let (mut i, mut j) = (0usize, values.len());
    let mut player = position.to_move();
    while i < j {
        let side = pass.decision(i, j - 1);
        let index = match side {
            Side::Left => {
                i += 1;
                i - 1
            }
            Side::Right => {
                j -= 1;
                j
            }
        };
        principal_variation.push(PredictTheWinnerPly {
            player,
            side,
            index: first + index,
            value: values[index],
        });
        player = player.other();
    }
    let analysis = from_move_values(
        game,
        position,
        pass.after_left,
        pass.after_right,
        principal_variation,
        None,
    );
    debug_assert_eq!(analysis.margin, pass.root);
    Ok(analysis)
}

/// The analysis from the margins each end leads to.
fn from_move_values(
    game: &PredictTheWinner,
    position: PredictTheWinnerPosition,
    after_left: i128,
    after_right: i128,
    principal_variation: Vec<PredictTheWinnerPly>,
    principal_variation_omitted: Option<String>,
) -> PredictTheWinnerAnalysis {
    let values = position.remaining(game);
    let to_move = position.to_move();
    let mut moves = Vec::with_capacity(2);
    if let (Some(&left), Some(&right)) = (values.first(), values.last()) {
        moves.push(PredictTheWinnerMove {
            side: Side::Left,
            value: MoveValue::from_margin(after_left),
            margin: after_left,
            taken: left,
        });
        if values.len() > 1 {
            moves.push(PredictTheWinnerMove {
                side: Side::Right,
                value: MoveValue::from_margin(after_right),
                margin: after_right,
                taken: right,
            });
        }
    }
    // Best first; a stable sort keeps `left` first on ties.
    moves.sort_by_key(|m| std::cmp::Reverse(m.margin));
    let margin = moves.first().map_or(0, |m| m.margin);

    let first_margin = match to_move {
        Player::First => margin,
        Player::Second => -margin,
    };
    PredictTheWinnerAnalysis {
        position,
        to_move,
        margin,
        first_margin,
        value: MoveValue::from_margin(margin),
        outcome: Outcome::from_margin(first_margin),
        remoteness: values.len(),
        principal_variation,
        principal_variation_omitted,
        moves,
    }
}

/// The result of one bottom-up pass over the remaining values.
struct Pass {
    /// `m(0, L-1)`.
    root: i128,
    /// The mover's margin when taking the left end: `a[0] - m(1, L-1)`.
    after_left: i128,
    /// The mover's margin when taking the right end: `a[L-1] - m(0, L-2)`.
    after_right: i128,
    /// One bit per interval (by length, then start): set when taking the
    /// right end is strictly better.
    decisions: Vec<u64>,
    len: usize,
}

/// Why [`Pass::run`] gave no pass.
enum PassStop {
    /// The system refused the triangle.
    Refused,
    /// The deadline passed (read once per interval length).
    Time,
}

impl Pass {
    /// Fills the decision triangle, reading the clock once per interval length; no pass when
    /// its allocation is refused or `deadline` passes.
    fn run<M: MarginValue>(values: &[i64], deadline: Deadline) -> Result<Pass, PassStop> {
        let len = values.len();
        let cells = len * (len + 1) / 2;
        // Zeroed by the allocator (calloc): fresh pages cost nothing until the pass writes
        // them, so a time limit is not spent zeroing the whole triangle first.
        let mut decisions: Vec<u64> = bytemuck::allocation::try_zeroed_vec(cells.div_ceil(64))
            .map_err(|_| PassStop::Refused)?;
        let mut row: Vec<M> = Vec::new();
        row.try_reserve_exact(len).map_err(|_| PassStop::Refused)?;
        row.extend(values.iter().map(|&v| M::from(v)));
        let (mut after_left, mut after_right) = match values {
            [] => (0, 0),
            [only] => (i128::from(*only), i128::from(*only)),
            _ => (0, 0),
        };
        let mut offset = len; // cells of length 1 come first
        for width in 2..=len {
            if deadline.reached() {
                return Err(PassStop::Time);
            }
            if width == len {
                after_left = (M::from(values[0]) - row[1]).into();
                after_right = (M::from(values[len - 1]) - row[0]).into();
            }
            for i in 0..=len - width {
                let j = i + width - 1;
                let take_left = M::from(values[i]) - row[i + 1];
                let take_right = M::from(values[j]) - row[i];
                if Side::choose(take_left, take_right) == Side::Right {
                    let cell = offset + i;
                    decisions[cell / 64] |= 1 << (cell % 64);
                    row[i] = take_right;
                } else {
                    row[i] = take_left;
                }
            }
            offset += len - width + 1;
        }
        let root = row.first().map_or(0, |&m| m.into());
        Ok(Pass {
            root,
            after_left,
            after_right,
            decisions,
            len,
        })
    }

    /// The optimal side for the interval `[i, j]` (relative, `i <= j`).
    fn decision(&self, i: usize, j: usize) -> Side {
        let width = j - i + 1;
        // Cells before length `width`: sum over l < width of (len - l + 1).
        let offset = (width - 1) * (self.len + 1) - (width - 1) * width / 2;
        let cell = offset + i;
        if self.decisions[cell / 64] >> (cell % 64) & 1 != 0 {
            Side::Right
        } else {
            Side::Left
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn analyze(values: &[i64], left: usize, right: usize) -> PredictTheWinnerAnalysis {
        let game = PredictTheWinner::new(values.to_vec());
        let position = PredictTheWinnerPosition::new(&game, left, right).unwrap();
        analyze_predict_the_winner(&game, &position, &AnalysisConfig::default()).unwrap()
    }

    #[test]
    fn leetcode_486() {
        let a = analyze(&[1, 5, 2], 0, 0);
        assert_eq!((a.margin, a.outcome), (-2, Outcome::SecondPlayerWins));
        assert_eq!(a.moves.len(), 2);
        assert!(a.moves.iter().all(|m| m.value == MoveValue::Lose));
        assert_eq!(a.principal_variation.len(), 3);
    }

    #[test]
    fn positions_inside_the_row() {
        // [5, 233, 7] with the second player to move: both ends give -221.
        let a = analyze(&[1, 5, 233, 7], 1, 0);
        assert_eq!(a.to_move, Player::Second);
        assert_eq!(a.margin, -221);
        assert_eq!(a.first_margin, 221);
        assert_eq!(a.outcome, Outcome::FirstPlayerWins);
        assert_eq!(a.principal_variation[0].index, 1);
        assert_eq!(a.principal_variation[0].player, Player::Second);
        let one = analyze(&[1, 5, 233, 7], 2, 1);
        assert_eq!(one.moves.len(), 1);
        assert_eq!((one.moves[0].side, one.moves[0].margin), (Side::Left, 233));
        let empty = analyze(&[1, 5], 1, 1);
        assert!(empty.moves.is_empty() && empty.principal_variation.is_empty());
        assert_eq!((empty.margin, empty.outcome), (0, Outcome::Draw));
    }

    #[test]
    fn extreme_values_are_exact() {
        let a = analyze(&[i64::MIN, i64::MAX, i64::MIN], 0, 0);
        let expected = i128::from(i64::MIN) * 2 - i128::from(i64::MAX);
        assert_eq!(a.margin, expected);
    }

    #[test]
    fn the_triangle_stops_at_its_time_limit() {
        let game = PredictTheWinner::new((0..2_000).map(|k| k % 17).collect());
        let config = AnalysisConfig::default().with_time_limit(Some(std::time::Duration::ZERO));
        let err = analyze_predict_the_winner(&game, &PredictTheWinnerPosition::start(), &config)
            .unwrap_err();
        assert!(
            matches!(err, AnalysisError::Game(Error::TimeLimitReached { .. })),
            "{err}"
        );
    }

    #[test]
    fn a_row_too_long_for_the_triangle_is_answered_linearly_or_refused() {
        let game = PredictTheWinner::new((0..1000).map(|k| k % 7).collect());
        let config = AnalysisConfig::default().with_memory_cap_bytes(1000);
        let start = PredictTheWinnerPosition::start();
        match analyze_predict_the_winner(&game, &start, &config) {
            // With `reduction`: both moves' margins, no principal variation, and why.
            Ok(a) => {
                let full =
                    analyze_predict_the_winner(&game, &start, &AnalysisConfig::default()).unwrap();
                assert_eq!((a.margin, &a.moves), (full.margin, &full.moves));
                assert!(a.principal_variation.is_empty());
                let why = a.principal_variation_omitted.unwrap();
                assert!(
                    why.contains("more than the memory cap of 1000 bytes"),
                    "{why}"
                );
            }
            Err(err) => {
                assert!(!crate::Backend::Reduction.is_available());
                assert!(err.to_string().contains("len = 1000"), "{err}");
            }
        }
    }
}
