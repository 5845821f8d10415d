//! The reduction step by step, for teaching (`gamesolve explain --backend reduction`): which
//! runs merged into which value, the reduced row, and the greedy play on it. The fast kernel is
//! [`crate::predict_the_winner`].

use std::collections::TryReserveError;
use std::fmt;

use core_types::Side;

/// A run of the original row standing as one value in the reduced row:
/// `a[first..=last]`, worth the alternating sum `a[first] - a[first+1] + … +
/// a[last]` (runs have odd length).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Run {
    /// Index of the run's first original value (0-based).
    pub first: usize,
    /// Index of the run's last original value.
    pub last: usize,
    /// What the run is worth to whoever takes it.
    pub value: i128,
}

/// One merge of [`reduce_traced`]: three adjacent runs `x <= y >= z` became
/// one run worth `x - y + z`.
///
/// Displayed as `merge 5 <= 9 >= 2 at [3..=5] -> -2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Merge {
    /// The run before the peak (`x`).
    pub left: Run,
    /// The peak (`y`).
    pub peak: Run,
    /// The run after the peak (`z`).
    pub right: Run,
    /// The merged run, `left.first..=right.last`, worth `x - y + z`.
    pub result: Run,
}

impl fmt::Display for Merge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "merge {} <= {} >= {} at [{}..={}] -> {}",
            self.left.value,
            self.peak.value,
            self.right.value,
            self.result.first,
            self.result.last,
            self.result.value
        )
    }
}

/// Which player makes a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The player who moves first in the whole game.
    First,
    /// The other player.
    Second,
}

/// One move of the greedy play on the reduced row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GreedyMove {
    /// Who moves.
    pub player: Player,
    /// The end taken: the larger one, ties to the left.
    pub side: Side,
    /// The reduced value taken (a run of the original row).
    pub run: Run,
    /// The first player's reduced points so far, this move included.
    pub first_points: i128,
    /// The second player's reduced points so far, this move included.
    pub second_points: i128,
}

impl fmt::Display for GreedyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = match self.player {
            Player::First => "first",
            Player::Second => "second",
        };
        write!(
            f,
            "{who} takes {} {} [{}..={}]: {} to {}",
            self.side,
            self.run.value,
            self.run.first,
            self.run.last,
            self.first_points,
            self.second_points
        )
    }
}

/// Everything [`reduce_traced`] did: the merges in order, the reduced row,
/// and the greedy play on it ([`reduce_traced_first`] keeps the first merges
/// and moves only, and counts them all).
///
/// The points of [`GreedyMove`] are reduced points: a merged run counts
/// `x - y + z` for the player who takes it, standing for "takes `x`, the
/// other takes `y`, takes `z`". They are not the scores of a real play of
/// the original row, but their difference is the game's margin.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Reduction {
    /// Every merge, in the order the left-to-right pass made them (the first ones only, from
    /// [`reduce_traced_first`]).
    pub merges: Vec<Merge>,
    /// How many merges the pass made, kept or not.
    pub merge_count: u64,
    /// The reduced row, left to right: no `x <= y >= z` is left.
    pub reduced: Vec<Run>,
    /// The greedy play on the reduced row, one move per reduced value (the first ones only,
    /// from [`reduce_traced_first`]; there are always `reduced.len()` moves).
    pub play: Vec<GreedyMove>,
    /// The game's margin: first player's reduced points minus second's.
    pub margin: i128,
}

/// Bytes [`reduce_traced_first`]`(values, keep)` allocates for `len` values at most: the
/// stack of runs (which becomes the reduced row), and the merges and moves it keeps.
///
/// ```
/// use gamesolve::backends::solver_reduction::trace::traced_bytes;
///
/// // 10^7 values, the first 200 merges and moves kept: the stack of runs is the bulk.
/// assert!(traced_bytes(10_000_000, 200) < 10_000_000 * 32 + 100_000);
/// // Everything kept: the merges (half the values at most) and the moves are more.
/// assert!(traced_bytes(10_000_000, usize::MAX) > 10_000_000 * 100);
/// ```
pub fn traced_bytes(len: usize, keep: usize) -> u128 {
    let (len, keep) = (len as u128, keep as u128);
    let merges = keep.min(len / 2);
    let moves = keep.min(len);
    len * std::mem::size_of::<Run>() as u128
        + merges * std::mem::size_of::<Merge>() as u128
        + moves * std::mem::size_of::<GreedyMove>() as u128
}

