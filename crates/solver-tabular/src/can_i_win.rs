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

use std::sync::OnceLock;

use core_types::{
    CanIWin, CanIWinSolution, Deadline, Error, Event, Game, Kernel, NoStats, Recorder, Stats,
    Variant, Verdict,
};

use core_types::bits::subset_sums;
use core_types::can_i_win::mask_total;

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

impl Kernel<CanIWin> for WordOneCore {
    const BACKEND: &'static str = NAME;
    const VARIANT: &'static str = "word-one-core";

    fn run<R: Recorder<CanIWin>>(
        &mut self,
        game: &CanIWin,
        recorder: &mut R,
    ) -> Result<CanIWinSolution, Error> {
        let deadline = self.0.deadline();
        solve_with(game, self.0.memory_cap_bytes(), deadline, recorder)
    }

    fn run_traced(
        &mut self,
        game: &CanIWin,
        mut recorder: &mut dyn Recorder<CanIWin>,
    ) -> Result<CanIWinSolution, Error> {
        let deadline = self.0.deadline();
        solve_per_mask_with(game, self.0.memory_cap_bytes(), deadline, &mut recorder)
    }
}

/// The `tabular/per-mask` variant, with the memory cap and time limit of the solver it holds.
#[derive(Clone, Debug)]
pub struct PerMask(pub TabularSolver);

impl Kernel<CanIWin> for PerMask {
    const BACKEND: &'static str = NAME;
    const VARIANT: &'static str = "per-mask";

    fn run<R: Recorder<CanIWin>>(
        &mut self,
        game: &CanIWin,
        recorder: &mut R,
    ) -> Result<CanIWinSolution, Error> {
        let deadline = self.0.deadline();
        solve_per_mask_with(game, self.0.memory_cap_bytes(), deadline, recorder)
    }
}

/// The largest `max_choosable` this backend can index: the table has `2^n`
/// bits, and `2^n` must fit in a `usize`. The memory cap usually refuses far
/// earlier (`n <= 33` with the default 1 GiB).
pub const MAX_MAX_CHOOSABLE: u32 = usize::BITS - 1;

const HINT_TOO_LARGE: &str = "; try backend `memo`, which visits only the states reachable from the start (a sparse table for small totals)";
const HINT_ALLOC_FAILED: &str = "; free some memory, or try backend `memo`";

/// Bytes of the bit table for `max_choosable = n`: `2^n` bits in whole
/// 64-bit words (at least one word).
///
/// ```
/// use solver_tabular::can_i_win::required_table_bytes;
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

fn table_too_large(n: u32, memory_cap_bytes: u64, hint: &'static str) -> Error {
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
/// use core_types::{CanIWin, Error, Outcome};
/// use solver_tabular::{can_i_win, DEFAULT_MEMORY_CAP_BYTES};
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

/// Where mask bits live in the word table: bits `0..6` (integers `1..=6`)
/// pick the position inside a word, the others pick the word.
///
/// When `n < 6` the integers `n+1..=6` do not exist; their position bits
/// are kept *set* ("already used") so that no move ever takes them and they
/// add nothing to the sum.
#[derive(Clone, Copy)]
pub(crate) struct Layout {
    /// Position bits of the integers that do not exist (0 when `n >= 6`).
    absent: u64,
}

impl Layout {
    pub(crate) fn new(n: u32) -> Self {
        let low = n.min(6);
        Layout {
            absent: 63 & !((1u64 << low) - 1),
        }
    }

    pub(crate) fn get(self, table: &[u64], mask: u64) -> bool {
        let position = (mask & 63) | self.absent;
        table[(mask >> 6) as usize] >> position & 1 == 1
    }
}

/// Per-`T` constant tables for the positions inside one word.
pub(crate) struct WordTables {
    /// `ge[x]`: positions whose in-word sum is at least `x` (`x <= 22`).
    pub(crate) ge: [u64; 23],
    /// `imm[r]`: positions with an in-word move reaching `r` more at once
    /// (`r <= 28`).
    pub(crate) imm: [u64; 29],
    /// Positions that stand for real masks (not absent integers).
    pub(crate) real: u64,
}

impl WordTables {
    /// The tables for `n` integers (they depend only on `min(n, 6)`), built
    /// at compile time: a LeetCode-sized table costs less than building them.
    pub(crate) fn new(n: u32) -> &'static Self {
        static TABLES: [WordTables; 7] = [
            WordTables::build(0),
            WordTables::build(1),
            WordTables::build(2),
            WordTables::build(3),
            WordTables::build(4),
            WordTables::build(5),
            WordTables::build(6),
        ];
        &TABLES[n.min(6) as usize]
    }

    /// The tables when the integers `1..=low` exist inside a word.
    const fn build(low: u32) -> Self {
        // As `Layout::new`: the bits of absent integers are kept set.
        let absent = 63 & !((1u64 << low) - 1);
        let mut ge = [0u64; 23];
        let mut imm = [0u64; 29];
        let mut real = 0u64;
        let mut p = 0;
        while p < 64u32 {
            let mut sum = 0;
            let mut k = 0;
            while k < low {
                if p >> k & 1 == 1 {
                    sum += k + 1;
                }
                k += 1;
            }
            let mut x = 0;
            while x < 23 {
                if sum >= x {
                    ge[x as usize] |= 1 << p;
                }
                x += 1;
            }
            // The largest free in-word integer decides an immediate win.
            let mut k = low;
            while k > 0 && p >> (k - 1) & 1 == 1 {
                k -= 1;
            }
            if k > 0 {
                let mut r = 0;
                while r < 29 {
                    if sum + k >= r {
                        imm[r as usize] |= 1 << p;
                    }
                    r += 1;
                }
            }
            if p as u64 & absent == absent {
                real |= 1 << p;
            }
            p += 1;
        }
        WordTables { ge, imm, real }
    }
}

