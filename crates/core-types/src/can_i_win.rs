//! Can I Win: the "100 game" without replacement.
//!
//! The integers `1..=n` form a shared pool. Players alternately take one unused
//! integer and add it to a running total that starts at 0; whoever makes the
//! total reach or pass `T` wins. A state is the set of integers used so far (a
//! bitmask); the total follows from it.
//!
//! # Exact semantics
//!
//! [`CanIWin::settled_without_search`] decides three cases up front, and every
//! backend applies it before searching:
//!
//! - **`T == 0`**: the total already reaches `T` before anyone moves. We count
//!   this as a win for the first player, who wins without moving (this matches
//!   LeetCode 464, where `(10, 0)` is `true`). There is no best move.
//! - **`n(n+1)/2 < T`**: even with every integer taken the total stays below
//!   `T`, so nobody can ever win: a **draw**. (LeetCode 464 answers `false`
//!   here; [`CanIWinSolution::can_i_win`] agrees, but the outcome says draw.)
//! - **`n(n+1)/2 == T`**: only the move that takes the last integer reaches
//!   `T`, so the game lasts exactly `n` moves whatever anybody does, and the
//!   player making the `n`-th move wins: the first player iff `n` is odd. Every
//!   first move is then equally good, and the best move reported is `1`.
//!
//! Otherwise `n(n+1)/2 > T`, so every line of play ends with somebody reaching
//! `T` before the pool runs out: no draws are reachable and the game is a plain
//! win/lose game. The player to move wins iff some available integer either
//! reaches `T` at once or leads to a position the opponent loses.
//!
//! # Best move
//!
//! When the first player wins, the solution names the **smallest** winning
//! first integer, so every backend reports the same move.

use crate::{Error, Game, Outcome, Verdict};

/// A validated Can I Win game: the pool is `1..=max_choosable`, the target is
/// `desired_total`.
///
/// # Examples
///
/// ```
/// use gamesolve::{CanIWin, Outcome};
///
/// let game = CanIWin::new(10, 11)?;
/// assert_eq!(game.pool_sum(), 55);
/// assert!(game.settled_without_search().is_none()); // needs a search
///
/// // Nobody can reach 56 with 1..=10: a draw, decided without search.
/// let draw = CanIWin::new(10, 56)?.settled_without_search().unwrap();
/// assert_eq!(draw.outcome, Outcome::Draw);
/// assert!(!draw.can_i_win());
/// # Ok::<(), gamesolve::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CanIWin {
    max_choosable: u32,
    desired_total: u64,
    /// Bits `0..n` set (what [`CanIWin::full_mask`] returns), kept: every position's check
    /// for a draw and its move listing read it.
    full_mask: u64,
}

impl CanIWin {
    /// Smallest allowed `max_choosable`.
    pub const MIN_MAX_CHOOSABLE: u32 = 1;
    /// Largest allowed `max_choosable`: states are `u64` bitmasks. Backends
    /// may support less; that is their [`Error::GameTooLarge`], not a
    /// validation error.
    pub const MAX_MAX_CHOOSABLE: u32 = 64;

    /// Builds a game, checking `max_choosable` is in `1..=64`.
    ///
    /// # Errors
    ///
    /// [`Error::MaxChoosableOutOfRange`] when `max_choosable` is 0 or above 64.
    pub fn new(max_choosable: u32, desired_total: u64) -> Result<Self, Error> {
        Self::from_i128(i128::from(max_choosable), i128::from(desired_total))
    }

