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
//! use gamesolve::{Error, Outcome, PredictTheWinner, core_types::{NoStats, Side}};
//! use gamesolve::backends::solver_reduction::{margin, reduce_traced, solve};
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
//! With `len` the number of values: `O(len)` time. Each value is pushed on
//! the stack once and each merge removes two values, so there are at most
//! `(len - 1) / 2` merges and the pass takes at most `1.5·len` steps. Then
//! the greedy count walks the reduced row once. Auxiliary memory is `O(len)`
//! in the worst case (a row that already falls then rises never merges, so
//! all of it sits on the stack): one stack of `len + 5` cells of 8 bytes,
//! or 16 bytes when the values are so large that margins need `i128` (the
//! same rule as [`PredictTheWinner::arithmetic`](core_types::PredictTheWinner::arithmetic):
//! `i64` exactly when the sum of `|a[k]|` fits `i64`). The stack is
//! allocated zeroed, so memory it never reaches is never touched; on random
//! rows it stays a few dozen values deep. [`margin`] makes one pass;
//! [`solve`] one or two (to compare the two first moves).
//!
//! Measured (criterion medians, `benches/reduction.rs`, values uniform in
//! `0..=10^7`, one core of a shared 2-core AMD EPYC VM at load average
//! 3.5–6): [`margin`] about 4 ns per value (10^6 values: 4.1 ms; 10^7:
//! 38.5 ms), the `i128` kernel about 6.5–7 ns per value (10^7: 65 ms), and
//! [`solve`] 5–7.5 ns per value. What bounds the pass is not branch
//! misses (every merge-or-push decision is a conditional move) but the
//! chain from one decision to the next: compare, select, and after a merge
//! a load of the two values under the top, about 1.5 steps per value on
//! random rows (half the values merge).
//!
//! # Why it is exact (proof sketch)
//!
//! Write `V(row)` for the best margin of the player to move.
//!
//! **Merging a peak keeps the value.** Let `x, y, z` be adjacent with
//! `x <= y >= z`. The peak `y` cannot be taken before one of its
//! neighbours; call the player who takes the first of `x` and `z` the
//! opener, and the other the responder. Exchange argument: once `y` is
//! exposed, the responder loses nothing by taking it at once. Any line in
//! which they play elsewhere first can be rearranged move for move into one
//! where they take `y` now and make that other move later, and because `y`
//! is at least as large as each neighbour the swap never costs them (the
//! worst that can happen to them otherwise is that the opener takes `y` as
//! well). After `y` goes, the other neighbour is exposed, and the same
//! exchange lets the opener take it at once. So
//! the three values go "opener takes `x`, responder takes `y`, opener takes
//! `z`": the opener made two of the three moves, the turn afterwards is the
//! responder's, exactly as after one move, and the opener's net gain is
//! `x - y + z`. The triple therefore behaves as a single value `x - y + z`
//! taken by the opener, and replacing it does not change `V`.
//!
//! The same holds when `x` or `z` is an end of the row: in this game both
//! ends can always be taken, so there is no special rule at the ends. (In
//! the POI 2010 "Termites" problem the idea comes from, a row can end at a
//! wall, which cannot be taken from; there a falling run against a wall
//! needs a parity rule. Nothing like it exists here.) Merges can create new
//! peaks (`x - y + z` may be small), so the stack repeats the test at its
//! top until no peak is left.
//!
//! This is a sketch, not a full proof. The evidence is in the tests:
//! `tests/properties.rs` compares [`margin`], [`move_values`] and the best
//! move with the interval recurrence on every row of up to 10 values over
//! `{0, 1, 2}` (88,573 rows, peaks at every position and parity) and on
//! random rows of up to 40 values of several shapes (10^5 cases per shape
//! in a release run), and long rows of 10^4 to 10^5 values against an
//! `O(len^2)` rolling row.
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
pub mod trace;

pub use predict_the_winner::{
    margin, move_values, move_values_until, solve, solve_until, ReductionSolver, ReductionStats,
};
pub use trace::{
    reduce_traced, reduce_traced_first, traced_bytes, GreedyMove, Merge, Player, Reduction, Run,
};

/// The backend's one name: crate suffix, cargo feature, CLI `--backend` value, bench id.
pub const NAME: &str = "reduction";