/// `T3[e]`: the win bits of an 8-position block (integers `1..=3` vary
/// inside it) given `e`, the positions already known to win by a move
/// leaving the block. Built at compile time; the source of [`t4`].
const T3: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut e = 0;
    while e < 256 {
        let mut w = 0u8;
        let mut q = 8;
        while q > 0 {
            q -= 1;
            let mut wins = (e >> q) & 1 == 1;
            let mut k = 0;
            while k < 3 {
                if q & (1 << k) == 0 && (w >> (q | (1 << k))) & 1 == 0 {
                    wins = true;
                }
                k += 1;
            }
            if wins {
                w |= 1 << q;
            }
        }
        table[e] = w;
        e += 1;
    }
    table
};

/// `t4()[e]`: the win bits of a 16-position block (integers `1..=4` vary
/// inside it) given `e`, as [`T3`] one level up: the upper 8 positions (4
/// used) are solved first, and each lower position may also move to its
/// upper partner. 128 KiB, built once per process on first use (about
/// 0.1 ms). An array, so that a `u16` index needs no bounds check.
pub(crate) fn t4() -> &'static T4 {
    static T4: OnceLock<Box<T4>> = OnceLock::new();
    T4.get_or_init(|| {
        let mut table = Box::new([0u16; 1 << 16]);
        for (e, entry) in table.iter_mut().enumerate() {
            let upper = T3[e >> 8];
            let lower = T3[(e & 0xff) | usize::from(!upper)];
            *entry = u16::from(lower) | u16::from(upper) << 8;
        }
        table
    })
}

/// The type of [`t4()`]: one entry per 16-bit `e`.
pub(crate) type T4 = [u16; 1 << 16];

/// Solves the 64 positions of one word: bit `p` of the result is set iff
/// position `p` wins, given `e`, the positions that win by a move leaving
/// the word (or reaching `T` at once), and `t4` = [`t4()`]. Block `b`
/// (position bits 4 and 5, the integers 5 and 6) depends only on the blocks
/// `b | 1` and `b | 2`; inside a block [`t4()`] has the answer.
#[inline(always)]
pub(crate) fn solve_word(e: u64, t4: &T4) -> u64 {
    let block = |b: u32| (e >> (16 * b)) as u16;
    let t = |x: u16| t4[usize::from(x)];
    let w3 = t(block(3));
    let w2 = t(block(2) | !w3);
    let w1 = t(block(1) | !w3);
    let w0 = t(block(0) | !(w1 & w2));
    u64::from(w0) | u64::from(w1) << 16 | u64::from(w2) << 32 | u64::from(w3) << 48
}

