//! Can I Win, bottom-up over subsets.
//!
//! `win[mask]` says whether the player to move wins when the integers in
//! `mask` are used (bit `k` stands for integer `k + 1`). A position's value
//! depends only on its supersets, so filling the table in descending mask
//! order finds every needed value already computed. Masks whose sum already
//! reaches `T` are never needed (the move into them wins at once) and are
//! skipped.
//!
//! Before any table: [`CanIWin::settled_without_search`], and `T <= n`,
//! where taking `T` wins at once and no smaller first move wins (so even
//! `n = 64` is answered).
//!
//! # The word kernel
//!
//! [`solve`] keeps 64 masks per `u64` word: bits `0..6` of a mask (integers
//! `1..=6`) pick the bit inside the word, the other bits pick the word. A
//! move with an integer `k >= 7` goes to another word, `w | 1 << (k - 7)`,
//! so it is one word operation for all 64 positions: they win at once where
//! their in-word sum is large enough (a precomputed mask per remaining
//! total), and otherwise where the child word's bit is 0. Moves inside the
//! word are solved by table look-ups on 16-position blocks (integers `1..=4`;
//! a 128 KiB table built once per process), in the order the integers 5 and
//! 6 impose. Words whose every mask reaches `T` are skipped.
//!
//! Since issue 13 the pass goes by *groups* of 8 consecutive words (one
//! cache line: the words that differ only in the integers `7..=9`), see
//! `Groups::fill_group`:
//!
//! - the immediate wins by a high move are one look-up per word (the largest
//!   free integer covers the smaller ones), and the child words are combined
//!   with one AND, so a word costs one AND per free integer instead of a
//!   look-up, an OR and a NOT;
//! - the child words outside the group are ANDed a whole cache line at a
//!   time for the 8 words at once (vectorised), and the far ones (past 64 KiB)
//!   are prefetched 16 groups ahead: the pass reads up to `n - 9` strided
//!   streams, more than the hardware prefetchers follow;
//! - in the interior of the table, where no word of the group is within 28
//!   of `T` even after its largest move, nothing wins at once and a word is
//!   the look-ups of `!(AND of its children)` alone.
//!
//! Together about 3.5 times fewer instructions than a word at a time
//! (callgrind at `n = 26`: 250 M before, 72 M), and 2.5 to 3 times less time
//! on one core (`BENCHMARKS.md`, issue 13). The table is bit for bit the
//! same (tested).

use core_types::error::Hint;
use core_types::error::HintPart::Words;
use core_types::{
    CanIWin, CanIWinSolution, Deadline, Error, Game, Kernel, NoStats, Recorder, Stats, Variant,
};

use crate::{try_zeroed_words, TabularSolver, NAME};

/// The `tabular` backend's variants for Can I Win, its automatic choice first: one list that
/// the registry, the CLI (`--backend tabular/per-mask`), the tests and the benches iterate.
pub const VARIANTS: &[Variant<CanIWin>] = &[
    Variant {
        backend: NAME,
        name: "word",
        summary: "word-parallel descending-mask table, 1 bit per used-set, 64 sets per word \
                  operation, on every core from n = 24",
        build: |config| Box::new(TabularSolver::from_config(config)),
    },
    Variant {
        backend: NAME,
        name: "word-one-core",
        summary: "the same word-parallel table on one thread",
        build: |config| Box::new(WordOneCore(TabularSolver::from_config(config))),
    },
    Variant {
        backend: NAME,
        name: "per-mask",
        summary: "the textbook table, one used-set at a time in descending mask order: the \
                  reference",
        build: |config| Box::new(PerMask(TabularSolver::from_config(config))),
    },
];

/// The `tabular/word-one-core` variant: [`solve_with`] on one thread, with the memory cap and
/// time limit of the solver it holds (its thread count is not used).
#[derive(Clone, Debug)]
pub struct WordOneCore(pub TabularSolver);

core_types::kernel! {
    impl Kernel<CanIWin> for WordOneCore = (NAME, "word-one-core");
    fn run(this, game, recorder) {
        let deadline = this.0.deadline();
        this.0.last_traced = false;
        solve_with(game, this.0.memory_cap_bytes(), deadline, recorder)
    }

    /// `per-mask` when the last solve was traced, else `word-one-core`.
    fn last_kernel(&self) -> &'static str {
        if self.0.last_traced {
            <PerMask as Kernel<CanIWin>>::VARIANT
        } else {
            Self::VARIANT
        }
    }

    fn run_traced(
        &mut self,
        game: &CanIWin,
        mut recorder: &mut dyn Recorder<CanIWin>,
    ) -> Result<CanIWinSolution, Error> {
        let deadline = self.0.deadline();
        self.0.last_traced = true;
        solve_per_mask_with(game, self.0.memory_cap_bytes(), deadline, &mut recorder)
    }
}