    /// Builds a game from wide signed integers, as parsed from text or JSON,
    /// so that negative and huge values get a precise error instead of a
    /// conversion failure.
    ///
    /// # Errors
    ///
    /// [`Error::MaxChoosableOutOfRange`] unless `1 <= max_choosable <= 64`;
    /// [`Error::DesiredTotalOutOfRange`] unless `0 <= desired_total <= u64::MAX`.
    ///
    /// ```
    /// use gamesolve::{CanIWin, Error};
    /// assert!(matches!(
    ///     CanIWin::from_i128(10, -1),
    ///     Err(Error::DesiredTotalOutOfRange { value: -1, .. })
    /// ));
    /// ```
    pub fn from_i128(max_choosable: i128, desired_total: i128) -> Result<Self, Error> {
        let max_choosable = u32::try_from(max_choosable)
            .ok()
            .filter(|n| (Self::MIN_MAX_CHOOSABLE..=Self::MAX_MAX_CHOOSABLE).contains(n))
            .ok_or(Error::MaxChoosableOutOfRange {
                value: max_choosable,
                min: Self::MIN_MAX_CHOOSABLE,
                max: Self::MAX_MAX_CHOOSABLE,
            })?;
        let desired_total =
            u64::try_from(desired_total).map_err(|_| Error::DesiredTotalOutOfRange {
                value: desired_total,
                max: u64::MAX,
            })?;
        Ok(CanIWin {
            max_choosable,
            desired_total,
            full_mask: u64::MAX >> (64 - max_choosable),
        })
    }

    /// The largest integer in the pool, `n`.
    pub const fn max_choosable(&self) -> u32 {
        self.max_choosable
    }

    /// The total to reach or pass, `T`.
    pub const fn desired_total(&self) -> u64 {
        self.desired_total
    }

    /// The sum of the whole pool, `n(n+1)/2`; see [`pool_sum`].
    pub const fn pool_sum(&self) -> u64 {
        pool_sum(self.max_choosable)
    }

    /// The bitmask with bits `0..n` set: bit `k` stands for integer `k + 1`.
    #[inline]
    pub const fn full_mask(&self) -> u64 {
        self.full_mask
    }

    /// The answer when it follows without search (see the
    /// [module docs](self)): `T == 0`, `n(n+1)/2 < T` or `n(n+1)/2 == T`.
    /// `None` means a search is needed, and then no draw is reachable.
    pub fn settled_without_search(&self) -> Option<CanIWinSolution> {
        let sum = self.pool_sum();
        let t = self.desired_total;
        if t == 0 {
            Some(CanIWinSolution {
                outcome: Outcome::FirstPlayerWins,
                best_move: None,
            })
        } else if sum < t {
            Some(CanIWinSolution {
                outcome: Outcome::Draw,
                best_move: None,
            })
        } else if sum == t {
            Some(if self.max_choosable % 2 == 1 {
                CanIWinSolution {
                    outcome: Outcome::FirstPlayerWins,
                    best_move: Some(1),
                }
            } else {
                CanIWinSolution {
                    outcome: Outcome::SecondPlayerWins,
                    best_move: None,
                }
            })
        } else {
            None
        }
    }
}

/// The sum `1 + 2 + … + n = n(n+1)/2`, computed exactly.
///
/// Multiplies before dividing: the common shortcut `(1 + n) / 2 * n` truncates
/// for even `n` (for `n = 10` it gives 50, not 55).
///
/// ```
/// assert_eq!(gamesolve::core_types::can_i_win::pool_sum(10), 55);
/// assert_eq!(gamesolve::core_types::can_i_win::pool_sum(64), 2080);
/// ```
pub const fn pool_sum(max_choosable: u32) -> u64 {
    let n = max_choosable as u64;
    n * (n + 1) / 2
}

/// The answer to a Can I Win game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CanIWinSolution {
    /// Who wins under optimal play (draw when nobody can reach the total).
    pub outcome: Outcome,
    /// The smallest winning first integer when the first player wins by
    /// moving; `None` when the first player does not win, or wins without
    /// moving (`T == 0`).
    pub best_move: Option<u32>,
}

impl CanIWinSolution {
    /// The solution of a game that needed a search (so no draw is possible):
    /// the first player wins iff `best_move` is `Some`.
    pub const fn from_search(best_move: Option<u32>) -> Self {
        CanIWinSolution {
            outcome: if best_move.is_some() {
                Outcome::FirstPlayerWins
            } else {
                Outcome::SecondPlayerWins
            },
            best_move,
        }
    }

    /// LeetCode 464's boolean: `true` iff the first player can force a win.
    /// A draw (unreachable total) is `false`.
    pub fn can_i_win(&self) -> bool {
        self.outcome == Outcome::FirstPlayerWins
    }
}

