//! The word kernel of [`solve`](super::solve): see the [module docs](super#the-word-kernel).

use std::sync::OnceLock;

use core_types::bits::subset_sums;
use core_types::{CanIWin, Deadline, Error, Game, Recorder};

use crate::NAME;

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