/// Bits of the word index inside a group: a group is the `2^GROUP_BITS`
/// consecutive words that differ only in the integers `7..7 + GROUP_BITS`
/// (64 bytes, one cache line).
pub(crate) const GROUP_BITS: u32 = 3;

/// Child groups at least `2^PREFETCH_MIN_BITS` groups away (64 KiB, past
/// the L1 cache) are prefetched [`PREFETCH_AHEAD`] groups ahead of the pass.
const PREFETCH_MIN_BITS: u32 = 10;

/// How many groups ahead of the pass a far child group is prefetched: the
/// pass reads some 10 to 25 strided streams at once, more than the hardware
/// prefetchers follow. Measured at `n = 32` (`BENCHMARKS.md`, issue 13):
/// about 25 % less time on one core; 6 to 32 groups ahead made no difference.
const PREFETCH_AHEAD: usize = 16;

/// Asks the CPU to bring the cache line of the child group `W` words per
/// group and [`PREFETCH_AHEAD`] groups below `child` into the cache: the
/// one the pass reads that many groups later (the pass runs downwards).
#[inline(always)]
fn prefetch_ahead<const W: usize>(child: &[u64; W]) {
    let ahead = child.as_ptr().wrapping_sub(PREFETCH_AHEAD * W);
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint: it never faults, whatever the
    // address (this one may lie before the table), and changes no memory.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(ahead.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = ahead;
}

/// What every group of one pass shares: the total, the in-word tables and
/// the sums of the in-group integers.
pub(crate) struct Groups {
    t: u64,
    tables: &'static WordTables,
    t4: &'static T4,
    /// Bits of the word index inside a group: `min(n - 6, GROUP_BITS)`.
    pub(crate) bits: u32,
    /// `in_sums[i]`: the sum of the integers of in-group index `i`
    /// (bit `k` is integer `7 + k`).
    in_sums: [u64; 1 << GROUP_BITS],
}

impl Groups {
    pub(crate) fn new(n: u32, t: u64) -> Self {
        let bits = n.saturating_sub(6).min(GROUP_BITS);
        let mut in_sums = [0; 1 << GROUP_BITS];
        in_sums[..1 << bits].copy_from_slice(&subset_sums(bits, 7));
        Groups {
            t,
            tables: WordTables::new(n),
            t4: t4(),
            bits,
            in_sums,
        }
    }

    /// Words per group.
    pub(crate) fn width(&self) -> usize {
        1 << self.bits
    }

    /// Fills one group of words in descending order and returns the number
    /// of masks evaluated.
    ///
    /// `group` holds the [`width`](Self::width) words whose index bits above
    /// the group (the integers `7 + bits..=n`) are the same set, of sum
    /// `base_sum < T`; `largest_outside` is the largest of those integers
    /// still free (0 if none). The groups with one of them used as well
    /// (already filled) are: for bit `k` of `free`, the group at
    /// `after[(2^k - 1) · width..]` (`after` starts right after `group`:
    /// the group index plus `2^k`), and, for each slice of `extra`, the
    /// group at `extra[..][at..]`.
    ///
    /// A word `w` (with `r = T - sum(w)`) wins at a position iff the
    /// position reaches `r` with an in-word move (`imm[r]`), or with a high
    /// move (`ge[r - L]`, `L` the largest free high integer: `ge[x]` grows
    /// as `x` falls, so the largest move covers the others), or some high
    /// move leads to a losing position: the AND of the child words has a 0
    /// there. The AND over the child groups outside is taken first for the
    /// whole group (one cache line each), then each word, in descending
    /// order, adds its children inside the group and solves its 64 positions
    /// ([`solve_word`]). A word whose largest free integer reaches `r` wins
    /// everywhere (`!0`) and reads no child; a word whose sum reaches T is
    /// never needed and keeps its 0. Exactly the words of the per-word
    /// formulation (tested against it).
    #[inline(always)]
    pub(crate) fn fill_group(&self, group: Group<'_>) -> u64 {
        match self.bits {
            0 => self.fill::<1>(group),
            1 => self.fill::<2>(group),
            2 => self.fill::<4>(group),
            _ => self.fill::<{ 1 << GROUP_BITS }>(group),
        }
    }

