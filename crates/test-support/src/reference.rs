//! Tiny, obviously correct reference solvers: the one oracle per game that every backend is
//! compared against, by the integration tests, each solver crate's unit tests and the
//! benches. They share no code with the backends (not even `settled_without_search`): each
//! follows the game's rules literally.
//!
//! - [`can_i_win`]: a plain top-down search over the set of used integers,
//!   memoized in a `HashMap`. The `n(n+1)/2 == T` parity rule is *not* special
//!   cased: the search finds it, which checks the rule itself.
//! - [`can_i_win_all_totals`]: the same recurrence solved for every
//!   `T in 0..=MAX_T` at once (one bit per total), fast enough to regenerate the
//!   6020-instance golden table in a debug build. It is checked against
//!   [`can_i_win`] in `conformance.rs`.
//! - [`predict_the_winner`]: the interval recurrence with a `HashMap` memo in
//!   `i128`; [`predict_the_winner_brute`]: the same without a memo, for the
//!   property tests; [`predict_the_winner_margin`]: the same recurrence over interval lengths
//!   with one rolling row (`O(len)` memory), for rows too long for a memo of every interval.
//! - [`mover_wins_at`]: Can I Win's recurrence at any position (the integers used and the
//!   total still needed), for checking a kernel's table cell by cell.
//!
//! # Example
//!
//! ```
//! use core_types::{Outcome, Side};
//! use test_support::reference;
//!
//! let answer = reference::can_i_win(10, 11);
//! assert_eq!((answer.outcome, answer.best_move()), (Outcome::SecondPlayerWins, None));
//! let answer = reference::predict_the_winner(&[1, 5, 233, 7]);
//! assert_eq!((answer.margin, answer.best_move()), (222, Some(Side::Left)));
//! assert_eq!(answer.move_values, Some((222, -222)));
//! assert_eq!(reference::predict_the_winner_margin(&[1, 5, 233, 7]), 222);
//! ```

use std::collections::HashMap;
use std::sync::OnceLock;

use core_types::{Outcome, Side};

/// The expected answer to one Can I Win instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CanIWinAnswer {
    /// Who wins under optimal play.
    pub outcome: Outcome,
    /// Every first integer that wins for the first player (ascending); empty
    /// unless the first player wins by moving. A backend must report the
    /// smallest.
    pub winning_moves: Vec<u32>,
}

impl CanIWinAnswer {
    /// The move a backend must report: the smallest winning one.
    pub fn best_move(&self) -> Option<u32> {
        self.winning_moves.first().copied()
    }
}

fn bit(k: u32) -> u64 {
    1u64 << (k - 1)
}

/// Solves Can I Win by the rules: `T == 0` is a win without moving, a total
/// above `n(n+1)/2` is a draw, anything else is searched.
///
/// The memo holds only the states reached, so large `n` is fine when `T` is
/// small; the caller keeps the instance small enough for a test.
pub fn can_i_win(n: u32, t: u64) -> CanIWinAnswer {
    let mut memo = HashMap::new();
    answer_at(n, t, |k, remaining| {
        mover_wins(n, bit(k), remaining, &mut memo)
    })
}

/// The answer at total `t` for the pool `1..=n`, by the rules: `T == 0` is a win without
/// moving, a total above `n(n+1)/2` is a draw; otherwise the first player wins with every `k`
/// that reaches `t` or leaves the opponent (to move with `remaining` still needed after `k`
/// was taken) losing by `opponent_wins(k, remaining)`. From there every line of play reaches
/// `t` before the pool runs out, so "cannot win" means "loses".
fn answer_at(n: u32, t: u64, mut opponent_wins: impl FnMut(u32, u64) -> bool) -> CanIWinAnswer {
    let (outcome, winning_moves) = if t == 0 {
        (Outcome::FirstPlayerWins, vec![])
    } else if pool_sum(n) < t {
        (Outcome::Draw, vec![])
    } else {
        let winning_moves: Vec<u32> = (1..=n)
            .filter(|&k| u64::from(k) >= t || !opponent_wins(k, t - u64::from(k)))
            .collect();
        let outcome = if winning_moves.is_empty() {
            Outcome::SecondPlayerWins
        } else {
            Outcome::FirstPlayerWins
        };
        (outcome, winning_moves)
    };
    CanIWinAnswer {
        outcome,
        winning_moves,
    }
}

/// Whether the player to move wins when the integers in `used` (bit `k - 1` for `k`) are gone
/// and `remaining >= 1` is still needed, for the pool `1..=n`: the recurrence of [`can_i_win`]
/// at any position.
///
/// # Panics
///
/// If `remaining` is 0 (nobody is to move once the total is reached).
pub fn mover_wins_at(n: u32, used: u64, remaining: u64) -> bool {
    assert!(
        remaining >= 1,
        "reference: no one is to move with 0 still needed"
    );
    mover_wins(n, used, remaining, &mut HashMap::new())
}