/// The `tabular/per-mask` variant, with the memory cap and time limit of the solver it holds.
#[derive(Clone, Debug)]
pub struct PerMask(pub TabularSolver);

core_types::kernel! {
    impl Kernel<CanIWin> for PerMask = (NAME, "per-mask");
    fn run(this, game, recorder) {
        let deadline = this.0.deadline();
        solve_per_mask_with(game, this.0.memory_cap_bytes(), deadline, recorder)
    }
}

/// The largest `max_choosable` this backend can index: the table has `2^n`
/// bits, and `2^n` must fit in a `usize`. The memory cap usually refuses far
/// earlier (`n <= 33` with the default 1 GiB).
pub const MAX_MAX_CHOOSABLE: u32 = usize::BITS - 1;

const HINT_TOO_LARGE: Hint = &[Words("; try backend `memo`, which visits only the states reachable from the start (a sparse table for small totals)")];
const HINT_ALLOC_FAILED: Hint = &[Words("; free some memory, or try backend `memo`")];

/// Bytes of the bit table for `max_choosable = n`: `2^n` bits in whole
/// 64-bit words (at least one word).
///
/// ```
/// use gamesolve::backends::solver_tabular::can_i_win::required_table_bytes;
/// assert_eq!(required_table_bytes(20), 128 * 1024);
/// assert_eq!(required_table_bytes(33), 1 << 30);
/// assert_eq!(required_table_bytes(3), 8);
/// ```
pub const fn required_table_bytes(max_choosable: u32) -> u128 {
    let bits = 1u128 << max_choosable;
    let words = if bits < 64 { 1 } else { bits / 64 };
    words * 8
}

/// Checks the table for `game` against the limits and returns its length in
/// 64-bit words.
pub(crate) fn table_words(game: &CanIWin, memory_cap_bytes: u64) -> Result<usize, Error> {
    let n = game.max_choosable();
    if n > MAX_MAX_CHOOSABLE {
        return Err(Error::GameTooLarge {
            backend: NAME,
            game: CanIWin::NAME,
            parameter: "max_choosable",
            value: u64::from(n),
            limit: u64::from(MAX_MAX_CHOOSABLE),
            hint: HINT_TOO_LARGE,
        });
    }
    let required_bytes = required_table_bytes(n);
    if required_bytes > u128::from(memory_cap_bytes) {
        return Err(table_too_large(n, memory_cap_bytes, HINT_TOO_LARGE));
    }
    // n <= usize::BITS - 1, so the word count fits.
    Ok((required_bytes / 8) as usize)
}

fn table_too_large(n: u32, memory_cap_bytes: u64, hint: Hint) -> Error {
    Error::TableTooLarge {
        backend: NAME,
        game: CanIWin::NAME,
        parameter: "max_choosable",
        value: u64::from(n),
        required_bytes: required_table_bytes(n),
        memory_cap_bytes,
        hint,
    }
}

pub(crate) fn alloc_table(n: u32, words: usize, memory_cap_bytes: u64) -> Result<Vec<u64>, Error> {
    try_zeroed_words(words).ok_or(Error::AllocationFailed {
        backend: NAME,
        game: CanIWin::NAME,
        parameter: "max_choosable",
        value: u64::from(n),
        required_bytes: required_table_bytes(n),
        memory_cap_bytes,
        hint: HINT_ALLOC_FAILED,
    })
}