    /// [`Groups::fill_group`] for groups of `W` words, unrolled.
    #[inline(always)]
    fn fill<const W: usize>(&self, group: Group<'_>) -> u64 {
        let Group {
            words,
            base_sum,
            largest_outside,
            after,
            free,
            extra,
            at,
        } = group;
        let t = self.t;
        let WordTables { ge, imm, real } = self.tables;
        // Whole groups: one bounds check per child group.
        let group = &mut words.as_chunks_mut::<W>().0[0];
        let after = after.as_chunks::<W>().0;
        let mut acc = [!0u64; W];
        let and = |acc: &mut [u64; W], child: &[u64; W]| {
            for (a, c) in acc.iter_mut().zip(child) {
                *a &= c;
            }
        };
        // When the largest outside integer reaches T from the group's
        // smallest sum, every word of the group wins at once.
        if largest_outside < t - base_sum {
            for block in extra {
                let child = &block.as_chunks::<W>().0[at / W];
                and(&mut acc, child);
                prefetch_ahead::<W>(child);
            }
            // Child group `2^k` groups on, near ones first.
            let far_bits = !0u64 << PREFETCH_MIN_BITS;
            let mut near = free & !far_bits;
            while near != 0 {
                and(&mut acc, &after[(1 << near.trailing_zeros()) - 1]);
                near &= near - 1;
            }
            let mut far = free & far_bits;
            while far != 0 {
                let child = &after[(1 << far.trailing_zeros()) - 1];
                and(&mut acc, child);
                prefetch_ahead::<W>(child);
                far &= far - 1;
            }
        }
        // In-group children: the words with one more in-group integer used.
        let in_group = |group: &[u64; W], i: usize| {
            let mut children = !0u64;
            for j in 0..GROUP_BITS as usize {
                let child = i | 1 << j;
                if child < W && child != i {
                    children &= group[child];
                }
            }
            children
        };
        // The interior of the table (most groups at the hard totals): no
        // word reaches T, and every word is at least 28 short of it even
        // after its largest move (in-group integers are below
        // `7 + GROUP_BITS`), so no move wins at once (`imm[28]` and `ge[22]`
        // are empty: the in-word sums stop at 21) and a word wins exactly
        // where a child loses.
        let largest_bound = largest_outside.max(7 + u64::from(GROUP_BITS));
        if base_sum + self.in_sums[W - 1] + largest_bound + 28 <= t {
            for i in (0..W).rev() {
                group[i] = solve_word(!(acc[i] & in_group(group, i)), self.t4);
            }
            return W as u64 * u64::from(real.count_ones());
        }
        let mut evaluated = 0u64;
        for i in (0..W).rev() {
            let hs = base_sum + self.in_sums[i];
            if hs >= t {
                continue;
            }
            let r = t - hs;
            evaluated += u64::from((!ge[r.min(22) as usize] & real).count_ones());
            let free_in = !i & (W - 1);
            let largest = if largest_outside != 0 {
                largest_outside
            } else if free_in != 0 {
                u64::from(usize::BITS - 1 - free_in.leading_zeros()) + 7
            } else {
                0
            };
            if largest >= r {
                group[i] = !0;
                continue;
            }
            let mut e = imm[r.min(28) as usize] | !(acc[i] & in_group(group, i));
            if largest != 0 {
                e |= ge[(r - largest).min(22) as usize];
            }
            group[i] = solve_word(e, self.t4);
        }
        evaluated
    }
}

/// One group to fill, and where its children are: see [`Groups::fill_group`].
pub(crate) struct Group<'a> {
    pub(crate) words: &'a mut [u64],
    pub(crate) base_sum: u64,
    pub(crate) largest_outside: u64,
    pub(crate) after: &'a [u64],
    pub(crate) free: u64,
    pub(crate) extra: &'a [&'a [u64]],
    pub(crate) at: usize,
}

/// Groups filled between two readings of the clock: 4096 words (about 40 µs at
/// `n = 32` on one core).
pub(crate) const GROUPS_PER_CHECK: u32 = 4096 >> GROUP_BITS;

