//! Predict the Winner solved exactly in linear time: the `reduction`
//! backend of gamesolve.
//!
//! Every peak `x <= y >= z` (three adjacent values, the middle one at least
//! as large as both neighbours) is replaced by the single value `x - y + z`;
//! this never changes the game's value. When no peak is left, the row falls
//! then rises (a "valley"), its largest value is always at an end, and both
//! players simply take the larger end. One left-to-right pass with a stack
//! does all the merging, so the margin of a row of `len` values costs
//! `O(len)` instead of the `O(len^2)` interval table of the other backends.
//!
//! # When to use it
//!
//! For Predict the Winner rows of any length, and always for long ones:
//! 10^7 values take tens of milliseconds, where the `tabular` backend's
//! `len^2/2` cells would take hours. Use another backend when you want to
//! watch the interval recursion itself (`explain`), or to cross-check.
//! There is no such algorithm for Can I Win: this crate does not solve it.
//!
//! # Example
//!
//! ```
//! use core_types::{Error, NoStats, Outcome, PredictTheWinner, Side};
//! use solver_reduction::{margin, reduce_traced, solve};
//!
//! // LeetCode 486: [1, 5, 233, 7] is a win by 222; take the 1 first.
//! let game = PredictTheWinner::new(vec![1, 5, 233, 7]);
//! let answer = solve(&game, &mut NoStats)?;
//! assert_eq!((answer.margin, answer.best_move), (222, Some(Side::Left)));
//! assert_eq!(answer.outcome, Outcome::FirstPlayerWins);
//!
//! // The margin alone, in one pass.
//! assert_eq!(margin(&[1, 5, 2]), -2);
//!
//! // What the reduction did: 5 <= 233 >= 7 became one value.
//! let steps = reduce_traced(&[1, 5, 233, 7]);
//! assert_eq!(steps.merges[0].to_string(), "merge 5 <= 233 >= 7 at [1..=3] -> -221");
//! Ok::<(), Error>(())
//! ```
//!
//! # Complexity
//!
//! With `len` the number of values: `O(len)` time (each value is pushed on
//! the stack once and takes part in at most one merge as the new value);
//! `O(len)` auxiliary memory in the worst case (a valley-shaped row never
//! merges, so the whole row sits on the stack): `len + 5` cells of 8 bytes,
//! or 16 bytes when the values are so large that margins need `i128` (the
//! same rule as [`PredictTheWinner::arithmetic`](core_types::PredictTheWinner::arithmetic)).
//! The stack is allocated zeroed, so pages it never reaches are never
//! touched. [`solve`] makes two passes (to compare the two first moves);
//! [`margin`] one.
//!
//! # Why it is exact (proof sketch)
//!
//! Write `V(row)` for the best margin of the player to move.
//!
//! **Merging a peak keeps the value.** Let `x, y, z` be adjacent with
//! `x <= y >= z`. The peak `y` cannot be taken before one of its neighbours.
//! Call the player who takes the first of `x` and `z` the opener; that move
//! exposes `y`. Exchange argument: the other player loses nothing by taking
//! `y` at once. If they waited, the opener could take `y` (worth at least as
//! much as the neighbour still covering it) and whatever they did instead
//! could have been done one move later; taking `y` now and leaving the other
//! neighbour exposed is never worse. Symmetrically, after `y` is gone the
//! remaining neighbour is a value like any other at an end, and the opener
//! can treat the three moves "take `x`, the other takes `y`, take `z`" as
//! one: the opener moved twice and the other once, so the turn order after
//! them is what it would be after a single move, and the opener's net gain
//! is `x - y + z`. So the triple behaves exactly like one value
//! `x - y + z`, taken by the opener, and the game's value does not change.
//! This holds wherever the triple sits, also when `x` or `z` is an end of
//! the row: in this game both ends are open to take (unlike the POI 2010
//! "Termites" game the idea comes from, whose walls make a closed end need
//! a parity rule). Merges can create new peaks (`x - y + z` may be small),
//! so the stack repeats the test until none is left at its top.
//!
//! This is a sketch, not a full proof: the property tests
//! (`tests/properties.rs`) compare [`margin`], [`move_values`] and the best
//! move against the interval recurrence on hundreds of thousands of rows,
//! peaks at either end included.
//!
//! **Greedy is optimal without peaks.** With no `x <= y >= z` left, every
//! value is smaller than one of its neighbours, so the row falls then rises
//! and its largest value is at an end; removing an end keeps that shape. Let
//! `b1 >= b2 >= … >= bn` be the values sorted, and
//! `f = b1 - b2 + b3 - …`. Taking the largest value, then playing on, gives
//! `b1 - f(rest) = f`. Taking another value `bk` gives `bk - f(rest)`, and
//! `f(all) + f(all without bk) >= bk` (the first `k - 1` terms appear twice
//! and pair up as `(b1 - b2) + …` with each pair `>= 0`, and `b(k-1) >= bk`
//! covers the rest), so it is never better. By induction `V = f`, and
//! always taking the larger end is optimal for both players.
//!
//! **A remark.** With an even number of values the first player never
//! loses: colour the positions alternately. Taking an end of one colour
//! leaves both ends of the other colour to the opponent, so the first
//! player can take every value of whichever colour sums to more; the
//! margin is at least `|Σ even positions - Σ odd positions| >= 0`.
//!
//! # See also
//!
//! `solver_tabular::predict_the_winner` (the `O(len^2)` rolling row) and
//! `solver_memo::predict_the_winner` (the interval table), which compute the
//! recurrence `m(i, j) = max(a[i] - m(i+1, j), a[j] - m(i, j-1))` this
//! backend agrees with.
#![deny(missing_docs)]

pub mod predict_the_winner;

pub use predict_the_winner::{
    margin, move_values, reduce_traced, solve, GreedyMove, Merge, Player, Reduction,
    ReductionStats, Run,
};

/// The backend's one name: crate suffix, bench id, label in reports.
pub const NAME: &str = "reduction";