/// Can I Win in the one game vocabulary: a position is the set of used integers (bit `k` is
/// integer `k + 1`), a move is the integer taken, and the value is the [`Verdict`] of the
/// player to move. A position whose total reaches `T` is over: the player to move has lost
/// (the opponent just reached it), except at the start when `T == 0`, a win without moving.
///
/// ```
/// use gamesolve::{CanIWin, Game, Verdict};
///
/// let game = CanIWin::new(5, 11)?;
/// assert_eq!(game.show_position(0b10001), "{1 5} total 6");
/// assert_eq!(game.moves(0b10001), vec![2, 3, 4]);
/// assert_eq!(game.terminal_value(0b11010), Some(Verdict::Loss)); // 2 + 4 + 5 = 11
/// # Ok::<(), gamesolve::Error>(())
/// ```
/// The answer: who wins, and the smallest winning first move when the first player wins.
impl crate::SolutionOf<CanIWin> for CanIWinSolution {
    fn from_search(_game: &CanIWin, value: Verdict, best_move: Option<u32>) -> Self {
        CanIWinSolution {
            outcome: value.outcome_for_first(),
            best_move: if value == Verdict::Win {
                best_move
            } else {
                None
            },
        }
    }

    fn outcome(&self) -> Outcome {
        self.outcome
    }

    fn best_move(&self) -> Option<u32> {
        self.best_move
    }
}

impl Game for CanIWin {
    const NAME: &'static str = "can-i-win";
    type Position = u64;
    type Move = u32;
    type Value = Verdict;
    type Solution = CanIWinSolution;

    fn start(&self) -> u64 {
        0
    }

    #[inline]
    fn terminal_value(&self, used: u64) -> Option<Verdict> {
        if mask_total(used) >= self.desired_total {
            Some(if used == 0 {
                Verdict::Win
            } else {
                Verdict::Loss
            })
        } else if used == self.full_mask() {
            Some(Verdict::Draw)
        } else {
            None
        }
    }

    /// The parent's running total, counted once, plus the integer each move takes (a move
    /// was made, so a total reached is the mover's win: a loss for the player in `child`).
    #[inline]
    fn terminal_values_after(&self, used: u64) -> impl Fn(u32, u64) -> Option<Verdict> {
        let remaining = self.desired_total.saturating_sub(mask_total(used));
        let full = self.full_mask;
        move |take, child| {
            let reached = u64::from(take) >= remaining;
            if !reached && child != full {
                return None;
            }
            over_after_a_move(reached)
        }
    }

    fn moves(&self, used: u64) -> Vec<u32> {
        (1..=self.max_choosable)
            .filter(|&k| used >> (k - 1) & 1 == 0)
            .collect()
    }

    #[inline]
    fn moves_into(&self, used: u64, out: &mut Vec<u32>) {
        // Written straight into the buffer: a copy of a list of varying length would be a call
        // to `memmove` per position (18 % of `recursive/negamax`'s time), and a `push` per move
        // checks the capacity each time. A mapped range has a trusted length, so `extend`
        // reserves once and writes without a check per move.
        let mut free = !used & self.full_mask();
        out.clear();
        out.extend((0..free.count_ones()).map(|_| {
            let k = free.trailing_zeros() + 1;
            free &= free - 1;
            k
        }));
    }

    const MOVES_ONE_BY_ONE: bool = true;

    /// The smallest free integer above `after` (above 0 when `None`): a mask and a count of
    /// trailing zeros, so plain recursion lists no moves.
    #[inline]
    fn next_move(&self, used: u64, after: Option<u32>) -> Option<u32> {
        // The integers up to `after` (`1..=k`: bits `0..k`, with `1 <= k <= 64`) are passed.
        let passed = after.map_or(0, |k| u64::MAX >> (64 - k));
        let free = !used & self.full_mask & !passed;
        (free != 0).then(|| free.trailing_zeros() + 1)
    }

