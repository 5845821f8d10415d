//! Predict the Winner (Coins in a Line III).
//!
//! A row of integers lies on the table. Players alternately take the value at
//! either end; each maximizes their own sum. A state is the interval `[i, j]`
//! still on the table, and its value is the best score margin for the player
//! to move:
//!
//! ```text
//! m(i, j) = max(a[i] - m(i+1, j), a[j] - m(i, j-1)),   m(i, i-1) = 0
//! ```
//!
//! # Exact semantics
//!
//! - The **margin** is the first player's score minus the second's under
//!   optimal play, `m(0, len-1)` (0 for an empty row). The outcome follows its
//!   sign; equal scores are a [`Draw`](crate::Outcome::Draw).
//! - Scores follow from the margin and the total: `first + second = total`,
//!   `first - second = margin`.
//! - Everything is exact for every `i64` input, values at `i64::MIN` and
//!   `i64::MAX` included. Margins and scores are `i128`. A backend decides
//!   **once, up front** ([`PredictTheWinner::arithmetic`]) whether it may
//!   compute in `i64`: every `m(i, j)` and every `a[i] - m(...)` is bounded in
//!   absolute value by the sum of `|a[k]|`, so if that sum fits in `i64`
//!   nothing can overflow; otherwise it computes in `i128`, which always fits
//!   (at most `2^63 · 2^64` in absolute value for any `Vec` length).
//!
//! # Best move
//!
//! [`Side::Left`] when taking the left end is at least as good as taking the
//! right end (ties go left, and a single value is taken from the left), so
//! every backend reports the same move.
//!
//! # Classic booleans
//!
//! - LeetCode 486 "Predict the Winner": the first player wins ties, so the
//!   answer is `margin >= 0`: [`PredictTheWinnerSolution::predict_the_winner`].
//! - Coins in a Line III ("the player with the larger amount wins"): strictly
//!   `margin > 0`: [`PredictTheWinnerSolution::first_player_strictly_wins`].

use std::fmt;
use std::ops::Sub;

use serde::{Deserialize, Serialize};

use crate::Outcome;
use crate::{Game, Margin};

/// A Predict the Winner game: any `i64` values, any length (including 0).
///
/// # Examples
///
/// ```
/// use gamesolve::{PredictTheWinner, core_types::Arithmetic};
///
/// let game = PredictTheWinner::new(vec![1, 5, 233, 7]);
/// assert_eq!(game.len(), 4);
/// assert_eq!(game.total(), 246);
/// assert_eq!(game.arithmetic(), Arithmetic::I64);
/// assert_eq!(PredictTheWinner::new(vec![i64::MAX, 1]).arithmetic(), Arithmetic::I128);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PredictTheWinner {
    values: Vec<i64>,
}

impl PredictTheWinner {
    /// Builds a game. Every row of `i64` values is a valid game.
    pub fn new(values: Vec<i64>) -> Self {
        PredictTheWinner { values }
    }

    /// The values on the table, left to right.
    pub fn values(&self) -> &[i64] {
        &self.values
    }

    /// The number of values.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// `true` when there are no values (the margin is then 0: a draw).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The sum of all values, exactly.
    pub fn total(&self) -> i128 {
        self.values.iter().map(|&v| i128::from(v)).sum()
    }

    /// Which integer width is enough to compute every margin without
    /// overflow; see the [module docs](self).
    pub fn arithmetic(&self) -> Arithmetic {
        let mut abs_sum: u64 = 0;
        for &v in &self.values {
            match abs_sum.checked_add(v.unsigned_abs()) {
                Some(s) if s <= i64::MAX as u64 => abs_sum = s,
                _ => return Arithmetic::I128,
            }
        }
        Arithmetic::I64
    }

    /// The solution for a given margin and first move; scores follow from
    /// the margin and the total. Backends call this once at the end.
    pub fn solution(&self, margin: i128, best_move: Option<Side>) -> PredictTheWinnerSolution {
        let total = self.total();
        // first + second = total and first - second = margin, so total and
        // margin have the same parity and the division is exact.
        let first_score = (total + margin) / 2;
        PredictTheWinnerSolution {
            outcome: Outcome::from_margin(margin),
            margin,
            first_score,
            second_score: total - first_score,
            best_move,
        }
    }
}

impl From<Vec<i64>> for PredictTheWinner {
    fn from(values: Vec<i64>) -> Self {
        PredictTheWinner::new(values)
    }
}