/// Solves a Can I Win game bottom-up with the word-parallel kernel.
///
/// # Complexity
///
/// With `n` the largest integer: `O(2^n)` positions, processed 64 at a time
/// (integers `1..=6` vary inside a 64-bit word, larger integers are
/// whole-word operations), so about `2^(n-6) · n` word operations in the
/// worst case; words whose positions all reach `T` are skipped. Auxiliary
/// memory: `2^n` bits ([`required_table_bytes`]).
///
/// # Examples
///
/// ```
/// use gamesolve::{CanIWin, Error, Outcome};
/// use gamesolve::backends::solver_tabular::{can_i_win, DEFAULT_MEMORY_CAP_BYTES};
///
/// let answer = can_i_win::solve(&CanIWin::new(10, 11)?, DEFAULT_MEMORY_CAP_BYTES)?;
/// assert_eq!(answer.outcome, Outcome::SecondPlayerWins);
/// // The hardest LeetCode-range total: 2^20 states, a loss too.
/// let answer = can_i_win::solve(&CanIWin::new(20, 158)?, DEFAULT_MEMORY_CAP_BYTES)?;
/// assert!(!answer.can_i_win());
/// Ok::<(), Error>(())
/// ```
///
/// # Errors
///
/// [`Error::TableTooLarge`] when `2^n` bits exceed `memory_cap_bytes`;
/// [`Error::GameTooLarge`] when `n` exceeds [`MAX_MAX_CHOOSABLE`] (both
/// checked before allocating); [`Error::AllocationFailed`] when the
/// allocator refuses the table although it is within the cap;
/// [`Error::TimeLimitReached`] from [`solve_with`] when its deadline passes.
///
/// # See also
///
/// [`solve_per_mask`], the one-mask-at-a-time reference; the `memo` backend
/// (top-down, visits only reachable states) and the `recursive` backend
/// (plain backtracking).
pub fn solve(game: &CanIWin, memory_cap_bytes: u64) -> Result<CanIWinSolution, Error> {
    solve_with(game, memory_cap_bytes, Deadline::NEVER, &mut NoStats)
}

/// As [`solve`], also returning what the pass did: positions = masks
/// evaluated, states = masks stored, table cells (`2^n`) and bytes.
///
/// # Errors
///
/// As [`solve`].
pub fn solve_with_stats(
    game: &CanIWin,
    memory_cap_bytes: u64,
) -> Result<(CanIWinSolution, Stats), Error> {
    let mut stats = Stats::default();
    let solution = solve_with(game, memory_cap_bytes, Deadline::NEVER, &mut stats)?;
    Ok((solution, stats))
}

/// [`solve`] with any [`Recorder`], giving up at `deadline`.
///
/// The pass looks at the clock once per 4096 table words (`2^18` masks, tens of microseconds),
/// so it stops well within a millisecond of the deadline. Games settled without a table are
/// answered whatever the deadline.
///
/// # Errors
///
/// As [`solve`], and [`Error::TimeLimitReached`] (naming the limit) once `deadline` has passed.
pub fn solve_with<R: Recorder<CanIWin>>(
    game: &CanIWin,
    memory_cap_bytes: u64,
    deadline: Deadline,
    recorder: &mut R,
) -> Result<CanIWinSolution, Error> {
    if let Some(settled) = settled(game) {
        return Ok(settled);
    }
    let n = game.max_choosable();
    let words = table_words(game, memory_cap_bytes)?;
    let mut table = alloc_table(n, words, memory_cap_bytes)?;
    recorder.table(1u64 << n, (words as u64) * 8);
    let t = game.desired_total();
    fill_words(n, t, &mut table, deadline, recorder)?;
    let layout = Layout::new(n);
    Ok(root_solution(n, t, |mask| layout.get(&table, mask)))
}

/// The answer without a table: [`CanIWin::settled_without_search`], and
/// `T <= n`, where the first player takes `T` and wins at once. No smaller
/// first move `i < T` wins: the opponent then needs `T - i <= n`, and takes
/// it, or takes `i + 1 <= n` when `T - i` is `i` itself.
pub(crate) fn settled(game: &CanIWin) -> Option<CanIWinSolution> {
    let t = game.desired_total();
    game.settled_without_search().or_else(|| {
        (t <= u64::from(game.max_choosable()))
            .then(|| CanIWinSolution::from_search(u32::try_from(t).ok()))
    })
}

/// The answer from a filled table: the smallest first integer that reaches
/// `t` at once or leaves the opponent a lost position.
pub(crate) fn root_solution(n: u32, t: u64, win: impl Fn(u64) -> bool) -> CanIWinSolution {
    let best = (1..=n).find(|&i| u64::from(i) >= t || !win(1u64 << (i - 1)));
    CanIWinSolution::from_search(best)
}

mod per_mask;
#[cfg(test)]
#[allow(clippy::unwrap_used)]
pub(crate) mod tests;
mod word;

pub use per_mask::{solve_per_mask, solve_per_mask_with};
pub(crate) use word::*;