    /// The moves worth searching, largest first, as the hand-written memo chooses them
    /// (`solver-memo`'s `can_i_win/search.rs`): the largest free integer alone when it
    /// reaches the total (a win at once); else the integers after which the opponent's largest
    /// free integer does not reach what is left (the others lose at once); the largest alone
    /// when every move loses at once (all such losses are alike, remoteness included).
    #[inline]
    fn search_moves_into(&self, used: u64, out: &mut Vec<u32>) {
        out.clear();
        let free = !used & self.full_mask;
        if free == 0 {
            return;
        }
        let remaining = self.desired_total.saturating_sub(mask_total(used));
        let top = 64 - free.leading_zeros();
        let top_bit = 1u64 << (top - 1);
        if u64::from(top) >= remaining {
            out.push(top);
            return;
        }
        // After a move other than `top`, the opponent wins at once with `top` unless the
        // move is below `limit`; after `top`, with the next largest unless that is below it.
        let limit = remaining - u64::from(top);
        let below_limit = 1u64
            .checked_shl((limit - 1) as u32)
            .map_or(u64::MAX, |b| b - 1);
        let mut candidates = free & below_limit & !top_bit;
        let next = 64 - (free ^ top_bit).leading_zeros();
        if u64::from(next) < limit {
            candidates |= top_bit;
        }
        if candidates == 0 {
            out.push(top);
            return;
        }
        out.reserve(candidates.count_ones() as usize);
        while candidates != 0 {
            let index = 63 - candidates.leading_zeros();
            out.push(index + 1);
            candidates &= !(1 << index);
        }
    }

    #[inline]
    fn play(&self, used: u64, take: u32) -> u64 {
        used | 1 << (take - 1)
    }

    /// The used-set mask itself: a position is its mask, so the key is exact.
    #[inline]
    fn table_key(&self, used: u64) -> Option<u64> {
        Some(used)
    }

    /// The largest free integer, when it reaches what is left of the total.
    #[inline]
    fn winning_move_now(&self, used: u64) -> Option<u32> {
        let free = !used & self.full_mask;
        let top = 64 - free.leading_zeros();
        let remaining = self.desired_total.saturating_sub(mask_total(used));
        (free != 0 && remaining > 0 && u64::from(top) >= remaining).then_some(top)
    }

    fn settled(&self) -> Option<CanIWinSolution> {
        self.settled_without_search()
    }

    fn describe(&self) -> String {
        format!(
            "can-i-win n={} T={}",
            self.max_choosable, self.desired_total
        )
    }

    fn show_position(&self, used: u64) -> String {
        let list: Vec<String> = crate::bits::set_bits(used)
            .map(|k| (k + 1).to_string())
            .collect();
        format!("{{{}}} total {}", list.join(" "), mask_total(used))
    }

    fn show_move(&self, _used: u64, take: u32) -> String {
        format!("take {take}")
    }

    fn move_between(&self, parent: u64, child: u64) -> Option<u32> {
        let added = child & !parent;
        (added.count_ones() == 1 && child & parent == parent).then(|| added.trailing_zeros() + 1)
    }
}

/// The value of a position that is over after a move ([`Game::terminal_values_after`]): the
/// mover reached the total (a loss for the player to move), or the pool is empty without it
/// (a draw). Marked cold, so that the search's common case, a position not over, is a branch
/// of its own.
#[cold]
fn over_after_a_move(reached: bool) -> Option<Verdict> {
    Some(if reached {
        Verdict::Loss
    } else {
        Verdict::Draw
    })
}

/// The total of a set of used integers (bit `k` is integer `k + 1`).
///
/// ```
/// assert_eq!(gamesolve::core_types::can_i_win::mask_total(0b101), 1 + 3);
/// ```
///
/// # Complexity
///
/// Two lookups in 2,048-entry tables for pools of up to 22 integers (bits in chunks of 11),
/// one more per further chunk (at most 6): the totals of every chunk value at every chunk
/// position are a 24 KiB table built at compile time, of which a pool of `n <= 22` touches
/// 8 KiB. The searches call this once per position they reach, so it replaced a loop over the
/// set bits (`memo/indexed` on n = 20, T = 158: see BENCHMARKS.md).
#[inline]
pub fn mask_total(used: u64) -> u64 {
    let chunk = |c: usize| u64::from(CHUNK_TOTALS[c][(used >> (CHUNK * c) & CHUNK_MASK) as usize]);
    let mut total = chunk(0) + chunk(1);
    if used >> (2 * CHUNK) != 0 {
        total += (2..CHUNKS).map(chunk).sum::<u64>();
    }
    total
}