/// The integer width a backend computes margins in; see
/// [`PredictTheWinner::arithmetic`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arithmetic {
    /// The sum of absolute values fits in `i64`: `i64` cannot overflow.
    I64,
    /// Values are large enough that `i64` might overflow: use `i128`.
    I128,
}

/// An integer type margins can be computed in (`i64` or `i128`), so a backend
/// writes its kernel once, generic over `M: MarginValue`, and instantiates it
/// for the width [`PredictTheWinner::arithmetic`] chose.
pub trait MarginValue:
    Copy + Ord + Sub<Output = Self> + From<i64> + Into<i128> + Default + Send + Sync + fmt::Debug
{
}

impl MarginValue for i64 {}
impl MarginValue for i128 {}

/// Which end of the row a player takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The leftmost value, `a[i]`.
    Left,
    /// The rightmost value, `a[j]`.
    Right,
}

impl Side {
    /// The stable machine name: `"left"` or `"right"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }

    /// The optimal side given the margins each choice leads to, with the
    /// documented tie-break (ties go left).
    pub fn choose<M: Ord>(take_left: M, take_right: M) -> Side {
        if take_left >= take_right {
            Side::Left
        } else {
            Side::Right
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The answer to a Predict the Winner game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PredictTheWinnerSolution {
    /// Who wins: by the sign of `margin`, a draw on equal scores.
    pub outcome: Outcome,
    /// First player's score minus second player's, under optimal play.
    pub margin: i128,
    /// The first player's total.
    pub first_score: i128,
    /// The second player's total.
    pub second_score: i128,
    /// An optimal first move (ties go left); `None` for an empty row.
    pub best_move: Option<Side>,
}

impl PredictTheWinnerSolution {
    /// LeetCode 486's boolean: `margin >= 0` (a tie counts for player 1).
    pub fn predict_the_winner(&self) -> bool {
        self.margin >= 0
    }

    /// Coins in a Line III's boolean ("the larger amount wins"): `margin > 0`.
    pub fn first_player_strictly_wins(&self) -> bool {
        self.margin > 0
    }
}

/// A Predict the Winner position: the values `a[start..end]` still on the table (half-open;
/// empty when `start == end`). Reads `[first..=last]` in the views.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Interval {
    /// Index of the leftmost value left.
    pub start: usize,
    /// One past the index of the rightmost value left.
    pub end: usize,
}

impl Interval {
    /// The non-empty interval `a[first..=last]`, as the kernels name their cells.
    #[inline(always)]
    pub const fn inclusive(first: usize, last: usize) -> Interval {
        Interval {
            start: first,
            end: last + 1,
        }
    }

    /// How many values are left.
    pub const fn len(&self) -> usize {
        self.end.saturating_sub(self.start)
    }

    /// `true` when no value is left.
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The index of the rightmost value left (`start` when empty, which no view asks).
    pub const fn last(&self) -> usize {
        if self.end > self.start {
            self.end - 1
        } else {
            self.start
        }
    }
}

/// Predict the Winner in the one game vocabulary: a position is the [`Interval`] left, a move
/// is a [`Side`], and the value is the [`Margin`] of the player to move over the values left.
/// A move is worth the value taken minus the opponent's margin after it.
///
/// ```
/// use gamesolve::{Game, PredictTheWinner, core_types::{Interval, Margin, Side}};
///
/// let game = PredictTheWinner::new(vec![1, 5, 233, 7]);
/// let start = game.start();
/// assert_eq!(game.show_position(start), "[0..=3] 1 5 233 7");
/// assert_eq!(game.play(start, Side::Right), Interval::inclusive(0, 2));
/// assert_eq!(game.move_value(start, Side::Left, Margin(-221)), Margin(222));
/// ```
/// The answer: the margin, both scores and the winner, from [`PredictTheWinner::solution`].
impl crate::SolutionOf<PredictTheWinner> for PredictTheWinnerSolution {
    fn from_search(game: &PredictTheWinner, value: Margin, best_move: Option<Side>) -> Self {
        game.solution(value.0, best_move)
    }

    fn outcome(&self) -> Outcome {
        self.outcome
    }
}

impl Game for PredictTheWinner {
    const NAME: &'static str = "predict-the-winner";
    type Position = Interval;
    type Move = Side;
    type Value = Margin;
    type Solution = PredictTheWinnerSolution;

    fn start(&self) -> Interval {
        Interval {
            start: 0,
            end: self.values.len(),
        }
    }

    #[inline]
    fn terminal_value(&self, position: Interval) -> Option<Margin> {
        position.is_empty().then_some(Margin(0))
    }

    fn moves(&self, position: Interval) -> Vec<Side> {
        if position.is_empty() {
            Vec::new()
        } else {
            vec![Side::Left, Side::Right]
        }
    }

    #[inline]
    fn moves_into(&self, position: Interval, out: &mut Vec<Side>) {
        out.clear();
        if !position.is_empty() {
            out.extend_from_slice(&[Side::Left, Side::Right]);
        }
    }

    const MOVES_ONE_BY_ONE: bool = true;
    const SEARCH_ORDER_IS_GAME_ORDER: bool = true;

    /// `Left`, then `Right`, then no more (none from an empty row).
    #[inline]
    fn next_move(&self, position: Interval, after: Option<Side>) -> Option<Side> {
        match after {
            None => (!position.is_empty()).then_some(Side::Left),
            Some(Side::Left) => Some(Side::Right),
            Some(Side::Right) => None,
        }
    }

    #[inline]
    fn play(&self, position: Interval, side: Side) -> Interval {
        match side {
            Side::Left => Interval {
                start: position.start + 1,
                ..position
            },
            Side::Right => Interval {
                end: position.end - 1,
                ..position
            },
        }
    }

    #[inline]
    fn move_value(&self, position: Interval, side: Side, reply: Margin) -> Margin {
        let index = match side {
            Side::Left => position.start,
            Side::Right => position.last(),
        };
        let taken = self.values.get(index).copied().unwrap_or(0);
        Margin(i128::from(taken) - reply.0)
    }

    fn describe(&self) -> String {
        let values = self.values();
        if values.len() <= 12 {
            format!("predict-the-winner {values:?}")
        } else {
            format!("predict-the-winner ({} values)", values.len())
        }
    }

    fn show_position(&self, position: Interval) -> String {
        if position.is_empty() {
            return "[] no values left".to_owned();
        }
        let values = self
            .values()
            .get(position.start..position.end)
            .unwrap_or(&[]);
        let shown: Vec<String> = if values.len() <= 8 {
            values.iter().map(i64::to_string).collect()
        } else {
            let head = values[..3].iter().map(i64::to_string);
            let tail = values[values.len() - 3..].iter().map(i64::to_string);
            head.chain(std::iter::once("…".to_owned()))
                .chain(tail)
                .collect()
        };
        format!(
            "[{}..={}] {}",
            position.start,
            position.last(),
            shown.join(" ")
        )
    }

    fn show_move(&self, position: Interval, side: Side) -> String {
        let index = match side {
            Side::Left => position.start,
            Side::Right => position.last(),
        };
        let value = self
            .values()
            .get(index)
            .map_or(String::new(), i64::to_string);
        format!("{side} {value}")
    }

    fn move_between(&self, parent: Interval, child: Interval) -> Option<Side> {
        if child.start == parent.start + 1 && child.end == parent.end {
            Some(Side::Left)
        } else if child.start == parent.start && child.end + 1 == parent.end {
            Some(Side::Right)
        } else {
            None
        }
    }
}

/// Intervals are numbered row by row of the triangle `start <= end`: those starting at 0
/// first, then those starting at 1, … (`(len + 1)(len + 2) / 2` indices, the empty intervals
/// among them). The two intervals a position leads to are at `index + 1 - …` (one row down)
/// and `index - 1` (the same row), so a memo's reads stay near each other.
impl crate::Indexed for PredictTheWinner {
    fn position_count(&self) -> u64 {
        let side = self.values.len() as u64 + 1;
        side.saturating_mul(side + 1) / 2
    }

    #[inline]
    fn index(&self, position: Interval) -> usize {
        row_start(self.values.len(), position.start) + (position.end - position.start)
    }

    fn position_at(&self, index: usize) -> Interval {
        let len = self.values.len();
        // The last row whose first index is at most `index`: rows get shorter, so a binary
        // search over `0..=len` finds it.
        let (mut low, mut high) = (0, len);
        while low < high {
            let mid = low + (high - low).div_ceil(2);
            if row_start(len, mid) <= index {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        Interval {
            start: low,
            end: low + (index - row_start(len, low)),
        }
    }
}

/// The index of the interval `[start, start)`: the rows before it hold `len + 1`, `len`, …
/// intervals, `start (len + 1) - start (start - 1) / 2` in all, which is
/// `start (2 len + 3 - start) / 2` (one multiplication; the product is even: one of its factors
/// is). `start <= len`.
#[inline]
fn row_start(len: usize, start: usize) -> usize {
    start * (2 * len + 3 - start) / 2
}

/// The moves into an interval: taking the left end of the interval one longer on the left,
/// or the right end of the one one longer on the right.
impl crate::Unmove for PredictTheWinner {
    fn unmoves_into(&self, position: Interval, out: &mut Vec<(Interval, Side)>) {
        out.clear();
        if position.start > 0 {
            let parent = Interval {
                start: position.start - 1,
                ..position
            };
            out.push((parent, Side::Left));
        }
        if position.end < self.values.len() {
            let parent = Interval {
                end: position.end + 1,
                ..position
            };
            out.push((parent, Side::Right));
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// Asked one at a time, the moves are `moves`, in its order.
    #[test]
    fn next_move_walks_the_moves_in_order() {
        let game = PredictTheWinner::new(vec![3, 1, 4, 1, 5]);
        for start in 0..=5 {
            for end in start..=5 {
                let position = Interval { start, end };
                let mut walked = Vec::new();
                let mut next = game.next_move(position, None);
                while let Some(mv) = next {
                    walked.push(mv);
                    next = game.next_move(position, Some(mv));
                }
                assert_eq!(walked, game.moves(position), "{position:?}");
            }
        }
    }

    /// Every interval has its own index below the count, and back.
    #[test]
    fn the_triangle_numbers_every_interval_once() {
        use crate::Indexed;
        for len in 0..=9usize {
            let game = PredictTheWinner::new(vec![1; len]);
            let count = game.position_count() as usize;
            let mut seen = vec![false; count];
            for start in 0..=len {
                for end in start..=len {
                    let interval = Interval { start, end };
                    let index = game.index(interval);
                    assert!(index < count && !seen[index], "len {len}: {interval:?}");
                    seen[index] = true;
                    assert_eq!(game.position_at(index), interval);
                }
            }
            assert!(seen.iter().all(|&s| s), "len {len}");
        }
    }

    /// A row starts where the rows before it end: one row of `len + 1 - start` intervals
    /// after each `start`, on rows far longer than the test above.
    #[test]
    fn each_row_starts_after_the_rows_before_it() {
        for len in [0usize, 1, 2, 3, 10, 3_000, 1 << 20] {
            let mut before = 0;
            for start in 0..=len {
                assert_eq!(row_start(len, start), before, "len {len}, start {start}");
                before += len + 1 - start;
            }
        }
    }

    #[test]
    fn arithmetic_switches_exactly_at_i64_max() {
        assert_eq!(PredictTheWinner::new(vec![]).arithmetic(), Arithmetic::I64);
        assert_eq!(
            PredictTheWinner::new(vec![i64::MAX]).arithmetic(),
            Arithmetic::I64
        );
        assert_eq!(
            PredictTheWinner::new(vec![i64::MIN]).arithmetic(),
            Arithmetic::I128
        );
        assert_eq!(
            PredictTheWinner::new(vec![i64::MAX - 1, -1]).arithmetic(),
            Arithmetic::I64
        );
        assert_eq!(
            PredictTheWinner::new(vec![i64::MAX - 1, -2]).arithmetic(),
            Arithmetic::I128
        );
    }

    #[test]
    fn solution_scores_follow_from_margin() {
        let game = PredictTheWinner::new(vec![1, 5, 2]);
        let s = game.solution(-2, Some(Side::Left));
        assert_eq!((s.first_score, s.second_score), (3, 5));
        assert_eq!(s.outcome, Outcome::SecondPlayerWins);
        assert!(!s.predict_the_winner());
        let big = PredictTheWinner::new(vec![i64::MIN, i64::MIN]);
        let s = big.solution(0, Some(Side::Left));
        assert_eq!(s.first_score, i128::from(i64::MIN));
        assert_eq!(s.outcome, Outcome::Draw);
        assert!(s.predict_the_winner());
        assert!(!s.first_player_strictly_wins());
    }

    #[test]
    fn ties_go_left() {
        assert_eq!(Side::choose(3, 3), Side::Left);
        assert_eq!(Side::choose(2, 3), Side::Right);
    }
}