/// Fills `table` (one bit per mask, `Layout` order) for `n` integers and
/// total `t`, where the pool sum exceeds `t`, group by group in descending
/// order ([`Groups::fill_group`]); gives up when `deadline` has passed
/// (checked once per [`GROUPS_PER_CHECK`] groups).
pub(crate) fn fill_words<R: Recorder<CanIWin>>(
    n: u32,
    t: u64,
    table: &mut [u64],
    deadline: Deadline,
    recorder: &mut R,
) -> Result<(), Error> {
    let groups = Groups::new(n, t);
    let width = groups.width();
    let high = n.saturating_sub(6);
    // The group index (the integers above the group), summed in two halves.
    let outer_bits = high - groups.bits;
    let lo_bits = outer_bits.min(12);
    let hi_bits = outer_bits - lo_bits;
    let first = 7 + u64::from(groups.bits);
    let lo_sums = subset_sums(lo_bits, first);
    let hi_sums = subset_sums(hi_bits, first + u64::from(lo_bits));
    let outer_mask = (1usize << outer_bits) - 1;
    let mut evaluated = 0u64;
    let mut until_check = 0;
    for g in (0..1usize << outer_bits).rev() {
        let base_sum = hi_sums[g >> lo_bits] + lo_sums[g & ((1 << lo_bits) - 1)];
        if base_sum >= t {
            continue;
        }
        if until_check == 0 {
            deadline.check(NAME, CanIWin::NAME)?;
            until_check = GROUPS_PER_CHECK;
        }
        until_check -= 1;
        let free = !g & outer_mask;
        let largest_outside = match free {
            0 => 0,
            _ => u64::from(usize::BITS - 1 - free.leading_zeros()) + first,
        };
        let base = g * width;
        let (head, after) = table.split_at_mut(base + width);
        evaluated += groups.fill_group(Group {
            words: &mut head[base..],
            base_sum,
            largest_outside,
            after,
            free: free as u64,
            extra: &[],
            at: 0,
        });
    }
    recorder.positions(evaluated);
    recorder.states_stored(evaluated);
    Ok(())
}

/// Solves a Can I Win game bottom-up, one mask at a time: the plain
/// textbook table, kept as the reference for the word-parallel [`solve`].
///
/// # Complexity
///
/// With `n` the largest integer: `O(2^n · n)` time (each of the `2^n` masks
/// tries up to `n` moves), `2^n` bits of auxiliary memory.
///
/// # Examples
///
/// ```
/// use core_types::{CanIWin, Error};
/// use solver_tabular::{can_i_win, DEFAULT_MEMORY_CAP_BYTES};
///
/// let answer = can_i_win::solve_per_mask(&CanIWin::new(10, 1)?, DEFAULT_MEMORY_CAP_BYTES)?;
/// assert_eq!(answer.best_move, Some(1));
/// Ok::<(), Error>(())
/// ```
///
/// # Errors
///
/// As [`solve`].
///
/// # See also
///
/// [`solve`] (the same table, 64 masks per word operation); the `memo` and
/// `recursive` backends.
pub fn solve_per_mask(game: &CanIWin, memory_cap_bytes: u64) -> Result<CanIWinSolution, Error> {
    solve_per_mask_with(game, memory_cap_bytes, Deadline::NEVER, &mut NoStats)
}

/// [`solve_per_mask`] with any [`Recorder`], giving up at `deadline` (the clock is read once
/// per 16,384 masks).
///
/// # Errors
///
/// As [`solve_with`].
pub fn solve_per_mask_with<R: Recorder<CanIWin>>(
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
    let cells = 1u64 << n;
    recorder.table(cells, (words as u64) * 8);

    // Not settled, so pool_sum > T: every mask sum fits below T's range.
    let t = game.desired_total();
    let get = |table: &[u64], mask: u64| table[(mask >> 6) as usize] >> (mask & 63) & 1 == 1;
    let mut evaluated = 0u64;
    deadline.check(NAME, CanIWin::NAME)?;
    for mask in (0..cells).rev() {
        // Descending: the first mask of each run of 2^14 is a multiple of 2^14 plus 2^14 - 1.
        if mask & PER_MASK_CHECK_EVERY == PER_MASK_CHECK_EVERY {
            deadline.check(NAME, CanIWin::NAME)?;
        }
        let sum = mask_total(mask);
        if sum >= t {
            continue;
        }
        evaluated += 1;
        let mut wins = false;
        for k in 0..n {
            let bit = 1u64 << k;
            if mask & bit == 0 && (sum + u64::from(k) + 1 >= t || !get(&table, mask | bit)) {
                wins = true;
                break;
            }
        }
        if wins {
            table[(mask >> 6) as usize] |= 1 << (mask & 63);
        }
        recorder.event(Event::Cell(mask, Verdict::from_wins(wins)));
    }
    recorder.positions(evaluated);
    recorder.states_stored(evaluated);
    Ok(root_solution(n, t, |mask| get(&table, mask)))
}