/// Bits per chunk of [`mask_total`]'s table, chunks to cover 64 bits, and a chunk's mask.
const CHUNK: usize = 11;
const CHUNKS: usize = 64usize.div_ceil(CHUNK);
const CHUNK_MASK: u64 = (1 << CHUNK) - 1;

/// `CHUNK_TOTALS[c][v]`: the total of the integers that chunk `c` of a used-set holds when it
/// is `v` (bit `j` of chunk `c` is integer `11c + j + 1`); at most 11 · 64 = 704, so a `u16`.
static CHUNK_TOTALS: [[u16; 1 << CHUNK]; CHUNKS] = chunk_totals();

const fn chunk_totals() -> [[u16; 1 << CHUNK]; CHUNKS] {
    let mut table = [[0u16; 1 << CHUNK]; CHUNKS];
    let mut c = 0;
    while c < CHUNKS {
        let mut v = 1;
        while v < 1 << CHUNK {
            // Each chunk value extends the one without its lowest bit; bits past 64 never
            // occur in a `u64`, so their entries are never read.
            let low = (v as u32).trailing_zeros() as usize;
            table[c][v] = table[c][v & (v - 1)] + (CHUNK * c + low + 1) as u16;
            v += 1;
        }
        c += 1;
    }
    table
}

/// A position's index is its set of used integers as a number: `2^n` indices.
impl crate::Indexed for CanIWin {
    fn position_count(&self) -> u64 {
        1u64.checked_shl(self.max_choosable).unwrap_or(u64::MAX)
    }

    #[inline]
    fn index(&self, used: u64) -> usize {
        used as usize
    }

    fn position_at(&self, index: usize) -> u64 {
        index as u64
    }
}

/// The moves into a set of used integers: taking any one of them last.
impl crate::Unmove for CanIWin {
    fn unmoves_into(&self, used: u64, out: &mut Vec<(u64, u32)>) {
        out.clear();
        out.extend(crate::bits::set_bits(used).map(|k| (used & !(1 << k), k + 1)));
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::GameValue;

    /// `winning_move_now` names a move exactly when one reaches the total at once, and that
    /// move wins: checked against every move of every position of small pools.
    #[test]
    fn winning_move_now_is_a_move_that_wins_at_once() {
        for n in 1..=8u32 {
            for t in 1..=u64::from(n * (n + 1) / 2) {
                let game = CanIWin::new(n, t).unwrap();
                for used in 0..(1u64 << n) {
                    if game.terminal_value(used).is_some() {
                        continue;
                    }
                    let wins_at_once = |k: u32| {
                        let child = game.play(used, k);
                        game.terminal_value(child)
                            .is_some_and(|v| game.move_value(used, k, v).is_best_possible())
                    };
                    let any = game.moves(used).into_iter().any(wins_at_once);
                    let named = game.winning_move_now(used);
                    assert_eq!(named.is_some(), any, "n = {n}, T = {t}, used = {used:b}");
                    if let Some(k) = named {
                        assert!(game.moves(used).contains(&k) && wins_at_once(k));
                    }
                    assert_eq!(game.table_key(used), Some(used));
                }
            }
        }
    }

    #[test]
    fn pool_sum_is_exact_where_the_division_first_shortcut_truncates() {
        for n in 1..=64u32 {
            let reference: u64 = (1..=u64::from(n)).sum();
            assert_eq!(pool_sum(n), reference, "n = {n}");
        }
        // The buggy `(1 + n) / 2 * n` differs on every even n, e.g. 10.
        #[allow(clippy::manual_div_ceil)] // the bug under test, written as found in the wild
        let buggy = |n: u64| (1 + n) / 2 * n;
        assert_ne!(buggy(10), pool_sum(10));
        assert_eq!(buggy(9), pool_sum(9));
    }

    #[test]
    fn validation_names_value_and_range() {
        let err = CanIWin::new(0, 5).unwrap_err();
        assert_eq!(
            err,
            Error::MaxChoosableOutOfRange {
                value: 0,
                min: 1,
                max: 64
            }
        );
        assert!(err.to_string().contains("max_choosable = 0"));
        assert!(err.to_string().contains("1..=64"));
        assert!(CanIWin::new(65, 5).is_err());
        assert!(CanIWin::new(64, u64::MAX).is_ok());
        assert!(CanIWin::from_i128(-3, 5).is_err());
        assert!(CanIWin::from_i128(3, i128::from(u64::MAX) + 1).is_err());
    }

    #[test]
    fn settled_cases() {
        let s = |n, t| CanIWin::new(n, t).unwrap().settled_without_search();
        assert_eq!(s(10, 0).unwrap().outcome, Outcome::FirstPlayerWins);
        assert_eq!(s(10, 0).unwrap().best_move, None);
        assert_eq!(s(10, 56).unwrap().outcome, Outcome::Draw);
        assert_eq!(s(5, 15).unwrap().outcome, Outcome::FirstPlayerWins);
        assert_eq!(s(5, 15).unwrap().best_move, Some(1));
        assert_eq!(s(4, 10).unwrap().outcome, Outcome::SecondPlayerWins);
        assert_eq!(s(64, 2080).unwrap().outcome, Outcome::SecondPlayerWins);
        assert!(s(10, 11).is_none());
        assert!(s(1, 1).unwrap().can_i_win());
    }

    /// The byte table gives the total a loop over the set bits gives.
    #[test]
    fn mask_total_is_the_sum_of_the_set_integers() {
        let naive =
            |used: u64| -> u64 { (0..64).filter(|k| used >> k & 1 == 1).map(|k| k + 1).sum() };
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for used in [0, 1, 0b101, u64::MAX, 1 << 63, 0xff00, (1 << 20) - 1] {
            assert_eq!(mask_total(used), naive(used), "{used:#x}");
        }
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            assert_eq!(mask_total(x), naive(x), "{x:#x}");
            assert_eq!(mask_total(x >> (x % 64)), naive(x >> (x % 64)));
        }
        assert_eq!(mask_total(u64::MAX), 64 * 65 / 2);
    }