/// Whether the player to move wins when the integers in `used` are gone and
/// `remaining >= 1` is still needed. `remaining` follows from `used`, so the
/// memo is keyed by `used` alone.
fn mover_wins(n: u32, used: u64, remaining: u64, memo: &mut HashMap<u64, bool>) -> bool {
    if let Some(&known) = memo.get(&used) {
        return known;
    }
    let wins = (1..=n).filter(|&k| used & bit(k) == 0).any(|k| {
        u64::from(k) >= remaining || !mover_wins(n, used | bit(k), remaining - u64::from(k), memo)
    });
    memo.insert(used, wins);
    wins
}

/// The largest total [`can_i_win_all_totals`] answers.
pub const MAX_T: usize = 300;
const WORDS: usize = MAX_T / 64 + 1;

/// A set of remaining totals `r in 0..64 * WORDS`, one bit each.
type Totals = [u64; WORDS];

/// Solves Can I Win for one `n` and every `T in 0..=MAX_T`.
///
/// For each set `used`, `wins[used]` holds bit `r` iff the player to move
/// wins with `r >= 1` still needed. The recurrence is `mover_wins`'s, for
/// all `r` at once: moving `k` wins for every `r <= k`, and for every `r > k`
/// such that the opponent does not win with `r - k` still needed, i.e. the
/// bits of `!wins[used | k]` (from 1 up) shifted left by `k`. Sets are filled
/// from the full set down, so `wins[used | k]` is always ready.
///
/// Bits with `r` above the sum of the unused integers are meaningless (nobody
/// can reach them, but the bit says "loses"); they are never read for a
/// `T <= n(n+1)/2`, because every state reached from the start has `r` at
/// most the sum of its unused integers, and `T > n(n+1)/2` is a draw decided
/// before any lookup.
///
/// # Panics
///
/// If `n` is not in `1..=20`.
pub fn can_i_win_all_totals(n: u32) -> Vec<CanIWinAnswer> {
    assert!((1..=20).contains(&n), "reference: n = {n} is out of range");
    let full: u64 = (1u64 << n) - 1;
    let mut wins: Vec<Totals> = vec![[0; WORDS]; 1usize << n];
    let reach: Vec<Totals> = (0..=n as usize).map(low_bits).collect();
    // Plain loops rather than iterator chains: this runs 2^20 * 20 times in
    // a debug build.
    for used in (0..=full).rev() {
        let mut unused = 0;
        for k in 1..=n {
            if used & bit(k) == 0 {
                unused += k as usize;
            }
        }
        // Only bits up to the sum of the unused integers are ever read (see
        // above), so only the words holding them are computed.
        let words = unused.min(64 * WORDS - 1) / 64 + 1;
        let mut w: Totals = [0; WORDS];
        for k in 1..=n {
            if used & bit(k) != 0 {
                continue;
            }
            let child = &wins[(used | bit(k)) as usize];
            // Bit r of `opponent_loses` is set iff r >= 1 and the opponent,
            // to move at `used | k` with r still needed, does not win.
            let opponent_loses = |i: usize| if i == 0 { !child[0] & !1 } else { !child[i] };
            let (skip, shift) = (k as usize / 64, k as usize % 64);
            for i in 0..words {
                // Moving k wins for r in 1..=k, and for r = k + r' whenever
                // the opponent loses with r' still needed: `opponent_loses << k`.
                let mut v = reach[k as usize][i];
                if i >= skip {
                    v |= opponent_loses(i - skip) << shift;
                    if shift > 0 && i > skip {
                        v |= opponent_loses(i - skip - 1) >> (64 - shift);
                    }
                }
                w[i] |= v;
            }
        }
        w[0] &= !1; // r = 0 is not a position with someone to move
        wins[used as usize] = w;
    }
    (0..=MAX_T as u64)
        .map(|t| {
            answer_at(n, t, |k, remaining| {
                has(&wins[bit(k) as usize], remaining as usize)
            })
        })
        .collect()
}

/// [`can_i_win_all_totals`] for every `n in 1..=20`, computed once per test
/// binary (tests running in parallel wait for the first to finish it).
pub fn all_tables() -> &'static [Vec<CanIWinAnswer>] {
    static TABLES: OnceLock<Vec<Vec<CanIWinAnswer>>> = OnceLock::new();
    TABLES.get_or_init(|| (1..=20).map(can_i_win_all_totals).collect())
}

/// The reference answer for `n in 1..=20`, `T in 0..=MAX_T`, from [`all_tables`].
pub fn can_i_win_table(n: u32, t: usize) -> &'static CanIWinAnswer {
    &all_tables()[n as usize - 1][t]
}