/// The per-mask pass reads the clock when the low 14 bits of the mask are all set: once per
/// 16,384 masks (under a millisecond even with a recorder per cell).
const PER_MASK_CHECK_EVERY: u64 = (1 << 14) - 1;

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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
pub(crate) mod tests {
    use std::time::Duration;

    use core_types::{Outcome, SolverConfig};

    use super::*;
    use crate::DEFAULT_MEMORY_CAP_BYTES as CAP;

    fn game(n: u32, t: u64) -> CanIWin {
        CanIWin::new(n, t).unwrap()
    }

    /// Plain backtracking over the used-set, no table: the obvious oracle.
    fn brute_force_wins(n: u32, used: u64, remaining: u64) -> bool {
        (0..n).any(|k| {
            used >> k & 1 == 0
                && (u64::from(k) + 1 >= remaining
                    || !brute_force_wins(n, used | 1 << k, remaining - u64::from(k) - 1))
        })
    }

    #[test]
    fn leetcode_and_seed_examples() {
        let s = |n, t| solve(&game(n, t), CAP).unwrap();
        assert!(!s(10, 11).can_i_win());
        assert_eq!(s(10, 11).outcome, Outcome::SecondPlayerWins);
        assert!(s(10, 0).can_i_win());
        assert_eq!(s(10, 0).best_move, None);
        assert!(s(10, 1).can_i_win());
        assert_eq!(s(10, 1).best_move, Some(1));
        assert!(!s(20, 158).can_i_win());
    }

    #[test]
    fn edge_cases() {
        let s = |n, t| solve(&game(n, t), CAP).unwrap();
        // n = 1.
        assert_eq!(s(1, 1).best_move, Some(1));
        assert_eq!(s(1, 2).outcome, Outcome::Draw);
        // sum == T: parity of n.
        assert_eq!(s(5, 15).outcome, Outcome::FirstPlayerWins);
        assert_eq!(s(6, 21).outcome, Outcome::SecondPlayerWins);
        // sum < T: draw, whatever n.
        assert_eq!(s(10, 56).outcome, Outcome::Draw);
        assert_eq!(s(64, u64::MAX).outcome, Outcome::Draw);
        // T <= n: take T (or more) at once; the smallest such is T itself
        // unless a smaller move also wins.
        assert_eq!(s(10, 7).best_move, Some(7));
        assert_eq!(s(3, 3).best_move, Some(3));
        assert_eq!(s(64, 64).best_move, Some(64));
    }

    #[test]
    fn word_kernel_matches_reference_for_every_total_up_to_14() {
        for n in 1..=14 {
            for t in 0..=pool_sum(n) + 1 {
                let g = game(n, t);
                let (fast, fast_stats) = solve_with_stats(&g, CAP).unwrap();
                let mut ref_stats = Stats::default();
                let reference =
                    solve_per_mask_with(&g, CAP, Deadline::NEVER, &mut ref_stats).unwrap();
                assert_eq!(fast, reference, "n = {n}, T = {t}");
                assert_eq!(fast_stats, ref_stats, "n = {n}, T = {t}");
            }
        }
    }

    /// The word kernel before issue 13's groups, one word at a time (each
    /// child word read and its immediate wins added per child): the exact
    /// table the group pass must reproduce, bit for bit (positions whose
    /// sum reaches T included).
    pub(crate) fn per_word_table(n: u32, t: u64) -> Vec<u64> {
        let mut table = vec![0u64; (required_table_bytes(n) / 8) as usize];
        let tables = WordTables::new(n);
        let high = n.saturating_sub(6);
        let sums = subset_sums(high, 7);
        let high_mask = (1u64 << high) - 1;
        for w in (0..1u64 << high).rev() {
            let hs = sums[w as usize];
            if hs >= t {
                continue;
            }
            let r = t - hs;
            let mut free = !w & high_mask;
            if free != 0 && u64::from(70 - free.leading_zeros()) >= r {
                table[w as usize] = !0;
                continue;
            }
            let mut e = tables.imm[r.min(28) as usize];
            while free != 0 {
                let j = free.trailing_zeros();
                free &= free - 1;
                let num = u64::from(j) + 7;
                e |= tables.ge[(r - num).min(22) as usize] | !table[(w | 1 << j) as usize];
            }
            table[w as usize] = solve_word(e, t4());
        }
        table
    }