    /// The search's question for a move's position, made once per parent, answers what
    /// `terminal_value` of that position answers.
    #[test]
    fn terminal_values_after_answer_what_terminal_value_answers() {
        // Every used set of small pools, with totals from 1 to past the pool's sum (the search
        // never expands a position that is over, but the answer must hold for any).
        for n in 1..=8u32 {
            for t in 1..=pool_sum(n) + 2 {
                let game = CanIWin::new(n, t).unwrap();
                for used in 0..=game.full_mask() {
                    let over = game.terminal_values_after(used);
                    for take in game.moves(used) {
                        let child = game.play(used, take);
                        assert_eq!(
                            over(take, child),
                            game.terminal_value(child),
                            "n = {n}, T = {t}, used = {used:#b}, take {take}"
                        );
                    }
                }
            }
        }
        // Large pools: the chunks past the first two of the running total.
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for (n, t) in [(31, 300), (63, 1000), (64, 2000), (64, 2080)] {
            let game = CanIWin::new(n, t).unwrap();
            for _ in 0..500 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let used = x & game.full_mask();
                let over = game.terminal_values_after(used);
                for take in game.moves(used) {
                    let child = game.play(used, take);
                    assert_eq!(over(take, child), game.terminal_value(child), "n = {n}");
                }
            }
        }
    }

    /// Asked one at a time, the moves are `moves`, in its order, for pools up to 64.
    #[test]
    fn next_move_walks_the_moves_in_order() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for n in [1, 2, 5, 12, 31, 63, 64] {
            let game = CanIWin::new(n, 1).unwrap();
            for _ in 0..200 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                for used in [
                    x & game.full_mask(),
                    0,
                    game.full_mask(),
                    game.full_mask() >> 1,
                ] {
                    let mut walked = Vec::new();
                    let mut next = game.next_move(used, None);
                    while let Some(mv) = next {
                        walked.push(mv);
                        next = game.next_move(used, Some(mv));
                    }
                    assert_eq!(walked, game.moves(used), "n = {n}, used = {used:#x}");
                }
            }
        }
    }

    #[test]
    fn full_mask_covers_the_pool() {
        assert_eq!(CanIWin::new(1, 1).unwrap().full_mask(), 1);
        assert_eq!(CanIWin::new(20, 1).unwrap().full_mask(), (1 << 20) - 1);
        assert_eq!(CanIWin::new(64, 1).unwrap().full_mask(), u64::MAX);
    }
}