/// The reduction step by step, for teaching: the merges in order (which
/// runs of the original row, their values, the result), the reduced row,
/// and the greedy play on it with running points.
///
/// Always in `i128` and keeping every merge: use [`margin`](crate::predict_the_winner::margin) or [`solve`](crate::predict_the_winner::solve) for
/// speed, and [`reduce_traced_first`] to keep only the first merges and moves.
///
/// # Complexity
///
/// `O(len)` time; memory: the stack of runs (32 bytes each) plus the
/// output, `O(len)`: [`traced_bytes`]`(len, usize::MAX)`.
///
/// # Panics
///
/// Never; if the system refuses the memory the process aborts, as for any
/// `Vec` ([`reduce_traced_first`] returns the refusal instead).
///
/// # Examples
///
/// ```
/// use gamesolve::backends::solver_reduction::reduce_traced;
///
/// let r = reduce_traced(&[1, 5, 233, 7]);
/// assert_eq!(r.merges.len(), 1);
/// assert_eq!(r.merges[0].to_string(), "merge 5 <= 233 >= 7 at [1..=3] -> -221");
/// assert_eq!(r.reduced.iter().map(|run| run.value).collect::<Vec<_>>(), [1, -221]);
/// assert_eq!(r.play[0].to_string(), "first takes left 1 [0..=0]: 1 to 0");
/// assert_eq!(r.margin, 222);
/// ```
///
/// # See also
///
/// [`margin`](crate::margin), the same reduction without the record.
pub fn reduce_traced(values: &[i64]) -> Reduction {
    match reduce_traced_first(values, usize::MAX) {
        Ok(reduction) => reduction,
        Err(_) => std::alloc::handle_alloc_error(
            std::alloc::Layout::array::<Run>(values.len())
                .unwrap_or(std::alloc::Layout::new::<Run>()),
        ),
    }
}

/// [`reduce_traced`] keeping the first `keep` merges and the first `keep`
/// moves of the greedy play (all are counted, and the margin is the whole
/// game's), for a view that shows a few lines of a long row: memory
/// [`traced_bytes`]`(len, keep)`, allocated fallibly.
///
/// # Complexity
///
/// `O(len)` time; memory the stack of runs (32 bytes per value) and the
/// kept merges and moves.
///
/// # Examples
///
/// ```
/// use gamesolve::backends::solver_reduction::trace::{reduce_traced, reduce_traced_first};
///
/// let values = [1, 5, 233, 7, 2, 9, 4];
/// let all = reduce_traced(&values);
/// let first = reduce_traced_first(&values, 1).expect("a few bytes");
/// assert_eq!(first.merges, all.merges[..1]);
/// assert_eq!(first.merge_count, all.merge_count);
/// assert_eq!((first.play.len(), all.play.len()), (1, all.reduced.len()));
/// assert_eq!((first.reduced, first.margin), (all.reduced, all.margin));
/// ```
///
/// # Errors
///
/// The allocation error when the system refuses the stack or the record.
pub fn reduce_traced_first(values: &[i64], keep: usize) -> Result<Reduction, TryReserveError> {
    let mut merges = Vec::new();
    merges.try_reserve_exact(keep.min(values.len() / 2))?;
    let mut merge_count = 0u64;
    let mut stack: Vec<Run> = Vec::new();
    stack.try_reserve_exact(values.len())?;
    for (index, &value) in values.iter().enumerate() {
        let mut cur = Run {
            first: index,
            last: index,
            value: i128::from(value),
        };
        while let [.., x, y] = stack[..] {
            if !(x.value <= y.value && y.value >= cur.value) {
                break;
            }
            let result = Run {
                first: x.first,
                last: cur.last,
                value: x.value - y.value + cur.value,
            };
            if merges.len() < keep {
                merges.push(Merge {
                    left: x,
                    peak: y,
                    right: cur,
                    result,
                });
            }
            merge_count += 1;
            stack.truncate(stack.len() - 2);
            cur = result;
        }
        stack.push(cur);
    }
    let mut play = Vec::new();
    play.try_reserve_exact(keep.min(stack.len()))?;
    let (mut lo, mut hi) = (0, stack.len());
    let (mut first_points, mut second_points) = (0i128, 0i128);
    let mut first_moves = true;
    while lo < hi {
        let (side, run) = if stack[lo].value >= stack[hi - 1].value {
            lo += 1;
            (Side::Left, stack[lo - 1])
        } else {
            hi -= 1;
            (Side::Right, stack[hi])
        };
        let player = if first_moves {
            first_points += run.value;
            Player::First
        } else {
            second_points += run.value;
            Player::Second
        };
        first_moves = !first_moves;
        if play.len() < keep {
            play.push(GreedyMove {
                player,
                side,
                run,
                first_points,
                second_points,
            });
        }
    }
    Ok(Reduction {
        merges,
        merge_count,
        reduced: stack,
        play,
        margin: first_points - second_points,
    })
}