/// Bits `1..=k`.
fn low_bits(k: usize) -> Totals {
    let mut out = [0; WORDS];
    for r in 1..=k.min(64 * WORDS - 1) {
        out[r / 64] |= 1 << (r % 64);
    }
    out
}

fn has(a: &Totals, r: usize) -> bool {
    a[r / 64] >> (r % 64) & 1 == 1
}

/// The expected answer to one Predict the Winner instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PredictTheWinnerAnswer {
    /// First player's score minus second's under optimal play.
    pub margin: i128,
    /// The first player's score.
    pub first_score: i128,
    /// The second player's score.
    pub second_score: i128,
    /// Every optimal first move (`Left` before `Right`); empty for an empty
    /// row. For a single value both ends are the same value, so both are
    /// optimal.
    pub optimal_moves: Vec<Side>,
    /// The first player's margin after taking the left end, and after taking the right end;
    /// `None` for an empty row.
    pub move_values: Option<(i128, i128)>,
}

impl PredictTheWinnerAnswer {
    /// Who wins: by the sign of the margin.
    pub fn outcome(&self) -> Outcome {
        match self.margin.cmp(&0) {
            std::cmp::Ordering::Greater => Outcome::FirstPlayerWins,
            std::cmp::Ordering::Less => Outcome::SecondPlayerWins,
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }

    /// The move a backend must report: ties go left.
    pub fn best_move(&self) -> Option<Side> {
        self.optimal_moves.first().copied()
    }
}

/// Solves Predict the Winner with a memo over intervals, in `i128`.
pub fn predict_the_winner(values: &[i64]) -> PredictTheWinnerAnswer {
    let mut memo = HashMap::new();
    answer(values, |i, j| margin_memo(values, i, j, &mut memo))
}

/// Solves Predict the Winner by plain recursion (`2^len` calls): for short
/// rows only.
pub fn predict_the_winner_brute(values: &[i64]) -> PredictTheWinnerAnswer {
    answer(values, |i, j| margin_brute(values, i, j))
}

/// Builds the answer from `margin(i, j)` = the mover's best margin on
/// `values[i..j]` (half open).
fn answer(values: &[i64], mut margin: impl FnMut(usize, usize) -> i128) -> PredictTheWinnerAnswer {
    let len = values.len();
    let total: i128 = values.iter().map(|&v| i128::from(v)).sum();
    if len == 0 {
        return PredictTheWinnerAnswer {
            margin: 0,
            first_score: 0,
            second_score: 0,
            optimal_moves: vec![],
            move_values: None,
        };
    }
    let take_left = i128::from(values[0]) - margin(1, len);
    let take_right = i128::from(values[len - 1]) - margin(0, len - 1);
    let best = take_left.max(take_right);
    let mut optimal_moves = vec![];
    if take_left == best {
        optimal_moves.push(Side::Left);
    }
    if take_right == best {
        optimal_moves.push(Side::Right);
    }
    // first + second = total, first - second = best.
    let first_score = (total + best) / 2;
    PredictTheWinnerAnswer {
        margin: best,
        first_score,
        second_score: total - first_score,
        optimal_moves,
        move_values: Some((take_left, take_right)),
    }
}

/// The first player's margin on `values` by the interval recurrence over lengths, with one
/// rolling row: `O(len^2)` time, `O(len)` memory, exact in `i128`. For long rows (10^4 values
/// and more), where [`predict_the_winner`]'s memo of every interval would not fit.
pub fn predict_the_winner_margin(values: &[i64]) -> i128 {
    let mut row: Vec<i128> = values.iter().map(|&v| i128::from(v)).collect();
    for len in 2..=values.len() {
        for i in 0..=values.len() - len {
            let j = i + len - 1;
            row[i] = (i128::from(values[i]) - row[i + 1]).max(i128::from(values[j]) - row[i]);
        }
    }
    row.first().copied().unwrap_or(0)
}

fn margin_brute(values: &[i64], i: usize, j: usize) -> i128 {
    if i == j {
        return 0;
    }
    let left = i128::from(values[i]) - margin_brute(values, i + 1, j);
    let right = i128::from(values[j - 1]) - margin_brute(values, i, j - 1);
    left.max(right)
}

fn margin_memo(
    values: &[i64],
    i: usize,
    j: usize,
    memo: &mut HashMap<(usize, usize), i128>,
) -> i128 {
    if i == j {
        return 0;
    }
    if let Some(&m) = memo.get(&(i, j)) {
        return m;
    }
    let left = i128::from(values[i]) - margin_memo(values, i + 1, j, memo);
    let right = i128::from(values[j - 1]) - margin_memo(values, i, j - 1, memo);
    let m = left.max(right);
    memo.insert((i, j), m);
    m
}

/// The sum `1 + 2 + ... + n`, by adding.
pub fn pool_sum(n: u32) -> u64 {
    (1..=u64::from(n)).sum()
}