    /// The group pass's table, as `solve` fills it.
    pub(crate) fn group_table(n: u32, t: u64) -> Vec<u64> {
        let mut table = vec![0u64; (required_table_bytes(n) / 8) as usize];
        fill_words(n, t, &mut table, Deadline::NEVER, &mut NoStats).unwrap();
        table
    }

    #[test]
    fn group_pass_fills_the_per_word_table_bit_for_bit() {
        for n in 1..=13 {
            for t in n as u64 + 1..pool_sum(n) {
                assert!(
                    group_table(n, t) == per_word_table(n, t),
                    "n = {n}, T = {t}"
                );
            }
        }
        for (n, t) in [
            (16, 108),
            (18, 137),
            (20, 158),
            (20, 209),
            (21, 60),
            (22, 240),
        ] {
            assert!(
                group_table(n, t) == per_word_table(n, t),
                "n = {n}, T = {t}"
            );
        }
    }

    #[test]
    fn word_kernel_matches_reference_up_to_20() {
        for (n, t) in [
            (15, 60),
            (16, 68),
            (17, 80),
            (18, 90),
            (19, 100),
            (20, 158),
            (20, 152),
        ] {
            let g = game(n, t);
            assert_eq!(
                solve(&g, CAP).unwrap(),
                solve_per_mask(&g, CAP).unwrap(),
                "n = {n}, T = {t}"
            );
        }
    }

    #[test]
    fn reference_matches_brute_force() {
        for n in 1..=9 {
            for t in 1..pool_sum(n) {
                let expected = brute_force_wins(n, 0, t);
                let got = solve_per_mask(&game(n, t), CAP).unwrap();
                assert_eq!(got.can_i_win(), expected, "n = {n}, T = {t}");
                if let Some(m) = got.best_move {
                    let k = m - 1;
                    assert!(u64::from(m) >= t || !brute_force_wins(n, 1 << k, t - u64::from(m)));
                    // Smallest: no smaller move wins.
                    for smaller in 1..m {
                        assert!(
                            u64::from(smaller) < t
                                && brute_force_wins(n, 1 << (smaller - 1), t - u64::from(smaller))
                        );
                    }
                }
            }
        }
    }

    /// The compile-time in-word tables against their definition, for every
    /// number of in-word integers.
    #[test]
    fn word_tables_match_their_definition() {
        for n in 0..=8 {
            let low = n.min(6);
            let tables = WordTables::new(n);
            for p in 0..64u32 {
                let sum: u32 = (0..low).filter(|k| p >> k & 1 == 1).map(|k| k + 1).sum();
                let largest_free = (1..=low).rev().find(|k| p >> (k - 1) & 1 == 0);
                for x in 0..23 {
                    assert_eq!(tables.ge[x as usize] >> p & 1 == 1, sum >= x, "n = {n}");
                }
                for r in 0..29 {
                    let wins = largest_free.is_some_and(|k| sum + k >= r);
                    assert_eq!(tables.imm[r as usize] >> p & 1 == 1, wins, "n = {n}");
                }
                let real = (low..6).all(|k| p >> k & 1 == 1);
                assert_eq!(tables.real >> p & 1 == 1, real, "n = {n}");
            }
        }
    }

    #[test]
    fn solve_word_matches_descending_definition() {
        let reference = |e: u64| {
            let mut w = 0u64;
            for p in (0..64).rev() {
                let wins = e >> p & 1 == 1
                    || (0..6).any(|k| p & (1 << k) == 0 && w >> (p | (1 << k)) & 1 == 0);
                w |= u64::from(wins) << p;
            }
            w
        };
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            for e in [x, x & (x >> 3), x | (x >> 5), 0, !0] {
                assert_eq!(solve_word(e, t4()), reference(e), "e = {e:#x}");
            }
        }
    }

    #[test]
    fn stats_count_table_and_masks() {
        let (_, stats) = solve_with_stats(&game(10, 11), CAP).unwrap();
        assert_eq!(stats.table_cells, 1024);
        assert_eq!(stats.table_bytes, 128);
        assert!(stats.positions > 0 && stats.positions < 1024);
        assert_eq!(stats.states, stats.positions);
        // Settled games touch no table.
        assert_eq!(
            solve_with_stats(&game(10, 0), CAP).unwrap().1,
            Stats::default()
        );
    }

    #[test]
    fn table_too_large_is_refused_before_allocating() {
        let err = solve(&game(20, 100), 1024).unwrap_err();
        assert!(matches!(
            err,
            Error::TableTooLarge {
                value: 20,
                required_bytes: 131_072,
                memory_cap_bytes: 1024,
                ..
            }
        ));
        assert!(err.to_string().contains("memo"));
        assert!(solve_per_mask(&game(20, 100), 1024).is_err());
        // 2^64 bits: beyond the index type, whatever the cap.
        let err = solve(&game(64, 100), u64::MAX).unwrap_err();
        assert!(matches!(err, Error::GameTooLarge { value: 64, .. }));
        // The default cap refuses n = 34 (2 GiB) and accepts settled games of any size.
        assert!(matches!(
            solve(&game(34, 300), CAP),
            Err(Error::TableTooLarge { .. })
        ));
        assert!(solve(&game(64, 1_000_000), CAP).is_ok());
    }

    fn pool_sum(n: u32) -> u64 {
        core_types::can_i_win::pool_sum(n)
    }

    fn limited(limit: Option<Duration>) -> SolverConfig {
        SolverConfig {
            time_limit: limit,
            ..SolverConfig::default()
        }
    }

    /// The time limit (issue 12): every variant, on its plain, counted and traced paths, gives
    /// up with `TimeLimitReached` on a large table, with no limit (zero) or a few milliseconds
    /// (the word kernels take about 0.1 s at n = 28 in release, far more in test builds).
    #[test]
    fn every_variant_gives_up_at_its_time_limit() {
        for (n, t, limit, shown) in [
            (26, 263, Duration::ZERO, "time limit of 0s"),
            (28, 305, Duration::from_millis(2), "time limit of 2ms"),
        ] {
            let g = game(n, t);
            let config = limited(Some(limit));
            for variant in VARIANTS {
                let mut solver = (variant.build)(&config);
                let name = variant.name;
                let mut stats = Stats::default();
                for err in [
                    solver.solve(&g).unwrap_err(),
                    solver.solve_with_stats(&g).unwrap_err(),
                    solver.solve_traced(&g, &mut stats).unwrap_err(),
                ] {
                    assert_eq!(
                        err,
                        Error::TimeLimitReached {
                            backend: NAME,
                            game: CanIWin::NAME,
                            limit
                        },
                        "{name}, n = {n}"
                    );
                    assert_eq!(err.kind(), core_types::ErrorKind::CannotAnswer);
                    assert!(err.to_string().contains(shown), "{err}");
                }
            }
        }
    }

    /// The clock starts when a solve does, not when the solver is built; a limit that is not
    /// reached changes nothing; settled games need no table and are answered at any limit.
    #[test]
    fn a_limit_not_reached_changes_nothing() {
        let limit = Duration::from_millis(200);
        let mut solvers: Vec<_> = VARIANTS
            .iter()
            .map(|v| (v.name, (v.build)(&limited(Some(limit)))))
            .collect();
        std::thread::sleep(limit + Duration::from_millis(50));
        let g = game(12, 50);
        let expected = solve_with_stats(&g, CAP).unwrap();
        for (name, solver) in &mut solvers {
            assert_eq!(solver.solve_with_stats(&g).unwrap(), expected, "{name}");
        }
        let g = game(20, 158);
        let expected = solve_with_stats(&g, CAP).unwrap();
        for variant in VARIANTS {
            let mut solver = (variant.build)(&limited(Some(Duration::from_secs(3600))));
            assert_eq!(solver.solve_with_stats(&g).unwrap(), expected);
            let mut zero = (variant.build)(&limited(Some(Duration::ZERO)));
            assert_eq!(
                zero.solve(&game(10, 0)).unwrap(),
                solve(&game(10, 0), CAP).unwrap()
            );
            assert_eq!(zero.solve(&game(10, 7)).unwrap().best_move, Some(7));
        }
    }
}
